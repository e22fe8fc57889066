/* hysteresis.c: Hysteresis, a relay with memory, element by element.
 *
 * The output switches to its "on" value when the input reaches the switch-
 * on point, and back to its "off" value when the input falls to the
 * switch-off point; in between it keeps what it was. That memory is the
 * mode of each element (on or off): chosen only when the solver is not
 * integrating, from the input and the mode before, and held over an
 * integration interval. The one surface per element is the input's
 * distance to the point that would switch it, u - on while off and
 * u - off while on, so the solver stops exactly at the switching points.
 * An element starts off unless its input starts at or above the switch-on
 * point. */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  MODE_OFF = 1,
  MODE_ON = 2,
};

enum
{
  ON_POINT,
  OFF_POINT,
  ON_OUTPUT,
  OFF_OUTPUT,
  N_RPAR
};

static const OrrParamSpec hysteresis_params[] = {
  { "on", N_ ("Switch-on point"), "0.5", N_ ("The input value at which the output switches on.") },
  { "off", N_ ("Switch-off point"), "-0.5",
    N_ ("The input value at which the output switches off, at most the switch-on point.") },
  { "y_on", N_ ("Output when on"), "1", N_ ("The output while on.") },
  { "y_off", N_ ("Output when off"), "0", N_ ("The output while off.") },
};

static gboolean
hysteresis_configure (OrrConfig *config, GError **error)
{
  static const char *const names[N_RPAR] = { "on", "off", "y_on", "y_off" };
  double rpar[N_RPAR];

  for (int k = 0; k < N_RPAR; k++)
    if (!orr_param_get_finite (config, names[k], &rpar[k], error))
      return FALSE;
  if (rpar[OFF_POINT] > rpar[ON_POINT])
    {
      orr_param_set_error (error, "off", "must not be above the switch-on point (%g), not %g",
                           rpar[ON_POINT], rpar[OFF_POINT]);
      return FALSE;
    }
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_surfaces (config, -1, -1);
  orr_config_set_rpar (config, rpar, N_RPAR);
  return TRUE;
}

/* On or off now, given the mode before (0 before the first choice). */
static int
decide (double u, int before, const double *rpar)
{
  if (u >= rpar[ON_POINT])
    return MODE_ON;
  if (u <= rpar[OFF_POINT])
    return MODE_OFF;
  return before == MODE_ON ? MODE_ON : MODE_OFF;
}

static void
hysteresis_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *rpar = block->rpar;
  const double *u = orr_block_real_in (block, 0);
  int n = orr_block_in_numel (block, 0);
  gboolean fixed = orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < n; i++)
          {
            int before = i < block->nmode ? block->mode[i] : 0;
            int state = fixed ? before : decide (u[i], before, rpar);

            orr_block_real_out (block, 0)[i]
              = state == MODE_ON ? rpar[ON_OUTPUT] : rpar[OFF_OUTPUT];
          }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < n && i < block->ng && i < block->nmode; i++)
          {
            if (!fixed)
              block->mode[i] = decide (u[i], block->mode[i], rpar);
            block->g[i] = u[i] - rpar[block->mode[i] == MODE_ON ? OFF_POINT : ON_POINT];
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_hysteresis_class = {
  .name = "Hysteresis",
  .palette = N_ ("Continuous"),
  .label = N_ ("Hysteresis"),
  .description = N_ ("A relay with memory: switches on at one input level and off at a lower one."),
  .icon_text = "⊏⊐",
  .params = hysteresis_params,
  .n_params = G_N_ELEMENTS (hysteresis_params),
  .configure = hysteresis_configure,
  .simulate = hysteresis_simulate,
};
