/* orr-base.c: the base, a locked table of named values that outlives a
 * simulation run (see orr-base.h). */
#include <orrery/orr-base.h>

#include <stdlib.h>
#include <string.h>

struct _OrrBase
{
  gint ref_count;
  GMutex lock;
  GHashTable *values; /* name -> OrrValue */
};

OrrBase *
orr_base_new (void)
{
  OrrBase *base = g_new0 (OrrBase, 1);

  base->ref_count = 1;
  g_mutex_init (&base->lock);
  base->values
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)orr_value_unref);
  return base;
}

OrrBase *
orr_base_ref (OrrBase *base)
{
  g_return_val_if_fail (base != NULL, NULL);

  g_atomic_int_inc (&base->ref_count);
  return base;
}

void
orr_base_unref (OrrBase *base)
{
  if (base == NULL || !g_atomic_int_dec_and_test (&base->ref_count))
    return;
  g_hash_table_unref (base->values);
  g_mutex_clear (&base->lock);
  g_free (base);
}

void
orr_base_set (OrrBase *base, const char *name, OrrValue *value)
{
  g_return_if_fail (base != NULL && name != NULL && value != NULL);

  g_mutex_lock (&base->lock);
  g_hash_table_replace (base->values, g_strdup (name), orr_value_ref (value));
  g_mutex_unlock (&base->lock);
}

OrrValue *
orr_base_lookup (OrrBase *base, const char *name)
{
  OrrValue *value;

  g_return_val_if_fail (base != NULL && name != NULL, NULL);

  g_mutex_lock (&base->lock);
  value = g_hash_table_lookup (base->values, name);
  if (value != NULL)
    orr_value_ref (value);
  g_mutex_unlock (&base->lock);
  return value;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

char **
orr_base_list (OrrBase *base)
{
  char **names;

  g_return_val_if_fail (base != NULL, NULL);

  g_mutex_lock (&base->lock);
  names = (char **)g_hash_table_get_keys_as_array (base->values, NULL);
  for (guint i = 0; names[i] != NULL; i++)
    names[i] = g_strdup (names[i]);
  g_mutex_unlock (&base->lock);
  qsort (names, g_strv_length (names), sizeof (char *), compare_names);
  return names;
}

void
orr_base_clear (OrrBase *base)
{
  g_return_if_fail (base != NULL);

  g_mutex_lock (&base->lock);
  g_hash_table_remove_all (base->values);
  g_mutex_unlock (&base->lock);
}

void
orr_base_publish (OrrBase *base, OrrScope *scope)
{
  GHashTableIter iter;
  gpointer name, value;

  g_return_if_fail (base != NULL && scope != NULL);

  g_mutex_lock (&base->lock);
  g_hash_table_iter_init (&iter, base->values);
  while (g_hash_table_iter_next (&iter, &name, &value))
    orr_scope_set_base_value (scope, name, value);
  g_mutex_unlock (&base->lock);
}
