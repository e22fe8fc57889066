/* orr-scope.c - nested name -> value tables for model, super block and
 * mask contexts.  Reads fall through to the parent; writes stay local.
 * The base's values live among the names under a prefix no identifier can
 * have, so scripts never see them and copying a scope carries them.
 */
#include "orr-scope-private.h"

#include <stdlib.h>
#include <string.h>

/* ':' is no identifier character: "base:p" cannot be written in a script. */
#define BASE_PREFIX "base:"

struct _OrrScope
{
  gint ref_count;
  OrrScope *parent;
  GHashTable *vars;           /* name -> OrrValue */
  GHashTable *pinned;         /* set of names */
  guint64 statement_limit;    /* 0: inherited */
  OrrScopeCallFunc call_func; /* NULL: inherited */
  gpointer call_data;
  GDestroyNotify call_destroy;
};

OrrScope *
orr_scope_new (OrrScope *parent)
{
  OrrScope *s = g_new0 (OrrScope, 1);

  s->ref_count = 1;
  s->parent = parent ? orr_scope_ref (parent) : NULL;
  s->vars
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)orr_value_unref);
  s->pinned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return s;
}

OrrScope *
orr_scope_ref (OrrScope *s)
{
  g_return_val_if_fail (s != NULL, NULL);
  g_atomic_int_inc (&s->ref_count);
  return s;
}

void
orr_scope_unref (OrrScope *s)
{
  /* parents are released iteratively so a long chain cannot overflow */
  while (s != NULL && g_atomic_int_dec_and_test (&s->ref_count))
    {
      OrrScope *parent = s->parent;

      g_hash_table_unref (s->vars);
      g_hash_table_unref (s->pinned);
      if (s->call_destroy != NULL)
        s->call_destroy (s->call_data);
      g_free (s);
      s = parent;
    }
}

OrrScope *
orr_scope_get_parent (OrrScope *s)
{
  g_return_val_if_fail (s != NULL, NULL);
  return s->parent;
}

void
orr_scope_set (OrrScope *s, const char *name, OrrValue *v)
{
  g_return_if_fail (s != NULL && name != NULL && v != NULL);
  orr_value_ref (v);
  g_hash_table_replace (s->vars, g_strdup (name), v);
}

gboolean
orr_scope_remove (OrrScope *s, const char *name)
{
  g_return_val_if_fail (s != NULL && name != NULL, FALSE);
  g_hash_table_remove (s->pinned, name);
  return g_hash_table_remove (s->vars, name);
}

OrrValue *
orr_scope_lookup_local (OrrScope *s, const char *name)
{
  return g_hash_table_lookup (s->vars, name);
}

OrrValue *
orr_scope_lookup (OrrScope *s, const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  for (; s != NULL; s = s->parent)
    {
      OrrValue *v = g_hash_table_lookup (s->vars, name);

      if (v != NULL)
        return v;
    }
  return NULL;
}

gboolean
orr_scope_has_local (OrrScope *s, const char *name)
{
  g_return_val_if_fail (s != NULL && name != NULL, FALSE);
  return g_hash_table_contains (s->vars, name);
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

char **
orr_scope_list_local (OrrScope *s)
{
  GHashTableIter iter;
  gpointer key;
  char **names;
  guint n = 0;

  g_return_val_if_fail (s != NULL, NULL);
  names = g_new0 (char *, g_hash_table_size (s->vars) + 1);
  g_hash_table_iter_init (&iter, s->vars);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    names[n++] = g_strdup (key);
  qsort (names, n, sizeof (char *), compare_names);
  return names;
}

void
orr_scope_pin (OrrScope *s, const char *name, OrrValue *v)
{
  g_return_if_fail (s != NULL && name != NULL && v != NULL);
  orr_scope_set (s, name, v);
  g_hash_table_add (s->pinned, g_strdup (name));
}

gboolean
orr_scope_is_pinned (OrrScope *s, const char *name)
{
  g_return_val_if_fail (s != NULL && name != NULL, FALSE);
  return g_hash_table_contains (s->pinned, name);
}

void
orr_scope_set_statement_limit (OrrScope *s, guint64 limit)
{
  g_return_if_fail (s != NULL);
  s->statement_limit = limit;
}

guint64
orr_scope_get_statement_limit (OrrScope *s)
{
  for (; s != NULL; s = s->parent)
    if (s->statement_limit != 0)
      return s->statement_limit;
  return ORR_EXPR_MAX_STATEMENTS;
}

void
orr_scope_set_base_value (OrrScope *s, const char *name, OrrValue *v)
{
  g_autofree char *hidden = NULL;

  g_return_if_fail (s != NULL && name != NULL && v != NULL);
  hidden = g_strconcat (BASE_PREFIX, name, NULL);
  orr_scope_set (s, hidden, v);
}

OrrValue *
orr_scope_lookup_base_value (OrrScope *s, const char *name)
{
  g_autofree char *hidden = NULL;

  g_return_val_if_fail (name != NULL, NULL);
  if (s == NULL)
    return NULL;
  hidden = g_strconcat (BASE_PREFIX, name, NULL);
  return orr_scope_lookup (s, hidden);
}

gboolean
orr_scope_name_is_hidden (const char *local_name)
{
  g_return_val_if_fail (local_name != NULL, FALSE);
  return g_str_has_prefix (local_name, BASE_PREFIX);
}

void
orr_scope_set_call_func (OrrScope *s, OrrScopeCallFunc func, gpointer data, GDestroyNotify destroy)
{
  g_return_if_fail (s != NULL);
  if (s->call_destroy != NULL)
    s->call_destroy (s->call_data);
  s->call_func = func;
  s->call_data = data;
  s->call_destroy = destroy;
}

OrrScopeCallFunc
orr_scope_lookup_call_func (OrrScope *s, gpointer *data)
{
  for (; s != NULL; s = s->parent)
    if (s->call_func != NULL)
      {
        *data = s->call_data;
        return s->call_func;
      }
  *data = NULL;
  return NULL;
}
