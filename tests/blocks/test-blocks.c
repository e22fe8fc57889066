/* test-blocks.c: the standard blocks, one at a time, outside a simulation
 * (see tests/common/block-harness.h and block-test.h): what configure
 * declares for good parameters, the errors it gives for bad ones, and what
 * the simulation function computes job by job, against values worked out
 * by hand. Also the registry and the palette files. */
#include "block-test.h"
#include "orr-all-classes.h"
#include <orrery/orr-interface.h>
#include "orr-palettes.h"

#include <orrery/orr-expr.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

/* ---- registry and palette files -------------------------------------- */

static void
test_registry (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  guint n;

  orr_palettes_register_standard (registry);
  n = orr_registry_get_n_classes (registry);
  /* at least the blocks the semantic core was built with */
  g_assert_cmpuint (n, >=, 21);

  for (guint i = 0; i < n; i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);
      g_autoptr (GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      GError *error = NULL;

      g_test_message ("class %s", klass->name);
      g_assert_nonnull (klass->name);
      g_assert_true (g_hash_table_add (names, (gpointer)klass->name));
      g_assert_true (orr_registry_lookup (registry, klass->name) == klass);
      g_assert_true (klass->palette != NULL && *klass->palette != '\0');
      g_assert_true (klass->label != NULL && *klass->label != '\0');
      g_assert_true (klass->description != NULL && *klass->description != '\0');
      g_assert_true (klass->icon_text != NULL && *klass->icon_text != '\0');
      g_assert_nonnull (klass->configure);
      g_assert_true (klass->n_params == 0 || klass->params != NULL);

      for (int k = 0; k < klass->n_params; k++)
        {
          const OrrParamSpec *spec = &klass->params[k];
          g_autoptr (OrrValue) value = NULL;

          g_assert_true (spec->name != NULL && *spec->name != '\0');
          g_assert_true (g_hash_table_add (params, (gpointer)spec->name));
          g_assert_true (spec->label != NULL && *spec->label != '\0');
          g_assert_true (spec->default_expr != NULL && *spec->default_expr != '\0');
          g_assert_true (spec->help != NULL && *spec->help != '\0');
          if (spec->kind == ORR_PARAM_CHOICE)
            g_assert_nonnull (spec->choices);
          if (spec->kind != ORR_PARAM_TEXT)
            {
              value = orr_expr_evaluate (spec->default_expr, NULL, &error);
              g_assert_no_error (error);
            }
        }

      /* Every block must be usable as dropped from the palette: its
       * interface configures with the defaults, as the editor asks. */
      {
        g_autoptr (OrrBlockInterface) iface = orr_block_class_interface (klass, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_nonnull (iface);
      }
    }
}

typedef struct
{
  char *palette;
  GPtrArray *blocks;
} PaletteFile;

static void
palette_start (GMarkupParseContext *context, const char *element, const char **names,
               const char **values, gpointer user_data, GError **error)
{
  PaletteFile *file = user_data;
  const char *name = NULL, *label = NULL;

  if (strcmp (element, "palette") == 0)
    {
      g_markup_collect_attributes (element, names, values, error, G_MARKUP_COLLECT_STRING, "name",
                                   &name, G_MARKUP_COLLECT_STRING, "label", &label,
                                   G_MARKUP_COLLECT_INVALID);
      file->palette = g_strdup (name);
    }
  else if (strcmp (element, "block") == 0)
    {
      g_markup_collect_attributes (element, names, values, error, G_MARKUP_COLLECT_STRING, "name",
                                   &name, G_MARKUP_COLLECT_INVALID);
      g_ptr_array_add (file->blocks, g_strdup (name));
    }
  else
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT, "unknown element %s",
                 element);
}

static void
test_palette_files (void)
{
  /* the order of orr_palettes_register_standard() */
  static const char *const folders[]
    = { "sources", "sinks",      "math",    "logic",  "integer",      "continuous", "discrete",
        "hybrid",  "activation", "routing", "lookup", "optimization", "ports",      "custom" };
  static const GMarkupParser parser = { .start_element = palette_start };
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  guint next = 0;

  orr_palettes_register_standard (registry);

  /* The registration order is the palettes' order, each in its file's. */
  for (gsize f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *path
        = g_build_filename (ORR_PALETTES_SRCDIR, folders[f], "palette.xml", NULL);
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GMarkupParseContext) context = NULL;
      g_autoptr (GPtrArray) blocks = g_ptr_array_new_with_free_func (g_free);
      PaletteFile file = { NULL, blocks };

      g_test_message ("%s", path);
      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      context = g_markup_parse_context_new (&parser, 0, &file, NULL);
      g_assert_true (g_markup_parse_context_parse (context, text, -1, &error));
      g_assert_true (g_markup_parse_context_end_parse (context, &error));
      g_assert_no_error (error);
      g_assert_nonnull (file.palette);

      for (guint i = 0; i < blocks->len; i++, next++)
        {
          const OrrBlockClass *klass = orr_registry_get_class (registry, next);
          g_assert_cmpstr (klass->name, ==, g_ptr_array_index (blocks, i));
          g_assert_cmpstr (klass->palette, ==, file.palette);
        }
      g_free (file.palette);
    }
  g_assert_cmpuint (next, ==, orr_registry_get_n_classes (registry));
}

/* ---- ports ------------------------------------------------------------ */

static void
test_ports (void)
{
  struct
  {
    const OrrBlockClass *klass;
    OrrBlockKind kind;
    guint n_in, n_out;
    int n_evin, n_evout;
  } cases[] = {
    { &orr_input_class, ORR_BLOCK_INPUT_PORT, 0, 1, 0, 0 },
    { &orr_output_class, ORR_BLOCK_OUTPUT_PORT, 1, 0, 0, 0 },
    { &orr_event_input_class, ORR_BLOCK_EVENT_INPUT_PORT, 0, 0, 0, 1 },
    { &orr_event_output_class, ORR_BLOCK_EVENT_OUTPUT_PORT, 0, 0, 1, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (OrrConfig) config = CONFIGURE (cases[i].klass, "port", "3", NULL);

      g_assert_null (cases[i].klass->simulate);
      g_assert_cmpint (config->kind, ==, cases[i].kind);
      assert_ports (config, cases[i].n_in, cases[i].n_out, cases[i].n_evin, cases[i].n_evout);
      g_assert_cmpuint (config->ipar->len, ==, 1);
      g_assert_cmpint (g_array_index (config->ipar, int, 0), ==, 3);
      if (cases[i].n_in == 1)
        {
          assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);
          g_assert_true (input_spec (config, 0)->feedthrough);
        }
      if (cases[i].n_out == 1)
        assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_INHERIT);

      EXPECT_PARAM_ERROR (cases[i].klass, "port", "port", "0", NULL);
      EXPECT_PARAM_ERROR (cases[i].klass, "port", "port", "1.5", NULL);
      EXPECT_PARAM_ERROR (cases[i].klass, "port", "port", "'one'", NULL);
    }
}

/* ---- sources --------------------------------------------------------- */

static void
test_constant (void)
{
  OrrConfig *config = CONFIGURE (&orr_constant_class, "value", "[1 2 3; 4 5 6]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double expected[] = { 1, 4, 2, 5, 3, 6 };

  assert_ports (config, 0, 1, 0, 0);
  assert_port (output_spec (config, 0), 2, 3, ORR_TYPE_DOUBLE);
  g_assert_false (config->always_active);

  h = harness (&orr_constant_class, config, 0, 0);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), expected, 6);
}

/* Runs one activation the way the simulator does (outputs, then the state
 * update) and returns the output of that activation. */
static double
activate (OrrHarness *h)
{
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  return orr_harness_output (h, 0)[0];
}

static void
test_counter (void)
{
  OrrConfig *config = CONFIGURE (&orr_counter_class, NULL);
  g_autoptr (OrrHarness) h = NULL;
  double y = 0;

  assert_ports (config, 0, 1, 1, 0);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->nz, ==, 1);
  g_assert_cmpfloat (config->z0[0], ==, 1.0);

  /* A 0.1 s clock over [0, 10] activates it 101 times: the last output is
   * 101 (SEMANTICS.md section 9). */
  h = harness (&orr_counter_class, config, 0, 0);
  for (int n = 1; n <= 101; n++)
    {
      y = activate (h);
      g_assert_cmpfloat (y, ==, n);
    }
  g_assert_cmpfloat (y, ==, 101.0);

  /* Not activated through its input (nevprt 0): no count. */
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  g_assert_cmpfloat (activate (h), ==, 102.0);
}

/* Counting between a minimum and a maximum, up (rule 1) or down (rule 2),
 * wrapping around: the outputs of successive activations. */
typedef struct
{
  const char *path;
  const char *params[7]; /* name, expression, ..., NULL */
  double outputs[7];
  int n;
} CounterCase;

static const CounterCase counter_cases[] = {
  { "/blocks/counter/wrap/up", { "minimum", "1", "maximum", "3" }, { 1, 2, 3, 1, 2, 3, 1 }, 7 },
  { "/blocks/counter/wrap/down",
    { "minimum", "1", "maximum", "3", "rule", "2" },
    { 3, 2, 1, 3, 2, 1, 3 },
    7 },
  { "/blocks/counter/wrap/negative", { "minimum", "-2", "maximum", "-1" }, { -2, -1, -2 }, 3 },
};

static void
test_counter_wrap (gconstpointer data)
{
  const CounterCase *c = data;
  g_autoptr (OrrHarness) h
    = harness (&orr_counter_class,
               CONFIGURE (&orr_counter_class, c->params[0], c->params[1], c->params[2],
                          c->params[3], c->params[4], c->params[5], NULL),
               0, 0);

  for (int i = 0; i < c->n; i++)
    g_assert_cmpfloat (activate (h), ==, c->outputs[i]);
}

/* ---- math ------------------------------------------------------------ */

static void
test_gain_scalar (void)
{
  OrrConfig *config = CONFIGURE (&orr_gain_class, "gain", "2.5", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 1, 2, 3, 4, 5, -6 };
  const double y[] = { 2.5, 5, 7.5, 10, 12.5, -15 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->nx, ==, 0);
  g_assert_cmpint (config->nz, ==, 0);
  g_assert_cmpstr (config->label, ==, "2.5");

  h = harness (&orr_gain_class, config, 2, 3);
  orr_harness_set_input (h, 0, u);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), y, 6);
}

static void
test_gain_matrix (void)
{
  OrrConfig *config = CONFIGURE (&orr_gain_class, "gain", "[1 2; 3 4]", NULL);
  g_autoptr (OrrHarness) h = NULL, h2 = NULL;
  /* u = [5 6; 7 8]: G*u = [1*5+2*7 1*6+2*8; 3*5+4*7 3*6+4*8] = [19 22; 43 50] */
  const double u[] = { 5, 7, 6, 8 };
  const double y[] = { 19, 43, 22, 50 };
  /* [1 2 3] * [1; -1; 2] = 5 */
  const double u2[] = { 1, -1, 2 };
  const double y2[] = { 5 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), 2, -1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 2, -1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);

  h = harness (&orr_gain_class, config, 2, 0);
  orr_harness_set_input (h, 0, u);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), y, 4);

  config = CONFIGURE (&orr_gain_class, "gain", "[1 2 3]", NULL);
  assert_port (input_spec (config, 0), 3, -1, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, -1, ORR_TYPE_DOUBLE);
  h2 = harness (&orr_gain_class, config, 1, 0);
  orr_harness_set_input (h2, 0, u2);
  orr_harness_run (h2, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h2, 0), y2, 1);
}

static void
test_sum (void)
{
  OrrConfig *config = CONFIGURE (&orr_sum_class, "signs", "[1 -1 1]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 2 }, u2[] = { 10, 20 }, u3[] = { 100, 200 };
  const double y[] = { 91, 182 };

  assert_ports (config, 3, 1, 0, 0);
  for (guint i = 0; i < 3; i++)
    {
      assert_port (input_spec (config, i), -1, -2, ORR_TYPE_DOUBLE);
      g_assert_true (input_spec (config, i)->feedthrough);
    }
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);

  h = harness (&orr_sum_class, config, 2, 1);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  orr_harness_set_input (h, 2, u3);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), y, 2);
}

/* Two inputs: scalars (the block's short path) and 2x1 vectors (the
 * general one), y = u1 - u2 element by element. */
static void
test_sum_two (void)
{
  const double u1[] = { 3.5, -1 }, u2[] = { 10, 0.25 }, y[] = { -6.5, -1.25 };

  for (int rows = 1; rows <= 2; rows++)
    {
      OrrConfig *config = CONFIGURE (&orr_sum_class, "signs", "[1 -1]", NULL);
      g_autoptr (OrrHarness) h = harness (&orr_sum_class, config, rows, 1);

      orr_harness_set_input (h, 0, u1);
      orr_harness_set_input (h, 1, u2);
      orr_harness_run (h, ORR_JOB_OUTPUTS);
      assert_doubles (orr_harness_output (h, 0), y, rows);
    }
}

static void
test_sum_single (void)
{
  OrrConfig *config = CONFIGURE (&orr_sum_class, "signs", "-1", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 1, 2, 3, 4, 5, 6 }; /* 2x3 */

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);

  h = harness (&orr_sum_class, config, 2, 3);
  orr_harness_set_input (h, 0, u);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (h, 0)[0], ==, -21.0);
}

static void
test_product (void)
{
  OrrConfig *config = CONFIGURE (&orr_product_class, "ops", "[1 -1]", NULL);
  g_autoptr (OrrHarness) h = NULL, h2 = NULL;
  const double u1[] = { 6, 1, 0, -3 }, u2[] = { 3, 0, 0, 4 };
  const double y[] = { 2, INFINITY, NAN, -0.75 };
  const double u[] = { 2, 4 };

  assert_ports (config, 2, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 1)->feedthrough);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);

  h = harness (&orr_product_class, config, 2, 2);
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), y, 4);

  /* One entry: the elements of one input; -1 divides 1 by their product. */
  config = CONFIGURE (&orr_product_class, "ops", "-1", NULL);
  assert_port (output_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  h2 = harness (&orr_product_class, config, 2, 1);
  orr_harness_set_input (h2, 0, u);
  orr_harness_run (h2, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (h2, 0)[0], ==, 0.125);
}

static void
test_abs_configure (void)
{
  g_autoptr (OrrConfig) plain = CONFIGURE (&orr_abs_class, "zero_crossing", "0", NULL);
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_abs_class, "zero_crossing", "1", NULL);

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  assert_port (output_spec (config, 0), -1, -2, ORR_TYPE_DOUBLE);
  g_assert_cmpint (plain->ng, ==, 0);
  g_assert_cmpint (plain->nmode, ==, 0);

  /* One surface and one mode per element of an input whose size comes
   * from the link: abs.c declares -1 for both, resolved by the compiler. */
  g_assert_cmpint (config->ng, ==, -1);
  g_assert_cmpint (config->nmode, ==, -1);
}

static void
test_abs_simulate (void)
{
  g_autoptr (OrrHarness) h = NULL, plain = NULL;
  const double u[] = { -2, 0, 3 };
  const double y[] = { 2, 0, 3 };
  /* beyond the crossings of elements 1 and 2, with modes held */
  const double u_later[] = { 1, -0.5, 2 };
  const double y_later[] = { -1, -0.5, 2 };
  const int modes[] = { 2, 1, 1 };

  h = harness (&orr_abs_class, CONFIGURE (&orr_abs_class, "zero_crossing", "1", NULL), 3, 1);
  /* As the compiler resolves abs.c's per-element counts for a 3x1 input. */
  orr_harness_set_surfaces (h, 3, 3);
  orr_harness_set_input (h, 0, u);

  /* Modes free (at an event): |u|, and the zero-crossing job sets them. */
  h->time.phase = ORR_PHASE_EVENT;
  h->time.modes_fixed = FALSE;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), y, 3);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_doubles (h->block.g, u, 3);
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (h->block.mode[i], ==, modes[i]);

  /* Modes fixed (the solver integrates): surfaces follow u, the modes do
   * not move, and the output follows the modes, not the sign of u. */
  h->time.phase = ORR_PHASE_TRIAL;
  h->time.modes_fixed = TRUE;
  orr_harness_set_input (h, 0, u_later);
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  assert_doubles (h->block.g, u_later, 3);
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (h->block.mode[i], ==, modes[i]);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), y_later, 3);

  /* Without zero crossings: |u| whatever the solver does. */
  plain = harness (&orr_abs_class, CONFIGURE (&orr_abs_class, "zero_crossing", "0", NULL), 3, 1);
  g_assert_cmpint (plain->block.ng, ==, 0);
  plain->time.modes_fixed = TRUE;
  orr_harness_set_input (plain, 0, u_later);
  orr_harness_run (plain, ORR_JOB_OUTPUTS);
  g_assert_cmpfloat (orr_harness_output (plain, 0)[0], ==, 1.0);
  g_assert_cmpfloat (orr_harness_output (plain, 0)[1], ==, 0.5);
  g_assert_cmpfloat (orr_harness_output (plain, 0)[2], ==, 2.0);
}

/* ---- continuous ------------------------------------------------------ */

static void
test_integrator (void)
{
  OrrConfig *config = CONFIGURE (&orr_integrator_class, "x0", "[1; 2]", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double x0[] = { 1, 2 };
  const double u[] = { 3, -4 };

  assert_ports (config, 1, 1, 0, 0);
  assert_port (input_spec (config, 0), 2, 1, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  assert_port (output_spec (config, 0), 2, 1, ORR_TYPE_DOUBLE);
  g_assert_cmpint (config->nx, ==, 2);
  assert_doubles (config->x0, x0, 2);
  g_assert_false (config->implicit);
  g_assert_true (config->always_active);

  h = harness (&orr_integrator_class, config, 0, 0);
  h->time.phase = ORR_PHASE_TRIAL;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), x0, 2);
  orr_harness_set_input (h, 0, u);
  orr_harness_run (h, ORR_JOB_DERIVATIVES);
  assert_doubles (h->block.xd, u, 2);
  /* No re-initialisation input: an event leaves the state alone. */
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  assert_doubles (h->block.x, x0, 2);
}

static void
test_integrator_reinit (void)
{
  OrrConfig *config = CONFIGURE (&orr_integrator_class, "x0", "[1 2]", "reinit", "1", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double x0[] = { 1, 2 };
  const double derivative[] = { 0.5, 0.25 };
  const double jump[] = { -7, 8 };

  assert_ports (config, 2, 1, 1, 0);
  assert_port (input_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), 1, 2, ORR_TYPE_DOUBLE);
  g_assert_false (input_spec (config, 0)->feedthrough);
  g_assert_false (input_spec (config, 1)->feedthrough);
  assert_port (output_spec (config, 0), 1, 2, ORR_TYPE_DOUBLE);
  g_assert_true (config->always_active);

  h = harness (&orr_integrator_class, config, 0, 0);
  orr_harness_set_input (h, 0, derivative);
  orr_harness_set_input (h, 1, jump);

  /* Its own zero crossing (it has none) or nevprt 0 jumps nothing. */
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = 0;
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  assert_doubles (h->block.x, x0, 2);

  /* The event: outputs see the left limit, then the state jumps. */
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), x0, 2);
  orr_harness_run (h, ORR_JOB_STATE_UPDATE);
  assert_doubles (h->block.x, jump, 2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  assert_doubles (orr_harness_output (h, 0), jump, 2);
  orr_harness_run (h, ORR_JOB_DERIVATIVES);
  assert_doubles (h->block.xd, derivative, 2);
}

/* ---- activation ------------------------------------------------------- */

static void
test_sample_clock (void)
{
  g_autoptr (OrrConfig) config
    = CONFIGURE (&orr_sample_clock_class, "period", "0.1", "offset", "0.2", NULL);
  g_autoptr (OrrConfig) always = CONFIGURE (&orr_sample_clock_class, "period", "0", NULL);
  g_autoptr (OrrConfig) once = CONFIGURE (&orr_sample_clock_class, "period", "-1", NULL);
  GError *error = NULL;
  OrrConfig *bad;

  g_assert_null (orr_sample_clock_class.simulate);
  g_assert_cmpint (config->kind, ==, ORR_BLOCK_SAMPLE_CLOCK);
  assert_ports (config, 0, 0, 0, 1);
  g_assert_cmpuint (config->rpar->len, ==, 2);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 0), ==, 0.1);
  g_assert_cmpfloat (g_array_index (config->rpar, double, 1), ==, 0.2);
  g_assert_cmpfloat (g_array_index (always->rpar, double, 0), ==, 0.0);
  g_assert_cmpfloat (g_array_index (once->rpar, double, 0), ==, -1.0);

  bad = orr_harness_configure (&orr_sample_clock_class, &error, "period", "-2", NULL);
  g_assert_null (bad);
  g_assert_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER);
  g_assert_nonnull (strstr (error->message, "parameter 'period' must be positive, or 0 (always "
                                            "active) or -1 (initial only)"));
  g_clear_error (&error);
}

static void
test_event_generate (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_generate_class, "time", "2.5", NULL);
  g_autoptr (OrrHarness) h = NULL, late = NULL;

  assert_ports (config, 0, 0, 0, 1);
  g_assert_cmpint (config->kind, ==, ORR_BLOCK_ORDINARY);

  h = harness (&orr_event_generate_class, config, 0, 0);
  h->time.phase = ORR_PHASE_EXIT_INIT;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], ==, 2.5);

  /* At its own event it programs nothing more: one event only. */
  h->time.phase = ORR_PHASE_EVENT;
  h->time.t = 2.5;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], <, 0);

  /* A run that starts after the event time: no event. */
  late = harness (&orr_event_generate_class,
                  CONFIGURE (&orr_event_generate_class, "time", "2.5", NULL), 0, 0);
  late->time.start_time = late->time.t = 3.0;
  late->time.phase = ORR_PHASE_EXIT_INIT;
  orr_harness_run (late, ORR_JOB_EVENTS);
  g_assert_cmpfloat (late->block.evout[0], <, 0);

  /* a list of times is fine, but it must not decrease */
  EXPECT_PARAM_ERROR (&orr_event_generate_class, "time", "time", "[2 1]", NULL);
  EXPECT_PARAM_ERROR (&orr_event_generate_class, "time", "time", "1/0", NULL);
}

static void
test_event_delay (void)
{
  OrrConfig *config = CONFIGURE (&orr_event_delay_class, "delay", "2", NULL);
  g_autoptr (OrrHarness) h = NULL, initial = NULL;

  assert_ports (config, 0, 0, 1, 1);

  h = harness (&orr_event_delay_class, config, 0, 0);
  h->time.phase = ORR_PHASE_EXIT_INIT;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], <, 0); /* initial = -1: none */

  h->time.phase = ORR_PHASE_EVENT;
  h->time.t = 1.0;
  h->block.nevprt = 1;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], ==, 2.0);

  initial
    = harness (&orr_event_delay_class,
               CONFIGURE (&orr_event_delay_class, "delay", "2", "initial", "0.5", NULL), 0, 0);
  initial->time.phase = ORR_PHASE_EXIT_INIT;
  orr_harness_run (initial, ORR_JOB_EVENTS);
  g_assert_cmpfloat (initial->block.evout[0], ==, 0.5);
}

static void
test_event_union (void)
{
  g_autoptr (OrrConfig) config = CONFIGURE (&orr_event_union_class, "inputs", "3", NULL);

  g_assert_null (orr_event_union_class.simulate);
  g_assert_cmpint (config->kind, ==, ORR_BLOCK_EVENT_UNION);
  assert_ports (config, 0, 0, 3, 1);
}

static void
test_conditionals (void)
{
  g_autoptr (OrrConfig) ite = CONFIGURE (&orr_if_then_else_class, NULL);
  g_autoptr (OrrConfig) sc = CONFIGURE (&orr_switch_case_class, "cases", "4", NULL);

  g_assert_null (orr_if_then_else_class.simulate);
  g_assert_cmpint (ite->kind, ==, ORR_BLOCK_IF_THEN_ELSE);
  assert_ports (ite, 1, 0, 1, 2);
  assert_port (input_spec (ite, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (ite, 0)->feedthrough);

  g_assert_null (orr_switch_case_class.simulate);
  g_assert_cmpint (sc->kind, ==, ORR_BLOCK_SWITCH_CASE);
  assert_ports (sc, 1, 0, 1, 4);
  assert_port (input_spec (sc, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (sc, 0)->feedthrough);
}

static void
check_zero_cross (const OrrBlockClass *klass, int fires_on)
{
  OrrConfig *config = CONFIGURE (klass, NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 0.75 };

  assert_ports (config, 1, 0, 0, 1);
  assert_port (input_spec (config, 0), 1, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_cmpint (config->ng, ==, 1);
  g_assert_cmpint (config->nmode, ==, 0);
  g_assert_false (config->always_active);

  h = harness (klass, config, 0, 0);
  orr_harness_set_input (h, 0, u);
  h->time.phase = ORR_PHASE_TRIAL;
  orr_harness_run (h, ORR_JOB_ZERO_CROSSINGS);
  g_assert_cmpfloat (h->block.g[0], ==, 0.75);

  /* After a located crossing: nevprt -1 and the direction in jroot. */
  h->time.phase = ORR_PHASE_EVENT;
  h->block.nevprt = -1;
  for (int direction = -1; direction <= 1; direction++)
    {
      h->block.jroot[0] = direction;
      orr_harness_run (h, ORR_JOB_EVENTS);
      if (direction == fires_on)
        g_assert_cmpfloat (h->block.evout[0], ==, 0.0);
      else
        g_assert_cmpfloat (h->block.evout[0], <, 0);
    }

  /* Called for another reason (its input's activation): nothing. */
  h->block.nevprt = 1;
  h->block.jroot[0] = fires_on;
  orr_harness_run (h, ORR_JOB_EVENTS);
  g_assert_cmpfloat (h->block.evout[0], <, 0);
}

static void
test_zero_cross (void)
{
  check_zero_cross (&orr_zero_cross_up_class, +1);
  check_zero_cross (&orr_zero_cross_down_class, -1);
}

/* ---- sinks ------------------------------------------------------------ */

static void
test_scope (void)
{
  OrrConfig *config = CONFIGURE (&orr_scope_class, "inputs", "2", NULL);
  g_autoptr (OrrHarness) h = NULL;
  const double u1[] = { 1, 2 }, u2[] = { 3 };
  const double v1[] = { 4, 5 }, v2[] = { 6 };
  const double w1[] = { 7, 8 }, w2[] = { 9 };
  const double expected[] = { 1, 2, 3, 7, 8, 9 };

  assert_ports (config, 2, 0, 0, 0);
  /* Two placeholders: the inputs may differ in length. */
  assert_port (input_spec (config, 0), -1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -2, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_false (config->always_active);

  h = harness (&orr_scope_class, config, 2, 1);
  orr_harness_run (h, ORR_JOB_INIT);

  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_set_input (h, 0, u1);
  orr_harness_set_input (h, 1, u2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (h->n_records, ==, 1);

  h->time.phase = ORR_PHASE_TRIAL;
  orr_harness_set_input (h, 0, v1);
  orr_harness_set_input (h, 1, v2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (h->n_records, ==, 1);

  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_set_input (h, 0, w1);
  orr_harness_set_input (h, 1, w2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (h->n_records, ==, 2);
  g_assert_cmpint (h->record_width, ==, 3);
  g_assert_cmpuint (h->records->len, ==, 6);
  assert_doubles ((const double *)h->records->data, expected, 6);

  h->time.phase = ORR_PHASE_TERMINATE;
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->block.work);
  g_assert_null (h->error);
}

static void
test_scope_single (void)
{
  g_autoptr (OrrHarness) h = NULL;
  const double u[] = { 0.5, -1, 2 };

  h = harness (&orr_scope_class, CONFIGURE (&orr_scope_class, NULL), 3, 0);
  orr_harness_run (h, ORR_JOB_INIT);
  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_set_input (h, 0, u);
  orr_harness_run (h, ORR_JOB_OUTPUTS);
  g_assert_cmpint (h->n_records, ==, 1);
  assert_doubles ((const double *)h->records->data, u, 3);
  orr_harness_run (h, ORR_JOB_TERMINATE);
}

static void
test_to_csv (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-blocks-XXXXXX", &error);
  g_autofree char *path = NULL, *expr = NULL, *contents = NULL;
  g_autoptr (OrrHarness) h = NULL;
  OrrConfig *config;
  const double a1[] = { 1, 0.1 }, a2[] = { -2.5 };
  const double b1[] = { 7, 7 }, b2[] = { 7 };
  const double c1[] = { 3, 4 }, c2[] = { 1e20 };
  /* %.17g by hand: 0.1 is 0.1000000000000000055511151231257827 in binary */
  const char *expected = "time,u1_1,u1_2,u2\n"
                         "0,1,0.10000000000000001,-2.5\n"
                         "0.25,3,4,1e+20\n";

  g_assert_no_error (error);
  path = g_build_filename (dir, "out.csv", NULL);
  expr = g_strdup_printf ("'%s'", path);
  config = CONFIGURE (&orr_to_csv_class, "file", expr, "inputs", "2", NULL);
  assert_ports (config, 2, 0, 0, 0);
  assert_port (input_spec (config, 0), -1, 1, ORR_TYPE_DOUBLE);
  assert_port (input_spec (config, 1), -2, 1, ORR_TYPE_DOUBLE);
  g_assert_true (input_spec (config, 0)->feedthrough);
  g_assert_true (input_spec (config, 1)->feedthrough);

  h = harness (&orr_to_csv_class, config, 2, 1);
  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_null (h->error);

  h->time.phase = ORR_PHASE_EVENT;
  orr_harness_set_input (h, 0, a1);
  orr_harness_set_input (h, 1, a2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);

  h->time.phase = ORR_PHASE_TRIAL;
  h->time.t = 0.125;
  orr_harness_set_input (h, 0, b1);
  orr_harness_set_input (h, 1, b2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);

  h->time.phase = ORR_PHASE_EVENT;
  h->time.t = 0.25;
  orr_harness_set_input (h, 0, c1);
  orr_harness_set_input (h, 1, c2);
  orr_harness_run (h, ORR_JOB_OUTPUTS);

  h->time.phase = ORR_PHASE_TERMINATE;
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_null (h->error);
  g_assert_null (h->block.work);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, expected);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_to_csv_unwritable (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-blocks-XXXXXX", &error);
  g_autofree char *path = NULL, *expr = NULL, *message = NULL;
  g_autoptr (OrrHarness) h = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "missing", "out.csv", NULL);
  expr = g_strdup_printf ("'%s'", path);
  h = harness (&orr_to_csv_class, CONFIGURE (&orr_to_csv_class, "file", expr, NULL), 1, 0);

  orr_harness_run (h, ORR_JOB_INIT);
  g_assert_cmpint (h->n_errors, ==, 1);
  message = g_strdup_printf ("cannot write '%s': ", path);
  g_assert_true (g_str_has_prefix (h->error, message));

  /* The simulator still terminates every block after an error. */
  h->time.phase = ORR_PHASE_TERMINATE;
  orr_harness_run (h, ORR_JOB_TERMINATE);
  g_assert_cmpint (h->n_errors, ==, 1);
  g_assert_null (h->block.work);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- parameters each block refuses ------------------------------------ */

static const BlockParamError param_errors[] = {
  { &orr_constant_class, "value", { "value", "[]", NULL, NULL } },
  { &orr_constant_class, "value", { "value", "'abc'", NULL, NULL } },
  { &orr_constant_class, "value", { "value", "1+2i", NULL, NULL } },
  { &orr_counter_class, "maximum", { "minimum", "5", "maximum", "5" } },
  { &orr_counter_class, "minimum", { "minimum", "1.5", NULL, NULL } },
  { &orr_counter_class, "rule", { "rule", "3", NULL, NULL } },
  { &orr_gain_class, "gain", { "gain", "[]", NULL, NULL } },
  { &orr_gain_class, "gain", { "gain", "'k'", NULL, NULL } },
  { &orr_sum_class, "signs", { "signs", "[]", NULL, NULL } },
  { &orr_sum_class, "signs", { "signs", "[1 1; 1 1]", NULL, NULL } },
  { &orr_sum_class, "signs", { "signs", "ones(1, 1001)", NULL, NULL } },
  { &orr_product_class, "ops", { "ops", "[1 2]", NULL, NULL } },
  { &orr_product_class, "ops", { "ops", "[]", NULL, NULL } },
  { &orr_abs_class, "zero_crossing", { "zero_crossing", "2", NULL, NULL } },
  { &orr_integrator_class, "x0", { "x0", "[]", NULL, NULL } },
  { &orr_integrator_class, "x0", { "x0", "'a'", NULL, NULL } },
  { &orr_integrator_class, "reinit", { "reinit", "2", NULL, NULL } },
  { &orr_sample_clock_class, "offset", { "offset", "-0.5", NULL, NULL } },
  { &orr_sample_clock_class, "period", { "period", "[0.1 0.2]", NULL, NULL } },
  { &orr_event_generate_class, "time", { "time", "1/0", NULL, NULL } },
  { &orr_event_delay_class, "delay", { "delay", "0", NULL, NULL } },
  { &orr_event_delay_class, "delay", { "delay", "-1", NULL, NULL } },
  { &orr_event_delay_class, "initial", { "initial", "'x'", NULL, NULL } },
  { &orr_event_union_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_event_union_class, "inputs", { "inputs", "2.5", NULL, NULL } },
  { &orr_switch_case_class, "cases", { "cases", "0", NULL, NULL } },
  { &orr_scope_class, "inputs", { "inputs", "0", NULL, NULL } },
  { &orr_to_csv_class, "file", { "file", "3", NULL, NULL } },
  { &orr_to_csv_class, "file", { "file", "''", NULL, NULL } },
  { &orr_to_csv_class, "inputs", { "inputs", "-1", NULL, NULL } },
};

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/blocks/registry", test_registry);
  g_test_add_func ("/blocks/palette-files", test_palette_files);
  g_test_add_func ("/blocks/ports", test_ports);
  g_test_add_func ("/blocks/constant", test_constant);
  g_test_add_func ("/blocks/counter", test_counter);
  for (guint i = 0; i < G_N_ELEMENTS (counter_cases); i++)
    g_test_add_data_func (counter_cases[i].path, &counter_cases[i], test_counter_wrap);
  g_test_add_func ("/blocks/gain/scalar", test_gain_scalar);
  g_test_add_func ("/blocks/gain/matrix", test_gain_matrix);
  g_test_add_func ("/blocks/sum", test_sum);
  g_test_add_func ("/blocks/sum/single", test_sum_single);
  g_test_add_func ("/blocks/sum/two", test_sum_two);
  g_test_add_func ("/blocks/product", test_product);
  g_test_add_func ("/blocks/abs/configure", test_abs_configure);
  g_test_add_func ("/blocks/abs/simulate", test_abs_simulate);
  g_test_add_func ("/blocks/integrator", test_integrator);
  g_test_add_func ("/blocks/integrator/reinit", test_integrator_reinit);
  g_test_add_func ("/blocks/sample-clock", test_sample_clock);
  g_test_add_func ("/blocks/event-generate", test_event_generate);
  g_test_add_func ("/blocks/event-delay", test_event_delay);
  g_test_add_func ("/blocks/event-union", test_event_union);
  g_test_add_func ("/blocks/conditionals", test_conditionals);
  g_test_add_func ("/blocks/zero-cross", test_zero_cross);
  g_test_add_func ("/blocks/scope", test_scope);
  g_test_add_func ("/blocks/scope/single", test_scope_single);
  g_test_add_func ("/blocks/to-csv", test_to_csv);
  g_test_add_func ("/blocks/to-csv/unwritable", test_to_csv_unwritable);
  block_test_add_param_errors ("/blocks/param-error", param_errors, G_N_ELEMENTS (param_errors));

  return g_test_run ();
}
