/* orr-expr-error.c - the ORR_EXPR_ERROR domain and messages that show where
 * in the source an error happened.
 */
#include "orr-expr-error.h"

#include <stdio.h>
#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_expr_error_quark (void)
{
  return g_quark_from_static_string ("orr-expr-error-quark");
}

/* Lines longer than this are shown as a window around the caret. */
#define EXCERPT_HALF_WIDTH 60

static inline gboolean
is_char_start (char c)
{
  return ((guchar)c & 0xC0) != 0x80;
}

void
orr_expr_position (const char *text, gsize pos, int *line, int *column)
{
  gsize i;
  int l = 1, c = 1;

  for (i = 0; i < pos && text[i]; i++)
    {
      if (text[i] == '\n')
        {
          l++;
          c = 1;
        }
      else if (is_char_start (text[i]))
        c++;
    }
  *line = l;
  *column = c;
}

static void
append_excerpt (GString *msg, const char *text, gsize pos)
{
  gsize line_start = pos, line_end = pos, from, to, i;
  g_autofree char *shown = NULL;
  GString *caret;
  char *cr;

  while (line_start > 0 && text[line_start - 1] != '\n')
    line_start--;
  while (text[line_end] && text[line_end] != '\n')
    line_end++;

  from = line_start;
  if (pos - line_start > EXCERPT_HALF_WIDTH)
    {
      from = pos - EXCERPT_HALF_WIDTH;
      while (from < pos && !is_char_start (text[from]))
        from++;
    }
  to = line_end;
  if (line_end - pos > EXCERPT_HALF_WIDTH)
    {
      to = pos + EXCERPT_HALF_WIDTH;
      while (to > pos && !is_char_start (text[to]))
        to--;
    }

  shown = g_utf8_make_valid (text + from, to - from);
  /* Keep the caret line aligned: drop carriage returns and other control
   * characters except tabs, which the caret line reproduces. */
  for (cr = shown; *cr; cr++)
    if ((guchar)*cr < 0x20 && *cr != '\t')
      *cr = ' ';

  caret = g_string_new ("  ");
  g_string_append (msg, "\n  ");
  if (from > line_start)
    {
      g_string_append (msg, "...");
      g_string_append (caret, "   ");
    }
  g_string_append (msg, shown);
  if (to < line_end)
    g_string_append (msg, "...");
  for (i = from; i < pos; i++)
    if (is_char_start (text[i]))
      g_string_append_c (caret, text[i] == '\t' ? '\t' : ' ');
  g_string_append_c (caret, '^');
  g_string_append_c (msg, '\n');
  g_string_append (msg, caret->str);
  g_string_free (caret, TRUE);
}

void
orr_expr_error_setv (GError **error, const char *text, gsize pos, OrrExprError code,
                     const char *format, va_list args)
{
  GString *msg;
  int line, column;

  if (error == NULL || *error != NULL)
    return;
  if (text == NULL)
    text = "";
  if (pos > strlen (text))
    pos = strlen (text);
  orr_expr_position (text, pos, &line, &column);
  msg = g_string_new (NULL);
  g_string_append_printf (msg, "line %d, column %d: ", line, column);
  g_string_append_vprintf (msg, format, args);
  append_excerpt (msg, text, pos);
  g_set_error_literal (error, ORR_EXPR_ERROR, code, msg->str);
  g_string_free (msg, TRUE);
}

void
orr_expr_error_set (GError **error, const char *text, gsize pos, OrrExprError code,
                    const char *format, ...)
{
  va_list args;

  va_start (args, format);
  orr_expr_error_setv (error, text, pos, code, format, args);
  va_end (args);
}

gboolean
orr_expr_error_location (const GError *error, int *line, int *column)
{
  int l, c;

  if (error == NULL || error->domain != ORR_EXPR_ERROR || error->message == NULL)
    return FALSE;
  if (sscanf (error->message, "line %d, column %d:", &l, &c) != 2)
    return FALSE;
  if (line)
    *line = l;
  if (column)
    *column = c;
  return TRUE;
}
