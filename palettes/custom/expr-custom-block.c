/* expr-custom-block.c: ExprCustomBlock, a stateful block written in
 * Orrery's parameter language instead of C (the seed's OmlCustomBlock):
 * its outputs, the derivative of its continuous state x, the update of its
 * discrete state z, jumps of x, zero-crossing surfaces and the delays of
 * its activation outputs are formulas of the inputs u1 ... un, of x, z,
 * the time t and the parameters p. Formulas are data, evaluated by the
 * language's compiled programs (orr-expr-program.h), so the block is
 * trusted like any parameter, with no native code.
 *
 * Each formula is compiled with x, z and t as extra inputs: the names are
 * replaced, as whole words, by u(n+1), u(n+2), u(n+3) before compiling, so
 * that the program knows they change at every call. What each job does:
 *   outputs         y_k = formula k (one per line of 'outputs');
 *   derivatives     x' = 'derivative' (nx values), x always active;
 *   state update    at an activation or an own crossing: z = 'update'
 *                   (nz values) and x = 'jump' (nx values), both from
 *                   the values before the event;
 *   events          evout = 'events' (one delay per activation output,
 *                   negative for none), at activations and at the exit of
 *                   initialisation;
 *   zero crossings  g = 'surfaces' (any number of values).
 * An empty formula (or only a comment, "% none") leaves that part out. The block inherits its
 * activation unless it has an activation input or continuous states. */
#include "custom-classes.h"
#include "orr-block-params.h"

#include <orrery/orr-expr-program.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#define MAX_INPUTS 100

enum
{
  F_DERIVATIVE,
  F_UPDATE,
  F_JUMP,
  F_EVENTS,
  F_SURFACES,
  N_SINGLE
};

static const char *const single_names[N_SINGLE]
  = { "derivative", "update", "jump", "events", "surfaces" };

enum
{
  IPAR_N,
  IPAR_NX,
  IPAR_NZ,
  IPAR_N_OUT,
  IPAR_N_EVIN,
  IPAR_N_EVOUT,
  IPAR_NG,
  IPAR_SIZES
};

static const OrrParamSpec expr_custom_block_params[] = {
  { "in_sizes", N_ ("Input sizes"), "[1 1]",
    N_ ("One row [rows, columns] per input u1, u2 ...; [] for none.") },
  { "x0", N_ ("Initial continuous state"), "[]",
    N_ ("x at the start, a vector ([] for none); 'derivative' gives x'.") },
  { "z0", N_ ("Initial discrete state"), "[]",
    N_ ("z at the start, a vector ([] for none); 'update' gives its next value.") },
  { "outputs", N_ ("Outputs"), "u1",
    N_ ("One formula per line, one output each, of u1 ... un, x, z, t and p."), ORR_PARAM_TEXT },
  { "derivative", N_ ("Derivative"), "% none",
    N_ ("x' as a formula of u1 ... un, x, z, t and p, a vector as long as x."), ORR_PARAM_TEXT },
  { "update", N_ ("Discrete update"), "% none",
    N_ ("The new z at each activation, a vector as long as z."), ORR_PARAM_TEXT },
  { "jump", N_ ("State jump"), "% none",
    N_ ("The new x at each activation or crossing, a vector as long as x (empty: no jump)."),
    ORR_PARAM_TEXT },
  { "surfaces", N_ ("Zero-crossing surfaces"), "% none",
    N_ ("Values whose sign changes are located and activate the block (its update and jump run "
        "then)."),
    ORR_PARAM_TEXT },
  { "events", N_ ("Event delays"), "% none",
    N_ ("One delay per activation output, evaluated at each activation and at the start: >= 0 "
        "programs an event that much later, negative programs none."),
    ORR_PARAM_TEXT },
  { "activation_inputs", N_ ("Activation inputs"), "0",
    N_ ("0: the block inherits its activation (or is always active with x); 1: it has one "
        "activation input."),
    ORR_PARAM_CHECKBOX },
  { "activation_outputs", N_ ("Activation outputs"), "0",
    N_ ("How many activation outputs 'events' programs, 0 to 30.") },
  { "parameters", N_ ("Parameters"), "[]",
    N_ ("Values the formulas read as p: p(1), p(2) ... (context variables go here).") },
};

/* text with x, z and t, as whole words outside quotes, replaced by
 * u<n+1>, u<n+2>, u<n+3>. */
static char *
substitute (const char *text, int n)
{
  GString *out = g_string_new (NULL);
  char quote = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      gboolean word_start = p == text || !(g_ascii_isalnum (p[-1]) || p[-1] == '_' || p[-1] == '.');
      gboolean word_end = !(g_ascii_isalnum (p[1]) || p[1] == '_');

      if (quote != 0)
        {
          if (*p == quote)
            quote = 0;
          g_string_append_c (out, *p);
          continue;
        }
      if (*p == '"'
          || (*p == '\''
              && (p == text
                  || !(g_ascii_isalnum (p[-1]) || p[-1] == ')' || p[-1] == ']' || p[-1] == '\''))))
        {
          quote = *p;
          g_string_append_c (out, *p);
          continue;
        }
      if (word_start && word_end && (*p == 'x' || *p == 'z' || *p == 't'))
        g_string_append_printf (out, "u%d", n + (*p == 'x' ? 1 : *p == 'z' ? 2 : 3));
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* x, z and t travel as inputs n + 1 .. n + 3: a formula naming one of
 * those inputs itself would read them in disguise. The first u<k> with k
 * > n, or 0 for none. */
static int
foreign_input (const char *text, int n)
{
  for (const char *p = text; *p != '\0'; p++)
    if (*p == 'u' && (p == text || !(g_ascii_isalnum (p[-1]) || p[-1] == '_'))
        && g_ascii_isdigit (p[1]))
      {
        char *end;
        long k = strtol (p + 1, &end, 10);

        if (!(g_ascii_isalnum (*end) || *end == '_') && (k > n || k < 1))
          return (int)MIN (k, G_MAXINT);
      }
  return 0;
}

static OrrScope *
parameter_scope (OrrValue *p)
{
  OrrScope *scope = orr_scope_new (NULL);

  orr_scope_set (scope, "p", p);
  return scope;
}

/* The sizes of u1 ... un, x, z, t (x and z: at least one element, so
 * that a formula that does not use them still compiles). */
static void
all_sizes (const int *ipar, int *rows, int *cols)
{
  int n = ipar[IPAR_N];

  for (int k = 0; k < n; k++)
    {
      rows[k] = ipar[IPAR_SIZES + 2 * k];
      cols[k] = ipar[IPAR_SIZES + 2 * k + 1];
    }
  rows[n] = MAX (ipar[IPAR_NX], 1), cols[n] = 1;
  rows[n + 1] = MAX (ipar[IPAR_NZ], 1), cols[n + 1] = 1;
  rows[n + 2] = cols[n + 2] = 1;
}

static OrrExprProgram *
compile (const char *text, const char *name, int line, const int *ipar, OrrScope *scope,
         GError **error)
{
  int rows[MAX_INPUTS + 3], cols[MAX_INPUTS + 3];
  g_autofree char *code = substitute (text, ipar[IPAR_N]);
  g_autoptr (GError) local = NULL;
  OrrExprProgram *program;
  int foreign = foreign_input (text, ipar[IPAR_N]);

  if (foreign != 0)
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "parameter '%s': the block has %d inputs, there is no u%d", name, ipar[IPAR_N],
                   foreign);
      return NULL;
    }
  all_sizes (ipar, rows, cols);
  program = orr_expr_program_new (code, ipar[IPAR_N] + 3, rows, cols, scope, &local);
  if (program == NULL)
    {
      if (line > 0)
        g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                     "parameter '%s', formula %d: %s", name, line, local->message);
      else
        g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER, "parameter '%s': %s",
                     name, local->message);
    }
  return program;
}

/* A line holding nothing but a comment (% or //) counts as blank. */
static gboolean
line_is_blank (const char *line)
{
  while (g_ascii_isspace (*line))
    line++;
  return *line == '\0' || *line == '%' || (line[0] == '/' && line[1] == '/');
}

static char **
split_lines (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *kept = g_ptr_array_new ();

  for (int i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (!line_is_blank (line))
        g_ptr_array_add (kept, g_strdup (line));
    }
  g_ptr_array_add (kept, NULL);
  return (char **)g_ptr_array_free (kept, FALSE);
}

/* No formula at all: blank lines and comments only ("% none"). */
static gboolean
is_blank (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (int i = 0; lines[i] != NULL; i++)
    if (!line_is_blank (lines[i]))
      return FALSE;
  return TRUE;
}

static const char *
text_param (OrrConfig *config, const char *name, GError **error)
{
  OrrValue *v = orr_config_get_param (config, name);

  if (v == NULL || orr_value_get_type_id (v) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, name, "must be text");
      return NULL;
    }
  return orr_value_get_string (v);
}

static gboolean
expr_custom_block_configure (OrrConfig *config, GError **error)
{
  const double *sizes, *x0, *z0, *pv;
  int sr, sc, nx, nz, xr, xc, zr, zc, pr, pc, evin, evout;
  int ipar[IPAR_SIZES + 2 * MAX_INPUTS];
  gboolean has_input;
  g_autoptr (OrrValue) p = NULL;
  g_autoptr (OrrScope) scope = NULL;
  g_auto (GStrv) lines = NULL;
  const char *texts[N_SINGLE], *outputs;
  int expected[N_SINGLE];
  gboolean feeds[MAX_INPUTS] = { FALSE };

  if (!orr_config_get_doubles (config, "in_sizes", &sizes, &sr, &sc, error)
      || !orr_config_get_doubles (config, "x0", &x0, &xr, &xc, error)
      || !orr_config_get_doubles (config, "z0", &z0, &zr, &zc, error)
      || !orr_config_get_doubles (config, "parameters", &pv, &pr, &pc, error)
      || !orr_param_get_flag (config, "activation_inputs", &has_input, error)
      || !orr_param_get_int_range (config, "activation_outputs", 0, 30, &evout, error))
    return FALSE;
  if (sr * sc > 0 && (sc != 2 || sr > MAX_INPUTS))
    {
      orr_param_set_error (error, "in_sizes",
                           "must have one row [rows, columns] per input, up "
                           "to %d inputs",
                           MAX_INPUTS);
      return FALSE;
    }
  ipar[IPAR_N] = sr * sc > 0 ? sr : 0;
  for (int k = 0; k < ipar[IPAR_N]; k++)
    for (int j = 0; j < 2; j++)
      {
        double v = sizes[k + j * sr];

        if (v != (int)v || v < 1 || v > 10000)
          {
            orr_param_set_error (error, "in_sizes", "must hold whole sizes >= 1, not %g", v);
            return FALSE;
          }
        ipar[IPAR_SIZES + 2 * k + j] = (int)v;
      }
  nx = xr * xc;
  nz = zr * zc;
  evin = has_input;
  ipar[IPAR_NX] = nx;
  ipar[IPAR_NZ] = nz;
  ipar[IPAR_N_EVIN] = evin;
  ipar[IPAR_N_EVOUT] = evout;
  p = orr_value_new_from_doubles (pr, pc, pv);
  scope = parameter_scope (p);

  if ((outputs = text_param (config, "outputs", error)) == NULL)
    return FALSE;
  for (int f = 0; f < N_SINGLE; f++)
    if ((texts[f] = text_param (config, single_names[f], error)) == NULL)
      return FALSE;
  expected[F_DERIVATIVE] = nx;
  expected[F_UPDATE] = nz;
  expected[F_JUMP] = nx;
  expected[F_EVENTS] = evout;
  expected[F_SURFACES] = -1;
  ipar[IPAR_NG] = 0;

  /* the single formulas: compiled to check them and their sizes */
  for (int f = 0; f < N_SINGLE; f++)
    {
      g_autoptr (OrrExprProgram) program = NULL;
      int rows, cols;

      if (is_blank (texts[f]))
        {
          if (expected[f] > 0 && f != F_JUMP)
            {
              orr_param_set_error (error, single_names[f],
                                   "must give %d values (the size of its state or outputs)",
                                   expected[f]);
              return FALSE;
            }
          continue;
        }
      program = compile (texts[f], single_names[f], 0, ipar, scope, error);
      if (program == NULL)
        return FALSE;
      orr_expr_program_get_size (program, &rows, &cols);
      if (f == F_SURFACES)
        ipar[IPAR_NG] = rows * cols;
      else if (rows * cols != expected[f])
        {
          orr_param_set_error (error, single_names[f], "must give %d values, not %dx%d",
                               expected[f], rows, cols);
          return FALSE;
        }
    }

  lines = split_lines (outputs);
  ipar[IPAR_N_OUT] = g_strv_length (lines);
  if (ipar[IPAR_N_OUT] > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, "outputs", "has too many lines");
      return FALSE;
    }
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (OrrExprProgram) program = compile (lines[i], "outputs", i + 1, ipar, scope, error);
      int rows, cols;

      if (program == NULL)
        return FALSE;
      orr_expr_program_get_size (program, &rows, &cols);
      if (rows * cols == 0)
        {
          orr_param_set_error (error, "outputs", "formula %d gives an empty matrix", i + 1);
          return FALSE;
        }
      orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
      for (int k = 0; k < ipar[IPAR_N]; k++)
        feeds[k] = feeds[k] || orr_expr_program_uses_input (program, k);
    }

  for (int k = 0; k < ipar[IPAR_N]; k++)
    orr_config_add_input (config, ipar[IPAR_SIZES + 2 * k], ipar[IPAR_SIZES + 2 * k + 1],
                          ORR_TYPE_DOUBLE, feeds[k]);
  orr_config_set_event_ports (config, evin, evout);
  if (nx > 0)
    {
      orr_config_set_states (config, nx, x0, FALSE);
      orr_config_set_always_active (config, TRUE);
    }
  if (nz > 0)
    orr_config_set_discrete_states (config, nz, z0);
  if (ipar[IPAR_NG] > 0)
    orr_config_set_surfaces (config, ipar[IPAR_NG], 0);
  orr_config_set_ipar (config, ipar, IPAR_SIZES + 2 * ipar[IPAR_N]);
  orr_config_add_opar (config, orr_config_get_param (config, "outputs"));
  for (int f = 0; f < N_SINGLE; f++)
    orr_config_add_opar (config, orr_config_get_param (config, single_names[f]));
  orr_config_add_opar (config, p);
  return TRUE;
}

/* ---- simulation ------------------------------------------------------------------ */

typedef struct
{
  int n_out;
  OrrExprProgram **outputs;
  OrrExprProgram *single[N_SINGLE];
  const double **inputs; /* u1 ... un, x, z, t */
  double t;
  double *scratch; /* max (nx, nz, n_evout, ng) values */
  double zero;     /* x or z when the block has none */
} Work;

static void
start (OrrSimBlock *block)
{
  const int *ipar = block->ipar;
  g_autoptr (OrrScope) scope = parameter_scope (block->opar[1 + N_SINGLE]);
  g_auto (GStrv) lines = split_lines (orr_value_get_string (block->opar[0]));
  Work *w = g_new0 (Work, 1);
  g_autoptr (GError) error = NULL;
  int n_scratch = MAX (MAX (ipar[IPAR_NX], ipar[IPAR_NZ]), MAX (ipar[IPAR_N_EVOUT], ipar[IPAR_NG]));

  block->work = w;
  w->n_out = g_strv_length (lines);
  w->outputs = g_new0 (OrrExprProgram *, MAX (w->n_out, 1));
  w->inputs = g_new0 (const double *, ipar[IPAR_N] + 3);
  w->scratch = g_new0 (double, MAX (n_scratch, 1));
  for (int i = 0; i < w->n_out; i++)
    if ((w->outputs[i] = compile (lines[i], "outputs", i + 1, ipar, scope, &error)) == NULL)
      {
        orr_block_error (block, "%s", error->message);
        return;
      }
  for (int f = 0; f < N_SINGLE; f++)
    {
      const char *text = orr_value_get_string (block->opar[1 + f]);

      if (!is_blank (text)
          && (w->single[f] = compile (text, single_names[f], 0, ipar, scope, &error)) == NULL)
        {
          orr_block_error (block, "%s", error->message);
          return;
        }
    }
}

static void
stop (OrrSimBlock *block)
{
  Work *w = block->work;

  if (w == NULL)
    return;
  for (int i = 0; i < w->n_out; i++)
    orr_expr_program_free (w->outputs[i]);
  for (int f = 0; f < N_SINGLE; f++)
    orr_expr_program_free (w->single[f]);
  g_free (w->outputs);
  g_free (w->inputs);
  g_free (w->scratch);
  g_free (w);
  block->work = NULL;
}

static gboolean
run (OrrSimBlock *block, OrrExprProgram *program, double *out)
{
  Work *w = block->work;
  int n = block->ipar[IPAR_N];

  for (int k = 0; k < n; k++)
    w->inputs[k] = orr_block_real_in (block, k);
  w->inputs[n] = block->nx > 0 ? block->x : &w->zero;
  w->inputs[n + 1] = block->nz > 0 ? block->z : &w->zero;
  w->t = orr_block_get_time (block);
  w->inputs[n + 2] = &w->t;
  if (orr_expr_program_run (program, w->inputs, out))
    return TRUE;
  if (!orr_block_in_try_phase (block))
    orr_block_error (block, "%s", orr_expr_program_get_error (program));
  return FALSE;
}

static void
expr_custom_block_simulate (OrrSimBlock *block, OrrJob job)
{
  Work *w = block->work;

  if (job == ORR_JOB_INIT)
    {
      start (block);
      return;
    }
  if (job == ORR_JOB_TERMINATE)
    {
      stop (block);
      return;
    }
  if (w == NULL)
    return;
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        for (int k = 0; k < w->n_out && k < block->n_out; k++)
          if (w->outputs[k] != NULL && !run (block, w->outputs[k], orr_block_real_out (block, k)))
            return;
        break;

      case ORR_JOB_DERIVATIVES:
        if (w->single[F_DERIVATIVE] != NULL)
          run (block, w->single[F_DERIVATIVE], block->xd);
        break;

      case ORR_JOB_STATE_UPDATE:
        {
          /* both from the values before the event */
          g_autofree double *new_z = NULL;

          if (block->nevprt == 0)
            break;
          if (w->single[F_UPDATE] != NULL && block->nz > 0)
            {
              new_z = g_new (double, block->nz);
              if (!run (block, w->single[F_UPDATE], new_z))
                break;
            }
          if (w->single[F_JUMP] != NULL && block->nx > 0
              && run (block, w->single[F_JUMP], w->scratch))
            memcpy (block->x, w->scratch, block->nx * sizeof (double));
          if (new_z != NULL)
            memcpy (block->z, new_z, block->nz * sizeof (double));
        }
        break;

      case ORR_JOB_EVENTS:
        if (w->single[F_EVENTS] != NULL && run (block, w->single[F_EVENTS], w->scratch))
          for (int i = 0; i < block->n_evout; i++)
            block->evout[i] = w->scratch[i];
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (w->single[F_SURFACES] != NULL && run (block, w->single[F_SURFACES], w->scratch))
          memcpy (block->g, w->scratch, block->ng * sizeof (double));
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_expr_custom_block_class = {
  .name = "ExprCustomBlock",
  .palette = N_ ("Custom"),
  .label = N_ ("Expression custom block"),
  .description = N_ ("A block with states written in the parameter language: outputs, "
                     "derivatives, updates, jumps, surfaces and events as formulas."),
  .icon_text = "f(u,x,z,t)",
  .params = expr_custom_block_params,
  .n_params = G_N_ELEMENTS (expr_custom_block_params),
  .configure = expr_custom_block_configure,
  .simulate = expr_custom_block_simulate,
};
