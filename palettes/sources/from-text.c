/* from-text.c: FromText, a signal read from a plain text file of numbers
 * in columns separated by spaces or tabs (the layout of MATLAB's and
 * Scilab's ASCII matrix files, gnuplot data...): the first column holds
 * the times, the columns chosen hold the output's elements. Empty lines
 * and lines starting with # or % are skipped, and so is a first line
 * whose first field is not a number (column names).
 *
 * As FromCSV, the file is read at initialisation, with the file and the
 * line in any message, and played back held or interpolated. */
#include "sources-classes.h"
#include "from-table.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec from_text_params[] = {
  { "file", N_ ("File name"), "'data.txt'",
    N_ ("The text file to read, a quoted string; a relative path starts in the model's folder. "
        "Numbers are separated by spaces or tabs and use a decimal point; the first "
        "column holds strictly increasing times; a first line of column names is skipped, and so "
        "are empty lines and lines starting with # or %.") },
  { "columns", N_ ("Columns"), "2", ORR_FROM_TABLE_COLUMNS_HELP },
  { "method", N_ ("Interpolation"), "2", ORR_FROM_TABLE_METHOD_HELP, ORR_PARAM_CHOICE,
    orr_from_table_method_choices },
};

static gboolean
from_text_configure (OrrConfig *config, GError **error)
{
  return orr_from_table_configure (config, NULL, error);
}

static gboolean
parse_number (const char *text, double *value)
{
  char *end;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*value);
}

/* The fields of a line, empty ones (runs of blanks) dropped. */
static GPtrArray *
split_fields (char *line)
{
  GPtrArray *fields = g_ptr_array_new ();
  char *save = NULL;

  for (char *f = strtok_r (line, " \t", &save); f != NULL; f = strtok_r (NULL, " \t", &save))
    g_ptr_array_add (fields, f);
  return fields;
}

static OrrFromTable *
read_text (OrrSimBlock *block, const char *path, char **message)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  const int *columns = block->ipar + 1;
  int m = orr_block_out_numel (block, 0);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (double)); /* m per line */
  gboolean seen_content = FALSE;
  g_autofree double *matrix = NULL;
  g_autofree int *wanted = NULL;
  g_autofree char *where = NULL;
  int n;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      *message = g_strdup_printf ("cannot read '%s': %s", path, error->message);
      return NULL;
    }
  lines = g_strsplit (text, "\n", -1);
  for (int l = 0; lines[l] != NULL; l++)
    {
      char *line = g_strstrip (lines[l]); /* also drops a \r of CRLF files */
      g_autoptr (GPtrArray) fields = NULL;
      double t;

      if (*line == '\0' || *line == '#' || *line == '%')
        continue;
      fields = split_fields (line);
      if (!parse_number (fields->pdata[0], &t))
        {
          if (!seen_content)
            {
              seen_content = TRUE;
              continue;
            }
          *message = g_strdup_printf ("%s line %d: the time '%s' is not a finite number", path,
                                      l + 1, (const char *)fields->pdata[0]);
          return NULL;
        }
      seen_content = TRUE;
      g_array_append_val (times, t);
      for (int j = 0; j < m; j++)
        {
          double v;

          if (columns[j] > (int)fields->len)
            {
              *message = g_strdup_printf ("%s line %d: column %d is wanted but the line has %u",
                                          path, l + 1, columns[j], fields->len);
              return NULL;
            }
          if (!parse_number (fields->pdata[columns[j] - 1], &v))
            {
              *message
                = g_strdup_printf ("%s line %d: column %d, '%s', is not a finite number", path,
                                   l + 1, columns[j], (const char *)fields->pdata[columns[j] - 1]);
              return NULL;
            }
          g_array_append_val (rows, v);
        }
    }

  /* As a matrix [times, chosen columns], so the shared checks (increasing
   * times, at least two rows) apply; rows are counted among data lines. */
  n = times->len;
  matrix = g_new (double, (gsize)MAX (n, 1) * (1 + m));
  wanted = g_new (int, MAX (m, 1));
  for (int i = 0; i < n; i++)
    {
      matrix[i] = g_array_index (times, double, i);
      for (int j = 0; j < m; j++)
        matrix[(gsize)(1 + j) * n + i] = g_array_index (rows, double, (gsize)i *m + j);
    }
  for (int j = 0; j < m; j++)
    wanted[j] = 2 + j;
  where = g_strdup_printf ("'%s'", path);
  return orr_from_table_from_matrix (matrix, n, 1 + m, wanted, m, where, message);
}

static void
from_text_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_from_table_simulate (block, job, read_text);
}

const OrrBlockClass orr_from_text_class = {
  .name = "FromText",
  .palette = N_ ("Sources"),
  .label = N_ ("From text"),
  .description = N_ ("A signal read from a text file of numbers in columns, times first, "
                     "interpolated in between."),
  .icon_text = "txt",
  .params = from_text_params,
  .n_params = G_N_ELEMENTS (from_text_params),
  .configure = from_text_configure,
  .simulate = from_text_simulate,
};
