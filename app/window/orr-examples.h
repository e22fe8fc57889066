/* orr-examples.h: the example models that come with Orrery, and the
 * window that lists them (Open Example). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  char *file;        /* name in the examples folder: "bouncing-ball.orr" */
  char *title;       /* "Bouncing ball" */
  char *description; /* one sentence */
} OrrExample;

void orr_example_free (OrrExample *example);

/* Where the examples are: $ORRERY_EXAMPLES, else the installed folder,
 * else the source tree's (an uninstalled build). NULL when none exists. */
char *orr_examples_get_dir (void);

/* The examples of dir/index.xml, in its order (OrrExample*). NULL with
 * error (naming the file and line) when it is missing or malformed. */
GPtrArray *orr_examples_load_index (const char *dir, GError **error);

/* A window listing the examples, title and description; activating one
 * activates the application's "app.open-example" with its file name. */
GtkWindow *orr_examples_window_new (GtkWindow *parent);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrExample, orr_example_free)

G_END_DECLS
