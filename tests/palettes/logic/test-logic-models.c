/* test-logic-models.c: the Logic palette's blocks in real simulations: a
 * SampleClock of 0.1 s drives two Counters, c2 = k mod 2 (the clock
 * signal of the flip-flops, rising at odd ticks) and c3 = k mod 3, at
 * tick k = 0 .. 20; every block inherits that clock. Each output at tick
 * k is checked, exactly, against the block's truth table applied here by
 * hand to the counters' sequences. */
#include "model-run.h"

static const RunSetup setup = { 0 };

static void
test_flip_flops_over_time (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *c2
    = add_block (model, "Counter", "C2", 0, 1, 1, 0, "minimum", "0", "maximum", "1", NULL);
  OrrBlock *c3
    = add_block (model, "Counter", "C3", 0, 1, 1, 0, "minimum", "0", "maximum", "2", NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *d = add_block (model, "DFlipFlop", "D", 3, 2, 0, 0, NULL);
  OrrBlock *jk = add_block (model, "JKFlipFlop", "JK", 3, 2, 0, 0, NULL);
  OrrBlock *sr = add_block (model, "SRFlipFlop", "SR", 2, 2, 0, 0, NULL);
  OrrBlock *latch = add_block (model, "DLatch", "Latch", 2, 2, 0, 0, NULL);
  OrrBlock * xor
    = add_block (model, "TruthTable", "Xor", 2, 1, 0, 0, "table", "[0; 1; 1; 0]", NULL);
  OrrBlock *toggle = add_block (model, "Toggle", "Toggle", 0, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 7, 0, 0, 0, "inputs", "7", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  gboolean q_d = 0, q_jk = 0, q_sr = 0, q_latch = 0, toggled = 0;
  int clk_before = 0;

  link_event (model, clock, 1, c2, 1);
  link_event (model, clock, 1, c3, 1);
  link_event (model, clock, 1, toggle, 1);
  /* D flip-flop: D = c3, en = 1, clk = c2 */
  link_data (model, c3, 1, d, 1);
  link_data (model, one, 1, d, 2);
  link_data (model, c2, 1, d, 3);
  /* JK with J = K = 1: a divider by two of the clock */
  link_data (model, one, 1, jk, 1);
  link_data (model, c2, 1, jk, 2);
  link_data (model, one, 1, jk, 3);
  /* SR: S = c2, R = c3 */
  link_data (model, c2, 1, sr, 1);
  link_data (model, c3, 1, sr, 2);
  /* latch: D = c3, C = c2 */
  link_data (model, c3, 1, latch, 1);
  link_data (model, c2, 1, latch, 2);
  link_data (model, c2, 1, xor, 1);
  link_data (model, c3, 1, xor, 2);
  link_data (model, d, 1, scope, 1);
  link_data (model, jk, 1, scope, 2);
  link_data (model, sr, 1, scope, 3);
  link_data (model, latch, 1, scope, 4);
  link_data (model, xor, 1, scope, 5);
  link_data (model, toggle, 1, scope, 6);
  link_data (model, sr, 2, scope, 7);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 21);
  for (guint k = 0; k < r->t->len; k++)
    {
      int clk = k % 2, u3 = k % 3;
      gboolean rose = clk > 0 && clk_before <= 0;

      if (rose)
        {
          q_d = u3 != 0;
          q_jk = !q_jk;
        }
      q_sr = u3 != 0 ? FALSE : clk != 0 ? TRUE : q_sr;
      if (clk)
        q_latch = u3 != 0;
      toggled = !toggled;
      clk_before = clk;

      g_test_message ("k = %u", k);
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 * k, 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, q_d);
      g_assert_cmpfloat (V (r, k, 1), ==, q_jk);
      g_assert_cmpfloat (V (r, k, 2), ==, q_sr);
      g_assert_cmpfloat (V (r, k, 3), ==, q_latch);
      g_assert_cmpfloat (V (r, k, 4), ==, (clk != 0) != (u3 != 0));
      g_assert_cmpfloat (V (r, k, 5), ==, toggled);
      g_assert_cmpfloat (V (r, k, 6), ==, !q_sr);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/logic-models/flip-flops", test_flip_flops_over_time);

  return g_test_run ();
}
