/* orr-library-manager.c: the library manager window. The list on the left
 * is the set's own array of libraries, rebuilt whenever it changes, so
 * that what the window shows is what models are resolved against; the
 * pane on the right describes the selected library. Every operation goes
 * through the engine (orr-library.h) and shows its refusal as it comes,
 * in the message line under the panes. */
#include "orr-library-manager.h"

#include <orrery/orr-io.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

struct _OrrLibraryManager
{
  GtkWindow parent_instance;

  OrrLibrarySet *set;

  GtkWidget *list;
  GtkWidget *detail_stack;
  GtkWidget *name_label;
  GtkWidget *version_label;
  GtkWidget *key_label;
  GtkWidget *folder_label;
  GtkWidget *state_label;
  GtkWidget *description_label;
  GtkWidget *blocks;
  GtkWidget *palettes; /* palette rows, each followed by its block rows */
  GtkWidget *message;
  GtkWidget *remove_button;
  GtkWidget *lock_button;
  GtkWidget *version_button;
  gboolean refreshing; /* rows are being rebuilt: selection changes are not the user's */
};

G_DEFINE_FINAL_TYPE (OrrLibraryManager, orr_library_manager, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_LIBRARIES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GPtrArray *
libraries (OrrLibraryManager *self)
{
  return orr_library_set_get_libraries (self->set);
}

/* ---- the message line ---------------------------------------------------------------- */

static void
show_message (OrrLibraryManager *self, const char *text, gboolean is_error)
{
  gtk_label_set_text (GTK_LABEL (self->message), text != NULL ? text : "");
  gtk_widget_set_visible (self->message, text != NULL);
  if (is_error)
    {
      gtk_widget_add_css_class (self->message, "error");
      gtk_widget_remove_css_class (self->message, "dim-label");
    }
  else
    {
      gtk_widget_add_css_class (self->message, "dim-label");
      gtk_widget_remove_css_class (self->message, "error");
    }
}

static gboolean
refuse (OrrLibraryManager *self, GError *error, GError **out)
{
  show_message (self, error->message, TRUE);
  g_propagate_error (out, error);
  return FALSE;
}

static void update_actions (OrrLibraryManager *self);

/* ---- the detail pane -------------------------------------------------------------------- */

static GtkWidget *
block_row_new (const char *path, const char *description)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *path_label = gtk_label_new (path);
  GtkWidget *description_label = gtk_label_new (description);

  gtk_label_set_xalign (GTK_LABEL (path_label), 0.0);
  gtk_widget_add_css_class (path_label, "monospace");
  gtk_label_set_xalign (GTK_LABEL (description_label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (description_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (description_label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (description_label, "dim-label");
  gtk_widget_add_css_class (description_label, "caption");
  gtk_widget_set_visible (description_label, description[0] != '\0');
  gtk_box_append (GTK_BOX (box), path_label);
  gtk_box_append (GTK_BOX (box), description_label);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  return box;
}

/* What a block says about itself: its mask's description, else its
 * label; a block that cannot be read says why. */
static char *
block_description (OrrLibrary *library, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrBlock) block = orr_library_load_block (library, path, &error);

  if (block == NULL)
    return g_strdup (error->message);
  if (block->mask != NULL && block->mask->description != NULL && block->mask->description[0])
    return g_strdup (block->mask->description);
  return g_strdup (block->label != NULL ? block->label : "");
}

/* A row of the palette list: a palette (entry -1) in bold, or one of its
 * blocks, indented under it. */
static GtkWidget *
palette_row_new (const char *text, guint palette, int entry)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (label, entry < 0 ? "heading" : "monospace");
  gtk_widget_set_margin_start (label, entry < 0 ? 8 : 28);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data (G_OBJECT (row), "orr-palette", GINT_TO_POINTER (palette));
  g_object_set_data (G_OBJECT (row), "orr-entry", GINT_TO_POINTER (entry));
  g_object_set_data_full (G_OBJECT (row), "orr-text",
                          g_strconcat (entry < 0 ? "" : "  ", text, NULL), g_free);
  return row;
}

static void
show_detail (OrrLibraryManager *self, OrrLibrary *library)
{
  GtkWidget *child;
  g_auto (GStrv) paths = NULL;
  const char *description;

  self->refreshing = TRUE;
  while ((child = gtk_widget_get_first_child (self->blocks)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->blocks), child);
  while ((child = gtk_widget_get_first_child (self->palettes)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->palettes), child);
  self->refreshing = FALSE;
  update_actions (self);
  gtk_widget_set_sensitive (self->remove_button, library != NULL);
  gtk_widget_set_sensitive (self->lock_button, library != NULL);
  gtk_widget_set_sensitive (self->version_button, library != NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->detail_stack),
                                    library != NULL ? "library" : "none");
  if (library == NULL)
    return;

  gtk_label_set_text (GTK_LABEL (self->name_label), orr_library_get_name (library));
  gtk_label_set_text (GTK_LABEL (self->version_label), orr_library_get_version (library));
  gtk_label_set_text (GTK_LABEL (self->key_label), orr_library_get_key (library));
  gtk_label_set_text (GTK_LABEL (self->folder_label), orr_library_get_dir (library));
  gtk_label_set_text (GTK_LABEL (self->state_label), orr_library_is_locked (library)
                                                       ? _ ("Locked (released): read-only")
                                                       : _ ("Unlocked: blocks can change"));
  description = orr_library_get_description (library);
  gtk_label_set_text (GTK_LABEL (self->description_label),
                      description[0] != '\0' ? description : _ ("No description."));
  gtk_button_set_use_underline (GTK_BUTTON (self->lock_button), TRUE);
  gtk_button_set_label (GTK_BUTTON (self->lock_button),
                        orr_library_is_locked (library) ? _ ("_Unlock") : _ ("_Lock"));

  paths = orr_library_list_blocks (library);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *text = block_description (library, paths[i]);
      GtkWidget *row = block_row_new (paths[i], text);

      gtk_list_box_append (GTK_LIST_BOX (self->blocks), row);
      row = gtk_widget_get_parent (row); /* the GtkListBoxRow around it */
      g_object_set_data_full (G_OBJECT (row), "orr-path", g_strdup (paths[i]), g_free);
      g_object_set_data_full (G_OBJECT (row), "orr-text",
                              g_strdup_printf ("%s\n%s", paths[i], text), g_free);
    }
  for (guint i = 0; i < orr_library_get_n_palettes (library); i++)
    {
      const char *const *members = orr_library_get_palette_blocks (library, i);

      gtk_list_box_append (GTK_LIST_BOX (self->palettes),
                           palette_row_new (orr_library_get_palette_name (library, i), i, -1));
      for (guint j = 0; members != NULL && members[j] != NULL; j++)
        gtk_list_box_append (GTK_LIST_BOX (self->palettes), palette_row_new (members[j], i, j));
    }
  update_actions (self);
}

static void
row_selected (OrrLibraryManager *self, GtkListBoxRow *row)
{
  if (self->refreshing)
    return;
  show_detail (self, row != NULL ? g_object_get_data (G_OBJECT (row), "orr-library") : NULL);
}

/* ---- the list ----------------------------------------------------------------------------- */

static GtkWidget *
library_row_new (OrrLibrary *library)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name ("changes-prevent-symbolic");
  GtkWidget *name = gtk_label_new (orr_library_get_name (library));
  g_autofree char *sub_text = g_strdup_printf (
    _ ("Version %s · %s"), orr_library_get_version (library), orr_library_get_key (library));
  GtkWidget *sub = gtk_label_new (sub_text);
  GtkWidget *state = gtk_label_new (orr_library_is_locked (library) ? _ ("Locked") : NULL);

  /* Only a locked library is marked, but every row keeps the icon's
   * room so that the names line up. */
  gtk_widget_set_tooltip_text (icon, _ ("Locked: released, read-only"));
  gtk_widget_set_opacity (icon, orr_library_is_locked (library) ? 1.0 : 0.0);
  gtk_label_set_xalign (GTK_LABEL (name), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (GTK_LABEL (sub), 0.0);
  /* a UUID key is long: its start and end tell keys apart */
  gtk_label_set_ellipsize (GTK_LABEL (sub), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_widget_add_css_class (sub, "caption");
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), sub);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_add_css_class (state, "dim-label");
  gtk_widget_add_css_class (state, "caption");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), state);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "orr-library", g_object_ref (library), g_object_unref);
  return row;
}

/* Rebuilds the rows from the set and selects select (or nothing). */
static void
refresh (OrrLibraryManager *self, OrrLibrary *select)
{
  GPtrArray *all = libraries (self);
  GtkListBoxRow *selected = NULL;
  GtkWidget *child;

  self->refreshing = TRUE;
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *row = library_row_new (all->pdata[i]);

      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
      if (all->pdata[i] == select)
        selected = GTK_LIST_BOX_ROW (row);
    }
  gtk_list_box_select_row (GTK_LIST_BOX (self->list), selected);
  self->refreshing = FALSE;
  show_detail (self, selected != NULL ? select : NULL);
}

static void
changed (OrrLibraryManager *self, OrrLibrary *select)
{
  refresh (self, select);
  g_signal_emit (self, signals[SIGNAL_LIBRARIES_CHANGED], 0);
}

/* ---- operations ------------------------------------------------------------------------- */

static gboolean
same_dir (const char *a, const char *b)
{
  g_autofree char *ca = g_canonicalize_filename (a, NULL);
  g_autofree char *cb = g_canonicalize_filename (b, NULL);

  return g_str_equal (ca, cb);
}

guint
orr_library_manager_add_folder (OrrLibraryManager *self, const char *dir)
{
  GPtrArray *all;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) text = g_string_new (NULL);
  OrrLibrary *first = NULL;
  guint before, added = 0;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), 0);
  g_return_val_if_fail (dir != NULL, 0);

  all = libraries (self);
  before = all->len;
  orr_library_set_add_folder (self->set, dir, FALSE, warnings);
  /* The set takes a folder twice if asked; the list shows each once. */
  for (guint i = before; i < all->len;)
    {
      OrrLibrary *library = all->pdata[i];
      gboolean listed = FALSE;

      for (guint j = 0; j < before && !listed; j++)
        listed = same_dir (orr_library_get_dir (all->pdata[j]), orr_library_get_dir (library));
      if (listed)
        {
          g_autofree char *shown = g_filename_display_name (orr_library_get_dir (library));

          g_ptr_array_add (warnings, g_strdup_printf (_ ("%s is listed already"), shown));
          g_ptr_array_remove_index (all, i);
          continue;
        }
      if (first == NULL)
        first = library;
      added++;
      i++;
    }

  for (guint i = 0; i < warnings->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "", (char *)warnings->pdata[i]);
  if (added > 0)
    changed (self, first);
  show_message (self, warnings->len > 0 ? text->str : NULL, warnings->len > 0);
  return added;
}

void
orr_library_manager_remove_selected (OrrLibraryManager *self)
{
  OrrLibrary *library;
  g_autofree char *text = NULL;

  g_return_if_fail (ORR_IS_LIBRARY_MANAGER (self));

  library = orr_library_manager_get_selected (self);
  if (library == NULL)
    return;
  text = g_strdup_printf (_ ("“%s” is no longer listed; its folder is still on disk."),
                          orr_library_get_name (library));
  g_ptr_array_remove (libraries (self), library);
  changed (self, NULL);
  show_message (self, text, FALSE);
}

gboolean
orr_library_manager_toggle_lock (OrrLibraryManager *self, GError **error)
{
  OrrLibrary *library;
  GError *local = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);

  library = orr_library_manager_get_selected (self);
  if (library == NULL)
    return TRUE;
  if (!orr_library_set_locked (library, !orr_library_is_locked (library), &local))
    return refuse (self, local, error);
  changed (self, library);
  show_message (self, NULL, FALSE);
  return TRUE;
}

gboolean
orr_library_manager_create_library (OrrLibraryManager *self, const char *dir, const char *name,
                                    GError **error)
{
  GError *local = NULL;
  OrrLibrary *library;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  g_return_val_if_fail (dir != NULL && name != NULL, FALSE);

  library = orr_library_create (dir, name, NULL, &local);
  if (library == NULL)
    return refuse (self, local, error);
  g_ptr_array_add (libraries (self), library);
  changed (self, library);
  show_message (self, NULL, FALSE);
  return TRUE;
}

/* The release a new version of library succeeds: the highest locked
 * library of its key, else library itself (so the version still has to
 * grow). */
static OrrLibrary *
previous_release (OrrLibraryManager *self, OrrLibrary *library)
{
  GPtrArray *all = libraries (self);
  OrrLibrary *best = NULL;

  for (guint i = 0; i < all->len; i++)
    {
      OrrLibrary *other = all->pdata[i];

      if (orr_library_is_locked (other)
          && g_strcmp0 (orr_library_get_key (other), orr_library_get_key (library)) == 0
          && (best == NULL
              || orr_library_version_compare (orr_library_get_version (other),
                                              orr_library_get_version (best))
                   > 0))
        best = other;
    }
  return best != NULL ? best : library;
}

gboolean
orr_library_manager_new_version (OrrLibraryManager *self, const char *version, GError **error)
{
  OrrLibrary *library;
  g_autoptr (OrrLibrary) copy = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *shown = NULL;
  GError *local = NULL;
  guint major, minor;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  library = orr_library_manager_get_selected (self);
  if (library == NULL)
    return TRUE;
  /* The version names a folder: only a plain "major.minor" may. */
  if (!orr_library_version_parse (version, &major, &minor))
    {
      local = g_error_new (ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                           _ ("version \"%s\" is not \"major.minor\""), version);
      return refuse (self, local, error);
    }
  dir = g_strdup_printf ("%s-%s", orr_library_get_dir (library), version);
  shown = g_filename_display_name (dir);
  /* What is there is not ours to delete if the version is refused. */
  if (g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      local = g_error_new (ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_WRITE,
                           _ ("%s exists already; move it away to make version %s there"), shown,
                           version);
      return refuse (self, local, error);
    }
  copy = orr_library_copy_to (library, dir, &local);
  if (copy == NULL)
    {
      orr_remove_tree (dir);
      return refuse (self, local, error);
    }
  if (!orr_library_new_version (copy, version, previous_release (self, library), &local))
    {
      g_clear_object (&copy);
      orr_remove_tree (dir);
      return refuse (self, local, error);
    }
  g_ptr_array_add (libraries (self), g_object_ref (copy));
  changed (self, copy);
  {
    g_autofree char *text
      = g_strdup_printf (_ ("Version %s of “%s” is in %s, unlocked: lock it to release it."),
                         version, orr_library_get_name (copy), shown);
    show_message (self, text, FALSE);
  }
  return TRUE;
}

/* ---- prompts ------------------------------------------------------------------------------ */

/* A small modal window of labelled entries; done is called with the
 * window when OK is pressed, and the window stays open if it returns
 * FALSE (the refusal is in the manager's message line). */
typedef gboolean (*PromptDone) (OrrLibraryManager *self, GtkWidget *prompt);

static void
prompt_ok (GtkWidget *prompt)
{
  OrrLibraryManager *self = g_object_get_data (G_OBJECT (prompt), "orr-manager");
  PromptDone done = g_object_get_data (G_OBJECT (prompt), "orr-done");

  GtkWidget *error = g_object_get_data (G_OBJECT (prompt), "orr-error");

  if (done (self, prompt))
    {
      gtk_window_destroy (GTK_WINDOW (prompt));
      return;
    }
  /* The message line is behind the prompt: say it here too. */
  gtk_label_set_text (GTK_LABEL (error), orr_library_manager_get_message (self));
  gtk_widget_set_visible (error, TRUE);
}

static GtkWidget *
prompt_new (OrrLibraryManager *self, const char *title, const char *explanation, PromptDone done)
{
  GtkWidget *prompt = gtk_window_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *caption = gtk_label_new (explanation);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_ ("_Cancel"));
  GtkWidget *ok = gtk_button_new_with_mnemonic (_ ("_OK"));
  GtkWidget *error;

  gtk_window_set_title (GTK_WINDOW (prompt), title);
  gtk_window_set_transient_for (GTK_WINDOW (prompt), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (prompt), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (prompt), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (prompt), 420, -1);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);
  gtk_label_set_xalign (GTK_LABEL (heading), 0.0);
  gtk_widget_add_css_class (heading, "title-4");
  gtk_label_set_xalign (GTK_LABEL (caption), 0.0);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (caption), 50);
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_add_css_class (ok, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), prompt);
  g_signal_connect_swapped (ok, "clicked", G_CALLBACK (prompt_ok), prompt);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), ok);
  gtk_box_append (GTK_BOX (content), heading);
  gtk_box_append (GTK_BOX (content), caption);
  gtk_box_append (GTK_BOX (content), grid);
  error = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (error), 0.0);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (error), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (error), 50);
  gtk_label_set_selectable (GTK_LABEL (error), TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_set_visible (error, FALSE);
  gtk_box_append (GTK_BOX (content), error);
  gtk_box_append (GTK_BOX (content), buttons);
  gtk_window_set_child (GTK_WINDOW (prompt), content);
  gtk_window_set_default_widget (GTK_WINDOW (prompt), ok);
  g_object_set_data (G_OBJECT (prompt), "orr-manager", self);
  g_object_set_data (G_OBJECT (prompt), "orr-done", done);
  g_object_set_data (G_OBJECT (prompt), "orr-grid", grid);
  g_object_set_data (G_OBJECT (prompt), "orr-error", error);
  return prompt;
}

/* Adds a labelled entry named key (its text read back with
 * prompt_text). */
static GtkWidget *
prompt_add_entry (GtkWidget *prompt, const char *key, const char *mnemonic, const char *text)
{
  GtkGrid *grid = g_object_get_data (G_OBJECT (prompt), "orr-grid");
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  GtkWidget *entry = gtk_entry_new ();
  int row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (prompt), "orr-rows"));

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, entry, 1, row, 1, 1);
  g_object_set_data (G_OBJECT (prompt), "orr-rows", GINT_TO_POINTER (row + 1));
  g_object_set_data (G_OBJECT (prompt), key, entry);
  return entry;
}

static char *
prompt_text (GtkWidget *prompt, const char *key)
{
  GtkWidget *entry = g_object_get_data (G_OBJECT (prompt), key);

  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
}

/* Runs a folder chooser; done gets the chosen folder. */
typedef void (*FolderChosen) (GObject *target, const char *dir);

static void
folder_response (GtkNativeDialog *chooser, int response, GObject *target)
{
  FolderChosen done = g_object_get_data (G_OBJECT (chooser), "orr-done");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *dir = file != NULL ? g_file_get_path (file) : NULL;

      if (dir != NULL)
        done (target, dir);
    }
  g_object_unref (chooser);
}

static void
choose_folder (GtkWindow *parent, const char *title, const char *accept, GObject *target,
               FolderChosen done)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
    title, parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept, _ ("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "orr-done", done);
  g_signal_connect_object (chooser, "response", G_CALLBACK (folder_response), target, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
add_folder_chosen (GObject *target, const char *dir)
{
  orr_library_manager_add_folder (ORR_LIBRARY_MANAGER (target), dir);
}

static void
add_folder_clicked (OrrLibraryManager *self)
{
  choose_folder (GTK_WINDOW (self), _ ("Add Library Folder"), _ ("_Add"), G_OBJECT (self),
                 add_folder_chosen);
}

static gboolean
create_done (OrrLibraryManager *self, GtkWidget *prompt)
{
  g_autofree char *name = prompt_text (prompt, "name");
  g_autofree char *location = prompt_text (prompt, "location");
  g_autofree char *dir = NULL;

  if (name[0] == '\0' || location[0] == '\0')
    {
      show_message (self, _ ("A new library needs a name and a folder to go in."), TRUE);
      return FALSE;
    }
  /* The name is the folder's name too, unless it cannot be one. */
  dir = g_build_filename (location, name, NULL);
  if (strchr (name, G_DIR_SEPARATOR) != NULL || name[0] == '.')
    {
      show_message (self,
                    _ ("A library name used as a folder name holds no / and does not "
                       "start with a dot."),
                    TRUE);
      return FALSE;
    }
  return orr_library_manager_create_library (self, dir, name, NULL);
}

static void
location_chosen (GObject *target, const char *dir)
{
  gtk_editable_set_text (GTK_EDITABLE (target), dir);
}

static void
choose_location_clicked (GtkWidget *entry)
{
  choose_folder (GTK_WINDOW (gtk_widget_get_root (entry)), _ ("Folder for the New Library"),
                 _ ("_Select"), G_OBJECT (entry), location_chosen);
}

static void
create_clicked (OrrLibraryManager *self)
{
  GtkWidget *prompt = prompt_new (
    self, _ ("Create Library"),
    _ ("A library is a folder of blocks to share between models. It is made in a folder of "
       "its name inside the folder chosen here, at version 1.0."),
    create_done);
  g_autofree char *default_location
    = g_build_filename (g_get_user_data_dir (), "orrery", "libraries", NULL);
  GtkWidget *location;
  GtkWidget *choose = gtk_button_new_from_icon_name ("folder-open-symbolic");
  GtkGrid *grid = g_object_get_data (G_OBJECT (prompt), "orr-grid");

  prompt_add_entry (prompt, "name", _ ("_Name"), NULL);
  location = prompt_add_entry (prompt, "location", _ ("_In folder"), default_location);
  gtk_widget_set_tooltip_text (choose, _ ("Choose the folder"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (choose), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Choose the folder"), -1);
  g_signal_connect_swapped (choose, "clicked", G_CALLBACK (choose_location_clicked), location);
  gtk_grid_attach (grid, choose, 2, 1, 1, 1);
  gtk_window_present (GTK_WINDOW (prompt));
}

static gboolean
version_done (OrrLibraryManager *self, GtkWidget *prompt)
{
  g_autofree char *version = prompt_text (prompt, "version");

  return orr_library_manager_new_version (self, version, NULL);
}

static void
version_clicked (OrrLibraryManager *self)
{
  OrrLibrary *library = orr_library_manager_get_selected (self);
  g_autofree char *next = NULL;
  g_autofree char *explanation = NULL;
  GtkWidget *prompt;
  guint major = 1, minor = 0;

  if (library == NULL)
    return;
  if (orr_library_version_parse (orr_library_get_version (library), &major, &minor))
    next = g_strdup_printf ("%u.%u", major, minor + 1);
  explanation = g_strdup_printf (
    _ ("The new version is made in a copy of the library, next to it, and may add blocks and "
       "parameters to “%s” %s but not remove any."),
    orr_library_get_name (library), orr_library_get_version (library));
  prompt = prompt_new (self, _ ("New Version"), explanation, version_done);
  prompt_add_entry (prompt, "version", _ ("_Version"), next);
  gtk_window_present (GTK_WINDOW (prompt));
}

static void
lock_clicked (OrrLibraryManager *self)
{
  orr_library_manager_toggle_lock (self, NULL);
}

/* ---- editing palettes and blocks ------------------------------------------------------- */

/* A library's palettes while they are edited: the library takes them
 * back whole (orr_library_set_palettes), or refuses them whole. */
typedef struct
{
  char *name;
  GPtrArray *blocks; /* of char*, paths */
} EditPalette;

static void
edit_palette_free (EditPalette *palette)
{
  g_free (palette->name);
  g_ptr_array_unref (palette->blocks);
  g_free (palette);
}

static EditPalette *
edit_palette_new (const char *name)
{
  EditPalette *palette = g_new0 (EditPalette, 1);

  palette->name = g_strdup (name);
  palette->blocks = g_ptr_array_new_with_free_func (g_free);
  return palette;
}

static GPtrArray *
palettes_read (OrrLibrary *library)
{
  GPtrArray *palettes = g_ptr_array_new_with_free_func ((GDestroyNotify)edit_palette_free);
  guint n = orr_library_get_n_palettes (library);

  for (guint i = 0; i < n; i++)
    {
      EditPalette *palette = edit_palette_new (orr_library_get_palette_name (library, i));
      const char *const *paths = orr_library_get_palette_blocks (library, i);

      for (guint j = 0; paths != NULL && paths[j] != NULL; j++)
        g_ptr_array_add (palette->blocks, g_strdup (paths[j]));
      g_ptr_array_add (palettes, palette);
    }
  return palettes;
}

static void select_palette_entry (OrrLibraryManager *self, int palette, int entry);

/* Gives the edited palettes to the library; on success the window shows
 * them with (palette, entry) selected (entry -1: the palette's own row). */
static gboolean
palettes_write (OrrLibraryManager *self, OrrLibrary *library, GPtrArray *palettes, int palette,
                int entry, GError **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) lists = g_ptr_array_new ();
  GError *local = NULL;
  gboolean ok;

  for (guint i = 0; i < palettes->len; i++)
    {
      EditPalette *p = g_ptr_array_index (palettes, i);

      g_ptr_array_add (names, p->name);
      g_ptr_array_add (p->blocks, NULL); /* NULL-terminated for the library */
      g_ptr_array_add (lists, p->blocks->pdata);
    }
  ok = orr_library_set_palettes (library, (const char *const *)names->pdata,
                                 (const char *const *const *)lists->pdata, palettes->len, &local);
  for (guint i = 0; i < palettes->len; i++)
    {
      EditPalette *p = g_ptr_array_index (palettes, i);

      g_ptr_array_remove_index (p->blocks, p->blocks->len - 1);
    }
  if (!ok)
    return refuse (self, local, error);
  changed (self, library);
  show_message (self, NULL, FALSE);
  select_palette_entry (self, palette, entry);
  return TRUE;
}

static gboolean
palette_name_taken (OrrLibraryManager *self, GPtrArray *palettes, const char *name, int except,
                    GError **error)
{
  for (guint i = 0; i < palettes->len; i++)
    if ((int)i != except && g_str_equal (((EditPalette *)palettes->pdata[i])->name, name))
      {
        GError *local = g_error_new (ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                                     _ ("There is a palette “%s” already."), name);
        refuse (self, local, error);
        return TRUE;
      }
  return FALSE;
}

/* The selected row of the palette list: its palette, and its block's
 * place in it (-1 for the palette's own row). FALSE when none. */
static gboolean
selected_palette_entry (OrrLibraryManager *self, int *palette, int *entry)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->palettes));

  if (row == NULL)
    return FALSE;
  *palette = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "orr-palette"));
  *entry = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "orr-entry"));
  return TRUE;
}

static void
select_palette_entry (OrrLibraryManager *self, int palette, int entry)
{
  for (int i = 0;; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->palettes), i);

      if (row == NULL)
        return;
      if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "orr-palette")) == palette
          && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "orr-entry")) == entry)
        {
          gtk_list_box_select_row (GTK_LIST_BOX (self->palettes), row);
          /* the keyboard stays on the row that moved: Alt+Down again moves it on */
          gtk_widget_grab_focus (GTK_WIDGET (row));
          return;
        }
    }
}

/* The library the edits go to; refuses a locked one up front, in the
 * engine's words, before anything is asked. */
static OrrLibrary *
editable_library (OrrLibraryManager *self, GError **error)
{
  OrrLibrary *library = orr_library_manager_get_selected (self);
  GError *local = NULL;

  if (library == NULL)
    return NULL;
  /* setting the palettes it has is how the library says whether it may change */
  if (orr_library_is_locked (library))
    {
      g_autoptr (GPtrArray) same = palettes_read (library);

      if (!palettes_write (self, library, same, -1, -1, &local))
        {
          g_propagate_error (error, local);
          return NULL;
        }
    }
  return library;
}

gboolean
orr_library_manager_add_palette (OrrLibraryManager *self, const char *name, GError **error)
{
  OrrLibrary *library;
  g_autoptr (GPtrArray) palettes = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  if ((library = editable_library (self, error)) == NULL)
    return error == NULL || *error == NULL;
  palettes = palettes_read (library);
  if (palette_name_taken (self, palettes, name, -1, error))
    return FALSE;
  g_ptr_array_add (palettes, edit_palette_new (name));
  return palettes_write (self, library, palettes, palettes->len - 1, -1, error);
}

gboolean
orr_library_manager_rename_palette (OrrLibraryManager *self, const char *name, GError **error)
{
  OrrLibrary *library;
  g_autoptr (GPtrArray) palettes = NULL;
  int palette, entry;
  EditPalette *p;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  if (!selected_palette_entry (self, &palette, &entry))
    return TRUE;
  if ((library = editable_library (self, error)) == NULL)
    return error == NULL || *error == NULL;
  palettes = palettes_read (library);
  if (palette_name_taken (self, palettes, name, palette, error))
    return FALSE;
  p = g_ptr_array_index (palettes, palette);
  g_free (p->name);
  p->name = g_strdup (name);
  return palettes_write (self, library, palettes, palette, entry, error);
}

gboolean
orr_library_manager_delete_palette (OrrLibraryManager *self, GError **error)
{
  OrrLibrary *library;
  g_autoptr (GPtrArray) palettes = NULL;
  int palette, entry;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  if (!selected_palette_entry (self, &palette, &entry))
    return TRUE;
  if ((library = editable_library (self, error)) == NULL)
    return error == NULL || *error == NULL;
  palettes = palettes_read (library);
  g_ptr_array_remove_index (palettes, palette);
  return palettes_write (self, library, palettes, MIN (palette, (int)palettes->len - 1), -1, error);
}

gboolean
orr_library_manager_move_selected (OrrLibraryManager *self, int delta, GError **error)
{
  OrrLibrary *library;
  g_autoptr (GPtrArray) palettes = NULL;
  int palette, entry, to;
  EditPalette *p;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  g_return_val_if_fail (delta == -1 || delta == 1, FALSE);
  if (!selected_palette_entry (self, &palette, &entry))
    return TRUE;
  if ((library = editable_library (self, error)) == NULL)
    return error == NULL || *error == NULL;
  palettes = palettes_read (library);
  p = g_ptr_array_index (palettes, palette);
  if (entry < 0)
    {
      /* a palette moves among the palettes */
      to = palette + delta;
      if (to < 0 || to >= (int)palettes->len)
        return TRUE;
      palettes->pdata[palette] = palettes->pdata[to];
      palettes->pdata[to] = p;
      return palettes_write (self, library, palettes, to, -1, error);
    }
  to = entry + delta;
  if (to >= 0 && to < (int)p->blocks->len)
    {
      gpointer path = p->blocks->pdata[entry];

      p->blocks->pdata[entry] = p->blocks->pdata[to];
      p->blocks->pdata[to] = path;
      return palettes_write (self, library, palettes, palette, to, error);
    }
  /* past its palette's end: into the next palette (or the previous) */
  to = palette + delta;
  if (to < 0 || to >= (int)palettes->len)
    return TRUE;
  {
    EditPalette *next = g_ptr_array_index (palettes, to);
    char *path = g_ptr_array_steal_index (p->blocks, entry);

    if (g_ptr_array_find_with_equal_func (next->blocks, path, g_str_equal, NULL))
      {
        GError *local = g_error_new (ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                                     _ ("“%s” is in the palette “%s” already."), path, next->name);
        g_free (path);
        return refuse (self, local, error);
      }
    if (delta < 0)
      g_ptr_array_add (next->blocks, path);
    else
      g_ptr_array_insert (next->blocks, 0, path);
    return palettes_write (self, library, palettes, to, delta < 0 ? (int)next->blocks->len - 1 : 0,
                           error);
  }
}

/* The block selected in the block list (or, through it, in the palette
 * list), NULL when none. */
static const char *
selected_block (OrrLibraryManager *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->blocks));

  return row != NULL ? g_object_get_data (G_OBJECT (row), "orr-path") : NULL;
}

gboolean
orr_library_manager_add_to_palette (OrrLibraryManager *self, GError **error)
{
  OrrLibrary *library;
  g_autoptr (GPtrArray) palettes = NULL;
  const char *path = selected_block (self);
  int palette = -1, entry;
  EditPalette *p;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  if (path == NULL)
    return TRUE;
  if ((library = editable_library (self, error)) == NULL)
    return error == NULL || *error == NULL;
  palettes = palettes_read (library);
  /* the palette selected, else the last one, else a new one named after the library */
  if (!selected_palette_entry (self, &palette, &entry))
    palette = (int)palettes->len - 1;
  if (palette < 0)
    {
      g_ptr_array_add (palettes, edit_palette_new (orr_library_get_name (library)));
      palette = 0;
    }
  p = g_ptr_array_index (palettes, palette);
  if (g_ptr_array_find_with_equal_func (p->blocks, path, g_str_equal, NULL))
    {
      GError *local = g_error_new (ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                                   _ ("“%s” is in the palette “%s” already."), path, p->name);
      return refuse (self, local, error);
    }
  g_ptr_array_add (p->blocks, g_strdup (path));
  return palettes_write (self, library, palettes, palette, (int)p->blocks->len - 1, error);
}

gboolean
orr_library_manager_remove_block (OrrLibraryManager *self, const char *path, GError **error)
{
  OrrLibrary *library;
  GError *local = NULL;
  g_autofree char *done = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  library = orr_library_manager_get_selected (self);
  if (library == NULL)
    return TRUE;
  if (!orr_library_remove_block (library, path, &local))
    return refuse (self, local, error);
  done = g_strdup_printf (_ ("“%s” was removed from “%s”."), path, orr_library_get_name (library));
  changed (self, library);
  show_message (self, done, FALSE);
  return TRUE;
}

/* ---- the editing commands ------------------------------------------------------------- */

static gboolean
palette_name_done (OrrLibraryManager *self, GtkWidget *prompt)
{
  g_autofree char *name = prompt_text (prompt, "name");

  if (name[0] == '\0')
    {
      show_message (self, _ ("A palette needs a name."), TRUE);
      return FALSE;
    }
  if (g_object_get_data (G_OBJECT (prompt), "orr-rename") != NULL)
    return orr_library_manager_rename_palette (self, name, NULL);
  return orr_library_manager_add_palette (self, name, NULL);
}

static void
new_palette_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OrrLibraryManager *self = ORR_LIBRARY_MANAGER (widget);
  GtkWidget *prompt;

  if (editable_library (self, NULL) == NULL)
    return;
  prompt = prompt_new (self, _ ("New Palette"),
                       _ ("A palette is a group of the library's blocks in the palette browser."),
                       palette_name_done);
  prompt_add_entry (prompt, "name", _ ("_Name"), NULL);
  gtk_window_present (GTK_WINDOW (prompt));
}

static void
rename_palette_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OrrLibraryManager *self = ORR_LIBRARY_MANAGER (widget);
  OrrLibrary *library;
  int palette, entry;
  GtkWidget *prompt;

  if (!selected_palette_entry (self, &palette, &entry)
      || (library = editable_library (self, NULL)) == NULL)
    return;
  prompt = prompt_new (self, _ ("Rename Palette"),
                       _ ("The palette browser shows the library's blocks under this name."),
                       palette_name_done);
  g_object_set_data (G_OBJECT (prompt), "orr-rename", GINT_TO_POINTER (1));
  prompt_add_entry (prompt, "name", _ ("_Name"), orr_library_get_palette_name (library, palette));
  gtk_window_present (GTK_WINDOW (prompt));
}

static void
delete_palette_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  orr_library_manager_delete_palette (ORR_LIBRARY_MANAGER (widget), NULL);
}

static void
move_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  orr_library_manager_move_selected (ORR_LIBRARY_MANAGER (widget),
                                     g_str_equal (action_name, "manager.move-up") ? -1 : 1, NULL);
}

static void
add_to_palette_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  orr_library_manager_add_to_palette (ORR_LIBRARY_MANAGER (widget), NULL);
}

static gboolean
remove_block_done (OrrLibraryManager *self, GtkWidget *prompt)
{
  const char *path = g_object_get_data (G_OBJECT (prompt), "orr-path");

  return orr_library_manager_remove_block (self, path, NULL);
}

/* Removing deletes a file: asked first, unless the library is locked,
 * which refuses at once. */
static void
remove_block_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OrrLibraryManager *self = ORR_LIBRARY_MANAGER (widget);
  OrrLibrary *library = orr_library_manager_get_selected (self);
  const char *path = selected_block (self);
  g_autofree char *explanation = NULL;
  GtkWidget *prompt;

  if (library == NULL || path == NULL)
    return;
  if (orr_library_is_locked (library))
    {
      orr_library_manager_remove_block (self, path, NULL);
      return;
    }
  explanation = g_strdup_printf (
    _ ("“%s” and its icon are deleted from the folder of “%s”. Models that use it keep the "
       "copy stored in them."),
    path, orr_library_get_name (library));
  prompt = prompt_new (self, _ ("Remove Block"), explanation, remove_block_done);
  g_object_set_data_full (G_OBJECT (prompt), "orr-path", g_strdup (path), g_free);
  gtk_window_present (GTK_WINDOW (prompt));
}

/* What the commands can act on now. */
static void
update_actions (OrrLibraryManager *self)
{
  OrrLibrary *library = orr_library_manager_get_selected (self);
  gboolean editable = library != NULL && !orr_library_is_locked (library);
  int palette = -1, entry = -1;
  gboolean on_palette = selected_palette_entry (self, &palette, &entry);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.remove-block",
                                 selected_block (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.add-to-palette",
                                 editable && selected_block (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.new-palette", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.rename-palette",
                                 editable && on_palette);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.delete-palette",
                                 editable && on_palette && entry < 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.move-up", editable && on_palette);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manager.move-down", editable && on_palette);
}

/* A block chosen in the palette list is the block the block list's
 * commands act on; a palette's own row leaves no block chosen. */
static void
palette_row_selected (OrrLibraryManager *self, GtkListBoxRow *row)
{
  GtkWidget *label;

  if (self->refreshing)
    return;
  label = row != NULL ? gtk_list_box_row_get_child (row) : NULL;
  if (label != NULL && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "orr-entry")) >= 0)
    {
      const char *path = gtk_label_get_text (GTK_LABEL (label));

      for (int i = 0;; i++)
        {
          GtkListBoxRow *block = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->blocks), i);

          if (block == NULL)
            break;
          if (g_strcmp0 (g_object_get_data (G_OBJECT (block), "orr-path"), path) == 0)
            {
              gtk_list_box_select_row (GTK_LIST_BOX (self->blocks), block);
              break;
            }
        }
    }
  else
    gtk_list_box_unselect_all (GTK_LIST_BOX (self->blocks));
  update_actions (self);
}

static void
block_row_selected (OrrLibraryManager *self)
{
  if (!self->refreshing)
    update_actions (self);
}

/* ---- building ----------------------------------------------------------------------------- */

static GtkWidget *
value_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (label, TRUE);
  return label;
}

static void
attach_value (GtkGrid *grid, int row, const char *name, GtkWidget *value)
{
  GtkWidget *label = gtk_label_new (name);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, value, 1, row, 1, 1);
}

static GtkWidget *
heading_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* A button for a manager.* command: a label with a mnemonic, or an icon
 * whose name is its tooltip and its accessible label. */
static GtkWidget *
command_button (const char *label, const char *icon, const char *action)
{
  GtkWidget *button;

  if (icon != NULL)
    {
      button = gtk_button_new_from_icon_name (icon);
      gtk_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
    }
  else
    button = gtk_button_new_with_mnemonic (label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

/* A heading, a list and its buttons. */
static GtkWidget *
column_new (const char *title, GtkWidget *list, GtkWidget *tools)
{
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_box_append (GTK_BOX (column), heading_new (title));
  gtk_box_append (GTK_BOX (column), list);
  gtk_box_append (GTK_BOX (column), tools);
  return column;
}

static GtkWidget *
build_detail (OrrLibraryManager *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *none = gtk_label_new (_ ("Select a library to see its blocks."));
  GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *block_tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *palette_tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *palette_scrolled;

  gtk_box_set_homogeneous (GTK_BOX (columns), TRUE);
  gtk_box_append (GTK_BOX (block_tools),
                  command_button (_ ("Remove _Block…"), NULL, "manager.remove-block"));
  gtk_box_append (GTK_BOX (block_tools),
                  command_button (_ ("Add to _Palette"), NULL, "manager.add-to-palette"));
  gtk_box_append (GTK_BOX (palette_tools),
                  command_button (_ ("New Palette"), "list-add-symbolic", "manager.new-palette"));
  gtk_box_append (
    GTK_BOX (palette_tools),
    command_button (_ ("Rename Palette"), "document-edit-symbolic", "manager.rename-palette"));
  gtk_box_append (
    GTK_BOX (palette_tools),
    command_button (_ ("Delete Palette"), "list-remove-symbolic", "manager.delete-palette"));
  gtk_box_append (GTK_BOX (palette_tools),
                  command_button (_ ("Move Up"), "go-up-symbolic", "manager.move-up"));
  gtk_box_append (GTK_BOX (palette_tools),
                  command_button (_ ("Move Down"), "go-down-symbolic", "manager.move-down"));

  self->name_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->name_label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (self->name_label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->name_label, "title-4");
  gtk_box_append (GTK_BOX (box), self->name_label);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->version_label = value_label ();
  self->key_label = value_label ();
  gtk_widget_add_css_class (self->key_label, "monospace");
  self->folder_label = value_label ();
  self->state_label = value_label ();
  attach_value (GTK_GRID (grid), 0, _ ("Version"), self->version_label);
  attach_value (GTK_GRID (grid), 1, _ ("Key"), self->key_label);
  attach_value (GTK_GRID (grid), 2, _ ("Folder"), self->folder_label);
  attach_value (GTK_GRID (grid), 3, _ ("State"), self->state_label);
  gtk_box_append (GTK_BOX (box), grid);

  self->description_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->description_label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->description_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->description_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (self->description_label), TRUE);
  gtk_box_append (GTK_BOX (box), self->description_label);

  self->blocks = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->blocks), GTK_SELECTION_SINGLE);
  g_signal_connect_swapped (self->blocks, "row-selected", G_CALLBACK (block_row_selected), self);
  gtk_list_box_set_show_separators (GTK_LIST_BOX (self->blocks), TRUE);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (self->blocks),
                                gtk_label_new (_ ("No blocks yet: save a masked super block "
                                                  "into the library from a model.")));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->blocks);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_add_css_class (scrolled, "frame");
  gtk_box_append (GTK_BOX (columns), column_new (_ ("Blocks"), scrolled, block_tools));

  self->palettes = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->palettes), GTK_SELECTION_SINGLE);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (self->palettes),
                                gtk_label_new (_ ("No palettes: the browser does not show the "
                                                  "library's blocks.")));
  g_signal_connect_swapped (self->palettes, "row-selected", G_CALLBACK (palette_row_selected),
                            self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->palettes), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Palettes"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->blocks), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Blocks"), -1);
  palette_scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (palette_scrolled), self->palettes);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (palette_scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (palette_scrolled, TRUE);
  gtk_widget_add_css_class (palette_scrolled, "frame");
  gtk_box_append (GTK_BOX (columns), column_new (_ ("Palettes"), palette_scrolled, palette_tools));
  gtk_box_append (GTK_BOX (box), columns);

  self->detail_stack = gtk_stack_new ();
  gtk_widget_add_css_class (none, "dim-label");
  gtk_stack_add_named (GTK_STACK (self->detail_stack), none, "none");
  gtk_stack_add_named (GTK_STACK (self->detail_stack), box, "library");
  gtk_widget_set_margin_start (self->detail_stack, 12);
  gtk_widget_set_hexpand (self->detail_stack, TRUE);
  return self->detail_stack;
}

static void
build (OrrLibraryManager *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *panes = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *add = gtk_button_new_with_mnemonic (_ ("_Add Folder…"));
  GtkWidget *create = gtk_button_new_with_mnemonic (_ ("_Create…"));
  GtkWidget *close = gtk_button_new_with_mnemonic (_ ("_Close"));
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *placeholder
    = gtk_label_new (_ ("No libraries installed: add a folder holding one, or create one."));

  gtk_window_set_title (GTK_WINDOW (self), _ ("Libraries"));
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);

  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (self->list, "navigation-sidebar");
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (placeholder), 24);
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 18);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (self->list), placeholder);
  g_signal_connect_swapped (self->list, "row-selected", G_CALLBACK (row_selected), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (left), scrolled);
  gtk_box_append (GTK_BOX (left), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));

  gtk_widget_set_margin_start (tools, 6);
  gtk_widget_set_margin_end (tools, 6);
  gtk_widget_set_margin_top (tools, 6);
  gtk_widget_set_margin_bottom (tools, 6);
  gtk_widget_set_tooltip_text (add, _ ("List the library in a folder, or those in its subfolders"));
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (add_folder_clicked), self);
  self->remove_button = gtk_button_new_with_mnemonic (_ ("_Remove"));
  gtk_widget_set_tooltip_text (self->remove_button,
                               _ ("Stop listing the library; its folder stays on disk"));
  g_signal_connect_swapped (self->remove_button, "clicked",
                            G_CALLBACK (orr_library_manager_remove_selected), self);
  gtk_box_append (GTK_BOX (tools), add);
  gtk_box_append (GTK_BOX (tools), self->remove_button);
  gtk_box_append (GTK_BOX (left), tools);
  gtk_frame_set_child (GTK_FRAME (frame), left);
  gtk_widget_set_size_request (frame, 280, -1);

  gtk_paned_set_start_child (GTK_PANED (panes), frame);
  gtk_paned_set_resize_start_child (GTK_PANED (panes), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (panes), FALSE);
  gtk_paned_set_end_child (GTK_PANED (panes), build_detail (self));
  gtk_paned_set_shrink_end_child (GTK_PANED (panes), FALSE);
  gtk_widget_set_vexpand (panes, TRUE);
  gtk_box_append (GTK_BOX (content), panes);

  self->message = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->message), 0.0);
  gtk_label_set_wrap (GTK_LABEL (self->message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->message), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (self->message), TRUE);
  gtk_widget_set_visible (self->message, FALSE);
  gtk_box_append (GTK_BOX (content), self->message);

  gtk_widget_set_tooltip_text (create, _ ("Make a new, empty library"));
  g_signal_connect_swapped (create, "clicked", G_CALLBACK (create_clicked), self);
  self->lock_button = gtk_button_new_with_mnemonic (_ ("_Lock"));
  gtk_widget_set_tooltip_text (self->lock_button,
                               _ ("A locked library is released: its blocks cannot change"));
  g_signal_connect_swapped (self->lock_button, "clicked", G_CALLBACK (lock_clicked), self);
  self->version_button = gtk_button_new_with_mnemonic (_ ("New _Version…"));
  gtk_widget_set_tooltip_text (self->version_button,
                               _ ("Make the next version of the library in a copy of it"));
  g_signal_connect_swapped (self->version_button, "clicked", G_CALLBACK (version_clicked), self);
  g_signal_connect_swapped (close, "clicked", G_CALLBACK (gtk_window_destroy), self);
  gtk_widget_set_hexpand (spacer, TRUE);
  gtk_box_append (GTK_BOX (buttons), create);
  gtk_box_append (GTK_BOX (buttons), self->lock_button);
  gtk_box_append (GTK_BOX (buttons), self->version_button);
  gtk_box_append (GTK_BOX (buttons), spacer);
  gtk_box_append (GTK_BOX (buttons), close);
  gtk_box_append (GTK_BOX (content), buttons);

  gtk_window_set_child (GTK_WINDOW (self), content);
}

GtkWindow *
orr_library_manager_new (GtkWindow *parent, OrrLibrarySet *set)
{
  OrrLibraryManager *self;
  GPtrArray *all;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (set != NULL, NULL);

  self = g_object_new (ORR_TYPE_LIBRARY_MANAGER, "transient-for", parent, "destroy-with-parent",
                       TRUE, "default-width", 860, "default-height", 520, NULL);
  self->set = set;
  build (self);
  all = libraries (self);
  refresh (self, all->len > 0 ? all->pdata[0] : NULL);
  return GTK_WINDOW (self);
}

char **
orr_library_manager_dup_folders (OrrLibraryManager *self)
{
  GPtrArray *all;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), NULL);

  all = libraries (self);
  for (guint i = 0; i < all->len; i++)
    g_strv_builder_add (builder, orr_library_get_dir (all->pdata[i]));
  return g_strv_builder_end (builder);
}

/* What the three lists' accessors share. */
static guint
count_rows (GtkWidget *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n) != NULL)
    n++;
  return n;
}

/* The text a block or palette row keeps for tests ("orr-text"). */
static char *
dup_row_text (GtkWidget *list, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), index);

  g_return_val_if_fail (row != NULL, NULL);
  return g_strdup (g_object_get_data (G_OBJECT (row), "orr-text"));
}

static void
select_row_at (GtkWidget *list, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), index);

  g_return_if_fail (row != NULL);
  gtk_list_box_select_row (GTK_LIST_BOX (list), row);
}

guint
orr_library_manager_get_n_rows (OrrLibraryManager *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), 0);
  return count_rows (self->list);
}

void
orr_library_manager_select_row (OrrLibraryManager *self, guint index)
{
  g_return_if_fail (ORR_IS_LIBRARY_MANAGER (self));
  select_row_at (self->list, index);
}

char *
orr_library_manager_dup_row_text (OrrLibraryManager *self, guint index)
{
  GtkListBoxRow *row;
  GtkWidget *box, *text, *state;
  const char *state_text;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), NULL);
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), index);
  g_return_val_if_fail (row != NULL, NULL);
  /* read from the labels, as built by library_row_new: icon, text, state */
  box = gtk_list_box_row_get_child (row);
  text = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
  state = gtk_widget_get_last_child (box);
  state_text = gtk_label_get_text (GTK_LABEL (state));
  return g_strconcat (gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (text))), "\n",
                      gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (text))),
                      state_text[0] != '\0' ? "\n" : "", state_text, NULL);
}

OrrLibrary *
orr_library_manager_get_selected (OrrLibraryManager *self)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), NULL);
  row = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list));
  return row != NULL ? g_object_get_data (G_OBJECT (row), "orr-library") : NULL;
}

guint
orr_library_manager_get_n_block_rows (OrrLibraryManager *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), 0);
  return count_rows (self->blocks);
}

char *
orr_library_manager_dup_block_row_text (OrrLibraryManager *self, guint index)
{
  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), NULL);
  return dup_row_text (self->blocks, index);
}

guint
orr_library_manager_get_n_palette_rows (OrrLibraryManager *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), 0);
  return count_rows (self->palettes);
}

char *
orr_library_manager_dup_palette_row_text (OrrLibraryManager *self, guint index)
{
  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), NULL);
  return dup_row_text (self->palettes, index);
}

void
orr_library_manager_select_palette_row (OrrLibraryManager *self, guint index)
{
  g_return_if_fail (ORR_IS_LIBRARY_MANAGER (self));
  select_row_at (self->palettes, index);
}

void
orr_library_manager_select_block_row (OrrLibraryManager *self, guint index)
{
  g_return_if_fail (ORR_IS_LIBRARY_MANAGER (self));
  select_row_at (self->blocks, index);
}

const char *
orr_library_manager_get_message (OrrLibraryManager *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY_MANAGER (self), NULL);
  return gtk_widget_get_visible (self->message) ? gtk_label_get_text (GTK_LABEL (self->message))
                                                : "";
}

static void
orr_library_manager_dispose (GObject *object)
{
  OrrLibraryManager *self = ORR_LIBRARY_MANAGER (object);

  /* Rows going away with the window are not a selection by the user. */
  if (self->list != NULL)
    g_signal_handlers_disconnect_by_data (self->list, self);
  if (self->blocks != NULL)
    g_signal_handlers_disconnect_by_data (self->blocks, self);
  if (self->palettes != NULL)
    g_signal_handlers_disconnect_by_data (self->palettes, self);
  G_OBJECT_CLASS (orr_library_manager_parent_class)->dispose (object);
}

static void
orr_library_manager_class_init (OrrLibraryManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_library_manager_dispose;
  /* The set changed: libraries were added, created, versioned, removed
   * from the list, locked or unlocked. */
  signals[SIGNAL_LIBRARIES_CHANGED]
    = g_signal_new ("libraries-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_install_action (widget_class, "manager.remove-block", NULL,
                                   remove_block_activated);
  gtk_widget_class_install_action (widget_class, "manager.add-to-palette", NULL,
                                   add_to_palette_activated);
  gtk_widget_class_install_action (widget_class, "manager.new-palette", NULL,
                                   new_palette_activated);
  gtk_widget_class_install_action (widget_class, "manager.rename-palette", NULL,
                                   rename_palette_activated);
  gtk_widget_class_install_action (widget_class, "manager.delete-palette", NULL,
                                   delete_palette_activated);
  gtk_widget_class_install_action (widget_class, "manager.move-up", NULL, move_activated);
  gtk_widget_class_install_action (widget_class, "manager.move-down", NULL, move_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "manager.remove-block",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "manager.add-to-palette", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "manager.new-palette", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "manager.rename-palette", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, GDK_SHIFT_MASK,
                                       "manager.delete-palette", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "manager.move-up",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "manager.move-down", NULL);
}

static void
orr_library_manager_init (OrrLibraryManager *self)
{
}
