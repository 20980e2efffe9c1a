#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang in build/fuzz and runs each for a bounded
# number of runs with a fixed seed (and at most a bounded time), starting from its seed corpus
# (tests/fuzz/corpus/<name>, copied to a scratch directory under build/fuzz/run, so the
# repository is never written). Before it fuzzes, a target runs once over each input that once
# crashed it (tests/fuzz/regressions/<name>/, if there are any), so that past findings stay
# fixed. A target's own libFuzzer flags are in tests/fuzz/<name>.options (one a line, # for a
# comment), its dictionary in tests/fuzz/<name>.dict. Fails if any target finds a crash, a leak,
# undefined behaviour, a timeout or too much memory, or a regression input fails, and prints the
# reproducer's path.
#
# Usage: scripts/fuzz.sh [NAME...]       NAME: recipe, script, npy, png, heightmap_png, heightmap_exr,
#                                        heightmap_tiff, map_file, rain (default: all of them)
#   FUZZ_RUNS     inputs each target runs (default 200000), from libFuzzer's seed FUZZ_SEED (1)
#   FUZZ_SECONDS  the most seconds each target runs, whatever its runs (default 60)
#   FUZZ_JOBS     build jobs, and targets run at once (default: the number of cores)
# To reproduce a finding: build/fuzz/tests/fuzz/<name>_fuzz <reproducer file>
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
jobs="${FUZZ_JOBS:-$(nproc)}"
names=("$@")
# The slow ones first (script_fuzz carries scripts out on the app's core, map_file_fuzz opens
# and rains on maps), so that the quick ones fill in beside them.
[ ${#names[@]} -gt 0 ] ||
  names=(script map_file rain recipe npy png heightmap_png heightmap_exr heightmap_tiff)
runs="${FUZZ_RUNS:-200000}"
fuzz_seed="${FUZZ_SEED:-1}"
build=build/fuzz

echo "== fuzz: build ($build, clang)"
generator=()
[ -f "$build/CMakeCache.txt" ] || generator=(-G Ninja)
CC=clang CXX=clang++ cmake -S . -B "$build" "${generator[@]}" \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DTERRAIN_FUZZ=ON -DTERRAIN_WERROR=ON \
  -DTERRAIN_BUILD_APP=OFF -DTERRAIN_BUILD_TESTS=OFF -DTERRAIN_BUILD_BENCH=OFF >/dev/null
targets=()
for name in "${names[@]}"; do targets+=("${name}_fuzz"); done
cmake --build "$build" -j "$jobs" --target "${targets[@]}"
echo "   built in ${SECONDS} s"

# A stack for every report, undefined behaviour's too.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
# One target: its regressions run, its corpus copied, fuzzed, and its exit status and time
# written beside its logs.
fuzz_one() {
  local name="$1"
  local binary="$build/tests/fuzz/${name}_fuzz"
  local run="$build/run/$name"
  rm -rf "$run"
  mkdir -p "$run/corpus" "$run/artifacts"
  cp tests/fuzz/corpus/"$name"/* "$run/corpus/"
  local dict=()
  [ -f "tests/fuzz/$name.dict" ] && dict=(-dict="tests/fuzz/$name.dict")
  local options=()
  [ -f "tests/fuzz/$name.options" ] &&
    mapfile -t options < <(grep -v -e '^#' -e '^$' "tests/fuzz/$name.options")
  local started=$SECONDS
  # Each regression input once, whole (files given to libFuzzer are run, not fuzzed; its
  # options are left out, as -max_len would cut a longer one short).
  local regressions=()
  [ -d "tests/fuzz/regressions/$name" ] &&
    mapfile -t regressions < <(find "tests/fuzz/regressions/$name" -type f ! -name '*.md' | sort)
  local regressed=0
  if [ ${#regressions[@]} -gt 0 ]; then
    "$binary" -timeout=10 -rss_limit_mb=2048 "${regressions[@]}" \
      >"$run/regressions.log" 2>&1 || regressed=$?
  fi
  local status=0
  "$binary" -runs="$runs" -seed="$fuzz_seed" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 "${dict[@]}" "${options[@]}" \
    -artifact_prefix="$run/artifacts/" -print_final_stats=1 "$run/corpus" >"$run/log" 2>&1 ||
    status=$?
  echo "$status $((SECONDS - started)) $regressed ${#regressions[@]}" >"$run/status"
}

# The targets run side by side, one a core (each is one process on one thread), so the step
# takes the time of the slowest of each round rather than of all of them in turn.
echo "== fuzz: ${names[*]} (up to ${seconds} s each, ${jobs} at a time)"
running=0
for name in "${names[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_one "$name" &
  running=$((running + 1))
done
wait

failed=()
for name in "${names[@]}"; do
  binary="$build/tests/fuzz/${name}_fuzz"
  run="$build/run/$name"
  read -r status took regressed regressions <"$run/status" ||
    { status=1; took=?; regressed=0; regressions=0; }
  if [ "$regressed" -ne 0 ]; then
    failed+=("$name")
    # The input (libFuzzer names each as it runs it) and what it did, not the whole stack.
    echo "!! fuzz: $name fails on an input it once crashed on (exit $regressed), in" \
      "tests/fuzz/regressions/$name (its log: $run/regressions.log):"
    grep -E '^Running: |ERROR|runtime error|SUMMARY|^[a-z_]+_fuzz: [a-z]' "$run/regressions.log" |
      tail -n 6
  fi
  found=("$run"/artifacts/*)
  if [ "$status" -ne 0 ] || [ -e "${found[0]}" ]; then
    failed+=("$name")
    echo "!! fuzz: $name failed after ${took} s (exit $status); its log ($run/log) ends:"
    tail -n 60 "$run/log"
    for artifact in "${found[@]}"; do
      [ -e "$artifact" ] && echo "!! reproducer: $artifact  (run: $binary $artifact)"
    done
  else
    # libFuzzer's final stats: how many inputs ran, and the corpus it grew.
    ran="$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/log")"
    last="$(grep -E '^#[0-9]+' "$run/log" | tail -n 1)"
    passed=""
    [ "$regressions" -gt 0 ] && [ "$regressed" -eq 0 ] && passed="; its $regressions regression inputs pass"
    echo "   $name: ${ran:-?} inputs in ${took} s, nothing found (${last})${passed}"
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  mapfile -t failed < <(printf '%s\n' "${failed[@]}" | sort -u)
  echo "== fuzz: FOUND problems in: ${failed[*]} (${SECONDS} s in all)" >&2
  exit 1
fi
echo "== fuzz: nothing found (${names[*]}, up to ${runs} runs or ${seconds} s each, seed ${fuzz_seed}; ${SECONDS} s in all)"
