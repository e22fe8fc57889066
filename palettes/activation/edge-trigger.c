/* edge-trigger.c: EdgeTrigger, an activation when its input turns positive,
 * stops being positive, or either.
 *
 * The input is read as a condition, u > 0, so a rising edge is "not
 * positive before, positive now" and a falling edge the reverse. The block
 * inherits its activation from its input's driver and compares, at each
 * activation, the input with the one it saw at the previous activation,
 * which it keeps in z. It is a conditional block (ORR_BLOCK_CONDITIONAL):
 * the output fires inside the activation that saw the edge, synchronously,
 * without a new source. A continuous-time input gives no events: use
 * ZeroCrossUp / ZeroCrossDown / ZeroCross there, which locate the crossing. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  EDGE_RISING = 1,
  EDGE_FALLING = 2,
  EDGE_BOTH = 3,
};

static const char *const edge_choices[] = { N_ ("Rising"), N_ ("Falling"), N_ ("Both"), NULL };

static const OrrParamSpec edge_trigger_params[] = {
  { "edge", N_ ("Edge"), "1",
    N_ ("1: when the input becomes positive; 2: when it stops being positive; 3: both."),
    ORR_PARAM_CHOICE, edge_choices },
  { "initial", N_ ("Input before the start"), "0",
    N_ ("The value the first activation compares the input with: with 0, an input already "
        "positive at the first activation is a rising edge.") },
};

static gboolean
edge_trigger_configure (OrrConfig *config, GError **error)
{
  int edge;
  double initial;

  if (!orr_param_get_int_range (config, "edge", EDGE_RISING, EDGE_BOTH, &edge, error)
      || !orr_param_get_finite (config, "initial", &initial, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  /* Feedthrough: the events job reads the input of this very activation. */
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_discrete_states (config, 1, &initial);
  orr_config_set_ipar (config, &edge, 1);
  return TRUE;
}

static void
edge_trigger_simulate (OrrSimBlock *block, OrrJob job)
{
  double u = orr_block_real_in (block, 0)[0];

  switch (job)
    {
      case ORR_JOB_EVENTS:
        {
          gboolean was = block->z[0] > 0, is = u > 0;
          int edge = block->ipar[0];

          if ((is && !was && (edge & EDGE_RISING)) || (was && !is && (edge & EDGE_FALLING)))
            block->evout[0] = 0.0;
        }
        break;

      case ORR_JOB_STATE_UPDATE:
        block->z[0] = u;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_edge_trigger_class = {
  .name = "EdgeTrigger",
  .palette = N_ ("Activation"),
  .label = N_ ("Edge trigger"),
  .description = N_ ("An activation, synchronous with its input, when the input becomes positive, "
                     "stops being positive, or both."),
  .icon_text = "_|‾",
  .params = edge_trigger_params,
  .n_params = G_N_ELEMENTS (edge_trigger_params),
  .configure = edge_trigger_configure,
  .simulate = edge_trigger_simulate,
};
