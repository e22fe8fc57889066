/* routing-palette.c: registers the Routing palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "routing-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_mux_class,
  &orr_demux_class,
  &orr_selector_class,
  &orr_switch_class,
  &orr_manual_switch_class,
  &orr_select_input_class,
  &orr_select_output_class,
  &orr_multiport_switch_class,
  &orr_goto_class,
  &orr_from_class,
  &orr_terminator_class,
  &orr_bus_creator_class,
  &orr_bus_selector_class,
  &orr_bus_assignment_class,
  NULL,
};

void
orr_palette_routing_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
