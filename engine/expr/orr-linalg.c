/* orr-linalg.c - dense linear algebra for the matrix operators and the
 * inv, det, trace and norm builtins: straightforward column-major loops,
 * solves, inverse and determinant by the engine's one LU (orrery/orr-dense.h),
 * and a one-sided Jacobi SVD for the 2-norm.
 * Sizes are small (parameters), so clarity wins over blocking.
 */
#include "orr-linalg.h"
#include "orr-builtins-private.h"
#include "orr-ops.h"

#include <orrery/orr-dense.h>

#include <float.h>
#include <string.h>

#define FMT_SIZE "%" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT

static gboolean
check_operand (OrrEval *ev, gsize pos, const OrrValue *v, const char *what)
{
  if (v->type == ORR_TYPE_STRING)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "%s is not defined for strings", what);
      return FALSE;
    }
  if (orr_type_is_int (v->type))
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                     "%s is not defined for %s matrices (only with a scalar operand)", what,
                     orr_type_name (v->type));
      return FALSE;
    }
  return TRUE;
}

/* The typed parts, once for real and once for complex matrices. */
#define SCALAR double
#define NAME(f) f
#define VALUE_TYPE ORR_TYPE_DOUBLE
#define ELEMENT_AT(v, i) orr_value_real_at (v, i)
#define SET_ELEMENT(r, i, x) (((double *)(r)->data)[i] = (x))
#define FINISH(r) (r)
#include "orr-linalg-typed.inc"
#undef SCALAR
#undef NAME
#undef VALUE_TYPE
#undef ELEMENT_AT
#undef SET_ELEMENT
#undef FINISH

#define SCALAR OrrComplex
#define NAME(f) f##_complex
#define VALUE_TYPE ORR_TYPE_COMPLEX
#define ELEMENT_AT(v, i) orr_value_complex_at (v, i)
#define SET_ELEMENT(r, i, x) orr_value_set_complex (r, i, x)
#define FINISH(r) orr_value_narrow (r)
#include "orr-linalg-typed.inc"
#undef SCALAR
#undef NAME
#undef VALUE_TYPE
#undef ELEMENT_AT
#undef SET_ELEMENT
#undef FINISH

static gboolean
is_complex (const OrrValue *a, const OrrValue *b)
{
  return a->type == ORR_TYPE_COMPLEX || (b != NULL && b->type == ORR_TYPE_COMPLEX);
}

OrrValue *
orr_linalg_mtimes (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b)
{
  gsize m = a->rows, k = a->cols, n = b->cols;

  if (!check_operand (ev, pos, a, "'*'") || !check_operand (ev, pos, b, "'*'"))
    return NULL;
  if (a->cols != b->rows)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "cannot multiply " FMT_SIZE " by " FMT_SIZE
                          ": inner dimensions %" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT
                          " differ (use .* for element-wise)",
                          a->rows, a->cols, b->rows, b->cols, a->cols, b->rows);
  if (!orr_eval_check_size (ev, pos, (double)m, (double)n)
      || !orr_eval_charge (ev, pos, (double)m * (double)k * (double)n + (double)m * n))
    return NULL;
  return is_complex (a, b) ? linalg_mtimes_complex (a, b) : linalg_mtimes (a, b);
}

/* Solves a x = b (a square, already checked); NULL with error if singular. */
static OrrValue *
solve (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b)
{
  gsize n = a->rows, k = b->cols;

  if (!orr_eval_charge (ev, pos, (double)n * n * n + (double)n * n * k))
    return NULL;
  if (n == 0)
    return orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, 0, k);
  return is_complex (a, b) ? linalg_solve_complex (ev, pos, a, b) : linalg_solve (ev, pos, a, b);
}

OrrValue *
orr_linalg_mldivide (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b)
{
  if (!check_operand (ev, pos, a, "'\\'") || !check_operand (ev, pos, b, "'\\'"))
    return NULL;
  if (a->rows != a->cols)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "'\\' needs a square matrix on the left, got " FMT_SIZE
                          " (least squares is not supported)",
                          a->rows, a->cols);
  if (a->rows != b->rows)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "cannot solve " FMT_SIZE " \\ " FMT_SIZE ": row counts differ", a->rows,
                          a->cols, b->rows, b->cols);
  return solve (ev, pos, a, b);
}

OrrValue *
orr_linalg_mrdivide (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b)
{
  g_autoptr (OrrValue) at = NULL;
  g_autoptr (OrrValue) bt = NULL;
  g_autoptr (OrrValue) xt = NULL;

  if (!check_operand (ev, pos, a, "'/'") || !check_operand (ev, pos, b, "'/'"))
    return NULL;
  if (b->rows != b->cols)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "'/' needs a square matrix on the right, got " FMT_SIZE
                          " (least squares is not supported)",
                          b->rows, b->cols);
  if (a->cols != b->cols)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "cannot divide " FMT_SIZE " by " FMT_SIZE ": column counts differ",
                          a->rows, a->cols, b->rows, b->cols);
  /* x b = a  <=>  b.' x.' = a.' */
  if ((at = orr_op_transpose (ev, pos, a, FALSE)) == NULL
      || (bt = orr_op_transpose (ev, pos, b, FALSE)) == NULL
      || (xt = solve (ev, pos, bt, at)) == NULL)
    return NULL;
  return orr_op_transpose (ev, pos, xt, FALSE);
}

static gboolean
integer_exponent (OrrEval *ev, gsize pos, const OrrValue *b, double *out)
{
  double e;

  if (b->type == ORR_TYPE_STRING || b->type == ORR_TYPE_COMPLEX || b->rows != 1 || b->cols != 1)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                     "matrix power needs a real scalar exponent (use .^ for element-wise powers)");
      return FALSE;
    }
  e = orr_value_real_at (b, 0);
  if (!isfinite (e) || e != floor (e))
    {
      orr_eval_fail (
        ev, pos, ORR_EXPR_ERROR_ARGUMENT,
        "matrix power needs an integer exponent, got %g (use .^ for element-wise powers)", e);
      return FALSE;
    }
  *out = e;
  return TRUE;
}

OrrValue *
orr_linalg_mpower (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b)
{
  double e;

  if (a->rows == 1 && a->cols == 1 && b->type != ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "scalar ^ matrix is not supported (use .^ for element-wise powers)");
  if (!check_operand (ev, pos, a, "'^'"))
    return NULL;
  if (a->rows != a->cols)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "'^' needs a square matrix, got " FMT_SIZE
                          " (use .^ for element-wise powers)",
                          a->rows, a->cols);
  if (!integer_exponent (ev, pos, b, &e))
    return NULL;
  return is_complex (a, NULL) ? linalg_power_complex (ev, pos, a, e) : linalg_power (ev, pos, a, e);
}

static gboolean
square_argument (OrrEval *ev, gsize pos, const char *name, const OrrValue *a)
{
  if (!check_operand (ev, pos, a, name))
    return FALSE;
  if (a->rows != a->cols)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE, "%s needs a square matrix, got " FMT_SIZE, name,
                     a->rows, a->cols);
      return FALSE;
    }
  return TRUE;
}

gboolean
orr_bi_inv (OrrEval *ev, gsize pos, const OrrBuiltin *self, guint nargs, OrrValue **args,
            guint nargout, OrrValue **out)
{
  const OrrValue *a = args[0];

  if (!square_argument (ev, pos, "inv", a))
    return FALSE;
  out[0] = is_complex (a, NULL) ? linalg_inverse_complex (ev, pos, a) : linalg_inverse (ev, pos, a);
  return out[0] != NULL;
}

gboolean
orr_bi_det (OrrEval *ev, gsize pos, const OrrBuiltin *self, guint nargs, OrrValue **args,
            guint nargout, OrrValue **out)
{
  const OrrValue *a = args[0];
  gsize n = a->rows;

  if (!square_argument (ev, pos, "det", a) || !orr_eval_charge (ev, pos, (double)n * n * n))
    return FALSE;
  if (is_complex (a, NULL))
    {
      OrrComplex d = linalg_det_complex (a);

      out[0] = orr_value_narrow (orr_value_new_complex (creal (d), cimag (d)));
    }
  else
    out[0] = orr_value_new_double (linalg_det (a));
  return TRUE;
}

gboolean
orr_bi_trace (OrrEval *ev, gsize pos, const OrrBuiltin *self, guint nargs, OrrValue **args,
              guint nargout, OrrValue **out)
{
  const OrrValue *a = args[0];
  OrrComplex s = 0;

  if (!square_argument (ev, pos, "trace", a))
    return FALSE;
  for (gsize i = 0; i < a->rows; i++)
    s += orr_value_complex_at (a, i + i * a->rows);
  out[0] = orr_value_narrow (orr_value_new_complex (creal (s), cimag (s)));
  return TRUE;
}

/* Largest singular value of the m x n matrix a (destroyed) by one-sided
 * Jacobi: rotate column pairs until orthogonal; the largest column norm is
 * then the 2-norm. */
static double
max_singular_value (double *a, gsize m, gsize n)
{
  double best = 0;

  for (int sweep = 0; sweep < 60; sweep++)
    {
      gboolean rotated = FALSE;

      for (gsize p = 0; p + 1 < n; p++)
        for (gsize q = p + 1; q < n; q++)
          {
            double alpha = 0, beta = 0, gamma = 0, zeta, t, c, s;

            for (gsize i = 0; i < m; i++)
              {
                alpha += a[i + p * m] * a[i + p * m];
                beta += a[i + q * m] * a[i + q * m];
                gamma += a[i + p * m] * a[i + q * m];
              }
            if (gamma == 0 || !isfinite (gamma)
                || fabs (gamma) <= DBL_EPSILON * sqrt (alpha * beta))
              continue;
            rotated = TRUE;
            zeta = (beta - alpha) / (2 * gamma);
            t = (zeta >= 0 ? 1.0 : -1.0) / (fabs (zeta) + hypot (1.0, zeta));
            c = 1 / hypot (1.0, t);
            s = c * t;
            for (gsize i = 0; i < m; i++)
              {
                double x = a[i + p * m], y = a[i + q * m];

                a[i + p * m] = c * x - s * y;
                a[i + q * m] = s * x + c * y;
              }
          }
      if (!rotated)
        break;
    }
  for (gsize j = 0; j < n; j++)
    {
      double s = 0;

      for (gsize i = 0; i < m; i++)
        s = hypot (s, a[i + j * m]);
      if (s > best || isnan (s))
        best = s;
    }
  return best;
}

static double
matrix_two_norm (OrrEval *ev, gsize pos, const OrrValue *v, gboolean *ok)
{
  gboolean cplx = v->type == ORR_TYPE_COMPLEX;
  gsize m = v->rows, n = v->cols, rm, rn;
  g_autofree double *a = NULL;

  /* A complex matrix X + iY has the singular values of [X -Y; Y X]. */
  rm = cplx ? 2 * m : m;
  rn = cplx ? 2 * n : n;
  *ok = orr_eval_charge (ev, pos, 60.0 * 3.0 * rm * rn * MIN (rm, rn));
  if (!*ok)
    return 0;
  a = g_new0 (double, rm *rn + 1);
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < m; i++)
      {
        OrrComplex z = orr_value_complex_at (v, i + j * m);
        /* store transposed when wide so the Jacobi works on columns */
        gboolean tr = rm < rn;
        gsize lr = tr ? rn : rm;
#define AT(r, c) a[tr ? (c) + (r)*lr : (r) + (c)*lr]
        AT (i, j) = creal (z);
        if (cplx)
          {
            AT (i + m, j + n) = creal (z);
            AT (i + m, j) = cimag (z);
            AT (i, j + n) = -cimag (z);
          }
#undef AT
      }
  if (rm < rn)
    return max_singular_value (a, rn, rm);
  return max_singular_value (a, rm, rn);
}

gboolean
orr_bi_norm (OrrEval *ev, gsize pos, const OrrBuiltin *self, guint nargs, OrrValue **args,
             guint nargout, OrrValue **out)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  gboolean vector = v->rows == 1 || v->cols == 1;
  double p = 2, result = 0;
  gboolean fro = FALSE;

  if (!orr_bi_require_numeric (ev, pos, "norm", 1, v) || !orr_eval_charge (ev, pos, (double)n))
    return FALSE;
  if (nargs > 1)
    {
      const char *s = orr_value_get_string (args[1]);

      if (s && g_ascii_strcasecmp (s, "fro") == 0)
        fro = TRUE;
      else if (s && g_ascii_strcasecmp (s, "inf") == 0)
        p = INFINITY;
      else if (s || !orr_bi_scalar_arg (ev, pos, "norm", 2, args[1], &p) || isnan (p))
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                              "norm: the second argument must be a number, 'inf' or 'fro'")
               != NULL;
    }
  if (n == 0)
    ;
  else if (fro || (vector && p == 2))
    {
      for (gsize i = 0; i < n; i++)
        result = hypot (result, cabs (orr_value_complex_at (v, i)));
    }
  else if (vector)
    {
      if (isinf (p))
        {
          result = p > 0 ? 0 : INFINITY;
          for (gsize i = 0; i < n; i++)
            {
              double x = cabs (orr_value_complex_at (v, i));

              result = p > 0 ? fmax (result, x) : fmin (result, x);
              if (isnan (x))
                result = NAN;
            }
        }
      else
        {
          double s = 0;

          for (gsize i = 0; i < n; i++)
            s += pow (cabs (orr_value_complex_at (v, i)), p);
          result = pow (s, 1 / p);
        }
    }
  else if (p == 1 || isinf (p))
    {
      gboolean by_rows = isinf (p);

      if (p < 0)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                              "norm: matrix norms are 1, 2, inf or 'fro'")
               != NULL;
      for (gsize outer = 0; outer < (by_rows ? v->rows : v->cols); outer++)
        {
          double s = 0;

          for (gsize inner = 0; inner < (by_rows ? v->cols : v->rows); inner++)
            s += cabs (orr_value_complex_at (v, by_rows ? outer + inner * v->rows
                                                        : inner + outer * v->rows));
          if (s > result || isnan (s))
            result = s;
        }
    }
  else if (p == 2)
    {
      gboolean ok;

      result = matrix_two_norm (ev, pos, v, &ok);
      if (!ok)
        return FALSE;
    }
  else
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                          "norm: matrix norms are 1, 2, inf or 'fro'")
           != NULL;
  out[0] = orr_value_new_double (result);
  return TRUE;
}
