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
  /* the engine's, which places blocks too (orr-editor.c) */
  orr_block_default_size (n_in, n_out, n_evin, n_evout, width, height);
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
          /* Links into one side of a block would all turn on that column
           * and run together, as if joined: each turns a little aside by
           * where its port sits on the side, towards the target for the
           * ports it reaches last (from below, the lower ports), so the
           * links of a fan-in neither overlap nor cross. */
          if (to_frame != NULL)
            {
              double centre = horizontal ? to_frame->y + to_frame->height / 2
                                         : to_frame->x + to_frame->width / 2;
              double rel = across (q, horizontal) - centre;
              double rising = across (p, horizontal) > across (q, horizontal) ? 1 : -1;
              double lo = along (p, horizontal) + d * ORR_CANVAS_LINK_STUB / 2;
              double hi = along (q, horizontal) - d * ORR_CANVAS_LINK_STUB / 2;
              double turned = mid + d * rising * rel / 2;

              if ((turned - lo) * d >= 0 && (hi - turned) * d >= 0)
                mid = turned;
            }
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
          OrrPoint p1 = orr_canvas_port_stub_end (from);
          OrrPoint q1 = orr_canvas_port_stub_end (to);
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

/* ---- routes around blocks ----------------------------------------------------------------- */

/* A bend costs as much as this much length: fewer corners read better
 * than a slightly shorter line. */
#define BEND_COST (2 * ORR_CANVAS_GRID)
/* Beyond this many obstacles the search grid grows too large to be worth
 * it; such a route keeps its plain shape. */
#define MAX_OBSTACLES 40
/* A run along an obstacle's edge costs this much more per unit: among
 * routes of one length, the one in the middle of a gap between blocks
 * wins, not the one that grazes them. */
#define EDGE_COST 0.25
/* The link's own blocks are passed closer: the stubs end 18 from them. */
#define OWN_MARGIN ORR_CANVAS_LINK_STUB

/* What a unit step of the search grid is. */
enum
{
  STEP_BLOCKED,
  STEP_FREE,
  STEP_ALONG_EDGE,
};

static gboolean
segment_crosses (const OrrPoint *a, const OrrPoint *b, const OrrRect *r)
{
  double x0 = MIN (a->x, b->x), x1 = MAX (a->x, b->x);
  double y0 = MIN (a->y, b->y), y1 = MAX (a->y, b->y);

  /* the open rectangle against the closed segment: a route may run
   * along an edge, which is where the router puts it */
  return x1 > r->x + EPSILON && x0 < r->x + r->width - EPSILON && y1 > r->y + EPSILON
         && y0 < r->y + r->height - EPSILON;
}

gboolean
orr_canvas_route_crosses (const GArray *route, const OrrRect *rect)
{
  for (guint i = 1; i < route->len; i++)
    if (segment_crosses (&g_array_index (route, OrrPoint, i - 1),
                         &g_array_index (route, OrrPoint, i), rect))
      return TRUE;
  return FALSE;
}

static void
inflate (const OrrRect *r, double by, OrrRect *out)
{
  *out = (OrrRect){ r->x - by, r->y - by, r->width + 2 * by, r->height + 2 * by };
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Sorted, without near repeats. */
static void
sort_lines (GArray *lines)
{
  guint k = 0;

  g_array_sort (lines, compare_double);
  for (guint i = 0; i < lines->len; i++)
    if (k == 0 || g_array_index (lines, double, i) - g_array_index (lines, double, k - 1) > EPSILON)
      g_array_index (lines, double, k++) = g_array_index (lines, double, i);
  g_array_set_size (lines, k);
}

static guint
line_index (const GArray *lines, double v)
{
  for (guint i = 0; i < lines->len; i++)
    if (fabs (g_array_index (lines, double, i) - v) <= EPSILON)
      return i;
  g_return_val_if_reached (0);
}

/* Whether segment (a, b), horizontal or vertical, runs along an edge of r. */
static gboolean
segment_on_edge (const OrrPoint *a, const OrrPoint *b, const OrrRect *r)
{
  if (fabs (a->y - b->y) < EPSILON)
    return (fabs (a->y - r->y) < EPSILON || fabs (a->y - r->y - r->height) < EPSILON)
           && MAX (a->x, b->x) > r->x + EPSILON && MIN (a->x, b->x) < r->x + r->width - EPSILON;
  return (fabs (a->x - r->x) < EPSILON || fabs (a->x - r->x - r->width) < EPSILON)
         && MAX (a->y, b->y) > r->y + EPSILON && MIN (a->y, b->y) < r->y + r->height - EPSILON;
}

/* Each step to the next line, or to itself at the last one. */
static guint8
step_kind (const OrrPoint *a, const OrrPoint *b, const OrrRect *rects, guint n_rects)
{
  guint8 kind = STEP_FREE;

  if (fabs (a->x - b->x) < EPSILON && fabs (a->y - b->y) < EPSILON)
    return STEP_BLOCKED;
  for (guint i = 0; i < n_rects; i++)
    {
      if (segment_crosses (a, b, &rects[i]))
        return STEP_BLOCKED;
      if (segment_on_edge (a, b, &rects[i]))
        kind = STEP_ALONG_EDGE;
    }
  return kind;
}

/* Adds the middle of each gap between neighbouring lines (on the grid
 * when it can): where a route between two blocks looks best. */
static void
add_gap_middles (GArray *lines)
{
  guint n = lines->len;

  for (guint i = 0; i + 1 < n; i++)
    {
      double a = g_array_index (lines, double, i), b = g_array_index (lines, double, i + 1);
      double mid = orr_canvas_snap ((a + b) / 2);
      if (mid <= a || mid >= b)
        mid = (a + b) / 2;
      g_array_append_val (lines, mid);
    }
  sort_lines (lines);
}

/* Only another block's port triangles matter: a route may pass closer
 * than the router's margin. */
gboolean
orr_canvas_route_is_clear (const GArray *route, const OrrRect *from_frame, const OrrRect *to_frame,
                           const OrrRect *obstacles, guint n_obstacles)
{
  for (guint i = 0; i < n_obstacles; i++)
    {
      OrrRect r;
      inflate (&obstacles[i], ORR_CANVAS_PORT_SIZE, &r);
      if (orr_canvas_route_crosses (route, &r))
        return FALSE;
    }
  return (from_frame == NULL || !orr_canvas_route_crosses (route, from_frame))
         && (to_frame == NULL || !orr_canvas_route_crosses (route, to_frame));
}

/* Directions of travel: +x, -x, +y, -y. */
static const int DIR_X[4] = { 1, -1, 0, 0 };
static const int DIR_Y[4] = { 0, 0, 1, -1 };

static int
direction_of (double dx, double dy)
{
  if (fabs (dx) > 0.5)
    return dx > 0 ? 0 : 1;
  return dy > 0 ? 2 : 3;
}

typedef struct
{
  double cost;
  guint state;
} HeapEntry;

/* A binary min-heap on (cost, state): the state breaks ties, so equal
 * routes come out the same way every time. */
static gboolean
heap_less (const HeapEntry *a, const HeapEntry *b)
{
  return a->cost < b->cost || (a->cost == b->cost && a->state < b->state);
}

static void
heap_push (GArray *heap, double cost, guint state)
{
  HeapEntry e = { cost, state };
  guint i = heap->len;

  g_array_append_val (heap, e);
  while (i > 0)
    {
      guint parent = (i - 1) / 2;
      HeapEntry *h = (HeapEntry *)heap->data;
      if (!heap_less (&h[i], &h[parent]))
        break;
      e = h[i], h[i] = h[parent], h[parent] = e;
      i = parent;
    }
}

static HeapEntry
heap_pop (GArray *heap)
{
  HeapEntry *h = (HeapEntry *)heap->data;
  HeapEntry top = h[0];
  guint i = 0, n = heap->len - 1;

  h[0] = h[n];
  g_array_set_size (heap, n);
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      HeapEntry t;
      if (l < n && heap_less (&h[l], &h[m]))
        m = l;
      if (r < n && heap_less (&h[r], &h[m]))
        m = r;
      if (m == i)
        break;
      t = h[i], h[i] = h[m], h[m] = t;
      i = m;
    }
  return top;
}

/* Dijkstra over the grid of lines through the stubs' ends and the
 * inflated obstacles' edges (where a detour can turn), a state being a
 * grid point and the direction the route arrived in, so that bends cost.
 * Writes the route from p to q and returns TRUE when one exists. */
static gboolean
search_route (const OrrCanvasPort *from, const OrrCanvasPort *to, const OrrRect *rects,
              guint n_rects, GArray *route)
{
  const OrrPoint *p = &from->anchor, *q = &to->anchor;
  OrrPoint p1 = orr_canvas_port_stub_end (from);
  OrrPoint q1 = orr_canvas_port_stub_end (to);
  g_autoptr (GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) heap = g_array_new (FALSE, FALSE, sizeof (HeapEntry));
  g_autofree double *cost = NULL;
  g_autofree guint *prev = NULL;
  g_autofree guint8 *hstep = NULL, *vstep = NULL;
  int first_dir = direction_of (from->dx, from->dy);
  int last_dir = direction_of (-to->dx, -to->dy); /* the way into q */
  guint nx, ny, n_states, start, goal, done, state;
  double mid;

  mid = orr_canvas_snap ((p1.x + q1.x) / 2);
  g_array_append_vals (xs, (double[]){ p1.x, q1.x, mid }, 3);
  mid = orr_canvas_snap ((p1.y + q1.y) / 2);
  g_array_append_vals (ys, (double[]){ p1.y, q1.y, mid }, 3);
  for (guint i = 0; i < n_rects; i++)
    {
      const OrrRect *r = &rects[i];
      g_array_append_vals (xs, (double[]){ r->x, r->x + r->width }, 2);
      g_array_append_vals (ys, (double[]){ r->y, r->y + r->height }, 2);
    }
  sort_lines (xs);
  sort_lines (ys);
  add_gap_middles (xs);
  add_gap_middles (ys);
  nx = xs->len;
  ny = ys->len;

  /* which unit steps of the grid are free, once */
  hstep = g_new (guint8, nx * ny);
  vstep = g_new (guint8, nx * ny);
  for (guint iy = 0; iy < ny; iy++)
    for (guint ix = 0; ix < nx; ix++)
      {
        OrrPoint a = { g_array_index (xs, double, ix), g_array_index (ys, double, iy) };
        OrrPoint right = { ix + 1 < nx ? g_array_index (xs, double, ix + 1) : a.x, a.y };
        OrrPoint down = { a.x, iy + 1 < ny ? g_array_index (ys, double, iy + 1) : a.y };
        hstep[iy * nx + ix] = step_kind (&a, &right, rects, n_rects); /* to (ix + 1, iy) */
        vstep[iy * nx + ix] = step_kind (&a, &down, rects, n_rects);  /* to (ix, iy + 1) */
      }

  n_states = nx * ny * 4;
  done = n_states; /* reached q1 and turned into q */
  cost = g_new (double, n_states + 1);
  prev = g_new (guint, n_states + 1);
  for (guint i = 0; i <= n_states; i++)
    cost[i] = G_MAXDOUBLE, prev[i] = G_MAXUINT;
  start = (line_index (ys, p1.y) * nx + line_index (xs, p1.x)) * 4 + first_dir;
  goal = line_index (ys, q1.y) * nx + line_index (xs, q1.x);
  cost[start] = 0;
  heap_push (heap, 0, start);

  while (heap->len > 0)
    {
      HeapEntry e = heap_pop (heap);
      guint node = e.state / 4;
      int dir = e.state % 4;
      guint ix = node % nx, iy = node / nx;

      if (e.state == done)
        break;
      if (e.cost > cost[e.state])
        continue;
      if (node == goal && dir != (last_dir ^ 1))
        {
          double c = e.cost + (dir != last_dir ? BEND_COST : 0);
          if (c < cost[done])
            {
              cost[done] = c;
              prev[done] = e.state;
              heap_push (heap, c, done);
            }
        }
      for (int d = 0; d < 4; d++)
        {
          guint nix = ix + DIR_X[d], niy = iy + DIR_Y[d], next;
          guint8 step;
          double c, length;

          /* turning back on itself is never shorter */
          if (d == (dir ^ 1) || nix >= nx || niy >= ny)
            continue;
          switch (d)
            {
              case 0:
                step = hstep[iy * nx + ix];
                break;
              case 1:
                step = hstep[iy * nx + nix];
                break;
              case 2:
                step = vstep[iy * nx + ix];
                break;
              default:
                step = vstep[niy * nx + ix];
                break;
            }
          if (step == STEP_BLOCKED)
            continue;
          length = fabs (g_array_index (xs, double, nix) - g_array_index (xs, double, ix))
                   + fabs (g_array_index (ys, double, niy) - g_array_index (ys, double, iy));
          c = e.cost + length * (step == STEP_ALONG_EDGE ? 1 + EDGE_COST : 1)
              + (d != dir ? BEND_COST : 0);
          next = (niy * nx + nix) * 4 + d;
          if (c < cost[next])
            {
              cost[next] = c;
              prev[next] = e.state;
              heap_push (heap, c, next);
            }
        }
    }
  if (prev[done] == G_MAXUINT)
    return FALSE;

  /* walk back from q1 to p1, then write the points forward */
  g_array_set_size (route, 0);
  push (route, q->x, q->y);
  for (state = prev[done]; state != G_MAXUINT; state = prev[state])
    {
      guint node = state / 4;
      push (route, g_array_index (xs, double, node % nx), g_array_index (ys, double, node / nx));
    }
  push (route, p->x, p->y);
  for (guint i = 0, j = route->len - 1; i < j; i++, j--)
    {
      OrrPoint t = g_array_index (route, OrrPoint, i);
      g_array_index (route, OrrPoint, i) = g_array_index (route, OrrPoint, j);
      g_array_index (route, OrrPoint, j) = t;
    }
  orr_canvas_route_simplify (route);
  return TRUE;
}

void
orr_canvas_route_ports_avoiding (const OrrCanvasPort *from, const OrrCanvasPort *to,
                                 const OrrRect *from_frame, const OrrRect *to_frame,
                                 const OrrRect *obstacles, guint n_obstacles, GArray *route)
{
  g_autoptr (GArray) rects = NULL;
  g_autoptr (GArray) found = NULL;
  OrrPoint p1, q1;

  orr_canvas_route_ports (from, to, from_frame, to_frame, route);
  if (n_obstacles == 0 || n_obstacles > MAX_OBSTACLES
      || orr_canvas_route_is_clear (route, from_frame, to_frame, obstacles, n_obstacles))
    return;

  rects = g_array_sized_new (FALSE, FALSE, sizeof (OrrRect), n_obstacles + 2);
  for (guint i = 0; i < n_obstacles; i++)
    {
      OrrRect r;
      inflate (&obstacles[i], ORR_CANVAS_ROUTE_MARGIN, &r);
      g_array_append_val (rects, r);
    }
  /* the stubs leave the ports straight, whatever stands there */
  p1 = orr_canvas_port_stub_end (from);
  q1 = orr_canvas_port_stub_end (to);
  for (guint i = 0; i < rects->len; i++)
    if (segment_crosses (&from->anchor, &p1, &g_array_index (rects, OrrRect, i))
        || segment_crosses (&q1, &to->anchor, &g_array_index (rects, OrrRect, i)))
      return;
  /* the link's own blocks are in the way too, past the stubs */
  for (guint i = 0; i < 2; i++)
    {
      const OrrRect *own = i == 0 ? from_frame : to_frame;
      OrrRect r;
      if (own == NULL)
        continue;
      inflate (own, OWN_MARGIN, &r);
      g_array_append_val (rects, r);
    }

  found = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  if (search_route (from, to, (const OrrRect *)rects->data, rects->len, found))
    {
      g_array_set_size (route, 0);
      g_array_append_vals (route, found->data, found->len);
    }
}

guint
orr_canvas_link_route (const OrrLink *link, const OrrBlock *from, const OrrBlock *to, GArray *route)
{
  return orr_canvas_link_route_avoiding (link, from, to, NULL, 0, route);
}

guint
orr_canvas_link_route_avoiding (const OrrLink *link, const OrrBlock *from, const OrrBlock *to,
                                const OrrRect *obstacles, guint n_obstacles, GArray *route)
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
      orr_canvas_route_ports_avoiding (&a, &b, &ff, &tf, obstacles, n_obstacles, route);
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
