/* orr-window-actions.c: every command of an editor window, as a GAction in
 * the window's "win" group. Menus, buttons, keyboard shortcuts and tests
 * all go through these; nothing is wired twice.
 *
 * Besides the user's commands, a few actions take their arguments as
 * parameters so that scripts and tests can drive a window over D-Bus
 * (org.gtk.Actions on /org/orrery/Orrery/window/<n>, e.g.
 * `gdbus call --session --dest org.orrery.Orrery --object-path
 * /org/orrery/Orrery/window/1 --method org.gtk.Actions.Activate
 * insert-block "[<('Gain', 200.0, 100.0)>]" {}`):
 *   save-to            s       save as this absolute path
 *   export-to          s       export the diagram; the format from the extension
 *   insert-block       (sdd)   class name, centre x, y in model coordinates
 *   connect            (sisi)  regular link: from block id, output port, to block id, input port
 *   connect-activation (sisi)  the same for an activation link
 *   set-param          (sss)   block id, parameter name, expression (ports follow)
 *   select-block       s       select these blocks (ids, comma separated; "" clears);
 *                              its state is the ids of the selected blocks, the same way
 *   show-diagram       s       show the inside of this super block ("" the top level)
 *   screenshot         s       write the window as it looks into this PNG
 * Ports count from 1, as users see them. */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-editor.h>
#include <string.h>

/* Keys that text fields use for themselves. Application accelerators fire
 * before the focused widget sees a key, so these would take Ctrl+C or
 * BackSpace away from the palette's search entry; as window shortcuts in
 * the bubble phase they only fire when the focused widget (the canvas, the
 * palette list) lets the key through. */
static const struct
{
  const char *trigger;
  const char *action;
} editing_shortcuts[] = {
  { "<Control>z", "win.undo" },
  { "<Control><Shift>z", "win.redo" },
  { "<Control>y", "win.redo" },
  { "<Control>c", "win.copy" },
  { "<Control>x", "win.cut" },
  { "<Control>v", "win.paste" },
  { "<Control>a", "win.select-all" },
  { "Delete", "win.delete" },
  { "KP_Delete", "win.delete" },
  { "BackSpace", "win.delete" },
  { "Return", "win.block-parameters" },
  { "KP_Enter", "win.block-parameters" },
  /* the canvas lets Escape through when it has nothing to cancel */
  { "Escape", "win.go-up" },
};

void
_orr_window_set_enabled (OrrWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

OrrBlock *
_orr_window_get_single_selected (OrrWindow *self)
{
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);

  return blocks != NULL && blocks->len == 1 ? g_ptr_array_index (blocks, 0) : NULL;
}

OrrLibrarySet *
_orr_window_get_library_set (OrrWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return ORR_IS_APPLICATION (app) ? orr_application_get_library_set (ORR_APPLICATION (app)) : NULL;
}

static char *
selected_ids (GPtrArray *blocks)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) ids = NULL;

  for (guint i = 0; blocks != NULL && i < blocks->len; i++)
    g_strv_builder_add (builder, ((OrrBlock *)blocks->pdata[i])->id);
  ids = g_strv_builder_end (builder);
  return g_strjoinv (",", ids);
}

static gboolean
any_switch (GPtrArray *blocks)
{
  for (guint i = 0; blocks != NULL && i < blocks->len; i++)
    if (g_strcmp0 (((OrrBlock *)blocks->pdata[i])->type, "ManualSwitch") == 0)
      return TRUE;
  return FALSE;
}

void
_orr_window_actions_update (OrrWindow *self)
{
  g_autoptr (GPtrArray) blocks = NULL;
  g_autoptr (GPtrArray) links = NULL;
  g_autofree char *ids = NULL;
  guint n_blocks, n_links;
  GAction *select;

  if (self->model == NULL)
    return;

  blocks = orr_canvas_get_selected_blocks (self->canvas);
  links = orr_canvas_get_selected_links (self->canvas);
  n_blocks = blocks != NULL ? blocks->len : 0;
  n_links = links != NULL ? links->len : 0;

  _orr_window_set_enabled (self, "undo", orr_model_can_undo (self->model));
  _orr_window_set_enabled (self, "redo", orr_model_can_redo (self->model));
  _orr_window_set_enabled (self, "save",
                           orr_model_get_modified (self->model) || self->file == NULL);
  _orr_window_set_enabled (self, "copy", n_blocks > 0);
  _orr_window_set_enabled (self, "cut", n_blocks > 0);
  _orr_window_set_enabled (self, "duplicate", n_blocks > 0);
  _orr_window_set_enabled (self, "rotate", n_blocks > 0);
  _orr_window_set_enabled (self, "flip", n_blocks > 0);
  _orr_window_set_enabled (self, "delete", n_blocks + n_links > 0);
  _orr_window_set_enabled (self, "block-parameters", n_blocks == 1);
  _orr_window_set_enabled (self, "toggle-switch", any_switch (blocks));
  _orr_window_hierarchy_update (self, blocks);
  _orr_window_run_update (self);
  _orr_window_library_update (self, blocks);
  _orr_window_arrange_update (self, blocks);

  ids = selected_ids (blocks);
  select = g_action_map_lookup_action (G_ACTION_MAP (self), "select-block");
  g_simple_action_set_state (G_SIMPLE_ACTION (select), g_variant_new_string (ids));
}

/* ---- files ---------------------------------------------------------------- */

static void
save_as_response (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  OrrWindow *self = g_task_get_source_object (task);
  g_autoptr (GFile) chosen = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;

  if (response != GTK_RESPONSE_ACCEPT)
    {
      g_object_unref (chooser);
      g_task_return_boolean (task, FALSE);
      return;
    }
  chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_object_unref (chooser);

  /* "model" means "model.orr": the file would not show in Open otherwise. */
  name = g_file_get_basename (chosen);
  if (strchr (name, '.') == NULL)
    {
      g_autoptr (GFile) parent = g_file_get_parent (chosen);
      g_autofree char *with_suffix = g_strconcat (name, ".orr", NULL);

      file = g_file_get_child (parent, with_suffix);
    }
  else
    file = g_object_ref (chosen);

  if (!orr_window_save_to (self, file, &error))
    {
      _orr_window_show_save_error (self, file, error);
      g_task_return_boolean (task, FALSE);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static GtkFileFilter *
filter_new (const char *name, const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  return filter;
}

void
_orr_window_save_as_async (OrrWindow *self, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) models = filter_new (_ ("Orrery models"), "*.orr");

  chooser = gtk_file_chooser_native_new (_ ("Save Model"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), models);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _ ("Untitled.orr"));

  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

gboolean
_orr_window_save_as_finish (OrrWindow *self, GAsyncResult *result)
{
  return g_task_propagate_boolean (G_TASK (result), NULL);
}

static void
save_as_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  _orr_window_save_as_finish (ORR_WINDOW (source), result);
}

static void
save_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GError) error = NULL;

  if (self->file == NULL)
    {
      _orr_window_save_as_async (self, save_as_done, NULL);
      return;
    }
  if (!orr_window_save_to (self, self->file, &error))
    _orr_window_show_save_error (self, self->file, error);
}

static void
save_as_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _orr_window_save_as_async (ORR_WINDOW (user_data), save_as_done, NULL);
}

static void
save_to_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  g_autoptr (GError) error = NULL;

  if (!orr_window_save_to (self, file, &error))
    {
      g_message ("save-to: %s", error->message);
      orr_window_show_message (self, error->message);
    }
}

static void
close_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

/* ---- export ----------------------------------------------------------------- */

static gboolean
format_from_name (const char *name, OrrCanvasExportFormat *format)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  if (g_str_equal (lower, "png") || g_str_has_suffix (lower, ".png"))
    *format = ORR_CANVAS_EXPORT_PNG;
  else if (g_str_equal (lower, "svg") || g_str_has_suffix (lower, ".svg"))
    *format = ORR_CANVAS_EXPORT_SVG;
  else if (g_str_equal (lower, "pdf") || g_str_has_suffix (lower, ".pdf"))
    *format = ORR_CANVAS_EXPORT_PDF;
  else
    return FALSE;
  return TRUE;
}

static void
export_to_path (OrrWindow *self, const char *path)
{
  OrrCanvasExportFormat format;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_filename_display_basename (path);
  g_autofree char *message = NULL;

  if (!format_from_name (path, &format))
    {
      message = g_strdup_printf (_ ("“%s” is not a PNG, SVG or PDF file name."), name);
      orr_window_show_message (self, message);
      return;
    }
  if (!orr_canvas_export (self->canvas, path, format, &error))
    {
      _orr_window_show_error (self, _ ("Could not export the diagram"), error->message);
      return;
    }
  message = g_strdup_printf (_ ("Exported “%s”"), name);
  orr_window_show_message (self, message);
}

static void
export_response (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      const char *suffix = g_object_get_data (G_OBJECT (chooser), "suffix");

      if (path != NULL)
        {
          OrrCanvasExportFormat format;

          if (!format_from_name (path, &format))
            {
              g_autofree char *with_suffix = g_strconcat (path, suffix, NULL);
              export_to_path (self, with_suffix);
            }
          else
            export_to_path (self, path);
        }
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
export_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *format = g_variant_get_string (parameter, NULL);
  OrrCanvasExportFormat kind;
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) filter = NULL;
  g_autofree char *suffix = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  g_autofree char *pattern = NULL;

  if (!format_from_name (format, &kind))
    {
      g_message ("export: unknown format “%s”", format);
      return;
    }
  suffix = g_strconcat (".", format, NULL);
  pattern = g_strconcat ("*", suffix, NULL);
  switch (kind)
    {
      case ORR_CANVAS_EXPORT_PNG:
        filter = filter_new (_ ("PNG images"), pattern);
        break;
      case ORR_CANVAS_EXPORT_SVG:
        filter = filter_new (_ ("SVG images"), pattern);
        break;
      case ORR_CANVAS_EXPORT_PDF:
      default:
        filter = filter_new (_ ("PDF documents"), pattern);
        break;
    }

  chooser
    = gtk_file_chooser_native_new (_ ("Export Diagram"), GTK_WINDOW (self),
                                   GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);

  /* Next to the model, named after it. */
  if (self->file != NULL)
    {
      g_autoptr (GFile) parent = g_file_get_parent (self->file);
      g_autofree char *base = g_file_get_basename (self->file);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      stem = g_strdup (base);
      if (parent != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), parent, NULL);
    }
  else
    stem = g_strdup (_ ("diagram"));
  name = g_strconcat (stem, suffix, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);

  g_object_set_data_full (G_OBJECT (chooser), "suffix", g_steal_pointer (&suffix), g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_to_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  export_to_path (ORR_WINDOW (user_data), g_variant_get_string (parameter, NULL));
}

/* ---- history ------------------------------------------------------------------ */

/* The steps the engine's editing operations name (orrery/orr-editor.h),
 * in English there: translated where they are shown. */
static const char *const engine_steps[] G_GNUC_UNUSED
  = { N_ ("Add Block"), N_ ("Update Ports"), N_ ("Set Parameters") };

/* A step's name as the user reads it: the app's steps are named in the
 * user's language already, the engine's are looked up. */
static const char *
step_name (const char *what)
{
  return what != NULL ? g_dgettext (GETTEXT_PACKAGE, what) : "";
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autofree char *what = NULL;

  /* a drag in progress holds the model's transaction open */
  orr_canvas_cancel_drag (self->canvas);
  what = g_strdup (orr_model_get_undo_description (self->model));
  if (orr_model_undo (self->model))
    {
      g_autofree char *message = g_strdup_printf (_ ("Undid “%s”"), step_name (what));
      orr_window_show_message (self, message);
    }
}

static void
redo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autofree char *what = NULL;

  /* a drag in progress holds the model's transaction open */
  orr_canvas_cancel_drag (self->canvas);
  what = g_strdup (orr_model_get_redo_description (self->model));
  if (orr_model_redo (self->model))
    {
      g_autofree char *message = g_strdup_printf (_ ("Redid “%s”"), step_name (what));
      orr_window_show_message (self, message);
    }
}

/* ---- clipboard ---------------------------------------------------------------- */

static gboolean
copy_selection (OrrWindow *self)
{
  gsize length = 0;
  g_autofree char *data = orr_canvas_copy_selection (self->canvas, &length);
  g_autoptr (GBytes) bytes = NULL;
  GdkContentProvider *providers[3];
  g_autoptr (GdkContentProvider) provider = NULL;

  if (data == NULL)
    return FALSE;

  /* The fragment under its own type for Orrery, and as text so that it can
   * be pasted into a mail or an editor (and back). */
  bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  providers[0] = gdk_content_provider_new_for_bytes (ORR_CANVAS_FRAGMENT_MIME, bytes);
  providers[1] = gdk_content_provider_new_for_bytes ("text/plain;charset=utf-8", bytes);
  providers[2] = gdk_content_provider_new_for_bytes ("text/plain", bytes);
  provider = gdk_content_provider_new_union (providers, G_N_ELEMENTS (providers));
  return gdk_clipboard_set_content (gtk_widget_get_clipboard (GTK_WIDGET (self)), provider);
}

static void
copy_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  if (copy_selection (self))
    orr_window_show_message (self, _ ("Copied"));
}

static void
cut_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  if (copy_selection (self))
    {
      orr_canvas_delete_selection (self->canvas);
      orr_window_show_message (self, _ ("Cut"));
    }
}

typedef struct
{
  OrrWindow *self; /* referenced */
  char *mime_type;
} PasteState;

static void
paste_state_free (PasteState *state)
{
  g_object_unref (state->self);
  g_free (state->mime_type);
  g_free (state);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PasteState, paste_state_free)

static void
paste_spliced (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (PasteState) state = user_data;
  GOutputStream *out = G_OUTPUT_STREAM (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  gsize length;
  const char *data;
  const char *start;

  if (g_output_stream_splice_finish (out, result, &error) < 0)
    {
      orr_window_show_message (state->self, error->message);
      return;
    }
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  data = g_bytes_get_data (bytes, &length);

  /* Plain text is any text at all: only what looks like XML is worth
   * handing to the fragment reader, whose errors would puzzle anyone who
   * just copied a word. */
  start = data;
  while (start != NULL && start < data + length && g_ascii_isspace (*start))
    start++;
  if (data == NULL || length == 0
      || (!g_str_equal (state->mime_type, ORR_CANVAS_FRAGMENT_MIME)
          && (start >= data + length || *start != '<')))
    {
      orr_window_show_message (state->self, _ ("The clipboard holds no diagram."));
      return;
    }

  if (!orr_canvas_paste (state->self->canvas, data, length, &error))
    {
      g_autofree char *message = g_strdup_printf (_ ("Could not paste: %s"), error->message);
      orr_window_show_message (state->self, message);
      return;
    }
  orr_window_show_message (state->self, _ ("Pasted"));
}

static void
paste_read (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (PasteState) state = user_data;
  g_autoptr (GError) error = NULL;
  const char *mime_type = NULL;
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GOutputStream) out = NULL;

  in = gdk_clipboard_read_finish (GDK_CLIPBOARD (source), result, &mime_type, &error);
  if (in == NULL)
    {
      orr_window_show_message (state->self, _ ("The clipboard holds no diagram."));
      return;
    }
  state->mime_type = g_strdup (mime_type);
  out = g_memory_output_stream_new_resizable ();
  g_output_stream_splice_async (
    out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
    G_PRIORITY_DEFAULT, NULL, paste_spliced, g_steal_pointer (&state));
}

static void
paste_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  static const char *mime_types[]
    = { ORR_CANVAS_FRAGMENT_MIME, "text/plain;charset=utf-8", "text/plain", NULL };
  PasteState *state = g_new0 (PasteState, 1);

  /* Read in the order of preference; another Orrery window, or another
   * Orrery process, offers the fragment type first. */
  state->self = g_object_ref (self);
  gdk_clipboard_read_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), mime_types,
                            G_PRIORITY_DEFAULT, NULL, paste_read, state);
}

/* ---- selection and editing ---------------------------------------------------- */

static void
duplicate_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_duplicate_selection (ORR_WINDOW (user_data)->canvas);
}

static void
select_all_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_select_all (ORR_WINDOW (user_data)->canvas);
}

static void
delete_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_delete_selection (ORR_WINDOW (user_data)->canvas);
}

static void
rotate_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_rotate_selection (ORR_WINDOW (user_data)->canvas);
}

static void
flip_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_flip_selection (ORR_WINDOW (user_data)->canvas);
}

/* A ManualSwitch's position flips between 1 and 2 as one undoable edit;
 * while the model runs the edit reaches the simulation through the
 * retuning of tunable parameters (_orr_window_run_model_changed), so the
 * switch changes over at once. A position the user wrote as an
 * expression is not a toggle: FALSE, and the caller opens the dialog. */
gboolean
_orr_window_toggle_switch (OrrWindow *self, OrrBlock *block)
{
  const char *expr = orr_block_get_param (block, "position");
  g_autofree char *text = g_strstrip (g_strdup (expr != NULL ? expr : "1"));
  const char *names[] = { "position", NULL };
  const char *exprs[] = { NULL, NULL };
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (block->type, "ManualSwitch") != 0)
    return FALSE;
  if (strcmp (text, "1") == 0)
    exprs[0] = "2";
  else if (strcmp (text, "2") == 0)
    exprs[0] = "1";
  else
    return FALSE;
  if (!orr_editor_set_params (self->model, self->registry, block, names, exprs, _ ("Toggle Switch"),
                              &error))
    {
      orr_window_show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
toggle_switch_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);

  for (guint i = 0; blocks != NULL && i < blocks->len; i++)
    _orr_window_toggle_switch (self, blocks->pdata[i]);
}

static void
block_parameters_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);

  if (blocks != NULL && blocks->len == 1)
    orr_window_edit_block (self, blocks->pdata[0]);
}

/* A free text where the pointer is (or in the middle of the view), its
 * dialog open to write it. */
/* A text closed with nothing in it (Escape, Cancel, or OK on an empty
 * field) was never wanted: its insertion is taken back, and leaves no
 * step in the history when it is the last one. */
typedef struct
{
  OrrWindow *window; /* weak */
  char *id;
} PendingText;

static void
pending_text_free (gpointer data)
{
  PendingText *p = data;

  g_clear_weak_pointer (&p->window);
  g_free (p->id);
  g_free (p);
}

static void
text_dialog_closed (GtkWidget *dialog, gpointer data)
{
  PendingText *p = data;
  OrrBlock *block;
  const char *text;

  if (p->window == NULL || p->window->model == NULL)
    return;
  block = orr_model_find_block (p->window->model, p->id);
  text = block != NULL ? orr_block_get_param (block, ORR_ANNOTATION_TEXT) : NULL;
  if (block == NULL || !orr_block_is_annotation (block) || (text != NULL && *text != '\0'))
    return;
  if (g_strcmp0 (orr_model_get_undo_description (p->window->model), _ ("Add Text")) == 0)
    orr_model_undo (p->window->model);
  else
    orr_model_remove_block (p->window->model, block);
}

static void
add_text_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  double x = NAN, y = NAN;
  OrrBlock *block;

  if (self->pointer_inside)
    orr_canvas_widget_to_model (self->canvas, self->pointer_x, self->pointer_y, &x, &y);
  PendingText *pending;
  GtkWindow *dialog;

  block = orr_canvas_insert_annotation (self->canvas, "", x, y, &error);
  if (block == NULL)
    {
      orr_window_show_message (self, error->message);
      return;
    }
  dialog = orr_window_edit_block (self, block);
  pending = g_new0 (PendingText, 1);
  g_set_weak_pointer (&pending->window, self);
  pending->id = g_strdup (block->id);
  g_signal_connect_data (dialog, "destroy", G_CALLBACK (text_dialog_closed), pending,
                         (GClosureNotify)(void (*) (void))pending_text_free, 0);
}

static void
select_block_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_auto (GStrv) ids = g_strsplit (g_variant_get_string (parameter, NULL), ",", -1);

  orr_canvas_unselect_all (self->canvas);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      OrrBlock *block = *ids[i] != '\0' ? orr_model_find_block (self->model, ids[i]) : NULL;

      if (*ids[i] == '\0')
        continue;
      if (block == NULL || block->parent != orr_canvas_get_diagram (self->canvas))
        {
          g_message ("select-block: no block “%s” in the shown diagram", ids[i]);
          continue;
        }
      orr_canvas_select_block (self->canvas, block, TRUE);
    }
}

/* ---- view ------------------------------------------------------------------------ */

static void
zoom_in_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_zoom_in (ORR_WINDOW (user_data)->canvas);
}

static void
zoom_out_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_zoom_out (ORR_WINDOW (user_data)->canvas);
}

static void
zoom_fit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_canvas_zoom_fit (ORR_WINDOW (user_data)->canvas);
}

/* ---- scripting ---------------------------------------------------------------- */

static void
insert_block_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *type;
  double x, y;
  g_autoptr (GError) error = NULL;

  g_variant_get (parameter, "(&sdd)", &type, &x, &y);
  if (orr_canvas_insert_block (self->canvas, type, x, y, &error) == NULL)
    {
      g_message ("insert-block: %s", error->message);
      orr_window_show_message (self, error->message);
    }
}

static void
connect_kind (OrrWindow *self, GVariant *parameter, OrrLinkKind kind)
{
  OrrEndpoint from = { 0 }, to = { 0 };
  gint32 from_port, to_port;
  OrrBlock *source;
  g_autoptr (GError) error = NULL;

  g_variant_get (parameter, "(&si&si)", &from.block, &from_port, &to.block, &to_port);
  from.kind = kind == ORR_LINK_REGULAR ? ORR_PORT_OUT : ORR_PORT_EVENT_OUT;
  to.kind = kind == ORR_LINK_REGULAR ? ORR_PORT_IN : ORR_PORT_EVENT_IN;
  from.port = MAX (from_port, 0);
  to.port = MAX (to_port, 0);

  source = orr_model_find_block (self->model, from.block);
  if (source == NULL || source->parent == NULL)
    {
      g_message ("connect: no block “%s”", from.block);
      return;
    }
  orr_model_begin (self->model, _ ("Connect"));
  if (orr_model_connect (self->model, source->parent, &from, &to, &error) == NULL)
    {
      orr_model_rollback (self->model);
      g_message ("connect: %s", error->message);
      orr_window_show_message (self, error->message);
      return;
    }
  orr_model_commit (self->model);
}

static void
connect_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  connect_kind (ORR_WINDOW (user_data), parameter, ORR_LINK_REGULAR);
}

static void
connect_activation_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  connect_kind (ORR_WINDOW (user_data), parameter, ORR_LINK_ACTIVATION);
}

static void
set_param_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *id, *name, *expr;
  OrrBlock *block;
  g_autoptr (GError) error = NULL;

  g_variant_get (parameter, "(&s&s&s)", &id, &name, &expr);
  block = orr_model_find_block (self->model, id);
  if (block == NULL)
    {
      g_message ("set-param: no block “%s”", id);
      return;
    }
  {
    const char *names[] = { name, NULL };
    const char *exprs[] = { expr, NULL };

    if (!orr_editor_set_params (self->model, self->registry, block, names, exprs,
                                _ ("Set Parameter"), &error))
      {
        g_message ("set-param: %s", error->message);
        orr_window_show_message (self, error->message);
      }
  }
}

static void
screenshot_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GError) error = NULL;

  if (!orr_window_screenshot (self, g_variant_get_string (parameter, NULL), &error))
    g_message ("screenshot: %s", error->message);
}

static const GActionEntry window_actions[] = {
  { "save", save_activated },
  { "save-as", save_as_activated },
  { "save-to", save_to_activated, "s" },
  { "close", close_activated },
  { "export", export_activated, "s" },
  { "export-to", export_to_activated, "s" },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "copy", copy_activated },
  { "cut", cut_activated },
  { "paste", paste_activated },
  { "duplicate", duplicate_activated },
  { "select-all", select_all_activated },
  { "delete", delete_activated },
  { "rotate", rotate_activated },
  { "flip", flip_activated },
  { "zoom-in", zoom_in_activated },
  { "zoom-out", zoom_out_activated },
  { "zoom-fit", zoom_fit_activated },
  { "block-parameters", block_parameters_activated },
  { "toggle-switch", toggle_switch_activated },
  { "add-text", add_text_activated },
  { "select-block", select_block_activated, "s", "''" },
  { "insert-block", insert_block_activated, "(sdd)" },
  { "connect", connect_activated, "(sisi)" },
  { "connect-activation", connect_activation_activated, "(sisi)" },
  { "set-param", set_param_activated, "(sss)" },
  { "screenshot", screenshot_activated, "s" },
};

void
_orr_window_actions_init (OrrWindow *self)
{
  GtkEventController *controller;

  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions,
                                   G_N_ELEMENTS (window_actions), self);

  controller = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (controller, "orr-editing-shortcuts");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller),
                                     GTK_SHORTCUT_SCOPE_LOCAL);
  for (guint i = 0; i < G_N_ELEMENTS (editing_shortcuts); i++)
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_shortcut_trigger_parse_string (editing_shortcuts[i].trigger),
                        gtk_named_action_new (editing_shortcuts[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
