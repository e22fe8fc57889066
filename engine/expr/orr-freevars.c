/* orr-freevars.c - which names a script reads before assigning them, so
 * the editor can propose them as mask parameters.  See the definition in
 * orr-expr.h: a may-analysis over paths where branches are alternatives and
 * loop bodies run zero or one time.
 */
#include "orr-builtins.h"
#include "orr-parser.h"

#include <stdlib.h>
#include <string.h>

typedef struct
{
  GHashTable *free; /* names found free (set) */
} Walk;

/* @assigned: names definitely assigned on the current path (set). */
static void expr_reads (Walk *w, const OrrNode *node, GHashTable *assigned);
static void block (Walk *w, const OrrNode *node, GHashTable *assigned);

static void
read_name (Walk *w, const char *name, GHashTable *assigned)
{
  if (!g_hash_table_contains (assigned, name) && !orr_builtin_lookup (name))
    g_hash_table_add (w->free, g_strdup (name));
}

static void
expr_reads (Walk *w, const OrrNode *node, GHashTable *assigned)
{
  if (node == NULL)
    return;
  if (node->kind == ORR_NODE_IDENT || node->kind == ORR_NODE_CALL)
    read_name (w, node->name, assigned);
  expr_reads (w, node->a, assigned);
  expr_reads (w, node->b, assigned);
  expr_reads (w, node->c, assigned);
  for (guint k = 0; k < node->n_items; k++)
    expr_reads (w, node->items[k], assigned);
}

/* Whether 'end' in @node refers to the index being assigned: it does unless
 * it sits inside the index of another variable. */
static gboolean
uses_end (const OrrNode *node, GHashTable *assigned)
{
  if (node == NULL)
    return FALSE;
  if (node->kind == ORR_NODE_END)
    return TRUE;
  if (node->kind == ORR_NODE_CALL
      && (g_hash_table_contains (assigned, node->name) || !orr_builtin_lookup (node->name)))
    return FALSE;
  if (uses_end (node->a, assigned) || uses_end (node->b, assigned) || uses_end (node->c, assigned))
    return TRUE;
  for (guint k = 0; k < node->n_items; k++)
    if (uses_end (node->items[k], assigned))
      return TRUE;
  return FALSE;
}

static GHashTable *
copy_set (GHashTable *set)
{
  GHashTable *copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (copy, g_strdup (key));
  return copy;
}

/* Keeps in @into only names also in @other. */
static void
intersect (GHashTable *into, GHashTable *other)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, into);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (other, key))
      g_hash_table_iter_remove (&iter);
}

static void
statement (Walk *w, const OrrNode *node, GHashTable *assigned)
{
  switch (node->kind)
    {
      case ORR_NODE_EXPR_STMT:
        expr_reads (w, node->a, assigned);
        break;
      case ORR_NODE_ASSIGN:
        expr_reads (w, node->a, assigned);
        for (guint k = 0; k < node->n_items; k++)
          {
            /* A(end+1) = x depends on the current A */
            if (uses_end (node->items[k], assigned))
              read_name (w, node->name, assigned);
            expr_reads (w, node->items[k], assigned);
          }
        g_hash_table_add (assigned, g_strdup (node->name));
        break;
      case ORR_NODE_MULTI_ASSIGN:
        expr_reads (w, node->a, assigned);
        for (guint k = 0; k < node->n_items; k++)
          if (node->items[k])
            g_hash_table_add (assigned, g_strdup (node->items[k]->name));
        break;
      case ORR_NODE_IF:
        {
          GHashTable *common = NULL;
          gboolean has_else = FALSE;

          for (guint k = 0; k < node->n_items; k++)
            {
              const OrrNode *clause = node->items[k];
              GHashTable *branch;

              /* conditions are evaluated in sequence on the path */
              expr_reads (w, clause->a, assigned);
              has_else = has_else || clause->a == NULL;
              branch = copy_set (assigned);
              block (w, clause->b, branch);
              if (common == NULL)
                common = branch;
              else
                {
                  intersect (common, branch);
                  g_hash_table_unref (branch);
                }
            }
          /* without an else, falling through assigns nothing */
          if (common != NULL && has_else)
            {
              GHashTableIter iter;
              gpointer key;

              g_hash_table_iter_init (&iter, common);
              while (g_hash_table_iter_next (&iter, &key, NULL))
                g_hash_table_add (assigned, g_strdup (key));
            }
          if (common)
            g_hash_table_unref (common);
          break;
        }
      case ORR_NODE_FOR:
        {
          GHashTable *body = NULL;

          expr_reads (w, node->a, assigned);
          body = copy_set (assigned);
          g_hash_table_add (body, g_strdup (node->name));
          block (w, node->b, body);
          g_hash_table_unref (body);
          break;
        }
      case ORR_NODE_WHILE:
        {
          GHashTable *body;

          expr_reads (w, node->a, assigned);
          body = copy_set (assigned);
          block (w, node->b, body);
          g_hash_table_unref (body);
          break;
        }
      default:
        break;
    }
}

static void
block (Walk *w, const OrrNode *node, GHashTable *assigned)
{
  if (node->kind != ORR_NODE_BLOCK)
    {
      /* a bare expression */
      expr_reads (w, node, assigned);
      return;
    }
  for (guint k = 0; k < node->n_items; k++)
    statement (w, node->items[k], assigned);
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

char **
orr_expr_free_variables (const char *text, GError **error)
{
  g_autoptr (OrrAst) ast = NULL;
  g_autoptr (GHashTable) assigned = NULL;
  Walk w;
  GHashTableIter iter;
  gpointer key;
  char **names;
  guint n = 0;

  g_return_val_if_fail (text != NULL, NULL);
  if ((ast = orr_parse_script (text, error)) == NULL)
    return NULL;
  w.free = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  assigned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  block (&w, ast->root, assigned);
  names = g_new0 (char *, g_hash_table_size (w.free) + 1);
  g_hash_table_iter_init (&iter, w.free);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    names[n++] = g_strdup (key);
  qsort (names, n, sizeof (char *), compare_names);
  g_hash_table_unref (w.free);
  return names;
}
