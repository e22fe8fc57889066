/* orr-index.c - A(k), A(i,j), ':' and logical masks, and the assignments
 * A(i,j) = x (growing with zeros) and A(i) = [] (deletion), following
 * MATLAB's shape rules.
 */
#include "orr-index.h"

#include <string.h>

#define FMT_SIZE "%" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT

/* Indices this large cannot address anything; they are kept as this value
 * so that bounds and size checks still fail cleanly. */
#define HUGE_INDEX ((gsize)1 << 52)

/* errors about index k point at that argument */
#define APOS(k) (arg_pos ? arg_pos[k] : pos)

typedef struct
{
  gsize *at; /* zero-based positions; NULL for ':' */
  gsize n;
  gsize max; /* largest position + 1 */
  gboolean colon;
  gboolean logical;
  gsize rows; /* shape of the index value */
  gsize cols;
} IndexList;

static void
index_list_clear (IndexList *l)
{
  g_clear_pointer (&l->at, g_free);
}

static inline gsize
index_at (const IndexList *l, gsize k)
{
  return l->colon ? k : l->at[k];
}

static void
set_colon (IndexList *l, gsize extent)
{
  memset (l, 0, sizeof *l);
  l->colon = TRUE;
  l->n = extent;
  l->max = extent;
  l->rows = extent;
  l->cols = 1;
}

static gboolean
resolve (OrrEval *ev, gsize pos, const OrrValue *idx, gsize extent, IndexList *l)
{
  gsize n, i;

  if (idx == NULL)
    {
      set_colon (l, extent);
      return TRUE;
    }
  memset (l, 0, sizeof *l);
  if (idx->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "an index must be numeric or logical, not a string")
           != NULL;
  if (idx->type == ORR_TYPE_COMPLEX)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "an index must be real, not complex")
           != NULL;
  n = orr_value_numel_fast (idx);
  if (!orr_eval_charge (ev, pos, (double)n))
    return FALSE;
  l->rows = idx->rows;
  l->cols = idx->cols;
  if (idx->type == ORR_TYPE_BOOL)
    {
      const guint8 *mask = idx->data;
      gsize count = 0;

      l->logical = TRUE;
      for (i = 0; i < n; i++)
        count += mask[i] != 0;
      l->at = g_new (gsize, count + 1);
      for (i = 0; i < n; i++)
        if (mask[i])
          {
            l->at[l->n++] = i;
            l->max = i + 1;
          }
      return TRUE;
    }
  l->at = g_new (gsize, n + 1);
  for (i = 0; i < n; i++)
    {
      double d = orr_value_real_at (idx, i);
      gsize p;

      if (!(d >= 1) || d != floor (d))
        {
          index_list_clear (l);
          if (isnan (d))
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_INDEX, "index is NaN") != NULL;
          if (d != floor (d))
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_INDEX, "index %g is not an integer", d)
                   != NULL;
          return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_INDEX,
                                "index %g is not positive (indices start at 1)", d)
                 != NULL;
        }
      p = d > (double)HUGE_INDEX ? HUGE_INDEX : (gsize)d - 1;
      l->at[l->n++] = p;
      if (p + 1 > l->max)
        l->max = p + 1;
    }
  return TRUE;
}

/* Index lists beyond the second must be 1 (or ':'), as trailing singleton
 * dimensions; returns the number of meaningful indices. */
static gboolean
effective_count (OrrEval *ev, gsize pos, guint nidx, OrrValue *const *idx, const gsize *arg_pos,
                 guint *out)
{
  for (guint k = 2; k < nidx; k++)
    {
      IndexList l;
      gboolean ok;

      if (!resolve (ev, APOS (k), idx[k], 1, &l))
        return FALSE;
      ok = l.max <= 1;
      index_list_clear (&l);
      if (!ok)
        return orr_eval_fail (ev, APOS (k), ORR_EXPR_ERROR_INDEX,
                              "index %u exceeds the dimensions: matrices have 2 dimensions", k + 1)
               != NULL;
    }
  *out = MIN (nidx, 2);
  return TRUE;
}

static gboolean
is_vector (gsize rows, gsize cols)
{
  return rows == 1 || cols == 1;
}

OrrValue *
orr_index_get (OrrEval *ev, gsize pos, const OrrValue *v, guint nidx, OrrValue *const *idx,
               const gsize *arg_pos)
{
  gsize es = orr_type_element_size (v->type), numel = orr_value_numel_fast (v);
  IndexList a = { 0 }, b = { 0 };
  OrrValue *r = NULL;

  if (nidx == 0)
    return orr_value_ref ((OrrValue *)v);
  if (!effective_count (ev, pos, nidx, idx, arg_pos, &nidx))
    return NULL;
  if (v->type == ORR_TYPE_STRING)
    {
      gboolean ok = TRUE;

      for (guint k = 0; k < nidx && ok; k++)
        {
          if (!resolve (ev, APOS (k), idx[k], 1, &a))
            return NULL;
          ok = a.n == 1 && a.max == 1;
          index_list_clear (&a);
        }
      if (!ok)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_INDEX,
                              "a string is a single value: only index 1 is valid");
      return orr_value_ref ((OrrValue *)v);
    }

  if (nidx == 1)
    {
      gsize rr, rc;

      if (!resolve (ev, APOS (0), idx[0], numel, &a))
        return NULL;
      if (a.max > numel)
        {
          orr_eval_fail (ev, APOS (0), ORR_EXPR_ERROR_INDEX,
                         "index %" G_GSIZE_FORMAT " exceeds " FMT_SIZE, a.max, v->rows, v->cols);
          goto out;
        }
      if (a.colon)
        rr = a.n, rc = 1;
      else if (a.logical
               || ((is_vector (a.rows, a.cols) || a.n == 0) && is_vector (v->rows, v->cols)
                   && !(v->rows == 1 && v->cols == 1)))
        {
          rr = v->rows == 1 ? 1 : a.n;
          rc = v->rows == 1 ? a.n : 1;
        }
      else
        rr = a.rows, rc = a.cols;
      if ((r = orr_eval_new_matrix (ev, pos, v->type, rr, rc)) == NULL)
        goto out;
      for (gsize k = 0; k < a.n; k++)
        memcpy ((char *)r->data + k * es, (const char *)v->data + index_at (&a, k) * es, es);
    }
  else
    {
      gsize k = 0;

      if (!resolve (ev, APOS (0), idx[0], v->rows, &a)
          || !resolve (ev, APOS (1), idx[1], v->cols, &b))
        goto out;
      if (a.max > v->rows)
        {
          orr_eval_fail (ev, APOS (0), ORR_EXPR_ERROR_INDEX,
                         "row index %" G_GSIZE_FORMAT " exceeds " FMT_SIZE, a.max, v->rows,
                         v->cols);
          goto out;
        }
      if (b.max > v->cols)
        {
          orr_eval_fail (ev, APOS (1), ORR_EXPR_ERROR_INDEX,
                         "column index %" G_GSIZE_FORMAT " exceeds " FMT_SIZE, b.max, v->rows,
                         v->cols);
          goto out;
        }
      if ((r = orr_eval_new_matrix (ev, pos, v->type, a.n, b.n)) == NULL)
        goto out;
      for (gsize j = 0; j < b.n; j++)
        for (gsize i = 0; i < a.n; i++, k++)
          memcpy ((char *)r->data + k * es,
                  (const char *)v->data + (index_at (&a, i) + index_at (&b, j) * v->rows) * es, es);
    }
out:
  index_list_clear (&a);
  index_list_clear (&b);
  return orr_value_narrow (r);
}

static gboolean
assign_type (OrrEval *ev, gsize pos, const OrrValue *base, const OrrValue *rhs, OrrType *out)
{
  OrrType tb, tr = rhs->type;

  if (base == NULL)
    {
      *out = tr;
      return TRUE;
    }
  tb = base->type;
  if ((orr_type_is_int (tb) && orr_type_is_int (tr) && tb != tr)
      || (orr_type_is_int (tb) && tr == ORR_TYPE_COMPLEX)
      || (orr_type_is_int (tr) && tb == ORR_TYPE_COMPLEX))
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "cannot assign %s values into a %s matrix",
                          orr_type_name (tr), orr_type_name (tb))
           != NULL;
  if (orr_type_is_int (tb) || orr_type_is_int (tr))
    *out = orr_type_is_int (tb) ? tb : tr;
  else if (tb == ORR_TYPE_COMPLEX || tr == ORR_TYPE_COMPLEX)
    *out = ORR_TYPE_COMPLEX;
  else if (tb == ORR_TYPE_BOOL && tr == ORR_TYPE_BOOL)
    *out = ORR_TYPE_BOOL;
  else
    *out = ORR_TYPE_DOUBLE;
  return TRUE;
}

/* Makes the sole-owned @v new_rows x new_cols keeping its elements where
 * the column-major layout allows it (same rows, or a column vector). */
static gboolean
grow_in_place (OrrValue *v, gsize new_rows, gsize new_cols)
{
  gsize old_n = orr_value_numel_fast (v), new_n = new_rows * new_cols;
  gsize es = orr_type_element_size (v->type);

  if (!(old_n == 0 || new_rows == v->rows || (v->cols == 1 && new_cols == 1)))
    return FALSE;
  if (new_n > v->capacity)
    {
      gsize cap = MAX (new_n, MIN (2 * v->capacity, ORR_VALUE_MAX_ELEMENTS));

      v->data = g_realloc_n (v->data, cap, es);
      v->capacity = cap;
    }
  memset ((char *)v->data + old_n * es, 0, (new_n - old_n) * es);
  v->rows = new_rows;
  v->cols = new_cols;
  return TRUE;
}

/* A new new_rows x new_cols matrix of @type holding @base top-left. */
static OrrValue *
enlarged_copy (OrrEval *ev, gsize pos, const OrrValue *base, OrrType type, gsize new_rows,
               gsize new_cols)
{
  OrrValue *r = orr_eval_new_matrix (ev, pos, type, new_rows, new_cols);
  gsize es = orr_type_element_size (type);

  if (r == NULL || base == NULL)
    return r;
  for (gsize j = 0; j < base->cols; j++)
    {
      if (base->type == type)
        memcpy ((char *)r->data + j * new_rows * es, (const char *)base->data + j * base->rows * es,
                base->rows * es);
      else
        for (gsize i = 0; i < base->rows; i++)
          orr_value_set_complex (r, i + j * new_rows,
                                 orr_value_complex_at (base, i + j * base->rows));
    }
  return r;
}

static inline void
store (OrrValue *r, gsize dest, const OrrValue *rhs, gsize src)
{
  if (r->type == rhs->type)
    {
      gsize es = orr_type_element_size (r->type);

      memcpy ((char *)r->data + dest * es, (const char *)rhs->data + src * es, es);
    }
  else
    orr_value_set_complex (r, dest, orr_value_complex_at (rhs, src));
}

/* Marks the positions of @l in a fresh mask of @extent; TRUE if all set. */
static gboolean
mark (const IndexList *l, gsize extent, guint8 **mask)
{
  gboolean all = TRUE;

  *mask = g_new0 (guint8, extent + 1);
  for (gsize k = 0; k < l->n; k++)
    (*mask)[index_at (l, k)] = 1;
  for (gsize i = 0; i < extent; i++)
    all = all && (*mask)[i];
  return all;
}

static OrrValue *
delete_elements (OrrEval *ev, gsize pos, const OrrValue *base, guint nidx, OrrValue *const *idx,
                 const gsize *arg_pos)
{
  gsize es = orr_type_element_size (base->type), numel = orr_value_numel_fast (base);
  IndexList a = { 0 }, b = { 0 };
  g_autofree guint8 *ma = NULL;
  g_autofree guint8 *mb = NULL;
  OrrValue *r = NULL;

  if (!orr_eval_charge (ev, pos, (double)numel))
    return NULL;
  if (nidx == 1)
    {
      gsize keep = 0, k = 0;

      if (!resolve (ev, APOS (0), idx[0], numel, &a))
        return NULL;
      if (a.max > numel)
        {
          orr_eval_fail (ev, APOS (0), ORR_EXPR_ERROR_INDEX,
                         "index %" G_GSIZE_FORMAT " exceeds " FMT_SIZE, a.max, base->rows,
                         base->cols);
          goto out;
        }
      if (a.n == 0)
        {
          r = orr_value_ref ((OrrValue *)base);
          goto out;
        }
      mark (&a, numel, &ma);
      for (gsize i = 0; i < numel; i++)
        keep += !ma[i];
      if (a.colon)
        r = orr_eval_new_matrix (ev, pos, base->type, 0, 0);
      else if (base->cols == 1 && base->rows != 1)
        r = orr_eval_new_matrix (ev, pos, base->type, keep, 1);
      else
        r = orr_eval_new_matrix (ev, pos, base->type, 1, keep);
      if (r == NULL)
        goto out;
      for (gsize i = 0; i < numel && k < keep; i++)
        if (!ma[i])
          memcpy ((char *)r->data + (k++) * es, (const char *)base->data + i * es, es);
    }
  else
    {
      gboolean all_rows, all_cols;
      gsize keep_rows = 0, keep_cols = 0, k = 0;

      if (!resolve (ev, APOS (0), idx[0], base->rows, &a)
          || !resolve (ev, APOS (1), idx[1], base->cols, &b))
        goto out;
      if (a.max > base->rows || b.max > base->cols)
        {
          orr_eval_fail (ev, pos, ORR_EXPR_ERROR_INDEX,
                         "index (%" G_GSIZE_FORMAT ",%" G_GSIZE_FORMAT ") exceeds " FMT_SIZE, a.max,
                         b.max, base->rows, base->cols);
          goto out;
        }
      all_rows = mark (&a, base->rows, &ma);
      all_cols = mark (&b, base->cols, &mb);
      if (all_rows)
        memset (ma, 0, base->rows); /* keep every row, drop the columns */
      else if (all_cols)
        memset (mb, 0, base->cols); /* keep every column, drop the rows */
      else
        {
          orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                         "deleting part of a matrix needs ':' in one of the two indices");
          goto out;
        }
      for (gsize i = 0; i < base->rows; i++)
        keep_rows += !ma[i];
      for (gsize j = 0; j < base->cols; j++)
        keep_cols += !mb[j];
      if ((r = orr_eval_new_matrix (ev, pos, base->type, keep_rows, keep_cols)) == NULL)
        goto out;
      for (gsize j = 0; j < base->cols; j++)
        for (gsize i = 0; i < base->rows; i++)
          if (!ma[i] && !mb[j])
            memcpy ((char *)r->data + (k++) * es,
                    (const char *)base->data + (i + j * base->rows) * es, es);
    }
out:
  index_list_clear (&a);
  index_list_clear (&b);
  return r;
}

OrrValue *
orr_index_set (OrrEval *ev, gsize pos, OrrValue *target, gboolean may_modify, guint nidx,
               OrrValue *const *idx, const gsize *arg_pos, const OrrValue *rhs)
{
  gsize base_rows = target ? target->rows : 0, base_cols = target ? target->cols : 0;
  gsize m = orr_value_numel_fast (rhs), new_rows, new_cols, count;
  IndexList a = { 0 }, b = { 0 };
  OrrValue *r = NULL;
  OrrType type;

  if (rhs->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "cannot store a string inside a matrix; assign it to a whole variable");
  if (target && target->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "cannot assign into part of a string");
  if (nidx == 0)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_INDEX,
                          "an indexed assignment needs at least one index");
  if (!effective_count (ev, pos, nidx, idx, arg_pos, &nidx))
    return NULL;
  if (rhs->type == ORR_TYPE_DOUBLE && rhs->rows == 0 && rhs->cols == 0)
    {
      OrrValue *empty = NULL;

      if (target == NULL)
        target = empty = orr_value_alloc (ORR_TYPE_DOUBLE, 0, 0);
      r = delete_elements (ev, pos, target, nidx, idx, arg_pos);
      orr_value_unref (empty);
      return r;
    }
  if (!assign_type (ev, pos, target, rhs, &type))
    return NULL;

  if (nidx == 1)
    {
      gsize numel = base_rows * base_cols;

      if (!resolve (ev, APOS (0), idx[0], numel, &a))
        return NULL;
      count = a.n;
      new_rows = base_rows;
      new_cols = base_cols;
      if (a.max > numel)
        {
          if (numel == 0 || base_rows == 1)
            new_rows = 1, new_cols = a.max;
          else if (base_cols == 1)
            new_rows = a.max;
          else
            {
              orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                             "cannot grow a " FMT_SIZE
                             " matrix with a single index; use A(row, column)",
                             base_rows, base_cols);
              goto out;
            }
        }
    }
  else
    {
      if (idx[1] != NULL && !resolve (ev, APOS (1), idx[1], base_cols, &b))
        return NULL;
      if (idx[0] == NULL && base_rows == 0)
        set_colon (&a, m == 1 ? 1 : idx[1] == NULL ? rhs->rows : b.n ? m / b.n : 0);
      else if (!resolve (ev, APOS (0), idx[0], base_rows, &a))
        goto out;
      if (idx[1] == NULL)
        {
          if (base_cols == 0)
            set_colon (&b, m == 1 ? 1 : idx[0] == NULL ? rhs->cols : a.n ? m / a.n : 0);
          else
            set_colon (&b, base_cols);
        }
      count = a.n * b.n;
      new_rows = MAX (base_rows, a.max);
      new_cols = MAX (base_cols, b.max);
    }
  if (m != 1 && m != count)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                     "cannot assign %" G_GSIZE_FORMAT " elements (" FMT_SIZE ") to %" G_GSIZE_FORMAT
                     " positions",
                     m, rhs->rows, rhs->cols, count);
      goto out;
    }
  if (!orr_eval_check_size (ev, pos, (double)new_rows, (double)new_cols)
      || !orr_eval_charge (ev, pos, (double)count))
    goto out;

  if (may_modify && target && target->type == type
      && ((new_rows == base_rows && new_cols == base_cols)
          || (orr_eval_charge (ev, pos, (double)(new_rows * new_cols - base_rows * base_cols))
              && grow_in_place (target, new_rows, new_cols))))
    r = orr_value_ref (target);
  else if (ev->error == NULL)
    r = enlarged_copy (ev, pos, target, type, new_rows, new_cols);
  if (r == NULL)
    goto out;

  if (nidx == 1)
    for (gsize k = 0; k < count; k++)
      store (r, index_at (&a, k), rhs, m == 1 ? 0 : k);
  else
    {
      gsize k = 0;

      for (gsize j = 0; j < b.n; j++)
        for (gsize i = 0; i < a.n; i++, k++)
          store (r, index_at (&a, i) + index_at (&b, j) * new_rows, rhs, m == 1 ? 0 : k);
    }
out:
  index_list_clear (&a);
  index_list_clear (&b);
  return r;
}

OrrValue *
orr_index_column (const OrrValue *v, gsize j)
{
  gsize es = orr_type_element_size (v->type);
  OrrValue *r = orr_value_alloc (v->type, v->rows, 1);

  if (v->rows)
    memcpy (r->data, (const char *)v->data + j * v->rows * es, v->rows * es);
  return r;
}
