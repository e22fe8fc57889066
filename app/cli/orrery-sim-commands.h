/* orrery-sim-commands.h: orrery-sim's subcommands, one file each
 * (app/cli/orrery-sim-CMD.c), dispatched from main() by their first word.
 * Each takes the arguments from the subcommand's name on and returns the
 * exit status. */
#pragma once

#include <glib.h>

int orr_sim_study_main (int argc, char **argv);
