/* test-math-models.c: the Math palette's blocks in small simulated models,
 * for what only shows over time: the kinks and jumps of Saturation,
 * DeadZone, MinMax, Sign, Abs, Rounding and RelationalOperator located by
 * their surfaces, so that integrals of their outputs come out as the
 * analytic values; formulas and matrix blocks wired to each other; a
 * singular matrix stopping a run. The input is an exact sine written by a
 * test block (no integration error of its own). Expected values are worked
 * out by hand in each test; tolerances are stated. */
#include "model-run.h"
#include "test-sine.h"

#include <math.h>
#include <string.h>

/* The standard blocks and an exact sine source. */
static const OrrBlockClass *const test_classes[] = { &test_sine_class, NULL };
static const RunSetup setup = { .classes = test_classes };

static OrrBlock *
add_sine (OrrModel *model, const char *label, const char *amplitude, const char *phase)
{
  return add_block (model, "TestSine", label, 0, 1, 0, 0, "amplitude", amplitude, "phase", phase,
                    NULL);
}

/* block -> Integrator "Area" -> Scope "AreaScope"; returns the integral at
 * the final time. */
static double
integral_of (OrrModel *model, OrrBlock *block, Run **out)
{
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "AreaScope", 1, 0, 0, 0, NULL);
  Recording *r;
  Run *run;

  link_data (model, block, 1, area, 1);
  link_data (model, area, 1, scope, 1);
  run = run_model (model, &setup);
  g_assert_true (run->ok);
  r = recording (run, "AreaScope");
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, orr_model_get_settings (model)->final_time);
  *out = run;
  return V (r, r->t->len - 1, 0);
}

/* ---- the tests ------------------------------------------------------------------- */

/* sat(sin t) between -0.25 and 0.5 over [0, 2 pi]. The first half clips at
 * 0.5 on [pi/6, 5pi/6]: 2 (1 - cos(pi/6)) + 0.5 * 2pi/3 = 2 - sqrt 3 + pi/3.
 * The second half clips at -0.25 on [pi + a, 2pi - a], a = asin 0.25:
 * 2 (cos a - 1) - 0.25 (pi - 2a). Four crossings, each located (1e-6 on
 * the integral). */
static void
test_saturation_integral (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2 * G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *sat = add_block (model, "Saturation", "Sat", 1, 1, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double a = asin (0.25);
  double expected = 2 - sqrt (3) + G_PI / 3 + 2 * (cos (a) - 1) - 0.25 * (G_PI - 2 * a);
  double got;

  orr_model_set_param (model, sat, "upper", "0.5");
  orr_model_set_param (model, sat, "lower", "-0.25");
  link_data (model, sine, 1, sat, 1);
  got = integral_of (model, sat, &run);
  g_test_message ("integral %.12f, expected %.12f, %" G_GUINT64_FORMAT " crossings", got, expected,
                  run->stats.zero_crossings);
  g_assert_cmpfloat_with_epsilon (got, expected, 1e-6);
  g_assert_cmpuint (run->stats.zero_crossings, ==, 4);
}

/* The same saturation of sin t by ControlledSaturation with the limits
 * on its inputs (Constants 0.5 and -0.25): the same integral (1e-6) and
 * the same four crossings. */
static void
test_controlled_saturation_integral (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2 * G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *hi = add_block (model, "Constant", "Hi", 0, 1, 0, 0, "value", "0.5", NULL);
  OrrBlock *lo = add_block (model, "Constant", "Lo", 0, 1, 0, 0, "value", "-0.25", NULL);
  OrrBlock *sat = add_block (model, "ControlledSaturation", "Sat", 3, 1, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double a = asin (0.25);
  double expected = 2 - sqrt (3) + G_PI / 3 + 2 * (cos (a) - 1) - 0.25 * (G_PI - 2 * a);
  double got;

  link_data (model, hi, 1, sat, 1);
  link_data (model, sine, 1, sat, 2);
  link_data (model, lo, 1, sat, 3);
  got = integral_of (model, sat, &run);
  g_assert_cmpfloat_with_epsilon (got, expected, 1e-6);
  g_assert_cmpuint (run->stats.zero_crossings, ==, 4);
}

/* Quantization (step 0.25, nearest level) of sin t over [0, pi]: the
 * staircase is 0.25 times the number of levels c = 0.125, 0.375, 0.625,
 * 0.875 that sin t is above, and sin t > c on [0, pi] for pi - 2 asin c
 * seconds, so the integral is 0.25 sum (pi - 2 asin c) (1e-6); each
 * level is crossed once going up and once coming down: 8 crossings. */
static void
test_quantization_integral (void)
{
  g_autoptr (OrrModel) model = new_precise_model (G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *q = add_block (model, "Quantization", "Q", 1, 1, 0, 0, "step", "0.25", NULL);
  g_autoptr (Run) run = NULL;
  double expected = 0, got;

  for (int j = 0; j < 4; j++)
    expected += 0.25 * (G_PI - 2 * asin (0.125 + 0.25 * j));
  link_data (model, sine, 1, q, 1);
  got = integral_of (model, q, &run);
  g_test_message ("integral %.12f, expected %.12f, %" G_GUINT64_FORMAT " crossings", got, expected,
                  run->stats.zero_crossings);
  g_assert_cmpfloat_with_epsilon (got, expected, 1e-6);
  g_assert_cmpuint (run->stats.zero_crossings, ==, 8);
}

/* The second wave's formula blocks on the time t over [0, 2], at every
 * recorded point against their definitions written out here (1e-12):
 * MathExpressions sin t and cos t; Horner t^2 - 2t + 3; UnitConversion
 * degC -> degF, 1.8 t + 32; CrossProduct [t; 1; 0] x [0; t; 1] =
 * [1; -t; t^2]; Sort of [t; 1 - t; 0.5]; and t + i through
 * RealImagToComplex, ComplexToMagAngle, MagAngleToComplex and
 * ComplexToRealImag: |z| = sqrt(t^2 + 1), arg z = atan2(1, t), and back
 * to t and 1. */
static void
test_formula_blocks_over_time (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *exprs = add_block (model, "MathExpressions", "Exprs", 1, 2, 0, 0, NULL);
  OrrBlock *horner
    = add_block (model, "Horner", "Horner", 1, 1, 0, 0, "coefficients", "[1 -2 3]", NULL);
  OrrBlock *units = add_block (model, "UnitConversion", "Units", 1, 1, 0, 0, "from", "'degC'", "to",
                               "'degF'", NULL);
  OrrBlock *a = add_block (model, "MatrixExpression", "A", 1, 1, 0, 0, "sizes", "[1 1]",
                           "expression", "'[u1; 1; 0]'", NULL);
  OrrBlock *b = add_block (model, "MatrixExpression", "B", 1, 1, 0, 0, "sizes", "[1 1]",
                           "expression", "'[0; u1; 1]'", NULL);
  OrrBlock *cross = add_block (model, "CrossProduct", "Cross", 2, 1, 0, 0, NULL);
  OrrBlock *v = add_block (model, "MatrixExpression", "V", 1, 1, 0, 0, "sizes", "[1 1]",
                           "expression", "'[u1; 1 - u1; 0.5]'", NULL);
  OrrBlock *sort = add_block (model, "Sort", "Sort", 1, 2, 0, 0, NULL);
  OrrBlock *to = add_block (model, "RealImagToComplex", "To", 2, 1, 0, 0, NULL);
  OrrBlock *polar = add_block (model, "ComplexToMagAngle", "Polar", 1, 2, 0, 0, NULL);
  OrrBlock *back = add_block (model, "MagAngleToComplex", "Back", 2, 1, 0, 0, NULL);
  OrrBlock *parts = add_block (model, "ComplexToRealImag", "Parts", 1, 2, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 12, 0, 0, 0, "inputs", "12", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, exprs, 1);
  link_data (model, time, 1, horner, 1);
  link_data (model, time, 1, units, 1);
  link_data (model, time, 1, a, 1);
  link_data (model, time, 1, b, 1);
  link_data (model, a, 1, cross, 1);
  link_data (model, b, 1, cross, 2);
  link_data (model, time, 1, v, 1);
  link_data (model, v, 1, sort, 1);
  link_data (model, time, 1, to, 1);
  link_data (model, one, 1, to, 2);
  link_data (model, to, 1, polar, 1);
  link_data (model, polar, 1, back, 1);
  link_data (model, polar, 2, back, 2);
  link_data (model, back, 1, parts, 1);
  link_data (model, exprs, 1, scope, 1);
  link_data (model, exprs, 2, scope, 2);
  link_data (model, horner, 1, scope, 3);
  link_data (model, units, 1, scope, 4);
  link_data (model, cross, 1, scope, 5);
  link_data (model, sort, 1, scope, 6);
  link_data (model, sort, 2, scope, 7);
  link_data (model, polar, 1, scope, 8);
  link_data (model, polar, 2, scope, 9);
  link_data (model, parts, 1, scope, 10);
  link_data (model, parts, 2, scope, 11);
  link_data (model, time, 1, scope, 12);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpint (r->n, ==, 1 + 1 + 1 + 1 + 3 + 3 + 3 + 1 + 1 + 1 + 1 + 1);
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = V (r, k, r->n - 1), sorted[3] = { t, 1 - t, 0.5 }, index[3] = { 1, 2, 3 };
      int j = 0;

      g_assert_cmpfloat_with_epsilon (t, T (r, k), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), sin (t), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), cos (t), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), t * t - 2 * t + 3, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), 1.8 * t + 32, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), -t, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), t * t, 1e-12);
      /* a three-element insertion sort here, stable like the block's */
      for (int i = 1; i < 3; i++)
        for (int m = i; m > 0 && sorted[m - 1] > sorted[m]; m--)
          {
            double sv = sorted[m], si = index[m];

            sorted[m] = sorted[m - 1], index[m] = index[m - 1];
            sorted[m - 1] = sv, index[m - 1] = si;
          }
      for (int i = 0; i < 3; i++)
        g_assert_cmpfloat (V (r, k, j + i), ==, sorted[i]);
      j += 3;
      for (int i = 0; i < 3; i++)
        g_assert_cmpfloat (V (r, k, j + i), ==, index[i]);
      j += 3;
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), sqrt (t * t + 1), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), atan2 (1, t), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), t, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, j++), 1, 1e-12);
    }
}

/* Assignment over time: [t; 2t; 3t] with element 2 replaced by sin t
 * gives [t; sin t; 3t] at every recorded point (1e-12). */
static void
test_assignment_over_time (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *v = add_block (model, "MatrixExpression", "V", 1, 1, 0, 0, "sizes", "[1 1]",
                           "expression", "'[u1; 2*u1; 3*u1]'", NULL);
  OrrBlock *s
    = add_block (model, "MathExpression", "S", 1, 1, 0, 0, "expression", "'sin(u1)'", NULL);
  OrrBlock *a = add_block (model, "Assignment", "A", 2, 1, 0, 0, "indices", "2", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, v, 1);
  link_data (model, time, 1, s, 1);
  link_data (model, v, 1, a, 1);
  link_data (model, s, 1, a, 2);
  link_data (model, a, 1, scope, 1);
  link_data (model, time, 1, scope, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = V (r, k, 3);

      g_assert_cmpfloat_with_epsilon (V (r, k, 0), t, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), sin (t), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 2), 3 * t, 1e-12);
    }
}

/* Integer signals on links: 100 t through DataTypeConversion to int8
 * (saturating, and wrapping) and back to double, over [0, 3]: the int8
 * links carry round(100 t) clamped to [-128, 127], or wrapped modulo 256
 * into [-128, 127], exactly, at every recorded point. */
static void
test_data_type_conversion_over_time (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (model, "Gain", "Gain", 1, 1, 0, 0, "gain", "100", NULL);
  OrrBlock *sat = add_block (model, "DataTypeConversion", "Sat", 1, 1, 0, 0, NULL);
  OrrBlock *wrap
    = add_block (model, "DataTypeConversion", "Wrap", 1, 1, 0, 0, "overflow", "2", NULL);
  OrrBlock *back1 = add_block (model, "DataTypeConversion", "Back1", 1, 1, 0, 0, "type", "1", NULL);
  OrrBlock *back2 = add_block (model, "DataTypeConversion", "Back2", 1, 1, 0, 0, "type", "1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 3, 0, 0, 0, "inputs", "3", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, gain, 1);
  link_data (model, gain, 1, sat, 1);
  link_data (model, gain, 1, wrap, 1);
  link_data (model, sat, 1, back1, 1);
  link_data (model, wrap, 1, back2, 1);
  link_data (model, back1, 1, scope, 1);
  link_data (model, back2, 1, scope, 2);
  link_data (model, gain, 1, scope, 3);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      double v = round (V (r, k, 2)), wrapped = fmod (v + 128, 256) - 128;

      g_assert_cmpfloat (V (r, k, 0), ==, CLAMP (v, -128, 127));
      g_assert_cmpfloat (V (r, k, 1), ==, wrapped);
    }
}

/* DeadZone [-0.5, 0.5] of sin t over [0, pi]: sin t - 0.5 on [pi/6, 5pi/6],
 * so 2 cos(pi/6) - 0.5 * 2pi/3 = sqrt 3 - pi/3 (1e-6). */
static void
test_dead_zone_integral (void)
{
  g_autoptr (OrrModel) model = new_precise_model (G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *dz = add_block (model, "DeadZone", "Dead", 1, 1, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double got;

  orr_model_set_param (model, dz, "upper", "0.5");
  orr_model_set_param (model, dz, "lower", "-0.5");
  link_data (model, sine, 1, dz, 1);
  got = integral_of (model, dz, &run);
  g_assert_cmpfloat_with_epsilon (got, sqrt (3) - G_PI / 3, 1e-6);
  g_assert_cmpuint (run->stats.zero_crossings, >=, 2);
}

/* max(sin t, cos t) over [0, 2 pi]: cos up to pi/4, sin up to 5pi/4, cos
 * after: sqrt2/2 + sqrt2 + sqrt2/2 = 2 sqrt 2 (1e-6); min is the rest of
 * sin + cos, whose integral is 0: -2 sqrt 2. */
static void
test_min_max_integral (void)
{
  for (int want_max = 0; want_max <= 1; want_max++)
    {
      g_autoptr (OrrModel) model = new_precise_model (2 * G_PI, 0);
      OrrBlock *sine = add_sine (model, "Sine", "1", "0");
      OrrBlock *cosine = add_sine (model, "Cosine", "1", "pi/2");
      OrrBlock *mm = add_block (model, "MinMax", "MinMax", 2, 1, 0, 0, NULL);
      g_autoptr (Run) run = NULL;
      double got;

      orr_model_set_param (model, mm, "function", want_max ? "2" : "1");
      orr_model_set_param (model, mm, "inputs", "2");
      link_data (model, sine, 1, mm, 1);
      link_data (model, cosine, 1, mm, 2);
      got = integral_of (model, mm, &run);
      g_assert_cmpfloat_with_epsilon (got, (want_max ? 2 : -2) * sqrt (2), 1e-6);
      g_assert_cmpuint (run->stats.zero_crossings, ==, 2);
    }
}

/* Sign of +-sin t over [0, 4]: pi - (4 - pi) = 2 pi - 4, or its opposite
 * (1e-6). The sine starts exactly at 0, so the mode is undecided at first:
 * a mode guessed from u = 0 would hold the wrong sign until pi. */
static void
test_sign_integral (void)
{
  for (int k = 0; k < 2; k++)
    {
      g_autoptr (OrrModel) model = new_precise_model (4, 0);
      OrrBlock *sine = add_sine (model, "Sine", k == 0 ? "1" : "-1", "0");
      OrrBlock *sign = add_block (model, "Sign", "Sign", 1, 1, 0, 0, NULL);
      g_autoptr (Run) run = NULL;
      double got;

      link_data (model, sine, 1, sign, 1);
      got = integral_of (model, sign, &run);
      g_test_message ("sign of %s sin: %.12f", k == 0 ? "+" : "-", got);
      g_assert_cmpfloat_with_epsilon (got, (k == 0 ? 1 : -1) * (2 * G_PI - 4), 1e-6);
    }
}

/* |-sin t| over [0, 4]: 2 + (1 - cos(4 - pi)) = 3 + cos 4 (1e-6): Abs too
 * starts from u = 0 and must not guess the sign there. */
static void
test_abs_from_zero (void)
{
  g_autoptr (OrrModel) model = new_precise_model (4, 0);
  OrrBlock *sine = add_sine (model, "Sine", "-1", "0");
  OrrBlock *abs_block = add_block (model, "Abs", "Abs", 1, 1, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double got;

  link_data (model, sine, 1, abs_block, 1);
  got = integral_of (model, abs_block, &run);
  g_test_message ("|-sin|: %.12f, expected %.12f", got, 3 + cos (4.0));
  g_assert_cmpfloat_with_epsilon (got, 3 + cos (4.0), 1e-6);
}

/* floor(3 sin t) over [0, pi]: 1 on [asin 1/3, asin 2/3] and 2 on
 * [asin 2/3, pi/2], twice by symmetry (it touches 3 only at pi/2):
 * 2 (asin 2/3 - asin 1/3) + 4 (pi/2 - asin 2/3) (1e-6). It starts at
 * floor(0), on a boundary. */
static void
test_rounding_integral (void)
{
  g_autoptr (OrrModel) model = new_precise_model (G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "3", "0");
  OrrBlock *fl = add_block (model, "Rounding", "Floor", 1, 1, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  double expected = 2 * (asin (2.0 / 3) - asin (1.0 / 3)) + 4 * (G_PI / 2 - asin (2.0 / 3));
  double got;

  orr_model_set_param (model, fl, "function", "1");
  link_data (model, sine, 1, fl, 1);
  got = integral_of (model, fl, &run);
  g_test_message ("floor(3 sin): %.12f, expected %.12f", got, expected);
  g_assert_cmpfloat_with_epsilon (got, expected, 1e-6);
}

/* sin t > 0.5 over [0, pi]: the output switches to 1 at pi/6 and back to 0
 * at 5pi/6. The first sample that reads 1, and the first that reads 0
 * again, are at those instants (1e-8): the solver stopped there. The
 * integral is the time spent true, 2pi/3 (1e-8). */
static void
test_relational_switching (void)
{
  g_autoptr (OrrModel) model = new_precise_model (G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *half = add_block (model, "Constant", "Half", 0, 1, 0, 0, NULL);
  OrrBlock *gt = add_block (model, "RelationalOperator", "Above", 2, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Switch", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double got, on = -1, off = -1;

  orr_model_set_param (model, half, "value", "0.5");
  orr_model_set_param (model, gt, "operator", "5");
  link_data (model, sine, 1, gt, 1);
  link_data (model, half, 1, gt, 2);
  link_data (model, gt, 1, scope, 1);
  got = integral_of (model, gt, &run);
  r = recording (run, "Switch");
  for (guint i = 0; i < r->t->len; i++)
    {
      if (on < 0 && V (r, i, 0) == 1)
        on = T (r, i);
      else if (on >= 0 && off < 0 && V (r, i, 0) == 0)
        off = T (r, i);
    }
  g_test_message ("on at %.12f, off at %.12f, integral %.12f", on, off, got);
  g_assert_cmpfloat_with_epsilon (on, G_PI / 6, 1e-8);
  g_assert_cmpfloat_with_epsilon (off, 5 * G_PI / 6, 1e-8);
  g_assert_cmpfloat_with_epsilon (got, 2 * G_PI / 3, 1e-8);
}

/* Formulas in a model: MathExpression u1^2 + p(1) of sin t over [0, pi] is
 * pi/2 + p(1) pi; MatrixExpression .if u1 > 0 .then u1 .else 0 .end over
 * [0, 2pi] is 2 (1e-6 both). */
static void
test_expressions_in_model (void)
{
  g_autoptr (OrrModel) model = new_precise_model (G_PI, 0);
  g_autoptr (OrrModel) model2 = new_precise_model (2 * G_PI, 0);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *sine2 = add_sine (model2, "Sine", "1", "0");
  OrrBlock *fx = add_block (model, "MathExpression", "Formula", 1, 1, 0, 0, NULL);
  OrrBlock *mx = add_block (model2, "MatrixExpression", "Positive", 1, 1, 0, 0, NULL);
  g_autoptr (Run) run = NULL, run2 = NULL;

  orr_model_set_param (model, fx, "inputs", "1");
  orr_model_set_param (model, fx, "expression", "'u1^2 + p(1)'");
  orr_model_set_param (model, fx, "parameters", "0.25");
  link_data (model, sine, 1, fx, 1);
  g_assert_cmpfloat_with_epsilon (integral_of (model, fx, &run), G_PI / 2 + 0.25 * G_PI, 1e-6);

  orr_model_set_param (model2, mx, "sizes", "[1 1]");
  orr_model_set_param (model2, mx, "expression", "'.if u1 > 0 .then u1 .else 0 .end'");
  link_data (model2, sine2, 1, mx, 1);
  g_assert_cmpfloat_with_epsilon (integral_of (model2, mx, &run2), 2, 1e-6);
}

/* Constant A (2x3) -> Transpose (3x2); MatrixMultiply A * A' = [14 32; 32
 * 77], flattened by a MatrixExpression u1(:) for the scope: the compiler
 * resolves the placeholders n x m, m x p through the chain. */
static void
test_matrix_chain (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *a = add_block (model, "Constant", "A", 0, 1, 0, 0, NULL);
  OrrBlock *tr = add_block (model, "Transpose", "T", 1, 1, 0, 0, NULL);
  OrrBlock *mul = add_block (model, "MatrixMultiply", "Mul", 2, 1, 0, 0, NULL);
  OrrBlock *flat = add_block (model, "MatrixExpression", "Flat", 1, 1, 0, 0, NULL);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 1, 0, NULL);
  const double expected[] = { 14, 32, 32, 77 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  orr_model_set_param (model, a, "value", "[1 2 3; 4 5 6]");
  orr_model_set_param (model, flat, "sizes", "[2 2]");
  orr_model_set_param (model, flat, "expression", "'u1(:)'");
  orr_model_set_param (model, clock, "period", "0.5");
  orr_model_set_param (model, scope, "activation", "2");
  link_data (model, a, 1, tr, 1);
  link_data (model, a, 1, mul, 1);
  link_data (model, tr, 1, mul, 2);
  link_data (model, mul, 1, flat, 1);
  link_data (model, flat, 1, scope, 1);
  link_event (model, clock, 1, scope, 1);
  run = run_model (model, &setup);
  g_assert_true (run->ok);
  r = recording (run, "Scope");
  g_assert_cmpint (r->n, ==, 4);
  g_assert_cmpuint (r->t->len, ==, 3);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat (V (r, 0, k), ==, expected[k]);
}

/* A singular matrix into Inverse stops the run with an error that names
 * the block. */
static void
test_inverse_singular (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *a = add_block (model, "Constant", "A", 0, 1, 0, 0, NULL);
  OrrBlock *inv = add_block (model, "Inverse", "Invert", 1, 1, 0, 0, NULL);
  OrrBlock *flat = add_block (model, "MatrixExpression", "Flat", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  orr_model_set_param (model, a, "value", "[1 2; 2 4]");
  orr_model_set_param (model, flat, "sizes", "[2 2]");
  orr_model_set_param (model, flat, "expression", "'u1(:)'");
  link_data (model, a, 1, inv, 1);
  link_data (model, inv, 1, flat, 1);
  link_data (model, flat, 1, scope, 1);
  run = run_model (model, &setup);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_assert_nonnull (strstr (run->error->message, "Invert"));
  g_assert_nonnull (strstr (run->error->message, "singular"));
}

/* MatrixExpressions with -1 sizes take them from their links, in a chain:
 * V = [u1; u2] of a 2x3 and a 1x3 constant is [1 2 3; 4 5 6; 7 8 9];
 * D = det(u1 + eye(3)) of V is det([2 2 3; 4 6 6; 7 8 10]) = 2*12 - 2*(-2)
 * + 3*(-10) = -2 (worked out by cofactors along the first row), and S =
 * sum(u1, 2) of V is [6; 15; 24]. Fed into a fixed 2x2 input, V's 3x3
 * output is a compile error naming V. */
static void
test_inherited_sizes (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *a = add_block (model, "Constant", "A", 0, 1, 0, 0, "value", "[1 2 3; 4 5 6]", NULL);
  OrrBlock *b = add_block (model, "Constant", "B", 0, 1, 0, 0, "value", "[7 8 9]", NULL);
  OrrBlock *v = add_block (model, "MatrixExpression", "V", 2, 1, 0, 0, "sizes", "-ones(2, 2)",
                           "expression", "'[u1; u2]'", NULL);
  OrrBlock *d = add_block (model, "MatrixExpression", "D", 1, 1, 0, 0, "sizes", "[-1 -1]",
                           "expression", "'det(u1 + eye(3))'", NULL);
  OrrBlock *sum = add_block (model, "MatrixExpression", "S", 1, 1, 0, 0, "sizes", "[-1 -1]",
                             "expression", "'sum(u1, 2)'", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  OrrBlock *fixed = NULL;
  g_autoptr (Run) run = NULL;
  g_autoptr (GError) error = NULL;
  OrrProgram *program;
  Recording *r;

  link_data (model, a, 1, v, 1);
  link_data (model, b, 1, v, 2);
  link_data (model, v, 1, d, 1);
  link_data (model, v, 1, sum, 1);
  link_data (model, d, 1, scope, 1);
  link_data (model, sum, 1, scope, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpint (r->n, ==, 4);
  g_assert_cmpuint (r->t->len, >, 0);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), -2, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), 6, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 2), 15, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 3), 24, 1e-12);
    }

  fixed = add_block (model, "MatrixExpression", "Fixed", 1, 1, 0, 0, "sizes", "[2 2]", "expression",
                     "'u1(1, 1)'", NULL);
  link_data (model, v, 1, fixed, 1);
  link_data (model, fixed, 1, add_block (model, "Terminator", "T", 1, 0, 0, 0, NULL), 1);
  program = compile_model (model, &setup, &error);
  g_assert_null (program);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "V"));
  g_assert_nonnull (strstr (error->message, "3 rows"));
}

/* ---- MaxMinInterval and FormattedString ------------------------------------ */

/* The exact extreme of sin over [a, b]: at an end, or 1 (-1) where a
 * crest (trough) falls inside. */
static double
sine_extreme (double a, double b, gboolean maximum)
{
  double best = maximum ? MAX (sin (a), sin (b)) : MIN (sin (a), sin (b));
  double peak = maximum ? G_PI / 2 : 3 * G_PI / 2;
  double first = peak + 2 * G_PI * ceil ((a - peak) / (2 * G_PI));

  if (first <= b)
    best = maximum ? 1 : -1;
  return best;
}

/* sin t, its maximum restarted from -2 by a clock every 1.3 s and read
 * just before each tick by a LastInput on the same clock: at tick k the
 * maximum of sin over [1.3 (k - 1), 1.3 k]; and the running minimum over
 * the whole run from 0, at every recorded point t, min (0, min of sin
 * over [0, t]). The extremes are taken over the accepted steps (at most
 * 1e-3 apart): a peak between two is missed by at most 1e-3^2 / 8, so
 * the tolerance is 2e-7. */
static void
test_max_min_interval_sine (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 1e-3);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "1.3", NULL);
  OrrBlock *max = add_block (model, "MaxMinInterval", "Max", 1, 1, 1, 0, "function", "2", "initial",
                             "-2", "external", "1", NULL);
  OrrBlock *min = add_block (model, "MaxMinInterval", "Min", 1, 1, 0, 0, NULL);
  OrrBlock *last = add_block (model, "LastInput", "Last", 1, 1, 1, 0, NULL);
  OrrBlock *ticks = add_block (model, "Scope", "Ticks", 1, 0, 0, 0, NULL);
  OrrBlock *running = add_block (model, "Scope", "Running", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, sine, 1, max, 1);
  link_data (model, sine, 1, min, 1);
  link_event (model, clock, 1, max, 1);
  link_event (model, clock, 1, last, 1);
  link_data (model, max, 1, last, 1);
  link_data (model, last, 1, ticks, 1);
  link_data (model, min, 1, running, 1);
  run = run_model_ok (model, &setup);

  r = recording (run, "Ticks");
  g_assert_cmpuint (r->t->len, ==, 8);
  for (guint k = 1; k < r->t->len; k++)
    {
      double t = T (r, k);

      g_assert_cmpfloat_with_epsilon (t, 1.3 * k, 1e-9);
      g_test_message ("tick %u: %.9f, exact %.9f", k, V (r, k, 0), sine_extreme (t - 1.3, t, TRUE));
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), sine_extreme (t - 1.3, t, TRUE), 2e-7);
    }

  r = recording (run, "Running");
  g_assert_cmpuint (r->t->len, >, 1000);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat_with_epsilon (V (r, k, 0), MIN (0, sine_extreme (0, T (r, k), FALSE)), 2e-7);
  g_assert_cmpfloat_with_epsilon (V (r, r->t->len - 1, 0), -1, 2e-7);
}

/* A Counter (1, 2, 3 ...) on a 0.5 s clock written as "n=%02d" into 6
 * characters and shown by a Display in text mode, which records the
 * character codes: at tick k the codes of "n=0" followed by k + 1, the
 * rest 0. */
static void
test_formatted_string_display (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.5", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *text = add_block (model, "FormattedString", "Text", 1, 1, 0, 0, "format", "n=%02d",
                              "size", "6", NULL);
  OrrBlock *display = add_block (model, "Display", "Show", 1, 0, 0, 0, "text", "1", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, counter, 1);
  link_data (model, counter, 1, text, 1);
  link_data (model, text, 1, display, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Show");
  g_assert_cmpint (r->n, ==, 6);
  g_assert_cmpuint (r->t->len, ==, 5);
  for (guint k = 0; k < r->t->len; k++)
    {
      char expected[7] = { 0 };

      g_snprintf (expected, sizeof expected, "n=%02u", k + 1);
      for (int i = 0; i < 6; i++)
        g_assert_cmpfloat (V (r, k, i), ==, (guint8)expected[i]);
    }
}

/* A Display in number mode refuses the uint8 vector, in a message naming
 * a block of the link. */
static void
test_formatted_string_needs_text_display (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *text = add_block (model, "FormattedString", "Text", 1, 1, 0, 0, NULL);
  OrrBlock *display = add_block (model, "Display", "Show", 1, 0, 0, 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;

  link_data (model, one, 1, text, 1);
  link_data (model, text, 1, display, 1);
  program = compile_model (model, &setup, &error);
  g_assert_null (program);
  g_test_message ("%s", error->message);
  g_assert_true (strstr (error->message, "Show") != NULL
                 || strstr (error->message, "Text") != NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/math-models/saturation", test_saturation_integral);
  g_test_add_func ("/math-models/controlled-saturation", test_controlled_saturation_integral);
  g_test_add_func ("/math-models/quantization", test_quantization_integral);
  g_test_add_func ("/math-models/formula-blocks", test_formula_blocks_over_time);
  g_test_add_func ("/math-models/assignment", test_assignment_over_time);
  g_test_add_func ("/math-models/data-type-conversion", test_data_type_conversion_over_time);
  g_test_add_func ("/math-models/dead-zone", test_dead_zone_integral);
  g_test_add_func ("/math-models/min-max", test_min_max_integral);
  g_test_add_func ("/math-models/sign", test_sign_integral);
  g_test_add_func ("/math-models/abs-from-zero", test_abs_from_zero);
  g_test_add_func ("/math-models/rounding", test_rounding_integral);
  g_test_add_func ("/math-models/relational", test_relational_switching);
  g_test_add_func ("/math-models/expressions", test_expressions_in_model);
  g_test_add_func ("/math-models/matrix-chain", test_matrix_chain);
  g_test_add_func ("/math-models/inverse-singular", test_inverse_singular);
  g_test_add_func ("/math-models/inherited-sizes", test_inherited_sizes);
  g_test_add_func ("/math-models/max-min-interval-sine", test_max_min_interval_sine);
  g_test_add_func ("/math-models/formatted-string-display", test_formatted_string_display);
  g_test_add_func ("/math-models/formatted-string-needs-text",
                   test_formatted_string_needs_text_display);
  return g_test_run ();
}
