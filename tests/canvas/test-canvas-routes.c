/* test-canvas-routes.c: automatic link routes go around the blocks in
 * their way. The expected figures are worked out from the set-up: Gains
 * of the default 40x40 size, so that an output's anchor sits 8 to the
 * right of its frame, an input's 8 to the left, both at mid height, and a
 * detour keeps ORR_CANVAS_ROUTE_MARGIN (20) from the frames it passes.
 * Crossings are checked here with the test's own rectangle arithmetic,
 * not with the router's. */
#include "canvas-test-util.h"

#define EPS 1e-9

/* Whether segment (a, b) of an orthogonal route enters the open
 * rectangle r (touching its edge is allowed). */
static gboolean
enters (const OrrPoint *a, const OrrPoint *b, const OrrRect *r)
{
  double x0 = MIN (a->x, b->x), x1 = MAX (a->x, b->x);
  double y0 = MIN (a->y, b->y), y1 = MAX (a->y, b->y);

  return x1 > r->x + EPS && x0 < r->x + r->width - EPS && y1 > r->y + EPS
         && y0 < r->y + r->height - EPS;
}

static gboolean
route_enters (const GArray *route, const OrrRect *r)
{
  for (guint i = 1; i < route->len; i++)
    if (enters (&g_array_index (route, OrrPoint, i - 1), &g_array_index (route, OrrPoint, i), r))
      return TRUE;
  return FALSE;
}

static double
route_length (const GArray *route)
{
  double length = 0;

  for (guint i = 1; i < route->len; i++)
    {
      const OrrPoint *a = &g_array_index (route, OrrPoint, i - 1);
      const OrrPoint *b = &g_array_index (route, OrrPoint, i);
      length += fabs (b->x - a->x) + fabs (b->y - a->y);
    }
  return length;
}

static void
assert_orthogonal (const GArray *route)
{
  for (guint i = 1; i < route->len; i++)
    {
      const OrrPoint *a = &g_array_index (route, OrrPoint, i - 1);
      const OrrPoint *b = &g_array_index (route, OrrPoint, i);
      g_assert_true (fabs (a->x - b->x) < EPS || fabs (a->y - b->y) < EPS);
    }
}

/* Starts at port 1 of out_kind on from and ends at port 1 of in_kind on
 * to, leaving and entering straight: the first segment runs along
 * (dx, dy) from the start, the last one along (dx, dy) into the end. */
static void
assert_ends_kinds (const GArray *route, OrrBlock *from, OrrPortKind out_kind, OrrBlock *to,
                   OrrPortKind in_kind, double dx, double dy)
{
  OrrCanvasPort out, in;
  const OrrPoint *p0, *p1, *q0, *q1;

  g_assert_true (orr_canvas_block_port (from, out_kind, 1, &out));
  g_assert_true (orr_canvas_block_port (to, in_kind, 1, &in));
  g_assert_cmpuint (route->len, >=, 2);
  p0 = &g_array_index (route, OrrPoint, 0);
  p1 = &g_array_index (route, OrrPoint, 1);
  q1 = &g_array_index (route, OrrPoint, route->len - 2);
  q0 = &g_array_index (route, OrrPoint, route->len - 1);
  g_assert_cmpfloat_with_epsilon (p0->x, out.anchor.x, EPS);
  g_assert_cmpfloat_with_epsilon (p0->y, out.anchor.y, EPS);
  g_assert_cmpfloat_with_epsilon (q0->x, in.anchor.x, EPS);
  g_assert_cmpfloat_with_epsilon (q0->y, in.anchor.y, EPS);
  /* along the direction, and not across it */
  g_assert_cmpfloat ((p1->x - p0->x) * dx + (p1->y - p0->y) * dy, >, 0);
  g_assert_cmpfloat_with_epsilon ((p1->x - p0->x) * dy - (p1->y - p0->y) * dx, 0, EPS);
  g_assert_cmpfloat ((q0->x - q1->x) * dx + (q0->y - q1->y) * dy, >, 0);
  g_assert_cmpfloat_with_epsilon ((q0->x - q1->x) * dy - (q0->y - q1->y) * dx, 0, EPS);
}

/* Leaves the output's anchor to the right, enters the input's anchor
 * from the left (unrotated blocks). */
static void
assert_ends (const GArray *route, OrrBlock *from, OrrBlock *to)
{
  assert_ends_kinds (route, from, ORR_PORT_OUT, to, ORR_PORT_IN, 1, 0);
}

static void
assert_same_route (const GArray *route, const GArray *expected)
{
  g_assert_cmpuint (route->len, ==, expected->len);
  g_assert_cmpmem (route->data, route->len * sizeof (OrrPoint), expected->data,
                   expected->len * sizeof (OrrPoint));
}

static OrrLink *
connect (Fixture *f, OrrBlock *a, OrrBlock *b)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, 1 };
  OrrLink *link;

  orr_model_begin (f->model, "connect");
  link = orr_model_connect (f->model, orr_model_get_root (f->model), &from, &to, NULL);
  orr_model_commit (f->model);
  g_assert_nonnull (link);
  return link;
}

/* r grown by the router's margin on every side. */
static void
with_margin (const OrrRect *r, OrrRect *out)
{
  *out
    = (OrrRect){ r->x - ORR_CANVAS_ROUTE_MARGIN, r->y - ORR_CANVAS_ROUTE_MARGIN,
                 r->width + 2 * ORR_CANVAS_ROUTE_MARGIN, r->height + 2 * ORR_CANVAS_ROUTE_MARGIN };
}

static void
frame_with_margin (OrrBlock *block, OrrRect *r)
{
  OrrRect frame;

  orr_canvas_block_frame (block, &frame);
  with_margin (&frame, r);
}

static OrrLink *
connect_to (Fixture *f, OrrBlock *a, OrrBlock *b, guint port)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, port };
  OrrLink *link;

  orr_model_begin (f->model, "connect");
  link = orr_model_connect (f->model, orr_model_get_root (f->model), &from, &to, NULL);
  orr_model_commit (f->model);
  g_assert_nonnull (link);
  return link;
}

/* The x of a route's one vertical segment (a Z's), and its y extent. */
static double
vertical_of (const GArray *route, double *y0, double *y1)
{
  guint found = 0;
  double x = NAN;

  for (guint i = 1; i < route->len; i++)
    {
      const OrrPoint *a = &g_array_index (route, OrrPoint, i - 1);
      const OrrPoint *b = &g_array_index (route, OrrPoint, i);

      if (fabs (a->x - b->x) < EPS && fabs (a->y - b->y) > EPS)
        {
          x = a->x;
          *y0 = MIN (a->y, b->y);
          *y1 = MAX (a->y, b->y);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 1);
  return x;
}

/* Two links into the two inputs of a Sum from Gains both below it (then
 * both above): each is a Z, and the two would turn on the same column and
 * run together over the span their verticals share. They turn on columns
 * apart, the link to the port it reaches last (from below the lower one,
 * from above the upper one) nearer the Sum, so that they do not cross
 * either: each one's horizontal legs stay clear of the other's vertical. */
static void
test_fan_in_apart (Fixture *f, gconstpointer data)
{
  for (int side = 0; side < 2; side++)
    {
      double dy = side == 0 ? 1 : -1;
      OrrBlock *sum = add_block (f, "Sum", 320 + 400 * side, 200);
      OrrBlock *g1 = add_block (f, "Gain", 120 + 400 * side, 200 + dy * 100);
      OrrBlock *g2 = add_block (f, "Gain", 120 + 400 * side, 200 + dy * 160);
      /* from below: the upper port from the nearer Gain; from above, the
       * lower port from the nearer Gain (neither pair can avoid a crossing
       * otherwise) */
      OrrLink *near = connect_to (f, g1, sum, side == 0 ? 1 : 2);
      OrrLink *far = connect_to (f, g2, sum, side == 0 ? 2 : 1);
      const GArray *rn = orr_canvas_route_of (f->canvas, near);
      const GArray *rf = orr_canvas_route_of (f->canvas, far);
      double n0, n1, f0, f1, xn, xf;

      g_assert_nonnull (rn);
      g_assert_nonnull (rf);
      assert_orthogonal (rn);
      assert_orthogonal (rf);
      xn = vertical_of (rn, &n0, &n1);
      xf = vertical_of (rf, &f0, &f1);
      /* their verticals share a span, so they must not share a column */
      g_assert_cmpfloat (MAX (n0, f0), <, MIN (n1, f1));
      g_assert_cmpfloat (fabs (xn - xf), >=, 4);
      /* the farther Gain's link reaches its port last: it turns later */
      g_assert_cmpfloat (xf, >, xn);
    }
}

/* a and b on one row, c between them: the straight line would go through
 * c. The shortest way round leaves the row by 40 (from y 120 past c's
 * frame at 100..140 plus the margin) and comes back: 144 along, 2 x 40
 * across. */
static void
test_around_block (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrBlock *c = add_block (f, "Gain", 220, 120);
  OrrLink *link = connect (f, a, b);
  g_autoptr (GArray) plain = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  g_autoptr (GArray) again = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  OrrRect cf, cm, af, bf, obstacles[1];
  const GArray *route;

  orr_canvas_block_frame (c, &cf);
  orr_canvas_block_frame (a, &af);
  orr_canvas_block_frame (b, &bf);
  frame_with_margin (c, &cm);

  /* the set-up is what it claims: the plain route runs through c */
  orr_canvas_link_route (link, a, b, plain);
  g_assert_cmpuint (plain->len, ==, 2);
  g_assert_true (route_enters (plain, &cf));

  /* the pure function, given c */
  obstacles[0] = cf;
  g_assert_cmpuint (orr_canvas_link_route_avoiding (link, a, b, obstacles, 1, again), >=, 2);
  assert_orthogonal (again);
  assert_ends (again, a, b);
  g_assert_false (route_enters (again, &cm));
  g_assert_false (route_enters (again, &af));
  g_assert_false (route_enters (again, &bf));
  g_assert_cmpfloat_with_epsilon (route_length (again), 144 + 2 * 40, EPS);
  /* out, aside, along, back, in: four bends */
  g_assert_cmpuint (again->len, ==, 6);

  /* the canvas draws and hit-tests that same route */
  route = orr_canvas_route_of (f->canvas, link);
  g_assert_nonnull (route);
  assert_same_route (route, again);
  {
    /* a click on the detour's long run, above or below c, finds the link */
    const OrrPoint *p = &g_array_index (route, OrrPoint, 2);
    const OrrPoint *q = &g_array_index (route, OrrPoint, 3);
    OrrCanvasHit hit;
    g_assert_cmpfloat (p->y, ==, q->y);
    orr_canvas_hit_test (f->canvas, (p->x + q->x) / 2, p->y, &hit);
    g_assert_cmpint (hit.kind, ==, ORR_CANVAS_HIT_LINK);
    g_assert_true (hit.link == link);
  }
}

/* The Z from a to b lower right would turn down through c; the turn moves
 * to a free column and the route keeps the Z's length, the Manhattan
 * distance between the anchors (144 along, 100 down). */
static void
test_z_turn_moves_aside (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 220);
  OrrBlock *c = add_block (f, "Gain", 220, 170);
  OrrLink *link = connect (f, a, b);
  g_autoptr (GArray) plain = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  OrrRect cf, cm;
  const GArray *route;

  orr_canvas_block_frame (c, &cf);
  frame_with_margin (c, &cm);
  orr_canvas_link_route (link, a, b, plain);
  g_assert_true (route_enters (plain, &cf));

  route = orr_canvas_route_of (f->canvas, link);
  g_assert_nonnull (route);
  assert_orthogonal (route);
  assert_ends (route, a, b);
  g_assert_false (route_enters (route, &cm));
  g_assert_cmpfloat_with_epsilon (route_length (route), 144 + 100, EPS);
}

/* An activation link (down out of a, into the top of b) goes around c
 * below a the same way, turned a quarter: it leaves a downwards, enters b
 * from above, and steps 40 aside and back (144 down, 2 x 40 across). */
static void
test_activation_around_block (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 120, 320);
  OrrBlock *c = add_block (f, "Gain", 120, 220);
  OrrEndpoint from = { a->id, ORR_PORT_EVENT_OUT, 1 }, to = { b->id, ORR_PORT_EVENT_IN, 1 };
  const GArray *route;
  g_autoptr (GArray) plain = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  OrrLink *link;
  OrrRect cf, cm;

  orr_model_begin (f->model, "activation");
  orr_model_set_port_count (f->model, a, ORR_PORT_EVENT_OUT, 1);
  orr_model_set_port_count (f->model, b, ORR_PORT_EVENT_IN, 1);
  link = orr_model_connect (f->model, orr_model_get_root (f->model), &from, &to, NULL);
  orr_model_commit (f->model);
  g_assert_nonnull (link);
  g_assert_cmpint (link->kind, ==, ORR_LINK_ACTIVATION);
  /* straight down, it would run through c */
  orr_canvas_block_frame (c, &cf);
  orr_canvas_link_route (link, a, b, plain);
  g_assert_true (route_enters (plain, &cf));

  route = orr_canvas_route_of (f->canvas, link);
  g_assert_nonnull (route);
  assert_orthogonal (route);
  frame_with_margin (c, &cm);
  g_assert_false (route_enters (route, &cm));
  g_assert_cmpfloat_with_epsilon (route_length (route), 144 + 2 * 40, EPS);

  /* down out of a, down into b */
  assert_ends_kinds (route, a, ORR_PORT_EVENT_OUT, b, ORR_PORT_EVENT_IN, 0, 1);
}

/* Nothing in the way: the route is the plain one, point for point, for a
 * straight link and for a Z, with a block near but off the path. */
static void
test_free_route_unchanged (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrBlock *d = add_block (f, "Gain", 320, 320);
  OrrBlock *c = add_block (f, "Gain", 220, 190); /* below the row, off every path */
  OrrLink *links[2] = { connect (f, a, b), connect (f, b, d) };
  OrrBlock *ends[2][2] = { { a, b }, { b, d } };

  g_assert_nonnull (c);
  for (int i = 0; i < 2; i++)
    {
      g_autoptr (GArray) plain = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
      const GArray *route = orr_canvas_route_of (f->canvas, links[i]);

      orr_canvas_link_route (links[i], ends[i][0], ends[i][1], plain);
      g_assert_nonnull (route);
      assert_same_route (route, plain);
    }
}

/* Routes follow the blocks: a block moved into the way turns the route
 * aside, moved out of it lets it run straight again, undo brings the
 * detour back; the index follows (a hit test on the new route finds it). */
static void
test_route_follows_moves (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrBlock *c = add_block (f, "Gain", 220, 320);
  OrrLink *link = connect (f, a, b);
  OrrRect cm;
  const GArray *route;
  OrrCanvasHit hit;

  route = orr_canvas_route_of (f->canvas, link);
  g_assert_cmpuint (route->len, ==, 2);

  orr_model_begin (f->model, "move");
  orr_model_move_block (f->model, c, 200, 100);
  orr_model_commit (f->model);
  frame_with_margin (c, &cm);
  route = orr_canvas_route_of (f->canvas, link);
  g_assert_cmpuint (route->len, ==, 6);
  g_assert_false (route_enters (route, &cm));
  orr_canvas_hit_test (f->canvas, 220, g_array_index (route, OrrPoint, 2).y, &hit);
  g_assert_true (hit.kind == ORR_CANVAS_HIT_LINK && hit.link == link);

  orr_model_begin (f->model, "move");
  orr_model_move_block (f->model, c, 200, 300);
  orr_model_commit (f->model);
  route = orr_canvas_route_of (f->canvas, link);
  g_assert_cmpuint (route->len, ==, 2);
  orr_canvas_hit_test (f->canvas, 220, 120, &hit);
  g_assert_true (hit.kind == ORR_CANVAS_HIT_LINK && hit.link == link);

  g_assert_true (orr_model_undo (f->model));
  route = orr_canvas_route_of (f->canvas, link);
  g_assert_cmpuint (route->len, ==, 6);

  /* deleting the block in the way straightens the route too */
  orr_model_begin (f->model, "delete");
  orr_model_remove_block (f->model, c);
  orr_model_commit (f->model);
  route = orr_canvas_route_of (f->canvas, link);
  g_assert_cmpuint (route->len, ==, 2);
}

/* Bend points the user placed are kept even through a block. */
static void
test_bend_points_kept (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 220);
  OrrBlock *c = add_block (f, "Gain", 220, 170);
  OrrLink *link = connect (f, a, b);
  const OrrPoint points[] = { { 220, 120 }, { 220, 220 } };
  g_autoptr (GArray) plain = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  const GArray *route;
  OrrRect cf;

  /* the vertical run straight through c, where the user put it */
  orr_model_begin (f->model, "bend");
  orr_model_set_link_points (f->model, link, points, G_N_ELEMENTS (points));
  orr_model_commit (f->model);
  orr_canvas_link_route (link, a, b, plain);
  route = orr_canvas_route_of (f->canvas, link);
  assert_same_route (route, plain);
  /* out, down at x 220 through c, in */
  g_assert_cmpuint (route->len, ==, 4);
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 1).x, ==, 220);
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 2).x, ==, 220);
  orr_canvas_block_frame (c, &cf);
  g_assert_true (route_enters (route, &cf));
}

/* The same obstacles in another order give the same route; with no way
 * round (the input walled in), the plain route stays. */
static void
test_deterministic_and_fallback (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 420, 120);
  OrrLink *link = connect (f, a, b);
  g_autoptr (GArray) one = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  g_autoptr (GArray) two = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  g_autoptr (GArray) plain = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  OrrRect some[3] = { { 200, 100, 40, 40 }, { 280, 60, 40, 40 }, { 280, 140, 40, 60 } };
  OrrRect reversed[3] = { some[2], some[1], some[0] };
  /* a frame over the input's stub: nothing can reach the port */
  OrrRect wall[1] = { { 365, 100, 20, 40 } };

  orr_canvas_link_route_avoiding (link, a, b, some, 3, one);
  orr_canvas_link_route_avoiding (link, a, b, reversed, 3, two);
  assert_same_route (one, two);
  for (int i = 0; i < 3; i++)
    {
      OrrRect m;
      with_margin (&some[i], &m);
      g_assert_false (route_enters (one, &m));
    }
  assert_ends (one, a, b);

  orr_canvas_link_route (link, a, b, plain);
  orr_canvas_link_route_avoiding (link, a, b, wall, 1, two);
  assert_same_route (two, plain);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/routes/around-block", Fixture, NULL, fixture_set_up, test_around_block,
              fixture_tear_down);
  g_test_add ("/routes/fan-in-apart", Fixture, NULL, fixture_set_up, test_fan_in_apart,
              fixture_tear_down);
  g_test_add ("/routes/z-turn-moves-aside", Fixture, NULL, fixture_set_up, test_z_turn_moves_aside,
              fixture_tear_down);
  g_test_add ("/routes/activation-around-block", Fixture, NULL, fixture_set_up,
              test_activation_around_block, fixture_tear_down);
  g_test_add ("/routes/free-route-unchanged", Fixture, NULL, fixture_set_up,
              test_free_route_unchanged, fixture_tear_down);
  g_test_add ("/routes/follows-moves", Fixture, NULL, fixture_set_up, test_route_follows_moves,
              fixture_tear_down);
  g_test_add ("/routes/bend-points-kept", Fixture, NULL, fixture_set_up, test_bend_points_kept,
              fixture_tear_down);
  g_test_add ("/routes/deterministic-and-fallback", Fixture, NULL, fixture_set_up,
              test_deterministic_and_fallback, fixture_tear_down);
  return g_test_run ();
}
