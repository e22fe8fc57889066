/* test-expr-custom.c: ExprCustomBlock in the block harness: the ports,
 * states and surfaces its formulas declare, the errors of bad formulas,
 * and each job against values worked out by hand. Exact comparisons
 * unless stated: the formulas are a few additions and products. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <math.h>

static const OrrBlockClass *const klass = &orr_expr_custom_block_class;

static void
test_configure (void)
{
  /* two inputs (a scalar and a 2-vector), x of 2, z of 1, two outputs, a
   * surface, one activation input and output */
  OrrConfig *config
    = CONFIGURE (klass, "in_sizes", "[1 1; 2 1]", "x0", "[1; 2]", "z0", "5", "outputs",
                 "x(1) + z\nu2 * t", "derivative", "[x(2); -x(1) + u1]", "update", "z + 1", "jump",
                 "[x(1); -x(2)]", "surfaces", "x(1) - p(1)", "events", "p(2)", "activation_inputs",
                 "1", "activation_outputs", "1", "parameters", "[0.5 2]", NULL);

  assert_ports (config, 2, 2, 1, 1);
  assert_port (input_spec (config, 1), 2, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 1), 2, 1, ORR_TYPE_DOUBLE);
  /* output 1 reads neither input; output 2 reads u2 */
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_true (input_spec (config, 1)->feedthrough);
  g_assert_cmpint (config->nx, ==, 2);
  g_assert_cmpint (config->nz, ==, 1);
  g_assert_cmpint (config->ng, ==, 1);
  g_assert_true (config->always_active);
  orr_config_free (config);

  /* the defaults: y = u1, nothing else, inherited activation */
  config = CONFIGURE (klass, NULL);
  assert_ports (config, 1, 1, 0, 0);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_false (config->always_active);
  orr_config_free (config);

  EXPECT_PARAM_ERROR_WITH (klass, "derivative", "2 values", "x0", "[1; 2]", NULL);
  EXPECT_PARAM_ERROR_WITH (klass, "derivative", "2 values", "x0", "[1; 2]", "derivative", "x(1)",
                           NULL);
  EXPECT_PARAM_ERROR_WITH (klass, "update", "1 values", "z0", "0", NULL);
  EXPECT_PARAM_ERROR_WITH (klass, "outputs", "formula 2", "outputs", "u1\nu1 +", NULL);
  EXPECT_PARAM_ERROR (klass, "outputs", "outputs", "u2", NULL);
  EXPECT_PARAM_ERROR (klass, "events", "activation_outputs", "2", "events", "1", NULL);
  EXPECT_PARAM_ERROR (klass, "in_sizes", "in_sizes", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (klass, "in_sizes", "in_sizes", "[0 1]", NULL);
}

static void
test_jobs (void)
{
  OrrConfig *config = CONFIGURE (klass, "in_sizes", "[1 1; 2 1]", "x0", "[1; 2]", "z0", "5",
                                 "outputs", "x(1) + z\nu2 * t", "derivative", "[x(2); -x(1) + u1]",
                                 "update", "z + x(2)", "jump", "[x(1); -x(2) * z]", "surfaces",
                                 "[x(1) - p(1); t]", "events", "p(2) * t", "activation_inputs", "1",
                                 "activation_outputs", "1", "parameters", "[0.5 2]", NULL);
  g_autoptr (OrrHarness) h = harness (klass, config, 1, 1);
  const double u1 = 3, u2[] = { 4, -1 };

  orr_harness_set_surfaces (h, 2, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);
  orr_harness_set_input (h, 0, &u1);
  orr_harness_set_input (h, 1, u2);
  h->time.t = 2;
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 6);            /* 1 + 5 */
  assert_doubles (orr_harness_output (h, 1), (double[]){ 8, -2 }, 2); /* u2 t */
  orr_harness_run (h, ORR_JOB_DERIVATIVES);
  assert_doubles (h->block.xd, (double[]){ 2, 2 }, 2); /* [x2; -x1 + u1] */
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_doubles (h->block.g, (double[]){ 0.5, 2 }, 2);
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], ==, 4);
  /* both from the values before: z = 5 + 2, x = [1; -2 * 5] */
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpfloat (h->block.z[0], ==, 7);
  assert_doubles (h->block.x, (double[]){ 1, -10 }, 2);
  /* no activation (nevprt 0): no update */
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpfloat (h->block.z[0], ==, 7);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
}

/* A run-time failure (an index from the inputs out of range) is reported
 * at an accepted point and not at a trial point. */
static void
test_run_error (void)
{
  OrrConfig *config = CONFIGURE (klass, "outputs", "p(u1)", "parameters", "[1 2]", NULL);
  g_autoptr (OrrHarness) h = harness (klass, config, 1, 1);
  const double u = 5;

  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, &u);
  h->time.phase = ORR_PHASE_TRIAL;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (h->n_errors, ==, 0);
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (h->n_errors, ==, 1);
  orr_harness_run (h, ORR_JOB_TERMINATE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/expr-custom/configure", test_configure);
  g_test_add_func ("/expr-custom/jobs", test_jobs);
  g_test_add_func ("/expr-custom/run-error", test_run_error);

  return g_test_run ();
}
