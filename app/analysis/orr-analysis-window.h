/* orr-analysis-window.h: the Linear Analysis window: a linear model's
 * matrices, its pole/zero map, Bode magnitude and phase, and step
 * response, drawn with the scopes' plot code, exported as CSV, PNG or
 * SVG. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-analysis.h>

G_BEGIN_DECLS

#define ORR_TYPE_ANALYSIS_WINDOW (orr_analysis_window_get_type ())
G_DECLARE_FINAL_TYPE (OrrAnalysisWindow, orr_analysis_window, ORR, ANALYSIS_WINDOW, GtkWindow)

/* Takes a copy of model; title names what was linearized. */
OrrAnalysisWindow *orr_analysis_window_new (GtkWindow *parent, const OrrLinearModel *model,
                                            const char *title);
/* Shows one page: "matrices", "poles", "bode" or "step". */
void orr_analysis_window_show_page (OrrAnalysisWindow *self, const char *page);
/* Writes the shown page: .png or .svg (the plot; the matrices page draws
 * the pole/zero map), or .csv (matrices, poles and zeros, the frequency
 * and step responses, whatever the page). */
gboolean orr_analysis_window_export (OrrAnalysisWindow *self, const char *path, GError **error);

G_END_DECLS
