/* test-analysis.c: engine/analysis against closed forms: the seed's
 * inverted pendulum on a ramp (linearization, poles, equilibrium input),
 * a nonlinear pendulum at its two equilibria, a mass-spring-damper and a
 * TransferFunction block (poles, zeros, frequency response), and the
 * matrix tools (expm, place, lqr) against what they must satisfy. */
#include <orrery/orr-analysis.h>
#include <orrery/orr-io.h>
#include <orrery/orr-simulation.h>

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

static OrrLinearModel *
linearize_simple (const char *file, const char *block, OrrScope *overrides)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load (file);
  OrrLinearizeOptions options;
  GError *error = NULL;
  OrrLinearModel *lm;

  orr_linearize_options_init (&options);
  options.block = block;
  options.overrides = overrides;
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_no_error (error);
  return lm;
}

/* m x'' + c x' + k x = F, the whole model between its Input and Output:
 * poles (-c +- sqrt(c^2 - 4 m k)) / 2m, no zeros, H(jw) = 1 / (k - m w^2 + j c w). */
static void
test_mass_spring_damper (void)
{
  g_autoptr (OrrLinearModel) lm = linearize_simple ("msd.orr", NULL, NULL);
  const double m = 2, c = 0.6, k = 8;
  double re[2], im[2], zr[2], zi[2], w[] = { 0.1, 1, 2, 5, 30 };
  double hr[5], hi[5], gain;
  int nz = -1;
  GError *error = NULL;

  g_assert_cmpint (lm->nx, ==, 2);
  g_assert_cmpint (lm->nu, ==, 1);
  g_assert_cmpint (lm->ny, ==, 1);
  g_assert_true (orr_linear_model_poles (lm, re, im, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (re[i], -c / (2 * m), 1e-7);
      g_assert_cmpfloat_with_epsilon (fabs (im[i]), sqrt (4 * m * k - c * c) / (2 * m), 1e-7);
    }
  g_assert_true (orr_linear_model_zeros (lm, 0, 0, zr, zi, &nz, &error));
  g_assert_no_error (error);
  g_assert_cmpint (nz, ==, 0);
  g_assert_true (orr_linear_model_frequency_response (lm, w, 5, hr, hi, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 5; i++)
    {
      double dr = k - m * w[i] * w[i], di = c * w[i], d2 = dr * dr + di * di;

      g_assert_cmpfloat_with_epsilon (hr[i], dr / d2, 1e-8 * MAX (1, fabs (dr / d2)));
      g_assert_cmpfloat_with_epsilon (hi[i], -di / d2, 1e-8 * MAX (1, fabs (di / d2)));
    }
  g_assert_true (orr_linear_model_dc_gain (lm, 0, 0, &gain));
  g_assert_cmpfloat_with_epsilon (gain, 1 / k, 1e-9);
}

/* TransferFunction (s + 3) / (s^2 + 2 s + 10) in a super block fed by a
 * Step: poles -1 +- 3i, zero -3, the frequency response, and the step
 * response against the closed form. */
static void
test_transfer_function (void)
{
  g_autoptr (OrrLinearModel) lm = linearize_simple ("tf.orr", "Filter", NULL);
  double re[2], im[2], zr[2], zi[2], w[] = { 0, 0.5, 3, 10, 100 }, hr[5], hi[5];
  double y[201];
  int nz = 0;
  GError *error = NULL;

  g_assert_cmpint (lm->nx, ==, 2);
  /* the operating point: the Step is 0 at the start */
  g_assert_cmpfloat (lm->u0[0], ==, 0);
  g_assert_true (orr_linear_model_poles (lm, re, im, &error));
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (re[i], -1, 1e-7);
      g_assert_cmpfloat_with_epsilon (fabs (im[i]), 3, 1e-7);
    }
  g_assert_true (orr_linear_model_zeros (lm, 0, 0, zr, zi, &nz, &error));
  g_assert_no_error (error);
  g_assert_cmpint (nz, ==, 1);
  g_assert_cmpfloat_with_epsilon (zr[0], -3, 1e-7);
  g_assert_cmpfloat_with_epsilon (zi[0], 0, 1e-7);
  g_assert_true (orr_linear_model_frequency_response (lm, w, 5, hr, hi, &error));
  for (int i = 0; i < 5; i++)
    {
      /* (3 + j w) / (10 - w^2 + 2 j w) */
      double nr = 3, ni = w[i], dr = 10 - w[i] * w[i], di = 2 * w[i];
      double d2 = dr * dr + di * di;

      g_assert_cmpfloat_with_epsilon (hr[i], (nr * dr + ni * di) / d2, 1e-8);
      g_assert_cmpfloat_with_epsilon (hi[i], (ni * dr - nr * di) / d2, 1e-8);
    }
  /* step: y = 0.3 - e^-t (0.3 cos 3t - (0.7/3) sin 3t) */
  g_assert_true (orr_linear_model_step_response (lm, 0, 0.05, 201, y, &error));
  g_assert_no_error (error);
  for (int k = 0; k < 201; k += 7)
    {
      double t = k * 0.05;
      double exact = 0.3 - exp (-t) * (0.3 * cos (3 * t) - (0.7 / 3) * sin (3 * t));

      g_assert_cmpfloat_with_epsilon (y[k], exact, 1e-7);
    }
}

/* th'' = -(g/l) sin th: +-sqrt(g/l) upright (th = pi), +-i sqrt(g/l)
 * hanging (th = 0). */
static void
test_swing (void)
{
  const double w0 = sqrt (9.81 / 0.5);
  g_autoptr (OrrScope) top = scope_with ("th0 = pi;");
  g_autoptr (OrrLinearModel) down = linearize_simple ("swing.orr", "Swing", NULL);
  g_autoptr (OrrLinearModel) up = linearize_simple ("swing.orr", "Swing", top);
  double re[2], im[2];
  GError *error = NULL;

  g_assert_true (orr_linear_model_poles (down, re, im, &error));
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (re[i], 0, 1e-6);
      g_assert_cmpfloat_with_epsilon (fabs (im[i]), w0, 1e-6);
    }
  g_assert_true (orr_linear_model_poles (up, re, im, &error));
  qsort (re, 2, sizeof (double), cmp_double);
  g_assert_cmpfloat_with_epsilon (re[0], -w0, 1e-6);
  g_assert_cmpfloat_with_epsilon (re[1], w0, 1e-6);
  g_assert_cmpfloat_with_epsilon (im[0], 0, 1e-6);
  g_assert_cmpint (up->nu, ==, 0);
  g_assert_cmpint (up->ny, ==, 2);
}

/* A DiscreteTransferFunction 2z / (z - 0.5) on a 0.25 s clock: a discrete
 * model at that period, pole 0.5, zero 0, gain 4 at DC. */
static void
test_sampled (void)
{
  g_autoptr (OrrLinearModel) lm = linearize_simple ("sampled.orr", NULL, NULL);
  double re[1], im[1], zr[1], zi[1], gain, w[] = { 1.0 }, hr[1], hi[1];
  int nz = 0;
  GError *error = NULL;

  g_assert_cmpfloat (lm->sample_time, ==, 0.25);
  g_assert_cmpint (lm->nx, ==, 1);
  g_assert_true (orr_linear_model_poles (lm, re, im, &error));
  g_assert_cmpfloat_with_epsilon (re[0], 0.5, 1e-8);
  g_assert_true (orr_linear_model_zeros (lm, 0, 0, zr, zi, &nz, &error));
  g_assert_cmpint (nz, ==, 1);
  g_assert_cmpfloat_with_epsilon (zr[0], 0, 1e-8);
  g_assert_true (orr_linear_model_dc_gain (lm, 0, 0, &gain));
  g_assert_cmpfloat_with_epsilon (gain, 4, 1e-8);
  /* H(e^{jwT}) = 2 z / (z - 0.5) */
  g_assert_true (orr_linear_model_frequency_response (lm, w, 1, hr, hi, &error));
  {
    double zr1 = cos (0.25), zi1 = sin (0.25), dr = zr1 - 0.5, di = zi1, d2 = dr * dr + di * di;

    g_assert_cmpfloat_with_epsilon (hr[0], 2 * (zr1 * dr + zi1 * di) / d2, 1e-8);
    g_assert_cmpfloat_with_epsilon (hi[0], 2 * (zi1 * dr - zr1 * di) / d2, 1e-8);
  }
  /* the step response, one value a sample: y_k = 2 + 2 (1 - 0.5^k) */
  {
    double y[10];

    g_assert_true (orr_linear_model_step_response (lm, 0, 0.25, 10, y, &error));
    g_assert_no_error (error);
    for (int k = 0; k < 10; k++)
      g_assert_cmpfloat_with_epsilon (y[k], 2 + 2 * (1 - pow (0.5, k)), 1e-12);
  }
}

/* expm of a rotation generator; place and lqr against what they promise. */
static void
test_matrix_tools (void)
{
  double a[4] = { 0, -2, 2, 0 }, e[4];
  GError *error = NULL;

  g_assert_true (orr_matrix_expm (2, a, e, &error));
  g_assert_cmpfloat_with_epsilon (e[0], cos (2), 1e-12);
  g_assert_cmpfloat_with_epsilon (e[1], -sin (2), 1e-12);
  g_assert_cmpfloat_with_epsilon (e[2], sin (2), 1e-12);
  g_assert_cmpfloat_with_epsilon (e[3], cos (2), 1e-12);

  {
    /* the pendulum's (A, B): place at -1 -2 -3 -4, and a complex pair */
    double A[16] = { 0 }, B[4] = { 0, 0, 4.0 / 17, -60.0 / 119 }, K[4], cl[16];
    double pr[4] = { -1, -2, -3, -4 }, pi[4] = { 0 }, re[4], im[4];
    double pr2[4] = { -1, -1, -2, -5 }, pi2[4] = { 1, -1, 0, 0 };

    A[0 + 2 * 4] = 1;
    A[1 + 3 * 4] = 1;
    A[2 + 1 * 4] = -147.0 / 85;
    A[3 + 1 * 4] = 2940.0 / 119;
    g_assert_true (orr_matrix_place (4, 1, A, B, pr, pi, K, &error));
    g_assert_no_error (error);
    for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
        cl[i + j * 4] = A[i + j * 4] - B[i] * K[j];
    g_assert_true (orr_matrix_eig (4, cl, re, im, &error));
    qsort (re, 4, sizeof (double), cmp_double);
    for (int i = 0; i < 4; i++)
      g_assert_cmpfloat_with_epsilon (re[i], -4 + i, 1e-6);

    g_assert_true (orr_matrix_place (4, 1, A, B, pr2, pi2, K, &error));
    for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
        cl[i + j * 4] = A[i + j * 4] - B[i] * K[j];
    g_assert_true (orr_matrix_eig (4, cl, re, im, &error));
    {
      int pairs = 0;

      for (int i = 0; i < 4; i++)
        if (fabs (im[i]) > 0.5)
          {
            g_assert_cmpfloat_with_epsilon (re[i], -1, 1e-6);
            g_assert_cmpfloat_with_epsilon (fabs (im[i]), 1, 1e-6);
            pairs++;
          }
      g_assert_cmpint (pairs, ==, 2);
    }
  }
  {
    /* double integrator, Q = I, R = 1: K = [1 sqrt(3)] (closed form) */
    double A[4] = { 0, 0, 1, 0 }, B[2] = { 0, 1 }, Q[4] = { 1, 0, 0, 1 }, R[1] = { 1 };
    double K[2], X[4];

    g_assert_true (orr_matrix_lqr (2, 1, A, B, Q, R, NULL, K, X, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (K[0], 1, 1e-9);
    g_assert_cmpfloat_with_epsilon (K[1], sqrt (3), 1e-9);
    g_assert_cmpfloat_with_epsilon (X[0], sqrt (3), 1e-9);
    g_assert_cmpfloat_with_epsilon (X[3], sqrt (3), 1e-9);
  }
}

typedef struct
{
  double *k; /* 1 x 4 */
  double acl[16];
  double worst;
  int samples;
} ClosedLoop;

static void
record_theta (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  ClosedLoop *cl = data;
  double e[16], m[16], x0[4] = { 0, 0.001, 0, 0 }, theta = 0;
  GError *error = NULL;

  for (int i = 0; i < 16; i++)
    m[i] = cl->acl[i] * t;
  g_assert_true (orr_matrix_expm (4, m, e, &error));
  for (int j = 0; j < 4; j++)
    theta += e[1 + j * 4] * x0[j];
  cl->worst = MAX (cl->worst, fabs (values[0] - theta));
  cl->samples++;
}

/* Seed 000 7.1.2's way: the context linearizes the plant and places the
 * state feedback's poles itself (guarded by in_linearization()). The
 * closed loop A - B K of the closed-form plant has the placed poles, and
 * the nonlinear simulation from th0 = 0.001 follows exp((A - B K) t) x0
 * (to the O(th0^2) of the nonlinearity). */
static void
test_pendulum_place_in_context (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum-place.orr");
  g_autoptr (OrrEvaluation) ev = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  double A[16] = { 0 }, B[4] = { 0, 0, 4.0 / 17, -60.0 / 119 }, K[4], re[4], im[4];
  ClosedLoop cl = { 0 };
  OrrValue *k;
  GError *error = NULL;

  ev = orr_evaluate_model_with_registry (model, NULL, registry);
  g_assert_true (orr_evaluation_check (ev, &error));
  g_assert_no_error (error);
  k = orr_scope_lookup (orr_evaluation_get_scope (ev, orr_model_get_root (model)), "K");
  g_assert_nonnull (k);
  g_assert_cmpint (orr_value_numel (k), ==, 4);
  g_assert_true (orr_value_to_doubles (k, K, 4));

  A[0 + 2 * 4] = 1;
  A[1 + 3 * 4] = 1;
  A[2 + 1 * 4] = -147.0 / 85;
  A[3 + 1 * 4] = 2940.0 / 119;
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++)
      cl.acl[i + j * 4] = A[i + j * 4] - B[i] * K[j];
  g_assert_true (orr_matrix_eig (4, cl.acl, re, im, &error));
  qsort (re, 4, sizeof (double), cmp_double);
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpfloat_with_epsilon (re[i], -4 + i, 1e-4);
      g_assert_cmpfloat_with_epsilon (im[i], 0, 1e-4);
    }

  program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, record_theta, &cl);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  g_assert_cmpint (cl.samples, >, 50);
  g_test_message ("largest |theta - linear closed loop| = %g (th0 = 0.001)", cl.worst);
  g_assert_cmpfloat (cl.worst, <, 1e-8);
}

/* The same context without its guard: the analysis evaluates the model
 * again, the context calls linearize again, and the model is refused
 * with one message that names the place once and says what to do. */
static void
test_unguarded_context (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum-place.orr");
  g_autoptr (OrrProgram) program = NULL;
  g_autofree char *script = g_strdup (orr_model_get_context (model));
  char *guard = strstr (script, "if ~in_linearization()");
  GError *error = NULL;
  const char *first, *second;

  g_assert_nonnull (guard);
  memcpy (guard, "if 1                  ", strlen ("if ~in_linearization()"));
  orr_model_set_context (model, orr_model_get_root (model), script);
  program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_null (program);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "in_linearization()"));
  first = strstr (error->message, "line ");
  g_assert_nonnull (first);
  second = strstr (first + 1, "line ");
  g_assert_null (second);
  g_clear_error (&error);
}

static double
eval_real (const char *text, gsize i)
{
  GError *error = NULL;
  g_autoptr (OrrValue) v = orr_expr_evaluate (text, NULL, &error);

  g_assert_no_error (error);
  return i == G_MAXSIZE ? (double)orr_value_numel (v) : orr_value_get_real (v, i);
}

/* The context language's control functions, against hand computations. */
static void
test_builtins (void)
{
  GError *error = NULL;
  OrrValue *v;

  /* eig of [0 1; -2 -3]: -1 and -2 */
  g_assert_cmpfloat_with_epsilon (eval_real ("sum(eig([0 1; -2 -3]))", 0), -3, 1e-12);
  g_assert_cmpfloat_with_epsilon (eval_real ("prod(eig([0 1; -2 -3]))", 0), 2, 1e-12);
  /* complex eigenvalues come back complex */
  g_assert_cmpfloat_with_epsilon (eval_real ("max(abs(imag(eig([0 1; -1 0]))))", 0), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (eval_real ("expm([0 1; 0 0])", 2), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (eval_real ("expm(log(2))", 0), 2, 1e-12);
  /* a symmetric matrix's eigenvalues ascending (1, 3), as Scilab's spec */
  g_assert_cmpfloat_with_epsilon (eval_real ("eig([2 1; 1 2])", 0), 1, 1e-14);
  g_assert_cmpfloat_with_epsilon (eval_real ("eig([2 1; 1 2])", 1), 3, 1e-14);
  /* svd: the singular values, descending */
  g_assert_cmpfloat_with_epsilon (eval_real ("svd([3 0; 0 -4])", 0), 4, 1e-14);
  g_assert_cmpfloat_with_epsilon (eval_real ("svd([3 0; 0 -4])", 1), 3, 1e-14);
  /* lu([1 2; 3 4]): row 2 first, U = [3 4; 0 2/3], multiplier 1/3 */
  g_assert_cmpfloat_with_epsilon (eval_real ("lu([1 2; 3 4])", 0), 3, 1e-15);
  g_assert_cmpfloat_with_epsilon (eval_real ("lu([1 2; 3 4])", 1), 1.0 / 3, 1e-15);
  g_assert_cmpfloat_with_epsilon (eval_real ("lu([1 2; 3 4])", 3), 2.0 / 3, 1e-15);
  /* x1 + x2 = 2 twice: the shortest solution [1; 1]; tall: the mean */
  g_assert_cmpfloat_with_epsilon (eval_real ("lsqminnorm([1 1; 1 1], [2; 2])", 0), 1, 1e-14);
  g_assert_cmpfloat_with_epsilon (eval_real ("lsqminnorm([1 1; 1 1], [2; 2])", 1), 1, 1e-14);
  g_assert_cmpfloat_with_epsilon (eval_real ("lsqminnorm([1; 1; 1], [1; 2; 6])", 0), 3, 1e-14);
  /* ctrb([0 1; 0 0], [0; 1]) = [0 1; 1 0]; obsv = [1 0; 0 1] */
  g_assert_cmpfloat (eval_real ("ctrb([0 1; 0 0], [0; 1])", 1), ==, 1);
  g_assert_cmpfloat (eval_real ("ctrb([0 1; 0 0], [0; 1])", 2), ==, 1);
  g_assert_cmpfloat (eval_real ("obsv([0 1; 0 0], [1 0])", 3), ==, 1);
  g_assert_cmpfloat (eval_real ("size(obsv([0 1; 0 0], [1 0; 0 1]), 1)", 0), ==, 4);
  /* place on a double integrator: s^2 + 3 s + 2, K = [2 3] */
  g_assert_cmpfloat_with_epsilon (eval_real ("place([0 1; 0 0], [0; 1], [-1 -2])", 0), 2, 1e-10);
  g_assert_cmpfloat_with_epsilon (eval_real ("place([0 1; 0 0], [0; 1], [-1 -2])", 1), 3, 1e-10);
  /* a complex pair -1 +- i: s^2 + 2 s + 2 */
  g_assert_cmpfloat_with_epsilon (eval_real ("place([0 1; 0 0], [0; 1], [-1+1i, -1-1i])", 0), 2,
                                  1e-10);
  g_assert_cmpfloat_with_epsilon (eval_real ("lqr([0 1; 0 0], [0; 1], eye(2), 1)", 1), sqrt (3),
                                  1e-9);
  g_assert_cmpfloat (eval_real ("ss(-1, 2, 3, 4)", G_MAXSIZE), ==, 4);
  g_assert_cmpfloat (eval_real ("ss(-1, 2, 3, 4)", 2), ==, 2);
  g_assert_cmpfloat (eval_real ("in_linearization()", 0), ==, 0);

  /* outside a model, linearize has nothing to work on */
  v = orr_expr_evaluate ("linearize('Plant')", NULL, &error);
  g_assert_null (v);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "model"));
  g_clear_error (&error);
  v = orr_expr_evaluate ("place([0 1; 0 0], [0; 1], [-1 -2 -3])", NULL, &error);
  g_assert_null (v);
  g_assert_nonnull (strstr (error->message, "poles"));
  g_clear_error (&error);
}

typedef struct
{
  double k;            /* linear loop: y = u / (1 + k); NAN: cubic, y + y^3 = u */
  gboolean integrated; /* the recorded value is the integral of y: t^2 / (2 (1 + k)) */
  double worst;
  int samples;
} LoopCheck;

static double
cubic_root (double u)
{
  /* the one real root of y^3 + y - u (Cardano, discriminant > 0) */
  double d = sqrt (u * u / 4 + 1.0 / 27);

  return cbrt (u / 2 + d) + cbrt (u / 2 - d);
}

static void
record_loop (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  LoopCheck *check = data;
  double u = values[0], y = values[1];
  double exact = isnan (check->k)    ? cubic_root (u)
                 : check->integrated ? t * t / (2 * (1 + check->k))
                                     : u / (1 + check->k);

  g_assert_cmpint (n, ==, 2);
  g_assert_cmpfloat_with_epsilon (u, t, 1e-12);
  check->worst = MAX (check->worst, fabs (y - exact));
  check->samples++;
}

static gboolean
run_loop_model (const char *file, const char *script, LoopCheck *check, GError **error)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load (file);
  g_autoptr (OrrScope) overrides = script != NULL ? scope_with (script) : NULL;
  g_autoptr (OrrProgram) program = orr_compile (model, registry, overrides, NULL, error);
  g_autoptr (OrrSimulation) sim = NULL;

  if (program == NULL)
    return FALSE;
  g_assert_cmpint (program->n_loops, ==, 1);
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, record_loop, check);
  return orr_simulation_run (sim, error);
}

/* y = u - k y with u = t, solved to u / (1 + k) for several k; and
 * y = u - y^3 against Cardano's root. */
static void
test_loops_solved (void)
{
  const double ks[] = { 0.5, 2, 10, -0.5, 100 };
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      g_autofree char *script = g_strdup_printf ("k = %g;", ks[i]);
      LoopCheck check = { ks[i], FALSE, 0, 0 };

      g_assert_true (run_loop_model ("loop-linear.orr", script, &check, &error));
      g_assert_no_error (error);
      g_assert_cmpint (check.samples, >, 10);
      g_test_message ("k = %g: largest |y - u/(1+k)| = %g over %d samples", ks[i], check.worst,
                      check.samples);
      g_assert_cmpfloat (check.worst, <, 1e-9);
    }
  /* three blocks, one inside a super block, with the Scope reading the
   * loop's first block: y = u - k a y, y = u / (1 + k a). The Scope must
   * run after the solve, not between the loop's blocks (it once recorded
   * the guess: y = u - k a y of the previous step). */
  for (guint i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      g_autofree char *script = g_strdup_printf ("k = %g; a = 0.5;", ks[i]);
      LoopCheck check = { ks[i] * 0.5, FALSE, 0, 0 };

      g_assert_true (run_loop_model ("loop-three.orr", script, &check, &error));
      g_assert_no_error (error);
      g_assert_cmpint (check.samples, >, 10);
      g_test_message ("three blocks, k a = %g: largest |y - u/(1+k a)| = %g over %d samples",
                      ks[i] * 0.5, check.worst, check.samples);
      g_assert_cmpfloat (check.worst, <, 1e-9);
    }
  {
    /* the loop feeds an Integrator: solved at every derivative evaluation */
    LoopCheck check = { 2, TRUE, 0, 0 };

    g_assert_true (run_loop_model ("loop-integrator.orr", NULL, &check, &error));
    g_assert_no_error (error);
    g_assert_cmpint (check.samples, >, 10);
    g_test_message ("integrated loop: largest error %g", check.worst);
    g_assert_cmpfloat (check.worst, <, 1e-7);
  }
  {
    LoopCheck check = { NAN, FALSE, 0, 0 };

    g_assert_true (run_loop_model ("loop-cubic.orr", NULL, &check, &error));
    g_assert_no_error (error);
    g_assert_cmpint (check.samples, >, 10);
    g_test_message ("cubic loop: largest |y - root| = %g", check.worst);
    g_assert_cmpfloat (check.worst, <, 1e-9);
  }
}

/* With "Solve algebraic loops" off, the model in file does not compile:
 * the error says "algebraic loop" and names mentions. */
static void
assert_loop_refused (const char *file, const char *mentions)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load (file);
  g_autoptr (GError) error = NULL;
  OrrSettings settings;
  OrrProgram *program;

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.solve_loops = FALSE;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);
  program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_null (program);
  g_assert_nonnull (strstr (error->message, "algebraic loop"));
  g_assert_nonnull (strstr (error->message, mentions));
}

/* k = -1: y = u + y has no solution; the error names both blocks. Without
 * the setting, the loop is refused at compile time as before. */
static void
test_loops_unsolvable (void)
{
  LoopCheck check = { -1, FALSE, 0, 0 };
  GError *error = NULL;

  g_assert_false (run_loop_model ("loop-linear.orr", "k = -1;", &check, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "algebraic loop"));
  g_assert_nonnull (strstr (error->message, "Difference"));
  g_assert_nonnull (strstr (error->message, "Feedback"));
  g_clear_error (&error);

  /* three blocks, one inside a super block: every one named by its path */
  g_assert_false (run_loop_model ("loop-three.orr", "k = -2; a = 0.5;", &check, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Difference, Plant/Half, Feedback"));
  g_clear_error (&error);

  /* with loop solving off, both are refused, naming the blocks */
  assert_loop_refused ("loop-linear.orr", "Difference");
  assert_loop_refused ("loop-linear.orr", "Feedback");
  assert_loop_refused ("loop-three.orr", "Difference, Plant/Half, Feedback");
}

/* No equilibrium: the pendulum held 0.1 rad off the top cannot be brought
 * to rest by the input bias U alone (the angle's acceleration stays); the
 * error says so and names the residuals that stay. */
static void
test_trim_failure (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum.orr");
  g_autoptr (OrrScope) ctx = scope_with ("th0 = 0.1;");
  OrrTrimOptions options;
  const char *vars[] = { "U", NULL };
  const char *none[] = { "nosuch", NULL };
  GError *error = NULL;
  OrrTrimResult *result;

  orr_trim_options_init (&options);
  options.block = "pendulum";
  options.vars = vars;
  options.overrides = ctx;
  result = orr_trim (model, registry, &options, &error);
  g_assert_null (result);
  g_assert_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_SOLUTION);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "no equilibrium"));
  g_assert_nonnull (strstr (error->message, "der pendulum/p4[4]"));
  g_clear_error (&error);

  /* a variable the context does not have */
  options.vars = none;
  result = orr_trim (model, registry, &options, &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "nosuch"));
  g_clear_error (&error);
}

/* Discrete and continuous states together, or two sample rates: refused,
 * naming the blocks. */
static void
test_unsupported (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  const char *files[] = { "mixed-rates.orr", "hybrid.orr" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (OrrModel) model = load (files[i]);
      OrrLinearizeOptions options;
      GError *error = NULL;
      OrrLinearModel *lm;

      orr_linearize_options_init (&options);
      lm = orr_linearize (model, registry, &options, &error);
      g_assert_null (lm);
      g_assert_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED);
      g_test_message ("%s: %s", files[i], error->message);
      g_assert_nonnull (strstr (error->message, i == 0 ? "0.25" : "continuous"));
      g_assert_nonnull (strstr (error->message, "b2"));
      if (i == 0)
        g_assert_nonnull (strstr (error->message, "b5"));
      g_clear_error (&error);
    }
}

/* The operating point of a run: the Filter's input is the Step (1 from
 * t = 1 s) and its output at t = 2 s is the step response one second in. */
static void
test_operating_point_from_run (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("tf.orr");
  g_autoptr (OrrLinearModel) lm = NULL;
  OrrLinearizeOptions options;
  GError *error = NULL;
  double exact = 0.3 - exp (-1) * (0.3 * cos (3) - (0.7 / 3) * sin (3));

  orr_linearize_options_init (&options);
  options.block = "Filter";
  options.at_time = 2;
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lm->u0[0], ==, 1);
  g_assert_cmpfloat_with_epsilon (lm->y0[0], exact, 1e-6);
  /* a linear block: the same matrices wherever it is */
  g_assert_cmpfloat_with_epsilon (lm->a[1], -10, 1e-7);
}

/* The operating point of a run freezes discrete states too: a Constant 1
 * into 2z / (z - 0.5) on a 0.25 s clock from t = 0. After the ticks up to
 * T (k of them), the state holds what the next sample will output, y_k =
 * 2 + 2 (1 - 0.5^k); at the start, before any tick, y = 2. (It once
 * linearized at the initial discrete states whatever the time.) */
static void
test_operating_point_discrete (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("sampled-run.orr");
  const double times[] = { 0, 0.1, 0.3, 1.1 };
  const int ticks[] = { 0, 1, 2, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autoptr (OrrLinearModel) lm = NULL;
      OrrLinearizeOptions options;
      GError *error = NULL;

      orr_linearize_options_init (&options);
      options.block = "Filter";
      options.at_time = times[i];
      lm = orr_linearize (model, registry, &options, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (lm->sample_time, ==, 0.25);
      g_assert_cmpint (lm->nx, ==, 1);
      g_assert_cmpfloat (lm->u0[0], ==, 1);
      g_assert_cmpfloat_with_epsilon (lm->y0[0], 2 + 2 * (1 - pow (0.5, ticks[i])), 1e-12);
      /* and the linear model is the same wherever it is taken */
      g_assert_cmpfloat_with_epsilon (lm->a[0], 0.5, 1e-9);
    }
}

/* A square system goes to KINSOL: the swing's states, varied from
 * th = 3, come to rest upright at th = pi. */
static void
test_equilibrium_states (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("swing.orr");
  g_autoptr (OrrScope) ctx = scope_with ("th0 = 3;");
  g_autoptr (OrrTrimResult) result = NULL;
  OrrTrimOptions options;
  GError *error = NULL;

  orr_trim_options_init (&options);
  options.block = "Swing";
  options.vary_states = TRUE;
  options.overrides = ctx;
  result = orr_trim (model, registry, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (result->method, "KINSOL"));
  g_assert_cmpint (result->nx, ==, 2);
  g_assert_cmpfloat_with_epsilon (result->x[0], G_PI, 1e-9);
  g_assert_cmpfloat_with_epsilon (result->x[1], 0, 1e-9);
  g_assert_cmpfloat (result->residual_norm, <, 1e-9);
}

/* equilibrium() in a model's context finds the ramp's input bias. */
static void
test_equilibrium_in_context (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("pendulum-trim.orr");
  g_autoptr (OrrEvaluation) ev = orr_evaluate_model_with_registry (model, NULL, registry);
  GError *error = NULL;
  OrrValue *u;

  g_assert_true (orr_evaluation_check (ev, &error));
  g_assert_no_error (error);
  u = orr_scope_lookup (orr_evaluation_get_scope (ev, orr_model_get_root (model)), "U");
  g_assert_nonnull (u);
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (u, 0), 5 * 9.8 * sin (0.001), 1e-9);
}

/* The TransferFunction (an analytic Jacobian) in a feedback loop: its own
 * part comes from the block, the loop's through its input, and together
 * they give the closed loop (s + 3) / (s^2 + 6 s + 22): poles -3 +- i sqrt(13). */
static void
test_analytic_in_loop (void)
{
  g_autoptr (OrrLinearModel) lm = linearize_simple ("tf-loop.orr", "Filter", NULL);
  double re[2], im[2];
  GError *error = NULL;

  g_assert_true (orr_linear_model_poles (lm, re, im, &error));
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (re[i], -3, 1e-7);
      g_assert_cmpfloat_with_epsilon (fabs (im[i]), sqrt (13), 1e-7);
    }
}

/* The whole model at time 0.3 s of its run: the swing released at 1 rad
 * keeps its energy w^2/2 - (g/l) cos th, and A is the pendulum's
 * linearization there: [0 1; -(g/l) cos th 0]. */
static void
test_whole_model_at_time (void)
{
  g_autoptr (OrrRegistry) registry = standard_registry ();
  g_autoptr (OrrModel) model = load ("swing.orr");
  g_autoptr (OrrScope) ctx = scope_with ("th0 = 1;");
  g_autoptr (OrrLinearModel) lm = NULL;
  OrrLinearizeOptions options;
  GError *error = NULL;
  const double gl = 9.81 / 0.5;
  double th, w;

  orr_linearize_options_init (&options);
  options.at_time = 0.3;
  options.overrides = ctx;
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_no_error (error);
  th = lm->x0[0];
  w = lm->x0[1];
  g_assert_cmpfloat (fabs (th - 1), >, 0.1); /* it moved */
  g_assert_cmpfloat_with_epsilon (w * w / 2 - gl * cos (th), -gl * cos (1), 1e-5);
  g_assert_cmpfloat_with_epsilon (lm->a[1], -gl * cos (th), 1e-6);
  g_assert_cmpfloat_with_epsilon (lm->a[2], 1, 1e-9);
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
  g_test_add_func ("/analysis/whole-model-at-time", test_whole_model_at_time);
  g_test_add_func ("/analysis/analytic-in-loop", test_analytic_in_loop);
  g_test_add_func ("/analysis/pendulum/equilibrium-in-context", test_equilibrium_in_context);
  g_test_add_func ("/analysis/equilibrium-states", test_equilibrium_states);
  g_test_add_func ("/analysis/unsupported", test_unsupported);
  g_test_add_func ("/analysis/operating-point-from-run", test_operating_point_from_run);
  g_test_add_func ("/analysis/operating-point-discrete", test_operating_point_discrete);
  g_test_add_func ("/analysis/loops/solved", test_loops_solved);
  g_test_add_func ("/analysis/loops/unsolvable", test_loops_unsolvable);
  g_test_add_func ("/analysis/trim-failure", test_trim_failure);
  g_test_add_func ("/analysis/builtins", test_builtins);
  g_test_add_func ("/analysis/pendulum/place-in-context", test_pendulum_place_in_context);
  g_test_add_func ("/analysis/pendulum/unguarded-context", test_unguarded_context);
  g_test_add_func ("/analysis/mass-spring-damper", test_mass_spring_damper);
  g_test_add_func ("/analysis/transfer-function", test_transfer_function);
  g_test_add_func ("/analysis/swing", test_swing);
  g_test_add_func ("/analysis/sampled", test_sampled);
  g_test_add_func ("/analysis/matrix-tools", test_matrix_tools);
  return g_test_run ();
}
