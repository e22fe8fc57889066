/* test-routing-models.c: the Routing palette's blocks inside real runs:
 * small models built with the model API, compiled with the standard blocks
 * and simulated, against values worked out by hand. Tolerances are stated
 * beside each check. */
#include "model-run.h"

#include <orrery/orr-editor.h>

#include <math.h>
#include <string.h>

/* Constant [1; 2] and a counter on a 1 s clock, through Mux [2 1] and back
 * through Demux [1 2]: the first piece is 1, the second (2, count). */
static void
test_mux_demux (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *pair = add_block (model, "Constant", "Pair", 0, 1, 0, 0, "value", "[1; 2]", NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 2, 1, 0, 0, "inputs", "[2 1]", NULL);
  OrrBlock *demux = add_block (model, "Demux", "Demux", 1, 2, 0, 0, "outputs", "[1 2]", NULL);
  OrrBlock *a = add_block (model, "Scope", "A", 1, 0, 0, 0, NULL);
  OrrBlock *b = add_block (model, "Scope", "B", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *ra, *rb;

  set_final_time (model, 2);
  link_event (model, sc, 1, count, 1);
  link_data (model, pair, 1, mux, 1);
  link_data (model, count, 1, mux, 2);
  link_data (model, mux, 1, demux, 1);
  link_data (model, demux, 1, a, 1);
  link_ports (model, demux, ORR_PORT_OUT, 2, b, ORR_PORT_IN, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  ra = recording (run, "A");
  rb = recording (run, "B");
  g_assert_cmpint (ra->n, ==, 1);
  g_assert_cmpint (rb->n, ==, 2);
  g_assert_cmpuint (rb->t->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      g_assert_cmpfloat (V (ra, k, 0), ==, 1);
      g_assert_cmpfloat (V (rb, k, 0), ==, 2);
      g_assert_cmpfloat (V (rb, k, 1), ==, k + 1);
    }
}

/* Elements 4 and 1 of the constant [1 3; 2 4] (numbered column by
 * column); an index past the end stops the run with an error. */
static void
test_selector (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *m = add_block (model, "Constant", "M", 0, 1, 0, 0, "value", "[1 3; 2 4]", NULL);
  OrrBlock *pick = add_block (model, "Selector", "Pick", 1, 1, 0, 0, "indices", "[4 1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Picked", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL, bad = NULL;
  Recording *r;

  link_data (model, m, 1, pick, 1);
  link_data (model, pick, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Picked");
  g_assert_cmpfloat (V (r, 0, 0), ==, 4);
  g_assert_cmpfloat (V (r, 0, 1), ==, 1);

  orr_model_set_param (model, pick, "indices", "[5 1]");
  bad = run_model (model, NULL);
  g_assert_false (bad->ok);
  g_assert_error (bad->error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_assert_nonnull (strstr (bad->error->message, "Pick"));
  g_assert_nonnull (strstr (bad->error->message, "index 5"));
}

/* Switch with control u2 = t (an integrator of 1) and threshold
 * T = 0.3137: -1 (input 3) before T, +1 (input 1) from T on. Its surface
 * stops the solver at T, so a sample is recorded there (to 1e-8), and the
 * integral of the output over [0, 1] is exactly 1 - 2T for a well-located
 * switch (to 1e-7: twice the location error plus the solver's). */
static void
test_switch_located (void)
{
  const double T = 0.3137;
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *minus = add_block (model, "Constant", "Minus", 0, 1, 0, 0, "value", "-1", NULL);
  OrrBlock *clock = add_block (model, "Integrator", "Time", 1, 1, 0, 0, NULL);
  OrrBlock *sw = add_block (model, "Switch", "Switch", 3, 1, 0, 0, "threshold", "0.3137", NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *shown = add_block (model, "Scope", "Switched", 1, 0, 0, 0, NULL);
  OrrBlock *total = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double nearest = G_MAXDOUBLE;
  guint last;

  set_final_time (model, 1);
  link_data (model, one, 1, clock, 1);
  link_data (model, one, 1, sw, 1);
  link_data (model, clock, 1, sw, 2);
  link_data (model, minus, 1, sw, 3);
  link_data (model, sw, 1, area, 1);
  link_data (model, sw, 1, shown, 1);
  link_data (model, area, 1, total, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  g_assert_cmpuint (run->stats.zero_crossings, ==, 1);

  /* the last -1 and the first +1 are both at the located switch */
  r = recording (run, "Switched");
  for (guint i = 0; i < r->t->len; i++)
    nearest = MIN (nearest, fabs (T (r, i) - T));
  g_test_message ("nearest sample to the switch: %.3g away", nearest);
  g_assert_cmpfloat (nearest, <, 1e-8);
  for (guint i = 0; i < r->t->len; i++)
    if (T (r, i) < T - 1e-8)
      g_assert_cmpfloat (V (r, i, 0), ==, -1);
    else if (T (r, i) > T + 1e-8)
      g_assert_cmpfloat (V (r, i, 0), ==, 1);

  r = recording (run, "Total");
  last = r->t->len - 1;
  g_assert_cmpfloat (T (r, last), ==, 1);
  g_test_message ("integral %.12f, expected %.12f", V (r, last, 0), 1 - 2 * T);
  g_assert_cmpfloat_with_epsilon (V (r, last, 0), 1 - 2 * T, 1e-7);
}

/* Switch with the strict rule (u2 > 0) and control u2 = t, which starts
 * exactly on the threshold: input 3 (-1) at t = 0, where the rule is
 * false, and input 1 (+1) once t has left 0 (from 1e-6 s on, say),
 * although the solver reports no crossing for a surface that starts at
 * zero. The integral of the output over [0, 1] is 1 (to 1e-6: the first
 * step after the start, integrated with input 3, must be that short). */
static void
test_switch_leaves_threshold (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *minus = add_block (model, "Constant", "Minus", 0, 1, 0, 0, "value", "-1", NULL);
  OrrBlock *clock = add_block (model, "Integrator", "Time", 1, 1, 0, 0, NULL);
  OrrBlock *sw = add_block (model, "Switch", "Switch", 3, 1, 0, 0, "rule", "2", NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *shown = add_block (model, "Scope", "Switched", 1, 0, 0, 0, NULL);
  OrrBlock *total = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint last;

  set_final_time (model, 1);
  link_data (model, one, 1, clock, 1);
  link_data (model, one, 1, sw, 1);
  link_data (model, clock, 1, sw, 2);
  link_data (model, minus, 1, sw, 3);
  link_data (model, sw, 1, area, 1);
  link_data (model, sw, 1, shown, 1);
  link_data (model, area, 1, total, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  /* the switch turns after the solver's first step (2e-10 s), where a
   * sample of each side is recorded, as at a located crossing */
  r = recording (run, "Switched");
  g_assert_cmpfloat (V (r, 0, 0), ==, -1);
  for (guint i = 0; i < r->t->len; i++)
    if (T (r, i) > 1e-6)
      g_assert_cmpfloat (V (r, i, 0), ==, 1);
  r = recording (run, "Total");
  last = r->t->len - 1;
  g_assert_cmpfloat (T (r, last), ==, 1);
  g_test_message ("integral %.12f, expected 1", V (r, last, 0));
  g_assert_cmpfloat_with_epsilon (V (r, last, 0), 1, 1e-6);
}

/* SelectInput with inherited activations: a counter from 1 on a clock at
 * 0, 1, 2 and one from 100 on a clock at 0.5, 1.5; the output follows
 * whichever ran last. With drawn activation inputs: the constant on the
 * input whose event came. */
static void
test_select_input (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *whole
    = add_block (model, "SampleClock", "Whole", 0, 0, 0, 1, "period", "1", "offset", "0", NULL);
  OrrBlock *half
    = add_block (model, "SampleClock", "Half", 0, 0, 0, 1, "period", "1", "offset", "0.5", NULL);
  OrrBlock *a = add_block (model, "Counter", "A", 0, 1, 1, 0, NULL);
  OrrBlock *b = add_block (model, "Counter", "B", 0, 1, 1, 0, "minimum", "100", NULL);
  OrrBlock *select = add_block (model, "SelectInput", "Select", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Selected", 1, 0, 0, 0, NULL);
  OrrBlock *ten = add_block (model, "Constant", "Ten", 0, 1, 0, 0, "value", "10", NULL);
  OrrBlock *twenty = add_block (model, "Constant", "Twenty", 0, 1, 0, 0, "value", "20", NULL);
  OrrBlock *late = add_block (model, "EventGenerate", "Late", 0, 0, 0, 1, "time", "1.5", NULL);
  OrrBlock *early = add_block (model, "EventGenerate", "Early", 0, 0, 0, 1, "time", "0.5", NULL);
  OrrBlock *drawn = add_block (model, "SelectInput", "Drawn", 2, 1, 2, 0, "activation", "2", NULL);
  OrrBlock *chosen = add_block (model, "Scope", "Chosen", 1, 0, 0, 0, NULL);
  const double times[] = { 0, 0.5, 1, 1.5, 2 }, values[] = { 1, 100, 2, 101, 3 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 2);
  link_event (model, whole, 1, a, 1);
  link_event (model, half, 1, b, 1);
  link_data (model, a, 1, select, 1);
  link_data (model, b, 1, select, 2);
  link_data (model, select, 1, scope, 1);
  link_data (model, ten, 1, drawn, 1);
  link_data (model, twenty, 1, drawn, 2);
  link_event (model, late, 1, drawn, 1);
  link_event (model, early, 1, drawn, 2);
  link_data (model, drawn, 1, chosen, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "Selected");
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (times));
  for (guint k = 0; k < G_N_ELEMENTS (times); k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), times[k], 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, values[k]);
    }
  r = recording (run, "Chosen");
  g_assert_cmpuint (r->t->len, ==, 2);
  g_assert_cmpfloat (T (r, 0), ==, 0.5);
  g_assert_cmpfloat (V (r, 0, 0), ==, 20);
  g_assert_cmpfloat (T (r, 1), ==, 1.5);
  g_assert_cmpfloat (V (r, 1, 0), ==, 10);
}

/* MultiportSwitch over data 1, 2, 3 with control t on [0, 4]: 1 until 1.5,
 * 2 until 2.5, then 3; its integral is 1.5 + 2 + 4.5 = 8 when both
 * switches are located (to 1e-7), and the solver stops twice. */
static void
test_multiport_switch (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *two = add_block (model, "Constant", "Two", 0, 1, 0, 0, "value", "2", NULL);
  OrrBlock *three = add_block (model, "Constant", "Three", 0, 1, 0, 0, "value", "3", NULL);
  OrrBlock *clock = add_block (model, "Integrator", "Time", 1, 1, 0, 0, NULL);
  OrrBlock *sw = add_block (model, "MultiportSwitch", "Switch", 4, 1, 0, 0, "inputs", "3", NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *total = add_block (model, "Scope", "Total", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 4);
  link_data (model, one, 1, clock, 1);
  link_data (model, clock, 1, sw, 1);
  link_data (model, one, 1, sw, 2);
  link_data (model, two, 1, sw, 3);
  link_data (model, three, 1, sw, 4);
  link_data (model, sw, 1, area, 1);
  link_data (model, area, 1, total, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  g_assert_cmpuint (run->stats.zero_crossings, ==, 2);
  r = recording (run, "Total");
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 4);
  g_assert_cmpfloat_with_epsilon (V (r, r->t->len - 1, 0), 8, 1e-7);
}

/* A counter on a 1 s clock sent by a global Goto at the root and read by
 * a From inside a super block (times 10 there), and by a From beside the
 * Goto; a local Goto is not visible inside the super block. */
static OrrModel *
goto_model (const char *visibility)
{
  OrrModel *model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *go
    = add_block (model, "Goto", "Send", 1, 0, 0, 0, "tag", "'c'", "visibility", visibility, NULL);
  OrrBlock *sub = add_block_in (model, NULL, NULL, "Sub", 0, 1, 0, 0, NULL);
  OrrBlock *from
    = add_block_in (model, sub->child, "From", "Receive", 0, 1, 0, 0, "tag", "'c'", NULL);
  OrrBlock *gain = add_block_in (model, sub->child, "Gain", "Ten", 1, 1, 0, 0, "gain", "10", NULL);
  OrrBlock *out = add_block_in (model, sub->child, "Output", "Out", 1, 0, 0, 0, "port", "1", NULL);
  OrrBlock *seen = add_block (model, "Scope", "Seen", 1, 0, 0, 0, NULL);
  OrrBlock *near = add_block (model, "From", "Near", 0, 1, 0, 0, "tag", "'c'", NULL);
  OrrBlock *beside = add_block (model, "Scope", "Beside", 1, 0, 0, 0, NULL);

  set_final_time (model, 2);
  link_event (model, sc, 1, count, 1);
  link_data (model, count, 1, go, 1);
  link_data (model, from, 1, gain, 1);
  link_data (model, gain, 1, out, 1);
  link_data (model, sub, 1, seen, 1);
  link_data (model, near, 1, beside, 1);
  return model;
}

static void
test_goto_from (void)
{
  g_autoptr (OrrModel) model = goto_model ("2");
  g_autoptr (OrrModel) local = goto_model ("1");
  g_autoptr (Run) run = run_model (model, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  Recording *r;

  g_assert_true (run->ok);
  r = recording (run, "Seen");
  g_assert_cmpuint (r->t->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpfloat (V (r, k, 0), ==, 10.0 * (k + 1));
  r = recording (run, "Beside");
  g_assert_cmpuint (r->t->len, ==, 3);
  g_assert_cmpfloat (V (r, 2, 0), ==, 3);

  program = compile_model (local, NULL, &error);
  g_assert_null (program);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Sub/Receive"));
  g_assert_nonnull (strstr (error->message, "'c'"));
}

/* A Terminator ends a signal: the model compiles and runs. */
static void
test_terminator (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *end = add_block (model, "Terminator", "End", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  set_final_time (model, 2);
  link_event (model, sc, 1, count, 1);
  link_data (model, count, 1, end, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  g_assert_cmpuint (g_hash_table_size (run->recordings), ==, 0);
}

/* SelectOutput fed by the time, activated on input 1 by a 0.3 s clock
 * and on input 2 by a 0.5 s one (synchronous: both at 0 and 1.5): each
 * output holds the time of its clock's last tick, exactly, at each of the
 * 8 ticks of the union over [0, 1.5]. */
static void
test_select_output_model (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1.5, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *a = add_block (model, "SampleClock", "A", 0, 0, 0, 1, "period", "0.3", NULL);
  OrrBlock *b = add_block (model, "SampleClock", "B", 0, 0, 0, 1, "period", "0.5", NULL);
  OrrBlock *sel = add_block (model, "SelectOutput", "Sel", 1, 2, 2, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, sel, 1);
  link_event (model, a, 1, sel, 1);
  link_event (model, b, 1, sel, 2);
  link_data (model, sel, 1, scope, 1);
  link_data (model, sel, 2, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 8);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = T (r, k);

      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 0.3 * floor (t / 0.3 + 1e-9), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), 0.5 * floor (t / 0.5 + 1e-9), 1e-12);
    }
}

/* ---- buses ---------------------------------------------------------------- */

/* A bus carrying a nested bus through two super blocks. Inside super
 * block Motor, BusCreator Inner makes { speed = t, gains = [10 20; 30 40]
 * } of its two Inputs and passes it out through an Output; at the root
 * BusCreator Outer makes { motor = that bus, offsets = [1; 2; 3] }: a
 * column of 1 + 4 + 3 = 8. Inside super block Reader, which gets it
 * through an Input, BusSelector Take gives motor.speed, offsets,
 * motor.gains and the nested motor bus whole, out through four Outputs to
 * SignalOuts. At the root a BusAssignment replaces motor.speed with -t
 * and a second BusSelector reads it back. Every value is t, the
 * constants or -t, exact; each size is the element's (the gains 2 x 2). */
static void
test_bus_nested (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *time = add_block (model, "Time", "T", 0, 1, 0, 0, NULL);
  OrrBlock *gains = add_block (model, "Constant", "K", 0, 1, 0, 0, "value", "[10 20; 30 40]", NULL);
  OrrBlock *offsets = add_block (model, "Constant", "C", 0, 1, 0, 0, "value", "[1; 2; 3]", NULL);
  OrrBlock *motor = add_block_in (model, NULL, NULL, "Motor", 2, 1, 0, 0, NULL);
  OrrBlock *in1 = add_block_in (model, motor->child, "Input", "In1", 0, 1, 0, 0, "port", "1", NULL);
  OrrBlock *in2 = add_block_in (model, motor->child, "Input", "In2", 0, 1, 0, 0, "port", "2", NULL);
  OrrBlock *inner = add_block_in (model, motor->child, "BusCreator", "Inner", 2, 1, 0, 0, "names",
                                  "'speed, gains'", NULL);
  OrrBlock *out1
    = add_block_in (model, motor->child, "Output", "Out1", 1, 0, 0, 0, "port", "1", NULL);
  OrrBlock *outer
    = add_block (model, "BusCreator", "Outer", 2, 1, 0, 0, "names", "'motor, offsets'", NULL);
  OrrBlock *reader = add_block_in (model, NULL, NULL, "Reader", 1, 4, 0, 0, NULL);
  OrrBlock *rin = add_block_in (model, reader->child, "Input", "In", 0, 1, 0, 0, "port", "1", NULL);
  OrrBlock *take = add_block_in (model, reader->child, "BusSelector", "Take", 1, 4, 0, 0, "names",
                                 "'motor.speed, offsets, motor.gains, motor'", NULL);
  OrrBlock *neg = add_block (model, "Gain", "Neg", 1, 1, 0, 0, "gain", "-1", NULL);
  OrrBlock *assign
    = add_block (model, "BusAssignment", "Assign", 2, 1, 0, 0, "names", "'motor.speed'", NULL);
  OrrBlock *again
    = add_block (model, "BusSelector", "Again", 1, 1, 0, 0, "names", "'motor.speed'", NULL);
  const char *names[] = { "speed", "offsets", "gains", "motor" };
  OrrBlock *sink;
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_data (model, in1, 1, inner, 1);
  link_data (model, in2, 1, inner, 2);
  link_data (model, inner, 1, out1, 1);
  link_data (model, time, 1, motor, 1);
  link_data (model, gains, 1, motor, 2);
  link_data (model, motor, 1, outer, 1);
  link_data (model, offsets, 1, outer, 2);
  link_data (model, outer, 1, reader, 1);
  link_data (model, rin, 1, take, 1);
  for (int k = 0; k < 4; k++)
    {
      g_autofree char *label = g_strdup_printf ("Out%d", k + 1);
      g_autofree char *port = g_strdup_printf ("%d", k + 1);
      g_autofree char *name = g_strdup_printf ("'%s'", names[k]);
      OrrBlock *out
        = add_block_in (model, reader->child, "Output", label, 1, 0, 0, 0, "port", port, NULL);

      link_data (model, take, k + 1, out, 1);
      sink = add_block (model, "SignalOut", names[k], 1, 0, 0, 0, "name", name, NULL);
      link_data (model, reader, k + 1, sink, 1);
    }
  link_data (model, time, 1, neg, 1);
  link_data (model, outer, 1, assign, 1);
  link_data (model, neg, 1, assign, 2);
  link_data (model, assign, 1, again, 1);
  sink = add_block (model, "SignalOut", "negated", 1, 0, 0, 0, "name", "'negated'", NULL);
  link_data (model, again, 1, sink, 1);

  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "speed");
  g_assert_cmpint (r->n, ==, 1);
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat (V (r, i, 0), ==, T (r, i));
  r = recording (run, "offsets");
  g_assert_cmpint (r->n, ==, 3);
  for (int j = 0; j < 3; j++)
    g_assert_cmpfloat (V (r, 0, j), ==, j + 1);
  r = recording (run, "gains");
  g_assert_cmpint (r->n, ==, 4);
  /* column-major: 10 30 20 40 */
  g_assert_cmpfloat (V (r, 0, 0), ==, 10);
  g_assert_cmpfloat (V (r, 0, 1), ==, 30);
  g_assert_cmpfloat (V (r, 0, 2), ==, 20);
  g_assert_cmpfloat (V (r, 0, 3), ==, 40);
  r = recording (run, "motor");
  g_assert_cmpint (r->n, ==, 5);
  for (guint i = 0; i < r->t->len; i++)
    {
      g_assert_cmpfloat (V (r, i, 0), ==, T (r, i));
      g_assert_cmpfloat (V (r, i, 1), ==, 10);
      g_assert_cmpfloat (V (r, i, 4), ==, 40);
    }
  r = recording (run, "negated");
  g_assert_cmpint (r->n, ==, 1);
  g_assert_cmpuint (r->t->len, >, 1);
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat (V (r, i, 0), ==, -T (r, i));
}

/* A bus through a Goto and its From, tag 'b', visible in the whole
 * model, into a super block: the selector inside finds y = [3; 4]. */
static void
test_bus_goto_from (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *x = add_block (model, "Constant", "X", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *y = add_block (model, "Constant", "Y", 0, 1, 0, 0, "value", "[3; 4]", NULL);
  OrrBlock *bus = add_block (model, "BusCreator", "Bus", 2, 1, 0, 0, "names", "'x, y'", NULL);
  OrrBlock *go = add_block (model, "Goto", "Go", 1, 0, 0, 0, "tag", "'b'", "visibility", "2", NULL);
  OrrBlock *super = add_block_in (model, NULL, NULL, "Inside", 0, 0, 0, 0, NULL);
  OrrBlock *from
    = add_block_in (model, super->child, "From", "From", 0, 1, 0, 0, "tag", "'b'", NULL);
  OrrBlock *sel
    = add_block_in (model, super->child, "BusSelector", "Sel", 1, 1, 0, 0, "names", "'y'", NULL);
  OrrBlock *out
    = add_block_in (model, super->child, "SignalOut", "Out", 1, 0, 0, 0, "name", "'y'", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, x, 1, bus, 1);
  link_data (model, y, 1, bus, 2);
  link_data (model, bus, 1, go, 1);
  link_data (model, from, 1, sel, 1);
  link_data (model, sel, 1, out, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Inside/Out");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpfloat (V (r, 0, 0), ==, 3);
  g_assert_cmpfloat (V (r, 0, 1), ==, 4);
}

/* In the editor a bus block's ports follow its names, and carry them as
 * labels for the canvas and the scopes: a BusCreator set to 'x, y, z'
 * gets three inputs x, y, z; a BusSelector set to 'a.b' one output a.b. */
static void
test_bus_port_names (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  OrrDiagram *root = orr_model_get_root (model);
  g_autoptr (GError) error = NULL;
  OrrBlock *creator
    = orr_editor_add_block (model, root, registry, "BusCreator", &(OrrRect){ 0, 0, 0, 0 }, &error);
  OrrBlock *selector = orr_editor_add_block (model, root, registry, "BusSelector",
                                             &(OrrRect){ 100, 0, 0, 0 }, &error);
  const char *names[] = { "names", NULL };
  const char *xyz[] = { "'x, y, z'", NULL }, *ab[] = { "'a.b'", NULL };
  const char *expected[] = { "x", "y", "z" };

  g_assert_no_error (error);
  g_assert_true (orr_editor_set_params (model, registry, creator, names, xyz, "names", &error));
  g_assert_true (orr_editor_set_params (model, registry, selector, names, ab, "names", &error));
  g_assert_no_error (error);
  g_assert_cmpint (orr_block_get_port_count (creator, ORR_PORT_IN), ==, 3);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpstr (((OrrPort *)g_ptr_array_index (creator->ports[ORR_PORT_IN], k))->label, ==,
                     expected[k]);
  g_assert_cmpint (orr_block_get_port_count (selector, ORR_PORT_OUT), ==, 1);
  g_assert_cmpstr (((OrrPort *)g_ptr_array_index (selector->ports[ORR_PORT_OUT], 0))->label, ==,
                   "a.b");
}

/* The compiler's bus errors name the block and what went wrong: a
 * selector asking for a name the bus lacks lists the names there are; a
 * selector fed by a plain signal says it needs a bus; a selected size
 * that disagrees with what the output feeds is a conflict. */
static void
check_bus_error (OrrModel *model, const char *path, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = compile_model (model, NULL, &error);

  g_assert_null (program);
  g_assert_nonnull (error);
  if (strstr (error->message, path) == NULL || strstr (error->message, expected) == NULL)
    g_error ("expected “%s” and “%s” in: %s", path, expected, error->message);
}

static void
test_bus_errors (void)
{
  {
    g_autoptr (OrrModel) model = orr_model_new ();
    OrrBlock *a = add_block (model, "Constant", "A", 0, 1, 0, 0, "value", "1", NULL);
    OrrBlock *bus = add_block (model, "BusCreator", "Bus", 2, 1, 0, 0, "names", "'x, y'", NULL);
    OrrBlock *sel = add_block (model, "BusSelector", "Sel", 1, 1, 0, 0, "names", "'z'", NULL);
    OrrBlock *out = add_block (model, "SignalOut", "Out", 1, 0, 0, 0, "name", "'z'", NULL);

    link_data (model, a, 1, bus, 1);
    link_data (model, a, 1, bus, 2);
    link_data (model, bus, 1, sel, 1);
    link_data (model, sel, 1, out, 1);
    check_bus_error (model, "Sel", "no element “z”; it has x, y");
  }
  {
    g_autoptr (OrrModel) model = orr_model_new ();
    OrrBlock *a = add_block (model, "Constant", "A", 0, 1, 0, 0, "value", "[1; 2]", NULL);
    OrrBlock *sel = add_block (model, "BusSelector", "Sel", 1, 1, 0, 0, "names", "'x'", NULL);
    OrrBlock *out = add_block (model, "SignalOut", "Out", 1, 0, 0, 0, "name", "'x'", NULL);

    link_data (model, a, 1, sel, 1);
    link_data (model, sel, 1, out, 1);
    check_bus_error (model, "Sel", "needs a bus");
  }
  {
    g_autoptr (OrrModel) model = orr_model_new ();
    OrrBlock *a = add_block (model, "Constant", "A", 0, 1, 0, 0, "value", "[1; 2]", NULL);
    OrrBlock *bus = add_block (model, "BusCreator", "Bus", 1, 1, 0, 0, "names", "'x'", NULL);
    OrrBlock *sel = add_block (model, "BusSelector", "Sel", 1, 1, 0, 0, "names", "'x'", NULL);
    OrrBlock *mux = add_block (model, "Mux", "Mux", 2, 1, 0, 0, "inputs", "2", NULL);
    OrrBlock *out = add_block (model, "SignalOut", "Out", 1, 0, 0, 0, "name", "'x'", NULL);
    OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);

    link_data (model, a, 1, bus, 1);
    link_data (model, bus, 1, sel, 1);
    /* the Mux wants a scalar; x is 2 x 1 */
    link_data (model, sel, 1, mux, 1);
    link_data (model, one, 1, mux, 2);
    link_data (model, mux, 1, out, 1);
    check_bus_error (model, "Sel", "output 1 rows: the bus gives it 2");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/routing-models/mux-demux", test_mux_demux);
  g_test_add_func ("/routing-models/select-output", test_select_output_model);
  g_test_add_func ("/routing-models/selector", test_selector);
  g_test_add_func ("/routing-models/switch-located", test_switch_located);
  g_test_add_func ("/routing-models/switch-leaves-threshold", test_switch_leaves_threshold);
  g_test_add_func ("/routing-models/select-input", test_select_input);
  g_test_add_func ("/routing-models/multiport-switch", test_multiport_switch);
  g_test_add_func ("/routing-models/goto-from", test_goto_from);
  g_test_add_func ("/routing-models/bus-nested", test_bus_nested);
  g_test_add_func ("/routing-models/bus-errors", test_bus_errors);
  g_test_add_func ("/routing-models/bus-goto-from", test_bus_goto_from);
  g_test_add_func ("/routing-models/bus-port-names", test_bus_port_names);
  g_test_add_func ("/routing-models/terminator", test_terminator);
  return g_test_run ();
}
