#!/bin/sh
# Regenerates MotoyaLMaruberi-subset.ttf: the glyphs of every string in src/app/ plus ASCII and kana.
# Run after adding strings (a test, tests/app_font.rs, fails when a character is missing).
# Needs: the Debian package fonts-motoya-l-maruberi and fonttools (`pip install fonttools`).
set -eu
cd "$(dirname "$0")"
source_font=${SOURCE_FONT:-/usr/share/fonts/truetype/motoya-l-maruberi/MTLmr3m.ttf}
repo=../..
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
# Every character in the app's source files, plus printable ASCII, hiragana and katakana.
python3 - "$repo/src/app" "$chars" <<'PY'
import pathlib, sys
text = set()
for path in pathlib.Path(sys.argv[1]).rglob("*.rs"):
    text.update(path.read_text(encoding="utf-8"))
text.update(chr(c) for c in range(0x20, 0x7F))
text.update(chr(c) for c in range(0x3041, 0x3097))
text.update(chr(c) for c in range(0x30A1, 0x30FB))
text.update("ー・、。「」（）！？：〜…→←↑↓×∈●○★☆")
text = sorted(c for c in text if (c.isprintable() or c == "\u3000") and c != "\x7f")
pathlib.Path(sys.argv[2]).write_text("".join(text), encoding="utf-8")
PY
pyftsubset "$source_font" \
  --text-file="$chars" \
  --output-file=MotoyaLMaruberi-subset.ttf \
  --layout-features='*' \
  --name-IDs='*' \
  --notdef-outline \
  --no-hinting
ls -l MotoyaLMaruberi-subset.ttf
