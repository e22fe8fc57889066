/* orrery-sim.c: the command-line runner. Loads a model, applies the
 * command line's settings and context overrides, compiles and simulates
 * it (run after run while End blocks restart it, through orr-runs.h), and
 * writes what the sinks recorded in the last run to CSV. Links the engine
 * and the standard palettes only, no GTK. */
#include "orr-paths.h"
#include "orrery-sim-commands.h"
#include "orrery-sim-analysis.h"
#include "orrery-sim-convert.h"
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>
#include <orrery/orr-recording.h>
#include <orrery/orr-runs.h>
#include <orrery/orr-simulation.h>
#include <orrery/orr-solvers.h>
#include <orrery/orr-xcos.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <locale.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HAVE_VALGRIND_H 1
#endif
#endif

enum
{
  EXIT_OK = 0,
  EXIT_MODEL_ERROR = 1,
  EXIT_USAGE = 2,
  EXIT_SOLVER_FAILURE = 3,
};

typedef struct
{
  char *final_time;
  char *solver;
  char *linear_solver;
  OrrSimLinear linear;
  double load_seconds;
  char **sets;
  char *output;
  char **libraries;
  int max_runs;
  gboolean quiet;
  gboolean trust;
  gboolean solve_loops;
  gboolean version;
  char **files;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->final_time);
  g_free (o->solver);
  g_free (o->linear_solver);
  g_strfreev (o->sets);
  g_free (o->output);
  g_strfreev (o->libraries);
  g_strfreev (o->files);
}

static int usage_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("orrery-sim: %s\n%s\n", text, _ ("Try 'orrery-sim --help'."));
  return EXIT_USAGE;
}

static gboolean
is_identifier (const char *name)
{
  if (!g_ascii_isalpha (name[0]) && name[0] != '_')
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

/* Each --set NAME=EXPR becomes a value in the overrides scope. EXPR is
 * evaluated on its own: it cannot refer to the model's variables. */
static int
parse_overrides (char **sets, OrrScope *overrides)
{
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      const char *eq = strchr (sets[i], '=');
      g_autofree char *name = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrValue) value = NULL;

      if (eq == NULL)
        return usage_error (_ ("--set needs NAME=EXPR, not '%s'"), sets[i]);
      name = g_strstrip (g_strndup (sets[i], eq - sets[i]));
      if (!is_identifier (name))
        return usage_error (_ ("--set: '%s' is not a variable name"), name);
      if (orr_expr_is_builtin (name))
        return usage_error (_ ("--set: '%s' is a built-in name and cannot be overridden"), name);
      value = orr_expr_evaluate (eq + 1, NULL, &error);
      if (value == NULL)
        return usage_error (_ ("--set %s: %s"), name, error->message);
      orr_scope_set (overrides, name, value);
    }
  return EXIT_OK;
}

static int
apply_settings (OrrModel *model, const Options *o)
{
  OrrSettings settings;
  int status = EXIT_OK;

  orr_settings_copy (&settings, orr_model_get_settings (model));
  if (o->final_time != NULL)
    {
      char *end = NULL;
      double t = g_ascii_strtod (o->final_time, &end);
      if (end == o->final_time || *end != '\0' || !isfinite (t))
        status = usage_error (_ ("--final-time needs a number, not '%s'"), o->final_time);
      else if (t <= settings.start_time)
        status = usage_error (_ ("--final-time %s is not after the start time %g"), o->final_time,
                              settings.start_time);
      settings.final_time = t;
    }
  if (status == EXIT_OK && o->solver != NULL)
    {
      if (orr_solver_lookup (o->solver) == NULL)
        {
          g_autofree char *list = orr_solver_names ();
          status = usage_error (_ ("unknown solver '%s'; the solvers are: %s"), o->solver, list);
        }
      g_free (settings.solver);
      settings.solver = g_strdup (o->solver);
    }
  settings.solve_loops |= o->solve_loops;
  if (status == EXIT_OK)
    orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);
  return status;
}

typedef struct
{
  guint blocks, super_blocks, masked, links, activation_links;
} Counts;

static void
count_diagram (OrrDiagram *diagram, Counts *c)
{
  for (guint i = 0; i < diagram->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (diagram->links, i);
      c->links++;
      if (l->kind == ORR_LINK_ACTIVATION)
        c->activation_links++;
    }
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      c->blocks++;
      if (b->child != NULL)
        {
          c->super_blocks++;
          if (b->mask != NULL)
            c->masked++;
          count_diagram (b->child, c);
        }
    }
}

static void
print_summary (const char *path, OrrModel *model, OrrEvaluation *evaluation)
{
  const OrrSettings *s = orr_model_get_settings (model);
  OrrScope *root_scope = orr_evaluation_get_scope (evaluation, orr_model_get_root (model));
  Counts c = { 0 };
  g_auto (GStrv) names = NULL;
  g_autofree char *max_step = NULL;
  gboolean context_shown = FALSE;

  count_diagram (orr_model_get_root (model), &c);
  max_step = s->max_step > 0 ? g_strdup_printf ("%g s", s->max_step) : g_strdup (_ ("auto"));

  g_print (_ ("Model %s\n"), path);
  g_print (_ ("  blocks: %u (%u super blocks, %u masked), links: %u (%u activation)\n"), c.blocks,
           c.super_blocks, c.masked, c.links, c.activation_links);
  g_print (_ ("  time: %g to %g s, solver %s, rtol %g, atol %g, max step %s\n"), s->start_time,
           s->final_time, s->solver, s->rtol, s->atol, max_step);

  names = orr_scope_list_local (root_scope);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *shown = NULL;

      /* the run's number and the base's values are the runs' business,
       * not the context's (and are 1 and nothing before the runs) */
      if (orr_scope_name_is_hidden (names[i]) || strcmp (names[i], ORR_RUNS_COUNTER) == 0)
        continue;
      if (!context_shown)
        g_print ("%s\n", _ ("  context:"));
      context_shown = TRUE;
      shown = orr_value_to_display (orr_scope_lookup (root_scope, names[i]));
      /* keep one line per variable readable for big matrices */
      if (g_utf8_strlen (shown, -1) > 60)
        {
          char *cut = g_utf8_substring (shown, 0, 57);
          g_free (shown);
          shown = g_strconcat (cut, "...", NULL);
          g_free (cut);
        }
      g_print ("    %s = %s%s\n", names[i], shown,
               orr_scope_is_pinned (root_scope, names[i]) ? _ ("  (set on the command line)") : "");
    }
  g_print (_ ("  parameters: %u evaluated, no problems\n"),
           orr_evaluation_get_n_params (evaluation));
}

/* ---- simulation ---------------------------------------------------------- */

/* What the sinks recorded, read from the simulation's streams: per block,
 * its sample times and values. Kept until the end so that the CSV header,
 * which lists every recording block's channels, can be written first. */
/* Messages carry names, labels and parameters from the model: control
 * characters in them are shown escaped, so that a model cannot move the
 * cursor, rewrite a line or print a fake "Simulated ..." on a terminal.
 * Line ends and tabs stay. */
static char *
escape_controls (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar)*p;

      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else if (c == 0xc2 && (guchar)p[1] >= 0x80 && (guchar)p[1] <= 0x9f)
        {
          /* a C1 control (U+0080 to U+009F), such as the one-byte CSI */
          g_string_append_printf (out, "\\u%04x", (guchar)p[1]);
          p++;
        }
      else
        g_string_append_c (out, (char)c);
    }
  return g_string_free (out, FALSE);
}

static void
print_escaped (const char *text)
{
  g_autofree char *safe = escape_controls (text);

  fputs (safe, stdout);
}

static void
print_escaped_to_stderr (const char *text)
{
  g_autofree char *safe = escape_controls (text);

  fputs (safe, stderr);
}

/* Writes the recording to a stream and closes it; on failure the close is
 * cancelled, which leaves a replaced file as it was. */
static gboolean
write_csv_to (GOutputStream *out, OrrRecording *recording, GError **error)
{
  g_autoptr (GOutputStream) buffered = g_buffered_output_stream_new_sized (out, 1 << 16);

  if (!orr_recording_write_csv (recording, buffered, NULL, error))
    {
      g_autoptr (GCancellable) cancel = g_cancellable_new ();
      g_cancellable_cancel (cancel);
      g_output_stream_close (out, cancel, NULL);
      return FALSE;
    }
  return g_output_stream_close (buffered, NULL, error);
}

/* Writes the recording to path: "-" is standard output; a regular file
 * (or one a symbolic link leads to, keeping the link) is replaced as a
 * whole when the write succeeds; a pipe or a device (/dev/null) is written
 * in place, never replaced by a rename; a folder is refused. */
static gboolean
write_csv (const char *path, OrrRecording *recording, GError **error)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileOutputStream) out = NULL;
  GStatBuf st;

  if (strcmp (path, "-") == 0)
    {
      g_autoptr (GFile) stdout_file = g_file_new_for_path ("/dev/stdout");
      g_autoptr (GFileOutputStream) s = NULL;

      fflush (stdout);
      s = g_file_append_to (stdout_file, G_FILE_CREATE_NONE, NULL, error);
      return s != NULL && write_csv_to (G_OUTPUT_STREAM (s), recording, error);
    }
  file = g_file_new_for_commandline_arg (path);
  if (g_stat (path, &st) == 0)
    {
      g_autofree char *display = g_filename_display_name (path);

      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                       _ ("%s is a folder; name a file to write the signals to"), display);
          return FALSE;
        }
      if (S_ISSOCK (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                       _ ("%s is a socket; name a file, a pipe or a device"), display);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          /* a pipe or a device: written where it is, as a shell redirection
           * would, so /dev/null stays /dev/null */
          out = g_file_append_to (file, G_FILE_CREATE_NONE, NULL, error);
          return out != NULL && write_csv_to (G_OUTPUT_STREAM (out), recording, error);
        }
      if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        {
          /* the file the link leads to is replaced; the link stays */
          char *real = realpath (path, NULL);

          if (real != NULL)
            {
              g_object_unref (file);
              file = g_file_new_for_path (real);
              free (real);
            }
        }
    }
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);
  return out != NULL && write_csv_to (G_OUTPUT_STREAM (out), recording, error);
}

/* The runs go on a thread of their own; the main thread drains the
 * current run's streams and shows progress. */
typedef struct
{
  OrrRuns *runs;
  GMutex lock;             /* guards recording between the two threads */
  OrrRecording *recording; /* the current run's, then the last run's */
  GError *recording_error; /* the first failure to record, which stops the runs */
  GPtrArray *problems;     /* of a run that did not compile */
  GError *error;
  gboolean ok;
  int done;
  GCond finished; /* signalled, under lock, when done is set */
  OrrSimLinear linear;
  gint64 mark;         /* when the current phase began (simulation thread) */
  gint64 compile_usec; /* summed over the runs */
  gint64 simulate_usec;
  char *solver_description; /* the last run's */
  /* The main thread checks the model (evaluating it for the summary)
   * while the simulation thread compiles it: 0 while it does, 1 when the
   * run may start, -1 when the check found errors. Guarded by lock. */
  int checked;
  GCond checked_cond;
} Worker;

/* Frees what the worker holds, once its thread has ended. */
static void
worker_clear (Worker *w)
{
  g_clear_pointer (&w->recording, orr_recording_unref);
  g_clear_error (&w->recording_error);
  g_ptr_array_unref (w->problems);
  g_clear_error (&w->error);
  g_mutex_clear (&w->lock);
  g_cond_clear (&w->finished);
  g_cond_clear (&w->checked_cond);
  g_free (w->solver_description);
}

/* What blocks report without failing (an FMU's log), as it happens, on
 * the simulation's thread: one line each on stderr, after the block's path. */
static void
on_block_message (const char *block_path, const char *message, gpointer data)
{
  g_printerr (_ ("%s: message: %s\n"), block_path, message);
}

/* Each run records afresh: the CSV holds the last run's signals. */
static void
on_run_started (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
                gpointer data)
{
  Worker *w = data;
  gint64 now = g_get_monotonic_time ();
  gboolean refused;

  /* from the end of the previous run (or the start) to here: compiling */
  w->compile_usec += now - w->mark;
  /* nothing runs before the main thread's check has passed */
  g_mutex_lock (&w->lock);
  while (w->checked == 0)
    g_cond_wait (&w->checked_cond, &w->lock);
  refused = w->checked < 0;
  g_mutex_unlock (&w->lock);
  if (refused)
    orr_runs_stop (runs);
  w->mark = g_get_monotonic_time ();
  orr_simulation_set_message_func (sim, on_block_message, NULL);
  orr_simulation_set_linear_solver (sim, w->linear);

  g_mutex_lock (&w->lock);
  g_clear_pointer (&w->recording, orr_recording_unref);
  w->recording = orr_recording_new (sim, program);
  g_mutex_unlock (&w->lock);
}

/* The simulation is freed after this: take the rest of its samples. */
static void
on_run_finished (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
                 gpointer data)
{
  Worker *w = data;
  gint64 now = g_get_monotonic_time ();
  const char *description = orr_simulation_get_solver_description (sim);

  w->simulate_usec += now - w->mark;
  w->mark = now;
  g_free (w->solver_description);
  w->solver_description = g_strdup (description);

  g_mutex_lock (&w->lock);
  if (!orr_recording_finish (w->recording, w->recording_error == NULL ? &w->recording_error : NULL))
    orr_runs_stop (runs);
  g_mutex_unlock (&w->lock);
}

static gpointer
run_simulations (gpointer data)
{
  Worker *w = data;
  w->ok = orr_runs_execute (w->runs, w->problems, &w->error);
  g_mutex_lock (&w->lock);
  g_atomic_int_set (&w->done, 1);
  g_cond_signal (&w->finished);
  g_mutex_unlock (&w->lock);
  return NULL;
}

/* Ctrl+C stops the runs cleanly: blocks terminate, files close, what was
 * recorded is written. The handler only raises a flag (taking a lock in
 * a signal handler could deadlock); the main thread passes it on. */
static volatile sig_atomic_t interrupted;

static void
on_interrupt (int signum)
{
  interrupted = 1;
}

/* The errors that stopped a run, with the warnings that came with them;
 * 0 when there are only warnings (the run failed for another reason). */
static guint
count_errors (GPtrArray *problems)
{
  guint n = 0;

  for (guint i = 0; i < problems->len; i++)
    n += !((const OrrProblem *)g_ptr_array_index (problems, i))->warning;
  return n;
}

static int
report_problems (const char *path, GPtrArray *problems, guint run)
{
  guint n_errors = count_errors (problems);

  for (guint i = 0; i < problems->len; i++)
    {
      const OrrProblem *p = g_ptr_array_index (problems, i);
      const char *kind = p->warning ? _ ("warning: ") : "";

      if (run > 1)
        g_printerr (_ ("%s: run %u: %s%s: %s\n"), path, run, kind, p->where, p->message);
      else
        g_printerr ("%s: %s%s: %s\n", path, kind, p->where, p->message);
    }
  if (run > 1)
    g_printerr (ngettext ("orrery-sim: %u problem in run %u; the runs stopped there\n",
                          "orrery-sim: %u problems in run %u; the runs stopped there\n", n_errors),
                n_errors, run);
  else
    g_printerr (ngettext ("orrery-sim: %u problem; nothing was simulated\n",
                          "orrery-sim: %u problems; nothing was simulated\n", n_errors),
                n_errors);
  return EXIT_MODEL_ERROR;
}

/* Checks the model on the main thread while the simulation thread
 * compiles it; EXIT_OK lets the runs start. */
typedef int (*CheckFunc) (gpointer data);

static int
simulate (const Options *o, const char *path, OrrRuns *runs, CheckFunc check, gpointer check_data)
{
  Worker w = { 0 };
  GThread *thread;
  gboolean progress = !o->quiet && isatty (STDERR_FILENO);
  gint64 started = g_get_monotonic_time ();
  const OrrProgram *program;
  const OrrSimStats *stats;
  guint n_runs;
  int status = EXIT_OK;

  w.runs = runs;
  w.linear = o->linear;
  w.mark = g_get_monotonic_time ();
  g_mutex_init (&w.lock);
  g_cond_init (&w.finished);
  g_cond_init (&w.checked_cond);
  w.problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  orr_runs_set_callbacks (runs, on_run_started, on_run_finished, &w);
  interrupted = 0;
  signal (SIGINT, on_interrupt);
  thread = g_thread_new ("simulation", run_simulations, &w);
  status = check (check_data);
  g_mutex_lock (&w.lock);
  w.checked = status == EXIT_OK ? 1 : -1;
  g_cond_broadcast (&w.checked_cond);
  g_mutex_unlock (&w.lock);
  if (status != EXIT_OK)
    {
      /* the compile finds the same errors; nothing runs either way */
      orr_runs_stop (runs);
      g_thread_join (thread);
      signal (SIGINT, SIG_DFL);
      worker_clear (&w);
      return status;
    }
  /* The main thread wakes every 10 ms to drain the streams, and at once
   * when the runs end: a small model returns as soon as it is done. */
  for (int tick = 0;; tick++)
    {
      const OrrProgram *shown = NULL;
      gboolean done;
      double t;

      g_mutex_lock (&w.lock);
      if (!g_atomic_int_get (&w.done))
        g_cond_wait_until (&w.finished, &w.lock,
                           g_get_monotonic_time () + 10 * G_TIME_SPAN_MILLISECOND);
      done = g_atomic_int_get (&w.done);
      if (interrupted)
        orr_runs_stop (runs);
      if (!done && w.recording != NULL && w.recording_error == NULL
          && !orr_recording_drain (w.recording, 8, &w.recording_error))
        orr_runs_stop (runs);
      g_mutex_unlock (&w.lock);
      if (done)
        break;
      t = orr_runs_get_time (runs);
      if (progress && tick % 10 == 9 && (shown = orr_runs_get_program (runs)) != NULL)
        {
          double t0 = shown->settings.start_time, tf = shown->settings.final_time;
          guint run = orr_runs_get_count (runs);
          g_autofree char *which = run > 1 ? g_strdup_printf (_ ("run %u: "), run) : g_strdup ("");

          fprintf (stderr, "\r  %st = %-12g of %g s  [%3.0f%%]", which, t, tf,
                   tf > t0 ? 100.0 * (t - t0) / (tf - t0) : 100.0);
        }
    }
  g_thread_join (thread);
  signal (SIGINT, SIG_DFL);
  if (progress)
    fprintf (stderr, "\r%60s\r", "");

  program = orr_runs_get_program (runs);
  stats = orr_runs_get_stats (runs);
  n_runs = orr_runs_get_count (runs);
  if (w.recording_error != NULL)
    {
      g_printerr ("%s: %s\n", path, w.recording_error->message);
      status = EXIT_MODEL_ERROR;
    }
  else if (!w.ok && count_errors (w.problems) > 0)
    status = report_problems (path, w.problems, n_runs);
  else if (!w.ok)
    {
      g_printerr ("%s: %s\n", path, w.error->message);
      status = g_error_matches (w.error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER)
                   || g_error_matches (w.error, ORR_SIM_ERROR, ORR_SIM_ERROR_ZENO)
                   || g_error_matches (w.error, ORR_SIM_ERROR, ORR_SIM_ERROR_NUMERIC)
                 ? EXIT_SOLVER_FAILURE
                 : EXIT_MODEL_ERROR;
    }
  else if (!o->quiet)
    {
      if (n_runs > 1)
        g_print (_ ("Runs: %u (End blocks restarted the model %u times; the signals are the last "
                    "run's)\n"),
                 n_runs, n_runs - 1);
      /* %llu, not G_GUINT64_FORMAT: xgettext cannot see through the macro. */
      g_print (_ ("Simulated %g to %g s%s: %llu steps, %llu events, %llu zero crossings, in "
                  "%.3f s\n"),
               program->settings.start_time, stats->final_time,
               stats->stopped ? _ (" (stopped)") : "", (unsigned long long)stats->steps,
               (unsigned long long)stats->events, (unsigned long long)stats->zero_crossings,
               (g_get_monotonic_time () - started) / 1e6);
      if (w.solver_description != NULL)
        g_print (_ ("  solver: %s\n"), w.solver_description);
      g_print (_ ("  times: load %.3f s, compile %.3f s, simulation %.3f s\n"), o->load_seconds,
               w.compile_usec / 1e6, w.simulate_usec / 1e6);
    }

  /* what was recorded is kept, even after a failure */
  if (o->output != NULL && program != NULL && w.recording != NULL)
    {
      g_autoptr (GError) write_error = NULL;
      if (!write_csv (o->output, w.recording, &write_error))
        {
          g_printerr ("orrery-sim: %s\n", write_error->message);
          if (status == EXIT_OK)
            status = EXIT_MODEL_ERROR;
        }
    }

  worker_clear (&w);
  return status;
}

/* Blocks placed from user libraries run as the model stores them; the
 * libraries only tell whether that copy is still what they hold. */
static void
resolve_libraries (const char *path, OrrModel *model, const Options *o)
{
  g_autoptr (OrrLibrarySet) set = orr_library_set_new ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  for (char **dir = o->libraries; dir != NULL && *dir != NULL; dir++)
    orr_library_set_add_folder (set, *dir, FALSE, warnings);
  orr_library_set_add_default_folders (set, warnings);
  orr_library_set_resolve (set, model, warnings);
  for (guint i = 0; i < warnings->len; i++)
    g_printerr (_ ("%s: warning: %s\n"), path, (const char *)g_ptr_array_index (warnings, i));
}

/* The first run's evaluation on the main thread: its warnings and errors
 * and the summary, printed before anything is simulated. */
typedef struct
{
  const Options *o;
  const char *path;
  OrrModel *model;
  OrrRegistry *registry;
  OrrScope *first_run;
  OrrEvaluation *evaluation; /* out */
} Check;

static int
check_model (gpointer data)
{
  Check *c = data;
  const Options *o = c->o;
  const char *path = c->path;
  OrrEvaluation *evaluation;

  c->evaluation = orr_evaluate_model_with_registry (c->model, c->first_run, c->registry);
  evaluation = c->evaluation;
  /* Warnings (an unconnected port) are printed and the run goes on;
   * errors stop it before anything is simulated. */
  {
    guint n_errors = 0;

    for (guint i = 0; i < orr_evaluation_get_n_problems (evaluation); i++)
      {
        const OrrProblem *p = orr_evaluation_get_problem (evaluation, i);

        if (p->warning)
          {
            if (!o->quiet)
              g_printerr (_ ("%s: warning: %s: %s\n"), path, p->where, p->message);
            continue;
          }
        g_printerr ("%s: %s: %s\n", path, p->where, p->message);
        n_errors++;
      }
    if (n_errors > 0)
      {
        g_printerr (ngettext ("orrery-sim: %u problem; nothing was simulated\n",
                              "orrery-sim: %u problems; nothing was simulated\n", n_errors),
                    n_errors);
        return EXIT_MODEL_ERROR;
      }
  }

  if (!o->quiet)
    print_summary (path, c->model, evaluation);
  return EXIT_OK;
}

/* The standard block classes are registered on a thread of their own
 * while the model loads: a few hundred table entries, but on a cold start
 * their pages are read in one by one. */
static gpointer
register_palettes (gpointer registry)
{
  orr_palettes_register_standard (registry);
  return NULL;
}

/* Freeing a model of a hundred thousand blocks takes a twentieth of its
 * run, just before the process ends and the kernel takes all its memory
 * back at once. Under valgrind or AddressSanitizer, or with
 * ORRERY_FREE_AT_EXIT set, everything is freed, so that their leak checks
 * still see real leaks. */
static gboolean
free_at_exit (void)
{
#if defined(__SANITIZE_ADDRESS__)
  return TRUE;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return TRUE;
#endif
#endif
#if defined(HAVE_VALGRIND_H)
  if (RUNNING_ON_VALGRIND)
    return TRUE;
#endif
  return g_getenv ("ORRERY_FREE_AT_EXIT") != NULL;
}

/* One run of a large model allocates a few hundred megabytes in small
 * pieces, first on the main thread (loading), then on the simulation's
 * (compiling). With glibc's defaults the simulation thread gets an arena
 * of its own, grown by an mprotect call every 128 kB, and memory freed
 * while loading goes back to the kernel only to be faulted in again:
 * one arena grown 16 MB at a time, kept, with only very large blocks
 * mapped apart. The threads here rarely allocate at the same time. */
static void
tune_malloc (void)
{
#if defined(__GLIBC__)
  mallopt (M_ARENA_MAX, 1);
  mallopt (M_TOP_PAD, 16 << 20);
  mallopt (M_TRIM_THRESHOLD, 256 << 20);
  mallopt (M_MMAP_THRESHOLD, 32 << 20);
#endif
}

/* What run() does not free stays reachable from here until the exit. */
static gpointer kept_until_exit[4];

static int
run (const Options *o)
{
  const char *path = o->files[0];
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
  g_autoptr (OrrEvaluation) evaluation = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrRuns) runs = NULL;
  g_autoptr (OrrScope) first_run = NULL;
  Check check;
  OrrCompileOptions options = { .trust_native_code = o->trust, .model_path = path };
  int status;

  if (o->max_runs != G_MININT && o->max_runs < 1)
    return usage_error (_ ("--max-runs needs a number of runs of at least 1, not %d"), o->max_runs);
  tune_malloc ();
  status = parse_overrides (o->sets, overrides);
  if (status != EXIT_OK)
    return status;

  {
    gint64 load_started = g_get_monotonic_time ();
    GThread *palettes = g_thread_new ("palettes", register_palettes, registry);

    model = orr_xcos_is_xcos_path (path) ? orr_sim_load_xcos (path, o->quiet, &error)
                                         : orr_model_load_file (path, &error);
    g_thread_join (palettes);
    ((Options *)o)->load_seconds = (g_get_monotonic_time () - load_started) / 1e6;
  }
  if (model == NULL)
    {
      g_printerr ("orrery-sim: %s\n", error->message);
      return EXIT_MODEL_ERROR;
    }
  status = apply_settings (model, o);
  if (status != EXIT_OK)
    return status;
  resolve_libraries (path, model, o);

  runs = orr_runs_new (model, registry, overrides, &options);
  if (o->max_runs != G_MININT)
    orr_runs_set_max_runs (runs, o->max_runs);
  /* The context as the first run sees it (__counter__ = 1, no base):
   * problems are reported before anything is simulated. */
  first_run = orr_runs_new_overrides (runs, 1);
  check
    = (Check){ .o = o, .path = path, .model = model, .registry = registry, .first_run = first_run };
  status = simulate (o, path, runs, check_model, &check);
  evaluation = check.evaluation;
  if (!free_at_exit ())
    {
      kept_until_exit[0] = g_steal_pointer (&runs);
      kept_until_exit[1] = g_steal_pointer (&evaluation);
      kept_until_exit[2] = g_steal_pointer (&model);
      kept_until_exit[3] = g_steal_pointer (&registry);
    }
  return status;
}

int
main (int argc, char **argv)
{
  Options o = { .max_runs = G_MININT };
  GOptionEntry entries[] = {
    { "final-time", 0, 0, G_OPTION_ARG_STRING, &o.final_time,
      N_ ("Simulate up to time T (seconds) instead of the model's final time"), N_ ("T") },
    { "solver", 0, 0, G_OPTION_ARG_STRING, &o.solver, NULL, N_ ("NAME") },
    { "linear-solver", 0, 0, G_OPTION_ARG_STRING, &o.linear_solver,
      N_ ("How implicit solvers solve their linear systems: auto (from the Jacobian's pattern), "
          "dense, band or klu (sparse)"),
      N_ ("KIND") },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o.sets,
      N_ ("Set context variable NAME to the value of EXPR; wins over the model context "
          "(repeatable)"),
      N_ ("NAME=EXPR") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
      N_ ("Write the recorded signals to FILE.csv (of the last run, when End blocks restart the "
          "model)"),
      N_ ("FILE.csv") },
    { "library", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.libraries,
      N_ ("Look for the model's library blocks in DIR, a library or a folder of libraries, "
          "besides $XDG_DATA_HOME/orrery/libraries (repeatable)"),
      N_ ("DIR") },
    { "max-runs", 0, 0, G_OPTION_ARG_INT, &o.max_runs,
      N_ ("Fail when End blocks ask for more than N runs (default 1000)"), N_ ("N") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o.quiet, N_ ("Print errors only"), NULL },
    { "solve-loops", 0, 0, G_OPTION_ARG_NONE, &o.solve_loops,
      N_ ("Solve algebraic loops (Newton's method) instead of refusing them"), NULL },
    { "trust", 0, 0, G_OPTION_ARG_NONE, &o.trust,
      N_ ("Trust the model: run its native code (C and Python blocks, FMU binaries) and let it "
          "write files anywhere"),
      NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &o.version, N_ ("Print the version and exit"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.files, NULL, N_ ("MODEL.orr") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *solver_help = NULL;
  int status;

  setlocale (LC_ALL, "");
  {
    /* beside the program, so that any prefix works */
    g_autofree char *locale_dir = orr_paths_get_locale_dir ();

    bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  }
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (argc > 1 && strcmp (argv[1], "linearize") == 0)
    return orr_cli_linearize (argc - 1, argv + 1);
  if (argc > 1 && strcmp (argv[1], "trim") == 0)
    return orr_cli_trim (argc - 1, argv + 1);

  /* subcommands: orrery-sim CMD ... */
  if (argc > 1 && strcmp (argv[1], "study") == 0)
    return orr_sim_study_main (argc - 1, argv + 1);
  if (argc > 1 && strcmp (argv[1], "convert") == 0)
    return orr_sim_convert (argc - 1, argv + 1);

  {
    /* the solver names, listed in --help */
    g_autofree char *names = orr_solver_names ();

    solver_help = g_strdup_printf (_ ("Use solver NAME: %s"), names);
    entries[1].description = solver_help;
  }
  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _ ("Load, check and simulate an Orrery model."));
  g_option_context_set_description (
    context, _ ("Runs: an End block set to restart ends the run and starts a new one. The\n"
                "model is evaluated again with __counter__ one higher (1 in the first run),\n"
                "and GetFromBase('name') reads what ToBase blocks stored. The runs end with\n"
                "the first one that ends without a restart; --output then holds the signals\n"
                "of the last run only.\n"
                "\n"
                "Library blocks: a block placed from a user library runs as the copy stored\n"
                "in the model, which stays authoritative until the block is updated in the\n"
                "editor. The libraries found (--library, $XDG_DATA_HOME/orrery/libraries) only\n"
                "decide the warnings: library missing, block missing, or another version.\n"
                "\n"
                "Exit status:\n"
                "  0  the model was loaded, validated and simulated\n"
                "  1  the model has an error (file, context, parameter, compilation, a block's\n"
                "     error, or End blocks restarting it more than --max-runs times)\n"
                "  2  the command line is wrong\n"
                "  3  the solver failed during the simulation\n"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = usage_error ("%s", error->message);
      options_clear (&o);
      return status;
    }
  if (o.version)
    {
      g_print ("orrery-sim %s\n", ORR_VERSION);
      options_clear (&o);
      return EXIT_OK;
    }
  g_set_printerr_handler (print_escaped_to_stderr);
  /* with the signals on standard output, the summary goes to stderr */
  g_set_print_handler (o.output != NULL && strcmp (o.output, "-") == 0 ? print_escaped_to_stderr
                                                                       : print_escaped);
  if (o.linear_solver == NULL || strcmp (o.linear_solver, "auto") == 0)
    o.linear = ORR_SIM_LINEAR_AUTO;
  else if (strcmp (o.linear_solver, "dense") == 0)
    o.linear = ORR_SIM_LINEAR_DENSE;
  else if (strcmp (o.linear_solver, "band") == 0)
    o.linear = ORR_SIM_LINEAR_BAND;
  else if (strcmp (o.linear_solver, "klu") == 0)
    o.linear = ORR_SIM_LINEAR_SPARSE;
  else
    {
      status = usage_error (_ ("unknown linear solver '%s'; the choices are auto, dense, band "
                               "and klu"),
                            o.linear_solver);
      options_clear (&o);
      return status;
    }
  if (o.files == NULL || o.files[0] == NULL)
    status = usage_error ("%s", _ ("no model file given"));
  else if (o.files[1] != NULL)
    status = usage_error (_ ("one model at a time, not '%s' too"), o.files[1]);
  else
    status = run (&o);

  options_clear (&o);
  return status;
}
