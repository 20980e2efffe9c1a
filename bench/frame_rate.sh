#!/usr/bin/env bash
# Frame rates, live: the p5.js "Hydraulic Erosion" sketch in headless Chromium (software
# rendering only) and the app under Xvfb (Mesa llvmpipe, software GL), in the same run, at
# 640x360, 1280x720 and 1920x1080, raining at the defaults (200 drops a frame) on seed 42.
#
#   bench/frame_rate.sh [BUILD_DIR]     (default build/release; builds terrain-sandbox if missing)
#
#   REPS=2        passes over the sizes (each side is measured REPS times per size; the table
#                 takes the median, which for two is their mean)
#   SIZES="640x360 1280x720 1920x1080"
#   WARM=2 MEASURE=10     the sketch's warm-up and counting time per size, in seconds
#   FRAMES=600            the app's frames per size
#
# The machine is shared and noisy (2 cores), so the two sides alternate, size by size (sketch
# 640x360, app 640x360, sketch 1280x720, app 1280x720, ...), and the whole pass is made REPS
# times (default 2); each figure in the table is the median of its REPS runs.
#
# The sketch: bench/sketch/browser.js serves bench/sketch/page.html (every element the sketch
# looks up) from 127.0.0.1 with p5.js 1.11.13 and the sketch's own source, unchanged but for a
# fixed seed (42), in Debian's Chromium (/usr/bin/chromium, driven by puppeteer-core) started
# with --disable-gpu --disable-accelerated-2d-canvas (checked in chrome://gpu: canvas and
# compositing "Software only"). The 60 fps cap is lifted (p5's frameRate(1000) after setup, and
# Chromium's --disable-frame-rate-limit --disable-gpu-vsync; see page.html), so frames come as
# fast as the sketch draws and Chromium paints them. The page counts its own draw() calls with
# performance.now() over MEASURE seconds after a WARM-second warm-up, restarting the sketch every 1,400
# frames so the rain (which stops by itself at 300,000 drops, 1,500 frames) never stops, and
# one screenshot per size goes into the results folder.
# The app: terrain-sandbox --seed 42 --frames FRAMES --size WxH --stats under
# xvfb-run -a -s '-screen 0 1920x1080x24'; scripted runs are unpaced (no vsync, no cap, one rain
# tick a frame), and --stats prints the frame rate (first swap to last) and median CPU ms.
#
# The sketch's source comes from its document, the p5.js "Hydraulic Erosion" sketch, which the
# script looks for at run time beside the repository (../shared/seeds/000_*.txt; it is not
# copied into the repository); without it the script stops and says so.
# Installs what is missing: chromium, xvfb, xauth from Debian (apt-get), and p5@1.11.13 with
# puppeteer-core from npm into BUILD_DIR/bench-browser. Results: BUILD_DIR/bench-results/
# frame-rate/ (frame_rate.json, each run's raw output, sketch-WxH.png).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
reps="${REPS:-2}"
sizes=(${SIZES:-640x360 1280x720 1920x1080})
warm="${WARM:-2}"
seconds="${MEASURE:-10}"
frames="${FRAMES:-600}"
started=$(date +%s)

sketch_doc=$(ls ../shared/seeds/000_*.txt 2>/dev/null | head -1 || true)
if [ -z "$sketch_doc" ]; then
  echo "the sketch's document (../shared/seeds/000_*.txt) is not beside the repository: nothing to measure" >&2
  exit 1
fi

# The project's Debian packages, and Chromium for this benchmark.
scripts/install-deps.sh chromium

# npm packages, beside the build, never in the repository. puppeteer-core 24 still runs on
# Node 20 (25 wants Node 22); it drives the installed Chromium and downloads no browser.
node_dir="$build/bench-browser"
if [ ! -f "$node_dir/node_modules/p5/package.json" ] || [ ! -f "$node_dir/node_modules/puppeteer-core/package.json" ]; then
  mkdir -p "$node_dir"
  (cd "$node_dir" && npm install --silent --no-audit --no-fund p5@1.11.13 puppeteer-core@24.43.1 >/dev/null)
fi

source bench/app_binary.sh
app_binary "$build"

results_dir "$build" "frame-rate"
rm -f "$out"/sketch-*.json "$out"/app-*.txt

for ((rep = 1; rep <= reps; rep++)); do
  for size in "${sizes[@]}"; do
    echo "== pass $rep/$reps, $size: the sketch in Chromium (${warm} s warm-up, ${seconds} s counted)"
    NODE_PATH="$node_dir/node_modules" node bench/sketch/browser.js "$sketch_doc" --chromium /usr/bin/chromium \
      --out "$out" --size "$size" --warm "$warm" --seconds "$seconds" > "$out/sketch-$size-$rep.json"
    node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1])).results[0];
      console.log(`   ${r.fps.toFixed(2)} fps (${r.frames} frames in ${r.seconds.toFixed(2)} s; draw() ${r.draw_ms_median.toFixed(1)} ms, frame ${r.frame_ms_median.toFixed(1)} ms median; browser ceiling ${r.ceiling_fps.toFixed(0)} fps)`)' \
      "$out/sketch-$size-$rep.json"
    echo "== pass $rep/$reps, $size: the app ($frames frames)"
    xvfb-run -a -s '-screen 0 1920x1080x24' "$app" --seed 42 --frames "$frames" --size "$size" --stats \
      > "$out/app-$size-$rep.txt" 2>&1 || { cat "$out/app-$size-$rep.txt" >&2; exit 1; }
    grep -E '^(frame rate|frames |process CPU)' "$out/app-$size-$rep.txt" | sed 's/^/   /'
  done
done

node - "$out" "$reps" "$frames" "$(( $(date +%s) - started ))" "${sizes[@]}" <<'JS'
const fs = require('fs')
const path = require('path')
const [out, reps, frames, elapsed, ...sizes] = process.argv.slice(2)
const median = v => {
  const s = [...v].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const num = String.raw`(-?[0-9.]+)`
function app_run(file) {
  const text = fs.readFileSync(file, 'utf8')
  const rate = new RegExp(`^frame rate ${num} fps \\((\\d+) frames in ${num} s`, 'm').exec(text)
  const cpu = new RegExp(`^frames (\\d+), median CPU ms per frame: rain ${num} rivers ${num} contours ${num} ` +
    `drawing ${num} \\(CPU side ${num}\\); painting ${num} wall ms \\((CPU|GPU) painter; ` +
    `the 3D surface ${num}\\); GL calls ${num} CPU ms, swap ${num} wall ms`, 'm').exec(text)
  const all_threads = new RegExp(`^process CPU ${num} ms a frame`, "m").exec(text)
  if (!rate || !cpu || !all_threads) throw new Error(`${file}: no --stats lines in:\n${text}`)
  return {
    fps: +rate[1], frames: +rate[2], seconds: +rate[3],
    median_cpu_ms: { rain: +cpu[2], rivers: +cpu[3], contours: +cpu[4], drawing: +cpu[5], cpu_side: +cpu[6],
      painting_wall: +cpu[7], painter: cpu[8], surface_wall: +cpu[9], gl_calls: +cpu[10],
      swap_wall: +cpu[11] },
    process_cpu_ms_per_frame: +all_threads[1],
  }
}
const rows = sizes.map(size => {
  const sketch = [], app = []
  for (let rep = 1; rep <= +reps; rep++) {
    sketch.push(JSON.parse(fs.readFileSync(path.join(out, `sketch-${size}-${rep}.json`))).results[0])
    app.push(app_run(path.join(out, `app-${size}-${rep}.txt`)))
  }
  const sketch_fps = median(sketch.map(r => r.fps))
  const app_fps = median(app.map(r => r.fps))
  for (const r of sketch) delete r.command_line
  return {
    window: size,
    sketch_fps, app_fps, ratio: app_fps / sketch_fps,
    app_cpu_side_ms: median(app.map(r => r.median_cpu_ms.cpu_side)),
    app_painting_ms: median(app.map(r => r.median_cpu_ms.painting_wall)),
    app_process_cpu_ms: median(app.map(r => r.process_cpu_ms_per_frame)),
    sketch_draw_ms: median(sketch.map(r => r.draw_ms_median)),
    sketch_runs: sketch, app_runs: app,
  }
})
const first = JSON.parse(fs.readFileSync(path.join(out, `sketch-${sizes[0]}-1.json`)))
const report = {
  what: 'frames per second, live, raining at 200 drops a frame, seed 42: the p5.js "Hydraulic Erosion" sketch in headless Chromium (software rendering) vs terrain-sandbox under Xvfb (llvmpipe)',
  reps: +reps, app_frames: +frames, sketch_warm_s: first.warm_s, sketch_measure_s: first.measure_s,
  p5: first.p5, chromium: first.results[0].chromium, chromium_gpu: first.results[0].gpu,
  chromium_command_line: first.results[0].command_line, node: first.node,
  seconds_for_the_whole_run: +elapsed,
  rows,
}
fs.writeFileSync(path.join(out, 'frame_rate.json'), JSON.stringify(report, null, 2) + '\n')
const cell = (v, w) => String(v).padStart(w)
console.log(`\n== frame rates (median of ${reps} runs each; ${report.chromium}, p5.js ${report.p5})`)
console.log(`${'window'.padEnd(10)} | ${'the sketch in Chromium (fps)'} | ${'the app (fps)'} | ${'ratio app/sketch'} | ` +
  `the app's CPU side (ms) | painting (ms) | all threads' CPU a frame (ms)`)
for (const r of rows) {
  console.log(`${r.window.padEnd(10)} | ${cell(r.sketch_fps.toFixed(1), 28)} | ${cell(r.app_fps.toFixed(1), 13)} | ` +
    `${cell(r.ratio.toFixed(2) + 'x', 16)} | ${cell(r.app_cpu_side_ms.toFixed(2), 23)} | ` +
    `${cell(r.app_painting_ms.toFixed(2), 13)} | ${cell(r.app_process_cpu_ms.toFixed(1), 29)}`)
}
console.log(`\nwritten to ${path.join(out, 'frame_rate.json')}; screenshots ${path.join(out, 'sketch-WxH.png')}; ${elapsed} s in all`)
JS
