/* orr-xcos-blocks.c: the Xcos block mapping, as data.
 *
 * One row per Xcos block (its interfaceFunctionName): the Orrery class it
 * becomes and each Orrery parameter as a template over the Xcos dialog
 * values (exprs, counted from 1 as in the block's dialog; see the "set"
 * case of the block's .sci in scicos_blocks/macros):
 *
 *   $N    exprs N translated to Orrery's language (%pi -> pi ...)
 *   $qN   exprs N as a quoted string ('name')
 *   $sN   a "number of inputs or sign vector": n > 1 becomes ones(1, n)
 *   $pN   a polynomial in s or z (CLR, DLR), as its coefficient row in
 *         descending powers
 *   $uN   the highest k of the names uk in exprs N (EXPRESSION)
 *   $vN   exprs N with uk read as u1(k), quoted (EXPRESSION of one vector)
 *   $aN   the argument of the call exprs N is: int8(215) gives 215
 *   $Cx $Cy   the points of a CURV_f curve, from its model.rpar
 *   $#in $#out $#ein $#eout   how many ports of that kind the Xcos block has
 *   $F    scifunc_block_m's output code as ExprCustomBlock formulas, one
 *         per line (orr-xcos-scifunc.c; code it cannot translate keeps
 *         the block a placeholder, with the reason)
 *
 * A parameter whose exprs entry is missing is left out (the Orrery
 * default). "when" picks among rows of one Xcos name: "N=TEXT" by an
 * exprs entry's text, "N^TEXT" by how it starts, "#=N" by how many entries there are,
 * "#in=N", "#out=N", "#ein=N", "#eout=N" by how many ports of that kind the block has,
 * "ctx=N" by whether entry N names a variable of the diagram's context;
 * conditions joined by '&' must all hold. "inner" is for Xcos super blocks
 * compiled into one block (CLOCK_c, STEP_FUNCTION ...): their dialog values are those of the named
 * block inside ("A+B": A's, then B's), and the row's conditions are about them. A row with a NULL
 * class has no counterpart yet: the block stays a placeholder, and its note, if any, says why
 * in the import report. The notes say where the semantics
 * differ; docs/xcos.md lists them all. Orrery's parameters are documented in docs/blocks.md.
 */
#include "orr-xcos-private.h"

/* M_freq as an ExprCustomBlock over p = [periods, offsets, 2^(i-1)] (a
 * row per clock) and z, the time of the last tick programmed (the first
 * tick, min(offsets), at the start). u1 is 0 until the block's first
 * activation, 1 after: at the start the block programs the tick z itself,
 * at an activation the next tick after z. MFREQ_NEXT is that next tick,
 * MFREQ_CODE which clocks tick then (the output's number), and each
 * output's delay is the time to that tick on the output of that number,
 * -1 (none) on the others. */
#define MFREQ_NEXT                                                                                 \
  "min(p(:, 2) + p(:, 1) .* (z &gt;= p(:, 2) - 1e-9*p(:, 1)) .* "                                  \
  "(floor((z - p(:, 2)) ./ p(:, 1) + 1e-9) + 1))"
#define MFREQ_T "(z + (u1 &gt; 0.5)*(" MFREQ_NEXT " - z))"
#define MFREQ_CODE                                                                                 \
  "sum(p(:, 3) .* (" MFREQ_T " &gt;= p(:, 2) - 1e-9*p(:, 1)) .* (abs((" MFREQ_T                    \
  " - p(:, 2)) ./ p(:, 1) - round((" MFREQ_T " - p(:, 2)) ./ p(:, 1))) &lt; 1e-6))"
#define MFREQ_EVENTS                                                                               \
  "((1:sum(p(:, 3)))' == " MFREQ_CODE ") .* (" MFREQ_T " - t) - ((1:sum(p(:, 3)))' ~= " MFREQ_CODE \
  ")"
/* The super block around it, with n activation outputs (closed by
 * MFREQ_OUT for each output and </diagram>) */
#define MFREQ_HEAD(n)                                                                              \
  "<diagram>"                                                                                      \
  "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"                          \
  "<param name='port'>1</param><ports event-out='1'/></block>"                                     \
  "<block id='c' type='Constant' x='20' y='60' width='40' height='40'>"                            \
  "<param name='value'>1</param><ports out='1'/></block>"                                          \
  "<block id='h' type='SampleHold' x='90' y='60' width='40' height='40'>"                          \
  "<ports in='1' out='1' event-in='1'/></block>"                                                   \
  "<block id='m' type='ExprCustomBlock' x='170' y='60' width='60' height='40'>"                    \
  "<param name='in_sizes'>[1 1]</param><param name='z0'>min($2)</param>"                           \
  "<param name='outputs'>% none</param>"                                                           \
  "<param name='update'>" MFREQ_NEXT "</param>"                                                    \
  "<param name='events'>" MFREQ_EVENTS "</param>"                                                  \
  "<param name='activation_inputs'>1</param>"                                                      \
  "<param name='activation_outputs'>" n "</param>"                                                 \
  "<param name='parameters'>[reshape($1, numel($1), 1), reshape($2, numel($2), 1), "               \
  "2.^((0:numel($1)-1)')]</param>"                                                                 \
  "<ports in='1' event-in='1' event-out='" n "'/></block>"                                         \
  "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"                    \
  "<link id='k2' kind='activation' from='i' from-port='1' to='m' to-port='1'/>"                    \
  "<link id='k3' kind='regular' from='c' from-port='1' to='h' to-port='1'/>"                       \
  "<link id='k4' kind='regular' from='h' from-port='1' to='m' to-port='1'/>"
#define MFREQ_OUT(k)                                                                               \
  "<block id='o" k "' type='EventOutput' x='" k "0' y='160' width='20' height='20'>"               \
  "<param name='port'>" k "</param><ports event-in='1'/></block>"                                  \
  "<link id='e" k "' kind='activation' from='m' from-port='" k "' to='o" k "' to-port='1'/>"

/* The 3-D scopes' stand-in: an XYScope of the first two inputs, scaled
 * by their ranges ($7, $8) with the buffer size $11; the third (z) ends in
 * a Terminator. CANIMXY3D and CSCOPXY3D both map to it. */
#define XY_PROJECTION_DIAGRAM                                                                      \
  "<diagram>"                                                                                      \
  "<block id='ix' type='Input' x='20' y='20' width='20' height='20'>"                              \
  "<param name='port'>1</param><ports out='1'/></block>"                                           \
  "<block id='iy' type='Input' x='20' y='80' width='20' height='20'>"                              \
  "<param name='port'>2</param><ports out='1'/></block>"                                           \
  "<block id='iz' type='Input' x='20' y='140' width='20' height='20'>"                             \
  "<param name='port'>3</param><ports out='1'/></block>"                                           \
  "<block id='s' type='XYScope' x='100' y='30' width='60' height='60'><label>XY</label>"           \
  "<param name='xmin'>min($7)</param><param name='xmax'>max($7)</param>"                           \
  "<param name='ymin'>min($8)</param><param name='ymax'>max($8)</param>"                           \
  "<param name='buffer'>max(2, $11)</param><ports in='2'/></block>"                                \
  "<block id='t' type='Terminator' x='100' y='130' width='40' height='40'>"                        \
  "<ports in='1'/></block>"                                                                        \
  "<link id='k1' kind='regular' from='ix' from-port='1' to='s' to-port='1'/>"                      \
  "<link id='k2' kind='regular' from='iy' from-port='1' to='s' to-port='2'/>"                      \
  "<link id='k3' kind='regular' from='iz' from-port='1' to='t' to-port='1'/>"                      \
  "</diagram>"

const OrrXcosBlockMap orr_xcos_block_table[] = {
  /* ---- Sources ---------------------------------------------------------- */
  /* an integer constant, int8(215): Scilab truncates the value and wraps it
   * into the type (int8(215) is -41), a Constant of fix(215) through a
   * wrapping DataTypeConversion */
  { "CONST_m",
    "1^int8(",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Constant' x='20' y='40' width='40' height='40'>"
    "<param name='value'>fix($a1)</param><ports out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='90' y='40' width='60' height='40'>"
    "<param name='type'>2</param><param name='overflow'>2</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='c' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "CONST_m",
    "1^int16(",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Constant' x='20' y='40' width='40' height='40'>"
    "<param name='value'>fix($a1)</param><ports out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='90' y='40' width='60' height='40'>"
    "<param name='type'>3</param><param name='overflow'>2</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='c' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "CONST_m",
    "1^int32(",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Constant' x='20' y='40' width='40' height='40'>"
    "<param name='value'>fix($a1)</param><ports out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='90' y='40' width='60' height='40'>"
    "<param name='type'>4</param><param name='overflow'>2</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='c' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "CONST_m",
    "1^uint8(",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Constant' x='20' y='40' width='40' height='40'>"
    "<param name='value'>fix($a1)</param><ports out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='90' y='40' width='60' height='40'>"
    "<param name='type'>5</param><param name='overflow'>2</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='c' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "CONST_m",
    "1^uint16(",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Constant' x='20' y='40' width='40' height='40'>"
    "<param name='value'>fix($a1)</param><ports out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='90' y='40' width='60' height='40'>"
    "<param name='type'>6</param><param name='overflow'>2</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='c' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "CONST_m",
    "1^uint32(",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Constant' x='20' y='40' width='40' height='40'>"
    "<param name='value'>fix($a1)</param><ports out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='90' y='40' width='60' height='40'>"
    "<param name='type'>7</param><param name='overflow'>2</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='c' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "CONST_m", NULL, "Constant", NULL, { "value=$1" }, NULL },
  { "CONST", NULL, "Constant", NULL, { "value=$1" }, NULL },
  { "CONST_f", NULL, "Constant", NULL, { "value=$1" }, NULL },
  { "GENSIN_f", NULL, "SineWave", NULL, { "amplitude=$1", "frequency=$2", "phase=$3" }, NULL },
  { "TIME_f", NULL, "Time", NULL, { NULL }, NULL },
  { "RAMP", NULL, "Ramp", NULL, { "slope=$1", "start=$2", "initial=$3" }, NULL },
  { "STEP_FUNCTION",
    NULL,
    "Step",
    "STEP",
    { "step_time=$1", "initial=reshape($2, numel($2), 1)", "final=reshape($3, numel($3), 1)" },
    "Xcos builds the step from an event delay; Orrery's Step locates the jump as a zero crossing" },
  { "STEP",
    NULL,
    "Step",
    NULL,
    { "step_time=$1", "initial=reshape($2, numel($2), 1)", "final=reshape($3, numel($3), 1)" },
    "the activation input Xcos's STEP takes from its own delay is not needed" },
  { "Counter", NULL, "Counter", NULL, { "minimum=$1", "maximum=$2", "rule=$3" }, NULL },
  { "RAND_m",
    "2=0",
    "RandomUniform",
    NULL,
    { "min=$3", "max=($3)+($4)" },
    "another random generator: the same distribution, not the same numbers" },
  { "RAND_m",
    "2=1",
    "RandomNormal",
    NULL,
    { "mean=$3", "deviation=$4" },
    "another random generator: the same distribution, not the same numbers" },
  { "SampleCLK", NULL, "SampleClock", NULL, { "period=$1", "offset=$2" }, NULL },
  { "CLOCK_c",
    NULL,
    "EventClock",
    "EVTDLY_c",
    { "period=$1", "init_time=$2" },
    "Orrery also fires at the final time when a tick falls on it" },
  { "CLOCK_f",
    NULL,
    "EventClock",
    "EVTDLY_f",
    { "period=$1", "init_time=$2" },
    "Orrery also fires at the final time when a tick falls on it" },
  /* Sigbuilder: the curve of its inner CURVE_c (method, times, values,
   * periodic "y" or "n") read by a LookupTable of the time: CURVE_c's zero
   * order (0) is the table's floor (2), linear (1) linear (1), not-a-knot
   * spline (3) not-a-knot (6); a periodic curve repeats (extrapolation 4),
   * another holds its end values (2) */
  { "Sigbuilder",
    "1=0",
    "SuperBlock",
    "CURVE_c",
    { NULL },
    "the event output (an event at each point of the curve) is not there",
    "<diagram>"
    "<block id='t' type='Time' x='20' y='40' width='40' height='40'><ports out='1'/></block>"
    "<block id='l' type='LookupTable' x='90' y='40' width='60' height='40'>"
    "<param name='x'>$2</param><param name='y'>$3</param><param name='method'>2</param>"
    "<param name='extrapolation'>2 + 2*(strcmp($q4, 'y') | strcmp($q4, 'Y'))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='t' from-port='1' to='l' to-port='1'/>"
    "<link id='k2' kind='regular' from='l' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "Sigbuilder",
    "1=1",
    "SuperBlock",
    "CURVE_c",
    { NULL },
    "the event output (an event at each point of the curve) is not there",
    "<diagram>"
    "<block id='t' type='Time' x='20' y='40' width='40' height='40'><ports out='1'/></block>"
    "<block id='l' type='LookupTable' x='90' y='40' width='60' height='40'>"
    "<param name='x'>$2</param><param name='y'>$3</param><param name='method'>1</param>"
    "<param name='extrapolation'>2 + 2*(strcmp($q4, 'y') | strcmp($q4, 'Y'))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='t' from-port='1' to='l' to-port='1'/>"
    "<link id='k2' kind='regular' from='l' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "Sigbuilder",
    "1=3",
    "SuperBlock",
    "CURVE_c",
    { NULL },
    "the event output (an event at each point of the curve) is not there",
    "<diagram>"
    "<block id='t' type='Time' x='20' y='40' width='40' height='40'><ports out='1'/></block>"
    "<block id='l' type='LookupTable' x='90' y='40' width='60' height='40'>"
    "<param name='x'>$2</param><param name='y'>$3</param><param name='method'>6</param>"
    "<param name='extrapolation'>2 + 2*(strcmp($q4, 'y') | strcmp($q4, 'Y'))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='180' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='t' from-port='1' to='l' to-port='1'/>"
    "<link id='k2' kind='regular' from='l' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "Sigbuilder", NULL, NULL, NULL, { NULL }, NULL },
  /* +A, then -A, +A ... switching at each activation but the first: a
   * counter 0, 1, 0 ... read before each activation's update */
  { "GENSQR_f",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "before the first activation the output is 0, not the amplitude",
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='c' type='Counter' x='70' y='40' width='40' height='40'>"
    "<param name='minimum'>0</param><param name='maximum'>1</param>"
    "<ports out='1' event-in='1'/></block>"
    "<block id='e' type='MathExpression' x='140' y='40' width='60' height='40'>"
    "<param name='inputs'>1</param><param name='expression'>'p(1)*(1-2*u1)'</param>"
    "<param name='parameters'>$1</param><ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='230' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='c' to-port='1'/>"
    "<link id='k2' kind='regular' from='c' from-port='1' to='e' to-port='1'/>"
    "<link id='k3' kind='regular' from='e' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  /* t minus the time of the last activation (t itself before the first) */
  { "SAWTOOTH_f",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='t' type='Time' x='20' y='60' width='40' height='40'><ports out='1'/></block>"
    "<block id='h' type='SampleHold' x='90' y='40' width='40' height='40'>"
    "<ports in='1' out='1' event-in='1'/></block>"
    "<block id='s' type='Sum' x='160' y='60' width='40' height='40'>"
    "<param name='signs'>[1 -1]</param><ports in='2' out='1'/></block>"
    "<block id='o' type='Output' x='230' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"
    "<link id='k2' kind='regular' from='t' from-port='1' to='h' to-port='1'/>"
    "<link id='k3' kind='regular' from='t' from-port='1' to='s' to-port='1'/>"
    "<link id='k4' kind='regular' from='h' from-port='1' to='s' to-port='2'/>"
    "<link id='k5' kind='regular' from='s' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  /* counts 0 .. base-1 from its initial state; Orrery's counter starts at
   * its minimum */
  { "Modulo_Count", "1=0", "Counter", NULL, { "minimum=0", "maximum=($2)-1" }, NULL },
  /* from another initial state: a counter from 0 shifted by it */
  { "Modulo_Count",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='c' type='Counter' x='70' y='40' width='40' height='40'>"
    "<param name='minimum'>0</param><param name='maximum'>($2)-1</param>"
    "<ports out='1' event-in='1'/></block>"
    "<block id='e' type='MathExpression' x='140' y='40' width='60' height='40'>"
    "<param name='inputs'>1</param><param name='expression'>'mod(u1+p(1), p(2))'</param>"
    "<param name='parameters'>[$1 $2]</param><ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='230' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='c' to-port='1'/>"
    "<link id='k2' kind='regular' from='c' from-port='1' to='e' to-port='1'/>"
    "<link id='k3' kind='regular' from='e' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "TKSCALE",
    NULL,
    "Constant",
    NULL,
    { "value=(($1)+($2))/2/($3)" },
    "a constant at the middle of the slider's range: Orrery has no slider" },
  { "CURV_f",
    NULL,
    "SignalGenerator",
    NULL,
    { "times=$Cx", "values=$Cy", "method=2" },
    "the curve's points are copied from the block's data" },
  { "CLINDUMMY_f",
    NULL,
    "Constant",
    NULL,
    { "value=0" },
    "Xcos's dummy state only forces continuous integration, which Orrery does not need" },

  /* ---- Sinks ------------------------------------------------------------ */
  { "CSCOPE",
    NULL,
    "Scope",
    NULL,
    { "inputs=1", "ymin=$5", "ymax=$6", "refresh=$7", "buffer=max(2, $8)", "activation=2-($9)" },
    "Orrery's scope plots every accepted solver point, not only the buffer's" },
  { "CMSCOPE",
    NULL,
    "MultiScope",
    NULL,
    { "inputs=$#in", "ymin=$6", "ymax=$7", "refresh=max($8)", "buffer=max(2, $9)",
      "activation=2-($10)" },
    "one time axis for all plots (the longest refresh period)" },
  { "SCALE_CSCOPE",
    NULL,
    "Scope",
    NULL,
    { "inputs=1", "ymin=$5", "ymax=$6", "refresh=$7", "activation=2-($9)" },
    "the axes do not rescale themselves" },
  { "SCALE_CMSCOPE",
    NULL,
    "MultiScope",
    NULL,
    { "inputs=$#in", "ymin=$6", "ymax=$7", "refresh=max($8)", "activation=2-($10)" },
    "the axes do not rescale themselves; one time axis for all plots" },
  { "CEVENTSCOPE", NULL, "EventScope", NULL, { "inputs=$1", "refresh=$6" }, NULL },
  { "CSCOPXY",
    NULL,
    "XYScope",
    NULL,
    { "xmin=$7", "xmax=$8", "ymin=$9", "ymax=$10", "buffer=max(2, $11)" },
    NULL },
  { "AFFICH_m",
    NULL,
    "Display",
    NULL,
    { "digits=min(17, max(1, $5))" },
    "Orrery's Display shows the latest value, updated as the input changes" },
  { "TOWS_c",
    NULL,
    "SignalOut",
    NULL,
    { "name=$q2" },
    "the signal goes to the run's recorded outputs, not to a Scilab variable" },
  { "TRASH_f", NULL, "Terminator", NULL, { NULL }, NULL },
  { "ENDBLK", NULL, "End", "END_c", { "action=1", "time=$1" }, NULL },
  { "END_c", NULL, "End", NULL, { "action=1", "time=$1" }, NULL },
  { "HALT_f", NULL, "End", NULL, { "action=1" }, NULL },
  { "WRITEC_f",
    NULL,
    "ToCSV",
    NULL,
    { "file=$q2" },
    "written as CSV text, not as Xcos's binary records" },
  { "WFILE_f", NULL, NULL, NULL, { NULL }, NULL },
  { "CMATVIEW",
    NULL,
    "Display",
    NULL,
    { NULL },
    "the matrix is shown as numbers, not as a colour map" },
  /* the matrix as numbers; its 3-D surface plot has no counterpart */
  { "CMAT3D",
    NULL,
    "Display",
    NULL,
    { NULL },
    "the matrix is shown as numbers, not as a 3-D surface over a colour map" },
  { "CANIMXY",
    NULL,
    "XYScope",
    NULL,
    { "xmin=$7", "xmax=$8", "ymin=$9", "ymax=$10", "buffer=max(2, $11)" },
    "drawn as a trace, not animated" },
  /* the (x, y) projection of the 3-D curves on an XYScope; z ends in a
   * Terminator */
  { "CANIMXY3D",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "drawn as the projection of the curves on the (x, y) plane, a trace, not animated: z is not "
    "shown",
    XY_PROJECTION_DIAGRAM },
  /* the 3-D scope: the same projection */
  { "CSCOPXY3D",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "drawn as the projection of the curves on the (x, y) plane: z is not shown",
    XY_PROJECTION_DIAGRAM },
  /* bars between the points (x(2k-1), y(2k-1)) and (x(2k), y(2k)), as
   * Scilab's xsegs draws them: one segment (x1, y1, x2, y2) a row of an
   * Anim2D of kind 5, moved at each activation */
  { "BARXY",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "drawn in an Anim2D window with its own line width",
    "<diagram>"
    "<block id='ix' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='iy' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='e' type='EventInput' x='140' y='0' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='m' type='MatrixExpression' x='80' y='30' width='60' height='60'>"
    "<param name='sizes'>-ones(2, 2)</param>"
    "<param name='expression'>'[u1(1:2:end), u2(1:2:end), u1(2:2:end), u2(2:2:end)]'</param>"
    "<ports in='2' out='1'/></block>"
    "<block id='a' type='Anim2D' x='180' y='30' width='60' height='60'><label>Bars</label>"
    "<param name='inputs'>1</param><param name='kinds'>5</param>"
    "<param name='geometry'>[$1, $2, $3, $4]</param>"
    "<param name='colors'>[0 0 0]</param>"
    "<param name='zoom'>min(10000, 300/max(($2)-($1), ($4)-($3)))</param>"
    "<ports in='1' event-in='2'/></block>"
    "<link id='k1' kind='regular' from='ix' from-port='1' to='m' to-port='1'/>"
    "<link id='k2' kind='regular' from='iy' from-port='1' to='m' to-port='2'/>"
    "<link id='k3' kind='regular' from='m' from-port='1' to='a' to-port='1'/>"
    "<link id='k4' kind='activation' from='e' from-port='1' to='a' to-port='1'/>"
    "</diagram>" },

  /* ---- Continuous ------------------------------------------------------- */
  { "INTEGRAL_m",
    NULL,
    "Integrator",
    NULL,
    { "x0=$1", "reinit=$2", "limited=$3", "upper=$4", "lower=$5" },
    NULL },
  { "INTEGRAL_f", NULL, "Integrator", NULL, { "x0=$1" }, NULL },
  { "INTEGRAL",
    NULL,
    "Integrator",
    NULL,
    { "x0=$1", "reinit=$2", "limited=$3", "upper=$4", "lower=$5" },
    NULL },
  { "DERIV",
    NULL,
    "Derivative",
    NULL,
    { NULL },
    "Xcos differences the input between the solver's last two calls, Orrery between its last "
    "two accepted points: the values differ with the solver's steps" },
  { "CLR",
    NULL,
    "TransferFunction",
    NULL,
    { "num=$p1", "den=$p2" },
    "numerator and denominator become coefficient rows, evaluated at import" },
  { "CLR_f", NULL, "TransferFunction", NULL, { "num=$p1", "den=$p2" }, NULL },
  /* a system with no input (B = []) gets one zero column and an input
   * that nothing drives */
  { "CLSS",
    NULL,
    "StateSpace",
    NULL,
    { "A=$1", "B=[$2, zeros(size($1, 1), 1 - min(1, numel($2)))]", "C=$3",
      "D=[$4, zeros(size($3, 1), 1 - min(1, numel($4)))]", "x0=$5" },
    NULL },
  { "CLSS_f",
    NULL,
    "StateSpace",
    NULL,
    { "A=$1", "B=[$2, zeros(size($1, 1), 1 - min(1, numel($2)))]", "C=$3",
      "D=[$4, zeros(size($3, 1), 1 - min(1, numel($4)))]", "x0=$5" },
    NULL },
  { "TCLSS", NULL, "JumpStateSpace", NULL, { "A=$1", "B=$2", "C=$3", "D=$4", "x0=$5" }, NULL },
  /* Xcos's PID is a super block, P u + I times the integral of u + D
   * times DERIV of u; DERIV differences the input between its last two
   * calls, which in a feedback loop with D times the loop gain above 1
   * (PID_3: 2.5) feeds back a growing oscillation. Orrery's PID with a
   * fast derivative filter (N = 1000, a lag of 1 ms) tends to the ideal
   * derivative instead, which Xcos's difference approximates; "PID"
   * reads the gains as PID.sci does */
  { "PID",
    NULL,
    "PID",
    "PID",
    { "P=$1", "I=$2", "D=$3", "N=1000" },
    "the derivative is filtered by 1/(1 + s/1000), starting from 0, where Xcos differences "
    "the input between solver calls" },
  { "TIME_DELAY",
    NULL,
    "TransportDelay",
    NULL,
    { "delay=$1", "init=$2", "buffer_size=max(2, $3)", "method=1" },
    "the delayed input is interpolated linearly, as in Xcos" },
  { "VARIABLE_DELAY",
    NULL,
    "VariableDelay",
    NULL,
    { "max_delay=$1", "init=$2", "buffer_size=max(2, $3)", "method=1" },
    NULL },
  { "PDE", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Discontinuities -------------------------------------------------- */
  { "SATURATION", NULL, "Saturation", NULL, { "upper=$1", "lower=$2", "zero_crossing=$3" }, NULL },
  { "SAT_f", NULL, "Saturation", NULL, { "lower=$1", "upper=$2" }, NULL },
  { "DEADBAND", NULL, "DeadZone", NULL, { "upper=$1", "lower=$2", "zero_crossing=$3" }, NULL },
  { "DEAD_f", NULL, "DeadZone", NULL, { "upper=($1)/2", "lower=-($1)/2" }, NULL },
  { "BACKLASH", NULL, "Backlash", NULL, { "y0=$1", "width=$2" }, NULL },
  { "HYSTHERESIS", NULL, "Hysteresis", NULL, { "on=$1", "off=$2", "y_on=$3", "y_off=$4" }, NULL },
  { "RATELIMITER",
    NULL,
    "RateLimiter",
    NULL,
    { "rising=$1", "falling=$2" },
    "Orrery's limiter is a fast first-order follower (Td 1 ms), Xcos's limits the slope "
    "between solver points" },
  { "QUANT_f",
    "2=1",
    "MathExpression",
    NULL,
    { "inputs=1", "expression='p(1)*round(u1/p(1))'", "parameters=$1" },
    "the steps are not located as zero crossings" },
  { "QUANT_f",
    "2=2",
    "MathExpression",
    NULL,
    { "inputs=1", "expression='p(1)*fix(u1/p(1))'", "parameters=$1" },
    "the steps are not located as zero crossings" },
  { "QUANT_f",
    "2=3",
    "MathExpression",
    NULL,
    { "inputs=1", "expression='p(1)*floor(u1/p(1))'", "parameters=$1" },
    "the steps are not located as zero crossings" },
  { "QUANT_f",
    "2=4",
    "MathExpression",
    NULL,
    { "inputs=1", "expression='p(1)*ceil(u1/p(1))'", "parameters=$1" },
    "the steps are not located as zero crossings" },

  /* ---- Discrete --------------------------------------------------------- */
  { "DOLLAR_m",
    NULL,
    "DiscreteDelay",
    NULL,
    { "init=$1" },
    "the inherit option is dropped: Orrery's delay always takes an activation input" },
  { "DOLLAR_f", NULL, "DiscreteDelay", NULL, { "init=$1" }, NULL },
  { "DOLLAR", NULL, "DiscreteDelay", NULL, { "init=$1" }, NULL },
  { "DLR", NULL, "DiscreteTransferFunction", NULL, { "num=$p1", "den=$p2" }, NULL },
  { "DLSS", NULL, "DiscreteStateSpace", NULL, { "A=$1", "B=$2", "C=$3", "D=$4", "x0=$5" }, NULL },
  { "SAMPHOLD_m", NULL, "SampleHold", NULL, { NULL }, NULL },
  { "SAMPHOLD_f", NULL, "SampleHold", NULL, { NULL }, NULL },
  /* REGISTER: at each activation the output is the oldest of the n
   * values in the register (initially z0, its first element out first),
   * and the input goes in: a delay of n activations. Orrery's
   * ShiftRegister keeps the newest first, so z0 is turned round, and the
   * oldest is its last element; a SampleHold gives it the activation. */
  { "REGISTER",
    "#=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='u' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='h' type='SampleHold' x='70' y='60' width='40' height='40'>"
    "<ports in='1' out='1' event-in='1'/></block>"
    "<block id='r' type='ShiftRegister' x='140' y='60' width='50' height='40'>"
    "<param name='init'>flipud(reshape($1, numel($1), 1))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='s' type='Selector' x='220' y='60' width='40' height='40'>"
    "<param name='indices'>numel($1)</param><ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='290' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"
    "<link id='k2' kind='regular' from='u' from-port='1' to='h' to-port='1'/>"
    "<link id='k3' kind='regular' from='h' from-port='1' to='r' to-port='1'/>"
    "<link id='k4' kind='regular' from='r' from-port='1' to='s' to-port='1'/>"
    "<link id='k5' kind='regular' from='s' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "REGISTER",
    "2=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='u' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='h' type='SampleHold' x='70' y='60' width='40' height='40'>"
    "<ports in='1' out='1' event-in='1'/></block>"
    "<block id='r' type='ShiftRegister' x='140' y='60' width='50' height='40'>"
    "<param name='init'>flipud(reshape($1, numel($1), 1))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='s' type='Selector' x='220' y='60' width='40' height='40'>"
    "<param name='indices'>numel($1)</param><ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='290' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"
    "<link id='k2' kind='regular' from='u' from-port='1' to='h' to-port='1'/>"
    "<link id='k3' kind='regular' from='h' from-port='1' to='r' to-port='1'/>"
    "<link id='k4' kind='regular' from='r' from-port='1' to='s' to-port='1'/>"
    "<link id='k5' kind='regular' from='s' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "REGISTER", NULL, NULL, NULL, { NULL }, NULL },
  { "REGISTER_f",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='u' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='h' type='SampleHold' x='70' y='60' width='40' height='40'>"
    "<ports in='1' out='1' event-in='1'/></block>"
    "<block id='r' type='ShiftRegister' x='140' y='60' width='50' height='40'>"
    "<param name='init'>flipud(reshape($1, numel($1), 1))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='s' type='Selector' x='220' y='60' width='40' height='40'>"
    "<param name='indices'>numel($1)</param><ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='290' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"
    "<link id='k2' kind='regular' from='u' from-port='1' to='h' to-port='1'/>"
    "<link id='k3' kind='regular' from='h' from-port='1' to='r' to-port='1'/>"
    "<link id='k4' kind='regular' from='r' from-port='1' to='s' to-port='1'/>"
    "<link id='k5' kind='regular' from='s' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  /* DELAY_f: the same register driven by its own clock (the inner EVTDLY_f:
   * period, first event; then the inner REGISTER_f's initial state) */
  { "DELAY_f",
    NULL,
    "SuperBlock",
    "EVTDLY_f+REGISTER_f",
    { NULL },
    "the clock inside is an EventClock: its events are not synchronous with SampleClocks",
    "<diagram>"
    "<block id='i' type='EventClock' x='20' y='10' width='40' height='40'>"
    "<param name='period'>$1</param><param name='init_time'>$2</param>"
    "<ports event-out='1'/></block>"
    "<block id='u' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='h' type='SampleHold' x='70' y='60' width='40' height='40'>"
    "<ports in='1' out='1' event-in='1'/></block>"
    "<block id='r' type='ShiftRegister' x='140' y='60' width='50' height='40'>"
    "<param name='init'>flipud(reshape($3, numel($3), 1))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='s' type='Selector' x='220' y='60' width='40' height='40'>"
    "<param name='indices'>numel($3)</param><ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='290' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"
    "<link id='k2' kind='regular' from='u' from-port='1' to='h' to-port='1'/>"
    "<link id='k3' kind='regular' from='h' from-port='1' to='r' to-port='1'/>"
    "<link id='k4' kind='regular' from='r' from-port='1' to='s' to-port='1'/>"
    "<link id='k5' kind='regular' from='s' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "AUTOMAT", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Event handling --------------------------------------------------- */
  { "EVTDLY_c", NULL, "EventDelay", NULL, { "delay=$1", "initial=$2" }, NULL },
  { "EVTDLY_f", NULL, "EventDelay", NULL, { "delay=$1", "initial=$2" }, NULL },
  { "EVTGEN_f", NULL, "EventGenerate", NULL, { "time=$1" }, NULL },
  { "EVTVARDLY", NULL, "EventVariableDelay", NULL, { "initial=$1" }, NULL },
  { "IFTHEL_f",
    NULL,
    "IfThenElse",
    NULL,
    { NULL },
    "Orrery's IfThenElse always locates the input's sign changes when it inherits" },
  { "ESELECT_f", NULL, "SwitchCase", NULL, { "cases=$1" }, NULL },
  { "CLKSOMV_f", NULL, "EventUnion", NULL, { "inputs=3" }, NULL },
  { "CLKSOM_f", NULL, "EventUnion", NULL, { "inputs=3" }, NULL },
  { "freq_div",
    NULL,
    "FrequencyDivider",
    "Modulo_Count",
    { "ratio=$2", "phase=mod(-($1), $2)" },
    NULL },
  { "EDGE_TRIGGER",
    NULL,
    "EdgeTrigger",
    "EDGETRIGGER",
    { "edge=3 - 0.5*($1) - 1.5*($1)^2" },
    NULL },
  { "Extract_Activation", NULL, "ExtractActivation", NULL, { NULL }, NULL },
  { "ZCROSS_f", NULL, "ZeroCross", NULL, { NULL }, NULL },
  { "NEGTOPOS_f", NULL, "ZeroCrossUp", NULL, { NULL }, NULL },
  { "POSTONEG_f", NULL, "ZeroCrossDown", NULL, { NULL }, NULL },
  { "GENERAL_f", NULL, NULL, NULL, { NULL }, NULL },
  /* +1 when both activation inputs are active in the same event, -1 when
   * only one is: Orrery's AndActivations (1 or 0) scaled */
  { "ANDLOG_f",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "before the first activation the output is -1, not 0",
    "<diagram>"
    "<block id='i1' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='i2' type='EventInput' x='60' y='10' width='20' height='20'>"
    "<param name='port'>2</param><ports event-out='1'/></block>"
    "<block id='a' type='AndActivations' x='40' y='60' width='40' height='40'>"
    "<param name='inputs'>2</param><ports out='1' event-in='2'/></block>"
    "<block id='e' type='MathExpression' x='110' y='60' width='60' height='40'>"
    "<param name='inputs'>1</param><param name='expression'>'2*u1 - 1'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='200' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i1' from-port='1' to='a' to-port='1'/>"
    "<link id='k2' kind='activation' from='i2' from-port='1' to='a' to-port='2'/>"
    "<link id='k3' kind='regular' from='a' from-port='1' to='e' to-port='1'/>"
    "<link id='k4' kind='regular' from='e' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  /* an event when both activation inputs are active together */
  { "ANDBLK", NULL, "ActivationIntersection", NULL, { "inputs=2" }, NULL },
  /* MFCLCK_f fed back through an event sum, as in Xcos: output 1 every
   * n-th period (and at the start), output 2 every period */
  { "MCLOCK_f",
    NULL,
    "SuperBlock",
    "MFCLCK_f",
    { NULL },
    NULL,
    "<diagram>"
    "<block id='c' type='Counter' x='60' y='60' width='40' height='40'>"
    "<param name='minimum'>0</param><param name='maximum'>($2)-1</param>"
    "<ports out='1' event-in='1'/></block>"
    "<block id='e' type='MathExpression' x='120' y='60' width='60' height='40'>"
    "<param name='inputs'>1</param><param name='expression'>'1+(u1==p(1))'</param>"
    "<param name='parameters'>($2)-1</param><ports in='1' out='1'/></block>"
    "<block id='w' type='SwitchCase' x='200' y='60' width='40' height='40'>"
    "<param name='cases'>2</param><ports in='1' event-in='1' event-out='2'/></block>"
    "<block id='d1' type='EventDelay' x='180' y='140' width='40' height='40'>"
    "<param name='delay'>$1</param><ports event-in='1' event-out='1'/></block>"
    "<block id='d2' type='EventDelay' x='240' y='140' width='40' height='40'>"
    "<param name='delay'>$1</param><ports event-in='1' event-out='1'/></block>"
    "<block id='g' type='InitialEvent' x='300' y='80' width='40' height='40'>"
    "<ports event-out='1'/></block>"
    "<block id='u' type='EventUnion' x='280' y='200' width='40' height='40'>"
    "<param name='inputs'>2</param><ports event-in='2' event-out='1'/></block>"
    "<block id='s' type='EventUnion' x='180' y='200' width='40' height='40'>"
    "<param name='inputs'>2</param><ports event-in='2' event-out='1'/></block>"
    "<block id='o1' type='EventOutput' x='290' y='260' width='20' height='20'>"
    "<param name='port'>1</param><ports event-in='1'/></block>"
    "<block id='o2' type='EventOutput' x='190' y='260' width='20' height='20'>"
    "<param name='port'>2</param><ports event-in='1'/></block>"
    "<link id='k1' kind='activation' from='s' from-port='1' to='c' to-port='1'/>"
    "<link id='k2' kind='activation' from='s' from-port='1' to='w' to-port='1'/>"
    "<link id='k3' kind='regular' from='c' from-port='1' to='e' to-port='1'/>"
    "<link id='k4' kind='regular' from='e' from-port='1' to='w' to-port='1'/>"
    "<link id='k5' kind='activation' from='w' from-port='1' to='d1' to-port='1'/>"
    "<link id='k6' kind='activation' from='w' from-port='2' to='d2' to-port='1'/>"
    "<link id='k7' kind='activation' from='d2' from-port='1' to='u' to-port='1'/>"
    "<link id='k8' kind='activation' from='g' from-port='1' to='u' to-port='2'/>"
    "<link id='k9' kind='activation' from='d1' from-port='1' to='s' to-port='1'/>"
    "<link id='k10' kind='activation' from='u' from-port='1' to='s' to-port='2'/>"
    "<link id='k11' kind='activation' from='u' from-port='1' to='o1' to-port='1'/>"
    "<link id='k12' kind='activation' from='s' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  /* each activation is passed on after the period, to output 2 every
   * n-th time (a counter 0 .. n-1 read before its update) and to output 1
   * otherwise; output 2 also fires at the start */
  { "MFCLCK_f",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='c' type='Counter' x='60' y='60' width='40' height='40'>"
    "<param name='minimum'>0</param><param name='maximum'>($2)-1</param>"
    "<ports out='1' event-in='1'/></block>"
    "<block id='e' type='MathExpression' x='120' y='60' width='60' height='40'>"
    "<param name='inputs'>1</param><param name='expression'>'1+(u1==p(1))'</param>"
    "<param name='parameters'>($2)-1</param><ports in='1' out='1'/></block>"
    "<block id='w' type='SwitchCase' x='200' y='60' width='40' height='40'>"
    "<param name='cases'>2</param><ports in='1' event-in='1' event-out='2'/></block>"
    "<block id='d1' type='EventDelay' x='180' y='140' width='40' height='40'>"
    "<param name='delay'>$1</param><ports event-in='1' event-out='1'/></block>"
    "<block id='d2' type='EventDelay' x='240' y='140' width='40' height='40'>"
    "<param name='delay'>$1</param><ports event-in='1' event-out='1'/></block>"
    "<block id='g' type='InitialEvent' x='300' y='80' width='40' height='40'>"
    "<ports event-out='1'/></block>"
    "<block id='u' type='EventUnion' x='280' y='200' width='40' height='40'>"
    "<param name='inputs'>2</param><ports event-in='2' event-out='1'/></block>"
    "<block id='o1' type='EventOutput' x='190' y='260' width='20' height='20'>"
    "<param name='port'>1</param><ports event-in='1'/></block>"
    "<block id='o2' type='EventOutput' x='290' y='260' width='20' height='20'>"
    "<param name='port'>2</param><ports event-in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='c' to-port='1'/>"
    "<link id='k2' kind='activation' from='i' from-port='1' to='w' to-port='1'/>"
    "<link id='k3' kind='regular' from='c' from-port='1' to='e' to-port='1'/>"
    "<link id='k4' kind='regular' from='e' from-port='1' to='w' to-port='1'/>"
    "<link id='k5' kind='activation' from='w' from-port='1' to='d1' to-port='1'/>"
    "<link id='k6' kind='activation' from='w' from-port='2' to='d2' to-port='1'/>"
    "<link id='k7' kind='activation' from='d1' from-port='1' to='o1' to-port='1'/>"
    "<link id='k8' kind='activation' from='d2' from-port='1' to='u' to-port='1'/>"
    "<link id='k9' kind='activation' from='g' from-port='1' to='u' to-port='2'/>"
    "<link id='k10' kind='activation' from='u' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  /* ---- Xcos blocks mapped in the third pass (M_freq, DELAYV_f, WRITEAU_f,
   * scifunc_block_m; FROMWSB and RFILE_f say why they are not) -------- */
  /* M_freq: clock i ticks at offset_i + k period_i (k >= 0); activation
   * output c fires at the ticks where exactly the clocks of the bits of c
   * coincide (clock i is bit i - 1). As m_frequ does, the block programs
   * the first tick at the start, and each activation programs the tick
   * after the last one programmed, however far ahead: it is meant to be
   * fed back by its own outputs. See MFREQ_ above. */
  { "M_freq",
    "#eout=1",
    "SuperBlock",
    NULL,
    { NULL },
    "the clocks' ticks are compared within 1e-6 of the period; two clocks with the same period "
    "and offset each keep their bit",
    MFREQ_HEAD ("1") "<block id='o1' type='EventOutput' x='190' y='160' width='20' height='20'>"
                     "<param name='port'>1</param><ports event-in='1'/></block>"
                     "<link id='e1' kind='activation' from='m' from-port='1' to='o1' "
                     "to-port='1'/></diagram>" },
  { "M_freq",
    "#eout=3",
    "SuperBlock",
    NULL,
    { NULL },
    "the clocks' ticks are compared within 1e-6 of the period; two clocks with the same period "
    "and offset each keep their bit",
    MFREQ_HEAD ("3") MFREQ_OUT ("1") MFREQ_OUT ("2") MFREQ_OUT ("3") "</diagram>" },
  { "M_freq",
    "#eout=7",
    "SuperBlock",
    NULL,
    { NULL },
    "the clocks' ticks are compared within 1e-6 of the period; two clocks with the same period "
    "and offset each keep their bit",
    MFREQ_HEAD ("7") MFREQ_OUT ("1") MFREQ_OUT ("2") MFREQ_OUT ("3") MFREQ_OUT ("4") MFREQ_OUT ("5")
      MFREQ_OUT ("6") MFREQ_OUT ("7") "</diagram>" },
  { "M_freq", NULL, NULL, NULL, { NULL }, "more than three clocks (seven outputs) are not mapped" },
  /* DELAYV_f: Xcos samples the input into a register every max delay / N
   * seconds (its own clock, activation output 1, fed back) and reads it
   * at t minus the delay input, clamped to the register; Orrery's
   * VariableDelay reads the input's own past points, linearly */
  { "DELAYV_f",
    NULL,
    "VariableDelay",
    NULL,
    { "max_delay=$3", "init=mean($2)", "buffer_size=max(1024, 10*numel($2))", "method=1" },
    "the delay reads the input's past linearly between solver points, not between samples of a "
    "register; the register's initial values become one initial output, their mean; the "
    "activation ports (its sampling clock and its out-of-range signal) are left out" },
  /* WRITEAU_f writes each sample it is activated on to the sound device:
   * here the samples are held and recorded under the name 'audio' */
  { "WRITEAU_f",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "the samples are recorded as the signal 'audio' (orrery-sim -o writes them), not played",
    "<diagram>"
    "<block id='i' type='EventInput' x='20' y='10' width='20' height='20'>"
    "<param name='port'>1</param><ports event-out='1'/></block>"
    "<block id='u' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='h' type='SampleHold' x='70' y='60' width='40' height='40'>"
    "<ports in='1' out='1' event-in='1'/></block>"
    "<block id='s' type='SignalOut' x='140' y='60' width='50' height='40'>"
    "<label>audio</label>"
    "<param name='name'>'audio'</param><ports in='1'/></block>"
    "<link id='k1' kind='activation' from='i' from-port='1' to='h' to-port='1'/>"
    "<link id='k2' kind='regular' from='u' from-port='1' to='h' to-port='1'/>"
    "<link id='k3' kind='regular' from='h' from-port='1' to='s' to-port='1'/>"
    "</diagram>" },
  /* scifunc_block_m: its output code, when it is assignments yk = formula
   * that Orrery's language reads (orr-xcos-scifunc.c builds $F; anything
   * else keeps the block a placeholder, with the reason) */
  { "scifunc_block_m",
    NULL,
    "ExprCustomBlock",
    NULL,
    { "in_sizes=$1", "outputs=$F", "parameters=$7", "x0=0", "derivative=0" },
    "its Scilab code is read as formulas of Orrery's language; a constant state keeps the "
    "block always active, as the time its formulas may read requires" },
  /* FROMWS_c (and FROMWSB around it) reads a structure V.time, V.values
   * from Scilab's workspace. When the diagram's context defines it (the
   * context's V = struct('time', T, 'values', Y) becomes the matrix
   * [T(:), Y]), Orrery's SignalIn plays it back: zero order (method 0)
   * held, the others linear; after the end the last values are held */
  { "FROMWSB",
    "ctx=1",
    "SignalIn",
    "FROMWS_c",
    { "signal=$1", "method=1+min(1, $2)" },
    "linear between the points (Xcos's splines too); after the last time the last values are "
    "held, whatever Xcos's output-at-end setting" },
  { "FROMWSB",
    NULL,
    NULL,
    NULL,
    { NULL },
    "it reads a variable (V.time, V.values) from Scilab's workspace, which the diagram's "
    "context does not define: define it there, V = struct('time', T, 'values', Y), or replace "
    "the block with a SignalGenerator (times, values) or a FromCSV" },
  { "FROMWS_c",
    "ctx=1",
    "SignalIn",
    NULL,
    { "signal=$1", "method=1+min(1, $2)" },
    "linear between the points (Xcos's splines too); after the last time the last values are "
    "held, whatever Xcos's output-at-end setting" },
  { "FROMWS_c",
    NULL,
    NULL,
    NULL,
    { NULL },
    "it reads a variable (V.time, V.values) from Scilab's workspace, which the diagram's "
    "context does not define: define it there, V = struct('time', T, 'values', Y), or replace "
    "the block with a SignalGenerator (times, values) or a FromCSV" },
  /* RFILE_f reads one record at each of its own events, which it programs
   * at the time in the record's time column: with the times in column 1
   * and a format (a text file), Orrery's FromText holds each record from
   * its time on, and the events are made at the record times: the first
   * one programmed at the start from the first time, the others where the
   * held time jumps (t minus the held time falls through zero) */
  { "RFILE_f", "4=", NULL, NULL, { NULL }, "it reads a binary file (no format given)" },
  { "RFILE_f",
    "1=1",
    "SuperBlock",
    NULL,
    { NULL },
    "the file is read as numbers separated by spaces, whatever its Fortran format; before the "
    "first record's time the output is that record's values, not 0",
    "<diagram>"
    "<block id='f' type='FromText' x='20' y='20' width='60' height='40'>"
    "<param name='file'>$q3</param><param name='columns'>$2</param>"
    "<param name='method'>1</param><ports out='1'/></block>"
    "<block id='o' type='Output' x='120' y='30' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='g' type='FromText' x='20' y='90' width='60' height='40'>"
    "<param name='file'>$q3</param><param name='columns'>1</param>"
    "<param name='method'>1</param><ports out='1'/></block>"
    "<block id='t' type='Time' x='20' y='150' width='40' height='40'><ports out='1'/></block>"
    "<block id='d' type='MathExpression' x='100' y='110' width='60' height='40'>"
    "<param name='inputs'>2</param><param name='expression'>'u1 - u2 - 1e-9'</param>"
    "<ports in='2' out='1'/></block>"
    "<block id='z' type='ZeroCrossDown' x='190' y='110' width='40' height='40'>"
    "<ports in='1' event-out='1'/></block>"
    "<block id='s' type='ExprCustomBlock' x='100' y='190' width='60' height='40'>"
    "<param name='in_sizes'>[1 1]</param><param name='outputs'>% none</param>"
    "<param name='events'>u1 - t</param><param name='activation_inputs'>1</param>"
    "<param name='activation_outputs'>1</param>"
    "<ports in='1' event-in='1' event-out='1'/></block>"
    "<block id='u' type='EventUnion' x='260' y='150' width='40' height='40'>"
    "<param name='inputs'>2</param><ports event-in='2' event-out='1'/></block>"
    "<block id='e' type='EventOutput' x='330' y='160' width='20' height='20'>"
    "<param name='port'>1</param><ports event-in='1'/></block>"
    "<link id='k1' kind='regular' from='f' from-port='1' to='o' to-port='1'/>"
    "<link id='k2' kind='regular' from='t' from-port='1' to='d' to-port='1'/>"
    "<link id='k3' kind='regular' from='g' from-port='1' to='d' to-port='2'/>"
    "<link id='k4' kind='regular' from='d' from-port='1' to='z' to-port='1'/>"
    "<link id='k5' kind='regular' from='g' from-port='1' to='s' to-port='1'/>"
    "<link id='k6' kind='activation' from='z' from-port='1' to='u' to-port='1'/>"
    "<link id='k7' kind='activation' from='s' from-port='1' to='u' to-port='2'/>"
    "<link id='k8' kind='activation' from='u' from-port='1' to='e' to-port='1'/>"
    "</diagram>" },
  { "RFILE_f",
    NULL,
    NULL,
    NULL,
    { NULL },
    "only a time record in the first column is mapped (Orrery's FromText reads the times there)" },
  { "EDGETRIGGER", NULL, NULL, NULL, { NULL }, NULL },
  { "VirtualCLK0", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Math operations -------------------------------------------------- */
  { "GAINBLK", NULL, "Gain", NULL, { "gain=$1", "multiplication=2" }, NULL },
  { "GAINBLK_f", NULL, "Gain", NULL, { "gain=$1", "multiplication=2" }, NULL },
  { "GAIN_f", NULL, "Gain", NULL, { "gain=$1", "multiplication=2" }, NULL },
  { "SUMMATION", "#=1", "Sum", NULL, { "signs=$s1" }, NULL },
  { "SUMMATION", "1=1", "Sum", NULL, { "signs=$s2" }, NULL },
  /* an integer sum of two to four inputs: computed in double (exact for these
   * types) and converted back, wrapping (satur 0) or saturating (1; 2,
   * stop with an error, saturates too) */
  { "SUMMATION",
    "#=3&#in=2",
    "SuperBlock",
    NULL,
    { NULL },
    "an overflow set to stop with an error saturates instead",
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='70' y='10' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='70' y='70' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='s' type='Sum' x='160' y='40' width='40' height='60'>"
    "<param name='signs'>$s2</param><ports in='2' out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='230' y='40' width='60' height='40'>"
    "<param name='type'>sum([1 1 4 3 2 7 6 5] .* ((1:8) == ($1)))</param>"
    "<param name='overflow'>sum([2 1 1] .* ((0:2) == ($3)))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='320' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='s' to-port='1'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='s' to-port='2'/>"
    "<link id='k1' kind='regular' from='s' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "SUMMATION",
    "#=3&#in=3",
    "SuperBlock",
    NULL,
    { NULL },
    "an overflow set to stop with an error saturates instead",
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='70' y='10' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='70' y='70' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='140' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='70' y='130' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='s' type='Sum' x='160' y='40' width='40' height='80'>"
    "<param name='signs'>$s2</param><ports in='3' out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='230' y='40' width='60' height='40'>"
    "<param name='type'>sum([1 1 4 3 2 7 6 5] .* ((1:8) == ($1)))</param>"
    "<param name='overflow'>sum([2 1 1] .* ((0:2) == ($3)))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='320' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='s' to-port='1'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='s' to-port='2'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='s' to-port='3'/>"
    "<link id='k1' kind='regular' from='s' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "SUMMATION",
    "#=3&#in=4",
    "SuperBlock",
    NULL,
    { NULL },
    "an overflow set to stop with an error saturates instead",
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='70' y='10' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='70' y='70' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='140' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='70' y='130' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i4' type='Input' x='20' y='200' width='20' height='20'>"
    "<param name='port'>4</param><ports out='1'/></block>"
    "<block id='d4' type='DataTypeConversion' x='70' y='190' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='s' type='Sum' x='160' y='40' width='40' height='100'>"
    "<param name='signs'>$s2</param><ports in='4' out='1'/></block>"
    "<block id='d' type='DataTypeConversion' x='230' y='40' width='60' height='40'>"
    "<param name='type'>sum([1 1 4 3 2 7 6 5] .* ((1:8) == ($1)))</param>"
    "<param name='overflow'>sum([2 1 1] .* ((0:2) == ($3)))</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o' type='Output' x='320' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='s' to-port='1'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='s' to-port='2'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='s' to-port='3'/>"
    "<link id='a4' kind='regular' from='i4' from-port='1' to='d4' to-port='1'/>"
    "<link id='b4' kind='regular' from='d4' from-port='1' to='s' to-port='4'/>"
    "<link id='k1' kind='regular' from='s' from-port='1' to='d' to-port='1'/>"
    "<link id='k2' kind='regular' from='d' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
  { "SUMMATION", NULL, "Sum", NULL, { "signs=$s2" }, NULL },
  { "BIGSOM_f", NULL, "Sum", NULL, { "signs=$s1" }, NULL },
  { "SUM_f", NULL, "Sum", NULL, { "signs=ones(1, $#in)" }, NULL },
  { "SOM_f", NULL, "Sum", NULL, { "signs=$1" }, NULL },
  { "PRODUCT", NULL, "Product", NULL, { "ops=$s1" }, NULL },
  { "PROD_f", NULL, "Product", NULL, { "ops=ones(1, $#in)" }, NULL },
  { "ABS_VALUE", NULL, "Abs", NULL, { "zero_crossing=$1" }, NULL },
  { "SIGNUM", NULL, "Sign", NULL, { "zero_crossing=$1" }, NULL },
  { "SQRT", NULL, "Sqrt", NULL, { NULL }, NULL },
  { "COSBLK_f", NULL, "MathFunction", NULL, { "function=5" }, NULL },
  { "SINBLK_f", NULL, "MathFunction", NULL, { "function=4" }, NULL },
  { "TANBLK_f", NULL, "MathFunction", NULL, { "function=6" }, NULL },
  { "EXPBLK_m", "1=%e", "MathFunction", NULL, { "function=1" }, NULL },
  { "POWBLK_f", NULL, "Power", NULL, { "inputs=1", "exponent=$1" }, NULL },
  { "MIN_f", NULL, "MinMax", NULL, { "function=1", "inputs=1", "zero_crossing=0" }, NULL },
  { "MAX_f", NULL, "MinMax", NULL, { "function=2", "inputs=1", "zero_crossing=0" }, NULL },
  { "MAXMIN", NULL, "MinMax", NULL, { "function=$1", "inputs=$2", "zero_crossing=$3" }, NULL },
  { "INVBLK", NULL, "MathExpression", NULL, { "inputs=1", "expression='1/u1'" }, NULL },
  /* one input: u1, u2 ... are the elements of that vector */
  { "EXPRESSION",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[$u2 1]", "expression=$v2" },
    "the formula is read by Orrery's expression language, on the elements of the input" },
  { "EXPRESSION",
    NULL,
    "MathExpression",
    NULL,
    { "inputs=$1", "expression=$q2" },
    "the formula is read by Orrery's expression language" },
  { "RELATIONALOP",
    NULL,
    "RelationalOperator",
    NULL,
    { "operator=($1)+1", "zero_crossing=$2" },
    NULL },
  { "LOGICAL_OP", NULL, "LogicalOperator", NULL, { "inputs=$1", "operator=($2)+1" }, NULL },
  { "MATMUL", NULL, "MatrixMultiply", NULL, { NULL }, NULL },
  { "TrigFun", NULL, NULL, NULL, { NULL }, NULL },
  { "LOGBLK_f", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Signal routing --------------------------------------------------- */
  { "MUX", NULL, "Mux", NULL, { "inputs=$1" }, NULL },
  { "MUX_f", NULL, "Mux", NULL, { "inputs=$1" }, NULL },
  { "DEMUX", NULL, "Demux", NULL, { "outputs=$1" }, NULL },
  { "DEMUX_f", NULL, "Demux", NULL, { "outputs=$1" }, NULL },
  { "SWITCH2_m",
    NULL,
    "Switch",
    NULL,
    { "rule=($2)+1", "threshold=$3", "zero_crossing=$4" },
    NULL },
  { "M_SWITCH",
    NULL,
    "MultiportSwitch",
    NULL,
    { "inputs=$1", "indexing=2-($2)" },
    "the control is rounded, whatever Xcos's rounding rule" },
  { "SELECT_m", NULL, "SelectInput", NULL, { "inputs=$2", "activation=2" }, NULL },
  { "EXTRACTOR", NULL, "Selector", NULL, { "indices=$1" }, NULL },
  { "GOTO", NULL, "Goto", NULL, { "tag=$q1", "visibility=min(2, $2)" }, NULL },
  { "FROM", NULL, "From", NULL, { "tag=$q1" }, NULL },
  { "RELAY_f",
    NULL,
    "SelectInput",
    NULL,
    { "inputs=$1", "activation=2" },
    "the first input is selected until an activation says otherwise, whatever Xcos's "
    "initial connected input" },
  { "SWITCH_f", NULL, NULL, NULL, { NULL }, NULL },
  /* an on/off switch: its inner SWITCH_f passes the input (2nd value 1)
   * or a constant 0 (2nd value 2) */
  { "SELF_SWITCH",
    NULL,
    "Gain",
    "SWITCH_f",
    { "gain=2-($2)", "multiplication=1" },
    "a gain of 1 (on) or 0 (off); it cannot be flipped while the model runs" },
  { "ISELECT_m", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Lookup tables ---------------------------------------------------- */
  { "INTRPLBLK_f",
    NULL,
    "LookupTable",
    NULL,
    { "x=$1", "y=$2", "method=1", "extrapolation=3" },
    NULL },
  { "INTRP2BLK_f", NULL, "LookupTable2D", NULL, { "x=$1", "y=$2", "z=$3" }, NULL },
  { "LOOKUP_f", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Zero-crossing detection ------------------------------------------ */
  /* ZCROSS_f, NEGTOPOS_f, POSTONEG_f: under Event handling above */

  /* ---- Port & subsystem ------------------------------------------------- */
  { "IN_f", NULL, "Input", NULL, { "port=$1" }, NULL },
  { "OUT_f", NULL, "Output", NULL, { "port=$1" }, NULL },
  { "CLKINV_f", NULL, "EventInput", NULL, { "port=$1" }, NULL },
  { "CLKOUTV_f", NULL, "EventOutput", NULL, { "port=$1" }, NULL },
  { "CLKOUT_f", NULL, "EventOutput", NULL, { "port=$1" }, NULL },
  { "INIMPL_f", NULL, NULL, NULL, { NULL }, NULL },
  { "OUTIMPL_f", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Integer ---------------------------------------------------------- */
  /* Xcos's type codes (1 double, 3 int32, 4 int16, 5 int8, 6 uint32, 7 uint16,
   * 8 uint8) become DataTypeConversion's (1 double, 2 int8, 3 int16, 4 int32,
   * 5 uint8, 6 uint16, 7 uint32) through a lookup written as a sum; on
   * overflow Xcos's 0 (nothing: wrap) is Orrery's 2, its 1 (saturate) and
   * 2 (stop with an error) Orrery's 1 (saturate) */
  { "CONVERT",
    NULL,
    "DataTypeConversion",
    NULL,
    { "type=sum([1 1 4 3 2 7 6 5] .* ((1:8) == ($2)))",
      "overflow=sum([2 1 1] .* ((0:2) == ($3)))" },
    "from double to an integer Xcos truncates towards zero, Orrery rounds to the nearest; an "
    "overflow set to stop with an error saturates instead" },
  { "BITSET", NULL, "BitOperation", NULL, { "operation=1", "bit=$2" }, NULL },
  { "BITCLEAR", NULL, "BitOperation", NULL, { "operation=2", "bit=$2" }, NULL },
  /* bits to extract: 1 upper half, 2 lower half, 3 the n most significant,
   * 4 the n least significant, 5 the range [first, last]; the field moves
   * down to bit 0 when $4 is 1 (always for 2 and 4, already there) */
  { "EXTRACTBITS",
    "4=1",
    "ExtractBits",
    NULL,
    { "first=sum([sum([64 64 32 16 8 32 16 8] .* ((1:8) == ($1)))/2, 0, sum([64 64 32 16 8 32 16 "
      "8] .* ((1:8) == ($1)))-max($3), 0, min($3)] .* ((1:5) == ($2)))",
      "count=sum([sum([64 64 32 16 8 32 16 8] .* ((1:8) == ($1)))/2, sum([64 64 32 16 8 32 16 8] "
      ".* ((1:8) == ($1)))/2, max($3), max($3), max($3)-min($3)+1] .* ((1:5) == ($2)))" },
    NULL },
  { "EXTRACTBITS",
    "2=2",
    "ExtractBits",
    NULL,
    { "first=0", "count=sum([64 64 32 16 8 32 16 8] .* ((1:8) == ($1)))/2" },
    NULL },
  { "EXTRACTBITS", "2=4", "ExtractBits", NULL, { "first=0", "count=max($3)" }, NULL },
  { "EXTRACTBITS", NULL, NULL, NULL, { NULL }, NULL },
  /* arithmetic shifts only: Orrery has no rotation */
  { "SHIFT", "3=0", "BitShift", NULL, { "shift=$2" }, NULL },
  { "SHIFT", NULL, NULL, NULL, { NULL }, NULL },
  /* Xcos multiplies matrices, Orrery's ModularProduct element by element:
   * the same for scalars, which is all the row maps; wrapping only */
  { "INTMUL",
    "2=0",
    "ModularProduct",
    NULL,
    { "inputs=2" },
    "Orrery multiplies element by element: for matrices this is not Xcos's matrix product" },
  { "INTMUL", NULL, NULL, NULL, { NULL }, NULL },

  /* The flip-flops of Xcos's integer palette take and give int8 0/1
   * signals: Orrery's flip-flops work in double, so each input is
   * converted to double and each output back to int8. Their initial value
   * is that of the 1/z inside (positive: 1, else 0). */
  /* JKFLIPFLOP acts when the clock decreases (its EDGE_TRIGGER has rule -1);
   * Orrery's JKFlipFlop acts when its clock input rises, so it is given a
   * pulse, 1 while the clock is lower than at the previous activation
   * (a Memory, 0 at first, so no edge is seen at the start) */
  { "JKFLIPFLOP",
    NULL,
    "SuperBlock",
    "DOLLAR_m",
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='10' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='70' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='140' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='130' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='f' type='JKFlipFlop' x='260' y='40' width='60' height='120'>"
    "<param name='init'>($1) &gt; 0</param><ports in='3' out='2'/></block>"
    "<block id='m' type='Memory' x='140' y='120' width='40' height='40'>"
    "<ports in='1' out='1'/></block>"
    "<block id='e' type='MathExpression' x='190' y='80' width='50' height='40'>"
    "<param name='inputs'>2</param><param name='expression'>'u1 &lt; u2'</param>"
    "<ports in='2' out='1'/></block>"
    "<block id='c1' type='DataTypeConversion' x='350' y='40' width='60' height='40'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='440' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='c2' type='DataTypeConversion' x='350' y='100' width='60' height='40'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='440' y='110' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='k2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='k3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='k4' kind='regular' from='d2' from-port='1' to='m' to-port='1'/>"
    "<link id='k5' kind='regular' from='d2' from-port='1' to='e' to-port='1'/>"
    "<link id='k6' kind='regular' from='m' from-port='1' to='e' to-port='2'/>"
    "<link id='k7' kind='regular' from='d1' from-port='1' to='f' to-port='1'/>"
    "<link id='k8' kind='regular' from='e' from-port='1' to='f' to-port='2'/>"
    "<link id='k9' kind='regular' from='d3' from-port='1' to='f' to-port='3'/>"
    "<link id='k10' kind='regular' from='f' from-port='1' to='c1' to-port='1'/>"
    "<link id='k11' kind='regular' from='c1' from-port='1' to='o1' to-port='1'/>"
    "<link id='k12' kind='regular' from='f' from-port='2' to='c2' to-port='1'/>"
    "<link id='k13' kind='regular' from='c2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  { "SRFLIPFLOP",
    NULL,
    "SuperBlock",
    "DOLLAR_m",
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='10' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='70' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='f' type='SRFlipFlop' x='260' y='40' width='60' height='80'>"
    "<param name='init'>($1) &gt; 0</param><ports in='2' out='2'/></block>"
    "<block id='c1' type='DataTypeConversion' x='350' y='40' width='60' height='40'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='440' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='c2' type='DataTypeConversion' x='350' y='100' width='60' height='40'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='440' y='110' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='k2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='k3' kind='regular' from='d1' from-port='1' to='f' to-port='1'/>"
    "<link id='k4' kind='regular' from='d2' from-port='1' to='f' to-port='2'/>"
    "<link id='k5' kind='regular' from='f' from-port='1' to='c1' to-port='1'/>"
    "<link id='k6' kind='regular' from='c1' from-port='1' to='o1' to-port='1'/>"
    "<link id='k7' kind='regular' from='f' from-port='2' to='c2' to-port='1'/>"
    "<link id='k8' kind='regular' from='c2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  /* Xcos's latch passes D while C is positive (an IFTHEL_f), Orrery's while
   * C is not zero: the same for 0/1 */
  { "DLATCH",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    "C counts as true when it is not zero (Xcos: when it is positive)",
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='10' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='80' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='70' width='60' height='40'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='f' type='DLatch' x='260' y='40' width='60' height='80'>"
    "<ports in='2' out='2'/></block>"
    "<block id='c1' type='DataTypeConversion' x='350' y='40' width='60' height='40'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='440' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='c2' type='DataTypeConversion' x='350' y='100' width='60' height='40'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='440' y='110' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='k2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='k3' kind='regular' from='d1' from-port='1' to='f' to-port='1'/>"
    "<link id='k4' kind='regular' from='d2' from-port='1' to='f' to-port='2'/>"
    "<link id='k5' kind='regular' from='f' from-port='1' to='c1' to-port='1'/>"
    "<link id='k6' kind='regular' from='c1' from-port='1' to='o1' to-port='1'/>"
    "<link id='k7' kind='regular' from='f' from-port='2' to='c2' to-port='1'/>"
    "<link id='k8' kind='regular' from='c2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },

  /* LOGIC: Xcos reads input i as bit i-1 (the first input is the least
   * significant) and true when positive; Orrery's TruthTable reads its
   * first input as the most significant and true when not zero: the inputs
   * go in reversed, each as (u > 0), and the table's m columns come out
   * of a Demux as m int8 outputs. One row per number of inputs and
   * outputs; inheriting only ($2 = 1): with an activation input Xcos
   * evaluates only at its events */
  { "LOGIC",
    "2=1&#in=1&#out=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='50'>"
    "<param name='table'>$1</param><ports in='1' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='50'>"
    "<param name='outputs'>1</param><ports in='1' out='1'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=1&#out=2",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='50'>"
    "<param name='table'>$1</param><ports in='1' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='100'>"
    "<param name='outputs'>2</param><ports in='1' out='2'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=1&#out=3",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='50'>"
    "<param name='table'>$1</param><ports in='1' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='150'>"
    "<param name='outputs'>3</param><ports in='1' out='3'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=1&#out=4",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='50'>"
    "<param name='table'>$1</param><ports in='1' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='200'>"
    "<param name='outputs'>4</param><ports in='1' out='4'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<block id='q4' type='DataTypeConversion' x='310' y='170' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o4' type='Output' x='380' y='175' width='20' height='20'>"
    "<param name='port'>4</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "<link id='f4' kind='regular' from='dm' from-port='4' to='q4' to-port='1'/>"
    "<link id='g4' kind='regular' from='q4' from-port='1' to='o4' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=2&#out=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='100'>"
    "<param name='table'>$1</param><ports in='2' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='50'>"
    "<param name='outputs'>1</param><ports in='1' out='1'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='2'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=2&#out=2",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='100'>"
    "<param name='table'>$1</param><ports in='2' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='100'>"
    "<param name='outputs'>2</param><ports in='1' out='2'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='2'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=2&#out=3",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='100'>"
    "<param name='table'>$1</param><ports in='2' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='150'>"
    "<param name='outputs'>3</param><ports in='1' out='3'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='2'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=2&#out=4",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='100'>"
    "<param name='table'>$1</param><ports in='2' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='200'>"
    "<param name='outputs'>4</param><ports in='1' out='4'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<block id='q4' type='DataTypeConversion' x='310' y='170' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o4' type='Output' x='380' y='175' width='20' height='20'>"
    "<param name='port'>4</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='2'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "<link id='f4' kind='regular' from='dm' from-port='4' to='q4' to-port='1'/>"
    "<link id='g4' kind='regular' from='q4' from-port='1' to='o4' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=3&#out=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='150'>"
    "<param name='table'>$1</param><ports in='3' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='50'>"
    "<param name='outputs'>1</param><ports in='1' out='1'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='3'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='2'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=3&#out=2",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='150'>"
    "<param name='table'>$1</param><ports in='3' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='100'>"
    "<param name='outputs'>2</param><ports in='1' out='2'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='3'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='2'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=3&#out=3",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='150'>"
    "<param name='table'>$1</param><ports in='3' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='150'>"
    "<param name='outputs'>3</param><ports in='1' out='3'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='3'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='2'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=3&#out=4",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='150'>"
    "<param name='table'>$1</param><ports in='3' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='200'>"
    "<param name='outputs'>4</param><ports in='1' out='4'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<block id='q4' type='DataTypeConversion' x='310' y='170' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o4' type='Output' x='380' y='175' width='20' height='20'>"
    "<param name='port'>4</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='3'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='2'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "<link id='f4' kind='regular' from='dm' from-port='4' to='q4' to-port='1'/>"
    "<link id='g4' kind='regular' from='q4' from-port='1' to='o4' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=4&#out=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i4' type='Input' x='20' y='170' width='20' height='20'>"
    "<param name='port'>4</param><ports out='1'/></block>"
    "<block id='d4' type='DataTypeConversion' x='60' y='165' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e4' type='MathExpression' x='130' y='165' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='200'>"
    "<param name='table'>$1</param><ports in='4' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='50'>"
    "<param name='outputs'>1</param><ports in='1' out='1'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='4'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='3'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='2'/>"
    "<link id='a4' kind='regular' from='i4' from-port='1' to='d4' to-port='1'/>"
    "<link id='b4' kind='regular' from='d4' from-port='1' to='e4' to-port='1'/>"
    "<link id='c4' kind='regular' from='e4' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=4&#out=2",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i4' type='Input' x='20' y='170' width='20' height='20'>"
    "<param name='port'>4</param><ports out='1'/></block>"
    "<block id='d4' type='DataTypeConversion' x='60' y='165' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e4' type='MathExpression' x='130' y='165' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='200'>"
    "<param name='table'>$1</param><ports in='4' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='100'>"
    "<param name='outputs'>2</param><ports in='1' out='2'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='4'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='3'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='2'/>"
    "<link id='a4' kind='regular' from='i4' from-port='1' to='d4' to-port='1'/>"
    "<link id='b4' kind='regular' from='d4' from-port='1' to='e4' to-port='1'/>"
    "<link id='c4' kind='regular' from='e4' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=4&#out=3",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i4' type='Input' x='20' y='170' width='20' height='20'>"
    "<param name='port'>4</param><ports out='1'/></block>"
    "<block id='d4' type='DataTypeConversion' x='60' y='165' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e4' type='MathExpression' x='130' y='165' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='200'>"
    "<param name='table'>$1</param><ports in='4' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='150'>"
    "<param name='outputs'>3</param><ports in='1' out='3'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='4'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='3'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='2'/>"
    "<link id='a4' kind='regular' from='i4' from-port='1' to='d4' to-port='1'/>"
    "<link id='b4' kind='regular' from='d4' from-port='1' to='e4' to-port='1'/>"
    "<link id='c4' kind='regular' from='e4' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "</diagram>" },
  { "LOGIC",
    "2=1&#in=4&#out=4",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i1' type='Input' x='20' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='d1' type='DataTypeConversion' x='60' y='15' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e1' type='MathExpression' x='130' y='15' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i2' type='Input' x='20' y='70' width='20' height='20'>"
    "<param name='port'>2</param><ports out='1'/></block>"
    "<block id='d2' type='DataTypeConversion' x='60' y='65' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e2' type='MathExpression' x='130' y='65' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i3' type='Input' x='20' y='120' width='20' height='20'>"
    "<param name='port'>3</param><ports out='1'/></block>"
    "<block id='d3' type='DataTypeConversion' x='60' y='115' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e3' type='MathExpression' x='130' y='115' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='i4' type='Input' x='20' y='170' width='20' height='20'>"
    "<param name='port'>4</param><ports out='1'/></block>"
    "<block id='d4' type='DataTypeConversion' x='60' y='165' width='50' height='30'>"
    "<param name='type'>1</param><ports in='1' out='1'/></block>"
    "<block id='e4' type='MathExpression' x='130' y='165' width='50' height='30'>"
    "<param name='inputs'>1</param><param name='expression'>'u1 &gt; 0'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='t' type='TruthTable' x='200' y='20' width='50' height='200'>"
    "<param name='table'>$1</param><ports in='4' out='1'/></block>"
    "<block id='dm' type='Demux' x='270' y='20' width='20' height='200'>"
    "<param name='outputs'>4</param><ports in='1' out='4'/></block>"
    "<block id='q1' type='DataTypeConversion' x='310' y='20' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='380' y='25' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='q2' type='DataTypeConversion' x='310' y='70' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o2' type='Output' x='380' y='75' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<block id='q3' type='DataTypeConversion' x='310' y='120' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o3' type='Output' x='380' y='125' width='20' height='20'>"
    "<param name='port'>3</param><ports in='1'/></block>"
    "<block id='q4' type='DataTypeConversion' x='310' y='170' width='50' height='30'>"
    "<param name='type'>2</param><ports in='1' out='1'/></block>"
    "<block id='o4' type='Output' x='380' y='175' width='20' height='20'>"
    "<param name='port'>4</param><ports in='1'/></block>"
    "<link id='a1' kind='regular' from='i1' from-port='1' to='d1' to-port='1'/>"
    "<link id='b1' kind='regular' from='d1' from-port='1' to='e1' to-port='1'/>"
    "<link id='c1' kind='regular' from='e1' from-port='1' to='t' to-port='4'/>"
    "<link id='a2' kind='regular' from='i2' from-port='1' to='d2' to-port='1'/>"
    "<link id='b2' kind='regular' from='d2' from-port='1' to='e2' to-port='1'/>"
    "<link id='c2' kind='regular' from='e2' from-port='1' to='t' to-port='3'/>"
    "<link id='a3' kind='regular' from='i3' from-port='1' to='d3' to-port='1'/>"
    "<link id='b3' kind='regular' from='d3' from-port='1' to='e3' to-port='1'/>"
    "<link id='c3' kind='regular' from='e3' from-port='1' to='t' to-port='2'/>"
    "<link id='a4' kind='regular' from='i4' from-port='1' to='d4' to-port='1'/>"
    "<link id='b4' kind='regular' from='d4' from-port='1' to='e4' to-port='1'/>"
    "<link id='c4' kind='regular' from='e4' from-port='1' to='t' to-port='1'/>"
    "<link id='k0' kind='regular' from='t' from-port='1' to='dm' to-port='1'/>"
    "<link id='f1' kind='regular' from='dm' from-port='1' to='q1' to-port='1'/>"
    "<link id='g1' kind='regular' from='q1' from-port='1' to='o1' to-port='1'/>"
    "<link id='f2' kind='regular' from='dm' from-port='2' to='q2' to-port='1'/>"
    "<link id='g2' kind='regular' from='q2' from-port='1' to='o2' to-port='1'/>"
    "<link id='f3' kind='regular' from='dm' from-port='3' to='q3' to-port='1'/>"
    "<link id='g3' kind='regular' from='q3' from-port='1' to='o3' to-port='1'/>"
    "<link id='f4' kind='regular' from='dm' from-port='4' to='q4' to-port='1'/>"
    "<link id='g4' kind='regular' from='q4' from-port='1' to='o4' to-port='1'/>"
    "</diagram>" },
  { "LOGIC", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Matrix ----------------------------------------------------------- */
  { "MATTRAN", NULL, "Transpose", NULL, { NULL }, NULL },
  { "MATINV", NULL, "Inverse", NULL, { NULL }, NULL },
  /* The real-valued matrix blocks are MatrixExpression formulas over
   * inputs of inherited sizes (sizes -1: the compiler configures the
   * block again once its inputs' sizes are known). "1=1": the datatype
   * is real double; the complex variants stay placeholders. */
  { "MATDET", "1=1", "MatrixExpression", NULL, { "sizes=[-1 -1]", "expression='det(u1)'" }, NULL },
  { "MATDIAG",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='diag(u1)'" },
    NULL },
  { "MATDET", NULL, NULL, NULL, { NULL }, NULL },
  { "MATEXPM",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='expm(u1)'" },
    NULL },
  { "MATEXPM", NULL, NULL, NULL, { NULL }, NULL },
  { "MATDIAG", NULL, NULL, NULL, { NULL }, NULL },
  /* the sum of all elements: Orrery's Sum with one input and one sign;
   * of each column (1) or each row (2): a formula */
  { "MATSUM", "2=0", "Sum", NULL, { "signs=1" }, NULL },
  { "MATSUM",
    "1=1&2=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='sum(u1, 1)'" },
    NULL },
  { "MATSUM",
    "1=1&2=2",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='sum(u1, 2)'" },
    NULL },
  { "MATSUM", NULL, NULL, NULL, { NULL }, NULL },
  /* 0: over all elements in column-major order, as Scilab's cumsum_m */
  { "CUMSUM",
    "1=1&2=0",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]",
      "expression=\"reshape(cumsum(reshape(u1, numel(u1), 1)), size(u1, 1), size(u1, 2))\"" },
    NULL },
  { "CUMSUM",
    "1=1&2=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='cumsum(u1, 1)'" },
    NULL },
  { "CUMSUM",
    "1=1&2=2",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='cumsum(u1, 2)'" },
    NULL },
  { "CUMSUM", NULL, NULL, NULL, { NULL }, NULL },
  /* the rows $2 and the columns $3 of the input, in that order */
  { "EXTRACT",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression=strcat('u1(', $q2, ', ', $q3, ')')" },
    NULL },
  { "EXTRACT", NULL, NULL, NULL, { NULL }, NULL },
  /* lower, upper triangle, diagonal: the input times a mask of its own size */
  { "EXTTRI",
    "1=1&2=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression=\"u1 .* (ones(size(u1, 1), 1)*(1:size(u1, 2)) <= (1:size(u1, "
                       "1))\'*ones(1, size(u1, 2)))\"" },
    NULL },
  { "EXTTRI",
    "1=1&2=2",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression=\"u1 .* (ones(size(u1, 1), 1)*(1:size(u1, 2)) >= (1:size(u1, "
                       "1))\'*ones(1, size(u1, 2)))\"" },
    NULL },
  { "EXTTRI",
    "1=1&2=3",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression=\"u1 .* (ones(size(u1, 1), 1)*(1:size(u1, 2)) == (1:size(u1, "
                       "1))\'*ones(1, size(u1, 2)))\"" },
    NULL },
  { "EXTTRI", NULL, NULL, NULL, { NULL }, NULL },
  /* A\\B (A the upper input), A/B (the solution of x*B = A, A the upper
   * input): as Xcos, the minimum-norm least-squares solution when A (B)
   * is singular or not square, ranks decided at sqrt(eps) (lsqminnorm) */
  { "MATBKSL",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(2, 2)", "expression='lsqminnorm(u1, u2)'" },
    NULL },
  { "MATBKSL", NULL, NULL, NULL, { NULL }, NULL },
  { "MATDIV",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(2, 2)", "expression=\"lsqminnorm(u2', u1')'\"" },
    NULL },
  { "MATDIV", NULL, NULL, NULL, { NULL }, NULL },
  /* eigenvalues only (2=1), complex as in Xcos: real(eig) and imag(eig)
   * joined; an input Xcos declares real gets their real parts (see
   * complex_outputs). Eigenvectors (2=2) have no mapping yet. */
  { "MATEIG",
    "1=1&2=1",
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='Input' x='20' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='r' type='MatrixExpression' x='80' y='10' width='60' height='40'>"
    "<param name='sizes'>[-1 -1]</param><param name='expression'>'real(eig(u1))'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='m' type='MatrixExpression' x='80' y='80' width='60' height='40'>"
    "<param name='sizes'>[-1 -1]</param><param name='expression'>'imag(eig(u1))'</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='c' type='RealImagToComplex' x='180' y='40' width='40' height='40'>"
    "<ports in='2' out='1'/></block>"
    "<block id='o' type='Output' x='260' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i' from-port='1' to='r' to-port='1'/>"
    "<link id='k2' kind='regular' from='i' from-port='1' to='m' to-port='1'/>"
    "<link id='k3' kind='regular' from='r' from-port='1' to='c' to-port='1'/>"
    "<link id='k4' kind='regular' from='m' from-port='1' to='c' to-port='2'/>"
    "<link id='k5' kind='regular' from='c' from-port='1' to='o' to-port='1'/>"
    "</diagram>",
    1 },
  { "MATEIG", NULL, NULL, NULL, { NULL }, NULL },
  /* U (output 1) and L with its unit diagonal (output 2) of P A = L U, of
   * the packed factors lu(A) */
  { "MATLU",
    "1=1",
    "SuperBlock",
    NULL,
    { NULL },
    "square matrices only (Xcos also factors rectangular ones)",
    "<diagram>"
    "<block id='i' type='Input' x='20' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='u' type='MatrixExpression' x='80' y='10' width='60' height='40'>"
    "<param name='sizes'>[-1 -1]</param>"
    "<param name='expression'>\"lu(u1) .* (ones(size(u1, 1), 1)*(1:size(u1, 2)) &gt;= "
    "(1:size(u1, 1))'*ones(1, size(u1, 2)))\"</param><ports in='1' out='1'/></block>"
    "<block id='l' type='MatrixExpression' x='80' y='80' width='60' height='40'>"
    "<param name='sizes'>[-1 -1]</param>"
    "<param name='expression'>\"lu(u1) .* (ones(size(u1, 1), 1)*(1:size(u1, 2)) &lt; "
    "(1:size(u1, 1))'*ones(1, size(u1, 2))) + eye(size(u1, 1))\"</param>"
    "<ports in='1' out='1'/></block>"
    "<block id='o1' type='Output' x='180' y='20' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<block id='o2' type='Output' x='180' y='90' width='20' height='20'>"
    "<param name='port'>2</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i' from-port='1' to='u' to-port='1'/>"
    "<link id='k2' kind='regular' from='i' from-port='1' to='l' to-port='1'/>"
    "<link id='k3' kind='regular' from='u' from-port='1' to='o1' to-port='1'/>"
    "<link id='k4' kind='regular' from='l' from-port='1' to='o2' to-port='1'/>"
    "</diagram>" },
  { "MATLU", NULL, NULL, NULL, { NULL }, NULL },
  /* rows $2 to $3, columns $4 to $5 */
  { "SUBMAT",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression=strcat('u1(', $q2, ':', $q3, ', ', $q4, ':', $q5, ')')" },
    NULL },
  { "SUBMAT", NULL, NULL, NULL, { NULL }, NULL },
  /* column by column into the sizes $3 */
  { "MATRESH",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression=strcat('reshape(u1, ', $q3, ')')" },
    NULL },
  { "MATRESH", NULL, NULL, NULL, { NULL }, NULL },
  /* the pseudo-inverse: the minimum-norm least-squares solution of A X = I */
  { "MATPINV",
    "1=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='lsqminnorm(u1, eye(size(u1, 1)))'" },
    "of a rank-deficient matrix, the rank is decided at sqrt(eps) by a complete orthogonal "
    "factorisation, not from Xcos's singular values" },
  { "MATPINV", NULL, NULL, NULL, { NULL }, NULL },
  /* the singular values only (2=1), descending */
  { "MATSING",
    "1=1&2=1",
    "MatrixExpression",
    NULL,
    { "sizes=[-1 -1]", "expression='svd(u1)'" },
    "min(rows, columns) values: for a matrix with more rows than columns Xcos's output has as "
    "many rows as the input" },
  { "MATSING", NULL, NULL, NULL, { NULL }, NULL },
  /* between complex and real signals: 1 splits, 2 joins */
  { "MATZREIM", "1=1", "ComplexToRealImag", NULL, { NULL }, NULL },
  { "MATZREIM", "1=2", "RealImagToComplex", NULL, { NULL }, NULL },
  { "MATMAGPHI", "1=1", "ComplexToMagAngle", NULL, { NULL }, NULL },
  { "MATMAGPHI", "1=2", "MagAngleToComplex", NULL, { NULL }, NULL },
  /* the conjugate: the imaginary part negated between the part blocks */
  { "MATZCONJ",
    NULL,
    "SuperBlock",
    NULL,
    { NULL },
    NULL,
    "<diagram>"
    "<block id='i' type='Input' x='20' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='p' type='ComplexToRealImag' x='70' y='40' width='40' height='40'>"
    "<ports in='1' out='2'/></block>"
    "<block id='g' type='Gain' x='140' y='70' width='40' height='40'>"
    "<param name='gain'>-1</param><ports in='1' out='1'/></block>"
    "<block id='c' type='RealImagToComplex' x='210' y='40' width='40' height='40'>"
    "<ports in='2' out='1'/></block>"
    "<block id='o' type='Output' x='280' y='50' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i' from-port='1' to='p' to-port='1'/>"
    "<link id='k2' kind='regular' from='p' from-port='1' to='c' to-port='1'/>"
    "<link id='k3' kind='regular' from='p' from-port='2' to='g' to-port='1'/>"
    "<link id='k4' kind='regular' from='g' from-port='1' to='c' to-port='2'/>"
    "<link id='k5' kind='regular' from='c' from-port='1' to='o' to-port='1'/>"
    "</diagram>",
    1 },
  /* concatenation of 2 to 8 inputs, side by side (H) or stacked (V) */
  { "MATCATH",
    "#in=2",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(2, 2)", "expression='[u1, u2]'" },
    NULL },
  { "MATCATH",
    "#in=3",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(3, 2)", "expression='[u1, u2, u3]'" },
    NULL },
  { "MATCATH",
    "#in=4",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(4, 2)", "expression='[u1, u2, u3, u4]'" },
    NULL },
  { "MATCATH",
    "#in=5",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(5, 2)", "expression='[u1, u2, u3, u4, u5]'" },
    NULL },
  { "MATCATH",
    "#in=6",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(6, 2)", "expression='[u1, u2, u3, u4, u5, u6]'" },
    NULL },
  { "MATCATH",
    "#in=7",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(7, 2)", "expression='[u1, u2, u3, u4, u5, u6, u7]'" },
    NULL },
  { "MATCATH",
    "#in=8",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(8, 2)", "expression='[u1, u2, u3, u4, u5, u6, u7, u8]'" },
    NULL },
  { "MATCATH", NULL, NULL, NULL, { NULL }, NULL },
  { "MATCATV",
    "#in=2",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(2, 2)", "expression='[u1; u2]'" },
    NULL },
  { "MATCATV",
    "#in=3",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(3, 2)", "expression='[u1; u2; u3]'" },
    NULL },
  { "MATCATV",
    "#in=4",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(4, 2)", "expression='[u1; u2; u3; u4]'" },
    NULL },
  { "MATCATV",
    "#in=5",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(5, 2)", "expression='[u1; u2; u3; u4; u5]'" },
    NULL },
  { "MATCATV",
    "#in=6",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(6, 2)", "expression='[u1; u2; u3; u4; u5; u6]'" },
    NULL },
  { "MATCATV",
    "#in=7",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(7, 2)", "expression='[u1; u2; u3; u4; u5; u6; u7]'" },
    NULL },
  { "MATCATV",
    "#in=8",
    "MatrixExpression",
    NULL,
    { "sizes=-ones(8, 2)", "expression='[u1; u2; u3; u4; u5; u6; u7; u8]'" },
    NULL },
  { "MATCATV", NULL, NULL, NULL, { NULL }, NULL },
};

const guint orr_xcos_block_table_size = G_N_ELEMENTS (orr_xcos_block_table);
