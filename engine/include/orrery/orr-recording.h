/* orr-recording.h: what a simulation's recording blocks (Scope, ToCSV,
 * SignalOut, ...) produced, kept in memory as arrays: one signal per
 * recording block, its sample times and its values (row-major, one row of
 * n_channels values per sample). orrery-sim writes it as CSV; scripts,
 * studies and analyses read the arrays directly.
 *
 * A recording becomes the reader of every stream of its simulation
 * (orr_simulation_get_stream), so no sample is dropped: drain it from the
 * thread that reads while the simulation runs (or after each run), and
 * finish it before the simulation is freed. What it holds stays valid
 * after the simulation and its program are gone.
 *
 * Thread rules: one thread drains and finishes; the getters are for that
 * thread, or for any thread once the recording is finished.
 */
#pragma once

#include <gio/gio.h>
#include <orrery/orr-program.h>
#include <orrery/orr-simulation.h>

G_BEGIN_DECLS

typedef struct _OrrRecording OrrRecording;

#define ORR_RECORDING_ERROR (orr_recording_error_quark ())
GQuark orr_recording_error_quark (void);

typedef enum
{
  ORR_RECORDING_ERROR_MEMORY, /* a signal outgrew the memory that could be had */
} OrrRecordingError;

OrrRecording *orr_recording_new (OrrSimulation *sim, const OrrProgram *program);
/* Records on the simulation's own thread, through its record function
 * (orr_simulation_set_record_func), instead of reading its streams:
 * nothing to drain, for a caller that runs the simulation and then reads
 * on the same thread (studies, scripts). A signal that cannot grow stops
 * the simulation; finish then gives the error. */
OrrRecording *orr_recording_new_direct (OrrSimulation *sim, const OrrProgram *program);
OrrRecording *orr_recording_ref (OrrRecording *recording);
void orr_recording_unref (OrrRecording *recording);

/* Moves what the streams hold into the arrays: everything when max_chunks
 * is 0, else at most that many chunks (about 1 MB each) per stream, so that
 * a producer as fast as the reader cannot keep the reader's thread here.
 * FALSE with an error naming the block when a signal cannot grow; what
 * was recorded before stays. */
gboolean orr_recording_drain (OrrRecording *recording, guint max_chunks, GError **error);
/* Drains everything and lets go of the simulation (call before it is
 * freed). */
gboolean orr_recording_finish (OrrRecording *recording, GError **error);

/* The signals in program order: the recording blocks that produced at
 * least one stream so far (stable once finished). */
guint orr_recording_get_n_signals (OrrRecording *recording);
/* The index of the signal recorded by the block at path, or -1. */
int orr_recording_find (OrrRecording *recording, const char *path);
const char *orr_recording_get_path (OrrRecording *recording, guint signal);
const char *orr_recording_get_class_name (OrrRecording *recording, guint signal);
guint orr_recording_get_n_channels (OrrRecording *recording, guint signal);
/* A SignalOut's channels carry its signal's name ("speed", "speed[2]"),
 * any other block's its path ("Plant/Scope[1]"). */
char *orr_recording_dup_channel_name (OrrRecording *recording, guint signal, guint channel);
gsize orr_recording_get_n_samples (OrrRecording *recording, guint signal);
/* n_samples times, in order */
const double *orr_recording_get_times (OrrRecording *recording, guint signal);
/* n_samples * n_channels values, sample after sample */
const double *orr_recording_get_values (OrrRecording *recording, guint signal);

/* CSV: a "time" column, then one column per channel of every signal (in
 * program order), named as orr_recording_dup_channel_name() says; each
 * sample is a row with its own signal's columns filled and the others
 * empty, rows merged by time (at equal times, in program order). Numbers
 * are written with 17 significant digits, so they read back exactly. */
gboolean orr_recording_write_csv (OrrRecording *recording, GOutputStream *out,
                                  GCancellable *cancellable, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrRecording, orr_recording_unref)

G_END_DECLS
