/* test-library-story.c: issue 8's "Done when", in the editor, in the
 * test's own process. A user creates the library "Mechanics" in the
 * library manager, saves a masked Ball super block into it from a model,
 * places the Ball from the palette browser into two models A (double
 * click) and B (dropped on the canvas, centred where it fell), releases
 * the library and makes version 1.1 in which the Ball gains a
 * restitution parameter e (default 0.8; 1.0 bounces with a fixed 0.5),
 * updates the Ball of model A only (win.update-from-library), saves both
 * models, reopens them, and runs both with orrery-sim.
 *
 * Each run is checked against the bouncing ball worked out by hand: a
 * ball dropped from h0 = 10 m under g = 9.81 m/s^2 first hits the ground
 * at t1 = sqrt(2 h0 / g) with speed g t1, leaves it with e times that
 * speed, and hits it again at t2 = t1 (1 + 2 e). So A must bounce with
 * e = 0.8 (t2 = 2.6 t1) and B with e = 0.5 (t2 = 2 t1). Tolerances: 1e-6
 * s on t1, 1e-6 on the speed ratio, 1e-5 s on t2 (rtol 1e-8, events
 * located to 1e-10). Last, with the library folders deleted, B still
 * runs from the copy stored in it, with orrery-sim's warning.
 *
 * The Ball's two versions and the models are written out here by hand.
 * Needs a display and a session bus (xvfb-run ... dbus-run-session). */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-library-manager.h"
#include "orr-palette-browser.h"
#include "orr-quick-insert.h"
#include "orr-window.h"

#include <glib/gstdio.h>
#include <math.h>
#include <orr-canvas.h>
#include <orrery/orr-io.h>
#include <string.h>
#include <sys/wait.h>

#define H0 10.0
#define G 9.81

/* The Ball inside: gravity -g integrated twice; at each downward zero
 * crossing of the height the velocity is reset to -e times itself.
 * Outputs: 1 height, 2 velocity. RESTITUTION is the gain's expression,
 * MASK_E the mask's extra parameter. */
/* clang-format off */
#define BALL(DESCRIPTION, MASK_E, RESTITUTION)                                                     \
  "    <block id=\"ball\" type=\"SuperBlock\" x=\"100\" y=\"100\" width=\"60\" height=\"60\">\n"   \
  "      <label>Ball</label>\n"                                                                    \
  "      <ports out=\"2\"/>\n"                                                                     \
  "      <mask icon-text=\"ball\">\n"                                                              \
  "        <description>" DESCRIPTION "</description>\n"                                           \
  "        <param name=\"h0\" label=\"Initial height (m)\" default=\"10\" kind=\"expression\"/>\n" \
  "        <param name=\"g\" label=\"Gravity\" default=\"9.81\" kind=\"expression\"/>\n"            \
  MASK_E                                                                                           \
  "      </mask>\n"                                                                                \
  "      <diagram>\n"                                                                              \
  "        <block id=\"c\" type=\"Constant\" x=\"20\" y=\"20\" width=\"40\" height=\"40\">\n"      \
  "          <param name=\"value\">-g</param>\n"                                                   \
  "          <ports out=\"1\"/>\n"                                                                 \
  "        </block>\n"                                                                             \
  "        <block id=\"v\" type=\"Integrator\" x=\"100\" y=\"20\" width=\"40\" height=\"40\">\n"   \
  "          <param name=\"x0\">0</param>\n"                                                       \
  "          <param name=\"reinit\">1</param>\n"                                                   \
  "          <ports in=\"2\" out=\"1\" event-in=\"1\"/>\n"                                         \
  "        </block>\n"                                                                             \
  "        <block id=\"h\" type=\"Integrator\" x=\"180\" y=\"20\" width=\"40\" height=\"40\">\n"   \
  "          <param name=\"x0\">h0</param>\n"                                                      \
  "          <param name=\"reinit\">0</param>\n"                                                   \
  "          <ports in=\"1\" out=\"1\"/>\n"                                                        \
  "        </block>\n"                                                                             \
  "        <block id=\"z\" type=\"ZeroCrossDown\" x=\"260\" y=\"100\" width=\"40\" "               \
  "height=\"40\">\n"                                                                               \
  "          <ports in=\"1\" event-out=\"1\"/>\n"                                                  \
  "        </block>\n"                                                                             \
  "        <block id=\"r\" type=\"Gain\" x=\"100\" y=\"100\" width=\"40\" height=\"40\">\n"        \
  "          <param name=\"gain\">" RESTITUTION "</param>\n"                                       \
  "          <ports in=\"1\" out=\"1\"/>\n"                                                        \
  "        </block>\n"                                                                             \
  "        <block id=\"o1\" type=\"Output\" x=\"300\" y=\"20\" width=\"20\" height=\"20\">\n"      \
  "          <param name=\"port\">1</param>\n"                                                     \
  "          <ports in=\"1\"/>\n"                                                                  \
  "        </block>\n"                                                                             \
  "        <block id=\"o2\" type=\"Output\" x=\"300\" y=\"60\" width=\"20\" height=\"20\">\n"      \
  "          <param name=\"port\">2</param>\n"                                                     \
  "          <ports in=\"1\"/>\n"                                                                  \
  "        </block>\n"                                                                             \
  "        <link id=\"l1\" kind=\"regular\" from=\"c\" from-port=\"1\" to=\"v\" to-port=\"1\"/>\n" \
  "        <link id=\"l2\" kind=\"regular\" from=\"v\" from-port=\"1\" to=\"h\" to-port=\"1\"/>\n" \
  "        <link id=\"l3\" kind=\"regular\" from=\"h\" from-port=\"1\" to=\"z\" to-port=\"1\"/>\n" \
  "        <link id=\"l4\" kind=\"regular\" from=\"v\" from-port=\"1\" to=\"r\" to-port=\"1\"/>\n" \
  "        <link id=\"l5\" kind=\"regular\" from=\"r\" from-port=\"1\" to=\"v\" to-port=\"2\"/>\n" \
  "        <link id=\"l6\" kind=\"activation\" from=\"z\" from-port=\"1\" to=\"v\" "               \
  "to-port=\"1\"/>\n"                                                                              \
  "        <link id=\"l7\" kind=\"regular\" from=\"h\" from-port=\"1\" to=\"o1\" "                 \
  "to-port=\"1\"/>\n"                                                                              \
  "        <link id=\"l8\" kind=\"regular\" from=\"v\" from-port=\"1\" to=\"o2\" "                 \
  "to-port=\"1\"/>\n"                                                                              \
  "      </diagram>\n"                                                                             \
  "    </block>\n"
/* clang-format on */

#define MODEL_HEAD                                                                                 \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"                                                   \
  "<orrery version=\"1.0\">\n"                                                                     \
  "  <settings start=\"0\" final=\"4\" solver=\"auto\" rtol=\"1e-08\" atol=\"1e-10\" "             \
  "max-step=\"0\"/>\n"                                                                             \
  "  <diagram>\n"
#define MODEL_TAIL                                                                                 \
  "  </diagram>\n"                                                                                 \
  "</orrery>\n"

/* Where the user builds version 1.0: restitution fixed at 0.5. */
static const char ball_v1[] = MODEL_HEAD BALL ("A ball dropped from h0; it bounces back with half "
                                               "its speed.",
                                               "", "-0.5") MODEL_TAIL;
/* ...and improves it for 1.1: restitution e, 0.8 unless set. */
static const char ball_v2[]
  = MODEL_HEAD BALL ("A ball dropped from h0; it bounces back with e times its speed.",
                     "        <param name=\"e\" label=\"Restitution\" default=\"0.8\" "
                     "kind=\"expression\"/>\n",
                     "-e") MODEL_TAIL;
/* Models A and B before the Ball: a Scope for its height and speed. */
static const char scope_only[] = MODEL_HEAD
  "    <block id=\"scope\" type=\"Scope\" x=\"300\" y=\"100\" width=\"40\" height=\"40\">\n"
  "      <param name=\"inputs\">2</param>\n"
  "      <ports in=\"2\"/>\n"
  "    </block>\n" MODEL_TAIL;

typedef struct
{
  OrrApplication *app;
  char *root;    /* everything the test writes */
  char *libs;    /* root/libs: the folder of libraries */
  char *lib_dir; /* libs/mechanics: version 1.0 */
  char *key;     /* the library's key */
  char *path_a;
  char *path_b;
} Fixture;

static char *
write_file (Fixture *f, const char *name, const char *text)
{
  char *path = g_build_filename (f->root, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static OrrWindow *
open_window (Fixture *f, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GtkWindow *window = orr_application_open_file (f->app, file);

  g_assert_true (ORR_IS_WINDOW (window));
  app_test_spin (50);
  return ORR_WINDOW (window);
}

static GtkWidget *
find_child (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static OrrLibraryManager *
find_manager (void)
{
  g_autoptr (GListModel) toplevels = gtk_window_get_toplevels ();

  g_object_ref (toplevels);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (ORR_IS_LIBRARY_MANAGER (window))
        return ORR_LIBRARY_MANAGER (window);
    }
  return NULL;
}

static void
activate (OrrWindow *window, const char *action, GVariant *parameter)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), action));
  g_action_group_activate_action (G_ACTION_GROUP (window), action, parameter);
  app_test_spin (20);
}

static OrrBlock *
single_selected (OrrWindow *window)
{
  g_autoptr (GPtrArray) selected = orr_canvas_get_selected_blocks (orr_window_get_canvas (window));

  g_assert_cmpuint (selected->len, ==, 1);
  return g_ptr_array_index (selected, 0);
}

/* The user selects the Ball of the model open in window and saves it
 * into the library in dir. */
static void
save_ball_into (OrrWindow *window, const char *dir)
{
  OrrModel *model = orr_window_get_model (window);

  orr_canvas_select_block (orr_window_get_canvas (window), orr_model_find_block (model, "ball"),
                           FALSE);
  activate (window, "save-to-library-at", g_variant_new ("(ss)", dir, "mechanics/Ball"));
}

/* What the canvas does with a library block dropped at (x, y): the
 * window's drop target for them, given what the browser's drag offers. */
static void
drop_on_canvas (OrrWindow *window, const char *name, double x, double y)
{
  OrrCanvas *canvas = orr_window_get_canvas (window);
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));
  GValue value = G_VALUE_INIT;
  gboolean dropped = FALSE;

  g_value_init (&value, ORR_TYPE_PALETTE_LIBRARY_DRAG);
  g_value_set_boxed (&value, name);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !dropped; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller)
          && gdk_content_formats_contain_gtype (
            gtk_drop_target_get_formats (GTK_DROP_TARGET (controller)),
            ORR_TYPE_PALETTE_LIBRARY_DRAG))
        g_signal_emit_by_name (controller, "drop", &value, x, y, &dropped);
    }
  g_value_unset (&value);
  g_assert_true (dropped);
}

/* Places the Ball from the palette browser, by a double click (as
 * "block-activated") or a drop on the canvas, and wires its height and
 * speed to the Scope. */
static OrrBlock *
place_ball (Fixture *f, OrrWindow *window, gboolean by_drop)
{
  OrrPaletteBrowser *browser
    = ORR_PALETTE_BROWSER (find_child (GTK_WIDGET (window), ORR_TYPE_PALETTE_BROWSER));
  OrrModel *model = orr_window_get_model (window);
  g_autofree char *name = g_strconcat ("library:", f->key, ":mechanics/Ball", NULL);
  g_autoptr (GError) error = NULL;
  OrrBlock *ball;

  if (by_drop)
    {
      double mx, my;

      drop_on_canvas (window, name, 120, 90);
      ball = single_selected (window);
      /* centred where it was dropped */
      orr_canvas_widget_to_model (orr_window_get_canvas (window), 120, 90, &mx, &my);
      g_assert_cmpfloat_with_epsilon (ball->geometry.x + ball->geometry.width / 2, mx, 1e-9);
      g_assert_cmpfloat_with_epsilon (ball->geometry.y + ball->geometry.height / 2, my, 1e-9);
    }
  else
    {
      g_signal_emit_by_name (browser, "block-activated", name);
      ball = single_selected (window);
    }
  g_assert_nonnull (ball->libref);
  g_assert_cmpstr (ball->libref->library, ==, f->key);
  g_assert_cmpstr (ball->libref->ref, ==, "mechanics/Ball");
  for (guint port = 1; port <= 2; port++)
    {
      OrrEndpoint from = { ball->id, ORR_PORT_OUT, port };
      OrrEndpoint to = { "scope", ORR_PORT_IN, port };

      g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &from, &to, &error));
      g_assert_no_error (error);
    }
  return ball;
}

static void
save_window (OrrWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (orr_window_save_to (window, file, &error));
  g_assert_no_error (error);
}

/* The model's one library block, as the file says after reopening. */
static OrrBlock *
library_block (OrrModel *model)
{
  OrrDiagram *root = orr_model_get_root (model);

  for (guint i = 0; i < root->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (root->blocks, i);

      if (block->libref != NULL)
        return block;
    }
  g_assert_not_reached ();
}

static gboolean
mask_has_param (OrrBlock *block, const char *name)
{
  for (guint i = 0; block->mask != NULL && i < block->mask->params->len; i++)
    if (g_str_equal (((OrrMaskParam *)g_ptr_array_index (block->mask->params, i))->name, name))
      return TRUE;
  return FALSE;
}

/* Runs orrery-sim on path (with --library dir when dir is not NULL) and
 * checks the bounces in its CSV against restitution e; returns stderr. */
static char *
run_and_check (Fixture *f, const char *path, const char *dir, double e)
{
  g_autofree char *csv = g_build_filename (f->root, "out.csv", NULL);
  g_autofree char *empty_home = g_build_filename (f->root, "empty-home", NULL);
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", empty_home, TRUE);
  const char *argv[] = { g_getenv ("ORRERY_SIM"),          "--quiet", "--output", csv, path,
                         dir != NULL ? "--library" : NULL, dir,       NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  char *err = NULL;
  int status;
  double impacts[2], before = 0, after = 0;
  guint n_impacts = 0;
  double last_t = -1, last_v = 0;
  double t1 = sqrt (2 * H0 / G);

  g_assert_nonnull (argv[0]);
  g_mkdir_with_parents (empty_home, 0700);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) != 0)
    g_error ("orrery-sim %s failed: %s", path, err);

  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "time,"));
  /* an impact is an event: two rows at the same time, the speed before
   * and after it */
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0' && n_impacts < 2; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);
      double t, v;

      g_assert_cmpuint (g_strv_length (cells), ==, 3);
      t = g_ascii_strtod (cells[0], NULL);
      v = g_ascii_strtod (cells[2], NULL);
      if (t == last_t && v != last_v)
        {
          if (n_impacts == 0)
            {
              before = last_v;
              after = v;
            }
          impacts[n_impacts++] = t;
        }
      last_t = t;
      last_v = v;
    }
  g_unlink (csv);
  g_assert_cmpuint (n_impacts, ==, 2);
  g_assert_cmpfloat_with_epsilon (impacts[0], t1, 1e-6);
  g_assert_cmpfloat_with_epsilon (before, -G * t1, 1e-6 * G * t1);
  g_assert_cmpfloat_with_epsilon (after / before, -e, 1e-6);
  g_assert_cmpfloat_with_epsilon (impacts[1], t1 * (1 + 2 * e), 1e-5);
  return err;
}

static void
test_story (Fixture *f, gconstpointer data)
{
  g_autofree char *ball_v1_path = write_file (f, "ball-v1.orr", ball_v1);
  g_autofree char *ball_v2_path = write_file (f, "ball-v2.orr", ball_v2);
  g_autofree char *v11_dir = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *err_a = NULL, *err_b = NULL, *err_gone = NULL;
  g_autofree char *rows_text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) rows = NULL;
  OrrLibraryManager *manager;
  OrrPaletteBrowser *browser;
  OrrLibrarySet *set = orr_application_get_library_set (f->app);
  OrrWindow *builder, *window_a, *window_b;
  OrrBlock *ball_a, *ball_b;
  OrrLibrary *library;

  /* The library manager (Ctrl+Shift+L) creates the library. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "library-manager", NULL);
  app_test_spin (50);
  manager = find_manager ();
  g_assert_nonnull (manager);
  g_assert_true (orr_library_manager_create_library (manager, f->lib_dir, "Mechanics", &error));
  g_assert_no_error (error);
  library = orr_library_manager_get_selected (manager);
  f->key = g_strdup (orr_library_get_key (library));

  /* The Ball goes into it from the model where it was built. */
  builder = open_window (f, ball_v1_path);
  save_ball_into (builder, f->lib_dir);
  g_assert_true (orr_library_has_block (library, "mechanics/Ball"));

  /* Models A and B list it in their palette browser, and place it. */
  f->path_a = write_file (f, "a.orr", scope_only);
  f->path_b = write_file (f, "b.orr", scope_only);
  window_a = open_window (f, f->path_a);
  window_b = open_window (f, f->path_b);
  browser = ORR_PALETTE_BROWSER (find_child (GTK_WIDGET (window_a), ORR_TYPE_PALETTE_BROWSER));
  orr_palette_browser_set_search_text (browser, "ball");
  rows = orr_palette_browser_get_rows (browser);
  rows_text = g_strjoinv ("|", rows);
  {
    g_autofree char *expected
      = g_strconcat ("Mechanics 1.0|  Mechanics|    library:", f->key, ":mechanics/Ball", NULL);
    g_assert_cmpstr (rows_text, ==, expected);
  }
  app_test_keep_picture (GTK_WINDOW (window_a), "library-story-browser");
  orr_palette_browser_set_search_text (browser, "");

  ball_a = place_ball (f, window_a, FALSE);
  ball_b = place_ball (f, window_b, TRUE);
  g_assert_cmpstr (ball_a->libref->version, ==, "1.0");
  g_assert_cmpstr (ball_b->libref->version, ==, "1.0");
  g_assert_false (mask_has_param (ball_a, "e"));
  save_window (window_a, f->path_a);
  save_window (window_b, f->path_b);

  /* Release 1.0, make 1.1, and improve the Ball there. */
  g_assert_true (orr_library_manager_toggle_lock (manager, &error));
  g_assert_no_error (error);
  g_assert_true (orr_library_manager_new_version (manager, "1.1", &error));
  g_assert_no_error (error);
  v11_dir = g_strconcat (f->lib_dir, "-1.1", NULL);
  g_assert_cmpstr (orr_library_get_version (orr_library_set_lookup (set, f->key)), ==, "1.1");
  gtk_window_destroy (GTK_WINDOW (manager));
  orr_window_close_confirmed (builder);
  builder = open_window (f, ball_v2_path);
  save_ball_into (builder, v11_dir);
  orr_window_close_confirmed (builder);
  /* the browsers followed: the new version only */
  {
    g_autofree char *expected
      = g_strconcat ("Mechanics 1.1|  Mechanics|    library:", f->key, ":mechanics/Ball", NULL);
    g_auto (GStrv) now = NULL;
    g_autofree char *now_text = NULL;

    orr_palette_browser_set_search_text (browser, "ball");
    now = orr_palette_browser_get_rows (browser);
    now_text = g_strjoinv ("|", now);
    g_assert_cmpstr (now_text, ==, expected);
    orr_palette_browser_set_search_text (browser, "");
  }
  /* ...and quick insert offers the Ball once, not once a version */
  {
    g_autofree char *name = g_strconcat ("library:", f->key, ":mechanics/Ball", NULL);
    OrrCanvas *canvas = orr_window_get_canvas (window_a);
    GtkWidget *popover = NULL;
    guint n_balls = 0;

    activate (window_a, "quick-insert", NULL);
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (canvas)); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (ORR_IS_QUICK_INSERT (child))
        popover = child;
    g_assert_nonnull (popover);
    orr_quick_insert_set_text (ORR_QUICK_INSERT (popover), "ball");
    for (guint i = 0; i < orr_quick_insert_get_n_matches (ORR_QUICK_INSERT (popover)); i++)
      if (g_strcmp0 (orr_quick_insert_get_match_name (ORR_QUICK_INSERT (popover), i), name) == 0)
        n_balls++;
    g_assert_cmpuint (n_balls, ==, 1);
    gtk_popover_popdown (GTK_POPOVER (popover));
  }

  /* A is brought to 1.1 from the block's menu; B is left alone. */
  orr_canvas_select_block (orr_window_get_canvas (window_a), ball_a, FALSE);
  activate (window_a, "update-from-library", NULL);
  g_assert_cmpstr (ball_a->libref->version, ==, "1.1");
  g_assert_true (mask_has_param (ball_a, "e"));
  g_assert_cmpstr (ball_b->libref->version, ==, "1.0");
  save_window (window_a, f->path_a);
  save_window (window_b, f->path_b);
  orr_window_close_confirmed (window_a);
  orr_window_close_confirmed (window_b);

  /* Reopened, each keeps what it was saved with. */
  window_a = open_window (f, f->path_a);
  window_b = open_window (f, f->path_b);
  ball_a = library_block (orr_window_get_model (window_a));
  ball_b = library_block (orr_window_get_model (window_b));
  g_assert_cmpstr (ball_a->libref->version, ==, "1.1");
  g_assert_true (mask_has_param (ball_a, "e"));
  g_assert_cmpstr (ball_b->libref->version, ==, "1.0");
  g_assert_false (mask_has_param (ball_b, "e"));
  orr_window_close_confirmed (window_a);
  orr_window_close_confirmed (window_b);

  /* Run: A bounces as 1.1 says, B as 1.0 did. */
  err_a = run_and_check (f, f->path_a, f->libs, 0.8);
  g_assert_cmpstr (err_a, ==, "");
  err_b = run_and_check (f, f->path_b, f->libs, 0.5);
  /* B is told that 1.1 exists, and keeps running 1.0 */
  g_assert_nonnull (strstr (err_b, "warning: Ball: library 'Mechanics' has version 1.1, the "
                                   "model uses 1.0; using the copy stored in the model"));

  /* Without the libraries B still runs, from its stored copy, and says so. */
  app_test_remove_tree (f->libs);
  err_gone = run_and_check (f, f->path_b, NULL, 0.5);
  missing = g_strdup_printf ("warning: Ball: library '%s' not found; using the copy stored in "
                             "the model",
                             f->key);
  g_assert_nonnull (strstr (err_gone, missing));
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->app = g_object_ref (ORR_APPLICATION ((gpointer)data));
  f->root = g_dir_make_tmp ("orrery-library-story-XXXXXX", &error);
  g_assert_no_error (error);
  f->libs = g_build_filename (f->root, "libs", NULL);
  f->lib_dir = g_build_filename (f->libs, "mechanics", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autoptr (GListModel) toplevels = gtk_window_get_toplevels ();

  /* what an assertion left open */
  g_object_ref (toplevels);
  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, 0);

      if (ORR_IS_WINDOW (window))
        orr_window_close_confirmed (ORR_WINDOW (window));
      else
        gtk_window_destroy (GTK_WINDOW (window));
    }
  app_test_remove_tree (f->root);
  g_clear_object (&f->app);
  g_free (f->root);
  g_free (f->libs);
  g_free (f->lib_dir);
  g_free (f->key);
  g_free (f->path_a);
  g_free (f->path_b);
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrApplication) app = NULL;

  /* A GUI test: skipped (77) without a display or a session bus. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL || !gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  app = app_test_application_new ();

  g_test_add ("/library-story/done-when", Fixture, app, fixture_set_up, test_story,
              fixture_tear_down);
  return g_test_run ();
}
