/* orr-loops.h: algebraic loops solved at run time (orr-loops.c), for the
 * compiler, which gives the last block of each loop this function in
 * place of its own (OrrProgramLoop.wrapper), and the simulation.
 *
 * DESIGN: algebraic loops at run time (orr-loops.c): what the rest of the
 * run calls. */
#pragma once

#include <orrery/orr-program.h>

G_BEGIN_DECLS

typedef struct _OrrSimLoops OrrSimLoops;

/* The wrapped class's simulate: the block's own job, then, after its
 * outputs, the loop's solve. */
void orr_sim_loop_simulate (OrrSimBlock *block, OrrJob job);
void orr_sim_loops_free (OrrSimLoops *loops);

G_END_DECLS
