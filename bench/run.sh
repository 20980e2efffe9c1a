#!/usr/bin/env bash
# The benchmark figures quoted in docs/figures.md, with the web sketch measured in the same run.
#
#   bench/run.sh [BUILD_DIR]     (default build/release; builds terrain_bench if needed)
#
# Runs the C++ benchmark, then the sketch's own resetTerrain(), drop() and buildRivers() in
# Node with the real p5.js 1.11.13 (bench/sketch/run.js; p5 and jsdom come from npm into
# BUILD_DIR/bench-node the first time), and prints the ratios. The machines here are shared
# and their speed drifts from minute to minute, so each side is taken at its best (the
# fastest of its repetitions) as well as its median. The sketch's source comes from its
# document, the p5.js "Hydraulic Erosion" sketch, which the script looks for at run time beside
# the repository (../shared/seeds/000_*.txt); without it the Node half is skipped and said so.
# Frame rates, live (the sketch in headless Chromium and the app under Xvfb): bench/frame_rate.sh.
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
  --benchmark_repetitions="${REPS:-5}" --benchmark_display_aggregates_only=true

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
NODE_PATH="$node_dir/node_modules" node bench/sketch/run.js "$sketch_doc" --rain-reps 5 > "$out/sketch.json"
cat "$out/sketch.json"

node - "$out/cpp.json" "$out/sketch.json" <<'JS'
const fs = require('fs')
const cpp = JSON.parse(fs.readFileSync(process.argv[2]))
const js = JSON.parse(fs.readFileSync(process.argv[3]))
const runs = name => cpp.benchmarks.filter(b => b.run_name.startsWith(name) && b.run_type === 'iteration')
const median = name => cpp.benchmarks.find(b => b.run_name.startsWith(name) && b.aggregate_name === 'median')
const ms = b => b.real_time * ({ ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 })[b.time_unit]
const best_ms = name => Math.min(...runs(name).map(ms))
const best_rate = name => Math.max(...runs(name).map(b => b.drops_per_s))
const row = (what, ours, theirs, unit, ratio) =>
  console.log(`${what.padEnd(44)} ${ours.padStart(12)} ${theirs.padStart(12)} ${unit.padEnd(8)} ${ratio}`)
const both = (what, unit, ours_med, theirs_med, ours_best, theirs_best, faster) => {
  const r = (a, b) => (faster ? b / a : a / b)
  row(what + ' (median)', ours_med.toFixed(3), theirs_med.toFixed(3), unit, r(ours_med, theirs_med).toFixed(2) + 'x')
  row(what + ' (best)', ours_best.toFixed(3), theirs_best.toFixed(3), unit, r(ours_best, theirs_best).toFixed(2) + 'x')
}
console.log('\n== compared in this run (ratio: how many times faster the C++ is)')
row('', 'C++', 'sketch', '', 'ratio')
both('rain, drops/s, 300,000 drops', 'drops/s', median('BM_Rain300kDrops').drops_per_s, js.drops_per_s,
     best_rate('BM_Rain300kDrops'), js.drops_per_s_best, false)
both('terrain vs resetTerrain', 'ms', ms(median('BM_IslandTerrain')), js.terrain_ms,
     best_ms('BM_IslandTerrain'), js.terrain_ms_best, true)
both('drainage pass 320x180 vs buildRivers', 'ms', ms(median('BM_DrainagePassSketch320x180')), js.rivers_ms,
     best_ms('BM_DrainagePassSketch320x180'), js.rivers_ms_best, true)
for (const b of cpp.benchmarks.filter(b => b.aggregate_name === 'median')) {
  if (/DrainagePassFlood|DiamondSquare\/4097|Contours/.test(b.run_name)) {
    const extra = b.bytes ? `, ${(b.bytes / 2 ** 20).toFixed(0)} MiB held` : ''
    const cold = b.cold_ms ? `, first (cold) pass ${(b.cold_ms).toFixed(0)} ms` : ''
    console.log(`${b.run_name.padEnd(44)} ${ms(b).toFixed(2).padStart(12)} ms${extra}${cold}`)
  }
}
JS
