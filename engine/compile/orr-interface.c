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
      shapes[i] = (OrrPortShape){ s->rows, s->cols, s->type, s->feedthrough, g_strdup (s->label) };
    }
  return shapes;
}

OrrBlockInterface *
orr_block_class_interface (const OrrBlockClass *klass, const OrrBlock *block, OrrScope *scope,
                           GError **error)
{
  g_autoptr (OrrConfig) config = orr_config_new_for_block (klass, block, scope, error);
  OrrBlockInterface *iface;

  if (config == NULL)
    return NULL;
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
  for (int i = 0; i < iface->n_in; i++)
    g_free (iface->in[i].label);
  for (int i = 0; i < iface->n_out; i++)
    g_free (iface->out[i].label);
  g_free (iface->in);
  g_free (iface->out);
  g_free (iface->label);
  g_free (iface);
}
