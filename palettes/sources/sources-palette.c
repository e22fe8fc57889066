/* sources-palette.c: registers the Sources palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "sources-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_constant_class,      &orr_step_class,
  &orr_ramp_class,          &orr_sine_wave_class,
  &orr_square_wave_class,   &orr_pulse_generator_class,
  &orr_sawtooth_class,      &orr_time_class,
  &orr_counter_class,       &orr_random_uniform_class,
  &orr_random_normal_class, &orr_signal_generator_class,
  &orr_from_csv_class,      &orr_ramp_saturate_class,
  &orr_trapezoid_class,     &orr_from_mat_class,
  &orr_from_hdf_class,      &orr_from_text_class,
  &orr_signal_in_class,     NULL,
};

void
orr_palette_sources_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
