/* get-activation-signal.c: GetActivationSignal, the receiving end of an
 * activation link without a line: its activation output fires with the
 * activations of the SetActivationSignal with the same tag that it can
 * see (its own diagram first, then a scoped one above, then a global
 * one). The compiler connects them; the block never runs. opar = { tag }. */
#include "activation-classes.h"
#include "activation-signal-tag.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec get_activation_signal_params[] = {
  { "tag", N_ ("Tag"), "'tick'",
    N_ ("The tag of the SetActivationSignal whose activations this block passes on.") },
};

static gboolean
get_activation_signal_configure (OrrConfig *config, GError **error)
{
  OrrValue *tag;

  if (!orr_activation_get_tag (config, &tag, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_EVENT_FROM);
  orr_config_set_event_ports (config, 0, 1);
  orr_config_add_opar (config, tag);
  orr_config_set_label (config, orr_value_get_string (tag));
  return TRUE;
}

const OrrBlockClass orr_get_activation_signal_class = {
  .name = "GetActivationSignal",
  .palette = N_ ("Activation"),
  .label = N_ ("Get activation signal"),
  .description = N_ ("Receives, without a line, the activations of the SetActivationSignal with "
                     "the same tag."),
  .icon_text = "→[A]⚡",
  .params = get_activation_signal_params,
  .n_params = G_N_ELEMENTS (get_activation_signal_params),
  .configure = get_activation_signal_configure,
  .simulate = NULL,
};
