/* activation-classes.h: the block classes of the Activation palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_sample_clock_class;
extern const OrrBlockClass orr_event_clock_class;
extern const OrrBlockClass orr_initial_event_class;
extern const OrrBlockClass orr_event_generate_class;
extern const OrrBlockClass orr_event_delay_class;
extern const OrrBlockClass orr_event_variable_delay_class;
extern const OrrBlockClass orr_event_delayed_channel_class;
extern const OrrBlockClass orr_event_union_class;
extern const OrrBlockClass orr_activation_intersection_class;
extern const OrrBlockClass orr_and_activations_class;
extern const OrrBlockClass orr_event_to_code_class;
extern const OrrBlockClass orr_set_activation_signal_class;
extern const OrrBlockClass orr_get_activation_signal_class;
extern const OrrBlockClass orr_activation_signal_scoping_class;
extern const OrrBlockClass orr_if_then_else_class;
extern const OrrBlockClass orr_switch_case_class;
extern const OrrBlockClass orr_if_expression_class;
extern const OrrBlockClass orr_repeat_activation_class;
extern const OrrBlockClass orr_frequency_divider_class;
extern const OrrBlockClass orr_edge_trigger_class;
extern const OrrBlockClass orr_zero_cross_up_class;
extern const OrrBlockClass orr_zero_cross_down_class;
extern const OrrBlockClass orr_zero_cross_class;
extern const OrrBlockClass orr_extract_activation_class;
extern const OrrBlockClass orr_event_port_zero_class;
extern const OrrBlockClass orr_sync_tag_class;
extern const OrrBlockClass orr_end_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_activation_register (OrrRegistry *registry);

G_END_DECLS
