#!/usr/bin/env bash
# Starts a real sound server (PulseAudio, a null sink as its only sink, on a socket of its own) and
# runs the test that plays the game's sounds through it and records the sink with parec. Called by
# .ci/run; the server and the recorder are runtime packages, not build dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pulseaudio >/dev/null 2>&1 || ! command -v parec >/dev/null 2>&1; then
  echo "installing pulseaudio, pulseaudio-utils (a sound server and parec, for the sound test)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends pulseaudio pulseaudio-utils >/dev/null
fi

work=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# -n: none of the desktop's modules, only these two. The cookie is made in ~/.config/pulse, where
# the game (as any PulseAudio client) reads it.
pulseaudio --daemonize=no -n --exit-idle-time=-1 --use-pid-file=no --log-target=file:"$work/server.log" \
  -L "module-native-protocol-unix socket=$work/native" \
  -L "module-null-sink sink_name=pokopoko_ci rate=44100 channels=1" &
server=$!
export PULSE_SERVER="unix:$work/native"
for _ in $(seq 100); do
  if pactl info >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$work/server.log"; echo "the sound server did not start"; exit 1; fi
  sleep 0.1
done
pactl info | grep -E '^(Server (Name|Version)|Default Sink):'

cargo test --locked --test app -- --ignored sound_server::
