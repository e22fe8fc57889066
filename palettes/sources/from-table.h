/* from-table.h: what the file-reading sources share (FromMat, FromHDF,
 * FromText): their common parameters, the checks on the file before it is
 * opened, the table they read (times and chosen columns) and the
 * simulation function that plays it back, held or linearly interpolated,
 * like FromCSV. Private to palettes/sources. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The biggest file these blocks read: beyond it the table would not fit
 * comfortably in memory, and the message says so before any reading. */
#define ORR_FROM_TABLE_MAX_BYTES ((gint64)1 << 31)

/* n times and m series of n values, series after series. */
typedef struct
{
  int n, m;
  double *times;
  double *values;
  /* The first data row (1-based) whose time repeats the one before, 0 if
   * none: of rows with the same time only the last is kept, which only
   * the hold method reads as the data meant (a step at that time). */
  int repeated_row;
  double repeated_time;
} OrrFromTable;

void orr_from_table_free (OrrFromTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrFromTable, orr_from_table_free)

/* Reads a table from the block's file into a new OrrFromTable, or NULL
 * with *message (to g_free) naming the file and what is wrong. path is
 * opar[0]; the block's other object parameters and ipar follow the layout
 * of orr_from_table_configure(). */
typedef OrrFromTable *(*OrrFromTableReader) (OrrSimBlock *block, const char *path, char **message);

/* Reads the "file", "columns" and "method" parameters (and, when
 * name_param is not NULL, that string parameter: a variable or data set
 * name, stored as opar[1]); sets one output of one element per column, the
 * surface and mode of the playback, opar[0] = the file and ipar = method
 * then the columns. */
gboolean orr_from_table_configure (OrrConfig *config, const char *name_param, GError **error);

/* Checks that path names a regular file no bigger than
 * ORR_FROM_TABLE_MAX_BYTES, so that a directory or a pipe gives a message
 * instead of an error deep in a library or a hang. */
gboolean orr_from_table_check_file (const char *path, char **message);

/* Builds the table from a column-major matrix of rows x cols doubles
 * whose column 1 holds the times: checks the times are finite and
 * do not decrease (a time repeated keeps its last row, see repeated_row),
 * that the chosen columns (1-based, from ipar) exist, and that
 * the values are finite. where names the data in messages ("'a.mat'
 * variable 'x'"). */
OrrFromTable *orr_from_table_from_matrix (const double *data, int rows, int cols,
                                          const int *columns, int m, const char *where,
                                          char **message);

/* The simulation function of every such block: init checks the file
 * (opar[0]) and calls read; a block without opar gets read (block, NULL). */
void orr_from_table_simulate (OrrSimBlock *block, OrrJob job, OrrFromTableReader read);

/* The parameters' help texts, shared so the blocks say the same thing. */
#define ORR_FROM_TABLE_COLUMNS_HELP                                                                \
  N_ ("The columns to output, counted from 1 with the times in column 1 (so 2 is the first "       \
      "data column): a vector of whole numbers, one per output element.")
#define ORR_FROM_TABLE_METHOD_HELP                                                                 \
  N_ ("Between the times: 1 hold the last value (steps); 2 linear. Before the first time and "     \
      "after the last the end values are held.")

extern const char *const orr_from_table_method_choices[];

G_END_DECLS
