/* math-palette.c: registers the Math palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "math-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_gain_class,
  &orr_sum_class,
  &orr_product_class,
  &orr_abs_class,
  NULL,
};

void
orr_palette_math_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
