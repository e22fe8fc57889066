/* complex-parts.h: what the four blocks between complex and real signals
 * share (RealImagToComplex, ComplexToRealImag, MagAngleToComplex,
 * ComplexToMagAngle): element by element, a complex signal is pairs of
 * doubles (re, im) in its port buffer, as ORR_TYPE_COMPLEX values are.
 * Private to the Math palette. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* Two real inputs or outputs of one inherited size, and one complex port
 * of that size, on the other side. */
void orr_complex_parts_configure (OrrConfig *config, gboolean to_complex, const char *first,
                                  const char *second);

G_END_DECLS
