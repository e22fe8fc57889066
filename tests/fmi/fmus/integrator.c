/* integrator.c: a Co-Simulation test FMU: y is the integral of u from y0,
 * by explicit Euler with ten internal steps per communication step. For
 * an input held over the step, as the importer holds it, that is exact
 * (up to rounding). */
#include "fmu-model.h"

enum
{
  VR_U,
  VR_Y,
  VR_Y0,
};

#define SUBSTEPS 10

const char model_guid[] = "{5a1f7c3e-2b8d-4c6a-a0e4-9f3b2d1c0e02}";
const int model_n_states = 0;
const fmi2ValueReference model_states[] = { 0 };
const fmi2ValueReference model_derivatives[] = { 0 };
const int model_n_indicators = 0;

void
model_start (Model *m)
{
  m->real[VR_Y0] = 0;
}

fmi2Status
model_initialise (Model *m)
{
  m->real[VR_Y] = m->real[VR_Y0];
  return fmi2OK;
}

void
model_compute (Model *m)
{
}

void
model_indicators (Model *m, double *g)
{
}

void
model_event (Model *m, fmi2EventInfo *info)
{
}

int
model_step_event (Model *m)
{
  return 0;
}

void
model_step (Model *m, double h)
{
  for (int k = 0; k < SUBSTEPS; k++)
    m->real[VR_Y] += m->real[VR_U] * (h / SUBSTEPS);
}
