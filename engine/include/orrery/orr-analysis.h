/* orr-analysis.h: linear analysis of a model (engine/analysis): operating
 * points, linearization of a super block or of the whole model, equilibrium
 * (trim) points, and what a linear model tells: poles, zeros, frequency and
 * step responses. docs/analysis.md explains the methods and their limits.
 *
 * Matrices are column-major doubles, as in LAPACK and the parameter
 * language: element (i, j) of an m x n matrix is at [i + j * m].
 */
#pragma once

#include <orrery/orr-compile.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_ANALYSIS_ERROR (orr_analysis_error_quark ())
GQuark orr_analysis_error_quark (void);

typedef enum
{
  ORR_ANALYSIS_ERROR_NO_BLOCK,    /* no super block at the path given */
  ORR_ANALYSIS_ERROR_PORTS,       /* a port number outside the block's ports */
  ORR_ANALYSIS_ERROR_UNSUPPORTED, /* implicit states, mixed rates, ... (the message says) */
  ORR_ANALYSIS_ERROR_FAILED,      /* compiling, simulating or evaluating the model failed */
  ORR_ANALYSIS_ERROR_NO_SOLUTION, /* no equilibrium found (the message gives the residuals) */
  ORR_ANALYSIS_ERROR_NUMERIC,     /* a matrix computation failed (LAPACK's info in words) */
} OrrAnalysisError;

/* The name a model's context reads to know it is being evaluated for an
 * analysis (1 then; the name is undefined otherwise, and the builtin
 * in_linearization() tells both cases apart). */
#define ORR_IN_LINEARIZATION "__in_linearization__"

/* ---- linear models ---------------------------------------------------- */

/* x' = A x + B u, y = C x + D u (sample_time 0), or
 * x[k+1] = A x[k] + B u[k], y[k] = C x[k] + D u[k] (sample_time > 0).
 * x0, u0, y0: the operating point the model was linearized at (may be
 * NULL for a model built from matrices); names may be NULL. */
typedef struct
{
  int nx, nu, ny;
  double *a, *b, *c, *d;
  double sample_time;
  double *x0, *u0, *y0;
  char **state_names, **input_names, **output_names; /* NULL-terminated */
} OrrLinearModel;

/* Zero matrices of the given sizes. */
OrrLinearModel *orr_linear_model_new (int nx, int nu, int ny);
OrrLinearModel *orr_linear_model_copy (const OrrLinearModel *model);
void orr_linear_model_free (OrrLinearModel *model);

/* Eigenvalues of A (LAPACK dgeev): re[i] + j im[i], nx of each. */
gboolean orr_linear_model_poles (const OrrLinearModel *model, double *re, double *im,
                                 GError **error);
/* The finite transmission zeros of the channel from input iu to output
 * iy (0-based): generalized eigenvalues of the Rosenbrock pencil (LAPACK
 * dggev). *n receives their number (at most nx); re and im hold nx. */
gboolean orr_linear_model_zeros (const OrrLinearModel *model, int iu, int iy, double *re,
                                 double *im, int *n, GError **error);
/* The static gain C (-A)^-1 B + D (continuous) or C (I - A)^-1 B + D
 * (discrete) of channel (iu, iy); FALSE where A has a pole at 0 (or 1). */
gboolean orr_linear_model_dc_gain (const OrrLinearModel *model, int iu, int iy, double *gain);
/* H(jw) = C (jw I - A)^-1 B + D at each of n angular frequencies w
 * (rad/s); for a discrete model z = exp(j w T). re and im: ny * nu * n,
 * the ny x nu matrix of frequency k at [k * ny * nu], column-major.
 * Solved with LAPACK zgesv at each frequency. */
gboolean orr_linear_model_frequency_response (const OrrLinearModel *model, const double *w, int n,
                                              double *re, double *im, GError **error);
/* The response of every output (deviation from y0) to a unit step on
 * input iu at t = 0 from rest, at n times t[k] = k * dt (continuous
 * models: exact for piecewise-constant inputs, through the matrix
 * exponential of the augmented system; discrete: dt is the sample
 * time). y: ny * n, column k holds the outputs at t[k]. */
gboolean orr_linear_model_step_response (const OrrLinearModel *model, int iu, double dt, int n,
                                         double *y, GError **error);

/* ---- dense matrix tools (LAPACK behind them) -------------------------- */

/* Eigenvalues of the n x n matrix a. */
gboolean orr_matrix_eig (int n, const double *a, double *re, double *im, GError **error);
/* exp(a) for the n x n matrix a, scaling and squaring with a Pade
 * approximant of degree 6. */
gboolean orr_matrix_expm (int n, const double *a, double *out, GError **error);
/* Controllability [B AB ... A^(n-1)B] (n x n*m) and observability
 * [C; CA; ...] (n*p x n) matrices. */
void orr_matrix_ctrb (int n, int m, const double *a, const double *b, double *out);
void orr_matrix_obsv (int n, int p, const double *a, const double *c, double *out);
/* The m x n gain K such that the eigenvalues of A - B K are the given
 * poles (complex ones in conjugate pairs). Single input: Ackermann's
 * formula; several inputs: on the first combination of inputs that keeps
 * the pair controllable (see docs/analysis.md). */
gboolean orr_matrix_place (int n, int m, const double *a, const double *b, const double *pole_re,
                           const double *pole_im, double *k, GError **error);
/* The m x n LQR gain K = R^-1 (B' X + N') minimizing the integral of
 * x'Qx + u'Ru + 2x'Nu (N may be NULL), with X the stabilizing solution of
 * the algebraic Riccati equation (ordered real Schur form of the
 * Hamiltonian, LAPACK dgees); x (n x n, may be NULL) receives X. */
gboolean orr_matrix_lqr (int n, int m, const double *a, const double *b, const double *q,
                         const double *r, const double *nmat, double *k, double *x, GError **error);

/* ---- operating points and linearization -------------------------------- */

typedef struct
{
  /* The super block by its path ("Plant", "Loop/Plant"); NULL or "": the
   * whole model, between its top-level Input and Output port blocks. */
  const char *block;
  /* Port numbers counted from 1, in the order wanted; NULL: all. */
  const int *inputs;
  int n_inputs;
  const int *outputs;
  int n_outputs;
  /* The operating point: the model simulated up to this time (states of
   * the block's content, and its inputs, where the run ends); NAN or the
   * start time: the initial states, and the inputs at the start. */
  double at_time;
  /* Context variables that win over the model's (orr_compile's
   * overrides), such as the trim's result; NULL: none. */
  OrrScope *overrides;
  OrrCompileOptions compile_options;
} OrrLinearizeOptions;

void orr_linearize_options_init (OrrLinearizeOptions *options);

/* Isolates the block (its inputs driven by the operating point's values
 * and not by the rest of the model), then differentiates its outputs and
 * the derivatives of its states at the operating point by central
 * differences. A block with discrete states only, all on one sample
 * clock, gives a discrete model at that period; continuous and discrete
 * states together, or several periods, give an ORR_ANALYSIS_ERROR_
 * UNSUPPORTED error that says which blocks. */
OrrLinearModel *orr_linearize (OrrModel *model, OrrRegistry *registry,
                               const OrrLinearizeOptions *options, GError **error);

/* ---- equilibrium (trim) ------------------------------------------------ */

typedef struct
{
  const char *block; /* as OrrLinearizeOptions */
  const int *inputs;
  int n_inputs;
  /* Outputs (port numbers) that must be zero, besides the derivatives. */
  const int *outputs;
  int n_outputs;
  /* Context variables to vary (real scalars); NULL-terminated, may be NULL. */
  const char *const *vars;
  gboolean vary_states; /* the block's continuous states are unknowns too */
  gboolean vary_inputs; /* the selected inputs are unknowns too */
  OrrScope *overrides;
  double tolerance;   /* on the largest residual; 0: 1e-9 */
  int max_iterations; /* 0: 100 */
  OrrCompileOptions compile_options;
} OrrTrimOptions;

void orr_trim_options_init (OrrTrimOptions *options);

typedef struct
{
  int n_vars;
  char **var_names; /* NULL-terminated */
  double *var_values;
  int nx, nu;
  double *x, *u; /* the block's states and selected inputs there */
  int n_residuals;
  char **residual_names; /* "der Plant/Integrator1[1]", "output 1[1]" */
  double *residuals;
  double residual_norm; /* the largest, in absolute value */
  int iterations;
  char *method; /* "KINSOL (Newton, line search)" or "Gauss-Newton (least squares)" */
} OrrTrimResult;

/* Varies the unknowns until the derivatives of the block's states (and
 * the chosen outputs) are zero: KINSOL's Newton iteration with line
 * search when there are as many unknowns as equations, Gauss-Newton on
 * LAPACK's least squares (dgelsd) otherwise. NULL with an
 * ORR_ANALYSIS_ERROR_NO_SOLUTION error giving the largest residuals by
 * name when none is found. */
OrrTrimResult *orr_trim (OrrModel *model, OrrRegistry *registry, const OrrTrimOptions *options,
                         GError **error);
void orr_trim_result_free (OrrTrimResult *result);
OrrTrimResult *orr_trim_result_copy (const OrrTrimResult *result);
/* A scope with the result's variables, for OrrLinearizeOptions.overrides
 * (with the given overrides' names too; base may be NULL). */
OrrScope *orr_trim_result_to_scope (const OrrTrimResult *result, OrrScope *base);

/* ---- the context language's linearize() and equilibrium() ------------- */

/* What orr_analysis_context_call() needs: the model being evaluated and
 * its block classes (the registry must outlive it). */
gpointer orr_analysis_model_ref_new (OrrModel *model, OrrRegistry *registry);
void orr_analysis_model_ref_free (gpointer ref);
/* An OrrScopeCallFunc (orr-expr.h) for the builtins linearize and
 * equilibrium; data is an orr_analysis_model_ref_new(). */
gboolean orr_analysis_context_call (const char *name, guint nargs, OrrValue **args, guint nargout,
                                    OrrValue **out, gpointer data, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrLinearModel, orr_linear_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrTrimResult, orr_trim_result_free)

G_END_DECLS
