/* orr-dense.c: dense LU with partial pivoting and what follows from it
 * (see orrery/orr-dense.h). The matrices are parameter-sized (a few to a
 * few hundred rows), so plain column-oriented loops serve; LAPACK's
 * dgetrf would bring a Fortran ABI into the block API and a singularity
 * rule (exact zero pivots only) that is not the parameter language's. */
#include <orrery/orr-dense.h>

#include <complex.h>
#include <float.h>
#include <math.h>

#define SCALAR double
#define MAGNITUDE(x) fabs (x)
#define NAME(f) f
#include "orr-dense-lu.inc"
#undef SCALAR
#undef MAGNITUDE
#undef NAME

#define SCALAR double complex
#define MAGNITUDE(x) cabs (x)
#define NAME(f) f##_complex
#include "orr-dense-lu.inc"
#undef SCALAR
#undef MAGNITUDE
#undef NAME

gboolean
orr_dense_solve (double *a, int n, int *piv, double *b, int nrhs)
{
  if (!orr_dense_lu (a, n, piv))
    return FALSE;
  orr_dense_lu_solve (a, n, piv, b, nrhs);
  return TRUE;
}
