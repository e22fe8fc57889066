/* abs.c: Abs, y = |u| element by element.
 *
 * |u| has a kink at 0 that a variable-step solver would otherwise have to
 * creep up to. With zero crossings on, each element gets a surface g = u
 * and a mode (1: y = u, 2: y = -u). The mode is chosen when the solver is
 * not integrating and then held for a whole integration interval, so every
 * trial point sees a smooth function; the surface ends the interval where
 * u changes sign and the mode is chosen afresh. An element exactly at 0
 * takes the positive mode, with its surface kept off zero as
 * math-surfaces.h explains, so that leaving zero downwards is seen. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_POSITIVE = 1, /* u >= 0 */
  MODE_NEGATIVE = 2, /* u < 0 */
};

static const OrrParamSpec abs_params[] = {
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate the sign changes of the input and hold a mode per element between them, for an "
        "accurate and fast variable-step integration; 0: plain |u|."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
abs_configure (OrrConfig *config, GError **error)
{
  gboolean zero_crossing;

  if (!orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  /* One surface and one mode per element of the input, whose size comes
   * from the link: negative counts stand for "the number of elements of
   * input 1", as in Scicos. */
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  return TRUE;
}

static void
abs_simulate (OrrSimBlock *block, OrrJob job)
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
              if (use_modes && block->mode[i] == MODE_POSITIVE)
                y[i] = u[i];
              else if (use_modes && block->mode[i] == MODE_NEGATIVE)
                y[i] = -u[i];
              else
                y[i] = fabs (u[i]);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (!orr_block_modes_fixed (block))
          for (int i = 0; i < block->nmode && i < n; i++)
            block->mode[i] = u[i] >= 0 ? MODE_POSITIVE : MODE_NEGATIVE;
        for (int i = 0; i < block->ng && i < n; i++)
          block->g[i] = orr_math_surface (
            block, u[i], i < block->nmode && block->mode[i] == MODE_NEGATIVE ? -1 : 1);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_abs_class = {
  .name = "Abs",
  .palette = N_ ("Math"),
  .label = N_ ("Abs"),
  .description = N_ ("The absolute value of each element of the input."),
  .icon_text = "|u|",
  .params = abs_params,
  .n_params = G_N_ELEMENTS (abs_params),
  .configure = abs_configure,
  .simulate = abs_simulate,
};
