/* ports-classes.h: the block classes of the Ports palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_input_class;
extern const OrrBlockClass orr_output_class;
extern const OrrBlockClass orr_event_input_class;
extern const OrrBlockClass orr_event_output_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_ports_register (OrrRegistry *registry);

G_END_DECLS
