/* test-stream.c: the streams from a running simulation to a reader on
 * another thread (orr_simulation_get_stream, orr_stream_peek/consume and
 * orr_stream_read): every sample arrives once, in order, unchanged, across
 * the blocks of the queue, however the reader reads; a stream nobody
 * reads keeps its first samples and drops the rest without blocking.
 *
 * The model records sample k = 0, 1, ... at t = k ms with values
 * (k + 1) * [1 ... 8] (a clock, a counter, a gain, a scope): each value is
 * known exactly, so the test compares with == (times within 1e-9 s).
 */
#include "counter-scope-model.h"

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-io.h>
#include <orrery/orr-simulation.h>

#include <math.h>
#include <string.h>

#define N_CHANNELS COUNTER_SCOPE_CHANNELS
/* many blocks of the queue, several times the ~8 MB a stream without
 * reader keeps */
#define N_SAMPLES 300000

/* A simulation of the model, not run yet. */
typedef struct
{
  OrrRegistry *registry;
  OrrProgram *program;
  OrrSimulation *sim;
  int scope; /* the Scope's program block */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = counter_scope_model (N_SAMPLES);
  g_autoptr (OrrModel) model = orr_model_load_data (text, strlen (text), "t", &error);

  g_assert_no_error (error);
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->program = orr_compile (model, f->registry, NULL, NULL, &error);
  g_assert_no_error (error);
  f->scope = -1;
  for (int b = 0; b < f->program->n_blocks; b++)
    if (g_strcmp0 (f->program->blocks[b].model_block_id, "s") == 0)
      f->scope = b;
  g_assert_cmpint (f->scope, >=, 0);
  f->sim = orr_simulation_new (f->program);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->sim, orr_simulation_free);
  g_clear_pointer (&f->program, orr_program_free);
  g_clear_pointer (&f->registry, orr_registry_free);
}

/* Sample k as the model records it. */
static void
assert_sample (guint64 k, const double *row)
{
  if (fabs (row[0] - k * 1e-3) > 1e-9)
    g_error ("sample %" G_GUINT64_FORMAT " at t = %.17g, not %.17g", k, row[0], k * 1e-3);
  for (int c = 0; c < N_CHANNELS; c++)
    if (row[1 + c] != (double)(k + 1) * (c + 1))
      g_error ("sample %" G_GUINT64_FORMAT " channel %d is %.17g, not %.17g", k, c, row[1 + c],
               (double)(k + 1) * (c + 1));
}

typedef struct
{
  OrrSimulation *sim;
  int block;
  gint done;         /* atomic: the run returned */
  gboolean use_read; /* orr_stream_read instead of peek/consume */
  guint64 count;     /* samples read, each checked */
} Reader;

static guint
read_some (Reader *reader, OrrStream *stream, GRand *rand)
{
  /* odd sizes, from 1 to 5000, so that reads straddle block ends */
  guint max = g_rand_int_range (rand, 1, 5001);

  if (reader->use_read)
    {
      g_autofree double *t = g_new (double, max);
      g_autofree double *values = g_new (double, (gsize)max *N_CHANNELS);
      guint n = orr_stream_read (stream, t, values, max);
      double row[1 + N_CHANNELS];

      g_assert_cmpuint (n, <=, max);
      for (guint i = 0; i < n; i++)
        {
          row[0] = t[i];
          memcpy (row + 1, values + (gsize)i * N_CHANNELS, sizeof (double) * N_CHANNELS);
          assert_sample (reader->count + i, row);
        }
      reader->count += n;
      return n;
    }
  else
    {
      const double *rows;
      guint n = orr_stream_peek (stream, &rows, max);

      g_assert_cmpuint (n, <=, max);
      for (guint i = 0; i < n; i++)
        assert_sample (reader->count + i, rows + (gsize)i * (1 + N_CHANNELS));
      orr_stream_consume (stream, n);
      reader->count += n;
      return n;
    }
}

static gpointer
read_stream (gpointer data)
{
  Reader *reader = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  OrrStream *stream = NULL;

  for (;;)
    {
      gboolean done = g_atomic_int_get (&reader->done);

      if (stream == NULL)
        stream = orr_simulation_get_stream (reader->sim, reader->block);
      if (stream == NULL)
        {
          g_assert_false (done);
          g_usleep (1000);
          continue;
        }
      g_assert_cmpint (orr_stream_get_n_channels (stream), ==, N_CHANNELS);
      /* now and then a pause: the producer runs ahead by many blocks */
      if (g_rand_int_range (rand, 0, 50) == 0)
        g_usleep (5000);
      if (read_some (reader, stream, rand) == 0 && done)
        break;
    }
  return NULL;
}

/* data: TRUE to read with orr_stream_read, else peek and consume */
static void
test_reader (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  Reader reader = { 0 };
  GThread *thread;

  reader.sim = f->sim;
  reader.block = f->scope;
  reader.use_read = GPOINTER_TO_INT (data);
  /* declares the reader before the first sample */
  g_assert_null (orr_simulation_get_stream (f->sim, f->scope));
  thread = g_thread_new ("reader", read_stream, &reader);
  g_assert_true (orr_simulation_run (f->sim, &error));
  g_assert_no_error (error);
  g_atomic_int_set (&reader.done, 1);
  g_thread_join (thread);
  g_assert_cmpuint (reader.count, ==, N_SAMPLES);
}

/* Nobody asked for the stream: the run does not block, and a reader
 * coming afterwards finds the first samples, a bounded number of them
 * (the stream's limit without a reader: at least 1024, at most 65536
 * samples), and nothing after them. */
static void
test_no_reader_drops (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  Reader reader = { 0 };
  OrrStream *stream;

  g_assert_true (orr_simulation_run (f->sim, &error));
  g_assert_no_error (error);

  stream = orr_simulation_get_stream (f->sim, f->scope);
  g_assert_nonnull (stream);
  while (read_some (&reader, stream, rand) > 0)
    ;
  g_assert_cmpuint (reader.count, >=, 1024);
  g_assert_cmpuint (reader.count, <=, 65536);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/stream/peek-consume", Fixture, GINT_TO_POINTER (FALSE), fixture_set_up, test_reader,
              fixture_tear_down);
  g_test_add ("/stream/read", Fixture, GINT_TO_POINTER (TRUE), fixture_set_up, test_reader,
              fixture_tear_down);
  g_test_add ("/stream/no-reader-drops", Fixture, NULL, fixture_set_up, test_no_reader_drops,
              fixture_tear_down);
  return g_test_run ();
}
