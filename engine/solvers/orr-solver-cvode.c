/* orr-solver-cvode.c: the ODE backend on SUNDIALS CVODE: BDF with Newton,
 * Adams-Moulton with Newton or with fixed-point iteration.
 *
 * The Newton iterations use the matrix and linear solver the simulator
 * chose (dense, band or KLU, see orr-solver-linear.c). Without a Jacobian
 * callback CVODE forms difference quotients itself, which it does well for
 * dense and band matrices (grouping columns of a band). Everything else
 * is the shared SUNDIALS adapter (orr-solver-sundials.c).
 */

#include <math.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "orr-solver-sundials.h"

G_STATIC_ASSERT (CV_SUCCESS == ORR_SUNDIALS_SUCCESS);
G_STATIC_ASSERT (CV_TSTOP_RETURN == ORR_SUNDIALS_TSTOP_RETURN);
G_STATIC_ASSERT (CV_ROOT_RETURN == ORR_SUNDIALS_ROOT_RETURN);

static int
cvode_init (OrrSundials *self, double t)
{
  return CVodeInit (self->mem, orr_sundials_ode_rhs, t, self->y);
}

static int
cvode_reinit (OrrSundials *self, double t)
{
  return CVodeReInit (self->mem, t, self->y);
}

static int
cvode_one_step (OrrSundials *self, double t_stop, realtype *t_reached)
{
  return CVode (self->mem, t_stop, self->y, t_reached, CV_ONE_STEP);
}

/* Newton needs nothing more; the fixed-point iteration replaces it. */
static gboolean
cvode_setup (OrrSundials *self, double t, GError **error)
{
  if (self->implicit)
    return TRUE;
  self->nonlinear = SUNNonlinSol_FixedPoint (self->y, 0, self->ctx);
  if (self->nonlinear == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "CVODE could not create its fixed-point iteration");
      return FALSE;
    }
  return orr_sundials_check (self, CVodeSetNonlinearSolver (self->mem, self->nonlinear),
                             "use the fixed-point iteration", error);
}

/* What CVODE's error control would choose after the last step: a step
 * that ends at a stop time was cut to fit, and CVODE then reports the cut
 * size, so the choice is redone here from the step's error estimate as
 * CVODE does (eta = 1 / ((6 dsm)^(1/(q+1)) + 1e-6), at most 10). Sampled
 * loops restart at every sample: starting from this step instead of a
 * fresh estimate halves their steps. */
static double
cvode_next_step (OrrSundials *self)
{
  realtype h = 0;
  long steps = 0;
  int q = 0, n = self->parent.options.n;
  double sum = 0, dsm, eta;
  const double *e, *w;

  /* (counters start again at a restart: no step since, no estimate) */
  if (CVodeGetNumSteps (self->mem, &steps) != CV_SUCCESS || steps == 0
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
  /* the WRMS norm, without the vector operations' calls */
  e = NV_DATA_S (self->ele);
  w = NV_DATA_S (self->ewt);
  for (int i = 0; i < n; i++)
    sum += (e[i] * w[i]) * (e[i] * w[i]);
  dsm = sqrt (sum / MAX (n, 1));
  /* (after a restart the order is 1 or 2: a square or cube root costs a
   * tenth of the general power) */
  if (!(dsm > 0))
    eta = 10.0;
  else if (q == 1)
    eta = 1.0 / (sqrt (6 * dsm) + 1e-6);
  else if (q == 2)
    eta = 1.0 / (cbrt (6 * dsm) + 1e-6);
  else
    eta = 1.0 / (pow (6 * dsm, 1.0 / (q + 1)) + 1e-6);
  return fabs (h) * MIN (eta, 10.0);
}

static const OrrSundialsCalls cvode_calls = {
  ORR_SUNDIALS_ODE_CALLS ("CVODE", CVode, cvode),
  ORR_SUNDIALS_ODE_NEWTON_CALLS (CVode),
  .convergence_failure = "the nonlinear iteration did not converge even with the smallest step; "
                         "the model may be singular or discontinuous there, or too stiff for "
                         "this solver",
  .next_step = cvode_next_step,
  .set_lin_sys_fn = CVodeSetLinSysFn,
  .wf_tolerances = CVodeWFtolerances,
};

OrrSolver *
orr_solver_cvode_new (const OrrSolverOptions *options, GError **error)
{
  OrrSundials *self = orr_sundials_new (&cvode_calls, options, error);

  if (self == NULL)
    return NULL;
  self->implicit = options->method != ORR_SOLVER_CVODE_ADAMS_FIXED_POINT;
  self->mem = CVodeCreate (options->method == ORR_SOLVER_CVODE_BDF ? CV_BDF : CV_ADAMS, self->ctx);
  if (self->mem == NULL)
    return orr_sundials_fail_new (self, error);
  return &self->parent;
}
