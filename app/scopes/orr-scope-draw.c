/* orr-scope-draw.c: the picture of a scope. See orr-scope-draw.h.
 *
 * A time plot never walks the samples: the log answers min, max, first and
 * last per pixel column from its summary pyramid, and each column becomes
 * a vertical stroke from min to max joined to its neighbours, so a spike
 * of one sample among millions still shows. */
#include "orr-scope-draw.h"
#include "orr-anim-draw.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#define PAD 6.0
#define LINE_WIDTH 1.5
/* pixels from the plot past which y is clamped: cairo's fixed point
 * coordinates overflow far beyond the surface */
#define CLAMP_PIXELS 1e4

static const GdkRGBA palette[ORR_SCOPE_N_COLORS] = {
  { 0.208, 0.518, 0.894, 1 }, /* blue   #3584e4 */
  { 0.902, 0.380, 0.000, 1 }, /* orange #e66100 */
  { 0.149, 0.635, 0.412, 1 }, /* green  #26a269 */
  { 0.878, 0.106, 0.141, 1 }, /* red    #e01b24 */
  { 0.569, 0.255, 0.675, 1 }, /* purple #9141ac */
  { 0.102, 0.608, 0.631, 1 }, /* teal   #1a9ba1 */
  { 0.753, 0.380, 0.796, 1 }, /* pink   #c061cb */
  { 0.596, 0.416, 0.267, 1 }, /* brown  #986a44 */
};

const GdkRGBA *
orr_scope_draw_color (guint index)
{
  return &palette[index % ORR_SCOPE_N_COLORS];
}

void
orr_scope_draw_init (OrrScopeDraw *draw, OrrSignalLog *log)
{
  *draw = (OrrScopeDraw){ 0 };
  draw->log = log;
  draw->x0 = 0;
  draw->x1 = 1;
  draw->y0 = -1;
  draw->y1 = 1;
  draw->grid = TRUE;
  draw->title = TRUE;
  draw->cursor_x = NAN;
  draw->scale = 1;
  draw->foreground = (GdkRGBA){ 0.1, 0.1, 0.1, 1 };
}

void
orr_scope_draw_clear (OrrScopeDraw *draw)
{
  g_clear_pointer (&draw->columns, g_free);
  draw->n_columns = 0;
  g_clear_object (&draw->layout);
  g_clear_pointer (&draw->layer, cairo_surface_destroy);
  g_clear_pointer (&draw->transposed, g_free);
  draw->n_transposed = 0;
}

double
orr_scope_draw_ticks (double lo, double hi, double target_count, double *step)
{
  double raw = (hi - lo) / MAX (target_count, 1.0);
  double magnitude, normalised;

  if (!(raw > 0) || !isfinite (raw))
    {
      *step = 1;
      return lo;
    }
  magnitude = pow (10, floor (log10 (raw)));
  normalised = raw / magnitude;
  *step = (normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 5 ? 5 : 10) * magnitude;
  return ceil (lo / *step - 1e-9) * *step;
}

gboolean
orr_scope_draw_autoscale (OrrSignalLog *log, double x0, double x1, double *xmin, double *xmax,
                          double *ymin, double *ymax)
{
  OrrSignalLogKind kind = orr_signal_log_get_kind (log);
  guint n = orr_signal_log_get_n_channels (log);
  double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };

  /* an animation has no value axis */
  if (kind == ORR_SIGNAL_LOG_SHAPES)
    return FALSE;
  if (kind == ORR_SIGNAL_LOG_EVENTS)
    {
      double top = n;
      double vmin, vmax;

      if (orr_signal_log_get_value_range (log, 0, &vmin, &vmax))
        top = MAX (top, ceil (vmax));
      *ymin = 0.5;
      *ymax = top + 0.5;
      return orr_signal_log_get_n_samples (log) > 0;
    }
  for (guint c = 0; c < n; c++)
    {
      double vmin, vmax;
      /* XY: even channels are x, odd ones y; a lone last channel is neither */
      guint axis = kind == ORR_SIGNAL_LOG_XY ? c % 2 : 1;
      gboolean found;

      if (kind == ORR_SIGNAL_LOG_XY && n > 1 && c == n - 1 && n % 2 == 1)
        continue;
      found = kind == ORR_SIGNAL_LOG_XY
                ? orr_signal_log_get_value_range (log, c, &vmin, &vmax)
                : orr_signal_log_get_value_range_in (log, c, x0, x1, &vmin, &vmax);
      if (found)
        {
          lo[axis] = MIN (lo[axis], vmin);
          hi[axis] = MAX (hi[axis], vmax);
        }
    }
  for (guint axis = 0; axis < 2; axis++)
    {
      double margin;

      if (lo[axis] > hi[axis])
        continue;
      margin = (hi[axis] - lo[axis]) * 0.05;
      if (margin == 0)
        margin = MAX (fabs (lo[axis]) * 0.1, 1.0);
      lo[axis] -= margin;
      hi[axis] += margin;
    }
  if (kind == ORR_SIGNAL_LOG_XY && lo[0] <= hi[0])
    {
      *xmin = lo[0];
      *xmax = hi[0];
    }
  if (lo[1] > hi[1])
    return FALSE;
  *ymin = lo[1];
  *ymax = hi[1];
  return TRUE;
}

gboolean
orr_scope_draw_autoscale_channels (OrrSignalLog *log, guint first, guint count, double x0,
                                   double x1, double *ymin, double *ymax)
{
  double lo = INFINITY, hi = -INFINITY, margin;
  guint n = orr_signal_log_get_n_channels (log);

  for (guint c = first; c < first + count && c < n; c++)
    {
      double vmin, vmax;

      if (orr_signal_log_get_value_range_in (log, c, x0, x1, &vmin, &vmax))
        {
          lo = MIN (lo, vmin);
          hi = MAX (hi, vmax);
        }
    }
  if (lo > hi)
    return FALSE;
  margin = (hi - lo) * 0.05;
  if (margin == 0)
    margin = MAX (fabs (lo) * 0.1, 1.0);
  *ymin = lo - margin;
  *ymax = hi + margin;
  return TRUE;
}

/* The channels to draw: [*first, *end). */
static void
channel_span (OrrScopeDraw *d, guint *first, guint *end)
{
  guint n = orr_signal_log_get_n_channels (d->log);

  *first = d->ch_count > 0 ? MIN (d->ch_first, n) : 0;
  *end = d->ch_count > 0 ? MIN (d->ch_first + d->ch_count, n) : n;
}

char *
orr_scope_draw_describe (OrrSignalLog *log, double t)
{
  guint64 i = orr_signal_log_find_time (log, nextafter (t, INFINITY));
  GString *out;

  if (i == 0 || isnan (t))
    return NULL;
  i--;
  out = g_string_new (NULL);
  g_string_append_printf (out, "t = %.6g", orr_signal_log_get_t (log, i));
  for (guint c = 0; c < orr_signal_log_get_n_channels (log); c++)
    g_string_append_printf (out, "\n%s = %.6g", orr_signal_log_get_channel_name (log, c),
                            orr_signal_log_get_value (log, i, c));
  return g_string_free (out, FALSE);
}

/* ---- helpers ---------------------------------------------------------------- */

static void
set_color (cairo_t *cr, const GdkRGBA *color, double alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

static double
to_px (OrrScopeDraw *d, double x)
{
  return d->plot_x + (x - d->x0) / (d->x1 - d->x0) * d->plot_width;
}

static double
to_py (OrrScopeDraw *d, double y)
{
  double py = d->plot_y + d->plot_height - (y - d->y0) / (d->y1 - d->y0) * d->plot_height;

  return CLAMP (py, d->plot_y - CLAMP_PIXELS, d->plot_y + d->plot_height + CLAMP_PIXELS);
}

/* The number as a tick label: as many decimals as the step needs. */
static void
format_tick (char *buf, gsize size, double value, double step)
{
  int decimals = (int)MAX (0, -floor (log10 (step) + 1e-9));

  if (fabs (value) < step * 1e-6)
    value = 0; /* no "-0" or "1e-17" at the origin */
  if (fabs (value) >= 1e6 || (value != 0 && fabs (value) < 1e-4) || decimals > 8)
    g_snprintf (buf, size, "%.3g", value);
  else
    g_snprintf (buf, size, "%.*f", decimals, value);
}

static const char *
x_title (OrrScopeDraw *d)
{
  return d->x_label != NULL ? d->x_label : _ ("Time (s)");
}

/* A time-axis tick: the value, or on a log10 axis what it is the
 * logarithm of. */
static void
format_x_tick (OrrScopeDraw *d, char *buf, gsize size, double value, double step)
{
  if (d->x_log10)
    g_snprintf (buf, size, "%.3g", pow (10, value));
  else
    format_tick (buf, size, value, step);
}

/* The time axis's ticks: on a log10 axis whole decades when the span
 * holds two or more. */
static double
x_ticks (OrrScopeDraw *d, double target_count, double *step)
{
  double first = orr_scope_draw_ticks (d->x0, d->x1, target_count, step);

  if (d->x_log10 && d->x1 - d->x0 >= 2 && *step < 1)
    {
      *step = 1;
      first = ceil (d->x0 - 1e-9);
    }
  return first;
}

static void
text_size (OrrScopeDraw *d, const char *text, gboolean markup, int *width, int *height)
{
  if (markup)
    pango_layout_set_markup (d->layout, text, -1);
  else
    {
      /* plain text keeps the attributes of the last markup otherwise */
      pango_layout_set_attributes (d->layout, NULL);
      pango_layout_set_text (d->layout, text, -1);
    }
  pango_layout_get_pixel_size (d->layout, width, height);
}

/* Draws text with its top left (halign 0), centre (0.5) or right (1) at
 * x, vertically centred on y when vcentre. */
static void
show_text (OrrScopeDraw *d, cairo_t *cr, const char *text, double x, double y, double halign,
           gboolean vcentre)
{
  int width, height;

  text_size (d, text, FALSE, &width, &height);
  cairo_move_to (cr, round (x - halign * width), round (vcentre ? y - height / 2.0 : y));
  pango_cairo_show_layout (cr, d->layout);
}

static const char *
row_name (OrrSignalLog *log, guint row, char *buf, gsize size)
{
  if (row >= 1 && row <= orr_signal_log_get_n_channels (log)
      && orr_signal_log_get_n_channels (log) > 1)
    return orr_signal_log_get_channel_name (log, row - 1);
  g_snprintf (buf, size, "%u", row);
  return buf;
}

/* ---- the parts -------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  gboolean started;
} Polyline;

static inline void
polyline_to (Polyline *line, double x, double y)
{
  if (line->started)
    cairo_line_to (line->cr, x, y);
  else
    cairo_move_to (line->cr, x, y);
  line->started = TRUE;
}

/* A time plot is drawn as one vertical span per pixel column: from the
 * top to the bottom of what the curve covers in that column. With more
 * samples than columns the spans come from the decimation (min, max, and
 * the previous column's last value for the line joining them), so a spike
 * of one sample keeps a whole column; with fewer, from the straight
 * segments between the samples. On pixels the spans are written straight
 * into a layer: cairo would take tens of milliseconds to fill thousands
 * of boxes or stroke a noisy line. On paper (PDF, SVG) they are boxes, or
 * the stroked line through the samples. */

/* Widens the value spans lo..hi of the columns the segment from (ca, va)
 * to (cb, vb) crosses (in column positions) by the part of it in each:
 * a solver's long step in a plot that is dense elsewhere leaves columns
 * without a sample that the line joining its neighbours still crosses. */
static void
join_columns (double *lo, double *hi, guint n_columns, double ca, double va, double cb, double vb)
{
  int from = MAX ((int)floor (ca), 0), to = MIN ((int)floor (cb), (int)n_columns - 1);

  if (!(cb > ca) || !isfinite (va) || !isfinite (vb))
    return;
  for (int j = from; j <= to; j++)
    {
      double left = MAX (j, ca), right = MIN (j + 1, cb);
      double a = va + (vb - va) * (left - ca) / (cb - ca);
      double b = va + (vb - va) * (right - ca) / (cb - ca);

      lo[j] = isnan (lo[j]) ? MIN (a, b) : MIN (lo[j], MIN (a, b));
      hi[j] = isnan (hi[j]) ? MAX (a, b) : MAX (hi[j], MAX (a, b));
    }
}

/* Where sample i of channel lies in columns of the view, and its value. */
static gboolean
sample_position (OrrScopeDraw *d, guint channel, guint n_columns, guint64 i, double *column,
                 double *value)
{
  if (i >= orr_signal_log_get_n_samples (d->log))
    return FALSE;
  *column = (orr_signal_log_get_t (d->log, i) - d->x0) / (d->x1 - d->x0) * n_columns;
  *value = orr_signal_log_get_value (d->log, i, channel);
  return isfinite (*value);
}

static void
spans_from_decimation (OrrScopeDraw *d, guint channel, guint n_columns, double *tops,
                       double *bottoms)
{
  /* value spans first (lo in tops, hi in bottoms), pixel rows at the end */
  double *firsts = bottoms + n_columns, *lasts = firsts + n_columns, previous = NAN;
  int previous_column = -1, first_column = -1;
  guint64 first_in_view = orr_signal_log_find_time (d->log, d->x0);
  guint64 after_view = orr_signal_log_find_time (d->log, d->x1);
  double c, v;

  orr_signal_log_decimate (d->log, channel, d->x0, d->x1, n_columns, tops, bottoms, firsts, lasts);
  for (guint k = 0; k < n_columns; k++)
    {
      if (isnan (tops[k]))
        {
          /* a non-finite value breaks the line; an empty column does not
           * (the joins below may cross it) */
          if (!isnan (firsts[k]))
            {
              previous = NAN;
              previous_column = -1;
            }
          continue;
        }
      if (first_column < 0)
        first_column = (int)k;
      if (isfinite (previous) && isfinite (firsts[k]) && previous_column >= 0)
        {
          if ((int)k - previous_column > 1)
            /* the samples sit somewhere in their columns: take the middles */
            join_columns (tops, bottoms, n_columns, previous_column + 0.5, previous, k + 0.5,
                          firsts[k]);
          else
            {
              tops[k] = MIN (tops[k], previous);
              bottoms[k] = MAX (bottoms[k], previous);
            }
        }
      previous_column = (int)k;
      previous = isfinite (lasts[k]) ? lasts[k] : NAN;
    }

  /* the line goes on to the samples just outside the view */
  if (first_in_view > 0 && sample_position (d, channel, n_columns, first_in_view - 1, &c, &v))
    {
      double cb = NAN, vb = NAN;

      if (first_column >= 0)
        cb = first_column + 0.5, vb = firsts[first_column];
      else if (!sample_position (d, channel, n_columns, after_view, &cb, &vb))
        cb = NAN;
      if (isfinite (cb))
        join_columns (tops, bottoms, n_columns, c, v, cb, vb);
    }
  if (previous_column >= 0 && isfinite (previous)
      && sample_position (d, channel, n_columns, after_view, &c, &v))
    join_columns (tops, bottoms, n_columns, previous_column + 0.5, previous, c, v);

  /* min and max become the span's pixel rows, in place; NAN: nothing */
  for (guint k = 0; k < n_columns; k++)
    if (!isnan (tops[k]))
      {
        double lo = tops[k], hi = bottoms[k];

        tops[k] = to_py (d, hi);
        bottoms[k] = to_py (d, lo);
      }
}

static void
spans_from_samples (OrrScopeDraw *d, guint channel, guint64 first, guint64 end, guint n_columns,
                    double scale, double *tops, double *bottoms)
{
  OrrSignalLog *log = d->log;
  guint64 n = orr_signal_log_get_n_samples (log);
  double xa = NAN, ya = NAN;

  for (guint k = 0; k < n_columns; k++)
    tops[k] = bottoms[k] = NAN;
  /* from the sample before the view to the one after it */
  for (guint64 i = first > 0 ? first - 1 : 0; i < MIN (end + 1, n); i++)
    {
      double v = orr_signal_log_get_value (log, i, channel);
      double xb = (to_px (d, orr_signal_log_get_t (log, i)) - d->plot_x) * scale, yb;
      double from, to;

      if (!isfinite (v))
        {
          xa = NAN;
          continue;
        }
      yb = to_py (d, v);
      xb = CLAMP (xb, -CLAMP_PIXELS, n_columns + CLAMP_PIXELS);
      if (isnan (xa))
        xa = xb, ya = yb;
      /* the segment a-b, column by column */
      from = MAX (floor (xa), 0);
      to = MIN (floor (xb), n_columns - 1.0);
      for (double col = from; col <= to; col++)
        {
          guint k = (guint)col;
          double left = MAX (col, xa), right = MIN (col + 1, xb);
          double y_left = xb > xa ? ya + (yb - ya) * (left - xa) / (xb - xa) : ya;
          double y_right = xb > xa ? ya + (yb - ya) * (right - xa) / (xb - xa) : yb;
          double top = MIN (y_left, y_right), bottom = MAX (y_left, y_right);

          tops[k] = isnan (tops[k]) ? top : MIN (tops[k], top);
          bottoms[k] = isnan (bottoms[k]) ? bottom : MAX (bottoms[k], bottom);
        }
      xa = xb;
      ya = yb;
    }
}

/* color at coverage (0 to 1) over the premultiplied pixel p. */
static inline guint32
blend (guint32 p, const GdkRGBA *color, double coverage)
{
  guint32 a = (guint32)(coverage * color->alpha * 255 + 0.5), keep = 255 - a;
  guint32 r = (guint32)(color->red * a + 0.5), g = (guint32)(color->green * a + 0.5),
          b = (guint32)(color->blue * a + 0.5);

  r += ((p >> 16) & 0xff) * keep / 255;
  g += ((p >> 8) & 0xff) * keep / 255;
  b += (p & 0xff) * keep / 255;
  a += (p >> 24) * keep / 255;
  return (a << 24) | (r << 16) | (g << 8) | b;
}

/* Blends color over the spans (premultiplied ARGB32), with the coverage
 * of the rows where a span starts or ends. The pixels of a column are
 * consecutive here, so a span walks memory in order (written straight
 * into the row-major layer it took a cache miss a pixel), and the rows
 * inside a span, most pixels of a busy plot, are a plain fill. */
static void
rasterise_spans (guint32 *pixels, int height, const double *tops, const double *bottoms,
                 guint n_columns, double plot_y, double scale, const GdkRGBA *color)
{
  double half = LINE_WIDTH / 2;
  guint32 solid = blend (0, color, 1);

  for (guint k = 0; k < n_columns; k++)
    {
      guint32 *column = pixels + (gsize)k * height;
      double y0, y1;
      int inner0, inner1;

      if (isnan (tops[k]))
        continue;
      y0 = CLAMP ((tops[k] - half - plot_y) * scale, 0, height);
      y1 = CLAMP ((bottoms[k] + half - plot_y) * scale, 0, height);
      if (floor (y0) == floor (y1) || y1 - y0 < 1)
        {
          /* within one or two rows */
          for (int row = (int)floor (y0); row < MIN ((int)ceil (y1), height); row++)
            column[row] = blend (column[row], color, MIN (row + 1, y1) - MAX (row, y0));
          continue;
        }
      inner0 = (int)ceil (y0);
      inner1 = (int)floor (y1);
      if (inner0 > y0)
        column[inner0 - 1] = blend (column[inner0 - 1], color, inner0 - y0);
      if (color->alpha >= 1)
        for (int row = inner0; row < inner1; row++)
          column[row] = solid;
      else
        for (int row = inner0; row < inner1; row++)
          column[row] = blend (column[row], color, 1);
      if (y1 > inner1 && inner1 < height)
        column[inner1] = blend (column[inner1], color, y1 - inner1);
    }
}

/* Column after column into rows, in tiles that stay in cache. */
static void
transpose_into (cairo_surface_t *layer, const guint32 *columns, int width, int height)
{
  guint8 *data = cairo_image_surface_get_data (layer);
  int stride = cairo_image_surface_get_stride (layer);
  const int tile = 32;

  for (int x0 = 0; x0 < width; x0 += tile)
    for (int y0 = 0; y0 < height; y0 += tile)
      for (int y = y0; y < MIN (y0 + tile, height); y++)
        {
          guint32 *row = (guint32 *)(data + (gsize)y * stride);
          for (int x = x0; x < MIN (x0 + tile, width); x++)
            row[x] = columns[(gsize)x * height + y];
        }
}

/* The curves on paper: spans as boxes, few samples as a stroked line. */
static void
vector_channel (OrrScopeDraw *d, cairo_t *cr, guint channel, guint64 first, guint64 end,
                guint n_columns, gboolean dense)
{
  OrrSignalLog *log = d->log;
  double *tops = d->columns, *bottoms = tops + n_columns, half = LINE_WIDTH / 2;

  set_color (cr, orr_scope_draw_color (channel), 1);
  if (dense)
    {
      spans_from_decimation (d, channel, n_columns, tops, bottoms);
      for (guint k = 0; k < n_columns; k++)
        if (!isnan (tops[k]))
          cairo_rectangle (cr, d->plot_x + k, tops[k] - half, 1, bottoms[k] - tops[k] + 2 * half);
      cairo_fill (cr);
      return;
    }
  {
    Polyline line = { cr, FALSE };
    guint64 n = orr_signal_log_get_n_samples (log);

    for (guint64 i = first > 0 ? first - 1 : 0; i < MIN (end + 1, n); i++)
      {
        double v = orr_signal_log_get_value (log, i, channel);

        if (isfinite (v))
          polyline_to (&line,
                       CLAMP (to_px (d, orr_signal_log_get_t (log, i)), d->plot_x - CLAMP_PIXELS,
                              d->plot_x + CLAMP_PIXELS),
                       to_py (d, v));
        else
          line.started = FALSE;
      }
    cairo_set_line_width (cr, LINE_WIDTH);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke (cr);
  }
}

static void
draw_time_channels (OrrScopeDraw *d, cairo_t *cr)
{
  OrrSignalLog *log = d->log;
  guint c_first, c_end;
  guint64 first = orr_signal_log_find_time (log, d->x0);
  guint64 end = orr_signal_log_find_time (log, d->x1);
  cairo_surface_type_t target = cairo_surface_get_type (cairo_get_target (cr));
  gboolean paper = target == CAIRO_SURFACE_TYPE_PDF || target == CAIRO_SURFACE_TYPE_SVG
                   || target == CAIRO_SURFACE_TYPE_PS || target == CAIRO_SURFACE_TYPE_SCRIPT;
  /* on pixels, a column is a device pixel */
  double scale = paper ? 1 : MAX (d->scale, 1);
  guint n_columns = (guint)round (d->plot_width * scale);
  int height = (int)ceil (d->plot_height * scale);
  gboolean dense = end - first > n_columns;

  channel_span (d, &c_first, &c_end);
  if (orr_signal_log_get_n_samples (log) == 0)
    return;
  if (d->n_columns < n_columns)
    {
      d->columns = g_renew (double, d->columns, 4 * (gsize)n_columns);
      d->n_columns = n_columns;
    }
  if (paper)
    {
      for (guint c = c_first; c < c_end; c++)
        vector_channel (d, cr, c, first, end, n_columns, dense);
    }
  else
    {
      if (d->layer == NULL || cairo_image_surface_get_width (d->layer) != (int)n_columns
          || cairo_image_surface_get_height (d->layer) != height)
        {
          g_clear_pointer (&d->layer, cairo_surface_destroy);
          d->layer = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)n_columns, height);
          cairo_surface_set_device_scale (d->layer, scale, scale);
        }
      if (d->n_transposed < (gsize)n_columns * height)
        {
          d->n_transposed = (gsize)n_columns * height;
          d->transposed = g_renew (guint32, d->transposed, d->n_transposed);
        }
      memset (d->transposed, 0, (gsize)n_columns * height * sizeof (guint32));
      for (guint c = c_first; c < c_end; c++)
        {
          double *tops = d->columns, *bottoms = tops + n_columns;

          if (dense)
            spans_from_decimation (d, c, n_columns, tops, bottoms);
          else
            spans_from_samples (d, c, first, end, n_columns, scale, tops, bottoms);
          rasterise_spans (d->transposed, height, tops, bottoms, n_columns, d->plot_y, scale,
                           orr_scope_draw_color (c));
        }
      cairo_surface_flush (d->layer);
      transpose_into (d->layer, d->transposed, (int)n_columns, height);
      cairo_surface_mark_dirty (d->layer);
      cairo_set_source_surface (cr, d->layer, d->plot_x, d->plot_y);
      cairo_paint (cr);
    }

  /* few samples in view: mark each one, the line alone hides where they are */
  if (end - first < n_columns / 6)
    for (guint c = c_first; c < c_end; c++)
      {
        for (guint64 i = first; i < end; i++)
          {
            double v = orr_signal_log_get_value (log, i, c);
            if (!isfinite (v))
              continue;
            cairo_new_sub_path (cr);
            cairo_arc (cr, to_px (d, orr_signal_log_get_t (log, i)), to_py (d, v), 2.5, 0,
                       2 * G_PI);
          }
        set_color (cr, orr_scope_draw_color (c), 1);
        cairo_fill (cr);
      }
}

static void
draw_xy (OrrScopeDraw *d, cairo_t *cr)
{
  OrrSignalLog *log = d->log;
  guint n_channels = orr_signal_log_get_n_channels (log);
  guint64 n = orr_signal_log_get_n_samples (log);

  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint pair = 0; 2 * pair + 1 < n_channels; pair++)
    {
      Polyline line = { cr, FALSE };
      double last_x = NAN, last_y = NAN;

      for (guint64 i = 0; i < n; i++)
        {
          double vx = orr_signal_log_get_value (log, i, 2 * pair);
          double vy = orr_signal_log_get_value (log, i, 2 * pair + 1);
          double x, y;

          if (!isfinite (vx) || !isfinite (vy))
            {
              line.started = FALSE;
              continue;
            }
          x = CLAMP (to_px (d, vx), d->plot_x - CLAMP_PIXELS, d->plot_x + CLAMP_PIXELS);
          y = to_py (d, vy);
          /* points closer than a pixel to the last one drawn add nothing
           * but time; the newest point is always drawn */
          if (line.started && fabs (x - last_x) < 1 && fabs (y - last_y) < 1 && i + 1 < n)
            continue;
          polyline_to (&line, x, y);
          last_x = x;
          last_y = y;
        }
      set_color (cr, orr_scope_draw_color (pair), 1);
      cairo_stroke (cr);
      /* where the pen is now */
      if (isfinite (last_x))
        {
          cairo_arc (cr, last_x, last_y, 3.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
}

static void
event_mark (OrrScopeDraw *d, cairo_t *cr, double x, double row)
{
  set_color (cr, orr_scope_draw_color ((guint)MAX (row - 1, 0)), 1);
  cairo_move_to (cr, x, to_py (d, row - 0.35));
  cairo_line_to (cr, x, to_py (d, row + 0.35));
  cairo_stroke (cr);
}

static void
draw_events (OrrScopeDraw *d, cairo_t *cr)
{
  OrrSignalLog *log = d->log;
  guint64 first = orr_signal_log_find_time (log, d->x0);
  guint64 end = orr_signal_log_find_time (log, d->x1);
  guint n_columns = (guint)MAX (1.0, floor (d->plot_width));

  cairo_set_line_width (cr, 2);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  if (end - first <= 4 * (guint64)n_columns)
    {
      for (guint64 i = first; i < end; i++)
        {
          double row = round (orr_signal_log_get_value (log, i, 0));
          if (isfinite (row))
            event_mark (d, cr, round (to_px (d, orr_signal_log_get_t (log, i))) + 0.5, row);
        }
      return;
    }
  /* too many to tell apart: per column, the lowest and the highest input
   * that fired in it (both certainly did) */
  if (d->n_columns < n_columns)
    {
      d->columns = g_renew (double, d->columns, 4 * (gsize)n_columns);
      d->n_columns = n_columns;
    }
  {
    double *mins = d->columns, *maxs = mins + n_columns, *firsts = maxs + n_columns,
           *lasts = firsts + n_columns;
    double width = d->plot_width / n_columns;

    orr_signal_log_decimate (log, 0, d->x0, d->x1, n_columns, mins, maxs, firsts, lasts);
    for (guint col = 0; col < n_columns; col++)
      {
        double x = floor (d->plot_x + col * width) + 0.5;

        if (isnan (mins[col]))
          continue;
        event_mark (d, cr, x, round (mins[col]));
        if (round (maxs[col]) != round (mins[col]))
          event_mark (d, cr, x, round (maxs[col]));
      }
  }
}

/* The legend, right-aligned at the top: a colour stroke and a name per
 * channel (pair), in rows no wider than max_width, the first row beside
 * the title and the others under it. Returns the number of rows (0 for
 * none) and, in first_width, the first row's width. */
static guint
draw_legend (OrrScopeDraw *d, cairo_t *cr, double right, double y, double row_height,
             double max_width, gboolean measure_only, double *first_width)
{
  OrrSignalLog *log = d->log;
  OrrSignalLogKind kind = orr_signal_log_get_kind (log);
  guint n_channels = orr_signal_log_get_n_channels (log);
  guint n_entries = kind == ORR_SIGNAL_LOG_XY ? n_channels / 2 : n_channels;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));
  guint c_first, c_end, rows = 0, start = 0;

  *first_width = 0;
  if (kind == ORR_SIGNAL_LOG_EVENTS)
    return 0;
  channel_span (d, &c_first, &c_end);
  for (guint k = 0; k < n_entries; k++)
    {
      int width, height;
      double w;
      char *name;

      if (kind == ORR_SIGNAL_LOG_TIME && (k < c_first || k >= c_end))
        continue;
      name = kind == ORR_SIGNAL_LOG_XY
               ? g_strdup_printf ("%s vs %s", orr_signal_log_get_channel_name (log, 2 * k + 1),
                                  orr_signal_log_get_channel_name (log, 2 * k))
               : g_strdup (orr_signal_log_get_channel_name (log, k));
      text_size (d, name, FALSE, &width, &height);
      w = width + 24 + 10;
      g_ptr_array_add (names, name);
      g_array_append_val (keys, k);
      g_array_append_val (widths, w);
    }
  /* rows filled in order; a row holds at least one entry */
  while (start < names->len)
    {
      guint end = start + 1;
      double row = g_array_index (widths, double, start), x = right;

      while (end < names->len && row + g_array_index (widths, double, end) <= max_width)
        row += g_array_index (widths, double, end++);
      if (rows == 0)
        *first_width = row;
      for (guint i = end; !measure_only && i-- > start;)
        {
          double ry = y + rows * row_height;
          int width, height;

          text_size (d, g_ptr_array_index (names, i), FALSE, &width, &height);
          x -= width;
          set_color (cr, &d->foreground, 0.85);
          cairo_move_to (cr, x, ry - height / 2.0);
          pango_cairo_show_layout (cr, d->layout);
          set_color (cr, orr_scope_draw_color (g_array_index (keys, guint, i)), 1);
          cairo_set_line_width (cr, 3);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          cairo_move_to (cr, x - 20, round (ry) + 0.5);
          cairo_line_to (cr, x - 6, round (ry) + 0.5);
          cairo_stroke (cr);
          x -= 24 + 10;
        }
      rows++;
      start = end;
    }
  return rows;
}

static void
draw_cursor (OrrScopeDraw *d, cairo_t *cr, int width)
{
  OrrSignalLog *log = d->log;
  g_autoptr (GString) markup = g_string_new (NULL);
  guint64 i = orr_signal_log_find_time (log, nextafter (d->cursor_x, INFINITY));
  double x = to_px (d, d->cursor_x), bx, by;
  int tw, th;
  double dashes[] = { 4, 3 };
  guint c_first, c_end;

  if (x < d->plot_x || x > d->plot_x + d->plot_width)
    return;
  cairo_save (cr);
  set_color (cr, &d->foreground, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dashes, 2, 0);
  cairo_move_to (cr, round (x) + 0.5, d->plot_y);
  cairo_line_to (cr, round (x) + 0.5, d->plot_y + d->plot_height);
  cairo_stroke (cr);
  cairo_restore (cr);

  if (i == 0)
    return;
  i--;
  /* the read-out: the time under the pointer, then the values of the
   * sample at or before it, each with its channel's colour */
  {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_snprintf (buf, sizeof buf, "%.6g", d->cursor_x);
    g_string_append_printf (markup, "<b>t = %s</b>", buf);
  }
  channel_span (d, &c_first, &c_end);
  for (guint c = c_first; c < c_end; c++)
    {
      const GdkRGBA *color = orr_scope_draw_color (c);
      g_autofree char *name = g_markup_escape_text (orr_signal_log_get_channel_name (log, c), -1);
      double v = orr_signal_log_get_value (log, i, c);

      if (orr_signal_log_get_kind (log) == ORR_SIGNAL_LOG_EVENTS)
        color = &d->foreground;
      g_string_append_printf (markup, "\n<span foreground=\"#%02x%02x%02x\">●</span> %s = %.6g",
                              (int)(color->red * 255), (int)(color->green * 255),
                              (int)(color->blue * 255), name, v);
      if (orr_signal_log_get_kind (log) == ORR_SIGNAL_LOG_TIME && isfinite (v))
        {
          set_color (cr, orr_scope_draw_color (c), 1);
          cairo_arc (cr, x, to_py (d, v), 3.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
  text_size (d, markup->str, TRUE, &tw, &th);
  bx = x + 8;
  if (bx + tw + 12 > width)
    bx = x - 8 - tw - 12;
  by = d->plot_y + 6;
  cairo_rectangle (cr, bx, by, tw + 12, th + 8);
  if (d->background.alpha > 0)
    set_color (cr, &d->background, 0.92);
  else
    cairo_set_source_rgba (cr, 1 - d->foreground.red, 1 - d->foreground.green,
                           1 - d->foreground.blue, 0.88);
  cairo_fill_preserve (cr);
  set_color (cr, &d->foreground, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  set_color (cr, &d->foreground, 1);
  cairo_move_to (cr, bx + 6, by + 4);
  pango_cairo_show_layout (cr, d->layout);
}

/* ---- the whole picture ------------------------------------------------------ */

static void render_one (OrrScopeDraw *d, cairo_t *cr, int width, int height);

/* Several plots one above the other, each its channels over its value
 * range (or fitted, with autoscale), all over the same time range: the
 * title on the first only. */
static void
render_axes (OrrScopeDraw *d, cairo_t *cr, int width, int height)
{
  guint n = orr_signal_log_get_n_axes (d->log);
  double y0 = d->y0, y1 = d->y1;
  gboolean title = d->title, band = d->band;
  double band_height = (double)height / n;
  GdkRGBA background = d->background;

  if (d->background.alpha > 0)
    {
      cairo_save (cr);
      set_color (cr, &d->background, 1);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  /* painted once, under every plot: a plot's own paint would cover the
   * ones above it */
  d->background.alpha = 0;
  d->band = FALSE;
  d->min_left = 0;
  /* twice: the first time, thrown away, finds the widest value labels,
   * so that the plots' left edges line up the second time */
  for (int pass = 0; pass < 2; pass++)
    {
      double widest = 0;

      if (pass == 0)
        cairo_push_group (cr);
      for (guint a = 0; a < n; a++)
        {
          double lo, hi;

          orr_signal_log_get_axis (d->log, a, &d->ch_first, &d->ch_count, &lo, &hi);
          if (!d->autoscale
              || !orr_scope_draw_autoscale_channels (d->log, d->ch_first, d->ch_count, d->x0, d->x1,
                                                     &d->y0, &d->y1))
            {
              d->y0 = lo;
              d->y1 = hi;
            }
          d->title = title && a == 0;
          cairo_save (cr);
          cairo_translate (cr, 0, round (a * band_height));
          render_one (d, cr, width, (int)(round ((a + 1) * band_height) - round (a * band_height)));
          cairo_restore (cr);
          widest = MAX (widest, d->plot_x);
        }
      if (pass == 0)
        cairo_pattern_destroy (cairo_pop_group (cr));
      d->min_left = widest;
    }
  d->ch_first = d->ch_count = 0;
  d->min_left = 0;
  d->y0 = y0;
  d->y1 = y1;
  d->title = title;
  d->band = band;
  d->background = background;
}

void
orr_scope_draw_render (OrrScopeDraw *d, cairo_t *cr, int width, int height)
{
  if (orr_signal_log_get_kind (d->log) == ORR_SIGNAL_LOG_TIME && d->ch_count == 0
      && orr_signal_log_get_n_axes (d->log) > 1)
    {
      render_axes (d, cr, width, height);
      return;
    }
  render_one (d, cr, width, height);
}

static void
render_one (OrrScopeDraw *d, cairo_t *cr, int width, int height)
{
  OrrSignalLog *log = d->log;
  OrrSignalLogKind kind = orr_signal_log_get_kind (log);
  double xstep, ystep, xfirst, yfirst, top, left, label_width = 0;
  double row_height, legend_width, legend_max;
  guint legend_rows;
  int tw, th;
  char buf[64];

  if (d->layout == NULL)
    {
      g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans 9");
      d->layout = pango_cairo_create_layout (cr);
      pango_layout_set_font_description (d->layout, font);
    }
  else
    pango_cairo_update_layout (cr, d->layout);
  /* an animation is a picture of the moment, not a plot */
  if (kind == ORR_SIGNAL_LOG_SHAPES)
    {
      orr_anim_draw_render (log, d->x1, cr, width, height, &d->foreground, &d->background);
      return;
    }
  if (!(d->x1 > d->x0))
    d->x1 = d->x0 + 1;
  if (!(d->y1 > d->y0))
    d->y1 = d->y0 + 1;

  cairo_save (cr);
  if (d->background.alpha > 0)
    {
      set_color (cr, &d->background, 1);
      cairo_paint (cr);
    }

  /* the layout: a title row (and more rows for a legend too wide for
   * one), value labels on the left, time labels below */
  text_size (d, "0", FALSE, &tw, &th);
  row_height = th;
  /* the legend's rows leave the title its width (up to a third of the
   * plot's) beside them, and the value labels' room */
  legend_max = width - 3 * PAD - 60;
  if (d->title && *orr_signal_log_get_title (log) != '\0')
    {
      g_autofree char *title
        = g_markup_printf_escaped ("<b>%s</b>", orr_signal_log_get_title (log));
      int title_w, title_h;

      text_size (d, title, TRUE, &title_w, &title_h);
      legend_max -= MIN (title_w, width / 3.0);
    }
  legend_max = MAX (legend_max, 60);
  legend_rows
    = draw_legend (d, cr, width - PAD, PAD + th / 2.0, row_height, legend_max, TRUE, &legend_width);
  top = PAD + MAX (legend_rows, 1) * row_height + PAD;
  yfirst = orr_scope_draw_ticks (d->y0, d->y1, MAX (2, (height - top - 2 * th) / 40.0), &ystep);
  if (kind == ORR_SIGNAL_LOG_EVENTS)
    {
      ystep = 1;
      yfirst = ceil (d->y0);
    }
  for (double y = yfirst; y <= d->y1 + ystep * 1e-9; y += ystep)
    {
      const char *label = buf;
      if (kind == ORR_SIGNAL_LOG_EVENTS)
        label = row_name (log, (guint)MAX (y, 0), buf, sizeof buf);
      else
        format_tick (buf, sizeof buf, y, ystep);
      text_size (d, label, FALSE, &tw, &th);
      label_width = MAX (label_width, tw);
    }
  left = MAX (PAD + label_width + 6, d->min_left);
  /* the last time label is centred on its tick: leave room for its half */
  xfirst = x_ticks (d, MAX (2, (width - left - PAD) / 90.0), &xstep);
  {
    double last = xfirst + floor ((d->x1 - xfirst) / xstep + 1e-9) * xstep;
    format_x_tick (d, buf, sizeof buf, last, xstep);
    text_size (d, buf, FALSE, &tw, &th);
  }
  /* the axes' titles: the time's with its unit under its labels, the
   * values' (when the block names them) turned up the left side */
  {
    int ah = 0;
    gboolean time_axis = kind != ORR_SIGNAL_LOG_XY;

    text_size (d, x_title (d), FALSE, NULL, &ah);
    d->axis_title_height = time_axis ? ah : 0;
    if (d->y_label != NULL && *d->y_label != '\0')
      left += ah + 2;
  }
  d->plot_x = left;
  d->plot_y = top;
  /* whole pixels: a column of the decimation is then a pixel column */
  d->plot_width = MAX (1.0, floor (width - left - MAX (PAD + 4, tw / 2.0 + 2)));
  d->plot_height = MAX (1.0, height - top - (th + 2 * PAD) - d->axis_title_height);

  /* plot area, grid and tick labels */
  cairo_rectangle (cr, d->plot_x, d->plot_y, d->plot_width, d->plot_height);
  set_color (cr, &d->foreground, 0.035);
  cairo_fill (cr);
  cairo_set_line_width (cr, 1);
  for (double x = xfirst; x <= d->x1 + xstep * 1e-9; x += xstep)
    {
      double px = round (to_px (d, x)) + 0.5;

      if (d->grid)
        {
          set_color (cr, &d->foreground, 0.12);
          cairo_move_to (cr, px, d->plot_y);
          cairo_line_to (cr, px, d->plot_y + d->plot_height);
          cairo_stroke (cr);
        }
      set_color (cr, &d->foreground, 0.5);
      cairo_move_to (cr, px, d->plot_y + d->plot_height);
      cairo_line_to (cr, px, d->plot_y + d->plot_height + 4);
      cairo_stroke (cr);
      format_x_tick (d, buf, sizeof buf, x, xstep);
      set_color (cr, &d->foreground, 0.8);
      show_text (d, cr, buf, px, d->plot_y + d->plot_height + 5, 0.5, FALSE);
    }
  for (double y = yfirst; y <= d->y1 + ystep * 1e-9; y += ystep)
    {
      double py = round (to_py (d, y)) + 0.5;
      const char *label = buf;

      if (d->grid)
        {
          set_color (cr, &d->foreground, 0.12);
          cairo_move_to (cr, d->plot_x, py);
          cairo_line_to (cr, d->plot_x + d->plot_width, py);
          cairo_stroke (cr);
        }
      set_color (cr, &d->foreground, 0.5);
      cairo_move_to (cr, d->plot_x - 4, py);
      cairo_line_to (cr, d->plot_x, py);
      cairo_stroke (cr);
      if (kind == ORR_SIGNAL_LOG_EVENTS)
        label = row_name (log, (guint)MAX (y, 0), buf, sizeof buf);
      else
        format_tick (buf, sizeof buf, y, ystep);
      set_color (cr, &d->foreground, 0.8);
      show_text (d, cr, label, d->plot_x - 6, py, 1, TRUE);
    }

  /* the data, clipped to the plot */
  cairo_save (cr);
  cairo_rectangle (cr, d->plot_x, d->plot_y, d->plot_width, d->plot_height);
  cairo_clip (cr);
  if (kind == ORR_SIGNAL_LOG_TIME)
    draw_time_channels (d, cr);
  else if (kind == ORR_SIGNAL_LOG_XY)
    draw_xy (d, cr);
  else
    draw_events (d, cr);
  cairo_restore (cr);

  if (d->axis_title_height > 0)
    {
      set_color (cr, &d->foreground, 0.7);
      show_text (d, cr, x_title (d), d->plot_x + d->plot_width / 2,
                 d->plot_y + d->plot_height + 5 + th, 0.5, FALSE);
    }
  if (d->y_label != NULL && *d->y_label != '\0')
    {
      cairo_save (cr);
      cairo_translate (cr, PAD, d->plot_y + d->plot_height / 2);
      cairo_rotate (cr, -G_PI / 2);
      set_color (cr, &d->foreground, 0.7);
      show_text (d, cr, d->y_label, 0, 0, 0.5, FALSE);
      cairo_restore (cr);
    }

  /* frame */
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, round (d->plot_x) + 0.5, round (d->plot_y) + 0.5, round (d->plot_width) - 1,
                   round (d->plot_height) - 1);
  set_color (cr, &d->foreground, 0.4);
  cairo_stroke (cr);

  /* title and legend */
  {
    double room = width - PAD - legend_width - 2 * PAD - left;

    if (d->title && *orr_signal_log_get_title (log) != '\0' && room > 20)
      {
        g_autofree char *title
          = g_markup_printf_escaped ("<b>%s</b>", orr_signal_log_get_title (log));

        text_size (d, title, TRUE, &tw, &th);
        pango_layout_set_width (d->layout, (int)(room * PANGO_SCALE));
        pango_layout_set_ellipsize (d->layout, PANGO_ELLIPSIZE_MIDDLE);
        set_color (cr, &d->foreground, 1);
        cairo_move_to (cr, left, PAD);
        pango_cairo_show_layout (cr, d->layout);
        pango_layout_set_width (d->layout, -1);
        pango_layout_set_ellipsize (d->layout, PANGO_ELLIPSIZE_NONE);
      }
    draw_legend (d, cr, width - PAD, PAD + row_height / 2.0, row_height, legend_max, FALSE,
                 &legend_width);
  }

  if (isfinite (d->cursor_x) && kind != ORR_SIGNAL_LOG_XY)
    draw_cursor (d, cr, width);

  if (d->band)
    {
      cairo_rectangle (cr, MIN (d->band_x0, d->band_x1), MIN (d->band_y0, d->band_y1),
                       fabs (d->band_x1 - d->band_x0), fabs (d->band_y1 - d->band_y0));
      set_color (cr, &palette[0], 0.15);
      cairo_fill_preserve (cr);
      set_color (cr, &palette[0], 0.9);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
