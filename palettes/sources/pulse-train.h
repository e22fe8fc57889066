/* pulse-train.h: the pulse train SquareWave and PulseGenerator output,
 * two levels switching at the same instants. Private to palettes/sources.
 *
 * The signal is high from delay + k P for width seconds, then low until the
 * next period. Its edges are numbered: edge 2k rises at delay + k P, edge
 * 2k + 1 falls at delay + k P + width. Segment j is [edge j, edge j + 1):
 * high when j is even. The blocks hold the segment as their mode, and the
 * surface edge(j + 1) - t stops the solver exactly at the next edge. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

typedef struct
{
  double period;
  double width; /* seconds high per period, 0 < width < period */
  double delay;
} OrrPulseTrain;

/* Reads the parameters "amplitude" (a scalar, or a matrix giving the
 * output's size), "period" (seconds, > 0), percent_name (the part of the
 * period spent high, in percent, strictly between 0 and 100) and "delay"
 * (the first rising edge, seconds), and declares the block: always
 * active, one output, one surface and one mode (the segment). */
gboolean orr_pulse_train_configure (OrrConfig *config, const char *percent_name, GError **error);

/* The outputs and zero-crossings jobs: amplitude while high; while low,
 * -amplitude if bipolar (SquareWave), else 0 (PulseGenerator). */
void orr_pulse_train_simulate (OrrSimBlock *block, OrrJob job, gboolean bipolar);

double orr_pulse_train_edge (const OrrPulseTrain *train, double edge);
/* The segment holding t: edge(j) <= t < edge(j + 1). */
int orr_pulse_train_segment (const OrrPulseTrain *train, double t);
/* Positive inside segment j, zero at its end, negative after. */
double orr_pulse_train_surface (const OrrPulseTrain *train, int segment, double t);

static inline gboolean
orr_pulse_train_is_high (int segment)
{
  return segment % 2 == 0;
}

G_END_DECLS
