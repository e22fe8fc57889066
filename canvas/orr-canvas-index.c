/* orr-canvas-index.c: a loose-fitting quadtree. An item lives in the
 * deepest node whose square holds its whole box, so an update is a
 * remove and an insert along one path; the root square doubles when an
 * item falls outside it. Each item remembers its node, so removal does
 * not search. */
#include "orr-canvas-index.h"

#include "orr-canvas-geometry.h"

/* A node splits when it holds more than this many items, down to
 * MAX_DEPTH levels (a 2^16 root square ends in cells of a few pixels). */
#define SPLIT_THRESHOLD 8
#define MAX_DEPTH 12
#define INITIAL_SIZE 4096.0

typedef struct _Node Node;

struct _Node
{
  double x, y, size; /* a square */
  Node *children[4]; /* all NULL or all set */
  GPtrArray *items;  /* of Entry*, those straddling the children */
  guint depth;
};

typedef struct
{
  gpointer item;
  OrrRect bounds;
  Node *node;
} Entry;

struct _OrrCanvasIndex
{
  Node *root;
  GHashTable *entries; /* item -> Entry*, owned */
};

static Node *
node_new (double x, double y, double size, guint depth)
{
  Node *node = g_new0 (Node, 1);

  node->x = x;
  node->y = y;
  node->size = size;
  node->depth = depth;
  node->items = g_ptr_array_new ();
  return node;
}

static void
node_free (Node *node)
{
  if (node == NULL)
    return;
  for (int i = 0; i < 4; i++)
    node_free (node->children[i]);
  g_ptr_array_unref (node->items);
  g_free (node);
}

static gboolean
node_holds (const Node *node, const OrrRect *r)
{
  return r->x >= node->x && r->y >= node->y && r->x + r->width <= node->x + node->size
         && r->y + r->height <= node->y + node->size;
}

static void node_insert (Node *node, Entry *entry);

static void
node_split (Node *node)
{
  double half = node->size / 2;
  g_autoptr (GPtrArray) items = node->items;

  for (int i = 0; i < 4; i++)
    node->children[i]
      = node_new (node->x + (i & 1) * half, node->y + (i >> 1) * half, half, node->depth + 1);
  node->items = g_ptr_array_new ();
  for (guint i = 0; i < items->len; i++)
    node_insert (node, g_ptr_array_index (items, i));
}

static void
node_insert (Node *node, Entry *entry)
{
  for (;;)
    {
      Node *next = NULL;

      if (node->children[0] != NULL)
        for (int i = 0; i < 4 && next == NULL; i++)
          if (node_holds (node->children[i], &entry->bounds))
            next = node->children[i];
      if (next == NULL)
        break;
      node = next;
    }
  g_ptr_array_add (node->items, entry);
  entry->node = node;
  if (node->children[0] == NULL && node->items->len > SPLIT_THRESHOLD && node->depth < MAX_DEPTH)
    node_split (node);
}

static void
node_query (const Node *node, const OrrRect *rect, GPtrArray *result)
{
  OrrRect square = { node->x, node->y, node->size, node->size };

  if (!orr_canvas_rect_intersects (&square, rect))
    return;
  for (guint i = 0; i < node->items->len; i++)
    {
      Entry *entry = g_ptr_array_index (node->items, i);
      if (orr_canvas_rect_intersects (&entry->bounds, rect))
        g_ptr_array_add (result, entry->item);
    }
  if (node->children[0] != NULL)
    for (int i = 0; i < 4; i++)
      node_query (node->children[i], rect, result);
}

OrrCanvasIndex *
orr_canvas_index_new (void)
{
  OrrCanvasIndex *index = g_new0 (OrrCanvasIndex, 1);

  index->root = node_new (-INITIAL_SIZE / 2, -INITIAL_SIZE / 2, INITIAL_SIZE, 0);
  index->entries = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return index;
}

void
orr_canvas_index_free (OrrCanvasIndex *index)
{
  if (index == NULL)
    return;
  node_free (index->root);
  g_hash_table_unref (index->entries);
  g_free (index);
}

void
orr_canvas_index_clear (OrrCanvasIndex *index)
{
  node_free (index->root);
  index->root = node_new (-INITIAL_SIZE / 2, -INITIAL_SIZE / 2, INITIAL_SIZE, 0);
  g_hash_table_remove_all (index->entries);
}

/* Doubles the root square until it holds r, then reinserts everything:
 * rare (a diagram grows by whole screens), so a rebuild is fine. */
static void
grow_to_hold (OrrCanvasIndex *index, const OrrRect *r)
{
  double x = index->root->x, y = index->root->y, size = index->root->size;
  GHashTableIter iter;
  gpointer value;

  while (!(r->x >= x && r->y >= y && r->x + r->width <= x + size && r->y + r->height <= y + size))
    {
      /* grow about the centre, so both directions gain */
      x -= size / 2;
      y -= size / 2;
      size *= 2;
    }
  node_free (index->root);
  index->root = node_new (x, y, size, 0);
  /* depth counts from the new root, so deep trees stay bounded */
  g_hash_table_iter_init (&iter, index->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    node_insert (index->root, value);
}

void
orr_canvas_index_remove (OrrCanvasIndex *index, gpointer item)
{
  Entry *entry = g_hash_table_lookup (index->entries, item);

  if (entry == NULL)
    return;
  g_ptr_array_remove_fast (entry->node->items, entry);
  g_hash_table_remove (index->entries, item);
}

void
orr_canvas_index_set (OrrCanvasIndex *index, gpointer item, const OrrRect *bounds)
{
  Entry *entry = g_hash_table_lookup (index->entries, item);

  if (entry != NULL)
    {
      /* unchanged, or still in the same node: no tree work */
      if (node_holds (entry->node, bounds)
          && (entry->node->children[0] == NULL
              || !(node_holds (entry->node->children[0], bounds)
                   || node_holds (entry->node->children[1], bounds)
                   || node_holds (entry->node->children[2], bounds)
                   || node_holds (entry->node->children[3], bounds))))
        {
          entry->bounds = *bounds;
          return;
        }
      g_ptr_array_remove_fast (entry->node->items, entry);
    }
  else
    {
      entry = g_new0 (Entry, 1);
      entry->item = item;
      g_hash_table_insert (index->entries, item, entry);
    }
  entry->bounds = *bounds;
  if (!node_holds (index->root, bounds))
    {
      entry->node = NULL;
      grow_to_hold (index, bounds);
      return;
    }
  node_insert (index->root, entry);
}

gboolean
orr_canvas_index_contains (OrrCanvasIndex *index, gpointer item)
{
  return g_hash_table_contains (index->entries, item);
}

gboolean
orr_canvas_index_get_bounds (OrrCanvasIndex *index, gpointer item, OrrRect *bounds)
{
  Entry *entry = g_hash_table_lookup (index->entries, item);

  if (entry == NULL)
    return FALSE;
  *bounds = entry->bounds;
  return TRUE;
}

guint
orr_canvas_index_get_n_items (OrrCanvasIndex *index)
{
  return g_hash_table_size (index->entries);
}

void
orr_canvas_index_query (OrrCanvasIndex *index, const OrrRect *rect, GPtrArray *result)
{
  node_query (index->root, rect, result);
}

gboolean
orr_canvas_index_get_extent (OrrCanvasIndex *index, OrrRect *extent)
{
  GHashTableIter iter;
  gpointer value;
  gboolean any = FALSE;

  g_hash_table_iter_init (&iter, index->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entry *entry = value;
      if (!any)
        *extent = entry->bounds;
      else
        orr_canvas_rect_union (extent, &entry->bounds);
      any = TRUE;
    }
  return any;
}
