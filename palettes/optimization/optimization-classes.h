/* optimization-classes.h: the block classes of the Optimization palette.
 * Private to palettes/: the rest of Orrery finds blocks through the
 * registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_bobyqa_opt_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_optimization_register (OrrRegistry *registry);

G_END_DECLS
