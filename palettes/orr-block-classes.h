/* orr-block-classes.h: the classes of the standard palettes, one per block
 * file. Private: the rest of Orrery finds them through the registry
 * (orr_palettes_register_standard) and never by symbol. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* Sources */
extern const OrrBlockClass orr_constant_class;
extern const OrrBlockClass orr_counter_class;

/* Sinks */
extern const OrrBlockClass orr_scope_class;
extern const OrrBlockClass orr_to_csv_class;

/* Math */
extern const OrrBlockClass orr_gain_class;
extern const OrrBlockClass orr_sum_class;
extern const OrrBlockClass orr_product_class;
extern const OrrBlockClass orr_abs_class;

/* Continuous */
extern const OrrBlockClass orr_integrator_class;

/* Activation */
extern const OrrBlockClass orr_sample_clock_class;
extern const OrrBlockClass orr_event_generate_class;
extern const OrrBlockClass orr_event_delay_class;
extern const OrrBlockClass orr_event_union_class;
extern const OrrBlockClass orr_if_then_else_class;
extern const OrrBlockClass orr_switch_case_class;
extern const OrrBlockClass orr_zero_cross_up_class;
extern const OrrBlockClass orr_zero_cross_down_class;

/* Ports */
extern const OrrBlockClass orr_input_class;
extern const OrrBlockClass orr_output_class;
extern const OrrBlockClass orr_event_input_class;
extern const OrrBlockClass orr_event_output_class;

G_END_DECLS
