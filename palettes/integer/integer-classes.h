/* integer-classes.h: the block classes of the Integer palette (typed
 * signals: conversions between doubles, integers and booleans). Private
 * to palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_data_type_conversion_class;
extern const OrrBlockClass orr_bit_set_class;
extern const OrrBlockClass orr_bit_clear_class;
extern const OrrBlockClass orr_extract_bits_class;
extern const OrrBlockClass orr_bit_shift_class;
extern const OrrBlockClass orr_bitwise_logic_class;
extern const OrrBlockClass orr_integer_product_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_integer_register (OrrRegistry *registry);

G_END_DECLS
