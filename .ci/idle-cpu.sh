#!/bin/sh
# How much CPU the game burns while nobody touches it: opens the window under Xvfb (Mesa's software
# Vulkan, lavapipe) on each screen, waits for it to settle, then samples the game's utime + stime
# from /proc/PID/stat and prints the percent of one core it used (and Xvfb's, which draws nothing
# on its own but shows how many frames are presented).
#
#   .ci/idle-cpu.sh                 the debug build (built if needed)
#   PROFILE=release .ci/idle-cpu.sh the release build
#   BIN=path/to/pokopoko            a given binary (no build)
#   SETTLE=8 SAMPLE=10              seconds to wait before sampling, seconds sampled
#   QUIET_WAIT=30                   after SETTLE, up to this many more seconds for start-up to end
#   SCREENS="menu stage:14 snaky"   the screens (snaky opens after the paper's line B 7,8 8,6)
#   LIMIT=3                         exit non-zero when a screen uses more than LIMIT % (unset: report only)
set -eu
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
profile=${PROFILE:-debug}
settle=${SETTLE:-8}
sample=${SAMPLE:-10}
screens=${SCREENS:-"menu stage:14 snaky"}

. .ci/window.sh
need_xvfb

if [ -z "${BIN:-}" ]; then
  if [ "$profile" = release ]; then
    cargo build --quiet --release --bin pokopoko
  else
    cargo build --quiet --bin pokopoko
  fi
  BIN=$target/$profile/pokopoko
fi

work=$(mktemp -d)
# A throwaway data directory, so the measurement never touches a player's save.
export XDG_DATA_HOME="$work/data"
trap 'rm -rf "$work"' EXIT
ticks=$(getconf CLK_TCK)

status=0
printf '%-10s %8s %8s\n' screen game Xvfb
for screen in $screens; do
  set -- --open "$screen"
  if [ "$screen" = snaky ]; then set -- "$@" --moves "7,8 8,6"; fi
  rm -f "$work/pid"
  xvfb-run -a -s "-screen 0 1920x1080x24" sh -c 'echo $$ > "$0"; exec "$@"' "$work/pid" "$BIN" "$@" \
    >"$work/log" 2>&1 &
  runner=$!
  sleep "$settle"
  game=$(cat "$work/pid" 2>/dev/null || true)
  if [ -z "$game" ] || [ ! -e "/proc/$game/stat" ]; then
    echo "FAIL: $screen: the game did not start or exited" >&2
    cat "$work/log" >&2
    status=1
    continue
  fi
  # Not the tail of start-up (a screen that never sleeps shows once QUIET_WAIT runs out).
  wait_until_quiet "$game"
  xvfb=$(pgrep -P "$runner" Xvfb || true)
  g0=$(cpu_ticks "$game")
  x0=$( [ -n "$xvfb" ] && cpu_ticks "$xvfb" || echo 0)
  t0=$(date +%s.%N)
  sleep "$sample"
  g1=$(cpu_ticks "$game")
  x1=$( [ -n "$xvfb" ] && cpu_ticks "$xvfb" || echo 0)
  t1=$(date +%s.%N)
  kill "$game" 2>/dev/null || true
  wait "$runner" 2>/dev/null || true
  line=$(awk -v g="$((g1 - g0))" -v x="$((x1 - x0))" -v t0="$t0" -v t1="$t1" -v hz="$ticks" \
    'BEGIN { s = t1 - t0; printf "%.1f %.1f", 100 * g / hz / s, 100 * x / hz / s }')
  game_pct=${line% *}
  printf '%-10s %7s%% %7s%%\n' "$screen" "$game_pct" "${line#* }"
  if [ -n "${LIMIT:-}" ] && awk -v p="$game_pct" -v l="$LIMIT" 'BEGIN { exit !(p > l) }'; then
    echo "FAIL: $screen uses $game_pct % of a core while idle (limit $LIMIT %)" >&2
    status=1
  fi
done
exit $status
