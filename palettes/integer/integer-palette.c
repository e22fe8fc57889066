/* integer-palette.c: registers the Integer palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "integer-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_bit_operation_class,    &orr_extract_bits_class,    &orr_bit_shift_class,
  &orr_bitwise_operator_class, &orr_modular_product_class, NULL,
};

void
orr_palette_integer_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
