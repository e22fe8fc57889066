/* orrery-sim-linearize.c: `orrery-sim linearize MODEL --block PATH ...`,
 * the linear model (A, B, C, D) of a super block (or of the whole model
 * between its Input and Output blocks) at an operating point: the start,
 * a time the model is simulated to (--at), or an equilibrium found by
 * varying context variables (--trim). Prints A, B, C, D, poles and zeros,
 * or writes JSON or a MATLAB file. docs/analysis.md says how. */
#include "orrery-sim-analysis.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

int
orr_cli_linearize (int argc, char **argv)
{
  g_autofree char *block = NULL;
  g_autofree char *inputs_text = NULL;
  g_autofree char *outputs_text = NULL;
  g_autofree char *at_text = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *freq_text = NULL;
  g_auto (GStrv) trim_vars = NULL;
  g_auto (GStrv) sets = NULL;
  g_auto (GStrv) files = NULL;
  gboolean trust = FALSE;
  GOptionEntry entries[] = {
    { "block", 'b', 0, G_OPTION_ARG_STRING, &block,
      N_ ("The super block to linearize, by its path (Plant/Motor); without it, the whole model "
          "between its top-level Input and Output blocks"),
      N_ ("PATH") },
    { "inputs", 0, 0, G_OPTION_ARG_STRING, &inputs_text,
      N_ ("The input ports to linearize for, such as 1,2 (default: all)"), N_ ("LIST") },
    { "outputs", 0, 0, G_OPTION_ARG_STRING, &outputs_text,
      N_ ("The output ports to linearize, such as 1 (default: all)"), N_ ("LIST") },
    { "at", 0, 0, G_OPTION_ARG_STRING, &at_text,
      N_ ("Simulate the model up to time T and linearize where it is then (default: the "
          "initial state)"),
      N_ ("T") },
    { "trim", 0, 0, G_OPTION_ARG_STRING_ARRAY, &trim_vars,
      N_ ("Vary context variable VAR until the block is at rest, and linearize there "
          "(repeatable)"),
      N_ ("VAR") },
    { "frequencies", 0, 0, G_OPTION_ARG_STRING, &freq_text,
      N_ ("Also give the frequency response at these angular frequencies (rad/s), such as "
          "0.1,1,10"),
      N_ ("LIST") },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
      N_ ("Set context variable NAME to EXPR for the analysis (repeatable)"), N_ ("NAME=EXPR") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_ ("text (default), json or mat"),
      N_ ("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_ ("Write to FILE instead of the standard output (needed for mat)"), N_ ("FILE") },
    { "trust", 0, 0, G_OPTION_ARG_NONE, &trust,
      N_ ("Trust the model: run its native code (C and Python blocks, FMU binaries) and let it "
          "write files anywhere"),
      NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_ ("MODEL.orr") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrRegistry) registry = NULL;
  g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
  g_autoptr (OrrScope) at_trim = NULL;
  g_autoptr (OrrLinearModel) lm = NULL;
  g_autofree int *inputs = NULL;
  g_autofree int *outputs = NULL;
  g_autoptr (GArray) freqs = g_array_new (FALSE, FALSE, sizeof (double));
  OrrLinearizeOptions options;
  int n_inputs = 0, n_outputs = 0, status;

  g_option_context_set_summary (context,
                                _ ("The linear model (A, B, C, D) of a super block at an operating "
                                   "point, with its poles and zeros."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return orr_cli_usage_error ("linearize", "%s", error->message);
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    return orr_cli_usage_error ("linearize", "%s", _ ("give one model file"));
  if (inputs_text != NULL && !orr_cli_parse_ports (inputs_text, &inputs, &n_inputs))
    return orr_cli_usage_error (
      "linearize", _ ("--inputs needs port numbers such as 1,2, not '%s'"), inputs_text);
  if (outputs_text != NULL && !orr_cli_parse_ports (outputs_text, &outputs, &n_outputs))
    return orr_cli_usage_error (
      "linearize", _ ("--outputs needs port numbers such as 1,2, not '%s'"), outputs_text);
  if (format != NULL && g_strcmp0 (format, "text") != 0 && g_strcmp0 (format, "json") != 0
      && g_strcmp0 (format, "mat") != 0)
    return orr_cli_usage_error ("linearize", _ ("--format is text, json or mat, not '%s'"), format);
  if (g_strcmp0 (format, "mat") == 0 && output == NULL)
    return orr_cli_usage_error ("linearize", "%s", _ ("--format mat needs --output FILE.mat"));
  if (freq_text != NULL)
    {
      g_auto (GStrv) parts = g_strsplit_set (freq_text, ", ", -1);

      for (int i = 0; parts[i] != NULL; i++)
        {
          char *end = NULL;
          double w;

          if (parts[i][0] == '\0')
            continue;
          w = g_ascii_strtod (parts[i], &end);
          if (end == parts[i] || *end != '\0' || !isfinite (w) || w < 0)
            return orr_cli_usage_error ("linearize",
                                        _ ("--frequencies needs frequencies such as 0.1,1,10, not "
                                           "'%s'"),
                                        freq_text);
          g_array_append_val (freqs, w);
        }
    }
  orr_linearize_options_init (&options);
  if (at_text != NULL)
    {
      char *end = NULL;

      options.at_time = g_ascii_strtod (at_text, &end);
      if (end == at_text || *end != '\0' || !isfinite (options.at_time))
        return orr_cli_usage_error ("linearize", _ ("--at needs a time, not '%s'"), at_text);
    }
  if (at_text != NULL && trim_vars != NULL)
    return orr_cli_usage_error ("linearize", "%s",
                                _ ("--at and --trim are two operating points: give one"));
  status = orr_cli_parse_sets ("linearize", sets, overrides);
  if (status != ORR_CLI_OK)
    return status;

  model = orr_cli_load_model (files[0]);
  if (model == NULL)
    return ORR_CLI_MODEL_ERROR;
  registry = orr_cli_registry ();
  options.compile_options.trust_native_code = trust;
  options.compile_options.model_path = files[0];

  if (trim_vars != NULL)
    {
      g_autoptr (OrrTrimResult) result = NULL;
      OrrTrimOptions trim;

      orr_trim_options_init (&trim);
      trim.block = block;
      trim.inputs = inputs;
      trim.n_inputs = n_inputs;
      trim.vars = (const char *const *)trim_vars;
      trim.overrides = overrides;
      trim.compile_options = options.compile_options;
      result = orr_trim (model, registry, &trim, &error);
      if (result == NULL)
        {
          g_printerr ("%s: %s\n", files[0], error->message);
          return error->domain == ORR_ANALYSIS_ERROR
                     && error->code == ORR_ANALYSIS_ERROR_NO_SOLUTION
                   ? ORR_CLI_FAILED
                   : ORR_CLI_MODEL_ERROR;
        }
      for (int i = 0; i < result->n_vars; i++)
        g_printerr (_ ("equilibrium: %s = %.10g\n"), result->var_names[i], result->var_values[i]);
      at_trim = orr_trim_result_to_scope (result, overrides);
    }

  options.block = block;
  options.inputs = inputs;
  options.n_inputs = n_inputs;
  options.outputs = outputs;
  options.n_outputs = n_outputs;
  options.overrides = at_trim != NULL ? at_trim : overrides;
  lm = orr_linearize (model, registry, &options, &error);
  if (lm == NULL)
    {
      g_printerr ("%s: %s\n", files[0], error->message);
      return ORR_CLI_MODEL_ERROR;
    }
  if (!orr_cli_write_linear_model_full (lm, block, isfinite (options.at_time) ? options.at_time : 0,
                                        (const double *)freqs->data, (int)freqs->len, format,
                                        output, &error))
    {
      g_printerr ("orrery-sim linearize: %s\n", error->message);
      return ORR_CLI_FAILED;
    }
  return ORR_CLI_OK;
}
