/* expression-block.h: what MathExpression and MatrixExpression share: a
 * formula of the inputs u1 ... un and of the parameter vector p, compiled
 * by orr-expr-program once to check it and find the output's size, and
 * again at init into the program the simulation runs. Private to the Math
 * palette. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* Reads the parameters 'expression' (a string) and 'parameters' (a real
 * matrix, p in the formula) and compiles the formula for n inputs of the
 * given sizes. On success adds the inputs (feedthrough where the formula
 * reads them), stores what the simulation needs (opar = { expression, p },
 * ipar = { n, rows and columns of each input }) and gives the result's
 * size; the caller adds the output. */
gboolean orr_math_expression_setup (OrrConfig *config, int n, const int *rows, const int *cols,
                                    int *out_rows, int *out_cols, GError **error);

/* The simulation function of both blocks. */
void orr_math_expression_simulate (OrrSimBlock *block, OrrJob job);

G_END_DECLS
