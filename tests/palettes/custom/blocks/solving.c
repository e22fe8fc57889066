/* solving.c: a CCustomBlock fixture that solves A x = u for a fixed
 * tridiagonal A with the block API's dense LU (orrery/orr-dense.h, which
 * orr-block.h includes): a user's block needs no other header. The
 * factors and pivots live in work memory sized at init. */
#include <orrery/orr-block.h>

#include <string.h>

typedef struct
{
  double lu[9];
  int piv[3];
} Solver;

/* [4 1 0; 1 3 1; 0 1 2], column-major */
static const double a[9] = { 4, 1, 0, 1, 3, 1, 0, 1, 2 };

void
solving (OrrSimBlock *block, OrrJob job)
{
  Solver *s = block->work;
  double *x;

  switch (job)
    {
      case ORR_JOB_INIT:
        s = block->work = g_new0 (Solver, 1);
        memcpy (s->lu, a, sizeof a);
        if (!orr_dense_lu (s->lu, 3, s->piv))
          orr_block_error (block, "the fixed matrix is singular");
        break;

      case ORR_JOB_OUTPUTS:
        x = orr_block_real_out (block, 0);
        memcpy (x, orr_block_real_in (block, 0), 3 * sizeof (double));
        orr_dense_lu_solve (s->lu, 3, s->piv, x, 1);
        break;

      case ORR_JOB_TERMINATE:
        g_free (s);
        block->work = NULL;
        break;

      default:
        break;
    }
}
