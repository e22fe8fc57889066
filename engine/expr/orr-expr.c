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
  GHashTable *asts; /* text -> OrrAst*; texts that do not parse are not kept */
};

OrrExprCache *
orr_expr_cache_new (void)
{
  OrrExprCache *cache = g_new0 (OrrExprCache, 1);
  cache->asts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) orr_ast_free);
  return cache;
}

void
orr_expr_cache_free (OrrExprCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_unref (cache->asts);
  g_free (cache);
}

OrrValue *
orr_expr_cache_evaluate (OrrExprCache *cache, const char *text, OrrScope *scope, GError **error)
{
  OrrAst *ast;

  g_return_val_if_fail (cache != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  ast = g_hash_table_lookup (cache->asts, text);
  if (ast == NULL)
    {
      if ((ast = orr_parse_expression (text, error)) == NULL)
        return NULL;
      g_hash_table_insert (cache->asts, g_strdup (text), ast);
    }
  return evaluate_ast (ast, text, scope, error);
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
