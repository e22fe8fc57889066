/* test-scope-view.c: the scopes. The signal log's summary pyramid,
 * decimation and CSV against brute force on seeded random data and on
 * exactly representable sample times; the scope view's ranges (follow,
 * zoom, autoscale, reset), cursor read-out and export files; the drawn
 * pixels of known curves; the pane's "scope.*" actions and buttons; and a
 * picture of a pane with a Scope, an XYScope and an EventScope, for people
 * to look at. Needs a display (xvfb-run ... dbus-run-session). */
#include "app-test-util.h"
#include "orr-scope-draw.h"
#include "orr-scopes-pane.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* ---- signal log ------------------------------------------------------------- */

/* min and max of the finite values of channel over samples with
 * t0 <= t <= t1, walking every sample. */
static gboolean
brute_range (OrrSignalLog *log, guint channel, double t0, double t1, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint64 i = 0; i < orr_signal_log_get_n_samples (log); i++)
    {
      double t = orr_signal_log_get_t (log, i), v = orr_signal_log_get_value (log, i, channel);
      if (t >= t0 && t <= t1 && isfinite (v))
        {
          lo = MIN (lo, v);
          hi = MAX (hi, v);
        }
    }
  *min = lo;
  *max = hi;
  return lo <= hi;
}

/* Random times (gaps 0 to 1, some repeated) and values (1 in 50 NaN),
 * appended in chunks of odd sizes. */
static OrrSignalLog *
random_log (GRand *rand, guint n_channels, guint n_samples, double *t_end)
{
  OrrSignalLog *log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "Random", n_channels);
  double t = 0;
  guint done = 0;

  while (done < n_samples)
    {
      guint chunk = MIN ((guint)g_rand_int_range (rand, 1, 98) | 1, n_samples - done);
      g_autofree double *ts = g_new (double, chunk);
      g_autofree double *vs = g_new (double, chunk *n_channels);

      for (guint i = 0; i < chunk; i++)
        {
          if (g_rand_int_range (rand, 0, 10) != 0)
            t += g_rand_double (rand);
          ts[i] = t;
          for (guint c = 0; c < n_channels; c++)
            vs[i * n_channels + c]
              = g_rand_int_range (rand, 0, 50) == 0 ? NAN : g_rand_double_range (rand, -100, 100);
        }
      orr_signal_log_append (log, ts, vs, chunk);
      done += chunk;
    }
  *t_end = t;
  return log;
}

static void
test_pyramid_ranges (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261123);

  /* several sizes, so the pyramid has 0 to 4 levels and ragged tails */
  for (guint n_samples = 1; n_samples < 120000; n_samples = n_samples * 7 + 3)
    {
      double t_end, min, max, bmin, bmax;
      g_autoptr (OrrSignalLog) log = random_log (rand, 3, n_samples, &t_end);

      g_assert_cmpuint (orr_signal_log_get_n_samples (log), ==, n_samples);
      for (guint c = 0; c < 3; c++)
        {
          gboolean found = orr_signal_log_get_value_range (log, c, &min, &max);
          g_assert_cmpint (found, ==, brute_range (log, c, -INFINITY, INFINITY, &bmin, &bmax));
          if (found)
            {
              /* the same doubles, picked not computed: exact */
              g_assert_cmpfloat (min, ==, bmin);
              g_assert_cmpfloat (max, ==, bmax);
            }
          for (int k = 0; k < 40; k++)
            {
              double a = g_rand_double_range (rand, -1, t_end + 1);
              double b = g_rand_double_range (rand, a, t_end + 1);

              /* half of the bounds exactly on a sample's time */
              if (k % 2 == 0 && n_samples > 1)
                {
                  a = orr_signal_log_get_t (log, g_rand_int_range (rand, 0, (int)n_samples));
                  b = orr_signal_log_get_t (log, g_rand_int_range (rand, 0, (int)n_samples));
                  if (b < a)
                    {
                      double swap = a;
                      a = b;
                      b = swap;
                    }
                }
              found = orr_signal_log_get_value_range_in (log, c, a, b, &min, &max);
              g_assert_cmpint (found, ==, brute_range (log, c, a, b, &bmin, &bmax));
              if (found)
                {
                  g_assert_cmpfloat (min, ==, bmin);
                  g_assert_cmpfloat (max, ==, bmax);
                }
            }
        }
    }
}

static void
test_find_time (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "t", 1);
  const double t[] = { 0, 1, 1, 1, 2.5, 4 };
  const double v[] = { 0, 1, 2, 3, 4, 5 };

  orr_signal_log_append (log, t, v, G_N_ELEMENTS (t));
  g_assert_cmpuint (orr_signal_log_find_time (log, -1), ==, 0);
  g_assert_cmpuint (orr_signal_log_find_time (log, 0), ==, 0);
  g_assert_cmpuint (orr_signal_log_find_time (log, 0.5), ==, 1);
  g_assert_cmpuint (orr_signal_log_find_time (log, 1), ==, 1); /* the first of equal times */
  g_assert_cmpuint (orr_signal_log_find_time (log, 1.5), ==, 4);
  g_assert_cmpuint (orr_signal_log_find_time (log, 4), ==, 5);
  g_assert_cmpuint (orr_signal_log_find_time (log, 5), ==, 6);
}

/* Column k of [t0, t1) split in n covers [t0 + k w, t0 + (k + 1) w), the
 * last one ending at t1 (the header's definition); each sample is put in
 * its column by comparing with those edges one by one. */
static void
check_decimate_brute (OrrSignalLog *log, guint channel, double t0, double t1, guint n)
{
  g_autofree double *mins = g_new (double, n);
  g_autofree double *maxs = g_new (double, n);
  g_autofree double *firsts = g_new (double, n);
  g_autofree double *lasts = g_new (double, n);
  double w = (t1 - t0) / n;
  guint64 i = 0, n_samples = orr_signal_log_get_n_samples (log);

  orr_signal_log_decimate (log, channel, t0, t1, n, mins, maxs, firsts, lasts);
  while (i < n_samples && orr_signal_log_get_t (log, i) < t0)
    i++;
  for (guint k = 0; k < n; k++)
    {
      double end = k + 1 == n ? t1 : t0 + (k + 1) * w;
      double lo = INFINITY, hi = -INFINITY, first = NAN, last = NAN;
      gboolean any = FALSE;

      for (; i < n_samples && orr_signal_log_get_t (log, i) < end; i++)
        {
          double v = orr_signal_log_get_value (log, i, channel);
          if (!any)
            first = v;
          last = v;
          any = TRUE;
          if (isfinite (v))
            {
              lo = MIN (lo, v);
              hi = MAX (hi, v);
            }
        }
      if (lo > hi)
        {
          g_assert_true (isnan (mins[k]) && isnan (maxs[k]));
        }
      else
        {
          g_assert_cmpfloat (mins[k], ==, lo);
          g_assert_cmpfloat (maxs[k], ==, hi);
        }
      if (!any)
        g_assert_true (isnan (firsts[k]) && isnan (lasts[k]));
      else
        {
          g_assert_true (firsts[k] == first || (isnan (first) && isnan (firsts[k])));
          g_assert_true (lasts[k] == last || (isnan (last) && isnan (lasts[k])));
        }
    }
}

static void
test_decimate_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  double t_end;
  g_autoptr (OrrSignalLog) log = random_log (rand, 2, 150000, &t_end);

  for (int k = 0; k < 30; k++)
    {
      double a = g_rand_double_range (rand, -5, t_end);
      double b = g_rand_double_range (rand, a + 1e-3, t_end + 5);
      guint n = (guint)g_rand_int_range (rand, 1, 1500);

      check_decimate_brute (log, (guint)k % 2, a, b, n);
    }
  /* more columns than samples: most columns empty */
  check_decimate_brute (log, 0, 10, 20, 2000);
}

/* Sample times k / 4 are exact in binary, and so are the column edges
 * below: each sample falls on a column's left edge, and belongs to it. */
static void
test_decimate_exact_edges (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "edges", 1);
  double t[100], v[100], mins[80], maxs[80], firsts[80], lasts[80];

  for (int k = 0; k < 100; k++)
    {
      t[k] = k / 4.0;
      v[k] = k * k;
    }
  orr_signal_log_append (log, t, v, 100);

  /* [2, 12) in 40 columns of 0.25: one sample each, t = 2 + k / 4 */
  orr_signal_log_decimate (log, 0, 2, 12, 40, mins, maxs, firsts, lasts);
  for (int k = 0; k < 40; k++)
    {
      double expected = (8 + k) * (8 + k);
      g_assert_cmpfloat (mins[k], ==, expected);
      g_assert_cmpfloat (maxs[k], ==, expected);
      g_assert_cmpfloat (firsts[k], ==, expected);
      g_assert_cmpfloat (lasts[k], ==, expected);
    }
  /* 80 columns of 0.125: the odd ones hold nothing */
  orr_signal_log_decimate (log, 0, 2, 12, 80, mins, maxs, firsts, lasts);
  for (int k = 0; k < 80; k++)
    if (k % 2 == 1)
      g_assert_true (isnan (mins[k]) && isnan (maxs[k]) && isnan (firsts[k]) && isnan (lasts[k]));
    else
      g_assert_cmpfloat (mins[k], ==, (8 + k / 2) * (8 + k / 2));
  /* 10 columns of 1 s: four samples each, first and last apart */
  orr_signal_log_decimate (log, 0, 2, 12, 10, mins, maxs, firsts, lasts);
  for (int k = 0; k < 10; k++)
    {
      int i = 8 + 4 * k;
      g_assert_cmpfloat (firsts[k], ==, i * i);
      g_assert_cmpfloat (mins[k], ==, i * i);
      g_assert_cmpfloat (lasts[k], ==, (i + 3) * (i + 3));
      g_assert_cmpfloat (maxs[k], ==, (i + 3) * (i + 3));
    }
}

/* One spike among a million zeros is the min/max of its column. */
static void
test_decimate_spike (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "spike", 1);
  const guint n = 1000000;
  g_autofree double *t = g_new (double, n);
  g_autofree double *v = g_new0 (double, n);
  double mins[400], maxs[400], firsts[400], lasts[400];

  for (guint i = 0; i < n; i++)
    t[i] = i * 1e-6;
  v[654321] = 7;
  v[123457] = -3;
  orr_signal_log_append (log, t, v, n);
  orr_signal_log_decimate (log, 0, 0, 1, 400, mins, maxs, firsts, lasts);
  for (guint k = 0; k < 400; k++)
    {
      /* column k holds samples 2500 k .. 2500 k + 2499 (up to rounding of
       * the edges, which cannot move a sample 100 away from one) */
      g_assert_cmpfloat (maxs[k], ==, k == 654321 / 2500 ? 7 : 0);
      g_assert_cmpfloat (mins[k], ==, k == 123457 / 2500 ? -3 : 0);
    }
}

static void
test_csv_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "csv", 3);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-scope-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "data.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  const guint n = 500;

  orr_signal_log_set_channel_name (log, 1, "speed");
  for (guint i = 0; i < n; i++)
    {
      double t = i * 0.1 + g_rand_double (rand) * 1e-3; /* not short in decimal */
      double v[3] = { g_rand_double_range (rand, -1e6, 1e6),
                      exp (g_rand_double_range (rand, -300, 300)), -g_rand_double (rand) * 1e-200 };
      orr_signal_log_append (log, &t, v, 1);
    }
  g_assert_true (orr_signal_log_export_csv (log, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "time,u1,speed,u3");
  g_assert_cmpuint (g_strv_length (lines), ==, n + 2); /* header, n lines, "" after the last \n */
  for (guint i = 0; i < n; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i + 1], ",", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 4);
      /* 17 significant digits give back the very same double */
      g_assert_cmpfloat (g_ascii_strtod (fields[0], NULL), ==, orr_signal_log_get_t (log, i));
      for (guint c = 0; c < 3; c++)
        g_assert_cmpfloat (g_ascii_strtod (fields[c + 1], NULL), ==,
                           orr_signal_log_get_value (log, i, c));
    }
  g_remove (path);
  g_remove (dir);
}

/* ---- view ------------------------------------------------------------------- */

/* channel 0 = sin (2 pi t), channel 1 = 0.5 cos (2 pi t), n samples over [0, t_end] */
static OrrSignalLog *
sine_log (guint n, double t_end)
{
  OrrSignalLog *log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "Plant/Scope", 2);

  orr_signal_log_set_time_span (log, 0, t_end);
  for (guint i = 0; i < n; i++)
    {
      double t = t_end * i / (n - 1);
      double v[2] = { sin (2 * G_PI * t), 0.5 * cos (2 * G_PI * t) };
      orr_signal_log_append (log, &t, v, 1);
    }
  return log;
}

static void
test_view_follow (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "follow", 1);
  GtkWidget *view = g_object_ref_sink (orr_scope_view_new (log));
  double t0, t1, y0, y1;

  orr_signal_log_set_time_span (log, 0, 10);
  orr_scope_view_set_window (ORR_SCOPE_VIEW (view), 2);
  g_assert_true (orr_scope_view_get_follow (ORR_SCOPE_VIEW (view)));
  for (int i = 0; i <= 100; i++)
    {
      double t = i * 0.01, v = t;
      orr_signal_log_append (log, &t, &v, 1);
    }
  /* shorter than the window: the window starts at the run's start */
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (t0, 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 2, 1e-12);
  for (int i = 101; i <= 537; i++)
    {
      double t = i * 0.01, v = t;
      orr_signal_log_append (log, &t, &v, 1);
    }
  /* then it slides: [tlast - 2, tlast] */
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, &y0, &y1);
  g_assert_cmpfloat_with_epsilon (t1, 5.37, 1e-12);
  g_assert_cmpfloat_with_epsilon (t0, 3.37, 1e-12);
  /* autoscale: the values in the window, v = t from 3.37 to 5.37, 5 % margin */
  g_assert_true (orr_scope_view_get_autoscale (ORR_SCOPE_VIEW (view)));
  g_assert_cmpfloat_with_epsilon (y0, 3.37 - 0.1, 1e-9);
  g_assert_cmpfloat_with_epsilon (y1, 5.37 + 0.1, 1e-9);
  /* window 0: the whole run span */
  orr_scope_view_set_window (ORR_SCOPE_VIEW (view), 0);
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, NULL, NULL);
  g_assert_cmpfloat (t0, ==, 0);
  g_assert_cmpfloat (t1, ==, 10);

  /* turning follow off freezes it; appends do not move it */
  orr_scope_view_set_window (ORR_SCOPE_VIEW (view), 2);
  orr_scope_view_set_follow (ORR_SCOPE_VIEW (view), FALSE);
  {
    double t = 6, v = 6;
    orr_signal_log_append (log, &t, &v, 1);
  }
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (t1, 5.37, 1e-12);
  orr_scope_view_set_follow (ORR_SCOPE_VIEW (view), TRUE);
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, NULL, NULL);
  g_assert_cmpfloat (t1, ==, 6);
  g_object_unref (view);
}

static void
count_call (int *calls)
{
  (*calls)++;
}

static void
test_view_zoom_and_ranges (void)
{
  /* samples at t = k / 4 hit sin = +-1 exactly */
  g_autoptr (OrrSignalLog) log = sine_log (17, 4);
  g_autoptr (OrrSignalLog) hinted = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "hinted", 1);
  GtkWidget *view = g_object_ref_sink (orr_scope_view_new (log));
  GtkWidget *fixed;
  double t0, t1, y0, y1;
  int notified = 0;

  g_signal_connect_swapped (view, "notify::follow", G_CALLBACK (count_call), &notified);
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, &y0, &y1);
  g_assert_cmpfloat (t0, ==, 0);
  g_assert_cmpfloat (t1, ==, 4);
  g_assert_cmpfloat_with_epsilon (y0, -1.1, 1e-9);
  g_assert_cmpfloat_with_epsilon (y1, 1.1, 1e-9);

  orr_scope_view_set_visible (ORR_SCOPE_VIEW (view), 0.5, 1.25, -0.25, 0.75);
  g_assert_false (orr_scope_view_get_follow (ORR_SCOPE_VIEW (view)));
  g_assert_cmpint (notified, ==, 1);
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, &y0, &y1);
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (t1, ==, 1.25);
  g_assert_cmpfloat (y0, ==, -0.25);
  g_assert_cmpfloat (y1, ==, 0.75);

  orr_scope_view_reset_view (ORR_SCOPE_VIEW (view));
  g_assert_true (orr_scope_view_get_follow (ORR_SCOPE_VIEW (view)));
  g_assert_cmpint (notified, ==, 2);
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), &t0, &t1, &y0, &y1);
  g_assert_cmpfloat (t1, ==, 4);
  g_assert_cmpfloat_with_epsilon (y1, 1.1, 1e-9);

  /* a fixed range turns autoscale off and is shown */
  orr_scope_view_set_y_range (ORR_SCOPE_VIEW (view), -3, 2);
  g_assert_false (orr_scope_view_get_autoscale (ORR_SCOPE_VIEW (view)));
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (view), NULL, NULL, &y0, &y1);
  g_assert_cmpfloat (y0, ==, -3);
  g_assert_cmpfloat (y1, ==, 2);
  g_object_unref (view);

  /* the block's range: fixed until the user asks otherwise */
  orr_signal_log_set_hint_range (hinted, 0, 0, -5, 5);
  fixed = g_object_ref_sink (orr_scope_view_new (hinted));
  g_assert_false (orr_scope_view_get_autoscale (ORR_SCOPE_VIEW (fixed)));
  orr_scope_view_set_y_range (ORR_SCOPE_VIEW (fixed), 0, 1);
  orr_scope_view_reset_view (ORR_SCOPE_VIEW (fixed));
  orr_scope_view_get_visible (ORR_SCOPE_VIEW (fixed), NULL, NULL, &y0, &y1);
  g_assert_cmpfloat (y0, ==, -5);
  g_assert_cmpfloat (y1, ==, 5);
  g_object_unref (fixed);
}

/* "name = value" of line i of a read-out, parsed. */
static double
read_out_value (const char *text, guint line, const char *name)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *prefix = g_strconcat (name, " = ", NULL);

  g_assert_cmpuint (line, <, g_strv_length (lines));
  g_assert_true (g_str_has_prefix (lines[line], prefix));
  return g_ascii_strtod (lines[line] + strlen (prefix), NULL);
}

static void
test_view_describe (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "d", 2);
  GtkWidget *view = g_object_ref_sink (orr_scope_view_new (log));
  const double t[] = { 1, 2, 3 };
  const double v[] = { 10, -1.5, 20, 2.25, 30, 1234567 };
  g_autofree char *before = NULL, *between = NULL, *exact = NULL, *after = NULL;

  orr_signal_log_set_channel_name (log, 0, "x");
  orr_signal_log_append (log, t, v, 3);
  before = orr_scope_view_describe_at (ORR_SCOPE_VIEW (view), 0.999);
  g_assert_null (before);
  between = orr_scope_view_describe_at (ORR_SCOPE_VIEW (view), 2.9999);
  g_assert_cmpfloat (read_out_value (between, 0, "t"), ==, 2);
  g_assert_cmpfloat (read_out_value (between, 1, "x"), ==, 20);
  g_assert_cmpfloat (read_out_value (between, 2, "u2"), ==, 2.25);
  exact = orr_scope_view_describe_at (ORR_SCOPE_VIEW (view), 3);
  g_assert_cmpfloat (read_out_value (exact, 1, "x"), ==, 30);
  after = orr_scope_view_describe_at (ORR_SCOPE_VIEW (view), 100);
  /* 6 significant digits */
  g_assert_cmpfloat_with_epsilon (read_out_value (after, 2, "u2"), 1234567, 1234567 * 5e-6);
  g_object_unref (view);
}

static void
check_magic (const char *path, const char *magic)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, strlen (magic));
  g_assert_cmpmem (contents, strlen (magic), magic, strlen (magic));
}

static void
test_view_export (void)
{
  g_autoptr (OrrSignalLog) log = sine_log (1000, 2);
  GtkWidget *view = g_object_ref_sink (orr_scope_view_new (log));
  g_autofree char *dir = g_dir_make_tmp ("orrery-scope-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "scope.PNG", NULL);
  g_autofree char *svg = g_build_filename (dir, "scope.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "scope.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "scope.gif", NULL);
  g_autoptr (GError) error = NULL;
  cairo_surface_t *image;

  g_assert_true (orr_scope_view_export (ORR_SCOPE_VIEW (view), png, &error));
  g_assert_no_error (error);
  check_magic (png, "\x89PNG\r\n\x1a\n");
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  /* not on screen: the documented default size */
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 960);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 480);
  cairo_surface_destroy (image);

  g_assert_true (orr_scope_view_export (ORR_SCOPE_VIEW (view), svg, &error));
  check_magic (svg, "<?xml");
  g_assert_true (orr_scope_view_export (ORR_SCOPE_VIEW (view), pdf, &error));
  check_magic (pdf, "%PDF-");
  g_assert_false (orr_scope_view_export (ORR_SCOPE_VIEW (view), bad, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));

  g_remove (png);
  g_remove (svg);
  g_remove (pdf);
  g_remove (dir);
  g_object_unref (view);
}

/* ---- pixels ----------------------------------------------------------------- */

/* Whether the pixel is color laid over white at a coverage of at least a
 * half (antialiased lines cover a row partly), give or take the plot's
 * light tint and grid. */
static gboolean
pixel_is (cairo_surface_t *surface, int x, int y, const GdkRGBA *color)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *)(data + y * cairo_image_surface_get_stride (surface) + 4 * x);
  double got[3] = { (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff };
  double want[3] = { color->red * 255, color->green * 255, color->blue * 255 };
  double alpha, residual = 0;
  int k = 0;

  /* the coverage, from the channel where the colour is furthest from white */
  for (int i = 1; i < 3; i++)
    if (want[i] < want[k])
      k = i;
  alpha = (255 - got[k]) / (255 - want[k]);
  if (alpha < 0.5)
    return FALSE;
  alpha = MIN (alpha, 1);
  for (int i = 0; i < 3; i++)
    residual += fabs (got[i] - (alpha * want[i] + (1 - alpha) * 255));
  return residual < 60;
}

/* Topmost and bottommost row of the plot area where column x has color;
 * FALSE if it has none. Rows and columns of the surface, which has scale
 * device pixels per unit. */
static gboolean
extent_in_column_scaled (OrrScopeDraw *d, cairo_surface_t *surface, double scale, int x,
                         const GdkRGBA *color, int *top, int *bottom)
{
  *top = G_MAXINT;
  *bottom = -1;
  for (int y = (int)(d->plot_y * scale) + 1; y < (int)((d->plot_y + d->plot_height) * scale) - 1;
       y++)
    if (pixel_is (surface, x, y, color))
      {
        *top = MIN (*top, y);
        *bottom = MAX (*bottom, y);
      }
  return *bottom >= 0;
}

static gboolean
extent_in_column (OrrScopeDraw *d, cairo_surface_t *surface, int x, const GdkRGBA *color, int *top,
                  int *bottom)
{
  return extent_in_column_scaled (d, surface, 1, x, color, top, bottom);
}

/* Two periods of the sines, 800 x 400 pixels: with n_samples = 200,001
 * the columns come from the decimation; with 41 from the segments between
 * samples (which then also get dots, hence more tolerance: tol pixels).
 * At scale 2 the surface has twice the pixels, as on a HiDPI screen. */
static void
check_sine_pixels (guint n_samples, double tol, double scale)
{
  g_autoptr (OrrSignalLog) log = sine_log (n_samples, 2);
  cairo_surface_t *surface
    = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800 * scale, 400 * scale);
  cairo_t *cr;
  const GdkRGBA *blue = orr_scope_draw_color (0), *orange = orr_scope_draw_color (1);
  OrrScopeDraw d;
  int top, bottom;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  orr_scope_draw_init (&d, log);
  d.scale = scale;
  d.x0 = 0;
  d.x1 = 2;
  d.y0 = -1.5;
  d.y1 = 1.5;
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  orr_scope_draw_render (&d, cr, 800, 400);
  cairo_surface_flush (surface);
  g_assert_cmpfloat (d.plot_width, >, 600);
  g_assert_cmpfloat (d.plot_height, >, 250);

#define PX(t) ((int)((d.plot_x + (t) / 2.0 * d.plot_width) * scale))
#define PY(v) ((d.plot_y + d.plot_height * (1.5 - (v)) / 3.0) * scale)
  /* sin peaks at t = 0.25 and 1.25 (v = 1), troughs at 0.75 (v = -1): the
   * blue line reaches those rows there, within its width and a pixel */
  for (int k = 0; k < 2; k++)
    {
      g_assert_true (
        extent_in_column_scaled (&d, surface, scale, PX (0.25 + k), blue, &top, &bottom));
      g_assert_cmpfloat (fabs (top - PY (1)), <=, tol * scale);
      g_assert_cmpfloat (fabs (bottom - PY (1)), <=, tol * scale);
    }
  g_assert_true (extent_in_column_scaled (&d, surface, scale, PX (0.75), blue, &top, &bottom));
  g_assert_cmpfloat (fabs (bottom - PY (-1)), <=, tol * scale);
  /* where the sine crosses zero it is steep: the column spans about the
   * slope times a column's width, centred on 0 */
  g_assert_true (extent_in_column_scaled (&d, surface, scale, PX (0.5), blue, &top, &bottom));
  g_assert_cmpfloat (fabs ((top + bottom) / 2.0 - PY (0)), <=, tol * scale);
  /* 0.5 cos: 0.5 at t = 1, -0.5 at t = 0.5 */
  g_assert_true (extent_in_column_scaled (&d, surface, scale, PX (1.0), orange, &top, &bottom));
  g_assert_cmpfloat (fabs (top - PY (0.5)), <=, tol * scale);
  g_assert_true (extent_in_column_scaled (&d, surface, scale, PX (0.5), orange, &top, &bottom));
  g_assert_cmpfloat (fabs (bottom - PY (-0.5)), <=, tol * scale);
  /* and nowhere does blue go beyond +-1 or orange beyond +-0.5 */
  for (int x = (int)(d.plot_x * scale) + 2; x < (int)((d.plot_x + d.plot_width) * scale) - 2; x++)
    {
      if (extent_in_column_scaled (&d, surface, scale, x, blue, &top, &bottom))
        {
          g_assert_cmpfloat (top, >=, PY (1) - tol * scale);
          g_assert_cmpfloat (bottom, <=, PY (-1) + tol * scale);
        }
      if (extent_in_column_scaled (&d, surface, scale, x, orange, &top, &bottom))
        {
          g_assert_cmpfloat (top, >=, PY (0.5) - tol * scale);
          g_assert_cmpfloat (bottom, <=, PY (-0.5) + tol * scale);
        }
    }
#undef PX
#undef PY
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);
}

static void
test_pixels (void)
{
  check_sine_pixels (200001, 2.5, 1);
  /* samples every 0.05: on the peaks, troughs and zeros checked */
  check_sine_pixels (41, 3.5, 1);
  check_sine_pixels (200001, 2.5, 2);
  check_sine_pixels (41, 3.5, 2);
}

/* A single-sample spike among a million samples shows in the picture. */
static void
test_pixels_spike (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "spike", 1);
  const guint n = 1000000;
  g_autofree double *t = g_new (double, n);
  g_autofree double *v = g_new0 (double, n);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 300);
  cairo_t *cr = cairo_create (surface);
  OrrScopeDraw d;
  int top, bottom, x_spike;

  for (guint i = 0; i < n; i++)
    t[i] = i * 1e-6;
  v[700001] = 1;
  orr_signal_log_append (log, t, v, n);
  orr_scope_draw_init (&d, log);
  d.x0 = 0;
  d.x1 = 1;
  d.y0 = -0.5;
  d.y1 = 1.5;
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  orr_scope_draw_render (&d, cr, 600, 300);
  cairo_surface_flush (surface);
  x_spike = (int)(d.plot_x + 0.700001 * d.plot_width);
  g_assert_true (extent_in_column (&d, surface, x_spike, orr_scope_draw_color (0), &top, &bottom));
  g_assert_cmpfloat (fabs (top - (d.plot_y + d.plot_height * 0.25)), <=, 2.5);
  /* a few columns away, only the zero line */
  g_assert_true (
    extent_in_column (&d, surface, x_spike + 5, orr_scope_draw_color (0), &top, &bottom));
  g_assert_cmpfloat (fabs (top - (d.plot_y + d.plot_height * 0.75)), <=, 2.5);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);
}

/* A log of two axes (MultiScope) draws two plots one above the other, over
 * one time range: channel 1 (0.5 on -1 ... 1) in the top half a quarter
 * down its plot, channel 2 (105 on 100 ... 110) in the bottom half in the
 * middle of its plot, each only in its own, within 2.5 pixels. The plots
 * are laid out alike, so the last one's plot_y and plot_height, relative
 * to its own top, hold for both. */
static void
test_pixels_axes (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "axes", 2);
  const guint sizes[] = { 1, 1 };
  const double ranges[] = { -1, 1, 100, 110 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 400);
  cairo_t *cr = cairo_create (surface);
  const GdkRGBA *blue = orr_scope_draw_color (0), *orange = orr_scope_draw_color (1);
  OrrScopeDraw d;
  int blue_top = G_MAXINT, blue_bottom = -1, orange_top = G_MAXINT, orange_bottom = -1;

  for (int i = 0; i <= 100; i++)
    {
      double t = i * 0.1, v[] = { 0.5, 105 };
      orr_signal_log_append (log, &t, v, 1);
    }
  orr_signal_log_set_axes (log, 2, sizes, ranges);
  g_assert_cmpuint (orr_signal_log_get_n_axes (log), ==, 2);
  orr_scope_draw_init (&d, log);
  d.x0 = 0;
  d.x1 = 10;
  d.y0 = -1000; /* the plots use their own ranges, not this */
  d.y1 = 1000;
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  orr_scope_draw_render (&d, cr, 800, 400);
  cairo_surface_flush (surface);
  g_assert_cmpfloat (d.plot_height, >, 100);
  g_assert_cmpfloat (d.plot_y + d.plot_height, <=, 200);
  for (int y = 0; y < 400; y++)
    {
      if (pixel_is (surface, 400, y, blue))
        blue_top = MIN (blue_top, y), blue_bottom = MAX (blue_bottom, y);
      if (pixel_is (surface, 400, y, orange))
        orange_top = MIN (orange_top, y), orange_bottom = MAX (orange_bottom, y);
    }
  g_assert_cmpint (blue_bottom, >=, 0);
  g_assert_cmpint (orange_bottom, >=, 0);
  g_assert_cmpfloat (fabs ((blue_top + blue_bottom) / 2.0 - (d.plot_y + 0.25 * d.plot_height)), <=,
                     2.5);
  g_assert_cmpfloat (
    fabs ((orange_top + orange_bottom) / 2.0 - (200 + d.plot_y + 0.5 * d.plot_height)), <=, 2.5);
  g_assert_cmpint (blue_bottom, <, 200);
  g_assert_cmpint (orange_top, >=, 200);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);
}

/* Dense on the whole, sparse in places: 4,000 samples crowd [0, 1] and
 * then a ramp from 0 to 1 over [1, 10] has a sample every 0.5 s, longer
 * than a column. The plot is dense, so its columns come from the
 * decimation; the columns between the ramp's samples hold none, yet the
 * line joining them crosses them: every column of the ramp shows the
 * line, at the ramp's height within 2.5 pixels. */
static void
test_pixels_gaps (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "gaps", 1);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 300);
  cairo_t *cr = cairo_create (surface);
  const GdkRGBA *blue = orr_scope_draw_color (0);
  OrrScopeDraw d;
  int top, bottom;

  for (guint i = 0; i < 4000; i++)
    {
      double t = i / 4000.0, v = 0;
      orr_signal_log_append (log, &t, &v, 1);
    }
  for (guint i = 0; i <= 18; i++)
    {
      double t = 1 + i * 0.5, v = (t - 1) / 9;
      orr_signal_log_append (log, &t, &v, 1);
    }
  orr_scope_draw_init (&d, log);
  d.x0 = 0;
  d.x1 = 10;
  d.y0 = -0.5;
  d.y1 = 1.5;
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  orr_scope_draw_render (&d, cr, 800, 300);
  cairo_surface_flush (surface);
  g_assert_cmpfloat (orr_signal_log_get_n_samples (log), >, d.plot_width);
  for (int x = (int)(d.plot_x + 0.11 * d.plot_width); x < (int)(d.plot_x + 0.99 * d.plot_width);
       x++)
    {
      double t = (x + 0.5 - d.plot_x) / d.plot_width * 10;
      double row = d.plot_y + d.plot_height * (1.5 - (t - 1) / 9) / 2;

      if (!extent_in_column (&d, surface, x, blue, &top, &bottom))
        g_error ("no line in column %d (t = %g)", x, t);
      g_assert_cmpfloat (fabs ((top + bottom) / 2.0 - row), <=, 2.5);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);
}

/* XYScope: the unit circle passes through (+-1, 0) and (0, +-1), and
 * nothing is drawn at its centre. */
static void
test_pixels_xy (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_XY, "xy", 2);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 500, 500);
  cairo_t *cr = cairo_create (surface);
  const GdkRGBA *blue = orr_scope_draw_color (0);
  OrrScopeDraw d;
  int top, bottom;

  /* 20,000 points: most closer than a pixel to the last one drawn */
  for (int i = 0; i <= 20000; i++)
    {
      double t = i, v[2] = { cos (2 * G_PI * i / 20000), sin (2 * G_PI * i / 20000) };
      orr_signal_log_append (log, &t, v, 1);
    }
  orr_scope_draw_init (&d, log);
  d.x0 = d.y0 = -2;
  d.x1 = d.y1 = 2;
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  orr_scope_draw_render (&d, cr, 500, 500);
  cairo_surface_flush (surface);
#define PX(x) ((int)(d.plot_x + ((x) + 2) / 4.0 * d.plot_width))
#define PY(y) (d.plot_y + d.plot_height * (2 - (y)) / 4.0)
  /* column x = 0 meets the circle at y = 1 and y = -1 */
  g_assert_true (extent_in_column (&d, surface, PX (0), blue, &top, &bottom));
  g_assert_cmpfloat (fabs (top - PY (1)), <=, 2.5);
  g_assert_cmpfloat (fabs (bottom - PY (-1)), <=, 2.5);
  /* column x = 1 touches it only around y = 0 (the pen's dot is there too) */
  g_assert_true (extent_in_column (&d, surface, PX (1) - 1, blue, &top, &bottom));
  g_assert_cmpfloat (fabs ((top + bottom) / 2.0 - PY (0)), <=, 2.5);
  {
    /* the pixel column's centre in data, and the chord of the circle there */
    double xd = -2 + (PX (1) - 1 + 0.5 - d.plot_x) / d.plot_width * 4;
    double chord = 2 * sqrt (1 - xd * xd) * d.plot_height / 4;
    /* at most: the chord at the column's inner edge of the curve's outer
     * edge (half the line width and a pixel of antialiasing further out) */
    double rx = d.plot_width / 4 + 1.75, ry = d.plot_height / 4 + 1.75;
    double inner = PX (1) - 1 - (d.plot_x + d.plot_width / 2);
    double outer_chord = 2 * ry * sqrt (1 - (inner / rx) * (inner / rx));

    g_assert_cmpfloat (bottom - top, >=, chord - 1);
    g_assert_cmpfloat (bottom - top, <=, outer_chord);
  }
  /* column x = -1.5 is outside the circle */
  g_assert_false (extent_in_column (&d, surface, PX (-1.5), blue, &top, &bottom));
#undef PX
#undef PY
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);
}

/* EventScope: a mark in its input's row and colour at each event time,
 * nothing between. */
static void
test_pixels_events (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_EVENTS, "events", 2);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 300);
  cairo_t *cr = cairo_create (surface);
  /* channel 0: the input that fired; channel 1 only names row 2 */
  const double t[] = { 1, 2, 3 }, v[] = { 1, 0, 2, 0, 1, 0 };
  OrrScopeDraw d;
  int top, bottom;

  orr_signal_log_append (log, t, v, 3);
  orr_scope_draw_init (&d, log);
  d.x0 = 0;
  d.x1 = 4;
  g_assert_true (orr_scope_draw_autoscale (log, 0, 4, NULL, NULL, &d.y0, &d.y1));
  /* rows 1 and 2 with half a row around each */
  g_assert_cmpfloat (d.y0, ==, 0.5);
  g_assert_cmpfloat (d.y1, ==, 2.5);
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  orr_scope_draw_render (&d, cr, 600, 300);
  cairo_surface_flush (surface);
#define PX(t) ((int)round (d.plot_x + (t) / 4.0 * d.plot_width))
#define PY(y) (d.plot_y + d.plot_height * (2.5 - (y)) / 2)
  /* input 1 at t = 1 and 3: a mark in the lower row, around y = 1 */
  for (int k = 0; k < 2; k++)
    {
      g_assert_true (
        extent_in_column (&d, surface, PX (1 + 2 * k), orr_scope_draw_color (0), &top, &bottom));
      g_assert_cmpfloat (fabs ((top + bottom) / 2.0 - PY (1)), <=, 2.5);
      g_assert_false (
        extent_in_column (&d, surface, PX (1 + 2 * k), orr_scope_draw_color (1), &top, &bottom));
    }
  g_assert_true (extent_in_column (&d, surface, PX (2), orr_scope_draw_color (1), &top, &bottom));
  g_assert_cmpfloat (fabs ((top + bottom) / 2.0 - PY (2)), <=, 2.5);
  g_assert_false (
    extent_in_column (&d, surface, PX (1.5), orr_scope_draw_color (0), &top, &bottom));
#undef PX
#undef PY
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);
}

/* ---- interaction ------------------------------------------------------------ */

static GtkEventController *
find_controller (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller; /* the widget keeps it */
    }
  g_assert_not_reached ();
}

/* The controllers' signals, as GTK emits them for pointer events (no
 * modifier keys: those need real events). */
static void
test_interaction (void)
{
  g_autoptr (OrrSignalLog) log = sine_log (2001, 2);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = orr_scope_view_new (log);
  OrrScopeView *v = ORR_SCOPE_VIEW (view);
  GtkEventController *scroll, *motion, *drag, *click;
  double t0, t1, y0, y1, z0, z1, w0, w1, tp1, tp2;
  gboolean handled = FALSE;

  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 300);
  app_test_keep_picture (GTK_WINDOW (window), "scope-view");
  scroll = find_controller (view, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  motion = find_controller (view, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  drag = find_controller (view, GTK_TYPE_GESTURE_DRAG);
  click = find_controller (view, GTK_TYPE_GESTURE_CLICK);

  orr_scope_view_get_visible (v, &t0, &t1, &y0, &y1);
  g_assert_cmpfloat (t0, ==, 0);
  g_assert_cmpfloat (t1, ==, 2);
  /* scroll down one step with the pointer at x = 200: 1.2 times wider,
   * around the time under the pointer, which stays where it is */
  g_signal_emit_by_name (motion, "motion", 200.0, 150.0);
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_true (handled);
  g_assert_false (orr_scope_view_get_follow (v));
  orr_scope_view_get_visible (v, &z0, &z1, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (z1 - z0, 1.2 * (t1 - t0), 1e-12);
  /* the fixed point of the zoom: z0 = tp - (tp - t0) 1.2 */
  tp1 = (z0 - 1.2 * t0) / (1 - 1.2);
  g_assert_cmpfloat (tp1, >, t0);
  g_assert_cmpfloat (tp1, <, (t0 + t1) / 2); /* x = 200 of 600: left of the middle */
  /* and back up: the same view again */
  g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
  orr_scope_view_get_visible (v, &w0, &w1, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (w0, t0, 1e-12);
  g_assert_cmpfloat_with_epsilon (w1, t1, 1e-12);
  /* two steps zoom around the same time */
  g_signal_emit_by_name (scroll, "scroll", 0.0, 2.0, &handled);
  orr_scope_view_get_visible (v, &z0, &z1, NULL, NULL);
  tp2 = (z0 - 1.44 * t0) / (1 - 1.44);
  g_assert_cmpfloat_with_epsilon (tp2, tp1, 1e-9);

  /* a drag to the right by a quarter of the plot pans back a quarter of
   * the span; values move with a vertical drag the same way */
  orr_scope_view_set_visible (v, 0, 2, -1, 1);
  g_signal_emit_by_name (drag, "drag-begin", 300.0, 150.0);
  g_signal_emit_by_name (drag, "drag-update", 1.0, 0.0); /* under the threshold: a click */
  orr_scope_view_get_visible (v, &z0, &z1, NULL, NULL);
  g_assert_cmpfloat (z0, ==, 0);
  g_signal_emit_by_name (drag, "drag-update", 100.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", 100.0, 0.0);
  orr_scope_view_get_visible (v, &z0, &z1, &y0, &y1);
  g_assert_cmpfloat (z1 - z0, ==, 2);
  /* 100 pixels of a plot a little narrower than 600 */
  g_assert_cmpfloat (z0, <, -100.0 / 600 * 2);
  g_assert_cmpfloat (z0, >, -100.0 / 450 * 2);
  g_assert_cmpfloat (y0, ==, -1);

  /* the cursor: a read-out when the pointer is over the plot */
  g_signal_emit_by_name (motion, "motion", 300.0, 150.0);
  app_test_keep_picture (GTK_WINDOW (window), "scope-view-cursor");

  /* double click: back to the whole run, following */
  g_signal_emit_by_name (click, "pressed", 2, 300.0, 150.0);
  g_assert_true (orr_scope_view_get_follow (v));
  orr_scope_view_get_visible (v, &z0, &z1, NULL, NULL);
  g_assert_cmpfloat (z0, ==, 0);
  g_assert_cmpfloat (z1, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- pane ------------------------------------------------------------------- */

static OrrSignalLog *
three_channel_log (void)
{
  OrrSignalLog *log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "Plant/Motor/Scope", 3);

  orr_signal_log_set_time_span (log, 0, 10);
  orr_signal_log_set_channel_name (log, 0, "speed");
  orr_signal_log_set_channel_name (log, 1, "current");
  orr_signal_log_set_channel_name (log, 2, "setpoint");
  for (int i = 0; i <= 5000; i++)
    {
      double t = i * 0.002;
      double v[3] = { 1 - exp (-t) * cos (3 * t), 2 * exp (-t) * sin (3 * t) + 0.05 * sin (60 * t),
                      t < 1 ? 0 : 1 };
      orr_signal_log_append (log, &t, v, 1);
    }
  return log;
}

static OrrSignalLog *
circle_log (void)
{
  OrrSignalLog *log = orr_signal_log_new (ORR_SIGNAL_LOG_XY, "Plant/XYScope", 2);

  orr_signal_log_set_channel_name (log, 0, "x");
  orr_signal_log_set_channel_name (log, 1, "y");
  orr_signal_log_set_hint_range (log, -1.5, 1.5, -1.2, 1.2);
  for (int i = 0; i <= 2000; i++)
    {
      double t = i * 0.005, v[2] = { cos (2 * G_PI * t / 10), sin (2 * G_PI * t / 10) };
      orr_signal_log_append (log, &t, v, 1);
    }
  return log;
}

static OrrSignalLog *
events_log (void)
{
  OrrSignalLog *log = orr_signal_log_new (ORR_SIGNAL_LOG_EVENTS, "Plant/EventScope", 3);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);

  orr_signal_log_set_time_span (log, 0, 10);
  orr_signal_log_set_channel_name (log, 0, "clock");
  orr_signal_log_set_channel_name (log, 1, "impact");
  orr_signal_log_set_channel_name (log, 2, "alarm");
  /* in time order: clock ticks every 0.5, impacts 0.3 to 0.4 after each whole second, an
   * alarm at 9.7; channel 0 is the input that fired, the others only
   * name the rows */
  for (int i = 0; i < 20; i++)
    {
      double t = i * 0.5, impact = 0.3 + i / 2 + g_rand_double (rand) * 0.1;
      double clock[3] = { 1, 0, 0 }, hit[3] = { 2, 0, 0 };

      orr_signal_log_append (log, &t, clock, 1);
      if (i % 2 == 0 && i / 2 < 9)
        orr_signal_log_append (log, &impact, hit, 1);
    }
  {
    double t = 9.7, alarm[3] = { 3, 0, 0 };
    orr_signal_log_append (log, &t, alarm, 1);
  }
  return log;
}

static GtkWidget *
find_button (GtkWidget *widget, const char *action)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_pane (void)
{
  g_autoptr (OrrSignalLog) scope = three_channel_log ();
  g_autoptr (OrrSignalLog) xy = circle_log ();
  g_autoptr (OrrSignalLog) events = events_log ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *pane = orr_scopes_pane_new ();
  OrrScopesPane *p = ORR_SCOPES_PANE (pane);
  OrrScopeView *view;
  GActionGroup *actions;
  GtkWidget *grid_button;
  g_autoptr (GVariant) state = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-scope-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "scope.csv", NULL);
  g_autofree char *svg = g_build_filename (dir, "scope.svg", NULL);
  g_autofree char *contents = NULL;
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");

  orr_scopes_pane_add_log (p, scope);
  orr_scopes_pane_add_log (p, xy);
  orr_scopes_pane_add_log (p, events);
  g_assert_cmpuint (orr_scopes_pane_get_n_views (p), ==, 3);
  g_assert_true (orr_scope_view_get_log (orr_scopes_pane_get_view (p, 1)) == xy);
  gtk_window_set_child (GTK_WINDOW (window), pane);
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 900);
  view = orr_scopes_pane_get_view (p, 0);
  app_test_keep_picture (GTK_WINDOW (window), "scopes-pane");
  /* and in the dark: the curves' colours must read on both */
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  app_test_keep_picture (GTK_WINDOW (window), "scopes-pane-dark");
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);

  /* the toggles are the view's properties, both ways */
  actions = orr_scopes_pane_get_actions (p, 0);
  state = g_action_group_get_action_state (actions, "follow");
  g_assert_true (g_variant_get_boolean (state));
  orr_scope_view_set_visible (view, 1, 2, 0, 1);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (actions, "follow");
  g_assert_false (g_variant_get_boolean (state));
  g_action_group_activate_action (actions, "reset-view", NULL);
  g_assert_true (orr_scope_view_get_follow (view));
  g_action_group_activate_action (actions, "autoscale", NULL);
  g_assert_false (orr_scope_view_get_autoscale (view));

  /* the header's button reaches its own view, and only it */
  grid_button = find_button (gtk_widget_get_parent (GTK_WIDGET (orr_scopes_pane_get_view (p, 2))),
                             "scope.grid");
  g_assert_nonnull (grid_button);
  g_assert_true (gtk_widget_activate (grid_button));
  /* a button's activation finishes after a short press animation */
  for (gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
       g_get_monotonic_time () < end && orr_scope_view_get_grid (orr_scopes_pane_get_view (p, 2));)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (orr_scope_view_get_grid (orr_scopes_pane_get_view (p, 2)));
  g_assert_true (orr_scope_view_get_grid (orr_scopes_pane_get_view (p, 0)));

  g_action_group_activate_action (actions, "export-data-to", g_variant_new_string (csv));
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "time,speed,current,setpoint\n"));
  g_action_group_activate_action (orr_scopes_pane_get_actions (p, 1), "export-image-to",
                                  g_variant_new_string (svg));
  check_magic (svg, "<?xml");

  /* paper versions, for people to look at */
  if (outdir != NULL)
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *name = g_strdup_printf ("scope-export-%u.png", i);
        g_autofree char *path = g_build_filename (outdir, name, NULL);
        g_autoptr (GError) error = NULL;
        g_assert_true (orr_scope_view_export (orr_scopes_pane_get_view (p, i), path, &error));
      }

  /* the cursor read-out and a rubber band, as the view draws them in a dark theme */
  if (outdir != NULL)
    {
      g_autofree char *path = g_build_filename (outdir, "scope-cursor.png", NULL);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 720, 300);
      cairo_t *cr = cairo_create (surface);
      OrrScopeDraw d;

      orr_scope_draw_init (&d, scope);
      d.x0 = 0;
      d.x1 = 10;
      orr_scope_draw_autoscale (scope, 0, 10, NULL, NULL, &d.y0, &d.y1);
      d.cursor_x = 1.234;
      d.foreground = (GdkRGBA){ 0.95, 0.95, 0.95, 1 };
      d.background = (GdkRGBA){ 0.14, 0.14, 0.15, 1 };
      d.band = TRUE;
      d.band_x0 = 420;
      d.band_y0 = 120;
      d.band_x1 = 560;
      d.band_y1 = 200;
      orr_scope_draw_render (&d, cr, 720, 300);
      cairo_destroy (cr);
      g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (surface);
      orr_scope_draw_clear (&d);
    }

  orr_scopes_pane_clear (p);
  g_assert_cmpuint (orr_scopes_pane_get_n_views (p), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (csv);
  g_remove (svg);
  g_remove (dir);
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/signal-log/pyramid-ranges", test_pyramid_ranges);
  g_test_add_func ("/signal-log/find-time", test_find_time);
  g_test_add_func ("/signal-log/decimate-random", test_decimate_random);
  g_test_add_func ("/signal-log/decimate-exact-edges", test_decimate_exact_edges);
  g_test_add_func ("/signal-log/decimate-spike", test_decimate_spike);
  g_test_add_func ("/signal-log/csv-round-trip", test_csv_round_trip);
  g_test_add_func ("/scope-view/follow", test_view_follow);
  g_test_add_func ("/scope-view/pixels-axes", test_pixels_axes);
  g_test_add_func ("/scope-view/zoom-and-ranges", test_view_zoom_and_ranges);
  g_test_add_func ("/scope-view/describe", test_view_describe);
  g_test_add_func ("/scope-view/export", test_view_export);
  g_test_add_func ("/scope-view/pixels", test_pixels);
  g_test_add_func ("/scope-view/pixels-spike", test_pixels_spike);
  g_test_add_func ("/scope-view/pixels-gaps", test_pixels_gaps);
  g_test_add_func ("/scope-view/pixels-xy", test_pixels_xy);
  g_test_add_func ("/scope-view/pixels-events", test_pixels_events);
  g_test_add_func ("/scope-view/interaction", test_interaction);
  g_test_add_func ("/scopes-pane/actions", test_pane);
  return g_test_run ();
}
