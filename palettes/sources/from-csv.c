/* from-csv.c: FromCSV, a signal read from a CSV file: the first column
 * holds the times, the columns chosen hold the output's elements. The
 * parameters and the playback are those of every file-reading source
 * (from-table.h); this file only reads CSV.
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
#include "from-table.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* The largest file read (docs/reliability.md, "Limits"): a table of
 * about ten million rows. */
#define FROM_CSV_MAX_BYTES ((gsize)256 << 20)

static const OrrParamSpec from_csv_params[] = {
  { "file", N_ ("File name"), "'data.csv'",
    N_ ("The CSV file to read, a quoted string; a relative path starts in the model's folder. "
        "Fields are separated by commas and use a decimal point; the first column "
        "holds strictly increasing times; an optional first line of column names is skipped, and "
        "so are empty lines and lines starting with #.") },
  { "columns", N_ ("Columns"), "2",
    N_ ("The columns to output, counted from 1 with the times in column 1 (so 2 is the first "
        "data column): a vector of whole numbers, one per output element.") },
  { "method", N_ ("Interpolation"), "2",
    N_ ("Between the times: 1 hold the last value (steps); 2 linear. Before the first time and "
        "after the last the end values are held."),
    ORR_PARAM_CHOICE, orr_from_table_method_choices },
};

static gboolean
from_csv_configure (OrrConfig *config, GError **error)
{
  return orr_from_table_configure (config, NULL, error);
}

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

/* Reads the block's file into a table of the columns its ipar names,
 * or NULL with *message naming the file and, for bad content, the line. */
static OrrFromTable *
read_csv (OrrSimBlock *block, const char *path, char **message)
{
  const int *columns = block->ipar + 1;
  int m = orr_block_out_numel (block, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (double)); /* m per line */
  g_autoptr (OrrFromTable) work = NULL;
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

  work = g_new0 (OrrFromTable, 1);
  work->n = n;
  work->m = m;
  work->times = g_memdup2 (times->data, n * sizeof (double));
  work->values = g_new (double, (gsize)n *m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      work->values[j * n + i] = g_array_index (rows, double, i *m + j);
  return g_steal_pointer (&work);
}

static void
from_csv_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_from_table_simulate (block, job, read_csv);
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
