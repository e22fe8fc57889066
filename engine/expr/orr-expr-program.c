/* orr-expr-program.c - compiles an expression of fixed-size inputs into a
 * flat program over double registers (orr-expr-program-run.c runs it).
 *
 * Compilation walks the syntax tree bottom up. A subexpression that does not
 * depend on the inputs is folded at once with the general evaluator's own
 * operators and builtins, so it means exactly what it means in a context
 * script. The rest becomes instructions whose operands are offsets into one
 * array of doubles ("memory") holding the inputs, the folded constants and
 * one register per intermediate result; every size is known here, so a run
 * only loops over that array.
 *
 * Operations that only move elements (indexing with constant indices,
 * [a, b; c], transposes, reshape, repmat, diag, flips) are not written a
 * second time: the general evaluator applies them to "tags", matrices
 * whose elements are the memory offsets (plus one) of the elements they
 * stand for, and the tags that come out are the gather table of a single
 * instruction. A table that reads consecutive elements costs nothing: the
 * result is the same register seen with another shape.
 *
 * The .if/.switch conditionals of Activate's matrix expressions come here as
 * calls of "_i" and "_s" (orr-expr-program-syntax.c rewrites them before
 * parsing, keeping every byte offset).
 */
#include <orrery/orr-expr-program.h>

#include "orr-builtins-private.h"
#include "orr-concat.h"
#include "orr-eval.h"
#include "orr-expr-error.h"
#include "orr-index.h"
#include "orr-ops.h"
#include "orr-expr-program-private.h"
#include "orr-matrix-fns.h"
#include "orr-parser.h"
#include "orr-range.h"

#include <string.h>

/* Registers, constants and gather tables together: a typo such as
 * ones(1e5)*u1 must not take the editor's memory. */
#define MAX_MEMORY (1 << 24)
/* Deparsed subexpressions in error messages are cut beyond this. */
#define DESCRIBE_CHARS 48

/* ---- the compiler's state ------------------------------------------------ */

typedef struct
{
  int offset, rows, cols;
} Slot;

/* A compiled subexpression: a constant, or a register. */
typedef struct
{
  OrrValue *value; /* owned; NULL when the value depends on the inputs */
  Slot slot;
} Operand;

/* What 'end' stands for inside the indices of a value. */
typedef struct
{
  int rows, cols;
  guint position, count;
} EndContext;

typedef struct
{
  const char *text; /* as the user wrote it */
  OrrEval ev;       /* folds constants; holds the first error */
  GArray *mem;      /* of double: initial memory */
  GArray *tables;   /* of int */
  GArray *code;     /* of Instr */
  int n_pivots;
  int n_inputs;
  Slot *inputs;
  gboolean *used;
  const EndContext *end;
} Compiler;

static gboolean compile (Compiler *c, const OrrNode *node, Operand *out);

static gboolean fail (Compiler *c, gsize pos, OrrExprError code, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
fail (Compiler *c, gsize pos, OrrExprError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  orr_expr_error_setv (&c->ev.error, c->text, pos, code, format, args);
  va_end (args);
  return FALSE;
}

static void
operand_clear (Operand *o)
{
  g_clear_pointer (&o->value, orr_value_unref);
}

static void
operands_clear (Operand *o, guint n)
{
  for (guint k = 0; k < n; k++)
    operand_clear (&o[k]);
}

static gboolean
is_constant (const Operand *o)
{
  return o->value != NULL;
}

static void
operand_shape (const Operand *o, int *rows, int *cols)
{
  if (o->value != NULL)
    {
      *rows = (int)orr_value_rows (o->value);
      *cols = (int)orr_value_cols (o->value);
    }
  else
    {
      *rows = o->slot.rows;
      *cols = o->slot.cols;
    }
}

/* ---- describing a subexpression for messages -------------------------------- */

static int
precedence (const OrrNode *n)
{
  if (n->kind == ORR_NODE_RANGE)
    return 6;
  if (n->kind == ORR_NODE_UNARY)
    return n->op == ORR_OP_TRANSPOSE || n->op == ORR_OP_CTRANSPOSE ? 11 : 9;
  if (n->kind != ORR_NODE_BINARY)
    return 12;
  switch (n->op)
    {
      case ORR_OP_OROR:
        return 1;
      case ORR_OP_ANDAND:
        return 2;
      case ORR_OP_OR:
        return 3;
      case ORR_OP_AND:
        return 4;
      case ORR_OP_ADD:
      case ORR_OP_SUB:
        return 7;
      case ORR_OP_POW:
      case ORR_OP_EPOW:
        return 10;
      case ORR_OP_MUL:
      case ORR_OP_DIV:
      case ORR_OP_LDIV:
      case ORR_OP_EMUL:
      case ORR_OP_EDIV:
      case ORR_OP_ELDIV:
        return 8;
      default:
        return 5;
    }
}

static const char *
op_text (OrrOp op)
{
  static const char *const texts[] = {
    [ORR_OP_ADD] = "+",        [ORR_OP_SUB] = "-",   [ORR_OP_MUL] = "*",
    [ORR_OP_DIV] = "/",        [ORR_OP_LDIV] = "\\", [ORR_OP_POW] = "^",
    [ORR_OP_EMUL] = ".*",      [ORR_OP_EDIV] = "./", [ORR_OP_ELDIV] = ".\\",
    [ORR_OP_EPOW] = ".^",      [ORR_OP_EQ] = "==",   [ORR_OP_NE] = "~=",
    [ORR_OP_LT] = "<",         [ORR_OP_LE] = "<=",   [ORR_OP_GT] = ">",
    [ORR_OP_GE] = ">=",        [ORR_OP_AND] = "&",   [ORR_OP_OR] = "|",
    [ORR_OP_ANDAND] = "&&",    [ORR_OP_OROR] = "||", [ORR_OP_NEG] = "-",
    [ORR_OP_PLUS] = "+",       [ORR_OP_NOT] = "~",   [ORR_OP_TRANSPOSE] = ".'",
    [ORR_OP_CTRANSPOSE] = "'",
  };

  return (guint)op < G_N_ELEMENTS (texts) && texts[op] ? texts[op] : "?";
}

static void deparse (GString *s, const OrrNode *n);

static void
deparse_child (GString *s, const OrrNode *child, int min_precedence)
{
  gboolean parens = precedence (child) < min_precedence;

  if (parens)
    g_string_append_c (s, '(');
  deparse (s, child);
  if (parens)
    g_string_append_c (s, ')');
}

static void
deparse_items (GString *s, const OrrNode *n, const char *separator)
{
  for (guint k = 0; k < n->n_items; k++)
    {
      if (k > 0)
        g_string_append (s, separator);
      deparse (s, n->items[k]);
    }
}

/* Source-like text of @n: "u1*u2", "(u1+1)'". */
static void
deparse (GString *s, const OrrNode *n)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (s->len > DESCRIBE_CHARS)
    return;
  switch (n->kind)
    {
      case ORR_NODE_NUMBER:
        g_string_append (s, g_ascii_formatd (number, sizeof number, "%.15g", n->number));
        if (n->imaginary)
          g_string_append_c (s, 'i');
        break;
      case ORR_NODE_STRING:
        g_string_append_printf (s, "\"%s\"", n->name);
        break;
      case ORR_NODE_IDENT:
        g_string_append (s, n->name);
        break;
      case ORR_NODE_END:
        g_string_append (s, "end");
        break;
      case ORR_NODE_COLON_ALL:
        g_string_append_c (s, ':');
        break;
      case ORR_NODE_BINARY:
        deparse_child (s, n->a, precedence (n));
        g_string_append (s, op_text (n->op));
        deparse_child (s, n->b, precedence (n) + 1);
        break;
      case ORR_NODE_UNARY:
        if (n->op == ORR_OP_TRANSPOSE || n->op == ORR_OP_CTRANSPOSE)
          {
            deparse_child (s, n->a, 11);
            g_string_append (s, op_text (n->op));
          }
        else
          {
            g_string_append (s, op_text (n->op));
            deparse_child (s, n->a, 9);
          }
        break;
      case ORR_NODE_RANGE:
        deparse_child (s, n->a, 7);
        g_string_append_c (s, ':');
        if (n->b)
          {
            deparse_child (s, n->b, 7);
            g_string_append_c (s, ':');
          }
        deparse_child (s, n->c, 7);
        break;
      case ORR_NODE_MATRIX:
        g_string_append_c (s, '[');
        deparse_items (s, n, "; ");
        g_string_append_c (s, ']');
        break;
      case ORR_NODE_ROW:
        deparse_items (s, n, ", ");
        break;
      case ORR_NODE_CALL:
        if (n->name[0] == '_' && (n->name[1] == 'i' || n->name[1] == 's') && n->name[2] == '\0')
          g_string_append (s, n->name[1] == 'i' ? ".if ... .end" : ".switch ... .end");
        else
          {
            g_string_append_printf (s, "%s(", n->name);
            deparse_items (s, n, ", ");
            g_string_append_c (s, ')');
          }
        break;
      default:
        g_string_append (s, "...");
        break;
    }
}

static char *
describe (const OrrNode *n)
{
  GString *s = g_string_new (NULL);

  deparse (s, n);
  if (s->len > DESCRIBE_CHARS)
    {
      g_string_truncate (s, DESCRIBE_CHARS);
      g_string_append (s, "...");
    }
  return g_string_free (s, FALSE);
}

/* ---- memory ---------------------------------------------------------------- */

static gboolean
new_slot (Compiler *c, gsize pos, int rows, int cols, Slot *slot)
{
  double n = (double)rows * (double)cols;

  if ((double)c->mem->len + (double)c->tables->len + n > MAX_MEMORY)
    return fail (c, pos, ORR_EXPR_ERROR_LIMIT,
                 "the expression needs more than %d numbers of working memory", MAX_MEMORY);
  slot->offset = (int)c->mem->len;
  slot->rows = rows;
  slot->cols = cols;
  g_array_set_size (c->mem, c->mem->len + (guint)n);
  return TRUE;
}

/* A register holding a constant, for an instruction to read. */
static gboolean
constant_slot (Compiler *c, gsize pos, const OrrValue *v, Slot *slot)
{
  gsize n = orr_value_numel (v);

  if (orr_value_get_type_id (v) == ORR_TYPE_STRING)
    return fail (c, pos, ORR_EXPR_ERROR_TYPE,
                 "a string cannot be combined with values that depend on the inputs");
  if (orr_value_get_type_id (v) == ORR_TYPE_COMPLEX)
    for (gsize i = 0; i < n; i++)
      if (orr_value_get_imag (v, i) != 0.0)
        return fail (c, pos, ORR_EXPR_ERROR_TYPE,
                     "complex values cannot be combined with values that depend on the inputs");
  if (!new_slot (c, pos, (int)orr_value_rows (v), (int)orr_value_cols (v), slot))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    g_array_index (c->mem, double, slot->offset + i) = orr_value_get_real (v, i);
  return TRUE;
}

static gboolean
operand_slot (Compiler *c, gsize pos, const Operand *o, Slot *slot)
{
  if (o->value != NULL)
    return constant_slot (c, pos, o->value, slot);
  *slot = o->slot;
  return TRUE;
}

static Instr *
emit (Compiler *c, OpCode op, int fn, gsize pos)
{
  Instr ins = { 0 };

  ins.op = op;
  ins.fn = fn;
  ins.pos = pos;
  ins.src[0] = ins.src[1] = ins.src[2] = -1;
  g_array_append_val (c->code, ins);
  return &g_array_index (c->code, Instr, c->code->len - 1);
}

/* ---- tags: element moves done by the general evaluator ----------------------- */

static OrrValue *
tags_of (const Slot *s)
{
  OrrValue *v = orr_value_new_matrix (ORR_TYPE_DOUBLE, s->rows, s->cols);
  double *d = orr_value_data (v);

  for (int k = 0; k < s->rows * s->cols; k++)
    d[k] = s->offset + k + 1;
  return v;
}

/* The register that @tags (a result of moving tagged elements) describe:
 * an alias when they read consecutive elements, else one gather. */
static gboolean
gather_tags (Compiler *c, gsize pos, const OrrValue *tags, Operand *out)
{
  int rows = (int)orr_value_rows (tags), cols = (int)orr_value_cols (tags);
  int n = rows * cols;
  gboolean consecutive = n > 0;
  int first;
  Instr *ins;

  g_return_val_if_fail (orr_value_get_type_id (tags) == ORR_TYPE_DOUBLE, FALSE);
  first = n > 0 ? (int)orr_value_get_real (tags, 0) - 1 : 0;
  for (int k = 0; k < n && consecutive; k++)
    consecutive = orr_value_get_real (tags, k) - 1 == first + k;
  out->value = NULL;
  if (n == 0 || (consecutive && first >= 0))
    {
      out->slot = (Slot){ n == 0 ? 0 : first, rows, cols };
      return TRUE;
    }
  if ((double)c->mem->len + (double)c->tables->len + n > MAX_MEMORY)
    return fail (c, pos, ORR_EXPR_ERROR_LIMIT,
                 "the expression needs more than %d numbers of working memory", MAX_MEMORY);
  if (!new_slot (c, pos, rows, cols, &out->slot))
    return FALSE;
  ins = emit (c, OP_GATHER, 0, pos);
  ins->dst = out->slot.offset;
  ins->n[0] = n;
  ins->n[1] = (int)c->tables->len;
  for (int k = 0; k < n; k++)
    {
      int t = (int)orr_value_get_real (tags, k) - 1;

      g_array_append_val (c->tables, t);
    }
  return TRUE;
}

/* Tags for a data argument of a moving operation (constants get a
 * register first, so every element has an offset). */
static OrrValue *
operand_tags (Compiler *c, gsize pos, const Operand *o)
{
  Slot s;

  if (!operand_slot (c, pos, o, &s))
    return NULL;
  return tags_of (&s);
}

/* ---- element-wise operations --------------------------------------------------- */

static void
set_source (Instr *ins, int k, const Slot *s)
{
  ins->src[k] = s->offset;
  ins->rs[k] = s->rows == 1 ? 0 : 1;
  ins->cs[k] = s->cols == 1 ? 0 : s->rows;
}

static gboolean
broadcast_size (const Slot *a, const Slot *b, int *rows, int *cols)
{
  if ((a->rows != b->rows && a->rows != 1 && b->rows != 1)
      || (a->cols != b->cols && a->cols != 1 && b->cols != 1))
    return FALSE;
  *rows = a->rows == 1 ? b->rows : a->rows;
  *cols = a->cols == 1 ? b->cols : a->cols;
  return TRUE;
}

static gboolean
emit_unary (Compiler *c, gsize pos, UnaryFn fn, const Operand *a, Operand *out)
{
  Slot sa;
  Instr *ins;

  if (!operand_slot (c, pos, a, &sa) || !new_slot (c, pos, sa.rows, sa.cols, &out->slot))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_UNARY, fn, pos);
  ins->dst = out->slot.offset;
  set_source (ins, 0, &sa);
  ins->n[0] = sa.rows * sa.cols;
  return TRUE;
}

/* @what completes "cannot <what> 2x3 and 3x2" as the evaluator says it. */
static gboolean
emit_binary (Compiler *c, const OrrNode *node, BinaryFn fn, const char *what, const Operand *a,
             const Operand *b, Operand *out)
{
  Slot sa, sb;
  int rows, cols;
  Instr *ins;

  if (!operand_slot (c, node->pos, a, &sa) || !operand_slot (c, node->pos, b, &sb))
    return FALSE;
  if (!broadcast_size (&sa, &sb, &rows, &cols))
    {
      g_autofree char *text = describe (node);

      return fail (c, node->pos, ORR_EXPR_ERROR_SIZE, "%s: cannot %s %dx%d and %dx%d", text, what,
                   sa.rows, sa.cols, sb.rows, sb.cols);
    }
  if (!new_slot (c, node->pos, rows, cols, &out->slot))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_BINARY, fn, node->pos);
  ins->dst = out->slot.offset;
  set_source (ins, 0, &sa);
  set_source (ins, 1, &sb);
  ins->rows = rows;
  ins->cols = cols;
  if (sa.rows == rows && sa.cols == cols && sb.rows == rows && sb.cols == cols)
    ins->n[0] = BCAST_SAME;
  else if (sa.rows * sa.cols == 1 && sb.rows == rows && sb.cols == cols)
    ins->n[0] = BCAST_A_SCALAR;
  else if (sb.rows * sb.cols == 1 && sa.rows == rows && sa.cols == cols)
    ins->n[0] = BCAST_B_SCALAR;
  else
    ins->n[0] = BCAST_GENERAL;
  return TRUE;
}

static gboolean
emit_select (Compiler *c, const OrrNode *node, const Operand *cond, const Operand *yes,
             const Operand *no, Operand *out)
{
  Slot s[3];
  int rows = 1, cols = 1;
  Instr *ins;

  if (!operand_slot (c, node->pos, cond, &s[0]) || !operand_slot (c, node->pos, yes, &s[1])
      || !operand_slot (c, node->pos, no, &s[2]))
    return FALSE;
  for (int k = 0; k < 3; k++)
    {
      if (s[k].rows != 1)
        rows = s[k].rows;
      if (s[k].cols != 1)
        cols = s[k].cols;
    }
  for (int k = 0; k < 3; k++)
    if ((s[k].rows != 1 && s[k].rows != rows) || (s[k].cols != 1 && s[k].cols != cols))
      return fail (c, node->pos, ORR_EXPR_ERROR_SIZE,
                   "the condition and the values of a conditional must have the same size or be "
                   "scalars, not %dx%d, %dx%d and %dx%d",
                   s[0].rows, s[0].cols, s[1].rows, s[1].cols, s[2].rows, s[2].cols);
  if (!new_slot (c, node->pos, rows, cols, &out->slot))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_SELECT, 0, node->pos);
  ins->dst = out->slot.offset;
  for (int k = 0; k < 3; k++)
    set_source (ins, k, &s[k]);
  ins->rows = rows;
  ins->cols = cols;
  return TRUE;
}

/* ---- linear algebra ------------------------------------------------------------- */

static gboolean
emit_matmul (Compiler *c, gsize pos, const Slot *a, const Slot *b, Operand *out)
{
  Instr *ins;

  if (!new_slot (c, pos, a->rows, b->cols, &out->slot))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_MATMUL, 0, pos);
  ins->dst = out->slot.offset;
  ins->src[0] = a->offset;
  ins->src[1] = b->offset;
  ins->n[0] = a->rows;
  ins->n[1] = a->cols;
  ins->n[2] = b->cols;
  return TRUE;
}

/* OP_INV, OP_DET or OP_SOLVE with their LU scratch space. */
static gboolean
emit_lu (Compiler *c, gsize pos, OpCode op, const Slot *a, const Slot *b, Operand *out)
{
  int n = a->rows;
  Slot scratch;
  Instr *ins;

  if (op == OP_DET)
    {
      if (!new_slot (c, pos, 1, 1, &out->slot))
        return FALSE;
    }
  else if (!new_slot (c, pos, n, op == OP_SOLVE ? b->cols : n, &out->slot))
    return FALSE;
  if (!new_slot (c, pos, n, n, &scratch))
    return FALSE;
  out->value = NULL;
  ins = emit (c, op, 0, pos);
  ins->dst = out->slot.offset;
  ins->src[0] = a->offset;
  ins->src[1] = b ? b->offset : -1;
  ins->n[0] = n;
  ins->n[1] = scratch.offset;
  ins->n[2] = c->n_pivots;
  ins->n[3] = b ? b->cols : 0;
  c->n_pivots += n;
  return TRUE;
}

/* lu, expm and eig (fn 0: its real parts, 1: its imaginary parts) of a
 * square matrix, with their scratch space (see OpCode) */
static gboolean
emit_square_fn (Compiler *c, gsize pos, OpCode op, int fn, const Slot *a, Operand *out)
{
  int n = a->rows;
  Slot scratch = { -1, 0, 0 };
  Instr *ins;

  if (!new_slot (c, pos, n, op == OP_EIG ? 1 : n, &out->slot))
    return FALSE;
  if (op == OP_EXPM && !new_slot (c, pos, 4 * n, n, &scratch))
    return FALSE;
  if (op == OP_EIG && !new_slot (c, pos, ORR_MATFN_EIG_SCRATCH (n) + 2 * n, 1, &scratch))
    return FALSE;
  out->value = NULL;
  ins = emit (c, op, fn, pos);
  ins->dst = out->slot.offset;
  ins->src[0] = a->offset;
  ins->n[0] = n;
  ins->n[1] = scratch.offset;
  ins->n[2] = c->n_pivots;
  c->n_pivots += n;
  return TRUE;
}

/* svd (a): the singular values, through LAPACK's dgesvd */
static gboolean
emit_svd (Compiler *c, gsize pos, const Slot *a, Operand *out)
{
  Slot scratch;
  Instr *ins;

  if (!new_slot (c, pos, MIN (a->rows, a->cols), 1, &out->slot)
      || !new_slot (c, pos, ORR_MATFN_SVD_SCRATCH (a->rows, a->cols), 1, &scratch))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_SVD, 0, pos);
  ins->dst = out->slot.offset;
  ins->src[0] = a->offset;
  ins->n[0] = a->rows;
  ins->n[1] = a->cols;
  ins->n[3] = scratch.offset;
  return TRUE;
}

/* lsqminnorm (a, b) through LAPACK's dgelsy */
static gboolean
emit_lsq (Compiler *c, const OrrNode *node, const Slot *a, const Slot *b, Operand *out)
{
  int m = a->rows, n = a->cols, nrhs = b->cols;
  Slot scratch;
  Instr *ins;

  if (b->rows != m)
    {
      g_autofree char *text = describe (node);

      return fail (c, node->pos, ORR_EXPR_ERROR_SIZE,
                   "%s: cannot solve %dx%d \\ %dx%d: row counts differ", text, m, n, b->rows, nrhs);
    }
  if (!new_slot (c, node->pos, n, nrhs, &out->slot)
      || !new_slot (c, node->pos, ORR_MATFN_LSQ_SCRATCH (m, n, nrhs), 1, &scratch))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_LSQ, 0, node->pos);
  ins->dst = out->slot.offset;
  ins->src[0] = a->offset;
  ins->src[1] = b->offset;
  ins->n[0] = m;
  ins->n[1] = n;
  ins->n[2] = nrhs;
  ins->n[3] = scratch.offset;
  ins->rs[0] = c->n_pivots;
  c->n_pivots += n;
  return TRUE;
}

static gboolean
require_square (Compiler *c, const OrrNode *node, const char *what, const Slot *s)
{
  g_autofree char *text = NULL;

  if (s->rows == s->cols)
    return TRUE;
  text = describe (node);
  return fail (c, node->pos, ORR_EXPR_ERROR_SIZE, "%s: %s needs a square matrix, got %dx%d", text,
               what, s->rows, s->cols);
}

/* Moves elements with the evaluator's transpose. */
static gboolean
transpose_slot (Compiler *c, gsize pos, const Slot *s, Slot *out)
{
  g_autoptr (OrrValue) tags = tags_of (s);
  g_autoptr (OrrValue) moved = orr_op_transpose (&c->ev, pos, tags, FALSE);
  Operand o = { 0 };

  if (moved == NULL || !gather_tags (c, pos, moved, &o))
    return FALSE;
  *out = o.slot;
  return TRUE;
}

/* a \ b (@left) or a / b with at least one matrix operand that is not a
 * scalar, solved through LU. */
static gboolean
compile_division (Compiler *c, const OrrNode *node, gboolean left, const Slot *a, const Slot *b,
                  Operand *out)
{
  g_autofree char *text = describe (node);
  Slot at, bt, x;
  Operand solved = { 0 };

  if (left)
    {
      if (a->rows != b->rows)
        return fail (c, node->pos, ORR_EXPR_ERROR_SIZE,
                     "%s: cannot solve %dx%d \\ %dx%d: row counts differ", text, a->rows, a->cols,
                     b->rows, b->cols);
      return require_square (c, node, "'\\'", a) && emit_lu (c, node->pos, OP_SOLVE, a, b, out);
    }
  if (a->cols != b->cols)
    return fail (c, node->pos, ORR_EXPR_ERROR_SIZE,
                 "%s: cannot divide %dx%d by %dx%d: column counts differ", text, a->rows, a->cols,
                 b->rows, b->cols);
  /* a / b = (b' \ a')' */
  if (!require_square (c, node, "'/'", b) || !transpose_slot (c, node->pos, a, &at)
      || !transpose_slot (c, node->pos, b, &bt)
      || !emit_lu (c, node->pos, OP_SOLVE, &bt, &at, &solved))
    return FALSE;
  x = solved.slot;
  out->value = NULL;
  return transpose_slot (c, node->pos, &x, &out->slot);
}

/* a ^ e for a square matrix and a constant integer e, by repeated
 * squaring into a chain of products. */
static gboolean
compile_matrix_power (Compiler *c, const OrrNode *node, const Slot *a, const Operand *e,
                      Operand *out)
{
  Slot base = *a, result = { -1, 0, 0 };
  double k;

  if (!require_square (c, node, "'^'", a))
    return FALSE;
  if (!is_constant (e))
    return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                 "the exponent of a matrix power must not depend on the inputs (use .^ for "
                 "element-wise powers)");
  if (orr_value_numel (e->value) != 1 || orr_value_get_type_id (e->value) == ORR_TYPE_STRING)
    return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                 "scalar ^ matrix is not supported (use .^ for element-wise powers)");
  k = orr_value_get_real (e->value, 0);
  if (!isfinite (k) || k != floor (k) || fabs (k) > G_MAXINT32)
    return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                 "matrix power needs an integer exponent, got %g (use .^ for element-wise powers)",
                 k);
  if (k == 0)
    {
      OrrValue *eye = orr_value_new_matrix (ORR_TYPE_DOUBLE, a->rows, a->rows);

      for (int i = 0; i < a->rows; i++)
        ((double *)orr_value_data (eye))[i + i * a->rows] = 1.0;
      out->value = eye;
      return TRUE;
    }
  if (k < 0)
    {
      Operand inverse = { 0 };

      if (!emit_lu (c, node->pos, OP_INV, a, NULL, &inverse))
        return FALSE;
      base = inverse.slot;
      k = -k;
    }
  for (guint32 bits = (guint32)k; bits > 0; bits >>= 1)
    {
      Operand product = { 0 };

      if (bits & 1)
        {
          if (result.offset < 0)
            result = base;
          else if (!emit_matmul (c, node->pos, &result, &base, &product))
            return FALSE;
          else
            result = product.slot;
        }
      if (bits > 1)
        {
          if (!emit_matmul (c, node->pos, &base, &base, &product))
            return FALSE;
          base = product.slot;
        }
    }
  out->value = NULL;
  out->slot = result;
  return TRUE;
}

/* ---- operators -------------------------------------------------------------------- */

static gboolean
compile_binary (Compiler *c, const OrrNode *node, Operand *out)
{
  Operand a = { 0 }, b = { 0 };
  g_autofree char *text = NULL;
  gboolean ok = FALSE;
  int ar, ac, br, bc;
  Slot sa, sb;

  if (!compile (c, node->a, &a))
    return FALSE;
  if (!compile (c, node->b, &b))
    {
      operand_clear (&a);
      return FALSE;
    }
  if (is_constant (&a) && is_constant (&b))
    {
      out->value = orr_op_binary (&c->ev, node->pos, node->op, a.value, b.value);
      ok = out->value != NULL;
      goto done;
    }
  operand_shape (&a, &ar, &ac);
  operand_shape (&b, &br, &bc);

  switch (node->op)
    {
      case ORR_OP_ADD:
        ok = emit_binary (c, node, B_ADD, "add", &a, &b, out);
        break;
      case ORR_OP_SUB:
        ok = emit_binary (c, node, B_SUB, "subtract", &a, &b, out);
        break;
      case ORR_OP_EMUL:
        ok = emit_binary (c, node, B_MUL, "multiply element-wise", &a, &b, out);
        break;
      case ORR_OP_EDIV:
        ok = emit_binary (c, node, B_DIV, "divide element-wise", &a, &b, out);
        break;
      case ORR_OP_ELDIV:
        ok = emit_binary (c, node, B_DIV, "divide element-wise", &b, &a, out);
        break;
      case ORR_OP_EPOW:
        ok = emit_binary (c, node, B_POW, "raise element-wise", &a, &b, out);
        break;
      case ORR_OP_EQ:
        ok = emit_binary (c, node, B_EQ, "compare", &a, &b, out);
        break;
      case ORR_OP_NE:
        ok = emit_binary (c, node, B_NE, "compare", &a, &b, out);
        break;
      case ORR_OP_LT:
        ok = emit_binary (c, node, B_LT, "compare", &a, &b, out);
        break;
      case ORR_OP_LE:
        ok = emit_binary (c, node, B_LE, "compare", &a, &b, out);
        break;
      case ORR_OP_GT:
        ok = emit_binary (c, node, B_GT, "compare", &a, &b, out);
        break;
      case ORR_OP_GE:
        ok = emit_binary (c, node, B_GE, "compare", &a, &b, out);
        break;
      case ORR_OP_AND:
        ok = emit_binary (c, node, B_AND, "combine with '&'", &a, &b, out);
        break;
      case ORR_OP_OR:
        ok = emit_binary (c, node, B_OR, "combine with '|'", &a, &b, out);
        break;
      case ORR_OP_ANDAND:
      case ORR_OP_OROR:
        /* Both sides are always evaluated: they have no side effects. */
        if (ar * ac != 1 || br * bc != 1)
          {
            text = describe (node);
            ok = fail (c, node->pos, ORR_EXPR_ERROR_TYPE,
                       "%s: operands of '%s' must be scalars, got %dx%d and %dx%d (use '%s' for "
                       "element-wise operations)",
                       text, op_text (node->op), ar, ac, br, bc,
                       node->op == ORR_OP_ANDAND ? "&" : "|");
          }
        else
          ok = emit_binary (c, node, node->op == ORR_OP_ANDAND ? B_AND : B_OR, "combine", &a, &b,
                            out);
        break;
      case ORR_OP_MUL:
        if (ar * ac == 1 || br * bc == 1)
          ok = emit_binary (c, node, B_MUL, "multiply", &a, &b, out);
        else if (ac != br)
          {
            text = describe (node);
            ok = fail (c, node->pos, ORR_EXPR_ERROR_SIZE, "%s: cannot multiply %dx%d by %dx%d",
                       text, ar, ac, br, bc);
          }
        else
          ok = operand_slot (c, node->pos, &a, &sa) && operand_slot (c, node->pos, &b, &sb)
               && emit_matmul (c, node->pos, &sa, &sb, out);
        break;
      case ORR_OP_DIV:
        if (br * bc == 1)
          ok = emit_binary (c, node, B_DIV, "divide", &a, &b, out);
        else
          ok = operand_slot (c, node->pos, &a, &sa) && operand_slot (c, node->pos, &b, &sb)
               && compile_division (c, node, FALSE, &sa, &sb, out);
        break;
      case ORR_OP_LDIV:
        if (ar * ac == 1)
          ok = emit_binary (c, node, B_DIV, "divide", &b, &a, out);
        else
          ok = operand_slot (c, node->pos, &a, &sa) && operand_slot (c, node->pos, &b, &sb)
               && compile_division (c, node, TRUE, &sa, &sb, out);
        break;
      case ORR_OP_POW:
        if (ar * ac == 1 && br * bc == 1)
          ok = emit_binary (c, node, B_POW, "raise", &a, &b, out);
        else if (ar * ac == 1)
          ok = fail (c, node->pos, ORR_EXPR_ERROR_TYPE,
                     "scalar ^ matrix is not supported (use .^ for element-wise powers)");
        else
          ok = operand_slot (c, node->pos, &a, &sa) && compile_matrix_power (c, node, &sa, &b, out);
        break;
      default:
        ok = fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX, "'%s' is not a binary operator",
                   op_text (node->op));
        break;
    }
done:
  operand_clear (&a);
  operand_clear (&b);
  return ok;
}

static gboolean
compile_unary (Compiler *c, const OrrNode *node, Operand *out)
{
  Operand a = { 0 };
  gboolean ok;

  if (!compile (c, node->a, &a))
    return FALSE;
  if (is_constant (&a))
    {
      out->value = orr_op_unary (&c->ev, node->pos, node->op, a.value);
      operand_clear (&a);
      return out->value != NULL;
    }
  switch (node->op)
    {
      case ORR_OP_PLUS:
        *out = a;
        return TRUE;
      case ORR_OP_NEG:
        return emit_unary (c, node->pos, U_NEG, &a, out);
      case ORR_OP_NOT:
        return emit_unary (c, node->pos, U_NOT, &a, out);
      case ORR_OP_TRANSPOSE:
      case ORR_OP_CTRANSPOSE:
        ok = transpose_slot (c, node->pos, &a.slot, &out->slot);
        out->value = NULL;
        return ok;
      default:
        return fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX, "'%s' is not a unary operator",
                     op_text (node->op));
    }
}

/* [a, b; c, d]: joined by the evaluator, on constants or on tags. */
static OrrValue *
join_matrix (Compiler *c, const OrrNode *node, OrrValue **elements)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_value_unref);
  guint k = 0;

  if (node->n_items == 0)
    return orr_value_new_matrix (ORR_TYPE_DOUBLE, 0, 0);
  for (guint r = 0; r < node->n_items; r++)
    {
      const OrrNode *row = node->items[r];
      OrrValue *joined;

      if (row->n_items == 1)
        joined = orr_value_ref (elements[k]);
      else if ((joined = orr_concat (&c->ev, row->pos, elements + k, row->n_items, TRUE)) == NULL)
        return NULL;
      k += row->n_items;
      g_ptr_array_add (rows, joined);
    }
  if (rows->len == 1)
    return orr_value_ref (g_ptr_array_index (rows, 0));
  return orr_concat (&c->ev, node->pos, (OrrValue **)rows->pdata, rows->len, FALSE);
}

static gboolean
compile_matrix (Compiler *c, const OrrNode *node, Operand *out)
{
  g_autofree Operand *ops = NULL;
  g_autofree OrrValue **values = NULL;
  guint n = 0, k = 0;
  gboolean all_constant = TRUE, ok = FALSE;
  OrrValue *joined = NULL;

  for (guint r = 0; r < node->n_items; r++)
    n += node->items[r]->n_items;
  ops = g_new0 (Operand, n + 1);
  values = g_new0 (OrrValue *, n + 1);
  for (guint r = 0; r < node->n_items; r++)
    for (guint e = 0; e < node->items[r]->n_items; e++, k++)
      {
        if (!compile (c, node->items[r]->items[e], &ops[k]))
          goto done;
        all_constant = all_constant && is_constant (&ops[k]);
      }
  for (k = 0; k < n; k++)
    if (all_constant)
      values[k] = orr_value_ref (ops[k].value);
    else if ((values[k] = operand_tags (c, node->pos, &ops[k])) == NULL)
      goto done;
  if ((joined = join_matrix (c, node, values)) == NULL)
    goto done;
  if (all_constant)
    {
      out->value = g_steal_pointer (&joined);
      ok = TRUE;
    }
  else
    ok = gather_tags (c, node->pos, joined, out);
done:
  g_clear_pointer (&joined, orr_value_unref);
  for (k = 0; k < n; k++)
    g_clear_pointer (&values[k], orr_value_unref);
  operands_clear (ops, n);
  return ok;
}

static gboolean
compile_range (Compiler *c, const OrrNode *node, Operand *out)
{
  Operand parts[3] = { { 0 } };
  gboolean ok = FALSE;

  if (!compile (c, node->a, &parts[0]) || (node->b && !compile (c, node->b, &parts[1]))
      || !compile (c, node->c, &parts[2]))
    goto done;
  if (!is_constant (&parts[0]) || (node->b && !is_constant (&parts[1])) || !is_constant (&parts[2]))
    {
      fail (c, node->pos, ORR_EXPR_ERROR_SIZE,
            "the bounds of a range must not depend on the inputs: its length would change "
            "during the simulation (write u1(end)+[1:5], not u1(end)+1:u1(end)+5)");
      goto done;
    }
  out->value = orr_range (&c->ev, node->pos, parts[0].value, parts[1].value, parts[2].value);
  ok = out->value != NULL;
done:
  operands_clear (parts, 3);
  return ok;
}

/* ---- indexing ------------------------------------------------------------------- */

static double
end_value (const EndContext *e)
{
  if (e->count == 1)
    return (double)e->rows * e->cols;
  if (e->position == 0)
    return e->rows;
  if (e->position == 1)
    return e->cols;
  return 1;
}

/* A constant index next to indices computed at run time, or ':'. */
static gboolean
fixed_index_slot (Compiler *c, gsize pos, const OrrValue *v, int dim, Slot *slot)
{
  if (v == NULL)
    {
      if (!new_slot (c, pos, dim, 1, slot))
        return FALSE;
      for (int k = 0; k < dim; k++)
        g_array_index (c->mem, double, slot->offset + k) = k + 1;
      return TRUE;
    }
  if (orr_value_get_type_id (v) == ORR_TYPE_BOOL)
    return fail (c, pos, ORR_EXPR_ERROR_INDEX,
                 "a logical mask cannot be combined with an index that depends on the inputs");
  return constant_slot (c, pos, v, slot);
}

/* base(items...) where some index depends on the inputs: the result's
 * size is known, the elements are chosen at run time. */
static gboolean
compile_dynamic_index (Compiler *c, const OrrNode *node, const Slot *base, Operand *args,
                       const gsize *arg_pos, Operand *out)
{
  int rows, cols;
  Slot idx[2];
  Instr *ins;

  if (node->n_items > 2)
    return fail (c, node->pos, ORR_EXPR_ERROR_INDEX,
                 "at most two indices are supported when they depend on the inputs");
  for (guint k = 0; k < node->n_items; k++)
    {
      int dim = node->n_items == 1 ? base->rows * base->cols : k == 0 ? base->rows : base->cols;

      if (is_constant (&args[k]) || node->items[k]->kind == ORR_NODE_COLON_ALL)
        {
          if (!fixed_index_slot (c, arg_pos[k], args[k].value, dim, &idx[k]))
            return FALSE;
        }
      else
        idx[k] = args[k].slot;
    }
  if (node->n_items == 1)
    {
      /* MATLAB's shape rules, from the evaluator: index with ones of the
       * index's shape. */
      g_autoptr (OrrValue) tags = tags_of (base);
      g_autoptr (OrrValue) ones = orr_value_new_matrix (ORR_TYPE_DOUBLE, idx[0].rows, idx[0].cols);
      g_autoptr (OrrValue) shaped = NULL;

      for (int k = 0; k < idx[0].rows * idx[0].cols; k++)
        ((double *)orr_value_data (ones))[k] = 1;
      if (base->rows * base->cols == 0)
        return fail (c, node->pos, ORR_EXPR_ERROR_INDEX, "cannot index an empty matrix");
      if ((shaped = orr_index_get (&c->ev, node->pos, tags, 1, &ones, arg_pos)) == NULL)
        return FALSE;
      rows = (int)orr_value_rows (shaped);
      cols = (int)orr_value_cols (shaped);
    }
  else
    {
      rows = idx[0].rows * idx[0].cols;
      cols = idx[1].rows * idx[1].cols;
    }
  if (!new_slot (c, node->pos, rows, cols, &out->slot))
    return FALSE;
  out->value = NULL;
  ins = emit (c, OP_INDEX, 0, node->pos);
  ins->dst = out->slot.offset;
  ins->src[0] = base->offset;
  ins->n[0] = base->rows * base->cols;
  ins->n[1] = base->rows;
  ins->src[1] = idx[0].offset;
  ins->n[2] = idx[0].rows * idx[0].cols;
  if (node->n_items == 2)
    {
      ins->src[2] = idx[1].offset;
      ins->n[3] = idx[1].rows * idx[1].cols;
    }
  return TRUE;
}

/* name(items...) where name is an input or a variable. */
static gboolean
compile_index (Compiler *c, const OrrNode *node, Operand *base, Operand *out)
{
  g_autofree Operand *args = g_new0 (Operand, node->n_items + 1);
  g_autofree OrrValue **idx = g_new0 (OrrValue *, node->n_items + 1);
  g_autofree gsize *arg_pos = g_new0 (gsize, node->n_items + 1);
  const EndContext *saved = c->end;
  gboolean all_constant = TRUE, ok = FALSE;
  int rows, cols;

  if (node->n_items == 0)
    {
      *out = *base;
      base->value = NULL;
      return TRUE;
    }
  operand_shape (base, &rows, &cols);
  for (guint k = 0; k < node->n_items; k++)
    {
      const OrrNode *item = node->items[k];
      EndContext ctx = { rows, cols, k, node->n_items };

      arg_pos[k] = item->pos;
      if (item->kind == ORR_NODE_COLON_ALL)
        continue;
      c->end = &ctx;
      ok = compile (c, item, &args[k]);
      c->end = saved;
      if (!ok)
        goto done;
      all_constant = all_constant && is_constant (&args[k]);
    }
  for (guint k = 0; k < node->n_items; k++)
    idx[k] = args[k].value;

  if (all_constant && is_constant (base))
    {
      out->value = orr_index_get (&c->ev, node->pos, base->value, node->n_items, idx, arg_pos);
      ok = out->value != NULL;
    }
  else if (all_constant)
    {
      g_autoptr (OrrValue) tags = tags_of (&base->slot);
      g_autoptr (OrrValue) moved
        = orr_index_get (&c->ev, node->pos, tags, node->n_items, idx, arg_pos);

      ok = moved != NULL && gather_tags (c, node->pos, moved, out);
    }
  else
    {
      Slot s;

      ok = operand_slot (c, node->pos, base, &s)
           && compile_dynamic_index (c, node, &s, args, arg_pos, out);
    }
done:
  operands_clear (args, node->n_items);
  return ok;
}

/* ---- builtins ------------------------------------------------------------------- */

static const struct
{
  const char *name;
  UnaryFn fn;
} unary_builtins[] = {
  { "abs", U_ABS },     { "sign", U_SIGN },         { "sqrt", U_SQRT },     { "exp", U_EXP },
  { "log", U_LOG },     { "log10", U_LOG10 },       { "log2", U_LOG2 },     { "sin", U_SIN },
  { "cos", U_COS },     { "tan", U_TAN },           { "asin", U_ASIN },     { "acos", U_ACOS },
  { "atan", U_ATAN },   { "sinh", U_SINH },         { "cosh", U_COSH },     { "tanh", U_TANH },
  { "asinh", U_ASINH }, { "acosh", U_ACOSH },       { "atanh", U_ATANH },   { "floor", U_FLOOR },
  { "ceil", U_CEIL },   { "round", U_ROUND },       { "fix", U_FIX },       { "isnan", U_ISNAN },
  { "isinf", U_ISINF }, { "isfinite", U_ISFINITE }, { "logical", U_TRUTH },
};

static const struct
{
  const char *name;
  BinaryFn fn;
  const char *what;
} binary_builtins[] = {
  { "atan2", B_ATAN2, "take atan2 of" },
  { "hypot", B_HYPOT, "take hypot of" },
  { "mod", B_MOD, "take mod of" },
  { "rem", B_REM, "take rem of" },
};

static const struct
{
  const char *name;
  ReduceFn fn;
} reduce_builtins[] = {
  { "sum", R_SUM },         { "prod", R_PROD }, { "mean", R_MEAN },
  { "any", R_ANY },         { "all", R_ALL },   { "cumsum", R_CUMSUM },
  { "cumprod", R_CUMPROD }, { "max", R_MAX },   { "min", R_MIN },
};

/* Builtins that only move elements: every argument in @data is data (the
 * rest, sizes and counts, must be constant). */
static const struct
{
  const char *name;
  guint data;
} moving_builtins[] = {
  { "transpose", 1 }, { "ctranspose", 1 }, { "fliplr", 1 },    { "flipud", 1 },    { "reshape", 1 },
  { "repmat", 1 },    { "diag", 1 },       { "horzcat", ~0u }, { "vertcat", ~0u },
};

/* Builtins whose result depends only on the sizes of their arguments. */
static const char *const size_builtins[] = {
  "size",      "numel",     "length",   "ndims",    "isempty",   "isscalar",
  "isvector",  "isrow",     "iscolumn", "isreal",   "isnumeric", "isfloat",
  "isinteger", "islogical", "ischar",   "isstring", "class",
};

/* The identity on real doubles. */
static const char *const identity_builtins[] = { "real", "conj", "double" };

static gboolean
is_size_builtin (const char *name)
{
  for (guint k = 0; k < G_N_ELEMENTS (size_builtins); k++)
    if (strcmp (name, size_builtins[k]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
check_arg_count (Compiler *c, gsize pos, const OrrBuiltin *b, guint n)
{
  if (n < b->min_args)
    return fail (c, pos, ORR_EXPR_ERROR_ARGUMENT, "'%s' needs at least %u argument%s, got %u",
                 b->name, b->min_args, b->min_args == 1 ? "" : "s", n);
  if (b->max_args != ORR_ARGS_MANY && n > b->max_args)
    return fail (c, pos, ORR_EXPR_ERROR_ARGUMENT, "'%s' takes at most %u argument%s, got %u",
                 b->name, b->max_args, b->max_args == 1 ? "" : "s", n);
  return TRUE;
}

/* sum, prod, max ... of x along a dimension (0: MATLAB's default). */
static gboolean
emit_reduce (Compiler *c, const OrrNode *node, ReduceFn fn, const Slot *x, int dim, Operand *out)
{
  gboolean cumulative = fn == R_CUMSUM || fn == R_CUMPROD;
  int len, count, step, lane, rows, cols;
  Instr *ins;

  if (dim == 0)
    dim = x->rows != 1 ? 1 : 2;
  if (dim == 1)
    {
      len = x->rows, count = x->cols, step = 1, lane = x->rows;
      rows = 1, cols = x->cols;
    }
  else if (dim == 2)
    {
      len = x->cols, count = x->rows, step = x->rows, lane = 1;
      rows = x->rows, cols = 1;
    }
  else
    {
      len = 1, count = x->rows * x->cols, step = 1, lane = 1;
      rows = x->rows, cols = x->cols;
    }
  if (len == 0)
    return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                 "'%s' of an empty matrix is not supported on values that depend on the inputs",
                 node->name);
  if (cumulative)
    rows = x->rows, cols = x->cols;
  if (!new_slot (c, node->pos, rows, cols, &out->slot))
    return FALSE;
  out->value = NULL;
  ins = emit (c, cumulative ? OP_CUMULATE : OP_REDUCE, fn, node->pos);
  ins->dst = out->slot.offset;
  ins->src[0] = x->offset;
  ins->n[0] = len;
  ins->n[1] = count;
  ins->n[2] = step;
  ins->n[3] = lane;
  return TRUE;
}

static gboolean
compile_reduce_call (Compiler *c, const OrrNode *node, ReduceFn fn, Operand *args, guint n,
                     Operand *out)
{
  guint dim_arg = 1;
  int dim = 0;
  Slot x;

  if (fn == R_MAX || fn == R_MIN)
    {
      if (n == 2)
        return emit_binary (c, node, fn == R_MAX ? B_MAX : B_MIN, "compare", &args[0], &args[1],
                            out);
      if (n == 3)
        {
          if (!is_constant (&args[1]) || orr_value_numel (args[1].value) != 0)
            return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                         "%s(A, B, dim) is not supported; use %s(A, [], dim)", node->name,
                         node->name);
          dim_arg = 2;
        }
    }
  if (n > dim_arg)
    {
      if (!is_constant (&args[dim_arg]))
        return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                     "%s: the dimension must not depend on the inputs", node->name);
      if (!orr_bi_dim_arg (&c->ev, node->pos, node->name, dim_arg + 1, args[dim_arg].value, &dim))
        return FALSE;
    }
  if (!operand_slot (c, node->pos, &args[0], &x))
    return FALSE;
  return emit_reduce (c, node, fn, &x, dim, out);
}

/* A builtin whose result depends only on sizes: called on zeros. */
static gboolean
compile_size_call (Compiler *c, const OrrNode *node, const OrrBuiltin *b, Operand *args, guint n,
                   Operand *out)
{
  g_autofree OrrValue **values = g_new0 (OrrValue *, n + 1);
  OrrValue *outs[1] = { NULL };
  gboolean ok;

  for (guint k = 0; k < n; k++)
    values[k] = is_constant (&args[k])
                  ? orr_value_ref (args[k].value)
                  : orr_value_new_matrix (ORR_TYPE_DOUBLE, args[k].slot.rows, args[k].slot.cols);
  ok = orr_builtin_invoke (&c->ev, node->pos, b, n, values, 1, outs);
  for (guint k = 0; k < n; k++)
    orr_value_unref (values[k]);
  out->value = outs[0];
  return ok && outs[0] != NULL;
}

static gboolean
compile_moving_call (Compiler *c, const OrrNode *node, const OrrBuiltin *b, guint data,
                     Operand *args, guint n, Operand *out)
{
  g_autofree OrrValue **values = g_new0 (OrrValue *, n + 1);
  OrrValue *outs[1] = { NULL };
  gboolean ok = TRUE;

  for (guint k = 0; k < n && ok; k++)
    {
      if (k < 32 && (data & (1u << k)))
        ok = (values[k] = operand_tags (c, node->items[k]->pos, &args[k])) != NULL;
      else if (!is_constant (&args[k]))
        ok = fail (c, node->items[k]->pos, ORR_EXPR_ERROR_ARGUMENT,
                   "%s: argument %u must not depend on the inputs", b->name, k + 1);
      else
        values[k] = orr_value_ref (args[k].value);
    }
  ok = ok && orr_builtin_invoke (&c->ev, node->pos, b, n, values, 1, outs);
  for (guint k = 0; k < n; k++)
    g_clear_pointer (&values[k], orr_value_unref);
  if (ok && outs[0] != NULL)
    ok = gather_tags (c, node->pos, outs[0], out);
  g_clear_pointer (&outs[0], orr_value_unref);
  return ok;
}

static gboolean
compile_builtin_call (Compiler *c, const OrrNode *node, const OrrBuiltin *b, Operand *args, guint n,
                      Operand *out)
{
  Slot x, d;

  if (!check_arg_count (c, node->pos, b, n))
    return FALSE;
  if (is_size_builtin (b->name))
    return compile_size_call (c, node, b, args, n, out);
  for (guint k = 0; k < G_N_ELEMENTS (moving_builtins); k++)
    if (strcmp (b->name, moving_builtins[k].name) == 0)
      return compile_moving_call (c, node, b, moving_builtins[k].data, args, n, out);
  for (guint k = 0; k < G_N_ELEMENTS (identity_builtins); k++)
    if (strcmp (b->name, identity_builtins[k]) == 0)
      {
        *out = args[0];
        args[0].value = NULL;
        return TRUE;
      }
  for (guint k = 0; k < G_N_ELEMENTS (unary_builtins); k++)
    if (strcmp (b->name, unary_builtins[k].name) == 0)
      return emit_unary (c, node->pos, unary_builtins[k].fn, &args[0], out);
  for (guint k = 0; k < G_N_ELEMENTS (binary_builtins); k++)
    if (strcmp (b->name, binary_builtins[k].name) == 0)
      return emit_binary (c, node, binary_builtins[k].fn, binary_builtins[k].what, &args[0],
                          &args[1], out);
  for (guint k = 0; k < G_N_ELEMENTS (reduce_builtins); k++)
    if (strcmp (b->name, reduce_builtins[k].name) == 0)
      return compile_reduce_call (c, node, reduce_builtins[k].fn, args, n, out);

  if (strcmp (b->name, "imag") == 0)
    {
      /* real values have no imaginary part */
      out->value = orr_value_new_matrix (ORR_TYPE_DOUBLE, args[0].slot.rows, args[0].slot.cols);
      return TRUE;
    }
  if (strcmp (b->name, "inv") == 0 || strcmp (b->name, "det") == 0)
    return operand_slot (c, node->pos, &args[0], &x) && require_square (c, node, b->name, &x)
           && emit_lu (c, node->pos, b->name[0] == 'i' ? OP_INV : OP_DET, &x, NULL, out);
  if (strcmp (b->name, "lu") == 0 || strcmp (b->name, "expm") == 0)
    return operand_slot (c, node->pos, &args[0], &x) && require_square (c, node, b->name, &x)
           && emit_square_fn (c, node->pos, b->name[0] == 'l' ? OP_LU : OP_EXPM, 0, &x, out);
  if (strcmp (b->name, "svd") == 0)
    return operand_slot (c, node->pos, &args[0], &x) && emit_svd (c, node->pos, &x, out);
  if (strcmp (b->name, "lsqminnorm") == 0)
    {
      Slot y;

      return operand_slot (c, node->pos, &args[0], &x) && operand_slot (c, node->pos, &args[1], &y)
             && emit_lsq (c, node, &x, &y, out);
    }
  if (strcmp (b->name, "eig") == 0)
    return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
                 "eig of values that depend on the inputs may be complex, which a formula's "
                 "result cannot be: take real(eig(...)) and imag(eig(...))");
  if (strcmp (b->name, "trace") == 0)
    {
      /* the sum of diag(x) */
      Operand diagonal = { 0 };
      g_autoptr (OrrValue) tags = NULL;
      g_autoptr (OrrValue) moved = NULL;
      OrrValue *outs[1] = { NULL };

      if (!operand_slot (c, node->pos, &args[0], &x) || !require_square (c, node, "trace", &x))
        return FALSE;
      tags = tags_of (&x);
      if (!orr_builtin_invoke (&c->ev, node->pos, orr_builtin_lookup ("diag"), 1, &tags, 1, outs))
        return FALSE;
      moved = outs[0];
      if (!gather_tags (c, node->pos, moved, &diagonal))
        return FALSE;
      d = diagonal.slot;
      return emit_reduce (c, node, R_SUM, &d, 1, out);
    }
  return fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT,
               "'%s' is not available on values that depend on the inputs (only on constants, "
               "before the simulation)",
               b->name);
}

/* ---- conditionals --------------------------------------------------------------- */

/* A call the keyword rewriting made for .if (name "_i") or .switch ("_s"):
 * the original text still has the keyword at the call's position. */
static gboolean
is_conditional (Compiler *c, const OrrNode *node, const char *name, const char *keyword)
{
  return strcmp (node->name, name) == 0
         && strncmp (c->text + node->pos, keyword, strlen (keyword)) == 0;
}

static gboolean
compile_if (Compiler *c, const OrrNode *node, Operand *args, Operand *out)
{
  if (node->n_items != 3)
    return fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX,
                 "'.if' needs one condition, one '.then' value and one '.else' value, "
                 "without commas between them");
  return emit_select (c, node, &args[0], &args[1], &args[2], out);
}

/* .switch x .case c1, v1 ... .otherwise w .end as nested selections, the
 * first matching case winning. */
static gboolean
compile_switch (Compiler *c, const OrrNode *node, Operand *args, Operand *out)
{
  guint n = node->n_items;
  Operand result = { 0 };

  if (n < 4 || n % 2 != 0)
    return fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX,
                 "'.switch' needs a value, then '.case' followed by a value, a comma and a "
                 "result for each case, then '.otherwise' and a result");
  if (!operand_slot (c, node->pos, &args[n - 1], &result.slot))
    return FALSE;
  for (int k = (int)n - 3; k >= 1; k -= 2)
    {
      Operand match = { 0 }, chosen = { 0 };

      if (!emit_binary (c, node, B_EQ, "compare", &args[0], &args[k], &match)
          || !emit_select (c, node, &match, &args[k + 1], &result, &chosen))
        return FALSE;
      result = chosen;
    }
  *out = result;
  return TRUE;
}

/* ---- names and calls ------------------------------------------------------------ */

/* 0-based input number of @name ("u3" -> 2), or -1. */
static int
input_number (Compiler *c, const char *name)
{
  char *end = NULL;
  gint64 k;

  if (name[0] != 'u' || !g_ascii_isdigit (name[1]) || name[1] == '0')
    return -1;
  k = g_ascii_strtoll (name + 1, &end, 10);
  if (*end != '\0' || k < 1 || k > c->n_inputs)
    return -1;
  return (int)k - 1;
}

/* "u7" with fewer inputs, not defined otherwise: say so plainly. */
static gboolean
is_missing_input (Compiler *c, const char *name)
{
  char *end = NULL;

  if (name[0] != 'u' || !g_ascii_isdigit (name[1]) || name[1] == '0')
    return FALSE;
  g_ascii_strtoll (name + 1, &end, 10);
  return *end == '\0' && orr_scope_lookup (c->ev.scope, name) == NULL
         && orr_builtin_lookup (name) == NULL;
}

static gboolean
fail_missing_input (Compiler *c, const OrrNode *node)
{
  if (c->n_inputs == 0)
    return fail (c, node->pos, ORR_EXPR_ERROR_UNDEFINED, "'%s' is not an input: there are none",
                 node->name);
  if (c->n_inputs == 1)
    return fail (c, node->pos, ORR_EXPR_ERROR_UNDEFINED,
                 "'%s' is not an input: the only input is u1", node->name);
  return fail (c, node->pos, ORR_EXPR_ERROR_UNDEFINED,
               "'%s' is not an input: the inputs are u1 to u%d", node->name, c->n_inputs);
}

static gboolean
compile_name (Compiler *c, const OrrNode *node, Operand *out)
{
  int k = input_number (c, node->name);

  if (k >= 0)
    {
      c->used[k] = TRUE;
      out->value = NULL;
      out->slot = c->inputs[k];
      return TRUE;
    }
  if (is_missing_input (c, node->name))
    return fail_missing_input (c, node);
  out->value = orr_eval_expr (&c->ev, node);
  return out->value != NULL;
}

/* real(eig(x)) (@imaginary FALSE) or imag(eig(x)): folded by the evaluator
 * when x is constant, else an OP_EIG */
static gboolean
compile_eig_part (Compiler *c, const OrrNode *node, gboolean imaginary, Operand *out)
{
  const OrrNode *call = node->items[0];
  Operand arg = { 0 };
  Slot x;
  gboolean ok;

  if (!compile (c, call->items[0], &arg))
    return FALSE;
  if (is_constant (&arg))
    {
      OrrValue *outs[1] = { NULL };
      OrrValue *eig = NULL;

      ok = orr_builtin_invoke (&c->ev, call->pos, orr_builtin_lookup ("eig"), 1, &arg.value, 1,
                               outs);
      eig = outs[0];
      outs[0] = NULL;
      ok = ok
           && orr_builtin_invoke (
             &c->ev, node->pos, orr_builtin_lookup (imaginary ? "imag" : "real"), 1, &eig, 1, outs);
      g_clear_pointer (&eig, orr_value_unref);
      out->value = outs[0];
      operand_clear (&arg);
      return ok && out->value != NULL;
    }
  ok = operand_slot (c, call->pos, &arg, &x) && require_square (c, call, "eig", &x)
       && emit_square_fn (c, call->pos, OP_EIG, imaginary ? 1 : 0, &x, out);
  operand_clear (&arg);
  return ok;
}

static gboolean
compile_call (Compiler *c, const OrrNode *node, Operand *out)
{
  g_autofree Operand *args = NULL;
  g_autofree OrrValue **values = NULL;
  g_autofree gboolean *saved_used = NULL;
  const OrrBuiltin *b;
  Operand base = { 0 };
  gboolean all_constant = TRUE, ok = FALSE;
  int k = input_number (c, node->name);
  gboolean conditional = is_conditional (c, node, ORR_EXPR_PROGRAM_IF, ".if")
                         || is_conditional (c, node, ORR_EXPR_PROGRAM_SWITCH, ".switch");
  OrrValue *var;

  if (k >= 0)
    {
      c->used[k] = TRUE;
      base.slot = c->inputs[k];
      return compile_index (c, node, &base, out);
    }
  if (!conditional && (var = orr_scope_lookup (c->ev.scope, node->name)) != NULL)
    {
      base.value = orr_value_ref (var);
      ok = compile_index (c, node, &base, out);
      operand_clear (&base);
      return ok;
    }
  if (!conditional && is_missing_input (c, node->name))
    return fail_missing_input (c, node);
  b = conditional ? NULL : orr_builtin_lookup (node->name);
  if (b == NULL && !conditional)
    return fail (c, node->pos, ORR_EXPR_ERROR_UNDEFINED, "undefined function or variable '%s'",
                 node->name);

  /* real(eig(x)) and imag(eig(x)) of an x that depends on the inputs:
   * the two real halves of a complex result */
  if (b != NULL && (strcmp (b->name, "real") == 0 || strcmp (b->name, "imag") == 0)
      && node->n_items == 1 && node->items[0]->kind == ORR_NODE_CALL
      && strcmp (node->items[0]->name, "eig") == 0 && node->items[0]->n_items == 1
      && input_number (c, "eig") < 0 && orr_scope_lookup (c->ev.scope, "eig") == NULL)
    return compile_eig_part (c, node, b->name[0] == 'i', out);

  /* size(u1) does not read u1's values: it must not make u1 feedthrough */
  if (b != NULL && is_size_builtin (b->name))
    saved_used = g_memdup2 (c->used, sizeof (gboolean) * (c->n_inputs + 1));
  args = g_new0 (Operand, node->n_items + 1);
  values = g_new0 (OrrValue *, node->n_items + 1);
  for (guint i = 0; i < node->n_items; i++)
    {
      if (node->items[i]->kind == ORR_NODE_COLON_ALL)
        {
          fail (c, node->items[i]->pos, ORR_EXPR_ERROR_SYNTAX,
                "':' alone is only valid as an index, and '%s' is a function", node->name);
          goto done;
        }
      if (!compile (c, node->items[i], &args[i]))
        goto done;
      all_constant = all_constant && is_constant (&args[i]);
      values[i] = args[i].value;
    }
  if (b == NULL && node->name[1] == 'i')
    ok = compile_if (c, node, args, out);
  else if (b == NULL)
    ok = compile_switch (c, node, args, out);
  else if (all_constant)
    {
      OrrValue *outs[1] = { NULL };

      ok = orr_builtin_invoke (&c->ev, node->pos, b, node->n_items, values, 1, outs);
      if (ok && outs[0] == NULL)
        ok = fail (c, node->pos, ORR_EXPR_ERROR_ARGUMENT, "'%s' does not return a value", b->name);
      out->value = outs[0];
    }
  else
    ok = compile_builtin_call (c, node, b, args, node->n_items, out);
done:
  if (saved_used != NULL)
    memcpy (c->used, saved_used, sizeof (gboolean) * (c->n_inputs + 1));
  operands_clear (args, node->n_items);
  return ok;
}

static gboolean
compile (Compiler *c, const OrrNode *node, Operand *out)
{
  *out = (Operand){ 0 };
  switch (node->kind)
    {
      case ORR_NODE_NUMBER:
      case ORR_NODE_STRING:
        out->value = orr_eval_expr (&c->ev, node);
        return out->value != NULL;
      case ORR_NODE_IDENT:
        return compile_name (c, node, out);
      case ORR_NODE_CALL:
        return compile_call (c, node, out);
      case ORR_NODE_END:
        if (c->end == NULL)
          return fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX,
                       "'end' is only valid inside the index of a variable");
        out->value = orr_value_new_double (end_value (c->end));
        return TRUE;
      case ORR_NODE_UNARY:
        return compile_unary (c, node, out);
      case ORR_NODE_BINARY:
        return compile_binary (c, node, out);
      case ORR_NODE_RANGE:
        return compile_range (c, node, out);
      case ORR_NODE_MATRIX:
        return compile_matrix (c, node, out);
      case ORR_NODE_COLON_ALL:
        return fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX, "':' alone is only valid as an index");
      default:
        return fail (c, node->pos, ORR_EXPR_ERROR_SYNTAX, "a statement is not an expression");
    }
}

/* ---- the program ------------------------------------------------------------------ */

OrrExprProgram *
orr_expr_program_new (const char *text, int n_inputs, const int *rows, const int *cols,
                      OrrScope *scope, GError **error)
{
  g_autoptr (OrrScope) temp = NULL;
  g_autoptr (OrrAst) ast = NULL;
  g_autofree char *source = NULL;
  gboolean rewritten = FALSE;
  Compiler c = { 0 };
  Operand result = { 0 };
  OrrExprProgram *p = NULL;
  Slot out;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (n_inputs >= 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  for (int k = 0; k < n_inputs; k++)
    g_return_val_if_fail (rows[k] >= 1 && cols[k] >= 1, NULL);

  if ((source = orr_expr_program_rewrite (text, &rewritten, error)) == NULL)
    return NULL;
  {
    g_autoptr (GError) local = NULL;

    if ((ast = orr_parse_expression (source, &local)) == NULL)
      {
        if (rewritten)
          orr_expr_program_relocate_error (error, text, local);
        else
          g_propagate_error (error, g_steal_pointer (&local));
        return NULL;
      }
  }
  if (scope == NULL)
    scope = temp = orr_scope_new (NULL);

  c.text = text;
  orr_eval_init (&c.ev, text, scope);
  c.mem = g_array_new (FALSE, TRUE, sizeof (double));
  c.tables = g_array_new (FALSE, FALSE, sizeof (int));
  c.code = g_array_new (FALSE, FALSE, sizeof (Instr));
  c.n_inputs = n_inputs;
  c.inputs = g_new0 (Slot, n_inputs + 1);
  c.used = g_new0 (gboolean, n_inputs + 1);
  for (int k = 0; k < n_inputs; k++)
    {
      if (!new_slot (&c, 0, rows[k], cols[k], &c.inputs[k]))
        goto failed;
    }

  if (!compile (&c, ast->root, &result))
    goto failed;
  if (is_constant (&result))
    {
      if (!constant_slot (&c, ast->root->pos, result.value, &out))
        goto failed;
    }
  else
    out = result.slot;
  operand_clear (&result);

  p = g_new0 (OrrExprProgram, 1);
  p->text = g_strdup (text);
  p->n_mem = (int)c.mem->len;
  p->mem = g_new (double, MAX (p->n_mem, 1));
  if (p->n_mem > 0)
    memcpy (p->mem, c.mem->data, sizeof (double) * p->n_mem);
  p->tables = g_new (int, MAX (c.tables->len, 1));
  if (c.tables->len > 0)
    memcpy (p->tables, c.tables->data, sizeof (int) * c.tables->len);
  p->pivots = g_new0 (int, MAX (c.n_pivots, 1));
  p->n_code = (int)c.code->len;
  p->code = (Instr *)g_array_free (c.code, FALSE);
  c.code = NULL;
  p->n_inputs = n_inputs;
  p->input_offset = g_new (int, n_inputs + 1);
  p->input_numel = g_new (int, n_inputs + 1);
  for (int k = 0; k < n_inputs; k++)
    {
      p->input_offset[k] = c.inputs[k].offset;
      p->input_numel[k] = c.inputs[k].rows * c.inputs[k].cols;
    }
  p->used = g_steal_pointer (&c.used);
  p->out_offset = out.offset;
  p->out_rows = out.rows;
  p->out_cols = out.cols;

failed:
  operand_clear (&result);
  if (p == NULL)
    {
      if (c.ev.error == NULL)
        orr_expr_error_set (&c.ev.error, text, 0, ORR_EXPR_ERROR_ARGUMENT, "compilation failed");
      g_propagate_error (error, g_steal_pointer (&c.ev.error));
    }
  g_clear_error (&c.ev.error);
  g_array_unref (c.mem);
  g_array_unref (c.tables);
  if (c.code)
    g_array_unref (c.code);
  g_free (c.inputs);
  g_free (c.used);
  return p;
}

void
orr_expr_program_free (OrrExprProgram *p)
{
  if (p == NULL)
    return;
  g_free (p->text);
  g_free (p->mem);
  g_free (p->tables);
  g_free (p->pivots);
  g_free (p->code);
  g_free (p->input_offset);
  g_free (p->input_numel);
  g_free (p->used);
  g_free (p);
}

void
orr_expr_program_get_size (const OrrExprProgram *p, int *rows, int *cols)
{
  g_return_if_fail (p != NULL);
  if (rows)
    *rows = p->out_rows;
  if (cols)
    *cols = p->out_cols;
}

gboolean
orr_expr_program_uses_input (const OrrExprProgram *p, int k)
{
  g_return_val_if_fail (p != NULL, FALSE);
  return k >= 0 && k < p->n_inputs && p->used[k];
}

int
orr_expr_program_get_n_instructions (const OrrExprProgram *p)
{
  g_return_val_if_fail (p != NULL, 0);
  return p->n_code;
}
