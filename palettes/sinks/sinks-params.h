/* sinks-params.h: what the plotting sinks share: parameter checks (axis
 * ranges, buffer sizes) and gathering their inputs into one recorded
 * row. Private to palettes/sinks/. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The most samples a plotting sink may be asked to keep. */
#define ORR_SINKS_MAX_BUFFER 100000000

/* Two finite parameters with low < high: an axis range. */
gboolean orr_sinks_get_range (OrrConfig *config, const char *low_name, const char *high_name,
                              double *low, double *high, GError **error);

/* Scope's simulation, MultiScope's too (they record alike; only their
 * views differ): the inputs as one row at every accepted point. */
void orr_scope_simulate (OrrSimBlock *block, OrrJob job);

/* The elements of all the block's inputs together. */
int orr_sinks_inputs_numel (const OrrSimBlock *block);
/* Copies the inputs one after the other into row (room for
 * orr_sinks_inputs_numel() values); returns how many. */
int orr_sinks_gather_inputs (OrrSimBlock *block, double *row);

G_END_DECLS
