/* orr-xcos-scifunc.c: Xcos's scifunc_block_m as an ExprCustomBlock.
 *
 * A scifunc_block_m runs Scilab code: its exprs are list(dialog values,
 * list(code texts)), the first code text computing the outputs y1, y2 ...
 * from the inputs u1, u2 ..., the time t and the parameters rpar. When
 * that code is nothing but assignments "yk = formula" whose formulas
 * Orrery's language reads, possibly inside if ... then ... else ... end,
 * and the block has no states and no activation ports, each output's
 * formula becomes one output line of an ExprCustomBlock (rpar read as p,
 * scicos_time() as t, an output an if sets differently on its branches
 * as .if c .then a .else b .end). Anything else (loops, elseif, a formula
 * reading another output or a state, Scilab functions Orrery does not
 * have) is refused with the reason, and the block stays a placeholder.
 */
#include "orr-xcos-private.h"

#include <orrery/orr-expr.h>

#include <stdlib.h>
#include <string.h>

/* The code text number k (from 0) of the code list, lines joined. */
static char *
code_text (XsValue *code, guint k)
{
  XsValue *v;

  if (code == NULL || code->kind != XS_LIST || k >= code->items->len)
    return NULL;
  v = g_ptr_array_index (code->items, k);
  if (v == NULL || v->kind != XS_STRING || v->strings == NULL)
    return NULL;
  return g_strjoinv ("\n", v->strings);
}

/* Statements of a code text: split at ';' and line ends outside brackets,
 * parentheses and strings; comments and blank statements left out. */
static GPtrArray *
statements (const char *text)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GString *cur = g_string_new (NULL);
  int depth = 0;
  char quote = 0;

  for (const char *c = text;; c++)
    {
      gboolean end = *c == '\0';

      if (!end && quote != 0)
        {
          if (*c == quote)
            quote = 0;
          g_string_append_c (cur, *c);
          continue;
        }
      if (!end && *c == '/' && c[1] == '/')
        {
          while (c[1] != '\0' && c[1] != '\n')
            c++;
          continue;
        }
      if (!end && (*c == '"' || *c == '\''))
        {
          char prev = cur->len > 0 ? cur->str[cur->len - 1] : 0;
          if (*c == '"' || !(g_ascii_isalnum (prev) || prev == ')' || prev == ']' || prev == '\''))
            quote = *c;
        }
      if (!end && (*c == '(' || *c == '['))
        depth++;
      if (!end && (*c == ')' || *c == ']'))
        depth--;
      if (end || ((*c == ';' || *c == '\n' || *c == ',') && depth <= 0))
        {
          char *s = g_strstrip (g_strdup (cur->str));
          if (*s != '\0')
            g_ptr_array_add (out, s);
          else
            g_free (s);
          g_string_truncate (cur, 0);
          if (end)
            break;
          continue;
        }
      g_string_append_c (cur, *c);
    }
  g_string_free (cur, TRUE);
  return out;
}

/* "yk = formula": k, and the formula; 0 when the statement is not that. */
static int
output_assignment (const char *st, const char **formula)
{
  const char *c = st;
  char *end;
  long k;

  if (*c != 'y' || !g_ascii_isdigit (c[1]))
    return 0;
  k = strtol (c + 1, &end, 10);
  c = end;
  while (*c == ' ' || *c == '\t')
    c++;
  if (*c != '=' || c[1] == '=' || k < 1 || k > 1000)
    return 0;
  c++;
  while (*c == ' ' || *c == '\t')
    c++;
  *formula = c;
  return (int)k;
}

/* A code text that does nothing: blank, or only "yk=[]", "xd=[]" ... */
static gboolean
does_nothing (const char *text)
{
  g_autoptr (GPtrArray) st = statements (text != NULL ? text : "");

  for (guint i = 0; i < st->len; i++)
    {
      g_autofree char *s = g_strdup (g_ptr_array_index (st, i));
      char *eq = strchr (s, '=');

      if (eq == NULL)
        return FALSE;
      eq++;
      g_strstrip (eq);
      if (strcmp (eq, "[]") != 0)
        return FALSE;
    }
  return TRUE;
}

/* Checks the names a translated formula reads and writes rpar as p. NULL
 * (with *why) when it reads a name the ExprCustomBlock does not have. */
static char *
rename_names (const char *f, int n_in, char **why)
{
  GString *out = g_string_new (NULL);
  char quote = 0;

  for (const char *c = f; *c;)
    {
      if (quote != 0)
        {
          if (*c == quote)
            quote = 0;
          g_string_append_c (out, *c++);
          continue;
        }
      if (*c == '\'' || *c == '"')
        {
          char prev = out->len > 0 ? out->str[out->len - 1] : 0;
          if (*c == '"' || !(g_ascii_isalnum (prev) || prev == ')' || prev == ']' || prev == '\''))
            quote = *c;
          g_string_append_c (out, *c++);
          continue;
        }
      if ((g_ascii_isalpha (*c) || *c == '_')
          && !(c > f && (g_ascii_isalnum (c[-1]) || c[-1] == '.' || c[-1] == '_')))
        {
          const char *q = c;
          g_autofree char *word = NULL;
          const char *after;

          while (g_ascii_isalnum (*q) || *q == '_')
            q++;
          word = g_strndup (c, q - c);
          after = q;
          while (*after == ' ' || *after == '\t')
            after++;
          if (strcmp (word, "rpar") == 0)
            g_string_append (out, "p");
          else if (word[0] == 'u' && g_ascii_isdigit (word[1])
                   && strspn (word + 1, "0123456789") == strlen (word + 1))
            {
              long k = strtol (word + 1, NULL, 10);
              if (k < 1 || k > n_in)
                {
                  *why = g_strdup_printf ("its code reads %s, and the block has %d input%s", word,
                                          n_in, n_in == 1 ? "" : "s");
                  g_string_free (out, TRUE);
                  return NULL;
                }
              g_string_append (out, word);
            }
          else if (strcmp (word, "t") == 0 || orr_expr_is_builtin (word))
            g_string_append (out, word);
          else
            {
              *why = g_strdup_printf ("its code reads %s, which Orrery's formulas cannot", word);
              g_string_free (out, TRUE);
              return NULL;
            }
          c = q;
          continue;
        }
      if (g_ascii_isdigit (*c) || (*c == '.' && g_ascii_isdigit (c[1])))
        {
          /* a number, its exponent included (1e-3 is not the name e) */
          while (g_ascii_isalnum (*c) || *c == '.'
                 || ((*c == '+' || *c == '-') && (c[-1] == 'e' || c[-1] == 'E')))
            g_string_append_c (out, *c++);
          continue;
        }
      g_string_append_c (out, *c++);
    }
  return g_string_free (out, FALSE);
}

/* The output formulas of straight-line code with if ... then ... else ...
 * end: each yk is the formula of its last assignment, and an output that
 * an if sets differently on its two branches becomes the conditional
 * .if c .then a .else b .end of Orrery's formulas. */
typedef struct
{
  GPtrArray *st; /* the statements, see statements () */
  guint i;       /* the next one */
  int n_in, n_out;
  char **why;
} Parser;

/* Whether st starts with the keyword kw; *rest is what follows it. */
static gboolean
keyword (const char *st, const char *kw, const char **rest)
{
  gsize n = strlen (kw);

  if (strncmp (st, kw, n) != 0 || g_ascii_isalnum (st[n]) || st[n] == '_')
    return FALSE;
  *rest = st + n;
  while (**rest == ' ' || **rest == '\t')
    (*rest)++;
  return TRUE;
}

/* A formula in Orrery's words with the block's names, or NULL (*why). */
static char *
formula_of (Parser *ps, const char *scilab, const char *what)
{
  g_autofree char *why2 = NULL;
  g_autofree char *t = orr_xcos_translate_formula (scilab, &why2);

  if (t == NULL)
    {
      *ps->why = g_strdup_printf ("%s%s: %s", what, scilab, why2);
      return NULL;
    }
  return rename_names (t, ps->n_in, ps->why);
}

static gboolean parse_block (Parser *ps, GPtrArray *cur, const char **stop);

/* "if COND then": the branches that follow, up to "end". */
static gboolean
parse_if (Parser *ps, const char *rest, GPtrArray *cur)
{
  g_autofree char *cond_text = g_strdup (rest);
  g_autofree char *cond = NULL;
  g_autoptr (GPtrArray) then_f = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) else_f = g_ptr_array_new_with_free_func (g_free);
  const char *stop = NULL;
  char *then_at = NULL;

  /* the condition ends at "then" (or the statement's end) */
  for (char *c = cond_text; *c; c++)
    if (strncmp (c, "then", 4) == 0
        && (c == cond_text || !(g_ascii_isalnum (c[-1]) || c[-1] == '_'))
        && !(g_ascii_isalnum (c[4]) || c[4] == '_'))
      then_at = c;
  if (then_at != NULL)
    {
      char *after = g_strstrip (g_strdup (then_at + 4));
      *then_at = '\0';
      if (*after != '\0')
        g_ptr_array_insert (ps->st, ps->i, after);
      else
        g_free (after);
    }
  cond = formula_of (ps, g_strstrip (cond_text), "if ");
  if (cond == NULL)
    return FALSE;
  for (guint k = 0; k < cur->len; k++)
    {
      g_ptr_array_add (then_f, g_strdup (g_ptr_array_index (cur, k)));
      g_ptr_array_add (else_f, g_strdup (g_ptr_array_index (cur, k)));
    }
  if (!parse_block (ps, then_f, &stop))
    return FALSE;
  if (stop != NULL && strcmp (stop, "else") == 0 && !parse_block (ps, else_f, &stop))
    return FALSE;
  if (stop == NULL || strcmp (stop, "end") != 0)
    {
      *ps->why = g_strdup_printf ("its “if %s” has no “end”", cond_text);
      return FALSE;
    }
  for (guint k = 0; k < cur->len; k++)
    {
      const char *a = g_ptr_array_index (then_f, k), *b = g_ptr_array_index (else_f, k);

      if (a == NULL && b == NULL)
        continue;
      if (a == NULL || b == NULL)
        {
          *ps->why = g_strdup_printf ("its code sets y%u on one branch of an if only", k + 1);
          return FALSE;
        }
      g_free (g_ptr_array_index (cur, k));
      g_ptr_array_index (cur, k)
        = strcmp (a, b) == 0 ? g_strdup (a)
                             : g_strdup_printf (".if (%s) .then (%s) .else (%s) .end", cond, a, b);
    }
  return TRUE;
}

/* Statements up to an "else" or "end" (*stop says which, NULL at the end
 * of the code), each output's latest formula in cur. */
static gboolean
parse_block (Parser *ps, GPtrArray *cur, const char **stop)
{
  *stop = NULL;
  while (ps->i < ps->st->len)
    {
      const char *s = g_ptr_array_index (ps->st, ps->i++);
      const char *rest = NULL, *formula = NULL;
      int k;
      char *f;

      if (keyword (s, "end", &rest) && *rest == '\0')
        {
          *stop = "end";
          return TRUE;
        }
      if (keyword (s, "else", &rest))
        {
          if (*rest != '\0')
            g_ptr_array_insert (ps->st, ps->i, g_strdup (rest));
          *stop = "else";
          return TRUE;
        }
      if (keyword (s, "if", &rest))
        {
          if (!parse_if (ps, rest, cur))
            return FALSE;
          continue;
        }
      k = output_assignment (s, &formula);
      if (k == 0)
        {
          *ps->why
            = g_strdup_printf ("its code “%s” is not an assignment of an output y1, y2 ...", s);
          return FALSE;
        }
      if (k > ps->n_out)
        {
          *ps->why = g_strdup_printf ("its code sets y%d, and the block has %d output%s", k,
                                      ps->n_out, ps->n_out == 1 ? "" : "s");
          return FALSE;
        }
      {
        g_autofree char *what = g_strdup_printf ("y%d = ", k);
        f = formula_of (ps, formula, what);
      }
      if (f == NULL)
        return FALSE;
      g_free (g_ptr_array_index (cur, k - 1));
      g_ptr_array_index (cur, k - 1) = f;
    }
  return TRUE;
}

/* Whether a dialog value is empty: "[]", "", or blank. */
static gboolean
is_empty_value (char **exprs, guint n, guint k)
{
  g_autofree char *s = NULL;

  if (k >= n)
    return TRUE;
  s = g_strstrip (g_strdup (exprs[k]));
  return *s == '\0' || strcmp (s, "[]") == 0;
}

char *
orr_xcos_scifunc_outputs (XsValue *code, char **exprs, int n_in, int n_out, char **note, char **why)
{
  static const char *const what[] = {
    NULL, NULL, "activation inputs", "activation outputs", "a continuous state", "a discrete state"
  };
  guint n = exprs != NULL ? g_strv_length (exprs) : 0;
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) st = NULL;
  g_autoptr (GPtrArray) lines = NULL;
  gboolean extra = FALSE;
  GString *out;

  *note = NULL;
  /* dialog values 3 to 6: activation inputs and outputs, x0, z0 */
  for (guint k = 2; k < 6; k++)
    if (!is_empty_value (exprs, n, k))
      {
        *why = g_strdup_printf ("it has %s, which its Orrery formulas cannot have", what[k]);
        return NULL;
      }
  if (n_out < 1)
    {
      *why = g_strdup ("it has no output");
      return NULL;
    }
  text = code_text (code, 0);
  if (text == NULL)
    {
      *why = g_strdup ("its Scilab code was not found");
      return NULL;
    }
  {
    /* scicos_time() is the time t */
    g_autoptr (GRegex) re = g_regex_new ("\\bscicos_time\\s*\\(\\s*\\)", 0, 0, NULL);
    char *plain = g_regex_replace_literal (re, text, -1, 0, "t", 0, NULL);
    g_free (text);
    text = plain;
  }
  st = statements (text);
  lines = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_set_size (lines, n_out);
  {
    Parser ps = { st, 0, n_in, n_out, why };
    const char *stop = NULL;

    if (!parse_block (&ps, lines, &stop))
      return NULL;
    if (stop != NULL)
      {
        *why = g_strdup_printf ("its code has an “%s” without an “if”", stop);
        return NULL;
      }
  }
  for (int k = 0; k < n_out; k++)
    if (g_ptr_array_index (lines, k) == NULL)
      {
        *why = g_strdup_printf ("its code does not set y%d", k + 1);
        return NULL;
      }
  for (guint k = 1; k < 7; k++)
    {
      g_autofree char *other = code_text (code, k);
      if (other != NULL && !does_nothing (other))
        extra = TRUE;
    }
  if (extra)
    *note = g_strdup ("only the code computing the outputs is kept; its other code "
                      "(initialisation, states, events, end) is left out");
  out = g_string_new (NULL);
  for (int k = 0; k < n_out; k++)
    g_string_append_printf (out, "%s%s", k ? "\n" : "", (char *)g_ptr_array_index (lines, k));
  return g_string_free (out, FALSE);
}
