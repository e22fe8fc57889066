/* orr-anim-draw.c: an Anim2D picture. See orr-anim-draw.h.
 *
 * A sample of the log is { what, the inputs column-major }: what's bit 1
 * moves the shapes (a frame), bit 2 freezes a copy (a snapshot). The
 * shapes are numbered across the inputs in order, one per row (a polygon
 * or polyline: one per input); shape j takes row j of the colour table,
 * from the top again when the table is shorter, unless its kind carries
 * its own colour (103, 104, 105). */
#include "orr-anim-draw.h"

#include <math.h>

/* How far back from t a frame is looked for among snapshot-only samples. */
#define MAX_LOOKBACK 100000
/* Snapshots are drawn fainter than the moving shapes. */
#define SNAPSHOT_ALPHA 0.55

void
orr_anim_draw_transform (const OrrSignalLogShapes *shapes, int width, int height, double *scale,
                         double *ox, double *oy)
{
  double w = shapes->area[1] - shapes->area[0];
  double h = shapes->area[3] - shapes->area[2];
  double s = MIN (width / w, height / h);

  *scale = s;
  *ox = (width - s * w) / 2;
  *oy = (height - s * h) / 2;
}

/* Sample i's bits: 1 a frame, 2 a snapshot. */
static int
what (OrrSignalLog *log, guint64 i)
{
  double v = orr_signal_log_get_value (log, i, 0);

  return v >= 0 && v <= 3 ? (int)v : 0;
}

/* The samples that are snapshots, found once: a frame looks only at the
 * samples appended since the last (a long run has many, few of them
 * snapshots). Kept on the log; a log cleared for a new run starts over. */
typedef struct
{
  guint64 scanned;
  GArray *indices; /* of guint64 */
} Snapshots;

static void
snapshots_free (Snapshots *s)
{
  g_array_unref (s->indices);
  g_free (s);
}

/* A new run in the same log: start over, even if it has grown past the
 * old one by the next frame. */
static void
snapshots_forget (OrrSignalLog *log, gpointer data)
{
  Snapshots *s = g_object_get_data (G_OBJECT (log), "orr-anim-snapshots");

  if (s != NULL)
    {
      g_array_set_size (s->indices, 0);
      s->scanned = 0;
    }
}

static GArray *
snapshots_of (OrrSignalLog *log)
{
  Snapshots *s = g_object_get_data (G_OBJECT (log), "orr-anim-snapshots");
  guint64 n = orr_signal_log_get_n_samples (log);

  if (s == NULL)
    {
      s = g_new0 (Snapshots, 1);
      s->indices = g_array_new (FALSE, FALSE, sizeof (guint64));
      g_object_set_data_full (G_OBJECT (log), "orr-anim-snapshots", s,
                              (GDestroyNotify)snapshots_free);
      g_signal_connect (log, "cleared", G_CALLBACK (snapshots_forget), NULL);
    }
  if (n < s->scanned)
    snapshots_forget (log, NULL);
  for (; s->scanned < n; s->scanned++)
    if (what (log, s->scanned) & 2)
      g_array_append_val (s->indices, s->scanned);
  return s->indices;
}

typedef struct
{
  cairo_t *cr;
  const OrrSignalLogShapes *shapes;
  const GdkRGBA *foreground;
  double scale, ox, oy;
  double alpha;
} Painter;

static double
px (const Painter *p, double x)
{
  return p->ox + p->scale * (x - p->shapes->area[0]);
}

static double
py (const Painter *p, double y)
{
  return p->oy + p->scale * (p->shapes->area[3] - y);
}

/* The colour of shape j from the table; FALSE: unfilled. */
static gboolean
table_color (const Painter *p, guint j, double rgb[3])
{
  const double *row;

  if (p->shapes->n_colors == 0)
    return FALSE;
  row = p->shapes->colors + 3 * (j % p->shapes->n_colors);
  if (row[0] < 0 || row[1] < 0 || row[2] < 0)
    return FALSE;
  rgb[0] = row[0];
  rgb[1] = row[1];
  rgb[2] = row[2];
  return TRUE;
}

/* Fills the current path with rgb, or outlines it in the foreground
 * when unfilled; stroke_only: a line, stroked in its colour. */
static void
finish (const Painter *p, gboolean filled, const double rgb[3], gboolean stroke_only)
{
  cairo_t *cr = p->cr;

  if (stroke_only)
    {
      if (filled)
        cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], p->alpha);
      else
        cairo_set_source_rgba (cr, p->foreground->red, p->foreground->green, p->foreground->blue,
                               p->alpha);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
      return;
    }
  if (filled)
    {
      cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], p->alpha);
      cairo_fill (cr);
      return;
    }
  cairo_set_source_rgba (cr, p->foreground->red, p->foreground->green, p->foreground->blue,
                         p->alpha);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

static gboolean
finite_row (const double *m, int rows, int r, int cols)
{
  for (int c = 0; c < cols; c++)
    if (!isfinite (m[r + c * rows]))
      return FALSE;
  return TRUE;
}

/* Draws input k's shapes from m (rows x cols, column-major); j numbers the
 * shapes across the inputs. */
static void
draw_input (const Painter *p, guint k, const double *m, guint *j)
{
  int kind = ABS (p->shapes->kinds[k]);
  int rows = p->shapes->rows[k], cols = p->shapes->cols[k];
  cairo_t *cr = p->cr;
  double rgb[3];

  if (kind == 1 || kind == 2)
    {
      gboolean filled = table_color (p, (*j)++, rgb);
      gboolean any = FALSE;

      cairo_new_path (cr);
      for (int r = 0; r < rows; r++)
        if (finite_row (m, rows, r, 2))
          {
            cairo_line_to (cr, px (p, m[r]), py (p, m[r + rows]));
            any = TRUE;
          }
      if (!any)
        return;
      if (kind == 1)
        {
          cairo_close_path (cr);
          finish (p, filled, rgb, FALSE);
        }
      else
        finish (p, filled, rgb, TRUE);
      return;
    }

  for (int r = 0; r < rows; r++, (*j)++)
    {
      gboolean filled;

      if (!finite_row (m, rows, r, cols))
        continue;
      if (kind >= 100)
        {
          for (int c = 0; c < 3; c++)
            rgb[c] = CLAMP (m[r + (cols - 3 + c) * rows], 0, 1);
          filled = TRUE;
        }
      else
        filled = table_color (p, *j, rgb);

      cairo_new_path (cr);
      switch (kind % 100)
        {
          case 3:
            cairo_arc (cr, px (p, m[r]), py (p, m[r + rows]), fabs (m[r + 2 * rows]) * p->scale, 0,
                       2 * G_PI);
            finish (p, filled, rgb, FALSE);
            break;
          case 4:
            /* (x, y) is the lower left corner: on screen, the bottom */
            cairo_rectangle (cr, px (p, m[r]), py (p, m[r + rows] + m[r + 3 * rows]),
                             m[r + 2 * rows] * p->scale, m[r + 3 * rows] * p->scale);
            finish (p, filled, rgb, FALSE);
            break;
          case 5:
            cairo_move_to (cr, px (p, m[r]), py (p, m[r + rows]));
            cairo_line_to (cr, px (p, m[r + 2 * rows]), py (p, m[r + 3 * rows]));
            finish (p, filled, rgb, TRUE);
            break;
          default:
            break;
        }
    }
}

/* Draws sample i's shapes; snapshot: only the inputs of positive kind. */
static void
draw_sample (Painter *p, OrrSignalLog *log, guint64 i, gboolean snapshot, double *scratch)
{
  guint channel = 1, j = 0;

  for (guint k = 0; k < p->shapes->n_inputs; k++)
    {
      int numel = p->shapes->rows[k] * p->shapes->cols[k];

      for (int e = 0; e < numel; e++)
        scratch[e] = orr_signal_log_get_value (log, i, channel + e);
      channel += numel;
      if (snapshot && p->shapes->kinds[k] < 0)
        {
          /* the shapes keep their numbers, and so their colours */
          j += ABS (p->shapes->kinds[k]) <= 2 ? 1 : p->shapes->rows[k];
          continue;
        }
      draw_input (p, k, scratch, &j);
    }
}

void
orr_anim_draw_render (OrrSignalLog *log, double t, cairo_t *cr, int width, int height,
                      const GdkRGBA *foreground, const GdkRGBA *background)
{
  const OrrSignalLogShapes *shapes = orr_signal_log_get_shapes (log);
  guint64 n = orr_signal_log_get_n_samples (log);
  guint64 end, frame = G_MAXUINT64;
  g_autofree double *scratch = NULL;
  guint numel = 0, total = 0;
  Painter p = { cr, shapes, foreground, 1, 0, 0, 1 };

  cairo_save (cr);
  if (background->alpha > 0)
    {
      gdk_cairo_set_source_rgba (cr, background);
      cairo_paint (cr);
    }
  for (guint k = 0; shapes != NULL && k < shapes->n_inputs; k++)
    {
      numel = MAX (numel, (guint)(shapes->rows[k] * shapes->cols[k]));
      total += shapes->rows[k] * shapes->cols[k];
    }
  if (shapes == NULL || width <= 0 || height <= 0
      || orr_signal_log_get_n_channels (log) < 1 + total)
    {
      cairo_restore (cr);
      return;
    }
  scratch = g_new (double, MAX (numel, 1));
  orr_anim_draw_transform (shapes, width, height, &p.scale, &p.ox, &p.oy);

  /* the area's frame, and nothing outside it */
  cairo_rectangle (cr, p.ox, p.oy, p.scale * (shapes->area[1] - shapes->area[0]),
                   p.scale * (shapes->area[3] - shapes->area[2]));
  cairo_set_source_rgba (cr, foreground->red, foreground->green, foreground->blue, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_stroke_preserve (cr);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* samples at or before t: [0, end) */
  end = orr_signal_log_find_time (log, t);
  while (end < n && orr_signal_log_get_t (log, end) <= t)
    end++;

  p.alpha = SNAPSHOT_ALPHA;
  {
    GArray *snapshots = snapshots_of (log);

    for (guint k = 0; k < snapshots->len && g_array_index (snapshots, guint64, k) < end; k++)
      draw_sample (&p, log, g_array_index (snapshots, guint64, k), TRUE, scratch);
  }

  for (guint64 i = end; i > 0 && end - i < MAX_LOOKBACK; i--)
    if (what (log, i - 1) & 1)
      {
        frame = i - 1;
        break;
      }
  p.alpha = 1;
  if (frame != G_MAXUINT64)
    draw_sample (&p, log, frame, FALSE, scratch);
  cairo_restore (cr);
}
