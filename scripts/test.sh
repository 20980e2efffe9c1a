#!/usr/bin/env bash
# Installs what is missing, builds every configuration CI checks once each, and runs every
# test in each: Release, then AddressSanitizer + UndefinedBehaviorSanitizer (Debug, -O1).
# The parity tests (bit for bit with the sketch) and the GUI tests run in both: a compiler
# flag can silently break parity. GUI tests run on a virtual display (Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs="$(nproc)"

# The code's format: clang-format (.clang-format) over src/, tests/ and bench/, changing nothing.
echo "== format check"
git ls-files -z 'src/*.h' 'src/*.cpp' 'tests/*.h' 'tests/*.cpp' 'bench/*.h' 'bench/*.cpp' |
  xargs -0 clang-format --dry-run -Werror

# p5.js 1.11.13, jsdom and the Khronos glTF Validator from npm, once, into build/node: the
# p5.js reference test (skyline_walk_p5_node) and the tests that write a .glb, in both builds,
# find them there (TERRAIN_NODE_MODULES).
node_dir="$PWD/build/node"
if [ "$(node -p "require('$node_dir/node_modules/p5/package.json').version" 2>/dev/null)" != 1.11.13 ] ||
  [ ! -f "$node_dir/node_modules/jsdom/package.json" ] ||
  [ "$(node -p "require('$node_dir/node_modules/gltf-validator/package.json').version" 2>/dev/null)" != 2.0.0-dev.3.10 ]; then
  echo "== npm: p5.js 1.11.13, jsdom and gltf-validator into build/node"
  mkdir -p "$node_dir"
  npm install --prefix "$node_dir" --silent --no-audit --no-fund p5@1.11.13 jsdom@24 \
    gltf-validator@2.0.0-dev.3.10 >/dev/null
fi

# Each step says how long it took, so a slower CI run shows where the time went.
run_config() {
  local name="$1"; shift
  local started=$SECONDS
  echo "== $name: build"
  # Ninja for a new build folder (it compiles sources of every target side by side, where make
  # builds target after target); one that exists keeps the generator it was made with.
  local generator=()
  [ -f "build/$name/CMakeCache.txt" ] || generator=(-G Ninja)
  # Each test binary as a few shards (tests/CMakeLists.txt: terrain_add_gtests), the GUI tests
  # one by one.
  cmake -S . -B "build/$name" "${generator[@]}" -DTERRAIN_NODE_MODULES="$node_dir" \
    -DTERRAIN_TEST_SHARDS=ON "$@" >/dev/null
  cmake --build "build/$name" -j "$jobs"
  echo "   $name: built in $((SECONDS - started)) s"
  started=$SECONDS
  echo "== $name: test"
  (cd "build/$name" && ctest --output-on-failure -j "$jobs" --timeout 900)
  echo "   $name: tested in $((SECONDS - started)) s"
}

# Warnings are errors in both builds.
run_config release -DCMAKE_BUILD_TYPE=Release -DTERRAIN_WERROR=ON -DTERRAIN_BUILD_BENCH=ON
# The sanitizer build keeps line tables only (-g1): its reports still name every frame's function,
# file and line, and it builds in 581 s where full debug information took 821 s.
run_config sanitize -DCMAKE_BUILD_TYPE=Debug -DTERRAIN_WERROR=ON -DTERRAIN_SANITIZE=ON \
  -DTERRAIN_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DCMAKE_C_FLAGS_DEBUG="-O1 -g1"
# ThreadSanitizer over what the core runs on several threads (the rain side by side, its
# threads, the drainage's shared passes): the core's tests alone, about a minute and a half.
echo "== tsan: build and test"
scripts/tsan.sh
echo "== all tests passed (release, sanitize and tsan)"

# The readers of outside data and the rain under libFuzzer (tests/fuzz), each first over the
# inputs that once crashed it, then for a bounded number of runs with a fixed seed (at most
# 25 s each), one a core side by side; the build included, the step takes about 3 minutes on 2
# cores (nine targets; it was 2.5 with eight).
FUZZ_SECONDS="${FUZZ_SECONDS:-25}" FUZZ_JOBS="$jobs" scripts/fuzz.sh
echo "== fuzzing found nothing (the whole run: $SECONDS s)"
