/* orr-scopes-pane.c: the scopes pane. See orr-scopes-pane.h.
 *
 * Each scope is a small column: a header and the view. The header's
 * buttons name actions ("scope.follow" ...) of a group inserted on that
 * column, so one set of buttons, menus and tests reaches one view, and
 * the toggles follow the view's own properties (GPropertyAction) when a
 * zoom turns following off. */
#include "orr-scopes-pane.h"

#include <glib/gi18n-lib.h>

struct _OrrScopesPane
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkWidget *box;
  GPtrArray *views;   /* of OrrScopeView, in order */
  GPtrArray *groups;  /* of GActionGroup, one per view */
  GPtrArray *columns; /* of GtkWidget: header + view, children of box or of a window */
  GPtrArray *windows; /* of GtkWindow: the detached scopes' windows */
  /* the titles of the scopes the user detached or closed: the next run's
   * scopes of the same blocks come back that way */
  GHashTable *detached;
  GHashTable *closed;
};

G_DEFINE_FINAL_TYPE (OrrScopesPane, orr_scopes_pane, GTK_TYPE_WIDGET)

/* ---- exporting -------------------------------------------------------------- */

static void
report_error (GtkWidget *near, const char *what, GError *error)
{
  GtkRoot *root = gtk_widget_get_root (near);
  GtkWidget *dialog;

  g_warning ("%s: %s", what, error->message);
  if (!GTK_IS_WINDOW (root))
    return;
  /* GtkAlertDialog is 4.10; 4.8 has the message dialog */
  dialog
    = gtk_message_dialog_new (GTK_WINDOW (root), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", what);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
export_data_to (OrrScopeView *view, const char *path)
{
  g_autoptr (GError) error = NULL;

  if (!orr_signal_log_export_csv (orr_scope_view_get_log (view), path, &error))
    report_error (GTK_WIDGET (view), _ ("Could not export the scope data"), error);
}

static void
export_image_to (OrrScopeView *view, const char *path)
{
  g_autoptr (GError) error = NULL;

  if (!orr_scope_view_export (view, path, &error))
    report_error (GTK_WIDGET (view), _ ("Could not export the scope image"), error);
}

static void
export_data_to_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  export_data_to (ORR_SCOPE_VIEW (user_data), g_variant_get_string (parameter, NULL));
}

static void
export_image_to_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  export_image_to (ORR_SCOPE_VIEW (user_data), g_variant_get_string (parameter, NULL));
}

static void
chooser_answered (GtkNativeDialog *chooser, int response, OrrScopeView *view)
{
  gboolean image = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "orr-image"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL && image)
        export_image_to (view, path);
      else if (path != NULL)
        export_data_to (view, path);
    }
  g_object_unref (view);
  g_object_unref (chooser);
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *pattern)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
}

/* Asks where to export (GtkFileChooserNative: GtkFileDialog is 4.10). */
static void
ask_file (OrrScopeView *view, gboolean image)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (view));
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  g_autofree char *base = g_strdelimit (
    g_strdup (orr_signal_log_get_title (orr_scope_view_get_log (view))), "/\\:", '-');

  chooser
    = gtk_file_chooser_native_new (image ? _ ("Export Scope Image") : _ ("Export Scope Data"),
                                   GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  name = g_strconcat (*base != '\0' ? base : "scope", image ? ".png" : ".csv", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  if (image)
    {
      add_filter (GTK_FILE_CHOOSER (chooser), _ ("PNG, SVG or PDF"), "*.[pPsS][nNvVdD][gGfF]");
      add_filter (GTK_FILE_CHOOSER (chooser), _ ("PNG image"), "*.png");
      add_filter (GTK_FILE_CHOOSER (chooser), _ ("SVG image"), "*.svg");
      add_filter (GTK_FILE_CHOOSER (chooser), _ ("PDF document"), "*.pdf");
    }
  else
    add_filter (GTK_FILE_CHOOSER (chooser), _ ("CSV data"), "*.csv");
  g_object_set_data (G_OBJECT (chooser), "orr-image", GINT_TO_POINTER (image));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_answered), g_object_ref (view));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_data_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ask_file (ORR_SCOPE_VIEW (user_data), FALSE);
}

static void
export_image_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ask_file (ORR_SCOPE_VIEW (user_data), TRUE);
}

static void
reset_view_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_scope_view_reset_view (ORR_SCOPE_VIEW (user_data));
}

/* ---- close and detach ------------------------------------------------------ */

static OrrScopesPane *
pane_of (GtkWidget *column)
{
  return g_object_get_data (G_OBJECT (column), "orr-scopes-pane");
}

static const char *
title_of (GtkWidget *column)
{
  OrrScopeView *view = g_object_get_data (G_OBJECT (column), "orr-scope-view");
  return orr_signal_log_get_title (orr_scope_view_get_log (view));
}

static void
close_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWidget *column = g_object_get_data (G_OBJECT (user_data), "orr-scope-column");
  OrrScopesPane *self = pane_of (column);
  GtkRoot *root = gtk_widget_get_root (column);

  g_hash_table_add (self->closed, g_strdup (title_of (column)));
  g_hash_table_remove (self->detached, title_of (column));
  if (root != NULL && g_ptr_array_find (self->windows, root, NULL))
    gtk_window_close (GTK_WINDOW (root));
  gtk_widget_set_visible (column, FALSE);
}

/* A detached scope's window closes: the scope goes back to the pane. */
static gboolean
detached_close_request (GtkWindow *window, GtkWidget *column)
{
  OrrScopesPane *self = pane_of (column);

  g_object_ref (column);
  gtk_window_set_child (window, NULL);
  if (self->box != NULL)
    {
      gtk_box_append (GTK_BOX (self->box), column);
      if (!g_hash_table_contains (self->closed, title_of (column)))
        g_hash_table_remove (self->detached, title_of (column));
    }
  g_object_unref (column);
  g_ptr_array_remove (self->windows, window);
  return FALSE;
}

static void
detach (OrrScopesPane *self, GtkWidget *column)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *window = gtk_window_new ();
  g_autofree char *title = g_strdup_printf (_ ("%s — Scope"), title_of (column));

  if (gtk_widget_get_parent (column) != self->box)
    return; /* already in a window of its own */
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), 520, 340);
  if (GTK_IS_WINDOW (root))
    {
      gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (root));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
    }
  g_object_ref (column);
  gtk_box_remove (GTK_BOX (self->box), column);
  gtk_window_set_child (GTK_WINDOW (window), column);
  g_object_unref (column);
  g_signal_connect (window, "close-request", G_CALLBACK (detached_close_request), column);
  g_ptr_array_add (self->windows, window);
  g_hash_table_add (self->detached, g_strdup (title_of (column)));
  gtk_window_present (GTK_WINDOW (window));
}

static void
detach_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWidget *column = g_object_get_data (G_OBJECT (user_data), "orr-scope-column");

  detach (pane_of (column), column);
}

/* ---- one scope -------------------------------------------------------------- */

static GSimpleActionGroup *
make_actions (OrrScopeView *view)
{
  static const GActionEntry entries[] = {
    { "reset-view", reset_view_activated },
    { "export-data", export_data_activated },
    { "export-image", export_image_activated },
    { "export-data-to", export_data_to_activated, "s" },
    { "export-image-to", export_image_to_activated, "s" },
    { "close", close_activated },
    { "detach", detach_activated },
  };
  GSimpleActionGroup *group = g_simple_action_group_new ();
  const char *properties[] = { "follow", "autoscale", "grid" };

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), view);
  for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
    {
      g_autoptr (GPropertyAction) action
        = g_property_action_new (properties[i], view, properties[i]);
      g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
    }
  return group;
}

static GtkWidget *
toggle (const char *label, const char *action, const char *tooltip)
{
  GtkWidget *button = gtk_toggle_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  /* framed, in a linked row: a pressed button shows the option is on */
  return button;
}

static GtkWidget *
make_header (OrrSignalLog *log)
{
  /* the block's path on a row of its own: beside the buttons a narrow
   * pane left it a few letters */
  GtkWidget *rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *title = gtk_label_new (orr_signal_log_get_title (log));
  GtkWidget *button;
  g_autoptr (GMenu) menu = g_menu_new ();

  gtk_widget_add_css_class (rows, "scope-header");
  gtk_widget_set_margin_start (rows, 8);
  gtk_widget_set_margin_end (rows, 4);
  gtk_widget_set_margin_top (rows, 4);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_tooltip_text (title, orr_signal_log_get_title (log));
  gtk_box_append (GTK_BOX (rows), title);
  gtk_widget_set_halign (header, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (rows), header);

  {
    GtkWidget *toggles = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

    gtk_widget_add_css_class (toggles, "linked");
    gtk_widget_set_margin_end (toggles, 4);
    if (orr_signal_log_get_kind (log) != ORR_SIGNAL_LOG_XY)
      gtk_box_append (GTK_BOX (toggles), toggle (_ ("_Follow"), "scope.follow",
                                                 _ ("Slide the time axis with the simulation")));
    /* an EventScope's rows are its inputs: nothing to scale */
    if (orr_signal_log_get_kind (log) != ORR_SIGNAL_LOG_EVENTS
        && orr_signal_log_get_kind (log) != ORR_SIGNAL_LOG_SHAPES)
      gtk_box_append (GTK_BOX (toggles),
                      toggle (_ ("_Autoscale"), "scope.autoscale", _ ("Fit the values shown")));
    /* an animation has no axes to grid */
    if (orr_signal_log_get_kind (log) != ORR_SIGNAL_LOG_SHAPES)
      gtk_box_append (GTK_BOX (toggles), toggle (_ ("_Grid"), "scope.grid", _ ("Show the grid")));
    gtk_box_append (GTK_BOX (header), toggles);
  }

  button = gtk_button_new_from_icon_name ("zoom-fit-best-symbolic");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "scope.reset-view");
  gtk_widget_set_tooltip_text (button, _ ("Reset the view (double click)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Reset the View"), -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_box_append (GTK_BOX (header), button);

  g_menu_append (menu, _ ("Export _Data (CSV)…"), "scope.export-data");
  g_menu_append (menu, _ ("Export _Image (PNG, SVG, PDF)…"), "scope.export-image");
  button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-save-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, _ ("Export"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Export"), -1);
  gtk_box_append (GTK_BOX (header), button);

  button = gtk_button_new_from_icon_name ("window-new-symbolic");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "scope.detach");
  gtk_widget_set_tooltip_text (button, _ ("Show in a window of its own"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Detach the Scope"), -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_box_append (GTK_BOX (header), button);

  button = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "scope.close");
  gtk_widget_set_tooltip_text (button, _ ("Close the scope until the next run"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Close the Scope"), -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_box_append (GTK_BOX (header), button);
  return rows;
}

void
orr_scopes_pane_add_log (OrrScopesPane *self, OrrSignalLog *log)
{
  GtkWidget *column, *view;
  g_autoptr (GSimpleActionGroup) group = NULL;

  g_return_if_fail (ORR_IS_SCOPES_PANE (self));
  g_return_if_fail (ORR_IS_SIGNAL_LOG (log));

  view = orr_scope_view_new (log);
  /* the plot's name for screen readers: the header's title is a label of
   * its own, not bound to the drawing */
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  orr_signal_log_get_title (log), -1);
  orr_scope_view_set_show_title (ORR_SCOPE_VIEW (view), FALSE);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_widget_set_hexpand (view, TRUE);
  group = make_actions (ORR_SCOPE_VIEW (view));

  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (column, "scope-column");
  gtk_box_append (GTK_BOX (column), make_header (log));
  gtk_box_append (GTK_BOX (column), view);
  gtk_widget_insert_action_group (column, "scope", G_ACTION_GROUP (group));
  if (self->columns->len > 0)
    gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (self->box), column);

  g_object_set_data (G_OBJECT (column), "orr-scopes-pane", self);
  g_object_set_data (G_OBJECT (column), "orr-scope-view", view);
  g_object_set_data (G_OBJECT (view), "orr-scope-column", column);
  g_ptr_array_add (self->views, view);
  g_ptr_array_add (self->groups, g_steal_pointer (&group));
  g_ptr_array_add (self->columns, column);
  /* as the user left it in the last run */
  if (g_hash_table_contains (self->detached, orr_signal_log_get_title (log)))
    detach (self, column);
}

void
orr_scopes_pane_clear (OrrScopesPane *self)
{
  GtkWidget *child;

  g_return_if_fail (ORR_IS_SCOPES_PANE (self));
  /* detached windows go with their scopes; the titles stay remembered */
  while (self->windows->len > 0)
    {
      GtkWindow *window = g_ptr_array_steal_index (self->windows, self->windows->len - 1);
      g_signal_handlers_disconnect_matched (window, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                            detached_close_request, NULL);
      gtk_window_destroy (window);
    }
  g_hash_table_remove_all (self->closed);
  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);
  g_ptr_array_set_size (self->views, 0);
  g_ptr_array_set_size (self->groups, 0);
  g_ptr_array_set_size (self->columns, 0);
}

guint
orr_scopes_pane_get_n_views (OrrScopesPane *self)
{
  g_return_val_if_fail (ORR_IS_SCOPES_PANE (self), 0);
  return self->views->len;
}

OrrScopeView *
orr_scopes_pane_get_view (OrrScopesPane *self, guint index)
{
  g_return_val_if_fail (ORR_IS_SCOPES_PANE (self), NULL);
  g_return_val_if_fail (index < self->views->len, NULL);
  return g_ptr_array_index (self->views, index);
}

GtkWindow *
orr_scopes_pane_get_window (OrrScopesPane *self, guint index)
{
  GtkRoot *root;

  g_return_val_if_fail (ORR_IS_SCOPES_PANE (self), NULL);
  g_return_val_if_fail (index < self->columns->len, NULL);
  root = gtk_widget_get_root (g_ptr_array_index (self->columns, index));
  return root != NULL && g_ptr_array_find (self->windows, root, NULL) ? GTK_WINDOW (root) : NULL;
}

GActionGroup *
orr_scopes_pane_get_actions (OrrScopesPane *self, guint index)
{
  g_return_val_if_fail (ORR_IS_SCOPES_PANE (self), NULL);
  g_return_val_if_fail (index < self->groups->len, NULL);
  return g_ptr_array_index (self->groups, index);
}

/* ---- the class -------------------------------------------------------------- */

static void
orr_scopes_pane_dispose (GObject *object)
{
  OrrScopesPane *self = ORR_SCOPES_PANE (object);

  while (self->windows != NULL && self->windows->len > 0)
    {
      GtkWindow *window = g_ptr_array_steal_index (self->windows, self->windows->len - 1);
      g_signal_handlers_disconnect_matched (window, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                            detached_close_request, NULL);
      gtk_window_destroy (window);
    }
  self->box = NULL;
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->windows, g_ptr_array_unref);
  g_clear_pointer (&self->detached, g_hash_table_unref);
  g_clear_pointer (&self->closed, g_hash_table_unref);
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  G_OBJECT_CLASS (orr_scopes_pane_parent_class)->dispose (object);
}

static void
orr_scopes_pane_class_init (OrrScopesPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_scopes_pane_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scopes");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
orr_scopes_pane_init (OrrScopesPane *self)
{
  self->views = g_ptr_array_new ();
  self->groups = g_ptr_array_new_with_free_func (g_object_unref);
  self->columns = g_ptr_array_new ();
  self->windows = g_ptr_array_new ();
  self->detached = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->closed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Scopes"), -1);
}

GtkWidget *
orr_scopes_pane_new (void)
{
  return g_object_new (ORR_TYPE_SCOPES_PANE, NULL);
}
