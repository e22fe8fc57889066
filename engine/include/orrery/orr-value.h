/* orr-value.h - typed matrices, the values of Orrery's parameter language
 *
 * A value is a two-dimensional matrix of one element type, stored column
 * by column, or a single string.  Values are reference counted (atomically)
 * and must be treated as immutable once a second reference exists, so a value
 * can be shared freely between scopes, blocks and threads.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_TYPE_DOUBLE,
  ORR_TYPE_COMPLEX,
  ORR_TYPE_INT8,
  ORR_TYPE_INT16,
  ORR_TYPE_INT32,
  ORR_TYPE_UINT8,
  ORR_TYPE_UINT16,
  ORR_TYPE_UINT32,
  ORR_TYPE_BOOL,
  ORR_TYPE_STRING
} OrrType;

/* The largest number of elements a matrix may have; bigger requests fail
 * (orr_value_new_matrix() returns NULL, evaluation reports
 * ORR_EXPR_ERROR_LIMIT) instead of exhausting memory: 10^7 doubles are
 * 80 MB, and an expression may hold a few such values at once. */
#define ORR_VALUE_MAX_ELEMENTS ((gsize)10000000)

typedef struct _OrrValue OrrValue;

/* Constructors.  orr_value_new_matrix() zero-fills and returns NULL when
 * rows * cols exceeds ORR_VALUE_MAX_ELEMENTS or @type is ORR_TYPE_STRING.
 * A string is a single (1x1) value holding UTF-8 text. */
OrrValue *orr_value_new_matrix (OrrType type, gsize rows, gsize cols);
OrrValue *orr_value_new_double (double v);
OrrValue *orr_value_new_complex (double re, double im);
OrrValue *orr_value_new_bool (gboolean b);
OrrValue *orr_value_new_string (const char *utf8);
OrrValue *orr_value_new_from_doubles (gsize rows, gsize cols, const double *column_major);

OrrValue *orr_value_ref (OrrValue *v);
void orr_value_unref (OrrValue *v);

OrrType orr_value_get_type_id (const OrrValue *v);
const char *orr_type_name (OrrType t);
/* Bytes of one element of type t as stored in values and port buffers:
 * 16 for complex (re, im), 8 for double, 4, 2 or 1 for the integers and
 * 1 for bool; 0 for strings and anything that is not a value type
 * (ORR_TYPE_INHERIT), which have no element size. */
gsize orr_type_element_size (OrrType t);
gsize orr_value_rows (const OrrValue *v);
gsize orr_value_cols (const OrrValue *v);
gsize orr_value_numel (const OrrValue *v);
gboolean orr_value_is_scalar (const OrrValue *v);
gboolean orr_value_is_empty (const OrrValue *v);

/* Raw element storage: double *, double[2] (re, im) pairs for complex,
 * gint8 * ... guint32 *, guint8 * (0 or 1) for bool, the NUL-terminated
 * text for strings.  NULL for a matrix without elements.  Only write through
 * it while you hold the only reference. */
gpointer orr_value_data (OrrValue *v);

/* Element @i (column-major) as a double: real part for complex, 0/1 for
 * bool, NaN for strings or an out-of-range @i. */
double orr_value_get_real (const OrrValue *v, gsize i);
double orr_value_get_imag (const OrrValue *v, gsize i);
const char *orr_value_get_string (const OrrValue *v);

/* Copies the elements as doubles.  FALSE (and @out untouched) for strings,
 * when numel differs from @n, or for complex values with a non-zero
 * imaginary part (dropping it silently would hide a modelling error). */
gboolean orr_value_to_doubles (const OrrValue *v, double *out, gsize n);

/* A new value of @type with the same shape: MATLAB conversion rules
 * (integers round to nearest and saturate, NaN becomes 0; non-zero becomes
 * true).  NULL when the conversion is impossible (strings, complex to
 * integer, NaN to bool). */
OrrValue *orr_value_convert (const OrrValue *v, OrrType type);

/* Source text that orr_expr_evaluate() turns back into an equal value:
 * "3", "[1 2; 3 4]", "int8([1 2])", "'abc'", "[]", "1+2i", "zeros(0,3)". */
char *orr_value_to_display (const OrrValue *v);

/* Same type, same size, same elements; NaN equals NaN here so that a value
 * always equals its own display round trip. */
gboolean orr_value_equal (const OrrValue *a, const OrrValue *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrValue, orr_value_unref)

G_END_DECLS
