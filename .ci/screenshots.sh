#!/bin/sh
# Opens the game on its screens under Xvfb (Mesa's software Vulkan), writes PNGs and checks that
# each exists and is not blank. Called by .ci/run; exits non-zero when a picture is missing or blank.
#
#   CARGO_TARGET_DIR  where the debug build lives (default: target)
#   SCREENSHOT_DIR    where the PNGs go (default: $CARGO_TARGET_DIR/screenshots)
set -eu
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
out=${SCREENSHOT_DIR:-$target/screenshots}
# SCREEN or SCREEN@WxH: the latter opens at 1280x800, then resizes the window once it has settled.
# (Free play's `free:1,3,4@30` ends in @BUTTONS, not @WxH: it is part of the screen.)
screens=${SCREENS:-"menu ladder intro:8 stage:8 refused:8 stage:14 stage:300 result:300 result:12 strategy:11 about about:checks snaky snaky-ours snaky-ours19 snaky-heat snaky-blind snaky-review snaky-review:6 snaky-review:best:6 cards:727 snaky-learn:1 snaky-learn:2 snaky-learn:3 snaky-learn:4 snaky-learn:5 snaky-learn:1@1024x768 snaky-learn:2@1024x768 snaky-learn:3@1024x768 snaky-learn:4@1024x768 snaky-learn:5@1024x768 snaky-learn:m6 snaky-learn:m6@1024x768 snaky@1024x768 free free:1,3,4@30 free:2-5@44 free-strategy:2,4,7@30 free-result:1,3,4@30 free:1@1 stage:14@1024x768 snaky@1600x900 snaky-heat@1024x768 snaky-review@1024x768 snaky-review:6@1024x768 free@1024x768 ladder@640x480 strategy:8@1024x768"}

. .ci/window.sh
need_xvfb

cargo build --quiet --bin pokopoko
mkdir -p "$out"
# A throwaway data directory, so screenshots never touch a player's save.
export XDG_DATA_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_DATA_HOME"' EXIT

# The blank check: standard-library Python (zlib + PNG filters) for 8-bit RGB/RGBA images.
check_png=$(cat <<'PY'
"""Fails unless each PNG exists, decodes, and is not blank (many distinct colours, text-like detail).

Standard library only: zlib + the PNG filters, for 8-bit RGB/RGBA images.
"""
import struct
import sys
import zlib


def pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour = header[:4]
    if depth != 8 or colour not in (2, 6):
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


EXPECTED = {}


def main():
    failed = False
    paths = []
    for arg in sys.argv[1:]:
        path, _, size = arg.partition("=")
        if size:
            EXPECTED[path] = tuple(int(side) for side in size.split("x"))
        paths.append(path)
    for path in paths:
        try:
            width, height, channels, rows = pixels(path)
        except (OSError, ValueError, zlib.error, TypeError) as err:
            print(f"FAIL: {path}: {err}", file=sys.stderr)
            failed = True
            continue
        colours = set()
        for row in rows[::2]:
            for x in range(0, len(row), channels * 2):
                colours.add(row[x:x + 3])
        expected = EXPECTED.get(path)
        if expected and (width, height) != expected:
            print(f"FAIL: {path}: {width}x{height}, expected {expected[0]}x{expected[1]}", file=sys.stderr)
            failed = True
        elif width < 640 or height < 400 or len(colours) < 64:
            print(f"FAIL: {path}: {width}x{height}, {len(colours)} colours: blank or too small", file=sys.stderr)
            failed = True
        else:
            print(f"ok: {path}: {width}x{height}, {len(colours)} distinct colours")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
PY
)

# The same screens in English (a save that says so, read only): en/SCREEN.
screens_en=${SCREENS_EN:-"en/snaky-learn:1 en/snaky-learn:2 en/snaky-learn:3 en/snaky-learn:4 en/snaky-learn:5 en/snaky-learn:1@1024x768 en/snaky-learn:2@1024x768 en/snaky-learn:3@1024x768 en/snaky-learn:4@1024x768 en/snaky-learn:5@1024x768 en/snaky-learn:m6 en/snaky-learn:m6@1024x768 en/snaky@1024x768 en/stage:8 en/refused:8 en/strategy:8 en/result:300 en/snaky en/snaky-heat en/snaky-heat@1024x768 en/snaky-review en/snaky-review:6 en/snaky-review:6@1024x768 en/ladder@640x480"}

status=0
for entry in $screens $screens_en; do
  lang=ja
  case "$entry" in en/*) lang=en; entry=${entry#en/} ;; esac
  mkdir -p "$XDG_DATA_HOME/pokopoko"
  if [ "$lang" = en ]; then
    printf '(version: 1, settings: (language: English))\n' > "$XDG_DATA_HOME/pokopoko/save.ron"
  else
    rm -f "$XDG_DATA_HOME/pokopoko/save.ron"
  fi
  screen=$entry
  size=
  case "${entry##*@}" in
    [0-9]*x[0-9]*) screen=${entry%@*}; size=${entry##*@} ;;
  esac
  png="$out/$([ "$lang" = en ] && echo en-)$(echo "$entry" | tr ':@,' '---').png"
  rm -f "$png"
  echo "screenshot: $entry -> $png"
  # snaky-ours: our Maker (20); snaky-ours19: ours in 19; snaky-heat: the reply heat map and the hint; snaky-blind: blind mode.
  open=$screen
  case "$screen" in snaky-review*|snaky-learn*) ;; snaky-*) open=snaky ;; esac
  set -- --open "$open" --screenshot "$png"
  if [ -n "$size" ]; then set -- "$@" --resize "$size"; fi
  case "$screen" in
    snaky-ours) set -- "$@" --maker 20 ;;
    snaky-ours19) set -- "$@" --maker 19 ;;
    snaky-heat) set -- "$@" --overlay heat --overlay hint --overlay pivot ;;
    snaky-blind) set -- "$@" --blind ;;
  esac
  # Snaky after the paper's worked line, B (7,8) and B (8,6), with the overlays on.
  if [ "$open" = snaky ]; then set -- "$@" --moves "7,8 8,6"; fi
  # The lesson of a lost game with two mistakes (moves 4 and 9 lose 3 and 5 Maker moves); with
  # :N its line played N moves on (6: Maker's double threat after move 9), :best:N the best reply's.
  if [ "${open%%:*}" = snaky-review ]; then
    set -- "$@" --moves "6,7 7,9 9,7 10,9 11,7 8,9 8,7 11,9 6,12 6,10 11,10 11,12"
  fi
  if ! timeout 180 xvfb-run -a -s "-screen 0 1920x1080x24" \
      "$target/debug/pokopoko" "$@"; then
    echo "FAIL: $screen: the game exited with an error" >&2
    status=1
    continue
  fi
  if ! python3 -c "$check_png" "$png${size:+=$size}"; then
    status=1
  fi
done
exit $status
