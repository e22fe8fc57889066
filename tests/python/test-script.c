/* test-script.c: orr-script.h from C, where memcheck can watch it (meson
 * test --setup valgrind --suite python): a simulation drained on the
 * caller's thread against a closed form, stopped by its progress
 * function, recorded arrays lent as GBytes that outlive everything else,
 * problems as a list, ports from the class, refused calls that name the
 * block, and an equilibrium (orr_model_trim). */
#include <orrery/orr-io.h>
#include <orrery/orr-script.h>
#include <orr-palettes.h>

#include <math.h>
#include <string.h>

static OrrBlock *
add (OrrModel *model, OrrRegistry *registry, const char *type, const char *label, ...)
{
  OrrRect where = { 0, 0, 40, 40 };
  OrrBlock *block = orr_model_add_block (model, orr_model_get_root (model), type, &where);
  g_autoptr (GError) error = NULL;
  const char *name;
  va_list args;

  orr_model_set_block_label (model, block, label);
  va_start (args, label);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_model_set_param (model, block, name, va_arg (args, const char *));
  va_end (args);
  g_assert_true (orr_model_configure_ports (model, block, registry, &error));
  g_assert_no_error (error);
  return block;
}

/* x' = 1 - x, x(0) = 0 into a Scope: x = 1 - exp(-t). */
static OrrModel *
lag_model (OrrRegistry *registry, double final_time, double max_step)
{
  OrrModel *model = orr_model_new ();
  g_autoptr (OrrSettings) settings = NULL;
  g_autoptr (GError) error = NULL;
  OrrBlock *one, *lag, *scope;

  settings = orr_settings_dup (orr_model_get_settings (model));
  settings->final_time = final_time;
  settings->max_step = max_step;
  settings->rtol = 1e-9;
  settings->atol = 1e-12;
  orr_model_set_settings (model, settings);
  one = add (model, registry, "Constant", "One", "value", "1", NULL);
  lag = add (model, registry, "TransferFunction", "Lag", "num", "1", "den", "[1 1]", NULL);
  scope = add (model, registry, "Scope", "Scope", NULL);
  g_assert_cmpuint (orr_block_get_port_count (lag, ORR_PORT_IN), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (scope, ORR_PORT_IN), ==, 1);
  g_assert_nonnull (orr_model_connect_ports (model, one, 1, lag, 1, ORR_LINK_REGULAR, &error));
  g_assert_nonnull (orr_model_connect_ports (model, lag, 1, scope, 1, ORR_LINK_REGULAR, &error));
  g_assert_no_error (error);
  return model;
}

static void
test_simulate (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  OrrModel *model = lag_model (registry, 3.0, 0);
  g_autoptr (GError) error = NULL;
  OrrRecording *recording;
  GBytes *times, *values;
  const double *t, *x;
  gsize n;

  recording = orr_model_simulate (model, registry, NULL, ORR_SIMULATE_NONE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (orr_recording_is_finished (recording));
  g_assert_cmpuint (orr_recording_get_n_signals (recording), ==, 1);
  times = orr_recording_get_times_bytes (recording, 0);
  values = orr_recording_get_values_bytes (recording, 0);
  /* the bytes keep the arrays: drop everything else first */
  orr_recording_unref (recording);
  g_object_unref (model);

  t = g_bytes_get_data (times, &n);
  n /= sizeof (double);
  x = g_bytes_get_data (values, NULL);
  g_assert_cmpuint (n, >, 10);
  g_assert_cmpuint (g_bytes_get_size (values), ==, n * sizeof (double));
  g_assert_cmpfloat_with_epsilon (t[n - 1], 3.0, 1e-12);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (x[i], 1 - exp (-t[i]), 1e-6);
  g_bytes_unref (times);
  g_bytes_unref (values);
}

typedef struct
{
  int calls;
  double last;
} Progress;

static gboolean
stop_at_third (double time, gpointer data)
{
  Progress *p = data;

  g_assert_cmpfloat (time, >=, p->last);
  p->last = time;
  return ++p->calls < 3;
}

/* A run of a simulated million seconds in 1 ms steps ends at the third
 * report, successfully, with what it recorded until then. */
static void
test_stop (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (OrrModel) model = lag_model (registry, 1e6, 1e-3);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrRecording) recording = NULL;
  Progress p = { 0, 0 };
  gsize n;

  recording
    = orr_model_simulate (model, registry, NULL, ORR_SIMULATE_NONE, stop_at_third, &p, &error);
  g_assert_no_error (error);
  g_assert_cmpint (p.calls, ==, 3);
  n = orr_recording_get_n_samples (recording, 0);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpfloat (orr_recording_get_times (recording, 0)[n - 1], <, 1e6);
}

static void
test_problems (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (OrrModel) model = lag_model (registry, 1.0, 0);
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrRecording) recording = NULL;
  OrrBlock *lag = orr_model_find_block_by_path (model, "Lag");
  const OrrProblem *problem;
  g_autofree char *path = NULL;

  problems = orr_model_check (model, registry, NULL, ORR_SIMULATE_NONE);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  orr_model_set_param (model, lag, "den", "[1 tau]");
  problems = orr_model_check (model, registry, NULL, ORR_SIMULATE_NONE);
  g_assert_cmpuint (problems->len, ==, 1);
  problem = g_ptr_array_index (problems, 0);
  path = orr_problem_dup_block_path (problem, model);
  g_assert_cmpstr (path, ==, "Lag");
  g_assert_cmpstr (orr_problem_get_block_ids (problem)[0], ==, orr_block_get_id (lag));
  g_assert_nonnull (strstr (orr_problem_get_message (problem), "tau"));

  recording = orr_model_simulate (model, registry, NULL, ORR_SIMULATE_NONE, NULL, NULL, &error);
  g_assert_null (recording);
  g_assert_error (error, ORR_COMPILE_ERROR, ORR_COMPILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "Lag"));
}

static void
test_refusals (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (OrrModel) model = lag_model (registry, 1.0, 0);
  g_autoptr (OrrModel) other = lag_model (registry, 1.0, 0);
  g_autoptr (GError) error = NULL;
  OrrRect where = { 0, 0, 40, 40 };
  OrrBlock *one = orr_model_find_block_by_path (model, "One");
  OrrBlock *scope = orr_model_find_block_by_path (other, "Scope");
  OrrBlock *mystery;

  g_assert_null (orr_model_find_block_by_path (model, "Nowhere"));
  g_assert_null (orr_model_connect_ports (model, one, 1, scope, 1, ORR_LINK_REGULAR, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM);
  g_clear_error (&error);

  mystery = orr_model_add_block (model, orr_model_get_root (model), "NoSuchClass", &where);
  orr_model_set_block_label (model, mystery, "Mystery");
  g_assert_false (orr_model_configure_ports (model, mystery, registry, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Mystery"));
  g_assert_nonnull (strstr (error->message, "NoSuchClass"));
}

/* orr_model_trim for bindings: the swing released at 3 rad, its states
 * varied, comes to rest upright (th = pi, w = 0); the result as a boxed
 * copy, its values and names as bytes and strings; and a variable the
 * context lacks refused by name. */
static void
test_trim (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "analysis", "swing.orr", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (path, &error);
  g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
  g_autoptr (OrrTrimResult) result = NULL;
  g_autoptr (OrrTrimResult) copy = NULL;
  g_autoptr (GBytes) x = NULL;
  g_auto (GStrv) names = NULL;
  const char *none[] = { "nosuch", NULL };
  const double *xs;
  gsize size;

  g_assert_no_error (error);
  g_autoptr (OrrValue) th0 = orr_value_new_double (3);

  orr_scope_pin (overrides, "th0", th0);
  result = orr_model_trim (model, registry, "Swing", NULL, TRUE, FALSE, NULL, 0, NULL, 0, overrides,
                           0, &error);
  g_assert_no_error (error);
  copy = g_boxed_copy (ORR_TYPE_TRIM_RESULT, result);
  g_clear_pointer (&result, orr_trim_result_free);
  x = orr_trim_result_dup_values (copy, 'x');
  xs = g_bytes_get_data (x, &size);
  g_assert_cmpuint (size, ==, 2 * sizeof (double));
  g_assert_cmpfloat_with_epsilon (xs[0], G_PI, 1e-9);
  g_assert_cmpfloat_with_epsilon (xs[1], 0, 1e-9);
  names = orr_trim_result_dup_names (copy, 'r');
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_true (g_str_has_prefix (names[0], "der Swing/"));
  g_assert_nonnull (strstr (copy->method, "KINSOL"));

  g_assert_null (orr_model_trim (model, registry, "Swing", none, FALSE, FALSE, NULL, 0, NULL, 0,
                                 NULL, 0, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "nosuch"));
}

/* Registries are shared by reference: the last free frees. */
static void
test_registry_ref (void)
{
  OrrRegistry *registry = orr_registry_new_standard ();
  guint n = orr_registry_get_n_classes (registry);

  g_assert_cmpuint (n, >, 50);
  g_assert_true (orr_registry_ref (registry) == registry);
  orr_registry_free (registry);
  g_assert_cmpuint (orr_registry_get_n_classes (registry), ==, n);
  g_assert_nonnull (orr_registry_lookup (registry, "Integrator"));
  orr_registry_free (registry);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/script/simulate", test_simulate);
  g_test_add_func ("/script/stop", test_stop);
  g_test_add_func ("/script/problems", test_problems);
  g_test_add_func ("/script/refusals", test_refusals);
  g_test_add_func ("/script/registry-ref", test_registry_ref);
  g_test_add_func ("/script/trim", test_trim);
  return g_test_run ();
}
