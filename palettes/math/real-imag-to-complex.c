/* real-imag-to-complex.c: RealImagToComplex, z = re + i im, element by
 * element (complex-parts.h). */
#include "complex-parts.h"
#include "math-classes.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static gboolean
real_imag_to_complex_configure (OrrConfig *config, GError **error)
{
  (void)error;
  orr_complex_parts_configure (config, TRUE, "re", "im");
  return TRUE;
}

static void
real_imag_to_complex_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_out_numel (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  {
    const double *re = orr_block_real_in (block, 0), *im = orr_block_real_in (block, 1);
    double *z = block->out[0].data;

    for (int i = 0; i < n; i++)
      {
        z[2 * i] = re[i];
        z[2 * i + 1] = im[i];
      }
  }
}

const OrrBlockClass orr_real_imag_to_complex_class = {
  .name = "RealImagToComplex",
  .palette = N_ ("Math"),
  .label = N_ ("Real-imag to complex"),
  .description = N_ ("A complex signal from its real and imaginary parts."),
  .icon_text = "re,im→z",
  .configure = real_imag_to_complex_configure,
  .simulate = real_imag_to_complex_simulate,
};
