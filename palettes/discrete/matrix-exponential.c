/* matrix-exponential.c: e^A by scaling and squaring with a diagonal Padé
 * approximant (Moler and Van Loan's "method 3"; see
 * matrix-exponential.h).
 *
 * A is divided by 2^s until its infinity norm is at most 1/2, where the
 * [6/6] Padé approximant r(X) = q(-X)^-1 q(X) is exact to within a
 * relative 3.4e-16, and the result squared s times. q(-X) is solved for
 * by the block API's LU with partial pivoting (orrery/orr-dense.h); at
 * that norm it is always well conditioned. */
#include "matrix-exponential.h"

#include <orrery/orr-block.h>

#include <math.h>
#include <string.h>

#define PADE_DEGREE 6

static double
norm_inf (const double *a, int n)
{
  double best = 0.0;

  for (int i = 0; i < n; i++)
    {
      double row = 0.0;

      for (int j = 0; j < n; j++)
        row += fabs (a[i + j * n]);
      best = MAX (best, row);
    }
  return best;
}

/* c = a b, all n x n; c must not be a or b. */
static void
multiply (const double *a, const double *b, int n, double *c)
{
  memset (c, 0, sizeof (double) * n * n);
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++)
      {
        double bkj = b[k + j * n];

        for (int i = 0; i < n; i++)
          c[i + j * n] += a[i + k * n] * bkj;
      }
}

gboolean
orr_matrix_exponential (const double *a, int n, double *e)
{
  gsize size = (gsize)n * n;
  g_autofree double *x = g_new (double, size);
  g_autofree double *power = g_new (double, size);
  g_autofree double *next = g_new (double, size);
  g_autofree double *num = g_new0 (double, size);
  g_autofree double *den = g_new0 (double, size);
  g_autofree int *piv = g_new (int, MAX (n, 1));
  double norm, scale, c = 1.0;
  int squarings = 0;

  for (gsize i = 0; i < size; i++)
    if (!isfinite (a[i]))
      return FALSE;
  norm = norm_inf (a, n);
  if (norm > 0.5)
    {
      /* the smallest s with norm / 2^s <= 1/2 */
      squarings = (int)ceil (log2 (norm / 0.5));
      squarings = MAX (squarings, 0);
    }
  scale = ldexp (1.0, -squarings);
  for (gsize i = 0; i < size; i++)
    x[i] = a[i] * scale;

  /* q(X) = sum c_k X^k with c_0 = 1, c_k = c_(k-1) (q - k + 1) / (k (2q - k + 1));
   * the numerator is q(X), the denominator q(-X). */
  for (int i = 0; i < n; i++)
    num[i + i * n] = den[i + i * n] = 1.0;
  memcpy (power, x, sizeof (double) * size);
  for (int k = 1; k <= PADE_DEGREE; k++)
    {
      c *= (double)(PADE_DEGREE - k + 1) / (k * (2 * PADE_DEGREE - k + 1));
      for (gsize i = 0; i < size; i++)
        {
          num[i] += c * power[i];
          den[i] += (k % 2 == 0 ? c : -c) * power[i];
        }
      if (k < PADE_DEGREE)
        {
          multiply (power, x, n, next);
          memcpy (power, next, sizeof (double) * size);
        }
    }
  if (!orr_dense_solve (den, n, piv, num, n))
    return FALSE;

  for (int s = 0; s < squarings; s++)
    {
      multiply (num, num, n, next);
      memcpy (num, next, sizeof (double) * size);
    }
  for (gsize i = 0; i < size; i++)
    if (!isfinite (num[i]))
      return FALSE;
  memcpy (e, num, sizeof (double) * size);
  return TRUE;
}

gboolean
orr_zoh_discretise (const double *a, const double *b, int n, int m, double period, double *ad,
                    double *bd)
{
  int big = n + m;
  g_autofree double *augmented = g_new0 (double, (gsize)big *big);
  g_autofree double *e = g_new (double, (gsize)big *big);

  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      augmented[i + j * big] = a[i + j * n] * period;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      augmented[i + (n + j) * big] = b[i + j * n] * period;
  if (!orr_matrix_exponential (augmented, big, e))
    return FALSE;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      ad[i + j * n] = e[i + j * big];
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      bd[i + j * n] = e[i + (n + j) * big];
  return TRUE;
}
