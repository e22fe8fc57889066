/* orr-sim-private.h: the simulation's run-time state, shared by the files
 * of engine/sim (private to the engine).
 *
 * DESIGN: the run's state and the functions its parts offer each other.
 * Each file owns a part of it (its DESIGN comment says which; the
 * sub-states below name their owners):
 *
 *   orr-sim-core.c       the small core: time, the first error, Zeno bursts
 *   orr-sim-control.c    run control: stop, pause, progress (other threads;
 *                        the thread rules are written there)
 *   orr-simulation.c     life cycle, run-time memory, the run loop
 *   orr-activation.c     activation lists, conditional branches, clocks,
 *                        programming events
 *   orr-continuous.c     choosing the solver, its callbacks, modes,
 *                        accepted points, zero crossings
 *   orr-jacobian.c       the Jacobian: pattern, storage, values
 *   orr-event-crossings.c  surfaces whose sign flips across an event, and
 *                        firing the blocks whose surfaces crossed
 *   orr-zeno.c           noticing events that accumulate (Zeno behaviour)
 *   orr-stream.c         queues of samples between the run and its readers
 *   orr-block-runtime.c  the calls a block makes (orr_block_error ...)
 *   orr-pacing.c         step and event boundaries: real-time pacing
 *   orr-retune.c         new parameter values while the run goes on
 *   orr-finite.c         NaN and infinities on block outputs
 */
#pragma once

#include <math.h>
#include <stdatomic.h>

#include <orrery/orr-simulation.h>

#include "orr-agenda.h"
#include "../solvers/orr-solver.h"

G_BEGIN_DECLS

/* Consecutive firings of one source (or crossings of one block's
 * surfaces) at practically the same time. */
typedef struct
{
  double start; /* time of the first firing in the burst */
  guint count;
} OrrBurst;

/* The crossings of one surface in one direction, to see them accumulate
 * geometrically (a bouncing ball coming to rest). */
typedef struct
{
  guint n;      /* crossings seen */
  guint streak; /* consecutive intervals, each shorter than the one before */
  double t_last;
  double d_last;    /* the last interval */
  double ratio;     /* smoothed ratio of successive intervals */
  double d_first;   /* the first interval of the streak */
  double predicted; /* where they accumulate */
  double deadline;  /* when to check that they did; +infinity: not armed */
} OrrCrossingWatch;

/* A block call of a hot list: the function, the block and the job,
 * resolved once. */
typedef struct
{
  OrrSimFunc fn;
  OrrSimBlock *block;
  int nevprt;
  OrrJob job;
} OrrCall;

typedef struct
{
  int n;
  OrrCall *calls;
} OrrCallList;

typedef struct _OrrSimJacobian OrrSimJacobian;

/* Per block: what it has recorded. */
typedef struct
{
  OrrStream *stream; /* created on the first record, published atomically */
  int n_channels;
  gboolean has_last;
  double last_t;
  double *last; /* the previous sample, to drop exact repeats */
} OrrRecorder;

/* Run control (orr-sim-control.c, and orr-pacing.c for the pacing): the
 * part of a run other threads touch; the thread rules are written at the
 * top of orr-sim-control.c. */
typedef struct
{
  gint stop_requested;  /* atomic */
  gint pause_requested; /* atomic */
  GMutex pause_mutex;
  GCond pause_cond;
  atomic_uint_fast64_t progress; /* bits of the time reached (orr_sim_set_time) */

  /* real-time pacing (orr-pacing.c). The factor is written by any thread
   * (as bits, atomically, so the run reads it without a lock); the
   * re-anchoring request is under pause_mutex. The anchor pairs a
   * simulated time with the wall-clock time it is due at. */
  atomic_uint_fast64_t rt_factor_bits;
  gboolean rt_reanchor;
  gint64 rt_anchor_wall; /* g_get_monotonic_time() */
  double rt_anchor_sim;
} OrrSimControl;

/* Retuning (orr-retune.c): new parameters handed over by another thread
 * under retune_mutex, applied on the run's thread. */
typedef struct
{
  GMutex retune_mutex;
  struct _OrrRetune *retune_pending; /* under retune_mutex */
  gint retune_flag;                  /* atomic: something is pending */
  double retune_time;                /* under retune_mutex; NAN: none applied */
  double **tuned_rpar;               /* per block, owned; NULL: still the program's */
  int **tuned_ipar;
  OrrValue ***tuned_opar;
} OrrSimRetune;

/* What blocks ask of the run through orr-block.h (orr-block-runtime.c):
 * stopping, a new run, a repeated event, messages, work memory, step
 * hooks. The run reads them. */
typedef struct
{
  gboolean block_stop;        /* an End block asked to stop */
  gboolean restart_requested; /* an End block asked for a new run */
  int repeat_block;           /* the block asking for its event again, -1: none */
  const char *restart_block;  /* its path (the program's) */

  /* messages from blocks (orr_block_warning) */
  OrrMessageFunc message_func;
  gpointer message_data;

  gpointer *owned_work; /* per block: memory from orr_block_alloc_work() */

  /* per block, what to call after each accepted step (orr_block_set_step_hook);
   * NULL until a block sets one */
  OrrStepHook *step_hooks;
  int n_step_hooks;

  /* per block, what to call before the events of a new time
   * (orr_block_set_left_limit_hook); NULL until a block sets one */
  OrrLeftLimitHook *left_limit_hooks;
  int n_left_limit_hooks;
  double left_limit_time; /* when they were last called; NaN: never */
} OrrSimRequests;

/* Outputs and streams (orr-block-runtime.c; the queues in orr-stream.c):
 * what blocks record, handed to the record function or queued for
 * readers on other threads. */
typedef struct
{
  OrrRecordFunc record_func;
  gpointer record_data;
  guint64 record_seq;
  OrrRecorder *recorders;
  gint *stream_wanted; /* atomic, per block: a reader asked for its stream */
  gint n_streams;      /* atomic: the streams made so far */
} OrrSimOutputs;

/* Events and the agenda (orr-activation.c): what is pending, the clock
 * tick, the scratch of merged clock groups, and which blocks an event
 * must not call without telling the continuous part. */
typedef struct
{
  OrrAgenda *agenda; /* slots: sources, then the base clock */
  int clock_slot;
  gboolean has_clocks, has_periodic_clocks;
  gint64 next_tick;
  int n_clocks;
  int *clocks; /* clock sources ordered by group */
  int *merge_mark;
  int merge_stamp;
  int *merge_nevprt;
  OrrActivation *merge_items;
  OrrBurst *source_bursts;     /* n_sources + 1 */
  gboolean *affects_solver;    /* per block: calling it can change what the solver integrates */
  gboolean *feeds_continuous;  /* per block: calling it can change a continuous block's input */
  struct _OrrEventPlan *plans; /* per source, built at its first event (orr-activation.c) */
} OrrSimEvents;

/* Zero crossings and modes (orr-event-crossings.c, orr-zeno.c): the
 * surfaces, the roots the solver located and the modes blocks hold (the
 * blocks point into these; the solver and the blocks write their
 * elements), crossings across events, and the Zeno watch. */
typedef struct
{
  double *g;  /* surfaces */
  int *jroot; /* per surface: the direction of a located crossing, 0: none */
  int *modes;

  /* surfaces across events (orr-event-crossings.c) */
  int n_plain_surfaces; /* blocks with surfaces and neither modes nor states */
  int *plain_surfaces;  /* those blocks */
  double *g_before;     /* their surfaces just before the current event iteration */
  gboolean *g_located;  /* per surface: the solver located its crossing at this instant */
  gboolean g_before_valid;
  double g_before_time;
  gboolean *crossing_fire; /* per block: scratch, the blocks a crossing calls */

  /* Zeno behaviour (orr-zeno.c) */
  OrrBurst *block_bursts;      /* per block, its zero crossings */
  OrrCrossingWatch *watches;   /* per surface and direction */
  int zeno_watch;              /* the watch whose deadline is the nearest, -1: none */
  struct _OrrChatter *chatter; /* unlocated chattering, NULL without states */
} OrrSimCrossings;

/* Continuous integration and restarts (orr-continuous.c, with
 * orr-jacobian.c and the inline functions below that belong to it): the
 * states the solver sees (the blocks point into x, xd and res; the solver
 * and the blocks write their elements), the solver, its hot call lists,
 * and whether it must restart. Other files ask for a restart through
 * orr_sim_request_restart() and orr_sim_mark_outputs_stale(). */
typedef struct
{
  double *x, *xd, *res;
  int n_solver;     /* solver states: nx, or 1 (a dummy) when nx is 0 */
  int *state_owner; /* block owning each state */
  gboolean *implicit_state;
  int *root_direction; /* per surface, the crossings the solver reports; NULL: all */

  /* the solver */
  OrrSolverMethod method;
  const char *solver_name; /* as chosen ("auto" resolved) */
  gboolean fixed_step;     /* the step is the model's base clock (SEMANTICS 6) */
  double step;             /* fixed-step methods: the step */
  gboolean use_modes;      /* modes frozen over integration intervals (variable step) */
  OrrSimLinear linear_request;
  OrrSimJacobian *jacobian;
  char *solver_description;

  /* continuous time */
  gboolean continuous; /* integrate at all */
  gboolean dae;
  OrrSolver *solver;
  OrrCallList rhs_calls;        /* the outputs the derivatives need, and the derivative
                                 * (residual) jobs, each as soon as its inputs are ready */
  OrrCallList root_calls;       /* the same for the zero-crossing jobs */
  OrrCallList surface_calls;    /* zero-crossing jobs alone */
  OrrCallList accepted_outputs; /* outputs at accepted points: observers and what they read */
  gboolean *observer;           /* per block: acts at accepted points */
  struct _OrrSimRefine *refine; /* output points inside steps (settings refine), or NULL */
  /* Blocks called at trial points keep the nevprt of the continuous list
   * while the solver runs, so that the hot lists need not write it (one
   * cache line less per call on large models). Events change it: such
   * blocks are noted and put back before the next integration. */
  int *continuous_nevprt; /* per block; G_MININT: not in the continuous list */
  int *nevprt_touched;    /* blocks to put back */
  gboolean *nevprt_marked;
  int n_nevprt_touched;
  gboolean hot_nevprt_writes; /* a hot list has another nevprt: write it after all */
  gboolean solver_started;
  gboolean need_restart;  /* a state jumped or an input of the continuous part changed */
  gboolean outputs_stale; /* continuous outputs must be refreshed before the next event */
  /* Per agenda slot, built at its first event: the continuous outputs
   * that event's blocks may read before computing them themselves. */
  OrrCallList *event_reads;
  gboolean *event_reads_ready;
  gboolean *event_reads_all; /* the slot's list is the whole continuous list */
  double last_root_time;
  double last_root_interval;
  /* Surfaces of blocks with modes that were exactly zero when the solver
   * restarted: the solver reports no crossing for a surface leaving
   * zero, so they are watched at accepted steps until they do, and the
   * solver then restarts there for the blocks to choose their modes. */
  int *mode_surfaces; /* the surfaces of the blocks with modes */
  int n_mode_surfaces;
  int *zero_surfaces; /* those of them at zero, still watched */
  int n_zero_surfaces;
} OrrSimContinuous;

/* The run's state: a small core (what every part reads, the memory the
 * blocks point into, the first error) and the sub-states, each written
 * only by its owner files (tools/check-sim-structure.py checks it). */
struct _OrrSimulation
{
  const OrrProgram *program;
  OrrSimTime time; /* what blocks see: t through orr_sim_set_time() */
  OrrSimBlock *blocks;

  /* run-time memory, carved out of a few allocations (orr-simulation.c) */
  guint8 *arena; /* link buffers */
  guint8 *zeros; /* what unconnected inputs read */
  OrrPortBuffer *ports;
  OrrPortBuffer *object_states;
  double *z, *evout, *jacobians;
  int n_initialised; /* blocks whose init job ran */

  /* ending (orr-sim-core.c) */
  GError *error;
  gboolean failed;

  OrrSimStats stats; /* each part counts what it does */
  OrrBase *base;     /* values kept between runs */
  struct _OrrSimLoops
    *loops; /* algebraic loops solved at run time (orr-loops.c), made on first use */

  OrrSimEvents events; /* events and the agenda (orr-activation.c) */
  OrrSimContinuous
    cont;             /* continuous integration and restarts (orr-continuous.c, orr-jacobian.c) */
  OrrSimCrossings zc; /* zero crossings and modes (orr-event-crossings.c, orr-zeno.c) */
  OrrSimControl ctl;  /* run control, other threads (orr-sim-control.c, orr-pacing.c) */
  OrrSimRetune tune;  /* retuning, other threads too (orr-retune.c) */
  OrrSimRequests req; /* what blocks ask of the run (orr-block-runtime.c) */
  OrrSimOutputs out;  /* recording and streams (orr-block-runtime.c) */
};

/* orr-sim-core.c */
void orr_sim_set_time (OrrSimulation *sim, double t);
/* Records the first error and ends the run after the current job. */
void orr_sim_fail (OrrSimulation *sim, OrrSimError code, const char *format, ...)
  G_GNUC_PRINTF (3, 4);
/* Hands the run's failure to the caller and clears it, for drivers that
 * evaluate the model many times (linearization's probes): FALSE when
 * there was one. */
gboolean orr_sim_take_failure (OrrSimulation *sim, GError **error);
/* TRUE when the run must end now: an error or a stop request. */
static inline gboolean
orr_sim_must_end (OrrSimulation *sim)
{
  return sim->failed || g_atomic_int_get (&sim->ctl.stop_requested);
}
/* orr-sim-control.c */
void orr_sim_control_init (OrrSimulation *sim);
void orr_sim_control_clear (OrrSimulation *sim);
/* Blocks while paused; FALSE when the run must end. */
gboolean orr_sim_check_pause (OrrSimulation *sim);
/* A tolerance for "the same time" at t: a few rounding errors. */
double orr_sim_time_tolerance (double t);

/* orr-activation.c */
/* Blocks whose jobs the simulator calls: ordinary blocks and conditionals
 * written in C. IfThenElse, SwitchCase, clocks, unions and ports are
 * handled by the simulator or the compiler. */
static inline gboolean
orr_sim_callable (OrrBlockKind kind)
{
  return kind == ORR_BLOCK_ORDINARY || kind == ORR_BLOCK_CONDITIONAL;
}

static inline void
orr_sim_call (OrrSimulation *sim, int b, OrrJob job)
{
  const OrrBlockClass *klass = sim->program->blocks[b].klass;

  if (klass != NULL && klass->simulate != NULL)
    klass->simulate (&sim->blocks[b], job);
}
gboolean orr_sim_activation_setup (OrrSimulation *sim, GError **error);
void orr_sim_activation_free (OrrSimulation *sim);
/* Runs an activation list: outputs (and conditional branches), then event
 * scheduling, then state updates. FALSE on error. */
gboolean orr_sim_run_list (OrrSimulation *sim, const OrrActivationList *list);
/* Calls the block's event job and programs what it asks for. */
gboolean orr_sim_schedule_events (OrrSimulation *sim, int b);
/* The time of the next pending event (+infinity: none). */
static inline double
orr_sim_next_event_time (OrrSimulation *sim)
{
  return orr_agenda_peek_time (sim->events.agenda);
}
/* Takes the next pending event off the agenda: its slot, its time in *te. */
int orr_sim_take_next_event (OrrSimulation *sim, double *te);
/* Fires an agenda slot (a source or the base clock) at the current time. */
gboolean orr_sim_fire (OrrSimulation *sim, int slot);
/* Exit initialisation: the first clock tick and the blocks' initial events. */
gboolean orr_sim_exit_init (OrrSimulation *sim);

/* orr-continuous.c: sim->cont */
/* At creation, before the blocks are wired to the states. */
void orr_sim_continuous_alloc (OrrSimulation *sim);
/* The solver must restart before it integrates again: a state jumped or
 * something it integrates changed. */
static inline void
orr_sim_request_restart (OrrSimulation *sim)
{
  sim->cont.need_restart = TRUE;
}
/* Continuous outputs must be computed again before the next event reads
 * them: something they read changed. */
static inline void
orr_sim_mark_outputs_stale (OrrSimulation *sim)
{
  sim->cont.outputs_stale = TRUE;
}
/* Brings stale continuous outputs up to date (at an event); FALSE on error. */
gboolean orr_sim_refresh_outputs (OrrSimulation *sim);
/* The same before an event of agenda slot `slot`, but only the outputs
 * its blocks may read (the others stay stale); FALSE on error. */
gboolean orr_sim_refresh_outputs_for (OrrSimulation *sim, int slot);
/* Resolves the settings' solver name and checks it suits the model. */
gboolean orr_sim_choose_solver (OrrSimulation *sim, GError **error);
gboolean orr_sim_continuous_setup (OrrSimulation *sim, GError **error);
void orr_sim_continuous_free (OrrSimulation *sim);
/* Fixed-step methods: the first grid point at or after t. */
double orr_sim_grid_ceil (OrrSimulation *sim, double t);

/* The solver's trial points happen "between" the simulation's own times:
 * blocks see the trial t and x, and time is put back afterwards. */
typedef struct
{
  double t;
  OrrPhase phase;
  gboolean modes_fixed;
} OrrSavedTime;

OrrSavedTime orr_sim_enter_trial (OrrSimulation *sim, double t, const double *x, const double *xd);
void orr_sim_leave_trial (OrrSimulation *sim, OrrSavedTime saved);
/* Outputs of the callable blocks of list; FALSE on error. */
gboolean orr_sim_run_outputs (OrrSimulation *sim, const OrrActivationList *list);
/* Copies n doubles: a plain loop for the few states of small models,
 * where a call to memcpy costs more than the copy. */
static inline void
orr_sim_copy_states (double *restrict dst, const double *restrict src, int n)
{
  if (n <= 4)
    switch (n)
      {
        case 4:
          dst[3] = src[3];
          /* fall through */
        case 3:
          dst[2] = src[2];
          /* fall through */
        case 2:
          dst[1] = src[1];
          /* fall through */
        case 1:
          dst[0] = src[0];
          /* fall through */
        default:
          return;
      }
  memcpy (dst, src, sizeof (double) * n);
}

/* Runs a call list, each call with its own job; FALSE on error. The
 * blocks already hold the right nevprt (see orr_sim_clean_nevprt). */
static inline gboolean
orr_sim_run_calls (OrrSimulation *sim, const OrrCallList *list)
{
  if (G_UNLIKELY (sim->cont.hot_nevprt_writes))
    for (int i = 0; i < list->n; i++)
      list->calls[i].block->nevprt = list->calls[i].nevprt;
  for (int i = 0; i < list->n; i++)
    {
      const OrrCall *call = &list->calls[i];

      call->fn (call->block, call->job);
      if (G_UNLIKELY (sim->failed))
        return FALSE;
    }
  return TRUE;
}

/* Sets a block's nevprt outside the hot lists, remembering to put the
 * continuous one back. */
static inline void
orr_sim_set_nevprt (OrrSimulation *sim, int b, int nevprt)
{
  sim->blocks[b].nevprt = nevprt;
  if (sim->cont.continuous_nevprt[b] != nevprt && !sim->cont.nevprt_marked[b]
      && sim->cont.continuous_nevprt[b] != G_MININT)
    {
      sim->cont.nevprt_marked[b] = TRUE;
      sim->cont.nevprt_touched[sim->cont.n_nevprt_touched++] = b;
    }
}

/* Puts the continuous nevprt back where events changed it. */
static inline void
orr_sim_clean_nevprt (OrrSimulation *sim)
{
  for (int i = 0; i < sim->cont.n_nevprt_touched; i++)
    {
      int b = sim->cont.nevprt_touched[i];

      sim->blocks[b].nevprt = sim->cont.continuous_nevprt[b];
      sim->cont.nevprt_marked[b] = FALSE;
    }
  sim->cont.n_nevprt_touched = 0;
}
/* A stop must not wait for a long step to finish: a callback refuses to
 * go on, the solver gives up the step, and the run loop sees the flag. */
static inline gboolean
orr_sim_callback_must_abort (OrrSimulation *sim)
{
  return sim->failed || g_atomic_int_get (&sim->ctl.stop_requested);
}

/* orr-jacobian.c */
OrrSimJacobian *orr_sim_jacobian_new (OrrSimulation *sim, OrrSolverMethod method,
                                      OrrSimLinear request);
void orr_sim_jacobian_free (OrrSimJacobian *jacobian);
/* Fills the options' linear solver, pattern and Jacobian callback. */
void orr_sim_jacobian_configure (OrrSimJacobian *jacobian, OrrSolverOptions *options);
const char *orr_sim_jacobian_describe (OrrSimJacobian *jacobian);
/* At a restart: may_reuse lets the solver's first Jacobian request take
 * the last values computed (if recent), for restarts that events caused:
 * a stale Jacobian only slows Newton down, and the solver asks again when
 * Newton fails. */
void orr_sim_jacobian_restart (OrrSimJacobian *jacobian, gboolean may_reuse);
/* Parameters changed: no reuse of values computed before. */
void orr_sim_jacobian_forget (OrrSimJacobian *jacobian);
/* Outputs of the continuous list at the current x. */
gboolean orr_sim_eval_continuous (OrrSimulation *sim, OrrPhase phase, gboolean modes_fixed);
/* Surfaces at the current x into sim->zc.g, without side effects. */
gboolean orr_sim_eval_surfaces (OrrSimulation *sim);

typedef enum
{
  ORR_ADVANCE_REACHED, /* at the target */
  ORR_ADVANCE_ROOT,    /* zero crossings handled at the current time */
  ORR_ADVANCE_ENDED,   /* error or stop */
} OrrAdvance;

/* Integrates from the current time toward target, restarting the solver
 * first when needed; handles a located zero crossing. */
OrrAdvance orr_sim_advance (OrrSimulation *sim, double target);

/* orr-event-crossings.c */
void orr_sim_event_crossings_setup (OrrSimulation *sim);
void orr_sim_event_crossings_free (OrrSimulation *sim);
/* Calls the blocks marked in fire (per block) for their crossings at the
 * current time, with nevprt = -1 and their jroot: every events job first,
 * so that all of them see the states before the jumps, then the state
 * updates. Each call counts towards the block's Zeno burst. */
gboolean orr_sim_fire_crossings (OrrSimulation *sim, const gboolean *fire);
/* Before an event at the current time: remembers the surfaces of blocks
 * without modes or states, unless already known for this instant. */
gboolean orr_sim_event_crossings_before (OrrSimulation *sim);
/* At a located root, before any block is called: the surfaces at the left
 * limit (modes as the solver held them); those the solver reported
 * crossed are left out of the next comparison. */
gboolean orr_sim_event_crossings_at_root (OrrSimulation *sim);
/* After an event: surfaces whose sign differs from before it crossed at
 * this instant; their blocks get their crossing, as one more event
 * iteration at the same time, until no sign changes any more. */
gboolean orr_sim_event_crossings_after (OrrSimulation *sim);

/* orr-zeno.c */
void orr_sim_zeno_setup (OrrSimulation *sim);
void orr_sim_zeno_free (OrrSimulation *sim);
/* orr-sim-core.c: counts a firing in burst; FALSE (and an ORR_SIM_ERROR_ZENO) when too
 * many happen at practically the same time. The message names what fired
 * as what_prefix followed by what (no formatting on the way). */
gboolean orr_sim_zeno_check (OrrSimulation *sim, OrrBurst *burst, const char *what_prefix,
                             const char *what);
/* Learns from the crossings in sim->zc.jroot at the current time. */
void orr_sim_zeno_note_crossings (OrrSimulation *sim);
/* At every accepted solver step: FALSE (the run failed, naming the state's
 * block) when a state chatters, its increments changing sign at a good
 * share of a long run of tiny steps: a switch no zero crossing locates. */
gboolean orr_sim_zeno_note_step (OrrSimulation *sim);
/* orr_sim_zeno_check for the zero crossings of block b, whose failure
 * names the block's surfaces that crossed, by number and direction. */
gboolean orr_sim_zeno_check_block (OrrSimulation *sim, int b);
/* The time by which a predicted accumulation of crossings must have been
 * checked; +infinity when none is predicted. */
double orr_sim_zeno_deadline (OrrSimulation *sim);
/* At the deadline: FALSE (and an ORR_SIM_ERROR_ZENO) when the state went
 * through the surface whose crossings accumulated. */
gboolean orr_sim_zeno_check_deadline (OrrSimulation *sim);

/* orr-stream.c */
OrrStream *orr_stream_new (int n_channels, gboolean reader_attached);
void orr_stream_free (OrrStream *stream);
/* FALSE when the stream holds as much unread as it may. */
gboolean orr_stream_try_push (OrrStream *stream, double t, const double *values, int n);
/* On a full stream: sleeps until the reader frees room, or timeout_us. */
void orr_stream_wait_room (OrrStream *stream, gint64 timeout_us);
void orr_stream_attach_reader (OrrStream *stream);
gboolean orr_stream_has_reader (OrrStream *stream);

/* orr-pacing.c */
/* At the start of a run: pacing counts from the first boundary. */
void orr_sim_pacing_start (OrrSimulation *sim);
/* TRUE when the run is paced (a real-time factor is set). */
static inline gboolean
orr_sim_paced (OrrSimulation *sim)
{
  return atomic_load_explicit (&sim->ctl.rt_factor_bits, memory_order_relaxed) != 0;
}
gboolean orr_sim_boundary_slow (OrrSimulation *sim);
/* At every accepted step and event boundary, on the simulation's thread:
 * applies a pending retune, waits for the wall clock when paced, blocks
 * while paused. FALSE when the run must end. Inline: it runs millions of
 * times and usually has nothing to do. */
static inline gboolean
orr_sim_boundary (OrrSimulation *sim)
{
  if (G_UNLIKELY (g_atomic_int_get (&sim->tune.retune_flag)
                  || g_atomic_int_get (&sim->ctl.pause_requested)
                  || atomic_load_explicit (&sim->ctl.rt_factor_bits, memory_order_relaxed) != 0))
    return orr_sim_boundary_slow (sim);
  return !orr_sim_must_end (sim);
}
/* The longest stretch of simulated time to integrate in one go when
 * paced; +infinity when not. */
double orr_sim_pacing_slice (OrrSimulation *sim);
/* Waits until simulated time t is due on the wall clock, when paced
 * (also across a pause); FALSE when the run must end. */
gboolean orr_sim_pace_to (OrrSimulation *sim, double t);

/* orr-retune.c */
void orr_sim_retune_setup (OrrSimulation *sim);
void orr_sim_retune_free (OrrSimulation *sim);
/* Applies the pending parameters, if any, at the current time. */
void orr_sim_retune_apply (OrrSimulation *sim);

/* orr-finite.c: each FALSE (and an ORR_SIM_ERROR_NUMERIC naming the
 * block, output and time) when an output holds a NaN or an infinity. */
gboolean orr_sim_check_outputs_finite (OrrSimulation *sim, const OrrSimBlock *block);
/* One block, after its outputs job at an event: inline for the common
 * case of one scalar output. */
static inline gboolean
orr_sim_check_block_finite (OrrSimulation *sim, int b)
{
  const OrrSimBlock *block = &sim->blocks[b];

  if (block->n_out == 1 && block->out[0].type == ORR_TYPE_DOUBLE && block->out[0].rows == 1
      && block->out[0].cols == 1)
    return G_LIKELY (isfinite (*(const double *)block->out[0].data))
           || orr_sim_check_outputs_finite (sim, block);
  return orr_sim_check_outputs_finite (sim, block);
}
gboolean orr_sim_check_calls_finite (OrrSimulation *sim, const OrrCallList *list);
gboolean orr_sim_check_list_finite (OrrSimulation *sim, const OrrActivationList *list);

/* orr-block-runtime.c: sim->req and sim->out */
void orr_sim_block_runtime_setup (OrrSimulation *sim);
void orr_sim_block_runtime_free (OrrSimulation *sim);
/* The block that asked for the current event again (-1: none), and
 * forgets the request. */
int orr_sim_take_repeat (OrrSimulation *sim);
/* Calls the blocks' step hooks after an accepted step; a hook that
 * changed something asks for a restart. FALSE if a block failed. */
gboolean orr_sim_run_step_hooks (OrrSimulation *sim);
/* Calls the blocks' left-limit hooks once per event time, before the
 * first event there acts (the inputs hold their values just before it);
 * nothing when they were called at this time already. FALSE if a block
 * failed. */
gboolean orr_sim_run_left_limit_hooks (OrrSimulation *sim);
void orr_sim_free_work (OrrSimulation *sim);

G_END_DECLS
