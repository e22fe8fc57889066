/* signal-out.c: SignalOut, hands a named signal to whoever runs the model.
 *
 * It records its input like a Scope, one sample of every element (column
 * by column) at each accepted call, and carries a name in opar[0]: the
 * command line's --output writes the stream as CSV columns under that
 * name. The name goes into a CSV header, so it may not hold commas,
 * quotes or line breaks. The input is any real matrix.
 *
 * When the name is also a variable name (a letter, then letters, digits
 * or underscores), the signal is left in the run's base at the end, as a
 * matrix with one row per sample, the time then the elements: the next
 * runs read it with GetFromBase('name'), which is how SignalIn plays a
 * signal back (an End block's restart, or a script's runs). */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec signal_out_params[] = {
  { "name", N_ ("Name"), "'y'",
    N_ ("The signal's name, a quoted string such as 'speed': the column heading in the command "
        "line's CSV output. A variable name also leaves the signal in the base at the end, for "
        "GetFromBase and SignalIn.") },
};

static gboolean
signal_out_configure (OrrConfig *config, GError **error)
{
  OrrValue *name = orr_config_get_param (config, "name");
  const char *text;

  if (name == NULL || orr_value_get_type_id (name) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "name", "must be a quoted name, e.g. 'speed'");
      return FALSE;
    }
  text = orr_value_get_string (name);
  if (*text == '\0')
    {
      orr_param_set_error (error, "name", "must not be empty");
      return FALSE;
    }
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      orr_param_set_error (error, "name",
                           "must not hold commas, double quotes or line breaks (it becomes a "
                           "CSV column heading), not '%s'",
                           text);
      return FALSE;
    }
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_opar (config, name);
  orr_config_set_label (config, text);
  return TRUE;
}

static gboolean
is_variable_name (const char *name)
{
  if (!g_ascii_isalpha (name[0]))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

/* The samples as a base value: rows of [t u(:)'], column-major. */
static void
store_in_base (OrrSimBlock *block, GArray *rows)
{
  int width = 1 + orr_block_in_numel (block, 0);
  gsize n = rows->len / width;
  const double *r = (const double *)rows->data;
  g_autofree double *data = g_new (double, MAX (rows->len, 1));
  g_autoptr (OrrValue) value = NULL;

  if (n == 0)
    return;
  for (gsize i = 0; i < n; i++)
    for (int j = 0; j < width; j++)
      data[(gsize)j * n + i] = r[i * width + j];
  value = orr_value_new_from_doubles (n, width, data);
  if (value != NULL)
    orr_block_set_base_value (block, orr_value_get_string (block->opar[0]), value);
}

static void
signal_out_simulate (OrrSimBlock *block, OrrJob job)
{
  GArray *rows = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        if (is_variable_name (orr_value_get_string (block->opar[0])))
          block->work = g_array_new (FALSE, FALSE, sizeof (double));
        break;

      case ORR_JOB_OUTPUTS:
        if (orr_block_in_try_phase (block))
          break;
        orr_block_record (block, orr_block_real_in (block, 0), orr_block_in_numel (block, 0));
        if (rows != NULL)
          {
            double t = orr_block_get_time (block);
            int numel = orr_block_in_numel (block, 0);
            const double *u = orr_block_real_in (block, 0);
            /* an event's identical repeat, which the recording drops too
             * (no arithmetic on the empty array's NULL data: UBSan) */
            if (rows->len > 0)
              {
                const double *last = (const double *)rows->data + rows->len - (1 + numel);

                if (last[0] == t && memcmp (last + 1, u, numel * sizeof (double)) == 0)
                  break;
              }
            g_array_append_val (rows, t);
            g_array_append_vals (rows, u, numel);
          }
        break;

      case ORR_JOB_TERMINATE:
        if (rows != NULL)
          {
            store_in_base (block, rows);
            g_array_unref (rows);
            block->work = NULL;
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_signal_out_class = {
  .name = "SignalOut",
  .palette = N_ ("Sinks"),
  .label = N_ ("Signal out"),
  .description = N_ ("Records its input under a name, for the command line's CSV output."),
  .icon_text = "Out",
  .params = signal_out_params,
  .n_params = G_N_ELEMENTS (signal_out_params),
  .configure = signal_out_configure,
  .simulate = signal_out_simulate,
};
