/* orr-canvas-index.h: a quadtree of item bounding boxes (blocks and links,
 * in model coordinates), so that hit tests and drawing visit only what is
 * near the pointer or on screen. Items are opaque pointers. No GTK. */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

typedef struct _OrrCanvasIndex OrrCanvasIndex;

OrrCanvasIndex *orr_canvas_index_new (void);
void orr_canvas_index_free (OrrCanvasIndex *index);
void orr_canvas_index_clear (OrrCanvasIndex *index);
/* Inserts item, or moves it if it is already there. */
void orr_canvas_index_set (OrrCanvasIndex *index, gpointer item, const OrrRect *bounds);
void orr_canvas_index_remove (OrrCanvasIndex *index, gpointer item);
gboolean orr_canvas_index_contains (OrrCanvasIndex *index, gpointer item);
/* The bounds item was last set with; FALSE when it is not there. */
gboolean orr_canvas_index_get_bounds (OrrCanvasIndex *index, gpointer item, OrrRect *bounds);
guint orr_canvas_index_get_n_items (OrrCanvasIndex *index);
/* Appends to result every item whose bounds intersect rect. */
void orr_canvas_index_query (OrrCanvasIndex *index, const OrrRect *rect, GPtrArray *result);
/* The bounds of every item; FALSE when the index is empty. */
gboolean orr_canvas_index_get_extent (OrrCanvasIndex *index, OrrRect *extent);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrCanvasIndex, orr_canvas_index_free)

G_END_DECLS
