#!/usr/bin/env bash
# Installs what is missing, builds in Release and starts the app.
# Extra arguments go to the app (see: build/release/src/app/terrain-sandbox --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
generator=()
[ -f build/release/CMakeCache.txt ] || generator=(-G Ninja)
cmake -S . -B build/release "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DTERRAIN_BUILD_BENCH=OFF >/dev/null
cmake --build build/release --target terrain-sandbox terrain-cli -j "$(nproc)"
exec build/release/src/app/terrain-sandbox "$@"
