/* custom-classes.h: the block classes of the Custom palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_ccustom_block_class;
extern const OrrBlockClass orr_fmu_block_class;
extern const OrrBlockClass orr_expr_custom_block_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_custom_register (OrrRegistry *registry);

G_END_DECLS
