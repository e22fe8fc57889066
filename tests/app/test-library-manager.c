/* test-library-manager.c: the library manager window on libraries built
 * here through the model and library API: rows show each library's name,
 * version, key and lock; selecting one lists its blocks with their
 * descriptions; locking persists in library.xml; Create makes a folder
 * with a library.xml and a row; New Version makes a sibling copy at the
 * new version, and a working copy that dropped a mask parameter is
 * refused with the engine's message shown word for word. Palettes are
 * made, renamed, deleted and reordered, and blocks moved between them,
 * through the window's actions, each change read back from library.xml
 * by a fresh open; Remove Block asks first, deletes the block, and on a
 * locked library shows the engine's refusal. Every expected string is
 * written out by hand from what is built here. Needs a display
 * (xvfb-run). */
#include "app-test-util.h"
#include "orr-library-manager.h"

#include <glib/gstdio.h>
#include <string.h>

typedef struct
{
  char *root;     /* temporary folder holding the libraries */
  char *mech_dir; /* root/mechanics: "Mechanics" 1.0, key "mech", 2 blocks */
  char *sig_dir;  /* root/signals: "Signals" 1.2, key "sig", 1 block */
  OrrLibrarySet *set;
  OrrLibraryManager *manager;
  guint n_changed; /* "libraries-changed" emissions */
} Fixture;

/* A masked super block "Ball" (parameters g, and e unless without_e)
 * holding a Gain of e (or 1), built in scratch. */
static OrrBlock *
build_ball (OrrModel *scratch, gboolean with_e)
{
  OrrRect where = { 0, 0, 60, 60 };
  OrrBlock *ball = orr_model_add_super_block (scratch, orr_model_get_root (scratch), &where);
  OrrBlock *gain = orr_model_add_block (scratch, ball->child, "Gain", &where);
  OrrMask *mask = orr_mask_new ();

  orr_model_set_block_label (scratch, ball, "Ball");
  orr_model_set_param (scratch, gain, "gain", with_e ? "e*g" : "g");
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gravity", "9.81"));
  if (with_e)
    g_ptr_array_add (mask->params, orr_mask_param_new ("e", "Restitution", "0.5"));
  mask->description = g_strdup ("A falling ball.");
  orr_model_set_mask (scratch, ball, mask);
  return ball;
}

/* A single configured block: its label is all it says about itself. */
static OrrBlock *
build_amplifier (OrrModel *scratch)
{
  OrrRect where = { 0, 0, 40, 40 };
  OrrBlock *gain = orr_model_add_block (scratch, orr_model_get_root (scratch), "Gain", &where);

  orr_model_set_block_label (scratch, gain, "Amplifier");
  orr_model_set_param (scratch, gain, "gain", "10");
  return gain;
}

static void
count_changed (OrrLibraryManager *manager, Fixture *f)
{
  f->n_changed++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) scratch = orr_model_new ();
  g_autoptr (OrrLibrary) mech = NULL;
  g_autoptr (OrrLibrary) sig = NULL;

  f->root = g_dir_make_tmp ("orrery-libmanager-XXXXXX", &error);
  g_assert_no_error (error);
  f->mech_dir = g_build_filename (f->root, "mechanics", NULL);
  f->sig_dir = g_build_filename (f->root, "signals", NULL);

  mech = orr_library_create (f->mech_dir, "Mechanics", "mech", &error);
  g_assert_no_error (error);
  g_assert_true (orr_library_set_description (mech, "Balls and amplifiers.", &error));
  g_assert_true (
    orr_library_add_block (mech, "mechanics/Ball", build_ball (scratch, TRUE), &error));
  g_assert_true (orr_library_add_block (mech, "math/Amplifier", build_amplifier (scratch), &error));
  g_assert_no_error (error);

  sig = orr_library_create (f->sig_dir, "Signals", "sig", &error);
  g_assert_no_error (error);
  g_assert_true (orr_library_add_block (sig, "Amplifier", build_amplifier (scratch), &error));
  g_assert_true (orr_library_new_version (sig, "1.2", NULL, &error));
  g_assert_no_error (error);

  /* as the application fills it: the folder holding both */
  f->set = orr_library_set_new ();
  orr_library_set_add_folder (f->set, f->root, FALSE, NULL);
  g_assert_cmpuint (orr_library_set_get_libraries (f->set)->len, ==, 2);
  f->manager = ORR_LIBRARY_MANAGER (orr_library_manager_new (NULL, f->set));
  g_signal_connect (f->manager, "libraries-changed", G_CALLBACK (count_changed), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->manager));
  orr_library_set_free (f->set);
  app_test_remove_tree (f->root);
  g_free (f->root);
  g_free (f->mech_dir);
  g_free (f->sig_dir);
}

static void
assert_row (Fixture *f, guint index, const char *text)
{
  g_autofree char *shown = orr_library_manager_dup_row_text (f->manager, index);

  g_assert_cmpstr (shown, ==, text);
}

static void
assert_block_row (Fixture *f, guint index, const char *text)
{
  g_autofree char *shown = orr_library_manager_dup_block_row_text (f->manager, index);

  g_assert_cmpstr (shown, ==, text);
}

static gboolean
is_library_folder (const char *dir)
{
  g_autofree char *file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);

  return g_file_test (file, G_FILE_TEST_IS_REGULAR);
}

/* The rows and the blocks of the selected library, and a picture of the
 * window with both libraries. */
static void
test_list (Fixture *f, gconstpointer data)
{
  g_auto (GStrv) folders = NULL;

  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 2);
  /* the set's order: the folder's subfolders sorted by name */
  assert_row (f, 0, "Mechanics\nVersion 1.0 · mech");
  assert_row (f, 1, "Signals\nVersion 1.2 · sig");

  orr_library_manager_select_row (f->manager, 0);
  g_assert_cmpstr (orr_library_get_name (orr_library_manager_get_selected (f->manager)), ==,
                   "Mechanics");
  /* sorted by path; a masked block says its mask's description, a plain
   * one its label */
  g_assert_cmpuint (orr_library_manager_get_n_block_rows (f->manager), ==, 2);
  assert_block_row (f, 0, "math/Amplifier\nAmplifier");
  assert_block_row (f, 1, "mechanics/Ball\nA falling ball.");
  app_test_keep_picture (GTK_WINDOW (f->manager), "library-manager");

  orr_library_manager_select_row (f->manager, 1);
  g_assert_cmpuint (orr_library_manager_get_n_block_rows (f->manager), ==, 1);
  assert_block_row (f, 0, "Amplifier\nAmplifier");

  /* The same folder again adds nothing; the window says why. */
  g_assert_cmpuint (orr_library_manager_add_folder (f->manager, f->root), ==, 0);
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 2);
  g_assert_cmpuint (orr_library_set_get_libraries (f->set)->len, ==, 2);
  g_assert_nonnull (strstr (orr_library_manager_get_message (f->manager), "listed already"));
  g_assert_cmpuint (f->n_changed, ==, 0);

  /* Remove takes it off the list and the set, never off the disk. */
  orr_library_manager_select_row (f->manager, 1);
  orr_library_manager_remove_selected (f->manager);
  g_assert_cmpuint (f->n_changed, ==, 1);
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 1);
  g_assert_null (orr_library_set_lookup (f->set, "sig"));
  g_assert_true (is_library_folder (f->sig_dir));
  folders = orr_library_manager_dup_folders (f->manager);
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_cmpstr (folders[0], ==, f->mech_dir);

  /* and Add Folder brings it back */
  g_assert_cmpuint (orr_library_manager_add_folder (f->manager, f->sig_dir), ==, 1);
  g_assert_cmpuint (f->n_changed, ==, 2);
  assert_row (f, 1, "Signals\nVersion 1.2 · sig");
  g_assert_cmpstr (orr_library_get_name (orr_library_manager_get_selected (f->manager)), ==,
                   "Signals");
}

static void
test_lock (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autoptr (OrrLibrary) reopened_again = NULL;
  g_autoptr (OrrModel) scratch = orr_model_new ();
  OrrLibrary *mech;

  orr_library_manager_select_row (f->manager, 0);
  mech = orr_library_manager_get_selected (f->manager);
  g_assert_false (orr_library_is_locked (mech));

  g_assert_true (orr_library_manager_toggle_lock (f->manager, &error));
  g_assert_no_error (error);
  g_assert_true (orr_library_is_locked (mech));
  g_assert_cmpuint (f->n_changed, ==, 1);
  assert_row (f, 0, "Mechanics\nVersion 1.0 · mech\nLocked");
  /* still selected, blocks still listed */
  g_assert_true (orr_library_manager_get_selected (f->manager) == mech);
  g_assert_cmpuint (orr_library_manager_get_n_block_rows (f->manager), ==, 2);
  /* persisted: a fresh read of the folder is locked, and refuses a block */
  reopened = orr_library_open (f->mech_dir, &error);
  g_assert_no_error (error);
  g_assert_true (orr_library_is_locked (reopened));
  g_assert_false (orr_library_add_block (reopened, "x", build_amplifier (scratch), &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED);
  g_clear_error (&error);

  g_assert_true (orr_library_manager_toggle_lock (f->manager, &error));
  g_assert_no_error (error);
  g_assert_false (orr_library_is_locked (mech));
  assert_row (f, 0, "Mechanics\nVersion 1.0 · mech");
  reopened_again = orr_library_open (f->mech_dir, &error);
  g_assert_no_error (error);
  g_assert_false (orr_library_is_locked (reopened_again));
  g_assert_cmpuint (f->n_changed, ==, 2);
}

static void
test_create (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autofree char *dir = g_build_filename (f->root, "hydraulics", NULL);
  OrrLibrary *created;

  g_assert_true (orr_library_manager_create_library (f->manager, dir, "Hydraulics", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->n_changed, ==, 1);
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 3);
  created = orr_library_manager_get_selected (f->manager);
  g_assert_nonnull (created);
  g_assert_cmpstr (orr_library_get_name (created), ==, "Hydraulics");
  g_assert_cmpuint (orr_library_manager_get_n_block_rows (f->manager), ==, 0);
  g_assert_true (is_library_folder (dir));
  reopened = orr_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (orr_library_get_name (reopened), ==, "Hydraulics");
  g_assert_cmpstr (orr_library_get_version (reopened), ==, "1.0");
  /* the key was made up (a UUID) and the row shows it */
  {
    g_autofree char *expected
      = g_strdup_printf ("Hydraulics\nVersion 1.0 · %s", orr_library_get_key (reopened));

    g_assert_true (g_uuid_string_is_valid (orr_library_get_key (reopened)));
    assert_row (f, 2, expected);
  }
  /* the set resolves it too */
  g_assert_true (orr_library_set_lookup (f->set, orr_library_get_key (reopened)) == created);

  /* A folder holding a library already is refused, shown as it comes. */
  g_assert_false (orr_library_manager_create_library (f->manager, f->mech_dir, "Again", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==, error->message);
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 3);
  g_assert_cmpuint (f->n_changed, ==, 1);
}

static void
test_new_version (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) scratch = orr_model_new ();
  g_autoptr (OrrLibrary) work = NULL;
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autofree char *work_dir = g_build_filename (f->root, "work", NULL);
  g_autofree char *refused_dir = g_build_filename (f->root, "work-1.1", NULL);
  g_autofree char *bad_dir = g_build_filename (f->root, "mechanics-one", NULL);
  g_autofree char *next_dir = g_build_filename (f->root, "mechanics-1.1", NULL);
  g_auto (GStrv) blocks = NULL;
  OrrLibrary *mech;

  /* Mechanics 1.0 released; a working copy of it drops Ball's e. */
  orr_library_manager_select_row (f->manager, 0);
  mech = orr_library_manager_get_selected (f->manager);
  g_assert_true (orr_library_manager_toggle_lock (f->manager, &error));
  work = orr_library_copy_to (mech, work_dir, &error);
  g_assert_no_error (error);
  g_assert_true (
    orr_library_add_block (work, "mechanics/Ball", build_ball (scratch, FALSE), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_library_manager_add_folder (f->manager, work_dir), ==, 1);
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 3);
  f->n_changed = 0;

  /* Its next version would break models using 1.0: refused, said as
   * the engine says it, and the copy made for it is gone. */
  orr_library_manager_select_row (f->manager, 2);
  g_assert_cmpstr (orr_library_get_dir (orr_library_manager_get_selected (f->manager)), ==,
                   work_dir);
  g_assert_false (orr_library_manager_new_version (f->manager, "1.1", &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE);
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==, error->message);
  g_assert_true (g_str_has_prefix (error->message,
                                   "version 1.1 of library 'Mechanics' would break models that "
                                   "use version 1.0"));
  g_assert_nonnull (strstr (error->message, "mechanics/Ball: parameter 'e' was removed"));
  g_assert_false (g_file_test (refused_dir, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 3);
  g_assert_cmpuint (f->n_changed, ==, 0);
  g_clear_error (&error);
  app_test_keep_picture (GTK_WINDOW (f->manager), "library-manager-refused");

  /* A version that is no version names no folder. */
  orr_library_manager_select_row (f->manager, 0);
  g_assert_false (orr_library_manager_new_version (f->manager, "one", &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
  g_assert_false (g_file_test (bad_dir, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* The released library itself: its copy becomes 1.1, next to it. */
  g_assert_true (orr_library_manager_new_version (f->manager, "1.1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->n_changed, ==, 1);
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 4);
  assert_row (f, 3, "Mechanics\nVersion 1.1 · mech");
  g_assert_cmpstr (orr_library_get_dir (orr_library_manager_get_selected (f->manager)), ==,
                   next_dir);
  g_assert_true (is_library_folder (next_dir));
  reopened = orr_library_open (next_dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (orr_library_get_version (reopened), ==, "1.1");
  g_assert_cmpstr (orr_library_get_key (reopened), ==, "mech");
  g_assert_false (orr_library_is_locked (reopened));
  blocks = orr_library_list_blocks (reopened);
  g_assert_cmpuint (g_strv_length (blocks), ==, 2);
  g_assert_cmpstr (blocks[0], ==, "math/Amplifier");
  g_assert_cmpstr (blocks[1], ==, "mechanics/Ball");
  /* the original stays the released 1.0 */
  g_assert_cmpstr (orr_library_get_version (mech), ==, "1.0");
  g_assert_true (orr_library_is_locked (mech));
  /* and the set now resolves the key to the newest */
  g_assert_cmpstr (orr_library_get_version (orr_library_set_lookup (f->set, "mech")), ==, "1.1");
  /* the same version again: its folder exists, refused before copying */
  orr_library_manager_select_row (f->manager, 0);
  g_assert_false (orr_library_manager_new_version (f->manager, "1.1", &error));
  g_assert_nonnull (strstr (orr_library_manager_get_message (f->manager), "exists already"));
  g_assert_true (is_library_folder (next_dir));
}

/* ---- the prompts, driven through their widgets ------------------------------------------ */

/* The button labelled label (with its mnemonic) under widget. */
static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_entries (GtkWidget *widget, GPtrArray *entries)
{
  if (GTK_IS_ENTRY (widget))
    g_ptr_array_add (entries, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_entries (child, entries);
}

static void
click (GtkWidget *root, const char *label)
{
  GtkWidget *button = find_button (root, label);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

/* The window a button of the manager opened over it. */
static GtkWindow *
find_prompt (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (window) == GTK_WINDOW (f->manager)
          && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static void
test_prompts (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  g_autofree char *optics_dir = g_build_filename (f->root, "Optics", NULL);
  g_autofree char *next_dir = g_build_filename (f->root, "mechanics-1.1", NULL);
  g_autofree char *default_location
    = g_build_filename (g_get_user_data_dir (), "orrery", "libraries", NULL);
  GtkWindow *prompt;

  gtk_window_present (GTK_WINDOW (f->manager));
  /* Create…: a name and the folder to make it in */
  click (GTK_WIDGET (f->manager), "_Create…");
  prompt = find_prompt (f);
  g_assert_nonnull (prompt);
  collect_entries (GTK_WIDGET (prompt), entries);
  g_assert_cmpuint (entries->len, ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[1]), ==, default_location);
  gtk_editable_set_text (entries->pdata[0], "Optics");
  gtk_editable_set_text (entries->pdata[1], f->root);
  app_test_keep_picture (prompt, "library-manager-create");
  g_object_add_weak_pointer (G_OBJECT (prompt), (gpointer *)&prompt);
  click (GTK_WIDGET (prompt), "_OK");
  g_assert_null (prompt); /* closed once made */
  g_assert_true (is_library_folder (optics_dir));
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 3);
  g_assert_cmpstr (orr_library_get_name (orr_library_manager_get_selected (f->manager)), ==,
                   "Optics");

  /* New Version… proposes the next minor version: 1.0 -> 1.1 */
  orr_library_manager_select_row (f->manager, 0);
  click (GTK_WIDGET (f->manager), "New _Version…");
  prompt = find_prompt (f);
  g_assert_nonnull (prompt);
  g_ptr_array_set_size (entries, 0);
  collect_entries (GTK_WIDGET (prompt), entries);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (entries->pdata[0]), ==, "1.1");
  /* a refusal keeps the prompt open, saying why */
  gtk_editable_set_text (entries->pdata[0], "1.x");
  click (GTK_WIDGET (prompt), "_OK");
  g_assert_true (find_prompt (f) == prompt);
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==,
                   "version \"1.x\" is not \"major.minor\"");
  app_test_keep_picture (prompt, "library-manager-version-refused");
  gtk_editable_set_text (entries->pdata[0], "1.1");
  app_test_keep_picture (prompt, "library-manager-version");
  g_object_add_weak_pointer (G_OBJECT (prompt), (gpointer *)&prompt);
  click (GTK_WIDGET (prompt), "_OK");
  g_assert_null (prompt);
  g_assert_true (is_library_folder (next_dir));
  g_assert_cmpuint (orr_library_manager_get_n_rows (f->manager), ==, 4);
  assert_row (f, 3, "Mechanics\nVersion 1.1 · mech");
}

static char *
palette_rows (Fixture *f)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) rows = NULL;

  for (guint i = 0; i < orr_library_manager_get_n_palette_rows (f->manager); i++)
    {
      g_autofree char *row = orr_library_manager_dup_palette_row_text (f->manager, i);
      g_strv_builder_add (builder, row);
    }
  rows = g_strv_builder_end (builder);
  return g_strjoinv ("|", rows);
}

static void
assert_palette_rows (Fixture *f, const char *expected)
{
  g_autofree char *rows = palette_rows (f);

  g_assert_cmpstr (rows, ==, expected);
}

/* library.xml as a fresh open reads it: "Palette: a b|Palette2: ..." */
static char *
saved_palettes (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) library = orr_library_open (f->mech_dir, &error);
  g_autoptr (GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < orr_library_get_n_palettes (library); i++)
    {
      const char *const *blocks = orr_library_get_palette_blocks (library, i);
      g_autofree char *joined = g_strjoinv (" ", (char **)blocks);

      g_string_append_printf (text, "%s%s: %s", i > 0 ? "|" : "",
                              orr_library_get_palette_name (library, i), joined);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
assert_saved_palettes (Fixture *f, const char *expected)
{
  g_autofree char *saved = saved_palettes (f);

  g_assert_cmpstr (saved, ==, expected);
}

/* An icon button, by its tooltip. */
static GtkWidget *
find_tool (GtkWidget *root, const char *tooltip)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tool (child, tooltip);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
act (Fixture *f, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->manager), action, NULL));
}

/* Adding a block put it at the end of the library's one palette,
 * "Mechanics"; the user groups the Amplifier apart and reorders. */
static void
test_palettes (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  orr_library_manager_select_row (f->manager, 0);
  assert_palette_rows (f, "Mechanics|  mechanics/Ball|  math/Amplifier");
  g_assert_true (gtk_widget_get_sensitive (find_tool (GTK_WIDGET (f->manager), "New Palette")));
  /* nothing selected in the palette list: nothing to move */
  g_assert_false (gtk_widget_get_sensitive (find_tool (GTK_WIDGET (f->manager), "Move Up")));

  g_assert_true (orr_library_manager_add_palette (f->manager, "Amplifiers", &error));
  g_assert_no_error (error);
  assert_palette_rows (f, "Mechanics|  mechanics/Ball|  math/Amplifier|Amplifiers");
  assert_saved_palettes (f, "Mechanics: mechanics/Ball math/Amplifier|Amplifiers: ");
  g_assert_cmpuint (f->n_changed, ==, 1);
  /* names are unique */
  g_assert_false (orr_library_manager_add_palette (f->manager, "Amplifiers", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==,
                   "There is a palette “Amplifiers” already.");
  g_clear_error (&error);

  /* Alt+Down past its palette's end moves the Amplifier into the next */
  orr_library_manager_select_palette_row (f->manager, 2);
  act (f, "manager.move-down");
  assert_palette_rows (f, "Mechanics|  mechanics/Ball|Amplifiers|  math/Amplifier");
  assert_saved_palettes (f, "Mechanics: mechanics/Ball|Amplifiers: math/Amplifier");
  /* it stays selected: up twice takes it back and above the Ball */
  act (f, "manager.move-up");
  assert_saved_palettes (f, "Mechanics: mechanics/Ball math/Amplifier|Amplifiers: ");
  act (f, "manager.move-up");
  assert_palette_rows (f, "Mechanics|  math/Amplifier|  mechanics/Ball|Amplifiers");
  /* at the top of the first palette there is nowhere to go */
  act (f, "manager.move-up");
  assert_saved_palettes (f, "Mechanics: math/Amplifier mechanics/Ball|Amplifiers: ");

  /* a palette moves among palettes, with its blocks */
  orr_library_manager_select_palette_row (f->manager, 3);
  act (f, "manager.move-up");
  assert_palette_rows (f, "Amplifiers|Mechanics|  math/Amplifier|  mechanics/Ball");
  orr_library_manager_select_palette_row (f->manager, 1);
  g_assert_true (orr_library_manager_rename_palette (f->manager, "Bodies", &error));
  g_assert_no_error (error);
  assert_saved_palettes (f, "Amplifiers: |Bodies: math/Amplifier mechanics/Ball");
  app_test_keep_picture (GTK_WINDOW (f->manager), "library-manager-palettes");

  /* deleting a palette keeps its blocks in the library */
  orr_library_manager_select_palette_row (f->manager, 1);
  act (f, "manager.delete-palette");
  assert_saved_palettes (f, "Amplifiers: ");
  g_assert_cmpuint (orr_library_manager_get_n_block_rows (f->manager), ==, 2);
  /* and Add to Palette puts one back, into the palette selected */
  orr_library_manager_select_palette_row (f->manager, 0);
  orr_library_manager_select_block_row (f->manager, 0);
  act (f, "manager.add-to-palette");
  assert_palette_rows (f, "Amplifiers|  math/Amplifier");
  assert_saved_palettes (f, "Amplifiers: math/Amplifier");

  /* a locked library keeps its palettes; the engine says why */
  g_assert_true (orr_library_manager_toggle_lock (f->manager, &error));
  /* its editing buttons follow their actions, disabled */
  g_assert_false (gtk_widget_get_sensitive (find_tool (GTK_WIDGET (f->manager), "New Palette")));
  g_assert_false (gtk_widget_get_sensitive (find_tool (GTK_WIDGET (f->manager), "Move Up")));
  g_assert_false (orr_library_manager_add_palette (f->manager, "More", &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED);
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==, error->message);
  assert_saved_palettes (f, "Amplifiers: math/Amplifier");
}

/* The commands are keyboard reachable: the window binds these keys to
 * these actions (read from its shortcut controller). */
static void
test_keys (Fixture *f, gconstpointer data)
{
  const char *expected[][2] = {
    { "Delete", "manager.remove-block" },          { "<Control>p", "manager.add-to-palette" },
    { "<Control>n", "manager.new-palette" },       { "F2", "manager.rename-palette" },
    { "<Shift>Delete", "manager.delete-palette" }, { "<Alt>Up", "manager.move-up" },
    { "<Alt>Down", "manager.move-down" },
  };
  g_autoptr (GHashTable) bound = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->manager));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_NAMED_ACTION (action))
            g_hash_table_insert (
              bound, gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut)),
              g_strdup (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action))));
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (g_hash_table_lookup (bound, expected[i][0]), ==, expected[i][1]);
}

/* Remove Block asks, then deletes the file and the palette entry; a
 * locked library refuses without asking, in the engine's words. */
static void
test_remove_block (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) expected = NULL;
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autoptr (OrrLibrary) locked = NULL;
  g_autofree char *file = g_build_filename (f->mech_dir, "mechanics", "Ball.orrb", NULL);
  GtkWindow *prompt;

  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  orr_library_manager_select_row (f->manager, 0);
  orr_library_manager_select_block_row (f->manager, 1); /* mechanics/Ball */
  act (f, "manager.remove-block");
  prompt = find_prompt (f);
  g_assert_nonnull (prompt);
  g_assert_cmpstr (gtk_window_get_title (prompt), ==, "Remove Block");
  app_test_keep_picture (prompt, "library-manager-remove-block");
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR)); /* not before OK */
  g_object_add_weak_pointer (G_OBJECT (prompt), (gpointer *)&prompt);
  click (GTK_WIDGET (prompt), "_OK");
  g_assert_null (prompt);
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==,
                   "“mechanics/Ball” was removed from “Mechanics”.");
  g_assert_cmpuint (orr_library_manager_get_n_block_rows (f->manager), ==, 1);
  assert_palette_rows (f, "Mechanics|  math/Amplifier");
  reopened = orr_library_open (f->mech_dir, &error);
  g_assert_no_error (error);
  g_assert_false (orr_library_has_block (reopened, "mechanics/Ball"));
  g_assert_cmpuint (f->n_changed, ==, 1);

  /* locked: what the engine says to anyone removing it */
  g_assert_true (orr_library_manager_toggle_lock (f->manager, &error));
  locked = orr_library_open (f->mech_dir, &error);
  g_assert_no_error (error);
  g_assert_false (orr_library_remove_block (locked, "math/Amplifier", &expected));
  g_assert_error (expected, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED);
  orr_library_manager_select_block_row (f->manager, 0);
  act (f, "manager.remove-block");
  g_assert_null (find_prompt (f));
  g_assert_cmpstr (orr_library_manager_get_message (f->manager), ==, expected->message);
  g_assert_true (orr_library_has_block (locked, "math/Amplifier"));
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/library-manager/list", Fixture, NULL, fixture_set_up, test_list, fixture_tear_down);
  g_test_add ("/library-manager/lock", Fixture, NULL, fixture_set_up, test_lock, fixture_tear_down);
  g_test_add ("/library-manager/create", Fixture, NULL, fixture_set_up, test_create,
              fixture_tear_down);
  g_test_add ("/library-manager/new-version", Fixture, NULL, fixture_set_up, test_new_version,
              fixture_tear_down);
  g_test_add ("/library-manager/prompts", Fixture, NULL, fixture_set_up, test_prompts,
              fixture_tear_down);
  g_test_add ("/library-manager/palettes", Fixture, NULL, fixture_set_up, test_palettes,
              fixture_tear_down);
  g_test_add ("/library-manager/remove-block", Fixture, NULL, fixture_set_up, test_remove_block,
              fixture_tear_down);
  g_test_add ("/library-manager/keys", Fixture, NULL, fixture_set_up, test_keys, fixture_tear_down);
  return g_test_run ();
}
