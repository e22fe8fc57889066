/* test-examples.c: the example models of "Open Example" (data/examples),
 * run through orrery-sim as a user would (its path comes from ORRERY_SIM).
 * Every example in index.xml loads, compiles and simulates without a
 * problem or a warning, the index lists exactly the .orr files present,
 * and each example's recorded signals (its SignalOut blocks, as CSV
 * columns) are checked against values derived here independently: closed
 * forms, an exact discretisation, event counts and a reference
 * integration of the documented equations. The numbers below repeat the
 * examples' contexts: change both together. */
#include <glib.h>
#include <glib/gstdio.h>

#include <math.h>
#include <string.h>

/* ---- running the simulator ---------------------------------------------- */

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
examples_dir (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", NULL);
}

static char *
example (const char *name)
{
  g_autofree char *dir = examples_dir ();
  return g_build_filename (dir, name, NULL);
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

/* A run that went well: exit 0, the summary says no problems and nothing
 * was warned about. */
static void
assert_clean_run (const Run *r, const char *name)
{
  g_autofree char *lower = g_ascii_strdown (r->out, -1);

  if (r->status != 0 || r->err[0] != '\0')
    g_error ("%s: exit %d\n%s%s", name, r->status, r->out, r->err);
  assert_contains (r->out, "no problems");
  assert_contains (r->out, "Simulated ");
  if (strstr (lower, "warn") != NULL)
    g_error ("%s: a warning in the summary:\n%s", name, r->out);
}

/* ---- CSV ----------------------------------------------------------------- */

/* The command line's CSV: time, then one column per recorded channel; each
 * row fills the columns of one recording block, the others are empty (NAN
 * here). */
typedef struct
{
  char **names;
  guint n_cols;
  GArray *values; /* of double, n_cols per row */
  guint n_rows;
} Csv;

static void
csv_free (Csv *csv)
{
  g_strfreev (csv->names);
  g_array_unref (csv->values);
  g_free (csv);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Csv, csv_free)

static Csv *
csv_load (const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  Csv *csv = g_new0 (Csv, 1);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  csv->names = g_strsplit (lines[0], ",", -1);
  csv->n_cols = g_strv_length (csv->names);
  csv->values = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, csv->n_cols);
      for (guint c = 0; c < csv->n_cols; c++)
        {
          double v = f[c][0] == '\0' ? NAN : g_ascii_strtod (f[c], NULL);
          g_array_append_val (csv->values, v);
        }
      csv->n_rows++;
    }
  return csv;
}

static int
csv_column (const Csv *csv, const char *name)
{
  for (guint c = 0; c < csv->n_cols; c++)
    if (strcmp (csv->names[c], name) == 0)
      return c;
  g_error ("no column %s", name);
  return -1;
}

static double
csv_at (const Csv *csv, guint row, int col)
{
  return g_array_index (csv->values, double, row * csv->n_cols + col);
}

/* Simulates an example (with extra arguments, NULL-terminated) and loads
 * its CSV. */
static Csv *
simulate (const char *name, ...)
{
  g_autofree char *model = example (name);
  g_autofree char *dir = g_dir_make_tmp ("orrery-examples-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *sim = g_getenv ("ORRERY_SIM");
  g_auto (Run) r = { 0 };
  const char *arg;
  int wait_status;
  va_list args;
  Csv *csv;

  g_ptr_array_add (argv, (char *)sim);
  g_ptr_array_add (argv, model);
  g_ptr_array_add (argv, (char *)"--output");
  g_ptr_array_add (argv, path);
  va_start (args, name);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r.status = WEXITSTATUS (wait_status);
  assert_clean_run (&r, name);

  csv = csv_load (path);
  g_assert_cmpstr (csv->names[0], ==, "time");
  g_assert_cmpuint (csv->n_rows, >, 0);
  g_unlink (path);
  g_rmdir (dir);
  return csv;
}

/* ---- the index ------------------------------------------------------------ */

typedef struct
{
  GPtrArray *files;
} Index;

static void
index_start (GMarkupParseContext *context, const char *element, const char **names,
             const char **values, gpointer data, GError **error)
{
  Index *index = data;
  const char *file = NULL, *title = NULL, *description = NULL;

  if (strcmp (element, "examples") == 0)
    return;
  g_assert_cmpstr (element, ==, "example");
  g_assert_true (g_markup_collect_attributes (
    element, names, values, error, G_MARKUP_COLLECT_STRING, "file", &file, G_MARKUP_COLLECT_STRING,
    "title", &title, G_MARKUP_COLLECT_STRING, "description", &description,
    G_MARKUP_COLLECT_INVALID));
  g_assert_true (g_str_has_suffix (file, ".orr"));
  g_assert_null (strchr (file, '/'));
  g_assert_cmpuint (strlen (title), >, 0);
  /* one plain sentence */
  g_assert_cmpuint (strlen (description), >, 10);
  g_assert_true (g_str_has_suffix (description, "."));
  g_ptr_array_add (index->files, g_strdup (file));
}

static GPtrArray *
index_files (void)
{
  static const GMarkupParser parser = { .start_element = index_start };
  g_autofree char *path = example ("index.xml");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GMarkupParseContext) context = NULL;
  Index index = { g_ptr_array_new_with_free_func (g_free) };
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, 0, &index, NULL);
  g_assert_true (g_markup_parse_context_parse (context, text, length, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  return index.files;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* The index lists every .orr file of the folder once, and nothing else;
 * the bouncing ball comes first. */
static void
test_index (void)
{
  g_autoptr (GPtrArray) listed = index_files ();
  g_autoptr (GPtrArray) present = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = examples_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  const char *entry;

  g_assert_no_error (error);
  while ((entry = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (entry, ".orr"))
      g_ptr_array_add (present, g_strdup (entry));

  g_assert_cmpuint (listed->len, >=, 7);
  g_assert_cmpstr (g_ptr_array_index (listed, 0), ==, "bouncing-ball.orr");
  g_ptr_array_sort (listed, compare_strings);
  g_ptr_array_sort (present, compare_strings);
  for (guint i = 0; i + 1 < listed->len; i++)
    g_assert_cmpstr (g_ptr_array_index (listed, i), !=, g_ptr_array_index (listed, i + 1));
  g_assert_cmpuint (listed->len, ==, present->len);
  for (guint i = 0; i < listed->len; i++)
    g_assert_cmpstr (g_ptr_array_index (listed, i), ==, g_ptr_array_index (present, i));
}

/* Every example as shipped: loads, evaluates, compiles and simulates over
 * its own time span without problems or warnings. */
static void
test_all_run (void)
{
  g_autoptr (GPtrArray) listed = index_files ();

  for (guint i = 0; i < listed->len; i++)
    {
      g_autofree char *model = example (g_ptr_array_index (listed, i));
      g_auto (Run) r = { 0 };

      g_test_message ("running %s", model);
      run_sim (&r, model, NULL);
      assert_clean_run (&r, model);
    }
}

/* ---- PID speed control ------------------------------------------------------ */

/* The documented equations of the model, integrated here by classical
 * Runge-Kutta with a small fixed step, independently of the simulator:
 *   e = r - w;  V = Kp e + Ki xi + Kd N (e - f);  xi' = e;  f' = N (e - f)
 *   L i' = V - R i - Km w;  J w' = Km i - b w - T_load(t). */
enum
{
  PID_R,
  PID_L,
  PID_KM,
  PID_J,
  PID_B,
  PID_KP,
  PID_KI,
  PID_KD,
  PID_N,
  PID_WREF,
  PID_TREF,
  PID_TLOAD,
  PID_T_LOAD
};
static const double pid[]
  = { 2, 0.05, 0.1, 0.001, 0.0001, 0.5, 2.5, 0.001, 100, 100, 0.1, 0.05, 1 };

static void
pid_rhs (double t, const double *x, double *dx)
{
  double r = t >= pid[PID_TREF] ? pid[PID_WREF] : 0;
  double load = t >= pid[PID_T_LOAD] ? pid[PID_TLOAD] : 0;
  double e = r - x[3];
  double v = pid[PID_KP] * e + pid[PID_KI] * x[0] + pid[PID_KD] * pid[PID_N] * (e - x[1]);

  dx[0] = e;
  dx[1] = pid[PID_N] * (e - x[1]);
  dx[2] = (v - pid[PID_R] * x[2] - pid[PID_KM] * x[3]) / pid[PID_L];
  dx[3] = (pid[PID_KM] * x[2] - pid[PID_B] * x[3] - load) / pid[PID_J];
}

/* Advances x from t0 to t1 in steps of at most h; the inputs jump only at
 * the step times, which the caller never steps across. */
static void
pid_advance (double *x, double t0, double t1)
{
  const double h = 1e-5;
  int n = (int)ceil ((t1 - t0) / h - 1e-9);

  for (int s = 0; s < n; s++)
    {
      double dt = (t1 - t0) / n, t = t0 + s * dt;
      double k1[4], k2[4], k3[4], k4[4], y[4];

      pid_rhs (t, x, k1);
      for (int i = 0; i < 4; i++)
        y[i] = x[i] + dt / 2 * k1[i];
      pid_rhs (t + dt / 2, y, k2);
      for (int i = 0; i < 4; i++)
        y[i] = x[i] + dt / 2 * k2[i];
      pid_rhs (t + dt / 2, y, k3);
      for (int i = 0; i < 4; i++)
        y[i] = x[i] + dt * k3[i];
      pid_rhs (t + dt, y, k4);
      for (int i = 0; i < 4; i++)
        x[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
}

static void
test_pid (void)
{
  g_autoptr (Csv) csv = simulate ("pid-speed-control.orr", NULL);
  int c_w = csv_column (csv, "speed");
  const double w_ref = pid[PID_WREF];
  const double breaks[] = { pid[PID_TREF], pid[PID_T_LOAD], INFINITY };
  double x[4] = { 0, 0, 0, 0 }, t = 0, worst = 0, last_t = -1, last_w = NAN;
  guint b = 0, n = 0;

  for (guint i = 0; i < csv->n_rows; i++)
    {
      double ti = csv_at (csv, i, 0), w = csv_at (csv, i, c_w);

      if (isnan (w))
        continue;
      /* the reference, stopping at the input steps */
      while (ti > breaks[b])
        {
          pid_advance (x, t, breaks[b]);
          t = breaks[b++];
        }
      pid_advance (x, t, ti);
      t = ti;
      worst = MAX (worst, fabs (w - x[3]));
      /* 0.01 rad/s: 1e-4 of the setpoint, for a run at rtol 1e-6 */
      if (fabs (w - x[3]) > 0.01)
        g_error ("speed %.9g at t = %.9g, the reference says %.9g", w, ti, x[3]);
      /* settled within 1 % of the setpoint from 0.6 s until the load step,
       * and again from 1.5 s: the integral action removes the error that
       * the load torque causes (final value theorem) */
      if ((ti >= 0.6 && ti < pid[PID_T_LOAD]) || ti >= 1.5)
        g_assert_cmpfloat (fabs (w - w_ref), <, 0.01 * w_ref);
      last_t = ti;
      last_w = w;
      n++;
    }
  g_test_message ("PID: %u samples, largest difference from the reference %g rad/s", n, worst);
  g_assert_cmpuint (n, >, 50);
  g_assert_cmpfloat (last_t, ==, 2);
  /* at the end, within 0.1 % */
  g_assert_cmpfloat (fabs (last_w - w_ref), <, 1e-3 * w_ref);
}

/* ---- sampled-data controller ---------------------------------------------- */

/* The process K/(tau s + 1) behind a zero-order hold, discretised exactly
 * for the period Ts: y[k+1] = a y[k] + K (1 - a) u[k], a = exp(-Ts/tau);
 * the controller u[k] = u[k-1] + (Kc + Ki Ts) e[k] - Kc e[k-1] with
 * e[k] = r(k Ts) - y[k]. The simulator must give the same u and y at every
 * sample instant. */
static void
test_sampled_data (void)
{
  const double K = 2, tau = 1, Ts = 0.2, Kc = 1, Ki = 1, r = 1, t_r = 0.5, tf = 6;
  const int n_samples = (int)floor (tf / Ts + 1e-9) + 1;
  g_autoptr (Csv) csv = simulate ("sampled-data-controller.orr", NULL);
  int c_u = csv_column (csv, "u"), c_y = csv_column (csv, "y");
  g_autofree double *u_sim = g_new (double, n_samples);
  g_autofree double *y_sim = g_new (double, n_samples);
  double a = exp (-Ts / tau), y = 0, u = 0, e_before = 0;
  int n_u = 0;

  for (int k = 0; k < n_samples; k++)
    u_sim[k] = y_sim[k] = NAN;
  for (guint i = 0; i < csv->n_rows; i++)
    {
      double t = csv_at (csv, i, 0);
      int k = (int)lround (t / Ts);
      gboolean at_sample = fabs (t - k * Ts) < 1e-9;

      if (!isnan (csv_at (csv, i, c_u)))
        {
          /* the command changes only at sample instants, once per sample */
          g_assert_true (at_sample);
          g_assert_true (isnan (u_sim[k]));
          u_sim[k] = csv_at (csv, i, c_u);
          n_u++;
        }
      if (!isnan (csv_at (csv, i, c_y)) && at_sample)
        y_sim[k] = csv_at (csv, i, c_y);
    }
  g_assert_cmpint (n_u, ==, n_samples);

  for (int k = 0; k < n_samples; k++)
    {
      double e = (k * Ts >= t_r ? r : 0) - y;

      u += (Kc + Ki * Ts) * e - Kc * e_before;
      e_before = e;
      g_assert_false (isnan (y_sim[k]));
      g_assert_cmpfloat_with_epsilon (u_sim[k], u, 1e-6);
      g_assert_cmpfloat_with_epsilon (y_sim[k], y, 1e-6);
      y = a * y + K * (1 - a) * u;
    }
  /* the integral action brings the output to the setpoint */
  g_assert_cmpfloat (fabs (y_sim[n_samples - 1] - r), <, 0.01);
}

/* ---- event-delay clock ------------------------------------------------------ */

/* Ticks at 0, T, 2T ...: the counter shows n at (n - 1) T and ends at
 * floor(tf / T) + 1 (the final time included). */
static void
check_clock (double T, double tf, const char *set)
{
  g_autofree char *final = g_strdup_printf ("%g", tf);
  g_autoptr (Csv) csv
    = set ? simulate ("event-delay-clock.orr", "--set", set, "--final-time", final, NULL)
          : simulate ("event-delay-clock.orr", NULL);
  int c = csv_column (csv, "ticks");
  double count = 0;

  for (guint i = 0; i < csv->n_rows; i++)
    {
      double v = csv_at (csv, i, c);
      if (isnan (v))
        continue;
      g_assert_cmpfloat (v, ==, count + 1);
      g_assert_cmpfloat_with_epsilon (csv_at (csv, i, 0), count * T, 1e-9);
      count = v;
    }
  g_assert_cmpfloat (count, ==, floor (tf / T + 1e-9) + 1);
}

static void
test_event_delay_clock (void)
{
  check_clock (0.5, 10, NULL); /* as shipped: 21 ticks */
  check_clock (0.3, 10, "T=0.3");
  check_clock (0.7, 7.5, "T=0.7");
}

/* ---- queue ----------------------------------------------------------------- */

/* Goes through the rows: at the end of every instant, arrivals minus
 * departures equals the number of customers the model keeps, which never
 * goes negative. Returns the last values. */
static void
check_conservation (const Csv *csv, double *arrivals, double *departures, double *queue)
{
  int ca = csv_column (csv, "arrivals"), cd = csv_column (csv, "departures");
  int cq = csv_column (csv, "queue");
  double a = 0, d = 0, q = 0;

  for (guint i = 0; i < csv->n_rows; i++)
    {
      double t = csv_at (csv, i, 0);

      if (!isnan (csv_at (csv, i, ca)))
        a = csv_at (csv, i, ca);
      if (!isnan (csv_at (csv, i, cd)))
        d = csv_at (csv, i, cd);
      if (!isnan (csv_at (csv, i, cq)))
        q = csv_at (csv, i, cq);
      if (i + 1 == csv->n_rows || csv_at (csv, i + 1, 0) != t)
        {
          if (a - d != q)
            g_error ("at t = %.17g: %g arrivals - %g departures != %g customers", t, a, d, q);
          g_assert_cmpfloat (q, >=, 0);
        }
    }
  *arrivals = a;
  *departures = d;
  *queue = q;
}

static void
test_queue (void)
{
  double a, d, q;

  /* as shipped, random: conservation only */
  {
    g_autoptr (Csv) csv = simulate ("queue.orr", NULL);
    check_conservation (csv, &a, &d, &q);
    g_assert_cmpfloat (a, >, 50);
  }
  /* fixed times, service shorter than the time between arrivals: arrivals
   * at 1, 2 ... 100 (tf = 100.5), each served at once and gone 0.8 later:
   * departures at k + 0.8 <= 100.5, so 99, and one customer left */
  {
    g_autoptr (Csv) csv = simulate ("queue.orr", "--set", "random=0", "--set", "Tarr=1", "--set",
                                    "Tserv=0.8", "--final-time", "100.5", NULL);
    int cd = csv_column (csv, "departures");
    double k = 1;

    check_conservation (csv, &a, &d, &q);
    g_assert_cmpfloat (a, ==, 100);
    g_assert_cmpfloat (d, ==, 99);
    g_assert_cmpfloat (q, ==, 1);
    for (guint i = 0; i < csv->n_rows; i++)
      if (!isnan (csv_at (csv, i, cd)))
        g_assert_cmpfloat_with_epsilon (csv_at (csv, i, 0), k++ + 0.8, 1e-9);
  }
  /* service longer: the counter never idles after the first arrival at 1,
   * departures at 1 + 1.3 j <= 100.5, so 76, and 100 - 76 = 24 waiting */
  {
    g_autoptr (Csv) csv = simulate ("queue.orr", "--set", "random=0", "--set", "Tarr=1", "--set",
                                    "Tserv=1.3", "--final-time", "100.5", NULL);
    int cd = csv_column (csv, "departures");
    double j = 1;

    check_conservation (csv, &a, &d, &q);
    g_assert_cmpfloat (a, ==, 100);
    g_assert_cmpfloat (d, ==, 76);
    g_assert_cmpfloat (q, ==, 24);
    for (guint i = 0; i < csv->n_rows; i++)
      if (!isnan (csv_at (csv, i, cd)))
        g_assert_cmpfloat_with_epsilon (csv_at (csv, i, 0), 1 + 1.3 * j++, 1e-9);
  }
}

/* ---- thermostat ------------------------------------------------------------ */

/* C T' = P h - (T - T_out)/R: with the heater on (h = 1) T tends to
 * T_out + P R = 25, off to T_out = 5, exponentially with tau = R C:
 *   first heating, 12 -> 20.5:   t1 = tau ln((25 - 12) / (25 - 20.5))
 *   cooling, 20.5 -> 19.5:       tc = tau ln((20.5 - 5) / (19.5 - 5))
 *   heating, 19.5 -> 20.5:       th = tau ln((25 - 19.5) / (25 - 20.5))
 * The heater switches exactly at the band edges (the relay's surface is
 * located by the solver), so after t1 the temperature stays in the band:
 * between switches it moves monotonically from one edge to the other. The
 * allowed overshoot, 1e-3 degC, is the largest slope (15.5 degC / tau =
 * 0.0043 degC/s) times 0.23 s of error in locating a switch. */
static void
test_thermostat (void)
{
  const double T_set = 20, band = 1, T_out = 5, T0 = 12, P = 2, R = 10, C = 360, tf = 14400;
  const double tau = R * C, hot = T_out + P * R, lo = T_set - band / 2, hi = T_set + band / 2;
  const double t1 = tau * log ((hot - T0) / (hot - hi));
  const double tc = tau * log ((hi - T_out) / (lo - T_out));
  const double th = tau * log ((hot - lo) / (hot - hi));
  g_autoptr (Csv) csv = simulate ("thermostat.orr", NULL);
  int cT = csv_column (csv, "T"), ch = csv_column (csv, "heater");
  double T = NAN, heater = NAN, expected = t1;
  guint switches = 0;

  for (guint i = 0; i < csv->n_rows; i++)
    {
      double t = csv_at (csv, i, 0);

      if (!isnan (csv_at (csv, i, cT)))
        {
          T = csv_at (csv, i, cT);
          if (t > t1 + 1)
            {
              g_assert_cmpfloat (T, >=, lo - 1e-3);
              g_assert_cmpfloat (T, <=, hi + 1e-3);
            }
        }
      if (!isnan (csv_at (csv, i, ch)))
        {
          double h = csv_at (csv, i, ch);

          g_assert_true (h == 0 || h == 1);
          if (isnan (heater))
            g_assert_cmpfloat (h, ==, 1); /* 12 degC: on from the start */
          else if (h != heater)
            {
              /* the temperature row of the same instant came first */
              g_assert_cmpfloat (t, ==, csv_at (csv, i - 1, 0));
              g_assert_cmpfloat_with_epsilon (T, h == 0 ? hi : lo, 1e-6);
              /* on time: 0.1 s, against a drift of about 0.05 s per cycle
               * at the model's rtol of 1e-6 */
              g_assert_cmpfloat_with_epsilon (t, expected, 0.1 + 0.06 * switches);
              expected = t + (h == 0 ? tc : th);
              switches++;
            }
          heater = h;
        }
    }
  /* off at t1, then on and off again every tc + th: 22 switches by tf
   * (none of them close to tf) */
  {
    guint expected_switches = 0;
    for (double s = t1; s <= tf; s += expected_switches % 2 ? tc : th)
      expected_switches++;
    g_assert_cmpuint (switches, ==, expected_switches);
  }
}

/* ---- masked super block ---------------------------------------------------- */

/* Each instance answers K (1 - exp(-(t - 1)/tau)) to the unit step at 1 s,
 * with its own K and tau: 2 and 0.5, then 1 and 2. */
static void
test_masked_super_block (void)
{
  const struct
  {
    const char *name;
    double K, tau;
  } lags[] = { { "fast", 2, 0.5 }, { "slow", 1, 2 } };
  const double t_step = 1;
  g_autoptr (Csv) csv = simulate ("masked-super-block.orr", NULL);

  for (guint k = 0; k < G_N_ELEMENTS (lags); k++)
    {
      int c = csv_column (csv, lags[k].name);
      guint n = 0;

      for (guint i = 0; i < csv->n_rows; i++)
        {
          double t = csv_at (csv, i, 0), y = csv_at (csv, i, c);
          double exact = t < t_step ? 0 : lags[k].K * (1 - exp (-(t - t_step) / lags[k].tau));

          if (isnan (y))
            continue;
          if (fabs (y - exact) > 1e-6)
            g_error ("%s: %.12g at t = %.12g, expected %.12g", lags[k].name, y, t, exact);
          n++;
        }
      g_assert_cmpuint (n, >, 50);
    }
}

/* ---- inverted pendulum ------------------------------------------------------ */

/* The cart-pendulum of the example's context (seed 000, 7.1.1), with phi
 * = 0 and u = -K x: x = [z; th; z'; th']. */
static void
pendulum_rhs (const double *k, const double *x, double *dx)
{
  const double m = 1, M = 4, l = 0.7, g = 9.8, J = m * l * l / 12;
  double u = -(k[0] * x[0] + k[1] * x[1] + k[2] * x[2] + k[3] * x[3]);
  double a = M + m, b = m * l * cos (x[1]) / 2, d = J + m * l * l / 4;
  double r1 = m * l * x[3] * x[3] * sin (x[1]) / 2 + u, r2 = m * g * l * sin (x[1]) / 2;
  double det = a * d - b * b;

  dx[0] = x[2];
  dx[1] = x[3];
  dx[2] = (d * r1 - b * r2) / det;
  dx[3] = (a * r2 - b * r1) / det;
}

static void
pendulum_rk4 (const double *k, double *x, double h)
{
  double k1[4], k2[4], k3[4], k4[4], y[4];

  pendulum_rhs (k, x, k1);
  for (int i = 0; i < 4; i++)
    y[i] = x[i] + h / 2 * k1[i];
  pendulum_rhs (k, y, k2);
  for (int i = 0; i < 4; i++)
    y[i] = x[i] + h / 2 * k2[i];
  pendulum_rhs (k, y, k3);
  for (int i = 0; i < 4; i++)
    y[i] = x[i] + h * k3[i];
  pendulum_rhs (k, y, k4);
  for (int i = 0; i < 4; i++)
    x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

/* The model places the poles of its linearized plant at -1, -2, -3, -4
 * from its context. For one input the gain is unique: with the plant
 * linearized by hand (z'' = b1 u + a1 th, th'' = b2 u + a2 th), the closed
 * loop's characteristic polynomial is s^4 + (b1 k3 + b2 k4) s^3 + (b1 k1 +
 * b2 k2 - a2) s^2 + d k3 s + d k1 with d = a1 b2 - a2 b1, which must be
 * (s+1)(s+2)(s+3)(s+4) = s^4 + 10 s^3 + 35 s^2 + 50 s + 24. Integrating
 * the nonlinear equations with that gain (RK4) gives what the recorded
 * z and theta must be. */
static void
test_inverted_pendulum (void)
{
  const double a1 = -147.0 / 85, a2 = 2940.0 / 119, b1 = 4.0 / 17, b2 = -60.0 / 119;
  const double d = a1 * b2 - a2 * b1;
  double k[4], x[4] = { 0, 0.02, 0, 0 }, t = 0;
  g_autoptr (Csv) csv = simulate ("inverted-pendulum.orr", NULL);
  int cz = csv_column (csv, "z"), cth = csv_column (csv, "theta");
  guint n = 0;

  k[0] = 24 / d;
  k[2] = 50 / d;
  k[1] = (35 + a2 - b1 * k[0]) / b2;
  k[3] = (10 - b1 * k[2]) / b2;
  for (guint i = 0; i < csv->n_rows; i++)
    {
      double ti = csv_at (csv, i, 0), z = csv_at (csv, i, cz), th = csv_at (csv, i, cth);

      while (t < ti)
        {
          double h = MIN (1e-3, ti - t);

          pendulum_rk4 (k, x, h);
          t += h;
        }
      if (!isnan (z) && fabs (z - x[0]) > 1e-6)
        g_error ("z: %.12g at t = %.12g, expected %.12g", z, ti, x[0]);
      if (!isnan (th) && fabs (th - x[1]) > 1e-6)
        g_error ("theta: %.12g at t = %.12g, expected %.12g", th, ti, x[1]);
      n += !isnan (th);
    }
  g_assert_cmpuint (n, >, 50);
  /* upright and at rest at the end */
  g_assert_cmpfloat (fabs (x[1]), <, 1e-4);
}

/* ---- automata -------------------------------------------------------------- */

/* The bouncing ball as an automaton (g = 9.81, h0 = 10, e = 0.9): its
 * transitions, counted, are the impacts of SEMANTICS 9, at 1.42784,
 * 3.99796, 6.31107 and 8.39286 s (1e-4), and h stays above the floor. */
static void
test_automaton_bouncing_ball (void)
{
  g_autoptr (Csv) csv = simulate ("automaton-bouncing-ball.orr", NULL);
  int ci = csv_column (csv, "impacts"), ch = csv_column (csv, "h");
  const double impacts[] = { 1.42784, 3.99796, 6.31107, 8.39286 };
  double count = 0;

  for (guint i = 0; i < csv->n_rows; i++)
    {
      double v = csv_at (csv, i, ci), h = csv_at (csv, i, ch);

      if (!isnan (h))
        g_assert_cmpfloat (h, >, -1e-6);
      if (isnan (v) || v == count)
        continue;
      g_assert_cmpfloat (v, ==, count + 1);
      g_assert_cmpfloat_with_epsilon (csv_at (csv, i, 0), impacts[(int)count], 1e-4);
      count = v;
    }
  g_assert_cmpfloat (count, ==, 4);
}

/* The pendulum swing-up ends in mode 4 and upright: the angle wrapped to
 * (-pi, pi] and the rate within 1e-3 of 0 at 40 s, having gone through
 * mode 3 (coasting) on the way; modes only go 1 <-> 2, then 3, then 4. */
static void
test_pendulum_swing_up (void)
{
  g_autoptr (Csv) csv = simulate ("pendulum-swing-up.orr", NULL);
  int cm = csv_column (csv, "mode"), ca = csv_column (csv, "angle");
  int cr = csv_column (csv, "rate");
  double mode = 1, angle = NAN, rate = NAN;
  gboolean coasted = FALSE;

  for (guint i = 0; i < csv->n_rows; i++)
    {
      double m = csv_at (csv, i, cm);

      if (!isnan (m) && m != mode)
        {
          g_assert_true ((mode <= 2 && m <= 3) || (mode == 3 && m == 4));
          coasted = coasted || m == 3;
          mode = m;
        }
      if (!isnan (csv_at (csv, i, ca)))
        angle = csv_at (csv, i, ca);
      if (!isnan (csv_at (csv, i, cr)))
        rate = csv_at (csv, i, cr);
    }
  g_assert_true (coasted);
  g_assert_cmpfloat (mode, ==, 4);
  g_assert_cmpfloat (fabs (atan2 (sin (angle), cos (angle))), <, 1e-3);
  g_assert_cmpfloat (fabs (rate), <, 1e-3);
}

/* The bus example: the selector's three outputs, read through the scope's
 * columns, are x = t - sin t, v = 1 - cos t and F = sin t at every
 * recorded time (1e-5: rtol 1e-8 over ten seconds). */
static void
test_bus_signals (void)
{
  g_autoptr (Csv) csv = simulate ("bus-signals.orr", NULL);
  int cx = csv_column (csv, "Plant signals[1]");
  int cv = csv_column (csv, "Plant signals[2]");
  int cf = csv_column (csv, "Plant signals[3]");

  g_assert_cmpuint (csv->n_rows, >, 10);
  for (guint i = 0; i < csv->n_rows; i++)
    {
      double t = csv_at (csv, i, 0);

      g_assert_cmpfloat_with_epsilon (csv_at (csv, i, cx), t - sin (t), 1e-5);
      g_assert_cmpfloat_with_epsilon (csv_at (csv, i, cv), 1 - cos (t), 1e-5);
      g_assert_cmpfloat_with_epsilon (csv_at (csv, i, cf), sin (t), 1e-9);
    }
  g_assert_cmpfloat (csv_at (csv, csv->n_rows - 1, 0), ==, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/examples/index", test_index);
  g_test_add_func ("/examples/all-run", test_all_run);
  g_test_add_func ("/examples/pid-speed-control", test_pid);
  g_test_add_func ("/examples/sampled-data-controller", test_sampled_data);
  g_test_add_func ("/examples/event-delay-clock", test_event_delay_clock);
  g_test_add_func ("/examples/queue", test_queue);
  g_test_add_func ("/examples/thermostat", test_thermostat);
  g_test_add_func ("/examples/masked-super-block", test_masked_super_block);
  g_test_add_func ("/examples/inverted-pendulum", test_inverted_pendulum);
  g_test_add_func ("/examples/automaton-bouncing-ball", test_automaton_bouncing_ball);
  g_test_add_func ("/examples/pendulum-swing-up", test_pendulum_swing_up);
  g_test_add_func ("/examples/bus-signals", test_bus_signals);
  return g_test_run ();
}
