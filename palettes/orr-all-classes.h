/* orr-all-classes.h: every standard palette's classes, for white-box
 * tests that name blocks by symbol. Nothing else should need it. */
#pragma once

#include "activation/activation-classes.h"
#include "continuous/continuous-classes.h"
#include "custom/custom-classes.h"
#include "discrete/discrete-classes.h"
#include "hybrid/hybrid-classes.h"
#include "integer/integer-classes.h"
#include "logic/logic-classes.h"
#include "lookup/lookup-classes.h"
#include "optimization/optimization-classes.h"
#include "math/math-classes.h"
#include "ports/ports-classes.h"
#include "routing/routing-classes.h"
#include "sinks/sinks-classes.h"
#include "sources/sources-classes.h"
