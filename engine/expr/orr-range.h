/* orr-range.h - a:b and a:step:b */
#pragma once

#include "orr-eval.h"

/* Number of elements of a:step:b with MATLAB's tolerance (0:0.1:1 has 11);
 * FALSE with a LIMIT error if the range is too long. */
gboolean orr_range_count (OrrEval *ev, gsize pos, double a, double step, double b, gsize *n);
double orr_range_element (double a, double step, double b, gsize k);

/* @step may be NULL (1). */
OrrValue *orr_range (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *step,
                     const OrrValue *b);
