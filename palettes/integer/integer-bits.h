/* integer-bits.h: what the Integer palette's blocks share: their signals
 * are integers of any width (int8 ... uint32, all ports of one type,
 * inherited from the links), read and written here through 64-bit
 * integers; a result is brought back into the type by keeping its low
 * bits (wrapping, as fixed-width arithmetic does). A double input is
 * refused at initialisation: convert it first (DataTypeConversion).
 * Private to the Integer palette. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The width in bits of an integer type, 0 for others. */
int orr_integer_bits (OrrType type);
gint64 orr_integer_get (const OrrPortBuffer *port, int i);
/* Stores v wrapped into the port's type. */
void orr_integer_set (OrrPortBuffer *port, int i, gint64 v);
/* ORR_JOB_INIT: FALSE, after reporting, unless every port is an integer
 * type. */
gboolean orr_integer_check_ports (OrrSimBlock *block);

G_END_DECLS
