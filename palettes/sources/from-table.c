/* from-table.c: the parameters, checks and playback the file-reading
 * sources share (see from-table.h). The playback is FromCSV's: values held
 * or linearly interpolated between the times, the end values held outside
 * them, the current interval as the mode and a surface at the next time so
 * that a variable-step solver stops exactly at each one. */
#include "from-table.h"
#include "orr-block-params.h"
#include "lookup/orr-interp.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

enum
{
  METHOD_HOLD = 1,
  METHOD_LINEAR = 2,
};

const char *const orr_from_table_method_choices[]
  = { N_ ("Hold (zero order)"), N_ ("Linear"), NULL };

void
orr_from_table_free (OrrFromTable *table)
{
  if (table == NULL)
    return;
  g_free (table->times);
  g_free (table->values);
  g_free (table);
}

static gboolean
get_string (OrrConfig *config, const char *name, const char *example, OrrValue **value,
            GError **error)
{
  *value = orr_config_get_param (config, name);
  if (*value == NULL || orr_value_get_type_id (*value) != ORR_TYPE_STRING)
    {
      if (example == NULL)
        orr_param_set_error (error, name, "must be a file name in quotes");
      else
        orr_param_set_error (error, name, "must be a quoted string, e.g. %s", example);
      return FALSE;
    }
  if (*orr_value_get_string (*value) == '\0')
    {
      orr_param_set_error (error, name, "must not be empty");
      return FALSE;
    }
  return TRUE;
}

gboolean
orr_from_table_configure (OrrConfig *config, const char *name_param, GError **error)
{
  OrrValue *file, *name = NULL;
  const double *columns;
  int m, method;
  g_autofree int *ipar = NULL;

  if (!get_string (config, "file", NULL, &file, error))
    return FALSE;
  if (name_param != NULL && !get_string (config, name_param, "'x'", &name, error))
    return FALSE;
  if (!orr_param_get_vector (config, "columns", &columns, &m, error)
      || !orr_param_get_int_range (config, "method", METHOD_HOLD, METHOD_LINEAR, &method, error))
    return FALSE;

  ipar = g_new (int, 1 + m);
  ipar[0] = method;
  for (int j = 0; j < m; j++)
    {
      /* column 1, the times, is allowed too: held, it is the time of the
       * row in effect (the Xcos reader makes RFILE_f's events from it) */
      if (columns[j] != floor (columns[j]) || columns[j] < 1 || columns[j] > G_MAXINT)
        {
          orr_param_set_error (error, "columns",
                               "must hold whole numbers of 1 or more (column 1 holds the "
                               "times), not %g",
                               columns[j]);
          return FALSE;
        }
      ipar[1 + j] = (int)columns[j];
    }

  orr_config_add_output (config, m, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  orr_config_add_opar (config, file);
  if (name != NULL)
    orr_config_add_opar (config, name);
  orr_config_set_ipar (config, ipar, 1 + m);
  return TRUE;
}

gboolean
orr_from_table_check_file (const char *path, char **message)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;

      *message = g_strdup_printf ("cannot read '%s': %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      *message = g_strdup_printf (
        "cannot read '%s': not a regular file; only regular files are read", path);
      return FALSE;
    }
  if ((gint64)st.st_size > ORR_FROM_TABLE_MAX_BYTES)
    {
      *message = g_strdup_printf ("'%s' is too big to read (%" G_GINT64_FORMAT
                                  " bytes, at most %" G_GINT64_FORMAT ")",
                                  path, (gint64)st.st_size, ORR_FROM_TABLE_MAX_BYTES);
      return FALSE;
    }
  return TRUE;
}

OrrFromTable *
orr_from_table_from_matrix (const double *data, int rows, int cols, const int *columns, int m,
                            const char *where, char **message)
{
  g_autoptr (OrrFromTable) table = NULL;
  int table_repeated = 0;
  double table_repeated_time = 0;

  if (rows < 2)
    {
      *message = g_strdup_printf ("%s: at least 2 rows of data are needed, found %d", where, rows);
      return NULL;
    }
  for (int j = 0; j < m; j++)
    if (columns[j] > cols)
      {
        *message = g_strdup_printf ("%s: column %d is wanted but the data has %d", where,
                                    columns[j], cols);
        return NULL;
      }
  for (int i = 0; i < rows; i++)
    {
      if (!isfinite (data[i]))
        {
          *message = g_strdup_printf ("%s row %d: the time is not a finite number", where, i + 1);
          return NULL;
        }
      if (i > 0 && data[i] == data[i - 1] && table_repeated == 0)
        {
          table_repeated = i + 1;
          table_repeated_time = data[i];
        }
      if (i > 0 && !(data[i] >= data[i - 1]))
        {
          *message = g_strdup_printf ("%s row %d: the time %g does not follow %g (times must "
                                      "increase)",
                                      where, i + 1, data[i], data[i - 1]);
          return NULL;
        }
    }

  table = g_new0 (OrrFromTable, 1);
  table->m = m;
  table->repeated_row = table_repeated;
  table->repeated_time = table_repeated_time;
  table->times = g_new (double, rows);
  table->values = g_new (double, (gsize)rows *MAX (m, 1));
  for (int i = 0; i < rows; i++)
    if (i + 1 == rows || data[i + 1] != data[i]) /* of equal times, the last row */
      table->times[table->n++] = data[i];
  for (int j = 0; j < m; j++)
    for (int i = 0, k = 0; i < rows; i++)
      {
        double v = data[(gsize)(columns[j] - 1) * rows + i];

        if (!isfinite (v))
          {
            *message = g_strdup_printf ("%s row %d: column %d is not a finite number", where, i + 1,
                                        columns[j]);
            return NULL;
          }
        if (i + 1 == rows || data[i + 1] != data[i])
          table->values[(gsize)j * table->n + k++] = v;
      }
  if (table->n < 2)
    {
      *message = g_strdup_printf ("%s row %d: the time %g repeats, which leaves fewer than 2 "
                                  "different times",
                                  where, table_repeated, table_repeated_time);
      return NULL;
    }
  return g_steal_pointer (&table);
}

static OrrInterpTable
series (const OrrSimBlock *block, const OrrFromTable *table, int j)
{
  OrrInterpTable interp = {
    .n = table->n,
    .x = table->times,
    .y = table->values + (gsize)j * table->n,
    .slopes = NULL,
    .method = block->ipar[0] == METHOD_HOLD ? ORR_INTERP_FLOOR : ORR_INTERP_LINEAR,
    .extrapolation = ORR_EXTRAP_HOLD,
  };

  return interp;
}

void
orr_from_table_simulate (OrrSimBlock *block, OrrJob job, OrrFromTableReader read)
{
  OrrFromTable *table = block->work;
  double t = orr_block_get_time (block);
  gboolean use_modes = block->nmode > 0 && orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_INIT:
        {
          g_autofree char *message = NULL;
          /* SignalIn's table is a parameter, not a file */
          g_autofree char *path
            = block->n_opar > 0
                ? orr_block_input_path (block, orr_value_get_string (block->opar[0]))
                : NULL;

          if (path == NULL || orr_from_table_check_file (path, &message))
            block->work = read (block, path, &message);
          if (block->work == NULL)
            orr_block_error (block, "%s", message);
          else if (((OrrFromTable *)block->work)->repeated_row > 0 && block->ipar[0] != METHOD_HOLD)
            {
              /* interpolated, the row kept would hide the jump */
              OrrFromTable *tab = block->work;
              orr_block_error (block,
                               "%s row %d: the time %g repeats; repeated times (a step) are "
                               "read with the hold method only",
                               path != NULL ? path : "the table", tab->repeated_row,
                               tab->repeated_time);
              g_clear_pointer (&block->work, orr_from_table_free);
            }
        }
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          int m = orr_block_out_numel (block, 0);

          if (table == NULL)
            {
              memset (y, 0, m * sizeof (double));
              break;
            }
          for (int j = 0; j < m; j++)
            {
              OrrInterpTable interp = series (block, table, j);

              y[j] = use_modes ? orr_interp_eval_segment (&interp, block->mode[0], t)
                               : orr_interp_eval (&interp, t);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (table != NULL && block->nmode > 0)
          {
            /* Every series shares the times, so one segment serves all. */
            OrrInterpTable interp = series (block, table, 0);

            if (!use_modes)
              block->mode[0] = orr_interp_segment (&interp, t);
            if (block->ng > 0)
              block->g[0] = orr_interp_surface (&interp, block->mode[0], t);
          }
        else if (block->ng > 0)
          block->g[0] = 1.0;
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, orr_from_table_free);
        break;

      default:
        break;
    }
}
