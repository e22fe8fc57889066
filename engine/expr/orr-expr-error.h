/* orr-expr-error.h - building positioned error messages */
#pragma once

#include <orrery/orr-expr.h>
#include <stdarg.h>

/* Sets @error (if not already set) to "line L, column C: <message>" followed
 * by the source line of @text containing byte offset @pos and a caret. */
void orr_expr_error_set (GError **error, const char *text, gsize pos, OrrExprError code,
                         const char *format, ...) G_GNUC_PRINTF (5, 6);
void orr_expr_error_setv (GError **error, const char *text, gsize pos, OrrExprError code,
                          const char *format, va_list args) G_GNUC_PRINTF (5, 0);

/* 1-based line and column (in characters) of byte offset @pos. */
void orr_expr_position (const char *text, gsize pos, int *line, int *column);
