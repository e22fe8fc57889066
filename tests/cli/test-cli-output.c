/* test-cli-output.c: where orrery-sim writes the signals (-o), and what
 * it prints. Standard output with "-"; a pipe or a device is written in
 * place and stays what it is (the atomic rename once replaced /dev/null
 * with a regular file when run as root); a symbolic link stays a link; a
 * folder is refused. Messages carrying control characters from a model
 * are printed escaped. */
#include <glib.h>
#include <glib/gstdio.h>

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#define assert_contains(haystack, needle)                                                          \
  G_STMT_START                                                                                     \
  {                                                                                                \
    if (strstr ((haystack), (needle)) == NULL)                                                     \
      g_error ("expected '%s' in:\n%s", (needle), (haystack));                                     \
  }                                                                                                \
  G_STMT_END

static char *
model (void)
{
  return g_test_build_filename (G_TEST_DIST, "cli", "valid.orr", NULL);
}

/* Runs orrery-sim MODEL -o target; returns the exit status. */
static int
run_to (const char *model_path, const char *target, char **out, char **err)
{
  const char *argv[] = { g_getenv ("ORRERY_SIM"), model_path, "-o", target, NULL };
  g_autoptr (GError) error = NULL;
  int wait_status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                               &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static void
test_stdout (void)
{
  g_autofree char *m = model ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (run_to (m, "-", &out, &err), ==, 0);
  /* the CSV alone on standard output, the summary on standard error */
  g_assert_true (g_str_has_prefix (out, "time,"));
  g_assert_null (strstr (out, "Simulated"));
  assert_contains (err, "Simulated 0 to 10 s");
}

static void
test_fifo (void)
{
  g_autofree char *m = model ();
  g_autofree char *dir = g_dir_make_tmp ("orrery-out-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.csv", NULL);
  const char *argv[] = { g_getenv ("ORRERY_SIM"), "-q", m, "-o", fifo, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) got = g_string_new (NULL);
  GPid pid;
  char buffer[4096];
  gssize n;
  int fd, wait_status;
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_true (
    g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  fd = g_open (fifo, O_RDONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  while ((n = read (fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (got, buffer, n);
  close (fd);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 0);
  g_assert_true (g_str_has_prefix (got->str, "time,"));
  /* still a pipe */
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A character device like /dev/null, made here so that the real one is
 * never at stake; only root may make one. */
static void
test_device (void)
{
  g_autofree char *m = model ();
  g_autofree char *dir = g_dir_make_tmp ("orrery-out-XXXXXX", NULL);
  g_autofree char *null = g_build_filename (dir, "null", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  GStatBuf st;

  if (mknod (null, S_IFCHR | 0666, makedev (1, 3)) != 0)
    {
      g_rmdir (dir);
      g_test_skip ("making a device node needs root (the FIFO test covers non-regular files)");
      return;
    }
  g_assert_cmpint (run_to (m, null, &out, &err), ==, 0);
  g_assert_cmpint (g_lstat (null, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_cmpuint (major (st.st_rdev), ==, 1);
  g_assert_cmpuint (minor (st.st_rdev), ==, 3);
  g_unlink (null);
  g_rmdir (dir);
}

static void
test_folder_and_link (void)
{
  g_autofree char *m = model ();
  g_autofree char *dir = g_dir_make_tmp ("orrery-out-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *csv = NULL;
  GStatBuf st;

  g_assert_cmpint (run_to (m, dir, &out, &err), ==, 1);
  assert_contains (err, "is a folder");

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.csv", link), ==, 0);
  g_assert_cmpint (run_to (m, link, &out2, &err2), ==, 0);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_get_contents (real, &csv, NULL, NULL));
  g_assert_true (g_str_has_prefix (csv, "time,"));
  g_unlink (link);
  g_unlink (real);
  g_rmdir (dir);
}

/* A file name made of terminal controls, reported in an error message. */
static void
test_controls_escaped (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-out-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "esc.orr", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  const char *text
    = "<orrery version=\"1.0\"><settings final=\"1\"/><diagram>"
      "<block id=\"c\" type=\"FromCSV\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">"
      "<param name=\"file\">[char(27) '[2K' char(13) 'Simulated: fine' char(155) char(7)]</param>"
      "<param name=\"columns\">2</param><ports out=\"1\"/></block></diagram></orrery>";
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (run_to (path, csv, &out, &err), ==, 1);
  for (const char *p = err; *p != '\0'; p++)
    g_assert_true ((guchar)*p >= 0x20 || *p == '\n' || *p == '\t');
  g_assert_null (strstr (err, "\xc2\x9b"));
  assert_contains (err, "\\x1b[2K\\x0dSimulated: fine\\u009b\\x07");
  g_unlink (path);
  g_unlink (csv);
  g_rmdir (dir);
}

/* Runs orrery-sim with the arguments (NULL-terminated); returns the
 * exit status. */
static int
run_args (char **out, char **err, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *arg;
  int wait_status;
  va_list args;

  g_ptr_array_add (argv, (char *)g_getenv ("ORRERY_SIM"));
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out,
                               err, &wait_status, &error));
  g_assert_no_error (error);
  return WEXITSTATUS (wait_status);
}

/* The linear solver asked for is the one used, and the summary says
 * which integrator, linear solver and maximum step ran, and the times. */
static void
test_linear_solver_and_summary (void)
{
  g_autofree char *chain = g_test_build_filename (G_TEST_DIST, "models", "lag-chain.orr", NULL);
  g_autofree char *dir = g_dir_make_tmp ("orrery-out-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  struct
  {
    const char *kind, *expected;
  } cases[] = {
    { "klu", "sparse LU (KLU)" },
    { "band", "band LU" },
    { "dense", "dense LU" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (
        run_args (&out, &err, chain, "-o", csv, "--linear-solver", cases[i].kind, NULL), ==, 0);
      assert_contains (out, "  solver: cvode-bdf");
      assert_contains (out, cases[i].expected);
      assert_contains (out, "maximum step");
      assert_contains (out, "  times: load ");
      assert_contains (out, ", compile ");
      assert_contains (out, ", simulation ");
    }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (run_args (&out, &err, chain, "--linear-solver", "lu", NULL), ==, 2);
    assert_contains (err, "auto, dense, band and klu");
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (run_args (&out, &err, "--help", NULL), ==, 0);
    assert_contains (out, "cvode-bdf");
    assert_contains (out, "rk4");
    assert_contains (out, "--linear-solver");
    assert_contains (out, "klu");
  }
  g_unlink (csv);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/output/stdout", test_stdout);
  g_test_add_func ("/cli/output/fifo", test_fifo);
  g_test_add_func ("/cli/output/device", test_device);
  g_test_add_func ("/cli/output/folder-and-link", test_folder_and_link);
  g_test_add_func ("/cli/output/controls-escaped", test_controls_escaped);
  g_test_add_func ("/cli/output/linear-solver-and-summary", test_linear_solver_and_summary);
  return g_test_run ();
}
