/* orr-library-set.c: the installed libraries, checking a model's library
 * references against them, and updating a block to a library's newer
 * version.
 *
 * The copy of a block stored in the model is what runs: resolving never
 * changes the model, it only tells the user where the library is missing
 * or has moved on, so that a model behaves the same on every machine until
 * someone decides to update it.
 */
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>

#include <string.h>

struct _OrrLibrarySet
{
  GPtrArray *libraries; /* of OrrLibrary* */
};

OrrLibrarySet *
orr_library_set_new (void)
{
  OrrLibrarySet *set = g_new0 (OrrLibrarySet, 1);

  set->libraries = g_ptr_array_new_with_free_func (g_object_unref);
  return set;
}

void
orr_library_set_free (OrrLibrarySet *set)
{
  if (set == NULL)
    return;
  g_ptr_array_unref (set->libraries);
  g_free (set);
}

static void
warn (GPtrArray *warnings, char *message)
{
  if (warnings != NULL)
    g_ptr_array_add (warnings, message);
  else
    g_free (message);
}

static void
add_library (OrrLibrarySet *set, const char *dir, GPtrArray *warnings)
{
  g_autoptr (GError) error = NULL;
  OrrLibrary *library = orr_library_open (dir, &error);

  if (library == NULL)
    warn (warnings, g_strdup_printf ("library not loaded: %s", error->message));
  else
    g_ptr_array_add (set->libraries, library);
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

void
orr_library_set_add_folder (OrrLibrarySet *set, const char *dir, gboolean quiet_if_missing,
                            GPtrArray *warnings)
{
  g_autofree char *file = NULL;
  g_autofree char *display = NULL;
  g_autoptr (GDir) d = NULL;
  g_autoptr (GPtrArray) subdirs = NULL;
  const char *entry;

  g_return_if_fail (set != NULL && dir != NULL);

  file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);
  if (g_file_test (file, G_FILE_TEST_EXISTS))
    {
      add_library (set, dir, warnings);
      return;
    }
  display = g_filename_display_name (dir);
  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    {
      if (!quiet_if_missing)
        warn (warnings, g_strdup_printf ("%s: no such library folder", display));
      return;
    }
  /* a folder of libraries: sorted, so that the order does not depend on
   * the file system */
  subdirs = g_ptr_array_new_with_free_func (g_free);
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *sub = g_build_filename (dir, entry, NULL);
      g_autofree char *sub_file = g_build_filename (sub, ORR_LIBRARY_FILE, NULL);

      if (entry[0] != '.' && g_file_test (sub_file, G_FILE_TEST_EXISTS))
        g_ptr_array_add (subdirs, g_steal_pointer (&sub));
    }
  g_ptr_array_sort (subdirs, compare_paths);
  for (guint i = 0; i < subdirs->len; i++)
    add_library (set, g_ptr_array_index (subdirs, i), warnings);
  if (subdirs->len == 0 && !quiet_if_missing)
    warn (warnings, g_strdup_printf ("%s: holds no library (no " ORR_LIBRARY_FILE ")", display));
}

void
orr_library_set_add_default_folders (OrrLibrarySet *set, GPtrArray *warnings)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "orrery", "libraries", NULL);

  orr_library_set_add_folder (set, dir, TRUE, warnings);
}

GPtrArray *
orr_library_set_get_libraries (OrrLibrarySet *set)
{
  g_return_val_if_fail (set != NULL, NULL);
  return set->libraries;
}

OrrLibrary *
orr_library_set_lookup (OrrLibrarySet *set, const char *key)
{
  OrrLibrary *best = NULL;

  g_return_val_if_fail (set != NULL, NULL);
  for (guint i = 0; i < set->libraries->len; i++)
    {
      OrrLibrary *library = g_ptr_array_index (set->libraries, i);

      if (g_strcmp0 (orr_library_get_key (library), key) == 0
          && (best == NULL
              || orr_library_version_compare (orr_library_get_version (library),
                                              orr_library_get_version (best))
                   > 0))
        best = library;
    }
  return best;
}

typedef struct
{
  OrrLibrarySet *set;
  GPtrArray *warnings;
  guint count;
} Resolve;

static void
resolve_block (OrrBlock *block, gpointer data)
{
  Resolve *r = data;
  const OrrLibraryRef *ref = block->libref;
  g_autofree char *path = NULL;
  OrrLibrary *library;
  const char *version;

  if (ref == NULL)
    return;
  r->count++;
  path = orr_block_get_path (block);
  library = orr_library_set_lookup (r->set, ref->library);
  if (library == NULL)
    {
      warn (r->warnings,
            g_strdup_printf ("%s: library '%s' not found; using the copy stored in the model", path,
                             ref->library));
      return;
    }
  if (!orr_library_has_block (library, ref->ref))
    {
      warn (r->warnings, g_strdup_printf ("%s: library '%s' (version %s) has no block '%s'; "
                                          "using the copy stored in the model",
                                          path, orr_library_get_name (library),
                                          orr_library_get_version (library), ref->ref));
      return;
    }
  version = orr_library_get_version (library);
  if (orr_library_version_compare (version, ref->version) > 0)
    warn (r->warnings,
          g_strdup_printf ("%s: library '%s' has version %s, the model uses %s; using the copy "
                           "stored in the model until the block is updated",
                           path, orr_library_get_name (library), version, ref->version));
  else if (orr_library_version_compare (version, ref->version) < 0)
    warn (r->warnings,
          g_strdup_printf ("%s: library '%s' has version %s, older than the %s the model uses; "
                           "using the copy stored in the model",
                           path, orr_library_get_name (library), version, ref->version));
}

guint
orr_library_set_resolve (OrrLibrarySet *set, OrrModel *model, GPtrArray *warnings)
{
  Resolve r = { .set = set, .warnings = warnings };

  g_return_val_if_fail (set != NULL, 0);
  g_return_val_if_fail (ORR_IS_MODEL (model), 0);
  orr_diagram_foreach_block (orr_model_get_root (model), resolve_block, &r);
  return r.count;
}

/* ---- update ----------------------------------------------------------------- */

static gboolean
has_mask_param (const OrrMask *mask, const char *name)
{
  for (guint i = 0; mask != NULL && i < mask->params->len; i++)
    if (strcmp (((OrrMaskParam *)g_ptr_array_index (mask->params, i))->name, name) == 0)
      return TRUE;
  return FALSE;
}

/* The parameters the block sets must all mean something in the new
 * version: mask parameters of a masked block, the block's own otherwise. */
static gboolean
check_params (OrrBlock *block, OrrBlock *fresh, const char *where, GError **error)
{
  for (guint i = 0; i < block->params->len; i++)
    {
      const OrrParam *p = g_ptr_array_index (block->params, i);
      gboolean known;

      /* on a masked block only mask parameters mean something */
      if (block->mask != NULL && !has_mask_param (block->mask, p->name))
        continue;
      known = fresh->mask != NULL ? has_mask_param (fresh->mask, p->name)
                                  : orr_block_get_param (fresh, p->name) != NULL;

      if (!known)
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE,
                       "%s: version %s of '%s' in library '%s' has no parameter '%s', which this "
                       "block sets; the block was not updated",
                       where, fresh->libref->version, fresh->libref->ref, fresh->libref->library,
                       p->name);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
replace_diagram (OrrModel *model, OrrBlock *block, OrrBlock *fresh, GError **error)
{
  /* removing a block also removes its links; what stays is the new copy */
  while (block->child->blocks->len > 0)
    orr_model_remove_block (
      model, g_ptr_array_index (block->child->blocks, block->child->blocks->len - 1));
  if (fresh->child->blocks->len > 0)
    {
      gsize length = 0;
      g_autofree char *data = orr_fragment_serialize (
        (OrrBlock *const *)fresh->child->blocks->pdata, fresh->child->blocks->len, &length);

      /* pasting gives the library's blocks ids that are free in this model */
      if (!orr_fragment_paste (model, block->child, data, length, 0, 0, NULL, error))
        return FALSE;
    }
  orr_model_set_context (model, block->child, fresh->child->context);
  return TRUE;
}

gboolean
orr_model_update_library_block (OrrModel *model, OrrBlock *block, OrrLibrary *library,
                                GError **error)
{
  g_autoptr (OrrBlock) fresh = NULL;
  g_autofree char *where = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (OrrLibraryRef) ref = NULL;

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (block != NULL && block->parent != NULL, FALSE);
  g_return_val_if_fail (ORR_IS_LIBRARY (library), FALSE);

  where = orr_block_get_path (block);
  if (block->libref == NULL
      || g_strcmp0 (block->libref->library, orr_library_get_key (library)) != 0)
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                   "%s: the block does not come from library '%s'", where,
                   orr_library_get_name (library));
      return FALSE;
    }
  fresh = orr_library_load_block (library, block->libref->ref, &local_error);
  if (fresh == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", where,
                   local_error->message);
      return FALSE;
    }
  if ((fresh->child != NULL) != (block->child != NULL)
      || (block->child == NULL && g_strcmp0 (fresh->type, block->type) != 0))
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE,
                   "%s: version %s of '%s' is a %s block, this one a %s block; the block was not "
                   "updated",
                   where, orr_library_get_version (library), block->libref->ref, fresh->type,
                   block->type);
      return FALSE;
    }
  if (!check_params (block, fresh, where, error))
    return FALSE;

  orr_model_begin (model, "Update Library Block");
  if (block->child != NULL && !replace_diagram (model, block, fresh, &local_error))
    {
      orr_model_rollback (model);
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID, "%s: %s", where,
                   local_error->message);
      return FALSE;
    }
  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      guint n = orr_block_get_port_count (fresh, k);

      orr_model_set_port_count (model, block, k, n);
      for (guint i = 0; i < n; i++)
        orr_model_set_port_label (model, block, k, i + 1,
                                  ((OrrPort *)g_ptr_array_index (fresh->ports[k], i))->label);
    }
  if (block->child != NULL)
    orr_model_set_mask (model, block, fresh->mask != NULL ? orr_mask_copy (fresh->mask) : NULL);
  /* the library's values for what the block does not set itself */
  for (guint i = 0; i < fresh->params->len; i++)
    {
      const OrrParam *p = g_ptr_array_index (fresh->params, i);

      if (orr_block_get_param (block, p->name) == NULL)
        orr_model_set_param (model, block, p->name, p->expr);
    }
  ref = orr_library_ref_copy (block->libref);
  g_free (ref->version);
  ref->version = g_strdup (orr_library_get_version (library));
  orr_model_set_block_library_ref (model, block, ref);
  orr_model_commit (model);
  return TRUE;
}
