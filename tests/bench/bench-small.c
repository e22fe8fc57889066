/* bench-small.c: the fixed cost per step on tiny models, against
 * hand-written CVODE with the same settings.
 *
 * Two models of a few blocks, built with the standard palettes:
 *
 *  - the bouncing ball of data/examples (a Constant -g into a velocity
 *    Integrator reinitialised to -e v by a ZeroCrossDown on the height,
 *    the height Integrator, a Scope on both), g = 9.81, h0 = 10, e = 0.9,
 *    rtol 1e-8, atol 1e-10, final time 20 s (12 impacts);
 *  - Van der Pol with mu = 1000 (x1' = x2, x2' = mu (1 - x1^2) x2 - x1 from
 *    Products, Sums with weights and Integrators, a Scope on x1), x(0) =
 *    (2, 0), rtol 1e-6, atol 1e-8, final time 3000 s (about two periods
 *    of the relaxation oscillation, stiff).
 *
 * The hand-written programs use CVODE BDF with Newton, a dense LU and
 * CVODE's own difference quotients, Orrery's automatic maximum step
 * (final / 100), one step at a time (CV_ONE_STEP) recording every accepted
 * point into an array as a sink would, the ball's impacts as a root
 * function with a cold restart (CVodeReInit) after v = -e v. Times are
 * thread CPU time of whole runs (solver set-up included), best of
 * alternating rounds of several runs. Prints both, their ratio (goal:
 * at most 1.2, issue 18), step counts and the answers, checked against
 * each other and, for the ball, the analytic impact times. Fails only on
 * a wrong answer. */
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

#define G 9.81
#define H0 10.0
#define E 0.9
#define BALL_FINAL 20.0
#define MU 1000.0
#define VDP_FINAL 3000.0
#define MAX_POINTS 1000000

static gint64
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* What a sink keeps: every accepted point. */
typedef struct
{
  int n;
  double *t, *x;
  double last[2];
  guint64 impacts;
} Record;

static void
record_point (Record *r, double t, double x)
{
  if (r->n < MAX_POINTS)
    {
      r->t[r->n] = t;
      r->x[r->n] = x;
      r->n++;
    }
}

/* ---- hand-written ------------------------------------------------------------ */

static int
ball_rhs (sunrealtype t, N_Vector y, N_Vector ydot, void *data)
{
  const double *s = N_VGetArrayPointer (y);
  double *d = N_VGetArrayPointer (ydot);

  d[0] = -G;   /* v' */
  d[1] = s[0]; /* h' */
  return 0;
}

static int
ball_root (sunrealtype t, N_Vector y, sunrealtype *g, void *data)
{
  g[0] = N_VGetArrayPointer (y)[1];
  return 0;
}

static int
vdp_rhs (sunrealtype t, N_Vector y, N_Vector ydot, void *data)
{
  const double *s = N_VGetArrayPointer (y);
  double *d = N_VGetArrayPointer (ydot);

  d[0] = s[1];
  d[1] = MU * (1 - s[0] * s[0]) * s[1] - s[0];
  return 0;
}

static double
run_direct (gboolean ball, Record *rec, long *steps)
{
  SUNContext ctx;
  N_Vector y;
  SUNMatrix a;
  SUNLinearSolver ls;
  void *mem;
  double final = ball ? BALL_FINAL : VDP_FINAL, t = 0;
  gint64 start = now_us ();
  long interval_steps = 0;
  int direction = -1;

  *steps = 0;
  rec->n = 0;
  rec->impacts = 0;
  if (SUNContext_Create (NULL, &ctx) != 0)
    g_error ("SUNContext_Create failed");
  y = N_VNew_Serial (2, ctx);
  N_VGetArrayPointer (y)[0] = ball ? 0 : 2;
  N_VGetArrayPointer (y)[1] = ball ? H0 : 0;
  mem = CVodeCreate (CV_BDF, ctx);
  a = SUNDenseMatrix (2, 2, ctx);
  ls = SUNLinSol_Dense (y, a, ctx);
  if (CVodeInit (mem, ball ? ball_rhs : vdp_rhs, 0.0, y) != CV_SUCCESS
      || CVodeSStolerances (mem, ball ? 1e-8 : 1e-6, ball ? 1e-10 : 1e-8) != CV_SUCCESS
      || CVodeSetLinearSolver (mem, ls, a) != CV_SUCCESS
      || CVodeSetMaxStep (mem, final / 100) != CV_SUCCESS
      || CVodeSetStopTime (mem, final) != CV_SUCCESS)
    g_error ("CVODE set-up failed");
  if (ball
      && (CVodeRootInit (mem, 1, ball_root) != CV_SUCCESS
          || CVodeSetRootDirection (mem, &direction) != CV_SUCCESS))
    g_error ("CVODE root set-up failed");

  record_point (rec, 0, ball ? H0 : 2);
  while (t < final)
    {
      int flag = CVode (mem, final, y, &t, CV_ONE_STEP);
      double *s = N_VGetArrayPointer (y);

      if (flag < 0)
        g_error ("CVode failed at t = %g", t);
      record_point (rec, t, ball ? s[1] : s[0]);
      if (flag == CV_ROOT_RETURN)
        {
          s[0] = -E * s[0];
          rec->impacts++;
          CVodeGetNumSteps (mem, &interval_steps);
          *steps += interval_steps;
          if (CVodeReInit (mem, t, y) != CV_SUCCESS || CVodeSetStopTime (mem, final) != CV_SUCCESS)
            g_error ("CVodeReInit failed");
        }
    }
  rec->last[0] = N_VGetArrayPointer (y)[0];
  rec->last[1] = N_VGetArrayPointer (y)[1];
  CVodeGetNumSteps (mem, &interval_steps);
  *steps += interval_steps;

  CVodeFree (&mem);
  SUNLinSolFree (ls);
  SUNMatDestroy (a);
  N_VDestroy (y);
  SUNContext_Free (&ctx);
  return (now_us () - start) / 1e6;
}

/* ---- Orrery ---------------------------------------------------------------------- */

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
compile_model (gboolean ball)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  OrrSettings settings;
  OrrProgram *program;

  orr_model_begin (model, "Build");
  if (ball)
    {
      OrrBlock *gravity = add (model, "Constant", 0, 1, 0, 0);
      OrrBlock *velocity = add (model, "Integrator", 2, 1, 1, 0);
      OrrBlock *height = add (model, "Integrator", 1, 1, 0, 0);
      OrrBlock *impact = add (model, "ZeroCrossDown", 1, 0, 0, 1);
      OrrBlock *restitution = add (model, "Gain", 1, 1, 0, 0);
      OrrBlock *scope = add (model, "Scope", 2, 0, 0, 0);

      orr_model_set_param (model, gravity, "value", "-9.81");
      orr_model_set_param (model, velocity, "x0", "0");
      orr_model_set_param (model, velocity, "reinit", "1");
      orr_model_set_param (model, height, "x0", "10");
      orr_model_set_param (model, restitution, "gain", "-0.9");
      orr_model_set_param (model, scope, "inputs", "2");
      wire (model, gravity, ORR_PORT_OUT, velocity, ORR_PORT_IN, 1);
      wire (model, velocity, ORR_PORT_OUT, height, ORR_PORT_IN, 1);
      wire (model, height, ORR_PORT_OUT, impact, ORR_PORT_IN, 1);
      wire (model, velocity, ORR_PORT_OUT, restitution, ORR_PORT_IN, 1);
      wire (model, restitution, ORR_PORT_OUT, velocity, ORR_PORT_IN, 2);
      wire (model, impact, ORR_PORT_EVENT_OUT, velocity, ORR_PORT_EVENT_IN, 1);
      wire (model, height, ORR_PORT_OUT, scope, ORR_PORT_IN, 1);
      wire (model, velocity, ORR_PORT_OUT, scope, ORR_PORT_IN, 2);
    }
  else
    {
      OrrBlock *x1 = add (model, "Integrator", 1, 1, 0, 0);
      OrrBlock *x2 = add (model, "Integrator", 1, 1, 0, 0);
      OrrBlock *square = add (model, "Product", 2, 1, 0, 0);
      OrrBlock *one = add (model, "Constant", 0, 1, 0, 0);
      OrrBlock *damping = add (model, "Sum", 2, 1, 0, 0);
      OrrBlock *times = add (model, "Product", 2, 1, 0, 0);
      OrrBlock *accel = add (model, "Sum", 2, 1, 0, 0);
      OrrBlock *scope = add (model, "Scope", 1, 0, 0, 0);

      orr_model_set_param (model, x1, "x0", "2");
      orr_model_set_param (model, x2, "x0", "0");
      orr_model_set_param (model, one, "value", "1");
      orr_model_set_param (model, damping, "signs", "[1 -1]");
      orr_model_set_param (model, accel, "signs", "[1000 -1]");
      wire (model, x2, ORR_PORT_OUT, x1, ORR_PORT_IN, 1);
      wire (model, x1, ORR_PORT_OUT, square, ORR_PORT_IN, 1);
      wire (model, x1, ORR_PORT_OUT, square, ORR_PORT_IN, 2);
      wire (model, one, ORR_PORT_OUT, damping, ORR_PORT_IN, 1);
      wire (model, square, ORR_PORT_OUT, damping, ORR_PORT_IN, 2);
      wire (model, damping, ORR_PORT_OUT, times, ORR_PORT_IN, 1);
      wire (model, x2, ORR_PORT_OUT, times, ORR_PORT_IN, 2);
      wire (model, times, ORR_PORT_OUT, accel, ORR_PORT_IN, 1);
      wire (model, x1, ORR_PORT_OUT, accel, ORR_PORT_IN, 2);
      wire (model, accel, ORR_PORT_OUT, x2, ORR_PORT_IN, 1);
      wire (model, x1, ORR_PORT_OUT, scope, ORR_PORT_IN, 1);
    }
  orr_model_commit (model);

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = ball ? BALL_FINAL : VDP_FINAL;
  settings.rtol = ball ? 1e-8 : 1e-6;
  settings.atol = ball ? 1e-10 : 1e-8;
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

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Record *r = data;

  record_point (r, t, values[0]);
  r->last[0] = values[0];
  r->last[1] = n > 1 ? values[1] : NAN;
}

static double
run_orrery (const OrrProgram *program, Record *rec, OrrSimStats *stats)
{
  g_autoptr (OrrSimulation) sim = NULL;
  g_autoptr (GError) error = NULL;
  gint64 start = now_us ();

  rec->n = 0;
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, on_record, rec);
  if (!orr_simulation_run (sim, &error))
    g_error ("simulate: %s", error->message);
  *stats = *orr_simulation_get_stats (sim);
  rec->impacts = stats->events; /* the impacts' activations */
  return (now_us () - start) / 1e6;
}

/* The height at t from the analytic bounces. */
static double
ball_height (double t)
{
  double v = sqrt (2 * G * H0), t0 = sqrt (2 * H0 / G);

  if (t < t0)
    return H0 - G * t * t / 2;
  for (;;)
    {
      double period;

      v *= E;
      period = 2 * v / G;
      if (t < t0 + period)
        return v * (t - t0) - G * (t - t0) * (t - t0) / 2;
      t0 += period;
    }
}

static gboolean
bench (gboolean ball, int rounds, int runs)
{
  const char *name = ball ? "bouncing ball" : "Van der Pol, mu = 1000";
  g_autoptr (OrrProgram) program = compile_model (ball);
  Record direct = { 0 }, orrery = { 0 };
  double direct_s = G_MAXDOUBLE, orrery_s = G_MAXDOUBLE;
  long direct_steps = 0;
  OrrSimStats stats = { 0 };
  gboolean ok = TRUE;
  double final = ball ? BALL_FINAL : VDP_FINAL;
  double exact, direct_end, orrery_end;

  direct.t = g_new (double, MAX_POINTS);
  direct.x = g_new (double, MAX_POINTS);
  orrery.t = g_new (double, MAX_POINTS);
  orrery.x = g_new (double, MAX_POINTS);
  for (int r = 0; r < rounds; r++)
    {
      double d = 0, o = 0;

      for (int i = 0; i < runs; i++)
        d += run_direct (ball, &direct, &direct_steps);
      for (int i = 0; i < runs; i++)
        o += run_orrery (program, &orrery, &stats);
      direct_s = MIN (direct_s, d / runs);
      orrery_s = MIN (orrery_s, o / runs);
    }

  direct_end = direct.x[direct.n - 1];
  orrery_end = orrery.x[orrery.n - 1];
  g_print ("%s, final time %g: best of %d rounds of %d runs (thread CPU time per run)\n", name,
           final, rounds, runs);
  g_print ("  hand-written CVODE: %8.3f ms  %ld steps, %d points, %" G_GUINT64_FORMAT
           " impacts, x(%g) = %.8g\n",
           direct_s * 1e3, direct_steps, direct.n, direct.impacts, final, direct_end);
  g_print ("  Orrery:             %8.3f ms  %" G_GUINT64_FORMAT
           " steps, %d points, %" G_GUINT64_FORMAT " impacts, %" G_GUINT64_FORMAT
           " zero crossings, %" G_GUINT64_FORMAT " restarts, %" G_GUINT64_FORMAT
           " right-hand sides, x(%g) = %.8g\n",
           orrery_s * 1e3, stats.steps, orrery.n, orrery.impacts, stats.zero_crossings,
           stats.restarts, stats.rhs_calls, final, orrery_end);
  g_print ("  ratio Orrery / hand-written (%s): %.2f (goal: at most 1.2, %s)\n", name,
           orrery_s / direct_s, orrery_s <= 1.2 * direct_s ? "met" : "not met");

  if (ball)
    {
      exact = ball_height (final);
      g_print ("  analytic h(%g) = %.8g\n", final, exact);
      ok = fabs (direct_end - exact) < 1e-5 && fabs (orrery_end - exact) < 1e-5
           && direct.impacts == orrery.impacts;
    }
  else
    /* two CVODE runs of a stiff oscillator with the same settings agree
     * to a few tolerances, away from the fast transitions (t = 3000 is
     * on a slow branch, |x1| between 1 and 2) */
    ok = fabs (direct_end - orrery_end) < 1e-3 && fabs (orrery_end) > 1 && fabs (orrery_end) < 2.1;
  if (!ok)
    g_printerr ("%s: wrong answer\n", name);
  g_free (direct.t);
  g_free (direct.x);
  g_free (orrery.t);
  g_free (orrery.x);
  return ok;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? MAX (atoi (argv[1]), 1) : 5;
  const char *only = argc > 2 ? argv[2] : NULL;
  gboolean ok = TRUE;

  if (only == NULL || strcmp (only, "ball") == 0)
    ok = bench (TRUE, rounds, 200) && ok;
  if (only == NULL || strcmp (only, "vdp") == 0)
    ok = bench (FALSE, rounds, 5) && ok;
  return ok ? 0 : 1;
}
