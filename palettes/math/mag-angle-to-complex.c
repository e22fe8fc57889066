/* mag-angle-to-complex.c: MagAngleToComplex, z = r e^(i a), element by
 * element (complex-parts.h). */
#include "complex-parts.h"
#include "math-classes.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static gboolean
mag_angle_to_complex_configure (OrrConfig *config, GError **error)
{
  (void)error;
  orr_complex_parts_configure (config, TRUE, "|z|", "angle");
  return TRUE;
}

static void
mag_angle_to_complex_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_out_numel (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  {
    const double *r = orr_block_real_in (block, 0), *a = orr_block_real_in (block, 1);
    double *z = block->out[0].data;

    for (int i = 0; i < n; i++)
      {
        z[2 * i] = r[i] * cos (a[i]);
        z[2 * i + 1] = r[i] * sin (a[i]);
      }
  }
}

const OrrBlockClass orr_mag_angle_to_complex_class = {
  .name = "MagAngleToComplex",
  .palette = N_ ("Math"),
  .label = N_ ("Magnitude-angle to complex"),
  .description = N_ ("A complex signal from its magnitude and angle (radians)."),
  .icon_text = "|z|,∠→z",
  .configure = mag_angle_to_complex_configure,
  .simulate = mag_angle_to_complex_simulate,
};
