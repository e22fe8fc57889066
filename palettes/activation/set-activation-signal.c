/* set-activation-signal.c: SetActivationSignal, an activation link
 * without a line: every GetActivationSignal with the same tag that can see
 * it is activated by whatever activates this block, synchronously (the
 * compiler connects them when it flattens the model; the block never
 * runs). Visible in its own diagram, in the whole model, or, scoped, below
 * the nearest ActivationSignalScoping block with its tag. ipar = { 0
 * local, 1 global, 2 scoped }, opar = { tag }. */
#include "activation-classes.h"
#include "activation-signal-tag.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const char *const visibility_choices[]
  = { N_ ("This diagram"), N_ ("The whole model"), N_ ("Below the scoping block"), NULL };

static const OrrParamSpec set_activation_signal_params[] = {
  { "tag", N_ ("Tag"), "'tick'",
    N_ ("The name GetActivationSignal blocks use to receive these activations, a quoted string.") },
  { "visibility", N_ ("Visible in"), "1",
    N_ ("1: this diagram only; 2: the whole model; 3: the diagram of the nearest "
        "ActivationSignalScoping block with the same tag (here or above) and everything below "
        "it."),
    ORR_PARAM_CHOICE, visibility_choices },
};

static gboolean
set_activation_signal_configure (OrrConfig *config, GError **error)
{
  OrrValue *tag;
  int visibility, ipar;

  if (!orr_activation_get_tag (config, &tag, error)
      || !orr_param_get_int_range (config, "visibility", 1, 3, &visibility, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_EVENT_GOTO);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_add_opar (config, tag);
  ipar = visibility == 1 ? 0 : visibility == 2 ? 1 : 2;
  orr_config_set_ipar (config, &ipar, 1);
  orr_config_set_label (config, orr_value_get_string (tag));
  return TRUE;
}

const OrrBlockClass orr_set_activation_signal_class = {
  .name = "SetActivationSignal",
  .palette = N_ ("Activation"),
  .label = N_ ("Set activation signal"),
  .description = N_ ("Sends its activations, without a line, to the GetActivationSignal blocks "
                     "with the same tag."),
  .icon_text = "⚡[A]→",
  .params = set_activation_signal_params,
  .n_params = G_N_ELEMENTS (set_activation_signal_params),
  .configure = set_activation_signal_configure,
  .simulate = NULL,
};
