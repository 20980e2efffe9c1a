#!/usr/bin/env bash
# What recording a time-lapse costs the live app: the rain's ticks a second while it records at
# the defaults (640x360, a frame every 10 ticks) against the same run without recording, in the
# real window under Xvfb (paced at 60 ticks a second, as a user sees it; Mesa's llvmpipe, no
# GPU). Each run starts seed 42 raining at the defaults and times it from the start of the rain
# to "rain stopped at 300000 drops" (1,500 ticks: 25 s at 60 ticks a second); the recording run
# clicks Record first (the side bar scrolled to it with the wheel) and stops it at the end.
#
#   bench/recording.sh [BUILD_DIR]     (default build/release)
#   REPS=2 (runs of each, alternating); the panel's default format, GIF
#
# Prints each run's seconds and ticks a second, and the recording's own figures (its frames,
# the frames skipped, and what a capture cost the main thread).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
reps="${REPS:-2}"
app="$(realpath "$build/src/app/terrain-sandbox")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Clicks the Record button where the app last reported it ($1: its output, $2: the window).
click_record() {
  local rect x y w h
  rect="$(grep '^layout record ' "$1" | tail -1)"
  read -r _ _ x y w h <<<"$rect"
  xdotool mousemove --window "$2" $((x + w / 2)) $((y + h / 2))
  sleep 0.3
  xdotool mousedown 1
  sleep 0.3
  xdotool mouseup 1
}

run_once() {  # $1: record or plain
  local out="$work/out-$1.txt"
  XDG_CONFIG_HOME="$work/config" TERRAIN_SANDBOX_LAYOUT=1 "$app" --seed 42 --paused \
    --save-folder "$work" >"$out" 2>&1 &
  local pid=$!
  local win=""
  for _ in $(seq 100); do
    win="$(xdotool search --onlyvisible --name 'Terrain Sandbox' 2>/dev/null | head -1 || true)"
    [ -n "$win" ] && grep -q '^layout record ' "$out" && break
    sleep 0.2
  done
  xdotool windowfocus --sync "$win"
  if [ "$1" = record ]; then
    # The format, then scroll the side bar until Record is in view, and click it.
    xdotool mousemove --window "$win" 150 400
    local rect x y w h
    for _ in $(seq 60); do
      rect="$(grep '^layout record ' "$out" | tail -1)"
      read -r _ _ x y w h <<<"$rect"
      [ "$w" -gt 0 ] && [ "$y" -ge 0 ] && [ $((y + h)) -lt 700 ] && break
      xdotool click 5
      sleep 0.2
    done
    sleep 0.5
    click_record "$out" "$win"
    for _ in $(seq 50); do grep -q '^Recording ' "$out" && break; sleep 0.1; done
    xdotool mousemove --window "$win" 1000 300
  fi
  sleep 0.3
  local start
  start="$(date +%s.%N)"
  xdotool key space  # play
  for _ in $(seq 1200); do grep -q '^rain stopped at 300000 drops' "$out" && break; sleep 0.05; done
  local end
  end="$(date +%s.%N)"
  if [ "$1" = record ]; then
    click_record "$out" "$win"
    for _ in $(seq 600); do grep -q '^Saved ' "$out" && break; sleep 0.1; done
  fi
  kill "$pid"; wait "$pid" || true
  awk -v s="$start" -v e="$end" -v kind="$1" \
    'BEGIN { printf "%-7s %6.2f s for 1500 ticks: %5.1f ticks a second\n", kind, e - s, 1500 / (e - s) }'
  grep '^Saved \|^recording' "$out" || true
}

for _ in $(seq "$reps"); do
  run_once plain
  run_once record
done
