/* ports-palette.c: registers the Ports palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "ports-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_input_class, &orr_output_class, &orr_event_input_class, &orr_event_output_class, NULL,
};

void
orr_palette_ports_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
