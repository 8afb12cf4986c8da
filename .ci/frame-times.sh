#!/bin/sh
# Frame times of the menu, a Snaky position and stage 14 under Xvfb with the software renderer
# (issue 12's "cheaper frames"): each screen is opened with `POKOPOKO_TIMINGS=1`, which draws
# frames one after another and reports the median over 300 of them and the CPU time per frame of
# all the game's threads. The three screens alternate for ROUNDS rounds, so a busy moment of the
# machine falls on all of them; prints each round and then, per screen, the median over rounds
# and its ratio to the menu's. Measures only; it fails only when the game does.
#
#   .ci/frame-times.sh                  the release build (built if needed)
#   BIN=path/to/pokopoko                a given binary (no build)
#   ROUNDS=3                            rounds
set -eu
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
rounds=${ROUNDS:-3}

. .ci/window.sh
need_xvfb
if [ -z "${BIN:-}" ]; then
  cargo build --quiet --release --bin pokopoko
  BIN=$target/release/pokopoko
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A throwaway data directory, so the runs never touch a player's save.
export XDG_DATA_HOME="$work/data"
export POKOPOKO_TIMINGS=1

# name, then the window's arguments
run() {
  name=$1
  shift
  xvfb-run -a -s "-screen 0 1920x1080x24" "$BIN" "$@" >"$work/log" 2>&1 || {
    echo "FAIL: $name did not run" >&2
    cat "$work/log" >&2
    exit 1
  }
  median=$(sed -n 's/.*frame time over .* median \([0-9.]*\) ms.*/\1/p' "$work/log" | tail -n 1)
  cpu=$(sed -n 's/.*CPU time per frame (all threads) \([0-9.]*\) ms.*/\1/p' "$work/log" | tail -n 1)
  echo "$name $median $cpu" >>"$work/results"
  echo "round $round: $name median ${median} ms, CPU ${cpu} ms per frame"
}

round=1
while [ "$round" -le "$rounds" ]; do
  run menu --open menu
  run snaky --open snaky --moves "7,8 8,6"
  run stage14 --open stage:14
  round=$((round + 1))
done

python3 - "$work/results" <<'PY'
import statistics
import sys

rows = [line.split() for line in open(sys.argv[1])]
by = {}
for name, median, cpu in rows:
    by.setdefault(name, []).append((float(median), float(cpu)))
menu = statistics.median(m for m, _ in by["menu"])
menu_cpu = statistics.median(c for _, c in by["menu"])
print(f"{'screen':8} {'median ms':>10} {'ratio':>6} {'CPU ms':>8} {'ratio':>6}")
for name in ("menu", "snaky", "stage14"):
    m = statistics.median(v for v, _ in by[name])
    c = statistics.median(v for _, v in by[name])
    print(f"{name:8} {m:10.2f} {m / menu:6.2f} {c:8.2f} {c / menu_cpu:6.2f}")
PY
