/* orr-param-row.h: one field of a form, shared by the block, mask and
 * settings dialogs: a label, an input (an entry, a drop-down, a check
 * box... given by the dialog), the error under it while the value is
 * wrong, and the help. Rows of one form align their labels through a
 * size group. Also the small captions the dialogs share. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ORR_TYPE_PARAM_ROW (orr_param_row_get_type ())
G_DECLARE_FINAL_TYPE (OrrParamRow, orr_param_row, ORR, PARAM_ROW, GtkWidget)

/* mnemonic: the label ("_Final time"), bound to input; help may be NULL;
 * labels (may be NULL) aligns the labels of the form's rows. */
GtkWidget *orr_param_row_new (const char *mnemonic, GtkWidget *input, const char *help,
                              GtkSizeGroup *labels);
GtkWidget *orr_param_row_get_input (OrrParamRow *row);
/* Another help under the input (a solver's description), NULL for none. */
void orr_param_row_set_help (OrrParamRow *row, const char *help);
GtkWidget *orr_param_row_get_label (OrrParamRow *row);
GtkWidget *orr_param_row_get_error_label (OrrParamRow *row);
/* Shows message under the input and marks the input, or clears both
 * (NULL). */
void orr_param_row_set_error (OrrParamRow *row, const char *message);
/* Puts more below the input (a Choose… line instead of the input, a
 * scrolled text): widget goes where the input went. */
void orr_param_row_set_input_widget (OrrParamRow *row, GtkWidget *widget);

/* A caption of a form: wrapped, small, with the CSS class given ("error",
 * "dim-label"). */
GtkWidget *orr_form_caption_new (const char *text, const char *css_class);
/* Shows message in label (hidden when NULL), and marks input (may be
 * NULL) as wrong while there is one. */
void orr_form_show_error (GtkWidget *label, GtkWidget *input, const char *message);

G_END_DECLS
