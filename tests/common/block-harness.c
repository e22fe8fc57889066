/* block-harness.c: one block class, configured and run by hand. */
#include "block-harness.h"
#include "block-config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <glib/gstdio.h>
#include <string.h>

/* Big enough for one element of any type (complex is two doubles). */
#define ELEMENT_BYTES (2 * sizeof (double))

OrrConfig *
orr_harness_configure (const OrrBlockClass *klass, GError **error, ...)
{
  OrrConfig *config;
  va_list args;

  va_start (args, error);
  config = configure_block_valist (klass, FALSE, error, args);
  va_end (args);
  return config;
}

static int
resolve (int size, const int *placeholders, int n_placeholders)
{
  if (size >= 0)
    return size;
  g_assert_cmpint (-size, <=, n_placeholders);
  return placeholders[-size - 1];
}

static gpointer
take (OrrHarness *h, gpointer memory)
{
  g_ptr_array_add (h->allocations, memory);
  return memory;
}

static OrrPortBuffer *
make_ports (OrrHarness *h, GArray *specs, const int *placeholders, int n_placeholders)
{
  OrrPortBuffer *ports = take (h, g_new0 (OrrPortBuffer, MAX (specs->len, 1)));

  for (guint i = 0; i < specs->len; i++)
    {
      const OrrPortSpec *spec = &g_array_index (specs, OrrPortSpec, i);
      OrrPortBuffer *port = &ports[i];

      port->rows = resolve (spec->rows, placeholders, n_placeholders);
      port->cols = resolve (spec->cols, placeholders, n_placeholders);
      port->type = spec->type == ORR_TYPE_INHERIT ? ORR_TYPE_DOUBLE : spec->type;
      port->data = take (h, g_malloc0 (MAX (port->rows * port->cols, 1) * ELEMENT_BYTES));
    }
  return ports;
}

static double *
copy_doubles (OrrHarness *h, const double *values, int n)
{
  double *copy = take (h, g_new0 (double, MAX (n, 1)));

  if (values != NULL && n > 0)
    memcpy (copy, values, n * sizeof (double));
  return copy;
}

OrrHarness *
orr_harness_new (const OrrBlockClass *klass, OrrConfig *config, const int *placeholders,
                 int n_placeholders)
{
  OrrHarness *h = g_new0 (OrrHarness, 1);
  OrrSimBlock *b = &h->block;
  OrrConfig *c = config;
  int numel_in1;

  h->klass = klass;
  h->config = config;
  h->records = g_array_new (FALSE, FALSE, sizeof (double));
  h->base = orr_base_new ();
  h->allocations = g_ptr_array_new_with_free_func (g_free);
  h->time.t = 0.0;
  h->time.start_time = 0.0;
  h->time.final_time = 10.0;
  h->time.phase = ORR_PHASE_INIT;
  h->time.alpha = h->time.beta = 1.0;

  b->n_in = c->inputs->len;
  b->in = make_ports (h, c->inputs, placeholders, n_placeholders);
  b->n_out = c->outputs->len;
  b->out = make_ports (h, c->outputs, placeholders, n_placeholders);
  numel_in1 = b->n_in > 0 ? b->in[0].rows * b->in[0].cols : 0;

  b->nx = c->nx;
  b->x = copy_doubles (h, c->x0, c->nx);
  b->xd = copy_doubles (h, NULL, c->nx);
  b->res = copy_doubles (h, NULL, c->nx);
  b->jacobian = copy_doubles (h, NULL, c->nx * c->nx);

  b->nz = c->nz;
  b->z = copy_doubles (h, c->z0, c->nz);
  b->noz = c->oz0->len;
  b->oz = take (h, g_new0 (OrrPortBuffer, MAX (b->noz, 1)));
  for (int i = 0; i < b->noz; i++)
    {
      OrrValue *v = g_ptr_array_index (c->oz0, i);
      gsize n = MAX (orr_value_numel (v), 1) * ELEMENT_BYTES;

      b->oz[i].rows = orr_value_rows (v);
      b->oz[i].cols = orr_value_cols (v);
      b->oz[i].type = orr_value_get_type_id (v);
      b->oz[i].data = take (h, g_malloc0 (n));
      if (b->oz[i].type != ORR_TYPE_STRING && orr_value_data (v) != NULL)
        memcpy (b->oz[i].data, orr_value_data (v),
                orr_value_numel (v) * orr_type_element_size (b->oz[i].type));
    }

  b->n_rpar = c->rpar->len;
  b->rpar = (const double *)c->rpar->data;
  b->n_ipar = c->ipar->len;
  b->ipar = (const int *)c->ipar->data;
  b->n_opar = c->opar->len;
  b->opar = (OrrValue *const *)c->opar->pdata;

  /* Negative counts: one per element of input 1 (the Scicos convention). */
  b->ng = c->ng < 0 ? numel_in1 : c->ng;
  b->nmode = c->nmode < 0 ? numel_in1 : c->nmode;
  b->g = copy_doubles (h, NULL, b->ng);
  b->jroot = take (h, g_new0 (int, MAX (b->ng, 1)));
  b->mode = take (h, g_new0 (int, MAX (b->nmode, 1)));

  b->n_evin = c->n_evin;
  b->n_evout = c->n_evout;
  b->evout = copy_doubles (h, NULL, c->n_evout);
  for (int i = 0; i < b->n_evout; i++)
    b->evout[i] = -1.0;

  b->time = &h->time;
  b->path = klass->name;
  b->sim = h;
  return h;
}

void
orr_harness_free (OrrHarness *h)
{
  if (h == NULL)
    return;
  orr_config_free (h->config);
  g_array_unref (h->records);
  orr_base_unref (h->base);
  g_ptr_array_unref (h->allocations);
  g_free (h->error);
  g_free (h);
}

void
orr_harness_run (OrrHarness *h, OrrJob job)
{
  g_assert_nonnull (h->klass->simulate);
  if (job == ORR_JOB_EVENTS)
    for (int i = 0; i < h->block.n_evout; i++)
      h->block.evout[i] = -1.0;
  h->klass->simulate (&h->block, job);
}

void
orr_harness_set_surfaces (OrrHarness *h, int ng, int nmode)
{
  OrrSimBlock *b = &h->block;

  b->ng = ng;
  b->nmode = nmode;
  b->g = copy_doubles (h, NULL, ng);
  b->jroot = take (h, g_new0 (int, MAX (ng, 1)));
  b->mode = take (h, g_new0 (int, MAX (nmode, 1)));
}

void
orr_harness_set_input (OrrHarness *h, int port, const double *values)
{
  g_assert_cmpint (port, <, h->block.n_in);
  memcpy (h->block.in[port].data, values, orr_block_in_numel (&h->block, port) * sizeof (double));
}

const double *
orr_harness_output (OrrHarness *h, int port)
{
  g_assert_cmpint (port, <, h->block.n_out);
  return h->block.out[port].data;
}

static OrrHarness *
harness_of (OrrSimBlock *block)
{
  OrrHarness *h = block->sim;

  g_assert_nonnull (h);
  g_assert_true (&h->block == block);
  return h;
}

void
__wrap_orr_block_error (OrrSimBlock *block, const char *format, ...)
{
  OrrHarness *h = harness_of (block);
  va_list args;

  g_free (h->error);
  va_start (args, format);
  h->error = g_strdup_vprintf (format, args);
  va_end (args);
  h->n_errors++;
}

/* A block tested alone belongs to no model: the name of a file it reads
 * is taken as given. */
char *
__wrap_orr_block_input_path (OrrSimBlock *block, const char *name)
{
  harness_of (block);
  return g_strdup (name);
}

/* A block tested alone belongs to no model: its file name is taken as
 * given (the engine's rule for files is tested through models). */
int
__wrap_orr_block_open_output_file (OrrSimBlock *block, const char *name, char **path,
                                   GError **error)
{
  int fd;

  harness_of (block);
  fd = g_open (name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "cannot write '%s': %s",
                   name, g_strerror (saved));
      return -1;
    }
  if (path != NULL)
    *path = g_strdup (name);
  return fd;
}

void
__wrap_orr_block_request_stop (OrrSimBlock *block)
{
  harness_of (block)->stop_requested = TRUE;
}

void
__wrap_orr_block_request_repeat (OrrSimBlock *block)
{
  harness_of (block)->repeat_requests++;
}

void
__wrap_orr_block_request_restart (OrrSimBlock *block)
{
  harness_of (block)->restart_requested = TRUE;
}

void
__wrap_orr_block_set_base_value (OrrSimBlock *block, const char *name, OrrValue *value)
{
  /* As the simulator: nothing of a trial point may outlive the run. */
  g_assert_false (orr_block_in_try_phase (block));
  orr_base_set (harness_of (block)->base, name, value);
}

gpointer
__wrap_orr_block_alloc_work (OrrSimBlock *block, gsize size)
{
  OrrHarness *h = harness_of (block);

  block->work = take (h, g_malloc0 (size));
  return block->work;
}

void
__wrap_orr_block_record (OrrSimBlock *block, const double *values, int n)
{
  OrrHarness *h = harness_of (block);

  /* The block must not record in a solver's trial phase: catch it here
   * too, whatever the test checks afterwards. */
  g_assert_false (orr_block_in_try_phase (block));
  g_array_append_vals (h->records, values, n);
  h->n_records++;
  h->record_width = n;
}

void
__wrap_orr_block_set_step_hook (OrrSimBlock *block, OrrStepHook hook)
{
  harness_of (block)->step_hook = hook;
}

void
__wrap_orr_block_set_left_limit_hook (OrrSimBlock *block, OrrLeftLimitHook hook)
{
  harness_of (block)->left_limit_hook = hook;
}

gboolean
orr_harness_call_step_hook (OrrHarness *h)
{
  OrrPhase saved = h->time.phase;
  gboolean changed;

  g_assert_nonnull (h->step_hook);
  h->time.phase = ORR_PHASE_EVENT;
  changed = h->step_hook (&h->block);
  h->time.phase = saved;
  return changed;
}

void
orr_harness_call_left_limit_hook (OrrHarness *h)
{
  OrrPhase saved = h->time.phase;

  g_assert_nonnull (h->left_limit_hook);
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 0;
  h->left_limit_hook (&h->block);
  h->time.phase = saved;
}
