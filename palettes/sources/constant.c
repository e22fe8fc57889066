/* constant.c: Constant, a real matrix on its output. With no input and no
 * activation the compiler treats it as constant: it is evaluated once, at
 * initialisation, and its output never changes. */
#include "sources-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec constant_params[] = {
  { "value", N_ ("Value"), "1",
    N_ ("A real scalar, vector or matrix; the output has the same size."), .tunable = TRUE },
};

static gboolean
constant_configure (OrrConfig *config, GError **error)
{
  const double *value;
  int rows, cols;

  if (!orr_param_get_matrix (config, "value", &value, &rows, &cols, error))
    return FALSE;
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, value, rows * cols);
  orr_param_label_from (config, "value");
  return TRUE;
}

static void
constant_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    memcpy (orr_block_real_out (block, 0), block->rpar, block->n_rpar * sizeof (double));
}

const OrrBlockClass orr_constant_class = {
  .name = "Constant",
  .palette = N_ ("Sources"),
  .label = N_ ("Constant"),
  .description = N_ ("Outputs a constant real matrix."),
  .icon_text = "C",
  .params = constant_params,
  .n_params = G_N_ELEMENTS (constant_params),
  .configure = constant_configure,
  .simulate = constant_simulate,
};
