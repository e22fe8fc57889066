#!/bin/sh
# check-catalogue.sh PO POT: a translation is complete and well formed.
#
# msgfmt --check on the catalogue as written (syntax, header, plural forms,
# the same printf directives in msgid and msgstr), then the same on the
# catalogue merged with POT, the template xgettext built from the sources
# just now: a string added to the sources or changed since the translation
# shows there as untranslated or fuzzy. Both must be all translated,
# nothing fuzzy, nothing untranslated.
set -eu
po=$1
pot=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -q '^"Plural-Forms: nplurals=2; plural=(n > 1);\\n"$' "$po" || {
  echo "FAIL $po: no French Plural-Forms header (nplurals=2; plural=(n > 1))"
  exit 1
}

check() { # NAME FILE
  msgfmt --check --statistics -o "$tmp/out.mo" "$2" 2>"$tmp/stats" || {
    cat "$tmp/stats"
    echo "FAIL $1: msgfmt --check failed"
    exit 1
  }
  stats=$(cat "$tmp/stats")
  echo "$1: $stats"
  case $stats in
    *fuzz* | *untranslated*)
      echo "FAIL $1: fuzzy or untranslated messages"
      exit 1
      ;;
    *" translated message"*) ;;
    *)
      echo "FAIL $1: no translated messages"
      exit 1
      ;;
  esac
}

check "$po" "$po"
msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$po" "$pot"
check "$po merged with the sources' template" "$tmp/merged.po"
# every message of the template is in the catalogue (obsolete ones do not count)
want=$(msgattrib --no-obsolete "$pot" | grep -c '^msgid ')
have=$(msgattrib --no-obsolete --translated "$tmp/merged.po" | grep -c '^msgid ')
[ "$want" -eq "$have" ] || {
  echo "FAIL $po: $have of the template's $want messages translated"
  exit 1
}
