/* orr-simulation.h: one run of a compiled program. The simulation owns
 * all run-time state (states, buffers, agenda, solver memory, streams), so
 * several simulations can run in one process, each on its own thread.
 *
 * Thread rules: orr_simulation_run() runs on one thread; stop, pause,
 * resume, get_time, set_realtime_factor and retune may be called from any
 * other thread at any time and take effect within milliseconds.
 */
#pragma once

#include <orrery/orr-base.h>
#include <orrery/orr-program.h>

G_BEGIN_DECLS

#define ORR_SIM_ERROR (orr_sim_error_quark ())
GQuark orr_sim_error_quark (void);

typedef enum
{
  ORR_SIM_ERROR_SOLVER,  /* the solver failed: step too small, convergence, ... */
  ORR_SIM_ERROR_BLOCK,   /* a block reported an error (message starts with its path) */
  ORR_SIM_ERROR_ZENO,    /* too many events at (almost) the same time */
  ORR_SIM_ERROR_NUMERIC, /* NaN or Inf produced by a block */
  ORR_SIM_ERROR_RUNS,    /* End blocks asked for more runs than allowed (orr-runs.h) */
  ORR_SIM_ERROR_RETUNE,  /* orr_simulation_retune(): the edited program differs in structure */
} OrrSimError;

typedef struct _OrrSimulation OrrSimulation;
typedef struct _OrrStream OrrStream;

typedef struct
{
  guint64 steps;     /* accepted solver steps */
  guint64 rhs_calls; /* right-hand side evaluations */
  guint64 events;    /* activations processed (agenda events and clock ticks) */
  guint64 zero_crossings;
  guint64 restarts;         /* solver cold restarts */
  double final_time;        /* where the run ended */
  gboolean stopped;         /* ended by orr_simulation_stop() or an End block */
  gboolean restart;         /* ended by an End block asking for a new run, and nothing
                             * asked to stop (orr_block_request_restart) */
  guint64 jacobians;        /* Jacobians the simulator computed (not the solver's own) */
  guint64 jacobians_reused; /* restarts that kept the last Jacobian */
} OrrSimStats;

/* The program must outlive the simulation. */
OrrSimulation *orr_simulation_new (const OrrProgram *program);
void orr_simulation_free (OrrSimulation *sim);

/* Runs from the start to the final time, a stop request, or an error.
 * Every block's terminate job runs in all three cases. TRUE on success
 * and on a requested stop. */
gboolean orr_simulation_run (OrrSimulation *sim, GError **error);

void orr_simulation_stop (OrrSimulation *sim);
void orr_simulation_pause (OrrSimulation *sim);
void orr_simulation_resume (OrrSimulation *sim);
/* The simulated time reached so far; for progress. */
double orr_simulation_get_time (OrrSimulation *sim);
const OrrSimStats *orr_simulation_get_stats (OrrSimulation *sim);

/* After the run: TRUE when it ended because an End block asked for a new
 * run (see OrrSimStats.restart), and that block's path. */
gboolean orr_simulation_restart_requested (OrrSimulation *sim);
const char *orr_simulation_get_restart_block (OrrSimulation *sim);

/* The base ToBase blocks store into. A simulation starts with an empty
 * base of its own; a driver of several runs gives them its own (before
 * orr_simulation_run(); takes a reference) and reads it after each run. */
void orr_simulation_set_base (OrrSimulation *sim, OrrBase *base);
OrrBase *orr_simulation_get_base (OrrSimulation *sim);

/* Called on the simulation's thread for every sample a sink records
 * (orr_block_record), in the order they are recorded. seq counts samples
 * across the whole simulation. */
typedef void (*OrrRecordFunc) (int block, guint64 seq, double t, const double *values, int n,
                               gpointer user_data);
void orr_simulation_set_record_func (OrrSimulation *sim, OrrRecordFunc func, gpointer user_data);

/* Called on the simulation's thread for each message a block reports
 * without failing (orr_block_warning): path is the block's path, both
 * strings are only valid during the call. Without a function, messages
 * go to the GLib log at level "info" (shown with G_MESSAGES_DEBUG). */
typedef void (*OrrMessageFunc) (const char *path, const char *message, gpointer user_data);
void orr_simulation_set_message_func (OrrSimulation *sim, OrrMessageFunc func, gpointer user_data);

/* Recorded samples also go into one single-producer single-consumer
 * lock-free queue per recording block, for a consumer on another thread
 * (the app's scopes). Asking for a block's stream makes the caller its
 * reader: from then on the queue holds up to about 64 MB unread (a
 * reader late for a moment does not slow the run), and beyond that the
 * producer waits (checking for stop) until the reader catches up; a
 * stream nobody asked for keeps about 8 MB and drops what does not fit,
 * so a batch run without readers never blocks. NULL if the block never
 * recorded (call again later). */
OrrStream *orr_simulation_get_stream (OrrSimulation *sim, int block);
/* How many blocks have a stream so far (any thread): a reader that has
 * looked at every block need not look again while this is unchanged. */
guint orr_simulation_get_n_streams (OrrSimulation *sim);
/* Reads up to max samples; t[i] and values[i * n_channels ...]. Returns
 * the number read. */
guint orr_stream_read (OrrStream *stream, double *t, double *values, guint max);
/* Reading in place, without a copy: points *rows at up to max waiting
 * samples, contiguous rows of 1 + n_channels doubles (t, then the
 * values), and returns how many (fewer than are waiting where a block of
 * the queue ends: call again after consuming). The rows stay valid and
 * unchanged until orr_stream_consume() hands them back to the producer;
 * n must not exceed what the last peek returned. */
guint orr_stream_peek (OrrStream *stream, const double **rows, guint max);
void orr_stream_consume (OrrStream *stream, guint n);
int orr_stream_get_n_channels (OrrStream *stream);

/* Real-time pacing: factor simulated seconds per wall-clock second (1:
 * real time, 0.1: ten times slower, 10: ten times faster); 0, the
 * default, runs as fast as possible (as do negative, NaN and infinite
 * factors). Any thread, any time, also before the run; it takes effect
 * at the next accepted step or event, measured from there (no burst to
 * catch up with a faster factor). Time spent
 * paused does not count, and a run that falls behind (a model too slow
 * for its factor) goes on from where it is rather than racing to catch
 * up. While paced, the solver integrates at most factor * 20 ms of
 * simulated time at a time, so that readers of the streams get samples
 * smoothly rather than one long step at once. */
void orr_simulation_set_realtime_factor (OrrSimulation *sim, double factor);
double orr_simulation_get_realtime_factor (OrrSimulation *sim);

/* New parameter values while the simulation runs: tuned is the program
 * compiled from the edited model, and must have the same structure
 * (blocks, their paths, classes, kinds, ports and links, state sizes and
 * parameter counts, object parameter types and sizes); otherwise FALSE,
 * an ORR_SIM_ERROR_RETUNE naming the first block that differs, and
 * nothing changes. Any thread, any time: the values are copied (tuned
 * may be freed at once) and take effect at the next accepted step or
 * event boundary of the run: blocks read the new rpar, ipar and opar
 * from then on, constant blocks whose parameters (or constant inputs)
 * changed are evaluated again, and the continuous solver restarts. A
 * later retune replaces one not yet applied. Blocks that copied a
 * parameter into their work memory at initialisation keep the old value
 * (docs/block-api.md: tunable parameters are read from rpar at each
 * call). */
gboolean orr_simulation_retune (OrrSimulation *sim, const OrrProgram *tuned, GError **error);
/* The simulated time at which the last retune took effect; NAN if none
 * has. Any thread. */
double orr_simulation_get_retune_time (OrrSimulation *sim);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrSimulation, orr_simulation_free)

/* ---- solver choices ---------------------------------------------------- */

/* How the implicit solvers solve their linear systems. */
typedef enum
{
  ORR_SIM_LINEAR_AUTO,   /* decided from the Jacobian's pattern (the default) */
  ORR_SIM_LINEAR_DENSE,  /* dense LU */
  ORR_SIM_LINEAR_BAND,   /* band LU */
  ORR_SIM_LINEAR_SPARSE, /* sparse LU (KLU) */
} OrrSimLinear;

/* Before orr_simulation_run(): overrides the automatic choice, for
 * benchmarks and tests. */
void orr_simulation_set_linear_solver (OrrSimulation *sim, OrrSimLinear kind);
/* Once the run has started: which solver integrates and how, e.g.
 * "cvode-bdf (CVODE), band LU, 1000 states, ..."; NULL before, or when
 * nothing is integrated. Owned by the simulation. */
const char *orr_simulation_get_solver_description (OrrSimulation *sim);

G_END_DECLS
