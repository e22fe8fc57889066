/* orrery-sim-study.c: `orrery-sim study run|gather|plan`, studies from the
 * command line: on this machine's cores, or submitted to Slurm as one job
 * array whose tasks each run a share of the plan (with this same program)
 * and a dependent job that gathers the parts into one HDF5 file. */
#include "orrery-sim-commands.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <orr-palettes.h>
#include <orrery/orr-study.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum
{
  EXIT_OK = 0,
  EXIT_STUDY_ERROR = 1,
  EXIT_USAGE = 2,
  EXIT_RUNS_FAILED = 3,
};

static int usage (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
usage (const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("orrery-sim study: %s\n%s\n", text, _ ("Try 'orrery-sim study --help'."));
  return EXIT_USAGE;
}

/* Ctrl+C: the handler only raises a flag; a watcher thread turns it into
 * a cancellation, which the study checks between results. */
static volatile sig_atomic_t interrupted;

static void
on_interrupt (int signum)
{
  interrupted = 1;
}

typedef struct
{
  GCancellable *cancellable;
  gint done;
} Watch;

static gpointer
watch_interrupt (gpointer data)
{
  Watch *w = data;

  while (!g_atomic_int_get (&w->done))
    {
      if (interrupted)
        {
          g_cancellable_cancel (w->cancellable);
          break;
        }
      g_usleep (20000);
    }
  return NULL;
}

typedef struct
{
  gboolean show;
  guint failed;
  gint64 started;
} Progress;

static void
on_progress (guint run, OrrStudyRunStatus status, const char *message, guint done, guint total,
             gpointer data)
{
  Progress *p = data;

  if (status == ORR_STUDY_RUN_FAILED)
    {
      p->failed++;
      if (p->show)
        g_printerr ("\r%70s\r", "");
      g_printerr (_ ("run %u failed: %s\n"), run, message);
    }
  if (p->show)
    g_printerr ("\r"), g_printerr (_ ("  %u of %u runs done [%3.0f%%], %u failed, %.1f s"), done,
                                   total, total ? 100.0 * done / total : 100.0, p->failed,
                                   (g_get_monotonic_time () - p->started) / 1e6);
}

static OrrStudy *
load (const char *path, OrrStudyPlan **plan)
{
  g_autoptr (GError) error = NULL;
  OrrStudy *study = orr_study_load (path, &error);

  if (study == NULL)
    {
      g_printerr ("orrery-sim: %s\n", error->message);
      return NULL;
    }
  *plan = orr_study_make_plan (study, &error);
  if (*plan == NULL)
    {
      g_printerr ("orrery-sim: %s: %s\n", path, error->message);
      orr_study_free (study);
      return NULL;
    }
  return study;
}

static int
gather (const char *path, OrrStudy *study, OrrStudyPlan *plan, gboolean quiet)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = orr_study_dup_results_dir (study);

  if (!orr_study_gather (study, plan, NULL, NULL, &error))
    {
      g_printerr ("orrery-sim: %s: %s\n", path, error->message);
      return EXIT_STUDY_ERROR;
    }
  if (!quiet)
    g_print (_ ("Results: %s/results.h5 and %s/results.csv\n"), dir, dir);
  return EXIT_OK;
}

/* Quotes text for /bin/sh. */
static char *
sh_quote (const char *text)
{
  return g_shell_quote (text);
}

/* One job array whose task i runs the i-th share of the plan, then a
 * job that gathers once every task has succeeded. */
static int
submit_to_slurm (const char *path, OrrStudy *study, OrrStudyPlan *plan, guint tasks,
                 guint max_parallel, char **sbatch_options, gboolean quiet)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *study_abs = g_canonicalize_filename (path, NULL);
  g_autofree char *dir = orr_study_dup_results_dir (study);
  g_autofree char *slurm_dir = g_build_filename (dir, "slurm", NULL);
  g_autofree char *array_script = g_build_filename (slurm_dir, "array.sh", NULL);
  g_autofree char *gather_script = g_build_filename (slurm_dir, "gather.sh", NULL);
  g_autofree char *q_self = sh_quote (self ? self : "orrery-sim");
  g_autofree char *q_study = sh_quote (study_abs);
  g_autofree char *q_logs = NULL;
  g_autofree char *array_text = NULL, *gather_text = NULL, *array_arg = NULL;
  g_autofree char *out = NULL, *err = NULL, *dependency = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  guint n_runs = orr_study_plan_get_n_runs (plan);
  int status;

  tasks = MAX (1, MIN (tasks, MAX (n_runs, 1)));
  if (g_mkdir_with_parents (slurm_dir, 0777) != 0)
    {
      int e = errno;
      g_printerr ("orrery-sim: %s: %s\n", slurm_dir, g_strerror (e));
      return EXIT_STUDY_ERROR;
    }
  {
    g_autofree char *logs = g_build_filename (slurm_dir, "task-%a.log", NULL);
    q_logs = sh_quote (logs);
  }
  array_text = g_strdup_printf (
    "#!/bin/sh\n"
    "# A share of the study %s per task (orrery-sim study run --slurm).\n"
    "#SBATCH --job-name=orrery-study\n"
    "exec %s study run %s --task \"$SLURM_ARRAY_TASK_ID\" --tasks %u "
    "-j \"${SLURM_CPUS_PER_TASK:-1}\" --quiet%s\n",
    study_abs, q_self, q_study, tasks, orr_study_get_trust_native_code (study) ? " --trust" : "");
  gather_text = g_strdup_printf ("#!/bin/sh\n"
                                 "# Merges the tasks' parts into one results file.\n"
                                 "#SBATCH --job-name=orrery-gather\n"
                                 "exec %s study gather %s\n",
                                 q_self, q_study);
  if (!g_file_set_contents_full (array_script, array_text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0755,
                                 &error)
      || !g_file_set_contents_full (gather_script, gather_text, -1, G_FILE_SET_CONTENTS_CONSISTENT,
                                    0755, &error))
    {
      g_printerr ("orrery-sim: %s\n", error->message);
      return EXIT_STUDY_ERROR;
    }

  array_arg = max_parallel > 0 ? g_strdup_printf ("--array=0-%u%%%u", tasks - 1, max_parallel)
                               : g_strdup_printf ("--array=0-%u", tasks - 1);
  g_ptr_array_add (argv, g_strdup ("sbatch"));
  g_ptr_array_add (argv, g_strdup ("--parsable"));
  g_ptr_array_add (argv, g_strdup (array_arg));
  g_ptr_array_add (argv, g_strdup_printf ("--output=%s/task-%%a.log", slurm_dir));
  for (char **o = sbatch_options; o != NULL && *o != NULL; o++)
    g_ptr_array_add (argv, g_strdup (*o));
  g_ptr_array_add (argv, g_strdup (array_script));
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                     &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    {
      g_printerr (_ ("orrery-sim: sbatch failed: %s %s\n"), error->message, err ? err : "");
      return EXIT_STUDY_ERROR;
    }
  g_strstrip (out);
  {
    /* --parsable prints "jobid" or "jobid;cluster" */
    char *semicolon = strchr (out, ';');
    if (semicolon != NULL)
      *semicolon = '\0';
  }
  dependency = g_strdup_printf ("--dependency=afterok:%s", out);
  g_ptr_array_set_size (argv, 0);
  g_ptr_array_add (argv, g_strdup ("sbatch"));
  g_ptr_array_add (argv, g_strdup ("--parsable"));
  g_ptr_array_add (argv, g_strdup (dependency));
  g_ptr_array_add (argv, g_strdup ("--kill-on-invalid-dep=yes"));
  g_ptr_array_add (argv, g_strdup_printf ("--output=%s/gather.log", slurm_dir));
  for (char **o = sbatch_options; o != NULL && *o != NULL; o++)
    g_ptr_array_add (argv, g_strdup (*o));
  g_ptr_array_add (argv, g_strdup (gather_script));
  g_ptr_array_add (argv, NULL);
  {
    g_autofree char *gather_out = NULL, *gather_err = NULL;

    if (!g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                       &gather_out, &gather_err, &status, &error)
        || !g_spawn_check_wait_status (status, &error))
      {
        g_printerr (_ ("orrery-sim: sbatch (the gathering job) failed: %s %s\n"), error->message,
                    gather_err ? gather_err : "");
        return EXIT_STUDY_ERROR;
      }
    g_strstrip (gather_out);
    if (!quiet)
      g_print (
        _ ("Submitted job array %s (%u tasks, %u runs) and gathering job %s; results will be "
           "in %s\n"),
        out, tasks, n_runs, gather_out, dir);
    else
      g_print ("%s %s\n", out, gather_out);
  }
  return EXIT_OK;
}

static int
cmd_run (int argc, char **argv)
{
  int jobs = 0, task = -1, tasks = 0, max_parallel = 0;
  gboolean slurm = FALSE, quiet = FALSE, no_gather = FALSE, trust = FALSE;
  char **sbatch_options = NULL;
  char **files = NULL;
  GOptionEntry entries[] = {
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, N_ ("Run N runs at a time (default: one per core)"),
      N_ ("N") },
    { "task", 0, 0, G_OPTION_ARG_INT, &task,
      N_ ("Run only share I (from 0) of the plan, of --tasks shares (Slurm array tasks do this)"),
      N_ ("I") },
    { "tasks", 0, 0, G_OPTION_ARG_INT, &tasks, N_ ("The plan is shared among N tasks"), N_ ("N") },
    { "slurm", 0, 0, G_OPTION_ARG_NONE, &slurm,
      N_ ("Submit to Slurm: one job array of --tasks tasks (default 16), then a job that gathers "
          "the results"),
      NULL },
    { "max-parallel", 0, 0, G_OPTION_ARG_INT, &max_parallel,
      N_ ("With --slurm: at most N array tasks at a time"), N_ ("N") },
    { "sbatch", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sbatch_options,
      N_ ("With --slurm: pass OPTION to sbatch, e.g. --sbatch=--partition=short (repeatable)"),
      N_ ("OPTION") },
    { "no-gather", 0, 0, G_OPTION_ARG_NONE, &no_gather,
      N_ ("Do not merge the results when every run is done"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_ ("Print errors only"), NULL },
    { "trust", 0, 0, G_OPTION_ARG_NONE, &trust,
      N_ ("Trust the model: run its native code (C and Python blocks, FMU binaries) and let it "
          "write files anywhere"),
      NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_ ("STUDY.orrs") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  g_autoptr (OrrRegistry) registry = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  Progress progress = { 0 };
  Watch watch = { 0 };
  GThread *watcher;
  guint n_runs, first, last, done;
  gboolean ok;
  int status = EXIT_OK;

  g_option_context_set_summary (context, _ ("Run the study's runs that are not done yet."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = usage ("%s", error->message);
  else if (files == NULL || files[0] == NULL || files[1] != NULL)
    status = usage ("%s", _ ("study run takes one study file"));
  else if (jobs < 0 || tasks < 0 || max_parallel < 0)
    status = usage ("%s", _ ("-j, --tasks and --max-parallel take numbers of at least 0"));
  else if ((task >= 0) != (tasks > 0) && !slurm)
    status = usage ("%s", _ ("--task and --tasks go together"));
  else if (task >= 0 && task >= tasks)
    status = usage (_ ("--task %d is not below --tasks %d"), task, tasks);
  if (status != EXIT_OK)
    goto out;

  study = load (files[0], &plan);
  if (study != NULL)
    orr_study_set_trust_native_code (study, trust);
  if (study == NULL)
    {
      status = EXIT_STUDY_ERROR;
      goto out;
    }
  if (slurm)
    {
      status = submit_to_slurm (files[0], study, plan, tasks > 0 ? (guint)tasks : 16,
                                (guint)max_parallel, sbatch_options, quiet);
      goto out;
    }

  n_runs = orr_study_plan_get_n_runs (plan);
  first = 0;
  last = n_runs ? n_runs - 1 : 0;
  if (task >= 0)
    {
      guint share = (n_runs + tasks - 1) / tasks;

      first = (guint)task * share;
      last = MIN (n_runs, first + share);
      if (first >= last)
        goto out; /* more tasks than runs: nothing for this one */
      last--;
    }

  registry = orr_registry_new ();
  orr_palettes_register_standard (registry);
  cancellable = g_cancellable_new ();
  watch.cancellable = cancellable;
  interrupted = 0;
  signal (SIGINT, on_interrupt);
  watcher = g_thread_new ("interrupt", watch_interrupt, &watch);
  progress.show = !quiet && isatty (STDERR_FILENO);
  progress.started = g_get_monotonic_time ();
  ok = orr_study_run (study, plan, registry, first, last, (guint)jobs, on_progress, &progress,
                      cancellable, &error);
  g_atomic_int_set (&watch.done, 1);
  g_thread_join (watcher);
  signal (SIGINT, SIG_DFL);
  if (progress.show)
    g_printerr ("\r%70s\r", "");
  if (!ok)
    {
      g_printerr ("orrery-sim: %s: %s\n", files[0], error->message);
      status = EXIT_STUDY_ERROR;
      goto out;
    }
  done = orr_study_count_done (study, plan);
  if (!quiet)
    g_print (_ ("Study %s: %u of %u runs done (%u failed in this session), %.2f s\n"), files[0],
             done, n_runs, progress.failed, (g_get_monotonic_time () - progress.started) / 1e6);
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_printerr (_ ("orrery-sim: stopped; run the same command again to finish the study\n"));
      status = EXIT_STUDY_ERROR;
    }
  else if (done == n_runs && task < 0 && !no_gather)
    status = gather (files[0], study, plan, quiet);
  if (status == EXIT_OK && progress.failed > 0)
    status = EXIT_RUNS_FAILED;

out:
  g_strfreev (files);
  g_strfreev (sbatch_options);
  return status;
}

static int
cmd_gather_or_plan (int argc, char **argv, gboolean plan_only)
{
  gboolean quiet = FALSE;
  char **files = NULL;
  GOptionEntry entries[] = {
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_ ("Print errors only"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_ ("STUDY.orrs") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  int status = EXIT_OK;

  g_option_context_set_summary (
    context, plan_only ? _ ("Print the study's plan as CSV: a row per run.")
                       : _ ("Merge the runs' parts into one HDF5 file and a CSV table."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = usage ("%s", error->message);
  else if (files == NULL || files[0] == NULL || files[1] != NULL)
    status = usage ("%s", _ ("one study file, please"));
  else if ((study = load (files[0], &plan)) == NULL)
    status = EXIT_STUDY_ERROR;
  else if (!plan_only)
    status = gather (files[0], study, plan, quiet);
  else
    {
      guint n = orr_study_plan_get_n_variables (plan);

      g_print ("run");
      for (guint j = 0; j < n; j++)
        g_print (",%s", orr_study_plan_get_name (plan, j));
      g_print ("\n");
      for (guint i = 0; i < orr_study_plan_get_n_runs (plan); i++)
        {
          g_print ("%u", i);
          for (guint j = 0; j < n; j++)
            {
              char buffer[G_ASCII_DTOSTR_BUF_SIZE];
              g_print (",%s", g_ascii_dtostr (buffer, sizeof buffer,
                                              orr_study_plan_get_value (plan, i, j)));
            }
          g_print ("\n");
        }
    }
  g_strfreev (files);
  return status;
}

static int
cmd_optimize (int argc, char **argv)
{
  gboolean quiet = FALSE, trust = FALSE;
  char **files = NULL;
  GOptionEntry entries[] = {
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_ ("Print errors and the optimum only"), NULL },
    { "trust", 0, 0, G_OPTION_ARG_NONE, &trust,
      N_ ("Trust the model: run its native code (C and Python blocks, FMU binaries) and let it "
          "write files anywhere"),
      NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_ ("STUDY.orrs") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (OrrRegistry) registry = NULL;
  g_autoptr (OrrStudyOptimum) optimum = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *dir = NULL;
  Progress progress = { 0 };
  Watch watch = { cancellable, 0 };
  GThread *watcher;
  int status = EXIT_OK;

  g_option_context_set_summary (context, _ ("Search the study's variables for the best objective "
                                            "(its <optimize> element)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = usage ("%s", error->message);
      goto out;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      status = usage ("%s", _ ("one study file, please"));
      goto out;
    }
  study = orr_study_load (files[0], &error);
  if (study != NULL)
    orr_study_set_trust_native_code (study, trust);
  if (study == NULL)
    {
      g_printerr ("orrery-sim: %s\n", error->message);
      status = EXIT_STUDY_ERROR;
      goto out;
    }
  registry = orr_registry_new ();
  orr_palettes_register_standard (registry);
  interrupted = 0;
  signal (SIGINT, on_interrupt);
  watcher = g_thread_new ("interrupt", watch_interrupt, &watch);
  progress.show = !quiet && isatty (STDERR_FILENO);
  progress.started = g_get_monotonic_time ();
  optimum = orr_study_optimize (study, registry, on_progress, &progress, cancellable, &error);
  g_atomic_int_set (&watch.done, 1);
  g_thread_join (watcher);
  signal (SIGINT, SIG_DFL);
  if (progress.show)
    g_printerr ("\r%70s\r", "");
  dir = orr_study_dup_results_dir (study);
  if (optimum == NULL)
    {
      g_printerr ("orrery-sim: %s: %s\n", files[0], error->message);
      status = EXIT_STUDY_ERROR;
      goto out;
    }
  g_print (_ ("Optimum after %u evaluations (%s):\n"), optimum->evaluations, optimum->message);
  for (guint j = 0; j < optimum->n_values; j++)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      g_print ("  %s = %s\n", orr_study_get_variable (study, j)->name,
               g_ascii_dtostr (buffer, sizeof buffer, optimum->values[j]));
    }
  g_print (_ ("  objective = %.17g\n"), optimum->objective);
  if (!quiet)
    g_print (_ ("Every evaluation: %s/optimize.csv\n"), dir);
out:
  g_strfreev (files);
  return status;
}

int
orr_sim_study_main (int argc, char **argv)
{
  const char *what = argc > 1 ? argv[1] : NULL;

  if (g_strcmp0 (what, "run") == 0)
    return cmd_run (argc - 1, argv + 1);
  if (g_strcmp0 (what, "gather") == 0)
    return cmd_gather_or_plan (argc - 1, argv + 1, FALSE);
  if (g_strcmp0 (what, "plan") == 0)
    return cmd_gather_or_plan (argc - 1, argv + 1, TRUE);
  if (g_strcmp0 (what, "optimize") == 0)
    return cmd_optimize (argc - 1, argv + 1);
  if (g_strcmp0 (what, "--help") == 0 || g_strcmp0 (what, "-h") == 0 || what == NULL)
    {
      g_print (
        "%s",
        _ ("Usage:\n"
           "  orrery-sim study run STUDY.orrs [-j N] [--slurm [--tasks N] [--sbatch=OPTION]...]\n"
           "  orrery-sim study gather STUDY.orrs\n"
           "  orrery-sim study plan STUDY.orrs\n"
           "  orrery-sim study optimize STUDY.orrs\n"
           "\n"
           "A study runs its model once per row of its plan (docs/studies.md). Each\n"
           "finished run is kept in STUDY.results/parts at once: run the same command\n"
           "again after Ctrl+C to do only what is missing. When every run is done the\n"
           "parts are merged into STUDY.results/results.h5 and results.csv.\n"
           "\n"
           "Exit status: 0 every run succeeded, 1 the study could not run, 2 usage,\n"
           "3 some runs failed (their rows say why).\n"));
      return what == NULL ? EXIT_USAGE : EXIT_OK;
    }
  return usage (_ ("unknown study command '%s' (run, gather, plan, optimize)"), what);
}
