/* orr-linalg.h - matrix product, linear solves, powers and decompositions */
#pragma once

#include "orr-eval.h"

OrrValue *orr_linalg_mtimes (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b);
/* a \ b: solves a x = b for square a (LU with partial pivoting). */
OrrValue *orr_linalg_mldivide (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b);
/* a / b: solves x b = a for square b. */
OrrValue *orr_linalg_mrdivide (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b);
/* a ^ b: square matrix, integer scalar exponent. */
OrrValue *orr_linalg_mpower (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b);
