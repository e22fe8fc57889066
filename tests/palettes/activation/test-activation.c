/* test-activation.c: the Activation palette's blocks one at a time, outside
 * a simulation (tests/common/block-harness.h): what configure declares,
 * the errors it gives, and what each job computes, against values worked
 * out by hand. How the blocks behave inside a real run (events over time,
 * synchrony, zero crossings) is in test-activation-models.c. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <math.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------- */

/* The events job at time t, activated by the inputs in nevprt. */
static void
events_at (OrrHarness *h, double t, int nevprt)
{
  h->time.t = t;
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = nevprt;
  orr_harness_run (h, ORR_JOB_EVENTS);
}

static void
exit_init (OrrHarness *h, double t)
{
  h->time.t = t;
  h->time.phase = ORR_PHASE_EXIT_INIT;
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_EVENTS);
}

/* One activation of a conditional block: outputs, events, state update,
 * as the simulator runs them; TRUE if output port 0 fired. */
static gboolean
activate (OrrHarness *h, double t, double u)
{
  gboolean fired;

  h->time.t = t;
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 1;
  if (h->block.n_in > 0)
    orr_harness_set_input (h, 0, &u);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  orr_harness_run (h, ORR_JOB_EVENTS);
  fired = h->block.evout[0] == 0.0;
  g_assert_true (fired || h->block.evout[0] < 0);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  return fired;
}

/* ---- EventClock ------------------------------------------------------- */

static void
test_event_clock (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_clock_class, "period", "0.2", "init_time", "0.5", NULL);
  g_autoptr (OrrHarness) h = NULL, late = NULL;

  /* no visible activation input: its own output comes back, bit 1 */
  assert_ports (config, 0, 0, 0, 1);
  g_assert_cmpint (config->self_activation, ==, 0);
  g_assert_cmpint (config->kind, ==, ORR_BLOCK_ORDINARY);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 0), ==, 0.2);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 1), ==, 0.5);

  h = harness (&orr_event_clock_class, config, 1, 1);
  exit_init (h, 0.0);
  g_assert_cmpfloat (h->block.evout[0], ==, 0.5); /* the first event, at 0.5 */
  /* its own event at 0.5, then at 0.7: the next one is one period on,
   * computed from the index, so within rounding of 0.2 (1e-12) */
  events_at (h, 0.5, 1);
  g_assert_cmpfloat_with_epsilon (h->block.evout[0], 0.2, 1e-12);
  events_at (h, 0.5 + 0.2, 1);
  g_assert_cmpfloat_with_epsilon (h->block.evout[0], 0.9 - 0.7, 1e-12);
  /* after 1000 periods the next event is still at init + k * period */
  events_at (h, 0.5 + 1000 * 0.2, 1);
  g_assert_cmpfloat_with_epsilon (h->block.evout[0], 0.2, 1e-9);
  /* called without its input (nevprt 0): nothing */
  events_at (h, 3.0, 0);
  g_assert_cmpfloat (h->block.evout[0], <, 0);

  /* a start after init_time: the first event is the next multiple,
   * 0.15 + 5 * 0.2 = 1.15 for a start at 1 */
  late = harness (&orr_event_clock_class,
                  CONFIGURE (&orr_event_clock_class, "period", "0.2", "init_time", "0.15", NULL), 1,
                  1);
  exit_init (late, 1.0);
  g_assert_cmpfloat_with_epsilon (late->block.evout[0], 0.15, 1e-12);
  /* a start exactly on an event: that event, at once */
  exit_init (late, 0.35);
  g_assert_cmpfloat_with_epsilon (late->block.evout[0], 0.0, 1e-12);
}

/* ---- InitialEvent, SyncTag ------------------------------------------- */

static void
test_initial_event (void)
{
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_initial_event_class, NULL);

  /* a SampleClock of period -1 (initial only), offset 0 */
  g_assert_null (orr_initial_event_class.simulate);
  g_assert_cmpint (config->kind, ==, ORR_BLOCK_SAMPLE_CLOCK);
  assert_ports (config, 0, 0, 0, 1);
  g_assert_cmpuint (config->rpar->len, ==, 2);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 0), ==, -1);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 1), ==, 0);
}

static void
test_sync_tag (void)
{
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_sync_tag_class, NULL);

  g_assert_null (orr_sync_tag_class.simulate);
  g_assert_cmpint (config->kind, ==, ORR_BLOCK_SYNC_TAG);
  assert_ports (config, 0, 0, 0, 0);
}

/* ---- EventVariableDelay ----------------------------------------------- */

static void
test_event_variable_delay (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_variable_delay_class, NULL);
  g_autoptr (OrrHarness) h = NULL, initial = NULL;
  const double delay[] = { 0.3 }, negative[] = { -1 }, nan_delay[] = { NAN };

  assert_ports (config, 1, 0, 1, 1);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (input_spec (config, 0)->rows, ==, 1);
  g_assert_cmpint (input_spec (config, 0)->cols, ==, 1);

  h = harness (&orr_event_variable_delay_class, config, 1, 1);
  exit_init (h, 0.0);
  g_assert_cmpfloat (h->block.evout[0], <, 0); /* initial -1: none */
  orr_harness_set_input (h, 0, delay);
  events_at (h, 1.0, 1);
  g_assert_cmpfloat (h->block.evout[0], ==, 0.3);
  orr_harness_set_input (h, 0, negative);
  events_at (h, 2.0, 1);
  g_assert_cmpfloat (h->block.evout[0], <, 0);
  orr_harness_set_input (h, 0, nan_delay);
  events_at (h, 3.0, 1);
  g_assert_cmpfloat (h->block.evout[0], <, 0);

  initial = harness (&orr_event_variable_delay_class,
                     CONFIGURE (&orr_event_variable_delay_class, "initial", "2.5", NULL), 1, 1);
  exit_init (initial, 0.5);
  g_assert_cmpfloat (initial->block.evout[0], ==, 2.0);
}

/* ---- EventDelayedChannel ---------------------------------------------- */

static void
test_event_delayed_channel (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_delayed_channel_class, "delay", "1", NULL);
  g_autoptr (OrrHarness) h = NULL, small = NULL;

  /* input 1: events to delay; its own output comes back as bit 2 */
  assert_ports (config, 0, 0, 1, 1);
  g_assert_cmpint (config->self_activation, ==, 0);
  h = harness (&orr_event_delayed_channel_class, config, 1, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_nonnull (h->block.work);
  exit_init (h, 0.0);
  g_assert_cmpfloat (h->block.evout[0], <, 0);

  /* inputs at 0, 0.1 and 0.5: the output holds only the earliest, 1.0 */
  events_at (h, 0.0, 1);
  g_assert_cmpfloat (h->block.evout[0], ==, 1.0);
  events_at (h, 0.1, 1);
  g_assert_cmpfloat (h->block.evout[0], <, 0); /* 1.0 stays pending */
  events_at (h, 0.5, 1);
  g_assert_cmpfloat (h->block.evout[0], <, 0);
  /* the output fires at 1.0: next 1.1, then 1.5, then nothing */
  events_at (h, 1.0, 2);
  g_assert_cmpfloat_with_epsilon (h->block.evout[0], 0.1, 1e-12);
  events_at (h, 1.1, 2);
  g_assert_cmpfloat_with_epsilon (h->block.evout[0], 0.4, 1e-12);
  events_at (h, 1.5, 2);
  g_assert_cmpfloat (h->block.evout[0], <, 0);
  /* empty again: a new input programs at once */
  events_at (h, 4.0, 1);
  g_assert_cmpfloat (h->block.evout[0], ==, 1.0);
  g_assert_null (h->error);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);

  /* one more event than the capacity: an error, not a lost event */
  small = harness (
    &orr_event_delayed_channel_class,
    CONFIGURE (&orr_event_delayed_channel_class, "delay", "1", "capacity", "2", NULL), 1, 1);
  orr_harness_run (small, ORR_JOB_INIT);
  events_at (small, 0.0, 1);
  events_at (small, 0.1, 1);
  g_assert_null (small->error);
  events_at (small, 0.2, 1);
  g_assert_cmpint (small->n_errors, ==, 1);
  g_assert_nonnull (strstr (small->error, "more than 2 events"));
  orr_harness_run (small, ORR_JOB_TERMINATE);
  /* a second terminate, with the work already freed, is harmless */
  orr_harness_run (small, ORR_JOB_TERMINATE);
}

/* ---- FrequencyDivider ------------------------------------------------- */

static void
test_frequency_divider (void)
{
  OrrConfig *config = CONFIGURE (&orr_frequency_divider_class, "ratio", "3", NULL);
  g_autoptr (OrrHarness) h = NULL, shifted = NULL;

  g_assert_cmpint (config->kind, ==, ORR_BLOCK_CONDITIONAL);
  assert_ports (config, 0, 0, 1, 1);
  g_assert_cmpint (config->nz, ==, 1);
  g_assert_cmpstr (config->label, ==, "1/3");

  /* phase 0: activations 1, 4, 7 pass (k = 0, 3, 6 counting from 0) */
  h = harness (&orr_frequency_divider_class, config, 1, 1);
  for (int k = 0; k < 9; k++)
    g_assert_true (activate (h, 0.1 * k, 0) == (k % 3 == 0));

  /* phase 2: activations 3, 6, 9 */
  shifted
    = harness (&orr_frequency_divider_class,
               CONFIGURE (&orr_frequency_divider_class, "ratio", "3", "phase", "2", NULL), 1, 1);
  for (int k = 0; k < 9; k++)
    g_assert_true (activate (shifted, 0.1 * k, 0) == (k % 3 == 2));
}

/* ---- EdgeTrigger -------------------------------------------------------- */

static void
check_edges (const char *edge, const gboolean *expected)
{
  /* 0, 1, 1, 0, -1, 2, 0.5: rising at 1 and 5, falling at 3 (u > 0 is
   * the condition; -1 after 0 is no edge) */
  const double u[] = { 0, 1, 1, 0, -1, 2, 0.5 };
  g_autoptr (OrrHarness) h = harness (
    &orr_edge_trigger_class, CONFIGURE (&orr_edge_trigger_class, "edge", edge, NULL), 1, 1);

  for (guint k = 0; k < G_N_ELEMENTS (u); k++)
    {
      g_test_message ("edge %s, step %u", edge, k);
      g_assert_true (activate (h, 0.1 * k, u[k]) == expected[k]);
    }
}

static void
test_edge_trigger (void)
{
  OrrConfig *config = CONFIGURE (&orr_edge_trigger_class, NULL);
  const gboolean rising[] = { 0, 1, 0, 0, 0, 1, 0 };
  const gboolean falling[] = { 0, 0, 0, 1, 0, 0, 0 };
  const gboolean both[] = { 0, 1, 0, 1, 0, 1, 0 };
  g_autoptr (OrrHarness) h = NULL;

  g_assert_cmpint (config->kind, ==, ORR_BLOCK_CONDITIONAL);
  /* no activation input: it inherits its input's */
  assert_ports (config, 1, 0, 0, 1);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->nz, ==, 1);
  orr_config_free (config);

  check_edges ("1", rising);
  check_edges ("2", falling);
  check_edges ("3", both);

  /* the value before the start: with 1, a positive first input is no edge */
  h = harness (&orr_edge_trigger_class, CONFIGURE (&orr_edge_trigger_class, "initial", "1", NULL),
               1, 1);
  g_assert_false (activate (h, 0, 3));
  g_assert_false (activate (h, 0.1, -3));
  g_assert_true (activate (h, 0.2, 3));
}

/* ---- ZeroCross ---------------------------------------------------------- */

static void
test_zero_cross (void)
{
  OrrConfig *config = CONFIGURE (&orr_zero_cross_class, NULL);
  g_autoptr (OrrHarness) one = NULL, two = NULL;
  const double u[] = { -0.25 };

  assert_ports (config, 1, 0, 0, 1);
  g_assert_cmpint (config->ng, ==, 1);
  g_assert_cmpint (config->nmode, ==, 0);
  g_assert_true (input_spec (config, 0)->feedthrough);

  one = harness (&orr_zero_cross_class, config, 1, 1);
  orr_harness_set_input (one, 0, u);
  one->time.phase = ORR_PHASE_TRIAL;
  orr_harness_run (one, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (one->block.g[0], ==, -0.25);

  /* one output: either direction fires it */
  one->block.jroot[0] = 1;
  events_at (one, 1.0, -1);
  g_assert_cmpfloat (one->block.evout[0], ==, 0.0);
  one->block.jroot[0] = -1;
  events_at (one, 2.0, -1);
  g_assert_cmpfloat (one->block.evout[0], ==, 0.0);
  one->block.jroot[0] = 0;
  events_at (one, 3.0, -1);
  g_assert_cmpfloat (one->block.evout[0], <, 0);
  /* called for its input's activation, not its surface: nothing */
  one->block.jroot[0] = 1;
  events_at (one, 4.0, 1);
  g_assert_cmpfloat (one->block.evout[0], <, 0);

  /* two outputs: up on 1, down on 2 */
  two = harness (&orr_zero_cross_class, CONFIGURE (&orr_zero_cross_class, "outputs", "2", NULL), 1,
                 1);
  g_assert_cmpint (two->block.n_evout, ==, 2);
  two->block.jroot[0] = 1;
  events_at (two, 1.0, -1);
  g_assert_cmpfloat (two->block.evout[0], ==, 0.0);
  g_assert_cmpfloat (two->block.evout[1], <, 0);
  two->block.jroot[0] = -1;
  events_at (two, 2.0, -1);
  g_assert_cmpfloat (two->block.evout[0], <, 0);
  g_assert_cmpfloat (two->block.evout[1], ==, 0.0);
}

/* ---- ExtractActivation ---------------------------------------------------- */

static void
test_extract_activation (void)
{
  OrrConfig *config = CONFIGURE (&orr_extract_activation_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 0, 2, -1e-300, 0, NAN };
  const gboolean fires[] = { 0, 1, 1, 0, 1 };

  g_assert_cmpint (config->kind, ==, ORR_BLOCK_CONDITIONAL);
  assert_ports (config, 1, 0, 0, 1);
  g_assert_true (input_spec (config, 0)->feedthrough);

  h = harness (&orr_extract_activation_class, config, 1, 1);
  for (guint k = 0; k < G_N_ELEMENTS (u); k++)
    g_assert_true (activate (h, k, u[k]) == fires[k]);
}

/* ---- End ------------------------------------------------------------------ */

static void
test_end (void)
{
  OrrConfig *config = CONFIGURE (&orr_end_class, NULL);
  OrrConfig *timed_restart;
  g_autoptr (OrrHarness) h = NULL, timed = NULL, restart = NULL;

  /* default time Inf: only an activation input */
  assert_ports (config, 0, 0, 1, 0);
  h = harness (&orr_end_class, config, 1, 1);
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_false (h->stop_requested);
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_true (h->stop_requested);

  /* a stop time: its own timer, output 1 fed back to input 2 */
  timed = harness (&orr_end_class, CONFIGURE (&orr_end_class, "time", "2.5", NULL), 1, 1);
  g_assert_cmpint (timed->block.n_evin, ==, 1); /* and its own output, hidden, as bit 2 */
  g_assert_cmpint (timed->block.n_evout, ==, 1);
  exit_init (timed, 0.5);
  g_assert_cmpfloat (timed->block.evout[0], ==, 2.0);
  exit_init (timed, 3.0); /* a time before the start: at once */
  g_assert_cmpfloat (timed->block.evout[0], ==, 0.0);
  timed->time.phase = ORR_PHASE_EVENT;
  timed->block.nevprt = 2;
  orr_harness_run (timed, ORR_JOB_OUTPUTS);
  g_assert_true (timed->stop_requested);

  g_assert_false (h->restart_requested);
  g_assert_false (timed->restart_requested);

  /* restart: the same ports, and the activation asks for a new run
   * instead of a stop; never at a trial point */
  restart = harness (&orr_end_class, CONFIGURE (&orr_end_class, "action", "2", NULL), 1, 1);
  assert_ports (restart->config, 0, 0, 1, 0);
  g_assert_cmpstr (restart->config->label, ==, "RESTART");
  restart->time.phase = ORR_PHASE_TRIAL;
  restart->block.nevprt = 1;
  orr_harness_run (restart, ORR_JOB_OUTPUTS);
  g_assert_false (restart->restart_requested);
  restart->time.phase = ORR_PHASE_EVENT;
  orr_harness_run (restart, ORR_JOB_OUTPUTS);
  g_assert_true (restart->restart_requested);
  g_assert_false (restart->stop_requested);

  /* a timed restart shows its time */
  timed_restart = CONFIGURE (&orr_end_class, "action", "2", "time", "2.5", NULL);
  g_assert_cmpstr (timed_restart->label, ==, "2.5");
  orr_config_free (timed_restart);
}

/* ---- parameters each block refuses ------------------------------------ */

static const BlockParamError param_errors[] = {
  { &orr_event_clock_class, "period", { "period", "0", NULL, NULL } },
  { &orr_event_clock_class, "period", { "period", "-0.1", NULL, NULL } },
  { &orr_event_clock_class, "period", { "period", "[1 2]", NULL, NULL } },
  { &orr_event_clock_class, "init_time", { "init_time", "Inf", NULL, NULL } },
  { &orr_event_variable_delay_class, "initial", { "initial", "'x'", NULL, NULL } },
  { &orr_event_variable_delay_class, "initial", { "initial", "NaN", NULL, NULL } },
  { &orr_event_delayed_channel_class, "delay", { "delay", "0", NULL, NULL } },
  { &orr_event_delayed_channel_class, "delay", { "delay", "Inf", NULL, NULL } },
  { &orr_event_delayed_channel_class, "capacity", { "capacity", "0", NULL, NULL } },
  { &orr_event_delayed_channel_class, "capacity", { "capacity", "2.5", NULL, NULL } },
  { &orr_frequency_divider_class, "ratio", { "ratio", "0", NULL, NULL } },
  { &orr_frequency_divider_class, "ratio", { "ratio", "1.5", NULL, NULL } },
  { &orr_frequency_divider_class, "phase", { "ratio", "3", "phase", "3" } },
  { &orr_frequency_divider_class, "phase", { "phase", "-1", NULL, NULL } },
  { &orr_edge_trigger_class, "edge", { "edge", "4", NULL, NULL } },
  { &orr_edge_trigger_class, "initial", { "initial", "NaN", NULL, NULL } },
  { &orr_zero_cross_class, "outputs", { "outputs", "3", NULL, NULL } },
  { &orr_end_class, "action", { "action", "3", NULL, NULL } },
  { &orr_end_class, "time", { "time", "NaN", NULL, NULL } },
  { &orr_end_class, "time", { "time", "-Inf", NULL, NULL } },
  { &orr_end_class, "time", { "time", "'soon'", NULL, NULL } },
};

/* ---- the second wave ------------------------------------------------------------ */

static void
test_event_generate_list (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_generate_class, "time", "[0.5 1 1 3]", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 0, 0, 0, 1);
  g_assert_cmpint (config->self_activation, ==, 0);
  h = harness (&orr_event_generate_class, config, 1, 1);
  /* starting at 0.8, 0.5 is past: the first event is at 1 */
  exit_init (h, 0.8);
  g_assert_cmpfloat_with_epsilon (h->block.evout[0], 0.2, 1e-15);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  /* its own event at 1 programs the second 1, then 3, then nothing */
  events_at (h, 1, 1);
  g_assert_cmpfloat (h->block.evout[0], ==, 0);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  events_at (h, 1, 1);
  g_assert_cmpfloat (h->block.evout[0], ==, 2);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  events_at (h, 3, 1);
  g_assert_cmpfloat (h->block.evout[0], <, 0);

  /* one time: no self-activation, as before */
  {
    g_autoptr (OrrConfig) one = CONFIGURE (&orr_event_generate_class, "time", "2", NULL);

    g_assert_cmpint (one->self_activation, <, 0);
    g_assert_cmpint (one->nz, ==, 0);
  }
  EXPECT_PARAM_ERROR_WITH (&orr_event_generate_class, "time", "decrease", "time", "[2 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_event_generate_class, "time", "time", "[1 Inf]", NULL);
  EXPECT_PARAM_ERROR (&orr_event_generate_class, "time", "time", "[]", NULL);
}

static void
test_activation_and_code (void)
{
  OrrConfig *inter = CONFIGURE (&orr_activation_intersection_class, "inputs", "3", NULL);
  OrrConfig *and = CONFIGURE (&orr_and_activations_class, "inputs", "3", NULL);
  OrrConfig *code = CONFIGURE (&orr_event_to_code_class, "inputs", "3", NULL);
  g_autoptr (OrrHarness) hi = NULL, ha = NULL, hc = NULL;

  g_assert_cmpint (inter->kind, ==, ORR_BLOCK_CONDITIONAL);
  assert_ports (inter, 0, 0, 3, 1);
  assert_ports (and, 0, 1, 3, 0);
  assert_ports (code, 0, 1, 3, 0);
  hi = harness (&orr_activation_intersection_class, inter, 1, 1);
  ha = harness (&orr_and_activations_class, and, 1, 1);
  hc = harness (&orr_event_to_code_class, code, 1, 1);
  /* before any activation: 0 */
  ha->block.nevprt = hc->block.nevprt = 0;
  orr_harness_run (ha, ORR_JOB_OUTPUTS);
  orr_harness_run (hc, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (ha, 0)[0], ==, 0);
  g_assert_cmpfloat (orr_harness_output (hc, 0)[0], ==, 0);
  for (int nevprt = 1; nevprt < 8; nevprt++)
    {
      events_at (hi, 0, nevprt);
      g_assert_cmpint (hi->block.evout[0] >= 0, ==, nevprt == 7);
      ha->block.nevprt = hc->block.nevprt = nevprt;
      orr_harness_run (ha, ORR_JOB_OUTPUTS);
      orr_harness_run (hc, ORR_JOB_OUTPUTS);
      orr_harness_run (ha, ORR_JOB_STATE_UPDATE);
      orr_harness_run (hc, ORR_JOB_STATE_UPDATE);
      g_assert_cmpfloat (orr_harness_output (ha, 0)[0], ==, nevprt == 7);
      g_assert_cmpfloat (orr_harness_output (hc, 0)[0], ==, nevprt);
    }
  /* called again without an activation (another job): holds */
  hc->block.nevprt = 0;
  orr_harness_run (hc, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (hc, 0)[0], ==, 7);

  EXPECT_PARAM_ERROR (&orr_activation_intersection_class, "inputs", "inputs", "1", NULL);
  EXPECT_PARAM_ERROR (&orr_and_activations_class, "inputs", "inputs", "31", NULL);
  EXPECT_PARAM_ERROR (&orr_event_to_code_class, "inputs", "inputs", "0", NULL);
}

static void
test_event_port_zero (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_port_zero_class, NULL);
  g_autoptr (OrrHarness) h = NULL;

  g_assert_cmpint (config->kind, ==, ORR_BLOCK_CONDITIONAL);
  assert_ports (config, 1, 0, 0, 1);
  g_assert_false (input_spec (config, 0)->feedthrough);
  h = harness (&orr_event_port_zero_class, config, 2, 2);
  events_at (h, 0.3, 1);
  g_assert_cmpfloat (h->block.evout[0], ==, 0);
}

static void
test_if_expression (void)
{
  OrrConfig *config = CONFIGURE (&orr_if_expression_class, "inputs", "2", "conditions",
                                 "u1 > u2\n\n  u1 == p(1)  \n", "parameters", "5", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* (u1, u2) -> the output that fires: 0, 1, or 2 for else */
  const double cases[][3] = { { 3, 1, 0 }, { 5, 7, 1 }, { 5, 2, 0 }, { 1, 2, 2 } };

  g_assert_cmpint (config->kind, ==, ORR_BLOCK_CONDITIONAL);
  /* two conditions (the blank line is skipped) and the else output */
  assert_ports (config, 2, 0, 1, 3);
  h = harness (&orr_if_expression_class, config, 1, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      orr_harness_set_input (h, 0, &cases[c][0]);
      orr_harness_set_input (h, 1, &cases[c][1]);
      events_at (h, 0, 1);
      for (int k = 0; k < 3; k++)
        g_assert_cmpint (h->block.evout[k] >= 0, ==, k == (int)cases[c][2]);
    }
  orr_harness_run (h, ORR_JOB_TERMINATE);

  /* without else: nothing fires when no condition holds */
  {
    OrrConfig *c2
      = CONFIGURE (&orr_if_expression_class, "conditions", "u1 > 0", "else_output", "0", NULL);
    g_autoptr (OrrHarness) h2 = NULL;
    double u = -1;

    assert_ports (c2, 1, 0, 1, 1);
    h2 = harness (&orr_if_expression_class, c2, 1, 1);
    orr_harness_run (h2, ORR_JOB_INIT);
    orr_harness_set_input (h2, 0, &u);
    events_at (h2, 0, 1);
    g_assert_cmpfloat (h2->block.evout[0], <, 0);
    orr_harness_run (h2, ORR_JOB_TERMINATE);
  }
  EXPECT_PARAM_ERROR_WITH (&orr_if_expression_class, "conditions", "scalar", "conditions",
                           "[u1 u1]", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_if_expression_class, "conditions", "formula 2", "conditions",
                           "u1 > 0\nu1 +* 2", NULL);
  EXPECT_PARAM_ERROR (&orr_if_expression_class, "conditions", "conditions", "  ", NULL);
  EXPECT_PARAM_ERROR (&orr_if_expression_class, "conditions", "conditions", "u3", NULL);
}

static void
test_repeat_activation (void)
{
  OrrConfig *config = CONFIGURE (&orr_repeat_activation_class, "max_repeats", "2", NULL);
  g_autoptr (OrrHarness) h = NULL;
  double yes = 1, no = 0;

  assert_ports (config, 1, 0, 1, 0);
  g_assert_true (input_spec (config, 0)->feedthrough);
  h = harness (&orr_repeat_activation_class, config, 1, 1);
  h->block.nevprt = 1;
  h->time.phase = ORR_PHASE_EVENT;
  /* asks twice, then stops at the maximum although the input is positive */
  orr_harness_set_input (h, 0, &yes);
  for (int k = 0; k < 3; k++)
    orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpint (h->repeat_requests, ==, 2);
  /* a pass with the condition false ends the instant and resets the count */
  orr_harness_set_input (h, 0, &no);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpint (h->repeat_requests, ==, 2);
  orr_harness_set_input (h, 0, &yes);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpint (h->repeat_requests, ==, 3);
  EXPECT_PARAM_ERROR (&orr_repeat_activation_class, "max_repeats", "max_repeats", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_repeat_activation_class, "max_repeats", "max_repeats", "1e6", NULL);
}

static void
test_activation_signals (void)
{
  g_autoptr (OrrConfig) set
    = CONFIGURE (&orr_set_activation_signal_class, "tag", "'go'", "visibility", "3", NULL);
  g_autoptr (OrrConfig) get = CONFIGURE (&orr_get_activation_signal_class, "tag", "'go'", NULL);
  g_autoptr (OrrConfig) scope
    = CONFIGURE (&orr_activation_signal_scoping_class, "tag", "'go'", NULL);

  g_assert_cmpint (set->kind, ==, ORR_BLOCK_EVENT_GOTO);
  assert_ports (set, 0, 0, 1, 0);
  g_assert_cmpint (g_array_index (set->ipar, int, 0), ==, 2); /* scoped */
  g_assert_cmpint (get->kind, ==, ORR_BLOCK_EVENT_FROM);
  assert_ports (get, 0, 0, 0, 1);
  g_assert_cmpint (scope->kind, ==, ORR_BLOCK_EVENT_SCOPE);
  assert_ports (scope, 0, 0, 0, 0);
  g_assert_cmpstr (orr_value_get_string (g_ptr_array_index (get->opar, 0)), ==, "go");
  EXPECT_PARAM_ERROR (&orr_set_activation_signal_class, "tag", "tag", "''", NULL);
  EXPECT_PARAM_ERROR (&orr_get_activation_signal_class, "tag", "tag", "3", NULL);
  EXPECT_PARAM_ERROR (&orr_set_activation_signal_class, "visibility", "visibility", "4", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/activation/event-clock", test_event_clock);
  g_test_add_func ("/activation/initial-event", test_initial_event);
  g_test_add_func ("/activation/event-variable-delay", test_event_variable_delay);
  g_test_add_func ("/activation/event-delayed-channel", test_event_delayed_channel);
  g_test_add_func ("/activation/frequency-divider", test_frequency_divider);
  g_test_add_func ("/activation/edge-trigger", test_edge_trigger);
  g_test_add_func ("/activation/zero-cross", test_zero_cross);
  g_test_add_func ("/activation/extract-activation", test_extract_activation);
  g_test_add_func ("/activation/sync-tag", test_sync_tag);
  g_test_add_func ("/activation/end", test_end);
  g_test_add_func ("/activation/event-generate-list", test_event_generate_list);
  g_test_add_func ("/activation/activation-and-code", test_activation_and_code);
  g_test_add_func ("/activation/event-port-zero", test_event_port_zero);
  g_test_add_func ("/activation/if-expression", test_if_expression);
  g_test_add_func ("/activation/repeat-activation", test_repeat_activation);
  g_test_add_func ("/activation/activation-signals", test_activation_signals);
  block_test_add_param_errors ("/activation/param-error", param_errors,
                               G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
