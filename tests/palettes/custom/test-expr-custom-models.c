/* test-expr-custom-models.c: ExprCustomBlock in real runs, against the
 * oracles of SEMANTICS.md section 9 and closed forms:
 * - the bouncing ball written as formulas (h' = v, v' = -9.81, a surface
 *   h and the jump v := -0.9 v when falling): impacts at 1.42784,
 *   3.99796, 6.31107 and 8.39286 s (1e-4), kept in z by the update;
 * - a discrete counter on a 0.1 s clock with one activation output that
 *   programs an event 0.05 s after each tick: z counts the ticks exactly
 *   and a Counter on the output sees the events at 0.1 k + 0.05. */
#include "model-run.h"

#include <math.h>

static void
test_bouncing_ball (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  OrrBlock *ball = add_block (model, "ExprCustomBlock", "Ball", 0, 2, 0, 0, "in_sizes", "[]", "x0",
                              "[10; 0]", "z0", "zeros(4, 1)", "outputs", "x(1)\nz", "derivative",
                              "[x(2); -9.81]", "surfaces", "x(1)", "jump",
                              "[x(1); .if x(2) < 0 .then -0.9 * x(2) .else x(2) .end]", "update",
                              ".if x(2) < 0 .then [z(2:4); t] .else z .end", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  const double impacts[] = { 1.42784, 3.99796, 6.31107, 8.39286 };
  guint last;

  link_data (model, ball, 1, scope, 1);
  link_data (model, ball, 2, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  last = r->t->len - 1;
  g_assert_cmpfloat (T (r, last), ==, 10);
  for (int i = 0; i < 4; i++)
    {
      g_test_message ("impact %d at %.6f", i + 1, V (r, last, 1 + i));
      g_assert_cmpfloat_with_epsilon (V (r, last, 1 + i), impacts[i], 1e-4);
    }
  /* the ball never goes (visibly) below the floor */
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat (V (r, k, 0), >, -1e-6);
}

static void
test_counter_and_events (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *block = add_block (model, "ExprCustomBlock", "Block", 0, 1, 1, 1, "in_sizes", "[]",
                               "z0", "0", "outputs", "z", "update", "z + 1", "events", "0.05",
                               "activation_inputs", "1", "activation_outputs", "1", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *ticks = add_block (model, "Scope", "Ticks", 1, 0, 0, 0, NULL);
  OrrBlock *later = add_block (model, "Scope", "Later", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, block, 1);
  link_event (model, block, 1, counter, 1);
  link_data (model, block, 1, ticks, 1);
  link_data (model, counter, 1, later, 1);
  run = run_model_ok (model, NULL);
  /* at tick k the output shows z before the update: k */
  r = recording (run, "Ticks");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat (V (r, k, 0), ==, k);
  /* 0.05 s after each tick but the last (1.05 is past the end) */
  r = recording (run, "Later");
  g_assert_cmpuint (r->t->len, ==, 10);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 * k + 0.05, 1e-12);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/expr-custom-models/bouncing-ball", test_bouncing_ball);
  g_test_add_func ("/expr-custom-models/counter-and-events", test_counter_and_events);

  return g_test_run ();
}
