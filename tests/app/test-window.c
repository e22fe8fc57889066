/* test-window.c: an editor window in the test's own process: the title
 * follows the saved state, undo and save enable with the history, closing
 * a modified window asks first (Cancel keeps it, Discard closes it), copy
 * and paste go through the clipboard, and the Keyboard Shortcuts window
 * lists exactly the accelerators the application and the window bind.
 * Needs a display and a session bus (xvfb-run ... dbus-run-session). */
#include "app-test-util.h"
#include "orr-block-dialog.h"
#include "orr-examples.h"
#include "orr-form-buttons.h"
#include "orr-quick-insert.h"
#include "orr-application.h"
#include "orr-window.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>
#include <string.h>

typedef struct
{
  OrrApplication *app;
  OrrWindow *window;
  char *dir;
  char *path;
} Fixture;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *example
    = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  g_autofree char *contents = NULL;

  f->dir = g_dir_make_tmp ("orrery-window-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "ball.orr", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (f->path, contents, -1, NULL));

  f->app = g_object_ref (ORR_APPLICATION ((gpointer)data));

  file = g_file_new_for_path (f->path);
  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_assert_nonnull (f->window);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  spin (100);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  app_test_close_window (&f->window);
  g_clear_object (&f->app);
  g_remove (f->path);
  g_remove (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

static void
activate (Fixture *f, const char *action, GVariant *parameter)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), action));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), action, parameter);
}

static gboolean
title_says_modified (Fixture *f)
{
  return strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "•") != NULL;
}

/* The unsaved-changes question, once it is up. */
static GtkDialog *
find_question (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (window)
          && gtk_window_get_transient_for (window) == GTK_WINDOW (f->window))
        return GTK_DIALOG (window);
    }
  return NULL;
}

static void
confirmed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  int *answer = user_data;

  *answer = orr_window_confirm_close_finish (ORR_WINDOW (source), result, NULL) ? 1 : 0;
}

static void
test_history_and_title (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  guint n = orr_model_get_root (model)->blocks->len;
  g_autofree char *saved_as = g_build_filename (f->dir, "saved.orr", NULL);

  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "ball.orr"));
  g_assert_false (title_says_modified (f));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "undo"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "save"));

  activate (f, "insert-block", g_variant_new ("(sdd)", "Sum", 100.0, 300.0));
  g_assert_cmpuint (orr_model_get_root (model)->blocks->len, ==, n + 1);
  g_assert_true (title_says_modified (f));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "save"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "redo"));

  activate (f, "undo", NULL);
  g_assert_cmpuint (orr_model_get_root (model)->blocks->len, ==, n);
  g_assert_false (title_says_modified (f));
  activate (f, "redo", NULL);
  g_assert_cmpuint (orr_model_get_root (model)->blocks->len, ==, n + 1);

  activate (f, "save-to", g_variant_new_string (saved_as));
  g_assert_false (title_says_modified (f));
  {
    g_autoptr (GFile) expected = g_file_new_for_path (saved_as);
    g_assert_true (g_file_equal (orr_window_get_file (f->window), expected));
  }
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "saved.orr"));
  g_remove (saved_as);

  app_test_keep_picture (GTK_WINDOW (f->window), "window");
}

/* The header bar's primary menu button (there is also the pace menu). */
static GtkMenuButton *
find_primary_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return GTK_MENU_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_primary_menu_button (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The primary menu lists the file, simulation and diagram commands, each
 * bound to an action the window or the application has. */
static void
test_primary_menu (Fixture *f, gconstpointer data)
{
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (f->window));
  GtkMenuButton *button = find_primary_menu_button (titlebar);
  GMenuModel *menu = gtk_menu_button_get_menu_model (button);
  g_autoptr (GPtrArray) pending = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GHashTable) actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *wanted[] = { "app.new",          "app.open",          "win.save",
                           "win.save-as",      "win.export",        "win.show-help-overlay",
                           "app.about",        "win.close",         "app.quit",
                           "win.run",          "win.stop",          "win.check",
                           "win.group",        "win.expand",        "win.edit-mask",
                           "win.edit-context", "win.model-settings" };

  g_assert_nonnull (menu);
  g_ptr_array_add (pending, g_object_ref (menu));
  while (pending->len > 0)
    {
      g_autoptr (GMenuModel) model = g_ptr_array_steal_index (pending, pending->len - 1);

      for (int i = 0; i < g_menu_model_get_n_items (model); i++)
        {
          g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
          char *action = NULL;

          if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
            g_hash_table_add (actions, action);
          while (g_menu_link_iter_next (links))
            g_ptr_array_add (pending, g_menu_link_iter_get_value (links));
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    g_assert_true (g_hash_table_contains (actions, wanted[i]));

  gtk_menu_button_popup (button);
  app_test_keep_picture_of (GTK_WIDGET (gtk_menu_button_get_popover (button)), "primary-menu");
  gtk_menu_button_popdown (button);
}

/* GTask finishes from the main loop, never inside the call. */
static void
wait_answer (int *answer)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (*answer == -1 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_close_asks (Fixture *f, gconstpointer data)
{
  GtkDialog *question;
  int answer = -1;

  /* Nothing unsaved: no question. */
  orr_window_confirm_close_async (f->window, NULL, confirmed, &answer);
  wait_answer (&answer);
  g_assert_cmpint (answer, ==, 1);
  g_assert_null (find_question (f));

  activate (f, "insert-block", g_variant_new ("(sdd)", "Gain", 100.0, 300.0));

  answer = -1;
  orr_window_confirm_close_async (f->window, NULL, confirmed, &answer);
  question = find_question (f);
  g_assert_nonnull (question);
  g_assert_cmpint (answer, ==, -1); /* still asking */
  gtk_dialog_response (question, ORR_WINDOW_RESPONSE_CANCEL);
  wait_answer (&answer);
  g_assert_cmpint (answer, ==, 0);
  spin (50);
  g_assert_null (find_question (f));

  /* Closing the window asks the same, and Cancel keeps the window. */
  gtk_window_close (GTK_WINDOW (f->window));
  spin (50);
  g_assert_nonnull (f->window);
  question = find_question (f);
  g_assert_nonnull (question);
  gtk_dialog_response (question, ORR_WINDOW_RESPONSE_CANCEL);
  spin (50);
  g_assert_nonnull (f->window);

  /* Discard closes it, and the file on disk is as it was. */
  activate (f, "close", NULL);
  spin (50);
  question = find_question (f);
  g_assert_nonnull (question);
  gtk_dialog_response (question, ORR_WINDOW_RESPONSE_DISCARD);
  spin (100);
  g_assert_null (f->window);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (OrrModel) on_disk = orr_model_load_file (f->path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (orr_model_get_root (on_disk)->blocks->len, ==, 6);
  }
}

static void
test_copy_paste (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  OrrDiagram *root = orr_model_get_root (model);
  guint n = root->blocks->len;
  OrrBlock *pasted;
  gint64 deadline;

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "copy"));
  activate (f, "select-block", g_variant_new_string ("b5"));
  {
    g_autoptr (GVariant) state
      = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "select-block");
    g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "b5");
  }
  activate (f, "copy", NULL);
  activate (f, "paste", NULL);

  /* Paste reads the clipboard asynchronously. */
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (root->blocks->len == n && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (root->blocks->len, ==, n + 1);

  /* A copy of the Restitution gain under a new id, and only one undo away. */
  pasted = root->blocks->pdata[root->blocks->len - 1];
  g_assert_cmpstr (pasted->type, ==, "Gain");
  g_assert_cmpstr (orr_block_get_param (pasted, "gain"), ==, "-e");
  g_assert_cmpstr (pasted->id, !=, "b5");
  activate (f, "undo", NULL);
  g_assert_cmpuint (root->blocks->len, ==, n);

  /* Cut: copied and gone. */
  activate (f, "select-block", g_variant_new_string ("b1"));
  activate (f, "cut", NULL);
  g_assert_null (orr_model_find_block (model, "b1"));
  activate (f, "paste", NULL);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (root->blocks->len == n - 1 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (root->blocks->len, ==, n);
  pasted = root->blocks->pdata[root->blocks->len - 1];
  g_assert_cmpstr (pasted->type, ==, "Constant");
}

static gboolean
recent_menu_has (OrrApplication *app, const char *path)
{
  GMenuModel *menu = orr_application_get_recent_menu (app);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GVariant) target = g_menu_model_get_item_attribute_value (
        menu, i, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
      g_autofree char *action = NULL;

      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
      if (target != NULL && g_strcmp0 (action, "app.open-path") == 0
          && g_str_equal (g_variant_get_string (target, NULL), path))
        return TRUE;
    }
  return FALSE;
}

/* Opened files show in Open Recent (the recent list is written in the
 * background, hence the wait). */
static void
test_recent (Fixture *f, gconstpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!recent_menu_has (f->app, f->path) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (recent_menu_has (f->app, f->path));
}

/* A .orr file dropped on the window opens in a window of its own; other
 * files are refused. */
static void
test_drop (Fixture *f, gconstpointer data)
{
  g_autofree char *other = g_build_filename (f->dir, "other.orr", NULL);
  g_autofree char *text = g_build_filename (f->dir, "notes.txt", NULL);
  g_autoptr (GFile) other_file = g_file_new_for_path (other);
  g_autoptr (GFile) text_file = g_file_new_for_path (text);
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkDropTarget *target = NULL;
  GSList *files;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  OrrWindow *opened = NULL;

  g_assert_true (g_file_set_contents (other,
                                      "<?xml version=\"1.0\"?>\n<orrery version=\"1.0\">"
                                      "<diagram/></orrery>\n",
                                      -1, NULL));
  g_assert_true (g_file_set_contents (text, "hello", -1, NULL));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  files = g_slist_prepend (NULL, text_file);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_assert_false (accepted);
  g_value_unset (&value);
  g_slist_free (files);

  files = g_slist_prepend (NULL, other_file);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  g_value_unset (&value);
  g_slist_free (files);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (f->app)); l != NULL; l = l->next)
    if (ORR_IS_WINDOW (l->data) && orr_window_get_file (l->data) != NULL
        && g_file_equal (orr_window_get_file (l->data), other_file))
      opened = l->data;
  g_assert_nonnull (opened);
  g_assert_true (opened != f->window);
  g_assert_nonnull (f->window); /* the first one stays: it shows a file */
  orr_window_close_confirmed (opened);
  g_remove (other);
  g_remove (text);
}

/* About names the version and the licence. */
static void
test_about (Fixture *f, gconstpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkAboutDialog *about = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "about", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (GTK_IS_ABOUT_DIALOG (window))
        about = GTK_ABOUT_DIALOG (window);
    }
  g_assert_nonnull (about);
  g_assert_cmpstr (gtk_about_dialog_get_version (about), ==, ORR_VERSION);
  g_assert_cmpint (gtk_about_dialog_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  app_test_keep_picture (GTK_WINDOW (about), "about");
  gtk_window_destroy (GTK_WINDOW (about));
}

/* Open Example lists every model of the examples folder with its title
 * and description, at least the seven the issue names; activating one
 * opens it as a new unsaved window holding the same model as the file. */
static void
test_examples (Fixture *f, gconstpointer data)
{
  static const char *const wanted[] = { "bouncing-ball.orr",
                                        "pid-speed-control.orr",
                                        "sampled-data-controller.orr",
                                        "event-delay-clock.orr",
                                        "queue.orr",
                                        "thermostat.orr",
                                        "masked-super-block.orr" };
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr (GPtrArray) examples = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = orr_examples_get_dir ();
  GtkWindow *list_window = NULL;
  GtkListBox *list;
  GtkListBoxRow *row;
  OrrWindow *opened = NULL;
  guint n_rows = 0;

  g_assert_cmpstr (dir, ==, g_getenv ("ORRERY_EXAMPLES"));
  examples = orr_examples_load_index (dir, &error);
  g_assert_no_error (error);
  for (guint w = 0; w < G_N_ELEMENTS (wanted); w++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < examples->len; i++)
        {
          OrrExample *e = g_ptr_array_index (examples, i);
          if (g_str_equal (e->file, wanted[w]))
            {
              found = TRUE;
              g_assert_cmpuint (strlen (e->title), >, 3);
              g_assert_cmpuint (strlen (e->description), >, 20);
            }
        }
      if (!found)
        g_error ("the examples do not list %s", wanted[w]);
    }

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "examples", NULL);
  spin (100);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (g_strcmp0 (gtk_window_get_title (window), "Open Example") == 0)
        list_window = window;
    }
  g_assert_nonnull (list_window);
  /* the scrolled window wraps the list in a viewport */
  list = GTK_LIST_BOX (gtk_viewport_get_child (GTK_VIEWPORT (
    gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (gtk_window_get_child (list_window))))));
  while (gtk_list_box_get_row_at_index (list, n_rows) != NULL)
    n_rows++;
  g_assert_cmpuint (n_rows, ==, examples->len);
  app_test_keep_picture (list_window, "examples");

  /* the first row is the bouncing ball: it opens untitled */
  row = gtk_list_box_get_row_at_index (list, 0);
  g_assert_cmpstr (((OrrExample *)g_ptr_array_index (examples, 0))->file, ==, "bouncing-ball.orr");
  g_object_add_weak_pointer (G_OBJECT (list_window), (gpointer *)&list_window);
  g_signal_emit_by_name (list, "row-activated", row);
  spin (100);
  g_assert_null (list_window); /* it closes once the example is open */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (ORR_IS_WINDOW (window) && ORR_WINDOW (window) != f->window)
        opened = ORR_WINDOW (window);
    }
  g_assert_nonnull (opened);
  g_assert_null (orr_window_get_file (opened));
  {
    g_autofree char *path = g_build_filename (dir, "bouncing-ball.orr", NULL);
    g_autoptr (OrrModel) original = orr_model_load_file (path, NULL);
    g_autofree char *a = orr_model_save_to_data (original, NULL);
    g_autofree char *b = orr_model_save_to_data (orr_window_get_model (opened), NULL);

    g_assert_cmpstr (b, ==, a);
  }
  g_assert_false (orr_model_can_undo (orr_window_get_model (opened)));
  gtk_window_destroy (GTK_WINDOW (opened));
}

/* Quick insert: the action opens the search popover on the canvas;
 * "gain" and Enter add a Gain to the diagram, one undo step, where the
 * popover pointed (the middle of the canvas when the pointer is away). */
static void
test_quick_insert (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  OrrDiagram *root = orr_model_get_root (model);
  OrrCanvas *canvas = orr_window_get_canvas (f->window);
  guint before = root->blocks->len;
  GtkWidget *popover = NULL;
  OrrBlock *added;
  double cx, cy, mx, my;

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "quick-insert", NULL);
  spin (50);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (canvas)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ORR_IS_QUICK_INSERT (child))
      popover = child;
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  orr_quick_insert_set_text (ORR_QUICK_INSERT (popover), "gain");
  g_assert_cmpstr (orr_quick_insert_get_match_name (ORR_QUICK_INSERT (popover), 0), ==, "Gain");
  orr_quick_insert_activate (ORR_QUICK_INSERT (popover));
  spin (50);

  g_assert_cmpuint (root->blocks->len, ==, before + 1);
  added = g_ptr_array_index (root->blocks, root->blocks->len - 1);
  g_assert_cmpstr (added->type, ==, "Gain");
  /* centred where the popover pointed, within the canvas's grid */
  cx = gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0;
  cy = gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0;
  orr_canvas_widget_to_model (canvas, cx, cy, &mx, &my);
  g_assert_cmpfloat (fabs (added->geometry.x + added->geometry.width / 2 - mx), <=, 10);
  g_assert_cmpfloat (fabs (added->geometry.y + added->geometry.height / 2 - my), <=, 10);
  g_assert_true (orr_model_undo (model));
  g_assert_cmpuint (root->blocks->len, ==, before);
}

/* A Display shows its input's latest value on the canvas while and after
 * the model runs: a Constant 2.5 through a Gain of 3 shows 7.5, a ramp
 * (Time) shows the final time 4; an edit and a new run show the new
 * value. [1/3, 2/3] shows with the block's significant digits: 0.333 and
 * 0.667 with 3, 0.33333 and 0.66667 with the default 5. */
static void
test_display_on_canvas (Fixture *f, gconstpointer data)
{
  static const char text[]
    = "<orrery version=\"1.0\">"
      "<settings start=\"0\" final=\"4\" solver=\"auto\" rtol=\"1e-08\" atol=\"1e-10\" "
      "max-step=\"0\"/><diagram>"
      "<block id=\"k\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"value\">2.5</param><ports out=\"1\"/></block>"
      "<block id=\"g\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"gain\">3</param><ports in=\"1\" out=\"1\"/></block>"
      "<block id=\"d\" type=\"Display\" x=\"160\" y=\"0\" width=\"60\" height=\"40\">"
      "<ports in=\"1\"/></block>"
      "<block id=\"t\" type=\"Time\" x=\"0\" y=\"80\" width=\"40\" height=\"40\">"
      "<ports out=\"1\"/></block>"
      "<block id=\"e\" type=\"Display\" x=\"160\" y=\"80\" width=\"60\" height=\"40\">"
      "<ports in=\"1\"/></block>"
      "<block id=\"third\" type=\"Constant\" x=\"0\" y=\"160\" width=\"40\" height=\"40\">"
      "<param name=\"value\">[1/3, 2/3]</param><ports out=\"1\"/></block>"
      "<block id=\"short\" type=\"Display\" x=\"160\" y=\"160\" width=\"80\" height=\"40\">"
      "<param name=\"digits\">3</param><ports in=\"1\"/></block>"
      "<block id=\"long\" type=\"Display\" x=\"160\" y=\"240\" width=\"80\" height=\"40\">"
      "<ports in=\"1\"/></block>"
      "<link id=\"l1\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"g\" to-port=\"1\"/>"
      "<link id=\"l2\" kind=\"regular\" from=\"g\" from-port=\"1\" to=\"d\" to-port=\"1\"/>"
      "<link id=\"l3\" kind=\"regular\" from=\"t\" from-port=\"1\" to=\"e\" to-port=\"1\"/>"
      "<link id=\"l4\" kind=\"regular\" from=\"third\" from-port=\"1\" to=\"short\" "
      "to-port=\"1\"/>"
      "<link id=\"l5\" kind=\"regular\" from=\"third\" from-port=\"1\" to=\"long\" "
      "to-port=\"1\"/>"
      "</diagram></orrery>";
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_data (text, strlen (text), "displays", &error);
  GtkApplication *app = GTK_APPLICATION (f->app);
  OrrWindow *window;
  OrrCanvas *canvas;

  g_assert_no_error (error);
  window = orr_window_new (f->app, model, NULL);
  gtk_application_add_window (app, GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  canvas = orr_window_get_canvas (window);
  spin (50);

  for (int round = 0; round < 2; round++)
    {
      gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
      g_autoptr (GVariant) state = NULL;

      g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
      do
        {
          g_clear_pointer (&state, g_variant_unref);
          spin (20);
          state = g_action_group_get_action_state (G_ACTION_GROUP (window), "run-state");
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        }
      while (!g_str_equal (g_variant_get_string (state, NULL), "finished"));
      spin (50);
      g_assert_cmpstr (orr_canvas_get_block_annotation (canvas, "d"), ==,
                       round == 0 ? "7.5" : "-5");
      g_assert_cmpstr (orr_canvas_get_block_annotation (canvas, "e"), ==, "4");
      /* as many significant digits as the block asks for, 5 by default */
      g_assert_cmpstr (orr_canvas_get_block_annotation (canvas, "short"), ==, "0.333  0.667");
      g_assert_cmpstr (orr_canvas_get_block_annotation (canvas, "long"), ==, "0.33333  0.66667");
      /* before the second run, the gain changes */
      orr_model_set_param (model, orr_model_find_block (model, "g"), "gain", "-2");
    }
  app_test_keep_picture (GTK_WINDOW (window), "displays");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The quick insert also searches the installed libraries: a library
 * holding a masked lag under filters/SlowLag is found by "slowlag" (and
 * by its path's words); Enter places it as a reference to the library,
 * with its mask, centred where the search pointed, in one undo step. */
static void
test_quick_insert_library (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  OrrDiagram *root = orr_model_get_root (model);
  OrrCanvas *canvas = orr_window_get_canvas (f->window);
  g_autofree char *dir = g_build_filename (f->dir, "mylib", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) library = orr_library_create (dir, "Filters", "filters-key", &error);
  g_autoptr (OrrModel) source = orr_model_new ();
  OrrBlock *lag, *placed;
  OrrMask *mask = orr_mask_new ();
  GtkWidget *popover = NULL;
  guint before = root->blocks->len;
  double cx, cy, mx, my;

  g_assert_no_error (error);
  lag = orr_model_add_super_block (source, orr_model_get_root (source), &(OrrRect){ 0, 0, 60, 40 });
  g_ptr_array_add (mask->params, orr_mask_param_new ("tau", "Time constant", "1"));
  mask->description = g_strdup ("A first-order lag.");
  orr_model_set_mask (source, lag, mask);
  g_assert_true (orr_library_add_block (library, "filters/SlowLag", lag, &error));
  g_assert_no_error (error);
  orr_library_set_add_folder (orr_application_get_library_set (f->app), dir, FALSE, NULL);

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "quick-insert", NULL);
  spin (50);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (canvas)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ORR_IS_QUICK_INSERT (child))
      popover = child;
  g_assert_nonnull (popover);
  orr_quick_insert_set_text (ORR_QUICK_INSERT (popover), "filters slow");
  g_assert_cmpstr (orr_quick_insert_get_match_name (ORR_QUICK_INSERT (popover), 0), ==,
                   "library:filters-key:filters/SlowLag");
  orr_quick_insert_set_text (ORR_QUICK_INSERT (popover), "slowlag");
  g_assert_cmpstr (orr_quick_insert_get_match_name (ORR_QUICK_INSERT (popover), 0), ==,
                   "library:filters-key:filters/SlowLag");
  orr_quick_insert_activate (ORR_QUICK_INSERT (popover));
  spin (50);

  g_assert_cmpuint (root->blocks->len, ==, before + 1);
  placed = g_ptr_array_index (root->blocks, root->blocks->len - 1);
  g_assert_true (orr_block_is_super (placed));
  g_assert_nonnull (placed->mask);
  g_assert_nonnull (placed->libref);
  g_assert_cmpstr (placed->libref->library, ==, "filters-key");
  g_assert_cmpstr (placed->libref->ref, ==, "filters/SlowLag");
  cx = gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0;
  cy = gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0;
  orr_canvas_widget_to_model (canvas, cx, cy, &mx, &my);
  g_assert_cmpfloat (fabs (placed->geometry.x + placed->geometry.width / 2 - mx), <, 1e-9);
  g_assert_cmpfloat (fabs (placed->geometry.y + placed->geometry.height / 2 - my), <, 1e-9);
  g_assert_true (orr_model_undo (model));
  g_assert_cmpuint (root->blocks->len, ==, before);
}

/* Export writes the whole diagram in the format its name asks for. */
static void
test_export (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *name;
    const char *magic;
  } formats[] = {
    { "diagram.png", "\x89PNG" },
    { "diagram.svg", "<?xml" },
    { "diagram.pdf", "%PDF" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, formats[i].name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      activate (f, "export-to", g_variant_new_string (path));
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_cmpuint (length, >, 100);
      g_assert_true (g_str_has_prefix (contents, formats[i].magic));
      g_remove (path);
    }
}

/* Print goes through GtkPrintOperation; print-to sends the page to a PDF
 * without the dialog: one page, larger than an empty one, as the printer
 * would get it. */
static void
test_print (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "printed.pdf", NULL);
  g_autofree char *blank_path = g_build_filename (f->dir, "blank.pdf", NULL);
  g_autofree char *contents = NULL, *blank = NULL;
  gsize length = 0, blank_length = 0;
  g_autoptr (OrrModel) empty = orr_model_new ();
  OrrWindow *other;

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->window), "print"));
  activate (f, "print-to", g_variant_new_string (path));
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF"));

  /* the same page from an empty model: the diagram's lines and texts make
   * the difference */
  other = orr_window_new (f->app, empty, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (other), "print-to",
                                  g_variant_new_string (blank_path));
  g_assert_true (g_file_get_contents (blank_path, &blank, &blank_length, NULL));
  g_assert_true (g_str_has_prefix (blank, "%PDF"));
  g_assert_cmpuint (length, >, blank_length + 1000);
  gtk_window_destroy (GTK_WINDOW (other));
  g_remove (path);
  g_remove (blank_path);
}

/* Align lines the selected blocks up on the selection's own edge;
 * Distribute spaces the centres evenly between the outer two; each is
 * one undo step. The bouncing ball's Gravity (b1, x 40), Velocity (b2,
 * x 140) and Height (b3, x 260) are on one row. */
static void
test_align_distribute (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  OrrBlock *gravity = orr_model_find_block (model, "b1");
  OrrBlock *velocity = orr_model_find_block (model, "b2");
  OrrBlock *height = orr_model_find_block (model, "b3");
  double before = velocity->geometry.x;

  orr_model_move_block (model, velocity, before, 180);
  activate (f, "select-block", g_variant_new_string ("b1,b2,b3"));
  activate (f, "align", g_variant_new_string ("top"));
  g_assert_cmpfloat (velocity->geometry.y, ==, 100);
  g_assert_cmpfloat (gravity->geometry.y, ==, 100);
  g_assert_cmpfloat (height->geometry.y, ==, 100);

  /* centres at 60 and 280: the middle one goes to 170 */
  activate (f, "distribute", g_variant_new_string ("horizontal"));
  g_assert_cmpfloat (velocity->geometry.x + velocity->geometry.width / 2, ==, 170);
  g_assert_cmpfloat (gravity->geometry.x, ==, 40);
  g_assert_cmpfloat (height->geometry.x, ==, 260);
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Distribute");
  g_assert_true (orr_model_undo (model));
  g_assert_cmpfloat (velocity->geometry.x, ==, before);
}

/* ---- the Keyboard Shortcuts window against what is bound ------------------------ */

static char *
normalise (const char *accel)
{
  guint key;
  GdkModifierType mods;

  if (!gtk_accelerator_parse (accel, &key, &mods))
    g_error ("“%s” is not an accelerator", accel);
  return gtk_accelerator_name (key, mods);
}

/* Keypad twins of listed keys are bound but not listed. */
static gboolean
is_keypad (const char *accel)
{
  return strstr (accel, "KP_") != NULL;
}

static void
test_shortcuts_window (Fixture *f, gconstpointer data)
{
  g_autoptr (GtkBuilder) builder
    = gtk_builder_new_from_resource ("/org/orrery/Orrery/gtk/help-overlay.ui");
  g_autoptr (GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) bound = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GSList) objects = gtk_builder_get_objects (builder);
  g_auto (GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (f->app));
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkShortcutController *editing = NULL;
  GHashTableIter iter;
  const char *accel;

  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *text = NULL;
        g_auto (GStrv) alternatives = NULL;

        g_object_get (l->data, "accelerator", &text, NULL);
        alternatives = g_strsplit (text, " ", -1);
        for (guint i = 0; alternatives[i] != NULL; i++)
          if (alternatives[i][0] != '\0')
            g_hash_table_add (listed, normalise (alternatives[i]));
      }

  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto (GStrv) accels
        = gtk_application_get_accels_for_action (GTK_APPLICATION (f->app), actions[i]);

      for (guint j = 0; accels[j] != NULL; j++)
        if (!is_keypad (accels[j]))
          g_hash_table_add (bound, normalise (accels[j]));
    }

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "orr-editing-shortcuts") == 0)
        editing = GTK_SHORTCUT_CONTROLLER (controller);
    }
  g_assert_nonnull (editing);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (editing)); i++)
    {
      g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (editing), i);
      g_autofree char *text = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

      if (!is_keypad (text))
        g_hash_table_add (bound, normalise (text));
    }

  g_hash_table_iter_init (&iter, bound);
  while (g_hash_table_iter_next (&iter, (gpointer *)&accel, NULL))
    if (!g_hash_table_contains (listed, accel))
      g_error ("%s is bound but not in the Keyboard Shortcuts window", accel);
  g_hash_table_iter_init (&iter, listed);
  while (g_hash_table_iter_next (&iter, (gpointer *)&accel, NULL))
    if (!g_hash_table_contains (bound, accel))
      g_error ("%s is in the Keyboard Shortcuts window but bound to nothing", accel);

  gtk_window_set_default_size (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")), 1100,
                               760);
  app_test_keep_picture (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")),
                         "shortcuts");
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}

/* Runs window's model until the run state is end; another end state fails. */
static void
run_window_until (OrrWindow *window, const char *end)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
  for (;;)
    {
      g_autoptr (GVariant) state
        = g_action_group_get_action_state (G_ACTION_GROUP (window), "run-state");
      const char *s = g_variant_get_string (state, NULL);

      if (strcmp (s, end) == 0)
        break;
      g_assert_true (strcmp (s, "finished") != 0 && strcmp (s, "failed") != 0);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
    }
}

/* Two windows of one process: the second one's run fails (a parameter
 * that does not evaluate) and its save fails (its folder was removed);
 * the save error names the file and the system's reason. The first
 * window keeps its unsaved edit, its file on disk is as it was, and it
 * still runs to the end. */
static void
test_failure_isolated (Fixture *f, gconstpointer data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *bad_path = g_build_filename (sub, "bad.orr", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (GFile) bad_file = g_file_new_for_path (bad_path);
  OrrModel *model = orr_window_get_model (f->window);
  OrrWindow *other;
  OrrBlock *added;
  const char *message;

  g_assert_true (g_file_get_contents (f->path, &before, NULL, NULL));
  added = orr_model_add_block (model, orr_model_get_root (model), "Constant",
                               &(OrrRect){ 400, 300, 40, 40 });
  g_assert_nonnull (added);
  g_assert_true (orr_model_get_modified (model));

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (
    bad_path,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"
    "  <settings final=\"1\"/>\n  <diagram>\n"
    "    <block id=\"c\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
    "      <param name=\"value\">no_such_name</param>\n      <ports out=\"1\"/>\n"
    "    </block>\n  </diagram>\n</orrery>\n",
    -1, NULL));
  other = ORR_WINDOW (orr_application_open_file (f->app, bad_file));
  g_assert_nonnull (other);
  spin (100);

  run_window_until (other, "failed");
  g_assert_cmpint (g_remove (bad_path), ==, 0);
  g_assert_cmpint (g_rmdir (sub), ==, 0);
  orr_model_add_block (orr_window_get_model (other),
                       orr_model_get_root (orr_window_get_model (other)), "Constant",
                       &(OrrRect){ 100, 100, 40, 40 });
  spin (50);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (other), "save"));
  g_action_group_activate_action (G_ACTION_GROUP (other), "save", NULL);
  spin (100);
  message = orr_window_get_message (other);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "bad.orr"));
  g_assert_nonnull (strstr (message, sub));
  g_assert_nonnull (strstr (message, g_strerror (ENOENT)));
  orr_window_close_confirmed (other);
  spin (100);

  /* the first window: untouched */
  g_assert_nonnull (f->window);
  g_assert_true (orr_window_get_model (f->window) == model);
  g_assert_true (orr_model_get_modified (model));
  g_assert_true (orr_model_find_block (model, added->id) == added);
  g_assert_true (g_file_get_contents (f->path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  run_window_until (f->window, "finished");
}

/* The Help button of a block's dialog opens the block's page of the
 * manual: the yelp found on PATH (a stub here that writes down its
 * arguments) is asked for help:orrery/block-TYPE. */
static void
test_block_help (Fixture *f, gconstpointer data)
{
  g_autofree char *bin = g_build_filename (f->dir, "bin", NULL);
  g_autofree char *stub = g_build_filename (bin, "yelp", NULL);
  g_autofree char *record = g_build_filename (f->dir, "yelp-args", NULL);
  g_autofree char *script = g_strdup_printf (
    "#!/bin/sh\nprintf '%%s\\n' \"$@\" > '%s.part'\nmv '%s.part' '%s'\n", record, record, record);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *new_path = g_strdup_printf ("%s:%s", bin, old_path != NULL ? old_path : "");
  g_autofree char *args = NULL;
  OrrBlock *gain = orr_model_find_block (orr_window_get_model (f->window), "b5");
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *dialog = NULL;
  GtkWidget *help;
  gint64 deadline;

  g_assert_cmpint (g_mkdir (bin, 0755), ==, 0);
  g_assert_true (g_file_set_contents (stub, script, -1, NULL));
  g_assert_cmpint (g_chmod (stub, 0755), ==, 0);
  g_setenv ("PATH", new_path, TRUE);

  g_assert_nonnull (gain);
  orr_window_edit_block (f->window, gain);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ORR_IS_BLOCK_DIALOG (window))
        dialog = window;
    }
  g_assert_nonnull (dialog);
  help = orr_form_get_help_button (dialog);
  g_assert_nonnull (help);
  g_assert_true (gtk_widget_get_visible (help));
  spin (50);
  g_assert_true (gtk_widget_activate (help));

  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!g_file_test (record, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < deadline)
    spin (20);
  g_setenv ("PATH", old_path, TRUE);
  g_assert_true (g_file_get_contents (record, &args, NULL, NULL));
  g_assert_cmpstr (args, ==, "help:orrery/block-Gain\n");
  gtk_window_destroy (dialog);

  g_remove (record);
  g_remove (stub);
  g_rmdir (bin);
}

static OrrBlock *
find_annotation (OrrModel *model)
{
  OrrDiagram *root = orr_model_get_root (model);

  for (guint i = 0; i < root->blocks->len; i++)
    if (orr_block_is_annotation (root->blocks->pdata[i]))
      return root->blocks->pdata[i];
  return NULL;
}

static OrrBlockDialog *
find_block_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ORR_IS_BLOCK_DIALOG (window))
        return ORR_BLOCK_DIALOG (window);
    }
  return NULL;
}

/* Free text on the diagram: Add Text puts one in and opens its dialog;
 * what is typed there (any characters, several lines) is what the file
 * keeps and gives back; it is moved and deleted like a block, each step
 * undoable, and the model still compiles with it. */
/* A text dialog closed with the field still empty (Escape, Cancel) takes
 * the insertion back: no empty text stays on the canvas and the history is
 * as it was; a text left empty after an earlier edit is removed too. */
static void
test_add_text_cancelled (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  guint n_blocks = orr_model_get_root (model)->blocks->len;
  g_autofree char *before = g_strdup (orr_model_get_undo_description (model));
  OrrBlockDialog *dialog;

  activate (f, "add-text", NULL);
  g_assert_nonnull (find_annotation (model));
  dialog = find_block_dialog ();
  g_assert_nonnull (dialog);
  gtk_window_close (GTK_WINDOW (dialog));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (find_block_dialog ());
  g_assert_null (find_annotation (model));
  g_assert_cmpuint (orr_model_get_root (model)->blocks->len, ==, n_blocks);
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, before);

  /* a text typed, then the dialog closed: it stays */
  activate (f, "add-text", NULL);
  dialog = find_block_dialog ();
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (
                              orr_block_dialog_get_field (dialog, ORR_ANNOTATION_TEXT))),
                            "kept", -1);
  g_assert_true (orr_block_dialog_apply (dialog, NULL));
  gtk_window_close (GTK_WINDOW (dialog));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_nonnull (find_annotation (model));
  g_assert_cmpstr (orr_block_get_param (find_annotation (model), ORR_ANNOTATION_TEXT), ==, "kept");
}

static void
test_add_text (Fixture *f, gconstpointer data)
{
  OrrModel *model = orr_window_get_model (f->window);
  const char *text = "Bounce: v+ = -e v-\n<reset> & \"restitution\" 0.9";
  g_autofree char *saved = g_build_filename (f->dir, "annotated.orr", NULL);
  g_autoptr (OrrModel) loaded = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (GError) error = NULL;
  guint n_blocks = orr_model_get_root (model)->blocks->len;
  OrrBlockDialog *dialog;
  OrrBlock *note, *reloaded;
  GtkWidget *field;
  OrrRect where;

  g_assert_null (find_annotation (model));
  activate (f, "add-text", NULL);
  note = find_annotation (model);
  g_assert_nonnull (note);
  g_assert_cmpuint (orr_model_get_root (model)->blocks->len, ==, n_blocks + 1);
  g_assert_cmpuint (orr_block_get_port_count (note, ORR_PORT_IN), ==, 0);

  dialog = find_block_dialog ();
  g_assert_nonnull (dialog);
  field = orr_block_dialog_get_field (dialog, ORR_ANNOTATION_TEXT);
  g_assert_true (GTK_IS_TEXT_VIEW (field));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (field)), text, -1);
  g_assert_true (orr_form_is_valid (dialog));
  app_test_keep_picture (GTK_WINDOW (dialog), "text-dialog");
  g_assert_true (orr_block_dialog_apply (dialog, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpstr (orr_block_get_param (note, ORR_ANNOTATION_TEXT), ==, text);

  orr_model_move_block (model, note, 40, 260);
  app_test_keep_picture (GTK_WINDOW (f->window), "text-on-canvas");

  /* saved and read back */
  activate (f, "save-to", g_variant_new_string (saved));
  loaded = orr_model_load_file (saved, &error);
  g_assert_no_error (error);
  reloaded = find_annotation (loaded);
  g_assert_nonnull (reloaded);
  g_assert_cmpstr (orr_block_get_param (reloaded, ORR_ANNOTATION_TEXT), ==, text);
  where = reloaded->geometry;
  g_assert_cmpfloat (where.x, ==, 40);
  g_assert_cmpfloat (where.y, ==, 260);
  g_assert_cmpfloat (where.width, ==, note->geometry.width);

  /* the text takes no part in the run */
  orr_palettes_register_standard (registry);
  program = orr_compile (loaded, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (program);

  /* undo: the move, the text, the insertion */
  g_assert_true (orr_model_undo (model));
  g_assert_true (orr_model_undo (model));
  g_assert_cmpstr (orr_block_get_param (note, ORR_ANNOTATION_TEXT), ==, "");
  g_assert_true (orr_model_undo (model));
  g_assert_null (find_annotation (model));
  g_assert_true (orr_model_redo (model));
  note = find_annotation (model);
  g_assert_nonnull (note);

  /* copied and pasted like a block, text and all */
  orr_canvas_unselect_all (orr_window_get_canvas (f->window));
  orr_canvas_select_block (orr_window_get_canvas (f->window), note, FALSE);
  activate (f, "duplicate", NULL);
  {
    OrrDiagram *root = orr_model_get_root (model);
    guint n_notes = 0;

    for (guint i = 0; i < root->blocks->len; i++)
      if (orr_block_is_annotation (root->blocks->pdata[i]))
        {
          n_notes++;
          g_assert_cmpstr (orr_block_get_param (root->blocks->pdata[i], ORR_ANNOTATION_TEXT), ==,
                           orr_block_get_param (note, ORR_ANNOTATION_TEXT));
        }
    g_assert_cmpuint (n_notes, ==, 2);
  }
  g_assert_true (orr_model_undo (model));

  /* deleted like a block */
  orr_canvas_unselect_all (orr_window_get_canvas (f->window));
  orr_canvas_select_block (orr_window_get_canvas (f->window), note, FALSE);
  activate (f, "delete", NULL);
  g_assert_null (find_annotation (model));
  g_remove (saved);
}

int
main (int argc, char *argv[])
{
  g_autoptr (OrrApplication) app = NULL;

  /* A GUI test: skipped (77) without a display or a session bus. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL || !gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  app = app_test_application_new ();

  g_test_add ("/window/history-and-title", Fixture, app, fixture_set_up, test_history_and_title,
              fixture_tear_down);
  g_test_add ("/window/primary-menu", Fixture, app, fixture_set_up, test_primary_menu,
              fixture_tear_down);
  g_test_add ("/window/close-asks", Fixture, app, fixture_set_up, test_close_asks,
              fixture_tear_down);
  g_test_add ("/window/copy-paste", Fixture, app, fixture_set_up, test_copy_paste,
              fixture_tear_down);
  g_test_add ("/window/recent", Fixture, app, fixture_set_up, test_recent, fixture_tear_down);
  g_test_add ("/window/drop", Fixture, app, fixture_set_up, test_drop, fixture_tear_down);
  g_test_add ("/window/about", Fixture, app, fixture_set_up, test_about, fixture_tear_down);
  g_test_add ("/window/failure-isolated", Fixture, app, fixture_set_up, test_failure_isolated,
              fixture_tear_down);
  g_test_add ("/window/examples", Fixture, app, fixture_set_up, test_examples, fixture_tear_down);
  g_test_add ("/window/quick-insert", Fixture, app, fixture_set_up, test_quick_insert,
              fixture_tear_down);
  g_test_add ("/window/display-on-canvas", Fixture, app, fixture_set_up, test_display_on_canvas,
              fixture_tear_down);
  g_test_add ("/window/quick-insert-library", Fixture, app, fixture_set_up,
              test_quick_insert_library, fixture_tear_down);
  g_test_add ("/window/export", Fixture, app, fixture_set_up, test_export, fixture_tear_down);
  g_test_add ("/window/print", Fixture, app, fixture_set_up, test_print, fixture_tear_down);
  g_test_add ("/window/align-distribute", Fixture, app, fixture_set_up, test_align_distribute,
              fixture_tear_down);
  g_test_add ("/window/shortcuts-window", Fixture, app, fixture_set_up, test_shortcuts_window,
              fixture_tear_down);
  g_test_add ("/window/add-text", Fixture, app, fixture_set_up, test_add_text, fixture_tear_down);
  g_test_add ("/window/add-text-cancelled", Fixture, app, fixture_set_up, test_add_text_cancelled,
              fixture_tear_down);
  g_test_add ("/window/block-help", Fixture, app, fixture_set_up, test_block_help,
              fixture_tear_down);
  return g_test_run ();
}
