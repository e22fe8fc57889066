/* orr-window-loading.c: blocks whose configure is slow (OrrBlockClass.
 * slow_configure: an FMU block unpacks and reads its FMU) are configured
 * on a worker, never on the GTK thread, so that opening a model with a
 * big FMU, a slow disk or a hostile file leaves the window responsive.
 *
 * When the window opens a model, and whenever such a block is added or
 * its parameters or a context change, the block is queued. One GTask at
 * a time takes the next block: its parameters are evaluated here (a
 * detached copy of the block and the scope its diagram gives, which the
 * worker alone then reads), and on the worker an FMU is first unpacked
 * with progress (orr_fmu_unpack_full) and then the class's configure runs
 * with the window's cancellable as the thread's current one. Meanwhile the
 * canvas shows the block with the ports saved in the file and a "loading…"
 * text; when the worker is done, the block gets its label and, where they
 * differ, its ports (one undoable "Update Ports" step).
 *
 * The header bar shows what is read and how far (the run's progress bar)
 * while no simulation runs; Stop (win.stop, Shift+F5) cancels: the unpack
 * stops between two blocks of the archive, removes its private folder,
 * and the blocks not loaded show "unpacking cancelled" with the ports
 * from the file, the model still editable. A failed block shows a problem
 * and its message goes to the problems list.
 *
 * ORRERY_TEST_FMU_UNPACK_DELAY_US (tests only): a pause after each block
 * unpacked, so that a test can watch a long unpack on a small file. */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-editor.h>
#include <orrery/orr-fmu.h>
#include <orrery/orr-interface.h>

#define FMU_TYPE "FMU"
/* how often the header bar follows the worker */
#define PROGRESS_INTERVAL_MS 100

struct _OrrWindowLoadJob
{
  char *block_id;
  char *key; /* the block's parameters when it was queued */
  const OrrBlockClass *klass;
  OrrBlock *copy;  /* detached: only the worker reads it */
  OrrScope *scope; /* the block's diagram's scope, or NULL */
  char *fmu_path;  /* an FMU block's file, to unpack first; or NULL */
  char *fmu_name;  /* its base name */
  char *shown;     /* what the header bar calls it: the file, else the block */
  guint delay_us;

  GMutex lock; /* the worker writes, the GTK thread polls */
  OrrFmuProgressPhase phase;
  guint64 done, total;
  gboolean configuring;

  /* the result, read by the GTK thread once the task is done */
  OrrBlockInterface *iface;
  GError *error;
};

static void
load_job_free (OrrWindowLoadJob *job)
{
  g_free (job->block_id);
  g_free (job->key);
  g_clear_pointer (&job->copy, orr_block_unref);
  g_clear_pointer (&job->scope, orr_scope_unref);
  g_free (job->fmu_path);
  g_free (job->fmu_name);
  g_free (job->shown);
  g_mutex_clear (&job->lock);
  g_clear_pointer (&job->iface, orr_block_interface_free);
  g_clear_error (&job->error);
  g_free (job);
}

/* The block's parameters as one string: a change of any means loading
 * again. */
static char *
params_key (OrrBlock *block)
{
  GString *key = g_string_new (block->type);

  for (guint i = 0; block->params != NULL && i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);
      g_string_append_printf (key, "\n%s=%s", p->name, p->expr);
    }
  return g_string_free (key, FALSE);
}

static const OrrBlockClass *
slow_class (OrrWindow *self, OrrBlock *block)
{
  const OrrBlockClass *klass;

  if (block == NULL || orr_block_is_super (block) || orr_block_is_annotation (block)
      || self->registry == NULL)
    return NULL;
  klass = orr_registry_lookup (self->registry, block->type);
  return klass != NULL && klass->slow_configure ? klass : NULL;
}

/* ---- the worker ------------------------------------------------------------- */

static void
job_progress (OrrFmuProgressPhase phase, guint64 done, guint64 total, gpointer data)
{
  OrrWindowLoadJob *job = data;

  g_mutex_lock (&job->lock);
  job->phase = phase;
  job->done = done;
  job->total = total;
  g_mutex_unlock (&job->lock);
  if (job->delay_us > 0 && phase == ORR_FMU_PROGRESS_UNPACKING && done > 0)
    g_usleep (job->delay_us);
}

static void
load_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  OrrWindowLoadJob *job = data;
  g_autoptr (GError) error = NULL;
  OrrBlockInterface *iface = NULL;

  g_cancellable_push_current (cancellable);
  if (job->fmu_path != NULL)
    {
      /* the long part, with progress; configure then finds it unpacked */
      g_autofree char *folder
        = orr_fmu_unpack_full (job->fmu_path, cancellable, job_progress, job, NULL, &error);

      if (folder == NULL)
        goto out;
    }
  g_mutex_lock (&job->lock);
  job->configuring = TRUE;
  g_mutex_unlock (&job->lock);
  iface = orr_block_class_interface (job->klass, job->copy, job->scope, &error);
out:
  g_cancellable_pop_current (cancellable);
  job->iface = iface;
  job->error = g_steal_pointer (&error);
  g_task_return_boolean (task, TRUE);
}

/* ---- the header bar --------------------------------------------------------- */

static gboolean
run_active (OrrWindow *self)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (self), "run-state");
  const char *s = state != NULL ? g_variant_get_string (state, NULL) : "idle";

  return g_str_equal (s, "compiling") || g_str_equal (s, "running") || g_str_equal (s, "paused");
}

static gboolean
update_progress (gpointer data)
{
  OrrWindow *self = ORR_WINDOW (data);
  OrrWindowLoadJob *job = self->loading_job;
  g_autofree char *text = NULL;
  double fraction = 0;
  const char *name;

  if (job == NULL || run_active (self))
    return G_SOURCE_CONTINUE; /* a run's own progress has the bar */
  name = job->shown;
  g_mutex_lock (&job->lock);
  if (job->configuring)
    {
      text = g_strdup_printf (_ ("Reading %s"), name);
      fraction = 1;
    }
  else
    {
      text = g_strdup_printf (
        job->phase == ORR_FMU_PROGRESS_HASHING ? _ ("Checking %s") : _ ("Unpacking %s"), name);
      fraction = job->total > 0 ? (double)job->done / (double)job->total : 0;
    }
  g_mutex_unlock (&job->lock);
  gtk_widget_set_visible (GTK_WIDGET (self->run_status_box), TRUE);
  gtk_label_set_text (self->run_time_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_status_box),
                               _ ("Stop (Shift+F5) cancels the unpacking"));
  gtk_progress_bar_set_fraction (self->run_progress, CLAMP (fraction, 0, 1));
  return G_SOURCE_CONTINUE;
}

/* Loading is over (done or stopped): the header bar goes back to what
 * runs show. */
static void
loading_finished (OrrWindow *self)
{
  g_clear_handle_id (&self->loading_timer, g_source_remove);
  g_clear_object (&self->loading_cancellable);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_status_box), NULL);
  if (!run_active (self))
    _orr_window_run_show_progress (self);
  _orr_window_run_update (self);
}

/* ---- the queue ---------------------------------------------------------------- */

static void start_next (OrrWindow *self);

static void
show_problem (OrrWindow *self, OrrBlock *block, const char *message)
{
  const char *ids[] = { block->id, NULL };
  g_autofree char *path = orr_block_get_path (block);
  OrrProblem *problem = orr_problem_new (ids, g_steal_pointer (&path), g_strdup (message));

  problem->warning = TRUE;
  _orr_window_add_warning (self, problem);
  orr_problem_free (problem);
}

/* Every block still waiting gets the cancelled look. */
static void
cancel_queue (OrrWindow *self)
{
  char *id;

  while ((id = g_queue_pop_head (&self->loading_queue)) != NULL)
    {
      orr_canvas_set_block_status (self->canvas, id, ORR_CANVAS_BLOCK_PROBLEM,
                                   _ ("unpacking cancelled"));
      /* queued again by the next change of its parameters */
      g_hash_table_remove (self->loading_keys, id);
      g_free (id);
    }
}

static void
load_done (GObject *source, GAsyncResult *result, gpointer data)
{
  OrrWindow *self = ORR_WINDOW (source);
  OrrWindowLoadJob *job = data;
  OrrBlock *block;
  gboolean cancelled;

  self->loading_job = NULL;
  if (self->loading_keys == NULL)
    {
      /* the window went away meanwhile */
      load_job_free (job);
      g_clear_object (&self->loading_cancellable);
      return;
    }
  cancelled = job->error != NULL
              && (g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                  || (self->loading_cancellable != NULL
                      && g_cancellable_is_cancelled (self->loading_cancellable)));
  block = self->model != NULL ? orr_model_find_block (self->model, job->block_id) : NULL;
  /* a block deleted, or changed again since: its newer load decides */
  if (block != NULL
      && g_strcmp0 (g_hash_table_lookup (self->loading_keys, job->block_id), job->key) == 0)
    {
      if (job->iface != NULL)
        {
          orr_canvas_set_block_status (self->canvas, job->block_id, ORR_CANVAS_BLOCK_READY,
                                       job->iface->label);
          orr_editor_apply_interface (self->model, block, job->iface);
        }
      else if (cancelled)
        {
          g_autofree char *message = g_strdup_printf (
            _ ("Unpacking %s was cancelled: the block keeps the ports saved in the file"),
            job->shown);

          orr_canvas_set_block_status (self->canvas, job->block_id, ORR_CANVAS_BLOCK_PROBLEM,
                                       _ ("unpacking cancelled"));
          g_hash_table_remove (self->loading_keys, job->block_id);
          orr_window_show_message (self, message);
        }
      else
        {
          orr_canvas_set_block_status (self->canvas, job->block_id, ORR_CANVAS_BLOCK_PROBLEM,
                                       _ ("not loaded"));
          show_problem (self, block, job->error != NULL ? job->error->message : "?");
        }
    }
  load_job_free (job);
  if (cancelled)
    cancel_queue (self);
  if (g_queue_is_empty (&self->loading_queue))
    loading_finished (self);
  else
    start_next (self);
}

static OrrWindowLoadJob *
make_job (OrrWindow *self, OrrBlock *block, const OrrBlockClass *klass, OrrEvaluation **evaluation)
{
  OrrWindowLoadJob *job = g_new0 (OrrWindowLoadJob, 1);
  const char *delay = g_getenv ("ORRERY_TEST_FMU_UNPACK_DELAY_US");
  OrrScope *scope;

  g_mutex_init (&job->lock);
  job->block_id = g_strdup (block->id);
  job->key = g_strdup (g_hash_table_lookup (self->loading_keys, block->id));
  job->klass = klass;
  job->copy = orr_block_copy (block);
  if (*evaluation == NULL)
    *evaluation = orr_evaluate_model_with_registry (self->model, NULL, self->registry);
  scope = orr_evaluation_get_scope (*evaluation, block->parent);
  /* a child scope: whatever evaluating there writes stays the job's */
  job->scope = scope != NULL ? orr_scope_new (scope) : NULL;
  if (g_str_equal (block->type, FMU_TYPE))
    {
      OrrValue *file = orr_evaluation_get_param (*evaluation, block, "file");

      if (file != NULL && orr_value_get_type_id (file) == ORR_TYPE_STRING
          && *orr_value_get_string (file) != '\0')
        {
          job->fmu_path = g_canonicalize_filename (orr_value_get_string (file), NULL);
          job->fmu_name = g_path_get_basename (job->fmu_path);
        }
    }
  job->shown = g_strdup (job->fmu_name != NULL                           ? job->fmu_name
                         : block->label != NULL && *block->label != '\0' ? block->label
                                                                         : block->id);
  job->delay_us = delay != NULL ? (guint)g_ascii_strtoull (delay, NULL, 10) : 0;
  return job;
}

static void
start_next (OrrWindow *self)
{
  g_autoptr (OrrEvaluation) evaluation = NULL;

  while (self->loading_job == NULL && !g_queue_is_empty (&self->loading_queue))
    {
      g_autofree char *id = g_queue_pop_head (&self->loading_queue);
      OrrBlock *block = orr_model_find_block (self->model, id);
      const OrrBlockClass *klass = slow_class (self, block);
      g_autoptr (GTask) task = NULL;

      if (klass == NULL)
        continue; /* deleted since */
      if (self->loading_cancellable == NULL)
        self->loading_cancellable = g_cancellable_new ();
      self->loading_job = make_job (self, block, klass, &evaluation);
      task = g_task_new (self, self->loading_cancellable, load_done, self->loading_job);
      g_task_set_source_tag (task, start_next);
      g_task_set_task_data (task, self->loading_job, NULL);
      g_task_run_in_thread (task, load_in_thread);
    }
  if (self->loading_job != NULL && self->loading_timer == 0)
    {
      /* a block read in less than that (an FMU in the cache, no file
       * yet) never shows the bar */
      self->loading_timer = g_timeout_add (PROGRESS_INTERVAL_MS, update_progress, self);
      _orr_window_run_update (self);
    }
}

static void
queue_block (OrrWindow *self, OrrBlock *block)
{
  g_autofree char *key = NULL;

  if (slow_class (self, block) == NULL)
    return;
  key = params_key (block);
  if (g_strcmp0 (g_hash_table_lookup (self->loading_keys, block->id), key) == 0)
    return; /* loaded or queued as it is */
  g_hash_table_insert (self->loading_keys, g_strdup (block->id), g_steal_pointer (&key));
  orr_canvas_set_block_status (self->canvas, block->id, ORR_CANVAS_BLOCK_LOADING, _ ("loading…"));
  if (g_queue_find_custom (&self->loading_queue, block->id, (GCompareFunc)g_strcmp0) == NULL)
    g_queue_push_tail (&self->loading_queue, g_strdup (block->id));
}

static void
queue_each (OrrBlock *block, gpointer data)
{
  queue_block (ORR_WINDOW (data), block);
}

/* ---- the window's side ------------------------------------------------------ */

void
_orr_window_loading_start (OrrWindow *self)
{
  orr_diagram_foreach_block (orr_model_get_root (self->model), queue_each, self);
  start_next (self);
}

void
_orr_window_loading_model_changed (OrrWindow *self, OrrChange *change)
{
  switch (change->kind)
    {
      case ORR_CHANGE_BLOCK_ADDED:
      case ORR_CHANGE_BLOCK_CHANGED:
        if (change->block == NULL)
          return;
        queue_block (self, change->block);
        /* a super block pasted or undone back brings its insides */
        if (change->block->child != NULL)
          orr_diagram_foreach_block (change->block->child, queue_each, self);
        break;
      case ORR_CHANGE_CONTEXT_CHANGED:
        /* a parameter may name its file through a context variable */
        g_hash_table_remove_all (self->loading_keys);
        orr_diagram_foreach_block (orr_model_get_root (self->model), queue_each, self);
        break;
      default:
        return;
    }
  start_next (self);
}

gboolean
_orr_window_loading_active (OrrWindow *self)
{
  return self->loading_job != NULL;
}

gboolean
_orr_window_loading_cancel (OrrWindow *self)
{
  if (self->loading_job == NULL)
    return FALSE;
  /* the worker stops at its next check; load_done does the rest */
  g_cancellable_cancel (self->loading_cancellable);
  return TRUE;
}

void
_orr_window_loading_init (OrrWindow *self)
{
  g_queue_init (&self->loading_queue);
  self->loading_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
_orr_window_loading_dispose (OrrWindow *self)
{
  /* the task keeps the window alive until the worker returns: stop it */
  if (self->loading_cancellable != NULL)
    g_cancellable_cancel (self->loading_cancellable);
  g_queue_clear_full (&self->loading_queue, g_free);
  g_clear_handle_id (&self->loading_timer, g_source_remove);
  g_clear_pointer (&self->loading_keys, g_hash_table_unref);
}
