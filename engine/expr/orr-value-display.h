/* orr-value-display.h - number formatting shared by display and num2str */
#pragma once

#include <glib.h>

/* Shortest decimal that reads back to exactly @d; "NaN", "Inf", "-Inf". */
void orr_append_double (GString *s, double d);
