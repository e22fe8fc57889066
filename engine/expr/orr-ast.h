/* orr-ast.h - syntax tree of parsed scripts and expressions */
#pragma once

#include <glib.h>

typedef enum
{
  /* expressions */
  ORR_NODE_NUMBER,    /* number, imaginary */
  ORR_NODE_STRING,    /* name = contents */
  ORR_NODE_IDENT,     /* name */
  ORR_NODE_END,       /* 'end' inside an index */
  ORR_NODE_COLON_ALL, /* bare ':' argument */
  ORR_NODE_BINARY,    /* op, a, b */
  ORR_NODE_UNARY,     /* op, a (prefix and transposes) */
  ORR_NODE_RANGE,     /* a : b : c (b = step, may be NULL) */
  ORR_NODE_MATRIX,    /* items = ORR_NODE_ROW */
  ORR_NODE_ROW,       /* items = elements */
  ORR_NODE_CALL,      /* name (items) : call or index */
  /* statements */
  ORR_NODE_BLOCK,        /* items = statements */
  ORR_NODE_EXPR_STMT,    /* a */
  ORR_NODE_ASSIGN,       /* name [ (items) if has_index ] = a */
  ORR_NODE_MULTI_ASSIGN, /* [ items (IDENT, or NULL for ~) ] = a */
  ORR_NODE_IF,           /* items = ORR_NODE_CLAUSE */
  ORR_NODE_CLAUSE,       /* a = condition (NULL for else), b = block */
  ORR_NODE_FOR,          /* name = a, b = block */
  ORR_NODE_WHILE,        /* a = condition, b = block */
  ORR_NODE_BREAK,
  ORR_NODE_CONTINUE,
  ORR_NODE_RETURN
} OrrNodeKind;

typedef enum
{
  ORR_OP_ADD,
  ORR_OP_SUB,
  ORR_OP_MUL,
  ORR_OP_DIV,
  ORR_OP_LDIV,
  ORR_OP_POW,
  ORR_OP_EMUL,
  ORR_OP_EDIV,
  ORR_OP_ELDIV,
  ORR_OP_EPOW,
  ORR_OP_EQ,
  ORR_OP_NE,
  ORR_OP_LT,
  ORR_OP_LE,
  ORR_OP_GT,
  ORR_OP_GE,
  ORR_OP_AND,
  ORR_OP_OR,
  ORR_OP_ANDAND,
  ORR_OP_OROR,
  ORR_OP_NEG,
  ORR_OP_PLUS,
  ORR_OP_NOT,
  ORR_OP_TRANSPOSE,
  ORR_OP_CTRANSPOSE
} OrrOp;

typedef struct _OrrNode OrrNode;

struct _OrrNode
{
  OrrNodeKind kind;
  OrrOp op;
  gsize pos;   /* byte offset errors about this node point at */
  guint depth; /* height of the subtree, bounded by the parser */
  double number;
  gboolean imaginary;
  gboolean has_index;
  char *name;
  OrrNode *a, *b, *c;
  OrrNode **items;
  guint n_items;
};

/* Owns every node of one parse, so error paths never leak. */
typedef struct
{
  GPtrArray *nodes;
  OrrNode *root;
} OrrAst;

OrrAst *orr_ast_new (void);
void orr_ast_free (OrrAst *ast);
OrrNode *orr_ast_node_new (OrrAst *ast, OrrNodeKind kind, gsize pos);
/* Moves @items into @node (consumes the array). */
void orr_ast_node_take_items (OrrNode *node, GPtrArray *items);
/* Recomputes node->depth from its children. */
guint orr_ast_node_update_depth (OrrNode *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrAst, orr_ast_free)
