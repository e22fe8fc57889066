/* integer-palette.c: registers the Integer palette, in the order of its
 * palette.xml (the palette test checks they agree). */
#include "integer-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_data_type_conversion_class,
  NULL,
};

void
orr_palette_integer_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
