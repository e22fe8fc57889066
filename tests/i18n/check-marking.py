#!/usr/bin/env python3
"""check-marking.py SRCDIR: the xgettext check of the translations.

1. xgettext runs over po/POTFILES.in without an error or warning, and
   every file under app/, canvas/ and palettes/ in which xgettext finds a
   marked string is listed in POTFILES.in (else its strings would never
   reach translators).
2. A heuristic scan of app/ and canvas/ for string literals given to the
   calls that put words on screen (labels, buttons, titles, menus,
   tooltips, GError messages) without _(), N_() or C_(), and for .ui
   properties that show text without translatable="yes". Each is reported
   as file:line and fails the check, except the ones listed in
   tests/i18n/pending-unmarked.txt (files another change marks); an entry
   there that no longer matches fails too, so the list only shrinks.
engine/ is not scanned: its messages stay English by design, and so do the
error messages of palettes/ configure functions (they come from the
engine's API and are read in logs and by orrery-sim)."""
import os
import re
import subprocess
import sys
import tempfile

SRC = os.path.abspath(sys.argv[1])
XGETTEXT = os.environ.get('XGETTEXT', 'xgettext')
# the keywords of meson's i18n 'glib' preset
KEYWORDS = ['--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
            '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3']
failures = []


def rel(path):
    return os.path.relpath(path, SRC)


def potfiles():
    with open(os.path.join(SRC, 'po', 'POTFILES.in'), encoding='utf-8') as f:
        return [l.strip() for l in f if l.strip() and not l.startswith('#')]


def sources(dirs, exts):
    for d in dirs:
        for root, _dirs, files in os.walk(os.path.join(SRC, d)):
            for name in sorted(files):
                if name.endswith(exts):
                    yield rel(os.path.join(root, name))


def xgettext(files, out):
    cmd = [XGETTEXT, '--from-code=UTF-8', '--add-comments',
           '--package-name=orrery', '-o', out, '--directory', SRC] + KEYWORDS + files
    # po/its has the rules for data/examples/index.xml
    env = dict(os.environ, GETTEXTDATADIRS=os.path.join(SRC, 'po'))
    return subprocess.run(cmd, capture_output=True, text=True, env=env)


# ---- 1. POTFILES.in against what xgettext finds ---------------------------------
listed = potfiles()
for path in listed:
    if not os.path.exists(os.path.join(SRC, path)):
        failures.append(f'po/POTFILES.in: {path} does not exist')
with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, 'all.pot')
    run = xgettext([p for p in listed if os.path.exists(os.path.join(SRC, p))], pot)
    if run.returncode != 0 or 'warning' in run.stderr:
        failures.append('xgettext over POTFILES.in:\n' + run.stderr.strip())
    candidates = list(sources(['app', 'canvas', 'palettes'], ('.c', '.ui')))
    pot = os.path.join(tmp, 'candidates.pot')
    run = xgettext(candidates, pot)
    if run.returncode != 0:
        failures.append('xgettext over app/, canvas/, palettes/:\n' + run.stderr.strip())
    marked = set()
    if os.path.exists(pot):
        with open(pot, encoding='utf-8') as f:
            for line in f:
                if line.startswith('#: '):
                    marked.update(ref.rsplit(':', 1)[0] for ref in line[3:].split())
    for path in sorted(marked - set(listed)):
        failures.append(f'{path}: has marked strings but is not in po/POTFILES.in')

# ---- 2. unmarked user-visible strings --------------------------------------------
# call -> index of the argument that is shown to users
CALLS = {
    'gtk_label_new': 0, 'gtk_label_new_with_mnemonic': 0, 'gtk_label_set_text': 1,
    'gtk_label_set_markup': 1, 'gtk_label_set_text_with_mnemonic': 1,
    'gtk_button_new_with_label': 0, 'gtk_button_new_with_mnemonic': 0,
    'gtk_button_set_label': 1, 'gtk_check_button_new_with_label': 0,
    'gtk_check_button_new_with_mnemonic': 0, 'gtk_toggle_button_new_with_label': 0,
    'gtk_frame_new': 0, 'gtk_window_set_title': 1, 'g_menu_append': 1, 'g_menu_insert': 2,
    'g_menu_item_new': 0, 'g_menu_append_submenu': 1, 'g_menu_append_section': 1,
    'gtk_widget_set_tooltip_text': 1, 'gtk_widget_set_tooltip_markup': 1,
    'gtk_entry_set_placeholder_text': 1, 'gtk_text_set_placeholder_text': 1,
    'g_set_error': 3, 'g_set_error_literal': 3, 'g_prefix_error': 1,
    'gtk_alert_dialog_new': 0, 'gtk_message_dialog_new': 4,
    'gtk_file_chooser_native_new': 0, 'gtk_file_filter_set_name': 1,
    'g_application_set_option_context_summary': 1,
}
CALL_RE = re.compile(r'\b(' + '|'.join(CALLS) + r')\s*\(')
LITERAL_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')


def strip_comments(text):
    # comments become spaces so that offsets (and line numbers) stay
    return re.sub(r'/\*.*?\*/|//[^\n]*',
                  lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)


def arguments(text, start):
    """The top-level arguments of the call whose '(' is at start."""
    args, depth, i, begin = [], 0, start, start + 1
    while i < len(text):
        c = text[i]
        if c == '"':
            i = LITERAL_RE.match(text, i).end()
            continue
        if c == "'":
            i = text.index("'", i + 2 if text[i + 1] == '\\' else i + 1) + 1
            continue
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                args.append((begin, text[begin:i]))
                return args
        elif c == ',' and depth == 1:
            args.append((begin, text[begin:i]))
            begin = i + 1
        i += 1
    return args


found = []
for path in sources(['app', 'canvas'], ('.c',)):
    with open(os.path.join(SRC, path), encoding='utf-8') as f:
        text = strip_comments(f.read())
    for m in CALL_RE.finditer(text):
        args = arguments(text, m.end() - 1)
        index = CALLS[m.group(1)]
        if index >= len(args):
            continue
        offset, arg = args[index]
        # a literal as the argument, or as a branch of ?: in it, unmarked
        for lit in LITERAL_RE.finditer(arg):
            before = arg[:lit.start()].rstrip()
            if re.search(r'\b(N?_|C_|NC_|g_dgettext)\s*\(\s*$', before) or \
               re.search(r'\b(N?_|C_|NC_)\s*\(\s*("(?:[^"\\]|\\.)*"\s*)*$', before):
                continue
            if not re.search(r'[A-Za-z]{2}', lit.group(1)):
                continue  # punctuation, format glue, symbols
            line = text.count('\n', 0, offset + lit.start()) + 1
            found.append((path, line, lit.group(1)))

UI_TEXT = re.compile(r'<(property|attribute)\s+name="(label|title|tooltip-text|tooltip-markup|'
                     r'placeholder-text|text|subtitle|description|accelerator-title)"([^>]*)>'
                     r'([^<]*)</\1>')
for path in sources(['app', 'canvas'], ('.ui',)):
    with open(os.path.join(SRC, path), encoding='utf-8') as f:
        text = f.read()
    for m in UI_TEXT.finditer(text):
        if 'translatable="yes"' in m.group(3) or not re.search(r'[A-Za-z]{2}', m.group(4)):
            continue
        found.append((path, text.count('\n', 0, m.start()) + 1, m.group(4)))

pending = set()
pending_path = os.path.join(SRC, 'tests', 'i18n', 'pending-unmarked.txt')
if os.path.exists(pending_path):
    with open(pending_path, encoding='utf-8') as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                path, _, literal = line.rstrip('\n').partition('\t')
                pending.add((path, literal))
matched = set()
for path, line, literal in found:
    if (path, literal) in pending:
        matched.add((path, literal))
        print(f'pending: {path}:{line}: "{literal}"')
    else:
        failures.append(f'{path}:{line}: unmarked user-visible string "{literal}"')
for path, literal in sorted(pending - matched):
    failures.append(f'tests/i18n/pending-unmarked.txt: "{literal}" is no longer unmarked in '
                    f'{path}: remove the entry')

for failure in failures:
    print('FAIL ' + failure)
print(f'{len(listed)} files in POTFILES.in, {len(found)} unmarked strings '
      f'({len(matched)} pending), {len(failures)} failures')
sys.exit(1 if failures else 0)
