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

. .ci/window.sh
need_xvfb xdotool
if [ -z "${BIN:-}" ]; then
  cargo build --quiet --bin pokopoko
  BIN=$target/debug/pokopoko
fi

work=$(mktemp -d)
# A throwaway data directory, so the measurement never touches a player's save.
export XDG_DATA_HOME="$work/data"
xvfb= game=
trap cleanup_window EXIT
ticks=$(getconf CLK_TCK)

start_xvfb

open_game --open snaky
wait_until_quiet "$game"

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
