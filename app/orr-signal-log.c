/* orr-signal-log.c: the samples of one recording block, for the scopes.
 * See orr-signal-log.h. */
#include "orr-signal-log.h"

#include <glib/gstdio.h>
#include <math.h>

struct _OrrSignalLog
{
  GObject parent_instance;

  OrrSignalLogKind kind;
  char *title;
  guint n_channels;
  char **names; /* n_channels, NULL until set */
  GArray *t;      /* of double */
  GArray *values; /* of double, n_channels per sample */
  gboolean has_hint;
  double hint[4];
  double start, final;
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
  g_array_unref (self->t);
  g_array_unref (self->values);
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
  self->t = g_array_new (FALSE, FALSE, sizeof (double));
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
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
  for (guint c = 0; c < self->n_channels; c++)
    self->names[c] = g_strdup_printf ("u%u", c + 1);
  return self;
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
orr_signal_log_append (OrrSignalLog *self, const double *t, const double *values, guint n)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  if (n == 0)
    return;
  g_array_append_vals (self->t, t, n);
  g_array_append_vals (self->values, values, (guint) (n * self->n_channels));
  g_signal_emit (self, signals[SIGNAL_APPENDED], 0, n);
}

void
orr_signal_log_clear (OrrSignalLog *self)
{
  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_array_set_size (self->t, 0);
  g_array_set_size (self->values, 0);
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
  return g_array_index (self->t, double, index);
}

double
orr_signal_log_get_value (OrrSignalLog *self, guint64 index, guint channel)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), NAN);
  g_return_val_if_fail (index < self->t->len && channel < self->n_channels, NAN);
  return g_array_index (self->values, double, index * self->n_channels + channel);
}

guint64
orr_signal_log_find_time (OrrSignalLog *self, double t)
{
  const double *times = (const double *) self->t->data;
  guint64 lo = 0, hi = self->t->len;

  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), 0);
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;

      if (times[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static gboolean
range_of (OrrSignalLog *self, guint channel, guint64 first, guint64 end, double *min, double *max)
{
  const double *v = (const double *) self->values->data;
  double lo = INFINITY, hi = -INFINITY;

  for (guint64 i = first; i < end; i++)
    {
      double x = v[i * self->n_channels + channel];

      if (isfinite (x))
        {
          lo = MIN (lo, x);
          hi = MAX (hi, x);
        }
    }
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
  return range_of (self, channel, 0, self->t->len, min, max);
}

gboolean
orr_signal_log_get_value_range_in (OrrSignalLog *self, guint channel, double t0, double t1,
                                   double *min, double *max)
{
  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (self), FALSE);
  g_return_val_if_fail (channel < self->n_channels, FALSE);
  return range_of (self, channel, orr_signal_log_find_time (self, t0),
                   orr_signal_log_find_time (self, nextafter (t1, INFINITY)), min, max);
}

void
orr_signal_log_decimate (OrrSignalLog *self, guint channel, double t0, double t1, guint n_columns,
                         double *mins, double *maxs, double *firsts, double *lasts)
{
  const double *v;
  double width;
  guint64 i;

  g_return_if_fail (ORR_IS_SIGNAL_LOG (self));
  g_return_if_fail (channel < self->n_channels && n_columns > 0 && t1 > t0);
  v = (const double *) self->values->data;
  width = (t1 - t0) / n_columns;
  i = orr_signal_log_find_time (self, t0);
  for (guint col = 0; col < n_columns; col++)
    {
      double end = col + 1 == n_columns ? t1 : t0 + (col + 1) * width;
      guint64 stop = orr_signal_log_find_time (self, end);

      mins[col] = maxs[col] = firsts[col] = lasts[col] = NAN;
      if (stop > i)
        {
          firsts[col] = v[i * self->n_channels + channel];
          lasts[col] = v[(stop - 1) * self->n_channels + channel];
          if (!range_of (self, channel, i, stop, &mins[col], &maxs[col]))
            mins[col] = maxs[col] = NAN;
        }
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
      g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g",
                                             g_array_index (self->t, double, i)));
      for (guint c = 0; c < self->n_channels; c++)
        {
          g_string_append_c (out, ',');
          g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g",
                                                 orr_signal_log_get_value (self, i, c)));
        }
      g_string_append_c (out, '\n');
    }
  return g_file_set_contents_full (path, out->str, (gssize) out->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}
