/* test-dense.c: the engine's one dense LU (orrery/orr-dense.h) against
 * values worked out by hand: solves, inverses and determinants of small
 * matrices, the factors themselves, and the singularity rule. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <orrery/orr-dense.h>

/* column-major n x n product c = a b */
static void
multiply (const double *a, const double *b, int n, double *c)
{
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      {
        c[i + j * n] = 0;
        for (int k = 0; k < n; k++)
          c[i + j * n] += a[i + k * n] * b[k + j * n];
      }
}

/* [0 1 2; 1 0 3; 4 -3 8] needs a row exchange at the first step; with
 * x = [1; 2; 3], b = A x = [8; 10; 22]. */
static void
test_solve_with_exchange (void)
{
  double a[] = { 0, 1, 4, 1, 0, -3, 2, 3, 8 };
  double b[] = { 8, 10, 22 };
  int piv[3];

  g_assert_true (orr_dense_solve (a, 3, piv, b, 1));
  g_assert_cmpint (piv[0], ==, 2);
  g_assert_cmpfloat_with_epsilon (b[0], 1, 1e-14);
  g_assert_cmpfloat_with_epsilon (b[1], 2, 1e-14);
  g_assert_cmpfloat_with_epsilon (b[2], 3, 1e-14);
}

/* The factors reproduce the matrix: L U equals A with the recorded row
 * exchanges applied in order. */
static void
test_factors (void)
{
  const double a[] = { 2, 4, -2, 1, -6, 7, 1, 0, 2 };
  double lu[9], l[9] = { 0 }, u[9] = { 0 }, prod[9], pa[9];
  int piv[3];

  memcpy (lu, a, sizeof a);
  memcpy (pa, a, sizeof a);
  g_assert_true (orr_dense_lu (lu, 3, piv));
  for (int k = 0; k < 3; k++)
    {
      g_assert_cmpint (piv[k], >=, k);
      for (int j = 0; j < 3; j++)
        {
          double s = pa[k + j * 3];

          pa[k + j * 3] = pa[piv[k] + j * 3];
          pa[piv[k] + j * 3] = s;
        }
    }
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++)
      {
        if (i > j)
          l[i + j * 3] = lu[i + j * 3];
        else
          u[i + j * 3] = lu[i + j * 3];
        if (i == j)
          l[i + j * 3] = 1;
      }
  multiply (l, u, 3, prod);
  for (int i = 0; i < 9; i++)
    g_assert_cmpfloat_with_epsilon (prod[i], pa[i], 1e-14);
  /* partial pivoting: every multiplier is at most 1 in magnitude */
  for (int j = 0; j < 3; j++)
    for (int i = j + 1; i < 3; i++)
      g_assert_cmpfloat (fabs (l[i + j * 3]), <=, 1);
}

static void
test_inverse (void)
{
  /* [4 7; 2 6]^-1 = [6 -7; -2 4] / 10 */
  double a[] = { 4, 2, 7, 6 };
  const double expected[] = { 0.6, -0.2, -0.7, 0.4 };
  double inv[4];
  int piv[2];

  g_assert_true (orr_dense_lu (a, 2, piv));
  orr_dense_lu_inverse (a, 2, piv, inv);
  for (int i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (inv[i], expected[i], 1e-15);
}

typedef struct
{
  int n;
  double a[9];
  double det;
  double tolerance;
} DetCase;

static const DetCase det_cases[] = {
  { 2, { 1, 3, 2, 4 }, -2, 1e-14 },
  { 3, { 6, 4, 2, 1, -2, 8, 1, 5, 7 }, -306, 1e-12 },
  { 2, { 0, 1, 1, 0 }, -1, 0 }, /* one exchange: the sign flips */
  { 3, { 2, 0, 0, 0, 3, 0, 0, 0, 4 }, 24, 0 },
  { 2, { 1, 2, 2, 4 }, 0, 0 }, /* singular, yet a determinant */
  { 0, { 0 }, 1, 0 },          /* the empty product */
};

static void
test_det (gconstpointer data)
{
  const DetCase *c = data;
  double lu[9];
  int piv[3];

  memcpy (lu, c->a, sizeof lu);
  orr_dense_lu (lu, c->n, piv);
  /* tolerance 0: exact (every operation on these entries is) */
  g_assert_cmpfloat (fabs (orr_dense_lu_det (lu, c->n, piv) - c->det), <=, c->tolerance);
}

/* Singular is relative to the matrix's own scale: n eps max|a_ij|. */
static void
test_singularity_rule (void)
{
  double exact[] = { 1, 2, 2, 4 };
  double near[] = { 1, 1, 1, 1 + DBL_EPSILON };
  double tiny[] = { 1e-300, 0, 0, 1e-300 };
  double nan_entry[] = { NAN, 0, 0, 1 };
  double b[] = { 5, 7 };
  int piv[2];

  g_assert_false (orr_dense_lu (exact, 2, piv));
  g_assert_false (orr_dense_lu (near, 2, piv));
  g_assert_true (orr_dense_lu (tiny, 2, piv));
  g_assert_false (orr_dense_lu (nan_entry, 2, piv));
  /* a failed one-call solve leaves the right-hand side alone */
  memcpy (exact, (double[]){ 1, 2, 2, 4 }, sizeof exact);
  g_assert_false (orr_dense_solve (exact, 2, piv, b, 1));
  g_assert_cmpfloat (b[0], ==, 5);
  g_assert_cmpfloat (b[1], ==, 7);
}

/* [1 i; -i 2]: det = 2 - (i)(-i) = 1, inverse [2 -i; i 1]. */
static void
test_complex (void)
{
  double complex a[] = { 1, -I, I, 2 };
  const double complex expected[] = { 2, I, -I, 1 };
  double complex inv[4], x[2] = { 1 + I, 2 - I };
  int piv[2];

  g_assert_true (orr_dense_lu_complex (a, 2, piv));
  g_assert_cmpfloat_with_epsilon (cabs (orr_dense_lu_det_complex (a, 2, piv) - 1), 0, 1e-15);
  orr_dense_lu_inverse_complex (a, 2, piv, inv);
  for (int i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (cabs (inv[i] - expected[i]), 0, 1e-15);
  /* A [1; 1] = [1 + i; 2 - i] */
  orr_dense_lu_solve_complex (a, 2, piv, x, 1);
  g_assert_cmpfloat_with_epsilon (cabs (x[0] - 1), 0, 1e-15);
  g_assert_cmpfloat_with_epsilon (cabs (x[1] - 1), 0, 1e-15);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dense/solve-with-exchange", test_solve_with_exchange);
  g_test_add_func ("/dense/factors", test_factors);
  g_test_add_func ("/dense/inverse", test_inverse);
  for (guint i = 0; i < G_N_ELEMENTS (det_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/dense/det/%u", i);

      g_test_add_data_func (path, &det_cases[i], test_det);
    }
  g_test_add_func ("/dense/singularity-rule", test_singularity_rule);
  g_test_add_func ("/dense/complex", test_complex);
  return g_test_run ();
}
