/* discrete-classes.h: the block classes of the Discrete palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_discrete_delay_class;
extern const OrrBlockClass orr_discrete_transfer_function_class;
extern const OrrBlockClass orr_discrete_state_space_class;
extern const OrrBlockClass orr_sample_hold_class;
extern const OrrBlockClass orr_discrete_integrator_class;
extern const OrrBlockClass orr_sampled_data_class;
extern const OrrBlockClass orr_memory_class;
extern const OrrBlockClass orr_shift_register_class;
extern const OrrBlockClass orr_accumulator_class;
extern const OrrBlockClass orr_discr_pole_zero_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_discrete_register (OrrRegistry *registry);

G_END_DECLS
