/* orr-fmu-description.c: modelDescription.xml of an FMI 2.0 FMU, read
 * with libxml2 into an OrrFmuDescription, and the questions the FMU
 * block asks of it (its ports, which output depends on which input).
 *
 * Only what Orrery uses is read; unknown elements and attributes are
 * ignored, as the standard allows vendor annotations anywhere. Every error
 * names the FMU, the element and its line, since a user who gets a broken
 * FMU from another tool needs to tell its author where. */
#include <orrery/orr-block.h>
#include <orrery/orr-fmu.h>
#include <orrery/orr-io.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../io/orr-input.h"

#define DESCRIPTION_FILE "modelDescription.xml"

typedef struct
{
  const char *fmu; /* the FMU's name in messages */
  GError **error;
} Reader;

static gboolean G_GNUC_PRINTF (3, 4) fail (Reader *r, xmlNode *node, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (r->error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION,
               "FMU '%s': modelDescription.xml, line %ld, element <%s>: %s", r->fmu,
               node != NULL ? xmlGetLineNo (node) : 0L,
               node != NULL ? (const char *)node->name : "?", what);
  return FALSE;
}

static char *
attr (xmlNode *node, const char *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *)name);
  char *copy = value != NULL ? g_strdup ((const char *)value) : NULL;

  xmlFree (value);
  return copy;
}

static gboolean
is_element (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *)node->name, name) == 0;
}

static xmlNode *
child (xmlNode *parent, const char *name)
{
  for (xmlNode *n = parent->children; n != NULL; n = n->next)
    if (is_element (n, name))
      return n;
  return NULL;
}

static gboolean
read_bool (Reader *r, xmlNode *node, const char *name, gboolean *value)
{
  g_autofree char *text = attr (node, name);

  *value = FALSE;
  if (text == NULL || strcmp (text, "false") == 0 || strcmp (text, "0") == 0)
    return TRUE;
  if (strcmp (text, "true") == 0 || strcmp (text, "1") == 0)
    {
      *value = TRUE;
      return TRUE;
    }
  return fail (r, node, "attribute %s must be true or false, not '%s'", name, text);
}

/* A whole number >= min; absent: fallback. */
static gboolean
read_uint (Reader *r, xmlNode *node, const char *name, gint64 fallback, gint64 min, gint64 *value)
{
  g_autofree char *text = attr (node, name);
  char *end;

  *value = fallback;
  if (text == NULL)
    return TRUE;
  *value = g_ascii_strtoll (text, &end, 10);
  if (*text == '\0' || *end != '\0' || *value < min || *value > G_MAXINT)
    return fail (r, node,
                 "attribute %s must be a whole number of at least %" G_GINT64_FORMAT ", not '%s'",
                 name, min, text);
  return TRUE;
}

static gboolean
read_real (Reader *r, xmlNode *node, const char *name, double *value)
{
  g_autofree char *text = attr (node, name);
  char *end;

  *value = NAN;
  if (text == NULL)
    return TRUE;
  *value = g_ascii_strtod (text, &end);
  if (*text == '\0' || *end != '\0')
    return fail (r, node, "attribute %s must be a number, not '%s'", name, text);
  return TRUE;
}

static gboolean
read_enum (Reader *r, xmlNode *node, const char *name, const char *const *names, int fallback,
           int *value)
{
  g_autofree char *text = attr (node, name);

  *value = fallback;
  if (text == NULL)
    return TRUE;
  for (int i = 0; names[i] != NULL; i++)
    if (strcmp (text, names[i]) == 0)
      {
        *value = i;
        return TRUE;
      }
  return fail (r, node, "attribute %s has the unknown value '%s'", name, text);
}

static const char *const causality_names[]
  = { "parameter", "calculatedParameter", "input", "output", "local", "independent", NULL };
static const char *const variability_names[]
  = { "constant", "fixed", "tunable", "discrete", "continuous", NULL };
static const char *const type_names[]
  = { "Real", "Integer", "Boolean", "String", "Enumeration", NULL };

static void
variable_free (OrrFmuVariable *v)
{
  g_free (v->name);
  g_free (v->start);
  g_free (v->description);
  g_free (v);
}

static void
unknown_clear (OrrFmuUnknown *u)
{
  g_clear_pointer (&u->dependencies, g_array_unref);
}

static gboolean
read_variable (Reader *r, OrrFmuDescription *d, xmlNode *node)
{
  OrrFmuVariable *v = g_new0 (OrrFmuVariable, 1);
  xmlNode *type_node = NULL;
  gint64 vr, derivative;
  int causality, variability;

  g_ptr_array_add (d->variables, v);
  v->name = attr (node, "name");
  v->description = attr (node, "description");
  if (v->name == NULL || *v->name == '\0')
    return fail (r, node, "a ScalarVariable needs a name");
  if (!read_uint (r, node, "valueReference", -1, 0, &vr))
    return FALSE;
  if (vr < 0)
    return fail (r, node, "variable '%s' has no valueReference", v->name);
  v->value_reference = (guint)vr;
  if (!read_enum (r, node, "causality", causality_names, ORR_FMU_CAUSALITY_LOCAL, &causality)
      || !read_enum (r, node, "variability", variability_names, ORR_FMU_VARIABILITY_CONTINUOUS,
                     &variability))
    return FALSE;
  v->causality = causality;
  v->variability = variability;

  for (xmlNode *n = node->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      for (int t = 0; type_names[t] != NULL; t++)
        if (is_element (n, type_names[t]))
          {
            type_node = n;
            v->type = t;
          }
  if (type_node == NULL)
    return fail (r, node, "variable '%s' has no type element (Real, Integer, Boolean, String)",
                 v->name);
  v->start = attr (type_node, "start");
  if (v->type == ORR_FMU_REAL)
    {
      if (!read_uint (r, type_node, "derivative", 0, 1, &derivative))
        return FALSE;
      v->derivative = (int)derivative;
    }
  if (v->variability != ORR_FMU_VARIABILITY_CONTINUOUS || v->type != ORR_FMU_REAL)
    {
      if (v->variability == ORR_FMU_VARIABILITY_CONTINUOUS)
        return fail (r, node, "variable '%s' is continuous but not Real", v->name);
    }
  if (v->causality == ORR_FMU_CAUSALITY_PARAMETER && v->start == NULL)
    return fail (r, type_node, "parameter '%s' has no start value", v->name);
  return TRUE;
}

/* <Unknown index="3" dependencies="1 2"/>: indices into the variables. */
static gboolean
read_unknowns (Reader *r, OrrFmuDescription *d, xmlNode *list, GArray *into)
{
  for (xmlNode *n = list != NULL ? list->children : NULL; n != NULL; n = n->next)
    {
      OrrFmuUnknown u = { 0 };
      g_autofree char *deps = NULL;
      gint64 index;

      if (!is_element (n, "Unknown"))
        continue;
      if (!read_uint (r, n, "index", -1, 1, &index))
        return FALSE;
      if (index < 1 || index > d->variables->len)
        return fail (r, n, "index %" G_GINT64_FORMAT " names no variable (there are %u)", index,
                     d->variables->len);
      u.index = (int)index;
      deps = attr (n, "dependencies");
      u.dependencies_given = deps != NULL;
      u.dependencies = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (into, u);
      if (deps != NULL)
        {
          g_auto (GStrv) parts = g_strsplit_set (deps, " \t\r\n", -1);

          for (int i = 0; parts[i] != NULL; i++)
            {
              char *end;
              gint64 dep;

              if (*parts[i] == '\0')
                continue;
              dep = g_ascii_strtoll (parts[i], &end, 10);
              if (*end != '\0' || dep < 1 || dep > d->variables->len)
                return fail (r, n, "dependency '%s' names no variable", parts[i]);
              g_array_append_val (u.dependencies, (int){ (int)dep });
            }
        }
    }
  return TRUE;
}

static gboolean
read_interface (Reader *r, xmlNode *node, char **identifier)
{
  *identifier = attr (node, "modelIdentifier");
  if (*identifier == NULL || **identifier == '\0')
    return fail (r, node, "modelIdentifier is missing");
  for (const char *p = *identifier; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return fail (r, node, "modelIdentifier '%s' is not a valid C name", *identifier);
  return TRUE;
}

static gboolean
read_root (Reader *r, OrrFmuDescription *d, xmlNode *root)
{
  xmlNode *me, *cs, *experiment, *variables, *structure;
  gint64 n_indicators, order;

  if (root == NULL || !is_element (root, "fmiModelDescription"))
    return fail (r, root, "the root element must be <fmiModelDescription>");
  d->fmi_version = attr (root, "fmiVersion");
  if (d->fmi_version == NULL || strcmp (d->fmi_version, "2.0") != 0)
    return fail (r, root, "fmiVersion is '%s'; only FMI 2.0 is supported",
                 d->fmi_version != NULL ? d->fmi_version : "(missing)");
  d->model_name = attr (root, "modelName");
  d->guid = attr (root, "guid");
  d->description = attr (root, "description");
  d->generation_tool = attr (root, "generationTool");
  if (d->model_name == NULL)
    return fail (r, root, "modelName is missing");
  if (d->guid == NULL)
    return fail (r, root, "guid is missing");
  if (!read_uint (r, root, "numberOfEventIndicators", 0, 0, &n_indicators))
    return FALSE;
  d->n_event_indicators = (guint)n_indicators;

  me = child (root, "ModelExchange");
  cs = child (root, "CoSimulation");
  if (me == NULL && cs == NULL)
    return fail (r, root, "neither <ModelExchange> nor <CoSimulation> is given");
  if (me != NULL)
    {
      d->interfaces |= ORR_FMU_MODEL_EXCHANGE;
      if (!read_interface (r, me, &d->me_identifier)
          || !read_bool (r, me, "needsExecutionTool", &d->me_needs_execution_tool)
          || !read_bool (r, me, "completedIntegratorStepNotNeeded",
                         &d->me_completed_integrator_step_not_needed)
          || !read_bool (r, me, "canGetAndSetFMUstate", &d->me_can_get_and_set_fmu_state))
        return FALSE;
    }
  if (cs != NULL)
    {
      d->interfaces |= ORR_FMU_CO_SIMULATION;
      if (!read_interface (r, cs, &d->cs_identifier)
          || !read_bool (r, cs, "needsExecutionTool", &d->cs_needs_execution_tool)
          || !read_bool (r, cs, "canHandleVariableCommunicationStepSize",
                         &d->cs_can_handle_variable_step_size)
          || !read_bool (r, cs, "canInterpolateInputs", &d->cs_can_interpolate_inputs)
          || !read_bool (r, cs, "canRunAsynchronuously", &d->cs_can_run_asynchronously)
          || !read_bool (r, cs, "canGetAndSetFMUstate", &d->cs_can_get_and_set_fmu_state)
          || !read_uint (r, cs, "maxOutputDerivativeOrder", 0, 0, &order))
        return FALSE;
      d->cs_max_output_derivative_order = (int)order;
    }

  d->start_time = d->stop_time = d->tolerance = d->step_size = NAN;
  experiment = child (root, "DefaultExperiment");
  if (experiment != NULL)
    {
      d->has_default_experiment = TRUE;
      if (!read_real (r, experiment, "startTime", &d->start_time)
          || !read_real (r, experiment, "stopTime", &d->stop_time)
          || !read_real (r, experiment, "tolerance", &d->tolerance)
          || !read_real (r, experiment, "stepSize", &d->step_size))
        return FALSE;
    }

  variables = child (root, "ModelVariables");
  if (variables == NULL)
    return fail (r, root, "<ModelVariables> is missing");
  for (xmlNode *n = variables->children; n != NULL; n = n->next)
    if (is_element (n, "ScalarVariable") && !read_variable (r, d, n))
      return FALSE;
  for (guint i = 0; i < d->variables->len; i++)
    {
      OrrFmuVariable *v = g_ptr_array_index (d->variables, i);

      if (v->derivative > (int)d->variables->len)
        return fail (r, variables,
                     "variable '%s' is the derivative of variable %d, which "
                     "does not exist",
                     v->name, v->derivative);
    }

  structure = child (root, "ModelStructure");
  if (structure == NULL)
    return fail (r, root, "<ModelStructure> is missing");
  if (!read_unknowns (r, d, child (structure, "Outputs"), d->outputs)
      || !read_unknowns (r, d, child (structure, "Derivatives"), d->derivatives)
      || !read_unknowns (r, d, child (structure, "InitialUnknowns"), d->initial_unknowns))
    return FALSE;
  d->n_states = d->derivatives->len;
  for (guint i = 0; i < d->derivatives->len; i++)
    {
      OrrFmuUnknown *u = &g_array_index (d->derivatives, OrrFmuUnknown, i);
      OrrFmuVariable *v = g_ptr_array_index (d->variables, u->index - 1);

      if (v->type != ORR_FMU_REAL || v->derivative == 0)
        return fail (r, structure,
                     "derivative %u (variable '%s') is not the derivative of a "
                     "Real state",
                     i + 1, v->name);
    }
  for (guint i = 0; i < d->outputs->len; i++)
    {
      OrrFmuUnknown *u = &g_array_index (d->outputs, OrrFmuUnknown, i);
      OrrFmuVariable *v = g_ptr_array_index (d->variables, u->index - 1);

      if (v->causality != ORR_FMU_CAUSALITY_OUTPUT)
        return fail (r, structure, "output %u (variable '%s') does not have causality output",
                     i + 1, v->name);
    }
  return TRUE;
}

static OrrFmuDescription *
description_new (void)
{
  OrrFmuDescription *d = g_new0 (OrrFmuDescription, 1);

  d->variables = g_ptr_array_new_with_free_func ((GDestroyNotify)variable_free);
  d->outputs = g_array_new (FALSE, TRUE, sizeof (OrrFmuUnknown));
  d->derivatives = g_array_new (FALSE, TRUE, sizeof (OrrFmuUnknown));
  d->initial_unknowns = g_array_new (FALSE, TRUE, sizeof (OrrFmuUnknown));
  g_array_set_clear_func (d->outputs, (GDestroyNotify)unknown_clear);
  g_array_set_clear_func (d->derivatives, (GDestroyNotify)unknown_clear);
  g_array_set_clear_func (d->initial_unknowns, (GDestroyNotify)unknown_clear);
  return d;
}

void
orr_fmu_description_free (OrrFmuDescription *d)
{
  if (d == NULL)
    return;
  g_free (d->path);
  g_free (d->sha256);
  g_free (d->folder);
  g_free (d->fmi_version);
  g_free (d->model_name);
  g_free (d->guid);
  g_free (d->description);
  g_free (d->generation_tool);
  g_free (d->me_identifier);
  g_free (d->cs_identifier);
  g_ptr_array_unref (d->variables);
  g_array_unref (d->outputs);
  g_array_unref (d->derivatives);
  g_array_unref (d->initial_unknowns);
  g_free (d);
}

OrrFmuDescription *
orr_fmu_description_read (const char *xml_path, const char *fmu_name, GError **error)
{
  g_autoptr (OrrFmuDescription) d = description_new ();
  Reader r = { fmu_name, error };
  xmlDoc *doc;
  gboolean ok;

  g_autoptr (GError) read_error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *message = NULL;
  gsize length = 0;
  int line = 1;

  if (!orr_read_input_file (xml_path, ORR_MAX_MODEL_FILE_BYTES, &data, &length, &read_error))
    {
      if (g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION,
                     "FMU '%s': it holds no " DESCRIPTION_FILE, fmu_name);
      else
        g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION, "FMU '%s': %s", fmu_name,
                     read_error->message);
      return NULL;
    }
  doc = orr_xml_read_memory (data, length, &message, &line);
  if (doc == NULL)
    {
      g_set_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION,
                   "FMU '%s': " DESCRIPTION_FILE ", line %d: %s", fmu_name, line, message);
      return NULL;
    }
  ok = read_root (&r, d, xmlDocGetRootElement (doc));
  xmlFreeDoc (doc);
  return ok ? g_steal_pointer (&d) : NULL;
}

OrrFmuDescription *
orr_fmu_describe (const char *path, GError **error)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *hash = NULL;
  g_autofree char *folder = orr_fmu_unpack (path, &hash, error);
  g_autofree char *xml = NULL;
  OrrFmuDescription *d;

  if (folder == NULL)
    return NULL;
  xml = g_build_filename (folder, DESCRIPTION_FILE, NULL);
  d = orr_fmu_description_read (xml, name, error);
  if (d == NULL)
    return NULL;
  d->path = g_strdup (path);
  d->sha256 = g_steal_pointer (&hash);
  d->folder = g_steal_pointer (&folder);
  return d;
}

/* ---- questions ---------------------------------------------------------- */

const OrrFmuVariable *
orr_fmu_description_find (const OrrFmuDescription *d, const char *name)
{
  for (guint i = 0; i < d->variables->len; i++)
    {
      const OrrFmuVariable *v = g_ptr_array_index (d->variables, i);

      if (strcmp (v->name, name) == 0)
        return v;
    }
  return NULL;
}

static GPtrArray *
select_variables (const OrrFmuDescription *d, OrrFmuCausality causality, gboolean ports_only)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < d->variables->len; i++)
    {
      OrrFmuVariable *v = g_ptr_array_index (d->variables, i);

      if (v->causality == causality
          && (!ports_only || v->type == ORR_FMU_REAL || v->type == ORR_FMU_INTEGER
              || v->type == ORR_FMU_BOOLEAN))
        g_ptr_array_add (list, v);
    }
  return list;
}

GPtrArray *
orr_fmu_description_list (const OrrFmuDescription *d, OrrFmuCausality causality)
{
  return select_variables (d, causality, FALSE);
}

GPtrArray *
orr_fmu_description_ports (const OrrFmuDescription *d, OrrFmuCausality causality)
{
  return select_variables (d, causality, TRUE);
}

gboolean
orr_fmu_description_output_depends_on (const OrrFmuDescription *d, int output, int input)
{
  for (guint i = 0; i < d->outputs->len; i++)
    {
      const OrrFmuUnknown *u = &g_array_index (d->outputs, OrrFmuUnknown, i);

      if (u->index != output)
        continue;
      if (!u->dependencies_given)
        return TRUE;
      for (guint k = 0; k < u->dependencies->len; k++)
        if (g_array_index (u->dependencies, int, k) == input)
          return TRUE;
      return FALSE;
    }
  /* An output ModelStructure does not list: nothing is known, assume the worst. */
  return TRUE;
}

char *
orr_fmu_param_name (const char *variable_name)
{
  return g_strconcat (ORR_FMU_PARAM_PREFIX, variable_name, NULL);
}

const char *
orr_fmu_type_name (OrrFmuType type)
{
  return type >= 0 && type < (int)G_N_ELEMENTS (type_names) - 1 ? type_names[type] : "?";
}

const char *
orr_fmu_causality_name (OrrFmuCausality causality)
{
  return causality >= 0 && causality < (int)G_N_ELEMENTS (causality_names) - 1
           ? causality_names[causality]
           : "?";
}
