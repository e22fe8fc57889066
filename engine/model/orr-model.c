/* orr-model.c: the model object, its edit functions and the undo history.
 *
 * Every edit is broken into primitive operations that are their own
 * inverse when applied twice in the right direction: inserting and removing
 * a block or a link, and swapping a saved copy of some state (a block's
 * attributes, a link's route, a context, the settings) with the live one.
 * A transaction is a list of such operations; undo applies them backwards,
 * redo forwards. Because the operations keep the very objects they removed,
 * undo restores the model exactly, ids and all.
 */
#include "orr-model-private.h"

#include <string.h>

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_model_error_quark (void)
{
  return g_quark_from_static_string ("orr-model-error-quark");
}

/* The part of a block that ordinary edits change. Swapped as a whole. */
typedef struct
{
  char *label;
  OrrRect geometry;
  int rotation;
  gboolean flip;
  GPtrArray *params;
  GPtrArray *ports[ORR_N_PORT_KINDS];
  OrrMask *mask;
  OrrLibraryRef *libref;
} BlockState;

typedef enum
{
  OP_INSERT_BLOCK,
  OP_REMOVE_BLOCK,
  OP_INSERT_LINK,
  OP_REMOVE_LINK,
  OP_SWAP_BLOCK_STATE,
  OP_SWAP_LINK_POINTS,
  OP_SWAP_CONTEXT,
  OP_SWAP_SETTINGS,
} OpKind;

typedef struct
{
  OpKind kind;
  OrrDiagram *diagram;
  OrrBlock *diagram_owner; /* keeps a super block's diagram alive */
  guint index;
  OrrBlock *block;
  OrrLink *link;
  BlockState *state;
  GArray *points;
  char *text;
  OrrSettings settings;
} Op;

typedef struct
{
  char *description;
  GPtrArray *ops; /* of Op*, in the order they were done */
  guint64 serial;
} Transaction;

struct _OrrModel
{
  GObject parent_instance;

  OrrDiagram *root;
  OrrSettings settings;
  GPtrArray *foreign;
  GHashTable *blocks_by_id; /* id -> OrrBlock*, every block attached to the model */
  GHashTable *links_by_id;
  /* block id -> GPtrArray of the links touching it, so that changing a
   * block's ports or connecting to it does not scan its whole diagram */
  GHashTable *links_by_block;
  guint64 next_id;

  GPtrArray *undo_stack; /* of Transaction* */
  GPtrArray *redo_stack;
  Transaction *current;
  guint depth;
  GArray *depth_marks; /* op count at each nested begin, for rollback */
  guint64 next_serial;
  guint64 saved_serial;
  gboolean replaying;
};

enum
{
  PROP_0,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (OrrModel, orr_model, G_TYPE_OBJECT)

/* ---- block state ------------------------------------------------------ */

static BlockState *
block_state_capture (OrrBlock *block)
{
  BlockState *state = g_new0 (BlockState, 1);

  state->label = g_strdup (block->label);
  state->geometry = block->geometry;
  state->rotation = block->rotation;
  state->flip = block->flip;
  state->params = orr_params_copy (block->params);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    state->ports[k] = orr_ports_copy (block->ports[k]);
  state->mask = block->mask ? orr_mask_copy (block->mask) : NULL;
  state->libref = orr_library_ref_copy (block->libref);
  return state;
}

static void
block_state_free (BlockState *state)
{
  g_free (state->label);
  g_ptr_array_unref (state->params);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    g_ptr_array_unref (state->ports[k]);
  orr_mask_free (state->mask);
  orr_library_ref_free (state->libref);
  g_free (state);
}

static void
block_state_swap (BlockState *state, OrrBlock *block)
{
#define SWAP(type, a, b)                                                                           \
  G_STMT_START                                                                                     \
  {                                                                                                \
    type tmp_ = (a);                                                                               \
    (a) = (b);                                                                                     \
    (b) = tmp_;                                                                                    \
  }                                                                                                \
  G_STMT_END
  SWAP (char *, state->label, block->label);
  SWAP (OrrRect, state->geometry, block->geometry);
  SWAP (int, state->rotation, block->rotation);
  SWAP (gboolean, state->flip, block->flip);
  SWAP (GPtrArray *, state->params, block->params);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    SWAP (GPtrArray *, state->ports[k], block->ports[k]);
  SWAP (OrrMask *, state->mask, block->mask);
  SWAP (OrrLibraryRef *, state->libref, block->libref);
#undef SWAP
}

/* ---- attaching objects to the model ------------------------------------ */

static void
note_id (OrrModel *self, const char *id)
{
  /* Ids of the form <letter><number> advance the counter so that new ids
   * never repeat one seen in this model, even after it was removed. */
  if (id[0] != '\0' && g_ascii_isalpha (id[0]) && id[1] != '\0')
    {
      char *end = NULL;
      guint64 n = g_ascii_strtoull (id + 1, &end, 10);
      if (end != NULL && *end == '\0' && n >= self->next_id)
        self->next_id = n + 1;
    }
}

/* Whether id names no block or link of the model yet (nor one in seen,
 * when given, which it then joins); an error naming it otherwise. */
static gboolean
id_is_free (OrrModel *self, const char *id, GHashTable *seen, GError **error)
{
  if (g_hash_table_contains (self->blocks_by_id, id)
      || g_hash_table_contains (self->links_by_id, id)
      || (seen != NULL && !g_hash_table_add (seen, (gpointer)id)))
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_DUPLICATE_ID,
                   "The id '%s' is used more than once", id);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_ids_free (OrrModel *self, OrrBlock *block, GHashTable *seen, GError **error)
{
  if (!id_is_free (self, block->id, seen, error))
    return FALSE;
  if (block->child == NULL)
    return TRUE;
  for (guint i = 0; i < block->child->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (block->child->links, i);
      if (!id_is_free (self, l->id, seen, error))
        return FALSE;
    }
  for (guint i = 0; i < block->child->blocks->len; i++)
    if (!check_ids_free (self, g_ptr_array_index (block->child->blocks, i), seen, error))
      return FALSE;
  return TRUE;
}

static void attach_block (OrrModel *self, OrrDiagram *diagram, OrrBlock *block);

static void
index_link_end (OrrModel *self, const char *block_id, OrrLink *link)
{
  GPtrArray *links = g_hash_table_lookup (self->links_by_block, block_id);
  if (links == NULL)
    {
      links = g_ptr_array_new ();
      g_hash_table_insert (self->links_by_block, g_strdup (block_id), links);
    }
  g_ptr_array_add (links, link);
}

static void
unindex_link_end (OrrModel *self, const char *block_id, OrrLink *link)
{
  GPtrArray *links = g_hash_table_lookup (self->links_by_block, block_id);
  if (links == NULL)
    return;
  g_ptr_array_remove (links, link);
  if (links->len == 0)
    g_hash_table_remove (self->links_by_block, block_id);
}

static void
attach_link (OrrModel *self, OrrDiagram *diagram, OrrLink *link)
{
  link->parent = diagram;
  g_hash_table_insert (self->links_by_id, link->id, link);
  index_link_end (self, link->from.block, link);
  if (strcmp (link->from.block, link->to.block) != 0)
    index_link_end (self, link->to.block, link);
  note_id (self, link->id);
}

static void
detach_link (OrrModel *self, OrrLink *link)
{
  g_hash_table_remove (self->links_by_id, link->id);
  unindex_link_end (self, link->from.block, link);
  unindex_link_end (self, link->to.block, link);
}

/* The links touching block, borrowed; NULL when there are none. */
static GPtrArray *
links_of_block (OrrModel *self, OrrBlock *block)
{
  return g_hash_table_lookup (self->links_by_block, block->id);
}

gboolean
orr_model_port_is_linked (OrrModel *self, OrrBlock *block, OrrPortKind kind, guint port)
{
  GPtrArray *links;

  g_return_val_if_fail (ORR_IS_MODEL (self), FALSE);
  g_return_val_if_fail (block != NULL, FALSE);

  links = links_of_block (self, block);
  for (guint i = 0; links != NULL && i < links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (links, i);
      const OrrEndpoint *end = kind == ORR_PORT_IN || kind == ORR_PORT_EVENT_IN ? &l->to : &l->from;

      if (end->kind == kind && end->port == port && g_strcmp0 (end->block, block->id) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The same, as a new array: removing links changes the index. */
static GPtrArray *
copy_links_of_block (OrrModel *self, OrrBlock *block)
{
  GPtrArray *links = links_of_block (self, block);
  return links != NULL ? g_ptr_array_copy (links, NULL, NULL) : g_ptr_array_new ();
}

static void
attach_block (OrrModel *self, OrrDiagram *diagram, OrrBlock *block)
{
  block->parent = diagram;
  g_hash_table_insert (self->blocks_by_id, block->id, block);
  note_id (self, block->id);
  if (block->child != NULL)
    {
      block->child->owner = block;
      block->child->model = self;
      for (guint i = 0; i < block->child->blocks->len; i++)
        attach_block (self, block->child, g_ptr_array_index (block->child->blocks, i));
      for (guint i = 0; i < block->child->links->len; i++)
        attach_link (self, block->child, g_ptr_array_index (block->child->links, i));
    }
}

static void
detach_block (OrrModel *self, OrrBlock *block)
{
  block->parent = NULL;
  g_hash_table_remove (self->blocks_by_id, block->id);
  if (block->child != NULL)
    {
      block->child->model = NULL;
      for (guint i = 0; i < block->child->blocks->len; i++)
        {
          OrrBlock *b = g_ptr_array_index (block->child->blocks, i);
          detach_block (self, b);
          /* still the child diagram's, only no longer the model's */
          b->parent = block->child;
        }
      for (guint i = 0; i < block->child->links->len; i++)
        detach_link (self, g_ptr_array_index (block->child->links, i));
    }
}

/* ---- primitive operations ---------------------------------------------- */

static void
emit_change (OrrModel *self, OrrChangeKind kind, OrrDiagram *diagram, OrrBlock *block,
             OrrLink *link)
{
  OrrChange change = { kind, diagram, block, link };
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, &change);
}

static void
op_free (Op *op)
{
  g_clear_pointer (&op->block, orr_block_unref);
  g_clear_pointer (&op->diagram_owner, orr_block_unref);
  g_clear_pointer (&op->link, orr_link_unref);
  g_clear_pointer (&op->state, block_state_free);
  g_clear_pointer (&op->points, g_array_unref);
  g_free (op->text);
  orr_settings_clear (&op->settings);
  g_free (op);
}

static void
do_insert_block (OrrModel *self, OrrDiagram *diagram, guint index, OrrBlock *block)
{
  g_ptr_array_insert (diagram->blocks, index, orr_block_ref (block));
  attach_block (self, diagram, block);
  emit_change (self, ORR_CHANGE_BLOCK_ADDED, diagram, block, NULL);
}

static void
do_remove_block (OrrModel *self, OrrDiagram *diagram, guint index)
{
  OrrBlock *block = g_ptr_array_steal_index (diagram->blocks, index);
  detach_block (self, block);
  emit_change (self, ORR_CHANGE_BLOCK_REMOVED, diagram, block, NULL);
  orr_block_unref (block);
}

static void
do_insert_link (OrrModel *self, OrrDiagram *diagram, guint index, OrrLink *link)
{
  g_ptr_array_insert (diagram->links, index, orr_link_ref (link));
  attach_link (self, diagram, link);
  emit_change (self, ORR_CHANGE_LINK_ADDED, diagram, NULL, link);
}

static void
do_remove_link (OrrModel *self, OrrDiagram *diagram, guint index)
{
  OrrLink *link = g_ptr_array_steal_index (diagram->links, index);
  link->parent = NULL;
  detach_link (self, link);
  emit_change (self, ORR_CHANGE_LINK_REMOVED, diagram, NULL, link);
  orr_link_unref (link);
}

/* Applies op; forward is FALSE when undoing. Swaps are symmetric. */
static void
op_apply (OrrModel *self, Op *op, gboolean forward)
{
  gboolean insert;

  switch (op->kind)
    {
      case OP_INSERT_BLOCK:
      case OP_REMOVE_BLOCK:
        insert = (op->kind == OP_INSERT_BLOCK) == forward;
        if (insert)
          do_insert_block (self, op->diagram, op->index, op->block);
        else
          do_remove_block (self, op->diagram, op->index);
        break;

      case OP_INSERT_LINK:
      case OP_REMOVE_LINK:
        insert = (op->kind == OP_INSERT_LINK) == forward;
        if (insert)
          do_insert_link (self, op->diagram, op->index, op->link);
        else
          do_remove_link (self, op->diagram, op->index);
        break;

      case OP_SWAP_BLOCK_STATE:
        block_state_swap (op->state, op->block);
        emit_change (self, ORR_CHANGE_BLOCK_CHANGED, op->block->parent, op->block, NULL);
        break;

      case OP_SWAP_LINK_POINTS:
        {
          GArray *tmp = op->link->points;
          op->link->points = op->points;
          op->points = tmp;
          emit_change (self, ORR_CHANGE_LINK_CHANGED, op->link->parent, NULL, op->link);
        }
        break;

      case OP_SWAP_CONTEXT:
        {
          char *tmp = op->diagram->context;
          op->diagram->context = op->text;
          op->text = tmp;
          emit_change (self, ORR_CHANGE_CONTEXT_CHANGED, op->diagram, NULL, NULL);
        }
        break;

      case OP_SWAP_SETTINGS:
        {
          OrrSettings tmp = self->settings;
          self->settings = op->settings;
          op->settings = tmp;
          emit_change (self, ORR_CHANGE_SETTINGS_CHANGED, NULL, NULL, NULL);
        }
        break;
    }
}

static Op *
op_new (OpKind kind, OrrDiagram *diagram)
{
  Op *op = g_new0 (Op, 1);
  op->kind = kind;
  op->diagram = diagram;
  if (diagram != NULL && diagram->owner != NULL)
    op->diagram_owner = orr_block_ref (diagram->owner);
  return op;
}

/* Records op in the open transaction and does it. */
static void
record (OrrModel *self, Op *op)
{
  g_assert (self->current != NULL);
  g_ptr_array_add (self->current->ops, op);
  op_apply (self, op, TRUE);
}

/* ---- history ----------------------------------------------------------- */

static void
transaction_free (Transaction *t)
{
  g_free (t->description);
  g_ptr_array_unref (t->ops);
  g_free (t);
}

static guint64
top_serial (OrrModel *self)
{
  if (self->undo_stack->len == 0)
    return 0;
  return ((Transaction *)g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1))->serial;
}

static void
notify_history (OrrModel *self, gboolean was_modified, gboolean could_undo, gboolean could_redo)
{
  if (was_modified != orr_model_get_modified (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  if (could_undo != orr_model_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != orr_model_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

void
orr_model_begin (OrrModel *self, const char *description)
{
  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (!self->replaying);

  if (self->depth == 0)
    {
      self->current = g_new0 (Transaction, 1);
      self->current->description = g_strdup (description);
      self->current->ops = g_ptr_array_new_with_free_func ((GDestroyNotify)op_free);
    }
  g_array_append_val (self->depth_marks, self->current->ops->len);
  self->depth++;
}

void
orr_model_commit (OrrModel *self)
{
  gboolean was_modified, could_undo, could_redo;
  Transaction *t;

  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (self->depth > 0);

  self->depth--;
  g_array_set_size (self->depth_marks, self->depth);
  if (self->depth > 0)
    return;

  t = g_steal_pointer (&self->current);
  if (t->ops->len == 0)
    {
      transaction_free (t);
      return;
    }
  was_modified = orr_model_get_modified (self);
  could_undo = orr_model_can_undo (self);
  could_redo = orr_model_can_redo (self);
  t->serial = ++self->next_serial;
  g_ptr_array_add (self->undo_stack, t);
  g_ptr_array_set_size (self->redo_stack, 0);
  notify_history (self, was_modified, could_undo, could_redo);
}

void
orr_model_rollback (OrrModel *self)
{
  guint mark;

  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (self->depth > 0);

  mark = g_array_index (self->depth_marks, guint, self->depth - 1);
  while (self->current->ops->len > mark)
    {
      Op *op = g_ptr_array_index (self->current->ops, self->current->ops->len - 1);
      op_apply (self, op, FALSE);
      g_ptr_array_remove_index (self->current->ops, self->current->ops->len - 1);
    }
  orr_model_commit (self);
}

static gboolean
replay (OrrModel *self, GPtrArray *from, GPtrArray *to, gboolean forward)
{
  gboolean was_modified, could_undo, could_redo;
  Transaction *t;

  if (from->len == 0)
    return FALSE;

  was_modified = orr_model_get_modified (self);
  could_undo = orr_model_can_undo (self);
  could_redo = orr_model_can_redo (self);

  t = g_ptr_array_steal_index (from, from->len - 1);
  self->replaying = TRUE;
  if (forward)
    for (guint i = 0; i < t->ops->len; i++)
      op_apply (self, g_ptr_array_index (t->ops, i), TRUE);
  else
    for (guint i = t->ops->len; i > 0; i--)
      op_apply (self, g_ptr_array_index (t->ops, i - 1), FALSE);
  self->replaying = FALSE;
  g_ptr_array_add (to, t);

  notify_history (self, was_modified, could_undo, could_redo);
  return TRUE;
}

gboolean
orr_model_undo (OrrModel *self)
{
  g_return_val_if_fail (ORR_IS_MODEL (self), FALSE);
  return replay (self, self->undo_stack, self->redo_stack, FALSE);
}

gboolean
orr_model_redo (OrrModel *self)
{
  g_return_val_if_fail (ORR_IS_MODEL (self), FALSE);
  return replay (self, self->redo_stack, self->undo_stack, TRUE);
}

gboolean
orr_model_can_undo (OrrModel *self)
{
  return self->undo_stack->len > 0;
}

gboolean
orr_model_can_redo (OrrModel *self)
{
  return self->redo_stack->len > 0;
}

static const char *
stack_top_description (GPtrArray *stack)
{
  if (stack->len == 0)
    return NULL;
  return ((Transaction *)g_ptr_array_index (stack, stack->len - 1))->description;
}

const char *
orr_model_get_undo_description (OrrModel *self)
{
  return stack_top_description (self->undo_stack);
}

const char *
orr_model_get_redo_description (OrrModel *self)
{
  return stack_top_description (self->redo_stack);
}

void
orr_model_clear_history (OrrModel *self)
{
  gboolean was_modified = orr_model_get_modified (self);
  gboolean could_undo = orr_model_can_undo (self);
  gboolean could_redo = orr_model_can_redo (self);

  g_return_if_fail (self->depth == 0);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  /* The state we are in has no transaction; call it saved only if it was. */
  self->saved_serial = was_modified ? G_MAXUINT64 : 0;
  notify_history (self, was_modified, could_undo, could_redo);
}

gboolean
orr_model_get_modified (OrrModel *self)
{
  return top_serial (self) != self->saved_serial;
}

void
orr_model_set_saved (OrrModel *self)
{
  gboolean was_modified = orr_model_get_modified (self);

  self->saved_serial = top_serial (self);
  if (was_modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

void
orr_model_set_unsaved (OrrModel *self)
{
  gboolean was_modified = orr_model_get_modified (self);

  /* serials start at 1 and only grow: no state of the history has this one */
  self->saved_serial = G_MAXUINT64;
  if (!was_modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* ---- GObject ----------------------------------------------------------- */

static void
orr_model_finalize (GObject *object)
{
  OrrModel *self = ORR_MODEL (object);

  g_clear_pointer (&self->current, transaction_free);
  g_ptr_array_unref (self->undo_stack);
  g_ptr_array_unref (self->redo_stack);
  g_array_unref (self->depth_marks);
  g_hash_table_unref (self->blocks_by_id);
  g_hash_table_unref (self->links_by_id);
  g_hash_table_unref (self->links_by_block);
  orr_diagram_free (self->root);
  orr_settings_clear (&self->settings);
  g_ptr_array_unref (self->foreign);
  G_OBJECT_CLASS (orr_model_parent_class)->finalize (object);
}

static void
orr_model_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OrrModel *self = ORR_MODEL (object);

  switch (prop_id)
    {
      case PROP_MODIFIED:
        g_value_set_boolean (value, orr_model_get_modified (self));
        break;
      case PROP_CAN_UNDO:
        g_value_set_boolean (value, orr_model_can_undo (self));
        break;
      case PROP_CAN_REDO:
        g_value_set_boolean (value, orr_model_can_redo (self));
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_model_class_init (OrrModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = orr_model_finalize;
  object_class->get_property = orr_model_get_property;

  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* OrrModel::changed (OrrChange *change): one primitive change happened. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
orr_model_init (OrrModel *self)
{
  self->root = orr_diagram_new ();
  self->root->model = self;
  orr_settings_init_default (&self->settings);
  self->foreign = g_ptr_array_new_with_free_func (g_free);
  self->blocks_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->links_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->links_by_block
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
  self->next_id = 1;
  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify)transaction_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify)transaction_free);
  self->depth_marks = g_array_new (FALSE, FALSE, sizeof (guint));
}

OrrModel *
orr_model_new (void)
{
  return g_object_new (ORR_TYPE_MODEL, NULL);
}

OrrDiagram *
orr_model_get_root (OrrModel *self)
{
  return self->root;
}

const OrrSettings *
orr_model_get_settings (OrrModel *self)
{
  return &self->settings;
}

const char *
orr_model_get_context (OrrModel *self)
{
  return self->root->context;
}

GPtrArray *
orr_model_get_foreign (OrrModel *self)
{
  return self->foreign;
}

OrrBlock *
orr_model_find_block (OrrModel *self, const char *id)
{
  return g_hash_table_lookup (self->blocks_by_id, id);
}

OrrLink *
orr_model_find_link (OrrModel *self, const char *id)
{
  return g_hash_table_lookup (self->links_by_id, id);
}

char *
orr_model_new_id (OrrModel *self, char prefix)
{
  for (;;)
    {
      char *id = g_strdup_printf ("%c%" G_GUINT64_FORMAT, prefix, self->next_id++);
      if (!g_hash_table_contains (self->blocks_by_id, id)
          && !g_hash_table_contains (self->links_by_id, id))
        return id;
      g_free (id);
    }
}

/* ---- edits ------------------------------------------------------------- */

static gboolean
diagram_in_model (OrrModel *self, OrrDiagram *diagram)
{
  return diagram != NULL && diagram->model == self;
}

static void
record_insert_block (OrrModel *self, OrrDiagram *diagram, OrrBlock *block)
{
  Op *op = op_new (OP_INSERT_BLOCK, diagram);
  op->index = diagram->blocks->len;
  op->block = orr_block_ref (block);
  record (self, op);
}

static void
record_insert_link (OrrModel *self, OrrDiagram *diagram, OrrLink *link)
{
  Op *op = op_new (OP_INSERT_LINK, diagram);
  op->index = diagram->links->len;
  op->link = orr_link_ref (link);
  record (self, op);
}

static void
record_remove_link (OrrModel *self, OrrLink *link)
{
  OrrDiagram *diagram = link->parent;
  guint index;
  Op *op;

  if (!g_ptr_array_find (diagram->links, link, &index))
    g_return_if_reached ();
  op = op_new (OP_REMOVE_LINK, diagram);
  op->index = index;
  op->link = orr_link_ref (link);
  record (self, op);
}

/* Saves the block's state for undo; the caller then changes it in place. */
static void
record_block_state (OrrModel *self, OrrBlock *block)
{
  Op *op = op_new (OP_SWAP_BLOCK_STATE, block->parent);
  op->block = orr_block_ref (block);
  op->state = block_state_capture (block);
  g_ptr_array_add (self->current->ops, op);
}

/* A state op is recorded as "swap back to the old state"; after changing
 * the block, tell observers. */
static void
block_changed (OrrModel *self, OrrBlock *block)
{
  emit_change (self, ORR_CHANGE_BLOCK_CHANGED, block->parent, block, NULL);
}

gboolean
orr_model_insert_block (OrrModel *self, OrrDiagram *diagram, OrrBlock *block, GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (ORR_IS_MODEL (self), FALSE);
  g_return_val_if_fail (diagram_in_model (self, diagram), FALSE);
  g_return_val_if_fail (block->parent == NULL, FALSE);

  if (!check_ids_free (self, block, seen, error))
    return FALSE;
  if (orr_diagram_get_depth (diagram) + orr_block_get_nesting (block) > ORR_MAX_NESTING)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "block \"%s\" would nest super blocks %u levels deep; the limit is %d",
                   block->id, orr_diagram_get_depth (diagram) + orr_block_get_nesting (block),
                   ORR_MAX_NESTING);
      return FALSE;
    }

  orr_model_begin (self, "Add Block");
  record_insert_block (self, diagram, block);
  orr_model_commit (self);
  return TRUE;
}

OrrBlock *
orr_model_add_block (OrrModel *self, OrrDiagram *diagram, const char *type, const OrrRect *geometry)
{
  g_autofree char *id = NULL;
  OrrBlock *block;

  g_return_val_if_fail (ORR_IS_MODEL (self), NULL);
  g_return_val_if_fail (diagram_in_model (self, diagram), NULL);

  id = orr_model_new_id (self, 'b');
  block = orr_block_new (id, type);
  if (geometry != NULL)
    block->geometry = *geometry;

  orr_model_begin (self, "Add Block");
  record_insert_block (self, diagram, block);
  orr_model_commit (self);
  orr_block_unref (block);
  return block;
}

OrrBlock *
orr_model_add_super_block (OrrModel *self, OrrDiagram *diagram, const OrrRect *geometry)
{
  return orr_model_add_block (self, diagram, ORR_SUPER_BLOCK_TYPE, geometry);
}

void
orr_model_remove_block (OrrModel *self, OrrBlock *block)
{
  g_autoptr (GPtrArray) links = NULL;
  OrrDiagram *diagram;
  guint index;
  Op *op;

  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (block->parent != NULL && diagram_in_model (self, block->parent));

  diagram = block->parent;
  orr_model_begin (self, "Delete Block");
  links = copy_links_of_block (self, block);
  for (guint i = 0; i < links->len; i++)
    record_remove_link (self, g_ptr_array_index (links, i));

  if (g_ptr_array_find (diagram->blocks, block, &index))
    {
      op = op_new (OP_REMOVE_BLOCK, diagram);
      op->index = index;
      op->block = orr_block_ref (block);
      record (self, op);
    }
  orr_model_commit (self);
}

#define RETURN_UNLESS_ATTACHED(self, block)                                                        \
  g_return_if_fail (ORR_IS_MODEL (self));                                                          \
  g_return_if_fail ((block)->parent != NULL && diagram_in_model ((self), (block)->parent))

void
orr_model_set_block_geometry (OrrModel *self, OrrBlock *block, const OrrRect *geometry)
{
  RETURN_UNLESS_ATTACHED (self, block);
  if (memcmp (&block->geometry, geometry, sizeof *geometry) == 0)
    return;
  orr_model_begin (self, "Move Block");
  record_block_state (self, block);
  block->geometry = *geometry;
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_move_block (OrrModel *self, OrrBlock *block, double x, double y)
{
  OrrRect geometry;

  RETURN_UNLESS_ATTACHED (self, block);
  geometry = block->geometry;
  geometry.x = x;
  geometry.y = y;
  orr_model_set_block_geometry (self, block, &geometry);
}

void
orr_model_set_block_label (OrrModel *self, OrrBlock *block, const char *label)
{
  RETURN_UNLESS_ATTACHED (self, block);
  if (g_strcmp0 (block->label, label) == 0)
    return;
  orr_model_begin (self, "Rename Block");
  record_block_state (self, block);
  g_free (block->label);
  block->label = g_strdup (label);
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_set_block_orientation (OrrModel *self, OrrBlock *block, int rotation, gboolean flip)
{
  RETURN_UNLESS_ATTACHED (self, block);
  rotation = ((rotation % 360) + 360) % 360;
  g_return_if_fail (rotation % 90 == 0);
  if (block->rotation == rotation && block->flip == !!flip)
    return;
  orr_model_begin (self, "Rotate Block");
  record_block_state (self, block);
  block->rotation = rotation;
  block->flip = !!flip;
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_set_param (OrrModel *self, OrrBlock *block, const char *name, const char *expr)
{
  const char *old;

  RETURN_UNLESS_ATTACHED (self, block);
  g_return_if_fail (name != NULL);
  old = orr_block_get_param (block, name);
  if (g_strcmp0 (old, expr) == 0)
    return;

  orr_model_begin (self, "Set Parameter");
  record_block_state (self, block);
  for (guint i = 0; i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);
      if (strcmp (p->name, name) != 0)
        continue;
      if (expr == NULL)
        g_ptr_array_remove_index (block->params, i);
      else
        {
          g_free (p->expr);
          p->expr = g_strdup (expr);
        }
      expr = NULL;
      break;
    }
  if (expr != NULL)
    g_ptr_array_add (block->params, orr_param_new (name, expr));
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_set_port_count (OrrModel *self, OrrBlock *block, OrrPortKind kind, guint count)
{
  g_autoptr (GPtrArray) links = NULL;

  RETURN_UNLESS_ATTACHED (self, block);
  g_return_if_fail (kind < ORR_N_PORT_KINDS);
  if (block->ports[kind]->len == count)
    return;

  orr_model_begin (self, "Change Ports");
  links = copy_links_of_block (self, block);
  for (guint i = 0; i < links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (links, i);
      if ((strcmp (l->from.block, block->id) == 0 && l->from.kind == kind && l->from.port > count)
          || (strcmp (l->to.block, block->id) == 0 && l->to.kind == kind && l->to.port > count))
        record_remove_link (self, l);
    }
  record_block_state (self, block);
  orr_ports_resize (block->ports[kind], count);
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_set_port_label (OrrModel *self, OrrBlock *block, OrrPortKind kind, guint port,
                          const char *label)
{
  OrrPort *p;

  RETURN_UNLESS_ATTACHED (self, block);
  g_return_if_fail (kind < ORR_N_PORT_KINDS);
  g_return_if_fail (port >= 1 && port <= block->ports[kind]->len);
  p = g_ptr_array_index (block->ports[kind], port - 1);
  if (g_strcmp0 (p->label, label) == 0)
    return;

  orr_model_begin (self, "Label Port");
  record_block_state (self, block);
  p = g_ptr_array_index (block->ports[kind], port - 1);
  g_free (p->label);
  p->label = g_strdup (label);
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_set_mask (OrrModel *self, OrrBlock *block, OrrMask *mask)
{
  RETURN_UNLESS_ATTACHED (self, block);
  g_return_if_fail (block->child != NULL || mask == NULL);

  orr_model_begin (self, mask ? "Edit Mask" : "Remove Mask");
  record_block_state (self, block);
  orr_mask_free (block->mask);
  block->mask = mask;
  block_changed (self, block);
  orr_model_commit (self);
}

void
orr_model_set_block_library_ref (OrrModel *self, OrrBlock *block, const OrrLibraryRef *ref)
{
  RETURN_UNLESS_ATTACHED (self, block);
  if (orr_library_ref_equal (block->libref, ref))
    return;

  orr_model_begin (self, ref ? "Set Library Reference" : "Remove Library Reference");
  record_block_state (self, block);
  orr_library_ref_free (block->libref);
  block->libref = orr_library_ref_copy (ref);
  block_changed (self, block);
  orr_model_commit (self);
}

/* Checks that a link may join from and to in diagram. */
static gboolean
check_link (OrrModel *self, OrrDiagram *diagram, OrrLinkKind kind, const OrrEndpoint *from,
            const OrrEndpoint *to, const char *ignore_link_id, GError **error)
{
  const OrrEndpoint *ends[2] = { from, to };
  OrrPortKind want[2];
  OrrBlock *blocks[2];

  want[0] = kind == ORR_LINK_REGULAR ? ORR_PORT_OUT : ORR_PORT_EVENT_OUT;
  want[1] = kind == ORR_LINK_REGULAR ? ORR_PORT_IN : ORR_PORT_EVENT_IN;

  for (guint e = 0; e < 2; e++)
    {
      /* through the model's index: scanning the diagram for every link
       * makes building a big model quadratic */
      blocks[e] = orr_model_find_block (self, ends[e]->block);
      if (blocks[e] != NULL && blocks[e]->parent != diagram)
        blocks[e] = NULL;
      if (blocks[e] == NULL)
        {
          g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
                       "There is no block '%s' in this diagram", ends[e]->block);
          return FALSE;
        }
    }
  for (guint e = 0; e < 2; e++)
    {
      g_autofree char *path = NULL;
      guint count;

      if (ends[e]->kind != want[e])
        {
          path = orr_block_get_path (blocks[e]);
          g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INCOMPATIBLE_PORTS,
                       "A %s link cannot %s the %s port %u of %s",
                       kind == ORR_LINK_REGULAR ? "regular (data)" : "activation",
                       e == 0 ? "start from" : "end at", orr_port_kind_to_string (ends[e]->kind),
                       ends[e]->port, path);
          return FALSE;
        }
      count = blocks[e]->ports[ends[e]->kind]->len;
      if (ends[e]->port < 1 || ends[e]->port > count)
        {
          path = orr_block_get_path (blocks[e]);
          g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NO_SUCH_PORT,
                       "%s has no %s port %u (it has %u)", path,
                       orr_port_kind_to_string (ends[e]->kind), ends[e]->port, count);
          return FALSE;
        }
    }

  /* A regular input has one driver; activation inputs take the union of
   * every link into them. */
  if (kind == ORR_LINK_REGULAR)
    {
      GPtrArray *links = links_of_block (self, blocks[1]);
      for (guint i = 0; links != NULL && i < links->len; i++)
        {
          OrrLink *l = g_ptr_array_index (links, i);
          if (l->kind == ORR_LINK_REGULAR && strcmp (l->to.block, to->block) == 0
              && l->to.port == to->port && g_strcmp0 (l->id, ignore_link_id) != 0)
            {
              g_autofree char *path = orr_block_get_path (blocks[1]);
              g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_PORT_TAKEN,
                           "Input %u of %s is already connected", to->port, path);
              return FALSE;
            }
        }
    }
  return TRUE;
}

OrrLink *
orr_model_connect (OrrModel *self, OrrDiagram *diagram, const OrrEndpoint *from,
                   const OrrEndpoint *to, GError **error)
{
  g_autofree char *id = NULL;
  OrrLinkKind kind;
  OrrLink *link;

  g_return_val_if_fail (ORR_IS_MODEL (self), NULL);
  g_return_val_if_fail (diagram_in_model (self, diagram), NULL);

  kind = from->kind == ORR_PORT_EVENT_OUT || from->kind == ORR_PORT_EVENT_IN ? ORR_LINK_ACTIVATION
                                                                             : ORR_LINK_REGULAR;
  if (!check_link (self, diagram, kind, from, to, NULL, error))
    return NULL;

  id = orr_model_new_id (self, 'l');
  link = orr_link_new (id, kind, from, to);
  orr_model_begin (self, "Connect");
  record_insert_link (self, diagram, link);
  orr_model_commit (self);
  orr_link_unref (link);
  return link;
}

gboolean
orr_model_insert_link (OrrModel *self, OrrDiagram *diagram, OrrLink *link, GError **error)
{
  g_return_val_if_fail (ORR_IS_MODEL (self), FALSE);
  g_return_val_if_fail (diagram_in_model (self, diagram), FALSE);
  g_return_val_if_fail (link->parent == NULL, FALSE);

  if (!id_is_free (self, link->id, NULL, error))
    return FALSE;
  if (!check_link (self, diagram, link->kind, &link->from, &link->to, link->id, error))
    return FALSE;

  orr_model_begin (self, "Connect");
  record_insert_link (self, diagram, link);
  orr_model_commit (self);
  return TRUE;
}

/* orr_model_take_root's checks and attaching, block by block: the same
 * as orr_model_insert_block's and _link's, against the indexes as they
 * fill up (attach_block would index a whole super block at once). */
static gboolean take_link (OrrModel *self, OrrDiagram *diagram, OrrLink *link, GError **error);

static gboolean
take_block (OrrModel *self, OrrDiagram *diagram, OrrBlock *block, guint depth, GError **error)
{
  if (!id_is_free (self, block->id, NULL, error))
    return FALSE;
  block->parent = diagram;
  g_hash_table_insert (self->blocks_by_id, block->id, block);
  note_id (self, block->id);
  if (block->child == NULL)
    return TRUE;
  if (depth + 1 > ORR_MAX_NESTING)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "block \"%s\" would nest super blocks %u levels deep; the limit is %d",
                   block->id, depth + 1, ORR_MAX_NESTING);
      return FALSE;
    }
  block->child->owner = block;
  block->child->model = self;
  for (guint i = 0; i < block->child->blocks->len; i++)
    if (!take_block (self, block->child, g_ptr_array_index (block->child->blocks, i), depth + 1,
                     error))
      return FALSE;
  for (guint i = 0; i < block->child->links->len; i++)
    if (!take_link (self, block->child, g_ptr_array_index (block->child->links, i), error))
      return FALSE;
  return TRUE;
}

static gboolean
take_link (OrrModel *self, OrrDiagram *diagram, OrrLink *link, GError **error)
{
  if (!id_is_free (self, link->id, NULL, error))
    return FALSE;
  if (!check_link (self, diagram, link->kind, &link->from, &link->to, link->id, error))
    return FALSE;
  attach_link (self, diagram, link);
  return TRUE;
}

/* Back to an empty model after a failed orr_model_take_root. */
static void
untake (OrrModel *self, OrrDiagram *diagram)
{
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);

      if (b->child != NULL)
        {
          b->child->model = NULL;
          untake (self, b->child);
        }
    }
}

gboolean
orr_model_take_root (OrrModel *self, OrrDiagram *detached, GError **error)
{
  OrrDiagram *root;

  g_return_val_if_fail (ORR_IS_MODEL (self), FALSE);
  g_return_val_if_fail (detached != NULL && detached->model == NULL && detached->owner == NULL,
                        FALSE);
  g_return_val_if_fail (self->root->blocks->len == 0 && self->root->links->len == 0, FALSE);

  root = self->root;
#define SWAP(type, a, b)                                                                           \
  G_STMT_START                                                                                     \
  {                                                                                                \
    type tmp_ = (a);                                                                               \
    (a) = (b);                                                                                     \
    (b) = tmp_;                                                                                    \
  }                                                                                                \
  G_STMT_END
  SWAP (GPtrArray *, root->blocks, detached->blocks);
  SWAP (GPtrArray *, root->links, detached->links);
  for (guint i = 0; i < root->blocks->len; i++)
    if (!take_block (self, root, g_ptr_array_index (root->blocks, i), 0, error))
      goto failed;
  for (guint i = 0; i < root->links->len; i++)
    if (!take_link (self, root, g_ptr_array_index (root->links, i), error))
      goto failed;
  SWAP (char *, root->context, detached->context);
  SWAP (GPtrArray *, root->foreign, detached->foreign);
  orr_diagram_free (detached);
  return TRUE;

failed:
  untake (self, root);
  SWAP (GPtrArray *, root->blocks, detached->blocks);
  SWAP (GPtrArray *, root->links, detached->links);
#undef SWAP
  g_hash_table_remove_all (self->blocks_by_id);
  g_hash_table_remove_all (self->links_by_id);
  g_hash_table_remove_all (self->links_by_block);
  self->next_id = 1;
  for (guint i = 0; i < detached->blocks->len; i++)
    ((OrrBlock *)g_ptr_array_index (detached->blocks, i))->parent = detached;
  for (guint i = 0; i < detached->links->len; i++)
    ((OrrLink *)g_ptr_array_index (detached->links, i))->parent = detached;
  orr_diagram_free (detached);
  return FALSE;
}

void
orr_model_disconnect (OrrModel *self, OrrLink *link)
{
  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (link->parent != NULL && diagram_in_model (self, link->parent));

  orr_model_begin (self, "Delete Link");
  record_remove_link (self, link);
  orr_model_commit (self);
}

void
orr_model_set_link_points (OrrModel *self, OrrLink *link, const OrrPoint *points, guint n_points)
{
  Op *op;

  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (link->parent != NULL && diagram_in_model (self, link->parent));

  if (link->points->len == n_points
      && (n_points == 0 || memcmp (link->points->data, points, n_points * sizeof *points) == 0))
    return;

  op = op_new (OP_SWAP_LINK_POINTS, link->parent);
  op->link = orr_link_ref (link);
  op->points = g_array_sized_new (FALSE, FALSE, sizeof (OrrPoint), n_points);
  g_array_append_vals (op->points, points, n_points);
  orr_model_begin (self, "Route Link");
  record (self, op);
  orr_model_commit (self);
}

void
orr_model_set_context (OrrModel *self, OrrDiagram *diagram, const char *context)
{
  Op *op;

  g_return_if_fail (ORR_IS_MODEL (self));
  g_return_if_fail (diagram_in_model (self, diagram));
  if (context == NULL)
    context = "";
  if (strcmp (diagram->context, context) == 0)
    return;

  op = op_new (OP_SWAP_CONTEXT, diagram);
  op->text = g_strdup (context);
  orr_model_begin (self, "Edit Context");
  record (self, op);
  orr_model_commit (self);
}

void
orr_model_set_settings (OrrModel *self, const OrrSettings *settings)
{
  Op *op;

  g_return_if_fail (ORR_IS_MODEL (self));
  if (settings->start_time == self->settings.start_time
      && settings->final_time == self->settings.final_time
      && g_strcmp0 (settings->solver, self->settings.solver) == 0
      && settings->rtol == self->settings.rtol && settings->atol == self->settings.atol
      && settings->max_step == self->settings.max_step
      && settings->initial_step == self->settings.initial_step
      && settings->zc_tolerance == self->settings.zc_tolerance
      && settings->realtime_factor == self->settings.realtime_factor
      && settings->solve_loops == self->settings.solve_loops
      && settings->unconnected_errors == self->settings.unconnected_errors
      && MAX (settings->refine, 1) == MAX (self->settings.refine, 1))
    return;

  op = op_new (OP_SWAP_SETTINGS, NULL);
  orr_settings_copy (&op->settings, settings);
  orr_model_begin (self, "Change Settings");
  record (self, op);
  orr_model_commit (self);
}
