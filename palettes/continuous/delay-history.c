/* delay-history.c: a signal's past, kept at accepted points (see
 * delay-history.h).
 *
 * Cubic Hermite interpolation needs slopes at the points; they are not
 * stored, so each comes from the parabola through the point and its two
 * neighbours (exact for quadratics, second order on uneven steps), or the
 * secant at either end of the history. */
#include "delay-history.h"

#include <string.h>

OrrDelayHistory *
orr_delay_history_new (int width, int capacity)
{
  OrrDelayHistory *h = g_new0 (OrrDelayHistory, 1);

  h->width = width;
  h->capacity = MAX (capacity, 2);
  h->t = g_new0 (double, h->capacity);
  h->u = g_new0 (double, (gsize)h->capacity *width);
  return h;
}

void
orr_delay_history_free (OrrDelayHistory *h)
{
  if (h == NULL)
    return;
  g_free (h->t);
  g_free (h->u);
  g_free (h);
}

/* The slot of the i-th point kept, 0 being the oldest. */
static inline int
slot (const OrrDelayHistory *h, int i)
{
  return (h->oldest + i) % h->capacity;
}

static inline double
time_at (const OrrDelayHistory *h, int i)
{
  return h->t[slot (h, i)];
}

static inline const double *
values_at (const OrrDelayHistory *h, int i)
{
  return h->u + (gsize)slot (h, i) * h->width;
}

void
orr_delay_history_add (OrrDelayHistory *h, double t, const double *u)
{
  int s;

  if (h->count > 0 && t <= time_at (h, h->count - 1))
    s = slot (h, h->count - 1);
  else if (h->count < h->capacity)
    s = slot (h, h->count++);
  else
    {
      s = h->oldest;
      h->oldest = (h->oldest + 1) % h->capacity;
      h->overflowed = TRUE;
    }
  h->t[s] = t;
  memcpy (h->u + (gsize)s * h->width, u, h->width * sizeof (double));
}

/* The slope of element e at point i, from its neighbours. */
static double
slope (const OrrDelayHistory *h, int i, int e)
{
  int lo = MAX (i - 1, 0), hi = MIN (i + 1, h->count - 1);
  double t0, t1, t2, d0, d1;

  if (hi == lo)
    return 0.0;
  if (lo == i || hi == i)
    return (values_at (h, hi)[e] - values_at (h, lo)[e]) / (time_at (h, hi) - time_at (h, lo));
  t0 = time_at (h, lo);
  t1 = time_at (h, i);
  t2 = time_at (h, hi);
  d0 = (values_at (h, i)[e] - values_at (h, lo)[e]) / (t1 - t0);
  d1 = (values_at (h, hi)[e] - values_at (h, i)[e]) / (t2 - t1);
  /* the derivative at t1 of the parabola through the three points */
  return (d0 * (t2 - t1) + d1 * (t1 - t0)) / (t2 - t0);
}

gboolean
orr_delay_history_eval (const OrrDelayHistory *h, double t, OrrDelayInterpolation method,
                        double *out)
{
  int lo, hi;
  double t0, t1, s, dt;
  const double *u0, *u1;

  if (h->count == 0)
    {
      memset (out, 0, h->width * sizeof (double));
      return TRUE;
    }
  if (t >= time_at (h, h->count - 1))
    {
      memcpy (out, values_at (h, h->count - 1), h->width * sizeof (double));
      return TRUE;
    }
  if (t < time_at (h, 0))
    {
      memcpy (out, values_at (h, 0), h->width * sizeof (double));
      return !h->overflowed;
    }

  /* the interval [lo, hi] holding t, by bisection */
  lo = 0;
  hi = h->count - 1;
  while (hi - lo > 1)
    {
      int mid = (lo + hi) / 2;

      if (time_at (h, mid) <= t)
        lo = mid;
      else
        hi = mid;
    }
  t0 = time_at (h, lo);
  t1 = time_at (h, hi);
  u0 = values_at (h, lo);
  u1 = values_at (h, hi);
  dt = t1 - t0;
  s = (t - t0) / dt;

  for (int e = 0; e < h->width; e++)
    {
      if (method == ORR_DELAY_HERMITE)
        {
          double s2 = s * s, s3 = s2 * s;

          out[e] = (2 * s3 - 3 * s2 + 1) * u0[e] + (s3 - 2 * s2 + s) * dt * slope (h, lo, e)
                   + (-2 * s3 + 3 * s2) * u1[e] + (s3 - s2) * dt * slope (h, hi, e);
        }
      else
        out[e] = u0[e] + s * (u1[e] - u0[e]);
    }
  return TRUE;
}
