/* sinks-palette.c: registers the Sinks palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "sinks-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_scope_class,
  &orr_xy_scope_class,
  &orr_event_scope_class,
  &orr_multi_scope_class,
  &orr_anim2d_class,
  &orr_display_class,
  &orr_to_csv_class,
  &orr_to_mat_class,
  &orr_signal_out_class,
  &orr_to_base_class,
  NULL,
};

void
orr_palette_sinks_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
