/* orr-study.h: studies, a model run many times with varied context
 * variables (parameter sweeps, Monte Carlo, designs of experiments), what
 * each run keeps (metrics, optionally its recorded signals), and where
 * the runs happen (threads on this machine, or tasks of a Slurm job
 * array that each run a share).
 *
 * A study is a small XML file beside its model (.orrs, docs/studies.md).
 * Its plan is a table: one row per run, one column per varied variable,
 * the same on every machine for the same file (random designs are seeded
 * and drawn with a generator of our own, not the C library's).
 *
 * Each finished run is written at once as a part file in the study's
 * results folder, so an interrupted study resumes where it stopped and
 * the parts of several machines merge into one table (gather): an HDF5
 * file (table and signals) and a CSV of the table. A failed run is a row
 * with its message, never a missing row.
 */
#pragma once

#include <gio/gio.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_STUDY_ERROR (orr_study_error_quark ())
GQuark orr_study_error_quark (void);

typedef enum
{
  ORR_STUDY_ERROR_FILE,    /* the study file cannot be read or is malformed */
  ORR_STUDY_ERROR_INVALID, /* it reads, but says something impossible */
  ORR_STUDY_ERROR_MODEL,   /* the model cannot be loaded */
  ORR_STUDY_ERROR_RESULTS, /* the results cannot be written or read */
} OrrStudyError;

typedef enum
{
  ORR_STUDY_DESIGN_GRID,   /* every combination of the variables' values */
  ORR_STUDY_DESIGN_LHS,    /* a Latin hypercube of n samples */
  ORR_STUDY_DESIGN_RANDOM, /* n independent draws (Monte Carlo) */
} OrrStudyDesign;

typedef enum
{
  ORR_STUDY_VALUES_LIST,        /* the values given */
  ORR_STUDY_VALUES_RANGE,       /* count values evenly from a to b (log-spaced if log) */
  ORR_STUDY_VALUES_UNIFORM,     /* uniform on [a, b] */
  ORR_STUDY_VALUES_NORMAL,      /* normal, mean a, standard deviation b */
  ORR_STUDY_VALUES_LOG_UNIFORM, /* log-uniform on [a, b], 0 < a < b */
} OrrStudyValues;

typedef struct
{
  char *name;
  OrrStudyValues kind;
  double a, b;
  guint count;    /* RANGE */
  gboolean log;   /* RANGE */
  GArray *values; /* LIST: of double */
  double start;   /* where an optimisation starts; NAN: the middle of [a, b] */
} OrrStudyVariable;

/* A metric is an expression in the parameter language evaluated after
 * the run in a scope that holds the run's context (the study's values
 * included), the metrics before it, GetFromBase for what ToBase blocks
 * stored, and, when signal names a recording block's path, t (the sample
 * times, a column) and y (the values, one column per channel). */
typedef struct
{
  char *name;
  char *signal; /* or NULL */
  char *expr;
} OrrStudyMetric;

typedef struct _OrrStudy OrrStudy;

/* Boxed types, for bindings (Python through GObject Introspection). */
#define ORR_TYPE_STUDY (orr_study_get_type ())
GType orr_study_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_STUDY_PLAN (orr_study_plan_get_type ())
GType orr_study_plan_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_STUDY_ROW (orr_study_row_get_type ())
GType orr_study_row_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_STUDY_OPTIMUM (orr_study_optimum_get_type ())
GType orr_study_optimum_get_type (void) G_GNUC_CONST;

OrrStudy *orr_study_new (void);
OrrStudy *orr_study_ref (OrrStudy *study);
/* the same as orr_study_free: drops a reference */
void orr_study_unref (OrrStudy *study);
OrrStudy *orr_study_load (const char *path, GError **error);
OrrStudy *orr_study_load_from_data (const char *data, gssize length, const char *dir,
                                    GError **error);
void orr_study_free (OrrStudy *study);
/* Canonical form: same study, same bytes. */
char *orr_study_to_data (OrrStudy *study, gsize *length);
gboolean orr_study_save (OrrStudy *study, const char *path, GError **error);

/* The model file as written in the study, and resolved against the
 * study's folder. */
const char *orr_study_get_model (OrrStudy *study);
char *orr_study_dup_model_path (OrrStudy *study);
void orr_study_set_model (OrrStudy *study, const char *model);
/* Where the results go: "NAME.results" beside the study unless set. */
char *orr_study_dup_results_dir (OrrStudy *study);
void orr_study_set_results (OrrStudy *study, const char *dir);

OrrStudyDesign orr_study_get_design (OrrStudy *study);
void orr_study_set_design (OrrStudy *study, OrrStudyDesign design, guint samples, guint64 seed);
guint orr_study_get_samples (OrrStudy *study);
guint64 orr_study_get_seed (OrrStudy *study);
gboolean orr_study_get_keep_signals (OrrStudy *study);
void orr_study_set_keep_signals (OrrStudy *study, gboolean keep);
/* The user trusts the model's native code (FMUs, C and Python blocks) and
 * its written files (OrrCompileOptions.trust_native_code) for the runs
 * of this process; never read from or written to the study file. */
gboolean orr_study_get_trust_native_code (OrrStudy *study);
void orr_study_set_trust_native_code (OrrStudy *study, gboolean trust);
/* The final time of every run, or NAN for the model's own. */
double orr_study_get_final_time (OrrStudy *study);
void orr_study_set_final_time (OrrStudy *study, double final_time);

guint orr_study_get_n_variables (OrrStudy *study);
const OrrStudyVariable *orr_study_get_variable (OrrStudy *study, guint i);
/* Copies variable. */
void orr_study_add_variable (OrrStudy *study, const OrrStudyVariable *variable);
guint orr_study_get_n_metrics (OrrStudy *study);
const OrrStudyMetric *orr_study_get_metric (OrrStudy *study, guint i);
void orr_study_add_metric (OrrStudy *study, const char *name, const char *signal, const char *expr);

/* ---- the plan ------------------------------------------------------- */

typedef struct _OrrStudyPlan OrrStudyPlan;

OrrStudyPlan *orr_study_make_plan (OrrStudy *study, GError **error);
OrrStudyPlan *orr_study_plan_ref (OrrStudyPlan *plan);
void orr_study_plan_free (OrrStudyPlan *plan); /* drops a reference */
guint orr_study_plan_get_n_runs (OrrStudyPlan *plan);
guint orr_study_plan_get_n_variables (OrrStudyPlan *plan);
const char *orr_study_plan_get_name (OrrStudyPlan *plan, guint variable);
double orr_study_plan_get_value (OrrStudyPlan *plan, guint run, guint variable);

/* ---- running --------------------------------------------------------- */

typedef enum
{
  ORR_STUDY_RUN_OK,
  ORR_STUDY_RUN_FAILED,  /* the model did not evaluate, compile or simulate */
  ORR_STUDY_RUN_STOPPED, /* interrupted: not written, so a resume runs it again */
} OrrStudyRunStatus;

/* Called on the caller's thread as each run is written. */
typedef void (*OrrStudyProgressFunc) (guint run, OrrStudyRunStatus status, const char *message,
                                      guint done, guint total, gpointer user_data);

/**
 * orr_study_run:
 * @progress: (scope call) (closure user_data) (nullable): called as each run is written
 * @cancellable: (nullable):
 *
 * Runs the plan's runs first .. last (inclusive) that the results folder
 * does not hold yet, on n_threads threads (0: one per core), writing each
 * finished run's part. The model is loaded and checked once. Stops early,
 * keeping what is written, when cancellable is cancelled. FALSE only when
 * the study cannot run at all (model, results folder); failed runs are
 * rows, not errors.
 */
gboolean orr_study_run (OrrStudy *study, OrrStudyPlan *plan, OrrRegistry *registry, guint first,
                        guint last, guint n_threads, OrrStudyProgressFunc progress,
                        gpointer user_data, GCancellable *cancellable, GError **error);
/* How many of the plan's runs the results folder holds. */
guint orr_study_count_done (OrrStudy *study, OrrStudyPlan *plan);

/**
 * orr_study_gather:
 * @h5_path: (nullable): where the HDF5 file goes (NULL: RESULTS/results.h5)
 * @csv_path: (nullable): where the CSV table goes (NULL: RESULTS/results.csv)
 *
 * Merges the parts into results.h5 and results.csv in the results folder
 * (or the paths given). FALSE when a run is missing (naming it) or a part
 * cannot be read.
 */
gboolean orr_study_gather (OrrStudy *study, OrrStudyPlan *plan, const char *h5_path,
                           const char *csv_path, GError **error);

/**
 * OrrStudyRow:
 * @params: (array length=n_params): the run's values, in plan order
 * @metrics: (array length=n_metrics): in study order; NAN where a metric failed
 *
 * One row of the results table, read back from the results folder: for
 * tests, scripts and the app.
 */
typedef struct
{
  guint run;
  OrrStudyRunStatus status;
  char *message;
  guint n_params, n_metrics;
  double *params;
  double *metrics;
} OrrStudyRow;

/* One run's row. It reads the results journal each time: for many rows,
 * orr_study_read_rows reads it once. */
OrrStudyRow *orr_study_read_row (OrrStudy *study, guint run, GError **error);
/* Every finished run among 0 .. n_runs - 1 in one reading of the results
 * folder (a study's window refreshes its table while the study runs):
 * an array of n_runs OrrStudyRow, NULL where a run is not done; free
 * with g_ptr_array_unref(). */
GPtrArray *orr_study_read_rows (OrrStudy *study, guint n_runs, GError **error);
OrrStudyRow *orr_study_row_copy (const OrrStudyRow *row);
void orr_study_row_free (OrrStudyRow *row);

/* ---- optimisation ----------------------------------------------------- */

/* A study with an <optimize> element searches, instead of a plan, for the
 * values of its variables (ranges or uniform distributions: their bounds)
 * that minimise (or maximise) an objective, an expression over the
 * variables and the run's metrics, subject to constraints (expressions
 * that must be <= 0; COBYLA only). NLopt's derivative-free local
 * methods: BOBYQA (as Activate's BobyqaOpt), COBYLA and Nelder-Mead. */
typedef enum
{
  ORR_STUDY_OPTIMIZER_NONE,
  ORR_STUDY_OPTIMIZER_BOBYQA,
  ORR_STUDY_OPTIMIZER_COBYLA,
  ORR_STUDY_OPTIMIZER_NELDER_MEAD,
} OrrStudyOptimizer;

OrrStudyOptimizer orr_study_get_optimizer (OrrStudy *study);
const char *orr_study_get_objective (OrrStudy *study);
void orr_study_set_optimization (OrrStudy *study, OrrStudyOptimizer optimizer,
                                 const char *objective, gboolean maximize, guint max_evaluations,
                                 double tolerance);
void orr_study_add_constraint (OrrStudy *study, const char *expr);

/**
 * OrrStudyOptimum:
 * @values: (array length=n_values): the best point found, in the study's variable order
 */
typedef struct
{
  guint evaluations;
  guint n_values;
  double *values;
  double objective;
  char *message; /* how the search ended */
} OrrStudyOptimum;

/**
 * orr_study_optimize:
 * @progress: (scope call) (closure user_data) (nullable): called after each evaluation
 * @cancellable: (nullable):
 *
 * Runs the search on this thread, writing every evaluation to
 * optimize.csv in the results folder; each evaluation is reported
 * through progress (run = evaluation number). NULL with an error when
 * it cannot start or no evaluation succeeded.
 */
OrrStudyOptimum *orr_study_optimize (OrrStudy *study, OrrRegistry *registry,
                                     OrrStudyProgressFunc progress, gpointer user_data,
                                     GCancellable *cancellable, GError **error);
OrrStudyOptimum *orr_study_optimum_copy (const OrrStudyOptimum *optimum);
void orr_study_optimum_free (OrrStudyOptimum *optimum);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrStudyOptimum, orr_study_optimum_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrStudy, orr_study_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrStudyPlan, orr_study_plan_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrStudyRow, orr_study_row_free)

G_END_DECLS
