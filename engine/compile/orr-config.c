/* orr-config.c: the object a block's configure() fills in, and the
 * parameter helpers blocks use to read their evaluated parameters. */
#include "orr-config-private.h"

#include <orrery/orr-compile.h>
#include <orrery/orr-extra-params.h>

#include <math.h>
#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_config_error_quark (void)
{
  return g_quark_from_static_string ("orr-config-error-quark");
}

static OrrConfig *
config_alloc (void)
{
  OrrConfig *c = g_new0 (OrrConfig, 1);

  c->inputs = g_array_new (FALSE, TRUE, sizeof (OrrPortSpec));
  c->outputs = g_array_new (FALSE, TRUE, sizeof (OrrPortSpec));
  c->kind = ORR_BLOCK_ORDINARY;
  c->self_activation = -1;
  c->inheritance = ORR_INHERIT_UNION;
  return c;
}

static GPtrArray *
values_array (GPtrArray **array)
{
  if (*array == NULL)
    *array = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_value_unref);
  return *array;
}

static GArray *
numbers_array (GArray **array, guint element_size)
{
  if (*array == NULL)
    *array = g_array_new (FALSE, FALSE, element_size);
  return *array;
}

OrrConfig *
orr_config_new (GHashTable *params)
{
  OrrConfig *c = config_alloc ();

  c->params = params ? g_hash_table_ref (params) : NULL;
  values_array (&c->oz0);
  numbers_array (&c->rpar, sizeof (double));
  numbers_array (&c->ipar, sizeof (int));
  values_array (&c->opar);
  return c;
}

OrrConfig *
orr_config_new_with_params (OrrConfigParam *params, int n)
{
  OrrConfig *c = config_alloc ();

  c->param_list = params;
  c->n_param_list = n;
  return c;
}

void
orr_config_free (OrrConfig *c)
{
  if (c == NULL)
    return;
  g_clear_pointer (&c->params, g_hash_table_unref);
  for (int i = 0; i < c->n_param_list; i++)
    orr_value_unref (c->param_list[i].value);
  g_free (c->param_list);
  if (c->scratch != NULL)
    g_ptr_array_unref (c->scratch);
  g_array_unref (c->inputs);
  g_array_unref (c->outputs);
  g_free (c->x0);
  g_free (c->z0);
  g_clear_pointer (&c->oz0, g_ptr_array_unref);
  g_clear_pointer (&c->rpar, g_array_unref);
  g_clear_pointer (&c->ipar, g_array_unref);
  g_clear_pointer (&c->opar, g_ptr_array_unref);
  g_free (c->label);
  g_clear_pointer (&c->extra_params, g_ptr_array_unref);
  g_strfreev (c->bus_names);
  g_clear_pointer (&c->native_code, g_ptr_array_unref);
  g_free (c->known_in);
  g_free (c);
}

static void
set_bus (OrrConfig *c, OrrConfigBusRole role, const char *const *names, int n)
{
  g_strfreev (c->bus_names);
  c->bus_names = g_new0 (char *, MAX (n, 0) + 1);
  for (int i = 0; i < n; i++)
    c->bus_names[i] = g_strdup (names[i] != NULL ? names[i] : "");
  c->bus_role = role;
}

void
orr_config_set_bus_creator (OrrConfig *c, const char *const *names, int n)
{
  set_bus (c, ORR_BUS_CREATOR, names, n);
}

void
orr_config_set_bus_selector (OrrConfig *c, const char *const *paths, int n)
{
  set_bus (c, ORR_BUS_SELECTOR, paths, n);
}

void
orr_config_set_bus_assignment (OrrConfig *c, const char *const *paths, int n)
{
  set_bus (c, ORR_BUS_ASSIGNMENT, paths, n);
}

OrrValue *
orr_config_get_param (OrrConfig *c, const char *name)
{
  for (int i = 0; i < c->n_param_list; i++)
    if (strcmp (c->param_list[i].name, name) == 0)
      return c->param_list[i].value;
  return c->params ? g_hash_table_lookup (c->params, name) : NULL;
}

static OrrValue *
numeric_param (OrrConfig *c, const char *name, GError **error)
{
  OrrValue *v = orr_config_get_param (c, name);
  OrrType type;

  if (v == NULL)
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER, "parameter '%s' is missing",
                   name);
      return NULL;
    }
  type = orr_value_get_type_id (v);
  if (type == ORR_TYPE_STRING || type == ORR_TYPE_COMPLEX)
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "parameter '%s' must be real, not %s", name, orr_type_name (type));
      return NULL;
    }
  return v;
}

gboolean
orr_config_get_double (OrrConfig *c, const char *name, double *value, GError **error)
{
  OrrValue *v = numeric_param (c, name, error);

  if (v == NULL)
    return FALSE;
  if (orr_value_numel (v) != 1)
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "parameter '%s' must be a scalar, not %zux%zu", name, orr_value_rows (v),
                   orr_value_cols (v));
      return FALSE;
    }
  *value = orr_value_get_real (v, 0);
  return TRUE;
}

gboolean
orr_config_get_int (OrrConfig *c, const char *name, int *value, GError **error)
{
  double d;

  if (!orr_config_get_double (c, name, &d, error))
    return FALSE;
  if (!isfinite (d) || d != floor (d) || fabs (d) > G_MAXINT)
    {
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "parameter '%s' must be a whole number, not %g", name, d);
      return FALSE;
    }
  *value = (int)d;
  return TRUE;
}

/* Memory the config frees with itself (the scratch list is made on
 * first use: most blocks never need it). */
static void
keep_until_free (OrrConfig *c, gpointer memory)
{
  if (c->scratch == NULL)
    c->scratch = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (c->scratch, memory);
}

gboolean
orr_config_get_doubles (OrrConfig *c, const char *name, const double **values, int *rows, int *cols,
                        GError **error)
{
  OrrValue *v = numeric_param (c, name, error);
  gsize n;
  double *copy;

  if (v == NULL)
    return FALSE;
  n = orr_value_numel (v);
  if (rows)
    *rows = (int)orr_value_rows (v);
  if (cols)
    *cols = (int)orr_value_cols (v);
  if (orr_value_get_type_id (v) == ORR_TYPE_DOUBLE && n > 0)
    {
      /* already doubles, and the parameter lives as long as the config */
      *values = orr_value_data (v);
      return TRUE;
    }
  copy = g_new0 (double, MAX (n, 1));
  orr_value_to_doubles (v, copy, n);
  keep_until_free (c, copy);
  *values = copy;
  return TRUE;
}

static void
add_port (GArray *ports, int rows, int cols, OrrType type, gboolean feedthrough)
{
  OrrPortSpec spec = { rows, cols, type, feedthrough, NULL };
  g_array_append_val (ports, spec);
}

static void
set_port_label (OrrConfig *c, GArray *ports, int index, const char *label)
{
  OrrPortSpec *spec;
  char *copy;

  g_return_if_fail (index >= 0 && (guint)index < ports->len);
  spec = &g_array_index (ports, OrrPortSpec, index);
  copy = g_strdup (label);
  /* freed with the config, whatever replaces it later */
  if (copy != NULL)
    keep_until_free (c, copy);
  spec->label = copy;
}

void
orr_config_set_input_label (OrrConfig *c, int index, const char *label)
{
  set_port_label (c, c->inputs, index, label);
}

void
orr_config_set_output_label (OrrConfig *c, int index, const char *label)
{
  set_port_label (c, c->outputs, index, label);
}

void
orr_config_add_input (OrrConfig *c, int rows, int cols, OrrType type, gboolean feedthrough)
{
  add_port (c->inputs, rows, cols, type, feedthrough);
}

gboolean
orr_config_get_input_size (OrrConfig *c, int index, int *rows, int *cols)
{
  if (c->known_in == NULL || index < 0 || index >= c->n_known_in)
    {
      c->wants_input_sizes = TRUE;
      return FALSE;
    }
  *rows = c->known_in[2 * index];
  *cols = c->known_in[2 * index + 1];
  return TRUE;
}

void
orr_config_add_output (OrrConfig *c, int rows, int cols, OrrType type)
{
  add_port (c->outputs, rows, cols, type, FALSE);
}

void
orr_config_set_event_ports (OrrConfig *c, int n_in, int n_out)
{
  c->n_evin = MAX (n_in, 0);
  c->n_evout = MAX (n_out, 0);
}

void
orr_config_set_kind (OrrConfig *c, OrrBlockKind kind)
{
  c->kind = kind;
}

void
orr_config_set_always_active (OrrConfig *c, gboolean always)
{
  c->always_active = always;
}

void
orr_config_set_inheritance (OrrConfig *c, OrrInheritance inheritance)
{
  c->inheritance = inheritance;
}

static double *
copy_or_zeros (const double *values, int n)
{
  double *copy = g_new0 (double, MAX (n, 1));
  if (values != NULL && n > 0)
    memcpy (copy, values, n * sizeof (double));
  return copy;
}

void
orr_config_set_states (OrrConfig *c, int nx, const double *x0, gboolean implicit)
{
  g_free (c->x0);
  c->nx = MAX (nx, 0);
  c->x0 = copy_or_zeros (x0, c->nx);
  c->implicit = implicit;
}

void
orr_config_set_discrete_states (OrrConfig *c, int nz, const double *z0)
{
  g_free (c->z0);
  c->nz = MAX (nz, 0);
  c->z0 = copy_or_zeros (z0, c->nz);
}

void
orr_config_add_object_state (OrrConfig *c, OrrValue *value)
{
  g_ptr_array_add (values_array (&c->oz0), orr_value_ref (value));
}

void
orr_config_set_surfaces (OrrConfig *c, int ng, int nmode)
{
  /* negative: one per element of input 1, known only once sizes are */
  c->ng = ng < 0 ? -1 : ng;
  c->nmode = nmode < 0 ? -1 : nmode;
}

void
orr_config_set_surface_direction (OrrConfig *c, int direction)
{
  c->g_direction = direction > 0 ? 1 : direction < 0 ? -1 : 0;
}

void
orr_config_set_jacobian (OrrConfig *c, gboolean analytic)
{
  c->analytic_jacobian = analytic;
}

void
orr_config_set_rpar (OrrConfig *c, const double *values, int n)
{
  g_array_set_size (numbers_array (&c->rpar, sizeof (double)), 0);
  if (n > 0)
    g_array_append_vals (c->rpar, values, n);
}

void
orr_config_set_ipar (OrrConfig *c, const int *values, int n)
{
  g_array_set_size (numbers_array (&c->ipar, sizeof (int)), 0);
  if (n > 0)
    g_array_append_vals (c->ipar, values, n);
}

void
orr_config_add_opar (OrrConfig *c, OrrValue *value)
{
  g_ptr_array_add (values_array (&c->opar), orr_value_ref (value));
}

void
orr_config_set_label (OrrConfig *c, const char *text)
{
  g_free (c->label);
  c->label = g_strdup (text);
}

void
orr_config_require_sample_period (OrrConfig *c, double period)
{
  c->required_period = period;
}

gboolean
orr_config_native_code_trusted (OrrConfig *c)
{
  return c->trusted;
}

void
orr_native_code_free (OrrNativeCode *code)
{
  if (code == NULL)
    return;
  g_free (code->block_path);
  g_free (code->kind);
  g_free (code->what);
  g_free (code->sha256);
  g_free (code);
}

gboolean
orr_config_declare_native_code (OrrConfig *c, const char *what, const char *sha256)
{
  OrrNativeCode *code = g_new0 (OrrNativeCode, 1);

  code->what = g_strdup (what);
  code->sha256 = g_strdup (sha256);
  if (c->native_code == NULL)
    c->native_code = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_native_code_free);
  g_ptr_array_add (c->native_code, code);
  return c->trusted;
}

void
orr_config_set_untrusted_error (GError **error, const char *what, const char *type)
{
  g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
               "this model contains %s (%s); trust the model to run it (orrery-sim --trust, "
               "or answer the question the editor asks before a run)",
               what, type);
}

gboolean
orr_config_is_interface_only (OrrConfig *c)
{
  return c->interface_only;
}

void
orr_config_set_self_activation (OrrConfig *c, int evout)
{
  c->self_activation = evout;
}

/* ---- extra parameters (orr-extra-params.h) ------------------------------ */

void
orr_extra_param_free (OrrExtraParam *param)
{
  if (param == NULL)
    return;
  g_free (param->name);
  g_free (param->label);
  g_free (param->default_expr);
  g_free (param->help);
  g_free (param);
}

void
orr_config_add_extra_param (OrrConfig *c, const char *name, const char *label,
                            const char *default_expr, const char *help)
{
  OrrExtraParam *param = g_new0 (OrrExtraParam, 1);

  g_return_if_fail (c->extra_params != NULL);

  param->name = g_strdup (name);
  param->label = g_strdup (label);
  param->default_expr = g_strdup (default_expr);
  param->help = g_strdup (help);
  g_ptr_array_add (c->extra_params, param);
}

OrrConfig *
orr_config_new_for_block (const OrrBlockClass *klass, const OrrBlock *block, OrrScope *scope,
                          GError **error)
{
  g_autoptr (GHashTable) params
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)orr_value_unref);
  OrrConfig *config;

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
      g_hash_table_insert (params, (gpointer)spec->name, value);
    }
  config = orr_config_new (params);
  config->interface_only = TRUE;
  return config;
}

GPtrArray *
orr_block_class_extra_params (const OrrBlockClass *klass, const OrrBlock *block, OrrScope *scope,
                              GError **error)
{
  g_autoptr (OrrConfig) config = NULL;

  if (klass->extra_params == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify)orr_extra_param_free);
  /* The class's own parameters, as the block has them, decide. */
  config = orr_config_new_for_block (klass, block, scope, error);
  if (config == NULL)
    return NULL;
  config->extra_params = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_extra_param_free);
  if (!klass->extra_params (config, error))
    return NULL;
  return g_steal_pointer (&config->extra_params);
}
