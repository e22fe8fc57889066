/* test-refine.c: output points inside the solver's steps (settings
 * refine, like Simulink's refine factor).
 *
 * x'' = -x with x(0) = 0, x'(0) = 1 (two Integrators and a Gain of -1):
 * x = sin t. A Scope records x and 3 x, the latter through a Gain that
 * feeds only the Scope, so that it is computed at the refined points only
 * because the Scope reads it. Steps up to 0.5 s: between them a straight
 * line is up to h^2/8 = 0.03 off the sine.
 *
 *  - refine 1 records at the accepted steps only;
 *  - refine 5 records at the same steps with the same values (refining
 *    changes nothing in the run) and at four evenly spaced points inside
 *    each step, where x and 3 x are as close to the sine as at the steps
 *    (the solver's interpolant is as accurate as its steps: within twice
 *    the worst error at the steps; with rtol 1e-6 that is about 1e-5
 *    after 10 s), and much closer than straight lines between the steps;
 *  - the setting survives saving and loading, and 0 or > 1000 is refused
 *    by the file reader. */

#include <math.h>
#include <string.h>

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>
#include <orrery/orr-simulation.h>

#define MAX_STEP 0.5
#define FINAL 10.0

typedef struct
{
  double t, x, y;
} Sample;

static OrrBlock *
add (OrrModel *m, const char *type, int in, int out)
{
  OrrBlock *b = orr_model_add_block (m, orr_model_get_root (m), type, NULL);

  orr_model_set_port_count (m, b, ORR_PORT_IN, in);
  orr_model_set_port_count (m, b, ORR_PORT_OUT, out);
  return b;
}

static void
wire (OrrModel *m, OrrBlock *a, OrrBlock *b, guint in)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, in };

  g_assert_nonnull (orr_model_connect (m, orr_model_get_root (m), &from, &to, NULL));
}

static OrrModel *
oscillator (void)
{
  OrrModel *model = orr_model_new ();
  OrrBlock *v, *x, *minus, *three, *scope;

  orr_model_begin (model, "Build");
  v = add (model, "Integrator", 1, 1);
  orr_model_set_param (model, v, "x0", "1");
  x = add (model, "Integrator", 1, 1);
  minus = add (model, "Gain", 1, 1);
  orr_model_set_param (model, minus, "gain", "-1");
  three = add (model, "Gain", 1, 1);
  orr_model_set_param (model, three, "gain", "3");
  scope = add (model, "Scope", 2, 0);
  orr_model_set_param (model, scope, "inputs", "2");
  wire (model, v, x, 1);
  wire (model, x, minus, 1);
  wire (model, minus, v, 1);
  wire (model, x, three, 1);
  wire (model, x, scope, 1);
  wire (model, three, scope, 2);
  orr_model_commit (model);
  return model;
}

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Sample sample = { t, values[0], values[1] };

  g_assert_cmpint (n, ==, 2);
  g_array_append_val ((GArray *)data, sample);
}

static GArray *
run (OrrModel *model, guint refine)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  GArray *samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  OrrSettings settings;

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = FINAL;
  settings.max_step = MAX_STEP;
  settings.rtol = 1e-6;
  settings.atol = 1e-8;
  settings.refine = refine;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);

  orr_palettes_register_standard (registry);
  program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, on_record, samples);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  return samples;
}

static void
test_refined_points (void)
{
  g_autoptr (OrrModel) model = oscillator ();
  g_autoptr (GArray) steps = run (model, 1);
  g_autoptr (GArray) refined = run (model, 5);
  double worst = 0, worst_step = 0, worst_gap = 0, worst_line = 0;
  guint j = 0;

  g_assert_cmpuint (steps->len, >=, FINAL / MAX_STEP);
  /* four more points inside each step */
  g_assert_cmpuint (refined->len, ==, 5 * (steps->len - 1) + 1);

  for (guint i = 0; i < refined->len; i++)
    {
      const Sample *s = &g_array_index (refined, Sample, i);

      double error = MAX (fabs (s->x - sin (s->t)), fabs (s->y - 3 * sin (s->t)) / 3);

      if (i % 5 == 0)
        worst_step = MAX (worst_step, error);
      else
        worst = MAX (worst, error);
      if (i > 0)
        worst_gap = MAX (worst_gap, s->t - g_array_index (refined, Sample, i - 1).t);
      /* every fifth point is a step of the unrefined run, unchanged */
      if (i % 5 == 0)
        {
          const Sample *step = &g_array_index (steps, Sample, j++);

          g_assert_cmpfloat (s->t, ==, step->t);
          g_assert_cmpfloat (s->x, ==, step->x);
          g_assert_cmpfloat (s->y, ==, step->y);
        }
    }
  g_assert_cmpuint (j, ==, steps->len);
  g_assert_cmpfloat (worst, <, 2 * worst_step);
  g_assert_cmpfloat (worst, <, 1e-4);
  g_assert_cmpfloat (worst_gap, <=, MAX_STEP / 5 * (1 + 1e-9));

  /* what the plot would draw without refining: straight lines between
   * the steps, off the sine at their middles */
  for (guint i = 1; i < steps->len; i++)
    {
      const Sample *a = &g_array_index (steps, Sample, i - 1);
      const Sample *b = &g_array_index (steps, Sample, i);
      double middle = (a->t + b->t) / 2;

      worst_line = MAX (worst_line, fabs ((a->x + b->x) / 2 - sin (middle)));
    }
  g_test_message ("%u steps; steps within %.2e of sin t, refined points within %.2e; "
                  "straight lines between steps up to %.2e off",
                  steps->len, worst_step, worst, worst_line);
  g_assert_cmpfloat (worst_line, >, 10 * worst);
}

static void
test_file (void)
{
  g_autoptr (OrrModel) model = oscillator ();
  g_autoptr (OrrModel) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  OrrSettings settings;

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.refine = 4;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);
  text = orr_model_save_to_data (model, NULL);
  g_assert_nonnull (strstr (text, "refine=\"4\""));
  loaded = orr_model_load_data (text, strlen (text), "refine.orr", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orr_model_get_settings (loaded)->refine, ==, 4);

  for (guint i = 0; i < 2; i++)
    {
      const char *bad = i == 0 ? "refine=\"0\"" : "refine=\"1001\"";
      g_autoptr (GString) wrong = g_string_new (text);
      g_autoptr (OrrModel) refused = NULL;
      g_autoptr (GError) bad_error = NULL;

      g_string_replace (wrong, "refine=\"4\"", bad, 1);
      refused = orr_model_load_data (wrong->str, wrong->len, "refine.orr", &bad_error);
      g_assert_null (refused);
      g_assert_error (bad_error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID);
      g_assert_nonnull (strstr (bad_error->message, "refine"));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sim/refine/points", test_refined_points);
  g_test_add_func ("/sim/refine/file", test_file);
  return g_test_run ();
}
