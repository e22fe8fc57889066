/* orr-signal-log.c: the samples of one recording block, for the scopes.
 * See orr-signal-log.h.
 *
 * Beside the samples each channel keeps a min/max summary pyramid: level 1
 * holds the smallest and largest finite value of each complete block of
 * FANOUT samples, level 2 of each complete block of FANOUT level-1 entries,
 * and so on. It is extended when asked for a range (only complete blocks
 * are summarised, each once), not when appending: a run feeding the log
 * pays only for storing its samples, and a channel nobody draws is never
 * summarised. The range of any index interval costs at most about
 * 2 * FANOUT steps per level instead of one per sample: a 10-million-sample
 * plot decimates into 1,000 columns in a few thousand steps per column. */
#include "orr-signal-log.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#ifdef __linux__
#include <sys/mman.h>
#endif

#define FANOUT 16
/* 16^8 samples, far beyond what fits in memory */
#define MAX_LEVELS 8

typedef struct
{
  double min, max; /* +inf, -inf when the block holds no finite value */
} Summary;

/* A growing array of doubles in chunks. A run's log grows to tens of
 * megabytes while the simulation goes on, and what costs then is not
 * copying but the kernel handing out fresh pages, zeroed one by one: so
 * chunk 0 grows on the heap up to SMALL_LEN doubles (a small log stays
 * small), and beyond that every chunk is CHUNK_LEN doubles, 2 MB, a huge page
 * where the kernel has them, never moved once written, and when a log
 * goes, kept for the next (up to POOL_MAX of them, process-wide: the
 * next run of a window reuses the last one's memory instead of asking
 * the kernel again). FANOUT divides CHUNK_LEN: a summary block never
 * straddles two chunks. */
#define CHUNK_SHIFT 18
#define CHUNK_LEN ((guint64)1 << CHUNK_SHIFT)
#define CHUNK_MASK (CHUNK_LEN - 1)
#define CHUNK_BYTES (CHUNK_LEN * sizeof (double))
#define POOL_MAX 64
/* a small log's chunk 0 stays on the heap up to 64 kB */
#define SMALL_LEN 8192
G_STATIC_ASSERT (CHUNK_LEN % FANOUT == 0);

typedef struct
{
  double **chunks;
  guint n_chunks;
  gsize first_capacity; /* doubles in chunks[0]; CHUNK_LEN: one of the pool's */
  guint64 len;
} Series;

G_LOCK_DEFINE_STATIC (pool);
static double *pool[POOL_MAX];
static guint pool_len;

static double *
chunk_new (void)
{
  double *chunk = NULL;

  G_LOCK (pool);
  if (pool_len > 0)
    chunk = pool[--pool_len];
  G_UNLOCK (pool);
  if (chunk != NULL)
    return chunk;
#ifdef __linux__
  {
    /* twice the size, then the unaligned ends given back: a chunk aligned
     * on 2 MB can be one huge page */
    char *p
      = mmap (NULL, 2 * CHUNK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    gsize head;

    if (p == MAP_FAILED)
      g_error ("out of memory for a chunk of %" G_GSIZE_FORMAT " bytes of samples",
               (gsize)CHUNK_BYTES);
    head = (CHUNK_BYTES - (guintptr)p % CHUNK_BYTES) % CHUNK_BYTES;
    if (head > 0)
      munmap (p, head);
    munmap (p + head + CHUNK_BYTES, CHUNK_BYTES - head);
    /* advice only: without huge pages, ordinary ones */
    madvise (p + head, CHUNK_BYTES, MADV_HUGEPAGE);
    return (double *)(p + head);
  }
#else
  return g_malloc (CHUNK_BYTES);
#endif
}

static void
chunk_free (double *chunk)
{
  G_LOCK (pool);
  if (pool_len < POOL_MAX)
    {
      pool[pool_len++] = chunk;
      chunk = NULL;
    }
  G_UNLOCK (pool);
  if (chunk == NULL)
    return;
#ifdef __linux__
  munmap (chunk, CHUNK_BYTES);
#else
  g_free (chunk);
#endif
}

static Series *
series_new (void)
{
  return g_new0 (Series, 1);
}

static void
series_free (Series *series)
{
  if (series->n_chunks > 0 && series->first_capacity < CHUNK_LEN)
    g_free (series->chunks[0]);
  else if (series->n_chunks > 0)
    chunk_free (series->chunks[0]);
  for (guint k = 1; k < series->n_chunks; k++)
    chunk_free (series->chunks[k]);
  g_free (series->chunks);
  g_free (series);
}

static inline double
series_at (const Series *series, guint64 i)
{
  return series->chunks[i >> CHUNK_SHIFT][i & CHUNK_MASK];
}

/* Where element i lies; the chunk goes on for CHUNK_LEN - (i & CHUNK_MASK)
 * elements (within the size). */
static inline double *
series_ptr (const Series *series, guint64 i)
{
  return series->chunks[i >> CHUNK_SHIFT] + (i & CHUNK_MASK);
}

/* Grows (or shrinks: the memory stays) to len elements. */
static void
series_set_size (Series *series, guint64 len)
{
  guint needed = len == 0 ? 0 : (guint)((len - 1) >> CHUNK_SHIFT) + 1;
  gsize first = needed > 1 ? CHUNK_LEN : len;

  if (series->n_chunks == 0 && needed > 0)
    {
      series->chunks = g_new0 (double *, 1);
      series->n_chunks = 1;
    }
  if (first > series->first_capacity && first <= SMALL_LEN)
    {
      gsize capacity = MIN (MAX (MAX (series->first_capacity * 2, first), 64), SMALL_LEN);

      series->chunks[0] = g_realloc_n (series->chunks[0], capacity, sizeof (double));
      series->first_capacity = capacity;
    }
  else if (first > series->first_capacity)
    {
      double *chunk = chunk_new ();
      gsize kept = MIN (series->len, series->first_capacity);

      /* chunks[0] is still NULL when the first append is a large one */
      if (kept > 0)
        memcpy (chunk, series->chunks[0], kept * sizeof (double));
      g_free (series->chunks[0]);
      series->chunks[0] = chunk;
      series->first_capacity = CHUNK_LEN;
    }
  if (needed > series->n_chunks)
    {
      series->chunks = g_renew (double *, series->chunks, needed);
      for (guint k = series->n_chunks; k < needed; k++)
        series->chunks[k] = chunk_new ();
      series->n_chunks = needed;
    }
  series->len = len;
}

struct _OrrSignalLog
{
  GObject parent_instance;

  OrrSignalLogKind kind;
  char *title;
  guint n_channels;
  char **names; /* n_channels, NULL until set */
  Series *t;
  /* of double, one array per channel: a column's range then reads
   * contiguous memory, not one cache line per sample */
  Series **values;
  gboolean has_hint;
  double hint[4];
  double start, final;
  guint digits; /* significant digits a value is shown with, 0: no preference */
  /* pyramid[c * MAX_LEVELS + (level - 1)]: GArray of Summary; after
   * extend_pyramid (), level L has exactly floor (entries of level L-1 /
   * FANOUT) entries */
  GArray **pyramid;
  guint unannounced; /* appended by _append_rows (), not yet emitted */
  OrrSignalLogShapes *shapes;
  guint n_axes; /* 0: one axis, every channel */
  guint *axis_first, *axis_count;
  double *axis_range;
};

G_DEFINE_FINAL_TYPE (OrrSignalLog, orr_signal_log, G_TYPE_OBJECT)

enum
{
  SIGNAL_APPENDED,
  SIGNAL_CLEARED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
orr_signal_log_finalize (GObject *object)
{
  OrrSignalLog *self = ORR_SIGNAL_LOG (object);

  g_free (self->title);
  for (guint c = 0; c < self->n_channels; c++)
    g_free (self->names[c]);
  g_free (self->names);
  series_free (self->t);
  for (guint c = 0; c < self->n_channels; c++)
    series_free (self->values[c]);
  g_free (self->values);
  for (guint i = 0; i < self->n_channels * MAX_LEVELS; i++)
    g_array_unref (self->pyramid[i]);
  g_free (self->pyramid);
  g_free (self->axis_first);
  g_free (self->axis_count);
  g_free (self->axis_range);
  if (self->shapes != NULL)
    {
      g_free (self->shapes->kinds);
      g_free (self->shapes->rows);
      g_free (self->shapes->cols);
      g_free (self->shapes->colors);
      g_free (self->shapes);
    }
  G_OBJECT_CLASS (orr_signal_log_parent_class)->finalize (object);
}

static void
orr_signal_log_class_init (OrrSignalLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = orr_signal_log_finalize;

  signals[SIGNAL_APPENDED] = g_signal_new ("appended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_CLEARED] = g_signal_new ("cleared", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
orr_signal_log_init (OrrSignalLog *self)
{
  self->t = series_new ();
  self->final = 1;
}

OrrSignalLog *
orr_signal_log_new (OrrSignalLogKind kind, const char *title, guint n_channels)
{
  OrrSignalLog *self = g_object_new (ORR_TYPE_SIGNAL_LOG, NULL);

  self->kind = kind;
  self->title = g_strdup (title != NULL ? title : "");
  self->n_channels = MAX (n_channels, 1);
  self->names = g_new0 (char *, self->n_channels);
  self->values = g_new (Series *, self->n_channels);
  for (guint c = 0; c < self->n_channels; c++)
    self->values[c] = series_new ();
  for (guint c = 0; c < self->n_channels; c++)
    self->names[c] = g_strdup_printf ("u%u", c + 1);
  self->pyramid = g_new (GArray *, self->n_channels * MAX_LEVELS);
  for (guint i = 0; i < self->n_channels * MAX_LEVELS; i++)
    self->pyramid[i] = g_array_new (FALSE, FALSE, sizeof (Summary));
  return self;
}

void
orr_signal_log_set_axes (OrrSignalLog *self, guint n_axes, const guint *sizes, const double *ranges)
{
  guint first = 0;

  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_return_if_fail (self->n_axes == 0 && n_axes > 0 && sizes != NULL);
  self->axis_first = g_new (guint, n_axes);
  self->axis_count = g_new (guint, n_axes);
  self->axis_range = g_new (double, 2 * n_axes);
  for (guint a = 0; a < n_axes; a++)
    {
      /* never beyond the channels, never empty */
      self->axis_first[a] = MIN (first, self->n_channels - 1);
      self->axis_count[a] = CLAMP (sizes[a], 1, self->n_channels - self->axis_first[a]);
      first += sizes[a];
      self->axis_range[2 * a] = ranges != NULL ? ranges[2 * a] : -1;
      self->axis_range[2 * a + 1] = ranges != NULL ? ranges[2 * a + 1] : 1;
    }
  self->n_axes = n_axes;
}

guint
orr_signal_log_get_n_axes (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), 1);
  return MAX (self->n_axes, 1);
}

void
orr_signal_log_get_axis (OrrSignalLog *self, guint axis, guint *first, guint *count, double *ymin,
                         double *ymax)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  if (self->n_axes == 0 || axis >= self->n_axes)
    {
      *first = 0;
      *count = self->n_channels;
      *ymin = self->has_hint ? self->hint[2] : -1;
      *ymax = self->has_hint ? self->hint[3] : 1;
      return;
    }
  *first = self->axis_first[axis];
  *count = self->axis_count[axis];
  *ymin = self->axis_range[2 * axis];
  *ymax = self->axis_range[2 * axis + 1];
}

void
orr_signal_log_set_shapes (OrrSignalLog *self, const OrrSignalLogShapes *shapes)
{
  OrrSignalLogShapes *copy;

  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_return_if_fail (shapes != NULL && self->shapes == NULL);
  copy = g_new0 (OrrSignalLogShapes, 1);
  *copy = *shapes;
  copy->kinds = g_memdup2 (shapes->kinds, shapes->n_inputs * sizeof (int));
  copy->rows = g_memdup2 (shapes->rows, shapes->n_inputs * sizeof (int));
  copy->cols = g_memdup2 (shapes->cols, shapes->n_inputs * sizeof (int));
  copy->colors = g_memdup2 (shapes->colors, shapes->n_colors * 3 * sizeof (double));
  self->shapes = copy;
}

const OrrSignalLogShapes *
orr_signal_log_get_shapes (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), NULL);
  return self->shapes;
}

OrrSignalLogKind
orr_signal_log_get_kind (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), ORR_SIGNAL_LOG_TIME);
  return self->kind;
}

const char *
orr_signal_log_get_title (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), NULL);
  return self->title;
}

guint
orr_signal_log_get_n_channels (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), 0);
  return self->n_channels;
}

void
orr_signal_log_set_channel_name (OrrSignalLog *self, guint channel, const char *name)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_return_if_fail (channel < self->n_channels && name != NULL);
  g_free (self->names[channel]);
  self->names[channel] = g_strdup (name);
}

const char *
orr_signal_log_get_channel_name (OrrSignalLog *self, guint channel)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), NULL);
  g_return_val_if_fail (channel < self->n_channels, NULL);
  return self->names[channel];
}

void
orr_signal_log_set_hint_range (OrrSignalLog *self, double xmin, double xmax, double ymin,
                               double ymax)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  self->has_hint = TRUE;
  self->hint[0] = xmin;
  self->hint[1] = xmax;
  self->hint[2] = ymin;
  self->hint[3] = ymax;
}

gboolean
orr_signal_log_get_hint_range (OrrSignalLog *self, double *xmin, double *xmax, double *ymin,
                               double *ymax)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), FALSE);
  if (!self->has_hint)
    return FALSE;
  if (xmin != NULL)
    *xmin = self->hint[0];
  if (xmax != NULL)
    *xmax = self->hint[1];
  if (ymin != NULL)
    *ymin = self->hint[2];
  if (ymax != NULL)
    *ymax = self->hint[3];
  return TRUE;
}

void
orr_signal_log_set_time_span (OrrSignalLog *self, double start, double final)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  self->start = start;
  self->final = final;
}

void
orr_signal_log_get_time_span (OrrSignalLog *self, double *start, double *final)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  if (start != NULL)
    *start = self->start;
  if (final != NULL)
    *final = self->final;
}

void
orr_signal_log_set_digits (OrrSignalLog *self, guint digits)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  self->digits = MIN (digits, 17);
}

guint
orr_signal_log_get_digits (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), 0);
  return self->digits;
}

static inline GArray *
level_of (OrrSignalLog *self, guint channel, guint level)
{
  return self->pyramid[channel * MAX_LEVELS + level - 1];
}

/* Summarises the blocks completed since the last call, level by level. */
static void
extend_pyramid (OrrSignalLog *self, guint channel)
{
  const Series *v = self->values[channel];
  guint64 below = self->t->len; /* entries of the level below */

  /* the usual case while drawing: nothing new since the last frame */
  if (level_of (self, channel, 1)->len == below / FANOUT)
    return;
  for (guint level = 1; level < MAX_LEVELS + 1; level++)
    {
      GArray *summaries = level_of (self, channel, level);
      guint64 complete = below / FANOUT;
      guint64 done = summaries->len;

      g_array_set_size (summaries, complete);
      for (guint64 b = done; b < complete; b++)
        {
          Summary s = { INFINITY, -INFINITY };

          if (level == 1)
            {
              const double *x = series_ptr (v, b * FANOUT);

              for (guint k = 0; k < FANOUT; k++)
                if (isfinite (x[k]))
                  {
                    s.min = MIN (s.min, x[k]);
                    s.max = MAX (s.max, x[k]);
                  }
            }
          else
            {
              const Summary *lower
                = &g_array_index (level_of (self, channel, level - 1), Summary, b * FANOUT);
              for (guint k = 0; k < FANOUT; k++)
                {
                  s.min = MIN (s.min, lower[k].min);
                  s.max = MAX (s.max, lower[k].max);
                }
            }
          g_array_index (summaries, Summary, b) = s;
        }
      if (complete == 0)
        break;
      below = complete;
    }
}

/* Sample i has time t[i * t_stride] and channel c's value at
 * values[i * v_stride + c]. */
static void
append_strided (OrrSignalLog *self, const double *t, gsize t_stride, const double *values,
                gsize v_stride, guint n)
{
  guint64 old = self->t->len;

  if (n == 0)
    return;
  series_set_size (self->t, old + n);
  for (guint c = 0; c < self->n_channels; c++)
    series_set_size (self->values[c], old + n);
  /* Pieces within one chunk (all the series have the same length, so
   * their chunks end at the same sample), each one channel at a time
   * through a block of rows small enough to stay in the first-level
   * cache: each pass writes one array sequentially. */
  for (guint first = 0; first < n;)
    {
      guint64 at = old + first;
      guint end = (guint)MIN ((guint64)first + 256,
                              MIN ((guint64)n, first + CHUNK_LEN - (at & CHUNK_MASK)));
      double *times = series_ptr (self->t, at);

      for (guint i = first; i < end; i++)
        times[i - first] = t[i * t_stride];
      for (guint c = 0; c < self->n_channels; c++)
        {
          double *v = series_ptr (self->values[c], at);

          for (guint i = first; i < end; i++)
            v[i - first] = values[i * v_stride + c];
        }
      first = end;
    }
}

void
orr_signal_log_append (OrrSignalLog *self, const double *t, const double *values, guint n)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  if (n == 0)
    return;
  append_strided (self, t, 1, values, self->n_channels, n);
  g_signal_emit (self, signals[SIGNAL_APPENDED], 0, n);
}

void
orr_signal_log_append_rows (OrrSignalLog *self, const double *rows, gsize stride, guint n)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_return_if_fail (stride > self->n_channels);
  append_strided (self, rows, stride, rows + 1, stride, n);
  self->unannounced += n;
}

void
orr_signal_log_emit_appended (OrrSignalLog *self)
{
  guint n;

  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  if (self->unannounced == 0)
    return;
  n = self->unannounced;
  self->unannounced = 0;
  g_signal_emit (self, signals[SIGNAL_APPENDED], 0, n);
}

void
orr_signal_log_clear (OrrSignalLog *self)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  series_set_size (self->t, 0);
  self->unannounced = 0;
  for (guint c = 0; c < self->n_channels; c++)
    series_set_size (self->values[c], 0);
  for (guint i = 0; i < self->n_channels * MAX_LEVELS; i++)
    g_array_set_size (self->pyramid[i], 0);
  g_signal_emit (self, signals[SIGNAL_CLEARED], 0);
}

guint64
orr_signal_log_get_n_samples (OrrSignalLog *self)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), 0);
  return self->t->len;
}

double
orr_signal_log_get_t (OrrSignalLog *self, guint64 index)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), NAN);
  g_return_val_if_fail (index < self->t->len, NAN);
  return series_at (self->t, index);
}

double
orr_signal_log_get_value (OrrSignalLog *self, guint64 index, guint channel)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), NAN);
  g_return_val_if_fail (index < self->t->len && channel < self->n_channels, NAN);
  return series_at (self->values[channel], index);
}

guint64
orr_signal_log_find_time (OrrSignalLog *self, double t)
{
  guint64 lo = 0, hi = self->t->len;

  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), 0);
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;

      if (series_at (self->t, mid) < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Widens [*lo, *hi] by entry i of channel's level (0: the samples). */
static inline void
widen (OrrSignalLog *self, guint channel, guint level, guint64 i, double *lo, double *hi)
{
  if (level == 0)
    {
      double x = series_at (self->values[channel], i);

      if (isfinite (x))
        {
          *lo = MIN (*lo, x);
          *hi = MAX (*hi, x);
        }
    }
  else
    {
      const Summary *s = &g_array_index (level_of (self, channel, level), Summary, i);

      *lo = MIN (*lo, s->min);
      *hi = MAX (*hi, s->max);
    }
}

/* Smallest and largest finite value of channel over samples [first, end):
 * the ragged ends at each level one by one, the aligned middle one level
 * up (level L+1 holds every complete block of level L, so the middle is
 * always there). */
static gboolean
range_of (OrrSignalLog *self, guint channel, guint64 first, guint64 end, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;
  guint level = 0;

  /* one level up pays only when the interval spans a whole block there */
  while (level < MAX_LEVELS && end > first && end - first >= 2 * FANOUT)
    {
      for (; first % FANOUT != 0; first++)
        widen (self, channel, level, first, &lo, &hi);
      while (end % FANOUT != 0)
        widen (self, channel, level, --end, &lo, &hi);
      first /= FANOUT;
      end /= FANOUT;
      level++;
    }
  for (; first < end; first++)
    widen (self, channel, level, first, &lo, &hi);
  if (lo > hi)
    return FALSE;
  *min = lo;
  *max = hi;
  return TRUE;
}

gboolean
orr_signal_log_get_value_range (OrrSignalLog *self, guint channel, double *min, double *max)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), FALSE);
  g_return_val_if_fail (channel < self->n_channels, FALSE);
  extend_pyramid (self, channel);
  return range_of (self, channel, 0, self->t->len, min, max);
}

gboolean
orr_signal_log_get_value_range_in (OrrSignalLog *self, guint channel, double t0, double t1,
                                   double *min, double *max)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), FALSE);
  g_return_val_if_fail (channel < self->n_channels, FALSE);
  extend_pyramid (self, channel);
  return range_of (self, channel, orr_signal_log_find_time (self, t0),
                   orr_signal_log_find_time (self, nextafter (t1, INFINITY)), min, max);
}

/* The first sample at or after t, knowing it is after from (whose time
 * is below t) and probably near guess: galloping away from the guess,
 * then bisecting. Columns of a plot are equally wide, so the previous
 * column's count is a good guess, and with evenly spaced samples the
 * search touches two or three cache lines instead of the twenty-odd of a
 * search of the whole log. */
static guint64
find_time_near (OrrSignalLog *self, guint64 from, guint64 guess, double t)
{
  const Series *times = self->t;
  guint64 n = self->t->len, lo, hi, step = 1;

  guess = CLAMP (guess, from + 1, n);
  /* the answer is in (lo - 1, hi]: times[lo - 1] < t <= times[hi] */
  if (guess == n || series_at (times, guess) >= t)
    {
      hi = guess;
      while (hi - from > step && series_at (times, hi - step) >= t)
        {
          hi -= step;
          step *= 2;
        }
      lo = hi - from > step ? hi - step + 1 : from + 1;
    }
  else
    {
      lo = guess + 1;
      while (guess + step < n && series_at (times, guess + step) < t)
        {
          lo = guess + step + 1;
          step *= 2;
        }
      hi = MIN (guess + step, n);
    }
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;

      if (series_at (times, mid) < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
orr_signal_log_decimate (OrrSignalLog *self, guint channel, double t0, double t1, guint n_columns,
                         double *mins, double *maxs, double *firsts, double *lasts)
{
  const Series *v;
  double width;
  guint64 i, count = 1;

  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_return_if_fail (channel < self->n_channels && n_columns > 0 && t1 > t0);
  extend_pyramid (self, channel);
  v = self->values[channel];
  width = (t1 - t0) / n_columns;
  i = orr_signal_log_find_time (self, t0);
  for (guint col = 0; col < n_columns; col++)
    {
      double end = col + 1 == n_columns ? t1 : t0 + (col + 1) * width;
      guint64 stop = i < self->t->len && series_at (self->t, i) < end
                       ? find_time_near (self, i, i + count, end)
                       : i;

      mins[col] = maxs[col] = firsts[col] = lasts[col] = NAN;
      if (stop > i)
        {
          firsts[col] = series_at (v, i);
          lasts[col] = series_at (v, stop - 1);
          if (!range_of (self, channel, i, stop, &mins[col], &maxs[col]))
            mins[col] = maxs[col] = NAN;
        }
      if (stop > i)
        count = stop - i;
      i = stop;
    }
}

gboolean
orr_signal_log_export_csv (OrrSignalLog *self, const char *path, GError **error)
{
  g_autoptr (GString) out = g_string_new ("time");
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), FALSE);
  for (guint c = 0; c < self->n_channels; c++)
    g_string_append_printf (out, ",%s", self->names[c]);
  g_string_append_c (out, '\n');
  for (guint64 i = 0; i < self->t->len; i++)
    {
      g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g", series_at (self->t, i)));
      for (guint c = 0; c < self->n_channels; c++)
        {
          g_string_append_c (out, ',');
          g_string_append (
            out, g_ascii_formatd (buf, sizeof buf, "%.17g", orr_signal_log_get_value (self, i, c)));
        }
      g_string_append_c (out, '\n');
    }
  return g_file_set_contents_full (path, out->str, (gssize)out->len, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0644, error);
}
