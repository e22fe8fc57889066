/* test-accessibility.c: what assistive technologies learn from the editor.
 * Walks the widget trees of a real window (after a run, so the scopes pane
 * is up) and of the dialogs it opens, and requires a name for every
 * control a screen reader cannot name from a visible text: icon-only
 * buttons, toggles and menu buttons, entries, lists, the palette tree, the
 * scopes and the canvas. Then selects blocks of the bouncing ball and
 * reads the canvas's description: the selected block's name and type, a
 * count, or nothing. Needs a display and a session bus
 * (xvfb-run ... dbus-run-session). */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-window.h"

#include <gtk/gtk.h>
#include <string.h>

typedef struct
{
  OrrApplication *app;
  OrrWindow *window;
} Fixture;

/* The example itself: the tests change the model but never save it. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *example
    = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (example);

  f->app = g_object_ref (ORR_APPLICATION ((gpointer)data));
  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_assert_nonnull (f->window);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_spin (200);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  app_test_close_window (&f->window);
  g_clear_object (&f->app);
}

/* ---- walking the widget tree ------------------------------------------------------ */

typedef struct
{
  GString *unnamed; /* one line per control without a name */
  guint n_named;    /* controls that needed a name and have one */
  guint n_lists;
  guint n_entries;
} Walk;

/* A label the user sees inside a control (a button's text, a model
 * button's), when the control is shown. */
static gboolean
shows_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return *gtk_label_get_text (GTK_LABEL (widget)) != '\0';
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && !GTK_IS_POPOVER (child) && shows_text (child))
      return TRUE;
  return FALSE;
}

/* GTK 4.8 says a button is labelled by its child, an icon included: that
 * names nothing, unless the child is a text. */
static gboolean
labelled_by_own_icon (GtkWidget *widget)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);
  g_autofree char *other = NULL;

  if (child == NULL || shows_text (widget))
    return FALSE;
  /* check_relation answers NULL when the relation is the one given */
  other = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (widget),
                                              GTK_ACCESSIBLE_RELATION_LABELLED_BY, child, NULL);
  return other == NULL;
}

/* A non-empty accessible label, or a relation to a widget that labels it. */
static gboolean
has_name (GtkWidget *widget)
{
  g_autofree char *empty = NULL;

  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      empty = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "");
      if (empty != NULL)
        return TRUE;
    }
  return gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                           GTK_ACCESSIBLE_RELATION_LABELLED_BY)
         && !labelled_by_own_icon (widget);
}

static gboolean
is_button_like (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget)
         || GTK_IS_SWITCH (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_SCALE_BUTTON (widget);
}

static gboolean
is_entry (GtkWidget *widget)
{
  return GTK_IS_ENTRY (widget) || GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_SPIN_BUTTON (widget)
         || GTK_IS_PASSWORD_ENTRY (widget) || GTK_IS_TEXT_VIEW (widget);
}

static gboolean
is_list (GtkWidget *widget)
{
  return GTK_IS_LIST_VIEW (widget) || GTK_IS_LIST_BOX (widget) || GTK_IS_GRID_VIEW (widget)
         || GTK_IS_COLUMN_VIEW (widget);
}

static void
require_name (Walk *walk, GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (has_name (widget))
    {
      walk->n_named++;
      return;
    }
  g_string_append_printf (walk->unnamed, "  %s (tooltip “%s”) in", G_OBJECT_TYPE_NAME (widget),
                          tooltip != NULL ? tooltip : "");
  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL; w = gtk_widget_get_parent (w))
    g_string_append_printf (walk->unnamed, " %s", G_OBJECT_TYPE_NAME (w));
  g_string_append_c (walk->unnamed, '\n');
}

static void
walk_tree (Walk *walk, GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);
  gboolean inside_control = FALSE;

  /* what is shown: hidden widgets include GTK's own spares (GtkInfoBar's
   * unused close button); the test shows the problems beforehand */
  if (!gtk_widget_get_visible (widget))
    return;
  /* parts of a control (a menu button's inner toggle, a drop down's list)
   * are the control's business: the control itself is checked */
  if (parent != NULL
      && (GTK_IS_MENU_BUTTON (parent) || GTK_IS_DROP_DOWN (parent) || is_entry (parent)))
    inside_control = !GTK_IS_POPOVER (widget);

  if (!inside_control)
    {
      if (is_button_like (widget) && !shows_text (widget))
        require_name (walk, widget);
      else if (is_entry (widget))
        {
          walk->n_entries++;
          require_name (walk, widget);
        }
      else if (is_list (widget))
        {
          walk->n_lists++;
          require_name (walk, widget);
        }
    }
  if (inside_control || GTK_IS_DROP_DOWN (widget))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk_tree (walk, child);
}

/* Walks root; answers the lines of its unnamed controls ("" for none). */
static char *
find_unnamed (GtkWidget *root, Walk *walk)
{
  walk->unnamed = g_string_new (NULL);
  walk_tree (walk, root);
  return g_string_free (walk->unnamed, FALSE);
}

/* Fails with the list of unnamed controls; answers how many were named. */
static guint
assert_all_named (GtkWidget *root, guint *n_lists, guint *n_entries)
{
  Walk walk = { 0 };
  g_autofree char *unnamed = find_unnamed (root, &walk);

  if (*unnamed != '\0')
    g_error ("controls in %s without an accessible name:\n%s", G_OBJECT_TYPE_NAME (root), unnamed);
  if (n_lists != NULL)
    *n_lists = walk.n_lists;
  if (n_entries != NULL)
    *n_entries = walk.n_entries;
  return walk.n_named;
}

/* The walk itself, on controls made here: it finds the unnamed ones and
 * only those. */
static void
test_walk_finds_unnamed (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *icon = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  GtkWidget *named_icon = gtk_button_new_from_icon_name ("edit-redo-symbolic");
  GtkWidget *hidden_icon = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  GtkWidget *toggle = gtk_toggle_button_new ();
  GtkWidget *text = gtk_button_new_with_label ("Run");
  GtkWidget *label = gtk_label_new ("Gain");
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *labelled_entry = gtk_entry_new ();
  GtkWidget *menu = gtk_menu_button_new ();
  GtkWidget *list = gtk_list_box_new ();
  Walk walk = { 0 };
  g_autofree char *unnamed = NULL;

  g_object_ref_sink (box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (named_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "Redo", -1);
  gtk_widget_set_visible (hidden_icon, FALSE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (labelled_entry),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "open-menu-symbolic");
  for (GtkWidget **w = (GtkWidget *[]){ icon, named_icon, hidden_icon, toggle, text, label, entry,
                                        labelled_entry, menu, list, NULL };
       *w != NULL; w++)
    gtk_box_append (GTK_BOX (box), *w);

  unnamed = find_unnamed (box, &walk);
  /* the icon button, the empty toggle, the bare entry, the menu button
   * and the list; not the named icon, the hidden one, the text button, the
   * labelled entry nor the menu button's inner toggle */
  g_test_message ("unnamed:\n%s", unnamed);
  g_assert_cmpuint (walk.n_named, ==, 2);
  g_assert_nonnull (strstr (unnamed, "  GtkButton "));
  g_assert_nonnull (strstr (unnamed, "  GtkToggleButton "));
  g_assert_nonnull (strstr (unnamed, "  GtkEntry "));
  g_assert_nonnull (strstr (unnamed, "  GtkMenuButton "));
  g_assert_nonnull (strstr (unnamed, "  GtkListBox "));
  {
    guint lines = 0;

    for (const char *c = unnamed; *c != '\0'; c++)
      lines += *c == '\n';
    g_assert_cmpuint (lines, ==, 5);
  }
  g_object_unref (box);
}

static GtkWindow *
find_dialog (OrrWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window)
          && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }
  return NULL;
}

static GtkWindow *
wait_for_dialog (OrrWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  GtkWindow *dialog;

  while ((dialog = find_dialog (window)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (dialog);
  app_test_spin (100);
  return dialog;
}

static void
activate (OrrWindow *window, const char *action, GVariant *parameter)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), action));
  g_action_group_activate_action (G_ACTION_GROUP (window), action, parameter);
}

static void
run_to_the_end (OrrWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  activate (window, "run", NULL);
  for (;;)
    {
      g_autoptr (GVariant) state
        = g_action_group_get_action_state (G_ACTION_GROUP (window), "run-state");

      if (g_str_equal (g_variant_get_string (state, NULL), "finished"))
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
    }
  app_test_spin (200);
}

/* Icon buttons of the header bar, their names as the window gives them. */
static const struct
{
  const char *action;
  const char *name;
} header_buttons[] = {
  { "app.open", "Open a Model" }, { "app.new", "New Model" },
  { "win.undo", "Undo" },         { "win.redo", "Redo" },
  { "win.run", "Run the Model" }, { "win.pause", "Pause or Continue" },
  { "win.stop", "Stop" },         { "win.save", "Save" },
  { "win.zoom-out", "Zoom Out" }, { "win.zoom-fit", "Fit the Diagram" },
  { "win.zoom-in", "Zoom In" },
};

typedef gboolean (*Match) (GtkWidget *widget, const char *key);

/* The first widget below root (root included) that matches key, outside
 * popovers: the window's own, not its menus'. */
static GtkWidget *
find_widget (GtkWidget *root, Match match, const char *key)
{
  if (GTK_IS_POPOVER (root))
    return NULL;
  if (match (root, key))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, key);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_button_for (GtkWidget *widget, const char *action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
has_css_name (GtkWidget *widget, const char *name)
{
  return g_str_equal (gtk_widget_get_css_name (widget), name);
}

static gboolean
has_css_class (GtkWidget *widget, const char *name)
{
  return gtk_widget_has_css_class (widget, name);
}

static void
test_window_names (Fixture *f, gconstpointer data)
{
  GtkWindow *dialog;
  GtkWidget *problems;
  guint n_named, n_lists = 0, n_entries = 0;

  run_to_the_end (f->window);
  /* a Gain fed by itself, an algebraic loop: the check shows the problems
   * list and the message bar above the canvas */
  activate (f->window, "insert-block", g_variant_new ("(sdd)", "Gain", 520.0, 260.0));
  {
    g_autoptr (GVariant) selected
      = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "select-block");
    const char *gain = g_variant_get_string (selected, NULL);

    g_assert_cmpstr (gain, !=, "");
    activate (f->window, "connect", g_variant_new ("(sisi)", gain, 1, gain, 1));
  }
  activate (f->window, "check", NULL);
  app_test_spin (300);
  problems = find_widget (GTK_WIDGET (f->window), has_css_class, "orr-problems");
  g_assert_nonnull (problems);
  g_assert_true (gtk_widget_get_mapped (problems));
  gtk_test_accessible_assert_property (problems, GTK_ACCESSIBLE_PROPERTY_LABEL, "Problems");
  app_test_keep_picture (GTK_WINDOW (f->window), "accessibility-window");

  /* the header bar's icon buttons say what they do, in words */
  for (guint i = 0; i < G_N_ELEMENTS (header_buttons); i++)
    {
      GtkWidget *button
        = find_widget (GTK_WIDGET (f->window), is_button_for, header_buttons[i].action);

      g_assert_nonnull (button);
      /* GTK 4.8 has no toggle-button role: a toggle is a button with a
       * pressed state */
      g_assert_true (
        gtk_test_accessible_has_role (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_ROLE_BUTTON));
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           header_buttons[i].name);
    }

  /* every control of the window, scopes included: 11 header buttons, the
   * main menu, the scope's reset and export buttons, the palette's search;
   * lists: the palette tree and the problems list */
  n_named = assert_all_named (GTK_WIDGET (f->window), &n_lists, &n_entries);
  g_assert_cmpuint (n_named, >=, G_N_ELEMENTS (header_buttons) + 1 + 2 + 1 + 2);
  g_assert_cmpuint (n_lists, >=, 2);
  g_assert_cmpuint (n_entries, >=, 1);

  /* the block dialog of the Restitution gain */
  activate (f->window, "select-block", g_variant_new_string ("b5"));
  activate (f->window, "block-parameters", NULL);
  dialog = wait_for_dialog (f->window);
  n_entries = 0;
  assert_all_named (GTK_WIDGET (dialog), NULL, &n_entries);
  /* the name and the gain */
  g_assert_cmpuint (n_entries, >=, 2);
  gtk_window_destroy (dialog);
  app_test_spin (100);

  /* the simulation settings */
  activate (f->window, "model-settings", NULL);
  dialog = wait_for_dialog (f->window);
  n_entries = 0;
  assert_all_named (GTK_WIDGET (dialog), NULL, &n_entries);
  g_assert_cmpuint (n_entries, >=, 3);
  gtk_window_destroy (dialog);
  app_test_spin (100);
}

static void
test_scopes_pane (Fixture *f, gconstpointer data)
{
  GtkWidget *pane, *scope;

  run_to_the_end (f->window);
  pane = find_widget (GTK_WIDGET (f->window), has_css_name, "scopes");
  g_assert_nonnull (pane);
  g_assert_true (gtk_widget_get_mapped (pane));
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (pane), GTK_ACCESSIBLE_ROLE_GROUP));
  gtk_test_accessible_assert_property (pane, GTK_ACCESSIBLE_PROPERTY_LABEL, "Scopes");

  /* the ball's one scope: a picture named after its Scope block's label */
  scope = find_widget (pane, has_css_name, "scope");
  g_assert_nonnull (scope);
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (scope), GTK_ACCESSIBLE_ROLE_IMG));
  gtk_test_accessible_assert_property (scope, GTK_ACCESSIBLE_PROPERTY_LABEL, "Height and speed");
}

static void
assert_canvas_says (OrrCanvas *canvas, const char *expected)
{
  app_test_spin (20);
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
}

static void
test_canvas_selection (Fixture *f, gconstpointer data)
{
  OrrCanvas *canvas = orr_window_get_canvas (f->window);

  /* a drawing surface holding items: a group, named */
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (canvas), GTK_ACCESSIBLE_ROLE_GROUP));
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_LABEL, "Diagram");
  assert_canvas_says (canvas, "Nothing selected");

  /* names and types as bouncing-ball.orr spells them */
  activate (f->window, "select-block", g_variant_new_string ("b5"));
  assert_canvas_says (canvas, "Selected: Restitution (Gain)");
  activate (f->window, "select-block", g_variant_new_string ("b3"));
  assert_canvas_says (canvas, "Selected: Height (Integrator)");
  activate (f->window, "select-block", g_variant_new_string ("b3,b5"));
  assert_canvas_says (canvas, "2 blocks selected");
  activate (f->window, "select-all", NULL);
  /* the file has six blocks */
  assert_canvas_says (canvas, "6 blocks selected");
  activate (f->window, "select-block", g_variant_new_string (""));
  assert_canvas_says (canvas, "Nothing selected");
}

int
main (int argc, char *argv[])
{
  g_autoptr (OrrApplication) app = NULL;

  /* The app tests turn accessibility off (GTK_A11Y=none: no AT-SPI bus
   * under Xvfb), which leaves widgets without the contexts this test
   * reads; GTK's test backend keeps them, with no bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  /* A GUI test: skipped (77) without a display or a session bus. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL || !gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  app = app_test_application_new ();

  g_test_add_func ("/accessibility/walk-finds-unnamed", test_walk_finds_unnamed);
  g_test_add ("/accessibility/window-names", Fixture, app, fixture_set_up, test_window_names,
              fixture_tear_down);
  g_test_add ("/accessibility/scopes-pane", Fixture, app, fixture_set_up, test_scopes_pane,
              fixture_tear_down);
  g_test_add ("/accessibility/canvas-selection", Fixture, app, fixture_set_up,
              test_canvas_selection, fixture_tear_down);
  return g_test_run ();
}
