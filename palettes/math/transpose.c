/* transpose.c: Transpose, y = u' for an n x m input (an m x n output). */
#include "math-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
transpose_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -2, -1, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
transpose_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u;
  double *y;
  int rows, cols;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);
  rows = block->in[0].rows;
  cols = block->in[0].cols;
  for (int j = 0; j < cols; j++)
    for (int i = 0; i < rows; i++)
      y[j + i * cols] = u[i + j * rows];
}

const OrrBlockClass orr_transpose_class = {
  .name = "Transpose",
  .palette = N_ ("Math"),
  .label = N_ ("Transpose"),
  .description = N_ ("The transpose of its input matrix."),
  .icon_text = "u'",
  .configure = transpose_configure,
  .simulate = transpose_simulate,
};
