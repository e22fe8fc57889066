/* if-then-else.c: IfThenElse, routes its activation to "then" when its
 * input is > 0 and to "else" otherwise. The simulator does the routing
 * inside the incoming event (the outputs are subsets of it, not new
 * sources), so the block has no simulation function and no parameter. */
#include "activation-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
if_then_else_configure (OrrConfig *config, GError **error)
{
  orr_config_set_kind (config, ORR_BLOCK_IF_THEN_ELSE);
  /* Feedthrough: the choice is made from the input of this very event. */
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 1, 2);
  return TRUE;
}

const OrrBlockClass orr_if_then_else_class = {
  .name = "IfThenElse",
  .palette = N_ ("Activation"),
  .label = N_ ("If then else"),
  .description = N_ ("Passes each activation to its first output when the input is positive, "
                     "else to its second."),
  .icon_text = "if",
  .params = NULL,
  .n_params = 0,
  .configure = if_then_else_configure,
  .simulate = NULL,
};
