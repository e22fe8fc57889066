/* orr-eval.c - walks the syntax tree: expressions, assignments and control
 * flow.  Operators, indexing and builtins live in their own files; this one
 * decides what a name means and in which order things happen.
 */
#include "orr-eval.h"
#include "orr-builtins.h"
#include "orr-expr-error.h"
#include "orr-index.h"
#include "orr-ops.h"
#include "orr-range.h"
#include "orr-concat.h"
#include "orr-scope-private.h"

#include <string.h>

void
orr_eval_init (OrrEval *ev, const char *text, OrrScope *scope)
{
  memset (ev, 0, sizeof *ev);
  ev->text = text;
  ev->scope = scope;
  ev->max_steps = orr_scope_get_statement_limit (scope);
}

gpointer
orr_eval_fail (OrrEval *ev, gsize pos, OrrExprError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  orr_expr_error_setv (&ev->error, ev->text, pos, code, format, args);
  va_end (args);
  return NULL;
}

gboolean
orr_eval_charge (OrrEval *ev, gsize pos, double amount)
{
  ev->work += amount;
  if (ev->work > ORR_EXPR_MAX_WORK)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_LIMIT,
                     "evaluation too expensive (more than %.0e element operations)",
                     ORR_EXPR_MAX_WORK);
      return FALSE;
    }
  return TRUE;
}

gboolean
orr_eval_check_size (OrrEval *ev, gsize pos, double rows, double cols)
{
  if (rows * cols > (double)ORR_VALUE_MAX_ELEMENTS)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_LIMIT,
                     "matrix too large: %.0fx%.0f exceeds %" G_GSIZE_FORMAT " elements", rows, cols,
                     ORR_VALUE_MAX_ELEMENTS);
      return FALSE;
    }
  return TRUE;
}

OrrValue *
orr_eval_new_matrix (OrrEval *ev, gsize pos, OrrType t, gsize rows, gsize cols)
{
  if (!orr_eval_check_size (ev, pos, (double)rows, (double)cols))
    return NULL;
  if (!orr_eval_charge (ev, pos, (double)rows * (double)cols + 1))
    return NULL;
  return orr_value_alloc (t, rows, cols);
}

static gboolean
count_step (OrrEval *ev, gsize pos)
{
  if (++ev->steps > ev->max_steps)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_LIMIT,
                     "more than %" G_GUINT64_FORMAT " statements executed (endless loop?)",
                     ev->max_steps);
      return FALSE;
    }
  return TRUE;
}

static void
unref_array (OrrValue **values, guint n)
{
  for (guint k = 0; k < n; k++)
    orr_value_unref (values[k]);
}

/* Evaluates the arguments of a builtin call; ':' is not a value there. */
static gboolean
eval_call_args (OrrEval *ev, const OrrNode *call, OrrValue **out)
{
  for (guint k = 0; k < call->n_items; k++)
    {
      const OrrNode *item = call->items[k];

      if (item->kind == ORR_NODE_COLON_ALL)
        out[k] = orr_eval_fail (ev, item->pos, ORR_EXPR_ERROR_SYNTAX,
                                "':' alone is only valid as an index, and '%s' is a function",
                                call->name);
      else
        out[k] = orr_eval_expr (ev, item);
      if (out[k] == NULL)
        {
          unref_array (out, k);
          return FALSE;
        }
    }
  return TRUE;
}

/* Evaluates the indices of @indexed; NULL entries mean ':'. */
static gboolean
eval_index_args (OrrEval *ev, const OrrNode *call, const OrrValue *indexed, OrrValue **out)
{
  const OrrEndContext *saved = ev->end;

  for (guint k = 0; k < call->n_items; k++)
    {
      const OrrNode *item = call->items[k];
      OrrEndContext ctx = { indexed, k, call->n_items };

      out[k] = NULL;
      if (item->kind == ORR_NODE_COLON_ALL)
        continue;
      ev->end = &ctx;
      out[k] = orr_eval_expr (ev, item);
      ev->end = saved;
      if (out[k] == NULL)
        {
          unref_array (out, k);
          return FALSE;
        }
    }
  return TRUE;
}

static gsize *
index_positions (const OrrNode *call)
{
  gsize *positions = g_new (gsize, call->n_items + 1);

  for (guint k = 0; k < call->n_items; k++)
    positions[k] = call->items[k]->pos;
  return positions;
}

static OrrValue *
call_builtin (OrrEval *ev, const OrrNode *node, const OrrBuiltin *b, guint nargout, OrrValue **outs)
{
  g_autofree OrrValue **args = g_new0 (OrrValue *, node->n_items + 1);
  guint nargs = node->kind == ORR_NODE_CALL ? node->n_items : 0;
  gboolean ok;

  if (nargs > 0 && !eval_call_args (ev, node, args))
    return NULL;
  ok = orr_builtin_invoke (ev, node->pos, b, nargs, args, nargout, outs);
  unref_array (args, nargs);
  if (!ok)
    return NULL;
  if (outs[0] == NULL && nargout > 0)
    return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_ARGUMENT, "'%s' does not return a value",
                          b->name);
  return outs[0];
}

/* name or name(...): a variable (indexed) or a builtin. */
static OrrValue *
eval_name (OrrEval *ev, const OrrNode *node)
{
  OrrValue *var = orr_scope_lookup (ev->scope, node->name);
  const OrrBuiltin *b;
  OrrValue *outs[1] = { NULL };

  if (var != NULL)
    {
      g_autofree OrrValue **idx = NULL;
      g_autofree gsize *arg_pos = NULL;
      OrrValue *result;

      if (node->kind == ORR_NODE_IDENT)
        return orr_value_ref (var);
      arg_pos = index_positions (node);
      /* keep it alive even if an index expression could replace it */
      var = orr_value_ref (var);
      idx = g_new0 (OrrValue *, node->n_items + 1);
      if (!eval_index_args (ev, node, var, idx))
        {
          orr_value_unref (var);
          return NULL;
        }
      result = orr_index_get (ev, node->pos, var, node->n_items, idx, arg_pos);
      unref_array (idx, node->n_items);
      orr_value_unref (var);
      return result;
    }
  b = orr_builtin_lookup (node->name);
  if (b == NULL)
    {
      if (node->kind == ORR_NODE_CALL)
        return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_UNDEFINED,
                              "undefined function or variable '%s'", node->name);
      return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_UNDEFINED, "undefined variable '%s'",
                            node->name);
    }
  return call_builtin (ev, node, b, 1, outs);
}

static OrrValue *
eval_end (OrrEval *ev, const OrrNode *node)
{
  const OrrEndContext *ctx = ev->end;
  double n;

  if (ctx == NULL)
    return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_SYNTAX,
                          "'end' is only valid inside the index of a variable");
  if (ctx->value == NULL)
    n = 0;
  else if (ctx->count == 1)
    n = (double)orr_value_numel_fast (ctx->value);
  else if (ctx->position == 0)
    n = (double)ctx->value->rows;
  else if (ctx->position == 1)
    n = (double)ctx->value->cols;
  else
    n = 1;
  return orr_value_new_double (n);
}

static OrrValue *
eval_matrix (OrrEval *ev, const OrrNode *node)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_value_unref);

  if (node->n_items == 0)
    return orr_value_alloc (ORR_TYPE_DOUBLE, 0, 0);
  for (guint r = 0; r < node->n_items; r++)
    {
      const OrrNode *row = node->items[r];
      g_autoptr (GPtrArray) elems
        = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_value_unref);
      OrrValue *joined;

      for (guint c = 0; c < row->n_items; c++)
        {
          OrrValue *v = orr_eval_expr (ev, row->items[c]);

          if (v == NULL)
            return NULL;
          g_ptr_array_add (elems, v);
        }
      if (elems->len == 1)
        joined = orr_value_ref (g_ptr_array_index (elems, 0));
      else if ((joined = orr_concat (ev, row->pos, (OrrValue **)elems->pdata, elems->len, TRUE))
               == NULL)
        return NULL;
      g_ptr_array_add (rows, joined);
    }
  if (rows->len == 1)
    return orr_value_ref (g_ptr_array_index (rows, 0));
  return orr_concat (ev, node->pos, (OrrValue **)rows->pdata, rows->len, FALSE);
}

static OrrValue *
eval_short_circuit (OrrEval *ev, const OrrNode *node)
{
  const char *symbol = node->op == ORR_OP_ANDAND ? "&&" : "||";
  OrrValue *v;
  gboolean a, b;

  if ((v = orr_eval_expr (ev, node->a)) == NULL)
    return NULL;
  if (!orr_op_logical_scalar (ev, node->pos, v, symbol, &a))
    {
      orr_value_unref (v);
      return NULL;
    }
  orr_value_unref (v);
  if ((node->op == ORR_OP_ANDAND && !a) || (node->op == ORR_OP_OROR && a))
    return orr_value_new_bool (a);
  if ((v = orr_eval_expr (ev, node->b)) == NULL)
    return NULL;
  if (!orr_op_logical_scalar (ev, node->pos, v, symbol, &b))
    {
      orr_value_unref (v);
      return NULL;
    }
  orr_value_unref (v);
  return orr_value_new_bool (b);
}

OrrValue *
orr_eval_expr (OrrEval *ev, const OrrNode *node)
{
  OrrValue *a, *b, *c, *r;

  switch (node->kind)
    {
      case ORR_NODE_NUMBER:
        if (node->imaginary)
          return orr_value_new_complex (0.0, node->number);
        return orr_value_new_double (node->number);
      case ORR_NODE_STRING:
        if (!orr_eval_charge (ev, node->pos, (double)strlen (node->name)))
          return NULL;
        return orr_value_new_string (node->name);
      case ORR_NODE_IDENT:
      case ORR_NODE_CALL:
        return eval_name (ev, node);
      case ORR_NODE_END:
        return eval_end (ev, node);
      case ORR_NODE_MATRIX:
        return eval_matrix (ev, node);
      case ORR_NODE_UNARY:
        if ((a = orr_eval_expr (ev, node->a)) == NULL)
          return NULL;
        r = orr_op_unary (ev, node->pos, node->op, a);
        orr_value_unref (a);
        return r;
      case ORR_NODE_BINARY:
        if (node->op == ORR_OP_ANDAND || node->op == ORR_OP_OROR)
          return eval_short_circuit (ev, node);
        if ((a = orr_eval_expr (ev, node->a)) == NULL)
          return NULL;
        if ((b = orr_eval_expr (ev, node->b)) == NULL)
          {
            orr_value_unref (a);
            return NULL;
          }
        r = orr_op_binary (ev, node->pos, node->op, a, b);
        orr_value_unref (a);
        orr_value_unref (b);
        return r;
      case ORR_NODE_RANGE:
        a = orr_eval_expr (ev, node->a);
        b = a && node->b ? orr_eval_expr (ev, node->b) : NULL;
        c = a && (b || !node->b) ? orr_eval_expr (ev, node->c) : NULL;
        r = c ? orr_range (ev, node->pos, a, b, c) : NULL;
        orr_value_unref (a);
        orr_value_unref (b);
        orr_value_unref (c);
        return r;
      case ORR_NODE_COLON_ALL:
        return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_SYNTAX,
                              "':' alone is only valid as an index");
      default:
        return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_SYNTAX,
                              "a statement is not an expression");
    }
}

static void
assign (OrrEval *ev, const char *name, OrrValue *v)
{
  if (!orr_scope_is_pinned (ev->scope, name))
    orr_scope_set (ev->scope, name, v);
}

static gboolean
exec_assign (OrrEval *ev, const OrrNode *node)
{
  OrrValue *rhs, *target, *result;
  g_autofree OrrValue **idx = NULL;
  g_autofree gsize *arg_pos = NULL;
  gboolean local;

  if (orr_scope_is_pinned (ev->scope, node->name))
    return TRUE;
  if ((rhs = orr_eval_expr (ev, node->a)) == NULL)
    return FALSE;
  if (!node->has_index)
    {
      orr_scope_set (ev->scope, node->name, rhs);
      orr_value_unref (rhs);
      return TRUE;
    }
  target = orr_scope_lookup_local (ev->scope, node->name);
  local = target != NULL;
  if (target == NULL)
    target = orr_scope_lookup (ev->scope, node->name);
  if (target)
    orr_value_ref (target);
  idx = g_new0 (OrrValue *, node->n_items + 1);
  if (!eval_index_args (ev, node, target, idx))
    {
      orr_value_unref (target);
      orr_value_unref (rhs);
      return FALSE;
    }
  /* Our reference plus the scope's: nobody else can observe a change. */
  arg_pos = index_positions (node);
  result
    = orr_index_set (ev, node->pos, target, local && g_atomic_int_get (&target->ref_count) == 2,
                     node->n_items, idx, arg_pos, rhs);
  unref_array (idx, node->n_items);
  orr_value_unref (rhs);
  orr_value_unref (target);
  if (result == NULL)
    return FALSE;
  orr_scope_set (ev->scope, node->name, result);
  orr_value_unref (result);
  return TRUE;
}

static gboolean
exec_multi_assign (OrrEval *ev, const OrrNode *node)
{
  const OrrNode *rhs = node->a;
  OrrValue *var = orr_scope_lookup (ev->scope, rhs->name);
  const OrrBuiltin *b = var ? NULL : orr_builtin_lookup (rhs->name);
  guint n = node->n_items;
  g_autofree OrrValue **outs = NULL;

  if (var != NULL || b == NULL)
    {
      if (var == NULL)
        return orr_eval_fail (ev, rhs->pos, ORR_EXPR_ERROR_UNDEFINED, "undefined function '%s'",
                              rhs->name)
               != NULL;
      if (n > 1)
        return orr_eval_fail (ev, rhs->pos, ORR_EXPR_ERROR_ARGUMENT,
                              "'%s' is a variable and gives only one value", rhs->name)
               != NULL;
    }
  else if (n > b->max_out)
    return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                          "'%s' returns at most %u value%s, %u requested", b->name, b->max_out,
                          b->max_out == 1 ? "" : "s", n)
           != NULL;
  outs = g_new0 (OrrValue *, n + 1);
  if (b != NULL)
    {
      if (call_builtin (ev, rhs, b, n, outs) == NULL)
        {
          unref_array (outs, n);
          return FALSE;
        }
    }
  else if ((outs[0] = orr_eval_expr (ev, rhs)) == NULL)
    return FALSE;
  for (guint k = 0; k < n; k++)
    {
      if (node->items[k] && outs[k])
        assign (ev, node->items[k]->name, outs[k]);
    }
  unref_array (outs, n);
  return TRUE;
}

static gboolean
condition (OrrEval *ev, const OrrNode *expr, gboolean *out)
{
  OrrValue *v = orr_eval_expr (ev, expr);
  gboolean ok;

  if (v == NULL)
    return FALSE;
  ok = orr_op_truth (ev, expr->pos, v, out);
  orr_value_unref (v);
  return ok;
}

/* Runs one loop iteration; FALSE on error.  *stop is set on break/return. */
static gboolean
run_body (OrrEval *ev, const OrrNode *loop, gboolean *stop)
{
  *stop = FALSE;
  if (!count_step (ev, loop->pos))
    return FALSE;
  if (!orr_eval_block (ev, loop->b))
    return FALSE;
  if (ev->flow == ORR_FLOW_BREAK || ev->flow == ORR_FLOW_RETURN)
    {
      *stop = TRUE;
      if (ev->flow == ORR_FLOW_BREAK)
        ev->flow = ORR_FLOW_NORMAL;
    }
  else if (ev->flow == ORR_FLOW_CONTINUE)
    ev->flow = ORR_FLOW_NORMAL;
  return TRUE;
}

/* Assigns each column of @v to the loop variable in turn. */
static gboolean
iterate_columns (OrrEval *ev, const OrrNode *node, const OrrValue *v)
{
  gboolean ok = TRUE, stop = FALSE;

  if (v->type == ORR_TYPE_STRING)
    {
      assign (ev, node->name, (OrrValue *)v);
      return run_body (ev, node, &stop);
    }
  if (orr_value_numel_fast (v) == 0)
    return TRUE;
  for (gsize j = 0; j < v->cols && ok && !stop; j++)
    {
      OrrValue *col = orr_index_column (v, j);

      assign (ev, node->name, col);
      orr_value_unref (col);
      ok = run_body (ev, node, &stop);
    }
  return ok;
}

/* for k = a:s:b with real scalar bounds runs without building the vector. */
static gboolean
exec_for_range (OrrEval *ev, const OrrNode *node)
{
  const OrrNode *range = node->a;
  const OrrNode *parts[3] = { range->a, range->b, range->c };
  OrrValue *v[3] = { NULL, NULL, NULL };
  double d[3] = { 0, 1, 0 };
  gboolean ok = TRUE, plain = TRUE, stop = FALSE;
  gsize n;

  for (guint k = 0; k < 3 && ok; k++)
    if (parts[k] && (v[k] = orr_eval_expr (ev, parts[k])) == NULL)
      ok = FALSE;
  for (guint k = 0; k < 3 && ok; k++)
    {
      if (v[k] && (v[k]->type != ORR_TYPE_DOUBLE || v[k]->rows != 1 || v[k]->cols != 1))
        plain = FALSE;
      else if (v[k])
        d[k] = *(double *)v[k]->data;
    }
  if (ok && !plain)
    {
      OrrValue *vec = orr_range (ev, range->pos, v[0], v[1], v[2]);

      ok = vec != NULL && iterate_columns (ev, node, vec);
      orr_value_unref (vec);
    }
  else if (ok)
    {
      ok = orr_range_count (ev, range->pos, d[0], d[1], d[2], &n);
      for (gsize k = 0; ok && k < n && !stop; k++)
        {
          OrrValue *x = orr_value_new_double (orr_range_element (d[0], d[1], d[2], k));

          assign (ev, node->name, x);
          orr_value_unref (x);
          ok = run_body (ev, node, &stop);
        }
    }
  for (guint k = 0; k < 3; k++)
    orr_value_unref (v[k]);
  return ok;
}

static gboolean
exec_for (OrrEval *ev, const OrrNode *node)
{
  OrrValue *v;
  gboolean ok;

  if (node->a->kind == ORR_NODE_RANGE)
    return exec_for_range (ev, node);
  if ((v = orr_eval_expr (ev, node->a)) == NULL)
    return FALSE;
  ok = iterate_columns (ev, node, v);
  orr_value_unref (v);
  return ok;
}

static gboolean
exec_while (OrrEval *ev, const OrrNode *node)
{
  gboolean stop = FALSE, truth;

  while (!stop)
    {
      if (!condition (ev, node->a, &truth))
        return FALSE;
      if (!truth)
        break;
      if (!run_body (ev, node, &stop))
        return FALSE;
    }
  return TRUE;
}

static gboolean
exec_statement (OrrEval *ev, const OrrNode *node)
{
  if (!count_step (ev, node->pos))
    return FALSE;
  switch (node->kind)
    {
      case ORR_NODE_EXPR_STMT:
        {
          const OrrNode *e = node->a;
          const OrrBuiltin *b;
          OrrValue *outs[1] = { NULL };

          /* a call like error('...') may return nothing */
          if ((e->kind == ORR_NODE_CALL || e->kind == ORR_NODE_IDENT)
              && orr_scope_lookup (ev->scope, e->name) == NULL
              && (b = orr_builtin_lookup (e->name)) != NULL)
            {
              if (call_builtin (ev, e, b, 0, outs) == NULL && ev->error)
                return FALSE;
              orr_value_unref (outs[0]);
              return TRUE;
            }
          if ((outs[0] = orr_eval_expr (ev, e)) == NULL)
            return FALSE;
          orr_value_unref (outs[0]);
          return TRUE;
        }
      case ORR_NODE_ASSIGN:
        return exec_assign (ev, node);
      case ORR_NODE_MULTI_ASSIGN:
        return exec_multi_assign (ev, node);
      case ORR_NODE_IF:
        for (guint k = 0; k < node->n_items; k++)
          {
            const OrrNode *clause = node->items[k];
            gboolean truth = TRUE;

            if (clause->a && !condition (ev, clause->a, &truth))
              return FALSE;
            if (truth)
              return orr_eval_block (ev, clause->b);
          }
        return TRUE;
      case ORR_NODE_FOR:
        return exec_for (ev, node);
      case ORR_NODE_WHILE:
        return exec_while (ev, node);
      case ORR_NODE_BREAK:
        ev->flow = ORR_FLOW_BREAK;
        return TRUE;
      case ORR_NODE_CONTINUE:
        ev->flow = ORR_FLOW_CONTINUE;
        return TRUE;
      case ORR_NODE_RETURN:
        ev->flow = ORR_FLOW_RETURN;
        return TRUE;
      default:
        return orr_eval_fail (ev, node->pos, ORR_EXPR_ERROR_SYNTAX, "not a statement") != NULL;
    }
}

gboolean
orr_eval_block (OrrEval *ev, const OrrNode *block)
{
  for (guint k = 0; k < block->n_items; k++)
    {
      if (!exec_statement (ev, block->items[k]))
        return FALSE;
      if (ev->flow != ORR_FLOW_NORMAL)
        break;
    }
  return TRUE;
}
