/* activation-signal-scoping.c: ActivationSignalScoping, the scope of the
 * scoped SetActivationSignal blocks with its tag: they are visible in the
 * diagram holding this block and in every diagram below it. The compiler
 * reads it when it connects wireless activations; it never runs.
 * opar = { tag }. */
#include "activation-classes.h"
#include "activation-signal-tag.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec activation_signal_scoping_params[] = {
  { "tag", N_ ("Tag"), "'tick'",
    N_ ("The tag of the scoped SetActivationSignal blocks visible here and below.") },
};

static gboolean
activation_signal_scoping_configure (OrrConfig *config, GError **error)
{
  OrrValue *tag;

  if (!orr_activation_get_tag (config, &tag, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_EVENT_SCOPE);
  orr_config_add_opar (config, tag);
  orr_config_set_label (config, orr_value_get_string (tag));
  return TRUE;
}

const OrrBlockClass orr_activation_signal_scoping_class = {
  .name = "ActivationSignalScoping",
  .palette = N_ ("Activation"),
  .label = N_ ("Activation signal scope"),
  .description = N_ ("Makes the scoped SetActivationSignal blocks with its tag visible in this "
                     "diagram and below."),
  .icon_text = "{⚡A}",
  .params = activation_signal_scoping_params,
  .n_params = G_N_ELEMENTS (activation_signal_scoping_params),
  .configure = activation_signal_scoping_configure,
  .simulate = NULL,
};
