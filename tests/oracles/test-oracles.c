/* test-oracles.c: the oracles of SEMANTICS.md section 9, each a model file
 * in tests/models, loaded, compiled with the standard blocks and simulated;
 * plus the rules of sections 4 and 5 seen from a model (left limits,
 * pending-event replacement, synchronous and asynchronous unions, constant
 * blocks, unconnected inputs). Expected values are analytic or computed
 * here independently (a fine fixed-step RK4); tolerances are stated. */
#include "model-run.h"

#include <orrery/orr-io.h>

#include <math.h>
#include <string.h>

/* ---- the ODE of SEMANTICS 9 as three test blocks ---------------------------- */

static void
ode_rhs (const double *x, double *f)
{
  f[0] = -x[0] + x[0] * x[1];
  f[1] = 2 * x[0] - 3 * x[1];
}

static gboolean
ode_configure (OrrConfig *config, gboolean implicit, gboolean jacobian)
{
  const double x0[2] = { 1, 2 };
  orr_config_add_output (config, 2, 1, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, 2, x0, implicit);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_jacobian (config, jacobian);
  return TRUE;
}

static gboolean
explicit_configure (OrrConfig *config, GError **error)
{
  return ode_configure (config, FALSE, FALSE);
}

static gboolean
implicit_configure (OrrConfig *config, GError **error)
{
  return ode_configure (config, TRUE, FALSE);
}

static gboolean
jacobian_configure (OrrConfig *config, GError **error)
{
  return ode_configure (config, FALSE, TRUE);
}

/* How often the solver asked for the analytic Jacobian: the test's only
 * shared counter, read after a run. */
static int jacobian_calls;

static void
ode_simulate (OrrSimBlock *block, OrrJob job)
{
  double f[2];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = block->x[0];
        orr_block_real_out (block, 0)[1] = block->x[1];
        break;
      case ORR_JOB_DERIVATIVES:
        ode_rhs (block->x, f);
        block->xd[0] = f[0];
        block->xd[1] = f[1];
        break;
      case ORR_JOB_JACOBIAN:
        g_atomic_int_inc (&jacobian_calls);
        /* column-major d f / d x */
        block->jacobian[0] = -1 + block->x[1];
        block->jacobian[1] = 2;
        block->jacobian[2] = block->x[0];
        block->jacobian[3] = -3;
        break;
      default:
        break;
    }
}

/* The same system written as a residual F(t, x, x') = f(x) - x'. */
static void
dae_simulate (OrrSimBlock *block, OrrJob job)
{
  double f[2];

  if (job != ORR_JOB_DERIVATIVES)
    {
      ode_simulate (block, job);
      return;
    }
  ode_rhs (block->x, f);
  block->res[0] = f[0] - block->xd[0];
  block->res[1] = f[1] - block->xd[1];
}

static const OrrBlockClass explicit_class = {
  .name = "TestOdeExplicit",
  .palette = "Tests",
  .label = "ODE",
  .description = "test ODE",
  .icon_text = "ODE",
  .configure = explicit_configure,
  .simulate = ode_simulate,
};
static const OrrBlockClass implicit_class = {
  .name = "TestOdeImplicit",
  .palette = "Tests",
  .label = "DAE",
  .description = "test DAE",
  .icon_text = "DAE",
  .configure = implicit_configure,
  .simulate = dae_simulate,
};
static const OrrBlockClass jacobian_class = {
  .name = "TestOdeJacobian",
  .palette = "Tests",
  .label = "ODE+J",
  .description = "test ODE",
  .icon_text = "J",
  .configure = jacobian_configure,
  .simulate = ode_simulate,
};

/* A constant 3 that counts how often its outputs are computed. */
static int constant_calls;

static gboolean
counted_configure (OrrConfig *config, GError **error)
{
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
counted_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    {
      g_atomic_int_inc (&constant_calls);
      orr_block_real_out (block, 0)[0] = 3;
    }
}

static const OrrBlockClass counted_class = {
  .name = "TestCountedConstant",
  .palette = "Tests",
  .label = "3",
  .description = "test constant",
  .icon_text = "3",
  .configure = counted_configure,
  .simulate = counted_simulate,
};

/* A divide-by-two written as a conditional: fires its output on the 1st,
 * 3rd, 5th... activation, counting in z. */
static gboolean
halver_configure (OrrConfig *config, GError **error)
{
  const double z0 = 0;
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  orr_config_set_event_ports (config, 1, 1);
  orr_config_set_discrete_states (config, 1, &z0);
  return TRUE;
}

static void
halver_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_EVENTS && block->nevprt > 0 && fmod (block->z[0], 2) == 0)
    block->evout[0] = 0;
  else if (job == ORR_JOB_STATE_UPDATE && block->nevprt > 0)
    block->z[0] += 1;
}

static const OrrBlockClass halver_class = {
  .name = "TestHalver",
  .palette = "Tests",
  .label = "/2",
  .description = "test divider",
  .icon_text = "/2",
  .configure = halver_configure,
  .simulate = halver_simulate,
};

/* ---- running a model ---------------------------------------------------------- */

/* The standard blocks and the test blocks above. */
static const OrrBlockClass *const test_classes[] = {
  &explicit_class, &implicit_class, &jacobian_class, &counted_class, &halver_class, NULL,
};
static const RunSetup setup = { .classes = test_classes };

static OrrModel *
load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "models", name, NULL);
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);
  g_assert_no_error (error);
  return model;
}

/* Loads the model file name in tests/models and runs it. */
static Run *
run_file (const char *name)
{
  g_autoptr (OrrModel) model = load (name);
  return run_model (model, &setup);
}

/* ---- the oracles ----------------------------------------------------------------- */

/* Impacts at the stated times (1e-4); the apex of each flight, from energy
 * h + v^2 / 2g at any point of it, is 10 * 0.81^k (1e-4); and the run ends
 * near the accumulation point 27.13 s instead of hanging. */
static void
test_bouncing_ball (void)
{
  g_autoptr (Run) run = run_file ("bouncing-ball.orr");
  const double impacts[] = { 1.42784, 3.99796, 6.31107, 8.39286, 10.26648 };
  Recording *hits = recording (run, "Impacts");
  Recording *traj = recording (run, "Trajectory");

  for (guint k = 0; k < G_N_ELEMENTS (impacts); k++)
    {
      g_assert_cmpfloat_with_epsilon (T (hits, k), impacts[k], 1e-4);
      g_assert_cmpfloat (V (hits, k, 0), ==, k + 1);
    }
  /* apex after bounce k: a sample in the middle of flight k */
  for (guint k = 1; k < G_N_ELEMENTS (impacts); k++)
    {
      double middle = (impacts[k - 1] + impacts[k]) / 2;
      double best = G_MAXDOUBLE, apex = 0;
      for (guint i = 0; i < traj->t->len; i++)
        if (fabs (T (traj, i) - middle) < best)
          {
            best = fabs (T (traj, i) - middle);
            apex = V (traj, i, 0) + V (traj, i, 1) * V (traj, i, 1) / (2 * 9.81);
          }
      g_test_message ("apex %u: %.6f, expected %.6f", k, apex, 10 * pow (0.81, k));
      g_assert_cmpfloat_with_epsilon (apex, 10 * pow (0.81, k), 1e-4);
    }

  /* over [0, 40], the impacts pile up near 27.13 s: the run stops there */
  g_test_message ("ended at %.6f: %s", run->stats.final_time,
                  run->error ? run->error->message : "no error");
  g_assert_cmpfloat (run->stats.final_time, >, 26.5);
  g_assert_cmpfloat (run->stats.final_time, <, 27.5);
  if (!run->ok)
    g_assert_true (g_error_matches (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_ZENO)
                   || g_error_matches (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER));
  else
    g_assert_true (run->stats.stopped);
}

/* EventGenerate(1) into an EventUnion fed back through EventDelay(2):
 * events exactly at 1, 3, 5, 7, 9 on [0, 10]. */
static void
test_event_delay_clock (void)
{
  g_autoptr (Run) run = run_file ("event-delay-clock.orr");
  Recording *r = recording (run, "Events");

  g_assert_true (run->ok);
  g_assert_cmpuint (r->t->len, ==, 5);
  for (guint k = 0; k < 5; k++)
    {
      g_assert_cmpfloat (T (r, k), ==, 1 + 2.0 * k);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

/* SampleClock(0.1) over [0, 10]: 101 events, the final one at 10; the
 * counter's outputs see its state before the update (left limit), so it
 * shows 1 at the first event and 101 at the last. */
static void
test_sample_clock (void)
{
  g_autoptr (Run) run = run_file ("sample-clock-count.orr");
  Recording *r = recording (run, "Counts");

  g_assert_true (run->ok);
  g_assert_cmpuint (r->t->len, ==, 101);
  g_assert_cmpfloat (V (r, 0, 0), ==, 1);
  g_assert_cmpfloat (V (r, 100, 0), ==, 101);
  for (guint k = 0; k <= 100; k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 * k, 1e-12);
}

/* Two synchronous SampleClocks (0.1 and 0.2) into one inheriting Sum: 101
 * calls, not 152; the last sees 101 + 51. */
static void
test_two_clocks (void)
{
  g_autoptr (Run) run = run_file ("two-clocks-sum.orr");
  Recording *r = recording (run, "Total");

  g_assert_true (run->ok);
  g_assert_cmpuint (r->t->len, ==, 101);
  g_assert_cmpfloat (V (r, 100, 0), ==, 152);
}

/* Two distinct EventDelay sources firing at the same time are
 * simultaneous but not synchronous: the counter runs twice at t = 2. */
static void
test_distinct_delays (void)
{
  g_autoptr (Run) run = run_file ("distinct-delays.orr");
  Recording *r = recording (run, "Counts");

  g_assert_true (run->ok);
  g_assert_cmpuint (r->t->len, ==, 2);
  g_assert_cmpfloat (T (r, 0), ==, 2);
  g_assert_cmpfloat (T (r, 1), ==, 2);
  g_assert_cmpfloat (V (r, 0, 0), ==, 1);
  g_assert_cmpfloat (V (r, 1, 0), ==, 2);
}

/* N = 10 lags 1/(s+1) after a unit step: the last output is
 * 1 - e^-t sum_{k<N} t^k/k!, within 1e-6 at every recorded point. */
static void
test_lag_chain (void)
{
  g_autoptr (Run) run = run_file ("lag-chain.orr");
  Recording *r = recording (run, "Last");
  double worst = 0;

  g_assert_true (run->ok);
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), term = 1, sum = 0;
      for (int k = 0; k < 10; k++)
        {
          sum += term;
          term *= t / (k + 1);
        }
      worst = MAX (worst, fabs (V (r, i, 0) - (1 - exp (-t) * sum)));
    }
  g_test_message ("largest error %.3g over %u samples", worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-6);
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 10);
}

static void
test_algebraic_loop (void)
{
  g_autoptr (OrrModel) model = load ("algebraic-loop.orr");
  g_autoptr (OrrModel) fine = load ("loop-through-integrator.orr");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = compile_model (model, &setup, &error);
  g_autoptr (OrrProgram) compiled = NULL;

  g_assert_null (program);
  g_assert_error (error, ORR_COMPILE_ERROR, ORR_COMPILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "algebraic loop"));
  g_assert_nonnull (strstr (error->message, "Sum"));
  g_assert_nonnull (strstr (error->message, "Forward"));
  g_assert_nonnull (strstr (error->message, "Feedback"));
  g_assert_null (strstr (error->message, "Input"));
  g_clear_error (&error);

  compiled = compile_model (fine, &setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (compiled);
}

/* |sin t| integrated over [0, 10]: 6 + 1 + cos 10 (three full arches and
 * part of a fourth), within 1e-6; its zero crossings at k pi within 1e-8. */
static void
test_abs_sin (void)
{
  g_autoptr (Run) run = run_file ("abs-sin.orr");
  Recording *area = recording (run, "AreaScope");
  Recording *cross = recording (run, "CrossingTimes");
  double expected = 7 + cos (10.0);

  g_assert_true (run->ok);
  g_assert_cmpfloat (T (area, area->t->len - 1), ==, 10);
  g_test_message ("area %.10f, expected %.10f", V (area, area->t->len - 1, 0), expected);
  g_assert_cmpfloat_with_epsilon (V (area, area->t->len - 1, 0), expected, 1e-6);
  g_assert_cmpuint (cross->t->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpfloat_with_epsilon (T (cross, k), G_PI * (k + 1), 1e-8);
}

/* A reference trajectory of the ODE by RK4 with step 1e-4, and its value
 * at any t by cubic Hermite interpolation (error far below 1e-9). */
static void
reference_at (double t, double x[2])
{
  static const double h = 1e-4;
  double y[2] = { 1, 2 }, s = 0;

  while (s + h <= t)
    {
      double k1[2], k2[2], k3[2], k4[2], tmp[2];
      ode_rhs (y, k1);
      for (int i = 0; i < 2; i++)
        tmp[i] = y[i] + h / 2 * k1[i];
      ode_rhs (tmp, k2);
      for (int i = 0; i < 2; i++)
        tmp[i] = y[i] + h / 2 * k2[i];
      ode_rhs (tmp, k3);
      for (int i = 0; i < 2; i++)
        tmp[i] = y[i] + h * k3[i];
      ode_rhs (tmp, k4);
      for (int i = 0; i < 2; i++)
        y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
      s += h;
    }
  {
    /* the last partial step, also by RK4 */
    double dh = t - s, k1[2], k2[2], k3[2], k4[2], tmp[2];
    ode_rhs (y, k1);
    for (int i = 0; i < 2; i++)
      tmp[i] = y[i] + dh / 2 * k1[i];
    ode_rhs (tmp, k2);
    for (int i = 0; i < 2; i++)
      tmp[i] = y[i] + dh / 2 * k2[i];
    ode_rhs (tmp, k3);
    for (int i = 0; i < 2; i++)
      tmp[i] = y[i] + dh * k3[i];
    ode_rhs (tmp, k4);
    for (int i = 0; i < 2; i++)
      x[i] = y[i] + dh / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
}

/* The explicit block, the implicit (DAE) block and the block with an
 * analytic Jacobian follow the same trajectory: at every recorded point
 * within 1e-6 of the reference, and at t = 5 within 1e-6 of each other. */
static void
test_ode_trio (void)
{
  const char *files[] = { "ode-explicit.orr", "ode-implicit.orr", "ode-jacobian.orr" };
  double final[3][2];

  for (int m = 0; m < 3; m++)
    {
      g_autoptr (Run) run = NULL;

      g_atomic_int_set (&jacobian_calls, 0);
      run = run_file (files[m]);
      /* only the third block offers a Jacobian, and it must be used */
      if (m == 2)
        g_assert_cmpint (g_atomic_int_get (&jacobian_calls), >, 0);
      else
        g_assert_cmpint (g_atomic_int_get (&jacobian_calls), ==, 0);
      Recording *r = recording (run, "States");
      double worst = 0;
      guint last;

      g_test_message ("%s: %d Jacobian evaluations", files[m], g_atomic_int_get (&jacobian_calls));
      if (!run->ok)
        g_error ("%s: %s", files[m], run->error->message);
      /* every tenth sample: the reference costs a full integration each */
      for (guint i = 0; i < r->t->len; i += MAX (1, r->t->len / 25))
        {
          double x[2];
          reference_at (T (r, i), x);
          worst = MAX (worst, MAX (fabs (V (r, i, 0) - x[0]), fabs (V (r, i, 1) - x[1])));
        }
      g_test_message ("%s: %u samples, largest error %.3g", files[m], r->t->len, worst);
      g_assert_cmpfloat (worst, <, 1e-6);
      last = r->t->len - 1;
      g_assert_cmpfloat (T (r, last), ==, 5);
      final[m][0] = V (r, last, 0);
      final[m][1] = V (r, last, 1);
    }
  for (int m = 1; m < 3; m++)
    for (int i = 0; i < 2; i++)
      g_assert_cmpfloat_with_epsilon (final[m][i], final[0][i], 1e-6);
}

/* ---- rules of sections 4 and 5, on small models ------------------------------ */

/* A 1 s clock re-programs a 2 s EventDelay before it ever fires: one
 * pending event per output, so the counter behind it never runs. */
static void
test_pending_event_replaced (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *clock
    = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1", "offset", "0", NULL);
  OrrBlock *delay = add_block (model, "EventDelay", "Delay", 0, 0, 1, 1, "delay", "2", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  link_event (model, clock, 1, delay, 1);
  link_event (model, delay, 1, count, 1);
  link_data (model, count, 1, scope, 1);
  run = run_model (model, &setup);
  g_assert_true (run->ok);
  g_assert_null (g_hash_table_lookup (run->recordings, "Scope"));
}

/* An unconnected input reads 0; a block fed only by constants is constant
 * and runs once, at initialisation (counted), while a clocked scope
 * samples it four times. */
static void
test_unconnected_and_constant (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *gain = add_block (model, "Gain", "Open", 1, 1, 0, 0, "gain", "5", NULL);
  OrrBlock *c = add_block (model, "TestCountedConstant", "Three", 0, 1, 0, 0, NULL);
  OrrBlock *twice = add_block (model, "Gain", "Twice", 1, 1, 0, 0, "gain", "2", NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *clock
    = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1", "offset", "0", NULL);
  OrrBlock *count = add_block (model, "Counter", "Tick", 0, 1, 1, 0, NULL);
  OrrBlock *mix = add_block (model, "Sum", "Mix", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 3);
  link_data (model, c, 1, twice, 1);
  link_data (model, gain, 1, sum, 1);
  link_data (model, twice, 1, sum, 2);
  link_data (model, sum, 1, mix, 1);
  link_data (model, count, 1, mix, 2);
  link_event (model, clock, 1, count, 1);
  link_data (model, mix, 1, scope, 1);
  g_atomic_int_set (&constant_calls, 0);
  run = run_model (model, &setup);
  g_assert_true (run->ok);
  g_assert_cmpint (g_atomic_int_get (&constant_calls), ==, 1);
  {
    const OrrProgram *p = run->program;
    for (int k = 0; k < p->n_blocks; k++)
      if (strcmp (p->blocks[k].path, "Sum") == 0 || strcmp (p->blocks[k].path, "Twice") == 0
          || strcmp (p->blocks[k].path, "Open") == 0 || strcmp (p->blocks[k].path, "Three") == 0)
        g_assert_true (p->blocks[k].constant);
  }
  /* Open reads 0, so Sum = 0 * 5 + 3 * 2 = 6; Mix adds the tick count */
  r = recording (run, "Scope");
  g_assert_cmpuint (r->t->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    g_assert_cmpfloat (V (r, k, 0), ==, 6 + k + 1);
}

/* A conditional written in C fires its branch inside the clock's event:
 * the counter behind it runs at the same times as the clock's 1st, 3rd...
 * ticks, with no new source and no agenda event of its own. */
static void
test_conditional_block (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *clock
    = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1", "offset", "0", NULL);
  OrrBlock *half = add_block (model, "TestHalver", "Half", 0, 0, 1, 1, NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, half, 1);
  link_event (model, half, 1, count, 1);
  link_data (model, count, 1, scope, 1);
  run = run_model (model, &setup);
  g_assert_true (run->ok);
  for (int s = 0; s < run->program->n_sources; s++)
    if (run->program->sources[s].kind != ORR_SOURCE_CLOCK)
      g_assert_cmpint (run->program->sources[s].kind, ==, ORR_SOURCE_BRANCH);
  r = recording (run, "Scope");
  g_assert_cmpuint (r->t->len, ==, 6); /* ticks 0, 2, 4, 6, 8, 10 */
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat (T (r, k), ==, 2.0 * k);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
  /* the clock ticked 11 times; the branch added no agenda events */
  g_assert_cmpuint (run->stats.events, ==, 11);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/oracle/bouncing-ball", test_bouncing_ball);
  g_test_add_func ("/oracle/event-delay-clock", test_event_delay_clock);
  g_test_add_func ("/oracle/sample-clock", test_sample_clock);
  g_test_add_func ("/oracle/two-clocks", test_two_clocks);
  g_test_add_func ("/oracle/distinct-delays", test_distinct_delays);
  g_test_add_func ("/oracle/lag-chain", test_lag_chain);
  g_test_add_func ("/oracle/algebraic-loop", test_algebraic_loop);
  g_test_add_func ("/oracle/abs-sin", test_abs_sin);
  g_test_add_func ("/oracle/ode-trio", test_ode_trio);
  g_test_add_func ("/rules/pending-event-replaced", test_pending_event_replaced);
  g_test_add_func ("/rules/unconnected-and-constant", test_unconnected_and_constant);
  g_test_add_func ("/rules/conditional-block", test_conditional_block);
  return g_test_run ();
}
