#!/bin/sh
# Compares docs/blocks.md with what gen-blocks-doc writes now.
generator=$1
committed=$2
if "$generator" | cmp -s - "$committed"; then
  echo "docs/blocks.md is up to date"
  exit 0
fi
echo "docs/blocks.md is out of date; run: meson compile -C build update-blocks-doc" >&2
"$generator" | diff -u "$committed" - | head -40 >&2
exit 1
