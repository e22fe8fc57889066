#!/usr/bin/env python3
"""check-screenshots.py METAINFO SCREENSHOTS_DIR: the metainfo's
screenshots are the PNGs of data/screenshots/ (tools/screenshots.sh takes
them from the real app): one default, a caption each, and the width and
height each <image> states are the ones in its PNG's header."""
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

metainfo, folder = sys.argv[1], Path(sys.argv[2])
problems = []
shots = ET.parse(metainfo).getroot().findall("screenshots/screenshot")
if len(shots) < 2:
    problems.append(f"{len(shots)} screenshots, expected at least 2")
if sum(1 for s in shots if s.get("type") == "default") != 1:
    problems.append("not exactly one default screenshot")
named = set()
for shot in shots:
    caption = shot.find("caption")
    image = shot.find("image")
    if caption is None or not (caption.text or "").strip():
        problems.append("a screenshot without a caption")
    if image is None:
        problems.append("a screenshot without an image")
        continue
    name = image.text.strip().rsplit("/", 1)[-1]
    named.add(name)
    png = folder / name
    if not png.is_file():
        problems.append(f"{name}: not in {folder}")
        continue
    head = png.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        problems.append(f"{name}: not a PNG")
        continue
    width, height = struct.unpack(">II", head[16:24])
    stated = (int(image.get("width", 0)), int(image.get("height", 0)))
    if stated != (width, height):
        problems.append(f"{name}: the metainfo says {stated[0]}×{stated[1]}, the PNG is {width}×{height}")
    if width < 620:
        problems.append(f"{name}: {width} pixels wide, software centres want at least 620")
unused = {p.name for p in folder.glob("*.png")} - named
if unused:
    problems.append("PNGs no screenshot shows: " + ", ".join(sorted(unused)))
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
