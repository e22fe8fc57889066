/* orr-recording.c: a simulation's recorded signals as growing arrays, and
 * their CSV form. Sizes are counted in gsize and checked: a signal may be
 * wide (a Scope on a vector of a million elements) as well as long, and
 * neither may wrap a 32-bit count or abort the process on allocation. */
#include <orrery/orr-recording.h>
#include <orrery/orr-script.h>

#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_recording_error_quark (void)
{
  return g_quark_from_static_string ("orr-recording-error-quark");
}

/* A read moves at most this many doubles of values, whatever the signal's
 * width: wide signals are read a few rows at a time. */
#define CHUNK_VALUES (1u << 17)

typedef struct
{
  int block; /* in the program */
  char *path;
  char *class_name;
  char *signal_name; /* a SignalOut's, else NULL */
  guint n_channels;
  gsize n_samples, capacity; /* in samples */
  double *t;
  double *values;
} Signal;

struct _OrrRecording
{
  gatomicrefcount ref;
  OrrSimulation *sim; /* NULL once finished */
  int n_blocks;
  Signal **by_block;  /* NULL where the block has not recorded (yet) */
  GPtrArray *signals; /* of Signal, program order */
  gboolean direct;    /* filled by the record function, not from streams */
  /* the blocks with a stream, as of the simulation's count seen_streams:
   * while that count holds, a drain reads them alone (a model of 100 000
   * blocks has a few streams, drained a hundred times a second) */
  GArray *streaming; /* of int */
  guint seen_streams;
  GError *error; /* direct: why recording stopped the simulation */
};

static void
signal_free (Signal *s)
{
  g_free (s->path);
  g_free (s->class_name);
  g_free (s->signal_name);
  g_free (s->t);
  g_free (s->values);
  g_free (s);
}

static OrrRecording *
recording_new (OrrSimulation *sim, const OrrProgram *program, gboolean direct)
{
  OrrRecording *r = g_new0 (OrrRecording, 1);

  g_atomic_ref_count_init (&r->ref);
  r->sim = sim;
  r->n_blocks = program->n_blocks;
  r->by_block = g_new0 (Signal *, MAX (program->n_blocks, 1));
  r->signals = g_ptr_array_new_with_free_func ((GDestroyNotify)signal_free);
  /* Names are copied now: the program may be gone before the recording. */
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *block = &program->blocks[b];
      Signal *s;

      /* Asking for every stream now makes this recording their reader,
       * so that no sample is dropped; a full queue waits for the next
       * drain. Blocks that never record give NULL now and later. */
      if (!direct)
        orr_simulation_get_stream (sim, b);
      s = g_new0 (Signal, 1);
      s->block = b;
      s->path = g_strdup (block->path);
      s->class_name = g_strdup (block->klass != NULL ? block->klass->name : "");
      if (block->klass != NULL && g_strcmp0 (block->klass->name, "SignalOut") == 0
          && block->n_opar > 0)
        s->signal_name = g_strdup (orr_value_get_string (block->opar[0]));
      r->by_block[b] = s;
    }
  r->direct = direct;
  return r;
}

OrrRecording *
orr_recording_new (OrrSimulation *sim, const OrrProgram *program)
{
  return recording_new (sim, program, FALSE);
}

static gboolean reserve (Signal *s, gsize need, GError **error);
static void add_signal (OrrRecording *r, Signal *s);

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  OrrRecording *r = data;
  Signal *s;

  if (r->error != NULL || block < 0 || block >= r->n_blocks || (s = r->by_block[block]) == NULL)
    return;
  if (s->n_channels == 0)
    {
      s->n_channels = (guint)MAX (n, 1);
      add_signal (r, s);
    }
  if ((guint)n != s->n_channels)
    return; /* a block records one width */
  if (!reserve (s, s->n_samples + 1, &r->error))
    {
      orr_simulation_stop (r->sim);
      return;
    }
  s->t[s->n_samples] = t;
  memcpy (s->values + s->n_samples * s->n_channels, values, sizeof (double) * s->n_channels);
  s->n_samples++;
}

OrrRecording *
orr_recording_new_direct (OrrSimulation *sim, const OrrProgram *program)
{
  OrrRecording *r = recording_new (sim, program, TRUE);

  orr_simulation_set_record_func (sim, on_record, r);
  return r;
}

OrrRecording *
orr_recording_ref (OrrRecording *r)
{
  g_atomic_ref_count_inc (&r->ref);
  return r;
}

void
orr_recording_unref (OrrRecording *r)
{
  if (r == NULL || !g_atomic_ref_count_dec (&r->ref))
    return;
  /* Signals not yet in the list belong to by_block. */
  for (int b = 0; b < r->n_blocks; b++)
    if (r->by_block[b] != NULL && r->by_block[b]->n_channels == 0)
      signal_free (r->by_block[b]);
  g_free (r->by_block);
  g_clear_pointer (&r->streaming, g_array_unref);
  g_ptr_array_unref (r->signals);
  g_clear_error (&r->error);
  g_free (r);
}

/* Keeps the list in program order as signals appear. */
static void
add_signal (OrrRecording *r, Signal *s)
{
  guint at = r->signals->len;

  while (at > 0 && ((Signal *)g_ptr_array_index (r->signals, at - 1))->block > s->block)
    at--;
  g_ptr_array_insert (r->signals, at, s);
}

/* Room for at least need samples, or FALSE with an error. */
static gboolean
reserve (Signal *s, gsize need, GError **error)
{
  gsize capacity = MAX (s->capacity, 64), t_bytes, v_bytes, v_count;
  double *t, *values;

  if (need <= s->capacity)
    return TRUE;
  while (capacity < need)
    if (!g_size_checked_mul (&capacity, capacity, 2))
      capacity = need;
  if (!g_size_checked_mul (&t_bytes, capacity, sizeof (double))
      || !g_size_checked_mul (&v_count, capacity, s->n_channels)
      || !g_size_checked_mul (&v_bytes, v_count, sizeof (double)))
    goto fail;
  t = g_try_realloc (s->t, t_bytes);
  if (t == NULL)
    goto fail;
  s->t = t;
  values = g_try_realloc (s->values, v_bytes);
  if (values == NULL)
    goto fail;
  s->values = values;
  s->capacity = capacity;
  return TRUE;

fail:
  g_set_error (error, ORR_RECORDING_ERROR, ORR_RECORDING_ERROR_MEMORY,
               "%s: the recording of %" G_GSIZE_FORMAT " samples of %u values each needs more "
               "memory than could be had",
               s->path, need, s->n_channels);
  return FALSE;
}

/* The blocks with a stream, looked for again when the simulation made
 * new ones: the count is read first, so a stream made during the look
 * changes it and the next drain looks again. */
static void
update_streaming (OrrRecording *r)
{
  guint n = orr_simulation_get_n_streams (r->sim);

  if (r->streaming != NULL && n == r->seen_streams)
    return;
  if (r->streaming == NULL)
    r->streaming = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_set_size (r->streaming, 0);
  for (int b = 0; b < r->n_blocks; b++)
    if (r->by_block[b] != NULL && orr_simulation_get_stream (r->sim, b) != NULL)
      g_array_append_val (r->streaming, b);
  r->seen_streams = n;
}

gboolean
orr_recording_drain (OrrRecording *r, guint max_chunks, GError **error)
{
  if (r->sim == NULL || r->direct)
    return TRUE;
  update_streaming (r);
  for (guint k = 0; k < r->streaming->len; k++)
    {
      int b = g_array_index (r->streaming, int, k);
      Signal *s = r->by_block[b];
      OrrStream *stream = orr_simulation_get_stream (r->sim, b);
      guint rows;
      if (s->n_channels == 0)
        {
          s->n_channels = (guint)MAX (orr_stream_get_n_channels (stream), 1);
          add_signal (r, s);
        }
      rows = MAX (1u, CHUNK_VALUES / s->n_channels);
      for (guint chunk = 0; max_chunks == 0 || chunk < max_chunks; chunk++)
        {
          guint n;

          if (!reserve (s, s->n_samples + rows, error))
            return FALSE;
          n = orr_stream_read (stream, s->t + s->n_samples,
                               s->values + s->n_samples * s->n_channels, rows);
          s->n_samples += n;
          if (n < rows)
            break;
        }
    }
  return TRUE;
}

gboolean
orr_recording_finish (OrrRecording *r, GError **error)
{
  gboolean ok = orr_recording_drain (r, 0, error);

  if (r->direct && r->sim != NULL)
    orr_simulation_set_record_func (r->sim, NULL, NULL);
  r->sim = NULL;
  if (ok && r->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&r->error));
      return FALSE;
    }
  return ok;
}

/* For bindings (orr-script.h): a finished recording's arrays no longer
 * move, so they may be lent out without a copy. */
gboolean
orr_recording_is_finished (OrrRecording *r)
{
  return r->sim == NULL;
}

guint
orr_recording_get_n_signals (OrrRecording *r)
{
  return r->signals->len;
}

int
orr_recording_find (OrrRecording *r, const char *path)
{
  for (guint i = 0; i < r->signals->len; i++)
    if (g_strcmp0 (((Signal *)g_ptr_array_index (r->signals, i))->path, path) == 0)
      return (int)i;
  return -1;
}

static Signal *
get_signal (OrrRecording *r, guint i)
{
  g_return_val_if_fail (i < r->signals->len, NULL);
  return g_ptr_array_index (r->signals, i);
}

const char *
orr_recording_get_path (OrrRecording *r, guint i)
{
  Signal *s = get_signal (r, i);
  return s != NULL ? s->path : NULL;
}

const char *
orr_recording_get_class_name (OrrRecording *r, guint i)
{
  Signal *s = get_signal (r, i);
  return s != NULL ? s->class_name : NULL;
}

guint
orr_recording_get_n_channels (OrrRecording *r, guint i)
{
  Signal *s = get_signal (r, i);
  return s != NULL ? s->n_channels : 0;
}

char *
orr_recording_dup_channel_name (OrrRecording *r, guint i, guint channel)
{
  Signal *s = get_signal (r, i);

  if (s == NULL)
    return NULL;
  if (s->signal_name != NULL && s->n_channels == 1)
    return g_strdup (s->signal_name);
  return g_strdup_printf ("%s[%u]", s->signal_name != NULL ? s->signal_name : s->path, channel + 1);
}

gsize
orr_recording_get_n_samples (OrrRecording *r, guint i)
{
  Signal *s = get_signal (r, i);
  return s != NULL ? s->n_samples : 0;
}

const double *
orr_recording_get_times (OrrRecording *r, guint i)
{
  Signal *s = get_signal (r, i);
  return s != NULL ? s->t : NULL;
}

const double *
orr_recording_get_values (OrrRecording *r, guint i)
{
  Signal *s = get_signal (r, i);
  return s != NULL ? s->values : NULL;
}

static void
csv_field (GString *line, const char *text)
{
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (line, text);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

/* Writes and empties the buffer once it holds enough to be worth a write. */
static gboolean
flush (GOutputStream *out, GString *buffer, gsize at_least, GCancellable *cancellable,
       GError **error)
{
  if (buffer->len < at_least)
    return TRUE;
  if (!g_output_stream_write_all (out, buffer->str, buffer->len, NULL, cancellable, error))
    return FALSE;
  g_string_truncate (buffer, 0);
  return TRUE;
}

gboolean
orr_recording_write_csv (OrrRecording *r, GOutputStream *out, GCancellable *cancellable,
                         GError **error)
{
  enum
  {
    FLUSH_AT = 1 << 16
  };
  g_autoptr (GString) buffer = g_string_new ("time");
  guint n = r->signals->len;
  g_autofree gsize *first_column = g_new0 (gsize, MAX (n, 1));
  g_autofree gsize *next = g_new0 (gsize, MAX (n, 1));
  gsize columns = 0;
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint k = 0; k < n; k++)
    {
      Signal *s = g_ptr_array_index (r->signals, k);

      first_column[k] = columns;
      for (guint j = 0; j < s->n_channels; j++)
        {
          g_autofree char *name = orr_recording_dup_channel_name (r, k, j);

          g_string_append_c (buffer, ',');
          csv_field (buffer, name);
          if (!flush (out, buffer, FLUSH_AT, cancellable, error))
            return FALSE;
        }
      columns += s->n_channels;
    }
  g_string_append_c (buffer, '\n');

  for (;;)
    {
      Signal *s = NULL;
      int pick = -1;

      for (guint k = 0; k < n; k++)
        {
          Signal *c = g_ptr_array_index (r->signals, k);

          if (next[k] < c->n_samples && (s == NULL || c->t[next[k]] < s->t[next[pick]]))
            {
              s = c;
              pick = (int)k;
            }
        }
      if (s == NULL)
        break;
      g_string_append (buffer, g_ascii_formatd (number, sizeof number, "%.17g", s->t[next[pick]]));
      /* empty fields before and after the block's own columns */
      for (gsize c = 0; c < first_column[pick]; c++)
        g_string_append_c (buffer, ',');
      for (guint j = 0; j < s->n_channels; j++)
        {
          g_string_append_c (buffer, ',');
          g_string_append (buffer, g_ascii_formatd (number, sizeof number, "%.17g",
                                                    s->values[next[pick] * s->n_channels + j]));
          if (!flush (out, buffer, FLUSH_AT, cancellable, error))
            return FALSE;
        }
      for (gsize c = first_column[pick] + s->n_channels; c < columns; c++)
        g_string_append_c (buffer, ',');
      g_string_append_c (buffer, '\n');
      next[pick]++;
      if (!flush (out, buffer, FLUSH_AT, cancellable, error))
        return FALSE;
    }
  return flush (out, buffer, 0, cancellable, error);
}
