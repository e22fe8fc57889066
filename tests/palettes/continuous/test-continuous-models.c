/* test-continuous-models.c: the Continuous palette's blocks in real
 * simulations, against analytic solutions, where their behaviour only shows
 * over time: zero crossings and modes, accepted points, delays, loops.
 * Each model is built with the model API, compiled with the standard
 * palettes and run by tests/common/model-run.h. (A separate program from
 * the harness tests: the harness diverts the blocks' calls into the
 * simulator, orr_block_record included, with the linker.)
 * Tolerances are stated with each check. */
#include "model-run.h"
#include "test-sine.h"

#include <math.h>
#include <string.h>

/* The standard blocks and an exact sine source. */
static const OrrBlockClass *const test_classes[] = { &test_sine_class, NULL };
static const RunSetup setup = { .classes = test_classes };

typedef double (*Expected) (double t, int channel);

/* The largest error of channel j against expected over the samples whose
 * time is not within `margin` of a point in skip[] (jumps, where the value
 * recorded depends on the side). */
static double
worst_error (Recording *r, int j, Expected expected, const double *skip, int n_skip, double margin)
{
  double worst = 0;

  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      gboolean skipped = FALSE;

      for (int k = 0; k < n_skip; k++)
        skipped |= fabs (t - skip[k]) <= margin;
      if (!skipped)
        worst = MAX (worst, fabs (V (r, i, j) - expected (t, j)));
    }
  return worst;
}

/* ---- the blocks over time ------------------------------------------------------- */

/* u = cos t into an Integrator limited to [-0.5, 0.5] from 0: sin t until
 * it reaches 0.5 at pi/6, held until the input turns at pi/2, then
 * sin t - 0.5 down to -0.5 at pi, held until 3pi/2, sin t + 0.5 up to 0.5
 * at 2pi, held until 5pi/2, and so on. Within 1e-6 everywhere. */
static double
limited_expected (double t, int channel)
{
  if (t <= G_PI / 6)
    return sin (t);
  if (t <= G_PI / 2)
    return 0.5;
  if (t <= G_PI)
    return sin (t) - 0.5;
  if (t <= 1.5 * G_PI)
    return -0.5;
  if (t <= 2 * G_PI)
    return sin (t) + 0.5;
  if (t <= 2.5 * G_PI)
    return 0.5;
  return sin (t) - 0.5;
}

/* Derivative of sin t in a simulation: at every recorded point, the
 * output is the secant of the input over the last two accepted points
 * (the recorded points, taking the last value recorded at each time), to
 * 1e-12; and 0 at the start. */
static void
test_derivative_model (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *derivative = add_block (model, "Derivative", "Slope", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Both", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double t_prev = NAN, u_prev = NAN, t_last = NAN, u_last = NAN;
  guint checked = 0;

  link_data (model, sine, 1, derivative, 1);
  link_data (model, sine, 1, scope, 1);
  link_data (model, derivative, 1, scope, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Both");
  g_assert_cmpfloat (T (r, 0), ==, 0);
  g_assert_cmpfloat (V (r, 0, 1), ==, 0);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), u = V (r, i, 0);

      if (t != t_last)
        {
          t_prev = t_last;
          u_prev = u_last;
        }
      t_last = t;
      u_last = u;
      if (!isnan (t_prev))
        {
          g_assert_cmpfloat_with_epsilon (V (r, i, 1), (u - u_prev) / (t - t_prev), 1e-12);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 50);
}

/* 1/(s+1) after a unit step: 1 - e^-t, within 1e-6 at every recorded
 * point. The block holds the only states, so the solver uses its analytic
 * Jacobian. */
static double
lag_expected (double t, int channel)
{
  return 1 - exp (-t);
}

/* Step responses by partial fractions: 1/((s+1)(s+2)) gives
 * 1/2 - e^-t + e^-2t/2, and the biproper (s+2)/(s+1) = 1 + 1/(s+1) gives
 * 2 - e^-t (its input feeds through at once). Within 1e-6. */
static double
second_order_expected (double t, int channel)
{
  return channel == 0 ? 0.5 - exp (-t) + 0.5 * exp (-2 * t) : 2 - exp (-t);
}

static void
test_transfer_function_orders (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  OrrBlock *step = add_block (model, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *second = add_block (model, "TransferFunction", "Second", 1, 1, 0, 0, "num", "1", "den",
                                "[1 3 2]", NULL);
  OrrBlock *lead = add_block (model, "TransferFunction", "Lead", 1, 1, 0, 0, "num", "[1 2]", "den",
                              "[1 1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double worst0, worst1;

  link_data (model, step, 1, second, 1);
  link_data (model, step, 1, lead, 1);
  link_data (model, second, 1, scope, 1);
  link_data (model, lead, 1, scope, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  worst0 = worst_error (r, 0, second_order_expected, NULL, 0, 0);
  worst1 = worst_error (r, 1, second_order_expected, NULL, 0, 0);
  g_test_message ("largest errors %.3g, %.3g", worst0, worst1);
  g_assert_cmpfloat (worst0, <, 1e-6);
  g_assert_cmpfloat (worst1, <, 1e-6);
}

/* A damped mass-spring, x'' + 0.4 x' + 4 x = 0 from x = 1, v = 0: with
 * wd = sqrt(4 - 0.04), x = e^-0.2t (cos wd t + 0.2/wd sin wd t) and
 * v = -(4/wd) e^-0.2t sin wd t. Within 1e-6; the input is unconnected. */
static double
spring_expected (double t, int channel)
{
  double wd = sqrt (4 - 0.04);

  if (channel == 0)
    return exp (-0.2 * t) * (cos (wd * t) + 0.2 / wd * sin (wd * t));
  return -4 / wd * exp (-0.2 * t) * sin (wd * t);
}

/* PI control of 1/(s+1) with a unit step reference: the loop is
 * Y/R = (Kp s + Ki) / (s^2 + (1 + Kp) s + Ki); Kp = 3, Ki = 2 give the
 * poles p1,2 = -2 +- sqrt 2, and the step response
 *   y = 1 + sum r_i e^(p_i t),  r_i = (Kp p_i + Ki) / (p_i (p_i - p_j)).
 * Within 1e-5. */
static double
pid_loop_expected (double t, int channel)
{
  double p[2] = { -2 + G_SQRT2, -2 - G_SQRT2 };
  double y = 1;

  for (int i = 0; i < 2; i++)
    y += (3 * p[i] + 2) / (p[i] * (p[i] - p[1 - i])) * exp (p[i] * t);
  return y;
}

static void
test_pid_loop (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  OrrBlock *reference = add_block (model, "Constant", "Reference", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *error = add_block (model, "Sum", "Error", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *pid
    = add_block (model, "PID", "Controller", 1, 1, 0, 0, "P", "3", "I", "2", "D", "0", NULL);
  OrrBlock *plant
    = add_block (model, "TransferFunction", "Plant", 1, 1, 0, 0, "num", "1", "den", "[1 1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Output", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double worst;

  g_assert_cmpfloat_with_epsilon (pid_loop_expected (0, 0), 0, 1e-14);
  link_data (model, reference, 1, error, 1);
  link_data (model, error, 1, pid, 1);
  link_data (model, pid, 1, plant, 1);
  link_data (model, plant, 1, error, 2);
  link_data (model, plant, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Output");
  worst = worst_error (r, 0, pid_loop_expected, NULL, 0, 0);
  g_test_message ("largest error %.3g over %u samples", worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-5);
}

/* The derivative term alone on a unit step: Kd N (u - w) with
 * w' = N (u - w), w(0) = 0, is Kd N e^(-N t); Kd = 0.5, N = 20. Within
 * 1e-5. */
static double
pid_derivative_expected (double t, int channel)
{
  return 0.5 * 20 * exp (-20 * t);
}

static void
test_pid_derivative (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  OrrBlock *step = add_block (model, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *pid = add_block (model, "PID", "Controller", 1, 1, 0, 0, "P", "0", "I", "0", "D", "0.5",
                             "N", "20", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Output", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double worst;

  link_data (model, step, 1, pid, 1);
  link_data (model, pid, 1, scope, 1);
  run = run_model_ok (model, &setup);
  worst = worst_error (recording (run, "Output"), 0, pid_derivative_expected, NULL, 0, 0);
  g_test_message ("largest error %.3g", worst);
  g_assert_cmpfloat (worst, <, 1e-5);
}

/* sin t delayed by 1 s: sin(t - 1) from t = 1 on and the initial 0 before,
 * within 1e-4, by either interpolation (max step 0.01). The solver's
 * points fall every 0.01 s, so t - 1 is a kept point wherever the delay
 * is read at one of them: the outputs are also sampled by a 0.0371 s clock,
 * whose ticks read the history between kept points. */
static double
delayed_sine_expected (double t, int channel)
{
  return t < 1 ? 0 : sin (t - 1);
}

static void
test_transport_delay_sine (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0.01);
  OrrBlock *hermite
    = add_block (model, "TransportDelay", "Hermite", 1, 1, 0, 0, "delay", "1", NULL);
  OrrBlock *linear
    = add_block (model, "TransportDelay", "Linear", 1, 1, 0, 0, "delay", "1", "method", "1", NULL);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Delayed", 2, 0, 0, 0, "inputs", "2", NULL);
  OrrBlock *clock = add_block (model, "SampleClock", "Tick", 0, 0, 0, 1, "period", "0.0371", NULL);
  OrrBlock *hold_hermite = add_block (model, "SampleHold", "HoldHermite", 1, 1, 1, 0, NULL);
  OrrBlock *hold_linear = add_block (model, "SampleHold", "HoldLinear", 1, 1, 1, 0, NULL);
  OrrBlock *sampled = add_block (model, "Scope", "Sampled", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r, *ticks;
  double worst[4];
  gboolean at_one = FALSE;

  /* The delays come first in the model and do not read their input at
   * once, so they run before their source. */
  link_data (model, sine, 1, hermite, 1);
  link_data (model, sine, 1, linear, 1);
  link_data (model, hermite, 1, scope, 1);
  link_data (model, linear, 1, scope, 2);
  link_data (model, hermite, 1, hold_hermite, 1);
  link_data (model, linear, 1, hold_linear, 1);
  link_event (model, clock, 1, hold_hermite, 1);
  link_event (model, clock, 1, hold_linear, 1);
  link_data (model, hold_hermite, 1, sampled, 1);
  link_data (model, hold_linear, 1, sampled, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Delayed");
  ticks = recording (run, "Sampled");
  worst[0] = worst_error (r, 0, delayed_sine_expected, NULL, 0, 0);
  worst[1] = worst_error (r, 1, delayed_sine_expected, NULL, 0, 0);
  worst[2] = worst_error (ticks, 0, delayed_sine_expected, NULL, 0, 0);
  worst[3] = worst_error (ticks, 1, delayed_sine_expected, NULL, 0, 0);
  g_test_message ("largest errors %.3g (Hermite), %.3g (linear) over %u samples; %.3g, %.3g "
                  "over %u ticks",
                  worst[0], worst[1], r->t->len, worst[2], worst[3], ticks->t->len);
  g_assert_cmpuint (ticks->t->len, ==, 270);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat (worst[k], <, 1e-4);
  /* the surface stopped the solver at t = 1 */
  for (guint i = 0; i < r->t->len; i++)
    at_one |= fabs (T (r, i) - 1) < 1e-9;
  g_assert_true (at_one);
}

/* A loop closed through the delay, y(t) = 1 - y(t - 1), y = 0 before 1 s:
 * it compiles (no algebraic loop), and y is 1 on [1, 2), 0 on [2, 3) and
 * so on; checked within 1e-6 away from the jumps, where interpolation
 * smooths the edge over one step (max step 0.01). */
static double
alternating_expected (double t, int channel)
{
  return t < 1 ? 0 : ((int)floor (t)) % 2 == 1 ? 1 : 0;
}

static void
test_transport_delay_loop (void)
{
  g_autoptr (OrrModel) model = new_precise_model (6, 0.01);
  OrrBlock *delay = add_block (model, "TransportDelay", "Delay", 1, 1, 0, 0, "delay", "1", NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  const double jumps[] = { 1, 2, 3, 4, 5, 6 };
  g_autoptr (Run) run = NULL;
  double worst;

  link_data (model, one, 1, sum, 1);
  link_data (model, sum, 1, delay, 1);
  link_data (model, delay, 1, sum, 2);
  link_data (model, delay, 1, scope, 1);
  run = run_model_ok (model, &setup);
  worst = worst_error (recording (run, "Out"), 0, alternating_expected, jumps, G_N_ELEMENTS (jumps),
                       0.05);
  g_test_message ("largest error %.3g", worst);
  g_assert_cmpfloat (worst, <, 1e-6);
}

/* The delay differential equation x'(t) = -x(t - 1), x = 1 up to t = 0,
 * as Integrator -> TransportDelay -> Gain -1 -> Integrator, the delay first
 * in the model so that it runs before the integrator that feeds it. By the
 * method of steps x is a polynomial p_k(t - k) on [k, k + 1]:
 * p_0(s) = 1 - s and p_(k+1)(s) = p_k(1) - int_0^s p_k. Within 1e-6 (max
 * step 0.01, Hermite). */
#define DDE_PIECES 5

static double
dde_expected (double t, int channel)
{
  double p[DDE_PIECES + 2] = { 1, -1 }, value = 0, s;
  int k = MIN ((int)floor (t), DDE_PIECES - 1);

  for (int piece = 0; piece < k; piece++)
    {
      double at_one = 0, next[DDE_PIECES + 2] = { 0 };

      for (int i = 0; i <= DDE_PIECES; i++)
        at_one += p[i];
      next[0] = at_one;
      for (int i = 0; i <= DDE_PIECES; i++)
        next[i + 1] = -p[i] / (i + 1);
      memcpy (p, next, sizeof p);
    }
  s = t - k;
  for (int i = DDE_PIECES + 1; i >= 0; i--)
    value = value * s + p[i];
  return t < 0 ? 1 : value;
}

static void
test_transport_delay_dde (void)
{
  g_autoptr (OrrModel) model = new_precise_model (DDE_PIECES, 0.01);
  OrrBlock *delay
    = add_block (model, "TransportDelay", "Delay", 1, 1, 0, 0, "delay", "1", "init", "1", NULL);
  OrrBlock *state = add_block (model, "Integrator", "State", 1, 1, 0, 0, "x0", "1", NULL);
  OrrBlock *minus = add_block (model, "Gain", "Minus", 1, 1, 0, 0, "gain", "-1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double worst;

  g_assert_cmpfloat_with_epsilon (dde_expected (2, 0), -0.5, 1e-15);
  link_data (model, state, 1, delay, 1);
  link_data (model, delay, 1, minus, 1);
  link_data (model, minus, 1, state, 1);
  link_data (model, state, 1, scope, 1);
  run = run_model_ok (model, &setup);
  worst = worst_error (recording (run, "Out"), 0, dde_expected, NULL, 0, 0);
  g_test_message ("largest error %.3g", worst);
  g_assert_cmpfloat (worst, <, 1e-6);
}

/* sin t delayed by d(t) = 0.5 + 0.25 sin 2t: sin (t - d(t)) once
 * t - d(t) >= 0, and the initial 0 before. Within 1e-4 (max step 0.01). */
static double
variable_expected (double t, int channel)
{
  double d = 0.5 + 0.25 * sin (2 * t);

  return t - d < 0 ? 0 : sin (t - d);
}

static void
test_variable_delay_sine (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0.01);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *delay_signal = add_block (model, "TestSine", "Delay", 0, 1, 0, 0, "amplitude", "0.25",
                                      "omega", "2", "bias", "0.5", NULL);
  OrrBlock *delay = add_block (model, "VariableDelay", "Variable", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double worst;

  link_data (model, sine, 1, delay, 1);
  link_data (model, delay_signal, 1, delay, 2);
  link_data (model, delay, 1, scope, 1);
  run = run_model_ok (model, &setup);
  worst = worst_error (recording (run, "Out"), 0, variable_expected, NULL, 0, 0);
  g_test_message ("largest error %.3g", worst);
  g_assert_cmpfloat (worst, <, 1e-4);
}

/* Steps to [1; -1] from [0; 0], rising 0.5, falling -2, Td = 0.01: each
 * element moves at its limit L, x = L t, until (u - x)/Td = L at
 * t1 = (u - L Td)/L, then tracks, x = u - L Td e^(-(t - t1)/Td). Within
 * 1e-6. */
static double
rate_expected (double t, int channel)
{
  double u = channel == 0 ? 1 : -1, limit = channel == 0 ? 0.5 : -2, td = 0.01;
  double t1 = (u - limit * td) / limit;

  return t <= t1 ? limit * t : u - limit * td * exp (-(t - t1) / td);
}

/* sin t through a play of width 0.5 from y = 0: still until sin t = 0.25,
 * then sin t - 0.25 up to the top (0.75 at pi/2), held until
 * sin t + 0.25 = 0.75 at 5pi/6, then sin t + 0.25 down to -0.75 at 3pi/2,
 * held until sin t - 0.25 = -0.75 at 11pi/6, then sin t - 0.25. The
 * engagement after rest is located to 1e-8; the turning points only to
 * within a step h of the extremum, so the held value may miss the top by
 * h^2/2: 5e-7 with a max step of 1e-3, hence 1e-6 elsewhere. */
static double
backlash_expected (double t, int channel)
{
  if (t <= asin (0.25))
    return 0;
  if (t <= G_PI / 2)
    return sin (t) - 0.25;
  if (t <= 5 * G_PI / 6)
    return 0.75;
  if (t <= 1.5 * G_PI)
    return sin (t) + 0.25;
  if (t <= 11 * G_PI / 6)
    return -0.75;
  return sin (t) - 0.25;
}

static void
test_backlash_sine (void)
{
  g_autoptr (OrrModel) model = new_precise_model (7, 1e-3);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *backlash = add_block (model, "Backlash", "Play", 1, 1, 0, 0, "width", "0.5", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double worst, engaged = NAN;

  link_data (model, sine, 1, backlash, 1);
  link_data (model, backlash, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  worst = worst_error (r, 0, backlash_expected, NULL, 0, 0);
  /* the last point still at rest is the located engagement */
  for (guint i = 0; i < r->t->len && T (r, i) < 1; i++)
    if (V (r, i, 0) <= 1e-12)
      engaged = T (r, i);
  g_test_message ("largest error %.3g, engaged at %.12f", worst, engaged);
  g_assert_cmpfloat (worst, <, 1e-6);
  g_assert_cmpfloat_with_epsilon (engaged, asin (0.25), 1e-8);
}

/* sin t through a relay switching on at 0.5 and off at -0.5: on at pi/6,
 * off at 7pi/6, on at 13pi/6, off at 19pi/6, each located within 1e-8. */
static void
test_hysteresis_sine (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *relay = add_block (model, "Hysteresis", "Relay", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  const double expected[] = { G_PI / 6, 7 * G_PI / 6, 13 * G_PI / 6, 19 * G_PI / 6 };
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint n = 0;

  link_data (model, sine, 1, relay, 1);
  link_data (model, relay, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpfloat (V (r, 0, 0), ==, 0);
  for (guint i = 1; i < r->t->len; i++)
    if (V (r, i, 0) != V (r, i - 1, 0))
      {
        g_test_message ("switched to %g at %.12f", V (r, i, 0), T (r, i));
        g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
        g_assert_cmpfloat (V (r, i, 0), ==, n % 2 == 0 ? 1 : 0);
        g_assert_cmpfloat_with_epsilon (T (r, i), expected[n], 1e-8);
        n++;
      }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
}

/* x' = -x from 1, reset to 2 by an event at t = 1: e^-t, then
 * 2 e^-(t - 1). Within 1e-6, away from the jump. */
static double
jump_expected (double t, int channel)
{
  return t < 1 ? exp (-t) : 2 * exp (-(t - 1));
}

static void
test_jump_state_space_model (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *jump = add_block (model, "JumpStateSpace", "Decay", 2, 1, 1, 0, "x0", "1", NULL);
  OrrBlock *reset = add_block (model, "Constant", "Reset", 0, 1, 0, 0, "value", "2", NULL);
  OrrBlock *event = add_block (model, "EventGenerate", "At1", 0, 0, 0, 1, "time", "1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  const double at[] = { 1 };
  g_autoptr (Run) run = NULL;
  Recording *r;
  double worst;
  guint after = 0;

  link_data (model, reset, 1, jump, 2);
  link_event (model, event, 1, jump, 1);
  link_data (model, jump, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  worst = worst_error (r, 0, jump_expected, at, 1, 1e-12);
  for (guint i = 0; i < r->t->len; i++)
    after += T (r, i) > 1;
  g_test_message ("largest error %.3g", worst);
  g_assert_cmpuint (after, >, 10);
  g_assert_cmpfloat (worst, <, 1e-6);
}

/* ---- one block's response, case by case -------------------------------------------- */

/* A block driven by one source (or by nothing: its input stays
 * unconnected) into a scope, every recorded channel within `tolerance` of
 * the analytic response at every recorded point. */
typedef struct
{
  const char *path;
  double final_time, max_step;
  const char *source;           /* block type, or NULL */
  const char *source_params[3]; /* name, value, ..., NULL */
  const char *block;            /* block type */
  const char *block_params[13]; /* name, value, ..., NULL */
  int channels;
  Expected expected;
  double tolerance;
  guint more_samples_than;
} ResponseCase;

static const ResponseCase response_cases[] = {
  /* u = cos t into an Integrator limited to [-0.5, 0.5] (limited_expected) */
  { "/continuous/integrator/limited/model",
    9,
    0,
    "TestSine",
    { "phase", "pi/2" },
    "Integrator",
    { "limited", "1", "upper", "0.5", "lower", "-0.5" },
    1,
    limited_expected,
    1e-6,
    0 },
  /* 1/(s+1) after a unit step; the block holds the only states, so the
   * solver uses its analytic Jacobian */
  { "/continuous/transfer-function/lag",
    10,
    0,
    "Constant",
    { "value", "1" },
    "TransferFunction",
    { "num", "1", "den", "[1 1]" },
    1,
    lag_expected,
    1e-6,
    50 },
  /* the damped mass-spring from x = 1, v = 0, no input */
  { "/continuous/state-space/spring",
    10,
    0,
    NULL,
    { NULL },
    "StateSpace",
    { "A", "[0 1; -4 -0.4]", "B", "[0; 1]", "C", "[1 0; 0 1]", "D", "0", "x0", "[1; 0]" },
    2,
    spring_expected,
    1e-6,
    0 },
  /* steps to [1; -1] through rising 0.5, falling -2, Td = 0.01 */
  { "/continuous/rate-limiter/steps",
    4,
    0,
    "Constant",
    { "value", "[1; -1]" },
    "RateLimiter",
    { "rising", "0.5", "falling", "-2", "Td", "0.01", "y0", "[0; 0]" },
    2,
    rate_expected,
    1e-6,
    0 },
};

static void
set_params (OrrModel *model, OrrBlock *block, const char *const *params)
{
  for (int i = 0; params[i] != NULL; i += 2)
    orr_model_set_param (model, block, params[i], params[i + 1]);
}

static void
test_response (gconstpointer data)
{
  const ResponseCase *c = data;
  g_autoptr (OrrModel) model = new_precise_model (c->final_time, c->max_step);
  OrrBlock *block = add_block (model, c->block, "Block", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_params (model, block, c->block_params);
  if (c->source != NULL)
    {
      OrrBlock *source = add_block (model, c->source, "Source", 0, 1, 0, 0, NULL);

      set_params (model, source, c->source_params);
      link_data (model, source, 1, block, 1);
    }
  link_data (model, block, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, c->more_samples_than);
  for (int j = 0; j < c->channels; j++)
    {
      double worst = worst_error (r, j, c->expected, NULL, 0, 0);

      g_test_message ("channel %d: largest error %.3g over %u samples", j, worst, r->t->len);
      g_assert_cmpfloat (worst, <, c->tolerance);
    }
}

/* The loop y = 1 - 0.5 y, which alone is an algebraic loop, closed
 * through a Loopbreaker (tau = 0.01): its output x obeys
 * x' = (1 - 0.5 x - x) / tau, so x = 2/3 (1 - e^(-1.5 t / tau)), which
 * settles on the loop's solution 2/3. Checked at every recorded point to
 * 1e-6 (the run's tolerances are 1e-10 relative, 1e-12 absolute). */
static void
test_loopbreaker_loop (void)
{
  g_autoptr (OrrModel) model = new_precise_model (0.1, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *half = add_block (model, "Gain", "Half", 1, 1, 0, 0, "gain", "0.5", NULL);
  OrrBlock *lb = add_block (model, "Loopbreaker", "LB", 1, 1, 0, 0, "tau", "0.01", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, one, 1, sum, 1);
  link_data (model, half, 1, sum, 2);
  link_data (model, sum, 1, lb, 1);
  link_data (model, lb, 1, half, 1);
  link_data (model, lb, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 50);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat_with_epsilon (V (r, k, 0), 2.0 / 3 * (1 - exp (-150 * T (r, k))), 1e-6);
  g_assert_cmpfloat_with_epsilon (V (r, r->t->len - 1, 0), 2.0 / 3, 1e-6);
}

/* ContPoleZero with poles -1 +- 2i and gain 5 (5 / (s^2 + 2 s + 5),
 * unit DC gain) on a unit step: y = 1 - e^-t (cos 2t + sin(2t) / 2),
 * to 1e-6 at every recorded point over [0, 5]. */
static void
test_cont_pole_zero_step (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *pz = add_block (model, "ContPoleZero", "PZ", 1, 1, 0, 0, "poles", "[-1+2i -1-2i]",
                            "gain", "5", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, one, 1, pz, 1);
  link_data (model, pz, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 50);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = T (r, k);

      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 1 - exp (-t) * (cos (2 * t) + sin (2 * t) / 2),
                                      1e-6);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (response_cases); i++)
    g_test_add_data_func (response_cases[i].path, &response_cases[i], test_response);

  g_test_add_func ("/continuous/derivative/model", test_derivative_model);
  g_test_add_func ("/continuous/transfer-function/orders", test_transfer_function_orders);
  g_test_add_func ("/continuous/pid/loop", test_pid_loop);
  g_test_add_func ("/continuous/pid/derivative", test_pid_derivative);
  g_test_add_func ("/continuous/transport-delay/sine", test_transport_delay_sine);
  g_test_add_func ("/continuous/transport-delay/loop", test_transport_delay_loop);
  g_test_add_func ("/continuous/transport-delay/dde", test_transport_delay_dde);
  g_test_add_func ("/continuous/variable-delay/sine", test_variable_delay_sine);
  g_test_add_func ("/continuous/backlash/sine", test_backlash_sine);
  g_test_add_func ("/continuous/hysteresis/sine", test_hysteresis_sine);
  g_test_add_func ("/continuous/jump-state-space/model", test_jump_state_space_model);

  g_test_add_func ("/continuous/loopbreaker/loop", test_loopbreaker_loop);
  g_test_add_func ("/continuous/cont-pole-zero/step", test_cont_pole_zero_step);
  return g_test_run ();
}
