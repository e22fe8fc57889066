/* orr-interface.c: a block class's outside for given parameters, through
 * the same configure() the compiler runs. */
#include <orrery/orr-interface.h>

#include "orr-config-private.h"

static OrrPortShape *
copy_ports (GArray *specs)
{
  OrrPortShape *shapes = g_new0 (OrrPortShape, MAX (specs->len, 1));
  for (guint i = 0; i < specs->len; i++)
    {
      OrrPortSpec *s = &g_array_index (specs, OrrPortSpec, i);
      shapes[i] = (OrrPortShape){ s->rows, s->cols, s->type, s->feedthrough };
    }
  return shapes;
}

OrrBlockInterface *
orr_block_class_interface (const OrrBlockClass *klass, const OrrBlock *block, OrrScope *scope,
                           GError **error)
{
  g_autoptr (GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                         (GDestroyNotify) orr_value_unref);
  g_autoptr (OrrConfig) config = NULL;
  OrrBlockInterface *iface;

  for (int i = 0; i < klass->n_params; i++)
    {
      const OrrParamSpec *spec = &klass->params[i];
      const char *expr = block ? orr_block_get_param (block, spec->name) : NULL;
      g_autoptr (GError) local = NULL;
      OrrValue *value;

      if (expr == NULL)
        expr = spec->default_expr;
      value = spec->kind == ORR_PARAM_TEXT ? orr_value_new_string (expr)
                                           : orr_expr_evaluate (expr, scope, &local);

      if (value == NULL)
        {
          g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER, "parameter '%s': %s",
                       spec->name, local->message);
          return NULL;
        }
      g_hash_table_insert (params, (gpointer) spec->name, value);
    }

  config = orr_config_new (params);
  config->interface_only = TRUE;
  if (klass->configure != NULL && !klass->configure (config, error))
    return NULL;

  iface = g_new0 (OrrBlockInterface, 1);
  iface->kind = config->kind;
  iface->n_in = config->inputs->len;
  iface->n_out = config->outputs->len;
  iface->in = copy_ports (config->inputs);
  iface->out = copy_ports (config->outputs);
  iface->n_evin = config->n_evin;
  iface->n_evout = config->n_evout;
  iface->always_active = config->always_active || config->nx > 0;
  iface->nx = config->nx;
  iface->nz = config->nz;
  iface->ng = config->ng;
  iface->nmode = config->nmode;
  iface->label = g_strdup (config->label);
  return iface;
}

void
orr_block_interface_free (OrrBlockInterface *iface)
{
  if (iface == NULL)
    return;
  g_free (iface->in);
  g_free (iface->out);
  g_free (iface->label);
  g_free (iface);
}
