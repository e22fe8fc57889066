/* orr-builtins.h - the table of builtin functions and constants */
#pragma once

#include "orr-eval.h"

typedef struct _OrrBuiltin OrrBuiltin;

/* Builtins receive their evaluated arguments and fill out[0] ...
 * out[MAX (nargout, 1) - 1] with new references (none for a builtin that
 * returns nothing).  @pos is the call's position for errors. */
typedef gboolean (*OrrBuiltinFunc) (OrrEval *ev, gsize pos, const OrrBuiltin *self, guint nargs,
                                    OrrValue **args, guint nargout, OrrValue **out);

#define ORR_ARGS_MANY 255

struct _OrrBuiltin
{
  const char *name;
  guint8 min_args;
  guint8 max_args; /* ORR_ARGS_MANY: no limit */
  guint8 max_out;
  OrrBuiltinFunc func;
  gintptr data; /* per-entry variant (a type, a fill value ...) */
};

const OrrBuiltin *orr_builtin_lookup (const char *name);

/* Checks the argument and output counts, then calls the builtin. */
gboolean orr_builtin_invoke (OrrEval *ev, gsize pos, const OrrBuiltin *b, guint nargs,
                             OrrValue **args, guint nargout, OrrValue **out);
