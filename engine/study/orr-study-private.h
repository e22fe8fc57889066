/* orr-study-private.h: the study's fields, shared by the file, the runner
 * and the results (engine/study). */
#pragma once

#include <glib/gstdio.h>
#include <orrery/orr-study.h>

struct _OrrStudy
{
  gatomicrefcount ref;
  char *model;   /* as written in the file */
  char *results; /* as written, or NULL for the default */
  char *dir;     /* the study file's folder: relative paths start here */
  char *path;    /* the study file, NULL when not loaded from one */
  OrrStudyDesign design;
  guint samples;
  guint64 seed;
  gboolean keep_signals;
  gboolean trust_native_code; /* not in the file: the user's, for this run */
  double final_time;          /* NAN: the model's */
  GArray *variables;          /* of OrrStudyVariable */
  GArray *metrics;            /* of OrrStudyMetric */
  OrrStudyOptimizer optimizer;
  char *objective;
  gboolean maximize;
  guint max_evaluations;
  double tolerance;       /* relative, on the variables */
  GPtrArray *constraints; /* of char*: expressions <= 0 */
};

/* orr-study-results.c: one finished run, as the runner hands it over. */
typedef struct
{
  guint run;
  OrrStudyRunStatus status;
  char *message;
  double *params;    /* n_params */
  double *metrics;   /* n_metrics */
  GVariant *signals; /* a(suadad): path, channels, times, values; or NULL */
} OrrStudyResult;

void orr_study_result_free (OrrStudyResult *result);

/* A journal of finished runs in the results folder, one per process
 * (orr-study-results.c): a run is done once its line is written. */
typedef struct _OrrStudyJournal OrrStudyJournal;
OrrStudyJournal *orr_study_journal_open (OrrStudy *study, GError **error);
gboolean orr_study_journal_write (OrrStudyJournal *journal, const OrrStudyResult *result,
                                  guint n_params, guint n_metrics, GError **error);
void orr_study_journal_close (OrrStudyJournal *journal);

/* A run the results folder holds, and where its signals are. */
typedef struct
{
  OrrStudyRow *row;
  char *signals_path; /* NULL: none kept */
  guint64 offset, length;
} OrrStudyStored;

void orr_study_stored_free (OrrStudyStored *stored);
/* Every run of 0 .. n_runs - 1 the folder holds (OrrStudyStored*), NULL
 * where a run is not done. */
GPtrArray *orr_study_load_runs (OrrStudy *study, guint n_runs, GError **error);

/* orr-study.c: the plan's variable names, NULL-terminated. */
const char *const *orr_study_plan_get_names (OrrStudyPlan *plan);

/* orr-study-run.c, for the optimiser: the study's model opened once, and
 * one run with given values on the calling thread. */
typedef struct _OrrStudySession OrrStudySession;
OrrStudySession *orr_study_session_new (OrrStudy *study, OrrRegistry *registry,
                                        const char *const *names, guint n_vars, GError **error);
OrrStudyResult *orr_study_session_run (OrrStudySession *session, guint run, const double *values);
void orr_study_session_stop (OrrStudySession *session);
void orr_study_session_free (OrrStudySession *session);

/* orr-study-results.c: numbers as the tables show them (exact; NaN, Inf,
 * -Inf spelled as the parameter language reads them), and a CSV field
 * quoted where it must be. */
char *orr_study_format_number (double value);
void orr_study_csv_field (GString *out, const char *text);
