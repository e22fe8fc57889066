/* faulty.c: a CCustomBlock fixture that reports an error through the
 * block API once the time reaches rpar[0]; until then it outputs t. */
#include <orrery/orr-block.h>

void
faulty (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);

  if (job != ORR_JOB_OUTPUTS)
    return;
  if (t >= block->rpar[0])
    {
      orr_block_error (block, "tank overflow at t = %g", t);
      return;
    }
  orr_block_real_out (block, 0)[0] = t;
}
