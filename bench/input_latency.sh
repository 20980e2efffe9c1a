#!/usr/bin/env bash
# Input to screen: from an input event (a key, a click, a move of the pointer) to the swap of
# the frame that shows the answer, paused and raining, in the real window under Xvfb with
# Mesa's llvmpipe (no GPU). The app measures it itself (SDL's event time to the swap) and
# prints the median and the longest with --stats when it quits.
#
#   bench/input_latency.sh [BUILD_DIR]   (default build/release; builds terrain-sandbox if
#                                         missing; runs its own Xvfb)
#
#   EVENTS=40   inputs sent per run (a checkbox clicked on and off, the pointer moved over
#               the map, a key that toggles the lakes), 0.4 s apart
#   SIZE=1280x720
#
# A paused app waits for events and must still answer each at once (within one frame); a
# raining app draws 60 frames a second, and an input waits at most for the frame under way.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
events="${EVENTS:-40}"
size="${SIZE:-1280x720}"

scripts/install-deps.sh
source bench/app_binary.sh
app_binary "$build"
results_dir "$build" "input-latency"
config="$(mktemp -d)"
trap 'rm -rf "$config"' EXIT

run() {  # name, flags...
  local name="$1"
  shift
  local log="$out/$name.txt"
  XDG_CONFIG_HOME="$config" TERRAIN_SANDBOX_LAYOUT=1 "$app" --seed 42 --size "$size" --stats \
    --save-folder "$config" "$@" >"$log" 2>&1 &
  local pid=$!
  local win=""
  for _ in $(seq 1 300); do
    win="$(xdotool search --onlyvisible --name 'Terrain Sandbox' 2>/dev/null | head -1 || true)"
    [ -n "$win" ] && grep -q '^layout show_lakes ' "$log" && break
    sleep 0.1
  done
  [ -n "$win" ] || { echo "no window" >&2; kill "$pid"; return 1; }
  xdotool windowfocus --sync "$win"
  sleep 2  # past the first frames (shaders compiled, the first map drawn)
  local rect x y
  rect="$(grep '^layout show_lakes ' "$log" | tail -1)"
  read -r _ _ x y _ _ <<<"$rect"
  for k in $(seq 1 "$events"); do
    case $((k % 3)) in
      0) xdotool mousemove --window "$win" $((x + 8)) $((y + 8)) click 1 ;;
      1) xdotool mousemove --window "$win" $((700 + k * 5)) 300 ;;
      2) xdotool mousemove --window "$win" 900 300 keydown l sleep 0.1 keyup l ;;
    esac
    sleep 0.4
  done
  kill -TERM "$pid"
  wait "$pid" || true
  echo "$name: $(grep '^input to screen' "$log" || echo 'no figure')"
  grep '^frame rate' "$log" || true
}

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 ${size}x24" "$0" "$@"
fi
run paused --paused
run raining
