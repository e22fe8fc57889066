/* sinks-params.h: parameter checks shared by the plotting sinks (axis
 * ranges, buffer sizes). Private to palettes/sinks/. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The most samples a plotting sink may be asked to keep. */
#define ORR_SINKS_MAX_BUFFER 100000000

/* Two finite parameters with low < high: an axis range. */
gboolean orr_sinks_get_range (OrrConfig *config, const char *low_name, const char *high_name,
                              double *low, double *high, GError **error);

G_END_DECLS
