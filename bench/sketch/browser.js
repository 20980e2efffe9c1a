// The web sketch's frame rate, live, in headless Chromium with software rendering only.
//
// Serves bench/sketch/page.html from 127.0.0.1 with p5.js 1.11.13 (p5.min.js, from npm) and the
// p5.js "Hydraulic Erosion" sketch's own sketch.js, taken out of the sketch's document
// (SKETCH_DOC: bench/frame_rate.sh looks for it at run time beside the repository; it is not
// copied into the repository) and changed in one line only: the seed is 42, not a random one.
// (The frame-rate cap is lifted by the page through p5's hooks and two Chromium flags; see
// page.html for how and why that still measures the sketch's whole per-frame cost.)
//
// For each --size WxH: starts Chromium afresh (new --user-data-dir), opens the page in a window
// of that size, lets it rain for --warm seconds, counts the frames the page draws over
// --seconds, takes a screenshot into --out, closes the browser. Before the sketch it measures the
// browser's own ceiling (ceiling_fps: a trivial canvas page's animation frames per second) to
// show that nothing paces the frames at 60 Hz, and reads chrome://gpu to check that canvas and
// compositing are in software only (it stops with an error if not). It rains as live: 200 drops a
// frame, from the moment setup() ends (prefers-reduced-motion is emulated as no-preference).
// Prints one JSON object on stdout.
//
// Usage: node browser.js SKETCH_DOC --chromium PATH --out DIR --size WxH [--size WxH ...]
//                        [--warm 2] [--seconds 10] [--restart FRAMES]
'use strict'
const fs = require('fs')
const os = require('os')
const path = require('path')
const http = require('http')
const puppeteer = require('puppeteer-core')

const args = process.argv.slice(2)
const doc = args[0]
const opt = (name, fallback) => {
  const k = args.indexOf(name)
  return k >= 0 ? args[k + 1] : fallback
}
const sizes = args.flatMap((a, k) => (a === '--size' ? [args[k + 1]] : [])).map(s => {
  const m = /^(\d+)x(\d+)$/.exec(s)
  if (!m) throw new Error(`--size wants WxH, got ${s}`)
  return { w: Number(m[1]), h: Number(m[2]) }
})
const chromium = opt('--chromium', '/usr/bin/chromium')
const out = opt('--out', '.')
const WARM_S = Number(opt('--warm', 2))
const MEASURE_S = Number(opt('--seconds', 10))
const RESTART = opt('--restart', '')   // frames between restarts; the page's default is 1,400

// The sketch, unchanged but for its seed
const text = fs.readFileSync(doc, 'utf8')
const start = text.indexOf('```javascript')
const end = text.indexOf('```', start + 13)
if (start < 0 || end < 0) throw new Error(`no javascript block in ${doc}`)
const random_seed = 'let seed = Math.floor(Math.random() * 1000000)'
let sketch_js = text.slice(start + 13, end)
if (!sketch_js.includes(random_seed)) throw new Error(`the sketch's seed line is not there: ${random_seed}`)
sketch_js = sketch_js.replace(random_seed, 'let seed = 42')

const files = {
  '/': { type: 'text/html', body: fs.readFileSync(path.join(__dirname, 'page.html')) },
  '/p5.min.js': { type: 'text/javascript', body: fs.readFileSync(require.resolve('p5/lib/p5.min.js')) },
  '/sketch.js': { type: 'text/javascript', body: Buffer.from(sketch_js) },
  '/favicon.ico': { type: 'image/x-icon', body: Buffer.alloc(0) },
  // The browser's own ceiling: a small canvas filled afresh on every animation frame. Far above
  // 60 fps when nothing paces requestAnimationFrame, 60 when vsync still does.
  '/ceiling': {
    type: 'text/html',
    body: Buffer.from(`<!doctype html><html><body style="margin:0"><canvas id="c" width="64" height="64"></canvas>
<script>
const ctx = document.getElementById('c').getContext('2d')
let frames = 0
window.ceiling = new Promise(resolve => {
  let first = 0
  const frame = now => {
    ctx.fillStyle = frames % 2 ? '#000' : '#fff'
    ctx.fillRect(0, 0, 64, 64)
    if (frames++ === 10) first = performance.now()
    if (frames > 10 && performance.now() - first > 1000) resolve((frames - 11) / ((performance.now() - first) / 1000))
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})
</script></body></html>`),
  },
}
const p5_version = require('p5/package.json').version

// Software rendering only, as required, plus what running headless as root here needs.
// --disable-frame-rate-limit and --disable-gpu-vsync take away the 60 Hz vsync that paces
// requestAnimationFrame, so frames come as fast as the page can draw and paint them.
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-accelerated-2d-canvas',
  '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  '--disable-frame-rate-limit', '--disable-gpu-vsync',
]

function serve() {
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url, 'http://127.0.0.1').pathname]
    if (!file) {
      res.writeHead(404)
      res.end()
      return
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' })
    res.end(file.body)
  })
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)))
}

// What chrome://gpu says about canvas and compositing (should be "Software only")
async function gpu_status(browser) {
  const page = await browser.newPage()
  try {
    await page.goto('chrome://gpu', { waitUntil: 'load' })
    await new Promise(r => setTimeout(r, 1000))
    const status = await page.evaluate(() => {
      // The page is built of shadow roots; its feature list reads "Canvas:", "Software only. ..."
      const texts = []
      const walk = node => {
        if (!node) return
        if (node.nodeType === 3 && node.textContent.trim()) texts.push(node.textContent.trim())
        for (const c of node.childNodes || []) walk(c)
        if (node.shadowRoot) walk(node.shadowRoot)
      }
      walk(document.documentElement)
      const found = {}
      texts.forEach((t, k) => {
        const m = /^(Canvas|Compositing|Rasterization|OpenGL):$/.exec(t)
        if (m && !(m[1] in found)) found[m[1]] = texts[k + 1]
      })
      return found
    })
    return status
  } catch (e) {
    return { error: String(e) }
  } finally {
    await page.close()
  }
}

async function measure(server, size) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sketch-chromium-'))
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: [...FLAGS, `--user-data-dir=${profile}`, `--window-size=${size.w},${size.h}`],
    defaultViewport: { width: size.w, height: size.h, deviceScaleFactor: 1 },
    protocolTimeout: (WARM_S + MEASURE_S + 120) * 1000,
  })
  try {
    const version = await browser.version()
    const command_line = browser.process().spawnargs.slice(1)
    const gpu = await gpu_status(browser)
    if (!/^Software only/.test(gpu.Canvas || '') || !/^Software only/.test(gpu.Compositing || '')) {
      throw new Error('Chromium is not drawing in software only: chrome://gpu says ' + JSON.stringify(gpu))
    }
    const probe = await browser.newPage()
    await probe.goto(`http://127.0.0.1:${server.address().port}/ceiling`, { waitUntil: 'load' })
    const ceiling_fps = await probe.evaluate(() => window.ceiling)
    await probe.close()
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', e => errors.push(String(e)))
    page.on('console', m => { if (m.type() === 'error') errors.push(m.text()) })
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'no-preference' }])
    const port = server.address().port
    await page.goto(`http://127.0.0.1:${port}/?w=${size.w}&h=${size.h}${RESTART ? '&restart=' + RESTART : ''}`, { waitUntil: 'load' })
    await page.waitForFunction(() => window.bench && window.bench.instance && window.bench.frames > 0,
      { timeout: 30000 })
    const result = await page.evaluate((w, m) => window.bench.measure(w, m), WARM_S * 1000, MEASURE_S * 1000)
    const shot = path.join(out, `sketch-${size.w}x${size.h}.png`)
    await page.screenshot({ path: shot })
    if (errors.length) throw new Error('the page reported errors: ' + errors.join('\n'))
    if (!result.looping) throw new Error('the rain stopped while measuring')
    if (result.canvas[0] !== size.w || result.canvas[1] !== size.h) {
      throw new Error(`the canvas is ${result.canvas.join('x')}, not ${size.w}x${size.h}`)
    }
    return { size: `${size.w}x${size.h}`, ...result, ceiling_fps, screenshot: shot, chromium: version, gpu,
      command_line }
  } finally {
    await browser.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
}

;(async () => {
  if (!sizes.length) throw new Error('no --size given')
  fs.mkdirSync(out, { recursive: true })
  const server = await serve()
  const results = []
  try {
    for (const size of sizes) results.push(await measure(server, size))
  } finally {
    server.close()
  }
  console.log(JSON.stringify({ p5: p5_version, node: process.version, warm_s: WARM_S, measure_s: MEASURE_S, results }))
})().catch(e => {
  console.error(e && e.stack ? e.stack : e)
  process.exit(1)
})
