/* orr-builtins-base.c - GetFromBase, the parameter language's window on
 * the base: values an earlier simulation run stored (orr-base.h). The
 * driver of the runs publishes them into the scope the model is evaluated
 * in, so the builtin only looks through the scope chain: no global state,
 * and a model evaluated without a driver simply finds nothing. */
#include "orr-builtins-private.h"

gboolean
orr_bi_get_from_base (ORR_BUILTIN_ARGS)
{
  const char *name = orr_value_get_string (args[0]);
  OrrValue *value;

  if (name == NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "GetFromBase: the variable's name must be a string, such as 'p'")
           != NULL;
  value = orr_scope_lookup_base_value (ev->scope, name);
  if (value == NULL && nargs > 1)
    value = args[1];
  if (value == NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_UNDEFINED,
                          "GetFromBase: '%s' is not in the base: no earlier run stored it with a "
                          "ToBase block (in the first run, test __counter__ == 1, or give a "
                          "default: GetFromBase('%s', default))",
                          name, name)
           != NULL;
  out[0] = orr_value_ref (value);
  return TRUE;
}
