/* test-custom.c: the Custom palette's CCustomBlock, with real compiles and
 * simulations.
 *
 * The blocks' C code are the fixtures in blocks/ (the median, the variable
 * delay and the draining tanks of the seed's custom block examples, in our
 * own words, plus small blocks for work memory and errors). Each test gets
 * its own empty ORRERY_CACHE_DIR. The C compiler must be installed: a
 * missing compiler fails the tests, it does not skip them.
 *
 * This program does not use the block harness: its --wrap of
 * orr_block_error() and friends would catch the calls the standard blocks
 * make in a real simulation. It is linked with export_dynamic so that the
 * custom blocks' code finds the block API in it. */
#include "block-config.h"
#include "model-run.h"

#include "custom/custom-classes.h"
#include "orr-config-private.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#define UNTRUSTED_MESSAGE                                                                          \
  "this model contains C code (CCustomBlock); trust the model to compile and run it "              \
  "(orrery-sim --trust)"

/* ---- a per-test cache folder ---------------------------------------------- */

typedef struct
{
  char *dir;   /* the test's private folder */
  char *cache; /* ORRERY_CACHE_DIR, inside it, created by the block */
} Fixture;

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("orrery-custom-XXXXXX", &error);
  g_assert_no_error (error);
  f->cache = g_build_filename (f->dir, "cache", NULL);
  g_setenv ("ORRERY_CACHE_DIR", f->cache, TRUE);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_unsetenv ("ORRERY_CACHE_DIR");
  remove_tree (f->dir);
  g_free (f->cache);
  g_free (f->dir);
}

/* The shared objects in the cache, and whether anything else is left
 * there (a build folder that was not cleaned up). */
static guint
count_objects (const char *cache, char **first, gboolean *others)
{
  GDir *dir = g_dir_open (cache, 0, NULL);
  const char *name;
  guint n = 0;

  *others = FALSE;
  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_suffix (name, ".so"))
        {
          if (n++ == 0 && first != NULL)
            *first = g_build_filename (cache, name, NULL);
        }
      else
        *others = TRUE;
    }
  g_dir_close (dir);
  return n;
}

/* ---- C code as a parameter -------------------------------------------------- */

/* The code of a fixture file, as a user would paste it. */
static char *
fixture_code (const char *name)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "palettes", "custom", "blocks", name, NULL);
  char *code = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &code, NULL, &error));
  g_assert_no_error (error);
  return code;
}

/* ---- configure, outside a model --------------------------------------------- */

/* CCustomBlock, untrusted, with these "name", "expression" pairs must be
 * rejected by a message about param. */
#define EXPECT_PARAM_ERROR(param, ...)                                                             \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autoptr (GError) error_ = NULL;                                                              \
    OrrConfig *config_                                                                             \
      = configure_block (&orr_ccustom_block_class, FALSE, &error_, __VA_ARGS__, NULL);             \
    g_assert_null (config_);                                                                       \
    g_assert_error (error_, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER);                         \
    g_test_message ("%s", error_->message);                                                        \
    g_assert_true (g_str_has_prefix (error_->message, "parameter '" param "'"));                   \
  }                                                                                                \
  G_STMT_END

/* ---- models ------------------------------------------------------------------ */

/* A test source: five sine waves sin(w_k t + k) on five outputs. */
static const double wave_freq[5] = { 1.0, 1.3, 1.7, 2.3, 3.1 };

static double
wave (int k, double t)
{
  return sin (wave_freq[k] * t + k);
}

static gboolean
waves_configure (OrrConfig *config, GError **error)
{
  for (int k = 0; k < 5; k++)
    orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  return TRUE;
}

static void
waves_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    for (int k = 0; k < 5; k++)
      orr_block_real_out (block, k)[0] = wave (k, orr_block_get_time (block));
}

static const OrrBlockClass waves_class = {
  .name = "TestWaves",
  .palette = "Tests",
  .label = "waves",
  .description = "five sines",
  .icon_text = "~",
  .configure = waves_configure,
  .simulate = waves_simulate,
};

/* The standard blocks and the waves, for a model whose C code the user
 * trusts (as orrery-sim --trust does) or not. */
static const OrrBlockClass *const test_classes[] = { &waves_class, NULL };
static const RunSetup trusted = { .classes = test_classes, .options.trust_native_code = TRUE };
static const RunSetup untrusted = { .classes = test_classes };

/* A CCustomBlock with the code of a fixture file. */
static OrrBlock *
add_custom (OrrModel *model, const char *label, const char *fixture, const char *function, guint in,
            guint out, guint ein)
{
  OrrBlock *b = add_block (model, "CCustomBlock", label, in, out, ein, 0, NULL);
  g_autofree char *source = fixture_code (fixture);
  g_autofree char *quoted = g_strdup_printf ("'%s'", function);

  orr_model_set_param (model, b, "source", source);
  orr_model_set_param (model, b, "function", quoted);
  return b;
}

/* ---- what configure declares -------------------------------------------------- */

static const OrrPortSpec *
port (GArray *ports, guint i)
{
  g_assert_cmpuint (i, <, ports->len);
  return &g_array_index (ports, OrrPortSpec, i);
}

static void
test_declarations (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrConfig) config = NULL;
  g_autoptr (GError) error = NULL;
  const char *so;

  config = configure_block (
    &orr_ccustom_block_class, TRUE, &error, "function", "'median'", "source",
    "#include <orrery/orr-block.h>\n"
    "void median (OrrSimBlock *block, OrrJob job) { }\n",
    "in_sizes", "[2 3; -1 1]", "out_sizes", "[1 1; -1 -2; 4 1]", "feedthrough", "[1 0]",
    "event_inputs", "1", "event_outputs", "2", "x0", "[1 2]", "z0", "[3; 4; 5]", "rpar",
    "[0.5 0.25]", "ipar", "[7 -8]", "surfaces", "2", "modes", "-1", "jacobian", "1", NULL);
  g_assert_no_error (error);
  g_assert_nonnull (config);

  g_assert_cmpuint (config->inputs->len, ==, 2);
  g_assert_cmpint (port (config->inputs, 0)->rows, ==, 2);
  g_assert_cmpint (port (config->inputs, 0)->cols, ==, 3);
  g_assert_true (port (config->inputs, 0)->feedthrough);
  g_assert_cmpint (port (config->inputs, 0)->type, ==, ORR_TYPE_DOUBLE);
  g_assert_cmpint (port (config->inputs, 1)->rows, ==, -1);
  g_assert_cmpint (port (config->inputs, 1)->cols, ==, 1);
  g_assert_false (port (config->inputs, 1)->feedthrough);
  g_assert_cmpuint (config->outputs->len, ==, 3);
  g_assert_cmpint (port (config->outputs, 1)->rows, ==, -1);
  g_assert_cmpint (port (config->outputs, 1)->cols, ==, -2);
  g_assert_cmpint (port (config->outputs, 2)->rows, ==, 4);
  g_assert_cmpint (port (config->outputs, 2)->cols, ==, 1);
  g_assert_cmpint (config->n_evin, ==, 1);
  g_assert_cmpint (config->n_evout, ==, 2);

  /* Continuous states make the block always active. */
  g_assert_true (config->always_active);
  g_assert_cmpint (config->nx, ==, 2);
  g_assert_cmpfloat (config->x0[1], ==, 2);
  g_assert_false (config->implicit);
  g_assert_cmpint (config->nz, ==, 3);
  g_assert_cmpfloat (config->z0[2], ==, 5);
  g_assert_cmpint (config->ng, ==, 2);
  g_assert_cmpint (config->nmode, ==, -1);
  g_assert_true (config->analytic_jacobian);
  g_assert_cmpuint (config->rpar->len, ==, 2);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 1), ==, 0.25);
  g_assert_cmpuint (config->ipar->len, ==, 2);
  g_assert_cmpint (g_array_index (config->ipar, int, 1), ==, -8);
  g_assert_cmpstr (config->label, ==, "median");

  /* The object, in the cache, and the function's name. */
  g_assert_cmpuint (config->opar->len, ==, 2);
  so = orr_value_get_string (g_ptr_array_index (config->opar, 0));
  g_assert_true (g_str_has_prefix (so, f->cache));
  g_assert_true (g_str_has_suffix (so, ".so"));
  g_assert_true (g_file_test (so, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (orr_value_get_string (g_ptr_array_index (config->opar, 1)), ==, "median");
}

/* The defaults: a pass-through y = u on any matrix, inherited activation,
 * which compiles as is. */
static void
test_defaults (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrConfig) config = configure_block (&orr_ccustom_block_class, TRUE, &error, NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (config->inputs->len, ==, 1);
  g_assert_cmpuint (config->outputs->len, ==, 1);
  g_assert_false (config->always_active);
  g_assert_cmpint (config->nx, ==, 0);
  g_assert_cmpint (config->nz, ==, 0);
  g_assert_cmpuint (config->opar->len, ==, 2);
}

/* Parameter mistakes are reported, naming the parameter, even without
 * trust, and before anything is compiled. */
static void
test_parameter_errors (Fixture *f, gconstpointer data)
{
  EXPECT_PARAM_ERROR ("source", "source", "  \n\t ");
  EXPECT_PARAM_ERROR ("function", "function", "'2fast'");
  EXPECT_PARAM_ERROR ("function", "function", "'my block'");
  EXPECT_PARAM_ERROR ("function", "function", "1");
  EXPECT_PARAM_ERROR ("in_sizes", "in_sizes", "[1 2 3]");
  EXPECT_PARAM_ERROR ("in_sizes", "in_sizes", "[1 0]");
  EXPECT_PARAM_ERROR ("in_sizes", "in_sizes", "[1.5 1]");
  EXPECT_PARAM_ERROR ("out_sizes", "out_sizes", "[1; 1]");
  EXPECT_PARAM_ERROR ("feedthrough", "in_sizes", "[1 1; 1 1; 1 1]", "feedthrough", "[1 0]");
  EXPECT_PARAM_ERROR ("feedthrough", "feedthrough", "2");
  EXPECT_PARAM_ERROR ("event_inputs", "event_inputs", "-1");
  EXPECT_PARAM_ERROR ("event_outputs", "event_outputs", "0.5");
  EXPECT_PARAM_ERROR ("always_active", "always_active", "2");
  EXPECT_PARAM_ERROR ("x0", "x0", "[1 2; 3 4]");
  EXPECT_PARAM_ERROR ("x0", "x0", "[1 NaN]");
  EXPECT_PARAM_ERROR ("implicit", "implicit", "1");
  EXPECT_PARAM_ERROR ("z0", "z0", "'abc'");
  EXPECT_PARAM_ERROR ("ipar", "ipar", "[1 2.5]");
  EXPECT_PARAM_ERROR ("surfaces", "surfaces", "-2");
  EXPECT_PARAM_ERROR ("modes", "in_sizes", "[]", "modes", "-1");
  EXPECT_PARAM_ERROR ("jacobian", "jacobian", "1");

  /* Nothing was compiled for any of them. */
  g_assert_false (g_file_test (f->cache, G_FILE_TEST_EXISTS));
}

/* ---- trust -------------------------------------------------------------------- */

/* Without trust, compiling the model fails with the message, and nothing
 * is written: not the cache folder, let alone an object. */
static void
test_untrusted (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (GError) error = NULL;
  OrrBlock *median = add_custom (model, "Median", "median.c", "median", 1, 1, 0);
  OrrBlock *waves = add_block (model, "TestWaves", "Waves", 0, 5, 0, 0, NULL);

  orr_model_set_param (model, median, "in_sizes", "[1 1]");
  orr_model_set_param (model, median, "out_sizes", "[1 1]");
  link_data (model, waves, 1, median, 1);

  program = compile_model (model, &untrusted, &error);
  g_assert_null (program);
  g_assert_error (error, ORR_COMPILE_ERROR, ORR_COMPILE_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Median: " UNTRUSTED_MESSAGE));
  g_assert_false (g_file_test (f->cache, G_FILE_TEST_EXISTS));
}

/* ---- the seed's examples -------------------------------------------------------- */

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of five sines, and of the first four (the mean of the two middle
 * values), against the same sines sorted here, at every recorded time:
 * both are computed from the same formula at the same t, so 1e-12. Both
 * blocks share one compiled object but each has its own scratch memory. */
static void
test_median (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (Run) run = NULL;
  OrrBlock *waves = add_block (model, "TestWaves", "Waves", 0, 5, 0, 0, NULL);
  OrrBlock *odd = add_custom (model, "Median5", "median.c", "median", 5, 1, 0);
  OrrBlock *even = add_custom (model, "Median4", "median.c", "median", 4, 1, 0);
  OrrBlock *scope = add_block (model, "Scope", "Medians", 2, 0, 0, 0, NULL);
  Recording *r;
  gboolean others;

  orr_model_set_param (model, odd, "in_sizes", "ones(5, 2)");
  orr_model_set_param (model, odd, "out_sizes", "[1 1]");
  orr_model_set_param (model, even, "in_sizes", "ones(4, 2)");
  orr_model_set_param (model, even, "out_sizes", "[1 1]");
  orr_model_set_param (model, scope, "inputs", "2");
  for (guint k = 1; k <= 5; k++)
    link_data (model, waves, k, odd, k);
  for (guint k = 1; k <= 4; k++)
    link_data (model, waves, k, even, k);
  link_data (model, odd, 1, scope, 1);
  link_data (model, even, 1, scope, 2);
  set_final_time (model, 10);
  set_tolerances (model, 1e-6, 1e-8);

  run = run_model (model, &trusted);
  g_assert_no_error (run->error);
  g_assert_true (run->ok);
  r = recording (run, "Medians");
  g_assert_cmpuint (r->t->len, >, 20);
  for (guint i = 0; i < r->t->len; i++)
    {
      double u[5];

      for (int k = 0; k < 5; k++)
        u[k] = wave (k, T (r, i));
      qsort (u, 5, sizeof (double), compare_doubles);
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), u[2], 1e-12);

      for (int k = 0; k < 4; k++)
        u[k] = wave (k, T (r, i));
      qsort (u, 4, sizeof (double), compare_doubles);
      g_assert_cmpfloat_with_epsilon (V (r, i, 1), (u[1] + u[2]) / 2, 1e-12);
    }
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 10);
  g_assert_cmpuint (count_objects (f->cache, NULL, &others), ==, 1);
  g_assert_false (others);
}

/* y(k) = u1(k - d(k)) with u1 = k (a Counter from 1) and u2 = (k - 1) mod 7
 * (a Counter from 0 to 6), the delay held to 1..4, both counters on one
 * 1 s clock over [0, 20]: 21 ticks. Before the first tick u1 was 0, so the
 * output is max(k - d, 0). Exact. */
static void
test_variable_delay (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (Run) run = NULL;
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, NULL);
  OrrBlock *signal = add_block (model, "Counter", "Signal", 0, 1, 1, 0, NULL);
  OrrBlock *delays = add_block (model, "Counter", "Delays", 0, 1, 1, 0, NULL);
  OrrBlock *delay = add_custom (model, "Delay", "variable-delay.c", "variable_delay", 2, 1, 0);
  OrrBlock *scope = add_block (model, "Scope", "Delayed", 1, 0, 0, 0, NULL);
  const int n = 4;
  Recording *r;

  orr_model_set_param (model, clock, "period", "1");
  orr_model_set_param (model, delays, "minimum", "0");
  orr_model_set_param (model, delays, "maximum", "6");
  orr_model_set_param (model, delay, "in_sizes", "[1 1; 1 1]");
  orr_model_set_param (model, delay, "out_sizes", "[1 1]");
  orr_model_set_param (model, delay, "feedthrough", "[0 1]");
  orr_model_set_param (model, delay, "z0", "zeros(1, 4 + 1)");
  link_event (model, clock, 1, signal, 1);
  link_event (model, clock, 1, delays, 1);
  link_data (model, signal, 1, delay, 1);
  link_data (model, delays, 1, delay, 2);
  link_data (model, delay, 1, scope, 1);
  set_final_time (model, 20);
  set_tolerances (model, 1e-6, 1e-8);

  run = run_model (model, &trusted);
  g_assert_no_error (run->error);
  r = recording (run, "Delayed");
  g_assert_cmpuint (r->t->len, ==, 21);
  for (guint i = 0; i < r->t->len; i++)
    {
      int k = i + 1;
      int d = CLAMP ((k - 1) % 7, 1, n);

      g_assert_cmpfloat (T (r, i), ==, i);
      g_test_message ("k = %d, d = %d, y = %g", k, d, V (r, i, 0));
      g_assert_cmpfloat (V (r, i, 0), ==, MAX (k - d, 0));
    }
}

/* Two tanks, A = 1, a = 0.1, levels 3 and 1, as an implicit block solved
 * by the DAE solver the model picks itself ("auto").
 * Pump off, linear losses (c2 = 0): the speed is (h1 - h2) / c1, so
 * h1 - h2 = 2 e^(-t/tau) with tau = A c1 / (2 a) = 2.5 s, and the levels
 * are 2 +- e^(-t/tau): within 1e-5 everywhere (rtol 1e-8), equal at the
 * end (t = 40 = 16 tau). Pump on (head 1) with quadratic losses too: the
 * levels settle where the pump's head balances their difference, at
 * h1 = 2 - 1/2 and h2 = 2 + 1/2 (1e-5), and h1 + h2 stays 4 (1e-6). */
static void
run_tanks (Fixture *f, double pump, double quadratic, Run **out)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *constant = add_block (model, "Constant", "Pump", 0, 1, 0, 0, NULL);
  OrrBlock *tanks = add_custom (model, "Tanks", "draining-tanks.c", "draining_tanks", 1, 2, 0);
  OrrBlock *scope = add_block (model, "Scope", "Levels", 2, 0, 0, 0, NULL);
  const double area = 1, pipe = 0.1, linear = 0.5, head = 1;
  const double h1 = 3, h2 = 1;
  double drive = h1 - h2 + pump * head, v0;
  g_autofree char *rpar = NULL;
  g_autofree char *x0 = NULL;
  g_autofree char *pump_expr = g_strdup_printf ("%g", pump);
  char buf[3][G_ASCII_DTOSTR_BUF_SIZE];

  /* A consistent start: the speed that balances the initial heads,
   * c2 v^2 + c1 v = drive. */
  v0 = quadratic == 0
         ? drive / linear
         : (-linear + sqrt (linear * linear + 4 * quadratic * drive)) / (2 * quadratic);
  rpar = g_strdup_printf ("[%g %g %g %s %g]", area, pipe, linear,
                          g_ascii_dtostr (buf[0], sizeof buf[0], quadratic), head);
  x0 = g_strdup_printf ("[%g; %g; %s]", h1, h2, g_ascii_dtostr (buf[1], sizeof buf[1], v0));

  orr_model_set_param (model, constant, "value", pump_expr);
  orr_model_set_param (model, tanks, "in_sizes", "[1 1]");
  orr_model_set_param (model, tanks, "out_sizes", "[1 1; 1 1]");
  orr_model_set_param (model, tanks, "feedthrough", "0");
  orr_model_set_param (model, tanks, "x0", x0);
  orr_model_set_param (model, tanks, "implicit", "1");
  orr_model_set_param (model, tanks, "rpar", rpar);
  orr_model_set_param (model, scope, "inputs", "2");
  link_data (model, constant, 1, tanks, 1);
  link_data (model, tanks, 1, scope, 1);
  link_data (model, tanks, 2, scope, 2);
  set_final_time (model, 40);
  set_tolerances (model, 1e-8, 1e-10);
  *out = run_model (model, &trusted);
}

static void
test_draining_tanks (Fixture *f, gconstpointer data)
{
  g_autoptr (Run) off = NULL;
  g_autoptr (Run) on = NULL;
  Recording *r;
  double worst = 0;
  guint last;

  run_tanks (f, 0, 0, &off);
  g_assert_no_error (off->error);
  r = recording (off, "Levels");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint i = 0; i < r->t->len; i++)
    {
      double e = exp (-T (r, i) / 2.5);

      worst = MAX (worst, fabs (V (r, i, 0) - (2 + e)));
      worst = MAX (worst, fabs (V (r, i, 1) - (2 - e)));
    }
  g_test_message ("pump off: largest error %.3g over %u samples", worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-5);
  last = r->t->len - 1;
  g_assert_cmpfloat (T (r, last), ==, 40);
  g_assert_cmpfloat_with_epsilon (V (r, last, 0), 2, 1e-5);
  g_assert_cmpfloat_with_epsilon (V (r, last, 1), 2, 1e-5);

  run_tanks (f, 1, 0.2, &on);
  g_assert_no_error (on->error);
  r = recording (on, "Levels");
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat_with_epsilon (V (r, i, 0) + V (r, i, 1), 4, 1e-6);
  last = r->t->len - 1;
  g_test_message ("pump on: levels %.8f %.8f at %g", V (r, last, 0), V (r, last, 1), T (r, last));
  g_assert_cmpfloat (T (r, last), ==, 40);
  g_assert_cmpfloat_with_epsilon (V (r, last, 0), 1.5, 1e-5);
  g_assert_cmpfloat_with_epsilon (V (r, last, 1), 2.5, 1e-5);
}

/* ---- the seed's two tanks, with friction regimes ------------------------------- */

/* The same physics as blocks/draining-tanks-friction.c, written again
 * here as an explicit reference: with S = h1 + h2 fixed, the difference
 * d = h1 - h2 follows d' = -2 (Ad/At) V(d), where V(d) is the speed that
 * balances the heads for that difference, found by bisection (the head
 * balance is monotonic in V), and the friction factor is solved from
 * Colebrook by fixed-point iteration. Classic RK4 in 2 ms steps
 * integrates it. */
typedef struct
{
  double length, diameter, rho, mu, tank, roughness, ks, re_laminar, re_turbulent, f_turbulent;
} Pipe;

static double
colebrook (double re, double roughness)
{
  double s = 8, previous; /* 1/sqrt(f) */

  /* A contraction for these Reynolds numbers: a few iterations suffice. */
  do
    {
      previous = s;
      s = -2 * log10 (roughness / 3.7 + 2.51 * s / re);
    }
  while (fabs (s - previous) > 1e-14 * s);
  return 1 / (s * s);
}

static double
pipe_area (const Pipe *p)
{
  return M_PI * p->diameter * p->diameter / 4;
}

static double
friction (const Pipe *p, double v)
{
  double re = p->diameter * v * p->rho / p->mu;

  if (re > p->re_turbulent)
    return colebrook (re, p->roughness);
  if (re < p->re_laminar)
    return p->ks / re;
  return p->ks / p->re_laminar
         + (p->f_turbulent - p->ks / p->re_laminar) * (re - p->re_laminar)
             / (p->re_turbulent - p->re_laminar);
}

/* h1 + H(V) - h2 - losses(V), decreasing in V > 0. */
static double
head_balance (const Pipe *p, double d, double pump, double v)
{
  double q = pipe_area (p) * v;
  double loss = (1 + friction (p, v) * 2 * p->length / p->diameter) * v * v / (2 * 9.81);

  return d + pump * (4 - 8.0e4 * q * q) - loss;
}

static double
balancing_speed (const Pipe *p, double d, double pump)
{
  double lo = 0, hi = 1;

  if (head_balance (p, d, pump, 1e-300) <= 0)
    return 0;
  while (head_balance (p, d, pump, hi) > 0)
    hi *= 2;
  while (hi - lo > 1e-14 * hi)
    {
      double mid = (lo + hi) / 2;

      if (head_balance (p, d, pump, mid) > 0)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}

static double
difference_rate (const Pipe *p, double d, double pump)
{
  return -2 * pipe_area (p) / p->tank * balancing_speed (p, d, pump);
}

static double
rk4_step (const Pipe *p, double d, double pump, double h)
{
  double k1 = difference_rate (p, d, pump);
  double k2 = difference_rate (p, d + h / 2 * k1, pump);
  double k3 = difference_rate (p, d + h / 2 * k2, pump);
  double k4 = difference_rate (p, d + h * k3, pump);

  return d + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
}

/* d at time t, from d at time *t0, advanced in steps of at most 2 ms. */
static double
advance (const Pipe *p, double d, double pump, double *t0, double t)
{
  while (*t0 < t)
    {
      double h = MIN (2e-3, t - *t0);

      d = rk4_step (p, d, pump, h);
      *t0 += h;
    }
  *t0 = t;
  return d;
}

static const Pipe seed_pipe = {
  .length = 10,
  .diameter = 0.02,
  .rho = 1000,
  .mu = 1e-3,
  .tank = 0.01,
  .roughness = 1e-4,
  .ks = 64,
  .re_laminar = 2000,
  .re_turbulent = 4000,
};

/* The model of the seed's example: the tanks block, its levels to a scope,
 * and (with stop_below > 0) a stop when h1 - h2 falls below stop_below,
 * as the seed's model stops when the levels meet. */
static void
run_friction_tanks (double pump, double h1, double h2, double stop_below, double final,
                    const Pipe *p, Run **out)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *constant = add_block (model, "Constant", "Pump", 0, 1, 0, 0, NULL);
  OrrBlock *tanks
    = add_custom (model, "Tanks", "draining-tanks-friction.c", "draining_tanks_friction", 1, 2, 0);
  OrrBlock *scope = add_block (model, "Scope", "Levels", 2, 0, 0, 0, NULL);
  double v0 = balancing_speed (p, h1 - h2, pump);
  char buf[12][G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *rpar = NULL;
  g_autofree char *x0 = NULL;
  g_autofree char *pump_expr = g_strdup_printf ("%g", pump);

  rpar = g_strdup_printf (
    "[%s %s %s %s %s %s %s %s %s %s]", g_ascii_dtostr (buf[0], sizeof buf[0], p->length),
    g_ascii_dtostr (buf[1], sizeof buf[1], p->diameter),
    g_ascii_dtostr (buf[2], sizeof buf[2], p->rho), g_ascii_dtostr (buf[3], sizeof buf[3], p->mu),
    g_ascii_dtostr (buf[4], sizeof buf[4], p->tank),
    g_ascii_dtostr (buf[5], sizeof buf[5], p->roughness),
    g_ascii_dtostr (buf[6], sizeof buf[6], p->ks),
    g_ascii_dtostr (buf[7], sizeof buf[7], p->re_laminar),
    g_ascii_dtostr (buf[8], sizeof buf[8], p->re_turbulent),
    g_ascii_dtostr (buf[9], sizeof buf[9], p->f_turbulent));
  x0 = g_strdup_printf ("[%g; %g; %s; %s]", h1, h2, g_ascii_dtostr (buf[10], sizeof buf[10], v0),
                        g_ascii_dtostr (buf[11], sizeof buf[11], friction (p, v0)));

  orr_model_set_param (model, constant, "value", pump_expr);
  orr_model_set_param (model, tanks, "in_sizes", "[1 1]");
  orr_model_set_param (model, tanks, "out_sizes", "[1 1; 1 1]");
  orr_model_set_param (model, tanks, "feedthrough", "0");
  orr_model_set_param (model, tanks, "x0", x0);
  orr_model_set_param (model, tanks, "implicit", "1");
  orr_model_set_param (model, tanks, "rpar", rpar);
  orr_model_set_param (model, scope, "inputs", "2");
  link_data (model, constant, 1, tanks, 1);
  link_data (model, tanks, 1, scope, 1);
  link_data (model, tanks, 2, scope, 2);
  if (stop_below > 0)
    {
      OrrBlock *difference = add_block (model, "Sum", "Difference", 3, 1, 0, 0, NULL);
      OrrBlock *threshold = add_block (model, "Constant", "Threshold", 0, 1, 0, 0, NULL);
      OrrBlock *meet = add_block (model, "ZeroCrossDown", "Meet", 1, 0, 0, 1, NULL);
      OrrBlock *end = add_block (model, "End", "Stop", 0, 0, 1, 0, NULL);
      g_autofree char *level = g_strdup_printf ("%g", stop_below);

      orr_model_set_param (model, difference, "signs", "[1 -1 -1]");
      orr_model_set_param (model, threshold, "value", level);
      link_data (model, tanks, 1, difference, 1);
      link_data (model, tanks, 2, difference, 2);
      link_data (model, threshold, 1, difference, 3);
      link_data (model, difference, 1, meet, 1);
      link_event (model, meet, 1, end, 1);
    }
  set_final_time (model, final);
  set_tolerances (model, 1e-9, 1e-11);
  *out = run_model (model, &trusted);
}

/* Compares every recorded sample with the reference: h1 - h2 within
 * tolerance, h1 + h2 equal to its start (volume kept) within 1e-8. */
static double
compare_with_reference (Recording *r, const Pipe *p, double pump, double total, double d0)
{
  double d = d0, t = 0, worst = 0;

  for (guint i = 0; i < r->t->len; i++)
    {
      d = advance (p, d, pump, &t, T (r, i));
      worst = MAX (worst, fabs ((V (r, i, 0) - V (r, i, 1)) - d));
      g_assert_cmpfloat_with_epsilon (V (r, i, 0) + V (r, i, 1), total, 1e-8);
    }
  return worst;
}

/* The seed's two tanks (seeds 000, section 3.3.3) with a 10 m pipe of
 * 2 cm between 10 cm x 10 cm tanks of water: the flow starts turbulent
 * (Re about 20000), slows through the transitional band into laminar
 * flow. Pump off, from levels 3 and 1, the model stops when the levels
 * are within 5 mm; pump on, from equal levels 3 and 3, the levels settle
 * where the pump's head at zero flow (4 m) holds them apart: 1 and 5. The
 * differences follow the reference within 1e-5 m, the stop within 1e-3 s;
 * at t = 85 s (pump on) the levels are within 0.5 mm of the balance (the
 * reference leaves 0.16 mm). The formulation is singular at rest: laminar
 * f = Ks/Re grows as 1/V, and near V = 2e-5 m/s (t = 97 s) the DAE
 * solver can no longer converge, which is why the seed's model stops when
 * the levels meet rather than run on to rest. */
static void
test_draining_tanks_friction (Fixture *f, gconstpointer data)
{
  Pipe p = seed_pipe;
  g_autoptr (Run) off = NULL;
  g_autoptr (Run) on = NULL;
  Recording *r;
  double worst, stop_time, d = 2, t = 0, previous;
  guint last;

  p.f_turbulent = colebrook (p.re_turbulent, p.roughness);

  run_friction_tanks (0, 3, 1, 0.005, 500, &p, &off);
  g_assert_no_error (off->error);
  r = recording (off, "Levels");
  worst = compare_with_reference (r, &p, 0, 4, 2);
  g_test_message ("pump off: largest error in h1 - h2 %.3g m over %u samples", worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-5);

  /* Where the reference crosses 5 mm, interpolated within its 2 ms step. */
  do
    {
      previous = d;
      d = rk4_step (&p, d, 0, 2e-3);
      t += 2e-3;
    }
  while (d > 0.005);
  stop_time = t - 2e-3 * (0.005 - d) / (previous - d);
  last = r->t->len - 1;
  g_test_message ("pump off: stopped at %.6f s, reference %.6f s", off->stats.final_time,
                  stop_time);
  g_assert_true (off->stats.stopped);
  g_assert_cmpfloat_with_epsilon (off->stats.final_time, stop_time, 1e-3);
  g_assert_cmpfloat_with_epsilon (V (r, last, 0) - V (r, last, 1), 0.005, 1e-6);

  run_friction_tanks (1, 3, 3, 0, 85, &p, &on);
  g_assert_no_error (on->error);
  r = recording (on, "Levels");
  worst = compare_with_reference (r, &p, 1, 6, 0);
  g_test_message ("pump on: largest error in h1 - h2 %.3g m over %u samples", worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-5);
  last = r->t->len - 1;
  g_test_message ("pump on: levels %.8f %.8f at %g", V (r, last, 0), V (r, last, 1), T (r, last));
  g_assert_cmpfloat (T (r, last), ==, 85);
  g_assert_cmpfloat_with_epsilon (V (r, last, 0), 1, 5e-4);
  g_assert_cmpfloat_with_epsilon (V (r, last, 1), 5, 5e-4);
}

/* ---- compiling ------------------------------------------------------------------- */

/* A compiler error is a configure error that quotes the compiler on the
 * line of the user's code (line 4 here), and leaves nothing behind. */
static void
test_compile_error (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  const char *source = "#include <orrery/orr-block.h>\n"
                       "void\n"
                       "broken (OrrSimBlock *block, OrrJob job)\n"
                       "{ double y = undeclared_level * 2; }\n";
  OrrConfig *config = configure_block (&orr_ccustom_block_class, TRUE, &error, "source", source,
                                       "function", "'broken'", NULL);
  gboolean others;

  g_assert_null (config);
  g_assert_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "parameter 'source': the C code does not "
                                                   "compile:\n"));
  g_assert_nonnull (strstr (error->message, "source.c:4:"));
  g_assert_nonnull (strstr (error->message, "undeclared_level"));
  g_assert_cmpuint (count_objects (f->cache, NULL, &others), ==, 0);
  g_assert_false (others);
}

/* A second compile of the same code finds the object in the cache and
 * does not run the compiler: the file is the same one, untouched (its
 * modification time, set into the past after the first compile, stays). */
static void
test_cache_reused (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrProgram) first = NULL;
  g_autoptr (OrrProgram) second = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *object = NULL;
  g_autofree char *again = NULL;
  OrrBlock *waves = add_block (model, "TestWaves", "Waves", 0, 5, 0, 0, NULL);
  OrrBlock *median = add_custom (model, "Median", "median.c", "median", 1, 1, 0);
  struct utimbuf past = { .actime = 1000000000, .modtime = 1000000000 };
  GStatBuf before, after;
  gboolean others;

  orr_model_set_param (model, median, "in_sizes", "[1 1]");
  orr_model_set_param (model, median, "out_sizes", "[1 1]");
  link_data (model, waves, 1, median, 1);

  first = compile_model (model, &trusted, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_objects (f->cache, &object, &others), ==, 1);
  g_assert_false (others);
  g_assert_cmpint (g_utime (object, &past), ==, 0);
  g_assert_cmpint (g_stat (object, &before), ==, 0);

  second = compile_model (model, &trusted, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_objects (f->cache, &again, &others), ==, 1);
  g_assert_false (others);
  g_assert_cmpstr (again, ==, object);
  g_assert_cmpint (g_stat (object, &after), ==, 0);
  g_assert_cmpint (after.st_mtime, ==, 1000000000);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);

  /* Other code is another object. */
  orr_model_set_param (model, median, "source",
                       "#include <orrery/orr-block.h>\n"
                       "void median (OrrSimBlock *block, OrrJob job) { }\n");
  g_clear_pointer (&second, orr_program_free);
  second = compile_model (model, &trusted, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_objects (f->cache, NULL, &others), ==, 2);
}

/* ---- at run time --------------------------------------------------------------------- */

/* orr_block_error() in the user's code stops the run at that time, the
 * message prefixed with the block's path. */
static void
test_block_error (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (Run) run = NULL;
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, NULL);
  OrrBlock *faulty = add_custom (model, "Faulty", "faulty.c", "faulty", 0, 1, 1);
  OrrBlock *scope = add_block (model, "Scope", "Times", 1, 0, 0, 0, NULL);
  Recording *r;

  orr_model_set_param (model, clock, "period", "0.5");
  orr_model_set_param (model, faulty, "in_sizes", "[]");
  orr_model_set_param (model, faulty, "out_sizes", "[1 1]");
  orr_model_set_param (model, faulty, "event_inputs", "1");
  orr_model_set_param (model, faulty, "rpar", "2");
  link_event (model, clock, 1, faulty, 1);
  link_data (model, faulty, 1, scope, 1);

  run = run_model (model, &trusted);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_test_message ("%s", run->error->message);
  g_assert_true (g_str_has_prefix (run->error->message, "Faulty: tank overflow at t = 2"));
  g_assert_cmpfloat (run->stats.final_time, ==, 2);
  r = recording (run, "Times");
  g_assert_cmpfloat (V (r, r->t->len - 1, 0), ==, 1.5);
}

/* A function name the code does not define: the run stops at init,
 * naming it. */
static void
test_missing_function (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (Run) run = NULL;
  OrrBlock *waves = add_block (model, "TestWaves", "Waves", 0, 5, 0, 0, NULL);
  OrrBlock *median = add_custom (model, "Median", "median.c", "no_such_function", 1, 1, 0);

  orr_model_set_param (model, median, "in_sizes", "[1 1]");
  orr_model_set_param (model, median, "out_sizes", "[1 1]");
  link_data (model, waves, 1, median, 1);

  run = run_model (model, &trusted);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_test_message ("%s", run->error->message);
  g_assert_nonnull (strstr (run->error->message, "Median: "));
  g_assert_nonnull (strstr (run->error->message, "'no_such_function'"));
}

/* The user's code keeps its own block->work, allocated in init and freed
 * in terminate (valgrind sees a leak otherwise), apart from the loader's:
 * two blocks with the same code on 1 s and 0.5 s clocks over [0, 5] count
 * 1..6 and 1..11, each on its own. */
static void
test_own_work (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (Run) run = NULL;
  OrrBlock *slow_clock = add_block (model, "SampleClock", "SlowClock", 0, 0, 0, 1, NULL);
  OrrBlock *fast_clock = add_block (model, "SampleClock", "FastClock", 0, 0, 0, 1, NULL);
  OrrBlock *slow = add_custom (model, "Slow", "counting.c", "counting", 0, 1, 1);
  OrrBlock *fast = add_custom (model, "Fast", "counting.c", "counting", 0, 1, 1);
  OrrBlock *slow_scope = add_block (model, "Scope", "SlowCounts", 1, 0, 0, 0, NULL);
  OrrBlock *fast_scope = add_block (model, "Scope", "FastCounts", 1, 0, 0, 0, NULL);
  OrrBlock *blocks[] = { slow, fast };
  Recording *r;

  orr_model_set_param (model, slow_clock, "period", "1");
  orr_model_set_param (model, fast_clock, "period", "0.5");
  for (gsize i = 0; i < G_N_ELEMENTS (blocks); i++)
    {
      orr_model_set_param (model, blocks[i], "in_sizes", "[]");
      orr_model_set_param (model, blocks[i], "out_sizes", "[1 1]");
      orr_model_set_param (model, blocks[i], "event_inputs", "1");
    }
  link_event (model, slow_clock, 1, slow, 1);
  link_event (model, fast_clock, 1, fast, 1);
  link_data (model, slow, 1, slow_scope, 1);
  link_data (model, fast, 1, fast_scope, 1);
  set_final_time (model, 5);
  set_tolerances (model, 1e-6, 1e-8);

  run = run_model (model, &trusted);
  g_assert_no_error (run->error);
  r = recording (run, "SlowCounts");
  g_assert_cmpuint (r->t->len, ==, 6);
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat (V (r, i, 0), ==, i + 1);
  r = recording (run, "FastCounts");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat (V (r, i, 0), ==, i + 1);
}

/* A user's block that solves [4 1 0; 1 3 1; 0 1 2] x = u with the block
 * API's LU, orr-block.h being its only header: for u = [1; 2; 3] the
 * solution is x = [2; 1; 13] / 9 (by substitution: x2 = 1/9 from
 * 9 x2 + 7 = 8), to 1e-15 at every recorded point. */
static void
test_dense_solve (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (Run) run = NULL;
  OrrBlock *u = add_block (model, "Constant", "U", 0, 1, 0, 0, "value", "[1; 2; 3]", NULL);
  OrrBlock *solve = add_custom (model, "Solve", "solving.c", "solving", 1, 1, 0);
  OrrBlock *scope = add_block (model, "Scope", "X", 1, 0, 0, 0, NULL);
  const double x[] = { 2.0 / 9, 1.0 / 9, 13.0 / 9 };
  Recording *r;

  orr_model_set_param (model, solve, "in_sizes", "[3 1]");
  orr_model_set_param (model, solve, "out_sizes", "[3 1]");
  link_data (model, u, 1, solve, 1);
  link_data (model, solve, 1, scope, 1);
  set_final_time (model, 1);

  run = run_model (model, &trusted);
  g_assert_no_error (run->error);
  r = recording (run, "X");
  g_assert_cmpuint (r->t->len, >, 0);
  for (guint i = 0; i < r->t->len; i++)
    for (int k = 0; k < 3; k++)
      g_assert_cmpfloat_with_epsilon (V (r, i, k), x[k], 1e-15);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/custom/declarations", test_declarations);
  ADD ("/custom/defaults", test_defaults);
  ADD ("/custom/parameter-errors", test_parameter_errors);
  ADD ("/custom/untrusted", test_untrusted);
  ADD ("/custom/median", test_median);
  ADD ("/custom/variable-delay", test_variable_delay);
  ADD ("/custom/draining-tanks", test_draining_tanks);
  ADD ("/custom/draining-tanks-friction", test_draining_tanks_friction);
  ADD ("/custom/compile-error", test_compile_error);
  ADD ("/custom/cache-reused", test_cache_reused);
  ADD ("/custom/block-error", test_block_error);
  ADD ("/custom/missing-function", test_missing_function);
  ADD ("/custom/own-work", test_own_work);
  ADD ("/custom/dense-solve", test_dense_solve);
#undef ADD

  return g_test_run ();
}
