/* integer-classes.h: the block classes of the Integer palette (bit
 * operations on integer signals). Private to palettes/. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_bit_operation_class;
extern const OrrBlockClass orr_extract_bits_class;
extern const OrrBlockClass orr_bit_shift_class;
extern const OrrBlockClass orr_bitwise_operator_class;
extern const OrrBlockClass orr_modular_product_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_integer_register (OrrRegistry *registry);

G_END_DECLS
