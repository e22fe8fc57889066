/* fuzz-fmu-description.c: libFuzzer harness for an FMU's
 * modelDescription.xml. Any bytes must describe an FMU or fail with a
 * message; a description must list what it read consistently. */
#include <orrery/orr-fmu.h>

#include <glib/gstdio.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static char *file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrFmuDescription) description = NULL;

  if (file == NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("orrery-fuzz-fmu-XXXXXX", NULL);

      file = g_build_filename (dir, "modelDescription.xml", NULL);
    }
  if (!g_file_set_contents (file, (const char *)data, (gssize)size, NULL))
    return 0;
  description = orr_fmu_description_read (file, "fuzz.fmu", &error);
  if (description == NULL && (error == NULL || error->message[0] == '\0'))
    __builtin_trap (); /* a failure must say why */
  return 0;
}
