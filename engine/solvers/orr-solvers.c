/* orr-solvers.c: the table of solvers users can choose (orr-solvers.h). */

#include <orrery/orr-solvers.h>

/* Order matters: menus show it. Names are stable: they are saved in model
 * files. */
static const OrrSolverInfo solvers[] = {
  { "auto", "Automatic", "CVODE BDF for ordinary models, IDA when the model has implicit blocks",
    FALSE, TRUE, TRUE },
  { "cvode-bdf", "CVODE BDF (Newton)",
    "Variable order (1-5) multistep BDF with Newton iteration: stiff and general models", FALSE,
    TRUE, FALSE },
  { "cvode-adams", "CVODE Adams (Newton)",
    "Variable order (1-12) Adams-Moulton with Newton iteration: smooth, mildly stiff models", FALSE,
    TRUE, FALSE },
  { "cvode-adams-fixed-point", "CVODE Adams (fixed point)",
    "Variable order (1-12) Adams-Moulton with fixed-point iteration: smooth non-stiff models, "
    "no Jacobian",
    FALSE, FALSE, FALSE },
  { "dormand-prince", "Dormand-Prince 5(4)",
    "Explicit Runge-Kutta of order 5 with an order 4 error estimate (ARKODE): non-stiff models, "
    "frequent events",
    FALSE, FALSE, FALSE },
  { "bogacki-shampine", "Bogacki-Shampine 3(2)",
    "Explicit Runge-Kutta of order 3 with an order 2 error estimate (ARKODE): non-stiff models "
    "at loose tolerances",
    FALSE, FALSE, FALSE },
  { "cash-karp", "Cash-Karp 5(4)",
    "Explicit Runge-Kutta of order 5 with an order 4 error estimate (ARKODE): non-stiff models",
    FALSE, FALSE, FALSE },
  { "sdirk", "SDIRK 4(3)",
    "L-stable singly diagonally implicit Runge-Kutta of order 4 (ARKODE): stiff models with "
    "frequent events",
    FALSE, TRUE, FALSE },
  { "ida", "IDA (DAE)",
    "Variable order BDF for F(t, x, x') = 0 (IDA), consistent initial values by IDACalcIC: "
    "models with implicit blocks",
    FALSE, TRUE, TRUE },
  { "euler", "Forward Euler",
    "Fixed step, order 1, explicit: the cheapest step, for non-stiff real-time models", TRUE, FALSE,
    FALSE },
  { "heun", "Explicit trapezoidal (Heun)", "Fixed step, order 2, explicit: non-stiff models", TRUE,
    FALSE, FALSE },
  { "rk4", "Classical Runge-Kutta", "Fixed step, order 4, explicit: smooth non-stiff models", TRUE,
    FALSE, FALSE },
  { "backward-euler", "Backward Euler",
    "Fixed step, order 1, implicit (Newton): stiff models, L-stable", TRUE, TRUE, FALSE },
  { "trapezoidal", "Implicit trapezoidal",
    "Fixed step, order 2, implicit (Newton): stiff models, A-stable", TRUE, TRUE, FALSE },
};

const OrrSolverInfo *
orr_solver_list (guint *n)
{
  if (n != NULL)
    *n = G_N_ELEMENTS (solvers);
  return solvers;
}

const OrrSolverInfo *
orr_solver_lookup (const char *name)
{
  if (name == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    if (g_strcmp0 (solvers[i].name, name) == 0)
      return &solvers[i];
  return NULL;
}

char *
orr_solver_names (void)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", solvers[i].name);
  return g_string_free (text, FALSE);
}
