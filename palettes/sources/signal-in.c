/* signal-in.c: SignalIn, plays back a signal given as a matrix: one row
 * per time, the strictly increasing times in column 1 and the output's
 * elements in the others. Its usual source is GetFromBase('name'), the
 * signal a SignalOut named name left in the base at the end of an earlier
 * run (an End block's restart, a script's runs), in exactly that layout;
 * any matrix expression of the context serves as well.
 *
 * The matrix is checked in configure (it is a parameter) and kept in
 * rpar; the playback is FromCSV's: held or linear, the end values held
 * outside, a surface at each time. */
#include "sources-classes.h"
#include "from-table.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec signal_in_params[] = {
  { "signal", N_ ("Signal"), "GetFromBase('y', [0 0; 1 0])",
    N_ ("A real matrix, one row per time: the strictly increasing times in column 1, the "
        "output's elements in the others. GetFromBase('y', default) reads the signal a "
        "SignalOut named 'y' left in the base at the end of an earlier run, or the default in "
        "the first run.") },
  { "method", N_ ("Interpolation"), "2", ORR_FROM_TABLE_METHOD_HELP, ORR_PARAM_CHOICE,
    orr_from_table_method_choices },
};

static gboolean
signal_in_configure (OrrConfig *config, GError **error)
{
  const double *values;
  int rows, cols, method;
  g_autofree int *ipar = NULL;

  if (!orr_param_get_matrix (config, "signal", &values, &rows, &cols, error)
      || !orr_param_get_int_range (config, "method", 1, 2, &method, error))
    return FALSE;
  if (rows < 2 || cols < 2)
    {
      orr_param_set_error (error, "signal",
                           "must have at least 2 rows (times) and 2 columns (the time, then "
                           "values), not %dx%d",
                           rows, cols);
      return FALSE;
    }
  for (int i = 1; i < rows; i++)
    if (!(values[i] > values[i - 1]))
      {
        orr_param_set_error (error, "signal",
                             "row %d: the time %g does not follow %g (times must increase)", i + 1,
                             values[i], values[i - 1]);
        return FALSE;
      }

  /* as FromCSV: ipar = method, then the columns 2 ... cols */
  ipar = g_new (int, cols);
  ipar[0] = method;
  for (int j = 1; j < cols; j++)
    ipar[j] = j + 1;
  orr_config_add_output (config, cols - 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  orr_config_set_rpar (config, values, rows * cols);
  orr_config_set_ipar (config, ipar, cols);
  return TRUE;
}

static OrrFromTable *
read_rpar (OrrSimBlock *block, const char *path, char **message)
{
  int cols = 1 + orr_block_out_numel (block, 0);

  return orr_from_table_from_matrix (block->rpar, block->n_rpar / cols, cols, block->ipar + 1,
                                     cols - 1, "the signal", message);
}

static void
signal_in_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_from_table_simulate (block, job, read_rpar);
}

const OrrBlockClass orr_signal_in_class = {
  .name = "SignalIn",
  .palette = N_ ("Sources"),
  .label = N_ ("Signal in"),
  .description = N_ ("Plays back a signal of times and values, such as one a SignalOut left in "
                     "the base, interpolated in between."),
  .icon_text = "In",
  .params = signal_in_params,
  .n_params = G_N_ELEMENTS (signal_in_params),
  .configure = signal_in_configure,
  .simulate = signal_in_simulate,
};
