/* orr-window-library.c: the window's side of user libraries. "Save to
 * Library…" keeps the selected block (a masked super block, or a single
 * configured block) in one of the installed libraries under a path;
 * "Update from Library" brings a block placed from a library to the
 * library's present version, keeping its parameter values.
 *
 * For scripts and tests (D-Bus):
 *   save-to-library-at  (ss)  a library folder, the block's path in it:
 *                             saves the one selected block there */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>

static void
report (OrrWindow *self, gboolean ok, const char *done, GError *error)
{
  if (ok)
    orr_window_show_message (self, done);
  else
    _orr_window_show_error (self, _ ("The library refused"), error->message);
}

static gboolean
save_block (OrrWindow *self, OrrLibrary *library, const char *path, GError **error)
{
  OrrBlock *block = _orr_window_get_single_selected (self);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (block == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _ ("Select the one block to keep in the library"));
      return FALSE;
    }
  if (!orr_library_add_block (library, path, block, error))
    return FALSE;
  /* every window's palettes show the new block */
  if (ORR_IS_APPLICATION (app))
    orr_application_libraries_changed (ORR_APPLICATION (app));
  return TRUE;
}

/* ---- the dialog ------------------------------------------------------------- */

typedef struct
{
  OrrWindow *self;
  GtkWindow *dialog;
  GtkDropDown *libraries;
  GtkEntry *path;
  GPtrArray *choices; /* of OrrLibrary*, borrowed from the set */
} SaveDialog;

static void
save_dialog_free (SaveDialog *d)
{
  g_ptr_array_unref (d->choices);
  g_free (d);
}

static void
save_clicked (GtkButton *button, SaveDialog *d)
{
  guint i = gtk_drop_down_get_selected (d->libraries);
  const char *path = gtk_editable_get_text (GTK_EDITABLE (d->path));
  g_autoptr (GError) error = NULL;
  g_autofree char *done = NULL;
  OrrLibrary *library;

  if (i >= d->choices->len)
    return;
  library = g_ptr_array_index (d->choices, i);
  done = g_strdup_printf (_ ("Saved as “%s” in the library “%s”"), path,
                          orr_library_get_name (library));
  report (d->self, save_block (d->self, library, path, &error), done, error);
  if (error == NULL)
    gtk_window_destroy (d->dialog);
}

static void
save_to_library_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrLibrarySet *set = _orr_window_get_library_set (self);
  GPtrArray *libraries = set != NULL ? orr_library_set_get_libraries (set) : NULL;
  OrrBlock *block = _orr_window_get_single_selected (self);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_auto (GStrv) labels = NULL;
  SaveDialog *d;
  GtkWidget *grid, *button, *box, *library_label, *path_label;

  if (block == NULL)
    return;
  if (libraries == NULL || libraries->len == 0)
    {
      _orr_window_show_error (self, _ ("No library is installed"),
                              _ ("Create one in the library manager (Ctrl+Shift+L), or add a "
                                 "library's folder there."));
      return;
    }
  d = g_new0 (SaveDialog, 1);
  d->self = self;
  d->choices = g_ptr_array_ref (libraries);
  for (guint i = 0; i < libraries->len; i++)
    {
      OrrLibrary *library = g_ptr_array_index (libraries, i);
      g_autofree char *label = g_strdup_printf (
        "%s %s%s", orr_library_get_name (library), orr_library_get_version (library),
        orr_library_is_locked (library) ? _ (" (locked)") : "");
      g_strv_builder_add (names, label);
    }
  labels = g_strv_builder_end (names);

  d->dialog = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (d->dialog, _ ("Save to Library"));
  gtk_window_set_transient_for (d->dialog, GTK_WINDOW (self));
  gtk_window_set_modal (d->dialog, TRUE);
  gtk_window_set_destroy_with_parent (d->dialog, TRUE);
  g_object_set_data_full (G_OBJECT (d->dialog), "orr-save-dialog", d,
                          (GDestroyNotify)save_dialog_free);

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);
  d->libraries = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char *const *)labels));
  d->path = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (d->path),
                         block->label != NULL && *block->label != '\0' ? block->label : block->id);
  gtk_widget_set_hexpand (GTK_WIDGET (d->path), TRUE);
  gtk_entry_set_placeholder_text (d->path, _ ("mechanics/Ball"));
  library_label = gtk_label_new (_ ("Library"));
  path_label = gtk_label_new (_ ("Path"));
  /* the labels sit beside the fields; tell screen readers which is whose */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (d->libraries),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, library_label, NULL, -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (d->path), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  path_label, NULL, -1);
  gtk_grid_attach (GTK_GRID (grid), library_label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->libraries), 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), path_label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->path), 1, 1, 1, 1);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (box, GTK_ALIGN_END);
  button = gtk_button_new_with_mnemonic (_ ("_Save"));
  gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect (button, "clicked", G_CALLBACK (save_clicked), d);
  gtk_box_append (GTK_BOX (box), button);
  gtk_grid_attach (GTK_GRID (grid), box, 0, 2, 2, 1);
  gtk_window_set_child (d->dialog, grid);
  gtk_window_set_default_widget (d->dialog, button);
  gtk_entry_set_activates_default (d->path, TRUE);
  gtk_window_present (d->dialog);
}

/* The set's own instance of the library in dir, if it is installed: what
 * the palettes list is what was saved into. */
static OrrLibrary *
installed_library (OrrWindow *self, const char *dir)
{
  OrrLibrarySet *set = _orr_window_get_library_set (self);
  GPtrArray *libraries = set != NULL ? orr_library_set_get_libraries (set) : NULL;
  g_autofree char *wanted = g_canonicalize_filename (dir, NULL);

  for (guint i = 0; libraries != NULL && i < libraries->len; i++)
    {
      OrrLibrary *library = g_ptr_array_index (libraries, i);
      g_autofree char *have = g_canonicalize_filename (orr_library_get_dir (library), NULL);

      if (g_str_equal (have, wanted))
        return g_object_ref (library);
    }
  return NULL;
}

static void
save_to_library_at_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *dir, *path;
  g_autoptr (OrrLibrary) library = NULL;
  g_autoptr (GError) error = NULL;

  g_variant_get (parameter, "(&s&s)", &dir, &path);
  library = installed_library (self, dir);
  if (library == NULL)
    library = orr_library_open (dir, &error);
  if (library == NULL || !save_block (self, library, path, &error))
    g_message ("save-to-library-at: %s", error->message);
}

static void
update_from_library_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrBlock *block = _orr_window_get_single_selected (self);
  OrrLibrarySet *set = _orr_window_get_library_set (self);
  OrrLibrary *library;
  g_autoptr (GError) error = NULL;
  g_autofree char *done = NULL;

  if (block == NULL || block->libref == NULL || set == NULL)
    return;
  library = orr_library_set_lookup (set, block->libref->library);
  if (library == NULL)
    {
      _orr_window_show_error (self, _ ("The block's library is not installed"),
                              _ ("The block keeps the copy stored in the model."));
      return;
    }
  done = g_strdup_printf (_ ("Updated to version %s of “%s”"), orr_library_get_version (library),
                          orr_library_get_name (library));
  report (self, orr_model_update_library_block (self->model, block, library, &error), done, error);
}

static const GActionEntry library_actions[] = {
  { "save-to-library", save_to_library_activated },
  { "save-to-library-at", save_to_library_at_activated, "(ss)" },
  { "update-from-library", update_from_library_activated },
};

void
_orr_window_library_init (OrrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), library_actions,
                                   G_N_ELEMENTS (library_actions), self);
}

static void
libraries_changed (OrrWindow *self)
{
  orr_palette_browser_set_libraries (self->palette_browser, _orr_window_get_library_set (self));
}

void
_orr_window_library_attach (OrrWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (ORR_IS_APPLICATION (app))
    g_signal_connect_object (app, "libraries-changed", G_CALLBACK (libraries_changed), self,
                             G_CONNECT_SWAPPED);
  libraries_changed (self);
}

void
_orr_window_library_update (OrrWindow *self, GPtrArray *selected_blocks)
{
  OrrBlock *single = selected_blocks != NULL && selected_blocks->len == 1
                       ? g_ptr_array_index (selected_blocks, 0)
                       : NULL;
  GAction *save = g_action_map_lookup_action (G_ACTION_MAP (self), "save-to-library");
  GAction *update = g_action_map_lookup_action (G_ACTION_MAP (self), "update-from-library");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (save), single != NULL);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (update), single != NULL && single->libref != NULL);
}
