/* draining-tanks-friction.c: a CCustomBlock fixture. The two-tank model of
 * the seed's implicit custom block example, with its physics: a pipe of
 * length L and diameter D between tanks of section At, the speed V set by
 * Bernoulli's equation with a friction factor f that depends on the flow's
 * regime, and a pump whose head falls with the flow.
 *
 * States x = (h1, h2, V, f), all four in the residual:
 *   h1 + H = h2 + (1 + f 2L/D) V^2 / (2g)       head balance
 *   h1' = -V Ad/At,  h2' = V Ad/At             volumes
 *   f from Re = D V rho / mu:                   friction
 *     turbulent (Re > ReT): Colebrook, 1/sqrt(f) = -2 log10(e/3.7 + 2.51/(Re sqrt(f)))
 *     laminar (Re < ReL):   f = Ks / Re
 *     between:              linear in Re from Ks/ReL to fT
 * with Ad = pi D^2/4, Q = Ad V, H = pump (4 - 8e4 Q^2).
 * rpar = [L D rho mu At e Ks ReL ReT fT]; input: the pump (0 or 1);
 * outputs: h1 and h2. The flow runs from tank 1 to tank 2 (V >= 0). */
#include <orrery/orr-block.h>

#include <math.h>

void
draining_tanks_friction (OrrSimBlock *block, OrrJob job)
{
  const double *p = block->rpar;
  const double length = p[0], diameter = p[1], rho = p[2], mu = p[3], tank = p[4];
  const double roughness = p[5], ks = p[6], re_laminar = p[7], re_turbulent = p[8];
  const double f_turbulent = p[9];
  const double g = 9.81;
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
          double pipe = M_PI * diameter * diameter / 4;
          double v = x[2], f = x[3];
          double q = pipe * v;
          double head = pump * (4 - 8.0e4 * q * q);
          double re = diameter * v * rho / mu;
          double *res = block->res;

          res[0] = x[1] + (1 + f * 2 * length / diameter) * v * v / (2 * g) - x[0] - head;
          res[1] = block->xd[0] + v * pipe / tank;
          res[2] = block->xd[1] - v * pipe / tank;
          if (re > re_turbulent)
            res[3] = 1 / sqrt (f) + 2 * log10 (roughness / 3.7 + 2.51 / (re * sqrt (f)));
          else if (re < re_laminar)
            res[3] = f - ks / re;
          else
            res[3]
              = ks / re_laminar
                + (f_turbulent - ks / re_laminar) * (re - re_laminar) / (re_turbulent - re_laminar)
                - f;
        }
        break;

      default:
        break;
    }
}
