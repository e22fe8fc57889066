/* fmu-block.c: FMU, a block that runs an FMI 2.0 FMU (a model exported
 * by another tool) in the diagram, as Model Exchange or Co-Simulation.
 *
 * configure() unpacks the FMU and reads its description (orr-fmu.h) to
 * declare one scalar port per input and output of type Real, Integer or
 * Boolean, in file order. All ports carry doubles: Integer values are
 * rounded and Booleans are "not zero" on the way in, so an FMU's ports
 * connect to any block. The FMU's parameters are extra block parameters
 * named "fmu.<variable>" (orr_fmu_param_name); one the block does not set
 * keeps the FMU's start value, so only what the user changed goes to the
 * FMU (fmi2SetXxx before initialisation).
 *
 * Model Exchange: the FMU's continuous states are the block's states, its
 * event indicators the block's surfaces, and the FMU's time events come
 * back to the block through a self-activating activation output. An input
 * is feedthrough only when some output depends on it in ModelStructure,
 * so an FMU in a feedback loop gives no false algebraic loop. At an event
 * of its own (a crossing or a time event) the block runs the FMI event
 * iteration in its events job, which comes before its state update in
 * both cases, so that the next time event is programmed in the same
 * event; state jumps are written back to x. After every accepted solver
 * step the step hook calls fmi2CompletedIntegratorStep.
 *
 * Co-Simulation: each activation at t_k (its own clock of period "step",
 * or its activation input when the step is 0) first completes the step
 * from the previous activation t_(k-1) to t_k with fmi2DoStep, then shows
 * the outputs at t_k; its state update then samples the inputs for the
 * next step. Between activations the outputs hold (docs/fmi.md).
 *
 * The FMU's logger and status errors reach the simulation's messages and
 * errors with the block's path: the callbacks carry the run's work memory
 * as componentEnvironment, never a global. */
#include "custom-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <orrery/orr-fmu.h>

/* Longer model names would overflow the block's label. */
#define LABEL_MAX_CHARS 12
/* An FMU whose event iteration never settles is broken; say so. */
#define MAX_EVENT_ITERATIONS 1000

enum
{
  INTERFACE_AUTOMATIC = 1,
  INTERFACE_MODEL_EXCHANGE = 2,
  INTERFACE_CO_SIMULATION = 3,
};

static const char *const interface_choices[]
  = { N_ ("Automatic"), N_ ("Model Exchange"), N_ ("Co-Simulation"), NULL };

static const OrrParamSpec fmu_params[] = {
  { "file", N_ ("FMU file"), "''",
    N_ ("The .fmu file, in quotes: an FMI 2.0 FMU for Linux (binaries/linux64). A relative path "
        "is taken from the folder orrery runs in. The block reads the FMU again when the file "
        "changes."),
    ORR_PARAM_EXPRESSION },
  { "interface", N_ ("Interface"), "1",
    N_ ("How the FMU runs: Model Exchange (its equations are solved with the diagram's solver, "
        "its events located by it) or Co-Simulation (it brings its own solver and is stepped). "
        "Automatic chooses Model Exchange when the FMU offers it."),
    ORR_PARAM_CHOICE, interface_choices },
  { "step", N_ ("Communication step"), "0",
    N_ ("Co-Simulation only: the time between two fmi2DoStep calls, in seconds, on a clock of the "
        "block's own starting at the start time; 0: the block has an activation input and steps "
        "at each activation.") },
  { "logging", N_ ("FMU logging"), "0",
    N_ ("1: ask the FMU for its debug log (loggingOn); its messages are shown with the block's "
        "path. Messages an FMU always logs are shown either way."),
    ORR_PARAM_CHECKBOX },
};

/* ---- parameters -------------------------------------------------------- */

/* The FMU's description from the "file" parameter; NULL with *error
 * unset for an empty name in the editor (no file chosen yet). */
static OrrFmuDescription *
describe (OrrConfig *config, GError **error)
{
  OrrValue *value = orr_config_get_param (config, "file");
  g_autofree char *path = NULL;
  g_autoptr (GError) local = NULL;
  OrrFmuDescription *d;
  const char *file;

  if (value == NULL || orr_value_get_type_id (value) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "file", "must be the .fmu file's name, in quotes");
      return NULL;
    }
  file = orr_value_get_string (value);
  if (*file == '\0')
    {
      if (!orr_config_is_interface_only (config))
        orr_param_set_error (error, "file", "must name an .fmu file");
      return NULL;
    }
  path = g_canonicalize_filename (file, NULL);
  d = orr_fmu_describe (path, &local);
  if (d == NULL)
    orr_param_set_error (error, "file", "%s", local->message);
  return d;
}

static gboolean
choose_interface (OrrConfig *config, const OrrFmuDescription *d, OrrFmuInterfaces *chosen,
                  GError **error)
{
  int choice;

  if (!orr_param_get_int_range (config, "interface", 1, 3, &choice, error))
    return FALSE;
  if (choice == INTERFACE_AUTOMATIC)
    choice
      = d->interfaces & ORR_FMU_MODEL_EXCHANGE ? INTERFACE_MODEL_EXCHANGE : INTERFACE_CO_SIMULATION;
  *chosen = choice == INTERFACE_MODEL_EXCHANGE ? ORR_FMU_MODEL_EXCHANGE : ORR_FMU_CO_SIMULATION;
  if ((d->interfaces & *chosen) == 0)
    {
      orr_param_set_error (error, "interface", "the FMU '%s' does not implement %s", d->model_name,
                           *chosen == ORR_FMU_MODEL_EXCHANGE ? "Model Exchange" : "Co-Simulation");
      return FALSE;
    }
  return TRUE;
}

/* The FMU's parameters a block may set: fixed or tunable, of a type a
 * number can give. */
static gboolean
is_settable (const OrrFmuVariable *v)
{
  return v->causality == ORR_FMU_CAUSALITY_PARAMETER
         && (v->variability == ORR_FMU_VARIABILITY_FIXED
             || v->variability == ORR_FMU_VARIABILITY_TUNABLE)
         && v->type != ORR_FMU_STRING;
}

/* A start value as a parameter expression. */
static char *
start_expression (const OrrFmuVariable *v)
{
  if (v->type == ORR_FMU_BOOLEAN)
    return g_strdup (g_strcmp0 (v->start, "true") == 0 || g_strcmp0 (v->start, "1") == 0 ? "1"
                                                                                         : "0");
  return g_strdup (v->start != NULL ? v->start : "0");
}

static gboolean
fmu_extra_params (OrrConfig *config, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (OrrFmuDescription) d = describe (config, &local);

  if (d == NULL)
    {
      if (local == NULL)
        return TRUE; /* no file yet: no parameters */
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  for (guint i = 0; i < d->variables->len; i++)
    {
      const OrrFmuVariable *v = g_ptr_array_index (d->variables, i);
      g_autofree char *name = NULL;
      g_autofree char *start = NULL;
      g_autofree char *help = NULL;

      if (!is_settable (v))
        continue;
      name = orr_fmu_param_name (v->name);
      start = start_expression (v);
      help = v->description != NULL && *v->description != '\0'
               ? g_strdup_printf ("%s (%s)", v->description, orr_fmu_type_name (v->type))
               : g_strdup_printf (_ ("The FMU's parameter %s (%s)."), v->name,
                                  orr_fmu_type_name (v->type));
      orr_config_add_extra_param (config, name, v->name, start, help);
    }
  return TRUE;
}

/* The parameters the block sets, into ipar (value reference, type) and
 * rpar (value) after the block's own entries. */
static gboolean
collect_settings (OrrConfig *config, const OrrFmuDescription *d, GArray *ipar, GArray *rpar,
                  GError **error)
{
  for (guint i = 0; i < d->variables->len; i++)
    {
      const OrrFmuVariable *v = g_ptr_array_index (d->variables, i);
      g_autofree char *name = NULL;
      double value;
      int type;

      if (!is_settable (v))
        continue;
      name = orr_fmu_param_name (v->name);
      if (orr_config_get_param (config, name) == NULL)
        continue; /* keeps the FMU's start value */
      if (!orr_param_get_finite (config, name, &value, error))
        return FALSE;
      if (v->type != ORR_FMU_REAL && value != floor (value))
        {
          orr_param_set_error (error, name, "must be a whole number (the FMU's %s is %s), not %g",
                               v->name, orr_fmu_type_name (v->type), value);
          return FALSE;
        }
      type = v->type;
      g_array_append_val (ipar, v->value_reference);
      g_array_append_val (ipar, type);
      g_array_append_val (rpar, value);
    }
  return TRUE;
}

/* ---- configure ---------------------------------------------------------- */

/* ipar: interface, logging, number of settings, then (vr, type) per
 * setting; rpar: step, then the settings' values; opar: the unpacked
 * folder and the FMU's file name. */
enum
{
  IPAR_INTERFACE,
  IPAR_LOGGING,
  IPAR_N_SETTINGS,
  IPAR_SETTINGS,
};

/* Per input port: does some output depend on it directly (ModelStructure)? */
static gboolean *
feedthrough_flags (const OrrFmuDescription *d, GPtrArray *inputs, GPtrArray *outputs)
{
  gboolean *flags = g_new0 (gboolean, MAX (inputs->len, 1));

  for (guint i = 0; i < inputs->len; i++)
    {
      guint in_index, out_index;

      g_ptr_array_find (d->variables, g_ptr_array_index (inputs, i), &in_index);
      for (guint k = 0; k < outputs->len && !flags[i]; k++)
        {
          g_ptr_array_find (d->variables, g_ptr_array_index (outputs, k), &out_index);
          flags[i] = orr_fmu_description_output_depends_on (d, out_index + 1, in_index + 1);
        }
    }
  return flags;
}

static void
declare_me (OrrConfig *config, const OrrFmuDescription *d, GPtrArray *inputs, GPtrArray *outputs)
{
  g_autofree double *x0 = g_new0 (double, MAX (d->n_states, 1));
  g_autofree gboolean *feedthrough = feedthrough_flags (d, inputs, outputs);

  for (guint i = 0; i < inputs->len; i++)
    orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, feedthrough[i]);
  for (guint i = 0; i < outputs->len; i++)
    orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);

  /* The start values stand in for the initial states until the FMU's
   * initialisation gives the real ones. */
  for (int i = 0; i < d->n_states; i++)
    {
      const OrrFmuUnknown *u = &g_array_index (d->derivatives, OrrFmuUnknown, i);
      const OrrFmuVariable *der = g_ptr_array_index (d->variables, u->index - 1);
      const OrrFmuVariable *state = g_ptr_array_index (d->variables, der->derivative - 1);

      x0[i] = state->start != NULL ? g_ascii_strtod (state->start, NULL) : 0;
    }
  orr_config_set_always_active (config, TRUE);
  if (d->n_states > 0)
    orr_config_set_states (config, d->n_states, x0, FALSE);
  if (d->n_event_indicators > 0)
    orr_config_set_surfaces (config, (int)d->n_event_indicators, 0);
  /* time events, programmed by the block for itself */
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_self_activation (config, 0);
}

static void
declare_cs (OrrConfig *config, GPtrArray *inputs, GPtrArray *outputs, double step)
{
  const double z0 = 0;

  /* inputs are sampled at the start of a step, outputs show its end */
  for (guint i = 0; i < inputs->len; i++)
    orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, FALSE);
  for (guint i = 0; i < outputs->len; i++)
    orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  if (step > 0)
    {
      orr_config_set_event_ports (config, 0, 1);
      orr_config_set_self_activation (config, 0);
    }
  else
    orr_config_set_event_ports (config, 1, 0);
  /* the state update, which samples the inputs, only comes to blocks with
   * a state: the time of the last communication point */
  orr_config_set_discrete_states (config, 1, &z0);
}

/* The ports carry the FMU's variable names, which the canvas shows. */
static void
name_ports (OrrConfig *config, GPtrArray *inputs, GPtrArray *outputs)
{
  for (guint i = 0; i < inputs->len; i++)
    orr_config_set_input_label (config, (int)i,
                                ((const OrrFmuVariable *)g_ptr_array_index (inputs, i))->name);
  for (guint i = 0; i < outputs->len; i++)
    orr_config_set_output_label (config, (int)i,
                                 ((const OrrFmuVariable *)g_ptr_array_index (outputs, i))->name);
}

static gboolean
fmu_configure (OrrConfig *config, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (OrrFmuDescription) d = NULL;
  g_autoptr (GPtrArray) inputs = NULL;
  g_autoptr (GPtrArray) outputs = NULL;
  g_autoptr (GArray) ipar = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) rpar = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (OrrValue) folder = NULL;
  g_autoptr (OrrValue) name = NULL;
  g_autofree char *base = NULL;
  OrrFmuInterfaces chosen;
  gboolean logging;
  double step;
  int header[IPAR_SETTINGS] = { 0 };

  if (!orr_param_get_finite (config, "step", &step, error)
      || !orr_param_get_flag (config, "logging", &logging, error))
    return FALSE;
  if (step < 0)
    {
      orr_param_set_error (error, "step", "must be 0 (the activation input) or positive, not %g",
                           step);
      return FALSE;
    }
  d = describe (config, &local);
  if (d == NULL)
    {
      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      return TRUE; /* the editor, before a file is chosen: no ports */
    }
  if (!choose_interface (config, d, &chosen, error))
    return FALSE;
  /* Its shared library is the FMU author's native code: loaded only in a
   * model the user trusts, like C and Python blocks. The editor asking
   * for ports loads nothing. */
  if (!orr_config_is_interface_only (config)
      && !orr_config_declare_native_code (config, d->path, d->sha256))
    {
      g_autofree char *what = g_strdup_printf ("the native code of the FMU '%s'", d->path);

      orr_config_set_untrusted_error (error, what, "FMU");
      return FALSE;
    }

  inputs = orr_fmu_description_ports (d, ORR_FMU_CAUSALITY_INPUT);
  outputs = orr_fmu_description_ports (d, ORR_FMU_CAUSALITY_OUTPUT);
  if (chosen == ORR_FMU_MODEL_EXCHANGE)
    declare_me (config, d, inputs, outputs);
  else
    declare_cs (config, inputs, outputs, step);
  name_ports (config, inputs, outputs);
  if (g_utf8_strlen (d->model_name, -1) <= LABEL_MAX_CHARS)
    orr_config_set_label (config, d->model_name);

  header[IPAR_INTERFACE] = chosen;
  header[IPAR_LOGGING] = logging;
  g_array_append_vals (ipar, header, IPAR_SETTINGS);
  g_array_append_val (rpar, step);
  if (!collect_settings (config, d, ipar, rpar, error))
    return FALSE;
  g_array_index (ipar, int, IPAR_N_SETTINGS) = rpar->len - 1;
  orr_config_set_ipar (config, (const int *)ipar->data, ipar->len);
  orr_config_set_rpar (config, (const double *)rpar->data, rpar->len);
  base = g_path_get_basename (d->path);
  folder = orr_value_new_string (d->folder);
  name = orr_value_new_string (base);
  orr_config_add_opar (config, folder);
  orr_config_add_opar (config, name);
  return TRUE;
}

/* ---- simulation: the instance ------------------------------------------- */

/* What the block keeps during a run, in block->work. */
typedef struct
{
  OrrSimBlock *block;
  const char *fmu; /* the FMU's file name, for messages */
  OrrFmuDescription *description;
  OrrFmi2Library *lib;
  fmi2CallbackFunctions *callbacks;
  fmi2Component instance;
  OrrFmuInterfaces interface;
  gboolean initialised; /* fmi2ExitInitializationMode succeeded: terminate is due */
  char *last_error;     /* the FMU's last message logged as an error */

  /* the ports, by value reference and type */
  int n_in, n_out;
  fmi2ValueReference *in_vr, *out_vr;
  OrrFmuType *in_type, *out_type;
  gboolean *in_feedthrough;

  fmi2EventInfo info; /* from the last event iteration */

  /* Co-Simulation */
  double last_time; /* the current communication point */
  gint64 next_tick; /* the next tick of the block's own clock */
} FmuRun;

static const char *const status_names[]
  = { "OK", "Warning", "Discard", "Error", "Fatal", "Pending" };

static const char *
status_name (fmi2Status status)
{
  return status >= 0 && status < (int)G_N_ELEMENTS (status_names) ? status_names[status] : "?";
}

/* The FMU's logger: every message goes to the simulation's messages; an
 * error's also waits for the failing call to quote it. */
static void G_GNUC_PRINTF (5, 6)
  fmu_log (fmi2ComponentEnvironment env, fmi2String instance, fmi2Status status,
           fmi2String category, fmi2String message, ...)
{
  FmuRun *w = env;
  g_autofree char *text = NULL;
  va_list args;

  if (w == NULL || message == NULL)
    return;
  va_start (args, message);
  text = g_strdup_vprintf (message, args);
  va_end (args);
  if (status >= fmi2Error)
    {
      g_free (w->last_error);
      w->last_error = g_strdup (text);
    }
  orr_block_warning (w->block, "FMU '%s' %s [%s]: %s", w->fmu, status_name (status),
                     category != NULL && *category != '\0' ? category : "-", text);
}

/* FALSE, after reporting an error with the block's path, unless status
 * is OK or Warning. */
static gboolean
check (FmuRun *w, fmi2Status status, const char *call)
{
  if (status == fmi2OK || status == fmi2Warning)
    return TRUE;
  orr_block_error (w->block, "FMU '%s': %s returned %s%s%s", w->fmu, call, status_name (status),
                   w->last_error != NULL ? ": " : "", w->last_error != NULL ? w->last_error : "");
  return FALSE;
}

static void
list_ports (FmuRun *w)
{
  const OrrFmuDescription *d = w->description;
  g_autoptr (GPtrArray) inputs = orr_fmu_description_ports (d, ORR_FMU_CAUSALITY_INPUT);
  g_autoptr (GPtrArray) outputs = orr_fmu_description_ports (d, ORR_FMU_CAUSALITY_OUTPUT);

  w->n_in = inputs->len;
  w->n_out = outputs->len;
  w->in_vr = g_new0 (fmi2ValueReference, MAX (w->n_in, 1));
  w->in_type = g_new0 (OrrFmuType, MAX (w->n_in, 1));
  w->out_vr = g_new0 (fmi2ValueReference, MAX (w->n_out, 1));
  w->out_type = g_new0 (OrrFmuType, MAX (w->n_out, 1));
  for (int i = 0; i < w->n_in; i++)
    {
      const OrrFmuVariable *v = g_ptr_array_index (inputs, i);
      w->in_vr[i] = v->value_reference;
      w->in_type[i] = v->type;
    }
  for (int i = 0; i < w->n_out; i++)
    {
      const OrrFmuVariable *v = g_ptr_array_index (outputs, i);
      w->out_vr[i] = v->value_reference;
      w->out_type[i] = v->type;
    }
}

/* One value to the FMU, converted from the double a port carries. */
static gboolean
set_value (FmuRun *w, fmi2ValueReference vr, OrrFmuType type, double value)
{
  if (type == ORR_FMU_REAL)
    return check (w, w->lib->SetReal (w->instance, &vr, 1, &value), "fmi2SetReal");
  if (type == ORR_FMU_BOOLEAN)
    {
      fmi2Boolean b = value != 0;
      return check (w, w->lib->SetBoolean (w->instance, &vr, 1, &b), "fmi2SetBoolean");
    }
  else
    {
      fmi2Integer n = (fmi2Integer)lround (value);
      return check (w, w->lib->SetInteger (w->instance, &vr, 1, &n), "fmi2SetInteger");
    }
}

static gboolean
get_value (FmuRun *w, fmi2ValueReference vr, OrrFmuType type, double *value)
{
  if (type == ORR_FMU_REAL)
    return check (w, w->lib->GetReal (w->instance, &vr, 1, value), "fmi2GetReal");
  if (type == ORR_FMU_BOOLEAN)
    {
      fmi2Boolean b = fmi2False;
      if (!check (w, w->lib->GetBoolean (w->instance, &vr, 1, &b), "fmi2GetBoolean"))
        return FALSE;
      *value = b ? 1 : 0;
    }
  else
    {
      fmi2Integer n = 0;
      if (!check (w, w->lib->GetInteger (w->instance, &vr, 1, &n), "fmi2GetInteger"))
        return FALSE;
      *value = n;
    }
  return TRUE;
}

/* The inputs to the FMU; only the feedthrough ones when only_feedthrough
 * (in the outputs job the others may not be computed yet). */
static gboolean
set_inputs (FmuRun *w, gboolean only_feedthrough)
{
  OrrSimBlock *block = w->block;

  for (int i = 0; i < w->n_in; i++)
    if ((!only_feedthrough || w->in_feedthrough[i])
        && !set_value (w, w->in_vr[i], w->in_type[i], orr_block_real_in (block, i)[0]))
      return FALSE;
  return TRUE;
}

static gboolean
get_outputs (FmuRun *w)
{
  for (int i = 0; i < w->n_out; i++)
    if (!get_value (w, w->out_vr[i], w->out_type[i], orr_block_real_out (w->block, i)))
      return FALSE;
  return TRUE;
}

/* The block parameters the user set, before initialisation. */
static gboolean
apply_settings (FmuRun *w)
{
  OrrSimBlock *block = w->block;
  int n = block->ipar[IPAR_N_SETTINGS];

  for (int k = 0; k < n; k++)
    if (!set_value (w, block->ipar[IPAR_SETTINGS + 2 * k], block->ipar[IPAR_SETTINGS + 2 * k + 1],
                    block->rpar[1 + k]))
      return FALSE;
  return TRUE;
}

static gboolean
load (FmuRun *w)
{
  OrrSimBlock *block = w->block;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *resources = NULL;
  g_autofree char *uri = NULL;
  const fmi2CallbackFunctions callbacks = {
    .logger = fmu_log,
    .allocateMemory = calloc,
    .freeMemory = free,
    .stepFinished = NULL,
    .componentEnvironment = w,
  };

  if (block->n_opar < 2 || block->n_ipar < IPAR_SETTINGS || block->n_rpar < 1)
    {
      orr_block_error (block, "no FMU was configured");
      return FALSE;
    }
  w->fmu = orr_value_get_string (block->opar[1]);
  w->interface = block->ipar[IPAR_INTERFACE];
  xml = g_build_filename (orr_value_get_string (block->opar[0]), "modelDescription.xml", NULL);
  w->description = orr_fmu_description_read (xml, w->fmu, &error);
  if (w->description != NULL)
    {
      w->description->folder = g_strdup (orr_value_get_string (block->opar[0]));
      w->description->path = g_strdup (w->fmu);
      w->lib = orr_fmi2_library_load (w->description, w->interface, &error);
    }
  if (w->lib == NULL)
    {
      orr_block_error (block, "%s", error->message);
      return FALSE;
    }
  list_ports (w);

  /* the callbacks' members are const: the struct is filled once, whole */
  w->callbacks = g_memdup2 (&callbacks, sizeof callbacks);
  resources = g_build_filename (orr_value_get_string (block->opar[0]), "resources", NULL);
  uri = g_filename_to_uri (resources, NULL, NULL);
  w->instance = w->lib->Instantiate (
    block->path != NULL ? block->path : "FMU",
    w->interface == ORR_FMU_CO_SIMULATION ? fmi2CoSimulation : fmi2ModelExchange,
    w->description->guid, uri, w->callbacks, fmi2False, block->ipar[IPAR_LOGGING] != 0);
  if (w->instance == NULL)
    {
      orr_block_error (block, "FMU '%s': fmi2Instantiate failed%s%s", w->fmu,
                       w->last_error != NULL ? ": " : "",
                       w->last_error != NULL ? w->last_error : "");
      return FALSE;
    }
  return apply_settings (w)
         && check (w,
                   w->lib->SetupExperiment (w->instance, fmi2False, 0, block->time->start_time,
                                            fmi2False, 0),
                   "fmi2SetupExperiment")
         && check (w, w->lib->EnterInitializationMode (w->instance), "fmi2EnterInitializationMode");
}

static void
release (OrrSimBlock *block, FmuRun *w)
{
  if (w->instance != NULL)
    {
      /* after an error the FMU may be past terminating: free it all the same */
      if (w->initialised)
        w->lib->Terminate (w->instance);
      w->lib->FreeInstance (w->instance);
    }
  orr_fmi2_library_free (w->lib);
  orr_fmu_description_free (w->description);
  g_free (w->callbacks);
  g_free (w->last_error);
  g_free (w->in_vr);
  g_free (w->out_vr);
  g_free (w->in_type);
  g_free (w->out_type);
  g_free (w->in_feedthrough);
  g_free (w);
  block->work = NULL;
}

/* ---- simulation: Model Exchange ----------------------------------------- */

/* Time, states and inputs as the solver has them now. */
static gboolean
me_prepare (FmuRun *w, gboolean only_feedthrough)
{
  OrrSimBlock *block = w->block;

  return check (w, w->lib->SetTime (w->instance, orr_block_get_time (block)), "fmi2SetTime")
         && (block->nx == 0
             || check (w, w->lib->SetContinuousStates (w->instance, block->x, block->nx),
                       "fmi2SetContinuousStates"))
         && set_inputs (w, only_feedthrough);
}

/* From event mode: fmi2NewDiscreteStates until the FMU is content, then
 * back to continuous time, with the states it jumped to. */
static gboolean
me_event_iteration (FmuRun *w)
{
  OrrSimBlock *block = w->block;
  int n = 0;

  do
    {
      if (++n > MAX_EVENT_ITERATIONS)
        {
          orr_block_error (block, "FMU '%s': the event iteration did not settle after %d rounds",
                           w->fmu, MAX_EVENT_ITERATIONS);
          return FALSE;
        }
      memset (&w->info, 0, sizeof w->info);
      w->info.newDiscreteStatesNeeded = fmi2True;
      if (!check (w, w->lib->NewDiscreteStates (w->instance, &w->info), "fmi2NewDiscreteStates"))
        return FALSE;
      if (w->info.terminateSimulation)
        {
          orr_block_request_stop (block);
          break;
        }
    }
  while (w->info.newDiscreteStatesNeeded);
  if (!check (w, w->lib->EnterContinuousTimeMode (w->instance), "fmi2EnterContinuousTimeMode"))
    return FALSE;
  /* Always read back: a state may jump in an iteration whose flag a later
   * round cleared. */
  return block->nx == 0
         || check (w, w->lib->GetContinuousStates (w->instance, block->x, block->nx),
                   "fmi2GetContinuousStates");
}

static gboolean
me_event (FmuRun *w)
{
  return me_prepare (w, FALSE)
         && check (w, w->lib->EnterEventMode (w->instance), "fmi2EnterEventMode")
         && me_event_iteration (w);
}

/* After each accepted step: the FMU may ask for a step event. */
static gboolean
me_step_done (OrrSimBlock *block)
{
  FmuRun *w = block->work;
  fmi2Boolean enter_event = fmi2False, terminate = fmi2False;

  if (w == NULL || w->instance == NULL)
    return FALSE;
  if (!me_prepare (w, FALSE)
      || !check (w,
                 w->lib->CompletedIntegratorStep (w->instance, fmi2True, &enter_event, &terminate),
                 "fmi2CompletedIntegratorStep"))
    return FALSE;
  if (terminate)
    orr_block_request_stop (block);
  if (!enter_event)
    return FALSE;
  return me_event (w);
}

static gboolean
me_init (FmuRun *w)
{
  OrrSimBlock *block = w->block;

  {
    g_autoptr (GPtrArray) inputs
      = orr_fmu_description_ports (w->description, ORR_FMU_CAUSALITY_INPUT);
    g_autoptr (GPtrArray) outputs
      = orr_fmu_description_ports (w->description, ORR_FMU_CAUSALITY_OUTPUT);

    /* the compiler's feedthrough, as configure declared it */
    w->in_feedthrough = feedthrough_flags (w->description, inputs, outputs);
  }
  if (block->nx != w->description->n_states || block->ng != (int)w->description->n_event_indicators)
    {
      orr_block_error (block, "FMU '%s' changed since the model was compiled", w->fmu);
      return FALSE;
    }
  /* Inputs are not valid in the init job: initialisation sees their start
   * values. */
  if (!check (w, w->lib->ExitInitializationMode (w->instance), "fmi2ExitInitializationMode"))
    return FALSE;
  w->initialised = TRUE;
  if (!me_event_iteration (w))
    return FALSE;
  if (!w->description->me_completed_integrator_step_not_needed)
    orr_block_set_step_hook (block, me_step_done);
  return TRUE;
}

static void
me_simulate (OrrSimBlock *block, FmuRun *w, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_DERIVATIVES:
        if (me_prepare (w, FALSE) && block->nx > 0)
          check (w, w->lib->GetDerivatives (w->instance, block->xd, block->nx),
                 "fmi2GetDerivatives");
        break;

      case ORR_JOB_OUTPUTS:
        if (me_prepare (w, TRUE))
          get_outputs (w);
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (me_prepare (w, FALSE) && block->ng > 0)
          check (w, w->lib->GetEventIndicators (w->instance, block->g, block->ng),
                 "fmi2GetEventIndicators");
        break;

      case ORR_JOB_EVENTS:
        /* Its own crossing (nevprt -1) or time event: the event iteration,
         * never at a trial point. At the end of initialisation (nevprt 0)
         * only the first time event is programmed. */
        if (block->nevprt != 0 && !orr_block_in_try_phase (block) && !me_event (w))
          break;
        if (w->info.nextEventTimeDefined)
          block->evout[0] = MAX (w->info.nextEventTime - orr_block_get_time (block), 0);
        break;

      default:
        break;
    }
}

/* ---- simulation: Co-Simulation ------------------------------------------ */

static void
cs_simulate (OrrSimBlock *block, FmuRun *w, OrrJob job)
{
  double t = orr_block_get_time (block);
  double step = block->rpar[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        /* the step from the previous communication point ends now */
        if (!orr_block_in_try_phase (block) && t > w->last_time
            && !check (w, w->lib->DoStep (w->instance, w->last_time, t - w->last_time, fmi2True),
                       "fmi2DoStep"))
          break;
        w->last_time = MAX (w->last_time, t);
        get_outputs (w);
        break;

      case ORR_JOB_STATE_UPDATE:
        /* the inputs for the step that starts now */
        if (set_inputs (w, FALSE))
          block->z[0] = t;
        break;

      case ORR_JOB_EVENTS:
        if (step > 0)
          {
            /* ticks at start + k step, counted rather than summed */
            double next = block->time->start_time + (double)w->next_tick * step;

            block->evout[0] = MAX (next - t, 0);
            w->next_tick++;
          }
        break;

      default:
        break;
    }
}

static gboolean
cs_init (FmuRun *w)
{
  w->last_time = w->block->time->start_time;
  if (!check (w, w->lib->ExitInitializationMode (w->instance), "fmi2ExitInitializationMode"))
    return FALSE;
  w->initialised = TRUE;
  return TRUE;
}

static void
fmu_simulate (OrrSimBlock *block, OrrJob job)
{
  FmuRun *w = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        w = g_new0 (FmuRun, 1);
        w->block = block;
        block->work = w;
        if (load (w))
          {
            if (w->interface == ORR_FMU_CO_SIMULATION)
              cs_init (w);
            else
              me_init (w);
          }
        break;

      case ORR_JOB_TERMINATE:
        /* Also after a failed init or an error: free what there is. */
        if (w != NULL)
          release (block, w);
        break;

      default:
        if (w == NULL || w->instance == NULL || !w->initialised)
          break;
        if (w->interface == ORR_FMU_CO_SIMULATION)
          cs_simulate (block, w, job);
        else
          me_simulate (block, w, job);
        break;
    }
}

const OrrBlockClass orr_fmu_block_class = {
  .name = "FMU",
  .palette = N_ ("Custom"),
  .label = N_ ("FMU"),
  .description = N_ ("Runs an FMI 2.0 FMU exported by another tool, as Model Exchange or "
                     "Co-Simulation."),
  .icon_text = "FMU",
  .params = fmu_params,
  .n_params = G_N_ELEMENTS (fmu_params),
  .configure = fmu_configure,
  .simulate = fmu_simulate,
  .extra_params = fmu_extra_params,
  .slow_configure = TRUE,
};
