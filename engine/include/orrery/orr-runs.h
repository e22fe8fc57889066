/* orr-runs.h: a model simulated run after run, for as long as its End
 * blocks ask for a restart (Activate's "restart": shooting methods,
 * fixed-point and optimisation loops written as diagrams).
 *
 * Every run evaluates the model again, compiles it and simulates it. The
 * evaluation sees, besides the caller's overrides:
 *  - __counter__, the number of the run (1, 2, ...), pinned in the root
 *    scope like a command-line --set value;
 *  - the base (orr-base.h): what ToBase blocks stored in the runs before,
 *    read with GetFromBase('name').
 * The loop ends after the first run that ends without a restart request
 * (successfully), on a stop (orr_runs_stop), on any error, and with an
 * ORR_SIM_ERROR_RUNS error naming the End block when a run past the
 * maximum would be needed. The command line (orrery-sim) and the app
 * drive simulations through this, so both behave the same.
 *
 * Thread rules: orr_runs_execute() runs on one thread, which also calls
 * the callbacks; orr_runs_stop(), orr_runs_get_count() and
 * orr_runs_get_time() may be called from any other thread at any time.
 */
#pragma once

#include <orrery/orr-base.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

G_BEGIN_DECLS

/* The context variable holding the run's number. */
#define ORR_RUNS_COUNTER "__counter__"
#define ORR_RUNS_DEFAULT_MAX 1000

typedef struct _OrrRuns OrrRuns;

/* started: the run's simulation exists but has not started (attach
 * readers, set a record function...); finished: it has ended, before it
 * is freed. program stays valid until the next run is compiled, or the
 * runs are freed. */
typedef void (*OrrRunFunc) (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
                            gpointer user_data);

/* model and registry are borrowed and must outlive runs; overrides (NULL:
 * none) is referenced; options may be NULL (the defaults). */
OrrRuns *orr_runs_new (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                       const OrrCompileOptions *options);
void orr_runs_free (OrrRuns *runs);

/* At least 1; ORR_RUNS_DEFAULT_MAX by default. */
void orr_runs_set_max_runs (OrrRuns *runs, guint max_runs);
guint orr_runs_get_max_runs (OrrRuns *runs);
void orr_runs_set_callbacks (OrrRuns *runs, OrrRunFunc started, OrrRunFunc finished,
                             gpointer user_data);

/* The overrides run number run is evaluated with: the caller's, then
 * __counter__ and the base as it is now. For showing a model's context
 * before the first run, as it will be evaluated. */
OrrScope *orr_runs_new_overrides (OrrRuns *runs, guint run);

/* Runs the loop from run 1 with an empty base. TRUE when the last run
 * ended without error (at its final time, by an End block's stop, or by
 * orr_runs_stop()). On failure, error says why, prefixed with the run's
 * number after the first; problems, if not NULL, receives the compile
 * problems of a run that did not compile (as orr_compile). */
gboolean orr_runs_execute (OrrRuns *runs, GPtrArray *problems, GError **error);

/* Stops the current run and starts no other, in this execution and any
 * later one: a stopped runs object is done. */
void orr_runs_stop (OrrRuns *runs);

/* Runs started so far. */
guint orr_runs_get_count (OrrRuns *runs);
/* The time the current run has reached, for progress. */
double orr_runs_get_time (OrrRuns *runs);
/* What the runs stored; read it once orr_runs_execute() has returned. */
OrrBase *orr_runs_get_base (OrrRuns *runs);
/* The last run's statistics and program (NULL before any run compiled). */
const OrrSimStats *orr_runs_get_stats (OrrRuns *runs);
const OrrProgram *orr_runs_get_program (OrrRuns *runs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrRuns, orr_runs_free)

G_END_DECLS
