#!/usr/bin/env bash
# A 4096² map through terrain-cli, the figures of docs/figures.md's "A 4096² map": the terrain,
# 10 million drops on one thread and on two (the same bytes: compared here), the drainage, a
# 16-bit PNG heightmap, and the peak memory (GNU time's maximum resident set).
#
#   bench/big_map.sh [BUILD_DIR] [DROPS]     (default build/release, 10000000)
set -euo pipefail
cd "$(dirname "$0")/.."
build="$(cd "${1:-build/release}" && pwd)"
drops="${2:-10000000}"
cli="$build/src/cli/terrain-cli"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

for threads in 1 2; do
  out="$scratch/t$threads"
  /usr/bin/time -f "%M %e" -o "$scratch/time$threads" "$cli" --width 4096 --height 4096 \
    --drops "$drops" --threads "$threads" --routing flood --min-flow 2000 --out "$out" \
    --heightmap "$out/heights.png" 2>/dev/null >/dev/null
  read -r peak_kb wall < "$scratch/time$threads"
  python3 - "$out/summary.json" "$threads" "$peak_kb" "$wall" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["timings"]
print(f"{sys.argv[2]} thread(s): terrain {t['terrain_ms'] / 1000:.2f} s, "
      f"rain {t['rain_ms'] / 1000:.1f} s ({t.get('drops_per_s', 0):,} drops/s), "
      f"drainage {t['drainage_ms'] / 1000:.2f} s, rivers {t['rivers_ms'] / 1000:.2f} s, "
      f"whole run {float(sys.argv[4]):.1f} s, peak {int(sys.argv[3]) / 1024:.0f} MiB")
PY
done
for f in eroded.npy flow.npy heights.png; do
  cmp -s "$scratch/t1/$f" "$scratch/t2/$f" || { echo "the two runs' $f differ"; exit 1; }
done
echo "the two runs' eroded.npy, flow.npy and heights.png are the same bytes"
