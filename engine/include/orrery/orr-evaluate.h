/* orr-evaluate.h: the first step of compilation. Runs the model context,
 * the super blocks' contexts and every block parameter in nested scopes
 * (SEMANTICS.md section 8) and collects every problem it meets, each named
 * by the block's path, so that a user sees all of them at once.
 *
 * Scopes: the model context runs in the root scope. An unmasked super
 * block's context runs in a child scope that sees its parent's names; its
 * assignments stay inside. A masked super block opens a fresh scope that
 * holds only its mask parameters (their expressions evaluated in the
 * parent's scope) and then its own context. Every block parameter is an
 * expression evaluated in the scope of the diagram holding the block;
 * text parameters are written as quoted strings ('out.csv').
 */
#pragma once

#include <orrery/orr-expr.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_EVALUATE_ERROR (orr_evaluate_error_quark ())
GQuark orr_evaluate_error_quark (void);

typedef enum
{
  ORR_EVALUATE_ERROR_FAILED,
} OrrEvaluateError;

/* One thing wrong with the model, where it is, and what it is. */
typedef struct
{
  char *block_id;   /* the block to show first; NULL for the model context */
  char **block_ids; /* every block involved (an algebraic loop, both ends of a link) */
  char *where;      /* "model context", "Plant (context)", "Plant/Gain1, parameter 'gain'" */
  char *message;    /* from the parameter language: position, source line and caret */
  gboolean warning; /* the model still compiles (an unconnected port) */
} OrrProblem;

typedef struct _OrrEvaluation OrrEvaluation;

/* block_ids: NULL-terminated, copied; its first is block_id. */
OrrProblem *orr_problem_new (const char *const *block_ids, char *where, char *message);
OrrProblem *orr_problem_copy (const OrrProblem *problem);
void orr_problem_free (OrrProblem *problem);

/* overrides: NULL, or a scope whose local names are pinned in the root
 * scope before the model context runs, so they win over its assignments. */
OrrEvaluation *orr_evaluate_model (OrrModel *model, OrrScope *overrides);
/* The same, knowing the block classes: text parameters (ORR_PARAM_TEXT)
 * are then taken as typed instead of evaluated. */
OrrEvaluation *orr_evaluate_model_with_registry (OrrModel *model, OrrScope *overrides,
                                                 OrrRegistry *registry);
void orr_evaluation_free (OrrEvaluation *evaluation);

guint orr_evaluation_get_n_problems (OrrEvaluation *evaluation);
const OrrProblem *orr_evaluation_get_problem (OrrEvaluation *evaluation, guint index);
/* FALSE, with an error listing the problems, if there are any. */
gboolean orr_evaluation_check (OrrEvaluation *evaluation, GError **error);

/* The scope blocks of this diagram see; NULL if it was not reached. */
OrrScope *orr_evaluation_get_scope (OrrEvaluation *evaluation, OrrDiagram *diagram);
/* A block parameter's value (a masked super block's: its mask parameter),
 * borrowed; NULL if it failed or does not exist. */
OrrValue *orr_evaluation_get_param (OrrEvaluation *evaluation, OrrBlock *block, const char *name);
guint orr_evaluation_get_n_params (OrrEvaluation *evaluation);

/* Names an auto-mask would offer: free variables used by the parameters of
 * the blocks inside super (recursively, stopping at masked super blocks
 * whose mask params are evaluated in super's scope, i.e. their mask
 * params' expressions count) that no context inside super defines on
 * every path; sorted; excluding builtins/constants (pi, e, true...) and
 * text parameters (ORR_PARAM_TEXT of registry classes, registry may be
 * NULL). NULL-terminated, free with g_strfreev(). */
char **orr_mask_propose_params (OrrModel *model, OrrBlock *super, OrrRegistry *registry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrEvaluation, orr_evaluation_free)

G_END_DECLS
