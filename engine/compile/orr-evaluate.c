/* orr-evaluate.c: contexts and parameters, evaluated in nested scopes.
 * See orr-evaluate.h for the scoping rules. */
#include <orrery/orr-evaluate.h>
#include "orr-compile-private.h"

#include <orrery/orr-analysis.h>

#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_evaluate_error_quark (void)
{
  return g_quark_from_static_string ("orr-evaluate-error-quark");
}

/* Past this many, listing more problems in one message helps nobody. */
#define MAX_PROBLEMS_IN_MESSAGE 20

typedef struct
{
  const char *name; /* in names */
  OrrValue *value;  /* owned */
  guint next;       /* index + 1 of the block's previous entry, 0: none */
} ParamEntry;

struct _OrrEvaluation
{
  OrrRegistry *registry; /* may be NULL: every parameter is an expression */
  GPtrArray *problems;   /* of OrrProblem* */
  GHashTable *scopes;    /* OrrDiagram* -> OrrScope* */
  /* Every block's parameters in one array, each block's chained from the
   * newest: a hash table per block cost more than the rest of the
   * evaluation. */
  GArray *params;          /* of ParamEntry */
  GHashTable *first_param; /* OrrBlock* -> index + 1 of its newest ParamEntry */
  GStringChunk *names;     /* parameter names, once each */
  guint n_params;
  OrrExprCache *exprs; /* block parameters parsed once per distinct text */
  gboolean own_exprs;  /* FALSE: the caller's, kept across evaluations */
};

OrrProblem *
orr_problem_new (const char *const *block_ids, char *where, char *message)
{
  OrrProblem *problem = g_new0 (OrrProblem, 1);
  problem->block_ids = g_strdupv ((char **)block_ids);
  if (problem->block_ids == NULL)
    problem->block_ids = g_new0 (char *, 1);
  problem->block_id = g_strdup (problem->block_ids[0]);
  problem->where = where;
  problem->message = message;
  return problem;
}

OrrProblem *
orr_problem_copy (const OrrProblem *p)
{
  OrrProblem *copy = orr_problem_new ((const char *const *)p->block_ids, g_strdup (p->where),
                                      g_strdup (p->message));
  copy->warning = p->warning;
  return copy;
}

void
orr_problem_free (OrrProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->block_id);
  g_strfreev (problem->block_ids);
  g_free (problem->where);
  g_free (problem->message);
  g_free (problem);
}

static void
add_problem (OrrEvaluation *self, OrrBlock *block, char *where, const GError *error)
{
  const char *ids[] = { block ? block->id : NULL, NULL };
  g_ptr_array_add (self->problems, orr_problem_new (ids, where, g_strdup (error->message)));
}

static gboolean
text_is_blank (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

/* "context of Plant, model context": where a name used in diagram was
 * looked for, innermost first, following SEMANTICS.md section 8. Blank
 * contexts define nothing and are left out. */
static char *
describe_scopes (OrrDiagram *diagram)
{
  GString *text = g_string_new (NULL);

  for (OrrDiagram *d = diagram; d != NULL; d = d->owner ? d->owner->parent : NULL)
    {
      g_autofree char *path = NULL;

      if (text->len > 0)
        g_string_append (text, ", ");
      if (d->owner == NULL)
        {
          g_string_append (text, "model context");
          break;
        }
      path = orr_block_get_path (d->owner);
      if (d->owner->mask != NULL)
        {
          /* a mask is a wall: nothing outside it is seen */
          g_string_append_printf (text, "%s of %s",
                                  text_is_blank (d->context) ? "mask" : "mask and context", path);
          break;
        }
      if (!text_is_blank (d->context))
        g_string_append_printf (text, "context of %s", path);
      else if (text->len > 0)
        g_string_truncate (text, text->len - 2);
    }
  return g_string_free (text, FALSE);
}

/* Like add_problem, for an expression evaluated in the scope of diagram:
 * a name that is not defined anywhere it was looked for is said so, with
 * the scopes searched, before the parser's message (which shows where in
 * the text it is). */
static void
add_scoped_problem (OrrEvaluation *self, OrrBlock *block, char *where, const char *expr,
                    OrrScope *scope, OrrDiagram *diagram, const GError *error)
{
  const char *ids[] = { block ? block->id : NULL, NULL };
  g_auto (GStrv) names = NULL;
  g_autoptr (GString) missing = NULL;
  g_autofree char *scopes = NULL;

  if (!g_error_matches (error, ORR_EXPR_ERROR, ORR_EXPR_ERROR_UNDEFINED)
      || (names = orr_expr_free_variables (expr, NULL)) == NULL)
    {
      add_problem (self, block, where, error);
      return;
    }
  missing = g_string_new (NULL);
  for (guint i = 0; names[i] != NULL; i++)
    if (orr_scope_lookup (scope, names[i]) == NULL)
      g_string_append_printf (missing, "%s'%s'", missing->len > 0 ? ", " : "", names[i]);
  if (missing->len == 0)
    {
      add_problem (self, block, where, error);
      return;
    }
  scopes = describe_scopes (diagram);
  g_ptr_array_add (
    self->problems,
    orr_problem_new (ids, where,
                     g_strdup_printf ("%s %s not defined (looked in: %s)\n%s", missing->str,
                                      strchr (missing->str, ',') ? "are" : "is", scopes,
                                      error->message)));
}

/* Takes value. A name stored twice for a block reads as the newer value. */
static void
store_param (OrrEvaluation *self, OrrBlock *block, const char *name, OrrValue *value)
{
  ParamEntry entry = { g_string_chunk_insert_const (self->names, name), value,
                       GPOINTER_TO_UINT (g_hash_table_lookup (self->first_param, block)) };

  g_array_append_val (self->params, entry);
  g_hash_table_insert (self->first_param, block, GUINT_TO_POINTER (self->params->len));
  self->n_params++;
}

static void evaluate_diagram (OrrEvaluation *self, OrrDiagram *diagram, OrrScope *scope);

static gboolean
is_text_param (OrrEvaluation *self, OrrBlock *block, const char *name)
{
  const OrrBlockClass *klass
    = self->registry ? orr_registry_lookup (self->registry, block->type) : NULL;
  for (int i = 0; klass != NULL && i < klass->n_params; i++)
    if (g_strcmp0 (klass->params[i].name, name) == 0)
      return klass->params[i].kind == ORR_PARAM_TEXT;
  return FALSE;
}

/* A masked super block's scope: its mask parameters, evaluated where the
 * block stands. NULL if one of them failed. */
static OrrScope *
mask_scope (OrrEvaluation *self, OrrBlock *block, OrrScope *outer)
{
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  gboolean ok = TRUE;

  for (guint i = 0; i < block->mask->params->len; i++)
    {
      OrrMaskParam *p = g_ptr_array_index (block->mask->params, i);
      const char *expr = orr_block_get_param (block, p->name);
      g_autoptr (GError) error = NULL;
      OrrValue *value;

      if (expr == NULL)
        expr = p->default_expr;
      value = orr_expr_evaluate (expr, outer, &error);
      if (value == NULL)
        {
          g_autofree char *path = orr_block_get_path (block);
          add_scoped_problem (self, block,
                              g_strdup_printf ("%s, mask parameter '%s'", path, p->name), expr,
                              outer, block->parent, error);
          ok = FALSE;
          continue;
        }
      orr_scope_set (scope, p->name, value);
      store_param (self, block, p->name, value);
    }
  return ok ? g_steal_pointer (&scope) : NULL;
}

static void
evaluate_super_block (OrrEvaluation *self, OrrBlock *block, OrrScope *outer)
{
  g_autoptr (OrrScope) scope = NULL;
  g_autoptr (GError) error = NULL;

  if (block->mask != NULL)
    scope = mask_scope (self, block, outer);
  else
    scope = orr_scope_new (outer);
  if (scope == NULL)
    return;

  if (!orr_script_run (block->child->context, scope, &error))
    {
      g_autofree char *path = orr_block_get_path (block);
      /* The blocks inside would fail with names the context should have
       * defined: report the cause only. */
      add_scoped_problem (self, block, g_strdup_printf ("%s (context)", path),
                          block->child->context, scope, block->child, error);
      return;
    }
  evaluate_diagram (self, block->child, scope);
}

static void
evaluate_diagram (OrrEvaluation *self, OrrDiagram *diagram, OrrScope *scope)
{
  g_hash_table_insert (self->scopes, diagram, orr_scope_ref (scope));

  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (diagram->blocks, i);

      if (orr_block_is_annotation (block))
        continue; /* its text is not an expression */
      if (block->child != NULL)
        {
          evaluate_super_block (self, block, scope);
          if (block->mask != NULL)
            continue; /* its parameters are the mask's */
        }
      for (guint j = 0; j < block->params->len; j++)
        {
          OrrParam *p = g_ptr_array_index (block->params, j);
          g_autoptr (GError) error = NULL;
          OrrValue *value;

          if (is_text_param (self, block, p->name))
            {
              store_param (self, block, p->name, orr_value_new_string (p->expr));
              continue;
            }
          value = orr_expr_cache_evaluate (self->exprs, p->expr, scope, &error);

          if (value == NULL)
            {
              g_autofree char *path = orr_block_get_path (block);
              add_scoped_problem (self, block,
                                  g_strdup_printf ("%s, parameter '%s'", path, p->name), p->expr,
                                  scope, diagram, error);
              continue;
            }
          store_param (self, block, p->name, value);
        }
    }
}

OrrEvaluation *
orr_evaluate_model (OrrModel *model, OrrScope *overrides)
{
  return orr_evaluate_model_with_registry (model, overrides, NULL);
}

OrrEvaluation *
orr_evaluate_model_with_registry (OrrModel *model, OrrScope *overrides, OrrRegistry *registry)
{
  return orr_evaluate_model_cached (model, overrides, registry, NULL);
}

OrrEvaluation *
orr_evaluate_model_cached (OrrModel *model, OrrScope *overrides, OrrRegistry *registry,
                           OrrExprCache *exprs)
{
  OrrEvaluation *self = g_new0 (OrrEvaluation, 1);
  g_autoptr (OrrScope) root = orr_scope_new (NULL);
  g_autoptr (GError) error = NULL;

  self->registry = registry;
  self->own_exprs = exprs == NULL;
  self->exprs = exprs != NULL ? exprs : orr_expr_cache_new ();
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  self->scopes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)orr_scope_unref);
  self->params = g_array_new (FALSE, FALSE, sizeof (ParamEntry));
  self->first_param = g_hash_table_new (NULL, NULL);
  self->names = g_string_chunk_new (256);

  if (overrides != NULL)
    {
      g_auto (GStrv) names = orr_scope_list_local (overrides);
      for (guint i = 0; names[i] != NULL; i++)
        orr_scope_pin (root, names[i], orr_scope_lookup (overrides, names[i]));
    }
  /* linearize() and equilibrium() in the context need the model itself */
  if (registry != NULL)
    orr_scope_set_call_func (root, orr_analysis_context_call,
                             orr_analysis_model_ref_new (model, registry),
                             orr_analysis_model_ref_free);

  if (!orr_script_run (orr_model_get_context (model), root, &error))
    {
      add_problem (self, NULL, g_strdup ("model context"), error);
      return self;
    }
  evaluate_diagram (self, orr_model_get_root (model), root);
  return self;
}

void
orr_evaluation_free (OrrEvaluation *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->problems);
  g_hash_table_unref (self->scopes);
  for (guint i = 0; i < self->params->len; i++)
    orr_value_unref (g_array_index (self->params, ParamEntry, i).value);
  g_array_unref (self->params);
  g_hash_table_unref (self->first_param);
  g_string_chunk_free (self->names);
  if (self->own_exprs)
    orr_expr_cache_free (self->exprs);
  g_free (self);
}

OrrExprCache *
orr_evaluation_get_expr_cache (OrrEvaluation *self)
{
  return self->exprs;
}

guint
orr_evaluation_get_n_problems (OrrEvaluation *self)
{
  return self->problems->len;
}

const OrrProblem *
orr_evaluation_get_problem (OrrEvaluation *self, guint index)
{
  g_return_val_if_fail (index < self->problems->len, NULL);
  return g_ptr_array_index (self->problems, index);
}

gboolean
orr_evaluation_check (OrrEvaluation *self, GError **error)
{
  GString *text;

  if (self->problems->len == 0)
    return TRUE;

  text = g_string_new (NULL);
  for (guint i = 0; i < self->problems->len && i < MAX_PROBLEMS_IN_MESSAGE; i++)
    {
      OrrProblem *p = g_ptr_array_index (self->problems, i);
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s: %s", p->where, p->message);
    }
  if (self->problems->len > MAX_PROBLEMS_IN_MESSAGE)
    g_string_append_printf (text, "\n... and %u more problems",
                            self->problems->len - MAX_PROBLEMS_IN_MESSAGE);
  g_set_error_literal (error, ORR_EVALUATE_ERROR, ORR_EVALUATE_ERROR_FAILED, text->str);
  g_string_free (text, TRUE);
  return FALSE;
}

OrrScope *
orr_evaluation_get_scope (OrrEvaluation *self, OrrDiagram *diagram)
{
  return g_hash_table_lookup (self->scopes, diagram);
}

OrrValue *
orr_evaluation_get_param (OrrEvaluation *self, OrrBlock *block, const char *name)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (self->first_param, block));

  while (i > 0)
    {
      ParamEntry *entry = &g_array_index (self->params, ParamEntry, i - 1);
      if (strcmp (entry->name, name) == 0)
        return entry->value;
      i = entry->next;
    }
  return NULL;
}

guint
orr_evaluation_get_n_params (OrrEvaluation *self)
{
  return self->n_params;
}
