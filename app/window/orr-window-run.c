/* orr-window-run.c: running the model from its window. Run (F5) compiles
 * a snapshot and simulates it on a worker (OrrRunController); the header
 * bar shows the simulated time and a progress bar, Pause and Stop act at
 * once, and the pace menu runs as fast as possible or at a multiple of
 * real time. Scope, XYScope and EventScope blocks get live plots in the
 * scopes pane beside the canvas; a Display block shows its value on the
 * canvas. Editing a tunable parameter while the model runs sends the new
 * value to the simulation. A model that does not compile or fails while
 * running fills the info bar and the problems list, which lead to the
 * blocks.
 *
 * For scripts and tests (D-Bus, see orr-window-actions.c):
 *   run-state          state s   idle, compiling, running, paused, finished,
 *                                stopped or failed
 *   export-scope-data  (ss)      a recording block's id, a CSV path
 *   export-scope-image (ss)      a Scope block's id, a PNG/SVG/PDF path */
#include "orr-window-private.h"

#include "orr-run-controller.h"
#include "orr-trust-dialog.h"
#include "orr-trust-store.h"
#include "orr-scope-view.h"
#include "orr-scopes-pane.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-evaluate.h>
#include <string.h>

static const struct
{
  double factor;
  const char *label;
} paces[] = {
  { 0, N_ ("As Fast as Possible") },
  { 0.1, N_ ("0.1× Real Time") },
  { 1, N_ ("Real Time") },
  { 10, N_ ("10× Real Time") },
};

static OrrRunState
run_state (OrrWindow *self)
{
  return self->runner != NULL ? orr_run_controller_get_state (self->runner) : ORR_RUN_IDLE;
}

static gboolean
running (OrrWindow *self)
{
  OrrRunState state = run_state (self);

  return state == ORR_RUN_COMPILING || state == ORR_RUN_RUNNING || state == ORR_RUN_PAUSED;
}

static const char *
state_name (OrrRunState state)
{
  switch (state)
    {
      case ORR_RUN_IDLE:
        return "idle";
      case ORR_RUN_COMPILING:
        return "compiling";
      case ORR_RUN_RUNNING:
        return "running";
      case ORR_RUN_PAUSED:
        return "paused";
      case ORR_RUN_FINISHED:
        return "finished";
      case ORR_RUN_STOPPED:
        return "stopped";
      case ORR_RUN_FAILED:
        return "failed";
      default:
        return "idle";
    }
}

static char *
pace_label (double factor)
{
  if (factor <= 0)
    return g_strdup (_ ("Max"));
  return g_strdup_printf ("%g×", factor);
}

/* ---- progress ------------------------------------------------------------------ */

static void
update_progress (OrrWindow *self)
{
  g_autofree char *text = NULL;
  double t;

  if (self->runner == NULL)
    return;
  t = orr_run_controller_get_time (self->runner);
  if (orr_run_controller_get_run_number (self->runner) > 1)
    text = g_strdup_printf (_ ("Run %u · t = %.6g s"),
                            orr_run_controller_get_run_number (self->runner), t);
  else
    text = g_strdup_printf (_ ("t = %.6g s"), t);
  gtk_label_set_text (self->run_time_label, text);
  gtk_progress_bar_set_fraction (self->run_progress,
                                 orr_run_controller_get_fraction (self->runner));
}

/* A Display in text mode: the characters its codes spell, up to the
 * first 0, with control characters (a newline...) as spaces and bytes
 * that are no UTF-8 as replacement characters, at most 40 characters. */
static char *
display_text (OrrSignalLog *log, guint64 sample)
{
  guint n = orr_signal_log_get_n_channels (log);
  g_autoptr (GString) bytes = g_string_new (NULL);
  g_autofree char *valid = NULL;
  GString *text = g_string_new (NULL);
  const char *p;
  int count = 0;

  for (guint c = 0; c < n; c++)
    {
      double code = orr_signal_log_get_value (log, sample, c);

      if (!(code >= 1 && code <= 255))
        break;
      g_string_append_c (bytes, (char)(guint8)code);
    }
  valid = g_utf8_make_valid (bytes->str, (gssize)bytes->len);
  for (p = valid; *p != '\0' && count < 40; p = g_utf8_next_char (p), count++)
    {
      gunichar ch = g_utf8_get_char (p);

      g_string_append_unichar (text, g_unichar_iscntrl (ch) ? ' ' : ch);
    }
  if (*p != '\0')
    g_string_append (text, "…");
  return g_string_free (text, FALSE);
}

/* Display blocks: their last value, as they would print it, on the
 * canvas. */
static void
update_displays (OrrWindow *self)
{
  GListModel *logs;

  if (self->runner == NULL)
    return;
  logs = orr_run_controller_get_logs (self->runner);
  for (guint i = 0; i < g_list_model_get_n_items (logs); i++)
    {
      g_autoptr (OrrSignalLog) log = g_list_model_get_item (logs, i);
      const char *id = orr_run_controller_get_log_block_id (self->runner, log);
      OrrBlock *block = id != NULL ? orr_model_find_block (self->model, id) : NULL;
      guint64 n = orr_signal_log_get_n_samples (log);
      g_autoptr (GString) text = NULL;
      guint digits;

      if (block == NULL || g_strcmp0 (block->type, "Display") != 0 || n == 0)
        continue;
      if (g_strcmp0 (orr_block_get_param (block, "text"), "1") == 0)
        {
          g_autofree char *shown = display_text (log, n - 1);

          orr_canvas_set_block_annotation (self->canvas, id, shown);
          continue;
        }
      digits = orr_signal_log_get_digits (log);
      if (digits == 0)
        digits = 5;
      text = g_string_new (NULL);
      for (guint c = 0; c < orr_signal_log_get_n_channels (log) && c < 4; c++)
        g_string_append_printf (text, "%s%.*g", c > 0 ? "  " : "", (int)digits,
                                orr_signal_log_get_value (log, n - 1, c));
      if (orr_signal_log_get_n_channels (log) > 4)
        g_string_append (text, " …");
      orr_canvas_set_block_annotation (self->canvas, id, text->str);
    }
}

static gboolean
is_scope_log (OrrWindow *self, OrrSignalLog *log)
{
  const char *id = orr_run_controller_get_log_block_id (self->runner, log);
  OrrBlock *block = id != NULL ? orr_model_find_block (self->model, id) : NULL;

  /* a Display shows on the canvas; a block deleted since shows nowhere */
  return block == NULL || g_strcmp0 (block->type, "Display") != 0;
}

/* A Scope of scalar inputs names its curves after what drives them:
 * "Height" rather than "u1". */
static void
name_channels (OrrWindow *self, OrrSignalLog *log)
{
  const char *id = orr_run_controller_get_log_block_id (self->runner, log);
  OrrBlock *block = id != NULL ? orr_model_find_block (self->model, id) : NULL;
  guint n = orr_signal_log_get_n_channels (log);

  if (block == NULL || block->parent == NULL || orr_signal_log_get_kind (log) != ORR_SIGNAL_LOG_TIME
      || orr_block_get_port_count (block, ORR_PORT_IN) != n)
    return;
  for (guint i = 0; i < block->parent->links->len; i++)
    {
      OrrLink *link = g_ptr_array_index (block->parent->links, i);
      OrrBlock *source;
      g_autofree char *name = NULL;

      if (link->kind != ORR_LINK_REGULAR || g_strcmp0 (link->to.block, block->id) != 0
          || link->to.port < 1 || link->to.port > n)
        continue;
      source = orr_model_find_block (self->model, link->from.block);
      if (source == NULL)
        continue;
      name
        = g_strdup (source->label != NULL && *source->label != '\0' ? source->label : source->id);
      if (orr_block_get_port_count (source, ORR_PORT_OUT) > 1)
        {
          /* a named port (an FMU's variable, a super block's port) by its name */
          const OrrPort *port
            = link->from.port >= 1 && link->from.port <= source->ports[ORR_PORT_OUT]->len
                ? g_ptr_array_index (source->ports[ORR_PORT_OUT], link->from.port - 1)
                : NULL;
          char *numbered = port != NULL && port->label != NULL && *port->label != '\0'
                             ? g_strdup_printf ("%s.%s", name, port->label)
                             : g_strdup_printf ("%s.%u", name, link->from.port);
          g_free (name);
          name = numbered;
        }
      orr_signal_log_set_channel_name (log, link->to.port - 1, name);
    }
}

static gboolean
fit_canvas (GtkWidget *canvas, GdkFrameClock *clock, gpointer data)
{
  /* data counts the frames down; a tick callback cannot change it, so
   * the canvas remembers how many are left */
  guint left = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (canvas), "orr-fit-frames"));

  if (left == 0)
    left = GPOINTER_TO_UINT (data);
  if (--left > 0)
    {
      g_object_set_data (G_OBJECT (canvas), "orr-fit-frames", GUINT_TO_POINTER (left));
      return G_SOURCE_CONTINUE;
    }
  g_object_set_data (G_OBJECT (canvas), "orr-fit-frames", NULL);
  orr_canvas_zoom_fit (ORR_CANVAS (canvas));
  return G_SOURCE_REMOVE;
}

static void
log_added (OrrWindow *self, OrrSignalLog *log)
{
  if (!is_scope_log (self, log))
    {
      g_signal_connect_object (log, "appended", G_CALLBACK (update_displays), self,
                               G_CONNECT_SWAPPED);
      return;
    }
  name_channels (self, log);
  orr_scopes_pane_add_log (ORR_SCOPES_PANE (self->scopes_pane), log);
  {
    /* The block's own range when the user set one; otherwise the plot
     * follows the data, so a first run shows the signals whatever their
     * size (the default range of -1 to 1 would clip most of them). */
    OrrScopesPane *pane = ORR_SCOPES_PANE (self->scopes_pane);
    OrrScopeView *view = orr_scopes_pane_get_view (pane, orr_scopes_pane_get_n_views (pane) - 1);
    const char *id = orr_run_controller_get_log_block_id (self->runner, log);
    OrrBlock *block = id != NULL ? orr_model_find_block (self->model, id) : NULL;
    gboolean ranged = block != NULL
                      && (orr_block_get_param (block, "ymin") != NULL
                          || orr_block_get_param (block, "ymax") != NULL);

    orr_scope_view_set_autoscale (view, !ranged);
    if (block != NULL && orr_block_get_param (block, "ylabel") != NULL)
      {
        /* a text as typed: 'Height (m)' */
        g_autofree char *label = g_strstrip (g_strdup (orr_block_get_param (block, "ylabel")));
        size_t n = strlen (label);

        if (n >= 2 && (label[0] == '\'' || label[0] == '"') && label[n - 1] == label[0])
          {
            label[n - 1] = '\0';
            orr_scope_view_set_y_label (view, label + 1);
          }
        else
          orr_scope_view_set_y_label (view, label);
      }
  }
  if (!gtk_widget_get_visible (GTK_WIDGET (self->scopes_scroller)))
    {
      int width = gtk_widget_get_width (GTK_WIDGET (self->scopes_paned));

      gtk_widget_set_visible (GTK_WIDGET (self->scopes_scroller), TRUE);
      if (self->scopes_width > 0 && width > 0)
        {
          /* as the user left it in the last run, and the canvas as it is */
          gtk_paned_set_position (self->scopes_paned, MAX (width - self->scopes_width, 300));
          return;
        }
      /* the canvas keeps the larger share */
      if (width > 0)
        gtk_paned_set_position (self->scopes_paned, MAX (width - MAX (width * 2 / 5, 380), 300));
      /* and still shows the whole diagram, once it has its new size: the
       * frame after the next one, which lays the panes out */
      gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), fit_canvas, GUINT_TO_POINTER (2),
                                    NULL);
    }
}

static void
state_changed (OrrWindow *self)
{
  OrrRunState state = run_state (self);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "run-state");
  GAction *pause = g_action_map_lookup_action (G_ACTION_MAP (self), "pause");

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (state_name (state)));
  g_simple_action_set_state (G_SIMPLE_ACTION (pause),
                             g_variant_new_boolean (state == ORR_RUN_PAUSED));
  update_progress (self);
  _orr_window_actions_update (self);
}

static void
run_finished (OrrWindow *self, OrrRunState state)
{
  double seconds = (g_get_monotonic_time () - self->run_started_us) / 1e6;
  g_autofree char *message = NULL;

  update_progress (self);
  update_displays (self);
  if (state != ORR_RUN_FAILED)
    {
      /* what the compile warned about (unconnected ports) */
      GPtrArray *problems = orr_run_controller_get_problems (self->runner);

      if (problems->len > 0)
        _orr_window_show_problems (self, NULL, problems);
    }
  switch (state)
    {
      case ORR_RUN_FINISHED:
        gtk_progress_bar_set_fraction (self->run_progress, 1);
        message = g_strdup_printf (_ ("Simulated to t = %.6g s in %.2f s"),
                                   orr_run_controller_get_time (self->runner), seconds);
        break;
      case ORR_RUN_STOPPED:
        message = g_strdup_printf (_ ("Stopped at t = %.6g s"),
                                   orr_run_controller_get_time (self->runner));
        break;
      case ORR_RUN_FAILED:
        {
          const char *error = orr_run_controller_get_error (self->runner);
          GPtrArray *problems = orr_run_controller_get_problems (self->runner);

          GPtrArray *warnings = orr_run_controller_get_messages (self->runner);

          message = g_strdup (_ ("The simulation failed"));
          _orr_window_show_problems (self, error != NULL ? error : message, problems);
          /* the FMU's log usually says why: keep it under the error */
          for (guint i = 0; i < warnings->len; i++)
            _orr_window_add_warning (self, g_ptr_array_index (warnings, i));
        }
        break;
      default:
        break;
    }
  if (message != NULL)
    orr_window_show_message (self, message);
}

static void
ensure_runner (OrrWindow *self)
{
  if (self->runner != NULL)
    return;
  self->runner = orr_run_controller_new (self->registry);
  g_signal_connect_object (self->runner, "notify::state", G_CALLBACK (state_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "notify::time", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "notify::run-number", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "log-added", G_CALLBACK (log_added), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "message", G_CALLBACK (_orr_window_add_warning), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "finished", G_CALLBACK (run_finished), self,
                           G_CONNECT_SWAPPED);
  orr_run_controller_set_realtime_factor (self->runner,
                                          orr_model_get_settings (self->model)->realtime_factor);
}

/* ---- tunable parameters ------------------------------------------------------------- */

static gboolean
param_tunable (OrrWindow *self, OrrBlock *block, const char *name)
{
  if (orr_block_is_super (block))
    {
      for (guint i = 0; block->mask != NULL && i < block->mask->params->len; i++)
        {
          OrrMaskParam *p = g_ptr_array_index (block->mask->params, i);
          if (g_strcmp0 (p->name, name) == 0)
            return p->tunable;
        }
      return FALSE;
    }
  {
    const OrrBlockClass *klass = orr_registry_lookup (self->registry, block->type);

    for (int i = 0; klass != NULL && i < klass->n_params; i++)
      if (g_strcmp0 (klass->params[i].name, name) == 0)
        return klass->params[i].tunable;
  }
  return FALSE;
}

/* The parameter that differs from what the run started with, or NULL
 * when they are the same. */
static const char *
changed_param (OrrBlock *block, OrrBlock *before)
{
  for (guint i = 0; i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);
      if (g_strcmp0 (p->expr, orr_block_get_param (before, p->name)) != 0)
        return p->name;
    }
  for (guint i = 0; i < before->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (before->params, i);
      if (orr_block_get_param (block, p->name) == NULL)
        return p->name;
    }
  return NULL;
}

void
_orr_window_run_model_changed (OrrWindow *self, OrrChange *change)
{
  OrrModel *snapshot;
  OrrBlock *before;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  const char *name;

  if (change->kind == ORR_CHANGE_SETTINGS_CHANGED && self->runner != NULL)
    {
      orr_run_controller_set_realtime_factor (
        self->runner, orr_model_get_settings (self->model)->realtime_factor);
      return;
    }
  if (!running (self) || change->kind != ORR_CHANGE_BLOCK_CHANGED || change->block == NULL)
    return;
  snapshot = orr_run_controller_get_snapshot (self->runner);
  before = snapshot != NULL ? orr_model_find_block (snapshot, change->block->id) : NULL;
  if (before == NULL || (name = changed_param (change->block, before)) == NULL)
    return;
  if (!param_tunable (self, change->block, name))
    {
      message = g_strdup_printf (_ ("“%s” changes at the next run"), name);
      orr_window_show_message (self, message);
      return;
    }
  if (!orr_run_controller_retune (self->runner, self->model, &error))
    message = g_strdup_printf (_ ("“%s” changes at the next run: %s"), name, error->message);
  else
    message = g_strdup_printf (_ ("“%s” changed in the running simulation"), name);
  orr_window_show_message (self, message);
}

/* ---- actions ------------------------------------------------------------------------ */

/* ---- trust ------------------------------------------------------------------------ */

/* Block types whose blocks may run native code: only a model with one of
 * them is compiled for the list (the rest never needs the question). */
static const char *const native_types[] = { "FMU", "CCustomBlock", "PyCustomBlock", NULL };

static void
find_native_type (OrrBlock *block, gpointer data)
{
  gboolean *found = data;

  if (block->type != NULL && g_strv_contains (native_types, block->type))
    *found = TRUE;
}

/* The native code the model would run (OrrNativeCode*), empty for none:
 * the compiler's list, from an untrusted compile that runs nothing. */
static GPtrArray *
native_code_of (OrrWindow *self, const char *model_path)
{
  GPtrArray *code = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_native_code_free);
  OrrCompileOptions options = { .model_path = model_path, .native_code = code };
  gboolean found = FALSE;
  OrrProgram *program;

  orr_diagram_foreach_block (orr_model_get_root (self->model), find_native_type, &found);
  if (!found)
    return code;
  program = orr_compile_with_options (self->model, self->registry, NULL, &options, NULL, NULL);
  orr_program_free (program);
  return code;
}

static void
trust_dialog_destroyed (OrrWindow *self)
{
  self->trust_dialog = NULL;
}

static void start_run (OrrWindow *self, gboolean trusted);

/* Run: a model whose native code the user has not trusted (for this file
 * and this code) asks first; the answer is win.trust-run, or nothing. */
static void
run_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autofree char *path = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GPtrArray) code = NULL;

  if (running (self) || self->trust_dialog != NULL)
    return;
  path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  code = native_code_of (self, path);
  if (code->len == 0)
    {
      start_run (self, FALSE);
      return;
    }
  digest = orr_trust_digest (code);
  if (orr_trust_store_lookup (path, digest))
    {
      start_run (self, TRUE);
      return;
    }
  g_free (self->trust_digest);
  self->trust_digest = g_steal_pointer (&digest);
  name = self->file != NULL ? g_file_get_basename (self->file) : g_strdup (_ ("Untitled Model"));
  self->trust_dialog = orr_trust_dialog_new (GTK_WINDOW (self), name, code);
  g_signal_connect_object (self->trust_dialog, "destroy", G_CALLBACK (trust_dialog_destroyed), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (self->trust_dialog);
}

/* The trust question's yes: remembered for this file and this code (an
 * untitled model is asked again next time), then the run. */
static void
trust_run_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (self->trust_dialog == NULL || running (self))
    return;
  path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  if (path != NULL && self->trust_digest != NULL
      && !orr_trust_store_remember (path, self->trust_digest, &error))
    orr_window_show_message (self, error->message);
  gtk_window_destroy (self->trust_dialog);
  start_run (self, TRUE);
}

GtkWindow *
orr_window_get_trust_dialog (OrrWindow *self)
{
  g_return_val_if_fail (ORR_IS_WINDOW (self), NULL);
  return self->trust_dialog;
}

static void
start_run (OrrWindow *self, gboolean trusted)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  ensure_runner (self);
  path = self->file != NULL ? g_file_get_path (self->file) : NULL;
  orr_run_controller_set_model_path (self->runner, path);
  orr_canvas_cancel_drag (self->canvas);
  _orr_window_show_problems (self, NULL, NULL);
  orr_canvas_clear_block_annotations (self->canvas);
  orr_scopes_pane_clear (ORR_SCOPES_PANE (self->scopes_pane));
  /* the pane comes back with the first scope that records, as wide as
   * the user made it */
  if (gtk_widget_get_visible (GTK_WIDGET (self->scopes_scroller)))
    self->scopes_width = gtk_widget_get_width (GTK_WIDGET (self->scopes_paned))
                         - gtk_paned_get_position (self->scopes_paned);
  gtk_widget_set_visible (GTK_WIDGET (self->scopes_scroller), FALSE);
  self->run_started_us = g_get_monotonic_time ();
  /* native code runs only in a model the user trusted (run_activated) */
  if (!orr_run_controller_start (self->runner, self->model, trusted, &error))
    {
      _orr_window_show_problems (self, error->message, NULL);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->run_status_box), TRUE);
  gtk_progress_bar_set_fraction (self->run_progress, 0);
  orr_window_show_message (self, _ ("Running…"));
}

static void
pause_change_state (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  if (!running (self))
    return;
  if (g_variant_get_boolean (value))
    orr_run_controller_pause (self->runner);
  else
    orr_run_controller_resume (self->runner);
  g_simple_action_set_state (action, value);
}

static void
stop_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  if (running (self))
    orr_run_controller_stop (self->runner);
  else
    /* no run: Stop stops FMUs being unpacked (orr-window-loading.c) */
    _orr_window_loading_cancel (self);
}

/* Compiles without running: every problem of the model at once. */
static void
check_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GPtrArray) problems
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program
    = orr_compile (self->model, self->registry, NULL, problems, &error);

  if (program != NULL && problems->len > 0)
    {
      g_autofree char *message
        = g_strdup_printf (_ ("The model compiles, with warnings: %u"), problems->len);

      _orr_window_show_problems (self, NULL, problems);
      orr_window_show_message (self, message);
    }
  else if (program != NULL)
    {
      _orr_window_show_problems (self, NULL, NULL);
      orr_window_show_message (self, _ ("The model compiles: no problems found"));
    }
  else
    _orr_window_show_problems (self, error->message, problems);
}

static void
realtime_factor_change_state (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  double factor = MAX (g_variant_get_double (value), 0);
  g_autofree char *label = pace_label (factor);

  ensure_runner (self);
  orr_run_controller_set_realtime_factor (self->runner, factor);
  gtk_menu_button_set_label (self->pace_button, label);
  g_simple_action_set_state (action, g_variant_new_double (factor));
}

static OrrSignalLog *
find_log (OrrWindow *self, const char *id)
{
  return self->runner != NULL ? orr_run_controller_find_log (self->runner, id) : NULL;
}

static void
export_scope_data_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *id, *path;
  OrrSignalLog *log;
  g_autoptr (GError) error = NULL;

  g_variant_get (parameter, "(&s&s)", &id, &path);
  log = find_log (self, id);
  if (log == NULL)
    g_message ("export-scope-data: block “%s” recorded nothing", id);
  else if (!orr_signal_log_export_csv (log, path, &error))
    g_message ("export-scope-data: %s", error->message);
}

static void
export_scope_image_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrScopesPane *pane = ORR_SCOPES_PANE (self->scopes_pane);
  const char *id, *path;
  OrrSignalLog *log;
  g_autoptr (GError) error = NULL;

  g_variant_get (parameter, "(&s&s)", &id, &path);
  log = find_log (self, id);
  for (guint i = 0; log != NULL && i < orr_scopes_pane_get_n_views (pane); i++)
    {
      OrrScopeView *view = orr_scopes_pane_get_view (pane, i);

      if (orr_scope_view_get_log (view) == log)
        {
          if (!orr_scope_view_export (view, path, &error))
            g_message ("export-scope-image: %s", error->message);
          return;
        }
    }
  g_message ("export-scope-image: no scope shows block “%s”", id);
}

static void
run_state_change_state (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  /* read only: the state follows the run */
}

static const GActionEntry run_actions[] = {
  { "run", run_activated },
  { "trust-run", trust_run_activated },
  { "pause", NULL, NULL, "false", pause_change_state },
  { "stop", stop_activated },
  { "check", check_activated },
  { "realtime-factor", NULL, "d", "0.0", realtime_factor_change_state },
  { "export-scope-data", export_scope_data_activated, "(ss)" },
  { "export-scope-image", export_scope_image_activated, "(ss)" },
  { "run-state", NULL, NULL, "'idle'", run_state_change_state },
};

void
_orr_window_run_init (OrrWindow *self)
{
  g_autoptr (GMenu) menu = g_menu_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), run_actions, G_N_ELEMENTS (run_actions),
                                   self);

  for (guint i = 0; i < G_N_ELEMENTS (paces); i++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_ (paces[i].label), NULL);

      g_menu_item_set_action_and_target_value (item, "win.realtime-factor",
                                               g_variant_new_double (paces[i].factor));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->pace_button, G_MENU_MODEL (menu));

  self->scopes_pane = orr_scopes_pane_new ();
  gtk_scrolled_window_set_child (self->scopes_scroller, self->scopes_pane);
}

/* The model's own pace, once it is known (orr_window_new sets the model
 * after init). */
void
_orr_window_run_update (OrrWindow *self)
{
  gboolean active = running (self);

  _orr_window_set_enabled (self, "run", !active);
  _orr_window_set_enabled (self, "pause", active);
  _orr_window_set_enabled (self, "stop", active || _orr_window_loading_active (self));
  _orr_window_set_enabled (self, "check", !active);
  if (self->runner == NULL && self->model != NULL)
    {
      double factor = orr_model_get_settings (self->model)->realtime_factor;
      GAction *pace = g_action_map_lookup_action (G_ACTION_MAP (self), "realtime-factor");
      g_autoptr (GVariant) current = g_action_get_state (pace);

      if (g_variant_get_double (current) != factor)
        g_action_change_state (pace, g_variant_new_double (factor));
    }
}

void
_orr_window_run_show_progress (OrrWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->run_status_box), self->runner != NULL);
  update_progress (self);
}

void
_orr_window_run_dispose (OrrWindow *self)
{
  if (self->runner != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->runner, self);
      if (running (self))
        orr_run_controller_stop (self->runner);
    }
  g_clear_object (&self->runner);
  if (self->trust_dialog != NULL)
    gtk_window_destroy (self->trust_dialog);
  g_clear_pointer (&self->trust_digest, g_free);
}
