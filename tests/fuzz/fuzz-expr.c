/* fuzz-expr.c: libFuzzer harness for the parameter language: any text as
 * a script and as an expression gives a value or an error, never a crash,
 * a hang or a leak. */
#include <orrery/orr-expr.h>

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *)data, size);
  g_autoptr (OrrScope) scope = orr_scope_new (NULL);
  g_autoptr (OrrValue) value = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;

  /* keep each run short: the limits are what is being tested */
  orr_scope_set_statement_limit (scope, 100000);
  if (!orr_script_run (text, scope, &error) && error->message[0] == '\0')
    __builtin_trap ();
  g_clear_error (&error);
  value = orr_expr_evaluate (text, scope, &error);
  if (value == NULL && error->message[0] == '\0')
    __builtin_trap ();
  if (value != NULL)
    {
      g_autofree char *shown = orr_value_to_display (value);
      /* what we display, we read; the round trip tests the grammar, so
       * it skips the few-megabyte displays of the largest legal values
       * (ten million elements), whose re-reading alone would outlast a
       * sanitized run's timeout */
      if (strlen (shown) <= 65536)
        {
          g_autoptr (OrrValue) back = orr_expr_evaluate (shown, NULL, NULL);
          if (back == NULL && orr_value_get_type_id (value) != ORR_TYPE_STRING)
            __builtin_trap ();
        }
    }
  g_clear_error (&error);
  names = orr_expr_free_variables (text, &error);
  return 0;
}
