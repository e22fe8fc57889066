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
 * A third symptom has no event at all: a switch that no zero crossing
 * locates (x' = -sign(x) with the Sign's zero crossing off) makes the
 * solver creep through the discontinuity in steps of rounding size, the
 * state going up and down at every step, forever. A smooth solution the
 * solver resolves changes direction only at its extrema, a few steps in
 * many; so a state whose increments change sign at a good share of the
 * steps (a quarter: x' = 0.5 - sign(x) turns back at 61 % of them, x' =
 * -sign(x) at all) over CHATTER_STEPS tiny accepted steps is chattering, and the run stops
 * there naming the block that holds the state. The states are followed one
 * by one only after a window of steps that advanced time by almost
 * nothing, so a run that never chatters pays a counter per step.
 *
 * DESIGN: owns zero crossings and modes: the watches that predict where
 * crossings accumulate (sim->zc.watches, zeno_watch); the burst counters are
 * in the core (orr-sim-core.c).
 */

#include <math.h>
#include <string.h>

#include "orr-sim-private.h"

/* Crossings needed, each interval shorter than the previous, before an
 * accumulation point is predicted; and how much shorter. */
#define MIN_STREAK 20
#define SHRINK 0.999
#define MAX_RATIO 0.99

/* Unlocated chattering: the steps looked at together, the share of them at
 * which one state turns back, and how short they must be together (relative
 * to the time and the run's length) for it to count. */
#define CHATTER_STEPS 2000
#define CHATTER_SHARE 0.25
#define CHATTER_SPAN 1e-4
/* Tiny windows in a row, with no state turning back at all, after which
 * time is said to crawl (an implicit method creeping along the switch). */
#define CRAWL_WINDOWS 10

struct _OrrChatter
{
  int nx;
  double *x_prev;
  signed char *direction; /* of each state's last non-zero increment */
  guint *turns;           /* direction changes in the current window */
  guint steps;            /* accepted steps in the current window */
  guint tiny_windows;     /* windows in a row that advanced time by almost nothing */
  double t_crawl;         /* where the first of them started */
  gboolean *moved;        /* the state changed in the current window */
  double t_start;         /* where the window started */
  gboolean primed;        /* x_prev holds an accepted point */
  gboolean fine;          /* states watched one by one (after a tiny window) */
};

static void
chatter_free (struct _OrrChatter *c)
{
  if (c == NULL)
    return;
  g_free (c->x_prev);
  g_free (c->direction);
  g_free (c->turns);
  g_free (c->moved);
  g_free (c);
}

void
orr_sim_zeno_setup (OrrSimulation *sim)
{
  int n = 2 * MAX (sim->program->ng, 1);

  sim->zc.watches = g_new0 (OrrCrossingWatch, n);
  for (int i = 0; i < n; i++)
    sim->zc.watches[i].deadline = INFINITY;
  sim->zc.zeno_watch = -1;
  if (sim->program->nx > 0)
    {
      sim->zc.chatter = g_new0 (struct _OrrChatter, 1);
      sim->zc.chatter->nx = sim->program->nx;
      sim->zc.chatter->x_prev = g_new0 (double, sim->program->nx);
      sim->zc.chatter->direction = g_new0 (signed char, sim->program->nx);
      sim->zc.chatter->turns = g_new0 (guint, sim->program->nx);
      sim->zc.chatter->moved = g_new0 (gboolean, sim->program->nx);
    }
}

void
orr_sim_zeno_free (OrrSimulation *sim)
{
  g_clear_pointer (&sim->zc.watches, g_free);
  g_clear_pointer (&sim->zc.chatter, chatter_free);
}

/* The block that holds state index, and the state's number in it. */
static const char *
state_owner (const OrrProgram *program, int index, int *number)
{
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->nx > 0 && index >= pb->x_offset && index < pb->x_offset + pb->nx)
        {
          *number = index - pb->x_offset;
          return pb->path;
        }
    }
  *number = index;
  return "?";
}

gboolean
orr_sim_zeno_note_step (OrrSimulation *sim)
{
  struct _OrrChatter *c = sim->zc.chatter;
  double t = sim->time.t;
  double span;
  gboolean tiny;
  int worst = 0, number;

  if (c == NULL)
    return TRUE;
  /* Most runs never chatter: windows are timed as a whole, and the states
   * are watched one by one (a pass over them per step, which a model of
   * many states feels) only from a window that advanced time by almost
   * nothing until one that did not. */
  if (!c->fine)
    {
      if (++c->steps < CHATTER_STEPS)
        return TRUE;
      c->fine = t - c->t_start <= CHATTER_SPAN * (1.0 + fabs (t));
      c->primed = FALSE;
      c->steps = 0;
      c->t_start = t;
      return TRUE;
    }
  if (!c->primed)
    {
      memcpy (c->x_prev, sim->cont.x, c->nx * sizeof (double));
      c->primed = TRUE;
      c->t_start = t;
      return TRUE;
    }
  for (int i = 0; i < c->nx; i++)
    {
      double d = sim->cont.x[i] - c->x_prev[i];
      signed char s = (d > 0) - (d < 0);

      if (s != 0)
        {
          c->moved[i] = TRUE;
          if (c->direction[i] != 0 && s != c->direction[i])
            c->turns[i]++;
          c->direction[i] = s;
        }
      c->x_prev[i] = sim->cont.x[i];
    }
  if (++c->steps < CHATTER_STEPS)
    return TRUE;

  for (int i = 1; i < c->nx; i++)
    if (c->turns[i] > c->turns[worst])
      worst = i;
  span = t - c->t_start;
  /* relative to the time itself: a long run is no licence for tiny steps */
  tiny = span <= CHATTER_SPAN * (1.0 + fabs (t));
  /* a crawl has no turn at all: a fast oscillation the solver resolves in
   * tiny steps still turns at its extrema */
  if (!tiny || c->turns[worst] > 0)
    c->tiny_windows = 0;
  else if (c->tiny_windows++ == 0)
    c->t_crawl = c->t_start;
  if (c->tiny_windows >= CRAWL_WINDOWS)
    {
      g_autoptr (GString) moving = g_string_new (NULL);
      const char *last = NULL;
      int listed = 0;

      /* the blocks whose states still move, else every block with states */
      for (int pass = 0; pass < 2 && listed == 0; pass++)
        for (int i = 0; i < c->nx && listed < 3; i++)
          {
            const char *owner
              = c->moved[i] || pass == 1 ? state_owner (sim->program, i, &number) : NULL;

            if (owner == NULL || owner == last)
              continue;
            g_string_append_printf (moving, "%s%s", listed++ > 0 ? ", " : "", owner);
            last = owner;
          }
      orr_sim_fail (sim, ORR_SIM_ERROR_ZENO,
                    "chattering near t = %.9g s: the solver took %u steps from t = %.9g s and "
                    "advanced time by only %.3g s, with the states of %s; something "
                    "they depend on switches without a zero crossing to locate the switch (a "
                    "block with its zero-crossing detection off, such as Sign or Saturation), "
                    "so time cannot advance",
                    t, c->tiny_windows * CHATTER_STEPS, c->t_crawl, t - c->t_crawl,
                    moving->len > 0 ? moving->str : "no block");
      return FALSE;
    }
  if (tiny && c->turns[worst] >= CHATTER_SHARE * c->steps)
    {
      const char *path = state_owner (sim->program, worst, &number);

      orr_sim_fail (sim, ORR_SIM_ERROR_ZENO,
                    "chattering near t = %.9g s: state %d of %s turned back at %u of the last %u "
                    "solver steps, which together advanced time by only %.3g s; something it "
                    "depends on switches without a zero crossing to locate the switch (a block "
                    "with its zero-crossing detection off, such as Sign or Saturation), so time "
                    "cannot advance",
                    t, number + 1, path, c->turns[worst], c->steps, span);
      return FALSE;
    }
  memset (c->turns, 0, c->nx * sizeof (guint));
  memset (c->moved, 0, c->nx * sizeof (gboolean));
  c->steps = 0;
  c->t_start = t;
  c->fine = tiny;
  return TRUE;
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

gboolean
orr_sim_zeno_check_block (OrrSimulation *sim, int b)
{
  const OrrProgramBlock *pb = &sim->program->blocks[b];
  g_autoptr (GString) crossed = NULL;
  char *message;
  int n = 0;

  if (orr_sim_zeno_check (sim, &sim->zc.block_bursts[b], "the zero-crossing surfaces of ",
                          pb->path))
    return TRUE;
  if (sim->error == NULL)
    return FALSE;
  crossed = g_string_new (NULL);
  for (int k = 0; k < pb->ng; k++)
    {
      int j = sim->zc.jroot[pb->g_offset + k];

      if (j == 0)
        continue;
      g_string_append_printf (crossed, "%s%d (%s)", n++ > 0 ? ", " : "", k + 1,
                              j > 0 ? "rising" : "falling");
    }
  if (n == 0)
    return FALSE;
  message = g_strdup_printf ("%s; at the last firing, surface%s %s of %s crossed",
                             sim->error->message, n == 1 ? "" : "s", crossed->str, pb->path);
  g_free (sim->error->message);
  sim->error->message = message;
  return FALSE;
}
