/* output.c: Output, a regular output port of a super block. Flattening
 * replaces it by the links leaving the super block's port, so it never
 * runs. */
#include "ports-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec output_params[] = {
  { "port", N_ ("Port number"), "1",
    N_ ("The super block output this block stands for, counted from 1 in the order shown on the "
        "super block.") },
};

static gboolean
output_configure (OrrConfig *config, GError **error)
{
  int port;

  if (!orr_param_get_int_range (config, "port", 1, ORR_PALETTE_MAX_PORTS, &port, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_OUTPUT_PORT);
  /* Feedthrough: the value passes straight through to the outside. */
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_set_ipar (config, &port, 1);
  orr_param_label_from (config, "port");
  return TRUE;
}

const OrrBlockClass orr_output_class = {
  .name = "Output",
  .palette = N_ ("Ports"),
  .label = N_ ("Output"),
  .description = N_ ("A regular output of the enclosing super block."),
  .icon_text = "Out",
  .params = output_params,
  .n_params = G_N_ELEMENTS (output_params),
  .configure = output_configure,
  .simulate = NULL,
};
