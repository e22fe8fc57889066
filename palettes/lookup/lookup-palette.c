/* lookup-palette.c: registers the Lookup palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "lookup-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_lookup_table_class,      &orr_lookup_table_2d_class,      &orr_lookup_table_nd_class,
  &orr_lookup_table_port_class, &orr_lookup_table_2d_port_class, NULL,
};

void
orr_palette_lookup_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
