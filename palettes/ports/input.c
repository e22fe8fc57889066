/* input.c: Input, a regular input port of a super block. Flattening
 * replaces it by the link that feeds the super block's port, so it never
 * runs: it only states the port number and an output that takes its size
 * and type from the link. */
#include "ports-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec input_params[] = {
  { "port", N_ ("Port number"), "1",
    N_ ("The super block input this block stands for, counted from 1 in the order shown on the "
        "super block.") },
};

static gboolean
input_configure (OrrConfig *config, GError **error)
{
  int port;

  if (!orr_param_get_int_range (config, "port", 1, ORR_PALETTE_MAX_PORTS, &port, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_INPUT_PORT);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, &port, 1);
  orr_param_label_from (config, "port");
  return TRUE;
}

const OrrBlockClass orr_input_class = {
  .name = "Input",
  .palette = N_ ("Ports"),
  .label = N_ ("Input"),
  .description = N_ ("A regular input of the enclosing super block."),
  .icon_text = "In",
  .params = input_params,
  .n_params = G_N_ELEMENTS (input_params),
  .configure = input_configure,
  .simulate = NULL,
};
