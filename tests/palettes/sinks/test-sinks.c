/* test-sinks.c: the Sinks palette's blocks one at a time, outside a
 * simulation (tests/common/block-harness.h): what configure declares, the
 * errors it gives, and what each records, against values worked out by
 * hand. Recording in real runs is in test-sinks-models.c. (ToCSV and the
 * Scope's recording are also covered by tests/blocks/test-blocks.c.) */
#include "block-test.h"
#include "orr-all-classes.h"

#include <matio.h>
#include <string.h>
#include <glib/gstdio.h>

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

/* ---- MultiScope ---------------------------------------------------------------- */

/* One range for all plots or one per plot, kept as { refresh, ymin, ymax
 * per plot }; each input its own length; a record is the inputs
 * concatenated, at accepted points only. */
static void
test_multi_scope (void)
{
  g_autoptr (OrrConfig) plain = CONFIGURE (&orr_multi_scope_class, NULL);
  OrrConfig *config = CONFIGURE (&orr_multi_scope_class, "inputs", "3", "ymin", "[0 -5 2]", "ymax",
                                 "[1 5 3]", "refresh", "4", "activation", "2", NULL);
  const double plain_rpar[] = { 10, -1, 1, -1, 1 };
  const double rpar3[] = { 4, 0, 1, -5, 5, 2, 3 };
  const double a[] = { 1, 2 }, b[] = { 3 }, c[] = { 4, 5 }, expected[] = { 1, 2, 3, 4, 5 };
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (plain, 2, 0, 0, 0);
  for (guint i = 0; i < G_N_ELEMENTS (plain_rpar); i++)
    g_assert_cmpfloat (rpar (plain, i), ==, plain_rpar[i]);
  g_assert_cmpint (ipar (plain, 0), ==, 10000);

  assert_ports (config, 3, 0, 1, 0);
  assert_port (input_spec (config, 0), -1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -2, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 2), -3, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpuint (config->rpar->len, ==, G_N_ELEMENTS (rpar3));
  for (guint i = 0; i < G_N_ELEMENTS (rpar3); i++)
    g_assert_cmpfloat (rpar (config, i), ==, rpar3[i]);

  /* -3 is not a harness placeholder: a 3-input scope with lengths 2, 1, 2
   * is checked through two of them */
  h = harness (&orr_multi_scope_class, CONFIGURE (&orr_multi_scope_class, "inputs", "2", NULL), 2,
               1);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, a);
  orr_harness_set_input (h, 1, b);
  outputs (h, ORR_PHASE_EVENT, 0);
  outputs (h, ORR_PHASE_TRIAL, 0);
  orr_harness_set_input (h, 0, c);
  outputs (h, ORR_PHASE_EVENT, 0);
  g_assert_cmpint (h->n_records, ==, 2);
  g_assert_cmpint (h->record_width, ==, 3);
  assert_doubles ((const double *)h->records->data, expected, 3);
  assert_doubles ((const double *)h->records->data + 3, (const double[]){ 4, 5, 3 }, 3);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
  orr_config_free (config);
}

/* ---- Anim2D ---------------------------------------------------------------- */

/* Two inputs, circles and coloured rectangles: the columns each kind
 * needs, two activation inputs, the drawing parameters in ipar and rpar
 * (the colour table row after row), and one record per activated call,
 * { what, input 1, input 2 } with what = nevprt (1 move, 2 snapshot, 3
 * both); nothing at a trial point or at a call with no activation. */
static void
test_anim2d (void)
{
  OrrConfig *config = CONFIGURE (&orr_anim2d_class, "inputs", "2", "kinds", "[3 -104]", "geometry",
                                 "[0 4 0 2]", "colors", "[1 0 0; -1 -1 -1]", "zoom", "50", NULL);
  const double expected_rpar[] = { 0, 4, 0, 2, 50, 1, 0, 0, -1, -1, -1 };
  const int expected_ipar[] = { 2, 3, -104, 2 };
  const double circle[] = { 1, 2, 0.5 };
  /* two rectangles, column-major: x, y, w, h, r, g, b */
  const double rects[] = { 0, 1, 0, 1, 1, 2, 1, 2, 0, 1, 0.5, 0.5, 1, 0 };
  g_autoptr (OrrHarness) h = NULL;
  const double *records;

  assert_ports (config, 2, 0, 2, 0);
  assert_port (input_spec (config, 0), -1, 3, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -2, 7, ORR_TYPE_DOUBLE);
  g_assert_cmpuint (config->rpar->len, ==, G_N_ELEMENTS (expected_rpar));
  for (guint i = 0; i < G_N_ELEMENTS (expected_rpar); i++)
    g_assert_cmpfloat (rpar (config, i), ==, expected_rpar[i]);
  g_assert_cmpuint (config->ipar->len, ==, G_N_ELEMENTS (expected_ipar));
  for (guint i = 0; i < G_N_ELEMENTS (expected_ipar); i++)
    g_assert_cmpint (ipar (config, i), ==, expected_ipar[i]);

  h = harness (&orr_anim2d_class, config, 1, 2);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, circle);
  orr_harness_set_input (h, 1, rects);
  outputs (h, ORR_PHASE_EVENT, 1);
  outputs (h, ORR_PHASE_TRIAL, 1);
  outputs (h, ORR_PHASE_EVENT, 0);
  outputs (h, ORR_PHASE_EVENT, 2);
  outputs (h, ORR_PHASE_EVENT, 3);
  g_assert_cmpint (h->n_records, ==, 3);
  g_assert_cmpint (h->record_width, ==, 1 + 3 + 14);
  records = (const double *)h->records->data;
  for (int k = 0; k < 3; k++)
    {
      g_assert_cmpfloat (records[18 * k], ==, k + 1);
      assert_doubles (records + 18 * k + 1, circle, 3);
      assert_doubles (records + 18 * k + 4, rects, 14);
    }
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
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
  { &orr_multi_scope_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_multi_scope_class, "ymin", { "inputs", "3", "ymin", "[0 1]" } },
  { &orr_multi_scope_class, "ymax", { "inputs", "2", "ymax", "[1 2 3]" } },
  { &orr_multi_scope_class, "ymax", { "ymin", "[0 1]", "ymax", "[1 1]" } },
  { &orr_multi_scope_class, "ymin", { "ymin", "-Inf", NULL, NULL } },
  { &orr_multi_scope_class, "refresh", { "refresh", "0", NULL, NULL } },
  { &orr_multi_scope_class, "buffer", { "buffer", "1", NULL, NULL } },
  { &orr_multi_scope_class, "activation", { "activation", "3", NULL, NULL } },
  { &orr_anim2d_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_anim2d_class, "kinds", { "inputs", "3", "kinds", "[1 2]" } },
  { &orr_anim2d_class, "kinds", { "kinds", "6", NULL, NULL } },
  { &orr_anim2d_class, "kinds", { "kinds", "3.5", NULL, NULL } },
  { &orr_anim2d_class, "geometry", { "geometry", "[0 1 0]", NULL, NULL } },
  { &orr_anim2d_class, "geometry", { "geometry", "[1 0 0 1]", NULL, NULL } },
  { &orr_anim2d_class, "geometry", { "geometry", "[0 1 0 Inf]", NULL, NULL } },
  { &orr_anim2d_class, "colors", { "colors", "[1 0]", NULL, NULL } },
  { &orr_anim2d_class, "colors", { "colors", "[1 0 1.5]", NULL, NULL } },
  { &orr_anim2d_class, "zoom", { "zoom", "0", NULL, NULL } },
};

/* ---- ToMat ----------------------------------------------------------------------- */

/* The variable name of the MAT file at path, read back through matio
 * (independently of FromMat): its rows x cols doubles, column-major. */
static double *
read_mat (const char *path, const char *name, size_t *rows, size_t *cols)
{
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  matvar_t *var;
  double *data;

  g_assert_nonnull (mat);
  var = Mat_VarRead (mat, name);
  g_assert_nonnull (var);
  g_assert_cmpint (var->class_type, ==, MAT_C_DOUBLE);
  g_assert_cmpint (var->rank, ==, 2);
  g_assert_false (var->isComplex);
  *rows = var->dims[0];
  *cols = var->dims[1];
  data = g_memdup2 (var->data, *rows * *cols * sizeof (double));
  Mat_VarFree (var);
  Mat_Close (mat);
  return data;
}

static void
test_to_mat (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-to-mat-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "out.mat", NULL);
  g_autofree char *quoted = g_strdup_printf ("'%s'", path);
  OrrConfig *config = CONFIGURE (&orr_to_mat_class, "file", quoted, "variable", "'sig'", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* a 2x1 input at t = 0, 0.1 (and a trial point between, not kept) */
  const double u0[] = { 1.0 / 3, -0.0 }, u1[] = { G_PI, 1e-310 }, junk[] = { 99, 99 };
  const double want[] = { 0, 0.1, 1.0 / 3, G_PI, -0.0, 1e-310 };
  g_autofree double *got = NULL;
  size_t rows, cols;

  g_assert_no_error (error);
  assert_ports (config, 1, 0, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpstr (config->label, ==, "sig");

  h = harness (&orr_to_mat_class, config, 2, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR)); /* created at once */
  h->time.t = 0;
  orr_harness_set_input (h, 0, u0);
  outputs (h, ORR_PHASE_EVENT, 1);
  h->time.t = 0.05;
  orr_harness_set_input (h, 0, junk);
  outputs (h, ORR_PHASE_TRIAL, 1);
  h->time.t = 0.1;
  orr_harness_set_input (h, 0, u1);
  outputs (h, ORR_PHASE_EVENT, 1);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->error);
  g_assert_null (h->block.work);

  /* [t u1 u2], one row per accepted call, the same bits */
  got = read_mat (path, "sig", &rows, &cols);
  g_assert_cmpuint (rows, ==, 2);
  g_assert_cmpuint (cols, ==, 3);
  g_assert_cmpmem (got, sizeof want, want, sizeof want);
  g_remove (path);

  /* a directory that does not exist: the error names the block's file at init */
  {
    g_autoptr (OrrHarness) bad
      = harness (&orr_to_mat_class,
                 CONFIGURE (&orr_to_mat_class, "file", "'/nonexistent/dir/out.mat'", NULL), 1, 1);

    orr_harness_run (bad, ORR_JOB_INIT);
    g_assert_nonnull (bad->error);
    g_assert_nonnull (strstr (bad->error, "/nonexistent/dir/out.mat"));
    outputs (bad, ORR_PHASE_EVENT, 1);
    orr_harness_run (bad, ORR_JOB_TERMINATE);
  }
  g_rmdir (dir);

  EXPECT_PARAM_ERROR (&orr_to_mat_class, "file", "file", "3", NULL);
  EXPECT_PARAM_ERROR (&orr_to_mat_class, "file", "file", "''", NULL);
  EXPECT_PARAM_ERROR (&orr_to_mat_class, "variable", "variable", "'2y'", NULL);
  EXPECT_PARAM_ERROR (&orr_to_mat_class, "variable", "variable", "'a b'", NULL);
  EXPECT_PARAM_ERROR (&orr_to_mat_class, "variable", "variable", "''", NULL);
}

/* SignalOut leaves its samples in the base at the end, [t u(:)'] per
 * accepted call, when its name is a variable name; not otherwise. */
static void
test_signal_out_base (void)
{
  g_autoptr (OrrHarness) h = harness (
    &orr_signal_out_class, CONFIGURE (&orr_signal_out_class, "name", "'sig'", NULL), 2, 1);
  g_autoptr (OrrHarness) spaced = harness (
    &orr_signal_out_class, CONFIGURE (&orr_signal_out_class, "name", "'my signal'", NULL), 1, 1);
  const double a[] = { 1, 2 }, b[] = { 3, 4 }, junk[] = { 9, 9 };
  /* 2 rows x 3 columns, column-major: t, u1, u2 */
  const double want[] = { 0, 0.5, 1, 3, 2, 4 };
  g_autoptr (OrrValue) v = NULL;
  g_auto (GStrv) names = NULL;

  orr_harness_run (h, ORR_JOB_INIT);
  h->time.t = 0;
  orr_harness_set_input (h, 0, a);
  outputs (h, ORR_PHASE_EVENT, 1);
  outputs (h, ORR_PHASE_EVENT, 1); /* an identical repeat: dropped */
  h->time.t = 0.25;
  orr_harness_set_input (h, 0, junk);
  outputs (h, ORR_PHASE_TRIAL, 1);
  h->time.t = 0.5;
  orr_harness_set_input (h, 0, b);
  outputs (h, ORR_PHASE_EVENT, 1);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
  v = orr_base_lookup (h->base, "sig");
  g_assert_nonnull (v);
  g_assert_cmpint (orr_value_rows (v), ==, 2);
  g_assert_cmpint (orr_value_cols (v), ==, 3);
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat (orr_value_get_real (v, i), ==, want[i]);

  orr_harness_run (spaced, ORR_JOB_INIT);
  orr_harness_set_input (spaced, 0, a);
  outputs (spaced, ORR_PHASE_EVENT, 1);
  orr_harness_run (spaced, ORR_JOB_TERMINATE);
  names = orr_base_list (spaced->base);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
}

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
  g_test_add_func ("/sinks/multi-scope", test_multi_scope);
  g_test_add_func ("/sinks/anim2d", test_anim2d);
  g_test_add_func ("/sinks/to-mat", test_to_mat);
  g_test_add_func ("/sinks/signal-out-base", test_signal_out_base);
  block_test_add_param_errors ("/sinks/param-error", param_errors, G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
