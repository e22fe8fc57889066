/* continuous-palette.c: registers the Continuous palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "continuous-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_integrator_class,
  NULL,
};

void
orr_palette_continuous_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
