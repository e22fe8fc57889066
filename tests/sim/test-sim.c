/* test-sim.c: the simulator on hand-built programs, against analytic
 * values and the oracles of SEMANTICS section 9. */

#include <math.h>
#include <string.h>

#include <orrery/orr-solvers.h>

#include "test-blocks.h"
#include "test-program.h"

/* ---- helpers ---------------------------------------------------------------- */

typedef struct
{
  OrrProgram *program;
  OrrSimulation *sim;
  TestObserver *observer;
  gboolean ok;
  GError *error;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->observer, test_observer_free);
  g_clear_pointer (&run->sim, orr_simulation_free);
  g_clear_error (&run->error);
}

/* Runs program once, keeping the simulation for inspection. */
static void
run_program (Run *run, OrrProgram *program)
{
  memset (run, 0, sizeof *run);
  run->program = program;
  run->sim = orr_simulation_new (program);
  g_assert_nonnull (run->sim);
  run->observer = test_observer_new (run->sim);
  run->ok = orr_simulation_run (run->sim, &run->error);
}

static void
assert_run_ok (Run *run)
{
  g_assert_no_error (run->error);
  g_assert_true (run->ok);
}

static void
assert_all_terminated (Run *run)
{
  for (int b = 0; b < run->program->n_blocks; b++)
    {
      g_assert_cmpint (run->observer->initialised[b], ==, 1);
      g_assert_cmpint (run->observer->terminated[b], ==, 1);
    }
}

/* A block that samples (x1, x2) of block `from` at each given time. */
static int
add_sampler (OrrProgram *program, int from, int n_outputs, const double *times, int n_times)
{
  int logger = tp_block (program, &test_logger_class, "Sampler", n_outputs, 0, 1, 0);

  for (int i = 0; i < n_outputs; i++)
    tp_connect (program, from, i, logger, i);
  for (int i = 0; i < n_times; i++)
    {
      int g = tp_block (program, &test_generator_class, "At", 0, 0, 0, 1);
      int s = tp_event_source (program, g, 0, "At, activation output 1");

      tp_rpar (program, g, 1, &times[i]);
      tp_list_add (&program->sources[s].list, logger, 1);
    }
  return logger;
}

/* ---- continuous time -------------------------------------------------------- */

static void
test_decay (void)
{
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);

  for (guint k = 0; k < n_solvers; k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 1);
      double x0 = 1, at = 1;
      int decay, sampler;
      Run run;
      g_autoptr (GArray) samples = NULL;
      double got;
      /* Fixed-step methods at h = 1e-3: Euler and backward Euler are off
       * by about h/2 t e^-t = 1.8e-4 at t = 1. */
      double bound = solvers[k].fixed_step ? 5e-4 : 1e-5;

      g_free (program->settings.solver);
      program->settings.solver = g_strdup (solvers[k].name);
      program->settings.rtol = 1e-7;
      program->settings.atol = 1e-10;
      if (solvers[k].fixed_step)
        program->settings.max_step = 1e-3;
      decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
      tp_states (program, decay, 1, &x0, FALSE);
      tp_continuous (program, decay);
      sampler = add_sampler (program, decay, 1, &at, 1);

      run_program (&run, program);
      assert_run_ok (&run);
      samples = test_observer_calls (run.observer, sampler, ORR_JOB_OUTPUTS);
      g_assert_cmpuint (samples->len, ==, 1);
      got = g_array_index (samples, TestCall, 0).value[0];
      g_test_message ("%s: x(1) = %.12f, error %.2e, %" G_GUINT64_FORMAT " steps; %s",
                      solvers[k].name, got, fabs (got - exp (-1)),
                      orr_simulation_get_stats (run.sim)->steps,
                      orr_simulation_get_solver_description (run.sim));
      g_assert_cmpfloat (g_array_index (samples, TestCall, 0).t, ==, 1.0);
      g_assert_cmpfloat_with_epsilon (got, exp (-1), bound);
      /* Sampling does not touch the solver: no cold restart. */
      g_assert_cmpuint (orr_simulation_get_stats (run.sim)->restarts, ==, 0);
      assert_all_terminated (&run);
      run_clear (&run);
    }
}

/* An unknown solver name fails the run with the list of names; no block
 * is initialised, so none is terminated either. */
static void
test_unknown_solver (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 1);
  double x0 = 1;
  int decay;
  Run run;

  g_free (program->settings.solver);
  program->settings.solver = g_strdup ("some-future-solver");
  decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);

  run_program (&run, program);
  g_assert_false (run.ok);
  g_assert_error (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER);
  g_test_message ("%s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "unknown solver 'some-future-solver'"));
  g_assert_nonnull (strstr (run.error->message, "cvode-bdf"));
  g_assert_nonnull (strstr (run.error->message, "trapezoidal"));
  g_assert_cmpint (run.observer->initialised[decay], ==, 0);
  run_clear (&run);
}

/* Implicit blocks with a solver that cannot take them: refused, naming the
 * block; "auto" picks IDA. */
static void
test_dae_needs_dae_solver (void)
{
  const char *names[] = { "cvode-bdf", "rk4", "sdirk", "auto", "ida" };

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 1);
      double x0[2] = { 1, 2 };
      int oracle;
      Run run;
      gboolean accepts = k >= 3;

      g_free (program->settings.solver);
      program->settings.solver = g_strdup (names[k]);
      program->settings.max_step = 0.01;
      oracle = tp_block (program, &test_oracle_implicit_class, "Plant/Implicit", 0, 2, 0, 0);
      tp_states (program, oracle, 2, x0, TRUE);
      tp_continuous (program, oracle);

      run_program (&run, program);
      if (accepts)
        {
          assert_run_ok (&run);
          g_assert_true (g_str_has_prefix (orr_simulation_get_solver_description (run.sim), "ida"));
        }
      else
        {
          g_assert_false (run.ok);
          g_assert_error (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER);
          g_test_message ("%s", run.error->message);
          g_assert_nonnull (strstr (run.error->message, "Plant/Implicit"));
          g_assert_nonnull (strstr (run.error->message, names[k]));
          g_assert_nonnull (strstr (run.error->message, "'ida'"));
        }
      run_clear (&run);
    }
}

typedef enum
{
  ORACLE_EXPLICIT,
  ORACLE_IMPLICIT,
  ORACLE_JACOBIAN,
} OracleKind;

static void
oracle_trajectory (OracleKind kind, double rtol, double atol, double result[3][2])
{
  g_autoptr (TestProgram) program = tp_new (0, 5);
  const OrrBlockClass *classes[]
    = { &test_oracle_class, &test_oracle_implicit_class, &test_oracle_jacobian_class };
  double x0[2] = { 1, 2 };
  double times[3] = { 1, 2, 5 };
  int oracle, sampler;
  Run run;
  g_autoptr (GArray) samples = NULL;

  program->settings.rtol = rtol;
  program->settings.atol = atol;
  oracle = tp_block (program, classes[kind], "Oracle", 0, 2, 0, 0);
  tp_states (program, oracle, 2, x0, kind == ORACLE_IMPLICIT);
  program->blocks[oracle].analytic_jacobian = kind == ORACLE_JACOBIAN;
  tp_continuous (program, oracle);
  sampler = add_sampler (program, oracle, 2, times, 3);

  run_program (&run, program);
  assert_run_ok (&run);
  samples = test_observer_calls (run.observer, sampler, ORR_JOB_OUTPUTS);
  g_assert_cmpuint (samples->len, ==, 3);
  for (int i = 0; i < 3; i++)
    {
      TestCall *call = &g_array_index (samples, TestCall, i);

      g_assert_cmpfloat (call->t, ==, times[i]);
      result[i][0] = call->value[0];
      result[i][1] = call->value[1];
    }
  if (kind == ORACLE_JACOBIAN)
    {
      g_autoptr (GArray) jacobians = test_observer_calls (run.observer, oracle, ORR_JOB_JACOBIAN);

      /* Jacobian calls happen at trial points, which are only counted:
       * the solver must have asked through the trial phase. */
      g_assert_cmpuint (jacobians->len, ==, 0);
      g_assert_cmpuint (run.observer->trial_calls, >, 0);
    }
  run_clear (&run);
}

static void
test_oracle_ode_dae (void)
{
  double reference[3][2], explicit_[3][2], implicit[3][2], jacobian[3][2];

  oracle_trajectory (ORACLE_EXPLICIT, 1e-12, 1e-14, reference);
  oracle_trajectory (ORACLE_EXPLICIT, 1e-8, 1e-10, explicit_);
  oracle_trajectory (ORACLE_IMPLICIT, 1e-8, 1e-10, implicit);
  oracle_trajectory (ORACLE_JACOBIAN, 1e-8, 1e-10, jacobian);

  for (int i = 0; i < 3; i++)
    {
      g_test_message ("t = %g: reference (%.10f, %.10f) cvode (%.10f, %.10f) ida (%.10f, %.10f)",
                      (double[]){ 1, 2, 5 }[i], reference[i][0], reference[i][1], explicit_[i][0],
                      explicit_[i][1], implicit[i][0], implicit[i][1]);
      for (int k = 0; k < 2; k++)
        {
          g_assert_cmpfloat_with_epsilon (explicit_[i][k], reference[i][k], 1e-5);
          g_assert_cmpfloat_with_epsilon (implicit[i][k], reference[i][k], 1e-5);
          g_assert_cmpfloat_with_epsilon (jacobian[i][k], reference[i][k], 1e-5);
          g_assert_cmpfloat_with_epsilon (implicit[i][k], explicit_[i][k], 1e-5);
        }
    }
}

/* An algebraic state given an inconsistent start: IDA makes it
 * consistent, then x1 = (cos t + sin t - e^-t) / 2. */
static void
test_dae_algebraic (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 2);
  double x0[2] = { 0, 0.5 };
  double times[2] = { 1, 2 };
  g_autoptr (GArray) samples = NULL;
  int dae, sampler;
  Run run;

  dae = tp_block (program, &test_dae_class, "Dae", 0, 2, 0, 0);
  tp_states (program, dae, 2, x0, TRUE);
  tp_continuous (program, dae);
  sampler = add_sampler (program, dae, 2, times, 2);

  run_program (&run, program);
  assert_run_ok (&run);
  samples = test_observer_calls (run.observer, sampler, ORR_JOB_OUTPUTS);
  g_assert_cmpuint (samples->len, ==, 2);
  for (int i = 0; i < 2; i++)
    {
      TestCall *call = &g_array_index (samples, TestCall, i);
      double t = times[i];

      g_assert_cmpfloat (call->t, ==, t);
      g_assert_cmpfloat_with_epsilon (call->value[0], (cos (t) + sin (t) - exp (-t)) / 2, 1e-5);
      g_assert_cmpfloat_with_epsilon (call->value[1], cos (t), 1e-6);
    }
  run_clear (&run);
}

static double
chain_exact (int n, double t)
{
  double sum = 0, term = 1;

  for (int k = 0; k < n; k++)
    {
      sum += term;
      term *= t / (k + 1);
    }
  return 1 - exp (-t) * sum;
}

/* N lags in series: banded Jacobian (lower 1, upper 0) against dense and
 * the closed form. */
static void
test_chain_banded (void)
{
  const int n = 30;
  const double at = 30;
  double values[2];

  for (int banded = 0; banded < 2; banded++)
    {
      g_autoptr (TestProgram) program = tp_new (0, at);
      g_autofree double *x0 = g_new0 (double, n);
      g_autoptr (GArray) samples = NULL;
      int chain, sampler;
      Run run;

      program->settings.rtol = 1e-9;
      program->settings.atol = 1e-12;
      chain = tp_block (program, &test_chain_class, "Chain", 0, 1, 0, 0);
      tp_states (program, chain, n, x0, FALSE);
      tp_continuous (program, chain);
      if (banded)
        {
          program->jacobian_lower = 1;
          program->jacobian_upper = 0;
        }
      sampler = add_sampler (program, chain, 1, &at, 1);
      run_program (&run, program);
      assert_run_ok (&run);
      samples = test_observer_calls (run.observer, sampler, ORR_JOB_OUTPUTS);
      g_assert_cmpuint (samples->len, ==, 1);
      values[banded] = g_array_index (samples, TestCall, 0).value[0];
      g_test_message ("%s: y(30) = %.12f, exact %.12f", banded ? "band" : "dense", values[banded],
                      chain_exact (n, at));
      g_assert_cmpfloat_with_epsilon (values[banded], chain_exact (n, at), 1e-6);
      run_clear (&run);
    }
  g_assert_cmpfloat_with_epsilon (values[0], values[1], 1e-6);
}

/* ---- zero crossings ----------------------------------------------------------- */

static void
test_bouncing_ball (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10.5);
  const double expected[] = { 1.42784, 3.99796, 6.31107, 8.39286, 10.26648 };
  double x0[2] = { 10, 0 };
  g_autoptr (GArray) updates = NULL;
  int ball, n_impacts = 0, n_apexes = 0;
  Run run;

  ball = tp_block (program, &test_ball_class, "Ball", 0, 1, 0, 0);
  tp_states (program, ball, 2, x0, FALSE);
  tp_surfaces (program, ball, 2, 0);
  tp_continuous (program, ball);

  run_program (&run, program);
  assert_run_ok (&run);
  updates = test_observer_calls (run.observer, ball, ORR_JOB_STATE_UPDATE);
  for (guint i = 0; i < updates->len; i++)
    {
      TestCall *call = &g_array_index (updates, TestCall, i);

      g_assert_cmpint (call->nevprt, ==, -1);
      if (call->info & 1)
        {
          g_assert_cmpint (n_impacts, <, (int)G_N_ELEMENTS (expected));
          g_test_message ("impact %d at t = %.6f (expected %.5f)", n_impacts + 1, call->t,
                          expected[n_impacts]);
          g_assert_cmpfloat_with_epsilon (call->t, expected[n_impacts], 1e-4);
          g_assert_cmpfloat_with_epsilon (call->value[0], 0.0, 1e-6);
          n_impacts++;
        }
      if (call->info & 2)
        {
          /* The apex after bounce k: v = 0 there. */
          double apex = 10 * pow (0.81, n_impacts);

          g_test_message ("apex after bounce %d: h = %.6f (expected %.6f)", n_impacts,
                          call->value[0], apex);
          g_assert_cmpint (n_impacts, >, 0);
          g_assert_cmpfloat_with_epsilon (call->value[0], apex, 1e-3);
          n_apexes++;
        }
    }
  g_assert_cmpint (n_impacts, ==, G_N_ELEMENTS (expected));
  g_assert_cmpint (n_apexes, ==, 4);
  g_assert_cmpuint (orr_simulation_get_stats (run.sim)->zero_crossings, ==, 9);
  run_clear (&run);
}

static void
test_bouncing_ball_accumulation (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 40);
  double x0[2] = { 10, 0 };
  const OrrSimStats *stats;
  gint64 started;
  double seconds;
  int ball;
  Run run;

  ball = tp_block (program, &test_ball_class, "Ball", 0, 1, 0, 0);
  tp_states (program, ball, 2, x0, FALSE);
  tp_surfaces (program, ball, 1, 0);
  tp_continuous (program, ball);

  started = g_get_monotonic_time ();
  run_program (&run, program);
  seconds = (g_get_monotonic_time () - started) / 1e6;
  stats = orr_simulation_get_stats (run.sim);

  g_assert_false (run.ok);
  g_assert_nonnull (run.error);
  g_test_message ("after %.3f s, at t = %.9f, %" G_GUINT64_FORMAT " crossings: %s", seconds,
                  stats->final_time, stats->zero_crossings, run.error->message);
  g_assert_true (g_error_matches (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_ZENO)
                 || g_error_matches (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER));
  g_assert_nonnull (strstr (run.error->message, "27.1"));
  g_assert_nonnull (strstr (run.error->message, "Ball"));
  g_assert_cmpfloat (fabs (stats->final_time - 27.13), <, 0.01);
  assert_all_terminated (&run);
  run_clear (&run);
}

/* Crossings of a surface with no state behind it (a dummy state keeps the
 * solver going) turn into events through the agenda. */
static void
test_crossing_events (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  g_autoptr (GArray) calls = NULL;
  int sine, logger, source;
  Run run;

  sine = tp_block (program, &test_sine_crossing_class, "Sine", 0, 0, 0, 1);
  tp_surfaces (program, sine, 1, 0);
  tp_continuous (program, sine);
  source = tp_event_source (program, sine, 0, "Sine, activation output 1");
  logger = tp_block (program, &test_logger_class, "Logger", 0, 0, 1, 0);
  tp_list_add (&program->sources[source].list, logger, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  calls = test_observer_calls (run.observer, logger, ORR_JOB_OUTPUTS);
  g_assert_cmpuint (calls->len, ==, 3);
  for (guint i = 0; i < calls->len; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (calls, TestCall, i).t, (i + 1) * G_PI, 1e-6);
  run_clear (&run);
}

/* ---- events ------------------------------------------------------------------- */

static void
test_event_delay_loop (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  g_autoptr (GArray) calls = NULL;
  double at = 1, delay = 2;
  int generator, delayer, logger, s_gen, s_delay;
  Run run;

  generator = tp_block (program, &test_generator_class, "Generate", 0, 0, 0, 1);
  tp_rpar (program, generator, 1, &at);
  delayer = tp_block (program, &test_delay_class, "Delay", 0, 0, 1, 1);
  tp_rpar (program, delayer, 1, &delay);
  logger = tp_block (program, &test_logger_class, "Logger", 0, 0, 1, 0);
  s_gen = tp_event_source (program, generator, 0, "Generate, activation output 1");
  s_delay = tp_event_source (program, delayer, 0, "Delay, activation output 1");
  /* The union of both feeds the delay and the logger. */
  tp_list_add (&program->sources[s_gen].list, delayer, 1);
  tp_list_add (&program->sources[s_gen].list, logger, 1);
  tp_list_add (&program->sources[s_delay].list, delayer, 1);
  tp_list_add (&program->sources[s_delay].list, logger, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  calls = test_observer_calls (run.observer, logger, ORR_JOB_OUTPUTS);
  g_assert_cmpuint (calls->len, ==, 5);
  for (guint i = 0; i < calls->len; i++)
    g_assert_cmpfloat (g_array_index (calls, TestCall, i).t, ==, 1.0 + 2.0 * i);
  assert_all_terminated (&run);
  run_clear (&run);
}

/* One pending event per source: programming it again moves the event. */
static void
test_pending_event_replaced (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  g_autoptr (GArray) calls = NULL;
  double at = 1, programmer_par[2] = { 5, 2 };
  int generator, programmer, logger, s_gen, s_prog;
  Run run;

  generator = tp_block (program, &test_generator_class, "Generate", 0, 0, 0, 1);
  tp_rpar (program, generator, 1, &at);
  programmer = tp_block (program, &test_generator_class, "Programmer", 0, 0, 1, 1);
  tp_rpar (program, programmer, 2, programmer_par);
  logger = tp_block (program, &test_logger_class, "Logger", 0, 0, 1, 0);
  s_gen = tp_event_source (program, generator, 0, "Generate, activation output 1");
  s_prog = tp_event_source (program, programmer, 0, "Programmer, activation output 1");
  tp_list_add (&program->sources[s_gen].list, programmer, 1);
  tp_list_add (&program->sources[s_prog].list, logger, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  /* Programmed for 5 at the start, moved to 1 + 2 = 3 at t = 1. */
  calls = test_observer_calls (run.observer, logger, ORR_JOB_OUTPUTS);
  g_assert_cmpuint (calls->len, ==, 1);
  g_assert_cmpfloat (g_array_index (calls, TestCall, 0).t, ==, 3.0);
  run_clear (&run);
}

/* Equal times: programming order; zero delay: after the activation. */
static void
test_fifo_and_zero_delay (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 5);
  double at = 2, zero = 0;
  int g1, g2, l1, m, l2, l3, s1, s2, s3;
  int expected[4];
  Run run;
  int k = 0;

  g1 = tp_block (program, &test_generator_class, "G1", 0, 0, 0, 1);
  g2 = tp_block (program, &test_generator_class, "G2", 0, 0, 0, 1);
  tp_rpar (program, g1, 1, &at);
  tp_rpar (program, g2, 1, &at);
  l1 = tp_block (program, &test_logger_class, "L1", 0, 0, 1, 1);
  tp_rpar (program, l1, 1, &zero);
  m = tp_block (program, &test_logger_class, "M", 0, 0, 1, 0);
  l2 = tp_block (program, &test_logger_class, "L2", 0, 0, 1, 0);
  l3 = tp_block (program, &test_logger_class, "L3", 0, 0, 1, 0);
  s1 = tp_event_source (program, g1, 0, "G1, activation output 1");
  s2 = tp_event_source (program, g2, 0, "G2, activation output 1");
  s3 = tp_event_source (program, l1, 0, "L1, activation output 1");
  tp_list_add (&program->sources[s1].list, l1, 1);
  tp_list_add (&program->sources[s1].list, m, 1);
  tp_list_add (&program->sources[s2].list, l2, 1);
  tp_list_add (&program->sources[s3].list, l3, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  expected[0] = l1;
  expected[1] = m;
  expected[2] = l2;
  expected[3] = l3;
  for (guint i = 0; i < run.observer->calls->len; i++)
    {
      TestCall *call = &g_array_index (run.observer->calls, TestCall, i);

      if (call->job != ORR_JOB_OUTPUTS)
        continue;
      g_assert_cmpint (k, <, 4);
      g_assert_cmpint (call->block, ==, expected[k]);
      g_assert_cmpfloat (call->t, ==, 2.0);
      k++;
    }
  g_assert_cmpint (k, ==, 4);
  run_clear (&run);
}

/* Outputs and event jobs of an activation see the states before it. */
static void
test_left_limits (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 5);
  double times[3] = { 1, 2, 3 }, z0 = 0;
  g_autoptr (GArray) outputs = NULL, events = NULL, seen = NULL;
  int counter, reader;
  Run run;

  counter = tp_block (program, &test_counter_class, "Counter", 0, 1, 1, 1);
  tp_discrete (program, counter, 1, &z0);
  reader = add_sampler (program, counter, 1, times, 3);
  for (int s = 0; s < program->n_sources; s++)
    tp_list_add (&program->sources[s].list, counter, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  outputs = test_observer_calls (run.observer, counter, ORR_JOB_OUTPUTS);
  events = test_observer_calls (run.observer, counter, ORR_JOB_EVENTS);
  seen = test_observer_calls (run.observer, reader, ORR_JOB_OUTPUTS);
  /* Events: one at exit initialisation, then one per activation. */
  g_assert_cmpuint (outputs->len, ==, 3);
  g_assert_cmpuint (events->len, ==, 4);
  g_assert_cmpuint (seen->len, ==, 3);
  for (int k = 0; k < 3; k++)
    {
      g_assert_cmpfloat (g_array_index (outputs, TestCall, k).value[0], ==, k);
      g_assert_cmpfloat (g_array_index (events, TestCall, k + 1).value[0], ==, k);
      g_assert_cmpfloat (g_array_index (seen, TestCall, k).value[0], ==, k);
    }
  run_clear (&run);
}

static void
test_clock_count (void)
{
  const double finals[] = { 10, 0.7 };
  const guint expected[] = { 101, 8 };

  for (guint k = 0; k < G_N_ELEMENTS (finals); k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, finals[k]);
      g_autoptr (GArray) updates = NULL;
      double z0 = 0;
      int counter, clock;
      Run run;

      program->base_period = 0.1;
      counter = tp_block (program, &test_counter_class, "Counter", 0, 1, 1, 0);
      tp_discrete (program, counter, 1, &z0);
      clock = tp_clock (program, 1, 0, 0, "Clock");
      tp_list_add (&program->sources[clock].list, counter, 1);

      run_program (&run, program);
      assert_run_ok (&run);
      updates = test_observer_calls (run.observer, counter, ORR_JOB_STATE_UPDATE);
      g_assert_cmpuint (updates->len, ==, expected[k]);
      /* The counter ends at 101: the last update saw 100. */
      g_assert_cmpfloat (g_array_index (updates, TestCall, updates->len - 1).value[0] + 1, ==,
                         expected[k]);
      g_assert_cmpfloat_with_epsilon (g_array_index (updates, TestCall, updates->len - 1).t,
                                      finals[k], 1e-12);
      g_assert_cmpuint (orr_simulation_get_stats (run.sim)->events, ==, expected[k]);
      run_clear (&run);
    }
}

static void
test_two_clocks (void)
{
  /* Same group: synchronous, merged; different groups: one after the other. */
  for (int groups = 1; groups <= 2; groups++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 10);
      g_autoptr (GArray) calls = NULL;
      int sum, fast, slow;
      guint both = 0, only_fast = 0, only_slow = 0;
      Run run;

      program->base_period = 0.1;
      sum = tp_block (program, &test_logger_class, "Sum", 0, 0, 2, 0);
      fast = tp_clock (program, 1, 0, 0, "Clock 0.1");
      slow = tp_clock (program, 2, 0, groups - 1, "Clock 0.2");
      tp_list_add (&program->sources[fast].list, sum, 1);
      tp_list_add (&program->sources[slow].list, sum, 2);

      run_program (&run, program);
      assert_run_ok (&run);
      calls = test_observer_calls (run.observer, sum, ORR_JOB_OUTPUTS);
      for (guint i = 0; i < calls->len; i++)
        switch (g_array_index (calls, TestCall, i).nevprt)
          {
            case 3:
              both++;
              break;
            case 1:
              only_fast++;
              break;
            case 2:
              only_slow++;
              break;
            default:
              g_assert_not_reached ();
          }
      if (groups == 1)
        {
          g_assert_cmpuint (calls->len, ==, 101);
          g_assert_cmpuint (both, ==, 51);
          g_assert_cmpuint (only_fast, ==, 50);
        }
      else
        {
          g_assert_cmpuint (calls->len, ==, 152);
          g_assert_cmpuint (only_fast, ==, 101);
          g_assert_cmpuint (only_slow, ==, 51);
        }
      run_clear (&run);
    }
}

/* IfThenElse runs the chosen branch inside the event. */
static void
test_conditional (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 1);
  g_autoptr (GArray) then_calls = NULL, else_calls = NULL;
  double z0 = 0;
  int flip, cond, a, b, clock, s_then, s_else;
  Run run;

  program->base_period = 0.1;
  flip = tp_block (program, &test_flip_class, "Flip", 0, 1, 1, 0);
  tp_discrete (program, flip, 1, &z0);
  cond = tp_block (program, &test_conditional_class, "If", 1, 0, 1, 2);
  program->blocks[cond].kind = ORR_BLOCK_IF_THEN_ELSE;
  tp_connect (program, flip, 0, cond, 0);
  a = tp_block (program, &test_logger_class, "Then", 0, 0, 1, 0);
  b = tp_block (program, &test_logger_class, "Else", 0, 0, 1, 0);
  s_then = tp_branch_source (program, cond, 0);
  s_else = tp_branch_source (program, cond, 1);
  tp_list_add (&program->sources[s_then].list, a, 1);
  tp_list_add (&program->sources[s_else].list, b, 1);
  clock = tp_clock (program, 1, 0, 0, "Clock");
  tp_list_add (&program->sources[clock].list, flip, 1);
  tp_list_add (&program->sources[clock].list, cond, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  then_calls = test_observer_calls (run.observer, a, ORR_JOB_OUTPUTS);
  else_calls = test_observer_calls (run.observer, b, ORR_JOB_OUTPUTS);
  g_assert_cmpuint (then_calls->len, ==, 6);
  g_assert_cmpuint (else_calls->len, ==, 5);
  run_clear (&run);
}

static void
test_zeno_event_loop (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  double zero[2] = { 0.5, 0 };
  int looper, source;
  Run run;

  looper = tp_block (program, &test_generator_class, "Loop", 0, 0, 1, 1);
  tp_rpar (program, looper, 2, zero);
  source = tp_event_source (program, looper, 0, "Loop, activation output 1");
  tp_list_add (&program->sources[source].list, looper, 1);

  run_program (&run, program);
  g_assert_error (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_ZENO);
  g_test_message ("%s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "t = 0.5"));
  g_assert_nonnull (strstr (run.error->message, "Loop, activation output 1"));
  assert_all_terminated (&run);
  run_clear (&run);
}

/* ---- errors, stop, pause ---------------------------------------------------- */

static void
test_block_error (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  double at = 0.5, x0 = 1;
  int failing, clock, decay;
  Run run;

  program->base_period = 0.1;
  decay = tp_block (program, &test_decay_class, "Plant/Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);
  failing = tp_block (program, &test_error_class, "Plant/Fail", 0, 0, 1, 0);
  tp_rpar (program, failing, 1, &at);
  clock = tp_clock (program, 1, 0, 0, "Clock");
  tp_list_add (&program->sources[clock].list, failing, 1);

  run_program (&run, program);
  g_assert_false (run.ok);
  g_assert_error (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_assert_cmpstr (run.error->message, ==, "Plant/Fail: boom at t = 0.5");
  g_assert_cmpfloat_with_epsilon (orr_simulation_get_stats (run.sim)->final_time, 0.5, 1e-12);
  assert_all_terminated (&run);
  run_clear (&run);
}

static void
test_solver_failure (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 2);
  double x0 = 1;
  int blowup;
  Run run;

  blowup = tp_block (program, &test_blowup_class, "Plant/Blowup", 0, 0, 0, 0);
  tp_states (program, blowup, 1, &x0, FALSE);
  tp_continuous (program, blowup);

  run_program (&run, program);
  g_assert_false (run.ok);
  g_test_message ("%s", run.error->message);
  g_assert_true (g_error_matches (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER)
                 || g_error_matches (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_NUMERIC));
  g_assert_nonnull (strstr (run.error->message, "Plant/Blowup"));
  g_assert_cmpfloat (fabs (orr_simulation_get_stats (run.sim)->final_time - 1.0), <, 0.01);
  assert_all_terminated (&run);
  run_clear (&run);
}

static void
test_nan_jump (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 2);
  double x0 = 1, nan_value = NAN;
  int jump, clock;
  Run run;

  program->base_period = 0.5;
  jump = tp_block (program, &test_jump_class, "Plant/Jump", 0, 0, 1, 0);
  tp_states (program, jump, 1, &x0, FALSE);
  tp_rpar (program, jump, 1, &nan_value);
  tp_continuous (program, jump);
  clock = tp_clock (program, 1, 1, 0, "Clock");
  tp_list_add (&program->sources[clock].list, jump, 1);

  run_program (&run, program);
  g_assert_false (run.ok);
  g_assert_error (run.error, ORR_SIM_ERROR, ORR_SIM_ERROR_NUMERIC);
  g_test_message ("%s", run.error->message);
  g_assert_true (g_str_has_prefix (run.error->message, "Plant/Jump: "));
  g_assert_nonnull (strstr (run.error->message, "t = 0.5"));
  assert_all_terminated (&run);
  run_clear (&run);
}

static void
test_block_requests_stop (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  double at = 0.3, x0 = 1;
  int end, clock, decay;
  Run run;

  program->base_period = 0.1;
  decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);
  end = tp_block (program, &test_end_class, "End", 0, 0, 1, 0);
  tp_rpar (program, end, 1, &at);
  clock = tp_clock (program, 1, 0, 0, "Clock");
  tp_list_add (&program->sources[clock].list, end, 1);

  run_program (&run, program);
  assert_run_ok (&run);
  g_assert_true (orr_simulation_get_stats (run.sim)->stopped);
  g_assert_cmpfloat_with_epsilon (orr_simulation_get_stats (run.sim)->final_time, 0.3, 1e-12);
  assert_all_terminated (&run);
  run_clear (&run);
}

typedef struct
{
  OrrSimulation *sim;
  gulong delay_us;
  gint64 requested;
} StopJob;

static gpointer
stop_later (gpointer data)
{
  StopJob *job = data;

  g_usleep (job->delay_us);
  job->requested = g_get_monotonic_time ();
  orr_simulation_stop (job->sim);
  return NULL;
}

static void
check_stop (OrrProgram *program, const char *what)
{
  StopJob job = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (TestObserver) observer = test_observer_new (sim);
  GThread *thread;
  gboolean ok;
  gint64 returned;

  observer->quiet = TRUE;
  job.sim = sim;
  job.delay_us = 150000;
  thread = g_thread_new ("stopper", stop_later, &job);
  ok = orr_simulation_run (sim, &error);
  returned = g_get_monotonic_time ();
  g_thread_join (thread);

  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_true (orr_simulation_get_stats (sim)->stopped);
  g_test_message ("%s: returned %.2f ms after the stop request, at t = %g", what,
                  (returned - job.requested) / 1000.0, orr_simulation_get_stats (sim)->final_time);
  /* The contract is milliseconds; the bound is loose for loaded CI
   * machines and valgrind. */
  g_assert_cmpint (returned - job.requested, <, 2 * G_USEC_PER_SEC);
  for (int b = 0; b < program->n_blocks; b++)
    {
      g_assert_cmpint (observer->initialised[b], ==, 1);
      g_assert_cmpint (observer->terminated[b], ==, 1);
    }
}

static void
test_stop_from_thread (void)
{
  {
    g_autoptr (TestProgram) program = tp_new (0, 1e9);
    double x0[2] = { 1, 2 };
    int oracle;

    program->settings.max_step = 1e-3;
    oracle = tp_block (program, &test_oracle_class, "Oracle", 0, 2, 0, 0);
    tp_states (program, oracle, 2, x0, FALSE);
    tp_continuous (program, oracle);
    check_stop (program, "continuous");
  }
  {
    g_autoptr (TestProgram) program = tp_new (0, 1e9);
    double z0 = 0;
    int counter, clock;

    program->base_period = 1e-3;
    counter = tp_block (program, &test_counter_class, "Counter", 0, 1, 1, 0);
    tp_discrete (program, counter, 1, &z0);
    clock = tp_clock (program, 1, 0, 0, "Clock");
    tp_list_add (&program->sources[clock].list, counter, 1);
    check_stop (program, "events");
  }
}

typedef struct
{
  OrrSimulation *sim;
  gboolean ok;
} RunJob;

static gpointer
run_in_thread (gpointer data)
{
  RunJob *job = data;

  job->ok = orr_simulation_run (job->sim, NULL);
  return NULL;
}

static void
test_pause_resume (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 1e9);
  double x0 = 1;
  int decay;
  RunJob job = { 0 };
  GThread *thread;
  double t1, t2, t3;

  program->settings.max_step = 1e-3;
  decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);
  job.sim = orr_simulation_new (program);

  thread = g_thread_new ("run", run_in_thread, &job);
  /* Polls with a deadline rather than trusting sleeps on a loaded machine. */
  for (int i = 0; i < 5000 && orr_simulation_get_time (job.sim) <= 0; i++)
    g_usleep (1000);
  orr_simulation_pause (job.sim);
  g_usleep (50000);
  t1 = orr_simulation_get_time (job.sim);
  g_usleep (100000);
  t2 = orr_simulation_get_time (job.sim);
  orr_simulation_resume (job.sim);
  for (int i = 0; i < 5000 && orr_simulation_get_time (job.sim) <= t2; i++)
    g_usleep (1000);
  t3 = orr_simulation_get_time (job.sim);
  orr_simulation_stop (job.sim);
  g_thread_join (thread);

  g_test_message ("paused at %g, still %g, resumed to %g", t1, t2, t3);
  g_assert_true (job.ok);
  g_assert_cmpfloat (t1, >, 0);
  g_assert_cmpfloat (t1, ==, t2);
  g_assert_cmpfloat (t3, >, t2);
  orr_simulation_free (job.sim);
}

/* ---- recording ------------------------------------------------------------------ */

typedef struct
{
  GArray *t;
  GArray *values;
  GArray *blocks;
  guint64 next_seq;
  gboolean seq_ok;
} Records;

static void
records_init (Records *records)
{
  records->t = g_array_new (FALSE, FALSE, sizeof (double));
  records->values = g_array_new (FALSE, FALSE, sizeof (double));
  records->blocks = g_array_new (FALSE, FALSE, sizeof (int));
  records->next_seq = 0;
  records->seq_ok = TRUE;
}

static void
records_clear (Records *records)
{
  g_array_unref (records->t);
  g_array_unref (records->values);
  g_array_unref (records->blocks);
}

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Records *records = data;

  records->seq_ok = records->seq_ok && seq == records->next_seq;
  records->next_seq++;
  g_array_append_val (records->blocks, block);
  g_array_append_val (records->t, t);
  g_array_append_vals (records->values, values, n);
}

static OrrProgram *
decay_with_sink (double final, double max_step, int *sink_out)
{
  OrrProgram *program = tp_new (0, final);
  double x0 = 1;
  int decay, sink;

  program->settings.max_step = max_step;
  decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);
  sink = tp_block (program, &test_sink_class, "Sink", 1, 0, 0, 0);
  tp_connect (program, decay, 0, sink, 0);
  tp_continuous (program, sink);
  *sink_out = sink;
  return program;
}

static void
test_record_accepted_only (void)
{
  int sink;
  g_autoptr (TestProgram) program = decay_with_sink (5, 0, &sink);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  Records records;

  records_init (&records);
  orr_simulation_set_record_func (sim, on_record, &records);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);

  g_test_message ("%u records, %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT " rhs calls",
                  records.t->len, orr_simulation_get_stats (sim)->steps,
                  orr_simulation_get_stats (sim)->rhs_calls);
  g_assert_true (records.seq_ok);
  g_assert_cmpuint (records.t->len, >, 100); /* the automatic maximum step */
  for (guint i = 0; i < records.t->len; i++)
    {
      double t = g_array_index (records.t, double, i);
      double value = g_array_index (records.values, double, 2 * i);
      double phase = g_array_index (records.values, double, 2 * i + 1);

      g_assert_cmpint (g_array_index (records.blocks, int, i), ==, sink);
      g_assert_cmpfloat (phase, !=, ORR_PHASE_TRIAL);
      if (i > 0)
        g_assert_cmpfloat (t, >=, g_array_index (records.t, double, i - 1));
      g_assert_cmpfloat_with_epsilon (value, exp (-t), 1e-6);
    }
  g_assert_cmpfloat (g_array_index (records.t, double, 0), ==, 0.0);
  g_assert_cmpfloat (g_array_index (records.t, double, records.t->len - 1), ==, 5.0);
  records_clear (&records);
}

typedef struct
{
  OrrSimulation *sim;
  int block;
  gint done; /* atomic: the run returned */
  GArray *t;
  GArray *values;
} ReaderJob;

static gpointer
read_stream (gpointer data)
{
  ReaderJob *job = data;
  OrrStream *stream = NULL;
  double t[500], values[1000];

  for (;;)
    {
      gboolean done = g_atomic_int_get (&job->done);
      guint n;

      if (stream == NULL)
        stream = orr_simulation_get_stream (job->sim, job->block);
      if (stream == NULL)
        {
          if (done)
            break;
          g_usleep (1000);
          continue;
        }
      g_assert_cmpint (orr_stream_get_n_channels (stream), ==, 2);
      n = orr_stream_read (stream, t, values, 500);
      g_array_append_vals (job->t, t, n);
      g_array_append_vals (job->values, values, 2 * n);
      if (n == 0)
        {
          if (done)
            break;
          /* A slow reader: the producer must wait for it, not drop. */
          g_usleep (2000);
        }
    }
  return NULL;
}

static void
test_stream_reader (void)
{
  int sink;
  g_autoptr (TestProgram) program = decay_with_sink (20, 1e-4, &sink);
  g_autoptr (OrrSimulation) sim = orr_simulation_new (program);
  g_autoptr (GError) error = NULL;
  ReaderJob job = { 0 };
  Records records;
  GThread *thread;

  records_init (&records);
  orr_simulation_set_record_func (sim, on_record, &records);
  job.sim = sim;
  job.block = sink;
  job.t = g_array_new (FALSE, FALSE, sizeof (double));
  job.values = g_array_new (FALSE, FALSE, sizeof (double));
  /* Declares the reader before the first sample. */
  g_assert_null (orr_simulation_get_stream (sim, sink));
  thread = g_thread_new ("reader", read_stream, &job);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  g_atomic_int_set (&job.done, 1);
  g_thread_join (thread);

  g_test_message ("%u samples recorded, %u read", records.t->len, job.t->len);
  g_assert_cmpuint (records.t->len, >, 65536 * 2);
  g_assert_cmpuint (job.t->len, ==, records.t->len);
  g_assert_cmpmem (job.t->data, job.t->len * sizeof (double), records.t->data,
                   records.t->len * sizeof (double));
  g_assert_cmpmem (job.values->data, job.values->len * sizeof (double), records.values->data,
                   records.values->len * sizeof (double));
  g_array_unref (job.t);
  g_array_unref (job.values);
  records_clear (&records);
}

/* ---- concurrency ---------------------------------------------------------------- */

static OrrProgram *
ball_with_sink (void)
{
  OrrProgram *program = tp_new (0, 12);
  double x0[2] = { 10, 0 };
  int ball, sink;

  ball = tp_block (program, &test_ball_class, "Ball", 0, 1, 0, 0);
  tp_states (program, ball, 2, x0, FALSE);
  tp_surfaces (program, ball, 1, 0);
  tp_continuous (program, ball);
  sink = tp_block (program, &test_sink_class, "Sink", 1, 0, 0, 0);
  tp_connect (program, ball, 0, sink, 0);
  tp_continuous (program, sink);
  return program;
}

static OrrProgram *
oracle_with_sink (void)
{
  OrrProgram *program = tp_new (0, 20);
  double x0[2] = { 1, 2 };
  int oracle, sink;

  oracle = tp_block (program, &test_oracle_implicit_class, "Oracle", 0, 2, 0, 0);
  tp_states (program, oracle, 2, x0, TRUE);
  tp_continuous (program, oracle);
  sink = tp_block (program, &test_sink_class, "Sink", 1, 0, 0, 0);
  tp_connect (program, oracle, 0, sink, 0);
  tp_continuous (program, sink);
  return program;
}

typedef struct
{
  OrrProgram *program;
  Records records;
  gboolean ok;
} RecordJob;

static gpointer
run_recording (gpointer data)
{
  RecordJob *job = data;
  OrrSimulation *sim = orr_simulation_new (job->program);

  records_init (&job->records);
  orr_simulation_set_record_func (sim, on_record, &job->records);
  job->ok = orr_simulation_run (sim, NULL);
  orr_simulation_free (sim);
  return NULL;
}

static void
assert_same_records (Records *a, Records *b)
{
  g_assert_cmpuint (a->t->len, ==, b->t->len);
  g_assert_cmpmem (a->t->data, a->t->len * sizeof (double), b->t->data,
                   b->t->len * sizeof (double));
  g_assert_cmpmem (a->values->data, a->values->len * sizeof (double), b->values->data,
                   b->values->len * sizeof (double));
}

static void
test_concurrent_simulations (void)
{
  g_autoptr (TestProgram) ball = ball_with_sink ();
  g_autoptr (TestProgram) oracle = oracle_with_sink ();
  RecordJob alone[2] = { { ball }, { oracle } };
  RecordJob together[2] = { { ball }, { oracle } };
  GThread *threads[2];

  for (int i = 0; i < 2; i++)
    run_recording (&alone[i]);
  for (int round = 0; round < 3; round++)
    {
      for (int i = 0; i < 2; i++)
        threads[i] = g_thread_new ("sim", run_recording, &together[i]);
      for (int i = 0; i < 2; i++)
        g_thread_join (threads[i]);
      for (int i = 0; i < 2; i++)
        {
          g_assert_true (alone[i].ok);
          g_assert_true (together[i].ok);
          g_assert_cmpuint (alone[i].records.t->len, >, 100);
          assert_same_records (&alone[i].records, &together[i].records);
          records_clear (&together[i].records);
        }
    }
  for (int i = 0; i < 2; i++)
    records_clear (&alone[i].records);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sim/continuous/decay", test_decay);
  g_test_add_func ("/sim/continuous/unknown-solver", test_unknown_solver);
  g_test_add_func ("/sim/continuous/dae-needs-dae-solver", test_dae_needs_dae_solver);
  g_test_add_func ("/sim/continuous/oracle-ode-dae", test_oracle_ode_dae);
  g_test_add_func ("/sim/continuous/dae-algebraic", test_dae_algebraic);
  g_test_add_func ("/sim/continuous/chain-banded", test_chain_banded);
  g_test_add_func ("/sim/crossings/bouncing-ball", test_bouncing_ball);
  g_test_add_func ("/sim/crossings/bouncing-ball-accumulation", test_bouncing_ball_accumulation);
  g_test_add_func ("/sim/crossings/events", test_crossing_events);
  g_test_add_func ("/sim/events/delay-loop", test_event_delay_loop);
  g_test_add_func ("/sim/events/pending-replaced", test_pending_event_replaced);
  g_test_add_func ("/sim/events/fifo-zero-delay", test_fifo_and_zero_delay);
  g_test_add_func ("/sim/events/left-limits", test_left_limits);
  g_test_add_func ("/sim/events/conditional", test_conditional);
  g_test_add_func ("/sim/events/zeno-loop", test_zeno_event_loop);
  g_test_add_func ("/sim/clocks/count", test_clock_count);
  g_test_add_func ("/sim/clocks/two-clocks", test_two_clocks);
  g_test_add_func ("/sim/control/block-error", test_block_error);
  g_test_add_func ("/sim/control/solver-failure", test_solver_failure);
  g_test_add_func ("/sim/control/nan-jump", test_nan_jump);
  g_test_add_func ("/sim/control/block-requests-stop", test_block_requests_stop);
  g_test_add_func ("/sim/control/stop-from-thread", test_stop_from_thread);
  g_test_add_func ("/sim/control/pause-resume", test_pause_resume);
  g_test_add_func ("/sim/record/accepted-only", test_record_accepted_only);
  g_test_add_func ("/sim/record/stream-reader", test_stream_reader);
  g_test_add_func ("/sim/concurrent", test_concurrent_simulations);

  return g_test_run ();
}
