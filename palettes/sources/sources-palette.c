/* sources-palette.c: registers the Sources palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "sources-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_constant_class,
  &orr_counter_class,
  NULL,
};

void
orr_palette_sources_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
