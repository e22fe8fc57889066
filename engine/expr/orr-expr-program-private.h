/* orr-expr-program-private.h - the instructions of a compiled expression
 * program and the program itself, shared by the compiler
 * (orr-expr-program.c) and the interpreter (orr-expr-program-run.c).
 */
#pragma once

#include <orrery/orr-expr-program.h>

/* Room for a run-time error message, kept in the program so that a failing
 * run allocates nothing. */
#define ORR_EXPR_PROGRAM_ERROR_CHARS 256

/* ---- instructions ------------------------------------------------------- */

typedef enum
{
  OP_UNARY,    /* dst[i] = fn (src0[i]), n[0] elements */
  OP_BINARY,   /* dst = fn (src0, src1) with broadcasting, n[0] = BroadcastMode */
  OP_SELECT,   /* dst = src0 != 0 ? src1 : src2, broadcasting */
  OP_MATMUL,   /* dst (n0 x n2) = src0 (n0 x n1) * src1 (n1 x n2) */
  OP_GATHER,   /* dst[k] = mem[table[n1 + k]] (0 for -1), n0 elements */
  OP_INDEX,    /* dst = src0 (indices src1, src2 computed at run time), see run_index */
  OP_REDUCE,   /* n1 lanes of n0 elements, step n2, lane o starting at o * n3 */
  OP_CUMULATE, /* the same lanes, running sums or products in place */
  OP_INV,      /* dst = inv (src0), n0 x n0, LU scratch at n1, pivots at n2 */
  OP_DET,      /* dst = det (src0) */
  OP_SOLVE,    /* dst = src0 \ src1, src0 n0 x n0, src1 n0 x n3 */
  OP_LU,       /* dst = the packed LU factors of src0 (lu(x)), n0 x n0, pivots at n2 */
  OP_EXPM,     /* dst = expm (src0), n0 x n0, 4 n0 x n0 scratch at n1, pivots at n2 */
  OP_EIG,      /* dst = real (fn 0) or imaginary (fn 1) parts of eig (src0), n0 x 1;
                * scratch ORR_MATFN_EIG_SCRATCH (n0) + 2 n0 at n1 */
  OP_SVD,      /* dst = svd (src0), src0 n0 x n1, dst min(n0, n1) x 1; scratch at n3 */
  OP_LSQ,      /* dst = lsqminnorm (src0, src1): src0 n0 x n1, src1 n0 x n2, dst n1 x n2;
                * scratch at n3: a copy of src0, max(n0, n1) x n2 for the right-hand
                * sides, then rs[1] doubles of LAPACK work; its
                * pivots start at rs[0] */
} OpCode;

typedef enum
{
  U_NEG,
  U_NOT,
  U_TRUTH,
  U_ABS,
  U_SIGN,
  U_SQRT,
  U_EXP,
  U_LOG,
  U_LOG10,
  U_LOG2,
  U_SIN,
  U_COS,
  U_TAN,
  U_ASIN,
  U_ACOS,
  U_ATAN,
  U_SINH,
  U_COSH,
  U_TANH,
  U_ASINH,
  U_ACOSH,
  U_ATANH,
  U_FLOOR,
  U_CEIL,
  U_ROUND,
  U_FIX,
  U_ISNAN,
  U_ISINF,
  U_ISFINITE,
} UnaryFn;

typedef enum
{
  B_ADD,
  B_SUB,
  B_MUL,
  B_DIV,
  B_POW,
  B_EQ,
  B_NE,
  B_LT,
  B_LE,
  B_GT,
  B_GE,
  B_AND,
  B_OR,
  B_ATAN2,
  B_HYPOT,
  B_MOD,
  B_REM,
  B_MAX,
  B_MIN,
} BinaryFn;

typedef enum
{
  R_SUM,
  R_PROD,
  R_MEAN,
  R_MAX,
  R_MIN,
  R_ANY,
  R_ALL,
  R_CUMSUM,
  R_CUMPROD,
} ReduceFn;

typedef enum
{
  BCAST_GENERAL,
  BCAST_SAME,     /* both operands have the result's size */
  BCAST_A_SCALAR, /* a is 1x1, b the result's size */
  BCAST_B_SCALAR,
} BroadcastMode;

typedef struct
{
  guint8 op;
  guint8 fn;
  int dst;
  int src[3];
  int rs[3], cs[3]; /* element (i, j) of source k is at src[k] + i * rs[k] + j * cs[k] */
  int rows, cols;   /* the result's shape */
  int n[4];         /* sizes, per opcode above */
  gsize pos;        /* where in the source, for run-time errors */
} Instr;

struct _OrrExprProgram
{
  char *text;
  double *mem;
  int n_mem;
  int *tables;
  int *pivots;
  Instr *code;
  int n_code;
  int n_inputs;
  int *input_offset;
  int *input_numel;
  gboolean *used;
  int out_offset, out_rows, out_cols;
  gboolean failed;
  char error[ORR_EXPR_PROGRAM_ERROR_CHARS];
};

/* ---- .if and .switch (orr-expr-program-syntax.c) ---- */

/* The names of the calls that stand for .if and .switch after rewriting. */
#define ORR_EXPR_PROGRAM_IF "_i"
#define ORR_EXPR_PROGRAM_SWITCH "_s"

/* @text with every .if ... .end and .switch ... .end turned into a call of
 * the same length, and *rewritten TRUE if there was any; NULL with an error
 * (positioned in @text) when the keywords do not nest. */
char *orr_expr_program_rewrite (const char *text, gboolean *rewritten, GError **error);
/* Sets @error to @local, an error positioned in a rewritten copy of @text,
 * again against @text, naming keywords rather than their replacements. */
void orr_expr_program_relocate_error (GError **error, const char *text, const GError *local);
