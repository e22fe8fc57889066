/* test-blocks.h: block classes for the simulator tests, and the observer
 * that logs what the simulator asked of them. */
#pragma once

#include <orrery/orr-simulation.h>

#include "test-program.h"

G_BEGIN_DECLS

typedef struct
{
  int block;
  OrrJob job;
  OrrPhase phase;
  int nevprt;
  double t;
  double value[2]; /* what the block saw (z, inputs, states) */
  int info;        /* block-specific: which surfaces crossed ... */
} TestCall;

/* Everything the blocks of one simulation were asked, except trial-phase
 * calls, which are only counted. */
typedef struct
{
  OrrSimulation *sim;
  GArray *calls; /* TestCall */
  guint64 trial_calls;
  gboolean quiet; /* count init and terminate only: for long runs */
  int initialised[TP_MAX];
  int terminated[TP_MAX];
} TestObserver;

TestObserver *test_observer_new (OrrSimulation *sim);
void test_observer_free (TestObserver *observer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestObserver, test_observer_free)

/* The calls of block b with job, in order. */
GArray *test_observer_calls (TestObserver *observer, int b, OrrJob job);

/* x' = -x; output x. */
extern const OrrBlockClass test_decay_class;
/* x1' = -x1 + x1 x2, x2' = 2 x1 - 3 x2: explicit, implicit (residual) and
 * explicit with an analytic Jacobian; outputs x1, x2. */
extern const OrrBlockClass test_oracle_class;
extern const OrrBlockClass test_oracle_implicit_class;
extern const OrrBlockClass test_oracle_jacobian_class;
/* h' = v, v' = -9.81; surface h (and v for the apex when ng = 2); on an
 * impact h = 0, v = -0.9 v. info: 1 impact, 2 apex. */
extern const OrrBlockClass test_ball_class;
/* rpar[0]: absolute time of its one event, programmed at exit init;
 * rpar[1], if any: delay programmed when activated. */
extern const OrrBlockClass test_generator_class;
/* Programs its output rpar[0] after each activation. */
extern const OrrBlockClass test_delay_class;
/* Logs its inputs at outputs; with an activation output, programs
 * rpar[0] (if any) at each activation. */
extern const OrrBlockClass test_logger_class;
/* z += 1 at each state update; outputs z; logs z at outputs, events and
 * updates. */
extern const OrrBlockClass test_counter_class;
/* Output +1 when its counter z is even, -1 when odd; z += 1 per update. */
extern const OrrBlockClass test_flip_class;
/* Fails in its output job once t >= rpar[0]. */
extern const OrrBlockClass test_error_class;
/* Records { input, phase } at every output call, trial or not. */
extern const OrrBlockClass test_sink_class;
/* A chain of nx lags driven by 1: x1' = 1 - x1, xi' = x(i-1) - xi;
 * output the last. */
extern const OrrBlockClass test_chain_class;
/* No state, surface sin(t); programs a zero-delay event at each crossing. */
extern const OrrBlockClass test_sine_crossing_class;
/* An index-1 DAE: 0 = x1' + x1 - x2, 0 = x2 - cos(t); outputs x1, x2. */
extern const OrrBlockClass test_dae_class;
/* x' = x^2: blows up at t = 1 / x0. */
extern const OrrBlockClass test_blowup_class;
/* x' = 0; a state update writes rpar[0] into x. */
extern const OrrBlockClass test_jump_class;
/* Asks the simulation to stop once t >= rpar[0]. */
extern const OrrBlockClass test_end_class;
/* A conditional: the simulator handles it, it has no function. */
extern const OrrBlockClass test_conditional_class;

G_END_DECLS
