/* orr-model.h: the document model.
 *
 * A model is a tree of diagrams: the root diagram, and one child diagram per
 * super block. Diagrams hold blocks and links. The structures below are
 * public so that views and the file writer can read them cheaply, but they
 * are read-only outside engine/model: every change goes through the
 * OrrModel edit functions, which record an undoable operation in the current
 * transaction and tell observers through the "changed" signal.
 *
 * Identity: every block and link has an id ("b12", "l3") unique in its model
 * and kept across save and load. Links name their ends by block id and port
 * number, so they survive undo, redo and reloading without pointers.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ORR_MODEL_ERROR (orr_model_error_quark ())
GQuark orr_model_error_quark (void);

typedef enum
{
  ORR_MODEL_ERROR_NO_SUCH_PORT,
  ORR_MODEL_ERROR_INCOMPATIBLE_PORTS,
  ORR_MODEL_ERROR_PORT_TAKEN,
  ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
  ORR_MODEL_ERROR_DUPLICATE_ID,
  ORR_MODEL_ERROR_INVALID,
} OrrModelError;

/* The four kinds of block port. Regular ports sit on the sides and carry
 * data; activation ports sit on top (inputs) and bottom (outputs). */
typedef enum
{
  ORR_PORT_IN,
  ORR_PORT_OUT,
  ORR_PORT_EVENT_IN,
  ORR_PORT_EVENT_OUT,
  ORR_N_PORT_KINDS
} OrrPortKind;

typedef enum
{
  ORR_LINK_REGULAR,
  ORR_LINK_ACTIVATION,
} OrrLinkKind;

typedef enum
{
  ORR_MASK_PARAM_EXPRESSION,
  ORR_MASK_PARAM_CHOICE,
  ORR_MASK_PARAM_CHECKBOX,
} OrrMaskParamKind;

/* Super blocks nest at most this many levels (a super block in the root
 * diagram opens level 1). Loading, inserting and grouping refuse deeper
 * models, so that whatever can be edited can be saved and loaded again
 * (the file stays well inside libxml2's nesting limit). */
#define ORR_MAX_NESTING 100

/* Ports of each kind on one block, and ports of all blocks of a model
 * together: loading and compiling refuse more (a few bytes of file must
 * not ask for gigabytes of ports). */
#define ORR_MAX_BLOCK_PORTS 100000
#define ORR_MAX_PORTS 1000000
/* The most output points a variable step may be refined into (settings refine). */
#define ORR_MAX_REFINE 1000

typedef struct _OrrModel OrrModel;
typedef struct _OrrDiagram OrrDiagram;
typedef struct _OrrBlock OrrBlock;
typedef struct _OrrLink OrrLink;

typedef struct
{
  double x, y;
} OrrPoint;

typedef struct
{
  double x, y, width, height;
} OrrRect;

/* A parameter as the user typed it: the expression is evaluated only when
 * the model is compiled. */
typedef struct
{
  char *name;
  char *expr;
} OrrParam;

typedef struct
{
  char *label; /* may be NULL */
} OrrPort;

typedef struct
{
  char *name;
  char *label;
  char *default_expr;
  OrrMaskParamKind kind;
  char **choices; /* NULL-terminated, only for ORR_MASK_PARAM_CHOICE */
  gboolean tunable;
} OrrMaskParam;

typedef struct
{
  GPtrArray *params; /* of OrrMaskParam */
  char *icon_text;   /* may be NULL */
  char *description; /* may be NULL */
} OrrMask;

/* Where a block came from when it was placed from a user library (see
 * docs/library.md): the library's unique key, the block's path inside it
 * ("mechanics/Ball") and the library version it was copied from. The
 * block's own content (diagram, mask, parameters) is the authoritative
 * copy: it is what compiles and runs, also where the library is missing,
 * until the block is updated from the library. */
typedef struct
{
  char *library; /* the library's key */
  char *ref;     /* the block's path in the library */
  char *version; /* "major.minor" */
} OrrLibraryRef;

typedef struct
{
  double start_time;
  double final_time;
  char *solver; /* "auto", "cvode-bdf", ... */
  double rtol;
  double atol;
  double max_step;        /* 0: automatic, (final - start) / 100; negative: no limit;
                           * for fixed-step solvers, the step */
  double initial_step;    /* 0: the solver's own choice */
  double zc_tolerance;    /* time tolerance of zero-crossing location; 0: the solver's default */
  double realtime_factor; /* simulated seconds per wall-clock second when run in the app;
                           * 0: as fast as possible */
  gboolean solve_loops;   /* algebraic loops are solved (Newton, KINSOL) instead of refused */
  gboolean unconnected_errors; /* an unconnected data port stops the compile instead of
                                * being a warning */
  guint refine; /* output points per variable step, like Simulink's refine factor: the
                 * sinks also record at refine - 1 evenly spaced points inside each step,
                 * read off the solver's dense output; 0 or 1: at the steps only */
} OrrSettings;

struct _OrrBlock
{
  /*< read-only >*/
  char *id;
  char *type; /* block class name, "SuperBlock" for a super block */
  char *label;
  OrrRect geometry;
  int rotation;                       /* degrees: 0, 90, 180 or 270 */
  gboolean flip;                      /* mirrored about its vertical axis */
  GPtrArray *params;                  /* of OrrParam, in file order */
  GPtrArray *ports[ORR_N_PORT_KINDS]; /* of OrrPort */
  OrrDiagram *child;                  /* only for super blocks */
  OrrMask *mask;                      /* only for masked super blocks */
  GPtrArray *foreign;       /* of char*: child elements this version does not know, kept verbatim */
  GPtrArray *foreign_attrs; /* of char*: name, value, name, value... of unknown attributes */
  OrrLibraryRef *libref;    /* NULL unless placed from a library */
  OrrDiagram *parent;       /* NULL while not in a diagram */
  /*< private >*/
  gatomicrefcount ref_count;
};

/* An end of a link: the block's id, the port kind and the port number
 * counted from 1 as users see it. */
typedef struct
{
  char *block;
  OrrPortKind kind;
  guint port;
} OrrEndpoint;

struct _OrrLink
{
  /*< read-only >*/
  char *id;
  OrrLinkKind kind;
  OrrEndpoint from; /* an output (regular or activation) */
  OrrEndpoint to;   /* an input of the same kind */
  GArray *points;   /* of OrrPoint: the route's bend points */
  OrrDiagram *parent;
  /*< private >*/
  gatomicrefcount ref_count;
};

struct _OrrDiagram
{
  /*< read-only >*/
  OrrBlock *owner; /* the super block, NULL for the root diagram */
  OrrModel *model;
  char *context;      /* script, never NULL */
  GPtrArray *blocks;  /* of OrrBlock*, in drawing order */
  GPtrArray *links;   /* of OrrLink* */
  GPtrArray *foreign; /* of char*: unknown child elements, kept verbatim */
};

/* What a change signal says. One signal per primitive change, also when
 * the change comes from undo or redo. */
typedef enum
{
  ORR_CHANGE_BLOCK_ADDED,
  ORR_CHANGE_BLOCK_REMOVED,
  ORR_CHANGE_BLOCK_CHANGED,
  ORR_CHANGE_LINK_ADDED,
  ORR_CHANGE_LINK_REMOVED,
  ORR_CHANGE_LINK_CHANGED,
  ORR_CHANGE_CONTEXT_CHANGED,
  ORR_CHANGE_SETTINGS_CHANGED,
} OrrChangeKind;

typedef struct
{
  OrrChangeKind kind;
  OrrDiagram *diagram; /* where it happened (NULL for settings) */
  OrrBlock *block;     /* for block changes */
  OrrLink *link;       /* for link changes */
} OrrChange;

#define ORR_TYPE_MODEL (orr_model_get_type ())
G_DECLARE_FINAL_TYPE (OrrModel, orr_model, ORR, MODEL, GObject)

/* Model */
OrrModel *orr_model_new (void);
/**
 * orr_model_get_root:
 * @model: a model
 *
 * Returns: (transfer none): the root diagram, owned by @model
 */
OrrDiagram *orr_model_get_root (OrrModel *model);
/**
 * orr_model_get_settings:
 * @model: a model
 *
 * Returns: (transfer none): the settings, owned by @model
 */
const OrrSettings *orr_model_get_settings (OrrModel *model);
/**
 * orr_model_find_block:
 * @model: a model
 * @id: a block's id ("b12")
 *
 * Returns: (transfer none) (nullable): the block, or %NULL
 */
OrrBlock *orr_model_find_block (OrrModel *model, const char *id);
/**
 * orr_model_find_link:
 * @model: a model
 * @id: a link's id ("l3")
 *
 * Returns: (transfer none) (nullable): the link, or %NULL
 */
OrrLink *orr_model_find_link (OrrModel *model, const char *id);
/* Whether a link ends at this port of block (port counted from 1). */
gboolean orr_model_port_is_linked (OrrModel *model, OrrBlock *block, OrrPortKind kind, guint port);
/* A fresh id, "b<n>" or "l<n>", never used in this model before. */
char *orr_model_new_id (OrrModel *model, char prefix);
/* The model's context script (that of the root diagram). */
const char *orr_model_get_context (OrrModel *model);
/* Unknown children of the file's root element, of char*, kept verbatim. */
GPtrArray *orr_model_get_foreign (OrrModel *model);

/* Transactions group edits into one undo step. Edits made outside a
 * transaction form a step of their own. Transactions nest; the outermost
 * commit records the step. */
void orr_model_begin (OrrModel *model, const char *description);
void orr_model_commit (OrrModel *model);
void orr_model_rollback (OrrModel *model);

gboolean orr_model_can_undo (OrrModel *model);
gboolean orr_model_can_redo (OrrModel *model);
const char *orr_model_get_undo_description (OrrModel *model);
const char *orr_model_get_redo_description (OrrModel *model);
gboolean orr_model_undo (OrrModel *model);
gboolean orr_model_redo (OrrModel *model);
/* Forget the history, e.g. after loading a file. */
void orr_model_clear_history (OrrModel *model);

/* Modified state relative to the last orr_model_set_saved() */
gboolean orr_model_get_modified (OrrModel *model);
void orr_model_set_saved (OrrModel *model);
/* No state of the history matches the file any more (a model recovered
 * from a draft): modified until the next save. */
void orr_model_set_unsaved (OrrModel *model);

/* Edits */
/**
 * orr_model_add_block:
 * @model: a model
 * @diagram: where (orr_model_get_root(), a super block's child)
 * @type: the block class's name ("Gain")
 * @geometry: where it is drawn
 *
 * Returns: (transfer none): the new block, owned by @model
 */
OrrBlock *orr_model_add_block (OrrModel *model, OrrDiagram *diagram, const char *type,
                               const OrrRect *geometry);
/**
 * orr_model_add_super_block:
 * @model: a model
 * @diagram: where
 * @geometry: where it is drawn
 *
 * Returns: (transfer none): the new super block, owned by @model
 */
OrrBlock *orr_model_add_super_block (OrrModel *model, OrrDiagram *diagram, const OrrRect *geometry);
/* Inserts a detached block (one from orr_block_new or a file fragment).
 * Takes a reference. Fails if its id, or an id inside it, is in use, or if
 * super blocks would nest deeper than ORR_MAX_NESTING. */
gboolean orr_model_insert_block (OrrModel *model, OrrDiagram *diagram, OrrBlock *block,
                                 GError **error);
/* Removes the block and every link attached to it. */
void orr_model_remove_block (OrrModel *model, OrrBlock *block);
void orr_model_move_block (OrrModel *model, OrrBlock *block, double x, double y);
void orr_model_set_block_geometry (OrrModel *model, OrrBlock *block, const OrrRect *geometry);
void orr_model_set_block_label (OrrModel *model, OrrBlock *block, const char *label);
void orr_model_set_block_orientation (OrrModel *model, OrrBlock *block, int rotation,
                                      gboolean flip);
/* Sets (or with expr NULL removes) a parameter expression. */
void orr_model_set_param (OrrModel *model, OrrBlock *block, const char *name, const char *expr);
/* Sets the number of ports of one kind; links to ports that disappear are
 * removed. */
void orr_model_set_port_count (OrrModel *model, OrrBlock *block, OrrPortKind kind, guint count);
void orr_model_set_port_label (OrrModel *model, OrrBlock *block, OrrPortKind kind, guint port,
                               const char *label);
/* Takes ownership of mask (NULL unmasks). */
void orr_model_set_mask (OrrModel *model, OrrBlock *block, OrrMask *mask);
/* Copies ref (NULL: the block no longer refers to a library). */
void orr_model_set_block_library_ref (OrrModel *model, OrrBlock *block, const OrrLibraryRef *ref);

/**
 * orr_model_connect: (skip)
 * @model: a model
 * @diagram: where
 * @from: an output
 * @to: an input of the same kind
 * @error: where a refused link says why
 *
 * Bindings use orr_model_connect_ports().
 *
 * Returns: (transfer none): the new link, or %NULL with @error set
 */
OrrLink *orr_model_connect (OrrModel *model, OrrDiagram *diagram, const OrrEndpoint *from,
                            const OrrEndpoint *to, GError **error);
/* Inserts a detached link (from a file fragment), checking its ends. */
gboolean orr_model_insert_link (OrrModel *model, OrrDiagram *diagram, OrrLink *link,
                                GError **error);
/* Puts the blocks, links, context and foreign content of detached (built
 * with orr_diagram_append_block and _link; taken, and freed) into the
 * model's empty root diagram at once, checked as orr_model_insert_block
 * and orr_model_insert_link check them, without history and without
 * "changed" signals: how a loader fills a model nobody watches yet
 * without an undo record per block. On failure the root stays empty. */
gboolean orr_model_take_root (OrrModel *model, OrrDiagram *detached, GError **error);
void orr_model_disconnect (OrrModel *model, OrrLink *link);
/**
 * orr_model_set_link_points:
 * @model: a model
 * @link: a link of @model
 * @points: (array length=n_points): the route's bend points
 * @n_points: how many
 */
void orr_model_set_link_points (OrrModel *model, OrrLink *link, const OrrPoint *points,
                                guint n_points);

void orr_model_set_context (OrrModel *model, OrrDiagram *diagram, const char *context);
void orr_model_set_settings (OrrModel *model, const OrrSettings *settings);

/* Levels of super blocks above diagram (0 for the root diagram), and
 * below block (0 for a plain block, 1 + the deepest block inside for a
 * super block). */
guint orr_diagram_get_depth (const OrrDiagram *diagram);
guint orr_block_get_nesting (const OrrBlock *block);

/* Moves the blocks (all in one diagram) into a new super block placed where
 * they were. Links that crossed the boundary are cut and reconnected through
 * new Input/Output and EventInput/EventOutput port blocks, numbered by the
 * position of the outside end (top to bottom, then left to right). */
/**
 * orr_model_group:
 * @model: a model
 * @blocks: (array length=n_blocks): blocks of one diagram
 * @n_blocks: how many
 * @error: where a refusal says why
 *
 * Returns: (transfer none): the new super block, or %NULL with @error set
 */
OrrBlock *orr_model_group (OrrModel *model, OrrBlock *const *blocks, guint n_blocks,
                           GError **error);
/* The reverse: the blocks inside the super block move into its diagram,
 * centred where it stood; its port blocks go and every signal that passed
 * through them is rejoined by a direct link (one driver feeding several
 * inputs gets several links). Blocks and inner links keep their ids unless
 * one is taken. One undo step. Refuses a masked super block, and one with
 * a non-blank context, since inlining would change what names its blocks
 * see. out_blocks, if not NULL, receives a reference to each moved block
 * (as orr_fragment_paste() does). */
gboolean orr_model_expand (OrrModel *model, OrrBlock *super, GPtrArray *out_blocks, GError **error);
/* Makes the super block's ports follow its port blocks: as many of a kind
 * as the highest literal "port" number inside (an expression never takes
 * ports away), labelled with the port blocks' labels (not the automatic
 * "Input3"). Links to ports that disappear go. In the current transaction. */
void orr_model_sync_super_ports (OrrModel *model, OrrBlock *super);
/* Numbers the port blocks of diagram (a super block's) 1..n per kind,
 * each number once, without gaps, in their current order (by number, then
 * drawing order); the super block's links outside follow their port (to
 * the first block of a shared number), links to ports no block stands for
 * any more go. A kind with a port numbered by an expression is left alone. */
void orr_model_renumber_ports (OrrModel *model, OrrDiagram *diagram);

/* Detached objects, for loaders and fragments. A detached block (one not
 * yet inserted in a model) may be filled in directly through its fields and
 * the helpers below; once inserted, only the edit functions change it. */
/* A block of type "SuperBlock" gets an empty child diagram. */
OrrBlock *orr_block_new (const char *id, const char *type);
/* A deep copy with the same ids, detached. */
OrrBlock *orr_block_copy (const OrrBlock *block);
void orr_block_set_ports (OrrBlock *block, OrrPortKind kind, guint count);
void orr_block_add_param (OrrBlock *block, const char *name, const char *expr);
void orr_diagram_append_block (OrrDiagram *detached, OrrBlock *block);
void orr_diagram_append_link (OrrDiagram *detached, OrrLink *link);
OrrParam *orr_param_new (const char *name, const char *expr);
void orr_param_free (OrrParam *param);
OrrPort *orr_port_new (const char *label);
void orr_port_free (OrrPort *port);
OrrBlock *orr_block_ref (OrrBlock *block);
void orr_block_unref (OrrBlock *block);
const char *orr_block_get_param (const OrrBlock *block, const char *name);
guint orr_block_get_port_count (const OrrBlock *block, OrrPortKind kind);
/* The size a new block takes for these port counts: 40 x 40, grown by 20
 * a port on the sides that need more. */
void orr_block_default_size (guint n_in, guint n_out, guint n_evin, guint n_evout, double *width,
                             double *height);
gboolean orr_block_is_super (const OrrBlock *block);

/* A free text on the diagram: a block of this type, with no ports, whose
 * parameter "text" (taken as typed, never evaluated) is drawn where it
 * stands. Moving, copying, deleting and undoing work as for blocks; the
 * compiler and the checks pass it over. */
#define ORR_ANNOTATION_TYPE "Annotation"
#define ORR_ANNOTATION_TEXT "text"
gboolean orr_block_is_annotation (const OrrBlock *block);
/* "Plant/Motor/Integrator1": labels (or ids where there is no label) from
 * the root down. */
char *orr_block_get_path (const OrrBlock *block);

OrrLink *orr_link_new (const char *id, OrrLinkKind kind, const OrrEndpoint *from,
                       const OrrEndpoint *to);
OrrLink *orr_link_copy (const OrrLink *link);
OrrLink *orr_link_ref (OrrLink *link);
void orr_link_unref (OrrLink *link);

OrrMask *orr_mask_new (void);
OrrMask *orr_mask_copy (const OrrMask *mask);
void orr_mask_free (OrrMask *mask);
OrrMaskParam *orr_mask_param_new (const char *name, const char *label, const char *default_expr);
void orr_mask_param_free (OrrMaskParam *param);

OrrLibraryRef *orr_library_ref_new (const char *library, const char *ref, const char *version);
OrrLibraryRef *orr_library_ref_copy (const OrrLibraryRef *ref);
void orr_library_ref_free (OrrLibraryRef *ref);
gboolean orr_library_ref_equal (const OrrLibraryRef *a, const OrrLibraryRef *b);

OrrDiagram *orr_diagram_new (void);
void orr_diagram_free (OrrDiagram *diagram);
OrrBlock *orr_diagram_find_block (OrrDiagram *diagram, const char *id);
/* stem followed by the first number from 1 that no block of diagram has
 * as its label ("Gain3"): what new and copied blocks are called, so that
 * paths and messages tell blocks apart. */
char *orr_diagram_new_label (OrrDiagram *diagram, const char *stem);
/* Calls func for every block in the diagram and, depth first, in its super
 * blocks' diagrams. */
void orr_diagram_foreach_block (OrrDiagram *diagram, void (*func) (OrrBlock *, gpointer),
                                gpointer data);

void orr_settings_init_default (OrrSettings *settings);
void orr_settings_copy (OrrSettings *dest, const OrrSettings *src);
void orr_settings_clear (OrrSettings *settings);

const char *orr_port_kind_to_string (OrrPortKind kind);
gboolean orr_port_kind_from_string (const char *text, OrrPortKind *kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrBlock, orr_block_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrLink, orr_link_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrMask, orr_mask_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrLibraryRef, orr_library_ref_free)

G_END_DECLS
