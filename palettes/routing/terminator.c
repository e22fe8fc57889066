/* terminator.c: Terminator, ends a signal nobody needs.
 *
 * It reads nothing, so its input is not feedthrough and it can never
 * close an algebraic loop; it takes any size and type. Its only use is to
 * say "left unconnected on purpose". */
#include "routing-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
terminator_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, FALSE);
  return TRUE;
}

const OrrBlockClass orr_terminator_class = {
  .name = "Terminator",
  .palette = N_ ("Routing"),
  .label = N_ ("Terminator"),
  .description = N_ ("Ends a signal that is not used."),
  .icon_text = "⊣",
  .params = NULL,
  .n_params = 0,
  .configure = terminator_configure,
  .simulate = NULL,
};
