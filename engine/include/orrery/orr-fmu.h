/* orr-fmu.h: FMI 2.0 FMUs (Functional Mock-up Units) as the engine reads
 * them: a .fmu file is unpacked into a cache folder keyed by the file's
 * SHA-256 and its modelDescription.xml described. No GTK: the app's FMU
 * block dialog lists what orr_fmu_describe() returns (interfaces, inputs,
 * outputs, parameters with their start values and descriptions), and the
 * FMU block class (palettes/custom/fmu-block.c) builds its ports and runs
 * the FMU from the same description and the library functions below, so
 * an FMU-like block needs this header besides orr-block.h and nothing
 * else. docs/fmi.md says what is supported.
 *
 * The cache: $ORRERY_FMU_CACHE if set, else the user's cache folder,
 * orrery/fmu; each FMU in <cache>/<sha256 of the file>/. An unchanged
 * file is unpacked once; a changed file has another hash, so it is
 * unpacked anew into its own folder (old folders are left for the user's
 * cache cleaner). Only a regular file is read: a pipe or a device named as
 * an FMU is refused at once. */
#pragma once

#include <gio/gio.h>
#include <glib.h>
#include <gmodule.h>
#include <orrery/orr-fmi2-api.h>

G_BEGIN_DECLS

#define ORR_FMU_ERROR (orr_fmu_error_quark ())
GQuark orr_fmu_error_quark (void);

/* Resource limits (docs/reliability.md): an FMU over them is refused with
 * a message, and a partly unpacked folder is removed. */
#define ORR_MAX_FMU_FILE_BYTES ((guint64)1 << 30)     /* the .fmu file */
#define ORR_MAX_FMU_UNPACKED_BYTES ((guint64)1 << 30) /* all its entries, unpacked */
#define ORR_MAX_FMU_ENTRIES 10000                     /* files and folders in it */

typedef enum
{
  ORR_FMU_ERROR_FILE,        /* the .fmu cannot be read or is not a zip archive */
  ORR_FMU_ERROR_UNSAFE,      /* an entry would land outside its folder (absolute, "..") */
  ORR_FMU_ERROR_DESCRIPTION, /* modelDescription.xml is missing or malformed */
  ORR_FMU_ERROR_LIBRARY,     /* the shared library is missing or lacks a function */
  ORR_FMU_ERROR_LIMIT,       /* bigger than the limits above (a zip bomb...) */
} OrrFmuError;

/* Which FMI interfaces an FMU implements (a bit set). */
typedef enum
{
  ORR_FMU_MODEL_EXCHANGE = 1 << 0,
  ORR_FMU_CO_SIMULATION = 1 << 1,
} OrrFmuInterfaces;

typedef enum
{
  ORR_FMU_REAL,
  ORR_FMU_INTEGER,
  ORR_FMU_BOOLEAN,
  ORR_FMU_STRING,
  ORR_FMU_ENUMERATION,
} OrrFmuType;

typedef enum
{
  ORR_FMU_CAUSALITY_PARAMETER,
  ORR_FMU_CAUSALITY_CALCULATED_PARAMETER,
  ORR_FMU_CAUSALITY_INPUT,
  ORR_FMU_CAUSALITY_OUTPUT,
  ORR_FMU_CAUSALITY_LOCAL, /* the standard's default */
  ORR_FMU_CAUSALITY_INDEPENDENT,
} OrrFmuCausality;

typedef enum
{
  ORR_FMU_VARIABILITY_CONSTANT,
  ORR_FMU_VARIABILITY_FIXED,
  ORR_FMU_VARIABILITY_TUNABLE,
  ORR_FMU_VARIABILITY_DISCRETE,
  ORR_FMU_VARIABILITY_CONTINUOUS, /* the standard's default */
} OrrFmuVariability;

/* One ScalarVariable of modelDescription.xml. */
typedef struct
{
  char *name;
  guint value_reference;
  OrrFmuCausality causality;
  OrrFmuVariability variability;
  OrrFmuType type;
  char *start;       /* as written in the file (Boolean: "true"/"false"), or NULL */
  char *description; /* or NULL */
  int derivative;    /* Real only: 1-based index of the variable this one is the
                      * derivative of, 0 if none */
} OrrFmuVariable;

/* An unknown of ModelStructure: the variable (1-based index into the
 * variables) and what it depends on. */
typedef struct
{
  int index;
  gboolean dependencies_given; /* FALSE: the attribute is absent, it may depend on anything */
  GArray *dependencies;        /* of int, 1-based variable indices */
} OrrFmuUnknown;

typedef struct
{
  char *path;   /* the .fmu as given */
  char *sha256; /* of its bytes, the cache key */
  char *folder; /* where it is unpacked */

  char *fmi_version; /* "2.0" */
  char *model_name;
  char *guid;
  char *description;     /* or NULL */
  char *generation_tool; /* or NULL */

  OrrFmuInterfaces interfaces;
  char *me_identifier; /* the library's name for Model Exchange, or NULL */
  char *cs_identifier; /* for Co-Simulation, or NULL */
  gboolean me_needs_execution_tool, me_completed_integrator_step_not_needed;
  gboolean me_can_get_and_set_fmu_state;
  gboolean cs_needs_execution_tool, cs_can_handle_variable_step_size;
  gboolean cs_can_interpolate_inputs, cs_can_run_asynchronously;
  gboolean cs_can_get_and_set_fmu_state;
  int cs_max_output_derivative_order;

  guint n_event_indicators;

  gboolean has_default_experiment;
  double start_time, stop_time, tolerance, step_size; /* NAN where not given */

  GPtrArray *variables;     /* of OrrFmuVariable*, in file order (index i is variable i + 1) */
  GArray *outputs;          /* of OrrFmuUnknown */
  GArray *derivatives;      /* of OrrFmuUnknown */
  GArray *initial_unknowns; /* of OrrFmuUnknown */
  int n_states;             /* the number of Derivatives unknowns */
} OrrFmuDescription;

/* Unpacks path (once per content) and reads its modelDescription.xml.
 * Errors name the FMU's file name, and for the description the element and
 * its line. */
OrrFmuDescription *orr_fmu_describe (const char *path, GError **error);
/* Reads an already unpacked modelDescription.xml; fmu_name is how errors
 * name the FMU ("ball.fmu"). */
OrrFmuDescription *orr_fmu_description_read (const char *xml_path, const char *fmu_name,
                                             GError **error);
void orr_fmu_description_free (OrrFmuDescription *description);

/* The folder path is unpacked into (created if needed) and, if sha256 is
 * not NULL, the file's hash. It stops when the calling thread's current
 * cancellable (g_cancellable_push_current) is cancelled, as
 * orr_fmu_unpack_full does with its own: so does orr_fmu_describe, and a
 * block's configure run on a worker. */
char *orr_fmu_unpack (const char *path, char **sha256, GError **error);

/* What an unpack is doing: hashing the file (done and total are bytes of
 * the .fmu), then unpacking (bytes written of what the archive's headers
 * declare). An FMU already in the cache is only hashed. */
typedef enum
{
  ORR_FMU_PROGRESS_HASHING,
  ORR_FMU_PROGRESS_UNPACKING,
} OrrFmuProgressPhase;

/* Called on the unpacking thread after each block read or written. */
typedef void (*OrrFmuProgressFunc) (OrrFmuProgressPhase phase, guint64 done, guint64 total,
                                    gpointer user_data);

/* orr_fmu_unpack that can be stopped and followed. cancellable (NULL: the
 * thread's current one, or none) is checked while hashing, between entries
 * and between the blocks of an entry; a cancelled unpack removes its
 * private folder, leaves the cache as it was and fails with
 * G_IO_ERROR_CANCELLED ("FMU 'x.fmu': unpacking cancelled"). progress may
 * be NULL. */
char *orr_fmu_unpack_full (const char *path, GCancellable *cancellable, OrrFmuProgressFunc progress,
                           gpointer progress_data, char **sha256, GError **error);

/* The variable with that name, or NULL. */
const OrrFmuVariable *orr_fmu_description_find (const OrrFmuDescription *description,
                                                const char *name);
/* The variables of one causality, in file order, of const OrrFmuVariable*. */
GPtrArray *orr_fmu_description_list (const OrrFmuDescription *description,
                                     OrrFmuCausality causality);
/* The regular ports an FMU block has: inputs and outputs of type Real,
 * Integer or Boolean, in file order. */
GPtrArray *orr_fmu_description_ports (const OrrFmuDescription *description,
                                      OrrFmuCausality causality);
/* TRUE when output (1-based variable index) depends directly on input
 * (1-based variable index), by the ModelStructure: an output without a
 * dependencies attribute depends on every input. */
gboolean orr_fmu_description_output_depends_on (const OrrFmuDescription *description, int output,
                                                int input);

/* The FMU block's name for the block parameter that sets FMU variable
 * name: "fmu." followed by the name, e.g. "fmu.e" or "fmu.der(x)". The
 * FMU block's own parameters have no dot, so the two never collide. */
char *orr_fmu_param_name (const char *variable_name);
#define ORR_FMU_PARAM_PREFIX "fmu."

const char *orr_fmu_type_name (OrrFmuType type);
const char *orr_fmu_causality_name (OrrFmuCausality causality);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrFmuDescription, orr_fmu_description_free)

/* ---- running an FMU: its shared library and FMI 2.0 functions ---------- */

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
