/* bench-scope.c: how fast a scope redraws a long run. A log of 10 million
 * samples of 8 channels (appended in chunks of 4096, as a run delivers
 * them) is drawn whole into a 1200x400 image by the scope's own painter
 * (autoscale, decimation from the summary pyramid, axes, legend), then a
 * 10 % window of it. Prints the mean frame time, the mean of a
 * decimation-only pass, and the ratio against decimating by walking every
 * sample (the reference, in the same process). Times are wall clock and,
 * in brackets, the CPU time of this thread: on a machine shared with
 * other jobs the second is the steadier one. Fails only when the
 * pyramid's columns differ from the walked ones, never because it is slow.
 * Needs no display. ORRERY_BENCH_SAMPLES overrides the number of samples
 * (for profiling the drawing alone). */
#include "orr-scope-draw.h"

#include <math.h>
#include <time.h>

#define N_CHANNELS 8
#define CHUNK 4096
#define WIDTH 1200
#define HEIGHT 400
#define FRAMES 20

/* Decimation the obvious way: every sample into its column. */
static void
walk_decimate (OrrSignalLog *log, guint channel, double t0, double t1, guint n, double *mins,
               double *maxs)
{
  guint64 n_samples = orr_signal_log_get_n_samples (log);
  double w = (t1 - t0) / n;
  guint col = 0;
  double end = n == 1 ? t1 : t0 + w;

  for (guint k = 0; k < n; k++)
    mins[k] = maxs[k] = NAN;
  for (guint64 i = orr_signal_log_find_time (log, t0); i < n_samples; i++)
    {
      double t = orr_signal_log_get_t (log, i), v = orr_signal_log_get_value (log, i, channel);

      if (t >= t1)
        break;
      while (t >= end)
        {
          col++;
          end = col + 1 == n ? t1 : t0 + (col + 1) * w;
        }
      if (!isfinite (v))
        continue;
      mins[col] = isnan (mins[col]) ? v : MIN (mins[col], v);
      maxs[col] = isnan (maxs[col]) ? v : MAX (maxs[col], v);
    }
}

static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static double
mean_frame_ms (OrrScopeDraw *d, cairo_t *cr, double t0, double t1, double *cpu)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms ();

  for (int f = 0; f < FRAMES; f++)
    {
      d->x0 = t0;
      d->x1 = t1;
      /* autoscale is part of every frame while a run follows */
      orr_scope_draw_autoscale (d->log, t0, t1, NULL, NULL, &d->y0, &d->y1);
      orr_scope_draw_render (d, cr, WIDTH, HEIGHT);
    }
  *cpu = (cpu_ms () - cpu_start) / FRAMES;
  return (g_get_monotonic_time () - start) / 1000.0 / FRAMES;
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrSignalLog) log
    = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, "Bench/Scope", N_CHANNELS);
  g_autofree double *t = g_new (double, CHUNK);
  g_autofree double *v = g_new (double, CHUNK *N_CHANNELS);
  double mins[WIDTH], maxs[WIDTH], firsts[WIDTH], lasts[WIDTH], wmins[WIDTH], wmaxs[WIDTH];
  const char *override = g_getenv ("ORRERY_BENCH_SAMPLES");
  guint64 N_SAMPLES = override != NULL ? g_ascii_strtoull (override, NULL, 10) : 10000000;
  double t_end = (N_SAMPLES - 1) * 1e-4, decimate_ms, walk_ms, whole_ms, window_ms;
  double decimate_cpu, whole_cpu, window_cpu, cpu_start;
  cairo_surface_t *surface;
  cairo_t *cr;
  OrrScopeDraw d;
  gint64 start;
  int failures = 0;

  /* noise on slow sines, one spike per channel */
  start = g_get_monotonic_time ();
  for (guint64 i0 = 0; i0 < N_SAMPLES; i0 += CHUNK)
    {
      guint n = (guint)MIN (CHUNK, N_SAMPLES - i0);

      for (guint k = 0; k < n; k++)
        {
          guint64 i = i0 + k;
          t[k] = i * 1e-4;
          for (guint c = 0; c < N_CHANNELS; c++)
            v[k * N_CHANNELS + c] = sin (t[k] * (c + 1) * 0.01) + 0.1 * sin (i * 0.7 + c)
                                    + (i == 1234567 * (c + 1) ? 5.0 : 0.0);
        }
      orr_signal_log_append (log, t, v, n);
    }
  g_print ("appended %" G_GUINT64_FORMAT " samples x %d channels in %.0f ms\n", N_SAMPLES,
           N_CHANNELS, (g_get_monotonic_time () - start) / 1000.0);

  /* decimation only: the pyramid, then walking every sample */
  start = g_get_monotonic_time ();
  cpu_start = cpu_ms ();
  for (int f = 0; f < FRAMES; f++)
    for (guint c = 0; c < N_CHANNELS; c++)
      orr_signal_log_decimate (log, c, 0, t_end, WIDTH, mins, maxs, firsts, lasts);
  decimate_ms = (g_get_monotonic_time () - start) / 1000.0 / FRAMES;
  decimate_cpu = (cpu_ms () - cpu_start) / FRAMES;
  start = g_get_monotonic_time ();
  for (guint c = 0; c < N_CHANNELS; c++)
    walk_decimate (log, c, 0, t_end, WIDTH, wmins, wmaxs);
  walk_ms = (g_get_monotonic_time () - start) / 1000.0;

  for (guint c = 0; c < N_CHANNELS; c++)
    {
      orr_signal_log_decimate (log, c, 0, t_end, WIDTH, mins, maxs, firsts, lasts);
      walk_decimate (log, c, 0, t_end, WIDTH, wmins, wmaxs);
      for (guint k = 0; k < WIDTH; k++)
        if (!(mins[k] == wmins[k] && maxs[k] == wmaxs[k]))
          {
            g_printerr ("channel %u column %u: pyramid [%g, %g], walked [%g, %g]\n", c, k, mins[k],
                        maxs[k], wmins[k], wmaxs[k]);
            failures++;
            break;
          }
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  orr_scope_draw_init (&d, log);
  d.background = (GdkRGBA){ 1, 1, 1, 1 };
  whole_ms = mean_frame_ms (&d, cr, 0, t_end, &whole_cpu);
  window_ms = mean_frame_ms (&d, cr, t_end * 0.9, t_end, &window_cpu);
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("drawing failed: %s\n", cairo_status_to_string (cairo_status (cr)));
      failures++;
    }
  if (argc > 1)
    cairo_surface_write_to_png (surface, argv[1]);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  orr_scope_draw_clear (&d);

  g_print ("%-46s %18s\n", "8 channels, 1200 columns", "mean ms (cpu)");
  g_print ("%-46s %9.2f (%6.2f)\n", "decimate, pyramid (8 channels)", decimate_ms, decimate_cpu);
  g_print ("%-46s %9.2f\n", "decimate, walking every sample (reference)", walk_ms);
  g_print ("%-46s %9.0f\n", "ratio reference / pyramid", walk_ms / MAX (decimate_ms, 1e-3));
  g_print ("%-46s %9.2f (%6.2f)\n", "redraw 1200x400, whole run", whole_ms, whole_cpu);
  g_print ("%-46s %9.2f (%6.2f)\n", "redraw 1200x400, last 10 %", window_ms, window_cpu);
  return failures == 0 ? 0 : 1;
}
