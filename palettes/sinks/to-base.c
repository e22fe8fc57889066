/* to-base.c: ToBase, stores its input in the base, for the next runs.
 *
 * When an End block restarts the simulation, the model is evaluated
 * again; GetFromBase('name') in a context or a parameter then reads what
 * this block stored under that name (orr-base.h, orr-runs.h). The block
 * stores its input matrix, either at each activation (at accepted points,
 * so the base ends with the input at the last one) or once, at the end of
 * the run, as the input stands then. Storing needs no file and no global
 * state: the base belongs to whoever drives the runs. */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  STORE_EACH = 1,
  STORE_AT_END = 2,
};

static const char *const when_choices[]
  = { N_ ("At each activation"), N_ ("At the end of the run"), NULL };

static const OrrParamSpec to_base_params[] = {
  { "name", N_ ("Variable name"), "'x'",
    N_ ("The name to store the input under, a quoted variable name such as 'p': the next run "
        "reads it with GetFromBase('p').") },
  { "when", N_ ("When to store"), "2",
    N_ ("1: at each activation (the base keeps the value of the last one); 2: once, at the end of "
        "the run, the input as it is then."),
    ORR_PARAM_CHOICE, when_choices },
};

/* A name GetFromBase can be given and a user can read: a variable name. */
static gboolean
is_variable_name (const char *name)
{
  if (!g_ascii_isalpha (name[0]) && name[0] != '_')
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
to_base_configure (OrrConfig *config, GError **error)
{
  OrrValue *name = orr_config_get_param (config, "name");
  int when;

  if (name == NULL || orr_value_get_type_id (name) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "name", "must be a quoted variable name, e.g. 'p'");
      return FALSE;
    }
  if (!is_variable_name (orr_value_get_string (name)))
    {
      orr_param_set_error (error, "name",
                           "must be a variable name (a letter or _, then letters, digits or _), "
                           "not '%s'",
                           orr_value_get_string (name));
      return FALSE;
    }
  if (!orr_param_get_int_range (config, "when", STORE_EACH, STORE_AT_END, &when, error))
    return FALSE;

  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_opar (config, name);
  orr_config_set_ipar (config, &when, 1);
  orr_config_set_label (config, orr_value_get_string (name));
  return TRUE;
}

static void
store (OrrSimBlock *block)
{
  const OrrPortBuffer *in = &block->in[0];
  g_autoptr (OrrValue) value
    = orr_value_new_from_doubles (in->rows, in->cols, orr_block_real_in (block, 0));

  orr_block_set_base_value (block, orr_value_get_string (block->opar[0]), value);
}

static void
to_base_simulate (OrrSimBlock *block, OrrJob job)
{
  int when = block->ipar[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        if (when == STORE_EACH && !orr_block_in_try_phase (block))
          store (block);
        break;

      case ORR_JOB_TERMINATE:
        if (when == STORE_AT_END)
          store (block);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_to_base_class = {
  .name = "ToBase",
  .palette = N_ ("Sinks"),
  .label = N_ ("To base"),
  .description = N_ ("Stores its input under a name for the next runs, which read it with "
                     "GetFromBase('name')."),
  .icon_text = "→base",
  .params = to_base_params,
  .n_params = G_N_ELEMENTS (to_base_params),
  .configure = to_base_configure,
  .simulate = to_base_simulate,
};
