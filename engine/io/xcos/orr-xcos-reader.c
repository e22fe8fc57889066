/* orr-xcos-reader.c: .zcos and .xcos diagrams into an OrrModel.
 *
 * An Xcos diagram is an mxGraph model: every cell (block, port, link) is
 * an element of <root> that names its parent cell by id. Ports carry their
 * block's id and their number ("ordering"); links name their two ports.
 * Split blocks (SPLIT_f, CLKSPLIT_f, IMPSPLIT_f) only fan a signal out,
 * which Orrery's output ports do by themselves: each link leaving a split
 * is traced back to the real output that drives it. Super blocks carry
 * their diagram inline (<SuperBlockDiagram>); compiled super blocks
 * (CLOCK_c, STEP_FUNCTION...) are one Orrery block whose parameters come
 * from the named block inside (orr-xcos-blocks.c).
 *
 * .zcos files are zip archives: content.xml, and for Scilab 5 files the
 * values in dictionary/dictionary.ser (orr-xcos-ser.c). Archives, entries
 * and documents of absurd sizes are refused before they are read.
 */
#include "orr-xcos-private.h"

#include "../orr-io-private.h"

#include <archive.h>
#include <archive_entry.h>
#include <libxml/parser.h>
#include <math.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-interface.h>
#include <orrery/orr-io.h>
#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_xcos_error_quark (void)
{
  return g_quark_from_static_string ("orr-xcos-error-quark");
}

#define MAX_FILE (256 * 1024 * 1024)
#define MAX_ENTRY (256 * 1024 * 1024)
#define MAX_ENTRIES 10000
#define MAX_NESTING 50

typedef struct
{
  const char *name; /* the file, for messages */
  GPtrArray *dict;  /* of XsValue*, or NULL */
  OrrRegistry *registry;
  OrrXcosReport *report;
  OrrModel *model;
  guint next_block, next_link;
  GHashTable *labels;          /* OrrDiagram* -> GHashTable of labels used */
  GHashTable *complex_outputs; /* Orrery block id -> the map's complex_outputs */
} Importer;

typedef struct
{
  char *block; /* the Xcos block id */
  OrrPortKind kind;
  guint number;
  double x, y;        /* the port's position relative to its block */
  gboolean real_data; /* an input Xcos declares real (dataType REAL_MATRIX) */
} PortInfo;

static void
port_info_free (PortInfo *p)
{
  g_free (p->block);
  g_free (p);
}

OrrXcosReport *
orr_xcos_report_new (void)
{
  OrrXcosReport *r = g_new0 (OrrXcosReport, 1);

  r->warnings = g_ptr_array_new_with_free_func (g_free);
  r->placeholders = g_ptr_array_new_with_free_func (g_free);
  return r;
}

void
orr_xcos_report_free (OrrXcosReport *report)
{
  if (report == NULL)
    return;
  g_ptr_array_unref (report->warnings);
  g_ptr_array_unref (report->placeholders);
  g_free (report);
}

gboolean
orr_xcos_is_xcos_path (const char *path)
{
  g_autofree char *lower = NULL;

  if (path == NULL)
    return FALSE;
  lower = g_ascii_strdown (path, -1);
  return g_str_has_suffix (lower, ".zcos") || g_str_has_suffix (lower, ".xcos");
}

/* ---- small XML helpers ------------------------------------------------- */

static gboolean
is_element (xmlNode *n, const char *name)
{
  return n != NULL && n->type == XML_ELEMENT_NODE && strcmp ((const char *)n->name, name) == 0;
}

static char *
attr (xmlNode *n, const char *name)
{
  return orr_io_get_attr (n, name);
}

static double
attr_double (xmlNode *n, const char *name, double fallback)
{
  g_autofree char *text = attr (n, name);
  char *end;
  double v;

  if (text == NULL)
    return fallback;
  v = g_ascii_strtod (text, &end);
  return end != text && isfinite (v) ? v : fallback;
}

/* A whole-number attribute: fallback when it is missing, not a number, or
 * outside what an int holds (a cast would be undefined there). */
static int
attr_int (xmlNode *n, const char *name, int fallback)
{
  double v = attr_double (n, name, fallback);

  return v >= G_MININT && v <= G_MAXINT ? (int)v : fallback;
}

/* The child element with as="what", or NULL. */
static xmlNode *
child_as (xmlNode *n, const char *what)
{
  for (xmlNode *c = n->children; c != NULL; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      {
        g_autofree char *as = attr (c, "as");
        if (g_strcmp0 (as, what) == 0)
          return c;
      }
  return NULL;
}

/* A value of the style string "NAME;rotation=90;flip=true". */
static char *
style_value (const char *style, const char *key)
{
  g_auto (GStrv) parts = NULL;

  if (style == NULL)
    return NULL;
  parts = g_strsplit (style, ";", -1);
  for (int i = 0; parts[i] != NULL; i++)
    {
      char *eq = strchr (parts[i], '=');
      if (eq != NULL && (gsize)(eq - parts[i]) == strlen (key)
          && strncmp (parts[i], key, eq - parts[i]) == 0)
        return g_strdup (eq + 1);
    }
  return NULL;
}

/* ---- values: from the dictionary or inline ------------------------------ */

/* An inline Scilab 6 value (<ScilabString height width><data line column
 * value/>...), as an XsValue of strings or doubles. */
static XsValue *
inline_value (xmlNode *n)
{
  XsValue *v = g_new0 (XsValue, 1);

  if (is_element (n, "ScilabList") || is_element (n, "ScilabTList") || is_element (n, "ScilabMList")
      || is_element (n, "Array"))
    {
      guint count = 0;
      v->kind = XS_LIST;
      v->items = g_ptr_array_new_with_free_func ((GDestroyNotify)xs_value_free);
      for (xmlNode *c = n->children; c != NULL && count < 100000; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
          {
            g_ptr_array_add (v->items, inline_value (c));
            count++;
          }
      return v;
    }
  gboolean strings = is_element (n, "ScilabString");
  int rows = attr_int (n, "height", 0), cols = attr_int (n, "width", 0);

  if (rows < 0 || cols < 0 || rows > 100000 || cols > 100000 || (gint64)rows * cols > 1000000)
    rows = cols = 0;
  v->kind = strings ? XS_STRING : is_element (n, "ScilabDouble") ? XS_DOUBLE : XS_OTHER;
  v->rows = rows;
  v->cols = cols;
  if (v->kind == XS_OTHER)
    return v;
  if (strings)
    v->strings = g_new0 (char *, (gsize)rows *cols + 1);
  else
    v->doubles = g_new0 (double, (gsize)rows *cols + 1);
  for (xmlNode *d = n->children; d != NULL; d = d->next)
    if (is_element (d, "data"))
      {
        int line = attr_int (d, "line", -1), column = attr_int (d, "column", -1);
        gsize k;

        if (line < 0 || column < 0 || line >= rows || column >= cols)
          continue;
        k = (gsize)column * rows + line;
        if (strings)
          {
            g_free (v->strings[k]);
            v->strings[k] = attr (d, "value");
          }
        else
          v->doubles[k] = attr_double (d, "realPart", attr_double (d, "value", 0));
      }
  if (strings)
    for (gsize k = 0; k < (gsize)rows * cols; k++)
      if (v->strings[k] == NULL)
        v->strings[k] = g_strdup ("");
  return v;
}

/* The value of a block's child as="what": borrowed from the dictionary,
 * or made from the inline data (then *owned is set). */
static XsValue *
block_value (Importer *im, xmlNode *block, const char *what, XsValue **owned)
{
  xmlNode *c = child_as (block, what);
  g_autofree char *binary = NULL;

  *owned = NULL;
  if (c == NULL)
    return NULL;
  binary = attr (c, "binary");
  if (g_strcmp0 (binary, "true") == 0)
    {
      double pos = attr_double (c, "position", -1);
      if (im->dict == NULL || pos < 0 || pos >= im->dict->len)
        return NULL;
      return g_ptr_array_index (im->dict, (guint)pos);
    }
  *owned = inline_value (c);
  return *owned;
}

/* "Gain3": the stem and the first number from 1 whose label the diagram
 * does not have yet. orr_diagram_new_label() reads every block once per
 * label, quadratic over an import of thousands of blocks; the importer
 * knows every label it gave, per diagram. */
static char *
new_label (Importer *im, OrrDiagram *diagram, const char *stem)
{
  GHashTable *used = g_hash_table_lookup (im->labels, diagram);
  g_autofree char *key = NULL;
  guint n;

  if (used == NULL)
    {
      used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (im->labels, diagram, used);
    }
  key = g_strconcat ("#", stem, NULL); /* labels have no '#': the stem's counter */
  n = GPOINTER_TO_UINT (g_hash_table_lookup (used, key));
  for (;;)
    {
      char *label = g_strdup_printf ("%s%u", stem, ++n);
      if (!g_hash_table_contains (used, label))
        {
          g_hash_table_insert (used, g_strdup (label), GUINT_TO_POINTER (1));
          g_hash_table_insert (used, g_steal_pointer (&key), GUINT_TO_POINTER (n));
          return label;
        }
      g_free (label);
    }
}

/* ---- the report --------------------------------------------------------- */

static void warn (Importer *im, const char *where, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
warn (Importer *im, const char *where, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (im->report->warnings, g_strdup_printf ("%s: %s", where, text));
}

/* ---- blocks ------------------------------------------------------------- */

/* Whether exprs satisfies one condition of a row's "when": "#=N" (N
 * entries), "#in=N" / "#out=N" (N data inputs / outputs), "#ein=N" /
 * "#eout=N" (activation inputs / outputs), "ctx=N" (entry N names a
 * variable of the context), "N=TEXT" (entry N is TEXT) or
 * "N^TEXT" (entry N starts with TEXT). */
static gboolean
when_holds (const char *cond, gsize len, char **exprs, const guint *counts, OrrScope *scope)
{
  guint n = exprs != NULL ? g_strv_length (exprs) : 0;
  const char *eq = memchr (cond, '=', len);
  const char *caret = memchr (cond, '^', len);
  const char *sep = eq != NULL && (caret == NULL || eq < caret) ? eq : caret;
  gsize want;
  int k;
  g_autofree char *have = NULL;

  if (sep == NULL)
    return FALSE;
  want = (gsize)(cond + len - sep - 1);
  if (strncmp (cond, "#in=", 4) == 0)
    return counts[ORR_PORT_IN] == (guint)atoi (sep + 1);
  if (strncmp (cond, "#out=", 5) == 0)
    return counts[ORR_PORT_OUT] == (guint)atoi (sep + 1);
  if (strncmp (cond, "ctx=", 4) == 0)
    {
      /* "ctx=N": entry N (a name, quoted or not) is a variable of the
       * context */
      g_autofree char *nm = NULL;
      gsize l;

      k = atoi (sep + 1) - 1;
      if (exprs == NULL || k < 0 || (guint)k >= n || scope == NULL)
        return FALSE;
      nm = g_strstrip (g_strdup (exprs[k]));
      l = strlen (nm);
      if (l >= 2 && (nm[0] == '"' || nm[0] == '\'') && nm[l - 1] == nm[0])
        {
          nm[l - 1] = '\0';
          memmove (nm, nm + 1, l - 1);
        }
      return *nm != '\0' && orr_scope_lookup (scope, nm) != NULL;
    }
  if (strncmp (cond, "#ein=", 5) == 0)
    return counts[ORR_PORT_EVENT_IN] == (guint)atoi (sep + 1);
  if (strncmp (cond, "#eout=", 6) == 0)
    return counts[ORR_PORT_EVENT_OUT] == (guint)atoi (sep + 1);
  if (cond[0] == '#')
    return n == (guint)atoi (sep + 1);
  k = atoi (cond) - 1;
  if (exprs == NULL || k < 0 || (guint)k >= n)
    return FALSE;
  have = g_strstrip (g_strdup (exprs[k]));
  if (sep == caret) /* "N^TEXT": entry N starts with TEXT */
    return strlen (have) >= want && strncmp (have, sep + 1, want) == 0;
  return strlen (have) == want && strncmp (have, sep + 1, want) == 0;
}

/* The first row for name whose conditions ("when": conditions joined by
 * '&', all of which must hold) exprs satisfies. */
static const OrrXcosBlockMap *
lookup_map (const char *name, char **exprs, const guint *counts, gboolean inner_values,
            OrrScope *scope)
{
  for (guint i = 0; i < orr_xcos_block_table_size; i++)
    {
      const OrrXcosBlockMap *m = &orr_xcos_block_table[i];
      gboolean holds = TRUE;

      if (strcmp (m->xcos, name) != 0)
        continue;
      /* the conditions of a row that reads an inner block's values are
       * about those values: tested once they are known */
      if (m->inner != NULL && !inner_values)
        return m;
      for (const char *c = m->when; c != NULL && holds;)
        {
          const char *end = strchr (c, '&');
          gsize len = end != NULL ? (gsize)(end - c) : strlen (c);

          holds = when_holds (c, len, exprs, counts, scope);
          c = end != NULL ? end + 1 : NULL;
        }
      if (holds)
        return m;
    }
  return NULL;
}

/* ---- polynomials (CLR, DLR) ------------------------------------------- */

typedef struct
{
  const char *p;
  OrrScope *scope;
  gboolean failed;
  int depth;
} Poly;

#define MAX_DEGREE 64

typedef struct
{
  int degree;
  double c[MAX_DEGREE + 1]; /* ascending powers */
} Coefs;

static Coefs poly_expr (Poly *ps);

static void
poly_skip (Poly *ps)
{
  while (*ps->p == ' ' || *ps->p == '\t')
    ps->p++;
}

static Coefs
poly_const (double v)
{
  Coefs r = { 0, { 0 } };
  r.c[0] = v;
  return r;
}

static Coefs
poly_mul (Poly *ps, Coefs a, Coefs b)
{
  Coefs r = { 0, { 0 } };

  if (a.degree + b.degree > MAX_DEGREE)
    {
      ps->failed = TRUE;
      return r;
    }
  r.degree = a.degree + b.degree;
  for (int i = 0; i <= a.degree; i++)
    for (int j = 0; j <= b.degree; j++)
      r.c[i + j] += a.c[i] * b.c[j];
  return r;
}

static Coefs
poly_primary (Poly *ps)
{
  poly_skip (ps);
  if (++ps->depth > 100)
    {
      ps->failed = TRUE;
      return poly_const (0);
    }
  if (*ps->p == '(')
    {
      Coefs r;
      ps->p++;
      r = poly_expr (ps);
      poly_skip (ps);
      if (*ps->p != ')')
        ps->failed = TRUE;
      else
        ps->p++;
      ps->depth--;
      return r;
    }
  if (g_ascii_isdigit (*ps->p) || *ps->p == '.')
    {
      char *end;
      double v = g_ascii_strtod (ps->p, &end);
      if (end == ps->p)
        ps->failed = TRUE;
      ps->p = end;
      ps->depth--;
      return poly_const (v);
    }
  if (g_ascii_isalpha (*ps->p) || *ps->p == '%' || *ps->p == '_')
    {
      const char *q = ps->p + 1;
      g_autofree char *word = NULL;
      ps->depth--;
      while (g_ascii_isalnum (*q) || *q == '_')
        q++;
      word = g_strndup (ps->p, q - ps->p);
      ps->p = q;
      if (strcmp (word, "s") == 0 || strcmp (word, "%s") == 0 || strcmp (word, "z") == 0
          || strcmp (word, "%z") == 0)
        {
          Coefs r = { 1, { 0, 1 } };
          return r;
        }
      {
        g_autofree char *text = orr_xcos_translate_expr (word, NULL);
        g_autoptr (OrrValue) v = text ? orr_expr_evaluate (text, ps->scope, NULL) : NULL;
        double d;
        if (v == NULL || !orr_value_is_scalar (v) || orr_value_get_type_id (v) == ORR_TYPE_STRING)
          {
            ps->failed = TRUE;
            return poly_const (0);
          }
        d = orr_value_get_real (v, 0);
        return poly_const (d);
      }
    }
  ps->failed = TRUE;
  ps->depth--;
  return poly_const (0);
}

static Coefs
poly_power (Poly *ps)
{
  Coefs base = poly_primary (ps);

  poly_skip (ps);
  if (*ps->p == '^' || (*ps->p == '*' && ps->p[1] == '*'))
    {
      char *end;
      long n;

      ps->p += *ps->p == '^' ? 1 : 2;
      poly_skip (ps);
      n = strtol (ps->p, &end, 10);
      if (end == ps->p || n < 0 || n > MAX_DEGREE)
        {
          ps->failed = TRUE;
          return base;
        }
      ps->p = end;
      {
        Coefs r = poly_const (1);
        for (long i = 0; i < n && !ps->failed; i++)
          r = poly_mul (ps, r, base);
        return r;
      }
    }
  return base;
}

static Coefs
poly_unary (Poly *ps)
{
  poly_skip (ps);
  if (*ps->p == '-' || *ps->p == '+')
    {
      gboolean neg = *ps->p == '-';
      Coefs r;
      ps->p++;
      r = poly_unary (ps);
      if (neg)
        for (int i = 0; i <= r.degree; i++)
          r.c[i] = -r.c[i];
      return r;
    }
  return poly_power (ps);
}

static Coefs
poly_term (Poly *ps)
{
  Coefs r = poly_unary (ps);

  for (;;)
    {
      poly_skip (ps);
      if (*ps->p == '*' && ps->p[1] != '*')
        {
          ps->p++;
          r = poly_mul (ps, r, poly_unary (ps));
        }
      else if (*ps->p == '/')
        {
          Coefs d;
          ps->p++;
          d = poly_unary (ps);
          if (d.degree != 0 || d.c[0] == 0)
            {
              ps->failed = TRUE;
              return r;
            }
          for (int i = 0; i <= r.degree; i++)
            r.c[i] /= d.c[0];
        }
      else
        return r;
    }
}

static Coefs
poly_expr (Poly *ps)
{
  Coefs r = poly_term (ps);

  for (;;)
    {
      poly_skip (ps);
      if (*ps->p == '+' || *ps->p == '-')
        {
          gboolean neg = *ps->p == '-';
          Coefs t;
          ps->p++;
          t = poly_term (ps);
          for (int i = 0; i <= t.degree; i++)
            r.c[i] += neg ? -t.c[i] : t.c[i];
          r.degree = MAX (r.degree, t.degree);
        }
      else
        return r;
    }
}

/* "1+2*s+s^2" -> "[1 2 1]" (descending powers), NULL if it is not a
 * polynomial of constants and context scalars. */
static char *
polynomial_row (const char *text, OrrScope *scope)
{
  Poly ps = { text, scope, FALSE, 0 };
  Coefs c = poly_expr (&ps);
  GString *out;
  int top;

  poly_skip (&ps);
  if (ps.failed || *ps.p != '\0')
    return NULL;
  top = c.degree;
  while (top > 0 && c.c[top] == 0)
    top--;
  out = g_string_new ("[");
  for (int i = top; i >= 0; i--)
    {
      g_autofree char *num = orr_format_double (c.c[i]);
      g_string_append_printf (out, "%s%s", i < top ? " " : "", num);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* ---- parameter templates ------------------------------------------------ */

typedef struct
{
  char **exprs;
  guint n_exprs;
  guint counts[ORR_N_PORT_KINDS];
  OrrScope *scope;
  XsValue *rpar, *ipar; /* the block's model.rpar and model.ipar, or NULL */
  gboolean xml;         /* escape what is inserted for XML text */
  const char *formulas; /* $F: scifunc_block_m's output lines, or NULL */
} TemplateArgs;

static void
append_inserted (GString *out, const char *text, const TemplateArgs *a)
{
  if (!a->xml)
    {
      g_string_append (out, text);
      return;
    }
  for (const char *c = text; *c; c++)
    switch (*c)
      {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        default:
          g_string_append_c (out, *c);
      }
}

/* CURV_f keeps its curve in rpar = [x; y; ...] with n = ipar(1) points. */
static char *
curve_row (const TemplateArgs *a, gboolean want_y)
{
  int n;
  GString *out;

  if (a->rpar == NULL || a->ipar == NULL || a->rpar->kind != XS_DOUBLE || a->ipar->kind != XS_DOUBLE
      || a->ipar->rows * a->ipar->cols < 1)
    return NULL;
  if (!(a->ipar->doubles[0] >= 2 && a->ipar->doubles[0] <= a->rpar->rows * a->rpar->cols))
    return NULL;
  n = (int)a->ipar->doubles[0];
  if (n < 2 || 2 * n > a->rpar->rows * a->rpar->cols)
    return NULL;
  out = g_string_new ("[");
  for (int i = 0; i < n; i++)
    {
      g_autofree char *num = orr_format_double (a->rpar->doubles[(want_y ? n : 0) + i]);
      g_string_append_printf (out, "%s%s", i ? " " : "", num);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* Expands one template; NULL (with *why) when an entry is missing or
 * cannot be translated. */
static char *
expand (const char *tmpl, const TemplateArgs *a, char **why)
{
  GString *out = g_string_new (NULL);

  for (const char *p = tmpl; *p;)
    {
      char mode = 0;
      const char *q;
      long n;

      if (*p != '$')
        {
          g_string_append_c (out, *p++);
          continue;
        }
      q = p + 1;
      if (*q == 'C' && (q[1] == 'x' || q[1] == 'y'))
        {
          g_autofree char *row = curve_row (a, q[1] == 'y');
          if (row == NULL)
            {
              *why = g_strdup ("the curve's points were not found");
              g_string_free (out, TRUE);
              return NULL;
            }
          g_string_append (out, row);
          p = q + 2;
          continue;
        }
      if (*q == 'F' && !g_ascii_isalnum (q[1]))
        {
          if (a->formulas == NULL)
            {
              *why = g_strdup ("the block's code was not translated");
              g_string_free (out, TRUE);
              return NULL;
            }
          append_inserted (out, a->formulas, a);
          p = q + 1;
          continue;
        }
      if (*q == '#')
        {
          static const char *const kinds[] = { "in", "out", "ein", "eout" };
          static const OrrPortKind which[]
            = { ORR_PORT_IN, ORR_PORT_OUT, ORR_PORT_EVENT_IN, ORR_PORT_EVENT_OUT };
          gboolean found = FALSE;
          /* longest first: "eout" before "out" */
          for (int k = 3; k >= 0 && !found; k--)
            {
              const char *w = kinds[k];
              for (int kk = 0; kk < 4; kk++)
                if (strncmp (q + 1, kinds[kk], strlen (kinds[kk])) == 0
                    && strlen (kinds[kk]) > strlen (w))
                  w = kinds[kk];
              if (strncmp (q + 1, w, strlen (w)) == 0)
                {
                  for (int kk = 0; kk < 4; kk++)
                    if (strcmp (kinds[kk], w) == 0)
                      g_string_append_printf (out, "%u", a->counts[which[kk]]);
                  p = q + 1 + strlen (w);
                  found = TRUE;
                }
            }
          if (!found)
            g_string_append_c (out, *p++);
          continue;
        }
      if (*q == 'q' || *q == 's' || *q == 'p' || *q == 'u' || *q == 'v' || *q == 'a')
        mode = *q++;
      n = strtol (q, (char **)&p, 10);
      if (p == q || n < 1)
        {
          g_string_append_c (out, '$');
          p = q;
          continue;
        }
      if ((guint)n > a->n_exprs)
        {
          *why = g_strdup_printf ("dialog value %ld is missing", n);
          g_string_free (out, TRUE);
          return NULL;
        }
      {
        const char *raw = a->exprs[n - 1];
        g_autofree char *text = NULL;

        if (mode == 'q')
          {
            g_autofree char *s = g_strstrip (g_strdup (raw));
            gsize len = strlen (s);
            /* a string dialog value may already be quoted */
            if (len >= 2 && (s[0] == '"' || s[0] == '\'') && s[len - 1] == s[0])
              {
                s[len - 1] = '\0';
                memmove (s, s + 1, len - 1);
              }
            /* Scilab's TMPDIR is the session's temporary folder */
            if (g_str_has_prefix (s, "TMPDIR/"))
              {
                char *t = g_build_filename (g_get_tmp_dir (), s + 7, NULL);
                g_free (s);
                s = t;
              }
            /* SCI is Scilab's own folder: $SCI, or where Debian puts it */
            if (g_str_has_prefix (s, "SCI/"))
              {
                const char *sci = g_getenv ("SCI");
                char *t
                  = g_build_filename (sci != NULL && *sci ? sci : ORR_XCOS_SCILAB_DIR, s + 4, NULL);
                g_free (s);
                s = t;
              }
            {
              GString *quoted = g_string_new ("'");
              for (const char *c = s; *c; c++)
                {
                  if (*c == '\'')
                    g_string_append_c (quoted, '\'');
                  g_string_append_c (quoted, *c);
                }
              g_string_append_c (quoted, '\'');
              append_inserted (out, quoted->str, a);
              g_string_free (quoted, TRUE);
            }
            continue;
          }
        if (mode == 'u' || mode == 'v')
          {
            /* EXPRESSION with one vector input: u1, u2 ... are its
             * elements; $u is how many, $v the formula on u1(k),
             * translated before the uk are rewritten (u1(2) would read as
             * a call of a function u1) */
            g_autofree char *why2 = NULL;
            g_autofree char *t = orr_xcos_translate_expr (raw, &why2);
            GString *f = g_string_new (NULL);
            long top = 0;
            if (t == NULL)
              {
                *why = g_steal_pointer (&why2);
                g_string_free (f, TRUE);
                g_string_free (out, TRUE);
                return NULL;
              }
            for (const char *c = t; *c;)
              {
                if (*c == 'u' && g_ascii_isdigit (c[1])
                    && (c == t || !(g_ascii_isalnum (c[-1]) || c[-1] == '_')))
                  {
                    char *end;
                    long k = strtol (c + 1, &end, 10);
                    if (!(g_ascii_isalnum (*end) || *end == '_'))
                      {
                        top = MAX (top, k);
                        g_string_append_printf (f, "u1(%ld)", k);
                        c = end;
                        continue;
                      }
                  }
                g_string_append_c (f, *c++);
              }
            if (mode == 'u')
              {
                g_autofree char *num = g_strdup_printf ("%ld", MAX (top, 1));
                append_inserted (out, num, a);
              }
            else
              {
                GString *quoted = g_string_new ("'");
                for (const char *c = f->str; *c; c++)
                  {
                    if (*c == '\'')
                      g_string_append_c (quoted, '\'');
                    g_string_append_c (quoted, *c);
                  }
                g_string_append_c (quoted, '\'');
                append_inserted (out, quoted->str, a);
                g_string_free (quoted, TRUE);
              }
            g_string_free (f, TRUE);
            continue;
          }
        if (mode == 'p')
          {
            text = polynomial_row (raw, a->scope);
            if (text == NULL)
              {
                *why = g_strdup_printf ("“%s” is not a polynomial Orrery can read", raw);
                g_string_free (out, TRUE);
                return NULL;
              }
            append_inserted (out, text, a);
            continue;
          }
        if (mode == 'a')
          {
            /* the argument of the call the entry is, int8(215) -> 215 */
            g_autofree char *s = g_strstrip (g_strdup (raw));
            char *open = strchr (s, '(');
            gsize len = strlen (s);

            int depth = 0;
            gboolean whole = open != NULL && len > 0 && s[len - 1] == ')';

            /* the call's parenthesis must close at the end: not int8(1)+int8(2) */
            for (const char *c = open; whole && *c; c++)
              {
                depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
                if (depth == 0 && c[1] != '\0')
                  whole = FALSE;
              }
            if (!whole)
              {
                *why = g_strdup_printf ("“%s” is not a call", raw);
                g_string_free (out, TRUE);
                return NULL;
              }
            s[len - 1] = '\0';
            text = orr_xcos_translate_expr (open + 1, why);
          }
        else
          text = orr_xcos_translate_expr (raw, why);
        if (text == NULL)
          {
            g_string_free (out, TRUE);
            return NULL;
          }
        if (mode == 's')
          {
            char *end;
            long count;
            g_strstrip (text);
            count = strtol (text, &end, 10);
            if (*end == '\0' && end != text && count > 1 && count < 1000)
              {
                g_string_append_printf (out, "ones(1, %ld)", count);
                continue;
              }
          }
        append_inserted (out, text, a);
      }
    }
  return g_string_free (out, FALSE);
}

/* ---- building a diagram -------------------------------------------------- */

typedef struct
{
  xmlNode *element;
  char *xcos_id;
  OrrBlock *block; /* NULL for split and text blocks */
  gboolean split;
  double cx, cy;  /* a split's position */
  char *split_in; /* a split's input port id */
} Cell;

static void
cell_free (Cell *c)
{
  g_free (c->xcos_id);
  g_free (c->split_in);
  if (c->block != NULL)
    orr_block_unref (c->block);
  g_free (c);
}

typedef struct
{
  xmlNode *element;
  char *source, *target; /* port ids */
  OrrLinkKind kind;
} LinkCell;

static void
link_cell_free (LinkCell *l)
{
  g_free (l->source);
  g_free (l->target);
  g_free (l);
}

static char *xcos_name (xmlNode *n);
static gboolean build_diagram (Importer *im, xmlNode *root_cell_parent, OrrDiagram *diagram,
                               const char *where, OrrScope *scope, int depth);

static gboolean
is_port_element (xmlNode *n, OrrPortKind *kind)
{
  static const struct
  {
    const char *name;
    OrrPortKind kind;
  } ports[] = {
    { "ExplicitInputPort", ORR_PORT_IN },   { "ImplicitInputPort", ORR_PORT_IN },
    { "ExplicitOutputPort", ORR_PORT_OUT }, { "ImplicitOutputPort", ORR_PORT_OUT },
    { "ControlPort", ORR_PORT_EVENT_IN },   { "CommandPort", ORR_PORT_EVENT_OUT },
  };

  if (n == NULL || n->type != XML_ELEMENT_NODE)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (ports); i++)
    if (strcmp ((const char *)n->name, ports[i].name) == 0)
      {
        *kind = ports[i].kind;
        return TRUE;
      }
  return FALSE;
}

static gboolean
is_link_element (xmlNode *n, OrrLinkKind *kind)
{
  if (is_element (n, "ExplicitLink") || is_element (n, "ImplicitLink"))
    {
      *kind = ORR_LINK_REGULAR;
      return TRUE;
    }
  if (is_element (n, "CommandControlLink"))
    {
      *kind = ORR_LINK_ACTIVATION;
      return TRUE;
    }
  return FALSE;
}

/* Every port under n (ports are siblings of their block, and repeated
 * inside links as their ends), by id; nested diagrams are left out. */
static void
collect_ports (xmlNode *n, GHashTable *ports, GHashTable *order, int depth)
{
  for (xmlNode *c = n->children; c != NULL; c = c->next)
    {
      OrrPortKind kind;

      if (c->type != XML_ELEMENT_NODE || depth > 8 || is_element (c, "SuperBlockDiagram"))
        continue;
      if (is_port_element (c, &kind))
        {
          g_autofree char *id = attr (c, "id");
          g_autofree char *parent = attr (c, "parent");

          if (id != NULL && parent != NULL && !g_hash_table_contains (ports, id))
            {
              PortInfo *p = g_new0 (PortInfo, 1);
              double ordering = attr_double (c, "ordering", 0);
              xmlNode *geo = child_as (c, "geometry");
              g_autofree char *data_type = attr (c, "dataType");

              p->block = g_steal_pointer (&parent);
              p->kind = kind;
              p->real_data = kind == ORR_PORT_IN && g_strcmp0 (data_type, "REAL_MATRIX") == 0;
              if (ordering >= 1 && ordering < 100000)
                p->number = (guint)ordering;
              else
                {
                  /* no ordering: count the block's ports of this kind */
                  g_autofree char *key = g_strdup_printf ("%s/%d", p->block, kind);
                  guint k = GPOINTER_TO_UINT (g_hash_table_lookup (order, key)) + 1;
                  g_hash_table_insert (order, g_steal_pointer (&key), GUINT_TO_POINTER (k));
                  p->number = k;
                }
              if (geo != NULL)
                {
                  p->x = attr_double (geo, "x", 0) + attr_double (geo, "width", 0) / 2;
                  p->y = attr_double (geo, "y", 0) + attr_double (geo, "height", 0) / 2;
                }
              g_hash_table_insert (ports, g_steal_pointer (&id), p);
            }
        }
      collect_ports (c, ports, order, depth + 1);
    }
}

/* A link's end: the source= / target= attribute, or the port element
 * inside the link with as="source" / as="target". */
static char *
link_end (xmlNode *link, const char *which)
{
  char *id = attr (link, which);
  xmlNode *c;

  if (id != NULL)
    return id;
  c = child_as (link, which);
  return c != NULL ? attr (c, "id") : NULL;
}

static void
link_points (xmlNode *link, GArray *points)
{
  xmlNode *geo = child_as (link, "geometry");
  xmlNode *array;

  if (geo == NULL)
    return;
  array = child_as (geo, "points");
  if (array == NULL)
    return;
  for (xmlNode *p = array->children; p != NULL; p = p->next)
    if (is_element (p, "mxPoint") && points->len < 10000)
      {
        OrrPoint pt = { attr_double (p, "x", 0), attr_double (p, "y", 0) };
        g_array_append_val (points, pt);
      }
}

static char *
block_where (const char *where, const char *label)
{
  return where[0] != '\0' ? g_strdup_printf ("%s/%s", where, label) : g_strdup (label);
}

static void collect_ports (xmlNode *n, GHashTable *ports, GHashTable *order, int depth);
static gboolean is_link_element (xmlNode *n, OrrLinkKind *kind);
static char *link_end (xmlNode *link, const char *which);

/* PID's gains in a file that keeps its diagram inline: the gain linked to
 * the sum is P, to the integrator I, to the derivative D (as PID.sci). */
static char **
xml_pid_gains (Importer *im, xmlNode *child)
{
  static const char *const paths[] = { "SUMMATION", "INTEGRAL_m", "DERIV" };
  g_autoptr (GHashTable) ports
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)port_info_free);
  g_autoptr (GHashTable) order = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) blocks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  xmlNode *root = NULL;
  char *gains[3] = { NULL, NULL, NULL };

  for (xmlNode *c = child != NULL ? child->children : NULL; c != NULL; c = c->next)
    if (is_element (c, "mxGraphModel"))
      for (xmlNode *r = c->children; r != NULL; r = r->next)
        if (is_element (r, "root"))
          root = r;
  if (root == NULL)
    return NULL;
  collect_ports (root, ports, order, 0);
  for (xmlNode *c = root->children; c != NULL; c = c->next)
    {
      g_autofree char *id = attr (c, "id");
      g_autofree char *fn = xcos_name (c);
      if (id != NULL && fn != NULL)
        g_hash_table_insert (blocks, g_steal_pointer (&id), c);
    }
  for (xmlNode *c = root->children; c != NULL; c = c->next)
    {
      OrrLinkKind kind;
      g_autofree char *src = NULL, *dst = NULL;
      PortInfo *a, *b;
      xmlNode *from, *to;
      g_autofree char *gf = NULL, *gt = NULL;

      if (!is_link_element (c, &kind))
        continue;
      src = link_end (c, "source");
      dst = link_end (c, "target");
      a = src ? g_hash_table_lookup (ports, src) : NULL;
      b = dst ? g_hash_table_lookup (ports, dst) : NULL;
      from = a ? g_hash_table_lookup (blocks, a->block) : NULL;
      to = b ? g_hash_table_lookup (blocks, b->block) : NULL;
      if (from == NULL || to == NULL)
        continue;
      gf = xcos_name (from);
      gt = xcos_name (to);
      for (int k = 0; k < 3; k++)
        {
          xmlNode *gain = strcmp (gf, "GAINBLK") == 0 && strcmp (gt, paths[k]) == 0   ? from
                          : strcmp (gt, "GAINBLK") == 0 && strcmp (gf, paths[k]) == 0 ? to
                                                                                      : NULL;
          if (gain != NULL && gains[k] == NULL)
            {
              XsValue *owned = NULL;
              g_auto (GStrv) e = xs_value_to_exprs (block_value (im, gain, "exprs", &owned));
              xs_value_free (owned);
              if (e != NULL && e[0] != NULL)
                gains[k] = g_strdup (e[0]);
            }
        }
    }
  if (gains[0] == NULL || gains[1] == NULL || gains[2] == NULL)
    {
      for (int k = 0; k < 3; k++)
        g_free (gains[k]);
      return NULL;
    }
  {
    char **out = g_new0 (char *, 4);
    memcpy (out, gains, sizeof gains);
    return out;
  }
}

/* The dialog values of the block named inner_name inside the compiled
 * super block element ("PID": its gains). */
static char **
inner_exprs (Importer *im, xmlNode *element, const char *inner_name, const char *where)
{
  XsValue *owned = NULL;
  char **exprs;
  XsValue *rpar = block_value (im, element, "realParameters", &owned);
  XsValue *inner;

  if (strcmp (inner_name, "PID") == 0)
    {
      exprs = xs_pid_gains (rpar);
      if (exprs == NULL)
        exprs = xml_pid_gains (im, child_as (element, "child"));
      xs_value_free (owned);
      if (exprs == NULL)
        warn (im, where, "the gains inside the PID block were not found; defaults used");
      return exprs;
    }
  inner = xs_find_block_exprs (rpar, inner_name, 0);

  /* a Scilab 6 file keeps the inner diagram inline */
  if (inner == NULL)
    {
      xmlNode *child = child_as (element, "child");
      if (child != NULL)
        for (xmlNode *n = child; n != NULL; n = NULL)
          {
            g_autoptr (GPtrArray) stack = g_ptr_array_new ();
            g_ptr_array_add (stack, n);
            while (stack->len > 0 && inner == NULL)
              {
                xmlNode *e = g_ptr_array_steal_index (stack, stack->len - 1);
                g_autofree char *fn = attr (e, "interfaceFunctionName");
                if (g_strcmp0 (fn, inner_name) == 0)
                  {
                    XsValue *o2 = NULL;
                    XsValue *ev = block_value (im, e, "exprs", &o2);
                    exprs = xs_value_to_exprs (ev);
                    xs_value_free (o2);
                    xs_value_free (owned);
                    return exprs;
                  }
                for (xmlNode *c = e->children; c != NULL; c = c->next)
                  if (c->type == XML_ELEMENT_NODE && stack->len < 100000)
                    g_ptr_array_add (stack, c);
              }
          }
      warn (im, where, "the values of the inner %s block were not found; defaults used",
            inner_name);
    }
  exprs = xs_value_to_exprs (inner);
  xs_value_free (owned);
  return exprs;
}

/* The dialog values of an Xcos block, for the table: its own, or those of
 * the named block inside a compiled super block; "A+B" joins the values
 * of A and of B (DELAY_f: its clock's, then its register's). */
static char **
block_exprs (Importer *im, xmlNode *element, const OrrXcosBlockMap *m, const char *where)
{
  XsValue *owned = NULL;
  XsValue *v;
  char **exprs;

  if (m != NULL && m->inner != NULL)
    {
      g_auto (GStrv) names = g_strsplit (m->inner, "+", -1);
      GPtrArray *all = g_ptr_array_new ();

      for (guint i = 0; names[i] != NULL; i++)
        {
          char **part = inner_exprs (im, element, names[i], where);
          for (guint k = 0; part != NULL && part[k] != NULL; k++)
            g_ptr_array_add (all, part[k]);
          g_free (part);
          if (part == NULL && names[1] != NULL)
            {
              /* a missing part would shift the numbering of the next */
              g_ptr_array_set_free_func (all, g_free);
              g_ptr_array_free (all, TRUE);
              return NULL;
            }
        }
      if (all->len == 0)
        {
          g_ptr_array_free (all, TRUE);
          return NULL;
        }
      g_ptr_array_add (all, NULL);
      return (char **)g_ptr_array_free (all, FALSE);
    }
  v = block_value (im, element, "exprs", &owned);
  exprs = xs_value_to_exprs (v);
  xs_value_free (owned);
  return exprs;
}

static void
set_geometry (OrrBlock *block, xmlNode *element)
{
  xmlNode *geo = child_as (element, "geometry");
  g_autofree char *style = attr (element, "style");
  g_autofree char *rotation = style_value (style, "rotation");
  g_autofree char *flip = style_value (style, "flip");
  g_autofree char *mirror = style_value (style, "mirror");
  double degrees = rotation != NULL ? g_ascii_strtod (rotation, NULL) : 0;
  /* whole quarter turns; anything beyond a few turns is no rotation a
   * file means (and would overflow an int) */
  int rot = isfinite (degrees) && fabs (degrees) <= 36000 ? (int)lround (degrees / 90.0) * 90 : 0;

  if (geo != NULL)
    {
      block->geometry.x = attr_double (geo, "x", 0);
      block->geometry.y = attr_double (geo, "y", 0);
      block->geometry.width = MAX (attr_double (geo, "width", 40), 4);
      block->geometry.height = MAX (attr_double (geo, "height", 40), 4);
    }
  else
    block->geometry = (OrrRect){ 0, 0, 40, 40 };
  block->flip = g_strcmp0 (flip, "true") == 0;
  /* a mirror (about the horizontal axis) is a flip turned half round */
  if (g_strcmp0 (mirror, "true") == 0)
    {
      block->flip = !block->flip;
      rot += 180;
    }
  block->rotation = ((rot % 360) + 360) % 360;
}

/* A placeholder keeps the Xcos block, its dialog values and its ports,
 * visible and named, so that nothing is lost and the model says why it
 * cannot run. */
static OrrBlock *
make_placeholder (Importer *im, const char *name, char **exprs, OrrDiagram *diagram,
                  const char *where, const char *why)
{
  g_autofree char *type = g_strconcat (ORR_XCOS_PLACEHOLDER_PREFIX, name, NULL);
  g_autofree char *id = g_strdup_printf ("b%u", ++im->next_block);
  OrrBlock *block = orr_block_new (id, type);
  g_autofree char *label = new_label (im, diagram, name);
  g_autofree char *path = block_where (where, label);

  block->label = g_strdup (label);
  for (guint i = 0; exprs != NULL && exprs[i] != NULL; i++)
    {
      g_autofree char *pname = g_strdup_printf ("exprs%u", i + 1);
      orr_block_add_param (block, pname, exprs[i]);
    }
  g_ptr_array_add (im->report->placeholders, g_strdup_printf ("%s (%s)", path, name));
  warn (im, path, "Xcos block %s %s; kept as a placeholder", name, why);
  return block;
}

/* Fits the block's ports to what its class has for these parameters,
 * when the registry knows the class and the parameters evaluate. */
static void
fit_ports (Importer *im, OrrBlock *block, OrrScope *scope, const char *path)
{
  const OrrBlockClass *klass;
  g_autoptr (OrrBlockInterface) iface = NULL;
  g_autoptr (GError) error = NULL;

  if (im->registry == NULL)
    return;
  klass = orr_registry_lookup (im->registry, block->type);
  if (klass == NULL)
    return;
  iface = orr_block_class_interface (klass, block, scope, &error);
  if (iface == NULL)
    {
      warn (im, path, "%s", error != NULL ? error->message : "the parameters do not configure");
      return;
    }
  orr_block_set_ports (block, ORR_PORT_IN, iface->n_in);
  orr_block_set_ports (block, ORR_PORT_OUT, iface->n_out);
  orr_block_set_ports (block, ORR_PORT_EVENT_IN, iface->n_evin);
  orr_block_set_ports (block, ORR_PORT_EVENT_OUT, iface->n_evout);
}

/* Fresh model-wide ids for a block loaded from a table expansion and for
 * everything inside it. */
static void
reid (Importer *im, OrrBlock *block)
{
  g_free (block->id);
  block->id = g_strdup_printf ("b%u", ++im->next_block);
  if (block->child == NULL)
    return;
  {
    g_autoptr (GHashTable) map = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    OrrDiagram *d = block->child;

    for (guint i = 0; i < d->blocks->len; i++)
      {
        OrrBlock *b = g_ptr_array_index (d->blocks, i);
        char *old = g_strdup (b->id);
        reid (im, b);
        g_hash_table_insert (map, old, b->id);
      }
    for (guint i = 0; i < d->links->len; i++)
      {
        OrrLink *l = g_ptr_array_index (d->links, i);
        const char *from = g_hash_table_lookup (map, l->from.block);
        const char *to = g_hash_table_lookup (map, l->to.block);

        g_free (l->id);
        l->id = g_strdup_printf ("l%u", ++im->next_link);
        if (from != NULL)
          {
            g_free (l->from.block);
            l->from.block = g_strdup (from);
          }
        if (to != NULL)
          {
            g_free (l->to.block);
            l->to.block = g_strdup (to);
          }
      }
  }
}

/* A block the table builds from Orrery blocks: a super block whose
 * diagram is the row's expansion with the dialog values put in. */
static OrrBlock *
make_expansion (Importer *im, const OrrXcosBlockMap *m, TemplateArgs *args, const char *path)
{
  g_autofree char *why = NULL;
  g_autofree char *body = NULL;
  g_autofree char *doc = NULL;
  g_autoptr (GError) error = NULL;
  GString *ports = g_string_new (NULL);
  OrrBlock *block;

  args->xml = TRUE;
  body = expand (m->expansion, args, &why);
  args->xml = FALSE;
  if (body == NULL)
    {
      warn (im, path, "Xcos %s: %s", m->xcos, why);
      g_string_free (ports, TRUE);
      return NULL;
    }
  if (args->counts[ORR_PORT_IN])
    g_string_append_printf (ports, " in=\"%u\"", args->counts[ORR_PORT_IN]);
  if (args->counts[ORR_PORT_OUT])
    g_string_append_printf (ports, " out=\"%u\"", args->counts[ORR_PORT_OUT]);
  if (args->counts[ORR_PORT_EVENT_IN])
    g_string_append_printf (ports, " event-in=\"%u\"", args->counts[ORR_PORT_EVENT_IN]);
  if (args->counts[ORR_PORT_EVENT_OUT])
    g_string_append_printf (ports, " event-out=\"%u\"", args->counts[ORR_PORT_EVENT_OUT]);
  doc = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                         "<orrery-block version=\"1.0\"><block id=\"x\" type=\"SuperBlock\" "
                         "x=\"0\" y=\"0\" width=\"40\" height=\"40\">%s%s%s%s</block>"
                         "</orrery-block>",
                         ports->len ? "<ports" : "", ports->str, ports->len ? "/>" : "", body);
  g_string_free (ports, TRUE);
  block = orr_block_load_data (doc, strlen (doc), m->xcos, &error);
  if (block == NULL)
    {
      warn (im, path, "the table's expansion of %s does not load: %s", m->xcos, error->message);
      return NULL;
    }
  reid (im, block);
  return block;
}

/* A masked super block (DSUPER) keeps its mask in exprs:
 * list(values, list(names, [title; labels], types)). Each becomes a mask
 * parameter with the block's value, which the inner scope also gets so
 * that the inner blocks' ports can be fitted. */
static void
apply_mask (Importer *im, OrrBlock *block, XsValue *exprs, OrrScope *parent, OrrScope *inner,
            const char *path)
{
  XsValue *values, *def, *names, *labels;
  OrrMask *mask;
  int n;

  if (exprs == NULL || exprs->kind != XS_LIST || exprs->items->len < 2)
    return;
  values = g_ptr_array_index (exprs->items, 0);
  def = g_ptr_array_index (exprs->items, 1);
  if (values->kind != XS_STRING || def->kind != XS_LIST || def->items->len < 2)
    return;
  names = g_ptr_array_index (def->items, 0);
  labels = g_ptr_array_index (def->items, 1);
  if (names->kind != XS_STRING)
    return;
  n = MIN (names->rows * names->cols, values->rows * values->cols);
  mask = orr_mask_new ();
  if (labels->kind == XS_STRING && labels->rows * labels->cols > 0)
    mask->description = g_strdup (labels->strings[0]);
  for (int i = 0; i < n; i++)
    {
      const char *name = names->strings[i];
      const char *label = labels->kind == XS_STRING && i + 1 < labels->rows * labels->cols
                            ? labels->strings[i + 1]
                            : name;
      g_autofree char *why = NULL;
      g_autofree char *value = orr_xcos_translate_expr (values->strings[i], &why);

      if (value == NULL)
        {
          warn (im, path, "mask parameter %s kept as written: %s", name, why);
          value = g_strdup (values->strings[i]);
        }
      g_ptr_array_add (mask->params, orr_mask_param_new (name, label, value));
      orr_block_add_param (block, name, value);
      {
        g_autoptr (OrrValue) v = orr_expr_evaluate (value, parent, NULL);
        if (v != NULL)
          orr_scope_set (inner, name, v);
      }
    }
  block->mask = mask;
}

static OrrBlock *
make_block (Importer *im, xmlNode *element, OrrDiagram *diagram, const char *where, OrrScope *scope,
            const guint counts[ORR_N_PORT_KINDS], int depth)
{
  g_autofree char *name = xcos_name (element);
  g_auto (GStrv) exprs = NULL;
  const OrrXcosBlockMap *m;
  OrrBlock *block;
  g_autofree char *id = NULL;
  g_autofree char *label = NULL;
  g_autofree char *path = NULL;
  g_autofree char *formulas = NULL;      /* scifunc_block_m: its output lines */
  g_autofree char *formulas_why = NULL;  /* ... or why they cannot be */
  g_autofree char *formulas_note = NULL; /* ... and what is left out */

  if (name == NULL)
    name = g_strdup ("(unnamed)");

  if (is_element (element, "SuperBlock"))
    {
      xmlNode *child = child_as (element, "child");
      g_autofree char *xlabel = attr (element, "value");

      id = g_strdup_printf ("b%u", ++im->next_block);
      block = orr_block_new (id, "SuperBlock");
      label = new_label (im, diagram,
                         xlabel != NULL && *xlabel && !strchr (xlabel, '<') ? xlabel : "Super");
      block->label = g_strdup (label);
      path = block_where (where, label);
      if (child == NULL)
        warn (im, path, "a super block without its diagram; left empty");
      else if (depth >= MAX_NESTING)
        warn (im, path, "super blocks nested too deeply; left empty");
      else
        {
          xmlNode *model = NULL, *root = NULL;
          xmlNode *ctx = child_as (child, "context");
          g_autoptr (OrrScope) inner = orr_scope_new (scope);
          XsValue *owned = NULL;

          apply_mask (im, block, block_value (im, element, "exprs", &owned), scope, inner, path);
          xs_value_free (owned);

          for (xmlNode *c = child->children; c != NULL; c = c->next)
            if (is_element (c, "mxGraphModel"))
              model = c;
          for (xmlNode *c = model != NULL ? model->children : NULL; c != NULL; c = c->next)
            if (is_element (c, "root"))
              root = c;
          if (ctx != NULL)
            {
              GString *text = g_string_new (NULL);
              for (xmlNode *a = ctx->children; a != NULL; a = a->next)
                if (is_element (a, "add"))
                  {
                    g_autofree char *v = attr (a, "value");
                    g_string_append_printf (text, "%s\n", v != NULL ? v : "");
                  }
              g_free (block->child->context);
              block->child->context
                = orr_xcos_translate_context (text->str, path, FALSE, im->report->warnings);
              orr_script_run (block->child->context, inner, NULL);
              g_string_free (text, TRUE);
            }
          if (root != NULL && !build_diagram (im, root, block->child, path, inner, depth + 1))
            {
              orr_block_unref (block);
              return NULL;
            }
        }
      {
        static const OrrPortKind kinds[]
          = { ORR_PORT_IN, ORR_PORT_OUT, ORR_PORT_EVENT_IN, ORR_PORT_EVENT_OUT };
        for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
          orr_block_set_ports (block, kinds[k], counts[kinds[k]]);
      }
      set_geometry (block, element);
      return block;
    }

  {
    XsValue *owned = NULL;
    XsValue *v = block_value (im, element, "exprs", &owned);
    exprs = xs_value_to_exprs (v);
    /* a Scilab function block: list(dialog values, list(code ...)) */
    if (strcmp (name, "scifunc_block_m") == 0 && v != NULL && v->kind == XS_LIST
        && v->items->len >= 2)
      {
        g_strfreev (exprs);
        exprs = xs_value_to_exprs (g_ptr_array_index (v->items, 0));
        formulas = orr_xcos_scifunc_outputs (g_ptr_array_index (v->items, 1), exprs,
                                             (int)counts[ORR_PORT_IN], (int)counts[ORR_PORT_OUT],
                                             &formulas_note, &formulas_why);
      }
    else if (strcmp (name, "scifunc_block_m") == 0)
      formulas_why = g_strdup ("its Scilab code was not found");
    xs_value_free (owned);
  }
  m = lookup_map (name, exprs, counts, FALSE, scope);
  if (m != NULL && m->inner != NULL)
    {
      g_strfreev (exprs);
      path = block_where (where, name);
      exprs = block_exprs (im, element, m, path);
      g_clear_pointer (&path, g_free);
      if (m->when != NULL)
        m = lookup_map (name, exprs, counts, TRUE, scope);
    }

  if (m != NULL && m->orrery != NULL && formulas_why != NULL)
    {
      g_autofree char *why = g_strdup_printf ("cannot be translated: %s", formulas_why);
      block = make_placeholder (im, name, exprs, diagram, where, why);
    }
  else if (m == NULL || m->orrery == NULL)
    {
      /* a row with no class may say why in its note */
      g_autofree char *why = m != NULL && m->note != NULL
                               ? g_strdup_printf ("has no Orrery counterpart: %s", m->note)
                               : NULL;
      block = make_placeholder (im, name, exprs, diagram, where,
                                m == NULL     ? "is not in the mapping table"
                                : why != NULL ? why
                                              : "has no Orrery counterpart yet");
    }
  else
    {
      TemplateArgs args = { exprs, exprs != NULL ? g_strv_length (exprs) : 0, { 0 }, scope };

      args.formulas = formulas;
      XsValue *own_r = NULL, *own_i = NULL;

      memcpy (args.counts, counts, sizeof args.counts);
      args.rpar = block_value (im, element, "realParameters", &own_r);
      args.ipar = block_value (im, element, "integerParameters", &own_i);
      label = new_label (im, diagram, m->expansion != NULL ? m->xcos : m->orrery);
      path = block_where (where, label);
      if (m->expansion != NULL)
        {
          block = make_expansion (im, m, &args, path);
          if (block == NULL)
            block = make_placeholder (im, name, exprs, diagram, where,
                                      "could not be built from the table's expansion");
          else
            {
              g_free (block->label);
              block->label = g_strdup (label);
              if (m->note != NULL)
                warn (im, path, "from Xcos %s: %s", name, m->note);
            }
          xs_value_free (own_r);
          xs_value_free (own_i);
          goto ports;
        }
      id = g_strdup_printf ("b%u", ++im->next_block);
      block = orr_block_new (id, m->orrery);
      block->label = g_strdup (label);
      for (guint i = 0; i < G_N_ELEMENTS (m->params) && m->params[i] != NULL; i++)
        {
          const char *eq = strchr (m->params[i], '=');
          g_autofree char *pname = g_strndup (m->params[i], eq - m->params[i]);
          g_autofree char *why = NULL;
          g_autofree char *value = expand (eq + 1, &args, &why);

          if (value == NULL)
            warn (im, path, "parameter %s left at its default (Xcos %s: %s)", pname, name, why);
          else
            orr_block_add_param (block, pname, value);
        }
      if (m->note != NULL)
        warn (im, path, "from Xcos %s: %s", name, m->note);
      if (formulas_note != NULL)
        warn (im, path, "from Xcos %s: %s", name, formulas_note);
      xs_value_free (own_r);
      xs_value_free (own_i);
    }

ports:
  {
    static const OrrPortKind kinds[]
      = { ORR_PORT_IN, ORR_PORT_OUT, ORR_PORT_EVENT_IN, ORR_PORT_EVENT_OUT };
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      orr_block_set_ports (block, kinds[k], counts[kinds[k]]);
  }
  if (path == NULL)
    path = block_where (where, block->label);
  fit_ports (im, block, scope, path);
  set_geometry (block, element);
  if (m != NULL && m->orrery != NULL && m->complex_outputs != 0 && block->type != NULL
      && !g_str_has_prefix (block->type, ORR_XCOS_PLACEHOLDER_PREFIX))
    g_hash_table_insert (im->complex_outputs, g_strdup (block->id),
                         GUINT_TO_POINTER (m->complex_outputs));
  return block;
}

/* A ComplexToRealImag in diagram before the input at *et, whose first
 * output now takes the link's place (the second ends in a Terminator):
 * *et becomes its input. Xcos's real blocks read the real parts of a
 * complex signal (its buffer starts with them); Orrery's refuse a complex
 * link. */
static void
insert_real_part (Importer *im, OrrDiagram *diagram, const char *where, OrrBlock *from,
                  OrrBlock *to, OrrEndpoint *et)
{
  g_autofree char *id = g_strdup_printf ("b%u", ++im->next_block);
  g_autofree char *label = new_label (im, diagram, "RealPart");
  g_autofree char *link_id = g_strdup_printf ("l%u", ++im->next_link);
  g_autofree char *p1 = block_where (where, from->label);
  g_autofree char *p2 = block_where (where, to->label);
  OrrBlock *part = orr_block_new (id, "ComplexToRealImag");
  OrrEndpoint pf = { part->id, ORR_PORT_OUT, 1 };
  OrrLink *link;

  part->label = g_strdup (label);
  orr_block_set_ports (part, ORR_PORT_IN, 1);
  orr_block_set_ports (part, ORR_PORT_OUT, 2);
  part->geometry.width = 40;
  part->geometry.height = 40;
  part->geometry.x = to->geometry.x - 60;
  part->geometry.y = to->geometry.y + to->geometry.height + 10;
  orr_diagram_append_block (diagram, part);
  link = orr_link_new (link_id, ORR_LINK_REGULAR, &pf, et);
  orr_diagram_append_link (diagram, link);
  /* the imaginary parts end in a Terminator: nothing reads them */
  {
    g_autofree char *tid = g_strdup_printf ("b%u", ++im->next_block);
    g_autofree char *tlabel = new_label (im, diagram, "Terminator");
    g_autofree char *tlink = g_strdup_printf ("l%u", ++im->next_link);
    OrrBlock *end = orr_block_new (tid, "Terminator");
    OrrEndpoint imag = { part->id, ORR_PORT_OUT, 2 }, sink = { end->id, ORR_PORT_IN, 1 };

    end->label = g_strdup (tlabel);
    orr_block_set_ports (end, ORR_PORT_IN, 1);
    end->geometry = (OrrRect){ part->geometry.x + 60, part->geometry.y + 30, 20, 20 };
    orr_diagram_append_block (diagram, end);
    orr_diagram_append_link (diagram, orr_link_new (tlink, ORR_LINK_REGULAR, &imag, &sink));
  }
  *et = (OrrEndpoint){ part->id, ORR_PORT_IN, 1 };
  warn (im, p2,
        "reads the complex output of %s as its real part, as in Xcos (a ComplexToRealImag, %s, "
        "was put between them)",
        p1, label);
}

static gboolean
is_block_element (xmlNode *n)
{
  g_autofree char *fn = NULL;

  if (n->type != XML_ELEMENT_NODE)
    return FALSE;
  if (is_element (n, "SuperBlock") || is_element (n, "SplitBlock") || is_element (n, "TextBlock"))
    return TRUE;
  fn = attr (n, "interfaceFunctionName");
  return fn != NULL || g_str_has_suffix ((const char *)n->name, "Block");
}

/* The block's Xcos name: interfaceFunctionName, or for the older round
 * and special blocks the first word of their style. */
static char *
xcos_name (xmlNode *n)
{
  char *fn = attr (n, "interfaceFunctionName");
  g_autofree char *style = NULL;

  if (fn != NULL)
    return fn;
  style = attr (n, "style");
  if (style != NULL && *style != '\0' && strchr (style, '=') != strchr (style, ';'))
    {
      char *semi = strchr (style, ';');
      if (semi != NULL)
        *semi = '\0';
      if (*style != '\0' && strchr (style, '=') == NULL)
        return g_strdup (style);
    }
  return NULL;
}

/* Follows a port id back through split blocks to the port of a real
 * block; route collects the bend points on the way (upstream first). */
static PortInfo *
resolve_source (GHashTable *ports, GHashTable *cells, GHashTable *into, const char *port_id,
                GArray *route, int depth)
{
  PortInfo *p = port_id != NULL ? g_hash_table_lookup (ports, port_id) : NULL;
  Cell *cell;
  LinkCell *feed;

  /* a link into a split may lack its source (a damaged file) */
  if (p == NULL || depth > 1000)
    return NULL;
  cell = g_hash_table_lookup (cells, p->block);
  if (cell == NULL || !cell->split)
    return p;
  feed = cell->split_in != NULL ? g_hash_table_lookup (into, cell->split_in) : NULL;
  if (feed == NULL)
    return NULL;
  {
    PortInfo *up = resolve_source (ports, cells, into, feed->source, route, depth + 1);
    g_autoptr (GArray) pts = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
    OrrPoint split = { cell->cx, cell->cy };

    link_points (feed->element, pts);
    g_array_append_vals (route, pts->data, pts->len);
    g_array_append_val (route, split);
    return up;
  }
}

static gboolean
build_diagram (Importer *im, xmlNode *root, OrrDiagram *diagram, const char *where, OrrScope *scope,
               int depth)
{
  g_autoptr (GHashTable) ports
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)port_info_free);
  g_autoptr (GHashTable) order = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) cells
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)cell_free);
  g_autoptr (GPtrArray) cell_list = g_ptr_array_new ();
  g_autoptr (GPtrArray) links = g_ptr_array_new_with_free_func ((GDestroyNotify)link_cell_free);
  g_autoptr (GHashTable) into = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) ports_of
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);

  collect_ports (root, ports, order, 0);
  /* each block's port ids, so that a block finds its ports at once */
  {
    GHashTableIter it;
    gpointer key, value;

    g_hash_table_iter_init (&it, ports);
    while (g_hash_table_iter_next (&it, &key, &value))
      {
        PortInfo *p = value;
        GPtrArray *list = g_hash_table_lookup (ports_of, p->block);
        if (list == NULL)
          {
            list = g_ptr_array_new ();
            g_hash_table_insert (ports_of, p->block, list);
          }
        g_ptr_array_add (list, key);
      }
  }

  /* blocks */
  for (xmlNode *c = root->children; c != NULL; c = c->next)
    {
      OrrLinkKind lkind;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (is_link_element (c, &lkind))
        {
          LinkCell *l = g_new0 (LinkCell, 1);
          l->element = c;
          l->kind = lkind;
          l->source = link_end (c, "source");
          l->target = link_end (c, "target");
          g_ptr_array_add (links, l);
          continue;
        }
      if (!is_block_element (c))
        continue;
      {
        Cell *cell = g_new0 (Cell, 1);
        guint counts[ORR_N_PORT_KINDS] = { 0 };
        GPtrArray *by_block;
        gpointer key, value;

        cell->element = c;
        cell->xcos_id = attr (c, "id");
        if (cell->xcos_id == NULL || g_hash_table_contains (cells, cell->xcos_id))
          {
            g_autofree char *fn = attr (c, "interfaceFunctionName");
            warn (im, where[0] ? where : "diagram", "a %s block without a unique id; left out",
                  fn != NULL ? fn : (const char *)c->name);
            cell_free (cell);
            continue;
          }
        by_block = g_hash_table_lookup (ports_of, cell->xcos_id);
        for (guint k = 0; by_block != NULL && k < by_block->len; k++)
          {
            key = g_ptr_array_index (by_block, k);
            value = g_hash_table_lookup (ports, key);
            {
              PortInfo *p = value;
              counts[p->kind] = MAX (counts[p->kind], p->number);
              if ((p->kind == ORR_PORT_IN || p->kind == ORR_PORT_EVENT_IN)
                  && is_element (c, "SplitBlock"))
                {
                  g_free (cell->split_in);
                  cell->split_in = g_strdup (key);
                }
            }
          }
        if (is_element (c, "SplitBlock"))
          {
            xmlNode *geo = child_as (c, "geometry");
            cell->split = TRUE;
            if (geo != NULL)
              {
                cell->cx = attr_double (geo, "x", 0) + attr_double (geo, "width", 0) / 2;
                cell->cy = attr_double (geo, "y", 0) + attr_double (geo, "height", 0) / 2;
              }
          }
        else if (is_element (c, "TextBlock"))
          {
            /* TEXT_f: a free text on the diagram, where it stood */
            g_autofree char *text = attr (c, "value");
            g_autofree char *id = g_strdup_printf ("b%u", ++im->next_block);
            OrrBlock *note = orr_block_new (id, ORR_ANNOTATION_TYPE);

            set_geometry (note, c);
            note->rotation = 0;
            note->flip = FALSE;
            orr_block_add_param (note, ORR_ANNOTATION_TEXT, text != NULL ? text : "");
            orr_diagram_append_block (diagram, note);
          }
        else
          {
            cell->block = make_block (im, c, diagram, where, scope, counts, depth);
            if (cell->block == NULL)
              {
                cell_free (cell);
                return FALSE;
              }
            orr_diagram_append_block (diagram, orr_block_ref (cell->block));
          }
        g_hash_table_insert (cells, cell->xcos_id, cell);
        g_ptr_array_add (cell_list, cell);
      }
    }

  for (guint i = 0; i < links->len; i++)
    {
      LinkCell *l = g_ptr_array_index (links, i);
      if (l->target != NULL)
        g_hash_table_insert (into, l->target, l);
    }

  /* links, with the splits traced through */
  for (guint i = 0; i < links->len; i++)
    {
      LinkCell *l = g_ptr_array_index (links, i);
      PortInfo *to, *from, *a, *b;
      Cell *to_cell, *from_cell;
      g_autoptr (GArray) route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
      g_autoptr (GArray) own = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
      g_autofree char *id = NULL;
      OrrEndpoint ef, et;
      OrrLink *link;

      a = l->source ? g_hash_table_lookup (ports, l->source) : NULL;
      b = l->target ? g_hash_table_lookup (ports, l->target) : NULL;
      if (a == NULL || b == NULL)
        {
          warn (im, where[0] ? where : "diagram", "a link with a missing end was left out");
          continue;
        }
      /* Xcos lets a link be drawn from an input to an output */
      if ((a->kind == ORR_PORT_IN || a->kind == ORR_PORT_EVENT_IN)
          && (b->kind == ORR_PORT_OUT || b->kind == ORR_PORT_EVENT_OUT))
        {
          char *t = l->source;
          l->source = l->target;
          l->target = t;
          {
            PortInfo *tp = a;
            a = b;
            b = tp;
          }
        }
      to_cell = g_hash_table_lookup (cells, b->block);
      if (to_cell == NULL)
        {
          warn (im, where[0] ? where : "diagram", "a link to an unknown block was left out");
          continue;
        }
      if (to_cell->split)
        continue; /* into a split: its outgoing links carry it on */
      from = resolve_source (ports, cells, into, l->source, route, 0);
      from_cell = from ? g_hash_table_lookup (cells, from->block) : NULL;
      if (from == NULL || from_cell == NULL || from_cell->block == NULL || to_cell->block == NULL)
        {
          warn (im, where[0] ? where : "diagram",
                "a link whose source could not be traced was left out");
          continue;
        }
      to = b;
      if (from->kind != ORR_PORT_OUT && from->kind != ORR_PORT_EVENT_OUT)
        {
          warn (im, where[0] ? where : "diagram", "a link between two inputs was left out");
          continue;
        }
      if ((from->kind == ORR_PORT_OUT) != (to->kind == ORR_PORT_IN))
        {
          warn (im, where[0] ? where : "diagram",
                "a link from a data port to an activation port was left out");
          continue;
        }
      if (from->number > orr_block_get_port_count (from_cell->block, from->kind)
          || to->number > orr_block_get_port_count (to_cell->block, to->kind))
        {
          g_autofree char *p1 = block_where (where, from_cell->block->label);
          g_autofree char *p2 = block_where (where, to_cell->block->label);
          warn (im, p2,
                "the link from %s (%s %u) to %s %u was left out: the Orrery block has no such "
                "port",
                p1, orr_port_kind_to_string (from->kind), from->number,
                orr_port_kind_to_string (to->kind), to->number);
          continue;
        }
      link_points (l->element, own);
      g_array_append_vals (route, own->data, own->len);
      id = g_strdup_printf ("l%u", ++im->next_link);
      ef = (OrrEndpoint){ from_cell->block->id, from->kind, from->number };
      et = (OrrEndpoint){ to_cell->block->id, to->kind, to->number };
      if (from->kind == ORR_PORT_OUT && to->real_data && from->number <= 32
          && (GPOINTER_TO_UINT (g_hash_table_lookup (im->complex_outputs, from_cell->block->id))
              & (1u << (from->number - 1))))
        insert_real_part (im, diagram, where, from_cell->block, to_cell->block, &et);
      link = orr_link_new (id, from->kind == ORR_PORT_OUT ? ORR_LINK_REGULAR : ORR_LINK_ACTIVATION,
                           &ef, &et);
      g_array_append_vals (link->points, route->data, route->len);
      orr_diagram_append_link (diagram, link);
    }
  return TRUE;
}

/* ---- settings ------------------------------------------------------------ */

static void
read_settings (Importer *im, xmlNode *root, OrrSettings *s)
{
  int solver = attr_int (root, "solver", 0);
  const char *name;
  const char *why;

  s->final_time = attr_double (root, "finalIntegrationTime", 30);
  if (!(s->final_time > s->start_time) || s->final_time > 1e300)
    {
      warn (im, "diagram", "final time %g is not usable; 30 s used", s->final_time);
      s->final_time = 30;
    }
  s->rtol = attr_double (root, "integratorRelativeTolerance", 1e-6);
  s->atol = attr_double (root, "integratorAbsoluteTolerance", 1e-6);
  if (!(s->rtol > 0) || s->rtol >= 1)
    s->rtol = 1e-6;
  if (!(s->atol > 0))
    s->atol = 1e-6;
  {
    double hmax = attr_double (root, "maximumStepSize", 0);
    if (hmax > 0)
      s->max_step = hmax;
  }
  {
    /* simulated seconds per wall-clock second, 0 for as fast as possible,
     * in both */
    double scale = attr_double (root, "realTimeScaling", 0);
    if (scale > 0 && scale < 1e9)
      s->realtime_factor = scale;
  }
  switch (solver)
    {
      case 0:
        name = "cvode-bdf";
        why = "LSodar (switching Adams/BDF) -> CVODE BDF, with root finding";
        break;
      case 1:
        name = "cvode-bdf";
        why = "CVODE BDF Newton -> CVODE BDF (Newton)";
        break;
      case 2:
        name = "cvode-bdf";
        why = "CVODE BDF functional -> CVODE BDF (Newton)";
        break;
      case 3:
        name = "cvode-adams";
        why = "CVODE Adams Newton -> CVODE Adams (Newton)";
        break;
      case 4:
        name = "cvode-adams-fixed-point";
        why = "CVODE Adams functional -> CVODE Adams (fixed point)";
        break;
      case 5:
        name = "dormand-prince";
        why = "Dormand-Prince 4(5) -> Orrery's adaptive Dormand-Prince 5(4) (Xcos's is fixed step)";
        break;
      case 6:
        name = "rk4";
        why = "RK45 (fixed step) -> classical Runge-Kutta, fixed step";
        break;
      case 7:
        name = "sdirk";
        why = "implicit RK45 -> SDIRK 4(3)";
        break;
      case 8:
        name = "trapezoidal";
        why = "Crank-Nicolson 2(3) -> implicit trapezoidal, fixed step";
        break;
      case 100:
      case 101:
      case 102:
        name = "ida";
        why = "IDA / DDaskr -> IDA (DAE)";
        break;
      default:
        name = "auto";
        why = "an unknown Xcos solver -> automatic";
    }
  g_free (s->solver);
  s->solver = g_strdup (name);
  warn (im, "diagram", "solver %s", why);
  if ((solver == 5 || solver == 6 || solver == 8) && s->max_step <= 0)
    s->max_step = (s->final_time - s->start_time) / 1000;
}

/* ---- files ---------------------------------------------------------------- */

static gboolean
read_archive (Importer *im, const guint8 *data, gsize length, GBytes **content, GBytes **dict,
              GError **error)
{
  struct archive *a = archive_read_new ();
  struct archive_entry *entry;
  int r, n = 0;
  gboolean ok = TRUE;

  archive_read_support_format_zip (a);
  archive_read_support_filter_none (a);
  if (archive_read_open_memory (a, data, length) != ARCHIVE_OK)
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_ARCHIVE,
                   "%s: not a readable .zcos archive: %s", im->name,
                   archive_error_string (a) ? archive_error_string (a) : "unknown format");
      archive_read_free (a);
      return FALSE;
    }
  while (ok && (r = archive_read_next_header (a, &entry)) != ARCHIVE_EOF)
    {
      const char *path;
      GBytes **slot = NULL;

      if (r != ARCHIVE_OK && r != ARCHIVE_WARN)
        {
          g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_ARCHIVE,
                       "%s: a damaged .zcos archive: %s", im->name,
                       archive_error_string (a) ? archive_error_string (a) : "bad entry");
          ok = FALSE;
          break;
        }
      if (++n > MAX_ENTRIES)
        {
          g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_ARCHIVE,
                       "%s: more than %d entries in the archive", im->name, MAX_ENTRIES);
          ok = FALSE;
          break;
        }
      path = archive_entry_pathname (entry);
      if (path != NULL && strcmp (path, "content.xml") == 0)
        slot = content;
      else if (path != NULL && strcmp (path, "dictionary/dictionary.ser") == 0)
        slot = dict;
      if (slot == NULL || *slot != NULL)
        continue;
      {
        GByteArray *buf = g_byte_array_new ();
        char chunk[65536];
        la_ssize_t got;

        if (archive_entry_size_is_set (entry) && archive_entry_size (entry) > MAX_ENTRY)
          got = -2;
        else
          while ((got = archive_read_data (a, chunk, sizeof chunk)) > 0)
            {
              if (buf->len + (gsize)got > MAX_ENTRY)
                {
                  got = -2;
                  break;
                }
              g_byte_array_append (buf, (const guint8 *)chunk, (guint)got);
            }
        if (got < 0)
          {
            g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_ARCHIVE, "%s: %s: %s", im->name,
                         path,
                         got == -2                  ? "larger than 256 MiB; refused"
                         : archive_error_string (a) ? archive_error_string (a)
                                                    : "cannot be read");
            g_byte_array_unref (buf);
            ok = FALSE;
            break;
          }
        *slot = g_byte_array_free_to_bytes (buf);
      }
    }
  archive_read_free (a);
  if (ok && *content == NULL)
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_FORMAT,
                   "%s: the archive has no content.xml: not an Xcos diagram", im->name);
      ok = FALSE;
    }
  return ok;
}

static xmlNode *
find_child (xmlNode *n, const char *name)
{
  for (xmlNode *c = n != NULL ? n->children : NULL; c != NULL; c = c->next)
    if (is_element (c, name))
      return c;
  return NULL;
}

static gboolean
import_document (Importer *im, const char *xml, gsize length, GError **error)
{
  g_autoptr (xmlDoc) doc = NULL;
  xmlNode *root, *graph, *cells;
  OrrSettings settings;
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  OrrDiagram *top = orr_model_get_root (im->model);

  if (length > G_MAXINT)
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_READ, "%s: the XML is too large",
                   im->name);
      return FALSE;
    }
  doc = xmlReadMemory (xml, (int)length, im->name, NULL,
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == NULL)
    {
      const xmlError *e = xmlGetLastError ();
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_FORMAT,
                   "%s: not well-formed XML%s%s (line %d)", im->name, e ? ": " : "",
                   e && e->message ? g_strchomp (e->message) : "", e ? e->line : 0);
      return FALSE;
    }
  root = xmlDocGetRootElement (doc);
  if (!is_element (root, "XcosDiagram"))
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_FORMAT,
                   "%s: not an Xcos diagram (the root element is <%s>, not <XcosDiagram>)",
                   im->name, root != NULL ? (const char *)root->name : "nothing");
      return FALSE;
    }
  graph = find_child (root, "mxGraphModel");
  cells = find_child (graph, "root");
  if (cells == NULL)
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_FORMAT,
                   "%s: an Xcos diagram without <mxGraphModel><root>", im->name);
      return FALSE;
    }

  settings = (OrrSettings){ 0 };
  orr_settings_copy (&settings, orr_model_get_settings (im->model));
  read_settings (im, root, &settings);
  orr_model_set_settings (im->model, &settings);
  orr_settings_clear (&settings);

  {
    xmlNode *ctx = child_as (root, "context");
    if (ctx != NULL)
      {
        GString *text = g_string_new (NULL);
        g_autofree char *translated = NULL;

        for (xmlNode *a = ctx->children; a != NULL; a = a->next)
          if (is_element (a, "add"))
            {
              g_autofree char *v = attr (a, "value");
              g_string_append_printf (text, "%s\n", v != NULL ? v : "");
            }
        translated = orr_xcos_translate_context (text->str, "diagram", TRUE, im->report->warnings);
        g_string_free (text, TRUE);
        orr_model_set_context (im->model, top, translated);
        if (!orr_script_run (translated, scope, NULL))
          warn (im, "diagram", "the translated context does not run as it is");
      }
  }

  /* build detached, then insert into the model's root diagram */
  {
    OrrDiagram *scratch = orr_diagram_new ();
    gboolean ok = build_diagram (im, cells, scratch, "", scope, 0);

    if (ok)
      {
        for (guint i = 0; i < scratch->blocks->len && ok; i++)
          {
            OrrBlock *b = g_ptr_array_index (scratch->blocks, i);
            /* the scratch diagram only held them: they go in detached */
            b->parent = NULL;
            ok = orr_model_insert_block (im->model, top, b, error);
          }
        for (guint i = 0; i < scratch->links->len && ok; i++)
          {
            g_autoptr (GError) local = NULL;
            OrrLink *l = g_ptr_array_index (scratch->links, i);
            OrrLink *copy = orr_link_copy (l);
            if (!orr_model_insert_link (im->model, top, copy, &local))
              warn (im, "diagram", "a link was left out: %s", local->message);
            orr_link_unref (copy);
          }
      }
    orr_diagram_free (scratch);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

OrrModel *
orr_xcos_load_data (const guint8 *data, gsize length, const char *display_name,
                    OrrRegistry *registry, OrrXcosReport **report, GError **error)
{
  Importer im = { 0 };
  g_autoptr (GBytes) content = NULL;
  g_autoptr (GBytes) dict = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrXcosReport) rep = orr_xcos_report_new ();
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  im.name = display_name != NULL ? display_name : "(data)";
  im.registry = registry;
  im.report = rep;
  if (length > MAX_FILE)
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_READ, "%s: larger than 256 MiB; refused",
                   im.name);
      return NULL;
    }
  if (length >= 4 && data[0] == 'P' && data[1] == 'K')
    {
      if (!read_archive (&im, data, length, &content, &dict, error))
        return NULL;
    }
  else
    content = g_bytes_new (data, length);
  if (dict != NULL)
    {
      gsize n;
      const guint8 *d = g_bytes_get_data (dict, &n);
      im.dict = xs_read_dictionary (d, n, im.name, error);
      if (im.dict == NULL)
        return NULL;
    }
  model = orr_model_new ();
  im.model = model;
  im.labels = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                     (GDestroyNotify)g_hash_table_unref);
  im.complex_outputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  {
    gsize n;
    const char *xml = g_bytes_get_data (content, &n);
    ok = import_document (&im, xml != NULL ? xml : "", n, error);
  }
  if (im.dict != NULL)
    g_ptr_array_unref (im.dict);
  g_hash_table_unref (im.labels);
  g_hash_table_unref (im.complex_outputs);
  if (!ok)
    return NULL;
  orr_model_clear_history (model);
  orr_model_set_unsaved (model);
  if (report != NULL)
    *report = g_steal_pointer (&rep);
  return g_steal_pointer (&model);
}

OrrModel *
orr_xcos_load_file (const char *path, OrrRegistry *registry, OrrXcosReport **report, GError **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr (GMappedFile) file = NULL;
  g_autoptr (GError) local = NULL;

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_READ, "%s: %s", display, local->message);
      return NULL;
    }
  return orr_xcos_load_data ((const guint8 *)g_mapped_file_get_contents (file),
                             g_mapped_file_get_length (file), display, registry, report, error);
}

static void
collect_placeholders (OrrBlock *block, gpointer data)
{
  if (g_str_has_prefix (block->type, ORR_XCOS_PLACEHOLDER_PREFIX))
    g_ptr_array_add (data, orr_block_get_path (block));
}

char **
orr_xcos_list_placeholders (OrrModel *model)
{
  GPtrArray *list = g_ptr_array_new ();

  orr_diagram_foreach_block (orr_model_get_root (model), collect_placeholders, list);
  g_ptr_array_add (list, NULL);
  return (char **)g_ptr_array_free (list, FALSE);
}
