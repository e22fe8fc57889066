/* lookup-classes.h: the block classes of the Lookup palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_lookup_table_class;
extern const OrrBlockClass orr_lookup_table_2d_class;
extern const OrrBlockClass orr_lookup_table_nd_class;
extern const OrrBlockClass orr_lookup_table_port_class;
extern const OrrBlockClass orr_lookup_table_2d_port_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_lookup_register (OrrRegistry *registry);

G_END_DECLS
