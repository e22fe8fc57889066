/* continuous-classes.h: the block classes of the Continuous palette. Private to
 * palettes/: the rest of Orrery finds blocks through the registry. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

extern const OrrBlockClass orr_integrator_class;
extern const OrrBlockClass orr_derivative_class;
extern const OrrBlockClass orr_transfer_function_class;
extern const OrrBlockClass orr_state_space_class;
extern const OrrBlockClass orr_pid_class;
extern const OrrBlockClass orr_transport_delay_class;
extern const OrrBlockClass orr_variable_delay_class;
extern const OrrBlockClass orr_rate_limiter_class;
extern const OrrBlockClass orr_backlash_class;
extern const OrrBlockClass orr_hysteresis_class;
extern const OrrBlockClass orr_jump_state_space_class;
extern const OrrBlockClass orr_loopbreaker_class;
extern const OrrBlockClass orr_cont_pole_zero_class;

/* Adds the palette's classes in the order of its palette.xml. */
void orr_palette_continuous_register (OrrRegistry *registry);

G_END_DECLS
