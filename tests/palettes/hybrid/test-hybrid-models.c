/* test-hybrid-models.c: the Hybrid palette's blocks in DAE runs (IDA,
 * chosen automatically for implicit blocks), against SEMANTICS.md
 * section 9 and closed forms; tolerances are stated with each test. */
#include "model-run.h"

#include <math.h>

/* The bouncing ball as a one-mode Automaton: x = [h; v], F = [-h' + v;
 * -v' - 9.81], Reset = [h; -0.9 v], one jump function -h (it turns
 * positive when the ball goes below the floor) leading back to mode 1.
 * A Counter on the transition events sees the impacts at 1.42784,
 * 3.99796, 6.31107 and 8.39286 s (1e-4), and h never goes visibly below
 * the floor. */
static void
test_automaton_bouncing_ball (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  OrrBlock *ball = add_block (model, "Automaton", "Ball", 1, 2, 0, 1, "modes", "1", "targets", "1",
                              "x0", "[10; 0]", NULL);
  OrrBlock *mode
    = add_block (model, "MatrixExpression", "Mode", 1, 1, 0, 0, "sizes", "[4 1]", "expression",
                 "'[-u1(3) + u1(2); -u1(4) - 9.81; u1(1); -0.9*u1(2); -u1(1)]'", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *impacts = add_block (model, "Scope", "Impacts", 1, 0, 0, 0, NULL);
  OrrBlock *height = add_block (model, "Scope", "Height", 1, 0, 0, 0, NULL);
  OrrBlock *demux = add_block (model, "Demux", "Demux", 1, 4, 0, 0, "outputs", "4", NULL);
  g_autoptr (Run) run = NULL;
  const double expected[] = { 1.42784, 3.99796, 6.31107, 8.39286 };
  Recording *r;

  link_data (model, ball, 2, mode, 1);
  link_data (model, mode, 1, ball, 1);
  link_event (model, ball, 1, count, 1);
  link_data (model, count, 1, impacts, 1);
  link_data (model, ball, 2, demux, 1);
  link_data (model, demux, 1, height, 1);
  run = run_model_ok (model, NULL);
  r = recording (run, "Impacts");
  g_assert_cmpuint (r->t->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      g_test_message ("impact %u at %.6f", k + 1, T (r, k));
      g_assert_cmpfloat_with_epsilon (T (r, k), expected[k], 1e-4);
    }
  r = recording (run, "Height");
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat (V (r, k, 0), >, -1e-6);
}

/* A thermostat as a two-mode Automaton: heating x' = 30 - x until x > 22
 * (mode 2), cooling x' = 10 - x until x < 18 (mode 1), x(0) = 15. By
 * hand: the first switch at ln(15/8), then every ln(12/8) = ln 1.5; the
 * mode output alternates 2, 1, 2 ... and x follows the exponentials
 * (1e-6 between the switches, 1e-5 on the switch times). */
static void
test_automaton_thermostat (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *thermo = add_block (model, "Automaton", "Thermo", 2, 2, 0, 1, "modes", "2", "targets",
                                "[2; 1]", "x0", "15", "xproperties", "1", NULL);
  OrrBlock *heat = add_block (model, "MatrixExpression", "Heat", 1, 1, 0, 0, "sizes", "[2 1]",
                              "expression", "'[-u1(2) + 30 - u1(1); u1(1); u1(1) - 22]'", NULL);
  OrrBlock *cool = add_block (model, "MatrixExpression", "Cool", 1, 1, 0, 0, "sizes", "[2 1]",
                              "expression", "'[-u1(2) + 10 - u1(1); u1(1); 18 - u1(1)]'", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *switches = add_block (model, "Scope", "Switches", 1, 0, 0, 0, NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 2, 1, 0, 0, "inputs", "[2 2]", NULL);
  OrrBlock *state = add_block (model, "Scope", "State", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double t1 = log (15.0 / 8), p = log (1.5);

  link_data (model, thermo, 2, heat, 1);
  link_data (model, thermo, 2, cool, 1);
  link_data (model, heat, 1, thermo, 1);
  link_data (model, cool, 1, thermo, 2);
  link_event (model, thermo, 1, count, 1);
  link_data (model, count, 1, switches, 1);
  link_data (model, thermo, 1, mux, 1);
  link_data (model, thermo, 2, mux, 2);
  link_data (model, mux, 1, state, 1);
  run = run_model_ok (model, NULL);

  /* switches at t1, t1 + p, t1 + 2p ... up to 5 s */
  r = recording (run, "Switches");
  g_assert_cmpuint (r->t->len, ==, (guint)floor ((5 - t1) / p) + 1);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat_with_epsilon (T (r, k), t1 + k * p, 1e-5);

  r = recording (run, "State");
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = T (r, k), x;
      int mode;

      if (t < t1 - 1e-4)
        mode = 1, x = 30 - 15 * exp (-t);
      else
        {
          double since = t - t1;
          int n = (int)floor (since / p + 1e-9);
          double tau = since - n * p;

          if (fabs (tau) < 1e-4 || fabs (tau - p) < 1e-4)
            continue; /* at a switch: either side */
          mode = n % 2 == 0 ? 2 : 1;
          x = mode == 2 ? 10 + 12 * exp (-tau) : 30 - 12 * exp (-tau);
        }
      g_assert_cmpfloat (V (r, k, 0), ==, mode);
      g_assert_cmpfloat_with_epsilon (V (r, k, 2), x, 1e-6);
    }
}

/* ImplicitDerivative of sin t, started with its derivative 1: the DAE
 * solver's x' is cos t (1e-4: IDA's derivative of an algebraic component
 * is its BDF formula's, of the order of its local error). */
static void
test_implicit_derivative (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *sine
    = add_block (model, "MathExpression", "Sin", 1, 1, 0, 0, "expression", "'sin(u1)'", NULL);
  OrrBlock *d = add_block (model, "ImplicitDerivative", "D", 1, 1, 0, 0, "xd0", "1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double worst = 0;

  link_data (model, time, 1, sine, 1);
  link_data (model, sine, 1, d, 1);
  link_data (model, d, 1, scope, 1);
  link_data (model, time, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 1; k < r->t->len; k++)
    worst = MAX (worst, fabs (V (r, k, 0) - cos (V (r, k, 1))));
  g_test_message ("largest error of x' against cos t: %g", worst);
  g_assert_cmpfloat (worst, <, 1e-4);
}

/* Constraint closing y -> y^3 + y - (2 + t) -> back: y is the real root
 * of y^3 + y = 2 + t, which Newton's method finds here (1e-8); it starts
 * at y = 1 with the rate 1 / (3 y^2 + 1) = 0.25. */
static void
test_constraint (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *f = add_block (model, "MathExpression", "F", 2, 1, 0, 0, "inputs", "2", "expression",
                           "'u1^3 + u1 - (2 + u2)'", NULL);
  OrrBlock *c = add_block (model, "Constraint", "C", 1, 1, 0, 0, "y0", "1", "yd0", "0.25", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, c, 1, f, 1);
  link_data (model, time, 1, f, 2);
  link_data (model, f, 1, c, 1);
  link_data (model, c, 1, scope, 1);
  link_data (model, time, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = V (r, k, 1), y = 1;

      for (int i = 0; i < 50; i++)
        y -= (y * y * y + y - 2 - t) / (3 * y * y + 1);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), y, 1e-8);
    }
}

/* The pendulum swing-up of seed 000, section 17.3.1, with mgl/J = 1,
 * u_m = g/4 and x(0) = [pi; 0] (x1 the angle from the top, x2 its rate),
 * as a four-mode Automaton: x2' = sin x1 - (u/g) cos x1 with
 *   mode 1: u = +u_m, to mode 3 when the energy E = x2^2/2 + cos x1 - 1
 *           turns positive, to mode 2 when -beta does;
 *   mode 2: u = -u_m, to mode 3 on E, to mode 1 when beta turns positive;
 *           (modes 1 and 2 are the bang-bang law u = u_m sign(beta),
 *           beta = E x2 cos x1, which drives E up to 0; E is listed first:
 *           beta changes sign with E, and the first jump function that
 *           crosses wins);
 *   mode 3: u = 0, coasting on E = 0, to mode 4 when cos x1 > 0.9;
 *   mode 4: u = g (sin x1 + w + x2) / cos x1, w the angle wrapped to
 *           (-pi, pi], which makes w'' + w' + w = 0.
 * Checked: the modes only go 1 <-> 2, then 3, then 4; at the switch to
 * mode 3 the energy is 0 (1e-6, a located crossing); in mode 4 the angle
 * follows the closed form of w'' + w' + w = 0 from its entry state
 * (1e-5), and it ends upright (|w|, |x2| < 1e-3 at 40 s). */
static void
test_automaton_swing_up (void)
{
  g_autoptr (OrrModel) model = new_precise_model (40, 0);
  const char *e = "(u1(2)^2/2 + cos(u1(1)) - 1)";
  const char *beta = "(u1(2)^2/2 + cos(u1(1)) - 1)*u1(2)*cos(u1(1))";
  g_autofree char *m1 = g_strdup_printf (
    "'[-u1(3) + u1(2); -u1(4) + sin(u1(1)) - 0.25*cos(u1(1)); u1(1); u1(2); %s; -%s]'", e, beta);
  g_autofree char *m2 = g_strdup_printf (
    "'[-u1(3) + u1(2); -u1(4) + sin(u1(1)) + 0.25*cos(u1(1)); u1(1); u1(2); %s; %s]'", e, beta);
  const char *m3 = "'[-u1(3) + u1(2); -u1(4) + sin(u1(1)); u1(1); u1(2); cos(u1(1)) - 0.9]'";
  const char *m4 = "'[-u1(3) + u1(2); -u1(4) - atan2(sin(u1(1)), cos(u1(1))) - u1(2); "
                   "u1(1); u1(2)]'";
  const char *exprs[] = { m1, m2, m3, m4 };
  OrrBlock *pendulum
    = add_block (model, "Automaton", "Pendulum", 4, 2, 0, 1, "modes", "4", "targets",
                 "[3 2; 3 1; 4 0; 0 0]", "x0", "[pi; 0]", "xproperties", "[1 1]", NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 2, 1, 0, 0, "inputs", "[2 4]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  int mode = 1, previous = 1;
  double t4 = -1, w4 = 0, v4 = 0;
  guint last;

  for (int i = 0; i < 4; i++)
    {
      g_autofree char *label = g_strdup_printf ("Mode%d", i + 1);
      OrrBlock *sub = add_block (model, "MatrixExpression", label, 1, 1, 0, 0, "sizes", "[4 1]",
                                 "expression", exprs[i], NULL);

      link_data (model, pendulum, 2, sub, 1);
      link_data (model, sub, 1, pendulum, i + 1);
    }
  link_data (model, pendulum, 1, mux, 1);
  link_data (model, pendulum, 2, mux, 2);
  link_data (model, mux, 1, scope, 1);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  for (guint k = 0; k < r->t->len; k++)
    {
      int now = (int)V (r, k, 0);
      double x1 = V (r, k, 2), x2 = V (r, k, 3), w = atan2 (sin (x1), cos (x1));

      if (now != mode)
        {
          g_test_message ("t = %.6f: mode %d -> %d, E = %.3g", T (r, k), mode, now,
                          x2 * x2 / 2 + cos (x1) - 1);
          g_assert_true ((mode <= 2 && now <= 3) || (mode == 3 && now == 4));
          if (now == 3)
            g_assert_cmpfloat_with_epsilon (x2 * x2 / 2 + cos (x1) - 1, 0, 1e-6);
          if (now == 4)
            t4 = T (r, k), w4 = w, v4 = x2;
          previous = mode;
          mode = now;
        }
      if (t4 >= 0 && T (r, k) > t4)
        {
          double tau = T (r, k) - t4, om = sqrt (3) / 2;
          double expected
            = exp (-tau / 2) * (w4 * cos (om * tau) + (v4 + w4 / 2) / om * sin (om * tau));

          g_assert_cmpfloat_with_epsilon (w, expected, 1e-5);
        }
    }
  g_assert_cmpint (mode, ==, 4);
  g_assert_cmpint (previous, ==, 3);
  last = r->t->len - 1;
  g_assert_cmpfloat (fabs (atan2 (sin (V (r, last, 2)), cos (V (r, last, 2)))), <, 1e-3);
  g_assert_cmpfloat (fabs (V (r, last, 3)), <, 1e-3);
}

/* ---- LastInput ------------------------------------------------------------- */

/* An Integrator of 1 reset to 0 every second (a sawtooth), and a
 * LastInput on the same clock reading it: at each tick k >= 1 it shows
 * the ramp's left limit, 1 (1e-9), never the 0 it jumped to; at t = 0,
 * the start value 0. A Counter on the clock, whose output changes in the
 * event itself, shows through a second LastInput as the count of the
 * tick before (k at tick k, exactly). */
static void
test_last_input_sawtooth (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *previous = add_block (model, "LastInput", "Previous", 1, 1, 1, 0, NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *zero = add_block (model, "Constant", "Zero", 0, 1, 0, 0, "value", "0", NULL);
  OrrBlock *ramp = add_block (model, "Integrator", "Ramp", 2, 1, 1, 0, "reinit", "1", NULL);
  OrrBlock *last = add_block (model, "LastInput", "Last", 1, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, one, 1, ramp, 1);
  link_data (model, zero, 1, ramp, 2);
  link_event (model, clock, 1, ramp, 1);
  link_event (model, clock, 1, last, 1);
  link_event (model, clock, 1, counter, 1);
  link_event (model, clock, 1, previous, 1);
  link_data (model, ramp, 1, last, 1);
  link_data (model, counter, 1, previous, 1);
  link_data (model, last, 1, scope, 1);
  link_data (model, previous, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 6);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), k, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), k == 0 ? 0 : 1, 1e-9);
      g_assert_cmpfloat (V (r, k, 1), ==, k);
    }
}

/* An Integrator of 1 (x = t) re-initialised at t = 1 from LastInput of
 * g = x + Step(1: 0 to 10), a signal that jumps at that very time: the
 * left limit is 1, so x stays t (1e-8 at t = 2 and 3); re-initialised
 * from g after its jump it would be t + 10. The Step's jump and the reset
 * come from two sources at t = 1, in whatever order they fire. */
static void
test_last_input_reinit (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *once
    = add_block (model, "SampleClock", "Once", 0, 0, 0, 1, "period", "100", "offset", "1", NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *x = add_block (model, "Integrator", "X", 2, 1, 1, 0, "reinit", "1", NULL);
  OrrBlock *step
    = add_block (model, "Step", "Step", 0, 1, 0, 0, "step_time", "1", "final", "10", NULL);
  OrrBlock *sum = add_block (model, "Sum", "G", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *last = add_block (model, "LastInput", "Last", 1, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  gboolean seen2 = FALSE, seen3 = FALSE;

  link_data (model, one, 1, x, 1);
  link_data (model, x, 1, sum, 1);
  link_data (model, step, 1, sum, 2);
  link_data (model, sum, 1, last, 1);
  link_event (model, once, 1, last, 1);
  link_data (model, last, 1, x, 2);
  link_event (model, once, 1, x, 1);
  link_data (model, x, 1, scope, 1);
  link_data (model, sum, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = T (r, k);

      g_assert_cmpfloat_with_epsilon (V (r, k, 0), t, 1e-8);
      if (fabs (t - 2) < 1e-9)
        seen2 = TRUE;
      if (fabs (t - 3) < 1e-9)
        {
          seen3 = TRUE;
          /* the signal did jump: g = x + 10 */
          g_assert_cmpfloat_with_epsilon (V (r, k, 1), 13, 1e-8);
        }
    }
  g_assert_true (seen3);
  (void)seen2;
}

/* Inheriting a Counter's clock (1, 2, 3 ... at 0, 0.1, 0.2 ...), LastInput
 * outputs the count of the previous tick, k at tick k (0 before the
 * first), exactly: a discrete signal's left limit at its own event. */
static void
test_last_input_inherited (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *last = add_block (model, "LastInput", "Last", 1, 1, 0, 0, "external", "0", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, counter, 1);
  link_data (model, counter, 1, last, 1);
  link_data (model, last, 1, scope, 1);
  link_data (model, counter, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat (V (r, k, 1), ==, k + 1);
      g_assert_cmpfloat (V (r, k, 0), ==, k);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hybrid-models/automaton-bouncing-ball", test_automaton_bouncing_ball);
  g_test_add_func ("/hybrid-models/automaton-thermostat", test_automaton_thermostat);
  g_test_add_func ("/hybrid-models/automaton-swing-up", test_automaton_swing_up);
  g_test_add_func ("/hybrid-models/implicit-derivative", test_implicit_derivative);
  g_test_add_func ("/hybrid-models/constraint", test_constraint);

  g_test_add_func ("/hybrid-models/last-input/sawtooth", test_last_input_sawtooth);
  g_test_add_func ("/hybrid-models/last-input/reinit", test_last_input_reinit);
  g_test_add_func ("/hybrid-models/last-input/inherited", test_last_input_inherited);
  return g_test_run ();
}
