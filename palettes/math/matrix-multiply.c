/* matrix-multiply.c: MatrixMultiply, y = u1 * u2, the matrix product of an
 * n x m and an m x p input (the placeholders make the compiler check that
 * the inner sizes agree). */
#include "math-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
matrix_multiply_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -2, -3, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -3, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
matrix_multiply_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *a, *b;
  double *y;
  int n, m, p;

  if (job != ORR_JOB_OUTPUTS)
    return;
  a = orr_block_real_in (block, 0);
  b = orr_block_real_in (block, 1);
  y = orr_block_real_out (block, 0);
  n = block->in[0].rows;
  m = block->in[0].cols;
  p = block->in[1].cols;
  for (int j = 0; j < p; j++)
    for (int i = 0; i < n; i++)
      {
        double sum = 0.0;

        for (int k = 0; k < m; k++)
          sum += a[i + k * n] * b[k + j * m];
        y[i + j * n] = sum;
      }
}

const OrrBlockClass orr_matrix_multiply_class = {
  .name = "MatrixMultiply",
  .palette = N_ ("Math"),
  .label = N_ ("Matrix multiply"),
  .description = N_ ("The matrix product of its two inputs, u1 * u2."),
  .icon_text = "u1*u2",
  .configure = matrix_multiply_configure,
  .simulate = matrix_multiply_simulate,
};
