/* test-sine.h: TestSine, an exact sine source for model tests,
 * y = amplitude sin (omega t + phase) + bias, computed from t itself so
 * that the checks downstream see an input with no integration error. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

extern const OrrBlockClass test_sine_class;

G_END_DECLS
