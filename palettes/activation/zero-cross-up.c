/* zero-cross-up.c: ZeroCrossUp, an event when the input crosses zero
 * from negative to positive.
 *
 * The block has one surface, g = u, and no activation input: it inherits
 * the activation of its input's driver, so when that is continuous time
 * the solver watches the surface and locates the crossing. The simulator
 * then calls the block with nevprt = -1 and jroot[0] giving the direction;
 * only the rising one becomes an event, at once (delay 0). */
#include "activation-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
zero_cross_up_configure (OrrConfig *config, GError **error)
{
  /* Feedthrough, so that the surface is computed from the current input
   * rather than a stale one. */
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_surfaces (config, 1, 0);
  /* Falling crossings do nothing: the solver need not stop at them. */
  orr_config_set_surface_direction (config, 1);
  return TRUE;
}

static void
zero_cross_up_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_ZERO_CROSSINGS:
        block->g[0] = orr_block_real_in (block, 0)[0];
        break;

      case ORR_JOB_EVENTS:
        if (orr_block_is_zero_crossing_event (block) && block->jroot[0] == 1)
          block->evout[0] = 0.0;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_zero_cross_up_class = {
  .name = "ZeroCrossUp",
  .palette = N_ ("Activation"),
  .label = N_ ("Zero crossing up"),
  .description = N_ ("Generates an event when the input crosses zero from negative to positive."),
  .icon_text = "↑0",
  .keywords = "bounce crossing event threshold rising",
  .params = NULL,
  .n_params = 0,
  .configure = zero_cross_up_configure,
  .simulate = zero_cross_up_simulate,
};
