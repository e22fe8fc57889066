/* orr-trust-dialog.h: "Trust this model?", listing the native code a
 * model would run (OrrNativeCode: the block, its type, the FMU file or
 * the function). Its buttons are actions: window.close, and the parent
 * window's win.trust-run, which remembers the answer and runs. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ORR_TYPE_TRUST_DIALOG (orr_trust_dialog_get_type ())
G_DECLARE_FINAL_TYPE (OrrTrustDialog, orr_trust_dialog, ORR, TRUST_DIALOG, GtkWindow)

/* native_code: of OrrNativeCode*; model_name: how the model is called. */
GtkWindow *orr_trust_dialog_new (GtkWindow *parent, const char *model_name, GPtrArray *native_code);
/* The list as shown, for tests. */
const char *orr_trust_dialog_get_list_text (OrrTrustDialog *self);

G_END_DECLS
