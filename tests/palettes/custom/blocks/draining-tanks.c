/* draining-tanks.c: a CCustomBlock fixture. Two tanks joined by a pipe at
 * the bottom, with a pump in the pipe, written as an implicit block.
 *
 * States x = (h1, h2, v): the levels and the speed in the pipe, v > 0 from
 * tank 1 to tank 2. The levels follow the flow, and the speed is set at
 * every instant by the head balance along the pipe, an algebraic equation:
 *   A h1' = -a v,   A h2' = a v,   h1 + H - h2 = c1 v + c2 v |v|
 * with H = pump * head. rpar = [A a c1 c2 head]; the input is the pump
 * (0 or 1); the outputs are h1 and h2. */
#include <orrery/orr-block.h>

#include <math.h>

void
draining_tanks (OrrSimBlock *block, OrrJob job)
{
  const double *p = block->rpar;
  double area = p[0], pipe = p[1], linear = p[2], quadratic = p[3], head = p[4];
  const double *x = block->x;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = x[0];
        orr_block_real_out (block, 1)[0] = x[1];
        break;

      case ORR_JOB_DERIVATIVES:
        {
          double pump = orr_block_real_in (block, 0)[0];
          double v = x[2];

          block->res[0] = area * block->xd[0] + pipe * v;
          block->res[1] = area * block->xd[1] - pipe * v;
          block->res[2] = x[0] + pump * head - x[1] - (linear * v + quadratic * v * fabs (v));
        }
        break;

      default:
        break;
    }
}
