/* limit-band.h: what Saturation and DeadZone share. Private to the Math
 * palette.
 *
 * Both compare each element of u with a band [lower, upper] (scalars for
 * every element, or matrices of the input's size) and differ only in the
 * output they give inside, above and below it. With zero crossings on,
 * each element has one surface and a mode for its region: the band, ends
 * included; above; below. Each surface is positive inside its region and
 * changes sign where u leaves it: (u - lower)(upper - u) in the band,
 * u - upper above, lower - u below (kept off zero on an edge, see
 * math-surfaces.h). rpar = { upper, lower } with ipar = { elements of
 * upper, elements of lower }. */
#pragma once

#include <orrery/orr-block.h>

/* The modes. The first, where modes start (and NaN), computes directly. */
typedef enum
{
  ORR_BAND_DIRECT = 0,
  ORR_BAND_INSIDE = 1,
  ORR_BAND_ABOVE = 2,
  ORR_BAND_BELOW = 3,
} OrrBandRegion;

/* One element of the output for input u in region: with ORR_BAND_DIRECT,
 * from u and the edges alone. */
typedef double (*OrrBandOutput) (double u, double lower, double upper, OrrBandRegion region);

/* Reads "upper", "lower" and "zero_crossing", checks that the edges agree
 * in size and that lower is at most upper (upper_name names upper in the
 * message), and declares the ports, rpar, ipar and, with zero crossings,
 * one surface and mode per element. */
gboolean orr_band_configure (OrrConfig *config, const char *upper_name, GError **error);

/* The outputs job, each element from output, and the zero-crossings job. */
void orr_band_simulate (OrrSimBlock *block, OrrJob job, OrrBandOutput output);
