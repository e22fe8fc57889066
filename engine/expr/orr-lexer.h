/* orr-lexer.h - tokens of the parameter language */
#pragma once

#include <glib.h>

typedef enum
{
  ORR_TOK_EOF,
  ORR_TOK_NEWLINE,
  ORR_TOK_NUMBER,
  ORR_TOK_STRING,
  ORR_TOK_IDENT,
  /* keywords */
  ORR_TOK_IF,
  ORR_TOK_ELSEIF,
  ORR_TOK_ELSE,
  ORR_TOK_END,
  ORR_TOK_FOR,
  ORR_TOK_WHILE,
  ORR_TOK_BREAK,
  ORR_TOK_CONTINUE,
  ORR_TOK_RETURN,
  ORR_TOK_UNSUPPORTED_KEYWORD, /* function, switch, try ...: reserved */
  /* punctuation */
  ORR_TOK_LPAREN,
  ORR_TOK_RPAREN,
  ORR_TOK_LBRACKET,
  ORR_TOK_RBRACKET,
  ORR_TOK_LBRACE,
  ORR_TOK_RBRACE,
  ORR_TOK_COMMA,
  ORR_TOK_SEMI,
  ORR_TOK_ASSIGN,
  ORR_TOK_COLON,
  /* operators */
  ORR_TOK_PLUS,
  ORR_TOK_MINUS,
  ORR_TOK_STAR,
  ORR_TOK_SLASH,
  ORR_TOK_BACKSLASH,
  ORR_TOK_CARET,
  ORR_TOK_DOTSTAR,
  ORR_TOK_DOTSLASH,
  ORR_TOK_DOTBACKSLASH,
  ORR_TOK_DOTCARET,
  ORR_TOK_QUOTE,    /* ' conjugate transpose */
  ORR_TOK_DOTQUOTE, /* .' transpose */
  ORR_TOK_EQ,
  ORR_TOK_NE,
  ORR_TOK_LT,
  ORR_TOK_LE,
  ORR_TOK_GT,
  ORR_TOK_GE,
  ORR_TOK_AND,
  ORR_TOK_OR,
  ORR_TOK_ANDAND,
  ORR_TOK_OROR,
  ORR_TOK_NOT
} OrrTokKind;

typedef struct
{
  OrrTokKind kind;
  gsize pos; /* byte offsets of the token in the source */
  gsize end;
  gboolean space_before; /* whitespace, a comment or "..." precedes it */
  double number;
  gboolean imaginary; /* 2i, 3j */
  char *text;         /* identifier name, string contents, keyword */
} OrrToken;

/* Returns an array of OrrToken ending with ORR_TOK_EOF (free it with
 * g_array_unref(), which frees the texts), or NULL with @error set. */
GArray *orr_lex (const char *text, GError **error);

/* "')'", "end of input", "identifier 'x'" ... for error messages */
char *orr_token_describe (const OrrToken *tok);
