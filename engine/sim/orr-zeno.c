/* orr-zeno.c: noticing Zeno behaviour, infinitely many events in finite
 * time, instead of spinning on it or silently integrating past it.
 *
 * Two symptoms are watched:
 *  - one source firing over and over at practically the same time (an
 *    EventDelay of 0 fed back to itself): a burst counter per source and
 *    per block with surfaces;
 *  - crossings of one surface whose intervals shrink geometrically (a
 *    bouncing ball). Long before the intervals reach rounding level, the
 *    solver's tolerances make it miss a bounce and the state goes through
 *    the surface. So from a long enough geometric sequence we predict the
 *    accumulation point, and if the crossings stop before it while the
 *    surface ends up on the side the crossings lead to, the run stops
 *    there with an error. A model that brings the ball to rest itself (the
 *    surface stays at zero or goes back) passes the check.
 *
 * DESIGN: owns zero crossings and modes, Zeno part (sim->zc, with
 * orr-event-crossings.c): the watches that predict where crossings
 * accumulate (watches, zeno_watch); counting a burst is orr-sim-core.c's
 * orr_sim_zeno_check(), on counters the caller owns.
 */

#include <math.h>

#include "orr-sim-private.h"

/* Crossings needed, each interval shorter than the previous, before an
 * accumulation point is predicted; and how much shorter. */
#define MIN_STREAK 20
#define SHRINK 0.999
#define MAX_RATIO 0.99

void
orr_sim_zeno_setup (OrrSimulation *sim)
{
  int n = 2 * MAX (sim->program->ng, 1);

  sim->zc.watches = g_new0 (OrrCrossingWatch, n);
  for (int i = 0; i < n; i++)
    sim->zc.watches[i].deadline = INFINITY;
  sim->zc.zeno_watch = -1;
}

void
orr_sim_zeno_free (OrrSimulation *sim)
{
  g_clear_pointer (&sim->zc.watches, g_free);
}

static void
find_nearest_deadline (OrrSimulation *sim)
{
  double nearest = INFINITY;

  sim->zc.zeno_watch = -1;
  for (int i = 0; i < 2 * sim->program->ng; i++)
    if (sim->zc.watches[i].deadline < nearest)
      {
        nearest = sim->zc.watches[i].deadline;
        sim->zc.zeno_watch = i;
      }
}

static void
note_crossing (OrrSimulation *sim, OrrCrossingWatch *watch, double t)
{
  if (watch->n > 0)
    {
      double d = t - watch->t_last;

      if (watch->n > 1 && d > 0 && d < SHRINK * watch->d_last)
        {
          double r = d / watch->d_last;

          if (watch->streak == 0)
            {
              watch->ratio = r;
              watch->d_first = watch->d_last;
            }
          else
            watch->ratio = 0.7 * watch->ratio + 0.3 * r;
          watch->streak++;
        }
      else
        watch->streak = 0;
      watch->d_last = d;
    }
  watch->t_last = t;
  watch->n++;

  watch->deadline = INFINITY;
  if (watch->streak >= MIN_STREAK && watch->ratio < MAX_RATIO)
    {
      double remaining = watch->d_last * watch->ratio / (1 - watch->ratio);

      watch->predicted = t + remaining;
      /* Some slack: the prediction is an extrapolation. */
      watch->deadline = t + 2 * remaining + orr_sim_time_tolerance (t);
    }
}

void
orr_sim_zeno_note_crossings (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  double t = sim->time.t;

  for (int i = 0; i < program->ng; i++)
    if (sim->zc.jroot[i] != 0)
      note_crossing (sim, &sim->zc.watches[2 * i + (sim->zc.jroot[i] > 0)], t);
  find_nearest_deadline (sim);
}

double
orr_sim_zeno_deadline (OrrSimulation *sim)
{
  return sim->zc.zeno_watch >= 0 ? sim->zc.watches[sim->zc.zeno_watch].deadline : INFINITY;
}

gboolean
orr_sim_zeno_check_deadline (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  int index = sim->zc.zeno_watch;
  OrrCrossingWatch *watch;
  int surface, number, direction;
  const char *path = "?";

  if (index < 0)
    return TRUE;
  watch = &sim->zc.watches[index];
  surface = number = index / 2;
  direction = index % 2 ? 1 : -1;
  if (!orr_sim_eval_surfaces (sim))
    return FALSE;

  if (sim->zc.g[surface] * direction <= 0)
    {
      /* The crossings stopped and the surface is back where they started
       * (or at rest on it): the model handled it. */
      watch->deadline = INFINITY;
      watch->streak = 0;
      find_nearest_deadline (sim);
      return TRUE;
    }

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->ng > 0 && surface >= pb->g_offset && surface < pb->g_offset + pb->ng)
        {
          path = pb->path;
          number = surface - pb->g_offset;
          break;
        }
    }
  orr_sim_fail (sim, ORR_SIM_ERROR_ZENO,
                "Zeno behaviour near t = %.6g s: the zero-crossing surface %d of %s crossed %u "
                "times at intervals shrinking geometrically (by about %.2f each time), "
                "accumulating there; the solver cannot resolve the accumulation and the state "
                "went through the surface (t = %.9g s)",
                watch->predicted, number + 1, path, watch->n,
                pow (watch->d_last / watch->d_first, 1.0 / watch->streak), sim->time.t);
  return FALSE;
}
