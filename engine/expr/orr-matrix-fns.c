/* orr-matrix-fns.c - expm, eig, svd, lu and lsqminnorm for the evaluator and
 * for compiled programs (see orr-matrix-fns.h). Nothing here allocates:
 * the callers hand over scratch space of the documented sizes. */
#include "orr-matrix-fns.h"

#include <orrery/orr-dense.h>

#include <float.h>
#include <math.h>
#include <string.h>

/* LAPACK (Debian's liblapack, linked by the engine) */
void dgeev_ (const char *jobvl, const char *jobvr, const int *n, double *a, const int *lda,
             double *wr, double *wi, double *vl, const int *ldvl, double *vr, const int *ldvr,
             double *work, const int *lwork, int *info);
void dsyev_ (const char *jobz, const char *uplo, const int *n, double *a, const int *lda, double *w,
             double *work, const int *lwork, int *info);
void dgesvd_ (const char *jobu, const char *jobvt, const int *m, const int *n, double *a,
              const int *lda, double *s, double *u, const int *ldu, double *vt, const int *ldvt,
              double *work, const int *lwork, int *info);
void dgelsy_ (const int *m, const int *n, const int *nrhs, double *a, const int *lda, double *b,
              const int *ldb, int *jpvt, const double *rcond, int *rank, double *work,
              const int *lwork, int *info);

#define PADE_DEGREE 6

static gboolean
all_finite (const double *a, int n)
{
  for (int i = 0; i < n; i++)
    if (!isfinite (a[i]))
      return FALSE;
  return TRUE;
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

        if (bkj != 0)
          for (int i = 0; i < n; i++)
            c[i + j * n] += a[i + k * n] * bkj;
      }
}

const char *
orr_matfn_expm (const double *a, int n, double *e, double *scratch, int *piv)
{
  double *as = scratch, *power = as + n * n, *den = power + n * n, *tmp = den + n * n;
  double norm = 0, c = 1;
  int s = 0;

  if (n == 0)
    return NULL;
  if (!all_finite (a, n * n))
    return "expm: the matrix holds NaN or infinite values";
  for (int j = 0; j < n; j++)
    {
      double col = 0;

      for (int i = 0; i < n; i++)
        col += fabs (a[i + j * n]);
      norm = MAX (norm, col);
    }
  /* at a 1-norm of 1/2 or less the [6/6] approximant is exact to about
   * 3e-16 relative (Moler and Van Loan) */
  if (norm > 0.5)
    s = (int)ceil (log2 (norm / 0.5));
  for (int i = 0; i < n * n; i++)
    as[i] = ldexp (a[i], -s);
  memset (power, 0, sizeof (double) * n * n);
  memset (e, 0, sizeof (double) * n * n);
  memset (den, 0, sizeof (double) * n * n);
  for (int i = 0; i < n; i++)
    power[i + i * n] = e[i + i * n] = den[i + i * n] = 1;
  for (int k = 1; k <= PADE_DEGREE; k++)
    {
      c = c * (PADE_DEGREE - k + 1) / (k * (2.0 * PADE_DEGREE - k + 1));
      multiply (as, power, n, tmp);
      memcpy (power, tmp, sizeof (double) * n * n);
      for (int i = 0; i < n * n; i++)
        {
          e[i] += c * power[i];
          den[i] += (k % 2 == 0 ? c : -c) * power[i];
        }
    }
  /* r = q(-A)^-1 q(A): at this norm q(-A) is well conditioned */
  if (!orr_dense_lu (den, n, piv))
    return "expm: the Padé denominator is singular";
  orr_dense_lu_solve (den, n, piv, e, n);
  for (int k = 0; k < s; k++)
    {
      multiply (e, e, n, tmp);
      memcpy (e, tmp, sizeof (double) * n * n);
    }
  if (!all_finite (e, n * n))
    return "expm: the result overflows";
  return NULL;
}

/* orrery/orr-dense.h's name for it, for blocks */
gboolean
orr_dense_expm (const double *a, int n, double *e, double *work, int *piv)
{
  return orr_matfn_expm (a, n, e, work, piv) == NULL;
}

const char *
orr_matfn_eig (const double *a, int n, double *re, double *im, double *scratch)
{
  double *copy = scratch, *work = copy + n * n, dummy = 0;
  int lwork = 4 * n, info = 0, one = 1;
  gboolean symmetric = TRUE;

  if (n == 0)
    return NULL;
  if (!all_finite (a, n * n))
    return "eig: the matrix holds NaN or infinite values";
  for (int j = 0; j < n && symmetric; j++)
    for (int i = j + 1; i < n && symmetric; i++)
      symmetric = a[i + j * n] == a[j + i * n];
  memcpy (copy, a, sizeof (double) * n * n);
  if (symmetric)
    {
      dsyev_ ("N", "U", &n, copy, &n, re, work, &lwork, &info);
      memset (im, 0, sizeof (double) * n);
    }
  else
    dgeev_ ("N", "N", &n, copy, &n, re, im, &dummy, &one, &dummy, &one, work, &lwork, &info);
  return info == 0 ? NULL : "eig: the eigenvalue iteration did not converge";
}

const char *
orr_matfn_svd (const double *a, int m, int n, double *s, double *scratch)
{
  int k = MIN (m, n), lda = MAX (1, m), one = 1, info = 0;
  int lwork = ORR_MATFN_SVD_SCRATCH (m, n) - m * n;
  double *copy = scratch, *work = copy + m * n, dummy = 0;

  if (k == 0)
    return NULL;
  if (!all_finite (a, m * n))
    return "svd: the matrix holds NaN or infinite values";
  memcpy (copy, a, sizeof (double) * m * n);
  dgesvd_ ("N", "N", &m, &n, copy, &lda, s, &dummy, &one, &dummy, &one, work, &lwork, &info);
  return info == 0 ? NULL : "svd: the singular value iteration did not converge";
}

void
orr_matfn_lu (const double *a, int n, double *lu, int *piv)
{
  if (lu != a)
    memmove (lu, a, sizeof (double) * n * n);
  orr_dense_lu (lu, n, piv);
}

int
orr_matfn_lsq_work (int m, int n, int nrhs)
{
  int mn = MIN (m, n);

  /* dgelsy's minimum, with room for the blocked QR */
  return MAX (1, MAX (mn + 3 * n + 1, 2 * mn + nrhs)) + 32 * (n + 1);
}

const char *
orr_matfn_lsq (const double *a, const double *b, int m, int n, int nrhs, double *x, double *scratch,
               int *jpvt)
{
  int ldb = MAX (1, MAX (m, n)), lda = MAX (1, m), lwork = orr_matfn_lsq_work (m, n, nrhs);
  int rank = 0, info = 0;
  double *acopy = scratch, *bcopy = acopy + m * n, *work = bcopy + ldb * nrhs;
  double rcond = sqrt (DBL_EPSILON);

  if (n == 0 || nrhs == 0)
    return NULL;
  if (m == 0)
    {
      memset (x, 0, sizeof (double) * n * nrhs);
      return NULL;
    }
  if (!all_finite (a, m * n) || !all_finite (b, m * nrhs))
    return "lsqminnorm: the matrices hold NaN or infinite values";
  memcpy (acopy, a, sizeof (double) * m * n);
  memset (bcopy, 0, sizeof (double) * ldb * nrhs);
  for (int j = 0; j < nrhs; j++)
    memcpy (bcopy + j * ldb, b + j * m, sizeof (double) * m);
  memset (jpvt, 0, sizeof (int) * n);
  dgelsy_ (&m, &n, &nrhs, acopy, &lda, bcopy, &ldb, jpvt, &rcond, &rank, work, &lwork, &info);
  if (info != 0)
    return "lsqminnorm: LAPACK's dgelsy failed";
  for (int j = 0; j < nrhs; j++)
    memcpy (x + j * n, bcopy + j * ldb, sizeof (double) * n);
  return NULL;
}
