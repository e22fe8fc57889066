/* orr-model-private.h: what the files of engine/model share and nobody
 * else may use. */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

#define ORR_SUPER_BLOCK_TYPE "SuperBlock"

GPtrArray *orr_params_copy (GPtrArray *params);
GPtrArray *orr_ports_copy (GPtrArray *ports);
void orr_ports_resize (GPtrArray *ports, guint count);

OrrLink *orr_diagram_find_link (OrrDiagram *diagram, const char *id);

G_END_DECLS
