/* hybrid-classes.h: the block classes of the Hybrid palette (automata and
 * DAEs built from blocks). Private to palettes/: the rest of Orrery finds
 * blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_automaton_class;
extern const OrrBlockClass orr_implicit_derivative_class;
extern const OrrBlockClass orr_constraint_class;
extern const OrrBlockClass orr_last_input_class;

/* What Constraint and ImplicitDerivative share (constraint.c): both hold
 * one implicit state per element of their input, started at the matrix
 * parameter start, with x' started at rate (a scalar or start's size)
 * and kept in rpar; init writes it into x'. */
gboolean orr_hybrid_configure_implicit (OrrConfig *config, const char *start, const char *rate,
                                        GError **error);
void orr_hybrid_init_rates (OrrSimBlock *block);

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_hybrid_register (OrrRegistry *registry);

G_END_DECLS
