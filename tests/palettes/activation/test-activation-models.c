/* test-activation-models.c: the Activation palette's blocks inside real
 * runs: small models built with the model API, compiled with the standard
 * blocks and simulated, against event times and counts worked out by
 * hand. Times on a clock grid are compared to 1e-12 (the simulator puts
 * tick n at start + n * period); located crossings to the tolerance stated
 * beside each.
 *
 * Blocks whose own output comes back to them (EventClock,
 * EventDelayedChannel, End with a stop time) get that link from the
 * compiler: the models here draw none, as a user would not. */
#include "model-run.h"

#include <math.h>
#include <string.h>

/* A Counter from 1 up driven on its activation input by output ap of
 * source, shown by a Scope labelled scope, both beside source. */
static OrrBlock *
count_into_scope (OrrModel *model, OrrBlock *source, guint ap, const char *counter,
                  const char *scope)
{
  OrrBlock *c = add_block_in (model, source->parent, "Counter", counter, 0, 1, 1, 0, NULL);
  OrrBlock *s = add_block_in (model, source->parent, "Scope", scope, 1, 0, 0, 0, NULL);

  link_event (model, source, ap, c, 1);
  link_data (model, c, 1, s, 1);
  return c;
}

/* ---- EventClock ---------------------------------------------------------- */

/* EventClock(0.3, 0.1) over [0, 1]: events at 0.1, 0.4, 0.7 and 1.0. */
static void
test_event_clock (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *clock = add_block (model, "EventClock", "Clock", 0, 0, 0, 1, "period", "0.3",
                               "init_time", "0.1", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  count_into_scope (model, clock, 1, "Count", "Ticks");
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Ticks");
  g_assert_cmpuint (r->t->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 + 0.3 * k, 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

/* An EventClock and a SampleClock with the same period and phase are
 * simultaneous but not synchronous: an inheriting Sum behind counters on
 * both runs twice at 0, 0.5 and 1 (6 calls), where two SampleClocks would
 * give 3. */
static void
test_event_clock_asynchronous (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *ec = add_block (model, "EventClock", "EC", 0, 0, 0, 1, "period", "0.5", NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.5", NULL);
  OrrBlock *a = add_block (model, "Counter", "A", 0, 1, 1, 0, NULL);
  OrrBlock *b = add_block (model, "Counter", "B", 0, 1, 1, 0, NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  set_final_time (model, 1);
  link_event (model, ec, 1, a, 1);
  link_event (model, sc, 1, b, 1);
  link_data (model, a, 1, sum, 1);
  link_data (model, b, 1, sum, 2);
  link_data (model, sum, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  g_assert_cmpuint (n_samples (run, "Total"), ==, 6);
  /* the last call sees both counters at 3 */
  g_assert_cmpfloat (V (recording (run, "Total"), 5, 0), ==, 6);
}

/* ---- InitialEvent ---------------------------------------------------------- */

/* One event, at the start, synchronous with the SampleClocks' first tick:
 * a Sum behind counters on both runs 3 times over [0, 1] with a 0.5 s
 * clock, not 4. */
static void
test_initial_event (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *init = add_block (model, "InitialEvent", "Init", 0, 0, 0, 1, NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.5", NULL);
  OrrBlock *a = count_into_scope (model, init, 1, "A", "Once");
  OrrBlock *b = add_block (model, "Counter", "B", 0, 1, 1, 0, NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_event (model, sc, 1, b, 1);
  link_data (model, a, 1, sum, 1);
  link_data (model, b, 1, sum, 2);
  link_data (model, sum, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Once");
  g_assert_cmpuint (r->t->len, ==, 1);
  g_assert_cmpfloat (T (r, 0), ==, 0);
  r = recording (run, "Total");
  g_assert_cmpuint (r->t->len, ==, 3);
  g_assert_cmpfloat (V (r, 0, 0), ==, 1 + 1);
  g_assert_cmpfloat (V (r, 2, 0), ==, 1 + 3);
}

/* ---- EventVariableDelay ------------------------------------------------------ */

/* A 1 s clock delayed by a constant 0.25 over [0, 3]: 0.25, 1.25, 2.25. */
static void
test_event_variable_delay (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *delay = add_block (model, "Constant", "Delay", 0, 1, 0, 0, "value", "0.25", NULL);
  OrrBlock *evd = add_block (model, "EventVariableDelay", "EVD", 1, 0, 1, 1, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 3);
  link_event (model, sc, 1, evd, 1);
  link_data (model, delay, 1, evd, 1);
  count_into_scope (model, evd, 1, "Count", "Delayed");
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Delayed");
  g_assert_cmpuint (r->t->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), k + 0.25, 1e-12);
}

/* ---- EventDelayedChannel ------------------------------------------------------- */

/* Two events 0.1 s apart (at 0 and 0.1) through a 1 s delay: EventDelay
 * keeps one pending event, so the second replaces the first and it fires
 * once, at 1.1; EventDelayedChannel fires at 1.0 and 1.1. */
static void
test_event_delayed_channel (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *first = add_block (model, "EventGenerate", "First", 0, 0, 0, 1, "time", "0", NULL);
  OrrBlock *second = add_block (model, "EventGenerate", "Second", 0, 0, 0, 1, "time", "0.1", NULL);
  OrrBlock *both = add_block (model, "EventUnion", "Both", 0, 0, 2, 1, "inputs", "2", NULL);
  OrrBlock *delay = add_block (model, "EventDelay", "Delay", 0, 0, 1, 1, "delay", "1", NULL);
  OrrBlock *channel
    = add_block (model, "EventDelayedChannel", "Channel", 0, 0, 1, 1, "delay", "1", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 3);
  link_event (model, first, 1, both, 1);
  link_event (model, second, 1, both, 2);
  link_event (model, both, 1, delay, 1);
  link_event (model, both, 1, channel, 1);
  count_into_scope (model, delay, 1, "DelayCount", "ByDelay");
  count_into_scope (model, channel, 1, "ChannelCount", "ByChannel");
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "ByDelay");
  g_assert_cmpuint (r->t->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (T (r, 0), 1.1, 1e-12);

  r = recording (run, "ByChannel");
  g_assert_cmpuint (r->t->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (T (r, 0), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (T (r, 1), 1.1, 1e-12);
  g_assert_cmpfloat (V (r, 1, 0), ==, 2);
}

/* ---- FrequencyDivider ---------------------------------------------------------- */

/* FrequencyDivider(3) on a 0.1 s clock over [0, 1]: its output fires at
 * exactly 0, 0.3, 0.6, 0.9, inside the clock's events. A Sum fed by a
 * counter on the clock and a counter on the divider is therefore called
 * once per tick, 11 times, not 11 + 4; at tick k it sees (k + 1) +
 * (k / 3 + 1). */
static void
test_frequency_divider (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *div = add_block (model, "FrequencyDivider", "Div", 0, 0, 1, 1, "ratio", "3", NULL);
  OrrBlock *tick = add_block (model, "Counter", "Tick", 0, 1, 1, 0, NULL);
  OrrBlock *third = count_into_scope (model, div, 1, "Third", "Divided");
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_event (model, sc, 1, tick, 1);
  link_event (model, sc, 1, div, 1);
  link_data (model, tick, 1, sum, 1);
  link_data (model, third, 1, sum, 2);
  link_data (model, sum, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "Divided");
  g_assert_cmpuint (r->t->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.3 * k, 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
  /* the branch runs inside the clock's ticks: no agenda events of its own */
  g_assert_cmpuint (run->stats.events, ==, 11);

  /* the Sum inherits from a counter on the clock and one on the
   * divider's branch, which is part of the clock's events: one call per
   * tick, 11, not 15, each seeing both counters' new values */
  r = recording (run, "Total");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < 11; k++)
    g_assert_cmpfloat (V (r, k, 0), ==, (k + 1) + (k / 3 + 1));
}

/* ---- EdgeTrigger ------------------------------------------------------------------ */

/* A square-ish signal on a 0.1 s clock: a counter 1, 2, 3, 4, 1, 2 ...
 * minus 2.5 is positive at ticks 2, 3, 6, 7, 10. Over [0, 1] it rises at
 * ticks 2, 6, 10 (0.2, 0.6, 1.0) and falls at 4, 8 (0.4, 0.8). */
static void
test_edge_trigger (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *phase
    = add_block (model, "Counter", "Phase", 0, 1, 1, 0, "minimum", "1", "maximum", "4", NULL);
  OrrBlock *mid = add_block (model, "Constant", "Mid", 0, 1, 0, 0, "value", "2.5", NULL);
  OrrBlock *square = add_block (model, "Sum", "Square", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *up = add_block (model, "EdgeTrigger", "Up", 1, 0, 0, 1, "edge", "1", NULL);
  OrrBlock *down = add_block (model, "EdgeTrigger", "Down", 1, 0, 0, 1, "edge", "2", NULL);
  OrrBlock *any = add_block (model, "EdgeTrigger", "Any", 1, 0, 0, 1, "edge", "3", NULL);
  const double rises[] = { 0.2, 0.6, 1.0 }, falls[] = { 0.4, 0.8 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_event (model, sc, 1, phase, 1);
  link_data (model, phase, 1, square, 1);
  link_data (model, mid, 1, square, 2);
  link_data (model, square, 1, up, 1);
  link_data (model, square, 1, down, 1);
  link_data (model, square, 1, any, 1);
  count_into_scope (model, up, 1, "Rises", "Rising");
  count_into_scope (model, down, 1, "Falls", "Falling");
  count_into_scope (model, any, 1, "Edges", "Either");
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  /* synchronous: no agenda events besides the 11 ticks */
  g_assert_cmpuint (run->stats.events, ==, 11);

  r = recording (run, "Rising");
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (rises));
  for (guint k = 0; k < G_N_ELEMENTS (rises); k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), rises[k], 1e-12);
  r = recording (run, "Falling");
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (falls));
  for (guint k = 0; k < G_N_ELEMENTS (falls); k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), falls[k], 1e-12);
  g_assert_cmpuint (n_samples (run, "Either"), ==, 5);
}

/* ---- ZeroCross --------------------------------------------------------------------- */

/* x1 = cos t from x1' = x2, x2' = -x1, (x1, x2)(0) = (1, 0): over [0, 8]
 * it falls through zero at pi/2 and 5 pi/2 and rises at 3 pi/2. With
 * rtol 1e-10 the crossings are located to 1e-6. */
static void
test_zero_cross (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *x1 = add_block (model, "Integrator", "X1", 1, 1, 0, 0, "x0", "1", NULL);
  OrrBlock *x2 = add_block (model, "Integrator", "X2", 1, 1, 0, 0, "x0", "0", NULL);
  OrrBlock *minus = add_block (model, "Gain", "Minus", 1, 1, 0, 0, "gain", "-1", NULL);
  OrrBlock *split = add_block (model, "ZeroCross", "Split", 1, 0, 0, 2, "outputs", "2", NULL);
  OrrBlock *one = add_block (model, "ZeroCross", "One", 1, 0, 0, 1, NULL);
  const double down[] = { G_PI / 2, 5 * G_PI / 2 }, up[] = { 3 * G_PI / 2 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 8);
  set_tolerances (model, 1e-10, 1e-12);
  link_data (model, x2, 1, x1, 1);
  link_data (model, x1, 1, minus, 1);
  link_data (model, minus, 1, x2, 1);
  link_data (model, x1, 1, split, 1);
  link_data (model, x1, 1, one, 1);
  count_into_scope (model, split, 1, "Ups", "Up");
  count_into_scope (model, split, 2, "Downs", "Down");
  count_into_scope (model, one, 1, "Crossings", "Any");
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "Down");
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (down));
  for (guint k = 0; k < G_N_ELEMENTS (down); k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), down[k], 1e-6);
  r = recording (run, "Up");
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (up));
  g_assert_cmpfloat_with_epsilon (T (r, 0), up[0], 1e-6);
  r = recording (run, "Any");
  g_assert_cmpuint (r->t->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (T (r, 1), up[0], 1e-6);
}

/* ---- ExtractActivation ---------------------------------------------------------- */

/* A counter 0, 1, 0, 1 ... on a 0.1 s clock: the ticks where it is
 * non-zero, 0.1, 0.3, 0.5, 0.7, 0.9, pass. */
static void
test_extract_activation (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *flip
    = add_block (model, "Counter", "Flip", 0, 1, 1, 0, "minimum", "0", "maximum", "1", NULL);
  OrrBlock *extract = add_block (model, "ExtractActivation", "Extract", 1, 0, 0, 1, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_event (model, sc, 1, flip, 1);
  link_data (model, flip, 1, extract, 1);
  count_into_scope (model, extract, 1, "Count", "Extracted");
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Extracted");
  g_assert_cmpuint (r->t->len, ==, 5);
  for (guint k = 0; k < 5; k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 + 0.2 * k, 1e-12);
  g_assert_cmpuint (run->stats.events, ==, 11);
}

/* ---- SyncTag --------------------------------------------------------------------- */

/* A 0.1 s clock at the root and another inside a super block, counters on
 * both into one Sum over [0, 1]: synchronous (one call per tick, 11) unless
 * the super block holds a SyncTag (22 calls). */
static guint
sum_calls (gboolean tagged)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *outer = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *a = add_block (model, "Counter", "A", 0, 1, 1, 0, NULL);
  OrrBlock *island = add_block_in (model, NULL, NULL, "Island", 0, 1, 0, 0, NULL);
  OrrBlock *inner
    = add_block_in (model, island->child, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *b = add_block_in (model, island->child, "Counter", "B", 0, 1, 1, 0, NULL);
  OrrBlock *out
    = add_block_in (model, island->child, "Output", "Out", 1, 0, 0, 0, "port", "1", NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  set_final_time (model, 1);
  if (tagged)
    add_block_in (model, island->child, "SyncTag", "Tag", 0, 0, 0, 0, NULL);
  link_event (model, outer, 1, a, 1);
  link_event (model, inner, 1, b, 1);
  link_data (model, b, 1, out, 1);
  link_data (model, a, 1, sum, 1);
  link_data (model, island, 1, sum, 2);
  link_data (model, sum, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  return n_samples (run, "Total");
}

static void
test_sync_tag (void)
{
  g_assert_cmpuint (sum_calls (FALSE), ==, 11);
  g_assert_cmpuint (sum_calls (TRUE), ==, 22);
}

/* ---- End ------------------------------------------------------------------------- */

/* End with a stop time of 0.55 in a [0, 10] run: the run stops at 0.55,
 * after the 0.1 s clock's ticks 0 ... 0.5. */
static void
test_end_at_time (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  /* nothing drawn to or from it: it times itself */
  add_block (model, "End", "End", 0, 0, 1, 1, "time", "0.55", NULL);
  g_autoptr (Run) run = NULL;

  set_final_time (model, 10);
  count_into_scope (model, sc, 1, "Count", "Ticks");
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  g_assert_true (run->stats.stopped);
  g_assert_cmpfloat_with_epsilon (run->stats.final_time, 0.55, 1e-12);
  g_assert_cmpuint (n_samples (run, "Ticks"), ==, 6);
}

/* End activated by an event at 0.35: the same, at 0.35. */
static void
test_end_activated (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *when = add_block (model, "EventGenerate", "When", 0, 0, 0, 1, "time", "0.35", NULL);
  OrrBlock *end = add_block (model, "End", "End", 0, 0, 1, 0, NULL);
  g_autoptr (Run) run = NULL;

  set_final_time (model, 10);
  link_event (model, when, 1, end, 1);
  count_into_scope (model, sc, 1, "Count", "Ticks");
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  g_assert_true (run->stats.stopped);
  g_assert_cmpfloat_with_epsilon (run->stats.final_time, 0.35, 1e-12);
  g_assert_cmpuint (n_samples (run, "Ticks"), ==, 4);
}

/* ---- the second wave ------------------------------------------------------------ */

/* EventGenerate with the times [-1 0.5 1 1 2.5] over [0, 3]: a Counter sees
 * events at 0.5, 1, 1 (twice: equal times give as many events) and 2.5,
 * exactly; -1 is before the start and gives nothing. */
static void
test_event_generate_list (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *gen
    = add_block (model, "EventGenerate", "Gen", 0, 0, 0, 1, "time", "[-1 0.5 1 1 2.5]", NULL);
  g_autoptr (Run) run = NULL;
  const double times[] = { 0.5, 1, 1, 2.5 };
  Recording *r;

  count_into_scope (model, gen, 1, "Count", "Out");
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpfloat (T (r, k), ==, times[k]);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

/* Two SampleClocks of 0.1 and 0.25 s over [0, 2] are synchronous: they
 * meet at the multiples of 0.5 (5 ticks). ActivationIntersection fires
 * exactly there; AndActivations, called at each of the 25 ticks of the
 * union, is 1 there and 0 elsewhere; EventToCode says 1 (0.1 s clock
 * alone), 2 (0.25 s alone) or 3 (both). */
static void
test_activation_intersection (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  OrrBlock *fast = add_block (model, "SampleClock", "Fast", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *slow = add_block (model, "SampleClock", "Slow", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *both = add_block (model, "ActivationIntersection", "Both", 0, 0, 2, 1, NULL);
  OrrBlock *and = add_block (model, "AndActivations", "And", 0, 1, 2, 0, NULL);
  OrrBlock *code = add_block (model, "EventToCode", "Code", 0, 1, 2, 0, NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Tests", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, fast, 1, both, 1);
  link_event (model, slow, 1, both, 2);
  link_event (model, fast, 1, and, 1);
  link_event (model, slow, 1, and, 2);
  link_event (model, fast, 1, code, 1);
  link_event (model, slow, 1, code, 2);
  link_data (model, and, 1, mux, 1);
  link_data (model, code, 1, mux, 2);
  link_data (model, mux, 1, scope, 1);
  count_into_scope (model, both, 1, "Count", "Met");
  run = run_model_ok (model, NULL);

  r = recording (run, "Met");
  g_assert_cmpuint (r->t->len, ==, 5);
  for (guint k = 0; k < 5; k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), 0.5 * k, 1e-12);

  r = recording (run, "Tests");
  g_assert_cmpuint (r->t->len, ==, 25);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = T (r, k);
      gboolean on_fast = fabs (t * 10 - round (t * 10)) < 1e-9;
      gboolean on_slow = fabs (t * 4 - round (t * 4)) < 1e-9;

      g_test_message ("t = %g", t);
      g_assert_true (on_fast || on_slow);
      g_assert_cmpfloat (V (r, k, 0), ==, on_fast && on_slow);
      g_assert_cmpfloat (V (r, k, 1), ==, on_fast + 2 * on_slow);
    }
}

/* EventPortZero fed by a Counter on a 0.2 s clock: its output activates
 * a second Counter at each of the first one's 6 ticks over [0, 1], so
 * both count alike, at the same times. */
static void
test_event_port_zero (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.2", NULL);
  OrrBlock *first = add_block (model, "Counter", "First", 0, 1, 1, 0, NULL);
  OrrBlock *port = add_block (model, "EventPortZero", "Port", 1, 0, 0, 1, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, first, 1);
  link_data (model, first, 1, port, 1);
  count_into_scope (model, port, 1, "Second", "Out");
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 6);
  for (guint k = 0; k < 6; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.2 * k, 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

/* IfExpression on a counter 1 .. 11 (0.1 s clock over [0, 1]): the first
 * condition mod(u1, 3) == 0 holds at 3, 6, 9; the second, u1 > 0, at
 * every other tick, but only where the first does not; the else output
 * never fires. Three counters count 3, 8 and 0 activations. */
static void
test_if_expression (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *branch = add_block (model, "IfExpression", "If", 1, 0, 1, 3, "conditions",
                                "mod(u1, 3) == 0\nu1 > 0", NULL);
  g_autoptr (Run) run = NULL;

  link_event (model, clock, 1, counter, 1);
  link_event (model, clock, 1, branch, 1);
  link_data (model, counter, 1, branch, 1);
  count_into_scope (model, branch, 1, "C1", "Thirds");
  count_into_scope (model, branch, 2, "C2", "Others");
  count_into_scope (model, branch, 3, "C3", "Else");
  run = run_model_ok (model, NULL);
  g_assert_cmpuint (n_samples (run, "Thirds"), ==, 3);
  g_assert_cmpuint (n_samples (run, "Others"), ==, 8);
  g_assert_cmpuint (n_samples (run, "Else"), ==, 0);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpfloat_with_epsilon (T (recording (run, "Thirds"), k), 0.2 + 0.3 * k, 1e-12);
}

/* Newton's iteration for sqrt 2 inside the single tick at t = 0:
 * x <- x - (x^2 - 2) / (2 x) from x = 1, held by a DiscreteDelay, repeated
 * by RepeatActivation while |x^2 - 2| > 1e-15 for the new x. The scope
 * sees each pass, all at t = 0, with the estimates the same iteration
 * gives here (1e-15), the last one sqrt 2; with at most 2 repetitions it
 * sees 3 passes. */
static void
run_newton (int max_repeats, guint expected_passes)
{
  g_autoptr (OrrModel) model = new_precise_model (0.5, 0);
  g_autofree char *max = g_strdup_printf ("%d", max_repeats);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *x = add_block (model, "DiscreteDelay", "X", 1, 1, 1, 0, "init", "1", NULL);
  OrrBlock *next = add_block (model, "MathExpression", "Next", 1, 1, 0, 0, "expression",
                              "'u1 - (u1*u1 - 2)/(2*u1)'", NULL);
  OrrBlock *cond = add_block (model, "MathExpression", "Cond", 1, 1, 0, 0, "expression",
                              "'abs(u1*u1 - 2) > 1e-15'", NULL);
  OrrBlock *repeat
    = add_block (model, "RepeatActivation", "Repeat", 1, 0, 1, 0, "max_repeats", max, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double estimate = 1;

  link_event (model, clock, 1, x, 1);
  link_event (model, clock, 1, repeat, 1);
  link_data (model, x, 1, next, 1);
  link_data (model, next, 1, x, 1);
  link_data (model, next, 1, cond, 1);
  link_data (model, cond, 1, repeat, 1);
  link_data (model, x, 1, scope, 1);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_test_message ("%u passes", r->t->len);
  g_assert_cmpuint (r->t->len, ==, expected_passes);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat (T (r, k), ==, 0);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), estimate, 1e-15);
      estimate = estimate - (estimate * estimate - 2) / (2 * estimate);
    }
}

static void
test_repeat_activation (void)
{
  double x = 1;
  guint passes = 1;

  /* how many passes the iteration needs, worked out here */
  for (;;)
    {
      x = x - (x * x - 2) / (2 * x);
      if (!(fabs (x * x - 2) > 1e-15))
        break;
      passes++;
    }
  g_assert_cmpuint (passes, >=, 4);
  run_newton (100, passes);
  run_newton (2, 3);
}

/* ---- wireless activations ------------------------------------------------------ */

/* A 0.1 s clock sends its ticks through SetActivationSignal 'tick' to a
 * GetActivationSignal 'tick' in the same diagram: the Counter behind it
 * counts the 11 ticks of [0, 1], at the ticks' times. */
static void
test_activation_signal_local (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *set = add_block (model, "SetActivationSignal", "Set", 0, 0, 1, 0, NULL);
  OrrBlock *get = add_block (model, "GetActivationSignal", "Get", 0, 0, 0, 1, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, set, 1);
  count_into_scope (model, get, 1, "Count", "Out");
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < 11; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 * k, 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

/* A scoped SetActivationSignal inside super block A, whose clock ticks
 * every 0.25 s, reaches a GetActivationSignal inside super block B
 * because the root holds an ActivationSignalScoping with the tag: 5
 * ticks over [0, 1]. Without the scoping block, or with a local Set, the
 * model does not compile, and the message names the block at fault. */
static OrrModel *
scoped_model (const char *visibility, gboolean with_scope)
{
  OrrModel *model = new_precise_model (1, 0);
  OrrBlock *a = add_block_in (model, NULL, NULL, "A", 0, 0, 0, 0, NULL);
  OrrBlock *b = add_block_in (model, NULL, NULL, "B", 0, 0, 0, 0, NULL);
  OrrBlock *clock
    = add_block_in (model, a->child, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *set = add_block_in (model, a->child, "SetActivationSignal", "Set", 0, 0, 1, 0,
                                "visibility", visibility, NULL);
  OrrBlock *get = add_block_in (model, b->child, "GetActivationSignal", "Get", 0, 0, 0, 1, NULL);

  if (with_scope)
    add_block_in (model, NULL, "ActivationSignalScoping", "Scope", 0, 0, 0, 0, NULL);
  link_event (model, clock, 1, set, 1);
  count_into_scope (model, get, 1, "Count", "Out");
  return model;
}

static void
test_activation_signal_scoped (void)
{
  {
    g_autoptr (OrrModel) model = scoped_model ("3", TRUE);
    g_autoptr (Run) run = run_model_ok (model, NULL);
    Recording *r = recording (run, "B/Out");

    g_assert_cmpuint (r->t->len, ==, 5);
    for (guint k = 0; k < 5; k++)
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.25 * k, 1e-12);
  }
  {
    /* global: visible without the scoping block */
    g_autoptr (OrrModel) model = scoped_model ("2", FALSE);
    g_autoptr (Run) run = run_model_ok (model, NULL);

    g_assert_cmpuint (n_samples (run, "B/Out"), ==, 5);
  }
  for (int c = 0; c < 2; c++)
    {
      /* scoped without a scoping block; local, not visible from B */
      g_autoptr (OrrModel) model = c == 0 ? scoped_model ("3", FALSE) : scoped_model ("1", TRUE);
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrProgram) program = compile_model (model, NULL, &error);

      g_assert_null (program);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, c == 0 ? "A/Set" : "B/Get"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/activation-models/event-clock", test_event_clock);
  g_test_add_func ("/activation-models/activation-signal-local", test_activation_signal_local);
  g_test_add_func ("/activation-models/activation-signal-scoped", test_activation_signal_scoped);
  g_test_add_func ("/activation-models/event-generate-list", test_event_generate_list);
  g_test_add_func ("/activation-models/activation-intersection", test_activation_intersection);
  g_test_add_func ("/activation-models/event-port-zero", test_event_port_zero);
  g_test_add_func ("/activation-models/if-expression", test_if_expression);
  g_test_add_func ("/activation-models/repeat-activation", test_repeat_activation);
  g_test_add_func ("/activation-models/event-clock-asynchronous", test_event_clock_asynchronous);
  g_test_add_func ("/activation-models/initial-event", test_initial_event);
  g_test_add_func ("/activation-models/event-variable-delay", test_event_variable_delay);
  g_test_add_func ("/activation-models/event-delayed-channel", test_event_delayed_channel);
  g_test_add_func ("/activation-models/frequency-divider", test_frequency_divider);
  g_test_add_func ("/activation-models/edge-trigger", test_edge_trigger);
  g_test_add_func ("/activation-models/zero-cross", test_zero_cross);
  g_test_add_func ("/activation-models/extract-activation", test_extract_activation);
  g_test_add_func ("/activation-models/sync-tag", test_sync_tag);
  g_test_add_func ("/activation-models/end-at-time", test_end_at_time);
  g_test_add_func ("/activation-models/end-activated", test_end_activated);
  return g_test_run ();
}
