/* orr-study-optimize.c: a study's <optimize>: NLopt's derivative-free
 * local methods (BOBYQA, COBYLA, Nelder-Mead; Debian's libnlopt) search
 * the variables' bounds, one model run per evaluation on the calling
 * thread, the objective and constraints evaluated over the run's values
 * and metrics. Every evaluation is a row of optimize.csv in the results
 * folder, so a search can be followed and checked. */
#include "orr-study-private.h"

#include <errno.h>
#include <math.h>
#include <nlopt.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-io.h>
#include <string.h>

/* What a failed run costs the search: worse than any real objective, and
 * finite, which the methods need. */
#define FAILED_RUN_COST 1e100

typedef struct
{
  OrrStudy *study;
  OrrStudySession *session;
  const char *const *names;
  guint n_vars;
  guint evaluations;
  GString *log;
  double best;
  double *best_values;
  GCancellable *cancellable;
  OrrStudyProgressFunc progress;
  gpointer user_data;
  GError *error; /* an objective that cannot be evaluated stops the search */
  /* the last evaluation's values, so that constraints reuse its run */
  double *last_values;
  double last_objective;
  double *last_constraints;
} Search;

static char *
format_number (double v)
{
  if (isnan (v))
    return g_strdup ("NaN");
  if (isinf (v))
    return g_strdup (v > 0 ? "Inf" : "-Inf");
  return orr_format_double (v);
}

static void
csv_field (GString *out, const char *text)
{
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The scope the objective and constraints are evaluated in: the
 * variables, then the metrics. */
static OrrScope *
result_scope (Search *s, const OrrStudyResult *r)
{
  OrrScope *scope = orr_scope_new (NULL);

  for (guint j = 0; j < s->n_vars; j++)
    {
      g_autoptr (OrrValue) v = orr_value_new_double (r->params[j]);
      orr_scope_set (scope, s->names[j], v);
    }
  for (guint k = 0; k < orr_study_get_n_metrics (s->study); k++)
    {
      g_autoptr (OrrValue) v = orr_value_new_double (r->metrics[k]);
      orr_scope_set (scope, orr_study_get_metric (s->study, k)->name, v);
    }
  return scope;
}

static gboolean
evaluate_number (const char *expr, OrrScope *scope, double *out, GError **error)
{
  g_autoptr (OrrValue) v = orr_expr_evaluate (expr, scope, error);

  if (v == NULL)
    return FALSE;
  if (!orr_value_is_scalar (v) || orr_value_get_type_id (v) == ORR_TYPE_STRING)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID, "'%s' is not a number", expr);
      return FALSE;
    }
  *out = orr_value_get_real (v, 0);
  return TRUE;
}

/* Runs the model at x (unless it was the last point) and keeps its
 * objective and constraint values. */
static void
evaluate_at (Search *s, const double *x)
{
  guint nc = s->study->constraints->len;
  OrrStudyResult *r;
  g_autoptr (OrrScope) scope = NULL;
  g_autoptr (GError) error = NULL;
  const char *status = "ok";
  double objective = FAILED_RUN_COST;

  if (s->evaluations > 0 && memcmp (x, s->last_values, sizeof (double) * s->n_vars) == 0)
    return;
  memcpy (s->last_values, x, sizeof (double) * s->n_vars);
  r = orr_study_session_run (s->session, s->evaluations, x);
  for (guint c = 0; c < nc; c++)
    s->last_constraints[c] = FAILED_RUN_COST;
  if (r->status == ORR_STUDY_RUN_OK)
    {
      scope = result_scope (s, r);
      if (!evaluate_number (s->study->objective, scope, &objective, &error))
        {
          /* the objective is wrong for every run: stop and say why */
          if (s->error == NULL)
            g_set_error (&s->error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID, "the objective: %s",
                         error->message);
          objective = FAILED_RUN_COST;
        }
      else if (!isfinite (objective))
        objective = FAILED_RUN_COST;
      else if (s->study->maximize)
        objective = -objective;
      for (guint c = 0; c < nc && s->error == NULL; c++)
        {
          g_clear_error (&error);
          if (!evaluate_number (g_ptr_array_index (s->study->constraints, c), scope,
                                &s->last_constraints[c], &error))
            g_set_error (&s->error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID, "constraint %u: %s",
                         c + 1, error->message);
        }
    }
  else
    status = r->status == ORR_STUDY_RUN_FAILED ? "failed" : "stopped";
  s->last_objective = objective;

  g_string_append_printf (s->log, "%u,%s", s->evaluations, status);
  for (guint j = 0; j < s->n_vars; j++)
    {
      g_autofree char *v = format_number (x[j]);
      g_string_append_printf (s->log, ",%s", v);
    }
  for (guint k = 0; k < orr_study_get_n_metrics (s->study); k++)
    {
      g_autofree char *v = format_number (r->metrics[k]);
      g_string_append_printf (s->log, ",%s", v);
    }
  {
    double shown = objective >= FAILED_RUN_COST ? NAN : s->study->maximize ? -objective : objective;
    g_autofree char *v = format_number (shown);
    g_string_append_printf (s->log, ",%s,", v);
  }
  csv_field (s->log, r->message ? r->message : "");
  g_string_append_c (s->log, '\n');

  if (r->status == ORR_STUDY_RUN_OK && objective < s->best)
    {
      gboolean feasible = TRUE;

      for (guint c = 0; c < nc; c++)
        feasible &= s->last_constraints[c] <= 0;
      if (feasible)
        {
          s->best = objective;
          memcpy (s->best_values, x, sizeof (double) * s->n_vars);
        }
    }
  s->evaluations++;
  if (s->progress != NULL)
    s->progress (r->run, r->status, r->message, s->evaluations, s->study->max_evaluations,
                 s->user_data);
  orr_study_result_free (r);
}

static gboolean
should_stop (Search *s, nlopt_opt opt)
{
  if (s->error != NULL || (s->cancellable != NULL && g_cancellable_is_cancelled (s->cancellable)))
    {
      nlopt_force_stop (opt);
      return TRUE;
    }
  return FALSE;
}

typedef struct
{
  Search *search;
  nlopt_opt opt;
  guint constraint;
} Callback;

static double
objective_cb (unsigned n, const double *x, double *grad, void *data)
{
  Callback *cb = data;

  if (should_stop (cb->search, cb->opt))
    return FAILED_RUN_COST;
  evaluate_at (cb->search, x);
  should_stop (cb->search, cb->opt);
  return cb->search->last_objective;
}

static double
constraint_cb (unsigned n, const double *x, double *grad, void *data)
{
  Callback *cb = data;

  if (should_stop (cb->search, cb->opt))
    return FAILED_RUN_COST;
  evaluate_at (cb->search, x);
  return cb->search->last_constraints[cb->constraint];
}

static const char *
describe_result (nlopt_result result)
{
  switch (result)
    {
      case NLOPT_SUCCESS:
        return "converged";
      case NLOPT_STOPVAL_REACHED:
        return "reached the objective's target";
      case NLOPT_FTOL_REACHED:
        return "converged: the objective changed less than the tolerance";
      case NLOPT_XTOL_REACHED:
        return "converged: the variables changed less than the tolerance";
      case NLOPT_MAXEVAL_REACHED:
        return "stopped at the maximum number of evaluations";
      case NLOPT_MAXTIME_REACHED:
        return "stopped at the time limit";
      case NLOPT_FORCED_STOP:
        return "stopped";
      case NLOPT_ROUNDOFF_LIMITED:
        return "stopped by round-off: the best point is as good as the runs can tell";
      case NLOPT_OUT_OF_MEMORY:
        return "out of memory";
      case NLOPT_INVALID_ARGS:
        return "the bounds or settings are not valid for the method";
      default:
        return "failed";
    }
}

G_DEFINE_BOXED_TYPE (OrrStudyOptimum, orr_study_optimum, orr_study_optimum_copy,
                     orr_study_optimum_free)

OrrStudyOptimum *
orr_study_optimum_copy (const OrrStudyOptimum *o)
{
  OrrStudyOptimum *copy = g_memdup2 (o, sizeof *o);

  copy->values = g_memdup2 (o->values, sizeof (double) * MAX (o->n_values, 1));
  copy->message = g_strdup (o->message);
  return copy;
}

void
orr_study_optimum_free (OrrStudyOptimum *o)
{
  if (o == NULL)
    return;
  g_free (o->values);
  g_free (o->message);
  g_free (o);
}

OrrStudyOptimum *
orr_study_optimize (OrrStudy *study, OrrRegistry *registry, OrrStudyProgressFunc progress,
                    gpointer user_data, GCancellable *cancellable, GError **error)
{
  static const nlopt_algorithm algorithms[] = {
    [ORR_STUDY_OPTIMIZER_BOBYQA] = NLOPT_LN_BOBYQA,
    [ORR_STUDY_OPTIMIZER_COBYLA] = NLOPT_LN_COBYLA,
    [ORR_STUDY_OPTIMIZER_NELDER_MEAD] = NLOPT_LN_NELDERMEAD,
  };
  guint n = study->variables->len, nc = study->constraints->len;
  g_autofree double *lower = g_new (double, MAX (n, 1));
  g_autofree double *upper = g_new (double, MAX (n, 1));
  g_autofree double *x = g_new (double, MAX (n, 1));
  g_autofree char **names = g_new0 (char *, n + 1);
  g_autofree Callback *callbacks = g_new0 (Callback, nc + 1);
  g_autofree char *dir = orr_study_dup_results_dir (study);
  g_autofree char *log_path = g_build_filename (dir, "optimize.csv", NULL);
  Search s = { 0 };
  OrrStudyOptimum *optimum = NULL;
  nlopt_opt opt;
  nlopt_result result;
  double value;

  if (study->optimizer == ORR_STUDY_OPTIMIZER_NONE)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                   "the study has no <optimize> element: nothing to optimise");
      return NULL;
    }
  if (n == 0)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                   "an optimisation needs variables to vary");
      return NULL;
    }
  if (nc > 0 && study->optimizer != ORR_STUDY_OPTIMIZER_COBYLA)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                   "only COBYLA takes constraints; BOBYQA and Nelder-Mead take bounds only");
      return NULL;
    }
  for (guint j = 0; j < n; j++)
    {
      const OrrStudyVariable *v = &g_array_index (study->variables, OrrStudyVariable, j);

      if (v->kind != ORR_STUDY_VALUES_RANGE && v->kind != ORR_STUDY_VALUES_UNIFORM)
        {
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                       "%s: an optimisation varies ranges or uniform variables (their bounds)",
                       v->name);
          return NULL;
        }
      lower[j] = MIN (v->a, v->b);
      upper[j] = MAX (v->a, v->b);
      if (!(upper[j] > lower[j]))
        {
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID, "%s: the bounds are equal",
                       v->name);
          return NULL;
        }
      x[j] = isfinite (v->start) ? CLAMP (v->start, lower[j], upper[j]) : (lower[j] + upper[j]) / 2;
      names[j] = v->name;
    }
  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int e = errno;
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s", dir, g_strerror (e));
      return NULL;
    }

  s.study = study;
  s.names = (const char *const *)names;
  s.n_vars = n;
  s.session = orr_study_session_new (study, registry, s.names, n, error);
  if (s.session == NULL)
    return NULL;
  s.best = HUGE_VAL;
  s.best_values = g_new0 (double, n);
  s.last_values = g_new0 (double, n);
  s.last_constraints = g_new0 (double, MAX (nc, 1));
  s.cancellable = cancellable;
  s.progress = progress;
  s.user_data = user_data;
  s.log = g_string_new ("evaluation,status");
  for (guint j = 0; j < n; j++)
    g_string_append_printf (s.log, ",%s", names[j]);
  for (guint k = 0; k < orr_study_get_n_metrics (study); k++)
    g_string_append_printf (s.log, ",%s", orr_study_get_metric (study, k)->name);
  g_string_append (s.log, ",objective,message\n");

  opt = nlopt_create (algorithms[study->optimizer], n);
  callbacks[nc].search = &s;
  callbacks[nc].opt = opt;
  nlopt_set_lower_bounds (opt, lower);
  nlopt_set_upper_bounds (opt, upper);
  nlopt_set_min_objective (opt, objective_cb, &callbacks[nc]);
  for (guint c = 0; c < nc; c++)
    {
      callbacks[c] = (Callback){ &s, opt, c };
      nlopt_add_inequality_constraint (opt, constraint_cb, &callbacks[c], 0);
    }
  nlopt_set_xtol_rel (opt, study->tolerance);
  nlopt_set_maxeval (opt, (int)study->max_evaluations);
  result = nlopt_optimize (opt, x, &value);
  nlopt_destroy (opt);

  g_file_set_contents_full (log_path, s.log->str, s.log->len, G_FILE_SET_CONTENTS_CONSISTENT, 0666,
                            NULL);
  if (s.error != NULL)
    g_propagate_error (error, g_steal_pointer (&s.error));
  else if (!(s.best < FAILED_RUN_COST))
    g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                 "no evaluation succeeded (%u tried; see %s)", s.evaluations, log_path);
  else
    {
      optimum = g_new0 (OrrStudyOptimum, 1);
      optimum->evaluations = s.evaluations;
      optimum->n_values = n;
      optimum->values = g_steal_pointer (&s.best_values);
      optimum->objective = study->maximize ? -s.best : s.best;
      optimum->message = g_strdup (describe_result (result));
    }
  orr_study_session_free (s.session);
  g_free (s.best_values);
  g_free (s.last_values);
  g_free (s.last_constraints);
  g_string_free (s.log, TRUE);
  return optimum;
}
