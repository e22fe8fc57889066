/* complex-to-real-imag.c: ComplexToRealImag, the real and imaginary
 * parts of a complex signal, element by element (complex-parts.h). */
#include "complex-parts.h"
#include "math-classes.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static gboolean
complex_to_real_imag_configure (OrrConfig *config, GError **error)
{
  (void)error;
  orr_complex_parts_configure (config, FALSE, "re", "im");
  return TRUE;
}

static void
complex_to_real_imag_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_out_numel (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  {
    const double *z = block->in[0].data;

    for (int i = 0; i < n; i++)
      {
        orr_block_real_out (block, 0)[i] = z[2 * i];
        orr_block_real_out (block, 1)[i] = z[2 * i + 1];
      }
  }
}

const OrrBlockClass orr_complex_to_real_imag_class = {
  .name = "ComplexToRealImag",
  .palette = N_ ("Math"),
  .label = N_ ("Complex to real-imag"),
  .description = N_ ("The real and imaginary parts of a complex signal."),
  .icon_text = "z→re,im",
  .configure = complex_to_real_imag_configure,
  .simulate = complex_to_real_imag_simulate,
};
