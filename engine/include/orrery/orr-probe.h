/* orr-probe.h: a simulation evaluated at points of one's choosing
 * instead of run through time, for the analyses of engine/analysis
 * (linearization, equilibrium): set the states, evaluate the outputs and
 * derivatives, read the signals, put the states back.
 *
 * A probed simulation is never run: orr_simulation_probe_begin() stands
 * for the start of orr_simulation_run() (initial states, every block's
 * init job, the first outputs of constant and always-active blocks) and
 * orr_simulation_probe_end() for its end (every terminate job). The
 * accessors for states and buffers also read a simulation after
 * orr_simulation_run(): the states and signals where it ended.
 */
#pragma once

#include <orrery/orr-simulation.h>

G_BEGIN_DECLS

/* FALSE with an error if a block fails to initialise, or the simulation
 * has already run or been probed. */
gboolean orr_simulation_probe_begin (OrrSimulation *sim, GError **error);
/* Runs every block's terminate job; probing ends. */
void orr_simulation_probe_end (OrrSimulation *sim);

/* The continuous states (program->nx, in the order of x_offset) and the
 * discrete states (program->nz): the simulation's own vectors, which the
 * caller may write before the next evaluation. */
double *orr_simulation_probe_states (OrrSimulation *sim);
double *orr_simulation_probe_discrete_states (OrrSimulation *sim);
/* The memory of one of the program's buffers (program->buffers[buffer]).
 * The caller may write the buffer of a block's output it means to
 * override: blocks reading it see the new value at the next evaluation. */
gpointer orr_simulation_probe_buffer (OrrSimulation *sim, int buffer);

/* At time t and the current states: the outputs of the continuous-time
 * blocks, in schedule order, then the derivatives of every block with
 * states; xdot (program->nx doubles, may be NULL) receives them. Modes
 * are not held: each block picks the mode of the point. FALSE with an
 * error naming the block that failed. */
gboolean orr_simulation_probe_eval (OrrSimulation *sim, double t, double *xdot, GError **error);
/* The same, except that blocks with an analytic Jacobian compute their
 * derivatives from the states held (program->nx doubles) instead of the
 * current ones: a difference quotient then carries only what reaches such
 * a block through its inputs, and the block's own part comes from
 * orr_simulation_probe_block_jacobian(). */
gboolean orr_simulation_probe_eval_held (OrrSimulation *sim, double t, const double *held,
                                         double *xdot, GError **error);
/* d(x'_b)/d(x_b) of block b (one with an analytic Jacobian) at time t and
 * the current states, its inputs held: nx_b x nx_b, column-major. */
gboolean orr_simulation_probe_block_jacobian (OrrSimulation *sim, int block, double t,
                                              double *jacobian, GError **error);
/* Fires the activation list of source (an index into program->sources)
 * once at time t, as a clock tick would: outputs, events and state
 * updates of the blocks it activates. Events the blocks schedule are
 * dropped. For the discrete-time part of a linearization. */
gboolean orr_simulation_probe_fire (OrrSimulation *sim, int source, double t, GError **error);

G_END_DECLS
