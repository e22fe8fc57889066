#!/bin/sh
# check-mime.sh MIME-XML: builds a private MIME database from Orrery's MIME
# package and checks that file names and file contents map to our types:
# a file manager asks the same database.
set -eu
xml=$1
db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
mkdir -p "$db/packages"
cp "$xml" "$db/packages/org.orrery.Orrery.xml"
update-mime-database "$db"

grep -qx '50:application/x-orrery-model:\*\.orr' "$db/globs2" ||
  { echo "*.orr is not an Orrery model in globs2:"; cat "$db/globs2"; exit 1; }
grep -qx '50:application/x-orrery-block:\*\.orrb' "$db/globs2" ||
  { echo "*.orrb is not an Orrery block in globs2:"; cat "$db/globs2"; exit 1; }
# a renamed model is still known by its root element
grep -q 'application/x-orrery-model' "$db/XMLnamespaces" ||
  { echo "no root-XML rule for models:"; cat "$db/XMLnamespaces"; exit 1; }
grep -q 'application-x-orrery-model' "$db/generic-icons" ||
  { echo "no icon for models"; exit 1; }
grep -qx '50:application/x-scilab-zcos:\*\.zcos' "$db/globs2" ||
  { echo "*.zcos is not an Xcos diagram in globs2:"; cat "$db/globs2"; exit 1; }
grep -qx '50:application/x-scilab-xcos:\*\.xcos' "$db/globs2" ||
  { echo "*.xcos is not an Xcos diagram in globs2:"; cat "$db/globs2"; exit 1; }
echo "MIME database: .orr, .orrb, .zcos, .xcos and root elements map to their types"
