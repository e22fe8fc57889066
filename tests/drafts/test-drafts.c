/* test-drafts.c: autosaved drafts (app/session/orr-drafts.c): written a while after
 * a change and not before, equal to the model, gone when the model is
 * saved or undone to its saved state, and offered for recovery only when
 * the process that wrote them is gone. */
#include "orr-drafts.h"

#include <glib/gstdio.h>
#include <orrery/orr-io.h>
#include <sys/wait.h>

typedef struct
{
  char *dir;
  OrrModel *model;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("orrery-drafts-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->model = orr_model_new ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autoptr (GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_object_unref (f->model);
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static OrrBlock *
add_gain (OrrModel *model, double x)
{
  OrrRect r = { x, 0, 40, 40 };
  return orr_model_add_block (model, orr_model_get_root (model), "Gain", &r);
}

static char *
dump (OrrModel *model)
{
  gsize length;
  return orr_model_save_to_data (model, &length);
}

static char *
meta_of (const char *draft_path)
{
  g_autofree char *stem = g_strndup (draft_path, strlen (draft_path) - 4);
  return g_strconcat (stem, ".draft", NULL);
}

/* Rewrites the draft's owner as a process that has exited: what a crash
 * leaves behind. */
static void
orphan (const char *draft_path)
{
  g_autofree char *meta_path = meta_of (draft_path);
  g_autoptr (GKeyFile) meta = g_key_file_new ();
  const char *argv[] = { "/bin/true", NULL };
  GPid pid;
  int status;

  g_assert_true (
    g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL));
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (g_key_file_load_from_file (meta, meta_path, G_KEY_FILE_NONE, NULL));
  g_key_file_set_int64 (meta, "Draft", "pid", pid);
  g_assert_true (g_key_file_save_to_file (meta, meta_path, NULL));
}

static void
test_written_after_interval (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrDraft) draft = orr_draft_new (f->model, f->dir, 200);
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;

  add_gain (f->model, 0);
  /* not at once: a draft per keystroke would be a disk write per edit */
  spin (50);
  g_assert_false (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
  /* edits during the interval do not push it back */
  add_gain (f->model, 60);
  spin (400);
  g_assert_true (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
  expected = dump (f->model);
  g_assert_true (g_file_get_contents (orr_draft_get_path (draft), &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
}

static void
test_gone_when_saved_or_undone (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrDraft) draft = orr_draft_new (f->model, f->dir, 10);
  g_autofree char *meta_path = meta_of (orr_draft_get_path (draft));

  add_gain (f->model, 0);
  spin (100);
  g_assert_true (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
  orr_model_set_saved (f->model);
  g_assert_false (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (meta_path, G_FILE_TEST_EXISTS));

  /* a change after the save, then undone back to the saved state */
  add_gain (f->model, 60);
  spin (100);
  g_assert_true (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
  g_assert_true (orr_model_undo (f->model));
  g_assert_false (orr_model_get_modified (f->model));
  g_assert_false (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
  spin (100);
  g_assert_false (g_file_test (orr_draft_get_path (draft), G_FILE_TEST_EXISTS));
}

static void
test_recovery (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrDraft) draft = orr_draft_new (f->model, f->dir, 10);
  g_autoptr (GPtrArray) live = NULL;
  g_autoptr (GPtrArray) orphans = NULL;
  g_autoptr (OrrModel) recovered = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  OrrDraftInfo *info;

  orr_draft_set_file (draft, "/home/someone/plant.orr");
  add_gain (f->model, 0);
  orr_model_set_param (f->model, g_ptr_array_index (orr_model_get_root (f->model)->blocks, 0),
                       "gain", "3.5");
  g_assert_true (orr_draft_flush (draft, &error));
  g_assert_no_error (error);
  expected = dump (f->model);

  /* the writer is alive (it is us): nothing to recover */
  live = orr_drafts_list_orphans (f->dir);
  g_assert_cmpuint (live->len, ==, 0);

  orphan (orr_draft_get_path (draft));
  orphans = orr_drafts_list_orphans (f->dir);
  g_assert_cmpuint (orphans->len, ==, 1);
  info = g_ptr_array_index (orphans, 0);
  g_assert_cmpstr (info->path, ==, orr_draft_get_path (draft));
  g_assert_cmpstr (info->file, ==, "/home/someone/plant.orr");

  recovered = orr_draft_info_load (info, &error);
  g_assert_no_error (error);
  /* the recovered model differs from its file until saved */
  g_assert_true (orr_model_get_modified (recovered));
  got = dump (recovered);
  g_assert_cmpstr (got, ==, expected);

  orr_draft_info_delete (info);
  g_assert_false (g_file_test (info->path, G_FILE_TEST_EXISTS));
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = orr_drafts_list_orphans (f->dir);
  g_assert_cmpuint (orphans->len, ==, 0);
}

static void
test_untitled_and_discard (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrDraft) draft = orr_draft_new (f->model, f->dir, 10);
  g_autoptr (GPtrArray) orphans = NULL;

  add_gain (f->model, 0);
  spin (100);
  orphan (orr_draft_get_path (draft));
  orphans = orr_drafts_list_orphans (f->dir);
  g_assert_cmpuint (orphans->len, ==, 1);
  g_assert_null (((OrrDraftInfo *)g_ptr_array_index (orphans, 0))->file);

  /* closed on purpose ("Discard"): no draft is left */
  orr_draft_discard (draft);
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = orr_drafts_list_orphans (f->dir);
  g_assert_cmpuint (orphans->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/drafts/written-after-interval", Fixture, NULL, fixture_set_up,
              test_written_after_interval, fixture_tear_down);
  g_test_add ("/drafts/gone-when-saved-or-undone", Fixture, NULL, fixture_set_up,
              test_gone_when_saved_or_undone, fixture_tear_down);
  g_test_add ("/drafts/recovery", Fixture, NULL, fixture_set_up, test_recovery, fixture_tear_down);
  g_test_add ("/drafts/untitled-and-discard", Fixture, NULL, fixture_set_up,
              test_untitled_and_discard, fixture_tear_down);
  return g_test_run ();
}
