/* orr-editor.c: editing steps that need the block classes: adding a
 * block with its class's ports, and keeping a block's ports in line with
 * its parameters. Shared by the canvas and the parameter dialogs, which
 * translate the undo steps' names where they show them.
 *
 * Parameters a block does not set take their class default (the
 * interface and the compiler both read them so), so a new block stores
 * none: files stay small and a changed default reaches old blocks. */
#include <orrery/orr-editor.h>

#include <string.h>
#include <orrery/orr-evaluate.h>
#include <orrery/orr-interface.h>

#define SUPER_BLOCK_TYPE "SuperBlock"

/* The port blocks inside a super block, by the port kind they make. */
static const struct
{
  const char *type;
  OrrPortKind kind;
} port_blocks[] = {
  { "Input", ORR_PORT_IN },
  { "Output", ORR_PORT_OUT },
  { "EventInput", ORR_PORT_EVENT_IN },
  { "EventOutput", ORR_PORT_EVENT_OUT },
};

static gboolean
is_port_block (const char *type)
{
  for (guint k = 0; k < G_N_ELEMENTS (port_blocks); k++)
    if (g_strcmp0 (type, port_blocks[k].type) == 0)
      return TRUE;
  return FALSE;
}

static guint
count_of_type (OrrDiagram *diagram, const char *type)
{
  guint n = 0;

  for (guint i = 0; i < diagram->blocks->len; i++)
    n += g_strcmp0 (((OrrBlock *)g_ptr_array_index (diagram->blocks, i))->type, type) == 0;
  return n;
}

static OrrBlockInterface *
interface_in_scope (OrrModel *model, OrrRegistry *registry, const OrrBlockClass *klass,
                    OrrBlock *block, OrrDiagram *diagram, GError **error)
{
  g_autoptr (OrrEvaluation) evaluation = NULL;
  OrrScope *scope;

  evaluation = orr_evaluate_model_with_registry (model, NULL, registry);
  scope = orr_evaluation_get_scope (evaluation, diagram);
  return orr_block_class_interface (klass, block, scope, error);
}

/* The names a class gives its ports (an FMU's variables). A class that
 * names none of a kind leaves that kind's labels alone; one that names
 * some owns them all, so a port it no longer names loses its old name. */
static void
label_ports (OrrModel *model, OrrBlock *block, OrrPortKind kind, const OrrPortShape *shapes, int n)
{
  gboolean named = FALSE;

  for (int i = 0; i < n; i++)
    named |= shapes[i].label != NULL;
  if (!named)
    return;
  for (int i = 0; i < n && (guint)i < orr_block_get_port_count (block, kind); i++)
    orr_model_set_port_label (model, block, kind, (guint)i + 1, shapes[i].label);
}

OrrBlock *
orr_editor_add_block (OrrModel *model, OrrDiagram *diagram, OrrRegistry *registry, const char *type,
                      const OrrRect *geometry, GError **error)
{
  const OrrBlockClass *klass = NULL;
  g_autoptr (OrrBlockInterface) iface = NULL;
  guint counts[ORR_N_PORT_KINDS] = { 0 };
  g_autofree char *label = NULL;
  OrrRect where = geometry != NULL ? *geometry : (OrrRect){ 0, 0, 0, 0 };
  OrrBlock *block;

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (diagram != NULL, NULL);
  g_return_val_if_fail (type != NULL, NULL);

  if (strcmp (type, SUPER_BLOCK_TYPE) != 0)
    {
      g_autoptr (GError) local = NULL;

      klass = registry != NULL ? orr_registry_lookup (registry, type) : NULL;
      if (klass == NULL)
        {
          g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                       "There is no block type “%s”", type);
          return NULL;
        }
      /* defaults are nearly always literals: try without evaluating the
       * whole model first */
      iface = orr_block_class_interface (klass, NULL, NULL, &local);
      if (iface == NULL)
        iface = interface_in_scope (model, registry, klass, NULL, diagram, NULL);
      if (iface != NULL)
        {
          counts[ORR_PORT_IN] = MAX (iface->n_in, 0);
          counts[ORR_PORT_OUT] = MAX (iface->n_out, 0);
          counts[ORR_PORT_EVENT_IN] = MAX (iface->n_evin, 0);
          counts[ORR_PORT_EVENT_OUT] = MAX (iface->n_evout, 0);
        }
      else
        g_debug ("block type %s does not configure with its defaults: %s", type, local->message);
    }

  if (where.width <= 0 || where.height <= 0)
    orr_block_default_size (counts[ORR_PORT_IN], counts[ORR_PORT_OUT], counts[ORR_PORT_EVENT_IN],
                            counts[ORR_PORT_EVENT_OUT], &where.width, &where.height);
  label = orr_diagram_new_label (diagram, type);

  orr_model_begin (model, "Add Block");
  if (klass == NULL)
    block = orr_model_add_super_block (model, diagram, &where);
  else
    block = orr_model_add_block (model, diagram, type, &where);
  orr_model_set_block_label (model, block, label);
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    if (counts[kind] != orr_block_get_port_count (block, kind))
      orr_model_set_port_count (model, block, kind, counts[kind]);
  if (iface != NULL)
    {
      label_ports (model, block, ORR_PORT_IN, iface->in, iface->n_in);
      label_ports (model, block, ORR_PORT_OUT, iface->out, iface->n_out);
    }
  if (diagram->owner != NULL && is_port_block (type))
    {
      /* A new port block inside a super block is the next port, and the
       * super block grows it, in the same undo step. */
      g_autofree char *number = g_strdup_printf ("%u", count_of_type (diagram, type));

      orr_model_set_param (model, block, "port", number);
      orr_editor_sync_ports (model, registry, diagram->owner, NULL);
    }
  orr_model_commit (model);
  return block;
}

gboolean
orr_editor_after_removal (OrrModel *model, OrrRegistry *registry, OrrDiagram *diagram)
{
  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (diagram != NULL, FALSE);

  if (diagram->owner == NULL)
    return FALSE;
  orr_model_renumber_ports (model, diagram);
  return orr_editor_sync_ports (model, registry, diagram->owner, NULL);
}

/* The number of the port a port block stands for: its "port" parameter,
 * 1 when it has none. */
static guint
port_block_number (OrrEvaluation *evaluation, OrrBlock *port_block)
{
  const char *expr = orr_block_get_param (port_block, "port");
  OrrValue *value;
  char *end = NULL;
  gint64 n;

  if (expr == NULL)
    return 1;
  n = g_ascii_strtoll (expr, &end, 10);
  if (end != expr && *g_strstrip (end) == '\0' && n > 0)
    return (guint)n;
  /* an expression: what the evaluation made of it */
  value = evaluation != NULL ? orr_evaluation_get_param (evaluation, port_block, "port") : NULL;
  if (value != NULL && orr_value_is_scalar (value) && orr_value_get_real (value, 0) >= 1)
    return (guint)orr_value_get_real (value, 0);
  return 1;
}

static gboolean
sync_super_block (OrrModel *model, OrrRegistry *registry, OrrBlock *block)
{
  g_autoptr (OrrEvaluation) evaluation = NULL;
  guint counts[ORR_N_PORT_KINDS] = { 0 };
  gboolean needs_evaluation = FALSE;

  for (guint i = 0; i < block->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (block->child->blocks, i);
      const char *expr = orr_block_get_param (b, "port");
      char *end = NULL;
      if (expr != NULL)
        {
          g_ascii_strtoll (expr, &end, 10);
          needs_evaluation |= end == expr || *end != '\0';
        }
    }
  if (needs_evaluation)
    evaluation = orr_evaluate_model_with_registry (model, NULL, registry);

  for (guint i = 0; i < block->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (block->child->blocks, i);
      for (guint k = 0; k < G_N_ELEMENTS (port_blocks); k++)
        if (strcmp (b->type, port_blocks[k].type) == 0)
          counts[port_blocks[k].kind]
            = MAX (counts[port_blocks[k].kind], port_block_number (evaluation, b));
    }

  orr_model_begin (model, "Update Ports");
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    if (counts[kind] != orr_block_get_port_count (block, kind))
      orr_model_set_port_count (model, block, kind, counts[kind]);
  /* the labels of the port blocks name the super block's ports */
  orr_model_sync_super_ports (model, block);
  orr_model_commit (model);
  return TRUE;
}

gboolean
orr_editor_sync_ports (OrrModel *model, OrrRegistry *registry, OrrBlock *block, GError **error)
{
  const OrrBlockClass *klass;
  g_autoptr (OrrBlockInterface) iface = NULL;

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (block != NULL, FALSE);

  if (orr_block_is_super (block))
    return sync_super_block (model, registry, block);
  if (orr_block_is_annotation (block))
    return TRUE; /* a text has no ports */

  klass = registry != NULL ? orr_registry_lookup (registry, block->type) : NULL;
  if (klass == NULL)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID, "There is no block type “%s”",
                   block->type);
      return FALSE;
    }
  iface = interface_in_scope (model, registry, klass, block, block->parent, error);
  if (iface == NULL)
    return FALSE;
  orr_editor_apply_interface (model, block, iface);
  return TRUE;
}

/* Does a class that names ports of this kind name them otherwise than
 * the block has them? */
static gboolean
labels_differ (OrrBlock *block, OrrPortKind kind, const OrrPortShape *shapes, int n)
{
  gboolean named = FALSE;

  for (int i = 0; i < n; i++)
    named |= shapes[i].label != NULL;
  if (!named)
    return FALSE;
  for (int i = 0; i < n && (guint)i < orr_block_get_port_count (block, kind); i++)
    if (g_strcmp0 (((OrrPort *)g_ptr_array_index (block->ports[kind], i))->label, shapes[i].label)
        != 0)
      return TRUE;
  return FALSE;
}

gboolean
orr_editor_apply_interface (OrrModel *model, OrrBlock *block, const OrrBlockInterface *iface)
{
  guint counts[ORR_N_PORT_KINDS];
  gboolean differs = FALSE;

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (block != NULL && iface != NULL, FALSE);

  counts[ORR_PORT_IN] = MAX (iface->n_in, 0);
  counts[ORR_PORT_OUT] = MAX (iface->n_out, 0);
  counts[ORR_PORT_EVENT_IN] = MAX (iface->n_evin, 0);
  counts[ORR_PORT_EVENT_OUT] = MAX (iface->n_evout, 0);
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    differs |= counts[kind] != orr_block_get_port_count (block, kind);
  differs |= labels_differ (block, ORR_PORT_IN, iface->in, iface->n_in)
             || labels_differ (block, ORR_PORT_OUT, iface->out, iface->n_out);
  if (!differs)
    return FALSE;
  orr_model_begin (model, "Update Ports");
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    if (counts[kind] != orr_block_get_port_count (block, kind))
      orr_model_set_port_count (model, block, kind, counts[kind]);
  label_ports (model, block, ORR_PORT_IN, iface->in, iface->n_in);
  label_ports (model, block, ORR_PORT_OUT, iface->out, iface->n_out);
  orr_model_commit (model);
  return TRUE;
}

gboolean
orr_editor_set_params (OrrModel *model, OrrRegistry *registry, OrrBlock *block,
                       const char *const *names, const char *const *exprs, const char *description,
                       GError **error)
{
  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (block != NULL, FALSE);
  g_return_val_if_fail (names != NULL && exprs != NULL, FALSE);

  orr_model_begin (model, description != NULL ? description : "Set Parameters");
  for (guint i = 0; names[i] != NULL && exprs[i] != NULL; i++)
    if (g_strcmp0 (orr_block_get_param (block, names[i]), exprs[i]) != 0)
      orr_model_set_param (model, block, names[i], exprs[i]);
  if (!orr_editor_sync_ports (model, registry, block, error))
    {
      /* nothing of a refused change stays */
      orr_model_rollback (model);
      return FALSE;
    }
  orr_model_commit (model);
  return TRUE;
}
