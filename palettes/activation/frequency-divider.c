/* frequency-divider.c: FrequencyDivider, passes one activation in every
 * `ratio`, starting with activation number phase + 1.
 *
 * It is a conditional block (ORR_BLOCK_CONDITIONAL): its output is a
 * subset of its input's event, run at once inside that event, so it stays
 * synchronous with the clock that drives it and makes no new source. The
 * count of activations, modulo the ratio, lives in z. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec frequency_divider_params[] = {
  { "ratio", N_ ("Division factor"), "2",
    N_ ("Passes one activation out of this many, a whole number >= 1.") },
  { "phase", N_ ("Phase"), "0",
    N_ ("Which activation of each group passes: 0 for the first (activations 1, 1 + ratio ...), up "
        "to ratio - 1.") },
};

static gboolean
frequency_divider_configure (OrrConfig *config, GError **error)
{
  int ipar[2];
  g_autofree char *label = NULL;
  const double z0 = 0;

  if (!orr_param_get_int_range (config, "ratio", 1, G_MAXINT, &ipar[0], error))
    return FALSE;
  if (!orr_param_get_int_range (config, "phase", 0, ipar[0] - 1, &ipar[1], error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  orr_config_set_event_ports (config, 1, 1);
  orr_config_set_discrete_states (config, 1, &z0);
  orr_config_set_ipar (config, ipar, 2);
  label = g_strdup_printf ("1/%d", ipar[0]);
  orr_config_set_label (config, label);
  return TRUE;
}

static void
frequency_divider_simulate (OrrSimBlock *block, OrrJob job)
{
  int ratio = block->ipar[0], phase = block->ipar[1];

  if (block->nevprt <= 0)
    return;
  switch (job)
    {
      case ORR_JOB_EVENTS:
        /* z counts the activations before this one, modulo the ratio. */
        if ((int)block->z[0] == phase)
          block->evout[0] = 0.0;
        break;

      case ORR_JOB_STATE_UPDATE:
        block->z[0] = fmod (block->z[0] + 1, ratio);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_frequency_divider_class = {
  .name = "FrequencyDivider",
  .palette = N_ ("Activation"),
  .label = N_ ("Frequency divider"),
  .description = N_ ("Passes one activation in every N, synchronously with its input."),
  .icon_text = "1/N",
  .params = frequency_divider_params,
  .n_params = G_N_ELEMENTS (frequency_divider_params),
  .configure = frequency_divider_configure,
  .simulate = frequency_divider_simulate,
};
