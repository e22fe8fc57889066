/* test-event-crossings.c: zero crossings that happen at events
 * (SEMANTICS section 6; engine/sim/orr-event-crossings.c). A surface whose
 * sign changes across an event, rather than while the solver integrates,
 * crossed at that instant: ZeroCrossUp and ZeroCrossDown must see it.
 * Each model runs under CVODE and under the fixed-step rk4; the counts and
 * times are worked out by hand beside each model.
 *
 * The convention checked: rising is < 0 before and >= 0 after, falling
 * > 0 before and <= 0 after; a signal that leaves zero does not cross. */
#include "model-run.h"

#include <math.h>

/* A fixed step that puts every edge and tick of these models on the grid
 * (a power of two: no rounding in start + n * step). */
#define FIXED_STEP 0.25

typedef struct
{
  const char *solver;
  double step;      /* the fixed step, 0: the solver's automatic bound */
  double tolerance; /* on event times */
} Solver;

static const Solver solvers[] = {
  /* root location on a surface linear in t is exact to rounding */
  { "cvode-bdf", 0, 1e-9 },
  /* every edge and tick is a grid point */
  { "rk4", FIXED_STEP, 1e-12 },
};

static void
set_solver (OrrModel *model, const Solver *solver)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  g_free (s.solver);
  s.solver = g_strdup (solver->solver);
  s.max_step = solver->step;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}

/* source's output into a ZeroCrossUp counted on scope "Rising" and a
 * ZeroCrossDown counted on scope "Falling" (Counters from 1: the n-th
 * event records n). */
static void
watch_both_ways (OrrModel *model, OrrBlock *source)
{
  OrrBlock *up = add_block (model, "ZeroCrossUp", "Up", 1, 0, 0, 1, NULL);
  OrrBlock *down = add_block (model, "ZeroCrossDown", "Down", 1, 0, 0, 1, NULL);
  OrrBlock *rises = add_block (model, "Counter", "Rises", 0, 1, 1, 0, NULL);
  OrrBlock *falls = add_block (model, "Counter", "Falls", 0, 1, 1, 0, NULL);
  OrrBlock *rising = add_block (model, "Scope", "Rising", 1, 0, 0, 0, NULL);
  OrrBlock *falling = add_block (model, "Scope", "Falling", 1, 0, 0, 0, NULL);

  link_data (model, source, 1, up, 1);
  link_data (model, source, 1, down, 1);
  link_event (model, up, 1, rises, 1);
  link_event (model, down, 1, falls, 1);
  link_data (model, rises, 1, rising, 1);
  link_data (model, falls, 1, falling, 1);
}

/* The scope's events are at times[0 .. n-1], and the counter behind it
 * ended at n. */
static void
assert_events (Run *run, const char *scope, const double *times, guint n, double tolerance)
{
  Recording *r;

  if (n == 0)
    {
      g_assert_cmpuint (n_samples (run, scope), ==, 0);
      return;
    }
  r = recording (run, scope);
  g_assert_cmpuint (r->t->len, ==, n);
  for (guint k = 0; k < n; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), times[k], tolerance);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

/* ---- a SquareWave ------------------------------------------------------------ */

/* SquareWave, period 2, amplitude 1, duty 50 %, no delay: +1 on [2k, 2k+1),
 * -1 on [2k+1, 2k+2). Its output jumps at its own edges, which the solver
 * stops at; the ZeroCross blocks' surfaces jump there with it. Over
 * [0, 10.5] (no edge on the final time): it falls at 1, 3, 5, 7, 9 and
 * rises at 2, 4, 6, 8, 10; the start at +1 is no crossing. */
static void
test_square_wave (void)
{
  const double rises[] = { 2, 4, 6, 8, 10 }, falls[] = { 1, 3, 5, 7, 9 };

  for (guint s = 0; s < G_N_ELEMENTS (solvers); s++)
    {
      g_autoptr (OrrModel) model = orr_model_new ();
      OrrBlock *wave = add_block (model, "SquareWave", "Wave", 0, 1, 0, 0, "amplitude", "1",
                                  "period", "2", NULL);
      g_autoptr (Run) run = NULL;

      g_test_message ("solver %s", solvers[s].solver);
      set_final_time (model, 10.5);
      set_solver (model, &solvers[s]);
      watch_both_ways (model, wave);
      run = run_model_ok (model, NULL);
      assert_events (run, "Rising", rises, G_N_ELEMENTS (rises), solvers[s].tolerance);
      assert_events (run, "Falling", falls, G_N_ELEMENTS (falls), solvers[s].tolerance);
    }
}

/* ---- a discrete signal, no continuous state ---------------------------------- */

/* A unit delay fed back through a gain of -1, on a clock of period 1 and
 * offset 0.5: y = 0 until the first tick (its buffer before any
 * activation), then -1 at 0.5, +1 at 1.5, -1 at 2.5 ... alternating at
 * every tick. Nothing is integrated: only events change the surfaces.
 * Over [0, 10] (ticks 0.5 ... 9.5): rises at 1.5, 3.5, 5.5, 7.5, 9.5,
 * falls at 2.5, 4.5, 6.5, 8.5. The first tick takes y from 0 to -1: it
 * leaves zero, which is no crossing, so ZeroCrossDown does not fire then. */
static void
test_discrete_signal (void)
{
  const double rises[] = { 1.5, 3.5, 5.5, 7.5, 9.5 }, falls[] = { 2.5, 4.5, 6.5, 8.5 };

  for (guint s = 0; s < G_N_ELEMENTS (solvers); s++)
    {
      g_autoptr (OrrModel) model = orr_model_new ();
      OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1",
                                   "offset", "0.5", NULL);
      OrrBlock *delay = add_block (model, "DiscreteDelay", "Delay", 1, 1, 1, 0, "init", "-1", NULL);
      OrrBlock *flip = add_block (model, "Gain", "Flip", 1, 1, 0, 0, "gain", "-1", NULL);
      g_autoptr (Run) run = NULL;

      g_test_message ("solver %s", solvers[s].solver);
      set_final_time (model, 10);
      set_solver (model, &solvers[s]);
      link_event (model, clock, 1, delay, 1);
      link_data (model, delay, 1, flip, 1);
      link_data (model, flip, 1, delay, 1);
      watch_both_ways (model, delay);
      run = run_model_ok (model, NULL);
      g_assert_cmpint (run->program->nx, ==, 0);
      assert_events (run, "Rising", rises, G_N_ELEMENTS (rises), solvers[s].tolerance);
      assert_events (run, "Falling", falls, G_N_ELEMENTS (falls), solvers[s].tolerance);
    }
}

/* ---- a continuous state that jumps --------------------------------------------- */

/* The bouncing ball of SEMANTICS 9 built from Integrators: h' = v,
 * v' = -9.81, (h, v)(0) = (10, 0); at each impact (ZeroCrossDown on h)
 * the velocity is re-initialised to -0.9 v. The velocity jumps from
 * negative to positive at every impact: a ZeroCrossUp on v sees the jump
 * (no solver ever integrates through it), while a ZeroCrossDown on v sees
 * the apexes, where v falls through zero continuously.
 *
 * By hand: the first impact at t1 = sqrt(2 * 10 / 9.81) = 1.4278431; the
 * ball leaves the ground at 0.9^k * 9.81 t1 after impact k, so the next
 * impact is 2 * 0.9^k t1 later and the apex 0.9^k t1 later:
 * impacts 1.42784, 3.99796, 6.31107, 8.39286 (then 10.26648);
 * apexes 2.71290, 5.15458, 7.24788, 9.32967. The start (v = 0, then
 * falling) leaves zero and is no crossing. Over [0, 10]: 4 of each. */
static void
test_jumping_state (void)
{
  const double t1 = sqrt (2 * 10 / 9.81);
  double impacts[4], apexes[4];

  impacts[0] = t1;
  for (int k = 1; k < 4; k++)
    impacts[k] = impacts[k - 1] + 2 * pow (0.9, k) * t1;
  for (int k = 0; k < 4; k++)
    apexes[k] = impacts[k] + pow (0.9, k + 1) * t1;

  for (guint s = 0; s < G_N_ELEMENTS (solvers); s++)
    {
      g_autoptr (OrrModel) model = new_precise_model (10, 0);
      OrrBlock *gravity
        = add_block (model, "Constant", "Gravity", 0, 1, 0, 0, "value", "-9.81", NULL);
      OrrBlock *v
        = add_block (model, "Integrator", "Velocity", 2, 1, 1, 0, "x0", "0", "reinit", "1", NULL);
      OrrBlock *h = add_block (model, "Integrator", "Height", 1, 1, 0, 0, "x0", "10", NULL);
      OrrBlock *impact = add_block (model, "ZeroCrossDown", "Impact", 1, 0, 0, 1, NULL);
      OrrBlock *bounce = add_block (model, "Gain", "Restitution", 1, 1, 0, 0, "gain", "-0.9", NULL);
      /* a fixed step small enough for the impacts to stay in order;
       * times then within a few steps */
      Solver solver = solvers[s];
      g_autoptr (Run) run = NULL;

      if (solver.step > 0)
        {
          solver.step = 1.0 / 1024;
          solver.tolerance = 0.01;
        }
      else
        solver.tolerance = 1e-4; /* SEMANTICS 9 */
      g_test_message ("solver %s", solver.solver);
      set_solver (model, &solver);
      link_data (model, gravity, 1, v, 1);
      link_data (model, v, 1, h, 1);
      link_data (model, h, 1, impact, 1);
      link_data (model, v, 1, bounce, 1);
      link_data (model, bounce, 1, v, 2);
      link_event (model, impact, 1, v, 1);
      watch_both_ways (model, v);
      run = run_model_ok (model, NULL);
      assert_events (run, "Rising", impacts, G_N_ELEMENTS (impacts), solver.tolerance);
      assert_events (run, "Falling", apexes, G_N_ELEMENTS (apexes), solver.tolerance);
    }
}

/* ---- the Zeno guard --------------------------------------------------------------- */

/* A crossing that undoes itself: a ZeroCross (either way) drives a
 * Counter 0, 1, 0, 1 ... whose output minus 0.5 is the ZeroCross's input.
 * Two events start it: at 0.5 the counter shows 0 (the input goes from 0
 * to -0.5, leaving zero: nothing), at 0.6 it shows 1 (-0.5 to +0.5: a
 * crossing), whose event shows 0 again (a crossing), and so on without
 * end at t = 0.6. The run must stop there with a Zeno error rather than
 * spin. */
static void
test_zeno (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *first = add_block (model, "EventGenerate", "First", 0, 0, 0, 1, "time", "0.5", NULL);
  OrrBlock *second = add_block (model, "EventGenerate", "Second", 0, 0, 0, 1, "time", "0.6", NULL);
  OrrBlock *both = add_block (model, "EventUnion", "Both", 0, 0, 3, 1, "inputs", "3", NULL);
  OrrBlock *toggle
    = add_block (model, "Counter", "Toggle", 0, 1, 1, 0, "minimum", "0", "maximum", "1", NULL);
  OrrBlock *half = add_block (model, "Constant", "Half", 0, 1, 0, 0, "value", "0.5", NULL);
  OrrBlock *centred = add_block (model, "Sum", "Centred", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *cross = add_block (model, "ZeroCross", "Cross", 1, 0, 0, 1, NULL);
  g_autoptr (Run) run = NULL;

  set_final_time (model, 1);
  link_event (model, first, 1, both, 1);
  link_event (model, second, 1, both, 2);
  link_event (model, cross, 1, both, 3);
  link_event (model, both, 1, toggle, 1);
  link_data (model, toggle, 1, centred, 1);
  link_data (model, half, 1, centred, 2);
  link_data (model, centred, 1, cross, 1);
  run = run_model (model, NULL);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_ZENO);
  g_assert_nonnull (strstr (run->error->message, "near t = 0.6 s"));
  g_assert_nonnull (strstr (run->error->message, "Cross"));
  g_assert_cmpfloat_with_epsilon (run->stats.final_time, 0.6, 1e-12);
}

/* ---- jroot when modes are chosen --------------------------------------------------- */

/* A block with one surface, sin t, and one mode, that records the jroot
 * it sees each time it chooses its mode at an accepted point (the
 * zero-crossings job with modes not fixed, outside a trial). */
static gboolean
mode_watch_configure (OrrConfig *config, GError **error)
{
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  return TRUE;
}

static void
mode_watch_simulate (OrrSimBlock *block, OrrJob job)
{
  double seen;

  if (job != ORR_JOB_ZERO_CROSSINGS)
    return;
  block->g[0] = sin (orr_block_get_time (block));
  if (orr_block_modes_fixed (block) || orr_block_in_try_phase (block))
    return;
  block->mode[0] = block->g[0] >= 0 ? 1 : 2;
  seen = block->jroot[0];
  orr_block_record (block, &seen, 1);
}

static const OrrBlockClass mode_watch_class = {
  .name = "TestModeWatch",
  .palette = "Tests",
  .label = "Mode watch",
  .description = "Records the jroot it sees when it chooses its mode.",
  .configure = mode_watch_configure,
  .simulate = mode_watch_simulate,
};

/* Over [0, 7], sin t falls through zero at pi and rises at 2 pi: when the
 * block chooses its mode after those crossings it sees jroot -1, then +1;
 * at the start, 0. */
static void
test_jroot_at_mode_choice (void)
{
  static const OrrBlockClass *const classes[] = { &mode_watch_class, NULL };
  RunSetup setup = { .classes = classes };
  g_autoptr (OrrModel) model = new_precise_model (7, 0);
  g_autoptr (Run) run = NULL;
  Recording *r;
  int crossings = 0;

  add_block (model, "TestModeWatch", "Watch", 0, 0, 0, 0, NULL);
  run = run_model_ok (model, &setup);
  r = recording (run, "Watch");
  g_assert_cmpfloat (T (r, 0), ==, 0);
  g_assert_cmpfloat (V (r, 0, 0), ==, 0);
  for (guint k = 0; k < r->t->len; k++)
    {
      if (V (r, k, 0) == 0)
        continue;
      g_assert_cmpint (crossings, <, 2);
      g_assert_cmpfloat_with_epsilon (T (r, k), (crossings + 1) * G_PI, 1e-6);
      g_assert_cmpfloat (V (r, k, 0), ==, crossings == 0 ? -1 : 1);
      crossings++;
    }
  g_assert_cmpint (crossings, ==, 2);
}

/* ---- a surface that only matters one way -------------------------------- */

/* ZeroCrossDown alone on sin(pi t) over [0, 10.5]: the input falls
 * through zero at 1, 3, 5, 7, 9 and rises at 2, 4, 6, 8, 10. The block
 * says only falling crossings matter (orr_config_set_surface_direction),
 * so the solver stops at the five falls and never at the rises: five
 * crossings in all, where a surface watched both ways gives ten. Under
 * rk4 a crossing is seen at the end of the step it falls in (sin(pi k) is
 * not exactly 0 in floating point), so the times hold to one step. Every
 * SUNDIALS integrator is asked (CVODE, ERKStep, ARKStep, IDA: each has
 * its own SetRootDirection), and a fixed-step method. */
static void
test_one_direction (void)
{
  const double falls[] = { 1, 3, 5, 7, 9 };
  static const Solver one_way_solvers[] = {
    { "cvode-bdf", 0, 1e-8 }, { "dormand-prince", 0, 1e-8 }, { "sdirk", 0, 1e-8 },
    { "ida", 0, 1e-8 },       { "rk4", FIXED_STEP, 0 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (one_way_solvers); s++)
    {
      const Solver *solver = &one_way_solvers[s];
      g_autoptr (OrrModel) model = orr_model_new ();
      OrrBlock *sine = add_block (model, "SineWave", "Sine", 0, 1, 0, 0, "frequency", "pi", NULL);
      OrrBlock *down = add_block (model, "ZeroCrossDown", "Down", 1, 0, 0, 1, NULL);
      OrrBlock *falls_counter = add_block (model, "Counter", "Falls", 0, 1, 1, 0, NULL);
      OrrBlock *falling = add_block (model, "Scope", "Falling", 1, 0, 0, 0, NULL);
      g_autoptr (Run) run = NULL;

      g_test_message ("solver %s", solver->solver);
      set_final_time (model, 10.5);
      set_solver (model, solver);
      link_data (model, sine, 1, down, 1);
      link_event (model, down, 1, falls_counter, 1);
      link_data (model, falls_counter, 1, falling, 1);
      run = run_model_ok (model, NULL);
      assert_events (run, "Falling", falls, G_N_ELEMENTS (falls),
                     solver->step > 0 ? solver->step + 1e-12 : solver->tolerance);
      g_assert_cmpuint (run->stats.zero_crossings, ==, G_N_ELEMENTS (falls));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/event-crossings/square-wave", test_square_wave);
  g_test_add_func ("/event-crossings/one-direction", test_one_direction);
  g_test_add_func ("/event-crossings/discrete-signal", test_discrete_signal);
  g_test_add_func ("/event-crossings/jumping-state", test_jumping_state);
  g_test_add_func ("/event-crossings/zeno", test_zeno);
  g_test_add_func ("/event-crossings/jroot-at-mode-choice", test_jroot_at_mode_choice);
  return g_test_run ();
}
