/* orr-runs.c: evaluate, compile and simulate a model again and again
 * while its End blocks ask for a restart (see orr-runs.h).
 *
 * Everything between two runs goes through values: the run's number is
 * pinned as __counter__ and the base is published as hidden values in a
 * fresh overrides scope, which the evaluation copies into the root
 * scope. So the compiler needs to know nothing about runs, and nothing
 * lives beyond this object.
 *
 * DESIGN: owns a driver of several runs (End blocks asking for a new run): it
 * uses the public API of orr-simulation.h only.
 */

#include <orrery/orr-runs.h>

#include <string.h>

struct _OrrRuns
{
  OrrModel *model;
  OrrRegistry *registry;
  OrrScope *overrides; /* the caller's, or NULL */
  OrrCompileOptions options;
  guint max_runs;
  OrrRunFunc started, finished;
  gpointer user_data;

  OrrBase *base;
  OrrProgram *program; /* the last run's */
  OrrSimStats stats;

  /* shared with other threads */
  GMutex lock;
  OrrSimulation *current; /* under lock */
  double last_time;       /* under lock: where the previous run ended */
  gint stop;              /* atomic */
  gint count;             /* atomic */
};

OrrRuns *
orr_runs_new (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
              const OrrCompileOptions *options)
{
  OrrRuns *runs;

  g_return_val_if_fail (model != NULL && registry != NULL, NULL);

  runs = g_new0 (OrrRuns, 1);
  runs->model = model;
  runs->registry = registry;
  runs->overrides = overrides != NULL ? orr_scope_ref (overrides) : NULL;
  if (options != NULL)
    runs->options = *options;
  /* the caller's string need not outlive this call; the list is the
   * caller's business, not every run's */
  runs->options.model_path = g_strdup (runs->options.model_path);
  runs->options.native_code = NULL;
  runs->max_runs = ORR_RUNS_DEFAULT_MAX;
  runs->base = orr_base_new ();
  g_mutex_init (&runs->lock);
  return runs;
}

void
orr_runs_free (OrrRuns *runs)
{
  if (runs == NULL)
    return;
  g_clear_pointer (&runs->overrides, orr_scope_unref);
  g_clear_pointer (&runs->program, orr_program_free);
  orr_base_unref (runs->base);
  g_mutex_clear (&runs->lock);
  g_free ((char *)runs->options.model_path);
  g_free (runs);
}

void
orr_runs_set_max_runs (OrrRuns *runs, guint max_runs)
{
  g_return_if_fail (runs != NULL && max_runs >= 1);

  runs->max_runs = max_runs;
}

guint
orr_runs_get_max_runs (OrrRuns *runs)
{
  g_return_val_if_fail (runs != NULL, 0);

  return runs->max_runs;
}

void
orr_runs_set_callbacks (OrrRuns *runs, OrrRunFunc started, OrrRunFunc finished, gpointer user_data)
{
  g_return_if_fail (runs != NULL);

  runs->started = started;
  runs->finished = finished;
  runs->user_data = user_data;
}

OrrScope *
orr_runs_new_overrides (OrrRuns *runs, guint run)
{
  OrrScope *scope;
  g_autoptr (OrrValue) counter = NULL;

  g_return_val_if_fail (runs != NULL && run >= 1, NULL);

  /* The evaluation copies the overrides' own names only: a copy, not a
   * child scope. */
  scope = orr_scope_new (NULL);
  if (runs->overrides != NULL)
    {
      g_auto (GStrv) names = orr_scope_list_local (runs->overrides);

      for (guint i = 0; names[i] != NULL; i++)
        orr_scope_set (scope, names[i], orr_scope_lookup (runs->overrides, names[i]));
    }
  counter = orr_value_new_double (run);
  orr_scope_set (scope, ORR_RUNS_COUNTER, counter);
  orr_base_publish (runs->base, scope);
  return scope;
}

/* One run: compile with the run's overrides, then simulate. FALSE on
 * error; *restart tells whether an End block asked for another run. */
static gboolean
run_once (OrrRuns *runs, guint run, GPtrArray *problems, gboolean *restart, GError **error)
{
  g_autoptr (OrrScope) overrides = orr_runs_new_overrides (runs, run);
  OrrProgram *program;
  OrrSimulation *sim;
  gboolean ok;

  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);

  *restart = FALSE;
  program = orr_compile_with_options (runs->model, runs->registry, overrides, &runs->options, found,
                                      error);
  /* the warnings (unconnected ports) once, not at every run; a run that
   * does not compile says what it found, errors first, in their place */
  if (problems != NULL && program == NULL)
    g_ptr_array_set_size (problems, 0);
  if (problems != NULL && (program == NULL || run == 1))
    g_ptr_array_extend_and_steal (problems, g_steal_pointer (&found));
  if (program == NULL)
    return FALSE;
  /* The previous program served the previous run's readers until now. */
  g_clear_pointer (&runs->program, orr_program_free);
  runs->program = program;

  sim = orr_simulation_new (program);
  orr_simulation_set_base (sim, runs->base);
  g_mutex_lock (&runs->lock);
  runs->current = sim;
  g_mutex_unlock (&runs->lock);
  /* A stop that came while nothing ran must still stop this run. */
  if (g_atomic_int_get (&runs->stop))
    orr_simulation_stop (sim);

  if (runs->started != NULL)
    runs->started (runs, run, sim, program, runs->user_data);
  ok = orr_simulation_run (sim, error);
  if (runs->finished != NULL)
    runs->finished (runs, run, sim, program, runs->user_data);

  runs->stats = *orr_simulation_get_stats (sim);
  *restart = ok && orr_simulation_restart_requested (sim);
  if (*restart && run >= runs->max_runs)
    {
      g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RUNS,
                   "%s asked for run %u, but at most %u runs are allowed: the condition that "
                   "restarts the model may never become false",
                   orr_simulation_get_restart_block (sim), run + 1, runs->max_runs);
      ok = FALSE;
      *restart = FALSE;
    }

  g_mutex_lock (&runs->lock);
  runs->current = NULL;
  runs->last_time = runs->stats.final_time;
  g_mutex_unlock (&runs->lock);
  orr_simulation_free (sim);
  return ok;
}

gboolean
orr_runs_execute (OrrRuns *runs, GPtrArray *problems, GError **error)
{
  g_return_val_if_fail (runs != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  orr_base_clear (runs->base);
  g_atomic_int_set (&runs->count, 0);
  memset (&runs->stats, 0, sizeof runs->stats);
  for (guint run = 1;; run++)
    {
      g_autoptr (GError) local_error = NULL;
      gboolean restart;

      g_atomic_int_set (&runs->count, (gint)run);
      if (!run_once (runs, run, problems, &restart, &local_error))
        {
          /* After the first run, say which one failed: the model
           * depends on the run's number and the base. */
          if (run > 1 && !g_error_matches (local_error, ORR_SIM_ERROR, ORR_SIM_ERROR_RUNS))
            g_prefix_error (&local_error, "run %u: ", run);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (!restart || g_atomic_int_get (&runs->stop))
        return TRUE;
    }
}

void
orr_runs_stop (OrrRuns *runs)
{
  g_return_if_fail (runs != NULL);

  g_atomic_int_set (&runs->stop, 1);
  g_mutex_lock (&runs->lock);
  if (runs->current != NULL)
    orr_simulation_stop (runs->current);
  g_mutex_unlock (&runs->lock);
}

guint
orr_runs_get_count (OrrRuns *runs)
{
  g_return_val_if_fail (runs != NULL, 0);

  return (guint)g_atomic_int_get (&runs->count);
}

double
orr_runs_get_time (OrrRuns *runs)
{
  double t;

  g_return_val_if_fail (runs != NULL, 0.0);

  g_mutex_lock (&runs->lock);
  t = runs->current != NULL ? orr_simulation_get_time (runs->current) : runs->last_time;
  g_mutex_unlock (&runs->lock);
  return t;
}

OrrBase *
orr_runs_get_base (OrrRuns *runs)
{
  g_return_val_if_fail (runs != NULL, NULL);

  return runs->base;
}

const OrrSimStats *
orr_runs_get_stats (OrrRuns *runs)
{
  g_return_val_if_fail (runs != NULL, NULL);

  return &runs->stats;
}

const OrrProgram *
orr_runs_get_program (OrrRuns *runs)
{
  g_return_val_if_fail (runs != NULL, NULL);

  return runs->program;
}
