#!/usr/bin/env bash
# ThreadSanitizer over what the core runs on several threads: the rain side by side
# (drop_order.h), the threads it runs on (work_threads.h) and the drainage's shared passes
# (split_work.h), in a build of the core's tests alone (build/tsan): about 40 s to build and
# 32 s to run on 2 cores. scripts/test.sh (.ci/run) runs it after the other builds. Any race
# report fails the run.
#
#   scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
generator=()
[ -f build/tsan/CMakeCache.txt ] || generator=(-G Ninja)
cmake -S . -B build/tsan "${generator[@]}" -DCMAKE_BUILD_TYPE=Debug -DTERRAIN_TSAN=ON \
  -DTERRAIN_WERROR=ON -DTERRAIN_BUILD_APP=OFF -DTERRAIN_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" >/dev/null
cmake --build build/tsan --target core_tests -j "$(nproc)"
echo "   tsan: built in $((SECONDS - started)) s"
started=$SECONDS
# halt_on_error: the first race ends the run with its report.
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" TERRAIN_RAIN_CASES=12 \
  build/tsan/tests/core_tests \
  --gtest_filter='RainSideBySide.*:WorkThreads.*:DrainageGolden.FlatFilled*'
echo "== ThreadSanitizer found no race ($((SECONDS - started)) s of tests)"
