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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lookup/model/floor-integral", test_model_floor_integral);
  return g_test_run ();
}
