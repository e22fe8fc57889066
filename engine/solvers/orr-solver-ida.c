/* orr-solver-ida.c: the DAE backend, SUNDIALS IDA, on the shared SUNDIALS
 * adapter (orr-solver-sundials.c).
 *
 * The simulator hands us F(t, x, x') = 0 for the whole model (explicit
 * blocks contribute x'_block - x'). IDA needs to know which components
 * are algebraic (F does not depend on their derivative) to compute
 * consistent initial values; blocks do not declare that, so we find out
 * once, by perturbing each x'_i and watching whether F moves. After every
 * restart IDA makes x' (and the algebraic part of x) consistent.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ida/ida.h>

#include "orr-solver-sundials.h"

G_STATIC_ASSERT (IDA_SUCCESS == ORR_SUNDIALS_SUCCESS);
G_STATIC_ASSERT (IDA_TSTOP_RETURN == ORR_SUNDIALS_TSTOP_RETURN);
G_STATIC_ASSERT (IDA_ROOT_RETURN == ORR_SUNDIALS_ROOT_RETURN);

static int
ida_init (OrrSundials *self, double t)
{
  return IDAInit (self->mem, orr_sundials_dae_residual, t, self->y, self->yp);
}

static int
ida_reinit (OrrSundials *self, double t)
{
  return IDAReInit (self->mem, t, self->y, self->yp);
}

static int
ida_one_step (OrrSundials *self, double t_stop, realtype *t_reached)
{
  return IDASolve (self->mem, t_stop, t_reached, self->y, self->yp, IDA_ONE_STEP);
}

/* Marks each component differential (1) or algebraic (0) from how the
 * residual reacts to its derivative. States of explicit blocks are
 * differential by construction (their residual is x'_block - x'); only
 * the implicit blocks' states need probing. */
static gboolean
ida_find_algebraic (OrrSundials *self, double t, double *id, GError **error)
{
  OrrSolver *solver = &self->parent;
  int n = solver->options.n;
  g_autofree double *yp = g_new (double, n);
  g_autofree double *r0 = g_new (double, n);
  g_autofree double *r1 = g_new (double, n);
  const double *y = N_VGetArrayPointer (self->y);

  memcpy (yp, N_VGetArrayPointer (self->yp), sizeof (double) * n);
  if (solver->options.residual (t, y, yp, r0, solver->options.data) != 0)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_CALLBACK,
                           "computing the residual at the start failed");
      return FALSE;
    }

  for (int i = 0; i < n; i++)
    {
      double saved = yp[i];
      gboolean moved = FALSE;

      if (solver->options.implicit_state != NULL && !solver->options.implicit_state[i])
        {
          id[i] = 1.0;
          continue;
        }
      yp[i] = saved + 1e-3 * (1.0 + fabs (saved));
      if (solver->options.residual (t, y, yp, r1, solver->options.data) != 0)
        {
          g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_CALLBACK,
                               "computing the residual at the start failed");
          return FALSE;
        }
      yp[i] = saved;
      for (int k = 0; k < n && !moved; k++)
        moved = r1[k] != r0[k];
      id[i] = moved ? 1.0 : 0.0;
    }
  return TRUE;
}

/* IDA keeps a copy of the components' kinds. */
static gboolean
ida_setup (OrrSundials *self, double t, GError **error)
{
  N_Vector id = N_VClone (self->y);
  gboolean ok;

  if (id == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "IDA could not allocate the components' kinds");
      return FALSE;
    }
  ok = ida_find_algebraic (self, t, N_VGetArrayPointer (id), error)
       && orr_sundials_check (self, IDASetId (self->mem, id), "accept the algebraic components",
                              error);
  N_VDestroy (id);
  return ok;
}

/* After a jump x' (and the algebraic part of x) are stale: solve
 * F(t, x, x') = 0 for them with the differential x held fixed. */
static gboolean
ida_after_restart (OrrSundials *self, double t, double t_next, GError **error)
{
  OrrSolver *solver = &self->parent;
  int flag = IDACalcIC (self->mem, IDA_YA_YDP_INIT, t_next);

  if (flag < 0)
    {
      char *name = IDAGetReturnFlagName (flag);

      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_STEP,
                   "the solver could not find consistent initial values at t = %.10g s: the "
                   "implicit equations have no solution near the current state (IDA error %d, "
                   "%s%s%s)",
                   t, flag, name, solver->last_message != NULL ? ": " : "",
                   solver->last_message != NULL ? solver->last_message : "");
      free (name);
      return FALSE;
    }
  return orr_sundials_check (self, IDAGetConsistentIC (self->mem, self->y, self->yp),
                             "return the consistent initial values", error);
}

static const OrrSundialsCalls ida_calls = {
  ORR_SUNDIALS_DAE_CALLS ("IDA", IDA, ida),
  .after_restart = ida_after_restart,
  .convergence_failure = "the Newton iteration did not converge even with the smallest step; the "
                         "model may be singular (a higher-index DAE) or discontinuous there",
};

OrrSolver *
orr_solver_ida_new (const OrrSolverOptions *options, GError **error)
{
  OrrSundials *self;

  g_return_val_if_fail (options->residual != NULL, NULL);

  self = orr_sundials_new (&ida_calls, options, error);
  if (self == NULL)
    return NULL;
  self->implicit = TRUE;
  self->mem = IDACreate (self->ctx);
  if (self->mem == NULL)
    return orr_sundials_fail_new (self, error);
  return &self->parent;
}
