/* orr-expr-program-syntax.c - the element-wise conditionals of Activate's
 * matrix expressions, ".if c .then a .else b .end" and ".switch x .case
 * c1, v1 ... .otherwise w .end", which the language's grammar does not
 * have. Before parsing, each keyword is replaced by punctuation of the same
 * length: ".if" by a call "_i(", ".switch" by "_s(", ".then", ".else",
 * ".case" and ".otherwise" by a comma, ".end" by ")", padded with spaces.
 * The conditional becomes a call the parser accepts, and every byte offset
 * stays where it was, so positions in errors still point into the text the
 * user wrote. The keywords' nesting is checked here, so that a missing
 * ".end" is reported as such rather than as an unclosed parenthesis.
 */
#include "orr-expr-program-private.h"
#include "orr-expr-error.h"
#include "orr-lexer.h"

#include <string.h>

typedef enum
{
  KW_IF,
  KW_THEN,
  KW_ELSE,
  KW_END,
  KW_SWITCH,
  KW_CASE,
  KW_OTHERWISE,
} Keyword;

static const struct
{
  const char *word;
  const char *replacement; /* of the same length */
} keywords[] = {
  [KW_IF] = { ".if", ORR_EXPR_PROGRAM_IF "(" },
  [KW_THEN] = { ".then", ",    " },
  [KW_ELSE] = { ".else", ",    " },
  [KW_END] = { ".end", ")   " },
  [KW_SWITCH] = { ".switch", ORR_EXPR_PROGRAM_SWITCH "(    " },
  [KW_CASE] = { ".case", ",    " },
  [KW_OTHERWISE] = { ".otherwise", ",         " },
};

typedef struct
{
  gsize pos;
  Keyword keyword;
} KeywordAt;

static int
keyword_at (const char *p)
{
  for (guint k = 0; k < G_N_ELEMENTS (keywords); k++)
    {
      gsize len = strlen (keywords[k].word);

      if (strncmp (p, keywords[k].word, len) == 0 && !g_ascii_isalnum (p[len]) && p[len] != '_')
        return (int)k;
    }
  return -1;
}

/* Byte offset of 1-based line and character column. */
static gsize
offset_of (const char *text, int line, int column)
{
  gsize i = 0;

  for (int l = 1; l < line && text[i]; i++)
    if (text[i] == '\n')
      l++;
  for (int col = 1; col < column && text[i]; col++)
    i = g_utf8_next_char (text + i) - text;
  return i;
}

/* @local, positioned in a text of the same offsets, again against @text
 * (so that the excerpt shows what the user wrote). A token the message
 * names where a keyword was replaced is named as the keyword. */
void
orr_expr_program_relocate_error (GError **error, const char *text, const GError *local)
{
  const char *body = strstr (local->message, ": ");
  const char *end;
  g_autofree char *message = NULL;
  int line, column, k;
  gsize at;

  if (!orr_expr_error_location (local, &line, &column) || body == NULL)
    {
      g_propagate_error (error, g_error_copy (local));
      return;
    }
  body += 2;
  end = strchr (body, '\n');
  message = end ? g_strndup (body, end - body) : g_strdup (body);
  at = offset_of (text, line, column);
  if (text[at] == '.' && (k = keyword_at (text + at)) >= 0)
    {
      /* as the lexer describes "_i", "," or ")" */
      g_autofree char *token = g_strdup_printf ("'%.*s'", keywords[k].replacement[0] == '_' ? 2 : 1,
                                                keywords[k].replacement);
      g_autofree char *word = g_strdup_printf ("'%s'", keywords[k].word);
      g_auto (GStrv) parts = g_strsplit (message, token, -1);

      g_free (message);
      message = g_strjoinv (word, parts);
    }
  orr_expr_error_set (error, text, at, local->code, "%s", message);
}

static gboolean
check_keywords (const char *text, GArray *found, GError **error)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (KeywordAt));
  /* per open construct: how far it got (.if: 0 then 1 else 2; .switch:
   * 0 no case yet, 1 cases, 2 otherwise) */
  g_autoptr (GArray) stage = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < found->len; i++)
    {
      const KeywordAt *k = &g_array_index (found, KeywordAt, i);
      KeywordAt *top = stack->len ? &g_array_index (stack, KeywordAt, stack->len - 1) : NULL;
      int *st = stage->len ? &g_array_index (stage, int, stage->len - 1) : NULL;
      gboolean in_if = top && top->keyword == KW_IF, in_switch = top && top->keyword == KW_SWITCH;
      const char *problem = NULL;
      int zero = 0;

      switch (k->keyword)
        {
          case KW_IF:
          case KW_SWITCH:
            g_array_append_val (stack, *k);
            g_array_append_val (stage, zero);
            break;
          case KW_THEN:
            if (in_if && *st == 0)
              *st = 1;
            else
              problem = "'.then' without a matching '.if'";
            break;
          case KW_ELSE:
            if (in_if && *st == 1)
              *st = 2;
            else
              problem
                = in_if && *st == 0 ? "'.else' before '.then'" : "'.else' without a matching '.if'";
            break;
          case KW_CASE:
            if (in_switch && *st < 2)
              *st = 1;
            else
              problem = "'.case' without a matching '.switch'";
            break;
          case KW_OTHERWISE:
            if (in_switch && *st == 1)
              *st = 2;
            else
              problem = in_switch && *st == 0 ? "'.otherwise' before any '.case'"
                                              : "'.otherwise' without a matching '.switch'";
            break;
          case KW_END:
            if ((in_if || in_switch) && *st == 2)
              {
                g_array_set_size (stack, stack->len - 1);
                g_array_set_size (stage, stage->len - 1);
              }
            else if (in_if)
              problem = "'.end' before the '.then' and '.else' of its '.if'";
            else if (in_switch)
              problem = "'.end' before the '.otherwise' of its '.switch'";
            else
              problem = "'.end' without a matching '.if' or '.switch'";
            break;
          default:
            break;
        }
      if (problem)
        {
          orr_expr_error_set (error, text, k->pos, ORR_EXPR_ERROR_SYNTAX, "%s", problem);
          return FALSE;
        }
    }
  if (stack->len > 0)
    {
      const KeywordAt *open = &g_array_index (stack, KeywordAt, stack->len - 1);

      orr_expr_error_set (error, text, open->pos, ORR_EXPR_ERROR_SYNTAX, "'%s' without '.end'",
                          keywords[open->keyword].word);
      return FALSE;
    }
  return TRUE;
}

/* @text with .if ... .end and .switch ... .end turned into calls, or NULL
 * with an error. A keyword is recognised where the lexer stops at its
 * dot, so dots inside strings and comments are left alone. */
char *
orr_expr_program_rewrite (const char *text, gboolean *rewritten, GError **error)
{
  g_autofree char *copy = g_strdup (text);
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (KeywordAt));

  for (;;)
    {
      g_autoptr (GError) local = NULL;
      GArray *tokens = orr_lex (copy, &local);
      int line, column, k;
      gsize at;

      if (tokens != NULL)
        {
          g_array_unref (tokens);
          break;
        }
      if (!orr_expr_error_location (local, &line, &column))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      at = offset_of (copy, line, column);
      if (copy[at] != '.' || (k = keyword_at (copy + at)) < 0)
        {
          orr_expr_program_relocate_error (error, text, local);
          return NULL;
        }
      memcpy (copy + at, keywords[k].replacement, strlen (keywords[k].replacement));
      g_array_append_val (found, ((KeywordAt){ at, (Keyword)k }));
    }
  if (!check_keywords (text, found, error))
    return NULL;
  *rewritten = found->len > 0;
  return g_steal_pointer (&copy);
}
