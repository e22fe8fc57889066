/* data-type-conversion.c: DataTypeConversion, each element of the input
 * (any real type) as another type: double, int8 ... uint32 or boolean.
 * Towards an integer type a value is rounded to the nearest whole number
 * (halves away from zero) and then, out of the type's range, either
 * saturated to its ends or wrapped modulo 2^bits, as fixed-width
 * arithmetic does; NaN becomes 0. Towards boolean any non-zero value is
 * true (1). Every value of the integer types is exact as a double, so the
 * block reads its input as doubles whatever its type. ipar = { output
 * type, 1 saturate / 2 wrap }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const char *const type_choices[]
  = { "double", "int8", "int16", "int32", "uint8", "uint16", "uint32", "boolean", NULL };
static const OrrType types[] = { ORR_TYPE_DOUBLE, ORR_TYPE_INT8,   ORR_TYPE_INT16,  ORR_TYPE_INT32,
                                 ORR_TYPE_UINT8,  ORR_TYPE_UINT16, ORR_TYPE_UINT32, ORR_TYPE_BOOL };
static const char *const overflow_choices[] = { N_ ("Saturate"), N_ ("Wrap"), NULL };

static const OrrParamSpec data_type_conversion_params[] = {
  { "type", N_ ("Output type"), "2",
    N_ ("1 double, 2 int8, 3 int16, 4 int32, 5 uint8, 6 uint16, 7 uint32, 8 boolean."),
    ORR_PARAM_CHOICE, type_choices },
  { "overflow", N_ ("Out of range"), "1",
    N_ ("For the integer types: 1 saturate to the type's smallest or largest value; 2 wrap "
        "around modulo 2^bits."),
    ORR_PARAM_CHOICE, overflow_choices },
};

static gboolean
data_type_conversion_configure (OrrConfig *config, GError **error)
{
  int ipar[2];

  if (!orr_param_get_int_range (config, "type", 1, G_N_ELEMENTS (types), &ipar[0], error)
      || !orr_param_get_int_range (config, "overflow", 1, 2, &ipar[1], error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, types[ipar[0] - 1]);
  orr_config_set_ipar (config, ipar, 2);
  orr_config_set_label (config, type_choices[ipar[0] - 1]);
  return TRUE;
}

/* Element i of a port of any real type, as a double. */
static double
element (const OrrPortBuffer *port, int i)
{
  switch (port->type)
    {
      case ORR_TYPE_INT8:
        return ((const gint8 *)port->data)[i];
      case ORR_TYPE_INT16:
        return ((const gint16 *)port->data)[i];
      case ORR_TYPE_INT32:
        return ((const gint32 *)port->data)[i];
      case ORR_TYPE_UINT8:
      case ORR_TYPE_BOOL:
        return ((const guint8 *)port->data)[i];
      case ORR_TYPE_UINT16:
        return ((const guint16 *)port->data)[i];
      case ORR_TYPE_UINT32:
        return ((const guint32 *)port->data)[i];
      case ORR_TYPE_COMPLEX:
        return ((const double *)port->data)[2 * i];
      default:
        return ((const double *)port->data)[i];
    }
}

/* v as a whole number of the type with bits bits (signed or not). */
static double
to_integer (double v, int bits, gboolean is_signed, gboolean wrap)
{
  double lo = is_signed ? -ldexp (1, bits - 1) : 0;
  double hi = is_signed ? ldexp (1, bits - 1) - 1 : ldexp (1, bits) - 1;
  double span = ldexp (1, bits);

  if (isnan (v))
    return 0;
  v = round (v);
  if (!wrap || isinf (v))
    return CLAMP (v, lo, hi);
  v = fmod (v - lo, span);
  if (v < 0)
    v += span;
  return v + lo;
}

static void
data_type_conversion_simulate (OrrSimBlock *block, OrrJob job)
{
  const OrrPortBuffer *in = &block->in[0];
  OrrPortBuffer *out = &block->out[0];
  gboolean wrap = block->ipar[1] == 2;
  int n = orr_block_out_numel (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < n; i++)
    {
      double v = element (in, i);

      switch (out->type)
        {
          case ORR_TYPE_INT8:
            ((gint8 *)out->data)[i] = (gint8)to_integer (v, 8, TRUE, wrap);
            break;
          case ORR_TYPE_INT16:
            ((gint16 *)out->data)[i] = (gint16)to_integer (v, 16, TRUE, wrap);
            break;
          case ORR_TYPE_INT32:
            ((gint32 *)out->data)[i] = (gint32)to_integer (v, 32, TRUE, wrap);
            break;
          case ORR_TYPE_UINT8:
            ((guint8 *)out->data)[i] = (guint8)to_integer (v, 8, FALSE, wrap);
            break;
          case ORR_TYPE_UINT16:
            ((guint16 *)out->data)[i] = (guint16)to_integer (v, 16, FALSE, wrap);
            break;
          case ORR_TYPE_UINT32:
            ((guint32 *)out->data)[i] = (guint32)to_integer (v, 32, FALSE, wrap);
            break;
          case ORR_TYPE_BOOL:
            ((guint8 *)out->data)[i] = v != 0 && !isnan (v);
            break;
          default:
            ((double *)out->data)[i] = v;
            break;
        }
    }
}

const OrrBlockClass orr_data_type_conversion_class = {
  .name = "DataTypeConversion",
  .palette = N_ ("Math"),
  .label = N_ ("Data type conversion"),
  .description = N_ ("Each element of the input as another type: double, a signed or unsigned "
                     "integer of 8, 16 or 32 bits, or boolean, saturated or wrapped."),
  .icon_text = "→int8",
  .params = data_type_conversion_params,
  .n_params = G_N_ELEMENTS (data_type_conversion_params),
  .configure = data_type_conversion_configure,
  .simulate = data_type_conversion_simulate,
};
