/* activation-palette.c: registers the Activation palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "activation-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_sample_clock_class,
  &orr_event_clock_class,
  &orr_initial_event_class,
  &orr_event_generate_class,
  &orr_event_delay_class,
  &orr_event_variable_delay_class,
  &orr_event_delayed_channel_class,
  &orr_event_union_class,
  &orr_activation_intersection_class,
  &orr_and_activations_class,
  &orr_event_to_code_class,
  &orr_set_activation_signal_class,
  &orr_get_activation_signal_class,
  &orr_activation_signal_scoping_class,
  &orr_if_then_else_class,
  &orr_switch_case_class,
  &orr_if_expression_class,
  &orr_repeat_activation_class,
  &orr_frequency_divider_class,
  &orr_edge_trigger_class,
  &orr_zero_cross_up_class,
  &orr_zero_cross_down_class,
  &orr_zero_cross_class,
  &orr_extract_activation_class,
  &orr_event_port_zero_class,
  &orr_sync_tag_class,
  &orr_end_class,
  NULL,
};

void
orr_palette_activation_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
