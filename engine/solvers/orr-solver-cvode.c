/* orr-solver-cvode.c: the ODE backend on SUNDIALS CVODE: BDF with Newton,
 * Adams-Moulton with Newton or with fixed-point iteration.
 *
 * The Newton iterations use the matrix and linear solver the simulator
 * chose (dense, band or KLU, see orr-solver-linear.c). Without a Jacobian
 * callback CVODE forms difference quotients itself, which it does well for
 * dense and band matrices (grouping columns of a band). Everything else
 * is the shared SUNDIALS adapter (orr-solver-sundials.c).
 */

#include <cvode/cvode.h>
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

static const OrrSundialsCalls cvode_calls = {
  ORR_SUNDIALS_ODE_CALLS ("CVODE", CVode, cvode),
  ORR_SUNDIALS_ODE_NEWTON_CALLS (CVode),
  .convergence_failure = "the nonlinear iteration did not converge even with the smallest step; "
                         "the model may be singular or discontinuous there, or too stiff for "
                         "this solver",
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
