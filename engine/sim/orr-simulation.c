/* orr-simulation.c: one run of a compiled program: run-time memory, the
 * initialisation sequence and the main loop that alternates integration
 * and events (the controls other threads use are in orr-sim-control.c).
 *
 * DESIGN: owns the life cycle: run-time memory carved out at creation (blocks,
 * ports, buffers, states), the initialisation sequence, the main loop
 * that alternates integration (orr-continuous.c) and events
 * (orr-activation.c), the end of a run and the public accessors.
 */

#include <float.h>
#include <math.h>
#include <string.h>

#include "orr-sim-private.h"
#include "orr-loops.h"

/* ---- memory ------------------------------------------------------------ */

/* The compiler is trusted, but an inconsistent program would make blocks
 * write out of bounds; a clear error is cheaper than a corrupted heap. */
static gboolean
check_program (const OrrProgram *program, GError **error)
{
  for (int i = 0; i < program->n_buffers; i++)
    {
      const OrrBufferInfo *info = &program->buffers[i];

      if (info->offset + info->size > program->buffer_bytes
          || (gsize)info->rows * info->cols * orr_type_element_size (info->type) > info->size)
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                       "internal error: link buffer %d does not fit the buffer memory", i);
          return FALSE;
        }
    }

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];
      gboolean ok = TRUE;

      for (int i = 0; i < pb->n_in; i++)
        ok = ok && pb->in[i].buffer >= -1 && pb->in[i].buffer < program->n_buffers;
      for (int i = 0; i < pb->n_out; i++)
        ok = ok && pb->out[i] >= 0 && pb->out[i] < program->n_buffers;
      for (int i = 0; i < pb->n_evout; i++)
        ok = ok && pb->evout_source != NULL && pb->evout_source[i] >= -1
             && pb->evout_source[i] < program->n_sources;
      ok = ok && pb->nx >= 0
           && (pb->nx == 0 || (pb->x_offset >= 0 && pb->x_offset + pb->nx <= program->nx));
      ok = ok && pb->ng >= 0
           && (pb->ng == 0 || (pb->g_offset >= 0 && pb->g_offset + pb->ng <= program->ng));
      ok = ok && pb->nmode >= 0
           && (pb->nmode == 0
               || (pb->mode_offset >= 0 && pb->mode_offset + pb->nmode <= program->nmode));
      ok = ok && pb->nz >= 0 && pb->noz >= 0;
      if (!ok)
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                       "internal error: block %s has inconsistent ports or state offsets",
                       pb->path != NULL ? pb->path : "?");
          return FALSE;
        }
    }

  for (int s = 0; s < program->n_sources; s++)
    for (int i = 0; i < program->sources[s].list.n; i++)
      if (program->sources[s].list.items[i].block < 0
          || program->sources[s].list.items[i].block >= program->n_blocks)
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                       "internal error: activation list of source %d names block %d", s,
                       program->sources[s].list.items[i].block);
          return FALSE;
        }

  {
    const OrrActivationList *lists[] = { &program->init_list, &program->continuous_list,
                                         &program->surface_list, &program->derivative_list };

    for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
      for (int i = 0; i < lists[l]->n; i++)
        if (lists[l]->items[i].block < 0 || lists[l]->items[i].block >= program->n_blocks)
          {
            g_set_error_literal (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                                 "internal error: a scheduling list names a missing block");
            return FALSE;
          }
  }
  return TRUE;
}

static void
init_port (OrrPortBuffer *port, const OrrBufferInfo *info, guint8 *arena)
{
  port->rows = info->rows;
  port->cols = info->cols;
  port->type = info->type;
  port->data = arena + info->offset;
}

static void
init_object_state (OrrPortBuffer *port, OrrValue *value)
{
  OrrType type = value != NULL ? orr_value_get_type_id (value) : ORR_TYPE_DOUBLE;

  port->type = type;
  if (value == NULL)
    {
      port->rows = port->cols = 0;
      port->data = NULL;
    }
  else if (type == ORR_TYPE_STRING)
    {
      port->rows = port->cols = 1;
      port->data = g_strdup (orr_value_get_string (value));
    }
  else
    {
      gsize bytes = orr_value_numel (value) * orr_type_element_size (type);

      port->rows = orr_value_rows (value);
      port->cols = orr_value_cols (value);
      port->data = bytes > 0 ? g_memdup2 (orr_value_data (value), bytes) : NULL;
    }
}

OrrSimulation *
orr_simulation_new (const OrrProgram *program)
{
  OrrSimulation *sim;
  g_autoptr (GError) error = NULL;
  int n_ports = 0, n_oz = 0, n_evout = 0, nz = 0;
  gsize n_jac = 0;
  OrrPortBuffer *port, *oz;
  double *z, *evout, *jac;

  g_return_val_if_fail (program != NULL, NULL);

  sim = g_new0 (OrrSimulation, 1);
  sim->program = program;
  sim->base = orr_base_new ();
  orr_sim_control_init (sim);
  orr_sim_retune_setup (sim);

  sim->blocks = g_new0 (OrrSimBlock, MAX (program->n_blocks, 1));
  orr_sim_block_runtime_setup (sim);

  if (!check_program (program, &error))
    {
      sim->error = g_steal_pointer (&error);
      sim->failed = TRUE;
      return sim;
    }

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      n_ports += pb->n_in + pb->n_out;
      n_oz += pb->noz;
      n_evout += pb->n_evout;
      nz += pb->nz;
      if (pb->analytic_jacobian)
        n_jac += (gsize)pb->nx * pb->nx;
    }

  sim->arena = g_aligned_alloc0 (MAX (program->buffer_bytes, 16), 1, 16);
  sim->zeros = g_aligned_alloc0 (MAX (program->max_input_bytes, 64), 1, 16);
  sim->ports = g_new0 (OrrPortBuffer, MAX (n_ports, 1));
  sim->object_states = g_new0 (OrrPortBuffer, MAX (n_oz, 1));
  sim->z = g_new0 (double, MAX (nz, 1));
  sim->evout = g_new0 (double, MAX (n_evout, 1));
  sim->jacobians = g_new0 (double, MAX (n_jac, 1));
  orr_sim_continuous_alloc (sim);
  orr_sim_event_crossings_setup (sim);
  orr_sim_zeno_setup (sim);

  port = sim->ports;
  oz = sim->object_states;
  z = sim->z;
  evout = sim->evout;
  jac = sim->jacobians;

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];
      OrrSimBlock *block = &sim->blocks[b];

      block->n_in = pb->n_in;
      block->in = port;
      for (int i = 0; i < pb->n_in; i++, port++)
        {
          if (pb->in[i].buffer >= 0)
            init_port (port, &program->buffers[pb->in[i].buffer], sim->arena);
          else
            {
              /* An unconnected input reads the shared zeros, with the size
               * and type the compiler resolved for it (1x1 double when a
               * hand-built program leaves them out). */
              port->rows = MAX (pb->in[i].rows, 1);
              port->cols = MAX (pb->in[i].cols, 1);
              port->type = pb->in[i].rows > 0 ? pb->in[i].type : ORR_TYPE_DOUBLE;
              port->data = sim->zeros;
            }
        }
      block->n_out = pb->n_out;
      block->out = port;
      for (int i = 0; i < pb->n_out; i++, port++)
        init_port (port, &program->buffers[pb->out[i]], sim->arena);

      block->nx = pb->nx;
      if (pb->nx > 0)
        {
          block->x = sim->cont.x + pb->x_offset;
          block->xd = sim->cont.xd + pb->x_offset;
          block->res = sim->cont.res + pb->x_offset;
          if (pb->analytic_jacobian)
            {
              block->jacobian = jac;
              jac += (gsize)pb->nx * pb->nx;
            }
        }

      block->nz = pb->nz;
      block->z = pb->nz > 0 ? z : NULL;
      z += pb->nz;
      block->noz = pb->noz;
      block->oz = pb->noz > 0 ? oz : NULL;
      for (int i = 0; i < pb->noz; i++, oz++)
        init_object_state (oz, pb->oz0 != NULL ? pb->oz0[i] : NULL);

      block->n_rpar = pb->n_rpar;
      block->rpar = pb->rpar;
      block->n_ipar = pb->n_ipar;
      block->ipar = pb->ipar;
      block->n_opar = pb->n_opar;
      block->opar = (OrrValue *const *)pb->opar;

      block->ng = pb->ng;
      block->g = pb->ng > 0 ? sim->zc.g + pb->g_offset : NULL;
      block->jroot = pb->ng > 0 ? sim->zc.jroot + pb->g_offset : NULL;
      block->nmode = pb->nmode;
      block->mode = pb->nmode > 0 ? sim->zc.modes + pb->mode_offset : NULL;

      block->n_evin = pb->n_evin;
      block->n_evout = pb->n_evout;
      block->evout = pb->n_evout > 0 ? evout : NULL;
      evout += pb->n_evout;

      block->time = &sim->time;
      block->path = pb->path;
      block->sim = sim;
      block->index = b;
    }

  if (!orr_sim_activation_setup (sim, &error))
    {
      sim->error = g_steal_pointer (&error);
      sim->failed = TRUE;
    }
  return sim;
}

void
orr_simulation_free (OrrSimulation *sim)
{
  if (sim == NULL)
    return;

  orr_sim_continuous_free (sim);
  g_clear_pointer (&sim->loops, orr_sim_loops_free);
  orr_sim_block_runtime_free (sim);
  orr_sim_activation_free (sim);
  orr_sim_zeno_free (sim);
  orr_sim_event_crossings_free (sim);
  orr_sim_retune_free (sim);

  if (sim->object_states != NULL)
    {
      int k = 0;

      for (int b = 0; b < sim->program->n_blocks; b++)
        for (int i = 0; i < sim->program->blocks[b].noz; i++, k++)
          g_free (sim->object_states[k].data);
    }

  g_aligned_free (sim->arena);
  g_aligned_free (sim->zeros);
  g_free (sim->ports);
  g_free (sim->object_states);
  g_free (sim->z);
  g_free (sim->evout);
  g_free (sim->jacobians);
  g_free (sim->blocks);
  g_clear_error (&sim->error);
  orr_base_unref (sim->base);
  orr_sim_control_clear (sim);
  g_free (sim);
}

/* ---- the run ----------------------------------------------------------- */

static void
load_initial_states (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];
      OrrSimBlock *block = &sim->blocks[b];

      if (pb->nx > 0 && pb->x0 != NULL)
        memcpy (block->x, pb->x0, sizeof (double) * pb->nx);
      if (pb->nz > 0 && pb->z0 != NULL)
        memcpy (block->z, pb->z0, sizeof (double) * pb->nz);
    }
}

static gboolean
initialise (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  sim->time.phase = ORR_PHASE_INIT;
  for (int b = 0; b < program->n_blocks && !sim->failed; b++)
    {
      sim->n_initialised = b + 1;
      orr_sim_call (sim, b, ORR_JOB_INIT);
    }
  if (sim->failed)
    return FALSE;

  /* Constant and always-active blocks get their first outputs, so that
   * the events at the start time read defined signals. */
  for (int i = 0; i < program->init_list.n && !orr_sim_must_end (sim); i++)
    {
      int b = program->init_list.items[i].block;

      if (!orr_sim_callable (program->blocks[b].kind))
        continue;
      orr_sim_set_nevprt (sim, b, program->init_list.items[i].nevprt);
      orr_sim_call (sim, b, ORR_JOB_OUTPUTS);
      /* (a DAE's initial algebraic states are only a guess until the
       * solver makes them consistent, and its outputs checked then) */
      if (!sim->failed && (!sim->cont.dae || program->blocks[b].constant))
        orr_sim_check_block_finite (sim, b);
    }
  return !orr_sim_must_end (sim);
}

/* Fires the next agenda event, which is due now. */
static gboolean
process_next_event (OrrSimulation *sim)
{
  double te;
  int slot;

  slot = orr_sim_take_next_event (sim, &te);
  /* An earlier activation at this time changed something the continuous
   * part reads, or only part of it was computed at the last accepted
   * point: event-driven blocks must see what they read up to date. */
  if (sim->cont.continuous && !orr_sim_refresh_outputs_for (sim, slot))
    return FALSE;
  /* A fixed-step run handles events at the end of the step they fall
   * in: the time is that grid point, not the event's own time. */
  if (!sim->cont.fixed_step && te > sim->time.t)
    orr_sim_set_time (sim, te);
  /* Before anything acts at a new event time, blocks that want them
   * take their inputs' left limits. */
  if (!orr_sim_run_left_limit_hooks (sim))
    return FALSE;
  return orr_sim_fire (sim, slot);
}

/* When an event at te is handled: at te, or for fixed-step solvers at the
 * end of the step it falls in (the last step ends at the final time). */
static double
handling_time (OrrSimulation *sim, double te)
{
  double final = sim->time.final_time;

  if (!sim->cont.fixed_step || !isfinite (te))
    return te;
  if (te > final + orr_sim_time_tolerance (final))
    return te;
  return MIN (orr_sim_grid_ceil (sim, te), final);
}

static void
main_loop (OrrSimulation *sim)
{
  const double final = sim->time.final_time;

  sim->time.phase = ORR_PHASE_EVENT;
  orr_sim_request_restart (sim);

  while (orr_sim_boundary (sim))
    {
      double t = sim->time.t;
      double te = orr_sim_next_event_time (sim);
      double th = handling_time (sim, te);
      double deadline = orr_sim_zeno_deadline (sim);
      double target;

      if (th <= t + orr_sim_time_tolerance (t) && te <= final + orr_sim_time_tolerance (final))
        {
          /* Surfaces that change sign across the event crossed now. */
          if (!orr_sim_event_crossings_before (sim) || !process_next_event (sim)
              || !orr_sim_event_crossings_after (sim))
            break;
          continue;
        }
      if (t >= final)
        break;
      if (t >= deadline)
        {
          if (!orr_sim_zeno_check_deadline (sim))
            break;
          continue;
        }

      target = MIN (MIN (th, final), handling_time (sim, deadline));
      if (sim->cont.continuous)
        {
          /* A paced run integrates in slices that keep the streams
           * flowing with the wall clock (orr-pacing.c). */
          double slice = orr_sim_pacing_slice (sim);

          if (t + slice < target)
            target
              = sim->cont.fixed_step ? MIN (target, orr_sim_grid_ceil (sim, t + slice)) : t + slice;
        }
      if (!isfinite (target))
        {
          /* An endless run with nothing scheduled: integrate in long
           * stretches rather than toward infinity. */
          target = t + 1e3 * MAX (1.0, fabs (t));
          if (sim->cont.fixed_step)
            target = orr_sim_grid_ceil (sim, target);
        }
      if (target - t <= orr_sim_time_tolerance (t) || !sim->cont.continuous)
        {
          /* Nothing to integrate, or an interval too short for the solver
           * (rounding between event times): time just moves on, when
           * paced once the wall clock is there. */
          if (orr_sim_paced (sim) && !orr_sim_pace_to (sim, target))
            break;
          orr_sim_set_time (sim, target);
          continue;
        }
      switch (orr_sim_advance (sim, target))
        {
          case ORR_ADVANCE_ENDED:
            return;
          case ORR_ADVANCE_ROOT:
            /* the crossing's own jumps may flip other surfaces */
            if (!orr_sim_event_crossings_after (sim))
              return;
            break;
          case ORR_ADVANCE_REACHED:
          default:
            break;
        }
    }
}

static void
terminate (OrrSimulation *sim)
{
  sim->time.phase = ORR_PHASE_TERMINATE;
  for (int b = 0; b < sim->n_initialised; b++)
    orr_sim_call (sim, b, ORR_JOB_TERMINATE);
  orr_sim_free_work (sim);
}

gboolean
orr_simulation_run (OrrSimulation *sim, GError **error)
{
  const OrrSettings *settings;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (sim != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (sim->failed)
    {
      /* The program was inconsistent, or the simulation already ran. */
      if (sim->error != NULL)
        g_propagate_error (error, g_error_copy (sim->error));
      return FALSE;
    }

  settings = &sim->program->settings;
  sim->time.start_time = settings->start_time;
  sim->time.final_time = settings->final_time;
  sim->time.phase = ORR_PHASE_INIT;
  sim->time.modes_fixed = FALSE;
  sim->time.alpha = 1.0;
  sim->time.beta = 0.0;
  orr_sim_set_time (sim, settings->start_time);
  orr_sim_pacing_start (sim);

  if (!(settings->final_time >= settings->start_time))
    orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER,
                  "the final time (%g s) is before the start time (%g s)", settings->final_time,
                  settings->start_time);
  else if (!orr_sim_choose_solver (sim, &local_error))
    orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s", local_error->message);
  else if (!orr_sim_continuous_setup (sim, &local_error))
    orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER, "%s", local_error->message);

  if (!sim->failed)
    {
      load_initial_states (sim);
      if (initialise (sim) && orr_sim_exit_init (sim))
        main_loop (sim);
      terminate (sim);
    }

  sim->stats.final_time = sim->time.t;
  sim->stats.stopped = !sim->failed && g_atomic_int_get (&sim->ctl.stop_requested);
  sim->stats.restart = !sim->failed && sim->req.restart_requested && !sim->req.block_stop;

  if (sim->failed)
    {
      if (sim->error != NULL)
        g_propagate_error (error, g_error_copy (sim->error));
      else
        g_set_error_literal (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER, "the simulation failed");
      return FALSE;
    }
  /* A second run would start from stale states; refuse it clearly. */
  sim->failed = TRUE;
  sim->error = g_error_new_literal (ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                                    "this simulation has already run; create a new one");
  return TRUE;
}

const OrrSimStats *
orr_simulation_get_stats (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, NULL);

  return &sim->stats;
}

gboolean
orr_simulation_restart_requested (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, FALSE);

  return sim->stats.restart;
}

const char *
orr_simulation_get_restart_block (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, NULL);

  return sim->stats.restart ? sim->req.restart_block : NULL;
}

void
orr_simulation_set_base (OrrSimulation *sim, OrrBase *base)
{
  g_return_if_fail (sim != NULL && base != NULL);

  orr_base_ref (base);
  orr_base_unref (sim->base);
  sim->base = base;
}

OrrBase *
orr_simulation_get_base (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, NULL);

  return sim->base;
}
