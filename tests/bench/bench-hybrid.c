/* bench-hybrid.c: a sampled controller around a continuous plant, the most
 * common Scicos model of all, against the same loop hand-written on CVODE.
 *
 * A SampleClock at 1 kHz activates a SampleHold of the plant's output x;
 * u = 1 - 2 x_k (a Gain and a Sum with a Constant) is held until the next
 * sample; the plant is x' = u - x (a Sum and an Integrator), x(0) = 0.
 * cvode-bdf, rtol 1e-6, atol 1e-8, final time 1000 s: 1,000,001 events,
 * each a jump of the plant's input. A clocked Scope records x_k.
 *
 * The hand-written loop integrates with CVODE (BDF, Newton, dense LU, its
 * own difference quotients) to each sample time, stopping exactly there
 * (CVodeSetStopTime), and restarts cold with CVodeReInit after the jump:
 * what a careful user writes without knowing the solver's internals.
 *
 * Both are checked against the exact discrete recurrence of the sampled
 * system, x_{k+1} = a x_k + (1 - a)(1 - 2 x_k), a = e^{-h}, at t = 0.5
 * (k = 500). Prints both times (thread CPU time, best of alternating runs),
 * their ratio, the step counts, and the distances from the recurrence.
 * Goal (issue 18): Orrery at most 0.5 times the hand-written loop, and no
 * further from the recurrence than it. `bench-hybrid N` runs N repeats
 * (N = 1 for callgrind); `bench-hybrid 1 orrery` (or `direct`) runs one
 * side only; `bench-hybrid 1 both 100` runs to t = 100 s. Fails only on a wrong answer. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PERIOD 1e-3
/* 1000 s unless the third argument says otherwise (shorter runs for
 * callgrind) */
static double FINAL = 1000.0;
#define RTOL 1e-6
#define ATOL 1e-8
#define WATCH_K 500 /* x(0.5) */
#define WRONG 1e-4  /* further than this from the recurrence: a wrong answer */

static gint64
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The exact sampled-data solution at t = k h. */
static double
recurrence (int k)
{
  double a = exp (-PERIOD), x = 0;

  for (int i = 0; i < k; i++)
    x = a * x + (1 - a) * (1 - 2 * x);
  return x;
}

/* ---- hand-written ------------------------------------------------------- */

typedef struct
{
  double u;
} Plant;

static int
plant_rhs (sunrealtype t, N_Vector y, N_Vector ydot, void *data)
{
  const Plant *plant = data;

  N_VGetArrayPointer (ydot)[0] = plant->u - N_VGetArrayPointer (y)[0];
  return 0;
}

static double
run_direct (double *watched, long *steps)
{
  SUNContext ctx;
  N_Vector y;
  SUNMatrix a;
  SUNLinearSolver ls;
  void *mem;
  Plant plant;
  long n_samples = lround (FINAL / PERIOD), interval_steps = 0;
  gint64 start = now_us ();

  *steps = 0;
  if (SUNContext_Create (NULL, &ctx) != 0)
    g_error ("SUNContext_Create failed");
  y = N_VNew_Serial (1, ctx);
  N_VGetArrayPointer (y)[0] = 0.0;
  plant.u = 1.0; /* the sample at t = 0: u = 1 - 2 x(0) */
  mem = CVodeCreate (CV_BDF, ctx);
  a = SUNDenseMatrix (1, 1, ctx);
  ls = SUNLinSol_Dense (y, a, ctx);
  if (CVodeInit (mem, plant_rhs, 0.0, y) != CV_SUCCESS
      || CVodeSStolerances (mem, RTOL, ATOL) != CV_SUCCESS
      || CVodeSetUserData (mem, &plant) != CV_SUCCESS
      || CVodeSetLinearSolver (mem, ls, a) != CV_SUCCESS
      /* Orrery's automatic maximum step, for the same steps */
      || CVodeSetMaxStep (mem, FINAL / 100) != CV_SUCCESS)
    g_error ("CVODE set-up failed");

  for (long k = 1; k <= n_samples; k++)
    {
      double tk = k * PERIOD, t = 0, x;

      if (CVodeSetStopTime (mem, tk) != CV_SUCCESS || CVode (mem, tk, y, &t, CV_NORMAL) < 0
          || t != tk)
        g_error ("CVode failed before t = %g", tk);
      x = N_VGetArrayPointer (y)[0];
      if (k == WATCH_K)
        *watched = x;
      /* the sample, and the cold restart after the jump of u (which
       * also zeroes CVODE's counters) */
      plant.u = 1 - 2 * x;
      CVodeGetNumSteps (mem, &interval_steps);
      *steps += interval_steps;
      if (k < n_samples && CVodeReInit (mem, tk, y) != CV_SUCCESS)
        g_error ("CVodeReInit failed at t = %g", tk);
    }
  CVodeFree (&mem);
  SUNLinSolFree (ls);
  SUNMatDestroy (a);
  N_VDestroy (y);
  SUNContext_Free (&ctx);
  return (now_us () - start) / 1e6;
}

/* ---- Orrery --------------------------------------------------------------- */

static OrrBlock *
add (OrrModel *m, const char *type, int in, int out, int evin, int evout)
{
  OrrBlock *b = orr_model_add_block (m, orr_model_get_root (m), type, NULL);

  orr_model_set_port_count (m, b, ORR_PORT_IN, in);
  orr_model_set_port_count (m, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (m, b, ORR_PORT_EVENT_IN, evin);
  orr_model_set_port_count (m, b, ORR_PORT_EVENT_OUT, evout);
  return b;
}

static void
wire (OrrModel *m, OrrBlock *a, OrrPortKind from_kind, OrrBlock *b, OrrPortKind to_kind, guint in)
{
  OrrEndpoint from = { a->id, from_kind, 1 }, to = { b->id, to_kind, in };

  if (orr_model_connect (m, orr_model_get_root (m), &from, &to, NULL) == NULL)
    g_error ("cannot wire the benchmark");
}

static OrrProgram *
compile_loop (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  OrrBlock *clock, *hold, *gain, *one, *control, *plant_sum, *plant, *scope;
  OrrSettings settings;
  OrrProgram *program;

  orr_model_begin (model, "Build the loop");
  clock = add (model, "SampleClock", 0, 0, 0, 1);
  orr_model_set_param (model, clock, "period", "1e-3");
  hold = add (model, "SampleHold", 1, 1, 1, 0);
  gain = add (model, "Gain", 1, 1, 0, 0);
  orr_model_set_param (model, gain, "gain", "-2");
  one = add (model, "Constant", 0, 1, 0, 0);
  orr_model_set_param (model, one, "value", "1");
  control = add (model, "Sum", 2, 1, 0, 0);
  orr_model_set_param (model, control, "signs", "[1 1]");
  plant_sum = add (model, "Sum", 2, 1, 0, 0);
  orr_model_set_param (model, plant_sum, "signs", "[1 -1]");
  plant = add (model, "Integrator", 1, 1, 0, 0);
  orr_model_set_param (model, plant, "x0", "0");
  scope = add (model, "Scope", 1, 0, 1, 0);
  orr_model_set_param (model, scope, "activation", "2");

  wire (model, clock, ORR_PORT_EVENT_OUT, hold, ORR_PORT_EVENT_IN, 1);
  wire (model, plant, ORR_PORT_OUT, hold, ORR_PORT_IN, 1);
  wire (model, hold, ORR_PORT_OUT, gain, ORR_PORT_IN, 1);
  wire (model, one, ORR_PORT_OUT, control, ORR_PORT_IN, 1);
  wire (model, gain, ORR_PORT_OUT, control, ORR_PORT_IN, 2);
  wire (model, control, ORR_PORT_OUT, plant_sum, ORR_PORT_IN, 1);
  wire (model, plant, ORR_PORT_OUT, plant_sum, ORR_PORT_IN, 2);
  wire (model, plant_sum, ORR_PORT_OUT, plant, ORR_PORT_IN, 1);
  wire (model, hold, ORR_PORT_OUT, scope, ORR_PORT_IN, 1);
  wire (model, clock, ORR_PORT_EVENT_OUT, scope, ORR_PORT_EVENT_IN, 1);
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
  program = orr_compile (model, registry, NULL, NULL, &error);
  if (program == NULL)
    g_error ("compile: %s", error->message);
  return program;
}

typedef struct
{
  guint64 n;
  double watched;
} Watch;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Watch *w = data;

  /* the samples are x_0, x_1 ...: x_500 is x(0.5) */
  if (w->n == WATCH_K)
    w->watched = values[0];
  w->n++;
}

static double
run_orrery (const OrrProgram *program, double *watched, OrrSimStats *stats, gboolean describe)
{
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  Watch watch = { 0, NAN };
  gint64 start;
  double seconds;

  orr_simulation_set_record_func (sim, on_record, &watch);
  start = now_us ();
  if (!orr_simulation_run (sim, &error))
    g_error ("simulate: %s", error->message);
  seconds = (now_us () - start) / 1e6;
  *stats = *orr_simulation_get_stats (sim);
  if (describe)
    g_print ("  Orrery's solver: %s\n", orr_simulation_get_solver_description (sim));
  if (watch.n != (guint64)lround (FINAL / PERIOD) + 1)
    g_error ("the scope recorded %" G_GUINT64_FORMAT " samples, not %ld", watch.n,
             lround (FINAL / PERIOD) + 1);
  *watched = watch.watched;
  return seconds;
}

int
main (int argc, char **argv)
{
  int repeat = argc > 1 ? MAX (atoi (argv[1]), 1) : 5;
  double final = argc > 3 ? atof (argv[3]) : 0;
  gboolean do_direct = argc <= 2 || strcmp (argv[2], "orrery") != 0;
  gboolean do_orrery = argc <= 2 || strcmp (argv[2], "direct") != 0;
  g_autoptr (OrrProgram) program = NULL;
  double exact = recurrence (WATCH_K);
  double direct_s = G_MAXDOUBLE, orrery_s = G_MAXDOUBLE, direct_x = NAN, orrery_x = NAN;
  double direct_err, orrery_err;
  long direct_steps = 0;
  OrrSimStats stats = { 0 };
  gboolean ok = TRUE;

  if (final >= 1)
    FINAL = final;
  program = compile_loop ();
  g_print ("Sampled-data loop: 1 kHz sample and hold around x' = 1 - 2 x_k - x, final time %g, "
           "rtol %g, atol %g, cvode-bdf; best of %d alternating runs (thread CPU time)\n",
           FINAL, RTOL, ATOL, repeat);
  for (int run = 0; run < repeat; run++)
    {
      /* (MIN evaluates its arguments twice) */
      if (do_direct)
        {
          double s = run_direct (&direct_x, &direct_steps);

          direct_s = MIN (direct_s, s);
        }
      if (do_orrery)
        {
          double s = run_orrery (program, &orrery_x, &stats, run == 0);

          orrery_s = MIN (orrery_s, s);
        }
    }

  direct_err = fabs (direct_x - exact);
  orrery_err = fabs (orrery_x - exact);
  g_print ("  recurrence:               x(0.5) = %.17g\n", exact);
  if (do_direct)
    {
      g_print ("  hand-written CVODE: %7.3f s  x(0.5) = %.17g (off by %.2e), %ld steps\n", direct_s,
               direct_x, direct_err, direct_steps);
      ok = ok && direct_err < WRONG;
    }
  if (do_orrery)
    {
      g_print ("  Orrery:             %7.3f s  x(0.5) = %.17g (off by %.2e), %" G_GUINT64_FORMAT
               " steps, %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT
               " restarts, %" G_GUINT64_FORMAT " right-hand sides, %" G_GUINT64_FORMAT
               " Jacobians (%" G_GUINT64_FORMAT " reused)\n",
               orrery_s, orrery_x, orrery_err, stats.steps, stats.events, stats.restarts,
               stats.rhs_calls, stats.jacobians, stats.jacobians_reused);
      ok = ok && orrery_err < WRONG;
    }
  if (do_direct && do_orrery)
    {
      g_print ("  ratio Orrery / hand-written: %.2f (goal: at most 0.5, %s)\n", orrery_s / direct_s,
               orrery_s <= 0.5 * direct_s ? "met" : "not met");
      g_print ("  accuracy: Orrery %s the hand-written loop's distance from the recurrence\n",
               orrery_err <= direct_err * (1 + 1e-9) ? "within" : "BEYOND");
    }
  if (!ok)
    g_printerr ("wrong answer: x(0.5) more than %g from the recurrence\n", WRONG);
  return ok ? 0 : 1;
}
