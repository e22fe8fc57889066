/* orr-solver-linear.c: the matrices and linear solvers of the implicit
 * backends, and filling them from the simulator's Jacobian.
 *
 * The simulator decides the storage (orr-jacobian.c explains how) and
 * hands over the pattern; the Jacobian always arrives as values in the
 * pattern's compressed-column order, so one callback serves dense, band
 * and sparse (KLU) matrices alike. Dense and sparse matrices receive the
 * values in place; a band matrix gets them scattered.
 */

#include <string.h>

/* Debian installs KLU under suitesparse/ without a pkg-config file;
 * including it first (it defines _KLU_H) spares sunlinsol_klu.h the
 * search for a bare <klu.h>. */
#if __has_include(<suitesparse/klu.h>)
#include <suitesparse/klu.h>
#endif
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <nvector/nvector_serial.h>
#include <sundials/sundials_dense.h>

#include "orr-solver.h"

/* ---- a direct dense solver without the wrapper ------------------------- */

/* SUNDIALS's dense linear solver is the LU factorisation with partial
 * pivoting of sundials_dense.h behind the generic linear-solver interface,
 * whose every setup and solve goes through several calls and checks. A
 * sampled-data loop sets the solver up at every restart, a thousand times
 * a second of simulated time, on matrices of a few rows: there the calls
 * cost more than the arithmetic. This solver calls the same factorisation
 * and substitution directly (the same numbers, the same rounding). */
typedef struct
{
  sunindextype n;
  sunindextype *pivots;
  sunindextype last_flag;
} OrrDenseLU;

static SUNLinearSolver_Type
dense_lu_gettype (SUNLinearSolver solver)
{
  return SUNLINEARSOLVER_DIRECT;
}

static SUNLinearSolver_ID
dense_lu_getid (SUNLinearSolver solver)
{
  return SUNLINEARSOLVER_CUSTOM;
}

static int
dense_lu_initialize (SUNLinearSolver solver)
{
  ((OrrDenseLU *)solver->content)->last_flag = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}

static int
dense_lu_setup (SUNLinearSolver solver, SUNMatrix a)
{
  OrrDenseLU *lu = solver->content;

  if (a == NULL || SM_ROWS_D (a) != lu->n || SM_COLUMNS_D (a) != lu->n)
    return lu->last_flag = SUNLS_MEM_FAIL;
  lu->last_flag = SUNDlsMat_denseGETRF (SM_COLS_D (a), lu->n, lu->n, lu->pivots);
  /* a zero pivot: singular, which a smaller step may cure */
  return lu->last_flag > 0 ? SUNLS_LUFACT_FAIL : SUNLS_SUCCESS;
}

static int
dense_lu_solve (SUNLinearSolver solver, SUNMatrix a, N_Vector x, N_Vector b, realtype tol)
{
  OrrDenseLU *lu = solver->content;
  /* (the backends' vectors are serial) */
  double *xd = NV_DATA_S (x);
  const double *bd = NV_DATA_S (b);

  if (a == NULL || xd == NULL || bd == NULL)
    return lu->last_flag = SUNLS_MEM_FAIL;
  if (xd != bd)
    memcpy (xd, bd, sizeof (double) * lu->n);
  SUNDlsMat_denseGETRS (SM_COLS_D (a), lu->n, lu->pivots, xd);
  return lu->last_flag = SUNLS_SUCCESS;
}

static sunindextype
dense_lu_lastflag (SUNLinearSolver solver)
{
  return ((OrrDenseLU *)solver->content)->last_flag;
}

static int
dense_lu_space (SUNLinearSolver solver, long *lenrw, long *leniw)
{
  *lenrw = 0;
  *leniw = 3 + ((OrrDenseLU *)solver->content)->n;
  return SUNLS_SUCCESS;
}

static int
dense_lu_free (SUNLinearSolver solver)
{
  if (solver == NULL)
    return SUNLS_SUCCESS;
  if (solver->content != NULL)
    {
      g_free (((OrrDenseLU *)solver->content)->pivots);
      g_free (solver->content);
      solver->content = NULL;
    }
  SUNLinSolFreeEmpty (solver);
  return SUNLS_SUCCESS;
}

static SUNLinearSolver
dense_lu_new (int n, SUNContext ctx)
{
  SUNLinearSolver solver = SUNLinSolNewEmpty (ctx);
  OrrDenseLU *lu;

  if (solver == NULL)
    return NULL;
  solver->ops->gettype = dense_lu_gettype;
  solver->ops->getid = dense_lu_getid;
  solver->ops->initialize = dense_lu_initialize;
  solver->ops->setup = dense_lu_setup;
  solver->ops->solve = dense_lu_solve;
  solver->ops->lastflag = dense_lu_lastflag;
  solver->ops->space = dense_lu_space;
  solver->ops->free = dense_lu_free;
  lu = g_new0 (OrrDenseLU, 1);
  lu->n = n;
  lu->pivots = g_new0 (sunindextype, MAX (n, 1));
  solver->content = lu;
  return solver;
}

gboolean
orr_solver_linear_new (const OrrSolverOptions *options, N_Vector y, SUNContext ctx,
                       SUNMatrix *matrix, SUNLinearSolver *linear, GError **error)
{
  int n = options->n;
  const char *kind = "dense";

  *matrix = NULL;
  *linear = NULL;
  switch (options->linear)
    {
      case ORR_LINEAR_BAND:
        kind = "band";
        *matrix = SUNBandMatrix (n, options->sparsity->upper, options->sparsity->lower, ctx);
        *linear = *matrix != NULL ? SUNLinSol_Band (y, *matrix, ctx) : NULL;
        break;
      case ORR_LINEAR_SPARSE:
        kind = "sparse (KLU)";
        *matrix
          = SUNSparseMatrix (n, n, (sunindextype)MAX (options->sparsity->nnz, 1), CSC_MAT, ctx);
        *linear = *matrix != NULL ? SUNLinSol_KLU (y, *matrix, ctx) : NULL;
        break;
      case ORR_LINEAR_DENSE:
      default:
        *matrix = SUNDenseMatrix (n, n, ctx);
        *linear = *matrix != NULL ? dense_lu_new (n, ctx) : NULL;
        break;
    }
  if (*linear == NULL)
    {
      if (*matrix != NULL)
        SUNMatDestroy (*matrix);
      *matrix = NULL;
      g_set_error (error, ORR_SOLVER_ERROR, ORR_SOLVER_ERROR_SETUP,
                   "could not allocate a %s linear solver for %d states (out of memory?)", kind, n);
      return FALSE;
    }
  return TRUE;
}

double *
orr_solver_linear_scratch (const OrrSolverOptions *options)
{
  const OrrSparsity *sparsity = options->sparsity;

  /* Sparse matrices, and dense ones with a full pattern, take the values
   * in place. */
  if (sparsity == NULL || options->linear == ORR_LINEAR_SPARSE
      || (options->linear == ORR_LINEAR_DENSE && sparsity->full))
    return NULL;
  return g_new0 (double, MAX (sparsity->nnz, 1));
}

static int
scatter_band (const OrrSparsity *sparsity, const double *values, SUNMatrix matrix)
{
  int n = sparsity->n;
  int ml = (int)SM_LBAND_B (matrix), mu = (int)SM_UBAND_B (matrix);
  int status = SUNMatZero (matrix);

  if (status != SUNMAT_SUCCESS)
    return status;
  if (sparsity->full)
    {
      for (int j = 0; j < n; j++)
        for (int i = MAX (0, j - mu); i <= MIN (n - 1, j + ml); i++)
          SM_ELEMENT_B (matrix, i, j) = values[(gsize)j * n + i];
      return SUNMAT_SUCCESS;
    }
  for (int j = 0; j < n; j++)
    for (int k = sparsity->colptr[j]; k < sparsity->colptr[j + 1]; k++)
      {
        int i = sparsity->rowind[k];

        /* The pattern lies inside the band by construction; anything
         * outside would be a bug, and writing it would corrupt memory. */
        if (i - j <= ml && j - i <= mu)
          SM_ELEMENT_B (matrix, i, j) = values[k];
      }
  return SUNMAT_SUCCESS;
}

static void
set_sparse_structure (const OrrSparsity *sparsity, SUNMatrix matrix)
{
  sunindextype *ptr = SM_INDEXPTRS_S (matrix);
  sunindextype *ind = SM_INDEXVALS_S (matrix);
  int n = sparsity->n;

  /* SUNDIALS zeroes the whole matrix, structure included, before asking
   * for a Jacobian: it must be written every time. */
  if (sparsity->full)
    {
      for (int j = 0; j <= n; j++)
        ptr[j] = (sunindextype)j * n;
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
          ind[(gsize)j * n + i] = i;
      return;
    }
  for (int j = 0; j <= n; j++)
    ptr[j] = sparsity->colptr[j];
  for (gsize k = 0; k < sparsity->nnz; k++)
    ind[k] = sparsity->rowind[k];
}

int
orr_solver_linear_fill (const OrrSolverOptions *options, const double *values, SUNMatrix matrix)
{
  const OrrSparsity *sparsity = options->sparsity;
  int n = options->n;
  int status;

  switch (options->linear)
    {
      case ORR_LINEAR_BAND:
        return scatter_band (sparsity, values, matrix);
      case ORR_LINEAR_SPARSE:
        set_sparse_structure (sparsity, matrix);
        if (values != SM_DATA_S (matrix))
          memcpy (SM_DATA_S (matrix), values, sizeof (double) * sparsity->nnz);
        return SUNMAT_SUCCESS;
      case ORR_LINEAR_DENSE:
      default:
        if (sparsity->full)
          {
            if (values != SM_DATA_D (matrix))
              memcpy (SM_DATA_D (matrix), values, sizeof (double) * n * n);
            return SUNMAT_SUCCESS;
          }
        status = SUNMatZero (matrix);
        if (status != SUNMAT_SUCCESS)
          return status;
        for (int j = 0; j < n; j++)
          for (int k = sparsity->colptr[j]; k < sparsity->colptr[j + 1]; k++)
            SM_ELEMENT_D (matrix, sparsity->rowind[k], j) = values[k];
        return SUNMAT_SUCCESS;
    }
}

int
orr_solver_linear_jacobian (const OrrSolverOptions *options, double t, double cj, const double *x,
                            const double *xd, const double *f, double *scratch, SUNMatrix matrix)
{
  const OrrSparsity *sparsity = options->sparsity;
  double *values = scratch;
  int status;

  /* Write straight into the matrix when its storage is the pattern's. */
  if (options->linear == ORR_LINEAR_SPARSE)
    {
      set_sparse_structure (sparsity, matrix);
      values = SM_DATA_S (matrix);
    }
  else if (options->linear == ORR_LINEAR_DENSE && sparsity->full)
    values = SM_DATA_D (matrix);

  status = options->jacobian (t, cj, x, xd, f, values, options->jacobian_data);
  if (status != 0)
    return status;
  if (values != scratch)
    return 0;
  /* A matrix operation failing is not recoverable by a smaller step. */
  return orr_solver_linear_fill (options, values, matrix) == SUNMAT_SUCCESS ? 0 : -1;
}
