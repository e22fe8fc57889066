/* display.c: Display, shows the latest value of its input in the block.
 *
 * It records like a Scope, one sample of every element (column by column)
 * at each accepted call, and the canvas draws the latest sample inside the
 * block instead of plotting the history. The input is any matrix. The
 * number of significant digits to show is ipar[0]. */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec display_params[] = {
  { "digits", N_ ("Significant digits"), "5",
    N_ ("How many significant digits to show, 1 to 17.") },
};

static gboolean
display_configure (OrrConfig *config, GError **error)
{
  int digits;

  if (!orr_param_get_int_range (config, "digits", 1, 17, &digits, error))
    return FALSE;
  /* Feedthrough so that the display runs after the block it shows. */
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_ipar (config, &digits, 1);
  return TRUE;
}

static void
display_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS && !orr_block_in_try_phase (block))
    orr_block_record (block, orr_block_real_in (block, 0), orr_block_in_numel (block, 0));
}

const OrrBlockClass orr_display_class = {
  .name = "Display",
  .palette = N_ ("Sinks"),
  .label = N_ ("Display"),
  .description = N_ ("Shows the latest value of its input inside the block."),
  .icon_text = "0.000",
  .params = display_params,
  .n_params = G_N_ELEMENTS (display_params),
  .configure = display_configure,
  .simulate = display_simulate,
};
