/* orr-continuous.c: the continuous-time part of a run (SEMANTICS section 6).
 *
 * The solver sees one vector x of all states. Its callbacks copy the trial
 * x into the blocks' states, evaluate the outputs the derivatives (or the
 * surfaces) need in the trial phase (no side effects, modes fixed) and
 * collect the derivatives, residuals or surfaces. At accepted points the
 * blocks that act there (sinks, blocks with memory) run in the event
 * phase with what they read, so sinks record. Integration intervals end at
 * events that need a cold restart and at zero crossings.
 *
 * The hot paths run flat call lists resolved once: the outputs a
 * derivative needs (a Gain feeding only a Scope is not computed at trial
 * points, where it could change nothing), and at accepted points only the
 * observers and what they read. Before an event every continuous output
 * is brought up to date, since event-driven blocks may read any of them.
 *
 * Variable-step solvers fix the modes over an interval; fixed-step ones
 * ignore modes (blocks compute their outputs freely) and see crossings
 * only at the ends of their steps.
 *
 * DESIGN: owns continuous integration and restarts, sim->cont
 * (OrrSimContinuous), with orr-jacobian.c: the state vectors, the solver,
 * its callbacks and call lists, accepted points, modes at restarts and
 * located zero crossings, the refined output points (settings refine), the
 * continuous nevprt bookkeeping, and the two
 * flags the rest of the run raises through orr_sim_request_restart() and
 * orr_sim_mark_outputs_stale(), which only this file clears.
 */

#include <float.h>
#include <math.h>
#include <string.h>

#include <orrery/orr-solvers.h>

#include "orr-sim-private.h"

/* ---- evaluation ---------------------------------------------------------- */

gboolean
orr_sim_run_outputs (OrrSimulation *sim, const OrrActivationList *list)
{
  const OrrProgram *program = sim->program;

  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;

      if (!orr_sim_callable (program->blocks[b].kind))
        continue;
      sim->blocks[b].nevprt = list->items[i].nevprt;
      orr_sim_call (sim, b, ORR_JOB_OUTPUTS);
      if (sim->failed)
        return FALSE;
    }
  return TRUE;
}

gboolean
orr_sim_eval_continuous (OrrSimulation *sim, OrrPhase phase, gboolean modes_fixed)
{
  OrrPhase saved_phase = sim->time.phase;
  gboolean saved_fixed = sim->time.modes_fixed;
  gboolean ok;

  sim->time.phase = phase;
  sim->time.modes_fixed = modes_fixed && sim->cont.use_modes;
  ok = orr_sim_run_outputs (sim, &sim->program->continuous_list);
  /* Outputs at an accepted point (not a trial) must be numbers; but a
   * DAE's algebraic states are consistent only once the solver has
   * (re)started from them (restart_solver checks then). */
  if (ok && phase == ORR_PHASE_EVENT && (!sim->cont.dae || !sim->cont.need_restart))
    ok = orr_sim_check_list_finite (sim, &sim->program->continuous_list);
  sim->time.phase = saved_phase;
  sim->time.modes_fixed = saved_fixed;
  return ok;
}

gboolean
orr_sim_eval_surfaces (OrrSimulation *sim)
{
  OrrPhase saved_phase = sim->time.phase;
  gboolean saved_fixed = sim->time.modes_fixed;
  gboolean ok;

  sim->time.phase = ORR_PHASE_TRIAL;
  sim->time.modes_fixed = sim->cont.use_modes;
  orr_sim_clean_nevprt (sim);
  ok = orr_sim_run_outputs (sim, &sim->program->continuous_list)
       && orr_sim_run_calls (sim, &sim->cont.surface_calls);
  sim->time.phase = saved_phase;
  sim->time.modes_fixed = saved_fixed;
  return ok;
}

OrrSavedTime
orr_sim_enter_trial (OrrSimulation *sim, double t, const double *x, const double *xd)
{
  OrrSavedTime saved = { sim->time.t, sim->time.phase, sim->time.modes_fixed };

  if (x != sim->cont.x)
    orr_sim_copy_states (sim->cont.x, x, sim->cont.n_solver);
  if (xd != NULL)
    for (int i = 0; i < sim->program->nx; i++)
      if (sim->cont.implicit_state[i])
        sim->cont.xd[i] = xd[i];
  sim->time.t = t;
  sim->time.phase = ORR_PHASE_TRIAL;
  sim->time.modes_fixed = sim->cont.use_modes;
  return saved;
}

void
orr_sim_leave_trial (OrrSimulation *sim, OrrSavedTime saved)
{
  sim->time.t = saved.t;
  sim->time.phase = saved.phase;
  sim->time.modes_fixed = saved.modes_fixed;
}

static int
sim_rhs (double t, const double *x, double *xd, gpointer data)
{
  OrrSimulation *sim = data;
  OrrSavedTime saved;
  gboolean ok;

  if (orr_sim_callback_must_abort (sim))
    return -1;
  sim->stats.rhs_calls++;

  saved = orr_sim_enter_trial (sim, t, x, NULL);
  ok = orr_sim_run_calls (sim, &sim->cont.rhs_calls);
  orr_sim_leave_trial (sim, saved);
  if (!ok)
    return -1;

  if (sim->program->nx == 0)
    xd[0] = 0.0; /* the dummy state */
  else
    orr_sim_copy_states (xd, sim->cont.xd, sim->cont.n_solver);
  return 0;
}

static int
sim_residual (double t, const double *x, const double *xd, double *res, gpointer data)
{
  OrrSimulation *sim = data;
  OrrSavedTime saved;
  gboolean ok;

  if (orr_sim_callback_must_abort (sim))
    return -1;
  sim->stats.rhs_calls++;

  saved = orr_sim_enter_trial (sim, t, x, xd);
  ok = orr_sim_run_calls (sim, &sim->cont.rhs_calls);
  orr_sim_leave_trial (sim, saved);
  if (!ok)
    return -1;

  if (sim->program->nx == 0)
    res[0] = xd[0]; /* the dummy state: x' = 0 */
  else
    for (int i = 0; i < sim->cont.n_solver; i++)
      res[i] = sim->cont.implicit_state[i] ? sim->cont.res[i] : sim->cont.xd[i] - xd[i];
  return 0;
}

static int
sim_roots (double t, const double *x, const double *xd, double *g, gpointer data)
{
  OrrSimulation *sim = data;
  OrrSavedTime saved;
  gboolean ok;

  if (orr_sim_callback_must_abort (sim))
    return -1;

  saved = orr_sim_enter_trial (sim, t, x, xd);
  ok = orr_sim_run_calls (sim, &sim->cont.root_calls);
  orr_sim_leave_trial (sim, saved);
  if (!ok)
    return -1;

  memcpy (g, sim->zc.g, sizeof (double) * sim->program->ng);
  return 0;
}

/* ---- call lists ------------------------------------------------------------ */

static void
call_list_clear (OrrCallList *list)
{
  g_clear_pointer (&list->calls, g_free);
  list->n = 0;
}

/* Job on the callable blocks of list that are marked in `keep` (NULL:
 * all). */
static void
call_list_build (OrrSimulation *sim, const OrrActivationList *list, const gboolean *keep,
                 OrrJob job, OrrCallList *out)
{
  const OrrProgram *program = sim->program;

  call_list_clear (out);
  out->calls = g_new (OrrCall, MAX (list->n, 1));
  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!orr_sim_callable (pb->kind) || pb->klass == NULL || pb->klass->simulate == NULL
          || (keep != NULL && !keep[b]))
        continue;
      out->calls[out->n].fn = pb->klass->simulate;
      out->calls[out->n].block = &sim->blocks[b];
      out->calls[out->n].nevprt = list->items[i].nevprt;
      out->calls[out->n].job = job;
      out->n++;
    }
}

/* Marks, within the continuous list, every block whose outputs the marked
 * blocks' outputs jobs read (through feedthrough inputs). Producers along
 * feedthrough come before their consumers: one backward sweep. */
static void
mark_upstream (OrrSimulation *sim, gboolean *need, const int *producer)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *continuous = &program->continuous_list;

  for (int i = continuous->n - 1; i >= 0; i--)
    {
      int b = continuous->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!need[b])
        continue;
      for (int k = 0; k < pb->n_in; k++)
        if (pb->in[k].buffer >= 0 && producer[pb->in[k].buffer] >= 0
            && (pb->feedthrough == NULL || pb->feedthrough[k]))
          need[producer[pb->in[k].buffer]] = TRUE;
    }
}

static int *
buffer_producers (const OrrProgram *program)
{
  int *producer = g_new (int, MAX (program->n_buffers, 1));

  for (int k = 0; k < program->n_buffers; k++)
    producer[k] = -1;
  for (int b = 0; b < program->n_blocks; b++)
    for (int o = 0; o < program->blocks[b].n_out; o++)
      producer[program->blocks[b].out[o]] = b;
  return producer;
}

/* Emits the outputs job of root after those of its feedthrough
 * producers not yet emitted: a depth-first post-order, iterative (chains
 * of feedthrough blocks may be long). stack holds pairs (block, next
 * input). */
static void
emit_upstream (OrrSimulation *sim, int root, const int *producer, const gboolean *callable,
               const int *nevprt, gboolean *emitted, int *stack, OrrCallList *out)
{
  const OrrProgram *program = sim->program;
  int depth = 1;

  stack[0] = root;
  stack[1] = 0;
  emitted[root] = TRUE; /* on its way: feedthrough has no cycles */
  while (depth > 0)
    {
      int b = stack[2 * (depth - 1)];
      int *next = &stack[2 * (depth - 1) + 1];
      const OrrProgramBlock *pb = &program->blocks[b];
      gboolean pushed = FALSE;

      while (*next < pb->n_in && !pushed)
        {
          int k = (*next)++;
          int p = pb->in[k].buffer >= 0 ? producer[pb->in[k].buffer] : -1;

          if (p >= 0 && callable[p] && !emitted[p]
              && (pb->feedthrough == NULL || pb->feedthrough[k]))
            {
              emitted[p] = TRUE;
              stack[2 * depth] = p;
              stack[2 * depth + 1] = 0;
              depth++;
              pushed = TRUE;
            }
        }
      if (pushed)
        continue;
      {
        OrrCall *call = &out->calls[out->n++];

        call->fn = pb->klass->simulate;
        call->block = &sim->blocks[b];
        call->nevprt = nevprt[b];
        call->job = ORR_JOB_OUTPUTS;
      }
      depth--;
    }
}

/* The calls a trial evaluation makes for the seeds' `job` (derivatives,
 * or zero crossings): the outputs those jobs read, directly or through
 * feedthrough, then each seed's job. Instead of the compiler's schedule,
 * a depth-first order from each seed in turn: a block's outputs still come
 * after those of its feedthrough producers, but the jobs of one block, and
 * those of its neighbours, come close together, which keeps them in the
 * cache on large models (a lag's Sum, its Integrator's outputs and its
 * derivative in a row, rather than a thousand blocks apart). */
static void
build_needed_calls (OrrSimulation *sim, const OrrActivationList *seeds, const int *producer,
                    OrrJob job, OrrCallList *out)
{
  const OrrProgram *program = sim->program;
  int n_blocks = MAX (program->n_blocks, 1);
  g_autofree int *nevprt = g_new (int, n_blocks);
  g_autofree gboolean *callable = g_new0 (gboolean, n_blocks);
  g_autofree gboolean *emitted = g_new0 (gboolean, n_blocks);
  g_autofree int *stack = g_new (int, 2 * n_blocks + 2); /* pairs: block, next input */
  int total = 0;

  for (int i = 0; i < program->continuous_list.n; i++)
    {
      int b = program->continuous_list.items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      callable[b] = orr_sim_callable (pb->kind) && pb->klass != NULL && pb->klass->simulate != NULL;
      nevprt[b] = program->continuous_list.items[i].nevprt;
      total += callable[b];
    }

  call_list_clear (out);
  out->calls = g_new (OrrCall, MAX (total + seeds->n, 1));
  for (int s = 0; s < seeds->n; s++)
    {
      int seed = seeds->items[s].block;
      const OrrProgramBlock *ps = &program->blocks[seed];

      /* The seed's own outputs, then those its job reads through any
       * input; each after its feedthrough producers. */
      for (int k = -1; k < ps->n_in; k++)
        {
          int root = k < 0 ? seed : ps->in[k].buffer >= 0 ? producer[ps->in[k].buffer] : -1;

          if (root >= 0 && callable[root] && !emitted[root])
            emit_upstream (sim, root, producer, callable, nevprt, emitted, stack, out);
        }
      if (ps->klass != NULL && ps->klass->simulate != NULL && orr_sim_callable (ps->kind))
        {
          OrrCall *call = &out->calls[out->n++];

          call->fn = ps->klass->simulate;
          call->block = &sim->blocks[seed];
          call->nevprt = seeds->items[s].nevprt;
          call->job = job;
        }
    }
}

/* Which continuous blocks act at accepted points: sinks (no outputs) and
 * blocks with memory (discrete or object states, or work memory) that
 * may keep a history of accepted points. Other blocks are functions of
 * t, x and their inputs: computing them where nobody looks changes
 * nothing. Looked at again at each restart, as a block may take work
 * memory late. */
static void
build_accepted_outputs (OrrSimulation *sim, const int *producer)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *continuous = &program->continuous_list;
  g_autofree gboolean *need = g_new0 (gboolean, MAX (program->n_blocks, 1));

  for (int i = 0; i < continuous->n; i++)
    {
      int b = continuous->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      need[b] = pb->n_out == 0 || pb->nz > 0 || pb->noz > 0 || sim->blocks[b].work != NULL;
    }
  if (sim->cont.observer != NULL && sim->cont.accepted_outputs.calls != NULL
      && memcmp (need, sim->cont.observer, sizeof (gboolean) * program->n_blocks) == 0)
    return;
  g_free (sim->cont.observer);
  sim->cont.observer = g_memdup2 (need, sizeof (gboolean) * MAX (program->n_blocks, 1));
  mark_upstream (sim, need, producer);
  call_list_build (sim, continuous, need, ORR_JOB_OUTPUTS, &sim->cont.accepted_outputs);
}

/* Only work memory can change which blocks observe; a block may take it
 * late, so this looks at every restart, without allocating unless it
 * did. */
static void
refresh_observers (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *continuous = &program->continuous_list;

  for (int i = 0; i < continuous->n; i++)
    {
      int b = continuous->items[i].block;

      if (G_UNLIKELY (!sim->cont.observer[b] && sim->blocks[b].work != NULL))
        {
          g_autofree int *producer = buffer_producers (program);

          build_accepted_outputs (sim, producer);
          return;
        }
    }
}

/* ---- refined output (settings refine) -------------------------------------- */

static void copy_from_solver (OrrSimulation *sim);

/* Between two accepted steps t0 < t1 of a variable-step solver, the
 * sinks that record (Scope, XY scope, SignalOut...) also record at
 * refine - 1 evenly spaced points, where the state comes from the solver's
 * dense output (its interpolating polynomial, as accurate as the step):
 * curves look smooth without shortening the steps. What the recorders
 * read is evaluated as at a trial point, which by contract changes nothing
 * (no memory written, modes fixed), so the run itself is the same with or
 * without refining; only the recorders run in the event phase, where
 * recording happens. Blocks become recorders by recording once; the lists
 * follow at each restart. */
struct _OrrSimRefine
{
  gboolean *recorder; /* per block */
  OrrCallList inputs; /* the outputs the recorders read, in order */
  OrrCallList sinks;  /* the recorders */
  double *x, *xd;     /* the interpolated state */
};

static void
refine_free (OrrSimulation *sim)
{
  struct _OrrSimRefine *refine = sim->cont.refine;

  if (refine == NULL)
    return;
  call_list_clear (&refine->inputs);
  call_list_clear (&refine->sinks);
  g_free (refine->recorder);
  g_free (refine->x);
  g_free (refine->xd);
  g_clear_pointer (&sim->cont.refine, g_free);
}

static void
refine_prepare (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *continuous = &program->continuous_list;
  int n = MAX (program->n_blocks, 1);
  g_autofree gboolean *recorder = NULL;
  g_autofree gboolean *need = NULL;
  g_autofree int *producer = NULL;
  struct _OrrSimRefine *refine;

  if (program->settings.refine <= 1 || sim->cont.fixed_step || sim->out.recorders == NULL)
    return;
  recorder = g_new0 (gboolean, n);
  for (int i = 0; i < continuous->n; i++)
    {
      int b = continuous->items[i].block;

      recorder[b] = program->blocks[b].n_out == 0 && sim->out.recorders[b].has_last;
    }
  if (sim->cont.refine != NULL
      && memcmp (recorder, sim->cont.refine->recorder, sizeof (gboolean) * n) == 0)
    return;
  if (sim->cont.refine == NULL)
    {
      sim->cont.refine = g_new0 (struct _OrrSimRefine, 1);
      sim->cont.refine->x = g_new (double, sim->cont.n_solver);
      sim->cont.refine->xd = sim->cont.dae ? g_new (double, sim->cont.n_solver) : NULL;
    }
  refine = sim->cont.refine;
  g_free (refine->recorder);
  refine->recorder = g_memdup2 (recorder, sizeof (gboolean) * n);
  call_list_build (sim, continuous, recorder, ORR_JOB_OUTPUTS, &refine->sinks);
  need = g_memdup2 (recorder, sizeof (gboolean) * n);
  producer = buffer_producers (program);
  mark_upstream (sim, need, producer);
  for (int b = 0; b < program->n_blocks; b++)
    need[b] = need[b] && !recorder[b];
  call_list_build (sim, continuous, need, ORR_JOB_OUTPUTS, &refine->inputs);
}

/* The refined points strictly inside (t0, t1); sim->x is the solver's
 * again afterwards. */
static gboolean
refine_step (OrrSimulation *sim, double t0, double t1)
{
  struct _OrrSimRefine *refine = sim->cont.refine;
  guint factor = sim->program->settings.refine;
  OrrPhase saved_phase = sim->time.phase;
  gboolean ok = TRUE;

  if (refine == NULL || refine->sinks.n == 0 || !(t1 > t0))
    return TRUE;
  for (guint k = 1; k < factor && ok; k++)
    {
      double t = t0 + (t1 - t0) * k / factor;

      if (!orr_solver_interpolate (sim->cont.solver, t, refine->x, refine->xd))
        break;
      memcpy (sim->cont.x, refine->x, sizeof (double) * sim->cont.n_solver);
      if (refine->xd != NULL)
        for (int i = 0; i < sim->program->nx; i++)
          if (sim->cont.implicit_state[i])
            sim->cont.xd[i] = refine->xd[i];
      orr_sim_set_time (sim, t);
      sim->time.phase = ORR_PHASE_TRIAL;
      ok = orr_sim_run_calls (sim, &refine->inputs);
      sim->time.phase = ORR_PHASE_EVENT;
      ok = ok && orr_sim_run_calls (sim, &refine->sinks);
    }
  sim->time.phase = saved_phase;
  copy_from_solver (sim);
  return ok;
}

/* ---- setup --------------------------------------------------------------- */

static void
list_implicit_blocks (OrrSimulation *sim, GString *text)
{
  const OrrProgram *program = sim->program;
  int listed = 0;

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!pb->implicit || pb->nx == 0)
        continue;
      if (listed == 5)
        {
          g_string_append (text, ", ...");
          break;
        }
      g_string_append_printf (text, "%s%s", listed > 0 ? ", " : "",
                              pb->path != NULL ? pb->path : "?");
      listed++;
    }
}

gboolean
orr_sim_choose_solver (OrrSimulation *sim, GError **error)
{
  const OrrSettings *settings = &sim->program->settings;
  const char *name
    = settings->solver != NULL && settings->solver[0] != '\0' ? settings->solver : "auto";
  const OrrSolverInfo *info = orr_solver_lookup (name);
  double span = settings->final_time - settings->start_time;

  if (info == NULL)
    {
      g_autofree char *names = orr_solver_names ();

      g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                   "unknown solver '%s'; the solvers are: %s", name, names);
      return FALSE;
    }
  if (g_strcmp0 (name, "auto") == 0)
    name = sim->cont.dae ? "ida" : "cvode-bdf";
  else if (sim->cont.dae && !info->dae)
    {
      g_autoptr (GString) blocks = g_string_new (NULL);

      list_implicit_blocks (sim, blocks);
      g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                   "the solver '%s' cannot simulate this model: the implicit block%s %s need%s a "
                   "DAE solver; choose 'ida' (or 'auto')",
                   name, strchr (blocks->str, ',') != NULL ? "s" : "", blocks->str,
                   strchr (blocks->str, ',') != NULL ? "" : "s");
      return FALSE;
    }
  if (!orr_solver_method_from_name (name, &sim->cont.method))
    {
      g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                   "internal error: the solver '%s' has no backend", name);
      return FALSE;
    }
  sim->cont.solver_name = orr_solver_lookup (name)->name;
  sim->cont.fixed_step = orr_solver_method_is_fixed_step (sim->cont.method);
  sim->cont.use_modes = !sim->cont.fixed_step;

  if (sim->cont.fixed_step)
    {
      if (settings->max_step > 0)
        sim->cont.step = settings->max_step;
      else if (settings->max_step == 0 && span > 0 && isfinite (span))
        sim->cont.step = span / 100;
      else
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                       "the fixed-step solver '%s' needs a step: set the maximum step to the "
                       "step you want%s",
                       name,
                       settings->max_step < 0 ? " (it is negative, 'no limit')"
                       : span > 0             ? " (the final time is infinite, so the automatic "
                                                "step, a hundredth of the run, does not exist)"
                                              : " (the run is empty, so the automatic step, a "
                                                "hundredth of the run, is zero)");
          return FALSE;
        }
      if (!isfinite (sim->cont.step))
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                       "the fixed step of '%s' must be finite, not %g s", name, sim->cont.step);
          return FALSE;
        }
    }
  return TRUE;
}

double
orr_sim_grid_ceil (OrrSimulation *sim, double t)
{
  double origin = sim->time.start_time;
  double k;

  if (!isfinite (t))
    return t;
  /* Times a few roundings past a grid point (start + n * period of a
   * clock that matches the step) belong to that point. */
  k = ceil ((t - origin) / sim->cont.step - 1e-9);
  return MAX (origin + k * sim->cont.step, origin);
}

void
orr_sim_continuous_alloc (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  int n_blocks = MAX (program->n_blocks, 1);

  sim->cont.last_root_time = NAN;
  sim->cont.last_root_interval = NAN;
  sim->cont.n_solver = MAX (program->nx, 1);
  sim->cont.x = g_new0 (double, sim->cont.n_solver);
  sim->cont.xd = g_new0 (double, sim->cont.n_solver);
  sim->cont.res = g_new0 (double, sim->cont.n_solver);
  sim->cont.state_owner = g_new0 (int, sim->cont.n_solver);
  sim->cont.implicit_state = g_new0 (gboolean, sim->cont.n_solver);
  for (int i = 0; i < sim->cont.n_solver; i++)
    sim->cont.state_owner[i] = -1;
  sim->cont.dae = program->needs_dae;
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      for (int i = 0; i < pb->nx; i++)
        {
          sim->cont.state_owner[pb->x_offset + i] = b;
          sim->cont.implicit_state[pb->x_offset + i] = pb->implicit;
          sim->cont.dae = sim->cont.dae || pb->implicit;
        }
    }
  /* Always-active blocks without states still need time to flow
   * continuously (a Sine into a Scope), so they integrate a dummy state,
   * as Scicos does. */
  sim->cont.continuous = program->nx > 0 || program->ng > 0 || program->continuous_list.n > 0;

  sim->cont.continuous_nevprt = g_new (int, n_blocks);
  sim->cont.nevprt_touched = g_new (int, n_blocks);
  sim->cont.nevprt_marked = g_new0 (gboolean, n_blocks);
  for (int b = 0; b < program->n_blocks; b++)
    sim->cont.continuous_nevprt[b] = G_MININT;
  for (int i = 0; i < program->continuous_list.n; i++)
    {
      int b = program->continuous_list.items[i].block;

      sim->cont.continuous_nevprt[b] = program->continuous_list.items[i].nevprt;
      sim->blocks[b].nevprt = program->continuous_list.items[i].nevprt;
    }
}

/* ---- surfaces leaving zero ----------------------------------------------- */

/* A block with modes chooses them at the start from its inputs; a
 * surface exactly on its threshold then (a Switch's control starting at
 * its threshold, sin t at t = 0) leaves the choice to the block's rule
 * for equality, and the solver, which reports crossings *through* zero,
 * stays silent when the surface moves off it. The block would keep that
 * mode until some other restart. Such surfaces are watched at accepted
 * steps (the solver's root function left their values in sim->zc.g at
 * the step's end) until they leave zero; the solver restarts there and
 * the block chooses its mode again, now off the threshold. */
static void
list_mode_surfaces (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  int n = 0;

  for (int b = 0; b < program->n_blocks; b++)
    if (program->blocks[b].nmode > 0)
      n += program->blocks[b].ng;
  if (n == 0)
    return;
  sim->cont.mode_surfaces = g_new (int, n);
  sim->cont.zero_surfaces = g_new (int, n);
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->nmode > 0)
        for (int i = pb->g_offset; i < pb->g_offset + pb->ng; i++)
          sim->cont.mode_surfaces[sim->cont.n_mode_surfaces++] = i;
    }
}

/* After the modes are first chosen: which surfaces sit at zero. Only at
 * the start: there no crossing led to the threshold, while at a later
 * restart a surface at zero was reached by one (the block chose its mode
 * knowing the direction) or is zero by the block's own construction (an
 * engaged Backlash's surface is its distance from the held output), and
 * leaving zero there is no crossing. */
static void
note_zero_surfaces (OrrSimulation *sim)
{
  sim->cont.n_zero_surfaces = 0;
  if (!sim->cont.use_modes || sim->cont.solver_started)
    return;
  for (int k = 0; k < sim->cont.n_mode_surfaces; k++)
    if (sim->zc.g[sim->cont.mode_surfaces[k]] == 0)
      sim->cont.zero_surfaces[sim->cont.n_zero_surfaces++] = sim->cont.mode_surfaces[k];
}

/* At an accepted step: TRUE when a watched surface has left zero (and
 * the solver must restart here); those still at zero stay watched. */
static gboolean
zero_surface_left (OrrSimulation *sim)
{
  gboolean left = FALSE;
  int kept = 0;

  for (int k = 0; k < sim->cont.n_zero_surfaces; k++)
    {
      int i = sim->cont.zero_surfaces[k];

      if (sim->zc.g[i] != 0)
        left = TRUE;
      else
        sim->cont.zero_surfaces[kept++] = i;
    }
  sim->cont.n_zero_surfaces = left ? 0 : kept;
  return left;
}

gboolean
orr_sim_continuous_setup (OrrSimulation *sim, GError **error)
{
  const OrrProgram *program = sim->program;
  const OrrSettings *settings = &program->settings;
  OrrSolverOptions options = { 0 };
  double span = settings->final_time - settings->start_time;
  g_autofree int *producer = NULL;

  if (!sim->cont.continuous)
    {
      sim->cont.solver_description
        = g_strdup_printf ("%s: no continuous time, nothing to integrate", sim->cont.solver_name);
      return TRUE;
    }
  producer = buffer_producers (program);
  build_needed_calls (sim, &program->derivative_list, producer, ORR_JOB_DERIVATIVES,
                      &sim->cont.rhs_calls);
  build_needed_calls (sim, &program->surface_list, producer, ORR_JOB_ZERO_CROSSINGS,
                      &sim->cont.root_calls);
  call_list_build (sim, &program->surface_list, NULL, ORR_JOB_ZERO_CROSSINGS,
                   &sim->cont.surface_calls);
  build_accepted_outputs (sim, producer);
  {
    const OrrCallList *hot[]
      = { &sim->cont.rhs_calls, &sim->cont.root_calls, &sim->cont.surface_calls };

    for (guint l = 0; l < G_N_ELEMENTS (hot); l++)
      for (int i = 0; i < hot[l]->n; i++)
        if (hot[l]->calls[i].nevprt != sim->cont.continuous_nevprt[hot[l]->calls[i].block->index])
          sim->cont.hot_nevprt_writes = TRUE;
  }

  options.method = sim->cont.method;
  options.n = sim->cont.n_solver;
  options.ng = program->ng;
  options.rtol = settings->rtol > 0 ? settings->rtol : 1e-6;
  options.atol = settings->atol > 0 ? settings->atol : 1e-8;
  /* Automatic: a hundredth of the run, so that sinks get points and
   * short-lived crossings are not stepped over; negative: no bound. */
  if (settings->max_step > 0)
    options.max_step = settings->max_step;
  else if (settings->max_step == 0 && span > 0 && isfinite (span))
    options.max_step = span / 100;
  options.fixed_step = sim->cont.step;
  options.grid_origin = settings->start_time;
  options.rhs = sim_rhs;
  options.residual = sim_residual;
  options.roots = program->ng > 0 ? sim_roots : NULL;
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->ng > 0 && pb->g_direction != 0)
        {
          if (sim->cont.root_direction == NULL)
            sim->cont.root_direction = g_new0 (int, program->ng);
          for (int i = pb->g_offset; i < pb->g_offset + pb->ng; i++)
            sim->cont.root_direction[i] = pb->g_direction;
        }
    }
  options.root_direction = sim->cont.root_direction;
  list_mode_surfaces (sim);
  options.implicit_state = sim->cont.implicit_state;
  options.data = sim;

  sim->cont.jacobian = orr_sim_jacobian_new (sim, sim->cont.method, sim->cont.linear_request);
  orr_sim_jacobian_configure (sim->cont.jacobian, &options);

  sim->cont.solver = orr_solver_new (&options, error);
  if (sim->cont.solver == NULL)
    return FALSE;
  {
    g_autofree char *step = sim->cont.fixed_step ? g_strdup_printf ("step %g s", sim->cont.step)
                            : options.max_step > 0
                              ? g_strdup_printf ("maximum step %g s", options.max_step)
                              : g_strdup ("no maximum step");

    sim->cont.solver_description = g_strdup_printf (
      "%s (%s), rtol %g, atol %g, %s; %s", sim->cont.solver_name, sim->cont.solver->name,
      options.rtol, options.atol, step, orr_sim_jacobian_describe (sim->cont.jacobian));
  }
  return TRUE;
}

void
orr_sim_continuous_free (OrrSimulation *sim)
{
  call_list_clear (&sim->cont.rhs_calls);
  call_list_clear (&sim->cont.root_calls);
  call_list_clear (&sim->cont.surface_calls);
  call_list_clear (&sim->cont.accepted_outputs);
  if (sim->cont.event_reads != NULL)
    for (int s = 0; s <= sim->program->n_sources; s++)
      call_list_clear (&sim->cont.event_reads[s]);
  g_clear_pointer (&sim->cont.event_reads, g_free);
  g_clear_pointer (&sim->cont.event_reads_ready, g_free);
  g_clear_pointer (&sim->cont.event_reads_all, g_free);
  g_clear_pointer (&sim->cont.observer, g_free);
  refine_free (sim);
  g_clear_pointer (&sim->cont.solver, orr_solver_free);
  g_clear_pointer (&sim->cont.jacobian, orr_sim_jacobian_free);
  g_clear_pointer (&sim->cont.solver_description, g_free);
  g_clear_pointer (&sim->cont.x, g_free);
  g_clear_pointer (&sim->cont.xd, g_free);
  g_clear_pointer (&sim->cont.res, g_free);
  g_clear_pointer (&sim->cont.state_owner, g_free);
  g_clear_pointer (&sim->cont.implicit_state, g_free);
  g_clear_pointer (&sim->cont.continuous_nevprt, g_free);
  g_clear_pointer (&sim->cont.nevprt_touched, g_free);
  g_clear_pointer (&sim->cont.nevprt_marked, g_free);
  g_clear_pointer (&sim->cont.root_direction, g_free);
  g_clear_pointer (&sim->cont.mode_surfaces, g_free);
  g_clear_pointer (&sim->cont.zero_surfaces, g_free);
}

gboolean
orr_sim_refresh_outputs (OrrSimulation *sim)
{
  if (!sim->cont.outputs_stale)
    return TRUE;
  if (!orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, FALSE))
    return FALSE;
  sim->cont.outputs_stale = FALSE;
  return TRUE;
}

/* The blocks an event of `slot` may call: the slot's list (every clock's
 * for the base clock) and the branches its conditional blocks may take. */
static void
add_event_source (const OrrProgram *program, int source, gboolean *seen, GArray *sources)
{
  if (source < 0 || source >= program->n_sources || seen[source])
    return;
  seen[source] = TRUE;
  g_array_append_val (sources, source);
}

/* The continuous outputs an event of `slot` reads before it computes
 * them: those its blocks take as inputs, unless an ordinary block earlier
 * in the same list computes them first (a clocked Gain feeding a Sum of
 * the continuous part), and what those outputs read through feedthrough.
 * A sampler of an Integrator needs the Integrator's output, not the whole
 * continuous part. */
static void
build_event_reads (OrrSimulation *sim, int slot)
{
  const OrrProgram *program = sim->program;
  int n_blocks = MAX (program->n_blocks, 1);
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (program->n_sources, 1));
  g_autofree gboolean *need = g_new0 (gboolean, n_blocks);
  g_autofree int *position = g_new (int, n_blocks);
  g_autofree int *producer = buffer_producers (program);
  g_autoptr (GArray) sources = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean merged = FALSE;
  int total = 0;

  if (slot >= program->n_sources)
    {
      for (int s = 0; s < program->n_sources; s++)
        if (program->sources[s].kind == ORR_SOURCE_CLOCK)
          {
            /* Synchronous clocks run as one merged list, in another
             * order than each of theirs: no block counts as computed
             * before another then. */
            for (guint k = 0; k < sources->len; k++)
              if (program->sources[g_array_index (sources, int, k)].clock_group
                  == program->sources[s].clock_group)
                merged = TRUE;
            add_event_source (program, s, seen, sources);
          }
    }
  else
    add_event_source (program, slot, seen, sources);
  for (int b = 0; b < n_blocks; b++)
    position[b] = -1;

  for (guint l = 0; l < sources->len; l++)
    {
      const OrrActivationList *list = &program->sources[g_array_index (sources, int, l)].list;

      /* Ordinary blocks compute their outputs in the first sweep, in the
       * list's order; the events and state-update sweeps come after. */
      for (int i = 0; i < list->n && !merged; i++)
        if (program->blocks[list->items[i].block].kind == ORR_BLOCK_ORDINARY)
          position[list->items[i].block] = i;
      for (int i = 0; i < list->n; i++)
        {
          int r = list->items[i].block;
          const OrrProgramBlock *pr = &program->blocks[r];

          /* A feedthrough input is read by the outputs job, in the first
           * sweep: fresh if its producer came earlier in the list. The
           * others are read only in the later sweeps. */
          for (int k = 0; k < pr->n_in; k++)
            {
              int p = pr->in[k].buffer >= 0 ? producer[pr->in[k].buffer] : -1;
              gboolean through = pr->feedthrough == NULL || pr->feedthrough[k];

              if (p >= 0 && sim->cont.continuous_nevprt[p] != G_MININT
                  && !(position[p] >= 0 && (!through || position[p] < i)))
                need[p] = TRUE;
            }
          if (pr->kind == ORR_BLOCK_IF_THEN_ELSE || pr->kind == ORR_BLOCK_SWITCH_CASE
              || pr->kind == ORR_BLOCK_CONDITIONAL)
            for (int e = 0; e < pr->n_evout; e++)
              add_event_source (program, pr->evout_source[e], seen, sources);
        }
      for (int i = 0; i < list->n; i++)
        position[list->items[i].block] = -1;
    }

  mark_upstream (sim, need, producer);
  call_list_build (sim, &program->continuous_list, need, ORR_JOB_OUTPUTS,
                   &sim->cont.event_reads[slot]);
  for (int i = 0; i < program->continuous_list.n; i++)
    total += orr_sim_callable (program->blocks[program->continuous_list.items[i].block].kind);
  sim->cont.event_reads_all[slot] = sim->cont.event_reads[slot].n >= total;

  sim->cont.event_reads_ready[slot] = TRUE;
}

gboolean
orr_sim_refresh_outputs_for (OrrSimulation *sim, int slot)
{
  const OrrCallList *list;
  OrrPhase saved_phase = sim->time.phase;
  gboolean saved_fixed = sim->time.modes_fixed;
  gboolean ok = TRUE;

  if (!sim->cont.outputs_stale)
    return TRUE;
  if (slot < 0 || slot > sim->program->n_sources)
    return orr_sim_refresh_outputs (sim);
  if (sim->cont.event_reads == NULL)
    {
      sim->cont.event_reads = g_new0 (OrrCallList, sim->program->n_sources + 1);
      sim->cont.event_reads_ready = g_new0 (gboolean, sim->program->n_sources + 1);
      sim->cont.event_reads_all = g_new0 (gboolean, sim->program->n_sources + 1);
    }
  if (!sim->cont.event_reads_ready[slot])
    build_event_reads (sim, slot);
  if (sim->cont.event_reads_all[slot])
    return orr_sim_refresh_outputs (sim);

  list = &sim->cont.event_reads[slot];
  sim->time.phase = ORR_PHASE_EVENT;
  sim->time.modes_fixed = FALSE;
  for (int i = 0; i < list->n && ok; i++)
    {
      const OrrCall *call = &list->calls[i];

      call->block->nevprt = call->nevprt;
      call->fn (call->block, call->job);
      ok = !sim->failed;
    }
  /* (as orr_sim_eval_continuous: a DAE's algebraic states are checked
   * once the solver has made them consistent) */
  if (ok && (!sim->cont.dae || !sim->cont.need_restart))
    ok = orr_sim_check_calls_finite (sim, list);
  sim->time.phase = saved_phase;
  sim->time.modes_fixed = saved_fixed;
  /* the others are still stale */
  return ok;
}

void
orr_simulation_set_linear_solver (OrrSimulation *sim, OrrSimLinear kind)
{
  g_return_if_fail (sim != NULL);

  sim->cont.linear_request = kind;
}

const char *
orr_simulation_get_solver_description (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, NULL);

  return sim->cont.solver_description;
}

/* ---- integration --------------------------------------------------------- */

/* Modes are chosen at the start of each interval with the outputs
 * computed freely, then frozen for the solver. */
static gboolean
compute_modes (OrrSimulation *sim)
{
  OrrPhase saved_phase = sim->time.phase;
  gboolean ok;

  sim->time.phase = ORR_PHASE_EVENT;
  sim->time.modes_fixed = FALSE;
  /* A DAE's algebraic states are made consistent only after this (at
   * the solver's restart), so its outputs are checked then. */
  ok = orr_sim_run_outputs (sim, &sim->program->continuous_list)
       && (sim->cont.dae || orr_sim_check_list_finite (sim, &sim->program->continuous_list))
       && orr_sim_run_calls (sim, &sim->cont.surface_calls);
  sim->time.phase = saved_phase;
  return ok;
}

static void
copy_from_solver (OrrSimulation *sim)
{
  const double *x = orr_solver_get_x (sim->cont.solver);
  const double *xd = orr_solver_get_xd (sim->cont.solver);

  orr_sim_copy_states (sim->cont.x, x, sim->cont.n_solver);
  if (xd != NULL)
    for (int i = 0; i < sim->program->nx; i++)
      if (sim->cont.implicit_state[i])
        sim->cont.xd[i] = xd[i];
}

static gboolean check_finite (OrrSimulation *sim);

static gboolean
restart_solver (OrrSimulation *sim, double target)
{
  const OrrSettings *settings = &sim->program->settings;
  g_autoptr (GError) error = NULL;
  double t = sim->time.t;
  double h0 = settings->initial_step > 0 ? settings->initial_step : 0;
  gboolean all_outputs
    = sim->program->nmode > 0 || sim->program->ng > 0 || sim->cont.dae || !sim->cont.solver_started;

  /* A jump may have written NaN into a state: say who, before the
   * solver fails on it without knowing. Modes are chosen from every
   * continuous output; without modes or surfaces the outputs are left for
   * whoever reads them next (the solver's first evaluation computes what
   * the derivatives read, an event what it reads), except at the start,
   * where they are all checked once. */
  if (!check_finite (sim))
    return FALSE;
  if (all_outputs)
    {
      if (!compute_modes (sim))
        return FALSE;
      sim->cont.outputs_stale = FALSE;
    }
  /* The modes are chosen: the crossings that led here are done with. */
  memset (sim->zc.jroot, 0, sizeof (int) * MAX (sim->program->ng, 1));
  note_zero_surfaces (sim);
  refresh_observers (sim);
  if (!all_outputs)
    {
      /* The observers still act here: a sink records the right limit
       * after the event (a state reset to 0), as at an accepted point. */
      OrrPhase saved_phase = sim->time.phase;
      gboolean ok;

      sim->time.phase = ORR_PHASE_EVENT;
      sim->time.modes_fixed = FALSE;
      ok = orr_sim_run_calls (sim, &sim->cont.accepted_outputs)
           && orr_sim_check_calls_finite (sim, &sim->cont.accepted_outputs);
      sim->time.phase = saved_phase;
      if (!ok)
        return FALSE;
    }
  refine_prepare (sim);

  /* Warm start: the backend's own first-step estimate costs several
   * model evaluations at every restart (a thousand restarts a second in a
   * sampled-data loop). Half the step its error control would have taken
   * next is about as long as the estimate allows, since the order drops
   * to 1 at a restart; its error test still decides.
   * Not after a located zero crossing: the crossing's block changed what
   * is integrated (a ball's velocity turned round), so the last steps say
   * little about the next one, and the backend's own estimate, from the
   * derivatives at the new start, costs a few evaluations once per
   * crossing. (A warm step bounded by an eighth of the interval since the
   * previous crossing made the bouncing ball take 465 steps where the
   * estimate takes 361.) */
  if (h0 <= 0 && sim->cont.solver_started && sim->cont.last_root_time != t)
    h0 = 0.5 * orr_solver_next_step (sim->cont.solver);
  /* A first step from the settings, right after a zero crossing, longer
   * than the interval since the previous crossing may step over the next
   * pair of crossings altogether (a bouncing ball near rest): bound it. */
  if (h0 > 0 && sim->cont.last_root_time == t && sim->cont.last_root_interval > 0)
    h0 = MIN (h0, sim->cont.last_root_interval / 8);
  if (h0 > 0)
    h0 = MIN (h0, target - t);

  /* After an event the last Jacobian may serve again; after a crossing
   * (modes change what the solver integrates) it is computed afresh. */
  orr_sim_jacobian_restart (sim->cont.jacobian,
                            sim->cont.solver_started && sim->cont.last_root_time != t);
  if (!orr_solver_restart (sim->cont.solver, t, sim->cont.x, sim->cont.dae ? sim->cont.xd : NULL,
                           target, h0, &error))
    {
      orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s", error->message);
      return FALSE;
    }
  if (sim->cont.dae)
    {
      /* The solver made x' (and algebraic states) consistent. */
      copy_from_solver (sim);
      if (!orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, FALSE)
          || !orr_sim_check_list_finite (sim, &sim->program->continuous_list))
        return FALSE;
    }

  if (sim->cont.solver_started)
    sim->stats.restarts++;
  sim->cont.solver_started = TRUE;
  sim->cont.need_restart = FALSE;
  return TRUE;
}

static gboolean
check_finite (OrrSimulation *sim)
{
  double sum = 0;

  /* NaN and infinities survive a sum, which vectorises: the exact search
   * runs only when the sum is not finite (or overflowed). */
  for (int i = 0; i < sim->program->nx; i++)
    sum += sim->cont.x[i];
  if (G_LIKELY (isfinite (sum)))
    return TRUE;
  for (int i = 0; i < sim->program->nx; i++)
    if (G_UNLIKELY (!isfinite (sim->cont.x[i])))
      {
        int b = sim->cont.state_owner[i];
        const char *path = b >= 0 ? sim->program->blocks[b].path : NULL;

        orr_sim_fail (
          sim, ORR_SIM_ERROR_NUMERIC, "%s: the continuous state %d became %s at t = %.10g s",
          path != NULL ? path : "?", b >= 0 ? i - sim->program->blocks[b].x_offset + 1 : i + 1,
          isnan (sim->cont.x[i]) ? "NaN" : "infinite", sim->time.t);
        return FALSE;
      }
  return TRUE;
}

/* An accepted step inside the interval: only what acts there runs; the
 * rest is brought up to date before the next event. */
static gboolean
accept_point (OrrSimulation *sim, double t, gboolean complete)
{
  OrrPhase saved_phase = sim->time.phase;
  gboolean ok;

  copy_from_solver (sim);
  orr_sim_set_time (sim, t);
  sim->stats.steps++;
  if (!check_finite (sim) || !orr_sim_zeno_note_step (sim))
    return FALSE;
  if (complete)
    {
      sim->cont.outputs_stale = FALSE;
      return orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, TRUE) && orr_sim_run_step_hooks (sim);
    }
  sim->cont.outputs_stale = TRUE;
  sim->time.phase = ORR_PHASE_EVENT;
  sim->time.modes_fixed = sim->cont.use_modes;
  ok = orr_sim_run_calls (sim, &sim->cont.accepted_outputs)
       && orr_sim_check_calls_finite (sim, &sim->cont.accepted_outputs)
       && orr_sim_run_step_hooks (sim);
  sim->time.phase = saved_phase;
  return ok;
}

/* SUNDIALS's root finders stop within about 100 roundings of the
 * crossing. A zero-crossing tolerance finer than that (settings
 * zc_tolerance) is met by bisecting the crossed surfaces on the solver's
 * interpolant; a coarser one is met already. Fixed-step methods do no
 * location at all (SEMANTICS 6). Moves *t and sim->cont.x to the refined
 * crossing. */
static gboolean
refine_root (OrrSimulation *sim, double *t)
{
  double tolerance = sim->program->settings.zc_tolerance;
  int n = sim->cont.n_solver, ng = sim->program->ng;
  double width, a, b, floor_width;
  g_autofree double *x = NULL;
  g_autofree double *xd = NULL;
  g_autofree double *g = NULL;

  if (!(tolerance > 0) || sim->cont.fixed_step)
    return TRUE;
  width = orr_solver_root_width (sim->cont.solver);
  if (!(width > tolerance))
    return TRUE;

  x = g_new (double, n);
  xd = sim->cont.dae ? g_new (double, n) : NULL;
  g = g_new (double, MAX (ng, 1));
  b = *t;
  a = b - width;
  floor_width = 4 * DBL_EPSILON * MAX (1.0, fabs (b));
  while (b - a > MAX (tolerance, floor_width))
    {
      double m = a + (b - a) / 2;
      gboolean crossed = FALSE;

      if (!orr_solver_interpolate (sim->cont.solver, m, x, xd) || sim_roots (m, x, xd, g, sim) != 0)
        {
          /* keep what the solver found */
          copy_from_solver (sim);
          return !sim->failed;
        }
      for (int i = 0; i < ng && !crossed; i++)
        crossed = sim->zc.jroot[i] != 0 && (g[i] == 0 || (g[i] > 0) == (sim->zc.jroot[i] > 0));
      if (crossed)
        b = m;
      else
        a = m;
    }
  /* The bisection's trial points went through sim->cont.x: put the crossing's
   * state there. */
  if (b < *t && orr_solver_interpolate (sim->cont.solver, b, x, xd))
    {
      *t = b;
      memcpy (sim->cont.x, x, sizeof (double) * n);
      if (xd != NULL)
        for (int i = 0; i < sim->program->nx; i++)
          if (sim->cont.implicit_state[i])
            sim->cont.xd[i] = xd[i];
    }
  else
    copy_from_solver (sim);
  return TRUE;
}

/* A crossing: the blocks whose surfaces crossed get their event and
 * state-update jobs with nevprt = -1 (orr_sim_fire_crossings). jroot keeps
 * the directions until the modes are chosen again at the restart, so
 * that blocks choosing their modes can tell which way they crossed. */
static gboolean
handle_root (OrrSimulation *sim, double t)
{
  const OrrProgram *program = sim->program;
  gboolean *fire = sim->zc.crossing_fire;

  copy_from_solver (sim);
  orr_solver_get_roots (sim->cont.solver, sim->zc.jroot);
  if (!refine_root (sim, &t))
    return FALSE;
  orr_sim_set_time (sim, t);
  sim->stats.zero_crossings++;
  if (sim->cont.fixed_step)
    sim->stats.steps++;
  if (!isnan (sim->cont.last_root_time))
    sim->cont.last_root_interval = t - sim->cont.last_root_time;
  sim->cont.last_root_time = t;

  orr_sim_zeno_note_crossings (sim);
  if (!check_finite (sim))
    return FALSE;
  /* Left limits at the crossing: the outputs with the modes the solver
   * held (a Step still before its step), before anything acts. */
  if (sim->req.n_left_limit_hooks > 0
      && (!orr_sim_eval_continuous (sim, ORR_PHASE_TRIAL, TRUE)
          || !orr_sim_run_left_limit_hooks (sim)))
    return FALSE;
  if (!orr_sim_event_crossings_at_root (sim)
      || !orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, FALSE))
    return FALSE;

  memset (fire, 0, sizeof (gboolean) * program->n_blocks);
  for (int i = 0; i < program->surface_list.n; i++)
    {
      int b = program->surface_list.items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      for (int k = pb->g_offset; k < pb->g_offset + pb->ng; k++)
        if (sim->zc.jroot[k] != 0)
          fire[b] = TRUE;
    }

  /* Even without a jump, modes may change at a crossing. */
  sim->cont.need_restart = TRUE;
  sim->cont.outputs_stale = TRUE;
  return orr_sim_fire_crossings (sim, fire);
}

static void
report_failure (OrrSimulation *sim, const GError *error)
{
  const OrrProgram *program = sim->program;
  int worst = orr_solver_worst_component (sim->cont.solver);
  int b = worst >= 0 && worst < program->nx ? sim->cont.state_owner[worst] : -1;
  g_autoptr (GString) blocks = g_string_new (NULL);
  int n_listed = 0;

  if (b >= 0)
    {
      orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s; the largest error is in the state of %s",
                    error->message, program->blocks[b].path);
      return;
    }

  /* No error estimate to go by (a convergence failure): name the blocks
   * that hold states, the suspects. */
  for (int i = 0; i < program->derivative_list.n; i++)
    {
      const OrrProgramBlock *pb = &program->blocks[program->derivative_list.items[i].block];

      if (pb->nx == 0)
        continue;
      if (n_listed == 3)
        {
          g_string_append (blocks, ", ...");
          break;
        }
      g_string_append_printf (blocks, "%s%s", n_listed > 0 ? ", " : "", pb->path);
      n_listed++;
    }
  if (n_listed > 0)
    orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s; states are held by %s", error->message,
                  blocks->str);
  else
    orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s", error->message);
}

OrrAdvance
orr_sim_advance (OrrSimulation *sim, double target)
{
  OrrAdvance result = ORR_ADVANCE_ENDED;

  orr_sim_clean_nevprt (sim);
  if (sim->cont.need_restart && !restart_solver (sim, target))
    return ORR_ADVANCE_ENDED;

  sim->time.modes_fixed = sim->cont.use_modes;
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      double t = sim->time.t;
      double t_before = t;
      OrrSolverStatus status = orr_solver_step (sim->cont.solver, target, &t, &error);

      if (status == ORR_SOLVER_STEP)
        {
          if ((sim->cont.refine != NULL && !refine_step (sim, t_before, t))
              || !accept_point (sim, t, FALSE) || !orr_sim_boundary (sim))
            break;
          if (sim->cont.n_zero_surfaces > 0 && zero_surface_left (sim))
            sim->cont.need_restart = TRUE;
          if (sim->cont.need_restart)
            {
              /* New parameters at this boundary (orr-retune.c): the
               * solver restarts from here. */
              result = ORR_ADVANCE_REACHED;
              break;
            }
          continue;
        }
      if (status == ORR_SOLVER_STOP)
        {
          /* An event due here brings what it reads up to date itself
           * (orr_sim_refresh_outputs_for): only the observers act now. */
          gboolean event_here
            = !sim->cont.fixed_step
              && orr_sim_next_event_time (sim) <= target + orr_sim_time_tolerance (target);

          if ((sim->cont.refine == NULL || refine_step (sim, t_before, target))
              && accept_point (sim, target, !event_here))
            result = ORR_ADVANCE_REACHED;
          break;
        }
      if (status == ORR_SOLVER_ROOT)
        {
          if (sim->cont.refine != NULL && !refine_step (sim, t_before, t))
            break;
          sim->time.modes_fixed = FALSE;
          if (handle_root (sim, t))
            result = ORR_ADVANCE_ROOT;
          break;
        }
      /* A callback refused because of a stop or a block error: that, not
       * the solver, is the story to tell. */
      if (!orr_sim_must_end (sim))
        report_failure (sim, error);
      break;
    }
  sim->time.modes_fixed = FALSE;
  return result;
}
