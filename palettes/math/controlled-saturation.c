/* controlled-saturation.c: ControlledSaturation, each element of u
 * clamped between limits that are signals: inputs upper, u, lower (of one
 * size), y = min (max (u, lower), upper), so the upper limit wins if the
 * limits cross.
 *
 * As Saturation, it holds each element's region (between the limits,
 * above, below) as a mode with one surface per element that changes sign
 * where u leaves its region (math-surfaces.h), so that a variable-step
 * solver never integrates across a corner; the limits moving count as
 * much as u moving. Mode 0 (not chosen yet) computes directly. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  REGION_DIRECT = 0,
  REGION_INSIDE = 1,
  REGION_ABOVE = 2,
  REGION_BELOW = 3,
};

static const OrrParamSpec controlled_saturation_params[] = {
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate where the input reaches a limit and hold the region in between, for an "
        "accurate and fast variable-step integration; 0: plain clamping."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
controlled_saturation_configure (OrrConfig *config, GError **error)
{
  gboolean zero_crossing;

  if (!orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  for (int i = 0; i < 3; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_input_label (config, 0, "upper");
  orr_config_set_input_label (config, 1, "u");
  orr_config_set_input_label (config, 2, "lower");
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  return TRUE;
}

static void
controlled_saturation_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *hi = orr_block_real_in (block, 0), *u = orr_block_real_in (block, 1);
  const double *lo = orr_block_real_in (block, 2);
  int n = orr_block_in_numel (block, 1);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            switch (use_modes ? block->mode[i] : REGION_DIRECT)
              {
                case REGION_INSIDE:
                  y[i] = u[i];
                  break;
                case REGION_ABOVE:
                  y[i] = hi[i];
                  break;
                case REGION_BELOW:
                  y[i] = lo[i];
                  break;
                default:
                  y[i] = fmin (fmax (u[i], lo[i]), hi[i]);
                  break;
              }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < block->ng && i < n; i++)
          {
            int mode;
            double g;

            if (orr_block_modes_fixed (block) && i < block->nmode)
              mode = block->mode[i];
            else
              {
                mode = u[i] > hi[i]    ? REGION_ABOVE
                       : u[i] < lo[i]  ? REGION_BELOW
                       : !isnan (u[i]) ? REGION_INSIDE
                                       : REGION_DIRECT;
                if (i < block->nmode)
                  block->mode[i] = mode;
              }
            if (mode == REGION_ABOVE)
              g = u[i] - hi[i];
            else if (mode == REGION_BELOW)
              g = lo[i] - u[i];
            else
              g = (u[i] - lo[i]) * (hi[i] - u[i]);
            block->g[i] = orr_math_surface (block, g, 1);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_controlled_saturation_class = {
  .name = "ControlledSaturation",
  .palette = N_ ("Math"),
  .label = N_ ("Controlled saturation"),
  .description = N_ ("Limits each element of the input to a range given by two more inputs."),
  .icon_text = "sat(u)",
  .params = controlled_saturation_params,
  .n_params = G_N_ELEMENTS (controlled_saturation_params),
  .configure = controlled_saturation_configure,
  .simulate = controlled_saturation_simulate,
};
