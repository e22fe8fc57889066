/* orr-trust-dialog.c: see orr-trust-dialog.h. */
#include "orr-trust-dialog.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-compile.h>

struct _OrrTrustDialog
{
  GtkWindow parent_instance;

  GtkLabel *heading;
  GtkLabel *code_list;
  GtkButton *trust_button;
  GtkButton *cancel_button;
};

G_DEFINE_FINAL_TYPE (OrrTrustDialog, orr_trust_dialog, GTK_TYPE_WINDOW)

static void
orr_trust_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ORR_TYPE_TRUST_DIALOG);
  G_OBJECT_CLASS (orr_trust_dialog_parent_class)->dispose (object);
}

static void
orr_trust_dialog_class_init (OrrTrustDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_trust_dialog_dispose;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/orrery/Orrery/orr-trust-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, OrrTrustDialog, heading);
  gtk_widget_class_bind_template_child (widget_class, OrrTrustDialog, code_list);
  gtk_widget_class_bind_template_child (widget_class, OrrTrustDialog, trust_button);
  gtk_widget_class_bind_template_child (widget_class, OrrTrustDialog, cancel_button);
}

static void
orr_trust_dialog_init (OrrTrustDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWindow *
orr_trust_dialog_new (GtkWindow *parent, const char *model_name, GPtrArray *native_code)
{
  OrrTrustDialog *self = g_object_new (ORR_TYPE_TRUST_DIALOG, NULL);
  g_autofree char *heading = NULL;
  GString *list = g_string_new (NULL);

  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      /* the buttons' win.* actions are the parent window's */
      gtk_widget_insert_action_group (GTK_WIDGET (self), "win", G_ACTION_GROUP (parent));
    }
  heading = g_strdup_printf (_ ("“%s” contains code that runs on this computer"), model_name);
  gtk_label_set_text (self->heading, heading);
  for (guint i = 0; i < native_code->len; i++)
    {
      const OrrNativeCode *c = g_ptr_array_index (native_code, i);

      /* TRANSLATORS: a line of the trust question: block path, block type,
       * then the FMU's file or the code's function */
      g_string_append_printf (list, _ ("• %s (%s): %s"), c->block_path, c->kind, c->what);
      if (i + 1 < native_code->len)
        g_string_append_c (list, '\n');
    }
  gtk_label_set_text (self->code_list, list->str);
  g_string_free (list, TRUE);
  /* the safe answer has the focus (Enter cancels), and the list is not
   * shown selected */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->cancel_button));
  return GTK_WINDOW (self);
}

const char *
orr_trust_dialog_get_list_text (OrrTrustDialog *self)
{
  g_return_val_if_fail (ORR_IS_TRUST_DIALOG (self), NULL);
  return gtk_label_get_text (self->code_list);
}
