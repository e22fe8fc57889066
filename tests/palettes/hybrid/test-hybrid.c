/* test-hybrid.c: the Hybrid palette's blocks one at a time in the block
 * harness: ports, states and surfaces their parameters declare, their
 * errors, and each job (residuals, surfaces, transitions and resets)
 * against values worked out by hand; LastInput through its hooks, called
 * as the simulator would. Exact comparisons: the jobs copy and
 * subtract. Their behaviour in DAE runs is in test-hybrid-models.c. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <string.h>

static const OrrBlockClass *const palette[] = {
  &orr_automaton_class,
  &orr_implicit_derivative_class,
  &orr_constraint_class,
  &orr_last_input_class,
};

static void
test_palette (void)
{
  assert_palette ("hybrid", "Hybrid", palette, G_N_ELEMENTS (palette), orr_palette_hybrid_register);
  /* all but LastInput hold implicit states */
  for (gsize i = 0; i < G_N_ELEMENTS (palette) - 1; i++)
    {
      g_autoptr (OrrConfig) config = CONFIGURE (palette[i], NULL);

      g_assert_true (config->implicit);
      g_assert_true (config->always_active);
      for (guint k = 0; k < config->inputs->len; k++)
        g_assert_false (input_spec (config, k)->feedthrough);
    }
}

/* Three modes over two states: mode 1 jumps to 2 or 3, mode 2 to 1, mode
 * 3 nowhere. */
static void
test_automaton (void)
{
  OrrConfig *config
    = CONFIGURE (&orr_automaton_class, "modes", "3", "targets", "[2 3; 1 0; 0 0]", "initial_mode",
                 "1", "x0", "[1; 2]", "xproperties", "[1 1; 1 -1; 1 1]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* input i = [F (2); Reset (2); jumps (Z_i)] */
  const double in1[] = { 0.5, -0.5, 10, 20, -1, 3 };
  const double in2[] = { 7, 8, 30, 40, -2 };
  const double in3[] = { 1, 1, 50, 60 };
  const double xd[] = { 0.25, -4 };

  assert_ports (config, 3, 2, 0, 1);
  assert_port (input_spec (config, 0), 6, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), 5, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 2), 4, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 1), 4, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->nx, ==, 2);
  g_assert_cmpint (config->ng, ==, 2);
  g_assert_cmpint (config->nz, ==, 2);
  h = harness (&orr_automaton_class, config, 1, 1);
  orr_harness_set_surfaces (h, 2, 0);
  orr_harness_set_input (h, 0, in1);
  orr_harness_set_input (h, 1, in2);
  orr_harness_set_input (h, 2, in3);
  h->block.xd[0] = xd[0];
  h->block.xd[1] = xd[1];

  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 1, 1 }, 2);
  assert_doubles (orr_harness_output (h, 1), (double[]){ 1, 2, 0.25, -4 }, 4);
  /* mode 1: the residual is F_1, the surfaces its two jump functions */
  orr_harness_run (h, ORR_JOB_DERIVATIVES);
  assert_doubles (h->block.res, (double[]){ 0.5, -0.5 }, 2);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_doubles (h->block.g, (double[]){ -1, 3 }, 2);

  /* jump function 1 crossed upwards: to mode 2, x reset by Reset_2, an
   * event on the output */
  h->block.nevprt = -1;
  h->block.jroot[0] = 1;
  h->block.jroot[1] = 0;
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], ==, 0);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  assert_doubles (h->block.x, (double[]){ 30, 40 }, 2);
  assert_doubles (h->block.z, (double[]){ 2, 1 }, 2);

  /* mode 2 has one jump function; the unused slot is a constant 1 */
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_doubles (h->block.g, (double[]){ -2, 1 }, 2);
  orr_harness_run (h, ORR_JOB_DERIVATIVES);
  assert_doubles (h->block.res, (double[]){ 7, 8 }, 2);

  /* a crossing downwards is no transition */
  h->block.nevprt = -1;
  h->block.jroot[0] = -1;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], <, 0);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  assert_doubles (h->block.z, (double[]){ 2, 1 }, 2);

  EXPECT_PARAM_ERROR (&orr_automaton_class, "targets", "modes", "2", "targets", "[2 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_automaton_class, "targets", "modes", "2", "targets", "[3; 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_automaton_class, "targets", "modes", "2", "targets", "[0 2; 1 0]", NULL);
  EXPECT_PARAM_ERROR (&orr_automaton_class, "initial_mode", "initial_mode", "3", NULL);
  EXPECT_PARAM_ERROR (&orr_automaton_class, "xproperties", "xproperties", "[1 0]", NULL);
  EXPECT_PARAM_ERROR (&orr_automaton_class, "xproperties", "xproperties", "[1 1 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_automaton_class, "x0", "x0", "[1; NaN]", NULL);
}

static void
test_implicit_derivative_and_constraint (void)
{
  OrrConfig *d = CONFIGURE (&orr_implicit_derivative_class, "x0", "[1 2]", NULL);
  OrrConfig *c = CONFIGURE (&orr_constraint_class, "y0", "[3; 4]", NULL);
  g_autoptr (OrrHarness) hd = NULL, hc = NULL;

  assert_ports (d, 1, 1, 0, 0);
  assert_ports (c, 1, 1, 0, 0);
  hd = harness (&orr_implicit_derivative_class, d, 1, 1);
  hc = harness (&orr_constraint_class, c, 1, 1);
  /* derivative: residual x - u, output x' */
  orr_harness_set_input (hd, 0, (double[]){ 0.5, 5 });
  hd->block.xd[0] = 7;
  hd->block.xd[1] = -7;
  orr_harness_run (hd, ORR_JOB_DERIVATIVES);
  assert_doubles (hd->block.res, (double[]){ 0.5, -3 }, 2);
  orr_harness_run (hd, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (hd, 0), (double[]){ 7, -7 }, 2);
  /* constraint: residual u, output y */
  orr_harness_set_input (hc, 0, (double[]){ -1, 0.25 });
  orr_harness_run (hc, ORR_JOB_DERIVATIVES);
  assert_doubles (hc->block.res, (double[]){ -1, 0.25 }, 2);
  orr_harness_run (hc, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (hc, 0), (double[]){ 3, 4 }, 2);
  EXPECT_PARAM_ERROR (&orr_implicit_derivative_class, "x0", "x0", "[]", NULL);
  EXPECT_PARAM_ERROR (&orr_constraint_class, "y0", "y0", "'a'", NULL);
}

/* LastInput with external activation: the event outputs what the
 * left-limit hook took, not the input of the event itself, and nothing
 * changes without an event. Integer signals are copied as they are. */
static void
test_last_input_external (void)
{
  OrrConfig *config = CONFIGURE (&orr_last_input_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  g_autoptr (OrrHarness) ints = NULL;
  const gint16 before[] = { -3, 7 }, after[] = { 100, 200 };

  assert_ports (config, 1, 1, 1, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_false (config->always_active);
  h = harness (&orr_last_input_class, config, 2, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_nonnull (h->left_limit_hook);
  g_assert_null (h->step_hook);
  h->time.phase = ORR_PHASE_EVENT;
  h->time.t = 1;
  orr_harness_set_input (h, 0, (double[]){ 1.5, -2 });
  orr_harness_call_left_limit_hook (h);
  /* the event's own jump reaches the input before the block runs */
  orr_harness_set_input (h, 0, (double[]){ 0, 0 });
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 1.5, -2 }, 2);
  /* called at other times (the editor, a refresh): unchanged */
  h->block.nevprt = 0;
  h->time.t = 1.5;
  orr_harness_set_input (h, 0, (double[]){ 9, 9 });
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 1.5, -2 }, 2);

  ints = harness (&orr_last_input_class, CONFIGURE (&orr_last_input_class, NULL), 2, 1);
  ints->block.in[0].type = ORR_TYPE_INT16;
  ints->block.out[0].type = ORR_TYPE_INT16;
  orr_harness_run (ints, ORR_JOB_INIT);
  memcpy (ints->block.in[0].data, before, sizeof before);
  orr_harness_call_left_limit_hook (ints);
  memcpy (ints->block.in[0].data, after, sizeof after);
  ints->block.nevprt = 1;
  orr_harness_run (ints, ORR_JOB_OUTPUTS);
  g_assert_cmpmem (ints->block.out[0].data, sizeof before, before, sizeof before);

  EXPECT_PARAM_ERROR (&orr_last_input_class, "external", "external", "2", NULL);
}

/* LastInput inheriting its activation, continuously active: after the
 * accepted steps t = 1 (input 10) and t = 2 (input 20), a trial point at
 * 2.5 and the step 3 itself output 20, and a call at t = 2 again the
 * value of the step before, 10. */
static void
test_last_input_inherited (void)
{
  OrrConfig *config = CONFIGURE (&orr_last_input_class, "external", "0", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 1, 1, 0, 0);
  h = harness (&orr_last_input_class, config, 1, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_nonnull (h->step_hook);
  h->block.nevprt = 0;
  h->time.phase = ORR_PHASE_TRIAL;
  h->time.t = 0.5;
  orr_harness_set_input (h, 0, (double[]){ 5 });
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 0 }, 1);
  h->time.t = 1;
  orr_harness_set_input (h, 0, (double[]){ 10 });
  g_assert_false (orr_harness_call_step_hook (h));
  h->time.t = 2;
  orr_harness_set_input (h, 0, (double[]){ 20 });
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 10 }, 1);
  orr_harness_call_step_hook (h);
  h->time.t = 2.5;
  orr_harness_set_input (h, 0, (double[]){ 25 });
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 20 }, 1);
  h->time.t = 2;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 10 }, 1);
  /* an inherited event: the left limit, as with the port */
  h->time.t = 3;
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_set_input (h, 0, (double[]){ 30 });
  orr_harness_call_left_limit_hook (h);
  orr_harness_set_input (h, 0, (double[]){ 31 });
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 30 }, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hybrid/palette", test_palette);
  g_test_add_func ("/hybrid/automaton", test_automaton);
  g_test_add_func ("/hybrid/implicit-derivative-and-constraint",
                   test_implicit_derivative_and_constraint);

  g_test_add_func ("/hybrid/last-input/external", test_last_input_external);
  g_test_add_func ("/hybrid/last-input/inherited", test_last_input_inherited);
  return g_test_run ();
}
