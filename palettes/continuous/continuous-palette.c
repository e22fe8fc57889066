/* continuous-palette.c: registers the Continuous palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "continuous-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_integrator_class,
  &orr_derivative_class,
  &orr_transfer_function_class,
  &orr_state_space_class,
  &orr_pid_class,
  &orr_transport_delay_class,
  &orr_variable_delay_class,
  &orr_rate_limiter_class,
  &orr_backlash_class,
  &orr_hysteresis_class,
  &orr_jump_state_space_class,
  &orr_loopbreaker_class,
  &orr_cont_pole_zero_class,
  NULL,
};

void
orr_palette_continuous_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
