/* orr-canvas-painter.h: draws diagram items with Cairo, in model
 * coordinates (the caller sets the view transform). The same painter
 * serves the widget, the image export and the render benchmark; the model
 * knows nothing of it. */
#pragma once

#include <cairo.h>
#include <gdk/gdk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>
#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct
{
  GdkRGBA foreground;
  GdkRGBA background; /* the page, for export; the widget leaves it to CSS */
  GdkRGBA block_fill;
  GdkRGBA accent;     /* selection, hover, connect targets */
  GdkRGBA activation; /* activation ports and links */
  GdkRGBA problem;    /* highlighted blocks */
} OrrCanvasPalette;

/* What a block shows inside its frame (only when want_text: it may cost
 * an evaluation), and whether its class is known. */
typedef const char *(*OrrCanvasBlockTextFunc) (gpointer data, OrrBlock *block, gboolean want_text,
                                               gboolean *known);

/* The blocks a link joins (NULL where one is missing). */
typedef void (*OrrCanvasLinkEndsFunc) (gpointer data, OrrLink *link, OrrBlock **from,
                                       OrrBlock **to);

/* The route a link is drawn along as the caller keeps it (around blocks),
 * NULL when it is not drawn. */
typedef const GArray *(*OrrCanvasLinkRouteFunc) (gpointer data, OrrLink *link);

typedef struct
{
  OrrCanvasPalette palette;
  double zoom;                 /* device pixels per model unit: level of detail */
  GHashTable *selected_blocks; /* OrrBlock* set, or NULL */
  GHashTable *selected_links;  /* OrrLink* set, or NULL */
  GHashTable *highlighted;     /* block id set, or NULL */
  gboolean mark_open_ports;    /* data ports without a link in the problem colour */
  OrrBlock *hover_block;
  OrrLink *hover_link;
  OrrCanvasBlockTextFunc block_text;
  gpointer block_text_data;
  /* whether the block shows a text set while running (a Display's value)
   * instead of its picture; NULL: never. Takes block_text_data. */
  gboolean (*block_annotated) (gpointer data, OrrBlock *block);
  OrrRegistry *registry; /* the block classes, for the pictures' defaults; may be NULL */
  OrrCanvasLinkEndsFunc link_ends;
  gpointer link_ends_data;
  /* or NULL: the painter computes plain routes itself */
  OrrCanvasLinkRouteFunc link_route;
  gpointer link_route_data;
  /* laid-out texts kept across frames by the caller (text -> PangoLayout,
   * made in cache_context), or NULL: shaping is most of a text's cost */
  GHashTable *layout_cache;
  PangoContext *cache_context;
  /* scratch, owned by the painter */
  PangoLayout *layout;
  PangoFontDescription *icon_font;
  PangoFontDescription *name_font;
  GArray *route;
} OrrCanvasPainter;

/* The light or dark palette for a foreground colour (the widget's). */
void orr_canvas_palette_init (OrrCanvasPalette *palette, const GdkRGBA *foreground);

void orr_canvas_painter_init (OrrCanvasPainter *painter, cairo_t *cr);
/* A context for layout_cache: scale-independent metrics, as the painter's. */
PangoContext *orr_canvas_painter_create_context (void);
void orr_canvas_painter_clear (OrrCanvasPainter *painter);

void orr_canvas_paint_block (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block);
void orr_canvas_paint_link (OrrCanvasPainter *painter, cairo_t *cr, OrrLink *link, OrrBlock *from,
                            OrrBlock *to);
/* Many at once, in drawing order: plain items share one path per colour,
 * which is what keeps thousands of them fast; selected, hovered and
 * highlighted ones are drawn one by one on top. */
void orr_canvas_paint_blocks (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *const *blocks,
                              guint n_blocks);
void orr_canvas_paint_links (OrrCanvasPainter *painter, cairo_t *cr, OrrLink *const *links,
                             guint n_links);
/* Paints a route given as points (connect preview, rubber band...). */
void orr_canvas_paint_polyline (OrrCanvasPainter *painter, cairo_t *cr, const GArray *route,
                                const GdkRGBA *color, double width, gboolean dashed);
/* A port lit up as a connection target (or the pressed source). */
void orr_canvas_paint_port_highlight (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block,
                                      OrrPortKind kind, guint port);
void orr_canvas_paint_rubber_band (OrrCanvasPainter *painter, cairo_t *cr, const OrrRect *rect);

G_END_DECLS
