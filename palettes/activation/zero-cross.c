/* zero-cross.c: ZeroCross, an event when the input crosses zero in either
 * direction.
 *
 * As ZeroCrossUp and ZeroCrossDown, the block has one surface, g = u, and
 * inherits its activation, so with a continuous-time input the solver
 * locates the crossing and calls the block with nevprt = -1 and jroot[0]
 * giving the direction. With one output, either direction fires it; with
 * two, output 1 fires on the way up (- to +) and output 2 on the way down. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  OUTPUTS_ONE = 1,
  OUTPUTS_TWO = 2,
};

static const char *const outputs_choices[]
  = { N_ ("One, for both directions"), N_ ("Two: rising, then falling"), NULL };

static const OrrParamSpec zero_cross_params[] = {
  { "outputs", N_ ("Outputs"), "1",
    N_ ("1: one activation output for crossings either way; 2: output 1 for crossings from "
        "negative to positive, output 2 for crossings from positive to negative."),
    ORR_PARAM_CHOICE, outputs_choices },
};

static gboolean
zero_cross_configure (OrrConfig *config, GError **error)
{
  int outputs;

  if (!orr_param_get_int_range (config, "outputs", OUTPUTS_ONE, OUTPUTS_TWO, &outputs, error))
    return FALSE;
  /* Feedthrough, so that the surface is computed from the current input
   * rather than a stale one. */
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 0, outputs);
  orr_config_set_surfaces (config, 1, 0);
  return TRUE;
}

static void
zero_cross_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_ZERO_CROSSINGS:
        block->g[0] = orr_block_real_in (block, 0)[0];
        break;

      case ORR_JOB_EVENTS:
        if (!orr_block_is_zero_crossing_event (block) || block->jroot[0] == 0)
          break;
        if (block->n_evout == 1)
          block->evout[0] = 0.0;
        else
          block->evout[block->jroot[0] > 0 ? 0 : 1] = 0.0;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_zero_cross_class = {
  .name = "ZeroCross",
  .palette = N_ ("Activation"),
  .label = N_ ("Zero crossing"),
  .description = N_ ("Generates an event when the input crosses zero in either direction, on one "
                     "output or on one output per direction."),
  .icon_text = "↕0",
  .keywords = "bounce crossing event threshold",
  .params = zero_cross_params,
  .n_params = G_N_ELEMENTS (zero_cross_params),
  .configure = zero_cross_configure,
  .simulate = zero_cross_simulate,
};
