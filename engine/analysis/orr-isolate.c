/* orr-isolate.c: a super block cut out of its model for analysis.
 *
 * The model is copied twice. The first copy is the whole model with a
 * probe on each signal that enters the block: compiled and simulated up
 * to the operating point, it gives the block's states there and the
 * values (and sizes) of its inputs. The second copy keeps only the block
 * and the super blocks around it (so that every context and mask it sees
 * still runs); its inputs are driven by sources whose buffers the
 * analysis writes, and its outputs end in probes whose buffers it reads.
 * The blocks in a copy keep their paths, so states match by path.
 */
#include "orr-analysis-private.h"

#include <math.h>
#include <string.h>

#include <orrery/orr-io.h>
#include <orrery/orr-probe.h>

#define LIN_INPUT_CLASS "__LinearizationInput"
#define LIN_OUTPUT_CLASS "__LinearizationOutput"

/* clang-format off */
/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_analysis_error_quark (void)
{
  return g_quark_from_static_string ("orr-analysis-error-quark");
}
/* clang-format on */

/* ---- the two block classes an analysis adds ------------------------------ */

static const OrrParamSpec lin_input_params[] = {
  { "value", "Operating value", "0", "The input's value at the operating point." },
};

static gboolean
lin_input_configure (OrrConfig *config, GError **error)
{
  const double *value;
  int rows, cols;

  if (!orr_config_get_doubles (config, "value", &value, &rows, &cols, error))
    return FALSE;
  if (rows * cols == 0)
    rows = cols = 1;
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, value, rows * cols);
  /* never constant: what it feeds must be evaluated again each time the
   * analysis writes the buffer */
  orr_config_set_always_active (config, TRUE);
  return TRUE;
}

static void
lin_input_simulate (OrrSimBlock *block, OrrJob job)
{
  /* Only the first outputs: afterwards the buffer is the analysis's. */
  if (job == ORR_JOB_OUTPUTS && block->time->phase == ORR_PHASE_INIT)
    {
      double *out = orr_block_real_out (block, 0);
      int n = orr_block_out_numel (block, 0);

      for (int i = 0; i < n; i++)
        out[i] = i < block->n_rpar ? block->rpar[i] : 0.0;
    }
}

static const OrrBlockClass lin_input_class = {
  .name = LIN_INPUT_CLASS,
  .label = "Linearization input",
  .description = "An input of a block under analysis.",
  .params = lin_input_params,
  .n_params = G_N_ELEMENTS (lin_input_params),
  .configure = lin_input_configure,
  .simulate = lin_input_simulate,
};

static gboolean
lin_output_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  return TRUE;
}

static void
lin_output_simulate (OrrSimBlock *block, OrrJob job)
{
}

static const OrrBlockClass lin_output_class = {
  .name = LIN_OUTPUT_CLASS,
  .label = "Linearization output",
  .description = "An output of a block under analysis.",
  .configure = lin_output_configure,
  .simulate = lin_output_simulate,
};

static OrrRegistry *
registry_with_probes (OrrRegistry *registry)
{
  OrrRegistry *copy = orr_registry_new ();

  for (guint i = 0; i < orr_registry_get_n_classes (registry); i++)
    orr_registry_add (copy, orr_registry_get_class (registry, i));
  orr_registry_add (copy, &lin_input_class);
  orr_registry_add (copy, &lin_output_class);
  return copy;
}

/* ---- model surgery --------------------------------------------------------- */

static OrrModel *
copy_model (OrrModel *model, GError **error)
{
  gsize length;
  g_autofree char *data = orr_model_save_to_data (model, &length);

  return orr_model_load_data (data, length, "(model copy)", error);
}

typedef struct
{
  const char *path;
  OrrBlock *found;
} FindBlock;

static void
find_block_cb (OrrBlock *block, gpointer data)
{
  FindBlock *find = data;
  g_autofree char *path = NULL;

  if (find->found != NULL || !orr_block_is_super (block))
    return;
  path = orr_block_get_path (block);
  if (g_strcmp0 (path, find->path) == 0)
    find->found = block;
}

static OrrBlock *
find_super_block (OrrModel *model, const char *path, GError **error)
{
  FindBlock find = { path, NULL };

  orr_diagram_foreach_block (orr_model_get_root (model), find_block_cb, &find);
  if (find.found == NULL)
    g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_BLOCK,
                 "there is no super block '%s' in the model (a path is the labels from the top "
                 "down, such as Plant/Motor)",
                 path);
  return find.found;
}

static OrrLink *
link_into (OrrDiagram *diagram, const char *block_id, guint port)
{
  for (guint i = 0; i < diagram->links->len; i++)
    {
      OrrLink *link = g_ptr_array_index (diagram->links, i);

      if (link->kind == ORR_LINK_REGULAR && link->to.kind == ORR_PORT_IN && link->to.port == port
          && strcmp (link->to.block, block_id) == 0)
        return link;
    }
  return NULL;
}

static OrrBlock *
insert_probe (OrrModel *model, OrrDiagram *diagram, const char *type, const char *id,
              const char *value, GError **error)
{
  g_autoptr (OrrBlock) block = orr_block_new (id, type);

  if (strcmp (type, LIN_INPUT_CLASS) == 0)
    {
      orr_block_set_ports (block, ORR_PORT_OUT, 1);
      orr_block_add_param (block, "value", value != NULL ? value : "0");
    }
  else
    orr_block_set_ports (block, ORR_PORT_IN, 1);
  g_free (block->label);
  block->label = g_strdup (id);
  if (!orr_model_insert_block (model, diagram, block, error))
    return NULL;
  return block;
}

static gboolean
connect (OrrModel *model, OrrDiagram *diagram, const char *from, guint from_port, const char *to,
         guint to_port, GError **error)
{
  OrrEndpoint a = { (char *)from, ORR_PORT_OUT, from_port };
  OrrEndpoint b = { (char *)to, ORR_PORT_IN, to_port };

  return orr_model_connect (model, diagram, &a, &b, error) != NULL;
}

static char *
matrix_text (const double *v, int rows, int cols)
{
  GString *s = g_string_new ("[");

  for (int r = 0; r < rows; r++)
    {
      for (int c = 0; c < cols; c++)
        {
          g_autofree char *x = orr_format_double (v[r + c * rows]);

          g_string_append_printf (s, "%s%s", c > 0 ? " " : "", x);
        }
      if (r + 1 < rows)
        g_string_append (s, "; ");
    }
  g_string_append (s, "]");
  return g_string_free (s, FALSE);
}

/* Keeps, in every diagram from the root down to the block's, only the
 * super block on the way. */
static void
prune_around (OrrModel *model, OrrBlock *keep)
{
  for (OrrBlock *b = keep; b != NULL; b = b->parent->owner)
    {
      OrrDiagram *diagram = b->parent;
      g_autoptr (GPtrArray) doomed = g_ptr_array_new ();

      for (guint i = 0; i < diagram->blocks->len; i++)
        if (g_ptr_array_index (diagram->blocks, i) != b)
          g_ptr_array_add (doomed, g_ptr_array_index (diagram->blocks, i));
      for (guint i = 0; i < doomed->len; i++)
        orr_model_remove_block (model, g_ptr_array_index (doomed, i));
    }
}

static int
port_number_of (OrrBlock *block)
{
  g_autofree char *text = g_strdup (orr_block_get_param (block, "port"));
  gint64 n = 1;

  if (text != NULL && !g_ascii_string_to_signed (g_strstrip (text), 10, 1, 1000, &n, NULL))
    n = 1;
  return (int)n;
}

static int
program_block_by_path (const OrrProgram *program, const char *path)
{
  for (int b = 0; b < program->n_blocks; b++)
    if (g_strcmp0 (program->blocks[b].path, path) == 0)
      return b;
  return -1;
}

static char *
child_path (const char *parent, const char *name)
{
  return parent == NULL || parent[0] == '\0' ? g_strdup (name)
                                             : g_strdup_printf ("%s/%s", parent, name);
}

OrrScope *
orr_analysis_flagged_overrides (OrrScope *overrides)
{
  OrrScope *scope = orr_scope_new (NULL);
  g_autoptr (OrrValue) one = orr_value_new_bool (TRUE);

  if (overrides != NULL)
    {
      g_auto (GStrv) names = orr_scope_list_local (overrides);

      for (int i = 0; names[i] != NULL; i++)
        {
          OrrValue *v = orr_scope_lookup (overrides, names[i]);

          if (v != NULL)
            orr_scope_pin (scope, names[i], v);
        }
      /* hidden names (the base) are not found by lookup: copy those too */
      for (int i = 0; names[i] != NULL; i++)
        if (orr_scope_name_is_hidden (names[i]))
          {
            OrrValue *v = orr_scope_lookup_base_value (overrides, names[i]);

            if (v != NULL)
              orr_scope_set_base_value (scope, names[i], v);
          }
    }
  orr_scope_set_base_value (scope, ORR_IN_LINEARIZATION, one);
  return scope;
}

static OrrProgram *
compile_for_analysis (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                      const OrrCompileOptions *options, GError **error)
{
  g_autoptr (GError) local = NULL;
  OrrProgram *program
    = orr_compile_with_options (model, registry, overrides, options, NULL, &local);

  if (program == NULL)
    g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED, "%s", local->message);
  return program;
}

/* ---- the operating point ------------------------------------------------------ */

typedef struct
{
  GHashTable *states;  /* block path -> double[nx] */
  GHashTable *dstates; /* block path -> double[nz]: discrete states */
  int n_ports;
  int *rows, *cols; /* per input port of the block (1 x 1 when unconnected) */
  double **values;
} OperatingPoint;

static void
operating_point_clear (OperatingPoint *op)
{
  g_clear_pointer (&op->states, g_hash_table_unref);
  g_clear_pointer (&op->dstates, g_hash_table_unref);
  for (int i = 0; i < op->n_ports; i++)
    g_free (op->values[i]);
  g_free (op->values);
  g_free (op->rows);
  g_free (op->cols);
}

/* The whole model, with probes on the block's inputs, at at_time. */
static gboolean
operating_point (OrrModel *model, OrrRegistry *registry, const char *block_path,
                 OrrScope *overrides, double at_time, const OrrCompileOptions *options,
                 OperatingPoint *op, GError **error)
{
  g_autoptr (OrrModel) copy = copy_model (model, error);
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  g_autofree char *parent_path = NULL;
  g_autofree char *prefix = NULL;
  OrrBlock *block;
  gboolean run;

  if (copy == NULL)
    return FALSE;
  block = find_super_block (copy, block_path, error);
  if (block == NULL)
    return FALSE;
  parent_path
    = block->parent->owner != NULL ? orr_block_get_path (block->parent->owner) : g_strdup ("");
  op->n_ports = (int)orr_block_get_port_count (block, ORR_PORT_IN);
  op->rows = g_new0 (int, MAX (op->n_ports, 1));
  op->cols = g_new0 (int, MAX (op->n_ports, 1));
  op->values = g_new0 (double *, MAX (op->n_ports, 1));
  orr_model_begin (copy, "probes");
  for (int k = 0; k < op->n_ports; k++)
    {
      OrrLink *link = link_into (block->parent, block->id, k + 1);
      g_autofree char *id = g_strdup_printf ("__lin_probe_%d", k + 1);
      g_autofree char *from = NULL;
      guint from_port;

      if (link == NULL)
        continue;
      from = g_strdup (link->from.block);
      from_port = link->from.port;
      if (insert_probe (copy, block->parent, LIN_OUTPUT_CLASS, id, NULL, error) == NULL
          || !connect (copy, block->parent, from, from_port, id, 1, error))
        {
          orr_model_commit (copy);
          return FALSE;
        }
    }
  orr_model_commit (copy);

  program = compile_for_analysis (copy, registry, overrides, options, error);
  if (program == NULL)
    return FALSE;
  run = isfinite (at_time) && at_time > program->settings.start_time;
  if (run)
    program->settings.final_time = at_time;
  sim = orr_simulation_new (program);
  if (run)
    {
      g_autoptr (GError) local = NULL;

      if (!orr_simulation_run (sim, &local))
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                       "simulating the model to the operating point (t = %g s) failed: %s", at_time,
                       local->message);
          return FALSE;
        }
    }
  else
    {
      g_autoptr (GError) local = NULL;

      if (!orr_simulation_probe_begin (sim, &local)
          || !orr_simulation_probe_eval (sim, program->settings.start_time, NULL, &local))
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                       "evaluating the model at its start failed: %s", local->message);
          return FALSE;
        }
    }

  for (int k = 0; k < op->n_ports; k++)
    {
      g_autofree char *id = g_strdup_printf ("__lin_probe_%d", k + 1);
      g_autofree char *path = child_path (parent_path, id);
      int b = program_block_by_path (program, path);
      const OrrInputRef *in;
      int n;

      if (b < 0)
        {
          op->rows[k] = op->cols[k] = 1;
          op->values[k] = g_new0 (double, 1);
          continue;
        }
      in = &program->blocks[b].in[0];
      if (in->type != ORR_TYPE_DOUBLE)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                       "%s, input %d: only real (double) signals can be linearized, not %s",
                       block_path, k + 1, orr_type_name (in->type));
          return FALSE;
        }
      op->rows[k] = in->rows;
      op->cols[k] = in->cols;
      n = in->rows * in->cols;
      op->values[k] = g_new0 (double, MAX (n, 1));
      if (in->buffer >= 0)
        memcpy (op->values[k], orr_simulation_probe_buffer (sim, in->buffer), sizeof (double) * n);
    }

  op->states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  prefix = g_strconcat (block_path, "/", NULL);
  op->dstates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  {
    const double *x = orr_simulation_probe_states (sim);
    const double *z = orr_simulation_probe_discrete_states (sim);

    for (int b = 0; b < program->n_blocks; b++)
      {
        const OrrProgramBlock *pb = &program->blocks[b];

        if (!g_str_has_prefix (pb->path, prefix))
          continue;
        if (pb->nx > 0)
          g_hash_table_insert (op->states, g_strdup (pb->path),
                               g_memdup2 (x + pb->x_offset, sizeof (double) * pb->nx));
        if (pb->nz > 0)
          g_hash_table_insert (op->dstates, g_strdup (pb->path),
                               g_memdup2 (z + pb->z_offset, sizeof (double) * pb->nz));
      }
  }
  if (!run)
    orr_simulation_probe_end (sim);
  return TRUE;
}

/* ---- the isolated block ------------------------------------------------------- */

void
orr_isolated_free (OrrIsolated *iso)
{
  if (iso == NULL)
    return;
  if (iso->sim != NULL)
    {
      orr_simulation_probe_end (iso->sim);
      orr_simulation_free (iso->sim);
    }
  g_clear_pointer (&iso->program, orr_program_free);
  for (int k = 0; iso->u_op != NULL && k < iso->n_in_ports; k++)
    g_free (iso->u_op[k]);
  g_free (iso->u_op);
  g_free (iso->in_buffer);
  g_free (iso->in_numel);
  g_free (iso->out_buffer);
  g_free (iso->out_numel);
  g_free (iso->block_path);
  g_free (iso->x_op);
  g_free (iso->z_op);
  g_free (iso);
}

/* The whole model: its top-level Input and Output blocks become the
 * analysis's own, with the same links. */
static gboolean
replace_root_ports (OrrModel *copy, int *n_in, int *n_out, GError **error)
{
  OrrDiagram *root = orr_model_get_root (copy);
  g_autoptr (GPtrArray) ports = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);

  *n_in = *n_out = 0;
  for (guint i = 0; i < root->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (root->blocks, i);

      if (g_strcmp0 (b->type, "Input") == 0 || g_strcmp0 (b->type, "Output") == 0)
        g_ptr_array_add (ports, orr_block_ref (b));
    }
  for (guint i = 0; i < ports->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (ports, i);
      gboolean input = strcmp (b->type, "Input") == 0;
      int k = port_number_of (b);
      g_autofree char *id = g_strdup_printf (input ? "__lin_in_%d" : "__lin_out_%d", k);
      g_autoptr (GPtrArray) links = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_link_unref);

      for (guint j = 0; j < root->links->len; j++)
        {
          OrrLink *l = g_ptr_array_index (root->links, j);

          if (strcmp (input ? l->from.block : l->to.block, b->id) == 0)
            g_ptr_array_add (links, orr_link_ref (l));
        }
      orr_model_remove_block (copy, b);
      if (orr_model_find_block (copy, id) != NULL)
        continue; /* two port blocks with one number: the first stands */
      if (insert_probe (copy, root, input ? LIN_INPUT_CLASS : LIN_OUTPUT_CLASS, id, "0", error)
          == NULL)
        return FALSE;
      for (guint j = 0; j < links->len; j++)
        {
          OrrLink *l = g_ptr_array_index (links, j);

          if (input ? !connect (copy, root, id, 1, l->to.block, l->to.port, error)
                    : !connect (copy, root, l->from.block, l->from.port, id, 1, error))
            return FALSE;
        }
      if (input)
        *n_in = MAX (*n_in, k);
      else
        *n_out = MAX (*n_out, k);
    }
  return TRUE;
}

static gboolean
find_clock (OrrIsolated *iso, GError **error)
{
  const OrrProgram *program = iso->program;
  const char *first = NULL; /* a block of the clock found first */

  iso->clock = -1;
  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];
      int found = -1;

      if (pb->nz == 0)
        continue;
      for (int s = 0; s < program->n_sources && found < 0; s++)
        for (int i = 0; i < program->sources[s].list.n; i++)
          if (program->sources[s].list.items[i].block == b)
            {
              found = s;
              break;
            }
      if (found < 0 || program->sources[found].kind != ORR_SOURCE_CLOCK
          || !(program->sources[found].period > 0))
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                       "%s has discrete states that no periodic SampleClock updates: only "
                       "sampled systems can be linearized",
                       pb->path);
          return FALSE;
        }
      if (iso->clock >= 0 && iso->clock != found
          && program->sources[iso->clock].period != program->sources[found].period)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                       "mixed sample rates: %s runs every %g s but %s every %g s; linearize "
                       "the parts of one rate separately",
                       pb->path, program->sources[found].period, first,
                       program->sources[iso->clock].period);
          return FALSE;
        }
      if (iso->clock >= 0 && iso->clock != found)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                       "%s and %s are updated by two clocks of the same period; drive them "
                       "from one SampleClock",
                       pb->path, first);
          return FALSE;
        }
      if (iso->clock < 0)
        first = pb->path;
      iso->clock = found;
    }
  return TRUE;
}

OrrIsolated *
orr_isolated_new (OrrModel *model, OrrRegistry *registry, const char *block_path,
                  OrrScope *overrides, double at_time, const OrrCompileOptions *compile_options,
                  GError **error)
{
  g_autoptr (OrrIsolated) iso = g_new0 (OrrIsolated, 1);
  g_autoptr (OrrRegistry) reg = registry_with_probes (registry);
  g_autoptr (OrrScope) flagged = orr_analysis_flagged_overrides (overrides);
  g_autoptr (OrrModel) copy = NULL;
  g_autofree char *parent_path = NULL;
  OperatingPoint op = { 0 };
  gboolean whole = block_path == NULL || block_path[0] == '\0';
  OrrProgram *program;
  g_autoptr (GError) local = NULL;

  iso->block_path = g_strdup (whole ? "" : block_path);
  iso->clock = -1;
  if (!whole
      && !operating_point (model, reg, block_path, flagged, at_time, compile_options, &op, error))
    {
      operating_point_clear (&op);
      return NULL;
    }

  copy = copy_model (model, error);
  if (copy == NULL)
    {
      operating_point_clear (&op);
      return NULL;
    }
  orr_model_begin (copy, "isolate");
  if (whole)
    {
      if (!replace_root_ports (copy, &iso->n_in_ports, &iso->n_out_ports, error))
        {
          orr_model_commit (copy);
          return NULL;
        }
      parent_path = g_strdup ("");
    }
  else
    {
      OrrBlock *block = find_super_block (copy, block_path, error);
      g_autofree char *id = g_strdup (block != NULL ? block->id : "");

      if (block == NULL)
        {
          orr_model_commit (copy);
          operating_point_clear (&op);
          return NULL;
        }
      parent_path
        = block->parent->owner != NULL ? orr_block_get_path (block->parent->owner) : g_strdup ("");
      prune_around (copy, block);
      iso->n_in_ports = (int)orr_block_get_port_count (block, ORR_PORT_IN);
      iso->n_out_ports = (int)orr_block_get_port_count (block, ORR_PORT_OUT);
      for (int k = 0; k < iso->n_in_ports; k++)
        {
          g_autofree char *pid = g_strdup_printf ("__lin_in_%d", k + 1);
          g_autofree char *value = matrix_text (op.values[k], op.rows[k], op.cols[k]);

          if (insert_probe (copy, block->parent, LIN_INPUT_CLASS, pid, value, error) == NULL
              || !connect (copy, block->parent, pid, 1, id, k + 1, error))
            {
              orr_model_commit (copy);
              operating_point_clear (&op);
              return NULL;
            }
        }
      for (int k = 0; k < iso->n_out_ports; k++)
        {
          g_autofree char *pid = g_strdup_printf ("__lin_out_%d", k + 1);

          if (insert_probe (copy, block->parent, LIN_OUTPUT_CLASS, pid, NULL, error) == NULL
              || !connect (copy, block->parent, id, k + 1, pid, 1, error))
            {
              orr_model_commit (copy);
              operating_point_clear (&op);
              return NULL;
            }
        }
    }
  orr_model_commit (copy);

  iso->program = compile_for_analysis (copy, reg, flagged, compile_options, error);
  if (iso->program == NULL)
    {
      operating_point_clear (&op);
      return NULL;
    }
  program = iso->program;
  if (program->needs_dae)
    {
      GString *names = g_string_new (NULL);

      for (int b = 0; b < program->n_blocks; b++)
        if (program->blocks[b].implicit && program->blocks[b].nx > 0)
          g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                  program->blocks[b].path);
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                   "implicit (DAE) blocks cannot be linearized yet: %s", names->str);
      g_string_free (names, TRUE);
      operating_point_clear (&op);
      return NULL;
    }
  if (program->nx > 0 && program->nz > 0)
    {
      GString *names = g_string_new (NULL);

      for (int b = 0; b < program->n_blocks; b++)
        if (program->blocks[b].nz > 0)
          g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                  program->blocks[b].path);
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                   "%s mixes continuous states with discrete ones (%s): a linear model has "
                   "one kind of time; linearize the continuous and the sampled parts separately",
                   whole ? "the model" : block_path, names->str);
      g_string_free (names, TRUE);
      operating_point_clear (&op);
      return NULL;
    }
  if (program->nz > 0 && !find_clock (iso, error))
    {
      operating_point_clear (&op);
      return NULL;
    }

  iso->in_buffer = g_new0 (int, MAX (iso->n_in_ports, 1));
  iso->in_numel = g_new0 (int, MAX (iso->n_in_ports, 1));
  iso->u_op = g_new0 (double *, MAX (iso->n_in_ports, 1));
  iso->out_buffer = g_new0 (int, MAX (iso->n_out_ports, 1));
  iso->out_numel = g_new0 (int, MAX (iso->n_out_ports, 1));
  for (int k = 0; k < iso->n_in_ports; k++)
    {
      g_autofree char *pid = g_strdup_printf ("__lin_in_%d", k + 1);
      g_autofree char *path = child_path (parent_path, pid);
      int b = program_block_by_path (program, path);

      iso->in_buffer[k] = b >= 0 ? program->blocks[b].out[0] : -1;
      iso->in_numel[k] = b >= 0 ? program->buffers[iso->in_buffer[k]].rows
                                    * program->buffers[iso->in_buffer[k]].cols
                                : 0;
      iso->u_op[k] = g_new0 (double, MAX (iso->in_numel[k], 1));
      if (!whole && k < op.n_ports)
        memcpy (iso->u_op[k], op.values[k],
                sizeof (double) * MIN (iso->in_numel[k], op.rows[k] * op.cols[k]));
    }
  for (int k = 0; k < iso->n_out_ports; k++)
    {
      g_autofree char *pid = g_strdup_printf ("__lin_out_%d", k + 1);
      g_autofree char *path = child_path (parent_path, pid);
      int b = program_block_by_path (program, path);
      const OrrInputRef *in = b >= 0 ? &program->blocks[b].in[0] : NULL;

      if (in != NULL && in->type != ORR_TYPE_DOUBLE)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_UNSUPPORTED,
                       "%s, output %d: only real (double) signals can be linearized, not %s",
                       whole ? "the model" : block_path, k + 1, orr_type_name (in->type));
          operating_point_clear (&op);
          return NULL;
        }
      iso->out_buffer[k] = in != NULL ? in->buffer : -1;
      iso->out_numel[k] = in != NULL ? in->rows * in->cols : 0;
    }

  iso->t = isfinite (at_time) && at_time > program->settings.start_time
             ? at_time
             : program->settings.start_time;
  iso->sim = orr_simulation_new (program);
  if (!orr_simulation_probe_begin (iso->sim, &local))
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                   "initialising %s failed: %s", whole ? "the model" : block_path, local->message);
      operating_point_clear (&op);
      return NULL;
    }
  iso->x_op
    = g_memdup2 (orr_simulation_probe_states (iso->sim), sizeof (double) * MAX (program->nx, 1));
  iso->z_op = g_memdup2 (orr_simulation_probe_discrete_states (iso->sim),
                         sizeof (double) * MAX (program->nz, 1));
  if (op.states != NULL && isfinite (at_time) && at_time > program->settings.start_time)
    for (int b = 0; b < program->n_blocks; b++)
      {
        const OrrProgramBlock *pb = &program->blocks[b];
        const double *x = pb->nx > 0 ? g_hash_table_lookup (op.states, pb->path) : NULL;
        const double *z = pb->nz > 0 ? g_hash_table_lookup (op.dstates, pb->path) : NULL;

        if (x != NULL)
          memcpy (iso->x_op + pb->x_offset, x, sizeof (double) * pb->nx);
        if (z != NULL)
          memcpy (iso->z_op + pb->z_offset, z, sizeof (double) * pb->nz);
      }
  if (whole && isfinite (at_time) && at_time > program->settings.start_time)
    {
      /* the whole model has no outside: it runs as it is, its inputs at
       * their operating values, up to the operating time */
      double final = program->settings.final_time;
      g_autoptr (OrrSimulation) run = NULL;
      gboolean ok;

      program->settings.final_time = at_time;
      run = orr_simulation_new (program);
      ok = orr_simulation_run (run, &local);
      program->settings.final_time = final;
      if (!ok)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                       "simulating the model to the operating point (t = %g s) failed: %s", at_time,
                       local->message);
          operating_point_clear (&op);
          return NULL;
        }
      memcpy (iso->x_op, orr_simulation_probe_states (run), sizeof (double) * program->nx);
      memcpy (iso->z_op, orr_simulation_probe_discrete_states (run), sizeof (double) * program->nz);
    }
  operating_point_clear (&op);
  return g_steal_pointer (&iso);
}

int
orr_isolated_n_states (OrrIsolated *iso)
{
  return iso->program->nz > 0 ? iso->program->nz : iso->program->nx;
}

int
orr_isolated_n_in (OrrIsolated *iso)
{
  int n = 0;

  for (int k = 0; k < iso->n_in_ports; k++)
    n += iso->in_numel[k];
  return n;
}

int
orr_isolated_n_out (OrrIsolated *iso)
{
  int n = 0;

  for (int k = 0; k < iso->n_out_ports; k++)
    n += iso->out_numel[k];
  return n;
}

void
orr_isolated_locate (OrrIsolated *iso, gboolean inputs, int index, int *port, int *element)
{
  int n_ports = inputs ? iso->n_in_ports : iso->n_out_ports;
  const int *numel = inputs ? iso->in_numel : iso->out_numel;

  for (int k = 0; k < n_ports; k++)
    {
      if (index < numel[k])
        {
          *port = k;
          *element = index;
          return;
        }
      index -= numel[k];
    }
  *port = -1;
  *element = -1;
}

char *
orr_isolated_state_name (OrrIsolated *iso, int i)
{
  const OrrProgram *program = iso->program;
  gboolean discrete = program->nz > 0;

  for (int b = 0; b < program->n_blocks; b++)
    {
      const OrrProgramBlock *pb = &program->blocks[b];
      int off = discrete ? pb->z_offset : pb->x_offset;
      int n = discrete ? pb->nz : pb->nx;

      if (n > 0 && i >= off && i < off + n)
        return n == 1 ? g_strdup (pb->path) : g_strdup_printf ("%s[%d]", pb->path, i - off + 1);
    }
  return g_strdup_printf ("x%d", i + 1);
}

gboolean
orr_isolated_select (OrrIsolated *iso, gboolean inputs, const int *ports, int n_ports,
                     GArray **elements, GError **error)
{
  int n_all = inputs ? iso->n_in_ports : iso->n_out_ports;
  const int *numel = inputs ? iso->in_numel : iso->out_numel;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  int count = ports != NULL ? n_ports : n_all;

  for (int i = 0; i < count; i++)
    {
      int p = ports != NULL ? ports[i] : i + 1;
      int first = 0;

      if (p < 1 || p > n_all)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_PORTS,
                       "%s has %d %s, so %s %d does not exist",
                       iso->block_path[0] != '\0' ? iso->block_path : "the model", n_all,
                       inputs ? (n_all == 1 ? "input" : "inputs")
                              : (n_all == 1 ? "output" : "outputs"),
                       inputs ? "input" : "output", p);
          g_array_unref (out);
          return FALSE;
        }
      for (int k = 0; k < p - 1; k++)
        first += numel[k];
      for (int e = 0; e < numel[p - 1]; e++)
        {
          int index = first + e;

          g_array_append_val (out, index);
        }
    }
  *elements = out;
  return TRUE;
}

gboolean
orr_isolated_eval (OrrIsolated *iso, const double *x, const double *const *u, double *xdot,
                   double *y, GError **error)
{
  const OrrProgram *program = iso->program;
  OrrSimulation *sim = iso->sim;
  g_autoptr (GError) local = NULL;
  gboolean ok;
  int at = 0;

  for (int k = 0; k < iso->n_in_ports; k++)
    if (iso->in_buffer[k] >= 0)
      memcpy (orr_simulation_probe_buffer (sim, iso->in_buffer[k]), u[k],
              sizeof (double) * iso->in_numel[k]);
  if (program->nz > 0)
    {
      double *z = orr_simulation_probe_discrete_states (sim);

      memcpy (z, x, sizeof (double) * program->nz);
      ok = orr_simulation_probe_fire (sim, iso->clock, iso->t, &local);
      if (ok && xdot != NULL)
        memcpy (xdot, z, sizeof (double) * program->nz);
    }
  else
    {
      if (program->nx > 0)
        memcpy (orr_simulation_probe_states (sim), x, sizeof (double) * program->nx);
      ok = iso->held != NULL ? orr_simulation_probe_eval_held (sim, iso->t, iso->held, xdot, &local)
                             : orr_simulation_probe_eval (sim, iso->t, xdot, &local);
    }
  if (!ok)
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  if (y != NULL)
    for (int k = 0; k < iso->n_out_ports; k++)
      {
        if (iso->out_buffer[k] >= 0)
          memcpy (y + at, orr_simulation_probe_buffer (sim, iso->out_buffer[k]),
                  sizeof (double) * iso->out_numel[k]);
        else
          memset (y + at, 0, sizeof (double) * iso->out_numel[k]);
        at += iso->out_numel[k];
      }
  return TRUE;
}
