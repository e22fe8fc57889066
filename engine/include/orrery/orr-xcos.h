/* orr-xcos.h: opening Scilab Xcos diagrams (.zcos and .xcos).
 *
 * An Xcos diagram becomes an ordinary OrrModel: each block is looked up
 * by its interface function name in one mapping table (see docs/xcos.md)
 * and becomes the Orrery block with the same meaning, its dialog values
 * translated parameter by parameter; split blocks become fan-out, super
 * blocks keep their diagram, mask and context, and the diagram context is
 * translated from Scilab. Nothing is dropped silently: a block with no
 * counterpart stays in the diagram as a placeholder of type "Xcos.NAME"
 * (which does not compile), and everything approximated is said in the
 * import report.
 */
#pragma once

#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_XCOS_ERROR (orr_xcos_error_quark ())
GQuark orr_xcos_error_quark (void);

typedef enum
{
  ORR_XCOS_ERROR_READ,    /* the file could not be read, or is too large */
  ORR_XCOS_ERROR_ARCHIVE, /* not a readable .zcos archive */
  ORR_XCOS_ERROR_FORMAT,  /* not an Xcos diagram */
} OrrXcosError;

/* The type given to blocks that have no Orrery counterpart, followed by
 * the Xcos name: "Xcos.CMAT3D". */
#define ORR_XCOS_PLACEHOLDER_PREFIX "Xcos."

typedef struct
{
  GPtrArray *warnings;     /* of char*: "Path/Block: what was approximated or left out" */
  GPtrArray *placeholders; /* of char*: "Path/Block (NAME)", one per placeholder block */
} OrrXcosReport;

OrrXcosReport *orr_xcos_report_new (void);
void orr_xcos_report_free (OrrXcosReport *report);

/* TRUE when path ends in .zcos or .xcos (any case). */
gboolean orr_xcos_is_xcos_path (const char *path);

/* Reads a .zcos (zip) or .xcos (XML) diagram, told apart by their bytes.
 * registry (may be NULL) lets the reader give each block the ports its
 * Orrery class has for the translated parameters. report (may be NULL)
 * receives the import report. The model comes back with no undo history,
 * marked unsaved. NULL with error (naming the file) when the file is not a
 * readable Xcos diagram. */
OrrModel *orr_xcos_load_file (const char *path, OrrRegistry *registry, OrrXcosReport **report,
                              GError **error);
OrrModel *orr_xcos_load_data (const guint8 *data, gsize length, const char *display_name,
                              OrrRegistry *registry, OrrXcosReport **report, GError **error);

/* The placeholders' paths in model, NULL-terminated (empty when none):
 * such a model cannot run. */
char **orr_xcos_list_placeholders (OrrModel *model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrXcosReport, orr_xcos_report_free)

G_END_DECLS
