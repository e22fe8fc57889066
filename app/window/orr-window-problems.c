/* orr-window-problems.c: what went wrong with the model, under the canvas.
 * A compile or run error shows in an info bar above the canvas, and each
 * problem (an undefined name, an algebraic loop, a size conflict...) as a
 * row of the problems list; activating a row goes to the diagram holding
 * the blocks involved and highlights every one of them. Messages blocks
 * report while running (an FMU's log) are rows too, marked as warnings:
 * they leave the info bar and the run alone. */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-evaluate.h>

#define PROBLEM_IDS_KEY "orr-problem-block-ids"
#define PENDING_IDS_KEY "orr-problem-pending-ids"
#define N_WARNINGS_KEY "orr-problem-n-warnings"
/* A list box of thousands of rows makes the window crawl; an FMU logging
 * at every step would get there. The rest stays in the run controller. */
#define MAX_WARNING_ROWS 500

/* After the layout: scroll again to the blocks, in the canvas's new size. */
static gboolean
show_pending_blocks (gpointer data)
{
  OrrWindow *self = data;
  g_auto (GStrv) ids = g_object_steal_data (G_OBJECT (self), PENDING_IDS_KEY);

  if (ids != NULL && self->model != NULL)
    _orr_window_show_blocks (self, (const char *const *)ids);
  return G_SOURCE_REMOVE;
}

/* warning: a message reported while running, marked with an icon */
static GtkWidget *
problem_row_new (const OrrProblem *problem, gboolean warning)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *where = gtk_label_new (problem->where != NULL ? problem->where : "");
  GtkWidget *message = gtk_label_new (problem->message != NULL ? problem->message : "");

  gtk_label_set_xalign (GTK_LABEL (where), 0);
  gtk_widget_add_css_class (where, "heading");
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_selectable (GTK_LABEL (message), FALSE);
  /* parser messages quote the line with a caret under it */
  gtk_widget_add_css_class (message, "monospace");
  gtk_box_append (GTK_BOX (box), where);
  gtk_box_append (GTK_BOX (box), message);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  if (warning)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      gtk_widget_set_margin_start (icon, 8);
      gtk_widget_set_margin_top (icon, 6);
      gtk_box_append (GTK_BOX (line), icon);
      gtk_box_append (GTK_BOX (line), box);
      gtk_widget_add_css_class (row, "warning");
      box = line;
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), problem->block_ids != NULL);
  if (problem->block_ids != NULL)
    {
      gtk_widget_set_tooltip_text (row, _ ("Show the blocks involved"));
      g_object_set_data_full (G_OBJECT (row), PROBLEM_IDS_KEY, g_strdupv (problem->block_ids),
                              (GDestroyNotify)g_strfreev);
    }
  return row;
}

void
_orr_window_show_problems (OrrWindow *self, const char *message, GPtrArray *problems)
{
  GtkWidget *child;
  guint n = problems != NULL ? problems->len : 0;

  g_return_if_fail (ORR_IS_WINDOW (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problems_list))) != NULL)
    gtk_list_box_remove (self->problems_list, child);
  g_object_set_data (G_OBJECT (self), N_WARNINGS_KEY, NULL);
  for (guint i = 0; i < n; i++)
    {
      const OrrProblem *problem = g_ptr_array_index (problems, i);

      gtk_list_box_append (self->problems_list, problem_row_new (problem, problem->warning));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problems_scroller), n > 0);

  if (message != NULL)
    {
      guint n_errors = 0;

      for (guint i = 0; i < n; i++)
        n_errors += !((OrrProblem *)g_ptr_array_index (problems, i))->warning;
      /* the list says each problem: the bar only says that there are some,
       * not the same text a second time */
      if (n_errors > 0)
        {
          g_autofree char *summary = g_strdup_printf (
            g_dngettext (GETTEXT_PACKAGE, "The model has a problem, listed below.",
                         "The model has %u problems, listed below.", n_errors),
            n_errors);
          gtk_label_set_text (self->info_label, summary);
        }
      else
        gtk_label_set_text (self->info_label, message);
      gtk_info_bar_set_revealed (self->info_bar, TRUE);
    }
  else
    {
      gtk_info_bar_set_revealed (self->info_bar, FALSE);
      orr_canvas_set_highlighted (self->canvas, NULL);
    }

  /* the first problem's blocks at once: the user sees where to look,
   * once the list has taken its room from the canvas */
  if (n > 0)
    {
      const OrrProblem *first = g_ptr_array_index (problems, 0);

      if (first->block_ids != NULL)
        {
          _orr_window_show_blocks (self, (const char *const *)first->block_ids);
          g_object_set_data_full (G_OBJECT (self), PENDING_IDS_KEY, g_strdupv (first->block_ids),
                                  (GDestroyNotify)g_strfreev);
          g_idle_add_full (G_PRIORITY_LOW, show_pending_blocks, g_object_ref (self),
                           g_object_unref);
        }
    }
}

void
_orr_window_add_warning (OrrWindow *self, const OrrProblem *problem)
{
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), N_WARNINGS_KEY));
  GtkWidget *row;

  g_return_if_fail (ORR_IS_WINDOW (self));

  if (n > MAX_WARNING_ROWS)
    return;
  g_object_set_data (G_OBJECT (self), N_WARNINGS_KEY, GUINT_TO_POINTER (n + 1));
  if (n == MAX_WARNING_ROWS)
    {
      OrrProblem more = { .message = _ ("More messages are not shown here.") };

      row = problem_row_new (&more, TRUE);
    }
  else
    row = problem_row_new (problem, TRUE);
  gtk_list_box_append (self->problems_list, row);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_scroller), TRUE);
}

void
_orr_window_info_bar_response (OrrWindow *self, int response)
{
  if (response == GTK_RESPONSE_CLOSE)
    _orr_window_show_problems (self, NULL, NULL);
}

void
_orr_window_problem_activated (OrrWindow *self, GtkListBoxRow *row)
{
  const char *const *ids = g_object_get_data (G_OBJECT (row), PROBLEM_IDS_KEY);

  if (ids != NULL)
    {
      _orr_window_show_blocks (self, ids);
      gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
    }
}
