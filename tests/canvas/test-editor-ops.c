/* test-editor-ops.c: the engine's editing steps (orrery/orr-editor.h): adding
 * blocks with their class's ports, ports that
 * follow parameters (Mux inputs, Sum signs), refused parameters, and super
 * block ports from their port blocks. No display needed, but it runs with
 * the canvas tests. */
#include <orrery/orr-editor.h>
#include "orr-palettes.h"

#include <orrery/orr-interface.h>

typedef struct
{
  OrrModel *model;
  OrrRegistry *registry;
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->model = orr_model_new ();
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->model);
  orr_registry_free (f->registry);
}

static void
test_add_block (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrRect g = { 10, 20, 0, 0 };
  g_autoptr (GError) error = NULL;
  OrrBlock *mux, *clock, *big;

  mux = orr_editor_add_block (f->model, root, f->registry, "Mux", &g, &error);
  g_assert_no_error (error);
  /* Mux's default is "2": two inputs, one output */
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 2);
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_OUT), ==, 1);
  g_assert_cmpuint (mux->params->len, ==, 0);
  g_assert_cmpfloat (mux->geometry.x, ==, 10);
  g_assert_cmpfloat (mux->geometry.y, ==, 20);
  g_assert_cmpfloat (mux->geometry.width, ==, 40);
  g_assert_cmpfloat (mux->geometry.height, ==, 40);
  g_assert_cmpstr (mux->label, ==, "Mux1");

  clock = orr_editor_add_block (f->model, root, f->registry, "SampleClock", &g, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orr_block_get_port_count (clock, ORR_PORT_EVENT_OUT), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (clock, ORR_PORT_IN), ==, 0);

  /* a given size is kept */
  g = (OrrRect){ 0, 0, 70, 30 };
  big = orr_editor_add_block (f->model, root, f->registry, "Mux", &g, &error);
  g_assert_cmpfloat (big->geometry.width, ==, 70);
  g_assert_cmpstr (big->label, ==, "Mux2");

  /* each addition is one step */
  g_assert_true (orr_model_undo (f->model));
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (root->blocks->len, ==, 1);

  g_assert_null (orr_editor_add_block (f->model, root, f->registry, "NoSuchBlock", &g, &error));
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
  g_assert_cmpuint (root->blocks->len, ==, 1);
}

static void
test_set_params_sync_ports (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrRect g = { 0, 0, 0, 0 };
  OrrBlock *mux = orr_editor_add_block (f->model, root, f->registry, "Mux", &g, NULL);
  OrrBlock *sum = orr_editor_add_block (f->model, root, f->registry, "Sum", &g, NULL);
  const char *names[] = { "inputs", NULL };
  const char *four[] = { "4", NULL };
  const char *bad[] = { "4+", NULL };
  const char *from_context[] = { "n", NULL };
  const char *sum_names[] = { "signs", NULL };
  const char *signs[] = { "[1 -1 1]", NULL };
  g_autoptr (GError) error = NULL;

  g_assert_true (
    orr_editor_set_params (f->model, f->registry, mux, names, four, "Set inputs", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 4);
  g_assert_cmpstr (orr_block_get_param (mux, "inputs"), ==, "4");
  g_assert_cmpstr (orr_model_get_undo_description (f->model), ==, "Set inputs");

  /* a parameter that does not evaluate changes nothing */
  g_assert_false (orr_editor_set_params (f->model, f->registry, mux, names, bad, "Bad", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 4);
  g_assert_cmpstr (orr_block_get_param (mux, "inputs"), ==, "4");
  g_assert_cmpstr (orr_model_get_undo_description (f->model), ==, "Set inputs");

  /* parameters see the model context */
  orr_model_set_context (f->model, root, "n = 3;");
  g_assert_true (
    orr_editor_set_params (f->model, f->registry, mux, names, from_context, "n", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 3);

  g_assert_true (
    orr_editor_set_params (f->model, f->registry, sum, sum_names, signs, "Signs", &error));
  g_assert_cmpuint (orr_block_get_port_count (sum, ORR_PORT_IN), ==, 3);

  /* one undo takes back both the parameter and the ports */
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (orr_block_get_port_count (sum, ORR_PORT_IN), ==, 2);
  g_assert_null (orr_block_get_param (sum, "signs"));
}

static void
test_super_block_ports (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrRect g = { 0, 0, 0, 0 };
  g_autoptr (GError) error = NULL;
  OrrBlock *super = orr_editor_add_block (f->model, root, f->registry, "SuperBlock", &g, &error);
  OrrBlock *in2, *evout;

  g_assert_no_error (error);
  g_assert_true (orr_block_is_super (super));
  orr_editor_add_block (f->model, super->child, f->registry, "Input", &g, NULL);
  in2 = orr_editor_add_block (f->model, super->child, f->registry, "Input", &g, NULL);
  orr_model_set_param (f->model, in2, "port", "2");
  orr_editor_add_block (f->model, super->child, f->registry, "Output", &g, NULL);
  evout = orr_editor_add_block (f->model, super->child, f->registry, "EventOutput", &g, NULL);
  orr_model_set_context (f->model, root, "k = 3;");
  orr_model_set_param (f->model, evout, "port", "k");

  g_assert_true (orr_editor_sync_ports (f->model, f->registry, super, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 1);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_IN), ==, 0);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_EVENT_OUT), ==, 3);
}

/* Port blocks added inside a super block take the next number and the
 * super block grows the port at once, each addition one undo step; a
 * labelled port block names the port; removing the second of three
 * inputs renumbers the third to 2 and the super block has two. */
static void
test_port_blocks_follow (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrRect g = { 0, 0, 0, 0 };
  OrrBlock *super = orr_editor_add_block (f->model, root, f->registry, "SuperBlock", &g, NULL);
  OrrBlock *in[3];

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", i + 1);

      in[i] = orr_editor_add_block (f->model, super->child, f->registry, "Input", &g, NULL);
      g_assert_cmpstr (orr_block_get_param (in[i], "port"), ==, number);
      g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, i + 1);
    }
  orr_model_set_block_label (f->model, in[2], "torque");
  orr_editor_sync_ports (f->model, f->registry, super, NULL);
  g_assert_cmpstr (((OrrPort *)g_ptr_array_index (super->ports[ORR_PORT_IN], 2))->label, ==,
                   "torque");

  /* one undo takes the last Input away with its port */
  orr_model_undo (f->model); /* the sync */
  orr_model_undo (f->model); /* the label */
  orr_model_undo (f->model); /* the third input */
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  orr_model_redo (f->model);
  orr_model_redo (f->model);
  orr_model_redo (f->model);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 3);

  orr_model_begin (f->model, "Delete");
  orr_model_remove_block (f->model, in[1]);
  g_assert_true (orr_editor_after_removal (f->model, f->registry, super->child));
  orr_model_commit (f->model);
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_IN), ==, 2);
  g_assert_cmpstr (orr_block_get_param (in[2], "port"), ==, "2");
  g_assert_cmpstr (((OrrPort *)g_ptr_array_index (super->ports[ORR_PORT_IN], 1))->label, ==,
                   "torque");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/editor-ops/add-block", Fixture, NULL, set_up, test_add_block, tear_down);
  g_test_add ("/editor-ops/set-params", Fixture, NULL, set_up, test_set_params_sync_ports,
              tear_down);
  g_test_add ("/editor-ops/port-blocks-follow", Fixture, NULL, set_up, test_port_blocks_follow,
              tear_down);
  g_test_add ("/editor-ops/super-block-ports", Fixture, NULL, set_up, test_super_block_ports,
              tear_down);
  return g_test_run ();
}
