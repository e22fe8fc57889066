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

typedef struct
{
  /* The user trusts this model's own C code (CCustomBlock) to be compiled
   * and loaded. Opening or compiling a model never does that otherwise. */
  gboolean trust_native_code;
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
OrrProgram *orr_compile_with_options (OrrModel *model, OrrRegistry *registry,
                                      OrrScope *overrides, const OrrCompileOptions *options,
                                      GPtrArray *problems, GError **error);

G_END_DECLS
