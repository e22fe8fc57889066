/* orr-expr-program.h - expressions of the parameter language compiled once
 * into a flat program over fixed-size double registers, for blocks that
 * evaluate a formula of their inputs at every call (MathExpression,
 * MatrixExpression).
 *
 * Compilation parses the text with the language's own parser, gives every
 * subexpression its size (the inputs u1 ... un have fixed sizes), folds
 * everything that does not depend on the inputs with the general evaluator
 * (so any builtin, p(2), eye(3), 1:5 or a variable of the scope works
 * there), and lowers the rest to instructions over one block of doubles.
 * Running the program allocates nothing.
 *
 * The compiled subset works on real doubles only: comparisons and logical
 * operators give 0 and 1, and a real function outside its domain gives NaN
 * (sqrt(-1), log(-1)) where the general evaluator would give a complex
 * number. On top of the language, the element-wise conditionals of the
 * matrix expressions of Scicos and Activate are understood:
 *
 *   .if cond .then a .else b .end
 *   .switch x .case c1, v1 .case c2, v2 .otherwise w .end
 *
 * which take, element by element, a (v1, v2 ...) where the condition holds
 * (x equals c1, c2 ...) and b (w) elsewhere; all branches are evaluated.
 *
 * Errors at compilation are ORR_EXPR_ERROR errors with the usual position
 * ("line L, column C: " and a caret); errors at run time (an index that
 * depends on the inputs and falls outside the matrix, a singular matrix)
 * make orr_expr_program_run() return FALSE with a message.
 */
#pragma once

#include <orrery/orr-expr.h>

G_BEGIN_DECLS

typedef struct _OrrExprProgram OrrExprProgram;

/* Compiles @text, a single expression of the inputs u1 ... u<n_inputs>
 * whose sizes are rows[k] x cols[k] (both >= 1). Other names are looked up
 * in @scope (may be NULL), then among the builtins, and must not depend on
 * the inputs. Inputs take precedence over variables of the same name.
 * NULL with @error set on a syntax, size or type error. */
OrrExprProgram *orr_expr_program_new (const char *text, int n_inputs, const int *rows,
                                      const int *cols, OrrScope *scope, GError **error);
void orr_expr_program_free (OrrExprProgram *program);

/* The size of the result, fixed at compilation (it may be empty). */
void orr_expr_program_get_size (const OrrExprProgram *program, int *rows, int *cols);
/* FALSE when the result does not depend on input @k (0-based) at all. */
gboolean orr_expr_program_uses_input (const OrrExprProgram *program, int k);
/* How many instructions a run executes; 0 for an expression that was
 * folded to a constant. */
int orr_expr_program_get_n_instructions (const OrrExprProgram *program);

/* Evaluates with inputs[k] pointing to the column-major elements of input
 * k, and writes the result's elements to @output. FALSE when an error
 * happened at run time; @output then holds NaN. Not thread-safe for one
 * program: each simulation compiles its own. */
gboolean orr_expr_program_run (OrrExprProgram *program, const double *const *inputs,
                               double *output);
/* The message of the last failed run ("line 1, column 4: index 3 is out of
 * bounds 1..2"), or NULL. Owned by the program. */
const char *orr_expr_program_get_error (const OrrExprProgram *program);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrExprProgram, orr_expr_program_free)

G_END_DECLS
