/* logic-palette.c: registers the Logic palette, in the order of its
 * palette.xml (the blocks test checks they agree). */
#include "logic-classes.h"

static const OrrBlockClass *const classes[] = {
  &orr_truth_table_class,
  &orr_d_flip_flop_class,
  &orr_jk_flip_flop_class,
  &orr_sr_flip_flop_class,
  &orr_d_latch_class,
  &orr_toggle_class,
  NULL,
};

void
orr_palette_logic_register (OrrRegistry *registry)
{
  for (gsize i = 0; classes[i] != NULL; i++)
    orr_registry_add (registry, classes[i]);
}
