/* bench-run-scopes.c: what live scopes cost a run (issue 7).
 *
 * Two models, each timed two ways (REPEATS times each, medians printed):
 *  - through the run controller, as the app runs it: snapshot, compile
 *    and simulate on the worker thread, the Scope's stream drained on the
 *    main loop into its signal log;
 *  - the same model compiled and simulated on this thread with nobody
 *    reading the stream (orr_simulation_run directly).
 * The models:
 *  - "discrete": a 1 kHz SampleClock drives a Counter whose output, times
 *    [1 ... 8], goes into one Scope: 1,000,000 samples of 8 channels over
 *    1,000 s of model time, about 0.1 us of simulation per sample, the
 *    worst case for the reader;
 *  - "continuous": eight integrators of sines of frequencies 1 ... 8
 *    rad/s through one Scope recording at every solver step (max-step 1
 *    ms): the solver's work per sample, as in most models.
 * Prints both times, their ratio (the goal is within 1.10), and CPU
 * times: the reader runs beside the simulation, so the goal needs a
 * second free core; the main thread's CPU (draining into the log) and the
 * whole process's tell a slow reader from a busy machine. Also the
 * longest the main loop went without running a 5 ms timer (what a window
 * would feel as lag). Fails only on a wrong answer (a sample lost or
 * wrong in the log). */
#include "counter-scope-model.h"
#include "orr-run-controller.h"

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>
#include <orrery/orr-simulation.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_CHANNELS COUNTER_SCOPE_CHANNELS
#define REPEATS 5

#define DISCRETE_SAMPLES 1000000

/* x_c' = sin (w_c t), x_c (0) = 0, w_c = c + 1 rad/s: x_c = (1 - cos (w_c t)) / w_c.
 * 100 s with steps of at most 1 ms. */
static const char continuous_text[]
  = "<orrery version=\"1.0\">"
    "<settings start=\"0\" final=\"100\" solver=\"auto\" rtol=\"1e-08\" atol=\"1e-10\" "
    "max-step=\"1e-3\"/>"
    "<diagram>"
    "<block id=\"w\" type=\"SineWave\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"frequency\">[1; 2; 3; 4; 5; 6; 7; 8]</param>"
    "<ports out=\"1\"/></block>"
    "<block id=\"i\" type=\"Integrator\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"x0\">[0; 0; 0; 0; 0; 0; 0; 0]</param>"
    "<ports in=\"1\" out=\"1\"/></block>"
    "<block id=\"s\" type=\"Scope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><ports in=\"1\"/>"
    "</block>"
    "<link id=\"l1\" kind=\"regular\" from=\"w\" from-port=\"1\" to=\"i\" to-port=\"1\"/>"
    "<link id=\"l2\" kind=\"regular\" from=\"i\" from-port=\"1\" to=\"s\" to-port=\"1\"/>"
    "</diagram></orrery>";

typedef struct
{
  const char *name;
  char *text;
  gboolean discrete; /* the counter's model, else the integrators' */
  /* how many samples the run without a reader recorded */
  guint64 expected;
} Case;

static double
cpu_seconds (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One timed run: wall, this thread's and the process's CPU seconds; for
 * the controller's, then the CPU seconds of the first decimation of the
 * whole log (8 channels into 1200 columns, what a scope's first frame
 * after the run asks: it builds the summary pyramid) and of the next. */
typedef struct
{
  double wall, main_cpu, cpu;
  double first_draw, next_draw;
} Timing;

typedef struct
{
  gint64 last;
  gint64 longest;
} Ticker;

static gint64 longest_gap;

static gboolean
on_tick (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();

  ticker->longest = MAX (ticker->longest, now - ticker->last);
  ticker->last = now;
  return G_SOURCE_CONTINUE;
}

static void
timing_begin (Timing *timing)
{
  timing->wall = g_get_monotonic_time () / 1e6;
  timing->main_cpu = cpu_seconds (CLOCK_THREAD_CPUTIME_ID);
  timing->cpu = cpu_seconds (CLOCK_PROCESS_CPUTIME_ID);
}

static void
timing_end (Timing *timing)
{
  timing->wall = g_get_monotonic_time () / 1e6 - timing->wall;
  timing->main_cpu = cpu_seconds (CLOCK_THREAD_CPUTIME_ID) - timing->main_cpu;
  timing->cpu = cpu_seconds (CLOCK_PROCESS_CPUTIME_ID) - timing->cpu;
}

/* The discrete model's sample i is (i + 1) * [1 ... 8] at t = i * 1e-3;
 * the continuous one's x_c (t) = (1 - cos ((c + 1) t)) / (c + 1), to the
 * solver's tolerances (rtol 1e-8 over 100 s: well within 1e-5), at
 * increasing times ending at 100 s. */
static void
check_log (const Case *bench, OrrSignalLog *log)
{
  guint64 n;

  if (log == NULL || orr_signal_log_get_n_samples (log) != bench->expected
      || orr_signal_log_get_n_channels (log) != N_CHANNELS)
    g_error ("%s: the log holds %" G_GUINT64_FORMAT " samples, not %" G_GUINT64_FORMAT, bench->name,
             log ? orr_signal_log_get_n_samples (log) : 0, bench->expected);
  n = orr_signal_log_get_n_samples (log);
  if (bench->discrete)
    {
      for (guint64 i = 0; i < n; i += 9973)
        for (guint c = 0; c < N_CHANNELS; c++)
          if (orr_signal_log_get_value (log, i, c) != (double)(i + 1) * (c + 1)
              || fabs (orr_signal_log_get_t (log, i) - i * 1e-3) > 1e-9)
            g_error ("discrete: sample %" G_GUINT64_FORMAT " channel %u is wrong", i, c);
      return;
    }
  if (orr_signal_log_get_t (log, n - 1) != 100)
    g_error ("continuous: the last sample is at %g s, not 100", orr_signal_log_get_t (log, n - 1));
  for (guint64 i = 0; i < n; i += 997)
    {
      double t = orr_signal_log_get_t (log, i);

      if (i > 0 && !(t > orr_signal_log_get_t (log, i - 1)))
        g_error ("continuous: sample %" G_GUINT64_FORMAT " goes back in time", i);
      for (guint c = 0; c < N_CHANNELS; c++)
        {
          double w = c + 1;

          if (fabs (orr_signal_log_get_value (log, i, c) - (1 - cos (w * t)) / w) > 1e-5)
            g_error ("continuous: sample %" G_GUINT64_FORMAT " channel %u at t = %g is %g", i, c, t,
                     orr_signal_log_get_value (log, i, c));
        }
    }
}

static double
decimate_cpu (OrrSignalLog *log)
{
  double mins[1200], maxs[1200], firsts[1200], lasts[1200];
  double start, final, cpu = cpu_seconds (CLOCK_THREAD_CPUTIME_ID);

  orr_signal_log_get_time_span (log, &start, &final);
  for (guint c = 0; c < N_CHANNELS; c++)
    orr_signal_log_decimate (log, c, start, final, 1200, mins, maxs, firsts, lasts);
  return cpu_seconds (CLOCK_THREAD_CPUTIME_ID) - cpu;
}

static void
on_finished (OrrRunController *ctl, OrrRunState state, GMainLoop *loop)
{
  g_main_loop_quit (loop);
}

static Timing
run_with_controller (OrrRegistry *registry, OrrModel *model, const Case *bench)
{
  g_autoptr (OrrRunController) ctl = orr_run_controller_new (registry);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GError) error = NULL;
  Timing timing = { 0 };
  Ticker ticker = { 0 };
  guint tick;

  g_signal_connect (ctl, "finished", G_CALLBACK (on_finished), loop);
  timing_begin (&timing);
  ticker.last = g_get_monotonic_time ();
  tick = g_timeout_add (5, on_tick, &ticker);
  if (!orr_run_controller_start (ctl, model, FALSE, &error))
    g_error ("%s", error->message);
  g_main_loop_run (loop);
  timing_end (&timing);
  g_source_remove (tick);
  longest_gap = MAX (longest_gap, ticker.longest);

  if (orr_run_controller_get_state (ctl) != ORR_RUN_FINISHED)
    g_error ("the run did not finish: %s", orr_run_controller_get_error (ctl));
  check_log (bench, orr_run_controller_find_log (ctl, "s"));
  timing.first_draw = decimate_cpu (orr_run_controller_find_log (ctl, "s"));
  timing.next_draw = decimate_cpu (orr_run_controller_find_log (ctl, "s"));
  return timing;
}

static void
count_sample (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  (*(guint64 *)data)++;
}

/* With count (not timed), how many samples the run records. */
static Timing
run_without_reader (OrrRegistry *registry, OrrModel *model, guint64 *count)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Timing timing = { 0 };

  timing_begin (&timing);
  program = orr_compile (model, registry, NULL, NULL, &error);
  if (program == NULL)
    g_error ("%s", error->message);
  sim = orr_simulation_new (program);
  if (count != NULL)
    orr_simulation_set_record_func (sim, count_sample, count);
  if (!orr_simulation_run (sim, &error))
    g_error ("%s", error->message);
  timing_end (&timing);
  return timing;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static double
median (double *values, int n)
{
  qsort (values, n, sizeof (double), compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static void
bench_case (OrrRegistry *registry, Case *bench)
{
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (GError) error = NULL;
  double wall[2][REPEATS], main_cpu[2][REPEATS], cpu[2][REPEATS];
  double first_draw[REPEATS], next_draw[REPEATS];
  double without, with_scope;

  model = orr_model_load_data (bench->text, strlen (bench->text), "bench", &error);
  if (model == NULL)
    g_error ("%s", error->message);
  run_without_reader (registry, model, &bench->expected);
  if (bench->discrete && bench->expected != DISCRETE_SAMPLES)
    g_error ("discrete: %" G_GUINT64_FORMAT " samples recorded, not %d", bench->expected,
             DISCRETE_SAMPLES);

  /* alternating, so that a change in the machine's load hits both */
  for (int r = 0; r < REPEATS; r++)
    {
      Timing a = run_without_reader (registry, model, NULL);
      Timing b = run_with_controller (registry, model, bench);

      wall[0][r] = a.wall;
      main_cpu[0][r] = a.main_cpu;
      cpu[0][r] = a.cpu;
      wall[1][r] = b.wall;
      main_cpu[1][r] = b.main_cpu;
      cpu[1][r] = b.cpu;
      first_draw[r] = b.first_draw;
      next_draw[r] = b.next_draw;
    }
  without = median (wall[0], REPEATS);
  with_scope = median (wall[1], REPEATS);
  g_print ("run-scopes, %s: %" G_GUINT64_FORMAT " samples x %d channels (median of %d)\n",
           bench->name, bench->expected, N_CHANNELS, REPEATS);
  g_print ("  without a reader:            %.3f s (CPU %.3f s)\n", without,
           median (cpu[0], REPEATS));
  g_print ("  run controller, drained log: %.3f s (CPU %.3f s, main thread %.3f s)\n", with_scope,
           median (cpu[1], REPEATS), median (main_cpu[1], REPEATS));
  g_print ("  ratio %.3f (goal <= 1.10), best %.3f / %.3f\n", with_scope / without, wall[1][0],
           wall[0][0]);
  g_print ("  then decimating the whole log into 1200 columns: first %.1f ms CPU (builds the "
           "summary pyramid), next %.2f ms\n",
           median (first_draw, REPEATS) * 1e3, median (next_draw, REPEATS) * 1e3);
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  Case cases[] = {
    { "discrete", counter_scope_model (DISCRETE_SAMPLES), TRUE, 0 },
    { "continuous", g_strdup (continuous_text), FALSE, 0 },
  };

  orr_palettes_register_standard (registry);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      bench_case (registry, &cases[i]);
      g_free (cases[i].text);
    }
  g_print ("  longest main loop gap during the runs: %.1f ms (5 ms timer)\n", longest_gap / 1000.0);
  return EXIT_SUCCESS;
}
