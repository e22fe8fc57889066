/* math-palette.c: registers the Math palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "math-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_gain_class,
  &orr_sum_class,
  &orr_product_class,
  &orr_abs_class,
  &orr_sign_class,
  &orr_sqrt_class,
  &orr_math_function_class,
  &orr_power_class,
  &orr_min_max_class,
  &orr_saturation_class,
  &orr_dead_zone_class,
  &orr_rounding_class,
  &orr_bias_class,
  &orr_relational_operator_class,
  &orr_logical_operator_class,
  &orr_math_expression_class,
  &orr_matrix_expression_class,
  &orr_matrix_multiply_class,
  &orr_transpose_class,
  &orr_inverse_class,
  &orr_controlled_saturation_class,
  &orr_quantization_class,
  &orr_horner_class,
  &orr_round_product_class,
  &orr_math_expressions_class,
  &orr_unit_conversion_class,
  &orr_cross_product_class,
  &orr_sort_class,
  &orr_real_imag_to_complex_class,
  &orr_complex_to_real_imag_class,
  &orr_mag_angle_to_complex_class,
  &orr_complex_to_mag_angle_class,
  &orr_assignment_class,
  &orr_data_type_conversion_class,
  &orr_max_min_interval_class,
  &orr_formatted_string_class,
  NULL,
};

void
orr_palette_math_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
