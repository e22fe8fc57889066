/* routing-copy.h: moving elements of any type, for the Routing blocks.
 *
 * Routing blocks only move data around, so they take any element type
 * (ORR_TYPE_INHERIT: all their data ports share the type the links bring)
 * and copy bytes. Private to palettes/routing/. */
#pragma once

#include <orrery/orr-block.h>

#include <string.h>

G_BEGIN_DECLS

/* Bytes per element of a port buffer of this type. */
static inline gsize
orr_routing_element_size (OrrType type)
{
  switch (type)
    {
      case ORR_TYPE_COMPLEX:
        return 2 * sizeof (double);
      case ORR_TYPE_INT8:
      case ORR_TYPE_UINT8:
      case ORR_TYPE_BOOL:
        return 1;
      case ORR_TYPE_INT16:
      case ORR_TYPE_UINT16:
        return 2;
      case ORR_TYPE_INT32:
      case ORR_TYPE_UINT32:
        return 4;
      case ORR_TYPE_DOUBLE:
      case ORR_TYPE_STRING:
      default:
        return sizeof (double);
    }
}

/* Copies all of input `in` to output `out` (same size and type). */
static inline void
orr_routing_copy_port (OrrSimBlock *block, int out, int in)
{
  const OrrPortBuffer *src = &block->in[in];
  OrrPortBuffer *dst = &block->out[out];

  memcpy (dst->data, src->data,
          (gsize)src->rows * src->cols * orr_routing_element_size (src->type));
}

G_END_DECLS
