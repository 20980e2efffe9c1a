// The web sketch's own speed in Node, measured in the same run as the C++ benchmark.
//
// Loads the real p5.js 1.11.13 in jsdom (instance mode), takes sketch.js out of its document,
// the p5.js "Hydraulic Erosion" sketch (SKETCH_DOC: bench/run.sh looks for it at run time
// beside the repository; it is not copied into the repository), exposes its resetTerrain(),
// drop() and buildRivers() by inserting one line into the sketch's closure, and times them
// unchanged:
//   terrain_ms     median of resetTerrain() calls (after a first, cold one); _best the fastest
//   drops_per_s    300,000 drops / median wall time of full rains from a fresh resetTerrain();
//                  drops_per_s_best from the fastest rain
//   rivers_ms      median of buildRivers(heights) after a first call that builds the ripple;
//                  rivers_ms_best the fastest
// Prints one JSON object on stdout.
//
// Usage: node run.js SKETCH_DOC [--drops N] [--rain-reps N] [--reps N]
'use strict'
const fs = require('fs')
const { JSDOM, VirtualConsole } = require('jsdom')

const args = process.argv.slice(2)
const doc = args[0]
const opt = (name, fallback) => {
  const k = args.indexOf(name)
  return k >= 0 ? Number(args[k + 1]) : fallback
}
const DROPS = opt('--drops', 300000)
const RAIN_REPS = opt('--rain-reps', 3)
const REPS = opt('--reps', 20)

const text = fs.readFileSync(doc, 'utf8')
const start = text.indexOf("```javascript")
const end = text.indexOf('```', start + 13)
let source = text.slice(start + 13, end)
// Expose the closure's functions and let the harness set the seed.
source = source.replace('  //\n  // Little helpers',
  '  sketch.__bench = { resetTerrain, drop, buildRivers, buildBrush, setSeed: s => { seed = s },\n' +
  '    heights: () => heights }\n\n  //\n  // Little helpers')
// Do not start the sketch on load: the harness creates the p5 instance itself.
source = source.slice(0, source.indexOf('// Wait for everything to load'))

// jsdom has no canvas: p5's default canvas fails to draw, which nothing here needs.
const quiet = new VirtualConsole()
const dom = new JSDOM('<!doctype html><html><body><div id="sketch-holder"></div></body></html>',
  { pretendToBeVisual: true, virtualConsole: quiet })
for (const k of ['window', 'document', 'navigator', 'screen', 'HTMLCanvasElement', 'HTMLElement',
  'Element', 'Node', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle', 'Event',
  'MouseEvent', 'KeyboardEvent', 'devicePixelRatio', 'location', 'ImageData', 'Image']) {
  const value = k === 'window' ? dom.window : dom.window[k]
  Object.defineProperty(global, k, { value, configurable: true, writable: true })
}
const p5 = require('p5')

// Every control the sketch looks up, as a harmless stub element.
// (Only the sketch's own ids: p5 looks up ids of its own and must not find them.)
const lookup = document.getElementById.bind(document)
document.getElementById = id =>
  id.startsWith('experiment-') ? document.createElement('div') : lookup(id)

const experiment = new Function('document', 'window', source + '\nreturn experiment')(document, window)
let bench
new p5(s => {
  try {
    experiment(s)
  } catch (e) {
    console.error('the sketch failed to load: ' + e.stack)
    process.exit(1)
  }
  s.setup = () => {}
  s.draw = () => {}
  bench = s.__bench
  const sketch = s
  setTimeout(() => run(sketch), 0)
})

function median(v) {
  const s = [...v].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function run() {
  bench.setSeed(42)
  bench.buildBrush()
  let t = performance.now()
  bench.resetTerrain()
  const terrain_first = performance.now() - t
  const terrain = []
  for (let k = 0; k < REPS; k++) {
    t = performance.now()
    bench.resetTerrain()
    terrain.push(performance.now() - t)
  }
  const rain = []
  for (let k = 0; k < RAIN_REPS; k++) {
    bench.resetTerrain()
    t = performance.now()
    for (let i = 0; i < DROPS; i++) bench.drop()
    rain.push(performance.now() - t)
  }
  const heights = bench.heights()
  t = performance.now()
  bench.buildRivers(heights)
  const rivers_first = performance.now() - t
  const rivers = []
  for (let k = 0; k < REPS; k++) {
    t = performance.now()
    bench.buildRivers(heights)
    rivers.push(performance.now() - t)
  }
  const rain_ms = median(rain)
  console.log(JSON.stringify({
    node: process.version,
    drops: DROPS,
    terrain_ms: median(terrain),
    terrain_ms_best: Math.min(...terrain),
    terrain_ms_first: terrain_first,
    rain_ms,
    drops_per_s: DROPS / (rain_ms / 1000),
    drops_per_s_best: DROPS / (Math.min(...rain) / 1000),
    rivers_ms: median(rivers),
    rivers_ms_best: Math.min(...rivers),
    rivers_ms_first_with_wander: rivers_first,
  }))
  process.exit(0)
}
