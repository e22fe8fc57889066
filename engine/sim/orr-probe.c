/* orr-probe.c: evaluating a simulation at chosen states instead of
 * running it (orr-probe.h), for linearization and equilibrium points.
 * The beginning and the end mirror orr_simulation_run(); in between, the
 * caller sets states and reads signals, and each evaluation is one pass
 * of the continuous-time blocks as a solver's trial point would make.
 *
 * DESIGN: owns nothing of the run's state; a driver beside the run loop
 * that, like it, sets the time and phase blocks see and counts the blocks
 * initialised (sim->time, sim->n_initialised), and asks the other parts
 * through their functions. */

#include <string.h>

#include <orrery/orr-probe.h>

#include "orr-sim-private.h"

static gboolean
take_error (OrrSimulation *sim, GError **error)
{
  /* The next evaluation starts afresh: a failure at one trial point (a
   * step outside a block's domain) need not end the analysis. */
  return orr_sim_take_failure (sim, error);
}

gboolean
orr_simulation_probe_begin (OrrSimulation *sim, GError **error)
{
  const OrrProgram *program;

  g_return_val_if_fail (sim != NULL, FALSE);
  program = sim->program;
  if (sim->failed || sim->n_initialised > 0)
    {
      g_set_error_literal (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                           sim->error != NULL ? sim->error->message
                                              : "this simulation has already been started");
      return FALSE;
    }

  sim->time.start_time = program->settings.start_time;
  sim->time.final_time = program->settings.final_time;
  sim->time.alpha = 1.0;
  sim->time.beta = 0.0;
  sim->time.modes_fixed = FALSE;
  orr_sim_set_time (sim, program->settings.start_time);

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];
      OrrSimBlock *block = &sim->blocks[b];

      if (pb->nx > 0 && pb->x0 != NULL)
        memcpy (block->x, pb->x0, sizeof (double) * pb->nx);
      if (pb->nz > 0 && pb->z0 != NULL)
        memcpy (block->z, pb->z0, sizeof (double) * pb->nz);
    }

  sim->time.phase = ORR_PHASE_INIT;
  for (int b = 0; b < program->n_blocks && !sim->failed; b++)
    {
      sim->n_initialised = b + 1;
      orr_sim_call (sim, b, ORR_JOB_INIT);
    }
  for (int i = 0; i < program->init_list.n && !sim->failed; i++)
    {
      int b = program->init_list.items[i].block;

      if (!orr_sim_callable (program->blocks[b].kind))
        continue;
      sim->blocks[b].nevprt = program->init_list.items[i].nevprt;
      orr_sim_call (sim, b, ORR_JOB_OUTPUTS);
    }
  sim->time.phase = ORR_PHASE_EVENT;
  return take_error (sim, error);
}

void
orr_simulation_probe_end (OrrSimulation *sim)
{
  g_return_if_fail (sim != NULL);
  sim->time.phase = ORR_PHASE_TERMINATE;
  for (int b = 0; b < sim->n_initialised; b++)
    orr_sim_call (sim, b, ORR_JOB_TERMINATE);
  orr_sim_free_work (sim);
  sim->n_initialised = 0;
  /* like a finished run: a probed simulation is not run afterwards */
  orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "this simulation has been probed; create a new one");
}

double *
orr_simulation_probe_states (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, NULL);
  return sim->cont.x;
}

double *
orr_simulation_probe_discrete_states (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, NULL);
  return sim->z;
}

gpointer
orr_simulation_probe_buffer (OrrSimulation *sim, int buffer)
{
  g_return_val_if_fail (sim != NULL, NULL);
  g_return_val_if_fail (buffer >= 0 && buffer < sim->program->n_buffers, NULL);
  return sim->arena + sim->program->buffers[buffer].offset;
}

static gboolean
eval_at (OrrSimulation *sim, double t, const double *held, double *xdot, GError **error)
{
  const OrrProgram *program = sim->program;
  gboolean ok;

  sim->time.t = t;
  sim->time.phase = ORR_PHASE_TRIAL;
  sim->time.modes_fixed = FALSE;
  sim->time.alpha = 1.0;
  sim->time.beta = 0.0;
  ok = orr_sim_run_outputs (sim, &program->continuous_list);
  for (int i = 0; i < program->derivative_list.n && ok; i++)
    {
      int b = program->derivative_list.items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];
      gboolean hold = held != NULL && pb->analytic_jacobian && pb->nx > 0;
      g_autofree double *trial = NULL;

      if (!orr_sim_callable (pb->kind))
        continue;
      if (hold)
        {
          trial = g_memdup2 (sim->cont.x + pb->x_offset, sizeof (double) * pb->nx);
          memcpy (sim->cont.x + pb->x_offset, held + pb->x_offset, sizeof (double) * pb->nx);
        }
      sim->blocks[b].nevprt = program->derivative_list.items[i].nevprt;
      orr_sim_call (sim, b, ORR_JOB_DERIVATIVES);
      if (hold)
        memcpy (sim->cont.x + pb->x_offset, trial, sizeof (double) * pb->nx);
      ok = !sim->failed;
    }
  sim->time.phase = ORR_PHASE_EVENT;
  if (!take_error (sim, error))
    return FALSE;
  if (xdot != NULL && program->nx > 0)
    memcpy (xdot, sim->cont.xd, sizeof (double) * program->nx);
  return TRUE;
}

gboolean
orr_simulation_probe_eval (OrrSimulation *sim, double t, double *xdot, GError **error)
{
  g_return_val_if_fail (sim != NULL, FALSE);
  return eval_at (sim, t, NULL, xdot, error);
}

gboolean
orr_simulation_probe_eval_held (OrrSimulation *sim, double t, const double *held, double *xdot,
                                GError **error)
{
  g_return_val_if_fail (sim != NULL && held != NULL, FALSE);
  return eval_at (sim, t, held, xdot, error);
}

gboolean
orr_simulation_probe_block_jacobian (OrrSimulation *sim, int b, double t, double *jacobian,
                                     GError **error)
{
  const OrrProgramBlock *pb;
  OrrSimBlock *block;
  int n;

  g_return_val_if_fail (sim != NULL && b >= 0 && b < sim->program->n_blocks, FALSE);
  pb = &sim->program->blocks[b];
  block = &sim->blocks[b];
  n = pb->nx;
  g_return_val_if_fail (pb->analytic_jacobian && block->jacobian != NULL, FALSE);
  /* the block's inputs at these states */
  if (!eval_at (sim, t, NULL, NULL, error))
    return FALSE;
  sim->time.t = t;
  sim->time.phase = ORR_PHASE_TRIAL;
  memset (block->jacobian, 0, sizeof (double) * n * n);
  block->nevprt = 0;
  orr_sim_call (sim, b, ORR_JOB_JACOBIAN);
  sim->time.phase = ORR_PHASE_EVENT;
  if (!take_error (sim, error))
    return FALSE;
  memcpy (jacobian, block->jacobian, sizeof (double) * n * n);
  return TRUE;
}

gboolean
orr_simulation_probe_fire (OrrSimulation *sim, int source, double t, GError **error)
{
  g_return_val_if_fail (sim != NULL, FALSE);
  g_return_val_if_fail (source >= 0 && source < sim->program->n_sources, FALSE);
  sim->time.t = t;
  sim->time.phase = ORR_PHASE_EVENT;
  orr_sim_run_list (sim, &sim->program->sources[source].list);
  return take_error (sim, error);
}
