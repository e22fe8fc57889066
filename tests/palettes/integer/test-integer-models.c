/* test-integer-models.c: the Integer palette's blocks in simulated
 * models, integer signals carried on links between blocks. Expected
 * values are closed forms. */
#include "model-run.h"

#include <math.h>
#include <string.h>

/* 100 t through DataTypeConversion to int8 (towards zero, wrapping),
 * then back to double, into a Scope over [0, 3]: every recorded value is
 * trunc(100 t) wrapped into -128 ... 127, exactly. The same through uint8
 * saturating gives min(trunc(100 t), 255). The int8 and uint8 links
 * between the conversions are typed by the compiler from the blocks. */
static void
test_model_wrap_and_saturate (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (model, "Gain", "Gain", 1, 1, 0, 0, NULL);
  OrrBlock *to_int8 = add_block (model, "DataTypeConversion", "ToInt8", 1, 1, 0, 0, NULL);
  OrrBlock *back8 = add_block (model, "DataTypeConversion", "Back8", 1, 1, 0, 0, NULL);
  OrrBlock *to_uint8 = add_block (model, "DataTypeConversion", "ToUint8", 1, 1, 0, 0, NULL);
  OrrBlock *backu = add_block (model, "DataTypeConversion", "BackU", 1, 1, 0, 0, NULL);
  OrrBlock *wrapped = add_block (model, "Scope", "Wrapped", 1, 0, 0, 0, NULL);
  OrrBlock *saturated = add_block (model, "Scope", "Saturated", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *w, *s;

  orr_model_set_param (model, gain, "gain", "100");
  orr_model_set_param (model, to_int8, "type", "2");
  orr_model_set_param (model, to_int8, "overflow", "2");
  orr_model_set_param (model, back8, "type", "1");
  orr_model_set_param (model, to_uint8, "type", "5");
  orr_model_set_param (model, to_uint8, "overflow", "1");
  orr_model_set_param (model, backu, "type", "1");
  link_data (model, time, 1, gain, 1);
  link_data (model, gain, 1, to_int8, 1);
  link_data (model, to_int8, 1, back8, 1);
  link_data (model, back8, 1, wrapped, 1);
  link_data (model, gain, 1, to_uint8, 1);
  link_data (model, to_uint8, 1, backu, 1);
  link_data (model, backu, 1, saturated, 1);
  set_final_time (model, 3);

  run = run_model_ok (model, NULL);
  w = recording (run, "Wrapped");
  s = recording (run, "Saturated");
  g_assert_cmpuint (w->t->len, >, 10);
  for (guint i = 0; i < w->t->len; i++)
    {
      double v = trunc (100 * T (w, i));
      double want = fmod (v + 128, 256) - 128;

      g_assert_cmpfloat (V (w, i, 0), ==, want);
    }
  for (guint i = 0; i < s->t->len; i++)
    g_assert_cmpfloat (V (s, i, 0), ==, MIN (trunc (100 * T (s, i)), 255));
  /* at t = 3: 300 wraps to 44 and saturates at 255 */
  g_assert_cmpfloat (T (w, w->t->len - 1), ==, 3);
  g_assert_cmpfloat (V (w, w->t->len - 1, 0), ==, 44);
  g_assert_cmpfloat (V (s, s->t->len - 1, 0), ==, 255);
}

/* An int8 link straight into a Scope (which takes doubles) is refused by
 * the compiler, naming the type conflict. */
static void
test_model_type_conflict (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, NULL);
  OrrBlock *to_int8 = add_block (model, "DataTypeConversion", "ToInt8", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;

  link_data (model, one, 1, to_int8, 1);
  link_data (model, to_int8, 1, scope, 1);
  program = compile_model (model, NULL, &error);
  g_assert_null (program);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "int8"));
}

/* The counter n = trunc(10 t) as uint8 over [0, 3] through the bit
 * blocks, back to double into Scopes: ExtractBits 0..3 gives n mod 16,
 * BitShift left by 1 gives 2n mod 256, BitwiseLogic XOR with itself
 * shifted right by 1 gives the Gray code n ^ (n >> 1), and IntegerProduct
 * of n and n saturates at 255: min(n^2, 255). Exactly, at every point. */
static void
test_model_bits (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *time = add_block (model, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (model, "Gain", "Gain", 1, 1, 0, 0, NULL);
  OrrBlock *n = add_block (model, "DataTypeConversion", "N", 1, 1, 0, 0, "type", "5", NULL);
  OrrBlock *low
    = add_block (model, "ExtractBits", "Low", 1, 1, 0, 0, "first", "0", "last", "3", NULL);
  OrrBlock *twice = add_block (model, "BitShift", "Twice", 1, 1, 0, 0, "bits", "1", NULL);
  OrrBlock *half = add_block (model, "BitShift", "Half", 1, 1, 0, 0, "bits", "-1", NULL);
  OrrBlock *gray = add_block (model, "BitwiseLogic", "Gray", 2, 1, 0, 0, "operator", "3", NULL);
  OrrBlock *square = add_block (model, "IntegerProduct", "Square", 2, 1, 0, 0, NULL);
  OrrBlock *blocks[] = { low, twice, gray, square };
  const char *names[] = { "ScopeLow", "ScopeTwice", "ScopeGray", "ScopeSquare" };
  g_autoptr (Run) run = NULL;

  orr_model_set_param (model, gain, "gain", "10");
  link_data (model, time, 1, gain, 1);
  link_data (model, gain, 1, n, 1);
  link_data (model, n, 1, low, 1);
  link_data (model, n, 1, twice, 1);
  link_data (model, n, 1, half, 1);
  link_data (model, n, 1, gray, 1);
  link_data (model, half, 1, gray, 2);
  link_data (model, n, 1, square, 1);
  link_data (model, n, 1, square, 2);
  for (int k = 0; k < 4; k++)
    {
      OrrBlock *back
        = add_block (model, "DataTypeConversion", names[k] + 5, 1, 1, 0, 0, "type", "1", NULL);
      OrrBlock *scope = add_block (model, "Scope", names[k], 1, 0, 0, 0, NULL);

      link_data (model, blocks[k], 1, back, 1);
      link_data (model, back, 1, scope, 1);
    }
  set_final_time (model, 3);
  run = run_model_ok (model, NULL);

  for (int k = 0; k < 4; k++)
    {
      Recording *r = recording (run, names[k]);

      g_assert_cmpuint (r->t->len, >, 10);
      for (guint i = 0; i < r->t->len; i++)
        {
          unsigned v = (unsigned)trunc (10 * T (r, i));
          double want = k == 0   ? v % 16
                        : k == 1 ? (2 * v) % 256
                        : k == 2 ? v ^ (v >> 1)
                                 : MIN (v * v, 255);

          if (V (r, i, 0) != want)
            g_error ("%s at t = %g (n = %u): %g, not %g", names[k], T (r, i), v, V (r, i, 0), want);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/integer/model/wrap-and-saturate", test_model_wrap_and_saturate);
  g_test_add_func ("/integer/model/type-conflict", test_model_type_conflict);
  g_test_add_func ("/integer/model/bits", test_model_bits);
  return g_test_run ();
}
