/* orr-solver-ida.c: the DAE backend, SUNDIALS IDA.
 *
 * The simulator hands us F(t, x, x') = 0 for the whole model (explicit
 * blocks contribute x'_block - x'). IDA needs to know which components
 * are algebraic (F does not depend on their derivative) to compute
 * consistent initial values; blocks do not declare that, so we find out
 * once, by perturbing each x'_i and watching whether F moves.
 */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ida/ida.h>
#include <nvector/nvector_serial.h>

#include "orr-solver.h"

typedef struct
{
  OrrSolver parent;

  SUNContext ctx;
  void *mem;
  N_Vector yy, yp, id;
  SUNMatrix matrix;
  SUNLinearSolver linear;
  gboolean initialised;
  gboolean have_algebraic;
  double *scratch; /* Jacobian values on their way into a band matrix */
  double t;
} OrrSolverIda;

static int
ida_residual (realtype t, N_Vector yy, N_Vector yp, N_Vector rr, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.residual (t, N_VGetArrayPointer (yy), N_VGetArrayPointer (yp),
                                   N_VGetArrayPointer (rr), solver->options.data);
}

static int
ida_roots (realtype t, N_Vector yy, N_Vector yp, realtype *gout, void *user_data)
{
  OrrSolver *solver = user_data;

  return solver->options.roots (t, N_VGetArrayPointer (yy), N_VGetArrayPointer (yp), gout,
                                solver->options.data);
}

static int
ida_jacobian (realtype t, realtype cj, N_Vector yy, N_Vector yp, N_Vector rr, SUNMatrix jac,
              void *user_data, N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  OrrSolverIda *self = user_data;

  return orr_solver_linear_jacobian (&self->parent.options, t, cj, N_VGetArrayPointer (yy),
                                     N_VGetArrayPointer (yp), N_VGetArrayPointer (rr),
                                     self->scratch, jac);
}

static void
ida_error_handler (int error_code, const char *module, const char *function, char *msg,
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
  name = IDAGetReturnFlagName (flag);
  orr_solver_set_setup_error (solver, error, what, flag, name);
  free (name);
  return FALSE;
}

/* Marks each component differential (1) or algebraic (0) from how the
 * residual reacts to its derivative. States of explicit blocks are
 * differential by construction (their residual is x'_block - x'); only
 * the implicit blocks' states need probing. */
static gboolean
ida_find_algebraic (OrrSolverIda *self, double t, GError **error)
{
  OrrSolver *solver = &self->parent;
  int n = solver->options.n;
  g_autofree double *yp = g_new (double, n);
  g_autofree double *r0 = g_new (double, n);
  g_autofree double *r1 = g_new (double, n);
  const double *y = N_VGetArrayPointer (self->yy);
  double *id = N_VGetArrayPointer (self->id);

  memcpy (yp, N_VGetArrayPointer (self->yp), sizeof (double) * n);
  if (solver->options.residual (t, y, yp, r0, solver->options.data) != 0)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_CALLBACK,
                           "computing the residual at the start failed");
      return FALSE;
    }

  self->have_algebraic = FALSE;
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
      if (!moved)
        self->have_algebraic = TRUE;
    }
  return TRUE;
}

static gboolean
ida_setup (OrrSolverIda *self, double t, GError **error)
{
  OrrSolver *solver = &self->parent;
  const OrrSolverOptions *options = &solver->options;
  if (!check (solver, IDAInit (self->mem, ida_residual, t, self->yy, self->yp), "start", error))
    return FALSE;
  if (!check (solver, IDASetUserData (self->mem, self), "accept its data", error))
    return FALSE;
  if (!check (solver, IDASetErrHandlerFn (self->mem, ida_error_handler, self),
              "install its error handler", error))
    return FALSE;
  if (!check (solver, IDASStolerances (self->mem, options->rtol, options->atol),
              "accept the tolerances", error))
    return FALSE;
  if (options->max_step > 0
      && !check (solver, IDASetMaxStep (self->mem, options->max_step), "set the maximum step",
                 error))
    return FALSE;
  if (options->ng > 0)
    {
      if (!check (solver, IDARootInit (self->mem, options->ng, ida_roots), "set up surfaces",
                  error))
        return FALSE;
      if (!check (solver, IDASetNoInactiveRootWarn (self->mem), "silence surface warnings", error))
        return FALSE;
    }

  if (!orr_solver_linear_new (options, self->yy, self->ctx, &self->matrix, &self->linear, error))
    return FALSE;
  if (!check (solver, IDASetLinearSolver (self->mem, self->linear, self->matrix),
              "attach its linear solver", error))
    return FALSE;
  if (options->jacobian != NULL)
    {
      self->scratch = orr_solver_linear_scratch (options);
      if (!check (solver, IDASetJacFn (self->mem, ida_jacobian), "use the Jacobian", error))
        return FALSE;
    }

  if (!ida_find_algebraic (self, t, error))
    return FALSE;
  return check (solver, IDASetId (self->mem, self->id), "accept the algebraic components", error);
}

static gboolean
ida_restart (OrrSolver *solver, double t, const double *x, const double *xd, double t_next,
             double h0, GError **error)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;
  int n = solver->options.n;
  int flag;

  memcpy (N_VGetArrayPointer (self->yy), x, sizeof (double) * n);
  if (xd != NULL)
    memcpy (N_VGetArrayPointer (self->yp), xd, sizeof (double) * n);
  else
    N_VConst (0.0, self->yp);
  self->t = t;

  if (!self->initialised)
    {
      if (!ida_setup (self, t, error))
        return FALSE;
      self->initialised = TRUE;
    }
  else if (!check (solver, IDAReInit (self->mem, t, self->yy, self->yp), "restart", error))
    return FALSE;

  if (!check (solver, IDASetInitStep (self->mem, h0 > 0 ? h0 : 0.0), "set the first step", error))
    return FALSE;

  /* After a jump x' (and the algebraic part of x) are stale: solve
   * F(t, x, x') = 0 for them with the differential x held fixed. */
  flag = IDACalcIC (self->mem, IDA_YA_YDP_INIT, t_next);
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
  return check (solver, IDAGetConsistentIC (self->mem, self->yy, self->yp),
                "return the consistent initial values", error);
}

static const char *
explain (int flag)
{
  switch (flag)
    {
      case IDA_TOO_MUCH_WORK:
        return "it took too many steps";
      case IDA_TOO_MUCH_ACC:
        return "the requested accuracy is beyond what double precision can deliver";
      case IDA_ERR_FAIL:
        return "the error test failed repeatedly and the step size fell to its minimum; "
               "the model may be discontinuous there (a missing zero crossing) or have "
               "events accumulating (Zeno behaviour)";
      case IDA_CONV_FAIL:
        return "the Newton iteration did not converge even with the smallest step; the model "
               "may be singular (a higher-index DAE) or discontinuous there";
      case IDA_LSETUP_FAIL:
      case IDA_LSOLVE_FAIL:
        return "the Jacobian matrix is singular";
      case IDA_RES_FAIL:
      case IDA_REP_RES_ERR:
        return "computing the residual failed";
      case IDA_RTFUNC_FAIL:
        return "computing the zero-crossing surfaces failed";
      default:
        return "the integrator failed";
    }
}

static OrrSolverStatus
ida_step (OrrSolver *solver, double t_stop, double *t, GError **error)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;
  realtype t_reached = self->t;
  int flag;

  flag = IDASetStopTime (self->mem, t_stop);
  if (!check (solver, flag, "set the stop time", error))
    return ORR_SOLVER_FAILED;

  flag = IDASolve (self->mem, t_stop, &t_reached, self->yy, self->yp, IDA_ONE_STEP);
  switch (flag)
    {
      case IDA_SUCCESS:
        self->t = *t = t_reached;
        return ORR_SOLVER_STEP;
      case IDA_TSTOP_RETURN:
        self->t = *t = t_stop;
        return ORR_SOLVER_STOP;
      case IDA_ROOT_RETURN:
        self->t = *t = t_reached;
        return ORR_SOLVER_ROOT;
      default:
        {
          char *name = IDAGetReturnFlagName (flag);
          realtype t_now = NAN;

          if (IDAGetCurrentTime (self->mem, &t_now) != IDA_SUCCESS)
            t_now = NAN;
          orr_solver_set_step_error (solver, error, t_stop, t_now, flag, name, explain (flag));
          free (name);
          if (error != NULL && *error != NULL && (flag == IDA_RES_FAIL || flag == IDA_RTFUNC_FAIL))
            (*error)->code = ORR_SOLVER_ERROR_CALLBACK;
          *t = t_now;
          return ORR_SOLVER_FAILED;
        }
    }
}

static const double *
ida_get_x (OrrSolver *solver)
{
  return N_VGetArrayPointer (((OrrSolverIda *) solver)->yy);
}

static const double *
ida_get_xd (OrrSolver *solver)
{
  return N_VGetArrayPointer (((OrrSolverIda *) solver)->yp);
}

static void
ida_get_roots (OrrSolver *solver, int *jroot)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;

  if (IDAGetRootInfo (self->mem, jroot) != IDA_SUCCESS)
    memset (jroot, 0, sizeof (int) * solver->options.ng);
}

static int
ida_worst_component (OrrSolver *solver)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;
  int n = solver->options.n;
  N_Vector ele = N_VClone (self->yy);
  N_Vector ewt = N_VClone (self->yy);
  int worst = -1;

  if (ele != NULL && ewt != NULL && IDAGetEstLocalErrors (self->mem, ele) == IDA_SUCCESS
      && IDAGetErrWeights (self->mem, ewt) == IDA_SUCCESS)
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

/* IDA's root finder stops within 100 roundings of (|tn| + |h|). */
static double
ida_root_width (OrrSolver *solver)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;
  realtype tn = self->t, h = 0;

  if (IDAGetCurrentTime (self->mem, &tn) != IDA_SUCCESS
      || IDAGetCurrentStep (self->mem, &h) != IDA_SUCCESS)
    return 0.0;
  return 100 * (DBL_EPSILON / 2) * (fabs (tn) + fabs (h));
}

static gboolean
ida_interpolate (OrrSolver *solver, double t, double *x, double *xd)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;
  int n = solver->options.n;
  N_Vector out = N_VMake_Serial (n, x, self->ctx);
  int flag;

  if (out == NULL)
    return FALSE;
  flag = IDAGetDky (self->mem, t, 0, out);
  if (flag == IDA_SUCCESS && xd != NULL)
    {
      N_VSetArrayPointer (xd, out);
      flag = IDAGetDky (self->mem, t, 1, out);
    }
  N_VDestroy (out);
  return flag == IDA_SUCCESS;
}

static void
ida_free (OrrSolver *solver)
{
  OrrSolverIda *self = (OrrSolverIda *) solver;

  if (self->mem != NULL)
    IDAFree (&self->mem);
  if (self->linear != NULL)
    SUNLinSolFree (self->linear);
  if (self->matrix != NULL)
    SUNMatDestroy (self->matrix);
  if (self->yy != NULL)
    N_VDestroy (self->yy);
  if (self->yp != NULL)
    N_VDestroy (self->yp);
  if (self->id != NULL)
    N_VDestroy (self->id);
  if (self->ctx != NULL)
    SUNContext_Free (&self->ctx);
  g_free (self->scratch);
  g_free (self);
}

static const OrrSolverClass ida_class = {
  .restart = ida_restart,
  .step = ida_step,
  .get_x = ida_get_x,
  .get_xd = ida_get_xd,
  .get_roots = ida_get_roots,
  .worst_component = ida_worst_component,
  .root_width = ida_root_width,
  .interpolate = ida_interpolate,
  .free = ida_free,
};

OrrSolver *
orr_solver_ida_new (const OrrSolverOptions *options, GError **error)
{
  OrrSolverIda *self;
  OrrSolver *solver;

  g_return_val_if_fail (options->residual != NULL, NULL);

  self = g_new0 (OrrSolverIda, 1);
  solver = &self->parent;
  solver->klass = &ida_class;
  solver->options = *options;
  solver->name = "IDA";

  if (SUNContext_Create (NULL, &self->ctx) != 0 || self->ctx == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "could not create a SUNDIALS context");
      orr_solver_free (solver);
      return NULL;
    }
  self->yy = N_VNew_Serial (options->n, self->ctx);
  self->yp = self->yy != NULL ? N_VClone (self->yy) : NULL;
  self->id = self->yy != NULL ? N_VClone (self->yy) : NULL;
  self->mem = self->id != NULL ? IDACreate (self->ctx) : NULL;
  if (self->mem == NULL)
    {
      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                   "could not allocate IDA for %d states", options->n);
      orr_solver_free (solver);
      return NULL;
    }
  N_VConst (0.0, self->yp);
  N_VConst (1.0, self->id);
  return solver;
}
