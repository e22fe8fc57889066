/* test-hierarchy.c: super blocks through the model API: grouping and
 * expanding as a round trip (the model compared block by block and link by
 * link, geometry within 1e-9), undo and redo of both (the saved text equal
 * byte for byte), through-links with branches, what expanding refuses, and
 * a super block's ports following the port blocks inside it. */
#include <orrery/orr-io.h>
#include <orrery/orr-model.h>

#include <math.h>
#include <string.h>

static char *
dump (OrrModel *model)
{
  gsize length;
  return orr_model_save_to_data (model, &length);
}

static OrrModel *
load_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_data (text, strlen (text), "test", &error);
  g_assert_no_error (error);
  return model;
}

static char *
read_model_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "models", name, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static OrrBlock *
add (OrrModel *model, OrrDiagram *diagram, const char *type, const char *label, double x, double y,
     guint n_in, guint n_out, guint n_evin, guint n_evout)
{
  OrrRect geometry = { x, y, 40, 40 };
  OrrBlock *block = orr_model_add_block (model, diagram, type, &geometry);
  orr_model_set_block_label (model, block, label);
  orr_model_set_port_count (model, block, ORR_PORT_IN, n_in);
  orr_model_set_port_count (model, block, ORR_PORT_OUT, n_out);
  orr_model_set_port_count (model, block, ORR_PORT_EVENT_IN, n_evin);
  orr_model_set_port_count (model, block, ORR_PORT_EVENT_OUT, n_evout);
  return block;
}

static OrrLink *
wire_kind (OrrModel *model, OrrBlock *from, OrrPortKind from_kind, guint from_port, OrrBlock *to,
           OrrPortKind to_kind, guint to_port)
{
  OrrEndpoint a = { from->id, from_kind, from_port };
  OrrEndpoint b = { to->id, to_kind, to_port };
  g_autoptr (GError) error = NULL;
  OrrLink *link = orr_model_connect (model, from->parent, &a, &b, &error);
  g_assert_no_error (error);
  g_assert_nonnull (link);
  return link;
}

static OrrLink *
wire (OrrModel *model, OrrBlock *from, guint from_port, OrrBlock *to, guint to_port)
{
  return wire_kind (model, from, ORR_PORT_OUT, from_port, to, ORR_PORT_IN, to_port);
}

static OrrLink *
ewire (OrrModel *model, OrrBlock *from, guint from_port, OrrBlock *to, guint to_port)
{
  return wire_kind (model, from, ORR_PORT_EVENT_OUT, from_port, to, ORR_PORT_EVENT_IN, to_port);
}

/* ---- comparing two models ------------------------------------------------ */

/* What a block is, apart from where it stands: type, label, parameters,
 * ports and their labels, orientation, mask. */
static char *
block_text (OrrBlock *b)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%s %s '%s' rot %d flip %d mask %d |", b->id, b->type,
                          b->label ? b->label : "", b->rotation, b->flip, b->mask != NULL);
  for (guint i = 0; i < b->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (b->params, i);
      g_string_append_printf (s, " %s=%s", p->name, p->expr);
    }
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      g_string_append_printf (s, " | %s %u:", orr_port_kind_to_string (k), b->ports[k]->len);
      for (guint i = 0; i < b->ports[k]->len; i++)
        {
          OrrPort *port = g_ptr_array_index (b->ports[k], i);
          g_string_append_printf (s, " '%s'", port->label ? port->label : "");
        }
    }
  return g_string_free (s, FALSE);
}

static char *
link_text (OrrLink *l)
{
  return g_strdup_printf ("%d %s %s %u -> %s %s %u", l->kind, l->from.block,
                          orr_port_kind_to_string (l->from.kind), l->from.port, l->to.block,
                          orr_port_kind_to_string (l->to.kind), l->to.port);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static GPtrArray *
sorted_links (OrrDiagram *d)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < d->links->len; i++)
    g_ptr_array_add (texts, link_text (g_ptr_array_index (d->links, i)));
  g_ptr_array_sort (texts, compare_strings);
  return texts;
}

/* The diagrams hold the same blocks (same id, same content, geometry
 * within 1e-9, whatever the drawing order) and the same connections (by
 * block id and port, whatever the link ids); links that kept their id
 * kept their route. Recursive into super blocks. */
static void
assert_diagrams_equal (OrrDiagram *a, OrrDiagram *b)
{
  g_autoptr (GPtrArray) la = sorted_links (a);
  g_autoptr (GPtrArray) lb = sorted_links (b);

  g_assert_cmpstr (a->context, ==, b->context);
  g_assert_cmpuint (a->blocks->len, ==, b->blocks->len);
  for (guint i = 0; i < a->blocks->len; i++)
    {
      OrrBlock *ba = g_ptr_array_index (a->blocks, i);
      OrrBlock *bb = orr_diagram_find_block (b, ba->id);
      g_autofree char *ta = block_text (ba);
      g_autofree char *tb = NULL;

      g_assert_nonnull (bb);
      tb = block_text (bb);
      g_assert_cmpstr (ta, ==, tb);
      g_assert_cmpfloat_with_epsilon (ba->geometry.x, bb->geometry.x, 1e-9);
      g_assert_cmpfloat_with_epsilon (ba->geometry.y, bb->geometry.y, 1e-9);
      g_assert_cmpfloat_with_epsilon (ba->geometry.width, bb->geometry.width, 1e-9);
      g_assert_cmpfloat_with_epsilon (ba->geometry.height, bb->geometry.height, 1e-9);
      g_assert_true ((ba->child == NULL) == (bb->child == NULL));
      if (ba->child != NULL)
        assert_diagrams_equal (ba->child, bb->child);
    }
  g_assert_cmpuint (la->len, ==, lb->len);
  for (guint i = 0; i < la->len; i++)
    g_assert_cmpstr (g_ptr_array_index (la, i), ==, g_ptr_array_index (lb, i));
  for (guint i = 0; i < a->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (a->links, i);
      for (guint j = 0; j < b->links->len; j++)
        {
          OrrLink *m = g_ptr_array_index (b->links, j);
          if (strcmp (l->id, m->id) != 0)
            continue;
          g_assert_cmpuint (l->points->len, ==, m->points->len);
          for (guint p = 0; p < l->points->len; p++)
            {
              g_assert_cmpfloat_with_epsilon (g_array_index (l->points, OrrPoint, p).x,
                                              g_array_index (m->points, OrrPoint, p).x, 1e-9);
              g_assert_cmpfloat_with_epsilon (g_array_index (l->points, OrrPoint, p).y,
                                              g_array_index (m->points, OrrPoint, p).y, 1e-9);
            }
        }
    }
}

static OrrBlock *
by_label (OrrDiagram *d, const char *label)
{
  for (guint i = 0; i < d->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (d->blocks, i);
      if (g_strcmp0 (b->label, label) == 0)
        return b;
    }
  g_assert_not_reached ();
}

static gboolean
has_link (OrrDiagram *d, OrrBlock *from, OrrPortKind fk, guint fp, OrrBlock *to, OrrPortKind tk,
          guint tp)
{
  for (guint i = 0; i < d->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (d->links, i);
      if (strcmp (l->from.block, from->id) == 0 && l->from.kind == fk && l->from.port == fp
          && strcmp (l->to.block, to->id) == 0 && l->to.kind == tk && l->to.port == tp)
        return TRUE;
    }
  return FALSE;
}

/* ---- group and expand -------------------------------------------------------- */

static const char *
port_label (OrrBlock *b, OrrPortKind kind, guint port)
{
  return ((OrrPort *)g_ptr_array_index (b->ports[kind], port - 1))->label;
}

/* Groups the blocks labelled in labels, expands the result, and checks
 * the model against an untouched copy; then undo and redo, by saved text. */
static void
round_trip (const char *text, const char *const *labels)
{
  g_autoptr (OrrModel) original = load_text (text);
  g_autoptr (OrrModel) model = load_text (text);
  g_autoptr (GPtrArray) selection = g_ptr_array_new ();
  g_autoptr (GPtrArray) inlined = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = dump (model);
  g_autofree char *grouped = NULL;
  g_autofree char *expanded = NULL;
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *super;

  for (guint i = 0; labels[i] != NULL; i++)
    g_ptr_array_add (selection, by_label (root, labels[i]));
  super = orr_model_group (model, (OrrBlock *const *)selection->pdata, selection->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (super);
  g_assert_cmpuint (super->child->blocks->len, >, selection->len); /* port blocks were added */
  grouped = dump (model);

  g_assert_true (orr_model_expand (model, super, inlined, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (inlined->len, ==, selection->len);
  for (guint i = 0; i < inlined->len; i++)
    g_assert_true (((OrrBlock *)g_ptr_array_index (inlined, i))->parent == root);
  assert_diagrams_equal (orr_model_get_root (original), root);
  expanded = dump (model);

  /* one undo step each, restoring the text exactly */
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Expand Super Block");
  g_assert_true (orr_model_undo (model));
  {
    g_autofree char *now = dump (model);
    g_assert_cmpstr (now, ==, grouped);
  }
  g_assert_true (orr_model_undo (model));
  {
    g_autofree char *now = dump (model);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_true (orr_model_redo (model));
  g_assert_true (orr_model_redo (model));
  {
    g_autofree char *now = dump (model);
    g_assert_cmpstr (now, ==, expanded);
  }
  assert_diagrams_equal (orr_model_get_root (original), root);
}

static void
test_round_trip_bouncing_ball (void)
{
  g_autofree char *text = read_model_file ("bouncing-ball.orr");
  const char *physics[] = { "Gravity", "Velocity", "Height", "Impact", "Restitution", NULL };
  round_trip (text, physics);
}

/* The example as shipped: port labels, a rotated block, routed links. */
static void
test_round_trip_example (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", "bouncing-ball.orr", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  const char *physics[] = { "Gravity", "Velocity", "Height", "Impact", "Restitution", NULL };

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  round_trip (text, physics);
}

/* Branches both ways and activation links: one outside source feeding two
 * inner inputs and an outside one, an inner output feeding two outside
 * inputs, two clocks into one activation input, one clock into two. */
static void
test_round_trip_branches (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *s = add (model, root, "Constant", "S", 0, 100, 0, 1, 0, 0);
  OrrBlock *c1 = add (model, root, "SampleClock", "C1", 100, 0, 0, 0, 0, 1);
  OrrBlock *c2 = add (model, root, "SampleClock", "C2", 200, 0, 0, 0, 0, 1);
  OrrBlock *a = add (model, root, "Sum", "A", 100, 100, 2, 1, 1, 0);
  OrrBlock *b = add (model, root, "Gain", "B", 100, 200, 1, 1, 1, 0);
  OrrBlock *o1 = add (model, root, "Scope", "O1", 300, 50, 1, 0, 0, 0);
  OrrBlock *o2 = add (model, root, "Scope", "O2", 300, 150, 1, 0, 0, 0);
  OrrBlock *o3 = add (model, root, "Scope", "O3", 300, 250, 1, 0, 0, 0);
  const char *group[] = { "A", "B", "N", NULL };
  g_autofree char *text = NULL;
  OrrPoint route[] = { { 50, 60 }, { 250, 60 } };
  OrrRect nested_where = { 150, 150, 60, 40 };
  OrrBlock *nested = orr_model_add_super_block (model, root, &nested_where);

  /* a super block in the selection moves with everything inside it */
  orr_model_set_block_label (model, nested, "N");
  orr_model_set_context (model, nested->child, "k = 3;");
  add (model, nested->child, "Gain", "Inner", 10, 10, 1, 1, 0, 0);

  wire (model, s, 1, a, 1);
  wire (model, s, 1, b, 1);
  wire (model, s, 1, o1, 1);
  wire (model, b, 1, a, 2);
  wire (model, a, 1, o2, 1);
  wire (model, a, 1, o3, 1);
  ewire (model, c1, 1, a, 1);
  ewire (model, c1, 1, b, 1);
  ewire (model, c2, 1, a, 1);
  /* a link that does not cross keeps its route */
  orr_model_set_link_points (
    model, wire (model, s, 1, add (model, root, "Scope", "O4", 0, 300, 1, 0, 0, 0), 1), route, 2);
  text = dump (model);
  round_trip (text, group);
}

/* The ports of a grouped super block are numbered by where their outside
 * end is: top to bottom. */
static void
test_group_numbering (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *low = add (model, root, "Constant", "Low", 0, 300, 0, 1, 0, 0);
  OrrBlock *high = add (model, root, "Constant", "High", 0, 0, 0, 1, 0, 0);
  OrrBlock *sum = add (model, root, "Sum", "Sum", 100, 150, 2, 1, 0, 0);
  OrrBlock *super;
  g_autoptr (GError) error = NULL;

  g_autofree char *grouped = NULL;
  g_autofree char *synced = NULL;

  wire (model, low, 1, sum, 1);
  wire (model, high, 1, sum, 2);
  orr_model_set_port_label (model, sum, ORR_PORT_IN, 1, "minus");
  super = orr_model_group (model, &sum, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_true (has_link (root, high, ORR_PORT_OUT, 1, super, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, low, ORR_PORT_OUT, 1, super, ORR_PORT_IN, 2));
  /* the port keeps the name of the input it stands in for */
  g_assert_null (port_label (super, ORR_PORT_IN, 1));
  g_assert_cmpstr (port_label (super, ORR_PORT_IN, 2), ==, "minus");
  /* and grouping already left the ports as syncing them would */
  grouped = dump (model);
  orr_model_sync_super_ports (model, super);
  synced = dump (model);
  g_assert_cmpstr (synced, ==, grouped);
}

/* The port blocks grouping makes inside: data inputs at the left, level
 * with the block they feed; an activation input above the blocks, over
 * the block it activates, not among the data inputs (where its "1" read
 * like a second data input 1 and its link crossed theirs). */
static void
test_group_port_layout (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *src = add (model, root, "Constant", "Src", 0, 100, 0, 1, 0, 0);
  OrrBlock *clock = add (model, root, "SampleClock", "Clock", 200, 0, 0, 0, 0, 1);
  OrrBlock *hold = add (model, root, "SampleHold", "Hold", 200, 100, 1, 1, 1, 0);
  OrrBlock *super, *in = NULL, *ev = NULL;
  g_autoptr (GError) error = NULL;

  wire (model, src, 1, hold, 1);
  ewire (model, clock, 1, hold, 1);
  super = orr_model_group (model, &hold, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < super->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (super->child->blocks, i);
      if (g_str_equal (b->type, "Input"))
        in = b;
      else if (g_str_equal (b->type, "EventInput"))
        ev = b;
    }
  g_assert_nonnull (in);
  g_assert_nonnull (ev);
  /* Hold is at (200, 100), 40 x 40 as add() makes it */
  g_assert_cmpfloat (in->geometry.x + in->geometry.width, <, 200);
  g_assert_cmpfloat (fabs (in->geometry.y + in->geometry.height / 2 - 120), <, 1e-9);
  g_assert_cmpfloat (ev->geometry.y + ev->geometry.height, <, 100);
  g_assert_cmpfloat (fabs (ev->geometry.x + ev->geometry.width / 2 - 220), <, 1e-9);
}

/* A hand-made super block: Input 1 straight into Output 1, and a second
 * Input block with number 1 into a Gain; the source outside reaches both
 * the blocks behind Output 1 and the Gain. A loop of ports around the
 * super block drives nothing and disappears. */
static void
test_expand_through_links (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *s = add (model, root, "Constant", "S", 0, 0, 0, 1, 0, 0);
  OrrBlock *t1 = add (model, root, "Scope", "T1", 300, 0, 1, 0, 0, 0);
  OrrBlock *t2 = add (model, root, "Scope", "T2", 300, 100, 1, 0, 0, 0);
  OrrBlock *t3 = add (model, root, "Scope", "T3", 300, 200, 1, 0, 0, 0);
  OrrRect where = { 100, 0, 60, 40 };
  OrrBlock *super = orr_model_add_super_block (model, root, &where);
  OrrBlock *in1, *in1b, *out1, *out2, *in2, *gain;
  /* in1b shares number 1 with in1: the compiler refuses that, but a model
   * being edited may have it and expanding must still do the right thing */
  g_autoptr (GPtrArray) inlined = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GError) error = NULL;

  in1 = add (model, super->child, "Input", "in", 0, 0, 0, 1, 0, 0);
  in1b = add (model, super->child, "Input", "in again", 0, 100, 0, 1, 0, 0);
  in2 = add (model, super->child, "Input", "loop in", 0, 200, 0, 1, 0, 0);
  out1 = add (model, super->child, "Output", "out", 200, 0, 1, 0, 0, 0);
  out2 = add (model, super->child, "Output", "loop out", 200, 200, 1, 0, 0, 0);
  gain = add (model, super->child, "Gain", "K", 100, 100, 1, 1, 0, 0);
  orr_model_set_param (model, in2, "port", "2");
  orr_model_set_param (model, out2, "port", "2");
  wire (model, in1, 1, out1, 1);
  wire (model, in1b, 1, gain, 1);
  wire (model, in2, 1, out2, 1);
  orr_model_sync_super_ports (model, super);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 2);
  wire (model, s, 1, super, 1);
  wire (model, super, 1, t1, 1);
  wire (model, super, 1, t2, 1);
  wire (model, super, 2, super, 2); /* a loop through nothing */
  wire (model, super, 2, t3, 1);

  g_assert_true (orr_model_expand (model, super, inlined, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (inlined->len, ==, 1);
  gain = g_ptr_array_index (inlined, 0);
  g_assert_cmpstr (gain->label, ==, "K");
  /* alone, the gain is centred where the super block was */
  g_assert_cmpfloat_with_epsilon (gain->geometry.x + 20, 130, 1e-9);
  g_assert_cmpfloat_with_epsilon (gain->geometry.y + 20, 20, 1e-9);
  g_assert_cmpuint (root->blocks->len, ==, 5);
  g_assert_cmpuint (root->links->len, ==, 3);
  g_assert_true (has_link (root, s, ORR_PORT_OUT, 1, t1, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, s, ORR_PORT_OUT, 1, t2, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, s, ORR_PORT_OUT, 1, gain, ORR_PORT_IN, 1));
}

static void
test_expand_refuses (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *plain = add (model, root, "Gain", "Plain", 0, 0, 1, 1, 0, 0);
  OrrRect where = { 100, 0, 60, 40 };
  OrrBlock *super = orr_model_add_super_block (model, root, &where);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;

  orr_model_set_block_label (model, super, "Ball");
  add (model, super->child, "Gain", "Inner", 0, 0, 1, 1, 0, 0);
  before = dump (model);

  g_assert_false (orr_model_expand (model, plain, NULL, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
  g_clear_error (&error);

  orr_model_set_mask (model, super, orr_mask_new ());
  g_assert_false (orr_model_expand (model, super, NULL, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Ball is masked"));
  g_clear_error (&error);
  orr_model_undo (model);

  orr_model_set_context (model, super->child, "g = 9.81;");
  g_assert_false (orr_model_expand (model, super, NULL, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Ball has a context"));
  g_clear_error (&error);
  orr_model_undo (model);
  {
    g_autofree char *now = dump (model);
    g_assert_cmpstr (now, ==, before); /* nothing was half done */
  }

  /* a blank context defines nothing: fine */
  orr_model_set_context (model, super->child, " \n\t");
  g_assert_true (orr_model_expand (model, super, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (by_label (root, "Inner"));
}

/* ---- ports ----------------------------------------------------------------- */

static void
test_sync_ports (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrRect where = { 100, 0, 60, 40 };
  OrrBlock *super = orr_model_add_super_block (model, root, &where);
  OrrBlock *s = add (model, root, "Constant", "S", 0, 0, 0, 1, 0, 0);
  OrrBlock *u, *w, *y, *ev, *dyn;
  g_autofree char *empty = NULL;

  empty = dump (model);
  u = add (model, super->child, "Input", "u", 0, 0, 0, 1, 0, 0);
  w = add (model, super->child, "Input", "Input2", 0, 100, 0, 1, 0, 0);
  orr_model_set_param (model, w, "port", "2");
  y = add (model, super->child, "Output", "y", 200, 0, 1, 0, 0, 0);
  ev = add (model, super->child, "EventInput", NULL, 100, -100, 0, 0, 0, 1);

  /* one step with the edit that added the blocks */
  orr_model_begin (model, "Add Ports");
  orr_model_sync_super_ports (model, super);
  orr_model_commit (model);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_IN), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_OUT), ==, 0);
  g_assert_cmpstr (port_label (super, ORR_PORT_IN, 1), ==, "u");
  g_assert_null (port_label (super, ORR_PORT_IN, 2)); /* the automatic label is not shown */
  g_assert_cmpstr (port_label (super, ORR_PORT_OUT, 1), ==, "y");
  g_assert_null (port_label (super, ORR_PORT_EVENT_IN, 1));
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Add Ports");

  /* a renamed port block renames the port */
  orr_model_set_block_label (model, w, "w");
  orr_model_sync_super_ports (model, super);
  g_assert_cmpstr (port_label (super, ORR_PORT_IN, 2), ==, "w");

  /* removing a port block takes the port, and the link to it, away */
  wire (model, s, 1, super, 2);
  orr_model_remove_block (model, w);
  orr_model_sync_super_ports (model, super);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 1);
  g_assert_cmpuint (root->links->len, ==, 0);

  /* a number written as an expression never takes ports away */
  dyn = add (model, super->child, "Output", "z", 200, 100, 1, 0, 0, 0);
  orr_model_set_param (model, dyn, "port", "n + 1");
  orr_model_set_port_count (model, super, ORR_PORT_OUT, 3);
  orr_model_sync_super_ports (model, super);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 3);
  g_assert_cmpstr (port_label (super, ORR_PORT_OUT, 1), ==, "y");

  /* all of it undoes */
  while (orr_model_can_undo (model))
    orr_model_undo (model);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 0);
  (void)u;
  (void)y;
  (void)ev;
}

/* Three inputs; the second port block goes; renumbering makes the third
 * the second, and its link outside follows it. */
static void
test_renumber_ports (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrRect where = { 100, 0, 60, 60 };
  OrrBlock *super = orr_model_add_super_block (model, root, &where);
  OrrBlock *src[3], *port[3], *evsrc, *evport, *outs[2], *sink;
  const char *names[] = { "a", "b", "c" };
  g_autofree char *before = NULL;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      src[i] = add (model, root, "Constant", names[i], 0, 100.0 * i, 0, 1, 0, 0);
      port[i] = add (model, super->child, "Input", names[i], 0, 100.0 * i, 0, 1, 0, 0);
      orr_model_set_param (model, port[i], "port", number);
    }
  /* an activation port numbered 2 alone: it becomes 1 */
  evport = add (model, super->child, "EventInput", "tick", 0, -100, 0, 0, 0, 1);
  orr_model_set_param (model, evport, "port", "2");
  evsrc = add (model, root, "SampleClock", "Clock", 100, -100, 0, 0, 0, 1);
  orr_model_sync_super_ports (model, super);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_IN), ==, 2);
  for (guint i = 0; i < 3; i++)
    wire (model, src[i], 1, super, i + 1);
  ewire (model, evsrc, 1, super, 2);

  /* two Output blocks share number 1: they become 1 and 2, and the link
   * outside stays with the first */
  for (guint i = 0; i < 2; i++)
    {
      outs[i] = add (model, super->child, "Output", i == 0 ? "first" : "second", 200, 100.0 * i, 1,
                     0, 0, 0);
      orr_model_set_param (model, outs[i], "port", "1");
    }
  orr_model_sync_super_ports (model, super);
  sink = add (model, root, "Scope", "Sink", 300, 0, 1, 0, 0, 0);
  wire (model, super, 1, sink, 1);

  orr_model_remove_block (model, port[1]);
  before = dump (model);
  orr_model_renumber_ports (model, super->child);

  g_assert_cmpstr (orr_block_get_param (port[0], "port"), ==, "1");
  g_assert_cmpstr (orr_block_get_param (port[2], "port"), ==, "2");
  g_assert_cmpstr (orr_block_get_param (evport, "port"), ==, "1");
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_IN), ==, 1);
  g_assert_cmpstr (port_label (super, ORR_PORT_IN, 1), ==, "a");
  g_assert_cmpstr (port_label (super, ORR_PORT_IN, 2), ==, "c");
  g_assert_cmpstr (orr_block_get_param (outs[0], "port"), ==, "1");
  g_assert_cmpstr (orr_block_get_param (outs[1], "port"), ==, "2");
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 2);
  g_assert_cmpstr (port_label (super, ORR_PORT_OUT, 2), ==, "second");
  g_assert_cmpuint (root->links->len, ==, 4);
  g_assert_true (has_link (root, super, ORR_PORT_OUT, 1, sink, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, src[0], ORR_PORT_OUT, 1, super, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, src[2], ORR_PORT_OUT, 1, super, ORR_PORT_IN, 2));
  g_assert_true (has_link (root, evsrc, ORR_PORT_EVENT_OUT, 1, super, ORR_PORT_EVENT_IN, 1));

  /* one undo step restores the text */
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Renumber Ports");
  orr_model_undo (model);
  {
    g_autofree char *now = dump (model);
    g_assert_cmpstr (now, ==, before);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hierarchy/round-trip/bouncing-ball", test_round_trip_bouncing_ball);
  g_test_add_func ("/hierarchy/round-trip/example", test_round_trip_example);
  g_test_add_func ("/hierarchy/round-trip/branches", test_round_trip_branches);
  g_test_add_func ("/hierarchy/group-numbering", test_group_numbering);
  g_test_add_func ("/hierarchy/group-port-layout", test_group_port_layout);
  g_test_add_func ("/hierarchy/expand/through-links", test_expand_through_links);
  g_test_add_func ("/hierarchy/expand/refuses", test_expand_refuses);
  g_test_add_func ("/hierarchy/ports/sync", test_sync_ports);
  g_test_add_func ("/hierarchy/ports/renumber", test_renumber_ports);
  return g_test_run ();
}
