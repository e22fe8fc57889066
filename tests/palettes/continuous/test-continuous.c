/* test-continuous.c: the Continuous palette's blocks, one at a time in the
 * block harness: what configure declares, its errors, and what each job
 * computes, against values worked out by hand. Their behaviour over time in
 * real simulations is in test-continuous-models.c. Tolerances are stated
 * with each check. */
#include "block-test.h"
#include "orr-all-classes.h"
#include "orr-palettes.h"

#include <string.h>

/* ---- harness helpers ---------------------------------------------------------- */

/* Calls a job at time t in a phase, with modes fixed or free. */
static void
run_at (OrrHarness *h, OrrJob job, double t, OrrPhase phase, gboolean modes_fixed)
{
  h->time.t = t;
  h->time.phase = phase;
  h->time.modes_fixed = modes_fixed;
  orr_harness_run (h, job);
}

/* ---- palette -------------------------------------------------------------------- */

static const OrrBlockClass *const palette[] = {
  &orr_integrator_class,
  &orr_derivative_class,
  &orr_transfer_function_class,
  &orr_state_space_class,
  &orr_pid_class,
  &orr_transport_delay_class,
  &orr_variable_delay_class,
  &orr_rate_limiter_class,
  &orr_backlash_class,
  &orr_hysteresis_class,
  &orr_jump_state_space_class,
  &orr_loopbreaker_class,
  &orr_cont_pole_zero_class,
};

/* The palette file lists the blocks in the registration order, each class
 * says it belongs to the palette, and every block configures as dropped
 * from the palette, with its defaults. */
static void
test_palette (void)
{
  assert_palette ("continuous", "Continuous", palette, G_N_ELEMENTS (palette),
                  orr_palette_continuous_register);
  for (gsize i = 0; i < G_N_ELEMENTS (palette); i++)
    orr_config_free (CONFIGURE (palette[i], NULL));
}

/* ---- Integrator with limits ---------------------------------------------------------- */

static void
test_integrator_limited_configure (void)
{
  g_autoptr (OrrConfig) plain = CONFIGURE (&orr_integrator_class, "x0", "[0 1 -1]", NULL);
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_integrator_class, "x0", "[0 1 -1]", "limited", "1",
                                            "upper", "1", "lower", "[-1 -1 -1]", NULL);
  const double rpar[] = { 1, 1, 1, -1, -1, -1 };

  /* Without limits nothing changes: no surfaces, no parameters. */
  g_assert_cmpint (plain->ng, ==, 0);
  g_assert_cmpint (plain->nmode, ==, 0);
  g_assert_cmpuint (plain->rpar->len, ==, 0);

  g_assert_cmpint (config->nx, ==, 3);
  g_assert_cmpint (config->ng, ==, 6);
  g_assert_cmpint (config->nmode, ==, 3);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_cmpuint (config->rpar->len, ==, 6);
  assert_close ((const double *)config->rpar->data, rpar, 6, 0);
}

static void
test_integrator_limited_simulate (void)
{
  OrrConfig *config = CONFIGURE (&orr_integrator_class, "x0", "[0 1 -1]", "limited", "1", "upper",
                                 "1", "lower", "-1", "reinit", "1", NULL);
  g_autoptr (OrrHarness) h = harness (&orr_integrator_class, config, 0, 0);
  const double u[] = { 2, 3, 1 };
  const double x0[] = { 0, 1, -1 };
  const double xd[] = { 2, 0, 1 };
  /* free: x - upper, x - lower; held at upper: u there instead */
  const double g[] = { -1, 1, 3, 2, -2, 0 };
  const double overshoot[] = { 1.25, 1, -1.5 };
  const double clamped[] = { 1, 1, -1 };
  const double jump[] = { 0.5, 7, -9 };
  const double jump_clamped[] = { 0.5, 1, -1 };

  orr_harness_set_input (h, 0, u);
  /* Modes from the state and input: element 2 sits on its upper limit
   * with u pushing up, element 3 on its lower limit with u pulling away. */
  run_at (h, ORR_JOB_ZERO_CROSSINGS, 0, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpint (h->block.mode[0], ==, 1);
  g_assert_cmpint (h->block.mode[1], ==, 2);
  g_assert_cmpint (h->block.mode[2], ==, 1);
  assert_close (h->block.g, g, 6, 0);
  run_at (h, ORR_JOB_DERIVATIVES, 0.1, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.xd, xd, 3, 0);
  run_at (h, ORR_JOB_OUTPUTS, 0.1, ORR_PHASE_TRIAL, TRUE);
  assert_close (orr_harness_output (h, 0), x0, 3, 0);

  /* Fixed modes are kept even when the input turns round. */
  {
    const double reversed[] = { 2, -3, 1 };
    orr_harness_set_input (h, 0, reversed);
    run_at (h, ORR_JOB_ZERO_CROSSINGS, 0.2, ORR_PHASE_TRIAL, TRUE);
    g_assert_cmpint (h->block.mode[1], ==, 2);
    g_assert_cmpfloat (h->block.g[2], ==, -3);
    run_at (h, ORR_JOB_DERIVATIVES, 0.2, ORR_PHASE_TRIAL, TRUE);
    g_assert_cmpfloat (h->block.xd[1], ==, 0);
    orr_harness_set_input (h, 0, u);
  }

  /* Its own crossing clamps the overshoot onto the limits. */
  memcpy (h->block.x, overshoot, sizeof overshoot);
  h->block.nevprt = -1;
  run_at (h, ORR_JOB_STATE_UPDATE, 0.5, ORR_PHASE_EVENT, FALSE);
  assert_close (h->block.x, clamped, 3, 0);

  /* A re-initialisation outside the limits is clamped too. */
  orr_harness_set_input (h, 1, jump);
  h->block.nevprt = 1;
  run_at (h, ORR_JOB_STATE_UPDATE, 1, ORR_PHASE_EVENT, FALSE);
  assert_close (h->block.x, jump_clamped, 3, 0);
}

/* ---- Derivative ------------------------------------------------------------------- */

static void
test_derivative (void)
{
  OrrConfig *config = CONFIGURE (&orr_derivative_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* u = (t^2, 3t): the secant of t^2 over [t0, t1] is t0 + t1 */
  const double u0[] = { 0, 0 }, u1[] = { 0.25, 1.5 }, trial[] = { 0.49, 2.1 }, u2[] = { 1, 3 };
  const double zero[] = { 0, 0 }, slope1[] = { 0.5, 3 }, slope2[] = { 1.5, 3 };
  const double jumped[] = { 3, 3 }, slope_jumped[] = { (3 - 0.25) / 0.5, 3 };

  g_assert_true (input_spec (config, 0)->feedthrough);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  h = harness (&orr_derivative_class, config, 2, 1);
  run_at (h, ORR_JOB_INIT, 0, ORR_PHASE_INIT, FALSE);

  /* zero until two points are known */
  orr_harness_set_input (h, 0, u0);
  run_at (h, ORR_JOB_OUTPUTS, 0, ORR_PHASE_INIT, FALSE);
  assert_close (orr_harness_output (h, 0), zero, 2, 0);
  orr_harness_set_input (h, 0, u1);
  run_at (h, ORR_JOB_OUTPUTS, 0.5, ORR_PHASE_EVENT, TRUE);
  assert_close (orr_harness_output (h, 0), slope1, 2, 1e-15);

  /* a trial point repeats the last slope and leaves no trace */
  orr_harness_set_input (h, 0, trial);
  run_at (h, ORR_JOB_OUTPUTS, 0.7, ORR_PHASE_TRIAL, TRUE);
  assert_close (orr_harness_output (h, 0), slope1, 2, 1e-15);
  orr_harness_set_input (h, 0, u2);
  run_at (h, ORR_JOB_OUTPUTS, 1, ORR_PHASE_EVENT, TRUE);
  assert_close (orr_harness_output (h, 0), slope2, 2, 1e-15);

  /* a second accepted call at the same time replaces the newest point */
  orr_harness_set_input (h, 0, jumped);
  run_at (h, ORR_JOB_OUTPUTS, 1, ORR_PHASE_EVENT, FALSE);
  assert_close (orr_harness_output (h, 0), slope_jumped, 2, 1e-15);
}

/* ---- TransferFunction --------------------------------------------------------------- */

static void
test_transfer_function (void)
{
  /* (s + 2) / (2 s^2 + 6 s + 4): monic s^2 + 3 s + 2 over 0.5 s + 1, so
   * x1' = x2, x2' = -2 x1 - 3 x2 + u, y = x1 + 0.5 x2 */
  OrrConfig *config
    = CONFIGURE (&orr_transfer_function_class, "num", "[1 2]", "den", "[2 6 4]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double x[] = { 1, 2 }, u = 3;
  const double xd[] = { 2, -2 * 1 - 3 * 2 + 3 };
  const double jacobian[] = { 0, -2, 1, -3 };

  assert_port (input_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->nx, ==, 2);
  g_assert_true (config->always_active);
  g_assert_true (config->analytic_jacobian);
  assert_close (config->x0, (double[]){ 0, 0 }, 2, 0);
  h = harness (&orr_transfer_function_class, config, 0, 0);
  memcpy (h->block.x, x, sizeof x);
  orr_harness_set_input (h, 0, &u);
  run_at (h, ORR_JOB_DERIVATIVES, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.xd, xd, 2, 1e-15);
  run_at (h, ORR_JOB_OUTPUTS, 0, ORR_PHASE_TRIAL, TRUE);
  g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], 1 + 0.5 * 2, 1e-15);
  run_at (h, ORR_JOB_JACOBIAN, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.jacobian, jacobian, 4, 0);

  /* biproper s / (s + 1) = 1 - 1/(s + 1): feedthrough, y = -x + u */
  {
    g_autoptr (OrrHarness) b = NULL;
    OrrConfig *c = CONFIGURE (&orr_transfer_function_class, "num", "[1 0]", "den", "[1 1]", NULL);
    const double ub = 5;

    g_assert_true (input_spec (c, 0)->feedthrough);
    b = harness (&orr_transfer_function_class, c, 0, 0);
    b->block.x[0] = 2;
    orr_harness_set_input (b, 0, &ub);
    run_at (b, ORR_JOB_OUTPUTS, 0, ORR_PHASE_TRIAL, TRUE);
    g_assert_cmpfloat (orr_harness_output (b, 0)[0], ==, -2 + 5);
  }

  /* a constant ratio is a gain with no state, inherited activation */
  {
    g_autoptr (OrrHarness) g = NULL;
    OrrConfig *c = CONFIGURE (&orr_transfer_function_class, "num", "3", "den", "[0 2]", NULL);
    const double ug = 4;

    g_assert_cmpint (c->nx, ==, 0);
    g_assert_false (c->always_active);
    g_assert_true (input_spec (c, 0)->feedthrough);
    g = harness (&orr_transfer_function_class, c, 0, 0);
    orr_harness_set_input (g, 0, &ug);
    run_at (g, ORR_JOB_OUTPUTS, 0, ORR_PHASE_EVENT, FALSE);
    g_assert_cmpfloat (orr_harness_output (g, 0)[0], ==, 6);
  }
  /* leading zeros do not count */
  orr_config_free (
    CONFIGURE (&orr_transfer_function_class, "num", "[0 0 1]", "den", "[0 1 1]", NULL));
}

/* ---- StateSpace -------------------------------------------------------------------- */

static void
test_state_space (void)
{
  OrrConfig *config = CONFIGURE (&orr_state_space_class, "A", "[0 1; -4 -0.4]", "B", "[0; 1]", "C",
                                 "[1 0; 0 1; 1 1]", "D", "0", "x0", "[1; 2]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u = 3;
  const double xd[] = { 2, -4 * 1 - 0.4 * 2 + 3 };
  const double y[] = { 1, 2, 3 };
  const double a[] = { 0, -4, 1, -0.4 };

  assert_port (input_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 3, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->nx, ==, 2);
  assert_close (config->x0, (double[]){ 1, 2 }, 2, 0);
  g_assert_true (config->analytic_jacobian);
  h = harness (&orr_state_space_class, config, 0, 0);
  orr_harness_set_input (h, 0, &u);
  run_at (h, ORR_JOB_DERIVATIVES, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.xd, xd, 2, 1e-15);
  run_at (h, ORR_JOB_OUTPUTS, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (orr_harness_output (h, 0), y, 3, 0);
  run_at (h, ORR_JOB_JACOBIAN, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.jacobian, a, 4, 0);

  /* a non-zero D feeds the input through; x0 as a scalar fills every state */
  {
    g_autoptr (OrrHarness) d = NULL;
    OrrConfig *c = CONFIGURE (&orr_state_space_class, "A", "-1", "B", "[1 2]", "C", "2", "D",
                              "[0 0.5]", "x0", "3", NULL);
    const double ud[] = { 10, 4 };

    assert_port (input_spec (c, 0), 2, 1, ORR_TYPE_DOUBLE);
    g_assert_true (input_spec (c, 0)->feedthrough);
    d = harness (&orr_state_space_class, c, 0, 0);
    orr_harness_set_input (d, 0, ud);
    run_at (d, ORR_JOB_OUTPUTS, 0, ORR_PHASE_TRIAL, TRUE);
    g_assert_cmpfloat (orr_harness_output (d, 0)[0], ==, 2 * 3 + 0.5 * 4);
    run_at (d, ORR_JOB_DERIVATIVES, 0, ORR_PHASE_TRIAL, TRUE);
    g_assert_cmpfloat (d->block.xd[0], ==, -3 + 10 + 2 * 4);
  }

  EXPECT_PARAM_ERROR (&orr_state_space_class, "C", "A", "[1 0; 0 1]", "B", "[1; 2]", "C", "1",
                      NULL);
  EXPECT_PARAM_ERROR (&orr_state_space_class, "x0", "A", "[1 0; 0 1]", "B", "[1; 2]", "C", "[1 1]",
                      "x0", "[1 2 3]", NULL);
}

/* ---- PID -------------------------------------------------------------------------- */

static void
test_pid (void)
{
  OrrConfig *config = CONFIGURE (&orr_pid_class, "P", "2", "I", "3", "D", "0.5", "N", "10", "xi0",
                                 "[1 2]", "xd0", "0.25", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double x0[] = { 1, 2, 0.25, 0.25 };
  const double u[] = { 4, -1 };
  double y[2], xd[4];

  assert_port (input_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->nx, ==, 4);
  assert_close (config->x0, x0, 4, 0);
  h = harness (&orr_pid_class, config, 0, 0);
  orr_harness_set_input (h, 0, u);
  for (int i = 0; i < 2; i++)
    {
      y[i] = 2 * u[i] + 3 * x0[i] + 0.5 * 10 * (u[i] - x0[2 + i]);
      xd[i] = u[i];
      xd[2 + i] = 10 * (u[i] - x0[2 + i]);
    }
  run_at (h, ORR_JOB_OUTPUTS, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (orr_harness_output (h, 0), y, 2, 1e-14);
  run_at (h, ORR_JOB_DERIVATIVES, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.xd, xd, 4, 1e-14);

  /* a pure integral controller does not read its input at once */
  {
    g_autoptr (OrrConfig) c = CONFIGURE (&orr_pid_class, "P", "0", "I", "1", NULL);
    g_assert_false (input_spec (c, 0)->feedthrough);
  }
}

/* ---- TransportDelay ---------------------------------------------------------------- */

static void
test_transport_delay_configure (void)
{
  g_autoptr (OrrConfig) wire_config = CONFIGURE (&orr_transport_delay_class, "delay", "0", NULL);
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_transport_delay_class, NULL);
  g_autoptr (OrrConfig) sized = CONFIGURE (&orr_transport_delay_class, "init", "[1 2 3]", NULL);

  /* no delay: a wire, which feeds through */
  g_assert_true (input_spec (wire_config, 0)->feedthrough);
  g_assert_cmpint (wire_config->ng, ==, 0);
  /* a delay breaks algebraic loops */
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_true (config->always_active);
  g_assert_cmpint (config->ng, ==, 1);
  g_assert_cmpint (config->nmode, ==, 1);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (sized, 0), 1, 3, ORR_TYPE_DOUBLE);
}

/* Feeds u(t) = f(t) at accepted times, then checks the output at t + T. */
static void
feed (OrrHarness *h, const double *times, int n, double (*f) (double))
{
  for (int i = 0; i < n; i++)
    {
      double u = f (times[i]);

      orr_harness_set_input (h, 0, &u);
      run_at (h, ORR_JOB_OUTPUTS, times[i], i == 0 ? ORR_PHASE_INIT : ORR_PHASE_EVENT, FALSE);
    }
}

static double
square (double t)
{
  return t * t;
}

static double
affine (double t)
{
  return 3 * t + 1;
}

static void
test_transport_delay_history (void)
{
  const double times[] = { 0, 0.3, 0.5, 1.0, 1.2, 1.7 };
  g_autoptr (OrrHarness) hermite
    = harness (&orr_transport_delay_class,
               CONFIGURE (&orr_transport_delay_class, "delay", "2", "init", "-5", NULL), 1, 1);
  g_autoptr (OrrHarness) linear
    = harness (&orr_transport_delay_class,
               CONFIGURE (&orr_transport_delay_class, "delay", "2", "method", "1", NULL), 1, 1);
  double u;

  run_at (hermite, ORR_JOB_INIT, 0, ORR_PHASE_INIT, FALSE);
  run_at (linear, ORR_JOB_INIT, 0, ORR_PHASE_INIT, FALSE);

  /* before t = T: the initial output; the surface t - T is negative */
  feed (hermite, times, 1, square);
  g_assert_cmpfloat (orr_harness_output (hermite, 0)[0], ==, -5);
  run_at (hermite, ORR_JOB_ZERO_CROSSINGS, 1.5, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpfloat (hermite->block.g[0], ==, -0.5);
  g_assert_cmpint (hermite->block.mode[0], ==, 1);

  feed (hermite, times + 1, G_N_ELEMENTS (times) - 1, square);
  feed (linear, times, G_N_ELEMENTS (times), affine);

  /* A trial point at a value far off must not enter the history. */
  u = 1000;
  orr_harness_set_input (hermite, 0, &u);
  run_at (hermite, ORR_JOB_OUTPUTS, 1.8, ORR_PHASE_TRIAL, TRUE);

  /* Interior intervals of a quadratic: the slopes from neighbouring
   * points are exact, so is cubic Hermite (1e-13); linear interpolation
   * of an affine input is exact everywhere (1e-13). */
  run_at (hermite, ORR_JOB_ZERO_CROSSINGS, 2.4, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpint (hermite->block.mode[0], ==, 2);
  for (double td = 0.3; td <= 1.2; td += 0.05)
    {
      run_at (hermite, ORR_JOB_OUTPUTS, td + 2, ORR_PHASE_TRIAL, FALSE);
      g_assert_cmpfloat_with_epsilon (orr_harness_output (hermite, 0)[0], td * td, 1e-13);
    }
  for (double td = 0; td <= 1.7; td += 0.05)
    {
      run_at (linear, ORR_JOB_OUTPUTS, td + 2, ORR_PHASE_TRIAL, FALSE);
      g_assert_cmpfloat_with_epsilon (orr_harness_output (linear, 0)[0], affine (td), 1e-13);
    }
  /* past the newest point, the newest value holds (the trial's 1000 is not kept) */
  run_at (hermite, ORR_JOB_OUTPUTS, 3.9, ORR_PHASE_TRIAL, FALSE);
  g_assert_cmpfloat (orr_harness_output (hermite, 0)[0], ==, square (1.7));

  /* With modes fixed, the mode decides even past t = T. */
  hermite->block.mode[0] = 1;
  run_at (hermite, ORR_JOB_OUTPUTS, 2.5, ORR_PHASE_TRIAL, TRUE);
  g_assert_cmpfloat (orr_harness_output (hermite, 0)[0], ==, -5);

  g_assert_cmpint (hermite->n_errors, ==, 0);
  run_at (hermite, ORR_JOB_TERMINATE, 4, ORR_PHASE_TERMINATE, FALSE);
  run_at (linear, ORR_JOB_TERMINATE, 4, ORR_PHASE_TERMINATE, FALSE);
  g_assert_null (hermite->block.work);
}

/* A buffer too short for the delay is a run-time error naming the
 * parameter to change; terminate without init is harmless. */
static void
test_transport_delay_overflow (void)
{
  g_autoptr (OrrHarness) h = harness (
    &orr_transport_delay_class,
    CONFIGURE (&orr_transport_delay_class, "delay", "1", "buffer_size", "4", NULL), 1, 1);
  g_autoptr (OrrHarness) idle
    = harness (&orr_transport_delay_class, CONFIGURE (&orr_transport_delay_class, NULL), 1, 1);
  const double times[] = { 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0 };

  run_at (h, ORR_JOB_INIT, 0, ORR_PHASE_INIT, FALSE);
  feed (h, times, G_N_ELEMENTS (times), affine);
  g_assert_cmpint (h->n_errors, ==, 1);
  g_assert_nonnull (strstr (h->error, "'buffer_size'"));
  run_at (h, ORR_JOB_TERMINATE, 2, ORR_PHASE_TERMINATE, FALSE);
  run_at (idle, ORR_JOB_TERMINATE, 0, ORR_PHASE_TERMINATE, FALSE);
}

/* ---- VariableDelay ----------------------------------------------------------------- */

static void
test_variable_delay (void)
{
  OrrConfig *config
    = CONFIGURE (&orr_variable_delay_class, "max_delay", "1.5", "init", "7", "method", "1", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double times[] = { 0, 0.5, 1, 1.5, 2 };
  double d;

  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_true (input_spec (config, 1)->feedthrough);
  assert_port (input_spec (config, 1), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->ng, ==, 1);
  h = harness (&orr_variable_delay_class, config, 1, 1);
  run_at (h, ORR_JOB_INIT, 0, ORR_PHASE_INIT, FALSE);
  d = 0.25;
  orr_harness_set_input (h, 1, &d);
  feed (h, times, G_N_ELEMENTS (times), affine);

  /* u(2 - 0.25), linear and exact */
  run_at (h, ORR_JOB_OUTPUTS, 2, ORR_PHASE_TRIAL, FALSE);
  g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], affine (1.75), 1e-13);
  /* the delay is clamped to the maximum, and to 0 */
  d = 5;
  orr_harness_set_input (h, 1, &d);
  run_at (h, ORR_JOB_OUTPUTS, 2, ORR_PHASE_TRIAL, FALSE);
  g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], affine (0.5), 1e-13);
  d = -1;
  orr_harness_set_input (h, 1, &d);
  run_at (h, ORR_JOB_OUTPUTS, 2, ORR_PHASE_TRIAL, FALSE);
  g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], affine (2), 1e-13);
  /* before the start: the initial output, and a negative surface */
  d = 1.5;
  orr_harness_set_input (h, 1, &d);
  run_at (h, ORR_JOB_OUTPUTS, 1, ORR_PHASE_TRIAL, FALSE);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 7);
  run_at (h, ORR_JOB_ZERO_CROSSINGS, 1, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);
  g_assert_cmpint (h->block.mode[0], ==, 1);
  run_at (h, ORR_JOB_TERMINATE, 3, ORR_PHASE_TERMINATE, FALSE);
}

/* ---- RateLimiter ------------------------------------------------------------------- */

static void
test_rate_limiter (void)
{
  OrrConfig *config = CONFIGURE (&orr_rate_limiter_class, "rising", "2", "falling", "-1", "Td",
                                 "0.5", "y0", "[0; 0; 0]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* (u - x)/Td = 4, -4 and 1: rising at the limit, falling at the limit, tracking */
  const double u[] = { 2, -2, 0.5 };
  const double xd[] = { 2, -1, 1 };
  const double g[] = { 4 - 2, 4 + 1, -4 - 2, -4 + 1, 1 - 2, 1 + 1 };

  assert_port (input_spec (config, 0), 3, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->nx, ==, 3);
  g_assert_cmpint (config->ng, ==, 6);
  g_assert_cmpint (config->nmode, ==, 3);
  h = harness (&orr_rate_limiter_class, config, 0, 0);
  orr_harness_set_input (h, 0, u);
  run_at (h, ORR_JOB_ZERO_CROSSINGS, 0, ORR_PHASE_EVENT, FALSE);
  assert_close (h->block.g, g, 6, 1e-15);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  g_assert_cmpint (h->block.mode[1], ==, 3);
  g_assert_cmpint (h->block.mode[2], ==, 1);
  run_at (h, ORR_JOB_DERIVATIVES, 0, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.xd, xd, 3, 1e-15);

  /* with modes fixed, the slope stays at the limit past the kink */
  {
    const double near[] = { 0.5, -2, 0.5 };
    orr_harness_set_input (h, 0, near);
    run_at (h, ORR_JOB_DERIVATIVES, 0.1, ORR_PHASE_TRIAL, TRUE);
    g_assert_cmpfloat (h->block.xd[0], ==, 2);
  }
}

/* ---- Backlash ---------------------------------------------------------------------- */

static void
test_backlash (void)
{
  OrrConfig *config = CONFIGURE (&orr_backlash_class, "width", "1", "y0", "0", NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* band [u - 0.5, u + 0.5] around held 0: inside, above, below */
  const double u[] = { 0.3, 2, -1 };
  const double y[] = { 0, 1.5, -0.5 };

  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, -1);
  h = harness (&orr_backlash_class, config, 3, 1);
  g_assert_cmpint (h->block.ng, ==, 3);
  run_at (h, ORR_JOB_INIT, 0, ORR_PHASE_INIT, FALSE);

  /* modes from the held output: free, pushed up, pushed down */
  orr_harness_set_input (h, 0, u);
  run_at (h, ORR_JOB_ZERO_CROSSINGS, 0, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpint (h->block.mode[0], ==, 1);
  g_assert_cmpint (h->block.mode[1], ==, 2);
  g_assert_cmpint (h->block.mode[2], ==, 3);
  /* free: (u - 0.5 - y)(u + 0.5 - y); engaged: the distance to the edge */
  assert_close (h->block.g, (double[]){ (0.3 - 0.5) * (0.3 + 0.5), 2 - 0.5, -1 + 0.5 }, 3, 1e-15);

  /* a trial point follows the modes and leaves the held output alone */
  run_at (h, ORR_JOB_OUTPUTS, 0.1, ORR_PHASE_TRIAL, TRUE);
  assert_close (orr_harness_output (h, 0), y, 3, 0);
  run_at (h, ORR_JOB_OUTPUTS, 0.1, ORR_PHASE_TRIAL, FALSE);
  assert_close (orr_harness_output (h, 0), y, 3, 0);
  {
    const double back[] = { 0, 0, 0 };
    orr_harness_set_input (h, 0, back);
    run_at (h, ORR_JOB_OUTPUTS, 0.2, ORR_PHASE_EVENT, FALSE);
    /* held still 0: all three inside the band around 0 */
    assert_close (orr_harness_output (h, 0), back, 3, 0);
    orr_harness_set_input (h, 0, u);
  }

  /* an accepted point keeps the output, which then holds when u turns */
  run_at (h, ORR_JOB_OUTPUTS, 0.3, ORR_PHASE_EVENT, TRUE);
  assert_close (orr_harness_output (h, 0), y, 3, 0);
  {
    const double turned[] = { 0.3, 1.8, -0.8 };
    orr_harness_set_input (h, 0, turned);
    run_at (h, ORR_JOB_OUTPUTS, 0.4, ORR_PHASE_EVENT, FALSE);
    assert_close (orr_harness_output (h, 0), y, 3, 0);
    run_at (h, ORR_JOB_ZERO_CROSSINGS, 0.4, ORR_PHASE_EVENT, FALSE);
    g_assert_cmpint (h->block.mode[1], ==, 1);
    g_assert_cmpint (h->block.mode[2], ==, 1);
  }

  /* Engaged exactly on the edge: without a crossing it stays engaged (the
   * input may still push); after its surface crossed back, it lets go. */
  {
    const double edge[] = { 0.3, 2, -1 };
    orr_harness_set_input (h, 0, edge);
    run_at (h, ORR_JOB_OUTPUTS, 0.5, ORR_PHASE_EVENT, FALSE);
    run_at (h, ORR_JOB_ZERO_CROSSINGS, 0.5, ORR_PHASE_EVENT, FALSE);
    g_assert_cmpint (h->block.mode[1], ==, 2);
    g_assert_cmpint (h->block.mode[2], ==, 3);
    run_at (h, ORR_JOB_OUTPUTS, 0.6, ORR_PHASE_EVENT, TRUE);
    h->block.jroot[1] = -1;
    h->block.jroot[2] = 1;
    run_at (h, ORR_JOB_OUTPUTS, 0.7, ORR_PHASE_EVENT, FALSE);
    h->block.jroot[1] = h->block.jroot[2] = 0;
    run_at (h, ORR_JOB_ZERO_CROSSINGS, 0.7, ORR_PHASE_EVENT, FALSE);
    g_assert_cmpint (h->block.mode[1], ==, 1);
    g_assert_cmpint (h->block.mode[2], ==, 1);
    assert_close (orr_harness_output (h, 0), (double[]){ 0, 1.5, -0.5 }, 3, 0);
  }
}

/* ---- Hysteresis -------------------------------------------------------------------- */

static void
test_hysteresis (void)
{
  OrrConfig *config
    = CONFIGURE (&orr_hysteresis_class, "on", "1", "off", "-1", "y_on", "5", "y_off", "-3", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 2, 0, -2 };
  const double y[] = { 5, -3, -3 };

  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->ng, ==, -1);
  h = harness (&orr_hysteresis_class, config, 3, 1);
  orr_harness_set_input (h, 0, u);
  /* at the start, off unless at or above the switch-on point */
  run_at (h, ORR_JOB_OUTPUTS, 0, ORR_PHASE_INIT, FALSE);
  assert_close (orr_harness_output (h, 0), y, 3, 0);
  run_at (h, ORR_JOB_ZERO_CROSSINGS, 0, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  g_assert_cmpint (h->block.mode[1], ==, 1);
  /* on: watch the switch-off point; off: the switch-on point */
  assert_close (h->block.g, (double[]){ 2 + 1, 0 - 1, -2 - 1 }, 3, 0);

  /* the memory: all three inputs inside the band keep their state */
  {
    const double inside[] = { 0.5, 0.5, -0.5 };
    orr_harness_set_input (h, 0, inside);
    run_at (h, ORR_JOB_OUTPUTS, 1, ORR_PHASE_EVENT, FALSE);
    assert_close (orr_harness_output (h, 0), y, 3, 0);
    run_at (h, ORR_JOB_ZERO_CROSSINGS, 1, ORR_PHASE_EVENT, FALSE);
    g_assert_cmpint (h->block.mode[0], ==, 2);
  }
  /* fixed modes hold even past a switching point */
  {
    const double past[] = { -2, 2, 2 };
    orr_harness_set_input (h, 0, past);
    run_at (h, ORR_JOB_OUTPUTS, 2, ORR_PHASE_TRIAL, TRUE);
    assert_close (orr_harness_output (h, 0), y, 3, 0);
    run_at (h, ORR_JOB_OUTPUTS, 2, ORR_PHASE_EVENT, FALSE);
    assert_close (orr_harness_output (h, 0), (double[]){ -3, 5, 5 }, 3, 0);
  }
}

/* ---- JumpStateSpace ---------------------------------------------------------------- */

static void
test_jump_state_space (void)
{
  OrrConfig *config = CONFIGURE (&orr_jump_state_space_class, "A", "[-1 0; 0 -2]", "B", "[1; 1]",
                                 "C", "[1 1]", "x0", "[1; 2]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double reset[] = { 5, 6 };

  g_assert_cmpint (config->n_evin, ==, 1);
  assert_port (input_spec (config, 1), 2, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_false (input_spec (config, 1)->feedthrough);
  g_assert_true (config->always_active);
  h = harness (&orr_jump_state_space_class, config, 0, 0);
  orr_harness_set_input (h, 1, reset);

  /* the event: the output sees the state before the jump, then it jumps */
  h->block.nevprt = 1;
  run_at (h, ORR_JOB_OUTPUTS, 1, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 3);
  run_at (h, ORR_JOB_STATE_UPDATE, 1, ORR_PHASE_EVENT, FALSE);
  assert_close (h->block.x, reset, 2, 0);
  run_at (h, ORR_JOB_DERIVATIVES, 1, ORR_PHASE_TRIAL, TRUE);
  assert_close (h->block.xd, (double[]){ -5, -12 }, 2, 0);
  /* its own zero crossing (it has none) or no event: no jump */
  h->block.x[0] = 0;
  h->block.nevprt = 0;
  run_at (h, ORR_JOB_STATE_UPDATE, 2, ORR_PHASE_EVENT, FALSE);
  g_assert_cmpfloat (h->block.x[0], ==, 0);
}

/* ---- parameters each block refuses ------------------------------------ */

static const BlockParamError param_errors[] = {
  { &orr_integrator_class, "limited", { "limited", "2", NULL, NULL } },
  { &orr_integrator_class, "upper", { "limited", "1", "upper", "-1" } },
  { &orr_integrator_class, "upper", { "limited", "1", "upper", "[1 2]" } },
  { &orr_integrator_class, "lower", { "limited", "1", "lower", "'a'" } },
  { &orr_integrator_class, "x0", { "limited", "1", "x0", "2" } },
  { &orr_transfer_function_class, "num", { "num", "[1 0 0]", "den", "[1 1]" } },
  { &orr_transfer_function_class, "den", { "den", "[0 0]", NULL, NULL } },
  { &orr_transfer_function_class, "den", { "den", "[]", NULL, NULL } },
  { &orr_transfer_function_class, "den", { "den", "[1 2; 3 4]", NULL, NULL } },
  { &orr_transfer_function_class, "num", { "num", "'s+1'", NULL, NULL } },
  { &orr_transfer_function_class, "num", { "num", "[1 NaN]", NULL, NULL } },
  { &orr_state_space_class, "A", { "A", "[1 2 3]", NULL, NULL } },
  { &orr_state_space_class, "A", { "A", "[]", NULL, NULL } },
  { &orr_state_space_class, "B", { "A", "[1 0; 0 1]", "B", "[1; 2; 3]" } },
  { &orr_state_space_class, "D", { "D", "[1 2]", NULL, NULL } },
  { &orr_pid_class, "N", { "N", "0", NULL, NULL } },
  { &orr_pid_class, "P", { "P", "'a'", NULL, NULL } },
  { &orr_pid_class, "D", { "D", "Inf", NULL, NULL } },
  { &orr_pid_class, "xd0", { "xi0", "[0 0]", "xd0", "[1 2 3]" } },
  { &orr_pid_class, "xi0", { "xi0", "[]", NULL, NULL } },
  { &orr_transport_delay_class, "delay", { "delay", "-1", NULL, NULL } },
  { &orr_transport_delay_class, "delay", { "delay", "Inf", NULL, NULL } },
  { &orr_transport_delay_class, "buffer_size", { "buffer_size", "1", NULL, NULL } },
  { &orr_transport_delay_class, "buffer_size", { "buffer_size", "2.5", NULL, NULL } },
  { &orr_transport_delay_class, "method", { "method", "3", NULL, NULL } },
  { &orr_transport_delay_class, "init", { "init", "[]", NULL, NULL } },
  { &orr_variable_delay_class, "max_delay", { "max_delay", "0", NULL, NULL } },
  { &orr_variable_delay_class, "buffer_size", { "buffer_size", "0", NULL, NULL } },
  { &orr_variable_delay_class, "method", { "method", "0", NULL, NULL } },
  { &orr_rate_limiter_class, "rising", { "rising", "0", NULL, NULL } },
  { &orr_rate_limiter_class, "falling", { "falling", "1", NULL, NULL } },
  { &orr_rate_limiter_class, "Td", { "Td", "-0.1", NULL, NULL } },
  { &orr_rate_limiter_class, "y0", { "y0", "[]", NULL, NULL } },
  { &orr_backlash_class, "width", { "width", "0", NULL, NULL } },
  { &orr_backlash_class, "width", { "width", "[1 2]", NULL, NULL } },
  { &orr_backlash_class, "y0", { "y0", "'a'", NULL, NULL } },
  { &orr_hysteresis_class, "off", { "on", "0", "off", "1" } },
  { &orr_hysteresis_class, "y_on", { "y_on", "[1 2]", NULL, NULL } },
  { &orr_jump_state_space_class, "C", { "C", "[1 2]", NULL, NULL } },
};

/* ---- Loopbreaker ------------------------------------------------------------------ */

static void
test_loopbreaker (void)
{
  OrrConfig *config = CONFIGURE (&orr_loopbreaker_class, "init", "[1; 2]", "tau", "0.5", NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, 1, 1, 0, 0);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_true (config->always_active);
  g_assert_cmpint (config->nx, ==, 2);
  h = harness (&orr_loopbreaker_class, config, 1, 1);
  /* y = x; x' = (u - x) / tau = ([3; -2] - [1; 2]) / 0.5 = [4; -8] */
  orr_harness_set_input (h, 0, (double[]){ 3, -2 });
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_close (orr_harness_output (h, 0), (double[]){ 1, 2 }, 2, 0);
  orr_harness_run (h, ORR_JOB_DERIVATIVES);
  assert_close (h->block.xd, (double[]){ 4, -8 }, 2, 0);
  EXPECT_PARAM_ERROR (&orr_loopbreaker_class, "tau", "tau", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_loopbreaker_class, "tau", "tau", "-1", NULL);
  EXPECT_PARAM_ERROR (&orr_loopbreaker_class, "tau", "tau", "Inf", NULL);
  EXPECT_PARAM_ERROR (&orr_loopbreaker_class, "init", "init", "[]", NULL);
}

/* ---- ContPoleZero ------------------------------------------------------------------- */

/* 3 (s + 2) / ((s + 1)(s + 4)) = (3 s + 6) / (s^2 + 5 s + 4): the
 * companion form of the multiplied-out polynomials, rpar = { -4, -5 (the
 * last row of A), 6, 3 (C), 0 (D) }, exactly; complex poles -1 +- 2i give
 * s^2 + 2 s + 5. */
static void
test_cont_pole_zero (void)
{
  OrrConfig *config
    = CONFIGURE (&orr_cont_pole_zero_class, "zeros", "-2", "poles", "[-1 -4]", "gain", "3", NULL);
  const double rpar[] = { -4, -5, 6, 3, 0 };
  const double rpar2[] = { -5, -2, 10, 0, 0 };

  assert_ports (config, 1, 1, 0, 0);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_true (config->always_active);
  g_assert_cmpint (config->nx, ==, 2);
  g_assert_cmpuint (config->rpar->len, ==, 5);
  assert_close ((const double *)config->rpar->data, rpar, 5, 1e-15);
  orr_config_free (config);

  config = CONFIGURE (&orr_cont_pole_zero_class, "poles", "[-1+2i -1-2i]", "gain", "10", NULL);
  assert_close ((const double *)config->rpar->data, rpar2, 5, 1e-15);
  orr_config_free (config);

  /* as many zeros as poles: biproper, D = K */
  config = CONFIGURE (&orr_cont_pole_zero_class, "zeros", "-3", "poles", "-1", "gain", "2", NULL);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpfloat (((const double *)config->rpar->data)[2], ==, 2);
  orr_config_free (config);

  EXPECT_PARAM_ERROR (&orr_cont_pole_zero_class, "zeros", "zeros", "[1 2]", "poles", "-1", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_cont_pole_zero_class, "poles", "conjugate", "poles", "[-1+1i]",
                           NULL);
  EXPECT_PARAM_ERROR (&orr_cont_pole_zero_class, "gain", "gain", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_cont_pole_zero_class, "gain", "gain", "NaN", NULL);
  EXPECT_PARAM_ERROR (&orr_cont_pole_zero_class, "poles", "poles", "[1 Inf]", NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/continuous/palette", test_palette);
  g_test_add_func ("/continuous/integrator/limited/configure", test_integrator_limited_configure);
  g_test_add_func ("/continuous/integrator/limited/simulate", test_integrator_limited_simulate);
  g_test_add_func ("/continuous/derivative", test_derivative);
  g_test_add_func ("/continuous/transfer-function", test_transfer_function);
  g_test_add_func ("/continuous/state-space", test_state_space);
  g_test_add_func ("/continuous/pid", test_pid);
  g_test_add_func ("/continuous/transport-delay/configure", test_transport_delay_configure);
  g_test_add_func ("/continuous/transport-delay/history", test_transport_delay_history);
  g_test_add_func ("/continuous/transport-delay/overflow", test_transport_delay_overflow);
  g_test_add_func ("/continuous/variable-delay", test_variable_delay);
  g_test_add_func ("/continuous/rate-limiter", test_rate_limiter);
  g_test_add_func ("/continuous/backlash", test_backlash);
  g_test_add_func ("/continuous/hysteresis", test_hysteresis);
  g_test_add_func ("/continuous/jump-state-space", test_jump_state_space);
  g_test_add_func ("/continuous/loopbreaker", test_loopbreaker);
  g_test_add_func ("/continuous/cont-pole-zero", test_cont_pole_zero);

  block_test_add_param_errors ("/continuous/param-error", param_errors,
                               G_N_ELEMENTS (param_errors));
  return g_test_run ();
}
