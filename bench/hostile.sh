#!/usr/bin/env bash
# The figures of docs/figures.md's "Hostile input and long work": how much memory and time each
# program takes to refuse a hostile input (GNU time's peak resident set and wall time), and how
# long after SIGINT or SIGTERM each ends when it is in the middle of long work (a rain of a
# billion drops: about 40 minutes otherwise).
#
#   bench/hostile.sh [BUILD_DIR]     (default build/release; needs /usr/bin/time and Xvfb)
#
# The inputs are made here (bytes written with printf, or by the programs themselves) in a
# scratch folder that goes at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
build="$(cd "${1:-build/release}" && pwd)"
cli="$build/src/cli/terrain-cli"
app="$build/src/app/terrain-sandbox"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
export XDG_CONFIG_HOME="$scratch/config" XDG_STATE_HOME="$scratch/state"

# A float32 .npy of 180 x 320 cells, every height `bytes` (four bytes, little-endian, as printf
# escapes).
npy_of() {
  local bytes="$1" header="{'descr': '<f4', 'fortran_order': False, 'shape': (180, 320), }"
  while [ $(((10 + ${#header} + 1) % 64)) -ne 0 ]; do header+=" "; done
  {
    printf '\x93NUMPY\x01\x00'
    printf "\\x$(printf %02x $(((${#header} + 1) % 256)))\\x$(printf %02x $(((${#header} + 1) / 256)))"
    printf '%s\n' "$header"
    for _ in $(seq 57600); do printf "$bytes"; done
  } >"$2"
}

# One refusal: the command under GNU time; its exit status, peak memory and time, and its line.
refusal() {
  local name="$1"
  shift
  local status=0
  /usr/bin/time -f "%M %e" -o time.txt "$@" >/dev/null 2>err.txt || status=$?
  read -r kb seconds < <(tail -1 time.txt)
  printf '| %s | %s | %d MB | %s s | %s |\n' "$name" "$status" $((kb / 1024)) "$seconds" \
    "$(grep -v '^Command exited' err.txt | head -1 | cut -c1-110)"
}

echo "== refusing hostile input (exit status, peak resident memory, wall time, the line said)"
echo "| input | exit | peak | time | says |"
echo "|---|---|---|---|---|"
npy_of '\x9e\xc9\x7f\xff' huge.npy  # -3.4e38 everywhere
refusal "terrain-cli --ground: heights of -3.4e38" "$cli" --ground huge.npy --out o1
refusal "terrain-sandbox FILE: heights of -3.4e38" xvfb-run -a "$app" huge.npy --frames 1
printf '{"a":%s%s,"b":1}\n' "$(head -c 100000 /dev/zero | tr '\0' '[')" \
  "$(head -c 100000 /dev/zero | tr '\0' ']')" >deep.jsonl
refusal "a script line nested 100,000 deep" xvfb-run -a "$app" --script deep.jsonl --frames 1
echo '{"rain": 1000000001}' >more.jsonl
refusal "a script's rain of 1,000,000,001 drops" xvfb-run -a "$app" --script more.jsonl --frames 1
mkfifo pipe.tsmap
refusal "a FIFO as a map file" "$cli" --open-map pipe.tsmap --out o2
truncate -s 2G hole.tsmap
refusal "a 2 GB sparse map file" "$cli" --open-map hole.tsmap --out o3

echo
echo "== long work stopped by a signal: seconds from the signal to the end (5 runs each)"
echo '{"rain": 1000000000}' >big.jsonl
stop_after() {  # SIGNAL COMMAND...: started, given 2 s of work, signalled; the seconds it took
  local signal="$1"
  shift
  "$@" >/dev/null 2>&1 &
  local pid=$!
  sleep 2
  local sent
  sent=$(date +%s%N)
  kill "-$signal" "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "scale=3; ($(date +%s%N) - $sent) / 1000000000" | bc
}
for signal in INT TERM; do
  cli_times=()
  app_times=()
  for _ in 1 2 3 4 5; do
    cli_times+=("$(stop_after "$signal" "$cli" --drops 1000000000 --out "o-$signal")")
    # The app's own process, not xvfb-run's: a display of its own for it.
    Xvfb :87 -screen 0 1280x720x24 >/dev/null 2>&1 &
    xvfb=$!
    sleep 0.5
    app_times+=("$(DISPLAY=:87 stop_after "$signal" "$app" --script big.jsonl --paused)")
    kill "$xvfb"
    wait "$xvfb" 2>/dev/null || true
  done
  echo "SIG$signal: terrain-cli ${cli_times[*]}; terrain-sandbox ${app_times[*]}"
done
