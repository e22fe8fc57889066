/* ramp-saturate.c: RampSaturate, a ramp that stops: offset up to the
 * start time, then a straight line rising by height over duration
 * seconds, then offset + height for ever.
 *
 * The output has two corners. The block holds the piece of time it is in
 * as its mode (1 before, 2 rising, 3 after) with the surface "next corner
 * - t", so that a variable-step solver integrates each piece as a smooth
 * one and stops exactly at each corner, as Ramp does with its one corner.
 * rpar = { height, duration, offset, start }. */
#include "sources-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  PIECE_BEFORE = 1,
  PIECE_RISING = 2,
  PIECE_AFTER = 3,
};

static const OrrParamSpec ramp_saturate_params[] = {
  { "height", N_ ("Height"), "1",
    N_ ("How far the output moves during the ramp (negative for a falling ramp).") },
  { "duration", N_ ("Duration"), "1", N_ ("How long the ramp lasts, in seconds, > 0.") },
  { "offset", N_ ("Offset"), "0", N_ ("The output before the ramp starts.") },
  { "start", N_ ("Start time"), "0", N_ ("When the ramp starts, in seconds.") },
};

static gboolean
ramp_saturate_configure (OrrConfig *config, GError **error)
{
  double rpar[4];

  if (!orr_param_get_finite (config, "height", &rpar[0], error)
      || !orr_param_get_finite (config, "duration", &rpar[1], error)
      || !orr_param_get_finite (config, "offset", &rpar[2], error)
      || !orr_param_get_finite (config, "start", &rpar[3], error))
    return FALSE;
  if (rpar[1] <= 0)
    {
      orr_param_set_error (error, "duration", "must be > 0, not %g (a step is Step's job)",
                           rpar[1]);
      return FALSE;
    }
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  orr_config_set_rpar (config, rpar, 4);
  return TRUE;
}

static void
ramp_saturate_simulate (OrrSimBlock *block, OrrJob job)
{
  double height = block->rpar[0], duration = block->rpar[1];
  double offset = block->rpar[2], start = block->rpar[3];
  double t = orr_block_get_time (block);
  int piece;

  if (block->nmode > 0 && orr_block_modes_fixed (block))
    piece = block->mode[0];
  else
    piece = t < start ? PIECE_BEFORE : t < start + duration ? PIECE_RISING : PIECE_AFTER;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = piece == PIECE_BEFORE ? offset
                                           : piece == PIECE_RISING
                                             ? offset + height * (t - start) / duration
                                             : offset + height;
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->ng > 0)
          block->g[0] = piece == PIECE_BEFORE   ? start - t
                        : piece == PIECE_RISING ? start + duration - t
                                                : 1.0;
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = piece;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_ramp_saturate_class = {
  .name = "RampSaturate",
  .palette = N_ ("Sources"),
  .label = N_ ("Saturated ramp"),
  .description = N_ ("A ramp from an offset that rises by a height over a duration, then stays."),
  .icon_text = "_/‾",
  .params = ramp_saturate_params,
  .n_params = G_N_ELEMENTS (ramp_saturate_params),
  .configure = ramp_saturate_configure,
  .simulate = ramp_saturate_simulate,
};
