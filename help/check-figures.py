#!/usr/bin/python3
"""Every figure a manual page names exists and is one that
tools/screenshots.sh (or tools/tutorial-first-model.py, which it runs)
takes from the real app, and every picture in help/C/figures is named by a
page (a picture no page shows is one nobody retakes).

    check-figures.py HELP_C_DIR TOOLS_DIR
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

MALLARD = "{http://projectmallard.org/1.0/}"
top = sys.argv[1]
tools = sys.argv[2]
scripts = "".join(open(os.path.join(tools, name), encoding="utf-8").read()
                  for name in ("screenshots.sh", "tutorial-first-model.py"))
named = {}
for page in sorted(os.listdir(top)):
    if not page.endswith(".page"):
        continue
    for media in ET.parse(os.path.join(top, page)).getroot().iter(MALLARD + "media"):
        if media.get("type", "image") == "image":
            named.setdefault(media.get("src"), []).append(page)

problems = []
for src, pages in sorted(named.items()):
    path = os.path.join(top, src)
    if not os.path.isfile(path):
        problems.append(f"{', '.join(pages)}: names {src}, which does not exist")
    elif not open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n":
        problems.append(f"{', '.join(pages)}: {src} is not a PNG")
    # the scripts name each figure they write, in quotes
    if not re.search(r'["/]' + re.escape(os.path.basename(src)) + '"', scripts):
        problems.append(f"{', '.join(pages)}: {src} is not one tools/screenshots.sh takes")
figures = os.path.join(top, "figures")
for name in sorted(os.listdir(figures)):
    if re.search(r"\.png$", name) and "figures/" + name not in named:
        problems.append(f"figures/{name}: no page shows it")

for p in problems:
    print("not ok: " + p)
if problems:
    sys.exit(1)
print(f"ok: {len(named)} figures, each named by a page and present")
