#!/usr/bin/env bash
# The app's frame in each view of the "Drainage" API documentation, against the sketch's map:
# the CPU side of a frame (rain, rivers, contours, drawing: the median of --stats) and the frame
# rate, raining at the defaults (200 drops a frame) on seed 42 at 1280x720, under Xvfb with
# Mesa's llvmpipe (no GPU), and the share of the map view's frame rate each view keeps.
#
#   bench/views.sh [BUILD_DIR]     (default build/release; builds terrain-sandbox if missing)
#
#   SET=drainage  which views: drainage (the documentation's views and lakes) or moving (the
#                 side view strip, a skyline, a zoomed and panned map: what moving around and
#                 the side view add to a frame; "map" is then the map at fit without the strip)
#                 or 3d (the 3D view from a few cameras, with lakes, against the map view)
#   BEFORE=PATH   (moving) also run another terrain-sandbox, e.g. one built before zoom, pan
#                 and the side view, as the view "before" (at its defaults)
#   REPS=3        passes over the views (each figure is the median of its REPS runs)
#   FRAMES=600    frames a run (one rain tick a frame, unpaced)
#   SIZE=1280x720
#
# The machine is shared and noisy (2 cores), so the views alternate within each pass (map,
# map with lakes, basins, ..., then again), and every comparison is between runs of one pass.
# Results: BUILD_DIR/bench-results/views-SET/ (each run's --stats output, views.json).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
reps="${REPS:-3}"
frames="${FRAMES:-600}"
size="${SIZE:-1280x720}"

scripts/install-deps.sh
source bench/app_binary.sh
app_binary "$build"
results_dir "$build" "views-${SET:-drainage}"
rm -f "$out"/*.txt

# name: the flags of that view
case "${SET:-drainage}" in
  drainage)
    views=("map:" "map+lakes:--lakes" "basins:--view basins" "basins+lakes:--view basins --lakes"
           "flow:--view flow" "flow+lakes:--view flow --lakes" "strahler:--rivers-by order") ;;
  moving)
    views=("map:--no-side-view" "cross-section:--side-view cross-section"
           "walk:--side-view walk" "sections:--side-view sections"
           "zoom4:--no-side-view --zoom 4 --center 150,80"
           "zoom4+section:--zoom 4 --center 150,80 --side-view cross-section"
           "zoom16:--no-side-view --zoom 16 --center 150,80")
    if [ -n "${BEFORE:-}" ]; then views+=("before:"); fi ;;
  3d)
    views=("map:" "3d:--view 3d" "3d+lakes:--view 3d --lakes" "3d-above:--view 3d --camera 0,90"
           "3d-low:--view 3d --camera 200,15" "3d-relief3:--view 3d --relief 3") ;;
  *) echo "SET: '${SET}' is not drainage, moving or 3d" >&2; exit 2 ;;
esac
for ((rep = 1; rep <= reps; rep++)); do
  for entry in "${views[@]}"; do
    name="${entry%%:*}"
    flags="${entry#*:}"
    run="$app"
    if [ "$name" = before ]; then run="$BEFORE"; fi
    # shellcheck disable=SC2086
    xvfb-run -a -s '-screen 0 1920x1080x24' "$run" --seed 42 --frames "$frames" --size "$size" \
      --stats $flags > "$out/$name-$rep.txt" 2>&1 || { cat "$out/$name-$rep.txt" >&2; exit 1; }
    printf '   pass %d %-13s %s\n' "$rep" "$name" \
      "$(grep -oE 'CPU side [0-9.]+|^frame rate [0-9.]+ fps' "$out/$name-$rep.txt" | tr '\n' ' ')"
  done
done

node - "$out" "$reps" "$size" "${views[@]%%:*}" <<'JS'
const fs = require('fs')
const path = require('path')
const [out, reps, size, ...names] = process.argv.slice(2)
const median = v => {
  const s = [...v].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const read = (name, rep) => {
  const text = fs.readFileSync(path.join(out, `${name}-${rep}.txt`), 'utf8')
  const side = /\(CPU side ([0-9.]+)\)/.exec(text)
  const fps = /^frame rate ([0-9.]+) fps/m.exec(text)
  const drawing = /^drawing, median ms: river paths ([0-9.]+), tiles ([0-9.]+), panel ([0-9.]+)/m.exec(text)
  const stages = /rain ([0-9.]+) rivers ([0-9.]+) contours ([0-9.]+) drawing ([0-9.]+)/.exec(text)
  const painting = /painting ([0-9.]+) wall ms \([A-Z]+ painter; the 3D surface ([0-9.]+)\)/.exec(text)
  if (!side || !fps || !drawing || !stages || !painting) throw new Error(`${name}-${rep}: no --stats lines in:\n${text}`)
  return { cpu_side: +side[1], fps: +fps[1], rain: +stages[1], rivers: +stages[2],
           contours: +stages[3], drawing: +stages[4], river_paths: +drawing[1], tiles: +drawing[2],
           panel: +drawing[3], painting: +painting[1], surface: +painting[2] }
}
const rows = names.map(name => {
  const runs = Array.from({ length: +reps }, (_, k) => read(name, k + 1))
  const m = key => median(runs.map(r => r[key]))
  // The share of the map view's frame rate, pass by pass (runs of one pass are neighbours).
  const share = median(runs.map((r, k) => r.fps / read('map', k + 1).fps))
  return { view: name, cpu_side_ms: m('cpu_side'), fps: m('fps'), share_of_map_fps: share,
           painting_ms: m('painting'), surface_ms: m('surface'),
           rain: m('rain'), rivers: m('rivers'), contours: m('contours'), drawing: m('drawing'),
           river_paths: m('river_paths'), tiles: m('tiles'), panel: m('panel') }
})
fs.writeFileSync(path.join(out, 'views.json'), JSON.stringify({ size, reps: +reps, rows }, null, 2))
console.log(`\n${size}, median of ${reps} passes:\n`)
console.log('| view | CPU side a frame | painting (of which the 3D surface) | frame rate | of the map view\'s |')
console.log('|---|---|---|---|---|')
for (const r of rows) {
  console.log(`| ${r.view} | ${r.cpu_side_ms.toFixed(2)} ms | ${r.painting_ms.toFixed(2)} (${r.surface_ms.toFixed(2)}) ms | ` +
    `${r.fps.toFixed(1)} fps | ${(100 * r.share_of_map_fps).toFixed(0)}% |`)
}
const map = rows[0]
console.log(`\nmap view, median ms: rain ${map.rain}, rivers ${map.rivers}, contours ${map.contours}, ` +
  `drawing ${map.drawing} (river paths ${map.river_paths}, tiles ${map.tiles}, panel ${map.panel})`)
JS
