/* from-csv.c: FromCSV, a signal read from a CSV file: the first column
 * holds the times, the columns chosen hold the output's elements.
 *
 * The file is read at initialisation, so that a missing or malformed file
 * stops the run before any time is spent, with the file and the line in
 * the message. Configure does not touch the file (it runs in the editor at
 * every keystroke): the output's size comes from the list of columns.
 *
 * Then the block behaves like SignalGenerator: values held or linearly
 * interpolated between the times and held before the first and after the
 * last, with the current interval as the mode and a surface at the next
 * time, so a variable-step solver stops exactly at each one. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "lookup/orr-interp.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  METHOD_HOLD = 1,
  METHOD_LINEAR = 2,
};

/* The largest file read (docs/reliability.md, "Limits"): a table of
 * about ten million rows. */
#define FROM_CSV_MAX_BYTES ((gsize)256 << 20)

/* What init read: n times and m series of n values, one after the other. */
typedef struct
{
  int n, m;
  double *times;
  double *values;
} FromCsvWork;

static const char *const method_choices[] = { N_ ("Hold (zero order)"), N_ ("Linear"), NULL };

static const OrrParamSpec from_csv_params[] = {
  { "file", N_ ("File name"), "'data.csv'",
    N_ ("The CSV file to read, a quoted string; a relative path is relative to the working "
        "directory. Fields are separated by commas and use a decimal point; the first column "
        "holds strictly increasing times; an optional first line of column names is skipped, and "
        "so are empty lines and lines starting with #.") },
  { "columns", N_ ("Columns"), "2",
    N_ ("The columns to output, counted from 1 with the times in column 1 (so 2 is the first "
        "data column): a vector of whole numbers, one per output element.") },
  { "method", N_ ("Interpolation"), "2",
    N_ ("Between the times: 1 hold the last value (steps); 2 linear. Before the first time and "
        "after the last the end values are held."),
    ORR_PARAM_CHOICE, method_choices },
};

static gboolean
from_csv_configure (OrrConfig *config, GError **error)
{
  OrrValue *file = orr_config_get_param (config, "file");
  const double *columns;
  int m, method;
  g_autofree int *ipar = NULL;

  if (file == NULL || orr_value_get_type_id (file) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "file", "must be a quoted file name, e.g. 'data.csv'");
      return FALSE;
    }
  if (*orr_value_get_string (file) == '\0')
    {
      orr_param_set_error (error, "file", "must not be empty");
      return FALSE;
    }
  if (!orr_param_get_vector (config, "columns", &columns, &m, error)
      || !orr_param_get_int_range (config, "method", METHOD_HOLD, METHOD_LINEAR, &method, error))
    return FALSE;

  /* ipar = method, then the columns */
  ipar = g_new (int, 1 + m);
  ipar[0] = method;
  for (int j = 0; j < m; j++)
    {
      if (columns[j] != floor (columns[j]) || columns[j] < 2 || columns[j] > G_MAXINT)
        {
          orr_param_set_error (error, "columns",
                               "must hold whole numbers of 2 or more (column 1 holds the "
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
  orr_config_set_ipar (config, ipar, 1 + m);
  return TRUE;
}

static void
work_free (FromCsvWork *work)
{
  if (work == NULL)
    return;
  g_free (work->times);
  g_free (work->values);
  g_free (work);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FromCsvWork, work_free)

/* A whole field as a finite number. */
static gboolean
parse_number (const char *field, double *value)
{
  g_autofree char *text = g_strstrip (g_strdup (field));
  char *end;

  if (*text == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return *end == '\0' && isfinite (*value);
}

/* Reads path into a FromCsvWork, or NULL with *message naming the file
 * and, for bad content, the line. */
static FromCsvWork *
read_csv (const char *path, const int *columns, int m, char **message)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (double)); /* m per line */
  g_autoptr (FromCsvWork) work = NULL;
  gboolean seen_content = FALSE;
  int n;

  /* A regular file of bounded size: /dev/zero or a pipe would otherwise
   * fill memory or block the run forever. */
  if (!orr_read_input_file (path, FROM_CSV_MAX_BYTES, &text, NULL, &error))
    {
      *message = g_strdup_printf ("cannot read the data: %s", error->message);
      return NULL;
    }

  lines = g_strsplit (text, "\n", -1);
  for (int l = 0; lines[l] != NULL; l++)
    {
      g_auto (GStrv) fields = NULL;
      char *line = g_strstrip (lines[l]); /* also drops a \r of CRLF files */
      int n_fields;
      double t;

      if (*line == '\0' || *line == '#')
        continue;
      fields = g_strsplit (line, ",", -1);
      n_fields = g_strv_length (fields);

      if (!parse_number (fields[0], &t))
        {
          /* The first line may name the columns. */
          if (!seen_content)
            {
              seen_content = TRUE;
              continue;
            }
          *message = g_strdup_printf ("%s line %d: the time '%s' is not a finite number", path,
                                      l + 1, g_strstrip (fields[0]));
          return NULL;
        }
      seen_content = TRUE;
      if (times->len > 0 && !(t > g_array_index (times, double, times->len - 1)))
        {
          *message
            = g_strdup_printf ("%s line %d: the time %g does not follow %g (times must "
                               "increase)",
                               path, l + 1, t, g_array_index (times, double, times->len - 1));
          return NULL;
        }
      g_array_append_val (times, t);

      for (int j = 0; j < m; j++)
        {
          double v;

          if (columns[j] > n_fields)
            {
              *message = g_strdup_printf ("%s line %d: column %d is wanted but the line has %d",
                                          path, l + 1, columns[j], n_fields);
              return NULL;
            }
          if (!parse_number (fields[columns[j] - 1], &v))
            {
              *message
                = g_strdup_printf ("%s line %d: column %d, '%s', is not a finite number", path,
                                   l + 1, columns[j], g_strstrip (fields[columns[j] - 1]));
              return NULL;
            }
          g_array_append_val (rows, v);
        }
    }

  n = times->len;
  if (n < 2)
    {
      *message = g_strdup_printf ("%s: at least 2 lines of data are needed, found %d", path, n);
      return NULL;
    }

  work = g_new0 (FromCsvWork, 1);
  work->n = n;
  work->m = m;
  work->times = g_memdup2 (times->data, n * sizeof (double));
  work->values = g_new (double, (gsize)n *m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      work->values[j * n + i] = g_array_index (rows, double, i *m + j);
  return g_steal_pointer (&work);
}

static OrrInterpTable
series (const OrrSimBlock *block, const FromCsvWork *work, int j)
{
  OrrInterpTable table = {
    .n = work->n,
    .x = work->times,
    .y = work->values + j * work->n,
    .slopes = NULL,
    .method = block->ipar[0] == METHOD_HOLD ? ORR_INTERP_FLOOR : ORR_INTERP_LINEAR,
    .extrapolation = ORR_EXTRAP_HOLD,
  };

  return table;
}

static void
from_csv_simulate (OrrSimBlock *block, OrrJob job)
{
  FromCsvWork *work = block->work;
  double t = orr_block_get_time (block);
  gboolean use_modes = block->nmode > 0 && orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_INIT:
        {
          g_autofree char *message = NULL;

          block->work = read_csv (orr_value_get_string (block->opar[0]), block->ipar + 1,
                                  orr_block_out_numel (block, 0), &message);
          if (block->work == NULL)
            orr_block_error (block, "%s", message);
        }
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          int m = orr_block_out_numel (block, 0);

          if (work == NULL)
            {
              memset (y, 0, m * sizeof (double));
              break;
            }
          for (int j = 0; j < m; j++)
            {
              OrrInterpTable table = series (block, work, j);

              y[j] = use_modes ? orr_interp_eval_segment (&table, block->mode[0], t)
                               : orr_interp_eval (&table, t);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (work != NULL && block->nmode > 0)
          {
            /* Every series shares the times, so one segment serves all. */
            OrrInterpTable table = series (block, work, 0);

            if (!use_modes)
              block->mode[0] = orr_interp_segment (&table, t);
            if (block->ng > 0)
              block->g[0] = orr_interp_surface (&table, block->mode[0], t);
          }
        else if (block->ng > 0)
          block->g[0] = 1.0;
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, work_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_from_csv_class = {
  .name = "FromCSV",
  .palette = N_ ("Sources"),
  .label = N_ ("From CSV"),
  .description = N_ ("A signal read from a CSV file of times and values, interpolated in between."),
  .icon_text = "csv",
  .params = from_csv_params,
  .n_params = G_N_ELEMENTS (from_csv_params),
  .configure = from_csv_configure,
  .simulate = from_csv_simulate,
};
