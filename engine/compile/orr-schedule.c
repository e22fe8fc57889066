/* orr-schedule.c: one order of all blocks in which every block comes after
 * the blocks whose outputs it reads through a feedthrough input. The
 * analysis is per input port: an input that is not feedthrough (an
 * Integrator's) breaks the dependency, so a loop through it is no loop.
 *
 * Any sub-order of this order is valid too, which is why the program keeps
 * blocks in it and every activation list is simply sorted by index.
 * Whatever cannot be ordered sits on cycles of feedthrough inputs: each
 * strongly connected set of those is an algebraic loop, reported with
 * every block on it. A model that asks for its loops to be solved
 * (OrrSettings.solve_loops) has each loop torn instead: inside the set,
 * every feedthrough input from a block that comes later in the model (or
 * from the block itself) is cut, which leaves the set without cycles, and
 * the order is made again without those inputs. The simulator then
 * solves for the values the cut inputs read (engine/sim/orr-loops.c).
 */
#include "orr-compile-private.h"

static gboolean
schedulable (FlatBlock *fb)
{
  return fb->config->kind != ORR_BLOCK_SAMPLE_CLOCK;
}

/* Tarjan's strongly connected components over the unordered blocks. */
/* consumers of block v: edge[first[v]] .. edge[first[v + 1] - 1] */
typedef struct
{
  int *first;
  int *edge;
} Consumers;

typedef struct
{
  Compiler *c;
  const Consumers *consumers;
  int *index, *low;
  gboolean *on_stack;
  GArray *stack;
  int next;
  gboolean solve; /* collect loops into c->loops instead of reporting them */
} Tarjan;

static void
report_loop (Compiler *c, GArray *members)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GString) names = g_string_new (NULL);
  FlatBlock *first = NULL;

  for (guint i = 0; i < members->len; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, g_array_index (members, int, i));
      if (first == NULL || fb->index < first->index)
        first = fb;
    }
  /* name them in model order, starting from the first */
  for (guint i = 0; i < c->flat->len; i++)
    for (guint j = 0; j < members->len; j++)
      if (g_array_index (members, int, j) == (int)i)
        {
          FlatBlock *fb = g_ptr_array_index (c->flat, i);
          g_ptr_array_add (ids, fb->doc->id);
          if (names->len > 0)
            g_string_append (names, ", ");
          g_string_append (names, fb->path);
        }
  g_ptr_array_add (ids, NULL);
  orr_compiler_problem (c, (const char *const *)ids->pdata, g_strdup (first->path),
                        "algebraic loop: the outputs of %s depend on each other with no state "
                        "or delay in between. To break it, put a block with state in the loop "
                        "(an Integrator, a TransferFunction with more poles than zeros, a "
                        "DiscreteDelay or a SampleHold)",
                        names->str);
}

static void
strong_connect (Tarjan *t, int v)
{
  const int *out = t->consumers->edge + t->consumers->first[v];
  int n_out = t->consumers->first[v + 1] - t->consumers->first[v];

  t->index[v] = t->low[v] = t->next++;
  g_array_append_val (t->stack, v);
  t->on_stack[v] = TRUE;

  for (int i = 0; i < n_out; i++)
    {
      int w = out[i];
      if (t->index[w] < 0)
        {
          strong_connect (t, w);
          t->low[v] = MIN (t->low[v], t->low[w]);
        }
      else if (t->on_stack[w])
        t->low[v] = MIN (t->low[v], t->index[w]);
    }

  if (t->low[v] == t->index[v])
    {
      g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (int));
      gboolean self_loop = FALSE;
      int w;

      do
        {
          w = g_array_index (t->stack, int, t->stack->len - 1);
          g_array_set_size (t->stack, t->stack->len - 1);
          t->on_stack[w] = FALSE;
          g_array_append_val (members, w);
        }
      while (w != v);

      for (int i = 0; i < n_out; i++)
        if (out[i] == v)
          self_loop = TRUE;
      if ((members->len > 1 || self_loop) && t->solve)
        g_ptr_array_add (t->c->loops, g_array_ref (members));
      else if (members->len > 1 || self_loop)
        report_loop (t->c, members);
    }
}

/* Calls edge (a, i) for every block i that must follow block a: it reads
 * a through a feedthrough input, or gave up a branch of conditional a
 * (orr-activation.c). */
static gint64
tear_key (int block, int port)
{
  return ((gint64)block << 20) | port;
}

/* When loops are solved, the solve runs after the outputs of the loop's
 * last block: until then its signals hold the guess of the pass, not the
 * solution. A block outside the loop that reads one of its members must
 * therefore come after every member, not only after the one it reads
 * (else a Scope reading the first member of a three-block loop records the
 * guess). Such a block cannot lead back into the loop (it would be in the
 * loop's strongly connected set), so these edges make no cycle. */
static void
dependency (Compiler *c, const int *loop_of, int a, int i,
            void (*edge) (int a, int i, gpointer data), gpointer data)
{
  edge (a, i, data);
  if (loop_of != NULL && loop_of[a] >= 0 && loop_of[a] != loop_of[i])
    {
      GArray *members = g_ptr_array_index (c->loops, loop_of[a]);

      for (guint k = 0; k < members->len; k++)
        if (g_array_index (members, int, k) != a)
          edge (g_array_index (members, int, k), i, data);
    }
}

static void
for_each_dependency (Compiler *c, GHashTable *torn, const int *loop_of,
                     void (*edge) (int a, int i, gpointer data), gpointer data)
{
  for (guint i = 0; i < c->flat->len; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);
      if (!schedulable (fb))
        continue;
      for (int p = 0; p < fb->n_in; p++)
        {
          OrrPortSpec *spec = &g_array_index (fb->config->inputs, OrrPortSpec, p);
          gint64 key = tear_key (i, p);

          if (fb->in_block[p] >= 0 && spec->feedthrough
              && (torn == NULL || !g_hash_table_contains (torn, &key)))
            dependency (c, loop_of, fb->in_block[p], i, edge, data);
        }
      for (guint k = 0; fb->after != NULL && k < fb->after->len; k++)
        dependency (c, loop_of, g_array_index (fb->after, int, k), i, edge, data);
    }
}

static void
count_edge (int a, int i, gpointer data)
{
  ((Consumers *)data)->first[a + 1]++;
}

static void
place_edge (int a, int i, gpointer data)
{
  Consumers *consumers = data;
  /* first[a] runs ahead while a's edges are placed, then is restored */
  consumers->edge[consumers->first[a]++] = i;
}

/* Kahn's algorithm over the dependencies (without the torn inputs),
 * taking ready blocks in model order so that the same model always gives
 * the same schedule. Fills consumers (freed by the caller). */
static void
order_blocks (Compiler *c, GHashTable *torn, Consumers *consumers)
{
  int n = c->flat->len;
  g_autofree int *pending = g_new0 (int, MAX (n, 1));
  g_autoptr (GArray) ready = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree int *loop_of = NULL;
  guint head = 0;

  /* with the loops torn: which loop each block is on (-1: none) */
  if (torn != NULL && c->loops != NULL)
    {
      loop_of = g_new (int, MAX (n, 1));
      for (int i = 0; i < n; i++)
        loop_of[i] = -1;
      for (guint l = 0; l < c->loops->len; l++)
        {
          GArray *members = g_ptr_array_index (c->loops, l);

          for (guint k = 0; k < members->len; k++)
            loop_of[g_array_index (members, int, k)] = (int)l;
        }
    }

  /* consumers of each block, in one array: counted, then placed */
  consumers->first = g_new0 (int, n + 1);
  for_each_dependency (c, torn, loop_of, count_edge, consumers);
  for (int a = 0; a < n; a++)
    consumers->first[a + 1] += consumers->first[a];
  consumers->edge = g_new (int, MAX (consumers->first[n], 1));
  for_each_dependency (c, torn, loop_of, place_edge, consumers);
  for (int a = n; a > 0; a--)
    consumers->first[a] = consumers->first[a - 1];
  consumers->first[0] = 0;
  for (int w = 0; w < consumers->first[n]; w++)
    pending[consumers->edge[w]]++;

  g_free (c->order);
  c->order = g_new0 (FlatBlock *, MAX (n, 1));
  c->n_ranked = 0;
  for (int i = 0; i < n; i++)
    ((FlatBlock *)g_ptr_array_index (c->flat, i))->rank = -1;
  for (int i = 0; i < n; i++)
    if (schedulable (g_ptr_array_index (c->flat, i)) && pending[i] == 0)
      g_array_append_val (ready, i);
  while (head < ready->len)
    {
      int v = g_array_index (ready, int, head++);
      FlatBlock *fb = g_ptr_array_index (c->flat, v);

      fb->rank = c->n_ranked;
      c->order[c->n_ranked++] = fb;
      for (int i = consumers->first[v]; i < consumers->first[v + 1]; i++)
        {
          int w = consumers->edge[i];
          if (--pending[w] == 0)
            g_array_append_val (ready, w);
        }
    }
}

/* The loops found, each torn before every member that reads a later one
 * (in model order) or itself; the torn inputs go into c->loop_tears. */
static GHashTable *
tear_loops (Compiler *c)
{
  GHashTable *torn = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  c->loop_tears = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  for (guint l = 0; l < c->loops->len; l++)
    {
      GArray *members = g_ptr_array_index (c->loops, l);
      GArray *tears = g_array_new (FALSE, FALSE, sizeof (int));

      for (guint m = 0; m < members->len; m++)
        {
          int i = g_array_index (members, int, m);
          FlatBlock *fb = g_ptr_array_index (c->flat, i);

          for (int p = 0; p < fb->n_in; p++)
            {
              OrrPortSpec *spec = &g_array_index (fb->config->inputs, OrrPortSpec, p);
              int a = fb->in_block[p];
              gboolean inside = FALSE;

              for (guint k = 0; k < members->len && a >= 0; k++)
                inside |= g_array_index (members, int, k) == a;
              if (inside && spec->feedthrough && a >= i)
                {
                  gint64 *key = g_new (gint64, 1);

                  *key = tear_key (i, p);
                  g_hash_table_add (torn, key);
                  g_array_append_val (tears, i);
                  g_array_append_val (tears, p);
                }
            }
        }
      g_ptr_array_add (c->loop_tears, tears);
    }
  return torn;
}

void
orr_compile_schedule (Compiler *c)
{
  int n = c->flat->len;
  Consumers consumers = { NULL, NULL };
  const OrrSettings *settings = orr_model_get_settings (c->model);

  order_blocks (c, NULL, &consumers);

  {
    int schedulable_count = 0;
    for (int i = 0; i < n; i++)
      if (schedulable (g_ptr_array_index (c->flat, i)))
        schedulable_count++;

    if (c->n_ranked < schedulable_count)
      {
        Tarjan t = { c,
                     &consumers,
                     g_new (int, MAX (n, 1)),
                     g_new (int, MAX (n, 1)),
                     g_new0 (gboolean, MAX (n, 1)),
                     g_array_new (FALSE, FALSE, sizeof (int)),
                     0,
                     settings->solve_loops };
        if (t.solve)
          c->loops = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
        for (int i = 0; i < n; i++)
          t.index[i] = -1;
        for (int i = 0; i < n; i++)
          {
            FlatBlock *fb = g_ptr_array_index (c->flat, i);
            if (schedulable (fb) && fb->rank < 0 && t.index[i] < 0)
              strong_connect (&t, i);
          }
        g_free (t.index);
        g_free (t.low);
        g_free (t.on_stack);
        g_array_unref (t.stack);

        if (t.solve && c->loops->len > 0)
          {
            g_autoptr (GHashTable) torn = tear_loops (c);

            g_free (consumers.first);
            g_free (consumers.edge);
            order_blocks (c, torn, &consumers);
            if (c->n_ranked < schedulable_count)
              orr_compiler_problem (c, NULL, g_strdup ("model"),
                                    "algebraic loops could not be ordered even when torn");
          }
      }
  }

  g_free (consumers.first);
  g_free (consumers.edge);
}
