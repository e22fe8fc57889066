/* sample-clock.c: SampleClock, events at offset + k * period.
 *
 * It has no simulation function: all SampleClocks of a model are
 * synchronous, so the compiler merges them into one base clock with
 * subsampling and the simulator drives it. The block only checks and
 * passes on rpar = { period, offset }. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec sample_clock_params[] = {
  { "period", N_ ("Period"), "0.1",
    N_ ("Time between events, in seconds; 0 makes the output always active (continuous time) and "
        "-1 gives a single event at the start time.") },
  { "offset", N_ ("Offset"), "0", N_ ("The time of the first event, at or after 0.") },
};

static gboolean
sample_clock_configure (OrrConfig *config, GError **error)
{
  double rpar[2];

  if (!orr_param_get_finite (config, "period", &rpar[0], error)
      || !orr_param_get_finite (config, "offset", &rpar[1], error))
    return FALSE;
  if (rpar[0] < 0 && rpar[0] != -1)
    {
      orr_param_set_error (error, "period",
                           "must be positive, or 0 (always active) or -1 (initial only), "
                           "not %g",
                           rpar[0]);
      return FALSE;
    }
  if (rpar[1] < 0)
    {
      orr_param_set_error (error, "offset", "must not be negative, not %g", rpar[1]);
      return FALSE;
    }

  orr_config_set_kind (config, ORR_BLOCK_SAMPLE_CLOCK);
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_rpar (config, rpar, 2);
  orr_param_label_from (config, "period");
  return TRUE;
}

const OrrBlockClass orr_sample_clock_class = {
  .name = "SampleClock",
  .palette = N_ ("Activation"),
  .label = N_ ("Sample clock"),
  .description = N_ ("Periodic events, synchronous with every other sample clock of the model."),
  .icon_text = "T",
  .keywords = "clock period sampling discrete timer",
  .params = sample_clock_params,
  .n_params = G_N_ELEMENTS (sample_clock_params),
  .configure = sample_clock_configure,
  .simulate = NULL,
};
