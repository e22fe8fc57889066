/* complex-to-mag-angle.c: ComplexToMagAngle, |z| and arg z (atan2, in
 * [-pi, pi]), element by element (complex-parts.h). */
#include "complex-parts.h"
#include "math-classes.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static gboolean
complex_to_mag_angle_configure (OrrConfig *config, GError **error)
{
  (void)error;
  orr_complex_parts_configure (config, FALSE, "|z|", "angle");
  return TRUE;
}

static void
complex_to_mag_angle_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_out_numel (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  {
    const double *z = block->in[0].data;

    for (int i = 0; i < n; i++)
      {
        orr_block_real_out (block, 0)[i] = hypot (z[2 * i], z[2 * i + 1]);
        orr_block_real_out (block, 1)[i] = atan2 (z[2 * i + 1], z[2 * i]);
      }
  }
}

const OrrBlockClass orr_complex_to_mag_angle_class = {
  .name = "ComplexToMagAngle",
  .palette = N_ ("Math"),
  .label = N_ ("Complex to magnitude-angle"),
  .description = N_ ("The magnitude and angle (radians, in [-pi, pi]) of a complex signal."),
  .icon_text = "z→|z|,∠",
  .configure = complex_to_mag_angle_configure,
  .simulate = complex_to_mag_angle_simulate,
};
