/* test-sine.c: the TestSine block class (see test-sine.h). */
#include "test-sine.h"

#include <math.h>

static const OrrParamSpec sine_params[] = {
  { "amplitude", "Amplitude", "1", "amplitude" },
  { "omega", "Omega", "1", "angular frequency (rad/s)" },
  { "phase", "Phase", "0", "phase (rad)" },
  { "bias", "Bias", "0", "bias" },
};

static gboolean
sine_configure (OrrConfig *config, GError **error)
{
  double rpar[4];

  if (!orr_config_get_double (config, "amplitude", &rpar[0], error)
      || !orr_config_get_double (config, "omega", &rpar[1], error)
      || !orr_config_get_double (config, "phase", &rpar[2], error)
      || !orr_config_get_double (config, "bias", &rpar[3], error))
    return FALSE;
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_rpar (config, rpar, 4);
  return TRUE;
}

static void
sine_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *p = block->rpar;

  if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = p[0] * sin (p[1] * orr_block_get_time (block) + p[2]) + p[3];
}

const OrrBlockClass test_sine_class = {
  .name = "TestSine",
  .palette = "Tests",
  .label = "sin",
  .description = "exact test sine",
  .icon_text = "sin",
  .params = sine_params,
  .n_params = G_N_ELEMENTS (sine_params),
  .configure = sine_configure,
  .simulate = sine_simulate,
};
