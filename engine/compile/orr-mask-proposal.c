/* orr-mask-proposal.c: the names an auto-mask offers for a super block:
 * what the blocks inside read from outside. Works on the text only (free
 * variables of contexts and parameters), never evaluates, so it answers
 * for a model whose contexts do not run yet. */
#include <orrery/orr-evaluate.h>

typedef struct
{
  OrrRegistry *registry; /* may be NULL: every parameter is an expression */
  GHashTable *used;      /* name -> itself: what the blocks of one scope read */
} Collect;

static gboolean
is_text_param (OrrRegistry *registry, OrrBlock *block, const char *name)
{
  const OrrBlockClass *klass = registry ? orr_registry_lookup (registry, block->type) : NULL;

  for (int i = 0; klass != NULL && i < klass->n_params; i++)
    if (g_strcmp0 (klass->params[i].name, name) == 0)
      return klass->params[i].kind == ORR_PARAM_TEXT;
  return FALSE;
}

/* A text that does not parse reads nothing we could know of: evaluation
 * will report it, and proposing a guess would be worse. */
static void
add_free_variables (GHashTable *used, const char *text)
{
  g_auto (GStrv) names = orr_expr_free_variables (text != NULL ? text : "", NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (!orr_expr_is_builtin (names[i]))
      g_hash_table_add (used, g_strdup (names[i]));
}

static void diagram_free_names (OrrRegistry *registry, OrrDiagram *diagram, GHashTable *out);

static void
collect_block (OrrRegistry *registry, OrrBlock *block, GHashTable *used)
{
  if (block->child != NULL && block->mask != NULL)
    {
      /* Its mask parameters are evaluated out here; inside, it has a fresh
       * scope of its own that needs nothing from us. */
      for (guint i = 0; i < block->mask->params->len; i++)
        {
          OrrMaskParam *p = g_ptr_array_index (block->mask->params, i);
          const char *expr = orr_block_get_param (block, p->name);

          add_free_variables (used, expr != NULL ? expr : p->default_expr);
        }
      return;
    }
  if (block->child != NULL)
    {
      diagram_free_names (registry, block->child, used);
      return;
    }
  if (orr_block_is_annotation (block))
    return; /* its text is not an expression */
  for (guint i = 0; i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);

      if (!is_text_param (registry, block, p->name))
        add_free_variables (used, p->expr);
    }
}

/* What diagram's context and blocks read from the scope around it. The
 * blocks run after the context, so a name they read is free unless the
 * context assigns it on every path: exactly what the free variables of the
 * context followed by one statement reading each name tell. */
static void
diagram_free_names (OrrRegistry *registry, OrrDiagram *diagram, GHashTable *out)
{
  g_autoptr (GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) script = g_string_new (diagram->context);
  g_auto (GStrv) free_names = NULL;
  GHashTableIter iter;
  gpointer name;

  for (guint i = 0; i < diagram->blocks->len; i++)
    collect_block (registry, g_ptr_array_index (diagram->blocks, i), used);

  g_hash_table_iter_init (&iter, used);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_string_append_printf (script, "\n%s;", (const char *)name);

  free_names = orr_expr_free_variables (script->str, NULL);
  if (free_names == NULL)
    {
      /* The context does not parse: it defines nothing we can tell, so
       * everything the blocks read is needed from outside. */
      g_hash_table_iter_init (&iter, used);
      while (g_hash_table_iter_next (&iter, &name, NULL))
        g_hash_table_add (out, g_strdup (name));
      return;
    }
  for (guint i = 0; free_names[i] != NULL; i++)
    if (!orr_expr_is_builtin (free_names[i]))
      g_hash_table_add (out, g_strdup (free_names[i]));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

char **
orr_mask_propose_params (OrrModel *model, OrrBlock *super, OrrRegistry *registry)
{
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *sorted;
  GHashTableIter iter;
  gpointer name;

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (super != NULL && super->child != NULL, NULL);

  /* super's own mask, if it has one, is ignored: the proposal is what a
   * mask must provide, whatever it provides now. */
  diagram_free_names (registry, super->child, names);

  sorted = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_ptr_array_add (sorted, g_strdup (name));
  g_ptr_array_sort (sorted, compare_names);
  g_ptr_array_add (sorted, NULL);
  return (char **)g_ptr_array_free (sorted, FALSE);
}
