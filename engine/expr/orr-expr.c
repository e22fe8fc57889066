/* orr-expr.c - public entry points: evaluate an expression, run a script,
 * check syntax.
 */
#include "orr-builtins.h"
#include "orr-eval.h"
#include "orr-expr-error.h"
#include "orr-parser.h"

static void
finish_error (OrrEval *ev, const char *text, GError **error)
{
  if (ev->error == NULL)
    orr_expr_error_set (&ev->error, text, 0, ORR_EXPR_ERROR_ARGUMENT, "evaluation failed");
  g_propagate_error (error, g_steal_pointer (&ev->error));
}

static OrrValue *
evaluate_ast (const OrrAst *ast, const char *text, OrrScope *scope, GError **error)
{
  g_autoptr (OrrScope) temp = NULL;
  OrrValue *result;
  OrrEval ev;

  if (scope == NULL)
    scope = temp = orr_scope_new (NULL);
  orr_eval_init (&ev, text, scope);
  result = orr_eval_expr (&ev, ast->root);
  if (result == NULL)
    finish_error (&ev, text, error);
  else
    g_clear_error (&ev.error);
  return result;
}

OrrValue *
orr_expr_evaluate (const char *text, OrrScope *scope, GError **error)
{
  g_autoptr (OrrAst) ast = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  if ((ast = orr_parse_expression (text, error)) == NULL)
    return NULL;
  return evaluate_ast (ast, text, scope, error);
}

struct _OrrExprCache
{
  GHashTable *entries; /* text -> CacheEntry*; texts that do not parse are not kept */
};

typedef struct
{
  OrrAst *ast;
  OrrValue *constant; /* the value, once evaluated, of a text that names nothing */
} CacheEntry;

static void
cache_entry_free (CacheEntry *entry)
{
  orr_ast_free (entry->ast);
  if (entry->constant != NULL)
    orr_value_unref (entry->constant);
  g_free (entry);
}

/* Whether node's value depends on nothing but its text: literals and
 * operators on them. Names (variables, but also rand) and calls are
 * looked up where they are evaluated, so they are never constant. */
static gboolean
node_is_constant (const OrrNode *node)
{
  if (node == NULL)
    return TRUE;
  switch (node->kind)
    {
      case ORR_NODE_NUMBER:
      case ORR_NODE_STRING:
        return TRUE;
      case ORR_NODE_UNARY:
      case ORR_NODE_BINARY:
      case ORR_NODE_RANGE:
        return node_is_constant (node->a) && node_is_constant (node->b)
               && node_is_constant (node->c);
      case ORR_NODE_MATRIX:
      case ORR_NODE_ROW:
        for (guint i = 0; i < node->n_items; i++)
          if (!node_is_constant (node->items[i]))
            return FALSE;
        return TRUE;
      default:
        return FALSE;
    }
}

OrrExprCache *
orr_expr_cache_new (void)
{
  OrrExprCache *cache = g_new0 (OrrExprCache, 1);
  cache->entries
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)cache_entry_free);
  return cache;
}

void
orr_expr_cache_free (OrrExprCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_unref (cache->entries);
  g_free (cache);
}

/* A text made of literals ("0", "[1 -1]") is evaluated once and its value
 * shared: values are immutable once shared (the evaluator copies a value
 * before changing it unless it holds the only references). */
OrrValue *
orr_expr_cache_evaluate (OrrExprCache *cache, const char *text, OrrScope *scope, GError **error)
{
  CacheEntry *entry;
  OrrValue *value;

  g_return_val_if_fail (cache != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  entry = g_hash_table_lookup (cache->entries, text);
  if (entry == NULL)
    {
      OrrAst *ast = orr_parse_expression (text, error);

      if (ast == NULL)
        return NULL;
      entry = g_new0 (CacheEntry, 1);
      entry->ast = ast;
      g_hash_table_insert (cache->entries, g_strdup (text), entry);
      if (node_is_constant (ast->root))
        {
          /* evaluated with an empty scope: it reads nothing from it */
          value = evaluate_ast (ast, text, NULL, error);
          if (value != NULL)
            entry->constant = orr_value_ref (value);
          return value;
        }
    }
  if (entry->constant != NULL)
    return orr_value_ref (entry->constant);
  return evaluate_ast (entry->ast, text, scope, error);
}

gboolean
orr_script_run (const char *text, OrrScope *scope, GError **error)
{
  g_autoptr (OrrAst) ast = NULL;
  OrrEval ev;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (scope != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if ((ast = orr_parse_script (text, error)) == NULL)
    return FALSE;
  orr_eval_init (&ev, text, scope);
  if (!orr_eval_block (&ev, ast->root))
    {
      finish_error (&ev, text, error);
      return FALSE;
    }
  g_clear_error (&ev.error);
  return TRUE;
}

gboolean
orr_expr_check_syntax (const char *text, gboolean expression_only, GError **error)
{
  g_autoptr (OrrAst) ast = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  ast = expression_only ? orr_parse_expression (text, error) : orr_parse_script (text, error);
  return ast != NULL;
}

gboolean
orr_expr_is_builtin (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);
  return orr_builtin_lookup (name) != NULL;
}
