/* orr-scopes-pane.h: the scopes of a run, one above the other beside the
 * canvas: per log a header (title; follow, autoscale, grid, reset view,
 * export) and its OrrScopeView. The header's buttons are actions of a
 * "scope" group per view, so they work without the window wiring them. */
#pragma once

#include "orr-scope-view.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ORR_TYPE_SCOPES_PANE (orr_scopes_pane_get_type ())
G_DECLARE_FINAL_TYPE (OrrScopesPane, orr_scopes_pane, ORR, SCOPES_PANE, GtkWidget)

GtkWidget *orr_scopes_pane_new (void);
/* Appends a view of log below the others. */
void orr_scopes_pane_add_log (OrrScopesPane *pane, OrrSignalLog *log);
/* Removes every view. */
void orr_scopes_pane_clear (OrrScopesPane *pane);
guint orr_scopes_pane_get_n_views (OrrScopesPane *pane);
OrrScopeView *orr_scopes_pane_get_view (OrrScopesPane *pane, guint index);
/* The "scope" actions of view index: follow, autoscale, grid (boolean
 * states), reset-view, export-data and export-image (ask for a file),
 * export-data-to and export-image-to (a path, "s"; no question), detach
 * (into a window of its own, still drawing; closing the window brings it
 * back) and close (hidden until the next run). A scope detached in one
 * run opens detached in the next. */
GActionGroup *orr_scopes_pane_get_actions (OrrScopesPane *pane, guint index);
/* The window of a detached view, NULL while it is in the pane. */
GtkWindow *orr_scopes_pane_get_window (OrrScopesPane *pane, guint index);

G_END_DECLS
