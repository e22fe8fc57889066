/* orr-output-file.c: the one rule for files a block writes (ToCSV, ToMat
 * and any C block through orr_block_open_output_file), and where the
 * names of the files it reads start (orr_block_input_path).
 *
 * A relative name starts in the model's folder (the working folder for a
 * model without a file), never in whatever folder orrery was started
 * from; the model's own file is never written. A trusted model's names
 * are taken as given. An untrusted one (a model from someone else) may
 * only create files in its folder or below, reached through no symbolic
 * link, and overwrite only files an earlier run of the same model created:
 * those are listed, one relative name a line, in the user's cache folder
 * (orrery/written/<sha256 of the model's path>), so `file='../.bashrc'`,
 * `file='/etc/...'`, a planted `out.csv -> ~/.bashrc` link and a file the
 * user keeps beside the model are all refused, naming the file.
 *
 * The walk opens each folder below the model's with O_NOFOLLOW relative
 * to the one above (openat), so a link anywhere on the way is caught, and
 * the file is created with O_EXCL or reopened with O_NOFOLLOW.
 *
 * DESIGN: reads sim->program only (its trust and model path); no state of
 * its own. */

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "orr-sim-private.h"

/* The list of written files is a short text; anything bigger is not ours. */
#define MAX_WRITTEN_LIST_BYTES ((gsize)16 << 20)

static char *
written_list_path (const char *key)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

  return g_build_filename (g_get_user_cache_dir (), "orrery", "written", hash, NULL);
}

/* TRUE when relative (a name below the folder) is in the list. */
static gboolean
was_written (const char *list_path, const char *relative)
{
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;

  if (!orr_read_input_file (list_path, MAX_WRITTEN_LIST_BYTES, &contents, NULL, NULL))
    return FALSE;
  lines = g_strsplit (contents, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    if (strcmp (lines[i], relative) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
remember_written (const char *list_path, const char *key, const char *relative, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (list_path);
  g_autofree char *line = NULL;
  gsize length, done = 0;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot keep the list of files this model wrote in '%s': %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  /* the first line names the model, for a person reading the folder */
  if (!g_file_test (list_path, G_FILE_TEST_EXISTS))
    line = g_strdup_printf ("# %s\n%s\n", key, relative);
  else
    line = g_strdup_printf ("%s\n", relative);
  length = strlen (line);
  fd = g_open (list_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
  while (fd >= 0 && done < length)
    {
      ssize_t n = write (fd, line + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += (gsize)n;
    }
  if (fd < 0 || done < length)
    {
      int saved = errno != 0 ? errno : EIO;
      if (fd >= 0)
        close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot write the list of files this model wrote, '%s': %s", list_path,
                   g_strerror (saved));
      return FALSE;
    }
  close (fd);
  return TRUE;
}

static int
fail_errno (GError **error, int saved, const char *verb, const char *path)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "cannot %s '%s': %s", verb,
               path, g_strerror (saved));
  return -1;
}

/* The untrusted case: full is below root (both absolute, lexically
 * clean). */
static int
open_below (const char *root, const char *full, const char *key, GError **error)
{
  const char *relative = full + strlen (root) + (g_str_has_suffix (root, "/") ? 0 : 1);
  g_auto (GStrv) parts = g_strsplit (relative, "/", -1);
  guint n = g_strv_length (parts);
  g_autofree char *list = written_list_path (key);
  struct stat st;
  int dir, fd;

  dir = open (root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0)
    return fail_errno (error, errno, "write", full);
  for (guint i = 0; i + 1 < n; i++)
    {
      int next = openat (dir, parts[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      int saved = errno;

      close (dir);
      if (next < 0 && (saved == ELOOP || saved == ENOTDIR))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_PERM,
                       "will not write '%s': '%s' on the way is a symbolic link or not a "
                       "folder, and a model you have not trusted writes through no link",
                       full, parts[i]);
          return -1;
        }
      if (next < 0)
        return fail_errno (error, saved, "write", full);
      dir = next;
    }

  if (fstatat (dir, parts[n - 1], &st, AT_SYMLINK_NOFOLLOW) == 0)
    {
      const char *problem = NULL;

      if (S_ISLNK (st.st_mode))
        problem = "it is a symbolic link, and a model you have not trusted writes through no "
                  "link";
      else if (!S_ISREG (st.st_mode))
        problem = "it is not a regular file";
      else if (!was_written (list, relative))
        problem = "it exists and no earlier run of this model wrote it; a model you have not "
                  "trusted only replaces its own files (remove the file, or trust the model)";
      if (problem != NULL)
        {
          close (dir);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "will not write '%s': %s", full,
                       problem);
          return -1;
        }
      fd = openat (dir, parts[n - 1], O_WRONLY | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        {
          int saved = errno;
          close (dir);
          return fail_errno (error, saved, "write", full);
        }
      close (dir);
      return fd;
    }
  if (errno != ENOENT)
    {
      int saved = errno;
      close (dir);
      return fail_errno (error, saved, "write", full);
    }
  fd = openat (dir, parts[n - 1], O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      close (dir);
      return fail_errno (error, saved, "create", full);
    }
  close (dir);
  if (!remember_written (list, key, relative, error))
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* The program block runs in, or NULL for a block driven alone (a test). */
static const OrrProgram *
block_program (OrrSimBlock *block)
{
  return block->sim != NULL ? ((OrrSimulation *)block->sim)->program : NULL;
}

/* The folder a model's relative file names start in: the model's own, or
 * the working folder for a model without a file. */
static char *
model_folder (const OrrProgram *program)
{
  if (program != NULL && program->model_path != NULL)
    return g_path_get_dirname (program->model_path);
  return g_get_current_dir ();
}

char *
orr_block_input_path (OrrSimBlock *block, const char *name)
{
  g_autofree char *root = NULL;

  g_return_val_if_fail (block != NULL && name != NULL, NULL);
  root = model_folder (block_program (block));
  return g_canonicalize_filename (name, root);
}

int
orr_block_open_output_file (OrrSimBlock *block, const char *name, char **path, GError **error)
{
  const OrrProgram *program;
  g_autofree char *root = NULL;
  g_autofree char *full = NULL;
  const char *key;
  struct stat model_st, st;
  gboolean trusted;
  int fd;

  g_return_val_if_fail (block != NULL && name != NULL, -1);

  program = block_program (block);
  trusted = program != NULL && program->trusted;
  root = model_folder (program);
  key = program != NULL && program->model_path != NULL ? program->model_path : root;
  if (*name == '\0')
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "no file name given");
      return -1;
    }
  full = g_canonicalize_filename (name, root);

  /* never the model: by name, and by what the name reaches */
  if (program != NULL && program->model_path != NULL
      && (strcmp (full, program->model_path) == 0
          || (g_stat (program->model_path, &model_st) == 0 && g_stat (full, &st) == 0
              && st.st_dev == model_st.st_dev && st.st_ino == model_st.st_ino)))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_PERM,
                   "will not write '%s': it is the model's own file", full);
      return -1;
    }

  if (trusted)
    {
      fd = g_open (full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
      if (fd < 0)
        return fail_errno (error, errno, "write", full);
    }
  else
    {
      if (strcmp (full, root) == 0 || !g_str_has_prefix (full, root)
          || (full[strlen (root)] != '/' && !g_str_has_suffix (root, "/")))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_PERM,
                       "will not write '%s': it is outside the model's folder '%s', and a "
                       "model you have not trusted writes only there or below",
                       full, root);
          return -1;
        }
      /* the list of written files holds one name a line: a name with a
       * line break in it could slip another name into it */
      for (const char *p = full; *p != '\0'; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
          {
            g_autofree char *shown = g_strescape (full, NULL);

            g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                         "will not write '%s': a model you have not trusted writes no file "
                         "whose name holds a control character (a line break...)",
                         shown);
            return -1;
          }
      fd = open_below (root, full, key, error);
      if (fd < 0)
        return -1;
    }
  if (path != NULL)
    *path = g_steal_pointer (&full);
  return fd;
}
