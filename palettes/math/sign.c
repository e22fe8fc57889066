/* sign.c: Sign, y = -1, 0 or 1 by the sign of each element of u.
 *
 * The output jumps where u changes sign. With zero crossings on, each
 * element has a surface g = u and a mode: positive (y = 1) or negative
 * (y = -1), chosen when the solver is not integrating and held through an
 * interval, so that the solver sees a constant; the surface ends the
 * interval where u changes sign. An element exactly at 0 gets a third
 * mode, y = 0, whose region is that single point: its surface -|u| is
 * kept off zero (math-surfaces.h), so that leaving 0 either way is located
 * at once. Outside integration (events, fixed-step solvers) the output is
 * the exact sign. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

/* Mode 0, where modes start (and NaN), follows u directly. */
enum
{
  MODE_DIRECT = 0,
  MODE_POSITIVE = 1,
  MODE_NEGATIVE = 2,
  MODE_ZERO = 3,
};

static const OrrParamSpec sign_params[] = {
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate the sign changes of the input and hold the output between them, for an "
        "accurate and fast variable-step integration; 0: plain sign(u)."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
sign_configure (OrrConfig *config, GError **error)
{
  gboolean zero_crossing;

  if (!orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  return TRUE;
}

static double
sign_of (double u)
{
  return isnan (u) ? u : (u > 0) - (u < 0);
}

static void
sign_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);
  int n = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            {
              int mode = use_modes ? block->mode[i] : MODE_DIRECT;

              if (mode == MODE_POSITIVE)
                y[i] = 1.0;
              else if (mode == MODE_NEGATIVE)
                y[i] = -1.0;
              else if (mode == MODE_ZERO)
                y[i] = 0.0;
              else
                y[i] = sign_of (u[i]);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (!orr_block_modes_fixed (block))
          for (int i = 0; i < block->nmode && i < n; i++)
            block->mode[i] = u[i] > 0    ? MODE_POSITIVE
                             : u[i] < 0  ? MODE_NEGATIVE
                             : u[i] == 0 ? MODE_ZERO
                                         : MODE_DIRECT;
        for (int i = 0; i < block->ng && i < n; i++)
          {
            int mode = i < block->nmode ? block->mode[i] : MODE_DIRECT;

            if (mode == MODE_ZERO)
              block->g[i] = orr_math_surface (block, -fabs (u[i]), 1);
            else
              block->g[i] = orr_math_surface (block, u[i], mode == MODE_NEGATIVE ? -1 : 1);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_sign_class = {
  .name = "Sign",
  .palette = N_ ("Math"),
  .label = N_ ("Sign"),
  .description = N_ ("The sign of each element of the input: -1, 0 or 1."),
  .icon_text = "sign",
  .params = sign_params,
  .n_params = G_N_ELEMENTS (sign_params),
  .configure = sign_configure,
  .simulate = sign_simulate,
};
