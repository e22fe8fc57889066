/* orr-jacobian.c: the Jacobian of the whole model for the implicit
 * solvers: where it can be nonzero, how to store it, and its values.
 *
 * Pattern. The compiler gives only half-bandwidths. We derive the pattern
 * from the block graph instead of perturbing states one by one (n model
 * evaluations, O(n^2) for n states): the derivatives of a block with
 * states depend on its own states and on the states that reach its inputs
 * through blocks with feedthrough, which a search over the links finds in
 * time proportional to the entries. It is conservative: a block's own
 * states are taken as coupled with each other, and a block's outputs as
 * depending on all its feedthrough inputs. When the compiler gives a band
 * too, the pattern is cut to it.
 *
 * Storage. Dense LU for small models (up to 20 states), where nothing is
 * gained otherwise; band LU when the band is narrow (at most 16 wide) or
 * barely wider than the pattern's own columns, since a band solver groups
 * columns and factors in O(n w^2); KLU when the pattern is sparse (at most
 * 10% full, 100 states or more) but not narrow, like a long loop that
 * closes a chain or a 2-D grid, where a band would be nearly dense; dense
 * otherwise.
 *
 * Values. Blocks with an analytic Jacobian give d(x'_b)/d(x_b) with their
 * inputs held. Everything else comes from difference quotients, one model
 * evaluation per group of columns that share no row (a greedy colouring),
 * with analytic blocks' own states held at the base point so that the
 * quotients carry only what flows through their inputs. With only
 * analytic blocks whose inputs do not depend on states, no model
 * evaluation is needed. CVODE, ARKODE and IDA form their own difference
 * quotients for dense and band matrices when no block is analytic; we
 * step in for KLU (SUNDIALS has no difference quotients for sparse
 * matrices), for analytic blocks, and for the fixed-step implicit methods.
 *
 * DESIGN: owns continuous integration, with orr-continuous.c (sim->cont):
 * the Jacobian's pattern, storage and values, and keeping them across
 * restarts (all in OrrSimJacobian), and evaluating the continuous outputs
 * and surfaces at the current states (orr_sim_eval_continuous,
 * orr_sim_eval_surfaces); of OrrSimulation it writes only the state
 * vectors' elements and the statistics it counts.
 */

#include <float.h>
#include <math.h>
#include <string.h>

#include "orr-sim-private.h"

#define DENSE_MAX_STATES 20
#define NARROW_BAND 16
#define SPARSE_MIN_STATES 100
#define SPARSE_MAX_DENSITY 0.1
/* Beyond this many entries the pattern is given up as dense. */
#define PATTERN_MAX_DENSITY 0.25

struct _OrrSimJacobian
{
  OrrSimulation *sim;
  OrrSparsity pattern; /* the whole Jacobian */
  OrrSparsity fd;      /* the entries difference quotients compute */
  int *fd_to_pattern;  /* fd entry -> pattern entry; NULL: the same patterns */
  gboolean fd_full;    /* every column, every row */
  gboolean has_analytic;
  OrrLinearKind linear;
  gboolean callback; /* we compute the values (else the solver's own quotients) */

  int n_colors;
  int *color_ptr;  /* n_colors + 1 */
  int *color_cols; /* columns grouped by colour */

  double *x, *xd, *f0, *f1, *delta, *held_x, *held_xd;
  gboolean *analytic_state;
  char *description;

  /* Reuse across restarts (ODE methods only, see orr_sim_jacobian_restart):
   * the last values computed, and the accepted step they were computed at. */
  gboolean reuse; /* this backend may be handed saved values */
  double *saved;  /* pattern.nnz values */
  gboolean saved_valid;
  guint64 saved_step;
  gboolean reuse_armed; /* the next request may take the saved values */
};

/* A Jacobian older than this many accepted steps is not reused: CVODE
 * itself evaluates a new one every 50 steps. */
#define REUSE_MAX_STEPS 50

/* ---- the pattern ---------------------------------------------------------------- */

typedef struct
{
  int *ptr;   /* per buffer: consumers from ptr[k] to ptr[k + 1] */
  int *block; /* consuming block */
  gboolean *feedthrough;
} Consumers;

static void
consumers_build (const OrrProgram *program, Consumers *c)
{
  int n_buffers = program->n_buffers;
  int total = 0;
  g_autofree int *fill = g_new0 (int, MAX (n_buffers, 1) + 1);

  c->ptr = g_new0 (int, n_buffers + 1);
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!pb->continuous)
        continue;
      for (int i = 0; i < pb->n_in; i++)
        if (pb->in[i].buffer >= 0)
          {
            c->ptr[pb->in[i].buffer + 1]++;
            total++;
          }
    }
  for (int k = 0; k < n_buffers; k++)
    c->ptr[k + 1] += c->ptr[k];
  c->block = g_new (int, MAX (total, 1));
  c->feedthrough = g_new (gboolean, MAX (total, 1));
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (!pb->continuous)
        continue;
      for (int i = 0; i < pb->n_in; i++)
        if (pb->in[i].buffer >= 0)
          {
            int k = pb->in[i].buffer;
            int at = c->ptr[k] + fill[k]++;

            c->block[at] = b;
            c->feedthrough[at] = pb->feedthrough == NULL || pb->feedthrough[i];
          }
    }
}

static void
consumers_clear (Consumers *c)
{
  g_free (c->ptr);
  g_free (c->block);
  g_free (c->feedthrough);
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  int x = *(const int *)a, y = *(const int *)b;

  return x < y ? -1 : x > y;
}

/* Appends the rows of the state blocks in blocks (sorted by x_offset,
 * which follows block order) that lie inside the band around column j. */
static void
append_rows (const OrrProgram *program, GArray *blocks, int j, int lower, int upper, GArray *rows)
{
  for (guint k = 0; k < blocks->len; k++)
    {
      const OrrProgramBlock *pb = &program->blocks[g_array_index (blocks, int, k)];

      for (int i = pb->x_offset; i < pb->x_offset + pb->nx; i++)
        if ((lower < 0 || i - j <= lower) && (upper < 0 || j - i <= upper))
          g_array_append_val (rows, i);
    }
}

/* Builds the whole pattern and the difference-quotient pattern; FALSE when
 * the pattern is too dense to be worth keeping (both are then full). */
static gboolean
build_patterns (OrrSimJacobian *jac)
{
  const OrrProgram *program = jac->sim->program;
  int n = program->nx;
  int band_lower = program->jacobian_lower, band_upper = program->jacobian_upper;
  /* Small patterns cost nothing to keep, and a block's analytic
   * Jacobian spares model evaluations only with one. */
  double max_entries = n <= 64 ? INFINITY : PATTERN_MAX_DENSITY * (double)n * n;
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) fd_rows = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) reached = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) fd_reached = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree int *seen = g_new (int, MAX (program->n_blocks, 1));
  g_autofree int *state_seen = g_new (int, MAX (program->n_blocks, 1));
  Consumers consumers;
  int lower = 0, upper = 0;

  /* A hand-built program may leave the band unset (-1): no cut. */
  if (band_lower < 0 || band_upper < 0)
    band_lower = band_upper = -1;

  consumers_build (program, &consumers);
  for (int b = 0; b < program->n_blocks; b++)
    seen[b] = state_seen[b] = -1;

  jac->pattern.colptr = g_new0 (int, n + 1);
  jac->fd.colptr = g_new0 (int, n + 1);

  for (int a = 0; a < program->n_blocks; a++)
    {
      const OrrProgramBlock *pa = &program->blocks[a];

      if (pa->nx == 0)
        continue;

      /* The state blocks a's states reach through inputs. */
      g_array_set_size (reached, 0);
      g_array_set_size (queue, 0);
      g_array_append_val (queue, a);
      seen[a] = a;
      for (guint head = 0; head < queue->len; head++)
        {
          const OrrProgramBlock *pv = &program->blocks[g_array_index (queue, int, head)];

          for (int o = 0; o < pv->n_out; o++)
            {
              int buffer = pv->out[o];

              for (int k = consumers.ptr[buffer]; k < consumers.ptr[buffer + 1]; k++)
                {
                  int w = consumers.block[k];

                  if (program->blocks[w].nx > 0 && state_seen[w] != a)
                    {
                      state_seen[w] = a;
                      g_array_append_val (reached, w);
                    }
                  if (consumers.feedthrough[k] && seen[w] != a)
                    {
                      seen[w] = a;
                      g_array_append_val (queue, w);
                    }
                }
            }
        }

      /* The difference quotients see the blocks reached through inputs,
       * and a itself unless it is analytic; the whole pattern has a too. */
      g_array_set_size (fd_reached, 0);
      g_array_append_vals (fd_reached, reached->data, reached->len);
      if (!pa->analytic_jacobian && state_seen[a] != a)
        g_array_append_val (fd_reached, a);
      if (state_seen[a] != a)
        g_array_append_val (reached, a);
      g_array_sort (reached, compare_ints);
      g_array_sort (fd_reached, compare_ints);

      for (int j = pa->x_offset; j < pa->x_offset + pa->nx; j++)
        {
          append_rows (program, reached, j, band_lower, band_upper, rows);
          append_rows (program, fd_reached, j, band_lower, band_upper, fd_rows);
          jac->pattern.colptr[j + 1] = rows->len;
          jac->fd.colptr[j + 1] = fd_rows->len;
          if (rows->len > max_entries)
            {
              consumers_clear (&consumers);
              g_clear_pointer (&jac->pattern.colptr, g_free);
              g_clear_pointer (&jac->fd.colptr, g_free);
              return FALSE;
            }
        }
    }
  consumers_clear (&consumers);

  /* Blocks are in state order, so columns were filled in order; a state
   * no block owns would leave its column empty but for the diagonal,
   * which every matrix we factor needs. */
  jac->pattern.n = jac->fd.n = n;
  jac->pattern.nnz = rows->len;
  jac->fd.nnz = fd_rows->len;
  jac->pattern.rowind = (int *)g_array_free (g_steal_pointer (&rows), FALSE);
  jac->fd.rowind = (int *)g_array_free (g_steal_pointer (&fd_rows), FALSE);

  for (int j = 0; j < n; j++)
    for (int k = jac->pattern.colptr[j]; k < jac->pattern.colptr[j + 1]; k++)
      {
        lower = MAX (lower, jac->pattern.rowind[k] - j);
        upper = MAX (upper, j - jac->pattern.rowind[k]);
      }
  jac->pattern.lower = jac->fd.lower = lower;
  jac->pattern.upper = jac->fd.upper = upper;

  if (jac->has_analytic)
    {
      jac->fd_to_pattern = g_new (int, MAX (jac->fd.nnz, 1));
      for (int j = 0; j < n; j++)
        {
          int k = jac->pattern.colptr[j];

          for (int f = jac->fd.colptr[j]; f < jac->fd.colptr[j + 1]; f++)
            {
              while (jac->pattern.rowind[k] != jac->fd.rowind[f])
                k++;
              jac->fd_to_pattern[f] = k;
            }
        }
    }
  return TRUE;
}

static void
set_full (OrrSparsity *sparsity, int n)
{
  sparsity->n = n;
  sparsity->full = TRUE;
  sparsity->nnz = (gsize)n * n;
  sparsity->lower = sparsity->upper = MAX (n - 1, 0);
}

/* Greedy colouring of the difference-quotient pattern's columns: two
 * columns share a colour only when no row has entries in both. */
static void
color_columns (OrrSimJacobian *jac)
{
  const OrrSparsity *fd = &jac->fd;
  int n = fd->n;
  g_autofree int *row_ptr = g_new0 (int, n + 1);
  g_autofree int *row_cols = g_new (int, MAX (fd->nnz, 1));
  g_autofree int *fill = g_new0 (int, n);
  g_autofree int *color = g_new (int, n);
  g_autofree int *forbidden = g_new (int, n + 1);
  g_autofree int *count = NULL;

  if (jac->fd_full)
    {
      jac->n_colors = n;
      jac->color_ptr = g_new (int, n + 1);
      jac->color_cols = g_new (int, MAX (n, 1));
      for (int j = 0; j <= n; j++)
        jac->color_ptr[j] = j;
      for (int j = 0; j < n; j++)
        jac->color_cols[j] = j;
      return;
    }

  for (gsize k = 0; k < fd->nnz; k++)
    row_ptr[fd->rowind[k] + 1]++;
  for (int i = 0; i < n; i++)
    row_ptr[i + 1] += row_ptr[i];
  for (int j = 0; j < n; j++)
    for (int k = fd->colptr[j]; k < fd->colptr[j + 1]; k++)
      {
        int i = fd->rowind[k];

        row_cols[row_ptr[i] + fill[i]++] = j;
      }

  jac->n_colors = 0;
  for (int c = 0; c <= n; c++)
    forbidden[c] = -1;
  for (int j = 0; j < n; j++)
    {
      int c = 0;

      color[j] = -1;
      if (fd->colptr[j] == fd->colptr[j + 1])
        continue; /* nothing to compute in this column */
      for (int k = fd->colptr[j]; k < fd->colptr[j + 1]; k++)
        {
          int i = fd->rowind[k];

          for (int r = row_ptr[i]; r < row_ptr[i + 1] && row_cols[r] < j; r++)
            if (color[row_cols[r]] >= 0)
              forbidden[color[row_cols[r]]] = j;
        }
      while (forbidden[c] == j)
        c++;
      color[j] = c;
      jac->n_colors = MAX (jac->n_colors, c + 1);
    }

  count = g_new0 (int, jac->n_colors + 1);
  for (int j = 0; j < n; j++)
    if (color[j] >= 0)
      count[color[j] + 1]++;
  for (int c = 0; c < jac->n_colors; c++)
    count[c + 1] += count[c];
  jac->color_ptr = g_memdup2 (count, sizeof (int) * (jac->n_colors + 1));
  jac->color_cols = g_new (int, MAX (count[jac->n_colors], 1));
  for (int j = 0; j < n; j++)
    if (color[j] >= 0)
      jac->color_cols[count[color[j]]++] = j;
}

/* ---- storage ---------------------------------------------------------------------- */

static OrrLinearKind
choose_storage (OrrSimJacobian *jac, OrrSimLinear request)
{
  const OrrSparsity *p = &jac->pattern;
  int n = p->n;
  double width = p->lower + p->upper + 1;

  switch (request)
    {
      case ORR_SIM_LINEAR_DENSE:
        return ORR_LINEAR_DENSE;
      case ORR_SIM_LINEAR_BAND:
        return ORR_LINEAR_BAND;
      case ORR_SIM_LINEAR_SPARSE:
        return ORR_LINEAR_SPARSE;
      case ORR_SIM_LINEAR_AUTO:
      default:
        break;
    }
  if (n <= DENSE_MAX_STATES || p->full)
    return ORR_LINEAR_DENSE;
  if (width < n / 2.0 && (width <= NARROW_BAND || width * n <= 4.0 * (double)p->nnz))
    return ORR_LINEAR_BAND;
  if (n >= SPARSE_MIN_STATES && (double)p->nnz <= SPARSE_MAX_DENSITY * (double)n * n)
    return ORR_LINEAR_SPARSE;
  return ORR_LINEAR_DENSE;
}

/* ---- values -------------------------------------------------------------------------- */

/* The model at (t, x, xd) into out, the right-hand side or the residual,
 * with analytic blocks' derivative jobs seeing their own states at the
 * base point held_x (NULL: no holding). */
static gboolean
evaluate (OrrSimJacobian *jac, double t, const double *x, const double *xd, gboolean hold,
          double *out)
{
  OrrSimulation *sim = jac->sim;
  const OrrProgram *program = sim->program;
  const OrrActivationList *derivatives = &program->derivative_list;
  int n = program->nx;
  OrrSavedTime saved;
  gboolean ok;

  sim->stats.rhs_calls++;
  saved = orr_sim_enter_trial (sim, t, x, xd);
  if (!hold)
    {
      /* what the solver's own right-hand side runs: the outputs the
       * derivatives need, then the derivatives */
      ok = orr_sim_run_calls (sim, &sim->cont.rhs_calls);
      goto done;
    }
  ok = orr_sim_run_outputs (sim, &program->continuous_list);
  for (int i = 0; i < derivatives->n && ok; i++)
    {
      int b = derivatives->items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];
      gboolean held = hold && pb->analytic_jacobian && pb->nx > 0;

      if (!orr_sim_callable (pb->kind))
        continue;
      if (held)
        {
          /* swap the base state in, and the trial one out */
          for (int k = pb->x_offset; k < pb->x_offset + pb->nx; k++)
            {
              double v = sim->cont.x[k];

              sim->cont.x[k] = jac->held_x[k];
              jac->held_x[k] = v;
              if (xd != NULL && pb->implicit)
                {
                  v = sim->cont.xd[k];
                  sim->cont.xd[k] = jac->held_xd[k];
                  jac->held_xd[k] = v;
                }
            }
        }
      if (sim->cont.hot_nevprt_writes)
        sim->blocks[b].nevprt = derivatives->items[i].nevprt;
      orr_sim_call (sim, b, ORR_JOB_DERIVATIVES);
      if (held)
        for (int k = pb->x_offset; k < pb->x_offset + pb->nx; k++)
          {
            double v = sim->cont.x[k];

            sim->cont.x[k] = jac->held_x[k];
            jac->held_x[k] = v;
            if (xd != NULL && pb->implicit)
              {
                v = sim->cont.xd[k];
                sim->cont.xd[k] = jac->held_xd[k];
                jac->held_xd[k] = v;
              }
          }
      ok = !sim->failed;
    }
done:
  orr_sim_leave_trial (sim, saved);
  if (!ok)
    return FALSE;

  if (xd == NULL)
    memcpy (out, sim->cont.xd, sizeof (double) * n);
  else
    for (int i = 0; i < n; i++)
      {
        /* explicit states: x'_block - x', with an analytic block's x'
         * held too */
        double solver_xd = hold && jac->analytic_state[i] ? jac->held_xd[i] : xd[i];

        out[i] = sim->cont.implicit_state[i] ? sim->cont.res[i] : sim->cont.xd[i] - solver_xd;
      }
  return TRUE;
}

/* Adds the analytic blocks' own Jacobians at (t, x, xd). */
static gboolean
add_analytic (OrrSimJacobian *jac, double t, double cj, const double *x, const double *xd,
              double *values)
{
  OrrSimulation *sim = jac->sim;
  const OrrProgram *program = sim->program;
  const OrrSparsity *p = &jac->pattern;
  OrrSavedTime saved = orr_sim_enter_trial (sim, t, x, xd);
  gboolean ok;

  sim->time.alpha = 1.0;
  sim->time.beta = cj;
  ok = orr_sim_run_outputs (sim, &program->continuous_list);
  for (int i = 0; i < program->derivative_list.n && ok; i++)
    {
      int b = program->derivative_list.items[i].block;
      const OrrProgramBlock *pb = &program->blocks[b];
      OrrSimBlock *block = &sim->blocks[b];
      int m = pb->nx, o = pb->x_offset;

      if (!pb->analytic_jacobian || m == 0 || block->jacobian == NULL)
        continue;
      memset (block->jacobian, 0, sizeof (double) * m * m);
      block->nevprt = 0;
      orr_sim_call (sim, b, ORR_JOB_JACOBIAN);
      block->nevprt = sim->cont.continuous_nevprt[b];
      if (sim->failed)
        {
          ok = FALSE;
          break;
        }
      for (int c = 0; c < m; c++)
        {
          int j = o + c;

          for (int r = 0; r < m; r++)
            {
              double v = block->jacobian[(gsize)c * m + r];
              int row = o + r;

              /* An explicit block's x'_block - x' gains -cj on the diagonal. */
              if (xd != NULL && !pb->implicit && r == c)
                v -= cj;
              if (p->full)
                values[(gsize)j * p->n + row] += v;
              else
                for (int k = p->colptr[j]; k < p->colptr[j + 1]; k++)
                  if (p->rowind[k] == row)
                    {
                      values[k] += v;
                      break;
                    }
            }
        }
    }
  sim->time.alpha = 1.0;
  sim->time.beta = 0.0;
  orr_sim_leave_trial (sim, saved);
  return ok;
}

static inline gsize
value_index (OrrSimJacobian *jac, int j, int i, int fd_entry)
{
  if (jac->pattern.full)
    return (gsize)j * jac->pattern.n + i;
  return jac->fd_to_pattern != NULL ? (gsize)jac->fd_to_pattern[fd_entry] : (gsize)fd_entry;
}

static int
sim_jacobian (double t, double cj, const double *x, const double *xd, const double *f,
              double *values, gpointer data)
{
  OrrSimJacobian *jac = data;
  OrrSimulation *sim = jac->sim;
  int n = jac->pattern.n;
  const double srur = sqrt (DBL_EPSILON);
  double scale = 1.0;

  if (orr_sim_callback_must_abort (sim))
    return -1;
  if (jac->reuse_armed)
    {
      /* The first request after a restart that an event caused: the
       * solver asks because it restarted, not because Newton failed
       * (then it asks again, and gets new values). */
      jac->reuse_armed = FALSE;
      if (jac->saved_valid && xd == NULL && sim->stats.steps - jac->saved_step < REUSE_MAX_STEPS)
        {
          memcpy (values, jac->saved, sizeof (double) * jac->pattern.nnz);
          sim->stats.jacobians_reused++;
          return 0;
        }
    }
  sim->stats.jacobians++;
  memset (values, 0, sizeof (double) * jac->pattern.nnz);

  if (jac->n_colors > 0)
    {
      const OrrSparsity *fd = &jac->fd;

      memcpy (jac->held_x, x, sizeof (double) * n);
      if (xd != NULL)
        memcpy (jac->held_xd, xd, sizeof (double) * n);
      if (f == NULL)
        {
          if (!evaluate (jac, t, x, xd, jac->has_analytic, jac->f0))
            return -1;
          f = jac->f0;
        }

      for (int i = 0; i < n; i++)
        scale = MAX (scale, fabs (x[i]));
      memcpy (jac->x, x, sizeof (double) * n);
      if (xd != NULL)
        memcpy (jac->xd, xd, sizeof (double) * n);

      for (int c = 0; c < jac->n_colors; c++)
        {
          for (int k = jac->color_ptr[c]; k < jac->color_ptr[c + 1]; k++)
            {
              int j = jac->color_cols[k];
              /* Relative to the state, and never below a small fraction
               * of the model's scale, so that states at zero still get a
               * perturbation well above rounding. */
              double h = srur * MAX (fabs (x[j]), 1e-5 * scale);

              jac->x[j] = x[j] + h;
              h = jac->x[j] - x[j]; /* what was actually added */
              jac->delta[j] = h;
              if (xd != NULL)
                jac->xd[j] = xd[j] + cj * h;
            }
          if (!evaluate (jac, t, jac->x, xd != NULL ? jac->xd : NULL, jac->has_analytic, jac->f1))
            return -1;
          for (int k = jac->color_ptr[c]; k < jac->color_ptr[c + 1]; k++)
            {
              int j = jac->color_cols[k];
              double inv = 1.0 / jac->delta[j];

              if (jac->fd_full)
                for (int i = 0; i < n; i++)
                  values[value_index (jac, j, i, 0)] = (jac->f1[i] - f[i]) * inv;
              else
                for (int e = fd->colptr[j]; e < fd->colptr[j + 1]; e++)
                  {
                    int i = fd->rowind[e];

                    values[value_index (jac, j, i, e)] = (jac->f1[i] - f[i]) * inv;
                  }
              jac->x[j] = x[j];
              if (xd != NULL)
                jac->xd[j] = xd[j];
            }
        }
    }

  if (jac->has_analytic && !add_analytic (jac, t, cj, x, xd, values))
    return -1;
  if (jac->reuse)
    {
      /* (with the solver's own quotients CVODE would meet the overflow
       * in its linear solver; say so here: a smaller step may help) */
      double sum = 0;

      for (gsize e = 0; e < jac->pattern.nnz; e++)
        sum += values[e];
      if (!isfinite (sum))
        return 1;
    }
  if (jac->reuse && xd == NULL)
    {
      memcpy (jac->saved, values, sizeof (double) * jac->pattern.nnz);
      jac->saved_valid = TRUE;
      jac->saved_step = sim->stats.steps;
    }
  return 0;
}

void
orr_sim_jacobian_restart (OrrSimJacobian *jac, gboolean may_reuse)
{
  jac->reuse_armed = jac->reuse && may_reuse;
}

void
orr_sim_jacobian_forget (OrrSimJacobian *jac)
{
  jac->saved_valid = FALSE;
  jac->reuse_armed = FALSE;
}

/* ---- set-up ------------------------------------------------------------------------- */

static const char *
storage_name (OrrLinearKind kind)
{
  switch (kind)
    {
      case ORR_LINEAR_BAND:
        return "band LU";
      case ORR_LINEAR_SPARSE:
        return "sparse LU (KLU)";
      case ORR_LINEAR_DENSE:
      default:
        return "dense LU";
    }
}

/* Events that can restart the solver without a crossing before them. */
static gboolean
has_plain_events (const OrrProgram *program)
{
  for (int s = 0; s < program->n_sources; s++)
    {
      const OrrSource *source = &program->sources[s];

      if (source->kind == ORR_SOURCE_CLOCK
          || (source->kind == ORR_SOURCE_EVENT
              && (source->block < 0 || program->blocks[source->block].ng == 0)))
        return TRUE;
    }
  return FALSE;
}

OrrSimJacobian *
orr_sim_jacobian_new (OrrSimulation *sim, OrrSolverMethod method, OrrSimLinear request)
{
  const OrrProgram *program = sim->program;
  OrrSimJacobian *jac = g_new0 (OrrSimJacobian, 1);
  int n = sim->cont.n_solver;

  jac->sim = sim;
  jac->analytic_state = g_new0 (gboolean, n);
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];

      if (pb->analytic_jacobian && pb->nx > 0 && orr_sim_callable (pb->kind))
        {
          jac->has_analytic = TRUE;
          for (int i = pb->x_offset; i < pb->x_offset + pb->nx; i++)
            jac->analytic_state[i] = TRUE;
        }
    }

  if (!orr_solver_method_needs_jacobian (method))
    {
      /* Explicit methods and fixed-point iterations: nothing to store. */
      jac->description = g_strdup ("no Jacobian");
      return jac;
    }

  /* The pattern costs a search over the links; SUNDIALS's own quotients
   * on a dense matrix, or on the compiler's narrow band, do not need it. */
  /* Small dense CVODE models with events that do not follow a zero
   * crossing (clocks, blocks programming events without surfaces) get our
   * own quotients instead, which can be kept across the restarts those
   * events cause (jac->reuse). Elsewhere SUNDIALS's are a little cheaper
   * (Van der Pol: 4 % more instructions with ours). */
  jac->reuse = (method == ORR_SOLVER_CVODE_BDF || method == ORR_SOLVER_CVODE_ADAMS)
               && (request == ORR_SIM_LINEAR_AUTO || request == ORR_SIM_LINEAR_DENSE)
               && n <= DENSE_MAX_STATES && has_plain_events (program);
  if (!jac->has_analytic && !orr_solver_method_is_fixed_step (method) && !jac->reuse
      && (request == ORR_SIM_LINEAR_DENSE
          || (request == ORR_SIM_LINEAR_AUTO && n <= DENSE_MAX_STATES)
          || ((request == ORR_SIM_LINEAR_AUTO || request == ORR_SIM_LINEAR_BAND)
              && program->jacobian_lower >= 0 && program->jacobian_upper >= 0
              && program->jacobian_lower + program->jacobian_upper + 1 <= NARROW_BAND
              && program->jacobian_lower + program->jacobian_upper + 1 < n / 2.0)))
    {
      gboolean dense = request == ORR_SIM_LINEAR_DENSE
                       || (request == ORR_SIM_LINEAR_AUTO && n <= DENSE_MAX_STATES);

      set_full (&jac->pattern, n);
      if (!dense)
        {
          jac->pattern.full = FALSE;
          jac->pattern.lower = program->jacobian_lower;
          jac->pattern.upper = program->jacobian_upper;
          jac->pattern.nnz = 0;
          for (int d = -program->jacobian_upper; d <= program->jacobian_lower; d++)
            jac->pattern.nnz += n - ABS (d);
        }
      jac->linear = dense ? ORR_LINEAR_DENSE : ORR_LINEAR_BAND;
      jac->description = g_strdup_printf (
        "%s, %d states, at most %" G_GSIZE_FORMAT " Jacobian entries, half-bandwidths %d and "
        "%d; difference quotients by the solver",
        storage_name (jac->linear), n, jac->pattern.nnz, jac->pattern.lower, jac->pattern.upper);
      return jac;
    }

  if (program->nx == 0 || !build_patterns (jac))
    {
      /* No states (the dummy one) or a dense model. */
      set_full (&jac->pattern, n);
      set_full (&jac->fd, n);
      jac->fd_full = TRUE;
    }
  jac->linear = choose_storage (jac, request);

  /* SUNDIALS forms its own difference quotients for dense and band
   * matrices; we compute the values for KLU, for analytic blocks and for
   * our own fixed-step methods. */
  jac->callback = jac->linear == ORR_LINEAR_SPARSE || jac->has_analytic
                  || orr_solver_method_is_fixed_step (method) || jac->reuse;
  jac->reuse = jac->reuse && jac->callback;
  if (jac->reuse)
    jac->saved = g_new0 (double, MAX (jac->pattern.nnz, 1));

  if (jac->callback)
    {
      if (!jac->fd_full && jac->fd.nnz == 0)
        jac->n_colors = 0; /* all analytic: no model evaluation at all */
      else
        color_columns (jac);
      jac->x = g_new0 (double, (gsize)7 * n);
      jac->xd = jac->x + n;
      jac->f0 = jac->xd + n;
      jac->f1 = jac->f0 + n;
      jac->delta = jac->f1 + n;
      jac->held_x = jac->delta + n;
      jac->held_xd = jac->held_x + n;
    }

  jac->description = g_strdup_printf (
    "%s, %d states, %" G_GSIZE_FORMAT " Jacobian entries, half-bandwidths %d and %d; %s",
    storage_name (jac->linear), n, jac->pattern.nnz, jac->pattern.lower, jac->pattern.upper,
    !jac->callback                            ? "difference quotients by the solver"
    : jac->has_analytic && jac->n_colors == 0 ? "analytic"
    : jac->has_analytic                       ? "analytic blocks and grouped difference quotients"
                                              : "grouped difference quotients");
  if (jac->callback && jac->n_colors > 0)
    {
      char *with_colors
        = g_strdup_printf ("%s (%d model evaluation%s per Jacobian)", jac->description,
                           jac->n_colors, jac->n_colors > 1 ? "s" : "");

      g_free (jac->description);
      jac->description = with_colors;
    }
  return jac;
}

void
orr_sim_jacobian_configure (OrrSimJacobian *jac, OrrSolverOptions *options)
{
  options->linear = jac->linear;
  options->sparsity = &jac->pattern;
  options->jacobian = jac->callback ? sim_jacobian : NULL;
  options->jacobian_data = jac;
}

const char *
orr_sim_jacobian_describe (OrrSimJacobian *jac)
{
  return jac->description;
}

void
orr_sim_jacobian_free (OrrSimJacobian *jac)
{
  if (jac == NULL)
    return;
  g_free (jac->pattern.colptr);
  g_free (jac->pattern.rowind);
  g_free (jac->fd.colptr);
  g_free (jac->fd.rowind);
  g_free (jac->fd_to_pattern);
  g_free (jac->color_ptr);
  g_free (jac->color_cols);
  g_free (jac->x);
  g_free (jac->saved);
  g_free (jac->analytic_state);
  g_free (jac->description);
  g_free (jac);
}
