/* routing-classes.h: the block classes of the Routing palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_mux_class;
extern const OrrBlockClass orr_demux_class;
extern const OrrBlockClass orr_selector_class;
extern const OrrBlockClass orr_switch_class;
extern const OrrBlockClass orr_manual_switch_class;
extern const OrrBlockClass orr_select_input_class;
extern const OrrBlockClass orr_select_output_class;
extern const OrrBlockClass orr_multiport_switch_class;
extern const OrrBlockClass orr_goto_class;
extern const OrrBlockClass orr_from_class;
extern const OrrBlockClass orr_terminator_class;
extern const OrrBlockClass orr_bus_creator_class;
extern const OrrBlockClass orr_bus_selector_class;
extern const OrrBlockClass orr_bus_assignment_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_routing_register (OrrRegistry *registry);

G_END_DECLS
