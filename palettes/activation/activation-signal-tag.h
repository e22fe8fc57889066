/* activation-signal-tag.h: the tag the wireless activation blocks share
 * (SetActivationSignal, GetActivationSignal, ActivationSignalScoping): a
 * non-empty quoted string. Private to the Activation palette. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* Reads the parameter "tag"; *tag is owned by config. */
gboolean orr_activation_get_tag (OrrConfig *config, OrrValue **tag, GError **error);

G_END_DECLS
