/* test-fmi.c: FMI 2.0 import, with the test FMUs of fmus/ (built and
 * packed by meson into $FMU_DIR): their descriptions against the XML
 * written by hand, the unpacking cache, refusals with clear messages, and
 * diagrams with FMU blocks simulated in the engine and through orrery-sim
 * against analytic solutions:
 *  - the bouncing ball's impacts at t1 (1 + 2 e + ... + 2 e^(k-1)),
 *    t1 = sqrt(2 h0 / g), as in SEMANTICS.md section 9 (1e-4);
 *  - the lag's step response 1 - exp(-t/T) (1e-6), in a feedback loop
 *    0.5 (1 - exp(-2t/T)), restarted from 0 by its time event, and held
 *    near x_max by its step events;
 *  - the Co-Simulation integrator: at t_k, the sum of u(t_j) h over the
 *    steps before (1e-12). */
#include "model-run.h"

#include <orrery/orr-io.h>
#include <orrery/orr-extra-params.h>
#include <orrery/orr-fmu.h>
#include <orrery/orr-interface.h>

#include "custom/custom-classes.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#define G 9.81
#define H0 10.0

static char *cache_dir;

/* The FMUs here are the test's own: their native code is trusted (the
 * untrusted case is /fmi/untrusted). */
static const RunSetup trusted = { .options = { .trust_native_code = TRUE } };

static char *
fmu_path (const char *name)
{
  return g_build_filename (g_getenv ("FMU_DIR"), name, NULL);
}

/* The k-th impact (from 1) of a ball dropped from H0 with restitution e. */
static double
impact_time (int k, double e)
{
  double t1 = sqrt (2 * H0 / G), t = t1;

  for (int j = 1; j < k; j++)
    t += 2 * t1 * pow (e, j);
  return t;
}

/* ---- descriptions --------------------------------------------------------- */

static const OrrFmuVariable *
variable (const OrrFmuDescription *d, const char *name)
{
  const OrrFmuVariable *v = orr_fmu_description_find (d, name);

  g_assert_nonnull (v);
  return v;
}

static void
test_describe_ball (void)
{
  g_autofree char *path = fmu_path ("bouncing_ball.fmu");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrFmuDescription) d = orr_fmu_describe (path, &error);
  const OrrFmuVariable *v;
  const OrrFmuUnknown *u;

  g_assert_no_error (error);
  g_assert_cmpstr (d->fmi_version, ==, "2.0");
  g_assert_cmpstr (d->model_name, ==, "BouncingBall");
  g_assert_cmpstr (d->guid, ==, "{8c4e810f-3df3-4a00-8276-176fa3c9f000}");
  g_assert_cmpstr (d->description, ==, "A ball bouncing on the floor");
  g_assert_cmpint (d->interfaces, ==, ORR_FMU_MODEL_EXCHANGE);
  g_assert_cmpstr (d->me_identifier, ==, "bouncing_ball");
  g_assert_null (d->cs_identifier);
  g_assert_false (d->me_can_get_and_set_fmu_state);
  g_assert_true (d->me_completed_integrator_step_not_needed);
  g_assert_cmpuint (d->n_event_indicators, ==, 1);
  g_assert_true (d->has_default_experiment);
  g_assert_cmpfloat (d->start_time, ==, 0);
  g_assert_cmpfloat (d->stop_time, ==, 12);
  g_assert_cmpfloat (d->tolerance, ==, 1e-8);
  g_assert_true (isnan (d->step_size));

  g_assert_cmpuint (d->variables->len, ==, 6);
  v = variable (d, "h");
  g_assert_cmpuint (v->value_reference, ==, 0);
  g_assert_cmpint (v->causality, ==, ORR_FMU_CAUSALITY_OUTPUT);
  g_assert_cmpint (v->variability, ==, ORR_FMU_VARIABILITY_CONTINUOUS);
  g_assert_cmpint (v->type, ==, ORR_FMU_REAL);
  g_assert_cmpstr (v->start, ==, "10");
  g_assert_cmpstr (v->description, ==, "height above the floor");
  v = variable (d, "der(v)");
  g_assert_cmpint (v->causality, ==, ORR_FMU_CAUSALITY_LOCAL); /* as written */
  g_assert_cmpint (v->derivative, ==, 3);
  g_assert_null (v->start);
  v = variable (d, "e");
  g_assert_cmpuint (v->value_reference, ==, 5);
  g_assert_cmpint (v->causality, ==, ORR_FMU_CAUSALITY_PARAMETER);
  g_assert_cmpint (v->variability, ==, ORR_FMU_VARIABILITY_TUNABLE);
  g_assert_cmpstr (v->start, ==, "0.9");
  v = variable (d, "g");
  g_assert_cmpint (v->variability, ==, ORR_FMU_VARIABILITY_FIXED);

  g_assert_cmpuint (d->outputs->len, ==, 2);
  u = &g_array_index (d->outputs, OrrFmuUnknown, 1);
  g_assert_cmpint (u->index, ==, 3);
  g_assert_true (u->dependencies_given);
  g_assert_cmpuint (u->dependencies->len, ==, 0);
  g_assert_cmpint (d->n_states, ==, 2);
  u = &g_array_index (d->derivatives, OrrFmuUnknown, 0);
  g_assert_cmpint (u->index, ==, 2);
  g_assert_cmpuint (u->dependencies->len, ==, 1);
  g_assert_cmpint (g_array_index (u->dependencies, int, 0), ==, 3);
  g_assert_cmpuint (d->initial_unknowns->len, ==, 0);
}

static void
test_describe_lag_and_integrator (void)
{
  g_autofree char *lag_path = fmu_path ("lag.fmu");
  g_autofree char *int_path = fmu_path ("integrator.fmu");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrFmuDescription) lag = orr_fmu_describe (lag_path, &error);
  g_autoptr (OrrFmuDescription) integrator = NULL;
  g_autoptr (GPtrArray) inputs = NULL;
  g_autoptr (GPtrArray) params = NULL;

  g_assert_no_error (error);
  g_assert_false (lag->me_completed_integrator_step_not_needed);
  inputs = orr_fmu_description_ports (lag, ORR_FMU_CAUSALITY_INPUT);
  g_assert_cmpuint (inputs->len, ==, 1);
  g_assert_cmpstr (((OrrFmuVariable *)inputs->pdata[0])->name, ==, "u");
  params = orr_fmu_description_list (lag, ORR_FMU_CAUSALITY_PARAMETER);
  g_assert_cmpuint (params->len, ==, 4);
  g_assert_cmpstr (((OrrFmuVariable *)params->pdata[0])->name, ==, "T");
  g_assert_cmpstr (((OrrFmuVariable *)params->pdata[2])->start, ==, "1e30");
  {
    const OrrFmuVariable *resets = variable (lag, "resets");

    g_assert_cmpint (resets->type, ==, ORR_FMU_INTEGER);
    g_assert_cmpint (resets->variability, ==, ORR_FMU_VARIABILITY_DISCRETE);
    g_assert_cmpuint (resets->value_reference, ==, 0);
  }
  /* y (variable 2) depends on x (3), not on u (1) */
  g_assert_false (orr_fmu_description_output_depends_on (lag, 2, 1));
  g_assert_true (orr_fmu_description_output_depends_on (lag, 2, 3));

  integrator = orr_fmu_describe (int_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (integrator->interfaces, ==, ORR_FMU_CO_SIMULATION);
  g_assert_cmpstr (integrator->cs_identifier, ==, "integrator");
  g_assert_true (integrator->cs_can_handle_variable_step_size);
  g_assert_false (integrator->cs_can_interpolate_inputs);
  g_assert_cmpfloat (integrator->step_size, ==, 0.1);
  g_assert_cmpint (integrator->n_states, ==, 0);
  /* no dependencies attribute: y may depend on every input */
  g_assert_false (g_array_index (integrator->outputs, OrrFmuUnknown, 0).dependencies_given);
  g_assert_true (orr_fmu_description_output_depends_on (integrator, 2, 1));
}

/* ---- the cache -------------------------------------------------------------- */

static void
test_cache (void)
{
  g_autofree char *ball = fmu_path ("bouncing_ball.fmu");
  g_autofree char *lag = fmu_path ("lag.fmu");
  g_autofree char *copy = g_build_filename (cache_dir, "..", "copy.fmu", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *lag_contents = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *marker = NULL;
  g_autoptr (GError) error = NULL;
  gsize length, lag_length;

  /* the folder is named after the SHA-256 of the file, computed here
   * independently */
  g_assert_true (g_file_get_contents (ball, &contents, &length, &error));
  expected = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, length);
  first = orr_fmu_unpack (ball, &hash, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hash, ==, expected);
  g_assert_true (g_str_has_prefix (first, cache_dir));
  g_assert_true (g_str_has_suffix (first, expected));

  /* unpacked once: a file we leave in the folder is still there after the
   * second call, which reuses it */
  marker = g_build_filename (first, "marker", NULL);
  g_assert_true (g_file_set_contents (marker, "x", 1, &error));
  again = orr_fmu_unpack (ball, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, first);
  g_assert_true (g_file_test (marker, G_FILE_TEST_EXISTS));

  /* a file changed in place gets another folder */
  g_assert_true (g_file_set_contents (copy, contents, length, &error));
  g_clear_pointer (&again, g_free);
  again = orr_fmu_unpack (copy, NULL, &error);
  g_assert_cmpstr (again, ==, first);
  g_assert_true (g_file_get_contents (lag, &lag_contents, &lag_length, &error));
  g_assert_true (g_file_set_contents (copy, lag_contents, lag_length, &error));
  changed = orr_fmu_unpack (copy, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (changed, !=, first);
  {
    g_autofree char *xml = g_build_filename (changed, "modelDescription.xml", NULL);
    g_autofree char *so = g_build_filename (changed, "binaries", "linux64", "lag.so", NULL);
    g_assert_true (g_file_test (xml, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (so, G_FILE_TEST_IS_REGULAR));
  }
  g_unlink (copy);
}

/* ---- refusals ------------------------------------------------------------------ */

static void
test_unsafe_entry (void)
{
  g_autofree char *path = fmu_path ("evil.fmu");
  g_autofree char *escaped = g_build_filename (cache_dir, "evil.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = orr_fmu_unpack (path, NULL, &error);

  g_assert_null (folder);
  g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_UNSAFE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "FMU 'evil.fmu'"));
  g_assert_nonnull (strstr (error->message, "'../evil.txt'"));
  g_assert_false (g_file_test (escaped, G_FILE_TEST_EXISTS));
}

static void
test_malformed_description (void)
{
  g_autofree char *path = fmu_path ("broken.fmu");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrFmuDescription) d = orr_fmu_describe (path, &error);

  g_assert_null (d);
  g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "FMU 'broken.fmu'"));
  g_assert_nonnull (strstr (error->message, "line 10"));
  g_assert_nonnull (strstr (error->message, "<ScalarVariable>"));
  g_assert_nonnull (strstr (error->message, "valueReference"));
}

static void
test_missing_function (void)
{
  g_autofree char *path = fmu_path ("nostep.fmu");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrFmuDescription) d = orr_fmu_describe (path, &error);
  g_autoptr (OrrFmi2Library) lib = NULL;

  g_assert_no_error (error);
  lib = orr_fmi2_library_load (d, ORR_FMU_CO_SIMULATION, &error);
  g_assert_null (lib);
  g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY);
  g_assert_cmpstr (error->message, ==,
                   "FMU 'nostep.fmu': the shared library does not export fmi2DoStep");
  /* and it does not pretend to be Model Exchange */
  g_clear_error (&error);
  lib = orr_fmi2_library_load (d, ORR_FMU_MODEL_EXCHANGE, &error);
  g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY);
}

/* ---- the block from outside ------------------------------------------------------ */

static OrrBlock *
fmu_block (const char *file, ...)
{
  OrrBlock *block = orr_block_new ("b1", "FMU");
  g_autofree char *path = fmu_path (file);
  g_autofree char *quoted = g_strdup_printf ("'%s'", path);
  const char *name;
  va_list args;

  orr_block_add_param (block, "file", quoted);
  va_start (args, file);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_block_add_param (block, name, va_arg (args, const char *));
  va_end (args);
  return block;
}

static void
test_interface (void)
{
  g_autoptr (OrrBlock) ball = fmu_block ("bouncing_ball.fmu", NULL);
  g_autoptr (OrrBlock) lag = fmu_block ("lag.fmu", NULL);
  g_autoptr (OrrBlock) cs_clock = fmu_block ("integrator.fmu", "step", "0.1", NULL);
  g_autoptr (OrrBlock) cs_input = fmu_block ("integrator.fmu", NULL);
  g_autoptr (OrrBlock) wrong = fmu_block ("integrator.fmu", "interface", "2", NULL);
  g_autoptr (OrrBlockInterface) iface = NULL;
  g_autoptr (GError) error = NULL;

  iface = orr_block_class_interface (&orr_fmu_block_class, ball, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (iface->n_in, ==, 0);
  g_assert_cmpint (iface->n_out, ==, 2);
  g_assert_cmpint (iface->nx, ==, 2);
  g_assert_cmpint (iface->ng, ==, 1);
  g_assert_cmpint (iface->n_evout, ==, 1);
  g_assert_cmpstr (iface->label, ==, "BouncingBall");
  g_clear_pointer (&iface, orr_block_interface_free);

  iface = orr_block_class_interface (&orr_fmu_block_class, lag, NULL, &error);
  g_assert_cmpint (iface->n_in, ==, 1);
  g_assert_cmpint (iface->n_out, ==, 2); /* y, and the Integer resets */
  g_assert_false (iface->in[0].feedthrough);
  g_assert_cmpint (iface->nx, ==, 1);
  g_clear_pointer (&iface, orr_block_interface_free);

  iface = orr_block_class_interface (&orr_fmu_block_class, cs_clock, NULL, &error);
  g_assert_cmpint (iface->n_evin, ==, 0);
  g_assert_cmpint (iface->n_evout, ==, 1);
  g_assert_false (iface->in[0].feedthrough);
  g_clear_pointer (&iface, orr_block_interface_free);
  iface = orr_block_class_interface (&orr_fmu_block_class, cs_input, NULL, &error);
  g_assert_cmpint (iface->n_evin, ==, 1);
  g_assert_cmpint (iface->n_evout, ==, 0);
  g_clear_pointer (&iface, orr_block_interface_free);

  /* asking a Co-Simulation FMU for Model Exchange */
  iface = orr_block_class_interface (&orr_fmu_block_class, wrong, NULL, &error);
  g_assert_null (iface);
  g_assert_nonnull (strstr (error->message, "does not implement Model Exchange"));
}

static void
test_extra_params (void)
{
  g_autoptr (OrrBlock) ball = fmu_block ("bouncing_ball.fmu", NULL);
  g_autoptr (OrrBlock) missing = orr_block_new ("b2", "FMU");
  g_autoptr (GPtrArray) params = NULL;
  g_autoptr (GError) error = NULL;
  OrrExtraParam *p;

  params = orr_block_class_extra_params (&orr_fmu_block_class, ball, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (params->len, ==, 2);
  p = params->pdata[0];
  g_assert_cmpstr (p->name, ==, "fmu.g");
  g_assert_cmpstr (p->label, ==, "g");
  g_assert_cmpstr (p->default_expr, ==, "9.81");
  g_assert_nonnull (strstr (p->help, "gravity"));
  p = params->pdata[1];
  g_assert_cmpstr (p->name, ==, "fmu.e");
  g_assert_cmpstr (p->default_expr, ==, "0.9");
  g_assert_nonnull (strstr (p->help, "restitution"));
  g_clear_pointer (&params, g_ptr_array_unref);

  /* no file chosen yet: nothing extra, no error */
  params = orr_block_class_extra_params (&orr_fmu_block_class, missing, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (params->len, ==, 0);
  g_clear_pointer (&params, g_ptr_array_unref);

  /* a class without extra parameters */
  params = orr_block_class_extra_params (&orr_ccustom_block_class, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (params->len, ==, 0);
}

/* ---- simulations in the engine ---------------------------------------------------- */

static char *
quoted_fmu (const char *name)
{
  g_autofree char *path = fmu_path (name);
  return g_strdup_printf ("'%s'", path);
}

/* A ball FMU ("Ball") into a Scope ("Trajectory") of h and v; extra: more
 * parameter pairs for the FMU block. */
static OrrModel *
ball_model (double final_time, const char *e)
{
  OrrModel *model = new_precise_model (final_time, 0);
  g_autofree char *file = quoted_fmu ("bouncing_ball.fmu");
  OrrBlock *ball, *scope;

  ball = e != NULL ? add_block (model, "FMU", "Ball", 0, 2, 0, 1, "file", file, "fmu.e", e, NULL)
                   : add_block (model, "FMU", "Ball", 0, 2, 0, 1, "file", file, NULL);
  scope = add_block (model, "Scope", "Trajectory", 2, 0, 0, 0, "inputs", "2", NULL);
  link_data (model, ball, 1, scope, 1);
  link_data (model, ball, 2, scope, 2);
  return model;
}

/* The times where v jumps from falling to rising: the scope records both
 * sides of each impact at its time. */
static GArray *
impacts (Recording *r)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 1; i < r->t->len; i++)
    if (V (r, i - 1, 1) < 0 && V (r, i, 1) > 0)
      g_array_append_val (times, T (r, i));
  return times;
}

static void
check_ball (Run *run, double e, guint n_impacts)
{
  Recording *r = recording (run, "Trajectory");
  g_autoptr (GArray) times = impacts (r);

  g_assert_cmpuint (times->len, >=, n_impacts);
  for (guint k = 0; k < n_impacts; k++)
    {
      g_test_message ("impact %u at %.6f, expected %.6f", k + 1, g_array_index (times, double, k),
                      impact_time (k + 1, e));
      g_assert_cmpfloat_with_epsilon (g_array_index (times, double, k), impact_time (k + 1, e),
                                      1e-4);
    }
  /* the apex of each flight, from energy h + v^2 / 2g anywhere in it:
   * H0 e^(2k) */
  for (guint k = 1; k < n_impacts; k++)
    {
      double middle = (g_array_index (times, double, k - 1) + g_array_index (times, double, k)) / 2;
      double best = G_MAXDOUBLE, apex = 0;

      for (guint i = 0; i < r->t->len; i++)
        if (fabs (T (r, i) - middle) < best)
          {
            best = fabs (T (r, i) - middle);
            apex = V (r, i, 0) + V (r, i, 1) * V (r, i, 1) / (2 * G);
          }
      g_assert_cmpfloat_with_epsilon (apex, H0 * pow (e, 2 * k), 1e-4);
    }
}

static void
test_ball_engine (void)
{
  g_autoptr (OrrModel) model = ball_model (11, NULL);
  g_autoptr (Run) run = run_model_ok (model, &trusted);

  /* impacts 1.42784, 3.99796, 6.31107, 8.39286, 10.26648 (SEMANTICS 9) */
  g_assert_cmpfloat_with_epsilon (impact_time (5, 0.9), 10.26648, 1e-5);
  check_ball (run, 0.9, 5);
}

static void
test_ball_restitution (void)
{
  g_autoptr (OrrModel) model = ball_model (4, "0.5");
  g_autoptr (Run) run = run_model_ok (model, &trusted);

  /* the block's parameter reaches the FMU: impacts at 1.42784, 2.85568, ... */
  check_ball (run, 0.5, 4);
}

/* A Constant into the lag FMU into a Scope "Output"; T: NULL for the
 * FMU's own 0.5. */
static OrrModel *
lag_model (const char *T)
{
  OrrModel *model = new_precise_model (3, 0);
  g_autofree char *file = quoted_fmu ("lag.fmu");
  OrrBlock *one, *lag, *scope;

  one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  lag = T != NULL ? add_block (model, "FMU", "Lag", 1, 1, 0, 1, "file", file, "fmu.T", T, NULL)
                  : add_block (model, "FMU", "Lag", 1, 1, 0, 1, "file", file, NULL);
  scope = add_block (model, "Scope", "Output", 1, 0, 0, 0, NULL);
  link_data (model, one, 1, lag, 1);
  link_data (model, lag, 1, scope, 1);
  return model;
}

static void
check_lag (const char *T_text, double T)
{
  g_autoptr (OrrModel) model = lag_model (T_text);
  g_autoptr (Run) run = run_model_ok (model, &trusted);
  Recording *r = recording (run, "Output");
  double worst = 0;

  g_assert_cmpuint (r->t->len, >, 20);
  for (guint i = 0; i < r->t->len; i++)
    worst = MAX (worst, fabs (V (r, i, 0) - (1 - exp (-T (r, i) / T))));
  g_test_message ("T = %g: largest error %.3g over %u samples", T, worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-6);
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 3);
}

static void
test_lag_step (void)
{
  check_lag (NULL, 0.5);
  check_lag ("2", 2);
}

/* A time event of the FMU at t_reset = 1: x goes back to 0 exactly
 * then, and the Integer output counts it. */
static void
test_lag_time_event (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  g_autofree char *file = quoted_fmu ("lag.fmu");
  OrrBlock *one, *lag, *scope;
  g_autoptr (Run) run = NULL;
  Recording *r;
  gboolean reset_seen = FALSE;
  guint before = 0, after = 0;

  one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  lag = add_block (model, "FMU", "Lag", 1, 2, 0, 1, "file", file, "fmu.t_reset", "1", NULL);
  scope = add_block (model, "Scope", "Output", 2, 0, 0, 0, "inputs", "2", NULL);
  link_data (model, one, 1, lag, 1);
  link_data (model, lag, 1, scope, 1);
  link_data (model, lag, 2, scope, 2);
  run = run_model_ok (model, &trusted);
  r = recording (run, "Output");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), y = V (r, i, 0), resets = V (r, i, 1);

      if (t < 1 - 1e-12)
        {
          g_assert_cmpfloat_with_epsilon (y, 1 - exp (-t / 0.5), 1e-6);
          g_assert_cmpfloat (resets, ==, 0);
          before++;
        }
      else if (t > 1 + 1e-12)
        {
          g_assert_cmpfloat_with_epsilon (y, 1 - exp (-(t - 1) / 0.5), 1e-6);
          g_assert_cmpfloat (resets, ==, 1);
          after++;
        }
      else if (y == 0 && resets == 1)
        reset_seen = TRUE;
    }
  g_assert_cmpuint (before, >, 10);
  g_assert_cmpuint (after, >, 10);
  g_assert_true (reset_seen);
}

/* Step events: with x_max = 0.5 the FMU asks for an event after the
 * accepted step that took x above 0.5, and holds x at 0.5 from there.
 * Up to t = T ln 2, where 1 - exp(-t/T) reaches 0.5, y is the step
 * response; past it y overshoots by at most one step's rise (x' = 1
 * there, and the solver's steps are at most 3/100 long), then stays at
 * exactly 0.5, where the lag alone would climb to 0.9975 by t = 3. */
static void
test_lag_step_event (void)
{
  g_autoptr (OrrModel) model = lag_model ("0.5");
  g_autoptr (Run) run = NULL;
  Recording *r;
  double t_cross = 0.5 * log (2);
  guint held = 0;

  for (guint i = 0; i < orr_model_get_root (model)->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (orr_model_get_root (model)->blocks, i);

      if (g_strcmp0 (block->label, "Lag") == 0)
        orr_model_set_param (model, block, "fmu.x_max", "0.5");
    }
  run = run_model_ok (model, &trusted);
  r = recording (run, "Output");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), y = V (r, i, 0);

      if (t < t_cross)
        g_assert_cmpfloat_with_epsilon (y, 1 - exp (-t / 0.5), 1e-6);
      else if (t > t_cross + 3.0 / 100)
        {
          g_assert_cmpfloat (y, ==, 0.5);
          held++;
        }
      else
        g_assert_cmpfloat (y, <=, 0.5 + 3.0 / 100);
    }
  g_assert_cmpuint (held, >, 10);
}

/* y = lag(1 - y): x' = (1 - 2x) / T, x = (1 - exp(-2t/T)) / 2. The lag's
 * output does not depend on its input, so this is no algebraic loop. */
static void
test_lag_feedback (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  g_autofree char *file = quoted_fmu ("lag.fmu");
  OrrBlock *one, *sum, *lag, *scope;
  g_autoptr (Run) run = NULL;
  Recording *r;
  double worst = 0;

  one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  sum = add_block (model, "Sum", "Error", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  lag = add_block (model, "FMU", "Lag", 1, 1, 0, 1, "file", file, NULL);
  scope = add_block (model, "Scope", "Output", 1, 0, 0, 0, NULL);
  link_data (model, one, 1, sum, 1);
  link_data (model, sum, 1, lag, 1);
  link_data (model, lag, 1, sum, 2);
  link_data (model, lag, 1, scope, 1);
  run = run_model_ok (model, &trusted);
  r = recording (run, "Output");
  for (guint i = 0; i < r->t->len; i++)
    worst = MAX (worst, fabs (V (r, i, 0) - 0.5 * (1 - exp (-2 * T (r, i) / 0.5))));
  g_assert_cmpfloat (worst, <, 1e-6);
}

/* The FMU refuses T = -1 with a logged error: the run fails with the
 * block's path, the call and the FMU's own words. */
static void
test_fmu_error (void)
{
  g_autoptr (OrrModel) model = lag_model ("-1");
  g_autoptr (Run) run = run_model (model, &trusted);

  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_test_message ("%s", run->error->message);
  g_assert_true (g_str_has_prefix (run->error->message, "Lag: FMU 'lag.fmu': "));
  g_assert_nonnull (strstr (run->error->message, "fmi2ExitInitializationMode returned Error"));
  g_assert_nonnull (strstr (run->error->message, "the time constant T must be positive, not -1"));
}

static void
test_missing_function_run (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  g_autofree char *file = quoted_fmu ("nostep.fmu");
  g_autoptr (Run) run = NULL;

  add_block (model, "FMU", "Stepless", 1, 1, 0, 1, "file", file, "step", "0.1", NULL);
  run = run_model (model, &trusted);
  g_assert_false (run->ok);
  g_assert_cmpstr (run->error->message, ==,
                   "Stepless: FMU 'nostep.fmu': the shared library does not export fmi2DoStep");
}

/* The integrator FMU on its own clock (step > 0) or on a SampleClock
 * (step 0), fed by source; "Output" records y at each step. */
static Run *
run_integrator (const char *source, const char *param, const char *value, double h,
                gboolean own_clock)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  g_autofree char *file = quoted_fmu ("integrator.fmu");
  g_autofree char *step = g_strdup_printf ("%.17g", h);
  OrrBlock *u, *fmu, *scope;

  u = add_block (model, source, "Input", 0, 1, 0, 0, param, value, NULL);
  if (own_clock)
    fmu = add_block (model, "FMU", "Integral", 1, 1, 0, 1, "file", file, "step", step, NULL);
  else
    {
      OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", step, NULL);

      fmu = add_block (model, "FMU", "Integral", 1, 1, 1, 0, "file", file, NULL);
      link_event (model, clock, 1, fmu, 1);
    }
  scope = add_block (model, "Scope", "Output", 1, 0, 0, 0, NULL);
  link_data (model, u, 1, fmu, 1);
  link_data (model, fmu, 1, scope, 1);
  return run_model_ok (model, &trusted);
}

/* y(t_k) = sum over j < k of u(t_j) h, checked at every step. */
static void
check_sums (Run *run, double h, double (*u) (double), guint n_steps)
{
  Recording *r = recording (run, "Output");
  double sum = 0;
  guint k = 0;

  for (guint i = 0; i < r->t->len; i++)
    {
      /* one sample per step; exact repeats are not recorded twice */
      if (i > 0 && T (r, i) == T (r, i - 1))
        continue;
      g_assert_cmpfloat_with_epsilon (T (r, i), k * h, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), sum, 1e-12);
      sum += u (k * h) * h;
      k++;
    }
  g_assert_cmpuint (k, ==, n_steps + 1);
}

static double
two (double t)
{
  return 2;
}

static double
ramp (double t)
{
  return t;
}

static void
test_cs_integrator (void)
{
  g_autoptr (Run) constant = run_integrator ("Constant", "value", "2", 0.1, TRUE);
  g_autoptr (Run) ramped = run_integrator ("Ramp", "slope", "1", 0.1, TRUE);
  g_autoptr (Run) clocked = run_integrator ("Constant", "value", "2", 0.25, FALSE);

  check_sums (constant, 0.1, two, 10);
  check_sums (ramped, 0.1, ramp, 10);
  check_sums (clocked, 0.25, two, 4);
}

/* ---- messages, and two simulations at once ------------------------------------------ */

typedef struct
{
  OrrProgram *program;
  GPtrArray *messages; /* "path: message" */
  GArray *t, *v;       /* the ball's v at every record */
  gboolean ok;
  GError *error;
} LoggedRun;

static void
on_message (const char *path, const char *message, gpointer data)
{
  LoggedRun *run = data;

  g_ptr_array_add (run->messages, g_strdup_printf ("%s: %s", path, message));
}

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  LoggedRun *run = data;

  g_array_append_val (run->t, t);
  g_array_append_val (run->v, values[1]);
}

static gpointer
logged_run (gpointer data)
{
  LoggedRun *run = data;
  g_autoptr (OrrSimulation) sim = orr_simulation_new (run->program);

  orr_simulation_set_message_func (sim, on_message, run);
  orr_simulation_set_record_func (sim, on_record, run);
  run->ok = orr_simulation_run (sim, &run->error);
  return NULL;
}

static void
logged_run_init (LoggedRun *run, const char *e, gboolean logging)
{
  g_autoptr (OrrModel) model = ball_model (4, e);
  g_autoptr (GError) error = NULL;

  OrrDiagram *root = orr_model_get_root (model);

  for (guint i = 0; logging && i < root->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (root->blocks, i);

      if (g_strcmp0 (block->label, "Ball") == 0)
        orr_model_set_param (model, block, "logging", "1");
    }
  run->program = compile_model (model, &trusted, &error);
  g_assert_no_error (error);
  run->messages = g_ptr_array_new_with_free_func (g_free);
  run->t = g_array_new (FALSE, FALSE, sizeof (double));
  run->v = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
logged_run_clear (LoggedRun *run)
{
  orr_program_free (run->program);
  g_ptr_array_unref (run->messages);
  g_array_unref (run->t);
  g_array_unref (run->v);
  g_clear_error (&run->error);
}

static double
first_impact (LoggedRun *run)
{
  for (guint i = 1; i < run->t->len; i++)
    if (g_array_index (run->v, double, i - 1) < 0 && g_array_index (run->v, double, i) > 0)
      return g_array_index (run->t, double, i);
  return NAN;
}

static double
second_impact (LoggedRun *run)
{
  gboolean seen = FALSE;

  for (guint i = 1; i < run->t->len; i++)
    if (g_array_index (run->v, double, i - 1) < 0 && g_array_index (run->v, double, i) > 0)
      {
        if (seen)
          return g_array_index (run->t, double, i);
        seen = TRUE;
      }
  return NAN;
}

/* The times in "bounce at t = T" lines of an FMU log, after prefix. */
static GArray *
logged_bounces (const char *const *lines, const char *prefix)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
  const char *key = "OK [events]: bounce at t = ";

  for (int i = 0; lines[i] != NULL; i++)
    {
      const char *at = strstr (lines[i], key);

      if (at != NULL && g_str_has_prefix (lines[i], prefix))
        g_array_append_val (times, (double){ g_ascii_strtod (at + strlen (key), NULL) });
    }
  return times;
}

/* The FMU's log reaches the simulation's message function with the
 * block's path; off by default. */
static void
test_log_messages (void)
{
  LoggedRun quiet = { 0 }, logged = { 0 };
  g_autoptr (GArray) times = NULL;

  logged_run_init (&quiet, NULL, FALSE);
  logged_run_init (&logged, NULL, TRUE);
  logged_run (&quiet);
  logged_run (&logged);
  g_assert_true (quiet.ok && logged.ok);
  g_assert_cmpuint (quiet.messages->len, ==, 0);
  /* impacts at 1.42784 and 3.99796 before t = 4 */
  g_assert_cmpuint (logged.messages->len, ==, 2);
  g_test_message ("%s", (char *)logged.messages->pdata[0]);
  g_ptr_array_add (logged.messages, NULL);
  times = logged_bounces ((const char *const *)logged.messages->pdata,
                          "Ball: FMU 'bouncing_ball.fmu' ");
  g_assert_cmpuint (times->len, ==, 2);
  for (guint k = 0; k < 2; k++)
    g_assert_cmpfloat_with_epsilon (g_array_index (times, double, k), impact_time (k + 1, 0.9),
                                    1e-4);
  logged_run_clear (&quiet);
  logged_run_clear (&logged);
}

/* Two simulations of the same FMU with different parameters, at the
 * same time on two threads: each instance keeps to itself. */
static void
test_two_simulations (void)
{
  LoggedRun a = { 0 }, b = { 0 };
  GThread *ta, *tb;

  logged_run_init (&a, "0.9", TRUE);
  logged_run_init (&b, "0.5", TRUE);
  ta = g_thread_new ("a", logged_run, &a);
  tb = g_thread_new ("b", logged_run, &b);
  g_thread_join (ta);
  g_thread_join (tb);
  g_assert_true (a.ok && b.ok);
  g_assert_cmpfloat_with_epsilon (first_impact (&a), impact_time (1, 0.9), 1e-4);
  g_assert_cmpfloat_with_epsilon (second_impact (&a), impact_time (2, 0.9), 1e-4);
  g_assert_cmpfloat_with_epsilon (second_impact (&b), impact_time (2, 0.5), 1e-4);
  /* each run's log names its own bounces only */
  g_assert_cmpuint (a.messages->len, ==, 2);
  g_assert_cmpuint (b.messages->len, ==, 4);
  logged_run_clear (&a);
  logged_run_clear (&b);
}

/* ---- orrery-sim ------------------------------------------------------------------------ */

static const char model_head[]
  = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<orrery version=\"1.0\">\n"
    "  <settings start=\"0\" final=\"%g\" solver=\"auto\" rtol=\"1e-10\" atol=\"1e-12\" "
    "max-step=\"0\"/>\n"
    "  <diagram>\n";

/* Runs orrery-sim on model text in a folder of its own, the FMU given by
 * a path relative to the folder orrery-sim runs in (there). Returns the
 * CSV's rows split into fields; *err gets stderr. */
static GPtrArray *
run_cli (const char *model_text, const char *fmu_name, char **err)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-fmi-cli-XXXXXX", NULL);
  g_autofree char *model = g_build_filename (dir, "model.orr", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *fmu = fmu_path (fmu_name);
  g_autofree char *copy = g_build_filename (dir, fmu_name, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *table = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  const char *argv[] = { g_getenv ("ORRERY_SIM"), "-q", "--trust", "-o", csv, model, NULL };
  int status;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_auto (GStrv) lines = NULL;

  g_assert_true (g_file_set_contents (model, model_text, -1, &error));
  g_assert_true (g_file_get_contents (fmu, &contents, &length, &error));
  g_assert_true (g_file_set_contents (copy, contents, length, &error));
  g_assert_true (g_spawn_sync (dir, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, err,
                               &status, &error));
  g_test_message ("orrery-sim said: %s", *err);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (csv, &table, NULL, &error));
  lines = g_strsplit (table, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      g_ptr_array_add (rows, g_strsplit (lines[i], ",", -1));
  orr_remove_tree (dir);
  return rows;
}

static void
test_cli_ball (void)
{
  g_autofree char *head = g_strdup_printf (model_head, 11.0);
  g_autofree char *text = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  double v_before = 0;

  text = g_strconcat (
    head,
    "    <block id=\"b1\" type=\"FMU\" x=\"0\" y=\"0\" width=\"60\" height=\"40\">\n"
    "      <label>Ball</label>\n"
    "      <param name=\"file\">'bouncing_ball.fmu'</param>\n"
    "      <param name=\"logging\">1</param>\n"
    "      <ports out=\"2\" event-out=\"1\"/>\n"
    "    </block>\n"
    "    <block id=\"b2\" type=\"Scope\" x=\"100\" y=\"0\" width=\"40\" height=\"40\">\n"
    "      <label>Trajectory</label>\n"
    "      <param name=\"inputs\">2</param>\n"
    "      <ports in=\"2\"/>\n"
    "    </block>\n"
    "    <link id=\"l1\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b2\" to-port=\"1\"/>\n"
    "    <link id=\"l2\" kind=\"regular\" from=\"b1\" from-port=\"2\" to=\"b2\" to-port=\"2\"/>\n"
    "  </diagram>\n"
    "</orrery>\n",
    NULL);
  rows = run_cli (text, "bouncing_ball.fmu", &err);

  /* time, Trajectory[1], Trajectory[2]: impacts where v turns upward */
  g_assert_cmpuint (rows->len, >, 100);
  g_assert_cmpstr (((char **)rows->pdata[0])[0], ==, "time");
  for (guint i = 1; i < rows->len; i++)
    {
      char **row = rows->pdata[i];
      double v = g_ascii_strtod (row[2], NULL);

      if (v_before < 0 && v > 0)
        g_array_append_val (times, (double){ g_ascii_strtod (row[0], NULL) });
      v_before = v;
    }
  g_assert_cmpuint (times->len, ==, 5);
  for (guint k = 0; k < 5; k++)
    g_assert_cmpfloat_with_epsilon (g_array_index (times, double, k), impact_time (k + 1, 0.9),
                                    1e-4);
  /* the FMU's log on stderr, one line per bounce, after the block's path */
  {
    g_auto (GStrv) lines = g_strsplit (err, "\n", -1);
    g_autoptr (GArray) logged
      = logged_bounces ((const char *const *)lines, "Ball: message: FMU 'bouncing_ball.fmu' ");

    g_assert_cmpuint (logged->len, ==, 5);
    for (guint k = 0; k < 5; k++)
      g_assert_cmpfloat_with_epsilon (g_array_index (logged, double, k), impact_time (k + 1, 0.9),
                                      1e-4);
  }
}

static void
test_cli_integrator (void)
{
  g_autofree char *head = g_strdup_printf (model_head, 1.0);
  g_autofree char *text = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  guint k = 0;

  text = g_strconcat (
    head,
    "    <block id=\"b1\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
    "      <param name=\"value\">3</param>\n"
    "      <ports out=\"1\"/>\n"
    "    </block>\n"
    "    <block id=\"b2\" type=\"FMU\" x=\"100\" y=\"0\" width=\"60\" height=\"40\">\n"
    "      <label>Integral</label>\n"
    "      <param name=\"file\">'integrator.fmu'</param>\n"
    "      <param name=\"step\">0.125</param>\n"
    "      <param name=\"fmu.y0\">1</param>\n"
    "      <ports in=\"1\" out=\"1\" event-out=\"1\"/>\n"
    "    </block>\n"
    "    <block id=\"b3\" type=\"Scope\" x=\"200\" y=\"0\" width=\"40\" height=\"40\">\n"
    "      <label>Output</label>\n"
    "      <ports in=\"1\"/>\n"
    "    </block>\n"
    "    <link id=\"l1\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b2\" to-port=\"1\"/>\n"
    "    <link id=\"l2\" kind=\"regular\" from=\"b2\" from-port=\"1\" to=\"b3\" to-port=\"1\"/>\n"
    "  </diagram>\n"
    "</orrery>\n",
    NULL);
  rows = run_cli (text, "integrator.fmu", &err);
  /* y(t_k) = y0 + 3 t_k at t_k = k / 8, k = 0..8 (binary fractions: exact) */
  for (guint i = 1; i < rows->len; i++)
    {
      char **row = rows->pdata[i];
      double t = g_ascii_strtod (row[0], NULL), y = g_ascii_strtod (row[1], NULL);

      g_assert_cmpfloat_with_epsilon (t, k * 0.125, 1e-12);
      g_assert_cmpfloat_with_epsilon (y, 1 + 3 * k * 0.125, 1e-12);
      k++;
    }
  g_assert_cmpuint (k, ==, 9);
}

/* An FMU's library is the FMU author's native code: without trust the
 * compiler refuses the block, naming it and the file, and loads nothing;
 * the list of native code names the block, the file and the file's
 * SHA-256 (computed here from the file's bytes). With trust, the same
 * model compiles. */
static void
test_untrusted_engine (void)
{
  g_autoptr (OrrModel) model = lag_model (NULL);
  g_autoptr (GPtrArray) code
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_native_code_free);
  RunSetup untrusted = { .options = { .native_code = code } };
  RunSetup listed = { .options = { .trust_native_code = TRUE, .native_code = code } };
  g_autofree char *file = fmu_path ("lag.fmu");
  g_autofree char *contents = NULL;
  g_autofree char *digest = NULL;
  g_autoptr (GError) error = NULL;
  OrrProgram *program;
  OrrNativeCode *c;
  gsize length;

  g_assert_true (g_file_get_contents (file, &contents, &length, NULL));
  digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, length);

  program = compile_model (model, &untrusted, &error);
  g_assert_null (program);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Lag"));
  g_assert_nonnull (strstr (error->message, "lag.fmu"));
  g_assert_nonnull (strstr (error->message, "trust"));
  g_assert_cmpuint (code->len, ==, 1);
  c = g_ptr_array_index (code, 0);
  g_assert_cmpstr (c->block_path, ==, "Lag");
  g_assert_cmpstr (c->kind, ==, "FMU");
  g_assert_true (g_str_has_suffix (c->what, "lag.fmu"));
  g_assert_cmpstr (c->sha256, ==, digest);

  g_ptr_array_set_size (code, 0);
  program = compile_model (model, &listed, &error);
  g_assert_nonnull (program);
  g_assert_cmpuint (code->len, ==, 1);
  orr_program_free (program);
}

/* orrery-sim without --trust: exit 1 (a model error), the block and the
 * FMU named, no output written. */
static void
test_untrusted_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-fmi-trust-XXXXXX", NULL);
  g_autofree char *model_file = g_build_filename (dir, "model.orr", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autoptr (OrrModel) model = lag_model (NULL);
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { g_getenv ("ORRERY_SIM"), "-q", "-o", csv, model_file, NULL };
  int status;

  g_assert_true (orr_model_save_file (model, model_file, &error));
  g_assert_true (g_spawn_sync (dir, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                               &status, &error));
  g_test_message ("orrery-sim said: %s", err);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err, "Lag"));
  g_assert_nonnull (strstr (err, "lag.fmu"));
  g_assert_nonnull (strstr (err, "--trust"));
  g_assert_false (g_file_test (csv, G_FILE_TEST_EXISTS));
  orr_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *parent = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  parent = g_dir_make_tmp ("orrery-fmi-XXXXXX", NULL);
  cache_dir = g_build_filename (parent, "cache", NULL);
  g_setenv ("ORRERY_FMU_CACHE", cache_dir, TRUE);

  g_test_add_func ("/fmi/describe/ball", test_describe_ball);
  g_test_add_func ("/fmi/describe/lag-integrator", test_describe_lag_and_integrator);
  g_test_add_func ("/fmi/cache", test_cache);
  g_test_add_func ("/fmi/refuse/unsafe-entry", test_unsafe_entry);
  g_test_add_func ("/fmi/refuse/malformed-description", test_malformed_description);
  g_test_add_func ("/fmi/refuse/missing-function", test_missing_function);
  g_test_add_func ("/fmi/block/interface", test_interface);
  g_test_add_func ("/fmi/block/extra-params", test_extra_params);
  g_test_add_func ("/fmi/me/ball", test_ball_engine);
  g_test_add_func ("/fmi/me/ball-restitution", test_ball_restitution);
  g_test_add_func ("/fmi/me/lag-step", test_lag_step);
  g_test_add_func ("/fmi/me/lag-feedback", test_lag_feedback);
  g_test_add_func ("/fmi/me/lag-time-event", test_lag_time_event);
  g_test_add_func ("/fmi/me/lag-step-event", test_lag_step_event);
  g_test_add_func ("/fmi/errors/fmu-status", test_fmu_error);
  g_test_add_func ("/fmi/errors/missing-function", test_missing_function_run);
  g_test_add_func ("/fmi/cs/integrator", test_cs_integrator);
  g_test_add_func ("/fmi/log/messages", test_log_messages);
  g_test_add_func ("/fmi/log/two-simulations", test_two_simulations);
  g_test_add_func ("/fmi/cli/ball", test_cli_ball);
  g_test_add_func ("/fmi/cli/integrator", test_cli_integrator);
  g_test_add_func ("/fmi/untrusted/engine", test_untrusted_engine);
  g_test_add_func ("/fmi/untrusted/cli", test_untrusted_cli);
  status = g_test_run ();
  orr_remove_tree (parent);
  g_free (cache_dir);
  return status;
}
