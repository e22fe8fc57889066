/* fmu-pack.c: packs files into a zip archive, the way an exporting tool
 * makes an .fmu, for the FMI tests:
 *
 *   fmu-pack OUT.fmu ENTRY=FILE...
 *
 * ENTRY is the path inside the archive (modelDescription.xml,
 * binaries/linux64/ball.so), taken as given, so a test can also make an
 * archive with a hostile entry such as ../evil.txt. */
#include <archive.h>
#include <archive_entry.h>
#include <glib.h>
#include <string.h>

static gboolean
add_entry (struct archive *out, const char *entry_name, const char *file, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length;
  struct archive_entry *entry;
  gboolean ok;

  if (!g_file_get_contents (file, &contents, &length, error))
    return FALSE;
  entry = archive_entry_new ();
  archive_entry_set_pathname (entry, entry_name);
  archive_entry_set_filetype (entry, AE_IFREG);
  archive_entry_set_perm (entry, 0644);
  archive_entry_set_size (entry, (la_int64_t)length);
  ok = archive_write_header (out, entry) == ARCHIVE_OK
       && archive_write_data (out, contents, length) == (la_ssize_t)length;
  archive_entry_free (entry);
  if (!ok)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot add %s: %s", entry_name,
                 archive_error_string (out));
  return ok;
}

int
main (int argc, char **argv)
{
  struct archive *out;
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

  if (argc < 3)
    {
      g_printerr ("usage: fmu-pack OUT.fmu ENTRY=FILE...\n");
      return 2;
    }
  out = archive_write_new ();
  archive_write_set_format_zip (out);
  if (archive_write_open_filename (out, argv[1]) != ARCHIVE_OK)
    {
      g_printerr ("fmu-pack: cannot write %s: %s\n", argv[1], archive_error_string (out));
      archive_write_free (out);
      return 1;
    }
  for (int i = 2; i < argc && ok; i++)
    {
      g_auto (GStrv) pair = g_strsplit (argv[i], "=", 2);

      if (pair[0] == NULL || pair[1] == NULL)
        {
          g_printerr ("fmu-pack: '%s' is not ENTRY=FILE\n", argv[i]);
          ok = FALSE;
          break;
        }
      ok = add_entry (out, pair[0], pair[1], &error);
    }
  if (archive_write_close (out) != ARCHIVE_OK)
    ok = FALSE;
  archive_write_free (out);
  if (error != NULL)
    g_printerr ("fmu-pack: %s\n", error->message);
  return ok ? 0 : 1;
}
