/* orr-lexer.c - splits parameter-language source into tokens.
 *
 * MATLAB makes two things depend on context, both resolved here or flagged
 * for the parser: a quote is a transpose right after a value and a string
 * otherwise (inside [ ], whitespace before it means a new string element),
 * and whitespace inside [ ] separates elements, so every token records
 * whether whitespace precedes it.
 */
#include "orr-lexer.h"
#include "orr-expr-error.h"

#include <string.h>

static const struct
{
  const char *word;
  OrrTokKind kind;
} keywords[] = {
  { "if", ORR_TOK_IF },
  { "elseif", ORR_TOK_ELSEIF },
  { "else", ORR_TOK_ELSE },
  { "end", ORR_TOK_END },
  { "for", ORR_TOK_FOR },
  { "while", ORR_TOK_WHILE },
  { "break", ORR_TOK_BREAK },
  { "continue", ORR_TOK_CONTINUE },
  { "return", ORR_TOK_RETURN },
  { "function", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "endfunction", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "switch", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "case", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "otherwise", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "try", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "catch", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "do", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "until", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "global", ORR_TOK_UNSUPPORTED_KEYWORD },
  { "persistent", ORR_TOK_UNSUPPORTED_KEYWORD },
};

typedef struct
{
  const char *text;
  gsize pos;
  GArray *tokens;
  GString *brackets; /* stack of open '(' '[' '{' */
  GError **error;
} Lexer;

static void
clear_token (gpointer data)
{
  OrrToken *tok = data;

  g_free (tok->text);
}

static gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static OrrToken *
push (Lexer *lx, OrrTokKind kind, gsize start, gboolean space)
{
  OrrToken tok = { 0 };

  tok.kind = kind;
  tok.pos = start;
  tok.end = lx->pos;
  tok.space_before = space;
  g_array_append_val (lx->tokens, tok);
  return &g_array_index (lx->tokens, OrrToken, lx->tokens->len - 1);
}

static gboolean fail (Lexer *lx, gsize pos, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (Lexer *lx, gsize pos, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  orr_expr_error_setv (lx->error, lx->text, pos, ORR_EXPR_ERROR_SYNTAX, format, args);
  va_end (args);
  return FALSE;
}

static char
innermost_bracket (Lexer *lx)
{
  return lx->brackets->len ? lx->brackets->str[lx->brackets->len - 1] : 0;
}

/* A quote right after one of these (without whitespace, or outside [ ])
 * transposes; anywhere else it starts a string. */
static gboolean
previous_ends_value (Lexer *lx)
{
  const OrrToken *prev;

  if (lx->tokens->len == 0)
    return FALSE;
  prev = &g_array_index (lx->tokens, OrrToken, lx->tokens->len - 1);
  switch (prev->kind)
    {
      case ORR_TOK_NUMBER:
      case ORR_TOK_STRING:
      case ORR_TOK_IDENT:
      case ORR_TOK_END:
      case ORR_TOK_RPAREN:
      case ORR_TOK_RBRACKET:
      case ORR_TOK_RBRACE:
      case ORR_TOK_QUOTE:
      case ORR_TOK_DOTQUOTE:
        return TRUE;
      default:
        return FALSE;
    }
}

static gboolean
lex_number (Lexer *lx, gboolean space)
{
  const char *t = lx->text;
  gsize start = lx->pos, p = lx->pos;
  g_autofree char *copy = NULL;
  OrrToken *tok;

  while (g_ascii_isdigit (t[p]))
    p++;
  /* "1.*x" and "1.'" are 1 followed by an element-wise operator */
  if (t[p] == '.' && (t[p + 1] == '\0' || !strchr ("*/\\^'", t[p + 1]))
      && !(t[p + 1] == '.' && t[p + 2] == '.'))
    {
      p++;
      while (g_ascii_isdigit (t[p]))
        p++;
    }
  if (t[p] == 'e' || t[p] == 'E' || t[p] == 'd' || t[p] == 'D')
    {
      gsize q = p + 1;

      if (t[q] == '+' || t[q] == '-')
        q++;
      if (!g_ascii_isdigit (t[q]))
        return fail (lx, start, "malformed number: exponent has no digits");
      while (g_ascii_isdigit (t[q]))
        q++;
      p = q;
    }
  copy = g_strndup (t + start, p - start);
  /* MATLAB accepts 1d3 for 1e3 */
  g_strdelimit (copy, "dD", 'e');
  lx->pos = p;
  tok = push (lx, ORR_TOK_NUMBER, start, space);
  tok->number = g_ascii_strtod (copy, NULL);
  if ((t[p] == 'i' || t[p] == 'j' || t[p] == 'I' || t[p] == 'J') && !is_ident_char (t[p + 1]))
    {
      tok->imaginary = TRUE;
      lx->pos = ++p;
      tok->end = p;
    }
  if (is_ident_char (t[lx->pos]) || (t[lx->pos] == '.' && g_ascii_isdigit (t[lx->pos + 1])))
    return fail (lx, lx->pos, "malformed number: unexpected '%c' after '%s'", t[lx->pos], copy);
  return TRUE;
}

static gboolean
lex_string (Lexer *lx, char quote, gboolean space)
{
  const char *t = lx->text;
  gsize start = lx->pos, p = lx->pos + 1;
  GString *s = g_string_new (NULL);
  OrrToken *tok;

  for (;;)
    {
      if (t[p] == '\0' || t[p] == '\n' || t[p] == '\r')
        {
          g_string_free (s, TRUE);
          return fail (lx, start, "unterminated string: missing closing %c", quote);
        }
      if (t[p] == quote)
        {
          if (t[p + 1] == quote)
            {
              g_string_append_c (s, quote);
              p += 2;
              continue;
            }
          p++;
          break;
        }
      g_string_append_c (s, t[p++]);
    }
  lx->pos = p;
  tok = push (lx, ORR_TOK_STRING, start, space);
  tok->text = g_string_free (s, FALSE);
  return TRUE;
}

static void
lex_word (Lexer *lx, gboolean space)
{
  const char *t = lx->text;
  gsize start = lx->pos, p = lx->pos;
  OrrTokKind kind = ORR_TOK_IDENT;
  OrrToken *tok;
  char *word;
  guint k;

  while (is_ident_char (t[p]))
    p++;
  word = g_strndup (t + start, p - start);
  for (k = 0; k < G_N_ELEMENTS (keywords); k++)
    if (strcmp (word, keywords[k].word) == 0)
      kind = keywords[k].kind;
  lx->pos = p;
  tok = push (lx, kind, start, space);
  tok->text = word;
}

/* "%{" alone on a line opens a block comment closed by "%}" alone on a line.
 * Returns TRUE (and skips it) if one starts at lx->pos. */
static gboolean
skip_block_comment (Lexer *lx)
{
  const char *t = lx->text;
  gsize p = lx->pos, q;

  if (!(t[p] == '%' && t[p + 1] == '{'))
    return FALSE;
  for (q = p; q > 0 && t[q - 1] != '\n'; q--)
    if (!g_ascii_isspace (t[q - 1]))
      return FALSE;
  for (q = p + 2; t[q] && t[q] != '\n'; q++)
    if (!g_ascii_isspace (t[q]))
      return FALSE;
  /* find a line that is just "%}" */
  while (t[q])
    {
      gsize line = q + 1, e;

      while (t[line] == ' ' || t[line] == '\t')
        line++;
      if (t[line] == '%' && t[line + 1] == '}')
        {
          for (e = line + 2; t[e] == ' ' || t[e] == '\t' || t[e] == '\r'; e++)
            ;
          if (t[e] == '\n' || t[e] == '\0')
            {
              lx->pos = e;
              return TRUE;
            }
        }
      for (q = line; t[q] && t[q] != '\n'; q++)
        ;
    }
  lx->pos = q;
  return TRUE;
}

static void
skip_to_line_end (Lexer *lx)
{
  while (lx->text[lx->pos] && lx->text[lx->pos] != '\n')
    lx->pos++;
}

static const struct
{
  const char *op;
  OrrTokKind kind;
} operators[] = {
  /* longest first */
  { ".*", ORR_TOK_DOTSTAR },  { "./", ORR_TOK_DOTSLASH }, { ".\\", ORR_TOK_DOTBACKSLASH },
  { ".^", ORR_TOK_DOTCARET }, { ".'", ORR_TOK_DOTQUOTE }, { "==", ORR_TOK_EQ },
  { "~=", ORR_TOK_NE },       { "!=", ORR_TOK_NE },       { "<=", ORR_TOK_LE },
  { ">=", ORR_TOK_GE },       { "&&", ORR_TOK_ANDAND },   { "||", ORR_TOK_OROR },
  { "(", ORR_TOK_LPAREN },    { ")", ORR_TOK_RPAREN },    { "[", ORR_TOK_LBRACKET },
  { "]", ORR_TOK_RBRACKET },  { "{", ORR_TOK_LBRACE },    { "}", ORR_TOK_RBRACE },
  { ",", ORR_TOK_COMMA },     { ";", ORR_TOK_SEMI },      { "=", ORR_TOK_ASSIGN },
  { ":", ORR_TOK_COLON },     { "+", ORR_TOK_PLUS },      { "-", ORR_TOK_MINUS },
  { "*", ORR_TOK_STAR },      { "/", ORR_TOK_SLASH },     { "\\", ORR_TOK_BACKSLASH },
  { "^", ORR_TOK_CARET },     { "<", ORR_TOK_LT },        { ">", ORR_TOK_GT },
  { "&", ORR_TOK_AND },       { "|", ORR_TOK_OR },        { "~", ORR_TOK_NOT },
  { "!", ORR_TOK_NOT },
};

static gboolean
lex_operator (Lexer *lx, gboolean space)
{
  const char *t = lx->text + lx->pos;
  gsize start = lx->pos;
  guint k;

  for (k = 0; k < G_N_ELEMENTS (operators); k++)
    {
      gsize len = strlen (operators[k].op);
      OrrTokKind kind = operators[k].kind;

      if (strncmp (t, operators[k].op, len) != 0)
        continue;
      lx->pos += len;
      push (lx, kind, start, space);
      if (kind == ORR_TOK_LPAREN || kind == ORR_TOK_LBRACKET || kind == ORR_TOK_LBRACE)
        g_string_append_c (lx->brackets, *t);
      else if ((kind == ORR_TOK_RPAREN || kind == ORR_TOK_RBRACKET || kind == ORR_TOK_RBRACE)
               && lx->brackets->len > 0)
        g_string_truncate (lx->brackets, lx->brackets->len - 1);
      return TRUE;
    }
  if ((guchar)*t >= 0x80)
    {
      g_autofree char *ch = g_strndup (t, g_utf8_next_char (t) - t);

      return fail (lx, start, "unexpected character '%s'", ch);
    }
  if (g_ascii_isprint (*t))
    return fail (lx, start, "unexpected character '%c'", *t);
  return fail (lx, start, "unexpected control character 0x%02x", (guchar)*t);
}

GArray *
orr_lex (const char *text, GError **error)
{
  Lexer lx = { 0 };
  const char *invalid = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  if (!g_utf8_validate (text, -1, &invalid))
    {
      orr_expr_error_set (error, text, invalid - text, ORR_EXPR_ERROR_SYNTAX,
                          "invalid UTF-8 (byte 0x%02x)", (guchar)*invalid);
      return NULL;
    }
  lx.text = text;
  lx.error = error;
  lx.tokens = g_array_new (FALSE, TRUE, sizeof (OrrToken));
  g_array_set_clear_func (lx.tokens, clear_token);
  lx.brackets = g_string_new (NULL);

  for (;;)
    {
      gboolean space = FALSE, ok = TRUE;
      char c;

      for (;;)
        {
          c = text[lx.pos];
          if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
            lx.pos++;
          else if (c == '.' && text[lx.pos + 1] == '.' && text[lx.pos + 2] == '.')
            {
              /* continuation: the rest of the line and the newline vanish */
              skip_to_line_end (&lx);
              if (text[lx.pos] == '\n')
                lx.pos++;
            }
          else if (skip_block_comment (&lx))
            ;
          else if (c == '%' || (c == '/' && text[lx.pos + 1] == '/'))
            skip_to_line_end (&lx);
          else
            break;
          space = TRUE;
        }

      if (c == '\0')
        {
          push (&lx, ORR_TOK_EOF, lx.pos, space);
          break;
        }
      if (c == '\n')
        {
          lx.pos++;
          push (&lx, ORR_TOK_NEWLINE, lx.pos - 1, space);
          continue;
        }
      if (g_ascii_isdigit (c) || (c == '.' && g_ascii_isdigit (text[lx.pos + 1])))
        ok = lex_number (&lx, space);
      else if (is_ident_start (c))
        lex_word (&lx, space);
      else if (c == '"')
        ok = lex_string (&lx, '"', space);
      else if (c == '\'')
        {
          char inner = innermost_bracket (&lx);

          if (previous_ends_value (&lx) && !(space && (inner == '[' || inner == '{')))
            {
              lx.pos++;
              push (&lx, ORR_TOK_QUOTE, lx.pos - 1, space);
            }
          else
            ok = lex_string (&lx, '\'', space);
        }
      else
        ok = lex_operator (&lx, space);
      if (!ok)
        {
          g_array_unref (lx.tokens);
          g_string_free (lx.brackets, TRUE);
          return NULL;
        }
    }
  g_string_free (lx.brackets, TRUE);
  return lx.tokens;
}

char *
orr_token_describe (const OrrToken *tok)
{
  switch (tok->kind)
    {
      case ORR_TOK_EOF:
        return g_strdup ("end of input");
      case ORR_TOK_NEWLINE:
        return g_strdup ("end of line");
      case ORR_TOK_NUMBER:
        return g_strdup ("a number");
      case ORR_TOK_STRING:
        return g_strdup ("a string");
      case ORR_TOK_IDENT:
        return g_strdup_printf ("'%s'", tok->text);
      case ORR_TOK_QUOTE:
        return g_strdup ("'''");
      default:
        if (tok->text)
          return g_strdup_printf ("'%s'", tok->text);
        for (guint k = 0; k < G_N_ELEMENTS (operators); k++)
          if (operators[k].kind == tok->kind)
            return g_strdup_printf ("'%s'", operators[k].op);
        return g_strdup ("a token");
    }
}
