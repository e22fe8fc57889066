/* orr-study-run.c: running a study's runs on threads. The model file is
 * read and checked once; each thread then loads its own copy from those
 * bytes (a model is not shared between threads) and runs the plan's rows
 * it takes, one after another, through orr-runs.h (so End-block restarts
 * work in a study too). The calling thread writes each finished run's
 * part and reports progress; workers never touch the results folder. */
#include "orr-study-private.h"

#include <math.h>
#include <orrery/orr-evaluate.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-io.h>
#include <orrery/orr-model.h>
#include <orrery/orr-recording.h>
#include <orrery/orr-runs.h>

typedef struct Study Study;

/* One thread's model and what it is running now (for stopping it). */
typedef struct
{
  Study *study;
  OrrModel *model;
  OrrExprCache *exprs; /* the model's parameters parsed once, for all its runs */
  GMutex lock;
  OrrRuns *current; /* guarded by lock */
  GThread *thread;
} Worker;

struct Study
{
  OrrStudy *study;
  OrrStudyPlan *plan; /* NULL when optimising */
  guint n_vars;
  const char *const *names; /* of the varied variables */
  OrrRegistry *registry;
  const char *model_data;
  gsize model_length;
  const char *model_name;
  guint *todo; /* run numbers */
  guint n_todo;
  gint next; /* into todo, atomically */
  gint stopping;
  GAsyncQueue *finished; /* of OrrStudyResult, or a NULL-message end marker */
  gboolean need_recording;
};

void
orr_study_result_free (OrrStudyResult *r)
{
  if (r == NULL)
    return;
  g_free (r->message);
  g_free (r->params);
  g_free (r->metrics);
  if (r->signals != NULL)
    g_variant_unref (r->signals);
  g_free (r);
}

typedef struct
{
  OrrRecording *recording;
  gboolean want;
} RunRecording;

static void
on_started (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program, gpointer data)
{
  RunRecording *rr = data;

  /* each run records afresh: the metrics and signals are the last run's */
  g_clear_pointer (&rr->recording, orr_recording_unref);
  if (rr->want)
    rr->recording = orr_recording_new_direct (sim, program);
}

static void
on_finished (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program, gpointer data)
{
  RunRecording *rr = data;

  if (rr->recording != NULL)
    /* a signal that outgrew memory stopped the run; what it got is kept */
    orr_recording_finish (rr->recording, NULL);
}

/* t and y of the signal recorded by the block at path, as matrices. */
static gboolean
bind_signal (OrrScope *scope, OrrRecording *recording, const char *path, GError **error)
{
  int i = recording != NULL ? orr_recording_find (recording, path) : -1;
  gsize n;
  guint m;
  g_autoptr (OrrValue) t = NULL, y = NULL;
  const double *times, *values;

  if (i < 0)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                   "no recording block at '%s' recorded anything", path);
      return FALSE;
    }
  n = orr_recording_get_n_samples (recording, i);
  m = orr_recording_get_n_channels (recording, i);
  times = orr_recording_get_times (recording, i);
  values = orr_recording_get_values (recording, i);
  t = orr_value_new_from_doubles (n, 1, times);
  y = orr_value_new_matrix (ORR_TYPE_DOUBLE, n, m);
  /* column-major: channel c of sample k at c * n + k */
  for (gsize k = 0; k < n; k++)
    for (guint c = 0; c < m; c++)
      ((double *)orr_value_data (y))[c * n + k] = values[k * m + c];
  orr_scope_set (scope, "t", t);
  orr_scope_set (scope, "y", y);
  return TRUE;
}

/* A metric is one expression, or statements that assign the metric's
 * name ("k = find(v > 0); m = t(k(2))"). */
static OrrValue *
evaluate_metric (const OrrStudyMetric *m, OrrScope *scope, GError **error)
{
  OrrValue *value;

  if (orr_expr_check_syntax (m->expr, TRUE, NULL))
    return orr_expr_evaluate (m->expr, scope, error);
  if (!orr_script_run (m->expr, scope, error))
    return NULL;
  value = orr_scope_has_local (scope, m->name) ? orr_scope_lookup (scope, m->name) : NULL;
  if (value == NULL)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                   "the statements do not assign %s", m->name);
      return NULL;
    }
  return orr_value_ref (value);
}

/* The metrics, in order, each seeing the ones before; a metric that fails
 * is NAN and its message is added to messages. */
static void
evaluate_metrics (Study *st, OrrModel *model, OrrRuns *runs, OrrRecording *recording,
                  double *metrics, GString *messages)
{
  guint n_runs = MAX (orr_runs_get_count (runs), 1);
  g_autoptr (OrrScope) scope = orr_runs_new_overrides (runs, n_runs);

  /* the context as the run saw it (the study's values are pinned there) */
  orr_script_run (orr_model_get_context (model), scope, NULL);
  for (guint k = 0; k < orr_study_get_n_metrics (st->study); k++)
    {
      const OrrStudyMetric *m = orr_study_get_metric (st->study, k);
      g_autoptr (OrrScope) local = orr_scope_new (scope);
      g_autoptr (OrrValue) value = NULL;
      g_autoptr (GError) error = NULL;

      metrics[k] = NAN;
      if (m->signal == NULL || bind_signal (local, recording, m->signal, &error))
        value = evaluate_metric (m, local, &error);
      if (value != NULL
          && (!orr_value_is_scalar (value) || orr_value_get_type_id (value) == ORR_TYPE_STRING))
        g_set_error (&error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                     "the value is not a number but %s",
                     orr_type_name (orr_value_get_type_id (value)));
      else if (value != NULL)
        metrics[k] = orr_value_get_real (value, 0);
      if (error != NULL)
        g_string_append_printf (messages, "%smetric %s: %s", messages->len ? "; " : "", m->name,
                                error->message);
      {
        g_autoptr (OrrValue) d = orr_value_new_double (metrics[k]);
        orr_scope_set (scope, m->name, d);
      }
    }
}

static GVariant *
signals_variant (OrrRecording *recording)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(suadad)"));
  for (guint i = 0; recording != NULL && i < orr_recording_get_n_signals (recording); i++)
    {
      gsize n = orr_recording_get_n_samples (recording, i);
      guint m = orr_recording_get_n_channels (recording, i);

      g_variant_builder_add_value (
        &b,
        g_variant_new (
          "(su@ad@ad)", orr_recording_get_path (recording, i), m,
          g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, orr_recording_get_times (recording, i),
                                     n, sizeof (double)),
          g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, orr_recording_get_values (recording, i),
                                     n * m, sizeof (double))));
    }
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static char *
describe_failure (GPtrArray *problems, const GError *error)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < problems->len; i++)
    {
      const OrrProblem *p = g_ptr_array_index (problems, i);

      g_string_append_printf (text, "%s%s: %s", i ? "; " : "", p->where, p->message);
    }
  if (text->len == 0 && error != NULL)
    g_string_append (text, error->message);
  if (text->len == 0)
    g_string_append (text, "the run failed");
  return g_string_free (text, FALSE);
}

/* Runs the model with the study's variables set to values. */
static OrrStudyResult *
run_values (Worker *w, guint run, const double *values)
{
  Study *st = w->study;
  guint n_vars = st->n_vars;
  guint n_metrics = orr_study_get_n_metrics (st->study);
  OrrStudyResult *r = g_new0 (OrrStudyResult, 1);
  g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
  g_autoptr (GPtrArray) problems
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  g_autoptr (GError) error = NULL;
  RunRecording rr = { NULL, st->need_recording };
  OrrCompileOptions options = { .expr_cache = w->exprs };
  OrrRuns *runs;
  gboolean ok;

  r->run = run;
  r->params = g_new0 (double, MAX (n_vars, 1));
  r->metrics = g_new0 (double, MAX (n_metrics, 1));
  for (guint j = 0; j < n_vars; j++)
    {
      g_autoptr (OrrValue) v = NULL;

      r->params[j] = values[j];
      v = orr_value_new_double (r->params[j]);
      orr_scope_set (overrides, st->names[j], v);
    }
  /* the files its blocks write start in the model's folder, under the
   * rule for untrusted models (orr_block_open_output_file) */
  options.model_path = st->model_name;
  options.trust_native_code = orr_study_get_trust_native_code (st->study);
  runs = orr_runs_new (w->model, st->registry, overrides, &options);
  orr_runs_set_callbacks (runs, on_started, on_finished, &rr);
  g_mutex_lock (&w->lock);
  w->current = runs;
  if (g_atomic_int_get (&st->stopping))
    orr_runs_stop (runs);
  g_mutex_unlock (&w->lock);

  ok = orr_runs_execute (runs, problems, &error);

  g_mutex_lock (&w->lock);
  w->current = NULL;
  g_mutex_unlock (&w->lock);

  if (g_atomic_int_get (&st->stopping))
    r->status = ORR_STUDY_RUN_STOPPED;
  else if (!ok)
    {
      r->status = ORR_STUDY_RUN_FAILED;
      r->message = describe_failure (problems, error);
      for (guint k = 0; k < n_metrics; k++)
        r->metrics[k] = NAN;
    }
  else
    {
      GString *messages = g_string_new (NULL);

      r->status = ORR_STUDY_RUN_OK;
      evaluate_metrics (st, w->model, runs, rr.recording, r->metrics, messages);
      r->message = g_string_free (messages, messages->len == 0);
      if (orr_study_get_keep_signals (st->study))
        r->signals = signals_variant (rr.recording);
    }
  g_clear_pointer (&rr.recording, orr_recording_unref);
  orr_runs_free (runs);
  return r;
}

static OrrStudyResult *
run_one (Worker *w, guint run)
{
  Study *st = w->study;
  g_autofree double *values = g_new0 (double, MAX (st->n_vars, 1));

  for (guint j = 0; j < st->n_vars; j++)
    values[j] = orr_study_plan_get_value (st->plan, run, j);
  return run_values (w, run, values);
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;
  Study *st = w->study;

  for (;;)
    {
      int i = g_atomic_int_add (&st->next, 1);

      if (i >= (int)st->n_todo || g_atomic_int_get (&st->stopping))
        break;
      g_async_queue_push (st->finished, run_one (w, st->todo[i]));
    }
  /* the end marker: a result for no run */
  {
    OrrStudyResult *end = g_new0 (OrrStudyResult, 1);
    end->run = G_MAXUINT;
    g_async_queue_push (st->finished, end);
  }
  return NULL;
}

static void
stop_all (Worker *workers, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_mutex_lock (&workers[i].lock);
      if (workers[i].current != NULL)
        orr_runs_stop (workers[i].current);
      g_mutex_unlock (&workers[i].lock);
    }
}

guint
orr_study_count_done (OrrStudy *study, OrrStudyPlan *plan)
{
  g_autoptr (GPtrArray) runs = orr_study_load_runs (study, orr_study_plan_get_n_runs (plan), NULL);
  guint done = 0;

  for (guint i = 0; runs != NULL && i < runs->len; i++)
    done += g_ptr_array_index (runs, i) != NULL;
  return done;
}

/* Reads the study's model once and checks that it loads: every worker
 * loads its copy from these bytes. */
static gboolean
study_open (Study *st, OrrStudy *study, OrrRegistry *registry, char **data_out, GError **error)
{
  g_autofree char *model_path = orr_study_dup_model_path (study);
  g_autofree char *data = NULL;
  g_autoptr (GError) local = NULL;
  g_autoptr (OrrModel) check = NULL;
  GStatBuf sb;
  gsize length;

  /* only a regular file: a FIFO would block, a device never end */
  if (model_path == NULL || g_stat (model_path, &sb) != 0)
    {
      int e = errno;
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_MODEL,
                   "the study's model %s cannot be read: %s", model_path ? model_path : "(none)",
                   g_strerror (e));
      return FALSE;
    }
  if (!S_ISREG (sb.st_mode) || !g_file_get_contents (model_path, &data, &length, &local))
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_MODEL,
                   "the study's model %s cannot be read: %s", model_path,
                   local != NULL ? local->message : "not a regular file");
      return FALSE;
    }
  check = orr_model_load_data (data, length, model_path, &local);
  if (check == NULL)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_MODEL, "%s", local->message);
      return FALSE;
    }
  st->study = study;
  st->registry = registry;
  st->model_data = data;
  st->model_length = length;
  st->model_name = g_steal_pointer (&model_path);
  st->need_recording = orr_study_get_keep_signals (study);
  for (guint k = 0; k < orr_study_get_n_metrics (study); k++)
    st->need_recording |= orr_study_get_metric (study, k)->signal != NULL;
  *data_out = g_steal_pointer (&data);
  return TRUE;
}

static void
worker_init (Worker *w, Study *st)
{
  w->study = st;
  w->exprs = orr_expr_cache_new ();
  g_mutex_init (&w->lock);
  w->model = orr_model_load_data (st->model_data, st->model_length, st->model_name, NULL);
  if (isfinite (orr_study_get_final_time (st->study)))
    {
      OrrSettings settings;

      orr_settings_copy (&settings, orr_model_get_settings (w->model));
      settings.final_time = orr_study_get_final_time (st->study);
      orr_model_set_settings (w->model, &settings);
      orr_settings_clear (&settings);
    }
}

static void
worker_clear (Worker *w)
{
  g_clear_object (&w->model);
  g_clear_pointer (&w->exprs, orr_expr_cache_free);
  g_mutex_clear (&w->lock);
}

gboolean
orr_study_run (OrrStudy *study, OrrStudyPlan *plan, OrrRegistry *registry, guint first, guint last,
               guint n_threads, OrrStudyProgressFunc progress, gpointer user_data,
               GCancellable *cancellable, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree Worker *workers = NULL;
  g_autoptr (GPtrArray) stored = NULL;
  OrrStudyJournal *journal = NULL;
  Study st = { 0 };
  guint n_runs = orr_study_plan_get_n_runs (plan), done = 0, running;
  gboolean ok = TRUE;

  stored = orr_study_load_runs (study, n_runs, error);
  if (stored == NULL || !study_open (&st, study, registry, &data, error))
    return FALSE;
  st.plan = plan;
  st.n_vars = orr_study_plan_get_n_variables (plan);
  st.names = orr_study_plan_get_names (plan);
  st.finished = g_async_queue_new_full ((GDestroyNotify)orr_study_result_free);
  last = MIN (last, n_runs ? n_runs - 1 : 0);
  st.todo = g_new (guint, n_runs ? last - first + 1 : 1);
  for (guint i = first; n_runs > 0 && i <= last; i++)
    {
      if (g_ptr_array_index (stored, i) != NULL)
        done++;
      else
        st.todo[st.n_todo++] = i;
    }
  if (st.n_todo > 0 && (journal = orr_study_journal_open (study, error)) == NULL)
    {
      g_free (st.todo);
      g_free ((char *)st.model_name);
      return FALSE;
    }
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  n_threads = MAX (1, MIN (n_threads, MAX (st.n_todo, 1)));
  workers = g_new0 (Worker, n_threads);
  for (guint i = 0; i < n_threads; i++)
    worker_init (&workers[i], &st);
  for (guint i = 0; i < n_threads; i++)
    workers[i].thread = g_thread_new ("study", worker_main, &workers[i]);

  /* Collect: write each result's part, report, watch for a stop. */
  running = n_threads;
  while (running > 0)
    {
      OrrStudyResult *r = g_async_queue_timeout_pop (st.finished, 20000);

      if (cancellable != NULL && g_cancellable_is_cancelled (cancellable)
          && !g_atomic_int_get (&st.stopping))
        {
          g_atomic_int_set (&st.stopping, 1);
          stop_all (workers, n_threads);
        }
      if (r == NULL)
        continue;
      if (r->run == G_MAXUINT)
        running--;
      else if (r->status != ORR_STUDY_RUN_STOPPED)
        {
          g_autoptr (GError) write_error = NULL;

          if (!orr_study_journal_write (journal, r, st.n_vars, orr_study_get_n_metrics (study),
                                        &write_error))
            {
              /* results that cannot be kept end the study */
              if (ok)
                g_propagate_error (error, g_steal_pointer (&write_error));
              ok = FALSE;
              g_atomic_int_set (&st.stopping, 1);
              stop_all (workers, n_threads);
            }
          else
            {
              done++;
              if (progress != NULL)
                progress (r->run, r->status, r->message, done, last - first + 1, user_data);
            }
        }
      orr_study_result_free (r);
    }
  for (guint i = 0; i < n_threads; i++)
    {
      g_thread_join (workers[i].thread);
      worker_clear (&workers[i]);
    }
  g_async_queue_unref (st.finished);
  orr_study_journal_close (journal);
  g_free (st.todo);
  g_free ((char *)st.model_name);
  return ok;
}

/* ---- one run at a time, for the optimiser --------------------------------- */

struct _OrrStudySession
{
  Study st;
  char *data;
  Worker worker;
};

OrrStudySession *
orr_study_session_new (OrrStudy *study, OrrRegistry *registry, const char *const *names,
                       guint n_vars, GError **error)
{
  OrrStudySession *session = g_new0 (OrrStudySession, 1);

  if (!study_open (&session->st, study, registry, &session->data, error))
    {
      g_free (session);
      return NULL;
    }
  session->st.names = names;
  session->st.n_vars = n_vars;
  worker_init (&session->worker, &session->st);
  return session;
}

OrrStudyResult *
orr_study_session_run (OrrStudySession *session, guint run, const double *values)
{
  return run_values (&session->worker, run, values);
}

/* Any thread: stops the run under way and every later one. */
void
orr_study_session_stop (OrrStudySession *session)
{
  g_atomic_int_set (&session->st.stopping, 1);
  stop_all (&session->worker, 1);
}

void
orr_study_session_free (OrrStudySession *session)
{
  if (session == NULL)
    return;
  worker_clear (&session->worker);
  g_free ((char *)session->st.model_name);
  g_free (session->data);
  g_free (session);
}
