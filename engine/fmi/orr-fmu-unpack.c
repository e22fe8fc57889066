/* orr-fmu-unpack.c: a .fmu (a zip archive) unpacked with libarchive into
 * a cache folder named after the SHA-256 of the file's bytes.
 *
 * The hash, not the path or the modification time, is the key: the same
 * FMU copied elsewhere is found again, and a file rebuilt in place gets a
 * folder of its own, so a simulation never mixes an old library with a
 * new description. Unpacking goes into a private folder first and is
 * renamed into place, which is atomic: two processes unpacking the same
 * FMU both end up with a whole folder.
 *
 * An unpack can be stopped (the editor runs it on a worker with a Stop
 * button): the cancellable is checked while hashing, between entries and
 * between the blocks of one entry, and a cancelled unpack removes its
 * private folder like a refused one. */
#include <orrery/orr-fmu.h>
#include <orrery/orr-io.h>

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <gio/gio.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_fmu_error_quark (void)
{
  return g_quark_from_static_string ("orr-fmu-error-quark");
}

#define READ_BLOCK (64 * 1024)

/* What one unpack carries through its steps: how to name the FMU, how to
 * stop, whom to tell how far it is. */
typedef struct
{
  const char *name;
  GCancellable *cancellable; /* or NULL */
  OrrFmuProgressFunc progress;
  gpointer progress_data;
  OrrFmuProgressPhase phase;
  guint64 done, total;
} Unpack;

/* FALSE, with the error set, once the unpack has been cancelled. */
static gboolean
still_wanted (const Unpack *u, GError **error)
{
  if (u->cancellable == NULL || !g_cancellable_is_cancelled (u->cancellable))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "FMU '%s': unpacking cancelled", u->name);
  return FALSE;
}

static void
report (Unpack *u, OrrFmuProgressPhase phase, guint64 done, guint64 total)
{
  u->phase = phase;
  u->done = done;
  u->total = total;
  if (u->progress != NULL)
    u->progress (phase, done, total, u->progress_data);
}

static char *
cache_folder (void)
{
  const char *dir = g_getenv ("ORRERY_FMU_CACHE");

  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  return g_build_filename (g_get_user_cache_dir (), "orrery", "fmu", NULL);
}

/* Opens path for reading if it is a regular file within the size limit;
 * a FIFO is opened without waiting for a writer and then refused. */
static int
open_fmu (const char *path, const char *name, guint64 *size, GError **error)
{
  struct stat st;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);

  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE, "FMU '%s': cannot read the file: %s",
                   name, g_strerror (saved));
      return -1;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                   "FMU '%s': not a regular file (a pipe, a device or a folder); only a .fmu file "
                   "is read",
                   name);
      close (fd);
      return -1;
    }
  if ((guint64)st.st_size > ORR_MAX_FMU_FILE_BYTES)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIMIT,
                   "FMU '%s': the file is %" G_GUINT64_FORMAT
                   " bytes, more than the limit of %" G_GUINT64_FORMAT,
                   name, (guint64)st.st_size, ORR_MAX_FMU_FILE_BYTES);
      close (fd);
      return -1;
    }
  *size = (guint64)st.st_size;
  /* back to blocking reads for libarchive */
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

static char *
file_sha256 (int fd, guint64 size, Unpack *u, GError **error)
{
  const char *name = u->name;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guchar *buffer = g_malloc (READ_BLOCK);
  guint64 done = 0;

  for (;;)
    {
      ssize_t n;

      if (!still_wanted (u, error))
        return NULL;
      n = read (fd, buffer, READ_BLOCK);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                       "FMU '%s': cannot read the file: %s", name, g_strerror (saved));
          return NULL;
        }
      if (n == 0)
        break;
      g_checksum_update (sum, buffer, n);
      done += (guint64)n;
      report (u, ORR_FMU_PROGRESS_HASHING, done, MAX (size, done));
    }
  return g_strdup (g_checksum_get_string (sum));
}

/* What has been unpacked so far, against the limits. */
typedef struct
{
  guint64 bytes;
  guint entries;
} Budget;

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

/* FALSE with *over set when the entry would pass the budget; FALSE with
 * *error set when the unpack was cancelled between two blocks. */
static gboolean
copy_data (struct archive *in, int fd, Budget *budget, Unpack *u, gboolean *over, GError **error)
{
  const void *buffer;
  size_t size;
  la_int64_t offset;
  int r;

  *over = FALSE;
  while ((r = archive_read_data_block (in, &buffer, &size, &offset)) == ARCHIVE_OK)
    {
      const char *p = buffer;

      /* Sparse entries count by where they end, not by what they hold. */
      if (offset < 0 || (guint64)offset + size > ORR_MAX_FMU_UNPACKED_BYTES
          || budget->bytes + size > ORR_MAX_FMU_UNPACKED_BYTES)
        {
          *over = TRUE;
          return FALSE;
        }
      budget->bytes += size;
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
      report (u, ORR_FMU_PROGRESS_UNPACKING, budget->bytes, MAX (u->total, budget->bytes));
      if (!still_wanted (u, error))
        return FALSE;
    }
  return r == ARCHIVE_EOF;
}

static gboolean
over_limit (const char *name, GError **error)
{
  g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIMIT,
               "FMU '%s': unpacked, it would be larger than %" G_GUINT64_FORMAT
               " bytes or hold more than %d entries; it is refused (a zip bomb?)",
               name, ORR_MAX_FMU_UNPACKED_BYTES, ORR_MAX_FMU_ENTRIES);
  return FALSE;
}

static gboolean
extract_entry (struct archive *in, struct archive_entry *entry, const char *dest, Budget *budget,
               Unpack *u, GError **error)
{
  const char *name = u->name;
  const char *entry_path = archive_entry_pathname (entry);
  g_autofree char *target = NULL;
  g_autofree char *parent = NULL;
  int fd;
  gboolean ok;
  gboolean over = FALSE;

  if (++budget->entries > ORR_MAX_FMU_ENTRIES
      || (archive_entry_size_is_set (entry)
          && (guint64)archive_entry_size (entry) > ORR_MAX_FMU_UNPACKED_BYTES - budget->bytes))
    return over_limit (name, error);
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
  /* O_EXCL | O_NOFOLLOW: an entry named twice, or a path through
   * something else than what this unpack made, is refused. */
  fd = g_open (target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0700);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE, "FMU '%s': cannot write '%s': %s",
                   name, target, g_strerror (saved));
      return FALSE;
    }
  ok = copy_data (in, fd, budget, u, &over, error);
  close (fd);
  if (over)
    return over_limit (name, error);
  if (!ok && error != NULL && *error != NULL)
    return FALSE; /* cancelled */
  if (!ok)
    g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE, "FMU '%s': cannot unpack '%s': %s", name,
                 entry_path,
                 archive_error_string (in) != NULL ? archive_error_string (in) : "write failed");
  return ok;
}

/* Reads the entries' headers only: too many entries, or declared sizes
 * over the limit, refuse the FMU before a single file is written. The
 * bytes actually unpacked are counted again in copy_data, since a header
 * can lie. */
static gboolean
check_headers (int fd, Unpack *u, GError **error)
{
  const char *name = u->name;
  struct archive *in = archive_read_new ();
  struct archive_entry *entry;
  guint64 declared = 0;
  guint entries = 0;
  gboolean ok = TRUE;
  int r;

  archive_read_support_format_zip (in);
  archive_read_support_filter_none (in);
  if (lseek (fd, 0, SEEK_SET) != 0 || archive_read_open_fd (in, fd, READ_BLOCK) != ARCHIVE_OK)
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
                       "FMU '%s': not a readable zip archive: %s", name, archive_error_string (in));
          ok = FALSE;
          break;
        }
      if (archive_entry_size_is_set (entry) && archive_entry_size (entry) > 0)
        declared += (guint64)archive_entry_size (entry);
      if (++entries > ORR_MAX_FMU_ENTRIES || declared > ORR_MAX_FMU_UNPACKED_BYTES)
        ok = over_limit (name, error);
      else
        ok = still_wanted (u, error);
    }
  archive_read_free (in);
  /* what the unpack's progress counts up to */
  report (u, ORR_FMU_PROGRESS_UNPACKING, 0, declared);
  return ok;
}

static gboolean
extract_all (int fd, const char *dest, Unpack *u, GError **error)
{
  const char *name = u->name;
  struct archive *in = archive_read_new ();
  struct archive_entry *entry;
  Budget budget = { 0 };
  gboolean ok = TRUE;
  int r;

  archive_read_support_format_zip (in);
  archive_read_support_filter_none (in);
  if (lseek (fd, 0, SEEK_SET) != 0 || archive_read_open_fd (in, fd, READ_BLOCK) != ARCHIVE_OK)
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
                       "FMU '%s': not a readable zip archive: %s", name, archive_error_string (in));
          ok = FALSE;
          break;
        }
      ok = still_wanted (u, error) && extract_entry (in, entry, dest, &budget, u, error);
    }
  archive_read_free (in);
  return ok;
}

/* Unpacks interrupted by a crash or a kill leave their private folders;
 * any older than an unpack can take are removed. */
#define STALE_UNPACK_SECONDS (3600)

static void
remove_stale_unpacks (const char *cache)
{
  g_autoptr (GDir) dir = g_dir_open (cache, 0, NULL);
  const char *entry;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (entry, "unpack-"))
        continue;
      path = g_build_filename (cache, entry, NULL);
      if (g_lstat (path, &st) == 0 && S_ISDIR (st.st_mode)
          && now - (gint64)st.st_mtime > STALE_UNPACK_SECONDS)
        orr_remove_tree (path);
    }
}

char *
orr_fmu_unpack_full (const char *path, GCancellable *cancellable, OrrFmuProgressFunc progress,
                     gpointer progress_data, char **sha256, GError **error)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *hash = NULL;
  g_autofree char *cache = cache_folder ();
  g_autofree char *folder = NULL;
  g_autofree char *work = NULL;
  Unpack u = { name, cancellable != NULL ? cancellable : g_cancellable_get_current (), progress,
               progress_data };
  guint64 size = 0;
  int fd = open_fmu (path, name, &size, error);

  if (fd < 0)
    return NULL;
  hash = file_sha256 (fd, size, &u, error);
  if (hash == NULL)
    {
      close (fd);
      return NULL;
    }
  folder = g_build_filename (cache, hash, NULL);
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      if (g_mkdir_with_parents (cache, 0700) != 0)
        {
          int saved = errno;
          g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                       "FMU '%s': cannot create the FMU cache '%s': %s", name, cache,
                       g_strerror (saved));
          close (fd);
          return NULL;
        }
      remove_stale_unpacks (cache);
      work = g_build_filename (cache, "unpack-XXXXXX", NULL);
      if (g_mkdtemp_full (work, 0700) == NULL)
        {
          int saved = errno;
          g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_FILE,
                       "FMU '%s': cannot create a folder in '%s': %s", name, cache,
                       g_strerror (saved));
          close (fd);
          return NULL;
        }
      /* The bytes unpacked are the bytes hashed: the same descriptor. */
      if (!check_headers (fd, &u, error) || !extract_all (fd, work, &u, error))
        {
          orr_remove_tree (work);
          close (fd);
          return NULL;
        }
      /* Another process may have won the race: its folder is as good. */
      if (g_rename (work, folder) != 0)
        orr_remove_tree (work);
    }
  close (fd);
  if (sha256 != NULL)
    *sha256 = g_steal_pointer (&hash);
  return g_steal_pointer (&folder);
}

char *
orr_fmu_unpack (const char *path, char **sha256, GError **error)
{
  return orr_fmu_unpack_full (path, NULL, NULL, NULL, sha256, error);
}
