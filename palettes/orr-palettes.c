/* orr-palettes.c: registers the standard palettes. The order here is the
 * order a palette browser shows: palettes first to last, and within each
 * palette the order of its palette.xml (the blocks test checks they agree). */
#include "orr-palettes.h"

#include "orr-block-classes.h"

static const OrrBlockClass *const standard_classes[] = {
  /* Sources */
  &orr_constant_class,
  &orr_counter_class,
  /* Sinks */
  &orr_scope_class,
  &orr_to_csv_class,
  /* Math */
  &orr_gain_class,
  &orr_sum_class,
  &orr_product_class,
  &orr_abs_class,
  /* Continuous */
  &orr_integrator_class,
  /* Activation */
  &orr_sample_clock_class,
  &orr_event_generate_class,
  &orr_event_delay_class,
  &orr_event_union_class,
  &orr_if_then_else_class,
  &orr_switch_case_class,
  &orr_zero_cross_up_class,
  &orr_zero_cross_down_class,
  /* Ports */
  &orr_input_class,
  &orr_output_class,
  &orr_event_input_class,
  &orr_event_output_class,
};

void
orr_palettes_register_standard (OrrRegistry *registry)
{
  g_return_if_fail (registry != NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (standard_classes); i++)
    orr_registry_add (registry, standard_classes[i]);
}
