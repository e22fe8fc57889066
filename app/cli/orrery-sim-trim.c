/* orrery-sim-trim.c: `orrery-sim trim MODEL --block PATH --vary VAR ...`,
 * an equilibrium (trim) point of a super block: context variables (and
 * optionally its states and inputs) varied until the derivatives of its
 * states, and the chosen outputs, are zero. Prints the values found and
 * the residuals, JSON, or a MATLAB .mat file (libmatio). */
#include "orrery-sim-analysis.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

int
orr_cli_trim (int argc, char **argv)
{
  g_autofree char *block = NULL;
  g_autofree char *inputs_text = NULL;
  g_autofree char *outputs_text = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *tolerance_text = NULL;
  g_auto (GStrv) vars = NULL;
  g_auto (GStrv) sets = NULL;
  g_auto (GStrv) files = NULL;
  gboolean vary_states = FALSE, vary_inputs = FALSE, trust = FALSE;
  GOptionEntry entries[] = {
    { "block", 'b', 0, G_OPTION_ARG_STRING, &block,
      N_ ("The super block, by its path; without it, the whole model"), N_ ("PATH") },
    { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &vars,
      N_ ("Vary context variable VAR (a real scalar; repeatable)"), N_ ("VAR") },
    { "vary-states", 0, 0, G_OPTION_ARG_NONE, &vary_states,
      N_ ("Vary the block's continuous states too"), NULL },
    { "vary-inputs", 0, 0, G_OPTION_ARG_NONE, &vary_inputs,
      N_ ("Vary the block's inputs (--inputs) too"), NULL },
    { "inputs", 0, 0, G_OPTION_ARG_STRING, &inputs_text,
      N_ ("The input ports to vary, such as 1,2 (default: all)"), N_ ("LIST") },
    { "outputs", 0, 0, G_OPTION_ARG_STRING, &outputs_text,
      N_ ("Output ports that must be zero too, such as 1"), N_ ("LIST") },
    { "tolerance", 0, 0, G_OPTION_ARG_STRING, &tolerance_text,
      N_ ("The largest residual accepted (default 1e-9)"), N_ ("TOL") },
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
  g_autoptr (OrrTrimResult) result = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree int *inputs = NULL;
  g_autofree int *outputs = NULL;
  OrrTrimOptions options;
  int status;

  orr_trim_options_init (&options);
  g_option_context_set_summary (context, _ ("An equilibrium point of a super block: the values "
                                            "that bring its states to rest."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return orr_cli_usage_error ("trim", "%s", error->message);
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    return orr_cli_usage_error ("trim", "%s", _ ("give one model file"));
  if (inputs_text != NULL && !orr_cli_parse_ports (inputs_text, &inputs, &options.n_inputs))
    return orr_cli_usage_error ("trim", _ ("--inputs needs port numbers such as 1,2, not '%s'"),
                                inputs_text);
  if (outputs_text != NULL && !orr_cli_parse_ports (outputs_text, &outputs, &options.n_outputs))
    return orr_cli_usage_error ("trim", _ ("--outputs needs port numbers such as 1,2, not '%s'"),
                                outputs_text);
  if (format != NULL && g_strcmp0 (format, "text") != 0 && g_strcmp0 (format, "json") != 0
      && g_strcmp0 (format, "mat") != 0)
    return orr_cli_usage_error ("trim", _ ("--format is text, json or mat, not '%s'"), format);
  if (g_strcmp0 (format, "mat") == 0 && output == NULL)
    return orr_cli_usage_error ("trim", "%s", _ ("--format mat needs --output FILE.mat"));
  if (tolerance_text != NULL)
    {
      char *end = NULL;

      options.tolerance = g_ascii_strtod (tolerance_text, &end);
      if (end == tolerance_text || *end != '\0' || !(options.tolerance > 0))
        return orr_cli_usage_error ("trim", _ ("--tolerance needs a positive number, not '%s'"),
                                    tolerance_text);
    }
  status = orr_cli_parse_sets ("trim", sets, overrides);
  if (status != ORR_CLI_OK)
    return status;
  model = orr_cli_load_model (files[0]);
  if (model == NULL)
    return ORR_CLI_MODEL_ERROR;
  registry = orr_cli_registry ();

  options.block = block;
  options.inputs = inputs;
  options.outputs = outputs;
  options.vars = (const char *const *)vars;
  options.vary_states = vary_states;
  options.vary_inputs = vary_inputs;
  options.overrides = overrides;
  options.compile_options.trust_native_code = trust;
  options.compile_options.model_path = files[0];
  result = orr_trim (model, registry, &options, &error);
  if (result == NULL)
    {
      g_printerr ("%s: %s\n", files[0], error->message);
      return error->domain == ORR_ANALYSIS_ERROR && error->code == ORR_ANALYSIS_ERROR_NO_SOLUTION
               ? ORR_CLI_FAILED
               : ORR_CLI_MODEL_ERROR;
    }

  if (g_strcmp0 (format, "mat") == 0)
    {
      if (!orr_cli_write_trim_mat (result, output, &error))
        {
          g_printerr ("orrery-sim trim: %s\n", error->message);
          return ORR_CLI_FAILED;
        }
      return ORR_CLI_OK;
    }
  if (g_strcmp0 (format, "json") == 0)
    {
      g_string_append (out, "{\n  \"method\": ");
      orr_cli_json_string (out, result->method);
      g_string_append_printf (out, ",\n  \"iterations\": %d,\n  \"variables\": {",
                              result->iterations);
      for (int i = 0; i < result->n_vars; i++)
        {
          g_string_append (out, i > 0 ? ", " : "");
          orr_cli_json_string (out, result->var_names[i]);
          g_string_append_printf (out, ": %.17g", result->var_values[i]);
        }
      g_string_append (out, "},\n  \"states\": [");
      for (int i = 0; i < result->nx; i++)
        g_string_append_printf (out, "%s%.17g", i > 0 ? ", " : "", result->x[i]);
      g_string_append (out, "],\n  \"inputs\": [");
      for (int i = 0; i < result->nu; i++)
        g_string_append_printf (out, "%s%.17g", i > 0 ? ", " : "", result->u[i]);
      g_string_append (out, "],\n  \"residuals\": {");
      for (int i = 0; i < result->n_residuals; i++)
        {
          g_string_append (out, i > 0 ? ", " : "");
          orr_cli_json_string (out, result->residual_names[i]);
          g_string_append_printf (out, ": %.17g", result->residuals[i]);
        }
      g_string_append (out, "}\n}\n");
    }
  else
    {
      g_string_append_printf (out, _ ("Equilibrium of %s (%s; iterations: %d)\n"),
                              block != NULL ? block : _ ("the model"), result->method,
                              result->iterations);
      for (int i = 0; i < result->n_vars; i++)
        g_string_append_printf (out, "  %s = %.10g\n", result->var_names[i], result->var_values[i]);
      if (vary_states)
        for (int i = 0; i < result->nx; i++)
          g_string_append_printf (out, _ ("  state %d = %.10g\n"), i + 1, result->x[i]);
      if (vary_inputs)
        for (int i = 0; i < result->nu; i++)
          g_string_append_printf (out, _ ("  input %d = %.10g\n"), i + 1, result->u[i]);
      g_string_append_printf (out, _ ("Residuals (largest %.3g):\n"), result->residual_norm);
      for (int i = 0; i < result->n_residuals; i++)
        g_string_append_printf (out, "  %s = %.3g\n", result->residual_names[i],
                                result->residuals[i]);
    }
  if (output != NULL)
    {
      if (!g_file_set_contents (output, out->str, out->len, &error))
        {
          g_printerr ("orrery-sim trim: %s\n", error->message);
          return ORR_CLI_FAILED;
        }
    }
  else
    fwrite (out->str, 1, out->len, stdout);
  return ORR_CLI_OK;
}
