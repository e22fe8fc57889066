/* orr-expr.h - Orrery's parameter language: scopes, parsing, evaluation
 *
 * A MATLAB/OML-like language used for model contexts (scripts), block
 * parameters and mask parameters.  In short:
 *  - values: real/complex double matrices, int8..uint32 (saturating, round
 *    to nearest), logical, and strings (a string is one 1x1 value; == and
 *    [a, b] concatenation work on it); complex results whose imaginary parts
 *    are all zero become real, except through complex();
 *  - MATLAB precedence and associativity (2^3^2 is 64), element-wise
 *    operators broadcast scalars and rows against columns; * / \ ^ are the
 *    matrix product, LU solves of square systems and integer matrix powers;
 *  - ranges, [ ] building with MATLAB's whitespace rules, indexing with
 *    end, ':' and logical masks, indexed assignment that grows with zeros
 *    and deletes with [];
 *  - statements separated by ; , or newlines; if/elseif/else, for, while,
 *    break, continue, return; [a, b] = f(...); comments % // %{ %} and "...";
 *  - names resolve to a variable in the scope chain first, then a builtin;
 *  - GetFromBase('name') reads a value an earlier simulation run stored
 *    with a ToBase block (see orr_scope_set_base_value() and orr-runs.h).
 *
 * Evaluation keeps no global state: two evaluations may run in two threads
 * at once as long as they do not write to the same scope (reading a shared
 * parent scope is fine).  Nothing can crash or hang it: nesting, tree depth,
 * matrix sizes, statements executed and total element work are bounded and
 * exceeding them is an ORR_EXPR_ERROR_LIMIT error.
 *
 * Every error carries its position: the message starts with
 * "line L, column C: ", followed by the source line and a caret under the
 * offending token on two more lines.  orr_expr_error_location() reads the
 * position back.
 */
#pragma once

#include <glib.h>
#include <orrery/orr-value.h>

G_BEGIN_DECLS

#define ORR_EXPR_ERROR (orr_expr_error_quark ())

typedef enum
{
  ORR_EXPR_ERROR_SYNTAX,
  ORR_EXPR_ERROR_UNDEFINED,
  ORR_EXPR_ERROR_TYPE,
  ORR_EXPR_ERROR_SIZE,
  ORR_EXPR_ERROR_INDEX,
  ORR_EXPR_ERROR_ARGUMENT,
  ORR_EXPR_ERROR_LIMIT
} OrrExprError;

/* Limits that keep any input from crashing or hanging the caller. */
#define ORR_EXPR_MAX_NESTING 200         /* brackets, unary chains, blocks */
#define ORR_EXPR_MAX_DEPTH 1000          /* syntax tree depth, e.g. a+a+...+a */
#define ORR_EXPR_MAX_STATEMENTS 10000000 /* statements + loop iterations per run (default) */

GQuark orr_expr_error_quark (void);

/* TRUE and the 1-based line and column (in characters) if @error is an
 * ORR_EXPR_ERROR carrying a position. */
gboolean orr_expr_error_location (const GError *error, int *line, int *column);

typedef struct _OrrScope OrrScope;

/* A scope maps names to values.  Lookups fall through to @parent (which
 * may be NULL); assignments always land in the scope itself. */
/**
 * orr_scope_new: (constructor)
 * @parent: (nullable): where lookups fall through to
 *
 * Returns: (transfer full): a new scope
 */
OrrScope *orr_scope_new (OrrScope *parent);
OrrScope *orr_scope_ref (OrrScope *s);
void orr_scope_unref (OrrScope *s);
OrrScope *orr_scope_get_parent (OrrScope *s);
/* Takes a new reference on @v.  API calls may overwrite pinned names. */
void orr_scope_set (OrrScope *s, const char *name, OrrValue *v);
/* Removes a local name (and its pin); TRUE if it existed. */
gboolean orr_scope_remove (OrrScope *s, const char *name);
/* Borrowed, searches parents, NULL if none.  Valid until @s or a parent is
 * next modified. */
OrrValue *orr_scope_lookup (OrrScope *s, const char *name);
gboolean orr_scope_has_local (OrrScope *s, const char *name);
/* Sorted local names; free with g_strfreev(). */
/**
 * orr_scope_list_local:
 * @s: a scope
 *
 * Returns: (transfer full) (array zero-terminated=1): the sorted local names
 */
char **orr_scope_list_local (OrrScope *s);
/* Set + lock: later script assignments to @name in this scope are ignored,
 * so command-line overrides win over the context.  Plain and indexed
 * assignments are skipped without evaluating their right-hand side; a
 * multiple assignment or a for loop still runs but leaves @name alone. */
void orr_scope_pin (OrrScope *s, const char *name, OrrValue *v);
gboolean orr_scope_is_pinned (OrrScope *s, const char *name);
/* The base (orr-base.h): values one simulation run leaves for the next.
 * A scope carries them as hidden names, which scripts can neither read
 * nor assign (they are not identifiers); the builtin GetFromBase('name')
 * finds them through the scope chain, and GetFromBase('name', default)
 * gives default when there is none.  orr_scope_list_local() lists hidden
 * names too, so that copying a scope's names (the overrides a model is
 * evaluated with) copies them; orr_scope_name_is_hidden() tells them
 * apart for display. */
void orr_scope_set_base_value (OrrScope *s, const char *name, OrrValue *v);
/* Borrowed, searches parents, NULL if none (or @s is NULL). */
OrrValue *orr_scope_lookup_base_value (OrrScope *s, const char *name);
gboolean orr_scope_name_is_hidden (const char *local_name);
/* How many statements and loop iterations one run in @s (or a child scope
 * without its own setting) may execute; 0 restores the inherited value,
 * ORR_EXPR_MAX_STATEMENTS at the root. */
void orr_scope_set_statement_limit (OrrScope *s, guint64 limit);
guint64 orr_scope_get_statement_limit (OrrScope *s);

/* Functions of the language that need more than the language: linearize()
 * and equilibrium() need the model and its block classes. Whoever evaluates
 * a model installs one function on its root scope; the builtins find it
 * through the scope chain (none: they report that they only work in a
 * model's context). name is the builtin called; out as for builtins: new
 * references, MAX (nargout, 1) of them. */
typedef gboolean (*OrrScopeCallFunc) (const char *name, guint nargs, OrrValue **args, guint nargout,
                                      OrrValue **out, gpointer data, GError **error);
/* destroy (may be NULL) frees data with the scope, or when replaced. */
void orr_scope_set_call_func (OrrScope *s, OrrScopeCallFunc func, gpointer data,
                              GDestroyNotify destroy);
OrrScopeCallFunc orr_scope_lookup_call_func (OrrScope *s, gpointer *data);

/* Evaluates one expression (an optional trailing ';' and comments are
 * allowed) in @scope, which may be NULL and is never modified.  Returns a
 * new reference, or NULL with @error set. */
OrrValue *orr_expr_evaluate (const char *text, OrrScope *scope, GError **error);

/* Expressions parsed once and evaluated many times: a model's blocks
 * repeat the same few parameter texts ("0", "1", "[1 -1]") thousands of
 * times. Not thread-safe; one cache per evaluation. */
typedef struct _OrrExprCache OrrExprCache;
OrrExprCache *orr_expr_cache_new (void);
void orr_expr_cache_free (OrrExprCache *cache);
/* The same as orr_expr_evaluate, parsing @text only the first time. */
OrrValue *orr_expr_cache_evaluate (OrrExprCache *cache, const char *text, OrrScope *scope,
                                   GError **error);

/* Runs statements; assignments land in @scope.  On error, assignments made
 * before the failing statement stay in @scope.  Bare expression statements
 * are evaluated (so their errors are reported) and their value discarded. */
gboolean orr_script_run (const char *text, OrrScope *scope, GError **error);

/* Parses without evaluating: TRUE if @text is a syntactically valid script
 * (or, with @expression_only, a single expression). */
gboolean orr_expr_check_syntax (const char *text, gboolean expression_only, GError **error);

/* TRUE if @name is a builtin function or constant (pi, sin, zeros ...). */
gboolean orr_expr_is_builtin (const char *name);

/* The names a script (or expression) may read before assigning them, for
 * proposing mask parameters.  Precisely: a name is listed if on some
 * execution path it is read while no assignment to it has happened yet on
 * that path.  Paths take either branch of every if (a missing else is an
 * empty branch) and run every loop body zero or one time; a for loop's
 * variable is assigned before its body.  Reads are plain uses and
 * calls/indexing "name(...)"; an indexed assignment "A(2) = x" assigns A
 * without reading it (it also works when A does not exist).  Builtin
 * names (pi, i, sin ...) are never listed.  Hence "x = 1; y = a*x + b; z = y + c"
 * gives {"a", "b", "c"}, and "y = a*x + b; x = 1" gives {"a", "b", "x"}.
 * Sorted; free with g_strfreev().  NULL with @error on a syntax error. */
char **orr_expr_free_variables (const char *text, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrScope, orr_scope_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrExprCache, orr_expr_cache_free)

G_END_DECLS
