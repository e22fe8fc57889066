/* custom-palette.c: registers the Custom palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "custom-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_ccustom_block_class,
  &orr_fmu_block_class,
  &orr_expr_custom_block_class,
  NULL,
};

void
orr_palette_custom_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
