/* inverse.c: Inverse, y = inv(u) for a square input, by LU factorisation
 * with partial pivoting. A matrix whose pivot falls to n * eps * max|u|
 * or below is singular (the rule of the parameter language's inv): at an
 * accepted point that stops the simulation with an error naming the
 * block; at a solver's trial point, which may be thrown away, the output
 * is NaN instead. The factors and pivots live in work memory sized in
 * init. */
#include "math-classes.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

typedef struct
{
  double *lu; /* n x n */
  int *perm;  /* n */
} Work;

static gboolean
inverse_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -1, ORR_TYPE_DOUBLE);
  return TRUE;
}

/* In place P a = L U; FALSE when a pivot is too small. */
static gboolean
factor (double *a, int n, int *perm)
{
  double largest = 0, tol;
  gboolean regular = TRUE;

  for (int i = 0; i < n * n; i++)
    largest = fmax (largest, fabs (a[i]));
  tol = n * DBL_EPSILON * largest;
  for (int i = 0; i < n; i++)
    perm[i] = i;
  for (int k = 0; k < n; k++)
    {
      int p = k;

      for (int i = k + 1; i < n; i++)
        if (fabs (a[i + k * n]) > fabs (a[p + k * n]))
          p = i;
      if (p != k)
        {
          int t = perm[k];

          perm[k] = perm[p];
          perm[p] = t;
          for (int j = 0; j < n; j++)
            {
              double s = a[k + j * n];

              a[k + j * n] = a[p + j * n];
              a[p + j * n] = s;
            }
        }
      if (!(fabs (a[k + k * n]) > tol))
        {
          regular = FALSE;
          break;
        }
      for (int i = k + 1; i < n; i++)
        a[i + k * n] /= a[k + k * n];
      for (int j = k + 1; j < n; j++)
        for (int i = k + 1; i < n; i++)
          a[i + j * n] -= a[i + k * n] * a[k + j * n];
    }
  return regular;
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
        w->perm = (int *)(w->lu + n * n);
        break;

      case ORR_JOB_OUTPUTS:
        y = orr_block_real_out (block, 0);
        memcpy (w->lu, orr_block_real_in (block, 0), sizeof (double) * n * n);
        if (!factor (w->lu, n, w->perm))
          {
            for (int i = 0; i < n * n; i++)
              y[i] = NAN;
            if (!orr_block_in_try_phase (block))
              orr_block_error (block, "cannot invert a singular matrix at t = %g",
                               orr_block_get_time (block));
            return;
          }
        /* column j of the inverse solves u x = e_j */
        for (int j = 0; j < n; j++)
          {
            double *x = y + j * n;

            for (int i = 0; i < n; i++)
              x[i] = w->perm[i] == j;
            for (int i = 0; i < n; i++)
              for (int k = 0; k < i; k++)
                x[i] -= w->lu[i + k * n] * x[k];
            for (int i = n - 1; i >= 0; i--)
              {
                for (int k = i + 1; k < n; k++)
                  x[i] -= w->lu[i + k * n] * x[k];
                x[i] /= w->lu[i + i * n];
              }
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_inverse_class = {
  .name = "Inverse",
  .palette = N_("Math"),
  .label = N_("Inverse"),
  .description = N_("The inverse of its square input matrix."),
  .icon_text = "inv",
  .configure = inverse_configure,
  .simulate = inverse_simulate,
};
