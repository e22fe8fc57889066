/* orr-block.h: the block-author API. The only header a block includes,
 * whether it is one of the standard palettes or a user's own C block.
 *
 * A block class has three parts:
 *  - parameter specs: what its dialog shows (name, label, default
 *    expression, help);
 *  - a configure function: from the evaluated parameters to ports, sizes,
 *    types, feedthrough, states, surfaces, modes and activation ports. It
 *    runs in the editor too, so ports follow parameter changes;
 *  - a simulation function, called with the jobs below. Job numbers follow
 *    the Scicos family so that existing code ports easily.
 *
 * docs/block-api.md walks through a complete example.
 */
#pragma once

#include <glib.h>
#include <orrery/orr-value.h>
#include <orrery/orr-dense.h>

G_BEGIN_DECLS

/* ---- jobs -------------------------------------------------------------- */

typedef enum
{
  ORR_JOB_DERIVATIVES = 0,    /* write x' (explicit) or the residual (implicit) */
  ORR_JOB_OUTPUTS = 1,        /* write outputs from t, u, x, z, nevprt, modes */
  ORR_JOB_STATE_UPDATE = 2,   /* update z and object states, may jump x */
  ORR_JOB_EVENTS = 3,         /* write delays for activation outputs in evout */
  ORR_JOB_INIT = 4,           /* once, first: allocate work, open files; inputs not valid */
  ORR_JOB_TERMINATE = 5,      /* once, last: also after an error or a stop */
  ORR_JOB_REINIT = 6,         /* after initialisation: may reset x from the inputs */
  ORR_JOB_ZERO_CROSSINGS = 9, /* write surfaces g; set modes unless they are fixed */
  ORR_JOB_JACOBIAN = 10,      /* write the analytic Jacobian, column-major */
} OrrJob;

/* Where the simulation is when a block is called. */
typedef enum
{
  ORR_PHASE_INIT,      /* initialisation */
  ORR_PHASE_EXIT_INIT, /* the end of initialisation: initial events are programmed now */
  ORR_PHASE_EVENT,     /* an event or an accepted point: act */
  ORR_PHASE_TRIAL,     /* a solver's trial point: compute, but no side effects */
  ORR_PHASE_TERMINATE, /* the end */
} OrrPhase;

/* ---- the block at run time --------------------------------------------- */

/* A regular port: a matrix of rows x cols elements of one type, column-major. */
typedef struct
{
  int rows;
  int cols;
  OrrType type;
  gpointer data;
} OrrPortBuffer;

/* What every block of one simulation shares: time and phase. Read-only. */
typedef struct
{
  double t; /* current time */
  double start_time;
  double final_time;
  OrrPhase phase;
  gboolean modes_fixed; /* TRUE while the solver integrates: use modes, do not set them */
  double alpha, beta;   /* Jacobian weights of an implicit block: J = alpha dF/dx + beta dF/dx' */
} OrrSimTime;

typedef struct _OrrSimBlock OrrSimBlock;
typedef void (*OrrSimFunc) (OrrSimBlock *block, OrrJob job);

struct _OrrSimBlock
{
  /* regular ports */
  int n_in;
  OrrPortBuffer *in; /* an unconnected input reads zeros */
  int n_out;
  OrrPortBuffer *out;

  /* continuous state */
  int nx;
  double *x;
  double *xd;       /* explicit blocks write x' here; implicit blocks read it */
  double *res;      /* implicit blocks write F(t, x, x', u) here */
  double *jacobian; /* nx*nx, column-major, during ORR_JOB_JACOBIAN */

  /* discrete state and object states (typed matrices) */
  int nz;
  double *z;
  int noz;
  OrrPortBuffer *oz;

  /* parameters, as configure stored them */
  int n_rpar;
  const double *rpar;
  int n_ipar;
  const int *ipar;
  int n_opar;
  OrrValue *const *opar;

  /* zero crossings and modes */
  int ng;
  double *g;
  int *jroot; /* after a crossing: +1 rising, -1 falling, 0 none; kept until the
               * modes are chosen again, so that the choice can see it */
  int nmode;
  int *mode;

  /* activation */
  int n_evin;
  int nevprt; /* bit-coded activated inputs (1 + 4: ports 1 and 3); -1: own zero crossing */
  int n_evout;
  double *evout; /* set to -1 before each ORR_JOB_EVENTS; a delay >= 0 programs an event,
                  * replacing the output's pending one; a negative value leaves it alone */

  /* the block's own memory; freed by the block in ORR_JOB_TERMINATE, or by
   * the simulator if it came from orr_block_alloc_work() */
  gpointer work;

  const OrrSimTime *time;
  const char *path; /* "Plant/Motor/Integrator1" */

  /*< private >*/
  gpointer sim;
  int index;
};

static inline double
orr_block_get_time (const OrrSimBlock *block)
{
  return block->time->t;
}

static inline double *
orr_block_real_in (OrrSimBlock *block, int port)
{
  return (double *)block->in[port].data;
}

static inline double *
orr_block_real_out (OrrSimBlock *block, int port)
{
  return (double *)block->out[port].data;
}

static inline int
orr_block_in_numel (const OrrSimBlock *block, int port)
{
  return block->in[port].rows * block->in[port].cols;
}

static inline int
orr_block_out_numel (const OrrSimBlock *block, int port)
{
  return block->out[port].rows * block->out[port].cols;
}

/* TRUE at a solver's trial point: sinks, files and anything with a side
 * effect must do nothing. */
static inline gboolean
orr_block_in_try_phase (const OrrSimBlock *block)
{
  return block->time->phase == ORR_PHASE_TRIAL;
}

static inline gboolean
orr_block_modes_fixed (const OrrSimBlock *block)
{
  return block->time->modes_fixed;
}

/* TRUE when the block is called because one of its own surfaces crossed. */
static inline gboolean
orr_block_is_zero_crossing_event (const OrrSimBlock *block)
{
  return block->nevprt < 0;
}

static inline gboolean
orr_block_is_exit_init (const OrrSimBlock *block)
{
  return block->time->phase == ORR_PHASE_EXIT_INIT;
}

/* Reports an error: the simulation stops after this job, with the message
 * prefixed by the block's path, and every block gets ORR_JOB_TERMINATE. */
void orr_block_error (OrrSimBlock *block, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* Ends the simulation normally at the current time (End block). */
void orr_block_request_stop (OrrSimBlock *block);
/* Ends this run normally at the current time and asks for a new one (End
 * with "restart"): whoever drives the runs (orr-runs.h) evaluates the
 * model again with __counter__ one higher and simulates it. A stop request
 * in the same run wins over a restart. */
void orr_block_request_restart (OrrSimBlock *block);
/* Runs the event that is being processed once more, at the same time and
 * synchronously, when it is done: every block of its list again, in the
 * same order (RepeatActivation, for iterations inside one instant). Only
 * in the state-update job of an event; ignored elsewhere. An event is
 * repeated at most ORR_MAX_REPEATS times; asking more stops the run with
 * an error naming the block. */
void orr_block_request_repeat (OrrSimBlock *block);
#define ORR_MAX_REPEATS 100000
/* Stores value under name in the run's base, for the next runs to read
 * with GetFromBase('name') (ToBase); takes a new reference. Only at
 * accepted points and in the terminate job; ignored at a trial point. */
void orr_block_set_base_value (OrrSimBlock *block, const char *name, OrrValue *value);
/* What the run's base holds under name (a new reference), or NULL: what
 * earlier runs stored, and this run's own stores so far (BobyqaOpt keeps
 * its evaluations there between runs). Any phase. */
OrrValue *orr_block_get_base_value (OrrSimBlock *block, const char *name);
/* Reports something the user should see without stopping the run (an
 * FMU's log line): it goes, prefixed by nothing, with the block's path
 * alongside, to the simulation's message function
 * (orr_simulation_set_message_func: the app's problems list, orrery-sim's
 * stderr). Any phase; a trial point's messages are kept too. */
void orr_block_warning (OrrSimBlock *block, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* Called after every step the continuous solver accepts, with the time
 * and block->x at the accepted point (phase ORR_PHASE_EVENT), for blocks
 * that must know a step is final (FMI's fmi2CompletedIntegratorStep). It
 * returns TRUE when it changed block->x or its outputs (an FMU's step
 * event): the solver then restarts from there. Set it in the init job;
 * NULL removes it. */
typedef gboolean (*OrrStepHook) (OrrSimBlock *block);
void orr_block_set_step_hook (OrrSimBlock *block, OrrStepHook hook);
/* Called once at each time where events happen (clock ticks, programmed
 * events, zero crossings, the initial events at the start time), before
 * the first block activated there runs: the continuous part has reached
 * that time and no event there has acted yet, so every input holds its
 * left limit, its value just before the events' jumps (LastInput keeps it
 * for its output at the event). Several events at one time make one call.
 * The hook may read its inputs and write z or its work memory; it must
 * change neither its outputs nor x. Phase ORR_PHASE_EVENT, nevprt 0. Set
 * it in the init job; NULL removes it. */
typedef void (*OrrLeftLimitHook) (OrrSimBlock *block);
void orr_block_set_left_limit_hook (OrrSimBlock *block, OrrLeftLimitHook hook);
/* Zeroed memory in block->work, freed by the simulator after terminate. */
gpointer orr_block_alloc_work (OrrSimBlock *block, gsize size);
/* A sink records one sample of n values at the current time into its
 * stream (scopes, files and the CLI's CSV writer read streams). Only at
 * accepted points. */
void orr_block_record (OrrSimBlock *block, const double *values, int n);

/* ---- configure --------------------------------------------------------- */

/* How a block with no activation input is activated. */
typedef enum
{
  ORR_INHERIT_UNION,     /* the union of the activations of its inputs' drivers */
  ORR_INHERIT_PER_INPUT, /* one hidden activation input per regular input (SelectInput) */
} OrrInheritance;

/* Blocks the compiler handles itself rather than only calling. */
typedef enum
{
  ORR_BLOCK_ORDINARY,
  ORR_BLOCK_IF_THEN_ELSE, /* 1 activation in, 2 out: "then" when u > 0, else "else" */
  ORR_BLOCK_SWITCH_CASE,  /* N outputs, chosen by round(u) clamped to 1..N */
  ORR_BLOCK_CONDITIONAL,  /* any activation filter written in C: when activated, its
                           * ORR_JOB_EVENTS writes evout[i] >= 0 for the outputs to fire,
                           * and those run at once, inside the same event (synchronous,
                           * no new source), after its OUTPUTS job and before the event's
                           * state updates (FrequencyDivider, EdgeTrigger...) */
  ORR_BLOCK_SAMPLE_CLOCK, /* rpar = { period, offset }; merged into one base clock */
  ORR_BLOCK_EVENT_UNION,  /* N activation inputs, 1 output: their union, no new source */
  ORR_BLOCK_SYNC_TAG,     /* limits SampleClock merging to its own diagram */
  ORR_BLOCK_INPUT_PORT,   /* super block ports: removed by flattening; ipar = { port } */
  ORR_BLOCK_OUTPUT_PORT,
  ORR_BLOCK_EVENT_INPUT_PORT,
  ORR_BLOCK_EVENT_OUTPUT_PORT,
  ORR_BLOCK_GOTO,        /* 1 input, a wire to every From with its tag: opar = { tag (string) },
                          * ipar = { 0: visible in its own diagram, 1: in the whole model } */
  ORR_BLOCK_FROM,        /* 1 output, whatever feeds the Goto with its tag: opar = { tag } */
  ORR_BLOCK_EVENT_GOTO,  /* 1 activation input, an activation link to every EVENT_FROM with its
                          * tag: opar = { tag }, ipar = { 0: visible in its own diagram, 1: in
                          * the whole model, 2: below the nearest EVENT_SCOPE with its tag } */
  ORR_BLOCK_EVENT_FROM,  /* 1 activation output: what activates the EVENT_GOTO with its tag */
  ORR_BLOCK_EVENT_SCOPE, /* marks the diagram below which scoped EVENT_GOTOs with its tag
                          * (opar = { tag }) are visible */
} OrrBlockKind;

typedef struct _OrrConfig OrrConfig;

/* The evaluated parameters, by the names of the block's parameter specs. */
OrrValue *orr_config_get_param (OrrConfig *config, const char *name);
/* Parameter helpers: FALSE with an error naming the parameter when the
 * value has the wrong type or size. */
gboolean orr_config_get_double (OrrConfig *config, const char *name, double *value, GError **error);
gboolean orr_config_get_int (OrrConfig *config, const char *name, int *value, GError **error);
/* A real vector or matrix (any shape); *values is owned by config. */
gboolean orr_config_get_doubles (OrrConfig *config, const char *name, const double **values,
                                 int *rows, int *cols, GError **error);

/* Ports. Sizes may be negative: "inherited, equal negatives are equal"
 * (-1 x 1 in and -1 x 1 out: a vector of any length, the same on both).
 * A size of 0 rows or columns is not allowed. */
void orr_config_add_input (OrrConfig *config, int rows, int cols, OrrType type,
                           gboolean feedthrough);
void orr_config_add_output (OrrConfig *config, int rows, int cols, OrrType type);
/* For a block whose output sizes follow from its input sizes in a way
 * placeholders cannot say (a concatenation, a formula): the size of input
 * index (0-based) as its link brings it, TRUE when known. It is not known
 * in the editor, nor at a compile's first configure: the block then
 * declares placeholder sizes (inputs and outputs), and once the sizes of
 * all its inputs are worked out the compiler configures it again, with
 * them known; the second configure must give the same numbers of ports.
 * An input whose size nothing fixes counts as 1 x 1. */
gboolean orr_config_get_input_size (OrrConfig *config, int index, int *rows, int *cols);
/* Names the regular input or output index (0-based, already added) for
 * the canvas, which draws the name beside the port: the FMU block names
 * its ports after the FMU's variables. label is copied; NULL: unnamed.
 * The editor writes the names into the model when ports follow the
 * parameters (orr_editor_sync_ports). */
void orr_config_set_input_label (OrrConfig *config, int index, const char *label);
void orr_config_set_output_label (OrrConfig *config, int index, const char *label);
/* Type ORR_TYPE_INHERIT: decided by the link, like a negative size. */
#define ORR_TYPE_INHERIT ((OrrType)-1)
void orr_config_set_event_ports (OrrConfig *config, int n_in, int n_out);
/* The block's activation output evout (0-based) also activates the block
 * itself, as a hidden activation input after its visible ones: its events
 * arrive with nevprt bit 1 << n_in (EventClock, EventDelayedChannel: a
 * block that reprograms itself). Users never draw that link. */
void orr_config_set_self_activation (OrrConfig *config, int evout);

void orr_config_set_kind (OrrConfig *config, OrrBlockKind kind);
void orr_config_set_always_active (OrrConfig *config, gboolean always);
void orr_config_set_inheritance (OrrConfig *config, OrrInheritance inheritance);

/* Continuous states, with their initial values (NULL: zeros). implicit:
 * the block writes a residual and the model needs a DAE solver. */
void orr_config_set_states (OrrConfig *config, int nx, const double *x0, gboolean implicit);
void orr_config_set_discrete_states (OrrConfig *config, int nz, const double *z0);
/* An object state: a typed matrix, initialised from value. */
void orr_config_add_object_state (OrrConfig *config, OrrValue *value);
/* Zero-crossing surfaces and modes. A negative count means one per
 * element of input 1, whatever size it inherits (Abs, Saturation...). */
void orr_config_set_surfaces (OrrConfig *config, int ng, int nmode);
/* Which crossings of the block's surfaces matter: +1 only rising ones
 * (from < 0 to >= 0), -1 only falling ones, 0 both (the default). The
 * solver then stops only at those, and the block is called only for
 * them (jroot holds that direction), which spares a restart at every
 * crossing the block would ignore (ZeroCrossDown, a bouncing ball). */
void orr_config_set_surface_direction (OrrConfig *config, int direction);
void orr_config_set_jacobian (OrrConfig *config, gboolean analytic);
/* The block only makes sense on a periodic SampleClock of this period
 * (SampledData): the compiler refuses any other activation. */
void orr_config_require_sample_period (OrrConfig *config, double period);
/* TRUE when the user trusts the model to compile and run its own C code
 * (CCustomBlock); configure must refuse to build native code otherwise. */
gboolean orr_config_native_code_trusted (OrrConfig *config);
/* Says that the block would run native code (an FMU's library, C or
 * Python code): what names it for the user (the FMU's file), sha256 is
 * the hash of the code or file, so that trust given to one version is not
 * given to another. The compiler lists it for the trust question
 * (OrrCompileOptions.native_code). Returns whether the model is trusted;
 * when it is not, configure must refuse with orr_config_set_untrusted_error. */
gboolean orr_config_declare_native_code (OrrConfig *config, const char *what, const char *sha256);
/* The error an untrusted block gives: "this model contains <what> (<type>);
 * trust the model to run it (orrery-sim --trust)". */
void orr_config_set_untrusted_error (GError **error, const char *what, const char *type);
/* Reads a file a block takes its data from (a CSV table...): regular
 * files only (a pipe, a device or a folder is refused at once, never
 * waited on) and at most max_bytes, so a model cannot make a run hang or
 * fill memory by naming /dev/zero. contents is NUL-terminated. */
#define ORR_MAX_INPUT_FILE_BYTES ((gsize)1 << 30)
gboolean orr_read_input_file (const char *path, gsize max_bytes, char **contents, gsize *length,
                              GError **error);
/* The full name of a file the block reads, for name as the model gives it:
 * a relative name starts in the model's folder (the working folder for a
 * model without a file), as for the files it writes, wherever orrery was
 * started from. Free with g_free. */
char *orr_block_input_path (OrrSimBlock *block, const char *name);
/* Opens a file the block writes (ToCSV, ToMat) for writing, emptied, and
 * returns its descriptor (O_CLOEXEC) and, in path, the file's full name.
 * One rule for every block (docs/reliability.md, "What a model may
 * touch"): a relative name starts in the model's folder (the working
 * folder for a model without a file); the model itself is never written.
 * Unless the model is trusted, the file must be in the model's folder or
 * below, reached through no symbolic link, and either new or one an
 * earlier run of the same model created (a list kept in the user's cache
 * folder, orrery/written/); a trusted model's names are taken as given.
 * -1 with an error naming the file otherwise (the caller adds the
 * block's path). Call it in the init job. */
int orr_block_open_output_file (OrrSimBlock *block, const char *name, char **path, GError **error);

/* TRUE when only the block's outside is wanted (the editor updating
 * ports, the documentation): declare ports and states, skip expensive or
 * privileged work such as building native code. */
gboolean orr_config_is_interface_only (OrrConfig *config);

void orr_config_set_rpar (OrrConfig *config, const double *values, int n);
void orr_config_set_ipar (OrrConfig *config, const int *values, int n);
void orr_config_add_opar (OrrConfig *config, OrrValue *value);

/* Buses (docs/buses.md): named signals, nested, carried on one link as
 * one column of doubles, their elements one after the other. The
 * compiler follows a bus from the block that makes it, through links,
 * super block ports and Goto/From, to the blocks that read it, and sets
 * the sizes those declare as placeholders.
 *
 * Output 1 is a bus of the block's n inputs in order, input k under
 * names[k] (copied); an input that is a bus itself nests under its name.
 * Declare the output (placeholder x 1): the compiler sets its length to
 * the sum of the inputs'. */
void orr_config_set_bus_creator (OrrConfig *config, const char *const *names, int n);
/* Input 1 is a bus; output k is its element paths[k] ("speed", or
 * "motor.speed" inside a nested bus): the compiler sets each output's
 * size to its element's (a nested bus: its length x 1) and the input's
 * to the bus's length, and appends to ipar, per path, the element's
 * offset in the bus and its element count. */
void orr_config_set_bus_selector (OrrConfig *config, const char *const *paths, int n);
/* Input 1 and output 1 are the same bus, but for its elements paths[k],
 * replaced by inputs k + 2: the compiler sets the sizes and appends to
 * ipar, per path, the offset and the element count, as for a selector. */
void orr_config_set_bus_assignment (OrrConfig *config, const char *const *paths, int n);

/* The text the canvas draws in the block when it has no icon, e.g. "K" for
 * a gain of value K; NULL: the class's default. */
void orr_config_set_label (OrrConfig *config, const char *text);

/* ---- the class ----------------------------------------------------------- */

typedef enum
{
  ORR_PARAM_EXPRESSION,
  ORR_PARAM_CHOICE, /* choices: NULL-terminated labels; the value is the 1-based index */
  ORR_PARAM_CHECKBOX,
  ORR_PARAM_TEXT, /* taken as typed, never evaluated: the value is a string (C source,
                   * a formula for the block to parse itself) */
} OrrParamKind;

typedef struct
{
  const char *name;
  const char *label;
  const char *default_expr;
  const char *help;
  OrrParamKind kind;
  const char *const *choices;
  gboolean tunable; /* may change while the simulation runs */
} OrrParamSpec;

typedef gboolean (*OrrConfigureFunc) (OrrConfig *config, GError **error);
/* A class whose blocks have parameters beyond its specs, decided by the
 * values of the specs (the FMU block: one per FMU parameter) declares
 * them here with orr_config_add_extra_param, reading its own parameters
 * from config as configure does. The app asks through
 * orr_block_class_extra_params (orr-extra-params.h). An extra parameter a
 * block does not set is absent at compile time: the class falls back on
 * its default itself. */
typedef gboolean (*OrrExtraParamsFunc) (OrrConfig *config, GError **error);
/* Only inside an OrrExtraParamsFunc: one more parameter, with its dialog
 * label, default expression and help (copied). */
void orr_config_add_extra_param (OrrConfig *config, const char *name, const char *label,
                                 const char *default_expr, const char *help);

typedef struct
{
  const char *name;        /* the type in files: "Gain", "SampleClock" */
  const char *palette;     /* "Math", "Activation" ... */
  const char *label;       /* shown in palettes */
  const char *description; /* one sentence for tooltips and search */
  const char *icon_text;   /* drawn in the block: "1/s", "K" ... */
  const OrrParamSpec *params;
  int n_params;
  OrrConfigureFunc configure;
  OrrSimFunc simulate;
  OrrExtraParamsFunc extra_params; /* optional, NULL: none */
  const char *keywords;            /* optional: other words users search for it by, space separated
                                    * ("reset reinit" for the Integrator's re-initialisation) */
  gboolean slow_configure;         /* configure may read big files (the FMU block unpacks its
                                    * FMU): the editor runs it on a worker thread, never on the
                                    * GTK thread, and shows the block as loading meanwhile */
} OrrBlockClass;

#define ORR_CONFIG_ERROR (orr_config_error_quark ())
GQuark orr_config_error_quark (void);

typedef enum
{
  ORR_CONFIG_ERROR_PARAMETER, /* a parameter has the wrong type, size or value */
} OrrConfigError;

G_END_DECLS
