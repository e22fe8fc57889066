/* orr-registry.c: block classes by name. */
#include <orrery/orr-registry.h>

struct _OrrRegistry
{
  gatomicrefcount ref; /* scripts share a registry (orr_registry_ref) */
  GPtrArray *classes;  /* of const OrrBlockClass*, in order */
  GHashTable *by_name; /* name -> index + 1 */
};

OrrRegistry *
orr_registry_new (void)
{
  OrrRegistry *r = g_new0 (OrrRegistry, 1);
  g_atomic_ref_count_init (&r->ref);
  r->classes = g_ptr_array_new ();
  r->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  return r;
}

OrrRegistry *
orr_registry_ref (OrrRegistry *r)
{
  g_atomic_ref_count_inc (&r->ref);
  return r;
}

void
orr_registry_free (OrrRegistry *r)
{
  if (r == NULL || !g_atomic_ref_count_dec (&r->ref))
    return;
  g_ptr_array_unref (r->classes);
  g_hash_table_unref (r->by_name);
  g_free (r);
}

void
orr_registry_add (OrrRegistry *r, const OrrBlockClass *klass)
{
  gpointer slot = g_hash_table_lookup (r->by_name, klass->name);

  if (slot != NULL)
    {
      r->classes->pdata[GPOINTER_TO_UINT (slot) - 1] = (gpointer)klass;
      return;
    }
  g_ptr_array_add (r->classes, (gpointer)klass);
  g_hash_table_insert (r->by_name, (gpointer)klass->name, GUINT_TO_POINTER (r->classes->len));
}

const OrrBlockClass *
orr_registry_lookup (OrrRegistry *r, const char *name)
{
  gpointer slot = g_hash_table_lookup (r->by_name, name);
  return slot ? g_ptr_array_index (r->classes, GPOINTER_TO_UINT (slot) - 1) : NULL;
}

guint
orr_registry_get_n_classes (OrrRegistry *r)
{
  return r->classes->len;
}

const OrrBlockClass *
orr_registry_get_class (OrrRegistry *r, guint index)
{
  g_return_val_if_fail (index < r->classes->len, NULL);
  return g_ptr_array_index (r->classes, index);
}
