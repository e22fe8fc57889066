/* sinks-classes.h: the block classes of the Sinks palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_scope_class;
extern const OrrBlockClass orr_xy_scope_class;
extern const OrrBlockClass orr_event_scope_class;
extern const OrrBlockClass orr_multi_scope_class;
extern const OrrBlockClass orr_anim2d_class;
extern const OrrBlockClass orr_display_class;
extern const OrrBlockClass orr_to_csv_class;
extern const OrrBlockClass orr_to_mat_class;
extern const OrrBlockClass orr_signal_out_class;
extern const OrrBlockClass orr_to_base_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_sinks_register (OrrRegistry *registry);

G_END_DECLS
