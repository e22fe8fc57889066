/* data-type-conversion.c: DataTypeConversion, its input converted element
 * by element to another type: double, int8 ... uint32 or boolean.
 *
 * The input takes whatever type its link brings (any real type; complex
 * is refused at initialisation, with the way out in the message). To an
 * integer type a value is first rounded, as the parameter says (towards
 * zero, like C; to the nearest, halves away from zero; or down), then
 * brought into range: saturated to the type's limits, or wrapped modulo
 * 2^bits as two's-complement hardware does. NaN becomes 0. To boolean,
 * any non-zero value is 1 (NaN too: it is not zero). To double every
 * integer converts exactly. */
#include "integer-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  ROUND_ZERO = 1,
  ROUND_NEAREST = 2,
  ROUND_FLOOR = 3,
};

enum
{
  OVERFLOW_SATURATE = 1,
  OVERFLOW_WRAP = 2,
};

/* The output types, in the order of the "type" choice. */
static const OrrType output_types[] = {
  ORR_TYPE_DOUBLE, ORR_TYPE_INT8,   ORR_TYPE_INT16,  ORR_TYPE_INT32,
  ORR_TYPE_UINT8,  ORR_TYPE_UINT16, ORR_TYPE_UINT32, ORR_TYPE_BOOL,
};

static const char *const type_choices[] = {
  N_ ("double"), N_ ("int8"),   N_ ("int16"),   N_ ("int32"), N_ ("uint8"),
  N_ ("uint16"), N_ ("uint32"), N_ ("boolean"), NULL,
};
static const char *const rounding_choices[]
  = { N_ ("Towards zero"), N_ ("Nearest"), N_ ("Down"), NULL };
static const char *const overflow_choices[] = { N_ ("Saturate"), N_ ("Wrap"), NULL };

static const OrrParamSpec conversion_params[] = {
  { "type", N_ ("Output type"), "2",
    N_ ("The output's type: 1 double, 2 int8, 3 int16, 4 int32, 5 uint8, 6 uint16, 7 uint32, "
        "8 boolean."),
    ORR_PARAM_CHOICE, type_choices },
  { "rounding", N_ ("Rounding"), "1",
    N_ ("How a value with a fraction becomes an integer: 1 towards zero (as C does), 2 to the "
        "nearest (halves away from zero), 3 down."),
    ORR_PARAM_CHOICE, rounding_choices },
  { "overflow", N_ ("On overflow"), "1",
    N_ ("A value out of the integer type's range: 1 saturates to the nearest limit, 2 wraps "
        "around (modulo 2^bits, as hardware does)."),
    ORR_PARAM_CHOICE, overflow_choices },
};

static gboolean
conversion_configure (OrrConfig *config, GError **error)
{
  int type, rounding, overflow;
  int ipar[3];

  if (!orr_param_get_int_range (config, "type", 1, G_N_ELEMENTS (output_types), &type, error)
      || !orr_param_get_int_range (config, "rounding", ROUND_ZERO, ROUND_FLOOR, &rounding, error)
      || !orr_param_get_int_range (config, "overflow", OVERFLOW_SATURATE, OVERFLOW_WRAP, &overflow,
                                   error))
    return FALSE;

  ipar[0] = type;
  ipar[1] = rounding;
  ipar[2] = overflow;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, output_types[type - 1]);
  orr_config_set_ipar (config, ipar, 3);
  orr_config_set_label (config, type_choices[type - 1]);
  return TRUE;
}

/* Element i of a real buffer of any type, as a double (exact for every
 * integer type). */
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
        return ((const guint8 *)port->data)[i];
      case ORR_TYPE_UINT16:
        return ((const guint16 *)port->data)[i];
      case ORR_TYPE_UINT32:
        return ((const guint32 *)port->data)[i];
      case ORR_TYPE_BOOL:
        return ((const guint8 *)port->data)[i] != 0;
      case ORR_TYPE_DOUBLE:
      default:
        return ((const double *)port->data)[i];
    }
}

static double
round_value (double v, int rounding)
{
  switch (rounding)
    {
      case ROUND_NEAREST:
        return round (v);
      case ROUND_FLOOR:
        return floor (v);
      case ROUND_ZERO:
      default:
        return trunc (v);
    }
}

/* v (whole, or infinite) brought into [low, high], a range of 2^bits
 * integers: clamped, or reduced modulo 2^bits. fmod is exact on doubles,
 * and so is adding or taking 2^bits from a result below it. */
static double
into_range (double v, double low, double high, int overflow)
{
  double span = high - low + 1, w;

  if (overflow == OVERFLOW_SATURATE)
    return v < low ? low : v > high ? high : v;
  if (!isfinite (v))
    return 0;
  w = fmod (v, span);
  if (w < 0)
    w += span;
  return w > high ? w - span : w;
}

static void
convert (OrrSimBlock *block)
{
  const OrrPortBuffer *in = &block->in[0];
  OrrPortBuffer *out = &block->out[0];
  int n = orr_block_out_numel (block, 0);
  int rounding = block->ipar[1], overflow = block->ipar[2];

  for (int i = 0; i < n; i++)
    {
      double v = element (in, i);

      if (out->type == ORR_TYPE_DOUBLE)
        {
          ((double *)out->data)[i] = v;
          continue;
        }
      if (out->type == ORR_TYPE_BOOL)
        {
          ((guint8 *)out->data)[i] = v != 0;
          continue;
        }
      v = isnan (v) ? 0 : round_value (v, rounding);
      switch (out->type)
        {
          case ORR_TYPE_INT8:
            ((gint8 *)out->data)[i] = (gint8)into_range (v, G_MININT8, G_MAXINT8, overflow);
            break;
          case ORR_TYPE_INT16:
            ((gint16 *)out->data)[i] = (gint16)into_range (v, G_MININT16, G_MAXINT16, overflow);
            break;
          case ORR_TYPE_INT32:
            ((gint32 *)out->data)[i] = (gint32)into_range (v, G_MININT32, G_MAXINT32, overflow);
            break;
          case ORR_TYPE_UINT8:
            ((guint8 *)out->data)[i] = (guint8)into_range (v, 0, G_MAXUINT8, overflow);
            break;
          case ORR_TYPE_UINT16:
            ((guint16 *)out->data)[i] = (guint16)into_range (v, 0, G_MAXUINT16, overflow);
            break;
          case ORR_TYPE_UINT32:
            ((guint32 *)out->data)[i] = (guint32)into_range (v, 0, G_MAXUINT32, overflow);
            break;
          default:
            break;
        }
    }
}

static void
conversion_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        if (block->in[0].type == ORR_TYPE_COMPLEX || block->in[0].type == ORR_TYPE_STRING)
          orr_block_error (block,
                           "converts real values only, not %s (take the real part, the "
                           "imaginary part or the modulus first)",
                           orr_type_name (block->in[0].type));
        break;

      case ORR_JOB_OUTPUTS:
        if (block->in[0].type != ORR_TYPE_COMPLEX && block->in[0].type != ORR_TYPE_STRING)
          convert (block);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_data_type_conversion_class = {
  .name = "DataTypeConversion",
  .palette = N_ ("Integer"),
  .label = N_ ("Convert type"),
  .description = N_ ("Its input converted to double, a signed or unsigned integer type or "
                     "boolean, rounded and saturated or wrapped."),
  .icon_text = "cvt",
  .params = conversion_params,
  .n_params = G_N_ELEMENTS (conversion_params),
  .configure = conversion_configure,
  .simulate = conversion_simulate,
};
