/* display.c: Display, shows the latest value of its input in the block.
 *
 * It records like a Scope, one sample of every element (column by column)
 * at each accepted call, and the canvas draws the latest sample inside the
 * block instead of plotting the history. The input is any matrix. The
 * number of significant digits to show is ipar[0].
 *
 * In text mode (ipar[1] = 1) the input is a uint8 vector of character
 * codes, as FormattedString writes them, recorded as numbers like any
 * other input; the app shows the characters up to the first 0 instead of
 * the numbers. */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec display_params[] = {
  { "digits", N_ ("Significant digits"), "5",
    N_ ("How many significant digits to show, 1 to 17.") },
  { "text", N_ ("Show as text"), "0",
    N_ ("1: the input is a vector of character codes (uint8, a FormattedString's output), shown "
        "as the text they spell up to the first 0."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
display_configure (OrrConfig *config, GError **error)
{
  int digits;
  gboolean text;

  if (!orr_param_get_int_range (config, "digits", 1, 17, &digits, error)
      || !orr_param_get_flag (config, "text", &text, error))
    return FALSE;
  /* Feedthrough so that the display runs after the block it shows. */
  if (text)
    orr_config_add_input (config, -1, 1, ORR_TYPE_UINT8, TRUE);
  else
    orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_ipar (config, (int[]){ digits, text }, 2);
  return TRUE;
}

static void
display_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_in_numel (block, 0);

  if (job == ORR_JOB_INIT && block->ipar[1])
    orr_block_alloc_work (block, sizeof (double) * (gsize)n);
  if (job != ORR_JOB_OUTPUTS || orr_block_in_try_phase (block))
    return;
  if (block->ipar[1])
    {
      /* character codes, recorded as numbers */
      const guint8 *codes = block->in[0].data;
      double *row = block->work;

      for (int i = 0; i < n; i++)
        row[i] = codes[i];
      orr_block_record (block, row, n);
    }
  else
    orr_block_record (block, orr_block_real_in (block, 0), n);
}

const OrrBlockClass orr_display_class = {
  .name = "Display",
  .palette = N_ ("Sinks"),
  .label = N_ ("Display"),
  .description = N_ ("Shows the latest value of its input inside the block."),
  .icon_text = "0.000",
  .params = display_params,
  .n_params = G_N_ELEMENTS (display_params),
  .configure = display_configure,
  .simulate = display_simulate,
};
