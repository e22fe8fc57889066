/* test-logic.c: the Logic palette's blocks one at a time in the block
 * harness: what configure declares, its errors, and every row of each
 * flip-flop's truth table written out by hand (Q before, inputs, clock
 * edge -> Q after). Exact comparisons: the outputs are 0 and 1. Their
 * behaviour over time is in test-logic-models.c. */
#include "block-test.h"
#include "orr-all-classes.h"
#include "orr-palettes.h"

static const OrrBlockClass *const palette[] = {
  &orr_truth_table_class,  &orr_d_flip_flop_class, &orr_jk_flip_flop_class,
  &orr_sr_flip_flop_class, &orr_d_latch_class,     &orr_toggle_class,
};

static void
test_palette (void)
{
  assert_palette ("logic", "Logic", palette, G_N_ELEMENTS (palette), orr_palette_logic_register);
  for (gsize i = 0; i < G_N_ELEMENTS (palette); i++)
    {
      g_autoptr (OrrConfig) config = CONFIGURE (palette[i], NULL);

      g_assert_cmpint (config->nx, ==, 0);
      g_assert_false (config->always_active);
    }
}

/* One activation with inputs u: outputs, then state update, as the
 * simulator runs them; returns Q and checks not Q. */
static double
step (OrrHarness *h, const double *u, int n)
{
  double q;

  for (int i = 0; i < n; i++)
    orr_harness_set_input (h, i, &u[i]);
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  q = orr_harness_output (h, 0)[0];
  g_assert_cmpfloat (orr_harness_output (h, 1)[0], ==, 1 - q);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  return q;
}

static OrrHarness *
flip_flop (const OrrBlockClass *klass, const char *init, int n_inputs, const char *const *labels)
{
  OrrConfig *config = CONFIGURE (klass, "init", init, NULL);

  assert_ports (config, n_inputs, 2, 0, 0);
  for (int i = 0; i < n_inputs; i++)
    {
      assert_port (input_spec (config, i), 1, 1, ORR_TYPE_DOUBLE);
      g_assert_true (input_spec (config, i)->feedthrough);
      g_assert_cmpstr (input_spec (config, i)->label, ==, labels[i]);
    }
  g_assert_cmpstr (output_spec (config, 0)->label, ==, "Q");
  g_assert_cmpstr (output_spec (config, 1)->label, ==, "!Q");
  g_assert_cmpint (config->nz, ==, 2);
  return harness (klass, config, 1, 1);
}

/* ---- DFlipFlop: inputs D, en, clk ------------------------------------------------- */

static void
test_d_flip_flop (void)
{
  static const char *const labels[] = { "D", "en", "clk" };
  g_autoptr (OrrHarness) h = flip_flop (&orr_d_flip_flop_class, "0", 3, labels);

  /* clock low: holds 0 whatever D */
  g_assert_cmpfloat (step (h, (double[]){ 1, 1, 0 }, 3), ==, 0);
  /* rising edge, enabled: takes D = 1 */
  g_assert_cmpfloat (step (h, (double[]){ 1, 1, 1 }, 3), ==, 1);
  /* clock stays high: no edge, D = 0 is ignored */
  g_assert_cmpfloat (step (h, (double[]){ 0, 1, 1 }, 3), ==, 1);
  g_assert_cmpfloat (step (h, (double[]){ 0, 1, 0 }, 3), ==, 1);
  /* rising edge but disabled: holds */
  g_assert_cmpfloat (step (h, (double[]){ 0, 0, 1 }, 3), ==, 1);
  g_assert_cmpfloat (step (h, (double[]){ 0, 0, 0 }, 3), ==, 1);
  /* rising edge, enabled, D = 0 (any non-zero is true: en = -2) */
  g_assert_cmpfloat (step (h, (double[]){ 0, -2, 0.5 }, 3), ==, 0);

  /* init 1, and a clock high at the first activation is an edge */
  {
    g_autoptr (OrrHarness) h1 = flip_flop (&orr_d_flip_flop_class, "1", 3, labels);

    g_assert_cmpfloat (step (h1, (double[]){ 1, 0, 0 }, 3), ==, 1);
    g_autoptr (OrrHarness) h2 = flip_flop (&orr_d_flip_flop_class, "1", 3, labels);
    g_assert_cmpfloat (step (h2, (double[]){ 0, 1, 1 }, 3), ==, 0);
  }
  EXPECT_PARAM_ERROR (&orr_d_flip_flop_class, "init", "init", "2", NULL);
  EXPECT_PARAM_ERROR (&orr_d_flip_flop_class, "init", "init", "[0 1]", NULL);
}

/* ---- JKFlipFlop: inputs J, clk, K -------------------------------------------------- */

static void
test_jk_flip_flop (void)
{
  static const char *const labels[] = { "J", "clk", "K" };
  /* Q before, J, K -> Q after a rising edge */
  static const int table[8][4] = {
    { 0, 0, 0, 0 }, { 0, 0, 1, 0 }, { 0, 1, 0, 1 }, { 0, 1, 1, 1 },
    { 1, 0, 0, 1 }, { 1, 0, 1, 0 }, { 1, 1, 0, 1 }, { 1, 1, 1, 0 },
  };

  for (int r = 0; r < 8; r++)
    {
      g_autoptr (OrrHarness) h
        = flip_flop (&orr_jk_flip_flop_class, table[r][0] ? "1" : "0", 3, labels);
      double j = table[r][1], k = table[r][2];

      /* clock low first: no change whatever J and K */
      g_assert_cmpfloat (step (h, (double[]){ j, 0, k }, 3), ==, table[r][0]);
      g_assert_cmpfloat (step (h, (double[]){ j, 1, k }, 3), ==, table[r][3]);
      /* clock stays high: no further change */
      g_assert_cmpfloat (step (h, (double[]){ j, 1, k }, 3), ==, table[r][3]);
    }
}

/* ---- SRFlipFlop: inputs S, R ----------------------------------------------------- */

static void
test_sr_flip_flop (void)
{
  static const char *const labels[] = { "S", "R" };
  /* Q before, S, R -> Q after: reset wins */
  static const int table[8][4] = {
    { 0, 0, 0, 0 }, { 0, 0, 1, 0 }, { 0, 1, 0, 1 }, { 0, 1, 1, 0 },
    { 1, 0, 0, 1 }, { 1, 0, 1, 0 }, { 1, 1, 0, 1 }, { 1, 1, 1, 0 },
  };

  for (int r = 0; r < 8; r++)
    {
      g_autoptr (OrrHarness) h
        = flip_flop (&orr_sr_flip_flop_class, table[r][0] ? "1" : "0", 2, labels);

      g_assert_cmpfloat (step (h, (double[]){ table[r][1], table[r][2] }, 2), ==, table[r][3]);
      /* and it holds with both inputs released */
      g_assert_cmpfloat (step (h, (double[]){ 0, 0 }, 2), ==, table[r][3]);
    }
}

/* ---- DLatch: inputs D, C ------------------------------------------------------------ */

static void
test_d_latch (void)
{
  static const char *const labels[] = { "D", "C" };
  g_autoptr (OrrHarness) h = flip_flop (&orr_d_latch_class, "0", 2, labels);

  g_assert_cmpfloat (step (h, (double[]){ 1, 0 }, 2), ==, 0); /* closed: holds */
  g_assert_cmpfloat (step (h, (double[]){ 1, 1 }, 2), ==, 1); /* open: follows */
  g_assert_cmpfloat (step (h, (double[]){ 0, 1 }, 2), ==, 0);
  g_assert_cmpfloat (step (h, (double[]){ 1, 1 }, 2), ==, 1);
  g_assert_cmpfloat (step (h, (double[]){ 0, 0 }, 2), ==, 1); /* closed on 1: keeps it */
  g_assert_cmpfloat (step (h, (double[]){ 0, 0 }, 2), ==, 1);
}

/* ---- Toggle -------------------------------------------------------------------------- */

static void
test_toggle (void)
{
  OrrConfig *config = CONFIGURE (&orr_toggle_class, "init", "1", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 0, 1, 1, 0);
  h = harness (&orr_toggle_class, config, 1, 1);
  /* not activated (initialisation): the initial value */
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 1);
  for (int k = 1; k <= 5; k++)
    {
      h->block.nevprt = 1;
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, (k + 1) % 2);
      orr_harness_run (h, ORR_JOB_STATE_UPDATE);
    }
  EXPECT_PARAM_ERROR (&orr_toggle_class, "init", "init", "0.5", NULL);
}

/* ---- TruthTable ------------------------------------------------------------------------ */

static void
test_truth_table (void)
{
  /* two outputs of three inputs: column 1 the majority, column 2 the
   * parity, rows in binary order of (u1 u2 u3) */
  OrrConfig *config
    = CONFIGURE (&orr_truth_table_class, "table", "[0 0; 0 1; 0 1; 1 0; 0 1; 1 0; 1 0; 1 1]", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 3, 1, 0, 0);
  assert_port (output_spec (config, 0), 2, 1, ORR_TYPE_DOUBLE);
  for (int i = 0; i < 3; i++)
    g_assert_true (input_spec (config, i)->feedthrough);
  h = harness (&orr_truth_table_class, config, 1, 1);
  for (int row = 0; row < 8; row++)
    {
      int b1 = (row >> 2) & 1, b2 = (row >> 1) & 1, b3 = row & 1;
      /* true is any non-zero value */
      double u[3] = { b1 ? 5 : 0, b2 ? -1 : 0, b3 ? 0.25 : 0 };

      for (int i = 0; i < 3; i++)
        orr_harness_set_input (h, i, &u[i]);
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, b1 + b2 + b3 >= 2);
      g_assert_cmpfloat (orr_harness_output (h, 0)[1], ==, (b1 + b2 + b3) % 2);
    }

  /* the default is AND of two inputs */
  {
    g_autoptr (OrrConfig) c = CONFIGURE (&orr_truth_table_class, NULL);

    g_assert_cmpuint (c->inputs->len, ==, 2);
  }
  EXPECT_PARAM_ERROR_WITH (&orr_truth_table_class, "table", "2^n", "table", "[0; 1; 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_truth_table_class, "table", "table", "1", NULL);
  EXPECT_PARAM_ERROR (&orr_truth_table_class, "table", "table", "[]", NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/logic/palette", test_palette);
  g_test_add_func ("/logic/truth-table", test_truth_table);
  g_test_add_func ("/logic/d-flip-flop", test_d_flip_flop);
  g_test_add_func ("/logic/jk-flip-flop", test_jk_flip_flop);
  g_test_add_func ("/logic/sr-flip-flop", test_sr_flip_flop);
  g_test_add_func ("/logic/d-latch", test_d_latch);
  g_test_add_func ("/logic/toggle", test_toggle);

  return g_test_run ();
}
