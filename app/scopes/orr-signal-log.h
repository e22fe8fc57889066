/* orr-signal-log.h: what one recording block (Scope, XYScope, EventScope,
 * Display) recorded during a run, kept on the main thread for the scope
 * widgets: times and n channels, appended in time order, never dropped.
 *
 * The run controller fills logs from the simulation's streams; scope views
 * draw them. Appending is amortised O(1); the per-column minimum and
 * maximum a plot needs are answered from a summary pyramid, built as the
 * ranges are asked for, so a log of millions of samples redraws in
 * milliseconds. Main thread only; GLib only
 * (no display needed), so benchmarks and tests run without one.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_SIGNAL_LOG_TIME,   /* Scope, Display: channels against time */
  ORR_SIGNAL_LOG_XY,     /* XYScope: channel 2k against channel 2k+1 */
  ORR_SIGNAL_LOG_EVENTS, /* EventScope: the value is the input (1-based) that fired */
  ORR_SIGNAL_LOG_SHAPES, /* Anim2D: channel 0 says what (1 move, 2 snapshot, 3 both), the
                          * others are the shapes' inputs (see OrrSignalLogShapes) */
} OrrSignalLogKind;

/* How to read the samples of a SHAPES log: the Anim2D block's inputs in
 * order, each a rows x cols matrix (column-major, after channel 0) of
 * shapes of one kind (palettes/sinks/anim2d.c), the visible area
 * [xmin xmax ymin ymax], the zoom (pixels per unit) and the colour table
 * (n_colors rows of r, g, b; -1: unfilled). */
typedef struct
{
  guint n_inputs;
  int *kinds;
  int *rows;
  int *cols;
  double area[4];
  double zoom;
  guint n_colors;
  double *colors;
} OrrSignalLogShapes;

#define ORR_TYPE_SIGNAL_LOG (orr_signal_log_get_type ())
G_DECLARE_FINAL_TYPE (OrrSignalLog, orr_signal_log, ORR, SIGNAL_LOG, GObject)

/* title: what the scope shows above the plot, usually the block's path. */
OrrSignalLog *orr_signal_log_new (OrrSignalLogKind kind, const char *title, guint n_channels);

OrrSignalLogKind orr_signal_log_get_kind (OrrSignalLog *log);
const char *orr_signal_log_get_title (OrrSignalLog *log);
guint orr_signal_log_get_n_channels (OrrSignalLog *log);
/* Channel names for the legend; "u1", "u2" ... until set. */
void orr_signal_log_set_channel_name (OrrSignalLog *log, guint channel, const char *name);
const char *orr_signal_log_get_channel_name (OrrSignalLog *log, guint channel);

/* The value range the block's parameters ask for (Scope ymin/ymax,
 * XYScope xmin/xmax/ymin/ymax); the view's fixed range until the user
 * changes it. */
void orr_signal_log_set_hint_range (OrrSignalLog *log, double xmin, double xmax, double ymin,
                                    double ymax);
gboolean orr_signal_log_get_hint_range (OrrSignalLog *log, double *xmin, double *xmax, double *ymin,
                                        double *ymax);

/* A TIME log drawn as several plots sharing the time axis (MultiScope):
 * n_axes groups of consecutive channels, sizes[a] channels in axis a,
 * its value range ranges[2a], ranges[2a + 1] (NULL: -1 ... 1). Set once;
 * a log without axes has one. */
void orr_signal_log_set_axes (OrrSignalLog *log, guint n_axes, const guint *sizes,
                              const double *ranges);
guint orr_signal_log_get_n_axes (OrrSignalLog *log);
/* The channels [first, first + count) of axis and its range. */
void orr_signal_log_get_axis (OrrSignalLog *log, guint axis, guint *first, guint *count,
                              double *ymin, double *ymax);

/* The shapes a SHAPES log holds, copied; NULL before they are set. */
void orr_signal_log_set_shapes (OrrSignalLog *log, const OrrSignalLogShapes *shapes);
const OrrSignalLogShapes *orr_signal_log_get_shapes (OrrSignalLog *log);

/* The span of the run, for a time axis that shows the whole run:
 * [start, final]. */
void orr_signal_log_set_time_span (OrrSignalLog *log, double start, double final);
void orr_signal_log_get_time_span (OrrSignalLog *log, double *start, double *final);

/* How many significant digits a value of the log is shown with (a
 * Display's "digits"), 1 to 17; 0 when its block has no preference. */
void orr_signal_log_set_digits (OrrSignalLog *log, guint digits);
guint orr_signal_log_get_digits (OrrSignalLog *log);

/* Appends n samples: t[i], and values[i * n_channels + c]. Times must not
 * decrease. Emits "appended" (guint n) once per call. */
void orr_signal_log_append (OrrSignalLog *log, const double *t, const double *values, guint n);
/* For a reader appending in pieces, straight from where the samples lie
 * (a stream's ring, orr_stream_peek()): appends rows of stride doubles
 * (stride > n_channels), sample i being rows[i * stride] (its time) then
 * its n_channels values; but emits nothing: the reader calls
 * orr_signal_log_emit_appended() when done with its source, which emits
 * "appended" once for every sample appended so since. */
void orr_signal_log_append_rows (OrrSignalLog *log, const double *rows, gsize stride, guint n);
void orr_signal_log_emit_appended (OrrSignalLog *log);
/* Forgets every sample (a new run); emits "cleared". */
void orr_signal_log_clear (OrrSignalLog *log);

guint64 orr_signal_log_get_n_samples (OrrSignalLog *log);
double orr_signal_log_get_t (OrrSignalLog *log, guint64 index);
double orr_signal_log_get_value (OrrSignalLog *log, guint64 index, guint channel);
/* The first sample at or after t (n_samples when none). */
guint64 orr_signal_log_find_time (OrrSignalLog *log, double t);

/* Smallest and largest finite value of channel over all samples (or over
 * samples with t0 <= t <= t1 with the _in_ variant). FALSE when there is
 * none. */
gboolean orr_signal_log_get_value_range (OrrSignalLog *log, guint channel, double *min,
                                         double *max);
gboolean orr_signal_log_get_value_range_in (OrrSignalLog *log, guint channel, double t0, double t1,
                                            double *min, double *max);

/* For drawing channel against time over [t0, t1) split into n_columns equal
 * columns: for each column the smallest and largest value of the samples
 * in it, and the first and last of them (to join neighbouring columns);
 * NAN in all four where a column holds no sample. */
void orr_signal_log_decimate (OrrSignalLog *log, guint channel, double t0, double t1,
                              guint n_columns, double *mins, double *maxs, double *firsts,
                              double *lasts);

/* Writes "time,<channel names...>" then one line per sample, numbers in
 * the C locale with 17 significant digits. Atomic (temporary file and
 * rename). */
gboolean orr_signal_log_export_csv (OrrSignalLog *log, const char *path, GError **error);

G_END_DECLS
