/* test-model.c: the document model: edits, link rules, transactions, undo
 * and redo (checked by comparing serialised files), change signals, ids and
 * grouping into super blocks. */
#include <orrery/orr-io.h>
#include <orrery/orr-model.h>

#include <string.h>

static char *
dump (OrrModel *model)
{
  gsize length;
  return orr_model_save_to_data (model, &length);
}

static OrrBlock *
add (OrrModel *model, OrrDiagram *diagram, const char *type, const char *label, double x, double y,
     guint n_in, guint n_out)
{
  OrrRect geometry = { x, y, 40, 40 };
  OrrBlock *block = orr_model_add_block (model, diagram, type, &geometry);
  orr_model_set_block_label (model, block, label);
  orr_model_set_port_count (model, block, ORR_PORT_IN, n_in);
  orr_model_set_port_count (model, block, ORR_PORT_OUT, n_out);
  return block;
}

static OrrLink *
wire (OrrModel *model, OrrBlock *from, guint from_port, OrrBlock *to, guint to_port)
{
  OrrEndpoint a = { from->id, ORR_PORT_OUT, from_port };
  OrrEndpoint b = { to->id, ORR_PORT_IN, to_port };
  g_autoptr (GError) error = NULL;
  OrrLink *link = orr_model_connect (model, from->parent, &a, &b, &error);
  g_assert_no_error (error);
  g_assert_nonnull (link);
  return link;
}

static void
test_ids (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  OrrBlock *b = add (model, root, "Gain", "B", 100, 0, 1, 1);
  g_autofree char *a_id = g_strdup (a->id);
  OrrLink *l = wire (model, a, 1, b, 1);

  g_assert_cmpstr (a->id, !=, b->id);
  g_assert_true (orr_model_find_block (model, a->id) == a);
  g_assert_true (orr_model_find_link (model, l->id) == l);

  /* A removed block's id is not handed out again, even after undo. */
  orr_model_remove_block (model, a);
  g_assert_null (orr_model_find_block (model, a_id));
  g_assert_null (orr_model_find_link (model, l->id));
  for (int i = 0; i < 5; i++)
    {
      g_autofree char *id = orr_model_new_id (model, 'b');
      g_assert_cmpstr (id, !=, a_id);
      g_assert_cmpstr (id, !=, b->id);
    }
  g_assert_true (orr_model_undo (model));
  g_assert_nonnull (orr_model_find_block (model, a_id));
}

static void
test_link_rules (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *src = add (model, root, "Constant", "Src", 0, 0, 0, 1);
  OrrBlock *gain = add (model, root, "Gain", "Gain1", 100, 0, 1, 1);
  OrrBlock *clock = add (model, root, "SampleClock", "Clock", 0, 100, 0, 0);
  OrrBlock *other = add (model, root, "Constant", "Other", 0, 50, 0, 1);
  OrrBlock *inner;
  OrrBlock *super;
  g_autoptr (GError) error = NULL;

  orr_model_set_port_count (model, clock, ORR_PORT_EVENT_OUT, 1);
  orr_model_set_port_count (model, gain, ORR_PORT_EVENT_IN, 1);

  /* activation output into a regular input */
  {
    OrrEndpoint a = { clock->id, ORR_PORT_EVENT_OUT, 1 };
    OrrEndpoint b = { gain->id, ORR_PORT_IN, 1 };
    g_assert_null (orr_model_connect (model, root, &a, &b, &error));
    g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INCOMPATIBLE_PORTS);
    g_assert_nonnull (strstr (error->message, "Gain1"));
    g_clear_error (&error);
  }
  /* a port the block does not have */
  {
    OrrEndpoint a = { src->id, ORR_PORT_OUT, 1 };
    OrrEndpoint b = { gain->id, ORR_PORT_IN, 2 };
    g_assert_null (orr_model_connect (model, root, &a, &b, &error));
    g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NO_SUCH_PORT);
    g_assert_nonnull (strstr (error->message, "Gain1 has no in port 2"));
    g_clear_error (&error);
  }
  /* one driver per regular input */
  wire (model, src, 1, gain, 1);
  {
    OrrEndpoint a = { other->id, ORR_PORT_OUT, 1 };
    OrrEndpoint b = { gain->id, ORR_PORT_IN, 1 };
    g_assert_null (orr_model_connect (model, root, &a, &b, &error));
    g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_PORT_TAKEN);
    g_clear_error (&error);
  }
  /* but an output feeds many inputs, and activation inputs take unions */
  {
    OrrBlock *g2 = add (model, root, "Gain", "Gain2", 100, 50, 1, 1);
    OrrEndpoint a = { clock->id, ORR_PORT_EVENT_OUT, 1 };
    OrrEndpoint b = { gain->id, ORR_PORT_EVENT_IN, 1 };
    wire (model, src, 1, g2, 1);
    g_assert_nonnull (orr_model_connect (model, root, &a, &b, &error));
    g_assert_no_error (error);
    g_assert_nonnull (orr_model_connect (model, root, &a, &b, &error));
    g_assert_no_error (error);
  }
  /* both ends must be in the diagram the link goes into */
  super = orr_model_add_super_block (model, root, NULL);
  inner = add (model, super->child, "Gain", "Inner", 0, 0, 1, 1);
  {
    OrrEndpoint a = { src->id, ORR_PORT_OUT, 1 };
    OrrEndpoint b = { inner->id, ORR_PORT_IN, 1 };
    g_assert_null (orr_model_connect (model, root, &a, &b, &error));
    g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM);
  }
}

static void
test_remove_block_takes_links (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  OrrBlock *b = add (model, root, "Gain", "B", 100, 0, 1, 1);
  OrrBlock *c = add (model, root, "Scope", "C", 200, 0, 1, 0);
  g_autofree char *before = NULL;
  g_autofree char *after_undo = NULL;

  wire (model, a, 1, b, 1);
  wire (model, b, 1, c, 1);
  before = dump (model);
  orr_model_remove_block (model, b);
  g_assert_cmpuint (root->blocks->len, ==, 2);
  g_assert_cmpuint (root->links->len, ==, 0);
  /* one user action, one undo step */
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Delete Block");
  g_assert_true (orr_model_undo (model));
  after_undo = dump (model);
  g_assert_cmpstr (after_undo, ==, before);
}

/* The model finds a taken input through an index of links by block; the
 * index must follow every way a link appears and disappears: connect,
 * delete, undo, redo, and moving blocks into a super block. */
static void
test_taken_input_follows_history (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  OrrBlock *b = add (model, root, "Constant", "B", 0, 100, 0, 1);
  OrrBlock *g = add (model, root, "Gain", "G", 100, 0, 1, 1);
  OrrEndpoint from_b = { b->id, ORR_PORT_OUT, 1 };
  OrrEndpoint into_g = { g->id, ORR_PORT_IN, 1 };
  g_autoptr (GError) error = NULL;
  OrrBlock *super;

  wire (model, a, 1, g, 1);
  g_assert_null (orr_model_connect (model, root, &from_b, &into_g, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_PORT_TAKEN);
  g_clear_error (&error);

  /* deleting the driver frees the input... */
  orr_model_remove_block (model, a);
  g_assert_nonnull (orr_model_connect (model, root, &from_b, &into_g, &error));
  g_assert_no_error (error);
  /* ...undoing both takes it back */
  g_assert_true (orr_model_undo (model));
  g_assert_true (orr_model_undo (model));
  g_assert_null (orr_model_connect (model, root, &from_b, &into_g, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_PORT_TAKEN);
  g_clear_error (&error);
  /* redoing the deletion frees it again */
  g_assert_true (orr_model_redo (model));
  g_assert_nonnull (orr_model_connect (model, root, &from_b, &into_g, &error));
  g_assert_no_error (error);

  /* grouped into a super block, the link lives inside and still counts */
  {
    OrrBlock *both[] = { b, g };
    super = orr_model_group (model, both, 2, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpuint (super->child->links->len, ==, 1);
  {
    OrrBlock *c = add (model, super->child, "Constant", "C", 0, 200, 0, 1);
    OrrEndpoint from_c = { c->id, ORR_PORT_OUT, 1 };
    g_assert_null (orr_model_connect (model, super->child, &from_c, &into_g, &error));
    g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_PORT_TAKEN);
  }
}

static void
test_port_count_prunes_links (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  OrrBlock *sum = add (model, root, "Sum", "Sum", 100, 0, 3, 1);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  wire (model, a, 1, sum, 1);
  wire (model, a, 1, sum, 3);
  before = dump (model);
  orr_model_set_port_count (model, sum, ORR_PORT_IN, 2);
  g_assert_cmpuint (root->links->len, ==, 1);
  g_assert_cmpuint (((OrrLink *)g_ptr_array_index (root->links, 0))->to.port, ==, 1);
  orr_model_undo (model);
  after = dump (model);
  g_assert_cmpstr (after, ==, before);
}

/* A long scripted session of every kind of edit; after each step the file
 * is saved. Undoing everything must reproduce each saved file in reverse,
 * and redoing everything each one forward. */
static void
test_undo_redo_exact (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();
  OrrBlock *super;
  guint steps = 0;

  g_ptr_array_add (states, dump (model));

  super = orr_model_add_super_block (model, root, &(OrrRect){ 300, 300, 60, 40 });
  g_ptr_array_add (states, dump (model));
  steps++;

  for (guint i = 0; i < 200; i++)
    {
      guint what = g_rand_int_range (rand, 0, 11);
      OrrDiagram *where = g_rand_boolean (rand) ? root : super->child;
      OrrBlock *b
        = blocks->len ? g_ptr_array_index (blocks, g_rand_int_range (rand, 0, blocks->len)) : NULL;
      char text[64];

      if (b != NULL && b->parent == NULL)
        b = NULL; /* removed earlier */

      switch (what)
        {
          case 0:
          case 1:
            {
              OrrRect g = { g_rand_double_range (rand, 0, 500), g_rand_double_range (rand, 0, 500),
                            40, 40 };
              OrrBlock *n;
              orr_model_begin (model, "Add Gain");
              n = orr_model_add_block (model, where, "Gain", &g);
              orr_model_set_port_count (model, n, ORR_PORT_IN, g_rand_int_range (rand, 0, 3));
              orr_model_set_port_count (model, n, ORR_PORT_OUT, g_rand_int_range (rand, 0, 3));
              orr_model_set_port_count (model, n, ORR_PORT_EVENT_IN, g_rand_int_range (rand, 0, 2));
              orr_model_set_port_count (model, n, ORR_PORT_EVENT_OUT,
                                        g_rand_int_range (rand, 0, 2));
              orr_model_commit (model);
              g_ptr_array_add (blocks, n);
            }
            break;
          case 2:
            if (b == NULL)
              continue;
            orr_model_move_block (model, b, b->geometry.x + 10.25, b->geometry.y - 3.5);
            break;
          case 3:
            if (b == NULL)
              continue;
            g_snprintf (text, sizeof text, "K%u * <2> & \"q\"", i);
            orr_model_set_param (model, b, g_rand_boolean (rand) ? "gain" : "overflow", text);
            break;
          case 4:
            if (b == NULL)
              continue;
            g_snprintf (text, sizeof text, "Blöck %u", i);
            orr_model_set_block_label (model, b, text);
            break;
          case 5:
            if (b == NULL)
              continue;
            orr_model_set_block_orientation (model, b, b->rotation + 90, !b->flip);
            break;
          case 6:
            {
              /* try to connect two random blocks of one diagram */
              OrrBlock *c = blocks->len
                              ? g_ptr_array_index (blocks, g_rand_int_range (rand, 0, blocks->len))
                              : NULL;
              gboolean activation = g_rand_boolean (rand);
              OrrEndpoint from, to;
              if (b == NULL || c == NULL || c->parent != b->parent)
                continue;
              from = (OrrEndpoint){ b->id, activation ? ORR_PORT_EVENT_OUT : ORR_PORT_OUT, 1 };
              to = (OrrEndpoint){ c->id, activation ? ORR_PORT_EVENT_IN : ORR_PORT_IN, 1 };
              if (orr_model_connect (model, b->parent, &from, &to, NULL) == NULL)
                continue;
            }
            break;
          case 7:
            if (where->links->len == 0)
              continue;
            if (g_rand_boolean (rand))
              orr_model_disconnect (model, g_ptr_array_index (where->links, 0));
            else
              {
                OrrPoint pts[2] = { { i, 2.0 * i }, { i + 0.5, 7 } };
                orr_model_set_link_points (model, g_ptr_array_index (where->links, 0), pts,
                                           g_rand_int_range (rand, 0, 3));
              }
            break;
          case 8:
            if (b == NULL)
              continue;
            orr_model_remove_block (model, b);
            break;
          case 9:
            g_snprintf (text, sizeof text, "K = %u;\n// comment\ntau = 0.5;", i);
            orr_model_set_context (model, where, text);
            break;
          case 10:
            {
              OrrSettings s;
              orr_settings_copy (&s, orr_model_get_settings (model));
              s.final_time = i;
              s.rtol = 1e-3 / (i + 1);
              orr_model_set_settings (model, &s);
              orr_settings_clear (&s);
            }
            break;
          default:
            g_assert_not_reached ();
        }
      {
        char *state = dump (model);
        if (strcmp (state, g_ptr_array_index (states, states->len - 1)) == 0)
          {
            g_free (state); /* the edit was a no-op: no undo step either */
            continue;
          }
        g_ptr_array_add (states, state);
        steps++;
      }
    }
  g_assert_cmpuint (steps, >, 100);

  /* masks are edits too */
  {
    OrrMask *mask = orr_mask_new ();
    OrrMaskParam *p = orr_mask_param_new ("K", "Gain", "2");
    p->tunable = TRUE;
    g_ptr_array_add (mask->params, p);
    mask->icon_text = g_strdup ("K");
    orr_model_set_mask (model, super, mask);
    g_ptr_array_add (states, dump (model));
    steps++;
  }

  for (guint i = states->len - 1; i > 0; i--)
    {
      g_autofree char *now = NULL;
      g_assert_true (orr_model_undo (model));
      now = dump (model);
      g_assert_cmpstr (now, ==, g_ptr_array_index (states, i - 1));
    }
  g_assert_false (orr_model_can_undo (model));
  for (guint i = 1; i < states->len; i++)
    {
      g_autofree char *now = NULL;
      g_assert_true (orr_model_redo (model));
      now = dump (model);
      g_assert_cmpstr (now, ==, g_ptr_array_index (states, i));
    }
  g_assert_false (orr_model_can_redo (model));
}

static void
test_transactions (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  g_autofree char *empty = dump (model);
  g_autofree char *one = NULL;
  g_autofree char *now = NULL;
  OrrBlock *a;

  /* nested transactions make one step, named by the outermost */
  orr_model_begin (model, "Build");
  a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  orr_model_begin (model, "Inner");
  orr_model_set_param (model, a, "value", "3");
  orr_model_commit (model);
  orr_model_commit (model);
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Build");
  one = dump (model);
  orr_model_undo (model);
  now = dump (model);
  g_assert_cmpstr (now, ==, empty);
  g_assert_false (orr_model_can_undo (model));
  orr_model_redo (model);
  g_clear_pointer (&now, g_free);
  now = dump (model);
  g_assert_cmpstr (now, ==, one);

  /* rollback of an inner transaction keeps the outer one's work */
  a = g_ptr_array_index (root->blocks, 0);
  orr_model_begin (model, "Outer");
  orr_model_set_param (model, a, "value", "4");
  orr_model_begin (model, "Inner");
  orr_model_move_block (model, a, 50, 50);
  orr_model_set_block_label (model, a, "renamed");
  orr_model_rollback (model);
  orr_model_commit (model);
  g_assert_cmpstr (orr_block_get_param (a, "value"), ==, "4");
  g_assert_cmpfloat (a->geometry.x, ==, 0);
  g_assert_cmpstr (a->label, ==, "A");

  /* an empty transaction leaves no step */
  orr_model_begin (model, "Nothing");
  orr_model_set_param (model, a, "value", "4");
  orr_model_commit (model);
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Outer");

  /* a new edit drops the redo history */
  orr_model_undo (model);
  g_assert_true (orr_model_can_redo (model));
  orr_model_move_block (model, a, 1, 1);
  g_assert_false (orr_model_can_redo (model));
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(int *)data)++;
}

static void
test_modified (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  int notifications = 0;
  OrrBlock *a;

  g_signal_connect (model, "notify::modified", G_CALLBACK (count_notify), &notifications);
  g_assert_false (orr_model_get_modified (model));
  a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  g_assert_true (orr_model_get_modified (model));
  orr_model_set_saved (model);
  g_assert_false (orr_model_get_modified (model));
  orr_model_move_block (model, a, 5, 5);
  g_assert_true (orr_model_get_modified (model));
  orr_model_undo (model);
  g_assert_false (orr_model_get_modified (model)); /* back at the saved state */
  orr_model_undo (model);
  g_assert_true (orr_model_get_modified (model));
  orr_model_redo (model);
  g_assert_false (orr_model_get_modified (model));
  g_assert_cmpint (notifications, ==, 6);

  /* the saved state's step can be lost: undo, then a different edit */
  orr_model_move_block (model, a, 5, 5);
  orr_model_set_saved (model);
  orr_model_undo (model);
  orr_model_move_block (model, a, 9, 9);
  g_assert_true (orr_model_get_modified (model));
}

typedef struct
{
  GArray *kinds;
} Recorder;

static void
on_changed (OrrModel *model, OrrChange *change, gpointer data)
{
  Recorder *r = data;
  int kind = change->kind;
  g_array_append_val (r->kinds, kind);
}

static void
test_signals (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  Recorder r = { g_array_new (FALSE, FALSE, sizeof (int)) };
  OrrBlock *a = add (model, root, "Constant", "A", 0, 0, 0, 1);
  OrrBlock *b = add (model, root, "Gain", "B", 100, 0, 1, 1);

  wire (model, a, 1, b, 1);
  g_signal_connect (model, "changed", G_CALLBACK (on_changed), &r);
  orr_model_remove_block (model, b);
  g_assert_cmpuint (r.kinds->len, ==, 2);
  g_assert_cmpint (g_array_index (r.kinds, int, 0), ==, ORR_CHANGE_LINK_REMOVED);
  g_assert_cmpint (g_array_index (r.kinds, int, 1), ==, ORR_CHANGE_BLOCK_REMOVED);
  g_array_set_size (r.kinds, 0);
  orr_model_undo (model);
  g_assert_cmpuint (r.kinds->len, ==, 2);
  g_assert_cmpint (g_array_index (r.kinds, int, 0), ==, ORR_CHANGE_BLOCK_ADDED);
  g_assert_cmpint (g_array_index (r.kinds, int, 1), ==, ORR_CHANGE_LINK_ADDED);
  g_array_set_size (r.kinds, 0);
  orr_model_set_context (model, root, "x = 1");
  g_assert_cmpuint (r.kinds->len, ==, 1);
  g_assert_cmpint (g_array_index (r.kinds, int, 0), ==, ORR_CHANGE_CONTEXT_CHANGED);
  g_array_unref (r.kinds);
}

static void
test_paths (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *plant = orr_model_add_super_block (model, root, NULL);
  OrrBlock *motor = orr_model_add_super_block (model, plant->child, NULL);
  OrrBlock *integ = add (model, motor->child, "Integrator", "Integrator1", 0, 0, 1, 1);
  OrrBlock *unnamed = orr_model_add_block (model, motor->child, "Gain", NULL);
  g_autofree char *p1 = NULL;
  g_autofree char *p2 = NULL;
  g_autofree char *expected = NULL;

  orr_model_set_block_label (model, plant, "Plant");
  orr_model_set_block_label (model, motor, "Motor");
  p1 = orr_block_get_path (integ);
  g_assert_cmpstr (p1, ==, "Plant/Motor/Integrator1");
  p2 = orr_block_get_path (unnamed);
  expected = g_strdup_printf ("Plant/Motor/%s", unnamed->id);
  g_assert_cmpstr (p2, ==, expected);
}

static OrrBlock *
find_by_type (OrrDiagram *d, const char *type, const char *port)
{
  for (guint i = 0; i < d->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (d->blocks, i);
      if (strcmp (b->type, type) == 0
          && (port == NULL || g_strcmp0 (orr_block_get_param (b, "port"), port) == 0))
        return b;
    }
  return NULL;
}

static gboolean
has_link (OrrDiagram *d, const char *from, OrrPortKind fk, guint fp, const char *to, OrrPortKind tk,
          guint tp)
{
  for (guint i = 0; i < d->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (d->links, i);
      if (strcmp (l->from.block, from) == 0 && l->from.kind == fk && l->from.port == fp
          && strcmp (l->to.block, to) == 0 && l->to.kind == tk && l->to.port == tp)
        return TRUE;
    }
  return FALSE;
}

/* src1 (top) and src2 (bottom) feed a Sum inside the selection; the Sum
 * feeds a Gain inside, whose output goes to two outside scopes; a clock
 * outside activates the Gain. Grouping Sum and Gain gives a super block
 * with inputs numbered top to bottom, one output shared by both scopes
 * and one activation input. */
static void
test_group (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *src2 = add (model, root, "Constant", "Low", 0, 200, 0, 1);
  OrrBlock *src1 = add (model, root, "Constant", "High", 0, 0, 0, 1);
  OrrBlock *sum = add (model, root, "Sum", "Sum", 100, 100, 2, 1);
  OrrBlock *gain = add (model, root, "Gain", "Gain", 200, 100, 1, 1);
  OrrBlock *scope1 = add (model, root, "Scope", "S1", 300, 50, 1, 0);
  OrrBlock *scope2 = add (model, root, "Scope", "S2", 300, 150, 1, 0);
  OrrBlock *clock = add (model, root, "SampleClock", "Clock", 200, 0, 0, 0);
  OrrBlock *selection[2];
  OrrBlock *super, *in1, *in2, *out1, *ev1;
  OrrDiagram *child;
  g_autofree char *before = NULL;
  g_autofree char *grouped = NULL;
  g_autofree char *now = NULL;
  g_autoptr (GError) error = NULL;

  orr_model_set_port_count (model, clock, ORR_PORT_EVENT_OUT, 1);
  orr_model_set_port_count (model, gain, ORR_PORT_EVENT_IN, 1);
  /* wire the lower source to input 1 so that numbering must follow
   * geometry, not port order */
  wire (model, src2, 1, sum, 1);
  wire (model, src1, 1, sum, 2);
  wire (model, sum, 1, gain, 1);
  wire (model, gain, 1, scope1, 1);
  wire (model, gain, 1, scope2, 1);
  {
    OrrEndpoint a = { clock->id, ORR_PORT_EVENT_OUT, 1 };
    OrrEndpoint b = { gain->id, ORR_PORT_EVENT_IN, 1 };
    g_assert_nonnull (orr_model_connect (model, root, &a, &b, NULL));
  }
  before = dump (model);

  selection[0] = gain;
  selection[1] = sum;
  super = orr_model_group (model, selection, 2, &error);
  g_assert_no_error (error);
  g_assert_nonnull (super);
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Group into Super Block");
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_IN), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_OUT), ==, 0);

  /* outside: 5 blocks remain next to the super block; the top source feeds
   * input 1, the scopes share output 1 */
  g_assert_cmpuint (root->blocks->len, ==, 6);
  g_assert_true (has_link (root, src1->id, ORR_PORT_OUT, 1, super->id, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, src2->id, ORR_PORT_OUT, 1, super->id, ORR_PORT_IN, 2));
  g_assert_true (has_link (root, super->id, ORR_PORT_OUT, 1, scope1->id, ORR_PORT_IN, 1));
  g_assert_true (has_link (root, super->id, ORR_PORT_OUT, 1, scope2->id, ORR_PORT_IN, 1));
  g_assert_true (
    has_link (root, clock->id, ORR_PORT_EVENT_OUT, 1, super->id, ORR_PORT_EVENT_IN, 1));
  g_assert_cmpuint (root->links->len, ==, 5);

  /* inside: the two blocks with their ids, four port blocks */
  child = super->child;
  g_assert_cmpuint (child->blocks->len, ==, 6);
  g_assert_nonnull (orr_diagram_find_block (child, sum->id));
  g_assert_nonnull (orr_diagram_find_block (child, gain->id));
  in1 = find_by_type (child, "Input", "1");
  in2 = find_by_type (child, "Input", "2");
  out1 = find_by_type (child, "Output", "1");
  ev1 = find_by_type (child, "EventInput", "1");
  g_assert_nonnull (in1);
  g_assert_nonnull (in2);
  g_assert_nonnull (out1);
  g_assert_nonnull (ev1);
  g_assert_true (has_link (child, in1->id, ORR_PORT_OUT, 1, sum->id, ORR_PORT_IN, 2));
  g_assert_true (has_link (child, in2->id, ORR_PORT_OUT, 1, sum->id, ORR_PORT_IN, 1));
  g_assert_true (has_link (child, sum->id, ORR_PORT_OUT, 1, gain->id, ORR_PORT_IN, 1));
  g_assert_true (has_link (child, gain->id, ORR_PORT_OUT, 1, out1->id, ORR_PORT_IN, 1));
  g_assert_true (has_link (child, ev1->id, ORR_PORT_EVENT_OUT, 1, gain->id, ORR_PORT_EVENT_IN, 1));
  g_assert_cmpuint (child->links->len, ==, 5);
  g_assert_true (orr_model_find_block (model, sum->id) != NULL);

  grouped = dump (model);
  orr_model_undo (model);
  now = dump (model);
  g_assert_cmpstr (now, ==, before);
  orr_model_redo (model);
  g_clear_pointer (&now, g_free);
  now = dump (model);
  g_assert_cmpstr (now, ==, grouped);
}

/* orr_diagram_new_label: the first number from 1 no block's label takes;
 * only labels written as the stem and a plain number count. */
static void
test_new_label (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  const char *labels[]
    = { "Gain1", "Gain2", "Gain4", "Gain03", "Gain+3", "Gain3x", "Gainer3", "Sum3", NULL };
  char *label;

  label = orr_diagram_new_label (root, "Gain");
  g_assert_cmpstr (label, ==, "Gain1");
  g_free (label);
  for (int i = 0; labels[i] != NULL; i++)
    add (model, root, "Gain", labels[i], 50.0 * i, 0, 1, 1);
  label = orr_diagram_new_label (root, "Gain");
  g_assert_cmpstr (label, ==, "Gain3");
  g_free (label);
  label = orr_diagram_new_label (root, "Sum");
  g_assert_cmpstr (label, ==, "Sum1");
  g_free (label);

  /* 1 .. n all taken, in reverse order, plus a huge number: n + 1 */
  {
    g_autoptr (OrrModel) big = orr_model_new ();
    OrrDiagram *r = orr_model_get_root (big);
    const int n = 3000;

    add (big, r, "Gain", "Gain99999999999999999999999", 0, 0, 1, 1);
    for (int i = n; i >= 1; i--)
      {
        g_autofree char *name = g_strdup_printf ("Gain%d", i);
        add (big, r, "Gain", name, 0, 0, 1, 1);
      }
    label = orr_diagram_new_label (r, "Gain");
    g_assert_cmpstr (label, ==, "Gain3001");
    g_free (label);
    orr_model_remove_block (
      big, orr_model_find_block (big, ((OrrBlock *)g_ptr_array_index (r->blocks, 1000))->id));
    label = orr_diagram_new_label (r, "Gain");
    g_assert_cmpstr (label, ==, "Gain2001"); /* index 1000 held Gain(3000 - 999) */
    g_free (label);
  }
}

static void
count_change (OrrModel *model, gpointer change, gpointer data)
{
  (*(guint *)data)++;
}

static OrrBlock *
detached_block (OrrDiagram *diagram, const char *id, const char *type, guint n_in, guint n_out)
{
  OrrBlock *block = orr_block_new (id, type);

  orr_block_set_ports (block, ORR_PORT_IN, n_in);
  orr_block_set_ports (block, ORR_PORT_OUT, n_out);
  orr_diagram_append_block (diagram, block);
  return block;
}

static void
detached_link (OrrDiagram *diagram, const char *id, const char *from, const char *to)
{
  OrrEndpoint a = { (char *)from, ORR_PORT_OUT, 1 };
  OrrEndpoint b = { (char *)to, ORR_PORT_IN, 1 };

  orr_diagram_append_link (diagram, orr_link_new (id, ORR_LINK_REGULAR, &a, &b));
}

/* A loader's whole diagram at once: indexed like inserted blocks and
 * links, no history, no signals, and refused as insertion would refuse
 * it, leaving the model empty. */
static void
test_take_root (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrModel) bad = orr_model_new ();
  g_autoptr (GError) error = NULL;
  OrrDiagram *d = orr_diagram_new ();
  OrrBlock *super, *inner;
  guint changes = 0;
  g_autofree char *next = NULL;

  detached_block (d, "b1", "Constant", 0, 1);
  super = detached_block (d, "b7", "SuperBlock", 1, 1);
  inner = detached_block (super->child, "b9", "Gain", 1, 1);
  detached_link (d, "l2", "b1", "b7");
  g_free (d->context);
  d->context = g_strdup ("k = 2");
  g_signal_connect (model, "changed", G_CALLBACK (count_change), &changes);
  g_assert_true (orr_model_take_root (model, d, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_false (orr_model_can_undo (model));
  g_assert_cmpuint (orr_model_get_root (model)->blocks->len, ==, 2);
  g_assert_cmpstr (orr_model_get_context (model), ==, "k = 2");
  g_assert_true (orr_model_find_block (model, "b9") == inner);
  g_assert_true (inner->parent == super->child && super->child->model == model);
  g_assert_true (super->parent == orr_model_get_root (model));
  g_assert_nonnull (orr_model_find_link (model, "l2"));
  g_assert_true (orr_model_port_is_linked (model, super, ORR_PORT_IN, 1));
  /* new ids come after the largest one taken */
  next = orr_model_new_id (model, 'b');
  g_assert_cmpstr (next, ==, "b10");

  /* a second driver of b7's input: refused, the model stays empty */
  d = orr_diagram_new ();
  detached_block (d, "b1", "Constant", 0, 1);
  detached_block (d, "b2", "Constant", 0, 1);
  detached_block (d, "b3", "Gain", 1, 1);
  detached_link (d, "l1", "b1", "b3");
  detached_link (d, "l2", "b2", "b3");
  g_assert_false (orr_model_take_root (bad, d, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_PORT_TAKEN);
  g_clear_error (&error);
  g_assert_cmpuint (orr_model_get_root (bad)->blocks->len, ==, 0);
  g_assert_null (orr_model_find_block (bad, "b1"));
  g_assert_null (orr_model_find_link (bad, "l1"));

  /* an id used twice, one of them inside a super block */
  d = orr_diagram_new ();
  super = detached_block (d, "b1", "SuperBlock", 0, 0);
  detached_block (super->child, "b1", "Gain", 1, 1);
  g_assert_false (orr_model_take_root (bad, d, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_DUPLICATE_ID);
  g_clear_error (&error);
  g_assert_null (orr_model_find_block (bad, "b1"));

  /* and the empty model still takes a good diagram */
  d = orr_diagram_new ();
  detached_block (d, "b4", "Constant", 0, 1);
  g_assert_true (orr_model_take_root (bad, d, &error));
  g_assert_no_error (error);
  g_assert_nonnull (orr_model_find_block (bad, "b4"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/ids", test_ids);
  g_test_add_func ("/model/new-label", test_new_label);
  g_test_add_func ("/model/link-rules", test_link_rules);
  g_test_add_func ("/model/remove-block-takes-links", test_remove_block_takes_links);
  g_test_add_func ("/model/port-count-prunes-links", test_port_count_prunes_links);
  g_test_add_func ("/model/taken-input-follows-history", test_taken_input_follows_history);
  g_test_add_func ("/model/undo-redo-exact", test_undo_redo_exact);
  g_test_add_func ("/model/transactions", test_transactions);
  g_test_add_func ("/model/modified", test_modified);
  g_test_add_func ("/model/signals", test_signals);
  g_test_add_func ("/model/paths", test_paths);
  g_test_add_func ("/model/group", test_group);
  g_test_add_func ("/model/take-root", test_take_root);
  return g_test_run ();
}
