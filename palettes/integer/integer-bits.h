/* integer-bits.h: reading and writing integer port buffers as 64-bit
 * values, for the Integer palette's bit and arithmetic blocks, which take
 * any integer type from their links. Private to palettes/integer. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* Bits of an integer type; 0 for the others (double, boolean, complex,
 * string), which these blocks refuse. */
static inline int
orr_integer_width (OrrType type)
{
  switch (type)
    {
      case ORR_TYPE_INT8:
      case ORR_TYPE_UINT8:
        return 8;
      case ORR_TYPE_INT16:
      case ORR_TYPE_UINT16:
        return 16;
      case ORR_TYPE_INT32:
      case ORR_TYPE_UINT32:
        return 32;
      default:
        return 0;
    }
}

static inline gboolean
orr_integer_signed (OrrType type)
{
  return type == ORR_TYPE_INT8 || type == ORR_TYPE_INT16 || type == ORR_TYPE_INT32;
}

/* Element i's bits, zero-extended to 64 (so bit operations see exactly
 * the type's bits). */
static inline guint64
orr_integer_get_bits (const OrrPortBuffer *port, int i)
{
  switch (port->type)
    {
      case ORR_TYPE_INT8:
      case ORR_TYPE_UINT8:
        return ((const guint8 *)port->data)[i];
      case ORR_TYPE_INT16:
      case ORR_TYPE_UINT16:
        return ((const guint16 *)port->data)[i];
      default:
        return ((const guint32 *)port->data)[i];
    }
}

/* Element i's value (sign-extended for the signed types). */
static inline gint64
orr_integer_get (const OrrPortBuffer *port, int i)
{
  switch (port->type)
    {
      case ORR_TYPE_INT8:
        return ((const gint8 *)port->data)[i];
      case ORR_TYPE_UINT8:
        return ((const guint8 *)port->data)[i];
      case ORR_TYPE_INT16:
        return ((const gint16 *)port->data)[i];
      case ORR_TYPE_UINT16:
        return ((const guint16 *)port->data)[i];
      case ORR_TYPE_INT32:
        return ((const gint32 *)port->data)[i];
      default:
        return ((const guint32 *)port->data)[i];
    }
}

/* Stores the low bits of v in element i (two's-complement wrap). */
static inline void
orr_integer_put_bits (OrrPortBuffer *port, int i, guint64 v)
{
  switch (port->type)
    {
      case ORR_TYPE_INT8:
      case ORR_TYPE_UINT8:
        ((guint8 *)port->data)[i] = (guint8)v;
        break;
      case ORR_TYPE_INT16:
      case ORR_TYPE_UINT16:
        ((guint16 *)port->data)[i] = (guint16)v;
        break;
      default:
        ((guint32 *)port->data)[i] = (guint32)v;
        break;
    }
}

/* In the init job: every regular input and output of the block has an
 * integer type, or the block reports an error naming what it got and
 * returns FALSE. */
static inline gboolean
orr_integer_check_ports (OrrSimBlock *block)
{
  for (int k = 0; k < block->n_in + block->n_out; k++)
    {
      const OrrPortBuffer *port = k < block->n_in ? &block->in[k] : &block->out[k - block->n_in];

      if (orr_integer_width (port->type) == 0)
        {
          orr_block_error (block,
                           "works on integer signals (int8 ... uint32), not %s: convert with "
                           "DataTypeConversion first",
                           orr_type_name (port->type));
          return FALSE;
        }
    }
  return TRUE;
}

G_END_DECLS
