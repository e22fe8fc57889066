/* orr-expression-list.h: a list of formulas of the parameter language,
 * one per line of a text parameter, each of the inputs u1 ... un (of
 * given sizes) and of the parameter vector p, for the blocks with one
 * formula per output (MathExpressions) or per condition (IfExpression).
 * As with MathExpression (math/expression-block.h), configure compiles
 * the formulas to report mistakes and learn their sizes, and init
 * compiles the stored text again into programs kept in the block's work
 * memory until terminate. Private to the palettes. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The most formulas one block holds (each is a port). */
#define ORR_EXPRESSION_LIST_MAX 100

/* Reads the text parameter text_name (one formula per non-blank line)
 * and the matrix parameter "parameters" (p), compiles each formula for n
 * inputs of the given sizes, adds the inputs (feedthrough where some
 * formula reads them), and stores opar = { text, p }, ipar = { n, rows
 * and columns of each input }. *n_formulas and the sizes of each result
 * (arrays of ORR_EXPRESSION_LIST_MAX) are for the caller, which adds the
 * outputs or checks that each result is a scalar. */
gboolean orr_expression_list_setup (OrrConfig *config, const char *text_name, int n,
                                    const int *rows, const int *cols, int *n_formulas,
                                    int *out_rows, int *out_cols, GError **error);

/* ORR_JOB_INIT and ORR_JOB_TERMINATE: compiles and frees the programs. */
void orr_expression_list_start (OrrSimBlock *block);
void orr_expression_list_stop (OrrSimBlock *block);
/* Runs formula k with the block's current inputs into out; FALSE (after
 * reporting the error at an accepted point) when it failed. */
gboolean orr_expression_list_run (OrrSimBlock *block, int k, double *out);

G_END_DECLS
