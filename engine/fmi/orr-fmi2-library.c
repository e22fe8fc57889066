/* orr-fmi2-library.c: loads an FMU's shared library with GModule (dlopen)
 * and finds the FMI 2.0 functions by their standard names.
 *
 * The library is opened with local symbols: two FMUs both export
 * fmi2Instantiate, and each block must get its own. GModule keeps one
 * handle per path and counts references, so two blocks (or two
 * simulations) of one FMU share the loaded code; an FMU's instances keep
 * their data in their fmi2Component, as the standard requires. */
#include <orrery/orr-fmu.h>

#include <string.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define PLATFORM "linux64"
#else
#define PLATFORM "linux32"
#endif

char *
orr_fmi2_library_path (const OrrFmuDescription *d, OrrFmuInterfaces interface)
{
  const char *id = interface == ORR_FMU_CO_SIMULATION ? d->cs_identifier : d->me_identifier;
  g_autofree char *file = g_strconcat (id != NULL ? id : "", ".so", NULL);

  return g_build_filename (d->folder != NULL ? d->folder : ".", "binaries", PLATFORM, file, NULL);
}

/* Looks name up into *slot; FALSE with the error when it is not there. */
static gboolean
find (OrrFmi2Library *lib, const char *fmu, const char *name, gpointer *slot, GError **error)
{
  if (g_module_symbol (lib->module, name, slot) && *slot != NULL)
    return TRUE;
  g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY,
               "FMU '%s': the shared library does not export %s", fmu, name);
  return FALSE;
}

#define FIND(field) find (lib, fmu, "fmi2" #field, (gpointer *)&lib->field, error)

OrrFmi2Library *
orr_fmi2_library_load (const OrrFmuDescription *d, OrrFmuInterfaces interface, GError **error)
{
  g_autoptr (OrrFmi2Library) lib = g_new0 (OrrFmi2Library, 1);
  g_autofree char *path = orr_fmi2_library_path (d, interface);
  g_autofree char *fmu = g_path_get_basename (d->path != NULL ? d->path : d->model_name);

  if ((interface & d->interfaces) == 0)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY, "FMU '%s' does not implement %s",
                   fmu, interface == ORR_FMU_CO_SIMULATION ? "Co-Simulation" : "Model Exchange");
      return NULL;
    }
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY,
                   "FMU '%s' has no library for this platform (" PLATFORM "): '%s' is missing", fmu,
                   path);
      return NULL;
    }
  lib->module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (lib->module == NULL)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY,
                   "FMU '%s': cannot load its shared library: %s", fmu, g_module_error ());
      return NULL;
    }
  if (!FIND (GetVersion) || !FIND (SetDebugLogging) || !FIND (Instantiate) || !FIND (FreeInstance)
      || !FIND (SetupExperiment) || !FIND (EnterInitializationMode)
      || !FIND (ExitInitializationMode) || !FIND (Terminate) || !FIND (GetReal)
      || !FIND (GetInteger) || !FIND (GetBoolean) || !FIND (GetString) || !FIND (SetReal)
      || !FIND (SetInteger) || !FIND (SetBoolean) || !FIND (SetString))
    return NULL;
  if (interface == ORR_FMU_MODEL_EXCHANGE)
    {
      if (!FIND (EnterEventMode) || !FIND (NewDiscreteStates) || !FIND (EnterContinuousTimeMode)
          || !FIND (CompletedIntegratorStep) || !FIND (SetTime) || !FIND (SetContinuousStates)
          || !FIND (GetDerivatives) || !FIND (GetEventIndicators) || !FIND (GetContinuousStates))
        return NULL;
    }
  else if (!FIND (DoStep))
    return NULL;
  if (strcmp (lib->GetVersion (), fmi2Version) != 0)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_LIBRARY,
                   "FMU '%s': its library implements FMI '%s', not " fmi2Version, fmu,
                   lib->GetVersion ());
      return NULL;
    }
  return g_steal_pointer (&lib);
}

void
orr_fmi2_library_free (OrrFmi2Library *lib)
{
  if (lib == NULL)
    return;
  if (lib->module != NULL)
    g_module_close (lib->module);
  g_free (lib);
}
