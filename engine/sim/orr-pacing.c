/* orr-pacing.c: what happens between two accepted points of a run (an
 * accepted solver step, or an event): pending parameter changes are
 * applied, a paced run waits for the wall clock, a paused one for resume.
 *
 * Pacing keeps simulated time t due at wall time
 *   anchor_wall + (t - anchor_sim) / factor.
 * The anchor is taken again at the first boundary, when the factor
 * changes (a new factor counts from where the run is, without a burst to
 * make up for the old one) and when the run has fallen far behind (a
 * model too slow for its factor goes on at its own pace; racing to catch
 * up later would show as a jump on the scopes). A pause moves the wall
 * anchor by its length: paused time does not count. The wait is on
 * the pause condition with a deadline, so stop, pause and a new factor
 * wake it at once.
 *
 * DESIGN: owns run control, real-time part: the pacing factor and its anchor
 * (sim->rt_*), and the boundary where pauses, retunes and pacing are
 * applied on the run's thread.
 */

#include <math.h>

#include "orr-sim-private.h"

/* While paced, one integration covers at most this much wall time: scopes
 * get points at 50 Hz at least, and a recorded sample is never more than
 * this ahead of the wall clock. The cost is nothing next to the time a
 * paced run spends waiting, and the solver's own step control stays in
 * charge below it. */
#define PACING_SLICE_SECONDS 0.02

/* A run further behind than this stops trying to catch up. */
#define PACING_MAX_LAG_US (100 * G_TIME_SPAN_MILLISECOND)

static double
read_factor (OrrSimulation *sim)
{
  union
  {
    double d;
    guint64 u;
  } bits;

  bits.u = atomic_load_explicit (&sim->ctl.rt_factor_bits, memory_order_relaxed);
  return bits.d;
}

void
orr_simulation_set_realtime_factor (OrrSimulation *sim, double factor)
{
  union
  {
    double d;
    guint64 u;
  } bits;

  g_return_if_fail (sim != NULL);

  /* Anything that cannot pace (negative, NaN, infinite) runs freely. */
  bits.d = factor > 0 && isfinite (factor) ? factor : 0.0;
  g_mutex_lock (&sim->ctl.pause_mutex);
  atomic_store_explicit (&sim->ctl.rt_factor_bits, bits.u, memory_order_relaxed);
  sim->ctl.rt_reanchor = TRUE;
  g_cond_broadcast (&sim->ctl.pause_cond);
  g_mutex_unlock (&sim->ctl.pause_mutex);
}

void
orr_sim_pacing_start (OrrSimulation *sim)
{
  g_mutex_lock (&sim->ctl.pause_mutex);
  sim->ctl.rt_reanchor = TRUE;
  g_mutex_unlock (&sim->ctl.pause_mutex);
}

double
orr_simulation_get_realtime_factor (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, 0.0);

  return read_factor (sim);
}

double
orr_sim_pacing_slice (OrrSimulation *sim)
{
  double factor = read_factor (sim);

  return factor > 0 ? factor * PACING_SLICE_SECONDS : INFINITY;
}

/* Waits until simulated time t is due; FALSE when something interrupted
 * the wait (a stop, a pause, a new factor). */
static gboolean
pace (OrrSimulation *sim, double factor, double t)
{
  gint64 now = g_get_monotonic_time ();
  gint64 due;
  gboolean reached;

  g_mutex_lock (&sim->ctl.pause_mutex);
  if (sim->ctl.rt_reanchor)
    {
      sim->ctl.rt_reanchor = FALSE;
      sim->ctl.rt_anchor_wall = now;
      sim->ctl.rt_anchor_sim = sim->time.t;
    }
  /* (bounded: a tiny factor must not overflow the conversion; 1e15 us
   * is thirty years) */
  due = sim->ctl.rt_anchor_wall
        + (gint64)MIN ((t - sim->ctl.rt_anchor_sim) / factor * G_TIME_SPAN_SECOND, 1e15);
  if (now - due > PACING_MAX_LAG_US)
    {
      sim->ctl.rt_anchor_wall = now;
      sim->ctl.rt_anchor_sim = t;
    }
  while (now < due && !sim->ctl.rt_reanchor && !g_atomic_int_get (&sim->ctl.stop_requested)
         && !g_atomic_int_get (&sim->ctl.pause_requested))
    {
      g_cond_wait_until (&sim->ctl.pause_cond, &sim->ctl.pause_mutex, due);
      now = g_get_monotonic_time ();
    }
  reached = now >= due;
  g_mutex_unlock (&sim->ctl.pause_mutex);
  return reached;
}

gboolean
orr_sim_pace_to (OrrSimulation *sim, double t)
{
  while (!orr_sim_must_end (sim))
    {
      double factor = read_factor (sim);

      if (factor <= 0 || pace (sim, factor, t))
        return TRUE;
      /* interrupted: a pause (wait for resume, then go on waiting for
       * what is left), a new factor (measured from here) or a stop */
      if (!orr_sim_check_pause (sim))
        return FALSE;
    }
  return FALSE;
}

gboolean
orr_sim_boundary_slow (OrrSimulation *sim)
{
  if (G_UNLIKELY (g_atomic_int_get (&sim->tune.retune_flag)))
    orr_sim_retune_apply (sim);
  if (read_factor (sim) > 0 && !orr_sim_pace_to (sim, sim->time.t))
    return FALSE;
  return orr_sim_check_pause (sim);
}
