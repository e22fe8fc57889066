/* custom-native.c: builds CCustomBlock sources into shared objects.
 *
 * An object is named after a SHA-256 of everything that goes into it: the
 * source, the compiler command line and the block API headers. So an
 * unchanged block is compiled once and then found in the cache, while an
 * edited source, other flags or a newer block API never pick up a stale
 * object (the headers describe the OrrSimBlock layout the code is built
 * against).
 *
 * Each build happens in a private folder inside the cache and the result is
 * renamed into place, which is atomic: two windows compiling the same model
 * at once both end up with a whole file, never half of one. */
#include "custom-native.h"
#include "custom/custom-config.h"

#include <orrery/orr-block.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#define COMPILER "cc"
/* The names the compiler sees. The source keeps the user's lines, so its
 * messages (source.c:12:5: error: ...) point into the code as written. */
#define SOURCE_NAME "source.c"
#define OBJECT_NAME "custom.so"
/* Enough of the compiler's output to show the first error with its
 * context, without burying the message. */
#define MAX_ERROR_LINES 8

/* The block API a custom block's code is compiled against. */
static const char *const api_headers[] = { "orr-block.h", "orr-value.h", "orr-dense.h" };

static char *
cache_folder (void)
{
  const char *dir = g_getenv ("ORRERY_CACHE_DIR");

  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  return g_build_filename (g_get_user_cache_dir (), "orrery", "native", NULL);
}

static const char *
include_folder (void)
{
  const char *dir = g_getenv ("ORRERY_INCLUDE_DIR");

  return dir != NULL && *dir != '\0' ? dir : ORR_ENGINE_INCLUDE_DIR;
}

static GStrv
compiler_command (const char *include_dir)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  g_autofree char *include = g_strconcat ("-I", include_dir, NULL);

  /* The block API's symbols (orr_block_error ...) and GLib's stay undefined
   * here: they resolve against the program that loads the object. libm is
   * named since block code so often needs it. */
  g_strv_builder_add_many (argv, COMPILER, "-shared", "-fPIC", "-O2", "-std=gnu11", include,
                           "-I" ORR_GLIB_INCLUDE_DIR, "-I" ORR_GLIB_CONFIG_INCLUDE_DIR, "-o",
                           OBJECT_NAME, SOURCE_NAME, "-lm", NULL);
  return g_strv_builder_end (argv);
}

/* The cache key: lengths before contents, so that no two different inputs
 * can run together into the same text. */
static gboolean
cache_key (const char *source, char **argv, const char *include_dir, char **key, GError **error)
{
  g_autoptr (GString) text = g_string_new ("orrery-ccustom " ORR_VERSION "\n");

  for (int i = 0; argv[i] != NULL; i++)
    g_string_append_printf (text, "arg %zu:%s\n", strlen (argv[i]), argv[i]);
  for (gsize i = 0; i < G_N_ELEMENTS (api_headers); i++)
    {
      g_autofree char *path = g_build_filename (include_dir, "orrery", api_headers[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr (GError) local = NULL;
      gsize length;

      if (!g_file_get_contents (path, &contents, &length, &local))
        {
          g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                       "the block API headers are missing (set ORRERY_INCLUDE_DIR to the folder "
                       "holding orrery/orr-block.h): %s",
                       local->message);
          return FALSE;
        }
      g_string_append_printf (text, "header %zu:", length);
      g_string_append_len (text, contents, length);
    }
  g_string_append_printf (text, "source %zu:%s", strlen (source), source);
  *key = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text->str, text->len);
  return TRUE;
}

/* From the compiler's output, the lines from the first error on. */
static char *
first_errors (const char *output)
{
  g_auto (GStrv) lines = g_strsplit (output != NULL ? output : "", "\n", -1);
  g_autoptr (GString) quote = g_string_new (NULL);
  guint first = 0, n = g_strv_length (lines);

  for (guint i = 0; i < n; i++)
    if (strstr (lines[i], "error") != NULL)
      {
        first = i;
        break;
      }
  for (guint i = first; i < n && i < first + MAX_ERROR_LINES; i++)
    {
      g_strchomp (lines[i]);
      if (*lines[i] == '\0')
        continue;
      if (quote->len > 0)
        g_string_append_c (quote, '\n');
      g_string_append (quote, lines[i]);
    }
  return g_string_free (g_steal_pointer (&quote), FALSE);
}

static gboolean
compile (const char *build_dir, const char *source, char **argv, GError **error)
{
  g_autofree char *source_path = g_build_filename (build_dir, SOURCE_NAME, NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *quote = NULL;
  g_autoptr (GError) local = NULL;
  int status;

  if (!g_file_set_contents (source_path, source, -1, &local))
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "cannot write the C code for the compiler: %s", local->message);
      return FALSE;
    }
  if (!g_spawn_sync (build_dir, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                     &local))
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "cannot run the C compiler '%s' (is gcc installed?): %s", argv[0],
                   local->message);
      return FALSE;
    }
  if (g_spawn_check_wait_status (status, NULL))
    return TRUE;

  quote = first_errors (err != NULL && *err != '\0' ? err : out);
  g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
               "parameter 'source': the C code does not compile:\n%s",
               *quote != '\0' ? quote : "(the compiler failed without a message)");
  return FALSE;
}

/* Removes what a build left in its private folder, and the folder. */
static void
remove_build_dir (const char *build_dir)
{
  const char *names[] = { SOURCE_NAME, OBJECT_NAME };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (build_dir, names[i], NULL);
      g_unlink (path);
    }
  g_rmdir (build_dir);
}

char *
orr_custom_native_build (const char *source, GError **error)
{
  const char *include_dir = include_folder ();
  g_auto (GStrv) argv = compiler_command (include_dir);
  g_autofree char *key = NULL;
  g_autofree char *folder = cache_folder ();
  g_autofree char *object = NULL;
  g_autofree char *file = NULL;
  g_autofree char *build_dir = NULL;
  g_autofree char *built = NULL;
  gboolean ok;

  if (!cache_key (source, argv, include_dir, &key, error))
    return NULL;
  file = g_strconcat (key, ".so", NULL);
  object = g_build_filename (folder, file, NULL);
  if (g_file_test (object, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&object);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "cannot create the compiled code cache '%s': %s", folder, g_strerror (saved));
      return NULL;
    }
  build_dir = g_build_filename (folder, "build-XXXXXX", NULL);
  if (g_mkdtemp_full (build_dir, 0700) == NULL)
    {
      int saved = errno;
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "cannot create a build folder in '%s': %s", folder, g_strerror (saved));
      return NULL;
    }

  ok = compile (build_dir, source, argv, error);
  built = g_build_filename (build_dir, OBJECT_NAME, NULL);
  if (ok && g_rename (built, object) != 0)
    {
      int saved = errno;
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "cannot move the compiled code into '%s': %s", object, g_strerror (saved));
      ok = FALSE;
    }
  remove_build_dir (build_dir);
  return ok ? g_steal_pointer (&object) : NULL;
}
