/* test-library-cli.c: orrery-sim running a model whose Ball block comes
 * from the library in tests/library/cli/mech, with and without --library.
 * The fixtures are written by hand: the Ball is Constant(-g) ->
 * Integrator(0) -> Gain(e), and the model sets g = 2, e = 0.5, so the
 * Scope must read y(1) = -e g = -1 (to 1e-6; rtol 1e-10) either way: the
 * copy stored in the model is what runs. The program's path comes from
 * ORRERY_SIM. */
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#define MISSING "Ball: library 'mech' not found; using the copy stored in the model"

static char *data_home;

/* Runs orrery-sim on the fixture model with extra arguments before it
 * (NULL-terminated); returns the exit status, the final Scope value read
 * from the CSV it wrote, and its stderr. */
static int
run_ball (double *final_value, char **err, ...)
{
  g_autofree char *model = g_test_build_filename (G_TEST_DIST, "library", "cli", "ball.orr", NULL);
  g_autofree char *csv = g_build_filename (data_home, "out.csv", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) last = NULL;
  const char *arg;
  int wait_status;
  guint n;
  va_list args;

  g_ptr_array_add (argv, (char *)g_getenv ("ORRERY_SIM"));
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *)arg);
  va_end (args);
  g_ptr_array_add (argv, "--quiet");
  g_ptr_array_add (argv, "--output");
  g_ptr_array_add (argv, csv);
  g_ptr_array_add (argv, model);
  g_ptr_array_add (argv, NULL);
  g_assert_nonnull (argv->pdata[0]);

  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));

  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpstr (lines[0], ==, "time,Scope[1]");
  g_assert_cmpuint (n, >=, 3);
  last = g_strsplit (lines[n - 2], ",", -1); /* the text ends with a newline */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (last[0], NULL), 1.0, 1e-12);
  *final_value = g_ascii_strtod (last[1], NULL);
  g_unlink (csv);
  return WEXITSTATUS (wait_status);
}

static void
test_without_library (void)
{
  g_autofree char *err = NULL;
  double y = 0;

  g_assert_cmpint (run_ball (&y, &err, NULL), ==, 0);
  g_assert_cmpfloat_with_epsilon (y, -1.0, 1e-6);
  g_assert_nonnull (strstr (err, "warning: " MISSING "\n"));
}

static void
test_with_library (void)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "library", "cli", NULL);
  g_autofree char *library = g_test_build_filename (G_TEST_DIST, "library", "cli", "mech", NULL);
  g_autofree char *err = NULL;
  g_autofree char *err2 = NULL;
  double y = 0;

  /* a folder of libraries, or the library itself: same version, silent */
  g_assert_cmpint (run_ball (&y, &err, "--library", folder, NULL), ==, 0);
  g_assert_cmpfloat_with_epsilon (y, -1.0, 1e-6);
  g_assert_cmpstr (err, ==, "");
  g_assert_cmpint (
    run_ball (&y, &err2, "--library", "/nonexistent-orrery-library", "--library", library, NULL),
    ==, 0);
  g_assert_cmpfloat_with_epsilon (y, -1.0, 1e-6);
  g_assert_nonnull (strstr (err2, "no such library folder"));
  g_assert_null (strstr (err2, MISSING));
}

/* The hand-written fixtures are what the engine reads and writes: the
 * model keeps its reference byte for byte, and the library's Ball is the
 * block stored in the model. */
static void
test_fixtures (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "library", "cli", "ball.orr", NULL);
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "library", "cli", "mech", NULL);
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (path, &error);
  g_autoptr (OrrLibrary) library = NULL;
  g_autoptr (OrrBlock) ball = NULL;
  OrrBlock *stored;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  saved = orr_model_save_to_data (model, NULL);
  g_assert_cmpstr (saved, ==, text);

  library = orr_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_true (orr_library_is_locked (library));
  ball = orr_library_load_block (library, "mechanics/Ball", &error);
  g_assert_no_error (error);
  stored = orr_model_find_block (model, "b1");
  g_assert_true (orr_library_ref_equal (stored->libref, ball->libref));
  g_assert_cmpuint (stored->child->blocks->len, ==, ball->child->blocks->len);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* no user's installed libraries */
  data_home = g_dir_make_tmp ("orrery-library-cli-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_add_func ("/library-cli/without-library", test_without_library);
  g_test_add_func ("/library-cli/with-library", test_with_library);
  g_test_add_func ("/library-cli/fixtures", test_fixtures);
  status = g_test_run ();
  g_rmdir (data_home);
  g_free (data_home);
  return status;
}
