/* trapezoid.c: Trapezoid, a periodic trapezoidal wave: the offset up to
 * the start time, then in every period a rise by the amplitude over the
 * rising time, a plateau for the width, a fall over the falling time and
 * the offset for the rest of the period.
 *
 * Time is cut into pieces at the corners: piece -1 before the start, then
 * 4k + 0 .. 3 (rise, plateau, fall, rest) in period k. The block holds its
 * piece as its mode (the piece + 2, so that 0 stays "not chosen yet")
 * with the surface "next corner - t", so that a variable-step solver
 * integrates each piece as a smooth one and stops exactly at each corner.
 * Pieces of zero length (no rise, no rest...) are never chosen. Past
 * 1e8 periods the piece number would not fit a mode, and the wave is
 * computed directly from its definition, without surfaces.
 * rpar = { amplitude, rising, width, falling, period, start, offset }. */
#include "sources-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  AMPLITUDE,
  RISING,
  WIDTH,
  FALLING,
  PERIOD,
  START,
  OFFSET,
  N_RPAR
};

static const char *const trapezoid_names[N_RPAR]
  = { "amplitude", "rising", "width", "falling", "period", "start", "offset" };

static const OrrParamSpec trapezoid_params[] = {
  { "amplitude", N_ ("Amplitude"), "1", N_ ("The height of the plateau above the offset.") },
  { "rising", N_ ("Rising time"), "1", N_ ("Seconds from the offset to the plateau, >= 0.") },
  { "width", N_ ("Width"), "1", N_ ("Seconds on the plateau, >= 0.") },
  { "falling", N_ ("Falling time"), "1",
    N_ ("Seconds from the plateau back to the offset, >= 0.") },
  { "period", N_ ("Period"), "4",
    N_ ("Seconds from one rise to the next, > 0 and at least rising + width + falling.") },
  { "start", N_ ("Start time"), "0", N_ ("When the first rise starts, in seconds.") },
  { "offset", N_ ("Offset"), "0", N_ ("The output outside the trapezoids.") },
};

static gboolean
trapezoid_configure (OrrConfig *config, GError **error)
{
  double rpar[N_RPAR];

  for (int i = 0; i < N_RPAR; i++)
    if (!orr_param_get_finite (config, trapezoid_names[i], &rpar[i], error))
      return FALSE;
  for (int i = RISING; i <= FALLING; i++)
    if (rpar[i] < 0)
      {
        orr_param_set_error (error, trapezoid_names[i], "must be >= 0, not %g", rpar[i]);
        return FALSE;
      }
  if (rpar[PERIOD] <= 0 || rpar[PERIOD] < rpar[RISING] + rpar[WIDTH] + rpar[FALLING])
    {
      orr_param_set_error (error, "period",
                           "must be > 0 and at least rising + width + falling (%g), not %g",
                           rpar[RISING] + rpar[WIDTH] + rpar[FALLING], rpar[PERIOD]);
      return FALSE;
    }
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  orr_config_set_rpar (config, rpar, N_RPAR);
  return TRUE;
}

/* Where piece j >= 0 starts. */
static double
corner (const double *p, int j)
{
  int k = j / 4, phase = j % 4;
  double within = phase == 0   ? 0
                  : phase == 1 ? p[RISING]
                  : phase == 2 ? p[RISING] + p[WIDTH]
                               : p[RISING] + p[WIDTH] + p[FALLING];

  return p[START] + k * p[PERIOD] + within;
}

/* Beyond this many periods a piece number would not fit a mode: the
 * wave is computed directly there, without surfaces (FAR). */
#define MAX_PERIODS 1e8
#define FAR (-2)

/* The piece holding t: corner(j) <= t < corner(j + 1); FAR past
 * MAX_PERIODS periods. */
static int
piece_at (const double *p, double t)
{
  double periods;
  int j;

  if (!(t >= p[START]))
    return -1;
  periods = floor ((t - p[START]) / p[PERIOD]);
  if (!(periods < MAX_PERIODS))
    return FAR;
  j = 4 * (int)periods;
  /* rounding may leave t just before corner(j) or past the period */
  while (j > 0 && t < corner (p, j))
    j--;
  while (t >= corner (p, j + 1))
    j++;
  return j;
}

/* The wave at t from its definition, for FAR pieces. */
static double
direct (const double *p, double t)
{
  double tau = fmod (t - p[START], p[PERIOD]), a = p[AMPLITUDE], o = p[OFFSET];

  if (tau < p[RISING])
    return o + a * tau / p[RISING];
  if (tau < p[RISING] + p[WIDTH])
    return o + a;
  if (tau < p[RISING] + p[WIDTH] + p[FALLING])
    return o + a - a * (tau - p[RISING] - p[WIDTH]) / p[FALLING];
  return o;
}

static double
value (const double *p, int j, double t)
{
  double a = p[AMPLITUDE], o = p[OFFSET];

  if (j == FAR)
    return direct (p, t);
  if (j < 0)
    return o;
  switch (j % 4)
    {
      case 0:
        return o + a * (t - corner (p, j)) / p[RISING];
      case 1:
        return o + a;
      case 2:
        return o + a - a * (t - corner (p, j)) / p[FALLING];
      default:
        return o;
    }
}

static void
trapezoid_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *p = block->rpar;
  double t = orr_block_get_time (block);
  int j;

  if (block->nmode > 0 && orr_block_modes_fixed (block) && block->mode[0] != 0)
    j = block->mode[0] - 2;
  else
    j = piece_at (p, t);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = value (p, j, t);
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->ng > 0)
          block->g[0] = j == FAR ? 1.0 : (j < 0 ? p[START] : corner (p, j + 1)) - t;
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = j + 2;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_trapezoid_class = {
  .name = "Trapezoid",
  .palette = N_ ("Sources"),
  .label = N_ ("Trapezoid"),
  .description = N_ ("A periodic trapezoidal wave: rise, plateau, fall and rest in each period."),
  .icon_text = "_/‾\\_",
  .params = trapezoid_params,
  .n_params = G_N_ELEMENTS (trapezoid_params),
  .configure = trapezoid_configure,
  .simulate = trapezoid_simulate,
};
