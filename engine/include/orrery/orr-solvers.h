/* orr-solvers.h: the numerical solvers a simulation can use, by the names
 * the settings' `solver` string and `orrery-sim --solver` accept.
 *
 * "auto" picks CVODE BDF for an ODE and IDA when the model has implicit
 * blocks. Every other name is used as given: a model with implicit blocks
 * and a solver that cannot integrate a DAE is refused with a message that
 * names the implicit blocks.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *name;        /* "cvode-bdf": what settings and the command line use */
  const char *label;       /* "CVODE BDF (Newton)": for menus */
  const char *description; /* one line: the method, and when to choose it */
  gboolean fixed_step;     /* the step is max_step, the model's base clock (SEMANTICS 6) */
  gboolean implicit;       /* an implicit method: suited to stiff models */
  gboolean dae;            /* can integrate models with implicit blocks */
} OrrSolverInfo;

/* Every solver, "auto" first, then variable-step, then fixed-step ones.
 * The array is static; *n gets its length. */
/**
 * orr_solver_list:
 * @n: (out): the number of solvers
 *
 * Returns: (transfer none) (array length=n): every solver, static
 */
const OrrSolverInfo *orr_solver_list (guint *n);
/* NULL for an unknown name. */
/**
 * orr_solver_lookup:
 * @name: a solver's name ("cvode-bdf")
 *
 * Returns: (transfer none) (nullable): the solver, or %NULL for an unknown name
 */
const OrrSolverInfo *orr_solver_lookup (const char *name);
/* "auto, cvode-bdf, ...": the names, for error messages. Free with g_free(). */
char *orr_solver_names (void);

G_END_DECLS
