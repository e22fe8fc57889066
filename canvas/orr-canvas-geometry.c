/* orr-canvas-geometry.c: block frames, port anchors with rotation and
 * flip, and orthogonal link routes, in model coordinates. Everything that
 * draws or hit-tests asks here, so the picture and the pointer agree. */
#include "orr-canvas-geometry.h"

#include <math.h>

#define EPSILON 1e-6

static gboolean
is_quarter_turn (int rotation)
{
  int r = ((rotation % 360) + 360) % 360;
  return r == 90 || r == 270;
}

void
orr_canvas_block_frame (const OrrBlock *block, OrrRect *frame)
{
  const OrrRect *g = &block->geometry;

  if (is_quarter_turn (block->rotation))
    {
      double cx = g->x + g->width / 2, cy = g->y + g->height / 2;
      frame->x = cx - g->height / 2;
      frame->y = cy - g->width / 2;
      frame->width = g->height;
      frame->height = g->width;
    }
  else
    *frame = *g;
}

void
orr_canvas_block_geometry_for_frame (const OrrBlock *block, const OrrRect *frame, OrrRect *geometry)
{
  if (is_quarter_turn (block->rotation))
    {
      double cx = frame->x + frame->width / 2, cy = frame->y + frame->height / 2;
      geometry->x = cx - frame->height / 2;
      geometry->y = cy - frame->width / 2;
      geometry->width = frame->height;
      geometry->height = frame->width;
    }
  else
    *geometry = *frame;
}

void
orr_canvas_block_bounds (const OrrBlock *block, OrrRect *bounds)
{
  orr_canvas_block_frame (block, bounds);
  /* ports stick out by their triangle on every side that may hold some */
  bounds->x -= ORR_CANVAS_PORT_SIZE;
  bounds->y -= ORR_CANVAS_PORT_SIZE;
  bounds->width += 2 * ORR_CANVAS_PORT_SIZE;
  bounds->height += 2 * ORR_CANVAS_PORT_SIZE;
}

/* Local coordinates (centre at the origin, before flip and rotation) to
 * model coordinates. */
static void
block_transform (const OrrBlock *block, double lx, double ly, double *x, double *y)
{
  const OrrRect *g = &block->geometry;
  int r = ((block->rotation % 360) + 360) % 360;
  double rx, ry;

  if (block->flip)
    lx = -lx;
  switch (r)
    {
      case 90:
        rx = -ly;
        ry = lx;
        break;
      case 180:
        rx = -lx;
        ry = -ly;
        break;
      case 270:
        rx = ly;
        ry = -lx;
        break;
      default:
        rx = lx;
        ry = ly;
        break;
    }
  *x = g->x + g->width / 2 + rx;
  *y = g->y + g->height / 2 + ry;
}

static void
block_direction (const OrrBlock *block, double ldx, double ldy, double *dx, double *dy)
{
  double ox, oy, x, y;

  /* a direction is the difference of two transformed points */
  block_transform (block, 0, 0, &ox, &oy);
  block_transform (block, ldx, ldy, &x, &y);
  *dx = x - ox;
  *dy = y - oy;
}

gboolean
orr_canvas_block_port (const OrrBlock *block, OrrPortKind kind, guint port, OrrCanvasPort *out)
{
  guint n = orr_block_get_port_count (block, kind);
  double hw = block->geometry.width / 2, hh = block->geometry.height / 2;
  double lx, ly, ldx, ldy;

  if (port < 1 || port > n)
    return FALSE;

  switch (kind)
    {
      case ORR_PORT_IN:
      case ORR_PORT_OUT:
        ly = -hh + block->geometry.height * (port - 0.5) / n;
        lx = kind == ORR_PORT_IN ? -hw : hw;
        ldx = kind == ORR_PORT_IN ? -1 : 1;
        ldy = 0;
        break;
      case ORR_PORT_EVENT_IN:
      case ORR_PORT_EVENT_OUT:
      default:
        lx = -hw + block->geometry.width * (port - 0.5) / n;
        ly = kind == ORR_PORT_EVENT_IN ? -hh : hh;
        ldx = 0;
        ldy = kind == ORR_PORT_EVENT_IN ? -1 : 1;
        break;
    }

  block_transform (block, lx, ly, &out->base.x, &out->base.y);
  block_direction (block, ldx, ldy, &out->dx, &out->dy);
  out->anchor.x = out->base.x + out->dx * ORR_CANVAS_PORT_SIZE;
  out->anchor.y = out->base.y + out->dy * ORR_CANVAS_PORT_SIZE;
  return TRUE;
}

void
orr_canvas_default_size (guint n_in, guint n_out, guint n_evin, guint n_evout, double *width,
                         double *height)
{
  guint side = MAX (n_in, n_out), top = MAX (n_evin, n_evout);

  *width = MAX (ORR_CANVAS_BLOCK_DEFAULT_SIZE, top * ORR_CANVAS_PORT_PITCH);
  *height = MAX (ORR_CANVAS_BLOCK_DEFAULT_SIZE, side * ORR_CANVAS_PORT_PITCH);
}

static void
push (GArray *route, double x, double y)
{
  OrrPoint p = { x, y };
  g_array_append_val (route, p);
}

void
orr_canvas_route_simplify (GArray *route)
{
  guint i = 1;

  /* repeated points first, then middle points on a straight run */
  while (route->len > 1 && i < route->len)
    {
      OrrPoint *a = &g_array_index (route, OrrPoint, i - 1);
      OrrPoint *b = &g_array_index (route, OrrPoint, i);
      if (fabs (a->x - b->x) < EPSILON && fabs (a->y - b->y) < EPSILON)
        g_array_remove_index (route, i);
      else
        i++;
    }
  i = 1;
  while (route->len > 2 && i + 1 < route->len)
    {
      OrrPoint *a = &g_array_index (route, OrrPoint, i - 1);
      OrrPoint *b = &g_array_index (route, OrrPoint, i);
      OrrPoint *c = &g_array_index (route, OrrPoint, i + 1);
      gboolean vertical = fabs (a->x - b->x) < EPSILON && fabs (b->x - c->x) < EPSILON;
      gboolean horizontal = fabs (a->y - b->y) < EPSILON && fabs (b->y - c->y) < EPSILON;
      /* only a point that does not turn back: a reversal is a real corner */
      gboolean same_way = (b->x - a->x) * (c->x - b->x) + (b->y - a->y) * (c->y - b->y) > 0;
      if ((vertical || horizontal) && same_way)
        g_array_remove_index (route, i);
      else
        i++;
    }
}

/* Point components along and across the axis of a horizontal or vertical
 * direction, and back. */
static double
along (const OrrPoint *p, gboolean horizontal)
{
  return horizontal ? p->x : p->y;
}

static double
across (const OrrPoint *p, gboolean horizontal)
{
  return horizontal ? p->y : p->x;
}

static void
push_axes (GArray *route, gboolean horizontal, double a, double c)
{
  if (horizontal)
    push (route, a, c);
  else
    push (route, c, a);
}

void
orr_canvas_route_ports (const OrrCanvasPort *from, const OrrCanvasPort *to,
                        const OrrRect *from_frame, const OrrRect *to_frame, GArray *route)
{
  const OrrPoint *p = &from->anchor, *q = &to->anchor;
  gboolean horizontal = fabs (from->dx) > 0.5;
  double d = horizontal ? from->dx : from->dy; /* +1 or -1 along the axis */
  double e_dot_d = from->dx * to->dx + from->dy * to->dy;

  g_array_set_size (route, 0);
  push (route, p->x, p->y);

  if (e_dot_d < -0.5)
    {
      /* the ports face each other's way: a Z when the target is ahead,
       * else a detour around the blocks */
      double ahead = (along (q, horizontal) - along (p, horizontal)) * d;
      double offset = fabs (across (q, horizontal) - across (p, horizontal));

      if (ahead >= 2 * ORR_CANVAS_LINK_STUB || (offset < EPSILON && ahead > 0))
        {
          double mid = (along (p, horizontal) + along (q, horizontal)) / 2;
          double snapped = orr_canvas_snap (mid);
          /* a grid line keeps parallel links tidy, if it stays between */
          if ((snapped - along (p, horizontal)) * d >= ORR_CANVAS_LINK_STUB / 2
              && (along (q, horizontal) - snapped) * d >= ORR_CANVAS_LINK_STUB / 2)
            mid = snapped;
          push_axes (route, horizontal, mid, across (p, horizontal));
          push_axes (route, horizontal, mid, across (q, horizontal));
        }
      else
        {
          double a1 = along (p, horizontal) + d * ORR_CANVAS_LINK_STUB;
          double a2 = along (q, horizontal) - d * ORR_CANVAS_LINK_STUB;
          double c;

          if (from_frame != NULL && to_frame != NULL)
            {
              double f0 = horizontal ? from_frame->y : from_frame->x;
              double f1 = f0 + (horizontal ? from_frame->height : from_frame->width);
              double t0 = horizontal ? to_frame->y : to_frame->x;
              double t1 = t0 + (horizontal ? to_frame->height : to_frame->width);

              if (f1 + ORR_CANVAS_PORT_SIZE < t0 - ORR_CANVAS_PORT_SIZE)
                c = (f1 + t0) / 2;
              else if (t1 + ORR_CANVAS_PORT_SIZE < f0 - ORR_CANVAS_PORT_SIZE)
                c = (t1 + f0) / 2;
              else
                c = MAX (f1, t1) + 2 * ORR_CANVAS_LINK_STUB;
            }
          else
            c = (across (p, horizontal) + across (q, horizontal)) / 2;

          push_axes (route, horizontal, a1, across (p, horizontal));
          push_axes (route, horizontal, a1, c);
          push_axes (route, horizontal, a2, c);
          push_axes (route, horizontal, a2, across (q, horizontal));
        }
    }
  else if (e_dot_d > 0.5)
    {
      /* both ports face the same way: run out past the further one */
      double a = along (p, horizontal) + d * ORR_CANVAS_LINK_STUB;
      double b = along (q, horizontal) + d * ORR_CANVAS_LINK_STUB;
      double m = d > 0 ? MAX (a, b) : MIN (a, b);

      push_axes (route, horizontal, m, across (p, horizontal));
      push_axes (route, horizontal, m, across (q, horizontal));
    }
  else
    {
      /* perpendicular: one corner if it lies ahead of both ports */
      OrrPoint c = horizontal ? (OrrPoint){ q->x, p->y } : (OrrPoint){ p->x, q->y };
      double ahead_p = (c.x - p->x) * from->dx + (c.y - p->y) * from->dy;
      double ahead_q = (c.x - q->x) * to->dx + (c.y - q->y) * to->dy;

      if (ahead_p >= ORR_CANVAS_LINK_STUB && ahead_q >= ORR_CANVAS_LINK_STUB)
        push (route, c.x, c.y);
      else
        {
          OrrPoint p1
            = { p->x + from->dx * ORR_CANVAS_LINK_STUB, p->y + from->dy * ORR_CANVAS_LINK_STUB };
          OrrPoint q1
            = { q->x + to->dx * ORR_CANVAS_LINK_STUB, q->y + to->dy * ORR_CANVAS_LINK_STUB };
          push (route, p1.x, p1.y);
          /* turn so that the last leg enters q1 along the target's axis */
          if (fabs (to->dx) > 0.5)
            push (route, p1.x, q1.y);
          else
            push (route, q1.x, p1.y);
          push (route, q1.x, q1.y);
        }
    }

  push (route, q->x, q->y);
  orr_canvas_route_simplify (route);
}

guint
orr_canvas_link_route (const OrrLink *link, const OrrBlock *from, const OrrBlock *to, GArray *route)
{
  OrrPortKind out_kind = link->kind == ORR_LINK_ACTIVATION ? ORR_PORT_EVENT_OUT : ORR_PORT_OUT;
  OrrPortKind in_kind = link->kind == ORR_LINK_ACTIVATION ? ORR_PORT_EVENT_IN : ORR_PORT_IN;
  OrrCanvasPort a, b;

  g_array_set_size (route, 0);
  if (from == NULL || to == NULL || !orr_canvas_block_port (from, out_kind, link->from.port, &a)
      || !orr_canvas_block_port (to, in_kind, link->to.port, &b))
    return 0;

  if (link->points != NULL && link->points->len > 0)
    {
      const OrrPoint *first = &g_array_index (link->points, OrrPoint, 0);
      const OrrPoint *last = &g_array_index (link->points, OrrPoint, link->points->len - 1);

      push (route, a.anchor.x, a.anchor.y);
      /* leave and enter the ports along their direction, whatever the
       * blocks did since the points were stored */
      if (fabs (first->x - a.anchor.x) > EPSILON && fabs (first->y - a.anchor.y) > EPSILON)
        {
          if (fabs (a.dx) > 0.5)
            push (route, first->x, a.anchor.y);
          else
            push (route, a.anchor.x, first->y);
        }
      for (guint i = 0; i < link->points->len; i++)
        g_array_append_val (route, g_array_index (link->points, OrrPoint, i));
      if (fabs (last->x - b.anchor.x) > EPSILON && fabs (last->y - b.anchor.y) > EPSILON)
        {
          if (fabs (b.dx) > 0.5)
            push (route, last->x, b.anchor.y);
          else
            push (route, b.anchor.x, last->y);
        }
      push (route, b.anchor.x, b.anchor.y);
      orr_canvas_route_simplify (route);
    }
  else
    {
      OrrRect ff, tf;
      orr_canvas_block_frame (from, &ff);
      orr_canvas_block_frame (to, &tf);
      orr_canvas_route_ports (&a, &b, &ff, &tf, route);
    }
  return route->len;
}

gboolean
orr_canvas_rect_intersects (const OrrRect *a, const OrrRect *b)
{
  return a->x <= b->x + b->width && b->x <= a->x + a->width && a->y <= b->y + b->height
         && b->y <= a->y + a->height;
}

gboolean
orr_canvas_rect_contains (const OrrRect *r, double x, double y)
{
  return x >= r->x && x <= r->x + r->width && y >= r->y && y <= r->y + r->height;
}

void
orr_canvas_rect_union (OrrRect *acc, const OrrRect *r)
{
  double x0 = MIN (acc->x, r->x), y0 = MIN (acc->y, r->y);
  double x1 = MAX (acc->x + acc->width, r->x + r->width);
  double y1 = MAX (acc->y + acc->height, r->y + r->height);

  acc->x = x0;
  acc->y = y0;
  acc->width = x1 - x0;
  acc->height = y1 - y0;
}

double
orr_canvas_segment_distance (const OrrPoint *a, const OrrPoint *b, double x, double y)
{
  double vx = b->x - a->x, vy = b->y - a->y;
  double len2 = vx * vx + vy * vy;
  double t = len2 > 0 ? ((x - a->x) * vx + (y - a->y) * vy) / len2 : 0;

  t = CLAMP (t, 0, 1);
  return hypot (a->x + t * vx - x, a->y + t * vy - y);
}

double
orr_canvas_snap (double value)
{
  return round (value / ORR_CANVAS_GRID) * ORR_CANVAS_GRID;
}
