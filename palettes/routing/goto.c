/* goto.c: Goto, sends its input to the From blocks with the same tag, with
 * no line drawn.
 *
 * The compiler replaces each From by a wire from whatever feeds the
 * matching Goto while it flattens the model, so neither block is left at
 * run time: no simulation function. The tag travels in opar[0] as a
 * string; ipar[0] says who sees it: 0 the Froms of the Goto's own diagram,
 * 1 every From in the model (a From looks in its own diagram first). */
#include "routing-classes.h"
#include "routing-params.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  VISIBILITY_LOCAL = 1,
  VISIBILITY_GLOBAL = 2,
};

static const char *const visibility_choices[]
  = { N_ ("This diagram"), N_ ("The whole model"), NULL };

static const OrrParamSpec goto_params[] = {
  { "tag", N_ ("Tag"), "'A'",
    N_ ("The name From blocks use to read this signal, a quoted string such as 'speed'.") },
  { "visibility", N_ ("Visible in"), "1",
    N_ ("1: From blocks in the same diagram only; 2: From blocks anywhere in the model."),
    ORR_PARAM_CHOICE, visibility_choices },
};

static gboolean
goto_configure (OrrConfig *config, GError **error)
{
  OrrValue *tag;
  int visibility, global;

  if (!orr_routing_get_tag (config, &tag, error)
      || !orr_param_get_int_range (config, "visibility", VISIBILITY_LOCAL, VISIBILITY_GLOBAL,
                                   &visibility, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_GOTO);
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, FALSE);
  orr_config_add_opar (config, tag);
  global = visibility == VISIBILITY_GLOBAL ? 1 : 0;
  orr_config_set_ipar (config, &global, 1);
  orr_config_set_label (config, orr_value_get_string (tag));
  return TRUE;
}

const OrrBlockClass orr_goto_class = {
  .name = "Goto",
  .palette = N_ ("Routing"),
  .label = N_ ("Goto"),
  .description = N_ ("Sends its input, without a line, to the From blocks with the same tag."),
  .icon_text = "[A]→",
  .params = goto_params,
  .n_params = G_N_ELEMENTS (goto_params),
  .configure = goto_configure,
  .simulate = NULL,
};
