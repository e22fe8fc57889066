/* test-expr.c - tests of the parameter language (engine/expr).
 *
 * Expected values are worked out by hand or analytically and written as
 * literals; tolerances are stated where floating point rounding matters.
 * The last tests feed malformed and random input, which must produce a
 * value or an error with a message, never a crash or a hang.
 */
#include <orrery/orr-base.h>
#include <orrery/orr-expr.h>

#include <float.h>
#include <math.h>
#include <string.h>

typedef struct
{
  const char *expr;
  const char *expected; /* a literal, evaluated the same way */
  double tol;           /* absolute tolerance per element part */
} Case;

static OrrValue *
eval_ok (const char *text, OrrScope *scope)
{
  GError *error = NULL;
  OrrValue *v = orr_expr_evaluate (text, scope, &error);

  if (v == NULL)
    g_error ("evaluating «%s» failed: %s", text, error->message);
  return v;
}

static void
run_ok (const char *text, OrrScope *scope)
{
  GError *error = NULL;

  if (!orr_script_run (text, scope, &error))
    g_error ("running «%s» failed: %s", text, error->message);
}

static gboolean
close_enough (double a, double b, double tol)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  if (isinf (a) || isinf (b))
    return a == b;
  return fabs (a - b) <= tol;
}

static void
assert_values_close (const char *what, OrrValue *v, OrrValue *e, double tol)
{
  gsize n;

  if (orr_value_get_type_id (v) != orr_value_get_type_id (e)
      || orr_value_rows (v) != orr_value_rows (e) || orr_value_cols (v) != orr_value_cols (e))
    {
      g_autofree char *dv = orr_value_to_display (v);
      g_autofree char *de = orr_value_to_display (e);

      g_error ("«%s» gave %s (%s %zux%zu), expected %s (%s %zux%zu)", what, dv,
               orr_type_name (orr_value_get_type_id (v)), orr_value_rows (v), orr_value_cols (v),
               de, orr_type_name (orr_value_get_type_id (e)), orr_value_rows (e),
               orr_value_cols (e));
    }
  if (orr_value_get_type_id (v) == ORR_TYPE_STRING)
    {
      g_assert_cmpstr (orr_value_get_string (v), ==, orr_value_get_string (e));
      return;
    }
  n = orr_value_numel (v);
  for (gsize i = 0; i < n; i++)
    if (!close_enough (orr_value_get_real (v, i), orr_value_get_real (e, i), tol)
        || !close_enough (orr_value_get_imag (v, i), orr_value_get_imag (e, i), tol))
      {
        g_autofree char *dv = orr_value_to_display (v);
        g_autofree char *de = orr_value_to_display (e);

        g_error ("«%s» gave %s, expected %s (element %zu, tolerance %g)", what, dv, de, i, tol);
      }
}

static void
check_cases (const Case *cases, gsize n, OrrScope *scope)
{
  for (gsize k = 0; k < n; k++)
    {
      g_autoptr (OrrValue) v = eval_ok (cases[k].expr, scope);
      g_autoptr (OrrValue) e = eval_ok (cases[k].expected, scope);

      assert_values_close (cases[k].expr, v, e, cases[k].tol);
    }
}

#define CHECK_CASES(cases, scope) check_cases (cases, G_N_ELEMENTS (cases), scope)

static double
eval_scalar (const char *text, OrrScope *scope)
{
  g_autoptr (OrrValue) v = eval_ok (text, scope);

  g_assert_cmpuint (orr_value_numel (v), ==, 1);
  return orr_value_get_real (v, 0);
}

/* Checks code, "line L, column C: " prefix, a message substring and that the
 * third line holds a caret under column C of the quoted source line. */
static void
check_error (GError *error, OrrExprError code, int line, int column, const char *substring)
{
  int l = 0, c = 0;
  g_auto (GStrv) lines = NULL;
  g_autofree char *prefix = g_strdup_printf ("line %d, column %d: ", line, column);

  g_assert_nonnull (error);
  if (!g_error_matches (error, ORR_EXPR_ERROR, code) || !g_str_has_prefix (error->message, prefix)
      || !strstr (error->message, substring))
    g_error ("expected error %d at %d:%d containing «%s», got %d: %s", code, line, column,
             substring, error->code, error->message);
  g_assert_true (orr_expr_error_location (error, &l, &c));
  g_assert_cmpint (l, ==, line);
  g_assert_cmpint (c, ==, column);
  lines = g_strsplit (error->message, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_true (g_str_has_prefix (lines[1], "  "));
  /* without tabs or a shortened line the caret sits at 2 + column - 1 */
  g_assert_cmpuint (strlen (lines[2]), ==, 2 + (gsize)column);
  g_assert_cmpint (lines[2][1 + column], ==, '^');
  for (int k = 0; k < 1 + column; k++)
    g_assert_cmpint (lines[2][k], ==, ' ');
}

static void
expect_eval_error (const char *text, OrrExprError code, int line, int column, const char *substring)
{
  GError *error = NULL;
  OrrValue *v = orr_expr_evaluate (text, NULL, &error);

  g_assert_null (v);
  check_error (error, code, line, column, substring);
  g_error_free (error);
}

static void
expect_script_error (const char *text, OrrExprError code, int line, int column,
                     const char *substring)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  GError *error = NULL;

  g_assert_false (orr_script_run (text, scope, &error));
  check_error (error, code, line, column, substring);
  g_error_free (error);
}

/* ---------------------------------------------------------------------- */

static void
test_value_api (void)
{
  static const double data[] = { 1, 2, 3, 4, 5, 6 };
  g_autoptr (OrrValue) m = orr_value_new_matrix (ORR_TYPE_INT16, 2, 3);
  g_autoptr (OrrValue) d = orr_value_new_from_doubles (2, 3, data);
  g_autoptr (OrrValue) s = orr_value_new_string ("héllo");
  g_autoptr (OrrValue) c = orr_value_new_complex (1, -2);
  g_autoptr (OrrValue) b = orr_value_new_bool (TRUE);
  g_autoptr (OrrValue) conv = NULL;
  double out[6] = { 0 };

  g_assert_cmpuint (orr_value_rows (m), ==, 2);
  g_assert_cmpuint (orr_value_cols (m), ==, 3);
  g_assert_cmpuint (orr_value_numel (m), ==, 6);
  for (gsize i = 0; i < 6; i++)
    g_assert_cmpint (((gint16 *)orr_value_data (m))[i], ==, 0);
  g_assert_false (orr_value_is_scalar (m));
  g_assert_cmpstr (orr_type_name (ORR_TYPE_UINT16), ==, "uint16");
  g_assert_cmpstr (orr_type_name (ORR_TYPE_BOOL), ==, "logical");
  /* column-major: element (2,1) is the second stored value */
  g_assert_cmpfloat (orr_value_get_real (d, 1), ==, 2);
  g_assert_true (orr_value_to_doubles (d, out, 6));
  g_assert_cmpfloat (out[5], ==, 6);
  g_assert_false (orr_value_to_doubles (d, out, 5));
  g_assert_false (orr_value_to_doubles (s, out, 1));
  g_assert_false (orr_value_to_doubles (c, out, 1));
  g_assert_true (orr_value_to_doubles (b, out, 1));
  g_assert_cmpfloat (out[0], ==, 1);
  g_assert_cmpstr (orr_value_get_string (s), ==, "héllo");
  g_assert_null (orr_value_get_string (d));
  g_assert_true (orr_value_is_scalar (s));
  g_assert_cmpfloat (orr_value_get_imag (c, 0), ==, -2);
  g_assert_true (isnan (orr_value_get_real (d, 6)));
  g_assert_null (orr_value_new_matrix (ORR_TYPE_DOUBLE, 100000, 100000));
  g_assert_null (orr_value_new_matrix (ORR_TYPE_STRING, 1, 1));
  /* conversion saturates and rounds half away from zero */
  conv = orr_value_convert (d, ORR_TYPE_UINT8);
  g_assert_cmpint (orr_value_get_type_id (conv), ==, ORR_TYPE_UINT8);
  g_assert_cmpint (((guint8 *)orr_value_data (conv))[3], ==, 4);
  g_clear_pointer (&conv, orr_value_unref);
  {
    static const double odd[] = { 2.5, -2.5, 300, NAN };
    g_autoptr (OrrValue) v = orr_value_new_from_doubles (1, 4, odd);

    conv = orr_value_convert (v, ORR_TYPE_INT8);
    g_assert_cmpint (((gint8 *)orr_value_data (conv))[0], ==, 3);
    g_assert_cmpint (((gint8 *)orr_value_data (conv))[1], ==, -3);
    g_assert_cmpint (((gint8 *)orr_value_data (conv))[2], ==, 127);
    g_assert_cmpint (((gint8 *)orr_value_data (conv))[3], ==, 0);
    g_assert_null (orr_value_convert (v, ORR_TYPE_BOOL));
  }
  g_assert_null (orr_value_convert (s, ORR_TYPE_DOUBLE));
  g_assert_true (orr_value_equal (d, d));
  g_assert_false (orr_value_equal (d, m));
  {
    g_autoptr (OrrValue) r = orr_value_ref (d);

    g_assert_true (r == d);
  }
}

static void
test_literals (void)
{
  static const Case cases[] = {
    { "1", "1", 0 },
    { "1.5", "3/2", 0 },
    { "1e-3", "0.001", 0 },
    { "1E3", "1000", 0 },
    { ".5", "0.5", 0 },
    { "5.", "5", 0 },
    { "1d2", "100", 0 },
    { "2i", "complex(0, 2)", 0 },
    { "3j", "complex(0, 3)", 0 },
    { "1.5e1i", "complex(0, 15)", 0 },
    { "true", "1 == 1", 0 },
    { "false", "1 == 0", 0 },
    { "pi", "3.141592653589793", 1e-15 },
    { "eps", "2.220446049250313e-16", 1e-30 },
    { "inf", "1/0", 0 },
    { "Inf", "1/0", 0 },
    { "-Inf", "-1/0", 0 },
    { "nan", "0/0", 0 },
    { "NaN", "0/0", 0 },
    { "i", "complex(0, 1)", 0 },
    { "j", "complex(0, 1)", 0 },
    { "'abc'", "\"abc\"", 0 },
    { "'it''s'", "\"it's\"", 0 },
    { "\"say \"\"hi\"\"\"", "'say \"hi\"'", 0 },
    { "''", "\"\"", 0 },
    { "1e999", "Inf", 0 },
  };
  CHECK_CASES (cases, NULL);
}

static void
test_precedence (void)
{
  static const Case cases[] = {
    { "2^3^2", "64", 0 },                                    /* left associative, as MATLAB */
    { "-2^2", "-4", 0 },                                     /* ^ binds tighter than unary minus */
    { "2^-1", "0.5", 0 },         { "2^-2^2", "0.0625", 0 }, /* (2^-2)^2 */
    { "1+2*3", "7", 0 },          { "(1+2)*3", "9", 0 },
    { "2*3^2", "18", 0 },         { "10-4-3", "3", 0 },
    { "8/4/2", "1", 0 },          { "2\\8", "4", 0 },
    { "1:3+1", "[1 2 3 4]", 0 }, /* + before : */
    { "(1:3)+1", "[2 3 4]", 0 },  { "1<2==1", "true", 0 },
    { "3>2>1", "false", 0 }, /* (3>2)>1 */
    { "~0+1", "2", 0 },      /* unary ~ before + */
    { "1|0&0", "true", 0 },  /* & before | */
    { "0&1|1", "true", 0 },       { "~1==0", "true", 0 },
    { "-3'", "-3", 0 },           { "2^3'", "8", 0 },
    { "-[1 2]'", "[-1; -2]", 0 }, { "[1 2]'*[1 2]", "[1 2; 2 4]", 0 },
    { "[1 2]*[1 2]'", "5", 0 },   { "1 + 2 == 3 && 4 > 3", "true", 0 },
    { "1 || 0 && 0", "true", 0 }, /* && before || */
    { "-2^-2", "-0.25", 0 },      { "2*-3", "-6", 0 },
    { "- - 3", "3", 0 },          { "+-+3", "-3", 0 },
    { "!0", "true", 0 },          { "3 - -2", "5", 0 },
  };

  CHECK_CASES (cases, NULL);
}

static void
test_arithmetic (void)
{
  static const Case cases[] = {
    { "[1 2; 3 4] + [10 20; 30 40]", "[11 22; 33 44]", 0 },
    { "[5 7] - [1 2]", "[4 5]", 0 },
    { "[1 2; 3 4] .* [2 3; 4 5]", "[2 6; 12 20]", 0 },
    { "[6 8] ./ [3 4]", "[2 2]", 0 },
    { "[3 4] .\\ [6 8]", "[2 2]", 0 },
    { "[2 3] .^ [3 2]", "[8 9]", 0 },
    { "[1 2; 3 4] * [5; 6]", "[17; 39]", 0 },
    { "[1 2; 3 4]^2", "[7 10; 15 22]", 0 },
    { "[1 2; 3 4]^0", "[1 0; 0 1]", 0 },
    { "[1 1; 0 1]^10", "[1 10; 0 1]", 0 },
    { "[2 0; 0 4]^-1", "[0.5 0; 0 0.25]", 1e-15 },
    { "[4 6] / 2", "[2 3]", 0 },
    { "2 \\ [4 6]", "[2 3]", 0 },
    { "2 * [1 2]", "[2 4]", 0 },
    { "1/0", "Inf", 0 },
    { "-1/0", "-Inf", 0 },
    { "0/0", "NaN", 0 },
    { "Inf - Inf", "NaN", 0 },
    { "(-8)^(1/3)", "complex(1, 1.7320508075688772)", 1e-14 },
    { "[-1 4] .^ 0.5", "[complex(0, 1) 2]", 1e-15 },
    { "0^0", "1", 0 },
    { "0^-1", "Inf", 0 },
    { "[] + 1", "zeros(0,0)", 0 },
    { "zeros(0,3) * zeros(3,2)", "zeros(0,2)", 0 },
    { "zeros(2,0) * zeros(0,3)", "zeros(2,3)", 0 },
    { "[1 2 3] + 1", "[2 3 4]", 0 },
    { "1 - [1 2 3]", "[0 -1 -2]", 0 },
  };

  CHECK_CASES (cases, NULL);
}

static void
test_broadcast (void)
{
  static const Case cases[] = {
    { "[1; 2] + [10 20 30]", "[11 21 31; 12 22 32]", 0 },
    { "[1 2] .* [3; 4]", "[3 6; 4 8]", 0 },
    { "[1 2 3; 4 5 6] - [1 2 3]", "[0 0 0; 3 3 3]", 0 },
    { "[1 2 3; 4 5 6] ./ [1; 2]", "[1 2 3; 2 2.5 3]", 0 },
    { "[1 2 3] == [1; 2]", "[true false false; false true false]", 0 },
    { "max([1 5; 7 2], 4)", "[4 5; 7 4]", 0 },
    { "zeros(0,3) + [1 2 3]", "zeros(0,3)", 0 },
  };
  CHECK_CASES (cases, NULL);
}

static void
test_ranges (void)
{
  static const Case cases[] = {
    { "1:5", "[1 2 3 4 5]", 0 },
    { "5:-1:1", "[5 4 3 2 1]", 0 },
    { "1:0.5:2", "[1 1.5 2]", 0 },
    { "1:0", "zeros(1,0)", 0 },
    { "1:-1:3", "zeros(1,0)", 0 },
    { "1:0:3", "zeros(1,0)", 0 },
    { "0:0", "0", 0 },
    { "10:-2.5:0", "[10 7.5 5 2.5 0]", 0 },
    { "numel(0:0.1:1)", "11", 0 },
    { "numel(0:0.1:0.3)", "4", 0 }, /* 0.3/0.1 is 2.9999999999999996 */
    { "numel(0:0.01:1)", "101", 0 },
    { "numel(1:0.2:2)", "6", 0 },
    { "numel(-1:0.1:1)", "21", 0 },
    { "int8(1):int8(3)", "int8([1 2 3])", 0 },
    { "1.5:4", "[1.5 2.5 3.5]", 0 },
    { "[]:5", "zeros(1,0)", 0 },
    { "NaN:3", "zeros(1,0)", 0 },
  };
  g_autoptr (OrrValue) r = eval_ok ("0:0.1:1", NULL);
  CHECK_CASES (cases, NULL);
  /* analytically k/10; the last element is clamped to the bound exactly */
  g_assert_cmpuint (orr_value_numel (r), ==, 11);
  for (gsize k = 0; k < 11; k++)
    g_assert_cmpfloat_with_epsilon (orr_value_get_real (r, k), k / 10.0, 1e-15);
  g_assert_cmpfloat (orr_value_get_real (r, 0), ==, 0.0);
  g_assert_cmpfloat (orr_value_get_real (r, 10), ==, 1.0);
}

static void
test_matrix_building (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  static const Case cases[] = {
    { "[1, 2; 3 4]", "[1 2; 3 4]", 0 },
    { "[1 -2]", "[1, -2]", 0 }, /* two elements */
    { "[1 - 2]", "-1", 0 },     /* one element */
    { "[1 -2 + 3]", "[1, 1]", 0 },
    { "[a -1]", "[1 2 3 -1]", 0 },
    { "[a - 1]", "[0 1 2]", 0 },
    { "[a' a']", "[1 1; 2 2; 3 3]", 0 }, /* quote after a value transposes */
    { "[a', a']", "[1 1; 2 2; 3 3]", 0 },
    { "[a (1)]", "[1 2 3 1]", 0 }, /* a space before ( separates */
    { "[a(1)]", "1", 0 },
    { "[1 2\n3 4]", "[1 2; 3 4]", 0 }, /* newline separates rows */
    { "[1 2;\n3 4;]", "[1 2; 3 4]", 0 },
    { "[1, 2, ...\n 3]", "[1 2 3]", 0 }, /* continuation */
    { "[]", "zeros(0,0)", 0 },
    { "[[] 1 []]", "1", 0 },
    { "[zeros(1,0), 5]", "5", 0 },
    { "[[1;2] [3;4]]", "[1 3; 2 4]", 0 },
    { "[[1 2]; [3 4]]", "[1 2; 3 4]", 0 },
    { "[true false]", "logical([1 0])", 0 },
    { "[true 2]", "[1 2]", 0 },
    { "[int8(1) 2.7]", "int8([1 3])", 0 },
    { "[1+2i 3]", "[complex(1, 2) complex(3, 0)]", 0 },
    { "['ab', 'cd']", "'abcd'", 0 },
    { "['a' 'b' \"c\"]", "'abc'", 0 },
  };
  GError *error = NULL;

  run_ok ("a = [1 2 3];", scope);
  CHECK_CASES (cases, scope);
  /* a quote after whitespace inside [ ] starts a string: mixing is an error */
  g_assert_null (orr_expr_evaluate ("[a' 'str']", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("['a'; 'b']", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("[1 2; 3]", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);
}

static void
test_linear_algebra (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  static const Case cases[] = {
    /* A x = b with x = [1; 2; 3] chosen first, b = A x by hand */
    { "A \\ b", "[1; 2; 3]", 1e-13 },
    { "norm(A * (A \\ b) - b)", "0", 1e-13 },
    { "[1 2] / [1 0; 0 2]", "[1 1]", 1e-15 },
    { "inv([4 7; 2 6])", "[0.6 -0.7; -0.2 0.4]", 1e-15 },
    { "inv([2 0; 0 4])", "[0.5 0; 0 0.25]", 0 },
    { "det([1 2; 3 4])", "-2", 1e-14 },
    { "det([2 0 0; 0 3 0; 0 0 4])", "24", 1e-13 },
    { "det([6 1 1; 4 -2 5; 2 8 7])", "-306", 1e-12 },
    { "det([1 2; 2 4])", "0", 1e-15 },
    { "det([])", "1", 0 },
    { "[1 1i; -1i 2] \\ [1; 1]", "[complex(2, -1); complex(1, 1)]", 1e-14 },
    { "inv([1 1i; -1i 2])", "[complex(2, 0) complex(0, -1); complex(0, 1) complex(1, 0)]", 1e-14 },
    { "trace([1 2; 3 4])", "5", 0 },
    /* sigma_max of [1 2; 3 4]: eigenvalues of A'A are 15 +- sqrt(221) */
    { "norm([1 2; 3 4])", "5.464985704219043", 1e-13 },
    { "norm([1 2; 3 4], 1)", "6", 0 },
    { "norm([1 2; 3 4], inf)", "7", 0 },
    { "norm([1 2; 3 4], 'fro')", "5.477225575051661", 1e-14 },
    { "norm([3 4])", "5", 1e-15 },
    { "norm([3 -4], 1)", "7", 0 },
    { "norm([3 -4], Inf)", "4", 0 },
    { "norm([1 2 2], 3)", "2.571281590658235", 1e-14 }, /* (1 + 8 + 8)^(1/3) */
    { "norm([1i 0; 0 2])", "2", 1e-14 },
    { "norm([1 2 3; 4 5 6])", "9.508032000695724", 1e-12 }, /* wide matrix */
    { "norm([])", "0", 0 },
    { "[1 2; 3 4] * [1 0; 0 1]", "[1 2; 3 4]", 0 },
    { "(1+2i) * [1 2]", "[complex(1, 2) complex(2, 4)]", 0 },
    { "[1i 1] * [1i; 1]", "0", 0 },
    { "[2 1; 1 2]^-2", "[5 -4; -4 5] / 9", 1e-14 },
  };
  GError *error = NULL;

  run_ok ("A = [2 1 1; 1 3 2; 1 0 0]; b = [7; 13; 1];", scope);
  CHECK_CASES (cases, scope);
  g_assert_null (orr_expr_evaluate ("[1 2; 2 4] \\ [1; 2]", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "singular"));
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("inv([1 2; 2 4])", scope, &error));
  g_assert_nonnull (strstr (error->message, "matrix is singular"));
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("[1 2 3] \\ [1; 2]", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("[1 2; 3 4]^0.5", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("[1 2 3]^2", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("int8([1 2; 3 4]) * int8([1 2; 3 4])", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("det([1 2 3])", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);

  /* a larger well-conditioned system: residual check only */
  run_ok ("n = 30; M = eye(n) * 4; for k = 1:n-1, M(k, k+1) = -1; M(k+1, k) = -1; end;"
          "rhs = (1:n)'; x = M \\ rhs; r = norm(M*x - rhs);",
          scope);
  g_assert_cmpfloat (eval_scalar ("r", scope), <, 1e-12);
  g_assert_cmpfloat (eval_scalar ("norm(inv(M) * M - eye(n))", scope), <, 1e-12);
}

static void
test_indexing (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  static const Case cases[] = {
    { "A(2, 3)", "6", 0 },
    { "A(4)", "2", 0 }, /* column-major */
    { "A(end)", "9", 0 },
    { "A(end, 1)", "7", 0 },
    { "A(1, end)", "3", 0 },
    { "A(end-1, end-1)", "5", 0 },
    { "A(:, 2)", "[2; 5; 8]", 0 },
    { "A(3, :)", "[7 8 9]", 0 },
    { "A(:)'", "[1 4 7 2 5 8 3 6 9]", 0 },
    { "A([1 3], :)", "[1 2 3; 7 8 9]", 0 },
    { "A([1 3], [true false true])", "[1 3; 7 9]", 0 },
    { "A(A > 6)", "[7; 8; 9]", 0 }, /* logical mask on a matrix: column */
    { "v(v > 2)", "[3 4]", 0 },     /* on a row: row */
    { "v([1 1 2])", "[1 1 2]", 0 },
    { "v([1; 2])", "[1 2]", 0 },          /* vector from vector keeps its orientation */
    { "A([1 2; 3 4])", "[1 4; 7 2]", 0 }, /* matrix index gives its shape */
    { "v(end:-1:1)", "[4 3 2 1]", 0 },
    { "v([])", "zeros(1,0)", 0 },
    { "v(min(end, 10))", "4", 0 },  /* end inside a call inside an index */
    { "A(v(end) - 1, 1)", "7", 0 }, /* end refers to v there */
    { "s(1)", "'text'", 0 },
    { "A(2, 2, 1)", "5", 0 }, /* trailing singleton index */
    { "x()", "3", 0 },
  };
  GError *error = NULL;

  run_ok ("A = [1 2 3; 4 5 6; 7 8 9]; v = [1 2 3 4]; s = 'text'; x = 3;", scope);
  CHECK_CASES (cases, scope);
  g_assert_null (orr_expr_evaluate ("v(5)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_assert_nonnull (strstr (error->message, "index 5 exceeds 1x4"));
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("A(4, 1)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("v(0)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("v(-1)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("v(NaN)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("v('a')", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("s(2)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("A(1, 1, 2)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("sin(end)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_null (orr_expr_evaluate ("v(1e300)", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_INDEX);
  g_clear_error (&error);
}

static void
test_indexed_assignment (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  static const Case cases[] = {
    { "A", "[1 2 0; 3 4 0; 0 0 9]", 0 }, /* grown, zero-filled */
    { "B", "[0 0 0 0 5]", 0 },           /* new variable grows as a row */
    { "C", "[1; 2; 7]", 0 },             /* a column grows down */
    { "D", "[1 0 3]", 0 },
    { "E", "[1 2 3 4 5 6 7 8 9 10]", 0 },
    { "F", "[0 0; 0 0; 1 1]", 0 },
    { "G", "[1 3]", 0 },           /* deletion */
    { "H", "[4 5 6]", 0 },         /* row deletion */
    { "K", "[2; 5]", 0 },          /* column deletion */
    { "L", "int8([1 100 3])", 0 }, /* int into double: becomes int */
    { "M", "[1 complex(0, 2)]", 0 },
    { "N", "[10 20 30]", 0 },
    { "P", "[1 2 3]", 0 }, /* copy not affected by change of Q */
    { "Q", "[100 2 3]", 0 },
    { "R", "[7 7 7]", 0 },
    { "S", "[1 2; 3 4]", 0 },
    { "T", "[0 0 0]", 0 },
    { "U", "[1 2 3 0 0 6]", 0 },
    { "W", "[true false true]", 0 },
    { "Z", "zeros(1,0)", 0 },
  };
  GError *error = NULL;

  run_ok ("A = [1 2; 3 4]; A(3, 3) = 9;\n"
          "B(5) = 5;\n"
          "C = [1; 2]; C(3) = 7;\n"
          "D = [1 2 3]; D(2) = 0;\n"
          "E = []; for k = 1:10, E(end+1) = k; end\n"
          "F(3, :) = [1 1];\n"
          "G = [1 2 3]; G(2) = [];\n"
          "H = [1 2 3; 4 5 6]; H(1, :) = [];\n"
          "K = [1 2 3; 4 5 6]; K(:, [1 3]) = [];\n"
          "L = [1 2 3]; L(2) = int8(100);\n"
          "M = [1 2]; M(2) = 2i;\n"
          "N = zeros(1, 3); N(:) = [10 20 30];\n"
          "Q = [1 2 3]; P = Q; Q(1) = 100;\n"
          "R = [1 2 3]; R(:) = 7;\n"
          "S = zeros(2); S(:, :) = [1 2; 3 4];\n"
          "T = [1 2 3]; T(T > 0) = 0;\n"
          "U = [1 2 3]; U(6) = 6;\n"
          "W = [true true true]; W(2) = false;\n"
          "Z = [1 2]; Z([true true]) = [];\n",
          scope);
  CHECK_CASES (cases, scope);

  g_assert_false (orr_script_run ("A = [1 2; 3 4]; A(7) = 1;", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);
  g_assert_false (orr_script_run ("A = [1 2 3]; A([1 2]) = [1 2 3];", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);
  g_assert_false (orr_script_run ("A = int8([1 2]); A(1) = int16(3);", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_false (orr_script_run ("A = [1 2]; A(1) = 'x';", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_false (orr_script_run ("A = [1 2]; A(1e15) = 1;", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_LIMIT);
  g_clear_error (&error);
  g_assert_false (orr_script_run ("A = [1 2; 3 4]; A(1, 1) = [];", scope, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SIZE);
  g_clear_error (&error);
}

static void
test_builtins (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  static const Case cases[] = {
    { "zeros(2, 3)", "[0 0 0; 0 0 0]", 0 },
    { "zeros(2)", "[0 0; 0 0]", 0 },
    { "zeros([1 2])", "[0 0]", 0 },
    { "zeros(2, 'int8')", "int8([0 0; 0 0])", 0 },
    { "zeros(-1, 2)", "zeros(0, 2)", 0 },
    { "ones(2, 1)", "[1; 1]", 0 },
    { "eye(2, 3)", "[1 0 0; 0 1 0]", 0 },
    { "inf(1, 2)", "[Inf Inf]", 0 },
    { "Inf(2, 1)", "[Inf; Inf]", 0 },
    { "nan(1, 1)", "NaN", 0 },
    { "NaN(1, 2)", "[NaN NaN]", 0 },
    { "true(1, 2)", "[true true]", 0 },
    { "false(2, 1)", "[false; false]", 0 },
    { "pi", "3.141592653589793", 1e-15 },
    { "eps(1)", "2.220446049250313e-16", 0 },
    { "eps(0)", "4.9406564584124654e-324", 0 },
    { "eps(2)", "4.440892098500626e-16", 0 },
    { "size([1 2 3; 4 5 6])", "[2 3]", 0 },
    { "size([1 2 3; 4 5 6], 2)", "3", 0 },
    { "size([1 2 3; 4 5 6], 3)", "1", 0 },
    { "length([1 2 3; 4 5 6])", "3", 0 },
    { "length([])", "0", 0 },
    { "numel([1 2 3; 4 5 6])", "6", 0 },
    { "ndims(5)", "2", 0 },
    { "isempty([])", "true", 0 },
    { "isempty(zeros(0, 3))", "true", 0 },
    { "isempty(0)", "false", 0 },
    { "isscalar(5)", "true", 0 },
    { "isvector([1 2 3])", "true", 0 },
    { "isvector([1 2; 3 4])", "false", 0 },
    { "isrow([1 2])", "true", 0 },
    { "iscolumn([1 2])", "false", 0 },
    { "abs([-3 4])", "[3 4]", 0 },
    { "abs(3 + 4i)", "5", 0 },
    { "abs(int8(-128))", "int8(127)", 0 },
    { "sqrt(16)", "4", 0 },
    { "sqrt(-4)", "complex(0, 2)", 0 },
    { "sqrt([4 -9])", "[complex(2, 0) complex(0, 3)]", 0 },
    { "exp(0)", "1", 0 },
    { "exp(1)", "2.718281828459045", 1e-15 },
    { "log(1)", "0", 0 },
    { "log(-1)", "complex(0, 3.141592653589793)", 1e-15 },
    { "log(0)", "-Inf", 0 },
    { "log10(1000)", "3", 1e-15 },
    { "log10(-10)", "complex(1, 1.3643763538418414)", 1e-14 }, /* pi / ln 10 */
    { "log2(8)", "3", 0 },
    { "sin(pi/2)", "1", 1e-15 },
    { "cos(pi)", "-1", 1e-15 },
    { "tan(pi/4)", "1", 1e-15 },
    { "asin(1)", "pi/2", 1e-15 },
    { "acos(0)", "pi/2", 1e-15 },
    { "acos(2)", "complex(0, 1.3169578969248166)", 1e-14 }, /* i ln(2 + sqrt 3) */
    { "asin(2)", "complex(pi/2, -1.3169578969248166)", 1e-14 },
    { "asin(-2)", "complex(-pi/2, 1.3169578969248166)", 1e-14 },
    { "acos(-2)", "complex(pi, -1.3169578969248166)", 1e-14 },
    { "atan(1)", "pi/4", 1e-15 },
    { "atan2(1, -1)", "3*pi/4", 1e-15 },
    { "atan2([1 -1], 0)", "[pi/2 -pi/2]", 1e-15 },
    { "sinh(1)", "(exp(1) - exp(-1))/2", 1e-15 },
    { "cosh(1)", "(exp(1) + exp(-1))/2", 1e-15 },
    { "tanh(1)", "(exp(2) - 1)/(exp(2) + 1)", 1e-15 },
    { "asinh(1)", "0.881373587019543", 1e-15 }, /* ln(1 + sqrt 2) */
    { "acosh(1)", "0", 0 },
    { "atanh(0.5)", "0.5493061443340549", 1e-15 }, /* ln 3 / 2 */
    { "floor([-2.5 2.5])", "[-3 2]", 0 },
    { "ceil([-2.5 2.5])", "[-2 3]", 0 },
    { "round([-2.5 2.5 0.49])", "[-3 3 0]", 0 },
    { "fix([-2.5 2.5])", "[-2 2]", 0 },
    { "floor(2.5 + 3.7i)", "complex(2, 3)", 0 },
    { "floor(int8(5))", "int8(5)", 0 },
    { "mod(-1, 3)", "2", 0 },
    { "mod(5.5, 2)", "1.5", 0 },
    { "mod(5, 0)", "5", 0 },
    { "mod(-7, -3)", "-1", 0 },
    { "mod(int8(-7), int8(3))", "int8(2)", 0 },
    { "rem(-1, 3)", "-1", 0 },
    { "rem(5, 0)", "NaN", 0 },
    { "rem(7, -3)", "1", 0 },
    { "hypot(3, 4)", "5", 0 },
    { "min([4 2 8])", "2", 0 },
    { "min([4 2; 1 8])", "[1 2]", 0 },
    { "min([1 5], [3 2])", "[1 2]", 0 },
    { "min([3 NaN 1])", "1", 0 },
    { "min([NaN NaN])", "NaN", 0 },
    { "min([1 2; 3 4], [], 2)", "[1; 3]", 0 },
    { "max([1 5; 7 2])", "[7 5]", 0 },
    { "max([1 5; 7 2], [], 2)", "[5; 7]", 0 },
    { "max([])", "zeros(0,0)", 0 },
    { "max(int8([1 9 3]))", "int8(9)", 0 },
    { "max([1+1i 2])", "2", 0 },
    { "sum([1 2; 3 4])", "[4 6]", 0 },
    { "sum([1 2 3])", "6", 0 },
    { "sum([1; 2; 3])", "6", 0 },
    { "sum([1 2; 3 4], 2)", "[3; 7]", 0 },
    { "sum([])", "0", 0 },
    { "sum(int8([100 100]))", "int8(127)", 0 },
    { "sum([true true])", "2", 0 },
    { "prod([1 2 3 4])", "24", 0 },
    { "prod([1 2; 3 4])", "[3 8]", 0 },
    { "prod([])", "1", 0 },
    { "cumsum([1 2 3])", "[1 3 6]", 0 },
    { "cumsum([1 2; 3 4])", "[1 2; 4 6]", 0 },
    { "cumsum([1 2; 3 4], 2)", "[1 3; 3 7]", 0 },
    { "cumprod([1 2 3])", "[1 2 6]", 0 },
    { "mean([1 2 3 4])", "2.5", 0 },
    { "mean([1 2; 3 4])", "[2 3]", 0 },
    { "linspace(0, 1, 5)", "[0 0.25 0.5 0.75 1]", 0 },
    { "linspace(1, 2, 1)", "2", 0 },
    { "linspace(1, 2, 0)", "zeros(1, 0)", 0 },
    { "numel(linspace(0, 1))", "100", 0 },
    { "diag([1 2])", "[1 0; 0 2]", 0 },
    { "diag([1 2], 1)", "[0 1 0; 0 0 2; 0 0 0]", 0 },
    { "diag([1 2; 3 4])", "[1; 4]", 0 },
    { "diag([1 2; 3 4], -1)", "3", 0 },
    { "inv(4)", "0.25", 0 },
    { "det(5)", "5", 0 },
    { "transpose([1 2])", "[1; 2]", 0 },
    { "ctranspose([1i 2])", "[complex(0, -1); complex(2, 0)]", 0 },
    { "transpose([1i 2])", "[complex(0, 1); complex(2, 0)]", 0 },
    { "real(3 + 4i)", "3", 0 },
    { "imag(3 + 4i)", "4", 0 },
    { "imag(5)", "0", 0 },
    { "conj(3 + 4i)", "complex(3, -4)", 0 },
    { "angle(1i)", "pi/2", 1e-15 },
    { "int8(3.5)", "int8(4)", 0 },
    { "int16(-3.5)", "int16(-4)", 0 },
    { "int32(2^40)", "int32(2147483647)", 0 },
    { "uint8(-3)", "uint8(0)", 0 },
    { "uint16(70000)", "uint16(65535)", 0 },
    { "uint32(5e9)", "uint32(4294967295)", 0 },
    { "double(int8(5))", "5", 0 },
    { "double(true)", "1", 0 },
    { "logical([2 0 -1])", "[true false true]", 0 },
    { "isequal([1 2], [1 2])", "true", 0 },
    { "isequal([1 2], [1 2], [1 3])", "false", 0 },
    { "isequal(int8(1), 1)", "true", 0 },
    { "isequal(NaN, NaN)", "false", 0 },
    { "isequal('a', 'a')", "true", 0 },
    { "any([0 0 1])", "true", 0 },
    { "any([0 0; 0 1])", "[false true]", 0 },
    { "any([])", "false", 0 },
    { "all([1 1 0])", "false", 0 },
    { "all([])", "true", 0 },
    { "all([1 1; 0 1], 2)", "[true; false]", 0 },
    { "reshape(1:6, 2, 3)", "[1 3 5; 2 4 6]", 0 },
    { "reshape(1:6, [3 2])", "[1 4; 2 5; 3 6]", 0 },
    { "reshape(1:6, [], 2)", "[1 4; 2 5; 3 6]", 0 },
    { "repmat([1 2], 2, 2)", "[1 2 1 2; 1 2 1 2]", 0 },
    { "repmat(7, 2)", "[7 7; 7 7]", 0 },
    { "repmat([1; 2], [1 2])", "[1 1; 2 2]", 0 },
    { "sign([-2 0 3])", "[-1 0 1]", 0 },
    { "sign(3 + 4i)", "complex(0.6, 0.8)", 1e-15 },
    { "num2str(pi)", "'3.1416'", 0 },
    { "num2str(42)", "'42'", 0 },
    { "num2str(-0.5)", "'-0.5'", 0 },
    { "num2str(123.456)", "'123.456'", 0 },
    { "num2str(pi, 8)", "'3.1415927'", 0 },
    { "num2str([1 2 3])", "'1  2  3'", 0 },
    { "num2str(Inf)", "'Inf'", 0 },
    { "num2str('x')", "'x'", 0 },
    { "complex(1, 0)", "complex(1, 0)", 0 },
    { "isreal(complex(1, 0))", "false", 0 },
    { "isreal(5)", "true", 0 },
    { "complex([1 2], 3)", "[complex(1, 3) complex(2, 3)]", 0 },
    { "class(int8(1))", "'int8'", 0 },
    { "class(1)", "'double'", 0 },
    { "class(1i)", "'double'", 0 },
    { "class(true)", "'logical'", 0 },
    { "class('a')", "'string'", 0 },
    { "isnumeric(1)", "true", 0 },
    { "isnumeric(true)", "false", 0 },
    { "ischar('a')", "true", 0 },
    { "isstring(1)", "false", 0 },
    { "islogical(1 > 0)", "true", 0 },
    { "isfloat(int8(1))", "false", 0 },
    { "isinteger(int8(1))", "true", 0 },
    { "isnan([1 NaN])", "[false true]", 0 },
    { "isinf([1 -Inf])", "[false true]", 0 },
    { "isfinite([1 Inf NaN])", "[true false false]", 0 },
    { "find([0 1 0 1])", "[2 4]", 0 },
    { "find([0; 3; 5])", "[2; 3]", 0 },
    { "find([0 1 1 1], 2)", "[2 3]", 0 },
    { "find([])", "zeros(0,0)", 0 },
    { "sort([3 1 2])", "[1 2 3]", 0 },
    { "sort([3 1 2], 'descend')", "[3 2 1]", 0 },
    { "sort([2 NaN 1])", "[1 2 NaN]", 0 },
    { "sort([3 1; 2 4])", "[2 1; 3 4]", 0 },
    { "fliplr([1 2 3])", "[3 2 1]", 0 },
    { "flipud([1; 2])", "[2; 1]", 0 },
    { "horzcat([1 2], 3)", "[1 2 3]", 0 },
    { "vertcat([1 2], [3 4])", "[1 2; 3 4]", 0 },
    { "strcat('ab', 'c', \"d\")", "'abcd'", 0 },
    { "strcmp('a', 'a')", "true", 0 },
    { "strcmp('a', 'b')", "false", 0 },
    { "strcmp('1', 1)", "false", 0 },
    { "char(72, 105)", "'Hi'", 0 },
    { "char([72 105])", "'Hi'", 0 },
    { "char(233)", "'é'", 0 },
    { "trace(7)", "7", 0 },
    { "norm(-3)", "3", 0 },
  };

  CHECK_CASES (cases, scope);
  run_ok ("[r, c] = size(ones(2, 3)); [m, k] = max([3 9 2]); [s, idx] = sort([30 10 20]);"
          "[row, col] = find([0 1; 1 0]); [~, where] = min([5 4 6]);",
          scope);
  g_assert_cmpfloat (eval_scalar ("r", scope), ==, 2);
  g_assert_cmpfloat (eval_scalar ("c", scope), ==, 3);
  g_assert_cmpfloat (eval_scalar ("m", scope), ==, 9);
  g_assert_cmpfloat (eval_scalar ("k", scope), ==, 2);
  g_assert_cmpfloat (eval_scalar ("isequal(s, [10 20 30]) && isequal(idx, [2 3 1])", scope), ==, 1);
  g_assert_cmpfloat (eval_scalar ("isequal(row, [2; 1]) && isequal(col, [1; 2])", scope), ==, 1);
  g_assert_cmpfloat (eval_scalar ("where", scope), ==, 2);
  g_assert_false (orr_scope_has_local (scope, "~"));
}

/* every builtin the language documents is reachable by name */
static void
test_builtin_names (void)
{
  static const char *const names[] = {
    "Inf",      "NaN",     "abs",      "acos",      "acosh",     "all",     "angle",
    "any",      "asin",    "asinh",    "atan",      "atan2",     "atanh",   "ceil",
    "char",     "class",   "complex",  "conj",      "cos",       "cosh",    "ctranspose",
    "cumprod",  "cumsum",  "det",      "diag",      "double",    "eps",     "error",
    "exp",      "eye",     "false",    "find",      "fix",       "fliplr",  "flipud",
    "floor",    "horzcat", "hypot",    "i",         "imag",      "inf",     "int16",
    "int32",    "int8",    "inv",      "ischar",    "iscolumn",  "isempty", "isequal",
    "isfinite", "isfloat", "isinf",    "isinteger", "islogical", "isnan",   "isnumeric",
    "isreal",   "isrow",   "isscalar", "isstring",  "isvector",  "j",       "length",
    "linspace", "log",     "log10",    "log2",      "logical",   "max",     "mean",
    "min",      "mod",     "nan",      "ndims",     "norm",      "num2str", "numel",
    "ones",     "pi",      "prod",     "real",      "rem",       "repmat",  "reshape",
    "round",    "sign",    "sin",      "sinh",      "size",      "sort",    "sqrt",
    "strcat",   "strcmp",  "sum",      "tan",       "tanh",      "trace",   "transpose",
    "true",     "uint16",  "uint32",   "uint8",     "vertcat",   "zeros",
  };

  for (gsize k = 0; k < G_N_ELEMENTS (names); k++)
    if (!orr_expr_is_builtin (names[k]))
      g_error ("builtin %s not found", names[k]);
  g_assert_false (orr_expr_is_builtin ("foo"));
  g_assert_false (orr_expr_is_builtin ("Pi"));
  g_assert_false (orr_expr_is_builtin (""));
}

static void
test_integers (void)
{
  static const Case cases[] = {
    { "int8(100) + int8(100)", "int8(127)", 0 },
    { "int8(-100) - int8(100)", "int8(-128)", 0 },
    { "uint8(3) - uint8(5)", "uint8(0)", 0 },
    { "uint8(200) * 2", "uint8(255)", 0 },
    { "int8(5) * 2.6", "int8(13)", 0 },
    { "int8(1) + 2.7", "int8(4)", 0 },
    { "int16(7) / int16(2)", "int16(4)", 0 }, /* 3.5 rounds away from zero */
    { "int32(10) / int32(4)", "int32(3)", 0 },
    { "int32(-10) / int32(4)", "int32(-3)", 0 },
    { "int8(1) / 0", "int8(127)", 0 },
    { "int8(-1) / 0", "int8(-128)", 0 },
    { "int8(0) / 0", "int8(0)", 0 },
    { "uint8(7) / 0", "uint8(255)", 0 },
    { "-int8(-128)", "int8(127)", 0 },
    { "-uint8(5)", "uint8(0)", 0 },
    { "int8(127) + 1", "int8(127)", 0 },
    { "uint32(4294967295) + 1", "uint32(4294967295)", 0 },
    { "int32(-2147483648) - 1", "int32(-2147483648)", 0 },
    { "int8([1 2 3]) .* int8([2 2 2])", "int8([2 4 6])", 0 },
    { "int8(2)^7", "int8(127)", 0 },
    { "int8(NaN)", "int8(0)", 0 },
    { "uint8(Inf)", "uint8(255)", 0 },
    { "int8([1 2]) == [1 2]", "[true true]", 0 },
    { "int8(1) < int16(2)", "true", 0 }, /* comparing different types is fine */
    { "int8(true) + true", "int8(2)", 0 },
    { "uint16(10) * [1 2]", "uint16([10 20])", 0 },
    { "2 * int8([1 2; 3 4])", "int8([2 4; 6 8])", 0 },
    { "class(int16(1) + 1)", "'int16'", 0 },
    { "int8(-7.5)", "int8(-8)", 0 },
    { "uint8(2.5)", "uint8(3)", 0 },
  };
  CHECK_CASES (cases, NULL);
}

static void
test_logical (void)
{
  static const Case cases[] = {
    { "true + true", "2", 0 },
    { "true * 3", "3", 0 },
    { "~[1 0 2]", "[false true false]", 0 },
    { "[true false] & [true true]", "[true false]", 0 },
    { "[true false] | [false false]", "[true false]", 0 },
    { "1 == 1", "true", 0 },
    { "[1 2 3] ~= 2", "[true false true]", 0 },
    { "[1 2 3] != 2", "[true false true]", 0 },
    { "[1 2 3] < 2", "[true false false]", 0 },
    { "[1 2 3] <= 2", "[true true false]", 0 },
    { "[1 2 3] > 2", "[false false true]", 0 },
    { "[1 2 3] >= 2", "[false true true]", 0 },
    { "NaN == NaN", "false", 0 },
    { "1 + 2i == 1 + 2i", "true", 0 },
    { "1 + 2i == 1 - 2i", "false", 0 },
    { "(1 + 5i) < 2", "true", 0 },         /* ordering uses real parts */
    { "0 && undefined_name", "false", 0 }, /* short circuit */
    { "1 || undefined_name", "true", 0 },
    { "1 && 2", "true", 0 },
    { "-true", "-1", 0 },
    { "+true", "1", 0 },
    { "class(+true)", "'double'", 0 },
  };
  CHECK_CASES (cases, NULL);
}

static void
test_strings (void)
{
  static const Case cases[] = {
    { "'abc' == 'abc'", "true", 0 },
    { "'abc' == 'abd'", "false", 0 },
    { "'a' ~= 'b'", "true", 0 },
    { "\"x\" == 'x'", "true", 0 },
    { "'a' < 'b'", "true", 0 },
    { "['ab', 'cd']", "'abcd'", 0 },
    { "['ab' \"cd\" 'e']", "'abcde'", 0 },
    { "['' 'x']", "'x'", 0 },
    { "numel('abc')", "1", 0 }, /* a string is one value */
    { "size('abc')", "[1 1]", 0 },
    { "'a%b'", "['a' '%' 'b']", 0 },
    { "'a//b'", "['a/' '/b']", 0 },
    { "'héllo'", "['h' char(233) 'llo']", 0 },
    { "'x''y'", "['x' char(39) 'y']", 0 },
  };
  CHECK_CASES (cases, NULL);
}

static void
test_complex (void)
{
  static const Case cases[] = {
    { "sqrt(-4)", "2i", 0 },
    { "(1 + 2i) * (3 - 1i)", "5 + 5i", 0 },
    { "(1 + 2i) / (1 - 1i)", "-0.5 + 1.5i", 1e-15 },
    { "(1 + 2i) + (1 - 2i)", "2", 0 }, /* imaginary part cancels: real */
    { "(2i)^2", "-4", 0 },
    { "1i^2", "-1", 0 },
    { "i * i", "-1", 0 },
    { "j^2", "-1", 0 },
    { "sqrt(-4)^2", "-4", 0 },
    { "exp(1i * pi)", "complex(-1, 0)", 1e-15 }, /* imaginary part ~1.2e-16 */
    { "abs(3 + 4i)", "5", 0 },
    { "[1 + 1i, 2]'", "[1 - 1i; 2]", 0 },
    { "[1 + 1i, 2].'", "[1 + 1i; 2]", 0 },
    { "conj(2 - 3i)", "2 + 3i", 0 },
    { "(1 + 1i)^0.5", "complex(1.0986841134678100, 0.4550898605622274)", 1e-14 },
    { "2^(1i)", "complex(0.7692389013639721, 0.6389612763136348)",
      1e-14 }, /* cos ln2 + i sin ln2 */
    { "[1 2; 3 4] * 1i", "[1i 2i; 3i 4i]", 0 },
    { "sum([1i 2 3i])", "2 + 4i", 0 },
    { "prod([1i 1i])", "-1", 0 },
    { "1 / (0 + 1i)", "-1i", 0 },
  };

  CHECK_CASES (cases, NULL);
  {
    g_autoptr (OrrValue) v = eval_ok ("(2i)^2", NULL);

    g_assert_cmpint (orr_value_get_type_id (v), ==, ORR_TYPE_DOUBLE);
  }
  {
    g_autoptr (OrrScope) scope = orr_scope_new (NULL);

    /* an assigned i shadows the imaginary unit; 1i stays imaginary */
    run_ok ("i = 5; z = 2*i; w = 1i;", scope);
    g_assert_cmpfloat (eval_scalar ("z", scope), ==, 10);
    g_assert_cmpfloat (eval_scalar ("imag(w)", scope), ==, 1);
  }
}

static void
test_control_flow (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  static const char script[]
    = "r = [];\n"
      "for x = [-5 0 5]\n"
      "  if x < 0\n"
      "    r(end+1) = -1;\n"
      "  elseif x == 0\n"
      "    r(end+1) = 0;\n"
      "  else\n"
      "    r(end+1) = 1;\n"
      "  end\n"
      "end\n"
      "s = 0; for k = 1:100, s = s + k; end\n"
      "c = 0; for col = [1 2; 3 4], c = c + col(1)*10 + col(2); end\n"
      "e = 7; for q = [], e = 0; end\n"
      "d = []; for k = 10:-3:1, d = [d k]; end\n"
      "n = 0; while n < 5, n = n + 1; end\n"
      "b = 0; while true, b = b + 1; if b >= 3, break; end, end\n"
      "o = 0; for k = 1:10, if mod(k, 2) == 0, continue; end, o = o + k; end\n"
      "t = 0; for a = 1:3, for bb = 1:4, t = t + 1; end, end\n"
      "if [] , emptycond = 1; else, emptycond = 0; end\n"
      "if [1 1 1], allcond = 1; end\n"
      "if [1 0 1], somecond = 1; else somecond = 0; end\n"
      "for (w = 1:2) lastw = w; end\n"
      "str = ''; for z = 'abc', str = z; end\n"
      "f = 1; if f, g = 2, end\n";

  run_ok (script, scope);
  {
    static const Case cases[] = {
      { "r", "[-1 0 1]", 0 }, { "s", "5050", 0 },
      { "c", "37", 0 }, /* columns [1;3] and [2;4]: 13 + 24 */
      { "e", "7", 0 },        { "d", "[10 7 4 1]", 0 },
      { "n", "5", 0 },        { "b", "3", 0 },
      { "o", "25", 0 }, /* 1+3+5+7+9 */
      { "t", "12", 0 },       { "emptycond", "0", 0 },
      { "allcond", "1", 0 },  { "somecond", "0", 0 },
      { "lastw", "2", 0 },    { "str", "'abc'", 0 },
      { "g", "2", 0 },
    };

    CHECK_CASES (cases, scope);
  }
  g_assert_false (orr_scope_has_local (scope, "q"));
  run_ok ("before = 1; return; after = 1;", scope);
  g_assert_true (orr_scope_has_local (scope, "before"));
  g_assert_false (orr_scope_has_local (scope, "after"));
  run_ok ("for k = 1:3, if k == 2, return, end, last = k; end", scope);
  g_assert_cmpfloat (eval_scalar ("last", scope), ==, 1);
}

static void
test_comments (void)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);

  run_ok ("x = 1 % a comment\n"
          "y = 2 // another comment\n"
          "z = 6 / 3\n"
          "w = 6/3/2 % one slash at a time\n"
          "p = 'a % b' % not in the string\n"
          "q = \"x // y\"\n"
          "%{\n"
          "  block comment: u = 99\n"
          "%}\n"
          "v = [1, 2, ... continued\n"
          "     3];\n"
          "% whole line\n"
          "   // indented whole line\n"
          "t = x' % transpose, then a comment\n",
          scope);
  g_assert_cmpfloat (eval_scalar ("x", scope), ==, 1);
  g_assert_cmpfloat (eval_scalar ("y", scope), ==, 2);
  g_assert_cmpfloat (eval_scalar ("z", scope), ==, 2);
  g_assert_cmpfloat (eval_scalar ("w", scope), ==, 1);
  g_assert_cmpfloat (eval_scalar ("t", scope), ==, 1);
  g_assert_cmpfloat (eval_scalar ("numel(v)", scope), ==, 3);
  g_assert_false (orr_scope_has_local (scope, "u"));
  {
    g_autoptr (OrrValue) p = eval_ok ("p", scope);
    g_autoptr (OrrValue) q = eval_ok ("q", scope);

    g_assert_cmpstr (orr_value_get_string (p), ==, "a % b");
    g_assert_cmpstr (orr_value_get_string (q), ==, "x // y");
  }
  g_assert_cmpfloat (eval_scalar ("3 % trailing comment", NULL), ==, 3);
  g_assert_cmpfloat (eval_scalar ("4; // trailing", NULL), ==, 4);
}

static void
test_scopes (void)
{
  g_autoptr (OrrScope) parent = orr_scope_new (NULL);
  g_autoptr (OrrScope) child = orr_scope_new (parent);
  g_autoptr (OrrValue) seven = orr_value_new_double (7);
  g_auto (GStrv) names = NULL;
  OrrValue *held;

  run_ok ("K = 2; A = [1 2 3];", parent);
  g_assert_true (orr_scope_get_parent (child) == parent);
  g_assert_cmpfloat (eval_scalar ("K * 10", child), ==, 20); /* child sees the parent */
  run_ok ("K = 5; L = K + 1; A(2) = 9;", child);
  g_assert_cmpfloat (eval_scalar ("K", child), ==, 5);
  g_assert_cmpfloat (eval_scalar ("K", parent), ==, 2); /* no leak upwards */
  g_assert_false (orr_scope_has_local (parent, "L"));
  g_assert_true (orr_scope_has_local (child, "L"));
  g_assert_cmpfloat (eval_scalar ("isequal(A, [1 9 3])", child), ==, 1);
  g_assert_cmpfloat (eval_scalar ("isequal(A, [1 2 3])", parent), ==, 1);

  /* a pinned name ignores script assignments (and their errors) */
  orr_scope_pin (child, "G", seven);
  g_assert_true (orr_scope_is_pinned (child, "G"));
  run_ok ("G = 1; G(3) = 4; [G, H2] = size(ones(2, 3)); for G = 1:3, end; G = undefined_thing; H = "
          "G * 2;",
          child);
  g_assert_cmpfloat (eval_scalar ("G", child), ==, 7);
  g_assert_cmpfloat (eval_scalar ("H", child), ==, 14);
  g_assert_cmpfloat (eval_scalar ("H2", child), ==, 3);
  g_assert_false (orr_scope_is_pinned (parent, "G"));
  /* the API may still overwrite it */
  orr_scope_set (child, "G", seven);

  names = orr_scope_list_local (child);
  g_assert_cmpuint (g_strv_length (names), ==, 6);
  g_assert_cmpstr (names[0], ==, "A");
  g_assert_cmpstr (names[1], ==, "G");
  g_assert_cmpstr (names[2], ==, "H");
  g_assert_cmpstr (names[3], ==, "H2");
  g_assert_cmpstr (names[4], ==, "K");
  g_assert_cmpstr (names[5], ==, "L");
  g_assert_true (orr_scope_remove (child, "K"));
  g_assert_false (orr_scope_remove (child, "K"));
  g_assert_cmpfloat (eval_scalar ("K", child), ==, 2); /* falls through again */
  g_assert_null (orr_scope_lookup (child, "nothing"));

  /* a value held by a caller never changes under indexed assignment */
  held = orr_value_ref (orr_scope_lookup (child, "A"));
  run_ok ("A(1) = 100; A(10) = 1;", child);
  g_assert_cmpfloat (orr_value_get_real (held, 0), ==, 1);
  g_assert_cmpuint (orr_value_numel (held), ==, 3);
  orr_value_unref (held);

  /* expressions never assign */
  {
    GError *error = NULL;

    g_assert_null (orr_expr_evaluate ("Z = 3", child, &error));
    g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SYNTAX);
    g_clear_error (&error);
    g_assert_false (orr_scope_has_local (child, "Z"));
  }

  /* statement limit is per scope, inherited */
  g_assert_cmpuint (orr_scope_get_statement_limit (parent), ==, ORR_EXPR_MAX_STATEMENTS);
  orr_scope_set_statement_limit (parent, 1000);
  g_assert_cmpuint (orr_scope_get_statement_limit (child), ==, 1000);
  {
    GError *error = NULL;

    g_assert_false (orr_script_run ("while true\nend", child, &error));
    g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_LIMIT);
    g_clear_error (&error);
    run_ok ("for k = 1:400, end", child);
  }
  orr_scope_set_statement_limit (parent, 0);
  g_assert_cmpuint (orr_scope_get_statement_limit (child), ==, ORR_EXPR_MAX_STATEMENTS);
}

/* The base's values in a scope: hidden names that scripts can neither read
 * nor write, found by GetFromBase through the scope chain, copied with the
 * scope's names, with a default for a missing one and an error naming it
 * otherwise. */
static void
test_base_values (void)
{
  g_autoptr (OrrScope) parent = orr_scope_new (NULL);
  g_autoptr (OrrScope) child = orr_scope_new (parent);
  g_autoptr (OrrScope) copy = orr_scope_new (NULL);
  g_autoptr (OrrValue) v = orr_value_new_from_doubles (1, 2, (const double[]){ 3, 4 });
  g_autoptr (OrrBase) base = orr_base_new ();
  g_autoptr (OrrValue) five = orr_value_new_double (5);
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) stored = NULL;

  orr_scope_set_base_value (parent, "p", v);
  g_assert_true (orr_scope_lookup_base_value (child, "p") == v);
  g_assert_null (orr_scope_lookup_base_value (child, "q"));
  g_assert_null (orr_scope_lookup_base_value (NULL, "p"));
  g_assert_null (orr_scope_lookup (parent, "p")); /* not a variable */
  g_assert_cmpfloat (eval_scalar ("sum(GetFromBase('p'))", child), ==, 7);
  g_assert_cmpfloat (eval_scalar ("GetFromBase('q', -1)", child), ==, -1);
  g_assert_cmpfloat (eval_scalar ("isequal(GetFromBase('p', -1), [3 4])", child), ==, 1);
  /* a script assigning p makes a variable, not a base value */
  run_ok ("p = 10; q = GetFromBase('p'); q = q(1);", child);
  g_assert_cmpfloat (eval_scalar ("p + q", child), ==, 13);
  expect_eval_error ("GetFromBase('missing')", ORR_EXPR_ERROR_UNDEFINED, 1, 1,
                     "GetFromBase: 'missing' is not in the base");
  expect_eval_error ("GetFromBase(3)", ORR_EXPR_ERROR_TYPE, 1, 1, "must be a string");
  g_assert_true (orr_expr_is_builtin ("GetFromBase"));

  /* listed, so that copying a scope's names copies it, but hidden */
  names = orr_scope_list_local (parent);
  g_assert_cmpuint (g_strv_length (names), ==, 1);
  g_assert_true (orr_scope_name_is_hidden (names[0]));
  g_assert_false (orr_scope_name_is_hidden ("p"));
  orr_scope_pin (copy, names[0], orr_scope_lookup (parent, names[0]));
  g_assert_true (orr_scope_lookup_base_value (copy, "p") == v);

  /* a base publishes every value into a scope */
  orr_base_set (base, "k", five);
  orr_base_set (base, "a", v);
  stored = orr_base_list (base);
  g_assert_cmpuint (g_strv_length (stored), ==, 2);
  g_assert_cmpstr (stored[0], ==, "a");
  g_assert_cmpstr (stored[1], ==, "k");
  orr_base_publish (base, child);
  g_assert_cmpfloat (eval_scalar ("GetFromBase('k') + sum(GetFromBase('a'))", child), ==, 12);
  orr_base_clear (base);
  g_assert_null (orr_base_lookup (base, "k"));
}

static void
check_free (const char *text, const char *const *expected)
{
  GError *error = NULL;
  g_auto (GStrv) names = orr_expr_free_variables (text, &error);
  guint n = 0;

  g_assert_no_error (error);
  g_assert_nonnull (names);
  while (expected[n])
    n++;
  if (g_strv_length (names) != n)
    {
      g_autofree char *got = g_strjoinv (",", names);

      g_error ("free variables of «%s»: got {%s}", text, got);
    }
  for (guint k = 0; k < n; k++)
    g_assert_cmpstr (names[k], ==, expected[k]);
}

static void
test_free_variables (void)
{
  GError *error = NULL;

  check_free ("y = a*x + b; z = y + c", (const char *const[]){ "a", "b", "c", "x", NULL });
  check_free ("x = 1; y = a*x + b; z = y + c", (const char *const[]){ "a", "b", "c", NULL });
  check_free ("y = a*x + b; x = 1", (const char *const[]){ "a", "b", "x", NULL });
  check_free ("K*s + 1", (const char *const[]){ "K", "s", NULL });
  check_free ("y = sin(t) + pi*i + zeros(2)", (const char *const[]){ "t", NULL });
  check_free ("pi = 3; y = pi", (const char *const[]){ NULL });
  check_free ("x = x + 1", (const char *const[]){ "x", NULL });
  check_free ("if c, x = 1; else x = 2; end; y = x", (const char *const[]){ "c", NULL });
  check_free ("if c, x = 1; end; y = x", (const char *const[]){ "c", "x", NULL });
  check_free ("if c, x = 1; elseif d, x = 2; end; y = x",
              (const char *const[]){ "c", "d", "x", NULL });
  check_free ("for k = 1:n, s = s + k; end", (const char *const[]){ "n", "s", NULL });
  check_free ("s = 0; for k = 1:n, s = s + k; end; z = k", (const char *const[]){ "k", "n", NULL });
  check_free ("while x > 0, x = x - 1; end", (const char *const[]){ "x", NULL });
  check_free ("while go, y = 1; end; z = y", (const char *const[]){ "go", "y", NULL });
  check_free ("A(2) = 5; b = A", (const char *const[]){ NULL });
  check_free ("A(end+1) = v", (const char *const[]){ "A", "v", NULL });
  check_free ("A(idx) = 0", (const char *const[]){ "idx", NULL });
  check_free ("[m, n] = size(M); q = m*n", (const char *const[]){ "M", NULL });
  check_free ("x = f(1) + g", (const char *const[]){ "f", "g", NULL });
  check_free ("", (const char *const[]){ NULL });
  check_free ("% only a comment", (const char *const[]){ NULL });
  check_free ("z = 'abc'; w = [z 'd']", (const char *const[]){ NULL });

  g_assert_null (orr_expr_free_variables ("y = (a + ", &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_SYNTAX);
  g_clear_error (&error);
}

static void
test_errors (void)
{
  /* 1. unclosed parenthesis: the caret is at the end of line 2 */
  expect_script_error ("x = 1\ny = (1 + 2", ORR_EXPR_ERROR_SYNTAX, 2, 11,
                       "expected ')' to close '(' opened at column 5");
  /* 2. undefined variable */
  expect_script_error ("a = 1;\nb = a + K", ORR_EXPR_ERROR_UNDEFINED, 2, 9,
                       "undefined variable 'K'");
  /* 3. size mismatch, at the operator */
  expect_eval_error ("[1 2 3; 4 5 6] + [1 2; 3 4; 5 6]", ORR_EXPR_ERROR_SIZE, 1, 16,
                     "cannot add 2x3 and 3x2");
  /* 4. index out of bounds, at the index */
  expect_script_error ("v = [1 2 3];\nw = v(5)", ORR_EXPR_ERROR_INDEX, 2, 7, "index 5 exceeds 1x3");
  /* 5. wrong argument count, at the function */
  expect_eval_error ("1 + sin(1, 2)", ORR_EXPR_ERROR_ARGUMENT, 1, 5,
                     "'sin' takes at most 1 argument, got 2");
  /* 6. wrong argument type */
  expect_eval_error ("sqrt('x')", ORR_EXPR_ERROR_TYPE, 1, 1, "must be numeric");
  /* 7. stray operator */
  expect_eval_error ("1 +* 2", ORR_EXPR_ERROR_SYNTAX, 1, 4, "expected an expression, found '*'");
  /* 8. unterminated string, at its start */
  expect_script_error ("s = 'abc", ORR_EXPR_ERROR_SYNTAX, 1, 5, "unterminated string");
  /* 9. invalid character */
  expect_eval_error ("3 @ 4", ORR_EXPR_ERROR_SYNTAX, 1, 3, "unexpected character '@'");
  /* 10. matrix product with mismatched inner dimensions */
  expect_eval_error ("[1 2] * [3 4]", ORR_EXPR_ERROR_SIZE, 1, 7, "cannot multiply 1x2 by 1x2");
  /* 11. singular system */
  expect_eval_error ("[1 2; 2 4] \\ [1; 2]", ORR_EXPR_ERROR_ARGUMENT, 1, 12, "matrix is singular");
  /* 12. mixing integer types */
  expect_eval_error ("int8(1) + int16(1)", ORR_EXPR_ERROR_TYPE, 1, 9, "cannot add int8 and int16");
  /* 13. 'end' closing nothing */
  expect_script_error ("x = 1\nend", ORR_EXPR_ERROR_SYNTAX, 2, 1, "'end' without a matching");
  /* 14. missing 'end', reported at the end of input */
  expect_script_error ("if 1 > 0\n  y = 2", ORR_EXPR_ERROR_SYNTAX, 2, 8,
                       "expected 'end' to close 'if' opened at line 1, column 1");
  /* 15. statement limit */
  {
    g_autoptr (OrrScope) scope = orr_scope_new (NULL);
    GError *error = NULL;

    orr_scope_set_statement_limit (scope, 500);
    g_assert_false (orr_script_run ("k = 0;\nwhile true\n  k = k + 1;\nend", scope, &error));
    check_error (error, ORR_EXPR_ERROR_LIMIT, 2, 1, "statements executed");
    g_error_free (error);
  }
  /* 16. matrix too large */
  expect_eval_error ("2 * zeros(1e5)", ORR_EXPR_ERROR_LIMIT, 1, 5, "matrix too large");
  /* 17. invalid UTF-8 at its byte */
  expect_eval_error ("'ab\xff'", ORR_EXPR_ERROR_SYNTAX, 1, 4, "invalid UTF-8");
  /* 18. concatenation */
  expect_eval_error ("[1 2; 3]", ORR_EXPR_ERROR_SIZE, 1, 1,
                     "cannot concatenate 1x2 and 1x1 vertically");
  /* 19. non-integer index */
  expect_script_error ("a = 1:3; a(1.5)", ORR_EXPR_ERROR_INDEX, 1, 12, "not an integer");
  /* 20. NaN condition */
  expect_script_error ("if NaN, end", ORR_EXPR_ERROR_TYPE, 1, 4, "NaN cannot be converted");
  /* 21. break outside a loop */
  expect_script_error ("x = 1; break", ORR_EXPR_ERROR_SYNTAX, 1, 8, "'break' outside a loop");
  /* 22. undefined function */
  expect_eval_error ("2 * foo(3)", ORR_EXPR_ERROR_UNDEFINED, 1, 5,
                     "undefined function or variable 'foo'");
  /* 23. missing separator */
  expect_script_error ("x = 1 y = 2", ORR_EXPR_ERROR_SYNTAX, 1, 7,
                       "expected ';', ',' or a new line");
  /* 24. assignment in an expression */
  expect_eval_error ("x = 1", ORR_EXPR_ERROR_SYNTAX, 1, 3, "assignment is not allowed here");
  /* 25. error() from the script, with its message */
  expect_script_error ("if 1, error('gain must be positive'), end", ORR_EXPR_ERROR_ARGUMENT, 1, 7,
                       "gain must be positive");
  /* 26. unclosed bracket on an earlier line */
  expect_script_error ("a = [1 2\n", ORR_EXPR_ERROR_SYNTAX, 2, 1,
                       "expected ']' to close '[' opened at line 1, column 5");
  /* 27. too many outputs */
  expect_script_error ("[a, b] = sin(1)", ORR_EXPR_ERROR_ARGUMENT, 1, 1, "returns at most 1 value");
  /* 28. error on a later line of a multi-line script, with tabs before */
  {
    g_autoptr (OrrScope) scope = orr_scope_new (NULL);
    GError *error = NULL;
    g_auto (GStrv) lines = NULL;
    int line, col;

    g_assert_false (orr_script_run ("x = 1;\n\ty = x + q;", scope, &error));
    g_assert_true (orr_expr_error_location (error, &line, &col));
    g_assert_cmpint (line, ==, 2);
    g_assert_cmpint (col, ==, 10);
    lines = g_strsplit (error->message, "\n", -1);
    g_assert_cmpstr (lines[1], ==, "  \ty = x + q;");
    g_assert_cmpstr (lines[2], ==, "  \t        ^");
    g_error_free (error);
  }
  /* not an ORR_EXPR_ERROR: no location */
  {
    GError *other = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_FAILED, "line 1, column 1: x");

    g_assert_false (orr_expr_error_location (other, NULL, NULL));
    g_error_free (other);
  }
}

static void
check_roundtrip (OrrValue *v)
{
  g_autofree char *text = orr_value_to_display (v);
  GError *error = NULL;
  g_autoptr (OrrValue) back = orr_expr_evaluate (text, NULL, &error);

  if (back == NULL)
    g_error ("display «%s» does not evaluate: %s", text, error->message);
  if (!orr_value_equal (v, back))
    {
      g_autofree char *again = orr_value_to_display (back);

      g_error ("display «%s» evaluates to a different value «%s» (%s %zux%zu)", text, again,
               orr_type_name (orr_value_get_type_id (back)), orr_value_rows (back),
               orr_value_cols (back));
    }
}

static void
test_display (void)
{
  static const struct
  {
    const char *expr;
    const char *display;
  } shown[] = {
    { "3", "3" },
    { "[1 2; 3 4]", "[1 2; 3 4]" },
    { "int8([1 2])", "int8([1 2])" },
    { "'abc'", "'abc'" },
    { "[]", "[]" },
    { "1+2i", "1+2i" },
    { "0.1", "0.1" },
    { "-1.5", "-1.5" },
    { "[1; 2]", "[1; 2]" },
    { "zeros(0, 3)", "zeros(0,3)" },
    { "true", "true" },
    { "[true false]", "[true false]" },
    { "1/0", "Inf" },
    { "'it''s'", "'it''s'" },
    { "1 - 2i", "1-2i" },
    { "uint8(255)", "uint8(255)" },
  };
  static const char *const exprs[] = {
    "0",
    "-0",
    "1",
    "-1.5",
    "0.1",
    "1/3",
    "pi",
    "1e-300",
    "1e300",
    "4.9406564584124654e-324",
    "1.7976931348623157e308",
    "-1.7976931348623157e308",
    "Inf",
    "-Inf",
    "NaN",
    "2^53 + 2",
    "123456789012345678",
    "[1 2; 3 4]",
    "[1; 2; 3]",
    "[NaN Inf -Inf 0]",
    "zeros(0, 3)",
    "zeros(3, 0)",
    "[]",
    "zeros(1, 0)",
    "1 + 2i",
    "-1 - 2i",
    "[1+2i 3]",
    "complex(1, 0)",
    "complex(Inf, NaN)",
    "complex([1 2], [0 0])",
    "1e-300i",
    "complex(zeros(0, 2), zeros(0, 2))",
    "[1+2i; -3.5-0.25i]",
    "complex(NaN, 1)",
    "1i",
    "-1i",
    "int8(-128)",
    "int8(127)",
    "int16([-32768 32767])",
    "int32([-2147483648; 2147483647])",
    "uint8([0 255])",
    "uint16(65535)",
    "uint32(4294967295)",
    "int8(zeros(0, 2))",
    "uint32([])",
    "int16([1 2; 3 4])",
    "true",
    "false",
    "[true false; false true]",
    "logical(zeros(0, 2))",
    "logical([])",
    "''",
    "'abc'",
    "\"it's\"",
    "'a\"b'",
    "['line1' char(10) 'line2']",
    "[char(9) 'tab']",
    "'héllo wörld'",
    "'%not a comment'",
    "'//x'",
    "'a''b'''",
    "char(127)",
    "[char(10) char(10)]",
    "1:10",
    "linspace(0, 1, 7)",
    "eye(3) / 7",
    "[1e-5 1e5 1e15 1e16]",
    "-[0.1 0.2 0.3]",
  };
  GRand *rand = g_rand_new_with_seed (12345);

  for (gsize k = 0; k < G_N_ELEMENTS (shown); k++)
    {
      g_autoptr (OrrValue) v = eval_ok (shown[k].expr, NULL);
      g_autofree char *text = orr_value_to_display (v);

      g_assert_cmpstr (text, ==, shown[k].display);
    }
  for (gsize k = 0; k < G_N_ELEMENTS (exprs); k++)
    {
      g_autoptr (OrrValue) v = eval_ok (exprs[k], NULL);

      check_roundtrip (v);
    }
  /* values built through the API, including a complex with zero imaginary part */
  {
    g_autoptr (OrrValue) c = orr_value_new_complex (2, 0);
    g_autoptr (OrrValue) m = orr_value_new_matrix (ORR_TYPE_COMPLEX, 2, 2);
    g_autoptr (OrrValue) e = orr_value_new_matrix (ORR_TYPE_BOOL, 3, 0);

    check_roundtrip (c);
    check_roundtrip (m);
    check_roundtrip (e);
  }
  /* random matrices of every numeric type, with wild magnitudes */
  for (int trial = 0; trial < 400; trial++)
    {
      OrrType type = (OrrType)g_rand_int_range (rand, ORR_TYPE_DOUBLE, ORR_TYPE_BOOL + 1);
      gsize rows = g_rand_int_range (rand, 0, 4), cols = g_rand_int_range (rand, 0, 4);
      g_autoptr (OrrValue) v = orr_value_new_matrix (type, rows, cols);
      gsize n = rows * cols;

      for (gsize i = 0; i < n; i++)
        {
          double x
            = g_rand_double_range (rand, -1, 1) * pow (10, g_rand_int_range (rand, -300, 300));
          double y = g_rand_double_range (rand, -1, 1) * pow (10, g_rand_int_range (rand, -20, 20));

          switch (type)
            {
              case ORR_TYPE_DOUBLE:
                ((double *)orr_value_data (v))[i] = x;
                break;
              case ORR_TYPE_COMPLEX:
                ((double *)orr_value_data (v))[2 * i] = x;
                ((double *)orr_value_data (v))[2 * i + 1] = y;
                break;
              case ORR_TYPE_INT8:
                ((gint8 *)orr_value_data (v))[i] = (gint8)g_rand_int (rand);
                break;
              case ORR_TYPE_INT16:
                ((gint16 *)orr_value_data (v))[i] = (gint16)g_rand_int (rand);
                break;
              case ORR_TYPE_INT32:
                ((gint32 *)orr_value_data (v))[i] = (gint32)g_rand_int (rand);
                break;
              case ORR_TYPE_UINT8:
                ((guint8 *)orr_value_data (v))[i] = (guint8)g_rand_int (rand);
                break;
              case ORR_TYPE_UINT16:
                ((guint16 *)orr_value_data (v))[i] = (guint16)g_rand_int (rand);
                break;
              case ORR_TYPE_UINT32:
                ((guint32 *)orr_value_data (v))[i] = g_rand_int (rand);
                break;
              default:
                ((guint8 *)orr_value_data (v))[i] = g_rand_boolean (rand);
                break;
            }
        }
      check_roundtrip (v);
    }
  g_rand_free (rand);
}

static void
test_limits (void)
{
  GString *s = g_string_new (NULL);
  GError *error = NULL;
  OrrValue *v;

  /* 150 nested parentheses are fine, 300 are refused */
  for (int k = 0; k < 150; k++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (int k = 0; k < 150; k++)
    g_string_append_c (s, ')');
  g_assert_cmpfloat (eval_scalar (s->str, NULL), ==, 1);
  g_string_truncate (s, 0);
  for (int k = 0; k < 300; k++)
    g_string_append (s, "(");
  g_string_append_c (s, '1');
  g_assert_null (orr_expr_evaluate (s->str, NULL, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_LIMIT);
  g_clear_error (&error);
  /* 100000 opening brackets: the parser stops early */
  g_string_truncate (s, 0);
  for (int k = 0; k < 100000; k++)
    g_string_append_c (s, "([{"[k % 3]);
  g_assert_null (orr_expr_evaluate (s->str, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  /* unary chains */
  g_string_truncate (s, 0);
  for (int k = 0; k < 5000; k++)
    g_string_append (s, "-");
  g_string_append (s, "1");
  g_assert_null (orr_expr_evaluate (s->str, NULL, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_LIMIT);
  g_clear_error (&error);
  /* a sum of 500 terms is fine, one of 100000 terms too deep a tree */
  g_string_truncate (s, 0);
  g_string_append (s, "1");
  for (int k = 1; k < 500; k++)
    g_string_append (s, "+1");
  g_assert_cmpfloat (eval_scalar (s->str, NULL), ==, 500);
  for (int k = 500; k < 100000; k++)
    g_string_append (s, "+1");
  g_assert_null (orr_expr_evaluate (s->str, NULL, &error));
  g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_LIMIT);
  g_clear_error (&error);
  /* a wide matrix literal is not deep */
  g_string_assign (s, "sum([");
  for (int k = 0; k < 20000; k++)
    g_string_append (s, "1 ");
  g_string_append (s, "])");
  g_assert_cmpfloat (eval_scalar (s->str, NULL), ==, 20000);
  /* deeply nested if blocks */
  g_string_truncate (s, 0);
  for (int k = 0; k < 400; k++)
    g_string_append (s, "if 1\n");
  {
    g_autoptr (OrrScope) scope = orr_scope_new (NULL);

    g_assert_false (orr_script_run (s->str, scope, &error));
    g_assert_error (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_LIMIT);
    g_clear_error (&error);
  }
  /* big sizes */
  static const char *const big[] = {
    "zeros(1e5)",           "ones(1e4, 1e4 + 1)", "1:1e12",
    "repmat(1, 1e5, 1e5)",  "eye(1e9)",           "zeros(Inf)",
    "linspace(0, 1, 1e10)", "true(1e6, 1e6)",     "zeros(1e300, 0)",
    "kron_is_missing(1)",
  };
  for (gsize k = 0; k < G_N_ELEMENTS (big); k++)
    {
      g_assert_null (orr_expr_evaluate (big[k], NULL, &error));
      g_assert_nonnull (error);
      g_assert_cmpuint (strlen (error->message), >, 0);
      g_clear_error (&error);
    }
  /* a long string is fine */
  g_string_assign (s, "'");
  for (int k = 0; k < 1000000; k++)
    g_string_append_c (s, 'a' + k % 26);
  g_string_append_c (s, '\'');
  v = eval_ok (s->str, NULL);
  g_assert_cmpuint (strlen (orr_value_get_string (v)), ==, 1000000);
  orr_value_unref (v);
  g_string_free (s, TRUE);
}

typedef struct
{
  OrrScope *parent;
  int id;
  double result;
} ThreadData;

static gpointer
thread_main (gpointer data)
{
  ThreadData *td = data;
  g_autoptr (OrrScope) scope = orr_scope_new (td->parent);
  g_autofree char *script
    = g_strdup_printf ("acc = 0; for k = 1:2000, acc = acc + mod(k, %d) * base; end;"
                       "M = inv([4 1; 1 3] * %d);",
                       td->id + 2, td->id + 1);
  GError *error = NULL;

  if (!orr_script_run (script, scope, &error))
    g_error ("thread %d: %s", td->id, error->message);
  td->result = orr_value_get_real (orr_scope_lookup (scope, "acc"), 0);
  return NULL;
}

/* no global state: evaluations in parallel threads sharing a parent scope */
static void
test_threads (void)
{
  g_autoptr (OrrScope) parent = orr_scope_new (NULL);
  ThreadData data[4];
  GThread *threads[4];

  run_ok ("base = 2;", parent);
  for (int t = 0; t < 4; t++)
    {
      data[t] = (ThreadData){ parent, t, 0 };
      threads[t] = g_thread_new ("expr", thread_main, &data[t]);
    }
  for (int t = 0; t < 4; t++)
    {
      double expected = 0;

      g_thread_join (threads[t]);
      for (int k = 1; k <= 2000; k++)
        expected += (k % (t + 2)) * 2;
      g_assert_cmpfloat (data[t].result, ==, expected);
    }
}

/* ---------------------------------------------------------------------- */
/* Robustness: none of these may crash, hang or return without a message. */

static const char *const malformed[] = {
  "",
  " ",
  "\n",
  ";",
  ",",
  ";;;",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "((",
  "))",
  "[[",
  "]]",
  "(]",
  "[)",
  "([)]",
  "1 +",
  "+",
  "*",
  "* 1",
  "1 *",
  "1 **",
  "1 ++ 2",
  "1 +* 2",
  "/",
  "1 /",
  "\\",
  "^",
  "1 ^",
  "2^^2",
  "'",
  "\"",
  "'abc",
  "\"abc",
  "'a\nb'",
  "1 2",
  "1 2 3",
  "a b",
  "a(",
  "a(1",
  "a(1,",
  "a(,1)",
  "a(:",
  "a(:,",
  "sin(",
  "sin(1",
  "sin(1,",
  "zeros(2,",
  "[1 2",
  "[1, 2",
  "[1;",
  "[1; 2",
  "[;",
  "[,]",
  "[1,,2]",
  "[1;;2]",
  "x =",
  "x = ",
  "= 1",
  "== 1",
  "1 =",
  "1 = 2",
  "x + 1 = 2",
  "x(1) =",
  "[a, b] =",
  "[a, b = 1",
  "[a b] = 1 + 2",
  "[1 2] = size(1)",
  "[] = size(1)",
  "if",
  "if 1",
  "if 1, x = 1",
  "if 1, else",
  "if 1 else end end",
  "elseif",
  "else",
  "end",
  "end end",
  "for",
  "for k",
  "for k =",
  "for k = 1:3",
  "for 1 = 2, end",
  "for k = 1:3, end end",
  "while",
  "while 1",
  "while 1 x = 1",
  "break",
  "continue",
  "if 1, break, end",
  "function f",
  "switch x",
  "try",
  "x = @(t) t",
  "@",
  "#",
  "$",
  "`",
  "?",
  "x = 3 $ 4",
  "1..2",
  "1...",
  "...",
  "1e",
  "1e+",
  "1.2.3",
  "0x1F",
  "2x",
  "1i2",
  ".",
  "..",
  "a.b",
  "a.'",
  "'.'",
  "1:",
  ":",
  ":1",
  "1::2",
  "::",
  "a(:)=",
  "A(1)(2)",
  "(1)(2)",
  "f()()",
  "1e999999",
  "-1e999999",
  "1e-999999",
  "9999999999999999999999999",
  "0.0000000000000000000000000000001e-400",
  "[1 2; 3 4 5]",
  "[1; 2 3]",
  "ones(2,3) * ones(2,3)",
  "int8(1) + int16(1)",
  "'a' + 1",
  "x",
  "undefined_function(3)",
  "zeros(-1)",
  "zeros(NaN)",
  "zeros(1.5)",
  "ones('a')",
  "eye(1, 2, 3)",
  "size()",
  "size(1, 2, 3)",
  "numel(1, 2)",
  "reshape(1:6, 4, 2)",
  "reshape(1:6, [], [])",
  "repmat('a', 2, 2)",
  "diag(1:3, 0.5)",
  "linspace(0, 1, NaN)",
  "inv([1 2 3])",
  "det('a')",
  "norm([1 2; 3 4], 3)",
  "norm(1, 'x')",
  "mod('a', 2)",
  "atan2(1i, 1)",
  "sort(1, 'sideways')",
  "find(1, -1)",
  "char(0)",
  "char(-5)",
  "char(1.5)",
  "num2str(1, 40)",
  "error(5)",
  "error('boom')",
  "strcat(1, 2)",
  "min(1, 2, 3)",
  "[a, b] = min(1, 2)",
  "max([1 2], [], 0)",
  "sum(1, 0)",
  "sum(1, 1.5)",
  "cumsum('a')",
  "logical(1i)",
  "int8(1i)",
  "complex(1i, 1)",
  "complex('a')",
  "eps('single')",
  "eps('x')",
  "1:2:3:4",
  "(1:3)(2)",
  "[1 2](1)",
  "A(end)",
  "end",
  "x(end + )",
  "a(1, :, 3)",
  "~",
  "!",
  "~~",
  "1 ~ 2",
  "1 ! 2",
  "1 & ",
  "| 1",
  "&& 1",
  "1 || ",
  "1 <",
  "< 1",
  "1 <= >= 2",
  "%",
  "//",
  "%{",
  "%{\n",
  "%{\nx = 1",
  "%}",
  "x = 1 %{ not a block\n",
  "x = [1 2 ...",
  "x = [1 2 ...\n",
  "'\xff'",
  "\xff",
  "\xc3",
  "\xc3\x28",
  "x = \xe2\x82",
  "'\xed\xa0\x80'",
  "\xf4\x90\x80\x80",
  "\x01",
  "\x7f",
  "x\ty",
  "\t",
  "\r\n",
  "x = 1\r\ny = 2\r\n",
  "x = 'a\rb'",
  "é",
  "x = é",
  "ωμέγα = 1",
  "[1 2]'''",
  "''''",
  "'''",
  "\"\"\"",
  "[' ']",
  "[' ' ']",
  "a'b",
  "a' b",
  "[a' b']",
  "[1 -",
  "[1 - ]",
  "[- 1]",
  "[+]",
  "[1 +]",
  "x(1)(2) = 3",
  "x(:) = [1 2 3]",
  "x() = 1",
  "x(0) = 1",
  "x(-1) = 1",
  "x(1.5) = 1",
  "x(NaN) = 1",
  "x('a') = 1",
  "x(1) = 'a'",
  "x = 'a'; x(1) = 1",
  "x = 1; x(2, 2, 2) = 1",
  "x = [1 2; 3 4]; x(5) = 1",
  "x = 1:3; x(1:2) = [1 2 3]",
  "x = 1:3; x(1, 1) = []",
  "x = 1:3; x(5) = []",
  "[a, ~] = size(1, 2)",
  "[~] = size(1)",
  "[~, ~, ~] = size(1)",
  "[x, y] = 5",
  "[x, y] = undefined_thing",
  "if NaN, end",
  "while NaN, end",
  "if 'a', end",
  "for k = 'abc', x = k + 1; end",
  "x = 1; while x, x = x - 0.5; end",
  "for k = 1:Inf, end",
  "for k = int8(1):int16(3), end",
  "1 && [1 2]",
  "[] || 1",
  "'a' && 1",
};

static void
exercise (const char *text, OrrScope *scope)
{
  GError *error = NULL;
  OrrValue *v = orr_expr_evaluate (text, scope, &error);
  char **names;

  if (v == NULL)
    {
      g_assert_nonnull (error);
      g_assert_nonnull (error->message);
      g_assert_cmpuint (strlen (error->message), >, 0);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      if (error->domain == ORR_EXPR_ERROR)
        g_assert_true (orr_expr_error_location (error, NULL, NULL));
      g_clear_error (&error);
    }
  else
    {
      g_autofree char *shown = orr_value_to_display (v);

      g_assert_nonnull (shown);
      orr_value_unref (v);
    }
  if (!orr_script_run (text, scope, &error))
    {
      g_assert_nonnull (error);
      g_assert_cmpuint (strlen (error->message), >, 0);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_clear_error (&error);
    }
  names = orr_expr_free_variables (text, &error);
  if (names == NULL)
    {
      g_assert_nonnull (error);
      g_assert_cmpuint (strlen (error->message), >, 0);
      g_clear_error (&error);
    }
  g_strfreev (names);
  if (!orr_expr_check_syntax (text, TRUE, &error))
    g_clear_error (&error);
}

static OrrScope *
fuzz_scope (void)
{
  OrrScope *scope = orr_scope_new (NULL);

  orr_scope_set_statement_limit (scope, 2000);
  run_ok ("x = 3; A = [1 2; 3 4]; s = 'text'; v = 1:4; b = true; n = int8(5); z = 1 + 2i;", scope);
  return scope;
}

static void
test_malformed_corpus (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (malformed), >=, 150);
  g_test_message ("%zu malformed inputs", G_N_ELEMENTS (malformed));
  for (gsize k = 0; k < G_N_ELEMENTS (malformed); k++)
    {
      OrrScope *scope = fuzz_scope ();

      exercise (malformed[k], scope);
      orr_scope_unref (scope);
    }
}

/* every prefix of valid scripts: truncated input everywhere, including in
 * the middle of UTF-8 sequences */
static void
test_truncations (void)
{
  static const char *const scripts[] = {
    "A = [1 2; 3 4]';\nif det(A) ~= 0 % comment\n  x = A \\ [1; 2];\nelse\n  x = [];\nend\n",
    "s = 0; for k = 1:10, if mod(k, 2) == 0, continue; end, s = s + k^2; end",
    "name = 'héllo'; t = [name, \" wörld\"]; n = num2str(pi, 4);",
    "[m, i] = max([3 1 4 1 5]); v(i) = m; v(end + 1) = -1; v(v < 0) = [];",
    "z = (1 + 2i) * conj(3 - 4i) / abs(5i); w = sqrt(-z) .^ 2;",
    "%{\nblock\n%}\nM = reshape(1:12, 3, 4); M(:, 2) = []; k = M(end, end) // tail",
    "while true\n  n = int8(100) + int8(100);\n  break\nend\nb = n == 127 && ~isempty(n);",
  };

  gsize inputs = 0;

  for (gsize k = 0; k < G_N_ELEMENTS (scripts); k++)
    {
      gsize len = strlen (scripts[k]);

      inputs += len + 1;
      for (gsize cut = 0; cut <= len; cut++)
        {
          g_autofree char *prefix = g_strndup (scripts[k], cut);
          OrrScope *scope = fuzz_scope ();

          exercise (prefix, scope);
          orr_scope_unref (scope);
        }
    }
  g_test_message ("%zu truncated inputs", inputs);
}

/* embedded NULs: the API reads up to the first one */
static void
test_embedded_nul (void)
{
  static const char buffers[][8] = {
    { '1', '+', '\0', '2' },
    { '\'', 'a', '\0', '\'' },
    { '[', '1', '\0', ']' },
    { 'x', '=', '\0', '1' },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (buffers); k++)
    {
      OrrScope *scope = fuzz_scope ();

      exercise (buffers[k], scope);
      orr_scope_unref (scope);
    }
}

static void
test_random_tokens (void)
{
  static const char *const tokens[] = {
    "0",     "1",     "2",     "3",        "0.5",    "7",        "1e2",     "2i",      "-1",
    "x",     "A",     "s",     "v",        "b",      "n",        "z",       "y",       "k",
    "pi",    "i",     "end",   "Inf",      "NaN",    "true",     "sin",     "zeros",   "ones",
    "size",  "sum",   "max",   "min",      "inv",    "det",      "reshape", "num2str", "int8",
    "mod",   "error", "find",  "sort",     "norm",   "linspace", "eye",     "+",       "-",
    "*",     "/",     "\\",    "^",        ".*",     "./",       ".^",      "'",       ".'",
    "==",    "~=",    "<",     ">=",       "&",      "|",        "&&",      "||",      "~",
    "!",     ":",     "=",     "(",        ")",      "[",        "]",       "(",       ")",
    "[",     "]",     ",",     ";",        "\n",     "if",       "elseif",  "else",    "end",
    "for",   "while", "break", "continue", "return", "'str'",    "\"q\"",   "% c\n",   "// c\n",
    "...\n", "{",     "}",     "@",        "é",
  };
  GRand *rand = g_rand_new_with_seed (20240601);
  OrrScope *scope = fuzz_scope ();
  GString *s = g_string_new (NULL);

  for (int trial = 0; trial < 20000; trial++)
    {
      int len = g_rand_int_range (rand, 1, 25);

      g_string_truncate (s, 0);
      for (int t = 0; t < len; t++)
        {
          if (t > 0 && g_rand_boolean (rand))
            g_string_append_c (s, ' ');
          g_string_append (s, tokens[g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens))]);
        }
      exercise (s->str, scope);
      /* keep the scope small and its variables varied */
      if (trial % 500 == 499)
        {
          orr_scope_unref (scope);
          scope = fuzz_scope ();
        }
    }
  orr_scope_unref (scope);
  g_string_free (s, TRUE);
  g_rand_free (rand);
}

/* Well-formed but random expressions reach deep into evaluation: types,
 * shapes, broadcasting and builtin argument checks. */
static void
random_expression (GRand *rand, GString *out, int depth)
{
  static const char *const leaves[] = {
    "0",          "1",
    "2",          "3",
    "0.5",        "-1",
    "7",          "x",
    "A",          "s",
    "v",          "b",
    "n",          "z",
    "[]",         "'str'",
    "int8(3)",    "uint8(200)",
    "true",       "1:3",
    "[1 2; 3 4]", "zeros(2, 0)",
    "NaN",        "Inf",
    "2i",         "int16([1 2])",
    "eye(3)",     "[true false]",
    "pi",         "end",
  };
  static const char *const binary[] = {
    "+",  "-", "*",  "/", "\\", "^", ".*", "./", ".\\", ".^", "==",
    "~=", "<", "<=", ">", ">=", "&", "|",  "&&", "||",  ":",
  };
  static const char *const functions[] = {
    "abs",      "sqrt",    "exp",     "log",    "sin",     "floor",     "round",  "sum",
    "prod",     "cumsum",  "min",     "max",    "size",    "numel",     "length", "zeros",
    "ones",     "eye",     "diag",    "inv",    "det",     "transpose", "real",   "imag",
    "conj",     "int8",    "uint16",  "double", "logical", "isempty",   "any",    "all",
    "reshape",  "repmat",  "norm",    "trace",  "sign",    "mod",       "rem",    "atan2",
    "linspace", "num2str", "isequal", "find",   "sort",    "mean",      "fliplr", "horzcat",
    "vertcat",  "complex", "char",    "strcat", "class",
  };
  int choice = depth <= 0 ? 0 : g_rand_int_range (rand, 0, 8);

  switch (choice)
    {
      case 0:
        g_string_append (out, leaves[g_rand_int_range (rand, 0, G_N_ELEMENTS (leaves))]);
        break;
      case 1:
      case 2:
        g_string_append_c (out, '(');
        random_expression (rand, out, depth - 1);
        g_string_append_printf (out, " %s ",
                                binary[g_rand_int_range (rand, 0, G_N_ELEMENTS (binary))]);
        random_expression (rand, out, depth - 1);
        g_string_append_c (out, ')');
        break;
      case 3:
        g_string_append (out,
                         (const char *const[]){ "-", "~", "+" }[g_rand_int_range (rand, 0, 3)]);
        g_string_append_c (out, '(');
        random_expression (rand, out, depth - 1);
        g_string_append (out, g_rand_boolean (rand) ? ")'" : ")");
        break;
      case 4:
      case 5:
        {
          int nargs = g_rand_int_range (rand, 0, 4);

          g_string_append_printf (out, "%s(",
                                  functions[g_rand_int_range (rand, 0, G_N_ELEMENTS (functions))]);
          for (int k = 0; k < nargs; k++)
            {
              if (k > 0)
                g_string_append (out, ", ");
              random_expression (rand, out, depth - 1);
            }
          g_string_append_c (out, ')');
          break;
        }
      case 6:
        g_string_append (
          out, (const char *const[]){ "A(", "v(", "s(", "z(" }[g_rand_int_range (rand, 0, 4)]);
        random_expression (rand, out, depth - 1);
        if (g_rand_boolean (rand))
          {
            g_string_append (out, ", ");
            if (g_rand_boolean (rand))
              g_string_append_c (out, ':');
            else
              random_expression (rand, out, depth - 1);
          }
        g_string_append_c (out, ')');
        break;
      default:
        g_string_append_c (out, '[');
        random_expression (rand, out, depth - 1);
        g_string_append (out, g_rand_boolean (rand) ? " " : "; ");
        random_expression (rand, out, depth - 1);
        g_string_append_c (out, ']');
        break;
    }
}

static void
test_random_expressions (void)
{
  GRand *rand = g_rand_new_with_seed (4242);
  OrrScope *scope = fuzz_scope ();
  GString *s = g_string_new (NULL);
  int values = 0;

  for (int trial = 0; trial < 6000; trial++)
    {
      GError *error = NULL;
      OrrValue *v;

      g_string_truncate (s, 0);
      random_expression (rand, s, g_rand_int_range (rand, 1, 5));
      v = orr_expr_evaluate (s->str, scope, &error);
      if (v != NULL)
        {
          values++;
          /* whatever comes out must survive its own display */
          check_roundtrip (v);
          orr_value_unref (v);
        }
      else
        {
          g_assert_cmpuint (strlen (error->message), >, 0);
          g_assert_true (orr_expr_error_location (error, NULL, NULL));
          g_clear_error (&error);
        }
      /* also as the right-hand side of an indexed assignment */
      g_string_prepend (s, "tmp(2, :) = ");
      exercise (s->str, scope);
    }
  /* the generator must exercise evaluation, not just error paths */
  g_test_message ("%d of 6000 random expressions gave a value", values);
  g_assert_cmpint (values, >, 1000);
  orr_scope_unref (scope);
  g_string_free (s, TRUE);
  g_rand_free (rand);
}

static void
test_random_bytes (void)
{
  GRand *rand = g_rand_new_with_seed (777);
  OrrScope *scope = fuzz_scope ();

  for (int trial = 0; trial < 3000; trial++)
    {
      int len = g_rand_int_range (rand, 1, 40);
      char buf[48];

      for (int k = 0; k < len; k++)
        {
          /* mostly printable ASCII, sometimes any byte */
          buf[k] = g_rand_int_range (rand, 0, 4) ? (char)g_rand_int_range (rand, 32, 127)
                                                 : (char)g_rand_int_range (rand, 1, 256);
        }
      buf[len] = '\0';
      exercise (buf, scope);
    }
  orr_scope_unref (scope);
  g_rand_free (rand);
}

/* ---- expressions the evaluator refuses, case by case ---------------------- */

/* Each with the error code it must give (the messages are checked where
 * they are the point, above): literals, broadcasting, ranges, integer,
 * logical and string operands. */
typedef struct
{
  const char *expr;
  int code;
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "0x", ORR_EXPR_ERROR_SYNTAX }, /* not hexadecimal: a malformed number */
  { "[1 2 3] + [1 2]", ORR_EXPR_ERROR_SIZE },
  { "1:Inf", ORR_EXPR_ERROR_LIMIT },
  { "'a':3", ORR_EXPR_ERROR_TYPE },
  { "int8(1) + int16(1)", ORR_EXPR_ERROR_TYPE },
  { "int8(1) + 1i", ORR_EXPR_ERROR_TYPE },
  { "int8(1i)", ORR_EXPR_ERROR_TYPE },
  { "[1 1] && 1", ORR_EXPR_ERROR_TYPE },
  { "~NaN", ORR_EXPR_ERROR_TYPE },
  { "logical(NaN)", ORR_EXPR_ERROR_TYPE },
  { "'a' + 1", ORR_EXPR_ERROR_TYPE },
  { "'a' == 1", ORR_EXPR_ERROR_TYPE },
  { "['a' 1]", ORR_EXPR_ERROR_TYPE },
  { "'abc", ORR_EXPR_ERROR_SYNTAX },
};

static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;
  g_autoptr (GError) error = NULL;

  g_assert_null (orr_expr_evaluate (c->expr, NULL, &error));
  g_assert_error (error, ORR_EXPR_ERROR, c->code);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/expr/value-api", test_value_api);
  g_test_add_func ("/expr/literals", test_literals);
  g_test_add_func ("/expr/precedence", test_precedence);
  g_test_add_func ("/expr/arithmetic", test_arithmetic);
  g_test_add_func ("/expr/broadcast", test_broadcast);
  g_test_add_func ("/expr/ranges", test_ranges);
  g_test_add_func ("/expr/matrix-building", test_matrix_building);
  g_test_add_func ("/expr/linear-algebra", test_linear_algebra);
  g_test_add_func ("/expr/indexing", test_indexing);
  g_test_add_func ("/expr/indexed-assignment", test_indexed_assignment);
  g_test_add_func ("/expr/builtins", test_builtins);
  g_test_add_func ("/expr/builtin-names", test_builtin_names);
  g_test_add_func ("/expr/integers", test_integers);
  g_test_add_func ("/expr/logical", test_logical);
  g_test_add_func ("/expr/strings", test_strings);
  g_test_add_func ("/expr/complex", test_complex);
  g_test_add_func ("/expr/control-flow", test_control_flow);
  g_test_add_func ("/expr/comments", test_comments);
  g_test_add_func ("/expr/scopes", test_scopes);
  g_test_add_func ("/expr/base-values", test_base_values);
  g_test_add_func ("/expr/free-variables", test_free_variables);
  g_test_add_func ("/expr/errors", test_errors);
  g_test_add_func ("/expr/display", test_display);
  g_test_add_func ("/expr/limits", test_limits);
  g_test_add_func ("/expr/threads", test_threads);
  g_test_add_func ("/expr/robustness/malformed-corpus", test_malformed_corpus);
  g_test_add_func ("/expr/robustness/truncations", test_truncations);
  g_test_add_func ("/expr/robustness/embedded-nul", test_embedded_nul);
  g_test_add_func ("/expr/robustness/random-tokens", test_random_tokens);
  g_test_add_func ("/expr/robustness/random-expressions", test_random_expressions);
  g_test_add_func ("/expr/robustness/random-bytes", test_random_bytes);
  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/expr/error/%u", i);

      g_test_add_data_func (path, &error_cases[i], test_error_case);
    }
  return g_test_run ();
}
