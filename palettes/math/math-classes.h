/* math-classes.h: the block classes of the Math palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_gain_class;
extern const OrrBlockClass orr_sum_class;
extern const OrrBlockClass orr_product_class;
extern const OrrBlockClass orr_abs_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_math_register (OrrRegistry *registry);

G_END_DECLS
