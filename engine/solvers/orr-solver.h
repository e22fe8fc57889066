/* orr-solver.h: one interface for the numerical integrators behind the
 * simulator (private to the engine).
 *
 * The simulator drives every backend the same way: (re)start it at a time
 * with a state, then ask for one accepted step at a time toward a stop
 * time, which the backend never passes. A step ends normally, exactly at
 * the stop time, or at a zero crossing (located by variable-step
 * backends, seen at the end of the step by fixed-step ones). After a
 * crossing or a state jump the simulator restarts the backend (a cold
 * restart).
 *
 * Backends know nothing about blocks: they call back into the simulator
 * for the right-hand side (or residual), the surfaces and, optionally, the
 * Jacobian, whose sparsity pattern the simulator also provides.
 *
 *   orr-solver.c          dispatch and shared messages
 *   orr-solver-sundials.c the SUNDIALS adapter: what CVODE, ARKODE and IDA share
 *   orr-solver-cvode.c    CVODE: BDF and Adams
 *   orr-solver-arkode.c   ARKODE: explicit Runge-Kutta (ERKStep), SDIRK (ARKStep)
 *   orr-solver-ida.c      IDA, for implicit blocks
 *   orr-solver-fixed.c    fixed-step methods, written here
 *   orr-solver-linear.c   matrices and linear solvers shared by the backends
 */
#pragma once

#include <glib.h>

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_SOLVER_CVODE_BDF,               /* CVODE, BDF with Newton: stiff problems, the default */
  ORR_SOLVER_CVODE_ADAMS,             /* CVODE, Adams-Moulton with Newton */
  ORR_SOLVER_CVODE_ADAMS_FIXED_POINT, /* CVODE, Adams-Moulton with fixed-point iteration */
  ORR_SOLVER_DORMAND_PRINCE,          /* ARKODE ERKStep */
  ORR_SOLVER_BOGACKI_SHAMPINE,        /* ARKODE ERKStep */
  ORR_SOLVER_CASH_KARP,               /* ARKODE ERKStep */
  ORR_SOLVER_SDIRK,                   /* ARKODE ARKStep, implicit only */
  ORR_SOLVER_IDA,                     /* IDA, for implicit blocks */
  ORR_SOLVER_EULER,                   /* fixed step, explicit */
  ORR_SOLVER_HEUN,
  ORR_SOLVER_RK4,
  ORR_SOLVER_BACKWARD_EULER, /* fixed step, implicit */
  ORR_SOLVER_TRAPEZOIDAL,
} OrrSolverMethod;

/* The backend for a solver name of orr-solvers.h; FALSE for "auto" and
 * unknown names. */
gboolean orr_solver_method_from_name (const char *name, OrrSolverMethod *method);
gboolean orr_solver_method_is_fixed_step (OrrSolverMethod method);
/* Whether the method solves linear systems with the Jacobian. */
gboolean orr_solver_method_needs_jacobian (OrrSolverMethod method);

typedef enum
{
  ORR_SOLVER_STEP,   /* an accepted step before the stop time */
  ORR_SOLVER_STOP,   /* reached the stop time */
  ORR_SOLVER_ROOT,   /* stopped at a zero crossing */
  ORR_SOLVER_FAILED, /* see the error */
} OrrSolverStatus;

/* How the Newton iterations solve their linear systems. */
typedef enum
{
  ORR_LINEAR_DENSE,  /* LU of the full matrix */
  ORR_LINEAR_BAND,   /* banded LU within the sparsity's half-bandwidths */
  ORR_LINEAR_SPARSE, /* KLU on the sparsity's pattern */
} OrrLinearKind;

/* Where the Jacobian can be nonzero, compressed by columns. `full`: every
 * entry, without colptr and rowind; values are then column-major n x n. */
typedef struct
{
  int n;
  gboolean full;
  gsize nnz;
  int *colptr;      /* n + 1 */
  int *rowind;      /* nnz, increasing within each column */
  int lower, upper; /* half-bandwidths of the pattern */
} OrrSparsity;

/* Callbacks return 0 on success, > 0 for a recoverable failure (the
 * solver retries with a smaller step) and < 0 to abort the step. */
typedef int (*OrrSolverRhsFunc) (double t, const double *x, double *xd, gpointer data);
/* Implicit form: res = F(t, x, x'). */
typedef int (*OrrSolverResidualFunc) (double t, const double *x, const double *xd, double *res,
                                      gpointer data);
/* xd is NULL for ODE backends. */
typedef int (*OrrSolverRootFunc) (double t, const double *x, const double *xd, double *g,
                                  gpointer data);
/* The Jacobian's values in the sparsity's order: d(x')/dx for ODE
 * backends (cj is 0 and xd NULL), dF/dx + cj dF/dx' for the DAE backend.
 * f: the right-hand side (residual) at this point when the caller has it,
 * NULL otherwise. */
typedef int (*OrrSolverJacobianFunc) (double t, double cj, const double *x, const double *xd,
                                      const double *f, double *values, gpointer data);

typedef struct
{
  OrrSolverMethod method;
  int n;  /* states, at least 1 */
  int ng; /* surfaces, may be 0 */
  double rtol, atol;
  double max_step;    /* variable step: > 0 bounds the step, 0: no bound */
  double fixed_step;  /* fixed-step methods: the step */
  double grid_origin; /* fixed-step methods: steps end at grid_origin + k * fixed_step */

  /* Implicit methods. With jacobian NULL, CVODE, ARKODE and IDA use their
   * own difference quotients (dense and band only). */
  OrrLinearKind linear;
  const OrrSparsity *sparsity; /* owned by the caller, outlives the solver */
  /* DAE backend: per state, whether an implicit block holds it (it may be
   * algebraic); NULL: any may be. Owned by the caller. */
  const gboolean *implicit_state;

  OrrSolverRhsFunc rhs;           /* ODE backends */
  OrrSolverResidualFunc residual; /* DAE backend */
  OrrSolverRootFunc roots;        /* required when ng > 0 */
  /* Per surface, the crossings to report: +1 rising, -1 falling, 0 both;
   * NULL: both for every surface. Owned by the caller. */
  const int *root_direction;
  OrrSolverJacobianFunc jacobian;
  gpointer data;          /* for rhs, residual and roots */
  gpointer jacobian_data; /* for jacobian */
} OrrSolverOptions;

typedef struct _OrrSolver OrrSolver;

/* A class from functions named <prefix>_restart, <prefix>_step, ...;
 * the optional ones are set by hand. */
#define ORR_SOLVER_CLASS(prefix)                                                                   \
  .restart = prefix##_restart, .step = prefix##_step, .get_x = prefix##_get_x,                     \
  .get_xd = prefix##_get_xd, .get_roots = prefix##_get_roots,                                      \
  .worst_component = prefix##_worst_component, .free = prefix##_free

typedef struct
{
  gboolean (*restart) (OrrSolver *solver, double t, const double *x, const double *xd,
                       double t_next, double h0, GError **error);
  OrrSolverStatus (*step) (OrrSolver *solver, double t_stop, double *t, GError **error);
  const double *(*get_x) (OrrSolver *solver);
  const double *(*get_xd) (OrrSolver *solver);
  void (*get_roots) (OrrSolver *solver, int *jroot);
  int (*worst_component) (OrrSolver *solver);
  /* Variable-step backends only (NULL otherwise). */
  double (*root_width) (OrrSolver *solver);
  gboolean (*interpolate) (OrrSolver *solver, double t, double *x, double *xd);
  /* Optional: the step the error control would try after the last
   * accepted one (0 when unknown). */
  double (*next_step) (OrrSolver *solver);
  void (*free) (OrrSolver *solver);
} OrrSolverClass;

/* Backends embed this as their first member. */
struct _OrrSolver
{
  const OrrSolverClass *klass;
  OrrSolverOptions options;
  const char *name;   /* "CVODE", "IDA": for messages */
  char *last_message; /* the backend library's last error text */
};

#define ORR_SOLVER_ERROR (orr_solver_error_quark ())
GQuark orr_solver_error_quark (void);

typedef enum
{
  ORR_SOLVER_ERROR_SETUP,    /* the backend could not be created or restarted */
  ORR_SOLVER_ERROR_STEP,     /* a step failed */
  ORR_SOLVER_ERROR_CALLBACK, /* a callback aborted the step */
} OrrSolverError;

/* Chooses the backend for options->method. */
OrrSolver *orr_solver_new (const OrrSolverOptions *options, GError **error);
OrrSolver *orr_solver_cvode_new (const OrrSolverOptions *options, GError **error);
OrrSolver *orr_solver_arkode_new (const OrrSolverOptions *options, GError **error);
OrrSolver *orr_solver_ida_new (const OrrSolverOptions *options, GError **error);
OrrSolver *orr_solver_fixed_new (const OrrSolverOptions *options, GError **error);

/* A cold (re)start at t from x. xd: the DAE backend's guess for x' (NULL:
 * zeros); the DAE backend then makes x and x' consistent, read them back
 * with get_x/get_xd. t_next: the next stop time (a scale for the first
 * step). h0 > 0 bounds the first step, 0 lets the backend choose. */
gboolean orr_solver_restart (OrrSolver *solver, double t, const double *x, const double *xd,
                             double t_next, double h0, GError **error);
/* One accepted step toward t_stop (> the current time), never beyond it.
 * *t is where the step ended; the state there is get_x(). */
OrrSolverStatus orr_solver_step (OrrSolver *solver, double t_stop, double *t, GError **error);
const double *orr_solver_get_x (OrrSolver *solver);
/* NULL for ODE backends. */
const double *orr_solver_get_xd (OrrSolver *solver);
/* After ORR_SOLVER_ROOT: per surface +1 rising, -1 falling, 0 none. */
void orr_solver_get_roots (OrrSolver *solver, int *jroot);
/* After a failed step: the state with the largest weighted local error
 * estimate, -1 if unknown. */
int orr_solver_worst_component (OrrSolver *solver);
/* After ORR_SOLVER_ROOT: the width of the interval, ending at the
 * returned time, known to hold the crossing; 0 when the backend cannot
 * tell (fixed-step backends: the crossing lies somewhere in the step). */
double orr_solver_root_width (OrrSolver *solver);
/* The solution (and x' for the DAE backend, when xd is not NULL) at t
 * inside the last step; FALSE when the backend cannot interpolate there. */
gboolean orr_solver_interpolate (OrrSolver *solver, double t, double *x, double *xd);
/* The step the backend's error control would try after the last accepted
 * step, to start the next interval with after a restart instead of the
 * backend's own first-step estimate; 0 when the backend cannot tell or
 * has not stepped yet. */
double orr_solver_next_step (OrrSolver *solver);
void orr_solver_free (OrrSolver *solver);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrSolver, orr_solver_free)

/* For backends: keeps the library's error text for the next message. */
void orr_solver_set_last_message (OrrSolver *solver, const char *message);
/* For backends: a step failure as a sentence a user understands. */
void orr_solver_set_step_error (OrrSolver *solver, GError **error, double t_stop, double t_reached,
                                int code, const char *code_name, const char *explanation);
/* For backends: a failed set-up call as "CVODE could not <what> (error
 * -22, CV_ILL_INPUT: <library text>)". */
void orr_solver_set_setup_error (OrrSolver *solver, GError **error, const char *what, int code,
                                 const char *code_name);

/* ---- linear algebra shared by the implicit backends (orr-solver-linear.c) */

/* A matrix and a linear solver of the kind options->linear asks for, for n
 * unknowns, with y a template vector. FALSE with an error if SUNDIALS
 * cannot provide them (out of memory, KLU refusing the pattern). */
gboolean orr_solver_linear_new (const OrrSolverOptions *options, N_Vector y, SUNContext ctx,
                                SUNMatrix *matrix, SUNLinearSolver *linear, GError **error);
/* Scratch for orr_solver_linear_fill: the sparsity's nnz values. */
double *orr_solver_linear_scratch (const OrrSolverOptions *options);
/* Copies Jacobian values (in the sparsity's order) into matrix; a
 * SUNMatrix status. */
int orr_solver_linear_fill (const OrrSolverOptions *options, const double *values,
                            SUNMatrix matrix);
/* Calls the simulator's Jacobian and fills matrix; the callback's status. */
int orr_solver_linear_jacobian (const OrrSolverOptions *options, double t, double cj,
                                const double *x, const double *xd, const double *f, double *scratch,
                                SUNMatrix matrix);

G_END_DECLS
