/* pulse-train.c: edges and segments of a periodic two-level signal, and
 * the blocks that output one (see pulse-train.h). */
#include "pulse-train.h"
#include "orr-block-params.h"
#include "sources-params.h"

#include <math.h>
#include <string.h>

enum
{
  RPAR_PERIOD,
  RPAR_WIDTH,
  RPAR_DELAY,
  RPAR_AMPLITUDE, /* then one per element */
};

static gboolean
pulse_train_read (OrrConfig *config, const char *percent_name, OrrPulseTrain *train, GError **error)
{
  double percent;

  if (!orr_sources_get_positive (config, "period", &train->period, error)
      || !orr_param_get_finite (config, percent_name, &percent, error)
      || !orr_param_get_finite (config, "delay", &train->delay, error))
    return FALSE;
  /* 0 or 100 % would be a constant with a surface that never lets go. */
  if (!(percent > 0 && percent < 100))
    {
      orr_param_set_error (error, percent_name, "must be strictly between 0 and 100 (%%), not %g",
                           percent);
      return FALSE;
    }
  train->width = percent / 100 * train->period;
  return TRUE;
}

double
orr_pulse_train_edge (const OrrPulseTrain *train, double edge)
{
  double k = floor (edge / 2);

  return train->delay + k * train->period + (edge - 2 * k == 1 ? train->width : 0.0);
}

int
orr_pulse_train_segment (const OrrPulseTrain *train, double t)
{
  double k, j;

  if (!isfinite (t))
    return 0;
  k = floor ((t - train->delay) / train->period);
  j = 2 * k + (t - (train->delay + k * train->period) >= train->width ? 1 : 0);
  /* The division rounds: settle on the segment the edges themselves
   * (computed as the surface computes them) say holds t. */
  for (int tries = 0; tries < 4 && t < orr_pulse_train_edge (train, j); tries++)
    j -= 1;
  for (int tries = 0; tries < 4 && t >= orr_pulse_train_edge (train, j + 1); tries++)
    j += 1;
  /* An int mode: runs of a billion periods are out of reach. */
  return (int)CLAMP (j, -(double)G_MAXINT + 2, (double)G_MAXINT - 2);
}

double
orr_pulse_train_surface (const OrrPulseTrain *train, int segment, double t)
{
  return orr_pulse_train_edge (train, (double)segment + 1) - t;
}

gboolean
orr_pulse_train_configure (OrrConfig *config, const char *percent_name, GError **error)
{
  const double *amplitude;
  OrrPulseTrain train;
  int rows, cols;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_matrix (config, "amplitude", &amplitude, &rows, &cols, error)
      || !pulse_train_read (config, percent_name, &train, error))
    return FALSE;

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  rpar = g_new (double, RPAR_AMPLITUDE + rows * cols);
  rpar[RPAR_PERIOD] = train.period;
  rpar[RPAR_WIDTH] = train.width;
  rpar[RPAR_DELAY] = train.delay;
  memcpy (rpar + RPAR_AMPLITUDE, amplitude, rows * cols * sizeof (double));
  orr_config_set_rpar (config, rpar, RPAR_AMPLITUDE + rows * cols);
  return TRUE;
}

void
orr_pulse_train_simulate (OrrSimBlock *block, OrrJob job, gboolean bipolar)
{
  OrrPulseTrain train
    = { block->rpar[RPAR_PERIOD], block->rpar[RPAR_WIDTH], block->rpar[RPAR_DELAY] };
  double t = orr_block_get_time (block);
  int segment;

  /* Held while the solver integrates, so trial points past an edge still
   * see the level before it. */
  if (block->nmode > 0 && orr_block_modes_fixed (block))
    segment = block->mode[0];
  else
    segment = orr_pulse_train_segment (&train, t);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          gboolean high = orr_pulse_train_is_high (segment);
          const double *amplitude = block->rpar + RPAR_AMPLITUDE;
          double *y = orr_block_real_out (block, 0);

          for (int i = 0; i < n; i++)
            y[i] = high ? amplitude[i] : bipolar ? -amplitude[i] : 0.0;
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = segment;
        if (block->ng > 0)
          block->g[0] = orr_pulse_train_surface (&train, segment, t);
        break;

      default:
        break;
    }
}
