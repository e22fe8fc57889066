/* test-lookup-models.c: LookupTable in small simulated models, where its
 * input crosses breakpoints in both directions and the integral of its
 * output must come out exact: the surfaces stop the solver at each
 * breakpoint and the modes hold one piece of the table between them. A
 * program of its own, because the harness program wraps the blocks' calls
 * into the simulator. */
#include "model-run.h"

#include <math.h>

/* The test data set of the interpolation chapter. */
#define X_DATA "[0 1 2 4]"
#define Y_DATA "[4 7 6 5]"

/* ---- tests ---- */

/* A floor table of the data set driven by u(t) over [0, 3], integrated:
 * u = t rises through the breakpoints 1 and 2, u = 3 - t falls through
 * 2 and 1, and either way the integral is 4 + 7 + 6 = 6 + 7 + 4 = 17. The
 * surfaces stop the solver at each breakpoint, so the integral of the
 * piecewise constant is exact up to the root location (1e-9). */
static void
test_model_floor_integral (void)
{
  for (int falling = 0; falling <= 1; falling++)
    {
      g_autoptr (OrrModel) model = orr_model_new ();
      OrrBlock *source = falling ? add_block (model, "Ramp", "Input", 0, 1, 0, 0, NULL)
                                 : add_block (model, "Time", "Input", 0, 1, 0, 0, NULL);
      OrrBlock *table = add_block (model, "LookupTable", "Table", 1, 1, 0, 0, NULL);
      OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
      OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
      g_autoptr (Run) run = NULL;
      Recording *r;
      guint last;

      if (falling)
        {
          orr_model_set_param (model, source, "slope", "-1");
          orr_model_set_param (model, source, "start", "0");
          orr_model_set_param (model, source, "initial", "3");
        }
      orr_model_set_param (model, table, "x", X_DATA);
      orr_model_set_param (model, table, "y", Y_DATA);
      orr_model_set_param (model, table, "method", "2");
      link_data (model, source, 1, table, 1);
      link_data (model, table, 1, area, 1);
      link_data (model, area, 1, scope, 1);
      set_final_time (model, 3);

      run = run_model (model, NULL);
      if (!run->ok)
        g_error ("%s", run->error->message);
      r = recording (run, "Scope");
      last = r->t->len - 1;
      g_test_message ("%s: area %.12f, %" G_GUINT64_FORMAT " crossings",
                      falling ? "falling" : "rising", V (r, last, 0), run->stats.zero_crossings);
      g_assert_cmpfloat (T (r, last), ==, 3);
      g_assert_cmpfloat_with_epsilon (V (r, last, 0), 17, 1e-9);
      g_assert_cmpuint (run->stats.zero_crossings, >=, 2);
    }
}

/* The tables of the second wave over time, against closed forms at every
 * recorded point over [0, 2 pi] (1e-12):
 * - LookupTableND (linear, then natural spline) at (sin t, cos t) on a
 *   3x3 grid of [-1, 1]^2 holding 1 + 2x + 3y + xy, which both methods
 *   reproduce exactly;
 * - LookupTable_port at t / (2 pi) with x = [0 0.5 1] and y = [0 1 0] on
 *   its inputs: the triangle 1 - |2 u - 1|;
 * - LookupTable2D_port at (sin t, cos t) with the same grid on inputs. */
static void
test_model_tables_on_inputs (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2 * G_PI, 0);
  const char *table = "[-3 -2 -1 -1 1 3 1 4 7]"; /* 1 + 2x + 3y + xy on x, y = -1 0 1 */
  OrrBlock *sine
    = add_block (model, "MathExpression", "Sin", 1, 1, 0, 0, "expression", "'sin(u1)'", NULL);
  OrrBlock *cosine
    = add_block (model, "MathExpression", "Cos", 1, 1, 0, 0, "expression", "'cos(u1)'", NULL);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *lin = add_block (model, "LookupTableND", "Lin", 2, 1, 0, 0, "sizes", "[3 3]",
                             "breakpoints", "[-1 0 1 -1 0 1]", "table", table, NULL);
  OrrBlock *spline
    = add_block (model, "LookupTableND", "Spline", 2, 1, 0, 0, "sizes", "[3 3]", "breakpoints",
                 "[-1 0 1 -1 0 1]", "table", table, "method", "4", NULL);
  OrrBlock *frac = add_block (model, "Gain", "Frac", 1, 1, 0, 0, "gain", "1/(2*pi)", NULL);
  OrrBlock *x = add_block (model, "Constant", "X", 0, 1, 0, 0, "value", "[0; 0.5; 1]", NULL);
  OrrBlock *y = add_block (model, "Constant", "Y", 0, 1, 0, 0, "value", "[0; 1; 0]", NULL);
  OrrBlock *port = add_block (model, "LookupTable_port", "Port", 3, 1, 0, 0, NULL);
  OrrBlock *gx = add_block (model, "Constant", "GX", 0, 1, 0, 0, "value", "[-1; 0; 1]", NULL);
  OrrBlock *gz
    = add_block (model, "Constant", "GZ", 0, 1, 0, 0, "value", "[-3 -1 1; -2 1 4; -1 3 7]", NULL);
  OrrBlock *port2 = add_block (model, "LookupTable2D_port", "Port2", 5, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 5, 0, 0, 0, "inputs", "5", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, sine, 1);
  link_data (model, time, 1, cosine, 1);
  link_data (model, sine, 1, lin, 1);
  link_data (model, cosine, 1, lin, 2);
  link_data (model, sine, 1, spline, 1);
  link_data (model, cosine, 1, spline, 2);
  link_data (model, time, 1, frac, 1);
  link_data (model, frac, 1, port, 1);
  link_data (model, x, 1, port, 2);
  link_data (model, y, 1, port, 3);
  link_data (model, sine, 1, port2, 1);
  link_data (model, cosine, 1, port2, 2);
  link_data (model, gx, 1, port2, 3);
  link_data (model, gx, 1, port2, 4);
  link_data (model, gz, 1, port2, 5);
  link_data (model, lin, 1, scope, 1);
  link_data (model, spline, 1, scope, 2);
  link_data (model, port, 1, scope, 3);
  link_data (model, port2, 1, scope, 4);
  link_data (model, time, 1, scope, 5);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      double t = V (r, k, 4), s = sin (t), c = cos (t), u = t / (2 * G_PI);
      double f = 1 + 2 * s + 3 * c + s * c;

      g_assert_cmpfloat_with_epsilon (V (r, k, 0), f, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), f, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 2), 1 - fabs (2 * u - 1), 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 3), f, 1e-12);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lookup/model/floor-integral", test_model_floor_integral);
  g_test_add_func ("/lookup/model/tables-on-inputs", test_model_tables_on_inputs);
  return g_test_run ();
}
