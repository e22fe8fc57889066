/* logic-classes.h: the block classes of the Logic palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_truth_table_class;
extern const OrrBlockClass orr_d_flip_flop_class;
extern const OrrBlockClass orr_jk_flip_flop_class;
extern const OrrBlockClass orr_sr_flip_flop_class;
extern const OrrBlockClass orr_d_latch_class;
extern const OrrBlockClass orr_toggle_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_logic_register (OrrRegistry *registry);

G_END_DECLS
