/* orr-stream.c: single-producer single-consumer queues of recorded
 * samples, from the simulation thread to a reader on another thread (the
 * app's scopes).
 *
 * A queue of fixed-size blocks of rows (t, values...): the producer fills
 * the last block and links a new one when it is full, the reader empties
 * the first and hands it back for reuse. Lock-free: the producer owns
 * head, the consumer owns tail (samples written and read since the
 * start); each publishes its count with release semantics after touching
 * the rows, and reads the other's with acquire semantics before touching
 * them. The counts live on separate cache lines, and the producer keeps
 * the tail as last seen, reading the shared one again only near its limit:
 * a sample costs no cache line bouncing between cores.
 *
 * How much may wait unread: without a reader, a ring's worth (about 8 MB,
 * then samples are dropped, so a batch run never blocks nor grows); with
 * one, much more (READER_LIMIT_BYTES): the reader keeps every sample
 * anyway, and a reader that is late for a while (a main thread drawing,
 * a busy machine) then costs memory for a moment instead of stopping the
 * simulation. At the limit the producer sleeps on a condition variable
 * until the reader frees room; the reader takes the lock only when the
 * producer said it waits, so the common path stays lock-free.
 *
 * DESIGN: owns outputs and streams: the lock-free queues between the run and
 * its readers (OrrStream), nothing of OrrSimulation.
 */

#include <stdatomic.h>
#include <string.h>

#include "orr-sim-private.h"

/* x86-64 and most ARM cores: counts written by different threads live on
 * different lines so that neither thread's writes evict the other's. */
#define CACHE_LINE 64
/* Rows per block: about 256 kB, between 16 and 4096 rows. */
#define BLOCK_BYTES (256u << 10)
/* Unread samples allowed without a reader (a ring's worth, as before
 * there were blocks: at most 65536 samples or 8 MB) and with one: about
 * a million samples of 8 channels, a tenth of a second or more of the
 * fastest runs, which a reader also swallows in one go when the run ends
 * (more would be a longer pause for it then). */
#define FREE_LIMIT_BYTES (8u << 20)
#define READER_LIMIT_BYTES ((gsize)64 << 20)

typedef struct _Block Block;
struct _Block
{
  _Atomic (Block *) next; /* in the queue, or in a list of spare blocks */
  double rows[];
};

struct _OrrStream
{
  int n_channels;
  gsize row;        /* doubles per sample: t, then the values */
  gsize block_rows; /* samples per block */
  gsize free_limit; /* unread samples kept without a reader */
  gsize reader_limit;
  atomic_int reader;
  GMutex lock; /* only for the producer's sleep at its limit */
  GCond room;

  /* the producer's */
  _Alignas(CACHE_LINE) atomic_size_t head;
  gsize tail_seen;
  Block *write_block;
  gsize write_index;  /* rows written in write_block */
  Block *spare;       /* blocks to reuse, taken from returned */
  atomic_int waiting; /* the producer sleeps (or is about to) on room */

  /* the consumer's */
  _Alignas(CACHE_LINE) atomic_size_t tail;
  gsize head_seen; /* at the last peek: what may be consumed */
  Block *read_block;
  gsize read_index; /* rows consumed in read_block */

  /* emptied blocks, pushed by the consumer, taken all at once by the
   * producer (one pusher, one taker: no ABA) */
  _Alignas(CACHE_LINE) _Atomic (Block *) returned;
};

static Block *
block_new (OrrStream *stream)
{
  Block *block = g_malloc (sizeof (Block) + stream->block_rows * stream->row * sizeof (double));

  atomic_init (&block->next, NULL);
  return block;
}

static void
free_list (Block *block)
{
  while (block != NULL)
    {
      Block *next = atomic_load_explicit (&block->next, memory_order_relaxed);

      g_free (block);
      block = next;
    }
}

OrrStream *
orr_stream_new (int n_channels, gboolean reader_attached)
{
  OrrStream *stream = g_aligned_alloc0 (1, sizeof (OrrStream), CACHE_LINE);
  gsize row = (gsize)n_channels + 1;
  gsize bytes = row * sizeof (double);

  stream->n_channels = n_channels;
  stream->row = row;
  stream->block_rows = CLAMP (BLOCK_BYTES / bytes, 16, 4096);
  /* wide signals keep fewer samples rather than gigabytes, but at least
   * a thousand */
  stream->free_limit = CLAMP (FREE_LIMIT_BYTES / bytes, 1024, 65536);
  stream->reader_limit = MAX (READER_LIMIT_BYTES / bytes, stream->free_limit);
  g_mutex_init (&stream->lock);
  g_cond_init (&stream->room);
  stream->write_block = stream->read_block = block_new (stream);
  atomic_init (&stream->head, 0);
  atomic_init (&stream->tail, 0);
  atomic_init (&stream->waiting, 0);
  atomic_init (&stream->returned, NULL);
  atomic_init (&stream->reader, reader_attached ? 1 : 0);
  return stream;
}

void
orr_stream_free (OrrStream *stream)
{
  if (stream == NULL)
    return;
  /* the queue runs from the read block to the write block */
  free_list (stream->read_block);
  free_list (stream->spare);
  free_list (atomic_load (&stream->returned));
  g_mutex_clear (&stream->lock);
  g_cond_clear (&stream->room);
  g_aligned_free (stream);
}

static gsize
limit_of (OrrStream *stream)
{
  return atomic_load_explicit (&stream->reader, memory_order_relaxed) ? stream->reader_limit
                                                                      : stream->free_limit;
}

gboolean
orr_stream_try_push (OrrStream *stream, double t, const double *values, int n)
{
  gsize head = atomic_load_explicit (&stream->head, memory_order_relaxed);
  double *slot;

  /* tail only grows: a stale one errs on the safe side, and is read
   * again only at the limit (the free one is the lower) */
  if (head - stream->tail_seen >= stream->free_limit)
    {
      gsize limit = limit_of (stream);

      if (head - stream->tail_seen >= limit)
        {
          stream->tail_seen = atomic_load_explicit (&stream->tail, memory_order_acquire);
          if (head - stream->tail_seen >= limit)
            return FALSE;
        }
    }

  if (stream->write_index == stream->block_rows)
    {
      Block *block;

      if (stream->spare == NULL)
        stream->spare = atomic_exchange_explicit (&stream->returned, NULL, memory_order_acquire);
      if (stream->spare != NULL)
        {
          block = stream->spare;
          stream->spare = atomic_load_explicit (&block->next, memory_order_relaxed);
          atomic_store_explicit (&block->next, NULL, memory_order_relaxed);
        }
      else
        block = block_new (stream);
      /* published to the reader by the release store of head below */
      atomic_store_explicit (&stream->write_block->next, block, memory_order_relaxed);
      stream->write_block = block;
      stream->write_index = 0;
    }

  slot = stream->write_block->rows + stream->write_index * stream->row;
  slot[0] = t;
  memcpy (slot + 1, values, sizeof (double) * MIN (n, stream->n_channels));
  stream->write_index++;
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
  while (head - atomic_load (&stream->tail) >= limit_of (stream))
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
  gsize tail, count;

  g_return_val_if_fail (stream != NULL && rows != NULL, 0);

  atomic_store (&stream->reader, 1);
  tail = atomic_load_explicit (&stream->tail, memory_order_relaxed);
  stream->head_seen = atomic_load_explicit (&stream->head, memory_order_acquire);
  if (stream->head_seen == tail)
    return 0;
  if (stream->read_index == stream->block_rows)
    {
      /* emptied, and there is more: the producer has linked the next */
      Block *done = stream->read_block;
      Block *top = atomic_load_explicit (&stream->returned, memory_order_relaxed);

      stream->read_block = atomic_load_explicit (&done->next, memory_order_relaxed);
      stream->read_index = 0;
      do
        atomic_store_explicit (&done->next, top, memory_order_relaxed);
      while (!atomic_compare_exchange_weak_explicit (&stream->returned, &top, done,
                                                     memory_order_release, memory_order_relaxed));
    }
  count = MIN (MIN (stream->head_seen - tail, stream->block_rows - stream->read_index), (gsize)max);
  *rows = stream->read_block->rows + stream->read_index * stream->row;
  return (guint)count;
}

void
orr_stream_consume (OrrStream *stream, guint n)
{
  gsize tail;

  g_return_if_fail (stream != NULL);

  tail = atomic_load_explicit (&stream->tail, memory_order_relaxed);
  g_return_if_fail (n <= stream->head_seen - tail && n <= stream->block_rows - stream->read_index);
  if (n == 0)
    return;
  stream->read_index += n;
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

  /* block by block */
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
            memcpy (values + (gsize)(total + i) * stream->n_channels, slot + 1,
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
