/* orr-eval.h - state of one evaluation and helpers every evaluation step
 * (operators, indexing, builtins) uses to allocate and to report errors.
 */
#pragma once

#include "orr-ast.h"
#include "orr-value-private.h"
#include <orrery/orr-expr.h>

/* The total element work (values created, elements visited, flops) one
 * evaluation may spend before it is stopped with ORR_EXPR_ERROR_LIMIT. */
#define ORR_EXPR_MAX_WORK 4e9

/* What 'end' means while the indices of a value are being evaluated. */
typedef struct _OrrEndContext OrrEndContext;
struct _OrrEndContext
{
  const OrrValue *value; /* NULL: indexing an undefined name */
  guint position;        /* which index is being evaluated */
  guint count;           /* how many indices there are */
};

typedef enum
{
  ORR_FLOW_NORMAL,
  ORR_FLOW_BREAK,
  ORR_FLOW_CONTINUE,
  ORR_FLOW_RETURN
} OrrFlow;

typedef struct
{
  const char *text; /* source, for error positions */
  OrrScope *scope;
  GError *error;
  guint64 steps;
  guint64 max_steps;
  double work;
  const OrrEndContext *end;
  OrrFlow flow;
} OrrEval;

void orr_eval_init (OrrEval *ev, const char *text, OrrScope *scope);

/* Records the first error; always returns NULL for convenience. */
gpointer orr_eval_fail (OrrEval *ev, gsize pos, OrrExprError code, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

/* FALSE (with a LIMIT error) once the evaluation has done too much work. */
gboolean orr_eval_charge (OrrEval *ev, gsize pos, double amount);

/* FALSE (with a LIMIT error) if rows x cols is too large. */
gboolean orr_eval_check_size (OrrEval *ev, gsize pos, double rows, double cols);

/* A zero-filled matrix, or NULL with a LIMIT error. */
OrrValue *orr_eval_new_matrix (OrrEval *ev, gsize pos, OrrType t, gsize rows, gsize cols);

OrrValue *orr_eval_expr (OrrEval *ev, const OrrNode *node);
gboolean orr_eval_block (OrrEval *ev, const OrrNode *block);
