/* orr-io.h: model files (.orr) and clipboard fragments.
 *
 * The format is described in docs/file-format.md. Loading either returns a
 * complete model or fails with an error that names the file, the line and
 * what was expected; it never half-loads silently. Saving is atomic: the
 * previous file survives any failure.
 */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

#define ORR_IO_ERROR (orr_io_error_quark ())
GQuark orr_io_error_quark (void);

typedef enum
{
  ORR_IO_ERROR_READ,    /* the file could not be read */
  ORR_IO_ERROR_WRITE,   /* the file could not be written; the old one is intact */
  ORR_IO_ERROR_SYNTAX,  /* not well-formed XML */
  ORR_IO_ERROR_VERSION, /* a format version this build cannot read */
  ORR_IO_ERROR_INVALID, /* well-formed, but not a valid model */
} OrrIoError;

/* The version written to the root element. Files with a higher major
 * version are refused. */
#define ORR_FILE_FORMAT_VERSION "1.0"

/* Larger model files are refused before they are read (libxml2 reads at
 * most 2 GiB from memory). */
#define ORR_MAX_MODEL_FILE_BYTES ((gsize)G_MAXINT)

/**
 * orr_model_load_file: (constructor)
 * @path: (type filename): the .orr file
 * @error: where a failure names the file, the line and what was expected
 *
 * Returns: (transfer full): the model, or %NULL with @error set
 */
OrrModel *orr_model_load_file (const char *path, GError **error);
/* Checks settings as a whole: finite times with final not before start,
 * tolerances and steps finite and not negative (max-step may be negative,
 * "no limit", except for a fixed-step solver), a known solver. Loading
 * a file checks its settings; the command line checks its overrides. */
gboolean orr_settings_check (const OrrSettings *settings, GError **error);
/* display_name is used in messages in place of a file name. */
/**
 * orr_model_load_data: (constructor)
 * @data: (array length=length) (element-type guint8): the file's content
 * @length: its length in bytes
 * @display_name: what messages call it in place of a file name
 * @error: where a failure says why
 *
 * Returns: (transfer full): the model, or %NULL with @error set
 */
OrrModel *orr_model_load_data (const char *data, gsize length, const char *display_name,
                               GError **error);
/**
 * orr_model_save_to_data:
 * @model: a model
 * @length: (out): the length in bytes
 *
 * Returns: (transfer full) (array length=length) (element-type guint8): the
 *   file's content, as orr_model_save_file() writes it
 */
char *orr_model_save_to_data (OrrModel *model, gsize *length);
/* Atomic; the replaced file is kept as path~ (when it differs). */
/**
 * orr_model_save_file:
 * @model: a model
 * @path: (type filename): where to write
 * @error: where a failure says why
 *
 * Returns: %TRUE on success
 */
gboolean orr_model_save_file (OrrModel *model, const char *path, GError **error);

/* Clipboard fragments: the given blocks of one diagram, with the links that
 * join them, as a small XML document. */
char *orr_fragment_serialize (OrrBlock *const *blocks, guint n_blocks, gsize *length);
/* Inserts a fragment into diagram in one undoable step, with fresh ids,
 * offset by (dx, dy). The new blocks are added to new_blocks if not NULL. */
gboolean orr_fragment_paste (OrrModel *model, OrrDiagram *diagram, const char *data, gsize length,
                             double dx, double dy, GPtrArray *new_blocks, GError **error);

/* Block files: one block (with its whole diagram, mask and library
 * reference) as an <orrery-block> document, in the model format's block
 * element. User libraries keep their blocks this way (docs/library.md).
 * Loading returns a detached block with the ids of the file. */
char *orr_block_save_to_data (const OrrBlock *block, gsize *length);
OrrBlock *orr_block_load_data (const char *data, gsize length, const char *display_name,
                               GError **error);

/* Deletes path and, when it is a folder, everything in it (a symbolic
 * link is removed, never followed). Best effort: what cannot be removed
 * stays. For folders the program made itself (an unpacked FMU, a library
 * version that failed half-way). */
void orr_remove_tree (const char *path);

/* The shortest text that reads back as exactly the same double. */
char *orr_format_double (double value);

G_END_DECLS
