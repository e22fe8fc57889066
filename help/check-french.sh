#!/bin/sh
# The French manual: help/fr/fr.po translates every message of the
# tutorials and concept pages as they are now (none missing, none fuzzy),
# and the translated pages are valid Mallard that read in French.
#   check-french.sh HELP_DIR
set -eu
help=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$help/C"
pages="index.page $(ls tutorial-*.page concept-*.page) coming-from-xcos-simulink.page"
itstool -o "$tmp/now.pot" $pages
msgmerge --quiet --no-fuzzy-matching -o "$tmp/fr.po" "$help/fr/fr.po" "$tmp/now.pot"
stats=$(LC_ALL=C msgfmt --statistics -o "$tmp/fr.mo" "$tmp/fr.po" 2>&1)
echo "fr: $stats"
case "$stats" in
  *untranslated* | *fuzzy*) echo "help/fr/fr.po is not complete for the tutorials and concepts" >&2; exit 1 ;;
esac
mkdir "$tmp/fr"
itstool -m "$tmp/fr.mo" -o "$tmp/fr" $pages
cd "$tmp/fr"
yelp-check validate $pages
grep -q "Votre premier modèle" tutorial-first-model.page
grep -q "Signaux et activations" concept-signals-activations.page
echo "the French tutorials and concepts are complete and valid"
