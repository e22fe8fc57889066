/* orr-concat.c - matrix building.  The result class follows MATLAB: the
 * leftmost integer type wins, then complex, then double; all-logical stays
 * logical.  Strings only join with strings.
 */
#include "orr-concat.h"

#include <string.h>

#define FMT_SIZE "%" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT

static OrrValue *
concat_strings (OrrEval *ev, gsize pos, OrrValue *const *values, guint n, gboolean horizontal)
{
  GString *s = g_string_new (NULL);
  guint strings = 0;

  for (guint k = 0; k < n; k++)
    {
      const OrrValue *v = values[k];

      if (v->type == ORR_TYPE_STRING)
        {
          g_string_append (s, v->data);
          strings++;
        }
      else if (orr_value_numel_fast (v) != 0)
        {
          g_string_free (s, TRUE);
          return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                                "cannot concatenate a string and a %s", orr_type_name (v->type));
        }
    }
  if (!horizontal && strings > 1)
    {
      g_string_free (s, TRUE);
      return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                            "cannot stack strings vertically (a string is a single value)");
    }
  if (!orr_eval_charge (ev, pos, (double)s->len))
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  {
    OrrValue *r = orr_value_new_string (s->str);

    g_string_free (s, TRUE);
    return r;
  }
}

OrrValue *
orr_concat (OrrEval *ev, gsize pos, OrrValue *const *values, guint n, gboolean horizontal)
{
  OrrType type = ORR_TYPE_BOOL;
  gboolean any_int = FALSE, any_complex = FALSE, any_other = FALSE, any_nonempty = FALSE;
  gsize along = 0, across = 0, offset = 0;
  const OrrValue *first = NULL;
  OrrValue *r;

  for (guint k = 0; k < n; k++)
    if (values[k]->type == ORR_TYPE_STRING)
      return concat_strings (ev, pos, values, n, horizontal);

  for (guint k = 0; k < n; k++)
    {
      const OrrValue *v = values[k];
      gsize v_across = horizontal ? v->rows : v->cols;

      if (orr_type_is_int (v->type))
        {
          if (!any_int)
            type = v->type;
          any_int = TRUE;
        }
      else if (v->type == ORR_TYPE_COMPLEX)
        any_complex = TRUE;
      else if (v->type != ORR_TYPE_BOOL)
        any_other = TRUE;
      if (orr_value_numel_fast (v) == 0)
        continue;
      if (any_nonempty && v_across != across)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                              "cannot concatenate " FMT_SIZE " and " FMT_SIZE " %s: %s differ",
                              first->rows, first->cols, v->rows, v->cols,
                              horizontal ? "side by side" : "vertically",
                              horizontal ? "row counts" : "column counts");
      if (!any_nonempty)
        first = v;
      any_nonempty = TRUE;
      across = v_across;
      along += horizontal ? v->cols : v->rows;
    }
  if (any_int && any_complex)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "cannot concatenate integers and complex values");
  if (!any_int)
    type = any_complex ? ORR_TYPE_COMPLEX : any_other ? ORR_TYPE_DOUBLE : ORR_TYPE_BOOL;
  if (!any_nonempty)
    {
      /* all empty: keep a consistent shape like zeros(1,0) when possible */
      gsize rows = values[0]->rows, cols = values[0]->cols;

      for (guint k = 1; k < n; k++)
        {
          if (horizontal && values[k]->rows == rows)
            cols += values[k]->cols;
          else if (!horizontal && values[k]->cols == cols)
            rows += values[k]->rows;
          else
            rows = cols = 0;
        }
      return orr_eval_new_matrix (ev, pos, type, rows, cols);
    }
  if (!orr_eval_check_size (ev, pos, (double)along, (double)across))
    return NULL;
  r = orr_eval_new_matrix (ev, pos, type, horizontal ? across : along, horizontal ? along : across);
  if (r == NULL)
    return NULL;
  for (guint k = 0; k < n; k++)
    {
      const OrrValue *v = values[k];
      gsize es = orr_type_element_size (type);

      if (orr_value_numel_fast (v) == 0)
        continue;
      if (horizontal)
        {
          /* columns are contiguous: append them */
          if (v->type == type)
            memcpy ((char *)r->data + offset * across * es, v->data, orr_value_numel_fast (v) * es);
          else
            for (gsize i = 0; i < orr_value_numel_fast (v); i++)
              orr_value_set_complex (r, offset * across + i, orr_value_complex_at (v, i));
          offset += v->cols;
        }
      else
        {
          for (gsize j = 0; j < v->cols; j++)
            for (gsize i = 0; i < v->rows; i++)
              {
                gsize dest = offset + i + j * along, src = i + j * v->rows;

                if (v->type == type)
                  memcpy ((char *)r->data + dest * es, (const char *)v->data + src * es, es);
                else
                  orr_value_set_complex (r, dest, orr_value_complex_at (v, src));
              }
          offset += v->rows;
        }
    }
  return r;
}
