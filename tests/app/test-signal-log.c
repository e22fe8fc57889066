/* test-signal-log.c: a signal log fed as the run controller feeds it, in
 * rows straight from a stream (orr_signal_log_append_rows), with ranges
 * and decimations asked between appends, as a live scope asks them: every
 * answer equal to a walk over all samples, also once the arrays outgrow
 * what is kept in the heap (a million samples) and after a clear; and
 * "appended" emitted once per orr_signal_log_emit_appended() for what was
 * appended since. GLib only, no display. */
#include "orr-signal-log.h"

#include <math.h>
#include <string.h>

/* min and max of the finite values of channel over samples [first, end)
 * of the reference copy, walking every one. */
typedef struct
{
  guint n_channels;
  GArray *t;      /* of double */
  GArray *values; /* of double, n_channels per sample */
} Reference;

static gboolean
brute_range (const Reference *ref, guint channel, double t0, double t1, gboolean closed,
             double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < ref->t->len; i++)
    {
      double t = g_array_index (ref->t, double, i);
      double v = g_array_index (ref->values, double, (gsize)i * ref->n_channels + channel);

      if (t >= t0 && (closed ? t <= t1 : t < t1) && isfinite (v))
        {
          lo = MIN (lo, v);
          hi = MAX (hi, v);
        }
    }
  *min = lo;
  *max = hi;
  return lo <= hi;
}

static void
check_range_in (OrrSignalLog *log, const Reference *ref, guint channel, double t0, double t1)
{
  double min = NAN, max = NAN, bmin, bmax;
  gboolean found = orr_signal_log_get_value_range_in (log, channel, t0, t1, &min, &max);

  g_assert_cmpint (found, ==, brute_range (ref, channel, t0, t1, TRUE, &bmin, &bmax));
  if (found)
    {
      g_assert_cmpfloat (min, ==, bmin);
      g_assert_cmpfloat (max, ==, bmax);
    }
}

/* Columns as the log's header defines them: [t0, t1) in n equal parts,
 * the last one ending exactly at t1; one walk over the sorted samples. */
static void
check_decimate (OrrSignalLog *log, const Reference *ref, guint channel, double t0, double t1,
                guint n)
{
  g_autofree double *mins = g_new (double, n);
  g_autofree double *maxs = g_new (double, n);
  g_autofree double *firsts = g_new (double, n);
  g_autofree double *lasts = g_new (double, n);
  g_autofree double *bmins = g_new (double, n);
  g_autofree double *bmaxs = g_new (double, n);
  double width = (t1 - t0) / n;
  guint col = 0;

  for (guint k = 0; k < n; k++)
    {
      bmins[k] = INFINITY;
      bmaxs[k] = -INFINITY;
    }
  for (guint i = 0; i < ref->t->len; i++)
    {
      double t = g_array_index (ref->t, double, i);
      double v = g_array_index (ref->values, double, (gsize)i * ref->n_channels + channel);

      if (t < t0)
        continue;
      while (col < n && t >= (col + 1 == n ? t1 : t0 + (col + 1) * width))
        col++;
      if (col == n)
        break;
      if (isfinite (v))
        {
          bmins[col] = MIN (bmins[col], v);
          bmaxs[col] = MAX (bmaxs[col], v);
        }
    }

  orr_signal_log_decimate (log, channel, t0, t1, n, mins, maxs, firsts, lasts);
  for (guint k = 0; k < n; k++)
    if (bmins[k] <= bmaxs[k])
      {
        g_assert_cmpfloat (mins[k], ==, bmins[k]);
        g_assert_cmpfloat (maxs[k], ==, bmaxs[k]);
      }
    else
      g_assert_true (isnan (mins[k]) && isnan (maxs[k]));
}

static void
check_all (OrrSignalLog *log, const Reference *ref, GRand *rand)
{
  double span = ref->t->len > 0 ? g_array_index (ref->t, double, ref->t->len - 1) : 1;
  guint channel = g_rand_int_range (rand, 0, ref->n_channels);
  double a = g_rand_double_range (rand, -1, span + 1);
  double b = g_rand_double_range (rand, a, span + 2);
  double min, max, bmin, bmax;
  gboolean found;

  g_assert_cmpuint (orr_signal_log_get_n_samples (log), ==, ref->t->len);
  /* each of the three may be the first to ask after an append */
  if (b > a && g_rand_boolean (rand))
    check_decimate (log, ref, channel, a, b, g_rand_int_range (rand, 1, 300));
  if (g_rand_boolean (rand))
    check_range_in (log, ref, channel, a, b);
  found = orr_signal_log_get_value_range (log, channel, &min, &max);
  g_assert_cmpint (found, ==, brute_range (ref, channel, -INFINITY, INFINITY, TRUE, &bmin, &bmax));
  if (found)
    {
      g_assert_cmpfloat (min, ==, bmin);
      g_assert_cmpfloat (max, ==, bmax);
    }
  check_range_in (log, ref, channel, a, b);
  if (b > a)
    check_decimate (log, ref, channel, a, b, g_rand_int_range (rand, 1, 300));
}

/* Appends n random samples after time *t, in rows of stride doubles
 * whose last columns (beyond the channels) are junk the log must skip. */
static void
append_random (OrrSignalLog *log, Reference *ref, GRand *rand, guint n, gsize stride, double *t)
{
  g_autofree double *rows = g_new (double, (gsize)n *stride);

  for (guint i = 0; i < n; i++)
    {
      double *row = rows + (gsize)i * stride;

      /* some repeated times, as at events */
      if (g_rand_int_range (rand, 0, 8) != 0)
        *t += g_rand_double (rand) * 1e-3;
      row[0] = *t;
      for (guint c = 0; c < ref->n_channels; c++)
        {
          int kind = g_rand_int_range (rand, 0, 100);

          row[1 + c] = kind == 0   ? NAN
                       : kind == 1 ? (g_rand_boolean (rand) ? INFINITY : -INFINITY)
                                   : g_rand_double_range (rand, -1e3, 1e3);
        }
      for (gsize k = 1 + ref->n_channels; k < stride; k++)
        row[k] = 1e300;
      g_array_append_val (ref->t, row[0]);
      g_array_append_vals (ref->values, row + 1, ref->n_channels);
    }
  orr_signal_log_append_rows (log, rows, stride, n);
}

static void
test_rows_interleaved (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "Rows", 3);
  Reference ref = { 3, g_array_new (FALSE, FALSE, sizeof (double)),
                    g_array_new (FALSE, FALSE, sizeof (double)) };
  double t = 0;

  /* a million samples: 8 MB per array, beyond the 2 MB from which the
   * log maps its memory; ranges asked after some of the appends */
  while (ref.t->len < 1000000)
    {
      append_random (log, &ref, rand, g_rand_int_range (rand, 1, 40000), 6, &t);
      if (g_rand_int_range (rand, 0, 3) == 0)
        check_all (log, &ref, rand);
    }
  for (int k = 0; k < 5; k++)
    check_all (log, &ref, rand);
  g_assert_cmpfloat (orr_signal_log_get_value (log, 777777, 2), ==,
                     g_array_index (ref.values, double, 777777 * 3 + 2));

  /* a new run in the same log: the memory is kept, the samples are not */
  orr_signal_log_clear (log);
  g_array_set_size (ref.t, 0);
  g_array_set_size (ref.values, 0);
  t = 0;
  check_all (log, &ref, rand);
  for (int k = 0; k < 20; k++)
    {
      append_random (log, &ref, rand, g_rand_int_range (rand, 1, 5000), 4, &t);
      check_all (log, &ref, rand);
    }
  g_array_unref (ref.t);
  g_array_unref (ref.values);
}

static void
on_appended (OrrSignalLog *log, guint n, GArray *seen)
{
  g_array_append_val (seen, n);
}

static void
test_emit_appended (void)
{
  g_autoptr (OrrSignalLog) log = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "Emit", 2);
  g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (guint));
  const double rows[] = { 0, 1, 2, 1, 3, 4, 2, 5, 6 };
  const double t[] = { 3, 4 }, values[] = { 7, 8, 9, 10 };

  g_signal_connect (log, "appended", G_CALLBACK (on_appended), seen);
  orr_signal_log_append_rows (log, rows, 3, 2);
  orr_signal_log_append_rows (log, rows + 6, 3, 1);
  /* appended, not announced yet */
  g_assert_cmpuint (orr_signal_log_get_n_samples (log), ==, 3);
  g_assert_cmpuint (seen->len, ==, 0);
  orr_signal_log_emit_appended (log);
  g_assert_cmpuint (seen->len, ==, 1);
  g_assert_cmpuint (g_array_index (seen, guint, 0), ==, 3);
  /* nothing new: nothing emitted */
  orr_signal_log_emit_appended (log);
  g_assert_cmpuint (seen->len, ==, 1);
  /* the plain append announces itself */
  orr_signal_log_append (log, t, values, 2);
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpuint (g_array_index (seen, guint, 1), ==, 2);
  g_assert_cmpfloat (orr_signal_log_get_value (log, 2, 1), ==, 6);
  g_assert_cmpfloat (orr_signal_log_get_t (log, 4), ==, 4);
  g_assert_cmpfloat (orr_signal_log_get_value (log, 4, 1), ==, 10);
  /* a clear forgets what was not announced */
  orr_signal_log_append_rows (log, rows, 3, 1);
  orr_signal_log_clear (log);
  orr_signal_log_emit_appended (log);
  g_assert_cmpuint (seen->len, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/signal-log/rows-interleaved", test_rows_interleaved);
  g_test_add_func ("/signal-log/emit-appended", test_emit_appended);
  return g_test_run ();
}
