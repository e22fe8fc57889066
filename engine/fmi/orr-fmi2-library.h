/* orr-fmi2-library.h: an FMU's shared library, loaded and its FMI 2.0
 * functions looked up. Private to the engine and the FMU block: the rest
 * of Orrery sees FMUs through orrery/orr-fmu.h. */
#pragma once

#include "fmi2-api.h"

#include <glib.h>
#include <gmodule.h>
#include <orrery/orr-fmu.h>

G_BEGIN_DECLS

/* The functions an importer calls. Those of the interface not chosen stay
 * NULL; so do the optional ones (FMU state, directional derivatives,
 * input derivatives), which Orrery does not call. */
typedef struct
{
  GModule *module;

  fmi2GetVersionTYPE *GetVersion;
  fmi2SetDebugLoggingTYPE *SetDebugLogging;
  fmi2InstantiateTYPE *Instantiate;
  fmi2FreeInstanceTYPE *FreeInstance;
  fmi2SetupExperimentTYPE *SetupExperiment;
  fmi2EnterInitializationModeTYPE *EnterInitializationMode;
  fmi2ExitInitializationModeTYPE *ExitInitializationMode;
  fmi2TerminateTYPE *Terminate;
  fmi2GetRealTYPE *GetReal;
  fmi2GetIntegerTYPE *GetInteger;
  fmi2GetBooleanTYPE *GetBoolean;
  fmi2GetStringTYPE *GetString;
  fmi2SetRealTYPE *SetReal;
  fmi2SetIntegerTYPE *SetInteger;
  fmi2SetBooleanTYPE *SetBoolean;
  fmi2SetStringTYPE *SetString;

  /* Model Exchange */
  fmi2EnterEventModeTYPE *EnterEventMode;
  fmi2NewDiscreteStatesTYPE *NewDiscreteStates;
  fmi2EnterContinuousTimeModeTYPE *EnterContinuousTimeMode;
  fmi2CompletedIntegratorStepTYPE *CompletedIntegratorStep;
  fmi2SetTimeTYPE *SetTime;
  fmi2SetContinuousStatesTYPE *SetContinuousStates;
  fmi2GetDerivativesTYPE *GetDerivatives;
  fmi2GetEventIndicatorsTYPE *GetEventIndicators;
  fmi2GetContinuousStatesTYPE *GetContinuousStates;

  /* Co-Simulation */
  fmi2DoStepTYPE *DoStep;
} OrrFmi2Library;

/* The path of the library of interface (ORR_FMU_MODEL_EXCHANGE or
 * ORR_FMU_CO_SIMULATION) in the unpacked FMU: binaries/<platform>/<id>.so. */
char *orr_fmi2_library_path (const OrrFmuDescription *description, OrrFmuInterfaces interface);
/* Loads the library and looks up every function the interface needs; a
 * missing one is an error naming it ("FMU 'x.fmu': the shared library does
 * not export fmi2DoStep"). */
OrrFmi2Library *orr_fmi2_library_load (const OrrFmuDescription *description,
                                       OrrFmuInterfaces interface, GError **error);
void orr_fmi2_library_free (OrrFmi2Library *library);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrFmi2Library, orr_fmi2_library_free)

G_END_DECLS
