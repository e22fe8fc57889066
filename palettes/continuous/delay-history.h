/* delay-history.h: the past of a signal for TransportDelay and
 * VariableDelay: a ring buffer of (t, u) at accepted points, read back at
 * any earlier time by linear or cubic Hermite interpolation. Private to
 * the palettes. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_DELAY_LINEAR = 1,
  ORR_DELAY_HERMITE = 2,
} OrrDelayInterpolation;

typedef struct
{
  int width;           /* values per point */
  int capacity;        /* points */
  int count;           /* points kept */
  int oldest;          /* slot of the oldest point */
  gboolean overflowed; /* points have been dropped to make room */
  double *t;           /* capacity times */
  double *u;           /* capacity * width values */
} OrrDelayHistory;

OrrDelayHistory *orr_delay_history_new (int width, int capacity);
void orr_delay_history_free (OrrDelayHistory *history);

/* Appends a point; times must not decrease. A point at the time of the
 * newest replaces it (the value after an event wins). When full, the
 * oldest point makes room. */
void orr_delay_history_add (OrrDelayHistory *history, double t, const double *u);

/* The signal at time t into out (width values). Past the newest point the
 * newest value holds. FALSE when t lies before the oldest point kept while
 * older points were dropped: the buffer is too short for the delay. With
 * no point at all, out is zeros. */
gboolean orr_delay_history_eval (const OrrDelayHistory *history, double t,
                                 OrrDelayInterpolation method, double *out);

G_END_DECLS
