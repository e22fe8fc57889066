/* block-test.c: the harness-level checks (see block-test.h). */
#include "block-test.h"

#include <math.h>
#include <string.h>

OrrConfig *
block_test_expect_config (OrrConfig *config, GError *error)
{
  g_assert_no_error (error);
  g_assert_nonnull (config);
  return config;
}

void
block_test_check_param_error (OrrConfig *config, GError *error, const char *param, const char *part)
{
  g_autofree char *quoted = g_strdup_printf ("'%s'", param);

  g_assert_null (config);
  g_assert_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER);
  g_test_message ("expected error: %s", error->message);
  /* the user reads which parameter is wrong first */
  if (!g_str_has_prefix (error->message, "parameter ") || strstr (error->message, quoted) == NULL)
    g_error ("the message \"%s\" does not name %s", error->message, quoted);
  if (part != NULL && strstr (error->message, part) == NULL)
    g_error ("the message \"%s\" does not say \"%s\"", error->message, part);
  g_error_free (error);
}

static void
test_param_error (gconstpointer data)
{
  const BlockParamError *c = data;

  EXPECT_PARAM_ERROR_WITH (c->klass, c->param, c->part, c->params[0], c->params[1], c->params[2],
                           c->params[3], NULL);
}

void
block_test_add_param_errors (const char *prefix, const BlockParamError *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s/%u", prefix, cases[i].klass->name, i);

      g_test_add_data_func (path, &cases[i], test_param_error);
    }
}

const OrrPortSpec *
input_spec (OrrConfig *config, guint i)
{
  g_assert_cmpuint (i, <, config->inputs->len);
  return &g_array_index (config->inputs, OrrPortSpec, i);
}

const OrrPortSpec *
output_spec (OrrConfig *config, guint i)
{
  g_assert_cmpuint (i, <, config->outputs->len);
  return &g_array_index (config->outputs, OrrPortSpec, i);
}

void
assert_port (const OrrPortSpec *spec, int rows, int cols, OrrType type)
{
  g_assert_cmpint (spec->rows, ==, rows);
  g_assert_cmpint (spec->cols, ==, cols);
  g_assert_cmpint (spec->type, ==, type);
}

void
assert_ports (OrrConfig *config, guint n_in, guint n_out, int n_evin, int n_evout)
{
  g_assert_cmpuint (config->inputs->len, ==, n_in);
  g_assert_cmpuint (config->outputs->len, ==, n_out);
  g_assert_cmpint (config->n_evin, ==, n_evin);
  g_assert_cmpint (config->n_evout, ==, n_evout);
}

void
assert_doubles (const double *got, const double *expected, int n)
{
  for (int i = 0; i < n; i++)
    {
      if (isnan (expected[i]))
        g_assert_true (isnan (got[i]));
      else
        g_assert_cmpfloat (got[i], ==, expected[i]);
    }
}

void
assert_close (const double *got, const double *expected, int n, double tolerance)
{
  for (int i = 0; i < n; i++)
    /* written so that a NaN fails */
    if (!(fabs (got[i] - expected[i]) <= tolerance))
      g_error ("element %d: %.17g, expected %.17g (tolerance %g)", i, got[i], expected[i],
               tolerance);
}

void
assert_palette (const char *folder, const char *palette, const OrrBlockClass *const *classes,
                guint n_classes, void (*register_palette) (OrrRegistry *registry))
{
  g_autofree char *path = g_build_filename (ORR_PALETTES_SRCDIR, folder, "palette.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  const char *cursor;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  cursor = text;
  for (guint i = 0; i < n_classes; i++)
    {
      g_autofree char *tag = g_strdup_printf ("<block name=\"%s\"/>", classes[i]->name);
      const char *found = strstr (cursor, tag);

      g_assert_nonnull (found);
      cursor = found + strlen (tag);
      g_assert_cmpstr (classes[i]->palette, ==, palette);
    }
  g_assert_null (strstr (cursor, "<block"));

  register_palette (registry);
  g_assert_cmpuint (orr_registry_get_n_classes (registry), ==, n_classes);
  for (guint i = 0; i < n_classes; i++)
    g_assert_true (orr_registry_get_class (registry, i) == classes[i]);
}

OrrHarness *
harness (const OrrBlockClass *klass, OrrConfig *config, int p1, int p2)
{
  int placeholders[2] = { p1, p2 };

  return orr_harness_new (klass, config, placeholders, 2);
}
