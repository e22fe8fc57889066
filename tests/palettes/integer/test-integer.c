/* test-integer.c: the Integer palette's blocks one at a time, outside a
 * simulation: what configure declares, the errors it gives, and
 * conversions against values worked out by hand. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <math.h>
#include <string.h>

static const OrrBlockClass *const palette[] = {
  &orr_data_type_conversion_class, &orr_bit_set_class,   &orr_bit_clear_class,
  &orr_extract_bits_class,         &orr_bit_shift_class, &orr_bitwise_logic_class,
  &orr_integer_product_class,
};

static void
test_palette (void)
{
  assert_palette ("integer", "Integer", palette, G_N_ELEMENTS (palette),
                  orr_palette_integer_register);
}

/* A conversion harness for n scalar... elements of a 1 x n input of
 * in_type (double unless said), configured with type, rounding and
 * overflow. */
static OrrHarness *
conversion (const char *type, const char *rounding, const char *overflow, int n)
{
  OrrConfig *config = CONFIGURE (&orr_data_type_conversion_class, "type", type, "rounding",
                                 rounding, "overflow", overflow, NULL);
  return harness (&orr_data_type_conversion_class, config, 1, n);
}

/* Converts the doubles in[] and checks the outputs read back as doubles
 * (through the output's own type) equal want[]. */
static void
check (const char *type, const char *rounding, const char *overflow, const double *in,
       const double *want, int n)
{
  g_autoptr (OrrHarness) h = conversion (type, rounding, overflow, n);
  const OrrPortBuffer *out = &h->block.out[0];

  orr_harness_set_input (h, 0, in);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  for (int i = 0; i < n; i++)
    {
      double got;

      switch (out->type)
        {
          case ORR_TYPE_INT8:
            got = ((gint8 *)out->data)[i];
            break;
          case ORR_TYPE_INT16:
            got = ((gint16 *)out->data)[i];
            break;
          case ORR_TYPE_INT32:
            got = ((gint32 *)out->data)[i];
            break;
          case ORR_TYPE_UINT8:
            got = ((guint8 *)out->data)[i];
            break;
          case ORR_TYPE_UINT16:
            got = ((guint16 *)out->data)[i];
            break;
          case ORR_TYPE_UINT32:
            got = ((guint32 *)out->data)[i];
            break;
          case ORR_TYPE_BOOL:
            got = ((guint8 *)out->data)[i];
            break;
          default:
            got = ((double *)out->data)[i];
            break;
        }
      if (got != want[i])
        g_error ("type %s rounding %s overflow %s: %.17g gave %.17g, not %.17g", type, rounding,
                 overflow, in[i], got, want[i]);
    }
}

static void
test_configure (void)
{
  const OrrType types[] = { ORR_TYPE_DOUBLE, ORR_TYPE_INT8,   ORR_TYPE_INT16,  ORR_TYPE_INT32,
                            ORR_TYPE_UINT8,  ORR_TYPE_UINT16, ORR_TYPE_UINT32, ORR_TYPE_BOOL };

  for (int t = 1; t <= 8; t++)
    {
      g_autofree char *type = g_strdup_printf ("%d", t);
      g_autoptr (OrrConfig) config
        = CONFIGURE (&orr_data_type_conversion_class, "type", type, NULL);

      assert_ports (config, 1, 1, 0, 0);
      assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
      g_assert_true (input_spec (config, 0)->feedthrough);
      assert_port (output_spec (config, 0), -1, -2, types[t - 1]);
    }
  EXPECT_PARAM_ERROR (&orr_data_type_conversion_class, "type", "type", "0", NULL);
  EXPECT_PARAM_ERROR (&orr_data_type_conversion_class, "type", "type", "9", NULL);
  EXPECT_PARAM_ERROR (&orr_data_type_conversion_class, "rounding", "rounding", "4", NULL);
  EXPECT_PARAM_ERROR (&orr_data_type_conversion_class, "overflow", "overflow", "1.5", NULL);
}

/* From doubles, by hand: int8 holds -128 ... 127, uint8 0 ... 255. */
static void
test_from_double (void)
{
  const double in[] = { 300.7, -129.5, 2.5, -2.5, 127.9, NAN, INFINITY, -INFINITY };
  /* towards zero: 300, -129, 2, -2, 127, (0), +inf, -inf */
  const double int8_sat[] = { 127, -128, 2, -2, 127, 0, 127, -128 };
  const double int8_wrap[] = { 300 - 256, -129 + 256, 2, -2, 127, 0, 0, 0 };
  /* nearest (halves away from zero): 301, -130, 3, -3, 128 */
  const double int8_nearest_wrap[] = { 301 - 256, -130 + 256, 3, -3, 128 - 256, 0, 0, 0 };
  /* down: 300, -130, 2, -3, 127 */
  const double int8_floor_sat[] = { 127, -128, 2, -3, 127, 0, 127, -128 };
  const double uint8_sat[] = { 255, 0, 2, 0, 127, 0, 255, 0 };
  const double uint8_wrap[] = { 300 - 256, 256 - 129, 2, 256 - 2, 127, 0, 0, 0 };
  const double boolean[] = { 1, 1, 1, 1, 1, 1, 1, 1 };
  const double big[] = { 4294967296.0 + 5, -1, 2147483648.0, -2147483649.0, 65536 + 7, 1e300 };
  const double uint32_wrap[] = { 5, 4294967295.0, 2147483648.0, 2147483647.0, 65543, 0 };
  const double int32_sat[] = { 2147483647.0, -1, 2147483647.0, -2147483648.0, 65543, 2147483647.0 };
  const double int32_wrap[] = { 5, -1, -2147483648.0, 2147483647.0, 65543, 0 };
  const double int16_wrap[] = { 5, -1, 0, -1, 7, 0 };
  const double uint16_sat[] = { 65535, 0, 65535, 0, 65535, 65535 };
  const double zeros[] = { 0, -0.0, 0.4, -0.4 };
  const double zeros_bool[] = { 0, 0, 1, 1 };
  const double zeros_int[] = { 0, 0, 0, 0 };

  check ("2", "1", "1", in, int8_sat, 8);
  check ("2", "1", "2", in, int8_wrap, 8);
  check ("2", "2", "2", in, int8_nearest_wrap, 8);
  check ("2", "3", "1", in, int8_floor_sat, 8);
  check ("5", "1", "1", in, uint8_sat, 8);
  check ("5", "1", "2", in, uint8_wrap, 8);
  check ("8", "1", "1", in, boolean, 8);
  check ("7", "1", "2", big, uint32_wrap, 6);
  check ("4", "1", "1", big, int32_sat, 6);
  check ("4", "1", "2", big, int32_wrap, 6);
  check ("3", "1", "2", big, int16_wrap, 6);
  check ("6", "1", "1", big, uint16_sat, 6);
  check ("8", "1", "1", zeros, zeros_bool, 4);
  check ("2", "1", "1", zeros, zeros_int, 4);
  check ("1", "1", "1", in, in, 5); /* double to double: unchanged */
}

/* From integer inputs (the link's type), to double exactly and between
 * integer types. */
static void
test_from_integers (void)
{
  g_autoptr (OrrHarness) h = conversion ("1", "1", "1", 3);
  g_autoptr (OrrHarness) w = conversion ("2", "1", "2", 3);
  g_autoptr (OrrHarness) c = conversion ("1", "1", "1", 1);
  const gint32 values[] = { G_MININT32, -7, G_MAXINT32 };
  const guint32 unsigned_values[] = { 200, 255, 4294967295u };
  const double *y;

  h->block.in[0].type = ORR_TYPE_INT32;
  memcpy (h->block.in[0].data, values, sizeof values);
  orr_harness_run (h, ORR_JOB_INIT);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  y = orr_harness_output (h, 0);
  g_assert_cmpfloat (y[0], ==, -2147483648.0);
  g_assert_cmpfloat (y[1], ==, -7);
  g_assert_cmpfloat (y[2], ==, 2147483647.0);

  /* uint32 to int8, wrapping: 200 - 256, 255 - 256, 2^32 - 1 = -1 mod 256 */
  w->block.in[0].type = ORR_TYPE_UINT32;
  memcpy (w->block.in[0].data, unsigned_values, sizeof unsigned_values);
  orr_harness_run (w, ORR_JOB_OUTPUTS);
  g_assert_cmpint (((gint8 *)w->block.out[0].data)[0], ==, -56);
  g_assert_cmpint (((gint8 *)w->block.out[0].data)[1], ==, -1);
  g_assert_cmpint (((gint8 *)w->block.out[0].data)[2], ==, -1);

  /* complex is refused at init, naming what to do */
  c->block.in[0].type = ORR_TYPE_COMPLEX;
  orr_harness_run (c, ORR_JOB_INIT);
  g_assert_nonnull (c->error);
  g_assert_nonnull (strstr (c->error, "real part"));
}

/* ---- bit blocks ------------------------------------------------------------------ */

/* A harness for config with n-element ports, every port of type (as the
 * links would give), the inputs filled from values (n per input, as
 * 64-bit numbers stored in the type). */
static OrrHarness *
typed (const OrrBlockClass *klass, OrrConfig *config, OrrType type, const gint64 *values, int n)
{
  OrrHarness *h = harness (klass, config, 1, n);

  for (int k = 0; k < h->block.n_in; k++)
    {
      h->block.in[k].type = type;
      for (int i = 0; i < n; i++)
        switch (type)
          {
            case ORR_TYPE_INT8:
              ((gint8 *)h->block.in[k].data)[i] = values[k * n + i];
              break;
            case ORR_TYPE_UINT8:
              ((guint8 *)h->block.in[k].data)[i] = values[k * n + i];
              break;
            case ORR_TYPE_INT16:
              ((gint16 *)h->block.in[k].data)[i] = values[k * n + i];
              break;
            case ORR_TYPE_UINT16:
              ((guint16 *)h->block.in[k].data)[i] = values[k * n + i];
              break;
            case ORR_TYPE_INT32:
              ((gint32 *)h->block.in[k].data)[i] = values[k * n + i];
              break;
            default:
              ((guint32 *)h->block.in[k].data)[i] = values[k * n + i];
              break;
          }
    }
  h->block.out[0].type = type;
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  return h;
}

static gint64
out (OrrHarness *h, int i)
{
  const OrrPortBuffer *port = &h->block.out[0];

  switch (port->type)
    {
      case ORR_TYPE_INT8:
        return ((gint8 *)port->data)[i];
      case ORR_TYPE_UINT8:
        return ((guint8 *)port->data)[i];
      case ORR_TYPE_INT16:
        return ((gint16 *)port->data)[i];
      case ORR_TYPE_UINT16:
        return ((guint16 *)port->data)[i];
      case ORR_TYPE_INT32:
        return ((gint32 *)port->data)[i];
      default:
        return ((guint32 *)port->data)[i];
    }
}

static void
test_bit_set_clear (void)
{
  const gint64 in[] = { 0, 0x0F, -1, 0x70 };
  g_autoptr (OrrHarness) set7 = typed (
    &orr_bit_set_class, CONFIGURE (&orr_bit_set_class, "bit", "7", NULL), ORR_TYPE_INT8, in, 4);
  g_autoptr (OrrHarness) clear0
    = typed (&orr_bit_clear_class, CONFIGURE (&orr_bit_clear_class, "bit", "0", NULL),
             ORR_TYPE_UINT16, in, 4);
  g_autoptr (OrrHarness) bad = NULL;

  /* bit 7 of an int8 is the sign: 0 -> -128, 0x0F -> 0x8F = -113 */
  g_assert_cmpint (out (set7, 0), ==, -128);
  g_assert_cmpint (out (set7, 1), ==, -113);
  g_assert_cmpint (out (set7, 2), ==, -1);
  g_assert_cmpint (out (set7, 3), ==, 0x70 - 128);
  g_assert_cmpint (out (clear0, 0), ==, 0);
  g_assert_cmpint (out (clear0, 1), ==, 0x0E);
  g_assert_cmpint (out (clear0, 2), ==, 0xFFFE);
  g_assert_cmpint (out (clear0, 3), ==, 0x70);

  /* bit 9 of a uint8 does not exist; doubles are refused */
  bad = harness (&orr_bit_set_class, CONFIGURE (&orr_bit_set_class, "bit", "9", NULL), 1, 1);
  bad->block.in[0].type = bad->block.out[0].type = ORR_TYPE_UINT8;
  orr_harness_run (bad, ORR_JOB_INIT);
  g_assert_nonnull (bad->error);
  g_assert_nonnull (strstr (bad->error, "bit 9"));
  {
    g_autoptr (OrrHarness) d
      = harness (&orr_bit_clear_class, CONFIGURE (&orr_bit_clear_class, NULL), 1, 1);
    orr_harness_run (d, ORR_JOB_INIT);
    g_assert_nonnull (d->error);
    g_assert_nonnull (strstr (d->error, "DataTypeConversion"));
  }
  EXPECT_PARAM_ERROR (&orr_bit_set_class, "bit", "bit", "32", NULL);
  EXPECT_PARAM_ERROR (&orr_bit_clear_class, "bit", "bit", "-1", NULL);
}

static void
test_extract_bits (void)
{
  const gint64 in[] = { 0xABCD, 0xFFFF, 0x0010 };
  g_autoptr (OrrHarness) shifted
    = typed (&orr_extract_bits_class,
             CONFIGURE (&orr_extract_bits_class, "first", "4", "last", "11", "shift", "1", NULL),
             ORR_TYPE_UINT16, in, 3);
  g_autoptr (OrrHarness) in_place
    = typed (&orr_extract_bits_class,
             CONFIGURE (&orr_extract_bits_class, "first", "4", "last", "11", "shift", "0", NULL),
             ORR_TYPE_UINT16, in, 3);

  g_assert_cmpint (out (shifted, 0), ==, 0xBC);
  g_assert_cmpint (out (shifted, 1), ==, 0xFF);
  g_assert_cmpint (out (shifted, 2), ==, 0x01);
  g_assert_cmpint (out (in_place, 0), ==, 0x0BC0);
  g_assert_cmpint (out (in_place, 1), ==, 0x0FF0);
  EXPECT_PARAM_ERROR (&orr_extract_bits_class, "last", "first", "5", "last", "4", NULL);
  EXPECT_PARAM_ERROR (&orr_extract_bits_class, "first", "first", "40", NULL);
}

static void
test_bit_shift (void)
{
  const gint64 in[] = { -16, 0x41, 1 };
  g_autoptr (OrrHarness) left
    = typed (&orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "bits", "2", NULL),
             ORR_TYPE_INT8, in, 3);
  g_autoptr (OrrHarness) right
    = typed (&orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "bits", "-2", NULL),
             ORR_TYPE_INT8, in, 3);
  g_autoptr (OrrHarness) logical
    = typed (&orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "bits", "-2", NULL),
             ORR_TYPE_UINT8, in, 3);
  g_autoptr (OrrHarness) rotate = typed (
    &orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "bits", "-1", "mode", "2", NULL),
    ORR_TYPE_UINT8, in, 3);

  /* -16 << 2 = -64; 0x41 << 2 = 0x104, 8 bits kept: 4; 1 << 2 = 4 */
  g_assert_cmpint (out (left, 0), ==, -64);
  g_assert_cmpint (out (left, 1), ==, 4);
  g_assert_cmpint (out (left, 2), ==, 4);
  /* arithmetic: -16 >> 2 = -4; 0x41 >> 2 = 0x10; 1 >> 2 = 0 */
  g_assert_cmpint (out (right, 0), ==, -4);
  g_assert_cmpint (out (right, 1), ==, 0x10);
  g_assert_cmpint (out (right, 2), ==, 0);
  /* logical: -16 as uint8 is 0xF0, >> 2 = 0x3C */
  g_assert_cmpint (out (logical, 0), ==, 0x3C);
  /* rotate right by 1: 0xF0 -> 0x78, 0x41 -> 0xA0, 1 -> 0x80 */
  g_assert_cmpint (out (rotate, 0), ==, 0x78);
  g_assert_cmpint (out (rotate, 1), ==, 0xA0);
  g_assert_cmpint (out (rotate, 2), ==, 0x80);
  EXPECT_PARAM_ERROR (&orr_bit_shift_class, "bits", "bits", "32", NULL);
  EXPECT_PARAM_ERROR (&orr_bit_shift_class, "mode", "mode", "3", NULL);
}

static void
test_bitwise_logic (void)
{
  /* two inputs of two elements each, then three of one */
  const gint64 two[] = { 0x0C, 0xF0, 0x0A, 0x3C };
  const gint64 three[] = { 0x0F, 0x3C, 0x55 };
  const char *ops[] = { "1", "2", "3", "4", "5" };
  const gint64 want[][2] = {
    { 0x08, 0x30 }, { 0x0E, 0xFC }, { 0x06, 0xCC }, { 0xF7, 0xCF }, { 0xF1, 0x03 },
  };

  for (int o = 0; o < 5; o++)
    {
      g_autoptr (OrrHarness) h = typed (
        &orr_bitwise_logic_class, CONFIGURE (&orr_bitwise_logic_class, "operator", ops[o], NULL),
        ORR_TYPE_UINT8, two, 2);
      g_assert_cmpint (out (h, 0), ==, want[o][0]);
      g_assert_cmpint (out (h, 1), ==, want[o][1]);
    }
  {
    g_autoptr (OrrHarness) x3
      = typed (&orr_bitwise_logic_class,
               CONFIGURE (&orr_bitwise_logic_class, "operator", "3", "inputs", "3", NULL),
               ORR_TYPE_UINT8, three, 1);
    g_autoptr (OrrHarness) not = typed (&orr_bitwise_logic_class,
                                        CONFIGURE (&orr_bitwise_logic_class, "operator", "6", NULL),
                                        ORR_TYPE_INT16, three, 1);

    g_assert_cmpint (out (x3, 0), ==, 0x0F ^ 0x3C ^ 0x55);
    g_assert_cmpint (not ->block.n_in, ==, 1);
    g_assert_cmpint (out (not, 0), ==, ~0x0F);
  }
  EXPECT_PARAM_ERROR (&orr_bitwise_logic_class, "inputs", "inputs", "1", NULL);
  EXPECT_PARAM_ERROR (&orr_bitwise_logic_class, "operator", "operator", "7", NULL);
}

static void
test_integer_product (void)
{
  /* pairs: (100, 3), (-100, 2), (7, -3) in int8 */
  const gint64 pairs[] = { 100, -100, 7, 3, 2, -3 };
  g_autoptr (OrrHarness) sat
    = typed (&orr_integer_product_class, CONFIGURE (&orr_integer_product_class, NULL),
             ORR_TYPE_INT8, pairs, 3);
  g_autoptr (OrrHarness) wrap = typed (
    &orr_integer_product_class, CONFIGURE (&orr_integer_product_class, "overflow", "2", NULL),
    ORR_TYPE_INT8, pairs, 3);
  g_autoptr (OrrHarness) big = typed (
    &orr_integer_product_class, CONFIGURE (&orr_integer_product_class, "overflow", "2", NULL),
    ORR_TYPE_UINT32, (const gint64[]){ 4294967295, 4294967295 }, 1);

  g_assert_cmpint (out (sat, 0), ==, 127);
  g_assert_cmpint (out (sat, 1), ==, -128);
  g_assert_cmpint (out (sat, 2), ==, -21);
  /* 300 mod 256 = 44; -200 + 256 = 56 */
  g_assert_cmpint (out (wrap, 0), ==, 44);
  g_assert_cmpint (out (wrap, 1), ==, 56);
  g_assert_cmpint (out (wrap, 2), ==, -21);
  /* (2^32 - 1)^2 = 2^64 - 2^33 + 1 = 1 mod 2^32 */
  g_assert_cmpint (out (big, 0), ==, 1);
  EXPECT_PARAM_ERROR (&orr_integer_product_class, "inputs", "inputs", "1", NULL);
  EXPECT_PARAM_ERROR (&orr_integer_product_class, "overflow", "overflow", "0", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/integer/palette", test_palette);
  g_test_add_func ("/integer/data-type-conversion/configure", test_configure);
  g_test_add_func ("/integer/data-type-conversion/from-double", test_from_double);
  g_test_add_func ("/integer/data-type-conversion/from-integers", test_from_integers);
  g_test_add_func ("/integer/bit-set-clear", test_bit_set_clear);
  g_test_add_func ("/integer/extract-bits", test_extract_bits);
  g_test_add_func ("/integer/bit-shift", test_bit_shift);
  g_test_add_func ("/integer/bitwise-logic", test_bitwise_logic);
  g_test_add_func ("/integer/integer-product", test_integer_product);
  return g_test_run ();
}
