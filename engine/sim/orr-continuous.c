/* orr-continuous.c: the continuous-time part of a run (SEMANTICS section 6).
 *
 * The solver sees one vector x of all states. Its callbacks copy the trial
 * x into the blocks' states, evaluate the continuous list's outputs in the
 * trial phase (no side effects, modes fixed) and collect the derivatives,
 * residuals or surfaces. At accepted points the same list runs in the
 * event phase, so sinks record. Integration intervals end at events that
 * need a cold restart and at located zero crossings.
 */

#include <math.h>
#include <string.h>

#include "orr-sim-private.h"

/* ---- evaluation ---------------------------------------------------------- */

static gboolean
run_outputs (OrrSimulation *sim, const OrrActivationList *list)
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

static gboolean
run_job (OrrSimulation *sim, const OrrActivationList *list, OrrJob job)
{
  const OrrProgram *program = sim->program;

  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;

      if (!orr_sim_callable (program->blocks[b].kind))
        continue;
      sim->blocks[b].nevprt = list->items[i].nevprt;
      orr_sim_call (sim, b, job);
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
  sim->time.modes_fixed = modes_fixed;
  ok = run_outputs (sim, &sim->program->continuous_list);
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
  sim->time.modes_fixed = TRUE;
  ok = run_outputs (sim, &sim->program->continuous_list)
       && run_job (sim, &sim->program->surface_list, ORR_JOB_ZERO_CROSSINGS);
  sim->time.phase = saved_phase;
  sim->time.modes_fixed = saved_fixed;
  return ok;
}

/* The solver's trial points happen "between" the simulation's own times:
 * blocks see the trial t, and everything is put back afterwards. */
typedef struct
{
  double t;
  OrrPhase phase;
  gboolean modes_fixed;
} SavedTime;

static inline SavedTime
enter_trial (OrrSimulation *sim, double t, const double *x, const double *xd)
{
  SavedTime saved = { sim->time.t, sim->time.phase, sim->time.modes_fixed };

  memcpy (sim->x, x, sizeof (double) * sim->n_solver);
  if (xd != NULL)
    for (int i = 0; i < sim->program->nx; i++)
      if (sim->implicit_state[i])
        sim->xd[i] = xd[i];
  sim->time.t = t;
  sim->time.phase = ORR_PHASE_TRIAL;
  sim->time.modes_fixed = TRUE;
  return saved;
}

static inline void
leave_trial (OrrSimulation *sim, SavedTime saved)
{
  sim->time.t = saved.t;
  sim->time.phase = saved.phase;
  sim->time.modes_fixed = saved.modes_fixed;
}

/* A stop must not wait for a long step to finish: a callback refuses to
 * go on, the solver gives up the step, and the run loop sees the flag. */
static inline gboolean
callback_must_abort (OrrSimulation *sim)
{
  return sim->failed || g_atomic_int_get (&sim->stop_requested);
}

static int
sim_rhs (double t, const double *x, double *xd, gpointer data)
{
  OrrSimulation *sim = data;
  SavedTime saved;
  gboolean ok;

  if (callback_must_abort (sim))
    return -1;
  sim->stats.rhs_calls++;

  saved = enter_trial (sim, t, x, NULL);
  ok = run_outputs (sim, &sim->program->continuous_list)
       && run_job (sim, &sim->program->derivative_list, ORR_JOB_DERIVATIVES);
  leave_trial (sim, saved);
  if (!ok)
    return -1;

  if (sim->program->nx == 0)
    xd[0] = 0.0; /* the dummy state */
  else
    memcpy (xd, sim->xd, sizeof (double) * sim->n_solver);
  return 0;
}

static int
sim_residual (double t, const double *x, const double *xd, double *res, gpointer data)
{
  OrrSimulation *sim = data;
  SavedTime saved;
  gboolean ok;

  if (callback_must_abort (sim))
    return -1;
  sim->stats.rhs_calls++;

  saved = enter_trial (sim, t, x, xd);
  ok = run_outputs (sim, &sim->program->continuous_list)
       && run_job (sim, &sim->program->derivative_list, ORR_JOB_DERIVATIVES);
  leave_trial (sim, saved);
  if (!ok)
    return -1;

  if (sim->program->nx == 0)
    res[0] = xd[0]; /* the dummy state: x' = 0 */
  else
    for (int i = 0; i < sim->n_solver; i++)
      res[i] = sim->implicit_state[i] ? sim->res[i] : sim->xd[i] - xd[i];
  return 0;
}

static int
sim_roots (double t, const double *x, const double *xd, double *g, gpointer data)
{
  OrrSimulation *sim = data;
  SavedTime saved;
  gboolean ok;

  if (callback_must_abort (sim))
    return -1;

  saved = enter_trial (sim, t, x, xd);
  ok = run_outputs (sim, &sim->program->continuous_list)
       && run_job (sim, &sim->program->surface_list, ORR_JOB_ZERO_CROSSINGS);
  leave_trial (sim, saved);
  if (!ok)
    return -1;

  memcpy (g, sim->g, sizeof (double) * sim->program->ng);
  return 0;
}

/* Only used when one block holds every state (see setup). */
static int
sim_jacobian (double t, double cj, const double *x, const double *xd, double *jac, gpointer data)
{
  OrrSimulation *sim = data;
  int b = sim->program->derivative_list.items[0].block;
  OrrSimBlock *block = &sim->blocks[b];
  int n = block->nx;
  SavedTime saved;
  gboolean ok;

  if (callback_must_abort (sim))
    return -1;

  saved = enter_trial (sim, t, x, xd);
  sim->time.alpha = 1.0;
  sim->time.beta = cj;
  memset (block->jacobian, 0, sizeof (double) * n * n);
  ok = run_outputs (sim, &sim->program->continuous_list);
  if (ok)
    {
      block->nevprt = 0;
      orr_sim_call (sim, b, ORR_JOB_JACOBIAN);
      ok = !sim->failed;
    }
  leave_trial (sim, saved);
  if (!ok)
    return -1;

  memcpy (jac, block->jacobian, sizeof (double) * n * n);
  /* An explicit block gives d(x')/dx; as a residual x'_block - x' its
   * Jacobian gains -cj on the diagonal. */
  if (xd != NULL && !sim->program->blocks[b].implicit)
    for (int i = 0; i < n; i++)
      jac[(gsize) i * n + i] -= cj;
  return 0;
}

/* ---- setup --------------------------------------------------------------- */

static OrrSolverMethod
choose_method (OrrSimulation *sim)
{
  const char *name = sim->program->settings.solver;

  if (sim->dae || g_strcmp0 (name, "ida") == 0)
    return ORR_SOLVER_DAE;
  if (g_strcmp0 (name, "cvode-adams") == 0)
    return ORR_SOLVER_ADAMS;
  if (g_strcmp0 (name, "cvode-adams-fixedpoint") == 0)
    return ORR_SOLVER_ADAMS_FIXED_POINT;
  /* "auto", "cvode-bdf", and backends still to come. */
  return ORR_SOLVER_BDF;
}

gboolean
orr_sim_continuous_setup (OrrSimulation *sim, GError **error)
{
  const OrrProgram *program = sim->program;
  const OrrSettings *settings = &program->settings;
  OrrSolverOptions options = { 0 };
  double span = settings->final_time - settings->start_time;

  options.method = choose_method (sim);
  sim->dae = options.method == ORR_SOLVER_DAE;
  options.n = sim->n_solver;
  options.ng = program->ng;
  options.rtol = settings->rtol > 0 ? settings->rtol : 1e-6;
  options.atol = settings->atol > 0 ? settings->atol : 1e-8;
  /* Automatic: a hundredth of the run, so that sinks get points and
   * short-lived crossings are not stepped over. */
  options.max_step
    = settings->max_step > 0 ? settings->max_step : (span > 0 && isfinite (span) ? span / 100 : 0);
  options.band_lower = program->jacobian_lower;
  options.band_upper = program->jacobian_upper;
  options.rhs = sim_rhs;
  options.residual = sim_residual;
  options.roots = program->ng > 0 ? sim_roots : NULL;
  options.data = sim;

  /* An analytic Jacobian is only usable when one block can give all of
   * it; otherwise the solver's difference quotients do. */
  if (program->nx > 0 && program->derivative_list.n == 1
      && options.method != ORR_SOLVER_ADAMS_FIXED_POINT)
    {
      const OrrProgramBlock *pb = &program->blocks[program->derivative_list.items[0].block];

      sim->use_jacobian = pb->analytic_jacobian && pb->nx == program->nx;
    }
  if (sim->use_jacobian)
    options.jacobian = sim_jacobian;

  sim->solver = orr_solver_new (&options, error);
  return sim->solver != NULL;
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
  ok = run_outputs (sim, &sim->program->continuous_list)
       && run_job (sim, &sim->program->surface_list, ORR_JOB_ZERO_CROSSINGS);
  sim->time.phase = saved_phase;
  return ok;
}

static void
copy_from_solver (OrrSimulation *sim)
{
  const double *x = orr_solver_get_x (sim->solver);
  const double *xd = orr_solver_get_xd (sim->solver);

  memcpy (sim->x, x, sizeof (double) * sim->n_solver);
  if (xd != NULL)
    for (int i = 0; i < sim->program->nx; i++)
      if (sim->implicit_state[i])
        sim->xd[i] = xd[i];
}

static gboolean check_finite (OrrSimulation *sim);

static gboolean
restart_solver (OrrSimulation *sim, double target)
{
  g_autoptr (GError) error = NULL;
  double t = sim->time.t;
  double h0 = 0;

  /* A jump may have written NaN into a state: say who, before the
   * solver fails on it without knowing. */
  if (!check_finite (sim) || !compute_modes (sim))
    return FALSE;

  /* Right after a zero crossing, a first step longer than the interval
   * since the previous crossing may step over the next pair of crossings
   * altogether (a bouncing ball near rest): bound it. */
  if (sim->last_root_time == t && sim->last_root_interval > 0)
    h0 = MIN (sim->last_root_interval / 8, target - t);

  if (!orr_solver_restart (sim->solver, t, sim->x, sim->dae ? sim->xd : NULL, target, h0, &error))
    {
      orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s", error->message);
      return FALSE;
    }
  if (sim->dae)
    {
      /* The solver made x' (and algebraic states) consistent. */
      copy_from_solver (sim);
      if (!orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, FALSE))
        return FALSE;
    }

  if (sim->solver_started)
    sim->stats.restarts++;
  sim->solver_started = TRUE;
  sim->need_restart = FALSE;
  sim->outputs_stale = FALSE;
  return TRUE;
}

static gboolean
check_finite (OrrSimulation *sim)
{
  for (int i = 0; i < sim->program->nx; i++)
    if (!isfinite (sim->x[i]))
      {
        int b = sim->state_owner[i];
        const char *path = b >= 0 ? sim->program->blocks[b].path : NULL;

        orr_sim_fail (
          sim, ORR_SIM_ERROR_NUMERIC, "%s: the continuous state %d became %s at t = %.10g s",
          path != NULL ? path : "?", b >= 0 ? i - sim->program->blocks[b].x_offset + 1 : i + 1,
          isnan (sim->x[i]) ? "NaN" : "infinite", sim->time.t);
        return FALSE;
      }
  return TRUE;
}

static gboolean
accept_point (OrrSimulation *sim, double t)
{
  copy_from_solver (sim);
  orr_sim_set_time (sim, t);
  sim->stats.steps++;
  if (!check_finite (sim))
    return FALSE;
  sim->outputs_stale = FALSE;
  return orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, TRUE);
}

static gboolean
surfaces_crossed (OrrSimulation *sim, int b)
{
  const OrrProgramBlock *pb = &sim->program->blocks[b];

  for (int i = 0; i < pb->ng; i++)
    if (sim->jroot[pb->g_offset + i] != 0)
      return TRUE;
  return FALSE;
}

/* A located crossing: the blocks whose surfaces crossed get their event
 * and state-update jobs with nevprt = -1, all events first so that every
 * one of them sees the states before the jumps. */
static gboolean
handle_root (OrrSimulation *sim, double t)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *surfaces = &program->surface_list;
  gboolean ok = TRUE;

  copy_from_solver (sim);
  orr_sim_set_time (sim, t);
  sim->stats.zero_crossings++;
  if (!isnan (sim->last_root_time))
    sim->last_root_interval = t - sim->last_root_time;
  sim->last_root_time = t;

  orr_solver_get_roots (sim->solver, sim->jroot);
  orr_sim_zeno_note_crossings (sim);
  if (!check_finite (sim) || !orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, FALSE))
    return FALSE;

  for (int i = 0; i < surfaces->n && ok; i++)
    {
      int b = surfaces->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];
      g_autofree char *what = NULL;

      if (!surfaces_crossed (sim, b))
        continue;
      what = g_strdup_printf ("the zero-crossing surface of %s", pb->path);
      ok = orr_sim_zeno_check (sim, &sim->block_bursts[b], what);
      if (ok && pb->kind == ORR_BLOCK_ORDINARY && pb->n_evout > 0)
        {
          sim->blocks[b].nevprt = -1;
          ok = orr_sim_schedule_events (sim, b);
        }
    }

  for (int i = 0; i < surfaces->n && ok; i++)
    {
      int b = surfaces->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!surfaces_crossed (sim, b) || pb->kind != ORR_BLOCK_ORDINARY
          || (pb->nx == 0 && pb->nz == 0 && pb->noz == 0))
        continue;
      sim->blocks[b].nevprt = -1;
      orr_sim_call (sim, b, ORR_JOB_STATE_UPDATE);
      ok = !sim->failed;
    }

  memset (sim->jroot, 0, sizeof (int) * program->ng);
  /* Even without a jump, modes may change at a crossing. */
  sim->need_restart = TRUE;
  sim->outputs_stale = TRUE;
  return ok;
}

static void
report_failure (OrrSimulation *sim, const GError *error)
{
  const OrrProgram *program = sim->program;
  int worst = orr_solver_worst_component (sim->solver);
  int b = worst >= 0 && worst < program->nx ? sim->state_owner[worst] : -1;
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

  if (sim->need_restart && !restart_solver (sim, target))
    return ORR_ADVANCE_ENDED;

  sim->time.modes_fixed = TRUE;
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      double t = sim->time.t;
      OrrSolverStatus status = orr_solver_step (sim->solver, target, &t, &error);

      if (status == ORR_SOLVER_STEP)
        {
          if (accept_point (sim, t) && orr_sim_check_pause (sim))
            continue;
          break;
        }
      if (status == ORR_SOLVER_STOP)
        {
          if (accept_point (sim, target))
            result = ORR_ADVANCE_REACHED;
          break;
        }
      if (status == ORR_SOLVER_ROOT)
        {
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
