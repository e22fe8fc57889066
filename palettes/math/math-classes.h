/* math-classes.h: the block classes of the Math palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_gain_class;
extern const OrrBlockClass orr_sum_class;
extern const OrrBlockClass orr_product_class;
extern const OrrBlockClass orr_abs_class;
extern const OrrBlockClass orr_sign_class;
extern const OrrBlockClass orr_sqrt_class;
extern const OrrBlockClass orr_math_function_class;
extern const OrrBlockClass orr_power_class;
extern const OrrBlockClass orr_min_max_class;
extern const OrrBlockClass orr_saturation_class;
extern const OrrBlockClass orr_dead_zone_class;
extern const OrrBlockClass orr_rounding_class;
extern const OrrBlockClass orr_bias_class;
extern const OrrBlockClass orr_relational_operator_class;
extern const OrrBlockClass orr_logical_operator_class;
extern const OrrBlockClass orr_math_expression_class;
extern const OrrBlockClass orr_matrix_expression_class;
extern const OrrBlockClass orr_matrix_multiply_class;
extern const OrrBlockClass orr_transpose_class;
extern const OrrBlockClass orr_inverse_class;
extern const OrrBlockClass orr_controlled_saturation_class;
extern const OrrBlockClass orr_quantization_class;
extern const OrrBlockClass orr_horner_class;
extern const OrrBlockClass orr_round_product_class;
extern const OrrBlockClass orr_math_expressions_class;
extern const OrrBlockClass orr_unit_conversion_class;
extern const OrrBlockClass orr_cross_product_class;
extern const OrrBlockClass orr_sort_class;
extern const OrrBlockClass orr_real_imag_to_complex_class;
extern const OrrBlockClass orr_complex_to_real_imag_class;
extern const OrrBlockClass orr_mag_angle_to_complex_class;
extern const OrrBlockClass orr_complex_to_mag_angle_class;
extern const OrrBlockClass orr_assignment_class;
extern const OrrBlockClass orr_data_type_conversion_class;
extern const OrrBlockClass orr_max_min_interval_class;
extern const OrrBlockClass orr_formatted_string_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_math_register (OrrRegistry *registry);

G_END_DECLS
