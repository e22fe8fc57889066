/* from.c: From, outputs the signal sent by the Goto with the same tag.
 *
 * The compiler wires it to whatever feeds the matching Goto (one in the
 * From's own diagram, else a global one) while flattening, and reports a
 * From with no Goto, or with two, as an error. Nothing is left at run
 * time: no simulation function. The tag travels in opar[0]. */
#include "routing-classes.h"
#include "routing-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec from_params[] = {
  { "tag", N_ ("Tag"), "'A'",
    N_ ("The tag of the Goto to read, a quoted string such as 'speed'.") },
};

static gboolean
from_configure (OrrConfig *config, GError **error)
{
  OrrValue *tag;

  if (!orr_routing_get_tag (config, &tag, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_FROM);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_add_opar (config, tag);
  orr_config_set_label (config, orr_value_get_string (tag));
  return TRUE;
}

const OrrBlockClass orr_from_class = {
  .name = "From",
  .palette = N_ ("Routing"),
  .label = N_ ("From"),
  .description = N_ ("Outputs the signal of the Goto block with the same tag."),
  .icon_text = "→[A]",
  .params = from_params,
  .n_params = G_N_ELEMENTS (from_params),
  .configure = from_configure,
  .simulate = NULL,
};
