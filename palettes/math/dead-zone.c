/* dead-zone.c: DeadZone, zero output inside a band [lower, upper] and the
 * input shifted by the edge it passed outside: y = u - upper above the
 * band, u - lower below it (the edges are scalars for every element or
 * matrices of the input's size). The output is continuous with kinks at
 * the edges. The band, modes and surfaces are limit-band.h's, as for
 * Saturation. */
#include "limit-band.h"
#include "math-classes.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec dead_zone_params[] = {
  { "upper", N_ ("End of the dead zone"), "0.5",
    N_ ("Above it the output is u - upper: a scalar for every element, or a matrix of the "
        "input's size.") },
  { "lower", N_ ("Start of the dead zone"), "-0.5",
    N_ ("Below it the output is u - lower; at most the end: a scalar or a matrix of the input's "
        "size.") },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate where the input crosses an edge of the band and hold the region in between, "
        "for an accurate and fast variable-step integration; 0: plain formula."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
dead_zone_configure (OrrConfig *config, GError **error)
{
  return orr_band_configure (config, "the end of the dead zone", error);
}

/* y = 0 in the band, u less the edge it passed outside (and 0 for NaN). */
static double
dead_zone (double u, double lower, double upper, OrrBandRegion region)
{
  switch (region)
    {
      case ORR_BAND_INSIDE:
        return 0.0;
      case ORR_BAND_ABOVE:
        return u - upper;
      case ORR_BAND_BELOW:
        return u - lower;
      default:
        return u > upper ? u - upper : u < lower ? u - lower : 0.0;
    }
}

static void
dead_zone_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_band_simulate (block, job, dead_zone);
}

const OrrBlockClass orr_dead_zone_class = {
  .name = "DeadZone",
  .palette = N_ ("Math"),
  .label = N_ ("Dead zone"),
  .description = N_ ("Zero inside a band, the input less the band's edge outside it."),
  .icon_text = "dz",
  .params = dead_zone_params,
  .n_params = G_N_ELEMENTS (dead_zone_params),
  .configure = dead_zone_configure,
  .simulate = dead_zone_simulate,
};
