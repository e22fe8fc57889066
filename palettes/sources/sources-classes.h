/* sources-classes.h: the block classes of the Sources palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_constant_class;
extern const OrrBlockClass orr_step_class;
extern const OrrBlockClass orr_ramp_class;
extern const OrrBlockClass orr_sine_wave_class;
extern const OrrBlockClass orr_square_wave_class;
extern const OrrBlockClass orr_pulse_generator_class;
extern const OrrBlockClass orr_sawtooth_class;
extern const OrrBlockClass orr_time_class;
extern const OrrBlockClass orr_counter_class;
extern const OrrBlockClass orr_random_uniform_class;
extern const OrrBlockClass orr_random_normal_class;
extern const OrrBlockClass orr_signal_generator_class;
extern const OrrBlockClass orr_from_csv_class;
extern const OrrBlockClass orr_ramp_saturate_class;
extern const OrrBlockClass orr_trapezoid_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_sources_register (OrrRegistry *registry);

G_END_DECLS
