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
 * DESIGN: owns zero crossings and modes across events: the surfaces' values
 * before and after an event iteration and the crossings they reveal
 * (sim->plain_surfaces, g_before, g_located, crossing_fire).
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

void
orr_sim_event_crossings_setup (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *surfaces = &program->surface_list;

  sim->plain_surfaces = g_new (int, MAX (surfaces->n, 1));
  for (int i = 0; i < surfaces->n; i++)
    {
      int b = surfaces->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->kind == ORR_BLOCK_ORDINARY && pb->ng > 0 && pb->nmode == 0 && pb->nx == 0
          && pb->nz == 0 && pb->noz == 0 && pb->klass != NULL && pb->klass->simulate != NULL)
        sim->plain_surfaces[sim->n_plain_surfaces++] = b;
    }
  sim->g_before = g_new0 (double, MAX (program->ng, 1));
  sim->g_located = g_new0 (gboolean, MAX (program->ng, 1));
  sim->crossing_fire = g_new0 (gboolean, MAX (program->n_blocks, 1));
}

void
orr_sim_event_crossings_free (OrrSimulation *sim)
{
  g_clear_pointer (&sim->plain_surfaces, g_free);
  g_clear_pointer (&sim->g_before, g_free);
  g_clear_pointer (&sim->g_located, g_free);
  g_clear_pointer (&sim->crossing_fire, g_free);
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
  sim->time.modes_fixed = sim->use_modes;
  for (int i = 0; i < sim->n_plain_surfaces && !sim->failed; i++)
    orr_sim_call (sim, sim->plain_surfaces[i], ORR_JOB_ZERO_CROSSINGS);
  sim->time.phase = saved_phase;
  sim->time.modes_fixed = saved_fixed;
  return !sim->failed;
}

/* Copies the plain surfaces' values into g_before, stamped now. */
static void
remember_surfaces (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  for (int i = 0; i < sim->n_plain_surfaces; i++)
    {
      const OrrProgramBlock *pb = &program->blocks[sim->plain_surfaces[i]];

      memcpy (sim->g_before + pb->g_offset, sim->g + pb->g_offset, sizeof (double) * pb->ng);
    }
  sim->g_before_valid = TRUE;
  sim->g_before_time = sim->time.t;
}

/* Brings every continuous output up to date after an event changed
 * something they read, as the next event would (process_next_event). */
static gboolean
refresh_outputs (OrrSimulation *sim)
{
  if (!sim->outputs_stale)
    return TRUE;
  if (!orr_sim_eval_continuous (sim, ORR_PHASE_EVENT, FALSE))
    return FALSE;
  sim->outputs_stale = FALSE;
  return TRUE;
}

gboolean
orr_sim_event_crossings_before (OrrSimulation *sim)
{
  if (sim->n_plain_surfaces == 0 || (sim->g_before_valid && sim->g_before_time == sim->time.t))
    return TRUE;
  /* At the end of an interval or at the start every output is up to date
   * (or is made so now, as the event would): the surfaces read the left
   * limits the event's blocks will read. */
  if (!refresh_outputs (sim) || !eval_plain_surfaces (sim))
    return FALSE;
  memset (sim->g_located, 0, sizeof (gboolean) * sim->program->ng);
  remember_surfaces (sim);
  return TRUE;
}

gboolean
orr_sim_event_crossings_at_root (OrrSimulation *sim)
{
  if (sim->n_plain_surfaces == 0)
    return TRUE;
  /* The outputs at the root as the solver saw them, modes held. */
  if (!orr_sim_eval_surfaces (sim))
    return FALSE;
  for (int i = 0; i < sim->program->ng; i++)
    sim->g_located[i] = sim->jroot[i] != 0;
  remember_surfaces (sim);
  return TRUE;
}

gboolean
orr_sim_event_crossings_after (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  if (sim->n_plain_surfaces == 0)
    return TRUE;
  if (!sim->g_before_valid)
    {
      /* No event iteration was watched (the run ended or failed). */
      return !orr_sim_must_end (sim);
    }

  while (!orr_sim_must_end (sim))
    {
      gboolean any = FALSE;

      if (!refresh_outputs (sim) || !eval_plain_surfaces (sim))
        return FALSE;
      memset (sim->crossing_fire, 0, sizeof (gboolean) * program->n_blocks);
      for (int k = 0; k < sim->n_plain_surfaces; k++)
        {
          int b = sim->plain_surfaces[k];
          const OrrProgramBlock *pb = &program->blocks[b];

          for (int i = pb->g_offset; i < pb->g_offset + pb->ng; i++)
            if (!sim->g_located[i] && crossing_direction (sim->g_before[i], sim->g[i]) != 0)
              sim->crossing_fire[b] = TRUE;
          if (!sim->crossing_fire[b])
            continue;
          /* The block sees this crossing's directions only, whatever an
           * earlier crossing at this instant left in its jroot. */
          for (int i = pb->g_offset; i < pb->g_offset + pb->ng; i++)
            sim->jroot[i]
              = sim->g_located[i] ? 0 : crossing_direction (sim->g_before[i], sim->g[i]);
          any = TRUE;
        }
      /* What the comparison saw is "before" for what comes next; a
       * located crossing is left out only once, right after its root. */
      memset (sim->g_located, 0, sizeof (gboolean) * program->ng);
      remember_surfaces (sim);
      if (!any)
        return TRUE;

      sim->stats.zero_crossings++;
      if (!orr_sim_fire_crossings (sim, sim->crossing_fire))
        return FALSE;
      /* A crossing may change modes and states: as after a located root. */
      sim->need_restart = TRUE;
      sim->outputs_stale = TRUE;
    }
  return FALSE;
}
