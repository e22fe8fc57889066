/* routing-classes.h: the block classes of the Routing palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS


/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_routing_register (OrrRegistry *registry);

G_END_DECLS
