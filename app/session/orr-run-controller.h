/* orr-run-controller.h: Run, Pause/Continue and Stop for one window.
 *
 * Starting snapshots the model (saved to text and loaded back, so that
 * edits made during the run never race the worker), then evaluates,
 * compiles and simulates the snapshot on a worker thread, run after run
 * while its End blocks restart it (orr-runs.h). What the recording blocks
 * (Scope, XYScope, EventScope, Display) record flows through the
 * simulation's lock-free streams into one OrrSignalLog per block, drained
 * on the main context about 30 times a second and once more when a run
 * ends, so no sample is lost.
 *
 * Properties (notified): "state" (OrrRunState), "time" (simulated
 * seconds, about 30 times a second while running), "run-number",
 * "realtime-factor". Signals: "log-added" (OrrSignalLog *) when a
 * recording block's log first appears, "finished" (OrrRunState) once per
 * start, when the worker has ended and every sample is in the logs.
 *
 * Thread rules: create and call the controller on one thread, the one
 * whose thread-default main context it was created in; every signal and
 * property notification is emitted there. GLib only (no display needed):
 * tests and benchmarks drive it without GTK.
 */
#pragma once

#include "orr-signal-log.h"

#include <orrery/orr-evaluate.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_RUN_IDLE,      /* nothing started yet */
  ORR_RUN_COMPILING, /* the worker evaluates and compiles the snapshot */
  ORR_RUN_RUNNING,
  ORR_RUN_PAUSED,
  ORR_RUN_FINISHED, /* reached the final time, or an End block stopped it */
  ORR_RUN_STOPPED,  /* stopped by orr_run_controller_stop() */
  ORR_RUN_FAILED,   /* see orr_run_controller_get_error() and _get_problems() */
} OrrRunState;

#define ORR_TYPE_RUN_STATE (orr_run_state_get_type ())
GType orr_run_state_get_type (void);

#define ORR_TYPE_RUN_CONTROLLER (orr_run_controller_get_type ())
G_DECLARE_FINAL_TYPE (OrrRunController, orr_run_controller, ORR, RUN_CONTROLLER, GObject)

/* registry is borrowed and must outlive the controller (the application's). */
OrrRunController *orr_run_controller_new (OrrRegistry *registry);

/* Snapshots model, then compiles and runs the snapshot on a worker thread.
 * FALSE (with an error) when a run is still going or the model cannot be
 * snapshot; compile and run errors come later, as state FAILED. The logs
 * of the previous start are dropped from the list. */
gboolean orr_run_controller_start (OrrRunController *self, OrrModel *model,
                                   gboolean trust_native_code, GError **error);
/* The model's file (NULL: none), for the next starts: the files its
 * blocks write start in its folder (OrrCompileOptions.model_path). */
void orr_run_controller_set_model_path (OrrRunController *self, const char *path);
void orr_run_controller_pause (OrrRunController *self);
void orr_run_controller_resume (OrrRunController *self);
/* Returns at once; the state becomes STOPPED when the worker has ended
 * (within milliseconds, also when paused). */
void orr_run_controller_stop (OrrRunController *self);
/* Blocks until the worker has ended, draining meanwhile (a producer may
 * wait for its reader), then updates the state and emits "finished", as
 * the main context would have. For tests and closing a window. A paused
 * run never ends by itself: resume or stop it first. */
void orr_run_controller_wait (OrrRunController *self);

OrrRunState orr_run_controller_get_state (OrrRunController *self);
/* The simulated time reached by the current (or last) run. */
double orr_run_controller_get_time (OrrRunController *self);
/* 0..1: how far the current run is through [start, final]. */
double orr_run_controller_get_fraction (OrrRunController *self);
/* 1 for the first run, one more for each End-block restart; 0 before. */
guint orr_run_controller_get_run_number (OrrRunController *self);

/* How fast simulated time may go: 0 as fast as possible, else that many
 * simulated seconds per wall-clock second. Kept across starts. */
void orr_run_controller_set_realtime_factor (OrrRunController *self, double factor);
double orr_run_controller_get_realtime_factor (OrrRunController *self);

/* After FAILED: what went wrong (NULL otherwise), and the compile
 * problems (OrrProblem*, with the model block ids involved; empty for a
 * run-time error, whose message starts with the block's path). Both are
 * owned by the controller and change at the next start. */
const char *orr_run_controller_get_error (OrrRunController *self);
GPtrArray *orr_run_controller_get_problems (OrrRunController *self);
/* What blocks reported during the runs of this start without failing
 * (an FMU's log): OrrProblem*, where = the block's path, block_ids its
 * model block when known. Each also comes as the "message" signal
 * (pointer to the OrrProblem, valid during the emission) on the main
 * context, in order, while the run goes on. Owned by the controller;
 * emptied by the next start. */
GPtrArray *orr_run_controller_get_messages (OrrRunController *self);

/* The logs of this start, one per recording block, in program order (of
 * OrrSignalLog; the list is emptied by the next start). When an End block
 * restarts the model, each log is cleared and refilled: the logs hold the
 * latest run, as orrery-sim's CSV does. Hint ranges come from the blocks'
 * parameters: Scope x = [start, start + refresh], y = [ymin, ymax];
 * XYScope its four limits; EventScope x as a Scope, y = [0.5, n + 0.5]. */
GListModel *orr_run_controller_get_logs (OrrRunController *self);
/* The model block id the log records (OrrProgramBlock.model_block_id). */
const char *orr_run_controller_get_log_block_id (OrrRunController *self, OrrSignalLog *log);
OrrSignalLog *orr_run_controller_find_log (OrrRunController *self, const char *block_id);

/* The copy of the model the run was started from (NULL before any run):
 * what the app compares edits with. Read only, main thread. */
OrrModel *orr_run_controller_get_snapshot (OrrRunController *self);

/* New values of tunable parameters while a run goes on: compiles model
 * (the edited one) and hands the running simulation its parameters, which
 * take effect at the next step or event boundary. FALSE, with error, when
 * nothing runs, the model does not compile, or the edit changed more
 * than parameter values (the engine names the block). */
gboolean orr_run_controller_retune (OrrRunController *self, OrrModel *model, GError **error);

G_END_DECLS
