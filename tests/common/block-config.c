/* block-config.c: configuring a block class from expressions (see
 * block-config.h). */
#include "block-config.h"

#include "orr-config-private.h"

#include <orrery/orr-expr.h>

/* A parameter as the compiler gives it: text parameters as typed, all
 * others evaluated. */
static OrrValue *
param_value (const OrrBlockClass *klass, const char *name, const char *text)
{
  g_autoptr (GError) local_error = NULL;
  OrrValue *value;

  for (int i = 0; i < klass->n_params; i++)
    if (g_strcmp0 (klass->params[i].name, name) == 0 && klass->params[i].kind == ORR_PARAM_TEXT)
      return orr_value_new_string (text);
  value = orr_expr_evaluate (text, NULL, &local_error);
  g_assert_no_error (local_error);
  return value;
}

OrrConfig *
configure_block_valist (const OrrBlockClass *klass, gboolean trusted, GError **error, va_list args)
{
  g_autoptr (GHashTable) params = NULL;
  g_autoptr (OrrConfig) config = NULL;
  const char *name;

  params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)orr_value_unref);
  while ((name = va_arg (args, const char *)) != NULL)
    {
      const char *text = va_arg (args, const char *);
      g_hash_table_insert (params, g_strdup (name), param_value (klass, name, text));
    }

  for (int i = 0; i < klass->n_params; i++)
    {
      const OrrParamSpec *spec = &klass->params[i];

      if (!g_hash_table_contains (params, spec->name))
        g_hash_table_insert (params, g_strdup (spec->name),
                             param_value (klass, spec->name, spec->default_expr));
    }

  config = orr_config_new (params);
  config->trusted = trusted;
  if (!klass->configure (config, error))
    return NULL;
  return g_steal_pointer (&config);
}

OrrConfig *
configure_block (const OrrBlockClass *klass, gboolean trusted, GError **error, ...)
{
  OrrConfig *config;
  va_list args;

  va_start (args, error);
  config = configure_block_valist (klass, trusted, error, args);
  va_end (args);
  return config;
}
