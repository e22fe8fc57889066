/* optimization-palette.c: registers the Optimization palette, in the
 * order of its palette.xml (the blocks test checks they agree). */
#include "optimization-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_bobyqa_opt_class,
  NULL,
};

void
orr_palette_optimization_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
