/* orr-fmu-unpack.c: a .fmu (a zip archive) unpacked with libarchive into
 * a cache folder named after the SHA-256 of the file's bytes.
 *
 * The hash, not the path or the modification time, is the key: the same
 * FMU copied elsewhere is found again, and a file rebuilt in place gets a
 * folder of its own, so a simulation never mixes an old library with a
 * new description. Unpacking goes into a private folder first and is
 * renamed into place, which is atomic: two processes unpacking the same
 * FMU both end up with a whole folder. */
#include <orrery/orr-fmu.h>
#include <orrery/orr-io.h>

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_fmu_error_quark (void)
{
  return g_quark_from_static_string ("orr-fmu-error-quark");
}

#define READ_BLOCK (64 * 1024)

static char *
cache_folder (void)
{
  const char *dir = g_getenv ("ORRERY_FMU_CACHE");

  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  return g_build_filename (g_get_user_cache_dir (), "orrery", "fmu", NULL);
}

static char *
file_sha256 (const char *path, const char *name, GError **error)
{
  g_autoptr (GMappedFile) file = NULL;
  g_autoptr (GError) local = NULL;

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE, "FMU '%s': cannot read the file: %s",
                   name, local->message);
      return NULL;
    }
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256,
                                      (const guchar *) g_mapped_file_get_contents (file),
                                      g_mapped_file_get_length (file));
}

/* An entry's path must stay inside the folder: relative, no "..". */
static gboolean
entry_path_is_safe (const char *entry)
{
  g_auto (GStrv) parts = NULL;

  if (entry == NULL || *entry == '\0' || g_path_is_absolute (entry) || entry[0] == '/'
      || entry[0] == '\\')
    return FALSE;
  parts = g_strsplit_set (entry, "/\\", -1);
  for (int i = 0; parts[i] != NULL; i++)
    if (strcmp (parts[i], "..") == 0)
      return FALSE;
  return TRUE;
}

static gboolean
copy_data (struct archive *in, int fd)
{
  const void *buffer;
  size_t size;
  la_int64_t offset;
  int r;

  while ((r = archive_read_data_block (in, &buffer, &size, &offset)) == ARCHIVE_OK)
    {
      const char *p = buffer;

      if (lseek (fd, offset, SEEK_SET) < 0)
        return FALSE;
      while (size > 0)
        {
          ssize_t n = write (fd, p, size);

          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            return FALSE;
          p += n;
          size -= n;
        }
    }
  return r == ARCHIVE_EOF;
}

static gboolean
extract_entry (struct archive *in, struct archive_entry *entry, const char *dest,
               const char *name, GError **error)
{
  const char *entry_path = archive_entry_pathname (entry);
  g_autofree char *target = NULL;
  g_autofree char *parent = NULL;
  int fd;
  gboolean ok;

  if (!entry_path_is_safe (entry_path))
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_UNSAFE,
                   "FMU '%s': the archive entry '%s' would be written outside the FMU's folder "
                   "(an absolute path or '..'); the FMU is refused",
                   name, entry_path != NULL ? entry_path : "");
      return FALSE;
    }
  target = g_build_filename (dest, entry_path, NULL);
  if (archive_entry_filetype (entry) == AE_IFDIR)
    return g_mkdir_with_parents (target, 0700) == 0;
  if (archive_entry_filetype (entry) != AE_IFREG)
    return TRUE; /* links and devices have no place in an FMU: skipped */

  parent = g_path_get_dirname (target);
  if (g_mkdir_with_parents (parent, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE, "FMU '%s': cannot create '%s': %s",
                   name, parent, g_strerror (saved));
      return FALSE;
    }
  fd = g_open (target, O_WRONLY | O_CREAT | O_TRUNC, 0700);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE, "FMU '%s': cannot write '%s': %s",
                   name, target, g_strerror (saved));
      return FALSE;
    }
  ok = copy_data (in, fd);
  close (fd);
  if (!ok)
    g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                 "FMU '%s': cannot unpack '%s': %s", name, entry_path,
                 archive_error_string (in) != NULL ? archive_error_string (in)
                                                   : "write failed");
  return ok;
}

static gboolean
extract_all (const char *path, const char *dest, const char *name, GError **error)
{
  struct archive *in = archive_read_new ();
  struct archive_entry *entry;
  gboolean ok = TRUE;
  int r;

  archive_read_support_format_zip (in);
  archive_read_support_filter_none (in);
  if (archive_read_open_filename (in, path, READ_BLOCK) != ARCHIVE_OK)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                   "FMU '%s': not a readable zip archive: %s", name, archive_error_string (in));
      archive_read_free (in);
      return FALSE;
    }
  while (ok && (r = archive_read_next_header (in, &entry)) != ARCHIVE_EOF)
    {
      if (r != ARCHIVE_OK && r != ARCHIVE_WARN)
        {
          g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                       "FMU '%s': not a readable zip archive: %s", name,
                       archive_error_string (in));
          ok = FALSE;
          break;
        }
      ok = extract_entry (in, entry, dest, name, error);
    }
  archive_read_free (in);
  return ok;
}

char *
orr_fmu_unpack (const char *path, char **sha256, GError **error)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *hash = NULL;
  g_autofree char *cache = cache_folder ();
  g_autofree char *folder = NULL;
  g_autofree char *work = NULL;

  hash = file_sha256 (path, name, error);
  if (hash == NULL)
    return NULL;
  folder = g_build_filename (cache, hash, NULL);
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      if (g_mkdir_with_parents (cache, 0700) != 0)
        {
          int saved = errno;
          g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                       "FMU '%s': cannot create the FMU cache '%s': %s", name, cache,
                       g_strerror (saved));
          return NULL;
        }
      work = g_build_filename (cache, "unpack-XXXXXX", NULL);
      if (g_mkdtemp_full (work, 0700) == NULL)
        {
          int saved = errno;
          g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                       "FMU '%s': cannot create a folder in '%s': %s", name, cache,
                       g_strerror (saved));
          return NULL;
        }
      if (!extract_all (path, work, name, error))
        {
          orr_remove_tree (work);
          return NULL;
        }
      /* Another process may have won the race: its folder is as good. */
      if (g_rename (work, folder) != 0)
        orr_remove_tree (work);
    }
  if (sha256 != NULL)
    *sha256 = g_steal_pointer (&hash);
  return g_steal_pointer (&folder);
}
