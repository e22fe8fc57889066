/* bus-names.h: the list of names a bus block takes as a parameter,
 * 'position, speed' or 'motor.speed, load', checked. Private to
 * palettes/routing/. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The names in the string parameter name, split at commas and trimmed:
 * each made of letters, digits and underscores, not starting with a
 * digit, with dots between such words when dotted is TRUE (a path into
 * nested buses); unique. At least one, at most ORR_PALETTE_MAX_PORTS. */
gboolean orr_bus_get_names (OrrConfig *config, const char *name, gboolean dotted, char ***names,
                            int *n, GError **error);

G_END_DECLS
