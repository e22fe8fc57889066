/* fuzz-library.c: libFuzzer harness for a library folder's library.xml,
 * the file a library dropped into the user's library folder brings. Any
 * bytes must open as a library or fail with a message, within the
 * limits (no entity expansion, no endless read). */
#include <orrery/orr-library.h>

#include <glib/gstdio.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static char *dir = NULL;
  static char *file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) library = NULL;

  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("orrery-fuzz-library-XXXXXX", NULL);
      file = g_build_filename (dir, "library.xml", NULL);
    }
  if (!g_file_set_contents (file, (const char *)data, (gssize)size, NULL))
    return 0;
  library = orr_library_open (dir, &error);
  if (library == NULL && (error == NULL || error->message[0] == '\0'))
    __builtin_trap (); /* a failure must say why */
  return 0;
}
