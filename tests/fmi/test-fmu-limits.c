/* test-fmu-limits.c: FMUs that try to exhaust the machine or hang the
 * reader (docs/reliability.md, "Limits"): too many entries, an entry
 * declaring more bytes than the limit, a pipe or a device named as the
 * FMU, and unpack folders left behind by a killed process. An unpack can
 * be stopped (the editor's Stop) and followed: cancelled while hashing,
 * between entries or inside a big entry, it leaves nothing behind; its
 * progress counts the file's bytes, then the entries' bytes.
 *
 * The archives are written here with libarchive and, for the declared
 * size, patched afterwards the way a hostile tool would write them.
 */
#include "zip-forge.h"

#include <gio/gio.h>
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
  zip_forge_sizes (zip, length, 0x7fffffffu);
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

/* A stored zip of entries f0, f1... of the given sizes, filled with
 * 'x'; returns the file's size. */
static guint64
write_sized_zip (const char *path, const gsize *sizes, guint n)
{
  struct archive *out = archive_write_new ();
  GStatBuf st;

  archive_write_set_format_zip (out);
  archive_write_set_options (out, "zip:compression=store");
  g_assert_cmpint (archive_write_open_filename (out, path), ==, ARCHIVE_OK);
  for (guint i = 0; i < n; i++)
    {
      struct archive_entry *e = archive_entry_new ();
      g_autofree char *name = g_strdup_printf ("f%u", i);
      g_autofree char *bytes = g_malloc (MAX (sizes[i], 1));

      memset (bytes, 'x', sizes[i]);
      archive_entry_set_pathname (e, name);
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, (la_int64_t)sizes[i]);
      g_assert_cmpint (archive_write_header (out, e), ==, ARCHIVE_OK);
      g_assert_cmpint (archive_write_data (out, bytes, sizes[i]), ==, (la_ssize_t)sizes[i]);
      archive_entry_free (e);
    }
  g_assert_cmpint (archive_write_close (out), ==, ARCHIVE_OK);
  archive_write_free (out);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64)st.st_size;
}

/* What an unpack reported, and when to cancel it. */
typedef struct
{
  GCancellable *cancellable;
  OrrFmuProgressPhase cancel_phase;
  guint64 cancel_after; /* cancel once done passes this in cancel_phase; 0: never */
  guint64 hashed, hash_total;
  guint64 unpacked, unpack_total;
  guint calls_after_cancel;
  gboolean backwards; /* done went down within a phase */
} Watch;

static void
watch_progress (OrrFmuProgressPhase phase, guint64 done, guint64 total, gpointer data)
{
  Watch *w = data;

  if (g_cancellable_is_cancelled (w->cancellable))
    w->calls_after_cancel++;
  if (phase == ORR_FMU_PROGRESS_HASHING)
    {
      w->backwards |= done < w->hashed;
      w->hashed = done;
      w->hash_total = total;
    }
  else
    {
      w->backwards |= done < w->unpacked;
      w->unpacked = done;
      w->unpack_total = total;
    }
  if (w->cancel_after > 0 && phase == w->cancel_phase && done >= w->cancel_after)
    g_cancellable_cancel (w->cancellable);
}

/* Progress: the hash counts every byte of the file, the unpack every
 * byte of the entries, each up to the total it announced. */
static void
test_progress (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "big.fmu", NULL);
  const gsize sizes[] = { 1000, 300000, 0, 70000 };
  guint64 file_size = write_sized_zip (path, sizes, G_N_ELEMENTS (sizes));
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Watch w = { .cancellable = cancellable };
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *again = NULL;

  folder = orr_fmu_unpack_full (path, cancellable, watch_progress, &w, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (folder);
  g_assert_cmpuint (w.hashed, ==, file_size);
  g_assert_cmpuint (w.hash_total, ==, file_size);
  g_assert_cmpuint (w.unpacked, ==, 1000 + 300000 + 70000);
  g_assert_cmpuint (w.unpack_total, ==, 1000 + 300000 + 70000);
  g_assert_false (w.backwards);

  /* in the cache now: hashed again, not unpacked */
  w = (Watch){ .cancellable = cancellable };
  again = orr_fmu_unpack_full (path, NULL, watch_progress, &w, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, folder);
  g_assert_cmpuint (w.hashed, ==, file_size);
  g_assert_cmpuint (w.unpacked, ==, 0);
}

/* Cancelled inside a big entry, between entries (many small ones) and
 * while hashing: the unpack stops at once, says so, and leaves no folder
 * (neither its private one nor the cache's). */
static void
test_cancelled (Fixture *f, gconstpointer data)
{
  g_autofree char *big = g_build_filename (f->dir, "big.fmu", NULL);
  g_autofree char *many = g_build_filename (f->dir, "many.fmu", NULL);
  const gsize big_sizes[] = { 100, 4 << 20, 100 };
  gsize many_sizes[200];
  struct
  {
    const char *path;
    OrrFmuProgressPhase phase;
    guint64 after;
  } cases[] = {
    { big, ORR_FMU_PROGRESS_UNPACKING, 1 << 20 },
    { many, ORR_FMU_PROGRESS_UNPACKING, 50 * 10 },
    { big, ORR_FMU_PROGRESS_HASHING, 1 << 20 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (many_sizes); i++)
    many_sizes[i] = 10;
  write_sized_zip (big, big_sizes, G_N_ELEMENTS (big_sizes));
  write_sized_zip (many, many_sizes, G_N_ELEMENTS (many_sizes));
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      Watch w = { cancellable, cases[c].phase, cases[c].after };
      g_autoptr (GError) error = NULL;
      g_autofree char *folder
        = orr_fmu_unpack_full (cases[c].path, cancellable, watch_progress, &w, NULL, &error);

      g_assert_null (folder);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_nonnull (strstr (error->message, "unpacking cancelled"));
      /* stopped at the next check: within one block of the archive */
      g_assert_cmpuint (w.calls_after_cancel, ==, 0);
      if (cases[c].phase == ORR_FMU_PROGRESS_UNPACKING)
        g_assert_cmpuint (w.unpacked, <, w.unpack_total);
      g_assert_cmpuint (cache_entries (f), ==, 0);
    }
}

/* A configure run on a worker reaches orr_fmu_unpack through
 * orr_fmu_describe, with no cancellable of its own: the thread's current
 * one stops it. */
static void
test_current_cancellable (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "fine.fmu", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autoptr (OrrFmuDescription) d = NULL;

  write_zip (path, 3, "hello");
  g_cancellable_cancel (cancellable);
  g_cancellable_push_current (cancellable);
  folder = orr_fmu_unpack (path, NULL, &error);
  g_assert_null (folder);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  d = orr_fmu_describe (path, &error);
  g_assert_null (d);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "unpacking cancelled"));
  g_clear_error (&error);
  g_cancellable_pop_current (cancellable);
  g_assert_cmpuint (cache_entries (f), ==, 0);

  /* without it, the same file unpacks */
  folder = orr_fmu_unpack (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (folder);
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
  g_test_add ("/fmu/limits/progress", Fixture, NULL, fixture_set_up, test_progress,
              fixture_tear_down);
  g_test_add ("/fmu/limits/cancelled", Fixture, NULL, fixture_set_up, test_cancelled,
              fixture_tear_down);
  g_test_add ("/fmu/limits/current-cancellable", Fixture, NULL, fixture_set_up,
              test_current_cancellable, fixture_tear_down);
  return g_test_run ();
}
