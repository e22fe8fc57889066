/* discrete-palette.c: registers the Discrete palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "discrete-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_discrete_delay_class,
  &orr_discrete_transfer_function_class,
  &orr_discrete_state_space_class,
  &orr_sample_hold_class,
  &orr_discrete_integrator_class,
  &orr_sampled_data_class,
  &orr_memory_class,
  &orr_shift_register_class,
  &orr_accumulator_class,
  &orr_discr_pole_zero_class,
  NULL,
};

void
orr_palette_discrete_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
