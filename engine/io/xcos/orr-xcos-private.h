/* orr-xcos-private.h: what the parts of the Xcos reader share.
 *
 * Scilab 5.x .zcos files keep the blocks' dialog values (exprs) and the
 * inner diagrams of compiled super blocks (CLOCK_c, STEP_FUNCTION ...)
 * in dictionary/dictionary.ser, a Java object serialization stream of
 * org.scilab.modules.types values; content.xml only names their
 * positions. orr-xcos-ser.c reads that stream into a small tree of
 * Scilab values (XsValue); Scilab 6 files carry the same values inline
 * in the XML, which the reader turns into the same tree.
 */
#pragma once

#include <orrery/orr-xcos.h>

G_BEGIN_DECLS

/* Where Scilab's files are (SCI in a dialog value's path) when $SCI is
 * not set: Debian's scilab-data. */
#define ORR_XCOS_SCILAB_DIR "/usr/share/scilab"

typedef enum
{
  XS_NULL,
  XS_STRING, /* a matrix of strings */
  XS_DOUBLE, /* a real matrix (the imaginary part is dropped) */
  XS_LIST,   /* list, tlist or mlist: items */
  XS_OTHER,  /* booleans, integers, anything else: kept as a leaf */
} XsKind;

typedef struct _XsValue XsValue;
struct _XsValue
{
  XsKind kind;
  int rows, cols;   /* XS_STRING, XS_DOUBLE */
  char **strings;   /* XS_STRING: rows*cols, column-major */
  double *doubles;  /* XS_DOUBLE: rows*cols, column-major */
  GPtrArray *items; /* XS_LIST: of XsValue* */
};

void xs_value_free (XsValue *value);
/* The dictionary.ser of a .zcos: a list of values by position. NULL with
 * error (naming display_name) on anything it cannot read. */
GPtrArray *xs_read_dictionary (const guint8 *data, gsize length, const char *display_name,
                               GError **error);
/* For a tlist/mlist, the item named field (by the header strings), or NULL. */
XsValue *xs_list_field (XsValue *list, const char *field);
/* The first header string of a tlist/mlist ("Block", "diagram"...), or NULL. */
const char *xs_list_type (XsValue *list);
/* The exprs of the first block named gui inside a scs_m diagram value
 * (searched depth first), or NULL. */
XsValue *xs_find_block_exprs (XsValue *diagram, const char *gui, int depth);
/* PID's gains [P; I; D], found inside its diagram as PID.sci finds them
 * (by what each inner gain is linked to). NULL if they are not there. */
char **xs_pid_gains (XsValue *diagram);
/* A value's entries as Scilab expressions: strings as they are, doubles
 * printed. NULL-terminated; NULL for other kinds. */
char **xs_value_to_exprs (XsValue *value);

/* The block table (orr-xcos-blocks.c). */
typedef struct
{
  const char *xcos;      /* interfaceFunctionName */
  const char *when;      /* NULL, or "N=TEXT": only when exprs N is TEXT */
  const char *orrery;    /* the Orrery class; NULL: no counterpart yet */
  const char *inner;     /* compiled super blocks: the inner block whose exprs are read */
  const char *params[8]; /* "name=template"; see orr-xcos-blocks.c */
  const char *note;      /* a difference users should know, or NULL */
  const char *expansion; /* orrery is "SuperBlock": its <diagram>, a template */
  /* bit k: output k + 1 is complex, as in Xcos; where it feeds an input
   * Xcos declares real, the reader puts a ComplexToRealImag between them
   * (Xcos's real blocks read the real parts of a complex signal) */
  guint complex_outputs;
} OrrXcosBlockMap;

extern const OrrXcosBlockMap orr_xcos_block_table[];
extern const guint orr_xcos_block_table_size;

/* Scilab to Orrery (orr-xcos-context.c). */
/* One expression (an exprs entry): %pi -> pi, <> -> ~=, %t -> true ...
 * NULL when it uses something Orrery has no word for; *why says what. */
char *orr_xcos_translate_expr (const char *scilab, char **why);
/* A context script, line by line; lines that cannot be translated stay
 * as comments, and each adds a warning to warnings (of char*). */
/* top: the diagram's own context, where a line that reads a name no
 * earlier line defines is kept as a comment too. */
char *orr_xcos_translate_context (const char *scilab, const char *where, gboolean top,
                                  GPtrArray *warnings);

/* A formula of a Scilab function block (u1, u2 ... and rpar may be
 * indexed), translated as one expression, not read as a matrix. */
char *orr_xcos_translate_formula (const char *scilab, char **why);

/* scifunc_block_m (orr-xcos-scifunc.c): the ExprCustomBlock output lines
 * ("formula of y1\nformula of y2" ...) of its code (the second item of
 * its exprs), with exprs its dialog values; NULL with *why when the block
 * cannot be mapped. *note says what is left out, or is NULL. */
char *orr_xcos_scifunc_outputs (XsValue *code, char **exprs, int n_in, int n_out, char **note,
                                char **why);

G_END_DECLS
