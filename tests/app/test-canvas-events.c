/* test-canvas-events.c: the editor driven by real input events. The
 * window's controllers (palette list, canvas tools, shortcuts) receive
 * pointer and key events the X server makes up through XTest, exactly as
 * from a mouse and a keyboard, and the test checks what they did to the
 * model: add a block from the palette, connect two ports, move a block
 * onto the grid, rubber-band select, undo and redo by keys, copy and
 * paste, delete, and a link turning aside for a block dragged onto it. GTK has no API to inject
 * events, hence X11 and XTest; the test skips (77) on another backend, without a display or a
 * session bus. It moves the one pointer of the display: never run in parallel. */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-canvas-private.h"
#include "orr-scopes-pane.h"
#include "orr-window-private.h"
#include "orr-window.h"

#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <gdk/x11/gdkx.h>
#include <math.h>
#include <string.h>

/* How long a step may take before the test gives up: generous, the
 * display is shared with a parallel build. */
#define TIMEOUT_MS 10000

typedef struct
{
  OrrApplication *app;
  OrrWindow *window;
  OrrCanvas *canvas;
  OrrModel *model;
  Display *display;
  OrrBlock *a, *b; /* two Gains on one row, for the tool tests */
} Fixture;

typedef gboolean (*Condition) (Fixture *f, gconstpointer data);

/* Iterates the main context until cond holds; fails with what was awaited
 * after TIMEOUT_MS. */
static void
wait_until (Fixture *f, Condition cond, gconstpointer data, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;

  while (!cond (f, data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out after %d ms waiting for %s", TIMEOUT_MS, what);
      /* the X server answers on the socket: poll it, do not block */
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
}

/* Lets GTK take in whatever the server has sent so far. */
static void
settle (Fixture *f, guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  XSync (f->display, False);
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

/* ---- where things are on the screen -------------------------------------------- */

/* Widget coordinates of widget to root window coordinates. */
static void
widget_to_screen (Fixture *f, GtkWidget *widget, double wx, double wy, int *sx, int *sy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t p;
  double tx, ty;
  int rx, ry;
  Window child;

  g_assert_true (
    gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (wx, wy), &p));
  /* the surface holds the window's shadow too: its origin is not the
   * widget's */
  gtk_native_get_surface_transform (native, &tx, &ty);
  XTranslateCoordinates (f->display, gdk_x11_surface_get_xid (surface),
                         DefaultRootWindow (f->display), 0, 0, &rx, &ry, &child);
  *sx = rx + (int)lround (p.x + tx);
  *sy = ry + (int)lround (p.y + ty);
}

static void
model_to_screen (Fixture *f, double mx, double my, int *sx, int *sy)
{
  double wx, wy;

  orr_canvas_model_to_widget (f->canvas, mx, my, &wx, &wy);
  widget_to_screen (f, GTK_WIDGET (f->canvas), wx, wy, sx, sy);
}

/* ---- what the mouse and the keyboard do ----------------------------------------- */

static void
pointer_to (Fixture *f, int x, int y)
{
  XTestFakeMotionEvent (f->display, -1, x, y, CurrentTime);
  settle (f, 20);
}

static void
button (Fixture *f, guint number, gboolean press)
{
  XTestFakeButtonEvent (f->display, number, press, CurrentTime);
  settle (f, 20);
}

static void
click_at (Fixture *f, int x, int y, int n_clicks)
{
  pointer_to (f, x, y);
  for (int i = 0; i < n_clicks; i++)
    {
      button (f, 1, TRUE);
      button (f, 1, FALSE);
    }
}

/* Press, move in steps (past the drag threshold, each one seen by the
 * gesture), release. */
static void
drag (Fixture *f, int x0, int y0, int x1, int y1)
{
  const int steps = 8;

  pointer_to (f, x0, y0);
  button (f, 1, TRUE);
  for (int i = 1; i <= steps; i++)
    pointer_to (f, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
  settle (f, 50);
  button (f, 1, FALSE);
  settle (f, 50);
}

static void
key (Fixture *f, KeySym keysym, gboolean press)
{
  KeyCode code = XKeysymToKeycode (f->display, keysym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (f->display, code, press, CurrentTime);
  settle (f, 10);
}

/* A key with modifiers held (XK_Control_L, XK_Shift_L; 0 ends). */
static void
shortcut (Fixture *f, KeySym keysym, KeySym mod1, KeySym mod2)
{
  if (mod1 != 0)
    key (f, mod1, TRUE);
  if (mod2 != 0)
    key (f, mod2, TRUE);
  key (f, keysym, TRUE);
  key (f, keysym, FALSE);
  if (mod2 != 0)
    key (f, mod2, FALSE);
  if (mod1 != 0)
    key (f, mod1, FALSE);
}

static void
type_text (Fixture *f, const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    {
      char name[2] = { *c, '\0' };
      KeySym keysym = XStringToKeysym (name);
      key (f, keysym, TRUE);
      key (f, keysym, FALSE);
    }
}

/* ---- conditions ---------------------------------------------------------------------- */

static gboolean
window_ready (Fixture *f, gconstpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (f->window))
         && gtk_window_is_active (GTK_WINDOW (f->window))
         && gtk_widget_get_width (GTK_WIDGET (f->canvas)) > 100;
}

static gboolean
n_blocks_is (Fixture *f, gconstpointer data)
{
  return orr_model_get_root (f->model)->blocks->len == GPOINTER_TO_UINT (data);
}

static gboolean
n_links_is (Fixture *f, gconstpointer data)
{
  return orr_model_get_root (f->model)->links->len == GPOINTER_TO_UINT (data);
}

static gboolean
n_selected_is (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) selected = orr_canvas_get_selected_blocks (f->canvas);
  return selected->len == GPOINTER_TO_UINT (data);
}

static gboolean
a_is_at (Fixture *f, gconstpointer data)
{
  const OrrPoint *p = data;
  return fabs (f->a->geometry.x - p->x) < 1e-9 && fabs (f->a->geometry.y - p->y) < 1e-9;
}

/* ---- fixture ------------------------------------------------------------------------ */

/* No window manager under Xvfb: the test gives the window the focus
 * itself, again until GTK says it is active (the first request may come
 * before the server has mapped the window). */
static void
focus_window (Fixture *f)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (f->window));
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_MS * 1000;

  while (!window_ready (f, NULL))
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out after %d ms waiting for the window to be mapped, focused and laid out",
                 TIMEOUT_MS);
      if (surface != NULL)
        {
          gdk_x11_display_error_trap_push (display);
          XSetInputFocus (f->display, gdk_x11_surface_get_xid (surface), RevertToParent,
                          CurrentTime);
          gdk_x11_display_error_trap_pop_ignored (display);
        }
      settle (f, 50);
    }
}

/* An empty model in a window that has the focus. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = orr_model_new ();

  f->app = g_object_ref (ORR_APPLICATION ((gpointer)data));
  f->window = orr_window_new (f->app, model, NULL);
  f->model = orr_window_get_model (f->window);
  f->canvas = orr_window_get_canvas (f->window);
  f->display = gdk_x11_display_get_xdisplay (gtk_widget_get_display (GTK_WIDGET (f->window)));
  /* all of it on the screen, whatever size xvfb-run gave the screen */
  gtk_window_set_default_size (GTK_WINDOW (f->window),
                               MIN (1000, DisplayWidth (f->display, DefaultScreen (f->display))),
                               MIN (700, DisplayHeight (f->display, DefaultScreen (f->display))));
  gtk_window_present (GTK_WINDOW (f->window));
  focus_window (f);
  settle (f, 100);
}

/* Two Gains 200 apart on one row, in view at zoom 1, nothing selected. */
static void
fixture_set_up_blocks (Fixture *f, gconstpointer data)
{
  OrrDiagram *root;

  fixture_set_up (f, data);
  root = orr_model_get_root (f->model);
  orr_model_begin (f->model, "set up");
  f->a = orr_model_add_block (f->model, root, "Gain", &(OrrRect){ 100, 100, 40, 40 });
  f->b = orr_model_add_block (f->model, root, "Gain", &(OrrRect){ 300, 100, 40, 40 });
  orr_model_set_port_count (f->model, f->a, ORR_PORT_IN, 1);
  orr_model_set_port_count (f->model, f->a, ORR_PORT_OUT, 1);
  orr_model_set_port_count (f->model, f->b, ORR_PORT_IN, 1);
  orr_model_set_port_count (f->model, f->b, ORR_PORT_OUT, 1);
  orr_model_commit (f->model);
  orr_canvas_set_zoom (f->canvas, 1.0, 0, 0);
  orr_canvas_show_rect (f->canvas, &(OrrRect){ 50, 50, 350, 150 });
  orr_canvas_unselect_all (f->canvas);
  settle (f, 50);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  /* nothing left pressed for the next test */
  XTestFakeButtonEvent (f->display, 1, False, CurrentTime);
  XSync (f->display, False);
  orr_window_close_confirmed (f->window);
  settle (f, 50);
  g_clear_object (&f->app);
}

/* ---- tests ------------------------------------------------------------------------------ */

/* The first mapped widget under widget that match accepts, depth first. */
static GtkWidget *
find_widget (GtkWidget *widget, gboolean (*match) (GtkWidget *, gconstpointer), gconstpointer data)
{
  if (gtk_widget_get_mapped (widget) && match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label showing text: a palette row's, once the list shows it. */
static gboolean
is_label (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
is_search_entry (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_SEARCH_ENTRY (widget);
}

static GtkWidget *
find_label (Fixture *f, const char *text)
{
  return find_widget (GTK_WIDGET (f->window), is_label, text);
}

static gboolean
label_shown (Fixture *f, gconstpointer data)
{
  return find_label (f, data) != NULL;
}

static OrrBlock *
last_block (Fixture *f)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  return g_ptr_array_index (root->blocks, root->blocks->len - 1);
}

/* Typing in the palette's search, then a double click on the row adds
 * the block; dragging a row onto the canvas adds one where it is
 * dropped. */
static void
test_palette (Fixture *f, gconstpointer data)
{
  GtkWidget *entry = find_widget (GTK_WIDGET (f->window), is_search_entry, NULL);
  GtkWidget *label;
  OrrBlock *block;
  int x, y, cx, cy;
  double mx, my;

  g_assert_nonnull (entry);
  g_assert_cmpuint (orr_model_get_root (f->model)->blocks->len, ==, 0);
  widget_to_screen (f, entry, gtk_widget_get_width (entry) / 2.0,
                    gtk_widget_get_height (entry) / 2.0, &x, &y);
  click_at (f, x, y, 1);
  type_text (f, "gain");
  wait_until (f, label_shown, "Gain", "the palette to list Gain");
  settle (f, 300); /* the search runs after a short delay: let it finish */
  label = find_label (f, "Gain");
  widget_to_screen (f, label, 10, gtk_widget_get_height (label) / 2.0, &x, &y);
  click_at (f, x, y, 2);
  wait_until (f, n_blocks_is, GUINT_TO_POINTER (1), "a double click on Gain to add a block");
  g_assert_cmpstr (last_block (f)->type, ==, "Gain");

  /* a drag from the row to a point of the canvas */
  cx = gtk_widget_get_width (GTK_WIDGET (f->canvas)) / 4;
  cy = gtk_widget_get_height (GTK_WIDGET (f->canvas)) * 3 / 4;
  label = find_label (f, "Gain");
  widget_to_screen (f, label, 10, gtk_widget_get_height (label) / 2.0, &x, &y);
  {
    int tx, ty;
    widget_to_screen (f, GTK_WIDGET (f->canvas), cx, cy, &tx, &ty);
    drag (f, x, y, tx, ty);
  }
  wait_until (f, n_blocks_is, GUINT_TO_POINTER (2), "a Gain dragged onto the canvas");
  block = last_block (f);
  g_assert_cmpstr (block->type, ==, "Gain");
  /* centred on the drop point, give or take the grid */
  orr_canvas_widget_to_model (f->canvas, cx, cy, &mx, &my);
  g_assert_cmpfloat_with_epsilon (block->geometry.x + block->geometry.width / 2, mx,
                                  ORR_CANVAS_GRID);
  g_assert_cmpfloat_with_epsilon (block->geometry.y + block->geometry.height / 2, my,
                                  ORR_CANVAS_GRID);
}

/* A drag from a's output to b's input connects them. */
static void
test_connect (Fixture *f, gconstpointer data)
{
  OrrCanvasPort from, to;
  OrrLink *link;
  int x0, y0, x1, y1;

  g_assert_true (orr_canvas_block_port (f->a, ORR_PORT_OUT, 1, &from));
  g_assert_true (orr_canvas_block_port (f->b, ORR_PORT_IN, 1, &to));
  /* the middle of each port's triangle */
  model_to_screen (f, (from.base.x + from.anchor.x) / 2, from.anchor.y, &x0, &y0);
  model_to_screen (f, (to.base.x + to.anchor.x) / 2, to.anchor.y, &x1, &y1);
  drag (f, x0, y0, x1, y1);
  wait_until (f, n_links_is, GUINT_TO_POINTER (1), "the drag between the ports to connect");
  link = g_ptr_array_index (orr_model_get_root (f->model)->links, 0);
  g_assert_cmpstr (link->from.block, ==, f->a->id);
  g_assert_cmpint (link->from.kind, ==, ORR_PORT_OUT);
  g_assert_cmpuint (link->from.port, ==, 1);
  g_assert_cmpstr (link->to.block, ==, f->b->id);
  g_assert_cmpint (link->to.kind, ==, ORR_PORT_IN);
  g_assert_cmpuint (link->to.port, ==, 1);
  app_test_keep_picture_of (GTK_WIDGET (f->window), "canvas-events-connect");
}

/* Dragging a block moves it by the pointer's way, snapped to the grid;
 * Ctrl+Z puts it back, Ctrl+Shift+Z moves it again. */
static void
test_move_undo_redo (Fixture *f, gconstpointer data)
{
  double zoom = orr_canvas_get_zoom (f->canvas);
  /* 53 and 27 pixels: 5.3 and 2.7 grid steps at zoom 1, far from a tie */
  const int dx = 53, dy = 27;
  OrrPoint start = { f->a->geometry.x, f->a->geometry.y };
  OrrPoint moved = { orr_canvas_snap (start.x + dx / zoom), orr_canvas_snap (start.y + dy / zoom) };
  int x, y;

  g_assert_cmpfloat (fabs (moved.x - start.x), >, 0);
  model_to_screen (f, start.x + 20, start.y + 20, &x, &y);
  drag (f, x, y, x + dx, y + dy);
  wait_until (f, a_is_at, &moved, "the dragged block to land on the grid");
  g_assert_cmpfloat (fmod (f->a->geometry.x, ORR_CANVAS_GRID), ==, 0);

  shortcut (f, XK_z, XK_Control_L, 0);
  wait_until (f, a_is_at, &start, "Ctrl+Z to put the block back");
  shortcut (f, XK_z, XK_Control_L, XK_Shift_L);
  wait_until (f, a_is_at, &moved, "Ctrl+Shift+Z to move it again");
}

/* A drag on the empty canvas selects the blocks inside the band, only
 * those. */
static void
test_rubber_band (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) selected = NULL;
  int x0, y0, x1, y1;

  /* around a only, then around both */
  model_to_screen (f, 70, 70, &x0, &y0);
  model_to_screen (f, 170, 170, &x1, &y1);
  drag (f, x0, y0, x1, y1);
  wait_until (f, n_selected_is, GUINT_TO_POINTER (1), "the band to select one block");
  selected = orr_canvas_get_selected_blocks (f->canvas);
  g_assert_true (g_ptr_array_index (selected, 0) == f->a);

  model_to_screen (f, 370, 170, &x1, &y1);
  drag (f, x0, y0, x1, y1);
  wait_until (f, n_selected_is, GUINT_TO_POINTER (2), "the band to select both blocks");
}

/* Click a block, Ctrl+C, Ctrl+V: a copy of it; Delete removes the
 * selection (the pasted copy), Ctrl+Z brings it back. */
static void
test_copy_paste_delete (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) selected = NULL;
  OrrBlock *copy;
  int x, y;

  model_to_screen (f, f->a->geometry.x + 20, f->a->geometry.y + 20, &x, &y);
  click_at (f, x, y, 1);
  wait_until (f, n_selected_is, GUINT_TO_POINTER (1), "a click to select the block");
  selected = orr_canvas_get_selected_blocks (f->canvas);
  g_assert_true (g_ptr_array_index (selected, 0) == f->a);

  /* paste lands near the pointer: keep it over the canvas, off a */
  model_to_screen (f, 200, 250, &x, &y);
  pointer_to (f, x, y);
  shortcut (f, XK_c, XK_Control_L, 0);
  shortcut (f, XK_v, XK_Control_L, 0);
  wait_until (f, n_blocks_is, GUINT_TO_POINTER (3), "Ctrl+C, Ctrl+V to paste a copy");
  copy = last_block (f);
  g_assert_true (copy != f->a && copy != f->b);
  g_assert_cmpstr (copy->type, ==, "Gain");
  g_assert_cmpstr (copy->id, !=, f->a->id);
  g_assert_cmpfloat (copy->geometry.width, ==, f->a->geometry.width);

  /* the paste selected the copy: Delete removes it, not a */
  wait_until (f, n_selected_is, GUINT_TO_POINTER (1), "the pasted block to be selected");
  shortcut (f, XK_Delete, 0, 0);
  wait_until (f, n_blocks_is, GUINT_TO_POINTER (2), "Delete to remove the pasted block");
  g_assert_true (g_ptr_array_index (orr_model_get_root (f->model)->blocks, 0) == f->a);
  g_assert_true (g_ptr_array_index (orr_model_get_root (f->model)->blocks, 1) == f->b);

  shortcut (f, XK_z, XK_Control_L, 0);
  wait_until (f, n_blocks_is, GUINT_TO_POINTER (3), "Ctrl+Z to bring the deleted block back");
}

static gboolean
block_is_at (Fixture *f, gconstpointer data)
{
  const OrrRect *want = data;
  OrrBlock *block = last_block (f);
  return fabs (block->geometry.x - want->x) < 1e-9 && fabs (block->geometry.y - want->y) < 1e-9;
}

/* A block dragged between two connected blocks turns their link aside:
 * no segment of the drawn route enters its frame, grown by the router's
 * margin; dragged away again, the link runs straight. */
static void
test_route_around_dragged_block (Fixture *f, gconstpointer data)
{
  OrrEndpoint from = { f->a->id, ORR_PORT_OUT, 1 }, to = { f->b->id, ORR_PORT_IN, 1 };
  OrrRect in_the_way = { 200, 100, 40, 40 }, aside = { 200, 300, 40, 40 }, margin;
  OrrBlock *c;
  OrrLink *link;
  const GArray *route;
  int x, y;

  orr_model_begin (f->model, "set up");
  link = orr_model_connect (f->model, orr_model_get_root (f->model), &from, &to, NULL);
  c = orr_model_add_block (f->model, orr_model_get_root (f->model), "Gain", &aside);
  orr_model_set_port_count (f->model, c, ORR_PORT_IN, 1);
  orr_model_set_port_count (f->model, c, ORR_PORT_OUT, 1);
  orr_model_commit (f->model);
  orr_canvas_show_rect (f->canvas, &(OrrRect){ 50, 50, 350, 300 });
  settle (f, 50);
  g_assert_cmpuint (orr_canvas_route_of (f->canvas, link)->len, ==, 2);

  /* grab c by its middle and put it 200 higher, on the link */
  model_to_screen (f, 220, 320, &x, &y);
  {
    int x1, y1;
    model_to_screen (f, 220, 120, &x1, &y1);
    drag (f, x, y, x1, y1);
  }
  wait_until (f, block_is_at, &in_the_way, "the block to land between the two");
  route = orr_canvas_route_of (f->canvas, link);
  g_assert_cmpuint (route->len, >, 2);
  margin = (OrrRect){ in_the_way.x - ORR_CANVAS_ROUTE_MARGIN + 1e-6,
                      in_the_way.y - ORR_CANVAS_ROUTE_MARGIN + 1e-6,
                      in_the_way.width + 2 * ORR_CANVAS_ROUTE_MARGIN - 2e-6,
                      in_the_way.height + 2 * ORR_CANVAS_ROUTE_MARGIN - 2e-6 };
  for (guint i = 1; i < route->len; i++)
    {
      const OrrPoint *p = &g_array_index (route, OrrPoint, i - 1);
      const OrrPoint *q = &g_array_index (route, OrrPoint, i);
      OrrRect segment
        = { MIN (p->x, q->x), MIN (p->y, q->y), fabs (q->x - p->x), fabs (q->y - p->y) };
      g_assert_false (orr_canvas_rect_intersects (&segment, &margin));
    }
  app_test_keep_picture_of (GTK_WIDGET (f->window), "canvas-events-route");

  shortcut (f, XK_z, XK_Control_L, 0);
  wait_until (f, block_is_at, &aside, "Ctrl+Z to take the block back out of the way");
  g_assert_cmpuint (orr_canvas_route_of (f->canvas, link)->len, ==, 2);
}

/* ---- context menus ------------------------------------------------------------------- */

static gboolean
is_popover_menu (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_POPOVER_MENU (widget);
}

/* The canvas's context menu once it is on screen (NULL while it is not). */
static GtkWidget *
context_menu (Fixture *f)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->canvas)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (is_popover_menu (child, NULL) && gtk_widget_get_mapped (child))
      return child;
  return NULL;
}

static gboolean
menu_item_shown (Fixture *f, gconstpointer text)
{
  GtkWidget *menu = context_menu (f);
  return menu != NULL && find_widget (menu, is_label, text) != NULL;
}

static gboolean
menu_closed (Fixture *f, gconstpointer data)
{
  return context_menu (f) == NULL;
}

static void
right_click_at (Fixture *f, int x, int y)
{
  pointer_to (f, x, y);
  button (f, 3, TRUE);
  button (f, 3, FALSE);
}

/* Clicks the item of the open context menu labelled text. */
static void
click_menu_item (Fixture *f, const char *text)
{
  GtkWidget *label;
  int x, y;

  wait_until (f, menu_item_shown, text, text);
  label = find_widget (context_menu (f), is_label, text);
  settle (f, 100); /* the popover's own layout */
  widget_to_screen (f, label, gtk_widget_get_width (label) / 2.0,
                    gtk_widget_get_height (label) / 2.0, &x, &y);
  click_at (f, x, y, 1);
  wait_until (f, menu_closed, NULL, "the menu to close after its item");
}

static gboolean
b_rotated (Fixture *f, gconstpointer data)
{
  return f->b->rotation == 90;
}

/* A right click opens the menu of what is under the pointer, and its
 * items act on that: Rotate on the block clicked (not the other one),
 * Delete Link on the link, Select All on the empty canvas. */
static void
test_context_menus (Fixture *f, gconstpointer data)
{
  OrrEndpoint from = { f->a->id, ORR_PORT_OUT, 1 }, to = { f->b->id, ORR_PORT_IN, 1 };
  const GArray *route;
  OrrPoint mid;
  int x, y;

  /* a is selected; the click on b acts on b alone */
  orr_canvas_select_block (f->canvas, f->a, FALSE);
  model_to_screen (f, f->b->geometry.x + 20, f->b->geometry.y + 20, &x, &y);
  right_click_at (f, x, y);
  wait_until (f, menu_item_shown, "Block Parameters…", "the block's context menu");
  g_assert_false (menu_item_shown (f, "Select All"));
  click_menu_item (f, "Rotate");
  wait_until (f, b_rotated, NULL, "Rotate from the block's menu to turn the block");
  g_assert_cmpint (f->a->rotation, ==, 0);

  /* the link's menu: Delete Link removes it and leaves the blocks */
  g_assert_nonnull (orr_model_connect (f->model, orr_model_get_root (f->model), &from, &to, NULL));
  settle (f, 50);
  route
    = orr_canvas_route_of (f->canvas, g_ptr_array_index (orr_model_get_root (f->model)->links, 0));
  g_assert_nonnull (route);
  mid.x = (g_array_index (route, OrrPoint, 0).x + g_array_index (route, OrrPoint, 1).x) / 2;
  mid.y = (g_array_index (route, OrrPoint, 0).y + g_array_index (route, OrrPoint, 1).y) / 2;
  model_to_screen (f, mid.x, mid.y, &x, &y);
  right_click_at (f, x, y);
  click_menu_item (f, "Delete Link");
  wait_until (f, n_links_is, GUINT_TO_POINTER (0), "Delete Link to remove the link");
  g_assert_true (n_blocks_is (f, GUINT_TO_POINTER (2)));

  /* the empty canvas: its own menu, with nothing selected */
  model_to_screen (f, 220, 260, &x, &y);
  right_click_at (f, x, y);
  wait_until (f, menu_item_shown, "Select All", "the canvas's context menu");
  g_assert_false (menu_item_shown (f, "Block Parameters…"));
  g_assert_true (n_selected_is (f, GUINT_TO_POINTER (0)));
  click_menu_item (f, "Select All");
  wait_until (f, n_selected_is, GUINT_TO_POINTER (2), "Select All from the canvas's menu");
}

/* ---- unconnected ports ------------------------------------------------------------------ */

/* The canvas as drawn, as a Cairo image of its size. */
static cairo_surface_t *
draw_canvas (Fixture *f)
{
  GtkWidget *widget = GTK_WIDGET (f->canvas);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* How many pixels around the model point look orange (red well above
 * blue, green between): the open-port mark's colour, not the black of a
 * plain port nor the blue of a selection. */
static int
orange_pixels_near (Fixture *f, cairo_surface_t *image, double mx, double my)
{
  unsigned char *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  double wx, wy;
  int n = 0;

  orr_canvas_model_to_widget (f->canvas, mx, my, &wx, &wy);
  for (int y = (int)wy - 6; y <= (int)wy + 6; y++)
    for (int x = (int)wx - 6; x <= (int)wx + 6; x++)
      {
        guint32 pixel;
        int r, g, b;

        if (x < 0 || y < 0 || x >= cairo_image_surface_get_width (image)
            || y >= cairo_image_surface_get_height (image))
          continue;
        pixel = *(guint32 *)(data + y * stride + 4 * x);
        r = (pixel >> 16) & 0xff;
        g = (pixel >> 8) & 0xff;
        b = pixel & 0xff;
        if (r > 180 && b < 90 && g > 60 && g < 190)
          n++;
      }
  return n;
}

static gboolean
problem_rows_are (Fixture *f, gconstpointer data)
{
  return label_shown (f, "input 1 is not connected: it reads 0");
}

/* Two Gains, a's output wired to b's input: a's input and b's output are
 * open. The canvas marks exactly those ports in the problem colour, and
 * Check (Ctrl+B) lists them as warnings while the model compiles. */
static void
test_unconnected_ports (Fixture *f, gconstpointer data)
{
  OrrEndpoint from = { f->a->id, ORR_PORT_OUT, 1 }, to = { f->b->id, ORR_PORT_IN, 1 };
  cairo_surface_t *image;
  OrrCanvasPort a_in, a_out, b_in, b_out;
  int x, y;

  g_assert_nonnull (orr_model_connect (f->model, orr_model_get_root (f->model), &from, &to, NULL));
  settle (f, 100);
  g_assert_true (orr_canvas_block_port (f->a, ORR_PORT_IN, 1, &a_in));
  g_assert_true (orr_canvas_block_port (f->a, ORR_PORT_OUT, 1, &a_out));
  g_assert_true (orr_canvas_block_port (f->b, ORR_PORT_IN, 1, &b_in));
  g_assert_true (orr_canvas_block_port (f->b, ORR_PORT_OUT, 1, &b_out));
  image = draw_canvas (f);
  g_assert_cmpint (orange_pixels_near (f, image, a_in.anchor.x, a_in.anchor.y), >, 10);
  g_assert_cmpint (orange_pixels_near (f, image, b_out.anchor.x, b_out.anchor.y), >, 10);
  g_assert_cmpint (orange_pixels_near (f, image, a_out.anchor.x, a_out.anchor.y), ==, 0);
  g_assert_cmpint (orange_pixels_near (f, image, b_in.anchor.x, b_in.anchor.y), ==, 0);
  cairo_surface_destroy (image);

  /* Check, by its key, with the pointer over the canvas */
  model_to_screen (f, 220, 260, &x, &y);
  click_at (f, x, y, 1);
  shortcut (f, XK_b, XK_Control_L, 0);
  wait_until (f, problem_rows_are, NULL, "Check to list the open input");
  g_assert_nonnull (find_label (f, "output 1 is not connected"));
  app_test_keep_picture_of (GTK_WIDGET (f->window), "canvas-events-unconnected");
}

/* ---- scopes: detached, and the layout from run to run ------------------------------------ */

static gboolean
is_detach_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "scope.detach")
              == 0;
}

static gboolean
has_scope (Fixture *f, gconstpointer data)
{
  return orr_scopes_pane_get_n_views (ORR_SCOPES_PANE (f->window->scopes_pane)) > 0
         && gtk_widget_get_mapped (GTK_WIDGET (f->window->scopes_scroller))
         && gtk_widget_get_width (GTK_WIDGET (f->window->scopes_scroller)) > 50;
}

static gboolean
run_state_is (Fixture *f, gconstpointer data)
{
  g_autoptr (GVariant) state
    = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "run-state");
  return g_str_equal (g_variant_get_string (state, NULL), data);
}

static gboolean
scope_detached (Fixture *f, gconstpointer data)
{
  OrrScopesPane *pane = ORR_SCOPES_PANE (f->window->scopes_pane);
  GtkWindow *window
    = orr_scopes_pane_get_n_views (pane) > 0 ? orr_scopes_pane_get_window (pane, 0) : NULL;
  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

/* The view as drawn now, as a Cairo image. */
static cairo_surface_t *
draw_widget (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint
pixels_differing (cairo_surface_t *a, cairo_surface_t *b)
{
  int w = MIN (cairo_image_surface_get_width (a), cairo_image_surface_get_width (b));
  int h = MIN (cairo_image_surface_get_height (a), cairo_image_surface_get_height (b));
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      n += *(guint32 *)(cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a)
                        + 4 * x)
           != *(guint32 *)(cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b)
                           + 4 * x);
  return n;
}

/* A Time into a Scope, run in real time for 4 s. The scope's detach
 * button (clicked with the pointer) puts it in a window of its own, where
 * it keeps drawing while the run goes on; the pane's width and the zoom
 * the user chose survive a second run, which opens the scope detached
 * again. */
static void
test_scope_detach_and_layout (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *time, *scope;
  OrrEndpoint from, to;
  OrrSettings settings;
  GtkWidget *button, *view;
  cairo_surface_t *before, *after;
  guint64 samples;
  int x, y, width, scopes_width;
  double zoom;

  /* a sine, not the time itself: y = t under autoscale looks the same at
   * every moment (a diagonal), so two pictures of it need not differ */
  time = orr_model_add_block (f->model, root, "SineWave", &(OrrRect){ 100, 100, 40, 40 });
  scope = orr_model_add_block (f->model, root, "Scope", &(OrrRect){ 250, 100, 40, 40 });
  orr_model_set_port_count (f->model, time, ORR_PORT_OUT, 1);
  orr_model_set_port_count (f->model, scope, ORR_PORT_IN, 1);
  from = (OrrEndpoint){ time->id, ORR_PORT_OUT, 1 };
  to = (OrrEndpoint){ scope->id, ORR_PORT_IN, 1 };
  g_assert_nonnull (orr_model_connect (f->model, root, &from, &to, NULL));
  orr_settings_copy (&settings, orr_model_get_settings (f->model));
  settings.final_time = 4;
  settings.realtime_factor = 1;
  orr_model_set_settings (f->model, &settings);
  orr_settings_clear (&settings);

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  wait_until (f, has_scope, NULL, "the scope of the first run");
  settle (f, 200);
  button = find_widget (GTK_WIDGET (f->window), is_detach_button, NULL);
  g_assert_nonnull (button);
  widget_to_screen (f, button, gtk_widget_get_width (button) / 2.0,
                    gtk_widget_get_height (button) / 2.0, &x, &y);
  click_at (f, x, y, 1);
  wait_until (f, scope_detached, NULL, "the scope's own window");
  g_assert_true (run_state_is (f, "running"));

  /* still drawing there: more samples, and another picture, later */
  view = GTK_WIDGET (orr_scopes_pane_get_view (ORR_SCOPES_PANE (f->window->scopes_pane), 0));
  settle (f, 300);
  samples = orr_signal_log_get_n_samples (orr_scope_view_get_log (ORR_SCOPE_VIEW (view)));
  before = draw_widget (view);
  settle (f, 800);
  after = draw_widget (view);
  g_assert_cmpuint (orr_signal_log_get_n_samples (orr_scope_view_get_log (ORR_SCOPE_VIEW (view))),
                    >, samples);
  g_assert_cmpuint (pixels_differing (before, after), >, 20);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  app_test_keep_picture_of (
    GTK_WIDGET (orr_scopes_pane_get_window (ORR_SCOPES_PANE (f->window->scopes_pane), 0)),
    "canvas-events-detached-scope");
  wait_until (f, run_state_is, "finished", "the first run to end");

  /* the user's layout: a zoom of their own, the pane as wide as they
   * left it (the scope went to its window; the pane stays) */
  orr_canvas_set_zoom (f->canvas, 1.7, 10, 10);
  width = gtk_widget_get_width (GTK_WIDGET (f->window->scopes_paned));
  gtk_paned_set_position (f->window->scopes_paned, width - 333);
  settle (f, 100);
  scopes_width = width - gtk_paned_get_position (f->window->scopes_paned);
  zoom = orr_canvas_get_zoom (f->canvas);

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  wait_until (f, scope_detached, NULL, "the second run's scope, detached again");
  wait_until (f, has_scope, NULL, "the pane of the second run");
  settle (f, 200);
  g_assert_cmpfloat (fabs (orr_canvas_get_zoom (f->canvas) - zoom), <, 1e-9);
  g_assert_cmpint (abs (width - gtk_paned_get_position (f->window->scopes_paned) - scopes_width),
                   <=, 2);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "stop", NULL);
  wait_until (f, run_state_is, "stopped", "Stop to end the second run");
}

/* A double click on a ManualSwitch flips its position instead of opening
 * its dialog, also while the model runs: the switch passes the time t at
 * first, then -t from the moment of the click on, and the scope behind it
 * shows exactly one change of sign, with every sample equal to +t or -t.
 * The action (Ctrl+T) toggles the selected switches as one undoable edit. */
static gboolean
position_is (Fixture *f, gconstpointer data)
{
  return g_strcmp0 (orr_block_get_param (f->a, "position"), data) == 0;
}

static void
test_manual_switch (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *time, *negate, *scope;
  OrrEndpoint from, to;
  OrrSettings settings;
  OrrSignalLog *log;
  guint64 n, flips = 0;
  int x, y;

  orr_model_begin (f->model, "set up");
  time = orr_model_add_block (f->model, root, "Time", &(OrrRect){ 60, 100, 40, 40 });
  negate = orr_model_add_block (f->model, root, "Gain", &(OrrRect){ 140, 180, 40, 40 });
  f->a = orr_model_add_block (f->model, root, "ManualSwitch", &(OrrRect){ 240, 100, 40, 40 });
  scope = orr_model_add_block (f->model, root, "Scope", &(OrrRect){ 340, 100, 40, 40 });
  orr_model_set_param (f->model, negate, "gain", "-1");
  orr_model_set_param (f->model, f->a, "position", "1");
  orr_model_set_port_count (f->model, time, ORR_PORT_OUT, 1);
  orr_model_set_port_count (f->model, negate, ORR_PORT_IN, 1);
  orr_model_set_port_count (f->model, negate, ORR_PORT_OUT, 1);
  orr_model_set_port_count (f->model, f->a, ORR_PORT_IN, 2);
  orr_model_set_port_count (f->model, f->a, ORR_PORT_OUT, 1);
  orr_model_set_port_count (f->model, scope, ORR_PORT_IN, 1);
  from = (OrrEndpoint){ time->id, ORR_PORT_OUT, 1 };
  to = (OrrEndpoint){ f->a->id, ORR_PORT_IN, 1 };
  g_assert_nonnull (orr_model_connect (f->model, root, &from, &to, NULL));
  to = (OrrEndpoint){ negate->id, ORR_PORT_IN, 1 };
  g_assert_nonnull (orr_model_connect (f->model, root, &from, &to, NULL));
  from = (OrrEndpoint){ negate->id, ORR_PORT_OUT, 1 };
  to = (OrrEndpoint){ f->a->id, ORR_PORT_IN, 2 };
  g_assert_nonnull (orr_model_connect (f->model, root, &from, &to, NULL));
  from = (OrrEndpoint){ f->a->id, ORR_PORT_OUT, 1 };
  to = (OrrEndpoint){ scope->id, ORR_PORT_IN, 1 };
  g_assert_nonnull (orr_model_connect (f->model, root, &from, &to, NULL));
  orr_model_commit (f->model);
  orr_canvas_set_zoom (f->canvas, 1.0, 0, 0);
  orr_canvas_show_rect (f->canvas, &(OrrRect){ 40, 80, 360, 160 });
  settle (f, 50);

  /* the action on the selection, and undo */
  g_assert_true (position_is (f, "1"));
  orr_canvas_unselect_all (f->canvas);
  orr_canvas_select_block (f->canvas, f->a, FALSE);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "toggle-switch", NULL);
  g_assert_true (position_is (f, "2"));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "undo", NULL);
  g_assert_true (position_is (f, "1"));

  /* a double click while the model runs, in real time */
  orr_settings_copy (&settings, orr_model_get_settings (f->model));
  settings.final_time = 3;
  settings.realtime_factor = 1;
  orr_model_set_settings (f->model, &settings);
  orr_settings_clear (&settings);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  wait_until (f, has_scope, NULL, "the scope of the run");
  settle (f, 500);
  g_assert_true (run_state_is (f, "running"));
  model_to_screen (f, 260, 120, &x, &y);
  click_at (f, x, y, 2);
  wait_until (f, position_is, "2", "the double click to flip the switch");
  wait_until (f, run_state_is, "finished", "the run to end");
  settle (f, 100);

  log = orr_scope_view_get_log (
    orr_scopes_pane_get_view (ORR_SCOPES_PANE (f->window->scopes_pane), 0));
  n = orr_signal_log_get_n_samples (log);
  g_assert_cmpuint (n, >, 10);
  for (guint64 i = 0; i < n; i++)
    {
      double t = orr_signal_log_get_t (log, i);
      double v = orr_signal_log_get_value (log, i, 0);

      g_assert_cmpfloat (fabs (fabs (v) - t), <, 1e-9);
      if (i > 0 && t > 0 && (v < 0) != (orr_signal_log_get_value (log, i - 1, 0) < 0))
        flips++;
    }
  g_assert_cmpfloat (orr_signal_log_get_value (log, 1, 0), >, 0);
  g_assert_cmpfloat (orr_signal_log_get_value (log, n - 1, 0), <, 0);
  g_assert_cmpuint (flips, ==, 1);
}

int
main (int argc, char *argv[])
{
  g_autoptr (OrrApplication) app = NULL;
  int event, error_base, major, minor;

  /* real events need the X11 backend and its XTest extension */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL || !gtk_init_check ()
      || !GDK_IS_X11_DISPLAY (gdk_display_get_default ())
      || !XTestQueryExtension (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), &event,
                               &error_base, &major, &minor))
    return 77;
  g_test_init (&argc, &argv, NULL);

  app = app_test_application_new ();

  g_test_add ("/canvas-events/palette", Fixture, app, fixture_set_up, test_palette,
              fixture_tear_down);
  g_test_add ("/canvas-events/connect", Fixture, app, fixture_set_up_blocks, test_connect,
              fixture_tear_down);
  g_test_add ("/canvas-events/move-undo-redo", Fixture, app, fixture_set_up_blocks,
              test_move_undo_redo, fixture_tear_down);
  g_test_add ("/canvas-events/rubber-band", Fixture, app, fixture_set_up_blocks, test_rubber_band,
              fixture_tear_down);
  g_test_add ("/canvas-events/copy-paste-delete", Fixture, app, fixture_set_up_blocks,
              test_copy_paste_delete, fixture_tear_down);
  g_test_add ("/canvas-events/route-around-dragged-block", Fixture, app, fixture_set_up_blocks,
              test_route_around_dragged_block, fixture_tear_down);
  g_test_add ("/canvas-events/context-menus", Fixture, app, fixture_set_up_blocks,
              test_context_menus, fixture_tear_down);
  g_test_add ("/canvas-events/unconnected-ports", Fixture, app, fixture_set_up_blocks,
              test_unconnected_ports, fixture_tear_down);
  g_test_add ("/canvas-events/scope-detach-and-layout", Fixture, app, fixture_set_up,
              test_scope_detach_and_layout, fixture_tear_down);
  g_test_add ("/canvas-events/manual-switch", Fixture, app, fixture_set_up, test_manual_switch,
              fixture_tear_down);
  return g_test_run ();
}
