/* test-routing.c: the Routing palette's blocks one at a time, outside a
 * simulation (tests/common/block-harness.h): what configure declares, the
 * errors it gives, and what each job computes, against values worked out
 * by hand. Whole models (Mux/Demux round trip, Goto/From across a super
 * block, Switch's located switching time ...) are in
 * test-routing-models.c. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <math.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------- */

static void
outputs (OrrHarness *h, int nevprt)
{
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = nevprt;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
}

/* Gives every port of the harness's block the element type, as the
 * compiler would after resolving an inherited type (the harness's buffers
 * are big enough for any type). */
static void
retype (OrrHarness *h, OrrType type)
{
  for (int k = 0; k < h->block.n_in; k++)
    h->block.in[k].type = type;
  for (int k = 0; k < h->block.n_out; k++)
    h->block.out[k].type = type;
}

/* ---- Mux, Demux ---------------------------------------------------------- */

static void
test_mux (void)
{
  OrrConfig *config = CONFIGURE (&orr_mux_class, "inputs", "[2 1 3]", NULL);
  g_autoptr (OrrConfig) scalars = CONFIGURE (&orr_mux_class, "inputs", "3", NULL);
  g_autoptr (OrrHarness) h = NULL, bytes = NULL;
  const double a[] = { 1, 2 }, b[] = { 3 }, c[] = { 4, 5, 6 };
  const double expected[] = { 1, 2, 3, 4, 5, 6 };

  assert_ports (config, 3, 1, 0, 0);
  assert_port (input_spec (config, 0), 2, 1, ORR_TYPE_INHERIT);
  assert_port (input_spec (config, 1), 1, 1, ORR_TYPE_INHERIT);
  assert_port (input_spec (config, 2), 3, 1, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), 6, 1, ORR_TYPE_INHERIT);
  g_assert_true (input_spec (config, 2)->feedthrough);

  assert_ports (scalars, 3, 1, 0, 0);
  for (guint i = 0; i < 3; i++)
    assert_port (input_spec (scalars, i), 1, 1, ORR_TYPE_INHERIT);
  assert_port (output_spec (scalars, 0), 3, 1, ORR_TYPE_INHERIT);

  h = harness (&orr_mux_class, config, 1, 1);
  orr_harness_set_input (h, 0, a);
  orr_harness_set_input (h, 1, b);
  orr_harness_set_input (h, 2, c);
  outputs (h, 1);
  assert_doubles (orr_harness_output (h, 0), expected, 6);

  /* any element type: int8 inputs give int8 bytes, packed */
  bytes = harness (&orr_mux_class, CONFIGURE (&orr_mux_class, "inputs", "[2 1]", NULL), 1, 1);
  retype (bytes, ORR_TYPE_INT8);
  ((gint8 *)bytes->block.in[0].data)[0] = -7;
  ((gint8 *)bytes->block.in[0].data)[1] = 8;
  ((gint8 *)bytes->block.in[1].data)[0] = 9;
  outputs (bytes, 1);
  g_assert_cmpint (((gint8 *)bytes->block.out[0].data)[0], ==, -7);
  g_assert_cmpint (((gint8 *)bytes->block.out[0].data)[1], ==, 8);
  g_assert_cmpint (((gint8 *)bytes->block.out[0].data)[2], ==, 9);
}

static void
test_demux (void)
{
  OrrConfig *config = CONFIGURE (&orr_demux_class, "outputs", "[1 3 2]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 10, 20, 30, 40, 50, 60 };
  const double y0[] = { 10 }, y1[] = { 20, 30, 40 }, y2[] = { 50, 60 };

  assert_ports (config, 1, 3, 0, 0);
  assert_port (input_spec (config, 0), 6, 1, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 1), 3, 1, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 2), 2, 1, ORR_TYPE_INHERIT);

  h = harness (&orr_demux_class, config, 1, 1);
  orr_harness_set_input (h, 0, u);
  outputs (h, 1);
  assert_doubles (orr_harness_output (h, 0), y0, 1);
  assert_doubles (orr_harness_output (h, 1), y1, 3);
  assert_doubles (orr_harness_output (h, 2), y2, 2);
}

/* ---- Selector ------------------------------------------------------------- */

static void
test_selector (void)
{
  OrrConfig *config = CONFIGURE (&orr_selector_class, "indices", "[4 1 4 2]", NULL);
  g_autoptr (OrrHarness) h = NULL, past = NULL;
  /* the 2x2 matrix [1 3; 2 4], column-major: element k is k */
  const double u[] = { 1, 2, 3, 4 };
  const double expected[] = { 4, 1, 4, 2 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), 4, 1, ORR_TYPE_INHERIT);

  h = harness (&orr_selector_class, config, 2, 2);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);
  orr_harness_set_input (h, 0, u);
  outputs (h, 1);
  assert_doubles (orr_harness_output (h, 0), expected, 4);

  /* an index past the end of the input is an error when the run starts */
  past = harness (&orr_selector_class, CONFIGURE (&orr_selector_class, "indices", "[1 5]", NULL), 2,
                  2);
  orr_harness_run (past, ORR_JOB_INIT);
  g_assert_cmpint (past->n_errors, ==, 1);
  g_assert_nonnull (strstr (past->error, "index 5"));
}

/* ---- Switch ------------------------------------------------------------------ */

/* Which input the output copied: inputs 1 and 3 hold 100 and 300. */
static double
switch_output (OrrHarness *h, double control)
{
  const double first[] = { 100 }, third[] = { 300 };

  orr_harness_set_input (h, 0, first);
  orr_harness_set_input (h, 1, &control);
  orr_harness_set_input (h, 2, third);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  return orr_harness_output (h, 0)[0];
}

static OrrHarness *
switch_with (const char *rule, const char *threshold)
{
  return harness (&orr_switch_class,
                  CONFIGURE (&orr_switch_class, "rule", rule, "threshold", threshold, NULL), 1, 1);
}

static void
test_switch (void)
{
  OrrConfig *config = CONFIGURE (&orr_switch_class, NULL);
  g_autoptr (OrrConfig) plain = CONFIGURE (&orr_switch_class, "zero_crossing", "0", NULL);
  g_autoptr (OrrHarness) h = NULL, above = NULL, differs = NULL, matrix = NULL;
  const double m1[] = { 1, 2, 3, 4, 5, 6 }, m3[] = { -1, -2, -3, -4, -5, -6 };
  double control;

  assert_ports (config, 3, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  assert_port (input_spec (config, 1), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 2), -1, -2, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  for (guint i = 0; i < 3; i++)
    g_assert_true (input_spec (config, i)->feedthrough);
  g_assert_cmpint (config->ng, ==, 1);
  g_assert_cmpint (config->nmode, ==, 1);
  g_assert_cmpint (plain->ng, ==, 0);
  g_assert_cmpint (plain->nmode, ==, 0);

  /* u2 >= 0.5 */
  h = switch_with ("1", "0.5");
  orr_config_free (config);
  h->time.phase = ORR_PHASE_EVENT;
  g_assert_cmpfloat (switch_output (h, 0.5), ==, 100);
  g_assert_cmpfloat (switch_output (h, 0.4), ==, 300);
  g_assert_cmpfloat (switch_output (h, 7), ==, 100);
  /* u2 > 0.5 */
  above = switch_with ("2", "0.5");
  above->time.phase = ORR_PHASE_EVENT;
  g_assert_cmpfloat (switch_output (above, 0.5), ==, 300);
  g_assert_cmpfloat (switch_output (above, 0.6), ==, 100);
  /* u2 ~= 0.5 */
  differs = switch_with ("3", "0.5");
  differs->time.phase = ORR_PHASE_EVENT;
  g_assert_cmpfloat (switch_output (differs, 0.5), ==, 300);
  g_assert_cmpfloat (switch_output (differs, -0.5), ==, 100);

  /* modes: chosen when not fixed, with g = u2 - threshold ... */
  control = 0.25;
  orr_harness_set_input (h, 1, &control);
  h->time.modes_fixed = FALSE;
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], ==, 0.25 - 0.5);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  /* ... then held: a trial point past the threshold still copies input 3,
   * and the surface changes sign there */
  h->time.phase = ORR_PHASE_TRIAL;
  h->time.modes_fixed = TRUE;
  g_assert_cmpfloat (switch_output (h, 0.75), ==, 300);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], ==, 0.25);
  g_assert_cmpint (h->block.mode[0], ==, 2);

  /* matrices pass whole */
  matrix = harness (&orr_switch_class, CONFIGURE (&orr_switch_class, NULL), 2, 3);
  matrix->time.phase = ORR_PHASE_EVENT;
  control = -1;
  orr_harness_set_input (matrix, 0, m1);
  orr_harness_set_input (matrix, 1, &control);
  orr_harness_set_input (matrix, 2, m3);
  orr_harness_run (matrix, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (matrix, 0), m3, 6);
}

/* ---- SelectInput ----------------------------------------------------------------- */

static void
test_select_input (void)
{
  OrrConfig *config = CONFIGURE (&orr_select_input_class, "inputs", "3", NULL);
  g_autoptr (OrrConfig) drawn
    = CONFIGURE (&orr_select_input_class, "inputs", "3", "activation", "2", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 11 }, u2[] = { 2, 22 }, u3[] = { 3, 33 };

  assert_ports (config, 3, 1, 0, 0);
  g_assert_cmpint (config->inheritance, ==, ORR_INHERIT_PER_INPUT);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  g_assert_cmpint (config->nz, ==, 1);
  assert_ports (drawn, 3, 1, 3, 0);

  h = harness (&orr_select_input_class, config, 2, 1);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  orr_harness_set_input (h, 2, u3);

  /* before any activation (initialisation): input 1 */
  outputs (h, 0);
  assert_doubles (orr_harness_output (h, 0), u1, 2);
  /* activated through input 3 */
  outputs (h, 4);
  assert_doubles (orr_harness_output (h, 0), u3, 2);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpfloat (h->block.z[0], ==, 3);
  /* inputs 1 and 2 together: the higher wins */
  outputs (h, 3);
  assert_doubles (orr_harness_output (h, 0), u2, 2);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  /* called without activation bits (continuous time): still input 2 */
  outputs (h, 0);
  assert_doubles (orr_harness_output (h, 0), u2, 2);
}

/* ---- MultiportSwitch ---------------------------------------------------------------- */

/* The value copied from data inputs holding 10, 20, 30. */
static double
multiport_output (OrrHarness *h, double control)
{
  for (int k = 1; k <= 3; k++)
    {
      double v = 10.0 * k;
      orr_harness_set_input (h, k, &v);
    }
  orr_harness_set_input (h, 0, &control);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  return orr_harness_output (h, 0)[0];
}

static void
test_multiport_switch (void)
{
  OrrConfig *config = CONFIGURE (&orr_multiport_switch_class, "inputs", "3", NULL);
  g_autoptr (OrrHarness) h = NULL, zero = NULL;
  double control;

  assert_ports (config, 4, 1, 0, 0);
  assert_port (input_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -1, -2, ORR_TYPE_INHERIT);
  assert_port (input_spec (config, 3), -1, -2, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  g_assert_cmpint (config->ng, ==, 2);
  g_assert_cmpint (config->nmode, ==, 1);

  h = harness (&orr_multiport_switch_class, config, 1, 1);
  h->time.phase = ORR_PHASE_EVENT;
  g_assert_cmpfloat (multiport_output (h, 1), ==, 10);
  g_assert_cmpfloat (multiport_output (h, 2.4), ==, 20);
  g_assert_cmpfloat (multiport_output (h, 2.5), ==, 30); /* round half away from zero */
  g_assert_cmpfloat (multiport_output (h, -5), ==, 10);  /* clamped */
  g_assert_cmpfloat (multiport_output (h, 100), ==, 30);
  g_assert_cmpfloat (multiport_output (h, NAN), ==, 10);

  /* mode 2 (control 2.2): surfaces 2.2 - 1.5 and 2.5 - 2.2, both positive */
  control = 2.2;
  orr_harness_set_input (h, 0, &control);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.7, 1e-15);
  g_assert_cmpfloat_with_epsilon (h->block.g[1], 0.3, 1e-15);
  /* held while the solver integrates: 2.7 still copies input 2, and the
   * upper surface has turned negative */
  h->time.phase = ORR_PHASE_TRIAL;
  h->time.modes_fixed = TRUE;
  g_assert_cmpfloat (multiport_output (h, 2.7), ==, 20);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat_with_epsilon (h->block.g[1], -0.2, 1e-15);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  /* mode 1: no lower end, a constant surface */
  h->time.modes_fixed = FALSE;
  control = 0.2;
  orr_harness_set_input (h, 0, &control);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, 1);
  g_assert_cmpfloat (h->block.g[0], ==, 1.0);
  g_assert_cmpfloat_with_epsilon (h->block.g[1], 1.5 - 0.2, 1e-15);

  /* numbered from 0: a control of 0 picks the first, 2 the third */
  zero
    = harness (&orr_multiport_switch_class,
               CONFIGURE (&orr_multiport_switch_class, "inputs", "3", "indexing", "2", NULL), 1, 1);
  zero->time.phase = ORR_PHASE_EVENT;
  g_assert_cmpfloat (multiport_output (zero, 0), ==, 10);
  g_assert_cmpfloat (multiport_output (zero, 1.4), ==, 20);
  g_assert_cmpfloat (multiport_output (zero, 2), ==, 30);
  control = 1.2; /* mode 2: values [0.5, 1.5) */
  orr_harness_set_input (zero, 0, &control);
  orr_harness_run (zero, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (zero->block.mode[0], ==, 2);
  g_assert_cmpfloat_with_epsilon (zero->block.g[0], 0.7, 1e-15);
  g_assert_cmpfloat_with_epsilon (zero->block.g[1], 0.3, 1e-15);
}

/* ---- Goto, From, Terminator -------------------------------------------------------- */

static void
test_goto_from (void)
{
  g_autoptr (OrrConfig) local = CONFIGURE (&orr_goto_class, "tag", "'speed'", NULL);
  g_autoptr (OrrConfig) global
    = CONFIGURE (&orr_goto_class, "tag", "'speed'", "visibility", "2", NULL);
  g_autoptr (OrrConfig) from = CONFIGURE (&orr_from_class, "tag", "'speed'", NULL);

  g_assert_null (orr_goto_class.simulate);
  g_assert_cmpint (local->kind, ==, ORR_BLOCK_GOTO);
  assert_ports (local, 1, 0, 0, 0);
  assert_port (input_spec (local, 0), -1, -2, ORR_TYPE_INHERIT);
  g_assert_cmpuint (local->opar->len, ==, 1);
  g_assert_cmpstr (orr_value_get_string (g_ptr_array_index (local->opar, 0)), ==, "speed");
  g_assert_cmpint (g_array_index (local->ipar, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (global->ipar, int, 0), ==, 1);
  g_assert_cmpstr (local->label, ==, "speed");

  g_assert_null (orr_from_class.simulate);
  g_assert_cmpint (from->kind, ==, ORR_BLOCK_FROM);
  assert_ports (from, 0, 1, 0, 0);
  assert_port (output_spec (from, 0), -1, -2, ORR_TYPE_INHERIT);
  g_assert_cmpstr (orr_value_get_string (g_ptr_array_index (from->opar, 0)), ==, "speed");
}

static void
test_terminator (void)
{
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_terminator_class, NULL);

  assert_ports (config, 1, 0, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  /* it reads nothing, so it can close no algebraic loop */
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_null (orr_terminator_class.simulate);
}

/* ---- parameters each block refuses ------------------------------------ */

/* ---- buses -------------------------------------------------------------------- */

/* What the bus blocks declare: an input per name (labelled with it) of
 * any size, the roles and names the compiler's bus step reads; their runs
 * are in test-routing-models.c. */
static void
test_buses (void)
{
  g_autoptr (OrrConfig) creator
    = CONFIGURE (&orr_bus_creator_class, "names", "' speed,gains '", NULL);
  g_autoptr (OrrConfig) selector
    = CONFIGURE (&orr_bus_selector_class, "names", "'motor.speed, offsets'", NULL);
  g_autoptr (OrrConfig) assignment
    = CONFIGURE (&orr_bus_assignment_class, "names", "'motor.speed'", NULL);

  assert_ports (creator, 2, 1, 0, 0);
  assert_port (input_spec (creator, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (input_spec (creator, 1), -3, -4, ORR_TYPE_DOUBLE);
  g_assert_cmpstr (input_spec (creator, 1)->label, ==, "gains");
  g_assert_cmpint (creator->bus_role, ==, ORR_BUS_CREATOR);
  g_assert_cmpstr (creator->bus_names[0], ==, "speed");
  g_assert_cmpstr (creator->bus_names[1], ==, "gains");
  g_assert_null (creator->bus_names[2]);

  assert_ports (selector, 1, 2, 0, 0);
  g_assert_cmpint (selector->bus_role, ==, ORR_BUS_SELECTOR);
  g_assert_cmpstr (selector->bus_names[0], ==, "motor.speed");
  g_assert_cmpstr (selector->bus_names[1], ==, "offsets");

  assert_ports (assignment, 2, 1, 0, 0);
  g_assert_cmpint (assignment->bus_role, ==, ORR_BUS_ASSIGNMENT);
  g_assert_cmpstr (assignment->bus_names[0], ==, "motor.speed");
}

static const BlockParamError param_errors[] = {
  { &orr_mux_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_bus_creator_class, "names", { "names", "3", NULL, NULL } },
  { &orr_bus_creator_class, "names", { "names", "''", NULL, NULL } },
  { &orr_bus_creator_class, "names", { "names", "'a, a'", NULL, NULL } },
  { &orr_bus_creator_class, "names", { "names", "'a.b'", NULL, NULL } },
  { &orr_bus_creator_class, "names", { "names", "'2x'", NULL, NULL } },
  { &orr_bus_selector_class, "names", { "names", "'a..b'", NULL, NULL } },
  { &orr_bus_selector_class, "names", { "names", "'a, '", NULL, NULL } },
  { &orr_bus_assignment_class, "names", { "names", "'a b'", NULL, NULL } },
  { &orr_mux_class, "inputs", { "inputs", "[2 0]", NULL, NULL } },
  { &orr_mux_class, "inputs", { "inputs", "[2 1.5]", NULL, NULL } },
  { &orr_mux_class, "inputs", { "inputs", "[2 -1]", NULL, NULL } },
  { &orr_mux_class, "inputs", { "inputs", "[1 2; 3 4]", NULL, NULL } },
  { &orr_mux_class, "inputs", { "inputs", "[]", NULL, NULL } },
  { &orr_mux_class, "inputs", { "inputs", "'abc'", NULL, NULL } },
  { &orr_demux_class, "outputs", { "outputs", "1001", NULL, NULL } },
  { &orr_demux_class, "outputs", { "outputs", "[3 NaN]", NULL, NULL } },
  { &orr_selector_class, "indices", { "indices", "0", NULL, NULL } },
  { &orr_selector_class, "indices", { "indices", "[1 2.5]", NULL, NULL } },
  { &orr_selector_class, "indices", { "indices", "[]", NULL, NULL } },
  { &orr_switch_class, "rule", { "rule", "4", NULL, NULL } },
  { &orr_switch_class, "threshold", { "threshold", "Inf", NULL, NULL } },
  { &orr_switch_class, "zero_crossing", { "zero_crossing", "2", NULL, NULL } },
  { &orr_select_input_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_select_input_class, "inputs", { "inputs", "32", NULL, NULL } },
  { &orr_select_input_class, "activation", { "activation", "3", NULL, NULL } },
  { &orr_multiport_switch_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_multiport_switch_class, "indexing", { "indexing", "3", NULL, NULL } },
  { &orr_multiport_switch_class, "zero_crossing", { "zero_crossing", "0.5", NULL, NULL } },
  { &orr_goto_class, "tag", { "tag", "3", NULL, NULL } },
  { &orr_goto_class, "tag", { "tag", "''", NULL, NULL } },
  { &orr_goto_class, "visibility", { "visibility", "0", NULL, NULL } },
  { &orr_from_class, "tag", { "tag", "[1 2]", NULL, NULL } },
};

/* ---- SelectOutput, ManualSwitch ---------------------------------------------------- */

static void
test_select_output (void)
{
  OrrConfig *config = CONFIGURE (&orr_select_output_class, "outputs", "3", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 2 }, u2[] = { 5, 6 };

  assert_ports (config, 1, 3, 3, 0);
  h = harness (&orr_select_output_class, config, 2, 1);
  orr_harness_set_input (h, 0, u1);
  outputs (h, 2); /* activation 2: output 2 only */
  assert_doubles (orr_harness_output (h, 1), u1, 2);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 0, 0 }, 2);
  orr_harness_set_input (h, 0, u2);
  outputs (h, 1 | 4); /* 1 and 3 together */
  assert_doubles (orr_harness_output (h, 0), u2, 2);
  assert_doubles (orr_harness_output (h, 1), u1, 2); /* held */
  assert_doubles (orr_harness_output (h, 2), u2, 2);
  outputs (h, 0); /* a call without an activation changes nothing */
  EXPECT_PARAM_ERROR (&orr_select_output_class, "outputs", "outputs", "32", NULL);
  EXPECT_PARAM_ERROR (&orr_select_output_class, "outputs", "outputs", "0", NULL);
}

static void
test_manual_switch (void)
{
  const double a[] = { 1, 2 }, b[] = { 3, 4 };

  for (int position = 1; position <= 2; position++)
    {
      g_autofree char *p = g_strdup_printf ("%d", position);
      OrrConfig *config = CONFIGURE (&orr_manual_switch_class, "position", p, NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_ports (config, 2, 1, 0, 0);
      h = harness (&orr_manual_switch_class, config, 2, 1);
      orr_harness_set_input (h, 0, a);
      orr_harness_set_input (h, 1, b);
      outputs (h, 0);
      assert_doubles (orr_harness_output (h, 0), position == 1 ? a : b, 2);
    }
  g_assert_true (orr_manual_switch_class.params[0].tunable);
  EXPECT_PARAM_ERROR (&orr_manual_switch_class, "position", "position", "3", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/routing/mux", test_mux);
  g_test_add_func ("/routing/demux", test_demux);
  g_test_add_func ("/routing/selector", test_selector);
  g_test_add_func ("/routing/switch", test_switch);
  g_test_add_func ("/routing/select-input", test_select_input);
  g_test_add_func ("/routing/multiport-switch", test_multiport_switch);
  g_test_add_func ("/routing/goto-from", test_goto_from);
  g_test_add_func ("/routing/terminator", test_terminator);
  g_test_add_func ("/routing/select-output", test_select_output);
  g_test_add_func ("/routing/manual-switch", test_manual_switch);
  g_test_add_func ("/routing/buses", test_buses);
  block_test_add_param_errors ("/routing/param-error", param_errors, G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
