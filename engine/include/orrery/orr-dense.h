/* orr-dense.h: dense linear algebra for small square matrices: LU with
 * partial pivoting, solves, inverse and determinant, real and complex.
 * The one implementation the parameter language (inv, det, \, /, ^), its
 * compiled form and the blocks (Inverse, the matrix exponential) share;
 * included by orr-block.h, so a block reaches it with that header alone.
 *
 * Matrices are column-major, as everywhere in Orrery: element (i, j) of
 * an n x n matrix a is a[i + j * n]. Nothing here allocates, so a block
 * may call it from its simulation function with work memory sized in
 * ORR_JOB_INIT (n * n doubles for the factors and n ints for the pivots).
 *
 * Pivots follow LAPACK's convention (0-based): at step k, row k was
 * swapped with row piv[k] >= k. Factors and pivots from orr_dense_lu()
 * feed the solve, inverse and determinant below.
 *
 * Singular: a matrix is treated as singular when some pivot is at most
 * n * eps * max |a_ij| (a rank decision relative to the matrix's size,
 * the rule of the parameter language's inv and \). A zero pivot leaves
 * its column uneliminated, so the factors of a singular matrix still
 * give its determinant (0, or the tiny product of pivots). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Factors the n x n matrix a in place: P a = L U, L unit lower (below the
 * diagonal), U upper (on and above it). Returns FALSE when a is singular
 * in the sense above; the factors are still complete. */
gboolean orr_dense_lu (double *a, int n, int *piv);

/* Overwrites the n x nrhs matrix b with a^-1 b, from the factors of a.
 * Meaningful only when orr_dense_lu() returned TRUE. */
void orr_dense_lu_solve (const double *lu, int n, const int *piv, double *b, int nrhs);

/* Writes a^-1 (n x n, not aliasing lu) from the factors of a. */
void orr_dense_lu_inverse (const double *lu, int n, const int *piv, double *inv);

/* det a from its factors: the product of the pivots and the sign of P. */
double orr_dense_lu_det (const double *lu, int n, const int *piv);

/* Solves a x = b in one call: a (destroyed) is factored, b (n x nrhs)
 * becomes x. FALSE, with b untouched, when a is singular. */
gboolean orr_dense_solve (double *a, int n, int *piv, double *b, int nrhs);

/* e^a of the n x n matrix a into e (not aliasing a), by scaling and
 * squaring with the [6/6] Padé approximant: the parameter language's
 * expm. work: 4 n * n doubles, piv: n ints. FALSE when a holds a value
 * that is not finite or the result overflows. */
gboolean orr_dense_expm (const double *a, int n, double *e, double *work, int *piv);

/* The same for complex matrices (C99 double _Complex, which is laid out
 * as a (re, im) pair of doubles). Left out for C++ and for the
 * introspection scanner, which know no C99 complex type. */
#if !defined(__cplusplus) && !defined(__GI_SCANNER__)
gboolean orr_dense_lu_complex (double _Complex *a, int n, int *piv);
void orr_dense_lu_solve_complex (const double _Complex *lu, int n, const int *piv,
                                 double _Complex *b, int nrhs);
void orr_dense_lu_inverse_complex (const double _Complex *lu, int n, const int *piv,
                                   double _Complex *inv);
double _Complex orr_dense_lu_det_complex (const double _Complex *lu, int n, const int *piv);
#endif

G_END_DECLS
