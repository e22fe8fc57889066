/* test-program.c: hand-built programs for the simulator tests. */

#include <string.h>

#include "test-program.h"

static gsize
align16 (gsize n)
{
  return (n + 15) & ~(gsize)15;
}

OrrProgram *
tp_new (double start, double final)
{
  OrrProgram *program = g_new0 (OrrProgram, 1);

  program->blocks = g_new0 (OrrProgramBlock, TP_MAX);
  program->buffers = g_new0 (OrrBufferInfo, TP_MAX);
  program->sources = g_new0 (OrrSource, TP_MAX);
  program->settings.start_time = start;
  program->settings.final_time = final;
  program->settings.solver = g_strdup ("auto");
  program->settings.rtol = 1e-8;
  program->settings.atol = 1e-10;
  program->jacobian_lower = -1;
  program->jacobian_upper = -1;
  return program;
}

static void
free_list (OrrActivationList *list)
{
  g_free (list->items);
}

void
tp_free (OrrProgram *program)
{
  for (int b = 0; b < program->n_blocks; b++)
    {
      OrrProgramBlock *pb = &program->blocks[b];

      g_free (pb->path);
      g_free (pb->in);
      g_free (pb->feedthrough);
      g_free (pb->out);
      g_free (pb->evout_source);
      g_free (pb->x0);
      g_free (pb->z0);
      g_free (pb->rpar);
    }
  for (int s = 0; s < program->n_sources; s++)
    {
      free_list (&program->sources[s].list);
      g_free (program->sources[s].name);
    }
  free_list (&program->init_list);
  free_list (&program->continuous_list);
  free_list (&program->surface_list);
  free_list (&program->derivative_list);
  g_free (program->blocks);
  g_free (program->buffers);
  g_free (program->sources);
  g_free (program->settings.solver);
  g_free (program);
}

int
tp_block (OrrProgram *program, const OrrBlockClass *klass, const char *path, int n_in, int n_out,
          int n_evin, int n_evout)
{
  int b = program->n_blocks++;
  OrrProgramBlock *pb = &program->blocks[b];

  g_assert_cmpint (b, <, TP_MAX);
  pb->klass = klass;
  pb->path = g_strdup (path);
  pb->kind = ORR_BLOCK_ORDINARY;
  pb->n_in = n_in;
  pb->in = g_new0 (OrrInputRef, MAX (n_in, 1));
  pb->feedthrough = g_new0 (gboolean, MAX (n_in, 1));
  for (int i = 0; i < n_in; i++)
    {
      pb->in[i].buffer = -1;
      pb->feedthrough[i] = TRUE;
    }
  program->max_input_bytes = MAX (program->max_input_bytes, sizeof (double));

  pb->n_out = n_out;
  pb->out = g_new0 (int, MAX (n_out, 1));
  for (int i = 0; i < n_out; i++)
    {
      int k = program->n_buffers++;
      OrrBufferInfo *info = &program->buffers[k];

      g_assert_cmpint (k, <, TP_MAX);
      info->rows = info->cols = 1;
      info->type = ORR_TYPE_DOUBLE;
      info->size = sizeof (double);
      info->offset = program->buffer_bytes;
      program->buffer_bytes += align16 (info->size);
      pb->out[i] = k;
    }

  pb->n_evin = n_evin;
  pb->n_evout = n_evout;
  pb->evout_source = g_new0 (int, MAX (n_evout, 1));
  for (int i = 0; i < n_evout; i++)
    pb->evout_source[i] = -1;
  return b;
}

void
tp_connect (OrrProgram *program, int from, int out_port, int to, int in_port)
{
  program->blocks[to].in[in_port].buffer = program->blocks[from].out[out_port];
}

void
tp_rpar (OrrProgram *program, int b, int n, const double *values)
{
  OrrProgramBlock *pb = &program->blocks[b];

  g_free (pb->rpar);
  pb->n_rpar = n;
  pb->rpar = g_memdup2 (values, sizeof (double) * n);
}

void
tp_states (OrrProgram *program, int b, int nx, const double *x0, gboolean implicit)
{
  OrrProgramBlock *pb = &program->blocks[b];

  pb->nx = nx;
  pb->x_offset = program->nx;
  pb->x0 = g_memdup2 (x0, sizeof (double) * nx);
  pb->implicit = implicit;
  program->nx += nx;
  program->needs_dae = program->needs_dae || implicit;
}

void
tp_discrete (OrrProgram *program, int b, int nz, const double *z0)
{
  OrrProgramBlock *pb = &program->blocks[b];

  pb->nz = nz;
  pb->z0 = g_memdup2 (z0, sizeof (double) * nz);
}

void
tp_surfaces (OrrProgram *program, int b, int ng, int nmode)
{
  OrrProgramBlock *pb = &program->blocks[b];

  pb->ng = ng;
  pb->g_offset = program->ng;
  program->ng += ng;
  pb->nmode = nmode;
  pb->mode_offset = program->nmode;
  program->nmode += nmode;
}

static int
new_source (OrrProgram *program, OrrSourceKind kind, int b, int port, const char *name)
{
  int s = program->n_sources++;
  OrrSource *source = &program->sources[s];

  g_assert_cmpint (s, <, TP_MAX);
  source->kind = kind;
  source->block = b;
  source->port = port;
  source->name = g_strdup (name);
  if (b >= 0 && kind != ORR_SOURCE_CLOCK)
    program->blocks[b].evout_source[port] = s;
  return s;
}

int
tp_event_source (OrrProgram *program, int b, int port, const char *name)
{
  return new_source (program, ORR_SOURCE_EVENT, b, port, name);
}

int
tp_clock (OrrProgram *program, gint64 ratio, gint64 shift, int group, const char *name)
{
  int s = new_source (program, ORR_SOURCE_CLOCK, -1, 0, name);

  program->sources[s].ratio = ratio;
  program->sources[s].shift = shift;
  program->sources[s].clock_group = group;
  return s;
}

int
tp_branch_source (OrrProgram *program, int b, int port)
{
  return new_source (program, ORR_SOURCE_BRANCH, b, port, "branch");
}

void
tp_list_add (OrrActivationList *list, int b, int nevprt)
{
  int i = list->n;

  list->items = g_renew (OrrActivation, list->items, list->n + 1);
  while (i > 0 && list->items[i - 1].block > b)
    {
      list->items[i] = list->items[i - 1];
      i--;
    }
  list->items[i].block = b;
  list->items[i].nevprt = nevprt;
  list->n++;
}

void
tp_continuous (OrrProgram *program, int b)
{
  OrrProgramBlock *pb = &program->blocks[b];

  pb->always_active = TRUE;
  pb->continuous = TRUE;
  tp_list_add (&program->init_list, b, 0);
  tp_list_add (&program->continuous_list, b, 0);
  if (pb->nx > 0)
    tp_list_add (&program->derivative_list, b, 0);
  if (pb->ng > 0)
    tp_list_add (&program->surface_list, b, 0);
}
