/* orr-sim-core.c: the small core of a run that every part of engine/sim
 * uses and that uses nothing else of it: the current time, the first
 * error that ends the run, and counting firings that pile up at one
 * instant (Zeno bursts).
 *
 * DESIGN: owns sim->time.t (through orr_sim_set_time, which also
 * publishes the progress other threads read), sim->error and sim->failed,
 * and the OrrBurst counters it is handed. It calls no other file of
 * engine/sim, so that no cycle of calls goes through it.
 */

#include <float.h>
#include <math.h>

#include "orr-sim-private.h"

/* clang-format off */
/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_sim_error_quark (void)
{
  return g_quark_from_static_string ("orr-sim-error-quark");
}
/* clang-format on */

double
orr_sim_time_tolerance (double t)
{
  /* Event times are sums like t + delay or start + n * period: a few
   * roundings apart from "the same" instant, never more. */
  return 64 * DBL_EPSILON * MAX (1.0, fabs (t));
}

void
orr_sim_set_time (OrrSimulation *sim, double t)
{
  union
  {
    double d;
    guint64 u;
  } bits = { .d = t };

  sim->time.t = t;
  atomic_store_explicit (&sim->ctl.progress, bits.u, memory_order_relaxed);
}

void
orr_sim_fail (OrrSimulation *sim, OrrSimError code, const char *format, ...)
{
  va_list args;

  if (sim->error == NULL)
    {
      va_start (args, format);
      sim->error = g_error_new_valist (ORR_SIM_ERROR, code, format, args);
      va_end (args);
    }
  sim->failed = TRUE;
}

/* More firings than this of one source, each within the window below of
 * the first, is Zeno behaviour, not a model that needs them. */
#define BURST_LIMIT 1000
#define BURST_WINDOW(t) (1e-10 * (1.0 + fabs (t)))

gboolean
orr_sim_zeno_check (OrrSimulation *sim, OrrBurst *burst, const char *what_prefix, const char *what)
{
  double t = sim->time.t;

  if (burst->count == 0 || t - burst->start > BURST_WINDOW (burst->start))
    {
      burst->start = t;
      burst->count = 1;
      return TRUE;
    }
  if (++burst->count <= BURST_LIMIT)
    return TRUE;

  orr_sim_fail (sim, ORR_SIM_ERROR_ZENO,
                "Zeno behaviour near t = %.6g s: %s%s fired %u times within %.0e s; events "
                "accumulate there and time cannot advance",
                t, what_prefix, what, burst->count - 1, BURST_WINDOW (burst->start));
  return FALSE;
}

gboolean
orr_sim_take_failure (OrrSimulation *sim, GError **error)
{
  if (!sim->failed)
    return TRUE;
  if (sim->error != NULL)
    g_propagate_error (error, g_steal_pointer (&sim->error));
  else
    g_set_error_literal (error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK, "a block failed");
  sim->failed = FALSE;
  return FALSE;
}
