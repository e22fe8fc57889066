#!/usr/bin/python3
"""Follows the manual's first tutorial (help/C/tutorial-first-model.page)
in the real Orrery with real input: every click, drag (drag and drop from
the palette browser included) and key goes through the X server (XTest, by
xdotool), as a user's would.

    tutorial-first-model.py ORRERY ORRERY_SIM [FIGURES_DIR]

Needs a display and a session bus (xvfb-run ... dbus-run-session), xdotool
and xwd. The app is only *watched* over D-Bus: its save-to action writes
the model as it stands so the script knows where the blocks and their
ports are, run-state says when the run is over, export-scope-data gives
what the scope drew. Nothing is built through the actions.

It checks that the model built by hand is the bouncing ball, that the
scope recorded the first impact at the analytic sqrt(2 h0 / g) and the
second at (1 + 2 e) sqrt(2 h0 / g), and that orrery-sim finds the same in
the saved file. With FIGURES_DIR it also leaves the tutorial's pictures
there (first-model-*.png).
"""

import csv
import math
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
import zlib

ORRERY, ORRERY_SIM = sys.argv[1], sys.argv[2]
FIGURES = sys.argv[3] if len(sys.argv) > 3 else None
if FIGURES is not None:
    os.makedirs(FIGURES, exist_ok=True)

G, H0, E = 9.81, 10.0, 0.9
T1 = math.sqrt(2 * H0 / G)  # first impact
T2 = T1 * (1 + 2 * E)  # second: up and down again at e times the speed
# the impact is located by the solver's root finding (rtol 1e-6), far
# closer than this
TIME_TOL = 1e-3

work = tempfile.mkdtemp(prefix="orrery-tutorial-")
WINDOW = "/org/orrery/Orrery/window/1"
app = None


def fail(message):
    print("not ok: " + message)
    sys.exit(1)


def sh(*args, check=True):
    result = subprocess.run(args, capture_output=True, text=True)
    if check and result.returncode != 0:
        fail(f"{' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def xdo(*args):
    sh("xdotool", *[str(a) for a in args])


def action(name, *params, path=WINDOW, method="Activate"):
    """An action of the window over D-Bus (org.gtk.Actions): only to look."""
    args = [name] if method == "Describe" else [name, "[" + ", ".join(params) + "]", "{}"]
    return sh("gdbus", "call", "--session", "--dest", "org.orrery.Orrery",
              "--object-path", path, "--method", "org.gtk.Actions." + method, *args)


def wait_for(what, test, tries=100, delay=0.1):
    for _ in range(tries):
        value = test()
        if value:
            return value
        time.sleep(delay)
    fail("timed out waiting for " + what)


def visible_windows(name):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name],
                         capture_output=True, text=True).stdout
    return [w for w in out.split()]


def settle():
    time.sleep(0.4)


# ---- pictures ---------------------------------------------------------------

def read_xwd(window):
    """The pixels of a window, read from the X server, as RGB rows."""
    data = subprocess.run(["xwd", "-id", str(window), "-silent"], capture_output=True,
                          check=True).stdout
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bytes_per_line, masks, ncolors = fields[7], fields[12], fields[14:17], fields[19]
    size = fields[11] // 8
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    pixels = data[header_size + 12 * ncolors:]
    order = "little" if byte_order == 0 else "big"
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            start = y * bytes_per_line + size * x
            v = int.from_bytes(pixels[start:start + size], order)
            row.append(tuple(((v & m) >> s) & 0xFF for m, s in zip(masks, shifts)))
        rows.append(row)
    return width, height, rows


def write_png(path, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))
    raw = b"".join(b"\0" + bytes(c for px in row for c in px) for row in rows)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def figure_of_window(name):
    """The main window as it draws itself (its screenshot action)."""
    if FIGURES is None:
        return
    path = os.path.join(FIGURES, name)
    if os.path.exists(path):
        os.remove(path)
    for _ in range(50):
        action("screenshot", f"<'{path}'>")
        time.sleep(0.3)
        if os.path.exists(path) and os.path.getsize(path) > 0:
            return
    fail("no screenshot " + name)


def figure_of_dialog(dialog, name):
    """A dialog on its own, read from the X server."""
    if FIGURES is not None:
        write_png(os.path.join(FIGURES, name), read_xwd(dialog)[2])


# ---- the model as it stands -------------------------------------------------

def model():
    """The blocks and links of the window's model, written out by save-to."""
    # in a Models folder of the app's own home: the subtitle reads ~/Models
    path = os.path.join(work, "home", "Models", "bouncing-ball.orr")
    if os.path.exists(path):
        os.remove(path)
    action("save-to", f"<'{path}'>")
    wait_for("the saved model", lambda: os.path.exists(path))
    root = ET.parse(path).getroot()
    diagram = root.find("diagram")
    blocks = {}
    for b in diagram.findall("block"):
        ports = b.find("ports")
        counts = {k: int(ports.get(k, "0")) if ports is not None else 0
                  for k in ("in", "out", "event-in", "event-out")}
        params = {p.get("name"): p.text for p in b.findall("param")}
        blocks[b.get("id")] = dict(type=b.get("type"), x=float(b.get("x")), y=float(b.get("y")),
                                   w=float(b.get("width")), h=float(b.get("height")),
                                   rotation=int(b.get("rotation", "0")), ports=counts,
                                   params=params)
    links = [(l.get("kind"), l.get("from"), int(l.get("from-port")), l.get("to"),
              int(l.get("to-port"))) for l in diagram.findall("link")]
    context = diagram.findtext("context") or ""
    return blocks, links, context, path


# ---- where things are on the screen -------------------------------------------

# model coordinates + offset = window coordinates; the zoom stays at 100 %
offset = None


def to_window(x, y):
    return round(x + offset[0]), round(y + offset[1])


def centre(block):
    return to_window(block["x"] + block["w"] / 2, block["y"] + block["h"] / 2)


def port_point(block, kind, number):
    """The middle of a port's triangle (canvas/orr-canvas-geometry.c)."""
    if block["rotation"] != 0:
        fail("the tutorial's blocks are not rotated")
    n = block["ports"][kind]
    if not 1 <= number <= n:
        fail(f"a {block['type']} has no {kind} port {number}")
    x, y, w, h = block["x"], block["y"], block["w"], block["h"]
    half = 4  # half the port's 8 pixels, away from the frame
    if kind in ("in", "out"):
        py = y + h * (number - 0.5) / n
        px = x - half if kind == "in" else x + w + half
    else:
        px = x + w * (number - 0.5) / n
        py = y - half if kind == "event-in" else y + h + half
    return to_window(px, py)


def calibrate(before, after, block):
    """Where the canvas puts model coordinates in the window, from the one
    selected block the first insertion drew: the topmost changed row of the
    canvas is the top of its two upper selection handles, squares of 6
    pixels centred on the frame's corners."""
    global offset
    w, h, a = before
    _, _, b = after
    # the canvas: right of the palette pane, between the header and the
    # status bar (the search field and the counts change too)
    top = None
    for y in range(90, h - 40):
        xs = [x for x in range(280, w - 10) if a[y][x] != b[y][x]]
        if xs:
            top = y
            left, right = xs[0], xs[-1]
            break
    if top is None:
        fail("the palette's Enter put no block on the canvas")
    drawn_width = right - left + 1 - 6
    if abs(drawn_width - block["w"]) > 1:
        fail(f"the new block is {drawn_width} pixels wide on the canvas, not {block['w']}")
    offset = (left + 3 - block["x"], top + 3 - block["y"])


# ---- input --------------------------------------------------------------------

main_window = None


def focus_main():
    xdo("windowfocus", "--sync", main_window)


def drag(start, end, steps=8):
    """Press, move in steps (a drag needs motion), release."""
    xdo("mousemove", "--window", main_window, *start)
    xdo("mousedown", 1)
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        xdo("mousemove", "--window", main_window, x, y)
        time.sleep(0.03)
    time.sleep(0.1)
    xdo("mouseup", 1)
    settle()


def palette_insert(query):
    """Type in the palette browser's search field (at the top of the left
    pane) and press Enter."""
    xdo("mousemove", "--window", main_window, 130, 73)
    xdo("click", 1)
    time.sleep(0.2)
    xdo("key", "ctrl+a", "BackSpace")
    xdo("type", "--delay", 30, query)
    time.sleep(0.3)
    xdo("key", "Return")
    settle()


def palette_drag(query, target):
    """Search the palette browser, then drag the first block it lists (the
    best match, under the first palette's heading) onto the canvas."""
    xdo("mousemove", "--window", main_window, 130, 73)
    xdo("click", 1)
    time.sleep(0.2)
    xdo("key", "ctrl+a", "BackSpace")
    xdo("type", "--delay", 30, query)
    time.sleep(0.8)
    start = (118, 160)
    xdo("mousemove", "--window", main_window, *start)
    xdo("mousedown", 1)
    # past the drag threshold in small steps, then over to the canvas
    points = [(start[0] + 4 * i, start[1] + 2 * i) for i in range(1, 5)]
    points += [(round(start[0] + (target[0] - start[0]) * i / 8),
                round(start[1] + (target[1] - start[1]) * i / 8)) for i in range(1, 9)]
    points.append((target[0] + 1, target[1]))
    points.append(target)
    for point in points:
        xdo("mousemove", "--window", main_window, *point)
        time.sleep(0.08)
    time.sleep(0.3)
    xdo("mouseup", 1)
    settle()


def open_dialog(block):
    """Double-click a block: its parameters dialog, raised and focused (no
    window manager does it under Xvfb)."""
    xdo("mousemove", "--window", main_window, *centre(block))
    xdo("click", "--repeat", 2, "--delay", 80, 1)
    dialogs = wait_for("the block dialog", lambda: visible_windows("Parameters of"))
    dialog = dialogs[-1]
    xdo("windowraise", dialog)
    xdo("windowfocus", "--sync", dialog)
    time.sleep(0.3)
    return dialog


def set_field(tabs, text):
    """From the dialog's first field (Name), Tab to a field, replace it."""
    for _ in range(tabs):
        xdo("key", "Tab")
    xdo("key", "ctrl+a")
    xdo("type", "--delay", 30, "--", text)
    time.sleep(0.3)


def close_dialog(dialog):
    xdo("key", "Return")  # OK is the default
    wait_for("the dialog to close", lambda: dialog not in visible_windows("Parameters of"))
    focus_main()


# ---- the tutorial ---------------------------------------------------------------

def main():
    global app, main_window
    env = dict(os.environ)
    env.update(HOME=os.path.join(work, "home"), XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_CONFIG_HOME=os.path.join(work, "config"),
               ORRERY_DRAFTS_DIR=os.path.join(work, "drafts"), LC_ALL="C.UTF-8", LANGUAGE="en",
               GSK_RENDERER="cairo", GTK_A11Y="none", NO_AT_BRIDGE="1", GDK_BACKEND="x11")
    os.makedirs(os.path.join(env["HOME"], "Models"))
    # Start Orrery: an empty, untitled model
    app = subprocess.Popen([ORRERY], env=env)
    wait_for("orrery on the bus", lambda: subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.orrery.Orrery", "--object-path", WINDOW,
         "--method", "org.gtk.Actions.List"], capture_output=True).returncode == 0, 150, 0.2)
    main_window = wait_for("the window", lambda: visible_windows("Untitled Model"))[0]
    focus_main()
    time.sleep(1)

    # 1. the model context, Ctrl+Shift+K, first: the blocks' dialogs
    # check their values against it
    xdo("key", "ctrl+shift+k")
    context_dialog = wait_for("the context dialog", lambda: visible_windows("Model Context"))[0]
    xdo("windowraise", context_dialog)
    xdo("windowfocus", "--sync", context_dialog)
    time.sleep(0.3)
    for line in ("g = 9.81;   % gravity, m/s^2", "h0 = 10;    % initial height, m",
                 "e = 0.9;    % fraction of the speed kept at each impact"):
        xdo("type", "--delay", 15, line)
        xdo("key", "Return")
    time.sleep(0.5)
    figure_of_dialog(context_dialog, "first-model-context.png")
    # OK: Ctrl+Enter would be a newline's neighbour; the button is what a user clicks
    geometry = sh("xdotool", "getwindowgeometry", context_dialog)
    cw, ch = [int(v) for v in geometry.split("Geometry:")[1].split()[0].split("x")]
    xdo("mousemove", "--window", context_dialog, cw - 45, ch - 36)
    xdo("click", 1)
    wait_for("the context dialog to close",
             lambda: context_dialog not in visible_windows("Model Context"))
    focus_main()

    # 2. the blocks from the palette browser's search, the page's two ways:
    # Enter, then the new block dragged from the middle of the canvas to its
    # place; or the block dragged from the browser onto its place (model
    # coordinates of the top left corner; these blocks are 40 pixels square)
    layout = [("Constant", 40, 100, "enter"), ("Integrator", 140, 100, "enter"),
              ("Integrator", 260, 100, "enter"), ("ZeroCrossDown", 380, 20, "drop"),
              ("Gain", 260, 200, "drop"), ("Scope", 400, 100, "drop")]
    ids = []
    known = set()
    for query, x, y, way in layout:
        if way == "drop":
            palette_drag(query, to_window(x + 20, y + 20))
            blocks = wait_for(f"a block dropped from “{query}”",
                              lambda: (lambda b: b if set(b) - known else None)(model()[0]), 20,
                              0.25)
            new = [i for i in blocks if i not in known]
            if len(new) != 1 or blocks[new[0]]["type"] != query:
                fail(f"dragging “{query}” from the browser added "
                     f"{[blocks[i]['type'] for i in new]}")
            if (blocks[new[0]]["x"], blocks[new[0]]["y"]) != (x, y):
                fail(f"the {query} was dropped at ({blocks[new[0]]['x']}, "
                     f"{blocks[new[0]]['y']}), not ({x}, {y})")
            ids.append(new[0])
            known.add(new[0])
            continue
        before = read_xwd(main_window) if offset is None else None
        palette_insert(query)
        # on a loaded machine the app may take its time over the key
        blocks = wait_for(f"a block from “{query}”",
                          lambda: (lambda b: b if set(b) - known else None)(model()[0]), 20, 0.25)
        new = [i for i in blocks if i not in known]
        if len(new) != 1 or blocks[new[0]]["type"] != query:
            fail(f"searching “{query}” and Enter added {[blocks[i]['type'] for i in new]}")
        block = blocks[new[0]]
        if offset is None:
            time.sleep(0.5)  # drawn, not only added
            calibrate(before, read_xwd(main_window), block)
        drag(centre(block), to_window(x + block["w"] / 2, y + block["h"] / 2))
        wait_for(f"the {query} to move", lambda: (lambda m: (m["x"], m["y"]) != (
            block["x"], block["y"]))(model()[0][new[0]]), 20, 0.25)
        moved = model()[0][new[0]]
        if (moved["x"], moved["y"]) != (x, y):
            fail(f"the {query} was dragged to ({moved['x']}, {moved['y']}), not ({x}, {y})")
        ids.append(new[0])
        known.add(new[0])
    constant, speed, height, impact, gain, scope = ids

    # 3. the parameters, in each block's dialog
    blocks = model()[0]
    dialog = open_dialog(blocks[constant])
    set_field(1, "-g")
    close_dialog(dialog)

    dialog = open_dialog(blocks[speed])
    xdo("key", "Tab", "Tab", "space")  # Name, Initial state, Re-initialisation
    time.sleep(0.3)
    figure_of_dialog(dialog, "first-model-integrator.png")
    xdo("key", "shift+Tab")  # back to a text field, where Enter means OK
    close_dialog(dialog)

    dialog = open_dialog(blocks[height])
    set_field(1, "h0")
    close_dialog(dialog)

    dialog = open_dialog(blocks[gain])
    set_field(1, "-e")
    close_dialog(dialog)

    dialog = open_dialog(blocks[scope])
    set_field(1, "2")
    close_dialog(dialog)

    # 4. the links, dragged from port to port
    blocks = model()[0]
    wanted = [
        ("regular", constant, 1, speed, 1),
        ("regular", speed, 1, height, 1),
        ("regular", height, 1, impact, 1),
        ("regular", height, 1, scope, 1),
        ("regular", speed, 1, gain, 1),
        ("regular", speed, 1, scope, 2),
        ("regular", gain, 1, speed, 2),
        ("activation", impact, 1, speed, 1),
    ]
    for kind, a, pa, b, pb in wanted:
        out_kind, in_kind = ("out", "in") if kind == "regular" else ("event-out", "event-in")
        drag(port_point(blocks[a], out_kind, pa), port_point(blocks[b], in_kind, pb))
    # click the empty canvas: nothing selected in the picture
    xdo("mousemove", "--window", main_window, *to_window(600, 300))
    xdo("click", 1)
    settle()
    figure_of_window("first-model-links.png")

    wait_for("the eight links", lambda: len(model()[1]) >= len(wanted), 20, 0.25)
    blocks, links, context, saved = model()
    if sorted(links) != sorted(wanted):
        fail(f"the links drawn are {sorted(links)}, not {sorted(wanted)}")
    expect = {constant: ("Constant", "value", "-g"), height: ("Integrator", "x0", "h0"),
              speed: ("Integrator", "reinit", "1"), gain: ("Gain", "gain", "-e"),
              scope: ("Scope", "inputs", "2")}
    for i, (kind, name, value) in expect.items():
        if blocks[i]["type"] != kind or blocks[i]["params"].get(name) != value:
            fail(f"{kind} {i} has {blocks[i]['params']}, not {name} = {value}")

    # 5. F5, and the scope live until the end
    focus_main()
    xdo("key", "F5")

    def finished():
        state = action("run-state", method="Describe")
        if "'failed'" in state:
            fail("the run failed: " + state)
        return "'finished'" in state
    wait_for("the run to finish", finished, 300, 0.1)
    time.sleep(1)
    figure_of_window("first-model-run.png")

    # what the scope drew: the first two impacts
    data = os.path.join(work, "scope.csv")
    action("export-scope-data", f"<('{scope}', '{data}')>")
    wait_for("the scope's data", lambda: os.path.exists(data))
    check_impacts("the scope", data, 1, 2)

    # the saved file, run headless, says the same
    out = os.path.join(work, "sim.csv")
    result = subprocess.run([ORRERY_SIM, saved, "-o", out], capture_output=True, text=True,
                            env=env)
    if result.returncode != 0:
        fail("orrery-sim on the saved model: " + result.stderr)
    with open(out) as f:
        header = next(csv.reader(f))
    # the scope's two channels, named by its path
    height_col = next(i for i, name in enumerate(header) if name != "time")
    check_impacts("orrery-sim", out, height_col, height_col + 1)
    print(f"ok: the tutorial's model, built with real input, bounces at {T1:.4f} s and "
          f"{T2:.4f} s (scope and orrery-sim, within {TIME_TOL} s)")


def check_impacts(who, path, height_col, speed_col):
    """The speed jumps from negative to positive at each impact: the first
    two jumps at T1 and T2, from -g T1 to e g T1 at the first."""
    with open(path) as f:
        rows = list(csv.reader(f))
    rows = [[float(v) for v in row] for row in rows[1:]]
    jumps = [(prev, row) for prev, row in zip(rows, rows[1:])
             if prev[speed_col] < 0 <= row[speed_col]]
    if len(jumps) < 2:
        fail(f"{who}: {len(jumps)} impacts recorded, not at least 2")
    (b1, a1), (b2, a2) = jumps[0], jumps[1]
    for t, want, n in ((a1[0], T1, "first"), (a2[0], T2, "second")):
        if abs(t - want) > TIME_TOL:
            fail(f"{who}: the {n} impact at {t:.6f} s, not {want:.6f} s")
    if abs(b1[speed_col] + G * T1) > 1e-2 or abs(a1[speed_col] - E * G * T1) > 1e-2:
        fail(f"{who}: the speed jumps from {b1[speed_col]} to {a1[speed_col]}, "
             f"not from {-G * T1:.4f} to {E * G * T1:.4f}")
    if abs(a1[height_col]) > 1e-3:
        fail(f"{who}: the height at the first impact is {a1[height_col]}, not 0")
    print(f"{who}: impacts at {a1[0]:.6f} s and {a2[0]:.6f} s (analytic {T1:.6f}, {T2:.6f}); "
          f"speed {b1[speed_col]:.4f} -> {a1[speed_col]:.4f}")


if __name__ == "__main__":
    if not os.environ.get("DISPLAY") or not shutil.which("xdotool") or not shutil.which("xwd"):
        print("skip: needs a display (xvfb-run), xdotool and xwd")
        sys.exit(77)
    try:
        main()
    finally:
        if app is not None:
            app.send_signal(signal.SIGTERM)
            try:
                app.wait(5)
            except subprocess.TimeoutExpired:
                app.kill()
        shutil.rmtree(work, ignore_errors=True)
