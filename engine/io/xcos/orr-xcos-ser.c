/* orr-xcos-ser.c: the dictionary.ser of Scilab 5 .zcos files.
 *
 * A Java object serialization stream (protocol 2) whose objects are
 * org.scilab.modules.types values: ScilabList, ScilabTList and ScilabMList
 * (lists of values), ScilabString (a String[][]), ScilabDouble (double[][]
 * real and imaginary parts), ScilabBoolean, ScilabInteger. The reader
 * follows the grammar of the stream generically (class descriptions,
 * handles, block data, arrays) into raw nodes, then reads the Scilab
 * values out of them. Every length is checked against what is left, the
 * nesting is bounded, and anything unexpected is an error, never a crash.
 */
#include "orr-xcos-private.h"

#include <string.h>

#define MAX_DEPTH 200
#define MAX_HANDLES 2000000

enum
{
  TC_NULL = 0x70,
  TC_REFERENCE = 0x71,
  TC_CLASSDESC = 0x72,
  TC_OBJECT = 0x73,
  TC_STRING = 0x74,
  TC_ARRAY = 0x75,
  TC_CLASS = 0x76,
  TC_BLOCKDATA = 0x77,
  TC_ENDBLOCKDATA = 0x78,
  TC_BLOCKDATALONG = 0x7a,
  TC_LONGSTRING = 0x7c,
  TC_ENUM = 0x7e,
};

enum
{
  SC_WRITE_METHOD = 0x01,
  SC_SERIALIZABLE = 0x02,
  SC_EXTERNALIZABLE = 0x04,
  SC_BLOCK_DATA = 0x08,
};

typedef struct _Class Class;
typedef struct _Node Node;

typedef struct
{
  char type; /* B C D F I J S Z L [ */
} Field;

struct _Class
{
  char *name;
  guint8 flags;
  guint n_fields;
  Field *fields;
  Class *super;
};

typedef enum
{
  N_NULL,
  N_STRING,
  N_OBJECT,
  N_ARRAY,
  N_CLASS,
} NodeKind;

/* Objects, arrays and strings. Children are borrowed: every node lives in
 * the reader's arena, so shared references need no counting. */
struct _Node
{
  NodeKind kind;
  Class *klass;
  char *text;          /* N_STRING */
  GPtrArray *children; /* N_OBJECT: object fields and annotations; N_ARRAY: objects */
  GArray *numbers;     /* N_ARRAY of primitives; N_OBJECT: primitive fields */
  GByteArray *block;   /* N_OBJECT: annotation block data */
};

typedef struct
{
  const guint8 *data;
  gsize length, pos;
  const char *name;
  GError **error;
  gboolean failed;
  GPtrArray *handles; /* of gpointer (Node* or Class*) */
  GPtrArray *nodes;   /* arena */
  GPtrArray *classes; /* arena */
  int depth;
} Reader;

static Node null_node = { N_NULL, NULL, NULL, NULL, NULL, NULL };

static void
fail (Reader *r, const char *what)
{
  if (!r->failed)
    g_set_error (r->error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_FORMAT,
                 "%s: dictionary/dictionary.ser: %s at byte %" G_GSIZE_FORMAT, r->name, what,
                 r->pos);
  r->failed = TRUE;
}

static gboolean
need (Reader *r, gsize n)
{
  if (r->failed)
    return FALSE;
  if (n > r->length - r->pos)
    {
      fail (r, "unexpected end of data");
      return FALSE;
    }
  return TRUE;
}

static guint8
u8 (Reader *r)
{
  if (!need (r, 1))
    return 0;
  return r->data[r->pos++];
}

static guint64
un (Reader *r, int bytes)
{
  guint64 v = 0;

  if (!need (r, bytes))
    return 0;
  for (int i = 0; i < bytes; i++)
    v = (v << 8) | r->data[r->pos++];
  return v;
}

static char *
utf (Reader *r, guint64 len)
{
  char *s;

  if (!need (r, len))
    return NULL;
  s = g_strndup ((const char *)r->data + r->pos, len);
  r->pos += len;
  return s;
}

static void
new_handle (Reader *r, gpointer p)
{
  if (r->handles->len >= MAX_HANDLES)
    {
      fail (r, "too many objects");
      return;
    }
  g_ptr_array_add (r->handles, p);
}

static Node *
node_new (Reader *r, NodeKind kind)
{
  Node *n = g_new0 (Node, 1);

  n->kind = kind;
  g_ptr_array_add (r->nodes, n);
  return n;
}

static void
node_free (Node *n)
{
  g_free (n->text);
  if (n->children != NULL)
    g_ptr_array_unref (n->children);
  if (n->numbers != NULL)
    g_array_unref (n->numbers);
  if (n->block != NULL)
    g_byte_array_unref (n->block);
  g_free (n);
}

static void
class_free (Class *c)
{
  g_free (c->name);
  g_free (c->fields);
  g_free (c);
}

static Node *read_content (Reader *r);
static Class *read_class_desc (Reader *r);

static gpointer
handle_at (Reader *r, guint32 h)
{
  guint32 index = h - 0x7e0000;

  if (h < 0x7e0000 || index >= r->handles->len)
    {
      fail (r, "a reference to an unknown object");
      return NULL;
    }
  return g_ptr_array_index (r->handles, index);
}

/* A string object (TC_STRING, TC_LONGSTRING or a reference to one), as
 * class names of object fields are written. */
static char *
read_string_object (Reader *r)
{
  guint8 tc = u8 (r);
  Node *n;

  switch (tc)
    {
      case TC_STRING:
        n = node_new (r, N_STRING);
        n->text = utf (r, un (r, 2));
        new_handle (r, n);
        return g_strdup (n->text);
      case TC_LONGSTRING:
        n = node_new (r, N_STRING);
        n->text = utf (r, un (r, 8));
        new_handle (r, n);
        return g_strdup (n->text);
      case TC_REFERENCE:
        n = handle_at (r, (guint32)un (r, 4));
        if (n == NULL || n->kind != N_STRING)
          {
            fail (r, "a reference that is not a string");
            return NULL;
          }
        return g_strdup (n->text);
      default:
        fail (r, "a string was expected");
        return NULL;
    }
}

static gboolean
skip_annotation (Reader *r)
{
  while (!r->failed)
    {
      guint8 tc = r->pos < r->length ? r->data[r->pos] : 0;

      if (tc == TC_ENDBLOCKDATA)
        {
          r->pos++;
          return TRUE;
        }
      if (tc == TC_BLOCKDATA)
        {
          r->pos++;
          {
            guint64 n = un (r, 1);
            if (need (r, n))
              r->pos += n;
          }
          continue;
        }
      read_content (r);
    }
  return FALSE;
}

static Class *
read_new_class_desc (Reader *r)
{
  Class *c = g_new0 (Class, 1);
  guint n;

  g_ptr_array_add (r->classes, c);
  c->name = utf (r, un (r, 2));
  un (r, 8); /* serialVersionUID */
  new_handle (r, c);
  c->flags = u8 (r);
  n = (guint)un (r, 2);
  if (r->failed)
    return NULL;
  if (n > r->length - r->pos)
    {
      fail (r, "too many fields");
      return NULL;
    }
  c->fields = g_new0 (Field, n ? n : 1);
  c->n_fields = n;
  for (guint i = 0; i < n && !r->failed; i++)
    {
      g_autofree char *name = NULL;

      c->fields[i].type = (char)u8 (r);
      name = utf (r, un (r, 2));
      if (c->fields[i].type == 'L' || c->fields[i].type == '[')
        g_free (read_string_object (r));
      else if (strchr ("BCDFIJSZ", c->fields[i].type) == NULL)
        fail (r, "an unknown field type");
    }
  skip_annotation (r);
  c->super = read_class_desc (r);
  return r->failed ? NULL : c;
}

static Class *
read_class_desc (Reader *r)
{
  guint8 tc = u8 (r);
  gpointer p;

  if (r->failed)
    return NULL;
  switch (tc)
    {
      case TC_NULL:
        return NULL;
      case TC_CLASSDESC:
        if (++r->depth > MAX_DEPTH)
          {
            fail (r, "classes nested too deeply");
            return NULL;
          }
        {
          Class *c = read_new_class_desc (r);
          r->depth--;
          return c;
        }
      case TC_REFERENCE:
        p = handle_at (r, (guint32)un (r, 4));
        if (p != NULL && g_ptr_array_find (r->classes, p, NULL))
          return p;
        fail (r, "a reference that is not a class");
        return NULL;
      default:
        fail (r, "a class description was expected");
        return NULL;
    }
}

static int
prim_size (char type)
{
  switch (type)
    {
      case 'B':
      case 'Z':
        return 1;
      case 'C':
      case 'S':
        return 2;
      case 'I':
      case 'F':
        return 4;
      case 'D':
      case 'J':
        return 8;
      default:
        return 0;
    }
}

static double
read_prim (Reader *r, char type)
{
  guint64 bits = un (r, prim_size (type));

  switch (type)
    {
      case 'D':
        {
          double d;
          memcpy (&d, &bits, sizeof d);
          return d;
        }
      case 'F':
        {
          guint32 b32 = (guint32)bits;
          float f;
          memcpy (&f, &b32, sizeof f);
          return f;
        }
      case 'B':
        return (gint8)bits;
      case 'S':
        return (gint16)bits;
      case 'I':
        return (gint32)bits;
      case 'J':
        return (double)(gint64)bits;
      default:
        return (double)bits;
    }
}

static void
read_annotation_into (Reader *r, Node *n)
{
  while (!r->failed)
    {
      guint8 tc;

      if (!need (r, 1))
        return;
      tc = r->data[r->pos];
      if (tc == TC_ENDBLOCKDATA)
        {
          r->pos++;
          return;
        }
      if (tc == TC_BLOCKDATA || tc == TC_BLOCKDATALONG)
        {
          guint64 len;

          r->pos++;
          len = un (r, tc == TC_BLOCKDATA ? 1 : 4);
          if (!need (r, len))
            return;
          g_byte_array_append (n->block, r->data + r->pos, (guint)len);
          r->pos += len;
          continue;
        }
      g_ptr_array_add (n->children, read_content (r));
    }
}

static void
read_class_data (Reader *r, Node *n, Class *c)
{
  if (c == NULL || r->failed)
    return;
  if (c->flags & SC_EXTERNALIZABLE)
    {
      if (!(c->flags & SC_BLOCK_DATA))
        {
          fail (r, "an externalizable object of the old protocol");
          return;
        }
      read_annotation_into (r, n);
      return;
    }
  read_class_data (r, n, c->super);
  if (!(c->flags & SC_SERIALIZABLE))
    return;
  for (guint i = 0; i < c->n_fields && !r->failed; i++)
    {
      char t = c->fields[i].type;

      if (t == 'L' || t == '[')
        g_ptr_array_add (n->children, read_content (r));
      else
        {
          double v = read_prim (r, t);
          g_array_append_val (n->numbers, v);
        }
    }
  if (c->flags & SC_WRITE_METHOD)
    read_annotation_into (r, n);
}

static Node *
read_array (Reader *r)
{
  Class *c = read_class_desc (r);
  Node *n = node_new (r, N_ARRAY);
  guint64 size;
  char elem;

  n->klass = c;
  new_handle (r, n);
  size = un (r, 4);
  if (r->failed || c == NULL || c->name == NULL || c->name[0] != '[')
    {
      fail (r, "an array of no known class");
      return &null_node;
    }
  elem = c->name[1];
  if (elem == 'L' || elem == '[')
    {
      if (size > r->length - r->pos)
        {
          fail (r, "an array longer than the data");
          return &null_node;
        }
      n->children = g_ptr_array_sized_new ((guint)size);
      for (guint64 i = 0; i < size && !r->failed; i++)
        g_ptr_array_add (n->children, read_content (r));
    }
  else
    {
      int es = prim_size (elem);

      if (es == 0 || size > (r->length - r->pos) / es)
        {
          fail (r, "an array longer than the data");
          return &null_node;
        }
      n->numbers = g_array_sized_new (FALSE, FALSE, sizeof (double), (guint)size);
      for (guint64 i = 0; i < size; i++)
        {
          double v = read_prim (r, elem);
          g_array_append_val (n->numbers, v);
        }
    }
  return n;
}

static Node *
read_content (Reader *r)
{
  guint8 tc;
  Node *n = &null_node;

  if (r->failed)
    return &null_node;
  if (++r->depth > MAX_DEPTH)
    {
      fail (r, "values nested too deeply");
      return &null_node;
    }
  tc = u8 (r);
  switch (tc)
    {
      case TC_NULL:
        break;
      case TC_REFERENCE:
        {
          gpointer p = handle_at (r, (guint32)un (r, 4));
          if (p != NULL && !g_ptr_array_find (r->classes, p, NULL))
            n = p;
          else
            fail (r, "a reference that is not a value");
          break;
        }
      case TC_STRING:
      case TC_LONGSTRING:
        n = node_new (r, N_STRING);
        n->text = utf (r, un (r, tc == TC_STRING ? 2 : 8));
        new_handle (r, n);
        break;
      case TC_OBJECT:
        {
          Class *c = read_class_desc (r);

          n = node_new (r, N_OBJECT);
          n->klass = c;
          n->children = g_ptr_array_new ();
          n->numbers = g_array_new (FALSE, FALSE, sizeof (double));
          n->block = g_byte_array_new ();
          new_handle (r, n);
          if (c == NULL)
            fail (r, "an object of no class");
          else
            read_class_data (r, n, c);
          break;
        }
      case TC_ARRAY:
        n = read_array (r);
        break;
      case TC_CLASS:
        read_class_desc (r);
        n = node_new (r, N_CLASS);
        new_handle (r, n);
        break;
      case TC_ENUM:
        read_class_desc (r);
        n = node_new (r, N_OBJECT);
        n->children = g_ptr_array_new ();
        new_handle (r, n);
        g_free (read_string_object (r));
        break;
      default:
        fail (r, "an unknown element");
    }
  r->depth--;
  return n;
}

/* ---- Scilab values ------------------------------------------------------- */

void
xs_value_free (XsValue *value)
{
  if (value == NULL)
    return;
  g_strfreev (value->strings);
  g_free (value->doubles);
  if (value->items != NULL)
    g_ptr_array_unref (value->items);
  g_free (value);
}

static gboolean
class_is (Node *n, const char *suffix)
{
  return n != NULL && n->klass != NULL && n->klass->name != NULL
         && g_str_has_suffix (n->klass->name, suffix);
}

/* A Java T[][] read as a Scilab matrix: rows of columns, flattened
 * column-major. */
static XsValue *
matrix_value (Node *outer, gboolean strings)
{
  XsValue *v = g_new0 (XsValue, 1);
  guint rows, cols = 0;

  v->kind = strings ? XS_STRING : XS_DOUBLE;
  if (outer == NULL || outer->kind != N_ARRAY || outer->children == NULL)
    {
      if (strings)
        v->strings = g_new0 (char *, 1);
      return v;
    }
  rows = outer->children->len;
  for (guint i = 0; i < rows; i++)
    {
      Node *row = g_ptr_array_index (outer->children, i);
      guint c = row->kind != N_ARRAY ? 0
                : strings            ? (row->children ? row->children->len : 0)
                                     : (row->numbers ? row->numbers->len : 0);
      if (i == 0)
        cols = c;
      else if (c != cols)
        cols = MIN (cols, c);
    }
  if (rows > 0 && cols > G_MAXINT / rows)
    cols = 0;
  v->rows = cols > 0 ? (int)rows : 0;
  v->cols = (int)cols;
  if (strings)
    v->strings = g_new0 (char *, (gsize)v->rows *cols + 1);
  else
    v->doubles = g_new0 (double, (gsize)v->rows *cols + 1);
  for (guint i = 0; i < (guint)v->rows; i++)
    {
      Node *row = g_ptr_array_index (outer->children, i);
      for (guint j = 0; j < cols; j++)
        {
          gsize k = (gsize)j * v->rows + i;
          if (strings)
            {
              Node *s = g_ptr_array_index (row->children, j);
              v->strings[k] = g_strdup (s->kind == N_STRING && s->text ? s->text : "");
            }
          else
            v->doubles[k] = g_array_index (row->numbers, double, j);
        }
    }
  return v;
}

static XsValue *to_value (Node *n, int depth);

static XsValue *
list_value (Node *n, int depth)
{
  XsValue *v = g_new0 (XsValue, 1);
  guint size = n->children->len;

  v->kind = XS_LIST;
  v->items = g_ptr_array_new_with_free_func ((GDestroyNotify)xs_value_free);
  /* the block data holds a version and the number of items; a varName
   * may follow the items */
  if (n->block != NULL && n->block->len >= 8)
    {
      const guint8 *b = n->block->data;
      guint32 count = ((guint32)b[4] << 24) | ((guint32)b[5] << 16) | ((guint32)b[6] << 8) | b[7];
      if (count <= size)
        size = count;
    }
  for (guint i = 0; i < size; i++)
    g_ptr_array_add (v->items, to_value (g_ptr_array_index (n->children, i), depth + 1));
  return v;
}

static XsValue *
to_value (Node *n, int depth)
{
  XsValue *v;

  if (n == NULL || n->kind == N_NULL || depth > MAX_DEPTH)
    {
      v = g_new0 (XsValue, 1);
      v->kind = XS_NULL;
      return v;
    }
  if (n->kind == N_OBJECT && n->children != NULL)
    {
      if (class_is (n, ".ScilabList") || class_is (n, ".ScilabTList")
          || class_is (n, ".ScilabMList"))
        return list_value (n, depth);
      if (class_is (n, ".ScilabString"))
        return matrix_value (n->children->len > 0 ? g_ptr_array_index (n->children, 0) : NULL,
                             TRUE);
      if (class_is (n, ".ScilabDouble"))
        return matrix_value (n->children->len > 0 ? g_ptr_array_index (n->children, 0) : NULL,
                             FALSE);
    }
  v = g_new0 (XsValue, 1);
  v->kind = XS_OTHER;
  return v;
}

GPtrArray *
xs_read_dictionary (const guint8 *data, gsize length, const char *display_name, GError **error)
{
  Reader r = { data, length, 0, display_name, error, FALSE, NULL, NULL, NULL, 0 };
  GPtrArray *result = NULL;
  Node *top;

  r.handles = g_ptr_array_new ();
  r.nodes = g_ptr_array_new_with_free_func ((GDestroyNotify)node_free);
  r.classes = g_ptr_array_new_with_free_func ((GDestroyNotify)class_free);
  if (length < 4 || data[0] != 0xac || data[1] != 0xed)
    fail (&r, "not a Java serialization stream");
  else
    {
      r.pos = 4;
      top = read_content (&r);
      if (!r.failed && (top->kind != N_OBJECT || !class_is (top, ".ScilabList")))
        fail (&r, "the dictionary is not a ScilabList");
      if (!r.failed)
        {
          XsValue *list = list_value (top, 0);
          result = g_steal_pointer (&list->items);
          xs_value_free (list);
        }
    }
  g_ptr_array_unref (r.handles);
  g_ptr_array_unref (r.nodes);
  g_ptr_array_unref (r.classes);
  return result;
}

const char *
xs_list_type (XsValue *list)
{
  XsValue *head;

  if (list == NULL || list->kind != XS_LIST || list->items->len == 0)
    return NULL;
  head = g_ptr_array_index (list->items, 0);
  if (head->kind != XS_STRING || head->rows * head->cols == 0)
    return NULL;
  return head->strings[0];
}

XsValue *
xs_list_field (XsValue *list, const char *field)
{
  XsValue *head;
  int n;

  if (xs_list_type (list) == NULL)
    return NULL;
  head = g_ptr_array_index (list->items, 0);
  n = head->rows * head->cols;
  for (int i = 1; i < n; i++)
    if (strcmp (head->strings[i], field) == 0)
      return (guint)i < list->items->len ? g_ptr_array_index (list->items, i) : NULL;
  return NULL;
}

XsValue *
xs_find_block_exprs (XsValue *value, const char *gui, int depth)
{
  const char *type;

  if (value == NULL || value->kind != XS_LIST || depth > 40)
    return NULL;
  type = xs_list_type (value);
  if (type != NULL && strcmp (type, "Block") == 0)
    {
      XsValue *g = xs_list_field (value, "gui");
      if (g != NULL && g->kind == XS_STRING && g->rows * g->cols > 0
          && strcmp (g->strings[0], gui) == 0)
        return xs_list_field (xs_list_field (value, "graphics"), "exprs");
    }
  for (guint i = 0; i < value->items->len; i++)
    {
      XsValue *found = xs_find_block_exprs (g_ptr_array_index (value->items, i), gui, depth + 1);
      if (found != NULL)
        return found;
    }
  return NULL;
}

char **
xs_value_to_exprs (XsValue *value)
{
  GPtrArray *out;
  int n;

  if (value == NULL)
    return NULL;
  n = value->rows * value->cols;
  if (value->kind == XS_STRING)
    return g_strdupv (value->strings);
  if (value->kind != XS_DOUBLE)
    return NULL;
  out = g_ptr_array_new ();
  for (int i = 0; i < n; i++)
    g_ptr_array_add (out, g_strdup_printf ("%.17g", value->doubles[i]));
  g_ptr_array_add (out, NULL);
  return (char **)g_ptr_array_free (out, FALSE);
}

/* The block an scs_m link end names: objs(k) for from/to = [k, port, io]. */
static XsValue *
link_end_block (XsValue *objs, XsValue *end)
{
  int k;

  if (end == NULL || end->kind != XS_DOUBLE || end->rows * end->cols < 1)
    return NULL;
  if (!(end->doubles[0] >= 1 && end->doubles[0] <= objs->items->len))
    return NULL;
  k = (int)end->doubles[0];
  if (k < 1 || (guint)k > objs->items->len)
    return NULL;
  return g_ptr_array_index (objs->items, k - 1);
}

static const char *
block_gui (XsValue *block)
{
  XsValue *g = xs_list_field (block, "gui");

  if (g == NULL || g->kind != XS_STRING || g->rows * g->cols < 1)
    return NULL;
  return g->strings[0];
}

static const char *
first_expr (XsValue *block)
{
  XsValue *e = xs_list_field (xs_list_field (block, "graphics"), "exprs");

  if (e == NULL || e->kind != XS_STRING || e->rows * e->cols < 1)
    return NULL;
  return e->strings[0];
}

char **
xs_pid_gains (XsValue *diagram)
{
  static const char *const paths[] = { "SUMMATION", "INTEGRAL_m", "DERIV" };
  const char *gains[3] = { NULL, NULL, NULL };
  XsValue *objs = xs_list_field (diagram, "objs");

  if (objs == NULL || objs->kind != XS_LIST)
    return NULL;
  /* as PID.sci finds them: the gain linked to the sum is P, the one linked
   * to the integrator I, the one linked to the derivative D */
  for (guint i = 0; i < objs->items->len; i++)
    {
      XsValue *o = g_ptr_array_index (objs->items, i);
      XsValue *from, *to;
      const char *gf, *gt;

      if (g_strcmp0 (xs_list_type (o), "Link") != 0)
        continue;
      from = link_end_block (objs, xs_list_field (o, "from"));
      to = link_end_block (objs, xs_list_field (o, "to"));
      gf = block_gui (from);
      gt = block_gui (to);
      if (gf == NULL || gt == NULL)
        continue;
      for (int k = 0; k < 3; k++)
        {
          if (strcmp (gf, "GAINBLK") == 0 && strcmp (gt, paths[k]) == 0)
            gains[k] = first_expr (from);
          else if (strcmp (gt, "GAINBLK") == 0 && strcmp (gf, paths[k]) == 0)
            gains[k] = first_expr (to);
        }
    }
  if (gains[0] == NULL || gains[1] == NULL || gains[2] == NULL)
    return NULL;
  {
    char **out = g_new0 (char *, 4);
    for (int k = 0; k < 3; k++)
      out[k] = g_strdup (gains[k]);
    return out;
  }
}
