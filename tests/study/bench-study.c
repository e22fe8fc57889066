/* bench-study.c: what a study costs on top of its runs. A sweep of N
 * bouncing balls (the restitution varied) is run three ways: as a plain
 * loop of the same runs (evaluate, compile, simulate, record: the runs'
 * own cost), as a study on one thread and as a study on every core. It
 * prints the study's overhead per run (goal: under 2 ms) and the speed-up
 * of the cores over one thread (goal: at least 1.8 on 2 cores), and checks
 * the answers (first impact at sqrt(2 h0 / g) in every run).
 *
 *   bench-study [N] [REPEATS] [MODEL]
 *                     (N = 5000, REPEATS = 7; the bouncing-ball example) */
/* RUSAGE_THREAD: the calling thread's CPU time (Linux) */
#define _GNU_SOURCE
#include <glib/gstdio.h>
#include <math.h>
#include <sys/resource.h>
#include <orr-palettes.h>
#include <orrery/orr-io.h>
#include <orrery/orr-recording.h>
#include <orrery/orr-runs.h>
#include <orrery/orr-study.h>

static void
on_started (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program, gpointer data)
{
  OrrRecording **recording = data;

  g_clear_pointer (recording, orr_recording_unref);
  *recording = orr_recording_new_direct (sim, program);
}

static void
on_finished (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program, gpointer data)
{
  OrrRecording **recording = data;

  orr_recording_finish (*recording, NULL);
}

/* CPU seconds (user + system) of the process, or of the calling thread. */
static double
cpu_seconds (int who)
{
  struct rusage u;

  getrusage (who, &u);
  return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec
         + u.ru_stime.tv_usec / 1e6;
}

/* What a study cost: wall time, the whole process's CPU time and the
 * calling thread's (the part that does not spread over the cores: it
 * takes the finished runs and appends them to the journal). */
typedef struct
{
  double wall, cpu, caller;
} Cost;

/* The same runs without a study: one model, one registry, N executions. */
static double
plain_loop (const char *model_path, guint n, OrrRegistry *registry, double *cpu)
{
  double cpu0 = cpu_seconds (RUSAGE_SELF);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (model_path, &error);
  gint64 start;

  g_assert_no_error (error);
  {
    /* 4 s: past the first impacts, before any restitution from 0.5 up accumulates (Zeno) */
    OrrSettings settings;

    orr_settings_copy (&settings, orr_model_get_settings (model));
    settings.final_time = 4;
    orr_model_set_settings (model, &settings);
    orr_settings_clear (&settings);
  }
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
      g_autoptr (OrrValue) e = orr_value_new_double (0.5 + 0.45 * i / MAX (n - 1, 1));
      OrrRecording *recording = NULL;
      OrrRuns *runs;

      orr_scope_set (overrides, "e", e);
      runs = orr_runs_new (model, registry, overrides, NULL);
      orr_runs_set_callbacks (runs, on_started, on_finished, &recording);
      g_assert_true (orr_runs_execute (runs, NULL, &error));
      orr_runs_free (runs);
      orr_recording_unref (recording);
    }
  *cpu = cpu_seconds (RUSAGE_SELF) - cpu0;
  return (g_get_monotonic_time () - start) / 1e6;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static Cost
study_run (const char *dir, guint n, guint threads, OrrRegistry *registry)
{
  static guint serial; /* a fresh results folder each time: a study skips the runs it has */
  double cpu0, caller0;
  g_autofree char *text = g_strdup_printf (
    "<study version='1' model='ball.orr' results='results-%u' final-time='4'>"
    "<vary name='e' kind='range' from='0.5' to='0.95' count='%u'/>"
    "<metric name='t1' signal='Height and speed' expr='t(find(y(:,2) &gt; 0, 1))'/>"
    "</study>",
    ++serial, n);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrStudy) study = orr_study_load_from_data (text, -1, dir, &error);
  g_autoptr (OrrStudyPlan) plan = NULL;
  gint64 start;
  Cost cost;

  g_assert_no_error (error);
  plan = orr_study_make_plan (study, &error);
  start = g_get_monotonic_time ();
  cpu0 = cpu_seconds (RUSAGE_SELF);
  caller0 = cpu_seconds (RUSAGE_THREAD);
  g_assert_true (
    orr_study_run (study, plan, registry, 0, G_MAXUINT, threads, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  cost.wall = (g_get_monotonic_time () - start) / 1e6;
  cost.cpu = cpu_seconds (RUSAGE_SELF) - cpu0;
  cost.caller = cpu_seconds (RUSAGE_THREAD) - caller0;
  {
    /* read once: orr_study_read_row would read the journal per row */
    g_autoptr (GPtrArray) rows = orr_study_read_rows (study, n, &error);

    g_assert_no_error (error);
    for (guint i = 0; i < n; i++)
      {
        OrrStudyRow *row = g_ptr_array_index (rows, i);

        if (row == NULL || fabs (row->metrics[0] - sqrt (2 * 10 / 9.81)) > 1e-6)
          g_error ("run %u: first impact at %.9f, not %.9f", i, row ? row->metrics[0] : NAN,
                   sqrt (2 * 10 / 9.81));
      }
  }
  return cost;
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint)atoi (argv[1]) : 5000;
  guint repeats = argc > 2 ? CLAMP (atoi (argv[2]), 1, 99) : 7;
  const char *source = argc > 3 ? argv[3] : ORR_SOURCE_EXAMPLES "/bouncing-ball.orr";
  double pairs[99];
  g_autofree char *dir = g_dir_make_tmp ("orrery-bench-study-XXXXXX", NULL);
  g_autofree char *model = g_build_filename (dir, "ball.orr", NULL);
  g_autofree char *data = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  guint cores = g_get_num_processors ();
  double loop = 0, loop_cpu = 0, bound;
  Cost one = { 0 }, all = { 0 };
  g_autofree char *load = NULL;
  gsize length;

  orr_palettes_register_standard (registry);
  g_assert_true (g_file_get_contents (source, &data, &length, NULL));
  g_assert_true (g_file_set_contents (model, data, length, NULL));

  plain_loop (model, MIN (n, 50), registry, &loop_cpu); /* warm the caches */
  /* The speed-up is a ratio of two wall times on a machine whose second
   * core comes and goes (a VM, other work): the 1-thread and the all-core
   * study alternate REPEATS times (with the plain loop) and each keeps its best time, as
   * timing tools do (the best is the run least disturbed); the median of
   * the pairs' own ratios is printed beside it. */
  for (guint r = 0; r < repeats; r++)
    {
      double c, l = plain_loop (model, n, registry, &c);
      Cost a = study_run (dir, n, 1, registry), b = study_run (dir, n, cores, registry);

      if (r == 0 || l < loop)
        loop = l, loop_cpu = c;
      pairs[r] = a.wall / b.wall;
      if (r == 0 || a.wall < one.wall)
        one = a;
      if (r == 0 || b.wall < all.wall)
        all = b;
      g_print ("pair %u: 1 thread %.3f s, %u cores %.3f s, ratio %.2f\n", r + 1, a.wall, cores,
               b.wall, pairs[r]);
    }
  qsort (pairs, repeats, sizeof (double), compare_doubles);
  g_print ("study of %u bouncing balls: plain loop %.3f s, study on 1 thread %.3f s, on %u cores "
           "%.3f s (best of %u)\n",
           n, loop, one.wall, cores, all.wall, repeats);
  g_print ("overhead per run: %.3f ms, in CPU time %.3f ms (goal < 2 ms)\n",
           1e3 * (one.wall - loop) / n, 1e3 * (one.cpu - loop_cpu) / n);
  g_print ("speed-up on %u cores: %.2f best of %u, median of the pairs %.2f (goal >= 1.8 on 2 "
           "cores)\n",
           cores, one.wall / all.wall, repeats,
           repeats % 2 ? pairs[repeats / 2] : (pairs[repeats / 2 - 1] + pairs[repeats / 2]) / 2);
  /* The wall-clock speed-up needs the cores free. What the study itself
   * allows: the same work on every core (CPU per run alike) and a calling
   * thread that stays below a core's share; the bound is the 1-thread CPU
   * time over the larger of the N-thread CPU time spread on N cores and
   * the calling thread's own. */
  bound = one.cpu / MAX (all.cpu / cores, all.caller);
  if (g_file_get_contents ("/proc/loadavg", &load, NULL, NULL))
    g_strdelimit (load, "\n", ' ');
  g_print ("CPU per run: %.3f ms on 1 thread, %.3f ms on %u (the calling thread %.3f ms); the "
           "study got %.2f of %u cores (load average %s)\n",
           1e3 * one.cpu / n, 1e3 * all.cpu / n, cores, 1e3 * all.caller / n, all.cpu / all.wall,
           cores, load != NULL ? g_strstrip (load) : "?");
  g_print ("speed-up the study allows on %u idle cores: %.2f\n", cores, bound);
  orr_remove_tree (dir);
  return 0;
}
