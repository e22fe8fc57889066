/* orr-solver.h: one interface for the numerical integrators behind the
 * simulator (private to the engine).
 *
 * The simulator drives every backend the same way: (re)start it at a time
 * with a state, then ask for one accepted step at a time toward a stop
 * time, which the backend never passes. A step ends normally, exactly at
 * the stop time, or at a located zero crossing. After a crossing or a
 * state jump the simulator restarts the backend (a cold restart).
 *
 * Backends know nothing about blocks: they call back into the simulator
 * for the right-hand side (or residual), the surfaces and, optionally, an
 * analytic Jacobian.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_SOLVER_BDF,               /* CVODE, BDF with Newton: stiff problems, the default */
  ORR_SOLVER_ADAMS,             /* CVODE, Adams-Moulton with Newton */
  ORR_SOLVER_ADAMS_FIXED_POINT, /* CVODE, Adams-Moulton with fixed-point iteration: non-stiff */
  ORR_SOLVER_DAE,               /* IDA, for implicit blocks */
} OrrSolverMethod;

typedef enum
{
  ORR_SOLVER_STEP,   /* an accepted step before the stop time */
  ORR_SOLVER_STOP,   /* reached the stop time */
  ORR_SOLVER_ROOT,   /* stopped at a located zero crossing */
  ORR_SOLVER_FAILED, /* see the error */
} OrrSolverStatus;

/* Callbacks return 0 on success, > 0 for a recoverable failure (the
 * solver retries with a smaller step) and < 0 to abort the step. */
typedef int (*OrrSolverRhsFunc) (double t, const double *x, double *xd, gpointer data);
/* Implicit form: res = F(t, x, x'). */
typedef int (*OrrSolverResidualFunc) (double t, const double *x, const double *xd, double *res,
                                      gpointer data);
/* xd is NULL for ODE backends. */
typedef int (*OrrSolverRootFunc) (double t, const double *x, const double *xd, double *g,
                                  gpointer data);
/* Column-major n x n: d(x')/dx for ODE backends (cj is 0 and xd NULL),
 * dF/dx + cj dF/dx' for the DAE backend. */
typedef int (*OrrSolverJacobianFunc) (double t, double cj, const double *x, const double *xd,
                                      double *jac, gpointer data);

typedef struct
{
  OrrSolverMethod method;
  int n;  /* states, at least 1 */
  int ng; /* surfaces, may be 0 */
  double rtol, atol;
  double max_step; /* 0: unlimited */
  /* Half-bandwidths of the Jacobian for a banded linear solver; negative:
   * dense. */
  int band_lower, band_upper;

  OrrSolverRhsFunc rhs;           /* ODE backends */
  OrrSolverResidualFunc residual; /* DAE backend */
  OrrSolverRootFunc roots;        /* required when ng > 0 */
  OrrSolverJacobianFunc jacobian; /* NULL: difference quotients */
  gpointer data;
} OrrSolverOptions;

typedef struct _OrrSolver OrrSolver;

typedef struct
{
  gboolean (*restart) (OrrSolver *solver, double t, const double *x, const double *xd,
                       double t_next, double h0, GError **error);
  OrrSolverStatus (*step) (OrrSolver *solver, double t_stop, double *t, GError **error);
  const double *(*get_x) (OrrSolver *solver);
  const double *(*get_xd) (OrrSolver *solver);
  void (*get_roots) (OrrSolver *solver, int *jroot);
  int (*worst_component) (OrrSolver *solver);
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
OrrSolver *orr_solver_ida_new (const OrrSolverOptions *options, GError **error);

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
void orr_solver_free (OrrSolver *solver);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrSolver, orr_solver_free)

/* For backends: keeps the library's error text for the next message. */
void orr_solver_set_last_message (OrrSolver *solver, const char *message);
/* For backends: a step failure as a sentence a user understands. */
void orr_solver_set_step_error (OrrSolver *solver, GError **error, double t_stop, double t_reached,
                                int code, const char *code_name, const char *explanation);

G_END_DECLS
