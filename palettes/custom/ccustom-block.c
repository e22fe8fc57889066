/* ccustom-block.c: CCustomBlock, a block whose simulation function is C
 * code stored in the model as a parameter.
 *
 * Its dialog says everything else a block class would say in configure():
 * ports and their sizes, feedthrough, activation ports, states, parameters,
 * surfaces and modes. When a model the user trusts is compiled, configure()
 * builds the code into a shared object (custom-native.c, cached on disk by
 * a hash of the code) and keeps its path and the function's name as object
 * parameters. Without trust it refuses: opening or compiling an untrusted
 * model never compiles, loads or runs its code.
 *
 * At run time the init job loads the object and looks the function up,
 * and every job is handed on to it with the same OrrSimBlock, so the code
 * sees its own ports, states and parameters. The loader needs block->work
 * for itself, so the user's code gets a work pointer of its own: it is
 * swapped in around each call and saved back afterwards. The user's code
 * calls orr_block_error() and friends in the program that loads it, so
 * that program must export its symbols (link it with export_dynamic). */
#include "custom-classes.h"
#include "custom-native.h"
#include "custom-params.h"
#include "orr-block-params.h"

#include <dlfcn.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* Longer function names would overflow the block's label. */
#define LABEL_MAX_CHARS 12

static const OrrParamSpec ccustom_params[] = {
  { "source", N_ ("C code"),
    "#include <orrery/orr-block.h>\n"
    "\n"
    "void\n"
    "custom_block (OrrSimBlock *block, OrrJob job)\n"
    "{\n"
    "  /* y = u: replace with your own code */\n"
    "  if (job == ORR_JOB_OUTPUTS)\n"
    "    for (int i = 0; i < orr_block_out_numel (block, 0); i++)\n"
    "      orr_block_real_out (block, 0)[i] = orr_block_real_in (block, 0)[i];\n"
    "}\n",
    N_ ("The block's simulation function in C, kept as typed: include <orrery/orr-block.h> and "
        "define void NAME (OrrSimBlock *block, OrrJob job), NAME being the function name below. It "
        "is compiled with the system C compiler when a model you trust is compiled, never when a "
        "model is only opened. Keep per-block memory in block->work, not in static variables: "
        "blocks with the same code share one loaded copy. As for every block, the state-update job "
        "only comes to blocks with continuous or discrete states."),
    ORR_PARAM_TEXT },
  { "function", N_ ("Function name"), "'custom_block'",
    N_ ("The name of the function the code defines, which the simulator calls with every job.") },
  { "in_sizes", N_ ("Input sizes"), "[-1 -2]",
    N_ ("One row [rows cols] per regular input, [] for none. A negative size is taken from the "
        "link, equal negative numbers standing for equal sizes. Inputs hold doubles.") },
  { "out_sizes", N_ ("Output sizes"), "[-1 -2]",
    N_ ("One row [rows cols] per regular output, [] for none, as for the inputs.") },
  { "feedthrough", N_ ("Feedthrough"), "1",
    N_ ("Per input, 1 when the outputs depend on that input at the same instant and 0 when they "
        "only depend on it through the states; one scalar applies to every input.") },
  { "event_inputs", N_ ("Activation inputs"), "0",
    N_ ("How many activation inputs; with none the block inherits its activation from its inputs, "
        "unless it is always active.") },
  { "event_outputs", N_ ("Activation outputs"), "0",
    N_ ("How many activation outputs; the code programs them in the ORR_JOB_EVENTS job.") },
  { "always_active", N_ ("Always active"), "0",
    N_ ("1: the block runs in continuous time, at every solver point. A block with continuous "
        "states always does."),
    ORR_PARAM_CHECKBOX },
  { "x0", N_ ("Initial continuous state"), "[]",
    N_ ("A vector, one value per continuous state, or [] for none.") },
  { "implicit", N_ ("Implicit"), "0",
    N_ ("1: the derivatives job writes the residual F(t, x, x', u) into block->res instead of x' "
        "into block->xd; the model is then solved with a DAE solver."),
    ORR_PARAM_CHECKBOX },
  { "z0", N_ ("Initial discrete state"), "[]",
    N_ ("A vector, one value per discrete state, or [] for none.") },
  { "rpar", N_ ("Real parameters"), "[]", N_ ("A vector the code reads as block->rpar, or [].") },
  { "ipar", N_ ("Integer parameters"), "[]",
    N_ ("A vector of whole numbers the code reads as block->ipar, or [].") },
  { "surfaces", N_ ("Zero-crossing surfaces"), "0",
    N_ ("How many zero-crossing surfaces g the code writes; -1: one per element of input 1.") },
  { "modes", N_ ("Modes"), "0",
    N_ ("How many modes the code keeps; -1: one per element of input 1.") },
  { "jacobian", N_ ("Analytic Jacobian"), "0",
    N_ ("1: the code writes the Jacobian of its continuous states in the ORR_JOB_JACOBIAN job."),
    ORR_PARAM_CHECKBOX },
};

/* ---- parameters ------------------------------------------------------- */

static gboolean
is_c_identifier (const char *name)
{
  if (!g_ascii_isalpha (*name) && *name != '_')
    return FALSE;
  for (const char *p = name + 1; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
get_ipar (OrrConfig *config, GArray *ipar, GError **error)
{
  const double *values;
  int n;

  if (!orr_custom_get_optional_vector (config, "ipar", &values, &n, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      int v;

      if (values[i] != floor (values[i]) || fabs (values[i]) > G_MAXINT)
        {
          orr_param_set_error (error, "ipar", "must hold whole numbers, not %g", values[i]);
          return FALSE;
        }
      v = (int)values[i];
      g_array_append_val (ipar, v);
    }
  return TRUE;
}

/* ---- configure -------------------------------------------------------- */

static gboolean
ccustom_configure (OrrConfig *config, GError **error)
{
  const char *source, *function;
  g_autofree char *digest = NULL;
  g_autofree char *what = NULL;
  const double *in_sizes, *out_sizes, *x0, *z0, *rpar;
  int n_in, n_out, nx, nz, n_rpar, event_inputs, event_outputs, surfaces, modes;
  gboolean always_active, implicit, jacobian;
  g_autofree gboolean *feedthrough = NULL;
  g_autoptr (GArray) ipar = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *object = NULL;
  g_autoptr (OrrValue) path = NULL;
  g_autoptr (OrrValue) name = NULL;

  /* Every check first: they are cheap and have no side effects, so a
   * mistake in the dialog shows even in a model that is not trusted. */
  if (!orr_custom_get_string (config, "source", &source, error)
      || !orr_custom_get_string (config, "function", &function, error)
      || !orr_custom_get_port_sizes (config, "in_sizes", &in_sizes, &n_in, error)
      || !orr_custom_get_port_sizes (config, "out_sizes", &out_sizes, &n_out, error))
    return FALSE;
  if (orr_custom_is_blank (source))
    {
      orr_param_set_error (error, "source", "must hold the block's C code");
      return FALSE;
    }
  if (!is_c_identifier (function))
    {
      orr_param_set_error (error, "function", "must be a C function name, not '%s'", function);
      return FALSE;
    }
  feedthrough = g_new0 (gboolean, MAX (n_in, 1));
  if (!orr_custom_get_feedthrough (config, n_in, feedthrough, error)
      || !orr_param_get_int_range (config, "event_inputs", 0, ORR_PALETTE_MAX_PORTS, &event_inputs,
                                   error)
      || !orr_param_get_int_range (config, "event_outputs", 0, ORR_PALETTE_MAX_PORTS,
                                   &event_outputs, error)
      || !orr_param_get_flag (config, "always_active", &always_active, error)
      || !orr_custom_get_optional_vector (config, "x0", &x0, &nx, error)
      || !orr_param_get_flag (config, "implicit", &implicit, error)
      || !orr_custom_get_optional_vector (config, "z0", &z0, &nz, error)
      || !orr_custom_get_optional_vector (config, "rpar", &rpar, &n_rpar, error)
      || !get_ipar (config, ipar, error)
      || !orr_param_get_int_range (config, "surfaces", -1, G_MAXINT, &surfaces, error)
      || !orr_param_get_int_range (config, "modes", -1, G_MAXINT, &modes, error)
      || !orr_param_get_flag (config, "jacobian", &jacobian, error))
    return FALSE;
  if (implicit && nx == 0)
    {
      orr_param_set_error (error, "implicit", "needs continuous states: set x0");
      return FALSE;
    }
  if (jacobian && nx == 0)
    {
      orr_param_set_error (error, "jacobian", "needs continuous states: set x0");
      return FALSE;
    }
  if ((surfaces < 0 || modes < 0) && n_in == 0)
    {
      orr_param_set_error (error, surfaces < 0 ? "surfaces" : "modes",
                           "can only be -1 (one per element of input 1) with an input");
      return FALSE;
    }

  for (int i = 0; i < n_in; i++)
    orr_config_add_input (config, (int)in_sizes[i], (int)in_sizes[i + n_in], ORR_TYPE_DOUBLE,
                          feedthrough[i]);
  for (int i = 0; i < n_out; i++)
    orr_config_add_output (config, (int)out_sizes[i], (int)out_sizes[i + n_out], ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, event_inputs, event_outputs);
  /* Continuous states only move in continuous time. */
  orr_config_set_always_active (config, always_active || nx > 0);
  if (nx > 0)
    orr_config_set_states (config, nx, x0, implicit);
  if (nz > 0)
    orr_config_set_discrete_states (config, nz, z0);
  if (surfaces != 0 || modes != 0)
    orr_config_set_surfaces (config, surfaces, modes);
  orr_config_set_jacobian (config, jacobian);
  orr_config_set_rpar (config, rpar, n_rpar);
  orr_config_set_ipar (config, (const int *)ipar->data, ipar->len);
  if (g_utf8_strlen (function, -1) <= LABEL_MAX_CHARS)
    orr_config_set_label (config, function);

  /* The editor only wants the ports: build nothing. */
  if (orr_config_is_interface_only (config))
    return TRUE;
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
  what = g_strdup_printf ("C function %s", function);
  if (!orr_config_declare_native_code (config, what, digest))
    {
      g_set_error_literal (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                           "this model contains C code (CCustomBlock); trust the model to "
                           "compile and run it (orrery-sim --trust)");
      return FALSE;
    }
  object = orr_custom_native_build (source, error);
  if (object == NULL)
    return FALSE;
  path = orr_value_new_string (object);
  name = orr_value_new_string (function);
  orr_config_add_opar (config, path);
  orr_config_add_opar (config, name);
  return TRUE;
}

/* ---- simulation ------------------------------------------------------- */

/* What the block keeps during a run, in block->work. */
typedef struct
{
  void *handle;       /* the loaded shared object */
  OrrSimFunc fn;      /* the user's function in it */
  gpointer user_work; /* block->work as the user's code sees it */
} CustomWork;

/* Calls the user's function with its own work pointer in block->work, and
 * keeps whatever it left there (memory it allocated, or NULL after it
 * freed it) for the next call. */
static void
call_user (OrrSimBlock *block, CustomWork *w, OrrJob job)
{
  block->work = w->user_work;
  w->fn (block, job);
  w->user_work = block->work;
  block->work = w;
}

/* Loads the object and finds the function; FALSE after reporting an
 * error. block->work holds w either way, for terminate to release. */
static gboolean
load (OrrSimBlock *block, CustomWork *w)
{
  const char *path, *name;
  void *symbol;

  if (block->n_opar < 2 || orr_value_get_type_id (block->opar[0]) != ORR_TYPE_STRING
      || orr_value_get_type_id (block->opar[1]) != ORR_TYPE_STRING)
    {
      orr_block_error (block, "the C code was not compiled (is the model trusted?)");
      return FALSE;
    }
  path = orr_value_get_string (block->opar[0]);
  name = orr_value_get_string (block->opar[1]);

  w->handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (w->handle == NULL)
    {
      orr_block_error (block, "cannot load the compiled C code: %s", dlerror ());
      return FALSE;
    }
  dlerror (); /* clear any earlier message */
  symbol = dlsym (w->handle, name);
  if (symbol == NULL)
    {
      orr_block_error (block, "the C code defines no function '%s'", name);
      return FALSE;
    }
  w->fn = (OrrSimFunc)symbol;
  return TRUE;
}

static void
ccustom_simulate (OrrSimBlock *block, OrrJob job)
{
  CustomWork *w = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        w = g_new0 (CustomWork, 1);
        block->work = w;
        if (load (block, w))
          call_user (block, w, job);
        break;

      case ORR_JOB_TERMINATE:
        /* Also after a failed or missing init: release what there is. */
        if (w == NULL)
          break;
        if (w->fn != NULL)
          call_user (block, w, job);
        if (w->handle != NULL)
          dlclose (w->handle);
        g_free (w);
        block->work = NULL;
        break;

      default:
        if (w != NULL && w->fn != NULL)
          call_user (block, w, job);
        break;
    }
}

const OrrBlockClass orr_ccustom_block_class = {
  .name = "CCustomBlock",
  .palette = N_ ("Custom"),
  .label = N_ ("C block"),
  .description
  = N_ ("A block whose behaviour is C code written in its dialog and stored in the model."),
  .icon_text = "C",
  .params = ccustom_params,
  .n_params = G_N_ELEMENTS (ccustom_params),
  .configure = ccustom_configure,
  .simulate = ccustom_simulate,
};
