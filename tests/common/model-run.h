/* model-run.h: building, compiling and running whole models in the test
 * programs that check blocks and rules over time.
 *
 * A model is built with the model API through short helpers, compiled
 * with the standard palettes (plus the program's own test classes, and
 * compile options, from an optional RunSetup) and simulated with every
 * sample the sinks record kept per block path, with the run's statistics
 * and error. Programs that use the block harness (block-test.h) cannot
 * use this: the harness diverts the blocks' calls into the simulator with
 * the linker for the whole program. */
#pragma once

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

G_BEGIN_DECLS

/* What a program adds to the standard palettes. NULL stands for nothing. */
typedef struct
{
  const OrrBlockClass *const *classes; /* NULL-terminated, or NULL */
  OrrCompileOptions options;
} RunSetup;

/* Every sample one block recorded. */
typedef struct
{
  int n;          /* values per sample */
  GArray *t;      /* of double */
  GArray *values; /* of double, n per sample */
} Recording;

typedef struct
{
  OrrProgram *program;
  GHashTable *recordings; /* block path -> Recording* */
  OrrSimStats stats;
  GError *error; /* why the run failed, or NULL */
  gboolean ok;
} Run;

/* Time and value j of sample i of a Recording. */
#define T(r, i) g_array_index ((r)->t, double, (i))
#define V(r, i, j) g_array_index ((r)->values, double, (i) * (r)->n + (j))

/* ---- building ---------------------------------------------------------- */

/* A block of type labelled label at the root, with port counts (in, out,
 * event-in, event-out) and parameters as name, expression pairs, ending
 * with NULL. */
OrrBlock *add_block (OrrModel *model, const char *type, const char *label, int in, int out, int ein,
                     int eout, ...) G_GNUC_NULL_TERMINATED;
/* The same in diagram (NULL: the root); a NULL type adds a super block. */
OrrBlock *add_block_in (OrrModel *model, OrrDiagram *diagram, const char *type, const char *label,
                        int in, int out, int ein, int eout, ...) G_GNUC_NULL_TERMINATED;

/* A link, which must be accepted, from port ap of kind ak of a to port bp
 * of kind bk of b, in a's diagram. Ports count from 1. */
void link_ports (OrrModel *model, OrrBlock *a, OrrPortKind ak, guint ap, OrrBlock *b,
                 OrrPortKind bk, guint bp);
/* Regular output out of a to regular input in of b. */
void link_data (OrrModel *model, OrrBlock *a, guint out, OrrBlock *b, guint in);
/* Activation output out of a to activation input in of b. */
void link_event (OrrModel *model, OrrBlock *a, guint out, OrrBlock *b, guint in);

void set_final_time (OrrModel *model, double final_time);
void set_tolerances (OrrModel *model, double rtol, double atol);
/* An empty model over [0, final_time] with rtol 1e-10 and atol 1e-12, so
 * that an error of 1e-6 measures the blocks, not the solver; max_step 0
 * keeps the automatic one (a hundredth of the run). */
OrrModel *new_precise_model (double final_time, double max_step);

/* ---- compiling and running ----------------------------------------------- */

/* The standard palettes and setup's classes. */
OrrRegistry *run_registry_new (const RunSetup *setup);
/* NULL, with error set, if model does not compile. */
OrrProgram *compile_model (OrrModel *model, const RunSetup *setup, GError **error);

/* Compiles model, which must succeed, and runs it; the run may fail (ok
 * FALSE, error set). */
Run *run_model (OrrModel *model, const RunSetup *setup);
/* The same, and the run must succeed. */
Run *run_model_ok (OrrModel *model, const RunSetup *setup);
void run_free (Run *run);

/* What the block at path recorded; a test failure if it recorded nothing. */
Recording *recording (Run *run, const char *path);
/* How many samples the block at path recorded, 0 for none. */
guint n_samples (Run *run, const char *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

G_END_DECLS
