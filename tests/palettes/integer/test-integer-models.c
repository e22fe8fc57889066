/* test-integer-models.c: the Integer palette on integer links in a real
 * run: v = round(10 t) over [0, 3] as uint8, bit 7 set, bits 7..3
 * extracted, shifted right by 1, and back to double: at every recorded
 * point exactly ((v | 128) >> 3 & 31) >> 1, worked out here. */
#include "model-run.h"

#include <math.h>
#include <string.h>

static void
test_integer_chain (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (model, "Gain", "Gain", 1, 1, 0, 0, "gain", "10", NULL);
  OrrBlock *to = add_block (model, "DataTypeConversion", "To", 1, 1, 0, 0, "type", "5", NULL);
  OrrBlock *set = add_block (model, "BitOperation", "Set", 1, 1, 0, 0, "bit", "7", NULL);
  OrrBlock *field
    = add_block (model, "ExtractBits", "Field", 1, 1, 0, 0, "first", "3", "count", "5", NULL);
  OrrBlock *shift = add_block (model, "BitShift", "Shift", 1, 1, 0, 0, "shift", "-1", NULL);
  OrrBlock *back = add_block (model, "DataTypeConversion", "Back", 1, 1, 0, 0, "type", "1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, gain, 1);
  link_data (model, gain, 1, to, 1);
  link_data (model, to, 1, set, 1);
  link_data (model, set, 1, field, 1);
  link_data (model, field, 1, shift, 1);
  link_data (model, shift, 1, back, 1);
  link_data (model, back, 1, scope, 1);
  link_data (model, gain, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      int v = (int)round (V (r, k, 1));

      g_assert_cmpfloat (V (r, k, 0), ==, (((v | 128) >> 3) & 31) >> 1);
    }
}

/* A double signal into a bit operation stops the run at initialisation,
 * naming the block. */
static void
test_double_refused (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *set = add_block (model, "BitOperation", "Set", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  link_data (model, time, 1, set, 1);
  link_data (model, set, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_false (run->ok);
  g_test_message ("%s", run->error->message);
  g_assert_nonnull (strstr (run->error->message, "Set"));
}

/* v = round(10 t) as int16, squared by ModularProduct and masked by a
 * BitwiseOperator AND with 0xFF (a Constant converted to int16): at every
 * recorded point (v * v) & 255, over [0, 3]. */
static void
test_product_and_mask (void)
{
  g_autoptr (OrrModel) model = new_precise_model (3, 0);
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (model, "Gain", "Gain", 1, 1, 0, 0, "gain", "10", NULL);
  OrrBlock *to = add_block (model, "DataTypeConversion", "To", 1, 1, 0, 0, "type", "3", NULL);
  OrrBlock *mask = add_block (model, "Constant", "Mask", 0, 1, 0, 0, "value", "255", NULL);
  OrrBlock *mask16
    = add_block (model, "DataTypeConversion", "Mask16", 1, 1, 0, 0, "type", "3", NULL);
  OrrBlock *square = add_block (model, "ModularProduct", "Square", 2, 1, 0, 0, NULL);
  OrrBlock *and = add_block (model, "BitwiseOperator", "And", 2, 1, 0, 0, NULL);
  OrrBlock *back = add_block (model, "DataTypeConversion", "Back", 1, 1, 0, 0, "type", "1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, time, 1, gain, 1);
  link_data (model, gain, 1, to, 1);
  link_data (model, to, 1, square, 1);
  link_data (model, to, 1, square, 2);
  link_data (model, mask, 1, mask16, 1);
  link_data (model, square, 1, and, 1);
  link_data (model, mask16, 1, and, 2);
  link_data (model, and, 1, back, 1);
  link_data (model, back, 1, scope, 1);
  link_data (model, gain, 1, scope, 2);
  run = run_model_ok (model, NULL);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint k = 0; k < r->t->len; k++)
    {
      int v = (int)round (V (r, k, 1));

      g_assert_cmpfloat (V (r, k, 0), ==, (v * v) & 255);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/integer-models/chain", test_integer_chain);
  g_test_add_func ("/integer-models/double-refused", test_double_refused);
  g_test_add_func ("/integer-models/product-and-mask", test_product_and_mask);

  return g_test_run ();
}
