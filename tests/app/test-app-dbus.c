/* test-app-dbus.c: the real `orrery`, driven from outside through its
 * actions on the session bus, as a script or a user's keys would drive it.
 * It opens a copy of the bouncing-ball example, inserts a Gain, sets its
 * gain, connects the Height integrator to it and saves; undoes the link
 * and saves again; takes a screenshot; quits. The saved files must hold
 * exactly that edit: with the new block (and its link) taken out again,
 * each must serialise exactly like the original model.
 *
 * Needs a display and a session bus: run under
 *   xvfb-run -a dbus-run-session -- meson test --suite app
 * and is skipped (77) without them. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>
#include <math.h>
#include <string.h>

#define BUS_NAME "org.orrery.Orrery"
#define APP_PATH "/org/orrery/Orrery"
#define WINDOW_PATH "/org/orrery/Orrery/window/1"
#define TIMEOUT_MS 30000

/* Where the new block goes, in model coordinates; the canvas snaps to its
 * grid, so the saved centre may be off by up to one grid step. */
#define NEW_X 520.0
#define NEW_Y 240.0
#define GRID_TOLERANCE 10.0

typedef struct
{
  GDBusConnection *bus;
  GSubprocess *app;
  gboolean exited;
  char *dir;
} Fixture;

static void
app_exited (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Fixture *f = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  f->exited = TRUE;
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

static GVariant *
call (Fixture *f, const char *path, const char *interface, const char *method, GVariant *args,
      GError **error)
{
  return g_dbus_connection_call_sync (f->bus, BUS_NAME, path, interface, method, args, NULL,
                                      G_DBUS_CALL_FLAGS_NO_AUTO_START, 10000, NULL, error);
}

static void
activate (Fixture *f, const char *path, const char *action, GVariant *parameter)
{
  GVariantBuilder params;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;

  g_variant_builder_init (&params, G_VARIANT_TYPE ("av"));
  if (parameter != NULL)
    g_variant_builder_add (&params, "v", parameter);
  reply = call (f, path, "org.gtk.Actions", "Activate",
                g_variant_new ("(sava{sv})", action, &params, NULL), &error);
  g_assert_no_error (error);
}

/* The state of a stateful action, as a string. */
static char *
action_state (Fixture *f, const char *path, const char *action)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply
    = call (f, path, "org.gtk.Actions", "Describe", g_variant_new ("(s)", action), &error);
  g_autoptr (GVariant) state = NULL;
  g_autoptr (GVariant) value = NULL;
  gboolean enabled;

  g_assert_no_error (error);
  g_variant_get (reply, "((b&g@av))", &enabled, NULL, &state);
  g_assert_cmpuint (g_variant_n_children (state), ==, 1);
  g_variant_get_child (state, 0, "v", &value);
  return g_variant_dup_string (value, NULL);
}

static gboolean
name_has_owner (Fixture *f)
{
  g_autoptr (GVariant) reply = g_dbus_connection_call_sync (
    f->bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
    g_variant_new ("(s)", BUS_NAME), G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
    NULL);
  gboolean owned = FALSE;

  if (reply != NULL)
    g_variant_get (reply, "(b)", &owned);
  return owned;
}

static gboolean
window_exported (Fixture *f)
{
  g_autoptr (GVariant) reply = call (f, WINDOW_PATH, "org.gtk.Actions", "List", NULL, NULL);
  return reply != NULL;
}

static char *
read_model_text (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (path, &error);

  g_assert_no_error (error);
  return orr_model_save_to_data (model, NULL);
}

static guint
links_touching (OrrModel *model, const char *id, OrrLink **found)
{
  OrrDiagram *root = orr_model_get_root (model);
  guint n = 0;

  for (guint i = 0; i < root->links->len; i++)
    {
      OrrLink *link = root->links->pdata[i];

      if (g_str_equal (link->from.block, id) || g_str_equal (link->to.block, id))
        {
          n++;
          if (found != NULL)
            *found = link;
        }
    }
  return n;
}

/* Checks the new Gain, then removes it and its links: what is left must
 * be the original model. */
static void
check_saved (const char *path, const char *new_id, gboolean with_link, const char *original)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (path, &error);
  g_autofree char *rest = NULL;
  OrrBlock *block;
  OrrLink *link = NULL;

  g_assert_no_error (error);
  block = orr_model_find_block (model, new_id);
  g_assert_nonnull (block);
  g_assert_cmpstr (block->type, ==, "Gain");
  g_assert_cmpstr (orr_block_get_param (block, "gain"), ==, "2*e");
  g_assert_cmpuint (orr_block_get_port_count (block, ORR_PORT_IN), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (block, ORR_PORT_OUT), ==, 1);
  g_assert_cmpfloat (fabs (block->geometry.x + block->geometry.width / 2 - NEW_X), <=,
                     GRID_TOLERANCE);
  g_assert_cmpfloat (fabs (block->geometry.y + block->geometry.height / 2 - NEW_Y), <=,
                     GRID_TOLERANCE);

  if (with_link)
    {
      g_assert_cmpuint (links_touching (model, new_id, &link), ==, 1);
      g_assert_cmpint (link->kind, ==, ORR_LINK_REGULAR);
      g_assert_cmpstr (link->from.block, ==, "b3");
      g_assert_cmpint (link->from.kind, ==, ORR_PORT_OUT);
      g_assert_cmpuint (link->from.port, ==, 1);
      g_assert_cmpstr (link->to.block, ==, new_id);
      g_assert_cmpint (link->to.kind, ==, ORR_PORT_IN);
      g_assert_cmpuint (link->to.port, ==, 1);
    }
  else
    g_assert_cmpuint (links_touching (model, new_id, NULL), ==, 0);

  orr_model_remove_block (model, block);
  rest = orr_model_save_to_data (model, NULL);
  g_assert_cmpstr (rest, ==, original);
}

/* A real picture: PNG, at least min_width x min_height, and not one flat
 * colour. */
static void
check_picture (const char *path, int min_width, int min_height)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = gdk_texture_new_from_filename (path, &error);
  g_autoptr (GHashTable) colours = g_hash_table_new (g_direct_hash, g_direct_equal);
  int width, height;
  g_autofree guint32 *pixels = NULL;

  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (width, >=, min_width);
  g_assert_cmpint (height, >=, min_height);
  pixels = g_new (guint32, (gsize)width * height);
  gdk_texture_download (texture, (guchar *)pixels, width * 4);
  for (gsize i = 0; i < (gsize)width * height; i += 7)
    g_hash_table_add (colours, GUINT_TO_POINTER (pixels[i]));
  g_assert_cmpuint (g_hash_table_size (colours), >=, 16);
}

/* A picture of a window. */
static void
check_screenshot (const char *path)
{
  check_picture (path, 600, 400);
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_remove (path);
}

/* Starts the real orrery on path (its recent files and settings in the
 * fixture's folder) and waits until its window takes calls. */
static void
launch_app (Fixture *f, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autofree char *data_home = g_build_filename (f->dir, "data", NULL);
  const char *orrery = g_getenv ("ORRERY");
  gint64 deadline;

  g_assert_nonnull (orrery);
  f->bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (name_has_owner (f)); /* another orrery would take our calls */

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data_home, TRUE);
  f->app = g_subprocess_launcher_spawn (launcher, &error, orrery, path, NULL);
  g_assert_no_error (error);
  g_subprocess_wait_async (f->app, NULL, app_exited, f);

  deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;
  while (!(name_has_owner (f) && window_exported (f)))
    {
      g_assert_false (f->exited);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (100);
    }
}

/* Quits through the app's action; it must exit cleanly. */
static void
quit_app (Fixture *f)
{
  gint64 deadline;

  activate (f, APP_PATH, "quit", NULL);
  deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;
  while (!f->exited)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (50);
    }
  g_assert_true (g_subprocess_get_if_exited (f->app));
  g_assert_cmpint (g_subprocess_get_exit_status (f->app), ==, 0);
}

/* A screenshot of the window once it has drawn: it needs a frame or two
 * before there is anything to take. */
static void
take_screenshot (Fixture *f, const char *path)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;

  g_remove (path);
  while (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (300);
      activate (f, WINDOW_PATH, "screenshot", g_variant_new_string (path));
    }
}

static void
test_edit_save_undo (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  g_autoptr (GError) error = NULL;
  g_autofree char *example = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *original = NULL;
  g_autofree char *copy_text = NULL;
  g_autofree char *new_id = NULL;
  g_autofree char *screenshot = NULL;
  g_autofree char *contents = NULL;
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  f->dir = g_dir_make_tmp ("orrery-app-XXXXXX", &error);
  g_assert_no_error (error);

  example = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  copy = g_build_filename (f->dir, "ball.orr", NULL);
  edited = g_build_filename (f->dir, "edited.orr", NULL);
  undone = g_build_filename (f->dir, "undone.orr", NULL);
  screenshot = g_build_filename (outdir != NULL ? outdir : f->dir, "app-dbus-window.png", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  original = read_model_text (copy);

  launch_app (f, copy);

  /* Insert: the new block is selected, so the selection names it. */
  activate (f, WINDOW_PATH, "insert-block", g_variant_new ("(sdd)", "Gain", NEW_X, NEW_Y));
  new_id = action_state (f, WINDOW_PATH, "select-block");
  g_assert_cmpstr (new_id, !=, "");
  g_assert_null (strchr (new_id, ','));
  {
    g_autofree char *attribute = g_strdup_printf ("id=\"%s\"", new_id);
    g_assert_null (strstr (contents, attribute));
  }

  activate (f, WINDOW_PATH, "set-param", g_variant_new ("(sss)", new_id, "gain", "2*e"));
  activate (f, WINDOW_PATH, "connect", g_variant_new ("(sisi)", "b3", 1, new_id, 1));
  activate (f, WINDOW_PATH, "save-to", g_variant_new_string (edited));

  take_screenshot (f, screenshot);

  activate (f, WINDOW_PATH, "undo", NULL);
  activate (f, WINDOW_PATH, "save-to", g_variant_new_string (undone));

  quit_app (f);

  check_saved (edited, new_id, TRUE, original);
  check_saved (undone, new_id, FALSE, original);
  check_screenshot (screenshot);

  /* The opened file itself was never written: save-to went elsewhere. */
  copy_text = read_model_text (copy);
  g_assert_cmpstr (copy_text, ==, original);

  g_clear_object (&f->app);
  g_clear_object (&f->bus);
  remove_tree (f->dir);
  g_free (f->dir);
}

/* The recorded signals orrery-sim writes for a model, as numbers. */
static GArray *
simulate_csv (Fixture *f, const char *model, const char *name, char **header)
{
  g_autofree char *csv = g_build_filename (f->dir, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  const char *sim = g_getenv ("ORRERY_SIM");
  int status = 0;
  const char *argv[] = { sim, "--quiet", "--output", csv, model, NULL };

  g_assert_nonnull (sim);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  *header = g_strdup (lines[0]);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);

      for (guint j = 0; cells[j] != NULL; j++)
        if (*cells[j] != '\0')
          {
            double v = g_ascii_strtod (cells[j], NULL);
            g_array_append_val (values, v);
          }
    }
  return values;
}

/* Grouping in the real app, as a user would: select the ball's physics
 * (both integrators, the restitution gain, the impact detector), Ctrl+G,
 * open the new super block, look (screenshot), come back. The saved model
 * has the physics inside a super block with one input and two outputs,
 * and simulates exactly like the flat one (every recorded value within
 * 1e-9). Undo gives back the original model. */
static void
test_group_and_enter (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) grouped = NULL;
  g_autofree char *example = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *grouped_path = NULL;
  g_autofree char *undone_path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *original = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *super_id = NULL;
  g_autofree char *inside = NULL;
  g_autofree char *screenshot = NULL;
  g_autofree char *flat_header = NULL;
  g_autofree char *grouped_header = NULL;
  g_autoptr (GArray) flat_values = NULL;
  g_autoptr (GArray) grouped_values = NULL;
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  OrrBlock *super;
  OrrDiagram *root;

  f->dir = g_dir_make_tmp ("orrery-app-XXXXXX", &error);
  g_assert_no_error (error);
  example = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  copy = g_build_filename (f->dir, "ball.orr", NULL);
  grouped_path = g_build_filename (f->dir, "grouped.orr", NULL);
  undone_path = g_build_filename (f->dir, "undone.orr", NULL);
  screenshot
    = g_build_filename (outdir != NULL ? outdir : f->dir, "app-dbus-super-block.png", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  original = read_model_text (copy);

  launch_app (f, copy);
  activate (f, WINDOW_PATH, "select-block", g_variant_new_string ("b2,b3,b4,b5"));
  {
    g_autofree char *selected = action_state (f, WINDOW_PATH, "select-block");
    g_assert_cmpstr (selected, ==, "b2,b3,b4,b5");
  }
  activate (f, WINDOW_PATH, "group", NULL);
  super_id = action_state (f, WINDOW_PATH, "select-block");
  g_assert_cmpstr (super_id, !=, "");
  g_assert_null (strchr (super_id, ','));
  activate (f, WINDOW_PATH, "save-to", g_variant_new_string (grouped_path));

  /* Inside: the four blocks and the port blocks, selectable by id. */
  activate (f, WINDOW_PATH, "show-diagram", g_variant_new_string (super_id));
  activate (f, WINDOW_PATH, "select-block", g_variant_new_string ("b2,b3"));
  inside = action_state (f, WINDOW_PATH, "select-block");
  g_assert_cmpstr (inside, ==, "b2,b3");
  activate (f, WINDOW_PATH, "select-block", g_variant_new_string (""));
  take_screenshot (f, screenshot);

  activate (f, WINDOW_PATH, "go-up", NULL);
  activate (f, WINDOW_PATH, "undo", NULL);
  activate (f, WINDOW_PATH, "save-to", g_variant_new_string (undone_path));
  quit_app (f);

  grouped = orr_model_load_file (grouped_path, &error);
  g_assert_no_error (error);
  root = orr_model_get_root (grouped);
  g_assert_cmpuint (root->blocks->len, ==, 3); /* the constant, the scope, the super block */
  super = orr_model_find_block (grouped, super_id);
  g_assert_nonnull (super);
  g_assert_true (orr_block_is_super (super));
  g_assert_true (super->parent == root);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 2);
  for (const char *const *id = (const char *const[]){ "b2", "b3", "b4", "b5", NULL }; *id; id++)
    g_assert_true (orr_model_find_block (grouped, *id)->parent == super->child);

  flat_values = simulate_csv (f, copy, "flat.csv", &flat_header);
  grouped_values = simulate_csv (f, grouped_path, "grouped.csv", &grouped_header);
  g_assert_cmpstr (grouped_header, ==, flat_header);
  g_assert_cmpuint (grouped_values->len, ==, flat_values->len);
  g_assert_cmpuint (flat_values->len, >, 100);
  for (guint i = 0; i < flat_values->len; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (grouped_values, double, i),
                                    g_array_index (flat_values, double, i), 1e-9);

  undone = read_model_text (undone_path);
  g_assert_cmpstr (undone, ==, original);
  check_screenshot (screenshot);

  g_clear_object (&f->app);
  g_clear_object (&f->bus);
  remove_tree (f->dir);
  g_free (f->dir);
}

/* Waits until the window's run-state is one of the ended ones and
 * returns it. */
static char *
wait_for_run (Fixture *f)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;

  for (;;)
    {
      g_autofree char *state = action_state (f, WINDOW_PATH, "run-state");

      if (g_str_equal (state, "finished") || g_str_equal (state, "failed")
          || g_str_equal (state, "stopped"))
        return g_steal_pointer (&state);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (50);
    }
}

/* Running in the real app, as a user pressing F5: the bouncing-ball
 * example runs to the end; the Scope's data exported as CSV has the
 * impacts of SEMANTICS.md section 9 (1.42784, 3.99796, 6.31107, 8.39286,
 * 10.26648 s, to 1e-4) where the velocity jumps from falling to rising,
 * each rebound 0.9 times the impact speed (1e-6); the window is pictured
 * with its scope. Then a Gain feeding itself makes the run fail, and the
 * problems list (pictured too) leads to that block; a block producing NaN
 * makes a run fail while it runs; after both the window runs the model
 * again, to the same samples. */
static void
test_run_and_export (void)
{
  static const double impacts[] = { 1.42784, 3.99796, 6.31107, 8.39286, 10.26648 };
  Fixture fixture = { 0 }, *f = &fixture;
  g_autoptr (GError) error = NULL;
  g_autofree char *example = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *plot = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *state = NULL;
  g_autofree char *failed = NULL;
  g_autofree char *screenshot = NULL;
  g_autofree char *problems_shot = NULL;
  g_autofree char *selected = NULL;
  g_autofree char *loop_id = NULL;
  g_autofree char *sqrt_id = NULL;
  g_autofree char *rerun_csv = NULL;
  g_auto (GStrv) lines = NULL;
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  double previous_t = NAN, previous_v = NAN;
  guint found = 0;

  f->dir = g_dir_make_tmp ("orrery-app-XXXXXX", &error);
  g_assert_no_error (error);
  example = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  copy = g_build_filename (f->dir, "ball.orr", NULL);
  csv = g_build_filename (f->dir, "scope.csv", NULL);
  plot = g_build_filename (f->dir, "scope.png", NULL);
  rerun_csv = g_build_filename (f->dir, "rerun.csv", NULL);
  screenshot = g_build_filename (outdir != NULL ? outdir : f->dir, "app-dbus-run.png", NULL);
  problems_shot
    = g_build_filename (outdir != NULL ? outdir : f->dir, "app-dbus-problems.png", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));

  launch_app (f, copy);
  activate (f, WINDOW_PATH, "run", NULL);
  state = wait_for_run (f);
  g_assert_cmpstr (state, ==, "finished");
  activate (f, WINDOW_PATH, "export-scope-data", g_variant_new ("(ss)", "b6", csv));
  activate (f, WINDOW_PATH, "export-scope-image", g_variant_new ("(ss)", "b6", plot));
  take_screenshot (f, screenshot);

  /* A Gain fed by itself is an algebraic loop: the run fails before it
   * starts and the problem selects the Gain. */
  activate (f, WINDOW_PATH, "insert-block", g_variant_new ("(sdd)", "Gain", 300.0, 320.0));
  loop_id = action_state (f, WINDOW_PATH, "select-block");
  activate (f, WINDOW_PATH, "connect", g_variant_new ("(sisi)", loop_id, 1, loop_id, 1));
  activate (f, WINDOW_PATH, "select-block", g_variant_new_string (""));
  activate (f, WINDOW_PATH, "run", NULL);
  failed = wait_for_run (f);
  g_assert_cmpstr (failed, ==, "failed");
  selected = action_state (f, WINDOW_PATH, "select-block");
  g_assert_cmpstr (selected, ==, loop_id);
  take_screenshot (f, problems_shot);
  activate (f, WINDOW_PATH, "undo", NULL);
  activate (f, WINDOW_PATH, "undo", NULL);

  /* A fault while running: the square root of the (falling, so negative)
   * velocity is NaN; the run fails, naming the block, and the window goes
   * on: without the block the same model runs to the end again. */
  activate (f, WINDOW_PATH, "insert-block", g_variant_new ("(sdd)", "Sqrt", 300.0, 320.0));
  sqrt_id = action_state (f, WINDOW_PATH, "select-block");
  activate (f, WINDOW_PATH, "connect", g_variant_new ("(sisi)", "b2", 1, sqrt_id, 1));
  activate (f, WINDOW_PATH, "run", NULL);
  g_free (failed);
  failed = wait_for_run (f);
  g_assert_cmpstr (failed, ==, "failed");
  activate (f, WINDOW_PATH, "undo", NULL);
  activate (f, WINDOW_PATH, "undo", NULL);
  activate (f, WINDOW_PATH, "run", NULL);
  g_free (state);
  state = wait_for_run (f);
  g_assert_cmpstr (state, ==, "finished");
  activate (f, WINDOW_PATH, "export-scope-data", g_variant_new ("(ss)", "b6", rerun_csv));

  /* back to the file as saved, so that quitting asks nothing */
  quit_app (f);
  {
    g_autofree char *first = NULL;
    g_autofree char *again = NULL;

    /* the second run of the same model gives the same samples */
    g_assert_true (g_file_get_contents (csv, &first, NULL, NULL));
    g_assert_true (g_file_get_contents (rerun_csv, &again, NULL, NULL));
    g_assert_cmpstr (again, ==, first);
  }

  g_assert_true (g_file_get_contents (csv, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "time,"));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);
      double t, v;

      g_assert_cmpuint (g_strv_length (cells), ==, 3);
      t = g_ascii_strtod (cells[0], NULL);
      v = g_ascii_strtod (cells[2], NULL); /* the scope's second input: the velocity */
      if (previous_v < 0 && v > 0 && found < G_N_ELEMENTS (impacts))
        {
          g_test_message ("impact %u at %.6f s (after %.6f s)", found + 1, t, previous_t);
          g_assert_cmpfloat (fabs (t - impacts[found]), <, 1e-4);
          g_assert_cmpfloat (fabs (v + 0.9 * previous_v), <, 1e-6 * fabs (previous_v) + 1e-9);
          found++;
        }
      previous_t = t;
      previous_v = v;
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (impacts));
  g_assert_true (g_file_test (plot, G_FILE_TEST_EXISTS));
  check_picture (plot, 200, 200);
  check_screenshot (screenshot);
  check_screenshot (problems_shot);

  g_clear_object (&f->app);
  g_clear_object (&f->bus);
  remove_tree (f->dir);
  g_free (f->dir);
}

/* Saving to a library from the real app: the masked lag of the example
 * is selected and saved into a new library under filters/Lag; the
 * library, opened again from its folder, holds it with its mask, and a
 * block loaded from it compares equal to the model's (as saved text,
 * ids and references aside). */
static void
test_save_to_library (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) created = NULL;
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autoptr (OrrBlock) loaded = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autofree char *example = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *libdir = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) blocks = NULL;
  OrrBlock *original;

  f->dir = g_dir_make_tmp ("orrery-app-XXXXXX", &error);
  g_assert_no_error (error);
  example = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "masked-super-block.orr", NULL);
  copy = g_build_filename (f->dir, "lags.orr", NULL);
  libdir = g_build_filename (f->dir, "mylib", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  created = orr_library_create (libdir, "My blocks", "my-blocks", &error);
  g_assert_no_error (error);

  launch_app (f, copy);
  activate (f, WINDOW_PATH, "select-block", g_variant_new_string ("b2"));
  activate (f, WINDOW_PATH, "save-to-library-at", g_variant_new ("(ss)", libdir, "filters/Lag"));
  quit_app (f);

  reopened = orr_library_open (libdir, &error);
  g_assert_no_error (error);
  blocks = orr_library_list_blocks (reopened);
  g_assert_cmpuint (g_strv_length (blocks), ==, 1);
  g_assert_cmpstr (blocks[0], ==, "filters/Lag");
  loaded = orr_library_load_block (reopened, "filters/Lag", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->mask);
  model = orr_model_load_file (copy, &error);
  g_assert_no_error (error);
  original = orr_model_find_block (model, "b2");
  g_assert_cmpuint (loaded->mask->params->len, ==, original->mask->params->len);
  g_assert_cmpuint (loaded->child->blocks->len, ==, original->child->blocks->len);
  g_assert_cmpuint (loaded->child->links->len, ==, original->child->links->len);
  for (guint i = 0; i < original->mask->params->len; i++)
    g_assert_cmpstr (((OrrMaskParam *)g_ptr_array_index (loaded->mask->params, i))->name, ==,
                     ((OrrMaskParam *)g_ptr_array_index (original->mask->params, i))->name);

  g_clear_object (&f->app);
  g_clear_object (&f->bus);
  remove_tree (f->dir);
  g_free (f->dir);
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) without a display or a session bus. */
  if ((g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
      || g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    return 77;
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/dbus/edit-save-undo", test_edit_save_undo);
  g_test_add_func ("/app/dbus/group-and-enter", test_group_and_enter);
  g_test_add_func ("/app/dbus/run-and-export", test_run_and_export);
  g_test_add_func ("/app/dbus/save-to-library", test_save_to_library);
  return g_test_run ();
}
