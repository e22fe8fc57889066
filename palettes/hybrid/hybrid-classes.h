/* hybrid-classes.h: the block classes of the Hybrid palette (automata and
 * DAEs built from blocks). Private to palettes/: the rest of Orrery finds
 * blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_automaton_class;
extern const OrrBlockClass orr_implicit_derivative_class;
extern const OrrBlockClass orr_constraint_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_hybrid_register (OrrRegistry *registry);

G_END_DECLS
