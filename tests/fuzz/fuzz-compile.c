/* fuzz-compile.c: libFuzzer harness for the compiler: a fuzzed model file
 * that loads must compile into a program or fail with problems that say
 * what is wrong. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>

#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (OrrModel) model = orr_model_load_data ((const char *)data, size, "fuzz.orr", NULL);
  g_autoptr (OrrRegistry) registry = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (GError) error = NULL;

  if (model == NULL)
    return 0;
  registry = orr_registry_new ();
  orr_palettes_register_standard (registry);
  problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  program = orr_compile (model, registry, NULL, problems, &error);
  if (program == NULL && (problems->len == 0 || error == NULL))
    __builtin_trap (); /* a refusal must come with its reasons */
  return 0;
}
