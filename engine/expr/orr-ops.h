/* orr-ops.h - the language's operators */
#pragma once

#include "orr-eval.h"

OrrValue *orr_op_binary (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a, const OrrValue *b);
OrrValue *orr_op_unary (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a);
OrrValue *orr_op_transpose (OrrEval *ev, gsize pos, const OrrValue *v, gboolean conjugate);

/* if/while: TRUE when non-empty and every element is non-zero. */
gboolean orr_op_truth (OrrEval *ev, gsize pos, const OrrValue *v, gboolean *out);
/* Operands of && and ||: must be scalars. */
gboolean orr_op_logical_scalar (OrrEval *ev, gsize pos, const OrrValue *v, const char *symbol,
                                gboolean *out);

/* Size of an element-wise result: equal sizes, or 1 where they differ
 * (scalar and row/column broadcast).  @what names the operation in the
 * error: "cannot <what> 2x3 and 3x2". */
gboolean orr_op_broadcast (OrrEval *ev, gsize pos, const char *what, const OrrValue *a,
                           const OrrValue *b, gsize *rows, gsize *cols);
/* MATLAB class of an arithmetic result: an integer type wins over double
 * and bool, two different integer types or integer with complex fail. */
gboolean orr_op_result_type (OrrEval *ev, gsize pos, const char *what, const OrrValue *a,
                             const OrrValue *b, OrrType *out);

typedef double (*OrrRealFunc2) (double x, double y);
typedef OrrComplex (*OrrComplexFunc2) (OrrComplex x, OrrComplex y);

/* Applies @rf (or @cf when either operand is complex; NULL means complex
 * operands are a type error) element by element with broadcasting. */
OrrValue *orr_op_elementwise (OrrEval *ev, gsize pos, const char *what, const OrrValue *a,
                              const OrrValue *b, OrrRealFunc2 rf, OrrComplexFunc2 cf);

/* z^n by repeated squaring for integer n, cpow() otherwise, so that (2i)^2
 * is exactly -4. */
OrrComplex orr_complex_pow (OrrComplex z, OrrComplex w);
