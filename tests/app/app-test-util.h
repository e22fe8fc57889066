/* app-test-util.h: what the editor's GUI tests share: letting the main
 * loop run, waiting for a window to be on screen and keeping a picture of
 * it in the build directory, for people to look at (nothing is compared
 * against it), and cleaning up the folders they write. */
#pragma once

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "orr-application.h"
#include "orr-window.h"

/* Deletes a folder the test made, with everything in it. */
static inline void
app_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
      const char *entry;

      while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, entry, NULL);
          app_test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

/* Lets the main loop run for ms milliseconds: layout, drawing, idles. */
static inline void
app_test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Waits until native (a window, or a popover that is popping up) has
 * drawn, and writes it as name.png into $ORRERY_TEST_OUTDIR (nothing when
 * that is not set). */
static inline void
app_test_keep_picture_of (GtkWidget *native, const char *name)
{
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  int width, height;

  while (!gtk_widget_get_mapped (native) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* a few frames for layout and drawing */
  deadline = g_get_monotonic_time () + G_USEC_PER_SEC / 4;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  if (outdir == NULL || !gtk_widget_get_mapped (native))
    return;
  width = gtk_widget_get_width (native);
  height = gtk_widget_get_height (native);
  paintable = gtk_widget_paintable_new (native);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (native)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (outdir, file, NULL);
  gdk_texture_save_to_png (texture, path);
}

/* Closes the window *window points to (a weak pointer, set with
 * g_object_add_weak_pointer) and waits, at most five seconds, for it to be
 * finalized. A window that lived on past its test, kept by a run's last
 * idle or a worker's callback, would later write NULL through the weak
 * pointer into the test's freed fixture; one that outlives the wait is
 * a leak, and fails the test. */
static inline void
app_test_close_window (OrrWindow **window)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  if (*window == NULL)
    return;
  orr_window_close_confirmed (*window);
  while (*window != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  if (*window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (*window), (gpointer *)window);
      g_error ("a closed window was still alive after 5 s (%u references)",
               G_OBJECT (*window)->ref_count);
    }
}

/* Shows window first. */
static inline void
app_test_keep_picture (GtkWindow *window, const char *name)
{
  gtk_window_present (window);
  app_test_keep_picture_of (GTK_WIDGET (window), name);
}

/* The one application every test of a program shares: an application
 * stays exported on the bus for the rest of the process. Not unique: a
 * test must not talk to, or be, someone's running Orrery. */
static inline OrrApplication *
app_test_application_new (void)
{
  OrrApplication *app = orr_application_new ();
  g_autoptr (GError) error = NULL;

  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}
