/* complex-parts.c: ports of the complex-signal blocks (complex-parts.h). */
#include "complex-parts.h"

void
orr_complex_parts_configure (OrrConfig *config, gboolean to_complex, const char *first,
                             const char *second)
{
  if (to_complex)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_set_input_label (config, 0, first);
      orr_config_set_input_label (config, 1, second);
      orr_config_add_output (config, -1, -2, ORR_TYPE_COMPLEX);
    }
  else
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_COMPLEX, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
      orr_config_set_output_label (config, 0, first);
      orr_config_set_output_label (config, 1, second);
    }
}
