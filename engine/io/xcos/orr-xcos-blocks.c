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
 *   $Cx $Cy   the points of a CURV_f curve, from its model.rpar
 *   $#in $#out $#ein $#eout   how many ports of that kind the Xcos block has
 *
 * A parameter whose exprs entry is missing is left out (the Orrery
 * default). "when" picks among rows of one Xcos name: "N=TEXT" by an
 * exprs entry's text, "#=N" by how many entries there are. "inner" is for Xcos super blocks
 * compiled into one block (CLOCK_c, STEP_FUNCTION ...): their dialog values are those of the named
 * block inside. A row with a NULL class has no counterpart yet: the block stays a placeholder. The
 * notes say where the semantics differ; docs/xcos.md lists them all. Orrery's parameters are
 * documented in docs/blocks.md.
 */
#include "orr-xcos-private.h"

const OrrXcosBlockMap orr_xcos_block_table[] = {
  /* ---- Sources ---------------------------------------------------------- */
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
  { "FROMWSB", NULL, NULL, NULL, { NULL }, NULL },
  { "RFILE_f", NULL, NULL, NULL, { NULL }, NULL },
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
  { "WRITEAU_f", NULL, NULL, NULL, { NULL }, NULL },
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
  { "CMAT3D", NULL, NULL, NULL, { NULL }, NULL },
  { "CANIMXY",
    NULL,
    "XYScope",
    NULL,
    { "xmin=$7", "xmax=$8", "ymin=$9", "ymax=$10", "buffer=max(2, $11)" },
    "drawn as a trace, not animated" },
  { "CANIMXY3D", NULL, NULL, NULL, { NULL }, NULL },
  { "BARXY", NULL, NULL, NULL, { NULL }, NULL },

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
    "both use the last two accepted points; the values differ with the solver's steps" },
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
  /* Xcos's PID is a super block: P, I and D gains around an integrator
   * and a derivative (not Orrery's filtered PID); "PID" reads its gains
   * as PID.sci does */
  { "PID",
    NULL,
    "SuperBlock",
    "PID",
    { NULL },
    "built as in Xcos: P u + I times the integral of u + D times the derivative of u",
    "<diagram>"
    "<block id='i' type='Input' x='20' y='90' width='20' height='20'>"
    "<param name='port'>1</param><ports out='1'/></block>"
    "<block id='p' type='Gain' x='80' y='20' width='40' height='40'>"
    "<param name='gain'>$1</param><ports in='1' out='1'/></block>"
    "<block id='ki' type='Gain' x='80' y='80' width='40' height='40'>"
    "<param name='gain'>$2</param><ports in='1' out='1'/></block>"
    "<block id='s' type='Integrator' x='150' y='80' width='40' height='40'>"
    "<ports in='1' out='1'/></block>"
    "<block id='kd' type='Gain' x='80' y='140' width='40' height='40'>"
    "<param name='gain'>$3</param><ports in='1' out='1'/></block>"
    "<block id='d' type='Derivative' x='150' y='140' width='40' height='40'>"
    "<ports in='1' out='1'/></block>"
    "<block id='sum' type='Sum' x='230' y='80' width='40' height='40'>"
    "<param name='signs'>[1 1 1]</param><ports in='3' out='1'/></block>"
    "<block id='o' type='Output' x='300' y='90' width='20' height='20'>"
    "<param name='port'>1</param><ports in='1'/></block>"
    "<link id='k1' kind='regular' from='i' from-port='1' to='p' to-port='1'/>"
    "<link id='k2' kind='regular' from='i' from-port='1' to='ki' to-port='1'/>"
    "<link id='k3' kind='regular' from='i' from-port='1' to='kd' to-port='1'/>"
    "<link id='k4' kind='regular' from='ki' from-port='1' to='s' to-port='1'/>"
    "<link id='k5' kind='regular' from='kd' from-port='1' to='d' to-port='1'/>"
    "<link id='k6' kind='regular' from='p' from-port='1' to='sum' to-port='1'/>"
    "<link id='k7' kind='regular' from='s' from-port='1' to='sum' to-port='2'/>"
    "<link id='k8' kind='regular' from='d' from-port='1' to='sum' to-port='3'/>"
    "<link id='k9' kind='regular' from='sum' from-port='1' to='o' to-port='1'/>"
    "</diagram>" },
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
  { "DELAY_f", NULL, NULL, NULL, { NULL }, NULL },
  { "DELAYV_f", NULL, NULL, NULL, { NULL }, NULL },
  { "REGISTER", NULL, NULL, NULL, { NULL }, NULL },
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
  { "ANDLOG_f", NULL, NULL, NULL, { NULL }, NULL },
  { "ANDBLK", NULL, NULL, NULL, { NULL }, NULL },
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
  { "M_freq", NULL, NULL, NULL, { NULL }, NULL },
  { "EDGETRIGGER", NULL, NULL, NULL, { NULL }, NULL },
  { "VirtualCLK0", NULL, NULL, NULL, { NULL }, NULL },

  /* ---- Math operations -------------------------------------------------- */
  { "GAINBLK", NULL, "Gain", NULL, { "gain=$1", "multiplication=2" }, NULL },
  { "GAINBLK_f", NULL, "Gain", NULL, { "gain=$1", "multiplication=2" }, NULL },
  { "GAIN_f", NULL, "Gain", NULL, { "gain=$1", "multiplication=2" }, NULL },
  { "SUMMATION", "#=1", "Sum", NULL, { "signs=$s1" }, NULL },
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

  /* ---- Matrix ----------------------------------------------------------- */
  { "MATTRAN", NULL, "Transpose", NULL, { NULL }, NULL },
  { "MATINV", NULL, "Inverse", NULL, { NULL }, NULL },
  { "MATDET", NULL, NULL, NULL, { NULL }, NULL },
  { "MATEXPM", NULL, NULL, NULL, { NULL }, NULL },
  { "MATDIAG", NULL, NULL, NULL, { NULL }, NULL },
  /* the sum of all elements: Orrery's Sum with one input and one sign */
  { "MATSUM", "2=0", "Sum", NULL, { "signs=1" }, NULL },
  { "MATSUM", NULL, NULL, NULL, { NULL }, NULL },
  { "CUMSUM", NULL, NULL, NULL, { NULL }, NULL },
  { "EXTRACT", NULL, NULL, NULL, { NULL }, NULL },
  { "EXTTRI", NULL, NULL, NULL, { NULL }, NULL },
  { "MATBKSL", NULL, NULL, NULL, { NULL }, NULL },
  { "MATDIV", NULL, NULL, NULL, { NULL }, NULL },
  { "MATEIG", NULL, NULL, NULL, { NULL }, NULL },
  { "MATLU", NULL, NULL, NULL, { NULL }, NULL },
  { "MATCATH", NULL, NULL, NULL, { NULL }, NULL },
  { "MATCATV", NULL, NULL, NULL, { NULL }, NULL },
};

const guint orr_xcos_block_table_size = G_N_ELEMENTS (orr_xcos_block_table);
