/* test-cli-limits.c: small models that ask for huge resources, and files
 * that are not files, run through orrery-sim (docs/reliability.md,
 * "Limits"). Each must end within the test's timeout with exit status 1
 * and a message naming the block or the file, never abort, hang or eat
 * the machine's memory; each class is tried in more than one form, and a
 * model just inside a limit is shown to run. */
#include <glib.h>
#include <glib/gstdio.h>

#include <string.h>
#include <sys/stat.h>

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

static char *tmp_dir;

/* Runs orrery-sim on a model whose diagram is body; the model goes into
 * a file of the temporary folder. */
static void
run_model (Run *r, const char *name, const char *body, const char *settings)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *out = g_build_filename (tmp_dir, "out.csv", NULL);
  g_autofree char *text = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n  <settings %s/>\n"
    "  <diagram>\n%s  </diagram>\n</orrery>\n",
    settings != NULL ? settings : "final=\"1\"", body);
  g_autoptr (GError) error = NULL;
  const char *argv[] = { g_getenv ("ORRERY_SIM"), path, "-o", out, NULL };
  int wait_status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out,
                               &r->err, &wait_status, &error));
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

/* A block of the given type and parameters (name, value, ... NULL). */
static char *
block (const char *id, const char *type, const char *ports, ...)
{
  GString *s = g_string_new (NULL);
  const char *name;
  va_list args;

  g_string_append_printf (s,
                          "    <block id=\"%s\" type=\"%s\" x=\"0\" y=\"0\" width=\"40\" "
                          "height=\"40\">\n",
                          id, type);
  va_start (args, ports);
  while ((name = va_arg (args, const char *)) != NULL)
    g_string_append_printf (s, "      <param name=\"%s\">%s</param>\n", name,
                            va_arg (args, const char *));
  va_end (args);
  g_string_append_printf (s, "      <ports %s/>\n    </block>\n", ports);
  return g_string_free (s, FALSE);
}

static char *
link (const char *id, const char *from, const char *to)
{
  return g_strdup_printf ("    <link id=\"%s\" kind=\"regular\" from=\"%s\" from-port=\"1\" "
                          "to=\"%s\" to-port=\"1\"/>\n",
                          id, from, to);
}

/* A Constant of value driving a block of type with params. */
static void
run_chain (Run *r, const char *value, const char *type, const char *param, const char *expr)
{
  g_autofree char *src = block ("src", "Constant", "out=\"1\"", "value", value, NULL);
  g_autofree char *dst = block ("dst", type, "in=\"1\" out=\"1\"", param, expr, NULL);
  g_autofree char *l = link ("l1", "src", "dst");
  g_autofree char *body = g_strconcat (src, dst, l, NULL);

  run_model (r, "chain.orr", body, NULL);
}

/* Degree of a transfer function: its states, and its Jacobian (states
 * squared, 10^12 entries for degree 10^6). */
static void
test_states_and_jacobian (void)
{
  const char *const too_big[] = { "[1 zeros(1, 1e6)]", "[1 zeros(1, 5000)]" };

  for (guint i = 0; i < G_N_ELEMENTS (too_big); i++)
    {
      g_auto (Run) r = { 0 };

      run_chain (&r, "1", "TransferFunction", "den", too_big[i]);
      g_assert_cmpint (r.status, ==, 1);
      assert_contains (r.err, "dst");
      assert_contains (r.err, "Jacobian");
      assert_contains (r.err, "limit");
    }
  /* degree 50 is nothing special */
  {
    g_auto (Run) r = { 0 };

    run_chain (&r, "1", "TransferFunction", "den", "[1 zeros(1, 50)]");
    g_assert_cmpint (r.status, ==, 0);
  }
}

/* Values of 10^8 elements, in a parameter, a signal and an index list. */
static void
test_huge_values (void)
{
  struct
  {
    const char *value, *type, *param, *expr;
  } cases[] = {
    { "1:1e8", "Gain", "gain", "1" },
    { "zeros(1e4, 1e4)", "Gain", "gain", "1" },
    { "1", "Gain", "gain", "ones(1e8, 1)" },
    { "1:10", "Selector", "indices", "ones(1, 1e8)" },
    { "2^31", "Gain", "gain", "zeros(2^31, 2^31)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };

      run_chain (&r, cases[i].value, cases[i].type, cases[i].param, cases[i].expr);
      g_assert_cmpint (r.status, ==, 1);
      assert_contains (r.err, "too large");
    }
}

/* Ports: a few bytes each in the file. */
static void
test_ports (void)
{
  g_autoptr (GString) body = g_string_new (NULL);
  g_auto (Run) r = { 0 };
  g_auto (Run) one = { 0 };

  for (int i = 0; i < 11; i++)
    {
      g_autofree char *id = g_strdup_printf ("m%d", i);
      g_autofree char *b = block (id, "Mux", "in=\"100000\" out=\"1\"", NULL);

      g_string_append (body, b);
    }
  run_model (&r, "ports.orr", body->str, NULL);
  g_assert_cmpint (r.status, ==, 1);
  assert_contains (r.err, "ports in all");

  /* over the limit of one block */
  {
    g_autofree char *b = block ("m", "Mux", "in=\"100001\" out=\"1\"", NULL);

    run_model (&one, "port.orr", b, NULL);
    g_assert_cmpint (one.status, ==, 1);
    assert_contains (one.err, "100000");
  }
}

/* FromCSV on things that are not files: a pipe nobody writes, an endless
 * device. */
static void
test_from_csv_not_files (void)
{
  g_autofree char *fifo = g_build_filename (tmp_dir, "pipe.csv", NULL);
  const char *const targets[] = { fifo, "/dev/zero" };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autofree char *file = g_strdup_printf ("'%s'", targets[i]);
      g_autofree char *b
        = block ("csv", "FromCSV", "out=\"1\"", "file", file, "columns", "2", NULL);
      g_auto (Run) r = { 0 };

      run_model (&r, "csv.orr", b, NULL);
      g_assert_cmpint (r.status, !=, 0);
      assert_contains (r.err, targets[i]);
      assert_contains (r.err, "only regular files");
    }
}

/* Settings in the file: refused at load as a model error (exit 1, with
 * the file and line), never as a solver failure after compiling. */
static void
test_settings (void)
{
  struct
  {
    const char *settings, *phrase;
  } cases[] = {
    { "start=\"2\" final=\"1\"", "before the start time" },
    { "final=\"nan\"", "finite" },
    { "final=\"inf\"", "finite" },
    { "start=\"-inf\" final=\"1\"", "finite" },
    { "final=\"1\" solver=\"warp-drive\"", "unknown solver \"warp-drive\"" },
    { "final=\"1\" solver=\"rk4\" max-step=\"-1\"", "needs a step" },
    { "final=\"1\" rtol=\"-1e-6\"", "negative" },
    { "final=\"1\" atol=\"nan\"", "finite" },
    { "final=\"1\" initial-step=\"-1\"", "negative" },
    { "final=\"1\" zc-tolerance=\"inf\"", "finite" },
    { "final=\"1\" rtol=\"0\" atol=\"0\"", "both 0" },
  };
  g_autofree char *b = block ("c", "Constant", "out=\"1\"", "value", "1", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };

      run_model (&r, "settings.orr", b, cases[i].settings);
      g_assert_cmpint (r.status, ==, 1);
      assert_contains (r.err, "settings.orr:3:");
      assert_contains (r.err, cases[i].phrase);
    }
  /* the same model with sound settings runs, fixed step included */
  {
    g_auto (Run) r = { 0 };

    run_model (&r, "settings.orr", b, "final=\"1\" solver=\"rk4\" max-step=\"0.1\"");
    g_assert_cmpint (r.status, ==, 0);
  }
}

/* A SampleClock whose period cannot move time near the final time
 * (1000 s: 16 ulps are 1.8e-12 s) is refused like the other Zeno cases. */
/* A clock driving a SampleHold of a constant. */
static void
run_clock (Run *r, const char *period, const char *settings)
{
  g_autofree char *clock = block ("clk", "SampleClock", "event-out=\"1\"", "period", period, NULL);
  g_autofree char *src = block ("src", "Constant", "out=\"1\"", "value", "1", NULL);
  g_autofree char *hold = block ("hold", "SampleHold", "in=\"1\" out=\"1\" event-in=\"1\"", NULL);
  g_autofree char *l1 = link ("l1", "src", "hold");
  const char *l2 = "    <link id=\"l2\" kind=\"activation\" from=\"clk\" from-port=\"1\" "
                   "to=\"hold\" to-port=\"1\"/>\n";
  g_autofree char *body = g_strconcat (clock, src, hold, l1, l2, NULL);

  run_model (r, "clock.orr", body, settings);
}

/* A SampleClock whose period cannot move time near the final time
 * (1000 s: 16 ulps are 1.8e-12 s) is refused like the other Zeno cases. */
static void
test_sample_clock (void)
{
  const char *const periods[] = { "1e-310", "5e-324", "1e-17", "1e-13" };

  for (guint i = 0; i < G_N_ELEMENTS (periods); i++)
    {
      g_auto (Run) r = { 0 };

      run_clock (&r, periods[i], "final=\"1000\"");
      g_assert_cmpint (r.status, ==, 1);
      assert_contains (r.err, "clk");
      assert_contains (r.err, "period");
    }
  {
    g_auto (Run) r = { 0 };

    run_clock (&r, "1e-3", "final=\"1\"");
    g_assert_cmpint (r.status, ==, 0);
  }
}

/* A Scope on a signal of 2^20 + 1 elements: the recorder once sized its
 * buffer in 32-bit arithmetic and wrote past it. The CSV must hold one
 * column per element, all of them zero. */
static void
test_wide_recording (void)
{
  g_autofree char *src
    = block ("src", "Constant", "out=\"1\"", "value", "zeros(2^20 + 1, 1)", NULL);
  g_autofree char *scope = block ("scope", "Scope", "in=\"1\"", NULL);
  g_autofree char *l = link ("l1", "src", "scope");
  g_autofree char *body = g_strconcat (src, scope, l, NULL);
  g_autofree char *csv_path = g_build_filename (tmp_dir, "out.csv", NULL);
  g_autofree char *csv = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (Run) r = { 0 };

  run_model (&r, "wide.orr", body, "final=\"0\"");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  lines = g_strsplit (csv, "\n", 3);
  g_assert_nonnull (lines[0]);
  g_assert_nonnull (lines[1]);
  {
    g_auto (GStrv) header = g_strsplit (lines[0], ",", -1);
    g_auto (GStrv) row = g_strsplit (lines[1], ",", -1);

    g_assert_cmpuint (g_strv_length (header), ==, (1u << 20) + 2);
    g_assert_cmpuint (g_strv_length (row), ==, (1u << 20) + 2);
    g_assert_cmpstr (row[(1u << 20) + 1], ==, "0");
  }
}

/* x' = bias - sign(x) (|bias| < 1): the state slides on x = 0 after
 * t = 1 / (1 - bias) for x0 = 1. With the Sign's zero crossing off,
 * nothing locates the switch and the solver chatters through it; with it
 * on, the crossings repeat at one time. Either way the run stops within
 * seconds with exit 3 (as the other Zeno cases), the first naming the
 * Integrator whose state turns back at every step, the second the Sign and
 * its surface; the stop comes after the switch, well before the end. */
static void
run_sliding (Run *r, const char *bias, const char *zero_crossing, const char *solver)
{
  g_autofree char *integ = block ("Integ", "Integrator", "in=\"1\" out=\"1\"", "x0", "1", NULL);
  g_autofree char *sgn
    = block ("Sgn", "Sign", "in=\"1\" out=\"1\"", "zero_crossing", zero_crossing, NULL);
  g_autofree char *sum = block ("Neg", "Bias", "in=\"1\" out=\"1\"", "bias", bias, NULL);
  g_autofree char *gain = block ("Minus", "Gain", "in=\"1\" out=\"1\"", "gain", "-1", NULL);
  g_autofree char *l1 = link ("l1", "Integ", "Sgn");
  g_autofree char *l2 = link ("l2", "Sgn", "Minus");
  g_autofree char *l3 = link ("l3", "Minus", "Neg");
  g_autofree char *l4 = link ("l4", "Neg", "Integ");
  g_autofree char *body = g_strconcat (integ, sgn, sum, gain, l1, l2, l3, l4, NULL);
  g_autofree char *settings = g_strdup_printf ("final=\"5\" solver=\"%s\"", solver);

  run_model (r, "sliding.orr", body, settings);
}

static void
test_chattering (void)
{
  const char *const solvers[] = { "cvode-bdf", "cvode-adams", "dormand-prince", "sdirk" };
  const char *const biases[] = { "0", "0.5" };

  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    for (guint j = 0; j < G_N_ELEMENTS (biases); j++)
      {
        g_auto (Run) r = { 0 };
        double t_switch = 1 / (1 - g_ascii_strtod (biases[j], NULL));
        const char *at;

        run_sliding (&r, biases[j], "0", solvers[i]);
        g_test_message ("%s, bias %s: %s", solvers[i], biases[j], r.err);
        g_assert_cmpint (r.status, ==, 3);
        assert_contains (r.err, "chattering");
        assert_contains (r.err, "Integ");
        at = strstr (r.err, "near t = ");
        g_assert_nonnull (at);
        /* after the switch, well before the final time (5 s); the
         * explicit method's larger steps are caught later */
        g_assert_cmpfloat (g_ascii_strtod (at + strlen ("near t = "), NULL), >=, t_switch - 1e-9);
        g_assert_cmpfloat (g_ascii_strtod (at + strlen ("near t = "), NULL), <, t_switch + 1);
      }
  {
    g_auto (Run) r = { 0 };

    run_sliding (&r, "0", "1", "cvode-bdf");
    g_test_message ("located: %s", r.err);
    g_assert_cmpint (r.status, ==, 3);
    assert_contains (r.err, "Zeno behaviour near t = 1 s");
    assert_contains (r.err, "surface 1");
    assert_contains (r.err, "of Sgn");
  }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("orrery-cli-limits-XXXXXX", NULL);
  g_test_add_func ("/cli/limits/states-and-jacobian", test_states_and_jacobian);
  g_test_add_func ("/cli/limits/chattering", test_chattering);
  g_test_add_func ("/cli/limits/huge-values", test_huge_values);
  g_test_add_func ("/cli/limits/ports", test_ports);
  g_test_add_func ("/cli/limits/from-csv-not-files", test_from_csv_not_files);
  g_test_add_func ("/cli/limits/settings", test_settings);
  g_test_add_func ("/cli/limits/sample-clock", test_sample_clock);
  g_test_add_func ("/cli/limits/wide-recording", test_wide_recording);
  status = g_test_run ();
  {
    g_autoptr (GDir) d = g_dir_open (tmp_dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmp_dir, name, NULL);
        g_unlink (p);
      }
    g_rmdir (tmp_dir);
  }
  return status;
}
