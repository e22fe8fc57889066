/* orr-canvas-geometry.h: where things are on a diagram, in model
 * coordinates: a block's drawn frame once rotated, its ports' anchors and
 * directions, and the orthogonal route of a link. Pure functions of the
 * model, shared by the painter, the hit tests and the export. No GTK. */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

/* The grid blocks snap to, and the length of a port's triangle. */
#define ORR_CANVAS_GRID 10.0
#define ORR_CANVAS_PORT_SIZE 8.0
/* How far a link runs straight out of its port before it turns. */
#define ORR_CANVAS_LINK_STUB 10.0
/* The spacing of ports along a side that decides a block's default size. */
#define ORR_CANVAS_PORT_PITCH 20.0
#define ORR_CANVAS_BLOCK_DEFAULT_SIZE 40.0

typedef struct
{
  OrrPoint anchor; /* where a link attaches: the outer end of the triangle */
  OrrPoint base;   /* the middle of the port's side of the frame */
  double dx, dy;   /* unit vector pointing away from the block */
} OrrCanvasPort;

/* Where a link leaving (or entering) port turns first: the end of its stub. */
static inline OrrPoint
orr_canvas_port_stub_end (const OrrCanvasPort *port)
{
  return (OrrPoint){ port->anchor.x + port->dx * ORR_CANVAS_LINK_STUB,
                     port->anchor.y + port->dy * ORR_CANVAS_LINK_STUB };
}

/* The frame as drawn: geometry turned by the rotation about its centre
 * (width and height swap at 90 and 270 degrees). */
void orr_canvas_block_frame (const OrrBlock *block, OrrRect *frame);
/* The frame plus its ports: what the block covers on screen. */
void orr_canvas_block_bounds (const OrrBlock *block, OrrRect *bounds);
/* Sets geometry from a wanted frame: the inverse of orr_canvas_block_frame. */
void orr_canvas_block_geometry_for_frame (const OrrBlock *block, const OrrRect *frame,
                                          OrrRect *geometry);
/* Port number (from 1) of a kind; FALSE when it does not exist. */
gboolean orr_canvas_block_port (const OrrBlock *block, OrrPortKind kind, guint port,
                                OrrCanvasPort *out);
/* The default width and height for the given port counts. */
void orr_canvas_default_size (guint n_in, guint n_out, guint n_evin, guint n_evout, double *width,
                              double *height);

/* A link's polyline from its source anchor to its target anchor, through
 * its stored bend points when it has any (joined to the ports by right
 * angles), else along an automatic orthogonal route. Returns the number of
 * points written to route (an OrrPoint array), 0 when an end is missing. */
guint orr_canvas_link_route (const OrrLink *link, const OrrBlock *from, const OrrBlock *to,
                             GArray *route);
/* The automatic route between two ports (for links and the connect
 * preview); to may be NULL for a free end at (tx, ty). */
void orr_canvas_route_ports (const OrrCanvasPort *from, const OrrCanvasPort *to,
                             const OrrRect *from_frame, const OrrRect *to_frame, GArray *route);
/* How far an automatic route keeps from the blocks it goes around: far
 * enough from their port triangles not to seem to end in one, and on the
 * grid when the blocks are. */
#define ORR_CANVAS_ROUTE_MARGIN 20.0

/* As orr_canvas_link_route, but an automatic route that would cross one
 * of obstacles (frames of the other blocks) goes around them: the
 * shortest orthogonal route with few bends that keeps
 * ORR_CANVAS_ROUTE_MARGIN from every obstacle (a stub's length from the
 * link's own blocks). A route with nothing in the way, and stored bend points, are
 * left as they are; when no way round is free the plain route stays. */
guint orr_canvas_link_route_avoiding (const OrrLink *link, const OrrBlock *from, const OrrBlock *to,
                                      const OrrRect *obstacles, guint n_obstacles, GArray *route);
/* orr_canvas_route_ports around obstacles, as above. */
void orr_canvas_route_ports_avoiding (const OrrCanvasPort *from, const OrrCanvasPort *to,
                                      const OrrRect *from_frame, const OrrRect *to_frame,
                                      const OrrRect *obstacles, guint n_obstacles, GArray *route);
/* Whether route may stay as it is: it passes no obstacle's port
 * triangles (frames given) and does not cut through its own blocks'
 * frames (either may be NULL). */
gboolean orr_canvas_route_is_clear (const GArray *route, const OrrRect *from_frame,
                                    const OrrRect *to_frame, const OrrRect *obstacles,
                                    guint n_obstacles);
/* Whether a segment of an orthogonal route passes through the inside of
 * rect (running along its edge does not count). */
gboolean orr_canvas_route_crosses (const GArray *route, const OrrRect *rect);
/* Drops repeated and collinear points. */
void orr_canvas_route_simplify (GArray *route);

gboolean orr_canvas_rect_intersects (const OrrRect *a, const OrrRect *b);
gboolean orr_canvas_rect_contains (const OrrRect *r, double x, double y);
void orr_canvas_rect_union (OrrRect *acc, const OrrRect *r);
/* Distance from (x, y) to segment (a, b). */
double orr_canvas_segment_distance (const OrrPoint *a, const OrrPoint *b, double x, double y);
double orr_canvas_snap (double value);

G_END_DECLS
