#!/usr/bin/env bash
# The benchmark figures quoted in README, with the web sketch measured in the same run.
#
#   bench/run.sh [BUILD_DIR]     (default build/release; builds terrain_bench if needed)
#
# Runs the C++ benchmark, then the sketch's own resetTerrain(), drop() and buildRivers() in
# Node with the real p5.js 1.11.13 (bench/sketch/run.js; p5 and jsdom come from npm into
# BUILD_DIR/bench-node the first time), and prints the ratios. The sketch is read from the
# specification beside the repository (../shared/seeds/000_*.txt); without it the Node half
# is skipped and said so.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
if [ ! -x "$build/bench/terrain_bench" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DTERRAIN_BUILD_BENCH=ON >/dev/null
  cmake --build "$build" --target terrain_bench -j "$(nproc)"
fi
out="$build/bench-results"
mkdir -p "$out"

echo "== C++ (Google Benchmark)"
"$build/bench/terrain_bench" --benchmark_out="$out/cpp.json" --benchmark_out_format=json \
  --benchmark_repetitions="${REPS:-3}" --benchmark_report_aggregates_only=true

sketch_doc=$(ls ../shared/seeds/000_*.txt 2>/dev/null | head -1 || true)
if [ -z "$sketch_doc" ]; then
  echo "== the sketch's text (../shared/seeds/000_*.txt) is not beside the repository: no Node comparison"
  exit 0
fi
node_dir="$build/bench-node"
if [ ! -d "$node_dir/node_modules/p5" ] || [ ! -d "$node_dir/node_modules/jsdom" ]; then
  mkdir -p "$node_dir"
  (cd "$node_dir" && npm install --silent --no-audit --no-fund p5@1.11.13 jsdom@24 >/dev/null)
fi
echo "== the sketch in Node (p5.js 1.11.13)"
NODE_PATH="$node_dir/node_modules" node bench/sketch/run.js "$sketch_doc" > "$out/sketch.json"
cat "$out/sketch.json"

node - "$out/cpp.json" "$out/sketch.json" <<'JS'
const fs = require('fs')
const cpp = JSON.parse(fs.readFileSync(process.argv[2]))
const js = JSON.parse(fs.readFileSync(process.argv[3]))
const median = name => cpp.benchmarks.find(b => b.run_name.startsWith(name) && b.aggregate_name === 'median')
const ms = b => b.real_time * ({ ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 })[b.time_unit]
const rain = median('BM_Rain300kDrops')
const terrain = median('BM_IslandTerrain')
const pass = median('BM_DrainagePassSketch320x180')
const rivers = median('BM_BuildRivers320x180')
const row = (what, ours, theirs, unit, ratio) =>
  console.log(`${what.padEnd(44)} ${ours.padStart(12)} ${theirs.padStart(12)} ${unit.padEnd(8)} ${ratio}`)
console.log('\n== compared in this run')
row('', 'C++', 'sketch', '', 'ratio')
row('rain, drops per second (300,000 drops)', Math.round(rain.drops_per_s).toString(), Math.round(js.drops_per_s).toString(), 'drops/s', (rain.drops_per_s / js.drops_per_s).toFixed(2) + 'x')
row('terrain (resetTerrain)', ms(terrain).toFixed(3), js.terrain_ms.toFixed(3), 'ms', (js.terrain_ms / ms(terrain)).toFixed(1) + 'x')
row('drainage pass 320x180 vs buildRivers', ms(pass).toFixed(3), js.rivers_ms.toFixed(3), 'ms', (js.rivers_ms / ms(pass)).toFixed(1) + 'x')
row('  (fill, route and flow only)', ms(rivers).toFixed(3), js.rivers_ms.toFixed(3), 'ms', (js.rivers_ms / ms(rivers)).toFixed(1) + 'x')
for (const b of cpp.benchmarks.filter(b => b.aggregate_name === 'median')) {
  if (/DrainagePassFlood|DiamondSquare\/4097|Contours/.test(b.run_name)) {
    const extra = b.bytes ? `, ${(b.bytes / 2 ** 20).toFixed(0)} MiB held` : ''
    const cold = b.cold_ms ? `, first (cold) pass ${(b.cold_ms).toFixed(0)} ms` : ''
    console.log(`${b.run_name.padEnd(44)} ${ms(b).toFixed(2).padStart(12)} ms${extra}${cold}`)
  }
}
JS
