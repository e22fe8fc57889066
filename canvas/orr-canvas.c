/* orr-canvas.c: the OrrCanvas widget. Binds to one diagram of a model,
 * keeps a spatial index of its blocks and links in step with the model's
 * "changed" signal, maps model coordinates to pixels, holds the selection
 * and draws through the painter. The tools live in orr-canvas-tools.c,
 * image export in orr-canvas-export.c. */
#include "orr-canvas-private.h"
#include <orrery/orr-editor.h>

#include <glib/gi18n-lib.h>
#include <math.h>
#include <orrery/orr-interface.h>
#include <orrery/orr-io.h>
#include <string.h>

#define MIN_ZOOM 0.05
#define MAX_ZOOM 8.0
#define ZOOM_STEP 1.25
#define FIT_MARGIN 30.0
/* Pixels around the pointer that still hit a port, a link or a handle. */
#define HIT_TOLERANCE 5.0
#define PASTE_OFFSET 20.0

enum
{
  PROP_0,
  PROP_ZOOM,
  PROP_DIAGRAM,
  PROP_MODEL,
  N_PROPS
};

enum
{
  SIGNAL_BLOCK_ACTIVATED,
  SIGNAL_SELECTION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The text drawn in a block, cached until its parameters change. */
typedef struct
{
  char *key; /* type, parameters and mask text it was made from */
  char *text;
  gboolean known;
  gboolean check; /* the block changed since: compare the key again */
} BlockText;

static void
block_text_free (gpointer data)
{
  BlockText *bt = data;

  g_free (bt->key);
  g_free (bt->text);
  g_free (bt);
}

G_DEFINE_FINAL_TYPE (OrrCanvas, orr_canvas, GTK_TYPE_WIDGET)

/* ---- the index ----------------------------------------------------------- */

static void
route_extent (const GArray *route, double margin, OrrRect *extent)
{
  const OrrPoint *first = &g_array_index (route, OrrPoint, 0);

  *extent = (OrrRect){ first->x, first->y, 0, 0 };
  for (guint i = 1; i < route->len; i++)
    {
      const OrrPoint *p = &g_array_index (route, OrrPoint, i);
      orr_canvas_rect_union (extent, &(OrrRect){ p->x, p->y, 0, 0 });
    }
  extent->x -= margin;
  extent->y -= margin;
  extent->width += 2 * margin;
  extent->height += 2 * margin;
}

static gboolean
rect_holds (const OrrRect *outer, const OrrRect *inner)
{
  return inner->x >= outer->x && inner->y >= outer->y
         && inner->x + inner->width <= outer->x + outer->width
         && inner->y + inner->height <= outer->y + outer->height;
}

/* An automatic route around the blocks near it (a link's when link is
 * set, else between the two ports). Only blocks that touch the area
 * searched are obstacles: it starts around the plain route and grows to
 * hold the detour found, so a detour cannot run through a block nobody
 * looked at. */
static void
route_around_blocks (OrrCanvas *self, OrrLink *link, const OrrCanvasPort *pf, OrrBlock *from,
                     const OrrCanvasPort *pt, OrrBlock *to, GArray *route)
{
  g_autoptr (GArray) obstacles = g_array_new (FALSE, FALSE, sizeof (OrrRect));
  g_autoptr (GPtrArray) items = g_ptr_array_new ();
  OrrRect ff, tf, area, extent;
  /* past a block's ports and the margin kept from it */
  const double reach = ORR_CANVAS_ROUTE_MARGIN + ORR_CANVAS_PORT_SIZE;

  if (from != NULL)
    orr_canvas_block_frame (from, &ff);
  if (to != NULL)
    orr_canvas_block_frame (to, &tf);
  if (link != NULL)
    orr_canvas_link_route (link, from, to, route);
  else
    orr_canvas_route_ports (pf, pt, from != NULL ? &ff : NULL, to != NULL ? &tf : NULL, route);
  /* kept to tell a detour from the plain route afterwards */
  g_array_set_size (self->plain_route, 0);
  g_array_append_vals (self->plain_route, route->data, route->len);
  if (route->len < 2)
    return;
  /* the plain route only has to miss the blocks' bounds (their port
   * triangles); a detour also looks as far as the margin it keeps */
  route_extent (route, 0, &area);

  for (int round = 0; round < 4; round++)
    {
      g_array_set_size (obstacles, 0);
      g_ptr_array_set_size (items, 0);
      /* not query_items: the drawing order does not matter here */
      orr_canvas_index_query (self->index, &area, items);
      for (guint i = 0; i < items->len; i++)
        {
          OrrBlock *block = g_ptr_array_index (items, i);
          OrrRect frame;
          if (block == from || block == to || !g_hash_table_contains (self->order, block))
            continue;
          orr_canvas_block_frame (block, &frame);
          g_array_append_val (obstacles, frame);
        }
      if (obstacles->len == 0
          || (round == 0
              && orr_canvas_route_is_clear (route, from != NULL ? &ff : NULL,
                                            to != NULL ? &tf : NULL,
                                            (const OrrRect *)obstacles->data, obstacles->len)))
        return; /* the plain route, already there: most links */
      if (link != NULL)
        orr_canvas_link_route_avoiding (link, from, to, (const OrrRect *)obstacles->data,
                                        obstacles->len, route);
      else
        orr_canvas_route_ports_avoiding (pf, pt, from != NULL ? &ff : NULL, to != NULL ? &tf : NULL,
                                         (const OrrRect *)obstacles->data, obstacles->len, route);
      route_extent (route, reach, &extent);
      if (round > 0 && rect_holds (&area, &extent))
        return;
      orr_canvas_rect_union (&area, &extent);
    }
}

void
orr_canvas_route_around (OrrCanvas *self, const OrrCanvasPort *from, OrrBlock *from_block,
                         const OrrCanvasPort *to, OrrBlock *to_block, GArray *route)
{
  route_around_blocks (self, NULL, from, from_block, to, to_block, route);
}

const GArray *
orr_canvas_route_of (OrrCanvas *self, OrrLink *link)
{
  GArray *route = g_hash_table_lookup (self->routes, link);

  return route != NULL && route->len >= 2 ? route : NULL;
}

/* Routes link again and files it under its route's bounds. */
static void
index_link (OrrCanvas *self, OrrLink *link)
{
  GArray *route = g_hash_table_lookup (self->routes, link);
  OrrBlock *from, *to;
  OrrRect bounds;

  if (route == NULL)
    {
      route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
      g_hash_table_insert (self->routes, link, route);
    }
  orr_canvas_link_ends (self, link, &from, &to);
  if (from == NULL || to == NULL)
    g_array_set_size (route, 0);
  else if (link->points != NULL && link->points->len > 0)
    orr_canvas_link_route (link, from, to, route); /* the user's bends stay */
  else
    {
      route_around_blocks (self, link, NULL, from, NULL, to, route);
      /* remembered, so that moves nearby re-route it only when it may
       * straighten, see reroute_near */
      if (route->len != self->plain_route->len
          || memcmp (route->data, self->plain_route->data, route->len * sizeof (OrrPoint)) != 0)
        g_hash_table_add (self->detours, link);
      else
        g_hash_table_remove (self->detours, link);
    }
  if (route->len < 2)
    {
      orr_canvas_index_remove (self->index, link);
      return;
    }
  /* the line's width and its selection halo */
  route_extent (route, 3, &bounds);
  orr_canvas_index_set (self->index, link, &bounds);
}

/* A block came, went or changed from old_bounds to bounds (either NULL):
 * automatic routes near there may now have to go around it (those it
 * stands on), or run straighter (those that go around something). Most
 * links near a move are neither, and keep their route. */
static void
reroute_near (OrrCanvas *self, const OrrRect *bounds, const OrrRect *old_bounds)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new ();
  const OrrRect *where[] = { bounds, old_bounds };
  OrrRect area;
  gboolean have_area = FALSE;

  /* one query for a small move, two for a jump */
  for (int k = 0; k < 2; k++)
    {
      OrrRect r;
      if (where[k] == NULL)
        continue;
      r = (OrrRect){ where[k]->x - ORR_CANVAS_ROUTE_MARGIN, where[k]->y - ORR_CANVAS_ROUTE_MARGIN,
                     where[k]->width + 2 * ORR_CANVAS_ROUTE_MARGIN,
                     where[k]->height + 2 * ORR_CANVAS_ROUTE_MARGIN };
      if (have_area && orr_canvas_rect_intersects (&area, &r))
        orr_canvas_rect_union (&area, &r);
      else
        {
          if (have_area)
            orr_canvas_index_query (self->index, &area, items);
          area = r;
          have_area = TRUE;
        }
    }
  if (have_area)
    orr_canvas_index_query (self->index, &area, items);

  for (guint i = 0; i < items->len; i++)
    {
      OrrLink *link = g_ptr_array_index (items, i);
      const GArray *route;
      if (g_hash_table_contains (self->order, link)
          || (link->points != NULL && link->points->len > 0))
        continue; /* a block, or a link whose bends the user placed */
      route = g_hash_table_lookup (self->routes, link);
      if (g_hash_table_contains (self->detours, link)
          || (bounds != NULL && route != NULL && orr_canvas_route_crosses (route, bounds)))
        index_link (self, link);
    }
}

static GPtrArray *
links_of (OrrCanvas *self, const char *block_id, gboolean create)
{
  GPtrArray *links = g_hash_table_lookup (self->links_by_block, block_id);

  if (links == NULL && create)
    {
      links = g_ptr_array_new ();
      g_hash_table_insert (self->links_by_block, g_strdup (block_id), links);
    }
  return links;
}

static void
add_link_item (OrrCanvas *self, OrrLink *link)
{
  g_ptr_array_add (links_of (self, link->from.block, TRUE), link);
  if (g_strcmp0 (link->from.block, link->to.block) != 0)
    g_ptr_array_add (links_of (self, link->to.block, TRUE), link);
  index_link (self, link);
}

static void
remove_link_item (OrrCanvas *self, OrrLink *link)
{
  const char *ends[] = { link->from.block, link->to.block };

  for (int i = 0; i < 2; i++)
    {
      GPtrArray *links = links_of (self, ends[i], FALSE);
      if (links != NULL)
        g_ptr_array_remove_fast (links, link);
    }
  orr_canvas_index_remove (self->index, link);
  g_hash_table_remove (self->routes, link);
  g_hash_table_remove (self->detours, link);
  if (self->hover_link == link)
    self->hover_link = NULL;
  if (g_hash_table_remove (self->selected_links, link))
    orr_canvas_selection_changed (self);
}

static void
reindex_block_links (OrrCanvas *self, OrrBlock *block)
{
  GPtrArray *links = links_of (self, block->id, FALSE);

  if (links != NULL)
    for (guint i = 0; i < links->len; i++)
      index_link (self, g_ptr_array_index (links, i));
}

static void
add_block_item (OrrCanvas *self, OrrBlock *block, gboolean check_order)
{
  OrrRect bounds;

  orr_canvas_block_bounds (block, &bounds);
  g_hash_table_insert (self->blocks_by_id, block->id, block);
  if (check_order && self->diagram->blocks->len > 0
      && g_ptr_array_index (self->diagram->blocks, self->diagram->blocks->len - 1) != block)
    {
      /* back in the middle of the drawing order (an undone delete):
       * number them all again, so topmost stays what the model says */
      self->next_order = 0;
      for (guint i = 0; i < self->diagram->blocks->len; i++)
        g_hash_table_insert (self->order, g_ptr_array_index (self->diagram->blocks, i),
                             GUINT_TO_POINTER (self->next_order++));
    }
  else
    g_hash_table_insert (self->order, block, GUINT_TO_POINTER (self->next_order++));
  orr_canvas_index_set (self->index, block, &bounds);
  /* links drawn before their block came back (undo) now have both ends */
  reindex_block_links (self, block);
  /* not while rebuilding: the links come after the blocks */
  if (check_order)
    reroute_near (self, &bounds, NULL);
}

static void
remove_block_item (OrrCanvas *self, OrrBlock *block)
{
  gboolean deselected, was_indexed;
  OrrRect bounds;

  was_indexed = orr_canvas_index_get_bounds (self->index, block, &bounds);
  orr_canvas_index_remove (self->index, block);
  if (g_hash_table_lookup (self->blocks_by_id, block->id) == block)
    g_hash_table_remove (self->blocks_by_id, block->id);
  g_hash_table_remove (self->order, block);
  g_hash_table_remove (self->texts, block);
  if (self->hover_block == block)
    self->hover_block = NULL;
  if (self->drag.mode != ORR_CANVAS_DRAG_NONE
      && (self->drag.hit.block == block || self->drag.source == block
          || self->drag.target == block))
    orr_canvas_tools_cancel (self);
  deselected = g_hash_table_remove (self->selected_blocks, block);
  reindex_block_links (self, block);
  if (was_indexed)
    reroute_near (self, NULL, &bounds);
  if (deselected)
    orr_canvas_selection_changed (self);
}

static void
rebuild_items (OrrCanvas *self)
{
  orr_canvas_index_clear (self->index);
  g_hash_table_remove_all (self->routes);
  g_hash_table_remove_all (self->detours);
  g_hash_table_remove_all (self->blocks_by_id);
  g_hash_table_remove_all (self->links_by_block);
  g_hash_table_remove_all (self->order);
  g_hash_table_remove_all (self->texts);
  g_clear_pointer (&self->evaluation, orr_evaluation_free);
  self->next_order = 0;
  self->hover_block = NULL;
  self->hover_link = NULL;
  if (self->diagram == NULL)
    return;
  for (guint i = 0; i < self->diagram->blocks->len; i++)
    add_block_item (self, g_ptr_array_index (self->diagram->blocks, i), FALSE);
  for (guint i = 0; i < self->diagram->links->len; i++)
    add_link_item (self, g_ptr_array_index (self->diagram->links, i));
}

OrrBlock *
orr_canvas_lookup_block (OrrCanvas *self, const char *id)
{
  return id != NULL ? g_hash_table_lookup (self->blocks_by_id, id) : NULL;
}

void
orr_canvas_link_ends (OrrCanvas *self, OrrLink *link, OrrBlock **from, OrrBlock **to)
{
  *from = orr_canvas_lookup_block (self, link->from.block);
  *to = orr_canvas_lookup_block (self, link->to.block);
}

OrrCanvasIndex *
orr_canvas_get_index (OrrCanvas *self)
{
  return self->index;
}

/* ---- the model's changes --------------------------------------------------- */

static gboolean
diagram_is_inside (OrrDiagram *diagram, OrrBlock *removed)
{
  for (OrrDiagram *d = diagram; d != NULL && d->owner != NULL; d = d->owner->parent)
    if (d->owner == removed || d->owner->parent == NULL)
      return TRUE;
  return FALSE;
}

static void
on_model_changed (OrrModel *model, gpointer data, gpointer user_data)
{
  OrrCanvas *self = user_data;
  const OrrChange *change = data;

  if (change->diagram != self->diagram)
    {
      /* another level: it may hold our diagram, or change the scope our
       * blocks' parameters see */
      if (change->kind == ORR_CHANGE_BLOCK_REMOVED && self->diagram != NULL
          && diagram_is_inside (self->diagram, change->block))
        {
          orr_canvas_set_diagram (self, orr_model_get_root (model));
          return;
        }
      if (change->kind == ORR_CHANGE_BLOCK_CHANGED || change->kind == ORR_CHANGE_CONTEXT_CHANGED)
        {
          g_clear_pointer (&self->evaluation, orr_evaluation_free);
          g_hash_table_remove_all (self->texts);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }

  switch (change->kind)
    {
      case ORR_CHANGE_BLOCK_ADDED:
        add_block_item (self, change->block, TRUE);
        break;
      case ORR_CHANGE_BLOCK_REMOVED:
        remove_block_item (self, change->block);
        break;
      case ORR_CHANGE_BLOCK_CHANGED:
        {
          OrrRect bounds, old_bounds;
          gboolean was_indexed
            = orr_canvas_index_get_bounds (self->index, change->block, &old_bounds);
          BlockText *bt = g_hash_table_lookup (self->texts, change->block);
          if (bt != NULL)
            bt->check = TRUE;
          orr_canvas_block_bounds (change->block, &bounds);
          orr_canvas_index_set (self->index, change->block, &bounds);
          reindex_block_links (self, change->block);
          reroute_near (self, &bounds, was_indexed ? &old_bounds : NULL);
          /* a masked super block's parameters are the scope inside it */
          if (orr_block_is_super (change->block))
            g_clear_pointer (&self->evaluation, orr_evaluation_free);
          if (g_hash_table_contains (self->selected_blocks, change->block))
            orr_canvas_selection_changed (self); /* its name may have changed */
          break;
        }
      case ORR_CHANGE_LINK_ADDED:
        add_link_item (self, change->link);
        break;
      case ORR_CHANGE_LINK_REMOVED:
        remove_link_item (self, change->link);
        break;
      case ORR_CHANGE_LINK_CHANGED:
        index_link (self, change->link);
        break;
      case ORR_CHANGE_CONTEXT_CHANGED:
        g_clear_pointer (&self->evaluation, orr_evaluation_free);
        g_hash_table_remove_all (self->texts);
        break;
      case ORR_CHANGE_SETTINGS_CHANGED:
      default:
        return;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- block texts ------------------------------------------------------------ */

static char *
block_text_key (OrrBlock *block)
{
  GString *key = g_string_new (block->type);

  for (guint i = 0; block->params != NULL && i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);
      g_string_append_printf (key, "\n%s=%s", p->name, p->expr);
    }
  if (block->mask != NULL && block->mask->icon_text != NULL)
    g_string_append_printf (key, "\nicon=%s", block->mask->icon_text);
  if (orr_block_is_super (block) && block->label != NULL)
    g_string_append_printf (key, "\nlabel=%s", block->label);
  return g_string_free (key, FALSE);
}

typedef struct
{
  OrrCanvasBlockStatus status;
  char *text;
} BlockStatus;

static void
block_status_free (gpointer data)
{
  BlockStatus *status = data;

  g_free (status->text);
  g_free (status);
}

/* A block of a slow_configure class: what it was last said to be, or its
 * class's icon text. Never configures it. */
static const char *
slow_block_text (OrrCanvas *self, OrrBlock *block, const OrrBlockClass *klass, gboolean *known)
{
  BlockStatus *status = g_hash_table_lookup (self->statuses, block->id);

  *known = status == NULL || status->status != ORR_CANVAS_BLOCK_PROBLEM;
  if (status != NULL && status->text != NULL)
    return status->text;
  return klass->icon_text != NULL ? klass->icon_text : klass->name;
}

static char *
compute_block_text (OrrCanvas *self, OrrBlock *block, gboolean *known)
{
  const OrrBlockClass *klass;
  OrrScope *scope = NULL;
  g_autoptr (OrrBlockInterface) iface = NULL;

  *known = TRUE;
  if (orr_block_is_super (block))
    {
      if (block->mask != NULL && block->mask->icon_text != NULL && *block->mask->icon_text)
        return g_strdup (block->mask->icon_text);
      if (block->label != NULL && *block->label != '\0')
        return g_strdup (block->label);
      return g_strdup (_ ("Super block"));
    }
  klass = self->registry != NULL ? orr_registry_lookup (self->registry, block->type) : NULL;
  if (klass == NULL)
    {
      *known = FALSE;
      return g_strdup ("?");
    }
  if (self->evaluation == NULL && self->model != NULL)
    self->evaluation = orr_evaluate_model_with_registry (self->model, NULL, self->registry);
  if (self->evaluation != NULL)
    scope = orr_evaluation_get_scope (self->evaluation, self->diagram);
  iface = orr_block_class_interface (klass, block, scope, NULL);
  if (iface != NULL && iface->label != NULL)
    return g_strdup (iface->label);
  if (klass->icon_text != NULL)
    return g_strdup (klass->icon_text);
  /* the palettes mark labels with N_(); "" would translate to the header */
  if (klass->label != NULL && klass->label[0] != '\0')
    return g_strdup (g_dgettext (GETTEXT_PACKAGE, klass->label));
  return g_strdup (klass->name);
}

static gboolean
block_annotated (gpointer data, OrrBlock *block)
{
  OrrCanvas *self = data;
  return g_hash_table_contains (self->annotations, block->id);
}

static const char *
text_for_block (gpointer data, OrrBlock *block, gboolean want_text, gboolean *known)
{
  OrrCanvas *self = data;
  BlockText *bt = g_hash_table_lookup (self->texts, block);
  g_autofree char *key = NULL;
  const char *annotation = g_hash_table_lookup (self->annotations, block->id);

  if (annotation != NULL && want_text)
    {
      *known = TRUE;
      return annotation;
    }

  if (!orr_block_is_super (block) && self->registry != NULL)
    {
      const OrrBlockClass *klass = orr_registry_lookup (self->registry, block->type);

      if (klass != NULL && klass->slow_configure)
        return slow_block_text (self, block, klass, known);
    }

  if (!want_text && (bt == NULL || bt->check))
    {
      /* far out: only the frame's style, which needs no evaluation */
      *known = orr_block_is_super (block)
               || (self->registry != NULL && orr_registry_lookup (self->registry, block->type));
      return NULL;
    }

  if (bt != NULL && bt->check)
    {
      key = block_text_key (block);
      bt->check = FALSE;
      if (g_strcmp0 (bt->key, key) != 0)
        bt = NULL;
    }
  if (bt == NULL)
    {
      if (key == NULL)
        key = block_text_key (block);
      bt = g_new0 (BlockText, 1);
      bt->text = compute_block_text (self, block, &bt->known);
      bt->key = g_steal_pointer (&key);
      g_hash_table_insert (self->texts, block, bt);
    }
  *known = bt->known;
  return bt->text;
}

/* ---- hit tests ------------------------------------------------------------------ */

static int
compare_order_desc (gconstpointer a, gconstpointer b, gpointer user_data)
{
  GHashTable *order = user_data;
  guint oa = GPOINTER_TO_UINT (g_hash_table_lookup (order, *(OrrBlock **)a));
  guint ob = GPOINTER_TO_UINT (g_hash_table_lookup (order, *(OrrBlock **)b));

  return oa < ob ? 1 : oa > ob ? -1 : 0;
}

/* Splits index results into blocks (topmost first) and links. */
static void
query_items (OrrCanvas *self, const OrrRect *rect, GPtrArray *blocks, GPtrArray *links)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new ();

  orr_canvas_index_query (self->index, rect, items);
  for (guint i = 0; i < items->len; i++)
    {
      gpointer item = g_ptr_array_index (items, i);
      if (g_hash_table_contains (self->order, item))
        g_ptr_array_add (blocks, item);
      else if (links != NULL)
        g_ptr_array_add (links, item);
    }
  g_ptr_array_sort_with_data (blocks, compare_order_desc, self->order);
}

OrrBlock *
orr_canvas_block_at (OrrCanvas *self, double mx, double my)
{
  OrrRect point = { mx, my, 0, 0 };
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();

  query_items (self, &point, blocks, NULL);
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      OrrRect frame;
      orr_canvas_block_frame (block, &frame);
      if (orr_canvas_rect_contains (&frame, mx, my))
        return block;
    }
  return NULL;
}

void
orr_canvas_blocks_touching (OrrCanvas *self, const OrrRect *rect, GPtrArray *result)
{
  query_items (self, rect, result, NULL);
}

void
orr_canvas_blocks_in_rect (OrrCanvas *self, const OrrRect *rect, GPtrArray *result)
{
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();

  query_items (self, rect, blocks, NULL);
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      OrrRect frame;
      orr_canvas_block_frame (block, &frame);
      if (frame.x >= rect->x && frame.y >= rect->y && frame.x + frame.width <= rect->x + rect->width
          && frame.y + frame.height <= rect->y + rect->height)
        g_ptr_array_add (result, block);
    }
}

void
orr_canvas_pick (OrrCanvas *canvas, double wx, double wy, OrrBlock **block, OrrLink **link)
{
  OrrCanvasHit hit;
  double mx, my;

  g_return_if_fail (ORR_IS_CANVAS (canvas));

  *block = NULL;
  *link = NULL;
  if (canvas->diagram == NULL)
    return;
  orr_canvas_widget_to_model (canvas, wx, wy, &mx, &my);
  orr_canvas_hit_test (canvas, mx, my, &hit);
  if (hit.kind == ORR_CANVAS_HIT_LINK)
    *link = hit.link;
  else if (hit.kind != ORR_CANVAS_HIT_NOTHING)
    *block = hit.block;
}

void
orr_canvas_hit_test (OrrCanvas *self, double mx, double my, OrrCanvasHit *hit)
{
  double tol = HIT_TOLERANCE / self->zoom;
  OrrRect around = { mx - tol - ORR_CANVAS_PORT_SIZE, my - tol - ORR_CANVAS_PORT_SIZE,
                     2 * (tol + ORR_CANVAS_PORT_SIZE), 2 * (tol + ORR_CANVAS_PORT_SIZE) };
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();
  g_autoptr (GPtrArray) links = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  double best = G_MAXDOUBLE;

  memset (hit, 0, sizeof *hit);

  /* corner handles of selected blocks come first: they sit on the frame */
  g_hash_table_iter_init (&iter, self->selected_blocks);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      OrrBlock *block = key;
      OrrRect frame;
      orr_canvas_block_frame (block, &frame);
      for (int c = 0; c < 4; c++)
        {
          double hx = frame.x + (c & 1) * frame.width, hy = frame.y + (c >> 1) * frame.height;
          if (fabs (hx - mx) <= tol && fabs (hy - my) <= tol)
            {
              hit->kind = ORR_CANVAS_HIT_HANDLE;
              hit->block = block;
              hit->corner = c;
              return;
            }
        }
    }

  query_items (self, &around, blocks, links);

  /* ports before frames: a port's triangle overlaps the frame's edge */
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
        {
          guint n = orr_block_get_port_count (block, kind);
          for (guint p = 1; p <= n; p++)
            {
              OrrCanvasPort port;
              double d;
              if (!orr_canvas_block_port (block, kind, p, &port))
                continue;
              d = orr_canvas_segment_distance (&port.base, &port.anchor, mx, my);
              if (d <= MAX (tol, ORR_CANVAS_PORT_SIZE / 2) && d < best)
                {
                  best = d;
                  hit->kind = ORR_CANVAS_HIT_PORT;
                  hit->block = block;
                  hit->port_kind = kind;
                  hit->port = p;
                }
            }
        }
    }
  if (hit->kind == ORR_CANVAS_HIT_PORT)
    return;

  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      OrrRect frame;
      orr_canvas_block_frame (block, &frame);
      if (orr_canvas_rect_contains (&frame, mx, my))
        {
          hit->kind = ORR_CANVAS_HIT_BLOCK;
          hit->block = block;
          return;
        }
    }

  best = G_MAXDOUBLE;
  for (guint i = 0; i < links->len; i++)
    {
      OrrLink *link = g_ptr_array_index (links, i);
      const GArray *route = orr_canvas_route_of (self, link);
      if (route == NULL)
        continue;
      for (guint s = 0; s + 1 < route->len; s++)
        {
          double d = orr_canvas_segment_distance (&g_array_index (route, OrrPoint, s),
                                                  &g_array_index (route, OrrPoint, s + 1), mx, my);
          if (d <= tol && d < best)
            {
              best = d;
              hit->kind = ORR_CANVAS_HIT_LINK;
              hit->link = link;
              hit->segment = s;
            }
        }
    }
}

gboolean
orr_canvas_port_accepts (OrrCanvas *self, OrrPortKind from_kind, OrrBlock *block, OrrPortKind kind,
                         guint port)
{
  static const OrrPortKind partner[] = {
    [ORR_PORT_IN] = ORR_PORT_OUT,
    [ORR_PORT_OUT] = ORR_PORT_IN,
    [ORR_PORT_EVENT_IN] = ORR_PORT_EVENT_OUT,
    [ORR_PORT_EVENT_OUT] = ORR_PORT_EVENT_IN,
  };

  if (kind != partner[from_kind] || port < 1 || port > orr_block_get_port_count (block, kind))
    return FALSE;
  /* a regular input takes one link; outputs and event inputs take many */
  if (kind == ORR_PORT_IN)
    for (guint i = 0; i < self->diagram->links->len; i++)
      {
        OrrLink *link = g_ptr_array_index (self->diagram->links, i);
        if (link->kind == ORR_LINK_REGULAR && link->to.port == port
            && strcmp (link->to.block, block->id) == 0)
          return FALSE;
      }
  return TRUE;
}

/* ---- view ---------------------------------------------------------------------- */

void
orr_canvas_visible_rect (OrrCanvas *self, OrrRect *rect)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  orr_canvas_widget_to_model (self, 0, 0, &rect->x, &rect->y);
  rect->width = w / self->zoom;
  rect->height = h / self->zoom;
}

void
orr_canvas_set_view (OrrCanvas *self, double zoom, double offset_x, double offset_y)
{
  self->zoom = CLAMP (zoom, MIN_ZOOM, MAX_ZOOM);
  self->offset_x = offset_x;
  self->offset_y = offset_y;
  self->fit_pending = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
orr_canvas_get_zoom (OrrCanvas *canvas)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), 1.0);
  return canvas->zoom;
}

void
orr_canvas_set_zoom (OrrCanvas *canvas, double zoom, double wx, double wy)
{
  double mx, my;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  zoom = CLAMP (zoom, MIN_ZOOM, MAX_ZOOM);
  orr_canvas_widget_to_model (canvas, wx, wy, &mx, &my);
  orr_canvas_set_view (canvas, zoom, wx - mx * zoom, wy - my * zoom);
}

void
orr_canvas_zoom_in (OrrCanvas *canvas)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  orr_canvas_set_zoom (canvas, canvas->zoom * ZOOM_STEP,
                       gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0,
                       gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0);
}

void
orr_canvas_zoom_out (OrrCanvas *canvas)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  orr_canvas_set_zoom (canvas, canvas->zoom / ZOOM_STEP,
                       gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0,
                       gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0);
}

/* The bounds of everything drawn, labels under blocks included. */
static gboolean
diagram_extent (OrrCanvas *self, OrrRect *extent)
{
  if (!orr_canvas_index_get_extent (self->index, extent))
    return FALSE;
  extent->height += 14; /* the name under the lowest block */
  return TRUE;
}

void
orr_canvas_zoom_fit (OrrCanvas *canvas)
{
  int w, h;
  OrrRect extent;
  double zoom;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  w = gtk_widget_get_width (GTK_WIDGET (canvas));
  h = gtk_widget_get_height (GTK_WIDGET (canvas));
  if (w <= 0 || h <= 0)
    {
      canvas->fit_pending = TRUE;
      return;
    }
  if (!diagram_extent (canvas, &extent))
    {
      orr_canvas_set_view (canvas, 1.0, FIT_MARGIN, FIT_MARGIN);
      return;
    }
  zoom = MIN ((w - 2 * FIT_MARGIN) / MAX (extent.width, 1),
              (h - 2 * FIT_MARGIN) / MAX (extent.height, 1));
  /* a small diagram is shown at its natural size, not blown up */
  zoom = CLAMP (zoom, MIN_ZOOM, 1.0);
  orr_canvas_set_view (canvas, zoom, w / 2.0 - (extent.x + extent.width / 2) * zoom,
                       h / 2.0 - (extent.y + extent.height / 2) * zoom);
}

void
orr_canvas_show_rect (OrrCanvas *canvas, const OrrRect *rect)
{
  int w, h;
  double x0, y0, x1, y1;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  g_return_if_fail (rect != NULL);
  w = gtk_widget_get_width (GTK_WIDGET (canvas));
  h = gtk_widget_get_height (GTK_WIDGET (canvas));
  if (w <= 0 || h <= 0)
    return;
  orr_canvas_model_to_widget (canvas, rect->x, rect->y, &x0, &y0);
  orr_canvas_model_to_widget (canvas, rect->x + rect->width, rect->y + rect->height, &x1, &y1);
  if (x0 >= FIT_MARGIN && y0 >= FIT_MARGIN && x1 <= w - FIT_MARGIN && y1 <= h - FIT_MARGIN)
    return; /* already in view: nothing jumps */
  orr_canvas_set_view (canvas, canvas->zoom, w / 2.0 - (rect->x + rect->width / 2) * canvas->zoom,
                       h / 2.0 - (rect->y + rect->height / 2) * canvas->zoom);
}

void
orr_canvas_widget_to_model (OrrCanvas *canvas, double wx, double wy, double *mx, double *my)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  *mx = (wx - canvas->offset_x) / canvas->zoom;
  *my = (wy - canvas->offset_y) / canvas->zoom;
}

void
orr_canvas_model_to_widget (OrrCanvas *canvas, double mx, double my, double *wx, double *wy)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  *wx = mx * canvas->zoom + canvas->offset_x;
  *wy = my * canvas->zoom + canvas->offset_y;
}

/* ---- drawing ------------------------------------------------------------------- */

void
orr_canvas_init_painter (OrrCanvas *self, OrrCanvasPainter *painter, cairo_t *cr,
                         gboolean for_export)
{
  GdkRGBA fg = { 0, 0, 0, 1 };

  memset (painter, 0, sizeof *painter);
  if (!for_export)
    {
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
      G_GNUC_END_IGNORE_DEPRECATIONS
    }
  orr_canvas_palette_init (&painter->palette, &fg);
  if (!for_export)
    {
      GdkRGBA accent;
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      if (gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                          "accent_color", &accent))
        painter->palette.accent = accent;
      G_GNUC_END_IGNORE_DEPRECATIONS
    }
  painter->zoom = self->zoom;
  painter->selected_blocks = for_export ? NULL : self->selected_blocks;
  painter->selected_links = for_export ? NULL : self->selected_links;
  painter->highlighted = for_export ? NULL : self->highlighted;
  painter->mark_open_ports = !for_export;
  painter->hover_block = for_export ? NULL : self->hover_block;
  painter->hover_link = for_export ? NULL : self->hover_link;
  painter->block_text = text_for_block;
  painter->block_annotated = block_annotated;
  painter->registry = self->registry;
  painter->block_text_data = self;
  painter->link_ends = (OrrCanvasLinkEndsFunc)orr_canvas_link_ends;
  painter->link_route = (OrrCanvasLinkRouteFunc)orr_canvas_route_of;
  painter->link_route_data = self;
  painter->link_ends_data = self;
  if (!for_export)
    {
      painter->layout_cache = self->layouts;
      painter->cache_context = self->pango_context;
    }
  orr_canvas_painter_init (painter, cr);
}

static int
compare_order_asc (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return -compare_order_desc (a, b, user_data);
}

/* The page, and a faint grid that shows where blocks will snap; lines are
 * left out when they would crowd closer than a few pixels. */
static void
paint_background (OrrCanvas *self, OrrCanvasPainter *painter, cairo_t *cr, const OrrRect *visible)
{
  const GdkRGBA *bg = &painter->palette.background, *fg = &painter->palette.foreground;
  double step = 5 * ORR_CANVAS_GRID;

  cairo_set_source_rgb (cr, bg->red, bg->green, bg->blue);
  cairo_rectangle (cr, visible->x, visible->y, visible->width, visible->height);
  cairo_fill (cr);
  while (step * self->zoom < 16)
    step *= 5;
  for (double x = floor (visible->x / step) * step; x <= visible->x + visible->width; x += step)
    {
      cairo_move_to (cr, x, visible->y);
      cairo_line_to (cr, x, visible->y + visible->height);
    }
  for (double y = floor (visible->y / step) * step; y <= visible->y + visible->height; y += step)
    {
      cairo_move_to (cr, visible->x, y);
      cairo_line_to (cr, visible->x + visible->width, y);
    }
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.06);
  cairo_set_line_width (cr, 1.0 / self->zoom);
  cairo_stroke (cr);
}

guint
orr_canvas_render (OrrCanvas *self, cairo_t *cr, int width, int height)
{
  OrrCanvasPainter painter;
  OrrRect visible;
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();
  g_autoptr (GPtrArray) links = g_ptr_array_new ();

  if (self->diagram == NULL)
    return 0;
  orr_canvas_widget_to_model (self, 0, 0, &visible.x, &visible.y);
  visible.width = width / self->zoom;
  visible.height = height / self->zoom;
  /* block names hang below the frame, outside the indexed bounds */
  visible.y -= 16;
  visible.height += 16;
  query_items (self, &visible, blocks, links);
  g_ptr_array_sort_with_data (blocks, compare_order_asc, self->order);

  cairo_save (cr);
  cairo_translate (cr, self->offset_x, self->offset_y);
  cairo_scale (cr, self->zoom, self->zoom);
  orr_canvas_init_painter (self, &painter, cr, FALSE);
  paint_background (self, &painter, cr, &visible);
  orr_canvas_paint_links (&painter, cr, (OrrLink *const *)links->pdata, links->len);
  orr_canvas_paint_blocks (&painter, cr, (OrrBlock *const *)blocks->pdata, blocks->len);
  orr_canvas_tools_paint (self, &painter, cr);
  orr_canvas_painter_clear (&painter);
  cairo_restore (cr);

  self->last_drawn = blocks->len + links->len;
  return self->last_drawn;
}

static void
orr_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OrrCanvas *self = ORR_CANVAS (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (w <= 0 || h <= 0 || self->diagram == NULL)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  orr_canvas_render (self, cr, w, h);
  cairo_destroy (cr);
}

static void
orr_canvas_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OrrCanvas *self = ORR_CANVAS (widget);

  if (self->fit_pending && width > 0 && height > 0)
    orr_canvas_zoom_fit (self);
}

static void
orr_canvas_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                    int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 100;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

/* ---- selection ------------------------------------------------------------------ */

static void
update_accessible_description (OrrCanvas *self)
{
  guint n = g_hash_table_size (self->selected_blocks);
  g_autofree char *text = NULL;

  if (n == 1)
    {
      GHashTableIter iter;
      gpointer key;
      OrrBlock *block;
      g_hash_table_iter_init (&iter, self->selected_blocks);
      g_hash_table_iter_next (&iter, &key, NULL);
      block = key;
      /* TRANSLATORS: a selected block's name and its type: "Gain1 (Gain)" */
      text = g_strdup_printf (_ ("Selected: %s (%s)"),
                              block->label != NULL && *block->label ? block->label : block->id,
                              block->type);
    }
  else if (n > 1)
    text = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u block selected", "%u blocks selected", n), n);
  else if (g_hash_table_size (self->selected_links) > 0)
    text = g_strdup (_ ("Link selected"));
  else
    text = g_strdup (_ ("Nothing selected"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

void
orr_canvas_selection_changed (OrrCanvas *self)
{
  update_accessible_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

void
orr_canvas_set_hover (OrrCanvas *self, OrrBlock *block, OrrLink *link)
{
  if (self->hover_block == block && self->hover_link == link)
    return;
  self->hover_block = block;
  self->hover_link = link;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static GPtrArray *
keys_in_order (OrrCanvas *self, GHashTable *set, GPtrArray *order_source)
{
  GPtrArray *result = g_ptr_array_new ();

  /* in the diagram's order, so copies and descriptions are stable */
  if (order_source != NULL)
    for (guint i = 0; i < order_source->len; i++)
      {
        gpointer item = g_ptr_array_index (order_source, i);
        if (g_hash_table_contains (set, item))
          g_ptr_array_add (result, item);
      }
  return result;
}

GPtrArray *
orr_canvas_get_selected_blocks (OrrCanvas *canvas)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  return keys_in_order (canvas, canvas->selected_blocks,
                        canvas->diagram != NULL ? canvas->diagram->blocks : NULL);
}

GPtrArray *
orr_canvas_get_selected_links (OrrCanvas *canvas)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  return keys_in_order (canvas, canvas->selected_links,
                        canvas->diagram != NULL ? canvas->diagram->links : NULL);
}

void
orr_canvas_select_block (OrrCanvas *canvas, OrrBlock *block, gboolean add)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (!add)
    {
      g_hash_table_remove_all (canvas->selected_blocks);
      g_hash_table_remove_all (canvas->selected_links);
    }
  if (block != NULL && block->parent == canvas->diagram)
    g_hash_table_add (canvas->selected_blocks, orr_block_ref (block));
  orr_canvas_selection_changed (canvas);
}

void
orr_canvas_select_all (OrrCanvas *canvas)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (canvas->diagram == NULL)
    return;
  for (guint i = 0; i < canvas->diagram->blocks->len; i++)
    g_hash_table_add (canvas->selected_blocks,
                      orr_block_ref (g_ptr_array_index (canvas->diagram->blocks, i)));
  for (guint i = 0; i < canvas->diagram->links->len; i++)
    g_hash_table_add (canvas->selected_links,
                      orr_link_ref (g_ptr_array_index (canvas->diagram->links, i)));
  orr_canvas_selection_changed (canvas);
}

void
orr_canvas_unselect_all (OrrCanvas *canvas)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (g_hash_table_size (canvas->selected_blocks) == 0
      && g_hash_table_size (canvas->selected_links) == 0)
    return;
  g_hash_table_remove_all (canvas->selected_blocks);
  g_hash_table_remove_all (canvas->selected_links);
  orr_canvas_selection_changed (canvas);
}

void
orr_canvas_set_highlighted (OrrCanvas *canvas, const char *const *block_ids)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  g_hash_table_remove_all (canvas->highlighted);
  for (guint i = 0; block_ids != NULL && block_ids[i] != NULL; i++)
    g_hash_table_add (canvas->highlighted, g_strdup (block_ids[i]));
  gtk_widget_queue_draw (GTK_WIDGET (canvas));
}

/* ---- editing commands --------------------------------------------------------- */

void
orr_canvas_delete_selection (OrrCanvas *canvas)
{
  g_autoptr (GPtrArray) blocks = NULL;
  g_autoptr (GPtrArray) links = NULL;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (canvas->model == NULL)
    return;
  blocks = orr_canvas_get_selected_blocks (canvas);
  links = orr_canvas_get_selected_links (canvas);
  if (blocks->len == 0 && links->len == 0)
    return;
  /* the arrays hold borrowed pointers: keep them alive through removals */
  g_ptr_array_set_free_func (blocks, (GDestroyNotify)orr_block_unref);
  g_ptr_array_set_free_func (links, (GDestroyNotify)orr_link_unref);
  for (guint i = 0; i < blocks->len; i++)
    orr_block_ref (g_ptr_array_index (blocks, i));
  for (guint i = 0; i < links->len; i++)
    orr_link_ref (g_ptr_array_index (links, i));

  orr_model_begin (canvas->model, _ ("Delete"));
  for (guint i = 0; i < links->len; i++)
    {
      OrrLink *link = g_ptr_array_index (links, i);
      /* a link may have gone with a block removed before it */
      if (link->parent == canvas->diagram)
        orr_model_disconnect (canvas->model, link);
    }
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      if (block->parent == canvas->diagram)
        orr_model_remove_block (canvas->model, block);
    }
  orr_editor_after_removal (canvas->model, canvas->registry, canvas->diagram);
  orr_model_commit (canvas->model);
  orr_canvas_unselect_all (canvas);
}

void
orr_canvas_rotate_selection (OrrCanvas *canvas)
{
  g_autoptr (GPtrArray) blocks = NULL;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (canvas->model == NULL)
    return;
  blocks = orr_canvas_get_selected_blocks (canvas);
  if (blocks->len == 0)
    return;
  orr_model_begin (canvas->model, _ ("Rotate"));
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      orr_model_set_block_orientation (canvas->model, block, (block->rotation + 90) % 360,
                                       block->flip);
    }
  orr_model_commit (canvas->model);
}

void
orr_canvas_flip_selection (OrrCanvas *canvas)
{
  g_autoptr (GPtrArray) blocks = NULL;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (canvas->model == NULL)
    return;
  blocks = orr_canvas_get_selected_blocks (canvas);
  if (blocks->len == 0)
    return;
  orr_model_begin (canvas->model, _ ("Flip"));
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      orr_model_set_block_orientation (canvas->model, block, block->rotation, !block->flip);
    }
  orr_model_commit (canvas->model);
}

char *
orr_canvas_copy_selection (OrrCanvas *canvas, gsize *length)
{
  g_autoptr (GPtrArray) blocks = NULL;

  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  blocks = orr_canvas_get_selected_blocks (canvas);
  if (blocks->len == 0)
    {
      if (length != NULL)
        *length = 0;
      return NULL;
    }
  return orr_fragment_serialize ((OrrBlock *const *)blocks->pdata, blocks->len, length);
}

static void
select_blocks (OrrCanvas *self, GPtrArray *blocks)
{
  g_hash_table_remove_all (self->selected_blocks);
  g_hash_table_remove_all (self->selected_links);
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (blocks, i);
      if (block->parent == self->diagram)
        g_hash_table_add (self->selected_blocks, orr_block_ref (block));
    }
  /* the links between them came with them */
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

/* Pastes data offset by (dx, dy), or, with centre set, moved so that the
 * pasted blocks are centred there; one undo step either way. */
/* A pasted block whose name another block of the diagram has already
 * gets the next free number on its name's stem ("Gain1" -> "Gain2",
 * "Ball" -> "Ball1"): names are how paths and messages tell blocks apart. */
static void
rename_if_taken (OrrCanvas *self, OrrBlock *block)
{
  gboolean taken = FALSE;
  g_autofree char *stem = NULL;
  g_autofree char *label = NULL;
  gsize n;

  if (block->label == NULL || *block->label == '\0')
    return;
  for (guint i = 0; i < self->diagram->blocks->len && !taken; i++)
    {
      OrrBlock *other = g_ptr_array_index (self->diagram->blocks, i);
      taken = other != block && g_strcmp0 (other->label, block->label) == 0;
    }
  if (!taken)
    return;
  stem = g_strdup (block->label);
  n = strlen (stem);
  while (n > 0 && g_ascii_isdigit (stem[n - 1]))
    stem[--n] = '\0';
  label = orr_diagram_new_label (self->diagram, stem);
  orr_model_set_block_label (self->model, block, label);
}

static gboolean
paste_at (OrrCanvas *self, const char *data, gsize length, double dx, double dy,
          const OrrPoint *centre, GError **error)
{
  g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GPtrArray) added = g_ptr_array_new ();

  orr_model_begin (self->model, _ ("Paste"));
  if (!orr_fragment_paste (self->model, self->diagram, data, length, dx, dy, added, error))
    {
      orr_model_rollback (self->model);
      return FALSE;
    }
  for (guint i = 0; i < added->len; i++)
    g_ptr_array_add (pasted, orr_block_ref (g_ptr_array_index (added, i)));
  for (guint i = 0; i < pasted->len; i++)
    rename_if_taken (self, g_ptr_array_index (pasted, i));
  if (centre != NULL && pasted->len > 0)
    {
      OrrRect extent = ((OrrBlock *)g_ptr_array_index (pasted, 0))->geometry;
      double mx, my;
      for (guint i = 1; i < pasted->len; i++)
        orr_canvas_rect_union (&extent, &((OrrBlock *)g_ptr_array_index (pasted, i))->geometry);
      mx = orr_canvas_snap (centre->x - extent.width / 2) - extent.x;
      my = orr_canvas_snap (centre->y - extent.height / 2) - extent.y;
      for (guint i = 0; i < pasted->len; i++)
        {
          OrrBlock *block = g_ptr_array_index (pasted, i);
          orr_model_move_block (self->model, block, block->geometry.x + mx, block->geometry.y + my);
        }
      /* stored bend points travel with their blocks */
      for (guint i = 0; i < self->diagram->links->len; i++)
        {
          OrrLink *link = g_ptr_array_index (self->diagram->links, i);
          OrrBlock *from, *to;
          g_autoptr (GArray) points = NULL;
          if (link->points == NULL || link->points->len == 0)
            continue;
          orr_canvas_link_ends (self, link, &from, &to);
          if (!g_ptr_array_find (pasted, from, NULL) || !g_ptr_array_find (pasted, to, NULL))
            continue;
          points = g_array_copy (link->points);
          for (guint k = 0; k < points->len; k++)
            {
              g_array_index (points, OrrPoint, k).x += mx;
              g_array_index (points, OrrPoint, k).y += my;
            }
          orr_model_set_link_points (self->model, link, (OrrPoint *)points->data, points->len);
        }
    }
  orr_model_commit (self->model);
  select_blocks (self, pasted);
  return TRUE;
}

gboolean
orr_canvas_paste (OrrCanvas *canvas, const char *data, gsize length, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *key = NULL;
  double mx, my;

  g_return_val_if_fail (ORR_IS_CANVAS (canvas), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);
  if (canvas->model == NULL || canvas->diagram == NULL)
    {
      g_set_error_literal (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
                           _ ("There is no diagram to paste into"));
      return FALSE;
    }

  if (canvas->pointer_inside)
    {
      OrrPoint centre;
      orr_canvas_widget_to_model (canvas, canvas->pointer_x, canvas->pointer_y, &mx, &my);
      centre = (OrrPoint){ mx, my };
      return paste_at (canvas, data, length, 0, 0, &centre, error);
    }

  /* each paste of the same fragment lands one step further, so that
   * repeated pastes do not pile up */
  text = g_strndup (data, length);
  key = g_strdup_printf ("%p:%u", (void *)canvas->diagram, g_str_hash (text));
  if (g_strcmp0 (key, canvas->last_copy_key) == 0)
    canvas->paste_serial++;
  else
    {
      canvas->paste_serial = 1;
      g_free (canvas->last_copy_key);
      canvas->last_copy_key = g_steal_pointer (&key);
    }
  return paste_at (canvas, data, length, PASTE_OFFSET * canvas->paste_serial,
                   PASTE_OFFSET * canvas->paste_serial, NULL, error);
}

void
orr_canvas_duplicate_selection (OrrCanvas *canvas)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  if (canvas->model == NULL)
    return;
  data = orr_canvas_copy_selection (canvas, &length);
  if (data == NULL)
    return;
  paste_at (canvas, data, length, PASTE_OFFSET, PASTE_OFFSET, NULL, NULL);
}

/* Where an insertion goes: (x, y), or the middle of the view where they
 * are NAN; FALSE when no diagram is shown. */
static gboolean
insertion_point (OrrCanvas *canvas, double *x, double *y, GError **error)
{
  if (canvas->model == NULL || canvas->diagram == NULL)
    {
      g_set_error_literal (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
                           _ ("There is no diagram to add a block to"));
      return FALSE;
    }
  if (isnan (*x) || isnan (*y))
    {
      OrrRect visible;
      orr_canvas_visible_rect (canvas, &visible);
      *x = visible.x + visible.width / 2;
      *y = visible.y + visible.height / 2;
    }
  return TRUE;
}

OrrBlock *
orr_canvas_insert_block (OrrCanvas *canvas, const char *type, double x, double y, GError **error)
{
  OrrRect where = { 0, 0, 0, 0 };
  OrrBlock *block;

  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  g_return_val_if_fail (type != NULL, NULL);
  if (!insertion_point (canvas, &x, &y, error))
    return NULL;

  /* one step: the block with its ports, then centred on the point */
  orr_model_begin (canvas->model, _ ("Add Block"));
  block
    = orr_editor_add_block (canvas->model, canvas->diagram, canvas->registry, type, &where, error);
  if (block == NULL)
    {
      orr_model_rollback (canvas->model);
      return NULL;
    }
  orr_model_move_block (canvas->model, block, orr_canvas_snap (x - block->geometry.width / 2),
                        orr_canvas_snap (y - block->geometry.height / 2));
  orr_model_commit (canvas->model);
  orr_canvas_select_block (canvas, block, FALSE);
  return block;
}

/* A free text (orr_block_is_annotation) of this text, its top left
 * corner at (x, y) (NAN: the middle of the view), selected: one undo
 * step. */
OrrBlock *
orr_canvas_insert_annotation (OrrCanvas *canvas, const char *text, double x, double y,
                              GError **error)
{
  gboolean centred = isnan (x) || isnan (y);
  OrrRect where;
  OrrBlock *block;

  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  if (!insertion_point (canvas, &x, &y, error))
    return NULL;
  if (centred)
    {
      x -= 80;
      y -= 20;
    }
  where = (OrrRect){ orr_canvas_snap (x), orr_canvas_snap (y), 160, 40 };
  orr_model_begin (canvas->model, _ ("Add Text"));
  block = orr_model_add_block (canvas->model, canvas->diagram, ORR_ANNOTATION_TYPE, NULL);
  orr_model_set_block_geometry (canvas->model, block, &where);
  orr_model_set_param (canvas->model, block, ORR_ANNOTATION_TEXT, text != NULL ? text : "");
  orr_model_commit (canvas->model);
  orr_canvas_select_block (canvas, block, FALSE);
  return block;
}

/* ---- model and diagram ----------------------------------------------------------- */

static void
drop_model (OrrCanvas *self)
{
  orr_canvas_tools_cancel (self);
  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->model);
      g_clear_object (&self->model);
    }
  g_hash_table_remove_all (self->selected_blocks);
  g_hash_table_remove_all (self->selected_links);
  self->diagram = NULL;
  rebuild_items (self);
}

void
orr_canvas_set_model (OrrCanvas *canvas, OrrModel *model, OrrRegistry *registry)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  g_return_if_fail (model == NULL || ORR_IS_MODEL (model));

  drop_model (canvas);
  canvas->registry = registry;
  if (model != NULL)
    {
      canvas->model = g_object_ref (model);
      canvas->changed_handler
        = g_signal_connect (model, "changed", G_CALLBACK (on_model_changed), canvas);
      canvas->diagram = orr_model_get_root (model);
    }
  rebuild_items (canvas);
  orr_canvas_zoom_fit (canvas);
  orr_canvas_selection_changed (canvas);
  g_object_notify_by_pspec (G_OBJECT (canvas), properties[PROP_MODEL]);
  g_object_notify_by_pspec (G_OBJECT (canvas), properties[PROP_DIAGRAM]);
}

OrrModel *
orr_canvas_get_model (OrrCanvas *canvas)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  return canvas->model;
}

OrrRegistry *
orr_canvas_get_registry (OrrCanvas *canvas)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  return canvas->registry;
}

void
orr_canvas_set_diagram (OrrCanvas *canvas, OrrDiagram *diagram)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));
  g_return_if_fail (diagram == NULL || canvas->model == NULL || diagram->model == canvas->model);

  if (diagram == canvas->diagram)
    return;
  orr_canvas_tools_cancel (canvas);
  g_hash_table_remove_all (canvas->selected_blocks);
  g_hash_table_remove_all (canvas->selected_links);
  canvas->diagram = diagram;
  rebuild_items (canvas);
  orr_canvas_zoom_fit (canvas);
  orr_canvas_selection_changed (canvas);
  g_object_notify_by_pspec (G_OBJECT (canvas), properties[PROP_DIAGRAM]);
}

OrrDiagram *
orr_canvas_get_diagram (OrrCanvas *canvas)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  return canvas->diagram;
}

GtkWidget *
orr_canvas_new (void)
{
  return g_object_new (ORR_TYPE_CANVAS, NULL);
}

/* ---- GObject --------------------------------------------------------------------- */

static void
orr_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OrrCanvas *self = ORR_CANVAS (object);

  switch (prop_id)
    {
      case PROP_ZOOM:
        g_value_set_double (value, self->zoom);
        break;
      case PROP_DIAGRAM:
        g_value_set_pointer (value, self->diagram);
        break;
      case PROP_MODEL:
        g_value_set_object (value, self->model);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_canvas_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  OrrCanvas *self = ORR_CANVAS (object);

  switch (prop_id)
    {
      case PROP_ZOOM:
        orr_canvas_set_zoom (self, g_value_get_double (value),
                             gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                             gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
        break;
      case PROP_DIAGRAM:
        orr_canvas_set_diagram (self, g_value_get_pointer (value));
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_canvas_dispose (GObject *object)
{
  OrrCanvas *self = ORR_CANVAS (object);

  drop_model (self);
  G_OBJECT_CLASS (orr_canvas_parent_class)->dispose (object);
}

static void
orr_canvas_finalize (GObject *object)
{
  OrrCanvas *self = ORR_CANVAS (object);

  orr_canvas_drag_clear (self);
  g_hash_table_unref (self->selected_blocks);
  g_hash_table_unref (self->selected_links);
  g_hash_table_unref (self->highlighted);
  g_hash_table_unref (self->blocks_by_id);
  g_hash_table_unref (self->links_by_block);
  g_hash_table_unref (self->order);
  g_hash_table_unref (self->texts);
  g_hash_table_unref (self->annotations);
  g_hash_table_unref (self->statuses);
  g_hash_table_unref (self->layouts);
  g_object_unref (self->pango_context);
  g_clear_pointer (&self->evaluation, orr_evaluation_free);
  orr_canvas_index_free (self->index);
  g_hash_table_unref (self->routes);
  g_hash_table_unref (self->detours);
  g_array_unref (self->plain_route);
  g_free (self->last_copy_key);
  G_OBJECT_CLASS (orr_canvas_parent_class)->finalize (object);
}

static void
orr_canvas_class_init (OrrCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = orr_canvas_get_property;
  object_class->set_property = orr_canvas_set_property;
  object_class->dispose = orr_canvas_dispose;
  object_class->finalize = orr_canvas_finalize;
  widget_class->snapshot = orr_canvas_snapshot;
  widget_class->size_allocate = orr_canvas_size_allocate;
  widget_class->measure = orr_canvas_measure;

  properties[PROP_ZOOM]
    = g_param_spec_double ("zoom", NULL, NULL, MIN_ZOOM, MAX_ZOOM, 1.0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIAGRAM] = g_param_spec_pointer (
    "diagram", NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, ORR_TYPE_MODEL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_BLOCK_ACTIVATED]
    = g_signal_new ("block-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_SELECTION_CHANGED]
    = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "orrcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
orr_canvas_init (OrrCanvas *self)
{
  self->zoom = 1.0;
  self->selected_blocks = g_hash_table_new_full (NULL, NULL, (GDestroyNotify)orr_block_unref, NULL);
  self->selected_links = g_hash_table_new_full (NULL, NULL, (GDestroyNotify)orr_link_unref, NULL);
  self->highlighted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->blocks_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->links_by_block
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
  self->order = g_hash_table_new (NULL, NULL);
  self->texts = g_hash_table_new_full (NULL, NULL, NULL, block_text_free);
  self->annotations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->statuses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, block_status_free);
  self->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->pango_context = orr_canvas_painter_create_context ();
  self->index = orr_canvas_index_new ();
  self->routes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)g_array_unref);
  self->detours = g_hash_table_new (NULL, NULL);
  self->plain_route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Diagram"), -1);
  orr_canvas_tools_install (self);
  update_accessible_description (self);
}

void
orr_canvas_emit_block_activated (OrrCanvas *self, OrrBlock *block)
{
  g_signal_emit (self, signals[SIGNAL_BLOCK_ACTIVATED], 0, block);
}

void
orr_canvas_set_block_annotation (OrrCanvas *canvas, const char *block_id, const char *text)
{
  const char *old;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  g_return_if_fail (block_id != NULL);

  old = g_hash_table_lookup (canvas->annotations, block_id);
  if (g_strcmp0 (old, text) == 0)
    return;
  if (text != NULL)
    g_hash_table_insert (canvas->annotations, g_strdup (block_id), g_strdup (text));
  else
    g_hash_table_remove (canvas->annotations, block_id);
  gtk_widget_queue_draw (GTK_WIDGET (canvas));
}

const char *
orr_canvas_get_block_annotation (OrrCanvas *canvas, const char *block_id)
{
  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  g_return_val_if_fail (block_id != NULL, NULL);

  return g_hash_table_lookup (canvas->annotations, block_id);
}

void
orr_canvas_clear_block_annotations (OrrCanvas *canvas)
{
  g_return_if_fail (ORR_IS_CANVAS (canvas));

  if (g_hash_table_size (canvas->annotations) == 0)
    return;
  g_hash_table_remove_all (canvas->annotations);
  gtk_widget_queue_draw (GTK_WIDGET (canvas));
}

void
orr_canvas_set_block_status (OrrCanvas *canvas, const char *block_id, OrrCanvasBlockStatus status,
                             const char *text)
{
  BlockStatus *entry;

  g_return_if_fail (ORR_IS_CANVAS (canvas));
  g_return_if_fail (block_id != NULL);

  entry = g_hash_table_lookup (canvas->statuses, block_id);
  if (entry != NULL && entry->status == status && g_strcmp0 (entry->text, text) == 0)
    return;
  entry = g_new0 (BlockStatus, 1);
  entry->status = status;
  entry->text = g_strdup (text);
  g_hash_table_insert (canvas->statuses, g_strdup (block_id), entry);
  gtk_widget_queue_draw (GTK_WIDGET (canvas));
}

const char *
orr_canvas_get_block_status (OrrCanvas *canvas, const char *block_id, OrrCanvasBlockStatus *status)
{
  BlockStatus *entry;

  g_return_val_if_fail (ORR_IS_CANVAS (canvas), NULL);
  g_return_val_if_fail (block_id != NULL, NULL);

  entry = g_hash_table_lookup (canvas->statuses, block_id);
  if (status != NULL)
    *status = entry != NULL ? entry->status : ORR_CANVAS_BLOCK_READY;
  return entry != NULL ? entry->text : NULL;
}
