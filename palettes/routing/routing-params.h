/* routing-params.h: parameter checks shared by Routing blocks. Private to
 * palettes/routing/. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* A list of port lengths: a scalar n means n ports of length 1, a vector
 * gives each port's length (whole numbers >= 1). On success *sizes is a
 * new array of *n_ports lengths (g_free it) and *total their sum. */
gboolean orr_routing_get_port_sizes (OrrConfig *config, const char *name, int **sizes, int *n_ports,
                                     int *total, GError **error);

/* The 'tag' parameter of Goto and From: a non-empty string, borrowed from
 * config. */
gboolean orr_routing_get_tag (OrrConfig *config, OrrValue **tag, GError **error);

G_END_DECLS
