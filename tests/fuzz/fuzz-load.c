/* fuzz-load.c: libFuzzer harness for the model-file loader. Any bytes
 * must load into a complete model or fail with an error; a loaded model
 * must save and load again. */
#include <orrery/orr-io.h>

#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_data ((const char *)data, size, "fuzz.orr", &error);

  if (model == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        __builtin_trap (); /* a failure must say why */
      return 0;
    }
  {
    gsize length;
    g_autofree char *saved = orr_model_save_to_data (model, &length);
    g_autoptr (OrrModel) again = orr_model_load_data (saved, length, "fuzz-resaved.orr", NULL);
    if (again == NULL)
      __builtin_trap (); /* what we write, we read */
  }
  return 0;
}
