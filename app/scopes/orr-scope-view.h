/* orr-scope-view.h: a live plot of one OrrSignalLog (Scope, XYScope,
 * EventScope): a time window that follows the newest sample or shows the
 * whole run, autoscale or fixed value ranges, grid; zoom (scroll,
 * ctrl+scroll, shift+drag), pan (drag), a cursor read-out (pointer motion)
 * and reset (double click). Export to PNG, SVG or PDF.
 *
 * An EventScope log draws a mark per sample in the row of the input that
 * fired, the value of channel 0; when the log has one channel per input,
 * the channels' names name the rows (their values are not read). */
#pragma once

#include "orr-signal-log.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ORR_TYPE_SCOPE_VIEW (orr_scope_view_get_type ())
G_DECLARE_FINAL_TYPE (OrrScopeView, orr_scope_view, ORR, SCOPE_VIEW, GtkWidget)

GtkWidget *orr_scope_view_new (OrrSignalLog *log);
OrrSignalLog *orr_scope_view_get_log (OrrScopeView *view);

/* Properties "follow", "autoscale", "grid" (booleans, notified) and
 * "window" (double). */

/* The time window slides with the newest sample: [tlast - window, tlast]
 * (once the run is longer than the window), or shows the whole run span
 * when the window is 0. Turning it off freezes what is shown. */
void orr_scope_view_set_follow (OrrScopeView *view, gboolean follow);
gboolean orr_scope_view_get_follow (OrrScopeView *view);
void orr_scope_view_set_window (OrrScopeView *view, double seconds);
/* Values fit what is shown (XY: every sample), or the fixed range. */
void orr_scope_view_set_autoscale (OrrScopeView *view, gboolean autoscale);
gboolean orr_scope_view_get_autoscale (OrrScopeView *view);
/* The fixed value range; turns autoscale off. */
void orr_scope_view_set_y_range (OrrScopeView *view, double ymin, double ymax);
void orr_scope_view_set_grid (OrrScopeView *view, gboolean grid);
gboolean orr_scope_view_get_grid (OrrScopeView *view);
/* Whether the plot shows the log's title (a pane's header does already). */
void orr_scope_view_set_show_title (OrrScopeView *view, gboolean show_title);
/* The value axis's title (a Scope's "ylabel"), NULL for none. */
void orr_scope_view_set_y_label (OrrScopeView *view, const char *label);
/* Back to following, and the value range of the block's parameters. */
void orr_scope_view_reset_view (OrrScopeView *view);

/* What is shown: time (XY: x) from t0 to t1, values from y0 to y1.
 * Setting it is a zoom: it turns follow off. */
void orr_scope_view_get_visible (OrrScopeView *view, double *t0, double *t1, double *y0,
                                 double *y1);
void orr_scope_view_set_visible (OrrScopeView *view, double t0, double t1, double y0, double y1);

/* The plot as on paper (white background, dark text, title) on any cairo
 * context: export, tests. */
void orr_scope_view_draw (OrrScopeView *view, cairo_t *cr, int width, int height);
/* PNG, SVG or PDF by the extension of path, at the view's size on screen
 * (960 x 480 when it is not shown). */
gboolean orr_scope_view_export (OrrScopeView *view, const char *path, GError **error);

/* The cursor read-out at time t: "t = ..." then "<channel> = <value>" a
 * line, for the sample at or before t; NULL before the first sample. */
char *orr_scope_view_describe_at (OrrScopeView *view, double t);

G_END_DECLS
