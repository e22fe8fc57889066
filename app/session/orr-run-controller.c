/* orr-run-controller.c: a model's runs on a worker thread, their
 * recordings drained into signal logs on the main context. See
 * orr-run-controller.h.
 *
 * What the two threads share lives in a Job, reference counted so that
 * neither has to outlive the other: the worker holds one reference until
 * its very last instruction and never touches the controller itself. The
 * worker tells the main context that something happened with an idle
 * source holding a Job reference; the main context looks at the Job under
 * its lock. Each run is a Batch: its recording blocks, and once it has
 * ended, what the worker read from their streams after the main context's
 * last drain (the simulation, and its streams, are freed right after).
 */
#include "orr-run-controller.h"

#include <glib/gi18n.h>

#include <orrery/orr-io.h>
#include <orrery/orr-runs.h>

#include <math.h>
#include <string.h>

/* Samples read from a stream at once, chunks per stream in one dispatch,
 * and the time one dispatch may take: fast producers, however many,
 * cannot keep the main context busy for more than a few milliseconds. */
#define DRAIN_CHUNK 4096
#define DRAIN_CHUNKS_PER_DISPATCH 16
#define DRAIN_BUDGET_US 8000
/* How soon the next drain comes. A stream with a reader holds a lot
 * before its producer must wait, but samples read soon after they were
 * written are still in the cache, and the queue's memory is reused
 * instead of growing: with a whole chunk waiting in some stream the next
 * dispatch follows at once; for DRAIN_FAST_HOLD_US after a dispatch that
 * read DRAIN_FAST_SAMPLES or more, every DRAIN_FAST_US (about 1 MB of
 * samples at 8 channels and 8 million samples a second); otherwise about
 * 30 Hz, enough for a plot. */
#define DRAIN_PERIOD_US (G_USEC_PER_SEC / 30)
#define DRAIN_FAST_US 2000
#define DRAIN_FAST_HOLD_US 200000
#define DRAIN_FAST_SAMPLES 256

/* ---- what the worker and the main context share ------------------------ */

/* One recording block of one run. Everything but log is written by the
 * worker when the run starts and read-only after; log belongs to the
 * main context. */
typedef struct
{
  int block;      /* program block index */
  char *block_id; /* the model block */
  char *path;
  OrrSignalLogKind kind;
  guint n_channels; /* the log's */
  guint xy_curves;  /* XYScope: curves; recorded as x1..xn y1..yn, logged as pairs */
  gboolean has_hint;
  double hint[4];
  guint digits;               /* Display: significant digits shown, 0 otherwise */
  OrrSignalLogShapes *shapes; /* Anim2D: how to read its samples; NULL otherwise */
  guint n_axes;               /* MultiScope: its plots (0 otherwise), their channels, ranges */
  guint *axis_sizes;
  double *axis_ranges;
  /* after the run: what was left in the stream (under the Job lock until
   * the batch is taken off the Job), rows as the stream holds them */
  int rest_channels;
  GArray *rest_rows; /* of double, 1 + rest_channels per sample */
  OrrSignalLog *log; /* main context only */
} Recorder;

typedef struct
{
  guint run;
  GPtrArray *recorders; /* of Recorder */
  gboolean ended;       /* under the Job lock */
} Batch;

typedef struct
{
  gatomicrefcount ref;
  GMainContext *context;
  OrrModel *snapshot;
  OrrRegistry *registry; /* borrowed */
  OrrRuns *runs;

  GMutex lock;
  GCond done_cond;
  /* under lock */
  OrrSimulation *sim; /* of the run going on */
  GPtrArray *batches; /* of Batch, oldest first; freed by the main context */
  gboolean paused;
  double realtime_factor;
  gboolean done;
  gboolean ok;
  GError *error;
  GPtrArray *problems;
  /* messages blocks report without failing (FMU logs), not yet handed to
   * the main context, of OrrProblem*; and the run's block paths -> model
   * block ids, for the problems list to show the block */
  GPtrArray *messages;
  GHashTable *ids_by_path;

  /* main context only: the controller, NULL once it is gone */
  OrrRunController *owner;
} Job;

static void
recorder_free (Recorder *r)
{
  g_free (r->block_id);
  g_free (r->path);
  g_clear_pointer (&r->rest_rows, g_array_unref);
  g_free (r->axis_sizes);
  g_free (r->axis_ranges);
  if (r->shapes != NULL)
    {
      g_free (r->shapes->kinds);
      g_free (r->shapes->rows);
      g_free (r->shapes->cols);
      g_free (r->shapes->colors);
      g_free (r->shapes);
    }
  g_clear_object (&r->log);
  g_free (r);
}

static void
batch_free (Batch *b)
{
  g_ptr_array_unref (b->recorders);
  g_free (b);
}

static Job *
job_ref (Job *job)
{
  g_atomic_ref_count_inc (&job->ref);
  return job;
}

static void
job_unref (Job *job)
{
  if (!g_atomic_ref_count_dec (&job->ref))
    return;
  g_clear_pointer (&job->runs, orr_runs_free);
  g_clear_object (&job->snapshot);
  g_main_context_unref (job->context);
  g_ptr_array_unref (job->batches);
  g_ptr_array_unref (job->problems);
  g_ptr_array_unref (job->messages);
  g_hash_table_unref (job->ids_by_path);
  g_clear_error (&job->error);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->done_cond);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Job, job_unref)

/* ---- the controller ---------------------------------------------------- */

struct _OrrRunController
{
  GObject parent_instance;

  OrrRegistry *registry;
  char *model_path; /* the model's file for the next start, or NULL */
  GMainContext *context;
  GSource *drain; /* ready-time driven: ~30 Hz while running, at once on news */

  Job *job; /* of the last start */
  OrrRunState state;
  double time;
  guint run_number;
  guint seen_run; /* the run the logs were last set up for */
  gboolean stop_requested;
  double realtime_factor;
  char *error;
  GPtrArray *problems;
  GPtrArray *messages; /* of OrrProblem*: the warnings of this start */

  GListStore *logs;
  GHashTable *logs_by_id; /* block id -> OrrSignalLog (borrowed from logs) */

  /* rows of (t, the log's channels) for streams whose rows do not fit
   * their log as they are (XYScope pairs, missing values) */
  double *buf_remap;
  gsize buf_channels; /* it holds DRAIN_CHUNK rows of 1 + this many */
  guint drain_first;  /* the recorder the next drain starts with */
  gint64 fast_until;  /* samples flowed fast lately: drain often until then */
};

G_DEFINE_ENUM_TYPE (OrrRunState, orr_run_state, G_DEFINE_ENUM_VALUE (ORR_RUN_IDLE, "idle"),
                    G_DEFINE_ENUM_VALUE (ORR_RUN_COMPILING, "compiling"),
                    G_DEFINE_ENUM_VALUE (ORR_RUN_RUNNING, "running"),
                    G_DEFINE_ENUM_VALUE (ORR_RUN_PAUSED, "paused"),
                    G_DEFINE_ENUM_VALUE (ORR_RUN_FINISHED, "finished"),
                    G_DEFINE_ENUM_VALUE (ORR_RUN_STOPPED, "stopped"),
                    G_DEFINE_ENUM_VALUE (ORR_RUN_FAILED, "failed"))

G_DEFINE_FINAL_TYPE (OrrRunController, orr_run_controller, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_STATE,
  PROP_TIME,
  PROP_RUN_NUMBER,
  PROP_REALTIME_FACTOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_LOG_ADDED,
  SIGNAL_FINISHED,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Where the simulation learns its pacing. Called with the Job lock held,
 * from either thread (the engine takes the factor from any thread). */
static void
apply_realtime_factor (OrrSimulation *sim, double factor)
{
  orr_simulation_set_realtime_factor (sim, factor);
}

/* ---- worker ------------------------------------------------------------ */

static gboolean on_job_news (gpointer data);

/* Wakes the main context: it looks at the Job at once rather than at its
 * next tick. */
static void
job_notify_main (Job *job)
{
  g_autoptr (GSource) idle = g_idle_source_new ();

  g_source_set_priority (idle, G_PRIORITY_DEFAULT);
  g_source_set_callback (idle, on_job_news, job_ref (job), (GDestroyNotify)job_unref);
  g_source_set_static_name (idle, "[orrery] run news");
  g_source_attach (idle, job->context);
}

static guint
input_numel (const OrrProgramBlock *pb, int k)
{
  return k < pb->n_in ? (guint)MAX (pb->in[k].rows * pb->in[k].cols, 0) : 0;
}

/* What the log of a recording block looks like, from the compiled block:
 * its class, input sizes and the axis parameters its class keeps in rpar
 * (see palettes/sinks/). NULL for a block that records nothing to plot. */
static Recorder *
recorder_new (const OrrProgram *program, int index)
{
  const OrrProgramBlock *pb = &program->blocks[index];
  const char *name = pb->klass != NULL ? pb->klass->name : NULL;
  double start = program->settings.start_time;
  Recorder *r;

  if (name == NULL)
    return NULL;
  r = g_new0 (Recorder, 1);
  if (strcmp (name, "Scope") == 0)
    {
      r->kind = ORR_SIGNAL_LOG_TIME;
      for (int k = 0; k < pb->n_in; k++)
        r->n_channels += input_numel (pb, k);
      /* rpar = { ymin, ymax, refresh }: the window shows refresh seconds */
      if (pb->n_rpar >= 3)
        {
          r->has_hint = TRUE;
          r->hint[0] = start;
          r->hint[1] = start + pb->rpar[2];
          r->hint[2] = pb->rpar[0];
          r->hint[3] = pb->rpar[1];
        }
    }
  else if (strcmp (name, "Display") == 0)
    {
      r->kind = ORR_SIGNAL_LOG_TIME;
      r->n_channels = input_numel (pb, 0);
      /* ipar = { digits, text } (palettes/sinks/display.c) */
      if (pb->n_ipar >= 1 && pb->ipar[0] >= 1 && pb->ipar[0] <= 17)
        r->digits = pb->ipar[0];
    }
  else if (strcmp (name, "XYScope") == 0)
    {
      r->kind = ORR_SIGNAL_LOG_XY;
      r->xy_curves = input_numel (pb, 0);
      r->n_channels = 2 * r->xy_curves;
      /* rpar = { xmin, xmax, ymin, ymax } */
      if (pb->n_rpar >= 4)
        {
          r->has_hint = TRUE;
          memcpy (r->hint, pb->rpar, sizeof r->hint);
        }
    }
  else if (strcmp (name, "MultiScope") == 0)
    {
      /* rpar = { refresh, ymin, ymax per input } (palettes/sinks/multi-scope.c) */
      if (pb->n_rpar != 1 + 2 * pb->n_in || pb->n_in < 1)
        {
          g_free (r);
          return NULL;
        }
      r->kind = ORR_SIGNAL_LOG_TIME;
      r->n_axes = pb->n_in;
      r->axis_sizes = g_new (guint, pb->n_in);
      r->axis_ranges = g_memdup2 (pb->rpar + 1, 2 * pb->n_in * sizeof (double));
      for (int k = 0; k < pb->n_in; k++)
        {
          r->axis_sizes[k] = input_numel (pb, k);
          r->n_channels += input_numel (pb, k);
        }
      r->has_hint = TRUE;
      r->hint[0] = start;
      r->hint[1] = start + pb->rpar[0];
      r->hint[2] = pb->rpar[1];
      r->hint[3] = pb->rpar[2];
    }
  else if (strcmp (name, "Anim2D") == 0)
    {
      /* ipar = { inputs, kinds ..., colour rows }, rpar = { area[4], zoom,
       * colours row after row } (palettes/sinks/anim2d.c) */
      int inputs = pb->n_ipar >= 1 ? pb->ipar[0] : -1;
      int colors = inputs >= 0 && pb->n_ipar == inputs + 2 ? pb->ipar[inputs + 1] : -1;

      if (inputs != pb->n_in || colors < 0 || pb->n_rpar != 5 + 3 * colors)
        {
          g_free (r);
          return NULL;
        }
      r->kind = ORR_SIGNAL_LOG_SHAPES;
      r->n_channels = 1;
      r->shapes = g_new0 (OrrSignalLogShapes, 1);
      r->shapes->n_inputs = inputs;
      r->shapes->kinds = g_memdup2 (pb->ipar + 1, inputs * sizeof (int));
      r->shapes->rows = g_new (int, inputs);
      r->shapes->cols = g_new (int, inputs);
      for (int k = 0; k < inputs; k++)
        {
          r->shapes->rows[k] = pb->in[k].rows;
          r->shapes->cols[k] = pb->in[k].cols;
          r->n_channels += input_numel (pb, k);
        }
      memcpy (r->shapes->area, pb->rpar, 4 * sizeof (double));
      r->shapes->zoom = pb->rpar[4];
      r->shapes->n_colors = colors;
      r->shapes->colors = g_memdup2 (pb->rpar + 5, 3 * colors * sizeof (double));
    }
  else if (strcmp (name, "EventScope") == 0)
    {
      r->kind = ORR_SIGNAL_LOG_EVENTS;
      r->n_channels = 1;
      /* rpar = { refresh }; the values are the input numbers 1 ... n */
      if (pb->n_rpar >= 1)
        {
          r->has_hint = TRUE;
          r->hint[0] = start;
          r->hint[1] = start + pb->rpar[0];
          r->hint[2] = 0.5;
          r->hint[3] = pb->n_evin + 0.5;
        }
    }
  else
    {
      g_free (r);
      return NULL;
    }
  r->block = index;
  r->block_id = g_strdup (pb->model_block_id != NULL ? pb->model_block_id : pb->path);
  r->path = g_strdup (pb->path);
  r->n_channels = MAX (r->n_channels, 1);
  return r;
}

/* ---- messages: what blocks report without failing ---------------------- */

/* Main context: hands the messages the worker queued to the controller. */
static gboolean
deliver_messages (gpointer data)
{
  Job *job = data;
  g_autoptr (GPtrArray) messages = NULL;

  g_mutex_lock (&job->lock);
  messages = g_steal_pointer (&job->messages);
  job->messages = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  g_mutex_unlock (&job->lock);
  if (job->owner == NULL)
    return G_SOURCE_REMOVE;
  for (guint i = 0; i < messages->len; i++)
    {
      OrrProblem *problem = g_ptr_array_index (messages, i);

      g_ptr_array_add (job->owner->messages, orr_problem_copy (problem));
      g_signal_emit (job->owner, signals[SIGNAL_MESSAGE], 0, problem);
    }
  return G_SOURCE_REMOVE;
}

/* The simulation's thread: queue, and wake the main context once per
 * batch of messages (an FMU logging every step must not flood it with
 * sources). */
static void
on_message (const char *path, const char *message, gpointer data)
{
  Job *job = data;
  const char *id;
  const char *ids[2] = { NULL, NULL };
  gboolean first;

  g_mutex_lock (&job->lock);
  id = g_hash_table_lookup (job->ids_by_path, path);
  ids[0] = id;
  first = job->messages->len == 0;
  g_ptr_array_add (job->messages,
                   orr_problem_new (id != NULL ? ids : NULL, g_strdup (path), g_strdup (message)));
  g_mutex_unlock (&job->lock);
  if (first)
    {
      g_autoptr (GSource) idle = g_idle_source_new ();

      g_source_set_callback (idle, deliver_messages, job_ref (job), (GDestroyNotify)job_unref);
      g_source_set_static_name (idle, "[orrery] run messages");
      g_source_attach (idle, job->context);
    }
}

static void
watch_messages (Job *job, OrrSimulation *sim, const OrrProgram *program)
{
  g_mutex_lock (&job->lock);
  for (int b = 0; b < program->n_blocks; b++)
    if (program->blocks[b].model_block_id != NULL)
      g_hash_table_insert (job->ids_by_path, g_strdup (program->blocks[b].path),
                           g_strdup (program->blocks[b].model_block_id));
  g_mutex_unlock (&job->lock);
  orr_simulation_set_message_func (sim, on_message, job);
}

static void
on_run_started (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
                gpointer data)
{
  Job *job = data;
  Batch *batch = g_new0 (Batch, 1);

  batch->run = run;
  batch->recorders = g_ptr_array_new_with_free_func ((GDestroyNotify)recorder_free);
  watch_messages (job, sim, program);
  for (int b = 0; b < program->n_blocks; b++)
    {
      Recorder *r = recorder_new (program, b);

      if (r == NULL)
        continue;
      /* Asking now, before the run, makes the main context the stream's
       * reader: a full stream then waits for the next drain instead of
       * dropping samples. */
      orr_simulation_get_stream (sim, b);
      g_ptr_array_add (batch->recorders, r);
    }

  g_mutex_lock (&job->lock);
  job->sim = sim;
  g_ptr_array_add (job->batches, batch);
  /* paused while compiling, or while an End block restarted the model */
  if (job->paused)
    orr_simulation_pause (sim);
  apply_realtime_factor (sim, job->realtime_factor);
  g_mutex_unlock (&job->lock);
  job_notify_main (job);
}

/* The simulation is freed right after this: move what its streams still
 * hold into the batch, for the main context. */
static void
on_run_finished (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
                 gpointer data)
{
  Job *job = data;
  Batch *batch;

  g_mutex_lock (&job->lock);
  batch = g_ptr_array_index (job->batches, job->batches->len - 1);
  for (guint i = 0; i < batch->recorders->len; i++)
    {
      Recorder *r = g_ptr_array_index (batch->recorders, i);
      OrrStream *stream = orr_simulation_get_stream (sim, r->block);
      const double *rows;
      guint n;

      if (stream == NULL)
        continue;
      r->rest_channels = orr_stream_get_n_channels (stream);
      r->rest_rows = g_array_new (FALSE, FALSE, sizeof (double));
      while ((n = orr_stream_peek (stream, &rows, G_MAXUINT)) > 0)
        {
          g_array_append_vals (r->rest_rows, rows, (gsize)n * (r->rest_channels + 1));
          orr_stream_consume (stream, n);
        }
    }
  batch->ended = TRUE;
  job->sim = NULL;
  g_mutex_unlock (&job->lock);
  job_notify_main (job);
}

static gpointer
run_worker (gpointer data)
{
  Job *job = data;
  g_autoptr (GPtrArray) problems
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  ok = orr_runs_execute (job->runs, problems, &error);

  g_mutex_lock (&job->lock);
  job->ok = ok;
  job->error = g_steal_pointer (&error);
  g_ptr_array_extend_and_steal (job->problems, g_steal_pointer (&problems));
  job->done = TRUE;
  g_cond_broadcast (&job->done_cond);
  g_mutex_unlock (&job->lock);
  job_notify_main (job);
  job_unref (job);
  return NULL;
}

/* ---- main context ------------------------------------------------------ */

static void
set_state (OrrRunController *self, OrrRunState state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* Appends n rows of a stream with stream_channels values each (t, then
 * the values) to the recorder's log, pairing an XYScope's x1..xn y1..yn
 * as (x1, y1) ..., and padding with NaN should a block record fewer
 * values than its inputs hold. The log emits "appended" only at
 * orr_signal_log_emit_appended(), once the stream has its rows back. */
static void
append_rows (OrrRunController *self, Recorder *r, const double *rows, int stream_channels, guint n)
{
  gsize stride = (gsize)stream_channels + 1;
  guint nc = r->n_channels;

  if (n == 0 || r->log == NULL)
    return;
  if ((guint)stream_channels == nc && r->xy_curves <= 1)
    {
      orr_signal_log_append_rows (r->log, rows, stride, n);
      return;
    }
  if (nc > self->buf_channels)
    {
      gsize size = (gsize)DRAIN_CHUNK * (nc + 1);

      g_free (self->buf_remap);
      self->buf_remap = g_new (double, size);
      self->buf_channels = nc;
    }
  /* rest_rows may hold more than a chunk */
  for (guint first = 0; first < n; first += DRAIN_CHUNK)
    {
      guint count = MIN (n - first, DRAIN_CHUNK);

      for (guint i = 0; i < count; i++)
        {
          const double *in = rows + (gsize)(first + i) * stride;
          double *out = self->buf_remap + (gsize)i * (nc + 1);

          out[0] = in[0];
          for (guint c = 0; c < nc; c++)
            {
              /* log channel 2k is x_k (recorded at k), 2k+1 is y_k (at n + k) */
              guint from = r->xy_curves > 1 ? (c % 2 == 0 ? c / 2 : r->xy_curves + c / 2) : c;

              out[1 + c] = from < (guint)stream_channels ? in[1 + from] : NAN;
            }
        }
      orr_signal_log_append_rows (r->log, self->buf_remap, nc + 1, count);
    }
}

static void
drop_logs (OrrRunController *self)
{
  g_hash_table_remove_all (self->logs_by_id);
  g_list_store_remove_all (self->logs);
}

/* The first look at a run: its recording blocks get their logs, the ones
 * of the run before cleared when they still fit (End restarts). */
static void
setup_logs (OrrRunController *self, Batch *batch)
{
  const OrrSettings *settings = orr_model_get_settings (self->job->snapshot);

  if (batch->run == self->seen_run)
    return;
  self->seen_run = batch->run;
  /* how fast it records is not known yet: look often at first */
  self->fast_until = g_get_monotonic_time () + DRAIN_FAST_HOLD_US;
  for (guint i = 0; i < batch->recorders->len; i++)
    {
      Recorder *r = g_ptr_array_index (batch->recorders, i);
      OrrSignalLog *old = g_hash_table_lookup (self->logs_by_id, r->block_id);
      guint position = 0;

      /* an animation's shapes may have changed with the same channels */
      if (old != NULL && orr_signal_log_get_kind (old) == r->kind
          && r->kind != ORR_SIGNAL_LOG_SHAPES && r->n_axes == 0
          && orr_signal_log_get_n_axes (old) == 1
          && orr_signal_log_get_n_channels (old) == r->n_channels)
        {
          r->log = g_object_ref (old);
          orr_signal_log_clear (r->log);
        }
      else
        {
          r->log = orr_signal_log_new (r->kind, r->path, r->n_channels);
          for (guint k = 0; k < r->xy_curves; k++)
            {
              g_autofree char *x = g_strdup_printf ("x%u", k + 1);
              g_autofree char *y = g_strdup_printf ("y%u", k + 1);

              orr_signal_log_set_channel_name (r->log, 2 * k, x);
              orr_signal_log_set_channel_name (r->log, 2 * k + 1, y);
            }
        }
      if (r->shapes != NULL && r->log != old)
        orr_signal_log_set_shapes (r->log, r->shapes);
      if (r->n_axes > 0 && r->log != old)
        orr_signal_log_set_axes (r->log, r->n_axes, r->axis_sizes, r->axis_ranges);
      orr_signal_log_set_time_span (r->log, settings->start_time, settings->final_time);
      orr_signal_log_set_digits (r->log, r->digits);
      if (r->has_hint)
        orr_signal_log_set_hint_range (r->log, r->hint[0], r->hint[1], r->hint[2], r->hint[3]);
      if (old == r->log)
        continue;

      if (old != NULL && g_list_store_find (self->logs, old, &position))
        g_list_store_splice (self->logs, position, 1, (gpointer *)&r->log, 1);
      else
        g_list_store_append (self->logs, r->log);
      g_hash_table_replace (self->logs_by_id, g_strdup (r->block_id), r->log);
      g_signal_emit (self, signals[SIGNAL_LOG_ADDED], 0, r->log);
    }
}

/* Reads the running batch's streams, at most DRAIN_CHUNKS_PER_DISPATCH
 * chunks each unless unbounded. The lock is held per chunk only, so that
 * log handlers may call back into the controller. Returns when to come
 * back, in microseconds from now (see DRAIN_PERIOD_US). */
static gint64
drain_running (OrrRunController *self, Batch *batch, gboolean unbounded)
{
  Job *job = self->job;
  gboolean backlog = FALSE;
  guint64 total = 0;
  gint64 deadline = g_get_monotonic_time () + DRAIN_BUDGET_US;

  for (guint i = 0; i < batch->recorders->len; i++)
    {
      /* out of time, the next dispatch starts with the streams left over */
      guint index = (self->drain_first + i) % batch->recorders->len;
      Recorder *r = g_ptr_array_index (batch->recorders, index);

      if (!unbounded && g_get_monotonic_time () > deadline)
        {
          self->drain_first = index;
          return 0;
        }

      for (int chunk = 0; unbounded || chunk < DRAIN_CHUNKS_PER_DISPATCH; chunk++)
        {
          OrrStream *stream = NULL;
          guint n = 0;

          /* The rows are read where they lie in the stream, which the run
           * frees when it ends: the lock keeps it until they are copied
           * and handed back. Nothing emitted meanwhile (see append_rows). */
          g_mutex_lock (&job->lock);
          if (!batch->ended && job->sim != NULL)
            stream = orr_simulation_get_stream (job->sim, r->block);
          if (stream != NULL)
            {
              int channels = orr_stream_get_n_channels (stream);
              const double *rows;
              guint got;

              /* more than once where a block of the stream ends */
              while (n < DRAIN_CHUNK
                     && (got = orr_stream_peek (stream, &rows, DRAIN_CHUNK - n)) > 0)
                {
                  append_rows (self, r, rows, channels, got);
                  orr_stream_consume (stream, got);
                  n += got;
                }
            }
          g_mutex_unlock (&job->lock);

          total += n;
          if (n < DRAIN_CHUNK)
            break;
          backlog = TRUE;
        }
      if (r->log != NULL)
        orr_signal_log_emit_appended (r->log);
    }
  if (total >= DRAIN_FAST_SAMPLES)
    self->fast_until = g_get_monotonic_time () + DRAIN_FAST_HOLD_US;
  if (backlog)
    return 0;
  return g_get_monotonic_time () < self->fast_until ? DRAIN_FAST_US : DRAIN_PERIOD_US;
}

static void
finish (OrrRunController *self)
{
  Job *job = self->job;
  const OrrSimStats *stats = orr_runs_get_stats (job->runs);
  OrrRunState state;

  /* the worker has ended: nothing else writes these now */
  g_ptr_array_set_size (self->problems, 0);
  for (guint i = 0; i < job->problems->len; i++)
    g_ptr_array_add (self->problems, orr_problem_copy (g_ptr_array_index (job->problems, i)));
  g_clear_pointer (&self->error, g_free);
  if (!job->ok)
    {
      self->error = g_strdup (job->error != NULL ? job->error->message : _ ("the run failed"));
      state = ORR_RUN_FAILED;
    }
  else if (self->stop_requested)
    state = ORR_RUN_STOPPED;
  else
    state = ORR_RUN_FINISHED;

  if (orr_runs_get_program (job->runs) != NULL && self->time != stats->final_time)
    {
      self->time = stats->final_time;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
    }
  g_source_set_ready_time (self->drain, -1);
  set_state (self, state);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, state);
}

/* Everything the main context does for a run: take finished runs' last
 * samples, drain the running one, follow time and run number, and finish
 * once the worker is done. Returns when to come back, in microseconds. */
static gint64
poll_job (OrrRunController *self, gboolean unbounded)
{
  g_autoptr (Job) job = NULL;
  g_autoptr (GPtrArray) ended = g_ptr_array_new_with_free_func ((GDestroyNotify)batch_free);
  Batch *running = NULL;
  gboolean done;
  gint64 next = DRAIN_PERIOD_US;
  guint run;
  double t;

  if (self->job == NULL || self->state >= ORR_RUN_FINISHED)
    return next;
  /* a handler below may start a new run: keep this one's Job alive */
  job = job_ref (self->job);

  g_mutex_lock (&job->lock);
  done = job->done;
  while (job->batches->len > 0)
    {
      Batch *b = g_ptr_array_index (job->batches, 0);

      if (!b->ended)
        {
          running = b;
          break;
        }
      g_ptr_array_add (ended, g_ptr_array_steal_index (job->batches, 0));
    }
  g_mutex_unlock (&job->lock);

  for (guint i = 0; i < ended->len; i++)
    {
      Batch *b = g_ptr_array_index (ended, i);

      setup_logs (self, b);
      for (guint k = 0; k < b->recorders->len; k++)
        {
          Recorder *r = g_ptr_array_index (b->recorders, k);

          if (r->rest_rows != NULL)
            append_rows (self, r, (double *)r->rest_rows->data, r->rest_channels,
                         r->rest_rows->len / (r->rest_channels + 1));
          if (r->log != NULL)
            orr_signal_log_emit_appended (r->log);
        }
      if (self->job != job)
        return next;
    }
  if (running != NULL)
    {
      setup_logs (self, running);
      if (self->state == ORR_RUN_COMPILING)
        set_state (self, ORR_RUN_RUNNING);
      next = drain_running (self, running, unbounded);
      if (self->job != job)
        return next;
    }

  run = orr_runs_get_count (job->runs);
  if (run != self->run_number)
    {
      self->run_number = run;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUN_NUMBER]);
    }
  t = orr_runs_get_time (job->runs);
  if (running != NULL && t != self->time)
    {
      self->time = t;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
    }
  if (done && self->job == job)
    finish (self);
  return next;
}

static gboolean
on_drain (gpointer data)
{
  /* a handler may drop the last reference to the controller */
  g_autoptr (OrrRunController) self = g_object_ref (data);
  gint64 next = poll_job (self, FALSE);

  if (self->state < ORR_RUN_FINISHED && self->state != ORR_RUN_IDLE)
    g_source_set_ready_time (self->drain, next == 0 ? 0 : g_get_monotonic_time () + next);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_job_news (gpointer data)
{
  Job *job = data;

  if (job->owner != NULL && job->owner->job == job)
    g_source_set_ready_time (job->owner->drain, 0);
  return G_SOURCE_REMOVE;
}

static gboolean
drain_source_dispatch (GSource *source, GSourceFunc callback, gpointer data)
{
  g_source_set_ready_time (source, -1);
  return callback (data);
}

static GSourceFuncs drain_source_funcs = {
  .dispatch = drain_source_dispatch,
};

/* ---- GObject ------------------------------------------------------------ */

static void
orr_run_controller_dispose (GObject *object)
{
  OrrRunController *self = ORR_RUN_CONTROLLER (object);

  if (self->job != NULL)
    {
      if (self->state < ORR_RUN_FINISHED)
        {
          orr_runs_stop (self->job->runs);
          g_mutex_lock (&self->job->lock);
          while (!self->job->done)
            g_cond_wait (&self->job->done_cond, &self->job->lock);
          g_mutex_unlock (&self->job->lock);
        }
      self->job->owner = NULL;
      g_clear_pointer (&self->job, job_unref);
    }
  if (self->drain != NULL)
    {
      g_source_destroy (self->drain);
      g_clear_pointer (&self->drain, g_source_unref);
    }
  if (self->logs_by_id != NULL)
    g_hash_table_remove_all (self->logs_by_id);
  g_clear_object (&self->logs);
  G_OBJECT_CLASS (orr_run_controller_parent_class)->dispose (object);
}

static void
orr_run_controller_finalize (GObject *object)
{
  OrrRunController *self = ORR_RUN_CONTROLLER (object);

  g_clear_pointer (&self->logs_by_id, g_hash_table_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_free (self->model_path);
  g_ptr_array_unref (self->problems);
  g_ptr_array_unref (self->messages);
  g_free (self->error);
  g_free (self->buf_remap);
  G_OBJECT_CLASS (orr_run_controller_parent_class)->finalize (object);
}

static void
orr_run_controller_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OrrRunController *self = ORR_RUN_CONTROLLER (object);

  switch (prop_id)
    {
      case PROP_STATE:
        g_value_set_enum (value, self->state);
        break;
      case PROP_TIME:
        g_value_set_double (value, self->time);
        break;
      case PROP_RUN_NUMBER:
        g_value_set_uint (value, self->run_number);
        break;
      case PROP_REALTIME_FACTOR:
        g_value_set_double (value, self->realtime_factor);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_run_controller_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  OrrRunController *self = ORR_RUN_CONTROLLER (object);

  switch (prop_id)
    {
      case PROP_REALTIME_FACTOR:
        orr_run_controller_set_realtime_factor (self, g_value_get_double (value));
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_run_controller_class_init (OrrRunControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = orr_run_controller_dispose;
  object_class->finalize = orr_run_controller_finalize;
  object_class->get_property = orr_run_controller_get_property;
  object_class->set_property = orr_run_controller_set_property;

  properties[PROP_STATE]
    = g_param_spec_enum ("state", NULL, NULL, ORR_TYPE_RUN_STATE, ORR_RUN_IDLE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME]
    = g_param_spec_double ("time", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUN_NUMBER]
    = g_param_spec_uint ("run-number", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REALTIME_FACTOR]
    = g_param_spec_double ("realtime-factor", NULL, NULL, 0, G_MAXDOUBLE, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_LOG_ADDED]
    = g_signal_new ("log-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 1, ORR_TYPE_SIGNAL_LOG);
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, ORR_TYPE_RUN_STATE);
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
orr_run_controller_init (OrrRunController *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->logs = g_list_store_new (ORR_TYPE_SIGNAL_LOG);
  self->logs_by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  self->messages = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);

  self->drain = g_source_new (&drain_source_funcs, sizeof (GSource));
  g_source_set_callback (self->drain, on_drain, self, NULL);
  /* below input and drawing: a busy run never makes the window lag */
  g_source_set_priority (self->drain, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_static_name (self->drain, "[orrery] run drain");
  g_source_set_ready_time (self->drain, -1);
  g_source_attach (self->drain, self->context);
}

/* ---- public API -------------------------------------------------------- */

OrrRunController *
orr_run_controller_new (OrrRegistry *registry)
{
  OrrRunController *self;

  g_return_val_if_fail (registry != NULL, NULL);

  self = g_object_new (ORR_TYPE_RUN_CONTROLLER, NULL);
  self->registry = registry;
  return self;
}

void
orr_run_controller_set_model_path (OrrRunController *self, const char *path)
{
  g_return_if_fail (ORR_IS_RUN_CONTROLLER (self));
  g_free (self->model_path);
  self->model_path = g_strdup (path);
}

gboolean
orr_run_controller_start (OrrRunController *self, OrrModel *model, gboolean trust_native_code,
                          GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (OrrModel) snapshot = NULL;
  OrrCompileOptions options
    = { .trust_native_code = trust_native_code, .model_path = self->model_path };
  gsize length = 0;
  Job *job;
  GThread *thread;

  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state == ORR_RUN_COMPILING || self->state == ORR_RUN_RUNNING
      || self->state == ORR_RUN_PAUSED)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _ ("the model is still running; stop it first"));
      return FALSE;
    }

  /* Through the file format: the snapshot shares nothing with the model
   * the user goes on editing. */
  text = orr_model_save_to_data (model, &length);
  snapshot = orr_model_load_data (text, length, _ ("the model being run"), error);
  if (snapshot == NULL)
    return FALSE;

  if (self->job != NULL)
    {
      self->job->owner = NULL;
      g_clear_pointer (&self->job, job_unref);
    }
  job = g_new0 (Job, 1);
  g_atomic_ref_count_init (&job->ref);
  job->context = g_main_context_ref (self->context);
  job->snapshot = g_steal_pointer (&snapshot);
  job->registry = self->registry;
  job->runs = orr_runs_new (job->snapshot, job->registry, NULL, &options);
  orr_runs_set_callbacks (job->runs, on_run_started, on_run_finished, job);
  g_mutex_init (&job->lock);
  g_cond_init (&job->done_cond);
  job->batches = g_ptr_array_new_with_free_func ((GDestroyNotify)batch_free);
  job->problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  job->messages = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  job->ids_by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  job->realtime_factor = self->realtime_factor;
  job->owner = self;
  self->job = job;

  self->stop_requested = FALSE;
  self->seen_run = 0;
  g_clear_pointer (&self->error, g_free);
  g_ptr_array_set_size (self->problems, 0);
  g_ptr_array_set_size (self->messages, 0);
  drop_logs (self);

  /* the worker's reference; it lets go as its last act */
  thread = g_thread_try_new ("orrery-run", run_worker, job_ref (job), error);
  if (thread == NULL)
    {
      job_unref (job);
      self->job->owner = NULL;
      g_clear_pointer (&self->job, job_unref);
      return FALSE;
    }
  /* never joined: wait() and dispose wait for Job.done instead, so the
   * main thread never blocks on the thread's last instructions */
  g_thread_unref (thread);

  if (self->run_number != 0)
    {
      self->run_number = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUN_NUMBER]);
    }
  if (self->time != orr_model_get_settings (job->snapshot)->start_time)
    {
      self->time = orr_model_get_settings (job->snapshot)->start_time;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
    }
  set_state (self, ORR_RUN_COMPILING);
  g_source_set_ready_time (self->drain, g_get_monotonic_time () + DRAIN_PERIOD_US);
  return TRUE;
}

static gboolean
is_active (OrrRunController *self)
{
  return self->job != NULL
         && (self->state == ORR_RUN_COMPILING || self->state == ORR_RUN_RUNNING
             || self->state == ORR_RUN_PAUSED);
}

void
orr_run_controller_pause (OrrRunController *self)
{
  g_return_if_fail (ORR_IS_RUN_CONTROLLER (self));

  if (!is_active (self) || self->state == ORR_RUN_PAUSED || self->stop_requested)
    return;
  g_mutex_lock (&self->job->lock);
  self->job->paused = TRUE;
  if (self->job->sim != NULL)
    orr_simulation_pause (self->job->sim);
  g_mutex_unlock (&self->job->lock);
  set_state (self, ORR_RUN_PAUSED);
}

void
orr_run_controller_resume (OrrRunController *self)
{
  g_return_if_fail (ORR_IS_RUN_CONTROLLER (self));

  if (!is_active (self) || self->state != ORR_RUN_PAUSED)
    return;
  g_mutex_lock (&self->job->lock);
  self->job->paused = FALSE;
  if (self->job->sim != NULL)
    orr_simulation_resume (self->job->sim);
  g_mutex_unlock (&self->job->lock);
  set_state (self, self->seen_run > 0 ? ORR_RUN_RUNNING : ORR_RUN_COMPILING);
}

void
orr_run_controller_stop (OrrRunController *self)
{
  g_return_if_fail (ORR_IS_RUN_CONTROLLER (self));

  if (!is_active (self))
    return;
  self->stop_requested = TRUE;
  /* stops the current simulation, paused or not, and any later run */
  orr_runs_stop (self->job->runs);
}

void
orr_run_controller_wait (OrrRunController *self)
{
  g_autoptr (OrrRunController) hold = NULL;
  g_autoptr (Job) job = NULL;

  g_return_if_fail (ORR_IS_RUN_CONTROLLER (self));

  if (!is_active (self))
    return;
  /* a handler may drop the last reference to the controller */
  hold = g_object_ref (self);
  job = job_ref (self->job);
  for (;;)
    {
      gboolean done;

      /* keep reading, or a producer waiting on a full stream never ends */
      poll_job (self, TRUE);
      if (self->job != job || !is_active (self))
        return;
      g_mutex_lock (&job->lock);
      if (!job->done)
        g_cond_wait_until (&job->done_cond, &job->lock,
                           g_get_monotonic_time () + 10 * G_TIME_SPAN_MILLISECOND);
      done = job->done;
      g_mutex_unlock (&job->lock);
      if (done)
        {
          poll_job (self, TRUE);
          return;
        }
    }
}

OrrRunState
orr_run_controller_get_state (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), ORR_RUN_IDLE);

  return self->state;
}

double
orr_run_controller_get_time (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), 0);

  /* fresher than the last tick while running */
  if (self->job != NULL && self->state >= ORR_RUN_RUNNING && self->state <= ORR_RUN_PAUSED
      && self->seen_run > 0)
    return orr_runs_get_time (self->job->runs);
  return self->time;
}

double
orr_run_controller_get_fraction (OrrRunController *self)
{
  const OrrSettings *settings;
  double span;

  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), 0);

  if (self->job == NULL)
    return 0;
  settings = orr_model_get_settings (self->job->snapshot);
  span = settings->final_time - settings->start_time;
  if (!(span > 0))
    return 1;
  return CLAMP ((orr_run_controller_get_time (self) - settings->start_time) / span, 0.0, 1.0);
}

guint
orr_run_controller_get_run_number (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), 0);

  return self->run_number;
}

void
orr_run_controller_set_realtime_factor (OrrRunController *self, double factor)
{
  g_return_if_fail (ORR_IS_RUN_CONTROLLER (self));
  g_return_if_fail (factor >= 0 && isfinite (factor));

  if (self->realtime_factor == factor)
    return;
  self->realtime_factor = factor;
  if (self->job != NULL)
    {
      g_mutex_lock (&self->job->lock);
      self->job->realtime_factor = factor;
      if (self->job->sim != NULL)
        apply_realtime_factor (self->job->sim, factor);
      g_mutex_unlock (&self->job->lock);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REALTIME_FACTOR]);
}

double
orr_run_controller_get_realtime_factor (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), 0);

  return self->realtime_factor;
}

const char *
orr_run_controller_get_error (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);

  return self->state == ORR_RUN_FAILED ? self->error : NULL;
}

GPtrArray *
orr_run_controller_get_problems (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);

  return self->problems;
}

GPtrArray *
orr_run_controller_get_messages (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);

  return self->messages;
}

GListModel *
orr_run_controller_get_logs (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);

  return G_LIST_MODEL (self->logs);
}

const char *
orr_run_controller_get_log_block_id (OrrRunController *self, OrrSignalLog *log)
{
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (log), NULL);

  g_hash_table_iter_init (&iter, self->logs_by_id);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (value == log)
      return key;
  return NULL;
}

OrrSignalLog *
orr_run_controller_find_log (OrrRunController *self, const char *block_id)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);
  g_return_val_if_fail (block_id != NULL, NULL);

  return g_hash_table_lookup (self->logs_by_id, block_id);
}

OrrModel *
orr_run_controller_get_snapshot (OrrRunController *self)
{
  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), NULL);

  return self->job != NULL ? self->job->snapshot : NULL;
}

gboolean
orr_run_controller_retune (OrrRunController *self, OrrModel *model, GError **error)
{
  g_autoptr (OrrProgram) tuned = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  gboolean ok;

  g_return_val_if_fail (ORR_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);

  if (!is_active (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _ ("the model is not running"));
      return FALSE;
    }
  /* Compiled here, on the main thread, like the run's own program but
   * from the edited model; the engine copies what it needs. */
  problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  {
    /* The run's number, as the runs give it; not the base, which the run
     * may be writing to on the worker right now (a parameter that reads
     * the base does not compile here, so its change waits for a new run). */
    g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
    g_autoptr (OrrValue) counter = orr_value_new_double (MAX (self->run_number, 1));

    orr_scope_set (overrides, ORR_RUNS_COUNTER, counter);
    tuned = orr_compile (model, self->registry, overrides, problems, error);
  }
  if (tuned == NULL)
    return FALSE;

  g_mutex_lock (&self->job->lock);
  if (self->job->sim == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                           _ ("the model is between runs; the change counts from the next one"));
      ok = FALSE;
    }
  else
    ok = orr_simulation_retune (self->job->sim, tuned, error);
  g_mutex_unlock (&self->job->lock);
  return ok;
}
