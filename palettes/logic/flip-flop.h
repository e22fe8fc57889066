/* flip-flop.h: what the flip-flops and the latch share. Each is a block
 * with scalar inputs read as truth values (non-zero is true), two
 * outputs Q and not Q (0 or 1), and an inherited activation: at each
 * activation it computes the next Q from its inputs, the Q it held and,
 * for the clocked ones, whether the clock input rose since the previous
 * activation (not positive then, positive now). So a clock is a discrete
 * signal (a SampleClock-driven source, a Counter, a pulse held by
 * SampleHold): a continuous-time clock has no edges between events.
 *
 * z = { Q, clock at the previous activation }. The outputs job shows the
 * new Q at once (the inputs feed through); the state update keeps it. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The next Q from the inputs (as truth values), the held Q and the edge. */
typedef gboolean (*OrrFlipFlopNext) (const gboolean *u, gboolean q, gboolean rose);

typedef struct
{
  int n_inputs;
  const char *const *input_labels; /* n_inputs port names */
  int clock;                       /* index of the clock input, -1: none */
  OrrFlipFlopNext next;
} OrrFlipFlop;

/* Reads the "init" parameter (0 or 1) and declares ports and states. */
gboolean orr_flip_flop_configure (OrrConfig *config, const OrrFlipFlop *flip_flop, GError **error);
void orr_flip_flop_simulate (OrrSimBlock *block, OrrJob job, const OrrFlipFlop *flip_flop);

#define ORR_FLIP_FLOP_INIT_PARAM                                                                   \
  {                                                                                                \
    "init", N_ ("Initial state"), "0", N_ ("Q before the first activation: 0 or 1."),              \
      ORR_PARAM_CHECKBOX                                                                           \
  }

G_END_DECLS
