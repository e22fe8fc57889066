/* routing-copy.h: moving elements of any type, for the Routing blocks.
 *
 * Routing blocks only move data around, so they take any element type
 * (ORR_TYPE_INHERIT: all their data ports share the type the links bring)
 * and copy bytes. Private to palettes/routing/. */
#pragma once

#include <orrery/orr-block.h>

#include <string.h>

G_BEGIN_DECLS

/* Copies all of input `in` to output `out` (same size and type). */
static inline void
orr_routing_copy_port (OrrSimBlock *block, int out, int in)
{
  const OrrPortBuffer *src = &block->in[in];
  OrrPortBuffer *dst = &block->out[out];

  memcpy (dst->data, src->data, (gsize)src->rows * src->cols * orr_type_element_size (src->type));
}

G_END_DECLS
