/* test-discrete-models.c: the Discrete palette's blocks in real
 * simulations, driven by SampleClocks: left limits at each tick, the exact
 * zero-order-hold discretisation of SampledData, and the compiler refusing
 * a SampledData on a clock of another period. Built with the model API,
 * compiled with the standard palettes and run as tests/oracles/
 * test-oracles.c does (a separate program from the harness tests, whose
 * linker tricks divert orr_block_record). Tolerances are stated with each
 * check. */
#include "orr-palettes.h"

#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <math.h>
#include <string.h>

/* ---- running a model ------------------------------------------------------------ */

/* A test source, y = amplitude sin (omega t + phase) + bias, computed from
 * t itself so that the oracles below see an exact input. */
static const OrrParamSpec sine_params[] = {
  { "amplitude", "Amplitude", "1", "amplitude" },
  { "omega", "Omega", "1", "angular frequency" },
  { "phase", "Phase", "0", "phase" },
  { "bias", "Bias", "0", "bias" },
};

static gboolean
sine_configure (OrrConfig *config, GError **error)
{
  double rpar[4];

  if (!orr_config_get_double (config, "amplitude", &rpar[0], error)
      || !orr_config_get_double (config, "omega", &rpar[1], error)
      || !orr_config_get_double (config, "phase", &rpar[2], error)
      || !orr_config_get_double (config, "bias", &rpar[3], error))
    return FALSE;
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_rpar (config, rpar, 4);
  return TRUE;
}

static void
sine_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *p = block->rpar;

  if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = p[0] * sin (p[1] * orr_block_get_time (block) + p[2]) + p[3];
}

static const OrrBlockClass sine_class = {
  .name = "TestSine",
  .palette = "Tests",
  .label = "sin",
  .description = "test sine",
  .icon_text = "sin",
  .params = sine_params,
  .n_params = G_N_ELEMENTS (sine_params),
  .configure = sine_configure,
  .simulate = sine_simulate,
};

typedef struct
{
  int n;          /* values per sample */
  GArray *t;      /* of double */
  GArray *values; /* of double, n per sample */
} Recording;

typedef struct
{
  OrrProgram *program;
  GHashTable *recordings; /* block path -> Recording* */
  GError *error;
  gboolean ok;
} Run;

static void
recording_free (Recording *r)
{
  g_array_unref (r->t);
  g_array_unref (r->values);
  g_free (r);
}

static void
run_free (Run *run)
{
  orr_program_free (run->program);
  g_hash_table_unref (run->recordings);
  g_clear_error (&run->error);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Run *run = data;
  const char *path = run->program->blocks[block].path;
  Recording *r = g_hash_table_lookup (run->recordings, path);

  if (r == NULL)
    {
      r = g_new0 (Recording, 1);
      r->n = n;
      r->t = g_array_new (FALSE, FALSE, sizeof (double));
      r->values = g_array_new (FALSE, FALSE, sizeof (double));
      g_hash_table_insert (run->recordings, (gpointer)path, r);
    }
  g_assert_cmpint (n, ==, r->n);
  g_array_append_val (r->t, t);
  g_array_append_vals (r->values, values, n);
}

static OrrRegistry *
test_registry (void)
{
  OrrRegistry *registry = orr_registry_new ();

  orr_palettes_register_standard (registry);
  orr_registry_add (registry, &sine_class);
  return registry;
}

/* An empty model over [0, final] with tight tolerances; max_step 0 keeps
 * the automatic one (a hundredth of the run). */
static OrrModel *
new_model (double final, double max_step)
{
  OrrModel *model = orr_model_new ();
  OrrSettings settings;

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.start_time = 0;
  settings.final_time = final;
  settings.rtol = 1e-10;
  settings.atol = 1e-12;
  settings.max_step = max_step;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);
  return model;
}

/* A block with ports (in, out, event-in, event-out) and parameters given
 * as name, expression pairs ending with NULL. */
static OrrBlock *
add (OrrModel *model, const char *type, const char *label, int in, int out, int ein, int eout, ...)
{
  OrrBlock *b = orr_model_add_block (model, orr_model_get_root (model), type, NULL);
  const char *name;
  va_list args;

  orr_model_set_block_label (model, b, label);
  orr_model_set_port_count (model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (model, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_IN, ein);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_OUT, eout);
  va_start (args, eout);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_model_set_param (model, b, name, va_arg (args, const char *));
  va_end (args);
  return b;
}

static void
connect_ports (OrrModel *model, OrrBlock *a, int out, OrrBlock *b, int in, gboolean activation)
{
  OrrEndpoint from = { a->id, activation ? ORR_PORT_EVENT_OUT : ORR_PORT_OUT, out };
  OrrEndpoint to = { b->id, activation ? ORR_PORT_EVENT_IN : ORR_PORT_IN, in };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &from, &to, &error));
  g_assert_no_error (error);
}

static void
wire (OrrModel *model, OrrBlock *a, int out, OrrBlock *b, int in)
{
  connect_ports (model, a, out, b, in, FALSE);
}

static void
ewire (OrrModel *model, OrrBlock *a, int out, OrrBlock *b, int in)
{
  connect_ports (model, a, out, b, in, TRUE);
}

/* Compiles (which must succeed) and runs the model (which must too). */
static Run *
simulate (OrrModel *model)
{
  g_autoptr (OrrRegistry) registry = test_registry ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Run *run = g_new0 (Run, 1);

  run->recordings
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)recording_free);
  run->program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (run->program);
  orr_simulation_set_record_func (sim, on_record, run);
  run->ok = orr_simulation_run (sim, &run->error);
  g_assert_no_error (run->error);
  g_assert_true (run->ok);
  return run;
}

static Recording *
recording (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);

  if (r == NULL)
    g_error ("%s recorded nothing", path);
  return r;
}

#define T(r, i) g_array_index ((r)->t, double, (i))
#define V(r, i, j) g_array_index ((r)->values, double, (i) * (r)->n + (j))

/* ---- the blocks over time ------------------------------------------------------- */

/* A SampledData block for x' = -x + u, y = x on a 0.1 s clock, with a unit
 * step: the discrete pole is e^-0.1, so at t = kT the output is exactly
 * 1 - e^(-0.1 k), to 1e-12, at each of the 101 ticks of [0, 10]. */
static void
test_sampled_data_step (void)
{
  g_autoptr (OrrModel) model = new_model (10, 0);
  OrrBlock *step = add (model, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *clock = add (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *plant = add (model, "SampledData", "Plant", 1, 1, 1, 0, "A", "-1", "B", "1", "C", "1",
                         "D", "0", "period", "0.1", NULL);
  OrrBlock *scope = add (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  wire (model, step, 1, plant, 1);
  ewire (model, clock, 1, plant, 1);
  wire (model, plant, 1, scope, 1);
  run = simulate (model);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 101);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 * k, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 1 - exp (-0.1 * k), 1e-12);
    }
}

/* The same block on a 0.2 s clock does not compile, and the message names
 * it. */
static void
test_sampled_data_wrong_clock (void)
{
  g_autoptr (OrrModel) model = new_model (1, 0);
  g_autoptr (OrrRegistry) registry = test_registry ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  OrrBlock *step = add (model, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *clock = add (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.2", NULL);
  OrrBlock *plant = add (model, "SampledData", "Plant", 1, 1, 1, 0, "period", "0.1", NULL);

  wire (model, step, 1, plant, 1);
  ewire (model, clock, 1, plant, 1);
  program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_null (program);
  g_assert_error (error, ORR_COMPILE_ERROR, ORR_COMPILE_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Plant"));
}

/* A Counter (1, 2, 3 ...) through a DiscreteDelay with initial value 7, on
 * one 0.1 s clock: at tick k the delay shows the counter of tick k - 1,
 * that is k, and 7 at the first tick (left limits, exactly). */
static void
test_discrete_delay_counter (void)
{
  g_autoptr (OrrModel) model = new_model (1, 0);
  OrrBlock *clock = add (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *counter = add (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *delay = add (model, "DiscreteDelay", "Delay", 1, 1, 1, 0, "init", "7", NULL);
  OrrBlock *scope = add (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  ewire (model, clock, 1, counter, 1);
  ewire (model, clock, 1, delay, 1);
  wire (model, counter, 1, delay, 1);
  wire (model, delay, 1, scope, 1);
  run = simulate (model);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat (V (r, k, 0), ==, k == 0 ? 7 : k);
}

/* A loop closed through the unit delay is no algebraic loop:
 * y[k] = 0.5 y[k-1] + 1 from y = 0 (Gain, Sum, DiscreteDelay) gives
 * 2 (1 - 0.5^k), to 1e-15, and DiscreteTransferFunction 1/(z - 0.5) on a
 * unit step gives the same sequence. */
static void
test_discrete_loop (void)
{
  g_autoptr (OrrModel) model = new_model (1, 0);
  OrrBlock *clock = add (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *one = add (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *sum = add (model, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *delay = add (model, "DiscreteDelay", "Delay", 1, 1, 1, 0, NULL);
  OrrBlock *half = add (model, "Gain", "Half", 1, 1, 0, 0, "gain", "0.5", NULL);
  OrrBlock *tf = add (model, "DiscreteTransferFunction", "TF", 1, 1, 1, 0, "num", "1", "den",
                      "[1 -0.5]", NULL);
  OrrBlock *scope = add (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  ewire (model, clock, 1, delay, 1);
  ewire (model, clock, 1, tf, 1);
  wire (model, delay, 1, half, 1);
  wire (model, half, 1, sum, 1);
  wire (model, one, 1, sum, 2);
  wire (model, sum, 1, delay, 1);
  wire (model, one, 1, tf, 1);
  wire (model, delay, 1, scope, 1);
  wire (model, tf, 1, scope, 2);
  run = simulate (model);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 2 * (1 - pow (0.5, k)), 1e-15);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), 2 * (1 - pow (0.5, k)), 1e-15);
    }
}

/* sin t sampled every 0.25 s and held: the held value at tick k is
 * sin (0.25 k) exactly; a DiscreteIntegrator (forward Euler, Ts = 0.25) of
 * the same samples adds 0.25 sin (0.25 i) for i < k (1e-14). */
static void
test_sample_hold_integrate (void)
{
  g_autoptr (OrrModel) model = new_model (5, 0);
  OrrBlock *sine = add (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *clock = add (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *hold = add (model, "SampleHold", "Hold", 1, 1, 1, 0, NULL);
  OrrBlock *integral = add (model, "DiscreteIntegrator", "Sum", 1, 1, 1, 0, "Ts", "0.25", NULL);
  OrrBlock *scope = add (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double sum = 0;

  wire (model, sine, 1, hold, 1);
  ewire (model, clock, 1, hold, 1);
  wire (model, hold, 1, integral, 1);
  ewire (model, clock, 1, integral, 1);
  wire (model, hold, 1, scope, 1);
  wire (model, integral, 1, scope, 2);
  run = simulate (model);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 21);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), sin (0.25 * k), 1e-15);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), sum, 1e-14);
      sum += 0.25 * sin (0.25 * k);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discrete/sampled-data/step", test_sampled_data_step);
  g_test_add_func ("/discrete/sampled-data/wrong-clock", test_sampled_data_wrong_clock);
  g_test_add_func ("/discrete/discrete-delay/counter", test_discrete_delay_counter);
  g_test_add_func ("/discrete/loop", test_discrete_loop);
  g_test_add_func ("/discrete/sample-hold/integrate", test_sample_hold_integrate);

  return g_test_run ();
}
