#!/bin/sh
# Regenerates the two subset fonts: MotoyaLMaruberi-subset.ttf (the glyphs of every string in
# src/app/ and src/snaky/words.rs plus ASCII and kana) and Quicksand-Medium-subset.ttf (ASCII and a few typographic marks).
# Run after adding strings (a test, tests/app/font.rs, fails when a character is missing).
# Needs: the Debian packages fonts-motoya-l-maruberi and fonts-quicksand, and fonttools
# (`pip install fonttools`).
set -eu
cd "$(dirname "$0")"
source_font=${SOURCE_FONT:-/usr/share/fonts/truetype/motoya-l-maruberi/MTLmr3m.ttf}
latin_font=${LATIN_FONT:-/usr/share/fonts/truetype/quicksand/Quicksand-Medium.ttf}
repo=../..
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
# Every character in the app's source files, plus printable ASCII, hiragana and katakana.
python3 - "$repo/src/app" "$chars" "$repo/src/snaky/words.rs" <<'PY'
import pathlib, sys
text = set()
for path in pathlib.Path(sys.argv[1]).rglob("*.rs"):
    text.update(path.read_text(encoding="utf-8"))
# The lesson's sentences, shared with the command line.
text.update(pathlib.Path(sys.argv[3]).read_text(encoding="utf-8"))
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
pyftsubset "$latin_font" \
  --unicodes='U+0020-007E,U+00A0,U+00B7,U+00D7,U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2026,U+2212' \
  --output-file=Quicksand-Medium-subset.ttf \
  --layout-features='*' \
  --name-IDs='*' \
  --notdef-outline \
  --no-hinting
ls -l MotoyaLMaruberi-subset.ttf Quicksand-Medium-subset.ttf
