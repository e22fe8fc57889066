/* test-cli.c: orrery-sim as a user runs it: options, exit codes (0 ok,
 * 1 model error, 2 usage), the summary, context overrides and the messages
 * for broken models. The program's path comes from ORRERY_SIM. */
#include <glib.h>
#include <glib/gstdio.h>

#include <string.h>

typedef struct
{
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "cli", name, NULL);
}

/* Runs orrery-sim with the arguments (NULL-terminated). */
static void
run_sim (Run *r, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *sim = g_getenv ("ORRERY_SIM");
  const char *arg;
  int wait_status;
  va_list args;

  g_assert_nonnull (sim);
  g_ptr_array_add (argv, (char *)sim);
  va_start (args, r);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &r->out, &r->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
}

#define assert_contains(haystack, needle)                                                          \
  G_STMT_START                                                                                     \
  {                                                                                                \
    if (strstr ((haystack), (needle)) == NULL)                                                     \
      g_error ("expected '%s' in:\n%s", (needle), (haystack));                                     \
  }                                                                                                \
  G_STMT_END

static void
test_version_and_help (void)
{
  g_auto (Run) v = { 0 };
  g_auto (Run) h = { 0 };

  run_sim (&v, "--version", NULL);
  g_assert_cmpint (v.status, ==, 0);
  g_assert_true (g_str_has_prefix (v.out, "orrery-sim "));

  run_sim (&h, "--help", NULL);
  g_assert_cmpint (h.status, ==, 0);
  assert_contains (h.out, "--set=NAME=EXPR");
  assert_contains (h.out, "--final-time=T");
  assert_contains (h.out, "--max-runs=N");
  assert_contains (h.out, "signals\nof the last run only");
  assert_contains (h.out, "Exit status");
  assert_contains (h.out, "3  the solver failed");
}

static void
test_usage_errors (void)
{
  g_autofree char *model = fixture ("valid.orr");
  struct
  {
    const char *args[4];
    const char *message;
  } cases[] = {
    { { NULL }, "no model file given" },
    { { "--frobnicate", NULL }, "Unknown option" },
    { { model, model, NULL }, "one model at a time" },
    { { model, "--set", "K", NULL }, "--set needs NAME=EXPR" },
    { { model, "--set", "2x=1", NULL }, "not a variable name" },
    { { model, "--set", "pi=3", NULL }, "built-in name" },
    { { model, "--set", "K=(1+", NULL }, "--set K: line 1, column" },
    { { model, "--final-time", "soon", NULL }, "--final-time needs a number" },
    { { model, "--final-time", "-1", NULL }, "is not after the start time" },
    { { model, "--solver", "magic", NULL }, "unknown solver 'magic'" },
    { { model, "--max-runs", "0", NULL }, "--max-runs needs a number of runs of at least 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };
      const char **a = cases[i].args;
      run_sim (&r, a[0], a[0] ? a[1] : NULL, a[0] && a[1] ? a[2] : NULL,
               a[0] && a[1] && a[2] ? a[3] : NULL, NULL);
      g_assert_cmpint (r.status, ==, 2);
      assert_contains (r.err, cases[i].message);
      assert_contains (r.err, "orrery-sim --help");
    }
}

static void
test_summary (void)
{
  g_autofree char *model = fixture ("valid.orr");
  g_auto (Run) r = { 0 };

  run_sim (&r, model, NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* 5 blocks at the top, 3 inside the super block; 6 links, 1 activation */
  assert_contains (r.out, "blocks: 8 (1 super blocks, 0 masked), links: 6 (1 activation)");
  assert_contains (r.out, "time: 0 to 10 s, solver auto, rtol 1e-06, atol 1e-08, max step auto");
  assert_contains (r.out, "    G = 6\n");
  assert_contains (r.out, "    K = 2\n");
  /* value (1) + plant's ports (2) + gain (1) + scope (1) + clock (2) */
  assert_contains (r.out, "parameters: 7 evaluated, no problems");
  /* the clock ticks every 0.1 s over [0, 10]: 101 events */
  assert_contains (r.out, "Simulated 0 to 10 s: ");
  assert_contains (r.out, " 101 events");
  g_assert_cmpstr (r.err, ==, "");
}

static void
test_overrides_and_settings (void)
{
  g_autofree char *model = fixture ("valid.orr");
  g_auto (Run) r = { 0 };
  g_auto (Run) q = { 0 };

  run_sim (&r, model, "--set", "K=5", "--final-time", "2.5", "--solver", "rk4", NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* the context's own K = 2 loses, and G = K * 3 follows the override */
  assert_contains (r.out, "    K = 5  (set on the command line)\n");
  assert_contains (r.out, "    G = 15\n");
  assert_contains (r.out, "time: 0 to 2.5 s, solver rk4");

  run_sim (&q, "--quiet", model, NULL);
  g_assert_cmpint (q.status, ==, 0);
  g_assert_cmpstr (q.out, ==, "");
  g_assert_cmpstr (q.err, ==, "");
}

static void
test_model_errors (void)
{
  g_autofree char *missing = fixture ("no-such-model.orr");
  g_autofree char *truncated = fixture ("truncated.orr");
  g_autofree char *bad = fixture ("bad-params.orr");
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_auto (Run) c = { 0 };

  run_sim (&a, missing, NULL);
  g_assert_cmpint (a.status, ==, 1);
  assert_contains (a.err, "no-such-model.orr");

  run_sim (&b, truncated, NULL);
  g_assert_cmpint (b.status, ==, 1);
  assert_contains (b.err, "truncated.orr:");

  /* every problem, each with the block's path */
  run_sim (&c, bad, NULL);
  g_assert_cmpint (c.status, ==, 1);
  assert_contains (c.err, "Source, parameter 'value': ");
  assert_contains (c.err, "Plant/Gain1, parameter 'gain': ");
  assert_contains (c.err, "taux");
  assert_contains (c.err, "2 problems; nothing was simulated");
  g_assert_cmpstr (c.out, ==, "");
}

/* Splits one CSV line without quoted fields (the test models' paths have
 * no commas). */
static char **
csv_split (const char *line)
{
  return g_strsplit (line, ",", -1);
}

static int
column_of (char **header, const char *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (strcmp (header[i], name) == 0)
      return i;
  g_error ("no column %s", name);
  return -1;
}

/* The acceptance run: the bouncing ball to CSV, impacts from the
 * rows where the impact counter recorded, checked against SEMANTICS 9
 * (1e-4); the height never goes below the floor by more than 1e-6. */
static void
test_bouncing_ball_csv (void)
{
  g_autofree char *model = g_test_build_filename (G_TEST_DIST, "models", "bouncing-ball.orr", NULL);
  g_autofree char *dir = g_dir_make_tmp ("orrery-cli-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;
  g_auto (Run) r = { 0 };
  const double impacts[] = { 1.42784, 3.99796, 6.31107, 8.39286, 10.26648 };
  int c_time, c_height, c_impacts;
  guint found = 0, rows = 0;

  run_sim (&r, model, "--final-time", "11", "--output", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  assert_contains (r.out, "Simulated 0 to 11 s");
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  header = csv_split (lines[0]);
  c_time = column_of (header, "time");
  c_height = column_of (header, "Trajectory[1]");
  c_impacts = column_of (header, "Impacts[1]");
  g_assert_cmpint (c_time, ==, 0);

  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) f = csv_split (lines[i]);
      double t = g_ascii_strtod (f[c_time], NULL);
      rows++;
      if (f[c_height][0] != '\0')
        g_assert_cmpfloat (g_ascii_strtod (f[c_height], NULL), >, -1e-6);
      if (f[c_impacts][0] != '\0')
        {
          g_assert_cmpuint (found, <, G_N_ELEMENTS (impacts));
          g_assert_cmpfloat_with_epsilon (t, impacts[found], 1e-4);
          g_assert_cmpfloat (g_ascii_strtod (f[c_impacts], NULL), ==, found + 1);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (impacts));
  g_assert_cmpuint (rows, >, 100);
  g_unlink (csv);
  g_rmdir (dir);
}

/* tests/models/newton-restart.orr: one Newton step on p^2 - 2 per run,
 * from p = 1, restarting while |p^2 - 2| > 1e-12 (the count, 6, is worked
 * out in tests/palettes/activation/test-end-restart.c). The CSV holds the
 * last run only: one sample at t = 0 of pnew, sqrt(2) to 1e-12. With at
 * most 3 runs the model fails instead, naming its End block. */
static void
test_restart_runs (void)
{
  g_autofree char *model
    = g_test_build_filename (G_TEST_DIST, "models", "newton-restart.orr", NULL);
  g_autofree char *forever
    = g_test_build_filename (G_TEST_DIST, "models", "restart-forever.orr", NULL);
  g_autofree char *dir = g_dir_make_tmp ("orrery-cli-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;
  g_auto (GStrv) row = NULL;
  g_auto (Run) r = { 0 };
  g_auto (Run) f = { 0 };
  g_auto (Run) q = { 0 };

  run_sim (&r, model, "--output", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  assert_contains (r.out, "Runs: 6 (End blocks restarted the model 5 times");
  assert_contains (r.out, "Simulated 0 to 0 s (stopped)");
  /* the context as the first run sees it; the run counter is not shown */
  assert_contains (r.out, "    p = 1\n");
  g_assert_null (strstr (r.out, "__counter__"));
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3); /* header, one row, the final newline */
  header = csv_split (lines[0]);
  row = csv_split (lines[1]);
  g_assert_cmpfloat (g_ascii_strtod (row[column_of (header, "time")], NULL), ==, 0);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (row[column_of (header, "pnew")], NULL), G_SQRT2,
                                  1e-12);

  run_sim (&f, model, "--max-runs", "3", NULL);
  g_assert_cmpint (f.status, ==, 1);
  assert_contains (f.err, "Again asked for run 4, but at most 3 runs are allowed");

  run_sim (&q, "--quiet", "--max-runs", "2", forever, NULL);
  g_assert_cmpint (q.status, ==, 1);
  assert_contains (q.err, "Forever asked for run 3");
  g_assert_cmpstr (q.out, ==, "");
  g_unlink (csv);
  g_rmdir (dir);
}

/* A model a hundred times bigger than a usual one (10 000 blocks instead
 * of a hundred), written as a file the way a generator or a careless copy
 * and paste would: it loads, compiles and runs like a small one. Time
 * feeds 10 000 gains alternating 2 and 1/2 (together exactly 1), then an
 * Integrator: y(t) = t^2 / 2. */
static void
test_big_model (void)
{
  const int n_gains = 10000;
  g_autofree char *dir = g_dir_make_tmp ("orrery-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.orr", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autoptr (GString) xml = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;
  g_auto (GStrv) last = NULL;
  g_auto (Run) r = { 0 };
  guint n_lines;
  int c_y;

  g_string_append (xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"
                        "  <settings start=\"0\" final=\"2\" solver=\"auto\" rtol=\"1e-08\" "
                        "atol=\"1e-10\" max-step=\"0\"/>\n  <diagram>\n");
  g_string_append (xml, "    <block id=\"t\" type=\"Time\" x=\"0\" y=\"0\" width=\"40\" "
                        "height=\"40\"><ports out=\"1\"/></block>\n");
  for (int i = 1; i <= n_gains; i++)
    g_string_append_printf (xml,
                            "    <block id=\"g%d\" type=\"Gain\" x=\"%d\" y=\"%d\" width=\"40\" "
                            "height=\"40\"><param name=\"gain\">%s</param>"
                            "<ports in=\"1\" out=\"1\"/></block>\n",
                            i, 60 * (i % 100), 60 * (i / 100), i % 2 ? "2" : "0.5");
  g_string_append (xml,
                   "    <block id=\"x\" type=\"Integrator\" x=\"0\" y=\"-60\" width=\"40\" "
                   "height=\"40\"><ports in=\"1\" out=\"1\"/></block>\n"
                   "    <block id=\"out\" type=\"SignalOut\" x=\"60\" y=\"-60\" width=\"40\" "
                   "height=\"40\"><param name=\"name\">'y'</param><ports in=\"1\"/></block>\n");
  g_string_append (xml, "    <link id=\"l0\" kind=\"regular\" from=\"t\" from-port=\"1\" to=\"g1\" "
                        "to-port=\"1\"/>\n");
  for (int i = 1; i < n_gains; i++)
    g_string_append_printf (xml,
                            "    <link id=\"l%d\" kind=\"regular\" from=\"g%d\" from-port=\"1\" "
                            "to=\"g%d\" to-port=\"1\"/>\n",
                            i, i, i + 1);
  g_string_append_printf (
    xml,
    "    <link id=\"lx\" kind=\"regular\" from=\"g%d\" from-port=\"1\" to=\"x\" "
    "to-port=\"1\"/>\n    <link id=\"ly\" kind=\"regular\" from=\"x\" "
    "from-port=\"1\" to=\"out\" to-port=\"1\"/>\n  </diagram>\n</orrery>\n",
    n_gains);
  g_assert_true (g_file_set_contents (path, xml->str, xml->len, NULL));

  run_sim (&r, path, "--output", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  assert_contains (r.out, "blocks: 10003");
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  header = csv_split (lines[0]);
  c_y = column_of (header, "y");
  n_lines = g_strv_length (lines);
  g_assert_cmpuint (n_lines, >, 3);
  last = csv_split (lines[n_lines - 2]); /* the text ends with a newline */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (last[0], NULL), 2.0, 1e-12);
  /* t^2 / 2 at t = 2, to the tolerances asked for */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (last[c_y], NULL), 2.0, 1e-6);
  g_unlink (csv);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/version-and-help", test_version_and_help);
  g_test_add_func ("/cli/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/summary", test_summary);
  g_test_add_func ("/cli/overrides-and-settings", test_overrides_and_settings);
  g_test_add_func ("/cli/model-errors", test_model_errors);
  g_test_add_func ("/cli/bouncing-ball-csv", test_bouncing_ball_csv);
  g_test_add_func ("/cli/big-model", test_big_model);
  g_test_add_func ("/cli/restart-runs", test_restart_runs);
  return g_test_run ();
}
