/* bench-lag-chain.c: the engine's overhead over hand-written SUNDIALS code.
 *
 * A chain of N first-order lags x_i' = x_{i-1} - x_i (x_0 = 1, a unit
 * step), N = 100, 1000 and 10000, final time 10, rtol 1e-6, atol 1e-8, run
 * as an Orrery model (Constant, then Sum and Integrator per lag, compiled
 * with the standard palettes) and written directly against CVODE with the
 * same method (BDF, Newton), the same band linear solver with CVODE's own
 * difference quotients (the Jacobian has one sub-diagonal) and the same
 * maximum step (final / 100, Orrery's automatic one). Prints both times,
 * their ratio, and x_10(10) from both against the analytic
 * 1 - e^-10 sum_{k<10} 10^k/k! = 0.5420702855; for N = 1000, also Orrery
 * with KLU and the direct code with a dense LU, to show what the storage
 * costs. Run with `meson test --benchmark`, or `bench-lag-chain N` for one
 * size (what callgrind wants). Fails only on a wrong answer. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FINAL 10.0

/* Thread CPU time: other processes on the machine do not count. */
static gint64
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}
#define RTOL 1e-6
#define ATOL 1e-8
#define WATCHED 10 /* x_10 */
#define ANALYTIC 0.5420702855

static int
chain_rhs (sunrealtype t, N_Vector y, N_Vector ydot, void *data)
{
  const double *x = N_VGetArrayPointer (y);
  double *f = N_VGetArrayPointer (ydot);
  int n = (int)N_VGetLength (y);

  f[0] = 1.0 - x[0];
  for (int i = 1; i < n; i++)
    f[i] = x[i - 1] - x[i];
  return 0;
}

/* Returns the seconds taken; *watched gets x_10(10). */
static double
run_direct (int n, gboolean dense, double *watched, long *steps, long *rhs)
{
  SUNContext ctx;
  N_Vector y;
  SUNMatrix a;
  SUNLinearSolver ls;
  void *mem;
  double t = 0;
  long rhs_ls = 0;
  gint64 start = now_us ();

  if (SUNContext_Create (NULL, &ctx) != 0)
    g_error ("SUNContext_Create failed");
  y = N_VNew_Serial (n, ctx);
  N_VConst (0.0, y);
  mem = CVodeCreate (CV_BDF, ctx);
  if (CVodeInit (mem, chain_rhs, 0.0, y) != CV_SUCCESS
      || CVodeSStolerances (mem, RTOL, ATOL) != CV_SUCCESS)
    g_error ("CVODE set-up failed");
  a = dense ? SUNDenseMatrix (n, n, ctx) : SUNBandMatrix (n, 0, 1, ctx);
  ls = dense ? SUNLinSol_Dense (y, a, ctx) : SUNLinSol_Band (y, a, ctx);
  if (CVodeSetLinearSolver (mem, ls, a) != CV_SUCCESS)
    g_error ("CVodeSetLinearSolver failed");
  /* Orrery's default maximum step: (final - start) / 100 */
  if (CVodeSetMaxStep (mem, FINAL / 100) != CV_SUCCESS)
    g_error ("CVodeSetMaxStep failed");
  if (CVode (mem, FINAL, y, &t, CV_NORMAL) < 0)
    g_error ("CVode failed");
  *watched = N_VGetArrayPointer (y)[WATCHED - 1];
  CVodeGetNumSteps (mem, steps);
  CVodeGetNumRhsEvals (mem, rhs);
  CVodeGetNumLinRhsEvals (mem, &rhs_ls);
  *rhs += rhs_ls;

  CVodeFree (&mem);
  SUNLinSolFree (ls);
  SUNMatDestroy (a);
  N_VDestroy (y);
  SUNContext_Free (&ctx);
  return (now_us () - start) / 1e6;
}

static OrrBlock *
add (OrrModel *m, const char *type, int in, int out, const char *param, const char *value)
{
  OrrBlock *b = orr_model_add_block (m, orr_model_get_root (m), type, NULL);
  orr_model_set_port_count (m, b, ORR_PORT_IN, in);
  orr_model_set_port_count (m, b, ORR_PORT_OUT, out);
  if (param != NULL)
    orr_model_set_param (m, b, param, value);
  return b;
}

static void
wire (OrrModel *m, OrrBlock *a, OrrBlock *b, guint in)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, in };
  if (orr_model_connect (m, orr_model_get_root (m), &from, &to, NULL) == NULL)
    g_error ("cannot wire the chain");
}

typedef struct
{
  double last_t, last_value;
} Watch;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Watch *w = data;
  w->last_t = t;
  w->last_value = values[0];
}

static OrrProgram *
compile_chain (int n)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  OrrProgram *program;
  OrrBlock *prev = add (model, "Constant", 0, 1, "value", "1");
  OrrSettings settings;
  gint64 start;

  orr_model_begin (model, "Build chain");
  for (int i = 1; i <= n; i++)
    {
      OrrBlock *sum = add (model, "Sum", 2, 1, "signs", "[1 -1]");
      OrrBlock *lag = add (model, "Integrator", 1, 1, "x0", "0");
      wire (model, prev, sum, 1);
      wire (model, sum, lag, 1);
      wire (model, lag, sum, 2);
      if (i == WATCHED)
        {
          OrrBlock *scope = add (model, "Scope", 1, 0, NULL, NULL);
          wire (model, lag, scope, 1);
        }
      prev = lag;
    }
  orr_model_commit (model);
  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = FINAL;
  settings.rtol = RTOL;
  settings.atol = ATOL;
  g_free (settings.solver);
  settings.solver = g_strdup ("cvode-bdf");
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);

  orr_palettes_register_standard (registry);
  start = g_get_monotonic_time ();
  program = orr_compile (model, registry, NULL, NULL, &error);
  if (program == NULL)
    g_error ("compile: %s", error->message);
  g_print ("  compiled %d blocks: %d states, Jacobian band (%d, %d), in %.3f s\n",
           program->n_blocks, program->nx, program->jacobian_lower, program->jacobian_upper,
           (g_get_monotonic_time () - start) / 1e6);
  return program;
}

static double
run_orrery (const OrrProgram *program, OrrSimLinear linear, double *watched, OrrSimStats *stats_out,
            gboolean describe)
{
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  Watch watch = { 0 };
  gint64 start;
  double seconds;

  orr_simulation_set_linear_solver (sim, linear);
  orr_simulation_set_record_func (sim, on_record, &watch);
  start = now_us ();
  if (!orr_simulation_run (sim, &error))
    g_error ("simulate: %s", error->message);
  seconds = (now_us () - start) / 1e6;
  *stats_out = *orr_simulation_get_stats (sim);
  if (describe)
    g_print ("  Orrery's solver: %s\n", orr_simulation_get_solver_description (sim));
  if (watch.last_t != FINAL)
    g_error ("the watched lag's last sample is at %g, not %g", watch.last_t, FINAL);
  *watched = watch.last_value;
  return seconds;
}

static gboolean
check (const char *what, double value)
{
  if (fabs (value - ANALYTIC) > 1e-4)
    {
      g_printerr ("%s: x_10(10) = %.10f is off the analytic value by more than 1e-4\n", what,
                  value);
      return FALSE;
    }
  return TRUE;
}

/* Runs alternate between the two, and the best of each counts: single
 * runs of milliseconds are mostly noise from whatever else the machine
 * does, and alternating keeps a slow patch from favouring one side. */
static gboolean
bench (int n, gboolean extras)
{
  int repeat = n >= 10000 ? 9 : n >= 1000 ? 15 : 41;
  g_autoptr (OrrProgram) program = NULL;
  double direct_x = 0, orrery_x = 0, direct_s = G_MAXDOUBLE, orrery_s = G_MAXDOUBLE;
  long direct_steps = 0, direct_rhs = 0;
  OrrSimStats stats;
  gboolean ok = TRUE;

  g_print ("Chain of %d lags, final time %g, rtol %g, atol %g, best of %d alternating runs "
           "(CPU time)\n",
           n, FINAL, RTOL, ATOL, repeat);
  program = compile_chain (n);
  for (int run = 0; run < repeat; run++)
    {
      double d = run_direct (n, FALSE, &direct_x, &direct_steps, &direct_rhs);
      double o = run_orrery (program, ORR_SIM_LINEAR_AUTO, &orrery_x, &stats, run == 0);

      direct_s = MIN (direct_s, d);
      orrery_s = MIN (orrery_s, o);
    }

  g_print ("  direct CVODE, band LU: %8.4f s   x_10(10) = %.10f (error %.1e), %ld steps, %ld "
           "right-hand sides\n",
           direct_s, direct_x, fabs (direct_x - ANALYTIC), direct_steps, direct_rhs);
  g_print ("  Orrery, band LU:       %8.4f s   x_10(10) = %.10f (error %.1e), %" G_GUINT64_FORMAT
           " steps, %" G_GUINT64_FORMAT " right-hand sides\n",
           orrery_s, orrery_x, fabs (orrery_x - ANALYTIC), stats.steps, stats.rhs_calls);
  g_print ("  ratio Orrery / direct (N = %d): %.2f\n", n, orrery_s / direct_s);
  ok = check ("direct", direct_x) && check ("Orrery", orrery_x);

  if (extras)
    {
      double klu_x = 0, klu_s = G_MAXDOUBLE, dense_x, dense_s;
      long dense_steps, dense_rhs;

      for (int run = 0; run < repeat; run++)
        {
          double o = run_orrery (program, ORR_SIM_LINEAR_SPARSE, &klu_x, &stats, run == 0);

          klu_s = MIN (klu_s, o);
        }
      g_print ("  Orrery, KLU:           %8.4f s   x_10(10) = %.10f, %" G_GUINT64_FORMAT
               " right-hand sides\n",
               klu_s, klu_x, stats.rhs_calls);
      dense_s = run_direct (n, TRUE, &dense_x, &dense_steps, &dense_rhs);
      g_print ("  direct CVODE, dense LU: %7.4f s   x_10(10) = %.10f\n", dense_s, dense_x);
      g_print ("  ratio KLU / band (Orrery): %.2f, dense / band (direct): %.1f\n", klu_s / orrery_s,
               dense_s / direct_s);
      ok = ok && check ("Orrery with KLU", klu_x) && check ("direct dense", dense_x);
    }
  return ok;
}

int
main (int argc, char **argv)
{
  gboolean ok = TRUE;

  if (argc > 1)
    return bench (atoi (argv[1]), FALSE) ? 0 : 1;
  ok = bench (100, FALSE) && ok;
  ok = bench (1000, TRUE) && ok;
  ok = bench (10000, FALSE) && ok;
  return ok ? 0 : 1;
}
