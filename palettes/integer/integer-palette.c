/* integer-palette.c: registers the Integer palette, in the order of its
 * palette.xml (the palette test checks they agree). */
#include "integer-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_data_type_conversion_class,
  &orr_bit_set_class,
  &orr_bit_clear_class,
  &orr_extract_bits_class,
  &orr_bit_shift_class,
  &orr_bitwise_logic_class,
  &orr_integer_product_class,
  NULL,
};

void
orr_palette_integer_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
