/* orr-solver.c: backend selection and the parts every backend shares. */

#include "orr-solver.h"

/* clang-format off */
G_DEFINE_QUARK (orr-solver-error-quark, orr_solver_error)
/* clang-format on */

OrrSolver *
orr_solver_new (const OrrSolverOptions *options, GError **error)
{
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->n > 0, NULL);
  g_return_val_if_fail (options->ng == 0 || options->roots != NULL, NULL);

  if (options->method == ORR_SOLVER_DAE)
    return orr_solver_ida_new (options, error);
  return orr_solver_cvode_new (options, error);
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
