#!/usr/bin/env python3
"""test-check-sim-structure.py: check-sim-structure.py notices what it
must: a copy of engine/sim with writes from a file that does not own the
fields, a file without its DESIGN line, and a core grown past its limit
must each fail, naming the place; the untouched copy must pass.

Usage: test-check-sim-structure.py SOURCE_ROOT"""

import os
import shutil
import subprocess
import sys
import tempfile

root = sys.argv[1]
checker = os.path.join(root, "tools", "check-sim-structure.py")
failures = []


def run(tree):
    result = subprocess.run([sys.executable, checker, tree], capture_output=True, text=True)
    return result.returncode, result.stdout


def copy_tree(dest):
    shutil.copytree(os.path.join(root, "engine", "sim"), os.path.join(dest, "engine", "sim"))
    return os.path.join(dest, "engine", "sim")


def expect(label, tree, status, needles):
    code, out = run(tree)
    if code != status:
        failures.append("%s: exit status %d, expected %d\n%s" % (label, code, status, out))
    for needle in needles:
        if needle not in out:
            failures.append("%s: the output does not say %r\n%s" % (label, needle, out))


with tempfile.TemporaryDirectory() as tmp:
    tree = os.path.join(tmp, "clean")
    copy_tree(tree)
    expect("untouched", tree, 0, ["fields written only by their owners"])

    tree = os.path.join(tmp, "writes")
    sim = copy_tree(tree)
    with open(os.path.join(sim, "orr-loops.c"), "a", encoding="utf-8") as f:
        f.write("\nvoid bad (OrrSimulation *sim);\nvoid\nbad (OrrSimulation *sim)\n{\n"
                "  sim->cont.need_restart = TRUE;\n"
                "  sim->events.merge_stamp++;\n"
                "  sim->zc.g = NULL;\n"
                "  sim->zc.g[0] = 1;\n"  # memory: elements are not the field
                "  sim->time.phase = ORR_PHASE_EVENT;\n"
                "  g_atomic_int_set (&sim->ctl.stop_requested, 1);\n}\n")
    expect("writes", tree, 1, [
        "orr-loops.c:", "writes sim->cont.need_restart", "writes sim->events.merge_stamp",
        "writes sim->zc.g,", "writes sim->time,", "writes sim->ctl.stop_requested"])
    code, out = run(tree)
    if out.count("orr-loops.c:") != 5:
        failures.append("writes: expected 5 writes reported in orr-loops.c\n" + out)

    tree = os.path.join(tmp, "design")
    sim = copy_tree(tree)
    path = os.path.join(sim, "orr-finite.c")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("DESIGN:", "Design", 1))
    expect("design", tree, 1, ["orr-finite.c: its first comment has no DESIGN:"])

    tree = os.path.join(tmp, "core")
    sim = copy_tree(tree)
    path = os.path.join(sim, "orr-sim-private.h")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    extra = "".join("  int extra%d;\n" % i for i in range(30))
    text = text.replace("  OrrSimEvents events;", extra + "  OrrSimEvents events;", 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    expect("core", tree, 1, ["the field extra0 has no owners in CORE",
                             "fields (at most 25)\n"])

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("check-sim-structure.py caught every planted fault")
