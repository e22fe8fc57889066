/* orr-config-private.h: what configure() produced for one block, as the
 * compiler reads it. */
#pragma once

#include <orrery/orr-block.h>
#include <orrery/orr-expr.h>
#include <orrery/orr-model.h>

G_BEGIN_DECLS

typedef struct
{
  int rows, cols;
  OrrType type;
  gboolean feedthrough; /* inputs only */
  const char *label;    /* the port's name for the canvas, or NULL; owned by scratch */
} OrrPortSpec;

/* What a block does with buses (orr_config_set_bus_creator ...). */
typedef enum
{
  ORR_BUS_NONE,
  ORR_BUS_CREATOR,
  ORR_BUS_SELECTOR,
  ORR_BUS_ASSIGNMENT,
} OrrConfigBusRole;

/* A parameter as the compiler hands it to configure(). */
typedef struct
{
  const char *name; /* the class's OrrParamSpec name */
  OrrValue *value;  /* owned */
} OrrConfigParam;

struct _OrrConfig
{
  GHashTable *params; /* name -> OrrValue*, borrowed from the evaluation */
  /* or, from the compiler, an array: a block has a handful of parameters,
   * and a hash table each costs more than the scan */
  OrrConfigParam *param_list;
  int n_param_list;
  GPtrArray *scratch; /* memory handed out by orr_config_get_doubles, made on first use */

  GArray *inputs;  /* of OrrPortSpec */
  GArray *outputs; /* of OrrPortSpec */
  int n_evin, n_evout;
  int self_activation; /* activation output feeding the block back, -1: none */
  OrrBlockKind kind;
  gboolean always_active;
  OrrInheritance inheritance;

  int nx;
  double *x0;
  gboolean implicit;
  int nz;
  double *z0;
  /* oz0, rpar, ipar and opar: made on first use when the compiler made the
   * config (orr_config_new_with_params), since most blocks leave some
   * empty; read them through orr_config_n() */
  GPtrArray *oz0; /* of OrrValue* */
  int ng, nmode;
  int g_direction; /* +1 rising crossings only, -1 falling only, 0 both */
  gboolean analytic_jacobian;

  GArray *rpar;    /* of double */
  GArray *ipar;    /* of int */
  GPtrArray *opar; /* of OrrValue* */
  char *label;
  double required_period; /* 0: any activation */
  gboolean trusted;       /* native code may be built and loaded */
  GPtrArray *native_code; /* of OrrNativeCode* without block_path and kind, or NULL */
  gboolean interface_only;
  GPtrArray *extra_params; /* of OrrExtraParam*, from OrrBlockClass.extra_params */
  OrrConfigBusRole bus_role;
  char **bus_names; /* the creator's names, the selector's or assignment's paths */
  /* orr_config_get_input_size: rows and columns per input, given by the
   * compiler's second configure (NULL before); asked for before they were
   * known */
  int *known_in;
  int n_known_in;
  gboolean wants_input_sizes;
};

/* params: name -> OrrValue*, may be NULL for none. */
OrrConfig *orr_config_new (GHashTable *params);
/* A config for the editor's questions (interface_only): klass's parameters
 * as block sets them (NULL block: the defaults), evaluated in scope; NULL
 * with an error naming the parameter that does not evaluate. */
OrrConfig *orr_config_new_for_block (const OrrBlockClass *klass, const OrrBlock *block,
                                     OrrScope *scope, GError **error);
/* Takes params (from g_new) and the values in it. */
OrrConfig *orr_config_new_with_params (OrrConfigParam *params, int n);
void orr_config_free (OrrConfig *config);

/* The length of oz0, rpar, ipar or opar, which may not exist. */
#define orr_config_n(array) ((array) != NULL ? (int)(array)->len : 0)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrConfig, orr_config_free)

G_END_DECLS
