/* orr-compile.c: the compiler's driver, and the assembly of the immutable
 * program from what the steps found: blocks in schedule order, one buffer
 * per output, state offsets, activation sources and their lists, the base
 * clock and the Jacobian's band. */
#include "orr-compile-private.h"
#include "../sim/orr-loops.h"

#include <math.h>
#include <float.h>
#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_compile_error_quark (void)
{
  return g_quark_from_static_string ("orr-compile-error-quark");
}

#define MAX_PROBLEMS_IN_MESSAGE 20

void
orr_compiler_problem (Compiler *c, const char *const *block_ids, char *where, const char *format,
                      ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (c->problems, orr_problem_new (block_ids, where, message));
}

gboolean
orr_compiler_has_problems (Compiler *c)
{
  return c->problems->len > 0;
}

static void
flat_block_free (FlatBlock *fb)
{
  g_free (fb->path);
  for (int p = 0; p < fb->n_evin; p++)
    if (fb->evin_sources[p] != NULL)
      g_array_unref (fb->evin_sources[p]);
  if (fb->activation != NULL)
    g_hash_table_unref (fb->activation);
  if (fb->after != NULL)
    g_array_unref (fb->after);
  g_free (fb); /* with its per-port arrays (orr-flatten.c) */
}

/* ---- program assembly -------------------------------------------------------- */

/* Bytes per element of a port buffer. A string port, which no block
 * can fill, gets a double's room as before rather than none. */
static gsize
element_size (OrrType type)
{
  gsize size = orr_type_element_size (type);

  return size > 0 ? size : sizeof (double);
}

static int
resolved (UnionFind *uf, int node, int fallback)
{
  int value = uf->value[orr_union_find_root (uf, node)];
  return value != 0 ? value : fallback;
}

/* The element count of a block's input, once sizes are resolved. */
static int
input_numel (Compiler *c, FlatBlock *fb, int port)
{
  if (port >= fb->n_in)
    return 0;
  return resolved (&c->dims, fb->in_rows[port], 1) * resolved (&c->dims, fb->in_cols[port], 1);
}

static OrrType
resolved_type (Compiler *c, int node)
{
  return (OrrType)(resolved (&c->types, node, ORR_TYPE_DOUBLE + 1) - 1);
}

/* Takes items. */
static void
fill_list (OrrActivationList *list, GArray *items)
{
  list->n = items->len;
  list->items = (OrrActivation *)g_array_free (items, FALSE);
}

static void
add_activation (GArray *items, int block, int nevprt)
{
  OrrActivation a = { block, nevprt };
  g_array_append_val (items, a);
}

/* The greatest common divisor of two periods, with a tolerance for the
 * binary rounding of decimal periods (0.3 is not three times 0.1). */
static double
period_gcd (double a, double b, double tol)
{
  while (b > tol)
    {
      double r = fmod (a, b);
      if (r > b - tol)
        r = 0;
      a = b;
      b = r;
    }
  return a;
}

static void
assemble_clocks (Compiler *c, OrrProgram *program, int *source_map)
{
  double base = 0, largest = 0, tol;

  for (int s = 0; s < program->n_sources; s++)
    {
      OrrSource *src = &program->sources[s];
      if (src->kind == ORR_SOURCE_CLOCK && src->period > 0)
        largest = MAX (largest, MAX (src->period, src->offset));
    }
  tol = 1e-9 * largest;
  for (int s = 0; s < program->n_sources; s++)
    {
      OrrSource *src = &program->sources[s];
      if (src->kind != ORR_SOURCE_CLOCK || src->period <= 0)
        continue;
      base = base == 0 ? src->period
                       : period_gcd (MAX (base, src->period), MIN (base, src->period), tol);
      if (src->offset > tol)
        base = period_gcd (MAX (base, src->offset), MIN (base, src->offset), tol);
    }
  program->base_period = base;

  for (int s = 0; s < program->n_sources; s++)
    {
      OrrSource *src = &program->sources[s];
      if (src->kind != ORR_SOURCE_CLOCK)
        continue;
      if (src->period < 0)
        {
          src->ratio = 0; /* initial only */
          src->shift = 0;
          continue;
        }
      src->ratio = llround (src->period / base);
      src->shift = llround (src->offset / base);
      if (fabs (src->ratio * base - src->period) > 1e-9 * src->period
          || fabs (src->shift * base - src->offset) > 1e-9 * MAX (src->offset, base))
        {
          FlatBlock *fb = g_ptr_array_index (
            c->flat, g_array_index (c->sources, SourceInfo, source_map[s]).block);
          const char *ids[] = { fb->doc->id, NULL };
          orr_compiler_problem (c, ids, g_strdup (fb->path),
                                "its period %g and offset %g have no common base clock with the "
                                "other SampleClocks (the base would be %g)",
                                src->period, src->offset, base);
        }
    }
}

/* Half-bandwidths of d(x')/dx: state block b depends on state block a when
 * a's outputs reach one of b's inputs through continuous blocks with
 * feedthrough. */
static void
assemble_band (Compiler *c, OrrProgram *program, int *program_index)
{
  int n = c->flat->len;
  g_autofree int *seen = g_new (int, MAX (n, 1));
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));
  /* the inputs block a drives: (consumer, port) at edge[2 * k] for k from
   * first[a] to first[a + 1] - 1, counted, then placed */
  g_autofree int *first = g_new0 (int, n + 1);
  g_autofree int *edge = NULL;
  int lower = 0, upper = 0;

  for (int i = 0; i < n; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);
      for (int p = 0; p < fb->n_in; p++)
        if (fb->in_block[p] >= 0)
          first[fb->in_block[p] + 1]++;
      seen[i] = -1;
    }
  for (int a = 0; a < n; a++)
    first[a + 1] += first[a];
  edge = g_new (int, 2 * MAX (first[n], 1));
  for (int i = 0; i < n; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);
      for (int p = 0; p < fb->n_in; p++)
        if (fb->in_block[p] >= 0)
          {
            int k = first[fb->in_block[p]]++;
            edge[2 * k] = i;
            edge[2 * k + 1] = p;
          }
    }
  for (int a = n; a > 0; a--)
    first[a] = first[a - 1];
  first[0] = 0;

  for (int a = 0; a < n; a++)
    {
      FlatBlock *fa = g_ptr_array_index (c->flat, a);
      const OrrProgramBlock *pa;

      if (fa->config->nx == 0 || program_index[a] < 0)
        continue;
      pa = &program->blocks[program_index[a]];
      lower = MAX (lower, pa->nx - 1);
      upper = MAX (upper, pa->nx - 1);

      g_array_set_size (queue, 0);
      g_array_append_val (queue, a);
      seen[a] = a;
      for (guint head = 0; head < queue->len; head++)
        {
          int v = g_array_index (queue, int, head);
          for (int k = first[v]; k < first[v + 1]; k++)
            {
              int w = edge[2 * k], port = edge[2 * k + 1];
              FlatBlock *fw = g_ptr_array_index (c->flat, w);
              OrrPortSpec *spec = &g_array_index (fw->config->inputs, OrrPortSpec, port);

              if (!fw->continuous || program_index[w] < 0)
                continue;
              if (fw->config->nx > 0)
                {
                  const OrrProgramBlock *pb = &program->blocks[program_index[w]];
                  lower = MAX (lower, pb->x_offset + pb->nx - 1 - pa->x_offset);
                  upper = MAX (upper, pa->x_offset + pa->nx - 1 - pb->x_offset);
                }
              if (spec->feedthrough && seen[w] != a)
                {
                  seen[w] = a;
                  g_array_append_val (queue, w);
                }
            }
        }
    }
  program->jacobian_lower = MIN (lower, MAX (program->nx - 1, 0));
  program->jacobian_upper = MIN (upper, MAX (program->nx - 1, 0));
}

/* A block's arrays in the program's one allocation (OrrProgram.block_arrays),
 * each rounded up to 8 bytes so that the doubles and pointers after it stay
 * aligned. One walk from a NULL cursor measures, a second hands out. */
static gpointer
take (guint8 **cursor, gsize n, gsize size)
{
  gpointer piece = *cursor;
  /* in integers: the measuring walk starts at NULL, and pointer
   * arithmetic on NULL is undefined */
  *cursor = (guint8 *)((guintptr)*cursor + ((n * size + 7) & ~(gsize)7));
  return piece;
}

typedef struct
{
  int *out, *evout_source, *ipar;
  OrrInputRef *in;
  gboolean *feedthrough;
  double *x0, *z0, *rpar;
  OrrValue **oz0, **opar;
} BlockArrays;

static BlockArrays
block_arrays (FlatBlock *fb, guint8 **cursor)
{
  OrrConfig *config = fb->config;
  BlockArrays a;

  a.out = take (cursor, MAX (fb->n_out, 1), sizeof (int));
  a.in = take (cursor, MAX (fb->n_in, 1), sizeof (OrrInputRef));
  a.feedthrough = take (cursor, MAX (fb->n_in, 1), sizeof (gboolean));
  a.evout_source = take (cursor, MAX (fb->n_evout, 1), sizeof (int));
  a.x0 = take (cursor, MAX (config->nx, 1), sizeof (double));
  a.z0 = take (cursor, MAX (config->nz, 1), sizeof (double));
  a.oz0 = take (cursor, MAX (orr_config_n (config->oz0), 1), sizeof (OrrValue *));
  a.rpar = take (cursor, orr_config_n (config->rpar), sizeof (double));
  a.ipar = take (cursor, orr_config_n (config->ipar), sizeof (int));
  a.opar = take (cursor, MAX (orr_config_n (config->opar), 1), sizeof (OrrValue *));
  return a;
}

/* The loops the schedule tore (settings.solve_loops): their blocks and
 * the buffers read across the cuts, and the last block's class wrapped so
 * that its outputs job ends with the solve (engine/sim/orr-loops.c). */
static void
assemble_loops (Compiler *c, OrrProgram *program, const int *program_index)
{
  if (c->loops == NULL || c->loops->len == 0)
    return;
  program->n_loops = c->loops->len;
  program->loops = g_new0 (OrrProgramLoop, program->n_loops);
  for (guint l = 0; l < c->loops->len; l++)
    {
      GArray *members = g_ptr_array_index (c->loops, l);
      GArray *tears = g_ptr_array_index (c->loop_tears, l);
      OrrProgramLoop *loop = &program->loops[l];
      g_autoptr (GString) names = g_string_new (NULL);
      int last;

      loop->n_blocks = members->len;
      loop->blocks = g_new (int, members->len);
      for (guint m = 0; m < members->len; m++)
        loop->blocks[m] = program_index[g_array_index (members, int, m)];
      for (int i = 1; i < loop->n_blocks; i++)
        for (int j = i; j > 0 && loop->blocks[j - 1] > loop->blocks[j]; j--)
          {
            int t = loop->blocks[j];
            loop->blocks[j] = loop->blocks[j - 1];
            loop->blocks[j - 1] = t;
          }
      for (int i = 0; i < loop->n_blocks; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                                program->blocks[loop->blocks[i]].path);
      loop->names = g_strdup (names->str);
      loop->n_tears = tears->len / 2;
      loop->tear_buffers = g_new (int, MAX (loop->n_tears, 1));
      for (int k = 0; k < loop->n_tears; k++)
        {
          int b = program_index[g_array_index (tears, int, 2 * k)];
          int port = g_array_index (tears, int, 2 * k + 1);
          int buffer = program->blocks[b].in[port].buffer;
          const OrrBufferInfo *info = &program->buffers[buffer];

          loop->tear_buffers[k] = buffer;
          if (info->type != ORR_TYPE_DOUBLE)
            orr_compiler_problem (c, NULL, g_strdup (program->blocks[b].path),
                                  "the algebraic loop through %s carries a signal of type %s; "
                                  "only real (double) loops can be solved",
                                  loop->names, orr_type_name (info->type));
          loop->n_unknowns += info->rows * info->cols;
        }
      last = loop->blocks[loop->n_blocks - 1];
      loop->klass = program->blocks[last].klass;
      loop->wrapper = g_memdup2 (loop->klass, sizeof (OrrBlockClass));
      loop->wrapper->simulate = orr_sim_loop_simulate;
      program->blocks[last].klass = loop->wrapper;
    }
}

static OrrProgram *
assemble (Compiler *c)
{
  OrrProgram *program = g_new0 (OrrProgram, 1);

  program->trusted = c->options.trust_native_code;
  if (c->options.model_path != NULL)
    program->model_path = g_canonicalize_filename (c->options.model_path, NULL);
  int n_flat = c->flat->len;
  g_autofree int *program_index = g_new (int, MAX (n_flat, 1));
  g_autofree int *first_buffer = g_new (int, MAX (n_flat, 1));
  g_autofree int *source_map = NULL;
  g_autofree int *program_source = g_new (int, MAX (c->sources->len, 1));
  g_autoptr (GArray) buffers = g_array_new (FALSE, TRUE, sizeof (OrrBufferInfo));
  g_autoptr (GArray) init = g_array_new (FALSE, FALSE, sizeof (OrrActivation));
  g_autoptr (GArray) continuous = g_array_new (FALSE, FALSE, sizeof (OrrActivation));
  g_autoptr (GArray) surfaces = g_array_new (FALSE, FALSE, sizeof (OrrActivation));
  g_autoptr (GArray) derivatives = g_array_new (FALSE, FALSE, sizeof (OrrActivation));
  GArray **lists;
  gsize offset = 0;
  guint8 *cursor = NULL;

  for (int i = 0; i < n_flat; i++)
    program_index[i] = -1;
  for (int k = 0; k < c->n_ranked; k++)
    program_index[c->order[k]->index] = k;

  /* sources: continuous clocks (period 0) became continuous time */
  source_map = g_new (int, MAX (c->sources->len, 1));
  for (guint s = 0; s < c->sources->len; s++)
    {
      SourceInfo *info = &g_array_index (c->sources, SourceInfo, s);
      if (info->kind == ORR_SOURCE_CLOCK && info->period == 0)
        program_source[s] = -1;
      else
        {
          program_source[s] = program->n_sources;
          source_map[program->n_sources++] = s;
        }
    }
  program->sources = g_new0 (OrrSource, MAX (program->n_sources, 1));

  program->n_blocks = c->n_ranked;
  program->blocks = g_new0 (OrrProgramBlock, MAX (c->n_ranked, 1));
  for (int k = 0; k < c->n_ranked; k++)
    block_arrays (c->order[k], &cursor);
  program->block_arrays = g_malloc0 (MAX ((gsize)cursor, 1));
  cursor = program->block_arrays;
  for (int k = 0; k < c->n_ranked; k++)
    {
      FlatBlock *fb = c->order[k];
      OrrConfig *config = fb->config;
      OrrProgramBlock *pb = &program->blocks[k];
      BlockArrays arrays = block_arrays (fb, &cursor);

      pb->klass = fb->klass;
      pb->path = fb->path; /* the program takes it at the end */
      pb->kind = config->kind;
      pb->model_block_id = fb->doc->id;
      pb->always_active = config->always_active || config->nx > 0;
      pb->constant = fb->constant;
      pb->continuous = fb->continuous;

      /* one buffer per output */
      pb->n_out = fb->n_out;
      pb->out = arrays.out;
      pb->in = arrays.in; /* filled below, once every buffer exists */
      pb->feedthrough = arrays.feedthrough;
      first_buffer[fb->index] = buffers->len;
      for (int j = 0; j < fb->n_out; j++)
        {
          OrrBufferInfo info;
          info.rows = resolved (&c->dims, fb->out_rows[j], 1);
          info.cols = resolved (&c->dims, fb->out_cols[j], 1);
          info.type = resolved_type (c, fb->out_type[j]);
          info.size = (gsize)info.rows * info.cols * element_size (info.type);
          info.offset = offset;
          offset += (info.size + 15) & ~(gsize)15;
          pb->out[j] = buffers->len;
          g_array_append_val (buffers, info);
        }

      pb->nx = config->nx;
      pb->x_offset = program->nx;
      program->nx += config->nx;
      pb->implicit = config->implicit;
      pb->x0 = config->x0 != NULL
                 ? memcpy (arrays.x0, config->x0, sizeof (double) * MAX (config->nx, 1))
                 : NULL;
      program->needs_dae |= config->implicit && config->nx > 0;
      pb->nz = config->nz;
      pb->z_offset = program->nz;
      program->nz += config->nz;
      pb->z0 = config->z0 != NULL
                 ? memcpy (arrays.z0, config->z0, sizeof (double) * MAX (config->nz, 1))
                 : NULL;
      pb->noz = orr_config_n (config->oz0);
      pb->oz0 = arrays.oz0;
      for (int j = 0; j < pb->noz; j++)
        pb->oz0[j] = orr_value_ref (g_ptr_array_index (config->oz0, j));
      pb->ng = config->ng >= 0 ? config->ng : input_numel (c, fb, 0);
      pb->g_offset = program->ng;
      pb->g_direction = config->g_direction;
      program->ng += pb->ng;
      pb->nmode = config->nmode >= 0 ? config->nmode : input_numel (c, fb, 0);
      pb->mode_offset = program->nmode;
      program->nmode += pb->nmode;
      pb->analytic_jacobian = config->analytic_jacobian;

      pb->n_rpar = orr_config_n (config->rpar);
      pb->rpar = pb->n_rpar > 0
                   ? memcpy (arrays.rpar, config->rpar->data, sizeof (double) * pb->n_rpar)
                   : NULL;
      pb->n_ipar = orr_config_n (config->ipar);
      pb->ipar = pb->n_ipar > 0
                   ? memcpy (arrays.ipar, config->ipar->data, sizeof (int) * pb->n_ipar)
                   : NULL;
      pb->n_opar = orr_config_n (config->opar);
      pb->opar = arrays.opar;
      for (int j = 0; j < pb->n_opar; j++)
        pb->opar[j] = orr_value_ref (g_ptr_array_index (config->opar, j));

      pb->n_evin = fb->n_evin;
      pb->n_evout = fb->n_evout;
      pb->evout_source = arrays.evout_source;
      for (int j = 0; j < fb->n_evout; j++)
        pb->evout_source[j] = fb->evout_source[j] < 0 ? -1 : program_source[fb->evout_source[j]];
    }
  program->n_buffers = buffers->len;
  program->buffers = (OrrBufferInfo *)g_array_free (g_steal_pointer (&buffers), FALSE);
  program->buffer_bytes = offset;

  /* inputs: after every buffer exists */
  for (int k = 0; k < c->n_ranked; k++)
    {
      FlatBlock *fb = c->order[k];
      OrrProgramBlock *pb = &program->blocks[k];

      pb->n_in = fb->n_in;
      for (int p = 0; p < fb->n_in; p++)
        {
          OrrInputRef *ref = &pb->in[p];
          int driver = fb->in_block[p];
          ref->rows = resolved (&c->dims, fb->in_rows[p], 1);
          ref->cols = resolved (&c->dims, fb->in_cols[p], 1);
          ref->type = resolved_type (c, fb->in_type[p]);
          ref->buffer = driver >= 0 && program_index[driver] >= 0
                          ? first_buffer[driver] + fb->in_port[p]
                          : -1;
          pb->feedthrough[p] = g_array_index (fb->config->inputs, OrrPortSpec, p).feedthrough;
          program->max_input_bytes = MAX (program->max_input_bytes,
                                          (gsize)ref->rows * ref->cols * element_size (ref->type));
        }

      if (fb->constant || fb->continuous)
        add_activation (init, k, 0);
      if (fb->continuous)
        {
          add_activation (continuous, k, 0);
          if (pb->ng > 0)
            add_activation (surfaces, k, 0);
        }
      if (pb->nx > 0)
        add_activation (derivatives, k, 0);
    }
  fill_list (&program->init_list, g_steal_pointer (&init));
  fill_list (&program->continuous_list, g_steal_pointer (&continuous));
  fill_list (&program->surface_list, g_steal_pointer (&surfaces));
  fill_list (&program->derivative_list, g_steal_pointer (&derivatives));

  /* each source's list: the blocks it activates, in schedule order; one
   * pass over the blocks, as asking every block about every source grows
   * with their product */
  lists = g_new (GArray *, MAX (program->n_sources, 1));
  for (int s = 0; s < program->n_sources; s++)
    lists[s] = g_array_new (FALSE, FALSE, sizeof (OrrActivation));
  for (int k = 0; k < c->n_ranked; k++)
    {
      GHashTableIter iter;
      gpointer id, bits;

      if (c->order[k]->activation == NULL)
        continue;
      g_hash_table_iter_init (&iter, c->order[k]->activation);
      while (g_hash_table_iter_next (&iter, &id, &bits))
        if (program_source[GPOINTER_TO_INT (id)] >= 0)
          add_activation (lists[program_source[GPOINTER_TO_INT (id)]], k, GPOINTER_TO_INT (bits));
    }
  for (int s = 0; s < program->n_sources; s++)
    {
      SourceInfo *info = &g_array_index (c->sources, SourceInfo, source_map[s]);
      FlatBlock *owner = g_ptr_array_index (c->flat, info->block);
      OrrSource *src = &program->sources[s];

      src->kind = info->kind;
      src->block = program_index[info->block];
      src->port = info->port;
      src->period = info->period;
      src->offset = info->offset;
      src->clock_group = info->group;
      src->name = g_strdup_printf ("%s, activation output %d", owner->path, info->port + 1);
      fill_list (&src->list, lists[s]);
    }
  g_free (lists);

  assemble_clocks (c, program, source_map);
  assemble_band (c, program, program_index);
  assemble_loops (c, program, program_index);
  for (int k = 0; k < c->n_ranked; k++)
    c->order[k]->path = NULL;
  orr_settings_copy (&program->settings, orr_model_get_settings (c->model));
  return program;
}

void
orr_program_free (OrrProgram *program)
{
  if (program == NULL)
    return;
  for (int k = 0; k < program->n_blocks; k++)
    {
      OrrProgramBlock *pb = &program->blocks[k];
      g_free (pb->path);
      for (int j = 0; j < pb->noz; j++)
        orr_value_unref (pb->oz0[j]);
      for (int j = 0; j < pb->n_opar; j++)
        orr_value_unref (pb->opar[j]);
      if (program->block_arrays != NULL)
        continue;
      g_free (pb->in);
      g_free (pb->feedthrough);
      g_free (pb->out);
      g_free (pb->evout_source);
      g_free (pb->x0);
      g_free (pb->z0);
      g_free (pb->oz0);
      g_free (pb->rpar);
      g_free (pb->ipar);
      g_free (pb->opar);
    }
  g_free (program->block_arrays);
  g_free (program->blocks);
  g_free (program->buffers);
  for (int s = 0; s < program->n_sources; s++)
    {
      g_free (program->sources[s].list.items);
      g_free (program->sources[s].name);
    }
  g_free (program->sources);
  g_free (program->init_list.items);
  g_free (program->continuous_list.items);
  g_free (program->surface_list.items);
  g_free (program->derivative_list.items);
  for (int l = 0; l < program->n_loops; l++)
    {
      g_free (program->loops[l].blocks);
      g_free (program->loops[l].tear_buffers);
      g_free (program->loops[l].wrapper);
      g_free (program->loops[l].names);
    }
  g_free (program->loops);
  orr_settings_clear (&program->settings);
  g_free (program->model_path);
  g_free (program);
}

/* ---- driver ------------------------------------------------------------------ */

static gboolean
fail (Compiler *c, GPtrArray *problems, GError **error)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < c->problems->len; i++)
    {
      OrrProblem *p = g_ptr_array_index (c->problems, i);
      if (problems != NULL)
        g_ptr_array_add (problems, orr_problem_copy (p));
      if (i < MAX_PROBLEMS_IN_MESSAGE)
        g_string_append_printf (text, "%s%s: %s", i ? "\n" : "", p->where, p->message);
    }
  if (c->problems->len > MAX_PROBLEMS_IN_MESSAGE)
    g_string_append_printf (text, "\n... and %u more problems",
                            c->problems->len - MAX_PROBLEMS_IN_MESSAGE);
  g_set_error_literal (error, ORR_COMPILE_ERROR, ORR_COMPILE_ERROR_FAILED, text->str);
  g_string_free (text, TRUE);
  return FALSE;
}

/* n + add into *total, FALSE when it passes limit (or overflows). */
static gboolean
add_within (guint64 *total, guint64 add, guint64 limit)
{
  if (add > limit || *total > limit - add)
    return FALSE;
  *total += add;
  return TRUE;
}

/* rows x cols of a resolved port, or G_MAXUINT64 when it does not fit. */
static guint64
port_elements (Compiler *c, int rows_node, int cols_node)
{
  int rows = resolved (&c->dims, rows_node, 1);
  int cols = resolved (&c->dims, cols_node, 1);
  gsize n;

  if (rows < 0 || cols < 0 || !g_size_checked_mul (&n, (gsize)rows, (gsize)cols))
    return G_MAXUINT64;
  return n;
}

/* The resource limits of orr-compile.h, checked once sizes are known and
 * before assemble() allocates anything a model decides. */
static void
check_clocks (Compiler *c)
{
  const OrrSettings *settings = orr_model_get_settings (c->model);
  double span = settings->final_time - settings->start_time;
  double latest = MAX (fabs (settings->start_time), fabs (settings->final_time));

  for (guint s = 0; s < c->sources->len; s++)
    {
      SourceInfo *info = &g_array_index (c->sources, SourceInfo, s);
      FlatBlock *fb;
      const char *ids[2] = { NULL, NULL };

      if (info->kind != ORR_SOURCE_CLOCK || !(info->period > 0) || !isfinite (span))
        continue;
      fb = g_ptr_array_index (c->flat, info->block);
      ids[0] = fb->doc->id;
      /* 16 ulps: below that, t + period rounds back to t or nearly */
      if (!(info->period > 16 * DBL_EPSILON * MAX (latest, DBL_MIN)))
        orr_compiler_problem (c, ids, g_strdup (fb->path),
                              "its period %g s is too short to advance time near t = %g s (Zeno "
                              "behaviour: the clock would fire forever at one instant)",
                              info->period, latest);
    }
}

static void
check_limits (Compiler *c)
{
  guint64 bytes = 0, states = 0, discrete = 0, surfaces = 0, modes = 0, ports = 0;

  check_clocks (c);

  for (int k = 0; k < c->n_ranked; k++)
    {
      FlatBlock *fb = c->order[k];
      OrrConfig *config = fb->config;
      const char *ids[] = { fb->doc->id, NULL };
      guint64 ng = config->ng >= 0 ? (guint64)config->ng : 0;
      guint64 nmode = config->nmode >= 0 ? (guint64)config->nmode : 0;
      guint64 jacobian;
      gsize product;

#define LIMIT_PROBLEM(...)                                                                         \
  do                                                                                               \
    {                                                                                              \
      orr_compiler_problem (c, ids, g_strdup (fb->path), __VA_ARGS__);                             \
      return;                                                                                      \
    }                                                                                              \
  while (0)

      if (!add_within (&ports, (guint64)fb->n_in + fb->n_out + fb->n_evin + fb->n_evout,
                       ORR_MAX_PORTS))
        LIMIT_PROBLEM ("the model has more than %d ports in all", ORR_MAX_PORTS);
      for (int j = 0; j < fb->n_out; j++)
        {
          guint64 n = port_elements (c, fb->out_rows[j], fb->out_cols[j]);

          if (n > ORR_MAX_SIGNAL_ELEMENTS)
            LIMIT_PROBLEM (
              "output %d would have %d x %d elements; a signal has at most %" G_GSIZE_FORMAT, j + 1,
              resolved (&c->dims, fb->out_rows[j], 1), resolved (&c->dims, fb->out_cols[j], 1),
              ORR_MAX_SIGNAL_ELEMENTS);
          if (!add_within (&bytes, n * sizeof (double) + 16, ORR_MAX_SIGNAL_BYTES))
            LIMIT_PROBLEM (
              "with output %d the model's signals would take more than %" G_GUINT64_FORMAT " bytes",
              j + 1, ORR_MAX_SIGNAL_BYTES);
        }
      /* one surface (and mode) per element of input 1 */
      if (config->ng < 0 || config->nmode < 0)
        {
          guint64 n = fb->n_in > 0 ? port_elements (c, fb->in_rows[0], fb->in_cols[0]) : 0;

          if (config->ng < 0)
            ng = n;
          if (config->nmode < 0)
            nmode = n;
        }
      if (!add_within (&surfaces, ng, ORR_MAX_SURFACES))
        LIMIT_PROBLEM ("%" G_GUINT64_FORMAT " zero-crossing surfaces (event indicators) would "
                       "take the model past %d",
                       ng, ORR_MAX_SURFACES);
      if (!add_within (&modes, nmode, ORR_MAX_SURFACES))
        LIMIT_PROBLEM ("%" G_GUINT64_FORMAT " modes would take the model past %d", nmode,
                       ORR_MAX_SURFACES);
      if (!add_within (&states, (guint64)MAX (config->nx, 0), ORR_MAX_STATES))
        LIMIT_PROBLEM ("%d continuous states would take the model past %d", config->nx,
                       ORR_MAX_STATES);
      if (!add_within (&discrete, (guint64)MAX (config->nz, 0), ORR_MAX_DISCRETE_STATES))
        LIMIT_PROBLEM ("%d discrete states would take the model past %d", config->nz,
                       ORR_MAX_DISCRETE_STATES);
      jacobian
        = g_size_checked_mul (&product, (gsize)MAX (config->nx, 0), (gsize)MAX (config->nx, 0))
            ? product
            : G_MAXUINT64;
      if (config->analytic_jacobian && jacobian > ORR_MAX_BLOCK_JACOBIAN)
        LIMIT_PROBLEM ("%d states: its Jacobian would have %" G_GUINT64_FORMAT
                       " entries, more than the limit of %d (about %d states)",
                       config->nx, jacobian, ORR_MAX_BLOCK_JACOBIAN, 3162);
#undef LIMIT_PROBLEM
    }
}

OrrProgram *
orr_compile (OrrModel *model, OrrRegistry *registry, OrrScope *overrides, GPtrArray *problems,
             GError **error)
{
  return orr_compile_with_options (model, registry, overrides, NULL, problems, error);
}

OrrProgram *
orr_compile_with_options (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                          const OrrCompileOptions *options, GPtrArray *problems, GError **error)
{
  Compiler c = { 0 };
  OrrProgram *program = NULL;
  g_autoptr (GPtrArray) warnings
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  void (*const steps[]) (Compiler *) = {
    orr_compile_configure, orr_compile_flatten,     orr_compile_sizes,
    orr_compile_buses,     orr_compile_activations, orr_compile_schedule,
  };

  c.model = model;
  c.registry = registry;
  if (options != NULL)
    c.options = *options;
  c.problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  c.flat = g_ptr_array_new_with_free_func ((GDestroyNotify)flat_block_free);
  c.configured = g_array_new (FALSE, FALSE, sizeof (Configured));
  c.configured_of = g_hash_table_new (NULL, NULL);
  c.sources = g_array_new (FALSE, FALSE, sizeof (SourceInfo));
  c.link_index = g_hash_table_new (orr_port_key_hash, orr_port_key_equal);
  c.gotos
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
  orr_union_find_init (&c.dims);
  orr_union_find_init (&c.types);

  c.evaluation = orr_evaluate_model_cached (model, overrides, registry,
                                            options != NULL ? options->expr_cache : NULL);
  for (guint i = 0; i < orr_evaluation_get_n_problems (c.evaluation); i++)
    g_ptr_array_add (c.problems, orr_problem_copy (orr_evaluation_get_problem (c.evaluation, i)));

  for (guint i = 0; i < G_N_ELEMENTS (steps) && !orr_compiler_has_problems (&c); i++)
    {
      steps[i](&c);
      /* once the blocks know their ports, whether or not the rest compiles */
      if (steps[i] == orr_compile_configure)
        orr_compile_unconnected (&c, warnings);
    }
  if (orr_model_get_settings (model)->unconnected_errors)
    {
      /* the model asks for them to stop the compile: they are errors */
      for (guint i = 0; i < warnings->len; i++)
        g_ptr_array_add (c.problems, orr_problem_copy (g_ptr_array_index (warnings, i)));
      g_ptr_array_set_size (warnings, 0);
    }
  if (!orr_compiler_has_problems (&c))
    check_limits (&c);
  if (!orr_compiler_has_problems (&c))
    {
      program = assemble (&c);
      if (orr_compiler_has_problems (&c))
        g_clear_pointer (&program, orr_program_free);
    }
  if (program == NULL)
    fail (&c, problems, error);
  /* after the errors, so that the first problem shown is what failed */
  for (guint i = 0; problems != NULL && i < warnings->len; i++)
    g_ptr_array_add (problems, g_steal_pointer (&g_ptr_array_index (warnings, i)));

  g_ptr_array_unref (c.flat);
  for (guint i = 0; i < c.configured->len; i++)
    orr_config_free (g_array_index (c.configured, Configured, i).config);
  g_array_unref (c.configured);
  g_hash_table_unref (c.configured_of);
  g_array_unref (c.sources);
  g_hash_table_unref (c.link_index);
  g_free (c.port_links);
  g_free (c.linked);
  g_free (c.linked_from);
  g_hash_table_unref (c.gotos);
  orr_union_find_clear (&c.dims);
  orr_union_find_clear (&c.types);
  g_free (c.order);
  g_clear_pointer (&c.loops, g_ptr_array_unref);
  g_clear_pointer (&c.loop_tears, g_ptr_array_unref);
  orr_evaluation_free (c.evaluation);
  g_ptr_array_unref (c.problems);
  return program;
}
