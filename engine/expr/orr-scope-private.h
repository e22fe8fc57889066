/* orr-scope-private.h - scope access the evaluator needs beyond the API */
#pragma once

#include <orrery/orr-expr.h>

/* Borrowed; only this scope, not its parents. */
OrrValue *orr_scope_lookup_local (OrrScope *s, const char *name);
