/* orr-solver-cvode.c: the ODE backend on SUNDIALS CVODE: BDF with Newton,
 * Adams-Moulton with Newton or with fixed-point iteration.
 *
 * The Newton iterations use the matrix and linear solver the simulator
 * chose (dense, band or KLU, see orr-solver-linear.c). Without a Jacobian
 * callback CVODE forms difference quotients itself, which it does well for
 * dense and band matrices (grouping columns of a band).
 */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "orr-solver.h"

typedef struct
{
  OrrSolver parent;

  SUNContext ctx;
  void *mem;
  N_Vector y;
  SUNMatrix matrix;
  SUNLinearSolver linear;
  SUNNonlinearSolver nonlinear;
  gboolean initialised;
  double *scratch; /* Jacobian values on their way into a band matrix */
  double t;        /* where the last step ended */
  N_Vector ele, ewt; /* scratch for cvode_next_step */
} OrrSolverCvode;

static int
cvode_rhs (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.rhs (t, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot),
                              solver->options.data);
}

static int
cvode_roots (realtype t, N_Vector y, realtype *gout, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.roots (t, N_VGetArrayPointer (y), NULL, gout, solver->options.data);
}

static int
cvode_jacobian (realtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void *user_data, N_Vector tmp1,
                N_Vector tmp2, N_Vector tmp3)
{
  OrrSolverCvode *self = user_data;

  return orr_solver_linear_jacobian (&self->parent.options, t, 0.0, N_VGetArrayPointer (y), NULL,
                                     N_VGetArrayPointer (fy), self->scratch, jac);
}

/* SUNDIALS reports through this handler rather than stderr. Warnings
 * ("t + h = t") are noise for our users; errors are kept for the message
 * that explains the failure. */
static void
cvode_error_handler (int error_code, const char *module, const char *function, char *msg,
                     void *user_data)
{
  OrrSolver *solver = user_data;

  if (error_code < 0)
    orr_solver_set_last_message (solver, msg);
}

static gboolean
check (OrrSolver *solver, int flag, const char *what, GError **error)
{
  char *name;

  if (flag >= 0)
    return TRUE;
  name = CVodeGetReturnFlagName (flag);
  orr_solver_set_setup_error (solver, error, what, flag, name);
  free (name);
  return FALSE;
}

static gboolean
cvode_setup (OrrSolverCvode *self, double t, GError **error)
{
  OrrSolver *solver = &self->parent;
  const OrrSolverOptions *options = &solver->options;

  if (!check (solver, CVodeInit (self->mem, cvode_rhs, t, self->y), "start", error))
    return FALSE;
  if (!check (solver, CVodeSetUserData (self->mem, self), "accept its data", error))
    return FALSE;
  if (!check (solver, CVodeSetErrHandlerFn (self->mem, cvode_error_handler, self),
              "install its error handler", error))
    return FALSE;
  if (!check (solver, CVodeSStolerances (self->mem, options->rtol, options->atol),
              "accept the tolerances", error))
    return FALSE;
  if (options->max_step > 0
      && !check (solver, CVodeSetMaxStep (self->mem, options->max_step), "set the maximum step",
                 error))
    return FALSE;
  /* We ask for one step at a time, so the per-call step limit never
   * matters; "t + h = t" warnings are silenced by the handler anyway. */
  if (!check (solver, CVodeSetMaxHnilWarns (self->mem, -1), "silence warnings", error))
    return FALSE;

  if (options->ng > 0)
    {
      if (!check (solver, CVodeRootInit (self->mem, options->ng, cvode_roots), "set up surfaces",
                  error))
        return FALSE;
      /* Surfaces that stay at zero (a Sign of a constant) are legal. */
      if (!check (solver, CVodeSetNoInactiveRootWarn (self->mem), "silence surface warnings",
                  error))
        return FALSE;
    }

  if (options->method == ORR_SOLVER_CVODE_ADAMS_FIXED_POINT)
    {
      self->nonlinear = SUNNonlinSol_FixedPoint (self->y, 0, self->ctx);
      if (self->nonlinear == NULL)
        {
          g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                               "CVODE could not create its fixed-point iteration");
          return FALSE;
        }
      return check (solver, CVodeSetNonlinearSolver (self->mem, self->nonlinear),
                    "use the fixed-point iteration", error);
    }

  if (!orr_solver_linear_new (options, self->y, self->ctx, &self->matrix, &self->linear, error))
    return FALSE;
  if (!check (solver, CVodeSetLinearSolver (self->mem, self->linear, self->matrix),
              "attach its linear solver", error))
    return FALSE;
  if (options->jacobian != NULL)
    {
      self->scratch = orr_solver_linear_scratch (options);
      if (!check (solver, CVodeSetJacFn (self->mem, cvode_jacobian), "use the Jacobian", error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
cvode_restart (OrrSolver *solver, double t, const double *x, const double *xd, double t_next,
               double h0, GError **error)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;

  memcpy (N_VGetArrayPointer (self->y), x, sizeof (double) * solver->options.n);
  self->t = t;

  if (!self->initialised)
    {
      if (!cvode_setup (self, t, error))
        return FALSE;
      self->initialised = TRUE;
    }
  else if (!check (solver, CVodeReInit (self->mem, t, self->y), "restart", error))
    return FALSE;

  return check (solver, CVodeSetInitStep (self->mem, h0 > 0 ? h0 : 0.0), "set the first step",
                error);
}

static const char *
explain (int flag)
{
  switch (flag)
    {
      case CV_TOO_MUCH_WORK:
        return "it took too many steps";
      case CV_TOO_MUCH_ACC:
        return "the requested accuracy is beyond what double precision can deliver";
      case CV_ERR_FAILURE:
        return "the error test failed repeatedly and the step size fell to its minimum; "
               "the model may be discontinuous there (a missing zero crossing) or have "
               "events accumulating (Zeno behaviour)";
      case CV_CONV_FAILURE:
        return "the nonlinear iteration did not converge even with the smallest step; the model "
               "may be singular or discontinuous there, or too stiff for this solver";
      case CV_LSETUP_FAIL:
      case CV_LSOLVE_FAIL:
        return "the Jacobian matrix is singular";
      case CV_RHSFUNC_FAIL:
      case CV_UNREC_RHSFUNC_ERR:
      case CV_REPTD_RHSFUNC_ERR:
      case CV_FIRST_RHSFUNC_ERR:
        return "computing the derivatives failed";
      case CV_RTFUNC_FAIL:
        return "computing the zero-crossing surfaces failed";
      case CV_TOO_CLOSE:
        return "the interval is too short to integrate";
      default:
        return "the integrator failed";
    }
}

static OrrSolverStatus
cvode_step (OrrSolver *solver, double t_stop, double *t, GError **error)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;
  realtype t_reached = self->t;
  int flag;

  flag = CVodeSetStopTime (self->mem, t_stop);
  if (!check (solver, flag, "set the stop time", error))
    return ORR_SOLVER_FAILED;

  flag = CVode (self->mem, t_stop, self->y, &t_reached, CV_ONE_STEP);
  switch (flag)
    {
      case CV_SUCCESS:
        self->t = *t = t_reached;
        return ORR_SOLVER_STEP;
      case CV_TSTOP_RETURN:
        /* The stop time is hit exactly: events there see x(t_stop). */
        self->t = *t = t_stop;
        return ORR_SOLVER_STOP;
      case CV_ROOT_RETURN:
        self->t = *t = t_reached;
        return ORR_SOLVER_ROOT;
      default:
        {
          char *name = CVodeGetReturnFlagName (flag);
          realtype t_now = NAN;

          if (CVodeGetCurrentTime (self->mem, &t_now) != CV_SUCCESS)
            t_now = NAN;
          orr_solver_set_step_error (solver, error, t_stop, t_now, flag, name, explain (flag));
          free (name);
          if (error != NULL && *error != NULL
              && (flag == CV_RHSFUNC_FAIL || flag == CV_UNREC_RHSFUNC_ERR
                  || flag == CV_FIRST_RHSFUNC_ERR || flag == CV_RTFUNC_FAIL))
            (*error)->code = ORR_SOLVER_ERROR_CALLBACK;
          *t = t_now;
          return ORR_SOLVER_FAILED;
        }
    }
}

static const double *
cvode_get_x (OrrSolver *solver)
{
  return N_VGetArrayPointer (((OrrSolverCvode *) solver)->y);
}

static const double *
cvode_get_xd (OrrSolver *solver)
{
  return NULL;
}

static void
cvode_get_roots (OrrSolver *solver, int *jroot)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;

  if (CVodeGetRootInfo (self->mem, jroot) != CV_SUCCESS)
    memset (jroot, 0, sizeof (int) * solver->options.ng);
}

static int
cvode_worst_component (OrrSolver *solver)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;
  int n = solver->options.n;
  N_Vector ele = N_VClone (self->y);
  N_Vector ewt = N_VClone (self->y);
  int worst = -1;

  if (ele != NULL && ewt != NULL && CVodeGetEstLocalErrors (self->mem, ele) == CV_SUCCESS
      && CVodeGetErrWeights (self->mem, ewt) == CV_SUCCESS)
    {
      const double *e = N_VGetArrayPointer (ele);
      const double *w = N_VGetArrayPointer (ewt);
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

/* CVODE's root finder stops within 100 roundings of (|tn| + |h|). */
static double
cvode_root_width (OrrSolver *solver)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;
  realtype tn = self->t, h = 0;

  if (CVodeGetCurrentTime (self->mem, &tn) != CV_SUCCESS
      || CVodeGetCurrentStep (self->mem, &h) != CV_SUCCESS)
    return 0.0;
  return 100 * (DBL_EPSILON / 2) * (fabs (tn) + fabs (h));
}

static gboolean
cvode_interpolate (OrrSolver *solver, double t, double *x, double *xd)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;
  N_Vector out = N_VMake_Serial (solver->options.n, x, self->ctx);
  int flag;

  if (out == NULL)
    return FALSE;
  flag = CVodeGetDky (self->mem, t, 0, out);
  N_VDestroy (out);
  return flag == CV_SUCCESS;
}

/* What CVODE's error control would choose after the last step: a step
 * that ends at a stop time was cut to fit, and CVODE then reports the cut
 * size, so the choice is redone here from the step's error estimate as
 * CVODE does (eta = 1 / ((6 dsm)^(1/(q+1)) + 1e-6), at most 10). */
static double
cvode_next_step (OrrSolver *solver)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;
  realtype h = 0, dsm;
  long steps = 0;
  int q = 0;
  double eta;

  /* (counters start again at a restart: no step since, no estimate) */
  if (!self->initialised || CVodeGetNumSteps (self->mem, &steps) != CV_SUCCESS || steps == 0
      || CVodeGetLastStep (self->mem, &h) != CV_SUCCESS
      || CVodeGetLastOrder (self->mem, &q) != CV_SUCCESS || q < 1)
    return 0.0;
  if (self->ele == NULL)
    {
      self->ele = N_VClone (self->y);
      self->ewt = N_VClone (self->y);
      if (self->ele == NULL || self->ewt == NULL)
        return 0.0;
    }
  if (CVodeGetEstLocalErrors (self->mem, self->ele) != CV_SUCCESS
      || CVodeGetErrWeights (self->mem, self->ewt) != CV_SUCCESS)
    return 0.0;
  {
    /* the WRMS norm, without the vector operations' calls */
    const double *e = N_VGetArrayPointer (self->ele), *w = N_VGetArrayPointer (self->ewt);
    int n = solver->options.n;
    double sum = 0;

    for (int i = 0; i < n; i++)
      sum += (e[i] * w[i]) * (e[i] * w[i]);
    dsm = sqrt (sum / n);
  }
  eta = dsm > 0 ? 1.0 / (pow (6 * dsm, 1.0 / (q + 1)) + 1e-6) : 10.0;
  return fabs (h) * MIN (eta, 10.0);
}

static void
cvode_free (OrrSolver *solver)
{
  OrrSolverCvode *self = (OrrSolverCvode *) solver;

  if (self->mem != NULL)
    CVodeFree (&self->mem);
  if (self->linear != NULL)
    SUNLinSolFree (self->linear);
  if (self->nonlinear != NULL)
    SUNNonlinSolFree (self->nonlinear);
  if (self->matrix != NULL)
    SUNMatDestroy (self->matrix);
  if (self->y != NULL)
    N_VDestroy (self->y);
  if (self->ele != NULL)
    N_VDestroy (self->ele);
  if (self->ewt != NULL)
    N_VDestroy (self->ewt);
  if (self->ctx != NULL)
    SUNContext_Free (&self->ctx);
  g_free (self->scratch);
  g_free (self);
}

static const OrrSolverClass cvode_class = {
  .restart = cvode_restart,
  .step = cvode_step,
  .get_x = cvode_get_x,
  .get_xd = cvode_get_xd,
  .get_roots = cvode_get_roots,
  .worst_component = cvode_worst_component,
  .root_width = cvode_root_width,
  .interpolate = cvode_interpolate,
  .next_step = cvode_next_step,
  .free = cvode_free,
};

OrrSolver *
orr_solver_cvode_new (const OrrSolverOptions *options, GError **error)
{
  OrrSolverCvode *self = g_new0 (OrrSolverCvode, 1);
  OrrSolver *solver = &self->parent;
  int lmm = options->method == ORR_SOLVER_CVODE_BDF ? CV_BDF : CV_ADAMS;

  solver->klass = &cvode_class;
  solver->options = *options;
  solver->name = "CVODE";

  /* One context per solver, hence per simulation: SUNDIALS keeps
   * profiling and logging state in it, and simulations run on separate
   * threads. */
  if (SUNContext_Create (NULL, &self->ctx) != 0 || self->ctx == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "could not create a SUNDIALS context");
      orr_solver_free (solver);
      return NULL;
    }
  self->y = N_VNew_Serial (options->n, self->ctx);
  self->mem = self->y != NULL ? CVodeCreate (lmm, self->ctx) : NULL;
  if (self->mem == NULL)
    {
      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                   "could not allocate CVODE for %d states", options->n);
      orr_solver_free (solver);
      return NULL;
    }
  return solver;
}
