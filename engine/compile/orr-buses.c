/* orr-buses.c: buses through the flat diagram (docs/buses.md).
 *
 * A bus is a column of doubles whose elements have names, sizes and
 * offsets, known only here: a BusCreator's elements are its inputs, of
 * the sizes the size step resolved (or buses themselves, nested); links,
 * super block ports and Goto/From are already plain links after
 * flattening, so a bus reaches its readers with no more work. Each reader
 * (selector, assignment) finds its elements by name in the bus that
 * feeds it, then its placeholder sizes are fixed to theirs: equal to any
 * size the size step already gave them, or a conflict. What a reader
 * reads where goes into its ipar: per element, offset and count.
 *
 * A bus is worked out when asked for, from its creator, and kept; a block
 * reading a selector's output asks for that selector first, so a bus made
 * of parts of another bus sees their sizes. */
#include "orr-compile-private.h"

#include <string.h>

typedef struct _Element Element;
struct _Element
{
  char *name;         /* NULL for a whole bus */
  int offset;         /* in the bus it belongs to, in elements */
  int rows, cols;     /* a nested bus: its length x 1 */
  GPtrArray *members; /* a bus: its elements, of Element*; NULL for a signal */
};

static void
element_free (Element *e)
{
  if (e == NULL)
    return;
  g_free (e->name);
  g_clear_pointer (&e->members, g_ptr_array_unref);
  g_free (e);
}

static Element *
element_new (const char *name, int offset, int rows, int cols)
{
  Element *e = g_new0 (Element, 1);

  e->name = g_strdup (name);
  e->offset = offset;
  e->rows = rows;
  e->cols = cols;
  return e;
}

/* A deep copy of e whose offsets start at e->offset - base. */
static Element *
element_copy (const Element *e, int base, const char *name)
{
  Element *copy = element_new (name, e->offset - base, e->rows, e->cols);

  if (e->members != NULL)
    {
      copy->members = g_ptr_array_new_with_free_func ((GDestroyNotify)element_free);
      for (guint i = 0; i < e->members->len; i++)
        {
          const Element *m = g_ptr_array_index (e->members, i);
          g_ptr_array_add (copy->members, element_copy (m, base, m->name));
        }
    }
  return copy;
}

/* The element at path ("a" or "a.b") of bus; NULL when there is none. */
static const Element *
element_find (const Element *bus, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);
  const Element *at = bus;

  for (guint k = 0; parts[k] != NULL; k++)
    {
      const Element *next = NULL;

      if (at->members == NULL)
        return NULL;
      for (guint i = 0; i < at->members->len && next == NULL; i++)
        {
          const Element *m = g_ptr_array_index (at->members, i);
          if (strcmp (m->name, g_strstrip (parts[k])) == 0)
            next = m;
        }
      if (next == NULL)
        return NULL;
      at = next;
    }
  return at;
}

/* "a, b (a bus: b.x, b.y)" for messages. */
static void
append_names (GString *out, const Element *bus, const char *prefix)
{
  for (guint i = 0; i < bus->members->len; i++)
    {
      const Element *m = g_ptr_array_index (bus->members, i);
      g_autofree char *full = g_strconcat (prefix, m->name, NULL);

      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, full);
      if (m->members != NULL)
        {
          g_autofree char *deeper = g_strconcat (full, ".", NULL);
          append_names (out, m, deeper);
        }
    }
}

typedef struct
{
  Compiler *c;
  GHashTable *buses; /* (flat index << 16 | port) -> Element* (a bus) */
  GHashTable *done;  /* flat index of readers worked out -> 1 (OK) or 2 (failed) */
  GHashTable *busy;  /* flat indices being worked out: a bus that feeds itself */
} Buses;

static gpointer
key_of (int index, int port)
{
  return GSIZE_TO_POINTER (((gsize)index << 16) | (gsize)port);
}

static void problem (Buses *b, FlatBlock *fb, int port, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static void
problem (Buses *b, FlatBlock *fb, int port, const char *format, ...)
{
  const char *ids[] = { fb->doc->id, NULL };
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  orr_compiler_problem (b->c, ids,
                        port >= 0 ? g_strdup_printf ("%s, input %d", fb->path, port + 1)
                                  : g_strdup (fb->path),
                        "%s", message);
}

/* Fixes a placeholder dimension to value; FALSE with a problem when the
 * size step gave it another. */
static gboolean
set_dim (Buses *b, FlatBlock *fb, int node, int value, const char *what)
{
  UnionFind *uf = &b->c->dims;
  int root = orr_union_find_root (uf, node);

  if (uf->value[root] == 0)
    uf->value[root] = value;
  else if (uf->value[root] != value)
    {
      problem (b, fb, -1, "%s: the bus gives it %d, but what it is linked to has %d", what, value,
               uf->value[root]);
      return FALSE;
    }
  return TRUE;
}

static int
dim (Buses *b, int node)
{
  int value = b->c->dims.value[orr_union_find_root (&b->c->dims, node)];
  return value > 0 ? value : 1;
}

static const Element *bus_of (Buses *b, int index, int port);
static gboolean work_out_reader (Buses *b, FlatBlock *fb);

static void
append_ipar (OrrConfig *config, int offset, int count)
{
  if (config->ipar == NULL)
    config->ipar = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (config->ipar, offset);
  g_array_append_val (config->ipar, count);
}

/* The bus of fb's input port (NULL with a problem when it carries none). */
static const Element *
input_bus (Buses *b, FlatBlock *fb, int port)
{
  const Element *bus = NULL;

  if (fb->in_block[port] >= 0)
    bus = bus_of (b, fb->in_block[port], fb->in_port[port]);
  if (bus == NULL)
    problem (b, fb, port,
             "needs a bus: link it to a BusCreator's output (directly, through super block "
             "ports or a Goto and From), or to a bus another bus block passes on");
  return bus;
}

/* The element path of fb's bus (NULL with a problem naming what there is). */
static const Element *
find (Buses *b, FlatBlock *fb, const Element *bus, const char *path)
{
  const Element *e = element_find (bus, path);

  if (e == NULL)
    {
      g_autoptr (GString) names = g_string_new (NULL);

      append_names (names, bus, "");
      problem (b, fb, 0, "the bus has no element “%s”; it has %s", path, names->str);
    }
  return e;
}

static gboolean
work_out_selector (Buses *b, FlatBlock *fb)
{
  const Element *bus = input_bus (b, fb, 0);
  gboolean ok = TRUE;

  if (bus == NULL)
    return FALSE;
  ok = set_dim (b, fb, fb->in_rows[0], bus->rows, "input 1 rows")
       && set_dim (b, fb, fb->in_cols[0], 1, "input 1 columns");
  for (int k = 0; ok && fb->config->bus_names[k] != NULL && k < fb->n_out; k++)
    {
      const Element *e = find (b, fb, bus, fb->config->bus_names[k]);
      g_autofree char *rows = g_strdup_printf ("output %d rows", k + 1);
      g_autofree char *cols = g_strdup_printf ("output %d columns", k + 1);

      ok = e != NULL && set_dim (b, fb, fb->out_rows[k], e->rows, rows)
           && set_dim (b, fb, fb->out_cols[k], e->cols, cols);
      if (ok)
        append_ipar (fb->config, e->offset, e->rows * e->cols);
      if (ok && e->members != NULL)
        g_hash_table_insert (b->buses, key_of (fb->index, k), element_copy (e, e->offset, NULL));
    }
  return ok;
}

static gboolean
work_out_assignment (Buses *b, FlatBlock *fb)
{
  const Element *bus = input_bus (b, fb, 0);
  gboolean ok;

  if (bus == NULL)
    return FALSE;
  ok = set_dim (b, fb, fb->in_rows[0], bus->rows, "input 1 rows")
       && set_dim (b, fb, fb->in_cols[0], 1, "input 1 columns")
       && set_dim (b, fb, fb->out_rows[0], bus->rows, "output 1 rows")
       && set_dim (b, fb, fb->out_cols[0], 1, "output 1 columns");
  for (int k = 0; ok && fb->config->bus_names[k] != NULL && k + 1 < fb->n_in; k++)
    {
      const Element *e = find (b, fb, bus, fb->config->bus_names[k]);
      g_autofree char *rows = g_strdup_printf ("input %d rows", k + 2);
      g_autofree char *cols = g_strdup_printf ("input %d columns", k + 2);

      ok = e != NULL && set_dim (b, fb, fb->in_rows[k + 1], e->rows, rows)
           && set_dim (b, fb, fb->in_cols[k + 1], e->cols, cols);
      if (ok)
        append_ipar (fb->config, e->offset, e->rows * e->cols);
    }
  if (ok)
    g_hash_table_insert (b->buses, key_of (fb->index, 0), element_copy (bus, 0, NULL));
  return ok;
}

/* A selector or an assignment, once: its sizes, ipar and the buses it
 * passes on. */
static gboolean
work_out_reader (Buses *b, FlatBlock *fb)
{
  gpointer done = g_hash_table_lookup (b->done, GINT_TO_POINTER (fb->index));
  gboolean ok;

  if (done != NULL)
    return GPOINTER_TO_INT (done) == 1;
  if (g_hash_table_contains (b->busy, GINT_TO_POINTER (fb->index)))
    {
      problem (b, fb, 0, "is part of a loop of buses: a bus cannot be made of itself");
      g_hash_table_insert (b->done, GINT_TO_POINTER (fb->index), GINT_TO_POINTER (2));
      return FALSE;
    }
  g_hash_table_add (b->busy, GINT_TO_POINTER (fb->index));
  ok = fb->config->bus_role == ORR_BUS_SELECTOR ? work_out_selector (b, fb)
                                                : work_out_assignment (b, fb);
  g_hash_table_remove (b->busy, GINT_TO_POINTER (fb->index));
  g_hash_table_insert (b->done, GINT_TO_POINTER (fb->index), GINT_TO_POINTER (ok ? 1 : 2));
  return ok;
}

static Element *
make_bus (Buses *b, FlatBlock *fb)
{
  Element *bus = element_new (NULL, 0, 0, 1);
  int offset = 0;

  bus->members = g_ptr_array_new_with_free_func ((GDestroyNotify)element_free);
  for (int k = 0; k < fb->n_in; k++)
    {
      const char *name = fb->config->bus_names[k] != NULL ? fb->config->bus_names[k] : "";
      const Element *nested = NULL;
      Element *e;

      if (fb->in_block[k] >= 0)
        {
          FlatBlock *from = g_ptr_array_index (b->c->flat, fb->in_block[k]);

          /* a reader upstream: its output sizes first */
          if (from->config->bus_role == ORR_BUS_SELECTOR
              || from->config->bus_role == ORR_BUS_ASSIGNMENT)
            work_out_reader (b, from);
          nested = bus_of (b, fb->in_block[k], fb->in_port[k]);
        }
      if (nested != NULL)
        {
          e = element_copy (nested, -offset, name);
          e->offset = offset;
        }
      else
        e = element_new (name, offset, dim (b, fb->in_rows[k]), dim (b, fb->in_cols[k]));
      offset += e->rows * e->cols;
      g_ptr_array_add (bus->members, e);
    }
  bus->rows = offset;
  if (!set_dim (b, fb, fb->out_rows[0], offset, "output 1 rows")
      || !set_dim (b, fb, fb->out_cols[0], 1, "output 1 columns"))
    {
      element_free (bus);
      return NULL;
    }
  return bus;
}

/* The bus on output port of flat block index, or NULL if it carries none. */
static const Element *
bus_of (Buses *b, int index, int port)
{
  FlatBlock *fb = g_ptr_array_index (b->c->flat, index);
  gpointer key = key_of (index, port);
  Element *bus;

  if (g_hash_table_lookup_extended (b->buses, key, NULL, (gpointer *)&bus))
    return bus;
  switch (fb->config->bus_role)
    {
      case ORR_BUS_CREATOR:
        if (port != 0)
          return NULL;
        if (g_hash_table_contains (b->busy, GINT_TO_POINTER (index)))
          {
            problem (b, fb, -1, "is part of a loop of buses: a bus cannot be made of itself");
            g_hash_table_insert (b->buses, key, NULL);
            return NULL;
          }
        g_hash_table_add (b->busy, GINT_TO_POINTER (index));
        bus = make_bus (b, fb);
        g_hash_table_remove (b->busy, GINT_TO_POINTER (index));
        g_hash_table_insert (b->buses, key, bus);
        return bus;

      case ORR_BUS_SELECTOR:
      case ORR_BUS_ASSIGNMENT:
        /* what it passes on is recorded while it is worked out */
        work_out_reader (b, fb);
        return g_hash_table_lookup (b->buses, key);

      default:
        return NULL;
    }
}

void
orr_compile_buses (Compiler *c)
{
  Buses b = { c };

  b.buses = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)element_free);
  b.done = g_hash_table_new (NULL, NULL);
  b.busy = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < c->flat->len; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);

      if (fb->config->bus_role == ORR_BUS_CREATOR)
        bus_of (&b, fb->index, 0);
      else if (fb->config->bus_role != ORR_BUS_NONE)
        work_out_reader (&b, fb);
    }
  g_hash_table_unref (b.buses);
  g_hash_table_unref (b.done);
  g_hash_table_unref (b.busy);
}
