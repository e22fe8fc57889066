/* sort.c: Sort, the elements of the input in increasing or decreasing
 * order, and on a second output where each came from (1-based indices, as
 * the parameter language counts). Equal elements keep their order (a
 * stable sort), so the indices are well defined; NaN goes last. The output is a column of
 * the input's elements; a matrix is sorted as one column. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <stdlib.h>
#include <glib/gi18n-lib.h>

static const char *const order_choices[] = { N_ ("Increasing"), N_ ("Decreasing"), NULL };

static const OrrParamSpec sort_params[] = {
  { "order", N_ ("Order"), "1", N_ ("1: smallest first; 2: largest first."), ORR_PARAM_CHOICE,
    order_choices },
};

static gboolean
sort_configure (OrrConfig *config, GError **error)
{
  int order;

  if (!orr_param_get_int_range (config, "order", 1, 2, &order, error))
    return FALSE;
  orr_config_add_input (config, -1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, 1, ORR_TYPE_DOUBLE);
  orr_config_add_output (config, -1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_output_label (config, 1, "index");
  orr_config_set_ipar (config, &order, 1);
  return TRUE;
}

typedef struct
{
  double value;
  int index;
} Item;

/* NaN goes last in both orders; equal values keep their order. */
static int
compare_nan (const Item *a, const Item *b)
{
  if (isnan (a->value) && isnan (b->value))
    return a->index - b->index;
  return isnan (a->value) ? 1 : -1;
}

static int
compare_increasing (const void *pa, const void *pb)
{
  const Item *a = pa, *b = pb;

  if (isnan (a->value) || isnan (b->value))
    return compare_nan (a, b);
  if (a->value != b->value)
    return a->value < b->value ? -1 : 1;
  return a->index - b->index; /* stable */
}

static int
compare_decreasing (const void *pa, const void *pb)
{
  const Item *a = pa, *b = pb;

  if (isnan (a->value) || isnan (b->value))
    return compare_nan (a, b);
  if (a->value != b->value)
    return a->value > b->value ? -1 : 1;
  return a->index - b->index;
}

static void
sort_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_in_numel (block, 0);
  const double *u = orr_block_real_in (block, 0);
  Item *items;

  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_alloc_work (block, (gsize)MAX (n, 1) * sizeof (Item));
        break;

      case ORR_JOB_OUTPUTS:
        items = block->work;
        if (items == NULL)
          return;
        for (int i = 0; i < n; i++)
          items[i] = (Item){ u[i], i };
        qsort (items, n, sizeof (Item),
               block->ipar[0] == 2 ? compare_decreasing : compare_increasing);
        for (int i = 0; i < n; i++)
          {
            orr_block_real_out (block, 0)[i] = items[i].value;
            orr_block_real_out (block, 1)[i] = items[i].index + 1;
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_sort_class = {
  .name = "Sort",
  .palette = N_ ("Math"),
  .label = N_ ("Sort"),
  .description = N_ ("The elements of a vector in increasing or decreasing order, and where each "
                     "came from."),
  .icon_text = "sort",
  .params = sort_params,
  .n_params = G_N_ELEMENTS (sort_params),
  .configure = sort_configure,
  .simulate = sort_simulate,
};
