/* orr-solver-sundials.h: what the CVODE, ARKODE and IDA backends share
 * (private to engine/solvers).
 *
 * The three SUNDIALS integrators have one shape: a memory block made in a
 * context, option setters, a one-step call with a stop time, root
 * finding, dense output and the same success codes. Most of their calls
 * differ only in prefix (CVode, ARKStep, ERKStep, IDA), so a backend's
 * OrrSundialsCalls table is mostly ORR_SUNDIALS_ODE_CALLS or
 * ORR_SUNDIALS_DAE_CALLS; by hand it writes only what differs in shape:
 * creating and restarting the memory, the one-step call, the options of
 * its method and what can go wrong with it. The adapter does the rest:
 * the callbacks, the solver class, the set-up, the restart, the step
 * with its failures turned into sentences, roots, error estimates,
 * interpolation and freeing.
 */
#pragma once

#include "orr-solver.h"

#include <sundials/sundials_nonlinearsolver.h>

G_BEGIN_DECLS

typedef struct _OrrSundials OrrSundials;

/* The shared return codes of CVODE, ARKODE and IDA (each backend checks
 * that its own constants agree). */
#define ORR_SUNDIALS_SUCCESS 0
#define ORR_SUNDIALS_TSTOP_RETURN 1
#define ORR_SUNDIALS_ROOT_RETURN 2

/* CVErrHandlerFn, ARKErrHandlerFn and IDAErrHandlerFn are this type. */
typedef void (*OrrSundialsErrHandler) (int error_code, const char *module, const char *function,
                                       char *msg, void *user_data);

/* The root and Jacobian callbacks of the ODE integrators (CVRootFn,
 * ARKRootFn, CVLsJacFn, ARKLsJacFn) and of IDA, which passes x' too. The
 * adapter has one of each; the backend names the setter it takes. */
typedef int (*OrrSundialsOdeRootFn) (realtype t, N_Vector y, realtype *gout, void *user_data);
typedef int (*OrrSundialsDaeRootFn) (realtype t, N_Vector y, N_Vector yp, realtype *gout,
                                     void *user_data);
typedef int (*OrrSundialsOdeJacFn) (realtype t, N_Vector y, N_Vector fy, SUNMatrix jac,
                                    void *user_data, N_Vector tmp1, N_Vector tmp2, N_Vector tmp3);
/* The Newton matrix I - gamma J in one go (CVODE's CVLsLinSysFn). */
typedef int (*OrrSundialsOdeLinSysFn) (realtype t, N_Vector y, N_Vector fy, SUNMatrix a,
                                       booleantype jok, booleantype *jcur, realtype gamma,
                                       void *user_data, N_Vector tmp1, N_Vector tmp2,
                                       N_Vector tmp3);
typedef int (*OrrSundialsDaeJacFn) (realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector r,
                                    SUNMatrix jac, void *user_data, N_Vector tmp1, N_Vector tmp2,
                                    N_Vector tmp3);

typedef struct
{
  const char *name; /* for messages: "CVODE", "IDA" */
  gboolean dae;     /* F(t, x, x') = 0 with x' a vector of its own (IDA) */

  /* The same call in every integrator, by prefix (ORR_SUNDIALS_*_CALLS). */
  int (*set_user_data) (void *mem, void *user_data);
  int (*set_err_handler) (void *mem, OrrSundialsErrHandler handler, void *data);
  int (*sstolerances) (void *mem, realtype rtol, realtype atol);
  int (*set_max_step) (void *mem, realtype hmax);
  int (*set_no_inactive_root_warn) (void *mem);
  int (*set_root_direction) (void *mem, int *rootdir);
  int (*set_init_step) (void *mem, realtype hin);
  int (*set_stop_time) (void *mem, realtype tstop);
  int (*get_root_info) (void *mem, int *rootsfound);
  int (*get_current_time) (void *mem, realtype *tcur);
  int (*get_current_step) (void *mem, realtype *hcur);
  int (*get_est_local_errors) (void *mem, N_Vector ele);
  int (*get_err_weights) (void *mem, N_Vector eweight);
  int (*get_dky) (void *mem, realtype t, int k, N_Vector dky);
  char *(*get_return_flag_name) (long int flag);
  void (*free) (void **mem);
  union
  {
    int (*ode) (void *mem, int nrtfn, OrrSundialsOdeRootFn g);
    int (*dae) (void *mem, int nrtfn, OrrSundialsDaeRootFn g);
  } root_init;
  int (*set_max_hnil_warns) (void *mem, int mxhnil); /* the ODE integrators only */

  /* Where the integrator has them (implicit methods), else NULL. */
  int (*set_linear_solver) (void *mem, SUNLinearSolver ls, SUNMatrix a);
  union
  {
    int (*ode) (void *mem, OrrSundialsOdeJacFn jac);
    int (*dae) (void *mem, OrrSundialsDaeJacFn jac);
  } set_jac_fn;
  /* Optional (CVODE): error weights from a function of ours rather than
   * from scalar tolerances (the same weights). */
  int (*wf_tolerances) (void *mem, int (*efun) (N_Vector y, N_Vector ewt, void *user_data));
  /* Optional (CVODE): the Newton matrix from the simulator's Jacobian
   * without the integrator's generic matrix copies. */
  int (*set_lin_sys_fn) (void *mem, OrrSundialsOdeLinSysFn linsys);
  /* The integrator does not promise fy = f(t, y) to the Jacobian (ARKStep's
   * stage predictors): the simulator computes its own base point. */
  gboolean jacobian_own_base;

  /* The backend's own functions, named <prefix>_init and so on. */
  int (*init) (OrrSundials *self, double t);   /* first start: create or initialise mem */
  int (*reinit) (OrrSundials *self, double t); /* cold restart from self->y (self->yp) */
  int (*one_step) (OrrSundials *self, double t_stop, realtype *t_reached);
  /* Options particular to the method, after the shared ones and before
   * the linear solver. */
  gboolean (*setup) (OrrSundials *self, double t, GError **error);
  /* After every (re)start, e.g. IDA's consistent initial values; NULL if none. */
  gboolean (*after_restart) (OrrSundials *self, double t, double t_next, GError **error);

  /* The failures whose likely causes depend on the method; NULL: the
   * adapter's general sentence. */
  const char *error_test_failure;
  const char *convergence_failure;
  /* Optional: the step the error control would take after the last
   * accepted one (orr_solver_next_step); NULL: unknown. */
  double (*next_step) (OrrSundials *self);
} OrrSundialsCalls;

/* clang-format off */
/* The calls that are the same in every integrator, by its prefix, and
 * the backend's own functions by theirs. */
#define ORR_SUNDIALS_CALLS(label, Prefix, prefix)                     \
  .name = label,                                                      \
  .set_user_data = Prefix##SetUserData,                               \
  .set_err_handler = Prefix##SetErrHandlerFn,                         \
  .sstolerances = Prefix##SStolerances,                               \
  .set_max_step = Prefix##SetMaxStep,                                 \
  .set_no_inactive_root_warn = Prefix##SetNoInactiveRootWarn,         \
  .set_root_direction = Prefix##SetRootDirection,                     \
  .set_init_step = Prefix##SetInitStep,                               \
  .set_stop_time = Prefix##SetStopTime,                               \
  .get_root_info = Prefix##GetRootInfo,                               \
  .get_current_time = Prefix##GetCurrentTime,                         \
  .get_current_step = Prefix##GetCurrentStep,                         \
  .get_est_local_errors = Prefix##GetEstLocalErrors,                  \
  .get_err_weights = Prefix##GetErrWeights,                           \
  .get_dky = Prefix##GetDky,                                          \
  .get_return_flag_name = Prefix##GetReturnFlagName,                  \
  .free = Prefix##Free,                                               \
  .init = prefix##_init,                                              \
  .reinit = prefix##_reinit,                                          \
  .one_step = prefix##_one_step,                                      \
  .setup = prefix##_setup

/* CVODE, ERKStep, ARKStep */
#define ORR_SUNDIALS_ODE_CALLS(label, Prefix, prefix)                 \
  ORR_SUNDIALS_CALLS (label, Prefix, prefix),                         \
  .root_init.ode = Prefix##RootInit,                                  \
  .set_max_hnil_warns = Prefix##SetMaxHnilWarns

/* The Newton iterations of CVODE and ARKStep */
#define ORR_SUNDIALS_ODE_NEWTON_CALLS(Prefix)                         \
  .set_linear_solver = Prefix##SetLinearSolver,                       \
  .set_jac_fn.ode = Prefix##SetJacFn

/* IDA, Newton iterations included */
#define ORR_SUNDIALS_DAE_CALLS(label, Prefix, prefix)                 \
  ORR_SUNDIALS_CALLS (label, Prefix, prefix),                         \
  .dae = TRUE,                                                        \
  .root_init.dae = Prefix##RootInit,                                  \
  .set_linear_solver = Prefix##SetLinearSolver,                       \
  .set_jac_fn.dae = Prefix##SetJacFn
/* clang-format on */

/* One SUNDIALS backend: the solver, its integrator and what they hold. */
struct _OrrSundials
{
  OrrSolver parent;
  const OrrSundialsCalls *calls;

  SUNContext ctx;
  void *mem;
  N_Vector y;        /* the state */
  N_Vector yp;       /* its derivative, DAE only (NULL for ODE backends) */
  gboolean implicit; /* Newton iterations with a linear solver */
  SUNMatrix matrix;
  SUNLinearSolver linear;
  SUNNonlinearSolver nonlinear; /* one the backend attached in place of Newton, or NULL */
  gboolean initialised;
  double *scratch;   /* Jacobian values on their way into a band matrix */
  double *saved_jac; /* the last dense Jacobian, when the backend forms I - gamma J */
  gboolean saved_jac_valid;
  double t;          /* where the last step ended */
  N_Vector ele, ewt; /* scratch for calls->next_step, made on first use */
};

/* A backend for calls with a context and the state vector (and x' for a
 * DAE), or NULL with an error. The backend creates the integrator's
 * memory itself (in its new() or in calls->init). */
OrrSundials *orr_sundials_new (const OrrSundialsCalls *calls, const OrrSolverOptions *options,
                               GError **error);
/* For backends: a failed creation, freeing self. Returns NULL. */
OrrSolver *orr_sundials_fail_new (OrrSundials *self, GError **error);

/* TRUE for flag >= 0; otherwise a set-up error "<solver> could not <what>". */
gboolean orr_sundials_check (OrrSundials *self, int flag, const char *what, GError **error);

/* The right-hand side of the ODE integrators (CVRhsFn, ARKRhsFn) and the
 * residual of IDA (IDAResFn); user_data is the OrrSundials. */
int orr_sundials_ode_rhs (realtype t, N_Vector y, N_Vector ydot, void *user_data);
int orr_sundials_dae_residual (realtype t, N_Vector y, N_Vector yp, N_Vector r, void *user_data);

G_END_DECLS
