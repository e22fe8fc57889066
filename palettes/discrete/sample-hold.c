/* sample-hold.c: SampleHold, y = u at each activation, held in between.
 *
 * The block needs no state of its own: its output is only written when it
 * is activated, and the simulator keeps an output buffer as it was until
 * the block writes it again. Any element type passes through unchanged. */
#include "discrete-classes.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static gboolean
sample_hold_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_event_ports (config, 1, 0);
  return TRUE;
}

static void
sample_hold_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS && block->nevprt > 0)
    memcpy (block->out[0].data, block->in[0].data,
            (gsize)orr_block_in_numel (block, 0) * orr_type_element_size (block->in[0].type));
}

const OrrBlockClass orr_sample_hold_class = {
  .name = "SampleHold",
  .palette = N_ ("Discrete"),
  .label = N_ ("Sample and hold"),
  .description = N_ ("Samples its input at each activation and holds it until the next."),
  .icon_text = "S/H",
  .params = NULL,
  .n_params = 0,
  .configure = sample_hold_configure,
  .simulate = sample_hold_simulate,
};
