/* orr-value-display.c - turns a value into parameter-language source text
 * that evaluates back to an equal value (shown in dialogs, saved in files).
 */
#include "orr-value-private.h"
#include "orr-value-display.h"

#include <string.h>

void
orr_append_double (GString *s, double d)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  guint k;

  if (isnan (d))
    {
      g_string_append (s, "NaN");
      return;
    }
  if (isinf (d))
    {
      g_string_append (s, d > 0 ? "Inf" : "-Inf");
      return;
    }
  /* Whole numbers, the most common parameters, print as "%.15g" prints
   * them, without formatting and parsing back three times. */
  if (d == trunc (d) && fabs (d) < 1e15)
    {
      char digits[24], *p = digits + sizeof digits;
      guint64 u = (guint64)fabs (d);

      *--p = '\0';
      do
        *--p = (char)('0' + u % 10);
      while ((u /= 10) > 0);
      if (signbit (d))
        *--p = '-';
      g_string_append (s, p);
      return;
    }
  /* The shortest of these that reads back exactly keeps 0.1 as "0.1". */
  for (k = 0; k < G_N_ELEMENTS (formats); k++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[k], d);
      if (g_ascii_strtod (buf, NULL) == d)
        break;
    }
  g_string_append (s, buf);
}

static void
append_element (GString *s, const OrrValue *v, gsize i)
{
  if (v->type == ORR_TYPE_BOOL)
    g_string_append (s, orr_value_real_at (v, i) != 0 ? "true" : "false");
  else if (v->type == ORR_TYPE_COMPLEX)
    {
      double im = cimag (orr_value_complex_at (v, i));

      orr_append_double (s, creal (orr_value_complex_at (v, i)));
      if (!signbit (im))
        g_string_append_c (s, '+');
      orr_append_double (s, im);
      g_string_append_c (s, 'i');
    }
  else
    orr_append_double (s, orr_value_real_at (v, i));
}

/* "x" for a scalar, "[a b; c d]" otherwise; @v is not empty. */
static void
append_matrix (GString *s, const OrrValue *v)
{
  gsize r, c;

  if (v->rows == 1 && v->cols == 1)
    {
      append_element (s, v, 0);
      return;
    }
  g_string_append_c (s, '[');
  for (r = 0; r < v->rows; r++)
    {
      if (r > 0)
        g_string_append (s, "; ");
      for (c = 0; c < v->cols; c++)
        {
          if (c > 0)
            g_string_append_c (s, ' ');
          append_element (s, v, r + c * v->rows);
        }
    }
  g_string_append_c (s, ']');
}

static void
append_string (GString *s, const char *text)
{
  const char *p;
  gboolean has_control = FALSE, in_quotes = FALSE;
  guint pieces = 0;

  for (p = text; *p; p++)
    if ((guchar)*p < 0x20 || *p == 0x7f)
      has_control = TRUE;
  if (!has_control)
    {
      g_string_append_c (s, '\'');
      for (p = text; *p; p++)
        {
          if (*p == '\'')
            g_string_append_c (s, '\'');
          g_string_append_c (s, *p);
        }
      g_string_append_c (s, '\'');
      return;
    }
  /* Control characters cannot appear in a literal: splice them in. */
  g_string_append_c (s, '[');
  for (p = text; *p; p++)
    {
      if ((guchar)*p < 0x20 || *p == 0x7f)
        {
          if (in_quotes)
            g_string_append_c (s, '\'');
          in_quotes = FALSE;
          g_string_append_printf (s, "%schar(%d)", pieces++ ? " " : "", (guchar)*p);
          continue;
        }
      if (!in_quotes)
        g_string_append (s, pieces++ ? " '" : "'");
      in_quotes = TRUE;
      if (*p == '\'')
        g_string_append_c (s, '\'');
      g_string_append_c (s, *p);
    }
  if (in_quotes)
    g_string_append_c (s, '\'');
  g_string_append_c (s, ']');
}

static gboolean
complex_needs_constructor (const OrrValue *v)
{
  gsize i, n = orr_value_numel_fast (v);
  gboolean any_imag = FALSE;

  for (i = 0; i < n; i++)
    {
      OrrComplex z = orr_value_complex_at (v, i);

      if (!isfinite (creal (z)) || !isfinite (cimag (z)))
        return TRUE;
      if (cimag (z) != 0.0)
        any_imag = TRUE;
    }
  /* Without a non-zero imaginary part "a+0i" would evaluate to a real. */
  return !any_imag;
}

static void
append_parts (GString *s, const OrrValue *v, gboolean imag)
{
  OrrValue *part = orr_value_alloc (ORR_TYPE_DOUBLE, v->rows, v->cols);
  gsize i, n = orr_value_numel_fast (v);

  for (i = 0; i < n; i++)
    {
      OrrComplex z = orr_value_complex_at (v, i);

      ((double *)part->data)[i] = imag ? cimag (z) : creal (z);
    }
  append_matrix (s, part);
  orr_value_unref (part);
}

char *
orr_value_to_display (const OrrValue *v)
{
  GString *s;
  gsize n;

  g_return_val_if_fail (v != NULL, NULL);
  s = g_string_new (NULL);
  if (v->type == ORR_TYPE_STRING)
    {
      append_string (s, v->data);
      return g_string_free (s, FALSE);
    }
  n = orr_value_numel_fast (v);
  if (n == 0)
    {
      if (v->type == ORR_TYPE_DOUBLE && v->rows == 0 && v->cols == 0)
        g_string_append (s, "[]");
      else if (v->type == ORR_TYPE_DOUBLE)
        g_string_append_printf (s, "zeros(%" G_GSIZE_FORMAT ",%" G_GSIZE_FORMAT ")", v->rows,
                                v->cols);
      else if (v->type == ORR_TYPE_COMPLEX)
        g_string_append_printf (s,
                                "complex(zeros(%" G_GSIZE_FORMAT ",%" G_GSIZE_FORMAT
                                "),zeros(%" G_GSIZE_FORMAT ",%" G_GSIZE_FORMAT "))",
                                v->rows, v->cols, v->rows, v->cols);
      else
        g_string_append_printf (s, "%s(zeros(%" G_GSIZE_FORMAT ",%" G_GSIZE_FORMAT "))",
                                orr_type_name (v->type), v->rows, v->cols);
      return g_string_free (s, FALSE);
    }
  switch (v->type)
    {
      case ORR_TYPE_DOUBLE:
      case ORR_TYPE_BOOL:
        append_matrix (s, v);
        break;
      case ORR_TYPE_COMPLEX:
        if (complex_needs_constructor (v))
          {
            g_string_append (s, "complex(");
            append_parts (s, v, FALSE);
            g_string_append (s, ", ");
            append_parts (s, v, TRUE);
            g_string_append_c (s, ')');
          }
        else
          append_matrix (s, v);
        break;
      default:
        g_string_append (s, orr_type_name (v->type));
        g_string_append_c (s, '(');
        append_matrix (s, v);
        g_string_append_c (s, ')');
        break;
    }
  return g_string_free (s, FALSE);
}
