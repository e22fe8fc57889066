/* orr-solver-arkode.c: the one-step backends on SUNDIALS ARKODE.
 *
 *  - explicit embedded Runge-Kutta pairs with ERKStep: Dormand-Prince 5(4),
 *    Bogacki-Shampine 3(2) and Cash-Karp 5(4). Single-step methods lose
 *    nothing at a cold restart, which suits models with many events.
 *  - SDIRK 4(3) (Hairer and Wanner's L-stable five-stage method) with
 *    ARKStep, the right-hand side treated as wholly implicit, Newton
 *    iterations on the simulator's dense, band or KLU matrix: stiff models.
 *
 * ERKStep and ARKStep have the same calls under two prefixes, so each is
 * one table for the shared SUNDIALS adapter (orr-solver-sundials.c).
 * ARKODE creates its memory with the initial state, at the first restart.
 */

#include <arkode/arkode_arkstep.h>
#include <arkode/arkode_erkstep.h>

#include "orr-solver-sundials.h"

G_STATIC_ASSERT (ARK_SUCCESS == ORR_SUNDIALS_SUCCESS);
G_STATIC_ASSERT (ARK_TSTOP_RETURN == ORR_SUNDIALS_TSTOP_RETURN);
G_STATIC_ASSERT (ARK_ROOT_RETURN == ORR_SUNDIALS_ROOT_RETURN);

/* An explicit method cannot tell stiffness from a discontinuity. */
#define ARKODE_ERROR_TEST_FAILURE                                                                  \
  "the error test failed repeatedly and the step size fell to its minimum; the model may be "      \
  "discontinuous there (a missing zero crossing), have events accumulating (Zeno behaviour), or "  \
  "be too stiff for an explicit method"

/* ---- explicit: ERKStep ------------------------------------------------- */

static int
erk_init (OrrSundials *self, double t)
{
  if (self->mem == NULL) /* else a set-up that failed once, tried again */
    self->mem = ERKStepCreate (orr_sundials_ode_rhs, t, self->y, self->ctx);
  return self->mem != NULL ? ARK_SUCCESS : ARK_MEM_FAIL;
}

static int
erk_reinit (OrrSundials *self, double t)
{
  return ERKStepReInit (self->mem, orr_sundials_ode_rhs, t, self->y);
}

static int
erk_one_step (OrrSundials *self, double t_stop, realtype *t_reached)
{
  return ERKStepEvolve (self->mem, t_stop, self->y, t_reached, ARK_ONE_STEP);
}

static gboolean
erk_setup (OrrSundials *self, double t, GError **error)
{
  OrrSolverMethod method = self->parent.options.method;
  ARKODE_ERKTableID table = method == ORR_SOLVER_BOGACKI_SHAMPINE ? ARKODE_BOGACKI_SHAMPINE_4_2_3
                            : method == ORR_SOLVER_CASH_KARP      ? ARKODE_CASH_KARP_6_4_5
                                                                  : ARKODE_DORMAND_PRINCE_7_4_5;

  return orr_sundials_check (self, ERKStepSetTableNum (self->mem, table),
                             "select the Runge-Kutta method", error);
}

static const OrrSundialsCalls erk_calls = {
  ORR_SUNDIALS_ODE_CALLS ("ARKODE (ERKStep)", ERKStep, erk),
  .error_test_failure = ARKODE_ERROR_TEST_FAILURE,
};

/* ---- implicit: ARKStep with SDIRK -------------------------------------- */

static int
ark_init (OrrSundials *self, double t)
{
  if (self->mem == NULL)
    self->mem = ARKStepCreate (NULL, orr_sundials_ode_rhs, t, self->y, self->ctx);
  return self->mem != NULL ? ARK_SUCCESS : ARK_MEM_FAIL;
}

static int
ark_reinit (OrrSundials *self, double t)
{
  return ARKStepReInit (self->mem, NULL, orr_sundials_ode_rhs, t, self->y);
}

static int
ark_one_step (OrrSundials *self, double t_stop, realtype *t_reached)
{
  return ARKStepEvolve (self->mem, t_stop, self->y, t_reached, ARK_ONE_STEP);
}

static gboolean
ark_setup (OrrSundials *self, double t, GError **error)
{
  if (!orr_sundials_check (self,
                           ARKStepSetTableNum (self->mem, ARKODE_SDIRK_5_3_4, ARKODE_ERK_NONE),
                           "select the SDIRK method", error))
    return FALSE;
  /* ARKODE keeps the Newton matrix I - gamma J until gamma has changed by
   * 20%, and judges convergence with the contraction rate of earlier
   * steps. On a linear model with an exact Jacobian that rate is about
   * zero, so a single iteration with a stale gamma is taken as converged
   * and the stage keeps an error the error estimate cannot see (both
   * solutions share it): 1e-7 at rtol 1e-8 on a chain of lags, after the
   * step shrinks for a stop time. Refactoring on any change above 1%
   * costs little and removes that. */
  return orr_sundials_check (self, ARKStepSetDeltaGammaMax (self->mem, 0.01),
                             "set its Newton matrix policy", error);
}

static const OrrSundialsCalls ark_calls = {
  ORR_SUNDIALS_ODE_CALLS ("ARKODE (ARKStep)", ARKStep, ark),
  ORR_SUNDIALS_ODE_NEWTON_CALLS (ARKStep),
  /* fy is not documented to be f(t, y) for every stage predictor */
  .jacobian_own_base = TRUE,
  .error_test_failure = ARKODE_ERROR_TEST_FAILURE,
};

OrrSolver *
orr_solver_arkode_new (const OrrSolverOptions *options, GError **error)
{
  gboolean implicit = options->method == ORR_SOLVER_SDIRK;
  OrrSundials *self = orr_sundials_new (implicit ? &ark_calls : &erk_calls, options, error);

  if (self == NULL)
    return NULL;
  self->implicit = implicit;
  return &self->parent;
}
