/* test-fmu-limits.c: FMUs that try to exhaust the machine or hang the
 * reader (docs/reliability.md, "Limits"): too many entries, an entry
 * declaring more bytes than the limit, a pipe or a device named as the
 * FMU, and unpack folders left behind by a killed process.
 *
 * The archives are written here with libarchive and, for the declared
 * size, patched afterwards the way a hostile tool would write them.
 */
#include <orrery/orr-fmu.h>
#include <orrery/orr-io.h>

#include <archive.h>
#include <archive_entry.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>
#include <unistd.h>

typedef struct
{
  char *dir;   /* a temporary folder for the archives */
  char *cache; /* the FMU cache under it */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("orrery-fmu-limits-XXXXXX", &error);
  g_assert_no_error (error);
  f->cache = g_build_filename (f->dir, "cache", NULL);
  g_setenv ("ORRERY_FMU_CACHE", f->cache, TRUE);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  orr_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->cache);
}

/* Entries of the cache folder: the test expects none left after a refusal. */
static guint
cache_entries (const Fixture *f)
{
  g_autoptr (GDir) d = g_dir_open (f->cache, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* A stored (uncompressed) zip of n files named f0, f1... each holding
 * text, written to path. */
static void
write_zip (const char *path, guint n, const char *text)
{
  struct archive *out = archive_write_new ();

  archive_write_set_format_zip (out);
  archive_write_set_options (out, "zip:compression=store");
  g_assert_cmpint (archive_write_open_filename (out, path), ==, ARCHIVE_OK);
  for (guint i = 0; i < n; i++)
    {
      struct archive_entry *e = archive_entry_new ();
      g_autofree char *name = g_strdup_printf ("f%u", i);

      archive_entry_set_pathname (e, name);
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, (la_int64_t)strlen (text));
      g_assert_cmpint (archive_write_header (out, e), ==, ARCHIVE_OK);
      g_assert_cmpint (archive_write_data (out, text, strlen (text)), ==,
                       (la_ssize_t)strlen (text));
      archive_entry_free (e);
    }
  g_assert_cmpint (archive_write_close (out), ==, ARCHIVE_OK);
  archive_write_free (out);
}

static void
test_too_many_entries (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "many.fmu", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL;

  write_zip (path, ORR_MAX_FMU_ENTRIES + 1, "");
  folder = orr_fmu_unpack (path, NULL, &error);
  g_assert_null (folder);
  g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "many.fmu"));
  /* nothing half-unpacked stays behind */
  g_assert_cmpuint (cache_entries (f), ==, 0);
}

/* Sets every "uncompressed size" field of a zip (local headers and the
 * central directory) to size. */
static void
forge_sizes (char *data, gsize length, guint32 size)
{
  for (gsize i = 0; i + 30 <= length; i++)
    {
      gsize at = 0;

      if (memcmp (data + i, "PK\003\004", 4) == 0)
        at = i + 22;
      else if (memcmp (data + i, "PK\001\002", 4) == 0)
        at = i + 24;
      if (at != 0)
        for (int b = 0; b < 4; b++)
          data[at + b] = (char)((size >> (8 * b)) & 0xff);
    }
}

static void
test_declared_size (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "bomb.fmu", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *zip = NULL;
  g_autofree char *folder = NULL;
  gsize length = 0;

  write_zip (path, 1, "small");
  g_assert_true (g_file_get_contents (path, &zip, &length, &error));
  /* 2 GiB - 1: over the limit, and below the zip64 marker */
  forge_sizes (zip, length, 0x7fffffffu);
  g_assert_true (g_file_set_contents (path, zip, length, &error));
  folder = orr_fmu_unpack (path, NULL, &error);
  g_assert_null (folder);
  g_assert_nonnull (error);
  /* refused on the headers, before anything is written */
  g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "bomb.fmu"));
  g_assert_cmpuint (cache_entries (f), ==, 0);
}

static void
test_within_limits (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "fine.fmu", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;

  write_zip (path, 3, "hello");
  folder = orr_fmu_unpack (path, NULL, &error);
  g_assert_no_error (error);
  file = g_build_filename (folder, "f2", NULL);
  g_assert_true (g_file_get_contents (file, &text, NULL, &error));
  g_assert_cmpstr (text, ==, "hello");
}

static void
test_not_regular (Fixture *f, gconstpointer data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "pipe.fmu", NULL);
  const char *const targets[] = { fifo, "/dev/zero", f->dir };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *folder = orr_fmu_unpack (targets[i], NULL, &error);
      g_autoptr (OrrFmuDescription) d = NULL;

      g_assert_null (folder);
      g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
      g_clear_error (&error);
      d = orr_fmu_describe (targets[i], &error);
      g_assert_null (d);
      g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE);
    }
}

/* A killed unpack leaves cache/unpack-XXXXXX; the next unpack removes it
 * once it is older than any unpack could take, and keeps a fresh one
 * (another process may be working in it). */
static void
test_stale_unpacks (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "fine.fmu", NULL);
  g_autofree char *stale = g_build_filename (f->cache, "unpack-stale1", NULL);
  g_autofree char *stale_file = g_build_filename (stale, "half.so", NULL);
  g_autofree char *fresh = g_build_filename (f->cache, "unpack-fresh1", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL;
  struct utimbuf old = { .actime = time (NULL) - 2 * 3600, .modtime = time (NULL) - 2 * 3600 };

  g_assert_cmpint (g_mkdir_with_parents (stale, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (fresh, 0700), ==, 0);
  g_assert_true (g_file_set_contents (stale_file, "x", 1, &error));
  g_assert_cmpint (g_utime (stale, &old), ==, 0);

  write_zip (path, 1, "hello");
  folder = orr_fmu_unpack (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (fresh, G_FILE_TEST_IS_DIR));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/fmu/limits/too-many-entries", Fixture, NULL, fixture_set_up, test_too_many_entries,
              fixture_tear_down);
  g_test_add ("/fmu/limits/declared-size", Fixture, NULL, fixture_set_up, test_declared_size,
              fixture_tear_down);
  g_test_add ("/fmu/limits/within-limits", Fixture, NULL, fixture_set_up, test_within_limits,
              fixture_tear_down);
  g_test_add ("/fmu/limits/not-regular", Fixture, NULL, fixture_set_up, test_not_regular,
              fixture_tear_down);
  g_test_add ("/fmu/limits/stale-unpacks", Fixture, NULL, fixture_set_up, test_stale_unpacks,
              fixture_tear_down);
  return g_test_run ();
}
