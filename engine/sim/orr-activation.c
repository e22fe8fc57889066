/* orr-activation.c: what happens at an event (SEMANTICS section 5).
 *
 * An activation runs its list in three sweeps, outputs, event scheduling,
 * state updates, so that every output and event job of the activation sees
 * the states as they were just before it (left limits). Conditional blocks
 * run the chosen branch completely, at once, inside the first sweep. The
 * base clock fires the SampleClocks due at a tick; clocks of one group are
 * synchronous, so their lists merge into one activation.
 *
 * DESIGN: owns events and the agenda, sim->events (OrrSimEvents): what
 * an activation runs (the three sweeps, conditional branches, merged clock
 * groups), what blocks program (the agenda, the clock tick, the merge
 * scratch, source bursts) and which blocks an event cannot call without
 * telling the continuous part (affects_solver, feeds_continuous). The run
 * loop takes events through orr_sim_next_event_time() and
 * orr_sim_take_next_event(). It tells the continuous part that outputs
 * went stale or that the solver must restart through
 * orr_sim_mark_outputs_stale() and orr_sim_request_restart().
 */

#include <math.h>

#include "orr-sim-private.h"

/* Conditional branches nest; a cycle of them is a compiler bug that
 * would otherwise overflow the stack. */
#define MAX_BRANCH_DEPTH 256

static int
compare_clocks (gconstpointer a, gconstpointer b, gpointer data)
{
  const OrrProgram *program = data;
  int sa = *(const int *)a, sb = *(const int *)b;
  int ga = program->sources[sa].clock_group, gb = program->sources[sb].clock_group;

  if (ga != gb)
    return ga < gb ? -1 : 1;
  return sa < sb ? -1 : sa > sb;
}

/* Which blocks can change what the solver integrates: only activations
 * calling them need a cold restart. A clocked sampler feeding a Scope does
 * not; one feeding an Integrator does. */
static void
find_continuous_influence (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  const OrrActivationList *continuous = &program->continuous_list;
  int n_buffers = MAX (program->n_buffers, 1);
  g_autofree gboolean *matters = g_new0 (gboolean, MAX (program->n_blocks, 1));
  g_autofree gboolean *read_by_solver = g_new0 (gboolean, n_buffers);
  g_autofree gboolean *read_by_continuous = g_new0 (gboolean, n_buffers);
  gboolean changed = TRUE;

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      matters[b] = pb->nx > 0 || pb->ng > 0 || pb->nmode > 0;
    }
  for (int i = 0; i < program->derivative_list.n; i++)
    matters[program->derivative_list.items[i].block] = TRUE;
  for (int i = 0; i < program->surface_list.n; i++)
    matters[program->surface_list.items[i].block] = TRUE;

  /* A continuous block matters when its outputs reach one that matters;
   * iterate because an input without feedthrough may come from a block
   * scheduled later. */
  while (changed)
    {
      changed = FALSE;
      for (int i = continuous->n - 1; i >= 0; i--)
        {
          int b = continuous->items[i].block;
          const OrrProgramBlock *pb = &program->blocks[b];

          if (!matters[b])
            continue;
          for (int k = 0; k < pb->n_in; k++)
            if (pb->in[k].buffer >= 0 && !read_by_solver[pb->in[k].buffer])
              {
                read_by_solver[pb->in[k].buffer] = TRUE;
                changed = TRUE;
              }
        }
      for (int i = 0; i < continuous->n; i++)
        {
          int b = continuous->items[i].block;
          const OrrProgramBlock *pb = &program->blocks[b];

          for (int k = 0; k < pb->n_out && !matters[b]; k++)
            if (read_by_solver[pb->out[k]])
              {
                matters[b] = TRUE;
                changed = TRUE;
              }
        }
    }

  for (int i = 0; i < continuous->n; i++)
    {
      int b = continuous->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      sim->events.feeds_continuous[b] = TRUE;
      for (int k = 0; k < pb->n_in; k++)
        if (pb->in[k].buffer >= 0)
          read_by_continuous[pb->in[k].buffer] = TRUE;
    }

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      sim->events.affects_solver[b] = matters[b];
      for (int k = 0; k < pb->n_out; k++)
        {
          if (read_by_solver[pb->out[k]])
            sim->events.affects_solver[b] = TRUE;
          if (read_by_continuous[pb->out[k]])
            sim->events.feeds_continuous[b] = TRUE;
        }
      if (sim->events.affects_solver[b])
        sim->events.feeds_continuous[b] = TRUE;
    }
}

gboolean
orr_sim_activation_setup (OrrSimulation *sim, GError **error)
{
  const OrrProgram *program = sim->program;
  int n_blocks = MAX (program->n_blocks, 1);

  sim->events.agenda = orr_agenda_new (program->n_sources + 1);
  sim->events.clock_slot = program->n_sources;
  sim->events.affects_solver = g_new0 (gboolean, n_blocks);
  sim->events.feeds_continuous = g_new0 (gboolean, n_blocks);
  find_continuous_influence (sim);
  sim->events.clocks = g_new0 (int, MAX (program->n_sources, 1));
  for (int s = 0; s < program->n_sources; s++)
    {
      const OrrSource *source = &program->sources[s];

      if (source->kind != ORR_SOURCE_CLOCK)
        continue;
      if (source->ratio < 0 || source->shift < 0
          || (source->ratio > 0 && !(program->base_period > 0)))
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER,
                       "internal error: clock %s has ratio %" G_GINT64_FORMAT
                       " and shift %" G_GINT64_FORMAT " with a base period of %g s",
                       source->name != NULL ? source->name : "?", source->ratio, source->shift,
                       program->base_period);
          return FALSE;
        }
      sim->events.clocks[sim->events.n_clocks++] = s;
      if (source->ratio > 0)
        sim->events.has_periodic_clocks = TRUE;
    }
  g_qsort_with_data (sim->events.clocks, sim->events.n_clocks, sizeof (int), compare_clocks,
                     (gpointer)program);
  sim->events.has_clocks = sim->events.n_clocks > 0;

  sim->events.merge_mark = g_new0 (int, n_blocks);
  sim->events.merge_nevprt = g_new0 (int, n_blocks);
  sim->events.merge_items = g_new0 (OrrActivation, n_blocks);
  sim->events.source_bursts = g_new0 (OrrBurst, program->n_sources + 1);
  return TRUE;
}

int
orr_sim_take_next_event (OrrSimulation *sim, double *te)
{
  return orr_agenda_pop (sim->events.agenda, te);
}

static void plans_free (OrrSimulation *sim);

void
orr_sim_activation_free (OrrSimulation *sim)
{
  g_free (sim->events.clocks);
  g_free (sim->events.merge_mark);
  g_free (sim->events.merge_nevprt);
  g_free (sim->events.merge_items);
  g_free (sim->events.source_bursts);
  g_free (sim->events.affects_solver);
  g_free (sim->events.feeds_continuous);
  plans_free (sim);
  orr_agenda_free (sim->events.agenda);
}

/* The first element of input 0 as a double, whatever its type. */
static double
read_condition (const OrrSimBlock *block)
{
  const OrrPortBuffer *in;

  if (block->n_in < 1)
    return 0.0;
  in = &block->in[0];
  if (in->data == NULL || in->rows * in->cols < 1)
    return 0.0;

  switch (in->type)
    {
      case ORR_TYPE_DOUBLE:
      case ORR_TYPE_COMPLEX:
        return *(const double *)in->data;
      case ORR_TYPE_INT8:
        return *(const gint8 *)in->data;
      case ORR_TYPE_INT16:
        return *(const gint16 *)in->data;
      case ORR_TYPE_INT32:
        return *(const gint32 *)in->data;
      case ORR_TYPE_UINT8:
      case ORR_TYPE_BOOL:
        return *(const guint8 *)in->data;
      case ORR_TYPE_UINT16:
        return *(const guint16 *)in->data;
      case ORR_TYPE_UINT32:
        return *(const guint32 *)in->data;
      case ORR_TYPE_STRING:
      default:
        return 0.0;
    }
}

static gboolean run_list (OrrSimulation *sim, const OrrActivationList *list, int depth);

static gboolean
run_branch (OrrSimulation *sim, int b, int depth)
{
  const OrrProgramBlock *pb = &sim->program->blocks[b];
  double u = read_condition (&sim->blocks[b]);
  int choice, source;

  if (pb->kind == ORR_BLOCK_IF_THEN_ELSE)
    choice = u > 0 ? 0 : 1;
  else
    {
      double r = isnan (u) ? 1.0 : round (u);

      choice = (int)CLAMP (r, 1.0, (double)MAX (pb->n_evout, 1)) - 1;
    }
  if (choice >= pb->n_evout)
    return TRUE;
  source = pb->evout_source[choice];
  if (source < 0)
    return TRUE;

  if (depth >= MAX_BRANCH_DEPTH)
    {
      orr_sim_fail (sim, ORR_SIM_ERROR_BLOCK,
                    "%s: conditional branches nest more than %d deep (a cycle of conditional "
                    "blocks?)",
                    pb->path, MAX_BRANCH_DEPTH);
      return FALSE;
    }
  return run_list (sim, &sim->program->sources[source].list, depth + 1);
}

/* A conditional written in C: it says in its event job which outputs
 * fire, and they run now, inside this event. */
static gboolean
run_conditional (OrrSimulation *sim, int b, int depth)
{
  const OrrProgramBlock *pb = &sim->program->blocks[b];
  OrrSimBlock *block = &sim->blocks[b];

  for (int i = 0; i < pb->n_evout; i++)
    block->evout[i] = -1.0;
  orr_sim_call (sim, b, ORR_JOB_EVENTS);
  if (sim->failed)
    return FALSE;
  if (depth >= MAX_BRANCH_DEPTH)
    {
      orr_sim_fail (sim, ORR_SIM_ERROR_BLOCK,
                    "%s: conditional branches nest more than %d deep (a cycle of conditional "
                    "blocks?)",
                    pb->path, MAX_BRANCH_DEPTH);
      return FALSE;
    }
  for (int i = 0; i < pb->n_evout; i++)
    {
      int source = pb->evout_source[i];
      if (block->evout[i] >= 0 && source >= 0
          && !run_list (sim, &sim->program->sources[source].list, depth + 1))
        return FALSE;
    }
  return TRUE;
}

gboolean
orr_sim_schedule_events (OrrSimulation *sim, int b)
{
  const OrrProgramBlock *pb = &sim->program->blocks[b];
  OrrSimBlock *block = &sim->blocks[b];
  double t = sim->time.t;

  /* Reset to "nothing": a block that does not write a port programs
   * nothing there. A negative delay therefore cannot be told apart from
   * silence, and pending events are never cancelled by one. */
  for (int i = 0; i < pb->n_evout; i++)
    block->evout[i] = -1.0;
  orr_sim_call (sim, b, ORR_JOB_EVENTS);
  if (sim->failed)
    return FALSE;

  for (int i = 0; i < pb->n_evout; i++)
    {
      int source = pb->evout_source[i];

      if (source >= 0 && block->evout[i] >= 0)
        orr_agenda_schedule (sim->events.agenda, source, t + block->evout[i]);
    }
  return TRUE;
}

/* ---- plans: a source's list resolved once ----------------------------- */

/* What run_list() looks up for each block at every event, resolved at
 * the source's first event: the function, the sweeps the block takes
 * part in, and what calling the list tells the continuous part. */
typedef struct
{
  OrrSimFunc fn; /* NULL: not called in the first sweep */
  OrrSimBlock *block;
  int b;
  int nevprt;
  OrrBlockKind kind;
  gboolean note_nevprt; /* a continuous block with another nevprt */
  const double *scalar; /* its one output when that is a 1 x 1 double, else NULL */
} OrrPlanItem;

struct _OrrEventPlan
{
  gboolean ready;
  int n;
  OrrPlanItem *items;
  int n_events, n_updates;
  int *events;  /* items whose events job runs (second sweep) */
  int *updates; /* items whose state-update job runs (third sweep) */
  gboolean feeds_continuous, affects_solver;
};

static void
plan_build (OrrSimulation *sim, struct _OrrEventPlan *plan, const OrrActivationList *list)
{
  const OrrProgram *program = sim->program;

  plan->n = list->n;
  plan->items = g_new0 (OrrPlanItem, MAX (list->n, 1));
  plan->events = g_new (int, MAX (list->n, 1));
  plan->updates = g_new (int, MAX (list->n, 1));
  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];
      OrrPlanItem *item = &plan->items[i];
      gboolean has_fn = pb->klass != NULL && pb->klass->simulate != NULL;
      int continuous = sim->cont.continuous_nevprt[b];

      item->b = b;
      item->block = &sim->blocks[b];
      item->nevprt = list->items[i].nevprt;
      item->kind = pb->kind;
      item->fn = has_fn && orr_sim_callable (pb->kind) ? pb->klass->simulate : NULL;
      item->note_nevprt = continuous != G_MININT && continuous != item->nevprt;
      /* (ports keep their size and memory for the whole run) */
      if (item->block->n_out == 1 && item->block->out[0].type == ORR_TYPE_DOUBLE
          && item->block->out[0].rows == 1 && item->block->out[0].cols == 1)
        item->scalar = item->block->out[0].data;
      plan->feeds_continuous = plan->feeds_continuous || sim->events.feeds_continuous[b];
      plan->affects_solver = plan->affects_solver || sim->events.affects_solver[b];
      if (pb->kind == ORR_BLOCK_ORDINARY && pb->n_evout > 0)
        plan->events[plan->n_events++] = i;
      if (orr_sim_callable (pb->kind) && (pb->nx > 0 || pb->nz > 0 || pb->noz > 0))
        plan->updates[plan->n_updates++] = i;
    }
  plan->ready = TRUE;
}

static void
plans_free (OrrSimulation *sim)
{
  if (sim->events.plans == NULL)
    return;
  for (int s = 0; s < sim->program->n_sources; s++)
    {
      g_free (sim->events.plans[s].items);
      g_free (sim->events.plans[s].events);
      g_free (sim->events.plans[s].updates);
    }
  g_clear_pointer (&sim->events.plans, g_free);
}

static inline void
plan_set_nevprt (OrrSimulation *sim, const OrrPlanItem *item)
{
  if (G_UNLIKELY (item->note_nevprt))
    orr_sim_set_nevprt (sim, item->b, item->nevprt);
  else
    item->block->nevprt = item->nevprt;
}

/* run_list() on a plan: the same three sweeps. */
static gboolean
run_plan (OrrSimulation *sim, const struct _OrrEventPlan *plan, int depth)
{
  if (plan->feeds_continuous)
    orr_sim_mark_outputs_stale (sim);
  if (plan->affects_solver)
    orr_sim_request_restart (sim);

  for (int i = 0; i < plan->n; i++)
    {
      const OrrPlanItem *item = &plan->items[i];

      plan_set_nevprt (sim, item);
      switch (item->kind)
        {
          case ORR_BLOCK_ORDINARY:
            if (item->fn != NULL)
              item->fn (item->block, ORR_JOB_OUTPUTS);
            if (G_UNLIKELY (sim->failed))
              return FALSE;
            if (item->scalar != NULL
                  ? !isfinite (*item->scalar) && !orr_sim_check_outputs_finite (sim, item->block)
                  : !orr_sim_check_block_finite (sim, item->b))
              return FALSE;
            break;
          case ORR_BLOCK_IF_THEN_ELSE:
          case ORR_BLOCK_SWITCH_CASE:
            if (!run_branch (sim, item->b, depth))
              return FALSE;
            break;
          case ORR_BLOCK_CONDITIONAL:
            if (item->fn != NULL)
              item->fn (item->block, ORR_JOB_OUTPUTS);
            if (sim->failed || !orr_sim_check_block_finite (sim, item->b)
                || !run_conditional (sim, item->b, depth))
              return FALSE;
            break;
          default:
            break;
        }
      if (G_UNLIKELY (sim->failed))
        return FALSE;
    }

  for (int k = 0; k < plan->n_events; k++)
    {
      const OrrPlanItem *item = &plan->items[plan->events[k]];

      /* A branch may have called this block with other bits. */
      plan_set_nevprt (sim, item);
      if (!orr_sim_schedule_events (sim, item->b))
        return FALSE;
    }

  for (int k = 0; k < plan->n_updates; k++)
    {
      const OrrPlanItem *item = &plan->items[plan->updates[k]];

      plan_set_nevprt (sim, item);
      if (item->fn != NULL)
        item->fn (item->block, ORR_JOB_STATE_UPDATE);
      if (G_UNLIKELY (sim->failed))
        return FALSE;
    }
  return TRUE;
}

/* The plan of list when it is a source's own list (not a merged one). */
static const struct _OrrEventPlan *
plan_of (OrrSimulation *sim, const OrrActivationList *list)
{
  const OrrProgram *program = sim->program;
  guintptr first, at = (guintptr)list;
  gsize s;

  if (program->n_sources == 0)
    return NULL;
  first = (guintptr)&program->sources[0].list;
  if (at < first || (at - first) % sizeof (OrrSource) != 0)
    return NULL;
  s = (at - first) / sizeof (OrrSource);
  if (s >= (gsize)program->n_sources)
    return NULL;
  if (sim->events.plans == NULL)
    sim->events.plans = g_new0 (struct _OrrEventPlan, program->n_sources);
  if (!sim->events.plans[s].ready)
    plan_build (sim, &sim->events.plans[s], list);
  return &sim->events.plans[s];
}

static gboolean
run_list (OrrSimulation *sim, const OrrActivationList *list, int depth)
{
  const OrrProgram *program = sim->program;
  const struct _OrrEventPlan *plan = plan_of (sim, list);

  if (plan != NULL)
    return run_plan (sim, plan, depth);

  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;

      orr_sim_set_nevprt (sim, b, list->items[i].nevprt);
      if (sim->events.feeds_continuous[b])
        orr_sim_mark_outputs_stale (sim);
      if (sim->events.affects_solver[b])
        orr_sim_request_restart (sim);

      switch (program->blocks[b].kind)
        {
          case ORR_BLOCK_ORDINARY:
            orr_sim_call (sim, b, ORR_JOB_OUTPUTS);
            if (!sim->failed)
              orr_sim_check_block_finite (sim, b);
            break;
          case ORR_BLOCK_IF_THEN_ELSE:
          case ORR_BLOCK_SWITCH_CASE:
            if (!run_branch (sim, b, depth))
              return FALSE;
            break;
          case ORR_BLOCK_CONDITIONAL:
            orr_sim_call (sim, b, ORR_JOB_OUTPUTS);
            if (sim->failed || !orr_sim_check_block_finite (sim, b)
                || !run_conditional (sim, b, depth))
              return FALSE;
            break;
          default:
            /* Clocks, unions and ports are the compiler's business. */
            break;
        }
      if (sim->failed)
        return FALSE;
    }

  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->kind != ORR_BLOCK_ORDINARY || pb->n_evout == 0)
        continue;
      /* A branch may have called this block with other bits. */
      orr_sim_set_nevprt (sim, b, list->items[i].nevprt);
      if (!orr_sim_schedule_events (sim, b))
        return FALSE;
    }

  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!orr_sim_callable (pb->kind) || (pb->nx == 0 && pb->nz == 0 && pb->noz == 0))
        continue;
      orr_sim_set_nevprt (sim, b, list->items[i].nevprt);
      orr_sim_call (sim, b, ORR_JOB_STATE_UPDATE);
      if (sim->failed)
        return FALSE;
    }
  return TRUE;
}

/* Runs an event's list, and again while a block of it asks for the event
 * to be repeated (orr_block_request_repeat). */
gboolean
orr_sim_run_list (OrrSimulation *sim, const OrrActivationList *list)
{
  for (int repeats = 0;; repeats++)
    {
      int asking;

      orr_sim_take_repeat (sim);
      if (!run_list (sim, list, 0))
        return FALSE;
      asking = orr_sim_take_repeat (sim);
      if (asking < 0)
        return TRUE;
      if (repeats >= ORR_MAX_REPEATS)
        {
          orr_sim_fail (sim, ORR_SIM_ERROR_BLOCK,
                        "%s: asked to repeat one event more than %d times at t = %.10g s",
                        sim->program->blocks[asking].path, ORR_MAX_REPEATS, sim->time.t);
          return FALSE;
        }
    }
}

static gboolean
clock_fires (const OrrSource *clock, gint64 tick)
{
  if (clock->ratio == 0)
    return tick == 0;
  return tick >= clock->shift && (tick - clock->shift) % clock->ratio == 0;
}

/* Runs the clocks of one group due at this tick as one activation: a
 * block in several of their lists runs once with the union of its bits. */
static gboolean
fire_clock_group (OrrSimulation *sim, int first, int last, gint64 tick)
{
  const OrrProgram *program = sim->program;
  const OrrSource *only = NULL;
  int n_firing = 0, n_items = 0;
  OrrActivationList merged;

  for (int c = first; c < last; c++)
    if (clock_fires (&program->sources[sim->events.clocks[c]], tick))
      {
        only = &program->sources[sim->events.clocks[c]];
        n_firing++;
      }
  if (n_firing == 0)
    return TRUE;

  sim->stats.events++;
  if (n_firing == 1)
    return orr_sim_run_list (sim, &only->list);

  sim->events.merge_stamp++;
  for (int c = first; c < last; c++)
    {
      const OrrSource *clock = &program->sources[sim->events.clocks[c]];

      if (!clock_fires (clock, tick))
        continue;
      for (int i = 0; i < clock->list.n; i++)
        {
          int b = clock->list.items[i].block;

          if (sim->events.merge_mark[b] != sim->events.merge_stamp)
            {
              sim->events.merge_mark[b] = sim->events.merge_stamp;
              sim->events.merge_nevprt[b] = 0;
              sim->events.merge_items[n_items++].block = b;
            }
          sim->events.merge_nevprt[b] |= clock->list.items[i].nevprt;
        }
    }

  /* Each list is sorted by index; so must the union be. */
  for (int i = 1; i < n_items; i++)
    {
      OrrActivation item = sim->events.merge_items[i];
      int j = i;

      while (j > 0 && sim->events.merge_items[j - 1].block > item.block)
        {
          sim->events.merge_items[j] = sim->events.merge_items[j - 1];
          j--;
        }
      sim->events.merge_items[j] = item;
    }
  for (int i = 0; i < n_items; i++)
    sim->events.merge_items[i].nevprt = sim->events.merge_nevprt[sim->events.merge_items[i].block];

  merged.n = n_items;
  merged.items = sim->events.merge_items;
  return orr_sim_run_list (sim, &merged);
}

static gboolean
fire_tick (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  gint64 tick = sim->events.next_tick;
  int first = 0;

  if (sim->events.has_periodic_clocks)
    {
      sim->events.next_tick++;
      /* Multiply rather than accumulate: tick n stays at start + n * period
       * exactly, however long the run. */
      orr_agenda_schedule (sim->events.agenda, sim->events.clock_slot,
                           sim->time.start_time
                             + (double)sim->events.next_tick * program->base_period);
    }

  while (first < sim->events.n_clocks)
    {
      int group = program->sources[sim->events.clocks[first]].clock_group;
      int last = first;

      while (last < sim->events.n_clocks
             && program->sources[sim->events.clocks[last]].clock_group == group)
        last++;
      if (!fire_clock_group (sim, first, last, tick))
        return FALSE;
      first = last;
    }
  return TRUE;
}

gboolean
orr_sim_fire (OrrSimulation *sim, int slot)
{
  const OrrSource *source;

  if (slot == sim->events.clock_slot)
    return fire_tick (sim);

  source = &sim->program->sources[slot];
  if (!orr_sim_zeno_check (sim, &sim->events.source_bursts[slot], "",
                           source->name != NULL ? source->name : "an event source"))
    return FALSE;
  sim->stats.events++;
  return orr_sim_run_list (sim, &source->list);
}

gboolean
orr_sim_exit_init (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;

  sim->time.phase = ORR_PHASE_EXIT_INIT;
  if (sim->events.has_clocks)
    {
      sim->events.next_tick = 0;
      orr_agenda_schedule (sim->events.agenda, sim->events.clock_slot, sim->time.start_time);
    }

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->kind != ORR_BLOCK_ORDINARY || pb->n_evout == 0)
        continue;
      orr_sim_set_nevprt (sim, b, 0);
      if (!orr_sim_schedule_events (sim, b))
        return FALSE;
    }
  return !orr_sim_must_end (sim);
}
