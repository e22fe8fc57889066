/* lag.c: a Model Exchange test FMU with an input: the first-order lag
 * x' = (u - x) / T, y = x, x(0) = x0. Its output depends on the state
 * only, not on u: in a feedback loop it must not make an algebraic loop.
 * T <= 0 is refused at initialisation with a logged error. A time event
 * at t_reset (a parameter, never by default) sets x back to 0 and counts
 * in the Integer output "resets". A step event saturates x at x_max
 * (never by default): after an accepted step that took x above it, the
 * FMU asks for an event, sets x to x_max and holds it there (x' = 0). */
#include "fmu-model.h"

enum
{
  VR_U,
  VR_Y,
  VR_X,
  VR_DER_X,
  VR_T,
  VR_X0,
  VR_T_RESET,
  VR_X_MAX,
};

/* Integer value references */
enum
{
  VR_RESETS,
  VR_SATURATED, /* internal, not in the description */
};

const char model_guid[] = "{0b7d1d5e-6f3e-4f7a-9d55-2c1d1a3b7e01}";
const int model_n_states = 1;
const fmi2ValueReference model_states[] = { VR_X };
const fmi2ValueReference model_derivatives[] = { VR_DER_X };
const int model_n_indicators = 0;

void
model_start (Model *m)
{
  m->real[VR_T] = 0.5;
  m->real[VR_X0] = 0;
  m->real[VR_T_RESET] = 1e30;
  m->real[VR_X_MAX] = 1e30;
  m->integer[VR_RESETS] = 0;
  m->integer[VR_SATURATED] = 0;
}

fmi2Status
model_initialise (Model *m)
{
  if (!(m->real[VR_T] > 0))
    {
      model_log (m, fmi2Error, "error", "the time constant T must be positive, not %g",
                 m->real[VR_T]);
      return fmi2Error;
    }
  m->real[VR_X] = m->real[VR_X0];
  return fmi2OK;
}

void
model_compute (Model *m)
{
  m->real[VR_Y] = m->real[VR_X];
  m->real[VR_DER_X]
    = m->integer[VR_SATURATED] ? 0 : (m->real[VR_U] - m->real[VR_X]) / m->real[VR_T];
}

void
model_indicators (Model *m, double *g)
{
}

void
model_event (Model *m, fmi2EventInfo *info)
{
  if (m->integer[VR_RESETS] == 0 && m->time >= m->real[VR_T_RESET])
    {
      m->real[VR_X] = 0;
      m->integer[VR_SATURATED] = 0;
      m->integer[VR_RESETS]++;
      info->valuesOfContinuousStatesChanged = fmi2True;
    }
  if (m->real[VR_X] > m->real[VR_X_MAX])
    {
      m->real[VR_X] = m->real[VR_X_MAX];
      m->integer[VR_SATURATED] = 1;
      info->valuesOfContinuousStatesChanged = fmi2True;
    }
  info->nextEventTimeDefined = m->integer[VR_RESETS] == 0;
  info->nextEventTime = m->real[VR_T_RESET];
}

int
model_step_event (Model *m)
{
  return m->real[VR_X] > m->real[VR_X_MAX];
}

void
model_step (Model *m, double h)
{
}
