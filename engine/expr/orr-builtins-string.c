/* orr-builtins-string.c - the few string builtins parameters need:
 * num2str, char, strcat, strcmp, and error for validating mask values.
 */
#include "orr-builtins-private.h"
#include "orr-value-display.h"

#include <string.h>

static void
append_number (GString *s, double x, int precision)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];

  if (isnan (x) || isinf (x))
    {
      orr_append_double (s, x);
      return;
    }
  if (precision <= 0 && x == floor (x) && fabs (x) < 1e15)
    {
      g_ascii_formatd (buf, sizeof buf, "%.0f", x);
      g_string_append (s, buf);
      return;
    }
  if (precision <= 0)
    {
      /* MATLAB: four decimals beyond the integer digits */
      int digits = x == 0 ? 1 : (int)ceil (log10 (fabs (x)));

      precision = MAX (digits, 1) + 4;
    }
  g_snprintf (format, sizeof format, "%%.%dg", CLAMP (precision, 1, 17));
  g_ascii_formatd (buf, sizeof buf, format, x);
  g_string_append (s, buf);
}

gboolean
orr_bi_num2str (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  double precision = 0;
  GString *s;

  if (v->type == ORR_TYPE_STRING)
    {
      out[0] = orr_value_ref (args[0]);
      return TRUE;
    }
  if (nargs > 1)
    {
      if (!orr_bi_scalar_arg (ev, pos, "num2str", 2, args[1], &precision))
        return FALSE;
      if (!(precision >= 1 && precision <= 17))
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                              "num2str: the precision must be 1 to 17")
               != NULL;
    }
  if (!orr_eval_charge (ev, pos, 24.0 * orr_value_numel_fast (v)))
    return FALSE;
  s = g_string_new (NULL);
  for (gsize i = 0; i < v->rows; i++)
    {
      if (i > 0)
        g_string_append_c (s, '\n');
      for (gsize j = 0; j < v->cols; j++)
        {
          OrrComplex z = orr_value_complex_at (v, i + j * v->rows);

          if (j > 0)
            g_string_append (s, "  ");
          append_number (s, creal (z), (int)precision);
          if (v->type == ORR_TYPE_COMPLEX)
            {
              if (!signbit (cimag (z)))
                g_string_append_c (s, '+');
              append_number (s, cimag (z), (int)precision);
              g_string_append_c (s, 'i');
            }
        }
    }
  out[0] = orr_value_new_string (s->str);
  g_string_free (s, TRUE);
  return TRUE;
}

gboolean
orr_bi_char (ORR_BUILTIN_ARGS)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < nargs; k++)
    {
      const OrrValue *v = args[k];
      gsize n = orr_value_numel_fast (v);

      if (v->type == ORR_TYPE_STRING)
        {
          g_string_append (s, v->data);
          continue;
        }
      if (!orr_eval_charge (ev, pos, (double)n))
        {
          g_string_free (s, TRUE);
          return FALSE;
        }
      for (gsize i = 0; i < n; i++)
        {
          double c = orr_value_real_at (v, i);

          if (!(c >= 1 && c <= 0x10FFFF) || c != floor (c) || (c >= 0xD800 && c <= 0xDFFF))
            {
              g_string_free (s, TRUE);
              return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                    "char: %g is not a valid character code", c)
                     != NULL;
            }
          g_string_append_unichar (s, (gunichar)c);
        }
    }
  out[0] = orr_value_new_string (s->str);
  g_string_free (s, TRUE);
  return TRUE;
}

gboolean
orr_bi_strcat (ORR_BUILTIN_ARGS)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < nargs; k++)
    {
      if (args[k]->type != ORR_TYPE_STRING)
        {
          g_string_free (s, TRUE);
          return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                                "strcat: argument %u is a %s, not a string", k + 1,
                                orr_type_name (args[k]->type))
                 != NULL;
        }
      g_string_append (s, args[k]->data);
    }
  if (!orr_eval_charge (ev, pos, (double)s->len))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  out[0] = orr_value_new_string (s->str);
  g_string_free (s, TRUE);
  return TRUE;
}

gboolean
orr_bi_strcmp (ORR_BUILTIN_ARGS)
{
  const char *a = orr_value_get_string (args[0]), *b = orr_value_get_string (args[1]);

  if (a && !orr_eval_charge (ev, pos, (double)strlen (a)))
    return FALSE;
  out[0] = orr_value_new_bool (a && b && strcmp (a, b) == 0);
  return TRUE;
}

gboolean
orr_bi_error (ORR_BUILTIN_ARGS)
{
  const char *msg = orr_value_get_string (args[0]);

  if (msg == NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "error: the message must be a string")
           != NULL;
  return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s", msg) != NULL;
}
