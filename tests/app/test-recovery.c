/* test-recovery.c: work survives a crash. The real `orrery` opens a copy of
 * the bouncing ball, gets an edit over D-Bus (a Gain with gain 2*e), and
 * is killed with SIGKILL once its draft is on disk. A second `orrery`,
 * started on the same drafts folder, must come up with the edited model,
 * modified and pointing at the original file, which the crash left
 * untouched; saving it must give exactly the original plus the edit.
 *
 * Needs a display and a session bus (xvfb-run -a dbus-run-session). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <orrery/orr-io.h>
#include <string.h>

#define BUS_NAME "org.orrery.Orrery"
#define WINDOW_PATH "/org/orrery/Orrery/window/1"
#define TIMEOUT_MS 30000

typedef struct
{
  GDBusConnection *bus;
  char *dir;
  char *drafts;
} Fixture;

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
activate (Fixture *f, const char *action, GVariant *parameter)
{
  GVariantBuilder params;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;

  g_variant_builder_init (&params, G_VARIANT_TYPE ("av"));
  if (parameter != NULL)
    g_variant_builder_add (&params, "v", parameter);
  reply = call (f, WINDOW_PATH, "org.gtk.Actions", "Activate",
                g_variant_new ("(sava{sv})", action, &params, NULL), &error);
  g_assert_no_error (error);
}

static char *
selected_id (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = call (f, WINDOW_PATH, "org.gtk.Actions", "Describe",
                                     g_variant_new ("(s)", "select-block"), &error);
  g_autoptr (GVariant) state = NULL;
  g_autoptr (GVariant) value = NULL;
  gboolean enabled;

  g_assert_no_error (error);
  g_variant_get (reply, "((b&g@av))", &enabled, NULL, &state);
  g_variant_get_child (state, 0, "v", &value);
  return g_variant_dup_string (value, NULL);
}

static gboolean
window_up (Fixture *f)
{
  g_autoptr (GVariant) reply = call (f, WINDOW_PATH, "org.gtk.Actions", "List", NULL, NULL);
  return reply != NULL;
}

static GSubprocess *
start_app (Fixture *f, const char *model)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autofree char *data_home = g_build_filename (f->dir, "data", NULL);
  g_autoptr (GError) error = NULL;
  GSubprocess *app;
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;

  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data_home, TRUE);
  g_subprocess_launcher_setenv (launcher, "ORRERY_DRAFTS_DIR", f->drafts, TRUE);
  g_subprocess_launcher_setenv (launcher, "ORRERY_AUTOSAVE_MS", "200", TRUE);
  if (model != NULL)
    app = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ORRERY"), model, NULL);
  else
    app = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ORRERY"), NULL);
  g_assert_no_error (error);
  while (!window_up (f))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (100);
    }
  return app;
}

static guint
count_drafts (Fixture *f)
{
  g_autoptr (GDir) d = g_dir_open (f->drafts, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    n += g_str_has_suffix (name, ".draft");
  return n;
}

static char *
model_text (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (path, &error);
  g_assert_no_error (error);
  return orr_model_save_to_data (model, NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
test_kill_and_recover (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) first = NULL;
  g_autoptr (GSubprocess) second = NULL;
  g_autofree char *example = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *original = NULL;
  g_autofree char *after_crash = NULL;
  g_autofree char *new_id = NULL;
  g_autoptr (OrrModel) recovered = NULL;
  gint64 deadline;

  f->dir = g_dir_make_tmp ("orrery-recovery-XXXXXX", &error);
  g_assert_no_error (error);
  f->drafts = g_build_filename (f->dir, "drafts", NULL);
  f->bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);

  example = g_build_filename (g_getenv ("ORRERY_EXAMPLES"), "bouncing-ball.orr", NULL);
  copy = g_build_filename (f->dir, "ball.orr", NULL);
  saved = g_build_filename (f->dir, "recovered.orr", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  original = model_text (copy);

  first = start_app (f, copy);
  activate (f, "insert-block", g_variant_new ("(sdd)", "Gain", 520.0, 240.0));
  new_id = selected_id (f);
  activate (f, "set-param", g_variant_new ("(sss)", new_id, "gain", "2*e"));

  /* the draft follows the edit within the autosave interval */
  deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;
  while (count_drafts (f) == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (100);
    }
  spin (500); /* the parameter change rides on the same or the next write */
  g_subprocess_force_exit (first);
  g_subprocess_wait (first, NULL, NULL);
  g_assert_true (g_subprocess_get_if_signaled (first));
  g_assert_cmpint (g_subprocess_get_term_sig (first), ==, SIGKILL);

  /* the crash did not touch the model's own file */
  after_crash = model_text (copy);
  g_assert_cmpstr (after_crash, ==, original);
  g_assert_cmpuint (count_drafts (f), ==, 1);

  /* wait for the bus to forget the dead instance */
  deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;
  while (window_up (f))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      spin (100);
    }

  second = start_app (f, NULL);
  activate (f, "save-to", g_variant_new_string (saved));
  recovered = orr_model_load_file (saved, &error);
  g_assert_no_error (error);
  {
    OrrBlock *gain = orr_model_find_block (recovered, new_id);
    g_autofree char *without = NULL;

    g_assert_nonnull (gain);
    g_assert_cmpstr (gain->type, ==, "Gain");
    g_assert_cmpstr (orr_block_get_param (gain, "gain"), ==, "2*e");
    /* apart from the new block, the recovered model is the original */
    orr_model_remove_block (recovered, gain);
    without = orr_model_save_to_data (recovered, NULL);
    g_assert_cmpstr (without, ==, original);
  }
  /* saved: the recovered draft is gone, and nothing is offered again */
  g_assert_cmpuint (count_drafts (f), ==, 0);

  activate (f, "close", NULL);
  g_subprocess_wait (second, NULL, NULL);
  g_clear_object (&f->bus);
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->drafts);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    return 77;
  g_test_add_func ("/app/kill-and-recover", test_kill_and_recover);
  return g_test_run ();
}
