/* fmu-skeleton.c: the FMI 2.0 functions every test FMU exports, written
 * once over the Model of fmu-model.h. Both interfaces are here; a model
 * built for one interface only simply has no use for the other's
 * functions. With -DLEAVE_OUT_DO_STEP the library lacks fmi2DoStep, to
 * test the importer's error for a missing function. */
#include "fmu-model.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The exported functions, declared against the API's function types so
 * that a wrong signature does not compile. */
fmi2GetTypesPlatformTYPE fmi2GetTypesPlatform;
fmi2GetVersionTYPE fmi2GetVersion;
fmi2SetDebugLoggingTYPE fmi2SetDebugLogging;
fmi2InstantiateTYPE fmi2Instantiate;
fmi2FreeInstanceTYPE fmi2FreeInstance;
fmi2SetupExperimentTYPE fmi2SetupExperiment;
fmi2EnterInitializationModeTYPE fmi2EnterInitializationMode;
fmi2ExitInitializationModeTYPE fmi2ExitInitializationMode;
fmi2TerminateTYPE fmi2Terminate;
fmi2ResetTYPE fmi2Reset;
fmi2GetRealTYPE fmi2GetReal;
fmi2GetIntegerTYPE fmi2GetInteger;
fmi2GetBooleanTYPE fmi2GetBoolean;
fmi2GetStringTYPE fmi2GetString;
fmi2SetRealTYPE fmi2SetReal;
fmi2SetIntegerTYPE fmi2SetInteger;
fmi2SetBooleanTYPE fmi2SetBoolean;
fmi2SetStringTYPE fmi2SetString;
fmi2EnterEventModeTYPE fmi2EnterEventMode;
fmi2NewDiscreteStatesTYPE fmi2NewDiscreteStates;
fmi2EnterContinuousTimeModeTYPE fmi2EnterContinuousTimeMode;
fmi2CompletedIntegratorStepTYPE fmi2CompletedIntegratorStep;
fmi2SetTimeTYPE fmi2SetTime;
fmi2SetContinuousStatesTYPE fmi2SetContinuousStates;
fmi2GetDerivativesTYPE fmi2GetDerivatives;
fmi2GetEventIndicatorsTYPE fmi2GetEventIndicators;
fmi2GetContinuousStatesTYPE fmi2GetContinuousStates;
fmi2DoStepTYPE fmi2DoStep;

void
model_log (Model *m, fmi2Status status, const char *category, const char *format, ...)
{
  char text[512];
  va_list args;

  if (status == fmi2OK && !m->logging)
    return;
  va_start (args, format);
  vsnprintf (text, sizeof text, format, args);
  va_end (args);
  /* the message is a format for the logger: pass the text through %s */
  m->callbacks->logger (m->callbacks->componentEnvironment, m->instance_name, status, category,
                        "%s", text);
}

const char *
fmi2GetTypesPlatform (void)
{
  return fmi2TypesPlatform;
}

const char *
fmi2GetVersion (void)
{
  return fmi2Version;
}

fmi2Status
fmi2SetDebugLogging (fmi2Component c, fmi2Boolean on, size_t n, const fmi2String categories[])
{
  ((Model *)c)->logging = on;
  return fmi2OK;
}

fmi2Component
fmi2Instantiate (fmi2String name, fmi2Type type, fmi2String guid, fmi2String resources,
                 const fmi2CallbackFunctions *callbacks, fmi2Boolean visible, fmi2Boolean logging)
{
  Model *m;

  if (callbacks == NULL || callbacks->logger == NULL)
    return NULL;
  if (guid == NULL || strcmp (guid, model_guid) != 0)
    {
      callbacks->logger (callbacks->componentEnvironment, name, fmi2Error, "error", "wrong GUID %s",
                         guid != NULL ? guid : "(none)");
      return NULL;
    }
  m = callbacks->allocateMemory (1, sizeof (Model));
  m->callbacks = callbacks;
  m->instance_name = strdup (name != NULL ? name : "");
  m->type = type;
  m->logging = logging;
  model_start (m);
  return m;
}

void
fmi2FreeInstance (fmi2Component c)
{
  Model *m = c;

  if (m == NULL)
    return;
  free (m->instance_name);
  m->callbacks->freeMemory (m);
}

fmi2Status
fmi2SetupExperiment (fmi2Component c, fmi2Boolean tolerance_defined, fmi2Real tolerance,
                     fmi2Real start, fmi2Boolean stop_defined, fmi2Real stop)
{
  ((Model *)c)->time = start;
  return fmi2OK;
}

fmi2Status
fmi2EnterInitializationMode (fmi2Component c)
{
  ((Model *)c)->initialising = fmi2True;
  return fmi2OK;
}

fmi2Status
fmi2ExitInitializationMode (fmi2Component c)
{
  Model *m = c;
  fmi2Status status = model_initialise (m);

  m->initialising = fmi2False;
  model_compute (m);
  return status;
}

fmi2Status
fmi2Terminate (fmi2Component c)
{
  return fmi2OK;
}

fmi2Status
fmi2Reset (fmi2Component c)
{
  model_start (c);
  return fmi2OK;
}

static int
valid (Model *m, const fmi2ValueReference vr[], size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (vr[i] >= MODEL_MAX_VARIABLES)
      {
        model_log (m, fmi2Error, "error", "no variable has value reference %u", vr[i]);
        return 0;
      }
  return 1;
}

fmi2Status
fmi2GetReal (fmi2Component c, const fmi2ValueReference vr[], size_t n, fmi2Real value[])
{
  Model *m = c;

  if (!valid (m, vr, n))
    return fmi2Error;
  model_compute (m);
  for (size_t i = 0; i < n; i++)
    value[i] = m->real[vr[i]];
  return fmi2OK;
}

/* Integer and Boolean variables are both ints. */
static fmi2Status
get_ints (Model *m, const int *from, const fmi2ValueReference vr[], size_t n, int value[])
{
  if (!valid (m, vr, n))
    return fmi2Error;
  for (size_t i = 0; i < n; i++)
    value[i] = from[vr[i]];
  return fmi2OK;
}

static fmi2Status
set_ints (Model *m, int *to, const fmi2ValueReference vr[], size_t n, const int value[])
{
  if (!valid (m, vr, n))
    return fmi2Error;
  for (size_t i = 0; i < n; i++)
    to[vr[i]] = value[i];
  return fmi2OK;
}

fmi2Status
fmi2GetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t n, fmi2Integer value[])
{
  return get_ints (c, ((Model *)c)->integer, vr, n, value);
}

fmi2Status
fmi2GetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t n, fmi2Boolean value[])
{
  return get_ints (c, ((Model *)c)->boolean, vr, n, value);
}

fmi2Status
fmi2GetString (fmi2Component c, const fmi2ValueReference vr[], size_t n, fmi2String value[])
{
  return n == 0 ? fmi2OK : fmi2Error;
}

fmi2Status
fmi2SetReal (fmi2Component c, const fmi2ValueReference vr[], size_t n, const fmi2Real value[])
{
  Model *m = c;

  if (!valid (m, vr, n))
    return fmi2Error;
  for (size_t i = 0; i < n; i++)
    m->real[vr[i]] = value[i];
  return fmi2OK;
}

fmi2Status
fmi2SetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t n, const fmi2Integer value[])
{
  return set_ints (c, ((Model *)c)->integer, vr, n, value);
}

fmi2Status
fmi2SetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t n, const fmi2Boolean value[])
{
  return set_ints (c, ((Model *)c)->boolean, vr, n, value);
}

fmi2Status
fmi2SetString (fmi2Component c, const fmi2ValueReference vr[], size_t n, const fmi2String value[])
{
  return n == 0 ? fmi2OK : fmi2Error;
}

/* ---- Model Exchange ---- */

fmi2Status
fmi2EnterEventMode (fmi2Component c)
{
  return fmi2OK;
}

fmi2Status
fmi2NewDiscreteStates (fmi2Component c, fmi2EventInfo *info)
{
  Model *m = c;

  memset (info, 0, sizeof *info);
  model_event (m, info);
  model_compute (m);
  return fmi2OK;
}

fmi2Status
fmi2EnterContinuousTimeMode (fmi2Component c)
{
  return fmi2OK;
}

fmi2Status
fmi2CompletedIntegratorStep (fmi2Component c, fmi2Boolean no_set_prior, fmi2Boolean *enter_event,
                             fmi2Boolean *terminate)
{
  *enter_event = model_step_event (c) ? fmi2True : fmi2False;
  *terminate = fmi2False;
  return fmi2OK;
}

fmi2Status
fmi2SetTime (fmi2Component c, fmi2Real time)
{
  ((Model *)c)->time = time;
  return fmi2OK;
}

fmi2Status
fmi2SetContinuousStates (fmi2Component c, const fmi2Real x[], size_t nx)
{
  Model *m = c;

  if ((int)nx != model_n_states)
    return fmi2Error;
  for (size_t i = 0; i < nx; i++)
    m->real[model_states[i]] = x[i];
  return fmi2OK;
}

fmi2Status
fmi2GetContinuousStates (fmi2Component c, fmi2Real x[], size_t nx)
{
  Model *m = c;

  if ((int)nx != model_n_states)
    return fmi2Error;
  for (size_t i = 0; i < nx; i++)
    x[i] = m->real[model_states[i]];
  return fmi2OK;
}

fmi2Status
fmi2GetDerivatives (fmi2Component c, fmi2Real dx[], size_t nx)
{
  Model *m = c;

  if ((int)nx != model_n_states)
    return fmi2Error;
  model_compute (m);
  for (size_t i = 0; i < nx; i++)
    dx[i] = m->real[model_derivatives[i]];
  return fmi2OK;
}

fmi2Status
fmi2GetEventIndicators (fmi2Component c, fmi2Real g[], size_t ni)
{
  Model *m = c;

  if ((int)ni != model_n_indicators)
    return fmi2Error;
  model_compute (m);
  model_indicators (m, g);
  return fmi2OK;
}

/* ---- Co-Simulation ---- */

#ifndef LEAVE_OUT_DO_STEP
fmi2Status
fmi2DoStep (fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean no_set_prior)
{
  Model *m = c;

  /* the importer's t is its own sum of steps: equal up to rounding */
  if (h <= 0 || fabs (t - m->time) > 1e-9 * fmax (1.0, fabs (t)))
    {
      model_log (m, fmi2Error, "error", "a step from t = %g while at t = %g", t, m->time);
      return fmi2Error;
    }
  model_step (m, h);
  m->time = t + h;
  model_compute (m);
  return fmi2OK;
}
#endif
