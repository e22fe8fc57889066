/* test-quick-insert.c: the canvas's quick-insert popover. What it lists
 * for a few words typed (the block named so first, then the blocks whose
 * name or label starts with it, before those that only mention it in
 * their description), every block when nothing is typed, library items
 * through their keywords, and the keys: Up and Down move the selection,
 * Enter inserts the selected block, Escape closes. The expectations come
 * from the blocks' own strings (the palettes' sources) read by hand or compared
 * here with a rule written out again, never from the popover. Needs a
 * display and a session bus (xvfb-run ... dbus-run-session). */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-quick-insert.h"
#include "orr-window.h"

#include <string.h>

typedef struct
{
  OrrApplication *app;
  OrrRegistry *registry; /* the application's */
  OrrWindow *window;     /* for the tests that pop up */
  OrrQuickInsert *popover;
  char *chosen;
  guint n_chosen;
} Fixture;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
remember_chosen (OrrQuickInsert *popover, const char *name, Fixture *f)
{
  g_free (f->chosen);
  f->chosen = g_strdup (name);
  f->n_chosen++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->app = g_object_ref (ORR_APPLICATION ((gpointer)data));
  f->registry = orr_application_get_registry (f->app);
  f->popover = g_object_ref_sink (ORR_QUICK_INSERT (orr_quick_insert_new (f->registry)));
  g_signal_connect (f->popover, "block-chosen", G_CALLBACK (remember_chosen), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->popover);
  app_test_close_window (&f->window);
  spin (50);
  g_clear_object (&f->app);
  g_free (f->chosen);
}

/* A window on the bouncing ball example, for the popover to open on. */
static OrrCanvas *
open_window (Fixture *f)
{
  g_autofree char *example
    = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (example);

  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_assert_nonnull (f->window);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (f->window));
  spin (200);
  return orr_window_get_canvas (f->window);
}

/* ---- helpers -------------------------------------------------------------------- */

static char **
matches (Fixture *f, const char *text)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  guint n;

  orr_quick_insert_set_text (f->popover, text);
  n = orr_quick_insert_get_n_matches (f->popover);
  for (guint i = 0; i < n; i++)
    g_strv_builder_add (names, orr_quick_insert_get_match_name (f->popover, i));
  g_assert_null (orr_quick_insert_get_match_name (f->popover, n));
  return g_strv_builder_end (names);
}

static int
position_of (char **names, const char *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return (int)i;
  return -1;
}

static char *
fold (const char *text)
{
  return g_utf8_casefold (text != NULL ? text : "", -1);
}

/* The coarse order the list must keep, written out again: 3 the name or
 * label is the word, 2 starts with it, 1 holds it, 0 anything else (the
 * description, the palette, a loose match). */
static int
coarse_class (const OrrBlockClass *klass, const char *word)
{
  g_autofree char *name = fold (klass->name);
  g_autofree char *label = fold (klass->label);

  if (g_str_equal (name, word) || g_str_equal (label, word))
    return 3;
  if (g_str_has_prefix (name, word) || g_str_has_prefix (label, word))
    return 2;
  if (strstr (name, word) != NULL || strstr (label, word) != NULL)
    return 1;
  return 0;
}

/* For a one-word query: every block whose name, label or description holds
 * it is listed, and the list never goes up in coarse class. */
static char **
check_ranking (Fixture *f, const char *word)
{
  char **names = matches (f, word);
  g_autofree char *folded = fold (word);
  guint n = orr_registry_get_n_classes (f->registry);
  int previous = 3;

  for (guint i = 0; i < n; i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (f->registry, i);
      g_autofree char *text = g_strjoin ("\n", klass->name, klass->label ? klass->label : "",
                                         klass->description ? klass->description : "", NULL);
      g_autofree char *haystack = fold (text);

      if (strstr (haystack, folded) != NULL && position_of (names, klass->name) < 0)
        g_error ("“%s”: %s holds it but is not listed", word, klass->name);
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      int c = coarse_class (orr_registry_lookup (f->registry, names[i]), folded);

      if (c > previous)
        g_error ("“%s”: %s (class %d) after a match of class %d", word, names[i], c, previous);
      previous = c;
    }
  return names;
}

/* ---- ranking -------------------------------------------------------------------- */

static void
test_ranking (Fixture *f, gconstpointer data)
{
  g_auto (GStrv) ints = check_ranking (f, "int");
  g_auto (GStrv) gains = check_ranking (f, "gain");
  g_auto (GStrv) sums = check_ranking (f, "Sum");
  g_auto (GStrv) zeros = check_ranking (f, "zero");
  g_auto (GStrv) scopes = check_ranking (f, "scope");
  g_auto (GStrv) tfs = NULL;
  const char *crossings[] = { "ZeroCross", "ZeroCrossUp", "ZeroCrossDown" };

  /* "int": Integrator starts with it, DiscreteIntegrator has a word that
   * does; others only contain it or mention it ("Interpolates"). */
  g_assert_cmpuint (g_strv_length (ints), >, 2);
  g_assert_cmpstr (ints[0], ==, "Integrator");
  g_assert_cmpstr (ints[1], ==, "DiscreteIntegrator");
  g_assert_cmpint (position_of (ints, "LookupTable"), >, 1); /* "Interpolates ..." */
  /* a description word that starts with it ("integer") before one that
   * holds it inside ("points") */
  g_assert_cmpint (position_of (ints, "Rounding"), >, 1);
  g_assert_cmpint (position_of (ints, "Rounding"), <, position_of (ints, "Derivative"));

  /* The block named so first, even where others mention the word. */
  g_assert_cmpuint (g_strv_length (gains), >, 1);
  g_assert_cmpstr (gains[0], ==, "Gain");
  g_assert_cmpstr (sums[0], ==, "Sum");
  g_assert_cmpstr (scopes[0], ==, "Scope");
  /* then the other scopes, whose names end in a word "Scope" */
  g_assert_true (g_str_equal (scopes[1], "EventScope") || g_str_equal (scopes[1], "XYScope"));
  g_assert_true (g_str_equal (scopes[2], "EventScope") || g_str_equal (scopes[2], "XYScope"));
  g_assert_cmpstr (scopes[1], !=, scopes[2]);

  /* "zero": no block is called that; the three zero crossings start with
   * it, and DeadZone only says it in its description, so comes later. */
  for (guint i = 0; i < G_N_ELEMENTS (crossings); i++)
    g_assert_cmpint (position_of (zeros, crossings[i]), <, 3);
  g_assert_cmpint (position_of (zeros, "DeadZone"), >=, 3);

  /* Initials: "tf" is TransferFunction, whose name holds no "tf". */
  tfs = matches (f, "tf");
  g_assert_nonnull (tfs[0]);
  g_assert_cmpstr (tfs[0], ==, "TransferFunction");

  /* Nothing matches: nothing listed, nothing selected. */
  orr_quick_insert_set_text (f->popover, "zzqqx");
  g_assert_cmpuint (orr_quick_insert_get_n_matches (f->popover), ==, 0);
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, GTK_INVALID_LIST_POSITION);
  g_assert_false (orr_quick_insert_activate (f->popover));
  g_assert_cmpuint (f->n_chosen, ==, 0);
}

/* A word that only one block's description holds finds that block. */
static void
test_description (Fixture *f, gconstpointer data)
{
  const char *word = "bilinearly";
  const OrrBlockClass *holder = NULL;
  guint n = orr_registry_get_n_classes (f->registry);
  g_auto (GStrv) names = NULL;

  /* the premise, checked rather than assumed */
  for (guint i = 0; i < n; i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (f->registry, i);
      g_autofree char *description = fold (klass->description);

      g_assert_null (strstr (klass->name, word));
      if (strstr (description, word) != NULL)
        {
          g_assert_null (holder);
          holder = klass;
        }
    }
  g_assert_nonnull (holder);
  g_assert_cmpstr (holder->name, ==, "LookupTable2D");

  names = matches (f, "Bilinearly");
  g_assert_cmpuint (g_strv_length (names), ==, 1);
  g_assert_cmpstr (names[0], ==, holder->name);
}

static int
compare_labels (gconstpointer a, gconstpointer b, gpointer user_data)
{
  OrrRegistry *registry = user_data;
  const OrrBlockClass *x = orr_registry_lookup (registry, *(const char *const *)a);
  const OrrBlockClass *y = orr_registry_lookup (registry, *(const char *const *)b);
  g_autofree char *lx = fold (x->label ? x->label : x->name);
  g_autofree char *ly = fold (y->label ? y->label : y->name);

  return g_utf8_collate (lx, ly);
}

/* Nothing typed: every block, by label alphabetically. */
static void
test_empty_lists_all (Fixture *f, gconstpointer data)
{
  g_auto (GStrv) names = matches (f, "");
  guint n = orr_registry_get_n_classes (f->registry);
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (expected, (gpointer)orr_registry_get_class (f->registry, i)->name);
  g_ptr_array_sort_with_data (expected, compare_labels, f->registry);
  g_ptr_array_add (expected, NULL);

  g_assert_cmpuint (g_strv_length (names), ==, n);
  g_assert_cmpstrv (names, (char **)expected->pdata);
  /* spaces only: the same */
  {
    g_auto (GStrv) blank = matches (f, "   ");
    g_assert_cmpstrv (blank, (char **)expected->pdata);
  }
}

/* Library blocks come in as OrrQuickInsertItem and are found by their
 * label, their keywords and their library's name. */
static void
test_extra_items (Fixture *f, gconstpointer data)
{
  g_autoptr (GListStore) items = g_list_store_new (ORR_TYPE_QUICK_INSERT_ITEM);
  const char *keywords[] = { "thermal", "HVAC", NULL };
  g_autoptr (OrrQuickInsertItem) heater = orr_quick_insert_item_new (
    "plant.Heater", "Room heater", "A room losing heat through its walls.", keywords,
    "Building library", "Q");
  g_auto (GStrv) by_label = NULL;
  g_auto (GStrv) by_keyword = NULL;
  g_auto (GStrv) by_source = NULL;
  g_auto (GStrv) after_removal = NULL;

  orr_quick_insert_set_extra_items (f->popover, G_LIST_MODEL (items));
  g_list_store_append (items, heater);

  orr_quick_insert_set_text (f->popover, "heater");
  g_assert_cmpuint (orr_quick_insert_get_n_matches (f->popover), ==, 1);
  by_label = matches (f, "room heat");
  g_assert_cmpstr (by_label[0], ==, "plant.Heater");
  by_keyword = matches (f, "hvac");
  g_assert_cmpstrv (by_keyword, ((const char *[]){ "plant.Heater", NULL }));
  by_source = matches (f, "building");
  g_assert_cmpstrv (by_source, ((const char *[]){ "plant.Heater", NULL }));

  /* the popover follows the model */
  g_list_store_remove_all (items);
  after_removal = matches (f, "hvac");
  g_assert_cmpuint (g_strv_length (after_removal), ==, 0);
  orr_quick_insert_set_extra_items (f->popover, NULL);
}

/* ---- keys --------------------------------------------------------------------------- */

/* What a key press does, through the popover's own key controller. */
static gboolean
press (Fixture *f, guint keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->popover));
  gboolean handled = FALSE;
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      /* the capture phase's: before the entry, which has the focus (the
       * search entry's key capture adds one in the bubble phase) */
      if (!GTK_IS_EVENT_CONTROLLER_KEY (controller)
          || gtk_event_controller_get_propagation_phase (controller) != GTK_PHASE_CAPTURE)
        continue;
      g_assert_false (found);
      g_signal_emit_by_name (controller, "key-pressed", keyval, 0u, (GdkModifierType)0, &handled);
      found = TRUE;
    }
  g_assert_true (found);
  return handled;
}

static GtkWidget *
entry_text (Fixture *f)
{
  GtkWidget *box = gtk_popover_get_child (GTK_POPOVER (f->popover));
  GtkWidget *entry = gtk_widget_get_first_child (box);

  g_assert_true (GTK_IS_SEARCH_ENTRY (entry));
  return GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (entry)));
}

static void
test_keys (Fixture *f, gconstpointer data)
{
  OrrCanvas *canvas = open_window (f);
  guint n;
  double x, y;

  orr_quick_insert_popup_at (f->popover, GTK_WIDGET (canvas), 300, 200, "i");
  spin (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->popover)));
  g_assert_true (gtk_widget_get_parent (GTK_WIDGET (f->popover)) == GTK_WIDGET (canvas));
  orr_quick_insert_get_point (f->popover, &x, &y);
  g_assert_cmpfloat (x, ==, 300);
  g_assert_cmpfloat (y, ==, 200);
  /* the typed letter stays, not selected: the next one adds to it */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_text (f))), ==, "i");
  g_assert_false (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry_text (f)), NULL, NULL));
  g_assert_cmpint (gtk_editable_get_position (GTK_EDITABLE (entry_text (f))), ==, 1);

  orr_quick_insert_set_text (f->popover, "int");
  n = orr_quick_insert_get_n_matches (f->popover);
  g_assert_cmpuint (n, >, 2);
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, 0);

  g_assert_true (press (f, GDK_KEY_Down));
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, 1);
  g_assert_true (press (f, GDK_KEY_Down));
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, 2);
  g_assert_true (press (f, GDK_KEY_Up));
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, 1);
  /* stops at the ends */
  press (f, GDK_KEY_Up);
  press (f, GDK_KEY_Up);
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, 0);
  for (guint i = 0; i < n + 3; i++)
    press (f, GDK_KEY_Down);
  g_assert_cmpuint (orr_quick_insert_get_selected (f->popover), ==, n - 1);
  /* letters are the entry's */
  g_assert_false (press (f, GDK_KEY_a));

  /* Typing again selects the best match; Enter inserts the selected one
   * (DiscreteIntegrator, the second for "int") and closes. */
  orr_quick_insert_set_text (f->popover, "int");
  press (f, GDK_KEY_Down);
  g_assert_true (press (f, GDK_KEY_Return));
  g_assert_cmpuint (f->n_chosen, ==, 1);
  g_assert_cmpstr (f->chosen, ==, "DiscreteIntegrator");
  spin (100);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->popover)));

  /* Escape closes without choosing. */
  orr_quick_insert_popup_at (f->popover, GTK_WIDGET (canvas), 100, 100, "gain");
  spin (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->popover)));
  g_assert_cmpstr (orr_quick_insert_get_match_name (f->popover, 0), ==, "Gain");
  g_assert_true (press (f, GDK_KEY_Escape));
  spin (100);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->popover)));
  g_assert_cmpuint (f->n_chosen, ==, 1);

  /* A click on a row (the list's activation) inserts that row's block. */
  orr_quick_insert_popup_at (f->popover, GTK_WIDGET (canvas), 100, 100, "scope");
  spin (100);
  {
    GtkWidget *box = gtk_popover_get_child (GTK_POPOVER (f->popover));
    GtkWidget *scrolled = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
    GtkWidget *list = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));

    g_assert_true (GTK_IS_LIST_VIEW (list));
    g_signal_emit_by_name (list, "activate", 2u);
  }
  g_assert_cmpuint (f->n_chosen, ==, 2);
  g_assert_cmpstr (f->chosen, ==, orr_quick_insert_get_match_name (f->popover, 2));
}

/* ---- a picture ---------------------------------------------------------------------- */

/* The window with the popover over it, as one sees it: the popover is a
 * surface of its own, so it is drawn at its place over the window's
 * picture. */
static void
keep_picture_with_popover (GtkWidget *window, GtkWidget *popover, const char *name)
{
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  double wx, wy, px, py;
  int popup_x, popup_y;
  g_autoptr (GdkPaintable) window_paint = gtk_widget_paintable_new (window);
  g_autoptr (GdkPaintable) popover_paint = gtk_widget_paintable_new (popover);
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (popover));

  if (outdir == NULL)
    return;
  g_assert_true (GDK_IS_POPUP (surface));
  /* surface positions are relative to the parent surface, which has the
   * window's shadow around its widget */
  popup_x = gdk_popup_get_position_x (GDK_POPUP (surface));
  popup_y = gdk_popup_get_position_y (GDK_POPUP (surface));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &wx, &wy);
  gtk_native_get_surface_transform (GTK_NATIVE (popover), &px, &py);

  gdk_paintable_snapshot (window_paint, snapshot, width, height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (popup_x - wx + px, popup_y - wy + py));
  gdk_paintable_snapshot (popover_paint, snapshot, gtk_widget_get_width (popover),
                          gtk_widget_get_height (popover));
  gtk_snapshot_restore (snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (outdir, file, NULL);
  gdk_texture_save_to_png (texture, path);
}

static void
test_picture (Fixture *f, gconstpointer data)
{
  OrrCanvas *canvas = open_window (f);

  orr_quick_insert_popup_at (f->popover, GTK_WIDGET (canvas), 260, 180, "int");
  app_test_keep_picture_of (GTK_WIDGET (f->popover), "quick-insert-int");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->popover)));
  press (f, GDK_KEY_Down);
  spin (100);
  keep_picture_with_popover (GTK_WIDGET (f->window), GTK_WIDGET (f->popover),
                             "quick-insert-window");
  /* Closed before the window: under Xvfb, a window destroyed a moment
   * after a picture of it was rendered with the popover open leaves a GTK
   * timeout that reads the popover's gone surface (seen with GTK 4.8.3). */
  gtk_popover_popdown (GTK_POPOVER (f->popover));
  spin (200);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->popover)));
  /* Closing the window destroys the canvas, the popover's parent: the
   * popover lets go of it and lives on with its owner. */
  orr_window_close_confirmed (f->window);
  spin (100);
  g_assert_null (f->window);
  g_assert_null (gtk_widget_get_parent (GTK_WIDGET (f->popover)));
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

  g_test_add ("/quick-insert/ranking", Fixture, app, fixture_set_up, test_ranking,
              fixture_tear_down);
  g_test_add ("/quick-insert/description", Fixture, app, fixture_set_up, test_description,
              fixture_tear_down);
  g_test_add ("/quick-insert/empty-lists-all", Fixture, app, fixture_set_up, test_empty_lists_all,
              fixture_tear_down);
  g_test_add ("/quick-insert/extra-items", Fixture, app, fixture_set_up, test_extra_items,
              fixture_tear_down);
  g_test_add ("/quick-insert/keys", Fixture, app, fixture_set_up, test_keys, fixture_tear_down);
  g_test_add ("/quick-insert/picture", Fixture, app, fixture_set_up, test_picture,
              fixture_tear_down);
  return g_test_run ();
}
