/* orr-retune.c: new parameter values for a running simulation (issue 7).
 *
 * Another thread compiles the edited model and hands the program to
 * orr_simulation_retune(), which checks that only values changed and
 * copies every block's parameters into a pending set; the programs
 * themselves are immutable, so the check needs no lock. The run takes the
 * set at its next boundary (orr_sim_boundary) on its own thread, where
 * nothing else reads the parameters: each block whose values differ from
 * those in use gets the new ones (owned by the simulation from then on),
 * constant blocks evaluated once at initialisation are evaluated again if
 * they or their constant inputs changed, and the continuous solver
 * restarts, since the right-hand side may have changed.
 *
 * DESIGN: owns run control, retuning: pending parameters under retune_mutex and
 * the tuned copies the blocks read (sim->retune_*, tuned_*).
 */

#include <math.h>
#include <string.h>

#include "orr-sim-private.h"

typedef struct
{
  double *rpar;
  int *ipar;
  OrrValue **opar;
} OrrRetuneBlock;

typedef struct _OrrRetune
{
  int n_blocks;
  OrrRetuneBlock *blocks;
} OrrRetune;

static void
retune_free (OrrRetune *retune)
{
  if (retune == NULL)
    return;
  for (int b = 0; b < retune->n_blocks; b++)
    {
      g_free (retune->blocks[b].rpar);
      g_free (retune->blocks[b].ipar);
      if (retune->blocks[b].opar != NULL)
        {
          /* counts are checked equal to the running program's */
          for (int i = 0; retune->blocks[b].opar[i] != NULL; i++)
            orr_value_unref (retune->blocks[b].opar[i]);
          g_free (retune->blocks[b].opar);
        }
    }
  g_free (retune->blocks);
  g_free (retune);
}

void
orr_sim_retune_setup (OrrSimulation *sim)
{
  int n = MAX (sim->program->n_blocks, 1);

  g_mutex_init (&sim->tune.retune_mutex);
  sim->tune.retune_time = NAN;
  sim->tune.tuned_rpar = g_new0 (double *, n);
  sim->tune.tuned_ipar = g_new0 (int *, n);
  sim->tune.tuned_opar = g_new0 (OrrValue **, n);
}

static void
free_opar (OrrValue **opar)
{
  if (opar == NULL)
    return;
  for (int i = 0; opar[i] != NULL; i++)
    orr_value_unref (opar[i]);
  g_free (opar);
}

void
orr_sim_retune_free (OrrSimulation *sim)
{
  for (int b = 0; b < sim->program->n_blocks; b++)
    {
      g_free (sim->tune.tuned_rpar[b]);
      g_free (sim->tune.tuned_ipar[b]);
      free_opar (sim->tune.tuned_opar[b]);
    }
  g_free (sim->tune.tuned_rpar);
  g_free (sim->tune.tuned_ipar);
  g_free (sim->tune.tuned_opar);
  retune_free (sim->tune.retune_pending);
  g_mutex_clear (&sim->tune.retune_mutex);
}

/* ---- the check, on the caller's thread ----------------------------------- */

static const char *
path_of (const OrrProgramBlock *pb)
{
  return pb->path != NULL ? pb->path : "?";
}

/* The block and output port writing each buffer of a program. */
typedef struct
{
  int block, port;
} Producer;

static Producer *
producers (const OrrProgram *program)
{
  Producer *producer = g_new (Producer, MAX (program->n_buffers, 1));

  for (int k = 0; k < program->n_buffers; k++)
    producer[k].block = producer[k].port = -1;
  for (int b = 0; b < program->n_blocks; b++)
    for (int o = 0; o < program->blocks[b].n_out; o++)
      {
        producer[program->blocks[b].out[o]].block = b;
        producer[program->blocks[b].out[o]].port = o;
      }
  return producer;
}

/* Two buffers are the same link when the same output (by block path)
 * writes them, with the same size and type. */
static gboolean
same_link (const OrrProgram *a, const Producer *pa, int buffer_a, const OrrProgram *b,
           const Producer *pb, int buffer_b)
{
  const OrrBufferInfo *x, *y;

  if ((buffer_a < 0) != (buffer_b < 0))
    return FALSE;
  if (buffer_a < 0)
    return TRUE;
  x = &a->buffers[buffer_a];
  y = &b->buffers[buffer_b];
  if (x->rows != y->rows || x->cols != y->cols || x->type != y->type)
    return FALSE;
  if ((pa[buffer_a].block < 0) != (pb[buffer_b].block < 0))
    return FALSE;
  return pa[buffer_a].block < 0
         || (pa[buffer_a].port == pb[buffer_b].port
             && g_strcmp0 (a->blocks[pa[buffer_a].block].path, b->blocks[pb[buffer_b].block].path)
                  == 0);
}

/* What differs in structure between the running block r and the tuned
 * block t (the same path), or NULL. */
static const char *
structure_difference (const OrrProgram *running, const Producer *pr, const OrrProgramBlock *r,
                      const OrrProgram *tuned, const Producer *pt, const OrrProgramBlock *t)
{
  /* by name: a class loaded again (a model's own C code compiled anew)
   * is another structure of the same type */
  if ((r->klass != t->klass
       && (r->klass == NULL || t->klass == NULL || g_strcmp0 (r->klass->name, t->klass->name) != 0))
      || r->kind != t->kind)
    return "its type changed";
  if (r->n_in != t->n_in || r->n_out != t->n_out || r->n_evin != t->n_evin
      || r->n_evout != t->n_evout)
    return "its ports changed";
  for (int k = 0; k < r->n_in; k++)
    if (!same_link (running, pr, r->in[k].buffer, tuned, pt, t->in[k].buffer)
        || r->in[k].rows != t->in[k].rows || r->in[k].cols != t->in[k].cols
        || r->in[k].type != t->in[k].type)
      return "an input's size, type or link changed";
  for (int k = 0; k < r->n_out; k++)
    {
      const OrrBufferInfo *x = &running->buffers[r->out[k]], *y = &tuned->buffers[t->out[k]];

      if (x->rows != y->rows || x->cols != y->cols || x->type != y->type)
        return "an output's size or type changed";
    }
  for (int k = 0; k < r->n_evout; k++)
    if ((r->evout_source[k] < 0) != (t->evout_source[k] < 0))
      return "an activation link changed";
  if (r->nx != t->nx || r->nz != t->nz || r->noz != t->noz || r->ng != t->ng || r->nmode != t->nmode
      || r->implicit != t->implicit)
    return "its states, surfaces or modes changed";
  if (r->constant != t->constant || r->continuous != t->continuous
      || r->always_active != t->always_active)
    return "how it is activated changed";
  if (r->n_rpar != t->n_rpar || r->n_ipar != t->n_ipar || r->n_opar != t->n_opar)
    return "the number of its parameters changed";
  for (int k = 0; k < r->n_opar; k++)
    {
      const OrrValue *x = r->opar[k], *y = t->opar[k];

      if ((x == NULL) != (y == NULL))
        return "an object parameter changed its size or type";
      if (x != NULL
          && (orr_value_get_type_id (x) != orr_value_get_type_id (y)
              || orr_value_rows (x) != orr_value_rows (y)
              || orr_value_cols (x) != orr_value_cols (y)))
        return "an object parameter changed its size or type";
    }
  return NULL;
}

/* Matches the blocks by path: match[b] is the tuned block for running
 * block b. FALSE, and an error naming the first block that differs, when
 * the structure is not the same. */
static gboolean
check_structure (const OrrProgram *running, const OrrProgram *tuned, int *match, GError **error)
{
  g_autoptr (GHashTable) by_path = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree Producer *pr = producers (running);
  g_autofree Producer *pt = producers (tuned);
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (tuned->n_blocks, 1));

  for (int b = 0; b < tuned->n_blocks; b++)
    g_hash_table_insert (by_path, (gpointer)path_of (&tuned->blocks[b]), GINT_TO_POINTER (b + 1));

  for (int b = 0; b < running->n_blocks; b++)
    {
      const OrrProgramBlock *r = &running->blocks[b];
      int t = GPOINTER_TO_INT (g_hash_table_lookup (by_path, path_of (r))) - 1;
      const char *why;

      if (t < 0 || matched[t])
        why = "the block was removed";
      else
        why = structure_difference (running, pr, r, tuned, pt, &tuned->blocks[t]);
      if (why != NULL)
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE,
                       "%s: %s; the new values need a new run", path_of (r), why);
          return FALSE;
        }
      matched[t] = TRUE;
      match[b] = t;
    }
  for (int t = 0; t < tuned->n_blocks; t++)
    if (!matched[t])
      {
        g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE,
                     "%s: the block was added; the new values need a new run",
                     path_of (&tuned->blocks[t]));
        return FALSE;
      }
  /* Clocks are the compiler's: their timing is in the sources, and the
   * agenda holds their next ticks. */
  for (int k = 0; k < MIN (running->n_sources, tuned->n_sources); k++)
    {
      const OrrSource *a = &running->sources[k], *b = &tuned->sources[k];

      if (a->kind != b->kind || a->ratio != b->ratio || a->shift != b->shift
          || a->period != b->period || a->offset != b->offset
          || running->base_period != tuned->base_period)
        {
          g_set_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE,
                       "%s: a clock's period or offset changed; the new values need a new run",
                       a->block >= 0     ? path_of (&running->blocks[a->block])
                       : a->name != NULL ? a->name
                                         : "?");
          return FALSE;
        }
    }
  if (running->n_sources != tuned->n_sources || running->nx != tuned->nx || running->nz != tuned->nz
      || running->ng != tuned->ng)
    {
      g_set_error_literal (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RETUNE,
                           "the activations or states of the model changed; the new values "
                           "need a new run");
      return FALSE;
    }
  return TRUE;
}

/* The tuned values, in the running program's block order. */
static OrrRetune *
retune_copy (const OrrProgram *tuned, const int *match)
{
  OrrRetune *retune = g_new0 (OrrRetune, 1);

  retune->n_blocks = tuned->n_blocks;
  retune->blocks = g_new0 (OrrRetuneBlock, MAX (tuned->n_blocks, 1));
  for (int b = 0; b < tuned->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &tuned->blocks[match[b]];
      OrrRetuneBlock *rb = &retune->blocks[b];

      if (pb->n_rpar > 0)
        rb->rpar = g_memdup2 (pb->rpar, sizeof (double) * pb->n_rpar);
      if (pb->n_ipar > 0)
        rb->ipar = g_memdup2 (pb->ipar, sizeof (int) * pb->n_ipar);
      if (pb->n_opar > 0)
        {
          /* NULL-terminated; a NULL value is kept as a reference to the
           * running one (it cannot change: its type is checked). */
          rb->opar = g_new0 (OrrValue *, pb->n_opar + 1);
          for (int i = 0; i < pb->n_opar; i++)
            if (pb->opar[i] == NULL)
              {
                free_opar (rb->opar);
                rb->opar = NULL;
                break;
              }
            else
              rb->opar[i] = orr_value_ref (pb->opar[i]);
        }
    }
  return retune;
}

gboolean
orr_simulation_retune (OrrSimulation *sim, const OrrProgram *tuned, GError **error)
{
  OrrRetune *retune, *old;
  g_autofree int *match = NULL;

  g_return_val_if_fail (sim != NULL, FALSE);
  g_return_val_if_fail (tuned != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  match = g_new0 (int, MAX (sim->program->n_blocks, 1));
  if (!check_structure (sim->program, tuned, match, error))
    return FALSE;
  retune = retune_copy (tuned, match);
  g_mutex_lock (&sim->tune.retune_mutex);
  old = sim->tune.retune_pending;
  sim->tune.retune_pending = retune;
  g_atomic_int_set (&sim->tune.retune_flag, 1);
  g_mutex_unlock (&sim->tune.retune_mutex);
  retune_free (old);
  return TRUE;
}

double
orr_simulation_get_retune_time (OrrSimulation *sim)
{
  double t;

  g_return_val_if_fail (sim != NULL, NAN);

  g_mutex_lock (&sim->tune.retune_mutex);
  t = sim->tune.retune_time;
  g_mutex_unlock (&sim->tune.retune_mutex);
  return t;
}

/* ---- applying, on the simulation's thread -------------------------------- */

/* Takes the block's new values if they differ from those in use; TRUE
 * if they did. */
static gboolean
take_values (OrrSimulation *sim, int b, OrrRetuneBlock *rb)
{
  OrrSimBlock *block = &sim->blocks[b];
  gboolean changed = FALSE;

  if (block->n_rpar > 0 && rb->rpar != NULL
      && memcmp (rb->rpar, block->rpar, sizeof (double) * block->n_rpar) != 0)
    {
      g_free (sim->tune.tuned_rpar[b]);
      sim->tune.tuned_rpar[b] = g_steal_pointer (&rb->rpar);
      block->rpar = sim->tune.tuned_rpar[b];
      changed = TRUE;
    }
  if (block->n_ipar > 0 && rb->ipar != NULL
      && memcmp (rb->ipar, block->ipar, sizeof (int) * block->n_ipar) != 0)
    {
      g_free (sim->tune.tuned_ipar[b]);
      sim->tune.tuned_ipar[b] = g_steal_pointer (&rb->ipar);
      block->ipar = sim->tune.tuned_ipar[b];
      changed = TRUE;
    }
  if (block->n_opar > 0 && rb->opar != NULL)
    {
      gboolean differ = FALSE;

      for (int i = 0; i < block->n_opar && !differ; i++)
        differ = !orr_value_equal (rb->opar[i], block->opar[i]);
      if (differ)
        {
          free_opar (sim->tune.tuned_opar[b]);
          sim->tune.tuned_opar[b] = g_steal_pointer (&rb->opar);
          block->opar = (OrrValue *const *)sim->tune.tuned_opar[b];
          changed = TRUE;
        }
    }
  return changed;
}

void
orr_sim_retune_apply (OrrSimulation *sim)
{
  const OrrProgram *program = sim->program;
  OrrRetune *retune;
  g_autofree gboolean *changed = NULL;
  g_autofree int *producer = NULL;
  gboolean any = FALSE;

  g_mutex_lock (&sim->tune.retune_mutex);
  retune = g_steal_pointer (&sim->tune.retune_pending);
  g_atomic_int_set (&sim->tune.retune_flag, 0);
  sim->tune.retune_time = sim->time.t;
  g_mutex_unlock (&sim->tune.retune_mutex);
  if (retune == NULL)
    return;

  changed = g_new0 (gboolean, MAX (program->n_blocks, 1));
  for (int b = 0; b < program->n_blocks; b++)
    {
      changed[b] = take_values (sim, b, &retune->blocks[b]);
      any = any || changed[b];
    }
  retune_free (retune);
  if (!any)
    return;

  /* Constant blocks ran once, at initialisation: again now if their
   * parameters or a constant input changed. The init list is in schedule
   * order, and constant blocks read only constant blocks. */
  producer = g_new (int, MAX (program->n_buffers, 1));
  for (int k = 0; k < program->n_buffers; k++)
    producer[k] = -1;
  for (int b = 0; b < program->n_blocks; b++)
    for (int o = 0; o < program->blocks[b].n_out; o++)
      producer[program->blocks[b].out[o]] = b;
  {
    OrrPhase saved_phase = sim->time.phase;
    gboolean saved_fixed = sim->time.modes_fixed;

    sim->time.phase = ORR_PHASE_EVENT;
    sim->time.modes_fixed = FALSE;
    for (int i = 0; i < program->init_list.n && !sim->failed; i++)
      {
        int b = program->init_list.items[i].block;
        const OrrProgramBlock *pb = &program->blocks[b];

        if (!pb->constant)
          continue;
        for (int k = 0; k < pb->n_in && !changed[b]; k++)
          changed[b] = pb->in[k].buffer >= 0 && producer[pb->in[k].buffer] >= 0
                       && changed[producer[pb->in[k].buffer]];
        if (!changed[b] || !orr_sim_callable (pb->kind))
          continue;
        orr_sim_set_nevprt (sim, b, program->init_list.items[i].nevprt);
        orr_sim_call (sim, b, ORR_JOB_OUTPUTS);
        if (!sim->failed)
          orr_sim_check_block_finite (sim, b);
      }
    sim->time.phase = saved_phase;
    sim->time.modes_fixed = saved_fixed;
  }

  /* Whatever changed, the right-hand side may have: the solver starts
   * afresh from the current point, with every continuous output brought
   * up to date first. */
  if (sim->cont.continuous)
    {
      orr_sim_request_restart (sim);
      orr_sim_mark_outputs_stale (sim);
      if (sim->cont.jacobian != NULL)
        orr_sim_jacobian_forget (sim->cont.jacobian);
    }
}
