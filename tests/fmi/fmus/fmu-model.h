/* fmu-model.h: what each test FMU's model file gives the shared FMI
 * skeleton (fmu-skeleton.c). A model keeps all its variables in the
 * instance's arrays, indexed by value reference, so the skeleton's
 * fmi2Get/Set functions serve every model. */
#pragma once

#include <orrery/orr-fmi2-api.h>

#define MODEL_MAX_VARIABLES 16

typedef struct
{
  const fmi2CallbackFunctions *callbacks;
  char *instance_name;
  fmi2Type type;
  fmi2Boolean logging;
  fmi2Boolean initialising;
  double time;
  double real[MODEL_MAX_VARIABLES]; /* Real variables by value reference */
  int integer[MODEL_MAX_VARIABLES]; /* Integer variables */
  fmi2Boolean boolean[MODEL_MAX_VARIABLES];
} Model;

/* Given by the model file. */
extern const char model_guid[];
extern const int model_n_states;
extern const fmi2ValueReference model_states[];      /* value references of x */
extern const fmi2ValueReference model_derivatives[]; /* of x' */
extern const int model_n_indicators;

/* Start values. */
void model_start (Model *m);
/* At the end of initialisation; fmi2Error to refuse the parameters. */
fmi2Status model_initialise (Model *m);
/* Derivatives and outputs from time, states, inputs and parameters. */
void model_compute (Model *m);
void model_indicators (Model *m, double *g);
/* One round of the event iteration. */
void model_event (Model *m, fmi2EventInfo *info);
/* Model Exchange, after each accepted step: nonzero to ask for a step
 * event. */
int model_step_event (Model *m);
/* Co-Simulation: advance by h. */
void model_step (Model *m, double h);

/* Logs through the importer's logger; debug messages only when logging is on. */
void model_log (Model *m, fmi2Status status, const char *category, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));
