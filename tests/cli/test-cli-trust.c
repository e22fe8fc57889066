/* test-cli-trust.c: where the files a model writes may go (ToCSV, ToMat:
 * the engine's one rule, orr_block_open_output_file), and where the
 * relative names of the files it reads start, through orrery-sim
 * run from another folder than the model's (docs/reliability.md, "What a
 * model may touch").
 *
 * Without --trust: a relative name lands in the model's folder; a run
 * creates files there or below and replaces the ones an earlier run
 * created, but not a file it did not create, not a name outside the
 * folder (.., absolute), not through a symbolic link (to a file or a
 * folder); never the model itself. With --trust the names are taken as
 * given, still never the model. Every refusal exits 1, names the block and
 * the file, and leaves the file as it was. The user cache (the list of
 * written files) is a temporary XDG_CACHE_HOME. */
#include <glib.h>
#include <glib/gstdio.h>

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *tmp_dir;   /* everything of the test */
static char *model_dir; /* the model's folder, inside tmp_dir */
static char *work_dir;  /* where orrery-sim runs, inside tmp_dir */

#define PRECIOUS "precious: not written by the model\n"

typedef struct
{
  int status;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

#define assert_contains(haystack, needle)                                                          \
  G_STMT_START                                                                                     \
  {                                                                                                \
    if (strstr ((haystack), (needle)) == NULL)                                                     \
      g_error ("expected '%s' in:\n%s", (needle), (haystack));                                     \
  }                                                                                                \
  G_STMT_END

/* Saves text as the model path and runs it with orrery-sim from work_dir. */
static void
run_text (Run *r, const char *path, const char *text, gboolean trust)
{
  g_autoptr (GError) error = NULL;
  const char *argv[] = { g_getenv ("ORRERY_SIM"), "-q", path, trust ? "--trust" : NULL, NULL };
  int wait_status;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_true (g_spawn_sync (work_dir, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, &r->err, &wait_status, &error));
  g_assert_no_error (error);
  g_test_message ("orrery-sim %s (%s): %s", path, trust ? "trusted" : "untrusted", r->err);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
}

/* A Constant 2 into a writer (ToCSV or ToMat) whose file parameter is
 * file (an expression, quoted inside), saved as model_dir/name and run
 * from work_dir. */
static void
run_writer (Run *r, const char *name, const char *type, const char *file, gboolean trust)
{
  g_autofree char *path = g_build_filename (model_dir, name, NULL);
  g_autofree char *escaped = g_markup_escape_text (file, -1);
  g_autofree char *text = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"
    "  <settings final=\"1\"/>\n  <diagram>\n"
    "    <block id=\"c\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"
    "      <param name=\"value\">2</param>\n      <ports out=\"1\"/>\n    </block>\n"
    "    <block id=\"Writer\" type=\"%s\" x=\"100\" y=\"0\" width=\"40\" "
    "height=\"40\">\n"
    "      <param name=\"file\">%s</param>\n      <ports in=\"1\"/>\n    </block>\n"
    "    <link id=\"l\" kind=\"regular\" from=\"c\" from-port=\"1\" to=\"Writer\" to-port=\"1\"/>\n"
    "  </diagram>\n</orrery>\n",
    type, escaped);

  run_text (r, path, text, trust);
}

static char *
contents_of (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static void
write_precious (const char *path)
{
  g_assert_true (g_file_set_contents (path, PRECIOUS, -1, NULL));
}

/* A refused run: exit 1, the block and the file named, and the file
 * still PRECIOUS (or still absent). */
static void
assert_refused (Run *r, const char *file_shown, const char *why, const char *untouched,
                gboolean existed)
{
  g_autofree char *text = contents_of (untouched);

  g_assert_cmpint (r->status, ==, 1);
  assert_contains (r->err, "Writer");
  assert_contains (r->err, file_shown);
  assert_contains (r->err, why);
  if (existed)
    g_assert_cmpstr (text, ==, PRECIOUS);
  else
    g_assert_null (text);
}

/* A relative name lands in the model's folder, not the working folder;
 * the second run replaces the file the first one created. */
static void
test_relative_and_own_files (void)
{
  g_autofree char *in_model = g_build_filename (model_dir, "out.csv", NULL);
  g_autofree char *in_work = g_build_filename (work_dir, "out.csv", NULL);
  g_autofree char *sub = g_build_filename (model_dir, "results", NULL);
  g_autofree char *in_sub = g_build_filename (sub, "deep.csv", NULL);
  g_autofree char *text = NULL;

  for (int run = 0; run < 2; run++)
    {
      g_auto (Run) r = { 0 };

      run_writer (&r, "model.orr", "ToCSV", "'out.csv'", FALSE);
      g_assert_cmpint (r.status, ==, 0);
      g_free (text);
      text = contents_of (in_model);
      g_assert_nonnull (text);
      g_assert_true (g_str_has_prefix (text, "time,u1\n0,2\n"));
      g_assert_false (g_file_test (in_work, G_FILE_TEST_EXISTS));
    }

  /* below the folder: allowed, in a folder that exists */
  {
    g_auto (Run) r = { 0 };

    g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
    run_writer (&r, "model.orr", "ToCSV", "'results/deep.csv'", FALSE);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_test (in_sub, G_FILE_TEST_IS_REGULAR));
  }
}

/* A file a model reads takes a relative name from the model's folder too:
 * FromCSV 'data.csv' reads the table beside the model (the constant 5),
 * not the one in the folder orrery-sim runs in (7), and its ToCSV shows 5
 * from the start; a name that is nowhere is refused with the full name
 * under the model's folder. */
#define READER_MODEL                                                                               \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"                         \
  "  <settings final=\"1\"/>\n  <diagram>\n"                                                       \
  "    <block id=\"Data\" type=\"FromCSV\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">\n"          \
  "      <param name=\"file\">'%s'</param>\n      <param name=\"method\">1</param>\n"              \
  "      <ports out=\"1\"/>\n    </block>\n"                                                       \
  "    <block id=\"Writer\" type=\"ToCSV\" x=\"100\" y=\"0\" width=\"40\" height=\"40\">\n"        \
  "      <param name=\"file\">'read.csv'</param>\n      <ports in=\"1\"/>\n    </block>\n"         \
  "    <link id=\"l\" kind=\"regular\" from=\"Data\" from-port=\"1\" to=\"Writer\" "               \
  "to-port=\"1\"/>\n  </diagram>\n</orrery>\n"

static void
test_relative_input (void)
{
  g_autofree char *path = g_build_filename (model_dir, "reader.orr", NULL);
  g_autofree char *beside = g_build_filename (model_dir, "data.csv", NULL);
  g_autofree char *elsewhere = g_build_filename (work_dir, "data.csv", NULL);
  g_autofree char *out = g_build_filename (model_dir, "read.csv", NULL);
  g_autofree char *missing = g_build_filename (model_dir, "absent.csv", NULL);
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (beside, "time,x\n0,5\n1,5\n", -1, NULL));
  g_assert_true (g_file_set_contents (elsewhere, "time,x\n0,7\n1,7\n", -1, NULL));
  {
    g_auto (Run) r = { 0 };
    g_autofree char *with_name = g_strdup_printf (READER_MODEL, "data.csv");

    run_text (&r, path, with_name, FALSE);
    g_assert_cmpint (r.status, ==, 0);
    text = contents_of (out);
    g_assert_nonnull (text);
    g_assert_true (g_str_has_prefix (text, "time,u1\n0,5\n"));
  }
  {
    g_auto (Run) r = { 0 };
    g_autofree char *with_name = g_strdup_printf (READER_MODEL, "absent.csv");

    run_text (&r, path, with_name, FALSE);
    g_assert_cmpint (r.status, ==, 1);
    assert_contains (r.err, "Data");
    assert_contains (r.err, missing);
  }
  g_unlink (beside);
  g_unlink (elsewhere);
  g_unlink (out);
  g_unlink (path);
}

/* A file the model did not create is not replaced, whether the user put
 * it there or another model wrote it; with --trust it is. ToMat follows
 * the same rule. */
static void
test_foreign_files (void)
{
  g_autofree char *keep = g_build_filename (model_dir, "keep.csv", NULL);
  g_autofree char *other = g_build_filename (model_dir, "other.csv", NULL);
  g_autofree char *mat = g_build_filename (model_dir, "keep.mat", NULL);
  g_autofree char *text = NULL;

  {
    g_auto (Run) r = { 0 };

    write_precious (keep);
    run_writer (&r, "model.orr", "ToCSV", "'keep.csv'", FALSE);
    assert_refused (&r, keep, "no earlier run of this model wrote it", keep, TRUE);
  }
  {
    g_auto (Run) r = { 0 };

    write_precious (mat);
    run_writer (&r, "model.orr", "ToMat", "'keep.mat'", FALSE);
    assert_refused (&r, mat, "no earlier run of this model wrote it", mat, TRUE);
  }
  /* another model's file is not this model's */
  {
    g_auto (Run) a = { 0 };
    g_auto (Run) b = { 0 };

    run_writer (&a, "first.orr", "ToCSV", "'other.csv'", FALSE);
    g_assert_cmpint (a.status, ==, 0);
    g_assert_true (g_file_test (other, G_FILE_TEST_IS_REGULAR));
    run_writer (&b, "second.orr", "ToCSV", "'other.csv'", FALSE);
    g_assert_cmpint (b.status, ==, 1);
    assert_contains (b.err, "no earlier run of this model wrote it");
  }
  /* trusted: replaced */
  {
    g_auto (Run) r = { 0 };

    run_writer (&r, "model.orr", "ToCSV", "'keep.csv'", TRUE);
    g_assert_cmpint (r.status, ==, 0);
    text = contents_of (keep);
    g_assert_true (g_str_has_prefix (text, "time,u1\n"));
  }
}

/* Names outside the model's folder: "..", an absolute name, a ".." in
 * the middle; refused untrusted (nothing created), allowed trusted. */
static void
test_outside (void)
{
  g_autofree char *outside = g_build_filename (tmp_dir, "outside.csv", NULL);
  g_autofree char *absolute = g_strdup_printf ("'%s'", outside);
  const char *const names[] = { "'../outside.csv'", absolute, "'results/../../outside.csv'" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_auto (Run) r = { 0 };

      run_writer (&r, "model.orr", "ToCSV", names[i], FALSE);
      assert_refused (&r, outside, "outside the model's folder", outside, FALSE);
    }
  /* a line break in the name would slip a second name into the list of
   * written files: refused, nothing created */
  {
    g_auto (Run) r = { 0 };
    g_autofree char *first = g_build_filename (model_dir, "x", NULL);

    run_writer (&r, "model.orr", "ToCSV", "strcat(['x', char(10), 'keep2.csv'])", FALSE);
    g_assert_cmpint (r.status, ==, 1);
    assert_contains (r.err, "Writer");
    assert_contains (r.err, "control character");
    g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));
  }
  {
    g_auto (Run) r = { 0 };

    run_writer (&r, "model.orr", "ToCSV", "'../outside.csv'", TRUE);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_test (outside, G_FILE_TEST_IS_REGULAR));
    g_remove (outside);
  }
}

/* A symbolic link as the file, or as a folder on the way, even one the
 * earlier run's list names: never written through untrusted. */
static void
test_symlinks (void)
{
  g_autofree char *target = g_build_filename (tmp_dir, "bashrc", NULL);
  g_autofree char *link = g_build_filename (model_dir, "link.csv", NULL);
  g_autofree char *own = g_build_filename (model_dir, "own.csv", NULL);
  g_autofree char *away = g_build_filename (tmp_dir, "away", NULL);
  g_autofree char *dir_link = g_build_filename (model_dir, "linked", NULL);
  g_autofree char *through = g_build_filename (away, "x.csv", NULL);

  write_precious (target);
  g_assert_cmpint (symlink (target, link), ==, 0);
  {
    g_auto (Run) r = { 0 };

    run_writer (&r, "model.orr", "ToCSV", "'link.csv'", FALSE);
    assert_refused (&r, link, "symbolic link", target, TRUE);
  }
  /* a file the model wrote, replaced by a link afterwards */
  {
    g_auto (Run) a = { 0 };
    g_auto (Run) b = { 0 };

    run_writer (&a, "model.orr", "ToCSV", "'own.csv'", FALSE);
    g_assert_cmpint (a.status, ==, 0);
    g_assert_cmpint (g_remove (own), ==, 0);
    g_assert_cmpint (symlink (target, own), ==, 0);
    run_writer (&b, "model.orr", "ToCSV", "'own.csv'", FALSE);
    assert_refused (&b, own, "symbolic link", target, TRUE);
  }
  /* a folder on the way */
  g_assert_cmpint (g_mkdir (away, 0700), ==, 0);
  g_assert_cmpint (symlink (away, dir_link), ==, 0);
  {
    g_auto (Run) r = { 0 };

    run_writer (&r, "model.orr", "ToCSV", "'linked/x.csv'", FALSE);
    assert_refused (&r, "linked/x.csv", "symbolic link", through, FALSE);
  }
}

/* The model itself: by its name, through "./", and (trusted) through a
 * link to it; the model stays as it was. */
static void
test_model_itself (void)
{
  g_autofree char *model = g_build_filename (model_dir, "self.orr", NULL);
  g_autofree char *alias = g_build_filename (tmp_dir, "alias.orr", NULL);
  g_autofree char *alias_expr = g_strdup_printf ("'%s'", alias);
  const char *const names[] = { "'self.orr'", "'./self.orr'" };

  for (int trust = 0; trust < 2; trust++)
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_auto (Run) r = { 0 };
        g_autofree char *after = NULL;

        run_writer (&r, "self.orr", "ToCSV", names[i], trust);
        after = contents_of (model);
        g_assert_cmpint (r.status, ==, 1);
        assert_contains (r.err, "Writer");
        assert_contains (r.err, "the model's own file");
        g_assert_true (g_str_has_prefix (after, "<?xml"));
      }
  g_assert_cmpint (symlink (model, alias), ==, 0);
  {
    g_auto (Run) r = { 0 };
    g_autofree char *after = NULL;

    run_writer (&r, "self.orr", "ToCSV", alias_expr, TRUE);
    after = contents_of (model);
    g_assert_cmpint (r.status, ==, 1);
    assert_contains (r.err, "the model's own file");
    g_assert_true (g_str_has_prefix (after, "<?xml"));
  }
}

int
main (int argc, char **argv)
{
  g_autofree char *cache = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("orrery-trust-XXXXXX", NULL);
  model_dir = g_build_filename (tmp_dir, "models", NULL);
  work_dir = g_build_filename (tmp_dir, "work", NULL);
  cache = g_build_filename (tmp_dir, "cache", NULL);
  g_assert_cmpint (g_mkdir (model_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (work_dir, 0700), ==, 0);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("ORRERY_FMU_CACHE", cache, TRUE);

  g_test_add_func ("/cli/trust/relative-and-own-files", test_relative_and_own_files);
  g_test_add_func ("/cli/trust/relative-input", test_relative_input);
  g_test_add_func ("/cli/trust/foreign-files", test_foreign_files);
  g_test_add_func ("/cli/trust/outside", test_outside);
  g_test_add_func ("/cli/trust/symlinks", test_symlinks);
  g_test_add_func ("/cli/trust/model-itself", test_model_itself);
  status = g_test_run ();

  {
    const char *argv_rm[] = { "rm", "-rf", tmp_dir, NULL };
    g_spawn_sync (NULL, (char **)argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
  g_free (tmp_dir);
  g_free (model_dir);
  g_free (work_dir);
  return status;
}
