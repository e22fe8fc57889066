/* orr-concat.h - building matrices from [a, b; c, d] */
#pragma once

#include "orr-eval.h"

/* Joins @n values side by side (@horizontal) or stacked.  Empty values are
 * skipped; strings join into one string horizontally. */
OrrValue *orr_concat (OrrEval *ev, gsize pos, OrrValue *const *values, guint n,
                      gboolean horizontal);
