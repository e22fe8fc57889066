/* integer-bits.c: integer elements of any width (see integer-bits.h). */
#include "integer-bits.h"

int
orr_integer_bits (OrrType type)
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

gint64
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
      case ORR_TYPE_UINT32:
        return ((const guint32 *)port->data)[i];
      default:
        return 0;
    }
}

void
orr_integer_set (OrrPortBuffer *port, int i, gint64 v)
{
  /* the casts keep the low bits: two's complement wrapping */
  switch (port->type)
    {
      case ORR_TYPE_INT8:
        ((gint8 *)port->data)[i] = (gint8)(guint8)v;
        break;
      case ORR_TYPE_UINT8:
        ((guint8 *)port->data)[i] = (guint8)v;
        break;
      case ORR_TYPE_INT16:
        ((gint16 *)port->data)[i] = (gint16)(guint16)v;
        break;
      case ORR_TYPE_UINT16:
        ((guint16 *)port->data)[i] = (guint16)v;
        break;
      case ORR_TYPE_INT32:
        ((gint32 *)port->data)[i] = (gint32)(guint32)v;
        break;
      case ORR_TYPE_UINT32:
        ((guint32 *)port->data)[i] = (guint32)v;
        break;
      default:
        break;
    }
}

gboolean
orr_integer_check_ports (OrrSimBlock *block)
{
  for (int k = 0; k < block->n_in; k++)
    if (orr_integer_bits (block->in[k].type) == 0)
      {
        orr_block_error (block,
                         "input %d is %s, not an integer: convert it first "
                         "(DataTypeConversion)",
                         k + 1, orr_type_name (block->in[k].type));
        return FALSE;
      }
  return TRUE;
}
