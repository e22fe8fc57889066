/* orr-solver-sundials.c: the solver class shared by the CVODE, ARKODE and
 * IDA backends (see orr-solver-sundials.h): set-up, restart, steps,
 * failures as sentences, roots, error estimates, dense output, freeing. */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "orr-solver-sundials.h"

/* ---- callbacks ----------------------------------------------------------- */

/* Every vector here is serial (made by N_VNew_Serial, or the integrator's
 * clones of one): their data are read through NV_DATA_S, not through the
 * vector operations' call. */

int
orr_sundials_ode_rhs (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.rhs (t, NV_DATA_S (y), NV_DATA_S (ydot), solver->options.data);
}

int
orr_sundials_dae_residual (realtype t, N_Vector y, N_Vector yp, N_Vector r, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.residual (t, NV_DATA_S (y), NV_DATA_S (yp), NV_DATA_S (r),
                                   solver->options.data);
}

static int
roots (realtype t, N_Vector y, N_Vector yp, realtype *gout, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.roots (t, NV_DATA_S (y), yp != NULL ? NV_DATA_S (yp) : NULL, gout,
                                solver->options.data);
}

static int
ode_roots (realtype t, N_Vector y, realtype *gout, void *user_data)
{
  return roots (t, y, NULL, gout, user_data);
}

/* d(x')/dx for the ODE integrators, dF/dx + cj dF/dx' for IDA; f is the
 * right-hand side (residual) at this point when the integrator gives it. */
static int
jacobian (realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector f, SUNMatrix jac,
          void *user_data)
{
  OrrSundials *self = user_data;

  if (self->calls->jacobian_own_base)
    f = NULL;
  return orr_solver_linear_jacobian (&self->parent.options, t, cj, NV_DATA_S (y),
                                     yp != NULL ? NV_DATA_S (yp) : NULL,
                                     f != NULL ? NV_DATA_S (f) : NULL, self->scratch, jac);
}

static int
ode_jacobian (realtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void *user_data, N_Vector tmp1,
              N_Vector tmp2, N_Vector tmp3)
{
  return jacobian (t, 0.0, y, NULL, fy, jac, user_data);
}

/* CVODE's Newton matrix I - gamma J for a dense Jacobian of the
 * simulator: what CVODE does itself around a Jacobian callback (keep a
 * copy of J, copy it back when it may be reused, scale and add the
 * identity), written for the one storage at hand, without the generic
 * matrix operations' calls and checks. The same numbers, the same
 * rounding. */
static int
ode_lin_sys (realtype t, N_Vector y, N_Vector fy, SUNMatrix a, booleantype jok, booleantype *jcur,
             realtype gamma, void *user_data, N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  OrrSundials *self = user_data;
  const OrrSolverOptions *options = &self->parent.options;
  gsize n = options->n, nn = n * n;
  double *j = self->saved_jac, *m = SM_DATA_D (a);

  if (!jok || !self->saved_jac_valid)
    {
      const OrrSparsity *sparsity = options->sparsity;
      /* a full pattern is the dense storage; any other is scattered */
      double *values = sparsity->full ? j : self->scratch;
      const double *f = self->calls->jacobian_own_base ? NULL : NV_DATA_S (fy);
      int status
        = options->jacobian (t, 0.0, NV_DATA_S (y), NULL, f, values, options->jacobian_data);

      self->saved_jac_valid = status == 0;
      if (status != 0)
        return status;
      if (!sparsity->full)
        {
          memset (j, 0, sizeof (double) * nn);
          for (int c = 0; c < sparsity->n; c++)
            for (int k = sparsity->colptr[c]; k < sparsity->colptr[c + 1]; k++)
              j[(gsize)c * n + sparsity->rowind[k]] = values[k];
        }
      *jcur = SUNTRUE;
    }
  else
    *jcur = SUNFALSE;
  for (gsize k = 0; k < nn; k++)
    m[k] = -gamma * j[k];
  for (gsize i = 0; i < n; i++)
    m[i * n + i] += 1.0;
  return 0;
}

static int
dae_jacobian (realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector r, SUNMatrix jac,
              void *user_data, N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  return jacobian (t, cj, y, yp, r, jac, user_data);
}

/* The error weights 1 / (rtol |y| + atol), as the integrators compute
 * them from scalar tolerances (the same operations in the same order,
 * and the same refusal of a weight that is not positive), in one pass
 * instead of five vector operations: they are computed at every step. */
static int
error_weights (N_Vector y, N_Vector ewt, void *user_data)
{
  OrrSundials *self = user_data;
  const double *yd = NV_DATA_S (y);
  double *w = NV_DATA_S (ewt);
  double rtol = self->parent.options.rtol, atol = self->parent.options.atol;
  int n = self->parent.options.n;

  for (int i = 0; i < n; i++)
    {
      double d = rtol * fabs (yd[i]) + atol;

      if (d <= 0)
        return -1;
      w[i] = 1.0 / d;
    }
  return 0;
}

/* SUNDIALS reports through this handler rather than stderr. Warnings
 * ("t + h = t") are noise for our users; errors are kept for the message
 * that explains the failure. */
static void
error_handler (int error_code, const char *module, const char *function, char *msg, void *user_data)
{
  OrrSolver *solver = user_data;

  if (error_code < 0)
    orr_solver_set_last_message (solver, msg);
}

gboolean
orr_sundials_check (OrrSundials *self, int flag, const char *what, GError **error)
{
  char *name;

  if (flag >= 0)
    return TRUE;
  name = self->calls->get_return_flag_name (flag);
  orr_solver_set_setup_error (&self->parent, error, what, flag, name);
  free (name);
  return FALSE;
}

/* ---- set-up and restart ------------------------------------------------ */

static gboolean
attach_linear_solver (OrrSundials *self, GError **error)
{
  const OrrSolverOptions *options = &self->parent.options;

  if (!orr_solver_linear_new (options, self->y, self->ctx, &self->matrix, &self->linear, error))
    return FALSE;
  if (!orr_sundials_check (self,
                           self->calls->set_linear_solver (self->mem, self->linear, self->matrix),
                           "attach its linear solver", error))
    return FALSE;
  if (options->jacobian == NULL)
    return TRUE;
  self->scratch = orr_solver_linear_scratch (options);
  if (self->calls->set_lin_sys_fn != NULL && !self->calls->dae
      && options->linear == ORR_LINEAR_DENSE && options->sparsity != NULL)
    {
      self->saved_jac = g_new0 (double, (gsize)options->n * options->n);
      return orr_sundials_check (self, self->calls->set_lin_sys_fn (self->mem, ode_lin_sys),
                                 "form its Newton matrix", error);
    }
  return orr_sundials_check (self,
                             self->calls->dae
                               ? self->calls->set_jac_fn.dae (self->mem, dae_jacobian)
                               : self->calls->set_jac_fn.ode (self->mem, ode_jacobian),
                             "use the Jacobian", error);
}

static gboolean
setup (OrrSundials *self, double t, GError **error)
{
  const OrrSundialsCalls *calls = self->calls;
  const OrrSolverOptions *options = &self->parent.options;
  void *mem;

  if (!orr_sundials_check (self, calls->init (self, t), "start", error))
    return FALSE;
  mem = self->mem;
  if (!orr_sundials_check (self, calls->set_user_data (mem, self), "accept its data", error)
      || !orr_sundials_check (self, calls->set_err_handler (mem, error_handler, self),
                              "install its error handler", error)
      || !orr_sundials_check (self,
                              calls->wf_tolerances != NULL
                                ? calls->wf_tolerances (mem, error_weights)
                                : calls->sstolerances (mem, options->rtol, options->atol),
                              "accept the tolerances", error))
    return FALSE;
  if (options->max_step > 0
      && !orr_sundials_check (self, calls->set_max_step (mem, options->max_step),
                              "set the maximum step", error))
    return FALSE;
  /* We ask for one step at a time, so the per-call step limit never
   * matters; "t + h = t" warnings are silenced by the handler anyway. */
  if (calls->set_max_hnil_warns != NULL
      && !orr_sundials_check (self, calls->set_max_hnil_warns (mem, -1), "silence warnings", error))
    return FALSE;
  if (options->ng > 0)
    {
      int flag = calls->dae ? calls->root_init.dae (mem, options->ng, roots)
                            : calls->root_init.ode (mem, options->ng, ode_roots);

      if (!orr_sundials_check (self, flag, "set up surfaces", error))
        return FALSE;
      /* (the integrator copies the directions, and keeps them across
       * reinitialisations) */
      if (options->root_direction != NULL)
        {
          g_autofree int *direction
            = g_memdup2 (options->root_direction, sizeof (int) * options->ng);

          if (!orr_sundials_check (self, calls->set_root_direction (mem, direction),
                                   "set the surfaces' directions", error))
            return FALSE;
        }
      /* Surfaces that stay at zero (a Sign of a constant) are legal. */
      if (!orr_sundials_check (self, calls->set_no_inactive_root_warn (mem),
                               "silence surface warnings", error))
        return FALSE;
    }
  if (!calls->setup (self, t, error))
    return FALSE;
  return !self->implicit || attach_linear_solver (self, error);
}

/* The cold (re)start of orr_solver_restart(): the first one sets the
 * integrator up, later ones reinitialise it; then the first step's bound.
 * Kept apart from the rest so that what carries over a restart is decided
 * in one place. */
static gboolean
sundials_restart (OrrSolver *solver, double t, const double *x, const double *xd, double t_next,
                  double h0, GError **error)
{
  OrrSundials *self = (OrrSundials *)solver;
  const OrrSundialsCalls *calls = self->calls;
  gsize size = sizeof (double) * solver->options.n;

  memcpy (NV_DATA_S (self->y), x, size);
  if (self->yp != NULL && xd != NULL)
    memcpy (NV_DATA_S (self->yp), xd, size);
  else if (self->yp != NULL)
    N_VConst (0.0, self->yp);
  self->t = t;

  if (!self->initialised)
    {
      if (!setup (self, t, error))
        return FALSE;
      self->initialised = TRUE;
    }
  else if (!orr_sundials_check (self, calls->reinit (self, t), "restart", error))
    return FALSE;

  if (!orr_sundials_check (self, calls->set_init_step (self->mem, h0 > 0 ? h0 : 0.0),
                           "set the first step", error))
    return FALSE;
  return calls->after_restart == NULL || calls->after_restart (self, t, t_next, error);
}

/* ---- steps and their failures ------------------------------------------ */

#define ERROR_TEST_FAILURE                                                                         \
  "the error test failed repeatedly and the step size fell to its minimum; the model may be "      \
  "discontinuous there (a missing zero crossing) or have events accumulating (Zeno behaviour)"
#define CONVERGENCE_FAILURE                                                                        \
  "the Newton iteration did not converge even with the smallest step; the model may be singular "  \
  "or discontinuous there"

/* What a failed step means, by the flag's name without its prefix
 * (CV_, ARK_, IDA_): the integrators name the same failure alike. */
static const struct
{
  const char *name;
  const char *explanation; /* NULL: the method's sentence, or the general one */
  gboolean callback;       /* a callback of ours failed */
} failures[] = {
  { "TOO_MUCH_WORK", "it took too many steps", FALSE },
  { "TOO_MUCH_ACC", "the requested accuracy is beyond what double precision can deliver", FALSE },
  { "ERR_FAILURE", NULL, FALSE },
  { "ERR_FAIL", NULL, FALSE },
  { "CONV_FAILURE", NULL, FALSE },
  { "CONV_FAIL", NULL, FALSE },
  { "LSETUP_FAIL", "the Jacobian matrix is singular", FALSE },
  { "LSOLVE_FAIL", "the Jacobian matrix is singular", FALSE },
  { "RHSFUNC_FAIL", "computing the derivatives failed", TRUE },
  { "UNREC_RHSFUNC_ERR", "computing the derivatives failed", TRUE },
  { "FIRST_RHSFUNC_ERR", "computing the derivatives failed", TRUE },
  { "REPTD_RHSFUNC_ERR", "computing the derivatives failed", FALSE },
  { "RES_FAIL", "computing the residual failed", TRUE },
  { "REP_RES_ERR", "computing the residual failed", FALSE },
  { "RTFUNC_FAIL", "computing the zero-crossing surfaces failed", TRUE },
  { "TOO_CLOSE", "the interval is too short to integrate", FALSE },
};

static void
set_step_failure (OrrSundials *self, int flag, double t_stop, double t_now, GError **error)
{
  char *name = self->calls->get_return_flag_name (flag);
  const char *bare = name != NULL && strchr (name, '_') != NULL ? strchr (name, '_') + 1 : "";
  const char *explanation = "the integrator failed";
  gboolean callback = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (failures); i++)
    if (strcmp (bare, failures[i].name) == 0)
      {
        callback = failures[i].callback;
        explanation = failures[i].explanation;
        if (explanation == NULL && g_str_has_prefix (bare, "ERR_"))
          explanation = self->calls->error_test_failure != NULL ? self->calls->error_test_failure
                                                                : ERROR_TEST_FAILURE;
        else if (explanation == NULL)
          explanation = self->calls->convergence_failure != NULL ? self->calls->convergence_failure
                                                                 : CONVERGENCE_FAILURE;
        break;
      }
  orr_solver_set_step_error (&self->parent, error, t_stop, t_now, flag, name, explanation);
  free (name);
  if (callback && error != NULL && *error != NULL)
    (*error)->code = ORR_SOLVER_ERROR_CALLBACK;
}

static OrrSolverStatus
sundials_step (OrrSolver *solver, double t_stop, double *t, GError **error)
{
  OrrSundials *self = (OrrSundials *)solver;
  realtype t_reached = self->t, t_now = NAN;
  int flag;

  if (!orr_sundials_check (self, self->calls->set_stop_time (self->mem, t_stop),
                           "set the stop time", error))
    return ORR_SOLVER_FAILED;

  flag = self->calls->one_step (self, t_stop, &t_reached);
  switch (flag)
    {
      case ORR_SUNDIALS_SUCCESS:
        self->t = *t = t_reached;
        return ORR_SOLVER_STEP;
      case ORR_SUNDIALS_TSTOP_RETURN:
        /* The stop time is hit exactly: events there see x(t_stop). */
        self->t = *t = t_stop;
        return ORR_SOLVER_STOP;
      case ORR_SUNDIALS_ROOT_RETURN:
        self->t = *t = t_reached;
        return ORR_SOLVER_ROOT;
      default:
        if (self->calls->get_current_time (self->mem, &t_now) != ORR_SUNDIALS_SUCCESS)
          t_now = NAN;
        set_step_failure (self, flag, t_stop, t_now, error);
        *t = t_now;
        return ORR_SOLVER_FAILED;
    }
}

/* ---- after a step ------------------------------------------------------ */

static const double *
sundials_get_x (OrrSolver *solver)
{
  return NV_DATA_S (((OrrSundials *)solver)->y);
}

static const double *
sundials_get_xd (OrrSolver *solver)
{
  OrrSundials *self = (OrrSundials *)solver;

  return self->yp != NULL ? NV_DATA_S (self->yp) : NULL;
}

static void
sundials_get_roots (OrrSolver *solver, int *jroot)
{
  OrrSundials *self = (OrrSundials *)solver;

  if (self->calls->get_root_info (self->mem, jroot) != ORR_SUNDIALS_SUCCESS)
    memset (jroot, 0, sizeof (int) * solver->options.ng);
}

static int
sundials_worst_component (OrrSolver *solver)
{
  OrrSundials *self = (OrrSundials *)solver;
  int n = solver->options.n;
  N_Vector ele = N_VClone (self->y);
  N_Vector ewt = N_VClone (self->y);
  int worst = -1;

  if (ele != NULL && ewt != NULL
      && self->calls->get_est_local_errors (self->mem, ele) == ORR_SUNDIALS_SUCCESS
      && self->calls->get_err_weights (self->mem, ewt) == ORR_SUNDIALS_SUCCESS)
    {
      const double *e = NV_DATA_S (ele);
      const double *w = NV_DATA_S (ewt);
      double largest = 0;

      for (int i = 0; i < n; i++)
        if (fabs (e[i] * w[i]) > largest)
          {
            largest = fabs (e[i] * w[i]);
            worst = i;
          }
    }
  if (ele != NULL)
    N_VDestroy (ele);
  if (ewt != NULL)
    N_VDestroy (ewt);
  return worst;
}

/* The root finders of CVODE, ARKODE and IDA stop within 100 roundings of
 * (|tn| + |h|). */
static double
sundials_root_width (OrrSolver *solver)
{
  OrrSundials *self = (OrrSundials *)solver;
  realtype tn = self->t, h = 0;

  if (self->calls->get_current_time (self->mem, &tn) != ORR_SUNDIALS_SUCCESS
      || self->calls->get_current_step (self->mem, &h) != ORR_SUNDIALS_SUCCESS)
    return 0.0;
  return 100 * (DBL_EPSILON / 2) * (fabs (tn) + fabs (h));
}

/* x(t), and for the DAE backend x'(t) when xd is not NULL. */
static gboolean
sundials_interpolate (OrrSolver *solver, double t, double *x, double *xd)
{
  OrrSundials *self = (OrrSundials *)solver;
  N_Vector out = N_VMake_Serial (solver->options.n, x, self->ctx);
  int flag;

  if (out == NULL)
    return FALSE;
  flag = self->calls->get_dky (self->mem, t, 0, out);
  if (flag == ORR_SUNDIALS_SUCCESS && xd != NULL && self->yp != NULL)
    {
      N_VSetArrayPointer (xd, out);
      flag = self->calls->get_dky (self->mem, t, 1, out);
    }
  N_VDestroy (out);
  return flag == ORR_SUNDIALS_SUCCESS;
}

/* ---- life ---------------------------------------------------------------- */

static void
sundials_free (OrrSolver *solver)
{
  OrrSundials *self = (OrrSundials *)solver;

  if (self->mem != NULL)
    self->calls->free (&self->mem);
  if (self->linear != NULL)
    SUNLinSolFree (self->linear);
  if (self->nonlinear != NULL)
    SUNNonlinSolFree (self->nonlinear);
  if (self->matrix != NULL)
    SUNMatDestroy (self->matrix);
  if (self->y != NULL)
    N_VDestroy (self->y);
  if (self->yp != NULL)
    N_VDestroy (self->yp);
  if (self->ele != NULL)
    N_VDestroy (self->ele);
  if (self->ewt != NULL)
    N_VDestroy (self->ewt);
  if (self->ctx != NULL)
    SUNContext_Free (&self->ctx);
  g_free (self->scratch);
  g_free (self->saved_jac);
  g_free (self);
}

static double
sundials_next_step (OrrSolver *solver)
{
  OrrSundials *self = (OrrSundials *)solver;

  return self->calls->next_step != NULL && self->initialised ? self->calls->next_step (self) : 0.0;
}

static const OrrSolverClass sundials_class = {
  ORR_SOLVER_CLASS (sundials),
  .root_width = sundials_root_width,
  .interpolate = sundials_interpolate,
  .next_step = sundials_next_step,
};

OrrSundials *
orr_sundials_new (const OrrSundialsCalls *calls, const OrrSolverOptions *options, GError **error)
{
  OrrSundials *self = g_new0 (OrrSundials, 1);

  self->parent.klass = &sundials_class;
  self->parent.options = *options;
  self->parent.name = calls->name;
  self->calls = calls;

  /* One context per solver, hence per simulation: SUNDIALS keeps
   * profiling and logging state in it, and simulations run on separate
   * threads. */
  if (SUNContext_Create (NULL, &self->ctx) != 0 || self->ctx == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "could not create a SUNDIALS context");
      orr_solver_free (&self->parent);
      return NULL;
    }
  self->y = N_VNew_Serial (options->n, self->ctx);
  /* The integrators combine several vectors at once (the Nordsieck
   * history, the corrector): with fused operations that is one call for
   * all of them rather than a scale and a sum per vector. On a few states
   * the calls are the cost; on thousands the fused loops take a few
   * per cent more instructions than the separate ones (callgrind,
   * bench-lag-chain 1000), so only small systems use them. The vectors
   * the integrators clone from y inherit the choice. */
  if (self->y != NULL && options->n <= 16)
    N_VEnableFusedOps_Serial (self->y, SUNTRUE);
  if (self->y != NULL && calls->dae)
    {
      self->yp = N_VClone (self->y);
      if (self->yp != NULL)
        N_VConst (0.0, self->yp);
    }
  if (self->y == NULL || (calls->dae && self->yp == NULL))
    {
      orr_sundials_fail_new (self, error);
      return NULL;
    }
  return self;
}

OrrSolver *
orr_sundials_fail_new (OrrSundials *self, GError **error)
{
  g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
               "could not allocate %s for %d states", self->calls->name, self->parent.options.n);
  orr_solver_free (&self->parent);
  return NULL;
}
