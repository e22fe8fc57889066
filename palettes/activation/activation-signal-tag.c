/* activation-signal-tag.c: reading the wireless activation tag (see
 * activation-signal-tag.h). */
#include "activation-signal-tag.h"
#include "orr-block-params.h"

gboolean
orr_activation_get_tag (OrrConfig *config, OrrValue **tag, GError **error)
{
  OrrValue *v = orr_config_get_param (config, "tag");

  if (v == NULL || orr_value_get_type_id (v) != ORR_TYPE_STRING
      || *orr_value_get_string (v) == '\0')
    {
      orr_param_set_error (error, "tag", "must be a non-empty quoted string, such as 'tick'");
      return FALSE;
    }
  *tag = v;
  return TRUE;
}
