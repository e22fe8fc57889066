/* orr-compile.h: from a model to an immutable program (SEMANTICS.md
 * section 8): evaluate, configure, flatten, sizes and types, activations,
 * schedule. Every problem names the block(s) by path. */
#pragma once

#include <orrery/orr-evaluate.h>
#include <orrery/orr-program.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_COMPILE_ERROR (orr_compile_error_quark ())
GQuark orr_compile_error_quark (void);

typedef enum
{
  ORR_COMPILE_ERROR_FAILED, /* the message lists the problems */
} OrrCompileError;

/* Resource limits (docs/reliability.md, "Limits"). A model past one is
 * refused by the compiler with a problem naming the block, before
 * anything of that size is allocated; sizes are computed with overflow
 * checks, so a size that does not even fit in an integer is refused the
 * same way. */
#define ORR_MAX_SIGNAL_ELEMENTS ORR_VALUE_MAX_ELEMENTS /* rows x columns of one signal */
#define ORR_MAX_SIGNAL_BYTES ((guint64)2 << 30)        /* all signals of a program together */
#define ORR_MAX_STATES 1000000                         /* continuous states, all blocks */
#define ORR_MAX_DISCRETE_STATES 10000000               /* discrete states, all blocks */
#define ORR_MAX_BLOCK_JACOBIAN 10000000 /* entries of one block's Jacobian: states squared */
#define ORR_MAX_SURFACES 1000000        /* zero-crossing surfaces (and modes), all blocks */
/* ORR_MAX_BLOCK_PORTS and ORR_MAX_PORTS: orr-model.h */
/* A SampleClock's period must stay above the resolution of the times it
 * fires at (16 ulps of the latest time): a denormal period would never
 * move time forward, and is refused like the simulator's Zeno cases. A
 * long run of many ticks is allowed: it can be stopped. */

/* Native code a block of the model would run (docs/reliability.md, "What
 * a model may touch"): a CCustomBlock's C code, a PyCustomBlock's Python,
 * an FMU's shared library. */
typedef struct
{
  char *block_path; /* "Plant/Motor" */
  char *kind;       /* the block's type: "FMU", "CCustomBlock"... */
  char *what;       /* the FMU's file, or a short description of the code */
  char *sha256;     /* of the FMU file or of the code's text */
} OrrNativeCode;

void orr_native_code_free (OrrNativeCode *code);

typedef struct
{
  /* The user trusts this model's native code (C and Python blocks, FMU
   * binaries) to be built, loaded and run, and its file-writing blocks to
   * write where their parameters say. Opening or compiling a model never
   * runs such code otherwise, and an untrusted run writes only new files
   * in the model's folder or below (orr_block_open_output_file). */
  gboolean trust_native_code;
  /* Block parameters parsed in an earlier compile of the same thread,
   * kept for the next (a study compiles the same model for every run):
   * borrowed, never used by two compiles at once; NULL: each compile
   * parses its own. Parse trees and literal values depend on the text
   * alone, so a cache is right for any model and any overrides. */
  OrrExprCache *expr_cache;
  /* The model's file, or NULL for one never saved: relative paths of the
   * files blocks write start in its folder (else in the working folder),
   * and no block may write it. */
  const char *model_path;
  /* If not NULL, receives an OrrNativeCode* (owned by the array; give it
   * orr_native_code_free) for every block that would run native code,
   * trusted or not: what the app lists when it asks for trust. */
  GPtrArray *native_code;
} OrrCompileOptions;

/* Compiles model with the block classes of registry. overrides: see
 * orr_evaluate_model. On failure returns NULL with an error listing every
 * problem; problems, if not NULL, receives them (OrrProblem*, owned by the
 * array) for a problems view, followed by the warnings (problem->warning:
 * data ports no link reaches), which it also receives when the model
 * compiles. A model whose settings say unconnected_errors has them as
 * errors instead. */
OrrProgram *orr_compile (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                         GPtrArray *problems, GError **error);
/* The same with options; NULL options are the defaults (all FALSE). */
OrrProgram *orr_compile_with_options (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                                      const OrrCompileOptions *options, GPtrArray *problems,
                                      GError **error);

G_END_DECLS
