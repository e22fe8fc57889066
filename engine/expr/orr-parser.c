/* orr-parser.c - recursive descent parser for the parameter language.
 *
 * Precedence, lowest first, as in MATLAB: || , && , | , & , comparisons ,
 * ':' , binary + - , * / \ .* ./ .\ , unary + - ~ , ^ .^ (left associative,
 * the exponent may carry a sign: 2^-1), postfix ' .' and indexing.
 *
 * Every recursion passes through enter() so that no input can exhaust the
 * stack, and every node's subtree height is bounded so that the evaluator's
 * recursion is bounded too.
 */
#include "orr-parser.h"
#include "orr-expr-error.h"
#include "orr-lexer.h"

#include <string.h>

typedef struct
{
  const char *text;
  const OrrToken *toks;
  guint n;
  guint i;
  OrrAst *ast;
  GError **error;
  int nesting;
  int loop_depth;
  int index_depth;    /* inside name(...): 'end' is a value */
  gboolean in_matrix; /* directly inside [ ]: spaces separate */
} Parser;

typedef enum
{
  STOP_EOF = 1 << 0,
  STOP_END = 1 << 1,
  STOP_ELSE = 1 << 2,
} StopSet;

static OrrNode *parse_expr (Parser *p);
static OrrNode *parse_block (Parser *p, StopSet stop);

static const OrrToken *
peek (Parser *p)
{
  return &p->toks[p->i];
}

static const OrrToken *
peek_at (Parser *p, guint k)
{
  return &p->toks[MIN (p->i + k, p->n - 1)];
}

static const OrrToken *
advance (Parser *p)
{
  const OrrToken *tok = &p->toks[p->i];

  if (p->i < p->n - 1)
    p->i++;
  return tok;
}

static gboolean
check (Parser *p, OrrTokKind kind)
{
  return p->toks[p->i].kind == kind;
}

static gpointer fail (Parser *p, gsize pos, OrrExprError code, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gpointer
fail (Parser *p, gsize pos, OrrExprError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  orr_expr_error_setv (p->error, p->text, pos, code, format, args);
  va_end (args);
  return NULL;
}

static gpointer
fail_unexpected (Parser *p, const char *expected)
{
  g_autofree char *what = orr_token_describe (peek (p));

  if (peek (p)->kind == ORR_TOK_LBRACE)
    return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX, "cell arrays ('{') are not supported");
  if (peek (p)->kind == ORR_TOK_UNSUPPORTED_KEYWORD)
    return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX, "'%s' is not supported", peek (p)->text);
  if (expected)
    return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX, "expected %s, found %s", expected, what);
  return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX, "unexpected %s", what);
}

/* "expected ')' to close '(' opened at column 3" */
static gpointer
fail_unclosed (Parser *p, const char *closer, const char *what, gsize open_pos)
{
  int line, col, open_line, open_col;
  g_autofree char *found = orr_token_describe (peek (p));

  orr_expr_position (p->text, peek (p)->pos, &line, &col);
  orr_expr_position (p->text, open_pos, &open_line, &open_col);
  if (line == open_line)
    return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX,
                 "expected '%s' to close '%s' opened at column %d, found %s", closer, what,
                 open_col, found);
  return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX,
               "expected '%s' to close '%s' opened at line %d, column %d, found %s", closer, what,
               open_line, open_col, found);
}

static gboolean
enter (Parser *p, gsize pos)
{
  if (++p->nesting > ORR_EXPR_MAX_NESTING)
    {
      fail (p, pos, ORR_EXPR_ERROR_LIMIT, "nesting deeper than %d levels", ORR_EXPR_MAX_NESTING);
      return FALSE;
    }
  return TRUE;
}

static void
leave (Parser *p)
{
  p->nesting--;
}

static OrrNode *
finish (Parser *p, OrrNode *node)
{
  if (orr_ast_node_update_depth (node) > ORR_EXPR_MAX_DEPTH)
    return fail (p, node->pos, ORR_EXPR_ERROR_LIMIT,
                 "expression too complex (more than %d levels deep)", ORR_EXPR_MAX_DEPTH);
  return node;
}

static OrrNode *
make_binary (Parser *p, OrrOp op, gsize pos, OrrNode *a, OrrNode *b)
{
  OrrNode *node = orr_ast_node_new (p->ast, ORR_NODE_BINARY, pos);

  node->op = op;
  node->a = a;
  node->b = b;
  return finish (p, node);
}

static OrrNode *
make_unary (Parser *p, OrrOp op, gsize pos, OrrNode *a)
{
  OrrNode *node = orr_ast_node_new (p->ast, ORR_NODE_UNARY, pos);

  node->op = op;
  node->a = a;
  return finish (p, node);
}

/* Arguments of name(...), p->i at '('. */
static GPtrArray *
parse_args (Parser *p)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  gsize open_pos = peek (p)->pos;
  gboolean saved_matrix = p->in_matrix;

  if (!enter (p, open_pos))
    return NULL;
  advance (p);
  p->in_matrix = FALSE;
  p->index_depth++;
  if (check (p, ORR_TOK_RPAREN))
    advance (p);
  else
    for (;;)
      {
        OrrNode *arg;
        OrrTokKind after = peek_at (p, 1)->kind;

        if (check (p, ORR_TOK_COLON) && (after == ORR_TOK_COMMA || after == ORR_TOK_RPAREN))
          arg = orr_ast_node_new (p->ast, ORR_NODE_COLON_ALL, advance (p)->pos);
        else if ((arg = parse_expr (p)) == NULL)
          return NULL;
        g_ptr_array_add (args, arg);
        if (check (p, ORR_TOK_COMMA))
          {
            advance (p);
            continue;
          }
        if (check (p, ORR_TOK_RPAREN))
          {
            advance (p);
            break;
          }
        return fail_unclosed (p, ")", "(", open_pos);
      }
  p->index_depth--;
  p->in_matrix = saved_matrix;
  leave (p);
  return g_steal_pointer (&args);
}

static OrrNode *
parse_matrix (Parser *p)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autoptr (GPtrArray) row = g_ptr_array_new ();
  gsize open_pos = peek (p)->pos;
  gboolean saved_matrix = p->in_matrix, need_sep = FALSE;
  OrrNode *node;

  if (!enter (p, open_pos))
    return NULL;
  advance (p);
  p->in_matrix = TRUE;
  for (;;)
    {
      const OrrToken *tok = peek (p);
      OrrNode *el;

      if (tok->kind == ORR_TOK_RBRACKET || tok->kind == ORR_TOK_SEMI
          || tok->kind == ORR_TOK_NEWLINE)
        {
          advance (p);
          need_sep = FALSE;
          if (row->len > 0)
            {
              OrrNode *first = g_ptr_array_index (row, 0);
              OrrNode *r = orr_ast_node_new (p->ast, ORR_NODE_ROW, first->pos);

              orr_ast_node_take_items (r, g_steal_pointer (&row));
              row = g_ptr_array_new ();
              if (finish (p, r) == NULL)
                return NULL;
              g_ptr_array_add (rows, r);
            }
          if (tok->kind == ORR_TOK_RBRACKET)
            break;
          continue;
        }
      if (tok->kind == ORR_TOK_COMMA)
        {
          advance (p);
          need_sep = FALSE;
          continue;
        }
      if (tok->kind == ORR_TOK_EOF)
        return fail_unclosed (p, "]", "[", open_pos);
      if (need_sep && !tok->space_before)
        return fail_unexpected (p, "',' or ']'");
      if ((el = parse_expr (p)) == NULL)
        return NULL;
      g_ptr_array_add (row, el);
      need_sep = TRUE;
    }
  p->in_matrix = saved_matrix;
  leave (p);
  node = orr_ast_node_new (p->ast, ORR_NODE_MATRIX, open_pos);
  orr_ast_node_take_items (node, g_steal_pointer (&rows));
  return finish (p, node);
}

static OrrNode *
parse_primary (Parser *p)
{
  const OrrToken *tok = peek (p);
  OrrNode *node;

  switch (tok->kind)
    {
      case ORR_TOK_NUMBER:
        node = orr_ast_node_new (p->ast, ORR_NODE_NUMBER, tok->pos);
        node->number = tok->number;
        node->imaginary = tok->imaginary;
        advance (p);
        return node;
      case ORR_TOK_STRING:
        node = orr_ast_node_new (p->ast, ORR_NODE_STRING, tok->pos);
        node->name = g_strdup (tok->text);
        advance (p);
        return node;
      case ORR_TOK_IDENT:
        node = orr_ast_node_new (p->ast, ORR_NODE_IDENT, tok->pos);
        node->name = g_strdup (tok->text);
        advance (p);
        return node;
      case ORR_TOK_END:
        if (p->index_depth == 0)
          return fail (p, tok->pos, ORR_EXPR_ERROR_SYNTAX,
                       "'end' used as a value outside an index");
        advance (p);
        return orr_ast_node_new (p->ast, ORR_NODE_END, tok->pos);
      case ORR_TOK_LPAREN:
        {
          gsize open_pos = tok->pos;
          gboolean saved_matrix = p->in_matrix;

          if (!enter (p, open_pos))
            return NULL;
          advance (p);
          p->in_matrix = FALSE;
          if ((node = parse_expr (p)) == NULL)
            return NULL;
          if (!check (p, ORR_TOK_RPAREN))
            return fail_unclosed (p, ")", "(", open_pos);
          advance (p);
          p->in_matrix = saved_matrix;
          leave (p);
          return node;
        }
      case ORR_TOK_LBRACKET:
        return parse_matrix (p);
      case ORR_TOK_EOF:
        return fail (p, tok->pos, ORR_EXPR_ERROR_SYNTAX,
                     "unexpected end of input, expected an expression");
      default:
        return fail_unexpected (p, "an expression");
    }
}

static OrrNode *
parse_postfix (Parser *p)
{
  OrrNode *node = parse_primary (p);

  while (node)
    {
      const OrrToken *tok = peek (p);

      if (tok->kind == ORR_TOK_QUOTE || tok->kind == ORR_TOK_DOTQUOTE)
        {
          advance (p);
          node = make_unary (p, tok->kind == ORR_TOK_QUOTE ? ORR_OP_CTRANSPOSE : ORR_OP_TRANSPOSE,
                             tok->pos, node);
        }
      else if (tok->kind == ORR_TOK_LPAREN && !(p->in_matrix && tok->space_before))
        {
          GPtrArray *args;
          OrrNode *call;

          if (node->kind != ORR_NODE_IDENT)
            return fail (
              p, tok->pos, ORR_EXPR_ERROR_SYNTAX,
              "only a name can be called or indexed; assign this result to a variable first");
          if ((args = parse_args (p)) == NULL)
            return NULL;
          call = orr_ast_node_new (p->ast, ORR_NODE_CALL, node->pos);
          call->name = g_strdup (node->name);
          orr_ast_node_take_items (call, args);
          node = finish (p, call);
        }
      else
        break;
    }
  return node;
}

static gboolean
is_prefix_op (OrrTokKind kind, OrrOp *op)
{
  switch (kind)
    {
      case ORR_TOK_MINUS:
        *op = ORR_OP_NEG;
        return TRUE;
      case ORR_TOK_PLUS:
        *op = ORR_OP_PLUS;
        return TRUE;
      case ORR_TOK_NOT:
        *op = ORR_OP_NOT;
        return TRUE;
      default:
        return FALSE;
    }
}

/* The exponent of ^: a postfix expression, possibly signed (2^-1). */
static OrrNode *
parse_power_operand (Parser *p)
{
  const OrrToken *tok = peek (p);
  OrrNode *operand;
  OrrOp op;

  if (!is_prefix_op (tok->kind, &op))
    return parse_postfix (p);
  if (!enter (p, tok->pos))
    return NULL;
  advance (p);
  operand = parse_power_operand (p);
  leave (p);
  return operand ? make_unary (p, op, tok->pos, operand) : NULL;
}

static OrrNode *
parse_power (Parser *p)
{
  OrrNode *node = parse_postfix (p);

  while (node && (check (p, ORR_TOK_CARET) || check (p, ORR_TOK_DOTCARET)))
    {
      const OrrToken *tok = advance (p);
      OrrNode *exponent = parse_power_operand (p);

      if (exponent == NULL)
        return NULL;
      node = make_binary (p, tok->kind == ORR_TOK_CARET ? ORR_OP_POW : ORR_OP_EPOW, tok->pos, node,
                          exponent);
    }
  return node;
}

static OrrNode *
parse_unary (Parser *p)
{
  const OrrToken *tok = peek (p);
  OrrNode *operand;
  OrrOp op;

  if (!is_prefix_op (tok->kind, &op))
    return parse_power (p);
  if (!enter (p, tok->pos))
    return NULL;
  advance (p);
  operand = parse_unary (p);
  leave (p);
  return operand ? make_unary (p, op, tok->pos, operand) : NULL;
}

typedef enum
{
  LEVEL_OROR,
  LEVEL_ANDAND,
  LEVEL_OR,
  LEVEL_AND,
  LEVEL_COMPARE,
  LEVEL_RANGE,
  LEVEL_ADD,
  LEVEL_MUL,
  LEVEL_UNARY
} Level;

static gboolean
binary_op_at_level (Level level, OrrTokKind kind, OrrOp *op)
{
  static const struct
  {
    Level level;
    OrrTokKind kind;
    OrrOp op;
  } table[] = {
    { LEVEL_OROR, ORR_TOK_OROR, ORR_OP_OROR },
    { LEVEL_ANDAND, ORR_TOK_ANDAND, ORR_OP_ANDAND },
    { LEVEL_OR, ORR_TOK_OR, ORR_OP_OR },
    { LEVEL_AND, ORR_TOK_AND, ORR_OP_AND },
    { LEVEL_COMPARE, ORR_TOK_EQ, ORR_OP_EQ },
    { LEVEL_COMPARE, ORR_TOK_NE, ORR_OP_NE },
    { LEVEL_COMPARE, ORR_TOK_LT, ORR_OP_LT },
    { LEVEL_COMPARE, ORR_TOK_LE, ORR_OP_LE },
    { LEVEL_COMPARE, ORR_TOK_GT, ORR_OP_GT },
    { LEVEL_COMPARE, ORR_TOK_GE, ORR_OP_GE },
    { LEVEL_ADD, ORR_TOK_PLUS, ORR_OP_ADD },
    { LEVEL_ADD, ORR_TOK_MINUS, ORR_OP_SUB },
    { LEVEL_MUL, ORR_TOK_STAR, ORR_OP_MUL },
    { LEVEL_MUL, ORR_TOK_SLASH, ORR_OP_DIV },
    { LEVEL_MUL, ORR_TOK_BACKSLASH, ORR_OP_LDIV },
    { LEVEL_MUL, ORR_TOK_DOTSTAR, ORR_OP_EMUL },
    { LEVEL_MUL, ORR_TOK_DOTSLASH, ORR_OP_EDIV },
    { LEVEL_MUL, ORR_TOK_DOTBACKSLASH, ORR_OP_ELDIV },
  };
  guint k;

  for (k = 0; k < G_N_ELEMENTS (table); k++)
    if (table[k].level == level && table[k].kind == kind)
      {
        *op = table[k].op;
        return TRUE;
      }
  return FALSE;
}

static OrrNode *parse_level (Parser *p, Level level);

/* a:b or a:step:b */
static OrrNode *
parse_range (Parser *p)
{
  OrrNode *first, *second, *third = NULL, *node;
  gsize pos;

  if ((first = parse_level (p, LEVEL_ADD)) == NULL)
    return NULL;
  if (!check (p, ORR_TOK_COLON))
    return first;
  pos = advance (p)->pos;
  if ((second = parse_level (p, LEVEL_ADD)) == NULL)
    return NULL;
  if (check (p, ORR_TOK_COLON))
    {
      advance (p);
      if ((third = parse_level (p, LEVEL_ADD)) == NULL)
        return NULL;
    }
  node = orr_ast_node_new (p->ast, ORR_NODE_RANGE, pos);
  node->a = first;
  node->b = third ? second : NULL;
  node->c = third ? third : second;
  return finish (p, node);
}

static OrrNode *
parse_level (Parser *p, Level level)
{
  OrrNode *node;

  if (level == LEVEL_RANGE)
    return parse_range (p);
  if (level == LEVEL_UNARY)
    return parse_unary (p);
  node = parse_level (p, level + 1);
  while (node)
    {
      const OrrToken *tok = peek (p);
      OrrNode *rhs;
      OrrOp op;

      if (!binary_op_at_level (level, tok->kind, &op))
        break;
      /* Inside [ ], "a -b" is two elements while "a - b" and "a-b" are one. */
      if (level == LEVEL_ADD && p->in_matrix && tok->space_before && !peek_at (p, 1)->space_before)
        break;
      advance (p);
      if ((rhs = parse_level (p, level + 1)) == NULL)
        return NULL;
      node = make_binary (p, op, tok->pos, node, rhs);
    }
  return node;
}

static OrrNode *
parse_expr (Parser *p)
{
  return parse_level (p, LEVEL_OROR);
}

static guint
find_matching_close (Parser *p, guint open)
{
  int depth = 0;
  guint k;

  for (k = open; k < p->n; k++)
    switch (p->toks[k].kind)
      {
        case ORR_TOK_LPAREN:
        case ORR_TOK_LBRACKET:
        case ORR_TOK_LBRACE:
          depth++;
          break;
        case ORR_TOK_RPAREN:
        case ORR_TOK_RBRACKET:
        case ORR_TOK_RBRACE:
          if (--depth == 0)
            return k;
          break;
        case ORR_TOK_EOF:
          return k;
        default:
          break;
      }
  return p->n - 1;
}

static gboolean
next_is_assign_after (Parser *p, guint close)
{
  return close + 1 < p->n && p->toks[close + 1].kind == ORR_TOK_ASSIGN;
}

static OrrNode *
parse_assignment (Parser *p)
{
  const OrrToken *name = advance (p);
  OrrNode *node = orr_ast_node_new (p->ast, ORR_NODE_ASSIGN, name->pos);

  node->name = g_strdup (name->text);
  if (check (p, ORR_TOK_LPAREN))
    {
      GPtrArray *args = parse_args (p);

      if (args == NULL)
        return NULL;
      orr_ast_node_take_items (node, args);
      node->has_index = TRUE;
    }
  if (!check (p, ORR_TOK_ASSIGN))
    return fail_unexpected (p, "'='");
  advance (p);
  if ((node->a = parse_expr (p)) == NULL)
    return NULL;
  return finish (p, node);
}

static OrrNode *
parse_multi_assignment (Parser *p)
{
  g_autoptr (GPtrArray) targets = g_ptr_array_new ();
  gsize open_pos = advance (p)->pos;
  OrrNode *node;

  for (;;)
    {
      const OrrToken *tok = peek (p);

      if (tok->kind == ORR_TOK_COMMA)
        advance (p);
      else if (tok->kind == ORR_TOK_RBRACKET)
        {
          advance (p);
          break;
        }
      else if (tok->kind == ORR_TOK_NOT)
        {
          advance (p);
          g_ptr_array_add (targets, NULL);
        }
      else if (tok->kind == ORR_TOK_IDENT && peek_at (p, 1)->kind != ORR_TOK_LPAREN)
        {
          OrrNode *t = orr_ast_node_new (p->ast, ORR_NODE_IDENT, tok->pos);

          t->name = g_strdup (tok->text);
          advance (p);
          g_ptr_array_add (targets, t);
        }
      else
        return fail (p, tok->pos, ORR_EXPR_ERROR_SYNTAX,
                     "only variable names or '~' may receive multiple results");
    }
  if (targets->len == 0)
    return fail (p, open_pos, ORR_EXPR_ERROR_SYNTAX, "empty list of assignment targets");
  advance (p); /* '=' */
  node = orr_ast_node_new (p->ast, ORR_NODE_MULTI_ASSIGN, open_pos);
  orr_ast_node_take_items (node, g_steal_pointer (&targets));
  if ((node->a = parse_expr (p)) == NULL)
    return NULL;
  if (node->a->kind != ORR_NODE_CALL && node->a->kind != ORR_NODE_IDENT)
    return fail (p, node->a->pos, ORR_EXPR_ERROR_SYNTAX,
                 "a multiple assignment needs a function call on the right");
  return finish (p, node);
}

static OrrNode *
parse_if (Parser *p)
{
  g_autoptr (GPtrArray) clauses = g_ptr_array_new ();
  gsize if_pos = peek (p)->pos;
  OrrNode *node;

  if (!enter (p, if_pos))
    return NULL;
  advance (p);
  for (;;)
    {
      OrrNode *clause = orr_ast_node_new (p->ast, ORR_NODE_CLAUSE, peek (p)->pos);

      if ((clause->a = parse_expr (p)) == NULL)
        return NULL;
      if ((clause->b = parse_block (p, STOP_END | STOP_ELSE)) == NULL)
        return NULL;
      if (finish (p, clause) == NULL)
        return NULL;
      g_ptr_array_add (clauses, clause);
      if (check (p, ORR_TOK_ELSEIF))
        {
          advance (p);
          continue;
        }
      if (check (p, ORR_TOK_ELSE))
        {
          clause = orr_ast_node_new (p->ast, ORR_NODE_CLAUSE, advance (p)->pos);
          if ((clause->b = parse_block (p, STOP_END)) == NULL)
            return NULL;
          if (finish (p, clause) == NULL)
            return NULL;
          g_ptr_array_add (clauses, clause);
        }
      break;
    }
  if (!check (p, ORR_TOK_END))
    return fail_unclosed (p, "end", "if", if_pos);
  advance (p);
  leave (p);
  node = orr_ast_node_new (p->ast, ORR_NODE_IF, if_pos);
  orr_ast_node_take_items (node, g_steal_pointer (&clauses));
  return finish (p, node);
}

static OrrNode *
parse_loop_body (Parser *p, OrrNode *node, const char *keyword)
{
  p->loop_depth++;
  node->b = parse_block (p, STOP_END);
  p->loop_depth--;
  if (node->b == NULL)
    return NULL;
  if (!check (p, ORR_TOK_END))
    return fail_unclosed (p, "end", keyword, node->pos);
  advance (p);
  leave (p);
  return finish (p, node);
}

static OrrNode *
parse_for (Parser *p)
{
  OrrNode *node = orr_ast_node_new (p->ast, ORR_NODE_FOR, peek (p)->pos);
  gboolean paren;
  gsize paren_pos;

  if (!enter (p, node->pos))
    return NULL;
  advance (p);
  paren_pos = peek (p)->pos;
  paren = check (p, ORR_TOK_LPAREN);
  if (paren)
    advance (p);
  if (!check (p, ORR_TOK_IDENT))
    return fail_unexpected (p, "a loop variable name");
  node->name = g_strdup (advance (p)->text);
  if (!check (p, ORR_TOK_ASSIGN))
    return fail_unexpected (p, "'='");
  advance (p);
  if ((node->a = parse_expr (p)) == NULL)
    return NULL;
  if (paren)
    {
      if (!check (p, ORR_TOK_RPAREN))
        return fail_unclosed (p, ")", "(", paren_pos);
      advance (p);
    }
  return parse_loop_body (p, node, "for");
}

static OrrNode *
parse_while (Parser *p)
{
  OrrNode *node = orr_ast_node_new (p->ast, ORR_NODE_WHILE, peek (p)->pos);

  if (!enter (p, node->pos))
    return NULL;
  advance (p);
  if ((node->a = parse_expr (p)) == NULL)
    return NULL;
  return parse_loop_body (p, node, "while");
}

static OrrNode *
parse_statement (Parser *p)
{
  const OrrToken *tok = peek (p);
  OrrNode *node;

  switch (tok->kind)
    {
      case ORR_TOK_IF:
        return parse_if (p);
      case ORR_TOK_FOR:
        return parse_for (p);
      case ORR_TOK_WHILE:
        return parse_while (p);
      case ORR_TOK_BREAK:
      case ORR_TOK_CONTINUE:
        if (p->loop_depth == 0)
          return fail (p, tok->pos, ORR_EXPR_ERROR_SYNTAX, "'%s' outside a loop", tok->text);
        advance (p);
        return orr_ast_node_new (
          p->ast, tok->kind == ORR_TOK_BREAK ? ORR_NODE_BREAK : ORR_NODE_CONTINUE, tok->pos);
      case ORR_TOK_RETURN:
        advance (p);
        return orr_ast_node_new (p->ast, ORR_NODE_RETURN, tok->pos);
      case ORR_TOK_END:
      case ORR_TOK_ELSE:
      case ORR_TOK_ELSEIF:
        return fail (p, tok->pos, ORR_EXPR_ERROR_SYNTAX,
                     "'%s' without a matching 'if', 'for' or 'while'", tok->text);
      case ORR_TOK_IDENT:
        if (peek_at (p, 1)->kind == ORR_TOK_ASSIGN)
          return parse_assignment (p);
        if (peek_at (p, 1)->kind == ORR_TOK_LPAREN
            && next_is_assign_after (p, find_matching_close (p, p->i + 1)))
          return parse_assignment (p);
        break;
      case ORR_TOK_LBRACKET:
        if (next_is_assign_after (p, find_matching_close (p, p->i)))
          return parse_multi_assignment (p);
        break;
      default:
        break;
    }
  node = orr_ast_node_new (p->ast, ORR_NODE_EXPR_STMT, tok->pos);
  if ((node->a = parse_expr (p)) == NULL)
    return NULL;
  if (check (p, ORR_TOK_ASSIGN))
    return fail (p, peek (p)->pos, ORR_EXPR_ERROR_SYNTAX,
                 "cannot assign to this expression (expected a variable name on the left of '=')");
  return finish (p, node);
}

static gboolean
is_separator (OrrTokKind kind)
{
  return kind == ORR_TOK_SEMI || kind == ORR_TOK_COMMA || kind == ORR_TOK_NEWLINE;
}

static gboolean
stops (StopSet stop, OrrTokKind kind)
{
  return ((stop & STOP_EOF) && kind == ORR_TOK_EOF) || ((stop & STOP_END) && kind == ORR_TOK_END)
         || ((stop & STOP_ELSE) && (kind == ORR_TOK_ELSE || kind == ORR_TOK_ELSEIF));
}

/* Statements up to (not including) a token in @stop, or end of input. */
static OrrNode *
parse_block (Parser *p, StopSet stop)
{
  g_autoptr (GPtrArray) stmts = g_ptr_array_new ();
  OrrNode *node = orr_ast_node_new (p->ast, ORR_NODE_BLOCK, peek (p)->pos);

  for (;;)
    {
      OrrTokKind kind = peek (p)->kind;
      OrrNode *stmt;

      if (is_separator (kind))
        {
          advance (p);
          continue;
        }
      if (kind == ORR_TOK_EOF || stops (stop, kind))
        break;
      if ((stmt = parse_statement (p)) == NULL)
        return NULL;
      g_ptr_array_add (stmts, stmt);
      kind = peek (p)->kind;
      if (!is_separator (kind) && kind != ORR_TOK_EOF && !stops (stop, kind))
        return fail_unexpected (p, "';', ',' or a new line after the statement");
    }
  orr_ast_node_take_items (node, g_steal_pointer (&stmts));
  return finish (p, node);
}

static OrrAst *
run (const char *text, gboolean expression, GError **error)
{
  g_autoptr (GArray) tokens = NULL;
  g_autoptr (OrrAst) ast = NULL;
  Parser p = { 0 };

  g_return_val_if_fail (text != NULL, NULL);
  if ((tokens = orr_lex (text, error)) == NULL)
    return NULL;
  ast = orr_ast_new ();
  p.text = text;
  p.toks = (const OrrToken *)tokens->data;
  p.n = tokens->len;
  p.ast = ast;
  p.error = error;

  if (!expression)
    {
      ast->root = parse_block (&p, STOP_EOF);
      return ast->root ? g_steal_pointer (&ast) : NULL;
    }
  while (check (&p, ORR_TOK_NEWLINE))
    advance (&p);
  if (check (&p, ORR_TOK_EOF))
    {
      fail (&p, peek (&p)->pos, ORR_EXPR_ERROR_SYNTAX, "empty expression");
      return NULL;
    }
  if ((ast->root = parse_expr (&p)) == NULL)
    return NULL;
  while (check (&p, ORR_TOK_NEWLINE) || check (&p, ORR_TOK_SEMI))
    advance (&p);
  if (check (&p, ORR_TOK_ASSIGN))
    {
      fail (&p, peek (&p)->pos, ORR_EXPR_ERROR_SYNTAX,
            "assignment is not allowed here: expected a single expression");
      return NULL;
    }
  if (!check (&p, ORR_TOK_EOF))
    {
      fail_unexpected (&p, "the end of the expression");
      return NULL;
    }
  return g_steal_pointer (&ast);
}

OrrAst *
orr_parse_script (const char *text, GError **error)
{
  return run (text, FALSE, error);
}

OrrAst *
orr_parse_expression (const char *text, GError **error)
{
  return run (text, TRUE, error);
}
