/* orr-solver-fixed.c: the fixed-step methods, written here.
 *
 * Explicit: forward Euler, Heun (explicit trapezoidal), classical RK4.
 * Implicit: backward Euler and the implicit trapezoidal rule; each step
 * solves x1 = a + gamma f(t1, x1) by a modified Newton iteration on
 * M = I - gamma J, with J from the simulator (analytic blocks and
 * difference quotients) in the dense, band or KLU storage it chose, kept
 * over steps while the iteration converges well.
 *
 * Steps end on the grid origin + k h (SEMANTICS section 6: the step is the
 * model's base clock). A stop time off the grid (the final time) gets a
 * shorter last step. Surfaces are compared at the two ends of each step;
 * a sign change ends the step with ORR_SOLVER_ROOT at its end, without
 * locating the crossing inside it.
 */

#include <float.h>
#include <math.h>
#include <string.h>

#include <nvector/nvector_serial.h>

#include "orr-solver.h"

/* Newton: iterations per attempt, the convergence threshold on the
 * weighted correction, how often J is refreshed regardless, and the
 * contraction rate beyond which the iteration is deemed diverging. */
#define NEWTON_MAX_ITERATIONS 10
#define FULL_NEWTON_ITERATIONS 50
#define LINE_SEARCH_HALVINGS 12
#define NEWTON_TOLERANCE 0.01
#define JACOBIAN_MAX_AGE 20
#define DIVERGING_RATE 0.9

typedef struct
{
  OrrSolver parent;
  int n;
  gboolean implicit;
  double h, origin;
  double t;
  double *x, *x1, *f0, *k1, *k2, *k3, *k4, *tmp;
  double *g0, *g1;
  int *jroot;

  /* implicit methods */
  SUNContext ctx;
  N_Vector delta, rhs_vector; /* wrap dx and the Newton right-hand side */
  SUNMatrix jacobian, newton;
  SUNLinearSolver linear;
  double *scratch;
  gboolean have_jacobian;
  int jacobian_age;    /* steps since J was computed */
  double newton_gamma; /* the gamma M was factored for; 0: not factored */
} OrrSolverFixed;

static const char *
method_name (OrrSolverMethod method)
{
  switch (method)
    {
      case ORR_SOLVER_EULER:
        return "forward Euler";
      case ORR_SOLVER_HEUN:
        return "Heun";
      case ORR_SOLVER_RK4:
        return "Runge-Kutta 4";
      case ORR_SOLVER_BACKWARD_EULER:
        return "backward Euler";
      case ORR_SOLVER_TRAPEZOIDAL:
      default:
        return "implicit trapezoidal";
    }
}

/* A callback's failure as a step error. */
static void
callback_error (OrrSolverFixed *self, GError **error, double t_stop, double t, int status,
                const char *what)
{
  OrrSolver *solver = &self->parent;

  orr_solver_set_step_error (solver, error, t_stop, t, status, "callback",
                             status > 0 ? "computing the derivatives failed, and a fixed-step "
                                          "method cannot retry with a smaller step"
                                        : what);
  if (error != NULL && *error != NULL && status < 0)
    (*error)->code = ORR_SOLVER_ERROR_CALLBACK;
}

static int
rhs (OrrSolverFixed *self, double t, const double *x, double *f)
{
  return self->parent.options.rhs (t, x, f, self->parent.options.data);
}

/* ---- implicit steps --------------------------------------------------------- */

static double
weighted_norm (OrrSolverFixed *self, const double *dx, const double *x)
{
  const OrrSolverOptions *options = &self->parent.options;
  double sum = 0;

  for (int i = 0; i < self->n; i++)
    {
      double w = dx[i] / (options->rtol * fabs (x[i]) + options->atol);

      sum += w * w;
    }
  return sqrt (sum / self->n);
}

static gboolean
update_jacobian (OrrSolverFixed *self, double t, const double *x, const double *f, GError **error,
                 double t_stop)
{
  const OrrSolverOptions *options = &self->parent.options;
  int status
    = orr_solver_linear_jacobian (options, t, 0.0, x, NULL, f, self->scratch, self->jacobian);

  if (status != 0)
    {
      callback_error (self, error, t_stop, t, status, "computing the Jacobian failed");
      return FALSE;
    }
  self->have_jacobian = TRUE;
  self->jacobian_age = 0;
  self->newton_gamma = 0;
  return TRUE;
}

/* M = I - gamma J, factored. */
static gboolean
factor_newton_matrix (OrrSolverFixed *self, double gamma, double t, GError **error, double t_stop)
{
  OrrSolver *solver = &self->parent;
  int flag = SUNMatCopy (self->jacobian, self->newton);

  if (flag == 0)
    flag = SUNMatScaleAddI (-gamma, self->newton);
  if (flag == 0)
    flag = SUNLinSolSetup (self->linear, self->newton);
  if (flag != 0)
    {
      orr_solver_set_step_error (solver, error, t_stop, t, flag, "SUNLinSolSetup",
                                 "the Newton matrix I - h J is singular");
      return FALSE;
    }
  self->newton_gamma = gamma;
  return TRUE;
}

/* Solves x1 = a + gamma f(t1, x1), starting from x1 as given. FALSE when
 * the iteration does not converge (no error set) or on a hard error. */
static gboolean
newton (OrrSolverFixed *self, double t1, const double *a, double gamma, double *x1,
        gboolean *hard_failure, GError **error, double t_stop)
{
  double *f = self->tmp;
  double *b = N_VGetArrayPointer (self->rhs_vector);
  double *dx = N_VGetArrayPointer (self->delta);
  double previous = 0;

  *hard_failure = FALSE;
  if (self->newton_gamma != gamma && !factor_newton_matrix (self, gamma, t1, error, t_stop))
    {
      *hard_failure = TRUE;
      return FALSE;
    }

  for (int iteration = 0; iteration < NEWTON_MAX_ITERATIONS; iteration++)
    {
      int status = rhs (self, t1, x1, f);
      double norm;

      if (status != 0)
        {
          callback_error (self, error, t_stop, self->t, status, "computing the derivatives failed");
          *hard_failure = TRUE;
          return FALSE;
        }
      for (int i = 0; i < self->n; i++)
        b[i] = a[i] + gamma * f[i] - x1[i];
      status = SUNLinSolSolve (self->linear, self->newton, self->delta, self->rhs_vector, 0.0);
      if (status != 0)
        return FALSE;
      for (int i = 0; i < self->n; i++)
        x1[i] += dx[i];

      norm = weighted_norm (self, dx, x1);
      if (!isfinite (norm))
        return FALSE;
      if (norm <= NEWTON_TOLERANCE)
        return TRUE;
      if (iteration > 0)
        {
          double rate = norm / previous;

          if (rate > DIVERGING_RATE)
            return FALSE;
          /* The remaining error of a contracting iteration. */
          if (norm * rate / (1 - rate) <= NEWTON_TOLERANCE)
            return TRUE;
        }
      previous = norm;
    }
  return FALSE;
}

/* G(x) = x - a - gamma f(t1, x) into g, f(t1, x) into f; its weighted
 * norm, or -1 after a failed callback (error set). */
static double
residual (OrrSolverFixed *self, double t1, const double *a, double gamma, const double *x,
          double *f, double *g, GError **error, double t_stop)
{
  int status = rhs (self, t1, x, f);

  if (status != 0)
    {
      callback_error (self, error, t_stop, self->t, status, "computing the derivatives failed");
      return -1;
    }
  for (int i = 0; i < self->n; i++)
    g[i] = x[i] - a[i] - gamma * f[i];
  return weighted_norm (self, g, x);
}

/* Newton with the Jacobian at every iterate and a backtracking line
 * search on |G|: slow but sure, for a step across a fast transient (the
 * fold of a relaxation oscillation) where the modified iteration stalls. */
static gboolean
newton_full (OrrSolverFixed *self, double t1, const double *a, double gamma, double *x1,
             gboolean *hard_failure, GError **error, double t_stop)
{
  double *f = self->tmp, *g = self->k3, *trial = self->k2, *f_trial = self->k4;
  double *g_trial = self->f0; /* f0 is no longer needed once a is formed */
  double *b = N_VGetArrayPointer (self->rhs_vector);
  double *dx = N_VGetArrayPointer (self->delta);
  double norm = residual (self, t1, a, gamma, x1, f, g, error, t_stop);

  *hard_failure = norm < 0;
  for (int iteration = 0; iteration < FULL_NEWTON_ITERATIONS && !*hard_failure; iteration++)
    {
      double lambda = 1, trial_norm = -1;
      int halvings;

      if (!update_jacobian (self, t1, x1, f, error, t_stop)
          || !factor_newton_matrix (self, gamma, t1, error, t_stop))
        {
          *hard_failure = TRUE;
          return FALSE;
        }
      for (int i = 0; i < self->n; i++)
        b[i] = -g[i];
      if (SUNLinSolSolve (self->linear, self->newton, self->delta, self->rhs_vector, 0.0) != 0)
        return FALSE;
      for (halvings = 0; halvings < LINE_SEARCH_HALVINGS; halvings++, lambda /= 2)
        {
          for (int i = 0; i < self->n; i++)
            trial[i] = x1[i] + lambda * dx[i];
          trial_norm = residual (self, t1, a, gamma, trial, f_trial, g_trial, error, t_stop);
          if (trial_norm < 0)
            {
              *hard_failure = TRUE;
              return FALSE;
            }
          if (isfinite (trial_norm) && trial_norm <= (1 - 1e-4 * lambda) * norm)
            break;
        }
      if (halvings == LINE_SEARCH_HALVINGS)
        return FALSE;
      for (int i = 0; i < self->n; i++)
        dx[i] = trial[i] - x1[i];
      memcpy (x1, trial, sizeof (double) * self->n);
      memcpy (f, f_trial, sizeof (double) * self->n);
      memcpy (g, g_trial, sizeof (double) * self->n);
      norm = trial_norm;
      if (weighted_norm (self, dx, x1) <= NEWTON_TOLERANCE)
        return TRUE;
    }
  return FALSE;
}

static gboolean
implicit_step (OrrSolverFixed *self, double h, double t_stop, GError **error)
{
  OrrSolverMethod method = self->parent.options.method;
  double t0 = self->t, t1 = t0 + h;
  double gamma = method == ORR_SOLVER_TRAPEZOIDAL ? h / 2 : h;
  double *a = self->k1;
  gboolean hard_failure = FALSE;
  int status;

  status = rhs (self, t0, self->x, self->f0);
  if (status != 0)
    {
      callback_error (self, error, t_stop, t0, status, "computing the derivatives failed");
      return FALSE;
    }
  for (int i = 0; i < self->n; i++)
    a[i] = method == ORR_SOLVER_TRAPEZOIDAL ? self->x[i] + gamma * self->f0[i] : self->x[i];

  /* First with the Jacobian kept from earlier steps and an explicit Euler
   * predictor, good for smooth stretches; then with a fresh Jacobian and
   * the old state as the predictor, which a fast transient (where h f is
   * huge) prefers; at last a full Newton iteration with a line search. */
  for (int attempt = 0; attempt < 3; attempt++)
    {
      gboolean ok;

      if (attempt < 2
          && (!self->have_jacobian || self->jacobian_age >= JACOBIAN_MAX_AGE || attempt == 1))
        if (!update_jacobian (self, t0, self->x, self->f0, error, t_stop))
          return FALSE;

      for (int i = 0; i < self->n; i++)
        self->x1[i] = self->x[i] + (attempt == 0 ? h * self->f0[i] : 0.0);
      ok = attempt < 2 ? newton (self, t1, a, gamma, self->x1, &hard_failure, error, t_stop)
                       : newton_full (self, t1, a, gamma, self->x1, &hard_failure, error, t_stop);
      if (ok)
        {
          self->jacobian_age++;
          return TRUE;
        }
      if (hard_failure)
        break;
    }
  if (!hard_failure)
    {
      g_autofree char *why = g_strdup_printf (
        "the Newton iteration of the %s step did not converge: the step h = %g s is too large "
        "for this model (reduce the maximum step, which is the fixed step) or the model is "
        "singular there",
        method_name (method), h);

      orr_solver_set_step_error (&self->parent, error, t_stop, t0, 0, "NEWTON_FAILURE", why);
    }
  return FALSE;
}

/* ---- explicit steps --------------------------------------------------------- */

static gboolean
explicit_step (OrrSolverFixed *self, double h, double t_stop, GError **error)
{
  OrrSolverMethod method = self->parent.options.method;
  double t0 = self->t;
  int n = self->n;
  int status;

  status = rhs (self, t0, self->x, self->k1);
  if (status == 0 && method == ORR_SOLVER_EULER)
    for (int i = 0; i < n; i++)
      self->x1[i] = self->x[i] + h * self->k1[i];
  else if (status == 0 && method == ORR_SOLVER_HEUN)
    {
      for (int i = 0; i < n; i++)
        self->tmp[i] = self->x[i] + h * self->k1[i];
      status = rhs (self, t0 + h, self->tmp, self->k2);
      for (int i = 0; i < n && status == 0; i++)
        self->x1[i] = self->x[i] + h / 2 * (self->k1[i] + self->k2[i]);
    }
  else if (status == 0)
    {
      for (int i = 0; i < n; i++)
        self->tmp[i] = self->x[i] + h / 2 * self->k1[i];
      status = rhs (self, t0 + h / 2, self->tmp, self->k2);
      for (int i = 0; i < n && status == 0; i++)
        self->tmp[i] = self->x[i] + h / 2 * self->k2[i];
      if (status == 0)
        status = rhs (self, t0 + h / 2, self->tmp, self->k3);
      for (int i = 0; i < n && status == 0; i++)
        self->tmp[i] = self->x[i] + h * self->k3[i];
      if (status == 0)
        status = rhs (self, t0 + h, self->tmp, self->k4);
      for (int i = 0; i < n && status == 0; i++)
        self->x1[i]
          = self->x[i] + h / 6 * (self->k1[i] + 2 * self->k2[i] + 2 * self->k3[i] + self->k4[i]);
    }
  if (status != 0)
    {
      callback_error (self, error, t_stop, t0, status, "computing the derivatives failed");
      return FALSE;
    }
  return TRUE;
}

/* ---- the backend -------------------------------------------------------------- */

static gboolean
evaluate_surfaces (OrrSolverFixed *self, double t, const double *x, double *g, GError **error)
{
  const OrrSolverOptions *options = &self->parent.options;
  int status;

  if (options->ng == 0)
    return TRUE;
  status = options->roots (t, x, NULL, g, options->data);
  if (status != 0)
    {
      orr_solver_set_step_error (&self->parent, error, t, t, status, "callback",
                                 "computing the zero-crossing surfaces failed");
      if (error != NULL && *error != NULL)
        (*error)->code = ORR_SOLVER_ERROR_CALLBACK;
      return FALSE;
    }
  return TRUE;
}

static gboolean
fixed_restart (OrrSolver *solver, double t, const double *x, const double *xd, double t_next,
               double h0, GError **error)
{
  OrrSolverFixed *self = (OrrSolverFixed *)solver;

  memcpy (self->x, x, sizeof (double) * self->n);
  self->t = t;
  return evaluate_surfaces (self, t, self->x, self->g0, error);
}

/* The end of the step from t: the next grid point, or t_stop if that
 * comes first (or within rounding of it). */
static double
step_end (OrrSolverFixed *self, double t_stop)
{
  double h = self->h;
  double k = floor ((self->t - self->origin) / h + 1e-9) + 1;
  double next = self->origin + k * h;

  if (next - self->t <= 1e-9 * h)
    next = self->origin + (k + 1) * h;
  if (next >= t_stop - 1e-9 * h)
    next = t_stop;
  return next;
}

static OrrSolverStatus
fixed_step (OrrSolver *solver, double t_stop, double *t, GError **error)
{
  OrrSolverFixed *self = (OrrSolverFixed *)solver;
  double t1 = step_end (self, t_stop);
  double h = t1 - self->t;
  gboolean crossed = FALSE;
  gboolean ok;

  ok = self->implicit ? implicit_step (self, h, t_stop, error)
                      : explicit_step (self, h, t_stop, error);
  if (!ok)
    {
      *t = self->t;
      return ORR_SOLVER_FAILED;
    }
  memcpy (self->x, self->x1, sizeof (double) * self->n);
  self->t = *t = t1;

  if (solver->options.ng > 0)
    {
      if (!evaluate_surfaces (self, t1, self->x, self->g1, error))
        return ORR_SOLVER_FAILED;
      for (int i = 0; i < solver->options.ng; i++)
        {
          double a = self->g0[i], b = self->g1[i];

          /* A sign change, or arriving at zero, counts; leaving zero does
           * not (it was counted on arrival). */
          self->jroot[i] = 0;
          if ((a < 0 && b >= 0) || (a > 0 && b <= 0))
            {
              const int *direction = solver->options.root_direction;

              self->jroot[i] = b > a ? 1 : -1;
              if (direction != NULL && direction[i] != 0 && direction[i] != self->jroot[i])
                self->jroot[i] = 0; /* a crossing the surface's block ignores */
              else
                crossed = TRUE;
            }
        }
      memcpy (self->g0, self->g1, sizeof (double) * solver->options.ng);
      if (crossed)
        return ORR_SOLVER_ROOT;
    }
  return t1 == t_stop ? ORR_SOLVER_STOP : ORR_SOLVER_STEP;
}

static const double *
fixed_get_x (OrrSolver *solver)
{
  return ((OrrSolverFixed *)solver)->x;
}

static const double *
fixed_get_xd (OrrSolver *solver)
{
  return NULL;
}

static void
fixed_get_roots (OrrSolver *solver, int *jroot)
{
  memcpy (jroot, ((OrrSolverFixed *)solver)->jroot, sizeof (int) * solver->options.ng);
}

static int
fixed_worst_component (OrrSolver *solver)
{
  return -1;
}

static void
fixed_free (OrrSolver *solver)
{
  OrrSolverFixed *self = (OrrSolverFixed *)solver;

  if (self->linear != NULL)
    SUNLinSolFree (self->linear);
  if (self->jacobian != NULL)
    SUNMatDestroy (self->jacobian);
  if (self->newton != NULL)
    SUNMatDestroy (self->newton);
  if (self->delta != NULL)
    N_VDestroy (self->delta);
  if (self->rhs_vector != NULL)
    N_VDestroy (self->rhs_vector);
  if (self->ctx != NULL)
    SUNContext_Free (&self->ctx);
  g_free (self->scratch);
  g_free (self->x);
  g_free (self->g0);
  g_free (self->jroot);
  g_free (self);
}

static const OrrSolverClass fixed_class = {
  ORR_SOLVER_CLASS (fixed),
};

static gboolean
setup_linear_algebra (OrrSolverFixed *self, GError **error)
{
  const OrrSolverOptions *options = &self->parent.options;

  if (options->jacobian == NULL || options->sparsity == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "internal error: an implicit fixed-step method needs the Jacobian");
      return FALSE;
    }
  if (SUNContext_Create (NULL, &self->ctx) != 0 || self->ctx == NULL)
    {
      g_set_error_literal (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                           "could not create a SUNDIALS context");
      return FALSE;
    }
  self->delta = N_VNew_Serial (self->n, self->ctx);
  self->rhs_vector = self->delta != NULL ? N_VClone (self->delta) : NULL;
  if (self->rhs_vector == NULL)
    {
      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                   "could not allocate the Newton iteration for %d states", self->n);
      return FALSE;
    }
  if (!orr_solver_linear_new (options, self->delta, self->ctx, &self->newton, &self->linear, error))
    return FALSE;
  self->jacobian = SUNMatClone (self->newton);
  if (self->jacobian == NULL || SUNLinSolInitialize (self->linear) != 0)
    {
      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                   "could not allocate the Newton iteration for %d states", self->n);
      return FALSE;
    }
  self->scratch = orr_solver_linear_scratch (options);
  return TRUE;
}

OrrSolver *
orr_solver_fixed_new (const OrrSolverOptions *options, GError **error)
{
  OrrSolverFixed *self;
  OrrSolver *solver;
  int n = options->n;

  if (!(options->fixed_step > 0) || !isfinite (options->fixed_step))
    {
      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                   "a fixed-step solver needs a positive, finite step, not %g s",
                   options->fixed_step);
      return NULL;
    }

  self = g_new0 (OrrSolverFixed, 1);
  solver = &self->parent;
  solver->klass = &fixed_class;
  solver->options = *options;
  solver->name = method_name (options->method);
  self->n = n;
  self->h = options->fixed_step;
  self->origin = options->grid_origin;
  self->implicit
    = options->method == ORR_SOLVER_BACKWARD_EULER || options->method == ORR_SOLVER_TRAPEZOIDAL;

  /* One block for every work vector. */
  self->x = g_new0 (double, (gsize)8 * n);
  self->x1 = self->x + n;
  self->f0 = self->x1 + n;
  self->k1 = self->f0 + n;
  self->k2 = self->k1 + n;
  self->k3 = self->k2 + n;
  self->k4 = self->k3 + n;
  self->tmp = self->k4 + n;
  self->g0 = g_new0 (double, 2 * MAX (options->ng, 1));
  self->g1 = self->g0 + MAX (options->ng, 1);
  self->jroot = g_new0 (int, MAX (options->ng, 1));

  if (self->implicit && !setup_linear_algebra (self, error))
    {
      orr_solver_free (solver);
      return NULL;
    }
  return solver;
}
