/* test-io.c: model files and clipboard fragments.
 *
 * Every fixture in tests/models is in canonical form, so loading and saving
 * it must give back its bytes. The expected values in the field checks are
 * read off the fixture files by a person, not copied from program output.
 */
#include <orrery/orr-io.h>

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "models", name, NULL);
}

static char *
read_fixture (const char *name, gsize *length)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

static OrrModel *
load_fixture (const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static char *
save (OrrModel *model)
{
  return orr_model_save_to_data (model, NULL);
}

/* ---- round trips --------------------------------------------------------- */

static void
check_round_trip (const char *path)
{
  gsize length = 0;
  g_autofree char *original = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrModel) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize first_length = 0;

  g_assert_true (g_file_get_contents (path, &original, &length, &error));
  model = orr_model_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_false (orr_model_get_modified (model));
  g_assert_false (orr_model_can_undo (model));

  first = orr_model_save_to_data (model, &first_length);
  g_assert_cmpstr (first, ==, original);
  g_assert_cmpuint (first_length, ==, length);

  again = orr_model_load_data (first, first_length, path, &error);
  g_assert_no_error (error);
  second = save (again);
  g_assert_cmpstr (second, ==, first);
}

/* Every model the project ships or tests with is kept canonical: the
 * fixtures, the command-line test models and the examples. */
static void
test_fixtures_round_trip (void)
{
  const char *dirs[] = { "models", "cli", "../data/examples" };
  guint total = 0;

  for (guint k = 0; k < G_N_ELEMENTS (dirs); k++)
    {
      g_autofree char *dir = g_test_build_filename (G_TEST_DIST, dirs[k], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
      const char *entry;

      g_assert_no_error (error);
      while ((entry = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *path = NULL;
          /* truncated.orr is a broken file on purpose */
          if (!g_str_has_suffix (entry, ".orr") || strcmp (entry, "truncated.orr") == 0)
            continue;
          path = g_build_filename (dir, entry, NULL);
          g_test_message ("round trip %s", path);
          check_round_trip (path);
          total++;
        }
    }
  /* Guards against a folder silently going missing. */
  g_assert_cmpuint (total, >=, 10);
}

/* ---- field checks ---------------------------------------------------------- */

static void
assert_geometry (const OrrBlock *b, double x, double y, double w, double h)
{
  g_assert_cmpfloat (b->geometry.x, ==, x);
  g_assert_cmpfloat (b->geometry.y, ==, y);
  g_assert_cmpfloat (b->geometry.width, ==, w);
  g_assert_cmpfloat (b->geometry.height, ==, h);
}

static void
assert_ports (const OrrBlock *b, guint in, guint out, guint event_in, guint event_out)
{
  g_assert_cmpuint (orr_block_get_port_count (b, ORR_PORT_IN), ==, in);
  g_assert_cmpuint (orr_block_get_port_count (b, ORR_PORT_OUT), ==, out);
  g_assert_cmpuint (orr_block_get_port_count (b, ORR_PORT_EVENT_IN), ==, event_in);
  g_assert_cmpuint (orr_block_get_port_count (b, ORR_PORT_EVENT_OUT), ==, event_out);
}

static void
assert_link (const OrrLink *l, OrrLinkKind kind, const char *from, OrrPortKind from_kind,
             guint from_port, const char *to, OrrPortKind to_kind, guint to_port)
{
  g_assert_cmpint (l->kind, ==, kind);
  g_assert_cmpstr (l->from.block, ==, from);
  g_assert_cmpint (l->from.kind, ==, from_kind);
  g_assert_cmpuint (l->from.port, ==, from_port);
  g_assert_cmpstr (l->to.block, ==, to);
  g_assert_cmpint (l->to.kind, ==, to_kind);
  g_assert_cmpuint (l->to.port, ==, to_port);
}

static const char *
port_label (const OrrBlock *b, OrrPortKind kind, guint number)
{
  return ((OrrPort *)g_ptr_array_index (b->ports[kind], number - 1))->label;
}

static void
test_fields_flat (void)
{
  g_autoptr (OrrModel) model = load_fixture ("flat.orr");
  const OrrSettings *s = orr_model_get_settings (model);
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *b;
  OrrLink *l;
  const OrrPoint *p;

  g_assert_cmpfloat (s->start_time, ==, 0);
  g_assert_cmpfloat (s->final_time, ==, 30);
  g_assert_cmpstr (s->solver, ==, "cvode-bdf");
  g_assert_cmpfloat (s->rtol, ==, 1e-5);
  g_assert_cmpfloat (s->atol, ==, 1e-7);
  g_assert_cmpfloat (s->max_step, ==, 0.01);
  g_assert_cmpstr (orr_model_get_context (model), ==, "K = 2;");

  g_assert_cmpuint (root->blocks->len, ==, 6);
  g_assert_cmpuint (root->links->len, ==, 6);
  g_assert_cmpuint (root->foreign->len, ==, 0);

  b = g_ptr_array_index (root->blocks, 0);
  g_assert_cmpstr (b->id, ==, "b1");
  g_assert_cmpstr (b->type, ==, "Constant");
  g_assert_cmpstr (b->label, ==, "Setpoint");
  assert_geometry (b, 40, 100, 40, 40);
  g_assert_cmpint (b->rotation, ==, 0);
  g_assert_false (b->flip);
  g_assert_cmpstr (orr_block_get_param (b, "value"), ==, "1.5");
  assert_ports (b, 0, 1, 0, 0);
  g_assert_null (b->child);
  g_assert_true (b->parent == root);

  b = orr_model_find_block (model, "b2");
  g_assert_cmpstr (b->type, ==, "Sum");
  g_assert_null (b->label);
  assert_geometry (b, 120, 100, 30, 40);
  g_assert_cmpstr (orr_block_get_param (b, "signs"), ==, "[1, -1]");
  assert_ports (b, 2, 1, 0, 0);

  b = orr_model_find_block (model, "b3");
  g_assert_cmpstr (orr_block_get_param (b, "gain"), ==, "K*2");

  b = orr_model_find_block (model, "b5");
  g_assert_cmpstr (b->type, ==, "SampleClock");
  assert_geometry (b, 350, -20, 40, 40);
  assert_ports (b, 0, 0, 0, 1);
  g_assert_cmpstr (orr_block_get_param (b, "period"), ==, "0.1");

  b = orr_model_find_block (model, "b6");
  g_assert_cmpstr (b->type, ==, "Scope");
  assert_ports (b, 1, 0, 1, 0);
  g_assert_cmpuint (b->params->len, ==, 3);
  g_assert_cmpstr (((OrrParam *)g_ptr_array_index (b->params, 0))->name, ==, "ymin");
  g_assert_cmpstr (((OrrParam *)g_ptr_array_index (b->params, 0))->expr, ==, "-2");
  g_assert_cmpstr (((OrrParam *)g_ptr_array_index (b->params, 1))->name, ==, "ymax");
  g_assert_cmpstr (((OrrParam *)g_ptr_array_index (b->params, 2))->name, ==, "buffer");
  g_assert_cmpstr (((OrrParam *)g_ptr_array_index (b->params, 2))->expr, ==, "2^10");

  l = g_ptr_array_index (root->links, 0);
  g_assert_cmpstr (l->id, ==, "l1");
  assert_link (l, ORR_LINK_REGULAR, "b1", ORR_PORT_OUT, 1, "b2", ORR_PORT_IN, 1);
  g_assert_cmpuint (l->points->len, ==, 0);

  l = orr_model_find_link (model, "l5");
  assert_link (l, ORR_LINK_REGULAR, "b4", ORR_PORT_OUT, 1, "b2", ORR_PORT_IN, 2);
  g_assert_cmpuint (l->points->len, ==, 3);
  p = &g_array_index (l->points, OrrPoint, 0);
  g_assert_cmpfloat (p->x, ==, 330);
  g_assert_cmpfloat (p->y, ==, 120);
  p = &g_array_index (l->points, OrrPoint, 1);
  g_assert_cmpfloat (p->x, ==, 330);
  g_assert_cmpfloat (p->y, ==, 170.5);
  p = &g_array_index (l->points, OrrPoint, 2);
  g_assert_cmpfloat (p->x, ==, 135);
  g_assert_cmpfloat (p->y, ==, 170.5);

  l = orr_model_find_link (model, "l6");
  assert_link (l, ORR_LINK_ACTIVATION, "b5", ORR_PORT_EVENT_OUT, 1, "b6", ORR_PORT_EVENT_IN, 1);
  g_assert_cmpuint (l->points->len, ==, 1);
  p = &g_array_index (l->points, OrrPoint, 0);
  g_assert_cmpfloat (p->x, ==, 370);
  g_assert_cmpfloat (p->y, ==, 75.25);
}

static void
test_fields_nested (void)
{
  g_autoptr (OrrModel) model = load_fixture ("nested.orr");
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *plant = orr_model_find_block (model, "b2");
  OrrBlock *motor = orr_model_find_block (model, "b6");
  OrrBlock *pid = orr_model_find_block (model, "b3");
  OrrBlock *gain = orr_model_find_block (model, "b10");
  g_autofree char *path = NULL;
  OrrMaskParam *mp;
  OrrLink *l;

  g_assert_cmpstr (orr_model_get_context (model), ==, "Kp = 1.2;\nKi = 0.4;");
  g_assert_cmpfloat (orr_model_get_settings (model)->final_time, ==, 5);
  g_assert_cmpuint (root->blocks->len, ==, 4);
  g_assert_cmpuint (root->links->len, ==, 3);

  /* Plant: a super block holding another one. */
  g_assert_nonnull (plant);
  g_assert_true (orr_block_is_super (plant));
  g_assert_cmpstr (plant->label, ==, "Plant");
  assert_geometry (plant, 220, 70, 60, 60);
  assert_ports (plant, 1, 1, 0, 0);
  g_assert_cmpstr (port_label (plant, ORR_PORT_IN, 1), ==, "torque");
  g_assert_cmpstr (port_label (plant, ORR_PORT_OUT, 1), ==, "speed");
  g_assert_null (plant->mask);
  g_assert_cmpstr (plant->child->context, ==, "J = 0.01;\nb = 0.1;");
  g_assert_cmpuint (plant->child->blocks->len, ==, 3);
  g_assert_cmpuint (plant->child->links->len, ==, 2);
  g_assert_true (plant->child->owner == plant);

  l = orr_model_find_link (model, "l6");
  g_assert_true (l->parent == plant->child);
  assert_link (l, ORR_LINK_REGULAR, "b6", ORR_PORT_OUT, 1, "b7", ORR_PORT_IN, 1);
  g_assert_cmpuint (l->points->len, ==, 1);
  g_assert_cmpfloat (g_array_index (l->points, OrrPoint, 0).x, ==, 180);
  g_assert_cmpfloat (g_array_index (l->points, OrrPoint, 0).y, ==, 50);

  g_assert_nonnull (motor);
  g_assert_true (motor->parent == plant->child);
  g_assert_cmpstr (motor->label, ==, "Motor");
  g_assert_cmpstr (motor->child->context, ==, "tau = J/b;");
  g_assert_cmpuint (motor->child->blocks->len, ==, 4);
  g_assert_cmpuint (motor->child->links->len, ==, 3);

  g_assert_nonnull (gain);
  g_assert_true (gain->parent == motor->child);
  g_assert_cmpstr (orr_block_get_param (gain, "gain"), ==, "1/tau");
  assert_geometry (gain, 80, 30, 40, 40);
  path = orr_block_get_path (gain);
  g_assert_cmpstr (path, ==, "Plant/Motor/b10");
  l = orr_model_find_link (model, "l8");
  g_assert_true (l->parent == motor->child);
  assert_link (l, ORR_LINK_REGULAR, "b10", ORR_PORT_OUT, 1, "b11", ORR_PORT_IN, 1);

  /* PID: a masked super block. */
  g_assert_nonnull (pid->mask);
  g_assert_cmpstr (pid->mask->icon_text, ==, "PID");
  g_assert_cmpstr (pid->mask->description, ==,
                   "Parallel PID controller.\nKp is tunable while the simulation runs.");
  g_assert_cmpuint (pid->mask->params->len, ==, 4);
  mp = g_ptr_array_index (pid->mask->params, 0);
  g_assert_cmpstr (mp->name, ==, "Kp");
  g_assert_cmpstr (mp->label, ==, "Proportional gain");
  g_assert_cmpstr (mp->default_expr, ==, "1");
  g_assert_cmpint (mp->kind, ==, ORR_MASK_PARAM_EXPRESSION);
  g_assert_true (mp->tunable);
  mp = g_ptr_array_index (pid->mask->params, 1);
  g_assert_cmpstr (mp->name, ==, "Ki");
  g_assert_false (mp->tunable);
  mp = g_ptr_array_index (pid->mask->params, 2);
  g_assert_cmpstr (mp->name, ==, "mode");
  g_assert_cmpint (mp->kind, ==, ORR_MASK_PARAM_CHOICE);
  g_assert_cmpuint (g_strv_length (mp->choices), ==, 2);
  g_assert_cmpstr (mp->choices[0], ==, "Fast");
  g_assert_cmpstr (mp->choices[1], ==, "Slow");
  mp = g_ptr_array_index (pid->mask->params, 3);
  g_assert_cmpstr (mp->name, ==, "saturate");
  g_assert_cmpstr (mp->label, ==, "Saturate output");
  g_assert_cmpstr (mp->default_expr, ==, "0");
  g_assert_cmpint (mp->kind, ==, ORR_MASK_PARAM_CHECKBOX);
  g_assert_cmpstr (orr_block_get_param (orr_model_find_block (model, "b14"), "gain"), ==, "Kp");
}

static void
test_fields_orientation (void)
{
  g_autoptr (OrrModel) model = load_fixture ("orientation.orr");
  const OrrSettings *s = orr_model_get_settings (model);
  OrrBlock *b;

  g_assert_cmpfloat (s->start_time, ==, -1.5);
  g_assert_cmpfloat (s->final_time, ==, 0.1 + 0.2);
  g_assert_cmpstr (s->solver, ==, "cvode-adams");
  g_assert_cmpfloat (s->max_step, ==, 1.0 / 3.0);

  b = orr_model_find_block (model, "b1");
  g_assert_cmpint (b->rotation, ==, 90);
  g_assert_false (b->flip);
  assert_geometry (b, 10.25, -40, 40, 40);
  b = orr_model_find_block (model, "b2");
  g_assert_cmpint (b->rotation, ==, 180);
  b = orr_model_find_block (model, "b3");
  g_assert_cmpint (b->rotation, ==, 270);
  g_assert_true (b->flip);
  b = orr_model_find_block (model, "b4");
  g_assert_cmpint (b->rotation, ==, 0);
  g_assert_true (b->flip);
  b = orr_model_find_block (model, "b5");
  assert_geometry (b, 0.1, 1e-5, 1e21, 123456789.125);
  assert_ports (b, 0, 0, 0, 0);
  g_assert_cmpuint (b->params->len, ==, 0);

  /* An event delay feeding itself back. */
  assert_link (orr_model_find_link (model, "l3"), ORR_LINK_ACTIVATION, "b4", ORR_PORT_EVENT_OUT, 1,
               "b4", ORR_PORT_EVENT_IN, 1);
}

static void
test_fields_text (void)
{
  g_autoptr (OrrModel) model = load_fixture ("text.orr");
  OrrBlock *b;
  OrrMaskParam *mp;

  b = orr_model_find_block (model, "b1");
  g_assert_cmpstr (b->label, ==, "Gain <K> & \"friends\" 'too'");
  g_assert_cmpstr (orr_block_get_param (b, "gain"), ==, "K < 1 && ok");
  g_assert_cmpstr (port_label (b, ORR_PORT_IN, 1), ==, "\"u\" & <v>");
  g_assert_cmpstr (port_label (b, ORR_PORT_OUT, 1), ==, "y'");

  b = orr_model_find_block (model, "b2");
  g_assert_cmpstr (b->label, ==, "Régulateur – ω₀ 温度 🚀");
  g_assert_cmpstr (orr_block_get_param (b, "x0"), ==, "  [1; 2]  ");
  g_assert_cmpstr (orr_block_get_param (b, "comment"), ==, "line one\nline two\r\n\ttabbed");

  b = orr_model_find_block (model, "b3");
  g_assert_cmpstr (b->label, ==, "  padded  ");
  g_assert_cmpstr (b->mask->icon_text, ==, "a<b>");
  g_assert_cmpstr (b->mask->description, ==, "Ünïcödé & <markup> stays text.");
  mp = g_ptr_array_index (b->mask->params, 0);
  g_assert_cmpstr (mp->label, ==, "Gain\n(second line)\ttab");
  g_assert_cmpstr (mp->default_expr, ==, "\"hi\" & 1 < 2");
  g_assert_cmpstr (orr_model_find_block (model, "b4")->label, ==, "Ω");
}

static void
test_fields_context (void)
{
  g_autoptr (OrrModel) model = load_fixture ("context.orr");

  g_assert_cmpstr (orr_model_get_context (model), ==,
                   "\n"
                   "// Model parameters: edit freely.\n"
                   "if a < b && c > 0 then\n"
                   "  msg = \"quoted & 'single'\";\n"
                   "end\n"
                   "\n"
                   "    K = 2;   \n"
                   "tau = 0.5;\n");
  g_assert_cmpstr (orr_model_find_block (model, "b2")->child->context, ==,
                   "  w = 2*%pi*50;  // \"cut-off\" <- rad/s\nzeta = 0.7;");
}

static void
test_fields_unknown (void)
{
  g_autoptr (OrrModel) model = load_fixture ("unknown.orr");
  OrrBlock *b = orr_model_find_block (model, "b2");
  GPtrArray *foreign;

  g_assert_cmpstr (b->type, ==, "VendorFilter");
  g_assert_cmpstr (b->label, ==, "Filter");
  g_assert_cmpuint (b->foreign_attrs->len, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (b->foreign_attrs, 0), ==, "xmlns:vendor");
  g_assert_cmpstr (g_ptr_array_index (b->foreign_attrs, 1), ==, "http://example.com/ns/vendor");
  g_assert_cmpstr (g_ptr_array_index (b->foreign_attrs, 2), ==, "color");
  g_assert_cmpstr (g_ptr_array_index (b->foreign_attrs, 3), ==, "#ff8800");
  g_assert_cmpstr (g_ptr_array_index (b->foreign_attrs, 4), ==, "vendor:hint");
  g_assert_cmpstr (g_ptr_array_index (b->foreign_attrs, 5), ==, "fast & \"cheap\"");

  g_assert_cmpuint (b->foreign->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (b->foreign, 0), ==,
                   "<vendor:coefficients order=\"2\">\n"
                   "        <c>0.5</c>\n"
                   "        <c>-0.25</c>\n"
                   "      </vendor:coefficients>");
  g_assert_cmpstr (g_ptr_array_index (b->foreign, 1), ==,
                   "<annotation author=\"ana\">Checked &amp; approved &lt;ok&gt;</annotation>");
  g_assert_cmpstr (g_ptr_array_index (b->foreign, 2), ==, "<cache/>");

  foreign = orr_model_get_root (model)->foreign;
  g_assert_cmpuint (foreign->len, ==, 1);
  g_assert_true (
    g_str_has_prefix (g_ptr_array_index (foreign, 0), "<layer name=\"notes\" visible=\"false\">"));
  foreign = orr_model_get_foreign (model);
  g_assert_cmpuint (foreign->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (foreign, 0), ==,
                   "<library-refs>\n"
                   "    <ref path=\"lib/vendor.orrlib\"/>\n"
                   "  </library-refs>");
}

/* Moving a block the program does not know keeps what it does not
 * understand: only the moved coordinates change in the file. */
static void
test_unknown_survives_edit (void)
{
  g_autoptr (OrrModel) model = load_fixture ("unknown.orr");
  g_autofree char *original = read_fixture ("unknown.orr", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *undone = NULL;
  g_autoptr (GString) expected = g_string_new (original);

  orr_model_move_block (model, orr_model_find_block (model, "b2"), 95, 10);
  g_assert_cmpuint (g_string_replace (expected,
                                      "type=\"VendorFilter\" x=\"80\" y=\"0\" width=\"60\"",
                                      "type=\"VendorFilter\" x=\"95\" y=\"10\" width=\"60\"", 0),
                    ==, 1);
  saved = save (model);
  g_assert_cmpstr (saved, ==, expected->str);

  g_assert_true (orr_model_undo (model));
  undone = save (model);
  g_assert_cmpstr (undone, ==, original);
}

/* ---- text and numbers ------------------------------------------------------ */

static void
test_format_double (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 0.0, "0" },
    { -0.0, "-0" },
    { 1.0, "1" },
    { -2.5, "-2.5" },
    { 0.1, "0.1" },
    { 1e-06, "1e-06" },
    { 1e21, "1e+21" },
    { 123456789.125, "123456789.125" },
    { 1.0 / 3.0, "0.3333333333333333" },
    { 0.1 + 0.2, "0.30000000000000004" },
    { 2.0 / 3.0, "0.6666666666666666" },
    { 1.7976931348623157e308, "1.7976931348623157e+308" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = orr_format_double (cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
      g_assert_true (
        memcmp (&(double){ g_ascii_strtod (text, NULL) }, &cases[i].value, sizeof (double)) == 0);
    }

  {
    g_autofree char *inf = orr_format_double (INFINITY);
    g_autofree char *minus_inf = orr_format_double (-INFINITY);
    g_autofree char *nan = orr_format_double (NAN);

    g_assert_cmpstr (inf, ==, "inf");
    g_assert_cmpstr (minus_inf, ==, "-inf");
    g_assert_cmpstr (nan, ==, "nan");
  }
}

/* Text the user typed comes back exactly, whatever it holds; what XML cannot
 * carry at all is replaced so that the file still loads. */
static void
test_text_exact (void)
{
  static const char context[] = "\n  a < b && c > \"d\" 'e' ]]>\r\n\tend  \n\n";
  static const char label[] = "  x & y <z>\r";
  static const char expr[] = "a\tb\n  ";
  static const char port[] = "p\"q\n\tr\r\n";
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (OrrModel) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  OrrRect rect = { 1, 2, 3, 4 };
  OrrBlock *b;
  gsize length;

  orr_model_set_context (model, orr_model_get_root (model), context);
  b = orr_model_add_block (model, orr_model_get_root (model), "Gain", &rect);
  orr_model_set_block_label (model, b, label);
  orr_model_set_param (model, b, "gain", expr);
  orr_model_set_param (model, b, "bad",
                       "a\x01"
                       "b\xff"
                       "c");
  orr_model_set_port_count (model, b, ORR_PORT_IN, 1);
  orr_model_set_port_label (model, b, ORR_PORT_IN, 1, port);

  data = orr_model_save_to_data (model, &length);
  loaded = orr_model_load_data (data, length, "text", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (orr_model_get_context (loaded), ==, context);
  b = orr_model_find_block (loaded, b->id);
  g_assert_cmpstr (b->label, ==, label);
  g_assert_cmpstr (orr_block_get_param (b, "gain"), ==, expr);
  g_assert_cmpstr (orr_block_get_param (b, "bad"), ==,
                   "a\xef\xbf\xbd"
                   "b\xef\xbf\xbd"
                   "c");
  g_assert_cmpstr (port_label (b, ORR_PORT_IN, 1), ==, port);
}

/* ---- errors ------------------------------------------------------------------ */

/* Every block of these documents sits on one line, so that the line
 * numbers below can be counted by eye: the header is lines 1 and 2. */
#define HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"

typedef struct
{
  const char *name;
  const char *xml;
  OrrIoError code;
  int line;
  const char *phrase;
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "empty", "", ORR_IO_ERROR_SYNTAX, 1, "empty" },
  { "blank", "\n  \n", ORR_IO_ERROR_SYNTAX, 1, "empty" },
  { "not-well-formed",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
         "      <label>Gain</labl>\n"
         "    </block>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_SYNTAX, 5, "not well-formed XML" },
  { "unclosed-attribute",
    HEAD "  <settings start=\"0\" final=\"10/>\n"
         "  <diagram/>\n"
         "</orrery>\n",
    ORR_IO_ERROR_SYNTAX, 4, "not well-formed XML" },
  { "wrong-root",
    "<?xml version=\"1.0\"?>\n"
    "<!-- an Xcos file -->\n"
    "<XcosDiagram version=\"1.0\">\n"
    "</XcosDiagram>\n",
    ORR_IO_ERROR_INVALID, 3, "expected <orrery>" },
  { "missing-version",
    "<?xml version=\"1.0\"?>\n"
    "<orrery>\n"
    "  <diagram/>\n"
    "</orrery>\n",
    ORR_IO_ERROR_VERSION, 2, "missing attribute \"version\"" },
  { "newer-version",
    "<?xml version=\"1.0\"?>\n"
    "<orrery version=\"2.0\">\n"
    "  <diagram/>\n"
    "</orrery>\n",
    ORR_IO_ERROR_VERSION, 2,
    "written by a newer Orrery (format 2.0); this build reads format 1.x" },
  { "bad-version",
    "<?xml version=\"1.0\"?>\n"
    "<orrery version=\"one\">\n"
    "  <diagram/>\n"
    "</orrery>\n",
    ORR_IO_ERROR_VERSION, 2, "not a format version" },
  { "missing-diagram", HEAD "</orrery>\n", ORR_IO_ERROR_INVALID, 2, "expected a <diagram>" },
  { "missing-id",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 5, "missing attribute \"id\" in <block>" },
  { "missing-geometry",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 4, "missing attribute \"height\" in <block>" },
  { "duplicate-id",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 5, "duplicate id \"b1\" (already used on line 4)" },
  { "duplicate-link-id",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block id=\"b2\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"b2\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b2\" "
         "to-port=\"1\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 6, "duplicate id \"b2\" (already used on line 5)" },
  { "bad-number",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"12abc\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 4, "attribute \"x\" of <block> is \"12abc\"; expected a number" },
  { "bad-setting",
    HEAD "  <settings start=\"0\" final=\"1O\"/>\n"
         "  <diagram/>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 3, "attribute \"final\" of <settings> is \"1O\"" },
  { "bad-rotation",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\" "
         "rotation=\"45\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 4, "expected 0, 90, 180 or 270" },
  { "too-many-ports",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Mux\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
         "      <ports in=\"4000000000\" out=\"1\"/>\n"
         "    </block>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 5, "attribute \"in\" of <ports> is \"4000000000\"" },
  { "link-to-missing-block",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"l1\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b9\" "
         "to-port=\"1\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 5, "link \"l1\" ends at block \"b9\", which does not exist" },
  { "link-to-missing-port",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block id=\"b2\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"l1\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b2\" "
         "to-port=\"3\">\n"
         "      <point x=\"60\" y=\"20\"/>\n"
         "    </link>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 6, "ends at input 3 of block \"b2\", but the block has only 1 input" },
  { "activation-between-regular-ports",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block id=\"b2\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"l1\" kind=\"activation\" from=\"b1\" from-port=\"1\" to=\"b2\" "
         "to-port=\"1\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 6, "the link's kind does not match its ports" },
  { "unknown-link-kind",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block id=\"b2\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"l1\" kind=\"data\" from=\"b1\" from-port=\"1\" to=\"b2\" "
         "to-port=\"1\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 6, "unknown link kind \"data\"; expected \"regular\" or \"activation\"" },
  { "input-driven-twice",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <block id=\"b2\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"l1\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b2\" "
         "to-port=\"1\"/>\n"
         "    <link id=\"l2\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b2\" "
         "to-port=\"1\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 7, "which link \"l1\" already drives" },
  { "link-across-diagrams",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"SuperBlock\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
         "      <diagram>\n"
         "    <block id=\"b2\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "      </diagram>\n"
         "    </block>\n"
         "    <block id=\"b3\" type=\"Gain\" x=\"80\" y=\"0\" width=\"40\" height=\"40\">"
         "<ports in=\"1\" out=\"1\"/></block>\n"
         "    <link id=\"l1\" kind=\"regular\" from=\"b2\" from-port=\"1\" to=\"b3\" "
         "to-port=\"1\"/>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 10, "which is not in the same diagram" },
  { "text-between-elements",
    HEAD "  <diagram>\n"
         "    stray words\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 4, "unexpected text in <diagram>" },
  { "element-in-label",
    HEAD "  <diagram>\n"
         "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
         "      <label>a<b/>c</label>\n"
         "    </block>\n"
         "  </diagram>\n"
         "</orrery>\n",
    ORR_IO_ERROR_INVALID, 5, "unexpected element <b> in <label>" },
};

static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_data (c->xml, strlen (c->xml), "case.orr", &error);
  g_autofree char *prefix = g_strdup_printf ("case.orr:%d: ", c->line);

  g_assert_null (model);
  g_assert_error (error, ORR_IO_ERROR, (int)c->code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, c->phrase));
}

/* Every prefix of a file either fails cleanly with a line, or (once it holds
 * the whole root element) loads the same model. */
static void
test_error_truncated (void)
{
  gsize length = 0;
  g_autofree char *data = read_fixture ("flat.orr", &length);
  gsize complete = strstr (data, "</orrery>") - data + strlen ("</orrery>");

  for (gsize n = 0; n < length; n++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrModel) model = orr_model_load_data (data, n, "flat.orr", &error);

      if (n < complete)
        {
          g_autoptr (GRegex) regex = g_regex_new ("^flat\\.orr:[1-9][0-9]*: ", 0, 0, NULL);

          g_assert_null (model);
          g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX);
          g_assert_true (g_regex_match (regex, error->message, 0, NULL));
        }
      else
        {
          g_autofree char *saved = NULL;

          g_assert_no_error (error);
          saved = save (model);
          g_assert_cmpstr (saved, ==, data);
        }
    }
}

static void
test_error_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file ("/nonexistent/dir/model.orr", &error);

  g_assert_null (model);
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_READ);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/dir/model.orr: "));
}

/* ---- saving ------------------------------------------------------------------ */

static void
test_save_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "model.orr", NULL);
  g_autofree char *original = read_fixture ("nested.orr", NULL);
  g_autoptr (GString) expected = g_string_new (original);
  g_autofree char *written = NULL;
  g_autoptr (OrrModel) model = load_fixture ("nested.orr");

  g_assert_no_error (error);
  orr_model_move_block (model, orr_model_find_block (model, "b1"), 25, 80);
  g_assert_cmpuint (g_string_replace (expected, "type=\"Step\" x=\"20\" y=\"80\"",
                                      "type=\"Step\" x=\"25\" y=\"80\"", 0),
                    ==, 1);
  g_assert_true (orr_model_get_modified (model));
  g_assert_true (orr_model_save_file (model, path, &error));
  g_assert_no_error (error);
  g_assert_false (orr_model_get_modified (model));
  g_file_get_contents (path, &written, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, expected->str);

  g_unlink (path);
  g_rmdir (dir);
}

/* Runs in the forked child: saving a model of several kilobytes over path
 * with the file size limit at 1000 bytes must fail. */
static int
save_over_size_limit (const char *path)
{
  g_autoptr (OrrModel) model = load_fixture ("nested.orr");
  g_autoptr (GError) error = NULL;
  struct rlimit limit = { 1000, 1000 };

  orr_model_move_block (model, orr_model_find_block (model, "b1"), 0, 0);
  /* With SIGXFSZ ignored, write() fails with EFBIG instead of the signal
   * killing the process. */
  signal (SIGXFSZ, SIG_IGN);
  if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
    return 2;
  if (orr_model_save_file (model, path, &error))
    return 3;
  if (!g_error_matches (error, ORR_IO_ERROR, ORR_IO_ERROR_WRITE)
      || !g_str_has_prefix (error->message, path))
    return 4;
  if (!orr_model_get_modified (model))
    return 5;
  return 0;
}

/* A plain fork rather than g_test_trap_subprocess(): under valgrind the
 * latter starts a child-watch thread whose stack valgrind reports as
 * possibly lost. */
static void
test_save_atomic (void)
{
  static const char original[]
    = "<?xml version=\"1.0\"?>\n<orrery version=\"1.0\"><diagram/></orrery>\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-io-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "model.orr", NULL);
  g_autofree char *after = NULL;
  g_autoptr (GDir) d = NULL;
  const char *entry;
  int status = 0;
  pid_t pid;

  g_assert_no_error (error);
  g_file_set_contents (file, original, -1, &error);
  g_assert_no_error (error);

  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int code = save_over_size_limit (file);

      /* _exit() skips the automatic cleanups; free what the child holds so
       * that valgrind, which follows the fork, finds nothing lost. */
      g_clear_pointer (&file, g_free);
      g_clear_pointer (&dir, g_free);
      _exit (code);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  g_file_get_contents (file, &after, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, original);

  /* The failed temporary file is cleaned away too; what remains is the
   * model and its backup, both holding the original bytes. */
  d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_autofree char *bytes = NULL;
      g_assert_true (g_strcmp0 (entry, "model.orr") == 0 || g_strcmp0 (entry, "model.orr~") == 0);
      g_assert_true (g_file_get_contents (path, &bytes, NULL, NULL));
      g_assert_cmpstr (bytes, ==, original);
    }

  {
    g_autofree char *backup = g_strconcat (file, "~", NULL);
    g_unlink (backup);
  }
  g_unlink (file);
  g_rmdir (dir);
}

static void
test_save_missing_dir (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "no-such-folder", "model.orr", NULL);
  g_autoptr (OrrModel) model = load_fixture ("flat.orr");

  g_assert_no_error (error);
  orr_model_move_block (model, orr_model_find_block (model, "b1"), 0, 0);
  g_assert_false (orr_model_save_file (model, path, &error));
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_WRITE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_true (orr_model_get_modified (model));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* ---- fragments --------------------------------------------------------------- */

static void
test_fragment_paste (void)
{
  static const char expected_fragment[]
    = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<orrery-fragment version=\"1.0\">\n"
      "  <block id=\"b2\" type=\"Sum\" x=\"120\" y=\"100\" width=\"30\" height=\"40\">\n"
      "    <param name=\"signs\">[1, -1]</param>\n"
      "    <ports in=\"2\" out=\"1\"/>\n"
      "  </block>\n"
      "  <block id=\"b3\" type=\"Gain\" x=\"190\" y=\"100\" width=\"40\" height=\"40\">\n"
      "    <param name=\"gain\">K*2</param>\n"
      "    <ports in=\"1\" out=\"1\"/>\n"
      "  </block>\n"
      "  <block id=\"b5\" type=\"SampleClock\" x=\"350\" y=\"-20\" width=\"40\" height=\"40\">\n"
      "    <param name=\"period\">0.1</param>\n"
      "    <param name=\"offset\">0</param>\n"
      "    <ports event-out=\"1\"/>\n"
      "  </block>\n"
      "  <link id=\"l2\" kind=\"regular\" from=\"b2\" from-port=\"1\" to=\"b3\" to-port=\"1\"/>\n"
      "</orrery-fragment>\n";
  g_autoptr (OrrModel) model = load_fixture ("flat.orr");
  g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  g_autofree char *fragment = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *chosen[3];
  OrrBlock *sum, *gain, *clock;
  OrrLink *copy = NULL;
  gsize length = 0;

  chosen[0] = orr_model_find_block (model, "b2");
  chosen[1] = orr_model_find_block (model, "b3");
  chosen[2] = orr_model_find_block (model, "b5");
  fragment = orr_fragment_serialize (chosen, 3, &length);
  g_assert_cmpstr (fragment, ==, expected_fragment);
  g_assert_cmpuint (length, ==, strlen (expected_fragment));

  before = save (model);
  g_assert_true (orr_fragment_paste (model, root, fragment, length, 200, 50, pasted, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pasted->len, ==, 3);
  g_assert_cmpuint (root->blocks->len, ==, 9);
  g_assert_cmpuint (root->links->len, ==, 7);

  for (guint i = 0; i < root->blocks->len; i++)
    g_assert_true (g_hash_table_add (ids, ((OrrBlock *)g_ptr_array_index (root->blocks, i))->id));
  for (guint i = 0; i < root->links->len; i++)
    g_assert_true (g_hash_table_add (ids, ((OrrLink *)g_ptr_array_index (root->links, i))->id));

  sum = g_ptr_array_index (pasted, 0);
  gain = g_ptr_array_index (pasted, 1);
  clock = g_ptr_array_index (pasted, 2);
  g_assert_true (sum->parent == root);
  g_assert_cmpstr (sum->type, ==, "Sum");
  g_assert_cmpstr (gain->type, ==, "Gain");
  g_assert_cmpstr (clock->type, ==, "SampleClock");
  assert_geometry (sum, 320, 150, 30, 40);
  assert_geometry (gain, 390, 150, 40, 40);
  assert_geometry (clock, 550, 30, 40, 40);
  g_assert_cmpstr (orr_block_get_param (gain, "gain"), ==, "K*2");
  assert_ports (sum, 2, 1, 0, 0);

  for (guint i = 0; i < root->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (root->links, i);

      if (g_strcmp0 (l->from.block, sum->id) == 0)
        copy = l;
    }
  g_assert_nonnull (copy);
  g_assert_cmpstr (copy->id, !=, "l2");
  assert_link (copy, ORR_LINK_REGULAR, sum->id, ORR_PORT_OUT, 1, gain->id, ORR_PORT_IN, 1);
  /* The original link is untouched. */
  assert_link (orr_model_find_link (model, "l2"), ORR_LINK_REGULAR, "b2", ORR_PORT_OUT, 1, "b3",
               ORR_PORT_IN, 1);

  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Paste");
  after = save (model);
  g_assert_true (orr_model_undo (model));
  undone = save (model);
  g_assert_cmpstr (undone, ==, before);
  g_assert_false (orr_model_get_modified (model));
  g_assert_true (orr_model_redo (model));
  redone = save (model);
  g_assert_cmpstr (redone, ==, after);
}

static void
count_block (OrrBlock *block, gpointer data)
{
  (*(guint *)data)++;
}

/* A pasted super block gets fresh ids all the way down; its inner links
 * follow, and its inner blocks keep their places. */
static void
test_fragment_super_block (void)
{
  g_autoptr (OrrModel) model = load_fixture ("nested.orr");
  g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *fragment = NULL;
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *plant = orr_model_find_block (model, "b2");
  OrrBlock *copy, *motor;
  OrrLink *inner;
  guint before = 0, after = 0;
  gsize length;

  orr_diagram_foreach_block (root, count_block, &before);
  g_assert_cmpuint (before, ==, 14);
  fragment = orr_fragment_serialize (&plant, 1, &length);
  g_assert_true (orr_fragment_paste (model, root, fragment, length, 10, -10, pasted, &error));
  g_assert_no_error (error);
  orr_diagram_foreach_block (root, count_block, &after);
  g_assert_cmpuint (after, ==, 14 + 8);

  copy = g_ptr_array_index (pasted, 0);
  assert_geometry (copy, 230, 60, 60, 60);
  g_assert_cmpstr (copy->label, ==, "Plant");
  g_assert_cmpstr (copy->child->context, ==, "J = 0.01;\nb = 0.1;");
  g_assert_cmpstr (port_label (copy, ORR_PORT_IN, 1), ==, "torque");
  g_assert_cmpuint (copy->child->blocks->len, ==, 3);
  for (guint i = 0; i < copy->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (copy->child->blocks, i);

      g_assert_true (orr_model_find_block (model, b->id) == b);
      g_assert_true (b->parent == copy->child);
    }
  motor = g_ptr_array_index (copy->child->blocks, 1);
  g_assert_cmpstr (motor->label, ==, "Motor");
  g_assert_cmpstr (motor->id, !=, "b6");
  assert_geometry (motor, 100, 30, 60, 40);
  g_assert_cmpuint (motor->child->links->len, ==, 3);

  /* l6 joined the Motor to the Output; its copy joins the copies. */
  inner = g_ptr_array_index (copy->child->links, 1);
  g_assert_cmpstr (inner->id, !=, "l6");
  g_assert_true (orr_model_find_link (model, inner->id) == inner);
  assert_link (inner, ORR_LINK_REGULAR, motor->id, ORR_PORT_OUT, 1,
               ((OrrBlock *)g_ptr_array_index (copy->child->blocks, 2))->id, ORR_PORT_IN, 1);
  g_assert_cmpfloat (g_array_index (inner->points, OrrPoint, 0).x, ==, 180);
  inner = g_ptr_array_index (motor->child->links, 0);
  assert_link (inner, ORR_LINK_REGULAR,
               ((OrrBlock *)g_ptr_array_index (motor->child->blocks, 0))->id, ORR_PORT_OUT, 1,
               ((OrrBlock *)g_ptr_array_index (motor->child->blocks, 1))->id, ORR_PORT_IN, 1);
}

/* Content this version does not understand travels with a copied block. */
static void
test_fragment_unknown (void)
{
  g_autoptr (OrrModel) model = load_fixture ("unknown.orr");
  g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *fragment = NULL;
  OrrBlock *original = orr_model_find_block (model, "b2");
  OrrBlock *copy;
  gsize length;

  fragment = orr_fragment_serialize (&original, 1, &length);
  g_assert_true (orr_fragment_paste (model, orr_model_get_root (model), fragment, length, 0, 100,
                                     pasted, &error));
  g_assert_no_error (error);
  copy = g_ptr_array_index (pasted, 0);
  g_assert_cmpstr (copy->type, ==, "VendorFilter");
  g_assert_cmpuint (copy->foreign_attrs->len, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (copy->foreign_attrs, 5), ==, "fast & \"cheap\"");
  g_assert_cmpuint (copy->foreign->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (g_ptr_array_index (copy->foreign, i), ==,
                     g_ptr_array_index (original->foreign, i));
}

static void
test_fragment_bad (void)
{
  static const char bad[]
    = "<?xml version=\"1.0\"?>\n"
      "<orrery-fragment version=\"1.0\">\n"
      "    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\" out=\"1\"/></block>\n"
      "    <link id=\"l1\" kind=\"regular\" from=\"b1\" from-port=\"1\" to=\"b7\" "
      "to-port=\"1\"/>\n"
      "</orrery-fragment>\n";
  g_autoptr (OrrModel) model = load_fixture ("flat.orr");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autofree char *before = save (model);
  g_autofree char *after = NULL;

  g_assert_false (orr_fragment_paste (model, orr_model_get_root (model), bad, strlen (bad), 0, 0,
                                      pasted, &error));
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "clipboard:4: "));
  g_assert_cmpuint (pasted->len, ==, 0);
  after = save (model);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (orr_model_can_undo (model));

  g_clear_error (&error);
  g_assert_false (orr_fragment_paste (model, orr_model_get_root (model), before, strlen (before), 0,
                                      0, NULL, &error));
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "expected <orrery-fragment>"));
}

/* The settings added after the first format: read when present, written
 * only when set. */
static void
test_settings_optional (void)
{
  g_autoptr (OrrModel) model = load_fixture ("orientation.orr");
  g_autoptr (OrrModel) plain = load_fixture ("flat.orr");
  const OrrSettings *s = orr_model_get_settings (model);
  g_autofree char *text = save (plain);

  g_assert_cmpfloat (s->initial_step, ==, 1e-5);
  g_assert_cmpfloat (s->zc_tolerance, ==, 1e-9);
  g_assert_cmpfloat (s->realtime_factor, ==, 0.5);
  g_assert_cmpfloat (orr_model_get_settings (plain)->initial_step, ==, 0);
  g_assert_cmpfloat (orr_model_get_settings (plain)->realtime_factor, ==, 0);
  g_assert_null (strstr (text, "initial-step"));
  g_assert_null (strstr (text, "zc-tolerance"));
  g_assert_null (strstr (text, "realtime"));
  g_assert_null (strstr (text, "unconnected-ports"));
  g_assert_false (orr_model_get_settings (plain)->unconnected_errors);
}

/* unconnected-ports: "error" reads as the setting and is written back;
 * anything but "warning" or "error" is refused with its line. */
static void
test_settings_unconnected (void)
{
#define UNCONNECTED_DOC(value)                                                                     \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"                         \
  "  <settings unconnected-ports=\"" value "\"/>\n  <diagram/>\n</orrery>\n"
  const char *error_text = UNCONNECTED_DOC ("error");
  const char *bad_text = UNCONNECTED_DOC ("sometimes");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model
    = orr_model_load_data (error_text, strlen (error_text), "e.orr", &error);
  g_autoptr (OrrModel) bad = NULL;
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  g_assert_true (orr_model_get_settings (model)->unconnected_errors);
  saved = save (model);
  g_assert_nonnull (strstr (saved, "unconnected-ports=\"error\""));

  bad = orr_model_load_data (bad_text, strlen (bad_text), "bad.orr", &error);
  g_assert_null (bad);
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "bad.orr:3: "));
}

/* Saving keeps the previous version as path~; saving the same content
 * again leaves that backup alone. */
static void
test_backup_on_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-backup-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.orr", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (orr_model_save_file (model, path, &error));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS)); /* nothing was replaced */
  first = save (model);

  orr_model_set_context (model, orr_model_get_root (model), "K = 1;");
  g_assert_true (orr_model_save_file (model, path, &error));
  second = save (model);
  g_assert_true (g_file_get_contents (backup, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, first);

  /* unchanged: the backup still holds the first version */
  g_assert_true (orr_model_save_file (model, path, &error));
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (backup, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, first);
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, second);

  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
}

/* Links may come before a block they join, or between blocks: the
 * streaming reader reads a link at once when its blocks are known and
 * keeps the others for the end, and the links still keep the file's
 * order. Opening a file leaves nothing to undo. */
static void
test_links_interleaved (void)
{
  static const char text[]
    = "<orrery version=\"1.0\"><diagram>"
      "<block id=\"a\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports out=\"1\"/></block>"
      "<block id=\"b\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\" out=\"1\"/></block>"
      "<block id=\"d\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\" out=\"1\"/></block>"
      "<link id=\"l1\" kind=\"regular\" from=\"a\" from-port=\"1\" to=\"b\" to-port=\"1\"/>"
      "<link id=\"l2\" kind=\"regular\" from=\"b\" from-port=\"1\" to=\"c\" to-port=\"1\"/>"
      "<link id=\"l3\" kind=\"regular\" from=\"a\" from-port=\"1\" to=\"d\" to-port=\"1\"/>"
      "<block id=\"c\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\" out=\"1\"/></block>"
      "</diagram></orrery>";
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_data (text, sizeof text - 1, "interleaved", &error);
  OrrDiagram *root;

  g_assert_no_error (error);
  root = orr_model_get_root (model);
  g_assert_cmpuint (root->blocks->len, ==, 4);
  g_assert_cmpuint (root->links->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *id = g_strdup_printf ("l%u", i + 1);
      OrrLink *link = g_ptr_array_index (root->links, i);

      g_assert_cmpstr (link->id, ==, id);
    }
  g_assert_cmpstr (((OrrLink *)g_ptr_array_index (root->links, 1))->to.block, ==, "c");
  g_assert_false (orr_model_can_undo (model));
  g_assert_false (orr_model_get_modified (model));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/fixtures/round-trip", test_fixtures_round_trip);
  g_test_add_func ("/io/settings-optional", test_settings_optional);
  g_test_add_func ("/io/settings-unconnected", test_settings_unconnected);
  g_test_add_func ("/io/backup-on-save", test_backup_on_save);
  g_test_add_func ("/io/fixtures/flat", test_fields_flat);
  g_test_add_func ("/io/fixtures/nested", test_fields_nested);
  g_test_add_func ("/io/fixtures/orientation", test_fields_orientation);
  g_test_add_func ("/io/fixtures/text", test_fields_text);
  g_test_add_func ("/io/fixtures/context", test_fields_context);
  g_test_add_func ("/io/fixtures/unknown", test_fields_unknown);
  g_test_add_func ("/io/fixtures/unknown-survives-edit", test_unknown_survives_edit);
  g_test_add_func ("/io/links-interleaved", test_links_interleaved);
  g_test_add_func ("/io/format/double", test_format_double);
  g_test_add_func ("/io/format/text-exact", test_text_exact);
  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/io/error/%s", error_cases[i].name);

      g_test_add_data_func (name, &error_cases[i], test_error_case);
    }
  g_test_add_func ("/io/error/truncated", test_error_truncated);
  g_test_add_func ("/io/error/missing-file", test_error_missing_file);
  g_test_add_func ("/io/save/file", test_save_file);
  g_test_add_func ("/io/save/atomic", test_save_atomic);
  g_test_add_func ("/io/save/missing-dir", test_save_missing_dir);
  g_test_add_func ("/io/fragment/paste", test_fragment_paste);
  g_test_add_func ("/io/fragment/super-block", test_fragment_super_block);
  g_test_add_func ("/io/fragment/unknown", test_fragment_unknown);
  g_test_add_func ("/io/fragment/bad", test_fragment_bad);

  return g_test_run ();
}
