/* orr-study.c: the study file (.orrs: read, canonical write) and its plan,
 * the table of runs. Random designs draw from a generator of our own
 * (splitmix64 seeding xoshiro256**), so that a seed gives the same table
 * on every machine and with every C library. */
#include "orr-study-private.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <orrery/orr-io.h>
#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_study_error_quark (void)
{
  return g_quark_from_static_string ("orr-study-error-quark");
}

G_DEFINE_BOXED_TYPE (OrrStudy, orr_study, orr_study_ref, orr_study_unref)
G_DEFINE_BOXED_TYPE (OrrStudyPlan, orr_study_plan, orr_study_plan_ref, orr_study_plan_free)

/* A study file is small; anything larger is not one. */
#define MAX_FILE_BYTES (16 << 20)
/* Runs one plan may ask for: a table of this many rows is already more
 * than a cluster does in a day with our models. */
#define MAX_RUNS 10000000u

static void
variable_clear (OrrStudyVariable *v)
{
  g_free (v->name);
  if (v->values != NULL)
    g_array_unref (v->values);
}

static void
metric_clear (OrrStudyMetric *m)
{
  g_free (m->name);
  g_free (m->signal);
  g_free (m->expr);
}

OrrStudy *
orr_study_new (void)
{
  OrrStudy *s = g_new0 (OrrStudy, 1);

  g_atomic_ref_count_init (&s->ref);

  s->variables = g_array_new (FALSE, TRUE, sizeof (OrrStudyVariable));
  g_array_set_clear_func (s->variables, (GDestroyNotify)variable_clear);
  s->metrics = g_array_new (FALSE, TRUE, sizeof (OrrStudyMetric));
  g_array_set_clear_func (s->metrics, (GDestroyNotify)metric_clear);
  s->seed = 1;
  s->final_time = NAN;
  s->dir = g_strdup (".");
  s->constraints = g_ptr_array_new_with_free_func (g_free);
  s->max_evaluations = 200;
  s->tolerance = 1e-6;
  return s;
}

OrrStudy *
orr_study_ref (OrrStudy *s)
{
  g_atomic_ref_count_inc (&s->ref);
  return s;
}

void
orr_study_unref (OrrStudy *s)
{
  orr_study_free (s);
}

void
orr_study_free (OrrStudy *s)
{
  if (s == NULL || !g_atomic_ref_count_dec (&s->ref))
    return;
  g_free (s->model);
  g_free (s->results);
  g_free (s->dir);
  g_free (s->path);
  g_array_unref (s->variables);
  g_array_unref (s->metrics);
  g_free (s->objective);
  g_ptr_array_unref (s->constraints);
  g_free (s);
}

/* ---- reading ---------------------------------------------------------- */

static gboolean G_GNUC_PRINTF (4, 5)
  fail (GError **error, OrrStudyError code, xmlNode *node, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  if (node != NULL && node->line > 0)
    g_set_error (error, ORR_STUDY_ERROR, code, "line %ld: %s", (long)xmlGetLineNo (node), text);
  else
    g_set_error_literal (error, ORR_STUDY_ERROR, code, text);
  return FALSE;
}

static char *
prop (xmlNode *node, const char *name)
{
  xmlChar *v = xmlGetNoNsProp (node, (const xmlChar *)name);
  char *copy = v != NULL ? g_strdup ((const char *)v) : NULL;

  xmlFree (v);
  return copy;
}

static gboolean
prop_double (xmlNode *node, const char *name, gboolean required, double *out, GError **error)
{
  g_autofree char *text = prop (node, name);
  char *end = NULL;

  if (text == NULL)
    return required ? fail (error, ORR_STUDY_ERROR_FILE, node, "<%s> needs the attribute %s",
                            (const char *)node->name, name)
                    : TRUE;
  *out = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*out))
    return fail (error, ORR_STUDY_ERROR_FILE, node, "%s=\"%s\" is not a finite number", name, text);
  return TRUE;
}

static gboolean
prop_uint (xmlNode *node, const char *name, guint64 max, guint64 *out, GError **error)
{
  g_autofree char *text = prop (node, name);

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL))
    return fail (error, ORR_STUDY_ERROR_FILE, node,
                 "%s=\"%s\" is not a whole number from 0 to %" G_GUINT64_FORMAT, name, text, max);
  return TRUE;
}

static gboolean
is_identifier (const char *name)
{
  if (name == NULL || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static const struct
{
  const char *name;
  OrrStudyValues kind;
  const char *a, *b; /* its two attributes */
} kinds[] = {
  { "list", ORR_STUDY_VALUES_LIST, NULL, NULL },
  { "range", ORR_STUDY_VALUES_RANGE, "from", "to" },
  { "uniform", ORR_STUDY_VALUES_UNIFORM, "min", "max" },
  { "normal", ORR_STUDY_VALUES_NORMAL, "mean", "sd" },
  { "log-uniform", ORR_STUDY_VALUES_LOG_UNIFORM, "min", "max" },
};

static gboolean
read_variable (OrrStudy *s, xmlNode *node, GError **error)
{
  OrrStudyVariable v = { .start = NAN };
  g_autofree char *kind = prop (node, "kind");
  gboolean ok = FALSE;
  guint k;

  v.name = prop (node, "name");
  if (!is_identifier (v.name))
    {
      fail (error, ORR_STUDY_ERROR_FILE, node, "<vary> needs a variable name, not \"%s\"",
            v.name ? v.name : "");
      goto out;
    }
  for (k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (g_strcmp0 (kind, kinds[k].name) == 0)
      break;
  if (k == G_N_ELEMENTS (kinds))
    {
      fail (error, ORR_STUDY_ERROR_FILE, node,
            "%s: kind=\"%s\" is not one of list, range, uniform, normal, log-uniform", v.name,
            kind ? kind : "");
      goto out;
    }
  v.kind = kinds[k].kind;
  if (v.kind == ORR_STUDY_VALUES_LIST)
    {
      g_autofree char *text = prop (node, "values");
      g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n,;", -1);

      v.values = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint i = 0; words[i] != NULL; i++)
        {
          char *end = NULL;
          double d;

          if (words[i][0] == '\0')
            continue;
          d = g_ascii_strtod (words[i], &end);
          if (end == words[i] || *end != '\0' || !isfinite (d))
            {
              fail (error, ORR_STUDY_ERROR_FILE, node,
                    "%s: \"%s\" in values is not a finite number", v.name, words[i]);
              goto out;
            }
          g_array_append_val (v.values, d);
        }
      if (v.values->len == 0)
        {
          fail (error, ORR_STUDY_ERROR_FILE, node, "%s: the list has no values", v.name);
          goto out;
        }
    }
  else
    {
      guint64 count = 0;
      g_autofree char *scale = prop (node, "scale");

      v.start = NAN;
      if (!prop_double (node, kinds[k].a, TRUE, &v.a, error)
          || !prop_double (node, kinds[k].b, TRUE, &v.b, error)
          || !prop_double (node, "start", FALSE, &v.start, error))
        goto out;
      if (v.kind == ORR_STUDY_VALUES_RANGE)
        {
          if (!prop_uint (node, "count", MAX_RUNS, &count, error))
            goto out;
          if (count < 1)
            {
              fail (error, ORR_STUDY_ERROR_FILE, node, "%s: a range needs count=\"N\", N >= 1",
                    v.name);
              goto out;
            }
          v.count = (guint)count;
          v.log = g_strcmp0 (scale, "log") == 0;
          if (scale != NULL && !v.log && g_strcmp0 (scale, "linear") != 0)
            {
              fail (error, ORR_STUDY_ERROR_FILE, node, "%s: scale=\"%s\" is neither linear nor log",
                    v.name, scale);
              goto out;
            }
        }
    }
  ok = TRUE;
  orr_study_add_variable (s, &v);
out:
  variable_clear (&v);
  return ok;
}

static gboolean
read_metric (OrrStudy *s, xmlNode *node, GError **error)
{
  g_autofree char *name = prop (node, "name");
  g_autofree char *signal = prop (node, "signal");
  g_autofree char *expr = prop (node, "expr");

  if (!is_identifier (name))
    return fail (error, ORR_STUDY_ERROR_FILE, node, "<metric> needs a name, not \"%s\"",
                 name ? name : "");
  if (expr == NULL || *expr == '\0')
    return fail (error, ORR_STUDY_ERROR_FILE, node, "metric %s needs an expression (expr)", name);
  orr_study_add_metric (s, name, signal, expr);
  return TRUE;
}

static const char *const optimizers[] = { NULL, "bobyqa", "cobyla", "nelder-mead" };

static gboolean
read_optimize (OrrStudy *s, xmlNode *node, GError **error)
{
  g_autofree char *algorithm = prop (node, "algorithm");
  g_autofree char *goal = prop (node, "goal");
  guint64 max = s->max_evaluations;
  guint k;

  for (k = 1; k < G_N_ELEMENTS (optimizers); k++)
    if (g_strcmp0 (algorithm, optimizers[k]) == 0)
      break;
  if (k == G_N_ELEMENTS (optimizers))
    return fail (error, ORR_STUDY_ERROR_FILE, node,
                 "algorithm=\"%s\" is not one of bobyqa, cobyla, nelder-mead",
                 algorithm ? algorithm : "");
  s->optimizer = k;
  s->objective = prop (node, "objective");
  if (s->objective == NULL || *s->objective == '\0')
    return fail (error, ORR_STUDY_ERROR_FILE, node,
                 "<optimize> needs an objective (an expression)");
  if (goal != NULL && strcmp (goal, "minimize") != 0 && strcmp (goal, "maximize") != 0)
    return fail (error, ORR_STUDY_ERROR_FILE, node, "goal=\"%s\" is neither minimize nor maximize",
                 goal);
  s->maximize = g_strcmp0 (goal, "maximize") == 0;
  if (!prop_uint (node, "max-evaluations", 1000000, &max, error)
      || !prop_double (node, "tolerance", FALSE, &s->tolerance, error))
    return FALSE;
  s->max_evaluations = (guint)max;
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    {
      g_autofree char *expr = NULL;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp ((const char *)c->name, "constraint") != 0)
        return fail (error, ORR_STUDY_ERROR_FILE, c, "<%s> has no place in <optimize> (constraint)",
                     (const char *)c->name);
      expr = prop (c, "expr");
      if (expr == NULL || *expr == '\0')
        return fail (error, ORR_STUDY_ERROR_FILE, c, "<constraint> needs an expression (expr)");
      g_ptr_array_add (s->constraints, g_steal_pointer (&expr));
    }
  return TRUE;
}

static gboolean
read_study (OrrStudy *s, xmlDoc *doc, GError **error)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  g_autofree char *version = NULL, *design = NULL, *signals = NULL;
  guint64 samples = 0, seed = 1;

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    return fail (error, ORR_STUDY_ERROR_FILE, NULL,
                 "a study file has no document type declaration");
  if (root == NULL || g_strcmp0 ((const char *)root->name, "study") != 0)
    return fail (error, ORR_STUDY_ERROR_FILE, root,
                 "this is not a study: the root element must be <study>");
  version = prop (root, "version");
  if (g_strcmp0 (version, "1") != 0)
    return fail (error, ORR_STUDY_ERROR_FILE, root,
                 "study version \"%s\" is not one this program reads (1)", version ? version : "");
  s->model = prop (root, "model");
  if (s->model == NULL || *s->model == '\0')
    return fail (error, ORR_STUDY_ERROR_FILE, root,
                 "<study> needs the model it runs (model=\"FILE.orr\")");
  s->results = prop (root, "results");
  design = prop (root, "design");
  if (design == NULL || strcmp (design, "grid") == 0)
    s->design = ORR_STUDY_DESIGN_GRID;
  else if (strcmp (design, "lhs") == 0)
    s->design = ORR_STUDY_DESIGN_LHS;
  else if (strcmp (design, "random") == 0)
    s->design = ORR_STUDY_DESIGN_RANDOM;
  else
    return fail (error, ORR_STUDY_ERROR_FILE, root, "design=\"%s\" is not one of grid, lhs, random",
                 design);
  if (!prop_uint (root, "samples", MAX_RUNS, &samples, error)
      || !prop_uint (root, "seed", G_MAXUINT64, &seed, error))
    return FALSE;
  s->samples = (guint)samples;
  s->seed = seed;
  signals = prop (root, "signals");
  s->keep_signals = g_strcmp0 (signals, "true") == 0;
  if (signals != NULL && !s->keep_signals && strcmp (signals, "false") != 0)
    return fail (error, ORR_STUDY_ERROR_FILE, root, "signals=\"%s\" is neither true nor false",
                 signals);
  s->final_time = NAN;
  if (!prop_double (root, "final-time", FALSE, &s->final_time, error))
    return FALSE;

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp ((const char *)node->name, "vary") == 0)
        {
          if (!read_variable (s, node, error))
            return FALSE;
        }
      else if (strcmp ((const char *)node->name, "metric") == 0)
        {
          if (!read_metric (s, node, error))
            return FALSE;
        }
      else if (strcmp ((const char *)node->name, "optimize") == 0
               && s->optimizer == ORR_STUDY_OPTIMIZER_NONE)
        {
          if (!read_optimize (s, node, error))
            return FALSE;
        }
      else
        return fail (error, ORR_STUDY_ERROR_FILE, node,
                     "<%s> has no place in a study (vary, metric, one optimize)",
                     (const char *)node->name);
    }
  return TRUE;
}

OrrStudy *
orr_study_load_from_data (const char *data, gssize length, const char *dir, GError **error)
{
  g_autoptr (OrrStudy) s = orr_study_new ();
  xmlDoc *doc;
  gboolean ok;

  if (length < 0)
    length = strlen (data);
  if (length > MAX_FILE_BYTES)
    {
      fail (error, ORR_STUDY_ERROR_FILE, NULL,
            "a study file of %" G_GSSIZE_FORMAT " bytes is too large to be one", length);
      return NULL;
    }
  /* no network, no entity expansion, no DTD loading */
  doc = xmlReadMemory (data, (int)length, NULL, "UTF-8",
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == NULL)
    {
      const xmlError *e = xmlGetLastError ();

      if (e != NULL && e->message != NULL)
        {
          g_autofree char *message = g_strchomp (g_strdup (e->message));
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_FILE, "line %d: %s", e->line,
                       message);
        }
      else
        fail (error, ORR_STUDY_ERROR_FILE, NULL, "not an XML document");
      return NULL;
    }
  ok = read_study (s, doc, error);
  xmlFreeDoc (doc);
  if (!ok)
    return NULL;
  g_free (s->dir);
  s->dir = g_strdup (dir != NULL ? dir : ".");
  return g_steal_pointer (&s);
}

OrrStudy *
orr_study_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *dir = NULL;
  g_autoptr (GError) local = NULL;
  GStatBuf st;
  gsize length;
  OrrStudy *s;

  /* only regular files: a FIFO would block, a device never end */
  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_FILE, "%s: %s", path,
                   g_stat (path, &st) != 0 ? g_strerror (errno) : "not a regular file");
      return NULL;
    }
  if (st.st_size > MAX_FILE_BYTES)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_FILE, "%s: too large to be a study file",
                   path);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local))
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_FILE, "%s", local->message);
      return NULL;
    }
  dir = g_path_get_dirname (path);
  s = orr_study_load_from_data (data, (gssize)length, dir, &local);
  if (s == NULL)
    {
      g_set_error (error, ORR_STUDY_ERROR, local->code, "%s: %s", path, local->message);
      return NULL;
    }
  s->path = g_strdup (path);
  return s;
}

/* ---- writing ---------------------------------------------------------- */

static void
attr (GString *out, const char *name, const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);

  g_string_append_printf (out, " %s=\"%s\"", name, escaped);
}

static void
attr_double (GString *out, const char *name, double value)
{
  g_autofree char *text = orr_format_double (value);

  attr (out, name, text);
}

char *
orr_study_to_data (OrrStudy *s, gsize *length)
{
  static const char *const designs[] = { "grid", "lhs", "random" };
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<study");

  attr (out, "version", "1");
  attr (out, "model", s->model ? s->model : "");
  attr (out, "design", designs[s->design]);
  if (s->design != ORR_STUDY_DESIGN_GRID)
    {
      g_autofree char *samples = g_strdup_printf ("%u", s->samples);
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, s->seed);

      attr (out, "samples", samples);
      attr (out, "seed", seed);
    }
  if (isfinite (s->final_time))
    attr_double (out, "final-time", s->final_time);
  if (s->keep_signals)
    attr (out, "signals", "true");
  if (s->results != NULL)
    attr (out, "results", s->results);
  g_string_append (out, ">\n");
  for (guint i = 0; i < s->variables->len; i++)
    {
      const OrrStudyVariable *v = &g_array_index (s->variables, OrrStudyVariable, i);
      guint k = 0;

      while (kinds[k].kind != v->kind)
        k++;
      g_string_append (out, "  <vary");
      attr (out, "name", v->name);
      attr (out, "kind", kinds[k].name);
      if (v->kind == ORR_STUDY_VALUES_LIST)
        {
          GString *list = g_string_new (NULL);

          for (guint j = 0; j < v->values->len; j++)
            {
              g_autofree char *d = orr_format_double (g_array_index (v->values, double, j));

              g_string_append_printf (list, "%s%s", j ? " " : "", d);
            }
          attr (out, "values", list->str);
          g_string_free (list, TRUE);
        }
      else
        {
          attr_double (out, kinds[k].a, v->a);
          attr_double (out, kinds[k].b, v->b);
          if (isfinite (v->start))
            attr_double (out, "start", v->start);
          if (v->kind == ORR_STUDY_VALUES_RANGE)
            {
              g_autofree char *count = g_strdup_printf ("%u", v->count);

              attr (out, "count", count);
              if (v->log)
                attr (out, "scale", "log");
            }
        }
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < s->metrics->len; i++)
    {
      const OrrStudyMetric *m = &g_array_index (s->metrics, OrrStudyMetric, i);

      g_string_append (out, "  <metric");
      attr (out, "name", m->name);
      if (m->signal != NULL)
        attr (out, "signal", m->signal);
      attr (out, "expr", m->expr);
      g_string_append (out, "/>\n");
    }
  if (s->optimizer != ORR_STUDY_OPTIMIZER_NONE)
    {
      g_autofree char *max = g_strdup_printf ("%u", s->max_evaluations);

      g_string_append (out, "  <optimize");
      attr (out, "algorithm", optimizers[s->optimizer]);
      attr (out, "objective", s->objective);
      attr (out, "goal", s->maximize ? "maximize" : "minimize");
      attr (out, "max-evaluations", max);
      attr_double (out, "tolerance", s->tolerance);
      if (s->constraints->len == 0)
        g_string_append (out, "/>\n");
      else
        {
          g_string_append (out, ">\n");
          for (guint i = 0; i < s->constraints->len; i++)
            {
              g_string_append (out, "    <constraint");
              attr (out, "expr", g_ptr_array_index (s->constraints, i));
              g_string_append (out, "/>\n");
            }
          g_string_append (out, "  </optimize>\n");
        }
    }
  g_string_append (out, "</study>\n");
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

gboolean
orr_study_save (OrrStudy *s, const char *path, GError **error)
{
  gsize length;
  g_autofree char *data = orr_study_to_data (s, &length);

  return g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
}

/* ---- accessors -------------------------------------------------------- */

const char *
orr_study_get_model (OrrStudy *s)
{
  return s->model;
}

char *
orr_study_dup_model_path (OrrStudy *s)
{
  if (s->model == NULL)
    return NULL;
  if (g_path_is_absolute (s->model))
    return g_strdup (s->model);
  return g_build_filename (s->dir, s->model, NULL);
}

void
orr_study_set_model (OrrStudy *s, const char *model)
{
  g_free (s->model);
  s->model = g_strdup (model);
}

char *
orr_study_dup_results_dir (OrrStudy *s)
{
  g_autofree char *base = NULL;
  char *dot;

  if (s->results != NULL)
    return g_path_is_absolute (s->results) ? g_strdup (s->results)
                                           : g_build_filename (s->dir, s->results, NULL);
  if (s->path == NULL)
    return g_build_filename (s->dir, "study.results", NULL);
  base = g_path_get_basename (s->path);
  if ((dot = strrchr (base, '.')) != NULL && dot != base)
    *dot = '\0';
  {
    g_autofree char *name = g_strconcat (base, ".results", NULL);
    return g_build_filename (s->dir, name, NULL);
  }
}

void
orr_study_set_results (OrrStudy *s, const char *dir)
{
  g_free (s->results);
  s->results = g_strdup (dir);
}

OrrStudyDesign
orr_study_get_design (OrrStudy *s)
{
  return s->design;
}

void
orr_study_set_design (OrrStudy *s, OrrStudyDesign design, guint samples, guint64 seed)
{
  s->design = design;
  s->samples = samples;
  s->seed = seed;
}

guint
orr_study_get_samples (OrrStudy *s)
{
  return s->samples;
}

guint64
orr_study_get_seed (OrrStudy *s)
{
  return s->seed;
}

gboolean
orr_study_get_trust_native_code (OrrStudy *s)
{
  return s->trust_native_code;
}

void
orr_study_set_trust_native_code (OrrStudy *s, gboolean trust)
{
  s->trust_native_code = trust;
}

gboolean
orr_study_get_keep_signals (OrrStudy *s)
{
  return s->keep_signals;
}

void
orr_study_set_keep_signals (OrrStudy *s, gboolean keep)
{
  s->keep_signals = keep;
}

double
orr_study_get_final_time (OrrStudy *s)
{
  return s->final_time;
}

void
orr_study_set_final_time (OrrStudy *s, double final_time)
{
  s->final_time = final_time;
}

guint
orr_study_get_n_variables (OrrStudy *s)
{
  return s->variables->len;
}

const OrrStudyVariable *
orr_study_get_variable (OrrStudy *s, guint i)
{
  g_return_val_if_fail (i < s->variables->len, NULL);
  return &g_array_index (s->variables, OrrStudyVariable, i);
}

void
orr_study_add_variable (OrrStudy *s, const OrrStudyVariable *v)
{
  OrrStudyVariable copy = *v;

  copy.name = g_strdup (v->name);
  if (v->values != NULL)
    {
      copy.values = g_array_sized_new (FALSE, FALSE, sizeof (double), v->values->len);
      g_array_append_vals (copy.values, v->values->data, v->values->len);
    }
  g_array_append_val (s->variables, copy);
}

guint
orr_study_get_n_metrics (OrrStudy *s)
{
  return s->metrics->len;
}

const OrrStudyMetric *
orr_study_get_metric (OrrStudy *s, guint i)
{
  g_return_val_if_fail (i < s->metrics->len, NULL);
  return &g_array_index (s->metrics, OrrStudyMetric, i);
}

void
orr_study_add_metric (OrrStudy *s, const char *name, const char *signal, const char *expr)
{
  OrrStudyMetric m = { g_strdup (name), g_strdup (signal), g_strdup (expr) };

  g_array_append_val (s->metrics, m);
}

/* ---- the plan --------------------------------------------------------- */

struct _OrrStudyPlan
{
  gatomicrefcount ref;
  guint n_runs, n_vars;
  char **names;
  double *values; /* n_runs x n_vars, row after row */
};

/* xoshiro256**, seeded through splitmix64 (both public-domain designs by
 * Blackman and Vigna), written out here so that plans do not depend on
 * the C library's generator. */
typedef struct
{
  guint64 s[4];
} Rng;

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void
rng_init (Rng *r, guint64 seed)
{
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64 (&seed);
}

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static guint64
rng_next (Rng *r)
{
  guint64 result = rotl (r->s[1] * 5, 7) * 9, t = r->s[1] << 17;

  r->s[2] ^= r->s[0];
  r->s[3] ^= r->s[1];
  r->s[1] ^= r->s[2];
  r->s[0] ^= r->s[3];
  r->s[2] ^= t;
  r->s[3] = rotl (r->s[3], 45);
  return result;
}

/* Uniform on the open interval (0, 1): never 0 (log) nor 1 (the normal's
 * inverse). */
static double
rng_uniform (Rng *r)
{
  return ((double)(rng_next (r) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

static guint
rng_below (Rng *r, guint n)
{
  return (guint)(rng_uniform (r) * n);
}

/* The standard normal's quantile: a rational first guess (Acklam's
 * coefficients), polished by one Halley step on erfc, good to about 1e-15. */
static double
normal_quantile (double p)
{
  static const double a[]
    = { -3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
        1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00 };
  static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                              6.680131188771972e+01, -1.328068155288572e+01 };
  static const double c[]
    = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00 };
  static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                              3.754408661907416e+00 };
  double q, x, e, u;

  if (p < 0.02425)
    {
      q = sqrt (-2 * log (p));
      x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
  else if (p > 1 - 0.02425)
    {
      q = sqrt (-2 * log (1 - p));
      x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
  else
    {
      double r;

      q = p - 0.5;
      r = q * q;
      x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
          / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
  e = 0.5 * erfc (-x / G_SQRT2) - p;
  u = e * sqrt (2 * G_PI) * exp (x * x / 2);
  return x - u / (1 + x * u / 2);
}

/* The variable's value at quantile u in (0, 1). */
static double
quantile (const OrrStudyVariable *v, double u)
{
  switch (v->kind)
    {
      case ORR_STUDY_VALUES_LIST:
        return g_array_index (v->values, double,
                              MIN ((guint)(u * v->values->len), v->values->len - 1));
      case ORR_STUDY_VALUES_RANGE:
      case ORR_STUDY_VALUES_UNIFORM:
        return v->a + (v->b - v->a) * u;
      case ORR_STUDY_VALUES_NORMAL:
        return v->a + v->b * normal_quantile (u);
      case ORR_STUDY_VALUES_LOG_UNIFORM:
        return exp (log (v->a) + (log (v->b) - log (v->a)) * u);
    }
  g_return_val_if_reached (NAN);
}

static guint
n_grid_values (const OrrStudyVariable *v)
{
  return v->kind == ORR_STUDY_VALUES_LIST ? v->values->len : v->count;
}

static double
grid_value (const OrrStudyVariable *v, guint k)
{
  if (v->kind == ORR_STUDY_VALUES_LIST)
    return g_array_index (v->values, double, k);
  if (v->count == 1)
    return v->a;
  if (k == v->count - 1)
    return v->b; /* the ends are exact */
  if (v->log)
    return exp (log (v->a) + (log (v->b) - log (v->a)) * k / (v->count - 1));
  return v->a + (v->b - v->a) * ((double)k / (v->count - 1));
}

static gboolean
check_variable (const OrrStudyVariable *v, OrrStudyDesign design, GError **error)
{
  if (design == ORR_STUDY_DESIGN_GRID && v->kind != ORR_STUDY_VALUES_LIST
      && v->kind != ORR_STUDY_VALUES_RANGE)
    return fail (error, ORR_STUDY_ERROR_INVALID, NULL,
                 "%s: a grid takes lists and ranges; a distribution needs design lhs or random",
                 v->name);
  if ((v->kind == ORR_STUDY_VALUES_LOG_UNIFORM || (v->kind == ORR_STUDY_VALUES_RANGE && v->log))
      && !(v->a > 0 && v->b > 0))
    return fail (error, ORR_STUDY_ERROR_INVALID, NULL,
                 "%s: a logarithmic scale needs bounds above 0", v->name);
  if (v->kind == ORR_STUDY_VALUES_NORMAL && !(v->b >= 0))
    return fail (error, ORR_STUDY_ERROR_INVALID, NULL,
                 "%s: a standard deviation cannot be negative", v->name);
  if ((v->kind == ORR_STUDY_VALUES_UNIFORM || v->kind == ORR_STUDY_VALUES_LOG_UNIFORM)
      && v->a > v->b)
    return fail (error, ORR_STUDY_ERROR_INVALID, NULL, "%s: min is above max", v->name);
  return TRUE;
}

OrrStudyPlan *
orr_study_make_plan (OrrStudy *s, GError **error)
{
  OrrStudyPlan *plan;
  guint64 n_runs = 1;
  guint n_vars = s->variables->len;
  Rng rng;

  for (guint j = 0; j < n_vars; j++)
    {
      const OrrStudyVariable *v = &g_array_index (s->variables, OrrStudyVariable, j);

      if (!check_variable (v, s->design, error))
        return NULL;
      for (guint k = 0; k < j; k++)
        if (strcmp (v->name, g_array_index (s->variables, OrrStudyVariable, k).name) == 0)
          {
            fail (error, ORR_STUDY_ERROR_INVALID, NULL, "%s is varied twice", v->name);
            return NULL;
          }
      if (s->design == ORR_STUDY_DESIGN_GRID)
        {
          n_runs *= n_grid_values (v);
          if (n_runs > MAX_RUNS)
            break;
        }
    }
  if (s->design != ORR_STUDY_DESIGN_GRID)
    {
      if (s->samples == 0)
        {
          fail (error, ORR_STUDY_ERROR_INVALID, NULL,
                "design lhs or random needs samples=\"N\", N >= 1");
          return NULL;
        }
      n_runs = s->samples;
    }
  if (n_runs > MAX_RUNS)
    {
      fail (error, ORR_STUDY_ERROR_INVALID, NULL, "the plan has more than %u runs", MAX_RUNS);
      return NULL;
    }

  plan = g_new0 (OrrStudyPlan, 1);
  g_atomic_ref_count_init (&plan->ref);
  plan->n_runs = (guint)n_runs;
  plan->n_vars = n_vars;
  plan->names = g_new0 (char *, n_vars + 1);
  for (guint j = 0; j < n_vars; j++)
    plan->names[j] = g_strdup (g_array_index (s->variables, OrrStudyVariable, j).name);
  plan->values = g_new0 (double, MAX (n_runs * n_vars, 1));
  rng_init (&rng, s->seed);

  switch (s->design)
    {
      case ORR_STUDY_DESIGN_GRID:
        /* the first variable changes slowest, as in nested loops */
        for (guint i = 0; i < plan->n_runs; i++)
          {
            guint rest = i;

            for (guint j = n_vars; j-- > 0;)
              {
                const OrrStudyVariable *v = &g_array_index (s->variables, OrrStudyVariable, j);
                guint n = n_grid_values (v);

                plan->values[i * n_vars + j] = grid_value (v, rest % n);
                rest /= n;
              }
          }
        break;
      case ORR_STUDY_DESIGN_RANDOM:
        for (guint i = 0; i < plan->n_runs; i++)
          for (guint j = 0; j < n_vars; j++)
            plan->values[i * n_vars + j]
              = quantile (&g_array_index (s->variables, OrrStudyVariable, j), rng_uniform (&rng));
        break;
      case ORR_STUDY_DESIGN_LHS:
        {
          g_autofree guint *perm = g_new (guint, plan->n_runs);

          /* each variable: one sample in each of n equal-probability strata,
           * the strata shuffled (Fisher-Yates) */
          for (guint j = 0; j < n_vars; j++)
            {
              const OrrStudyVariable *v = &g_array_index (s->variables, OrrStudyVariable, j);

              for (guint i = 0; i < plan->n_runs; i++)
                perm[i] = i;
              for (guint i = plan->n_runs; i > 1; i--)
                {
                  guint k = rng_below (&rng, i), swap = perm[i - 1];

                  perm[i - 1] = perm[k];
                  perm[k] = swap;
                }
              for (guint i = 0; i < plan->n_runs; i++)
                plan->values[i * n_vars + j]
                  = quantile (v, (perm[i] + rng_uniform (&rng)) / plan->n_runs);
            }
        }
        break;
    }
  return plan;
}

OrrStudyPlan *
orr_study_plan_ref (OrrStudyPlan *plan)
{
  g_atomic_ref_count_inc (&plan->ref);
  return plan;
}

void
orr_study_plan_free (OrrStudyPlan *plan)
{
  if (plan == NULL || !g_atomic_ref_count_dec (&plan->ref))
    return;
  g_strfreev (plan->names);
  g_free (plan->values);
  g_free (plan);
}

guint
orr_study_plan_get_n_runs (OrrStudyPlan *plan)
{
  return plan->n_runs;
}

guint
orr_study_plan_get_n_variables (OrrStudyPlan *plan)
{
  return plan->n_vars;
}

const char *
orr_study_plan_get_name (OrrStudyPlan *plan, guint variable)
{
  g_return_val_if_fail (variable < plan->n_vars, NULL);
  return plan->names[variable];
}

double
orr_study_plan_get_value (OrrStudyPlan *plan, guint run, guint variable)
{
  g_return_val_if_fail (run < plan->n_runs && variable < plan->n_vars, NAN);
  return plan->values[run * plan->n_vars + variable];
}

const char *const *
orr_study_plan_get_names (OrrStudyPlan *plan)
{
  return (const char *const *)plan->names;
}

OrrStudyOptimizer
orr_study_get_optimizer (OrrStudy *s)
{
  return s->optimizer;
}

const char *
orr_study_get_objective (OrrStudy *s)
{
  return s->objective;
}

void
orr_study_set_optimization (OrrStudy *s, OrrStudyOptimizer optimizer, const char *objective,
                            gboolean maximize, guint max_evaluations, double tolerance)
{
  s->optimizer = optimizer;
  g_free (s->objective);
  s->objective = g_strdup (objective);
  s->maximize = maximize;
  s->max_evaluations = max_evaluations;
  s->tolerance = tolerance;
}

void
orr_study_add_constraint (OrrStudy *s, const char *expr)
{
  g_ptr_array_add (s->constraints, g_strdup (expr));
}
