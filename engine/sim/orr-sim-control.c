/* orr-sim-control.c: run control, the only part of a run that other
 * threads touch (stop, pause, resume, the progress they read).
 *
 * DESIGN: owns run control, sim->ctl (OrrSimControl): stop_requested,
 * pause_requested, pause_mutex, pause_cond; its progress is written by
 * orr_sim_set_time in orr-sim-core.c, its rt_* by orr-pacing.c; sim->tune
 * belongs to orr-retune.c. Thread rules:
 *  - stop_requested and pause_requested are atomics any thread may set
 *    (through orr_simulation_stop/pause/resume); the run's thread only
 *    reads them, at step and event boundaries and in solver callbacks;
 *  - pause_mutex guards the wait of a paused (or paced) run: whoever
 *    changes pause_requested or stop_requested broadcasts pause_cond under
 *    it, so that a waiting run wakes at once; rt_reanchor and
 *    rt_anchor_wall are also under it;
 *  - progress holds the bits of the time reached, stored relaxed by the
 *    run's thread only and read by anyone (orr_simulation_get_time);
 *  - two other parts take requests from other threads the same way:
 *    sim->tune (orr-retune.c: a new parameter set under retune_mutex,
 *    announced by the atomic retune_flag) and sim->out.stream_wanted
 *    (orr-block-runtime.c: atomics a reader sets to ask for a stream);
 *  - everything else in OrrSimulation belongs to the run's thread alone
 *    while orr_simulation_run() is running.
 * It calls no other file of engine/sim.
 */

#include "orr-sim-private.h"

void
orr_sim_control_init (OrrSimulation *sim)
{
  g_mutex_init (&sim->ctl.pause_mutex);
  g_cond_init (&sim->ctl.pause_cond);
}

void
orr_sim_control_clear (OrrSimulation *sim)
{
  g_mutex_clear (&sim->ctl.pause_mutex);
  g_cond_clear (&sim->ctl.pause_cond);
}

gboolean
orr_sim_check_pause (OrrSimulation *sim)
{
  if (g_atomic_int_get (&sim->ctl.pause_requested))
    {
      gint64 paused = g_get_monotonic_time ();

      g_mutex_lock (&sim->ctl.pause_mutex);
      while (g_atomic_int_get (&sim->ctl.pause_requested)
             && !g_atomic_int_get (&sim->ctl.stop_requested))
        g_cond_wait (&sim->ctl.pause_cond, &sim->ctl.pause_mutex);
      /* Paced runs do not make up for the time spent paused. */
      sim->ctl.rt_anchor_wall += g_get_monotonic_time () - paused;
      g_mutex_unlock (&sim->ctl.pause_mutex);
    }
  return !orr_sim_must_end (sim);
}

void
orr_simulation_stop (OrrSimulation *sim)
{
  g_return_if_fail (sim != NULL);

  g_atomic_int_set (&sim->ctl.stop_requested, 1);
  g_mutex_lock (&sim->ctl.pause_mutex);
  g_cond_broadcast (&sim->ctl.pause_cond);
  g_mutex_unlock (&sim->ctl.pause_mutex);
}

void
orr_simulation_pause (OrrSimulation *sim)
{
  g_return_if_fail (sim != NULL);

  /* under the mutex, so that a paced run's wait notices it at once */
  g_mutex_lock (&sim->ctl.pause_mutex);
  g_atomic_int_set (&sim->ctl.pause_requested, 1);
  g_cond_broadcast (&sim->ctl.pause_cond);
  g_mutex_unlock (&sim->ctl.pause_mutex);
}

void
orr_simulation_resume (OrrSimulation *sim)
{
  g_return_if_fail (sim != NULL);

  g_mutex_lock (&sim->ctl.pause_mutex);
  g_atomic_int_set (&sim->ctl.pause_requested, 0);
  g_cond_broadcast (&sim->ctl.pause_cond);
  g_mutex_unlock (&sim->ctl.pause_mutex);
}

double
orr_simulation_get_time (OrrSimulation *sim)
{
  union
  {
    double d;
    guint64 u;
  } bits;

  g_return_val_if_fail (sim != NULL, 0.0);

  bits.u = atomic_load_explicit (&sim->ctl.progress, memory_order_relaxed);
  return bits.d;
}
