/* orr-canvas-private.h: what the canvas's own files share (the instance
 * structure, hit tests, rendering) and the test entry points that drive
 * the tools through the same code the gestures run. Not installed; the
 * app uses orr-canvas.h only. */
#pragma once

#include "orr-canvas.h"
#include "orr-canvas-geometry.h"
#include "orr-canvas-index.h"
#include "orr-canvas-painter.h"

#include <orrery/orr-evaluate.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_CANVAS_DRAG_NONE,
  ORR_CANVAS_DRAG_PENDING, /* pressed, not yet moved past the threshold */
  ORR_CANVAS_DRAG_MOVE,
  ORR_CANVAS_DRAG_RUBBER_BAND,
  ORR_CANVAS_DRAG_CONNECT,
  ORR_CANVAS_DRAG_RESIZE,
  ORR_CANVAS_DRAG_SEGMENT,
  ORR_CANVAS_DRAG_PAN,
} OrrCanvasDragMode;

/* What is under a point, most specific first. */
typedef enum
{
  ORR_CANVAS_HIT_NOTHING,
  ORR_CANVAS_HIT_HANDLE, /* a selected block's corner */
  ORR_CANVAS_HIT_PORT,
  ORR_CANVAS_HIT_BLOCK,
  ORR_CANVAS_HIT_LINK,
} OrrCanvasHitKind;

typedef struct
{
  OrrCanvasHitKind kind;
  OrrBlock *block; /* handle, port, block */
  OrrPortKind port_kind;
  guint port; /* from 1 */
  int corner; /* handle: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right */
  OrrLink *link;
  guint segment; /* link: index of the segment's first point in its route */
} OrrCanvasHit;

typedef struct
{
  OrrCanvasDragMode mode;
  OrrCanvasDragMode pending_mode; /* what a PENDING press becomes once it moves */
  guint button;
  GdkModifierType modifiers;
  double press_wx, press_wy; /* widget pixels */
  double press_mx, press_my; /* model */
  double last_mx, last_my;
  OrrCanvasHit hit; /* what was pressed */
  gboolean in_transaction;
  gboolean select_only_on_release; /* a click on one of several selected blocks */
  /* move */
  GPtrArray *moved;   /* of OrrBlock*, referenced */
  GArray *moved_from; /* of OrrRect */
  /* resize */
  OrrRect start_frame;
  /* connect: the pressed port, or a link's source for a branch */
  OrrBlock *source;
  OrrPortKind source_kind;
  guint source_port;
  OrrBlock *target; /* the compatible port under the pointer, or NULL */
  OrrPortKind target_kind;
  guint target_port;
  /* segment */
  GArray *route; /* of OrrPoint: the link's route when pressed */
  /* pan */
  double start_offset_x, start_offset_y;
  /* rubber band, in model coordinates */
  OrrRect band;
} OrrCanvasDrag;

struct _OrrCanvas
{
  GtkWidget parent_instance;

  OrrModel *model;
  OrrRegistry *registry;
  OrrDiagram *diagram;
  gulong changed_handler;
  GHashTable *annotations; /* block id -> text shown instead of the icon text */
  GHashTable *statuses;    /* block id -> BlockStatus*, blocks of a slow_configure class */

  /* view: widget = model * zoom + offset */
  double zoom;
  double offset_x, offset_y;
  gboolean fit_pending; /* zoom_fit once the widget has a size */

  GHashTable *selected_blocks; /* OrrBlock* -> OrrBlock*, referenced */
  GHashTable *selected_links;  /* OrrLink* -> OrrLink*, referenced */
  GHashTable *highlighted;     /* block id set, owned strings */
  OrrBlock *hover_block;
  OrrLink *hover_link;

  /* the shown diagram's items, kept in step by the "changed" signal */
  OrrCanvasIndex *index;      /* OrrBlock* and OrrLink* by bounds */
  GHashTable *blocks_by_id;   /* id (block's own string) -> OrrBlock* */
  GHashTable *links_by_block; /* block id (owned) -> GPtrArray of OrrLink* */
  GHashTable *order;          /* OrrBlock* -> drawing rank, GUINT_TO_POINTER */
  guint next_order;
  GHashTable *texts;         /* OrrBlock* -> BlockText*: icon text cache */
  OrrEvaluation *evaluation; /* for icon texts; dropped on parameter changes */
  GHashTable *layouts;       /* the painter's laid-out texts, kept across frames */
  PangoContext *pango_context;
  /* OrrLink* -> GArray of OrrPoint: each link's route as drawn, made when
   * the link is indexed: an automatic route goes around the blocks near
   * it, so it is computed once per change, not per frame */
  GHashTable *routes;
  GHashTable *detours; /* OrrLink* set: routes turned aside by a block */
  GArray *plain_route; /* scratch */

  OrrCanvasDrag drag;
  double pointer_x, pointer_y; /* widget pixels, last seen */
  gboolean pointer_inside;
  guint paste_serial; /* pastes of one copy step further each time */
  char *last_copy_key;

  guint last_drawn; /* items the last render drew */
};

/* canvas */
OrrBlock *orr_canvas_lookup_block (OrrCanvas *self, const char *id);
void orr_canvas_link_ends (OrrCanvas *self, OrrLink *link, OrrBlock **from, OrrBlock **to);
void orr_canvas_hit_test (OrrCanvas *self, double mx, double my, OrrCanvasHit *hit);
/* The block whose frame holds the model point, topmost first; NULL. */
OrrBlock *orr_canvas_block_at (OrrCanvas *self, double mx, double my);
/* Blocks whose frames lie entirely inside rect (model). */
void orr_canvas_blocks_in_rect (OrrCanvas *self, const OrrRect *rect, GPtrArray *result);
/* The route link is drawn along (around other blocks unless it has bend
 * points): NULL when an end is missing. Owned by the canvas, valid until
 * the next change of the model. */
const GArray *orr_canvas_route_of (OrrCanvas *self, OrrLink *link);
/* The automatic route between two ports around the canvas's blocks (the
 * connect preview); to_block NULL for a free end. */
void orr_canvas_route_around (OrrCanvas *self, const OrrCanvasPort *from, OrrBlock *from_block,
                              const OrrCanvasPort *to, OrrBlock *to_block, GArray *route);
/* The blocks whose bounds meet rect (not only those inside it). */
void orr_canvas_blocks_touching (OrrCanvas *self, const OrrRect *rect, GPtrArray *result);
void orr_canvas_visible_rect (OrrCanvas *self, OrrRect *rect);
/* Draws what the view shows into cr (a width x height device area):
 * returns the number of items drawn. The snapshot and the benchmark call it. */
guint orr_canvas_render (OrrCanvas *self, cairo_t *cr, int width, int height);
void orr_canvas_selection_changed (OrrCanvas *self);
void orr_canvas_set_hover (OrrCanvas *self, OrrBlock *block, OrrLink *link);
/* Sets the view directly (benchmark, tests). */
void orr_canvas_set_view (OrrCanvas *self, double zoom, double offset_x, double offset_y);
/* Blocks and links known to the index (tests compare it with the model). */
OrrCanvasIndex *orr_canvas_get_index (OrrCanvas *self);
void orr_canvas_init_painter (OrrCanvas *self, OrrCanvasPainter *painter, cairo_t *cr,
                              gboolean for_export);
/* Ports (kind, number) compatible with a drag from (kind) and free to
 * take a link. */
gboolean orr_canvas_port_accepts (OrrCanvas *self, OrrPortKind from_kind, OrrBlock *block,
                                  OrrPortKind kind, guint port);

void orr_canvas_emit_block_activated (OrrCanvas *self, OrrBlock *block);

/* tools (orr-canvas-tools.c) */
void orr_canvas_tools_install (OrrCanvas *self);
void orr_canvas_tools_press (OrrCanvas *self, guint button, int n_press, double wx, double wy,
                             GdkModifierType modifiers);
void orr_canvas_tools_motion (OrrCanvas *self, double wx, double wy, GdkModifierType modifiers);
void orr_canvas_tools_release (OrrCanvas *self, guint button, double wx, double wy,
                               GdkModifierType modifiers);
void orr_canvas_tools_cancel (OrrCanvas *self);
gboolean orr_canvas_tools_scroll (OrrCanvas *self, double dx, double dy, GdkModifierType modifiers);
gboolean orr_canvas_tools_drop (OrrCanvas *self, const char *text, double wx, double wy);
void orr_canvas_tools_paint (OrrCanvas *self, OrrCanvasPainter *painter, cairo_t *cr);
void orr_canvas_drag_clear (OrrCanvas *self);

/* Test entry points: the same paths as the gestures. */
#define orr_canvas_test_press(c, b, x, y, m) orr_canvas_tools_press ((c), (b), 1, (x), (y), (m))
#define orr_canvas_test_motion(c, x, y, m) orr_canvas_tools_motion ((c), (x), (y), (m))
#define orr_canvas_test_release(c, b, x, y, m) orr_canvas_tools_release ((c), (b), (x), (y), (m))
#define orr_canvas_test_double_click(c, x, y) orr_canvas_tools_press ((c), 1, 2, (x), (y), 0)
#define orr_canvas_test_scroll(c, dx, dy, m) orr_canvas_tools_scroll ((c), (dx), (dy), (m))
#define orr_canvas_test_drop(c, text, x, y) orr_canvas_tools_drop ((c), (text), (x), (y))

G_END_DECLS
