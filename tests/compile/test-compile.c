/* test-compile.c: the compiler's steps on small models built through the
 * model API with the standard blocks: flattening through super blocks,
 * size inheritance and conflicts, activation inheritance and constant
 * blocks, SampleClock merging, algebraic loops, the Jacobian band, and the
 * messages that name the blocks. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>

#include <string.h>

/* Test classes for what the compiler does by block kind: a tag wire and
 * a block that needs a 0.5 s SampleClock. */
static gboolean
tag_configure (OrrConfig *config, gboolean is_goto, int global)
{
  OrrValue *tag = orr_config_get_param (config, "tag");
  orr_config_set_kind (config, is_goto ? ORR_BLOCK_GOTO : ORR_BLOCK_FROM);
  if (is_goto)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, FALSE);
  else
    orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_add_opar (config, tag);
  orr_config_set_ipar (config, &global, 1);
  return TRUE;
}

static gboolean
goto_configure (OrrConfig *config, GError **error)
{
  double global = 0;
  orr_config_get_double (config, "global", &global, NULL);
  return tag_configure (config, TRUE, (int)global);
}

static gboolean
from_configure (OrrConfig *config, GError **error)
{
  return tag_configure (config, FALSE, 0);
}

static gboolean
sampled_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_require_sample_period (config, 0.5);
  return TRUE;
}

static const OrrParamSpec tag_params[] = {
  { "tag", "Tag", "'A'", "the tag" },
  { "global", "Global", "0", "visible everywhere" },
};
static const OrrBlockClass goto_class
  = { .name = "TestGoto", .params = tag_params, .n_params = 2, .configure = goto_configure };
static const OrrBlockClass from_class
  = { .name = "TestFrom", .params = tag_params, .n_params = 1, .configure = from_configure };
static const OrrBlockClass sampled_class
  = { .name = "TestSampled", .configure = sampled_configure };

typedef struct
{
  OrrModel *model;
  OrrRegistry *registry;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->model = orr_model_new ();
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  orr_registry_add (f->registry, &goto_class);
  orr_registry_add (f->registry, &from_class);
  orr_registry_add (f->registry, &sampled_class);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_object_unref (f->model);
  orr_registry_free (f->registry);
}

/* A block with ports (in, out, event-in, event-out) and parameters given
 * as name, expression pairs ending with NULL. */
static OrrBlock *
add (Fixture *f, OrrDiagram *d, const char *type, const char *label, int in, int out, int ein,
     int eout, ...)
{
  OrrBlock *b = orr_model_add_block (f->model, d, type, NULL);
  const char *name;
  va_list args;

  orr_model_set_block_label (f->model, b, label);
  orr_model_set_port_count (f->model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (f->model, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (f->model, b, ORR_PORT_EVENT_IN, ein);
  orr_model_set_port_count (f->model, b, ORR_PORT_EVENT_OUT, eout);
  va_start (args, eout);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_model_set_param (f->model, b, name, va_arg (args, const char *));
  va_end (args);
  return b;
}

static void
wire (Fixture *f, OrrBlock *a, int out, OrrBlock *b, int in)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, out };
  OrrEndpoint to = { b->id, ORR_PORT_IN, in };
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (orr_model_connect (f->model, a->parent, &from, &to, &error));
  g_assert_no_error (error);
}

static void
ewire (Fixture *f, OrrBlock *a, int out, OrrBlock *b, int in)
{
  OrrEndpoint from = { a->id, ORR_PORT_EVENT_OUT, out };
  OrrEndpoint to = { b->id, ORR_PORT_EVENT_IN, in };
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (orr_model_connect (f->model, a->parent, &from, &to, &error));
  g_assert_no_error (error);
}

static const OrrProgramBlock *
find (const OrrProgram *p, const char *path)
{
  for (int k = 0; k < p->n_blocks; k++)
    if (strcmp (p->blocks[k].path, path) == 0)
      return &p->blocks[k];
  g_error ("no block %s in the program", path);
  return NULL;
}

static int
index_of (const OrrProgram *p, const char *path)
{
  return find (p, path) - p->blocks;
}

/* The program index of the block whose output feeds input `in` of path. */
static int
driver_of (const OrrProgram *p, const char *path, int in)
{
  const OrrProgramBlock *b = find (p, path);
  int buffer = b->in[in].buffer;
  for (int k = 0; k < p->n_blocks; k++)
    for (int j = 0; j < p->blocks[k].n_out; j++)
      if (p->blocks[k].out[j] == buffer)
        return k;
  return -1;
}

static OrrProgram *
compile_ok (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  OrrProgram *p = orr_compile (f->model, f->registry, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

static GPtrArray *
compile_fails (Fixture *f, GError **error)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  OrrProgram *p = orr_compile (f->model, f->registry, NULL, problems, error);
  g_assert_null (p);
  g_assert_nonnull (*error);
  /* the errors only: warnings (unconnected ports) have their own test */
  for (guint i = problems->len; i > 0; i--)
    if (((OrrProblem *)g_ptr_array_index (problems, i - 1))->warning)
      g_ptr_array_remove_index (problems, i - 1);
  g_assert_cmpuint (problems->len, >, 0);
  return problems;
}

static gboolean
ids_contain (const OrrProblem *p, const char *id)
{
  return g_strv_contains ((const char *const *)p->block_ids, id);
}

/* Gain -> Sum -> Gain with no state: an algebraic loop naming all three;
 * the same loop closed through an Integrator compiles. */
static void
test_algebraic_loop (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *src = add (f, root, "Constant", "Src", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *sum = add (f, root, "Sum", "Sum1", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *g1 = add (f, root, "Gain", "Gain1", 1, 1, 0, 0, "gain", "2", NULL);
  OrrBlock *g2 = add (f, root, "Gain", "Gain2", 1, 1, 0, 0, "gain", "0.5", NULL);
  OrrBlock *integ;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (OrrProgram) program = NULL;
  OrrProblem *p;

  wire (f, src, 1, sum, 1);
  wire (f, sum, 1, g1, 1);
  wire (f, g1, 1, g2, 1);
  wire (f, g2, 1, sum, 2);

  problems = compile_fails (f, &error);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_nonnull (strstr (p->message, "algebraic loop"));
  g_assert_nonnull (strstr (p->message, "Sum1"));
  g_assert_nonnull (strstr (p->message, "Gain1"));
  g_assert_nonnull (strstr (p->message, "Gain2"));
  g_assert_false (strstr (p->message, "Src") != NULL);
  g_assert_true (ids_contain (p, sum->id) && ids_contain (p, g1->id) && ids_contain (p, g2->id));
  g_assert_false (ids_contain (p, src->id));
  g_assert_cmpuint (g_strv_length (p->block_ids), ==, 3);
  g_assert_nonnull (strstr (error->message, "algebraic loop"));

  /* put an Integrator in the loop: its input is not feedthrough */
  orr_model_disconnect (f->model, g_ptr_array_index (root->links, 2));
  integ = add (f, root, "Integrator", "Int", 1, 1, 0, 0, "x0", "0", NULL);
  wire (f, g1, 1, integ, 1);
  wire (f, integ, 1, g2, 1);
  program = compile_ok (f);
  /* producers before consumers along feedthrough inputs */
  g_assert_cmpint (index_of (program, "Int"), <, index_of (program, "Gain2"));
  g_assert_cmpint (index_of (program, "Gain2"), <, index_of (program, "Sum1"));
  g_assert_cmpint (index_of (program, "Sum1"), <, index_of (program, "Gain1"));
}

/* A size conflict names both ends of the link; inherited sizes follow a
 * chain; unconnected inherited sizes end as 1x1. */
static void
test_sizes (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *vec = add (f, root, "Constant", "Vec", 0, 1, 0, 0, "value", "[1; 2; 3]", NULL);
  OrrBlock *gain = add (f, root, "Gain", "Scale", 1, 1, 0, 0, "gain", "2", NULL);
  OrrBlock *mat = add (f, root, "Gain", "Matrix", 1, 1, 0, 0, "gain", "[1 0; 0 1]", NULL);
  OrrBlock *lonely = add (f, root, "Gain", "Lonely", 1, 1, 0, 0, "gain", "3", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (OrrProgram) program = NULL;
  OrrProblem *p;

  wire (f, vec, 1, gain, 1);
  wire (f, gain, 1, mat, 1); /* 3x1 into a 2x2 matrix gain: 2 rows needed */
  {
    /* Abs asks for one surface and mode per element of its input */
    OrrBlock *abs = add (f, root, "Abs", "Abs", 1, 1, 0, 0, "zero_crossing", "1", NULL);
    wire (f, vec, 1, abs, 1);
  }

  problems = compile_fails (f, &error);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (p->where, ==, "Matrix, input 1");
  g_assert_nonnull (strstr (p->message, "Scale"));
  g_assert_nonnull (strstr (p->message, "rows"));
  g_assert_nonnull (strstr (p->message, "3"));
  g_assert_nonnull (strstr (p->message, "2"));
  g_assert_true (ids_contain (p, mat->id) && ids_contain (p, gain->id));

  orr_model_set_param (f->model, mat, "gain", "[1 0 0; 0 1 0]");
  program = compile_ok (f);
  {
    const OrrProgramBlock *s = find (program, "Scale");
    const OrrProgramBlock *m = find (program, "Matrix");
    const OrrProgramBlock *l = find (program, "Lonely");
    g_assert_cmpint (program->buffers[s->out[0]].rows, ==, 3);
    g_assert_cmpint (program->buffers[s->out[0]].cols, ==, 1);
    g_assert_cmpint (program->buffers[m->out[0]].rows, ==, 2);
    g_assert_cmpint (program->buffers[l->out[0]].rows, ==, 1);
    g_assert_cmpint (l->in[0].buffer, ==, -1);
    g_assert_cmpint (l->in[0].rows, ==, 1);
    g_assert_cmpint (find (program, "Abs")->ng, ==, 3);
    g_assert_cmpint (find (program, "Abs")->nmode, ==, 3);
    g_assert_cmpint (program->ng, ==, 3);
  }
  (void)lonely;
}

/* Super blocks vanish: a Gain inside reads the Constant outside through
 * an Input port block, and the Scope outside reads it through an Output
 * port block. An activation crosses through EventInput. */
static void
test_flatten (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *src = add (f, root, "Constant", "Src", 0, 1, 0, 0, "value", "4", NULL);
  OrrBlock *clock
    = add (f, root, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.5", "offset", "0", NULL);
  OrrBlock *super = orr_model_add_super_block (f->model, root, NULL);
  OrrBlock *scope, *in, *out, *ein, *gain, *counter;
  g_autoptr (OrrProgram) program = NULL;

  orr_model_set_block_label (f->model, super, "Plant");
  orr_model_set_port_count (f->model, super, ORR_PORT_IN, 1);
  orr_model_set_port_count (f->model, super, ORR_PORT_OUT, 2);
  orr_model_set_port_count (f->model, super, ORR_PORT_EVENT_IN, 1);
  in = add (f, super->child, "Input", "In", 0, 1, 0, 0, "port", "1", NULL);
  out = add (f, super->child, "Output", "Out", 1, 0, 0, 0, "port", "1", NULL);
  ein = add (f, super->child, "EventInput", "Tick", 0, 0, 0, 1, "port", "1", NULL);
  gain = add (f, super->child, "Gain", "G", 1, 1, 0, 0, "gain", "2", NULL);
  counter = add (f, super->child, "Counter", "Count", 0, 1, 1, 0, NULL);
  {
    OrrBlock *out2 = add (f, super->child, "Output", "Out2", 1, 0, 0, 0, "port", "2", NULL);
    wire (f, counter, 1, out2, 1);
  }
  wire (f, in, 1, gain, 1);
  wire (f, gain, 1, out, 1);
  ewire (f, ein, 1, counter, 1);
  scope = add (f, root, "Scope", "Scope", 2, 0, 0, 0, "inputs", "2", NULL);
  wire (f, src, 1, super, 1);
  wire (f, super, 1, scope, 1);
  wire (f, super, 2, scope, 2);
  ewire (f, clock, 1, super, 1);

  program = compile_ok (f);
  /* port blocks and the clock are gone; four real blocks remain */
  g_assert_cmpint (program->n_blocks, ==, 4);
  g_assert_cmpint (driver_of (program, "Plant/G", 0), ==, index_of (program, "Src"));
  g_assert_cmpint (driver_of (program, "Scope", 0), ==, index_of (program, "Plant/G"));
  g_assert_cmpint (driver_of (program, "Scope", 1), ==, index_of (program, "Plant/Count"));

  /* the clock's only source activates the counter through the boundary,
   * and the scope inherits it; Src and G are constant */
  g_assert_cmpint (program->n_sources, ==, 1);
  g_assert_cmpint (program->sources[0].kind, ==, ORR_SOURCE_CLOCK);
  g_assert_cmpint (program->sources[0].list.n, ==, 2);
  g_assert_cmpint (program->sources[0].list.items[0].block, ==, index_of (program, "Plant/Count"));
  g_assert_cmpint (program->sources[0].list.items[0].nevprt, ==, 1);
  g_assert_cmpint (program->sources[0].list.items[1].block, ==, index_of (program, "Scope"));
  g_assert_true (find (program, "Src")->constant);
  g_assert_true (find (program, "Plant/G")->constant);
  g_assert_false (find (program, "Scope")->constant);
  g_assert_cmpfloat (program->base_period, ==, 0.5);
}

/* Two clocks (0.1 and 0.2) driving two counters whose outputs meet in a
 * Sum: one base clock of 0.1, the Sum in both lists; an Integrator makes
 * its consumers continuous. */
static void
test_activation_inheritance (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *c1
    = add (f, root, "SampleClock", "C1", 0, 0, 0, 1, "period", "0.1", "offset", "0", NULL);
  OrrBlock *c2
    = add (f, root, "SampleClock", "C2", 0, 0, 0, 1, "period", "0.2", "offset", "0", NULL);
  OrrBlock *n1 = add (f, root, "Counter", "N1", 0, 1, 1, 0, NULL);
  OrrBlock *n2 = add (f, root, "Counter", "N2", 0, 1, 1, 0, NULL);
  OrrBlock *sum = add (f, root, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *one = add (f, root, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *integ = add (f, root, "Integrator", "Int", 1, 1, 0, 0, "x0", "0", NULL);
  OrrBlock *after = add (f, root, "Gain", "After", 1, 1, 0, 0, "gain", "1", NULL);
  g_autoptr (OrrProgram) program = NULL;
  int s1 = -1, s2 = -1;

  ewire (f, c1, 1, n1, 1);
  ewire (f, c2, 1, n2, 1);
  wire (f, n1, 1, sum, 1);
  wire (f, n2, 1, sum, 2);
  wire (f, one, 1, integ, 1);
  wire (f, integ, 1, after, 1);
  program = compile_ok (f);

  g_assert_cmpint (program->n_sources, ==, 2);
  for (int s = 0; s < program->n_sources; s++)
    {
      g_assert_cmpint (program->sources[s].kind, ==, ORR_SOURCE_CLOCK);
      if (program->sources[s].period == 0.1)
        s1 = s;
      else
        s2 = s;
    }
  g_assert_cmpfloat_with_epsilon (program->base_period, 0.1, 1e-15);
  g_assert_cmpint (program->sources[s1].ratio, ==, 1);
  g_assert_cmpint (program->sources[s2].ratio, ==, 2);
  g_assert_cmpint (program->sources[s1].clock_group, ==, program->sources[s2].clock_group);
  /* the Sum is in both lists */
  for (int s = 0; s < 2; s++)
    {
      const OrrActivationList *l = &program->sources[s].list;
      g_assert_cmpint (l->n, ==, 2);
      g_assert_cmpint (l->items[1].block, ==, index_of (program, "Sum"));
    }
  g_assert_true (find (program, "After")->continuous);
  g_assert_true (find (program, "Int")->continuous);
  g_assert_true (find (program, "One")->constant);
  g_assert_false (find (program, "Sum")->continuous);
  g_assert_cmpint (program->continuous_list.n, ==, 2);
  g_assert_cmpint (program->derivative_list.n, ==, 1);
  g_assert_cmpint (program->nx, ==, 1);
}

/* Unknown block types, bad parameters and a super block with a gap in
 * its port numbers are each named. */
static void
test_configure_errors (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *mystery = add (f, root, "FluxCapacitor", "Flux", 0, 0, 0, 0, NULL);
  OrrBlock *clock = add (f, root, "SampleClock", "Clock", 0, 0, 0, 1, "period", "-3", NULL);
  OrrBlock *super = orr_model_add_super_block (f->model, root, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  gboolean saw[3] = { FALSE };

  orr_model_set_block_label (f->model, super, "Sub");
  add (f, super->child, "Input", "In2", 0, 1, 0, 0, "port", "2", NULL);

  problems = compile_fails (f, &error);
  for (guint i = 0; i < problems->len; i++)
    {
      OrrProblem *p = g_ptr_array_index (problems, i);
      if (g_strcmp0 (p->block_id, mystery->id) == 0)
        saw[0] = strstr (p->message, "unknown block type 'FluxCapacitor'") != NULL;
      else if (g_strcmp0 (p->block_id, clock->id) == 0)
        saw[1] = strstr (p->message, "period") != NULL;
      else if (g_strcmp0 (p->block_id, super->id) == 0)
        saw[2] = strstr (p->message, "1 is missing") != NULL;
    }
  g_assert_true (saw[0]);
  g_assert_true (saw[1]);
  g_assert_true (saw[2]);
}

/* A chain of first-order lags x_i' = x_{i-1} - x_i: the Jacobian has one
 * sub-diagonal, so the band is (1, 0), not dense. */
static void
test_band (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *prev = add (f, root, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  g_autoptr (OrrProgram) program = NULL;

  for (int i = 0; i < 20; i++)
    {
      g_autofree char *sum_label = g_strdup_printf ("Sum%d", i);
      g_autofree char *int_label = g_strdup_printf ("Lag%d", i);
      OrrBlock *sum = add (f, root, "Sum", sum_label, 2, 1, 0, 0, "signs", "[1 -1]", NULL);
      OrrBlock *integ = add (f, root, "Integrator", int_label, 1, 1, 0, 0, "x0", "0", NULL);
      wire (f, prev, 1, sum, 1);
      wire (f, sum, 1, integ, 1);
      wire (f, integ, 1, sum, 2);
      prev = integ;
    }
  program = compile_ok (f);
  g_assert_cmpint (program->nx, ==, 20);
  g_assert_cmpint (program->jacobian_lower, ==, 1);
  g_assert_cmpint (program->jacobian_upper, ==, 0);
}

/* A From reads what feeds its Goto: in the same diagram, or a global Goto
 * from inside a super block; a From without a visible Goto is named. */
static void
test_goto_from (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *src = add (f, root, "Constant", "Src", 0, 1, 0, 0, "value", "[1 2]", NULL);
  OrrBlock *go = add (f, root, "TestGoto", "GotoA", 1, 0, 0, 0, "tag", "'A'", "global", "1", NULL);
  OrrBlock *from = add (f, root, "TestFrom", "FromA", 0, 1, 0, 0, "tag", "'A'", NULL);
  OrrBlock *gain = add (f, root, "Gain", "Near", 1, 1, 0, 0, "gain", "2", NULL);
  OrrBlock *super = orr_model_add_super_block (f->model, root, NULL);
  OrrBlock *inner_from, *inner_gain, *lost;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;

  orr_model_set_block_label (f->model, super, "Sub");
  inner_from = add (f, super->child, "TestFrom", "FromInside", 0, 1, 0, 0, "tag", "'A'", NULL);
  inner_gain = add (f, super->child, "Gain", "Far", 1, 1, 0, 0, "gain", "3", NULL);
  wire (f, src, 1, go, 1);
  wire (f, from, 1, gain, 1);
  wire (f, inner_from, 1, inner_gain, 1);

  program = compile_ok (f);
  g_assert_cmpint (driver_of (program, "Near", 0), ==, index_of (program, "Src"));
  g_assert_cmpint (driver_of (program, "Sub/Far", 0), ==, index_of (program, "Src"));
  /* sizes flow through the tag too */
  g_assert_cmpint (program->buffers[find (program, "Sub/Far")->out[0]].cols, ==, 2);

  lost = add (f, root, "TestFrom", "Lost", 0, 1, 0, 0, "tag", "'B'", NULL);
  problems = compile_fails (f, &error);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (((OrrProblem *)g_ptr_array_index (problems, 0))->block_id, ==, lost->id);
  g_assert_nonnull (strstr (error->message, "no Goto with the tag 'B'"));
}

/* A block that discretises for 0.5 s accepts a 0.5 s SampleClock and
 * refuses a 0.2 s one, naming itself. */
static void
test_required_period (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *clock
    = add (f, root, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.5", "offset", "0", NULL);
  OrrBlock *sampled = add (f, root, "TestSampled", "Sampler", 1, 0, 1, 0, NULL);
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;

  ewire (f, clock, 1, sampled, 1);
  program = compile_ok (f);
  orr_model_set_param (f->model, clock, "period", "0.2");
  problems = compile_fails (f, &error);
  g_assert_cmpstr (((OrrProblem *)g_ptr_array_index (problems, 0))->block_id, ==, sampled->id);
  g_assert_nonnull (strstr (error->message, "SampleClock with period 0.5"));
}

static gboolean
has_problem (GPtrArray *problems, const char *where, const char *message, gboolean warning)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const OrrProblem *p = g_ptr_array_index (problems, i);

      if (g_strcmp0 (p->where, where) == 0 && strstr (p->message, message) != NULL
          && p->warning == warning)
        return TRUE;
    }
  return FALSE;
}

/* Data ports no link reaches: warnings naming the block and the port
 * (inside super blocks too, and a super block's own ports), the model
 * still compiles; with the setting, the same ports stop the compile. */
static void
test_unconnected (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrBlock *src = add (f, root, "Constant", "Src", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *sum = add (f, root, "Sum", "Add", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *super = orr_model_add_super_block (f->model, root, NULL);
  OrrBlock *in, *gain;
  g_autoptr (GPtrArray) problems
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  g_autoptr (GPtrArray) errors = NULL;
  g_autoptr (OrrProgram) program = NULL;
  g_autoptr (GError) error = NULL;
  OrrSettings settings;

  orr_model_set_block_label (f->model, super, "Sub");
  in = add (f, super->child, "Input", "In1", 0, 1, 0, 0, "port", "1", NULL);
  gain = add (f, super->child, "Gain", "G", 1, 1, 0, 0, "gain", "2", NULL);
  wire (f, in, 1, gain, 1);
  orr_model_sync_super_ports (f->model, super);
  wire (f, src, 1, sum, 1);
  wire (f, sum, 1, super, 1);

  program = orr_compile (f->model, f->registry, NULL, problems, &error);
  g_assert_no_error (error);
  g_assert_nonnull (program);
  /* Add's second input, Sub/G's output; nothing else is open */
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_true (has_problem (problems, "Add", "input 2 is not connected", TRUE));
  g_assert_true (has_problem (problems, "Sub/G", "output 1 is not connected", TRUE));

  orr_settings_copy (&settings, orr_model_get_settings (f->model));
  settings.unconnected_errors = TRUE;
  orr_model_set_settings (f->model, &settings);
  orr_settings_clear (&settings);
  errors = compile_fails (f, &error);
  g_assert_cmpuint (errors->len, ==, 2);
  g_assert_true (has_problem (errors, "Add", "input 2 is not connected", FALSE));
  g_assert_true (has_problem (errors, "Sub/G", "output 1 is not connected", FALSE));
  g_assert_nonnull (strstr (error->message, "Add: input 2 is not connected"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/compile/algebraic-loop", test_algebraic_loop);
  ADD ("/compile/sizes", test_sizes);
  ADD ("/compile/flatten", test_flatten);
  ADD ("/compile/activation-inheritance", test_activation_inheritance);
  ADD ("/compile/configure-errors", test_configure_errors);
  ADD ("/compile/band", test_band);
  ADD ("/compile/goto-from", test_goto_from);
  ADD ("/compile/required-period", test_required_period);
  ADD ("/compile/unconnected", test_unconnected);
  return g_test_run ();
}
