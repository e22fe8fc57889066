/* orr-matrix-fns.h - the matrix functions the parameter language offers on
 * constants and on values that depend on a block's inputs alike: expm,
 * eig, svd, lu and lsqminnorm. One implementation for the evaluator (which
 * allocates the scratch space) and for compiled programs (which size it
 * once, at compile time, so that a run allocates nothing).
 *
 * Matrices are column-major. Each function returns NULL on success and
 * otherwise a static message saying what went wrong. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* e^A of the n x n matrix a into e (not aliasing a), by scaling and
 * squaring with the [6/6] Padé approximant. scratch: 4 n * n doubles,
 * piv: n ints. */
const char *orr_matfn_expm (const double *a, int n, double *e, double *scratch, int *piv);

/* The eigenvalues of the n x n matrix a, as Scilab's spec gives them: a
 * symmetric matrix's in ascending order (LAPACK dsyev), another's in
 * LAPACK dgeev's order, complex pairs next to each other. scratch:
 * ORR_MATFN_EIG_SCRATCH (n) doubles. */
#define ORR_MATFN_EIG_SCRATCH(n) ((n) * ((n) + 4))
const char *orr_matfn_eig (const double *a, int n, double *re, double *im, double *scratch);

/* The singular values of the m x n matrix a, descending, into s (min(m,
 * n) of them), by LAPACK dgesvd. scratch: ORR_MATFN_SVD_SCRATCH (m, n)
 * doubles. */
#define ORR_MATFN_SVD_SCRATCH(m, n)                                                                \
  ((m) * (n) + MAX (1, MAX (3 * MIN ((m), (n)) + MAX ((m), (n)), 5 * MIN ((m), (n)))) + 64)
const char *orr_matfn_svd (const double *a, int m, int n, double *s, double *scratch);

/* The packed LU factors of the n x n matrix a (partial pivoting, P a =
 * L U): U on and above the diagonal, L's multipliers below it (L has a
 * unit diagonal), into lu (which may be a). Never fails: a singular
 * matrix gives factors with a zero pivot. */
void orr_matfn_lu (const double *a, int n, double *lu, int *piv);

/* The minimum-norm least-squares solution x (n x nrhs) of a x = b, a
 * m x n and b m x nrhs, through a complete orthogonal factorisation with
 * column pivoting (LAPACK dgelsy): the rank is the largest whose leading
 * triangle has a condition number below 1/sqrt(eps), as Xcos's MATBKSL
 * and MATDIV decide it. scratch: ORR_MATFN_LSQ_SCRATCH (m, n, nrhs)
 * doubles; jpvt: n ints. */
int orr_matfn_lsq_work (int m, int n, int nrhs);
#define ORR_MATFN_LSQ_SCRATCH(m, n, nrhs)                                                          \
  ((m) * (n) + MAX ((m), (n)) * (nrhs) + orr_matfn_lsq_work ((m), (n), (nrhs)))
const char *orr_matfn_lsq (const double *a, const double *b, int m, int n, int nrhs, double *x,
                           double *scratch, int *jpvt);

G_END_DECLS
