#!/bin/sh
# How much CPU the game uses while the player watches a computer Breaker at the default pace (a
# move every 0.4 s): opens the Snaky screen in a real window under Xvfb (Mesa's software Vulkan),
# presses 4 (the perfect Breaker takes over), and samples the game's utime + stime from
# /proc/PID/stat while it plays. The game draws each move and sleeps in between; before, it drew
# every frame. Prints the percent of one core. Measures only; it fails only when the game does.
#
#   .ci/watch-cpu.sh                   the debug build (built if needed)
#   BIN=path/to/pokopoko               a given binary (no build)
#   SAMPLE=2                           seconds sampled (the perfect Breaker lasts about 6 s)
set -eu
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
sample=${SAMPLE:-2}

if ! command -v Xvfb >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1 \
    || ! ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1; then
  echo "installing xvfb, mesa-vulkan-drivers and xdotool"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq xvfb xauth mesa-vulkan-drivers xdotool >/dev/null
fi
if [ -z "${BIN:-}" ]; then
  cargo build --quiet --bin pokopoko
  BIN=$target/debug/pokopoko
fi

work=$(mktemp -d)
# A throwaway data directory, so the measurement never touches a player's save.
export XDG_DATA_HOME="$work/data"
xvfb= game=
cleanup() {
  if [ -n "$game" ]; then kill "$game" 2>/dev/null || true; fi
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
ticks=$(getconf CLK_TCK)

# utime + stime of a process (all its threads), in clock ticks; fields 14 and 15 after the ")".
cpu_ticks() {
  sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"

"$BIN" --open snaky >"$work/game.log" 2>&1 &
game=$!
window=$(timeout 60 xdotool search --sync --pid "$game" --name 'Pokopoko' | head -n 1) || {
  echo "FAIL: no game window appeared" >&2
  cat "$work/game.log" >&2
  exit 1
}
# Start-up (shaders compiled by the software renderer, the first frames): wait until two seconds
# in a row use under 2 % of a core, or 30 s.
quiet=0 waited=0 last=$(cpu_ticks "$game")
while [ "$quiet" -lt 2 ] && [ "$waited" -lt 30 ]; do
  sleep 1
  now=$(cpu_ticks "$game")
  if [ $((now - last)) -le $((ticks / 50)) ]; then quiet=$((quiet + 1)); else quiet=0; fi
  last=$now waited=$((waited + 1))
done

xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key --window "$window" 4
# The key's own frames, then the first moves.
sleep 0.3
g0=$(cpu_ticks "$game")
t0=$(date +%s.%N)
sleep "$sample"
g1=$(cpu_ticks "$game")
t1=$(date +%s.%N)
awk -v g="$((g1 - g0))" -v t0="$t0" -v t1="$t1" -v hz="$ticks" \
  'BEGIN { printf "watching the perfect Breaker at 0.4 s a move: %.1f%% of a core\n", 100 * g / hz / (t1 - t0) }'
