/* orr-flatten.c: configure every block from its evaluated parameters, then
 * flatten the hierarchy: find, for every input of every real block, the
 * real output that drives it, and for every activation input the real
 * sources whose events reach it, looking through super blocks, their port
 * blocks and EventUnions. */
#include "orr-compile-private.h"

#include <string.h>

/* Super blocks nest; a chain of port blocks longer than this is a cycle. */
#define MAX_RESOLVE_DEPTH 1000

static gboolean
is_port_kind (OrrBlockKind kind)
{
  return kind == ORR_BLOCK_INPUT_PORT || kind == ORR_BLOCK_OUTPUT_PORT
         || kind == ORR_BLOCK_EVENT_INPUT_PORT || kind == ORR_BLOCK_EVENT_OUTPUT_PORT;
}

/* A block's entry in Compiler.configured, NULL if it has none. */
static Configured *
configured_of (Compiler *c, OrrBlock *block)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (c->configured_of, block));
  return i > 0 ? &g_array_index (c->configured, Configured, i - 1) : NULL;
}

static OrrConfig *
config_of (Compiler *c, OrrBlock *block)
{
  Configured *entry = configured_of (c, block);
  return entry != NULL ? entry->config : NULL;
}

static FlatBlock *
flat_of (Compiler *c, OrrBlock *block)
{
  Configured *entry = configured_of (c, block);
  return entry != NULL ? entry->flat : NULL;
}

static OrrBlockKind
kind_of (Compiler *c, OrrBlock *block)
{
  OrrConfig *config = config_of (c, block);
  return config ? config->kind : ORR_BLOCK_ORDINARY;
}

static int
port_number (Compiler *c, OrrBlock *block)
{
  OrrConfig *config = config_of (c, block);
  return config && orr_config_n (config->ipar) > 0 ? g_array_index (config->ipar, int, 0) : -1;
}

/* The block with this id in diagram: through the model's index, since
 * scanning the diagram for every link end makes big models quadratic. */
static OrrBlock *
block_in (Compiler *c, OrrDiagram *diagram, const char *id)
{
  OrrBlock *b = orr_model_find_block (c->model, id);
  return b != NULL && b->parent == diagram ? b : NULL;
}

/* ---- configure ----------------------------------------------------------- */

/* The block's parameters, in *n of them, for orr_config_new_with_params. */
static OrrConfigParam *
block_params (Compiler *c, OrrBlock *block, const OrrBlockClass *klass, int *n)
{
  int size = klass->n_params + (klass->extra_params != NULL ? (int)block->params->len : 0);
  OrrConfigParam *params = g_new (OrrConfigParam, MAX (size, 1));
  OrrScope *scope = orr_evaluation_get_scope (c->evaluation, block->parent);

  *n = 0;
  for (int i = 0; i < klass->n_params; i++)
    {
      const OrrParamSpec *spec = &klass->params[i];
      OrrValue *value = orr_evaluation_get_param (c->evaluation, block, spec->name);

      if (spec->kind == ORR_PARAM_TEXT)
        {
          const char *text = orr_block_get_param (block, spec->name);
          value = orr_value_new_string (text ? text : spec->default_expr);
        }
      else if (value != NULL)
        value = orr_value_ref (value);
      else if (orr_block_get_param (block, spec->name) == NULL)
        {
          /* Not in the file: the class's default, in the block's scope. */
          g_autoptr (GError) error = NULL;
          value = orr_expr_cache_evaluate (orr_evaluation_get_expr_cache (c->evaluation),
                                           spec->default_expr, scope, &error);
          if (value == NULL)
            {
              const char *ids[] = { block->id, NULL };
              g_autofree char *path = orr_block_get_path (block);
              orr_compiler_problem (
                c, ids, g_strdup_printf ("%s, parameter '%s'", path, spec->name),
                "the default '%s' does not evaluate: %s", spec->default_expr, error->message);
              continue;
            }
        }
      if (value != NULL)
        params[(*n)++] = (OrrConfigParam){ spec->name, value };
    }
  /* A class with extra parameters (orr-extra-params.h: the FMU block's
   * "fmu.<name>") also sees whatever else the block sets. */
  for (guint i = 0; klass->extra_params != NULL && i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);
      OrrValue *value = orr_evaluation_get_param (c->evaluation, block, p->name);

      gboolean seen = FALSE;

      for (int j = 0; j < *n && !seen; j++)
        seen = strcmp (params[j].name, p->name) == 0;
      if (value != NULL && !seen)
        params[(*n)++] = (OrrConfigParam){ p->name, orr_value_ref (value) };
    }
  return params;
}

/* The native code config declared, with the block's path and type, for
 * the caller's list (OrrCompileOptions.native_code). */
static void
collect_native_code (Compiler *c, OrrBlock *block, const OrrBlockClass *klass, OrrConfig *config)
{
  if (config->native_code == NULL || c->options.native_code == NULL)
    return;
  for (guint i = 0; i < config->native_code->len; i++)
    {
      OrrNativeCode *code = g_ptr_array_index (config->native_code, i);

      code->block_path = orr_block_get_path (block);
      code->kind = g_strdup (klass->name);
    }
  g_ptr_array_extend_and_steal (c->options.native_code, g_steal_pointer (&config->native_code));
}

static void
configure_diagram (Compiler *c, OrrDiagram *diagram)
{
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (diagram->blocks, i);
      const char *ids[] = { block->id, NULL };
      g_autofree char *path = NULL;
      g_autoptr (GError) error = NULL;
      const OrrBlockClass *klass;
      OrrConfigParam *params;
      OrrConfig *config;
      int n_params;

      if (block->child != NULL)
        {
          configure_diagram (c, block->child);
          continue;
        }
      if (orr_block_is_annotation (block))
        continue; /* text on the diagram, nothing that runs */
      klass = orr_registry_lookup (c->registry, block->type);
      if (klass == NULL)
        {
          path = orr_block_get_path (block);
          orr_compiler_problem (c, ids, g_strdup (path),
                                "unknown block type '%s' (is a library missing?)", block->type);
          continue;
        }
      params = block_params (c, block, klass, &n_params);
      config = orr_config_new_with_params (params, n_params);
      config->trusted = c->options.trust_native_code;
      if (klass->configure != NULL && !klass->configure (config, &error))
        {
          collect_native_code (c, block, klass, config);
          path = orr_block_get_path (block);
          orr_compiler_problem (c, ids, g_strdup (path), "%s", error->message);
          orr_config_free (config);
          continue;
        }
      collect_native_code (c, block, klass, config);
      g_array_append_val (c->configured, ((Configured){ block, klass, config, NULL }));
      g_hash_table_insert (c->configured_of, block, GUINT_TO_POINTER (c->configured->len));
    }
}

/* A super block's ports are its port blocks, numbered 1..n without gaps. */
static void
check_super_ports (Compiler *c, OrrBlock *super)
{
  static const OrrBlockKind kinds[ORR_N_PORT_KINDS] = {
    [ORR_PORT_IN] = ORR_BLOCK_INPUT_PORT,
    [ORR_PORT_OUT] = ORR_BLOCK_OUTPUT_PORT,
    [ORR_PORT_EVENT_IN] = ORR_BLOCK_EVENT_INPUT_PORT,
    [ORR_PORT_EVENT_OUT] = ORR_BLOCK_EVENT_OUTPUT_PORT,
  };

  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
      int n = 0;

      for (guint i = 0; i < super->child->blocks->len; i++)
        {
          OrrBlock *b = g_ptr_array_index (super->child->blocks, i);
          int number;

          if (b->child != NULL || kind_of (c, b) != kinds[k] || config_of (c, b) == NULL)
            continue;
          number = port_number (c, b);
          n++;
          if (number < 1 || g_hash_table_contains (seen, GINT_TO_POINTER (number)))
            {
              const char *ids[] = { b->id, NULL };
              g_autofree char *path = orr_block_get_path (b);
              orr_compiler_problem (c, ids, g_strdup (path),
                                    number < 1 ? "port number %d must be 1 or more"
                                               : "port number %d is used twice in this super block",
                                    number);
            }
          g_hash_table_add (seen, GINT_TO_POINTER (number));
        }
      for (int number = 1; number <= n; number++)
        if (!g_hash_table_contains (seen, GINT_TO_POINTER (number)))
          {
            const char *ids[] = { super->id, NULL };
            g_autofree char *path = orr_block_get_path (super);
            orr_compiler_problem (c, ids, g_strdup (path),
                                  "its %s port blocks are not numbered 1 to %d: %d is missing",
                                  orr_port_kind_to_string (k), n, number);
            break;
          }
    }
}

static void
check_ports_diagram (Compiler *c, OrrDiagram *diagram)
{
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      if (b->child != NULL)
        {
          check_super_ports (c, b);
          check_ports_diagram (c, b->child);
        }
    }
}

void
orr_compile_configure (Compiler *c)
{
  configure_diagram (c, orr_model_get_root (c->model));
  /* The configs hold their own references to the values: the evaluation's
   * memory can serve the next steps' allocations instead of new pages
   * (at 100,000 blocks, first touches of new pages are a fifth of the
   * compile). */
  g_clear_pointer (&c->evaluation, orr_evaluation_free);
  /* independent of the other blocks' problems: report it with them */
  check_ports_diagram (c, orr_model_get_root (c->model));
}

/* ---- link index ------------------------------------------------------------ */

guint
orr_port_key_hash (gconstpointer data)
{
  const OrrPortKey *k = data;
  return g_str_hash (k->block_id) ^ ((guint)k->kind * 31u + k->port) * 2654435761u;
}

gboolean
orr_port_key_equal (gconstpointer a, gconstpointer b)
{
  const OrrPortKey *x = a, *y = b;
  return x->diagram == y->diagram && x->kind == y->kind && x->port == y->port
         && strcmp (x->block_id, y->block_id) == 0;
}

/* Every link of the model, depth first, with the diagram it is in. */
static void
gather_links (OrrDiagram *diagram, GPtrArray *links, GPtrArray *diagrams)
{
  for (guint i = 0; i < diagram->links->len; i++)
    {
      g_ptr_array_add (links, g_ptr_array_index (diagram->links, i));
      g_ptr_array_add (diagrams, diagram);
    }
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      if (b->child != NULL)
        gather_links (b->child, links, diagrams);
    }
}

/* The links into each port, in the model's order: counted per port, then
 * laid out in one array, so that a model of many links costs no
 * allocation per port. Each link's ends are looked up in the model here,
 * once. Fills each link's entry and source block (for check_link_ends). */
static void
index_links (Compiler *c, GPtrArray *links, GPtrArray *diagrams, guint *entry_of, OrrBlock **from)
{
  guint n_entries = 0, offset = 0;

  c->port_links = g_new (OrrPortLinks, MAX (links->len, 1));
  c->linked = g_new (OrrLink *, MAX (links->len, 1));
  c->linked_from = g_new (OrrBlock *, MAX (links->len, 1));
  for (guint i = 0; i < links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (links, i);
      OrrDiagram *diagram = g_ptr_array_index (diagrams, i);
      OrrPortKey key = { diagram, l->to.block, l->to.kind, l->to.port };
      OrrPortLinks *entry = g_hash_table_lookup (c->link_index, &key);

      if (entry == NULL)
        {
          entry = &c->port_links[n_entries++];
          entry->key = key;
          entry->n = 0;
          entry->to = block_in (c, diagram, l->to.block);
          g_hash_table_add (c->link_index, entry);
        }
      entry->n++;
      entry_of[i] = entry - c->port_links;
      from[i] = block_in (c, diagram, l->from.block);
    }
  for (guint e = 0; e < n_entries; e++)
    {
      c->port_links[e].links = c->linked + offset;
      c->port_links[e].from = c->linked_from + offset;
      offset += c->port_links[e].n;
      c->port_links[e].n = 0;
    }
  for (guint i = 0; i < links->len; i++)
    {
      OrrPortLinks *entry = &c->port_links[entry_of[i]];
      entry->from[entry->n] = from[i];
      entry->links[entry->n++] = g_ptr_array_index (links, i);
    }
  c->n_port_links = n_entries;
}

static OrrPortLinks *
links_into (Compiler *c, OrrDiagram *diagram, const char *block_id, OrrPortKind kind, guint port)
{
  OrrPortKey key = { diagram, block_id, kind, port };
  return g_hash_table_lookup (c->link_index, &key);
}

static OrrBlock *
port_block (Compiler *c, OrrBlock *super, OrrBlockKind kind, int number)
{
  for (guint i = 0; i < super->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (super->child->blocks, i);
      if (b->child == NULL && kind_of (c, b) == kind && port_number (c, b) == number)
        return b;
    }
  return NULL;
}

/* ---- Goto and From ------------------------------------------------------- */

static const char *
tag_of (Compiler *c, OrrBlock *block)
{
  OrrConfig *config = config_of (c, block);
  OrrValue *tag
    = config && orr_config_n (config->opar) > 0 ? g_ptr_array_index (config->opar, 0) : NULL;
  return tag ? orr_value_get_string (tag) : NULL;
}

static gboolean
goto_is_global (Compiler *c, OrrBlock *block)
{
  OrrConfig *config = config_of (c, block);
  return config != NULL && orr_config_n (config->ipar) > 0
         && g_array_index (config->ipar, int, 0) == 1;
}

static void
index_gotos (Compiler *c)
{
  for (guint i = 0; i < c->configured->len; i++)
    {
      Configured *entry = &g_array_index (c->configured, Configured, i);
      OrrBlock *b = entry->block;
      const char *tag;
      GPtrArray *list;

      if ((entry->config->kind != ORR_BLOCK_GOTO && entry->config->kind != ORR_BLOCK_EVENT_GOTO)
          || (tag = tag_of (c, b)) == NULL)
        continue;
      list = g_hash_table_lookup (c->gotos, tag);
      if (list == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (c->gotos, (gpointer)tag, list);
        }
      g_ptr_array_add (list, b);
    }
}

/* The Goto a From reads: one in the From's own diagram, else a global one
 * anywhere. *count says how many were equally visible (1 is right). */
static OrrBlock *
goto_for (Compiler *c, OrrBlock *from, int *count)
{
  const char *tag = tag_of (c, from);
  GPtrArray *list = tag ? g_hash_table_lookup (c->gotos, tag) : NULL;
  OrrBlock *found = NULL;

  *count = 0;
  for (guint pass = 0; pass < 2 && *count == 0; pass++)
    for (guint i = 0; list != NULL && i < list->len; i++)
      {
        OrrBlock *g = g_ptr_array_index (list, i);
        if (kind_of (c, g) != ORR_BLOCK_GOTO) /* the tag of an activation Goto */
          continue;
        if (pass == 0 ? g->parent == from->parent : goto_is_global (c, g))
          {
            found = g;
            (*count)++;
          }
      }
  return found;
}

static void
check_froms (Compiler *c)
{
  for (guint i = 0; i < c->configured->len; i++)
    {
      Configured *entry = &g_array_index (c->configured, Configured, i);
      OrrBlock *b = entry->block;
      int count;

      if (entry->config->kind != ORR_BLOCK_FROM)
        continue;
      goto_for (c, b, &count);
      if (count != 1)
        {
          const char *ids[] = { b->id, NULL };
          g_autofree char *path = orr_block_get_path (b);
          orr_compiler_problem (c, ids, g_strdup (path),
                                count == 0 ? "no Goto with the tag '%s' is visible from here (a "
                                             "Goto in the same diagram, or a global one)"
                                           : "the tag '%s' is given by more than one Goto visible "
                                             "from here",
                                tag_of (c, b) ? tag_of (c, b) : "");
        }
    }
}

/* ---- activation Gotos (SetActivationSignal / GetActivationSignal) ---------- */

static int
event_goto_visibility (Compiler *c, OrrBlock *block)
{
  OrrConfig *config = config_of (c, block);
  return config != NULL && orr_config_n (config->ipar) > 0 ? g_array_index (config->ipar, int, 0)
                                                           : 0;
}

static OrrDiagram *
parent_diagram (OrrDiagram *diagram)
{
  return diagram != NULL && diagram->owner != NULL ? diagram->owner->parent : NULL;
}

/* The diagram below which a scoped activation Goto is visible: the
 * nearest one, its own or an ancestor, that holds an EVENT_SCOPE block
 * with its tag; NULL if none does. */
static OrrDiagram *
event_scope_root (Compiler *c, OrrBlock *set)
{
  const char *tag = tag_of (c, set);

  for (OrrDiagram *d = set->parent; d != NULL && tag != NULL; d = parent_diagram (d))
    for (guint i = 0; i < d->blocks->len; i++)
      {
        OrrBlock *b = g_ptr_array_index (d->blocks, i);
        const char *t;

        if (b->child == NULL && kind_of (c, b) == ORR_BLOCK_EVENT_SCOPE
            && (t = tag_of (c, b)) != NULL && strcmp (t, tag) == 0)
          return d;
      }
  return NULL;
}

static gboolean
diagram_within (OrrDiagram *diagram, OrrDiagram *root)
{
  for (OrrDiagram *d = diagram; d != NULL; d = parent_diagram (d))
    if (d == root)
      return TRUE;
  return FALSE;
}

/* The activation Goto an activation From reads: one in its own diagram,
 * else a scoped one whose scope holds the From, else a global one.
 * *count says how many were equally visible (1 is right). */
static OrrBlock *
event_goto_for (Compiler *c, OrrBlock *from, int *count)
{
  const char *tag = tag_of (c, from);
  GPtrArray *list = tag ? g_hash_table_lookup (c->gotos, tag) : NULL;
  OrrBlock *found = NULL;

  *count = 0;
  for (guint pass = 0; pass < 3 && *count == 0; pass++)
    for (guint i = 0; list != NULL && i < list->len; i++)
      {
        OrrBlock *g = g_ptr_array_index (list, i);
        OrrDiagram *root;
        gboolean visible;

        if (kind_of (c, g) != ORR_BLOCK_EVENT_GOTO)
          continue;
        if (pass == 0)
          visible = g->parent == from->parent;
        else if (pass == 1)
          visible = event_goto_visibility (c, g) == 2 && (root = event_scope_root (c, g)) != NULL
                    && diagram_within (from->parent, root);
        else
          visible = event_goto_visibility (c, g) == 1;
        if (visible)
          {
            found = g;
            (*count)++;
          }
      }
  return found;
}

static void
check_event_froms (Compiler *c)
{
  for (guint i = 0; i < c->configured->len; i++)
    {
      Configured *entry = &g_array_index (c->configured, Configured, i);
      OrrBlock *b = entry->block;
      const char *ids[] = { b->id, NULL };
      int count;

      if (entry->config->kind == ORR_BLOCK_EVENT_GOTO && event_goto_visibility (c, b) == 2
          && event_scope_root (c, b) == NULL)
        {
          g_autofree char *path = orr_block_get_path (b);
          orr_compiler_problem (c, ids, g_strdup (path),
                                "the activation signal '%s' is scoped, but no "
                                "ActivationSignalScoping block with that tag is in its diagram "
                                "or above",
                                tag_of (c, b) ? tag_of (c, b) : "");
          continue;
        }
      if (entry->config->kind != ORR_BLOCK_EVENT_FROM)
        continue;
      event_goto_for (c, b, &count);
      if (count != 1)
        {
          g_autofree char *path = orr_block_get_path (b);
          orr_compiler_problem (c, ids, g_strdup (path),
                                count == 0 ? "no SetActivationSignal with the tag '%s' is visible "
                                             "from here (in the same diagram, scoped above, or "
                                             "global)"
                                           : "the activation tag '%s' is set by more than one "
                                             "block visible from here",
                                tag_of (c, b) ? tag_of (c, b) : "");
        }
    }
}

/* ---- regular signals ------------------------------------------------------- */

/* The real output behind output port (1-based) of block in diagram.
 * FALSE if nothing real drives it. */
static gboolean
resolve_output (Compiler *c, OrrDiagram *diagram, OrrBlock *block, guint port, int depth,
                int *out_block, int *out_port)
{
  OrrPortLinks *links;
  FlatBlock *fb;
  OrrLink *l;

  if (depth > MAX_RESOLVE_DEPTH)
    return FALSE;

  /* a real block, the usual case: Froms and port blocks are never flat */
  fb = block->child == NULL ? flat_of (c, block) : NULL;
  if (fb != NULL)
    {
      if ((int)port > fb->n_out)
        return FALSE;
      *out_block = fb->index;
      *out_port = port - 1;
      return TRUE;
    }

  if (block->child != NULL)
    {
      /* into the super block, through its Output port block */
      OrrBlock *out = port_block (c, block, ORR_BLOCK_OUTPUT_PORT, port);
      if (out == NULL)
        return FALSE;
      links = links_into (c, block->child, out->id, ORR_PORT_IN, 1);
      if (links == NULL)
        return FALSE;
      l = links->links[0];
      return resolve_output (c, block->child, links->from[0], l->from.port, depth + 1, out_block,
                             out_port);
    }

  if (kind_of (c, block) == ORR_BLOCK_FROM)
    {
      /* a wire without a line: whatever feeds the matching Goto */
      int count;
      OrrBlock *g = goto_for (c, block, &count);
      if (g == NULL || count != 1)
        return FALSE;
      links = links_into (c, g->parent, g->id, ORR_PORT_IN, 1);
      if (links == NULL)
        return FALSE;
      l = links->links[0];
      return resolve_output (c, g->parent, links->from[0], l->from.port, depth + 1, out_block,
                             out_port);
    }

  if (kind_of (c, block) == ORR_BLOCK_INPUT_PORT)
    {
      /* out of the super block, to what drives its input */
      OrrBlock *super = diagram->owner;
      OrrDiagram *outer;
      if (super == NULL)
        return FALSE;
      outer = super->parent;
      links = links_into (c, outer, super->id, ORR_PORT_IN, port_number (c, block));
      if (links == NULL)
        return FALSE;
      l = links->links[0];
      return resolve_output (c, outer, links->from[0], l->from.port, depth + 1, out_block,
                             out_port);
    }

  return FALSE;
}

/* ---- activation signals ---------------------------------------------------- */

int
orr_compile_source_of (Compiler *c, FlatBlock *fb, int port)
{
  if (fb->evout_source[port] < 0)
    {
      SourceInfo info = { fb->index, port, ORR_SOURCE_EVENT, 0, 0, 0 };
      if (fb->config->kind == ORR_BLOCK_IF_THEN_ELSE || fb->config->kind == ORR_BLOCK_SWITCH_CASE
          || fb->config->kind == ORR_BLOCK_CONDITIONAL)
        info.kind = ORR_SOURCE_BRANCH;
      else if (fb->config->kind == ORR_BLOCK_SAMPLE_CLOCK)
        {
          info.kind = ORR_SOURCE_CLOCK;
          info.period = g_array_index (fb->config->rpar, double, 0);
          info.offset = g_array_index (fb->config->rpar, double, 1);
          info.group = fb->clock_group;
        }
      fb->evout_source[port] = c->sources->len;
      g_array_append_val (c->sources, info);
    }
  return fb->evout_source[port];
}

static void resolve_event_target (Compiler *c, OrrDiagram *diagram, const char *block_id,
                                  guint port, int depth, GArray *found);

/* Adds the sources whose events come out of activation output port of
 * block, looking through structure. */
static void
resolve_event_output (Compiler *c, OrrDiagram *diagram, OrrBlock *block, guint port, int depth,
                      GArray *found)
{
  OrrBlockKind kind;

  if (block == NULL || depth > MAX_RESOLVE_DEPTH)
    return;

  if (block->child != NULL)
    {
      OrrBlock *out = port_block (c, block, ORR_BLOCK_EVENT_OUTPUT_PORT, port);
      if (out != NULL)
        resolve_event_target (c, block->child, out->id, 1, depth + 1, found);
      return;
    }

  kind = kind_of (c, block);
  if (kind == ORR_BLOCK_EVENT_INPUT_PORT)
    {
      OrrBlock *super = diagram->owner;
      if (super != NULL)
        resolve_event_target (c, super->parent, super->id, port_number (c, block), depth + 1,
                              found);
      return;
    }
  if (kind == ORR_BLOCK_EVENT_FROM)
    {
      /* an activation link without a line: whatever activates the
       * matching SetActivationSignal */
      int count;
      OrrBlock *g = event_goto_for (c, block, &count);
      if (g != NULL && count == 1)
        resolve_event_target (c, g->parent, g->id, 1, depth + 1, found);
      return;
    }
  if (kind == ORR_BLOCK_EVENT_UNION)
    {
      OrrConfig *config = config_of (c, block);
      for (int p = 1; config != NULL && p <= config->n_evin; p++)
        resolve_event_target (c, diagram, block->id, p, depth + 1, found);
      return;
    }

  {
    FlatBlock *fb = flat_of (c, block);
    int id;
    if (fb == NULL || (int)port > fb->n_evout)
      return;
    id = orr_compile_source_of (c, fb, port - 1);
    for (guint i = 0; i < found->len; i++)
      if (g_array_index (found, int, i) == id)
        return;
    g_array_append_val (found, id);
  }
}

/* Adds the sources of every link into activation input port of block_id. */
static void
resolve_event_target (Compiler *c, OrrDiagram *diagram, const char *block_id, guint port, int depth,
                      GArray *found)
{
  OrrPortLinks *links = links_into (c, diagram, block_id, ORR_PORT_EVENT_IN, port);

  for (guint i = 0; links != NULL && i < links->n; i++)
    {
      OrrLink *l = links->links[i];
      resolve_event_output (c, diagram, links->from[i], l->from.port, depth, found);
    }
}

/* ---- flatten --------------------------------------------------------------- */

/* The clock group of a diagram: the nearest diagram (this one or an
 * ancestor) holding a SyncTag bounds the clocks that are synchronous with
 * each other; 0 is the whole model. Worked out once per diagram, since
 * asking per block would scan the diagram once for each of its blocks. */
static int
sync_group (Compiler *c, OrrDiagram *diagram, GHashTable *groups)
{
  gpointer known;

  if (diagram == NULL)
    return 0;
  if (g_hash_table_lookup_extended (groups, diagram, NULL, &known))
    return GPOINTER_TO_INT (known);

  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      if (b->child == NULL && kind_of (c, b) == ORR_BLOCK_SYNC_TAG)
        {
          /* group ids count the diagrams with a SyncTag, from 1 */
          int group = ++c->n_sync_groups;
          g_hash_table_insert (groups, diagram, GINT_TO_POINTER (group));
          return group;
        }
    }
  {
    int group = sync_group (c, diagram->owner ? diagram->owner->parent : NULL, groups);
    g_hash_table_insert (groups, diagram, GINT_TO_POINTER (group));
    return group;
  }
}

/* The flat block and its per-port arrays in one allocation (freed with
 * g_free): a model has many blocks with a few ports each. */
static FlatBlock *
flat_block_new (OrrConfig *config)
{
  int n_in = config->inputs->len, n_out = config->outputs->len;
  int n_evin = config->n_evin, n_evout = config->n_evout;
  gsize n_ints = 5 * (gsize)n_in + 3 * (gsize)n_out + n_evout;
  FlatBlock *fb
    = g_malloc0 (sizeof (FlatBlock) + sizeof (GArray *) * n_evin + sizeof (int) * n_ints);
  int *ints;

  fb->config = config;
  fb->n_in = n_in;
  fb->n_out = n_out;
  fb->n_evin = n_evin;
  fb->n_evout = n_evout;
  fb->evin_sources = (GArray **)(fb + 1);
  ints = (int *)(fb->evin_sources + n_evin);
  fb->in_block = ints, ints += n_in;
  fb->in_port = ints, ints += n_in;
  fb->in_rows = ints, ints += n_in;
  fb->in_cols = ints, ints += n_in;
  fb->in_type = ints, ints += n_in;
  fb->out_rows = ints, ints += n_out;
  fb->out_cols = ints, ints += n_out;
  fb->out_type = ints, ints += n_out;
  fb->evout_source = ints;
  return fb;
}

static void
collect_flat (Compiler *c, GHashTable *groups)
{
  OrrDiagram *diagram = NULL; /* the last flat block's, and its clock group */
  int group = 0;

  for (guint i = 0; i < c->configured->len; i++)
    {
      Configured *entry = &g_array_index (c->configured, Configured, i);
      OrrBlock *block = entry->block;
      OrrConfig *config = entry->config;
      FlatBlock *fb;

      if (is_port_kind (config->kind) || config->kind == ORR_BLOCK_EVENT_UNION
          || config->kind == ORR_BLOCK_SYNC_TAG || config->kind == ORR_BLOCK_GOTO
          || config->kind == ORR_BLOCK_FROM || config->kind == ORR_BLOCK_EVENT_GOTO
          || config->kind == ORR_BLOCK_EVENT_FROM || config->kind == ORR_BLOCK_EVENT_SCOPE)
        continue;

      fb = flat_block_new (config);
      fb->doc = block;
      fb->klass = entry->klass;
      fb->path = orr_block_get_path (block);
      fb->index = c->flat->len;
      for (int p = 0; p < fb->n_evout; p++)
        fb->evout_source[p] = -1;
      for (int p = 0; p < fb->n_in; p++)
        fb->in_block[p] = fb->in_port[p] = -1; /* unconnected until a link says */
      fb->rank = -1;
      if (block->parent != diagram)
        {
          /* asked at each diagram's first flat block, as groups are
           * numbered in the order they are found */
          diagram = block->parent;
          group = sync_group (c, diagram, groups);
        }
      fb->clock_group = group;
      g_ptr_array_add (c->flat, fb);
      entry->flat = fb;
    }
}

/* Links must fit the configured ports: the file may have been written when
 * a parameter gave the block another number of ports. */
static void
check_link_ends (Compiler *c, GPtrArray *links, const guint *entry_of, OrrBlock *const *from)
{
  for (guint i = 0; i < links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (links, i);
      const OrrEndpoint *ends[2] = { &l->from, &l->to };
      OrrBlock *blocks[2] = { from[i], c->port_links[entry_of[i]].to };

      for (int e = 0; e < 2; e++)
        {
          OrrBlock *b = blocks[e];
          OrrConfig *config = b ? config_of (c, b) : NULL;
          int count;

          if (config == NULL)
            continue; /* a super block: its ports were checked against its port blocks */
          switch (ends[e]->kind)
            {
              case ORR_PORT_IN:
                count = config->inputs->len;
                break;
              case ORR_PORT_OUT:
                count = config->outputs->len;
                break;
              case ORR_PORT_EVENT_IN:
                count = config->n_evin;
                break;
              default:
                count = config->n_evout;
                break;
            }
          if ((int)ends[e]->port > count)
            {
              const char *ids[] = { b->id, NULL };
              g_autofree char *path = orr_block_get_path (b);
              orr_compiler_problem (c, ids, g_strdup (path),
                                    "link %s uses its %s port %u, but with these parameters it has "
                                    "%d",
                                    l->id, orr_port_kind_to_string (ends[e]->kind), ends[e]->port,
                                    count);
            }
        }
    }
}

void
orr_compile_flatten (Compiler *c)
{
  g_autoptr (GHashTable) groups = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) links = g_ptr_array_new ();
  g_autoptr (GPtrArray) diagrams = g_ptr_array_new ();
  g_autofree guint *entry_of = NULL;
  g_autofree OrrBlock **from = NULL;
  OrrDiagram *root = orr_model_get_root (c->model);

  gather_links (root, links, diagrams);
  entry_of = g_new (guint, MAX (links->len, 1));
  from = g_new (OrrBlock *, MAX (links->len, 1));
  index_links (c, links, diagrams, entry_of, from);
  index_gotos (c);
  check_link_ends (c, links, entry_of, from); /* in the model's order, as gathered */
  check_froms (c);
  check_event_froms (c);
  if (orr_compiler_has_problems (c))
    return;
  collect_flat (c, groups);

  /* each data input's driver, from the links into it: walking the index
   * asks no block for its links */
  for (guint e = 0; e < c->n_port_links; e++)
    {
      OrrPortLinks *entry = &c->port_links[e];
      FlatBlock *fb = entry->key.kind == ORR_PORT_IN ? flat_of (c, entry->to) : NULL;
      int p = (int)entry->key.port - 1;

      if (fb == NULL || p < 0 || p >= fb->n_in)
        continue;
      resolve_output (c, fb->doc->parent, entry->from[0], entry->links[0]->from.port, 0,
                      &fb->in_block[p], &fb->in_port[p]);
    }
  for (guint i = 0; i < c->flat->len; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);

      for (int p = 0; p < fb->n_evin; p++)
        {
          fb->evin_sources[p] = g_array_new (FALSE, FALSE, sizeof (int));
          resolve_event_target (c, fb->doc->parent, fb->doc->id, p + 1, 0, fb->evin_sources[p]);
        }
    }
}
