/* bus-names.c: the name lists of the bus blocks. See bus-names.h. */
#include "bus-names.h"
#include "orr-block-params.h"

#include <string.h>

static gboolean
is_word (const char *s, gsize len)
{
  if (len == 0 || g_ascii_isdigit (s[0]))
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '_')
      return FALSE;
  return TRUE;
}

static gboolean
is_name (const char *s, gboolean dotted)
{
  const char *start = s;

  for (const char *p = s;; p++)
    if (*p == '.' || *p == '\0')
      {
        if (!is_word (start, p - start) || (*p == '.' && !dotted))
          return FALSE;
        if (*p == '\0')
          return TRUE;
        start = p + 1;
      }
}

gboolean
orr_bus_get_names (OrrConfig *config, const char *name, gboolean dotted, char ***names, int *n,
                   GError **error)
{
  OrrValue *value = orr_config_get_param (config, name);
  g_auto (GStrv) parts = NULL;
  int count;

  if (value == NULL || orr_value_get_type_id (value) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, name, "must be a text in quotes, such as 'position, speed'");
      return FALSE;
    }
  parts = g_strsplit (orr_value_get_string (value), ",", -1);
  count = (int)g_strv_length (parts);
  if (count == 0)
    {
      orr_param_set_error (error, name, "names no signal: give at least one, 'position'");
      return FALSE;
    }
  if (count > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, name, "names %d signals, more than %d", count,
                           ORR_PALETTE_MAX_PORTS);
      return FALSE;
    }
  for (int i = 0; i < count; i++)
    {
      g_strstrip (parts[i]);
      if (!is_name (parts[i], dotted))
        {
          orr_param_set_error (error, name,
                               dotted ? "holds “%s”: each name is letters, digits and underscores "
                                        "(not first a digit), with dots into nested buses"
                                      : "holds “%s”: each name is letters, digits and underscores, "
                                        "not first a digit",
                               parts[i]);
          return FALSE;
        }
      for (int j = 0; j < i; j++)
        if (strcmp (parts[i], parts[j]) == 0)
          {
            orr_param_set_error (error, name, "names “%s” twice", parts[i]);
            return FALSE;
          }
    }
  *n = count;
  *names = g_steal_pointer (&parts);
  return TRUE;
}
