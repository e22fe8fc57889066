/* orr-program.h: a compiled model. Immutable once built: the simulator
 * only reads it, so several simulations may share one program.
 *
 * Blocks are stored in schedule order (producers before consumers along
 * feedthrough dependencies), so every list below that is sorted by block
 * index is a valid evaluation order, and any union of lists, sorted again
 * by index, is one too.
 */
#pragma once

#include <orrery/orr-block.h>
#include <orrery/orr-model.h>

G_BEGIN_DECLS

typedef struct _OrrProgram OrrProgram;

/* One call in an activation list: block index and its bit-coded activated
 * inputs. */
typedef struct
{
  int block;
  int nevprt;
} OrrActivation;

typedef struct
{
  int n;
  OrrActivation *items; /* sorted by block index */
} OrrActivationList;

typedef enum
{
  ORR_SOURCE_EVENT,  /* an activation output of an ordinary block: events through the agenda */
  ORR_SOURCE_CLOCK,  /* a SampleClock, driven by the base clock */
  ORR_SOURCE_BRANCH, /* an output of IfThenElse/SwitchCase: run inside its parent event */
} OrrSourceKind;

typedef struct
{
  OrrSourceKind kind;
  int
    block;  /* the block owning the port (for clocks, the SampleClock's own index, -1 if removed) */
  int port; /* 0-based activation output port */
  OrrActivationList list;
  /* ORR_SOURCE_CLOCK only. The clock fires at base tick n (time
   * start + n * base_period) when n >= shift and (n - shift) % ratio == 0:
   * integer arithmetic, so clocks that should coincide always do. Clocks
   * of one group firing at one tick are synchronous: their lists are
   * merged into one. ratio 0: fires once, at the start (period -1). */
  double period, offset;
  gint64 ratio, shift;
  int clock_group;
  char *name; /* for messages: "Plant/Impact, activation output 1" */
} OrrSource;

/* Where an input reads from: an output buffer, or the shared zeros. */
typedef struct
{
  int buffer;     /* index in program->buffers, -1: unconnected (reads zeros) */
  int rows, cols; /* the input's resolved size and type, also when unconnected */
  OrrType type;
} OrrInputRef;

typedef struct
{
  int rows, cols;
  OrrType type;
  gsize size;   /* bytes */
  gsize offset; /* into the simulation's buffer memory, aligned to 16 */
} OrrBufferInfo;

typedef struct
{
  const OrrBlockClass *klass;
  char *path;
  OrrBlockKind kind;

  int n_in;
  OrrInputRef *in;
  gboolean *feedthrough; /* per input */
  int n_out;
  int *out; /* buffer index per output */

  int n_evin, n_evout;
  int *evout_source; /* source index per activation output, -1 if it drives nothing */

  gboolean always_active;
  gboolean constant;   /* evaluated once at initialisation */
  gboolean continuous; /* in the continuous-time list */

  int nx, x_offset; /* into the global state vector */
  gboolean implicit;
  double *x0;
  int nz, z_offset; /* into the global discrete state vector */
  double *z0;
  int noz;
  OrrValue **oz0;
  int ng, g_offset;
  int g_direction; /* crossings that matter: +1 rising, -1 falling, 0 both */
  int nmode, mode_offset;
  gboolean analytic_jacobian;

  int n_rpar;
  double *rpar;
  int n_ipar;
  int *ipar;
  int n_opar;
  OrrValue **opar;

  const char *model_block_id; /* the document block it came from */
} OrrProgramBlock;

/* An algebraic loop the model asked to solve (OrrSettings.solve_loops):
 * its blocks run in schedule order with the inputs in tears reading a
 * guess; after the last block's outputs, the simulator (orr-loops.c)
 * solves guess = what the loop computes for it, by Newton's method. */
typedef struct
{
  int n_blocks;
  int *blocks; /* program indices, increasing */
  int n_tears;
  int *tear_buffers;          /* buffers read across the cut (real, double) */
  int n_unknowns;             /* their elements */
  const OrrBlockClass *klass; /* the last block's own class */
  OrrBlockClass *wrapper;     /* the class the program gives it: its outputs, then the solve */
  char *names;                /* every block on the loop, for messages */
} OrrProgramLoop;

struct _OrrProgram
{
  int n_blocks;
  OrrProgramBlock *blocks;

  int n_buffers;
  OrrBufferInfo *buffers;
  gsize buffer_bytes;
  gsize max_input_bytes; /* the largest input, for the shared zero buffer */

  int n_sources;
  OrrSource *sources;

  OrrActivationList init_list;       /* constant and always-active blocks, at initialisation */
  OrrActivationList continuous_list; /* evaluated at every solver call and accepted point */
  OrrActivationList surface_list; /* blocks with zero-crossing surfaces (a subset of continuous) */
  OrrActivationList derivative_list; /* blocks with continuous states */

  double base_period; /* the merged SampleClocks' base clock, 0 if there are none */

  int nx, nz, ng, nmode;
  gboolean needs_dae;
  int jacobian_lower, jacobian_upper; /* half-bandwidths of dx'/dx, for a banded solver
                                       * (always computed by the compiler) */

  OrrSettings settings;

  /* from OrrCompileOptions: what the files blocks write may be
   * (orr_block_open_output_file) */
  gboolean trusted;
  char *model_path; /* absolute, or NULL */

  int n_loops; /* algebraic loops solved at run time (settings.solve_loops) */
  OrrProgramLoop *loops;

  /* private: the compiler makes every block's arrays (in, out, x0, rpar,
   * ...) in this one allocation, since a model has many blocks with a few
   * small arrays each; NULL when each array is its own allocation. */
  gpointer block_arrays;
};

void orr_program_free (OrrProgram *program);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrProgram, orr_program_free)

G_END_DECLS
