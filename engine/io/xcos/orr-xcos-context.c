/* orr-xcos-context.c: Scilab expressions and context scripts in Orrery's
 * parameter language.
 *
 * The two languages share most of their syntax (matrices in brackets,
 * ranges with ':', element-wise operators, '//' comments, if/for/end), so
 * the translation works on tokens: Scilab's predefined constants (%pi,
 * %e, %t ...) become Orrery's words, '<>' becomes '~=', and a call of a
 * function Orrery does not have, or any other %name, makes the line
 * untranslatable. Such context lines are kept as comments (so nothing the
 * user wrote is lost) and reported.
 */
#include "orr-xcos-private.h"

#include <orrery/orr-expr.h>

#include <string.h>

static const char *const constants[][2] = {
  { "%pi", "pi" },   { "%e", "exp(1)" }, { "%i", "i" },     { "%t", "true" },
  { "%T", "true" },  { "%f", "false" },  { "%F", "false" }, { "%inf", "inf" },
  { "%nan", "nan" }, { "%eps", "eps" },  { "%s", "s" },     { "%z", "z" },
};

/* Scilab functions with the same name and meaning in Orrery are simply
 * kept; these are renamed. */
static const char *const renamed[][2] = {
  { "int", "fix" },
  { "modulo", "rem" },
  { "pmodulo", "mod" },
  { "matrix", "reshape" },
};

static gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_' || c == '%' || c == '#' || c == '$' || c == '!'
         || c == '?';
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '#' || c == '$' || c == '!' || c == '?';
}

/* names: the names the text may use as variables (assigned earlier in the
 * context), so that "a(2)" is indexing and not an unknown function. */
static char *
translate (const char *text, GHashTable *names, char **why)
{
  GString *out = g_string_new (NULL);
  const char *p = text;
  char prev = 0; /* the last significant character written */

  while (*p)
    {
      char c = *p;

      if (c == '/' && p[1] == '/')
        {
          g_string_append (out, p);
          break;
        }
      if (c == '"'
          || (c == '\''
              && !(g_ascii_isalnum (prev) || prev == ')' || prev == ']' || prev == '\''
                   || prev == '_' || prev == '.')))
        {
          /* a string; doubled quotes stay doubled */
          const char *q = p + 1;
          for (;;)
            {
              if (*q == '\0')
                break;
              if ((*q == '"' || *q == '\'') && (q[1] == '"' || q[1] == '\''))
                {
                  q += 2;
                  continue;
                }
              if (*q == '"' || *q == '\'')
                break;
              q++;
            }
          /* Orrery's strings take either quote; keep the user's text */
          g_string_append_c (out, '\'');
          for (const char *s = p + 1; s < q; s++)
            {
              if ((*s == '"' || *s == '\'') && (s[1] == '"' || s[1] == '\''))
                {
                  g_string_append (out, "''");
                  s++;
                }
              else
                g_string_append_c (out, *s);
            }
          g_string_append_c (out, '\'');
          p = *q ? q + 1 : q;
          prev = '\'';
          continue;
        }
      if (c == '<' && p[1] == '>')
        {
          g_string_append (out, "~=");
          p += 2;
          prev = '=';
          continue;
        }
      if (c == '.' && p[1] == '.' && p[2] == '.')
        {
          /* a continuation: the rest of the line is ignored by Scilab */
          g_string_append (out, "...");
          p += 3;
          continue;
        }
      if (is_ident_start (c)
          && !(p > text && (g_ascii_isdigit (p[-1]) || p[-1] == '.')
               && (c == 'e' || c == 'E' || c == 'd' || c == 'D')))
        {
          const char *q = p + 1;
          g_autofree char *word = NULL;
          const char *after;
          gboolean done = FALSE;

          while (is_ident_char (*q))
            q++;
          word = g_strndup (p, q - p);
          after = q;
          while (*after == ' ' || *after == '\t')
            after++;
          if (word[0] == '%')
            {
              for (guint i = 0; i < G_N_ELEMENTS (constants); i++)
                if (strcmp (word, constants[i][0]) == 0)
                  {
                    g_string_append (out, constants[i][1]);
                    done = TRUE;
                    break;
                  }
              if (!done)
                {
                  if (why != NULL)
                    *why = g_strdup_printf ("Scilab's %s has no Orrery counterpart", word);
                  g_string_free (out, TRUE);
                  return NULL;
                }
            }
          else if (strchr ("#$!?", word[0]) != NULL)
            {
              if (why != NULL)
                *why = g_strdup_printf ("the name %s", word);
              g_string_free (out, TRUE);
              return NULL;
            }
          else if (strcmp (word, "then") == 0 || strcmp (word, "do") == 0)
            {
              /* Scilab's optional keywords after if/while/for conditions */
            }
          else
            {
              const char *name = word;

              for (guint i = 0; i < G_N_ELEMENTS (renamed); i++)
                if (strcmp (word, renamed[i][0]) == 0 && *after == '(')
                  name = renamed[i][1];
              if (*after == '(' && !orr_expr_is_builtin (name)
                  && (names == NULL || !g_hash_table_contains (names, word)))
                {
                  if (why != NULL)
                    *why = g_strdup_printf ("the function %s() is not in Orrery's language", word);
                  g_string_free (out, TRUE);
                  return NULL;
                }
              g_string_append (out, name);
            }
          p = q;
          prev = 'a';
          continue;
        }
      g_string_append_c (out, c);
      if (c != ' ' && c != '\t')
        prev = c;
      p++;
    }
  return g_string_free (out, FALSE);
}

char *
orr_xcos_translate_expr (const char *scilab, char **why)
{
  char *text = translate (scilab != NULL ? scilab : "", NULL, why);

  /* Scilab reads a dialog value as the matrix [value]: "5 5" is a row */
  if (text != NULL)
    {
      g_strstrip (text);
      if (strpbrk (text, " \t,;") != NULL && !(text[0] == '[' && text[strlen (text) - 1] == ']')
          && text[0] != '\'')
        {
          char *wrapped = g_strdup_printf ("[%s]", text);
          g_free (text);
          text = wrapped;
        }
    }

  if (text != NULL && !orr_expr_check_syntax (text, TRUE, NULL))
    {
      if (why != NULL)
        *why = g_strdup_printf ("“%s” is not an expression Orrery can read", scilab);
      g_clear_pointer (&text, g_free);
    }
  return text;
}

/* The names a line assigns at its start: "a = ...", "[a, b] = ...". */
static void
note_assigned (const char *line, GHashTable *names)
{
  const char *p = line;

  while (*p == ' ' || *p == '\t')
    p++;
  if (g_ascii_isalpha (*p) || *p == '_')
    {
      const char *q = p;
      while (g_ascii_isalnum (*q) || *q == '_')
        q++;
      {
        const char *r = q;
        while (*r == ' ' || *r == '\t')
          r++;
        if (*r == '=' && r[1] != '=')
          g_hash_table_add (names, g_strndup (p, q - p));
        else if (*r == '(')
          g_hash_table_add (names, g_strndup (p, q - p));
      }
    }
}

/* A name line reads that no earlier line defines, or NULL. Only for the
 * diagram's own context, which nothing outside feeds: Scilab would fail
 * on such a line and go on without it (the examples' "A = [t 0; 1 1]"). */
static char *
undefined_name (const char *line, GHashTable *defined)
{
  g_auto (GStrv) names = orr_expr_free_variables (line, NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (!g_hash_table_contains (defined, names[i]))
      return g_strdup (names[i]);
  return NULL;
}

/* The arguments of a call whose '(' is at open, split at its top-level
 * commas; *close is set to its ')'. NULL when it does not close. */
static GPtrArray *
call_arguments (const char *open, const char **close)
{
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);
  const char *start = open + 1;
  int depth = 0;
  char quote = 0;

  for (const char *c = open + 1; *c; c++)
    {
      if (quote != 0)
        {
          if (*c == quote)
            quote = 0;
          continue;
        }
      if (*c == '\'' || *c == '"')
        quote = *c;
      else if (*c == '(' || *c == '[')
        depth++;
      else if ((*c == ')' || *c == ']') && depth > 0)
        depth--;
      else if (*c == ')' || (*c == ',' && depth == 0))
        {
          g_ptr_array_add (parts, g_strstrip (g_strndup (start, c - start)));
          start = c + 1;
          if (*c == ')')
            {
              *close = c;
              return parts;
            }
        }
    }
  g_ptr_array_unref (parts);
  return NULL;
}

/* Each "NAME = struct('time', T, 'values', V)" of a line (either order)
 * as "NAME = [reshape(T, numel(T), 1), V]"; NULL when there is none. */
static char *
workspace_signal (const char *line)
{
  g_autoptr (GRegex) re
    = g_regex_new ("(^|[;,])\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*struct\\s*\\(", 0, 0, NULL);
  GString *out = g_string_new (NULL);
  const char *p = line;
  gboolean changed = FALSE;

  for (;;)
    {
      g_autoptr (GMatchInfo) match = NULL;
      g_autofree char *name = NULL;
      g_autoptr (GPtrArray) parts = NULL;
      const char *time = NULL, *values = NULL, *close = NULL;
      int name_at, open_end;

      if (!g_regex_match (re, p, 0, &match))
        break;
      g_match_info_fetch_pos (match, 2, &name_at, NULL);
      g_match_info_fetch_pos (match, 0, NULL, &open_end);
      name = g_match_info_fetch (match, 2);
      parts = call_arguments (p + open_end - 1, &close);
      for (guint i = 0; parts != NULL && parts->len == 4 && i < 4; i += 2)
        {
          const char *field = g_ptr_array_index (parts, i);
          const char *value = g_ptr_array_index (parts, i + 1);

          if (strcmp (field, "'time'") == 0 || strcmp (field, "\"time\"") == 0)
            time = value;
          else if (strcmp (field, "'values'") == 0 || strcmp (field, "\"values\"") == 0)
            values = value;
        }
      if (time == NULL || values == NULL)
        {
          g_string_append_len (out, p, open_end);
          p += open_end;
          continue;
        }
      g_string_append_len (out, p, name_at);
      g_string_append_printf (out, "%s = [reshape(%s, numel(%s), 1), %s]", name, time, time,
                              values);
      p = close + 1;
      changed = TRUE;
    }
  g_string_append (out, p);
  if (!changed)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

char *
orr_xcos_translate_context (const char *scilab, const char *where, gboolean top,
                            GPtrArray *warnings)
{
  g_autoptr (GHashTable) defined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) whys = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  gboolean whole;
  guint n;

  if (scilab == NULL)
    return g_string_free (out, FALSE);
  lines = g_strsplit (scilab, "\n", -1);
  n = g_strv_length (lines);
  /* a trailing newline is not a line of its own */
  if (n > 0 && lines[n - 1][0] == '\0')
    n--;
  /* first token by token; then the whole script is checked at once, so
   * that if/for blocks over several lines pass; only when it does not
   * parse is each line checked alone */
  for (guint i = 0; i < n; i++)
    {
      char *why = NULL;
      char *text;
      gsize len = strlen (lines[i]);

      if (len > 0 && lines[i][len - 1] == '\r')
        lines[i][len - 1] = '\0';
      {
        /* a signal for From Workspace, NAME = struct('time', T, 'values',
         * V): Orrery has no structures, and its SignalIn reads the same
         * signal as the matrix [T(:), V] */
        g_autofree char *signal = workspace_signal (lines[i]);
        text = translate (signal != NULL ? signal : lines[i], names, &why);
      }
      if (text != NULL)
        note_assigned (text, names);
      g_ptr_array_add (texts, text);
      g_ptr_array_add (whys, why);
    }
  {
    GString *all = g_string_new (NULL);
    for (guint i = 0; i < n; i++)
      if (g_ptr_array_index (texts, i) != NULL)
        g_string_append_printf (all, "%s\n", (const char *)g_ptr_array_index (texts, i));
    whole = orr_expr_check_syntax (all->str, FALSE, NULL);
    g_string_free (all, TRUE);
  }
  for (guint i = 0; i < n; i++)
    {
      const char *text = g_ptr_array_index (texts, i);
      const char *why = g_ptr_array_index (whys, i);
      g_autofree char *undefined = NULL;

      if (text != NULL && !whole && !orr_expr_check_syntax (text, FALSE, NULL))
        {
          text = NULL;
          why = "Orrery cannot read it";
        }
      if (text != NULL && top)
        {
          g_autofree char *name = undefined_name (text, defined);
          if (name != NULL)
            {
              text = NULL;
              why = undefined
                = g_strdup_printf ("it reads '%s', which nothing defines before it", name);
            }
        }
      if (text == NULL)
        {
          g_string_append_printf (out, "// (Xcos, not translated) %s\n", lines[i]);
          if (warnings != NULL)
            g_ptr_array_add (warnings, g_strdup_printf ("%s: context line %u kept as a comment: %s",
                                                        where, i + 1, why));
          continue;
        }
      g_string_append_printf (out, "%s\n", text);
      note_assigned (text, defined);
    }
  return g_string_free (out, FALSE);
}

char *
orr_xcos_translate_formula (const char *scilab, char **why)
{
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char *text;

  /* the inputs u1, u2 ... and rpar are indexed, not called */
  for (int k = 1; k <= 100; k++)
    g_hash_table_add (names, g_strdup_printf ("u%d", k));
  g_hash_table_add (names, g_strdup ("rpar"));
  text = translate (scilab != NULL ? scilab : "", names, why);
  if (text != NULL)
    g_strstrip (text);
  if (text != NULL && !orr_expr_check_syntax (text, TRUE, NULL))
    {
      if (why != NULL)
        *why = g_strdup_printf ("“%s” is not an expression Orrery can read", scilab);
      g_clear_pointer (&text, g_free);
    }
  return text;
}
