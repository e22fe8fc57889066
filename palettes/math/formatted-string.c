/* formatted-string.c: FormattedString, numbers written into a text as C's
 * snprintf would, carried as a uint8 vector of character codes: the
 * output has the maximum size's elements, the text's bytes first and 0 in
 * every element after them. A longer text is cut after that many bytes
 * (UTF-8 text in the format may be cut inside a character).
 *
 * The format takes one conversion per input, each input a scalar of any
 * type: d i (integers: the value truncated toward zero, clamped to the
 * 64-bit range, NaN as 0), u o x X (the same integer, as unsigned, as C
 * does with a negative int), c (the character of that code, 0 to 255),
 * f F e E g G a A (the value as a double). Flags, a width and a precision
 * are allowed as digits (at most 3 each); a length modifier (h, l, ll, L,
 * ...) is accepted and ignored, as the block picks the C type itself.
 * Refused when the block is configured, in a message naming it: '*'
 * widths or precisions (no argument to take them from), %n (it writes
 * into memory), %s and %p (there is no string or pointer signal), any
 * other conversion, a lone '%' at the end, and a count of conversions
 * that differs from the number of inputs. %% writes a '%', and \n, \t and
 * \\ in the format are a newline, a tab and a backslash.
 *
 * The format is checked and split once per configure into pieces, each
 * some literal text and at most one conversion, rewritten with the
 * length modifier the value needs ("ll" for integers); the outputs job
 * prints them one after the other into a buffer of the maximum size. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#define MAX_FORMAT_BYTES 4096
#define MAX_SIZE 65536

enum
{
  CONV_NONE,     /* literal text only */
  CONV_SIGNED,   /* d i */
  CONV_UNSIGNED, /* u o x X */
  CONV_CHAR,     /* c */
  CONV_DOUBLE,   /* f F e E g G a A */
};

static const OrrParamSpec formatted_string_params[] = {
  { "format", N_ ("Format"), "%g",
    /* xgettext:no-c-format */
    N_ ("The text, as C's printf writes it: one conversion (%d, %x, %c, %f, %e, %g ...) per "
        "input, with flags, width and precision as digits; %% writes a percent sign, \\n a new "
        "line. '*', %n, %s and %p are refused."),
    ORR_PARAM_TEXT },
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many scalar inputs, one for each conversion of the format, in order.") },
  { "size", N_ ("Maximum size of output"), "32",
    N_ ("The number of elements of the output (characters, 1 to 65536): a longer text is cut, "
        "a shorter one followed by zeros.") },
  { "external", N_ ("External activation"), "0",
    N_ ("1: an activation input; the text is written at its events. 0: the block inherits its "
        "activation from its inputs."),
    ORR_PARAM_CHECKBOX },
};

/* The format as pieces: text, then at most one conversion, each a
 * printf format of its own. */
typedef struct
{
  GPtrArray *formats; /* char *: each piece's own printf format */
  GArray *kinds;      /* int: each piece's conversion */
  int n_conversions;
} ParsedFormat;

static void
parsed_format_clear (ParsedFormat *p)
{
  g_clear_pointer (&p->formats, g_ptr_array_unref);
  g_clear_pointer (&p->kinds, g_array_unref);
}

static void set_format_error (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
set_format_error (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  orr_param_set_error (error, "format", "%s", message);
}

/* Appends to piece the literal character c, doubling a '%' so that the
 * piece's own format prints it. */
static void
append_literal (GString *piece, char c)
{
  if (c == '%')
    g_string_append (piece, "%%");
  else
    g_string_append_c (piece, c);
}

static void
close_piece (ParsedFormat *p, GString *piece, int conversion)
{
  g_ptr_array_add (p->formats, g_string_free (g_string_new_len (piece->str, piece->len), FALSE));
  g_array_append_val (p->kinds, conversion);
  g_string_truncate (piece, 0);
}

/* Reads up to 3 digits; FALSE with an error when there are more. */
static gboolean
take_digits (const char **s, GString *piece, const char *what, GError **error)
{
  int n = 0;

  while (g_ascii_isdigit (**s))
    {
      if (++n > 3)
        {
          set_format_error (error, "has a %s of more than 3 digits", what);
          return FALSE;
        }
      g_string_append_c (piece, *(*s)++);
    }
  return TRUE;
}

static gboolean
parse_format (const char *format, ParsedFormat *p, GError **error)
{
  g_autoptr (GString) piece = g_string_new (NULL);
  const char *s = format;

  p->formats = g_ptr_array_new_with_free_func (g_free);
  p->kinds = g_array_new (FALSE, FALSE, sizeof (int));
  p->n_conversions = 0;
  if (strlen (format) > MAX_FORMAT_BYTES)
    {
      set_format_error (error, "is longer than %d bytes", MAX_FORMAT_BYTES);
      return FALSE;
    }
  while (*s != '\0')
    {
      const char *start = s;
      int conversion;

      if (*s == '\\' && (s[1] == 'n' || s[1] == 't' || s[1] == '\\'))
        {
          append_literal (piece, s[1] == 'n' ? '\n' : s[1] == 't' ? '\t' : '\\');
          s += 2;
          continue;
        }
      if (*s != '%')
        {
          append_literal (piece, *s++);
          continue;
        }
      if (s[1] == '%')
        {
          append_literal (piece, '%');
          s += 2;
          continue;
        }

      /* a conversion: % flags width .precision length type */
      g_string_append_c (piece, *s++);
      while (*s != '\0' && strchr ("-+ #0", *s) != NULL)
        g_string_append_c (piece, *s++);
      if (*s == '*')
        {
          set_format_error (error, "uses '*' in '%.*s': give the width and precision as digits",
                            (int)(s - start + 1), start);
          return FALSE;
        }
      if (!take_digits (&s, piece, "width", error))
        return FALSE;
      if (*s == '.')
        {
          g_string_append_c (piece, *s++);
          if (*s == '*')
            {
              set_format_error (error, "uses '*' in '%.*s': give the width and precision as digits",
                                (int)(s - start + 1), start);
              return FALSE;
            }
          if (!take_digits (&s, piece, "precision", error))
            return FALSE;
        }
      while (*s != '\0' && strchr ("hlLqjzt", *s) != NULL)
        s++;
      switch (*s)
        {
          case 'd':
          case 'i':
            conversion = CONV_SIGNED;
            g_string_append (piece, "ll");
            break;
          case 'u':
          case 'o':
          case 'x':
          case 'X':
            conversion = CONV_UNSIGNED;
            g_string_append (piece, "ll");
            break;
          case 'c':
            conversion = CONV_CHAR;
            break;
          case 'f':
          case 'F':
          case 'e':
          case 'E':
          case 'g':
          case 'G':
          case 'a':
          case 'A':
            conversion = CONV_DOUBLE;
            break;
          case '\0':
            set_format_error (error, "ends inside the conversion '%s'", start);
            return FALSE;
          case 'n':
            set_format_error (error, "uses %%n, which writes into memory: not allowed");
            return FALSE;
          case 's':
          case 'p':
            set_format_error (error, "uses '%.*s': the inputs are numbers, not texts or pointers",
                              (int)(s - start + 1), start);
            return FALSE;
          default:
            set_format_error (error, "has an unknown conversion '%.*s'", (int)(s - start + 1),
                              start);
            return FALSE;
        }
      g_string_append_c (piece, *s++);
      close_piece (p, piece, conversion);
      p->n_conversions++;
    }
  if (piece->len > 0)
    close_piece (p, piece, CONV_NONE);
  return TRUE;
}

static gboolean
formatted_string_configure (OrrConfig *config, GError **error)
{
  OrrValue *format_value = orr_config_get_param (config, "format");
  const char *format = format_value != NULL ? orr_value_get_string (format_value) : NULL;
  int n_inputs, size;
  gboolean external;
  ParsedFormat parsed = { 0 };

  if (format == NULL)
    {
      orr_param_set_error (error, "format", "must be a text");
      return FALSE;
    }
  if (!orr_param_get_int_range (config, "inputs", 0, ORR_PALETTE_MAX_PORTS, &n_inputs, error)
      || !orr_param_get_int_range (config, "size", 1, MAX_SIZE, &size, error)
      || !orr_param_get_flag (config, "external", &external, error))
    return FALSE;
  if (!parse_format (format, &parsed, error))
    {
      parsed_format_clear (&parsed);
      return FALSE;
    }
  if (parsed.n_conversions != n_inputs)
    {
      orr_param_set_error (error, "format",
                           "has %d conversion(s) for %d input(s): give one per input",
                           parsed.n_conversions, n_inputs);
      parsed_format_clear (&parsed);
      return FALSE;
    }

  for (int k = 0; k < n_inputs; k++)
    orr_config_add_input (config, 1, 1, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, size, 1, ORR_TYPE_UINT8);
  orr_config_set_event_ports (config, external ? 1 : 0, 0);
  /* opar: each piece's format as a string, in order; ipar: its kind */
  for (guint i = 0; i < parsed.formats->len; i++)
    {
      OrrValue *piece = orr_value_new_string (g_ptr_array_index (parsed.formats, i));

      orr_config_add_opar (config, piece);
      orr_value_unref (piece);
    }
  orr_config_set_ipar (config, (const int *)parsed.kinds->data, (int)parsed.kinds->len);
  parsed_format_clear (&parsed);
  /* a short format is its own icon */
  if (g_utf8_strlen (format, -1) <= 8 && g_utf8_validate (format, -1, NULL))
    {
      g_autofree char *label = g_strdup_printf ("\"%s\"", format);

      orr_config_set_label (config, label);
    }
  return TRUE;
}

/* An input element of any type, as a double (a complex number: its real
 * part). */
static double
input_value (const OrrSimBlock *block, int port)
{
  const OrrPortBuffer *in = &block->in[port];

  switch (in->type)
    {
      case ORR_TYPE_DOUBLE:
      case ORR_TYPE_COMPLEX:
        return ((const double *)in->data)[0];
      case ORR_TYPE_INT8:
        return ((const gint8 *)in->data)[0];
      case ORR_TYPE_INT16:
        return ((const gint16 *)in->data)[0];
      case ORR_TYPE_INT32:
        return ((const gint32 *)in->data)[0];
      case ORR_TYPE_UINT8:
        return ((const guint8 *)in->data)[0];
      case ORR_TYPE_UINT16:
        return ((const guint16 *)in->data)[0];
      case ORR_TYPE_UINT32:
        return ((const guint32 *)in->data)[0];
      case ORR_TYPE_BOOL:
        return ((const guint8 *)in->data)[0] ? 1 : 0;
      default:
        return 0;
    }
}

/* Truncated toward zero and clamped to the 64-bit range; NaN: 0. */
static long long
to_integer (double v)
{
  if (isnan (v))
    return 0;
  if (v >= 9223372036854775807.0)
    return G_MAXINT64;
  if (v <= -9223372036854775808.0)
    return G_MININT64;
  return (long long)v;
}

/* Prints piece i with value v at the end of buf (used bytes, capacity
 * bytes in all, the last kept for snprintf's NUL); returns the new used
 * count. The pieces' formats were checked at configure, one conversion
 * each, of the kind the argument has. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
static gsize
print_piece (char *buf, gsize used, gsize capacity, const char *format, int kind, double v)
{
  int n;

  switch (kind)
    {
      case CONV_SIGNED:
        n = snprintf (buf + used, capacity - used, format, to_integer (v));
        break;
      case CONV_UNSIGNED:
        n = snprintf (buf + used, capacity - used, format, (unsigned long long)to_integer (v));
        break;
      case CONV_CHAR:
        n = snprintf (buf + used, capacity - used, format,
                      (int)(guint8)CLAMP (to_integer (v), 0, 255));
        break;
      case CONV_DOUBLE:
        n = snprintf (buf + used, capacity - used, format, v);
        break;
      default:
        n = snprintf (buf + used, capacity - used, format);
        break;
    }
  if (n < 0)
    return used;
  return MIN (used + (gsize)n, capacity - 1);
}
#pragma GCC diagnostic pop

static void
formatted_string_simulate (OrrSimBlock *block, OrrJob job)
{
  gsize size = (gsize)orr_block_out_numel (block, 0);
  guint8 *out = block->out[0].data;
  char *buf;
  gsize used = 0;
  int port = 0;

  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_alloc_work (block, size + 1);
        break;

      case ORR_JOB_OUTPUTS:
        buf = block->work;
        buf[0] = '\0';
        for (int i = 0; i < block->n_ipar && used < size; i++)
          {
            int kind = block->ipar[i];
            double v = kind != CONV_NONE ? input_value (block, port++) : 0;

            used
              = print_piece (buf, used, size + 1, orr_value_get_string (block->opar[i]), kind, v);
          }
        memcpy (out, buf, used);
        memset (out + used, 0, size - used);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_formatted_string_class = {
  .name = "FormattedString",
  .palette = N_ ("Math"),
  .label = N_ ("Formatted string"),
  .description = N_ ("Numbers written into a text as C's printf does, output as a vector of "
                     "character codes (uint8) for a Display in text mode."),
  .icon_text = "printf",
  .params = formatted_string_params,
  .n_params = G_N_ELEMENTS (formatted_string_params),
  .configure = formatted_string_configure,
  .simulate = formatted_string_simulate,
  .keywords = "snprintf printf text string format",
};
