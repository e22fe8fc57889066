/* bench-events.c: how many events per second the simulator handles.
 *
 * A SampleClock at 1 kHz drives a chain of 10 discrete blocks (unit
 * delays, z+ = u, y = z, defined here so that the figure does not move
 * with the palettes) fed by a Constant, for 1,000 s of model time:
 * 1,000,001 clock events, 10 blocks each. Run three ways: with no
 * continuous time at all; with an Integrator that the clocked chain does
 * not touch (the solver must stop at every event, but need not restart);
 * and with the chain's last delay feeding that Integrator (a cold restart
 * of the solver at every event). Prints events and block activations per
 * second of wall time. Fails only on a wrong answer. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <math.h>
#include <stdlib.h>

#define CHAIN 10
#define FINAL 1000.0
#define PERIOD 1e-3

static gboolean
delay_configure (OrrConfig *config, GError **error)
{
  const double z0 = 0;

  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_discrete_states (config, 1, &z0);
  orr_config_set_event_ports (config, 1, 0);
  return TRUE;
}

static void
delay_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = block->z[0];
  else if (job == ORR_JOB_STATE_UPDATE)
    block->z[0] = orr_block_real_in (block, 0)[0];
}

static const OrrBlockClass delay_class = {
  .name = "BenchUnitDelay",
  .palette = "Bench",
  .label = "1/z",
  .description = "unit delay",
  .icon_text = "1/z",
  .configure = delay_configure,
  .simulate = delay_simulate,
};

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
wire (OrrModel *m, OrrBlock *a, OrrPortKind from_kind, OrrBlock *b, OrrPortKind to_kind)
{
  OrrEndpoint from = { a->id, from_kind, 1 }, to = { b->id, to_kind, 1 };
  if (orr_model_connect (m, orr_model_get_root (m), &from, &to, NULL) == NULL)
    g_error ("cannot wire the benchmark");
}

typedef struct
{
  double t, value;
} Last;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Last *last = data;
  last->t = t;
  last->value = values[0];
}

/* continuous: 0 none, 1 an untouched Integrator, 2 the chain feeds it */
static gboolean
bench (OrrRegistry *registry, int continuous)
{
  const char *what[]
    = { "events only", "events and an untouched integrator", "events restarting the solver" };
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  OrrBlock *source, *clock, *prev, *scope;
  OrrSettings settings;
  const OrrSimStats *stats;
  Last last = { 0 };
  gint64 start;
  double seconds;
  gboolean ok;

  orr_model_begin (model, "Generate");
  source = add (model, "Constant", 0, 1, 0, 0);
  orr_model_set_param (model, source, "value", "1");
  clock = add (model, "SampleClock", 0, 0, 0, 1);
  orr_model_set_param (model, clock, "period", "1e-3");
  prev = source;
  for (int i = 0; i < CHAIN; i++)
    {
      OrrBlock *delay = add (model, "BenchUnitDelay", 1, 1, 1, 0);

      wire (model, prev, ORR_PORT_OUT, delay, ORR_PORT_IN);
      wire (model, clock, ORR_PORT_EVENT_OUT, delay, ORR_PORT_EVENT_IN);
      prev = delay;
    }
  scope = add (model, "Scope", 1, 0, 0, 0);
  if (continuous > 0)
    {
      OrrBlock *integrator = add (model, "Integrator", 1, 1, 0, 0);
      OrrBlock *one = add (model, "Constant", 0, 1, 0, 0);

      orr_model_set_param (model, one, "value", "1");
      wire (model, continuous == 2 ? prev : one, ORR_PORT_OUT, integrator, ORR_PORT_IN);
      wire (model, integrator, ORR_PORT_OUT, scope, ORR_PORT_IN);
    }
  else
    wire (model, prev, ORR_PORT_OUT, scope, ORR_PORT_IN);
  orr_model_commit (model);
  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = FINAL;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);

  program = orr_compile (model, registry, NULL, NULL, &error);
  if (program == NULL)
    g_error ("compile: %s", error->message);
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, on_record, &last);
  start = g_get_monotonic_time ();
  if (!orr_simulation_run (sim, &error))
    g_error ("simulate: %s", error->message);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  stats = orr_simulation_get_stats (sim);

  g_print ("%s: %" G_GUINT64_FORMAT " events in %.3f s: %.3g events/s, %.3g block activations/s "
           "(%" G_GUINT64_FORMAT " solver steps, %" G_GUINT64_FORMAT " restarts)\n",
           what[continuous], stats->events, seconds, stats->events / seconds,
           stats->events * CHAIN / seconds, stats->steps, stats->restarts);

  /* The chain holds 1 from its tenth tick on; the integrator of 1 reads
   * t, of the chain's output t - 0.009 (1 from t = 9 ms on). */
  ok = stats->events == (guint64)llround (FINAL / PERIOD) + 1 && last.t == FINAL;
  if (continuous == 0)
    ok = ok && last.value == 1;
  else if (continuous == 1)
    ok = ok && fabs (last.value - FINAL) < 1e-6 * FINAL;
  else
    ok = ok && fabs (last.value - (FINAL - 9 * PERIOD)) < 1e-6 * FINAL;
  if (!ok)
    g_printerr ("wrong answer: %" G_GUINT64_FORMAT " events, last sample %g at t = %g\n",
                stats->events, last.value, last.t);
  return ok;
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  gboolean ok = TRUE;

  orr_palettes_register_standard (registry);
  orr_registry_add (registry, &delay_class);
  for (int continuous = 0; continuous < 3; continuous++)
    ok = bench (registry, continuous) && ok;
  return ok ? 0 : 1;
}
