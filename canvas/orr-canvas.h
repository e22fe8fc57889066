/* orr-canvas.h: the diagram view.
 *
 * OrrCanvas shows one diagram of an OrrModel (the root, or a super block's
 * content) and edits it with tools built as event controllers: select,
 * rubber band, move, connect, pan and zoom. Every change goes through the
 * model's undoable edit functions, each user gesture in one transaction;
 * the canvas redraws from the model's "changed" signal, so undo, redo and
 * edits made elsewhere (dialogs, other windows) show at once.
 *
 * Coordinates: "model" coordinates are those stored in the file (block
 * geometry, link points); the view maps them to widget pixels by a zoom
 * factor and an offset.
 */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_TYPE_CANVAS (orr_canvas_get_type ())
G_DECLARE_FINAL_TYPE (OrrCanvas, orr_canvas, ORR, CANVAS, GtkWidget)

/* The drag-and-drop payload the palette browser offers: a string
 * "orrery-block:" followed by the class name ("orrery-block:Gain"). */
#define ORR_CANVAS_BLOCK_DND_PREFIX "orrery-block:"

/* The clipboard MIME type of diagram fragments (orr_fragment_serialize);
 * the same text is also offered as text/plain. */
#define ORR_CANVAS_FRAGMENT_MIME "application/x-orrery-fragment"

typedef enum
{
  ORR_CANVAS_EXPORT_PNG,
  ORR_CANVAS_EXPORT_SVG,
  ORR_CANVAS_EXPORT_PDF,
} OrrCanvasExportFormat;

GtkWidget *orr_canvas_new (void);

/* Shows model's root diagram. registry gives block classes (labels, icon
 * text, port interfaces); it must outlive the canvas. */
void orr_canvas_set_model (OrrCanvas *canvas, OrrModel *model, OrrRegistry *registry);
OrrModel *orr_canvas_get_model (OrrCanvas *canvas);
OrrRegistry *orr_canvas_get_registry (OrrCanvas *canvas);
/* Another diagram of the same model (entering a super block). */
void orr_canvas_set_diagram (OrrCanvas *canvas, OrrDiagram *diagram);
OrrDiagram *orr_canvas_get_diagram (OrrCanvas *canvas);

/* Selection: blocks and links of the shown diagram. */
GPtrArray *
orr_canvas_get_selected_blocks (OrrCanvas *canvas); /* of OrrBlock*, container owned by caller */
GPtrArray *orr_canvas_get_selected_links (OrrCanvas *canvas); /* of OrrLink* */
void orr_canvas_select_block (OrrCanvas *canvas, OrrBlock *block, gboolean add);
OrrBlock *orr_canvas_insert_annotation (OrrCanvas *canvas, const char *text, double x, double y,
                                        GError **error);
void orr_canvas_select_all (OrrCanvas *canvas);
void orr_canvas_unselect_all (OrrCanvas *canvas);
/* Blocks highlighted as a problem (an algebraic loop...), by id; NULL clears. */
void orr_canvas_set_highlighted (OrrCanvas *canvas, const char *const *block_ids);

/* Text drawn in a block instead of its icon text, until cleared: a
 * Display block's value during a run. NULL removes it. Not part of the
 * model (not saved, not undone). */
void orr_canvas_set_block_annotation (OrrCanvas *canvas, const char *block_id, const char *text);
void orr_canvas_clear_block_annotations (OrrCanvas *canvas);
/* The text set for a block, or NULL. */
const char *orr_canvas_get_block_annotation (OrrCanvas *canvas, const char *block_id);

/* Blocks of a class that configures slowly (OrrBlockClass.slow_configure:
 * an FMU block unpacks its FMU) are never configured by the canvas, which
 * runs on the GTK thread: it draws their class's icon text until told
 * here how they are, by whoever configures them on a worker (the window):
 * LOADING (a placeholder text, "loading…"), READY (text is what configure
 * gave, NULL for the icon text) or PROBLEM (text drawn as a problem, the
 * frame dashed: "unpacking cancelled"). Not part of the model. */
typedef enum
{
  ORR_CANVAS_BLOCK_LOADING,
  ORR_CANVAS_BLOCK_READY,
  ORR_CANVAS_BLOCK_PROBLEM,
} OrrCanvasBlockStatus;

void orr_canvas_set_block_status (OrrCanvas *canvas, const char *block_id,
                                  OrrCanvasBlockStatus status, const char *text);
/* The text the canvas draws for block_id and, if status is not NULL, its
 * status; NULL when none was set (or READY without a text). */
const char *orr_canvas_get_block_status (OrrCanvas *canvas, const char *block_id,
                                         OrrCanvasBlockStatus *status);

/* Editing commands on the selection, each one undoable step. */
void orr_canvas_delete_selection (OrrCanvas *canvas);
void orr_canvas_rotate_selection (OrrCanvas *canvas);
void orr_canvas_flip_selection (OrrCanvas *canvas);
void orr_canvas_duplicate_selection (OrrCanvas *canvas);
/* Ends a drag in progress (move, resize, connect...), taking back what it
 * changed. A drag keeps a model transaction open, so the window calls this
 * before undo or redo. (Added by the canvas.) */
void orr_canvas_cancel_drag (OrrCanvas *canvas);

/* The selected blocks as a fragment (NULL when nothing is selected). */
char *orr_canvas_copy_selection (OrrCanvas *canvas, gsize *length);
/* Pastes a fragment near the pointer (or offset from where it was copied
 * when the pointer is outside) and selects what was pasted. */
gboolean orr_canvas_paste (OrrCanvas *canvas, const char *data, gsize length, GError **error);

/* Adds a block of class type centred at (x, y) in model coordinates (NAN,
 * NAN: the centre of the visible area), with its parameters' defaults and
 * its ports from its class, selects it and returns it (NULL, error: an
 * unknown class). */
OrrBlock *orr_canvas_insert_block (OrrCanvas *canvas, const char *type, double x, double y,
                                   GError **error);

/* View */
double orr_canvas_get_zoom (OrrCanvas *canvas);
/* Zooms about the point (wx, wy) in widget pixels, which stays put. */
void orr_canvas_set_zoom (OrrCanvas *canvas, double zoom, double wx, double wy);
void orr_canvas_zoom_in (OrrCanvas *canvas);
void orr_canvas_zoom_out (OrrCanvas *canvas);
void orr_canvas_zoom_fit (OrrCanvas *canvas);
/* Scrolls (at the same zoom) so that rect, in model coordinates, is in
 * view, centred; does nothing when it is already in view. */
void orr_canvas_show_rect (OrrCanvas *canvas, const OrrRect *rect);
void orr_canvas_widget_to_model (OrrCanvas *canvas, double wx, double wy, double *mx, double *my);
void orr_canvas_model_to_widget (OrrCanvas *canvas, double mx, double my, double *wx, double *wy);

/* What is under the point (wx, wy) in widget pixels: a block (its ports
 * count as the block) or a link; both NULL over the empty canvas. */
void orr_canvas_pick (OrrCanvas *canvas, double wx, double wy, OrrBlock **block, OrrLink **link);

/* Draws the whole shown diagram into the width x height area at the
 * origin of cr (a printed page), scaled down to fit, in the light palette
 * of exported pictures. */
void orr_canvas_draw_fitted (OrrCanvas *canvas, cairo_t *cr, double width, double height);

/* Writes the whole shown diagram (not only the visible part) as an image. */
gboolean orr_canvas_export (OrrCanvas *canvas, const char *path, OrrCanvasExportFormat format,
                            GError **error);

/* Signals:
 *   "block-activated" (OrrBlock *block): double-click or Enter on a block;
 *       the window opens its parameter dialog.
 *   "selection-changed" (void)
 * Properties: "zoom" (double), "diagram" (pointer), "model" (object). */

G_END_DECLS
