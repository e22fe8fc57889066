/* matrix-exponential.c: SampledData's exact discretisation, through the
 * engine's matrix exponential (orr_dense_expm: scaling and squaring with
 * the [6/6] Padé approximant, the parameter language's expm). */
#include "matrix-exponential.h"

#include <orrery/orr-block.h>
#include <orrery/orr-dense.h>

#include <math.h>
#include <string.h>

gboolean
orr_zoh_discretise (const double *a, const double *b, int n, int m, double period, double *ad,
                    double *bd)
{
  int big = n + m;
  g_autofree double *augmented = g_new0 (double, (gsize)big *big);
  g_autofree double *e = g_new (double, (gsize)big *big);
  g_autofree double *work = g_new (double, 4 * (gsize)big * big);
  g_autofree int *piv = g_new (int, MAX (big, 1));

  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      augmented[i + j * big] = a[i + j * n] * period;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      augmented[i + (n + j) * big] = b[i + j * n] * period;
  if (!orr_dense_expm (augmented, big, e, work, piv))
    return FALSE;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      ad[i + j * n] = e[i + j * big];
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      bd[i + j * n] = e[i + (n + j) * big];
  return TRUE;
}
