#!/bin/sh
# Taps on the menu in a real window under Xvfb: `xdotool mousemove --sync X Y click 1` delivers the
# pointer move, the press and the release together, as a touchpad tap does. Ten taps alternate
# between the language buttons (English, 日本語, …); each registered tap switches the language,
# which the game writes to its save file. Prints "N of 10 taps registered"; fails below 10.
#
#   .ci/taps.sh            the debug build (built if needed)
#   BIN=path/to/pokopoko   a given binary (no build)
#   TAPS=10                how many taps
set -eu
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
taps=${TAPS:-10}

. .ci/window.sh
need_xvfb xdotool

if [ -z "${BIN:-}" ]; then
  cargo build --quiet --bin pokopoko
  BIN=$target/debug/pokopoko
fi

work=$(mktemp -d)
# A throwaway data directory: the game starts in Japanese (its save says so: a first launch would
# take the locale's language) and saves each language change here.
export XDG_DATA_HOME="$work/data"
save="$XDG_DATA_HOME/pokopoko/save.ron"
mkdir -p "$XDG_DATA_HOME/pokopoko"
printf '(version: 1, settings: (language: Japanese))\n' > "$save"
xvfb= game=
trap cleanup_window EXIT

start_xvfb

open_game
# The software renderer takes a few seconds for the first frames of the menu.
sleep 6
eval "$(xdotool getwindowgeometry --shell "$window")"

# The language buttons' centres in the 1280x800 window (from the menu's screenshots): the row is
# centred, so it shifts with the width of its label (ことば / Language).
english_x=760 japanese_x=618 row_y=505

language() {
  sed -n 's/.*language: *\([A-Za-z]*\).*/\1/p' "$save" 2>/dev/null | head -n 1
}

registered=0
tap=1
while [ "$tap" -le "$taps" ]; do
  if [ $((tap % 2)) -eq 1 ]; then x=$english_x want=English; else x=$japanese_x want=Japanese; fi
  xdotool mousemove --sync $((X + x)) $((Y + row_y)) click 1
  # Registered when the save says the tapped language within 3 s (the menu rebuilds meanwhile).
  got=
  for _ in $(seq 30); do
    got=$(language)
    [ "$got" = "$want" ] && break
    sleep 0.1
  done
  if [ "$got" = "$want" ]; then
    registered=$((registered + 1))
    echo "tap $tap on $want: registered"
  else
    # The same click with a pause between move and press, so the next tap starts from $want.
    xdotool mousemove --sync $((X + x)) $((Y + row_y))
    sleep 0.5
    xdotool click 1
    sleep 1.5
    paused=lost
    if [ "$(language)" = "$want" ]; then paused=registered; fi
    echo "tap $tap on $want: lost (the save says ${got:-nothing}); the click with a pause: $paused"
  fi
  sleep 1
  tap=$((tap + 1))
done

if ! kill -0 "$game" 2>/dev/null; then
  echo "FAIL: the game exited during the taps" >&2
  cat "$work/game.log" >&2
  exit 1
fi
echo "$registered of $taps taps registered"
[ "$registered" -eq "$taps" ]
