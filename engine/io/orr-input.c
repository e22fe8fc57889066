/* orr-input.c: reading files a model names (model inputs) and XML without
 * a DTD. See orr-input.h and docs/reliability.md ("Limits"). */
#include "orr-input.h"

#include <orrery/orr-block.h>

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct
{
  gboolean saw_dtd;
  int dtd_line;
} XmlGuard;

/* The SAX hook for <!DOCTYPE ...>: stop before the internal subset (and
 * with it any entity declaration) is read. */
static void
refuse_internal_subset (void *user_data, const xmlChar *name G_GNUC_UNUSED,
                        const xmlChar *external_id G_GNUC_UNUSED,
                        const xmlChar *system_id G_GNUC_UNUSED)
{
  xmlParserCtxt *ctxt = user_data;
  XmlGuard *guard = ctxt->_private;

  guard->saw_dtd = TRUE;
  guard->dtd_line = xmlSAX2GetLineNumber (ctxt);
  xmlStopParser (ctxt);
}

xmlDoc *
orr_xml_read_memory (const char *data, gsize length, char **message, int *line)
{
  const int options
    = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES;
  XmlGuard guard = { 0 };
  xmlParserCtxt *ctxt;
  xmlDoc *doc;

  *message = NULL;
  *line = 1;
  if (length > G_MAXINT)
    {
      *message = g_strdup ("the file is too large");
      return NULL;
    }
  /* A parser context of our own, so that errors are collected here and
   * not reported through libxml2's process-wide handlers. */
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      *message = g_strdup ("out of memory");
      return NULL;
    }
  ctxt->_private = &guard;
  ctxt->sax->internalSubset = refuse_internal_subset;
  doc = xmlCtxtReadMemory (ctxt, data, (int)length, NULL, NULL, options);
  if (guard.saw_dtd)
    {
      *message = g_strdup ("a document type declaration (<!DOCTYPE ...>) is not allowed here; "
                           "the format needs none, and its entities could expand without bound");
      *line = guard.dtd_line > 0 ? guard.dtd_line : 1;
      xmlFreeDoc (doc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *e = xmlCtxtGetLastError (ctxt);

      g_autofree char *detail
        = g_strdup (e != NULL && e->message != NULL ? e->message : "unknown error");

      *message = g_strdup_printf ("not well-formed XML: %s", g_strstrip (detail));
      *line = e != NULL && e->line > 0 ? e->line : 1;
      xmlFreeDoc (doc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlFreeParserCtxt (ctxt);
  return doc;
}

static const char *
kind_of (mode_t mode)
{
  if (S_ISDIR (mode))
    return "a folder";
  if (S_ISFIFO (mode))
    return "a pipe (FIFO)";
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return "a device";
  if (S_ISSOCK (mode))
    return "a socket";
  return "not a regular file";
}

gboolean
orr_read_input_file (const char *path, gsize max_bytes, char **contents, gsize *length,
                     GError **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *buffer = NULL;
  struct stat st;
  gsize size;
  gsize done = 0;
  int fd;

  g_return_val_if_fail (path != NULL && contents != NULL, FALSE);

  /* O_NONBLOCK: opening a FIFO must not wait for a writer; the file type
   * is checked on what was opened, so nothing can be swapped in between. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", display,
                   g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: this is %s; only regular files are read", display, kind_of (st.st_mode));
      close (fd);
      return FALSE;
    }
  if ((guint64)st.st_size > max_bytes)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "%s: %" G_GUINT64_FORMAT " bytes, more than the limit of %" G_GSIZE_FORMAT
                   " bytes",
                   display, (guint64)st.st_size, max_bytes);
      close (fd);
      return FALSE;
    }
  size = (gsize)st.st_size;
  buffer = g_malloc (size + 1);
  /* The file may shrink while it is read; it is never read past its
   * size when opened, so it cannot grow the buffer either. */
  while (done < size)
    {
      gssize n = read (fd, buffer + done, size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "'%s': %s", display,
                       g_strerror (saved));
          close (fd);
          return FALSE;
        }
      if (n == 0)
        break;
      done += (gsize)n;
    }
  close (fd);
  buffer[done] = '\0';
  *contents = g_steal_pointer (&buffer);
  if (length != NULL)
    *length = done;
  return TRUE;
}

gboolean
orr_xml_prolog_is_safe (const char *data, gsize length, int *line)
{
  gsize i = 0;

  *line = 1;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  /* UTF-16 or UTF-32 text hides its markup from a byte scan: the formats
   * are UTF-8, so such a file is refused here */
  if (length >= 2
      && ((guchar)data[0] == 0xfe || (guchar)data[0] == 0xff || data[0] == '\0' || data[1] == '\0'))
    return FALSE;
  while (i < length)
    {
      const char *end = NULL;

      if (data[i] == '\n')
        (*line)++;
      if (g_ascii_isspace (data[i]))
        {
          i++;
          continue;
        }
      if (length - i >= 2 && memcmp (data + i, "<?", 2) == 0)
        end = g_strstr_len (data + i, length - i, "?>");
      else if (length - i >= 4 && memcmp (data + i, "<!--", 4) == 0)
        end = g_strstr_len (data + i, length - i, "-->");
      else if (length - i >= 9 && g_ascii_strncasecmp (data + i, "<!DOCTYPE", 9) == 0)
        return FALSE;
      else
        return TRUE; /* the root element (or text the parser will refuse) */
      if (end == NULL)
        return TRUE; /* unterminated: the parser reports it */
      for (const char *p = data + i; p < end; p++)
        if (*p == '\n')
          (*line)++;
      i = end - data + 2;
    }
  return TRUE;
}
