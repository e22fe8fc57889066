/* orr-drafts.c: autosaved drafts and crash recovery (see orr-drafts.h).
 *
 * A draft is two files in the drafts folder: NAME.orr, the model as the
 * model writer saves it, and NAME.draft, a key file saying whose draft it
 * is (the process, the model's own file, when it was written). Both are
 * written atomically, the description last, so a crash while writing
 * leaves either the previous draft or none, never half of one.
 */
#include "orr-drafts.h"

#include <errno.h>
/* gi18n.h, not gi18n-lib.h: tests/drafts builds this file without
 * GETTEXT_PACKAGE; the editor's main() makes "orrery" the default domain. */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <orrery/orr-io.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define DRAFT_GROUP "Draft"

struct _OrrDraft
{
  GObject parent_instance;

  OrrModel *model;
  char *dir;
  char *path;      /* NAME.orr */
  char *meta_path; /* NAME.draft */
  char *file;      /* the model's own file, or NULL */
  guint interval_ms;
  guint timeout_id;
  gulong changed_id;
  gulong modified_id;
  gboolean written;
};

G_DEFINE_FINAL_TYPE (OrrDraft, orr_draft, G_TYPE_OBJECT)

char *
orr_drafts_default_dir (void)
{
  const char *env = g_getenv ("ORRERY_DRAFTS_DIR");
  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_state_dir (), "orrery", "drafts", NULL);
}

static gboolean
write_draft (OrrDraft *self, GError **error)
{
  g_autoptr (GKeyFile) meta = g_key_file_new ();
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *meta_text = NULL;
  g_autofree char *data = NULL;
  gsize length, meta_length;

  if (g_mkdir_with_parents (self->dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _ ("Cannot create the drafts folder %s: %s"), self->dir, g_strerror (saved));
      return FALSE;
    }
  data = orr_model_save_to_data (self->model, &length);
  if (!g_file_set_contents_full (self->path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 error))
    return FALSE;

  g_key_file_set_int64 (meta, DRAFT_GROUP, "pid", (gint64)getpid ());
  g_key_file_set_string (meta, DRAFT_GROUP, "time", when);
  if (self->file != NULL)
    g_key_file_set_string (meta, DRAFT_GROUP, "file", self->file);
  meta_text = g_key_file_to_data (meta, &meta_length, NULL);
  if (!g_file_set_contents_full (self->meta_path, meta_text, meta_length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
    return FALSE;
  self->written = TRUE;
  return TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  OrrDraft *self = data;
  g_autoptr (GError) error = NULL;

  self->timeout_id = 0;
  if (orr_model_get_modified (self->model) && !write_draft (self, &error))
    /* nothing better to do from a timer: the next change tries again */
    g_warning ("Could not write the draft %s: %s", self->path, error->message);
  return G_SOURCE_REMOVE;
}

/* A write interval_ms from now, unless one is already due. */
static void
schedule_write (OrrDraft *self)
{
  if (self->timeout_id == 0)
    self->timeout_id = g_timeout_add (self->interval_ms, on_timeout, self);
}

static void
on_changed (OrrModel *model, gpointer change, gpointer data)
{
  OrrDraft *self = data;

  /* The first unsaved change starts the clock; later ones ride along, so
   * a steady stream of edits still gets a draft every interval. */
  if (orr_model_get_modified (model))
    schedule_write (self);
}

static void
on_modified (GObject *object, GParamSpec *pspec, gpointer data)
{
  OrrDraft *self = data;

  if (!orr_model_get_modified (self->model))
    {
      /* saved, or undone back to what the file holds */
      g_clear_handle_id (&self->timeout_id, g_source_remove);
      orr_draft_discard (self);
    }
  else
    schedule_write (self);
}

static void
orr_draft_dispose (GObject *object)
{
  OrrDraft *self = ORR_DRAFT (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->model);
      g_clear_signal_handler (&self->modified_id, self->model);
      g_clear_object (&self->model);
    }
  G_OBJECT_CLASS (orr_draft_parent_class)->dispose (object);
}

static void
orr_draft_finalize (GObject *object)
{
  OrrDraft *self = ORR_DRAFT (object);

  g_free (self->dir);
  g_free (self->path);
  g_free (self->meta_path);
  g_free (self->file);
  G_OBJECT_CLASS (orr_draft_parent_class)->finalize (object);
}

static void
orr_draft_class_init (OrrDraftClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = orr_draft_dispose;
  object_class->finalize = orr_draft_finalize;
}

static void
orr_draft_init (OrrDraft *self)
{
}

OrrDraft *
orr_draft_new (OrrModel *model, const char *dir, guint interval_ms)
{
  OrrDraft *self;
  g_autofree char *uuid = g_uuid_string_random ();

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (dir != NULL, NULL);

  self = g_object_new (ORR_TYPE_DRAFT, NULL);
  self->model = g_object_ref (model);
  self->dir = g_strdup (dir);
  self->path = g_strdup_printf ("%s/%s.orr", dir, uuid);
  self->meta_path = g_strdup_printf ("%s/%s.draft", dir, uuid);
  self->interval_ms = MAX (interval_ms, 1);
  self->changed_id = g_signal_connect (model, "changed", G_CALLBACK (on_changed), self);
  self->modified_id = g_signal_connect (model, "notify::modified", G_CALLBACK (on_modified), self);
  /* a recovered model is modified from the start */
  if (orr_model_get_modified (model))
    schedule_write (self);
  return self;
}

void
orr_draft_set_file (OrrDraft *self, const char *path)
{
  g_return_if_fail (ORR_IS_DRAFT (self));
  g_free (self->file);
  self->file = g_strdup (path);
}

gboolean
orr_draft_flush (OrrDraft *self, GError **error)
{
  g_return_val_if_fail (ORR_IS_DRAFT (self), FALSE);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (!orr_model_get_modified (self->model))
    return TRUE;
  return write_draft (self, error);
}

void
orr_draft_discard (OrrDraft *self)
{
  g_return_if_fail (ORR_IS_DRAFT (self));
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (!self->written)
    return;
  /* the description first: without it the model file is not a draft */
  g_unlink (self->meta_path);
  g_unlink (self->path);
  self->written = FALSE;
}

const char *
orr_draft_get_path (OrrDraft *self)
{
  g_return_val_if_fail (ORR_IS_DRAFT (self), NULL);
  return self->path;
}

/* ---- recovery ------------------------------------------------------------ */

void
orr_draft_info_free (OrrDraftInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->file);
  g_clear_pointer (&info->time, g_date_time_unref);
  g_free (info);
}

/* TRUE when pid is a running Orrery (this process included): its drafts
 * are still being written and are not orphans to offer. */
static gboolean
owner_alive (gint64 pid)
{
  g_autofree char *exe_link = NULL;
  g_autofree char *target = NULL;
  g_autofree char *base = NULL;

  if (pid == (gint64)getpid ())
    return TRUE;
  if (pid <= 0)
    return FALSE;
  exe_link = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/exe", pid);
  target = g_file_read_link (exe_link, NULL);
  if (target == NULL)
    return FALSE; /* gone (or not ours to inspect: then not an Orrery of this user) */
  base = g_path_get_basename (target);
  /* a pid reused by another program after a crash does not hold drafts */
  return g_str_has_prefix (base, "orrery");
}

static char *
draft_model_path (const char *meta_path)
{
  g_autofree char *stem = g_strndup (meta_path, strlen (meta_path) - strlen (".draft"));
  return g_strconcat (stem, ".orr", NULL);
}

static gint
newest_first (gconstpointer a, gconstpointer b)
{
  const OrrDraftInfo *x = *(OrrDraftInfo *const *)a;
  const OrrDraftInfo *y = *(OrrDraftInfo *const *)b;
  return g_date_time_compare (y->time, x->time);
}

GPtrArray *
orr_drafts_list_orphans (const char *dir)
{
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_draft_info_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return found;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autoptr (GKeyFile) meta = g_key_file_new ();
      g_autofree char *meta_path = NULL;
      g_autofree char *model_path = NULL;
      g_autofree char *when = NULL;
      OrrDraftInfo *info;

      if (!g_str_has_suffix (name, ".draft"))
        continue;
      meta_path = g_build_filename (dir, name, NULL);
      model_path = draft_model_path (meta_path);
      if (!g_key_file_load_from_file (meta, meta_path, G_KEY_FILE_NONE, NULL)
          || !g_file_test (model_path, G_FILE_TEST_IS_REGULAR))
        continue;
      if (owner_alive (g_key_file_get_int64 (meta, DRAFT_GROUP, "pid", NULL)))
        continue;

      info = g_new0 (OrrDraftInfo, 1);
      info->path = g_steal_pointer (&model_path);
      info->file = g_key_file_get_string (meta, DRAFT_GROUP, "file", NULL);
      when = g_key_file_get_string (meta, DRAFT_GROUP, "time", NULL);
      info->time = when ? g_date_time_new_from_iso8601 (when, NULL) : NULL;
      if (info->time == NULL)
        info->time = g_date_time_new_from_unix_utc (0);
      g_ptr_array_add (found, info);
    }
  g_ptr_array_sort (found, newest_first);
  return found;
}

OrrModel *
orr_draft_info_load (const OrrDraftInfo *info, GError **error)
{
  OrrModel *model = orr_model_load_file (info->path, error);
  if (model != NULL)
    orr_model_set_unsaved (model);
  return model;
}

void
orr_draft_info_delete (const OrrDraftInfo *info)
{
  g_autofree char *stem = g_strndup (info->path, strlen (info->path) - strlen (".orr"));
  g_autofree char *meta_path = g_strconcat (stem, ".draft", NULL);

  g_unlink (meta_path);
  g_unlink (info->path);
}
