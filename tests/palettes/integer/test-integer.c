/* test-integer.c: the Integer palette's blocks one at a time, outside a
 * simulation: what configure declares, the errors it gives, and
 * conversions against values worked out by hand. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <math.h>
#include <string.h>

static const OrrBlockClass *const palette[] = { &orr_data_type_conversion_class };

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/integer/palette", test_palette);
  g_test_add_func ("/integer/data-type-conversion/configure", test_configure);
  g_test_add_func ("/integer/data-type-conversion/from-double", test_from_double);
  g_test_add_func ("/integer/data-type-conversion/from-integers", test_from_integers);
  return g_test_run ();
}
