/* counter-scope-model.h: the model the tests and benchmarks of recording
 * share, whose every recorded value is known exactly: a SampleClock of
 * period 1 ms drives a Counter whose output, times [1 ... 8], goes into
 * one Scope (block id "s"). Sample k = 0, 1, ... is (k + 1) * [1 ... 8]
 * at t = k ms. Header only: no library to link. */
#pragma once

#include <glib.h>

#define COUNTER_SCOPE_CHANNELS 8

/* The model's text for n_samples samples: the final time sits half a
 * period after the last tick. Free with g_free(). */
static inline char *
counter_scope_model (guint64 n_samples)
{
  char final[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (final, sizeof final, "%.17g", (n_samples - 0.5) * 1e-3);
  return g_strdup_printf (
    "<orrery version=\"1.0\">"
    "<settings start=\"0\" final=\"%s\" solver=\"auto\" rtol=\"1e-06\" atol=\"1e-08\" "
    "max-step=\"0\"/>"
    "<diagram>"
    "<block id=\"c\" type=\"SampleClock\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"period\">1e-3</param>"
    "<ports event-out=\"1\"/></block>"
    "<block id=\"n\" type=\"Counter\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<ports out=\"1\" event-in=\"1\"/></block>"
    "<block id=\"k\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"gain\">[1; 2; 3; 4; 5; 6; 7; 8]</param>"
    "<ports in=\"1\" out=\"1\"/></block>"
    "<block id=\"s\" type=\"Scope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><ports in=\"1\"/>"
    "</block>"
    "<link id=\"l1\" kind=\"activation\" from=\"c\" from-port=\"1\" to=\"n\" to-port=\"1\"/>"
    "<link id=\"l2\" kind=\"regular\" from=\"n\" from-port=\"1\" to=\"k\" to-port=\"1\"/>"
    "<link id=\"l3\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"s\" to-port=\"1\"/>"
    "</diagram></orrery>",
    final);
}
