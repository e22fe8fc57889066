/* test-restarts.c: cheap restarts keep results within the tolerances.
 *
 * After an event that changes what the solver integrates, the simulator
 * restarts it with half the step its error control would have taken next
 * (not a fresh estimate) and, for small dense CVODE models, the last
 * Jacobian (not a new one). Both are checked on sampled-data loops whose
 * exact answer is known:
 *
 *  - x' = u - x with u = 1 - 2 x_k held from each 1 ms sample: at the
 *    samples, x_{k+1} = a x_k + (1 - a)(1 - 2 x_k), a = e^{-h};
 *  - x' = -k x with k held from a sample of a Step from 1 to 1000 at
 *    t = 0.2505: the Jacobian jumps a thousandfold at the sample t = 0.251,
 *    so the kept one is badly wrong there; x(t_k) = e^{-0.251 - (t_k -
 *    0.251) 1000} after it. */

#include <math.h>

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#define PERIOD 1e-3

static OrrBlock *
add (OrrModel *m, const char *type, int in, int out, int evin, int evout)
{
  OrrBlock *b = orr_model_add_block (m, orr_model_get_root (m), type, NULL);

  orr_model_set_port_count (m, b, ORR_PORT_IN, in);
  orr_model_set_port_count (m, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (m, b, ORR_PORT_EVENT_IN, evin);
  orr_model_set_port_count (m, b, ORR_PORT_EVENT_OUT, evout);
  return b;
}

static void
wire (OrrModel *m, OrrBlock *a, OrrPortKind from_kind, OrrBlock *b, OrrPortKind to_kind, guint in)
{
  OrrEndpoint from = { a->id, from_kind, 1 }, to = { b->id, to_kind, in };

  g_assert_nonnull (orr_model_connect (m, orr_model_get_root (m), &from, &to, NULL));
}

typedef struct
{
  GArray *samples; /* x at each sample, in order */
} Samples;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Samples *s = data;

  g_array_append_val (s->samples, values[0]);
}

/* Compiles and runs model to final; the clocked scope's samples. */
static GArray *
run (OrrModel *model, double final, OrrSimStats *stats)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Samples s = { g_array_new (FALSE, FALSE, sizeof (double)) };
  OrrSettings settings;

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = final;
  settings.rtol = 1e-6;
  settings.atol = 1e-8;
  g_free (settings.solver);
  settings.solver = g_strdup ("cvode-bdf");
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);

  orr_palettes_register_standard (registry);
  program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, on_record, &s);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  *stats = *orr_simulation_get_stats (sim);
  return s.samples;
}

static void
test_sampled_loop (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (GArray) samples = NULL;
  OrrBlock *clock, *hold, *gain, *one, *control, *plant_sum, *plant, *scope;
  OrrSimStats stats;
  double a = exp (-PERIOD), x = 0, worst = 0;

  orr_model_begin (model, "Build");
  clock = add (model, "SampleClock", 0, 0, 0, 1);
  orr_model_set_param (model, clock, "period", "1e-3");
  hold = add (model, "SampleHold", 1, 1, 1, 0);
  gain = add (model, "Gain", 1, 1, 0, 0);
  orr_model_set_param (model, gain, "gain", "-2");
  one = add (model, "Constant", 0, 1, 0, 0);
  orr_model_set_param (model, one, "value", "1");
  control = add (model, "Sum", 2, 1, 0, 0);
  plant_sum = add (model, "Sum", 2, 1, 0, 0);
  orr_model_set_param (model, plant_sum, "signs", "[1 -1]");
  plant = add (model, "Integrator", 1, 1, 0, 0);
  scope = add (model, "Scope", 1, 0, 1, 0);
  orr_model_set_param (model, scope, "activation", "2");
  wire (model, clock, ORR_PORT_EVENT_OUT, hold, ORR_PORT_EVENT_IN, 1);
  wire (model, clock, ORR_PORT_EVENT_OUT, scope, ORR_PORT_EVENT_IN, 1);
  wire (model, plant, ORR_PORT_OUT, hold, ORR_PORT_IN, 1);
  wire (model, hold, ORR_PORT_OUT, gain, ORR_PORT_IN, 1);
  wire (model, one, ORR_PORT_OUT, control, ORR_PORT_IN, 1);
  wire (model, gain, ORR_PORT_OUT, control, ORR_PORT_IN, 2);
  wire (model, control, ORR_PORT_OUT, plant_sum, ORR_PORT_IN, 1);
  wire (model, plant, ORR_PORT_OUT, plant_sum, ORR_PORT_IN, 2);
  wire (model, plant_sum, ORR_PORT_OUT, plant, ORR_PORT_IN, 1);
  wire (model, hold, ORR_PORT_OUT, scope, ORR_PORT_IN, 1);
  orr_model_commit (model);

  samples = run (model, 1.0, &stats);
  g_assert_cmpuint (samples->len, ==, 1001);
  for (guint k = 0; k < samples->len; k++)
    {
      worst = MAX (worst, fabs (g_array_index (samples, double, k) - x));
      x = a * x + (1 - a) * (1 - 2 * x);
    }
  /* The cold restart at every sample (CVodeReInit, CVODE's own first
   * step and Jacobian) is 1.5e-5 from the recurrence at t = 0.5 with these
   * tolerances; the cheap restarts must not be much further anywhere. */
  g_assert_cmpfloat (worst, <, 3e-5);
  g_assert_cmpuint (stats.restarts, ==, 999);
  g_assert_cmpuint (stats.jacobians_reused, >, 0);
}

static void
test_stiffness_jump (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (GArray) samples = NULL;
  OrrBlock *clock, *step, *hold, *product, *minus, *plant, *scope;
  OrrSimStats stats;

  orr_model_begin (model, "Build");
  clock = add (model, "SampleClock", 0, 0, 0, 1);
  orr_model_set_param (model, clock, "period", "1e-3");
  step = add (model, "Step", 0, 1, 0, 0);
  orr_model_set_param (model, step, "step_time", "0.2505");
  orr_model_set_param (model, step, "initial", "1");
  orr_model_set_param (model, step, "final", "1000");
  hold = add (model, "SampleHold", 1, 1, 1, 0);
  product = add (model, "Product", 2, 1, 0, 0);
  minus = add (model, "Gain", 1, 1, 0, 0);
  orr_model_set_param (model, minus, "gain", "-1");
  plant = add (model, "Integrator", 1, 1, 0, 0);
  orr_model_set_param (model, plant, "x0", "1");
  scope = add (model, "Scope", 1, 0, 1, 0);
  orr_model_set_param (model, scope, "activation", "2");
  wire (model, clock, ORR_PORT_EVENT_OUT, hold, ORR_PORT_EVENT_IN, 1);
  wire (model, clock, ORR_PORT_EVENT_OUT, scope, ORR_PORT_EVENT_IN, 1);
  wire (model, step, ORR_PORT_OUT, hold, ORR_PORT_IN, 1);
  wire (model, hold, ORR_PORT_OUT, product, ORR_PORT_IN, 1);
  wire (model, plant, ORR_PORT_OUT, product, ORR_PORT_IN, 2);
  wire (model, product, ORR_PORT_OUT, minus, ORR_PORT_IN, 1);
  wire (model, minus, ORR_PORT_OUT, plant, ORR_PORT_IN, 1);
  wire (model, plant, ORR_PORT_OUT, scope, ORR_PORT_IN, 1);
  orr_model_commit (model);

  samples = run (model, 0.26, &stats);
  g_assert_cmpuint (samples->len, ==, 261);
  for (guint k = 0; k < samples->len; k++)
    {
      double t = k * PERIOD;
      double exact = t <= 0.251 + 1e-12 ? exp (-t) : exp (-0.251 - (t - 0.251) * 1000);
      double x = g_array_index (samples, double, k);

      /* relative to the tolerances: rtol 1e-6 per step, a few hundred
       * steps, and atol 1e-8 once x is below 1e-2 */
      if (fabs (x - exact) > 1e-4 * exact + 1e-7)
        g_error ("x(%g) = %.10g, exact %.10g", t, x, exact);
    }
  g_assert_cmpuint (stats.jacobians_reused, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sim/restarts/sampled-loop", test_sampled_loop);
  g_test_add_func ("/sim/restarts/stiffness-jump", test_stiffness_jump);
  return g_test_run ();
}
