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

if ! command -v xvfb-run >/dev/null 2>&1 || ! ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1; then
  echo "installing xvfb and mesa-vulkan-drivers"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq xvfb xauth mesa-vulkan-drivers >/dev/null
fi

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

# utime + stime of a process (all its threads), in clock ticks; fields 14 and 15 after the ")".
cpu_ticks() {
  sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

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
  # Start-up (window, shaders compiled by the software renderer, the first frames) can outlast
  # SETTLE on a busy machine; sampling its tail would count it as idle. Wait until two seconds in
  # a row use under 2 % of a core (or QUIET_WAIT runs out: a screen that never sleeps shows then).
  quiet=0 waited=0 last=$(cpu_ticks "$game")
  while [ "$quiet" -lt 2 ] && [ "$waited" -lt "${QUIET_WAIT:-30}" ]; do
    sleep 1
    now=$(cpu_ticks "$game" 2>/dev/null || echo "$last")
    if [ $((now - last)) -le $((ticks / 50)) ]; then quiet=$((quiet + 1)); else quiet=0; fi
    last=$now waited=$((waited + 1))
  done
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
