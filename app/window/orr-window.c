/* orr-window.c: the editor window. It binds one model to the widgets of
 * orr-window.ui: the title follows the file and its saved state, the
 * status line the zoom, the diagram and the selection; closing asks about
 * unsaved changes; a .orr file dropped on the window opens. The commands
 * themselves live in orr-window-actions.c. */
#include "orr-window-private.h"

#include "orr-block-dialog.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <orrery/orr-io.h>
#include <orrery/orr-xcos.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (OrrWindow, orr_window, GTK_TYPE_APPLICATION_WINDOW)

/* ---- title and status ----------------------------------------------------- */

static char *
display_name (OrrWindow *self)
{
  g_autofree char *path = NULL;

  if (self->file == NULL)
    return g_strdup (_ ("Untitled Model"));
  path = g_file_get_path (self->file);
  if (path == NULL)
    return g_file_get_basename (self->file);
  return g_filename_display_basename (path);
}

/* The folder as people say it: "~/models" rather than "/home/ann/models". */
static char *
display_folder (GFile *file)
{
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char *path = NULL;
  const char *home = g_get_home_dir ();

  if (parent == NULL)
    return NULL;
  path = g_file_get_path (parent);
  if (path == NULL)
    return g_file_get_uri (parent);
  if (home != NULL && g_str_has_prefix (path, home)
      && (path[strlen (home)] == '/' || path[strlen (home)] == '\0'))
    {
      g_autofree char *rest = g_filename_display_name (path + strlen (home));
      return g_strconcat ("~", rest, NULL);
    }
  return g_filename_display_name (path);
}

char *
orr_window_dup_title (OrrWindow *self)
{
  return display_name (self);
}

static void
update_title (OrrWindow *self)
{
  g_autofree char *name = display_name (self);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;

  if (orr_model_get_modified (self->model))
    title = g_strdup_printf ("• %s", name);
  else
    title = g_strdup (name);
  gtk_label_set_text (self->title_label, title);
  window_title = g_strdup_printf (_ ("%s — Orrery"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  /* the top of the breadcrumb is the model's name: it changes on the
   * first save */
  _orr_window_rebuild_breadcrumb (self);

  if (self->file != NULL)
    {
      g_autofree char *folder = display_folder (self->file);

      gtk_label_set_text (self->subtitle_label, folder != NULL ? folder : "");
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), folder != NULL);
    }
  else
    {
      gtk_label_set_text (self->subtitle_label, _ ("Not saved yet"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
    }
}

static void
update_status (OrrWindow *self)
{
  OrrDiagram *diagram = orr_canvas_get_diagram (self->canvas);
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_blocks = diagram != NULL ? diagram->blocks->len : 0;
  guint n_links = diagram != NULL ? diagram->links->len : 0;
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);
  g_autoptr (GPtrArray) links = orr_canvas_get_selected_links (self->canvas);
  guint n_selected = (blocks != NULL ? blocks->len : 0) + (links != NULL ? links->len : 0);

  /* texts on the diagram are not blocks to the user */
  for (guint i = 0; diagram != NULL && i < diagram->blocks->len; i++)
    if (orr_block_is_annotation (diagram->blocks->pdata[i]))
      n_blocks--;
  /* TRANSLATORS: the zoom factor in the status line */
  g_string_append_printf (text, _ ("Zoom %.0f %%"), 100.0 * orr_canvas_get_zoom (self->canvas));
  g_string_append (text, "   ·   ");
  g_string_append_printf (text, ngettext ("%u block", "%u blocks", n_blocks), n_blocks);
  g_string_append (text, ", ");
  g_string_append_printf (text, ngettext ("%u link", "%u links", n_links), n_links);
  if (n_selected > 0)
    {
      g_string_append (text, "   ·   ");
      g_string_append_printf (text, ngettext ("%u selected", "%u selected", n_selected),
                              n_selected);
    }
  if (self->message != NULL)
    {
      g_string_append (text, "   ·   ");
      g_string_append (text, self->message);
    }
  gtk_label_set_text (self->status_label, text->str);
}

void
orr_window_show_message (OrrWindow *self, const char *message)
{
  g_return_if_fail (ORR_IS_WINDOW (self));

  g_free (self->message);
  self->message = g_strdup (message);
  update_status (self);
}

void
_orr_window_show_error (OrrWindow *self, const char *primary, const char *secondary)
{
  GtkWidget *dialog;

  dialog
    = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  if (secondary != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  orr_window_show_message (self, primary);
}

/* "Could not save “model.orr”" and, below, where and why: the file's
 * full name and the system's reason (a full disk, a missing folder, no
 * permission), as the save reported them. */
void
_orr_window_show_save_error (OrrWindow *self, GFile *file, const GError *error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (name);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *where = g_filename_display_name (path != NULL ? path : name);
  g_autofree char *primary = g_strdup_printf (_ ("Could not save “%s”"), display);
  g_autofree char *secondary = NULL;

  /* the engine's message names the file already; only add it when not */
  if (strstr (error->message, where) != NULL)
    secondary = g_strdup (error->message);
  else
    secondary = g_strdup_printf ("%s: %s", where, error->message);
  _orr_window_show_error (self, primary, secondary);
  g_free (self->message);
  self->message = g_strdup_printf ("%s: %s", primary, secondary);
}

const char *
orr_window_get_message (OrrWindow *self)
{
  g_return_val_if_fail (ORR_IS_WINDOW (self), NULL);
  return self->message;
}

/* ---- model and canvas signals --------------------------------------------- */

static void
model_notify (OrrWindow *self)
{
  update_title (self);
  _orr_window_actions_update (self);
}

static void
model_changed (OrrWindow *self, OrrChange *change)
{
  _orr_window_hierarchy_model_changed (self, change);
  _orr_window_run_model_changed (self, change);
  _orr_window_loading_model_changed (self, change);
  /* the last message was about the model as it was ("Redid 'Paste'"):
   * an undo or redo says its own after its changes */
  g_clear_pointer (&self->message, g_free);
  update_status (self);
}

static void
canvas_selection_changed (OrrWindow *self)
{
  update_status (self);
  _orr_window_actions_update (self);
}

static void
canvas_block_activated (OrrWindow *self, OrrBlock *block)
{
  _orr_window_activate_block (self, block);
}

static void
palette_block_activated (OrrWindow *self, const char *type)
{
  g_autoptr (GError) error = NULL;

  if (_orr_window_insert_named (self, type, NAN, NAN, &error) == NULL)
    orr_window_show_message (self, error->message);
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

GtkWindow *
orr_window_edit_block (OrrWindow *self, OrrBlock *block)
{
  OrrBlockDialog *dialog;

  g_return_val_if_fail (ORR_IS_WINDOW (self), NULL);
  g_return_val_if_fail (block != NULL, NULL);

  dialog = orr_block_dialog_new (GTK_WINDOW (self), self->model, self->registry, block);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

/* ---- drag and drop of files ------------------------------------------------ */

static gboolean
files_dropped (GtkDropTarget *target, const GValue *value, double x, double y, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GSList *files;
  gboolean any = FALSE;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || !ORR_IS_APPLICATION (app))
    return FALSE;

  files = gdk_file_list_get_files (g_value_get_boxed (value));
  for (GSList *l = files; l != NULL; l = l->next)
    {
      g_autofree char *name = g_file_get_basename (l->data);

      /* Only models: a dropped image or CSV would only give an error. */
      if (name != NULL && (g_str_has_suffix (name, ".orr") || orr_xcos_is_xcos_path (name)))
        {
          orr_application_open_file (ORR_APPLICATION (app), l->data);
          any = TRUE;
        }
    }
  g_slist_free (files);
  return any;
}

/* ---- closing ---------------------------------------------------------------- */

static void
confirm_saved_as (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;

  g_task_return_boolean (task, _orr_window_save_as_finish (ORR_WINDOW (source), result));
}

static void
confirm_response (GtkDialog *dialog, int response, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  OrrWindow *self = g_task_get_source_object (task);

  self->confirm = NULL;
  gtk_window_destroy (GTK_WINDOW (dialog));

  switch (response)
    {
      case ORR_WINDOW_RESPONSE_DISCARD:
        g_task_return_boolean (task, TRUE);
        return;

      case ORR_WINDOW_RESPONSE_SAVE:
        if (self->file != NULL)
          {
            g_autoptr (GError) error = NULL;

            if (orr_window_save_to (self, self->file, &error))
              g_task_return_boolean (task, TRUE);
            else
              {
                _orr_window_show_save_error (self, self->file, error);
                g_task_return_boolean (task, FALSE);
              }
          }
        else
          _orr_window_save_as_async (self, confirm_saved_as, g_steal_pointer (&task));
        return;

      default:
        g_task_return_boolean (task, FALSE);
        return;
    }
}

void
orr_window_confirm_close_async (OrrWindow *self, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *name = NULL;
  GtkWidget *dialog;
  GtkWidget *button;

  g_return_if_fail (ORR_IS_WINDOW (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, orr_window_confirm_close_async);

  if (!orr_model_get_modified (self->model))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (self->confirm != NULL)
    {
      /* Already asking (Ctrl+W twice, or quit while a close waits): the
       * first question decides; this request stands down. */
      gtk_window_present (self->confirm);
      g_task_return_boolean (task, FALSE);
      return;
    }

  gtk_window_present (GTK_WINDOW (self));
  name = display_name (self);
  dialog = gtk_message_dialog_new (
    GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_QUESTION,
    GTK_BUTTONS_NONE, _ ("Save changes to “%s” before closing?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _ ("If you do not save, your changes will be lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _ ("_Cancel"), ORR_WINDOW_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _ ("_Discard"), ORR_WINDOW_RESPONSE_DISCARD);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog),
                                  self->file != NULL ? _ ("_Save") : _ ("_Save As…"),
                                  ORR_WINDOW_RESPONSE_SAVE);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), ORR_WINDOW_RESPONSE_SAVE);

  self->confirm = GTK_WINDOW (dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response), g_steal_pointer (&task));
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
orr_window_confirm_close_finish (OrrWindow *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
orr_window_close_confirmed (OrrWindow *self)
{
  g_return_if_fail (ORR_IS_WINDOW (self));

  /* closing on purpose: the changes were saved or the user discarded them */
  if (self->draft != NULL)
    orr_draft_discard (self->draft);
  self->close_confirmed = TRUE;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
close_request_confirmed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (source);

  if (orr_window_confirm_close_finish (self, result, NULL))
    orr_window_close_confirmed (self);
}

static gboolean
orr_window_close_request (GtkWindow *window)
{
  OrrWindow *self = ORR_WINDOW (window);

  if (self->close_confirmed || self->model == NULL || !orr_model_get_modified (self->model))
    return GTK_WINDOW_CLASS (orr_window_parent_class)->close_request (window);

  orr_window_confirm_close_async (self, NULL, close_request_confirmed, NULL);
  return TRUE;
}

/* ---- saving, screenshots --------------------------------------------------- */

gboolean
orr_window_save_to (OrrWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  GtkApplication *app;

  g_return_val_if_fail (ORR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _ ("Models can only be saved to local files."));
      return FALSE;
    }
  if (!orr_model_save_file (self->model, path, error))
    return FALSE;

  g_set_object (&self->file, file);
  if (self->draft != NULL)
    orr_draft_set_file (self->draft, path);
  /* the draft goes away with the unsaved changes */
  orr_model_set_saved (self->model);
  app = gtk_window_get_application (GTK_WINDOW (self));
  if (ORR_IS_APPLICATION (app))
    orr_application_note_recent (ORR_APPLICATION (app), file);

  update_title (self);
  _orr_window_actions_update (self);
  name = display_name (self);
  message = g_strdup_printf (_ ("Saved “%s”"), name);
  orr_window_show_message (self, message);
  return TRUE;
}

gboolean
orr_window_screenshot (OrrWindow *self, const char *path, GError **error)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GskRenderer *renderer;

  g_return_val_if_fail (ORR_IS_WINDOW (self), FALSE);

  renderer = gtk_native_get_renderer (GTK_NATIVE (self));
  if (!gtk_widget_get_mapped (widget) || width <= 0 || height <= 0 || renderer == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _ ("The window is not shown yet."));
      return FALSE;
    }

  /* The widget paintable draws the window as it is on screen, client-side
   * header bar included; the window's own renderer turns that into pixels. */
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("The window drew nothing."));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (texture == NULL || !gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Could not write “%s”."), path);
      return FALSE;
    }
  return TRUE;
}

/* ---- accessors -------------------------------------------------------------- */

OrrModel *
orr_window_get_model (OrrWindow *self)
{
  g_return_val_if_fail (ORR_IS_WINDOW (self), NULL);
  return self->model;
}

OrrCanvas *
orr_window_get_canvas (OrrWindow *self)
{
  g_return_val_if_fail (ORR_IS_WINDOW (self), NULL);
  return self->canvas;
}

GFile *
orr_window_get_file (OrrWindow *self)
{
  g_return_val_if_fail (ORR_IS_WINDOW (self), NULL);
  return self->file;
}

gboolean
orr_window_is_pristine (OrrWindow *self)
{
  g_return_val_if_fail (ORR_IS_WINDOW (self), FALSE);

  return self->file == NULL && !orr_model_get_modified (self->model)
         && !orr_model_can_undo (self->model) && !orr_model_can_redo (self->model)
         && orr_model_get_root (self->model)->blocks->len == 0;
}

/* ---- construction ------------------------------------------------------------ */

static GMenuModel *
build_primary_menu (OrrApplication *app)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) files = g_menu_new ();
  g_autoptr (GMenu) saving = g_menu_new ();
  g_autoptr (GMenu) export = g_menu_new ();
  g_autoptr (GMenu) help = g_menu_new ();
  g_autoptr (GMenu) closing = g_menu_new ();

  g_menu_append (files, _ ("_New Model"), "app.new");
  g_menu_append (files, _ ("_Open…"), "app.open");
  g_menu_append_submenu (files, _ ("Open _Recent"), orr_application_get_recent_menu (app));
  g_menu_append (files, _ ("Open _Example…"), "app.examples");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (files));

  g_menu_append (saving, _ ("_Save"), "win.save");
  g_menu_append (saving, _ ("Save _As…"), "win.save-as");
  g_menu_append (export, _ ("_PNG Image…"), "win.export::png");
  g_menu_append (export, _ ("_SVG Image…"), "win.export::svg");
  g_menu_append (export, _ ("P_DF Document…"), "win.export::pdf");
  g_menu_append_submenu (saving, _ ("_Export Diagram"), G_MENU_MODEL (export));
  g_menu_append (saving, _ ("_Print…"), "win.print");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (saving));

  {
    g_autoptr (GMenu) simulation = g_menu_new ();
    g_autoptr (GMenu) running = g_menu_new ();

    g_menu_append (running, _ ("_Run"), "win.run");
    g_menu_append (running, _ ("_Pause"), "win.pause");
    g_menu_append (running, _ ("_Stop"), "win.stop");
    g_menu_append_section (simulation, NULL, G_MENU_MODEL (running));
    g_menu_append (simulation, _ ("_Check Model"), "win.check");
    g_menu_append (simulation, _ ("_Linearize…"), "win.linearize");
    g_menu_append (simulation, _ ("New St_udy…"), "win.new-study");
    g_menu_append (simulation, _ ("Model _Settings…"), "win.model-settings");
    g_menu_append_submenu (menu, _ ("S_imulation"), G_MENU_MODEL (simulation));
  }
  {
    g_autoptr (GMenu) diagram = g_menu_new ();
    g_autoptr (GMenu) structure = g_menu_new ();
    g_autoptr (GMenu) navigation = g_menu_new ();
    g_autoptr (GMenu) contexts = g_menu_new ();

    g_menu_append (structure, _ ("_Group into Super Block"), "win.group");
    g_menu_append (structure, _ ("E_xpand Super Block"), "win.expand");
    g_menu_append (structure, _ ("Edit _Mask…"), "win.edit-mask");
    g_menu_append_section (diagram, NULL, G_MENU_MODEL (structure));
    g_menu_append (navigation, _ ("_Open Super Block / Look Under Mask"), "win.enter");
    g_menu_append (navigation, _ ("_Up One Level"), "win.go-up");
    g_menu_append (navigation, _ ("_Top Level"), "win.go-to-top");
    g_menu_append_section (diagram, NULL, G_MENU_MODEL (navigation));
    g_menu_append (contexts, _ ("_Context of This Level…"), "win.edit-context");
    g_menu_append (contexts, _ ("Model C_ontext…"), "win.model-context");
    g_menu_append (contexts, _ ("Model _Settings…"), "win.model-settings");
    g_menu_append_section (diagram, NULL, G_MENU_MODEL (contexts));
    {
      g_autoptr (GMenu) library = g_menu_new ();

      g_menu_append (library, _ ("Save to _Library…"), "win.save-to-library");
      g_menu_append (library, _ ("_Update from Library"), "win.update-from-library");
      g_menu_append (library, _ ("Library _Manager…"), "app.library-manager");
      g_menu_append_section (diagram, NULL, G_MENU_MODEL (library));
    }
    g_menu_append_submenu (menu, _ ("_Diagram"), G_MENU_MODEL (diagram));
  }

  g_menu_append (help, _ ("_Manual"), "app.help");
  g_menu_append (help, _ ("_Keyboard Shortcuts"), "win.show-help-overlay");
  g_menu_append (help, _ ("_About Orrery"), "app.about");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (help));

  g_menu_append (closing, _ ("_Close"), "win.close");
  g_menu_append (closing, _ ("_Quit"), "app.quit");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (closing));

  return G_MENU_MODEL (g_steal_pointer (&menu));
}

OrrWindow *
orr_window_new (OrrApplication *application, OrrModel *model, GFile *file)
{
  OrrWindow *self;
  g_autoptr (GMenuModel) menu = NULL;

  g_return_val_if_fail (ORR_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  self = g_object_new (ORR_TYPE_WINDOW, "application", application, NULL);
  self->model = g_object_ref (model);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->registry = orr_application_get_registry (application);

  menu = build_primary_menu (application);
  gtk_menu_button_set_menu_model (self->primary_menu_button, menu);

  {
    g_autofree char *drafts = orr_drafts_default_dir ();
    g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
    const char *interval = g_getenv ("ORRERY_AUTOSAVE_MS");

    /* every 30 s at most: a crash loses seconds of work, not the session */
    self->draft = orr_draft_new (
      self->model, drafts, interval != NULL ? (guint)g_ascii_strtoull (interval, NULL, 10) : 30000);
    orr_draft_set_file (self->draft, path);
  }

  orr_palette_browser_set_registry (self->palette_browser, self->registry);
  _orr_window_library_attach (self);
  orr_canvas_set_model (self->canvas, self->model, self->registry);
  _orr_window_show_diagram (self, orr_model_get_root (self->model));

  g_signal_connect_swapped (self->model, "notify::modified", G_CALLBACK (model_notify), self);
  g_signal_connect_swapped (self->model, "notify::can-undo", G_CALLBACK (model_notify), self);
  g_signal_connect_swapped (self->model, "notify::can-redo", G_CALLBACK (model_notify), self);
  g_signal_connect_swapped (self->model, "changed", G_CALLBACK (model_changed), self);

  update_title (self);
  update_status (self);
  _orr_window_actions_update (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  /* FMUs are read on a worker: the window is up before they are */
  _orr_window_loading_start (self);
  return self;
}

static void
orr_window_dispose (GObject *object)
{
  OrrWindow *self = ORR_WINDOW (object);

  /* a run going on stops with its window */
  _orr_window_run_dispose (self);
  _orr_window_loading_dispose (self);
  _orr_window_insert_dispose (self);
  _orr_window_menus_dispose (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  /* Not discarded here: a window that goes away without the user's say
   * (the session ends) keeps its draft for the next start. */
  g_clear_object (&self->draft);
  gtk_widget_dispose_template (GTK_WIDGET (self), ORR_TYPE_WINDOW);
  G_OBJECT_CLASS (orr_window_parent_class)->dispose (object);
}

static void
orr_window_finalize (GObject *object)
{
  OrrWindow *self = ORR_WINDOW (object);

  g_clear_object (&self->model);
  g_clear_object (&self->file);
  g_clear_pointer (&self->message, g_free);
  G_OBJECT_CLASS (orr_window_parent_class)->finalize (object);
}

static void
orr_window_class_init (OrrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = orr_window_dispose;
  object_class->finalize = orr_window_finalize;
  window_class->close_request = orr_window_close_request;

  g_type_ensure (ORR_TYPE_CANVAS);
  g_type_ensure (ORR_TYPE_PALETTE_BROWSER);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/orrery/Orrery/orr-window.ui");
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, edit_menu_button);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, palette_browser);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, status_label);
  gtk_widget_class_bind_template_callback (widget_class, canvas_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, canvas_block_activated);
  gtk_widget_class_bind_template_callback (widget_class, palette_block_activated);
  gtk_widget_class_bind_template_callback (widget_class, update_status);
  gtk_widget_class_bind_template_callback_full (widget_class, "info_bar_response",
                                                G_CALLBACK (_orr_window_info_bar_response));
  gtk_widget_class_bind_template_callback_full (widget_class, "problem_activated",
                                                G_CALLBACK (_orr_window_problem_activated));
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, breadcrumb_box);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, info_bar);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, scopes_paned);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, problems_paned);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, problems_scroller);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, problems_list);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, scopes_scroller);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, pace_button);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, run_status_box);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, run_time_label);
  gtk_widget_class_bind_template_child (widget_class, OrrWindow, run_progress);
}

static void
orr_window_init (OrrWindow *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (files_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  _orr_window_actions_init (self);
  _orr_window_analysis_init (self);
  _orr_window_study_init (self);
  _orr_window_hierarchy_init (self);
  _orr_window_run_init (self);
  _orr_window_loading_init (self);
  _orr_window_insert_init (self);
  _orr_window_library_init (self);
  _orr_window_menus_init (self);
  _orr_window_arrange_init (self);
}
