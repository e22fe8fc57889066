/* orr-event-crossings.c: zero crossings that happen at events
 * (SEMANTICS section 6), and calling the blocks whose surfaces crossed.
 *
 * The solver's root finding only sees a surface change sign while it
 * integrates. A surface may also change sign *at* an event: a SquareWave's
 * edge or a clock tick changes the input of a ZeroCrossUp, an Integrator's
 * state jumps through zero. The solver then restarts with the surface
 * already on the other side and would never report the crossing. So the
 * surfaces are compared across every event iteration: their values just
 * before it (at a located root, the left limit, with the modes the solver
 * held) and just after it (outputs recomputed). A sign change there is a
 * crossing at that instant: the block gets it as the solver would have
 * reported it (nevprt = -1, jroot), as one more event iteration at the same
 * time, and the comparison goes on until nothing changes sign any more.
 * The Zeno burst of the block counts these crossings like located ones,
 * so a crossing that keeps undoing itself ends the run with an error.
 *
 * Direction, as the solvers see it: rising when the surface goes from < 0
 * to >= 0, falling from > 0 to <= 0. Leaving zero is no crossing (reaching
 * it was one). Only blocks without modes and without states of their own
 * are compared: their surfaces are functions of time and of their inputs,
 * so a jump is the watched signal jumping (ZeroCrossUp and its kin). A
 * block with modes redefines its surfaces when it changes mode (a
 * SquareWave's "time to the next edge" starts afresh at each edge) and
 * chooses its modes again after every event anyway; a block with states
 * jumps them in answer to its own crossings (a bouncing ball's velocity
 * turning positive at impact is the bounce, not an apex). Their jumps are
 * theirs to interpret.
 *
 * DESIGN: owns zero crossings and modes, sim->zc (OrrSimCrossings), with
 * orr-zeno.c: it allocates the surfaces, located roots and modes the
 * blocks point into, the block burst counters, and keeps the surfaces'
 * values before and after an event iteration and the crossings they
 * reveal (plain_surfaces, g_before, g_located, crossing_fire).
 */

#include <string.h>

#include "orr-sim-private.h"

/* A sign change across an event: +1 rising, -1 falling, 0 none. */
static int
crossing_direction (double before, double after)
{
  if (before < 0 && after >= 0)
    return 1;
  if (before > 0 && after <= 0)
    return -1;
  return 0;
}

/* The same, leaving out the direction the block said it ignores
 * (orr_config_set_surface_direction), as the solver does. */
static int
wanted_crossing (const OrrProgramBlock *pb, double before, double after)
{
  int direction = crossing_direction (before, after);

  return pb->g_direction == 0 || direction == pb->g_direction ? direction : 0;
}

void
orr_sim_event_crossings_setup (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *surfaces = &program->surface_list;

  sim->zc.plain_surfaces = g_new (int, MAX (surfaces->n, 1));
  for (int i = 0; i < surfaces->n; i++)
    {
      int b = surfaces->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->kind == ORR_BLOCK_ORDINARY && pb->ng > 0 && pb->nmode == 0 && pb->nx == 0
          && pb->nz == 0 && pb->noz == 0 && pb->klass != NULL && pb->klass->simulate != NULL)
        sim->zc.plain_surfaces[sim->zc.n_plain_surfaces++] = b;
    }
  sim->zc.g = g_new0 (double, MAX (program->ng, 1));
  sim->zc.jroot = g_new0 (int, MAX (program->ng, 1));
  sim->zc.modes = g_new0 (int, MAX (program->nmode, 1));
  sim->zc.block_bursts = g_new0 (OrrBurst, MAX (program->n_blocks, 1));
  sim->zc.g_before = g_new0 (double, MAX (program->ng, 1));
  sim->zc.g_located = g_new0 (gboolean, MAX (program->ng, 1));
  sim->zc.crossing_fire = g_new0 (gboolean, MAX (program->n_blocks, 1));
}

void
orr_sim_event_crossings_free (OrrSimulation *sim)
{
  g_clear_pointer (&sim->zc.plain_surfaces, g_free);
  g_clear_pointer (&sim->zc.g_before, g_free);
  g_clear_pointer (&sim->zc.g_located, g_free);
  g_clear_pointer (&sim->zc.crossing_fire, g_free);
  g_clear_pointer (&sim->zc.g, g_free);
  g_clear_pointer (&sim->zc.jroot, g_free);
  g_clear_pointer (&sim->zc.modes, g_free);
  g_clear_pointer (&sim->zc.block_bursts, g_free);
}

gboolean
orr_sim_fire_crossings (OrrSimulation *sim, const gboolean *fire)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *surfaces = &program->surface_list;
  gboolean ok = TRUE;

  for (int i = 0; i < surfaces->n && ok; i++)
    {
      int b = surfaces->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!fire[b])
        continue;
      ok = orr_sim_zeno_check_block (sim, b);
      if (ok && pb->kind == ORR_BLOCK_ORDINARY && pb->n_evout > 0)
        {
          orr_sim_set_nevprt (sim, b, -1);
          ok = orr_sim_schedule_events (sim, b);
        }
    }

  for (int i = 0; i < surfaces->n && ok; i++)
    {
      int b = surfaces->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!fire[b] || pb->kind != ORR_BLOCK_ORDINARY
          || (pb->nx == 0 && pb->nz == 0 && pb->noz == 0))
        continue;
      orr_sim_set_nevprt (sim, b, -1);
      orr_sim_call (sim, b, ORR_JOB_STATE_UPDATE);
      ok = !sim->failed;
    }
  return ok;
}

/* The zero-crossing jobs of the blocks without modes, on the outputs as
 * they are now, at a trial phase: a block must not act on this look. */
static gboolean
eval_plain_surfaces (OrrSimulation *sim)
{
  OrrPhase saved_phase = sim->time.phase;
  gboolean saved_fixed = sim->time.modes_fixed;

  sim->time.phase = ORR_PHASE_TRIAL;
  sim->time.modes_fixed = sim->cont.use_modes;
  for (int i = 0; i < sim->zc.n_plain_surfaces && !sim->failed; i++)
    orr_sim_call (sim, sim->zc.plain_surfaces[i], ORR_JOB_ZERO_CROSSINGS);
  sim->time.phase = saved_phase;
  sim->time.modes_fixed = saved_fixed;
  return !sim->failed;
}

/* Copies the plain surfaces' values into g_before, stamped now. */
static void
remember_surfaces (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  for (int i = 0; i < sim->zc.n_plain_surfaces; i++)
    {
      const OrrProgramBlock *pb = &program->blocks[sim->zc.plain_surfaces[i]];

      memcpy (sim->zc.g_before + pb->g_offset, sim->zc.g + pb->g_offset, sizeof (double) * pb->ng);
    }
  sim->zc.g_before_valid = TRUE;
  sim->zc.g_before_time = sim->time.t;
}

gboolean
orr_sim_event_crossings_before (OrrSimulation *sim)
{
  if (sim->zc.n_plain_surfaces == 0
      || (sim->zc.g_before_valid && sim->zc.g_before_time == sim->time.t))
    return TRUE;
  /* At the end of an interval or at the start every output is up to date
   * (or is made so now, as the event would): the surfaces read the left
   * limits the event's blocks will read. */
  if (!orr_sim_refresh_outputs (sim) || !eval_plain_surfaces (sim))
    return FALSE;
  memset (sim->zc.g_located, 0, sizeof (gboolean) * sim->program->ng);
  remember_surfaces (sim);
  return TRUE;
}

gboolean
orr_sim_event_crossings_at_root (OrrSimulation *sim)
{
  if (sim->zc.n_plain_surfaces == 0)
    return TRUE;
  /* The outputs at the root as the solver saw them, modes held. */
  if (!orr_sim_eval_surfaces (sim))
    return FALSE;
  for (int i = 0; i < sim->program->ng; i++)
    sim->zc.g_located[i] = sim->zc.jroot[i] != 0;
  remember_surfaces (sim);
  return TRUE;
}

gboolean
orr_sim_event_crossings_after (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  if (sim->zc.n_plain_surfaces == 0)
    return TRUE;
  if (!sim->zc.g_before_valid)
    {
      /* No event iteration was watched (the run ended or failed). */
      return !orr_sim_must_end (sim);
    }

  while (!orr_sim_must_end (sim))
    {
      gboolean any = FALSE;

      if (!orr_sim_refresh_outputs (sim) || !eval_plain_surfaces (sim))
        return FALSE;
      memset (sim->zc.crossing_fire, 0, sizeof (gboolean) * program->n_blocks);
      for (int k = 0; k < sim->zc.n_plain_surfaces; k++)
        {
          int b = sim->zc.plain_surfaces[k];
          const OrrProgramBlock *pb = &program->blocks[b];

          for (int i = pb->g_offset; i < pb->g_offset + pb->ng; i++)
            if (!sim->zc.g_located[i]
                && wanted_crossing (pb, sim->zc.g_before[i], sim->zc.g[i]) != 0)
              sim->zc.crossing_fire[b] = TRUE;
          if (!sim->zc.crossing_fire[b])
            continue;
          /* The block sees this crossing's directions only, whatever an
           * earlier crossing at this instant left in its jroot. */
          for (int i = pb->g_offset; i < pb->g_offset + pb->ng; i++)
            sim->zc.jroot[i]
              = sim->zc.g_located[i] ? 0 : wanted_crossing (pb, sim->zc.g_before[i], sim->zc.g[i]);
          any = TRUE;
        }
      /* What the comparison saw is "before" for what comes next; a
       * located crossing is left out only once, right after its root. */
      memset (sim->zc.g_located, 0, sizeof (gboolean) * program->ng);
      remember_surfaces (sim);
      if (!any)
        return TRUE;

      sim->stats.zero_crossings++;
      if (!orr_sim_fire_crossings (sim, sim->zc.crossing_fire))
        return FALSE;
      /* A crossing may change modes and states: as after a located root. */
      orr_sim_request_restart (sim);
      orr_sim_mark_outputs_stale (sim);
    }
  return FALSE;
}
