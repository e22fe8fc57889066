/* orr-parser.h - from tokens to a syntax tree */
#pragma once

#include "orr-ast.h"

/* Parses a whole script (statements). NULL with @error on a syntax error. */
OrrAst *orr_parse_script (const char *text, GError **error);

/* Parses exactly one expression, optionally followed by ';' or comments. */
OrrAst *orr_parse_expression (const char *text, GError **error);
