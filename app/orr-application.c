/* orr-application.c: the GtkApplication of the editor: opening files from
 * the command line and the Open dialog, one window per model, the recent
 * files menu, the accelerators, and quitting without losing work (every
 * window with unsaved changes is asked in turn). */
#include "orr-application.h"

#include "orr-examples.h"
#include "orr-library-manager.h"

#include "orr-window.h"
#include "orr-drafts.h"

#include <glib/gi18n-lib.h>
#include <orr-palettes.h>
#include <orrery/orr-io.h>
#include <orrery/orr-xcos.h>

/* At most this many files in "Open Recent". */
#define RECENT_MAX 10

struct _OrrApplication
{
  GtkApplication parent_instance;

  OrrRegistry *registry;
  OrrLibrarySet *libraries; /* made on first use */
  GMenu *recent_menu;
  GtkRecentManager *recent_manager; /* borrowed: the default one */
  gulong recent_changed_id;
};

G_DEFINE_FINAL_TYPE (OrrApplication, orr_application, GTK_TYPE_APPLICATION)

OrrApplication *
orr_application_new (void)
{
  return g_object_new (ORR_TYPE_APPLICATION, "application-id", ORR_APPLICATION_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, NULL);
}

OrrLibrarySet *
orr_application_get_library_set (OrrApplication *self)
{
  g_return_val_if_fail (ORR_IS_APPLICATION (self), NULL);

  if (self->libraries == NULL)
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr (GSettingsSchema) schema
        = source != NULL ? g_settings_schema_source_lookup (source, ORR_APPLICATION_ID, TRUE)
                         : NULL;

      self->libraries = orr_library_set_new ();
      /* the folders the user installed, then the per-user default one;
       * without the schema (an uninstalled run) only the latter */
      if (schema != NULL)
        {
          g_autoptr (GSettings) settings = g_settings_new (ORR_APPLICATION_ID);
          g_auto (GStrv) folders = g_settings_get_strv (settings, "libraries");

          for (guint i = 0; folders[i] != NULL; i++)
            orr_library_set_add_folder (self->libraries, folders[i], TRUE, NULL);
        }
      orr_library_set_add_default_folders (self->libraries, NULL);
    }
  return self->libraries;
}

enum
{
  SIGNAL_LIBRARIES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
orr_application_libraries_changed (OrrApplication *self)
{
  g_return_if_fail (ORR_IS_APPLICATION (self));
  g_signal_emit (self, signals[SIGNAL_LIBRARIES_CHANGED], 0);
}

OrrRegistry *
orr_application_get_registry (OrrApplication *self)
{
  g_return_val_if_fail (ORR_IS_APPLICATION (self), NULL);
  return self->registry;
}

GMenuModel *
orr_application_get_recent_menu (OrrApplication *self)
{
  g_return_val_if_fail (ORR_IS_APPLICATION (self), NULL);
  return G_MENU_MODEL (self->recent_menu);
}

/* ---- errors --------------------------------------------------------------- */

static void
show_error (OrrApplication *self, const char *primary, const char *secondary)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  /* Keeps the application running when the failed file was the only thing
   * asked for on the command line, so that the user gets to read why. */
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- windows -------------------------------------------------------------- */

static OrrWindow *
find_window_for_file (OrrApplication *self, GFile *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!ORR_IS_WINDOW (l->data))
        continue;
      shown = orr_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }
  return NULL;
}

/* The active window, if nobody has touched it yet: a file opened now takes
 * its place rather than piling up an empty window behind it. */
static OrrWindow *
find_pristine_window (OrrApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ORR_IS_WINDOW (active) && orr_window_is_pristine (ORR_WINDOW (active)))
    return ORR_WINDOW (active);
  return NULL;
}

GtkWindow *
orr_application_new_window (OrrApplication *self)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrWindow *window;

  g_return_val_if_fail (ORR_IS_APPLICATION (self), NULL);

  window = orr_window_new (self, model, NULL);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

GtkWindow *
orr_application_open_file (OrrApplication *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autofree char *path = NULL;
  OrrWindow *window;
  OrrWindow *pristine;

  g_return_val_if_fail (ORR_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  window = find_window_for_file (self, file);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return GTK_WINDOW (window);
    }

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *primary = g_strdup_printf (_ ("Could not open “%s”"), uri);

      show_error (self, primary, _ ("Only local files can be opened."));
      return NULL;
    }

  if (orr_xcos_is_xcos_path (path))
    {
      GtkWindow *imported = _orr_window_open_xcos (self, file, &error);
      if (imported == NULL)
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *primary = g_strdup_printf (_ ("Could not open “%s”"), name);

          show_error (self, primary, error->message);
        }
      return imported;
    }
  model = orr_model_load_file (path, &error);
  if (model == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *primary = g_strdup_printf (_ ("Could not open “%s”"), name);

      show_error (self, primary, error->message);
      return NULL;
    }
  orr_model_clear_history (model);
  orr_model_set_saved (model);

  pristine = find_pristine_window (self);
  window = orr_window_new (self, model, file);
  orr_application_note_recent (self, file);
  gtk_window_present (GTK_WINDOW (window));
  if (pristine != NULL)
    gtk_window_destroy (GTK_WINDOW (pristine));
  return GTK_WINDOW (window);
}

/* ---- drafts left by a session that crashed ---------------------------------- */

/* Each orphaned draft opens in its own window as a modified model, with
 * its file (if it had one) as the save target, so that Save keeps the
 * recovered work and Close offers to discard it. */
static void
recover_drafts (OrrApplication *self)
{
  g_autofree char *dir = orr_drafts_default_dir ();
  g_autoptr (GPtrArray) orphans = orr_drafts_list_orphans (dir);

  for (guint i = 0; i < orphans->len; i++)
    {
      OrrDraftInfo *info = g_ptr_array_index (orphans, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrModel) model = orr_draft_info_load (info, &error);
      g_autoptr (GFile) file = info->file ? g_file_new_for_path (info->file) : NULL;
      g_autofree char *when = g_date_time_format (info->time, "%c");
      g_autofree char *message = NULL;
      OrrWindow *window;

      if (model == NULL)
        {
          /* a draft that does not load is worth nothing: say so, keep it for inspection */
          g_warning ("Could not recover the draft %s: %s", info->path, error->message);
          continue;
        }
      window = orr_window_new (self, model, file);
      /* the new window keeps its own draft from now on */
      orr_draft_info_delete (info);
      message = g_strdup_printf (_ ("Recovered unsaved changes from %s: save to keep them"), when);
      orr_window_show_message (window, message);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* ---- recent files --------------------------------------------------------- */

void
orr_application_note_recent (OrrApplication *self, GFile *file)
{
  g_autofree char *uri = NULL;

  g_return_if_fail (ORR_IS_APPLICATION (self));

  uri = g_file_get_uri (file);
  gtk_recent_manager_add_item (self->recent_manager, uri);
}

static int
compare_recent_newest_first (gconstpointer a, gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *)a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *)b);

  return g_date_time_compare (tb, ta);
}

/* Underscores in file names would read as mnemonics in a menu. */
static char *
escape_mnemonics (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "_", -1);
  return g_strjoinv ("__", parts);
}

static void
update_recent_menu (OrrApplication *self)
{
  GList *items = gtk_recent_manager_get_items (self->recent_manager);
  GList *orr = NULL;
  guint n = 0;

  g_menu_remove_all (self->recent_menu);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if (g_str_has_suffix (uri, ".orr") && gtk_recent_info_is_local (info)
          && gtk_recent_info_exists (info))
        orr = g_list_prepend (orr, info);
    }
  orr = g_list_sort (orr, compare_recent_newest_first);

  for (GList *l = orr; l != NULL && n < RECENT_MAX; l = l->next, n++)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      g_autofree char *label = escape_mnemonics (gtk_recent_info_get_display_name (info));
      g_autoptr (GMenuItem) item = NULL;

      if (path == NULL)
        continue;
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "app.open-path", "s", path);
      g_menu_append_item (self->recent_menu, item);
    }

  if (n == 0)
    {
      /* No action: the item shows, insensitive, so the submenu is not
       * mysteriously empty. */
      g_menu_append (self->recent_menu, _ ("No Recent Files"), NULL);
    }

  g_list_free (orr);
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
}

/* ---- actions -------------------------------------------------------------- */

static void
new_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_application_new_window (ORR_APPLICATION (user_data));
}

static void
open_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      guint n = g_list_model_get_n_items (files);

      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GFile) file = g_list_model_get_item (files, i);
          orr_application_open_file (self, file);
        }
    }
  g_object_unref (dialog);
  g_application_release (G_APPLICATION (self));
}

static void
open_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) models = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) xcos = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_ ("Open Model"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _ ("_Open"), _ ("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);

  gtk_file_filter_set_name (models, _ ("Orrery models"));
  gtk_file_filter_add_pattern (models, "*.orr");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), models);
  gtk_file_filter_set_name (xcos, _ ("Xcos diagrams"));
  gtk_file_filter_add_pattern (xcos, "*.zcos");
  gtk_file_filter_add_pattern (xcos, "*.xcos");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), xcos);
  gtk_file_filter_set_name (all, _ ("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), models);

  /* Held so that the application outlives a chooser opened with no window. */
  g_application_hold (G_APPLICATION (self));
  g_signal_connect (chooser, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_path_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  orr_application_open_file (self, file);
}

/* An example opens as a new, unsaved model: Save asks where to keep it,
 * and the installed copy is never written. */
static void
open_example_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);
  g_autofree char *dir = orr_examples_get_dir ();
  g_autofree char *path = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (GError) error = NULL;
  OrrWindow *window;

  if (dir == NULL)
    {
      g_message ("open-example: no examples are installed");
      return;
    }
  path = g_build_filename (dir, g_variant_get_string (parameter, NULL), NULL);
  model = orr_model_load_file (path, &error);
  if (model == NULL)
    {
      GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
      GtkWidget *dialog = gtk_message_dialog_new (
        parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_ERROR,
        GTK_BUTTONS_CLOSE, "%s", _ ("Could not open the example"));

      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
      g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  orr_model_clear_history (model);
  window = orr_window_new (self, model, NULL);
  gtk_window_present (GTK_WINDOW (window));
}

/* The folders the manager lists are the user's libraries: kept in the
 * settings (when the schema is installed) for the next start. */
static void
libraries_changed (OrrLibraryManager *manager, OrrApplication *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema
    = source != NULL ? g_settings_schema_source_lookup (source, ORR_APPLICATION_ID, TRUE) : NULL;
  g_auto (GStrv) folders = orr_library_manager_dup_folders (manager);

  if (schema != NULL)
    {
      g_autoptr (GSettings) settings = g_settings_new (ORR_APPLICATION_ID);

      g_settings_set_strv (settings, "libraries", (const char *const *)folders);
    }
  orr_application_libraries_changed (self);
}

static void
library_manager_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);
  GtkWindow *manager
    = orr_library_manager_new (gtk_application_get_active_window (GTK_APPLICATION (self)),
                               orr_application_get_library_set (self));

  g_signal_connect_object (manager, "libraries-changed", G_CALLBACK (libraries_changed), self, 0);
  gtk_window_present (manager);
}

static void
examples_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);

  gtk_window_present (
    orr_examples_window_new (gtk_application_get_active_window (GTK_APPLICATION (self))));
}

typedef struct
{
  OrrApplication *self;
  GList *pending; /* of OrrWindow, referenced */
} QuitState;

static void quit_next (QuitState *state);

static void
quit_state_free (QuitState *state)
{
  g_list_free_full (state->pending, g_object_unref);
  g_application_release (G_APPLICATION (state->self));
  g_free (state);
}

static void
quit_confirmed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  QuitState *state = user_data;

  if (!orr_window_confirm_close_finish (ORR_WINDOW (source), result, NULL))
    {
      /* Cancelled: the user wants to stay; nothing is closed. */
      quit_state_free (state);
      return;
    }
  quit_next (state);
}

static void
quit_next (QuitState *state)
{
  if (state->pending != NULL)
    {
      OrrWindow *window = state->pending->data;

      state->pending = g_list_delete_link (state->pending, state->pending);
      orr_window_confirm_close_async (window, NULL, quit_confirmed, state);
      g_object_unref (window);
      return;
    }

  /* Everything is saved or given up: close every window, which ends the
   * application once the last one is gone. */
  {
    GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (state->self)));

    for (GList *l = windows; l != NULL; l = l->next)
      {
        if (ORR_IS_WINDOW (l->data))
          orr_window_close_confirmed (l->data);
        else
          gtk_window_destroy (l->data);
      }
    g_list_free (windows);
  }
  quit_state_free (state);
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);
  QuitState *state = g_new0 (QuitState, 1);

  state->self = self;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (ORR_IS_WINDOW (l->data))
      state->pending = g_list_append (state->pending, g_object_ref (l->data));
  g_application_hold (G_APPLICATION (self));
  quit_next (state);
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrApplication *self = ORR_APPLICATION (user_data);
  const char *authors[] = { _ ("The Orrery developers"), NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)), "program-name",
                         _ ("Orrery"), "version", ORR_VERSION, "comments",
                         _ ("Block diagrams of hybrid dynamical systems: model, "
                            "simulate, plot."),
                         "license-type", GTK_LICENSE_GPL_3_0, "logo-icon-name",
                         "applications-science-symbolic", "authors", authors, "translator-credits",
                         _ ("translator-credits"), NULL);
}

/* The manual (help/C, installed by meson for Yelp), at a page or its
 * start: "help:orrery/block-Gain". Yelp is asked directly when it is
 * installed (so that the page opens even where no handler for help: URIs
 * is registered); otherwise whatever the desktop uses for help: URIs. */
void
orr_application_show_help (OrrApplication *self, const char *page)
{
  g_autofree char *uri
    = page != NULL ? g_strdup_printf ("help:orrery/%s", page) : g_strdup ("help:orrery");
  g_autofree char *yelp = g_find_program_in_path ("yelp");
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr (GError) error = NULL;

  if (yelp != NULL)
    {
      const char *argv[] = { yelp, uri, NULL };

      if (g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &error))
        return;
      g_warning ("%s: %s", yelp, error->message);
    }
  gtk_show_uri (parent, uri, GDK_CURRENT_TIME);
}

static void
help_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  const char *page = parameter != NULL ? g_variant_get_string (parameter, NULL) : "";

  orr_application_show_help (ORR_APPLICATION (data), *page != '\0' ? page : NULL);
}

static const GActionEntry app_actions[] = {
  { "help", help_activated },
  { "help-page", help_activated, "s" },
  { "new", new_activated },
  { "open", open_activated },
  { "open-path", open_path_activated, "s" },
  { "open-example", open_example_activated, "s" },
  { "examples", examples_activated },
  { "library-manager", library_manager_activated },
  { "quit", quit_activated },
  { "about", about_activated },
};

/* Accelerators that no text field wants for itself. Those that entries use
 * (Ctrl+C, Ctrl+Z, Delete...) are window shortcuts that only fire when the
 * focused widget lets the key through: see orr-window-actions.c. */
static const struct
{
  const char *action;
  const char *accels[4];
} app_accels[] = {
  { "app.new", { "<Control>n", NULL } },
  { "app.open", { "<Control>o", NULL } },
  { "app.examples", { "<Control><Shift>o", NULL } },
  { "app.library-manager", { "<Control><Shift>l", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.help", { "F1", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.duplicate", { "<Control>d", NULL } },
  { "win.rotate", { "<Control>bracketright", NULL } },
  { "win.flip", { "<Control>m", NULL } },
  { "win.toggle-switch", { "<Control>t", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
  { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
  { "win.zoom-fit", { "<Control>0", "<Control>KP_0", NULL } },
  { "win.export::png", { "<Control>e", NULL } },
  { "win.print", { "<Control>p", NULL } },
  { "win.context-menu", { "<Shift>F10", "Menu", NULL } },
  { "win.align::left", { "<Control><Alt>Left", NULL } },
  { "win.align::right", { "<Control><Alt>Right", NULL } },
  { "win.align::top", { "<Control><Alt>Up", NULL } },
  { "win.align::bottom", { "<Control><Alt>Down", NULL } },
  { "win.align::center", { "<Control><Alt>c", NULL } },
  { "win.align::middle", { "<Control><Alt>m", NULL } },
  { "win.distribute::horizontal", { "<Control><Alt>h", NULL } },
  { "win.distribute::vertical", { "<Control><Alt>v", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "win.run", { "F5", "<Control>r", NULL } },
  { "win.pause", { "F6", NULL } },
  { "win.stop", { "<Shift>F5", NULL } },
  { "win.check", { "<Control>b", NULL } },
  { "win.linearize", { "<Control><Shift>a", NULL } },
  { "win.new-study", { "<Control><Shift>y", NULL } },
  { "win.quick-insert", { "<Control>i", NULL } },
  { "win.add-text", { "<Control><Shift>t", NULL } },
  { "win.save-to-library", { "<Control><Shift>b", NULL } },
  { "win.update-from-library", { "<Control><Shift>u", NULL } },
  { "win.group", { "<Control>g", NULL } },
  { "win.expand", { "<Control><Shift>g", NULL } },
  { "win.enter", { "<Alt>Down", NULL } },
  { "win.go-up", { "<Alt>Up", NULL } },
  { "win.go-to-top", { "<Alt>Home", NULL } },
  { "win.edit-mask", { "<Control><Shift>m", NULL } },
  { "win.edit-context", { "<Control>k", NULL } },
  { "win.model-context", { "<Control><Shift>k", NULL } },
  { "win.model-settings", { "<Control>comma", NULL } },
};

/* ---- GApplication --------------------------------------------------------- */

static void
orr_application_startup (GApplication *application)
{
  OrrApplication *self = ORR_APPLICATION (application);
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (orr_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), app_accels[i].action,
                                           app_accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/org/orrery/Orrery/orrery.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  self->recent_manager = gtk_recent_manager_get_default ();
  self->recent_changed_id = g_signal_connect_swapped (self->recent_manager, "changed",
                                                      G_CALLBACK (update_recent_menu), self);
  update_recent_menu (self);
  recover_drafts (self);
}

static void
orr_application_shutdown (GApplication *application)
{
  OrrApplication *self = ORR_APPLICATION (application);

  g_clear_signal_handler (&self->recent_changed_id, self->recent_manager);
  G_APPLICATION_CLASS (orr_application_parent_class)->shutdown (application);
}

static void
orr_application_activate (GApplication *application)
{
  OrrApplication *self = ORR_APPLICATION (application);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* Launching again while running raises what is there. */
  if (active != NULL)
    gtk_window_present (active);
  else
    orr_application_new_window (self);
}

static void
orr_application_open (GApplication *application, GFile **files, int n_files, const char *hint)
{
  OrrApplication *self = ORR_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    orr_application_open_file (self, files[i]);
}

static void
orr_application_finalize (GObject *object)
{
  OrrApplication *self = ORR_APPLICATION (object);

  g_clear_object (&self->recent_menu);
  g_clear_pointer (&self->libraries, orr_library_set_free);
  g_clear_pointer (&self->registry, orr_registry_free);
  G_OBJECT_CLASS (orr_application_parent_class)->finalize (object);
}

static void
orr_application_class_init (OrrApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = orr_application_finalize;
  app_class->startup = orr_application_startup;
  app_class->shutdown = orr_application_shutdown;
  app_class->activate = orr_application_activate;
  app_class->open = orr_application_open;

  /* OrrApplication::libraries-changed: the user libraries changed (a
   * folder added or removed, a library created, locked or versioned, a
   * block saved into one). */
  signals[SIGNAL_LIBRARIES_CHANGED]
    = g_signal_new ("libraries-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 0);
}

static void
orr_application_init (OrrApplication *self)
{
  self->registry = orr_registry_new ();
  orr_palettes_register_standard (self->registry);
  self->recent_menu = g_menu_new ();
}
