/* test-solver-failures.c: the SUNDIALS backends (CVODE, ARKODE's ERKStep
 * and ARKStep, IDA) turn their failures into sentences, through the one
 * adapter they share (engine/solvers/orr-solver-sundials.c). Each case
 * provokes one failure on x' = -x (or its residual) and checks the
 * sentence, and whether the failure is blamed on a callback of ours. */

#include <math.h>
#include <string.h>

#include "orr-solver.h"

typedef enum
{
  FAIL_RHS,        /* the right-hand side (residual) aborts after t = 0.25 */
  FAIL_ROOTS,      /* the surface aborts after t = 0.25 */
  FAIL_ACCURACY,   /* tolerances below what doubles can hold */
  FAIL_CONSISTENT, /* an algebraic equation without a solution (IDA only) */
} Failure;

typedef struct
{
  const char *name;
  OrrSolverMethod method;
  Failure failure;
  gboolean at_restart; /* the failure shows at the restart, not in a step */
  int code;            /* the GError code */
  const char *sentence;
} Case;

static int
rhs (double t, const double *x, double *xd, gpointer data)
{
  const Case *c = data;

  xd[0] = -x[0];
  return c->failure == FAIL_RHS && t > 0.25 ? -1 : 0;
}

static int
residual (double t, const double *x, const double *xd, double *res, gpointer data)
{
  const Case *c = data;

  /* x^2 + 1 = 0 has no real solution */
  res[0] = c->failure == FAIL_CONSISTENT ? x[0] * x[0] + 1 : xd[0] + x[0];
  return c->failure == FAIL_RHS && t > 0.25 ? -1 : 0;
}

static int
roots (double t, const double *x, const double *xd, double *g, gpointer data)
{
  const Case *c = data;

  g[0] = x[0] + 2; /* never crosses: x stays in (0, 1] */
  return c->failure == FAIL_ROOTS && t > 0.25 ? -1 : 0;
}

static const Case cases[] = {
  { "cvode-rhs", ORR_SOLVER_CVODE_BDF, FAIL_RHS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the derivatives failed" },
  { "erk-rhs", ORR_SOLVER_DORMAND_PRINCE, FAIL_RHS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the derivatives failed" },
  { "sdirk-rhs", ORR_SOLVER_SDIRK, FAIL_RHS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the derivatives failed" },
  { "ida-residual", ORR_SOLVER_IDA, FAIL_RHS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the residual failed" },
  { "cvode-roots", ORR_SOLVER_CVODE_ADAMS, FAIL_ROOTS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the zero-crossing surfaces failed" },
  { "erk-roots", ORR_SOLVER_BOGACKI_SHAMPINE, FAIL_ROOTS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the zero-crossing surfaces failed" },
  { "ida-roots", ORR_SOLVER_IDA, FAIL_ROOTS, FALSE, ORR_SOLVER_ERROR_CALLBACK,
    "computing the zero-crossing surfaces failed" },
  { "cvode-accuracy", ORR_SOLVER_CVODE_BDF, FAIL_ACCURACY, FALSE, ORR_SOLVER_ERROR_STEP,
    "the requested accuracy is beyond what double precision can deliver" },
  { "erk-accuracy", ORR_SOLVER_CASH_KARP, FAIL_ACCURACY, FALSE, ORR_SOLVER_ERROR_STEP,
    "the requested accuracy is beyond what double precision can deliver" },
  { "ida-consistent", ORR_SOLVER_IDA, FAIL_CONSISTENT, TRUE, ORR_SOLVER_ERROR_STEP,
    "could not find consistent initial values at t = 0 s" },
};

static void
test_failure (gconstpointer data)
{
  const Case *c = data;
  OrrSolverOptions options = {
    .method = c->method,
    .n = 1,
    .ng = 1,
    .rtol = c->failure == FAIL_ACCURACY ? 1e-300 : 1e-6,
    .atol = c->failure == FAIL_ACCURACY ? 1e-300 : 1e-8,
    .linear = ORR_LINEAR_DENSE,
    .rhs = rhs,
    .residual = residual,
    .roots = roots,
    .data = (gpointer)c,
  };
  const double x0[] = { 1.0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSolver) solver = orr_solver_new (&options, &error);
  OrrSolverStatus status = ORR_SOLVER_STEP;
  double t = 0;

  g_assert_no_error (error);
  g_assert_nonnull (solver);
  if (!orr_solver_restart (solver, 0.0, x0, NULL, 1.0, 0.0, &error))
    {
      g_assert_true (c->at_restart);
      g_assert_error (error, ORR_SOLVER_ERROR, c->code);
      g_assert_nonnull (strstr (error->message, c->sentence));
      return;
    }
  g_assert_false (c->at_restart);
  for (int i = 0; i < 100000 && status == ORR_SOLVER_STEP; i++)
    status = orr_solver_step (solver, 1.0, &t, &error);
  g_assert_cmpint (status, ==, ORR_SOLVER_FAILED);
  g_assert_error (error, ORR_SOLVER_ERROR, c->code);
  g_test_message ("%s: %s", c->name, error->message);
  g_assert_true (g_str_has_prefix (error->message, "the solver could not reach t = 1 s"));
  g_assert_nonnull (strstr (error->message, c->sentence));
  /* the integrator's own name for the failure is kept for the curious */
  g_assert_nonnull (strstr (error->message, solver->name));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/solver-failures/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_failure);
    }
  return g_test_run ();
}
