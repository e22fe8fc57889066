/* orr-stream.c: single-producer single-consumer ring buffers of recorded
 * samples, from the simulation thread to a reader on another thread (the
 * app's scopes).
 *
 * Lock-free: the producer owns head, the consumer owns tail; each
 * publishes its index with release semantics after touching the slots, and
 * reads the other's with acquire semantics before touching them. The
 * indices live on separate cache lines, and the producer keeps the tail
 * as last seen, reading the shared one again only when the ring looks
 * full: a sample then costs no cache line bouncing between cores (the
 * reader looks at head once per chunk).
 *
 * A producer facing a full ring (with a reader attached) sleeps on a
 * condition variable until the reader frees room; the reader takes the
 * lock only when the producer said it waits, so the common path stays
 * lock-free and the producer wakes as soon as there is room rather than
 * at the end of a fixed sleep.
 */

#include <stdatomic.h>
#include <string.h>

#include "orr-sim-private.h"

/* x86-64 and most ARM cores: indices written by different threads live on
 * different lines so that neither thread's writes evict the other's. */
#define CACHE_LINE 64

struct _OrrStream
{
  int n_channels;
  gsize row;      /* doubles per sample: t, then the values */
  gsize capacity; /* samples, a power of two */
  double *data;   /* capacity rows of (t, values...) */
  atomic_int reader;
  GMutex lock; /* only for the producer's sleep on a full ring */
  GCond room;

  /* the producer's */
  _Alignas (CACHE_LINE) atomic_size_t head;
  gsize tail_seen;
  atomic_int waiting; /* the producer sleeps (or is about to) on room */

  /* the consumer's */
  _Alignas (CACHE_LINE) atomic_size_t tail;
  gsize head_seen; /* at the last peek: what may be consumed */
};

OrrStream *
orr_stream_new (int n_channels, gboolean reader_attached)
{
  OrrStream *stream = g_aligned_alloc0 (1, sizeof (OrrStream), CACHE_LINE);
  gsize row = (gsize) n_channels + 1;
  gsize capacity = 1024;

  /* About 8 MB per stream at most, and at least a thousand samples: wide
   * signals get shorter rings rather than gigabytes. */
  while (capacity < 65536 && capacity * 2 * row * sizeof (double) <= 8u << 20)
    capacity *= 2;

  stream->n_channels = n_channels;
  stream->row = row;
  stream->capacity = capacity;
  stream->data = g_new (double, (gsize) (capacity * row));
  g_mutex_init (&stream->lock);
  g_cond_init (&stream->room);
  atomic_init (&stream->head, 0);
  atomic_init (&stream->tail, 0);
  atomic_init (&stream->waiting, 0);
  atomic_init (&stream->reader, reader_attached ? 1 : 0);
  return stream;
}

void
orr_stream_free (OrrStream *stream)
{
  if (stream == NULL)
    return;
  g_mutex_clear (&stream->lock);
  g_cond_clear (&stream->room);
  g_free (stream->data);
  g_aligned_free (stream);
}

gboolean
orr_stream_try_push (OrrStream *stream, double t, const double *values, int n)
{
  gsize head = atomic_load_explicit (&stream->head, memory_order_relaxed);
  double *slot;

  if (head - stream->tail_seen >= stream->capacity)
    {
      stream->tail_seen = atomic_load_explicit (&stream->tail, memory_order_acquire);
      if (head - stream->tail_seen >= stream->capacity)
        return FALSE;
    }

  slot = stream->data + (head & (stream->capacity - 1)) * stream->row;
  slot[0] = t;
  memcpy (slot + 1, values, sizeof (double) * MIN (n, stream->n_channels));
  atomic_store_explicit (&stream->head, head + 1, memory_order_release);
  return TRUE;
}

void
orr_stream_wait_room (OrrStream *stream, gint64 timeout_us)
{
  gint64 end = g_get_monotonic_time () + timeout_us;
  gsize head = atomic_load_explicit (&stream->head, memory_order_relaxed);

  g_mutex_lock (&stream->lock);
  /* Say we wait before looking at tail once more: the reader frees room
   * then reads the flag (both sequentially consistent), so either we see
   * the room or it sees the flag and signals under the lock we hold. */
  atomic_store (&stream->waiting, 1);
  while (head - atomic_load (&stream->tail) >= stream->capacity)
    if (!g_cond_wait_until (&stream->room, &stream->lock, end))
      break;
  atomic_store (&stream->waiting, 0);
  g_mutex_unlock (&stream->lock);
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
orr_stream_peek (OrrStream *stream, const double **rows, guint max)
{
  gsize tail, count, first;

  g_return_val_if_fail (stream != NULL && rows != NULL, 0);

  atomic_store (&stream->reader, 1);
  tail = atomic_load_explicit (&stream->tail, memory_order_relaxed);
  stream->head_seen = atomic_load_explicit (&stream->head, memory_order_acquire);
  first = tail & (stream->capacity - 1);
  /* contiguous: up to the end of the ring, the rest at the next call */
  count = MIN (MIN (stream->head_seen - tail, stream->capacity - first), (gsize) max);
  *rows = stream->data + first * stream->row;
  return (guint) count;
}

void
orr_stream_consume (OrrStream *stream, guint n)
{
  gsize tail;

  g_return_if_fail (stream != NULL);

  tail = atomic_load_explicit (&stream->tail, memory_order_relaxed);
  g_return_if_fail (n <= stream->head_seen - tail);
  if (n == 0)
    return;
  atomic_store (&stream->tail, tail + n);
  if (atomic_load (&stream->waiting))
    {
      g_mutex_lock (&stream->lock);
      g_cond_signal (&stream->room);
      g_mutex_unlock (&stream->lock);
    }
}

guint
orr_stream_read (OrrStream *stream, double *t, double *values, guint max)
{
  guint total = 0;

  g_return_val_if_fail (stream != NULL, 0);

  /* twice at most: the ring may wrap once within what is waiting */
  while (total < max)
    {
      const double *rows;
      guint count = orr_stream_peek (stream, &rows, max - total);

      if (count == 0)
        break;
      for (guint i = 0; i < count; i++)
        {
          const double *slot = rows + i * stream->row;

          if (t != NULL)
            t[total + i] = slot[0];
          if (values != NULL)
            memcpy (values + (gsize) (total + i) * stream->n_channels, slot + 1,
                    sizeof (double) * stream->n_channels);
        }
      orr_stream_consume (stream, count);
      total += count;
    }
  return total;
}

int
orr_stream_get_n_channels (OrrStream *stream)
{
  g_return_val_if_fail (stream != NULL, 0);

  return stream->n_channels;
}
