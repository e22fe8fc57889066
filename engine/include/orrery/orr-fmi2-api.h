/* orr-fmi2-api.h: the C interface of FMI 2.0 (Model Exchange and
 * Co-Simulation), written for Orrery from the standard's specification.
 * Public, through orrery/orr-fmu.h: an FMU-like block calls an FMU's
 * functions with these types.
 *
 * An FMU's shared library exports plain C functions whose names and
 * signatures the standard fixes; we never link against one but look each
 * function up with dlopen/dlsym, so what matters here is the exact types.
 * Every function has a function type (fmi2XxxTYPE, as the standard names
 * them) so that the loader declares pointers to it and the test FMUs can
 * declare their own definitions against the same types.
 *
 * No GLib here: the test FMUs include this header too. */
#pragma once

#include <stddef.h>

/* ---- basic types (the "default" platform: fmi2TypesPlatform) ------------ */

typedef void *fmi2Component;            /* an instance of the model */
typedef void *fmi2ComponentEnvironment; /* the importer's pointer, given back in callbacks */
typedef void *fmi2FMUstate;             /* a saved state of an instance */
typedef unsigned int fmi2ValueReference;
typedef double fmi2Real;
typedef int fmi2Integer;
typedef int fmi2Boolean;
typedef char fmi2Char;
typedef const fmi2Char *fmi2String;
typedef char fmi2Byte;

#define fmi2True 1
#define fmi2False 0

#define fmi2TypesPlatform "default"
#define fmi2Version "2.0"

typedef enum
{
  fmi2OK,
  fmi2Warning,
  fmi2Discard,
  fmi2Error,
  fmi2Fatal,
  fmi2Pending,
} fmi2Status;

typedef enum
{
  fmi2ModelExchange,
  fmi2CoSimulation,
} fmi2Type;

typedef enum
{
  fmi2DoStepStatus,
  fmi2PendingStatus,
  fmi2LastSuccessfulTime,
  fmi2Terminated,
} fmi2StatusKind;

/* ---- callbacks the importer gives the instance ---------------------------- */

/* message is a printf format for the arguments that follow. */
typedef void (*fmi2CallbackLogger) (fmi2ComponentEnvironment env, fmi2String instanceName,
                                    fmi2Status status, fmi2String category, fmi2String message,
                                    ...);
typedef void *(*fmi2CallbackAllocateMemory) (size_t nobj, size_t size);
typedef void (*fmi2CallbackFreeMemory) (void *obj);
typedef void (*fmi2StepFinished) (fmi2ComponentEnvironment env, fmi2Status status);

typedef struct
{
  const fmi2CallbackLogger logger;
  const fmi2CallbackAllocateMemory allocateMemory; /* zeroed memory, like calloc */
  const fmi2CallbackFreeMemory freeMemory;
  const fmi2StepFinished stepFinished; /* asynchronous fmi2DoStep only; may be NULL */
  const fmi2ComponentEnvironment componentEnvironment;
} fmi2CallbackFunctions;

/* What fmi2NewDiscreteStates says about the event iteration. */
typedef struct
{
  fmi2Boolean newDiscreteStatesNeeded; /* iterate again */
  fmi2Boolean terminateSimulation;
  fmi2Boolean nominalsOfContinuousStatesChanged;
  fmi2Boolean valuesOfContinuousStatesChanged; /* the states jumped: read them again */
  fmi2Boolean nextEventTimeDefined;
  fmi2Real nextEventTime; /* the next time event, if defined */
} fmi2EventInfo;

/* ---- functions of both interfaces ----------------------------------------- */

typedef const char *fmi2GetTypesPlatformTYPE (void);
typedef const char *fmi2GetVersionTYPE (void);
typedef fmi2Status fmi2SetDebugLoggingTYPE (fmi2Component c, fmi2Boolean loggingOn,
                                            size_t nCategories, const fmi2String categories[]);
typedef fmi2Component fmi2InstantiateTYPE (fmi2String instanceName, fmi2Type fmuType,
                                           fmi2String fmuGUID, fmi2String fmuResourceLocation,
                                           const fmi2CallbackFunctions *functions,
                                           fmi2Boolean visible, fmi2Boolean loggingOn);
typedef void fmi2FreeInstanceTYPE (fmi2Component c);

typedef fmi2Status fmi2SetupExperimentTYPE (fmi2Component c, fmi2Boolean toleranceDefined,
                                            fmi2Real tolerance, fmi2Real startTime,
                                            fmi2Boolean stopTimeDefined, fmi2Real stopTime);
typedef fmi2Status fmi2EnterInitializationModeTYPE (fmi2Component c);
typedef fmi2Status fmi2ExitInitializationModeTYPE (fmi2Component c);
typedef fmi2Status fmi2TerminateTYPE (fmi2Component c);
typedef fmi2Status fmi2ResetTYPE (fmi2Component c);

typedef fmi2Status fmi2GetRealTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                    fmi2Real value[]);
typedef fmi2Status fmi2GetIntegerTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       fmi2Integer value[]);
typedef fmi2Status fmi2GetBooleanTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       fmi2Boolean value[]);
typedef fmi2Status fmi2GetStringTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                      fmi2String value[]);
typedef fmi2Status fmi2SetRealTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                    const fmi2Real value[]);
typedef fmi2Status fmi2SetIntegerTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Integer value[]);
typedef fmi2Status fmi2SetBooleanTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Boolean value[]);
typedef fmi2Status fmi2SetStringTYPE (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                      const fmi2String value[]);

typedef fmi2Status fmi2GetFMUstateTYPE (fmi2Component c, fmi2FMUstate *FMUstate);
typedef fmi2Status fmi2SetFMUstateTYPE (fmi2Component c, fmi2FMUstate FMUstate);
typedef fmi2Status fmi2FreeFMUstateTYPE (fmi2Component c, fmi2FMUstate *FMUstate);
typedef fmi2Status fmi2SerializedFMUstateSizeTYPE (fmi2Component c, fmi2FMUstate FMUstate,
                                                   size_t *size);
typedef fmi2Status fmi2SerializeFMUstateTYPE (fmi2Component c, fmi2FMUstate FMUstate,
                                              fmi2Byte serializedState[], size_t size);
typedef fmi2Status fmi2DeSerializeFMUstateTYPE (fmi2Component c, const fmi2Byte serializedState[],
                                                size_t size, fmi2FMUstate *FMUstate);

typedef fmi2Status
fmi2GetDirectionalDerivativeTYPE (fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                                  size_t nUnknown, const fmi2ValueReference vKnown_ref[],
                                  size_t nKnown, const fmi2Real dvKnown[], fmi2Real dvUnknown[]);

/* ---- Model Exchange --------------------------------------------------------- */

typedef fmi2Status fmi2EnterEventModeTYPE (fmi2Component c);
typedef fmi2Status fmi2NewDiscreteStatesTYPE (fmi2Component c, fmi2EventInfo *eventInfo);
typedef fmi2Status fmi2EnterContinuousTimeModeTYPE (fmi2Component c);
typedef fmi2Status fmi2CompletedIntegratorStepTYPE (fmi2Component c,
                                                    fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                                                    fmi2Boolean *enterEventMode,
                                                    fmi2Boolean *terminateSimulation);
typedef fmi2Status fmi2SetTimeTYPE (fmi2Component c, fmi2Real time);
typedef fmi2Status fmi2SetContinuousStatesTYPE (fmi2Component c, const fmi2Real x[], size_t nx);
typedef fmi2Status fmi2GetDerivativesTYPE (fmi2Component c, fmi2Real derivatives[], size_t nx);
typedef fmi2Status fmi2GetEventIndicatorsTYPE (fmi2Component c, fmi2Real eventIndicators[],
                                               size_t ni);
typedef fmi2Status fmi2GetContinuousStatesTYPE (fmi2Component c, fmi2Real x[], size_t nx);
typedef fmi2Status fmi2GetNominalsOfContinuousStatesTYPE (fmi2Component c, fmi2Real x_nominal[],
                                                          size_t nx);

/* ---- Co-Simulation ---------------------------------------------------------- */

typedef fmi2Status fmi2SetRealInputDerivativesTYPE (fmi2Component c, const fmi2ValueReference vr[],
                                                    size_t nvr, const fmi2Integer order[],
                                                    const fmi2Real value[]);
typedef fmi2Status fmi2GetRealOutputDerivativesTYPE (fmi2Component c, const fmi2ValueReference vr[],
                                                     size_t nvr, const fmi2Integer order[],
                                                     fmi2Real value[]);
typedef fmi2Status fmi2DoStepTYPE (fmi2Component c, fmi2Real currentCommunicationPoint,
                                   fmi2Real communicationStepSize,
                                   fmi2Boolean noSetFMUStatePriorToCurrentPoint);
typedef fmi2Status fmi2CancelStepTYPE (fmi2Component c);
typedef fmi2Status fmi2GetStatusTYPE (fmi2Component c, const fmi2StatusKind s, fmi2Status *value);
typedef fmi2Status fmi2GetRealStatusTYPE (fmi2Component c, const fmi2StatusKind s, fmi2Real *value);
typedef fmi2Status fmi2GetIntegerStatusTYPE (fmi2Component c, const fmi2StatusKind s,
                                             fmi2Integer *value);
typedef fmi2Status fmi2GetBooleanStatusTYPE (fmi2Component c, const fmi2StatusKind s,
                                             fmi2Boolean *value);
typedef fmi2Status fmi2GetStringStatusTYPE (fmi2Component c, const fmi2StatusKind s,
                                            fmi2String *value);
