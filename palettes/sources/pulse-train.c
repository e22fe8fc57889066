/* pulse-train.c: edges and segments of a periodic two-level signal (see
 * pulse-train.h). */
#include "pulse-train.h"
#include "orr-block-params.h"
#include "sources-params.h"

#include <math.h>

gboolean
orr_pulse_train_read (OrrConfig *config, const char *percent_name, OrrPulseTrain *train,
                      GError **error)
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
