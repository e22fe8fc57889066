/* xy-scope.c: XYScope, records (x, y) pairs for plotting y against x.
 *
 * Two inputs of one length n: element i of x and of y make the point of
 * curve i. Every accepted call records one sample of 2n values, x first,
 * then y; trial points of the solver are skipped. The axis ranges and the
 * buffer size are for the window that draws the stream: rpar = { xmin,
 * xmax, ymin, ymax }, ipar = { buffer }. */
#include "sinks-classes.h"
#include "sinks-params.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec xy_scope_params[] = {
  { "xmin", N_ ("X minimum"), "-1", N_ ("The left end of the horizontal axis.") },
  { "xmax", N_ ("X maximum"), "1",
    N_ ("The right end of the horizontal axis, above the minimum.") },
  { "ymin", N_ ("Y minimum"), "-1", N_ ("The bottom of the vertical axis.") },
  { "ymax", N_ ("Y maximum"), "1", N_ ("The top of the vertical axis, above the minimum.") },
  { "buffer", N_ ("Buffer size"), "10000",
    N_ ("How many points the window keeps for drawing, at least 2; older ones are dropped.") },
};

static gboolean
xy_scope_configure (OrrConfig *config, GError **error)
{
  double rpar[4];
  int buffer;

  if (!orr_sinks_get_range (config, "xmin", "xmax", &rpar[0], &rpar[1], error)
      || !orr_sinks_get_range (config, "ymin", "ymax", &rpar[2], &rpar[3], error)
      || !orr_param_get_int_range (config, "buffer", 2, ORR_SINKS_MAX_BUFFER, &buffer, error))
    return FALSE;
  /* x and y share a placeholder: one length, one curve per element. */
  orr_config_add_input (config, -1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_rpar (config, rpar, 4);
  orr_config_set_ipar (config, &buffer, 1);
  return TRUE;
}

static void
xy_scope_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = g_new0 (double, 2 * n);
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *pair = block->work;

          if (pair == NULL || orr_block_in_try_phase (block))
            break;
          memcpy (pair, orr_block_real_in (block, 0), n * sizeof (double));
          memcpy (pair + n, orr_block_real_in (block, 1), n * sizeof (double));
          orr_block_record (block, pair, 2 * n);
        }
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_xy_scope_class = {
  .name = "XYScope",
  .palette = N_ ("Sinks"),
  .label = N_ ("XY scope"),
  .description = N_ ("Plots its second input against its first."),
  .icon_text = "XY",
  .params = xy_scope_params,
  .n_params = G_N_ELEMENTS (xy_scope_params),
  .configure = xy_scope_configure,
  .simulate = xy_scope_simulate,
};
