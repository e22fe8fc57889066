/* test-program.h: building small compiled programs by hand, without the
 * compiler, to test the simulator on its own. */
#pragma once

#include <orrery/orr-simulation.h>

G_BEGIN_DECLS

/* A program with room for TP_MAX blocks, buffers and sources, start and
 * final time, the "auto" solver and tight tolerances. */
#define TP_MAX 512

OrrProgram *tp_new (double start, double final);
void tp_free (OrrProgram *program);
/* OrrProgram's own cleanup is the compiler's orr_program_free(). */
typedef OrrProgram TestProgram;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestProgram, tp_free)

/* An ordinary block; every output gets its own 1 x 1 double buffer and
 * every input starts unconnected. */
int tp_block (OrrProgram *program, const OrrBlockClass *klass, const char *path, int n_in,
              int n_out, int n_evin, int n_evout);
void tp_connect (OrrProgram *program, int from, int out_port, int to, int in_port);
void tp_rpar (OrrProgram *program, int b, int n, const double *values);
void tp_states (OrrProgram *program, int b, int nx, const double *x0, gboolean implicit);
void tp_discrete (OrrProgram *program, int b, int nz, const double *z0);
void tp_surfaces (OrrProgram *program, int b, int ng, int nmode);

/* An event source for block b's activation output port. */
int tp_event_source (OrrProgram *program, int b, int port, const char *name);
/* A SampleClock source on the base clock. */
int tp_clock (OrrProgram *program, gint64 ratio, gint64 shift, int group, const char *name);
/* A conditional branch: block b's output port. */
int tp_branch_source (OrrProgram *program, int b, int port);

/* Adds block b to a list, keeping it sorted by index. */
void tp_list_add (OrrActivationList *list, int b, int nevprt);
/* Puts b in the continuous list (and the init list), and in the
 * derivative and surface lists as its states and surfaces say. */
void tp_continuous (OrrProgram *program, int b);

G_END_DECLS
