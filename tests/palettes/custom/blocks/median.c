/* median.c: a CCustomBlock fixture. The median of all the elements of all
 * the inputs (the mean of the two middle ones for an even count), sorted
 * in scratch memory taken from the simulator at init. */
#include <orrery/orr-block.h>

#include <stdlib.h>
#include <string.h>

static int
compare (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static int
count (const OrrSimBlock *block)
{
  int n = 0;

  for (int k = 0; k < block->n_in; k++)
    n += orr_block_in_numel (block, k);
  return n;
}

void
median (OrrSimBlock *block, OrrJob job)
{
  int n = count (block);
  double *sorted = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_alloc_work (block, n * sizeof (double));
        break;

      case ORR_JOB_OUTPUTS:
        for (int k = 0, m = 0; k < block->n_in; m += orr_block_in_numel (block, k), k++)
          memcpy (sorted + m, orr_block_real_in (block, k),
                  orr_block_in_numel (block, k) * sizeof (double));
        qsort (sorted, n, sizeof (double), compare);
        orr_block_real_out (block, 0)[0]
          = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        break;

      default:
        break;
    }
}
