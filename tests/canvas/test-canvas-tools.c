/* test-canvas-tools.c: the canvas's tools on a live widget: drop, connect
 * (and refusals), move with the grid, resize, rubber band, link segments,
 * branches, selection, copy/paste, delete, each undone through the model.
 * Expected positions come from the geometry the test sets up (a block
 * centred at (120, 120) with the default 40x40 size has its corner at
 * (100, 100)), not from the canvas. */
#include "canvas-test-util.h"

static void
test_drop_inserts_block (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *block;
  const OrrBlockClass *klass = orr_registry_lookup (f->registry, "Gain");

  g_assert_true (orr_canvas_test_drop (f->canvas, ORR_CANVAS_BLOCK_DND_PREFIX "Gain", 200, 150));
  g_assert_cmpuint (root->blocks->len, ==, 1);
  block = g_ptr_array_index (root->blocks, 0);
  g_assert_cmpstr (block->type, ==, "Gain");
  /* centred on the drop point, corner on the grid */
  g_assert_cmpfloat (block->geometry.x, ==, 180);
  g_assert_cmpfloat (block->geometry.y, ==, 130);
  g_assert_cmpfloat (block->geometry.width, ==, 40);
  g_assert_cmpfloat (block->geometry.height, ==, 40);
  g_assert_cmpuint (orr_block_get_port_count (block, ORR_PORT_IN), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (block, ORR_PORT_OUT), ==, 1);
  /* defaults stay the class's: nothing is written into the block */
  g_assert_cmpuint (block->params->len, ==, 0);
  g_assert_nonnull (klass);

  /* a dropped block is selected */
  {
    g_autoptr (GPtrArray) selected = orr_canvas_get_selected_blocks (f->canvas);
    g_assert_cmpuint (selected->len, ==, 1);
    g_assert_true (g_ptr_array_index (selected, 0) == block);
  }

  /* anything else is refused */
  g_assert_false (orr_canvas_test_drop (f->canvas, "file:///tmp/x.orr", 100, 100));
  g_assert_false (
    orr_canvas_test_drop (f->canvas, ORR_CANVAS_BLOCK_DND_PREFIX "NoSuchBlock", 100, 100));
  g_assert_cmpuint (root->blocks->len, ==, 1);

  /* one undo step */
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (root->blocks->len, ==, 0);
  g_assert_false (orr_model_can_undo (f->model));
}

static void
test_connect (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrBlock *c = add_block (f, "Gain", 320, 320);
  OrrLink *link;

  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_IN);
  g_assert_cmpuint (n_links (f), ==, 1);
  link = g_ptr_array_index (orr_model_get_root (f->model)->links, 0);
  g_assert_cmpint (link->kind, ==, ORR_LINK_REGULAR);
  g_assert_cmpstr (link->from.block, ==, a->id);
  g_assert_cmpint (link->from.kind, ==, ORR_PORT_OUT);
  g_assert_cmpuint (link->from.port, ==, 1);
  g_assert_cmpstr (link->to.block, ==, b->id);
  g_assert_cmpint (link->to.kind, ==, ORR_PORT_IN);
  g_assert_cmpuint (link->to.port, ==, 1);

  /* from a free input back to an output: the model still gets output first */
  drag_port_to_port (f, c, ORR_PORT_IN, a, ORR_PORT_OUT);
  g_assert_cmpuint (n_links (f), ==, 2);
  link = g_ptr_array_index (orr_model_get_root (f->model)->links, 1);
  g_assert_cmpstr (link->from.block, ==, a->id);
  g_assert_cmpstr (link->to.block, ==, c->id);

  /* released on a block's body: its nearest free compatible port (b's
   * only input is taken, so a Sum's nearest free input) */
  {
    OrrBlock *sum = add_block (f, "Sum", 520, 120);
    double x0, y0;
    guint before = n_links (f);
    port_point (f, b, ORR_PORT_OUT, 1, &x0, &y0);
    /* the Sum's frame is 500..540 x 100..140: its lower half is nearer input 2 */
    drag (f, x0, y0, 515, 135, 0);
    g_assert_cmpuint (n_links (f), ==, before + 1);
    link = g_ptr_array_index (orr_model_get_root (f->model)->links, before);
    g_assert_cmpstr (link->to.block, ==, sum->id);
    g_assert_cmpuint (link->to.port, ==, 2);
    g_assert_true (orr_model_undo (f->model));
    g_assert_true (orr_model_undo (f->model));
  }

  /* each connection is one undo step */
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (n_links (f), ==, 1);
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (n_links (f), ==, 0);
  g_assert_cmpuint (n_blocks (f), ==, 3);
  g_assert_true (orr_model_redo (f->model));
  g_assert_cmpuint (n_links (f), ==, 1);
}

static void
test_connect_refused (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrBlock *c = add_block (f, "Gain", 120, 320);
  OrrBlock *clock = add_block (f, "SampleClock", 320, 320);
  g_autofree char *undo_before = NULL;
  double x0, y0;
  OrrLink *link;

  /* output to output */
  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_OUT);
  g_assert_cmpuint (n_links (f), ==, 0);
  /* released on empty space */
  port_point (f, a, ORR_PORT_OUT, 1, &x0, &y0);
  drag (f, x0, y0, 600, 500, 0);
  g_assert_cmpuint (n_links (f), ==, 0);
  /* an activation output to a regular input */
  g_assert_cmpuint (orr_block_get_port_count (clock, ORR_PORT_EVENT_OUT), ==, 1);
  drag_port_to_port (f, clock, ORR_PORT_EVENT_OUT, c, ORR_PORT_IN);
  g_assert_cmpuint (n_links (f), ==, 0);
  /* an input already driven */
  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_IN);
  g_assert_cmpuint (n_links (f), ==, 1);
  undo_before = g_strdup (orr_model_get_undo_description (f->model));
  drag_port_to_port (f, c, ORR_PORT_OUT, b, ORR_PORT_IN);
  g_assert_cmpuint (n_links (f), ==, 1);
  link = g_ptr_array_index (orr_model_get_root (f->model)->links, 0);
  g_assert_cmpstr (link->from.block, ==, a->id);
  /* a refusal leaves no step behind */
  g_assert_cmpstr (orr_model_get_undo_description (f->model), ==, undo_before);
}

static void
test_move_snaps_and_undoes (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);

  g_assert_cmpfloat (a->geometry.x, ==, 100);
  g_assert_cmpfloat (a->geometry.y, ==, 100);
  drag (f, 120, 120, 153, 137, 0);
  /* 133, 117 snap to 130, 120 */
  g_assert_cmpfloat (a->geometry.x, ==, 130);
  g_assert_cmpfloat (a->geometry.y, ==, 120);
  g_assert_cmpfloat (b->geometry.x, ==, 300);
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpfloat (a->geometry.x, ==, 100);
  g_assert_cmpfloat (a->geometry.y, ==, 100);

  /* two selected blocks move together, in one step */
  click (f, 120, 120, 0);
  click (f, 320, 120, GDK_SHIFT_MASK);
  {
    g_autoptr (GPtrArray) selected = orr_canvas_get_selected_blocks (f->canvas);
    g_assert_cmpuint (selected->len, ==, 2);
  }
  drag (f, 320, 120, 367, 118, 0);
  g_assert_cmpfloat (a->geometry.x, ==, 150);
  g_assert_cmpfloat (b->geometry.x, ==, 350);
  g_assert_cmpfloat (a->geometry.y, ==, 100);
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpfloat (a->geometry.x, ==, 100);
  g_assert_cmpfloat (b->geometry.x, ==, 300);

  /* a plain click on one of them picks it alone */
  click (f, 320, 120, GDK_SHIFT_MASK);
  click (f, 320, 120, GDK_SHIFT_MASK);
  click (f, 120, 120, 0);
  {
    g_autoptr (GPtrArray) selected = orr_canvas_get_selected_blocks (f->canvas);
    g_assert_cmpuint (selected->len, ==, 1);
    g_assert_true (g_ptr_array_index (selected, 0) == a);
  }

  /* a drag cancelled half way (before an undo) leaves nothing behind */
  orr_canvas_test_press (f->canvas, GDK_BUTTON_PRIMARY, 120, 120, 0);
  orr_canvas_test_motion (f->canvas, 160, 160, 0);
  orr_canvas_test_motion (f->canvas, 200, 200, 0);
  g_assert_cmpfloat (a->geometry.x, ==, 180);
  orr_canvas_cancel_drag (f->canvas);
  g_assert_cmpfloat (a->geometry.x, ==, 100);
  g_assert_cmpfloat (a->geometry.y, ==, 100);
  orr_canvas_test_release (f->canvas, GDK_BUTTON_PRIMARY, 200, 200, 0);
  g_assert_cmpfloat (a->geometry.x, ==, 100);
  /* no step was recorded: the last one is still the second block */
  g_assert_cmpstr (orr_model_get_undo_description (f->model), ==, "Add Block");

  /* a drag shorter than the threshold is a click: nothing moves */
  drag (f, 120, 120, 122, 121, 0);
  g_assert_cmpfloat (a->geometry.x, ==, 100);
}

static void
test_rubber_band (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 220, 120);
  OrrBlock *c = add_block (f, "Gain", 420, 320);
  g_autoptr (GPtrArray) selected = NULL;

  drag (f, 60, 60, 260, 180, 0);
  selected = orr_canvas_get_selected_blocks (f->canvas);
  g_assert_cmpuint (selected->len, ==, 2);
  g_assert_true (g_ptr_array_find (selected, a, NULL));
  g_assert_true (g_ptr_array_find (selected, b, NULL));
  g_clear_pointer (&selected, g_ptr_array_unref);

  /* with shift, the band adds */
  drag (f, 380, 280, 470, 370, GDK_SHIFT_MASK);
  selected = orr_canvas_get_selected_blocks (f->canvas);
  g_assert_cmpuint (selected->len, ==, 3);
  g_assert_true (g_ptr_array_find (selected, c, NULL));
  g_clear_pointer (&selected, g_ptr_array_unref);

  /* a band that only touches a block does not take it */
  drag (f, 60, 60, 130, 130, 0);
  selected = orr_canvas_get_selected_blocks (f->canvas);
  g_assert_cmpuint (selected->len, ==, 0);

  /* selecting changes nothing in the model */
  g_assert_cmpstr (orr_model_get_undo_description (f->model), ==, "Add Block");
}

static void
test_resize (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);

  /* the bottom-right handle of the selected block */
  drag (f, 140, 140, 163, 178, 0);
  g_assert_cmpfloat (a->geometry.x, ==, 100);
  g_assert_cmpfloat (a->geometry.y, ==, 100);
  g_assert_cmpfloat (a->geometry.width, ==, 60);
  g_assert_cmpfloat (a->geometry.height, ==, 80);
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpfloat (a->geometry.width, ==, 40);
  g_assert_cmpfloat (a->geometry.height, ==, 40);
}

static gboolean
route_is_orthogonal (GArray *route)
{
  for (guint i = 0; i + 1 < route->len; i++)
    {
      OrrPoint *p = &g_array_index (route, OrrPoint, i),
               *q = &g_array_index (route, OrrPoint, i + 1);
      if (fabs (p->x - q->x) > 1e-9 && fabs (p->y - q->y) > 1e-9)
        return FALSE;
    }
  return TRUE;
}

static void
test_link_segment_drag (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 220);
  g_autoptr (GArray) route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  OrrCanvasPort out, in;
  OrrLink *link;
  double mid_x = -1;

  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_IN);
  link = g_ptr_array_index (orr_model_get_root (f->model)->links, 0);
  g_assert_true (orr_canvas_block_port (a, ORR_PORT_OUT, 1, &out));
  g_assert_true (orr_canvas_block_port (b, ORR_PORT_IN, 1, &in));

  /* the automatic route: out of a to the right, down, into b */
  g_assert_cmpuint (orr_canvas_link_route (link, a, b, route), ==, 4);
  g_assert_true (route_is_orthogonal (route));
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 0).x, ==, out.anchor.x);
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 3).x, ==, in.anchor.x);
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 1).x, ==,
                     g_array_index (route, OrrPoint, 2).x);
  mid_x = g_array_index (route, OrrPoint, 1).x;
  g_assert_cmpfloat (mid_x, >, out.anchor.x);
  g_assert_cmpfloat (mid_x, <, in.anchor.x);

  /* drag the vertical segment 40 px right */
  drag (f, mid_x, 170, mid_x + 40, 172, 0);
  g_assert_nonnull (link->points);
  g_assert_cmpuint (link->points->len, ==, 2);
  g_assert_cmpfloat (g_array_index (link->points, OrrPoint, 0).x, ==, mid_x + 40);
  g_assert_cmpfloat (g_array_index (link->points, OrrPoint, 1).x, ==, mid_x + 40);
  orr_canvas_link_route (link, a, b, route);
  g_assert_true (route_is_orthogonal (route));
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 0).y, ==, out.anchor.y);
  g_assert_cmpfloat (g_array_index (route, OrrPoint, route->len - 1).y, ==, in.anchor.y);

  /* the bend points follow the block when it moves: still orthogonal */
  orr_model_move_block (f->model, b, 300, 260);
  orr_canvas_link_route (link, a, b, route);
  g_assert_true (route_is_orthogonal (route));

  g_assert_true (orr_model_undo (f->model));
  g_assert_true (orr_model_undo (f->model));
  g_assert_true (link->points == NULL || link->points->len == 0);

  /* the first segment, which ends on a's port, moves without moving the
   * port's end: a stub stays at the port */
  drag (f, 180, out.anchor.y, 180, out.anchor.y + 30, 0);
  orr_canvas_link_route (link, a, b, route);
  g_assert_true (route_is_orthogonal (route));
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 0).x, ==, out.anchor.x);
  g_assert_cmpfloat (g_array_index (route, OrrPoint, 0).y, ==, out.anchor.y);
  g_assert_cmpuint (link->points->len, >, 0);
}

static void
test_branch_from_link (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrBlock *c = add_block (f, "Gain", 320, 320);
  OrrLink *branch;
  double x1, y1;

  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_IN);
  /* ctrl-drag from the middle of the link to c's input */
  port_point (f, c, ORR_PORT_IN, 1, &x1, &y1);
  drag (f, 220, 120, x1, y1, GDK_CONTROL_MASK);
  g_assert_cmpuint (n_links (f), ==, 2);
  branch = g_ptr_array_index (orr_model_get_root (f->model)->links, 1);
  g_assert_cmpstr (branch->from.block, ==, a->id);
  g_assert_cmpuint (branch->from.port, ==, 1);
  g_assert_cmpstr (branch->to.block, ==, c->id);

  /* it leaves the parent where it was taken (x = 220, on the link's line
   * y = 120) and goes straight down from there, orthogonally, to c */
  {
    g_autoptr (GArray) route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
    gboolean left_at_press = FALSE;

    orr_canvas_link_route (branch, a, c, route);
    g_assert_true (route_is_orthogonal (route));
    for (guint k = 1; k + 1 < route->len; k++)
      {
        const OrrPoint *p = &g_array_index (route, OrrPoint, k);
        const OrrPoint *q = &g_array_index (route, OrrPoint, k + 1);

        if (p->x == 220 && p->y == 120 && q->x == 220 && q->y > 120)
          left_at_press = TRUE;
      }
    g_assert_true (left_at_press);
    /* one undo takes the branch and its route away together */
    g_assert_true (orr_model_undo (f->model));
    g_assert_cmpuint (n_links (f), ==, 1);
    g_assert_true (orr_model_redo (f->model));
    g_assert_cmpuint (n_links (f), ==, 2);
  }

  /* a branch to a block behind b, whose input row passes through b, goes
   * around b: no segment of its route crosses b's frame */
  {
    OrrBlock *d = add_block (f, "Gain", 520, 130);
    g_autoptr (GArray) route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
    OrrRect frame;

    port_point (f, d, ORR_PORT_IN, 1, &x1, &y1);
    drag (f, 240, 120, x1, y1, GDK_CONTROL_MASK);
    g_assert_cmpuint (n_links (f), ==, 3);
    branch = g_ptr_array_index (orr_model_get_root (f->model)->links, 2);
    g_assert_cmpstr (branch->to.block, ==, d->id);
    orr_canvas_link_route (branch, a, d, route);
    g_assert_true (route_is_orthogonal (route));
    orr_canvas_block_frame (b, &frame);
    for (guint k = 1; k < route->len; k++)
      {
        const OrrPoint *p = &g_array_index (route, OrrPoint, k - 1);
        const OrrPoint *q = &g_array_index (route, OrrPoint, k);
        OrrRect seg
          = { MIN (p->x, q->x), MIN (p->y, q->y), fabs (p->x - q->x), fabs (p->y - q->y) };

        if (k == 1)
          continue; /* the shared stretch along the parent, into b's port */
        g_assert_false (orr_canvas_rect_intersects (&seg, &frame));
      }
    g_assert_true (orr_model_undo (f->model));
  }

  /* a plain click on a link selects it */
  click (f, 220, 120, 0);
  {
    g_autoptr (GPtrArray) links = orr_canvas_get_selected_links (f->canvas);
    g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (f->canvas);
    g_assert_cmpuint (links->len, ==, 1);
    g_assert_cmpuint (blocks->len, ==, 0);
  }
}

static void
on_activated (OrrCanvas *canvas, OrrBlock *block, OrrBlock **out)
{
  *out = block;
}

static void
test_select_activate_accessible (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *activated = NULL;
  char *problem;

  g_signal_connect (f->canvas, "block-activated", G_CALLBACK (on_activated), &activated);
  orr_canvas_unselect_all (f->canvas);
  problem = gtk_test_accessible_check_property (
    GTK_ACCESSIBLE (f->canvas), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Nothing selected");
  g_assert_null (problem);
  click (f, 120, 120, 0);
  problem = gtk_test_accessible_check_property (
    GTK_ACCESSIBLE (f->canvas), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Selected: Gain1 (Gain)");
  g_assert_null (problem);
  g_assert_true (
    gtk_test_accessible_has_role (GTK_ACCESSIBLE (f->canvas), GTK_ACCESSIBLE_ROLE_GROUP));

  orr_canvas_test_double_click (f->canvas, 120, 120);
  g_assert_true (activated == a);
  activated = NULL;
  orr_canvas_test_double_click (f->canvas, 500, 500);
  g_assert_null (activated);
}

static void
test_copy_paste (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  g_autofree char *fragment = NULL;
  g_autoptr (GPtrArray) pasted = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;

  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_IN);
  /* whatever the display's pointer does, paste as if it were elsewhere */
  f->canvas->pointer_inside = FALSE;
  orr_canvas_unselect_all (f->canvas);
  g_assert_null (orr_canvas_copy_selection (f->canvas, &length));
  orr_canvas_select_all (f->canvas);
  fragment = orr_canvas_copy_selection (f->canvas, &length);
  g_assert_nonnull (fragment);
  g_assert_cmpuint (length, >, 0);

  g_assert_true (orr_canvas_paste (f->canvas, fragment, length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_blocks (f), ==, 4);
  g_assert_cmpuint (n_links (f), ==, 2);
  pasted = orr_canvas_get_selected_blocks (f->canvas);
  g_assert_cmpuint (pasted->len, ==, 2);
  for (guint i = 0; i < pasted->len; i++)
    {
      OrrBlock *p = g_ptr_array_index (pasted, i);
      OrrBlock *original = i == 0 ? a : b;
      g_assert_cmpstr (p->id, !=, a->id);
      g_assert_cmpstr (p->id, !=, b->id);
      g_assert_cmpstr (p->type, ==, "Gain");
      /* the pointer is outside: one step down and right */
      g_assert_cmpfloat (p->geometry.x, ==, original->geometry.x + 20);
      g_assert_cmpfloat (p->geometry.y, ==, original->geometry.y + 20);
    }
  /* the pasted link joins the pasted blocks */
  {
    OrrLink *l = g_ptr_array_index (orr_model_get_root (f->model)->links, 1);
    g_assert_cmpstr (l->from.block, ==, ((OrrBlock *)g_ptr_array_index (pasted, 0))->id);
    g_assert_cmpstr (l->to.block, ==, ((OrrBlock *)g_ptr_array_index (pasted, 1))->id);
  }

  /* a second paste lands further on */
  g_assert_true (orr_canvas_paste (f->canvas, fragment, length, NULL));
  g_assert_cmpuint (n_blocks (f), ==, 6);
  g_assert_cmpfloat (
    ((OrrBlock *)g_ptr_array_index (orr_model_get_root (f->model)->blocks, 4))->geometry.x, ==,
    a->geometry.x + 40);

  g_assert_true (orr_model_undo (f->model));
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (n_blocks (f), ==, 2);
  g_assert_cmpuint (n_links (f), ==, 1);

  /* a bad fragment changes nothing */
  g_assert_false (orr_canvas_paste (f->canvas, "<nonsense", 9, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (n_blocks (f), ==, 2);

  /* duplicate: the same, in one call; the copy gets a name of its own,
   * the next number on the original's stem */
  orr_model_set_block_label (f->model, a, "Gain7");
  orr_model_set_block_label (f->model, b, "Gain1");
  orr_canvas_select_block (f->canvas, a, FALSE);
  orr_canvas_duplicate_selection (f->canvas);
  g_assert_cmpuint (n_blocks (f), ==, 3);
  {
    OrrBlock *copy = g_ptr_array_index (orr_model_get_root (f->model)->blocks, 2);

    g_assert_cmpstr (copy->label, ==, "Gain2");
    orr_model_set_block_label (f->model, copy, "Ball");
    orr_model_set_block_label (f->model, a, "Ball");
    orr_canvas_select_block (f->canvas, a, FALSE);
    orr_canvas_duplicate_selection (f->canvas);
    copy = g_ptr_array_index (orr_model_get_root (f->model)->blocks, 3);
    g_assert_cmpstr (copy->label, ==, "Ball1");
    /* one undo takes the copy and its name away */
    g_assert_true (orr_model_undo (f->model));
    g_assert_cmpuint (n_blocks (f), ==, 3);
  }
}

static void
test_delete_rotate_flip (Fixture *f, gconstpointer data)
{
  OrrBlock *a = add_block (f, "Gain", 120, 120);
  OrrBlock *b = add_block (f, "Gain", 320, 120);
  OrrCanvasPort out;
  OrrRect frame;

  drag_port_to_port (f, a, ORR_PORT_OUT, b, ORR_PORT_IN);
  orr_canvas_select_block (f->canvas, a, FALSE);
  orr_canvas_rotate_selection (f->canvas);
  g_assert_cmpint (a->rotation, ==, 90);
  /* clockwise: the output now points down, below the frame */
  g_assert_true (orr_canvas_block_port (a, ORR_PORT_OUT, 1, &out));
  orr_canvas_block_frame (a, &frame);
  g_assert_cmpfloat (out.dy, >, 0.99);
  g_assert_cmpfloat (out.anchor.y, >, frame.y + frame.height);
  orr_canvas_flip_selection (f->canvas);
  g_assert_true (a->flip);
  g_assert_true (orr_model_undo (f->model));
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpint (a->rotation, ==, 0);
  g_assert_false (a->flip);

  orr_canvas_delete_selection (f->canvas);
  g_assert_cmpuint (n_blocks (f), ==, 1);
  g_assert_cmpuint (n_links (f), ==, 0);
  {
    g_autoptr (GPtrArray) selected = orr_canvas_get_selected_blocks (f->canvas);
    g_assert_cmpuint (selected->len, ==, 0);
  }
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (n_blocks (f), ==, 2);
  g_assert_cmpuint (n_links (f), ==, 1);
  /* the restored block is found again by the hit test */
  g_assert_true (orr_canvas_block_at (f->canvas, 120, 120) == a);

  /* deleting a selected link alone keeps its blocks */
  click (f, 220, 120, 0);
  orr_canvas_delete_selection (f->canvas);
  g_assert_cmpuint (n_blocks (f), ==, 2);
  g_assert_cmpuint (n_links (f), ==, 0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func)                                                                            \
  g_test_add ("/canvas/tools/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("drop", test_drop_inserts_block);
  ADD ("connect", test_connect);
  ADD ("connect-refused", test_connect_refused);
  ADD ("move", test_move_snaps_and_undoes);
  ADD ("rubber-band", test_rubber_band);
  ADD ("resize", test_resize);
  ADD ("link-segment", test_link_segment_drag);
  ADD ("branch", test_branch_from_link);
  ADD ("select-activate-accessible", test_select_activate_accessible);
  ADD ("copy-paste", test_copy_paste);
  ADD ("delete-rotate-flip", test_delete_rotate_flip);
#undef ADD
  return g_test_run ();
}
