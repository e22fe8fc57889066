/* orr-builtins-control.c - controller design in a model's context: ctrb,
 * obsv, eig, expm, place, lqr, ss, the in_linearization() flag, and
 * linearize()/equilibrium(), which hand over to engine/analysis through
 * the function the model's evaluation installs on its root scope. The
 * numerical work is in engine/analysis (LAPACK). */
#include "orr-builtins-private.h"

#include "orr-matrix-fns.h"

#include <orrery/orr-analysis.h>

#include <string.h>

/* A real matrix argument: a new array of rows * cols doubles, or NULL
 * with an error. */
static double *
real_matrix (OrrEval *ev, gsize pos, const char *fname, guint argno, const OrrValue *v, int *rows,
             int *cols)
{
  gsize n = orr_value_numel (v);
  double *data;

  if (!orr_bi_require_numeric (ev, pos, fname, argno, v))
    return NULL;
  data = g_new0 (double, MAX (n, 1));
  if (n > 0 && !orr_value_to_doubles (v, data, n))
    {
      g_free (data);
      return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "%s: argument %u must be a real matrix",
                            fname, argno);
    }
  *rows = (int)orr_value_rows (v);
  *cols = (int)orr_value_cols (v);
  return data;
}

static OrrValue *
new_real (OrrEval *ev, gsize pos, int rows, int cols, const double *data)
{
  OrrValue *v = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, rows, cols);

  if (v != NULL && rows * cols > 0)
    memcpy (orr_value_data (v), data, sizeof (double) * rows * cols);
  return v;
}

static gboolean
analysis_failed (OrrEval *ev, gsize pos, GError *error)
{
  orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s", error->message);
  g_error_free (error);
  return FALSE;
}

static gboolean
check_square (OrrEval *ev, gsize pos, const char *fname, int rows, int cols)
{
  if (rows == cols)
    return TRUE;
  orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE, "%s: A must be square, not %dx%d", fname, rows,
                 cols);
  return FALSE;
}

static gboolean
check_rows (OrrEval *ev, gsize pos, const char *fname, const char *what, int got, int want)
{
  if (got == want)
    return TRUE;
  orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE, "%s: %s must have %d rows, not %d", fname, what,
                 want, got);
  return FALSE;
}

gboolean
orr_bi_control (ORR_BUILTIN_ARGS)
{
  const char *fname = self->name;
  g_autofree double *a = NULL;
  int n, na;
  GError *error = NULL;

  a = real_matrix (ev, pos, fname, 1, args[0], &n, &na);
  if (a == NULL || !check_square (ev, pos, fname, n, na))
    return FALSE;

  switch (self->data)
    {
      case ORR_CONTROL_EIG:
        {
          /* as compiled programs compute it (orr-matrix-fns.c): a
           * symmetric matrix's eigenvalues ascending, as Scilab's spec */
          g_autofree double *re = g_new0 (double, MAX (n, 1));
          g_autofree double *im = g_new0 (double, MAX (n, 1));
          g_autofree double *scratch = g_new0 (double, MAX (ORR_MATFN_EIG_SCRATCH (n), 1));
          const char *message;
          gboolean is_complex = FALSE;

          if (!orr_eval_charge (ev, pos, 10.0 * n * n * n))
            return FALSE;
          if ((message = orr_matfn_eig (a, n, re, im, scratch)) != NULL)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s", message) != NULL;
          for (int i = 0; i < n; i++)
            is_complex |= im[i] != 0;
          if (!is_complex)
            return (out[0] = new_real (ev, pos, n, 1, re)) != NULL;
          out[0] = orr_eval_new_matrix (ev, pos, ORR_TYPE_COMPLEX, n, 1);
          if (out[0] == NULL)
            return FALSE;
          for (int i = 0; i < n; i++)
            {
              double *z = (double *)orr_value_data (out[0]) + 2 * i;

              z[0] = re[i];
              z[1] = im[i];
            }
          return TRUE;
        }
      case ORR_CONTROL_EXPM:
        {
          g_autofree double *e = g_new0 (double, MAX (n * n, 1));
          g_autofree double *scratch = g_new0 (double, MAX (4 * n * n, 1));
          g_autofree int *piv = g_new0 (int, MAX (n, 1));
          const char *message;

          if (!orr_eval_charge (ev, pos, 20.0 * n * n * n))
            return FALSE;
          if ((message = orr_matfn_expm (a, n, e, scratch, piv)) != NULL)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s", message) != NULL;
          return (out[0] = new_real (ev, pos, n, n, e)) != NULL;
        }
      case ORR_CONTROL_CTRB:
      case ORR_CONTROL_OBSV:
        {
          gboolean ctrb = self->data == ORR_CONTROL_CTRB;
          int r, c;
          g_autofree double *b = real_matrix (ev, pos, fname, 2, args[1], &r, &c);
          g_autofree double *res = NULL;

          if (b == NULL)
            return FALSE;
          if (ctrb ? !check_rows (ev, pos, fname, "B", r, n)
                   : c != n
                       && orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                                         "%s: C must have %d columns, not %d", fname, n, c)
                            == NULL)
            return FALSE;
          res = g_new0 (double, MAX (n * n * (ctrb ? c : r), 1));
          if (ctrb)
            {
              orr_matrix_ctrb (n, c, a, b, res);
              return (out[0] = new_real (ev, pos, n, n * c, res)) != NULL;
            }
          orr_matrix_obsv (n, r, a, b, res);
          return (out[0] = new_real (ev, pos, n * r, n, res)) != NULL;
        }
      case ORR_CONTROL_PLACE:
        {
          int r, m;
          g_autofree double *b = real_matrix (ev, pos, fname, 2, args[1], &r, &m);
          g_autofree double *pr = NULL;
          g_autofree double *pi = NULL;
          g_autofree double *k = NULL;
          gsize np = orr_value_numel (args[2]);
          int at = 0;

          if (b == NULL || !check_rows (ev, pos, fname, "B", r, n)
              || !orr_bi_require_numeric (ev, pos, fname, 3, args[2]))
            return FALSE;
          if ((int)np != n)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                                  "place: %d poles are needed for %d states, not %d", n, n, (int)np)
                   != NULL;
          pr = g_new0 (double, MAX (n, 1));
          pi = g_new0 (double, MAX (n, 1));
          /* real poles first, then each complex pole (positive imaginary
           * part) followed by its conjugate */
          for (gsize i = 0; i < np; i++)
            if (orr_value_get_imag (args[2], i) == 0)
              pr[at++] = orr_value_get_real (args[2], i);
          for (gsize i = 0; i < np; i++)
            {
              double re = orr_value_get_real (args[2], i), im = orr_value_get_imag (args[2], i);
              gboolean paired = FALSE;

              if (im <= 0)
                continue;
              for (gsize j = 0; j < np; j++)
                if (orr_value_get_real (args[2], j) == re && orr_value_get_imag (args[2], j) == -im)
                  paired = TRUE;
              if (!paired)
                return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                      "place: the complex pole %g%+gi needs its conjugate too", re,
                                      im)
                       != NULL;
              pr[at] = re;
              pi[at++] = im;
              pr[at] = re;
              pi[at++] = -im;
            }
          if (at != n)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                  "place: every complex pole needs its conjugate")
                   != NULL;
          k = g_new0 (double, MAX (m * n, 1));
          if (!orr_matrix_place (n, m, a, b, pr, pi, k, &error))
            return analysis_failed (ev, pos, error);
          return (out[0] = new_real (ev, pos, m, n, k)) != NULL;
        }
      case ORR_CONTROL_LQR:
        {
          int r, m, qr, qc, rr, rc, nr = 0, nc = 0;
          g_autofree double *b = real_matrix (ev, pos, fname, 2, args[1], &r, &m);
          g_autofree double *q = b ? real_matrix (ev, pos, fname, 3, args[2], &qr, &qc) : NULL;
          g_autofree double *rm = q ? real_matrix (ev, pos, fname, 4, args[3], &rr, &rc) : NULL;
          g_autofree double *nm = NULL;
          g_autofree double *k = NULL;
          g_autofree double *x = NULL;

          if (rm == NULL || !check_rows (ev, pos, fname, "B", r, n))
            return FALSE;
          if (qr != n || qc != n || rr != m || rc != m)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE, "lqr: Q must be %dx%d and R %dx%d",
                                  n, n, m, m)
                   != NULL;
          if (nargs > 4)
            {
              nm = real_matrix (ev, pos, fname, 5, args[4], &nr, &nc);
              if (nm == NULL)
                return FALSE;
              if (nr != n || nc != m)
                return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE, "lqr: N must be %dx%d", n, m)
                       != NULL;
            }
          k = g_new0 (double, MAX (m * n, 1));
          x = g_new0 (double, MAX (n * n, 1));
          if (!orr_matrix_lqr (n, m, a, b, q, rm, nm, k, x, &error))
            return analysis_failed (ev, pos, error);
          out[0] = new_real (ev, pos, m, n, k);
          if (out[0] != NULL && nargout > 1)
            out[1] = new_real (ev, pos, n, n, x);
          return out[0] != NULL;
        }
      case ORR_CONTROL_SS:
        {
          int br, bc, cr, cc, dr, dc;
          g_autofree double *b = real_matrix (ev, pos, fname, 2, args[1], &br, &bc);
          g_autofree double *c = b ? real_matrix (ev, pos, fname, 3, args[2], &cr, &cc) : NULL;
          g_autofree double *d = c ? real_matrix (ev, pos, fname, 4, args[3], &dr, &dc) : NULL;
          int rows, cols;
          double *s;

          if (d == NULL)
            return FALSE;
          /* ss([], zeros(0, m), zeros(p, 0), D): a static gain */
          if ((n > 0 && br != n) || (n > 0 && cc != n) || dr != cr || dc != bc)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                                  "ss: the sizes do not fit: A %dx%d, B %dx%d, C %dx%d, D %dx%d", n,
                                  n, br, bc, cr, cc, dr, dc)
                   != NULL;
          rows = n + dr;
          cols = n + dc;
          out[0] = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, rows, cols);
          if (out[0] == NULL)
            return FALSE;
          s = orr_value_data (out[0]);
          for (int j = 0; j < n; j++)
            {
              for (int i = 0; i < n; i++)
                s[i + j * rows] = a[i + j * n];
              for (int i = 0; i < dr; i++)
                s[n + i + j * rows] = c[i + j * cr];
            }
          for (int j = 0; j < dc; j++)
            {
              for (int i = 0; i < n; i++)
                s[i + (n + j) * rows] = b[i + j * n];
              for (int i = 0; i < dr; i++)
                s[n + i + (n + j) * rows] = d[i + j * dr];
            }
          return TRUE;
        }
      default:
        g_assert_not_reached ();
    }
  return FALSE;
}

gboolean
orr_bi_in_linearization (ORR_BUILTIN_ARGS)
{
  OrrValue *flag = orr_scope_lookup_base_value (ev->scope, ORR_IN_LINEARIZATION);

  out[0] = orr_value_new_bool (flag != NULL && orr_value_get_real (flag, 0) != 0);
  return TRUE;
}

/* The nested call's refusal; the outer call says it again in its own
 * words, rather than wrapping the inner evaluation's message (which names
 * the same place in the same context a second time). */
#define NESTED_ANALYSIS "called while the model is already being evaluated for an analysis"

gboolean
orr_bi_analysis (ORR_BUILTIN_ARGS)
{
  gpointer data = NULL;
  OrrScopeCallFunc func = orr_scope_lookup_call_func (ev->scope, &data);
  OrrValue *flag = orr_scope_lookup_base_value (ev->scope, ORR_IN_LINEARIZATION);
  GError *error = NULL;

  if (flag != NULL && orr_value_get_real (flag, 0) != 0)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                          "%s: " NESTED_ANALYSIS "; guard the call with 'if ~in_linearization()'",
                          self->name)
           != NULL;
  if (func == NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                          "%s: only works in a model's context (there is no model here)",
                          self->name)
           != NULL;
  if (!func (self->name, nargs, args, nargout, out, data, &error))
    {
      if (strstr (error->message, NESTED_ANALYSIS) != NULL)
        {
          g_error_free (error);
          return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                "%s: the analysis evaluates the model again, and its context "
                                "calls %s again there; guard the call with 'if "
                                "~in_linearization()'",
                                self->name, self->name)
                 != NULL;
        }
      return analysis_failed (ev, pos, error);
    }
  return TRUE;
}

/* lu(A): the packed factors of P A = L U, U on and above the diagonal and
 * L's multipliers below it (MATLAB's one-output lu of a full matrix) */
gboolean
orr_bi_lu (ORR_BUILTIN_ARGS)
{
  g_autofree double *a = NULL;
  g_autofree int *piv = NULL;
  int n, na;

  a = real_matrix (ev, pos, "lu", 1, args[0], &n, &na);
  if (a == NULL || !check_square (ev, pos, "lu", n, na)
      || !orr_eval_charge (ev, pos, (double)n * n * n))
    return FALSE;
  piv = g_new0 (int, MAX (n, 1));
  orr_matfn_lu (a, n, a, piv);
  return (out[0] = new_real (ev, pos, n, n, a)) != NULL;
}

/* lsqminnorm(A, B): the minimum-norm least-squares solution of A X = B */
gboolean
orr_bi_lsqminnorm (ORR_BUILTIN_ARGS)
{
  g_autofree double *a = NULL;
  g_autofree double *b = NULL;
  g_autofree double *x = NULL;
  g_autofree double *scratch = NULL;
  g_autofree int *jpvt = NULL;
  const char *message;
  int m, n, mb, nrhs;

  a = real_matrix (ev, pos, "lsqminnorm", 1, args[0], &m, &n);
  if (a == NULL)
    return FALSE;
  b = real_matrix (ev, pos, "lsqminnorm", 2, args[1], &mb, &nrhs);
  if (b == NULL || !check_rows (ev, pos, "lsqminnorm", "B", mb, m)
      || !orr_eval_charge (ev, pos, (double)m * n * (n + nrhs)))
    return FALSE;
  x = g_new0 (double, MAX (n * nrhs, 1));
  scratch = g_new0 (double, MAX (ORR_MATFN_LSQ_SCRATCH (m, n, nrhs), 1));
  jpvt = g_new0 (int, MAX (n, 1));
  if ((message = orr_matfn_lsq (a, b, m, n, nrhs, x, scratch, jpvt)) != NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s", message) != NULL;
  return (out[0] = new_real (ev, pos, n, nrhs, x)) != NULL;
}

/* svd(A): the singular values, descending, as a column */
gboolean
orr_bi_svd (ORR_BUILTIN_ARGS)
{
  g_autofree double *a = NULL;
  g_autofree double *sv = NULL;
  g_autofree double *scratch = NULL;
  const char *message;
  int m, n;

  a = real_matrix (ev, pos, "svd", 1, args[0], &m, &n);
  if (a == NULL || !orr_eval_charge (ev, pos, 10.0 * m * n * MAX (m, n)))
    return FALSE;
  sv = g_new0 (double, MAX (MIN (m, n), 1));
  scratch = g_new0 (double, ORR_MATFN_SVD_SCRATCH (m, n));
  if ((message = orr_matfn_svd (a, m, n, sv, scratch)) != NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s", message) != NULL;
  return (out[0] = new_real (ev, pos, MIN (m, n), 1, sv)) != NULL;
}
