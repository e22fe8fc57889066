/* orr-palettes.h: the standard block library. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

/* Adds every standard block class to registry, palette by palette, each
 * palette's blocks in the order its palette.xml lists them. */
void orr_palettes_register_standard (OrrRegistry *registry);

G_END_DECLS
