/* variable-delay.c: a CCustomBlock fixture. A discrete delay whose length
 * is an input: y(k) = u1(k - d(k)), d = u2 rounded and held to 1..N.
 *
 * The last N values of u1 live in a ring buffer in the discrete state,
 * z = [ buffer (N values), index of the newest value ], so the delay has
 * no memory of its own outside z. u1 is not feedthrough (d >= 1), u2 is. */
#include <orrery/orr-block.h>

void
variable_delay (OrrSimBlock *block, OrrJob job)
{
  int n = block->nz - 1;
  double *buffer = block->z;
  int newest = (int)block->z[n];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double u2 = orr_block_real_in (block, 1)[0];
          int delay = (int)(u2 >= 0 ? u2 + 0.5 : u2 - 0.5);

          delay = delay < 1 ? 1 : delay > n ? n : delay;
          orr_block_real_out (block, 0)[0] = buffer[(newest - (delay - 1) + n) % n];
        }
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt <= 0)
          break;
        newest = (newest + 1) % n;
        buffer[newest] = orr_block_real_in (block, 0)[0];
        block->z[n] = newest;
        break;

      default:
        break;
    }
}
