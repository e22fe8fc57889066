/* extract-activation.c: ExtractActivation, the activations of its input at
 * which the input is non-zero.
 *
 * The block inherits the activation of the block driving its input and
 * passes those events on when u ~= 0 (with an input that is always
 * non-zero, exactly the input's activation: how a regular signal lends its
 * timing to activation ports). It is a conditional block
 * (ORR_BLOCK_CONDITIONAL), so the output runs inside the input's event,
 * synchronously, without a new source. */
#include "activation-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
extract_activation_configure (OrrConfig *config, GError **error)
{
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  /* Feedthrough: the events job reads the input of this very activation. */
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 0, 1);
  return TRUE;
}

static void
extract_activation_simulate (OrrSimBlock *block, OrrJob job)
{
  /* NaN ~= 0 is true, as in the parameter language. */
  if (job == ORR_JOB_EVENTS && block->nevprt > 0 && orr_block_real_in (block, 0)[0] != 0)
    block->evout[0] = 0.0;
}

const OrrBlockClass orr_extract_activation_class = {
  .name = "ExtractActivation",
  .palette = N_ ("Activation"),
  .label = N_ ("Extract activation"),
  .description = N_ ("Passes on the activations of its input at which the input is non-zero."),
  .icon_text = "u→▼",
  .params = NULL,
  .n_params = 0,
  .configure = extract_activation_configure,
  .simulate = extract_activation_simulate,
};
