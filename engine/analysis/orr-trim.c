/* orr-trim.c: equilibrium (trim) points. The unknowns are context
 * variables, states and inputs of the isolated block; the equations are
 * its state derivatives (or, for a sampled block, next state minus
 * state) and the chosen outputs, all zero.
 *
 * As many unknowns as equations: KINSOL (SUNDIALS) runs Newton's method
 * with a line search on a difference-quotient Jacobian. Otherwise (one
 * input bias against four derivatives, as in the seed's pendulum on a
 * ramp) there is no square system to hand to KINSOL: Gauss-Newton with
 * LAPACK's minimum-norm least squares (dgelsd) and step halving finds a
 * point where the residuals are as small as they can be made, and says
 * so when that is not zero.
 *
 * A context variable changes block parameters, so each evaluation with
 * new variables compiles the block again; states and inputs alone reuse
 * one compiled block.
 */
#include "orr-analysis-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

typedef struct
{
  OrrModel *model;
  OrrRegistry *registry;
  const OrrTrimOptions *options;
  int n_vars;
  OrrIsolated *iso; /* compiled for the current variables */
  double *iso_vars; /* the variables iso was compiled with */
  GArray *in_sel, *out_sel;
  int nx, n_unknowns, n_residuals;
  double **u;
  double *x, *f, *y;
  GError *error; /* the last evaluation's failure */
} Trim;

void
orr_trim_options_init (OrrTrimOptions *options)
{
  memset (options, 0, sizeof *options);
}

void
orr_trim_result_free (OrrTrimResult *r)
{
  if (r == NULL)
    return;
  g_strfreev (r->var_names);
  g_free (r->var_values);
  g_free (r->x);
  g_free (r->u);
  g_strfreev (r->residual_names);
  g_free (r->residuals);
  g_free (r->method);
  g_free (r);
}

OrrTrimResult *
orr_trim_result_copy (const OrrTrimResult *src)
{
  OrrTrimResult *r = g_new0 (OrrTrimResult, 1);

  *r = *src;
  r->var_names = g_strdupv (src->var_names);
  r->var_values = g_memdup2 (src->var_values, sizeof (double) * MAX (src->n_vars, 1));
  r->x = g_memdup2 (src->x, sizeof (double) * MAX (src->nx, 1));
  r->u = g_memdup2 (src->u, sizeof (double) * MAX (src->nu, 1));
  r->residual_names = g_strdupv (src->residual_names);
  r->residuals = g_memdup2 (src->residuals, sizeof (double) * MAX (src->n_residuals, 1));
  r->method = g_strdup (src->method);
  return r;
}

OrrScope *
orr_trim_result_to_scope (const OrrTrimResult *result, OrrScope *base)
{
  OrrScope *scope = orr_scope_new (NULL);

  if (base != NULL)
    {
      g_auto (GStrv) names = orr_scope_list_local (base);

      for (int i = 0; names[i] != NULL; i++)
        {
          OrrValue *v = orr_scope_lookup (base, names[i]);

          if (v != NULL)
            orr_scope_pin (scope, names[i], v);
        }
    }
  for (int i = 0; i < result->n_vars; i++)
    {
      g_autoptr (OrrValue) v = orr_value_new_double (result->var_values[i]);

      orr_scope_pin (scope, result->var_names[i], v);
    }
  return scope;
}

static OrrScope *
scope_with_vars (Trim *trim, const double *vars)
{
  OrrScope *scope = orr_scope_new (NULL);
  OrrScope *base = trim->options->overrides;

  if (base != NULL)
    {
      g_auto (GStrv) names = orr_scope_list_local (base);

      for (int i = 0; names[i] != NULL; i++)
        {
          OrrValue *v = orr_scope_lookup (base, names[i]);

          if (v != NULL)
            orr_scope_pin (scope, names[i], v);
        }
    }
  for (int i = 0; i < trim->n_vars; i++)
    {
      g_autoptr (OrrValue) v = orr_value_new_double (vars[i]);

      orr_scope_pin (scope, trim->options->vars[i], v);
    }
  return scope;
}

/* The isolated block for these variables, compiled again if they changed. */
static gboolean
ensure_iso (Trim *trim, const double *vars, GError **error)
{
  g_autoptr (OrrScope) scope = NULL;

  if (trim->iso != NULL
      && (trim->n_vars == 0 || memcmp (vars, trim->iso_vars, sizeof (double) * trim->n_vars) == 0))
    return TRUE;
  scope = scope_with_vars (trim, vars);
  g_clear_pointer (&trim->iso, orr_isolated_free);
  trim->iso = orr_isolated_new (trim->model, trim->registry, trim->options->block, scope, NAN,
                                &trim->options->compile_options, error);
  if (trim->iso == NULL)
    return FALSE;
  if (trim->n_vars > 0)
    memcpy (trim->iso_vars, vars, sizeof (double) * trim->n_vars);
  return TRUE;
}

/* residuals at unknowns p: [derivatives; selected outputs] */
static gboolean
residuals (Trim *trim, const double *p, double *r, GError **error)
{
  OrrIsolated *iso;
  gboolean discrete;
  int at = trim->n_vars;

  if (!ensure_iso (trim, p, error))
    return FALSE;
  iso = trim->iso;
  discrete = iso->program->nz > 0;
  memcpy (trim->x, discrete ? iso->z_op : iso->x_op, sizeof (double) * trim->nx);
  for (int k = 0; k < iso->n_in_ports; k++)
    memcpy (trim->u[k], iso->u_op[k], sizeof (double) * iso->in_numel[k]);
  if (trim->options->vary_states)
    {
      memcpy (trim->x, p + at, sizeof (double) * trim->nx);
      at += trim->nx;
    }
  if (trim->options->vary_inputs)
    for (guint j = 0; j < trim->in_sel->len; j++)
      {
        int port, element;

        orr_isolated_locate (iso, TRUE, g_array_index (trim->in_sel, int, j), &port, &element);
        trim->u[port][element] = p[at++];
      }
  if (!orr_isolated_eval (iso, trim->x, (const double *const *)trim->u, trim->f, trim->y, error))
    return FALSE;
  for (int i = 0; i < trim->nx; i++)
    r[i] = discrete ? trim->f[i] - trim->x[i] : trim->f[i];
  for (guint i = 0; i < trim->out_sel->len; i++)
    r[trim->nx + i] = trim->y[g_array_index (trim->out_sel, int, i)];
  return TRUE;
}

static int
kinsol_residuals (N_Vector uu, N_Vector fval, void *data)
{
  Trim *trim = data;

  g_clear_error (&trim->error);
  if (!residuals (trim, N_VGetArrayPointer (uu), N_VGetArrayPointer (fval), &trim->error))
    return 1; /* recoverable: KINSOL may try a shorter step */
  return 0;
}

static double
max_abs (const double *v, int n)
{
  double m = 0;

  for (int i = 0; i < n; i++)
    m = MAX (m, fabs (v[i]));
  return m;
}

/* KINSOL's failures become our messages; it prints nothing itself. */
static void
quiet_errors (int code, const char *module, const char *function, char *msg, void *data)
{
}

static gboolean
solve_kinsol (Trim *trim, double *p, int *iterations, GError **error)
{
  SUNContext ctx = NULL;
  N_Vector u = NULL, scale = NULL;
  SUNMatrix jac = NULL;
  SUNLinearSolver ls = NULL;
  void *kmem = NULL;
  int n = trim->n_unknowns, flag;
  long nni = 0;
  double tol = trim->options->tolerance > 0 ? trim->options->tolerance : 1e-9;
  gboolean ok = FALSE;

  if (SUNContext_Create (NULL, &ctx) != 0)
    {
      g_set_error_literal (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                           "KINSOL could not be set up");
      return FALSE;
    }
  u = N_VNew_Serial (n, ctx);
  scale = N_VNew_Serial (n, ctx);
  memcpy (N_VGetArrayPointer (u), p, sizeof (double) * n);
  N_VConst (1.0, scale);
  kmem = KINCreate (ctx);
  jac = SUNDenseMatrix (n, n, ctx);
  ls = SUNLinSol_Dense (u, jac, ctx);
  if (kmem == NULL || KINInit (kmem, kinsol_residuals, u) != KIN_SUCCESS
      || KINSetLinearSolver (kmem, ls, jac) != KIN_SUCCESS)
    {
      g_set_error_literal (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                           "KINSOL could not be set up");
      goto out;
    }
  KINSetUserData (kmem, trim);
  KINSetErrHandlerFn (kmem, quiet_errors, NULL);
  KINSetFuncNormTol (kmem, tol);
  KINSetScaledStepTol (kmem, 1e-14);
  KINSetNumMaxIters (kmem, trim->options->max_iterations > 0 ? trim->options->max_iterations : 100);
  KINSetMaxSetupCalls (kmem, 1); /* a fresh Jacobian each iteration: small systems */
  flag = KINSol (kmem, u, KIN_LINESEARCH, scale, scale);
  KINGetNumNonlinSolvIters (kmem, &nni);
  *iterations = (int)nni;
  memcpy (p, N_VGetArrayPointer (u), sizeof (double) * n);
  if (flag >= 0)
    ok = TRUE;
  else if (trim->error != NULL)
    g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_SOLUTION,
                 "the model could not be evaluated on the way to an equilibrium: %s",
                 trim->error->message);
  else
    {
      const char *why = flag == KIN_MAXITER_REACHED ? "it reached its iteration limit"
                        : flag == KIN_LINESEARCH_NONCONV
                          ? "its line search found no better point (a local minimum of the "
                            "residuals that is not zero, or a poor starting point)"
                        : flag == KIN_LSETUP_FAIL || flag == KIN_LSOLVE_FAIL
                          ? "the Jacobian is singular (an unknown has no effect on the equations?)"
                        : flag == KIN_MXNEWT_5X_EXCEEDED
                          ? "its steps kept growing (the residuals may have no zero)"
                          : "it failed";

      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_SOLUTION,
                   "KINSOL found no equilibrium: %s (KINSOL flag %d)", why, flag);
    }
out:
  if (kmem != NULL)
    KINFree (&kmem);
  if (ls != NULL)
    SUNLinSolFree (ls);
  if (jac != NULL)
    SUNMatDestroy (jac);
  N_VDestroy (u);
  N_VDestroy (scale);
  SUNContext_Free (&ctx);
  return ok;
}

static gboolean
solve_least_squares (Trim *trim, double *p, int *iterations, GError **error)
{
  int n = trim->n_unknowns, m = trim->n_residuals, maxit;
  int ld = MAX (m, n), one = 1, rank = 0, info = 0, lwork = -1;
  double tol = trim->options->tolerance > 0 ? trim->options->tolerance : 1e-9;
  double rcond = 1e-12, wq = 0;
  g_autofree double *r = g_new0 (double, m);
  g_autofree double *r2 = g_new0 (double, m);
  g_autofree double *jac = g_new0 (double, (gsize)m *n);
  g_autofree double *a = g_new0 (double, (gsize)m *n);
  g_autofree double *rhs = g_new0 (double, ld);
  g_autofree double *s = g_new0 (double, MIN (m, n) + 1);
  g_autofree double *trial = g_new0 (double, n);
  g_autofree double *work = NULL;
  g_autofree int *iwork = g_new0 (int, 64 * (MIN (m, n) + 1) + 64);

  maxit = trim->options->max_iterations > 0 ? trim->options->max_iterations : 100;
  if (!residuals (trim, p, r, error))
    return FALSE;
  dgelsd_ (&m, &n, &one, a, &m, rhs, &ld, s, &rcond, &rank, &wq, &lwork, iwork, &info);
  lwork = MAX ((int)wq, 1);
  work = g_new (double, lwork);
  for (*iterations = 0; *iterations < maxit && max_abs (r, m) > tol; (*iterations)++)
    {
      double norm0 = max_abs (r, m), lambda = 1;
      gboolean better = FALSE;

      for (int j = 0; j < n; j++)
        {
          double keep = p[j], h = sqrt (DBL_EPSILON) * MAX (1.0, fabs (keep));

          p[j] = keep + h;
          if (!residuals (trim, p, r2, error))
            return FALSE;
          p[j] = keep;
          for (int i = 0; i < m; i++)
            jac[i + (gsize)j * m] = (r2[i] - r[i]) / h;
        }
      memcpy (a, jac, sizeof (double) * m * n);
      for (int i = 0; i < m; i++)
        rhs[i] = -r[i];
      dgelsd_ (&m, &n, &one, a, &m, rhs, &ld, s, &rcond, &rank, work, &lwork, iwork, &info);
      if (info != 0)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                       "least squares failed (LAPACK dgelsd, info %d)", info);
          return FALSE;
        }
      for (int half = 0; half < 30 && !better; half++, lambda /= 2)
        {
          for (int j = 0; j < n; j++)
            trial[j] = p[j] + lambda * rhs[j];
          if (!residuals (trim, trial, r2, NULL))
            continue;
          if (max_abs (r2, m) < norm0)
            better = TRUE;
        }
      if (!better)
        break;
      memcpy (p, trial, sizeof (double) * n);
      memcpy (r, r2, sizeof (double) * m);
    }
  /* the iso now holds the last trial: bring it back to p */
  if (!residuals (trim, p, r, error))
    return FALSE;
  return TRUE;
}

OrrTrimResult *
orr_trim (OrrModel *model, OrrRegistry *registry, const OrrTrimOptions *options, GError **error)
{
  Trim trim = { model, registry, options };
  g_autoptr (OrrTrimResult) result = g_new0 (OrrTrimResult, 1);
  g_autofree double *p = NULL;
  g_autofree double *vars0 = NULL;
  double tol = options->tolerance > 0 ? options->tolerance : 1e-9;
  gboolean ok = FALSE, square;
  int at;

  trim.n_vars = options->vars != NULL ? (int)g_strv_length ((char **)options->vars) : 0;
  vars0 = g_new0 (double, MAX (trim.n_vars, 1));
  trim.iso_vars = g_new0 (double, MAX (trim.n_vars, 1));
  /* start from the variables' values in the model, evaluated as for the
   * analysis (with the flag: a context that calls equilibrium() itself
   * must not call it again here) */
  for (int i = 0; i < trim.n_vars; i++)
    {
      g_autoptr (OrrScope) flagged = orr_analysis_flagged_overrides (options->overrides);
      g_autoptr (OrrEvaluation) ev = orr_evaluate_model_with_registry (model, flagged, registry);
      OrrValue *v = orr_scope_lookup (orr_evaluation_get_scope (ev, orr_model_get_root (model)),
                                      options->vars[i]);

      if (v == NULL || orr_value_numel (v) != 1 || orr_value_get_type_id (v) == ORR_TYPE_STRING)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                       "the variable '%s' to vary is not a real scalar of the model context",
                       options->vars[i]);
          goto out;
        }
      vars0[i] = orr_value_get_real (v, 0);
    }
  if (!ensure_iso (&trim, vars0, error)
      || !orr_isolated_select (trim.iso, TRUE, options->inputs, options->n_inputs, &trim.in_sel,
                               error)
      || !orr_isolated_select (trim.iso, FALSE, options->outputs,
                               options->n_outputs ? options->n_outputs : 0, &trim.out_sel, error))
    goto out;
  if (options->outputs == NULL)
    g_array_set_size (trim.out_sel, 0); /* no outputs asked: derivatives only */

  trim.nx = orr_isolated_n_states (trim.iso);
  trim.n_residuals = trim.nx + (int)trim.out_sel->len;
  trim.n_unknowns = trim.n_vars + (options->vary_states ? trim.nx : 0)
                    + (options->vary_inputs ? (int)trim.in_sel->len : 0);
  if (trim.n_unknowns == 0 || trim.n_residuals == 0)
    {
      g_set_error_literal (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                           trim.n_unknowns == 0
                             ? "nothing to vary: name context variables, or vary the states or "
                               "the inputs"
                             : "nothing to make zero: the block has no states and no outputs "
                               "were chosen");
      goto out;
    }
  trim.u = g_new0 (double *, MAX (trim.iso->n_in_ports, 1));
  for (int k = 0; k < trim.iso->n_in_ports; k++)
    trim.u[k] = g_new0 (double, MAX (trim.iso->in_numel[k], 1));
  trim.x = g_new0 (double, MAX (trim.nx, 1));
  trim.f = g_new0 (double, MAX (trim.nx, 1));
  trim.y = g_new0 (double, MAX (orr_isolated_n_out (trim.iso), 1));

  p = g_new0 (double, trim.n_unknowns);
  memcpy (p, vars0, sizeof (double) * trim.n_vars);
  at = trim.n_vars;
  if (options->vary_states)
    {
      memcpy (p + at, trim.iso->program->nz > 0 ? trim.iso->z_op : trim.iso->x_op,
              sizeof (double) * trim.nx);
      at += trim.nx;
    }
  if (options->vary_inputs)
    for (guint j = 0; j < trim.in_sel->len; j++)
      {
        int port, element;

        orr_isolated_locate (trim.iso, TRUE, g_array_index (trim.in_sel, int, j), &port, &element);
        p[at++] = trim.iso->u_op[port][element];
      }

  square = trim.n_unknowns == trim.n_residuals;
  if (square)
    {
      ok = solve_kinsol (&trim, p, &result->iterations, error);
      result->method = g_strdup ("KINSOL (Newton with line search)");
    }
  else
    {
      ok = solve_least_squares (&trim, p, &result->iterations, error);
      result->method
        = g_strdup_printf ("Gauss-Newton on least squares (%d unknown%s, %d "
                           "equations)",
                           trim.n_unknowns, trim.n_unknowns == 1 ? "" : "s", trim.n_residuals);
    }
  if (!ok)
    goto out;

  /* the result, and the residuals at it */
  result->n_residuals = trim.n_residuals;
  result->residuals = g_new0 (double, trim.n_residuals);
  if (!residuals (&trim, p, result->residuals, error))
    {
      ok = FALSE;
      goto out;
    }
  result->residual_norm = max_abs (result->residuals, trim.n_residuals);
  result->residual_names = g_new0 (char *, trim.n_residuals + 1);
  for (int i = 0; i < trim.nx; i++)
    {
      g_autofree char *s = orr_isolated_state_name (trim.iso, i);

      result->residual_names[i]
        = g_strdup_printf ("%s %s", trim.iso->program->nz > 0 ? "step of" : "der", s);
    }
  for (guint i = 0; i < trim.out_sel->len; i++)
    {
      int port, element;

      orr_isolated_locate (trim.iso, FALSE, g_array_index (trim.out_sel, int, i), &port, &element);
      result->residual_names[trim.nx + i]
        = trim.iso->out_numel[port] == 1 ? g_strdup_printf ("output %d", port + 1)
                                         : g_strdup_printf ("output %d[%d]", port + 1, element + 1);
    }
  result->n_vars = trim.n_vars;
  result->var_names = g_new0 (char *, trim.n_vars + 1);
  result->var_values = g_new0 (double, MAX (trim.n_vars, 1));
  for (int i = 0; i < trim.n_vars; i++)
    {
      result->var_names[i] = g_strdup (options->vars[i]);
      result->var_values[i] = p[i];
    }
  result->nx = trim.nx;
  result->x = g_memdup2 (trim.x, sizeof (double) * MAX (trim.nx, 1));
  result->nu = (int)trim.in_sel->len;
  result->u = g_new0 (double, MAX (result->nu, 1));
  for (int j = 0; j < result->nu; j++)
    {
      int port, element;

      orr_isolated_locate (trim.iso, TRUE, g_array_index (trim.in_sel, int, j), &port, &element);
      result->u[j] = trim.u[port][element];
    }
  if (result->residual_norm > tol * 100)
    {
      GString *worst = g_string_new (NULL);

      for (int i = 0; i < trim.n_residuals; i++)
        if (fabs (result->residuals[i]) > tol * 100)
          g_string_append_printf (worst, "%s%s = %g", worst->len > 0 ? ", " : "",
                                  result->residual_names[i], result->residuals[i]);
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_SOLUTION,
                   "no equilibrium found (%s; iterations: %d): the residuals that stay are %s",
                   result->method, result->iterations, worst->str);
      g_string_free (worst, TRUE);
      ok = FALSE;
    }

out:
  if (trim.u != NULL)
    for (int k = 0; trim.iso != NULL && k < trim.iso->n_in_ports; k++)
      g_free (trim.u[k]);
  g_free (trim.u);
  g_free (trim.x);
  g_free (trim.f);
  g_free (trim.y);
  g_free (trim.iso_vars);
  if (trim.in_sel)
    g_array_unref (trim.in_sel);
  if (trim.out_sel)
    g_array_unref (trim.out_sel);
  g_clear_pointer (&trim.iso, orr_isolated_free);
  g_clear_error (&trim.error);
  return ok ? g_steal_pointer (&result) : NULL;
}
