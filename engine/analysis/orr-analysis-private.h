/* orr-analysis-private.h: what the files of engine/analysis share: the
 * LAPACK routines they call (Fortran calling convention; Debian's
 * liblapack has no C header) and the isolated block a linearization and
 * an equilibrium both evaluate. */
#pragma once

#include <orrery/orr-analysis.h>
#include <orrery/orr-program.h>
#include <orrery/orr-simulation.h>

G_BEGIN_DECLS

typedef struct
{
  double re, im;
} OrrComplex;

void dgeev_ (const char *jobvl, const char *jobvr, const int *n, double *a, const int *lda,
             double *wr, double *wi, double *vl, const int *ldvl, double *vr, const int *ldvr,
             double *work, const int *lwork, int *info);
void dggev_ (const char *jobvl, const char *jobvr, const int *n, double *a, const int *lda,
             double *b, const int *ldb, double *alphar, double *alphai, double *beta, double *vl,
             const int *ldvl, double *vr, const int *ldvr, double *work, const int *lwork,
             int *info);
void dgesv_ (const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
             const int *ldb, int *info);
void zgesv_ (const int *n, const int *nrhs, OrrComplex *a, const int *lda, int *ipiv, OrrComplex *b,
             const int *ldb, int *info);
void dgelsd_ (const int *m, const int *n, const int *nrhs, double *a, const int *lda, double *b,
              const int *ldb, double *s, const double *rcond, int *rank, double *work,
              const int *lwork, int *iwork, int *info);
typedef int (*OrrLapackSelect2) (const double *wr, const double *wi);
void dgees_ (const char *jobvs, const char *sort, OrrLapackSelect2 select, const int *n, double *a,
             const int *lda, int *sdim, double *wr, double *wi, double *vs, const int *ldvs,
             double *work, const int *lwork, int *bwork, int *info);

/* A copy of overrides (may be NULL) with the in-linearization flag set:
 * every evaluation of the model for an analysis goes through one. */
OrrScope *orr_analysis_flagged_overrides (OrrScope *overrides);

/* C = A B for column-major A (m x k) and B (k x n). */
void orr_analysis_matmul (int m, int k, int n, const double *a, const double *b, double *c);

/* The block of a model cut out of it, compiled and ready to be probed:
 * its inputs driven by buffers the caller writes, its outputs read from
 * buffers, its states those of the program. */
typedef struct
{
  OrrProgram *program;
  OrrSimulation *sim;
  double t; /* the operating point's time */
  int n_in_ports, n_out_ports;
  int *in_buffer, *in_numel; /* per port of the block */
  int *out_buffer, *out_numel;
  char *block_path;   /* "" for the whole model */
  double *x_op;       /* states at the operating point (program->nx) */
  double *z_op;       /* discrete states there (program->nz) */
  double **u_op;      /* per input port */
  int clock;          /* discrete-only: the source whose ticks update the states; -1 */
  const double *held; /* NULL, or the states blocks with analytic Jacobians keep
                       * for their derivatives (orr_simulation_probe_eval_held) */
} OrrIsolated;

/* Builds, compiles and begins probing the isolated block at the
 * operating point (options->at_time); the overrides get the
 * in-linearization flag. */
OrrIsolated *orr_isolated_new (OrrModel *model, OrrRegistry *registry, const char *block,
                               OrrScope *overrides, double at_time,
                               const OrrCompileOptions *compile_options, GError **error);
void orr_isolated_free (OrrIsolated *iso);
/* Checks 1-based port numbers (NULL: every port) and expands them into
 * element indices of the stacked port vectors; returns how many. */
gboolean orr_isolated_select (OrrIsolated *iso, gboolean inputs, const int *ports, int n_ports,
                              GArray **elements, GError **error);
/* Writes u (every element of every input port) into the input buffers,
 * the states x, and evaluates: xdot (nx) and y (every element of every
 * output port). For discrete blocks, xdot receives the next states. */
gboolean orr_isolated_eval (OrrIsolated *iso, const double *x, const double *const *u, double *xdot,
                            double *y, GError **error);
int orr_isolated_n_states (OrrIsolated *iso);
int orr_isolated_n_in (OrrIsolated *iso);
int orr_isolated_n_out (OrrIsolated *iso);
/* "Plant/Integrator1[2]" */
char *orr_isolated_state_name (OrrIsolated *iso, int i);
/* Sets *port and *element of a stacked element index. */
void orr_isolated_locate (OrrIsolated *iso, gboolean inputs, int index, int *port, int *element);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrIsolated, orr_isolated_free)

G_END_DECLS
