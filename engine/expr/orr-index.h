/* orr-index.h - reading and assigning parts of matrices */
#pragma once

#include "orr-eval.h"

/* v(idx...) where NULL entries stand for ':'.  @arg_pos (may be NULL)
 * gives each index's source position for error messages. */
OrrValue *orr_index_get (OrrEval *ev, gsize pos, const OrrValue *v, guint nidx,
                         OrrValue *const *idx, const gsize *arg_pos);

/* target(idx...) = rhs.  @target may be NULL (undefined name).  With
 * @may_modify the caller guarantees nobody else can observe @target, which
 * is then updated in place when possible.  Returns the new value (a new
 * reference), or NULL with an error.  A 0x0 double @rhs deletes. */
OrrValue *orr_index_set (OrrEval *ev, gsize pos, OrrValue *target, gboolean may_modify, guint nidx,
                         OrrValue *const *idx, const gsize *arg_pos, const OrrValue *rhs);

/* Column @j (as a scalar for a row vector): the value of a for-loop step. */
OrrValue *orr_index_column (const OrrValue *v, gsize j);
