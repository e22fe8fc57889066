/* orr-solver.c: backend selection and the parts every backend shares. */

#include "orr-solver.h"

/* clang-format off */
/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_solver_error_quark (void)
{
  return g_quark_from_static_string ("orr-solver-error-quark");
}
/* clang-format on */

static const struct
{
  const char *name;
  OrrSolverMethod method;
} methods[] = {
  { "cvode-bdf", ORR_SOLVER_CVODE_BDF },
  { "cvode-adams", ORR_SOLVER_CVODE_ADAMS },
  { "cvode-adams-fixed-point", ORR_SOLVER_CVODE_ADAMS_FIXED_POINT },
  { "dormand-prince", ORR_SOLVER_DORMAND_PRINCE },
  { "bogacki-shampine", ORR_SOLVER_BOGACKI_SHAMPINE },
  { "cash-karp", ORR_SOLVER_CASH_KARP },
  { "sdirk", ORR_SOLVER_SDIRK },
  { "ida", ORR_SOLVER_IDA },
  { "euler", ORR_SOLVER_EULER },
  { "heun", ORR_SOLVER_HEUN },
  { "rk4", ORR_SOLVER_RK4 },
  { "backward-euler", ORR_SOLVER_BACKWARD_EULER },
  { "trapezoidal", ORR_SOLVER_TRAPEZOIDAL },
};

gboolean
orr_solver_method_from_name (const char *name, OrrSolverMethod *method)
{
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (g_strcmp0 (methods[i].name, name) == 0)
      {
        *method = methods[i].method;
        return TRUE;
      }
  return FALSE;
}

gboolean
orr_solver_method_is_fixed_step (OrrSolverMethod method)
{
  return method >= ORR_SOLVER_EULER;
}

gboolean
orr_solver_method_needs_jacobian (OrrSolverMethod method)
{
  switch (method)
    {
      case ORR_SOLVER_CVODE_BDF:
      case ORR_SOLVER_CVODE_ADAMS:
      case ORR_SOLVER_SDIRK:
      case ORR_SOLVER_IDA:
      case ORR_SOLVER_BACKWARD_EULER:
      case ORR_SOLVER_TRAPEZOIDAL:
        return TRUE;
      default:
        return FALSE;
    }
}

OrrSolver *
orr_solver_new (const OrrSolverOptions *options, GError **error)
{
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->n > 0, NULL);
  g_return_val_if_fail (options->ng == 0 || options->roots != NULL, NULL);
  g_return_val_if_fail (options->sparsity != NULL || options->linear != ORR_LINEAR_SPARSE, NULL);

  switch (options->method)
    {
      case ORR_SOLVER_CVODE_BDF:
      case ORR_SOLVER_CVODE_ADAMS:
      case ORR_SOLVER_CVODE_ADAMS_FIXED_POINT:
        return orr_solver_cvode_new (options, error);
      case ORR_SOLVER_DORMAND_PRINCE:
      case ORR_SOLVER_BOGACKI_SHAMPINE:
      case ORR_SOLVER_CASH_KARP:
      case ORR_SOLVER_SDIRK:
        return orr_solver_arkode_new (options, error);
      case ORR_SOLVER_IDA:
        return orr_solver_ida_new (options, error);
      case ORR_SOLVER_EULER:
      case ORR_SOLVER_HEUN:
      case ORR_SOLVER_RK4:
      case ORR_SOLVER_BACKWARD_EULER:
      case ORR_SOLVER_TRAPEZOIDAL:
      default:
        return orr_solver_fixed_new (options, error);
    }
}

gboolean
orr_solver_restart (OrrSolver *solver, double t, const double *x, const double *xd, double t_next,
                    double h0, GError **error)
{
  g_clear_pointer (&solver->last_message, g_free);
  return solver->klass->restart (solver, t, x, xd, t_next, h0, error);
}

OrrSolverStatus
orr_solver_step (OrrSolver *solver, double t_stop, double *t, GError **error)
{
  return solver->klass->step (solver, t_stop, t, error);
}

const double *
orr_solver_get_x (OrrSolver *solver)
{
  return solver->klass->get_x (solver);
}

const double *
orr_solver_get_xd (OrrSolver *solver)
{
  return solver->klass->get_xd (solver);
}

void
orr_solver_get_roots (OrrSolver *solver, int *jroot)
{
  solver->klass->get_roots (solver, jroot);
}

int
orr_solver_worst_component (OrrSolver *solver)
{
  return solver->klass->worst_component (solver);
}

double
orr_solver_root_width (OrrSolver *solver)
{
  return solver->klass->root_width != NULL ? solver->klass->root_width (solver) : 0.0;
}

gboolean
orr_solver_interpolate (OrrSolver *solver, double t, double *x, double *xd)
{
  return solver->klass->interpolate != NULL && solver->klass->interpolate (solver, t, x, xd);
}

void
orr_solver_free (OrrSolver *solver)
{
  if (solver == NULL)
    return;
  g_free (solver->last_message);
  solver->klass->free (solver);
}

void
orr_solver_set_last_message (OrrSolver *solver, const char *message)
{
  g_free (solver->last_message);
  solver->last_message = g_strdup (message);
}

void
orr_solver_set_step_error (OrrSolver *solver, GError **error, double t_stop, double t_reached,
                           int code, const char *code_name, const char *explanation)
{
  g_autoptr (GString) text = g_string_new (NULL);

  g_string_append_printf (text, "the solver could not reach t = %.10g s", t_stop);
  if (t_reached == t_reached)
    g_string_append_printf (text, " (it stopped at t = %.10g s)", t_reached);
  g_string_append_printf (text, ": %s (%s error %d, %s", explanation, solver->name, code,
                          code_name != NULL ? code_name : "?");
  if (solver->last_message != NULL)
    g_string_append_printf (text, ": %s", solver->last_message);
  g_string_append_c (text, ')');

  g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_STEP, text->str);
}

void
orr_solver_set_setup_error (OrrSolver *solver, GError **error, const char *what, int code,
                            const char *code_name)
{
  g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
               "%s could not %s (error %d, %s%s%s)", solver->name, what, code,
               code_name != NULL ? code_name : "?", solver->last_message != NULL ? ": " : "",
               solver->last_message != NULL ? solver->last_message : "");
}
