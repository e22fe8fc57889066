/* signal-out.c: SignalOut, hands a named signal to whoever runs the model.
 *
 * It records its input like a Scope, one sample of every element (column
 * by column) at each accepted call, and carries a name in opar[0]: the
 * command line's --output writes the stream as CSV columns under that
 * name. The name goes into a CSV header, so it may not hold commas,
 * quotes or line breaks. The input is any real matrix. */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec signal_out_params[] = {
  { "name", N_("Name"), "'y'",
    N_("The signal's name, a quoted string such as 'speed': the column heading in the command "
       "line's CSV output.") },
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

static void
signal_out_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS && !orr_block_in_try_phase (block))
    orr_block_record (block, orr_block_real_in (block, 0), orr_block_in_numel (block, 0));
}

const OrrBlockClass orr_signal_out_class = {
  .name = "SignalOut",
  .palette = N_("Sinks"),
  .label = N_("Signal out"),
  .description = N_("Records its input under a name, for the command line's CSV output."),
  .icon_text = "Out",
  .params = signal_out_params,
  .n_params = G_N_ELEMENTS (signal_out_params),
  .configure = signal_out_configure,
  .simulate = signal_out_simulate,
};
