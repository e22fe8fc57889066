/* orr-library.h: user libraries of blocks, and the references models keep
 * to them.
 *
 * A library is a folder: a library.xml (name, key, version, description,
 * locked flag, palettes) and one block file (.orrb, the model format's
 * <block> element) per block, in a folder tree whose relative path is the
 * block's reference path ("mechanics/Ball"). docs/library.md describes the
 * layout and the files.
 *
 * A block placed from a library carries an OrrLibraryRef (orr-model.h) and
 * also its whole content, so a model opens and runs where the library is
 * missing. The copy stored in the model is authoritative: resolving a model
 * against the installed libraries only reports, and a block changes only
 * when orr_model_update_library_block() is called for it.
 */
#pragma once

#include <orrery/orr-model.h>

G_BEGIN_DECLS

#define ORR_LIBRARY_ERROR (orr_library_error_quark ())
GQuark orr_library_error_quark (void);

typedef enum
{
  ORR_LIBRARY_ERROR_READ,         /* a file could not be read */
  ORR_LIBRARY_ERROR_WRITE,        /* a file could not be written; the old one is intact */
  ORR_LIBRARY_ERROR_INVALID,      /* library.xml or a name is not valid */
  ORR_LIBRARY_ERROR_LOCKED,       /* the library is locked (released): read-only */
  ORR_LIBRARY_ERROR_NOT_FOUND,    /* no such block in the library */
  ORR_LIBRARY_ERROR_INCOMPATIBLE, /* would break models that use the library */
} OrrLibraryError;

#define ORR_LIBRARY_FILE "library.xml"
#define ORR_LIBRARY_BLOCK_SUFFIX ".orrb"
/* The version of library.xml's format (not of the library). */
#define ORR_LIBRARY_FORMAT_VERSION "1.0"

#define ORR_TYPE_LIBRARY (orr_library_get_type ())
G_DECLARE_FINAL_TYPE (OrrLibrary, orr_library, ORR, LIBRARY, GObject)

/* Makes dir (created if needed, and holding no library yet) a new library
 * at version "1.0", unlocked, without blocks. key NULL: a random UUID. */
OrrLibrary *orr_library_create (const char *dir, const char *name, const char *key, GError **error);
OrrLibrary *orr_library_open (const char *dir, GError **error);

const char *orr_library_get_dir (OrrLibrary *library);
const char *orr_library_get_key (OrrLibrary *library);
const char *orr_library_get_name (OrrLibrary *library);
const char *orr_library_get_version (OrrLibrary *library);
const char *orr_library_get_description (OrrLibrary *library); /* "" when none */
gboolean orr_library_set_description (OrrLibrary *library, const char *description, GError **error);

/* A locked library is released: blocks, palettes, description and version
 * cannot change until it is unlocked. */
gboolean orr_library_is_locked (OrrLibrary *library);
gboolean orr_library_set_locked (OrrLibrary *library, gboolean locked, GError **error);

/* Saves a copy of block (a masked super block or a single configured
 * block) as path ("mechanics/Ball"), replacing a block of that path. The
 * copy is placed at (0, 0) and loses any library reference of its own. A
 * block new to the library is appended to the last palette (one named
 * after the library is made if there is none). */
gboolean orr_library_add_block (OrrLibrary *library, const char *path, OrrBlock *block,
                                GError **error);
/* Removes the block file, its icon and its palette entries. */
gboolean orr_library_remove_block (OrrLibrary *library, const char *path, GError **error);
/* Every block path, sorted. */
char **orr_library_list_blocks (OrrLibrary *library);
gboolean orr_library_has_block (OrrLibrary *library, const char *path);
/* A detached copy of the block, with the ids of its file and a library
 * reference to this library and version. */
OrrBlock *orr_library_load_block (OrrLibrary *library, const char *path, GError **error);
/* The icon file next to the block file (path.svg or path.png), NULL if
 * there is none. */
char *orr_library_get_block_icon (OrrLibrary *library, const char *path);
/* Copies icon_file (.svg or .png) next to the block file as its icon,
 * replacing the one there; NULL removes the icon. */
gboolean orr_library_set_block_icon (OrrLibrary *library, const char *path, const char *icon_file,
                                     GError **error);
/* Inserts a copy of the block into diagram at (x, y), with fresh ids and a
 * library reference, in one undo step. Returns the new block (owned by the
 * model). */
OrrBlock *orr_library_place_block (OrrLibrary *library, const char *path, OrrModel *model,
                                   OrrDiagram *diagram, double x, double y, GError **error);

/* Copies the library folder (library.xml, blocks, icons) into dir, which
 * must not hold a library, and opens the copy unlocked: where a released
 * library's next version is made (then checked with new_version against
 * the original). */
OrrLibrary *orr_library_copy_to (OrrLibrary *library, const char *dir, GError **error);

/* Makes the library's current content version `version` (greater than
 * its own and previous's). previous, if not NULL, is the released
 * library this one succeeds (same key): every block of it and every
 * parameter of those blocks must still be there, or the new version is
 * refused with an error listing each ("mechanics/Ball: parameter 'e' was
 * removed"). Refused while locked. */
gboolean orr_library_new_version (OrrLibrary *library, const char *version, OrrLibrary *previous,
                                  GError **error);

/* Palettes: ordered, named groups of block paths; what the palette browser
 * shows. A block may be in no palette (a support block). */
guint orr_library_get_n_palettes (OrrLibrary *library);
const char *orr_library_get_palette_name (OrrLibrary *library, guint index);
const char *const *orr_library_get_palette_blocks (OrrLibrary *library, guint index);
/* Replaces all palettes: names[i] lists blocks[i] (NULL-terminated), for
 * n_palettes palettes. Every path must be a block of the library. */
gboolean orr_library_set_palettes (OrrLibrary *library, const char *const *names,
                                   const char *const *const *blocks, guint n_palettes,
                                   GError **error);

/* "major.minor" versions. */
gboolean orr_library_version_parse (const char *version, guint *major, guint *minor);
/* <0, 0, >0 like strcmp; unparsable versions sort first. */
int orr_library_version_compare (const char *a, const char *b);

/* The libraries a model can be resolved against. */
typedef struct _OrrLibrarySet OrrLibrarySet;

OrrLibrarySet *orr_library_set_new (void);
void orr_library_set_free (OrrLibrarySet *set);
/* Adds the library in dir, or every library in dir's subfolders. What
 * cannot be read is reported in warnings (of char*, may be NULL); a
 * folder that does not exist is reported unless quiet_if_missing. */
void orr_library_set_add_folder (OrrLibrarySet *set, const char *dir, gboolean quiet_if_missing,
                                 GPtrArray *warnings);
/* $XDG_DATA_HOME/orrery/libraries, quiet when missing. */
void orr_library_set_add_default_folders (OrrLibrarySet *set, GPtrArray *warnings);
/* Of OrrLibrary*, in the order they were added. */
GPtrArray *orr_library_set_get_libraries (OrrLibrarySet *set);
/* The library with this key; of several, the highest version. */
OrrLibrary *orr_library_set_lookup (OrrLibrarySet *set, const char *key);
/* Checks every block of the model that refers to a library. Nothing in
 * the model changes: the stored copies stay what runs. Each block whose
 * library is missing, lacks the block, or has another version adds a
 * message to warnings (of char*, may be NULL) naming the block by its
 * path ("Plant/Ball: library 'mech' not found; using the copy stored in
 * the model"). Returns the number of referring blocks. */
guint orr_library_set_resolve (OrrLibrarySet *set, OrrModel *model, GPtrArray *warnings);

/* Replaces the content of block (which refers to library) by the
 * library's current version of it: diagram, context, mask, ports and
 * parameters it does not set; the block keeps its id, label, place and
 * the values of its parameters. One undo step. Refused, with nothing
 * changed, when the library's version lacks a parameter the block sets. */
gboolean orr_model_update_library_block (OrrModel *model, OrrBlock *block, OrrLibrary *library,
                                         GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrLibrarySet, orr_library_set_free)

G_END_DECLS
