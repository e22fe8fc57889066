/* orr-canvas-tools.c: the canvas's tools as event controllers. The
 * primary-button drag gesture decides at press time, from what is under
 * the pointer, which tool the drag is: connect (a port), resize (a
 * selected block's corner), move (a block), move a link segment or branch
 * off a link (a link), rubber band (empty space). Pan (middle drag,
 * scroll), zoom (ctrl+scroll, pinch), keys, hover and the palette's drop
 * target are controllers of their own. Each finished gesture is one
 * transaction, so one undo step. */
#include "orr-canvas-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Pointer travel, in pixels, before a press turns into a drag. */
#define DRAG_THRESHOLD 4.0
#define MIN_BLOCK_SIZE 20.0
#define WHEEL_PAN_STEP 40.0
#define WHEEL_ZOOM_STEP 1.15

void
orr_canvas_drag_clear (OrrCanvas *self)
{
  OrrCanvasDrag *drag = &self->drag;

  g_clear_pointer (&drag->moved, g_ptr_array_unref);
  g_clear_pointer (&drag->moved_from, g_array_unref);
  g_clear_pointer (&drag->route, g_array_unref);
  memset (drag, 0, sizeof *drag);
}

static void
end_transaction (OrrCanvas *self, gboolean keep)
{
  if (!self->drag.in_transaction)
    return;
  self->drag.in_transaction = FALSE;
  if (self->model == NULL)
    return;
  if (keep)
    orr_model_commit (self->model);
  else
    orr_model_rollback (self->model);
}

void
orr_canvas_tools_cancel (OrrCanvas *self)
{
  if (self->drag.mode == ORR_CANVAS_DRAG_NONE)
    return;
  /* a cancelled drag leaves the model as it was */
  end_transaction (self, FALSE);
  orr_canvas_drag_clear (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
orr_canvas_cancel_drag (OrrCanvas *canvas)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  orr_canvas_tools_cancel (canvas);
}

static gboolean
port_is_output (OrrPortKind kind)
{
  return kind == ORR_PORT_OUT || kind == ORR_PORT_EVENT_OUT;
}

/* A press on a port starts a connection from outputs, from event inputs
 * and from free regular inputs; a taken input is the link's end, so the
 * press acts on the block instead. */
static gboolean
port_starts_connection (OrrCanvas *self, OrrBlock *block, OrrPortKind kind, guint port)
{
  if (kind != ORR_PORT_IN)
    return TRUE;
  return orr_canvas_port_accepts (self, ORR_PORT_OUT, block, kind, port);
}

static void
toggle_block (OrrCanvas *self, OrrBlock *block)
{
  if (!g_hash_table_remove (self->selected_blocks, block))
    g_hash_table_add (self->selected_blocks, orr_block_ref (block));
  orr_canvas_selection_changed (self);
}

static void
toggle_link (OrrCanvas *self, OrrLink *link)
{
  if (!g_hash_table_remove (self->selected_links, link))
    g_hash_table_add (self->selected_links, orr_link_ref (link));
  orr_canvas_selection_changed (self);
}

static void
select_only_link (OrrCanvas *self, OrrLink *link)
{
  g_hash_table_remove_all (self->selected_blocks);
  g_hash_table_remove_all (self->selected_links);
  g_hash_table_add (self->selected_links, orr_link_ref (link));
  orr_canvas_selection_changed (self);
}

static void
press_primary (OrrCanvas *self, OrrCanvasHit *hit, GdkModifierType modifiers)
{
  OrrCanvasDrag *drag = &self->drag;
  gboolean extend = (modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;

  switch (hit->kind)
    {
      case ORR_CANVAS_HIT_HANDLE:
        drag->pending_mode = ORR_CANVAS_DRAG_RESIZE;
        break;

      case ORR_CANVAS_HIT_PORT:
        if (port_starts_connection (self, hit->block, hit->port_kind, hit->port))
          {
            drag->pending_mode = ORR_CANVAS_DRAG_CONNECT;
            drag->source = hit->block;
            drag->source_kind = hit->port_kind;
            drag->source_port = hit->port;
            break;
          }
        hit->kind = ORR_CANVAS_HIT_BLOCK;
        G_GNUC_FALLTHROUGH;

      case ORR_CANVAS_HIT_BLOCK:
        if (extend)
          {
            toggle_block (self, hit->block);
            drag->pending_mode = g_hash_table_contains (self->selected_blocks, hit->block)
                                   ? ORR_CANVAS_DRAG_MOVE
                                   : ORR_CANVAS_DRAG_NONE;
          }
        else
          {
            if (!g_hash_table_contains (self->selected_blocks, hit->block))
              orr_canvas_select_block (self, hit->block, FALSE);
            else if (g_hash_table_size (self->selected_blocks) > 1
                     || g_hash_table_size (self->selected_links) > 0)
              /* keep the group for a drag; a plain click picks this one */
              drag->select_only_on_release = TRUE;
            drag->pending_mode = ORR_CANVAS_DRAG_MOVE;
          }
        break;

      case ORR_CANVAS_HIT_LINK:
        if (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK))
          {
            /* a branch: a new link from the same source, if the press
             * turns into a drag; a click toggles the link's selection */
            OrrLink *link = hit->link;
            drag->pending_mode = ORR_CANVAS_DRAG_CONNECT;
            drag->source = orr_canvas_lookup_block (self, link->from.block);
            drag->source_kind
              = link->kind == ORR_LINK_ACTIVATION ? ORR_PORT_EVENT_OUT : ORR_PORT_OUT;
            drag->source_port = link->from.port;
            if (drag->source == NULL)
              drag->pending_mode = ORR_CANVAS_DRAG_NONE;
          }
        else if (modifiers & GDK_SHIFT_MASK)
          {
            toggle_link (self, hit->link);
            drag->pending_mode = ORR_CANVAS_DRAG_NONE;
          }
        else
          {
            select_only_link (self, hit->link);
            drag->pending_mode = ORR_CANVAS_DRAG_SEGMENT;
          }
        break;

      case ORR_CANVAS_HIT_NOTHING:
      default:
        if (!extend)
          orr_canvas_unselect_all (self);
        drag->pending_mode = ORR_CANVAS_DRAG_RUBBER_BAND;
        break;
    }
}

void
orr_canvas_tools_press (OrrCanvas *self, guint button, int n_press, double wx, double wy,
                        GdkModifierType modifiers)
{
  OrrCanvasDrag *drag = &self->drag;
  OrrCanvasHit hit;
  double mx, my;

  if (self->diagram == NULL)
    return;
  /* one gesture at a time: a second button during a drag is ignored */
  if (drag->mode != ORR_CANVAS_DRAG_NONE && drag->button != button)
    return;
  orr_canvas_tools_cancel (self);
  gtk_widget_grab_focus (GTK_WIDGET (self));

  self->pointer_x = wx;
  self->pointer_y = wy;
  orr_canvas_widget_to_model (self, wx, wy, &mx, &my);
  orr_canvas_hit_test (self, mx, my, &hit);

  if (button == GDK_BUTTON_PRIMARY && n_press == 2)
    {
      if (hit.kind == ORR_CANVAS_HIT_BLOCK || hit.kind == ORR_CANVAS_HIT_HANDLE
          || hit.kind == ORR_CANVAS_HIT_PORT)
        orr_canvas_emit_block_activated (self, hit.block);
      return;
    }

  drag->mode = ORR_CANVAS_DRAG_PENDING;
  drag->button = button;
  drag->modifiers = modifiers;
  drag->press_wx = wx;
  drag->press_wy = wy;
  drag->press_mx = drag->last_mx = mx;
  drag->press_my = drag->last_my = my;
  drag->hit = hit;

  if (button == GDK_BUTTON_MIDDLE)
    {
      drag->mode = ORR_CANVAS_DRAG_PAN;
      drag->start_offset_x = self->offset_x;
      drag->start_offset_y = self->offset_y;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
      return;
    }
  if (button == GDK_BUTTON_SECONDARY)
    {
      /* the window's context menu acts on what was clicked */
      if ((hit.kind == ORR_CANVAS_HIT_BLOCK || hit.kind == ORR_CANVAS_HIT_PORT)
          && !g_hash_table_contains (self->selected_blocks, hit.block))
        orr_canvas_select_block (self, hit.block, FALSE);
      else if (hit.kind == ORR_CANVAS_HIT_LINK
               && !g_hash_table_contains (self->selected_links, hit.link))
        select_only_link (self, hit.link);
      else if (hit.kind == ORR_CANVAS_HIT_NOTHING)
        orr_canvas_unselect_all (self); /* the canvas's menu: nothing else is acted on */
      drag->mode = ORR_CANVAS_DRAG_NONE;
      return;
    }
  if (button != GDK_BUTTON_PRIMARY)
    {
      drag->mode = ORR_CANVAS_DRAG_NONE;
      return;
    }
  press_primary (self, &drag->hit, modifiers);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- starting a drag ----------------------------------------------------------- */

static void
begin_move (OrrCanvas *self)
{
  OrrCanvasDrag *drag = &self->drag;
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self);

  drag->moved = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  drag->moved_from = g_array_new (FALSE, FALSE, sizeof (OrrRect));
  /* the pressed block first: it is the one snapped to the grid */
  g_ptr_array_add (drag->moved, orr_block_ref (drag->hit.block));
  g_array_append_val (drag->moved_from, drag->hit.block->geometry);
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      if (block == drag->hit.block)
        continue;
      g_ptr_array_add (drag->moved, orr_block_ref (block));
      g_array_append_val (drag->moved_from, block->geometry);
    }
  orr_model_begin (self->model, _ ("Move"));
  drag->in_transaction = TRUE;
}

/* The route of the pressed link, with the pressed segment made free to
 * move: a segment that ends on a port gets a short stub out of it first,
 * so that the port end stays where it is. */
static gboolean
begin_segment (OrrCanvas *self)
{
  OrrCanvasDrag *drag = &self->drag;
  OrrLink *link = drag->hit.link;
  const GArray *drawn = orr_canvas_route_of (self, link);
  guint s = drag->hit.segment;
  OrrPoint a, b;
  double len, stub;

  /* the route as drawn, detours included: it is what the user grabbed */
  drag->route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  if (drawn == NULL || s + 1 >= drawn->len)
    return FALSE;
  g_array_append_vals (drag->route, drawn->data, drawn->len);

  a = g_array_index (drag->route, OrrPoint, s);
  b = g_array_index (drag->route, OrrPoint, s + 1);
  len = hypot (b.x - a.x, b.y - a.y);
  stub = MIN (ORR_CANVAS_LINK_STUB, len / 3);
  if (s + 2 == drag->route->len)
    {
      OrrPoint t = { b.x + (a.x - b.x) * stub / MAX (len, 1e-9),
                     b.y + (a.y - b.y) * stub / MAX (len, 1e-9) };
      g_array_insert_val (drag->route, s + 1, t);
      g_array_insert_val (drag->route, s + 1, t);
    }
  if (s == 0)
    {
      OrrPoint t = { a.x + (b.x - a.x) * stub / MAX (len, 1e-9),
                     a.y + (b.y - a.y) * stub / MAX (len, 1e-9) };
      g_array_insert_val (drag->route, 1, t);
      g_array_insert_val (drag->route, 1, t);
      s = 2;
    }
  drag->hit.segment = s;
  orr_model_begin (self->model, _ ("Move Link Segment"));
  drag->in_transaction = TRUE;
  return TRUE;
}

static gboolean
begin_drag (OrrCanvas *self)
{
  OrrCanvasDrag *drag = &self->drag;

  switch (drag->pending_mode)
    {
      case ORR_CANVAS_DRAG_MOVE:
        begin_move (self);
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
        break;
      case ORR_CANVAS_DRAG_RESIZE:
        orr_canvas_block_frame (drag->hit.block, &drag->start_frame);
        orr_model_begin (self->model, _ ("Resize"));
        drag->in_transaction = TRUE;
        break;
      case ORR_CANVAS_DRAG_SEGMENT:
        if (!begin_segment (self))
          return FALSE;
        break;
      case ORR_CANVAS_DRAG_CONNECT:
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
        break;
      case ORR_CANVAS_DRAG_RUBBER_BAND:
        break;
      default:
        return FALSE;
    }
  drag->mode = drag->pending_mode;
  return TRUE;
}

/* ---- dragging ------------------------------------------------------------------- */

static void
update_move (OrrCanvas *self, double mx, double my)
{
  OrrCanvasDrag *drag = &self->drag;
  const OrrRect *first = &g_array_index (drag->moved_from, OrrRect, 0);
  /* the pressed block's corner lands on the grid; the others keep their
   * places relative to it */
  double dx = orr_canvas_snap (first->x + mx - drag->press_mx) - first->x;
  double dy = orr_canvas_snap (first->y + my - drag->press_my) - first->y;

  if (fabs (drag->hit.block->geometry.x - (first->x + dx)) < 1e-9
      && fabs (drag->hit.block->geometry.y - (first->y + dy)) < 1e-9)
    return;
  for (guint i = 0; i < drag->moved->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (drag->moved, i);
      const OrrRect *from = &g_array_index (drag->moved_from, OrrRect, i);
      if (block->parent == self->diagram)
        orr_model_move_block (self->model, block, from->x + dx, from->y + dy);
    }
}

static void
update_resize (OrrCanvas *self, double mx, double my)
{
  OrrCanvasDrag *drag = &self->drag;
  const OrrRect *s = &drag->start_frame;
  double x0 = s->x, y0 = s->y, x1 = s->x + s->width, y1 = s->y + s->height;
  OrrRect frame, geometry;
  int c = drag->hit.corner;

  /* the dragged corner follows the grid, the opposite one stays */
  if (c & 1)
    x1 = MAX (orr_canvas_snap (mx), x0 + MIN_BLOCK_SIZE);
  else
    x0 = MIN (orr_canvas_snap (mx), x1 - MIN_BLOCK_SIZE);
  if (c & 2)
    y1 = MAX (orr_canvas_snap (my), y0 + MIN_BLOCK_SIZE);
  else
    y0 = MIN (orr_canvas_snap (my), y1 - MIN_BLOCK_SIZE);
  frame = (OrrRect){ x0, y0, x1 - x0, y1 - y0 };
  orr_canvas_block_geometry_for_frame (drag->hit.block, &frame, &geometry);
  if (memcmp (&geometry, &drag->hit.block->geometry, sizeof geometry) != 0)
    orr_model_set_block_geometry (self->model, drag->hit.block, &geometry);
}

static void
update_segment (OrrCanvas *self, double mx, double my)
{
  OrrCanvasDrag *drag = &self->drag;
  guint s = drag->hit.segment;
  OrrPoint *a = &g_array_index (drag->route, OrrPoint, s);
  OrrPoint *b = &g_array_index (drag->route, OrrPoint, s + 1);
  gboolean horizontal = fabs (a->y - b->y) < fabs (a->x - b->x);
  g_autoptr (GArray) points = NULL;

  if (horizontal)
    a->y = b->y = orr_canvas_snap (my);
  else
    a->x = b->x = orr_canvas_snap (mx);

  points = g_array_copy (drag->route);
  orr_canvas_route_simplify (points);
  if (points->len < 2)
    return;
  /* store the bends only, not the port anchors */
  orr_model_set_link_points (self->model, drag->hit.link, &g_array_index (points, OrrPoint, 1),
                             points->len - 2);
}

static void
update_connect (OrrCanvas *self, double mx, double my)
{
  OrrCanvasDrag *drag = &self->drag;
  OrrCanvasHit hit;

  drag->target = NULL;
  orr_canvas_hit_test (self, mx, my, &hit);
  if (hit.kind == ORR_CANVAS_HIT_PORT
      && orr_canvas_port_accepts (self, drag->source_kind, hit.block, hit.port_kind, hit.port))
    {
      drag->target = hit.block;
      drag->target_kind = hit.port_kind;
      drag->target_port = hit.port;
    }
  else if (hit.kind == ORR_CANVAS_HIT_BLOCK)
    {
      /* over a block's body: its nearest free compatible port, so that a
       * user need not aim at a small triangle */
      double best = G_MAXDOUBLE;
      for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
        for (guint p = 1; p <= orr_block_get_port_count (hit.block, kind); p++)
          {
            OrrCanvasPort port;
            double d;
            if (!orr_canvas_port_accepts (self, drag->source_kind, hit.block, kind, p)
                || !orr_canvas_block_port (hit.block, kind, p, &port))
              continue;
            d = hypot (port.anchor.x - mx, port.anchor.y - my);
            if (d < best)
              {
                best = d;
                drag->target = hit.block;
                drag->target_kind = kind;
                drag->target_port = p;
              }
          }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_hover (OrrCanvas *self, double mx, double my)
{
  OrrCanvasHit hit;
  const char *cursor = NULL;

  orr_canvas_hit_test (self, mx, my, &hit);
  switch (hit.kind)
    {
      case ORR_CANVAS_HIT_HANDLE:
        cursor = hit.corner == 0 || hit.corner == 3 ? "nwse-resize" : "nesw-resize";
        orr_canvas_set_hover (self, hit.block, NULL);
        break;
      case ORR_CANVAS_HIT_PORT:
        cursor = "crosshair";
        orr_canvas_set_hover (self, hit.block, NULL);
        break;
      case ORR_CANVAS_HIT_BLOCK:
        cursor = "move";
        orr_canvas_set_hover (self, hit.block, NULL);
        break;
      case ORR_CANVAS_HIT_LINK:
        cursor = "pointer";
        orr_canvas_set_hover (self, NULL, hit.link);
        break;
      case ORR_CANVAS_HIT_NOTHING:
      default:
        orr_canvas_set_hover (self, NULL, NULL);
        break;
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

void
orr_canvas_tools_motion (OrrCanvas *self, double wx, double wy, GdkModifierType modifiers)
{
  OrrCanvasDrag *drag = &self->drag;
  double mx, my;

  self->pointer_x = wx;
  self->pointer_y = wy;
  if (self->diagram == NULL)
    return;
  orr_canvas_widget_to_model (self, wx, wy, &mx, &my);

  if (drag->mode == ORR_CANVAS_DRAG_NONE)
    {
      update_hover (self, mx, my);
      return;
    }
  if (drag->mode == ORR_CANVAS_DRAG_PAN)
    {
      orr_canvas_set_view (self, self->zoom, drag->start_offset_x + wx - drag->press_wx,
                           drag->start_offset_y + wy - drag->press_wy);
      return;
    }
  if (drag->mode == ORR_CANVAS_DRAG_PENDING)
    {
      if (hypot (wx - drag->press_wx, wy - drag->press_wy) < DRAG_THRESHOLD)
        return;
      drag->select_only_on_release = FALSE;
      if (!begin_drag (self))
        {
          drag->mode = ORR_CANVAS_DRAG_NONE;
          return;
        }
    }

  drag->last_mx = mx;
  drag->last_my = my;
  switch (drag->mode)
    {
      case ORR_CANVAS_DRAG_MOVE:
        update_move (self, mx, my);
        break;
      case ORR_CANVAS_DRAG_RESIZE:
        update_resize (self, mx, my);
        break;
      case ORR_CANVAS_DRAG_SEGMENT:
        update_segment (self, mx, my);
        break;
      case ORR_CANVAS_DRAG_CONNECT:
        update_connect (self, mx, my);
        break;
      case ORR_CANVAS_DRAG_RUBBER_BAND:
        drag->band.x = MIN (mx, drag->press_mx);
        drag->band.y = MIN (my, drag->press_my);
        drag->band.width = fabs (mx - drag->press_mx);
        drag->band.height = fabs (my - drag->press_my);
        gtk_widget_queue_draw (GTK_WIDGET (self));
        break;
      default:
        break;
    }
}

/* ---- ending a drag ------------------------------------------------------------- */

/* Whether the polyline crosses a block of the diagram (other than the
 * end of its last segment, which enters the target's port): asked of the
 * spatial index, segment by segment, so a large diagram costs no more
 * than the blocks near the route. */
static gboolean
route_hits_blocks (OrrCanvas *self, const OrrPoint *pts, guint n, OrrBlock *target)
{
  g_autoptr (GPtrArray) near = g_ptr_array_new ();

  for (guint k = 1; k < n; k++)
    {
      const OrrPoint *a = &pts[k - 1], *b = &pts[k];
      OrrRect seg = { MIN (a->x, b->x), MIN (a->y, b->y), fabs (a->x - b->x), fabs (a->y - b->y) };

      g_ptr_array_set_size (near, 0);
      orr_canvas_blocks_touching (
        self, &(OrrRect){ seg.x - 3, seg.y - 3, seg.width + 6, seg.height + 6 }, near);
      for (guint i = 0; i < near->len; i++)
        {
          OrrBlock *block = g_ptr_array_index (near, i);
          OrrRect r;

          if (block == target && k == n - 1)
            continue;
          orr_canvas_block_frame (block, &r);
          r.x -= 3, r.y -= 3, r.width += 6, r.height += 6;
          if (orr_canvas_rect_intersects (&seg, &r))
            return TRUE;
        }
    }
  return FALSE;
}

static double
route_length (const OrrPoint *pts, guint n)
{
  double length = 0;

  for (guint k = 1; k < n; k++)
    length += fabs (pts[k].x - pts[k - 1].x) + fabs (pts[k].y - pts[k - 1].y);
  return length;
}

/* A branch leaves its parent link where the user took it: its route is
 * the parent's up to that point (stored as bend points), then across the
 * parent and along a level (a row or a column) chosen to pass no block,
 * to the stub in front of its input. Left to the automatic router from
 * the output, it would run along the parent and seem to come from
 * whatever the shared stretch passes. */
static void
route_branch (OrrCanvas *self, OrrLink *branch, OrrLink *parent, double mx, double my)
{
  g_autoptr (GArray) route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  g_autoptr (GArray) levels = g_array_new (FALSE, FALSE, sizeof (double));
  OrrBlock *from = NULL, *to = NULL, *target = NULL, *unused = NULL;
  OrrPortKind in_kind = branch->kind == ORR_LINK_ACTIVATION ? ORR_PORT_EVENT_IN : ORR_PORT_IN;
  OrrCanvasPort end;
  OrrPoint p, stub, best_tail[4];
  double best = G_MAXDOUBLE, best_length = G_MAXDOUBLE;
  gboolean across_vertical, best_clean = FALSE;
  guint segment = 0;
  const GArray *drawn = orr_canvas_route_of (self, parent);

  orr_canvas_link_ends (self, parent, &from, &to);
  orr_canvas_link_ends (self, branch, &unused, &target);
  if (drawn == NULL || target == NULL
      || !orr_canvas_block_port (target, in_kind, branch->to.port, &end))
    return;
  g_array_append_vals (route, drawn->data, drawn->len);
  for (guint k = 1; k < route->len; k++)
    {
      double d = orr_canvas_segment_distance (&g_array_index (route, OrrPoint, k - 1),
                                              &g_array_index (route, OrrPoint, k), mx, my);
      if (d < best)
        best = d, segment = k;
    }
  {
    const OrrPoint *a = &g_array_index (route, OrrPoint, segment - 1);
    const OrrPoint *b = &g_array_index (route, OrrPoint, segment);

    /* onto the segment, on the grid along it; the branch leaves across it */
    across_vertical = fabs (a->y - b->y) < fabs (a->x - b->x);
    if (across_vertical)
      p = (OrrPoint){ CLAMP (orr_canvas_snap (mx), MIN (a->x, b->x), MAX (a->x, b->x)), a->y };
    else
      p = (OrrPoint){ a->x, CLAMP (orr_canvas_snap (my), MIN (a->y, b->y), MAX (a->y, b->y)) };
  }
  stub = orr_canvas_port_stub_end (&end);

  /* candidate levels: straight to the stub's row (or column), or just
   * past either side of a block between the branch point and the stub
   * (only those can stand in the way) */
  {
    double direct = across_vertical ? stub.y : stub.x;
    g_autoptr (GPtrArray) between = g_ptr_array_new ();
    OrrRect span = { MIN (p.x, stub.x) - 10, MIN (p.y, stub.y) - 10, fabs (p.x - stub.x) + 20,
                     fabs (p.y - stub.y) + 20 };

    g_array_append_val (levels, direct);
    orr_canvas_blocks_touching (self, &span, between);
    for (guint i = 0; i < between->len; i++)
      {
        OrrRect r;
        double lo, hi;

        orr_canvas_block_frame (g_ptr_array_index (between, i), &r);
        lo = orr_canvas_snap ((across_vertical ? r.y : r.x) - 15);
        hi = orr_canvas_snap ((across_vertical ? r.y + r.height : r.x + r.width) + 15);
        g_array_append_val (levels, lo);
        g_array_append_val (levels, hi);
      }
  }
  for (guint i = 0; i < levels->len; i++)
    {
      double m = g_array_index (levels, double, i);
      OrrPoint tail[5];
      gboolean clean;
      double length;

      tail[0] = p;
      tail[1] = across_vertical ? (OrrPoint){ p.x, m } : (OrrPoint){ m, p.y };
      tail[2] = across_vertical ? (OrrPoint){ stub.x, m } : (OrrPoint){ m, stub.y };
      tail[3] = stub;
      tail[4] = end.anchor;
      clean = !route_hits_blocks (self, tail, 5, target);
      length = route_length (tail, 5);
      if ((clean && !best_clean) || (clean == best_clean && length < best_length))
        {
          memcpy (best_tail, tail, sizeof best_tail);
          best_clean = clean;
          best_length = length;
        }
    }

  for (guint k = 1; k < segment; k++)
    g_array_append_val (points, g_array_index (route, OrrPoint, k));
  for (guint k = 0; k < 4; k++)
    g_array_append_val (points, best_tail[k]);
  orr_canvas_route_simplify (points);
  orr_model_set_link_points (self->model, branch, (const OrrPoint *)points->data, points->len);
}

static void
finish_connect (OrrCanvas *self)
{
  OrrCanvasDrag *drag = &self->drag;
  OrrEndpoint source, target;
  g_autoptr (GError) error = NULL;
  OrrLink *link;

  if (drag->target == NULL)
    return; /* released away from a compatible port: nothing is made */
  source = (OrrEndpoint){ drag->source->id, drag->source_kind, drag->source_port };
  target = (OrrEndpoint){ drag->target->id, drag->target_kind, drag->target_port };
  /* one undo step, the branch's route included */
  orr_model_begin (self->model, _ ("Connect"));
  /* the model takes the output first, whichever end the drag began at */
  link = port_is_output (drag->source_kind)
           ? orr_model_connect (self->model, self->diagram, &source, &target, &error)
           : orr_model_connect (self->model, self->diagram, &target, &source, &error);
  if (link == NULL)
    g_debug ("connection refused: %s", error->message);
  else if (drag->hit.kind == ORR_CANVAS_HIT_LINK && drag->hit.link != NULL
           && drag->hit.link->parent == self->diagram)
    route_branch (self, link, drag->hit.link, drag->press_mx, drag->press_my);
  orr_model_commit (self->model);
}

static void
finish_rubber_band (OrrCanvas *self)
{
  OrrCanvasDrag *drag = &self->drag;
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();

  if (!(drag->modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)))
    {
      g_hash_table_remove_all (self->selected_blocks);
      g_hash_table_remove_all (self->selected_links);
    }
  orr_canvas_blocks_in_rect (self, &drag->band, blocks);
  for (guint i = 0; i < blocks->len; i++)
    g_hash_table_add (self->selected_blocks, orr_block_ref (g_ptr_array_index (blocks, i)));
  /* links between selected blocks go with them (copy, delete) */
  for (guint i = 0; i < self->diagram->links->len; i++)
    {
      OrrLink *link = g_ptr_array_index (self->diagram->links, i);
      OrrBlock *from, *to;
      orr_canvas_link_ends (self, link, &from, &to);
      if (from != NULL && to != NULL && g_hash_table_contains (self->selected_blocks, from)
          && g_hash_table_contains (self->selected_blocks, to))
        g_hash_table_add (self->selected_links, orr_link_ref (link));
    }
  orr_canvas_selection_changed (self);
}

void
orr_canvas_tools_release (OrrCanvas *self, guint button, double wx, double wy,
                          GdkModifierType modifiers)
{
  OrrCanvasDrag *drag = &self->drag;

  if (drag->mode == ORR_CANVAS_DRAG_NONE || drag->button != button)
    return;
  orr_canvas_tools_motion (self, wx, wy, modifiers);

  switch (drag->mode)
    {
      case ORR_CANVAS_DRAG_PENDING:
        /* a click, not a drag */
        if (drag->select_only_on_release && drag->hit.block != NULL)
          orr_canvas_select_block (self, drag->hit.block, FALSE);
        else if (drag->hit.kind == ORR_CANVAS_HIT_LINK
                 && (drag->modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
          toggle_link (self, drag->hit.link);
        break;
      case ORR_CANVAS_DRAG_MOVE:
      case ORR_CANVAS_DRAG_RESIZE:
      case ORR_CANVAS_DRAG_SEGMENT:
        end_transaction (self, TRUE);
        break;
      case ORR_CANVAS_DRAG_CONNECT:
        finish_connect (self);
        break;
      case ORR_CANVAS_DRAG_RUBBER_BAND:
        finish_rubber_band (self);
        break;
      case ORR_CANVAS_DRAG_PAN:
      default:
        break;
    }
  end_transaction (self, TRUE);
  orr_canvas_drag_clear (self);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- feedback -------------------------------------------------------------------- */

void
orr_canvas_tools_paint (OrrCanvas *self, OrrCanvasPainter *painter, cairo_t *cr)
{
  OrrCanvasDrag *drag = &self->drag;

  if (drag->mode == ORR_CANVAS_DRAG_RUBBER_BAND)
    orr_canvas_paint_rubber_band (painter, cr, &drag->band);
  else if (drag->mode == ORR_CANVAS_DRAG_CONNECT && drag->source != NULL)
    {
      OrrCanvasPort from, to;
      g_autoptr (GArray) route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
      gboolean event
        = drag->source_kind == ORR_PORT_EVENT_IN || drag->source_kind == ORR_PORT_EVENT_OUT;

      if (!orr_canvas_block_port (drag->source, drag->source_kind, drag->source_port, &from))
        return;
      if (drag->target != NULL
          && orr_canvas_block_port (drag->target, drag->target_kind, drag->target_port, &to))
        {
          /* the route the link will take once dropped */
          orr_canvas_route_around (self, &from, drag->source, &to, drag->target, route);
          orr_canvas_paint_port_highlight (painter, cr, drag->target, drag->target_kind,
                                           drag->target_port);
        }
      else
        {
          /* a free end faces back at the source */
          to.anchor = (OrrPoint){ drag->last_mx, drag->last_my };
          to.base = to.anchor;
          to.dx = -from.dx;
          to.dy = -from.dy;
          orr_canvas_route_ports (&from, &to, NULL, NULL, route);
        }
      orr_canvas_paint_polyline (painter, cr, route,
                                 event ? &painter->palette.activation : &painter->palette.accent,
                                 1.5, TRUE);
    }
}

/* ---- scroll, zoom, keys, drop ---------------------------------------------------------- */

gboolean
orr_canvas_tools_scroll (OrrCanvas *self, double dx, double dy, GdkModifierType modifiers)
{
  if (modifiers & GDK_CONTROL_MASK)
    {
      orr_canvas_set_zoom (self, self->zoom * pow (WHEEL_ZOOM_STEP, -dy), self->pointer_x,
                           self->pointer_y);
      return TRUE;
    }
  if (modifiers & GDK_SHIFT_MASK)
    {
      /* a plain wheel scrolls sideways with shift, as in text views */
      double t = dx;
      dx = dy;
      dy = t;
    }
  orr_canvas_set_view (self, self->zoom, self->offset_x - dx * WHEEL_PAN_STEP,
                       self->offset_y - dy * WHEEL_PAN_STEP);
  return TRUE;
}

gboolean
orr_canvas_tools_drop (OrrCanvas *self, const char *text, double wx, double wy)
{
  g_autoptr (GError) error = NULL;
  double mx, my;

  if (text == NULL || !g_str_has_prefix (text, ORR_CANVAS_BLOCK_DND_PREFIX))
    return FALSE;
  orr_canvas_widget_to_model (self, wx, wy, &mx, &my);
  if (orr_canvas_insert_block (self, text + strlen (ORR_CANVAS_BLOCK_DND_PREFIX), mx, my, &error)
      == NULL)
    {
      /* a palette entry this build does not know: nothing to add */
      g_debug ("drop refused: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

static void
nudge_selection (OrrCanvas *self, double dx, double dy)
{
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self);

  if (blocks->len == 0 || self->model == NULL)
    return;
  orr_model_begin (self->model, _ ("Move"));
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      orr_model_move_block (self->model, block, block->geometry.x + dx, block->geometry.y + dy);
    }
  orr_model_commit (self->model);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, OrrCanvas *self)
{
  double step = (state & GDK_SHIFT_MASK) ? 1 : ORR_CANVAS_GRID;

  switch (keyval)
    {
      case GDK_KEY_Return:
      case GDK_KEY_KP_Enter:
      case GDK_KEY_ISO_Enter:
        {
          g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self);
          if (blocks->len != 1)
            return FALSE;
          orr_canvas_emit_block_activated (self, g_ptr_array_index (blocks, 0));
          return TRUE;
        }
      case GDK_KEY_Escape:
        {
          g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self);
          g_autoptr (GPtrArray) links = orr_canvas_get_selected_links (self);

          if (self->drag.mode != ORR_CANVAS_DRAG_NONE)
            orr_canvas_tools_cancel (self);
          else if (blocks->len + links->len > 0)
            orr_canvas_unselect_all (self);
          else
            return FALSE; /* nothing to drop here: the window may go up a level */
          return TRUE;
        }
      case GDK_KEY_Left:
        nudge_selection (self, -step, 0);
        return TRUE;
      case GDK_KEY_Right:
        nudge_selection (self, step, 0);
        return TRUE;
      case GDK_KEY_Up:
        nudge_selection (self, 0, -step);
        return TRUE;
      case GDK_KEY_Down:
        nudge_selection (self, 0, step);
        return TRUE;
      default:
        return FALSE;
    }
}

static GdkModifierType
current_modifiers (gpointer controller)
{
  return gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, OrrCanvas *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  orr_canvas_tools_press (self, button, 1, x, y, current_modifiers (gesture));
}

static void
on_drag_update (GtkGestureDrag *gesture, double ox, double oy, OrrCanvas *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  orr_canvas_tools_motion (self, x + ox, y + oy, current_modifiers (gesture));
}

static void
on_drag_end (GtkGestureDrag *gesture, double ox, double oy, OrrCanvas *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  orr_canvas_tools_release (self, button, x + ox, y + oy, current_modifiers (gesture));
}

static void
on_drag_cancel (GtkGesture *gesture, GdkEventSequence *sequence, OrrCanvas *self)
{
  orr_canvas_tools_cancel (self);
}

static void
on_click_pressed (GtkGestureClick *gesture, int n_press, double x, double y, OrrCanvas *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_PRIMARY && n_press == 2)
    orr_canvas_tools_press (self, button, n_press, x, y, current_modifiers (gesture));
  else if (button == GDK_BUTTON_SECONDARY)
    orr_canvas_tools_press (self, button, n_press, x, y, current_modifiers (gesture));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, OrrCanvas *self)
{
  self->pointer_inside = TRUE;
  /* during a drag the drag gesture reports the motion */
  if (self->drag.mode == ORR_CANVAS_DRAG_NONE)
    orr_canvas_tools_motion (self, x, y, current_modifiers (controller));
  else
    {
      self->pointer_x = x;
      self->pointer_y = y;
    }
}

static void
on_leave (GtkEventControllerMotion *controller, OrrCanvas *self)
{
  self->pointer_inside = FALSE;
  if (self->drag.mode == ORR_CANVAS_DRAG_NONE)
    orr_canvas_set_hover (self, NULL, NULL);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, OrrCanvas *self)
{
  /* a wheel notch and a touchpad's pixel deltas pan at the same speed */
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE)
    {
      dx /= WHEEL_PAN_STEP / 2;
      dy /= WHEEL_PAN_STEP / 2;
    }
  return orr_canvas_tools_scroll (self, dx, dy, current_modifiers (controller));
}

static void
on_zoom_begin (GtkGesture *gesture, GdkEventSequence *sequence, OrrCanvas *self)
{
  g_object_set_data_full (G_OBJECT (gesture), "orr-zoom-start",
                          g_memdup2 (&self->zoom, sizeof (double)), g_free);
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture, double scale, OrrCanvas *self)
{
  double *start = g_object_get_data (G_OBJECT (gesture), "orr-zoom-start");
  double x, y;

  if (start == NULL || !gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;
  orr_canvas_set_zoom (self, *start * scale, x, y);
}

static gboolean
on_drop_accept (GtkDropTarget *target, GdkDrop *drop, OrrCanvas *self)
{
  GdkContentFormats *formats = gdk_drop_get_formats (drop);

  /* files are the window's business: let their drops go up to it */
  if (gdk_content_formats_contain_gtype (formats, GDK_TYPE_FILE_LIST)
      || gdk_content_formats_contain_mime_type (formats, "text/uri-list"))
    return FALSE;
  return gdk_content_formats_contain_gtype (formats, G_TYPE_STRING)
         || gdk_content_formats_contain_mime_type (formats, "text/plain;charset=utf-8")
         || gdk_content_formats_contain_mime_type (formats, "text/plain");
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, OrrCanvas *self)
{
  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  return orr_canvas_tools_drop (self, g_value_get_string (value), x, y);
}

void
orr_canvas_tools_install (OrrCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;
  GtkDropTarget *drop;

  /* select, move, resize, connect, segments, rubber band */
  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  /* pan */
  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  /* double-click (activation) and the secondary button (context menus) */
  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  /* hover */
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  /* pan and zoom with the wheel */
  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  /* pinch */
  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (widget, controller);

  /* blocks dragged from the palette */
  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "accept", G_CALLBACK (on_drop_accept), self);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));
}
