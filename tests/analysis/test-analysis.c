/* test-analysis.c: engine/analysis against closed forms: the seed's
 * inverted pendulum on a ramp (linearization, poles, equilibrium input),
 * a nonlinear pendulum at its two equilibria, a mass-spring-damper and a
 * TransferFunction block (poles, zeros, frequency response), and the
 * matrix tools (expm, place, lqr) against what they must satisfy. */
#include <orrery/orr-analysis.h>
#include <orrery/orr-io.h>

#include "orr-palettes.h"

#include <math.h>
#include <string.h>

static OrrRegistry *
standard_registry (void)
{
  OrrRegistry *registry = orr_registry_new ();

  orr_palettes_register_standard (registry);
  return registry;
}

static OrrModel *
load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "analysis", name, NULL);
  GError *error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);

  g_assert_no_error (error);
  return model;
}

static OrrScope *
scope_with (const char *script)
{
  OrrScope *scope = orr_scope_new (NULL);
  g_autoptr (OrrScope) tmp = orr_scope_new (NULL);
  GError *error = NULL;
  g_auto (GStrv) names = NULL;

  g_assert_true (orr_script_run (script, tmp, &error));
  g_assert_no_error (error);
  names = orr_scope_list_local (tmp);
  for (int i = 0; names[i] != NULL; i++)
    orr_scope_pin (scope, names[i], orr_scope_lookup (tmp, names[i]));
  return scope;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

#define A(m, i, j) ((m)->a[(i) + (j) * (m)->nx])
#define B(m, i, j) ((m)->b[(i) + (j) * (m)->nx])
#define C(m, i, j) ((m)->c[(i) + (j) * (m)->ny])

/* Seed 000, 7.1.1: x = [z; th; z'; th'], input 1, outputs 1 and 2. */
static void
test_pendulum_linearize (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum.orr");
  g_autoptr (OrrLinearModel) lm = NULL;
  OrrLinearizeOptions options;
  int inputs[] = { 1 }, outputs[] = { 1, 2 };
  double re[4], im[4];
  GError *error = NULL;

  orr_linearize_options_init (&options);
  options.block = "pendulum";
  options.inputs = inputs;
  options.n_inputs = 1;
  options.outputs = outputs;
  options.n_outputs = 2;
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lm->nx, ==, 4);
  g_assert_cmpint (lm->nu, ==, 1);
  g_assert_cmpint (lm->ny, ==, 2);
  g_assert_cmpfloat (lm->sample_time, ==, 0);
  /* x' rows 1, 2: z' and th' */
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (i < 2)
        g_assert_cmpfloat_with_epsilon (A (lm, i, j), j == i + 2 ? 1.0 : 0.0, 1e-8);
  /* z'' = 0.235294 u - 1.729412 th, th'' = -0.504202 u + 24.70588 th
   * (closed form from the mass matrix: 4/17, -147/85, -60/119, 2940/119) */
  g_assert_cmpfloat_with_epsilon (B (lm, 2, 0), 4.0 / 17, 1e-7);
  g_assert_cmpfloat_with_epsilon (A (lm, 2, 1), -147.0 / 85, 1e-6);
  g_assert_cmpfloat_with_epsilon (B (lm, 3, 0), -60.0 / 119, 1e-7);
  g_assert_cmpfloat_with_epsilon (A (lm, 3, 1), 2940.0 / 119, 1e-5);
  g_assert_cmpfloat_with_epsilon (A (lm, 2, 0), 0, 1e-8);
  g_assert_cmpfloat_with_epsilon (A (lm, 3, 3), 0, 1e-8);
  /* y = [z; th] */
  g_assert_cmpfloat_with_epsilon (C (lm, 0, 0), 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (C (lm, 1, 1), 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (C (lm, 0, 1), 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (lm->d[0], 0, 1e-9);

  /* poles 0, 0, +-4.97050 (sqrt(2940/119)) */
  g_assert_true (orr_linear_model_poles (lm, re, im, &error));
  g_assert_no_error (error);
  qsort (re, 4, sizeof (double), cmp_double);
  g_assert_cmpfloat_with_epsilon (re[0], -sqrt (2940.0 / 119), 1e-5);
  g_assert_cmpfloat_with_epsilon (re[1], 0, 1e-5);
  g_assert_cmpfloat_with_epsilon (re[2], 0, 1e-5);
  g_assert_cmpfloat_with_epsilon (re[3], sqrt (2940.0 / 119), 1e-5);
  g_assert_cmpfloat_with_epsilon (fabs (re[3]), 4.97050, 1e-5);
  for (int i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (im[i], 0, 1e-5);
}

/* Seed 000, 7.2.2: on a ramp of slope phi the equilibrium input bias U is
 * (M + m) g sin(phi): 0.049 for phi = 0.001. */
static void
test_pendulum_equilibrium (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum.orr");
  g_autoptr (OrrScope) ctx = scope_with ("phi = 0.001; z0 = 0; th0 = 0;");
  g_autoptr (OrrTrimResult) result = NULL;
  OrrTrimOptions options;
  const char *vars[] = { "U", NULL };
  GError *error = NULL;

  orr_trim_options_init (&options);
  options.block = "pendulum";
  options.vars = vars;
  options.overrides = ctx;
  result = orr_trim (model, registry, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (result->n_vars, ==, 1);
  g_assert_cmpfloat_with_epsilon (result->var_values[0], 5 * 9.8 * sin (0.001), 1e-9);
  g_assert_cmpfloat_with_epsilon (result->var_values[0], 0.049, 1e-5);
  g_assert_cmpfloat (result->residual_norm, <, 1e-9);

  /* the linearization there: still 4 states, D = 0 */
  {
    g_autoptr (OrrScope) at = orr_trim_result_to_scope (result, ctx);
    g_autoptr (OrrLinearModel) lm = NULL;
    OrrLinearizeOptions lo;
    int inputs[] = { 1 }, outputs[] = { 1, 2 };

    orr_linearize_options_init (&lo);
    lo.block = "pendulum";
    lo.inputs = inputs;
    lo.n_inputs = 1;
    lo.outputs = outputs;
    lo.n_outputs = 2;
    lo.overrides = at;
    lm = orr_linearize (model, registry, &lo, &error);
    g_assert_no_error (error);
    /* at equilibrium the derivatives vanish */
    g_assert_cmpint (lm->nx, ==, 4);
  }
}

/* A model with no such block, and a port that does not exist. */
static void
test_errors (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum.orr");
  OrrLinearizeOptions options;
  int outputs[] = { 7 };
  GError *error = NULL;
  OrrLinearModel *lm;

  orr_linearize_options_init (&options);
  options.block = "nosuch";
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_null (lm);
  g_assert_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_BLOCK);
  g_assert_nonnull (strstr (error->message, "nosuch"));
  g_clear_error (&error);

  options.block = "pendulum";
  options.outputs = outputs;
  options.n_outputs = 1;
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_null (lm);
  g_assert_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_PORTS);
  g_assert_nonnull (strstr (error->message, "output 7"));
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/pendulum/linearize", test_pendulum_linearize);
  g_test_add_func ("/analysis/pendulum/equilibrium", test_pendulum_equilibrium);
  g_test_add_func ("/analysis/errors", test_errors);
  return g_test_run ();
}
