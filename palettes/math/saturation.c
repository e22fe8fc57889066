/* saturation.c: Saturation, each element of u clamped between a lower and
 * an upper limit (scalars for every element, or matrices of the input's
 * size): y = u between the limits, ends included, and the limit it passed
 * outside. The limits, modes and surfaces are limit-band.h's. */
#include "limit-band.h"
#include "math-classes.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec saturation_params[] = {
  { "upper", N_ ("Upper limit"), "1",
    N_ ("The largest output: a scalar for every element, or a matrix of the input's size.") },
  { "lower", N_ ("Lower limit"), "-1",
    N_ (
      "The smallest output, at most the upper limit: a scalar or a matrix of the input's size.") },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate where the input reaches a limit and hold the region in between, for an "
        "accurate and fast variable-step integration; 0: plain clamping."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
saturation_configure (OrrConfig *config, GError **error)
{
  return orr_band_configure (config, "the upper limit", error);
}

/* y = u in the band, clamped to the edge it passed outside. */
static double
saturate (double u, double lower, double upper, OrrBandRegion region)
{
  switch (region)
    {
      case ORR_BAND_INSIDE:
        return u;
      case ORR_BAND_ABOVE:
        return upper;
      case ORR_BAND_BELOW:
        return lower;
      default:
        return u > upper ? upper : u < lower ? lower : u;
    }
}

static void
saturation_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_band_simulate (block, job, saturate);
}

const OrrBlockClass orr_saturation_class = {
  .name = "Saturation",
  .palette = N_ ("Math"),
  .label = N_ ("Saturation"),
  .description = N_ ("Limits each element of the input to a range."),
  .icon_text = "sat",
  .keywords = "limit clamp clip",
  .params = saturation_params,
  .n_params = G_N_ELEMENTS (saturation_params),
  .configure = saturation_configure,
  .simulate = saturation_simulate,
};
