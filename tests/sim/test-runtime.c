/* test-runtime.c: what changes while a simulation runs: real-time pacing,
 * retuning parameters, and NaN or infinite block outputs named where they
 * appear. Whole models with the standard palettes, checked against
 * analytic values. The pacing tests measure wall time only to see that a
 * wait happened (lower bounds) or ended promptly; generous slack keeps
 * them from depending on the machine's speed. */
#include "model-run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------- */

/* Constant(value) -> Gain(gain) -> Integrator(x0) -> Scope over [0, final]. */
static OrrModel *
integrating_model_x0 (double final, const char *value, const char *gain, const char *x0)
{
  OrrModel *model = new_precise_model (final, 0.01);
  OrrBlock *c = add_block (model, "Constant", "Source", 0, 1, 0, 0, "value", value, NULL);
  OrrBlock *k = add_block (model, "Gain", "Gain", 1, 1, 0, 0, "gain", gain, NULL);
  OrrBlock *i = add_block (model, "Integrator", "Integrator", 1, 1, 0, 0, "x0", x0, NULL);
  OrrBlock *s = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);

  link_data (model, c, 1, k, 1);
  link_data (model, k, 1, i, 1);
  link_data (model, i, 1, s, 1);
  return model;
}

static OrrModel *
integrating_model (double final, const char *value, const char *gain)
{
  return integrating_model_x0 (final, value, gain, "0");
}

/* SampleClock(period) -> Counter -> Scope over [0, final]: nothing to
 * integrate, so a paced run waits between events. */
static OrrModel *
clocked_model (double final, const char *period)
{
  OrrModel *model = new_precise_model (final, 0);
  OrrBlock *clock
    = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", period, "offset", "0", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);

  link_event (model, clock, 1, count, 1);
  link_data (model, count, 1, scope, 1);
  return model;
}

static OrrProgram *
compile_ok (OrrModel *model)
{
  g_autoptr (GError) error = NULL;
  OrrProgram *program = compile_model (model, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (program);
  return program;
}

static int
block_index (const OrrProgram *program, const char *path)
{
  for (int b = 0; b < program->n_blocks; b++)
    if (g_strcmp0 (program->blocks[b].path, path) == 0)
      return b;
  g_assert_not_reached ();
  return -1;
}

/* What a run's record func keeps: the last sample of one block, and
 * optionally a retune to ask for at the first sample at or after t_at. */
typedef struct
{
  OrrSimulation *sim;
  int block;
  double last_t, last_v;
  int n;
  const OrrProgram *tuned;
  double t_at;
  gboolean asked;
  double v_before; /* the last value recorded before the retune took effect */
  double t_before;
} Watch;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Watch *w = data;

  if (block != w->block)
    return;
  w->last_t = t;
  w->last_v = values[0];
  w->n++;
  if (!w->asked)
    {
      w->t_before = t;
      w->v_before = values[0];
    }
  if (w->tuned != NULL && !w->asked && t >= w->t_at)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (orr_simulation_retune (w->sim, w->tuned, &error));
      g_assert_no_error (error);
      w->asked = TRUE;
    }
}

typedef struct
{
  OrrSimulation *sim;
  gboolean ok;
  GError *error;
  gint64 ended; /* monotonic time the run returned */
} Runner;

static gpointer
run_thread (gpointer data)
{
  Runner *r = data;

  r->ok = orr_simulation_run (r->sim, &r->error);
  r->ended = g_get_monotonic_time ();
  return NULL;
}

static double
seconds_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / (double)G_TIME_SPAN_SECOND;
}

/* ---- pacing ---------------------------------------------------------------- */

/* At factor 1 a run of 0.5 simulated seconds takes about 0.5 s of wall
 * time: at least 0.45 s (the point of pacing), and less than 2 s on any
 * reasonable machine. The answer is the same as unpaced: y(0.5) = 0.5. */
static void
test_pacing_real_time (void)
{
  g_autoptr (OrrModel) model = integrating_model (0.5, "1", "1");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  Watch w = { .sim = sim, .block = block_index (program, "Scope") };
  gint64 start;
  double wall;

  g_assert_cmpfloat (orr_simulation_get_realtime_factor (sim), ==, 0);
  orr_simulation_set_realtime_factor (sim, 1);
  g_assert_cmpfloat (orr_simulation_get_realtime_factor (sim), ==, 1);
  orr_simulation_set_record_func (sim, on_record, &w);
  start = g_get_monotonic_time ();
  g_assert_true (orr_simulation_run (sim, &error));
  wall = seconds_since (start);
  g_assert_no_error (error);
  g_test_message ("paced at 1x: 0.5 s simulated in %.3f s", wall);
  g_assert_cmpfloat (wall, >=, 0.45);
  g_assert_cmpfloat (wall, <, 2.0);
  g_assert_cmpfloat_with_epsilon (w.last_t, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (w.last_v, 0.5, 1e-6);
  /* slices of at most 20 ms: at least 25 recorded points */
  g_assert_cmpint (w.n, >=, 25);
}

/* Factor 0, the default, runs freely: the same model over 5 s (10 times
 * longer) ends before the paced one over 0.5 s could. */
static void
test_pacing_free (void)
{
  g_autoptr (OrrModel) model = integrating_model (5, "1", "1");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  gint64 start;
  double wall;

  orr_simulation_set_realtime_factor (sim, 0);
  start = g_get_monotonic_time ();
  g_assert_true (orr_simulation_run (sim, &error));
  wall = seconds_since (start);
  g_assert_no_error (error);
  g_test_message ("unpaced: 5 s simulated in %.3f s", wall);
  g_assert_cmpfloat (wall, <, 0.45);
}

/* A stop while a paced run waits for its next event (5 s away) ends the
 * run within 100 ms. */
static void
test_pacing_stop (void)
{
  g_autoptr (OrrModel) model = clocked_model (100, "5");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  Runner r = { .sim = sim };
  GThread *thread;
  gint64 stop;

  orr_simulation_set_realtime_factor (sim, 1);
  thread = g_thread_new ("sim", run_thread, &r);
  g_usleep (200 * G_TIME_SPAN_MILLISECOND);
  stop = g_get_monotonic_time ();
  orr_simulation_stop (sim);
  g_thread_join (thread);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_true (orr_simulation_get_stats (sim)->stopped);
  g_test_message ("stopped %.1f ms after the request",
                  (r.ended - stop) / (double)G_TIME_SPAN_MILLISECOND);
  g_assert_cmpint (r.ended - stop, <, 100 * G_TIME_SPAN_MILLISECOND);
  /* it waited at t = 0 for the tick at 5 s */
  g_assert_cmpfloat (orr_simulation_get_stats (sim)->final_time, <, 5);
}

/* A faster factor set during a long wait takes effect at once: ticks at
 * 0, 5, 10, 15, 20 would take 20 s at 1x, and take well under 1 s at
 * 1000x. */
static void
test_pacing_factor_change (void)
{
  g_autoptr (OrrModel) model = clocked_model (20, "5");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  Runner r = { .sim = sim };
  GThread *thread;
  gint64 start = g_get_monotonic_time ();

  orr_simulation_set_realtime_factor (sim, 1);
  thread = g_thread_new ("sim", run_thread, &r);
  g_usleep (100 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpfloat (orr_simulation_get_time (sim), <, 5); /* waiting for the 5 s tick */
  orr_simulation_set_realtime_factor (sim, 1000);
  g_thread_join (thread);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_cmpfloat (orr_simulation_get_stats (sim)->final_time, ==, 20);
  g_assert_cmpfloat ((r.ended - start) / (double)G_TIME_SPAN_SECOND, <, 2.0);
}

/* Paused time is not made up for: 0.6 simulated seconds at 1x with a
 * 0.4 s pause take at least 0.95 s (0.6 s if the pause were caught up),
 * and nothing moves while paused. */
static void
test_pacing_pause (void)
{
  g_autoptr (OrrModel) model = integrating_model (0.6, "1", "1");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  Runner r = { .sim = sim };
  GThread *thread;
  gint64 start = g_get_monotonic_time ();
  double t_paused, wall;

  orr_simulation_set_realtime_factor (sim, 1);
  thread = g_thread_new ("sim", run_thread, &r);
  g_usleep (150 * G_TIME_SPAN_MILLISECOND);
  orr_simulation_pause (sim);
  g_usleep (50 * G_TIME_SPAN_MILLISECOND); /* the run reaches its boundary */
  t_paused = orr_simulation_get_time (sim);
  g_usleep (350 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpfloat (orr_simulation_get_time (sim), ==, t_paused);
  orr_simulation_resume (sim);
  g_thread_join (thread);
  wall = (r.ended - start) / (double)G_TIME_SPAN_SECOND;
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_test_message ("paused at t = %.3f s; the run took %.3f s", t_paused, wall);
  g_assert_cmpfloat (t_paused, >, 0);
  g_assert_cmpfloat (t_paused, <, 0.6);
  g_assert_cmpfloat (wall, >=, 0.95);
  g_assert_cmpfloat (wall, <, 3.0);
}

/* ---- retuning -------------------------------------------------------------- */

/* Constant 1 -> Integrator, retuned to 3 at the first sample past t = 1
 * (from the record callback, on the run's thread): y(2) = t_s + 3 (2 -
 * t_s) where t_s is when the new value took effect. */
static void
test_retune_constant (void)
{
  g_autoptr (OrrModel) model = integrating_model (2, "1", "1");
  g_autoptr (OrrModel) edited = integrating_model (2, "3", "1");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrProgram) tuned = compile_ok (edited);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  Watch w = { .sim = sim, .block = block_index (program, "Scope"), .tuned = tuned, .t_at = 1 };
  double ts;

  g_assert_true (program->blocks[block_index (program, "Source")].constant);
  g_assert_true (isnan (orr_simulation_get_retune_time (sim)));
  orr_simulation_set_record_func (sim, on_record, &w);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  ts = orr_simulation_get_retune_time (sim);
  g_test_message ("retuned at t = %.6f s", ts);
  g_assert_cmpfloat (ts, >=, 1);
  g_assert_cmpfloat (ts, <=, 1.01 + 1e-9); /* the next step, at most max_step later */
  g_assert_cmpfloat_with_epsilon (w.last_t, 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (w.last_v, ts + 3 * (2 - ts), 1e-6);
  /* up to the retune the slope was 1 */
  g_assert_cmpfloat_with_epsilon (w.v_before, w.t_before, 1e-8);
}

typedef struct
{
  OrrSimulation *sim;
  const OrrProgram *tuned;
  double at;
} Tuner;

static gpointer
tune_thread (gpointer data)
{
  Tuner *tuner = data;
  g_autoptr (GError) error = NULL;

  while (orr_simulation_get_time (tuner->sim) < tuner->at)
    g_usleep (G_TIME_SPAN_MILLISECOND);
  g_assert_true (orr_simulation_retune (tuner->sim, tuner->tuned, &error));
  g_assert_no_error (error);
  return NULL;
}

/* Gain 2 retuned to 5 from another thread while the run is paced at 2x
 * (so it is still running at t = 1): y(2) = 2 t_s + 5 (2 - t_s). */
static void
test_retune_gain_thread (void)
{
  g_autoptr (OrrModel) model = integrating_model (2, "1", "2");
  g_autoptr (OrrModel) edited = integrating_model (2, "1", "5");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrProgram) tuned = compile_ok (edited);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  Watch w = { .sim = sim, .block = block_index (program, "Scope") };
  Runner r = { .sim = sim };
  Tuner tuner = { sim, tuned, 1.0 };
  GThread *runner, *other;
  double ts;

  orr_simulation_set_realtime_factor (sim, 2);
  orr_simulation_set_record_func (sim, on_record, &w);
  runner = g_thread_new ("sim", run_thread, &r);
  other = g_thread_new ("tune", tune_thread, &tuner);
  g_thread_join (other);
  g_thread_join (runner);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  ts = orr_simulation_get_retune_time (sim);
  g_test_message ("retuned at t = %.6f s", ts);
  g_assert_cmpfloat (ts, >=, 1);
  g_assert_cmpfloat (ts, <, 2);
  g_assert_cmpfloat_with_epsilon (w.last_t, 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (w.last_v, 2 * ts + 5 * (2 - ts), 1e-6);
  g_assert_cmpuint (orr_simulation_get_stats (sim)->restarts, >=, 1);
}

/* Step (at 0.5 s, to 1) -> Integrator; the final value retuned to 4 at
 * t = 1: y(2) = (t_s - 0.5) + 4 (2 - t_s). */
static void
test_retune_step_final (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0.01);
  g_autoptr (OrrModel) edited = new_precise_model (2, 0.01);
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrProgram) tuned = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  g_autoptr (GError) error = NULL;
  OrrModel *models[] = { model, edited };
  const char *finals[] = { "1", "4" };
  Watch w = { .t_at = 1 };
  double ts;

  for (int m = 0; m < 2; m++)
    {
      OrrBlock *step = add_block (models[m], "Step", "Step", 0, 1, 0, 0, "step_time", "0.5",
                                  "initial", "0", "final", finals[m], NULL);
      OrrBlock *i = add_block (models[m], "Integrator", "Integrator", 1, 1, 0, 0, NULL);
      OrrBlock *s = add_block (models[m], "Scope", "Scope", 1, 0, 0, 0, NULL);

      link_data (models[m], step, 1, i, 1);
      link_data (models[m], i, 1, s, 1);
    }
  program = compile_ok (model);
  tuned = compile_ok (edited);
  sim = orr_simulation_new (program);
  w.sim = sim;
  w.block = block_index (program, "Scope");
  w.tuned = tuned;
  orr_simulation_set_record_func (sim, on_record, &w);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  ts = orr_simulation_get_retune_time (sim);
  g_assert_cmpfloat (ts, >=, 1);
  g_assert_cmpfloat (ts, <=, 1.01 + 1e-9);
  g_assert_cmpfloat_with_epsilon (w.last_v, (ts - 0.5) + 4 * (2 - ts), 1e-6);
}

/* Ramp t -> Gain 2 -> Integrator: the Gain is evaluated at every solver
 * call, not once. Retuned to -1 at t = 1: y(2) = 2 t_s^2 / 2 - (4 - t_s^2)
 * / 2. */
static void
test_retune_continuous_gain (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0.01);
  g_autoptr (OrrModel) edited = new_precise_model (2, 0.01);
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrProgram) tuned = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  g_autoptr (GError) error = NULL;
  OrrModel *models[] = { model, edited };
  const char *gains[] = { "2", "-1" };
  Watch w = { .t_at = 1 };
  double ts;

  for (int m = 0; m < 2; m++)
    {
      OrrBlock *ramp = add_block (models[m], "Ramp", "Ramp", 0, 1, 0, 0, NULL);
      OrrBlock *k = add_block (models[m], "Gain", "Gain", 1, 1, 0, 0, "gain", gains[m], NULL);
      OrrBlock *i = add_block (models[m], "Integrator", "Integrator", 1, 1, 0, 0, NULL);
      OrrBlock *s = add_block (models[m], "Scope", "Scope", 1, 0, 0, 0, NULL);

      link_data (models[m], ramp, 1, k, 1);
      link_data (models[m], k, 1, i, 1);
      link_data (models[m], i, 1, s, 1);
    }
  program = compile_ok (model);
  tuned = compile_ok (edited);
  g_assert_false (program->blocks[block_index (program, "Gain")].constant);
  sim = orr_simulation_new (program);
  w.sim = sim;
  w.block = block_index (program, "Scope");
  w.tuned = tuned;
  orr_simulation_set_record_func (sim, on_record, &w);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  ts = orr_simulation_get_retune_time (sim);
  g_assert_cmpfloat (ts, >=, 1);
  g_assert_cmpfloat (ts, <=, 1.01 + 1e-9);
  g_assert_cmpfloat_with_epsilon (w.last_v, ts * ts - (4 - ts * ts) / 2, 1e-6);
}

/* A different structure is refused, naming the block, and nothing is
 * applied: the run gives the untuned answer y(2) = 2 * 2. */
static void
test_retune_structure (void)
{
  g_autoptr (OrrModel) model = integrating_model (2, "1", "2");
  g_autoptr (OrrModel) matrix = integrating_model_x0 (2, "[1; 1]", "2", "[0; 0]");
  g_autoptr (OrrModel) bigger = integrating_model (2, "1", "2");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrProgram) tuned_matrix = NULL;
  g_autoptr (OrrProgram) tuned_bigger = NULL;
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  Watch w = { .sim = sim, .block = block_index (program, "Scope") };

  add_block (bigger, "Constant", "Extra", 0, 1, 0, 0, "value", "7", NULL);
  tuned_matrix = compile_ok (matrix);
  tuned_bigger = compile_ok (bigger);

  g_assert_false (orr_simulation_retune (sim, tuned_matrix, &error));
  g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE);
  g_test_message ("%s", error->message);
  /* the first block that differs: the Constant's output became a vector */
  g_assert_true (g_str_has_prefix (error->message, "Source: "));
  g_clear_error (&error);

  g_assert_false (orr_simulation_retune (sim, tuned_bigger, &error));
  g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Extra"));
  g_clear_error (&error);

  orr_simulation_set_record_func (sim, on_record, &w);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  g_assert_true (isnan (orr_simulation_get_retune_time (sim)));
  /* (a refused retune has no effect on the run) */
  g_assert_cmpfloat_with_epsilon (w.last_v, 4, 1e-6);
}

/* A clock's period is timing the agenda holds, not a parameter: a new
 * period is refused naming the clock (by its source: the compiler
 * merges clocks into the base clock). */
static void
test_retune_clock_period (void)
{
  g_autoptr (OrrModel) model = clocked_model (10, "5");
  g_autoptr (OrrModel) edited = clocked_model (10, "2");
  g_autoptr (OrrProgram) program = compile_ok (model);
  g_autoptr (OrrProgram) tuned = compile_ok (edited);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;

  g_assert_false (orr_simulation_retune (sim, tuned, &error));
  g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Clock, activation output 1: "));
}

/* ---- non-finite outputs ------------------------------------------------------ */

static double
error_time (const GError *error)
{
  const char *at = strstr (error->message, " at t = ");

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (" at t = "), NULL);
}

/* Ramp 1 - t -> Sqrt -> Scope: the square root is NaN as soon as the ramp
 * is negative, at t > 1. The error names Sqrt and the first accepted point
 * past 1, within one maximum step (1e-3). */
static void
test_nan_output (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 1e-3);
  OrrBlock *ramp = add_block (model, "Ramp", "Ramp", 0, 1, 0, 0, "slope", "-1", "initial", "1",
                              "start", "0", NULL);
  OrrBlock *root = add_block (model, "Sqrt", "Root", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double t;

  link_data (model, ramp, 1, root, 1);
  link_data (model, root, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_NUMERIC);
  g_test_message ("%s", run->error->message);
  g_assert_true (g_str_has_prefix (run->error->message, "Root: output 1 became NaN at t = "));
  t = error_time (run->error);
  g_assert_cmpfloat (t, >, 1);
  g_assert_cmpfloat (t, <=, 1 + 1e-3 + 1e-9);
}

/* An infinite Constant is reported at the start. */
static void
test_inf_constant (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *c = add_block (model, "Constant", "Big", 0, 1, 0, 0, "value", "[1; -inf]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  link_data (model, c, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_NUMERIC);
  g_test_message ("%s", run->error->message);
  g_assert_cmpstr (run->error->message, ==, "Big: output 1 became infinite at t = 0 s");
}

/* Clock (period 1) -> Counter (1, 2, 3 ... at t = 0, 1, 2 ...); Sqrt of
 * 2.5 - count is computed at the clock's events only, and is NaN from the
 * third tick on: the error names Sqrt at t = 2 exactly. */
static void
test_nan_at_event (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *clock
    = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1", "offset", "0", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *c = add_block (model, "Constant", "Limit", 0, 1, 0, 0, "value", "2.5", NULL);
  OrrBlock *diff = add_block (model, "Sum", "Left", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *root = add_block (model, "Sqrt", "Root", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "RootScope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  link_event (model, clock, 1, count, 1);
  link_data (model, c, 1, diff, 1);
  link_data (model, count, 1, diff, 2);
  link_data (model, diff, 1, root, 1);
  link_data (model, root, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_NUMERIC);
  g_assert_cmpstr (run->error->message, ==, "Root: output 1 became NaN at t = 2 s");
  /* the two ticks before were recorded: sqrt(1.5), sqrt(0.5) */
  g_assert_cmpuint (n_samples (run, "RootScope"), >=, 2);
  g_assert_cmpfloat_with_epsilon (V (recording (run, "RootScope"), 0, 0), sqrt (1.5), 1e-15);
  g_assert_cmpfloat_with_epsilon (V (recording (run, "RootScope"), 1, 0), sqrt (0.5), 1e-15);
}

/* Passes its input to output 1; output 2 is the input too, but NaN at
 * the solver's trial points, which a check of every buffer after each
 * step would take for an error. Counts its trial calls. */
static int trial_calls;

static gboolean
trial_nan_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
trial_nan_simulate (OrrSimBlock *block, OrrJob job)
{
  double u;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0)[0];
  orr_block_real_out (block, 0)[0] = u;
  if (orr_block_in_try_phase (block))
    {
      g_atomic_int_inc (&trial_calls);
      orr_block_real_out (block, 1)[0] = NAN;
    }
  else
    orr_block_real_out (block, 1)[0] = u;
}

static const OrrBlockClass trial_nan_class = {
  .name = "TestTrialNaN",
  .palette = "Tests",
  .label = "T",
  .description = "NaN at trial points",
  .icon_text = "T",
  .configure = trial_nan_configure,
  .simulate = trial_nan_simulate,
};

/* x' = -x through that block, its output 2 read by nobody: between
 * accepted steps its buffer holds the last trial's NaN, which is never
 * reported (only what is computed at accepted points is checked), and the
 * scope gets x(1) = e^-1. */
static void
test_trial_nan_ignored (void)
{
  static const OrrBlockClass *const classes[] = { &trial_nan_class, NULL };
  RunSetup setup = { classes };
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *i = add_block (model, "Integrator", "Integrator", 1, 1, 0, 0, "x0", "1", NULL);
  OrrBlock *t = add_block (model, "TestTrialNaN", "Trial", 1, 2, 0, 0, NULL);
  OrrBlock *k = add_block (model, "Gain", "Minus", 1, 1, 0, 0, "gain", "-1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, i, 1, t, 1);
  link_data (model, t, 1, k, 1);
  link_data (model, k, 1, i, 1);
  link_data (model, i, 1, scope, 1);
  g_atomic_int_set (&trial_calls, 0);
  run = run_model_ok (model, &setup);
  g_assert_cmpint (g_atomic_int_get (&trial_calls), >, 0);
  r = recording (run, "Scope");
  g_assert_cmpfloat_with_epsilon (T (r, r->t->len - 1), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (V (r, r->t->len - 1, 0), exp (-1), 1e-6);
  for (guint j = 0; j < r->t->len; j++)
    g_assert_true (isfinite (V (r, j, 0)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/runtime/pacing/real-time", test_pacing_real_time);
  g_test_add_func ("/runtime/pacing/free", test_pacing_free);
  g_test_add_func ("/runtime/pacing/stop", test_pacing_stop);
  g_test_add_func ("/runtime/pacing/factor-change", test_pacing_factor_change);
  g_test_add_func ("/runtime/pacing/pause", test_pacing_pause);
  g_test_add_func ("/runtime/retune/constant", test_retune_constant);
  g_test_add_func ("/runtime/retune/gain-thread", test_retune_gain_thread);
  g_test_add_func ("/runtime/retune/step-final", test_retune_step_final);
  g_test_add_func ("/runtime/retune/continuous-gain", test_retune_continuous_gain);
  g_test_add_func ("/runtime/retune/structure", test_retune_structure);
  g_test_add_func ("/runtime/retune/clock-period", test_retune_clock_period);
  g_test_add_func ("/runtime/finite/nan-output", test_nan_output);
  g_test_add_func ("/runtime/finite/inf-constant", test_inf_constant);
  g_test_add_func ("/runtime/finite/nan-at-event", test_nan_at_event);
  g_test_add_func ("/runtime/finite/trial-nan-ignored", test_trial_nan_ignored);
  return g_test_run ();
}
