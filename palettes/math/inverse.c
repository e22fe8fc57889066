/* inverse.c: Inverse, y = inv(u) for a square input, by the block API's
 * LU factorisation with partial pivoting (orrery/orr-dense.h). A matrix
 * whose pivot falls to n * eps * max|u| or below is singular (the rule of
 * the parameter language's inv): at an
 * accepted point that stops the simulation with an error naming the
 * block; at a solver's trial point, which may be thrown away, the output
 * is NaN instead. The factors and pivots live in work memory sized in
 * init. */
#include "math-classes.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

typedef struct
{
  double *lu; /* n x n */
  int *piv;   /* n */
} Work;

static gboolean
inverse_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -1, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
inverse_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->in[0].rows;
  Work *w = block->work;
  double *y;

  switch (job)
    {
      case ORR_JOB_INIT:
        w = orr_block_alloc_work (block,
                                  sizeof (Work) + sizeof (double) * n * n + sizeof (int) * n);
        w->lu = (double *)(w + 1);
        w->piv = (int *)(w->lu + n * n);
        break;

      case ORR_JOB_OUTPUTS:
        y = orr_block_real_out (block, 0);
        memcpy (w->lu, orr_block_real_in (block, 0), sizeof (double) * n * n);
        if (!orr_dense_lu (w->lu, n, w->piv))
          {
            for (int i = 0; i < n * n; i++)
              y[i] = NAN;
            if (!orr_block_in_try_phase (block))
              orr_block_error (block, "cannot invert a singular matrix at t = %g",
                               orr_block_get_time (block));
            return;
          }
        orr_dense_lu_inverse (w->lu, n, w->piv, y);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_inverse_class = {
  .name = "Inverse",
  .palette = N_ ("Math"),
  .label = N_ ("Inverse"),
  .description = N_ ("The inverse of its square input matrix."),
  .icon_text = "inv",
  .configure = inverse_configure,
  .simulate = inverse_simulate,
};
