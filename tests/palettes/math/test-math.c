/* test-math.c: the Math palette's blocks one at a time, outside a
 * simulation (tests/common/block-harness.h): what configure declares, the
 * errors it gives, and what each job computes, against values worked out
 * by hand (or by the C library for the elementary functions). The blocks
 * with modes are also checked with modes fixed, where the output must
 * follow the mode and not the input.
 *
 * The compiled expressions behind MathExpression and MatrixExpression are
 * checked against the general evaluator, orr_expr_evaluate(), an
 * independent implementation of the same language, on random inputs:
 * within 1e-10 relative (the two may sum in different orders and solve
 * through different eliminations), plus hand cases, size errors, run-time
 * errors and the folding of constants. */
#include "block-test.h"
#include "orr-all-classes.h"
#include "orr-palettes.h"

#include <orrery/orr-expr-program.h>
#include <orrery/orr-expr.h>
#include <float.h>
#include <math.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------ */

/* Within a relative tolerance (elementary functions of the C library),
 * NaN matching NaN. */
static void
assert_close_relative (const double *got, const double *expected, int n, double tol)
{
  for (int i = 0; i < n; i++)
    {
      if (isnan (expected[i]))
        g_assert_true (isnan (got[i]));
      else
        g_assert_cmpfloat_with_epsilon (got[i], expected[i], tol * MAX (1.0, fabs (expected[i])));
    }
}

static void
assert_modes (OrrHarness *h, const int *modes, int n)
{
  for (int i = 0; i < n; i++)
    g_assert_cmpint (h->block.mode[i], ==, modes[i]);
}

/* A harness with sizes -1, -2 and -3 being p1, p2 and p3 (the matrix
 * blocks have three). */
static OrrHarness *
harness3 (const OrrBlockClass *klass, OrrConfig *config, int p1, int p2, int p3)
{
  int placeholders[3] = { p1, p2, p3 };

  return orr_harness_new (klass, config, placeholders, 3);
}

/* Modes free at an event, or fixed at a trial point of the solver. */
static void
at_event (OrrHarness *h)
{
  h->time.phase = ORR_PHASE_EVENT;
  h->time.modes_fixed = FALSE;
}

static void
at_trial (OrrHarness *h)
{
  h->time.phase = ORR_PHASE_TRIAL;
  h->time.modes_fixed = TRUE;
}

static void
run_outputs (OrrHarness *h)
{
  orr_harness_run (h, ORR_JOB_OUTPUTS);
}

/* ---- the palette ---------------------------------------------------------- */

/* The Math palette registers these classes, in this order, which is also
 * the order of its palette.xml. */
static void
test_palette (void)
{
  static const char *const names[] = {
    "Gain",
    "Sum",
    "Product",
    "Abs",
    "Sign",
    "Sqrt",
    "MathFunction",
    "Power",
    "MinMax",
    "Saturation",
    "DeadZone",
    "Rounding",
    "Bias",
    "RelationalOperator",
    "LogicalOperator",
    "MathExpression",
    "MatrixExpression",
    "MatrixMultiply",
    "Transpose",
    "Inverse",
    "ControlledSaturation",
    "Quantization",
    "Horner",
    "RoundProduct",
    "MathExpressions",
    "UnitConversion",
    "CrossProduct",
    "Sort",
    "RealImagToComplex",
    "ComplexToRealImag",
    "MagAngleToComplex",
    "ComplexToMagAngle",
    "Assignment",
    "DataTypeConversion",
    "MaxMinInterval",
    "FormattedString",
  };
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autofree char *path = g_build_filename (ORR_PALETTES_SRCDIR, "math", "palette.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr (GError) error = NULL;
  const char *cursor;
  guint k = 0;

  orr_palette_math_register (registry);
  g_assert_cmpuint (orr_registry_get_n_classes (registry), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);
      g_autoptr (OrrConfig) config = NULL;

      g_assert_cmpstr (klass->name, ==, names[i]);
      g_assert_cmpstr (klass->palette, ==, "Math");
      /* every class configures from its defaults */
      config = CONFIGURE (klass, NULL);
    }

  g_assert_true (g_file_get_contents (path, &xml, NULL, &error));
  g_assert_no_error (error);
  cursor = xml;
  while ((cursor = strstr (cursor, "<block name=\"")) != NULL)
    {
      cursor += strlen ("<block name=\"");
      g_assert_cmpuint (k, <, G_N_ELEMENTS (names));
      g_assert_true (strncmp (cursor, names[k], strlen (names[k])) == 0);
      g_assert_true (cursor[strlen (names[k])] == '"');
      k++;
    }
  g_assert_cmpuint (k, ==, G_N_ELEMENTS (names));
}

/* ---- Gain ----------------------------------------------------------------- */

static void
test_gain_rules (void)
{
  g_autoptr (OrrHarness) ew = NULL, left = NULL, right = NULL, scalar = NULL;
  OrrConfig *config;
  /* G = [1 2; 3 4], u = [5 6; 7 8] (column-major) */
  const double u[] = { 5, 7, 6, 8 };
  /* G .* u = [5 12; 21 32] */
  const double y_ew[] = { 5, 21, 12, 32 };
  /* G * u = [19 22; 43 50] */
  const double y_left[] = { 19, 43, 22, 50 };
  /* u * G = [5*1+6*3 5*2+6*4; 7*1+8*3 7*2+8*4] = [23 34; 31 46] */
  const double y_right[] = { 23, 31, 34, 46 };
  /* a 1x2 u times G from the right: [1 -1] * G = [-2 -2] */
  const double u_row[] = { 1, -1 };
  const double y_row[] = { -2, -2 };

  config = CONFIGURE (&orr_gain_class, "gain", "[1 2; 3 4]", "multiplication", "1", NULL);
  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), 2, 2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 2, 2, ORR_TYPE_DOUBLE);
  ew = harness3 (&orr_gain_class, config, 0, 0, 0);
  orr_harness_set_input (ew, 0, u);
  run_outputs (ew);
  assert_doubles (orr_harness_output (ew, 0), y_ew, 4);

  config = CONFIGURE (&orr_gain_class, "gain", "[1 2; 3 4]", NULL);
  assert_port (input_spec (config, 0), 2, -1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 2, -1, ORR_TYPE_DOUBLE);
  left = harness3 (&orr_gain_class, config, 2, 0, 0);
  orr_harness_set_input (left, 0, u);
  run_outputs (left);
  assert_doubles (orr_harness_output (left, 0), y_left, 4);

  config = CONFIGURE (&orr_gain_class, "gain", "[1 2; 3 4]", "multiplication", "3", NULL);
  assert_port (input_spec (config, 0), -1, 2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, 2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  right = harness3 (&orr_gain_class, config, 2, 0, 0);
  orr_harness_set_input (right, 0, u);
  run_outputs (right);
  assert_doubles (orr_harness_output (right, 0), y_right, 4);
  g_clear_pointer (&right, orr_harness_free);
  right = harness3 (&orr_gain_class,
                    CONFIGURE (&orr_gain_class, "gain", "[1 2; 3 4]", "multiplication", "3", NULL),
                    1, 0, 0);
  orr_harness_set_input (right, 0, u_row);
  run_outputs (right);
  assert_doubles (orr_harness_output (right, 0), y_row, 2);

  /* a scalar gain scales any input, whatever the rule */
  config = CONFIGURE (&orr_gain_class, "gain", "-2", "multiplication", "3", NULL);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  scalar = harness3 (&orr_gain_class, config, 2, 2, 0);
  orr_harness_set_input (scalar, 0, u);
  run_outputs (scalar);
  g_assert_cmpfloat (orr_harness_output (scalar, 0)[3], ==, -16);
}

/* ---- Sign, Abs -------------------------------------------------------------- */

static void
test_sign (void)
{
  OrrConfig *config = CONFIGURE (&orr_sign_class, NULL);
  g_autoptr (OrrHarness) h = NULL, plain = NULL;
  const double u[] = { -2, 0, 3, NAN };
  const double y[] = { -1, 0, 1, NAN };
  /* modes: negative, the point 0, positive, none (direct) */
  const int modes[] = { 2, 3, 1, 0 };
  /* later, past a crossing of element 1 and away from 0 for element 2:
   * held at -1 and 0, while the direct element follows u */
  const double u_later[] = { 1, -0.5, 2, 5 };
  const double y_later[] = { -1, 0, 1, 1 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, -1);

  h = harness3 (&orr_sign_class, config, 4, 1, 0);
  orr_harness_set_surfaces (h, 4, 4);
  orr_harness_set_input (h, 0, u);
  at_event (h);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 4);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  /* with modes free the surfaces are u, and -|u| for the point 0 */
  g_assert_cmpfloat (h->block.g[0], ==, -2);
  g_assert_cmpfloat (h->block.g[1], ==, 0);
  g_assert_cmpfloat (h->block.g[2], ==, 3);

  /* modes fixed at the start of the interval, still at u: the zero of the
   * point mode is kept positive, so that leaving 0 changes its sign */
  at_trial (h);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[1], ==, DBL_MIN);
  orr_harness_set_input (h, 0, u_later);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  g_assert_cmpfloat (h->block.g[0], ==, 1);
  g_assert_cmpfloat (h->block.g[1], ==, -0.5);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y_later, 4);

  plain
    = harness3 (&orr_sign_class, CONFIGURE (&orr_sign_class, "zero_crossing", "0", NULL), 4, 1, 0);
  g_assert_cmpint (plain->block.ng, ==, 0);
  at_trial (plain);
  orr_harness_set_input (plain, 0, u_later);
  run_outputs (plain);
  g_assert_cmpfloat (orr_harness_output (plain, 0)[1], ==, -1);
}

/* Abs: 0 belongs to the positive mode, with its surface kept off zero
 * while modes are fixed, so that a start at exactly 0 going negative is
 * located (the model test abs-from-zero shows the effect). */
static void
test_abs_zero (void)
{
  g_autoptr (OrrHarness) h = harness3 (&orr_abs_class, CONFIGURE (&orr_abs_class, NULL), 2, 1, 0);
  const double u[] = { 0, -1 };
  const double u_later[] = { -1e-3, -2 };

  orr_harness_set_surfaces (h, 2, 2);
  orr_harness_set_input (h, 0, u);
  at_event (h);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, 1);
  g_assert_cmpint (h->block.mode[1], ==, 2);
  g_assert_cmpfloat (h->block.g[0], ==, 0);
  at_trial (h);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], ==, DBL_MIN);
  g_assert_cmpfloat (h->block.g[1], ==, -1);
  orr_harness_set_input (h, 0, u_later);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], ==, -1e-3);
  run_outputs (h);
  /* held in the positive mode until the restart: y = u */
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, -1e-3);
  g_assert_cmpfloat (orr_harness_output (h, 0)[1], ==, 2);
}

/* ---- Sqrt, MathFunction, Power, Bias ------------------------------------------- */

static void
test_math_function (void)
{
  const double e = G_E;
  /* one hand value per function, in the order of the choice */
  const struct
  {
    double u, y;
  } cases[] = {
    { 1, e },                         /* exp */
    { e * e, 2 },                     /* log */
    { 1000, 3 },                      /* log10 */
    { G_PI / 6, 0.5 },                /* sin */
    { G_PI / 3, 0.5 },                /* cos */
    { G_PI / 4, 1 },                  /* tan */
    { 0.5, G_PI / 6 },                /* asin */
    { 0.5, G_PI / 3 },                /* acos */
    { 1, G_PI / 4 },                  /* atan */
    { 1, (e - 1 / e) / 2 },           /* sinh */
    { 1, (e + 1 / e) / 2 },           /* cosh */
    { 1, (e * e - 1) / (e * e + 1) }, /* tanh */
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *choice = g_strdup_printf ("%u", k + 1);
      OrrConfig *config = CONFIGURE (&orr_math_function_class, "function", choice, NULL);
      g_autoptr (OrrHarness) h = NULL;
      const double u[] = { cases[k].u, -cases[k].u };

      assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
      assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
      h = harness3 (&orr_math_function_class, config, 1, 2, 0);
      orr_harness_set_input (h, 0, u);
      run_outputs (h);
      g_test_message ("function %u: %.17g, expected %.17g", k + 1, orr_harness_output (h, 0)[0],
                      cases[k].y);
      assert_close_relative (orr_harness_output (h, 0), &cases[k].y, 1, 4 * DBL_EPSILON);
    }
}

/* ---- element-wise blocks, case by case ------------------------------------------- */

/* A block without state or modes: configured, its ports checked, its
 * outputs computed from inputs and compared with values worked out by
 * hand. Every input is declared rows x cols and feeds through. */
typedef struct
{
  const char *path;
  const OrrBlockClass *klass;
  const char *params[5];  /* name, expression, ..., NULL */
  int in_rows, in_cols;   /* every input, as declared */
  int out_rows, out_cols; /* the output, as declared */
  int p1, p2;             /* the harness's sizes for -1 and -2 */
  int n_inputs;
  double u[2][6];
  int n; /* elements of the output */
  double y[6];
  double tolerance; /* 0: exactly (NaN matching NaN), else relative */
} ElementCase;

static const ElementCase element_cases[] = {
  { "/math/sqrt",
    &orr_sqrt_class,
    { NULL },
    -1,
    -2,
    -1,
    -2,
    3,
    2,
    1,
    { { 4, 2, 0, -1, 0.25, 1e-300 } },
    6,
    { 2, G_SQRT2, 0, NAN, 0.5, 1e-150 },
    1e-15 },
  /* outside the real domain: NaN */
  { "/math/math-function/domain",
    &orr_math_function_class,
    { "function", "2" },
    -1,
    -2,
    -1,
    -2,
    1,
    1,
    1,
    { { -1 } },
    1,
    { NAN },
    0 },
  { "/math/power/square",
    &orr_power_class,
    { NULL },
    -1,
    -2,
    -1,
    -2,
    3,
    1,
    1,
    { { 3, -2, 0.5 } },
    3,
    { 9, 4, 0.25 },
    0 },
  /* [2 3; 4 9] .^ [1 2; 3 0.5] = [2 9; 64 3], column-major */
  { "/math/power/matrix-exponent",
    &orr_power_class,
    { "exponent", "[1 2; 3 0.5]" },
    2,
    2,
    2,
    2,
    0,
    0,
    1,
    { { 2, 4, 3, 9 } },
    4,
    { 2, 64, 9, 3 },
    0 },
  /* u1 .^ u2: 2^10, 9^0.5, (-8)^(1/3) has no real value */
  { "/math/power/two-inputs",
    &orr_power_class,
    { "inputs", "2" },
    -1,
    -2,
    -1,
    -2,
    3,
    1,
    2,
    { { 2, 9, -8 }, { 10, 0.5, 1.0 / 3 } },
    3,
    { 1024, 3, NAN },
    0 },
  { "/math/bias/scalar",
    &orr_bias_class,
    { "bias", "2.5" },
    -1,
    -2,
    -1,
    -2,
    1,
    2,
    1,
    { { 1, -1 } },
    2,
    { 3.5, 1.5 },
    0 },
  /* [1 2; 3 4] + 1 */
  { "/math/bias/matrix",
    &orr_bias_class,
    { "bias", "[1 2; 3 4]" },
    2,
    2,
    2,
    2,
    0,
    0,
    1,
    { { 1, 1, 1, 1 } },
    4,
    { 2, 4, 3, 5 },
    0 },
};

static void
test_element (gconstpointer data)
{
  const ElementCase *c = data;
  OrrConfig *config
    = CONFIGURE (c->klass, c->params[0], c->params[1], c->params[2], c->params[3], NULL);
  g_autoptr (OrrHarness) h = NULL;

  assert_ports (config, c->n_inputs, 1, 0, 0);
  for (int k = 0; k < c->n_inputs; k++)
    {
      assert_port (input_spec (config, k), c->in_rows, c->in_cols, ORR_TYPE_DOUBLE);
      g_assert_true (input_spec (config, k)->feedthrough);
    }
  assert_port (output_spec (config, 0), c->out_rows, c->out_cols, ORR_TYPE_DOUBLE);
  h = harness3 (c->klass, config, c->p1, c->p2, 0);
  for (int k = 0; k < c->n_inputs; k++)
    orr_harness_set_input (h, k, c->u[k]);
  run_outputs (h);
  if (c->tolerance == 0)
    assert_doubles (orr_harness_output (h, 0), c->y, c->n);
  else
    assert_close_relative (orr_harness_output (h, 0), c->y, c->n, c->tolerance);
}

/* Parameters configure refuses. */
static const BlockParamError param_error_cases[] = {
  { &orr_math_function_class, "function", { "function", "0", NULL, NULL } },
  { &orr_math_function_class, "function", { "function", "13", NULL, NULL } },
  { &orr_power_class, "inputs", { "inputs", "3", NULL, NULL } },
  { &orr_power_class, "exponent", { "exponent", "[]", NULL, NULL } },
  { &orr_power_class, "exponent", { "exponent", "'x'", NULL, NULL } },
  { &orr_bias_class, "bias", { "bias", "[]", NULL, NULL } },
  { &orr_gain_class, "multiplication", { "multiplication", "4", NULL, NULL } },
  { &orr_gain_class, "multiplication", { "multiplication", "0", NULL, NULL } },
  { &orr_gain_class, "gain", { "gain", "[]", NULL, NULL } },
  { &orr_sign_class, "zero_crossing", { "zero_crossing", "2", NULL, NULL } },
  { &orr_min_max_class, "function", { "function", "3", NULL, NULL } },
  { &orr_min_max_class, "inputs", { "inputs", "3", NULL, NULL } },
  { &orr_min_max_class, "zero_crossing", { "zero_crossing", "-1", NULL, NULL } },
  { &orr_saturation_class, "lower", { "upper", "0", "lower", "1" } },
  { &orr_saturation_class, "lower", { "upper", "[1 2]", "lower", "[0 0 0]" } },
  { &orr_saturation_class, "upper", { "upper", "[]", NULL, NULL } },
  { &orr_saturation_class, "zero_crossing", { "zero_crossing", "0.5", NULL, NULL } },
  { &orr_dead_zone_class, "lower", { "upper", "-1", "lower", "1" } },
  { &orr_dead_zone_class, "upper", { "upper", "'a'", NULL, NULL } },
  { &orr_rounding_class, "function", { "function", "5", NULL, NULL } },
  { &orr_relational_operator_class, "operator", { "operator", "7", NULL, NULL } },
  { &orr_relational_operator_class, "operator", { "operator", "1.5", NULL, NULL } },
  { &orr_logical_operator_class, "operator", { "operator", "7", NULL, NULL } },
  { &orr_logical_operator_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_math_expression_class, "expression", { "expression", "3", NULL, NULL } },
  { &orr_math_expression_class, "inputs", { "inputs", "-1", NULL, NULL } },
  { &orr_math_expression_class, "parameters", { "parameters", "'a'", NULL, NULL } },
  { &orr_matrix_expression_class, "sizes", { "sizes", "[2 2 2]", NULL, NULL } },
  { &orr_matrix_expression_class, "sizes", { "sizes", "[0 1]", NULL, NULL } },
  { &orr_matrix_expression_class, "sizes", { "sizes", "[1.5 1]", NULL, NULL } },
};

/* ---- MinMax ------------------------------------------------------------------- */

static void
test_min_max_two (void)
{
  OrrConfig *config = CONFIGURE (&orr_min_max_class, "inputs", "2", NULL);
  g_autoptr (OrrHarness) h = NULL, low = NULL;
  const double u1[] = { 1, 5, 2, NAN }, u2[] = { 3, 4, 2, 7 };
  const double y[] = { 3, 5, 2, 7 };
  const int modes[] = { 2, 1, 1, 0 };
  /* later, with the modes held: element 1 keeps u2 although u1 passed it;
   * element 4 (no mode) takes the larger, NaN losing */
  const double u1_later[] = { 4, 3, 1, NAN }, u2_later[] = { 3.5, 4, 2, 6 };
  const double y_later[] = { 3.5, 3, 1, 6 };
  const double min_y[] = { 1, 4, 2, 7 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, -1);

  h = harness3 (&orr_min_max_class, config, 4, 1, 0);
  orr_harness_set_surfaces (h, 4, 4);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  at_event (h);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 4);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  g_assert_cmpfloat (h->block.g[0], ==, -2);
  g_assert_cmpfloat (h->block.g[1], ==, 1);
  g_assert_cmpfloat (h->block.g[2], ==, 0);

  at_trial (h);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  /* the tie, won by u1, is kept on the side where u1 is the maximum */
  g_assert_cmpfloat (h->block.g[2], ==, DBL_MIN);
  orr_harness_set_input (h, 0, u1_later);
  orr_harness_set_input (h, 1, u2_later);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y_later, 4);

  low = harness3 (&orr_min_max_class,
                  CONFIGURE (&orr_min_max_class, "inputs", "2", "function", "1", NULL), 4, 1, 0);
  orr_harness_set_surfaces (low, 4, 4);
  orr_harness_set_input (low, 0, u1);
  orr_harness_set_input (low, 1, u2);
  at_event (low);
  run_outputs (low);
  assert_doubles (orr_harness_output (low, 0), min_y, 4);
  orr_harness_run (low, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (low->block.mode[0], ==, 1);
  g_assert_cmpint (low->block.mode[1], ==, 2);
  g_assert_cmpint (low->block.mode[2], ==, 1);
  at_trial (low);
  orr_harness_run (low, ORR_JOB_ZERO_CROSSINGS);
  /* u1 is the minimum while u1 - u2 <= 0 */
  g_assert_cmpfloat (low->block.g[2], ==, -DBL_MIN);
}

static void
test_min_max_one (void)
{
  OrrConfig *config = CONFIGURE (&orr_min_max_class, NULL);
  g_autoptr (OrrHarness) h = NULL, low = NULL;
  const double u[] = { 1, 7, 3 };
  /* later: element 1 is larger, but the mode still reads element 2 */
  const double u_later[] = { 8, 7.5, 3 };
  const double u_tie[] = { 2, NAN, 2 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, 1);

  h = harness3 (&orr_min_max_class, config, 3, 1, 0);
  orr_harness_set_surfaces (h, 3, 1);
  orr_harness_set_input (h, 0, u);
  at_event (h);
  run_outputs (h);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 7);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  /* the winner's lead over each element */
  g_assert_cmpfloat (h->block.g[0], ==, 6);
  g_assert_cmpfloat (h->block.g[1], ==, 0);
  g_assert_cmpfloat (h->block.g[2], ==, 4);

  at_trial (h);
  orr_harness_set_input (h, 0, u_later);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, 2);
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);
  g_assert_cmpfloat (h->block.g[1], ==, DBL_MIN);
  run_outputs (h);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 7.5);

  /* a tie goes to the first; NaN loses */
  at_event (h);
  orr_harness_set_input (h, 0, u_tie);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, 1);
  run_outputs (h);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 2);

  low
    = harness3 (&orr_min_max_class, CONFIGURE (&orr_min_max_class, "function", "1", NULL), 3, 1, 0);
  orr_harness_set_surfaces (low, 3, 1);
  orr_harness_set_input (low, 0, u);
  at_event (low);
  run_outputs (low);
  g_assert_cmpfloat (orr_harness_output (low, 0)[0], ==, 1);
  orr_harness_run (low, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (low->block.mode[0], ==, 1);
  g_assert_cmpfloat (low->block.g[1], ==, 6);
}

/* ---- Saturation, DeadZone -------------------------------------------------------- */

static void
test_saturation (void)
{
  OrrConfig *config = CONFIGURE (&orr_saturation_class, "upper", "1", "lower", "-0.5", NULL);
  g_autoptr (OrrHarness) h = NULL, m = NULL;
  const double u[] = { -2, 0.3, 1, 5 };
  const double y[] = { -0.5, 0.3, 1, 1 };
  /* below, inside, inside (a limit belongs to the inside), above */
  const int modes[] = { 3, 1, 1, 2 };
  /* lower - u, (u - lower)(upper - u), same, u - upper */
  const double g[] = { 1.5, 0.8 * 0.7, 0, 4 };
  /* later, with the modes held */
  const double u_later[] = { 0, 2, 1.5, 0.8 };
  const double y_later[] = { -0.5, 2, 1.5, 1 };
  const double um[] = { 3, -3 };
  const double ym[] = { 1, -1 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, -1);

  h = harness3 (&orr_saturation_class, config, 4, 1, 0);
  orr_harness_set_surfaces (h, 4, 4);
  orr_harness_set_input (h, 0, u);
  at_event (h);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 4);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  assert_close_relative (h->block.g, g, 4, 1e-15);
  at_trial (h);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[2], ==, DBL_MIN);
  orr_harness_set_input (h, 0, u_later);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  /* element 1 came back above the lower limit: its surface is negative */
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y_later, 4);

  /* limits per element: ports of their size */
  config = CONFIGURE (&orr_saturation_class, "upper", "[1 2]", "lower", "[0 -1]", NULL);
  assert_port (input_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  m = harness3 (&orr_saturation_class, config, 0, 0, 0);
  orr_harness_set_input (m, 0, um);
  run_outputs (m);
  assert_doubles (orr_harness_output (m, 0), ym, 2);
}

static void
test_dead_zone (void)
{
  OrrConfig *config = CONFIGURE (&orr_dead_zone_class, "upper", "1", "lower", "-0.5", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { -2, 0.3, 1, 5 };
  /* u - lower below, 0 in the band (ends included), u - upper above */
  const double y[] = { -1.5, 0, 0, 4 };
  const int modes[] = { 3, 1, 1, 2 };
  const double u_later[] = { 0, 2, 0.5, 0.8 };
  /* held: 0 - (-0.5), 0, 0, 0.8 - 1 */
  const double y_later[] = { 0.5, 0, 0, 0.8 - 1 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  h = harness3 (&orr_dead_zone_class, config, 4, 1, 0);
  orr_harness_set_surfaces (h, 4, 4);
  orr_harness_set_input (h, 0, u);
  at_event (h);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 4);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  g_assert_cmpfloat (h->block.g[0], ==, 1.5);
  g_assert_cmpfloat (h->block.g[3], ==, 4);
  at_trial (h);
  orr_harness_set_input (h, 0, u_later);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y_later, 4);
}

/* ---- Rounding ---------------------------------------------------------------------- */

static void
test_rounding (void)
{
  const double u[] = { -2.5, -1.2, 0, 0.5, 1.7, 2.5 };
  const double expected[4][6] = {
    { -3, -2, 0, 0, 1, 2 }, /* floor */
    { -2, -1, 0, 1, 2, 3 }, /* ceil */
    { -3, -1, 0, 1, 2, 3 }, /* round, halves away from zero */
    { -2, -1, 0, 0, 1, 2 }, /* fix */
  };

  for (int f = 0; f < 4; f++)
    {
      g_autofree char *choice = g_strdup_printf ("%d", f + 1);
      OrrConfig *config = CONFIGURE (&orr_rounding_class, "function", choice, NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_ports (config, 1, 1, 0, 0);
      assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
      g_assert_cmpint (config->ng, ==, -1);
      h = harness3 (&orr_rounding_class, config, 6, 1, 0);
      orr_harness_set_surfaces (h, 6, 6);
      orr_harness_set_input (h, 0, u);
      at_event (h);
      run_outputs (h);
      assert_doubles (orr_harness_output (h, 0), expected[f], 6);
      /* every mode holds its element's integer */
      orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
      at_trial (h);
      run_outputs (h);
      assert_doubles (orr_harness_output (h, 0), expected[f], 6);
    }

  /* floor: surfaces (u - n)(n + 1 - u), and the held integer */
  {
    g_autoptr (OrrHarness) h = harness3 (
      &orr_rounding_class, CONFIGURE (&orr_rounding_class, "function", "1", NULL), 3, 1, 0);
    const double v[] = { 1.7, 0, -1.2 };
    const double v_later[] = { 2.3, -0.1, -1.2 };
    const double g[] = { 0.7 * 0.3, 0, 0.8 * 0.2 };
    const double y_later[] = { 1, 0, -2 };

    orr_harness_set_surfaces (h, 3, 3);
    orr_harness_set_input (h, 0, v);
    at_event (h);
    orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
    assert_close_relative (h->block.g, g, 3, 1e-15);
    at_trial (h);
    orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
    /* 0 is on the lower end of [0, 1]: kept inside */
    g_assert_cmpfloat (h->block.g[1], ==, DBL_MIN);
    orr_harness_set_input (h, 0, v_later);
    orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
    /* left [1, 2] and [0, 1]: negative */
    g_assert_cmpfloat (h->block.g[0], <, 0);
    g_assert_cmpfloat (h->block.g[1], <, 0);
    run_outputs (h);
    assert_doubles (orr_harness_output (h, 0), y_later, 3);
  }

  /* round and fix: the intervals [n - 1/2, n + 1/2] and (-1, 1) */
  {
    g_autoptr (OrrHarness) r = harness3 (
      &orr_rounding_class, CONFIGURE (&orr_rounding_class, "function", "3", NULL), 1, 1, 0);
    g_autoptr (OrrHarness) x = harness3 (
      &orr_rounding_class, CONFIGURE (&orr_rounding_class, "function", "4", NULL), 1, 1, 0);
    const double v[] = { 2.2 };
    const double w[] = { 0.5 };

    orr_harness_set_surfaces (r, 1, 1);
    orr_harness_set_input (r, 0, v);
    at_event (r);
    orr_harness_run (r, ORR_JOB_ZERO_CROSSINGS);
    g_assert_cmpfloat_with_epsilon (r->block.g[0], (2.2 - 1.5) * (2.5 - 2.2), 1e-15);
    orr_harness_set_surfaces (x, 1, 1);
    orr_harness_set_input (x, 0, w);
    at_event (x);
    orr_harness_run (x, ORR_JOB_ZERO_CROSSINGS);
    g_assert_cmpfloat_with_epsilon (x->block.g[0], (0.5 + 1) * (1 - 0.5), 1e-15);
  }
}

/* ---- RelationalOperator, LogicalOperator ------------------------------------------- */

static void
test_relational_operator (void)
{
  const double u1[] = { 1, 2, 3 }, u2[] = { 2, 2, 2 };
  const double expected[6][3] = {
    { 0, 1, 0 }, /* == */
    { 1, 0, 1 }, /* ~= */
    { 1, 0, 0 }, /* < */
    { 1, 1, 0 }, /* <= */
    { 0, 0, 1 }, /* > */
    { 0, 1, 1 }, /* >= */
  };

  for (int op = 0; op < 6; op++)
    {
      g_autofree char *choice = g_strdup_printf ("%d", op + 1);
      OrrConfig *config = CONFIGURE (&orr_relational_operator_class, "operator", choice, NULL);
      g_autoptr (OrrHarness) h = NULL;
      /* later: every element has moved to the other side of u2, but the
       * modes hold the results of the interval's start */
      const double u1_later[] = { 2.5, 1, 1 };

      assert_ports (config, 2, 1, 0, 0);
      assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
      assert_port (input_spec (config, 1), -1, -2, ORR_TYPE_DOUBLE);
      assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
      h = harness3 (&orr_relational_operator_class, config, 3, 1, 0);
      orr_harness_set_surfaces (h, 3, 3);
      orr_harness_set_input (h, 0, u1);
      orr_harness_set_input (h, 1, u2);
      at_event (h);
      run_outputs (h);
      assert_doubles (orr_harness_output (h, 0), expected[op], 3);
      orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
      /* below, equal, above */
      g_assert_cmpint (h->block.mode[0], ==, 2);
      g_assert_cmpint (h->block.mode[1], ==, 3);
      g_assert_cmpint (h->block.mode[2], ==, 1);
      g_assert_cmpfloat (h->block.g[0], ==, -1);
      g_assert_cmpfloat (h->block.g[2], ==, 1);
      at_trial (h);
      orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
      /* equal: -|u1 - u2|, kept positive at 0 */
      g_assert_cmpfloat (h->block.g[1], ==, DBL_MIN);
      orr_harness_set_input (h, 0, u1_later);
      orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
      g_assert_cmpfloat (h->block.g[0], ==, 0.5);
      g_assert_cmpfloat (h->block.g[1], ==, -1);
      g_assert_cmpfloat (h->block.g[2], ==, -1);
      run_outputs (h);
      assert_doubles (orr_harness_output (h, 0), expected[op], 3);
    }
}

static void
test_logical_operator (void)
{
  const double u1[] = { 0, 1, 1, 0 }, u2[] = { 0, 0, 1, -1 }, u3[] = { 0, 1, 1, 5 };
  /* trues per element: 0, 2, 3, 2 of 3 */
  const double expected[5][4] = {
    { 0, 0, 1, 0 }, /* AND */
    { 0, 1, 1, 1 }, /* OR */
    { 1, 1, 0, 1 }, /* NAND */
    { 1, 0, 0, 0 }, /* NOR */
    { 0, 0, 1, 0 }, /* XOR: an odd number */
  };
  g_autoptr (OrrHarness) not = NULL, all = NULL;
  OrrConfig *config;
  const double v[] = { 0, 2, -1 };
  const double not_v[] = { 1, 0, 0 };

  for (int op = 0; op < 5; op++)
    {
      g_autofree char *choice = g_strdup_printf ("%d", op + 1);
      g_autoptr (OrrHarness) h = NULL;

      config = CONFIGURE (&orr_logical_operator_class, "operator", choice, "inputs", "3", NULL);
      assert_ports (config, 3, 1, 0, 0);
      assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
      h = harness3 (&orr_logical_operator_class, config, 4, 1, 0);
      orr_harness_set_input (h, 0, u1);
      orr_harness_set_input (h, 1, u2);
      orr_harness_set_input (h, 2, u3);
      run_outputs (h);
      assert_doubles (orr_harness_output (h, 0), expected[op], 4);
    }

  /* NOT has one input whatever the count says */
  config = CONFIGURE (&orr_logical_operator_class, "operator", "6", "inputs", "3", NULL);
  assert_ports (config, 1, 1, 0, 0);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  not = harness3 (&orr_logical_operator_class, config, 3, 1, 0);
  orr_harness_set_input (not, 0, v);
  run_outputs (not );
  assert_doubles (orr_harness_output (not, 0), not_v, 3);

  /* one input: its elements combined */
  config = CONFIGURE (&orr_logical_operator_class, "operator", "1", "inputs", "1", NULL);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  all = harness3 (&orr_logical_operator_class, config, 3, 1, 0);
  orr_harness_set_input (all, 0, v);
  run_outputs (all);
  g_assert_cmpfloat (orr_harness_output (all, 0)[0], ==, 0);
}

/* ---- MatrixMultiply, Transpose, Inverse ---------------------------------------------- */

static void
test_matrix_multiply (void)
{
  OrrConfig *config = CONFIGURE (&orr_matrix_multiply_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* [1 2 3; 4 5 6] * [1 0; 0 1; 1 1] = [4 5; 10 11] */
  const double a[] = { 1, 4, 2, 5, 3, 6 };
  const double b[] = { 1, 0, 1, 0, 1, 1 };
  const double y[] = { 4, 10, 5, 11 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -2, -3, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, -3, ORR_TYPE_DOUBLE);
  h = harness3 (&orr_matrix_multiply_class, config, 2, 3, 2);
  orr_harness_set_input (h, 0, a);
  orr_harness_set_input (h, 1, b);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 4);
}

static void
test_transpose (void)
{
  OrrConfig *config = CONFIGURE (&orr_transpose_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* [1 2 3; 4 5 6]' = [1 4; 2 5; 3 6] */
  const double a[] = { 1, 4, 2, 5, 3, 6 };
  const double y[] = { 1, 2, 3, 4, 5, 6 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -2, -1, ORR_TYPE_DOUBLE);
  h = harness3 (&orr_transpose_class, config, 2, 3, 0);
  orr_harness_set_input (h, 0, a);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 6);
}

static void
test_inverse (void)
{
  OrrConfig *config = CONFIGURE (&orr_inverse_class, NULL);
  g_autoptr (OrrHarness) h = NULL, big = NULL, sing = NULL;
  /* [4 7; 2 6]^-1 = [6 -7; -2 4] / 10 */
  const double a[] = { 4, 2, 7, 6 };
  const double y[] = { 0.6, -0.2, -0.7, 0.4 };
  /* needs a row exchange: [0 1 2; 1 0 3; 4 -3 8] */
  const double b[] = { 0, 1, 4, 1, 0, -3, 2, 3, 8 };
  const double singular[] = { 1, 2, 2, 4 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), -1, -1, ORR_TYPE_DOUBLE);

  h = harness3 (&orr_inverse_class, config, 2, 0, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, a);
  at_event (h);
  run_outputs (h);
  assert_close_relative (orr_harness_output (h, 0), y, 4, 1e-15);

  /* b * inv(b) = I */
  big = harness3 (&orr_inverse_class, CONFIGURE (&orr_inverse_class, NULL), 3, 0, 0);
  orr_harness_run (big, ORR_JOB_INIT);
  orr_harness_set_input (big, 0, b);
  at_event (big);
  run_outputs (big);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      {
        double s = 0;

        for (int k = 0; k < 3; k++)
          s += b[i + 3 * k] * orr_harness_output (big, 0)[k + 3 * j];
        g_assert_cmpfloat_with_epsilon (s, i == j, 1e-14);
      }
  g_assert_cmpint (big->n_errors, ==, 0);

  /* singular: NaN at a trial point, an error at an accepted one */
  sing = harness3 (&orr_inverse_class, CONFIGURE (&orr_inverse_class, NULL), 2, 0, 0);
  orr_harness_run (sing, ORR_JOB_INIT);
  orr_harness_set_input (sing, 0, singular);
  at_trial (sing);
  run_outputs (sing);
  g_assert_cmpint (sing->n_errors, ==, 0);
  g_assert_true (isnan (orr_harness_output (sing, 0)[0]));
  at_event (sing);
  run_outputs (sing);
  g_assert_cmpint (sing->n_errors, ==, 1);
  g_assert_nonnull (strstr (sing->error, "singular"));
}

/* ---- the compiled expressions against the general evaluator ----------------------- */

/* A formula for the program and one for the evaluator that means the same
 * (they differ only where the program understands .if/.switch). */
typedef struct
{
  const char *program;
  const char *reference;
} Formula;

/* Random inputs of the given sizes in [-1, 1], the scope holding them and
 * p for the evaluator, and the same values as arrays for the program. */
typedef struct
{
  int n;
  const int *rows, *cols;
  double **values;
  OrrScope *scope;
} Inputs;

static void
inputs_draw (Inputs *in, GRand *rand, OrrValue *p)
{
  in->scope = orr_scope_new (NULL);
  orr_scope_set (in->scope, "p", p);
  for (int k = 0; k < in->n; k++)
    {
      int numel = in->rows[k] * in->cols[k];
      g_autofree char *name = g_strdup_printf ("u%d", k + 1);
      g_autoptr (OrrValue) v = NULL;

      for (int i = 0; i < numel; i++)
        in->values[k][i] = g_rand_double_range (rand, -1, 1);
      v = orr_value_new_from_doubles (in->rows[k], in->cols[k], in->values[k]);
      orr_scope_set (in->scope, name, v);
    }
}

/* Runs every formula on @trials random draws through the compiled
 * program and through orr_expr_evaluate(), and compares. */
static void
compare_with_evaluator (const Formula *formulas, guint n_formulas, int n, const int *rows,
                        const int *cols, const char *p_text, int trials)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);
  g_autoptr (OrrValue) p = orr_expr_evaluate (p_text, NULL, NULL);
  g_autofree double **values = g_new0 (double *, n + 1);
  Inputs in = { n, rows, cols, values, NULL };

  g_assert_nonnull (p);
  for (int k = 0; k < n; k++)
    values[k] = g_new (double, rows[k] * cols[k]);
  for (guint f = 0; f < n_formulas; f++)
    {
      g_autoptr (OrrScope) pscope = orr_scope_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrExprProgram) program = NULL;
      int out_rows, out_cols;

      orr_scope_set (pscope, "p", p);
      program = orr_expr_program_new (formulas[f].program, n, rows, cols, pscope, &error);
      if (program == NULL)
        g_error ("%s: %s", formulas[f].program, error->message);
      orr_expr_program_get_size (program, &out_rows, &out_cols);
      for (int t = 0; t < trials; t++)
        {
          g_autoptr (OrrValue) expected = NULL;
          g_autofree double *got = g_new (double, MAX (out_rows * out_cols, 1));

          inputs_draw (&in, rand, p);
          expected = orr_expr_evaluate (formulas[f].reference, in.scope, &error);
          g_clear_pointer (&in.scope, orr_scope_unref);
          if (expected == NULL)
            g_error ("%s: %s", formulas[f].reference, error->message);
          g_assert_true (orr_expr_program_run (program, (const double *const *)values, got));
          if ((int)orr_value_rows (expected) != out_rows
              || (int)orr_value_cols (expected) != out_cols)
            g_error ("%s: %dx%d, the evaluator gives %zux%zu", formulas[f].program, out_rows,
                     out_cols, orr_value_rows (expected), orr_value_cols (expected));
          for (int i = 0; i < out_rows * out_cols; i++)
            {
              double want = orr_value_get_real (expected, i);

              g_assert_cmpfloat (orr_value_get_imag (expected, i), ==, 0);
              if (!(fabs (got[i] - want) <= 1e-10 * MAX (1.0, fabs (want))))
                g_error ("%s, element %d: %.17g, the evaluator gives %.17g", formulas[f].program, i,
                         got[i], want);
            }
        }
    }
  for (int k = 0; k < n; k++)
    g_free (values[k]);
}

/* Scalar formulas as MathExpression compiles them: inputs in [-1, 1]. */
static void
test_scalar_formulas (void)
{
  static const Formula formulas[] = {
    { "sin(u1)*u2 + p(1)", NULL },
    { "u1^2 - 3*u2/(1 + u1^2)", NULL },
    { "-u1^2 + 2^-u2", NULL },
    { "exp(-u1^2)*cos(p(2)*u2) - tan(u1/2)", NULL },
    { "atan2(u1, u2) + hypot(u1, u2) + atan(u3)", NULL },
    { "max(u1, u2) - min(u1, p(1)) + abs(u3)", NULL },
    { "abs(u1) + sign(u2)*floor(u1*3) + ceil(u2*2) + round(u3*4) + fix(u1*5)", NULL },
    { "(u1 > u2) + (u1 <= 0.5)*2 + (u1 > 0 && u2 > 0)*4 + (u1 < 0 || u2 < -0.5)*8", NULL },
    { "(u1 == u1) + (u1 ~= u2)*2 + (u1 >= u3)*4 + ~(u2 < 0)*8 + (u1 < 0 & u3 > 0)*16", NULL },
    { "mod(u1*10, 3) + rem(u2*10, 3) + mod(-7, u3 + 2)", NULL },
    { "sqrt(u1^2 + 1) + log(1 + u2^2) + log10(2 + u1) + log2(3 + u3)", NULL },
    { "tanh(u1) + sinh(u2)/cosh(u2) + asin(u3) + acos(u1/2) + asinh(u2) + atanh(u3/2)", NULL },
    { "abs(u1)^u2 + u1 .^ 2 + u2 ./ (2 + u3) + (2 + u3) .\\ u1 + u1 \\ 3", NULL },
    { "p(1)*u1 + p(2)*u2 + p(end)*u3 + numel(p)", NULL },
    { ".if u1 > u2 .then u1 - u2 .else (u2 - u1)^2 .end",
      "(u1 > u2)*(u1 - u2) + (u1 <= u2)*(u2 - u1)^2" },
    { ".if u1 > 0 .then .if u2 > 0 .then 1 .else 2 .end .else 3 .end",
      "(u1 > 0)*((u2 > 0)*1 + (u2 <= 0)*2) + (u1 <= 0)*3" },
    { ".switch round(u1*2) .case 1, 10 .case -1, u2 .otherwise 0 .end",
      "(round(u1*2) == 1)*10 + (round(u1*2) == -1)*u2" },
  };
  static const int ones[] = { 1, 1, 1 };
  Formula with_reference[G_N_ELEMENTS (formulas)];

  for (guint k = 0; k < G_N_ELEMENTS (formulas); k++)
    {
      with_reference[k].program = formulas[k].program;
      with_reference[k].reference
        = formulas[k].reference ? formulas[k].reference : formulas[k].program;
    }
  compare_with_evaluator (with_reference, G_N_ELEMENTS (formulas), 3, ones, ones, "[0.5 -2 3]",
                          200);
}

/* Matrix formulas: u1 3x3, u2 3x1, u3 1x3, u4 1x1, p a 3x3 matrix. */
static void
test_matrix_formulas (void)
{
  static const Formula formulas[] = {
    { "u1*u2 + u4", NULL },
    { "u1 / 2 + 2 ./ (3 + u1) - u4 \\ u1", NULL },
    { "u3 * u2 + u2 * u3 - u1'", NULL },
    { "-u1' + u1(:, end:-1:1) + reshape(u1(end:-1:1), 3, 3)", NULL },
    { "[u2; u4] + [u3, u4]'", NULL },
    { "isnan(u1) + isinf(u1 ./ 0) + isfinite(u1) + sign(u1) .* abs(u1)", NULL },
    { "[.if u4 > 0 .then 1 .else 2 .end, u4; u3(2:3)]", "[(u4 > 0) + 2*(u4 <= 0), u4; u3(2:3)]" },
    { "u3*u1*u2", NULL },
    { "u1'*u2 - u3'", NULL },
    { "u1 .* (u2*u3) ./ (2 + u4^2)", NULL },
    { "inv(u1 + 4*eye(3))*u2", NULL },
    { "det(u1) + trace(u1) + det(u4)", NULL },
    { "(u1 + 4*eye(3)) \\ u2", NULL },
    { "u3 / (u1 + 4*eye(3))", NULL },
    { "[u1, u2; u3, u4]", NULL },
    { "[u2', 1; u1, [7; 8; 9]]", NULL },
    { "u1(2, :) * u2 + u1(end, end) + u1(end)", NULL },
    { "u1(:, [1 3]) + u1([3 1 2], 2:3) + u1([1 3], :)'", NULL },
    { "u1(:)' * u1(:)", NULL },
    { "u1([true false true], :)", NULL },
    { "sum(u1) + max(u1) - min(u1, [], 1) + prod(u3)", NULL },
    { "sum(u1, 2) + mean(u1, 2) + cumsum(u2) + max(u1, [], 2)", NULL },
    { "cumprod(u1) + cumsum(u1, 2) + any(u1 > 0.5) + all(u1 > -0.9, 1)", NULL },
    { "abs(u1) .^ 0.5 + sin(u1) .* cos(u1') - exp(-u1.^2)", NULL },
    { "floor(u1*3) + ceil(u1*3) + round(u1*3) + fix(u1*3)", NULL },
    { "(u1 > 0 & u1 < 0.5) + (u1 < -0.5 | u1 > 0.8) + ~(u1 > 0)", NULL },
    { "atan2(u1, 2) + hypot(u2, u3)", NULL },
    { "max(u2, u3) + min(u3, u2) .* u4", NULL },
    { "(u1 + 4*eye(3))^3 - (u1 + 4*eye(3))^-2 + u1^0", NULL },
    { "p*u2 + p(2, 1) + p(end, :)'", NULL },
    { "size(u1, 1) * u2 + numel(u3) + length(u2)", NULL },
    { "diag(u2) * u1 + diag(u1)' + repmat(u3, 3, 1)", NULL },
    { "fliplr(u1) + flipud(u1) + reshape(u1', 3, 3)", NULL },
    { "transpose(u3) + reshape(u3, 3, 1) + horzcat(u4, u4, u4)' + vertcat(u2(1), u4, 1)", NULL },
    { "u2(round(abs(u4)*2) + 1) + u1(round(abs(u4)*2) + 1, 3)", NULL },
    { "u2(u4*0 + [1 3 2]) + u1(1, round(abs(u4)) + 2)", NULL },
    { ".if u1 > 0 .then u1 .else -2*u1 .end", "(u1 > 0).*u1 + (u1 <= 0).*(-2*u1)" },
    { ".if u2 > u3 .then 1 .else u4 .end", "(u2 > u3) + (u2 <= u3)*u4" },
    { ".switch round(u1*2) .case 1, u1 .case -1, 5 .otherwise u2 .end",
      "(round(u1*2) == 1).*u1 + (round(u1*2) == -1)*5 "
      "+ (round(u1*2) ~= 1 & round(u1*2) ~= -1).*repmat(u2, 1, 3)" },
  };
  static const int rows[] = { 3, 3, 1, 1 }, cols[] = { 3, 1, 3, 1 };
  Formula list[G_N_ELEMENTS (formulas)];

  for (guint k = 0; k < G_N_ELEMENTS (formulas); k++)
    {
      list[k].program = formulas[k].program;
      list[k].reference = formulas[k].reference ? formulas[k].reference : formulas[k].program;
    }
  compare_with_evaluator (list, G_N_ELEMENTS (formulas), 4, rows, cols, "[1 2 3; 4 5 6; 7 8 10]",
                          50);
}

static OrrExprProgram *
compile_ok (const char *text, int n, const int *rows, const int *cols)
{
  g_autoptr (GError) error = NULL;
  OrrExprProgram *program = orr_expr_program_new (text, n, rows, cols, NULL, &error);

  if (program == NULL)
    g_error ("%s: %s", text, error->message);
  return program;
}

/* The message of a compilation that must fail, with its position. */
static char *
compile_error (const char *text, int n, const int *rows, const int *cols, int line, int column)
{
  g_autoptr (GError) error = NULL;
  OrrExprProgram *program = orr_expr_program_new (text, n, rows, cols, NULL, &error);
  int l, c;

  g_assert_null (program);
  g_assert_error (error, ORR_EXPR_ERROR, error->code);
  g_test_message ("%s -> %s", text, error->message);
  g_assert_true (orr_expr_error_location (error, &l, &c));
  g_assert_cmpint (l, ==, line);
  g_assert_cmpint (c, ==, column);
  /* the excerpt shows the text as written, with a caret */
  g_assert_nonnull (strchr (error->message, '^'));
  return g_strdup (error->message);
}

static void
test_program_hand_cases (void)
{
  static const int rows[] = { 2, 2 }, cols[] = { 2, 1 };
  /* u1 = [1 2; 3 4], u2 = [5; 6] */
  const double u1[] = { 1, 3, 2, 4 }, u2[] = { 5, 6 };
  const double *in[] = { u1, u2 };
  const struct
  {
    const char *text;
    int rows, cols;
    double y[9];
  } cases[] = {
    { "u1*u2", 2, 1, { 17, 39 } },
    { "u1'", 2, 2, { 1, 2, 3, 4 } },
    { "[u1, u2; u2', 7]", 3, 3, { 1, 3, 5, 2, 4, 6, 5, 6, 7 } },
    { "inv(u1)", 2, 2, { -2, 1.5, 1, -0.5 } },
    { "det(u1)", 1, 1, { -2 } },
    { "u1 \\ u2", 2, 1, { -4, 4.5 } },
    { "u1^2", 2, 2, { 7, 15, 10, 22 } },
    { ".if u1 > 2 .then u1 .else 0 .end", 2, 2, { 0, 3, 0, 4 } },
    { ".switch u1 .case 1, 10 .case 4, 40 .otherwise -1 .end", 2, 2, { 10, -1, -1, 40 } },
    { "sum(u1)", 1, 2, { 4, 6 } },
    { "max(u1, [], 2)", 2, 1, { 2, 4 } },
    { "u1(end, :)", 1, 2, { 3, 4 } },
    { "size(u1) + 0*u1(1)", 1, 2, { 2, 2 } },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (OrrExprProgram) program = compile_ok (cases[k].text, 2, rows, cols);
      double y[9];
      int r, c;

      orr_expr_program_get_size (program, &r, &c);
      g_assert_cmpint (r, ==, cases[k].rows);
      g_assert_cmpint (c, ==, cases[k].cols);
      g_assert_true (orr_expr_program_run (program, in, y));
      g_assert_null (orr_expr_program_get_error (program));
      assert_close_relative (y, cases[k].y, r * c, 1e-15);
    }
}

/* Constants fold away; picking elements costs nothing; unused inputs are
 * known. */
static void
test_program_folding (void)
{
  static const int rows[] = { 2, 1 }, cols[] = { 2, 1 };
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  g_autoptr (OrrValue) p = orr_value_new_double (4);
  g_autoptr (OrrExprProgram) constant = NULL, pick = NULL, column = NULL, one = NULL;
  g_autoptr (GError) error = NULL;
  const double u1[] = { 1, 3, 2, 4 }, u2[] = { 5 };
  const double *in[] = { u1, u2 };
  double y[4];

  orr_scope_set (scope, "p", p);
  constant = orr_expr_program_new ("p(1)*3 + sum(1:4) + size(u1, 1)", 2, rows, cols, scope, &error);
  g_assert_no_error (error);
  g_assert_cmpint (orr_expr_program_get_n_instructions (constant), ==, 0);
  g_assert_false (orr_expr_program_uses_input (constant, 0));
  g_assert_true (orr_expr_program_run (constant, in, y));
  g_assert_cmpfloat (y[0], ==, 4 * 3 + 10 + 2);

  pick = compile_ok ("u1(2, 1)", 2, rows, cols);
  g_assert_cmpint (orr_expr_program_get_n_instructions (pick), ==, 0);
  g_assert_true (orr_expr_program_uses_input (pick, 0));
  g_assert_false (orr_expr_program_uses_input (pick, 1));
  g_assert_true (orr_expr_program_run (pick, in, y));
  g_assert_cmpfloat (y[0], ==, 3);

  column = compile_ok ("u1(:)", 2, rows, cols);
  g_assert_cmpint (orr_expr_program_get_n_instructions (column), ==, 0);

  /* a scalar formula is a handful of instructions */
  one = compile_ok ("sin(u2)*u2 + 1", 2, rows, cols);
  g_assert_cmpint (orr_expr_program_get_n_instructions (one), ==, 3);
  g_assert_true (orr_expr_program_run (one, in, y));
  g_assert_cmpfloat (y[0], ==, sin (5.0) * 5 + 1);
}

static void
test_program_errors (void)
{
  static const int rows[] = { 2, 2 }, cols[] = { 2, 1 };
  g_autofree char *m1 = NULL, *m2 = NULL, *m3 = NULL, *m4 = NULL, *m5 = NULL, *m6 = NULL;
  g_autofree char *m7 = NULL, *m8 = NULL, *m9 = NULL, *m10 = NULL, *m11 = NULL;
  static const int bad_rows[] = { 2, 3 }, bad_cols[] = { 2, 1 };

  m1 = compile_error ("u1*u2", 2, bad_rows, bad_cols, 1, 3);
  g_assert_nonnull (strstr (m1, "u1*u2: cannot multiply 2x2 by 3x1"));
  m2 = compile_error ("u1 + [1 2 3]", 2, rows, cols, 1, 4);
  g_assert_nonnull (strstr (m2, "cannot add 2x2 and 1x3"));
  m3 = compile_error ("sin(u1 +* 2)", 2, rows, cols, 1, 9);
  m4 = compile_error ("K*u1", 2, rows, cols, 1, 1);
  g_assert_nonnull (strstr (m4, "'K'"));
  /* the conditionals' keywords, checked before parsing */
  m5 = compile_error ("3 + .if u2 > 1 .then 1 .else 2", 2, rows, cols, 1, 5);
  g_assert_nonnull (strstr (m5, "'.if' without '.end'"));
  m6 = compile_error (".if u1 .then 1 .end", 2, rows, cols, 1, 16);
  m7 = compile_error ("u1 .else 1", 2, rows, cols, 1, 4);
  /* a syntax error inside a conditional points into the text as written */
  m8 = compile_error (".if u1 > .then 1 .else 2 .end", 2, rows, cols, 1, 10);
  g_assert_nonnull (strstr (m8, ".if u1 > .then"));
  g_assert_nonnull (strstr (m8, "found '.then'"));
  m9 = compile_error ("[1:u2(1)]", 2, rows, cols, 1, 3);
  g_assert_nonnull (strstr (m9, "must not depend on the inputs"));
  m10 = compile_error ("inv(u2)", 2, rows, cols, 1, 1);
  g_assert_nonnull (strstr (m10, "square"));
  m11 = compile_error ("reshape(u1, 1, 4)(1)", 2, rows, cols, 1, 18);
}

/* Indices computed from the inputs are checked when the program runs. */
static void
test_program_run_errors (void)
{
  static const int rows[] = { 3, 1 }, cols[] = { 1, 1 };
  g_autoptr (OrrExprProgram) program = compile_ok ("u1(u2) + 0*u2", 2, rows, cols);
  g_autoptr (OrrExprProgram) singular = compile_ok ("inv([1 2; 2 4] * u2)", 2, rows, cols);
  const double u1[] = { 10, 20, 30 };
  double u2[] = { 2 };
  const double *in[] = { u1, u2 };
  double y[4];

  g_assert_true (orr_expr_program_run (program, in, y));
  g_assert_cmpfloat (y[0], ==, 20);
  u2[0] = 4;
  g_assert_false (orr_expr_program_run (program, in, y));
  g_assert_true (isnan (y[0]));
  g_test_message ("%s", orr_expr_program_get_error (program));
  g_assert_nonnull (strstr (orr_expr_program_get_error (program), "line 1, column 1: index 4"));
  u2[0] = 3;
  g_assert_true (orr_expr_program_run (program, in, y));
  g_assert_null (orr_expr_program_get_error (program));
  g_assert_cmpfloat (y[0], ==, 30);

  g_assert_false (orr_expr_program_run (singular, in, y));
  g_assert_nonnull (strstr (orr_expr_program_get_error (singular), "singular"));
}

/* expm, eig, svd, lu and lsqminnorm of values that depend on the inputs,
 * against closed forms: the exponential of a diagonal, a nilpotent and a
 * rotation generator; eigenvalues of a triangular, a symmetric and a
 * rotation-scaling matrix; P A = L U; least squares of singular and tall
 * systems worked by hand. */
static void
test_program_matrix_functions (void)
{
  static const int rows[] = { 2, 1 }, cols[] = { 2, 1 };
  /* u1 = [1 2; 3 4], u2 = 0.7 */
  const double u1[] = { 1, 3, 2, 4 }, u2[] = { 0.7 };
  const double *in[] = { u1, u2 };
  const double w = 0.7, third = 1.0 / 3;
  const struct
  {
    const char *text;
    int rows, cols;
    double y[4];
    gboolean as_set; /* compare after sorting: LAPACK's order is its own */
  } cases[] = {
    { "expm([u2 0; 0 -2*u2])", 2, 2, { exp (w), 0, 0, exp (-2 * w) } },
    { "expm([0 u2; 0 0])", 2, 2, { 1, 0, w, 1 } },
    /* large enough to need scaling and squaring: 30 u2 = 21 rad */
    { "expm([0 -30*u2; 30*u2 0])",
      2,
      2,
      { cos (30 * w), sin (30 * w), -sin (30 * w), cos (30 * w) } },
    /* triangular, not symmetric: its diagonal */
    { "real(eig([u2 5; 0 -u2]))", 2, 1, { -w, w }, TRUE },
    { "imag(eig([u2 5; 0 -u2]))", 2, 1, { 0, 0 } },
    /* symmetric: ascending, as Scilab's spec and Xcos's MATEIG */
    { "real(eig([2 u2; u2 2]))", 2, 1, { 2 - w, 2 + w } },
    { "real(eig([1 -u2; u2 1]))", 2, 1, { 1, 1 } },
    { "imag(eig([1 -u2; u2 1]))", 2, 1, { -w, w }, TRUE },
    /* singular values: descending, of magnitude */
    { "svd([3*u2 0; 0 -4*u2])", 2, 1, { 4 * w, 3 * w } },
    { "svd([1 1; 1 1] + 0*u2)", 2, 1, { 2, 0 } },
    /* partial pivoting takes row 2 first: L = [1 0; 1/3 1], U = [3 4; 0 2/3] */
    { "lu(u1)", 2, 2, { 3, third, 4, 2.0 / 3 } },
    /* [1 1; 1 1] x = [2; 2]: the solutions x1 + x2 = 2, the shortest [1; 1] */
    { "lsqminnorm([1 1; 1 1] + 0*u2, [2; 2])", 2, 1, { 1, 1 } },
    /* tall: the mean of the right-hand side */
    { "lsqminnorm([1; 1; 1], [1; 2; 3]*u2)", 1, 1, { 2 * w } },
    /* a zero matrix (MATBKSL's example at t = 0): 0 */
    { "lsqminnorm([0*u2 0; 0 0], [1; 1])", 2, 1, { 0, 0 } },
    /* regular: the exact solution, as u1 \ [5; 6] */
    { "lsqminnorm(u1, [5; 6] + 0*u2)", 2, 1, { -4, 4.5 } },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (OrrExprProgram) program = compile_ok (cases[k].text, 2, rows, cols);
      double y[4];
      int r, c;

      g_test_message ("%s", cases[k].text);
      g_assert_cmpint (orr_expr_program_get_n_instructions (program), >, 0);
      orr_expr_program_get_size (program, &r, &c);
      g_assert_cmpint (r, ==, cases[k].rows);
      g_assert_cmpint (c, ==, cases[k].cols);
      g_assert_true (orr_expr_program_run (program, in, y));
      g_assert_null (orr_expr_program_get_error (program));
      if (cases[k].as_set && y[0] > y[1])
        {
          double swap = y[0];

          y[0] = y[1];
          y[1] = swap;
        }
      for (int i = 0; i < r * c; i++)
        g_assert_cmpfloat_with_epsilon (y[i], cases[k].y[i], 1e-13);
    }

  /* L U = P A for a 3x3 matrix of signals: unpack the factors in the
   * formula and compare with the rows of A that partial pivoting picks
   * (|12| then the larger of the rest) */
  {
    static const int r3[] = { 3 }, c3[] = { 3 };
    const double a[] = { 1, 5, 12, 2, 9, -8, 3, 7, 4 };
    const double *in3[] = { a };
    g_autoptr (OrrExprProgram) lu = compile_ok (
      "(lu(u1) .* [0 0 0; 1 0 0; 1 1 0] + eye(3)) * (lu(u1) .* [1 1 1; 0 1 1; 0 0 1])", 1, r3, c3);
    g_autoptr (OrrExprProgram) l = compile_ok ("lu(u1) .* [0 0 0; 1 0 0; 1 1 0]", 1, r3, c3);
    double y[9], ly[9];
    int order[3] = { 2, -1, -1 };

    g_assert_true (orr_expr_program_run (lu, in3, y));
    g_assert_true (orr_expr_program_run (l, in3, ly));
    /* the multipliers are at most 1 in magnitude */
    for (int i = 0; i < 9; i++)
      g_assert_cmpfloat (fabs (ly[i]), <=, 1.0);
    /* after eliminating row 3 (12 -8 4): rows 1 and 2 become
     * (0, 2 + 2/3, 3 - 1/3) and (0, 9 + 10/3, 7 - 5/3); the second is larger */
    order[1] = 1;
    order[2] = 0;
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        g_assert_cmpfloat_with_epsilon (y[i + 3 * j], a[order[i] + 3 * j], 1e-13);
  }

  /* eig alone of a signal would be complex */
  {
    g_autofree char *message = compile_error ("eig(u1)", 2, rows, cols, 1, 1);

    g_assert_nonnull (strstr (message, "real(eig"));
  }
}

/* ---- MathExpression, MatrixExpression as blocks ----------------------------------- */

static void
test_math_expression (void)
{
  OrrConfig *config = CONFIGURE (&orr_math_expression_class, "inputs", "2", "expression",
                                 "'sin(u1)*u2 + p(1)'", "parameters", "[0.5 7]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 0.3 }, u2[] = { 2 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (input_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_true (input_spec (config, 1)->feedthrough);
  h = harness3 (&orr_math_expression_class, config, 0, 0, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_nonnull (h->block.work);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  at_event (h);
  run_outputs (h);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, sin (0.3) * 2 + 0.5);
  h->time.phase = ORR_PHASE_TERMINATE;
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
  g_assert_cmpint (h->n_errors, ==, 0);

  /* an input the formula does not read is not feedthrough */
  config = CONFIGURE (&orr_math_expression_class, "inputs", "2", "expression", "'2*u1'", NULL);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_false (input_spec (config, 1)->feedthrough);
  orr_config_free (config);

  EXPECT_PARAM_ERROR_WITH (&orr_math_expression_class, "expression", "line 1, column 9",
                           "expression", "'sin(u1 +* 2)'", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_math_expression_class, "expression", "'K'", "expression", "'K*u1'",
                           NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_math_expression_class, "expression", "scalar", "expression",
                           "'[u1, u1]'", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_math_expression_class, "expression", "index", "expression",
                           "'p(3)*u1'", "parameters", "[1 2]", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_math_expression_class, "expression", "only input is u1",
                           "expression", "'u2'", NULL);
}

static void
test_matrix_expression (void)
{
  OrrConfig *config = CONFIGURE (&orr_matrix_expression_class, "sizes", "[2 2; 2 1]", "expression",
                                 "\"u1'*u2 + p\"", "parameters", "[1; -1]", NULL);
  g_autoptr (OrrHarness) h = NULL, bad = NULL, constant = NULL;
  /* [1 2; 3 4]' * [5; 6] + [1; -1] = [23 + 1; 34 - 1] */
  const double u1[] = { 1, 3, 2, 4 }, u2[] = { 5, 6 };
  const double y[] = { 24, 33 };
  const double huge[] = { 10 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (input_spec (config, 0), 2, 2, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), 2, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 2, 1, ORR_TYPE_DOUBLE);
  h = harness3 (&orr_matrix_expression_class, config, 0, 0, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  at_event (h);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 2);
  orr_harness_run (h, ORR_JOB_TERMINATE);

  /* an index computed from the inputs out of range: NaN at a trial point,
   * an error at an accepted one */
  bad = harness3 (
    &orr_matrix_expression_class,
    CONFIGURE (&orr_matrix_expression_class, "sizes", "[3 1; 1 1]", "expression", "'u1(u2)'", NULL),
    0, 0, 0);
  orr_harness_run (bad, ORR_JOB_INIT);
  orr_harness_set_input (bad, 1, huge);
  at_trial (bad);
  run_outputs (bad);
  g_assert_true (isnan (orr_harness_output (bad, 0)[0]));
  g_assert_cmpint (bad->n_errors, ==, 0);
  at_event (bad);
  run_outputs (bad);
  g_assert_cmpint (bad->n_errors, ==, 1);
  g_assert_nonnull (strstr (bad->error, "index 10 is out of bounds 1..3"));
  orr_harness_run (bad, ORR_JOB_TERMINATE);

  /* no inputs: a constant formula of p */
  config = CONFIGURE (&orr_matrix_expression_class, "sizes", "[]", "expression", "'eye(2)*p'",
                      "parameters", "3", NULL);
  assert_ports (config, 0, 1, 0, 0);
  assert_port (output_spec (config, 0), 2, 2, ORR_TYPE_DOUBLE);
  constant = harness3 (&orr_matrix_expression_class, config, 0, 0, 0);
  orr_harness_run (constant, ORR_JOB_INIT);
  run_outputs (constant);
  g_assert_cmpfloat (orr_harness_output (constant, 0)[3], ==, 3);
  orr_harness_run (constant, ORR_JOB_TERMINATE);

  EXPECT_PARAM_ERROR_WITH (&orr_matrix_expression_class, "expression",
                           "u1*u2: cannot multiply 2x2 by 3x1", "sizes", "[2 2; 3 1]", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_matrix_expression_class, "expression", "empty", "expression",
                           "'u1([])'", NULL);
}

/* ---- ControlledSaturation, Quantization ------------------------------------------ */

static void
test_controlled_saturation (void)
{
  OrrConfig *config = CONFIGURE (&orr_controlled_saturation_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  /* per element: upper, u, lower; below, inside, above, crossed limits */
  const double hi[] = { 1, 1, 2, -1 }, u[] = { -3, 0.5, 4, 0 }, lo[] = { 0, -1, 0, 1 };
  const double y[] = { 0, 0.5, 2, -1 };
  const int modes[] = { 3, 1, 2, 2 };
  const double g[] = { 3, 1.5 * 0.5, 2, 1 };
  const double u_later[] = { 0.5, 3, 1, 0 }, y_later[] = { 0, 3, 2, -1 };

  assert_ports (config, 3, 1, 0, 0);
  for (int i = 0; i < 3; i++)
    {
      assert_port (input_spec (config, i), -1, -2, ORR_TYPE_DOUBLE);
      g_assert_true (input_spec (config, i)->feedthrough);
    }
  g_assert_cmpstr (input_spec (config, 1)->label, ==, "u");
  g_assert_cmpint (config->ng, ==, -1);
  h = harness3 (&orr_controlled_saturation_class, config, 4, 1, 0);
  orr_harness_set_surfaces (h, 4, 4);
  orr_harness_set_input (h, 0, hi);
  orr_harness_set_input (h, 1, u);
  orr_harness_set_input (h, 2, lo);
  at_event (h);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 4);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_modes (h, modes, 4);
  assert_close_relative (h->block.g, g, 4, 1e-15);
  /* modes held: each element keeps its branch whatever u does now */
  at_trial (h);
  orr_harness_set_input (h, 1, u_later);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y_later, 4);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  /* element 1 came back above its lower limit: lower - u < 0 */
  g_assert_cmpfloat (h->block.g[0], ==, -0.5);

  EXPECT_PARAM_ERROR (&orr_controlled_saturation_class, "zero_crossing", "zero_crossing", "2",
                      NULL);
}

static void
test_quantization (void)
{
  const double u[] = { 0.26, -0.26, 0.37, -0.37, 0.04, -0.04 };
  /* step 0.1 by hand: round, floor, ceil, towards zero */
  const double expected[4][6] = {
    { 0.3, -0.3, 0.4, -0.4, 0.0, -0.0 },
    { 0.2, -0.3, 0.3, -0.4, 0.0, -0.1 },
    { 0.3, -0.2, 0.4, -0.3, 0.1, -0.0 },
    { 0.2, -0.2, 0.3, -0.3, 0.0, -0.0 },
  };

  for (int method = 1; method <= 4; method++)
    {
      g_autofree char *m = g_strdup_printf ("%d", method);
      OrrConfig *config = CONFIGURE (&orr_quantization_class, "step", "0.1", "method", m, NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_ports (config, 1, 1, 0, 0);
      h = harness3 (&orr_quantization_class, config, 6, 1, 0);
      orr_harness_set_surfaces (h, 6, 6);
      orr_harness_set_input (h, 0, u);
      at_event (h);
      run_outputs (h);
      g_test_message ("method %d", method);
      assert_close (orr_harness_output (h, 0), expected[method - 1], 6, 1e-15);
      orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
      for (int i = 0; i < 6; i++)
        g_assert_cmpfloat (h->block.g[i], >, 0);
      /* the level is held while modes are fixed, and the surface turns
       * negative once the input has left the level's interval */
      at_trial (h);
      orr_harness_set_input (h, 0, (double[]){ 0.61, -0.61, 0.61, -0.61, 0.61, -0.61 });
      run_outputs (h);
      assert_close (orr_harness_output (h, 0), expected[method - 1], 6, 1e-15);
      orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
      for (int i = 0; i < 6; i++)
        g_assert_cmpfloat (h->block.g[i], <, 0);
    }
  /* round's surface for u = 0.26 in level 3: (2.6 - 2.5)(3.5 - 2.6) = 0.09 */
  {
    OrrConfig *config = CONFIGURE (&orr_quantization_class, "step", "0.1", NULL);
    g_autoptr (OrrHarness) h = harness3 (&orr_quantization_class, config, 1, 1, 0);

    orr_harness_set_surfaces (h, 1, 1);
    orr_harness_set_input (h, 0, (double[]){ 0.26 });
    at_event (h);
    orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
    g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.09, 1e-12);
    g_assert_cmpint (h->block.mode[0], ==, 4);
  }
  EXPECT_PARAM_ERROR (&orr_quantization_class, "step", "step", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_quantization_class, "step", "step", "-1", NULL);
  EXPECT_PARAM_ERROR (&orr_quantization_class, "method", "method", "5", NULL);
}

/* ---- Horner, RoundProduct, MathExpressions, UnitConversion, CrossProduct, Sort ----- */

static void
test_horner (void)
{
  OrrConfig *config = CONFIGURE (&orr_horner_class, "coefficients", "[2 -3 0 5]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 0, 1, -2, 0.5 };
  /* 2u^3 - 3u^2 + 5 */
  const double y[] = { 5, 4, -23, 4.5 };

  assert_ports (config, 1, 1, 0, 0);
  h = harness3 (&orr_horner_class, config, 4, 1, 0);
  orr_harness_set_input (h, 0, u);
  run_outputs (h);
  assert_close (orr_harness_output (h, 0), y, 4, 1e-15);
  EXPECT_PARAM_ERROR (&orr_horner_class, "coefficients", "coefficients", "[1 NaN]", NULL);
  EXPECT_PARAM_ERROR (&orr_horner_class, "coefficients", "coefficients", "[]", NULL);
}

static void
test_round_product (void)
{
  const double a[] = { 1.5, -1.5, 2.2, -0.7 }, b[] = { 1, 1, 2, 1 };
  /* products 1.5, -1.5, 4.4, -0.7 */
  const double expected[4][4]
    = { { 2, -2, 4, -1 }, { 1, -2, 4, -1 }, { 2, -1, 5, -0.0 }, { 1, -1, 4, -0.0 } };

  for (int m = 1; m <= 4; m++)
    {
      g_autofree char *method = g_strdup_printf ("%d", m);
      OrrConfig *config = CONFIGURE (&orr_round_product_class, "method", method, NULL);
      g_autoptr (OrrHarness) h = harness3 (&orr_round_product_class, config, 4, 1, 0);

      orr_harness_set_input (h, 0, a);
      orr_harness_set_input (h, 1, b);
      run_outputs (h);
      assert_close (orr_harness_output (h, 0), expected[m - 1], 4, 0);
    }
  EXPECT_PARAM_ERROR (&orr_round_product_class, "method", "method", "5", NULL);
  EXPECT_PARAM_ERROR (&orr_round_product_class, "inputs", "inputs", "0", NULL);
}

static void
test_math_expressions (void)
{
  OrrConfig *config = CONFIGURE (&orr_math_expressions_class, "inputs", "2", "expressions",
                                 "u1 + u2*p(1)\n[u1; u2; u1*u2]\n\n2", "parameters", "10", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1 = 3, u2 = 4;

  /* three formulas, three outputs of their sizes; the constant one reads
   * no input, the inputs feed through */
  assert_ports (config, 2, 3, 0, 0);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 1), 3, 1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 2), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 1)->feedthrough);
  h = harness3 (&orr_math_expressions_class, config, 1, 1, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, &u1);
  orr_harness_set_input (h, 1, &u2);
  run_outputs (h);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, 43);
  assert_doubles (orr_harness_output (h, 1), (double[]){ 3, 4, 12 }, 3);
  g_assert_cmpfloat (orr_harness_output (h, 2)[0], ==, 2);
  orr_harness_run (h, ORR_JOB_TERMINATE);
  EXPECT_PARAM_ERROR_WITH (&orr_math_expressions_class, "expressions", "formula 2", "expressions",
                           "u1\nu1 +", NULL);
  EXPECT_PARAM_ERROR (&orr_math_expressions_class, "expressions", "expressions", "u2", NULL);
  EXPECT_PARAM_ERROR (&orr_math_expressions_class, "expressions", "expressions", "\n \n", NULL);
}

static void
test_unit_conversion (void)
{
  /* (from, to, u, y) worked out from the definitions of the units */
  static const struct
  {
    const char *from, *to;
    double u, y;
  } cases[] = {
    { "'m'", "'ft'", 0.3048, 1 },         { "'degC'", "'degF'", 100, 212 },
    { "'degF'", "'degC'", -40, -40 },     { "'degC'", "'K'", 0, 273.15 },
    { "'km/h'", "'m/s'", 36, 10 },        { "'rev'", "'deg'", 1, 360 },
    { "'rpm'", "'rad/s'", 60, 2 * G_PI }, { "'bar'", "'kPa'", 1, 100 },
    { "'kWh'", "'J'", 1, 3.6e6 },         { "'mi'", "'km'", 1, 1.609344 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      OrrConfig *config
        = CONFIGURE (&orr_unit_conversion_class, "from", cases[i].from, "to", cases[i].to, NULL);
      g_autoptr (OrrHarness) h = harness3 (&orr_unit_conversion_class, config, 1, 1, 0);

      g_test_message ("%s -> %s", cases[i].from, cases[i].to);
      orr_harness_set_input (h, 0, &cases[i].u);
      run_outputs (h);
      g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], cases[i].y,
                                      1e-12 * MAX (1, fabs (cases[i].y)));
    }
  EXPECT_PARAM_ERROR_WITH (&orr_unit_conversion_class, "to", "length", "from", "'m'", "to", "'s'",
                           NULL);
  EXPECT_PARAM_ERROR (&orr_unit_conversion_class, "from", "from", "'furlong'", NULL);
  EXPECT_PARAM_ERROR (&orr_unit_conversion_class, "from", "from", "3", NULL);
}

static void
test_cross_product (void)
{
  OrrConfig *config = CONFIGURE (&orr_cross_product_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 }, y[] = { -3, 6, -3 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (output_spec (config, 0), 3, 1, ORR_TYPE_DOUBLE);
  h = harness3 (&orr_cross_product_class, config, 1, 1, 0);
  orr_harness_set_input (h, 0, a);
  orr_harness_set_input (h, 1, b);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 3);
}

static void
test_sort (void)
{
  const double u[] = { 3, NAN, 1, 3, -2 };
  const double inc[] = { -2, 1, 3, 3, NAN }, inc_index[] = { 5, 3, 1, 4, 2 };
  const double dec[] = { 3, 3, 1, -2, NAN }, dec_index[] = { 1, 4, 3, 5, 2 };

  for (int order = 1; order <= 2; order++)
    {
      OrrConfig *config = CONFIGURE (&orr_sort_class, "order", order == 1 ? "1" : "2", NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_ports (config, 1, 2, 0, 0);
      h = harness3 (&orr_sort_class, config, 5, 1, 0);
      orr_harness_run (h, ORR_JOB_INIT);
      orr_harness_set_input (h, 0, u);
      run_outputs (h);
      assert_doubles (orr_harness_output (h, 0), order == 1 ? inc : dec, 5);
      assert_doubles (orr_harness_output (h, 1), order == 1 ? inc_index : dec_index, 5);
    }
  EXPECT_PARAM_ERROR (&orr_sort_class, "order", "order", "3", NULL);
}

static void
test_complex_parts (void)
{
  g_autoptr (OrrHarness) to = NULL, from = NULL, polar = NULL, back = NULL;
  OrrConfig *c;
  const double re[] = { 3, -1 }, im[] = { 4, 0 };
  const double z[] = { 3, 4, -1, 0 };

  c = CONFIGURE (&orr_real_imag_to_complex_class, NULL);
  assert_ports (c, 2, 1, 0, 0);
  assert_port (output_spec (c, 0), -1, -2, ORR_TYPE_COMPLEX);
  to = harness3 (&orr_real_imag_to_complex_class, c, 2, 1, 0);
  orr_harness_set_input (to, 0, re);
  orr_harness_set_input (to, 1, im);
  run_outputs (to);
  assert_doubles (orr_harness_output (to, 0), z, 4);

  c = CONFIGURE (&orr_complex_to_real_imag_class, NULL);
  assert_port (input_spec (c, 0), -1, -2, ORR_TYPE_COMPLEX);
  from = harness3 (&orr_complex_to_real_imag_class, c, 2, 1, 0);
  /* a complex input holds two doubles per element: set_input copies one */
  memcpy (from->block.in[0].data, z, sizeof z);
  run_outputs (from);
  assert_doubles (orr_harness_output (from, 0), re, 2);
  assert_doubles (orr_harness_output (from, 1), im, 2);

  /* |3 + 4i| = 5, arg = atan2(4, 3); |-1| = 1, arg = pi */
  polar = harness3 (&orr_complex_to_mag_angle_class,
                    CONFIGURE (&orr_complex_to_mag_angle_class, NULL), 2, 1, 0);
  memcpy (polar->block.in[0].data, z, sizeof z);
  run_outputs (polar);
  assert_close (orr_harness_output (polar, 0), (double[]){ 5, 1 }, 2, 1e-15);
  assert_close (orr_harness_output (polar, 1), (double[]){ atan2 (4, 3), G_PI }, 2, 1e-15);

  back = harness3 (&orr_mag_angle_to_complex_class,
                   CONFIGURE (&orr_mag_angle_to_complex_class, NULL), 2, 1, 0);
  orr_harness_set_input (back, 0, orr_harness_output (polar, 0));
  orr_harness_set_input (back, 1, orr_harness_output (polar, 1));
  run_outputs (back);
  assert_close (orr_harness_output (back, 0), z, 4, 1e-15);
}

static void
test_assignment (void)
{
  OrrConfig *config = CONFIGURE (&orr_assignment_class, "indices", "[4 1]", NULL);
  g_autoptr (OrrHarness) h = NULL, bad = NULL;
  const double u1[] = { 1, 2, 3, 4, 5, 6 }, u2[] = { 40, 10 };
  const double y[] = { 10, 2, 3, 40, 5, 6 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (input_spec (config, 1), 2, 1, ORR_TYPE_DOUBLE);
  /* u1 is 2x3: index 4 is row 2, column 2 */
  h = harness3 (&orr_assignment_class, config, 2, 3, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_cmpint (h->n_errors, ==, 0);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), y, 6);
  /* an index past a 1x3 input is reported at initialisation */
  bad = harness3 (&orr_assignment_class,
                  CONFIGURE (&orr_assignment_class, "indices", "[4 1]", NULL), 1, 3, 0);
  orr_harness_run (bad, ORR_JOB_INIT);
  g_assert_cmpint (bad->n_errors, ==, 1);
  EXPECT_PARAM_ERROR (&orr_assignment_class, "indices", "indices", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_assignment_class, "indices", "indices", "1.5", NULL);
  EXPECT_PARAM_ERROR (&orr_assignment_class, "indices", "indices", "[]", NULL);
}

/* MaxMinInterval: a running maximum from the restart value [5; -5]: the
 * output is the extreme of what the accepted steps folded into z and the
 * input now; an event on the port starts again from [5; -5]. */
static void
test_max_min_interval (void)
{
  OrrConfig *config = CONFIGURE (&orr_max_min_interval_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  g_autoptr (OrrHarness) held = NULL;
  g_autoptr (OrrHarness) reset = NULL;

  /* the defaults: a running minimum from 0, feedthrough, no port */
  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_true (config->always_active);
  g_assert_cmpint (config->nz, ==, 1);
  h = harness3 (&orr_max_min_interval_class, config, 1, 1, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, (double[]){ 2 });
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), (double[]){ 0 }, 1);
  orr_harness_set_input (h, 0, (double[]){ -3 });
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), (double[]){ -3 }, 1);
  /* a trial point leaves z alone; the accepted step keeps -3 */
  g_assert_cmpfloat (h->block.z[0], ==, 0);
  g_assert_false (orr_harness_call_step_hook (h));
  g_assert_cmpfloat (h->block.z[0], ==, -3);
  orr_harness_set_input (h, 0, (double[]){ 1 });
  run_outputs (h);
  assert_doubles (orr_harness_output (h, 0), (double[]){ -3 }, 1);

  /* a maximum without feedthrough: the output is z alone */
  config = CONFIGURE (&orr_max_min_interval_class, "function", "2", "initial", "[5; -5]",
                      "feedthrough", "0", NULL);
  g_assert_false (input_spec (config, 0)->feedthrough);
  held = harness3 (&orr_max_min_interval_class, config, 1, 1, 0);
  orr_harness_run (held, ORR_JOB_INIT);
  orr_harness_set_input (held, 0, (double[]){ 3, -2 });
  run_outputs (held);
  assert_doubles (orr_harness_output (held, 0), (double[]){ 5, -5 }, 2);
  orr_harness_call_step_hook (held);
  orr_harness_set_input (held, 0, (double[]){ 7, NAN });
  run_outputs (held);
  assert_doubles (orr_harness_output (held, 0), (double[]){ 5, -2 }, 2);
  orr_harness_call_step_hook (held);
  run_outputs (held);
  /* NaN is ignored, as by fmax */
  assert_doubles (orr_harness_output (held, 0), (double[]){ 7, -2 }, 2);

  /* with the port: an event restarts from [5; -5] and the input then */
  config = CONFIGURE (&orr_max_min_interval_class, "function", "2", "initial", "[5; -5]",
                      "external", "1", NULL);
  assert_ports (config, 1, 1, 1, 0);
  reset = harness3 (&orr_max_min_interval_class, config, 1, 1, 0);
  orr_harness_run (reset, ORR_JOB_INIT);
  orr_harness_set_input (reset, 0, (double[]){ 9, 8 });
  orr_harness_call_step_hook (reset);
  run_outputs (reset);
  assert_doubles (orr_harness_output (reset, 0), (double[]){ 9, 8 }, 2);
  orr_harness_set_input (reset, 0, (double[]){ 1, -7 });
  reset->time.phase = ORR_PHASE_EVENT;
  reset->block.nevprt = 1;
  run_outputs (reset);
  assert_doubles (orr_harness_output (reset, 0), (double[]){ 5, -5 }, 2);
  orr_harness_run (reset, ORR_JOB_STATE_UPDATE);
  assert_doubles (reset->block.z, (double[]){ 5, -5 }, 2);
  reset->block.nevprt = 0;
  orr_harness_set_input (reset, 0, (double[]){ 6, -6 });
  run_outputs (reset);
  assert_doubles (orr_harness_output (reset, 0), (double[]){ 6, -5 }, 2);

  EXPECT_PARAM_ERROR (&orr_max_min_interval_class, "function", "function", "3", NULL);
  EXPECT_PARAM_ERROR (&orr_max_min_interval_class, "initial", "initial", "[1 inf]", NULL);
  EXPECT_PARAM_ERROR (&orr_max_min_interval_class, "feedthrough", "feedthrough", "2", NULL);
  EXPECT_PARAM_ERROR (&orr_max_min_interval_class, "external", "external", "-1", NULL);
}

/* FormattedString: the output's bytes against texts written out by hand,
 * the rest of the vector zeros. */
static void
check_text (const char *format, const char *n_inputs, const char *size, const double *u,
            const char *expected, int expected_len)
{
  OrrConfig *config = CONFIGURE (&orr_formatted_string_class, "format", format, "inputs", n_inputs,
                                 "size", size, NULL);
  g_autoptr (OrrHarness) h = NULL;
  int n = atoi (size), k = atoi (n_inputs);
  const guint8 *out;

  g_test_message ("format '%s'", format);
  assert_ports (config, k, 1, 0, 0);
  assert_port (output_spec (config, 0), n, 1, ORR_TYPE_UINT8);
  for (int i = 0; i < k; i++)
    {
      assert_port (input_spec (config, i), 1, 1, ORR_TYPE_INHERIT);
      g_assert_true (input_spec (config, i)->feedthrough);
    }
  h = harness3 (&orr_formatted_string_class, config, 1, 1, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  for (int i = 0; i < k; i++)
    orr_harness_set_input (h, i, &u[i]);
  run_outputs (h);
  out = h->block.out[0].data;
  g_assert_cmpint (expected_len, <=, n);
  g_assert_cmpmem (out, expected_len, expected, expected_len);
  for (int i = expected_len; i < n; i++)
    g_assert_cmpuint (out[i], ==, 0);
}

static void
test_formatted_string (void)
{
  OrrConfig *config;
  g_autoptr (OrrHarness) h = NULL;
  const gint32 minus_seven = -7;

  /* the default: %g of one input into 32 characters */
  config = CONFIGURE (&orr_formatted_string_class, NULL);
  assert_port (output_spec (config, 0), 32, 1, ORR_TYPE_UINT8);
  orr_config_free (config);

  check_text ("x = %5.2f V", "1", "16", (double[]){ 3.14159 }, "x =  3.14 V", 11);
  /* d truncates toward zero; u shows -1 as C does; x; c a character code */
  check_text ("%d|%u|%x|%c", "4", "32", (double[]){ -2.7, -1, 255, 65 },
              "-2|18446744073709551615|ff|A", 28);
  check_text ("%%%03d%%", "1", "8", (double[]){ 7 }, "%007%", 5);
  check_text ("a\\nb%g\\t\\\\", "1", "8", (double[]){ 0.5 }, "a\nb0.5\t\\", 8);
  check_text ("%+.1e;%-4ld;%hx", "3", "20", (double[]){ 1234.5, 12, 10 }, "+1.2e+03;12  ;a", 15);
  /* NaN: 0 as an integer, nan as a double */
  check_text ("%d %f", "2", "10", (double[]){ NAN, NAN }, "0 nan", 5);
  /* no conversion at all; no input */
  check_text ("plain", "0", "5", NULL, "plain", 5);
  /* truncation: the first size bytes of the whole text, no terminating 0
   * when it fills the vector, and later pieces dropped */
  check_text ("%e", "1", "5", (double[]){ 12345.678 }, "1.234", 5);
  check_text ("ab%dcd%d", "2", "4", (double[]){ 12, 34 }, "ab12", 4);
  check_text ("ab%dcd%d", "2", "5", (double[]){ 12, 34 }, "ab12c", 5);

  /* an integer signal: its value, whatever the type */
  config = CONFIGURE (&orr_formatted_string_class, "format", "[%d]", "size", "6", NULL);
  h = harness3 (&orr_formatted_string_class, config, 1, 1, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  h->block.in[0].type = ORR_TYPE_INT32;
  memcpy (h->block.in[0].data, &minus_seven, sizeof minus_seven);
  run_outputs (h);
  g_assert_cmpmem (h->block.out[0].data, 6, "[-7]\0\0", 6);

  /* an activation input on request */
  config = CONFIGURE (&orr_formatted_string_class, "external", "1", NULL);
  assert_ports (config, 1, 1, 1, 0);
  orr_config_free (config);

  /* refused, naming the block's parameter and the reason */
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "'*'", "format", "%*d", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "'*'", "format", "%.*f", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "%n", "format", "%n", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "not texts", "format", "%s",
                           NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "not texts", "format", "%p",
                           NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "unknown", "format", "%k", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "ends inside", "format", "abc%",
                           NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "3 digits", "format", "%1234d",
                           NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_formatted_string_class, "format", "2 conversion(s) for 1 input(s)",
                           "format", "%d %d", NULL);
  EXPECT_PARAM_ERROR (&orr_formatted_string_class, "size", "size", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_formatted_string_class, "size", "size", "1e6", NULL);
}

static void
test_data_type_conversion (void)
{
  const double u[] = { 1.5, -1.5, 200, -200, 300.4, NAN, -0.4 };
  /* (type, overflow) -> expected, worked out by hand */
  static const struct
  {
    const char *type, *overflow;
    OrrType id;
    double y[7];
  } cases[] = {
    { "2", "1", ORR_TYPE_INT8, { 2, -2, 127, -128, 127, 0, 0 } },
    { "2", "2", ORR_TYPE_INT8, { 2, -2, -56, 56, 44, 0, 0 } },
    { "5", "1", ORR_TYPE_UINT8, { 2, 0, 200, 0, 255, 0, 0 } },
    { "5", "2", ORR_TYPE_UINT8, { 2, 254, 200, 56, 44, 0, 0 } },
    { "3", "1", ORR_TYPE_INT16, { 2, -2, 200, -200, 300, 0, 0 } },
    { "7", "2", ORR_TYPE_UINT32, { 2, 4294967294.0, 200, 4294967096.0, 300, 0, 0 } },
    { "8", "1", ORR_TYPE_BOOL, { 1, 1, 1, 1, 1, 0, 1 } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      OrrConfig *config = CONFIGURE (&orr_data_type_conversion_class, "type", cases[c].type,
                                     "overflow", cases[c].overflow, NULL);
      g_autoptr (OrrHarness) h = NULL;

      g_test_message ("type %s, overflow %s", cases[c].type, cases[c].overflow);
      assert_port (output_spec (config, 0), -1, -2, cases[c].id);
      g_assert_cmpint (input_spec (config, 0)->type, ==, ORR_TYPE_INHERIT);
      h = harness3 (&orr_data_type_conversion_class, config, 7, 1, 0);
      orr_harness_set_input (h, 0, u);
      run_outputs (h);
      for (int i = 0; i < 7; i++)
        {
          const OrrPortBuffer *out = &h->block.out[0];
          double got;

          switch (cases[c].id)
            {
              case ORR_TYPE_INT8:
                got = ((gint8 *)out->data)[i];
                break;
              case ORR_TYPE_INT16:
                got = ((gint16 *)out->data)[i];
                break;
              case ORR_TYPE_UINT32:
                got = ((guint32 *)out->data)[i];
                break;
              default: /* uint8, bool */
                got = ((guint8 *)out->data)[i];
                break;
            }

          g_assert_cmpfloat (got, ==, cases[c].y[i]);
        }
    }
  /* from int16 back to double: exact */
  {
    OrrConfig *config = CONFIGURE (&orr_data_type_conversion_class, "type", "1", NULL);
    g_autoptr (OrrHarness) h = harness3 (&orr_data_type_conversion_class, config, 3, 1, 0);
    const gint16 v[] = { -32768, 7, 32767 };

    h->block.in[0].type = ORR_TYPE_INT16;
    memcpy (h->block.in[0].data, v, sizeof v);
    run_outputs (h);
    assert_doubles (orr_harness_output (h, 0), (double[]){ -32768, 7, 32767 }, 3);
  }
  EXPECT_PARAM_ERROR (&orr_data_type_conversion_class, "type", "type", "9", NULL);
  EXPECT_PARAM_ERROR (&orr_data_type_conversion_class, "overflow", "overflow", "3", NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/math/palette", test_palette);
  g_test_add_func ("/math/gain", test_gain_rules);
  g_test_add_func ("/math/sign", test_sign);
  g_test_add_func ("/math/abs-zero", test_abs_zero);
  g_test_add_func ("/math/math-function", test_math_function);
  for (guint i = 0; i < G_N_ELEMENTS (element_cases); i++)
    g_test_add_data_func (element_cases[i].path, &element_cases[i], test_element);
  block_test_add_param_errors ("/math/param-error", param_error_cases,
                               G_N_ELEMENTS (param_error_cases));
  g_test_add_func ("/math/min-max/two", test_min_max_two);
  g_test_add_func ("/math/min-max/one", test_min_max_one);
  g_test_add_func ("/math/saturation", test_saturation);
  g_test_add_func ("/math/dead-zone", test_dead_zone);
  g_test_add_func ("/math/rounding", test_rounding);
  g_test_add_func ("/math/relational-operator", test_relational_operator);
  g_test_add_func ("/math/logical-operator", test_logical_operator);
  g_test_add_func ("/math/matrix-multiply", test_matrix_multiply);
  g_test_add_func ("/math/transpose", test_transpose);
  g_test_add_func ("/math/inverse", test_inverse);
  g_test_add_func ("/math/controlled-saturation", test_controlled_saturation);
  g_test_add_func ("/math/quantization", test_quantization);
  g_test_add_func ("/math/horner", test_horner);
  g_test_add_func ("/math/round-product", test_round_product);
  g_test_add_func ("/math/math-expressions", test_math_expressions);
  g_test_add_func ("/math/unit-conversion", test_unit_conversion);
  g_test_add_func ("/math/cross-product", test_cross_product);
  g_test_add_func ("/math/sort", test_sort);
  g_test_add_func ("/math/complex-parts", test_complex_parts);
  g_test_add_func ("/math/assignment", test_assignment);
  g_test_add_func ("/math/data-type-conversion", test_data_type_conversion);
  g_test_add_func ("/math/max-min-interval", test_max_min_interval);
  g_test_add_func ("/math/formatted-string", test_formatted_string);
  g_test_add_func ("/math/program/scalar-formulas", test_scalar_formulas);
  g_test_add_func ("/math/program/matrix-formulas", test_matrix_formulas);
  g_test_add_func ("/math/program/hand-cases", test_program_hand_cases);
  g_test_add_func ("/math/program/folding", test_program_folding);
  g_test_add_func ("/math/program/errors", test_program_errors);
  g_test_add_func ("/math/program/run-errors", test_program_run_errors);
  g_test_add_func ("/math/program/matrix-functions", test_program_matrix_functions);
  g_test_add_func ("/math/math-expression", test_math_expression);
  g_test_add_func ("/math/matrix-expression", test_matrix_expression);

  return g_test_run ();
}
