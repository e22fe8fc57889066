/* orr-script.c: the boxed types and entry points of orr-script.h, which
 * give scripting languages (through GObject Introspection) what the C API
 * passes in forms bindings cannot: endpoints as structs, problems into a
 * caller's array, a simulation read while it runs on another thread. */
#include <orrery/orr-interface.h>
#include <orrery/orr-runs.h>
#include <orrery/orr-script.h>

#include <string.h>

/* ---- boxed types ------------------------------------------------------- */

static OrrProblem *
problem_copy (OrrProblem *problem)
{
  return orr_problem_copy (problem);
}

static OrrRect *
rect_copy (OrrRect *rect)
{
  return g_memdup2 (rect, sizeof *rect);
}

static OrrPoint *
point_copy (OrrPoint *point)
{
  return g_memdup2 (point, sizeof *point);
}

static OrrSettings *
settings_copy (OrrSettings *settings)
{
  return orr_settings_dup (settings);
}

G_DEFINE_BOXED_TYPE (OrrBlock, orr_block, orr_block_ref, orr_block_unref)
G_DEFINE_BOXED_TYPE (OrrLink, orr_link, orr_link_ref, orr_link_unref)
G_DEFINE_BOXED_TYPE (OrrRegistry, orr_registry, orr_registry_ref, orr_registry_free)
G_DEFINE_BOXED_TYPE (OrrRecording, orr_recording, orr_recording_ref, orr_recording_unref)
G_DEFINE_BOXED_TYPE (OrrProblem, orr_problem, problem_copy, orr_problem_free)
G_DEFINE_BOXED_TYPE (OrrSettings, orr_settings, settings_copy, orr_settings_free)
G_DEFINE_BOXED_TYPE (OrrRect, orr_rect, rect_copy, g_free)
G_DEFINE_BOXED_TYPE (OrrPoint, orr_point, point_copy, g_free)
G_DEFINE_BOXED_TYPE (OrrScope, orr_scope, orr_scope_ref, orr_scope_unref)
G_DEFINE_BOXED_TYPE (OrrValue, orr_value, orr_value_ref, orr_value_unref)

/* ---- settings, geometry ------------------------------------------------- */

OrrSettings *
orr_settings_new (void)
{
  OrrSettings *settings = g_new0 (OrrSettings, 1);
  orr_settings_init_default (settings);
  return settings;
}

OrrSettings *
orr_settings_dup (const OrrSettings *settings)
{
  OrrSettings *copy = g_new0 (OrrSettings, 1);
  orr_settings_copy (copy, settings);
  return copy;
}

void
orr_settings_free (OrrSettings *settings)
{
  if (settings == NULL)
    return;
  orr_settings_clear (settings);
  g_free (settings);
}

const char *
orr_settings_get_solver (const OrrSettings *settings)
{
  return settings->solver;
}

void
orr_settings_set_solver (OrrSettings *settings, const char *solver)
{
  g_return_if_fail (solver != NULL);
  g_free (settings->solver);
  settings->solver = g_strdup (solver);
}

OrrRect *
orr_rect_new (double x, double y, double width, double height)
{
  OrrRect *rect = g_new (OrrRect, 1);
  *rect = (OrrRect){ x, y, width, height };
  return rect;
}

OrrPoint *
orr_point_new (double x, double y)
{
  OrrPoint *point = g_new (OrrPoint, 1);
  *point = (OrrPoint){ x, y };
  return point;
}

/* ---- the document ------------------------------------------------------- */

typedef struct
{
  const char *path;
  OrrBlock *found;
} PathSearch;

static void
match_path (OrrBlock *block, gpointer data)
{
  PathSearch *search = data;
  g_autofree char *path = NULL;

  if (search->found != NULL)
    return;
  path = orr_block_get_path (block);
  if (strcmp (path, search->path) == 0)
    search->found = block;
}

OrrBlock *
orr_model_find_block_by_path (OrrModel *model, const char *path)
{
  PathSearch search = { path, NULL };

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  orr_diagram_foreach_block (orr_model_get_root (model), match_path, &search);
  return search.found;
}

guint
orr_diagram_get_n_blocks (OrrDiagram *diagram)
{
  return diagram->blocks->len;
}

OrrBlock *
orr_diagram_get_block (OrrDiagram *diagram, guint index)
{
  g_return_val_if_fail (index < diagram->blocks->len, NULL);
  return g_ptr_array_index (diagram->blocks, index);
}

OrrDiagram *
orr_block_get_child (OrrBlock *block)
{
  return block->child;
}

OrrDiagram *
orr_block_get_diagram (OrrBlock *block)
{
  return block->parent;
}

const char *
orr_block_get_id (OrrBlock *block)
{
  return block->id;
}

const char *
orr_block_get_type_name (OrrBlock *block)
{
  return block->type;
}

const char *
orr_block_get_label (OrrBlock *block)
{
  return block->label;
}

char **
orr_block_list_params (OrrBlock *block)
{
  GStrvBuilder *names = g_strv_builder_new ();
  char **result;

  for (guint i = 0; i < block->params->len; i++)
    g_strv_builder_add (names, ((OrrParam *)g_ptr_array_index (block->params, i))->name);
  result = g_strv_builder_end (names);
  g_strv_builder_unref (names);
  return result;
}

/* The names a class gives its ports (an FMU's variables), as the editor
 * sets them: a class that names none of a kind leaves that kind alone. */
static void
label_ports (OrrModel *model, OrrBlock *block, OrrPortKind kind, const OrrPortShape *shapes, int n)
{
  gboolean named = FALSE;

  for (int i = 0; i < n; i++)
    named |= shapes[i].label != NULL;
  if (!named)
    return;
  for (int i = 0; i < n && (guint)i < orr_block_get_port_count (block, kind); i++)
    orr_model_set_port_label (model, block, kind, (guint)i + 1, shapes[i].label);
}

gboolean
orr_model_configure_ports (OrrModel *model, OrrBlock *block, OrrRegistry *registry, GError **error)
{
  const OrrBlockClass *klass;
  g_autoptr (OrrBlockInterface) iface = NULL;
  g_autofree char *path = NULL;
  guint counts[ORR_N_PORT_KINDS];

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (block != NULL && registry != NULL, FALSE);

  path = orr_block_get_path (block);
  if (block->parent == NULL || block->parent->model != model)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
                   "%s: the block is not in this model", path);
      return FALSE;
    }
  if (orr_block_is_super (block))
    {
      orr_model_begin (model, "Configure Ports");
      orr_model_sync_super_ports (model, block);
      orr_model_commit (model);
      return TRUE;
    }
  klass = orr_registry_lookup (registry, block->type);
  if (klass == NULL)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "%s: there is no block type \"%s\"", path, block->type);
      return FALSE;
    }
  /* parameters are nearly always literals: try without evaluating the
   * whole model first */
  iface = orr_block_class_interface (klass, block, NULL, NULL);
  if (iface == NULL)
    {
      g_autoptr (OrrEvaluation) evaluation
        = orr_evaluate_model_with_registry (model, NULL, registry);
      OrrScope *scope = orr_evaluation_get_scope (evaluation, block->parent);

      iface = orr_block_class_interface (klass, block, scope, error);
      if (iface == NULL)
        {
          g_prefix_error (error, "%s: ", path);
          return FALSE;
        }
    }
  counts[ORR_PORT_IN] = MAX (iface->n_in, 0);
  counts[ORR_PORT_OUT] = MAX (iface->n_out, 0);
  counts[ORR_PORT_EVENT_IN] = MAX (iface->n_evin, 0);
  counts[ORR_PORT_EVENT_OUT] = MAX (iface->n_evout, 0);
  orr_model_begin (model, "Configure Ports");
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    if (counts[kind] != orr_block_get_port_count (block, kind))
      orr_model_set_port_count (model, block, kind, counts[kind]);
  label_ports (model, block, ORR_PORT_IN, iface->in, iface->n_in);
  label_ports (model, block, ORR_PORT_OUT, iface->out, iface->n_out);
  orr_model_commit (model);
  return TRUE;
}

OrrLink *
orr_model_connect_ports (OrrModel *model, OrrBlock *from, guint from_port, OrrBlock *to,
                         guint to_port, OrrLinkKind kind, GError **error)
{
  gboolean activation = kind == ORR_LINK_ACTIVATION;
  OrrEndpoint a = { from->id, activation ? ORR_PORT_EVENT_OUT : ORR_PORT_OUT, from_port };
  OrrEndpoint b = { to->id, activation ? ORR_PORT_EVENT_IN : ORR_PORT_IN, to_port };

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  if (from->parent == NULL || from->parent != to->parent || from->parent->model != model)
    {
      g_autofree char *p = orr_block_get_path (from);
      g_autofree char *q = orr_block_get_path (to);
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
                   "%s and %s are not in one diagram of this model: a link joins blocks of one "
                   "diagram",
                   p, q);
      return NULL;
    }
  return orr_model_connect (model, from->parent, &a, &b, error);
}

/* ---- checking ----------------------------------------------------------- */

GPtrArray *
orr_model_check (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                 OrrSimulateFlags flags)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  OrrCompileOptions options = { (flags & ORR_SIMULATE_TRUST_NATIVE_CODE) != 0 };
  g_autoptr (GError) error = NULL;
  OrrProgram *program
    = orr_compile_with_options (model, registry, overrides, &options, problems, &error);

  /* A failure the compiler did not list as a problem still is one. */
  if (program == NULL && problems->len == 0)
    {
      const char *ids[] = { NULL };
      g_ptr_array_add (problems, orr_problem_new (ids, g_strdup ("model"),
                                                  g_strdup (error ? error->message : "")));
    }
  g_clear_pointer (&program, orr_program_free);
  return problems;
}

const char *
orr_problem_get_message (const OrrProblem *problem)
{
  return problem->message;
}

const char *
orr_problem_get_where (const OrrProblem *problem)
{
  return problem->where;
}

const char *const *
orr_problem_get_block_ids (const OrrProblem *problem)
{
  return (const char *const *)problem->block_ids;
}

char *
orr_problem_dup_block_path (const OrrProblem *problem, OrrModel *model)
{
  OrrBlock *block;

  if (problem->block_id == NULL)
    return NULL;
  block = orr_model_find_block (model, problem->block_id);
  return block != NULL ? orr_block_get_path (block) : NULL;
}

/* ---- simulating --------------------------------------------------------- */

/* The runs go on a thread of their own while the caller's thread drains
 * the current run's streams (a reader that waited for the end would hold
 * up a run whose queues fill) and reports progress. */
typedef struct
{
  OrrRuns *runs;
  GMutex lock;             /* guards recording, done */
  GCond cond;              /* signalled when done */
  OrrRecording *recording; /* the current run's, then the last run's */
  GError *recording_error; /* the first failure to record, which stops the runs */
  GError *error;
  gboolean ok;
  gboolean done;
} Worker;

static void
on_run_started (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
                gpointer data)
{
  Worker *w = data;

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

  g_mutex_lock (&w->lock);
  if (!orr_recording_finish (w->recording, w->recording_error == NULL ? &w->recording_error : NULL))
    orr_runs_stop (runs);
  g_mutex_unlock (&w->lock);
}

static gpointer
run_thread (gpointer data)
{
  Worker *w = data;
  gboolean ok = orr_runs_execute (w->runs, NULL, &w->error);

  g_mutex_lock (&w->lock);
  w->ok = ok;
  w->done = TRUE;
  g_cond_signal (&w->cond);
  g_mutex_unlock (&w->lock);
  return NULL;
}

OrrRecording *
orr_model_simulate (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                    OrrSimulateFlags flags, OrrProgressFunc progress, gpointer user_data,
                    GError **error)
{
  OrrCompileOptions options = { (flags & ORR_SIMULATE_TRUST_NATIVE_CODE) != 0 };
  Worker w = { 0 };
  GThread *thread;
  OrrRecording *result = NULL;
  gboolean stopping = FALSE;

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (registry != NULL, NULL);

  w.runs = orr_runs_new (model, registry, overrides, &options);
  g_mutex_init (&w.lock);
  g_cond_init (&w.cond);
  orr_runs_set_callbacks (w.runs, on_run_started, on_run_finished, &w);
  thread = g_thread_new ("orrery-simulate", run_thread, &w);

  g_mutex_lock (&w.lock);
  while (!w.done)
    {
      gint64 until = g_get_monotonic_time () + 20 * G_TIME_SPAN_MILLISECOND;

      g_cond_wait_until (&w.cond, &w.lock, until);
      if (w.done)
        break;
      if (w.recording != NULL && w.recording_error == NULL
          && !orr_recording_drain (w.recording, 8, &w.recording_error))
        orr_runs_stop (w.runs);
      if (progress != NULL && !stopping)
        {
          double t = orr_runs_get_time (w.runs);

          /* the callback may take its time (a script's plot): not under
           * the lock the run's thread needs to start the next run */
          g_mutex_unlock (&w.lock);
          if (!progress (t, user_data))
            {
              orr_runs_stop (w.runs);
              stopping = TRUE;
            }
          g_mutex_lock (&w.lock);
        }
    }
  g_mutex_unlock (&w.lock);
  g_thread_join (thread);

  if (w.recording_error != NULL)
    g_propagate_error (error, g_steal_pointer (&w.recording_error));
  else if (!w.ok)
    g_propagate_error (error, g_steal_pointer (&w.error));
  else if (w.recording == NULL)
    g_set_error_literal (error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK, "nothing was simulated");
  else
    result = g_steal_pointer (&w.recording);

  g_clear_pointer (&w.recording, orr_recording_unref);
  g_clear_error (&w.recording_error);
  g_clear_error (&w.error);
  orr_runs_free (w.runs);
  g_cond_clear (&w.cond);
  g_mutex_clear (&w.lock);
  return result;
}

/* ---- recorded arrays ---------------------------------------------------- */

static GBytes *
lend (OrrRecording *recording, const double *data, gsize n)
{
  /* an empty signal still gets bytes of its own (and no NULL pointer) */
  if (n == 0 || data == NULL)
    return g_bytes_new (NULL, 0);
  return g_bytes_new_with_free_func (data, n * sizeof (double), (GDestroyNotify)orr_recording_unref,
                                     orr_recording_ref (recording));
}

GBytes *
orr_recording_get_times_bytes (OrrRecording *recording, guint signal)
{
  g_return_val_if_fail (orr_recording_is_finished (recording), NULL);
  g_return_val_if_fail (signal < orr_recording_get_n_signals (recording), NULL);
  return lend (recording, orr_recording_get_times (recording, signal),
               orr_recording_get_n_samples (recording, signal));
}

GBytes *
orr_recording_get_values_bytes (OrrRecording *recording, guint signal)
{
  gsize n;

  g_return_val_if_fail (orr_recording_is_finished (recording), NULL);
  g_return_val_if_fail (signal < orr_recording_get_n_signals (recording), NULL);
  n = orr_recording_get_n_samples (recording, signal);
  /* no overflow: the recording grew these arrays with checked sizes */
  return lend (recording, orr_recording_get_values (recording, signal),
               n * orr_recording_get_n_channels (recording, signal));
}
