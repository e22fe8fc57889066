/* linear-system.h: what the linear blocks of the Continuous and Discrete
 * palettes share (TransferFunction, StateSpace, JumpStateSpace,
 * DiscreteTransferFunction, DiscreteStateSpace, SampledData): reading and
 * checking A, B, C, D and polynomial parameters, the companion-form
 * realisation of a transfer function, and small matrix products.
 *
 * Matrices are column-major, as everywhere in Orrery. Private to the
 * palettes. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* A proper transfer function num/den (in s or in z) in controllable
 * canonical form. With den made monic, den = p^n + a1 p^(n-1) + ... + an:
 *   x1' = x2, ..., x(n-1)' = xn, xn' = -(an x1 + ... + a1 xn) + u
 *   y = c1 x1 + ... + cn xn + d u
 * The realisation is stored as rpar = { last row of A (n), C (n), d }. */
typedef struct
{
  int n;             /* the order, the number of states */
  double *rpar;      /* 2n + 1 values, owned (g_free) */
  gboolean biproper; /* deg num == deg den: d may be non-zero, u feeds through */
} OrrCompanion;

/* Reads the polynomials named num_name and den_name (row or column
 * vectors, descending powers; leading zeros are ignored). Fails naming the
 * parameter when den is zero or num has a higher degree than den. */
gboolean orr_companion_from_params (OrrConfig *config, const char *num_name, const char *den_name,
                                    OrrCompanion *companion, GError **error);

/* The same from coefficients without leading zeros (n_num may be 0 for
 * a zero numerator); the names are the parameters errors cite. */
gboolean orr_companion_from_coefficients (const double *num, int n_num, const double *den,
                                          int n_den, const char *num_name, const char *den_name,
                                          OrrCompanion *companion, GError **error);
/* K prod (p - z_i) / prod (p - p_i) from the parameters "zeros" and
 * "poles" (vectors of real or complex roots in conjugate pairs, or []) and
 * "gain" (a finite non-zero K). */
gboolean orr_companion_from_pole_zero (OrrConfig *config, OrrCompanion *companion, GError **error);

/* With rpar as above and n states: xd = A x + B u, and y = C x + D u. */
void orr_companion_derivative (const double *rpar, int n, const double *x, double u, double *xd);
double orr_companion_output (const double *rpar, int n, const double *x, double u);
/* In place: x = A x + B u, the step of a discrete-time realisation. */
void orr_companion_step (const double *rpar, int n, double *x, double u);
/* The full A (n x n, column-major), for a Jacobian. */
void orr_companion_matrix (const double *rpar, int n, double *a);

/* The blocks that are one companion realisation of a scalar signal
 * (TransferFunction, ContPoleZero; DiscreteTransferFunction,
 * DiscrPoleZero): configure gives the block its port, states and rpar
 * (taking companion->rpar), in continuous time with a Jacobian or in
 * discrete time with one activation input; simulate is the whole block. */
void orr_companion_configure (OrrConfig *config, OrrCompanion *companion, gboolean discrete);
void orr_companion_simulate_continuous (OrrSimBlock *block, OrrJob job);
void orr_companion_simulate_discrete (OrrSimBlock *block, OrrJob job);

/* x' = A x + B u, y = C x + D u with n states, m inputs and p outputs. */
typedef struct
{
  int n, m, p;
  const double *a, *b, *c, *d; /* owned by the config; d may be NULL: zeros */
  double *x0;                  /* n values, owned (g_free) */
  gboolean feedthrough;        /* some element of D is non-zero */
} OrrStateSpace;

/* Reads parameters "A", "B", "C", "D" and "x0" and checks that their sizes
 * agree. D may also be the scalar 0 or [] for zeros, and x0 a scalar for
 * all states. */
gboolean orr_state_space_from_params (OrrConfig *config, OrrStateSpace *ss, GError **error);
void orr_state_space_clear (OrrStateSpace *ss);
/* rpar = { A, B, C, D } (D always stored in full), ipar = { n, m, p,
 * feedthrough }. */
void orr_state_space_store (OrrConfig *config, const OrrStateSpace *ss);

/* The same matrices at run time, pointing into a block's rpar and ipar. */
typedef struct
{
  int n, m, p;
  const double *a, *b, *c, *d;
  gboolean feedthrough; /* D is not zero: the outputs read the input */
} OrrStateSpaceView;

void orr_state_space_view (const OrrSimBlock *block, OrrStateSpaceView *view);
/* y = C x + D u; D only when it is not zero, for u may not be computed
 * yet when the input is not feedthrough. */
void orr_state_space_output (const OrrStateSpaceView *ss, const double *x, const double *u,
                             double *y);
/* x' = A x + B u into xd, or, for a discrete system, x = A x + B u in
 * place through scratch (n values). */
void orr_state_space_derivative (const OrrStateSpaceView *ss, const double *x, const double *u,
                                 double *xd);
void orr_state_space_step (const OrrStateSpaceView *ss, double *x, const double *u,
                           double *scratch);

/* out = M v (overwrite) or out += M v (accumulate) with M rows x cols. */
void orr_matrix_vector (const double *m, int rows, int cols, const double *v, double *out,
                        gboolean accumulate);

G_END_DECLS
