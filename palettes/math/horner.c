/* horner.c: Horner, a polynomial of each element of the input, y = c1
 * u^n + c2 u^(n-1) + ... + c(n+1) (coefficients in descending powers, as
 * polyval takes them), evaluated by Horner's rule: n multiplications and
 * additions, no powers, and the rounding errors that rule is known for
 * keeping small. rpar = { the coefficients }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec horner_params[] = {
  { "coefficients", N_ ("Coefficients"), "[1 0 0]",
    N_ ("The polynomial's coefficients in descending powers: [1 -2 3] is u^2 - 2 u + 3.") },
};

static gboolean
horner_configure (OrrConfig *config, GError **error)
{
  const double *c;
  int n;

  if (!orr_param_get_vector (config, "coefficients", &c, &n, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    if (!isfinite (c[i]))
      {
        orr_param_set_error (error, "coefficients", "must be finite, not %g", c[i]);
        return FALSE;
      }
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, c, n);
  return TRUE;
}

static void
horner_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0), *c = block->rpar;
  double *y = orr_block_real_out (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_in_numel (block, 0); i++)
    {
      double acc = c[0];

      for (int k = 1; k < block->n_rpar; k++)
        acc = acc * u[i] + c[k];
      y[i] = acc;
    }
}

const OrrBlockClass orr_horner_class = {
  .name = "Horner",
  .palette = N_ ("Math"),
  .label = N_ ("Polynomial"),
  .description = N_ ("A polynomial of each element of the input, evaluated by Horner's rule."),
  .icon_text = "p(u)",
  .params = horner_params,
  .n_params = G_N_ELEMENTS (horner_params),
  .configure = horner_configure,
  .simulate = horner_simulate,
};
