/* test-io-hostile.c: files made to hurt the readers (docs/reliability.md,
 * "Hostile files"): entity expansion, nesting, files that are not files.
 *
 * Each class is tried in more than one form and against every reader that
 * parses XML (model files, block files, fragments, library.xml,
 * modelDescription.xml). A reader that expanded entities or waited on a
 * pipe would run into the test's timeout instead of failing an assertion;
 * each refusal is checked for its code and a phrase of its message.
 */
#include <orrery/orr-fmu.h>
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MODEL_HEAD "<orrery version=\"1.0\">\n"
#define EMPTY_DIAGRAM "  <diagram/>\n"

static void
assert_contains (const char *text, const char *phrase)
{
  if (strstr (text, phrase) == NULL)
    g_error ("expected \"%s\" in \"%s\"", phrase, text);
}

/* A "billion laughs" document: ten levels of ten references, in the
 * place given ("attr" or "text"); 10^10 characters if expanded. */
static char *
laughs (const char *root, const char *where)
{
  GString *s = g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE ");

  g_string_append_printf (s, "%s [\n  <!ENTITY e0 \"lol\">\n", root);
  for (int i = 1; i < 10; i++)
    g_string_append_printf (
      s, "  <!ENTITY e%d \"&e%d;&e%d;&e%d;&e%d;&e%d;&e%d;&e%d;&e%d;&e%d;&e%d;\">\n", i, i - 1,
      i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
  g_string_append (s, "]>\n");
  if (strcmp (where, "attr") == 0)
    g_string_append_printf (s, "<%s version=\"1.0\" x=\"&e9;\"><diagram/></%s>\n", root, root);
  else
    g_string_append_printf (
      s, "<%s version=\"1.0\"><diagram><foreign>&e9;</foreign></diagram></%s>\n", root, root);
  return g_string_free (s, FALSE);
}

/* Many references to one big internal entity in one attribute: the form
 * that escaped libxml2's own amplification guard. */
static char *
wide_entity (void)
{
  GString *s = g_string_new ("<!DOCTYPE orrery [<!ENTITY big \"");

  for (int i = 0; i < 1000; i++)
    g_string_append (s, "0123456789");
  g_string_append (s, "\">]>\n<orrery version=\"1.0\"><diagram><block id=\"b1\" type=\"Gain\" "
                      "x=\"0\" y=\"0\" width=\"1\" height=\"1\" note=\"");
  for (int i = 0; i < 20000; i++)
    g_string_append (s, "&big;");
  g_string_append (s, "\"/></diagram></orrery>\n");
  return g_string_free (s, FALSE);
}

static void
test_dtd_refused (void)
{
  const char *const plain[] = {
    /* an external DTD: never fetched, and refused */
    "<!DOCTYPE orrery SYSTEM \"http://example.org/x.dtd\">\n" MODEL_HEAD EMPTY_DIAGRAM
    "</orrery>\n",
    /* an empty internal subset is still a DTD */
    "<!DOCTYPE orrery []>\n" MODEL_HEAD EMPTY_DIAGRAM "</orrery>\n",
    /* a parameter entity */
    "<!DOCTYPE orrery [<!ENTITY % p \"<!ENTITY x 'y'>\"> %p;]>\n" MODEL_HEAD EMPTY_DIAGRAM
    "</orrery>\n",
    /* an entity in a parameter's text, the form that saved back broken */
    "<!DOCTYPE orrery [<!ENTITY g \"2\">]>\n" MODEL_HEAD
    "  <diagram>\n    <block id=\"b1\" type=\"Gain\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">\n"
    "      <param name=\"gain\">&g;</param>\n      <extra>&g;</extra>\n    </block>\n"
    "  </diagram>\n</orrery>\n",
  };
  g_autofree char *in_attr = laughs ("orrery", "attr");
  g_autofree char *in_text = laughs ("orrery", "text");
  g_autofree char *wide = wide_entity ();
  const char *all[G_N_ELEMENTS (plain) + 3];

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    all[i] = plain[i];
  all[G_N_ELEMENTS (plain)] = in_attr;
  all[G_N_ELEMENTS (plain) + 1] = in_text;
  all[G_N_ELEMENTS (plain) + 2] = wide;

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrModel) model
        = orr_model_load_data (all[i], strlen (all[i]), "hostile.orr", &error);

      g_assert_null (model);
      g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX);
      assert_contains (error->message, "hostile.orr:");
      assert_contains (error->message, "DOCTYPE");
    }
}

/* Without a DTD an entity other than the five predefined ones is not
 * well-formed, so unknown content can never hold one that a save would
 * write back without its declaration. */
static void
test_undeclared_entity_refused (void)
{
  const char *data = MODEL_HEAD "  <diagram>\n    <extra>&x;</extra>\n  </diagram>\n</orrery>\n";
  const char *fine = MODEL_HEAD "  <diagram>\n    <extra a=\"&lt;&#65;\">&amp;&#x42;</extra>\n"
                                "  </diagram>\n</orrery>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_data (data, strlen (data), "x.orr", &error);
  g_autoptr (OrrModel) again = NULL;
  g_autofree char *saved = NULL;
  gsize length = 0;

  g_assert_null (model);
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX);
  assert_contains (error->message, "x.orr:3:");
  g_clear_error (&error);

  /* predefined and character references in unknown content survive a
   * save and load */
  model = orr_model_load_data (fine, strlen (fine), "fine.orr", &error);
  g_assert_no_error (error);
  saved = orr_model_save_to_data (model, &length);
  again = orr_model_load_data (saved, length, "saved.orr", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
}

/* A model whose super blocks nest depth levels, each holding the next. */
static char *
nested_model (guint depth)
{
  GString *s
    = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" MODEL_HEAD "<diagram>\n");

  for (guint i = 1; i <= depth; i++)
    g_string_append_printf (s,
                            "<block id=\"s%u\" type=\"SuperBlock\" x=\"0\" y=\"0\" width=\"1\" "
                            "height=\"1\"><diagram>\n",
                            i);
  g_string_append (s, "<block id=\"g\" type=\"Gain\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>\n");
  for (guint i = 1; i <= depth; i++)
    g_string_append (s, "</diagram></block>\n");
  g_string_append (s, "</diagram>\n</orrery>\n");
  return g_string_free (s, FALSE);
}

static OrrBlock *
innermost (OrrModel *model)
{
  OrrDiagram *d = orr_model_get_root (model);
  OrrBlock *b = NULL;

  while (d != NULL && d->blocks->len > 0)
    {
      b = g_ptr_array_index (d->blocks, 0);
      d = b->child;
    }
  return b;
}

static void
test_nesting_limit (void)
{
  g_autofree char *deepest = nested_model (ORR_MAX_NESTING);
  g_autofree char *too_deep = nested_model (ORR_MAX_NESTING + 1);
  g_autofree char *far_too_deep = nested_model (4 * ORR_MAX_NESTING);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrModel) again = NULL;
  g_autoptr (OrrModel) refused = NULL;
  g_autofree char *saved = NULL;
  OrrBlock *gain;
  OrrBlock *group;
  gsize length = 0;

  /* the deepest model allowed loads, saves and loads again */
  model = orr_model_load_data (deepest, strlen (deepest), "deep.orr", &error);
  g_assert_no_error (error);
  gain = innermost (model);
  g_assert_nonnull (gain);
  g_assert_true (strcmp (gain->id, "g") == 0);
  g_assert_cmpuint (orr_diagram_get_depth (gain->parent), ==, ORR_MAX_NESTING);
  saved = orr_model_save_to_data (model, &length);
  again = orr_model_load_data (saved, length, "saved.orr", &error);
  g_assert_no_error (error);

  /* one level more is refused, naming the line and the block */
  refused = orr_model_load_data (too_deep, strlen (too_deep), "deeper.orr", &error);
  g_assert_null (refused);
  g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID);
  assert_contains (error->message, "deeper.orr:");
  assert_contains (error->message, "s101");
  g_clear_error (&error);
  /* far beyond, the parser's own limit may speak first: still an error */
  refused = orr_model_load_data (far_too_deep, strlen (far_too_deep), "far.orr", &error);
  g_assert_null (refused);
  g_assert_nonnull (error);
  assert_contains (error->message, "far.orr:");
  g_clear_error (&error);

  /* grouping the innermost block would open level 101 */
  group = orr_model_group (model, &gain, 1, &error);
  g_assert_null (group);
  g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
  assert_contains (error->message, "limit");
  g_clear_error (&error);
  /* ...as would pasting a super block there */
  {
    g_autoptr (OrrBlock) super = orr_block_new ("new-super", "SuperBlock");

    g_assert_false (orr_model_insert_block (model, gain->parent, super, &error));
    g_assert_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID);
    g_clear_error (&error);
  }
  /* ...or a fragment holding one */
  {
    const char *fragment
      = "<orrery-fragment version=\"1.0\"><block id=\"z\" type=\"SuperBlock\" x=\"0\" y=\"0\" "
        "width=\"1\" height=\"1\"><diagram/></block></orrery-fragment>";

    g_assert_false (
      orr_fragment_paste (model, gain->parent, fragment, strlen (fragment), 0, 0, NULL, &error));
    g_assert_nonnull (error);
    assert_contains (error->message, "limit");
    g_clear_error (&error);
  }
  /* one level up there is room: grouping the innermost super block's
   * contents' owner moves nothing deeper than the limit */
  {
    OrrBlock *outer = gain->parent->owner;

    g_assert_nonnull (outer);
    g_assert_cmpuint (orr_diagram_get_depth (outer->parent), ==, ORR_MAX_NESTING - 1);
  }
}

/* Things that are not regular files, named where a model file, a
 * library.xml or a modelDescription.xml is read. */
static void
test_not_regular_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-hostile-XXXXXX", &error);
  g_autofree char *fifo = g_build_filename (dir, "pipe.orr", NULL);
  g_autofree char *lib = g_build_filename (dir, "lib", NULL);
  g_autofree char *lib_xml = g_build_filename (lib, "library.xml", NULL);
  g_autofree char *fmu_dir = g_build_filename (dir, "fmu", NULL);
  g_autofree char *description = g_build_filename (fmu_dir, "modelDescription.xml", NULL);
  const char *const targets[] = { fifo, "/dev/zero", dir };

  g_assert_no_error (error);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr (OrrModel) model = orr_model_load_file (targets[i], &error);

      g_assert_null (model);
      g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_READ);
      assert_contains (error->message, "only regular files");
      g_clear_error (&error);
    }

  /* a library whose library.xml is a pipe, then one holding a DTD */
  g_assert_cmpint (g_mkdir (lib, 0700), ==, 0);
  g_assert_cmpint (mkfifo (lib_xml, 0600), ==, 0);
  {
    g_autoptr (OrrLibrary) library = orr_library_open (lib, &error);

    g_assert_null (library);
    g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_READ);
    assert_contains (error->message, "pipe");
    g_clear_error (&error);
  }
  g_assert_cmpint (g_unlink (lib_xml), ==, 0);
  {
    g_autofree char *bomb = laughs ("library", "attr");
    g_autoptr (OrrLibrary) library = NULL;

    g_assert_true (g_file_set_contents (lib_xml, bomb, -1, &error));
    library = orr_library_open (lib, &error);
    g_assert_null (library);
    g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
    assert_contains (error->message, "library.xml:2:");
    assert_contains (error->message, "DOCTYPE");
    g_clear_error (&error);
  }

  /* modelDescription.xml: a pipe, then a DTD */
  g_assert_cmpint (g_mkdir (fmu_dir, 0700), ==, 0);
  g_assert_cmpint (mkfifo (description, 0600), ==, 0);
  {
    g_autoptr (OrrFmuDescription) d = orr_fmu_description_read (description, "pipe.fmu", &error);

    g_assert_null (d);
    g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION);
    assert_contains (error->message, "pipe");
    g_clear_error (&error);
  }
  g_assert_cmpint (g_unlink (description), ==, 0);
  {
    g_autofree char *bomb = laughs ("fmiModelDescription", "text");
    g_autoptr (OrrFmuDescription) d = NULL;

    g_assert_true (g_file_set_contents (description, bomb, -1, &error));
    d = orr_fmu_description_read (description, "bomb.fmu", &error);
    g_assert_null (d);
    g_assert_error (error, ORR_FMU_ERROR, ORR_FMU_ERROR_DESCRIPTION);
    assert_contains (error->message, "DOCTYPE");
    g_clear_error (&error);
  }
  orr_remove_tree (dir);
}

/* Saving through a symbolic link writes the file it leads to and keeps
 * the link; the replaced file keeps its permissions. */
static void
test_save_link_and_mode (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("orrery-save-XXXXXX", &error);
  g_autofree char *sub = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (sub, "model.orr", NULL);
  g_autofree char *link1 = g_build_filename (dir, "link1.orr", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2.orr", NULL);
  const char *data = MODEL_HEAD EMPTY_DIAGRAM "</orrery>\n";
  g_autoptr (OrrModel) model = orr_model_load_data (data, strlen (data), "m.orr", &error);
  const int modes[] = { 0600, 0640, 0444 | 0200 };
  g_autofree char *canonical = NULL;

  g_assert_no_error (error);
  canonical = orr_model_save_to_data (model, NULL);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (target, "old", -1, &error));
  /* a relative link to an absolute one: a chain of two */
  g_assert_cmpint (symlink ("real/model.orr", link1), ==, 0);
  g_assert_cmpint (symlink (link1, link2), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      GStatBuf st;
      g_autofree char *written = NULL;

      g_assert_cmpint (g_chmod (target, modes[i]), ==, 0);
      g_assert_true (orr_model_save_file (model, link2, &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_lstat (link2, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      g_assert_cmpint (g_lstat (link1, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      g_assert_cmpint (g_lstat (target, &st), ==, 0);
      g_assert_true (S_ISREG (st.st_mode));
      g_assert_cmpint (st.st_mode & 0777, ==, modes[i]);
      g_assert_true (g_file_get_contents (target, &written, NULL, &error));
      g_assert_cmpstr (written, ==, canonical);
    }

  /* a save that cannot happen names the file and the reason */
  {
    g_autofree char *loop = g_build_filename (dir, "loop.orr", NULL);

    g_assert_cmpint (symlink ("loop.orr", loop), ==, 0);
    g_assert_false (orr_model_save_file (model, loop, &error));
    g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_WRITE);
    assert_contains (error->message, "loop.orr: could not save the model: ");
    g_clear_error (&error);
  }
  orr_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/hostile/dtd-refused", test_dtd_refused);
  g_test_add_func ("/io/hostile/undeclared-entity", test_undeclared_entity_refused);
  g_test_add_func ("/io/hostile/nesting-limit", test_nesting_limit);
  g_test_add_func ("/io/hostile/not-regular-files", test_not_regular_files);
  g_test_add_func ("/io/save/link-and-mode", test_save_link_and_mode);
  return g_test_run ();
}
