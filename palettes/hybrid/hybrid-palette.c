/* hybrid-palette.c: registers the Hybrid palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "hybrid-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_automaton_class,
  &orr_implicit_derivative_class,
  &orr_constraint_class,
  &orr_last_input_class,
  NULL,
};

void
orr_palette_hybrid_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
