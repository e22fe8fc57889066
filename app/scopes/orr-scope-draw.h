/* orr-scope-draw.h: how a scope looks, as a plain cairo drawing of one
 * OrrSignalLog over given ranges: axes with 1-2-5 ticks, grid, the
 * channels decimated to min/max per pixel column, legend, title, cursor
 * read-out and rubber band. The scope view draws through it on screen and
 * into export files; benchmarks and tests use it without a display. */
#pragma once

#include "orr-signal-log.h"

#include <gdk/gdk.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* How many colours the channel palette has before it repeats. */
#define ORR_SCOPE_N_COLORS 8

typedef struct
{
  /* What to draw; the caller fills these. */
  OrrSignalLog *log;
  double x0, x1; /* visible time (XY: the x channels' values) */
  double y0, y1; /* visible values (EventScope: input rows) */
  gboolean grid;
  gboolean title;      /* the log's title above the plot (a pane's header shows it already) */
  const char *y_label; /* the value axis's title, or NULL; the time axis's says "Time (s)" */
  const char *x_label; /* the time axis's title instead of "Time (s)", or NULL */
  gboolean x_log10;    /* the times are log10 of what the axis shows (Bode's frequencies):
                          ticks at whole decades where there is room, labelled 10^x */
  double cursor_x;     /* cursor read-out at this time; NAN for none */
  gboolean band;       /* rubber band between (band_x0, band_y0) and (band_x1, band_y1), pixels */
  double band_x0, band_y0, band_x1, band_y1;
  GdkRGBA foreground; /* text and axes: the widget's colour */
  GdkRGBA background; /* painted first unless fully transparent */
  double scale;       /* device pixels per unit (the widget's scale factor) */
  gboolean autoscale; /* a log of several axes: each fits its values (else its own range) */
  /* the channels drawn, [ch_first, ch_first + ch_count); 0: all. A log of
   * several axes sets these per plot while drawing. */
  guint ch_first, ch_count;
  double min_left; /* the plot area starts at least this far right (stacked plots align) */

  /* Where the plot area ended up, in pixels; set by the drawing. */
  double plot_x, plot_y, plot_width, plot_height;
  int axis_title_height;

  /* Scratch, kept between frames: grown only when the plot widens. */
  double *columns;
  guint n_columns;
  PangoLayout *layout;
  cairo_surface_t *layer; /* the curves in pixels, the plot's size */
  guint32 *transposed;    /* the same, a column after the other */
  gsize n_transposed;
} OrrScopeDraw;

void orr_scope_draw_init (OrrScopeDraw *draw, OrrSignalLog *log);
/* Frees the scratch; draw->log is not owned. */
void orr_scope_draw_clear (OrrScopeDraw *draw);

void orr_scope_draw_render (OrrScopeDraw *draw, cairo_t *cr, int width, int height);

/* Colour of channel (TIME), channel pair (XY) or input row - 1 (EVENTS):
 * mid-tone hues that read on light and dark backgrounds alike. */
const GdkRGBA *orr_scope_draw_color (guint index);

/* The value range autoscale shows for the log over time [x0, x1] (XY:
 * both axes over every sample): a little margin around the data, or a
 * unit range around a constant. FALSE when there is nothing to show. */
gboolean orr_scope_draw_autoscale (OrrSignalLog *log, double x0, double x1, double *xmin,
                                   double *xmax, double *ymin, double *ymax);

/* The same over the channels [first, first + count) of a TIME log only. */
gboolean orr_scope_draw_autoscale_channels (OrrSignalLog *log, guint first, guint count, double x0,
                                            double x1, double *ymin, double *ymax);

/* "t = <time>" then "<name> = <value>" per channel, one a line, for the
 * sample at or before t (6 significant digits); NULL when there is none. */
char *orr_scope_draw_describe (OrrSignalLog *log, double t);

/* Ticks at multiples of 1, 2 or 5 times a power of ten, about
 * target_count of them over [lo, hi]: fills step and returns the first
 * tick at or after lo. */
double orr_scope_draw_ticks (double lo, double hi, double target_count, double *step);

G_END_DECLS
