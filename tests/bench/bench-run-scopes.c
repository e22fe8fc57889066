/* bench-run-scopes.c: what live scopes cost a run (issue 7).
 *
 * A 1 kHz SampleClock drives a Counter whose output, times [1 ... 8],
 * goes into one Scope: 1,000,000 samples of 8 channels over 1,000 s of
 * model time. Timed two ways, best of three each:
 *  - through the run controller, as the app runs it: snapshot, compile
 *    and simulate on the worker thread, the Scope's stream drained on the
 *    main loop into its signal log;
 *  - the same model compiled and simulated on this thread with nobody
 *    reading the stream (orr_simulation_run directly).
 * Prints both and their ratio; the goal is a ratio within 1.10. The
 * reader runs beside the simulation, so the goal needs a second free
 * core: the main thread's CPU time (draining into the log) is printed
 * too, to tell a slow reader from a busy machine, and so is the longest
 * the main loop went without running a 5 ms timer (what a window would
 * feel as lag). Fails only on a wrong
 * answer (a sample lost or wrong in the log). */
#include "orr-run-controller.h"

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>
#include <orrery/orr-simulation.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_SAMPLES 1000000
#define N_CHANNELS 8
#define REPEATS 3

/* Clock ticks at k * 1e-3 s, k = 0 ... 999999: the final time sits half a
 * period after the last. */
static const char model_text[]
  = "<orrery version=\"1.0\">"
    "<settings start=\"0\" final=\"999.9995\" solver=\"auto\" rtol=\"1e-06\" atol=\"1e-08\" "
    "max-step=\"0\"/>"
    "<diagram>"
    "<block id=\"c\" type=\"SampleClock\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"period\">1e-3</param>"
    "<ports event-out=\"1\"/></block>"
    "<block id=\"n\" type=\"Counter\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<ports out=\"1\" event-in=\"1\"/></block>"
    "<block id=\"k\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"gain\">[1; 2; 3; 4; 5; 6; 7; 8]</param>"
    "<ports in=\"1\" out=\"1\"/></block>"
    "<block id=\"s\" type=\"Scope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><ports in=\"1\"/>"
    "</block>"
    "<link id=\"l1\" kind=\"activation\" from=\"c\" from-port=\"1\" to=\"n\" to-port=\"1\"/>"
    "<link id=\"l2\" kind=\"regular\" from=\"n\" from-port=\"1\" to=\"k\" to-port=\"1\"/>"
    "<link id=\"l3\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"s\" to-port=\"1\"/>"
    "</diagram></orrery>";

static void
on_finished (OrrRunController *ctl, OrrRunState state, GMainLoop *loop)
{
  g_main_loop_quit (loop);
}

static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double drain_cpu = G_MAXDOUBLE;
static gint64 longest_gap;

typedef struct
{
  gint64 last;
  gint64 longest;
} Ticker;

static gboolean
on_tick (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();

  ticker->longest = MAX (ticker->longest, now - ticker->last);
  ticker->last = now;
  return G_SOURCE_CONTINUE;
}

static double
run_with_controller (OrrRegistry *registry, OrrModel *model)
{
  g_autoptr (OrrRunController) ctl = orr_run_controller_new (registry);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GError) error = NULL;
  OrrSignalLog *log;
  gint64 start;
  double seconds, cpu;
  Ticker ticker = { 0 };
  guint tick;

  g_signal_connect (ctl, "finished", G_CALLBACK (on_finished), loop);
  start = ticker.last = g_get_monotonic_time ();
  cpu = thread_cpu_seconds ();
  tick = g_timeout_add (5, on_tick, &ticker);
  if (!orr_run_controller_start (ctl, model, FALSE, &error))
    g_error ("%s", error->message);
  g_main_loop_run (loop);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  drain_cpu = MIN (drain_cpu, thread_cpu_seconds () - cpu);
  g_source_remove (tick);
  longest_gap = MAX (longest_gap, ticker.longest);

  if (orr_run_controller_get_state (ctl) != ORR_RUN_FINISHED)
    g_error ("the run did not finish: %s", orr_run_controller_get_error (ctl));
  log = orr_run_controller_find_log (ctl, "s");
  if (log == NULL || orr_signal_log_get_n_samples (log) != N_SAMPLES
      || orr_signal_log_get_n_channels (log) != N_CHANNELS)
    g_error ("the log holds %" G_GUINT64_FORMAT " samples, not %d",
             log ? orr_signal_log_get_n_samples (log) : 0, N_SAMPLES);
  /* sample i is (i + 1) * [1 ... 8] at t = i * 1e-3: spot checks */
  for (guint64 i = 0; i < N_SAMPLES; i += 9973)
    for (guint c = 0; c < N_CHANNELS; c++)
      if (orr_signal_log_get_value (log, i, c) != (double)(i + 1) * (c + 1)
          || fabs (orr_signal_log_get_t (log, i) - i * 1e-3) > 1e-9)
        g_error ("sample %" G_GUINT64_FORMAT " channel %u is wrong", i, c);
  return seconds;
}

static double
run_without_reader (OrrRegistry *registry, OrrModel *model)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  gint64 start = g_get_monotonic_time ();
  double seconds;

  program = orr_compile (model, registry, NULL, NULL, &error);
  if (program == NULL)
    g_error ("%s", error->message);
  sim = orr_simulation_new (program);
  if (!orr_simulation_run (sim, &error))
    g_error ("%s", error->message);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (orr_simulation_get_stats (sim)->events < N_SAMPLES)
    g_error ("only %" G_GUINT64_FORMAT " events", orr_simulation_get_stats (sim)->events);
  return seconds;
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (GError) error = NULL;
  double with_scope = G_MAXDOUBLE, without = G_MAXDOUBLE;

  orr_palettes_register_standard (registry);
  model = orr_model_load_data (model_text, strlen (model_text), "bench", &error);
  if (model == NULL)
    g_error ("%s", error->message);

  for (int r = 0; r < REPEATS; r++)
    {
      /* not inside MIN (), which would run them twice */
      double a = run_without_reader (registry, model);
      double b = run_with_controller (registry, model);

      without = MIN (without, a);
      with_scope = MIN (with_scope, b);
    }
  g_print ("run-scopes: %d samples x %d channels\n", N_SAMPLES, N_CHANNELS);
  g_print ("  without a reader:            %.3f s\n", without);
  g_print ("  run controller, drained log: %.3f s (main thread CPU %.3f s)\n", with_scope,
           drain_cpu);
  g_print ("  ratio %.3f (goal <= 1.10)\n", with_scope / without);
  g_print ("  longest main loop gap during the runs: %.1f ms (5 ms timer)\n",
           longest_gap / 1000.0);
  return EXIT_SUCCESS;
}
