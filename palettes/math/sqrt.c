/* sqrt.c: Sqrt, the square root of each element of the input. A negative
 * element gives NaN, as in Activate, rather than stopping the simulation:
 * the real square root is not defined there, and the simulator's checks
 * report a NaN that reaches a state. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static gboolean
sqrt_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
sqrt_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u;
  double *y;
  int n;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);
  n = orr_block_out_numel (block, 0);
  for (int i = 0; i < n; i++)
    y[i] = sqrt (u[i]);
}

const OrrBlockClass orr_sqrt_class = {
  .name = "Sqrt",
  .palette = N_ ("Math"),
  .label = N_ ("Sqrt"),
  .description = N_ ("The square root of each element of the input (NaN for a negative element)."),
  .icon_text = "√u",
  .configure = sqrt_configure,
  .simulate = sqrt_simulate,
};
