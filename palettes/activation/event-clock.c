/* event-clock.c: EventClock, events at init + k * period, as an ordinary
 * event source.
 *
 * Unlike SampleClock, the compiler does not merge it with anything: it is
 * EventDelay closed on itself, so its events are asynchronous with every
 * other source. A block only runs when one of its activation inputs fires,
 * so the clock has one: activation input 1 receives the clock's own
 * output (the compiler adds that link; drawing it by hand is harmless, the
 * duplicate is the same source). Each time its own event comes back, it
 * programs the next one.
 *
 * The next time is computed from the index of the event that just fired,
 * init + (k + 1) * period, rather than by adding the period to the current
 * time again and again, so a long run does not drift by rounding. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec event_clock_params[] = {
  { "period", N_ ("Period"), "0.1", N_ ("Time between events, in seconds, > 0.") },
  { "init_time", N_ ("Initial time"), "0",
    N_ ("The time of the first event; when it is before the start of the simulation, the clock "
        "starts at the first event init_time + k * period at or after the start.") },
};

static gboolean
event_clock_configure (OrrConfig *config, GError **error)
{
  double rpar[2];

  if (!orr_param_get_finite (config, "period", &rpar[0], error)
      || !orr_param_get_finite (config, "init_time", &rpar[1], error))
    return FALSE;
  if (rpar[0] <= 0)
    {
      orr_param_set_error (error, "period", "must be positive, not %g", rpar[0]);
      return FALSE;
    }
  /* Input 1 is the clock's own output fed back (see the header). */
  /* its own output reprograms it: a hidden input, bit 1 */
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_self_activation (config, 0);
  orr_config_set_rpar (config, rpar, 2);
  orr_param_label_from (config, "period");
  return TRUE;
}

/* The index k of the first event init + k * period at or after t, allowing
 * for the rounding of t itself. */
static double
index_at (double t, double period, double init)
{
  double k = (t - init) / period;
  double nearest = round (k);

  if (fabs (k - nearest) <= 1e-9 * MAX (1.0, fabs (k)))
    return nearest;
  return ceil (k);
}

static void
event_clock_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double period = block->rpar[0];
  double init = block->rpar[1];
  double k, next;

  if (job != ORR_JOB_EVENTS)
    return;
  if (orr_block_is_exit_init (block))
    k = MAX (0.0, index_at (t, period, init));
  else if (block->nevprt > 0 && (block->nevprt & 1))
    k = index_at (t, period, init) + 1;
  else
    return;
  next = init + k * period;
  block->evout[0] = MAX (0.0, next - t);
}

const OrrBlockClass orr_event_clock_class = {
  .name = "EventClock",
  .palette = N_ ("Activation"),
  .label = N_ ("Event clock"),
  .description = N_ ("Periodic events from an ordinary event source, asynchronous with the sample "
                     "clocks; its output is fed back to its activation input automatically."),
  .icon_text = "⟳T",
  .keywords = "clock period timer periodic",
  .params = event_clock_params,
  .n_params = G_N_ELEMENTS (event_clock_params),
  .configure = event_clock_configure,
  .simulate = event_clock_simulate,
};
