/* orr-interface.h: what a block class shows from outside for given
 * parameters: its ports and their sizes, activation ports, states. The
 * editor calls it when a parameter changes (ports follow), the block
 * documentation is generated from it, and it is the same configure() the
 * compiler runs. */
#pragma once

#include <orrery/orr-block.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-model.h>

G_BEGIN_DECLS

typedef struct
{
  int rows, cols;       /* negative: inherited from the link */
  OrrType type;         /* ORR_TYPE_INHERIT: inherited */
  gboolean feedthrough; /* inputs only */
  char *label;          /* the name configure gave the port, or NULL */
} OrrPortShape;

typedef struct
{
  OrrBlockKind kind;
  int n_in, n_out, n_evin, n_evout;
  OrrPortShape *in, *out;
  gboolean always_active;
  int nx, nz, ng, nmode; /* ng, nmode negative: one per element of input 1 */
  char *label;           /* what configure asked the canvas to show, or NULL */
} OrrBlockInterface;

/* Configures klass with the parameters of block (NULL: the class's
 * defaults), each evaluated in scope (NULL: an empty one); parameters the
 * block does not set take their default. */
OrrBlockInterface *orr_block_class_interface (const OrrBlockClass *klass, const OrrBlock *block,
                                              OrrScope *scope, GError **error);
void orr_block_interface_free (OrrBlockInterface *interface);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrBlockInterface, orr_block_interface_free)

G_END_DECLS
