/* fuzz-xcos.c: libFuzzer harness for the Xcos reader (.zcos archives,
 * the Java-serialized dictionary of Scilab 5 files, .xcos XML). Any
 * bytes must import into a model or fail with an error that says why; an
 * imported model must save and load again as .orr. */
#include <orrery/orr-io.h>
#include <orrery/orr-xcos.h>

#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = orr_xcos_load_data (data, size, "fuzz.zcos", NULL, &report, &error);

  if (model == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        __builtin_trap (); /* a failure must say why */
      return 0;
    }
  if (report == NULL)
    __builtin_trap ();
  {
    gsize length;
    g_autofree char *saved = orr_model_save_to_data (model, &length);
    g_autoptr (OrrModel) again = orr_model_load_data (saved, length, "fuzz-resaved.orr", NULL);
    if (again == NULL)
      __builtin_trap (); /* what we write, we read */
  }
  return 0;
}
