/* test-lookup.c: the Lookup palette's blocks, LookupTable and LookupTable2D.
 *
 * One block at a time through the block harness (tests/common): what
 * configure declares, the errors it gives, and the values of every interpolation and
 * extrapolation method against values worked out by hand (or by a formula
 * the table must reproduce exactly, such as a cubic for the splines); the
 * modes and surfaces that keep a variable-step solver off the breakpoints.
 * The models are in test-lookup-models.c. */
#include "block-test.h"
#include "orr-all-classes.h"
#include "lookup/orr-interp.h"

#include <math.h>

/* ---- helpers ---------------------------------------------------------- */

/* The test data set of the interpolation chapter. */
#define X_DATA "[0 1 2 4]"
#define Y_DATA "[4 7 6 5]"

/* Runs a LookupTable configured with method and extrapolation on the
 * points u (n of them, as one column input) and checks the outputs against
 * expected within tolerance. */
static void
check_table (const char *x, const char *y, const char *method, const char *extrapolation,
             const char *end_slopes, const double *u, const double *expected, int n,
             double tolerance)
{
  g_autoptr (OrrHarness) h = NULL;
  const double *out;

  h = harness (&orr_lookup_table_class,
               CONFIGURE (&orr_lookup_table_class, "x", x, "y", y, "method", method,
                          "extrapolation", extrapolation, "end_slopes", end_slopes, NULL),
               n, 1);
  orr_harness_set_input (h, 0, u);
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  out = orr_harness_output (h, 0);
  for (int i = 0; i < n; i++)
    {
      g_test_message ("method %s, extrapolation %s: f(%g) = %.12g, expected %.12g", method,
                      extrapolation, u[i], out[i], expected[i]);
      /* <=: a tolerance of 0 asks for the exact value */
      if (!(fabs (out[i] - expected[i]) <= tolerance))
        g_error ("method %s, extrapolation %s: f(%g) = %.17g, not %.17g (tolerance %g)", method,
                 extrapolation, u[i], out[i], expected[i], tolerance);
    }
}

/* ---- LookupTable: values --------------------------------------------- */

/* The chapter's oracles on X = [0 1 2 4], Y = [4 7 6 5]: linear exactly
 * (hand: 4 + 0.5 * 3 ...), the natural spline to 1e-6. */
static void
test_table_oracles (void)
{
  const double u[] = { 0.5, 1.5, 3, 3.5 };
  const double linear[] = { 5.5, 6.5, 5.5, 5.25 };
  const double natural[] = { 5.899457, 6.801630, 5.108696, 5.005435 };

  check_table (X_DATA, Y_DATA, "1", "2", "[0 0]", u, linear, 4, 1e-15);
  check_table (X_DATA, Y_DATA, "5", "2", "[0 0]", u, natural, 4, 1e-6);
}

/* The hold methods: the point at or below, at or above, the nearest (a tie
 * goes up); exact knots give their own value for all of them. */
static void
test_table_hold_methods (void)
{
  const double u[] = { 0, 0.5, 1, 1.5, 2.9, 3, 4 };
  const double floor_values[] = { 4, 4, 7, 7, 6, 6, 5 };
  const double ceil_values[] = { 4, 7, 7, 6, 5, 5, 5 };
  const double nearest_values[] = { 4, 7, 7, 6, 6, 5, 5 };

  check_table (X_DATA, Y_DATA, "2", "2", "[0 0]", u, floor_values, 7, 0);
  check_table (X_DATA, Y_DATA, "3", "2", "[0 0]", u, ceil_values, 7, 0);
  check_table (X_DATA, Y_DATA, "4", "2", "[0 0]", u, nearest_values, 7, 0);
}

static double
cubic (double x)
{
  return x * x * x - 2 * x * x + x + 1;
}

static double
cubic_slope (double x)
{
  return 3 * x * x - 4 * x + 1;
}

/* Splines that must reproduce a cubic exactly: not-a-knot on 4 points is
 * the single cubic through them; the clamped spline with the cubic's true
 * end slopes (f'(0) = 1, f'(4) = 33) is the cubic, on 4 and on 6 points. */
static void
test_table_cubic_reproduction (void)
{
  const double u[] = { 0, 0.5, 1.7, 2.5, 3.2, 3.99 };
  double expected[G_N_ELEMENTS (u)];
  g_autofree char *y4
    = g_strdup_printf ("[%.17g %.17g %.17g %.17g]", cubic (0), cubic (1), cubic (2.5), cubic (4));
  g_autofree char *y6 = g_strdup_printf ("[%.17g %.17g %.17g %.17g %.17g %.17g]", cubic (0),
                                         cubic (0.7), cubic (1), cubic (2), cubic (2.5), cubic (4));
  g_autofree char *slopes = g_strdup_printf ("[%g %g]", cubic_slope (0), cubic_slope (4));

  for (guint i = 0; i < G_N_ELEMENTS (u); i++)
    expected[i] = cubic (u[i]);
  check_table ("[0 1 2.5 4]", y4, "6", "2", "[0 0]", u, expected, G_N_ELEMENTS (u), 1e-12);
  check_table ("[0 1 2.5 4]", y4, "7", "2", slopes, u, expected, G_N_ELEMENTS (u), 1e-12);
  check_table ("[0 0.7 1 2 2.5 4]", y6, "7", "2", slopes, u, expected, G_N_ELEMENTS (u), 1e-12);
}

/* Small cases of the cubic methods, by hand: every spline on two points is
 * the line; not-a-knot on three is the parabola through them (here
 * y = x^2); Akima on a straight line is the line; Akima on a step
 * 0 0 0 1 1 1 has zero slopes at both knots of the rise (its weights
 * ignore the flat side), so between them it is 3 s^2 - 2 s^3. */
static void
test_table_cubic_small (void)
{
  const double u_line[] = { 1, 1.5, 2, 2.5, 3 };
  const double line[] = { 2, 3, 4, 5, 6 };
  const double u_parabola[] = { -1, 0.5, 1.5, 2.5 };
  const double parabola[] = { 1, 0.25, 2.25, 6.25 };
  const double u_akima[] = { 0.5, 2, 4.5, 6.5 };
  const double akima_line[] = { 0, 3, 8, 12 };
  const double u_step[] = { 1.5, 2.25, 2.5, 2.75, 3.5 };
  const double step[] = { 0, 0.15625, 0.5, 0.84375, 1 };

  for (int method = 5; method <= 8; method++)
    {
      g_autofree char *m = g_strdup_printf ("%d", method);
      /* the clamped spline's end slopes are the line's */
      check_table ("[1 3]", "[2 6]", m, "2", "[2 2]", u_line, line, 5, 1e-14);
    }
  check_table ("[-1 1 3]", "[1 1 9]", "6", "2", "[0 0]", u_parabola, parabola, 4, 1e-14);
  check_table ("[0 1 3 4 7]", "[-1 1 5 7 13]", "8", "2", "[0 0]", u_akima, akima_line, 4, 1e-14);
  check_table ("[0 1 2 3 4 5]", "[0 0 0 1 1 1]", "8", "2", "[0 0]", u_step, step, 5, 1e-14);
}

/* Outside [0, 4] on the data set: zero; hold; linear through the end
 * points (slope 3 on the left, -0.5 on the right); repeat with period 4. */
static void
test_table_extrapolation (void)
{
  const double u[] = { -1, 5, 4, 8.5, -0.5 };
  const double zero[] = { 0, 0, 5, 0, 0 };
  const double hold[] = { 4, 5, 5, 5, 4 };
  const double linear[] = { 1, 4.5, 5, 2.75, 2.5 };
  /* 5 -> 1, 4 -> 0, 8.5 -> 0.5, -0.5 -> 3.5, -1 -> 3 */
  const double repeat[] = { 5.5, 7, 4, 5.5, 5.25 };
  const double repeat_floor[] = { 6, 7, 4, 4, 6 };
  /* the natural spline continued linearly by its end points, as the
   * linear method is */
  const double spline_linear[] = { 1, 4.5, 5, 2.75, 2.5 };

  check_table (X_DATA, Y_DATA, "1", "1", "[0 0]", u, zero, 5, 0);
  check_table (X_DATA, Y_DATA, "1", "2", "[0 0]", u, hold, 5, 0);
  check_table (X_DATA, Y_DATA, "1", "3", "[0 0]", u, linear, 5, 1e-15);
  check_table (X_DATA, Y_DATA, "1", "4", "[0 0]", u, repeat, 5, 1e-15);
  check_table (X_DATA, Y_DATA, "2", "4", "[0 0]", u, repeat_floor, 5, 0);
  check_table (X_DATA, Y_DATA, "5", "3", "[0 0]", u, spline_linear, 5, 1e-14);
}

/* Element by element over a matrix input, and NaN in gives NaN out. */
static void
test_table_matrix_input (void)
{
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 0.5, 1.5, 3, NAN, -2, 3.5 }; /* 2x3, column-major */
  const double expected[] = { 5.5, 6.5, 5.5, NAN, 4, 5.25 };
  const double *out;

  h = harness (&orr_lookup_table_class,
               CONFIGURE (&orr_lookup_table_class, "x", X_DATA, "y", Y_DATA, NULL), 2, 3);
  g_assert_cmpint (h->block.in[0].rows, ==, 2);
  g_assert_cmpint (h->block.in[0].cols, ==, 3);
  orr_harness_set_input (h, 0, u);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  out = orr_harness_output (h, 0);
  for (int i = 0; i < 6; i++)
    {
      if (isnan (expected[i]))
        g_assert_true (isnan (out[i]));
      else
        g_assert_cmpfloat_with_epsilon (out[i], expected[i], 1e-15);
    }
}

/* ---- LookupTable: configure, modes and surfaces ------------------------ */

static void
test_table_configure (void)
{
  const OrrBlockClass *k = &orr_lookup_table_class;
  g_autoptr (OrrConfig) config = CONFIGURE (k, "x", X_DATA, "y", Y_DATA, "method", "5", NULL);
  g_autoptr (OrrConfig) plain = CONFIGURE (k, "zero_crossing", "0", NULL);
  const OrrPortSpec *in = &g_array_index (config->inputs, OrrPortSpec, 0);
  const OrrPortSpec *out = &g_array_index (config->outputs, OrrPortSpec, 0);

  /* any matrix, element-wise, feedthrough; a surface and a mode per element */
  g_assert_cmpuint (config->inputs->len, ==, 1);
  g_assert_cmpuint (config->outputs->len, ==, 1);
  g_assert_cmpint (in->rows, ==, -1);
  g_assert_cmpint (in->cols, ==, -2);
  g_assert_true (in->feedthrough);
  g_assert_cmpint (out->rows, ==, -1);
  g_assert_cmpint (out->cols, ==, -2);
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, -1);
  g_assert_false (config->always_active);
  g_assert_cmpint (config->n_evin, ==, 0);
  /* x, y and the spline's 4 slopes */
  g_assert_cmpuint (config->rpar->len, ==, 12);
  g_assert_cmpint (plain->ng, ==, 0);
  g_assert_cmpint (plain->nmode, ==, 0);

  EXPECT_PARAM_ERROR (k, "x", "x", "[0 1 1 2]", "y", "[1 2 3 4]", NULL);
  EXPECT_PARAM_ERROR (k, "x", "x", "[0 2 1]", "y", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (k, "x", "x", "3", "y", "4", NULL);
  EXPECT_PARAM_ERROR (k, "x", "x", "[0 Inf]", "y", "[1 2]", NULL);
  EXPECT_PARAM_ERROR (k, "x", "x", "[0 1; 2 3]", "y", "[1 2 3 4]", NULL);
  EXPECT_PARAM_ERROR (k, "y", "x", "[0 1 2]", "y", "[1 2]", NULL);
  EXPECT_PARAM_ERROR (k, "method", "method", "9", NULL);
  EXPECT_PARAM_ERROR (k, "method", "method", "0", NULL);
  EXPECT_PARAM_ERROR (k, "extrapolation", "extrapolation", "5", NULL);
  EXPECT_PARAM_ERROR (k, "end_slopes", "method", "7", "end_slopes", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (k, "zero_crossing", "zero_crossing", "2", NULL);
}

/* Floor on the data set, two elements. With modes free the zero-crossings
 * job picks each element's segment and the surfaces are positive; with
 * modes fixed the outputs keep the held pieces past the breakpoints and
 * the surfaces turn negative there; freed again, the segments move on. */
static void
test_table_modes (void)
{
  g_autoptr (OrrHarness) h = NULL;
  const double start[] = { 1.5, -1 };
  const double moved[] = { 2.1, 0.2 };
  const double *out;
  int held[2];

  h = harness (&orr_lookup_table_class,
               CONFIGURE (&orr_lookup_table_class, "x", X_DATA, "y", Y_DATA, "method", "2",
                          "extrapolation", "1", NULL),
               2, 1);
  g_assert_cmpint (h->block.ng, ==, 2);
  g_assert_cmpint (h->block.nmode, ==, 2);
  h->time.phase = ORR_PHASE_EVENT;

  orr_harness_set_input (h, 0, start);
  h->time.modes_fixed = FALSE;
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], >, 0);
  g_assert_cmpfloat (h->block.g[1], >, 0);
  g_assert_cmpint (h->block.mode[0], !=, h->block.mode[1]);
  held[0] = h->block.mode[0];
  held[1] = h->block.mode[1];
  /* the surface is the distance to the nearer end of the segment [1, 2) */
  g_assert_cmpfloat_with_epsilon (h->block.g[0], 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (h->block.g[1], 1, 1e-12);

  h->time.phase = ORR_PHASE_TRIAL;
  h->time.modes_fixed = TRUE;
  orr_harness_set_input (h, 0, moved);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  out = orr_harness_output (h, 0);
  g_assert_cmpfloat (out[0], ==, 7); /* the piece of [1, 2), not 6 */
  g_assert_cmpfloat (out[1], ==, 0); /* zero extrapolation, not 4 */
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], <, 0);
  g_assert_cmpfloat (h->block.g[1], <, 0);
  g_assert_cmpint (h->block.mode[0], ==, held[0]);
  g_assert_cmpint (h->block.mode[1], ==, held[1]);

  h->time.phase = ORR_PHASE_EVENT;
  h->time.modes_fixed = FALSE;
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpint (h->block.mode[0], ==, held[0] + 1);
  g_assert_cmpint (h->block.mode[1], ==, held[1] + 1);
  g_assert_cmpfloat (h->block.g[0], >, 0);
  g_assert_cmpfloat (h->block.g[1], >, 0);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (out[0], ==, 6);
  g_assert_cmpfloat (out[1], ==, 4);
}

/* Right on a breakpoint the new segment's surface is already positive, so
 * a solver restarted there does not take the boundary for a crossing, in
 * either direction of travel; and the held linear piece continues its own
 * line (7 - (u - 1)), not the table. Periodic segments count the copies of
 * the table. */
static void
test_table_segments (void)
{
  OrrInterpTable table = { 4,    (double[]){ 0, 1, 2, 4 }, (double[]){ 4, 7, 6, 5 },
                           NULL, ORR_INTERP_LINEAR,        ORR_EXTRAP_HOLD };
  int s;

  for (int i = 0; i < 4; i++)
    {
      s = orr_interp_segment (&table, table.x[i]);
      g_assert_cmpfloat (orr_interp_surface (&table, s, table.x[i]), >, 0);
      /* just past the boundary, moving down: the neighbour below */
      s = orr_interp_segment (&table, nextafter (table.x[i], -INFINITY));
      g_assert_cmpfloat (orr_interp_surface (&table, s, nextafter (table.x[i], -INFINITY)), >, 0);
    }
  s = orr_interp_segment (&table, 1.5);
  g_assert_cmpfloat (orr_interp_eval_segment (&table, s, 2.5), ==, 5.5);
  g_assert_cmpfloat (orr_interp_eval_segment (&table, s, 0.5), ==, 7.5);
  g_assert_cmpfloat (orr_interp_surface (&table, s, 2.5), <, 0);
  g_assert_cmpfloat (orr_interp_surface (&table, s, 0.5), <, 0);

  table.extrapolation = ORR_EXTRAP_REPEAT;
  s = orr_interp_segment (&table, 5); /* 1 in the second copy */
  g_assert_cmpint (s, ==, orr_interp_segment (&table, 1) + 3);
  g_assert_cmpfloat (orr_interp_surface (&table, s, 5), >, 0);
  g_assert_cmpfloat (orr_interp_surface (&table, s, 6.2), <, 0);
  g_assert_cmpfloat_with_epsilon (orr_interp_eval_segment (&table, s, 6.2), 7 - 1.2, 1e-14);
  s = orr_interp_segment (&table, -1); /* 3 in the copy before */
  g_assert_cmpint (s, <, 0);
  g_assert_cmpfloat_with_epsilon (orr_interp_eval_segment (&table, s, -1), 5.5, 1e-15);
  g_assert_cmpfloat (orr_interp_surface (&table, s, -1), >, 0);
  g_assert_cmpfloat (orr_interp_surface (&table, s, 0.1), <, 0);
}

/* ---- LookupTable2D ------------------------------------------------------ */

/* Bilinear interpolation reproduces any f = a + b x + c y + d x y exactly,
 * inside the grid and, extrapolating linearly, outside it too. */
static double
bilinear (double x, double y)
{
  return 1 + 2 * x + 3 * y + 4 * x * y;
}

static void
test_table_2d (void)
{
  const double u1[] = { 0, 0.5, 2, 3, -1, 4, 2.5, 10 };
  const double u2[] = { 0, 1, 3.5, 5, 1, 6, -2, -3 };
  const double held_u1[] = { 0, 0.5, 2, 3, 0, 3, 2.5, 3 };
  const double held_u2[] = { 0, 1, 3.5, 5, 1, 5, 0, 0 };
  const int n = G_N_ELEMENTS (u1);
  g_autoptr (GString) z = g_string_new ("[");
  const double xs[] = { 0, 1, 3 }, ys[] = { 0, 2, 5 };

  for (int i = 0; i < 3; i++)
    {
      for (int j = 0; j < 3; j++)
        g_string_append_printf (z, "%g ", bilinear (xs[i], ys[j]));
      g_string_append (z, i < 2 ? ";" : "]");
    }

  for (int extrapolation = 1; extrapolation <= 2; extrapolation++)
    {
      g_autofree char *e = g_strdup_printf ("%d", extrapolation);
      g_autoptr (OrrHarness) h = NULL;
      const double *out;

      h = harness (&orr_lookup_table_2d_class,
                   CONFIGURE (&orr_lookup_table_2d_class, "x", "[0 1 3]", "y", "[0 2 5]", "z",
                              z->str, "extrapolation", e, NULL),
                   2, 4);
      orr_harness_set_input (h, 0, u1);
      orr_harness_set_input (h, 1, u2);
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      out = orr_harness_output (h, 0);
      for (int k = 0; k < n; k++)
        {
          double expected
            = extrapolation == 1 ? bilinear (held_u1[k], held_u2[k]) : bilinear (u1[k], u2[k]);
          g_assert_cmpfloat_with_epsilon (out[k], expected, 1e-12);
        }
    }
}

static void
test_table_2d_configure (void)
{
  const OrrBlockClass *k = &orr_lookup_table_2d_class;
  g_autoptr (OrrConfig) config = CONFIGURE (k, NULL);

  g_assert_cmpuint (config->inputs->len, ==, 2);
  g_assert_cmpuint (config->outputs->len, ==, 1);
  for (guint i = 0; i < 2; i++)
    {
      const OrrPortSpec *in = &g_array_index (config->inputs, OrrPortSpec, i);
      g_assert_cmpint (in->rows, ==, -1);
      g_assert_cmpint (in->cols, ==, -2);
      g_assert_true (in->feedthrough);
    }
  g_assert_cmpint (config->ng, ==, 0);

  EXPECT_PARAM_ERROR (k, "z", "x", "[0 1 2]", "y", "[0 1]", "z", "[1 2; 3 4]", NULL);
  EXPECT_PARAM_ERROR (k, "y", "y", "[1 0]", NULL);
  EXPECT_PARAM_ERROR (k, "x", "x", "0", "z", "[1 2]", NULL);
  EXPECT_PARAM_ERROR (k, "extrapolation", "extrapolation", "3", NULL);
}

/* ---- LookupTableND, LookupTable_port, LookupTable2D_port -------------------------- */

/* A bilinear function, which bilinear interpolation and tensor-product
 * natural or not-a-knot splines reproduce exactly on any grid. */
static double
bilinear_nd (double x, double y)
{
  return 1 + 2 * x + 3 * y + x * y;
}

/* One evaluation of a harness with d scalar inputs. */
static double
eval_nd (OrrHarness *h, const double *u, int d)
{
  for (int k = 0; k < d; k++)
    orr_harness_set_input (h, k, &u[k]);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  return orr_harness_output (h, 0)[0];
}

static void
test_table_nd (void)
{
  /* x = [0 1 3], y = [0 2 5]: table(i, j) = bilinear(x_i, y_j) */
  const double x[] = { 0, 1, 3 }, y[] = { 0, 2, 5 };
  GString *table = g_string_new ("[");
  const double points[][2] = { { 0.5, 1 }, { 2, 4.5 }, { 3, 5 }, { 0, 0 }, { 2.9, 0.1 } };

  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++)
      g_string_append_printf (table, "%.17g ", bilinear_nd (x[i], y[j]));
  g_string_append (table, "]");
  /* methods 1 (linear), 4 (natural) and 5 (not-a-knot) reproduce it */
  for (int m = 0; m < 3; m++)
    {
      const char *method = (const char *[]){ "1", "4", "5" }[m];
      OrrConfig *config = CONFIGURE (&orr_lookup_table_nd_class, "sizes", "[3 3]", "breakpoints",
                                     "[0 1 3, 0 2 5]", "table", table->str, "method", method, NULL);
      g_autoptr (OrrHarness) h = NULL;

      assert_ports (config, 2, 1, 0, 0);
      h = harness (&orr_lookup_table_nd_class, config, 1, 1);
      orr_harness_run (h, ORR_JOB_INIT);
      for (guint p = 0; p < G_N_ELEMENTS (points); p++)
        g_assert_cmpfloat_with_epsilon (eval_nd (h, points[p], 2),
                                        bilinear_nd (points[p][0], points[p][1]), 1e-12);
      /* held outside: the value at the clamped point */
      g_assert_cmpfloat_with_epsilon (eval_nd (h, (double[]){ 4, -1 }, 2), bilinear_nd (3, 0),
                                      1e-12);
    }
  /* extended outside, linear: the edge cell's bilinear function, which is
   * the function itself */
  {
    OrrConfig *config
      = CONFIGURE (&orr_lookup_table_nd_class, "sizes", "[3 3]", "breakpoints", "[0 1 3 0 2 5]",
                   "table", table->str, "extrapolation", "2", NULL);
    g_autoptr (OrrHarness) h = harness (&orr_lookup_table_nd_class, config, 1, 1);

    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_cmpfloat_with_epsilon (eval_nd (h, (double[]){ 4, -1 }, 2), bilinear_nd (4, -1),
                                    1e-12);
  }
  /* zero-order: the grid point at or below, and the nearest */
  {
    OrrConfig *config = CONFIGURE (&orr_lookup_table_nd_class, "sizes", "[3 3]", "breakpoints",
                                   "[0 1 3 0 2 5]", "table", table->str, "method", "2", NULL);
    OrrConfig *nearest = CONFIGURE (&orr_lookup_table_nd_class, "sizes", "[3 3]", "breakpoints",
                                    "[0 1 3 0 2 5]", "table", table->str, "method", "3", NULL);
    g_autoptr (OrrHarness) h = harness (&orr_lookup_table_nd_class, config, 1, 1);
    g_autoptr (OrrHarness) hn = harness (&orr_lookup_table_nd_class, nearest, 1, 1);

    orr_harness_run (h, ORR_JOB_INIT);
    orr_harness_run (hn, ORR_JOB_INIT);
    g_assert_cmpfloat (eval_nd (h, (double[]){ 2.9, 4.9 }, 2), ==, bilinear_nd (1, 2));
    g_assert_cmpfloat (eval_nd (hn, (double[]){ 2.9, 4.9 }, 2), ==, bilinear_nd (3, 5));
    g_assert_cmpfloat (eval_nd (hn, (double[]){ 0.4, 0.9 }, 2), ==, bilinear_nd (0, 0));
  }
  /* three axes, trilinear on x + 2y + 3z + xyz over [0 1]^3 (exact) */
  {
    GString *t3 = g_string_new ("[");
    OrrConfig *config;
    g_autoptr (OrrHarness) h = NULL;
    const double u[] = { 0.25, 0.5, 0.75 };

    for (int k = 0; k < 2; k++)
      for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++)
          g_string_append_printf (t3, "%d ", i + 2 * j + 3 * k + i * j * k);
    g_string_append (t3, "]");
    config = CONFIGURE (&orr_lookup_table_nd_class, "sizes", "[2 2 2]", "breakpoints",
                        "[0 1 0 1 0 1]", "table", t3->str, NULL);
    h = harness (&orr_lookup_table_nd_class, config, 1, 1);
    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_cmpfloat_with_epsilon (eval_nd (h, u, 3),
                                    0.25 + 2 * 0.5 + 3 * 0.75 + 0.25 * 0.5 * 0.75, 1e-14);
    g_string_free (t3, TRUE);
  }
  /* one axis, not-a-knot through 5 points of u^3: exact for a cubic */
  {
    OrrConfig *config = CONFIGURE (&orr_lookup_table_nd_class, "sizes", "5", "breakpoints",
                                   "[0 1 2 3 4]", "table", "[0 1 8 27 64]", "method", "5", NULL);
    g_autoptr (OrrHarness) h = harness (&orr_lookup_table_nd_class, config, 1, 1);

    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_cmpfloat_with_epsilon (eval_nd (h, (double[]){ 1.7 }, 1), 1.7 * 1.7 * 1.7, 1e-12);
  }
  EXPECT_PARAM_ERROR_WITH (&orr_lookup_table_nd_class, "breakpoints", "sum", "sizes", "[2 2]",
                           "breakpoints", "[0 1 2]", "table", "[1 2 3 4]", NULL);
  EXPECT_PARAM_ERROR_WITH (&orr_lookup_table_nd_class, "table", "product", "sizes", "[2 2]",
                           "breakpoints", "[0 1 0 1]", "table", "[1 2 3]", NULL);
  EXPECT_PARAM_ERROR (&orr_lookup_table_nd_class, "breakpoints", "sizes", "[2 2]", "breakpoints",
                      "[0 1 1 0]", "table", "[1 2 3 4]", NULL);
  EXPECT_PARAM_ERROR (&orr_lookup_table_nd_class, "sizes", "sizes", "[1 2]", NULL);
  EXPECT_PARAM_ERROR (&orr_lookup_table_nd_class, "sizes", "sizes", "2 * ones(1, 9)", NULL);
  g_string_free (table, TRUE);
}

static void
test_table_ports (void)
{
  OrrConfig *config = CONFIGURE (&orr_lookup_table_port_class, NULL);
  OrrConfig *config2 = CONFIGURE (&orr_lookup_table_2d_port_class, NULL);
  g_autoptr (OrrHarness) h = NULL, h2 = NULL;
  const double x[] = { 0, 1, 2 }, y[] = { 0, 10, 40 }, bad[] = { 0, 2, 1 };
  const double u[] = { 1.5, -1, 0.25 }, expected[] = { 25, 0, 2.5 };
  const double gx[] = { 0, 1, 3 }, gy[] = { 0, 2 };
  double z[6], u1 = 2, u2 = 0.5;

  assert_ports (config, 3, 1, 0, 0);
  g_assert_cmpstr (input_spec (config, 1)->label, ==, "x");
  /* u is 3x1 (-1, -2), x and y 3x1 (-3) */
  h = orr_harness_new (&orr_lookup_table_port_class, config, (int[]){ 3, 1, 3 }, 3);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_set_input (h, 0, u);
  orr_harness_set_input (h, 1, x);
  orr_harness_set_input (h, 2, y);
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_close (orr_harness_output (h, 0), expected, 3, 1e-15);
  /* a table that moves: y doubled */
  orr_harness_set_input (h, 2, (double[]){ 0, 20, 80 });
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat_with_epsilon (orr_harness_output (h, 0)[0], 50, 1e-15);
  /* breakpoints out of order: NaN and an error at an accepted point */
  orr_harness_set_input (h, 1, bad);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_true (isnan (orr_harness_output (h, 0)[0]));
  g_assert_cmpint (h->n_errors, ==, 1);

  assert_ports (config2, 5, 1, 0, 0);
  for (int j = 0; j < 2; j++)
    for (int i = 0; i < 3; i++)
      z[i + 3 * j] = bilinear_nd (gx[i], gy[j]);
  /* u1, u2 scalars, x 3x1 (-3), y 2x1 (-4), z 3x2 */
  h2 = orr_harness_new (&orr_lookup_table_2d_port_class, config2, (int[]){ 1, 1, 3, 2 }, 4);
  orr_harness_set_input (h2, 0, &u1);
  orr_harness_set_input (h2, 1, &u2);
  orr_harness_set_input (h2, 2, gx);
  orr_harness_set_input (h2, 3, gy);
  orr_harness_set_input (h2, 4, z);
  orr_harness_run (h2, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat_with_epsilon (orr_harness_output (h2, 0)[0], bilinear_nd (2, 0.5), 1e-14);
  EXPECT_PARAM_ERROR (&orr_lookup_table_port_class, "method", "method", "8", NULL);
  EXPECT_PARAM_ERROR (&orr_lookup_table_2d_port_class, "extrapolation", "extrapolation", "3", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lookup/table/oracles", test_table_oracles);
  g_test_add_func ("/lookup/table/hold-methods", test_table_hold_methods);
  g_test_add_func ("/lookup/table/cubic-reproduction", test_table_cubic_reproduction);
  g_test_add_func ("/lookup/table/cubic-small", test_table_cubic_small);
  g_test_add_func ("/lookup/table/extrapolation", test_table_extrapolation);
  g_test_add_func ("/lookup/table/matrix-input", test_table_matrix_input);
  g_test_add_func ("/lookup/table/configure", test_table_configure);
  g_test_add_func ("/lookup/table/modes", test_table_modes);
  g_test_add_func ("/lookup/table/segments", test_table_segments);
  g_test_add_func ("/lookup/table-2d/values", test_table_2d);
  g_test_add_func ("/lookup/table-2d/configure", test_table_2d_configure);
  g_test_add_func ("/lookup/table-nd", test_table_nd);
  g_test_add_func ("/lookup/table-ports", test_table_ports);
  return g_test_run ();
}
