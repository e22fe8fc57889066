/* zip-forge.h: what the FMU tests do to a zip archive's bytes to make it
 * hostile, shared by the engine's unpacking limits (tests/fmi) and the
 * editor's hostile-FMU test (tests/app). */
#pragma once

#include <glib.h>
#include <string.h>

/* Sets every "uncompressed size" field of a zip (local headers and the
 * central directory) to size, as a zip bomb's maker would. */
static inline void
zip_forge_sizes (char *data, gsize length, guint32 size)
{
  for (gsize i = 0; i + 30 <= length; i++)
    {
      gsize at = 0;

      if (memcmp (data + i, "PK\003\004", 4) == 0)
        at = i + 22;
      else if (memcmp (data + i, "PK\001\002", 4) == 0)
        at = i + 24;
      if (at != 0)
        for (int b = 0; b < 4; b++)
          data[at + b] = (char)((size >> (8 * b)) & 0xff);
    }
}
