/* test-discrete.c: the Discrete palette's blocks, one at a time in the
 * block harness: what configure declares, its errors, and what each job
 * computes, against values worked out by hand or by formulas here (the
 * power series of a transfer function, closed forms of e^(At)); plus the
 * matrix exponential SampledData discretises with. Their behaviour in real
 * simulations is in test-discrete-models.c. Tolerances are stated with
 * each check. */
#include "block-test.h"
#include "discrete/matrix-exponential.h"
#include <orrery/orr-dense.h>
#include "orr-all-classes.h"
#include "orr-palettes.h"

#include <math.h>

/* ---- harness helpers ---------------------------------------------------------- */

/* One activation: outputs (from the state before the event), then the
 * state update, as the simulator runs them. */
static void
activate (OrrHarness *h, const double *u)
{
  if (u != NULL)
    orr_harness_set_input (h, 0, u);
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
}

/* Every activated block has one activation input and no activation
 * output, and inherits nothing. */
static void
assert_clocked (OrrConfig *config)
{
  g_assert_cmpint (config->n_evin, ==, 1);
  g_assert_cmpint (config->n_evout, ==, 0);
  g_assert_false (config->always_active);
  g_assert_cmpint (config->nx, ==, 0);
}

/* ---- palette -------------------------------------------------------------------- */

static const OrrBlockClass *const palette[] = {
  &orr_discrete_delay_class,
  &orr_discrete_transfer_function_class,
  &orr_discrete_state_space_class,
  &orr_sample_hold_class,
  &orr_discrete_integrator_class,
  &orr_sampled_data_class,
  &orr_memory_class,
  &orr_shift_register_class,
  &orr_accumulator_class,
  &orr_discr_pole_zero_class,
};

/* The first ones and DiscrPoleZero run on one activation input; Memory,
 * ShiftRegister and Accumulator inherit their activation from their
 * input's driver. */
#define N_CLOCKED 6

/* The palette file lists the blocks in the registration order, each class
 * says it belongs to the palette, and every block configures as dropped
 * from the palette, with its defaults, and runs on one activation input. */
static void
test_palette (void)
{
  assert_palette ("discrete", "Discrete", palette, G_N_ELEMENTS (palette),
                  orr_palette_discrete_register);
  for (gsize i = 0; i < G_N_ELEMENTS (palette); i++)
    {
      g_autoptr (OrrConfig) config = CONFIGURE (palette[i], NULL);

      if (i < N_CLOCKED || palette[i] == &orr_discr_pole_zero_class)
        assert_clocked (config);
      else
        {
          g_assert_cmpint (config->n_evin, ==, 0);
          g_assert_cmpint (config->n_evout, ==, 0);
          g_assert_false (config->always_active);
          g_assert_cmpint (config->nx, ==, 0);
        }
    }
}

/* ---- DiscreteDelay ---------------------------------------------------------------- */

static void
test_discrete_delay (void)
{
  OrrConfig *config = CONFIGURE (&orr_discrete_delay_class, "init", "[7; 8]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 2 }, u2[] = { 3, 4 }, init[] = { 7, 8 };

  assert_port (input_spec (config, 0), 2, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 2, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->nz, ==, 2);
  assert_close (config->z0, init, 2, 0);
  h = harness (&orr_discrete_delay_class, config, 1, 1);

  /* each activation shows the input of the one before */
  activate (h, u1);
  assert_close (orr_harness_output (h, 0), init, 2, 0);
  activate (h, u2);
  assert_close (orr_harness_output (h, 0), u1, 2, 0);
  activate (h, u2);
  assert_close (orr_harness_output (h, 0), u2, 2, 0);
}

/* ---- DiscreteTransferFunction ------------------------------------------------------ */

/* h[k], the impulse response of num(z)/den(z), as the power series in
 * 1/z: with n = deg den, num and den over z^n are
 * sum b_i z^-i and sum a_i z^-i, and h = b/a term by term:
 * h[k] = (b[k] - sum_{i=1..min(k,n)} a[i] h[k-i]) / a[0]. */
static void
power_series (const double *num, int n_num, const double *den, int n_den, double *h, int n_terms)
{
  int n = n_den - 1;

  for (int k = 0; k < n_terms; k++)
    {
      /* b[k] is num's coefficient of z^(n-k) */
      int j = k - (n + 1 - n_num);
      double acc = j >= 0 && j < n_num ? num[j] : 0.0;

      for (int i = 1; i <= MIN (k, n); i++)
        acc -= den[i] * h[k - i];
      h[k] = acc / den[0];
    }
}

static void
check_impulse (const char *num_expr, const double *num, int n_num, const char *den_expr,
               const double *den, int n_den, gboolean biproper)
{
  OrrConfig *config
    = CONFIGURE (&orr_discrete_transfer_function_class, "num", num_expr, "den", den_expr, NULL);
  g_autoptr (OrrHarness) h = NULL;
  double expected[40];

  g_test_message ("%s / %s", num_expr, den_expr);
  assert_clocked (config);
  g_assert_cmpint (config->nz, ==, n_den - 1);
  g_assert_cmpint (input_spec (config, 0)->feedthrough, ==, biproper);
  power_series (num, n_num, den, n_den, expected, G_N_ELEMENTS (expected));
  h = harness (&orr_discrete_transfer_function_class, config, 1, 1);
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      double u = k == 0 ? 1 : 0;

      activate (h, &u);
      g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], expected[k], 1e-12);
    }
}

static void
test_discrete_transfer_function (void)
{
  const double num1[] = { 2, 0.5, 1 }, den1[] = { 1, -0.9, 0.2 };
  const double num2[] = { 1, 0.3 }, den2[] = { 1, -0.5, 0.1, -0.05 };
  const double num3[] = { 4, 1, 2 }, den3[] = { 2, -1.8, 0.4 };
  const double num4[] = { 1 }, den4[] = { 1, -1 };

  /* biproper, strictly proper, a denominator that is not monic, an
   * accumulator 1/(z - 1) */
  check_impulse ("[2 0.5 1]", num1, 3, "[1 -0.9 0.2]", den1, 3, TRUE);
  check_impulse ("[1 0.3]", num2, 2, "[1 -0.5 0.1 -0.05]", den2, 4, FALSE);
  check_impulse ("[4 1 2]", num3, 3, "[2 -1.8 0.4]", den3, 3, TRUE);
  check_impulse ("1", num4, 1, "[1 -1]", den4, 2, FALSE);

  /* a constant ratio: y = 1.5 u, no state */
  {
    g_autoptr (OrrHarness) h = NULL;
    OrrConfig *c = CONFIGURE (&orr_discrete_transfer_function_class, "num", "3", "den", "2", NULL);
    const double u = 4;

    g_assert_cmpint (c->nz, ==, 0);
    h = harness (&orr_discrete_transfer_function_class, c, 1, 1);
    activate (h, &u);
    g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 6);
  }

  EXPECT_PARAM_ERROR (&orr_discrete_transfer_function_class, "num", "num", "[1 0 0]", "den",
                      "[1 -0.5]", NULL);
}

/* ---- DiscreteStateSpace ------------------------------------------------------------ */

static void
test_discrete_state_space (void)
{
  /* z+ = [1 1; 1 0] z from [1; 0] walks the Fibonacci numbers: y = z1
   * gives 1, 1, 2, 3, 5, 8, ... */
  OrrConfig *config = CONFIGURE (&orr_discrete_state_space_class, "A", "[1 1; 1 0]", "B", "[0; 0]",
                                 "C", "[1 0]", "x0", "[1; 0]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  double previous = 0, current = 1;

  assert_clocked (config);
  g_assert_cmpint (config->nz, ==, 2);
  g_assert_false (input_spec (config, 0)->feedthrough);
  h = harness (&orr_discrete_state_space_class, config, 1, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  for (int k = 0; k < 30; k++)
    {
      double next = current + previous;

      activate (h, NULL);
      g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, current);
      previous = current;
      current = next;
    }

  /* z+ = 0.5 z + u, y = 2 z + 3 u: the input feeds through */
  {
    g_autoptr (OrrHarness) d = NULL;
    OrrConfig *c = CONFIGURE (&orr_discrete_state_space_class, "A", "0.5", "B", "1", "C", "2", "D",
                              "3", "x0", "4", NULL);
    const double u[] = { 1, -2, 5 };
    double z = 4;

    g_assert_true (input_spec (c, 0)->feedthrough);
    d = harness (&orr_discrete_state_space_class, c, 1, 1);
    orr_harness_run (d, ORR_JOB_INIT);
    for (int k = 0; k < 3; k++)
      {
        activate (d, &u[k]);
        g_assert_cmpfloat (orr_harness_output (d, 0)[0], ==, 2 * z + 3 * u[k]);
        z = 0.5 * z + u[k];
      }
  }
}

/* ---- SampleHold -------------------------------------------------------------------- */

static void
test_sample_hold (void)
{
  OrrConfig *config = CONFIGURE (&orr_sample_hold_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 2, 3 }, u2[] = { 4, 5, 6 };

  assert_clocked (config);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
  g_assert_true (input_spec (config, 0)->feedthrough);
  {
    int placeholders[2] = { 3, 1 };
    h = orr_harness_new (&orr_sample_hold_class, config, placeholders, 2);
  }
  activate (h, u1);
  assert_close (orr_harness_output (h, 0), u1, 3, 0);
  /* between activations the output keeps its sample */
  orr_harness_set_input (h, 0, u2);
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_close (orr_harness_output (h, 0), u1, 3, 0);
  activate (h, u2);
  assert_close (orr_harness_output (h, 0), u2, 3, 0);
}

/* ---- DiscreteIntegrator ------------------------------------------------------------ */

/* K = 2, Ts = 0.5 (so K Ts = 1), x0 = 1, inputs 1, 2, 3, 4:
 *   forward    y[k] = 1 + sum_{i<k} u[i]                 = 1, 2, 4, 7
 *   backward   y[k] = 1 + sum_{i<=k} u[i]                = 2, 4, 7, 11
 *   trapezoid  y[0] = 1 + u[0]/2, y[k] = y[k-1] + (u[k] + u[k-1])/2
 *                                                        = 1.5, 3, 5.5, 9 */
static void
test_discrete_integrator (void)
{
  const double u[] = { 1, 2, 3, 4 };
  const double expected[3][4] = { { 1, 2, 4, 7 }, { 2, 4, 7, 11 }, { 1.5, 3, 5.5, 9 } };
  const char *methods[] = { "1", "2", "3" };

  for (int m = 0; m < 3; m++)
    {
      OrrConfig *config = CONFIGURE (&orr_discrete_integrator_class, "method", methods[m], "gain",
                                     "2", "Ts", "0.5", "x0", "1", NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_clocked (config);
      g_assert_cmpint (input_spec (config, 0)->feedthrough, ==, m != 0);
      h = harness (&orr_discrete_integrator_class, config, 1, 1);
      for (int k = 0; k < 4; k++)
        {
          activate (h, &u[k]);
          g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, expected[m][k]);
        }
    }

  /* the size is the initial state's */
  {
    g_autoptr (OrrConfig) c = CONFIGURE (&orr_discrete_integrator_class, "x0", "[0 0 0]", NULL);
    assert_port (input_spec (c, 0), 1, 3, ORR_TYPE_DOUBLE);
    g_assert_cmpint (c->nz, ==, 3);
  }
}

/* ---- matrix exponential ------------------------------------------------------------- */

/* c = a b, 2 x 2 column-major */
static void
multiply2 (const double *a, const double *b, double *c)
{
  c[0] = a[0] * b[0] + a[2] * b[1];
  c[1] = a[1] * b[0] + a[3] * b[1];
  c[2] = a[0] * b[2] + a[2] * b[3];
  c[3] = a[1] * b[2] + a[3] * b[3];
}

/* A = V diag (l1, l2) V^-1 with V = [1 1; 1 2], V^-1 = [2 -1; -1 1]: then
 * e^A = V diag (e^l1, e^l2) V^-1. Relative to the largest element, within
 * 1e-13 (and 1e-12 for the widely spread spectrum, which needs squarings). */

/* orr_dense_expm with its work memory (n up to 4) */
static gboolean
expm_of (const double *a, int n, double *e)
{
  double work[4 * 16];
  int piv[4];

  g_assert_cmpint (n, <=, 4);
  return orr_dense_expm (a, n, e, work, piv);
}

static void
check_diagonalisable (double l1, double l2, double tolerance)
{
  const double v[] = { 1, 1, 1, 2 }, v_inverse[] = { 2, -1, -1, 1 };
  double d[] = { l1, 0, 0, l2 }, ed[] = { exp (l1), 0, 0, exp (l2) };
  double tmp[4], a[4], expected[4], e[4], scale = 0;

  multiply2 (v, d, tmp);
  multiply2 (tmp, v_inverse, a);
  multiply2 (v, ed, tmp);
  multiply2 (tmp, v_inverse, expected);
  for (int i = 0; i < 4; i++)
    scale = MAX (scale, fabs (expected[i]));
  g_assert_true (expm_of (a, 2, e));
  assert_close (e, expected, 4, tolerance * scale);
}

static void
test_matrix_exponential (void)
{
  check_diagonalisable (-1, -3, 1e-13);
  check_diagonalisable (0.25, -0.5, 1e-13);
  check_diagonalisable (-20, 3, 1e-12);

  /* e^(Gt) for the rotation generator G = [0 1; -1 0] is
   * [cos t sin t; -sin t cos t], within 1e-13 (1e-11 at t = 100, after
   * eight squarings) */
  {
    const double times[] = { 0.1, 1, 2.5, 10, 100 };

    for (gsize k = 0; k < G_N_ELEMENTS (times); k++)
      {
        double t = times[k];
        const double a[] = { 0, -t, t, 0 };
        const double expected[] = { cos (t), -sin (t), sin (t), cos (t) };
        double e[4];

        {
          double work[16];
          int piv[2];

          g_assert_true (orr_dense_expm (a, 2, e, work, piv));
        }
        assert_close (e, expected, 4, t > 50 ? 1e-11 : 1e-13);
      }
  }

  /* nilpotent: e^N = I + N + N^2/2 exactly; zero: the identity */
  {
    const double n[] = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
    const double expected[] = { 1, 0, 0, 1, 1, 0, 0.5, 1, 1 };
    const double zero[4] = { 0 }, identity[] = { 1, 0, 0, 1 };
    double e[9];

    g_assert_true (expm_of (n, 3, e));
    assert_close (e, expected, 9, 1e-15);
    g_assert_true (expm_of (zero, 2, e));
    assert_close (e, identity, 4, 0);
  }

  /* a value that is not finite, and a result that overflows */
  {
    const double bad[] = { 1, NAN, 0, 1 }, huge[] = { 1000, 0, 0, 1 };
    double e[4];

    g_assert_false (expm_of (bad, 2, e));
    g_assert_false (expm_of (huge, 2, e));
  }
}

/* ---- SampledData ------------------------------------------------------------------- */

/* rpar holds { Ad, Bd, C, D } */
static void
test_sampled_data (void)
{
  {
    g_autoptr (OrrConfig) config = CONFIGURE (&orr_sampled_data_class, "A", "-1", "B", "1", "C",
                                              "1", "D", "0", "period", "0.1", NULL);
    const double *rpar = (const double *)config->rpar->data;

    assert_clocked (config);
    g_assert_cmpfloat (config->required_period, ==, 0.1);
    g_assert_false (input_spec (config, 0)->feedthrough);
    /* the discrete pole is e^-0.1, and Bd = 1 - e^-0.1 */
    g_assert_cmpfloat_with_epsilon (rpar[0], exp (-0.1), 1e-15);
    g_assert_cmpfloat_with_epsilon (rpar[1], 1 - exp (-0.1), 1e-15);
  }

  /* a double integrator over T = 0.5: Ad = [1 T; 0 1], Bd = [T^2/2; T] */
  {
    g_autoptr (OrrConfig) config = CONFIGURE (&orr_sampled_data_class, "A", "[0 1; 0 0]", "B",
                                              "[0; 1]", "C", "[1 0]", "period", "0.5", NULL);
    const double expected[] = { 1, 0, 0.5, 1, 0.125, 0.5 };

    g_assert_cmpint (config->nz, ==, 2);
    assert_close ((const double *)config->rpar->data, expected, 6, 1e-15);
  }

  /* the rotation generator with B = [0; 1] over T = 1: Ad = e^(G T), and
   * Bd = int_0^T [sin s; cos s] ds = [1 - cos T; sin T] */
  {
    g_autoptr (OrrConfig) config
      = CONFIGURE (&orr_sampled_data_class, "A", "[0 1; -1 0]", "B", "[0; 1]", "C", "[1 0]", "D",
                   "2", "period", "1", NULL);
    const double expected[] = { cos (1), -sin (1), sin (1), cos (1), 1 - cos (1), sin (1) };

    g_assert_true (input_spec (config, 0)->feedthrough);
    assert_close ((const double *)config->rpar->data, expected, 6, 1e-14);
  }

  /* it steps as z+ = Ad z + Bd u, y = C z + D u */
  {
    g_autoptr (OrrHarness) h
      = harness (&orr_sampled_data_class,
                 CONFIGURE (&orr_sampled_data_class, "A", "-1", "B", "1", "C", "2", "D", "0.5",
                            "x0", "1", "period", "0.1", NULL),
                 1, 1);
    const double u = 3;
    double z = 1;

    orr_harness_run (h, ORR_JOB_INIT);
    for (int k = 0; k < 5; k++)
      {
        activate (h, &u);
        g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], 2 * z + 0.5 * u, 1e-14);
        z = exp (-0.1) * z + (1 - exp (-0.1)) * u;
      }
  }
}

/* ---- parameters each block refuses ------------------------------------ */

static const BlockParamError param_errors[] = {
  { &orr_discrete_delay_class, "init", { "init", "[]", NULL, NULL } },
  { &orr_discrete_delay_class, "init", { "init", "'z'", NULL, NULL } },
  { &orr_discrete_transfer_function_class, "den", { "den", "0", NULL, NULL } },
  { &orr_discrete_transfer_function_class, "den", { "den", "[1 2; 3 4]", NULL, NULL } },
  { &orr_discrete_state_space_class, "A", { "A", "[1 2]", NULL, NULL } },
  { &orr_discrete_state_space_class, "B", { "B", "[1; 2]", NULL, NULL } },
  { &orr_discrete_state_space_class, "C", { "C", "[1 2]", NULL, NULL } },
  { &orr_discrete_state_space_class, "D", { "D", "[1 2]", NULL, NULL } },
  { &orr_discrete_state_space_class, "x0", { "x0", "[1 2]", NULL, NULL } },
  { &orr_discrete_integrator_class, "method", { "method", "4", NULL, NULL } },
  { &orr_discrete_integrator_class, "Ts", { "Ts", "0", NULL, NULL } },
  { &orr_discrete_integrator_class, "gain", { "gain", "Inf", NULL, NULL } },
  { &orr_discrete_integrator_class, "x0", { "x0", "[]", NULL, NULL } },
  { &orr_sampled_data_class, "period", { "period", "0", NULL, NULL } },
  { &orr_sampled_data_class, "period", { "period", "Inf", NULL, NULL } },
  { &orr_sampled_data_class, "A", { "A", "[1 2]", NULL, NULL } },
  { &orr_sampled_data_class, "A", { "A", "1000", "period", "1" } },
};

/* ---- Memory, ShiftRegister, Accumulator ------------------------------------------ */

static void
test_memory (void)
{
  OrrConfig *config = CONFIGURE (&orr_memory_class, "init", "[7 8]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 2 }, u2[] = { 3, 4 }, init[] = { 7, 8 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  h = harness (&orr_memory_class, config, 1, 1);
  activate (h, u1);
  assert_close (orr_harness_output (h, 0), init, 2, 0);
  activate (h, u2);
  assert_close (orr_harness_output (h, 0), u1, 2, 0);
  activate (h, u1);
  assert_close (orr_harness_output (h, 0), u2, 2, 0);
  EXPECT_PARAM_ERROR (&orr_memory_class, "init", "init", "[]", NULL);
}

static void
test_shift_register (void)
{
  OrrConfig *config = CONFIGURE (&orr_shift_register_class, "init", "[9 8 7]", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 1, 1, 0, 0);
  assert_port (output_spec (config, 0), 3, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  h = harness (&orr_shift_register_class, config, 1, 1);
  /* inputs 1, 2, 3, 4: the register before each, newest first */
  activate (h, (double[]){ 1 });
  assert_close (orr_harness_output (h, 0), (double[]){ 9, 8, 7 }, 3, 0);
  activate (h, (double[]){ 2 });
  assert_close (orr_harness_output (h, 0), (double[]){ 1, 9, 8 }, 3, 0);
  activate (h, (double[]){ 3 });
  assert_close (orr_harness_output (h, 0), (double[]){ 2, 1, 9 }, 3, 0);
  activate (h, (double[]){ 4 });
  assert_close (orr_harness_output (h, 0), (double[]){ 3, 2, 1 }, 3, 0);
  EXPECT_PARAM_ERROR (&orr_shift_register_class, "init", "init", "[1 2; 3 4]", NULL);
  EXPECT_PARAM_ERROR (&orr_shift_register_class, "init", "init", "[]", NULL);
}

static void
test_accumulator (void)
{
  OrrConfig *config = CONFIGURE (&orr_accumulator_class, "x0", "[10; 0]", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 1, 1, 0, 0);
  g_assert_true (input_spec (config, 0)->feedthrough);
  h = harness (&orr_accumulator_class, config, 1, 1);
  /* 10 + 1, + 2, + 3 and 0 - 1, - 1, - 1: this activation's input counts */
  activate (h, (double[]){ 1, -1 });
  assert_close (orr_harness_output (h, 0), (double[]){ 11, -1 }, 2, 0);
  activate (h, (double[]){ 2, -1 });
  assert_close (orr_harness_output (h, 0), (double[]){ 13, -2 }, 2, 0);
  activate (h, (double[]){ 3, -1 });
  assert_close (orr_harness_output (h, 0), (double[]){ 16, -3 }, 2, 0);
  /* the outputs job alone shows the held sum plus the input: 16 + 3, -3 - 1 */
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_close (orr_harness_output (h, 0), (double[]){ 19, -4 }, 2, 0);
  EXPECT_PARAM_ERROR (&orr_accumulator_class, "x0", "x0", "'a'", NULL);
}

/* ---- DiscrPoleZero ------------------------------------------------------------------ */

/* 2 (z - 0.5) / ((z - 0.8)(z + 0.4)) = (2 z - 1) / (z^2 - 0.4 z - 0.32):
 * its impulse response from the power series of the multiplied-out
 * polynomials, to 1e-12; complex poles 0.5 +- 0.5i give z^2 - z + 0.5. */
static void
test_discr_pole_zero (void)
{
  const double num[] = { 2, -1 }, den[] = { 1, -0.4, -0.32 };
  const double num2[] = { 1 }, den2[] = { 1, -1, 0.5 };
  double expected[30];

  for (int c = 0; c < 2; c++)
    {
      OrrConfig *config = c == 0 ? CONFIGURE (&orr_discr_pole_zero_class, "zeros", "0.5", "poles",
                                              "[0.8 -0.4]", "gain", "2", NULL)
                                 : CONFIGURE (&orr_discr_pole_zero_class, "zeros", "[]", "poles",
                                              "[0.5+0.5i; 0.5-0.5i]", NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_clocked (config);
      g_assert_cmpint (config->nz, ==, 2);
      g_assert_false (input_spec (config, 0)->feedthrough);
      if (c == 0)
        power_series (num, 2, den, 3, expected, G_N_ELEMENTS (expected));
      else
        power_series (num2, 1, den2, 3, expected, G_N_ELEMENTS (expected));
      h = harness (&orr_discr_pole_zero_class, config, 1, 1);
      for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
        {
          double u = k == 0 ? 1 : 0;

          activate (h, &u);
          g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], expected[k], 1e-12);
        }
    }
  /* as many zeros as poles: the input feeds through, y(0) = K u(0) */
  {
    OrrConfig *c
      = CONFIGURE (&orr_discr_pole_zero_class, "zeros", "0", "poles", "0.5", "gain", "3", NULL);
    g_autoptr (OrrHarness) h = NULL;

    g_assert_true (input_spec (c, 0)->feedthrough);
    h = harness (&orr_discr_pole_zero_class, c, 1, 1);
    activate (h, (double[]){ 1 });
    g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], 3, 1e-15);
  }
  EXPECT_PARAM_ERROR (&orr_discr_pole_zero_class, "zeros", "zeros", "[1 2]", "poles", "0.5", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_discr_pole_zero_class, "poles", "conjugate", "poles",
                           "[0.5+0.5i 0.5+0.5i]", NULL);
  EXPECT_PARAM_ERROR (&orr_discr_pole_zero_class, "gain", "gain", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_discr_pole_zero_class, "poles", "poles", "[1 2; 3 4]", NULL);
  EXPECT_PARAM_ERROR (&orr_discr_pole_zero_class, "poles", "poles", "'p'", NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discrete/palette", test_palette);
  g_test_add_func ("/discrete/discrete-delay", test_discrete_delay);
  g_test_add_func ("/discrete/discrete-transfer-function", test_discrete_transfer_function);
  g_test_add_func ("/discrete/discrete-state-space", test_discrete_state_space);
  g_test_add_func ("/discrete/sample-hold", test_sample_hold);
  g_test_add_func ("/discrete/discrete-integrator", test_discrete_integrator);
  g_test_add_func ("/discrete/matrix-exponential", test_matrix_exponential);
  g_test_add_func ("/discrete/sampled-data", test_sampled_data);
  g_test_add_func ("/discrete/memory", test_memory);
  g_test_add_func ("/discrete/shift-register", test_shift_register);
  g_test_add_func ("/discrete/accumulator", test_accumulator);
  g_test_add_func ("/discrete/discr-pole-zero", test_discr_pole_zero);

  block_test_add_param_errors ("/discrete/param-error", param_errors, G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
