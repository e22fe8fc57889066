/* math-surfaces.h: the one rule the Math palette's blocks with modes share
 * for their zero-crossing surfaces. Private to the Math palette.
 *
 * A block picks, with modes free, the mode whose region (closed, so that
 * every value has one) holds its input, and writes a surface that keeps
 * one sign inside that region and changes sign when the input leaves it.
 * An input exactly on the region's edge (a sine at t = 0, or a value the
 * root finder landed on) makes that surface exactly 0 where the solver
 * starts; CVODE then ignores the surface until it becomes non-zero and
 * takes that later sign as its reference, so leaving the region at once
 * would never be seen and the mode would hold the wrong branch for the
 * whole interval. So while modes are fixed an exact 0 is replaced by the
 * smallest normal number with the inside sign: leaving the region is then
 * a sign change like any other, located at once, and the next interval
 * picks the right mode. With modes free the surface is written as it is. */
#pragma once

#include <orrery/orr-block.h>

#include <float.h>

/* g, or the smallest number of the sign g has inside the current mode's
 * region (@inside: +1 or -1) when g is exactly 0 and modes are fixed. */
static inline double
orr_math_surface (const OrrSimBlock *block, double g, double inside)
{
  if (g == 0 && orr_block_modes_fixed (block))
    return inside > 0 ? DBL_MIN : -DBL_MIN;
  return g;
}
