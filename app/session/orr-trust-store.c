/* orr-trust-store.c: see orr-trust-store.h. */
#include "orr-trust-store.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#define GROUP "trusted"

static char *
store_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "orrery", "trusted-models", NULL);
}

static char *
key_of (const char *model_path)
{
  g_autofree char *absolute = g_canonicalize_filename (model_path, NULL);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, absolute, -1);
}

static int
compare_lines (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

char *
orr_trust_digest (GPtrArray *native_code)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

  for (guint i = 0; native_code != NULL && i < native_code->len; i++)
    {
      const OrrNativeCode *c = g_ptr_array_index (native_code, i);

      g_ptr_array_add (lines,
                       g_strdup_printf ("%s\t%s\t%s\t%s\n", c->block_path ? c->block_path : "",
                                        c->kind ? c->kind : "", c->what ? c->what : "",
                                        c->sha256 ? c->sha256 : ""));
    }
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_checksum_update (sum, g_ptr_array_index (lines, i), -1);
  return g_strdup (g_checksum_get_string (sum));
}

gboolean
orr_trust_store_lookup (const char *model_path, const char *digest)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  g_autofree char *path = store_path ();
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;

  if (model_path == NULL || digest == NULL
      || !g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, NULL))
    return FALSE;
  key = key_of (model_path);
  value = g_key_file_get_string (keys, GROUP, key, NULL);
  return value != NULL && strcmp (value, digest) == 0;
}

gboolean
orr_trust_store_covers (OrrModel *model, OrrRegistry *registry, const char *model_path)
{
  g_autoptr (GPtrArray) code = NULL;
  g_autofree char *digest = NULL;
  OrrCompileOptions options = { .model_path = model_path };

  if (model_path == NULL)
    return FALSE;
  code = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_native_code_free);
  options.native_code = code;
  orr_program_free (orr_compile_with_options (model, registry, NULL, &options, NULL, NULL));
  if (code->len == 0)
    return FALSE;
  digest = orr_trust_digest (code);
  return orr_trust_store_lookup (model_path, digest);
}

gboolean
orr_trust_store_remember (const char *model_path, const char *digest, GError **error)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  g_autofree char *path = store_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *key = NULL;

  g_return_val_if_fail (model_path != NULL && digest != NULL, FALSE);

  g_key_file_load_from_file (keys, path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  key = key_of (model_path);
  g_key_file_set_string (keys, GROUP, key, digest);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  return g_key_file_save_to_file (keys, path, error);
}
