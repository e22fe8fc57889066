/* bobyqa-opt.c: BobyqaOpt, an optimisation driven from inside the model:
 * each simulation run is one evaluation of the cost, and the block
 * restarts the model with the next point until Powell's BOBYQA has
 * converged (Activate's Optimization block).
 *
 * Input 1 is the point this run used (fed back, through ToBase and
 * FromBase or GetFromBase, from what output 1 gave the run before; the
 * first run's is the start), input 2 its cost. When activated, usually at
 * the end of the run, the block either puts the next point on output 1
 * and asks for a new run (as End with "restart" does), or, once the
 * search has ended, puts the optimum on output 1, its cost on output 2
 * and fires its activation output (usually into an End that stops).
 *
 * BOBYQA here is NLopt's, which only runs as the caller of the cost
 * function, whereas the runs are driven from outside. So the block keeps
 * every point and cost in the run's base (one matrix under a name taken
 * from its path) and, at each activation, starts NLopt again from the
 * same start: the cost function answers the points it has seen from that
 * record, and the first new point is the one to try next; it stops NLopt
 * there. NLopt's BOBYQA is deterministic, so every replay asks the same
 * points in the same order, and a point that differs from the record
 * (input 1 not fed back) is an error, not a silent wrong answer. The
 * replays cost the optimiser's own arithmetic, small next to a run. No
 * thread and nothing beyond the base outlives a run. */
#include "optimization-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <nlopt.h>
#include <string.h>

/* A search of more evaluations than this is refused at configure: the
 * record is a matrix of (n + 1) x evaluations doubles. */
#define MAX_EVALUATIONS 100000

static const OrrParamSpec bobyqa_params[] = {
  { "lower", N_ ("Variables lower bounds"), "-10",
    N_ ("A vector, one bound per variable (its length is the number of variables), or a scalar "
        "for every variable.") },
  { "upper", N_ ("Variables upper bounds"), "10",
    N_ ("A vector of the same length as the lower bounds, or a scalar; each above its lower "
        "bound.") },
  { "rhobeg", N_ ("Initial value of the trust region"), "1e-1",
    N_ ("The first steps' size: about a tenth of the expected distance to the optimum.") },
  { "rhoend", N_ ("Final value of the trust region"), "1e-8",
    N_ ("The search ends when the steps fall below this size (the variables' accuracy).") },
  { "npt", N_ ("Number of interpolation conditions"), "-1",
    N_ ("-1: the default, 2n+1 for n variables, which is the only number NLopt's BOBYQA uses.") },
  { "maxiter", N_ ("Maximum number of iterations"), "500",
    N_ ("The most cost evaluations (runs) the search may use; it then ends with the best point "
        "found.") },
  { "maximize", N_ ("Compute max instead of min"), "0",
    N_ ("Checked: the search maximises the cost instead of minimising it."), ORR_PARAM_CHECKBOX },
};

enum
{
  IPAR_N,
  IPAR_MAXITER,
  IPAR_MAXIMIZE,
  N_IPAR,
};

enum
{
  RPAR_RHOBEG,
  RPAR_RHOEND,
  N_RPAR_FIXED, /* then n lower bounds and n upper bounds */
};

/* Reads a bound: a vector of n, or a scalar for all (n < 0: the vector
 * decides n). */
static gboolean
get_bounds (OrrConfig *config, const char *name, int *n, double *out, GError **error)
{
  const double *values;
  int count;

  if (!orr_param_get_vector (config, name, &values, &count, error))
    return FALSE;
  if (count < 1 || count > 1000)
    {
      orr_param_set_error (error, name, "must have between 1 and 1000 elements, not %d", count);
      return FALSE;
    }
  for (int i = 0; i < count; i++)
    if (isnan (values[i]))
      {
        orr_param_set_error (error, name, "must not be NaN (element %d)", i + 1);
        return FALSE;
      }
  if (*n < 0)
    *n = count;
  if (out == NULL)
    return TRUE;
  if (count != 1 && count != *n)
    {
      orr_param_set_error (
        error, name, "must have %d elements (as many as the lower bounds), not %d", *n, count);
      return FALSE;
    }
  for (int i = 0; i < *n; i++)
    out[i] = values[count == 1 ? 0 : i];
  return TRUE;
}

static gboolean
bobyqa_configure (OrrConfig *config, GError **error)
{
  int n = -1, n_upper = -1, npt, maxiter, ipar[N_IPAR];
  gboolean maximize;
  double rhobeg, rhoend;
  g_autofree double *rpar = NULL;

  /* the number of variables: the longer of the two bounds */
  if (!get_bounds (config, "lower", &n, NULL, error)
      || !get_bounds (config, "upper", &n_upper, NULL, error))
    return FALSE;
  n = MAX (n, n_upper);
  rpar = g_new (double, N_RPAR_FIXED + 2 * n);
  if (!get_bounds (config, "lower", &n, rpar + N_RPAR_FIXED, error)
      || !get_bounds (config, "upper", &n, rpar + N_RPAR_FIXED + n, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    if (!(rpar[N_RPAR_FIXED + i] < rpar[N_RPAR_FIXED + n + i]))
      {
        orr_param_set_error (error, "upper",
                             "must be above the lower bound for every variable: variable %d has "
                             "bounds %g and %g",
                             i + 1, rpar[N_RPAR_FIXED + i], rpar[N_RPAR_FIXED + n + i]);
        return FALSE;
      }
  if (!orr_param_get_finite (config, "rhobeg", &rhobeg, error)
      || !orr_param_get_finite (config, "rhoend", &rhoend, error))
    return FALSE;
  if (!(rhobeg > 0))
    {
      orr_param_set_error (error, "rhobeg", "must be above 0, not %g", rhobeg);
      return FALSE;
    }
  if (!(rhoend > 0 && rhoend <= rhobeg))
    {
      orr_param_set_error (error, "rhoend",
                           "must be above 0 and at most the initial trust region (%g), not %g",
                           rhobeg, rhoend);
      return FALSE;
    }
  if (!orr_param_get_int_range (config, "npt", -1, G_MAXINT, &npt, error))
    return FALSE;
  if (npt != -1 && npt != 2 * n + 1)
    {
      orr_param_set_error (
        error, "npt",
        "must be -1 or %d (2n+1 for %d variables): NLopt's BOBYQA uses no other, "
        "not %d",
        2 * n + 1, n, npt);
      return FALSE;
    }
  if (!orr_param_get_int_range (config, "maxiter", 1, MAX_EVALUATIONS, &maxiter, error)
      || !orr_param_get_flag (config, "maximize", &maximize, error))
    return FALSE;

  rpar[RPAR_RHOBEG] = rhobeg;
  rpar[RPAR_RHOEND] = rhoend;
  ipar[IPAR_N] = n;
  ipar[IPAR_MAXITER] = maxiter;
  ipar[IPAR_MAXIMIZE] = maximize;

  /* the point and its cost are read when activated, so they feed through */
  orr_config_add_input (config, n, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, n, 1, ORR_TYPE_DOUBLE);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_input_label (config, 0, "x");
  orr_config_set_input_label (config, 1, "cost");
  orr_config_set_output_label (config, 0, "x");
  orr_config_set_output_label (config, 1, "opt");
  orr_config_set_event_ports (config, 1, 1);
  /* The end of the search fires inside the activating event: an End that
   * stops there then wins over the restart asked in the same event, which
   * would otherwise end the run before any later event. */
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  orr_config_set_rpar (config, rpar, N_RPAR_FIXED + 2 * n);
  orr_config_set_ipar (config, ipar, N_IPAR);
  return TRUE;
}

/* The replay of the search against the record. */
typedef struct
{
  OrrSimBlock *block;
  int n;
  const double *record; /* (n + 1) x n_recorded, column-major: the point, then its cost */
  int n_recorded;
  int asked;      /* evaluations NLopt asked for so far */
  double *next;   /* the first point not in the record */
  gboolean found; /* next is set */
  gboolean diverged;
  nlopt_opt opt;
} Replay;

static double
replay_cost (unsigned n, const double *x, double *gradient, void *data)
{
  Replay *r = data;
  const double *column;

  (void)gradient; /* BOBYQA asks for none */
  if (r->asked == r->n_recorded)
    {
      memcpy (r->next, x, n * sizeof (double));
      r->found = TRUE;
      nlopt_force_stop (r->opt);
      return HUGE_VAL;
    }
  column = r->record + (gsize)r->asked * (r->n + 1);
  for (unsigned i = 0; i < n; i++)
    if (x[i] != column[i] && fabs (x[i] - column[i]) > 1e-12 * MAX (fabs (x[i]), fabs (column[i])))
      {
        r->diverged = TRUE;
        nlopt_force_stop (r->opt);
        return HUGE_VAL;
      }
  r->asked++;
  /* a cost that is not a number is the worst possible: the search moves away */
  return isnan (column[r->n]) ? HUGE_VAL : column[r->n];
}

/* Where the record lives in the base: a name of the block's own, which no
 * variable name can take (GetFromBase('...') can still read it). */
static char *
record_name (const OrrSimBlock *block)
{
  return g_strconcat ("BobyqaOpt:", block->path, NULL);
}

static void
put_outputs (OrrSimBlock *block, const double *x, double cost)
{
  memcpy (orr_block_real_out (block, 0), x, (gsize)block->ipar[IPAR_N] * sizeof (double));
  orr_block_real_out (block, 1)[0] = cost;
}

/* At an activation: add this run's point and cost to the record, replay
 * the search, and either restart with the next point or end. */
static void
bobyqa_step (OrrSimBlock *block, gboolean *done)
{
  int n = block->ipar[IPAR_N];
  const double *lower = block->rpar + N_RPAR_FIXED, *upper = lower + n;
  const double *x = orr_block_real_in (block, 0);
  double cost = orr_block_real_in (block, 1)[0];
  g_autofree char *name = record_name (block);
  g_autoptr (OrrValue) old = orr_block_get_base_value (block, name);
  g_autoptr (OrrValue) record = NULL;
  g_autofree double *start = NULL, *next = NULL;
  double *data, best;
  int k = 0;
  nlopt_result result;
  Replay r = { 0 };

  if (old != NULL)
    {
      if (orr_value_get_type_id (old) != ORR_TYPE_DOUBLE || orr_value_rows (old) != (gsize)n + 1)
        {
          orr_block_error (
            block, "the base holds something else than this block's record under '%s'", name);
          return;
        }
      k = (int)orr_value_cols (old);
    }
  for (int i = 0; i < n; i++)
    if (!isfinite (x[i]) || x[i] < lower[i] || x[i] > upper[i])
      {
        orr_block_error (block, "variable %d on input 1 is %g, outside its bounds [%g, %g]%s",
                         i + 1, x[i], lower[i], upper[i],
                         k == 0 ? " (the start of the search)" : "");
        return;
      }

  /* the record with this run's point and cost added */
  record = orr_value_new_matrix (ORR_TYPE_DOUBLE, n + 1, k + 1);
  data = orr_value_data (record);
  if (k > 0)
    memcpy (data, orr_value_data (old), (gsize)k * (n + 1) * sizeof (double));
  memcpy (data + (gsize)k * (n + 1), x, n * sizeof (double));
  data[(gsize)k * (n + 1) + n] = cost;
  k++;
  orr_block_set_base_value (block, name, record);

  start = g_memdup2 (data, n * sizeof (double));
  next = g_new0 (double, n);
  r.block = block;
  r.n = n;
  r.record = data;
  r.n_recorded = k;
  r.next = next;
  r.opt = nlopt_create (NLOPT_LN_BOBYQA, (unsigned)n);
  nlopt_set_lower_bounds (r.opt, lower);
  nlopt_set_upper_bounds (r.opt, upper);
  if (block->ipar[IPAR_MAXIMIZE])
    nlopt_set_max_objective (r.opt, replay_cost, &r);
  else
    nlopt_set_min_objective (r.opt, replay_cost, &r);
  nlopt_set_initial_step1 (r.opt, block->rpar[RPAR_RHOBEG]);
  nlopt_set_xtol_abs1 (r.opt, block->rpar[RPAR_RHOEND]);
  nlopt_set_maxeval (r.opt, block->ipar[IPAR_MAXITER]);
  result = nlopt_optimize (r.opt, start, &best);
  nlopt_destroy (r.opt);

  if (r.diverged)
    {
      orr_block_error (
        block, "this run's point on input 1 is not the one this block gave at the end of the run "
               "before: feed output 1 back to input 1 (ToBase at the end of the run, then FromBase "
               "or GetFromBase)");
      return;
    }
  if (r.found)
    {
      /* the best so far on output 2 while the search goes on */
      double so_far = data[n];

      for (int j = 1; j < k; j++)
        {
          double c = data[(gsize)j * (n + 1) + n];
          if (block->ipar[IPAR_MAXIMIZE] ? c > so_far : c < so_far)
            so_far = c;
        }
      put_outputs (block, next, so_far);
      orr_block_request_restart (block);
      return;
    }
  if (result < 0 && result != NLOPT_ROUNDOFF_LIMITED)
    {
      orr_block_error (block, "NLopt's BOBYQA failed (code %d) after %d evaluations", (int)result,
                       k);
      return;
    }
  /* converged, or out of evaluations: the best point, and the end */
  put_outputs (block, start, best);
  *done = TRUE;
}

/* One search step per run: a second call at the same activation (an
 * event repeated) must not record the run twice. */
typedef struct
{
  gboolean stepped;
  gboolean done; /* the search ended: fire the activation output */
} Work;

static void
bobyqa_simulate (OrrSimBlock *block, OrrJob job)
{
  Work *work = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_alloc_work (block, sizeof (Work));
        break;

      case ORR_JOB_OUTPUTS:
        if (block->nevprt <= 0 || orr_block_in_try_phase (block) || work->stepped)
          break;
        work->stepped = TRUE;
        bobyqa_step (block, &work->done);
        break;

      case ORR_JOB_EVENTS:
        if (work != NULL && work->done)
          {
            block->evout[0] = 0.0;
            work->done = FALSE;
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_bobyqa_opt_class = {
  .name = "BobyqaOpt",
  .palette = N_ ("Optimization"),
  .label = N_ ("Optimization"),
  .description = N_ ("Minimises (or maximises) a cost over the model's runs with Powell's BOBYQA: "
                     "each activation reads the run's point and cost, then restarts the model "
                     "with the next point, or gives the optimum and fires its activation output."),
  .icon_text = "BOBYQA",
  .params = bobyqa_params,
  .n_params = G_N_ELEMENTS (bobyqa_params),
  .configure = bobyqa_configure,
  .simulate = bobyqa_simulate,
};
