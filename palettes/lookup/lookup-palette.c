/* lookup-palette.c: registers the Lookup palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "lookup-classes.h"

static const OrrBlockClass *const classes[] = {
  NULL,
};

void
orr_palette_lookup_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
