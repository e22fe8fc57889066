#!/bin/sh
# tools/check-format.sh SOURCE_ROOT: every C source and header git tracks
# is formatted as the root .clang-format says (clang-format --dry-run
# -Werror), so that a change shows only what it changes. Run by
# `meson test --suite style`; `clang-format -i FILE` fixes a file, and
#   git ls-files -z -- '*.c' '*.h' | xargs -0 clang-format -i
# the whole tree.
#
# Outside a git checkout (a release tarball) there is no list of tracked
# files to check, and the test is skipped (exit 77).
set -eu

top=${1:?usage: check-format.sh SOURCE_ROOT}
cd "$top"

if ! command -v clang-format >/dev/null 2>&1; then
  echo "check-format: clang-format is not installed (tools/dev installs it)" >&2
  exit 1
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-format: $top is not a git checkout; nothing to check"
  exit 77
fi

files=$(git ls-files -- '*.c' '*.h' | wc -l)
# -z and xargs -0: names with spaces stay whole; xargs fails when any
# clang-format call does.
if git ls-files -z -- '*.c' '*.h' | xargs -0 clang-format --dry-run -Werror; then
  echo "check-format: $files files formatted as .clang-format says"
else
  echo "check-format: the files above differ from .clang-format; run clang-format -i on them" >&2
  exit 1
fi
