/* orr-extra-params.h: parameters a block has beyond its class's specs,
 * which depend on the block's other parameters: the FMU block has one per
 * parameter of the FMU its "file" names. The block dialog lists them after
 * the class's own (OrrBlockClass.extra_params says how a class declares
 * them). */
#pragma once

#include <orrery/orr-block.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-model.h>

G_BEGIN_DECLS

typedef struct
{
  char *name;         /* the block parameter's name, as stored in the model */
  char *label;        /* for the dialog */
  char *default_expr; /* what it is when the block does not set it */
  char *help;
} OrrExtraParam;

void orr_extra_param_free (OrrExtraParam *param);

/* The extra parameters of block (NULL: the class's defaults), with the
 * class's own parameters evaluated in scope (NULL: an empty one), as
 * orr_block_class_interface does. An empty array for a class without
 * extra parameters; NULL with an error when a parameter does not evaluate
 * or the class refuses (a missing FMU file). Of OrrExtraParam*, owned. */
GPtrArray *orr_block_class_extra_params (const OrrBlockClass *klass, const OrrBlock *block,
                                         OrrScope *scope, GError **error);

G_END_DECLS
