# Shared by the scripts that run the game in a window under Xvfb (Mesa's software Vulkan):
# sourced, not run. Each function says what it needs.

# Installs Xvfb, the software Vulkan driver and the given extra packages when one is missing.
#   need_xvfb [xdotool]
need_xvfb() {
  missing=
  command -v Xvfb >/dev/null 2>&1 && command -v xvfb-run >/dev/null 2>&1 || missing=yes
  ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || missing=yes
  for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || missing=yes; done
  if [ -n "$missing" ]; then
    echo "installing xvfb, mesa-vulkan-drivers $*"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq xvfb xauth mesa-vulkan-drivers "$@" >/dev/null
  fi
}

# The EXIT trap of a script that opens the game in a window: stops the game and Xvfb (either may
# not have started) and removes $work.
#   xvfb= game=; trap cleanup_window EXIT
cleanup_window() {
  if [ -n "$game" ]; then kill "$game" 2>/dev/null || true; fi
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}

# Starts the game ($BIN with these arguments) in the background, its output in $work/game.log, and
# waits for its window: its pid is in $game, the window's id in $window. Fails if no window appears
# within a minute. Needs xdotool and $work.
#   open_game [ARGUMENT...]
open_game() {
  "$BIN" "$@" >"$work/game.log" 2>&1 &
  game=$!
  window=$(timeout 60 xdotool search --sync --pid "$game" --name 'Pokopoko' | head -n 1) || {
    echo "FAIL: no game window appeared" >&2
    cat "$work/game.log" >&2
    exit 1
  }
}

# Starts Xvfb on a free display and exports DISPLAY; its pid is in $xvfb. Needs $work.
start_xvfb() {
  # Xvfb picks a free display and writes its number once it accepts connections.
  Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
  xvfb=$!
  for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
  export DISPLAY=":$(cat "$work/display")"
}

# utime + stime of a process (all its threads), in clock ticks; fields 14 and 15 after the ")".
cpu_ticks() {
  sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

# Start-up (window, shaders compiled by the software renderer, the first frames) can outlast a
# fixed wait on a busy machine; sampling its tail would count it. Waits until two seconds in a row
# use under 2 % of a core, or QUIET_WAIT (default 30) seconds.
#   wait_until_quiet PID
wait_until_quiet() {
  quiet=0 waited=0 last=$(cpu_ticks "$1")
  while [ "$quiet" -lt 2 ] && [ "$waited" -lt "${QUIET_WAIT:-30}" ]; do
    sleep 1
    now=$(cpu_ticks "$1" 2>/dev/null || echo "$last")
    if [ $((now - last)) -le $(($(getconf CLK_TCK) / 50)) ]; then quiet=$((quiet + 1)); else quiet=0; fi
    last=$now waited=$((waited + 1))
  done
}
