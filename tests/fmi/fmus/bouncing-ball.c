/* bouncing-ball.c: a Model Exchange test FMU. A ball falls from h0 under
 * gravity g and bounces with restitution e: h' = v, v' = -g, one event
 * indicator h; at an impact (h at the floor, falling) v becomes -e v.
 * With logging on it logs each bounce (category "events"). */
#include "fmu-model.h"

enum
{
  VR_H,
  VR_DER_H,
  VR_V,
  VR_DER_V,
  VR_G,
  VR_E,
};

const char model_guid[] = "{8c4e810f-3df3-4a00-8276-176fa3c9f000}";
const int model_n_states = 2;
const fmi2ValueReference model_states[] = { VR_H, VR_V };
const fmi2ValueReference model_derivatives[] = { VR_DER_H, VR_DER_V };
const int model_n_indicators = 1;

void
model_start (Model *m)
{
  m->real[VR_H] = 10;
  m->real[VR_V] = 0;
  m->real[VR_G] = 9.81;
  m->real[VR_E] = 0.9;
}

fmi2Status
model_initialise (Model *m)
{
  if (m->real[VR_E] < 0 || m->real[VR_E] > 1)
    {
      model_log (m, fmi2Error, "error", "the restitution e must be in [0, 1], not %g",
                 m->real[VR_E]);
      return fmi2Error;
    }
  return fmi2OK;
}

void
model_compute (Model *m)
{
  m->real[VR_DER_H] = m->real[VR_V];
  m->real[VR_DER_V] = -m->real[VR_G];
}

void
model_indicators (Model *m, double *g)
{
  g[0] = m->real[VR_H];
}

void
model_event (Model *m, fmi2EventInfo *info)
{
  /* The solver locates h = 0 to within its tolerance, on either side. */
  if (m->real[VR_H] < 1e-6 && m->real[VR_V] < 0)
    {
      m->real[VR_V] = -m->real[VR_E] * m->real[VR_V];
      info->valuesOfContinuousStatesChanged = fmi2True;
      model_log (m, fmi2OK, "events", "bounce at t = %.6f", m->time);
    }
}

int
model_step_event (Model *m)
{
  return 0;
}

void
model_step (Model *m, double h)
{
}
