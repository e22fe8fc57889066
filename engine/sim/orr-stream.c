/* orr-stream.c: single-producer single-consumer ring buffers of recorded
 * samples, from the simulation thread to a reader on another thread (the
 * app's scopes).
 *
 * Lock-free: the producer owns head, the consumer owns tail; each
 * publishes its index with release semantics after touching the slots, and
 * reads the other's with acquire semantics before touching them.
 */

#include <stdatomic.h>
#include <string.h>

#include "orr-sim-private.h"

struct _OrrStream
{
  int n_channels;
  gsize capacity; /* samples, a power of two */
  double *data;   /* capacity rows of (t, values...) */
  atomic_size_t head;
  atomic_size_t tail;
  atomic_int reader;
};

OrrStream *
orr_stream_new (int n_channels, gboolean reader_attached)
{
  OrrStream *stream = g_new0 (OrrStream, 1);
  gsize row = (gsize) n_channels + 1;
  gsize capacity = 1024;

  /* About 8 MB per stream at most, and at least a thousand samples: wide
   * signals get shorter rings rather than gigabytes. */
  while (capacity < 65536 && capacity * 2 * row * sizeof (double) <= 8u << 20)
    capacity *= 2;

  stream->n_channels = n_channels;
  stream->capacity = capacity;
  stream->data = g_new (double, (gsize) (capacity * row));
  atomic_init (&stream->head, 0);
  atomic_init (&stream->tail, 0);
  atomic_init (&stream->reader, reader_attached ? 1 : 0);
  return stream;
}

void
orr_stream_free (OrrStream *stream)
{
  if (stream == NULL)
    return;
  g_free (stream->data);
  g_free (stream);
}

gboolean
orr_stream_try_push (OrrStream *stream, double t, const double *values, int n)
{
  gsize head = atomic_load_explicit (&stream->head, memory_order_relaxed);
  gsize tail = atomic_load_explicit (&stream->tail, memory_order_acquire);
  gsize row = (gsize) stream->n_channels + 1;
  double *slot;

  if (head - tail >= stream->capacity)
    return FALSE;

  slot = stream->data + (head & (stream->capacity - 1)) * row;
  slot[0] = t;
  memcpy (slot + 1, values, sizeof (double) * MIN (n, stream->n_channels));
  atomic_store_explicit (&stream->head, head + 1, memory_order_release);
  return TRUE;
}

void
orr_stream_attach_reader (OrrStream *stream)
{
  atomic_store (&stream->reader, 1);
}

gboolean
orr_stream_has_reader (OrrStream *stream)
{
  return atomic_load (&stream->reader) != 0;
}

guint
orr_stream_read (OrrStream *stream, double *t, double *values, guint max)
{
  gsize tail, head, count;
  gsize row;

  g_return_val_if_fail (stream != NULL, 0);

  atomic_store (&stream->reader, 1);
  tail = atomic_load_explicit (&stream->tail, memory_order_relaxed);
  head = atomic_load_explicit (&stream->head, memory_order_acquire);
  count = MIN (head - tail, (gsize) max);
  row = (gsize) stream->n_channels + 1;

  for (gsize i = 0; i < count; i++)
    {
      const double *slot = stream->data + ((tail + i) & (stream->capacity - 1)) * row;

      if (t != NULL)
        t[i] = slot[0];
      if (values != NULL)
        memcpy (values + i * stream->n_channels, slot + 1, sizeof (double) * stream->n_channels);
    }
  atomic_store_explicit (&stream->tail, tail + count, memory_order_release);
  return (guint) count;
}

int
orr_stream_get_n_channels (OrrStream *stream)
{
  g_return_val_if_fail (stream != NULL, 0);

  return stream->n_channels;
}
