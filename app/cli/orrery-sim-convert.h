/* orrery-sim-convert.h: `orrery-sim convert IN.zcos OUT.orr`, and the
 * Xcos loading the plain `orrery-sim MODEL.zcos` shares with it. */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

/* argv[0] is "convert". Returns the exit status. */
int orr_sim_convert (int argc, char **argv);
/* Imports an Xcos diagram with the standard palettes, prints the import
 * report on standard error (unless quiet), and refuses a model with
 * placeholders, listing them. */
OrrModel *orr_sim_load_xcos (const char *path, gboolean quiet, GError **error);

G_END_DECLS
