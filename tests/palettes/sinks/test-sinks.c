/* test-sinks.c: the Sinks palette's blocks one at a time, outside a
 * simulation (tests/common/block-harness.h): what configure declares, the
 * errors it gives, and what each records, against values worked out by
 * hand. Recording in real runs is in test-sinks-models.c. (ToCSV and the
 * Scope's recording are also covered by tests/blocks/test-blocks.c.) */
#include "block-test.h"
#include "orr-all-classes.h"

/* ---- helpers --------------------------------------------------------- */

static double
rpar (OrrConfig *config, guint i)
{
  g_assert_cmpuint (i, <, config->rpar->len);
  return g_array_index (config->rpar, double, i);
}

static int
ipar (OrrConfig *config, guint i)
{
  g_assert_cmpuint (i, <, config->ipar->len);
  return g_array_index (config->ipar, int, i);
}

/* Runs the outputs job in phase; the harness asserts that nothing is
 * recorded in the trial phase. */
static void
outputs (OrrHarness *h, OrrPhase phase, int nevprt)
{
  h->time.phase = phase;
  h->block.nevprt = nevprt;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
}

/* ---- Scope ---------------------------------------------------------------- */

static void
test_scope_params (void)
{
  g_autoptr (OrrConfig) plain = CONFIGURE (&orr_scope_class, NULL);
  g_autoptr (OrrConfig) clocked
    = CONFIGURE (&orr_scope_class, "inputs", "2", "ymin", "-5", "ymax", "7", "refresh", "2.5",
                 "buffer", "500", "activation", "2", NULL);

  /* inherited by default: no activation input, as before */
  assert_ports (plain, 1, 0, 0, 0);
  g_assert_cmpfloat (rpar (plain, 0), ==, -1);
  g_assert_cmpfloat (rpar (plain, 1), ==, 1);
  g_assert_cmpfloat (rpar (plain, 2), ==, 10);
  g_assert_cmpint (ipar (plain, 0), ==, 10000);

  assert_ports (clocked, 2, 0, 1, 0);
  assert_port (input_spec (clocked, 1), -2, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpfloat (rpar (clocked, 0), ==, -5);
  g_assert_cmpfloat (rpar (clocked, 1), ==, 7);
  g_assert_cmpfloat (rpar (clocked, 2), ==, 2.5);
  g_assert_cmpint (ipar (clocked, 0), ==, 500);
}

/* Clocked, the scope records exactly like inherited: one sample per call. */
static void
test_scope_clocked_records (void)
{
  g_autoptr (OrrHarness) h
    = harness (&orr_scope_class, CONFIGURE (&orr_scope_class, "activation", "2", NULL), 2, 0);
  const double u[] = { 3, -4 };

  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, u);
  outputs (h, ORR_PHASE_EVENT, 1);
  g_assert_cmpint (h->n_records, ==, 1);
  assert_doubles ((const double *)h->records->data, u, 2);
  orr_harness_run (h, ORR_JOB_TERMINATE);
}

/* ---- XYScope -------------------------------------------------------------- */

static void
test_xy_scope (void)
{
  OrrConfig *config = CONFIGURE (&orr_xy_scope_class, "xmin", "0", "xmax", "4", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double x[] = { 1, 2 }, y[] = { 3, 4 }, x2[] = { 5, 6 }, y2[] = { 7, 8 };
  const double expected[] = { 1, 2, 3, 4, 5, 6, 7, 8 };

  /* x and y: one placeholder, so one length */
  assert_ports (config, 2, 0, 0, 0);
  assert_port (input_spec (config, 0), -1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 1)->feedthrough);
  g_assert_cmpfloat (rpar (config, 0), ==, 0);
  g_assert_cmpfloat (rpar (config, 1), ==, 4);
  g_assert_cmpfloat (rpar (config, 2), ==, -1);
  g_assert_cmpfloat (rpar (config, 3), ==, 1);

  h = harness (&orr_xy_scope_class, config, 2, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, x);
  orr_harness_set_input (h, 1, y);
  outputs (h, ORR_PHASE_EVENT, 1);
  outputs (h, ORR_PHASE_TRIAL, 0);
  orr_harness_set_input (h, 0, x2);
  orr_harness_set_input (h, 1, y2);
  outputs (h, ORR_PHASE_EVENT, 0);
  g_assert_cmpint (h->n_records, ==, 2);
  g_assert_cmpint (h->record_width, ==, 4);
  assert_doubles ((const double *)h->records->data, expected, 8);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
}

/* ---- EventScope ------------------------------------------------------------- */

static void
test_event_scope (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_scope_class, "inputs", "3", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* inputs 1 and 3 together, then 2 alone */
  const double expected[] = { 1, 3, 2 };

  assert_ports (config, 0, 0, 3, 0);
  g_assert_cmpfloat (rpar (config, 0), ==, 10);
  h = harness (&orr_event_scope_class, config, 0, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  outputs (h, ORR_PHASE_EVENT, 1 | 4);
  outputs (h, ORR_PHASE_EVENT, 0); /* no activation bits: nothing */
  outputs (h, ORR_PHASE_EVENT, 2);
  g_assert_cmpint (h->n_records, ==, 3);
  g_assert_cmpint (h->record_width, ==, 1);
  assert_doubles ((const double *)h->records->data, expected, 3);
  orr_harness_run (h, ORR_JOB_TERMINATE);
}

/* ---- Display ------------------------------------------------------------------ */

static void
test_display (void)
{
  OrrConfig *config = CONFIGURE (&orr_display_class, "digits", "8", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* the 2x2 [1 3; 2 4], column by column */
  const double u[] = { 1, 2, 3, 4 };

  assert_ports (config, 1, 0, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpint (ipar (config, 0), ==, 8);
  h = harness (&orr_display_class, config, 2, 2);
  orr_harness_set_input (h, 0, u);
  outputs (h, ORR_PHASE_TRIAL, 0);
  outputs (h, ORR_PHASE_EVENT, 0);
  g_assert_cmpint (h->n_records, ==, 1);
  g_assert_cmpint (h->record_width, ==, 4);
  assert_doubles ((const double *)h->records->data, u, 4);
}

/* ---- SignalOut ------------------------------------------------------------------ */

static void
test_signal_out (void)
{
  OrrConfig *config = CONFIGURE (&orr_signal_out_class, "name", "'speed'", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 2.5, -1 };

  assert_ports (config, 1, 0, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpuint (config->opar->len, ==, 1);
  g_assert_cmpstr (orr_value_get_string (g_ptr_array_index (config->opar, 0)), ==, "speed");
  g_assert_cmpstr (config->label, ==, "speed");

  h = harness (&orr_signal_out_class, config, 2, 1);
  orr_harness_set_input (h, 0, u);
  outputs (h, ORR_PHASE_EVENT, 0);
  outputs (h, ORR_PHASE_TRIAL, 0);
  g_assert_cmpint (h->n_records, ==, 1);
  assert_doubles ((const double *)h->records->data, u, 2);
  g_assert_cmpstr (orr_value_get_string (h->block.opar[0]), ==, "speed");
}

/* ---- ToBase ---------------------------------------------------------------------- */

/* The stored value under name: a rows x cols real matrix equal to want. */
static void
assert_stored (OrrHarness *h, const char *name, int rows, int cols, const double *want)
{
  g_autoptr (OrrValue) v = orr_base_lookup (h->base, name);

  g_assert_nonnull (v);
  g_assert_cmpint (orr_value_rows (v), ==, rows);
  g_assert_cmpint (orr_value_cols (v), ==, cols);
  for (int i = 0; i < rows * cols; i++)
    g_assert_cmpfloat (orr_value_get_real (v, i), ==, want[i]);
}

static void
test_to_base (void)
{
  OrrConfig *each = CONFIGURE (&orr_to_base_class, "name", "'p'", "when", "1", NULL);
  OrrConfig *at_end = CONFIGURE (&orr_to_base_class, "name", "'q'", NULL);
  g_autoptr (OrrHarness) h = NULL, e = NULL;
  const double first[] = { 1, 2, 3, 4, 5, 6 }, second[] = { -1, -2, -3, -4, -5, -6 };
  g_auto (GStrv) names = NULL;

  /* any real matrix in, feedthrough (the outputs job reads it), no out */
  assert_ports (each, 1, 0, 0, 0);
  assert_port (input_spec (each, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (each, 0)->feedthrough);
  g_assert_cmpstr (orr_value_get_string (g_ptr_array_index (each->opar, 0)), ==, "p");
  g_assert_cmpint (ipar (each, 0), ==, 1);
  g_assert_cmpstr (each->label, ==, "p");
  g_assert_cmpint (ipar (at_end, 0), ==, 2); /* the default: at the end */

  /* at each activation, never at a trial point: a 2x3 input, column-major */
  h = harness (&orr_to_base_class, each, 2, 3);
  orr_harness_set_input (h, 0, first);
  outputs (h, ORR_PHASE_EVENT, 1);
  assert_stored (h, "p", 2, 3, first);
  orr_harness_set_input (h, 0, second);
  outputs (h, ORR_PHASE_TRIAL, 1);
  assert_stored (h, "p", 2, 3, first);
  outputs (h, ORR_PHASE_EVENT, 1);
  assert_stored (h, "p", 2, 3, second);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  assert_stored (h, "p", 2, 3, second);

  /* at the end only: the input as it is when the run terminates */
  e = harness (&orr_to_base_class, at_end, 1, 2);
  orr_harness_set_input (e, 0, first);
  outputs (e, ORR_PHASE_EVENT, 1);
  names = orr_base_list (e->base);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
  orr_harness_set_input (e, 0, second);
  e->time.phase = ORR_PHASE_TERMINATE;
  orr_harness_run (e, ORR_JOB_TERMINATE);
  assert_stored (e, "q", 1, 2, second);
}

/* ---- parameters each block refuses ------------------------------------ */

static const BlockParamError param_errors[] = {
  { &orr_scope_class, "ymax", { "ymin", "1", "ymax", "1" } },
  { &orr_scope_class, "ymin", { "ymin", "-Inf", NULL, NULL } },
  { &orr_scope_class, "refresh", { "refresh", "0", NULL, NULL } },
  { &orr_scope_class, "buffer", { "buffer", "1", NULL, NULL } },
  { &orr_scope_class, "buffer", { "buffer", "100.5", NULL, NULL } },
  { &orr_scope_class, "activation", { "activation", "3", NULL, NULL } },
  { &orr_xy_scope_class, "xmax", { "xmin", "2", "xmax", "1" } },
  { &orr_xy_scope_class, "ymax", { "ymax", "-3", NULL, NULL } },
  { &orr_xy_scope_class, "buffer", { "buffer", "0", NULL, NULL } },
  { &orr_event_scope_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_event_scope_class, "inputs", { "inputs", "32", NULL, NULL } },
  { &orr_event_scope_class, "refresh", { "refresh", "-1", NULL, NULL } },
  { &orr_display_class, "digits", { "digits", "0", NULL, NULL } },
  { &orr_display_class, "digits", { "digits", "18", NULL, NULL } },
  { &orr_signal_out_class, "name", { "name", "3", NULL, NULL } },
  { &orr_signal_out_class, "name", { "name", "''", NULL, NULL } },
  { &orr_signal_out_class, "name", { "name", "'a,b'", NULL, NULL } },
  { &orr_signal_out_class, "name", { "name", "'say \"hi\"'", NULL, NULL } },
  { &orr_to_base_class, "name", { "name", "3", NULL, NULL } },
  { &orr_to_base_class, "name", { "name", "''", NULL, NULL } },
  { &orr_to_base_class, "name", { "name", "'2p'", NULL, NULL } },
  { &orr_to_base_class, "name", { "name", "'a b'", NULL, NULL } },
  { &orr_to_base_class, "when", { "when", "3", NULL, NULL } },
};

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sinks/scope-params", test_scope_params);
  g_test_add_func ("/sinks/scope-clocked-records", test_scope_clocked_records);
  g_test_add_func ("/sinks/xy-scope", test_xy_scope);
  g_test_add_func ("/sinks/event-scope", test_event_scope);
  g_test_add_func ("/sinks/display", test_display);
  g_test_add_func ("/sinks/signal-out", test_signal_out);
  g_test_add_func ("/sinks/to-base", test_to_base);
  block_test_add_param_errors ("/sinks/param-error", param_errors, G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
