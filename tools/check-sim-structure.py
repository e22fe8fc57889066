#!/usr/bin/env python3
"""check-sim-structure.py: engine/sim keeps its structure (issue 25).

1. No cycle of calls or includes through more than three files of
   engine/sim: a file calls another when it calls a function defined there
   (not static), and includes it when it names it in #include.
2. The parts of the run's state whose owners are settled are written only
   by their owners (OWNERS below): a write is an assignment, ++/--, or
   handing the field's address to an atomic set/store or to a mutex or
   condition's init/clear. Fields of parts not yet split are not checked.

Usage: check-sim-structure.py [SOURCE_ROOT]. Exit status 1 with the
offending cycle or writes, 0 when both hold.
"""

import os
import re
import sys

MAX_CYCLE = 3

# field -> files allowed to write it (the owner first)
CONTROL = ("orr-sim-control.c",)
LIFE_CYCLE = "orr-simulation.c"  # creates and frees everything
OWNERS = {
    # the small core (orr-sim-core.c)
    "error": ("orr-sim-core.c", LIFE_CYCLE),
    "failed": ("orr-sim-core.c", LIFE_CYCLE),
    "progress": ("orr-sim-core.c",),
    # run control, the part other threads touch (orr-sim-control.c)
    "stop_requested": CONTROL,
    "pause_requested": CONTROL,
    "pause_mutex": CONTROL + (LIFE_CYCLE,),
    "pause_cond": CONTROL + (LIFE_CYCLE,),
    # real-time pacing (orr-pacing.c); a pause shifts the anchor, and a run
    # starts by asking for a new one
    "rt_factor_bits": ("orr-pacing.c",),
    "rt_reanchor": ("orr-pacing.c", LIFE_CYCLE),
    "rt_anchor_wall": ("orr-pacing.c", "orr-sim-control.c"),
    "rt_anchor_sim": ("orr-pacing.c",),
    # retuning (orr-retune.c)
    "retune_mutex": ("orr-retune.c",),
    "retune_pending": ("orr-retune.c",),
    "retune_flag": ("orr-retune.c",),
    "retune_time": ("orr-retune.c",),
    "tuned_rpar": ("orr-retune.c",),
    "tuned_ipar": ("orr-retune.c",),
    "tuned_opar": ("orr-retune.c",),
}


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

    # ---- 2. writes
    for field, owners in OWNERS.items():
        write = re.compile(
            r"(sim->%s\s*(\[[^\]]*\]\s*)*(=(?!=)|\+=|-=|\+\+|--))"
            r"|(\+\+|--)\s*sim->%s\b"
            r"|(g_atomic_int_set|g_atomic_pointer_set|atomic_store\w*|g_mutex_init|g_mutex_clear"
            r"|g_cond_init|g_cond_clear|g_steal_pointer|g_clear_pointer)\s*\(\s*&sim->%s\b"
            % (field, field, field))
        for name, text in sources.items():
            if name in owners:
                continue
            for m in write.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                print("engine/sim/%s:%d: writes sim->%s, which only %s may write"
                      % (name, line, field, ", ".join(owners)))
                ok = False
    if ok:
        print("engine/sim: %d fields written only by their owners" % len(OWNERS))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
