"""check-sim-structure.py: engine/sim keeps its structure (issue 25).

1. No cycle of calls or includes through more than three files of
   engine/sim: a file calls another when it calls a function defined there
   (not static), and includes it when it names it in #include.
2. The run's state (struct _OrrSimulation in orr-sim-private.h) is split
   into sub-states, each written only by its owner files (PARTS below),
   and a small core whose fields each have their owners too (CORE). Every
   field of the struct and of its sub-states must have owners here, and
   the core may hold at most MAX_CORE fields (the sub-states count as one
   field each). A write is an assignment, ++/--, or handing the field's
   address to an atomic set/store, to a mutex or condition's init/clear,
   or to g_steal_pointer/g_clear_pointer. For fields marked as memory
   ("[]"), only replacing the pointer counts: their elements are the
   numbers blocks and solvers work on.
3. Every file of engine/sim opens with a comment whose DESIGN: part says
   which part of the run it owns.

Usage: check-sim-structure.py [SOURCE_ROOT]. Exit status 1 with the
offending cycle, writes or unowned fields, 0 when all hold.
"""

import os
import re
import sys

MAX_CYCLE = 3
MAX_CORE = 25

LIFE_CYCLE = "orr-simulation.c"  # creates the run, runs it, frees the core

# sub-state (the member's name in struct _OrrSimulation) -> files that may
# write its fields, the owner first. The header's inline functions belong
# to the part they are declared with.
PARTS = {
    # run control, the part other threads touch (thread rules in
    # orr-sim-control.c); real-time pacing in orr-pacing.c
    "ctl": ("orr-sim-control.c", "orr-pacing.c"),
    # retuning: parameters handed over by another thread
    "tune": ("orr-retune.c",),
    # events and the agenda
    "events": ("orr-activation.c",),
    # continuous integration and restarts; orr-jacobian.c computes the
    # hot lists with it
    "cont": ("orr-continuous.c", "orr-jacobian.c", "orr-sim-private.h"),
    # zero crossings and modes (the elements of g, jroot and modes are
    # numbers the solver and the blocks write: MEMORY)
    "zc": ("orr-event-crossings.c", "orr-zeno.c"),
    # what blocks ask of the run, and outputs and streams
    "req": ("orr-block-runtime.c",),
    "out": ("orr-block-runtime.c",),
}

# Fields of a sub-state written by fewer files than the whole part.
PART_FIELDS = {
    "ctl.progress": ("orr-sim-core.c",),  # published by orr_sim_set_time
    "ctl.rt_factor_bits": ("orr-pacing.c",),
    "ctl.rt_reanchor": ("orr-pacing.c",),
    "ctl.rt_anchor_sim": ("orr-pacing.c",),
    "ctl.rt_anchor_wall": ("orr-pacing.c", "orr-sim-control.c"),  # a pause shifts it
}

# Fields of sub-states that are memory: only replacing the pointer counts.
MEMORY = {"zc.g", "zc.jroot", "zc.modes", "cont.x", "cont.xd", "cont.res"}

# core field -> files that may write it (or, for "time" and "stats", a
# member of it); a name ending in [] is memory whose elements others write.
CORE = {
    "program": (LIFE_CYCLE,),
    # What blocks see of time. t moves through orr_sim_set_time()
    # (orr-sim-core.c), but for trial points, which put it back; each part
    # that calls blocks sets the phase it calls them in (and puts the old
    # one back), the Jacobian its alpha and beta, probes as a run would.
    "time": ("orr-sim-core.c", LIFE_CYCLE, "orr-continuous.c", "orr-jacobian.c",
             "orr-activation.c", "orr-event-crossings.c", "orr-retune.c", "orr-probe.c"),
    # the blocks' run-time records: wired once, then each part sets what it
    # calls them with (nevprt, parameters) and blocks write their work
    "blocks[]": (LIFE_CYCLE,),
    # run-time memory the blocks point into
    "arena[]": (LIFE_CYCLE,),
    "zeros[]": (LIFE_CYCLE,),
    "ports[]": (LIFE_CYCLE,),
    "object_states[]": (LIFE_CYCLE,),
    "z[]": (LIFE_CYCLE,),
    "evout[]": (LIFE_CYCLE,),
    "jacobians[]": (LIFE_CYCLE,),
    # blocks whose init job ran (a probe initialises as a run does)
    "n_initialised": (LIFE_CYCLE, "orr-probe.c"),
    # the first error that ends the run
    "error": ("orr-sim-core.c", LIFE_CYCLE),
    "failed": ("orr-sim-core.c", LIFE_CYCLE),
    # counters: each part counts what it does
    "stats": (LIFE_CYCLE, "orr-continuous.c", "orr-jacobian.c", "orr-activation.c",
              "orr-event-crossings.c"),
    "base": (LIFE_CYCLE,),
    # algebraic loops solved at run time, made on first use
    "loops": ("orr-loops.c", LIFE_CYCLE),
}


def declarators(body, with_types=False):
    """The names a struct body declares (with their type names)."""
    body = re.sub(r"\{[^{}]*\}", "", body)
    out = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        first, *rest = decl.split(",")
        words = first.replace("*", " ").split()
        type_name = words[-2] if len(words) > 1 else ""
        for name in [words[-1]] + [r.replace("*", " ").split()[-1] for r in rest]:
            out.append((type_name, name) if with_types else name)
    return out


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    sim_dir = os.path.join(root, "engine", "sim")
    sources = {}
    for name in sorted(os.listdir(sim_dir)):
        if name.endswith((".c", ".h")):
            with open(os.path.join(sim_dir, name), encoding="utf-8") as f:
                sources[name] = strip_comments(f.read())

    # ---- 1. cycles
    defined = {}
    for name, text in sources.items():
        if name.endswith(".c"):
            for m in re.finditer(r"^(orr_\w+) \([^;{]*\)\s*\{", text, re.M):
                defined[m.group(1)] = name
    edges = {name: set() for name in sources}
    for name, text in sources.items():
        for m in re.finditer(r'#include\s+"([^"]+)"', text):
            target = os.path.basename(m.group(1))
            if target in sources and target != name:
                edges[name].add(target)
        for function, where in defined.items():
            if where != name and re.search(r"\b" + function + r"\s*\(", text):
                edges[name].add(where)
    # A header declaring a file's functions is not a call back into it.
    for name in sources:
        if name.endswith(".h"):
            edges[name] = {e for e in edges[name] if e.endswith(".h")}

    longest = []

    def walk(start, node, path, seen):
        nonlocal longest
        for nxt in edges[node]:
            if nxt == start and len(path) > len(longest):
                longest = list(path)
            elif nxt not in seen and nxt > start:  # each cycle once, from its least file
                seen.add(nxt)
                path.append(nxt)
                walk(start, nxt, path, seen)
                path.pop()
                seen.discard(nxt)

    for start in sorted(sources):
        walk(start, start, [start], {start})

    ok = True
    if len(longest) > MAX_CYCLE:
        print("engine/sim: a cycle of %d files (at most %d): %s"
              % (len(longest), MAX_CYCLE, " -> ".join(longest + [longest[0]])))
        ok = False
    else:
        print("engine/sim: the longest cycle of calls or includes has %d files%s"
              % (len(longest), (": " + " -> ".join(longest + [longest[0]])) if longest else ""))

    # ---- 2. the state's parts and their writers
    header = sources["orr-sim-private.h"]
    parts_types = {}
    for m in re.finditer(r"typedef struct\s*\{(.*?)\}\s*(\w+);", header, re.S):
        parts_types[m.group(2)] = declarators(m.group(1))
    body = re.search(r"struct _OrrSimulation\s*\{(.*?)\n\};", header, re.S).group(1)
    core = []
    checks = []  # (access path as written after sim->, writers, memory)
    for type_name, name in declarators(body, with_types=True):
        if type_name in parts_types and name in PARTS:
            for field in parts_types[type_name]:
                key = name + "." + field
                checks.append((key, PART_FIELDS.get(key, PARTS[name]), key in MEMORY))
            core.append(name)
            continue
        core.append(name)
        if name + "[]" in CORE:
            checks.append((name, CORE[name + "[]"], True))
        elif name in CORE:
            checks.append((name, CORE[name], False))
        else:
            print("engine/sim: the field %s has no owners in CORE" % name)
            ok = False
    if len(core) > MAX_CORE:
        print("engine/sim: the core of the run's state has %d fields (at most %d)"
              % (len(core), MAX_CORE))
        ok = False
    else:
        print("engine/sim: the core of the run's state has %d fields (at most %d),"
              " %d of them sub-states" % (len(core), MAX_CORE, len([n for n in core if n in PARTS])))

    for path, owners, memory in checks:
        field = re.escape(path).replace(r"\.", r"\s*\.\s*")
        index = "" if memory else r"(\[[^\]]*\]\s*)*(\.\s*\w+\s*(\[[^\]]*\]\s*)*)*"
        write = re.compile(
            r"(sim->%s\s*%s(=(?!=)|\+=|-=|\+\+|--))"
            r"|(\+\+|--)\s*sim->%s\b"
            r"|(g_atomic_int_set|g_atomic_int_inc|g_atomic_pointer_set|atomic_store\w*|atomic_fetch\w*"
            r"|g_mutex_init|g_mutex_clear|g_cond_init|g_cond_clear|g_steal_pointer|g_clear_pointer)"
            r"\s*\(\s*&sim->%s\b"
            % (field, index, field, field))
        for name, text in sources.items():
            if name in owners:
                continue
            for m in write.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                print("engine/sim/%s:%d: writes sim->%s, which only %s may write"
                      % (name, line, path, ", ".join(owners)))
                ok = False
    if ok:
        print("engine/sim: %d fields written only by their owners" % len(checks))

    # ---- 3. every file says which part of the run it owns
    for name in sorted(sources):
        with open(os.path.join(sim_dir, name), encoding="utf-8") as f:
            first = re.match(r"\s*/\*.*?\*/", f.read(), re.S)
        if first is None or "DESIGN:" not in first.group(0):
            print("engine/sim/%s: its first comment has no DESIGN: line saying what it owns" % name)
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
