/* orr-compile-private.h: the compiler's working data, shared by its steps
 * (orr-flatten.c, orr-sizes.c, orr-activation.c, orr-schedule.c,
 * orr-compile.c). Nothing here outlives one orr_compile() call. */
#pragma once

#include <orrery/orr-compile.h>

#include "orr-config-private.h"

G_BEGIN_DECLS

/* A configured block of the model that survives flattening: ordinary
 * blocks, conditionals and clocks. Port blocks and EventUnions are only
 * looked through. */
typedef struct
{
  OrrBlock *doc;
  const OrrBlockClass *klass;
  OrrConfig *config;
  char *path;
  int index; /* in Compiler.flat */

  /* the arrays below are in the FlatBlock's own allocation */
  int n_in, n_out, n_evin, n_evout;
  int *in_block;         /* per input: the driving flat block, -1 if unconnected */
  int *in_port;          /* and its output port (0-based) */
  GArray **evin_sources; /* per activation input: source ids (int) */
  int *evout_source;     /* per activation output: source id, -1 if it drives nothing */

  /* sizes and types: union-find node per port dimension */
  int *in_rows, *in_cols, *in_type;
  int *out_rows, *out_cols, *out_type;

  /* activation */
  GHashTable *activation; /* source id -> nevprt bits */
  gboolean continuous;
  gboolean constant;
  gboolean explicit_activation;

  GArray *after; /* flat blocks (int) this one must follow besides data dependencies */
  int rank;      /* schedule position, -1 for clocks */
  int clock_group;
} FlatBlock;

typedef struct
{
  int block; /* flat index */
  int port;  /* 0-based activation output */
  OrrSourceKind kind;
  double period, offset;
  int group;
} SourceInfo;

typedef struct
{
  int *parent;
  int *value; /* 0: unknown; else the size, or type + 1 */
  int n, capacity;
} UnionFind;

/* A port of a block, as the key of the link index. The block id is
 * borrowed from the model, which outlives the compilation. */
typedef struct
{
  const OrrDiagram *diagram;
  const char *block_id;
  int kind;
  guint port;
} OrrPortKey;

/* The links into one port, in the model's order. */
typedef struct
{
  OrrPortKey key; /* first: the entry is its own key in the link index */
  guint n;
  OrrLink **links; /* into Compiler.linked */
  OrrBlock **from; /* each link's source block in the diagram (NULL: none), into
                    * Compiler.linked_from: looked up once, not at each use */
  OrrBlock *to;    /* the key's block, NULL if the diagram has none */
} OrrPortLinks;

/* A configured block, in Compiler.configured. */
typedef struct
{
  OrrBlock *block;
  const OrrBlockClass *klass;
  OrrConfig *config; /* owned */
  FlatBlock *flat;   /* NULL if it does not survive flattening */
} Configured;

typedef struct
{
  OrrModel *model;
  OrrRegistry *registry;
  OrrCompileOptions options;
  OrrEvaluation *evaluation;
  GPtrArray *problems; /* of OrrProblem* */
  GPtrArray *flat;     /* of FlatBlock* */
  /* every configured block, in the order of a depth-first walk of the
   * model: the steps that visit every block walk this instead of the tree
   * and need no lookup (at 100,000 blocks, mostly cache misses) */
  GArray *configured;        /* of Configured */
  GHashTable *configured_of; /* OrrBlock* -> its position in configured + 1 */
  GArray *sources;           /* of SourceInfo */
  GHashTable *link_index;    /* set of OrrPortLinks*, by their key */
  OrrPortLinks *port_links;  /* the link index's entries */
  OrrLink **linked;          /* their links */
  OrrBlock **linked_from;    /* and the links' source blocks */
  guint n_port_links;
  GHashTable *gotos; /* tag -> GPtrArray of Goto OrrBlock* */
  UnionFind dims;
  UnionFind types;
  int n_ranked;
  int n_sync_groups;
  FlatBlock **order; /* flat blocks by rank, clocks excluded */
  /* algebraic loops to solve (settings.solve_loops): per loop a GArray of
   * flat indices, and the torn inputs as (flat index, port) pairs */
  GPtrArray *loops;      /* of GArray* (int) */
  GPtrArray *loop_tears; /* of GArray* (int pairs) */
} Compiler;

void orr_compiler_problem (Compiler *c, const char *const *block_ids, char *where,
                           const char *format, ...) G_GNUC_PRINTF (4, 5);
gboolean orr_compiler_has_problems (Compiler *c);

/* The steps, in order. Each adds problems; the driver stops after a step
 * that found any. */
void orr_compile_configure (Compiler *c);
/* the link index's key functions (orr-flatten.c) */
guint orr_port_key_hash (gconstpointer key);
gboolean orr_port_key_equal (gconstpointer a, gconstpointer b);
/* the evaluation's parsed-expression cache, for parameter defaults */
OrrExprCache *orr_evaluation_get_expr_cache (OrrEvaluation *evaluation);
/* orr_evaluate_model_with_registry with the parse trees of exprs (NULL:
 * a cache of its own), which the evaluation borrows. */
OrrEvaluation *orr_evaluate_model_cached (OrrModel *model, OrrScope *overrides,
                                          OrrRegistry *registry, OrrExprCache *exprs);
void orr_compile_flatten (Compiler *c);
void orr_compile_sizes (Compiler *c);
/* After the sizes: follows buses from their creators to their readers,
 * sets the sizes those left to it and their offsets (orr-buses.c). */
void orr_compile_buses (Compiler *c);
void orr_compile_activations (Compiler *c);
void orr_compile_schedule (Compiler *c);
/* Adds an OrrProblem to out for every data port no link reaches, marked
 * as a warning unless the model's settings make them errors (needs the
 * configured blocks). */
void orr_compile_unconnected (Compiler *c, GPtrArray *out);

/* The source id of a flat block's activation output (made on first use). */
int orr_compile_source_of (Compiler *c, FlatBlock *fb, int port);

void orr_union_find_init (UnionFind *uf);
void orr_union_find_clear (UnionFind *uf);
int orr_union_find_add (UnionFind *uf, int value);
int orr_union_find_root (UnionFind *uf, int node);

G_END_DECLS
