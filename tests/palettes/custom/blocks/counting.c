/* counting.c: a CCustomBlock fixture that keeps its own memory in
 * block->work, allocated at init and freed at terminate: it counts its
 * activations and outputs the count. It counts in the outputs job, since
 * a block without states gets no state-update job. */
#include <orrery/orr-block.h>

typedef struct
{
  int activations;
} Count;

void
counting (OrrSimBlock *block, OrrJob job)
{
  Count *count = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = g_new0 (Count, 1);
        break;

      case ORR_JOB_OUTPUTS:
        if (block->nevprt > 0 && !orr_block_in_try_phase (block))
          count->activations++;
        orr_block_real_out (block, 0)[0] = count->activations;
        break;

      case ORR_JOB_TERMINATE:
        g_free (count);
        block->work = NULL;
        break;

      default:
        break;
    }
}
