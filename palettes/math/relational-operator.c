/* relational-operator.c: RelationalOperator, u1 op u2 element by element
 * for op one of == ~= < <= > >=, two inputs of the same size. The output
 * is a double matrix of 0 and 1 (not a boolean one: the math blocks all
 * work on doubles, so the output feeds any of them, as in Scicos).
 *
 * The output jumps where d = u1 - u2 changes sign or leaves 0. With zero
 * crossings on, each element has a mode for where d is when the solver
 * starts an interval (above 0, below 0, at 0), which fixes the output for
 * the interval, and a surface that changes sign when d leaves that
 * region: d itself above and below, -|d| at 0 (kept off zero, see
 * math-surfaces.h), so that the solver stops at the switching instant.
 * ipar = { operator }. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  OP_EQ = 1,
  OP_NE,
  OP_LT,
  OP_LE,
  OP_GT,
  OP_GE,
};

/* Mode 0, where modes start (and NaN), compares directly. */
enum
{
  MODE_DIRECT = 0,
  MODE_ABOVE = 1, /* u1 > u2 */
  MODE_BELOW = 2, /* u1 < u2 */
  MODE_EQUAL = 3,
};

static const char *const operator_choices[]
  = { N_ ("=="), N_ ("~="), N_ ("<"), N_ ("<="), N_ (">"), N_ (">="), NULL };

static const OrrParamSpec relational_operator_params[] = {
  { "operator", N_ ("Operator"), "3",
    N_ ("The comparison u1 op u2: 1 ==, 2 ~= (not equal), 3 <, 4 <=, 5 >, 6 >=. The output is 1 "
        "where it holds, 0 elsewhere."),
    ORR_PARAM_CHOICE, operator_choices },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate the instants where the result switches and hold it in between, for an "
        "accurate and fast variable-step integration; 0: plain comparison."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
relational_operator_configure (OrrConfig *config, GError **error)
{
  gboolean zero_crossing;
  int op;

  if (!orr_param_get_int_range (config, "operator", OP_EQ, OP_GE, &op, error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  orr_config_set_ipar (config, &op, 1);
  orr_config_set_label (config, operator_choices[op - 1]);
  return TRUE;
}

static gboolean
compare (int op, double a, double b)
{
  switch (op)
    {
      case OP_EQ:
        return a == b;
      case OP_NE:
        return a != b;
      case OP_LT:
        return a < b;
      case OP_LE:
        return a <= b;
      case OP_GT:
        return a > b;
      default:
        return a >= b;
    }
}

static void
relational_operator_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u1 = orr_block_real_in (block, 0), *u2 = orr_block_real_in (block, 1);
  int n = orr_block_in_numel (block, 0);
  int op = block->ipar[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            {
              int mode = use_modes ? block->mode[i] : MODE_DIRECT;

              /* the comparison as it comes out anywhere in the mode's region */
              if (mode == MODE_ABOVE)
                y[i] = compare (op, 1, 0);
              else if (mode == MODE_BELOW)
                y[i] = compare (op, 0, 1);
              else if (mode == MODE_EQUAL)
                y[i] = compare (op, 0, 0);
              else
                y[i] = compare (op, u1[i], u2[i]);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (!orr_block_modes_fixed (block))
          for (int i = 0; i < block->nmode && i < n; i++)
            block->mode[i] = u1[i] > u2[i]    ? MODE_ABOVE
                             : u1[i] < u2[i]  ? MODE_BELOW
                             : u1[i] == u2[i] ? MODE_EQUAL
                                              : MODE_DIRECT;
        for (int i = 0; i < block->ng && i < n; i++)
          {
            int mode = i < block->nmode ? block->mode[i] : MODE_DIRECT;
            double d = u1[i] - u2[i];

            if (mode == MODE_EQUAL)
              block->g[i] = orr_math_surface (block, -fabs (d), 1);
            else
              block->g[i] = orr_math_surface (block, d, mode == MODE_BELOW ? -1 : 1);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_relational_operator_class = {
  .name = "RelationalOperator",
  .palette = N_ ("Math"),
  .label = N_ ("Relational operator"),
  .description = N_ ("Compares two inputs element by element (==, ~=, <, <=, >, >=): 1 where the "
                     "comparison holds, 0 elsewhere."),
  .icon_text = "<",
  .params = relational_operator_params,
  .n_params = G_N_ELEMENTS (relational_operator_params),
  .configure = relational_operator_configure,
  .simulate = relational_operator_simulate,
};
