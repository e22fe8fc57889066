/* test-sources.c: the Sources palette's blocks.
 *
 * One block at a time through the block harness (tests/common): what
 * configure declares, the errors it gives for bad parameters, and what the
 * jobs compute, against values worked out by hand or by the defining formula.
 * Then small simulated models for what only shows over time: exact jumps
 * and edges located by the blocks' surfaces, reproducible random
 * sequences and their statistics, signals read from tables and files. */
#include "block-test.h"
#include "orr-all-classes.h"
#include "sources-test-helpers.h"

#include <hdf5.h>
#include <matio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

/* ---- harness helpers --------------------------------------------------- */

static void
assert_output (OrrConfig *config, int rows, int cols)
{
  g_assert_cmpuint (config->inputs->len, ==, 0);
  g_assert_cmpuint (config->outputs->len, ==, 1);
  g_assert_cmpint (output_spec (config, 0)->rows, ==, rows);
  g_assert_cmpint (output_spec (config, 0)->cols, ==, cols);
  g_assert_cmpint (output_spec (config, 0)->type, ==, ORR_TYPE_DOUBLE);
}

/* Outputs at time t, the way the simulator computes them at an event:
 * modes free (they are chosen from t). */
static const double *
outputs_at (OrrHarness *h, double t)
{
  h->time.t = t;
  h->time.phase = ORR_PHASE_EVENT;
  h->time.modes_fixed = FALSE;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  return orr_harness_output (h, 0);
}

/* The zero-crossings job at t, modes free (choosing them) or fixed. */
static void
surfaces_at (OrrHarness *h, double t, gboolean fixed)
{
  h->time.t = t;
  h->time.phase = fixed ? ORR_PHASE_TRIAL : ORR_PHASE_EVENT;
  h->time.modes_fixed = fixed;
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
}

/* Outputs at a trial point with the modes held. */
static const double *
trial_outputs_at (OrrHarness *h, double t)
{
  h->time.t = t;
  h->time.phase = ORR_PHASE_TRIAL;
  h->time.modes_fixed = TRUE;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  return orr_harness_output (h, 0);
}

/* ---- Constant, Time ------------------------------------------------------- */

static void
test_constant (void)
{
  g_autoptr (OrrHarness) h = harness (
    &orr_constant_class, CONFIGURE (&orr_constant_class, "value", "[1 2; 3 4]", NULL), 1, 1);
  const double *y;

  assert_output (h->config, 2, 2);
  g_assert_false (h->config->always_active);
  y = outputs_at (h, 0);
  /* column-major */
  g_assert_cmpfloat (y[0], ==, 1);
  g_assert_cmpfloat (y[1], ==, 3);
  g_assert_cmpfloat (y[2], ==, 2);
  g_assert_cmpfloat (y[3], ==, 4);
}

static void
test_time (void)
{
  g_autoptr (OrrHarness) h = harness (&orr_time_class, CONFIGURE (&orr_time_class, NULL), 1, 1);

  assert_output (h->config, 1, 1);
  /* always active: otherwise a block with no input would be constant */
  g_assert_true (h->config->always_active);
  g_assert_cmpfloat (outputs_at (h, 0)[0], ==, 0);
  g_assert_cmpfloat (outputs_at (h, 2.75)[0], ==, 2.75);
}

/* ---- Step, Ramp --------------------------------------------------------- */

static void
test_step (void)
{
  const OrrBlockClass *k = &orr_step_class;
  g_autoptr (OrrHarness) h
    = harness (k, CONFIGURE (k, "step_time", "1.5", "initial", "[1 2]", "final", "-3", NULL), 1, 1);
  const double *y;
  gboolean final_tunable = FALSE;

  assert_output (h->config, 1, 2);
  g_assert_true (h->config->always_active);
  g_assert_cmpint (h->config->ng, ==, 1);
  g_assert_cmpint (h->config->nmode, ==, 1);
  for (int i = 0; i < k->n_params; i++)
    if (strcmp (k->params[i].name, "final") == 0)
      final_tunable = k->params[i].tunable;
  g_assert_true (final_tunable);

  y = outputs_at (h, 1.0);
  g_assert_cmpfloat (y[0], ==, 1);
  g_assert_cmpfloat (y[1], ==, 2);
  y = outputs_at (h, 1.5); /* the step time itself belongs to the final value */
  g_assert_cmpfloat (y[0], ==, -3);
  g_assert_cmpfloat (y[1], ==, -3);

  /* the mode chosen before the step holds past it while the solver
   * integrates; the surface t - 1.5 turns positive there */
  surfaces_at (h, 1.0, FALSE);
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);
  y = trial_outputs_at (h, 1.7);
  g_assert_cmpfloat (y[0], ==, 1);
  surfaces_at (h, 1.7, TRUE);
  g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.2, 1e-15);
  surfaces_at (h, 1.7, FALSE);
  y = trial_outputs_at (h, 1.7);
  g_assert_cmpfloat (y[0], ==, -3);

  EXPECT_PARAM_ERROR (k, "final", "initial", "[1 2]", "final", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (k, "step_time", "step_time", "NaN", NULL);
  EXPECT_PARAM_ERROR (k, "step_time", "step_time", "[1 2]", NULL);
}

static void
test_ramp (void)
{
  const OrrBlockClass *k = &orr_ramp_class;
  g_autoptr (OrrHarness) h
    = harness (k, CONFIGURE (k, "slope", "[2; -1]", "start", "1", "initial", "5", NULL), 1, 1);
  const double *y;

  assert_output (h->config, 2, 1);
  g_assert_cmpint (h->config->ng, ==, 1);
  y = outputs_at (h, 0.5);
  g_assert_cmpfloat (y[0], ==, 5);
  g_assert_cmpfloat (y[1], ==, 5);
  y = outputs_at (h, 3);
  g_assert_cmpfloat (y[0], ==, 9);
  g_assert_cmpfloat (y[1], ==, 3);

  /* held before the corner: flat even past it */
  surfaces_at (h, 0.5, FALSE);
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);
  y = trial_outputs_at (h, 1.25);
  g_assert_cmpfloat (y[0], ==, 5);
  surfaces_at (h, 1.25, TRUE);
  g_assert_cmpfloat (h->block.g[0], ==, 0.25);

  EXPECT_PARAM_ERROR (k, "initial", "slope", "[1 2]", "initial", "[1; 2]", NULL);
  EXPECT_PARAM_ERROR (k, "start", "start", "Inf", NULL);
}

/* ---- RampSaturate, Trapezoid ----------------------------------------------- */

static void
test_ramp_saturate (void)
{
  const OrrBlockClass *k = &orr_ramp_saturate_class;
  g_autoptr (OrrHarness) h = harness (
    k, CONFIGURE (k, "height", "3", "duration", "2", "offset", "1", "start", "1", NULL), 1, 1);

  assert_output (h->config, 1, 1);
  g_assert_true (h->config->always_active);
  g_assert_cmpint (h->config->ng, ==, 1);
  /* 1 before t = 1, 1 + 1.5 (t - 1) up to t = 3, 4 after */
  g_assert_cmpfloat (outputs_at (h, 0.5)[0], ==, 1);
  g_assert_cmpfloat (outputs_at (h, 1)[0], ==, 1);
  g_assert_cmpfloat (outputs_at (h, 2)[0], ==, 2.5);
  g_assert_cmpfloat (outputs_at (h, 3)[0], ==, 4);
  g_assert_cmpfloat (outputs_at (h, 7)[0], ==, 4);
  /* the mode chosen at t = 2 (rising) holds past the corner at t = 3,
   * and the surface says how far the corner is */
  surfaces_at (h, 2, FALSE);
  g_assert_cmpfloat (h->block.g[0], ==, 1);
  g_assert_cmpfloat (trial_outputs_at (h, 3.5)[0], ==, 4.75);
  surfaces_at (h, 3.5, TRUE);
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);

  EXPECT_PARAM_ERROR (k, "duration", "duration", "0", NULL);
  EXPECT_PARAM_ERROR (k, "height", "height", "NaN", NULL);
  EXPECT_PARAM_ERROR (k, "start", "start", "[1 2]", NULL);
}

static void
test_trapezoid (void)
{
  const OrrBlockClass *k = &orr_trapezoid_class;
  /* amplitude 2, rise 1, plateau 1, fall 0.5, rest 1.5, period 4, from
   * t = 0.5, offset -1 */
  g_autoptr (OrrHarness) h
    = harness (k,
               CONFIGURE (k, "amplitude", "2", "rising", "1", "width", "1", "falling", "0.5",
                          "period", "4", "start", "0.5", "offset", "-1", NULL),
               1, 1);
  static const double times[] = { 0, 0.5, 1, 1.5, 2, 2.5, 2.75, 3, 4, 4.5, 5, 8.5, 9.25 };
  static const double values[] = { -1, -1, 0, 1, 1, 1, 0, -1, -1, -1, 0, -1, 0.5 };

  assert_output (h->config, 1, 1);
  g_assert_true (h->config->always_active);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_test_message ("t = %g", times[i]);
      g_assert_cmpfloat_with_epsilon (outputs_at (h, times[i])[0], values[i], 1e-15);
    }
  /* on the plateau of the second period (t = 6), the fall starts at 6.5 */
  surfaces_at (h, 6, FALSE);
  g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.5, 1e-15);
  /* held on the plateau past the corner */
  g_assert_cmpfloat (trial_outputs_at (h, 6.75)[0], ==, 1);

  /* no rise and no rest: a plateau of 1 s, then a fall to 0 over 1 s */
  {
    g_autoptr (OrrHarness) sq = harness (k,
                                         CONFIGURE (k, "rising", "0", "width", "1", "falling", "1",
                                                    "period", "2", "offset", "0", NULL),
                                         1, 1);

    g_assert_cmpfloat (outputs_at (sq, 0)[0], ==, 1);
    g_assert_cmpfloat (outputs_at (sq, 1.5)[0], ==, 0.5);
    g_assert_cmpfloat (outputs_at (sq, 2)[0], ==, 1);
  }

  /* 1e9 periods of 1 ns in: computed directly, at once (no search over
   * the pieces), 0.25 ns into the rise of the default wave scaled down */
  {
    g_autoptr (OrrHarness) fast = harness (
      k,
      CONFIGURE (k, "rising", "1e-9", "width", "1e-9", "falling", "1e-9", "period", "4e-9", NULL),
      1, 1);

    g_assert_cmpfloat_with_epsilon (outputs_at (fast, 4.0000000005)[0], 0.5, 1e-3);
    surfaces_at (fast, 4.0000000005, FALSE);
    g_assert_cmpfloat (fast->block.g[0], ==, 1);
  }

  EXPECT_PARAM_ERROR (k, "period", "period", "2", NULL);
  EXPECT_PARAM_ERROR (k, "period", "period", "0", "rising", "0", "width", "0", "falling", "0",
                      NULL);
  EXPECT_PARAM_ERROR (k, "rising", "rising", "-1", NULL);
  EXPECT_PARAM_ERROR (k, "width", "width", "Inf", NULL);
}

/* ---- SineWave ---------------------------------------------------------- */

static void
test_sine_wave (void)
{
  const OrrBlockClass *k = &orr_sine_wave_class;
  g_autoptr (OrrHarness) h = harness (
    k, CONFIGURE (k, "amplitude", "[1 2]", "frequency", "3", "phase", "[0 0.5]", "bias", "1", NULL),
    1, 1);

  assert_output (h->config, 1, 2);
  g_assert_true (h->config->always_active);
  g_assert_cmpint (h->config->ng, ==, 0);
  g_assert_cmpint (h->config->nx, ==, 0);
  g_assert_cmpint (h->config->nz, ==, 0);
  for (double t = 0; t < 3; t += 0.37)
    {
      const double *y = outputs_at (h, t);
      /* frequency in rad/s: sin (3 t + phase) */
      g_assert_cmpfloat_with_epsilon (y[0], 1 * sin (3 * t) + 1, 1e-15);
      g_assert_cmpfloat_with_epsilon (y[1], 2 * sin (3 * t + 0.5) + 1, 1e-15);
    }
  EXPECT_PARAM_ERROR (k, "phase", "amplitude", "[1 2]", "phase", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (k, "frequency", "frequency", "Inf", NULL);
  EXPECT_PARAM_ERROR (k, "bias", "bias", "'x'", NULL);
}

/* ---- SquareWave, PulseGenerator, Sawtooth ---------------------------------- */

/* Period 2, duty 25 %, delay 0.5: +A on [0.5, 1) + 2k, -A elsewhere. */
static void
test_square_wave (void)
{
  const OrrBlockClass *k = &orr_square_wave_class;
  g_autoptr (OrrHarness) h = harness (
    k, CONFIGURE (k, "amplitude", "[1 3]", "period", "2", "duty", "25", "delay", "0.5", NULL), 1,
    1);
  const struct
  {
    double t, level;
  } cases[] = { { 0, -1 },  { 0.49, -1 }, { 0.5, 1 }, { 0.99, 1 }, { 1, -1 },   { 2.3, -1 },
                { 2.5, 1 }, { 2.75, 1 },  { 3, -1 },  { -1.5, 1 }, { -1.6, -1 } };
  const double *y;

  assert_output (h->config, 1, 2);
  g_assert_true (h->config->always_active);
  g_assert_cmpint (h->config->ng, ==, 1);
  g_assert_cmpint (h->config->nmode, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      y = outputs_at (h, cases[i].t);
      g_assert_cmpfloat (y[0], ==, cases[i].level);
      g_assert_cmpfloat (y[1], ==, 3 * cases[i].level);
    }

  /* in [0.5, 1) the surface is the time to the falling edge at 1; the
   * level holds past it while the modes are fixed */
  surfaces_at (h, 0.7, FALSE);
  g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.3, 1e-15);
  y = trial_outputs_at (h, 1.2);
  g_assert_cmpfloat (y[0], ==, 1);
  surfaces_at (h, 1.2, TRUE);
  g_assert_cmpfloat (h->block.g[0], <, 0);
  /* at the edge itself the next segment is chosen, its surface the time
   * to the rising edge at 2.5 */
  surfaces_at (h, 1.0, FALSE);
  g_assert_cmpfloat (h->block.g[0], ==, 1.5);
  g_assert_cmpfloat (trial_outputs_at (h, 1.0)[0], ==, -1);

  EXPECT_PARAM_ERROR (k, "period", "period", "0", NULL);
  EXPECT_PARAM_ERROR (k, "duty", "duty", "0", NULL);
  EXPECT_PARAM_ERROR (k, "duty", "duty", "100", NULL);
  EXPECT_PARAM_ERROR (k, "delay", "delay", "NaN", NULL);
}

static void
test_pulse_generator (void)
{
  const OrrBlockClass *k = &orr_pulse_generator_class;
  g_autoptr (OrrHarness) h = harness (
    k, CONFIGURE (k, "amplitude", "4", "period", "1", "width", "10", "delay", "0.2", NULL), 1, 1);
  const struct
  {
    double t, y;
  } cases[] = { { 0, 0 },    { 0.2, 4 },  { 0.25, 4 }, { 0.31, 0 },
                { 1.25, 4 }, { 1.31, 0 }, { 5.25, 4 }, { 0.95, 0 } };

  assert_output (h->config, 1, 1);
  g_assert_cmpint (h->config->ng, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpfloat (outputs_at (h, cases[i].t)[0], ==, cases[i].y);
  surfaces_at (h, 0.21, FALSE);
  g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.3 - 0.21, 1e-15);
  EXPECT_PARAM_ERROR (k, "width", "width", "120", NULL);
  EXPECT_PARAM_ERROR (k, "period", "period", "-1", NULL);
}

static void
test_sawtooth (void)
{
  const OrrBlockClass *k = &orr_sawtooth_class;
  g_autoptr (OrrHarness) h
    = harness (k, CONFIGURE (k, "period", "0.5", "amplitude", "[2 4]", NULL), 1, 1);
  const double *y;

  assert_output (h->config, 1, 2);
  g_assert_cmpint (h->config->ng, ==, 1);
  y = outputs_at (h, 0.125);
  g_assert_cmpfloat (y[0], ==, 0.5);
  g_assert_cmpfloat (y[1], ==, 1);
  y = outputs_at (h, 1.0); /* a reset: back to 0 */
  g_assert_cmpfloat (y[0], ==, 0);
  y = outputs_at (h, 1.375);
  g_assert_cmpfloat (y[0], ==, 1.5);

  /* in the third period [1, 1.5) the surface is the time to 1.5; the ramp
   * continues past it while the mode holds */
  surfaces_at (h, 1.375, FALSE);
  g_assert_cmpfloat (h->block.g[0], ==, 0.125);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  y = trial_outputs_at (h, 1.625);
  g_assert_cmpfloat (y[0], ==, 2.5);
  surfaces_at (h, 1.625, TRUE);
  g_assert_cmpfloat (h->block.g[0], <, 0);

  EXPECT_PARAM_ERROR (k, "period", "period", "0", NULL);
  EXPECT_PARAM_ERROR (k, "amplitude", "amplitude", "[]", NULL);
}

/* ---- Counter --------------------------------------------------------------- */

static void
test_counter (void)
{
  const OrrBlockClass *k = &orr_counter_class;
  g_autoptr (OrrHarness) h
    = harness (k, CONFIGURE (k, "minimum", "1", "maximum", "3", "rule", "1", NULL), 1, 1);
  const double expected[] = { 1, 2, 3, 1, 2 };

  g_assert_cmpint (h->config->n_evin, ==, 1);
  h->time.phase = ORR_PHASE_EVENT;
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      h->block.nevprt = 1;
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, expected[i]);
      orr_harness_run (h, ORR_JOB_STATE_UPDATE);
    }
  EXPECT_PARAM_ERROR (k, "maximum", "minimum", "3", "maximum", "3", NULL);
}

/* ---- RandomUniform, RandomNormal ----------------------------------------------- */

/* n activations of a random block: outputs, then the state update. */
static double *
draws (const OrrBlockClass *klass, OrrConfig *config, int n)
{
  g_autoptr (OrrHarness) h = harness (klass, config, 1, 1);
  int width = h->block.nz;
  double *values = g_new (double, (gsize)n *width);

  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_nonnull (h->block.work);
  h->time.phase = ORR_PHASE_EVENT;
  for (int i = 0; i < n; i++)
    {
      h->block.nevprt = 1;
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      memcpy (values + (gsize)i * width, orr_harness_output (h, 0), width * sizeof (double));
      orr_harness_run (h, ORR_JOB_STATE_UPDATE);
    }
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
  return values;
}

/* The same seed gives the same sequence, another seed another; every value
 * is in its own element's range; the mean of 10000 draws of U(2, 6) is 4
 * within 3 standard errors (sd (6 - 2) / sqrt 12). */
static void
test_random_uniform (void)
{
  const OrrBlockClass *k = &orr_random_uniform_class;
  const int n = 10000;
  g_autofree double *a
    = draws (k, CONFIGURE (k, "min", "[2 -1]", "max", "[6 -1]", "seed", "7", NULL), n);
  g_autofree double *b
    = draws (k, CONFIGURE (k, "min", "[2 -1]", "max", "[6 -1]", "seed", "7", NULL), n);
  g_autofree double *c
    = draws (k, CONFIGURE (k, "min", "[2 -1]", "max", "[6 -1]", "seed", "8", NULL), n);
  g_autoptr (OrrConfig) config = CONFIGURE (k, "min", "[2 -1]", "max", "[6 -1]", NULL);
  double sum = 0;
  int same = 0;

  assert_output (config, 1, 2);
  g_assert_cmpint (config->n_evin, ==, 1);
  g_assert_cmpint (config->nz, ==, 2);
  g_assert_false (config->always_active);

  g_assert_cmpmem (a, 2 * n * sizeof (double), b, 2 * n * sizeof (double));
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpfloat (a[2 * i], >=, 2);
      g_assert_cmpfloat (a[2 * i], <, 6);
      g_assert_cmpfloat (a[2 * i + 1], ==, -1);
      same += a[2 * i] == c[2 * i];
      sum += a[2 * i];
    }
  g_assert_cmpint (same, <, 10);
  /* successive activations differ */
  g_assert_cmpfloat (a[0], !=, a[2]);
  g_test_message ("mean %.5f", sum / n);
  g_assert_cmpfloat (fabs (sum / n - 4), <, 3 * (4 / sqrt (12)) / sqrt (n));

  EXPECT_PARAM_ERROR (k, "max", "min", "2", "max", "1", NULL);
  EXPECT_PARAM_ERROR (k, "max", "min", "[1 2]", "max", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (k, "seed", "seed", "-1", NULL);
  EXPECT_PARAM_ERROR (k, "seed", "seed", "1.5", NULL);
  EXPECT_PARAM_ERROR (k, "min", "min", "-Inf", NULL);
}

/* Reproducible like the uniform one; over 10000 draws of N(3, 2^2) the
 * mean is within 3 standard errors (2 / sqrt n) of 3 and the standard
 * deviation within 3 of its standard errors (about 2 / sqrt (2 n)) of 2. */
static void
test_random_normal (void)
{
  const OrrBlockClass *k = &orr_random_normal_class;
  const int n = 10000;
  g_autofree double *a
    = draws (k, CONFIGURE (k, "mean", "[3; 0]", "deviation", "[2; 0]", "seed", "42", NULL), n);
  g_autofree double *b
    = draws (k, CONFIGURE (k, "mean", "[3; 0]", "deviation", "[2; 0]", "seed", "42", NULL), n);
  double mean, sd;

  g_assert_cmpmem (a, 2 * n * sizeof (double), b, 2 * n * sizeof (double));
  moments (a, n, 2, &mean, &sd);
  g_test_message ("mean %.5f, sd %.5f", mean, sd);
  g_assert_cmpfloat (fabs (mean - 3), <, 3 * 2 / sqrt (n));
  g_assert_cmpfloat (fabs (sd - 2), <, 3 * 2 / sqrt (2.0 * n));
  /* deviation 0: always the mean */
  for (int i = 0; i < n; i++)
    g_assert_cmpfloat (a[2 * i + 1], ==, 0);

  EXPECT_PARAM_ERROR (k, "deviation", "deviation", "-1", NULL);
  EXPECT_PARAM_ERROR (k, "deviation", "mean", "[1 2]", "deviation", "[1; 2]", NULL);
  EXPECT_PARAM_ERROR (k, "seed", "seed", "3e9", NULL);
}

/* ---- SignalGenerator ---------------------------------------------------------- */

static void
test_signal_generator (void)
{
  const OrrBlockClass *k = &orr_signal_generator_class;
  /* two series over times 0 1 3: (0, 2, 6) and (5, 4, 4) */
  g_autoptr (OrrHarness) hold = harness (
    k, CONFIGURE (k, "times", "[0 1 3]", "values", "[0 5; 2 4; 6 4]", "method", "1", NULL), 1, 1);
  g_autoptr (OrrHarness) linear = harness (
    k, CONFIGURE (k, "times", "[0 1 3]", "values", "[0 5; 2 4; 6 4]", "method", "2", NULL), 1, 1);
  g_autoptr (OrrHarness) spline = harness (
    k, CONFIGURE (k, "times", "[0 1 2 4]", "values", "[4 7 6 5]", "method", "3", NULL), 1, 1);
  const double *y;

  assert_output (hold->config, 2, 1);
  g_assert_true (hold->config->always_active);
  g_assert_cmpint (hold->config->ng, ==, 1);
  g_assert_cmpint (linear->config->ng, ==, 1);
  g_assert_cmpint (spline->config->ng, ==, 0);
  assert_output (spline->config, 1, 1);

  y = outputs_at (hold, 0.5);
  g_assert_cmpfloat (y[0], ==, 0);
  g_assert_cmpfloat (y[1], ==, 5);
  y = outputs_at (hold, 1);
  g_assert_cmpfloat (y[0], ==, 2);
  g_assert_cmpfloat (y[1], ==, 4);
  y = outputs_at (hold, -1); /* held before the first time and after the last */
  g_assert_cmpfloat (y[0], ==, 0);
  y = outputs_at (hold, 7);
  g_assert_cmpfloat (y[0], ==, 6);

  y = outputs_at (linear, 2);
  g_assert_cmpfloat (y[0], ==, 4);
  g_assert_cmpfloat (y[1], ==, 4);
  y = outputs_at (linear, 0.25);
  g_assert_cmpfloat (y[0], ==, 0.5);
  g_assert_cmpfloat (y[1], ==, 4.75);
  y = outputs_at (linear, 10);
  g_assert_cmpfloat (y[0], ==, 6);

  /* the natural spline oracle of the interpolation chapter */
  g_assert_cmpfloat_with_epsilon (outputs_at (spline, 0.5)[0], 5.899457, 1e-6);
  g_assert_cmpfloat_with_epsilon (outputs_at (spline, 3.5)[0], 5.005435, 1e-6);

  /* holding the interval [0, 1): the first value past 1, the surface
   * turning negative there */
  surfaces_at (hold, 0.5, FALSE);
  g_assert_cmpfloat (hold->block.g[0], >, 0);
  y = trial_outputs_at (hold, 1.2);
  g_assert_cmpfloat (y[0], ==, 0);
  surfaces_at (hold, 1.2, TRUE);
  g_assert_cmpfloat (hold->block.g[0], <, 0);
  surfaces_at (hold, 1.0, FALSE); /* at the time itself: the next interval */
  g_assert_cmpfloat (trial_outputs_at (hold, 1.0)[0], ==, 2);
  g_assert_cmpfloat (hold->block.g[0], >, 0);

  /* a row vector of values is a single output */
  {
    g_autoptr (OrrConfig) row = CONFIGURE (k, "times", "[0 1 3 4]", "values", "[1 2 3 4]", NULL);
    assert_output (row, 1, 1);
  }
  EXPECT_PARAM_ERROR (k, "values", "times", "[0 1 2]", "values", "[1 2; 3 4]", NULL);
  EXPECT_PARAM_ERROR (k, "times", "times", "[0 2 1]", "values", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (k, "times", "times", "1", "values", "1", NULL);
  EXPECT_PARAM_ERROR (k, "method", "method", "4", NULL);
}

/* ---- FromCSV ------------------------------------------------------------------- */

static OrrConfig *
csv_config (const char *path, const char *columns, const char *method)
{
  g_autofree char *quoted = g_strdup_printf ("'%s'", path);
  return CONFIGURE (&orr_from_csv_class, "file", quoted, "columns", columns, "method", method,
                    NULL);
}

static const char csv_good[] = "time,a,b,c\n"
                               "0,1,10,100\n"
                               "\n"
                               "# a comment\n"
                               "1,3,20,100\r\n"
                               "3, 7 ,-20,100\n";

static void
test_from_csv (void)
{
  g_autoptr (TempFile) file = temp_csv (csv_good);
  g_autoptr (OrrHarness) linear
    = harness (&orr_from_csv_class, csv_config (file->path, "[3 2]", "2"), 1, 1);
  g_autoptr (OrrHarness) hold
    = harness (&orr_from_csv_class, csv_config (file->path, "4", "1"), 1, 1);
  const double *y;

  assert_output (linear->config, 2, 1);
  g_assert_true (linear->config->always_active);
  g_assert_cmpint (linear->config->ng, ==, 1);

  orr_harness_run (linear, ORR_JOB_INIT);
  orr_harness_run (hold, ORR_JOB_INIT);
  g_assert_null (linear->error);
  g_assert_null (hold->error);

  y = outputs_at (linear, 0.5); /* column 3 then column 2 */
  g_assert_cmpfloat (y[0], ==, 15);
  g_assert_cmpfloat (y[1], ==, 2);
  y = outputs_at (linear, 2);
  g_assert_cmpfloat (y[0], ==, 0);
  g_assert_cmpfloat (y[1], ==, 5);
  y = outputs_at (linear, 5);
  g_assert_cmpfloat (y[0], ==, -20);
  g_assert_cmpfloat (y[1], ==, 7);
  y = outputs_at (linear, -1);
  g_assert_cmpfloat (y[0], ==, 10);
  g_assert_cmpfloat (outputs_at (hold, 2)[0], ==, 100);

  /* a surface at the next time, as SignalGenerator */
  surfaces_at (linear, 0.5, FALSE);
  g_assert_cmpfloat_with_epsilon (linear->block.g[0], 0.5, 1e-12);

  orr_harness_run (linear, ORR_JOB_TERMINATE);
  orr_harness_run (hold, ORR_JOB_TERMINATE);
  g_assert_null (linear->block.work);
}

/* Bad content stops the run at init with the file and the line named. */
static void
test_from_csv_errors (void)
{
  const struct
  {
    const char *contents;
    const char *columns;
    const char *expected; /* in the message, after the file name */
  } cases[] = {
    { "t,a\n0,1\n1,x\n", "2", "line 3" },
    { "0,1\n1,2\n1,3\n", "2", "line 3" },
    { "t,a\n0,1\n# comment\nlater,2\n", "2", "line 4" },
    { "0,1\n1,2,3\n", "3", "line 1" },
    { "0,1\n", "2", "at least 2" },
    { "t,a\n", "2", "at least 2" },
    { "0,1\n1,\n", "2", "line 2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TempFile) file = temp_csv (cases[i].contents);
      g_autoptr (OrrHarness) h
        = harness (&orr_from_csv_class, csv_config (file->path, cases[i].columns, "2"), 1, 1);

      orr_harness_run (h, ORR_JOB_INIT);
      g_assert_nonnull (h->error);
      g_test_message ("%s", h->error);
      g_assert_nonnull (strstr (h->error, file->path));
      g_assert_nonnull (strstr (h->error, cases[i].expected));
      g_assert_null (h->block.work);
      /* terminate copes with the failed init; outputs are zeros */
      g_assert_cmpfloat (outputs_at (h, 1)[0], ==, 0);
      orr_harness_run (h, ORR_JOB_TERMINATE);
    }

  {
    g_autoptr (OrrHarness) h
      = harness (&orr_from_csv_class, csv_config ("/nonexistent/none.csv", "2", "2"), 1, 1);
    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_nonnull (h->error);
    g_assert_nonnull (strstr (h->error, "/nonexistent/none.csv"));
    orr_harness_run (h, ORR_JOB_TERMINATE);
  }

  /* Not files at all: a pipe nobody writes to, an endless device and a
   * folder are refused at once (a hang or 8 GB of zeros otherwise). */
  {
    g_autofree char *dir = g_dir_make_tmp ("orrery-csv-XXXXXX", NULL);
    g_autofree char *fifo = g_build_filename (dir, "pipe.csv", NULL);
    const char *const targets[] = { fifo, "/dev/zero", dir };

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
      {
        g_autoptr (OrrHarness) h
          = harness (&orr_from_csv_class, csv_config (targets[i], "2", "2"), 1, 1);

        orr_harness_run (h, ORR_JOB_INIT);
        g_assert_nonnull (h->error);
        g_assert_nonnull (strstr (h->error, targets[i]));
        g_assert_nonnull (strstr (h->error, "only regular files"));
        orr_harness_run (h, ORR_JOB_TERMINATE);
      }
    g_unlink (fifo);
    g_rmdir (dir);
  }
}

/* ---- parameters each block refuses ------------------------------------ */

static const BlockParamError param_errors[] = {
  { &orr_constant_class, "value", { "value", "'text'", NULL, NULL } },
  { &orr_from_csv_class, "columns", { "columns", "0", NULL, NULL } },
  { &orr_from_csv_class, "columns", { "columns", "2.5", NULL, NULL } },
  { &orr_from_csv_class, "file", { "file", "3", NULL, NULL } },
  { &orr_from_csv_class, "file", { "file", "''", NULL, NULL } },
  { &orr_from_csv_class, "method", { "method", "3", NULL, NULL } },
};

/* ---- FromMat, FromHDF, FromText ------------------------------------------------ */

/* The table every file below holds, rows [t a b]: times 0, 1, 3, the
 * values chosen so that interpolating between them gives round numbers. */
static const double table_t[] = { 0, 1, 3 };
static const double table_a[] = { 1, 3, 7 };
static const double table_b[] = { 10, 20, -20 };

/* A temporary path named name in a fresh directory (nothing written). */
static TempFile *
temp_path (const char *name)
{
  g_autoptr (GError) error = NULL;
  TempFile *f = g_new0 (TempFile, 1);

  f->dir = g_dir_make_tmp ("orrery-from-file-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, name, NULL);
  return f;
}

/* Writes a rows x cols matrix (column-major) as variable name of a level
 * 5 MAT file through matio, independently of ToMat. */
static void
write_mat (const char *path, const char *name, const double *data, size_t rows, size_t cols)
{
  mat_t *mat = Mat_CreateVer (path, NULL, MAT_FT_MAT5);
  size_t dims[2] = { rows, cols };
  matvar_t *var;

  g_assert_nonnull (mat);
  var = Mat_VarCreate (name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, (void *)data, 0);
  g_assert_nonnull (var);
  g_assert_cmpint (Mat_VarWrite (mat, var, MAT_COMPRESSION_NONE), ==, 0);
  Mat_VarFree (var);
  Mat_Close (mat);
}

static OrrConfig *
named_config (const OrrBlockClass *klass, const char *name_param, const char *path,
              const char *name, const char *columns, const char *method)
{
  g_autofree char *quoted = g_strdup_printf ("'%s'", path);
  g_autofree char *quoted_name = g_strdup_printf ("'%s'", name);

  if (name_param == NULL)
    return CONFIGURE (klass, "file", quoted, "columns", columns, "method", method, NULL);
  return CONFIGURE (klass, "file", quoted, name_param, quoted_name, "columns", columns, "method",
                    method, NULL);
}

/* The playback every file source shares, on the table above read through
 * klass: linear [b a] and held a, against values worked out by hand. */
static void
check_table_playback (const OrrBlockClass *klass, const char *name_param, const char *path,
                      const char *name)
{
  g_autoptr (OrrHarness) linear
    = harness (klass, named_config (klass, name_param, path, name, "[3 2]", "2"), 1, 1);
  g_autoptr (OrrHarness) hold
    = harness (klass, named_config (klass, name_param, path, name, "2", "1"), 1, 1);
  const double *y;

  assert_output (linear->config, 2, 1);
  g_assert_true (linear->config->always_active);
  g_assert_cmpint (linear->config->ng, ==, 1);

  orr_harness_run (linear, ORR_JOB_INIT);
  orr_harness_run (hold, ORR_JOB_INIT);
  g_assert_null (linear->error);
  g_assert_null (hold->error);

  y = outputs_at (linear, 0.5); /* b then a: half-way between rows 1 and 2 */
  g_assert_cmpfloat (y[0], ==, 15);
  g_assert_cmpfloat (y[1], ==, 2);
  y = outputs_at (linear, 2); /* half-way between rows 2 and 3 */
  g_assert_cmpfloat (y[0], ==, 0);
  g_assert_cmpfloat (y[1], ==, 5);
  y = outputs_at (linear, 5); /* after the end: held */
  g_assert_cmpfloat (y[0], ==, -20);
  g_assert_cmpfloat (y[1], ==, 7);
  y = outputs_at (linear, -1); /* before the start: held */
  g_assert_cmpfloat (y[0], ==, 10);
  g_assert_cmpfloat (outputs_at (hold, 2.9)[0], ==, 3);
  g_assert_cmpfloat (outputs_at (hold, 3)[0], ==, 7);

  /* a surface at the next time */
  surfaces_at (linear, 0.5, FALSE);
  g_assert_cmpfloat_with_epsilon (linear->block.g[0], 0.5, 1e-12);

  orr_harness_run (linear, ORR_JOB_TERMINATE);
  orr_harness_run (hold, ORR_JOB_TERMINATE);
  g_assert_null (linear->block.work);
}

/* Runs init on a block configured for path and expects an error naming
 * the file and containing part; then terminate copes. */
static void
expect_read_error (const OrrBlockClass *klass, const char *name_param, const char *path,
                   const char *name, const char *columns, const char *part)
{
  g_autoptr (OrrHarness) h
    = harness (klass, named_config (klass, name_param, path, name, columns, "2"), 1, 1);

  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_nonnull (h->error);
  g_test_message ("%s", h->error);
  g_assert_nonnull (strstr (h->error, path));
  g_assert_nonnull (strstr (h->error, part));
  g_assert_null (h->block.work);
  g_assert_cmpfloat (outputs_at (h, 1)[0], ==, 0);
  orr_harness_run (h, ORR_JOB_TERMINATE);
}

/* The errors every file source gives for a file that is not there, a
 * directory, and a file of the wrong kind. */
static void
check_bad_files (const OrrBlockClass *klass, const char *name_param)
{
  g_autoptr (TempFile) junk = temp_csv ("this is not a data file\n");

  expect_read_error (klass, name_param, "/nonexistent/none.dat", "x", "2", "none.dat");
  expect_read_error (klass, name_param, junk->dir, "x", "2", "not a regular file");
  if (name_param != NULL)
    expect_read_error (klass, name_param, junk->path, "x", "2", "not a");
}

static void
test_from_mat (void)
{
  g_autoptr (TempFile) file = temp_path ("table.mat");
  double data[9], times_only[3], decreasing[6] = { 0, 2, 1, 5, 6, 7 };
  const double bits[] = { 0.1, 1.0 / 3, G_PI, -0.0, 1e-310, 2.5e300 };

  memcpy (data, table_t, sizeof table_t);
  memcpy (data + 3, table_a, sizeof table_a);
  memcpy (data + 6, table_b, sizeof table_b);
  memcpy (times_only, table_t, sizeof table_t);
  write_mat (file->path, "x", data, 3, 3);
  check_table_playback (&orr_from_mat_class, "variable", file->path, "x");

  /* doubles that print badly come back bit for bit at their times */
  {
    double table[12];
    g_autoptr (OrrHarness) h = NULL;

    for (int i = 0; i < 6; i++)
      {
        table[i] = i;
        table[6 + i] = bits[i];
      }
    write_mat (file->path, "bits", table, 6, 2);
    h = harness (&orr_from_mat_class,
                 named_config (&orr_from_mat_class, "variable", file->path, "bits", "2", "1"), 1,
                 1);
    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_null (h->error);
    for (int i = 0; i < 6; i++)
      {
        double y = outputs_at (h, i)[0];
        g_assert_cmpmem (&y, sizeof y, &bits[i], sizeof bits[i]);
      }
    orr_harness_run (h, ORR_JOB_TERMINATE);
  }

  /* errors name the file and the variable */
  write_mat (file->path, "x", data, 3, 3);
  expect_read_error (&orr_from_mat_class, "variable", file->path, "missing", "2", "missing");
  expect_read_error (&orr_from_mat_class, "variable", file->path, "x", "4", "column 4");
  write_mat (file->path, "x", times_only, 3, 1);
  expect_read_error (&orr_from_mat_class, "variable", file->path, "x", "2", "column 2");
  write_mat (file->path, "x", decreasing, 3, 2);
  expect_read_error (&orr_from_mat_class, "variable", file->path, "x", "2", "row 3");
  write_mat (file->path, "x", data, 1, 3);
  expect_read_error (&orr_from_mat_class, "variable", file->path, "x", "2", "at least 2");
  check_bad_files (&orr_from_mat_class, "variable");

  EXPECT_PARAM_ERROR (&orr_from_mat_class, "variable", "variable", "''", NULL);
  EXPECT_PARAM_ERROR (&orr_from_mat_class, "variable", "variable", "1", NULL);
  EXPECT_PARAM_ERROR (&orr_from_mat_class, "columns", "columns", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_from_mat_class, "file", "file", "''", NULL);
  EXPECT_PARAM_ERROR (&orr_from_mat_class, "method", "method", "0", NULL);
}

/* Writes rows x cols doubles (row-major, as HDF5 stores them) as the data
 * set name of a new HDF5 file, through the HDF5 C API. */
static void
write_hdf (const char *path, const char *name, const double *row_major, hsize_t rows, hsize_t cols,
           int rank)
{
  hsize_t dims[2] = { rows, cols };
  hid_t file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  hid_t lcpl = H5Pcreate (H5P_LINK_CREATE);
  hid_t space, dataset;

  g_assert_cmpint (file, >=, 0);
  H5Pset_create_intermediate_group (lcpl, 1);
  space = H5Screate_simple (rank, dims, NULL);
  dataset = H5Dcreate2 (file, name, H5T_IEEE_F64LE, space, lcpl, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (dataset, >=, 0);
  g_assert_cmpint (H5Dwrite (dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, row_major),
                   >=, 0);
  H5Dclose (dataset);
  H5Sclose (space);
  H5Pclose (lcpl);
  H5Fclose (file);
}

static void
test_from_hdf (void)
{
  g_autoptr (TempFile) file = temp_path ("table.h5");
  double rows[9], decreasing[4] = { 0, 1, 0, 2 };

  for (int i = 0; i < 3; i++)
    {
      rows[3 * i] = table_t[i];
      rows[3 * i + 1] = table_a[i];
      rows[3 * i + 2] = table_b[i];
    }
  write_hdf (file->path, "/run/signals", rows, 3, 3, 2);
  check_table_playback (&orr_from_hdf_class, "dataset", file->path, "/run/signals");

  expect_read_error (&orr_from_hdf_class, "dataset", file->path, "/nothing", "2", "/nothing");
  expect_read_error (&orr_from_hdf_class, "dataset", file->path, "/run", "2", "not a data set");
  expect_read_error (&orr_from_hdf_class, "dataset", file->path, "/run/signals", "5", "column 5");
  write_hdf (file->path, "/x", rows, 9, 1, 1);
  expect_read_error (&orr_from_hdf_class, "dataset", file->path, "/x", "2", "two-dimensional");
  write_hdf (file->path, "/x", decreasing, 2, 2, 2);
  expect_read_error (&orr_from_hdf_class, "dataset", file->path, "/x", "2", "row 2");
  check_bad_files (&orr_from_hdf_class, "dataset");

  EXPECT_PARAM_ERROR (&orr_from_hdf_class, "dataset", "dataset", "''", NULL);
  EXPECT_PARAM_ERROR (&orr_from_hdf_class, "columns", "columns", "0", NULL);
}

static void
test_from_text (void)
{
  g_autoptr (TempFile) file = temp_csv ("time a b\n"
                                        "% a MATLAB comment\n"
                                        "0 1\t10\n"
                                        "\n"
                                        "# a comment\n"
                                        "  1   3  20  \r\n"
                                        "3 7e0 -2e1\n");

  check_table_playback (&orr_from_text_class, NULL, file->path, NULL);

  {
    const struct
    {
      const char *contents;
      const char *columns;
      const char *expected;
    } cases[] = {
      { "t a\n0 1\n1 x\n", "2", "line 3" },
      { "0 1\n1 2\n1 3\n", "2", "row 3" },
      { "t a\n0 1\nlater 2\n", "2", "line 3" },
      { "0 1\n1 2 3\n", "3", "line 1" },
      { "0 1\n", "2", "at least 2" },
      { "0,1\n1,2\n", "2", "line 2" }, /* one field: line 1 taken for names */
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr (TempFile) bad = temp_csv (cases[i].contents);

        expect_read_error (&orr_from_text_class, NULL, bad->path, NULL, cases[i].columns,
                           cases[i].expected);
      }
  }
  {
    /* held, a time repeated keeps its last row from that time on, and
     * column 1 is the time of the row in effect (interpolated, the
     * repeated time is refused: the "row 3" case above) */
    g_autoptr (TempFile) steps = temp_csv ("0 1\n1 2\n1 3\n2 4\n");
    g_autoptr (OrrHarness) h
      = harness (&orr_from_text_class,
                 named_config (&orr_from_text_class, NULL, steps->path, NULL, "[1 2]", "1"), 1, 1);
    const double *y;

    assert_output (h->config, 2, 1);
    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_null (h->error);
    y = outputs_at (h, 0.5);
    g_assert_cmpfloat (y[0], ==, 0);
    g_assert_cmpfloat (y[1], ==, 1);
    y = outputs_at (h, 1);
    g_assert_cmpfloat (y[0], ==, 1);
    g_assert_cmpfloat (y[1], ==, 3);
    y = outputs_at (h, 1.5);
    g_assert_cmpfloat (y[0], ==, 1);
    g_assert_cmpfloat (y[1], ==, 3);
    y = outputs_at (h, 2.5);
    g_assert_cmpfloat (y[0], ==, 2);
    g_assert_cmpfloat (y[1], ==, 4);
    orr_harness_run (h, ORR_JOB_TERMINATE);
  }
  check_bad_files (&orr_from_text_class, NULL);
  EXPECT_PARAM_ERROR (&orr_from_text_class, "columns", "columns", "[2 1.5]", NULL);
  EXPECT_PARAM_ERROR (&orr_from_text_class, "columns", "columns", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_from_text_class, "file", "file", "2", NULL);
}

/* SignalIn on a matrix parameter: the same table as the files above, by
 * hand. */
static void
test_signal_in (void)
{
  g_autoptr (OrrHarness) h = harness (
    &orr_signal_in_class,
    CONFIGURE (&orr_signal_in_class, "signal", "[0 1 10; 1 3 20; 3 7 -20]", "method", "2", NULL), 1,
    1);
  const double *y;

  assert_output (h->config, 2, 1);
  g_assert_true (h->config->always_active);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);
  y = outputs_at (h, 0.5);
  g_assert_cmpfloat (y[0], ==, 2);
  g_assert_cmpfloat (y[1], ==, 15);
  y = outputs_at (h, 2);
  g_assert_cmpfloat (y[0], ==, 5);
  g_assert_cmpfloat (y[1], ==, 0);
  y = outputs_at (h, 9);
  g_assert_cmpfloat (y[0], ==, 7);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);

  EXPECT_PARAM_ERROR (&orr_signal_in_class, "signal", "signal", "[0 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_signal_in_class, "signal", "signal", "[0; 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_signal_in_class, "signal", "signal", "[0 1; 0 2]", NULL);
  EXPECT_PARAM_ERROR (&orr_signal_in_class, "signal", "signal", "'y'", NULL);
  EXPECT_PARAM_ERROR (&orr_signal_in_class, "method", "method", "3", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sources/constant", test_constant);
  g_test_add_func ("/sources/time", test_time);
  g_test_add_func ("/sources/step", test_step);
  g_test_add_func ("/sources/ramp", test_ramp);
  g_test_add_func ("/sources/ramp-saturate", test_ramp_saturate);
  g_test_add_func ("/sources/trapezoid", test_trapezoid);
  g_test_add_func ("/sources/sine-wave", test_sine_wave);
  g_test_add_func ("/sources/square-wave", test_square_wave);
  g_test_add_func ("/sources/pulse-generator", test_pulse_generator);
  g_test_add_func ("/sources/sawtooth", test_sawtooth);
  g_test_add_func ("/sources/counter", test_counter);
  g_test_add_func ("/sources/random-uniform", test_random_uniform);
  g_test_add_func ("/sources/random-normal", test_random_normal);
  g_test_add_func ("/sources/signal-generator", test_signal_generator);
  g_test_add_func ("/sources/from-mat", test_from_mat);
  g_test_add_func ("/sources/from-hdf", test_from_hdf);
  g_test_add_func ("/sources/from-text", test_from_text);
  g_test_add_func ("/sources/signal-in", test_signal_in);
  g_test_add_func ("/sources/from-csv", test_from_csv);
  g_test_add_func ("/sources/from-csv/errors", test_from_csv_errors);
  block_test_add_param_errors ("/sources/param-error", param_errors, G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
