// The reference for random_walk_skyline: the first answer to "How can I generate a 2D mountain
// landscape procedurally?" run in real p5.js.
//
// Loads p5.js 1.11.13 under jsdom in Node (instance mode, as bench/sketch/run.js does) and, for
// each case below, runs the answer's JavaScript rule for rule with the p5 instance's
// randomSeed(seed) and random() in place of Math.random(), recording `height` after each column
// (where the answer draws that column). The output is JSON, one case a line, every number as
// JavaScript prints it (the shortest text that reads back as the same double), so a reader gets
// back the exact doubles. Its output is tests/data/skyline/walk_p5.json, which
// tests/core/skyline_p5_test.cpp holds random_walk_skyline to bit for bit.
//
// Usage: node skyline_walk_p5.js NODE_DIR                 prints the JSON on stdout
//        node skyline_walk_p5.js NODE_DIR --check GOLDEN  compares it with GOLDEN, byte for byte
// NODE_DIR is where p5 and jsdom were installed (npm install --prefix NODE_DIR p5@1.11.13
// jsdom@24): its node_modules is looked in, then NODE_DIR itself.
// Exit status: 0 printed, or the same as GOLDEN; 1 different, or any failure (p5 another
// version than 1.11.13 included); 77 p5 or jsdom is not there (ctest reports a skip).
'use strict'
const fs = require('fs')
const path = require('path')

const P5_VERSION = '1.11.13'
const SKIP = 77

const args = process.argv.slice(2)
if (args.length !== 1 && !(args.length === 3 && args[1] === '--check')) {
  console.error('usage: node skyline_walk_p5.js NODE_DIR [--check GOLDEN]')
  process.exit(1)
}
const nodeDir = path.resolve(args[0])
const golden = args.length === 3 ? args[2] : null

// The cases: seeds at both ends of p5's range (randomSeed takes seed >>> 0), the answer's 640
// columns and a few tiny counts, the answer's settings (170, 2.5, 1.0), settings that clip the
// height at both ends over and over, no change of slope at all, and a flat walk.
const ANSWER = { height_max: 170, step_max: 2.5, step_change: 1.0 }
const CLIPPING = { height_max: 50, step_max: 20, step_change: 8 }
const CASES = [
  { seed: 0, columns: 640, ...ANSWER },
  { seed: 1, columns: 640, ...ANSWER },
  { seed: 42, columns: 640, ...ANSWER },
  { seed: 4294967295, columns: 640, ...ANSWER },
  { seed: 42, columns: 1, ...ANSWER },
  { seed: 0, columns: 2, ...ANSWER },
  { seed: 4294967295, columns: 5, ...ANSWER },
  { seed: 0, columns: 640, ...CLIPPING },
  { seed: 42, columns: 640, ...CLIPPING },
  { seed: 4294967295, columns: 640, ...CLIPPING },
  { seed: 1, columns: 640, height_max: 170, step_max: 2.5, step_change: 0 },
  { seed: 42, columns: 640, height_max: 50, step_max: 20, step_change: 0 },
  { seed: 7, columns: 100, height_max: 170, step_max: 0, step_change: 1.0 },
  { seed: 123456789, columns: 1000, height_max: 0.5, step_max: 0.01, step_change: 0.003 },
]

// The answer's JavaScript, rule for rule: its parameters come from the case, Math.random() is
// p.random() after p.randomSeed(seed), and drawing column x becomes recording its height.
function answer(p, c) {
  p.randomSeed(c.seed)
  const heights = []
  // parameters - change to your liking
  var STEP_MAX = c.step_max
  var STEP_CHANGE = c.step_change
  var HEIGHT_MAX = c.height_max
  // starting conditions
  var height = p.random() * HEIGHT_MAX
  var slope = (p.random() * STEP_MAX) * 2 - STEP_MAX
  // creating the landscape
  for (var x = 0; x < c.columns; x++) {
    // change height and slope
    height += slope
    slope += (p.random() * STEP_CHANGE) * 2 - STEP_CHANGE
    // clip height and slope to maximum
    if (slope > STEP_MAX) { slope = STEP_MAX }
    if (slope < -STEP_MAX) { slope = -STEP_MAX }
    if (height > HEIGHT_MAX) { height = HEIGHT_MAX; slope *= -1 }
    if (height < 0) { height = 0; slope *= -1 }
    // draw column
    heights.push(height)
  }
  return heights
}

function render(cases) {
  const what = 'The first answer\'s random walk in p5.js ' + P5_VERSION + ' (tests/core/' +
    'skyline_walk_p5.js): randomSeed(seed), random() for Math.random(), height after each column'
  return '{\n"what": ' + JSON.stringify(what) + ',\n"p5": ' + JSON.stringify(P5_VERSION) +
    ',\n"cases": [\n' + cases.map(c => JSON.stringify(c)).join(',\n') + '\n]\n}\n'
}

// Where "golden" first differs from "text" (both as JSON), in words.
function difference(text, goldenText) {
  let want
  try {
    want = JSON.parse(goldenText)
  } catch (e) {
    return 'the golden file is not JSON: ' + e.message
  }
  const have = JSON.parse(text)
  if (!Array.isArray(want.cases) || want.cases.length !== have.cases.length) {
    return 'the golden file has ' + (want.cases || []).length + ' cases, p5 gives ' +
      have.cases.length
  }
  for (let k = 0; k < have.cases.length; k++) {
    const a = have.cases[k]
    const b = want.cases[k]
    for (const key of Object.keys(a)) {
      if (key === 'heights') continue
      if (a[key] !== b[key]) return `case ${k}: ${key} is ${b[key]} in the golden file, ${a[key]} here`
    }
    if (!Array.isArray(b.heights) || b.heights.length !== a.heights.length) {
      return `case ${k}: ${(b.heights || []).length} heights in the golden file, ${a.heights.length} from p5`
    }
    for (let x = 0; x < a.heights.length; x++) {
      if (!Object.is(a.heights[x], b.heights[x])) {
        return `case ${k} (seed ${a.seed}): column ${x} is ${b.heights[x]} in the golden file, ` +
          `${a.heights[x]} from p5`
      }
    }
  }
  return 'the same numbers, written differently (regenerate the golden file with this script)'
}

// p5 and jsdom, from NODE_DIR/node_modules or NODE_DIR.
function modulesDir() {
  for (const dir of [path.join(nodeDir, 'node_modules'), nodeDir]) {
    if (fs.existsSync(path.join(dir, 'p5', 'package.json')) &&
        fs.existsSync(path.join(dir, 'jsdom', 'package.json'))) {
      return dir
    }
  }
  return null
}

const modules = modulesDir()
if (modules === null) {
  console.log(`skipped: p5 and jsdom are not in ${nodeDir}/node_modules (npm install --prefix ` +
    `${nodeDir} p5@${P5_VERSION} jsdom@24)`)
  process.exit(SKIP)
}
const version = require(path.join(modules, 'p5', 'package.json')).version
if (version !== P5_VERSION) {
  console.error(`p5 in ${modules} is ${version}, the reference needs ${P5_VERSION}`)
  process.exit(1)
}

const { JSDOM, VirtualConsole } = require(path.join(modules, 'jsdom'))
// jsdom has no canvas: p5's default canvas fails to draw, which nothing here needs.
const dom = new JSDOM('<!doctype html><html><body></body></html>',
  { pretendToBeVisual: true, virtualConsole: new VirtualConsole() })
for (const k of ['window', 'document', 'navigator', 'screen', 'HTMLCanvasElement', 'HTMLElement',
  'Element', 'Node', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle', 'Event',
  'MouseEvent', 'KeyboardEvent', 'devicePixelRatio', 'location', 'ImageData', 'Image']) {
  const value = k === 'window' ? dom.window : dom.window[k]
  Object.defineProperty(global, k, { value, configurable: true, writable: true })
}
const p5 = require(path.join(modules, 'p5'))

function finish(p) {
  const text = render(CASES.map(c => ({ ...c, heights: answer(p, c) })))
  if (golden === null) {
    process.stdout.write(text, () => process.exit(0))
    return
  }
  const goldenText = fs.readFileSync(golden, 'utf8')
  if (goldenText === text) {
    const columns = CASES.reduce((n, c) => n + c.columns, 0)
    console.log(`p5.js ${version} gives ${golden} exactly: ${CASES.length} cases, ${columns} heights`)
    process.exit(0)
  }
  console.error(`p5.js ${version} differs from ${golden}: ${difference(text, goldenText)}`)
  process.exit(1)
}

new p5(s => {
  s.setup = () => {}
  s.draw = () => {}
  setTimeout(() => {
    try {
      finish(s)
    } catch (e) {
      console.error('failed: ' + e.stack)
      process.exit(1)
    }
  }, 0)
})
