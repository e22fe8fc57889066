/* time.c: Time, y = t.
 *
 * Always active, so that it is evaluated at every solver point; without
 * that, a block with no input and no activation would be a constant and
 * show the start time forever. */
#include "sources-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
time_configure (OrrConfig *config, GError **error)
{
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  return TRUE;
}

static void
time_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = orr_block_get_time (block);
}

const OrrBlockClass orr_time_class = {
  .name = "Time",
  .palette = N_ ("Sources"),
  .label = N_ ("Time"),
  .description = N_ ("Outputs the simulation time."),
  .icon_text = "t",
  .params = NULL,
  .n_params = 0,
  .configure = time_configure,
  .simulate = time_simulate,
};
