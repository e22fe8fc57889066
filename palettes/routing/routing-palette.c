/* routing-palette.c: registers the Routing palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "routing-classes.h"

static const OrrBlockClass *const classes[] = {
  NULL,
};

void
orr_palette_routing_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
