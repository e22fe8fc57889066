/* pycustom-block.c: PyCustomBlock, a block whose behaviour is a Python
 * function stored in the model as a parameter and run by the CPython
 * embedded in Orrery (Debian's libpython3), with no compiler involved.
 *
 * Trust is CCustomBlock's: Python code can do anything the user can, so
 * configure() refuses a model the user has not trusted (orrery-sim
 * --trust), and only then hands the code on (as opar) for the run; an
 * untrusted model is never run, not even its top-level statements.
 * configure() does compile the code (which runs nothing) to report a
 * syntax error against the parameter, with its line.
 *
 * At init the code runs once in a module of its own, and the function is
 * looked up; then each job calls function(job, b), job being 'init',
 * 'outputs', 'derivatives', 'update' or 'terminate', and b an object kept
 * for the whole run with: t, u (one list per input, column-major), y (one
 * list per output, to fill), x and xd (continuous states and their
 * derivatives, to fill in 'derivatives'), z (discrete states), rpar,
 * nevprt (the activated inputs, bit-coded) and work (anything the code
 * keeps, initially None). What the function leaves in y, xd, x and z is
 * read back after the jobs that may change them. A Python exception stops
 * the run with its traceback, under the block's path.
 *
 * The interpreter is the process's: started at the first init if the
 * program is not Python itself (the GObject bindings), never finalised
 * (extension modules do not survive Py_Finalize), and entered through the
 * GIL from whichever thread runs the simulation. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "custom-classes.h"
#include "custom-params.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec pycustom_params[] = {
  { "source", N_ ("Python code"),
    "def block(job, b):\n"
    "    # y = u: replace with your own code\n"
    "    if job == 'outputs':\n"
    "        b.y[0] = list(b.u[0])\n",
    N_ ("The block's code in Python, kept as typed: it defines function(job, b), function being "
        "the name below, called with job 'init', 'outputs', 'derivatives', 'update' or "
        "'terminate'. b holds t, u (a list per input), y (a list per output, to fill in "
        "'outputs'), x and xd (continuous states, and their derivatives to fill in "
        "'derivatives'), z (discrete states, changed in 'update'), rpar, nevprt and work (kept "
        "between calls). Elements of matrices are listed column by column. It runs in Orrery's "
        "Python only in a model you trust."),
    ORR_PARAM_TEXT },
  { "function", N_ ("Function name"), "'block'",
    N_ ("The name of the Python function the code defines, called with every job.") },
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
  { "always_active", N_ ("Always active"), "0",
    N_ ("1: the block runs in continuous time, at every solver point. A block with continuous "
        "states always does."),
    ORR_PARAM_CHECKBOX },
  { "x0", N_ ("Initial continuous state"), "[]",
    N_ ("A vector, one value per continuous state, or [] for none.") },
  { "z0", N_ ("Initial discrete state"), "[]",
    N_ ("A vector, one value per discrete state, or [] for none.") },
  { "rpar", N_ ("Real parameters"), "[]", N_ ("A vector the code reads as b.rpar, or [].") },
};

/* ---- configure -------------------------------------------------------- */

static gboolean
is_python_identifier (const char *name)
{
  if (!g_ascii_isalpha (*name) && *name != '_')
    return FALSE;
  for (const char *p = name + 1; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean python_start (char **message);
static char *python_error_text (void);

/* Compiles (runs nothing) to report a syntax error in the dialog. */
static gboolean
check_syntax (const char *source, GError **error)
{
  g_autofree char *message = NULL;
  PyGILState_STATE gil;
  PyObject *code;

  if (!python_start (&message))
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER, "%s", message);
      return FALSE;
    }
  gil = PyGILState_Ensure ();
  code = Py_CompileString (source, "<Python code>", Py_file_input);
  if (code == NULL)
    message = python_error_text ();
  Py_XDECREF (code);
  PyGILState_Release (gil);
  if (message != NULL)
    {
      orr_param_set_error (error, "source", "does not compile:\n%s", message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
pycustom_configure (OrrConfig *config, GError **error)
{
  const char *source, *function;
  g_autofree char *digest = NULL;
  g_autofree char *what = NULL;
  const double *in_sizes, *out_sizes, *x0, *z0, *rpar;
  int n_in, n_out, nx, nz, n_rpar, event_inputs;
  gboolean always_active;
  g_autofree gboolean *feedthrough = NULL;
  g_autoptr (OrrValue) code = NULL;
  g_autoptr (OrrValue) name = NULL;

  /* Every check first, so a mistake shows even without trust. */
  if (!orr_custom_get_string (config, "source", &source, error)
      || !orr_custom_get_string (config, "function", &function, error)
      || !orr_custom_get_port_sizes (config, "in_sizes", &in_sizes, &n_in, error)
      || !orr_custom_get_port_sizes (config, "out_sizes", &out_sizes, &n_out, error))
    return FALSE;
  if (orr_custom_is_blank (source))
    {
      orr_param_set_error (error, "source", "must hold the block's Python code");
      return FALSE;
    }
  if (!is_python_identifier (function))
    {
      orr_param_set_error (error, "function", "must be a Python function name, not '%s'", function);
      return FALSE;
    }
  feedthrough = g_new0 (gboolean, MAX (n_in, 1));
  if (!orr_custom_get_feedthrough (config, n_in, feedthrough, error)
      || !orr_param_get_int_range (config, "event_inputs", 0, ORR_PALETTE_MAX_PORTS, &event_inputs,
                                   error)
      || !orr_param_get_flag (config, "always_active", &always_active, error)
      || !orr_custom_get_optional_vector (config, "x0", &x0, &nx, error)
      || !orr_custom_get_optional_vector (config, "z0", &z0, &nz, error)
      || !orr_custom_get_optional_vector (config, "rpar", &rpar, &n_rpar, error))
    return FALSE;

  for (int i = 0; i < n_in; i++)
    orr_config_add_input (config, (int)in_sizes[i], (int)in_sizes[i + n_in], ORR_TYPE_DOUBLE,
                          feedthrough[i]);
  for (int i = 0; i < n_out; i++)
    orr_config_add_output (config, (int)out_sizes[i], (int)out_sizes[i + n_out], ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, event_inputs, 0);
  orr_config_set_always_active (config, always_active || nx > 0);
  if (nx > 0)
    orr_config_set_states (config, nx, x0, FALSE);
  if (nz > 0)
    orr_config_set_discrete_states (config, nz, z0);
  orr_config_set_rpar (config, rpar, n_rpar);
  if (strlen (function) <= 12)
    orr_config_set_label (config, function);

  if (orr_config_is_interface_only (config))
    return TRUE;
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
  what = g_strdup_printf ("Python function %s", function);
  if (!orr_config_declare_native_code (config, what, digest))
    {
      g_set_error_literal (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                           "this model contains Python code (PyCustomBlock); trust the model to "
                           "run it (orrery-sim --trust)");
      return FALSE;
    }
  if (!check_syntax (source, error))
    return FALSE;
  code = orr_value_new_string (source);
  name = orr_value_new_string (function);
  orr_config_add_opar (config, code);
  orr_config_add_opar (config, name);
  return TRUE;
}

/* ---- the interpreter --------------------------------------------------- */

static gsize python_once = 0;
static char *python_failure = NULL; /* set once, with python_once */

/* Starts the interpreter unless the program already has one; FALSE with
 * *message if it cannot start. Afterwards no thread holds the GIL. */
static gboolean
python_start (char **message)
{
  if (g_once_init_enter (&python_once))
    {
      if (!Py_IsInitialized ())
        {
          PyConfig py_config;
          PyStatus status;

          /* Not the command line's arguments, and no signal handlers:
           * Ctrl+C belongs to the program. */
          PyConfig_InitPythonConfig (&py_config);
          py_config.install_signal_handlers = 0;
          py_config.parse_argv = 0;
          status = Py_InitializeFromConfig (&py_config);
          PyConfig_Clear (&py_config);
          if (PyStatus_Exception (status))
            python_failure = g_strdup_printf ("cannot start Python: %s",
                                              status.err_msg != NULL ? status.err_msg : "?");
          else
            PyEval_SaveThread ();
        }
      g_once_init_leave (&python_once, 1);
    }
  if (python_failure != NULL)
    {
      *message = g_strdup (python_failure);
      return FALSE;
    }
  return TRUE;
}

/* The pending exception as text (its traceback when there is one), and
 * clears it. With the GIL. */
static char *
python_error_text (void)
{
  PyObject *type, *value, *traceback, *module = NULL, *lines = NULL, *joined = NULL;
  char *text = NULL;

  PyErr_Fetch (&type, &value, &traceback);
  PyErr_NormalizeException (&type, &value, &traceback);
  module = PyImport_ImportModule ("traceback");
  if (module != NULL)
    lines = PyObject_CallMethod (
      module, traceback != NULL ? "format_exception" : "format_exception_only",
      traceback != NULL ? "OOO" : "OO", type ? type : Py_None, value ? value : Py_None, traceback);
  if (lines != NULL)
    {
      PyObject *empty = PyUnicode_FromString ("");

      joined = empty != NULL ? PyUnicode_Join (empty, lines) : NULL;
      Py_XDECREF (empty);
    }
  if (joined != NULL)
    {
      const char *utf8 = PyUnicode_AsUTF8 (joined);

      if (utf8 != NULL)
        text = g_strchomp (g_strdup (utf8));
    }
  if (text == NULL)
    text = g_strdup ("a Python exception that cannot be shown");
  PyErr_Clear ();
  Py_XDECREF (joined);
  Py_XDECREF (lines);
  Py_XDECREF (module);
  Py_XDECREF (type);
  Py_XDECREF (value);
  Py_XDECREF (traceback);
  return text;
}

/* ---- simulation ------------------------------------------------------- */

typedef struct
{
  PyObject *globals;  /* the code's module namespace */
  PyObject *function; /* function(job, b) */
  PyObject *b;        /* the object handed to every call */
} PyWork;

/* A Python list of n doubles. */
static PyObject *
list_of (const double *values, int n)
{
  PyObject *list = PyList_New (n);

  for (int i = 0; list != NULL && i < n; i++)
    {
      PyObject *f = PyFloat_FromDouble (values[i]);

      if (f == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, f);
    }
  return list;
}

static gboolean
set_list (PyObject *b, const char *name, const double *values, int n)
{
  PyObject *list = list_of (values, n);
  int rc;

  if (list == NULL)
    return FALSE;
  rc = PyObject_SetAttrString (b, name, list);
  Py_DECREF (list);
  return rc == 0;
}

/* A list with one list per port of the block. */
static gboolean
set_ports (OrrSimBlock *block, PyObject *b, const char *name, gboolean inputs)
{
  int n = inputs ? block->n_in : block->n_out;
  PyObject *list = PyList_New (n);
  int rc;

  if (list == NULL)
    return FALSE;
  for (int k = 0; k < n; k++)
    {
      PyObject *port = inputs
                         ? list_of (orr_block_real_in (block, k), orr_block_in_numel (block, k))
                         : list_of (orr_block_real_out (block, k), orr_block_out_numel (block, k));
      if (port == NULL)
        {
          Py_DECREF (list);
          return FALSE;
        }
      PyList_SET_ITEM (list, k, port);
    }
  rc = PyObject_SetAttrString (b, name, list);
  Py_DECREF (list);
  return rc == 0;
}

/* Reads b.name (what: "b.y[2]" in messages) as exactly n finite numbers
 * into values; FALSE with *message. With the GIL. */
static gboolean
read_numbers (PyObject *object, const char *what, double *values, int n, char **message)
{
  PyObject *fast = PySequence_Fast (object, "");
  Py_ssize_t len;

  if (fast == NULL)
    {
      PyErr_Clear ();
      *message = g_strdup_printf ("%s must be a list of %d numbers", what, n);
      return FALSE;
    }
  len = PySequence_Fast_GET_SIZE (fast);
  if (len != n)
    {
      *message = g_strdup_printf ("%s must hold %d numbers, not %zd", what, n, len);
      Py_DECREF (fast);
      return FALSE;
    }
  for (Py_ssize_t i = 0; i < len; i++)
    {
      double v = PyFloat_AsDouble (PySequence_Fast_GET_ITEM (fast, i));

      if (v == -1.0 && PyErr_Occurred ())
        {
          PyErr_Clear ();
          *message = g_strdup_printf ("%s[%zd] is not a number", what, i);
          Py_DECREF (fast);
          return FALSE;
        }
      values[i] = v;
    }
  Py_DECREF (fast);
  return TRUE;
}

static gboolean
read_attr (PyObject *b, const char *name, double *values, int n, char **message)
{
  PyObject *object = PyObject_GetAttrString (b, name);
  g_autofree char *what = g_strdup_printf ("b.%s", name);
  gboolean ok;

  if (object == NULL)
    {
      PyErr_Clear ();
      *message = g_strdup_printf ("b.%s is missing", name);
      return FALSE;
    }
  ok = read_numbers (object, what, values, n, message);
  Py_DECREF (object);
  return ok;
}

static gboolean
read_outputs (OrrSimBlock *block, PyObject *b, char **message)
{
  PyObject *y = PyObject_GetAttrString (b, "y");
  PyObject *fast;
  gboolean ok = TRUE;

  if (y == NULL)
    {
      PyErr_Clear ();
      *message = g_strdup ("b.y is missing");
      return FALSE;
    }
  fast = PySequence_Fast (y, "");
  Py_DECREF (y);
  if (fast == NULL || PySequence_Fast_GET_SIZE (fast) != block->n_out)
    {
      PyErr_Clear ();
      *message = g_strdup_printf ("b.y must be a list of %d lists, one per output", block->n_out);
      Py_XDECREF (fast);
      return FALSE;
    }
  for (int k = 0; k < block->n_out && ok; k++)
    {
      g_autofree char *what = g_strdup_printf ("b.y[%d]", k);

      ok = read_numbers (PySequence_Fast_GET_ITEM (fast, k), what, orr_block_real_out (block, k),
                         orr_block_out_numel (block, k), message);
    }
  Py_DECREF (fast);
  return ok;
}

static const char *
job_name (OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        return "init";
      case ORR_JOB_OUTPUTS:
        return "outputs";
      case ORR_JOB_DERIVATIVES:
        return "derivatives";
      case ORR_JOB_STATE_UPDATE:
        return "update";
      case ORR_JOB_TERMINATE:
        return "terminate";
      default:
        return NULL;
    }
}

/* Runs the code's top level and finds the function; with the GIL. */
static gboolean
load (OrrSimBlock *block, PyWork *w, char **message)
{
  const char *source = orr_value_get_string (block->opar[0]);
  const char *function = orr_value_get_string (block->opar[1]);
  PyObject *code, *result, *types;

  PyObject *module_name = PyUnicode_FromString ("__orrery_block__");
  int failed;

  w->globals = PyDict_New ();
  failed = w->globals == NULL || module_name == NULL
           || PyDict_SetItemString (w->globals, "__builtins__", PyEval_GetBuiltins ()) != 0
           || PyDict_SetItemString (w->globals, "__name__", module_name) != 0;
  Py_XDECREF (module_name);
  if (failed)
    {
      *message = python_error_text ();
      return FALSE;
    }
  /* The block's path as the file name: tracebacks point at it. */
  code = Py_CompileString (source, block->path, Py_file_input);
  if (code == NULL)
    {
      *message = python_error_text ();
      return FALSE;
    }
  result = PyEval_EvalCode (code, w->globals, w->globals);
  Py_DECREF (code);
  if (result == NULL)
    {
      *message = python_error_text ();
      return FALSE;
    }
  Py_DECREF (result);
  w->function = PyDict_GetItemString (w->globals, function); /* borrowed */
  if (w->function == NULL || !PyCallable_Check (w->function))
    {
      w->function = NULL;
      *message = g_strdup_printf ("the Python code defines no function '%s'", function);
      return FALSE;
    }
  Py_INCREF (w->function);

  types = PyImport_ImportModule ("types");
  w->b = types != NULL ? PyObject_CallMethod (types, "SimpleNamespace", NULL) : NULL;
  Py_XDECREF (types);
  if (w->b == NULL || PyObject_SetAttrString (w->b, "work", Py_None) != 0
      || !set_list (w->b, "rpar", block->rpar, block->n_rpar))
    {
      *message = python_error_text ();
      return FALSE;
    }
  return TRUE;
}

/* One job through the function; FALSE with *message. With the GIL. */
static gboolean
call_job (OrrSimBlock *block, PyWork *w, OrrJob job, char **message)
{
  const char *name = job_name (job);
  PyObject *t, *nevprt, *result;
  gboolean ok = TRUE;
  g_autofree double *xd = NULL;

  t = PyFloat_FromDouble (orr_block_get_time (block));
  nevprt = PyLong_FromLong (block->nevprt);
  ok = t != NULL && nevprt != NULL && PyObject_SetAttrString (w->b, "t", t) == 0
       && PyObject_SetAttrString (w->b, "nevprt", nevprt) == 0 && set_ports (block, w->b, "u", TRUE)
       && set_ports (block, w->b, "y", FALSE) && set_list (w->b, "x", block->x, block->nx)
       && set_list (w->b, "z", block->z, block->nz);
  if (ok && job == ORR_JOB_DERIVATIVES)
    {
      xd = g_new0 (double, MAX (block->nx, 1));
      ok = set_list (w->b, "xd", xd, block->nx);
    }
  Py_XDECREF (t);
  Py_XDECREF (nevprt);
  if (!ok)
    {
      *message = python_error_text ();
      return FALSE;
    }

  result = PyObject_CallFunction (w->function, "sO", name, w->b);
  if (result == NULL)
    {
      g_autofree char *text = python_error_text ();

      *message = g_strdup_printf ("Python error in the '%s' job:\n%s", name, text);
      return FALSE;
    }
  Py_DECREF (result);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        return read_outputs (block, w->b, message);
      case ORR_JOB_DERIVATIVES:
        return read_attr (w->b, "xd", block->xd, block->nx, message);
      case ORR_JOB_INIT:
      case ORR_JOB_STATE_UPDATE:
        return read_attr (w->b, "x", block->x, block->nx, message)
               && read_attr (w->b, "z", block->z, block->nz, message);
      default:
        return TRUE;
    }
}

static void
work_free (PyWork *w)
{
  Py_XDECREF (w->b);
  Py_XDECREF (w->function);
  Py_XDECREF (w->globals);
  g_free (w);
}

static void
pycustom_simulate (OrrSimBlock *block, OrrJob job)
{
  PyWork *w = block->work;
  g_autofree char *message = NULL;
  PyGILState_STATE gil;

  if (job_name (job) == NULL)
    return;
  if (job == ORR_JOB_INIT)
    {
      if (block->n_opar < 2)
        {
          orr_block_error (block, "the Python code was not accepted (is the model trusted?)");
          return;
        }
      if (!python_start (&message))
        {
          orr_block_error (block, "%s", message);
          return;
        }
    }
  else if (w == NULL)
    return;

  gil = PyGILState_Ensure ();
  if (job == ORR_JOB_INIT)
    {
      w = g_new0 (PyWork, 1);
      block->work = w;
      if (!load (block, w, &message))
        {
          orr_block_error (block, "%s", message);
          Py_CLEAR (w->function);
        }
    }
  if (w->function != NULL && w->b != NULL && !call_job (block, w, job, &message))
    orr_block_error (block, "%s", message);
  if (job == ORR_JOB_TERMINATE)
    {
      work_free (w);
      block->work = NULL;
    }
  PyGILState_Release (gil);
}

const OrrBlockClass orr_pycustom_block_class = {
  .name = "PyCustomBlock",
  .palette = N_ ("Custom"),
  .label = N_ ("Python block"),
  .description
  = N_ ("A block whose behaviour is a Python function written in its dialog and stored in the "
        "model."),
  .icon_text = "Py",
  .params = pycustom_params,
  .n_params = G_N_ELEMENTS (pycustom_params),
  .configure = pycustom_configure,
  .simulate = pycustom_simulate,
};
