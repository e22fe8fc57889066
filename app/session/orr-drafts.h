/* orr-drafts.h: autosaved drafts of modified models, and recovering them
 * after a crash.
 *
 * An OrrDraft watches one model. A while after the first unsaved change
 * (30 s in the app) it writes the model to the drafts folder, and again
 * after later changes, at most once per interval; when the model is saved,
 * or undone back to its saved state, or closed on purpose, the draft goes
 * away. A draft that is still there at the next start means the app did
 * not close normally: the app offers to recover it.
 *
 * No GTK here: the app shows the choices, this file keeps the files.
 */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

#define ORR_TYPE_DRAFT (orr_draft_get_type ())
G_DECLARE_FINAL_TYPE (OrrDraft, orr_draft, ORR, DRAFT, GObject)

/* $XDG_STATE_HOME/orrery/drafts, or $ORRERY_DRAFTS_DIR when set (tests). */
char *orr_drafts_default_dir (void);

/* Starts watching model; drafts go to dir, written interval_ms after the
 * first unsaved change. */
OrrDraft *orr_draft_new (OrrModel *model, const char *dir, guint interval_ms);
/* The file the model was opened from or saved to (NULL: untitled). */
void orr_draft_set_file (OrrDraft *draft, const char *path);
/* Writes the draft now if the model has unsaved changes. */
gboolean orr_draft_flush (OrrDraft *draft, GError **error);
/* Removes the draft: the model was saved or closed on purpose. */
void orr_draft_discard (OrrDraft *draft);
/* Where the draft is written (it may not exist yet). */
const char *orr_draft_get_path (OrrDraft *draft);

/* A draft left behind by a session that did not end normally. */
typedef struct
{
  char *path;      /* the draft's .orr */
  char *file;      /* the model's own file, NULL if it was untitled */
  GDateTime *time; /* when the draft was written */
} OrrDraftInfo;

void orr_draft_info_free (OrrDraftInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrDraftInfo, orr_draft_info_free)

/* The drafts in dir that no running Orrery owns, newest first. */
GPtrArray *orr_drafts_list_orphans (const char *dir);
/* Loads a draft as a modified model (its file set by the caller from
 * info->file). */
OrrModel *orr_draft_info_load (const OrrDraftInfo *info, GError **error);
/* Deletes a draft and its description. */
void orr_draft_info_delete (const OrrDraftInfo *info);

G_END_DECLS
