/* test-integer.c: the Integer palette's blocks in the block harness, on
 * ports given integer types as the compiler would: bits set, cleared,
 * toggled, extracted and shifted, against values worked out by hand in
 * binary, and the refusal of double inputs and of bits the type lacks.
 * Exact comparisons. */
#include "block-test.h"
#include "orr-all-classes.h"

#include <string.h>

static const OrrBlockClass *const palette[] = {
  &orr_bit_operation_class,    &orr_extract_bits_class,    &orr_bit_shift_class,
  &orr_bitwise_operator_class, &orr_modular_product_class,
};

static void
test_palette (void)
{
  assert_palette ("integer", "Integer", palette, G_N_ELEMENTS (palette),
                  orr_palette_integer_register);
}

/* A harness of n elements whose ports all have the type, with the input
 * set from values. */
static OrrHarness *
typed (const OrrBlockClass *klass, OrrConfig *config, OrrType type, const gint64 *values, int n)
{
  OrrHarness *h = harness (klass, config, n, 1);

  h->block.in[0].type = h->block.out[0].type = type;
  for (int i = 0; i < n; i++)
    switch (type)
      {
        case ORR_TYPE_INT8:
          ((gint8 *)h->block.in[0].data)[i] = (gint8)values[i];
          break;
        case ORR_TYPE_UINT8:
          ((guint8 *)h->block.in[0].data)[i] = (guint8)values[i];
          break;
        case ORR_TYPE_INT16:
          ((gint16 *)h->block.in[0].data)[i] = (gint16)values[i];
          break;
        default:
          ((guint32 *)h->block.in[0].data)[i] = (guint32)values[i];
          break;
      }
  return h;
}

static gint64
out_at (OrrHarness *h, int i)
{
  switch (h->block.out[0].type)
    {
      case ORR_TYPE_INT8:
        return ((gint8 *)h->block.out[0].data)[i];
      case ORR_TYPE_UINT8:
        return ((guint8 *)h->block.out[0].data)[i];
      case ORR_TYPE_INT16:
        return ((gint16 *)h->block.out[0].data)[i];
      default:
        return ((guint32 *)h->block.out[0].data)[i];
    }
}

static void
test_bit_operation (void)
{
  const gint64 u[] = { 0x00, 0x0F, 0x80, 0xFF };
  /* set, clear, toggle bit 7 of uint8 values */
  const gint64 expected[3][4]
    = { { 0x80, 0x8F, 0x80, 0xFF }, { 0x00, 0x0F, 0x00, 0x7F }, { 0x80, 0x8F, 0x00, 0x7F } };

  for (int op = 1; op <= 3; op++)
    {
      g_autofree char *o = g_strdup_printf ("%d", op);
      g_autoptr (OrrHarness) h
        = typed (&orr_bit_operation_class,
                 CONFIGURE (&orr_bit_operation_class, "operation", o, "bit", "7", NULL),
                 ORR_TYPE_UINT8, u, 4);

      orr_harness_run (h, ORR_JOB_INIT);
      g_assert_cmpint (h->n_errors, ==, 0);
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      for (int i = 0; i < 4; i++)
        g_assert_cmpint (out_at (h, i), ==, expected[op - 1][i]);
    }
  /* setting bit 7 of an int8 makes it negative: 1 | 0x80 = -127 */
  {
    const gint64 one = 1;
    g_autoptr (OrrHarness) h
      = typed (&orr_bit_operation_class, CONFIGURE (&orr_bit_operation_class, "bit", "7", NULL),
               ORR_TYPE_INT8, &one, 1);

    orr_harness_run (h, ORR_JOB_OUTPUTS);
    g_assert_cmpint (out_at (h, 0), ==, -127);
  }
  /* bit 8 of a uint8, and a double input, are refused at init */
  {
    const gint64 zero = 0;
    g_autoptr (OrrHarness) h
      = typed (&orr_bit_operation_class, CONFIGURE (&orr_bit_operation_class, "bit", "8", NULL),
               ORR_TYPE_UINT8, &zero, 1);
    g_autoptr (OrrHarness) d
      = harness (&orr_bit_operation_class, CONFIGURE (&orr_bit_operation_class, NULL), 1, 1);

    orr_harness_run (h, ORR_JOB_INIT);
    g_assert_cmpint (h->n_errors, ==, 1);
    orr_harness_run (d, ORR_JOB_INIT);
    g_assert_cmpint (d->n_errors, ==, 1);
    g_assert_nonnull (strstr (d->error, "DataTypeConversion"));
  }
  EXPECT_PARAM_ERROR (&orr_bit_operation_class, "bit", "bit", "32", NULL);
  EXPECT_PARAM_ERROR (&orr_bit_operation_class, "operation", "operation", "4", NULL);
}

static void
test_extract_bits (void)
{
  /* bits 7..4 of 0xAB, 0x5C and of int8 -1 (0xFF) */
  const gint64 u[] = { 0xAB, 0x5C };
  const gint64 minus_one = -1;
  g_autoptr (OrrHarness) h = typed (
    &orr_extract_bits_class, CONFIGURE (&orr_extract_bits_class, "first", "4", "count", "4", NULL),
    ORR_TYPE_UINT8, u, 2);
  g_autoptr (OrrHarness) s = typed (
    &orr_extract_bits_class, CONFIGURE (&orr_extract_bits_class, "first", "4", "count", "3", NULL),
    ORR_TYPE_INT8, &minus_one, 1);

  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_cmpint (h->n_errors, ==, 0);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (out_at (h, 0), ==, 0xA);
  g_assert_cmpint (out_at (h, 1), ==, 0x5);
  orr_harness_run (s, ORR_JOB_OUTPUTS);
  g_assert_cmpint (out_at (s, 0), ==, 7);
  /* bits 4..11 do not fit a uint8 */
  {
    g_autoptr (OrrHarness) w = typed (
      &orr_extract_bits_class,
      CONFIGURE (&orr_extract_bits_class, "first", "4", "count", "8", NULL), ORR_TYPE_UINT8, u, 2);

    orr_harness_run (w, ORR_JOB_INIT);
    g_assert_cmpint (w->n_errors, ==, 1);
  }
  EXPECT_PARAM_ERROR (&orr_extract_bits_class, "count", "first", "30", "count", "3", NULL);
  EXPECT_PARAM_ERROR (&orr_extract_bits_class, "count", "count", "0", NULL);
}

static void
test_bit_shift (void)
{
  const gint64 u[] = { 3, -3, 100, -128 };
  g_autoptr (OrrHarness) left
    = typed (&orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "shift", "2", NULL),
             ORR_TYPE_INT8, u, 4);
  g_autoptr (OrrHarness) right
    = typed (&orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "shift", "-1", NULL),
             ORR_TYPE_INT8, u, 4);
  const gint64 big = 0xF0000001;
  g_autoptr (OrrHarness) logical
    = typed (&orr_bit_shift_class, CONFIGURE (&orr_bit_shift_class, "shift", "-4", NULL),
             ORR_TYPE_UINT32, &big, 1);

  /* left by 2: 12, -12, 400 wraps to -112, -512 wraps to 0 */
  orr_harness_run (left, ORR_JOB_OUTPUTS);
  g_assert_cmpint (out_at (left, 0), ==, 12);
  g_assert_cmpint (out_at (left, 1), ==, -12);
  g_assert_cmpint (out_at (left, 2), ==, -112);
  g_assert_cmpint (out_at (left, 3), ==, 0);
  /* right by 1, arithmetic: 1, -2 (floor), 50, -64 */
  orr_harness_run (right, ORR_JOB_OUTPUTS);
  g_assert_cmpint (out_at (right, 0), ==, 1);
  g_assert_cmpint (out_at (right, 1), ==, -2);
  g_assert_cmpint (out_at (right, 2), ==, 50);
  g_assert_cmpint (out_at (right, 3), ==, -64);
  /* an unsigned value shifts in zeros */
  orr_harness_run (logical, ORR_JOB_OUTPUTS);
  g_assert_cmpint (out_at (logical, 0), ==, 0x0F000000);
  EXPECT_PARAM_ERROR (&orr_bit_shift_class, "shift", "shift", "32", NULL);
}

/* A two-input block on int16 ports: inputs a and b. */
static OrrHarness *
typed2 (const OrrBlockClass *klass, OrrConfig *config, const gint16 *a, const gint16 *b, int n)
{
  OrrHarness *h = harness (klass, config, n, 1);

  for (int k = 0; k < h->block.n_in; k++)
    h->block.in[k].type = ORR_TYPE_INT16;
  h->block.out[0].type = ORR_TYPE_INT16;
  memcpy (h->block.in[0].data, a, n * sizeof (gint16));
  if (h->block.n_in > 1)
    memcpy (h->block.in[1].data, b, n * sizeof (gint16));
  return h;
}

static void
test_bitwise_and_product (void)
{
  const gint16 a[] = { 0x0F0F, -1, 300 }, b[] = { 0x00FF, 0x1234, 300 };
  /* AND, OR, XOR, NOT (of a) by hand; the product 300 * 300 = 90000
   * wraps to 90000 - 65536 = 24464 in int16, 0x0F0F * 0x00FF = 0x0EFFF1
   * keeps 0xFFF1 = -15, and -1 * 0x1234 = -0x1234 */
  const gint16 expected[5][3] = {
    { 0x000F, 0x1234, 300 },        { 0x0FFF, -1, 300 },
    { 0x0FF0, (gint16)~0x1234, 0 }, { (gint16)~0x0F0F, 0, (gint16)~300 },
    { -15, -0x1234, 24464 },
  };

  for (int op = 1; op <= 5; op++)
    {
      g_autofree char *o = g_strdup_printf ("%d", op);
      OrrConfig *config = op <= 4 ? CONFIGURE (&orr_bitwise_operator_class, "operator", o, NULL)
                                  : CONFIGURE (&orr_modular_product_class, NULL);
      g_autoptr (OrrHarness) h = typed2 (
        op <= 4 ? &orr_bitwise_operator_class : &orr_modular_product_class, config, a, b, 3);

      g_test_message ("case %d", op);
      g_assert_cmpint (h->block.n_in, ==, op == 4 ? 1 : 2);
      orr_harness_run (h, ORR_JOB_INIT);
      g_assert_cmpint (h->n_errors, ==, 0);
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      for (int i = 0; i < 3; i++)
        g_assert_cmpint (((gint16 *)h->block.out[0].data)[i], ==, expected[op - 1][i]);
    }
  EXPECT_PARAM_ERROR (&orr_bitwise_operator_class, "inputs", "inputs", "1", NULL);
  EXPECT_PARAM_ERROR (&orr_modular_product_class, "inputs", "inputs", "0", NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/integer/palette", test_palette);
  g_test_add_func ("/integer/bit-operation", test_bit_operation);
  g_test_add_func ("/integer/extract-bits", test_extract_bits);
  g_test_add_func ("/integer/bit-shift", test_bit_shift);
  g_test_add_func ("/integer/bitwise-and-product", test_bitwise_and_product);

  return g_test_run ();
}
