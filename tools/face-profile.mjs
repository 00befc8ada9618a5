#!/usr/bin/env node
// Where a game thread's time goes, by what deckwright does for a face: `node tools/face-profile.mjs
// <file.cpuprofile> [faces]` reads a V8 CPU profile (`node --cpu-prof --cpu-prof-dir=<dir> bin/deckwright.js
// build <game> --only faces --no-cache --jobs 1`: the largest file of the folder is the game thread's) and
// prints each part's milliseconds, a face's when the number of faces is given. Each sample goes to the first
// frame from its leaf up that a part recognises (a native call to the code that made it), and everything
// below loading a module to the start-up. See docs/internals.md, "A face's time, one thread".
import { readFileSync } from 'node:fs'

const [file, facesArg] = process.argv.slice(2)
if (!file) {
  console.error('usage: node tools/face-profile.mjs <file.cpuprofile> [faces]')
  process.exit(2)
}
const faces = Number(facesArg ?? 0)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parents = new Map()
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id)

/** The parts, in the order they are tried on each frame; a renderer's own packages before deckwright's. */
const PARTS = [
  ['GC', (url, fn) => fn === '(garbage collector)'],
  ['idle', (url, fn) => fn === '(idle)'],
  ['V8 and native, unattributed', (url, fn) => fn === '(program)'],
  [
    'PNG encoder (png.ts, png-rows.ts, zlib-pieces.ts)',
    (url) => /renderers\/(png|png-rows|zlib-pieces)\.[jt]s/.test(url),
  ],
  [
    'resvg: raster',
    (url, fn) => /@resvg/.test(url) || (/renderers\/satori-resvg\.[jt]s/.test(url) && fn === 'rasterise'),
  ],
  [
    'satori: layout and SVG',
    (url) =>
      /node_modules\/(satori|yoga|@shuding\/opentype|css-to-react-native|postcss-value-parser|escape-html|hex-rgb|camelize|css-color-keywords|css-background-parser|emoji-regex|linebreak|parse-css-color|base64-js)/.test(
        url,
      ),
  ],
  ['takumi', (url) => /@takumi-rs/.test(url)],
  ['renderer seam (borderBox, picture hash)', (url) => /render\/renderers\//.test(url)],
  [
    'text: measure and fit (fontkit)',
    (url) => /render\/text\/|fontkit|restructure|unicode-|tiny-inflate|bidi-js/.test(url),
  ],
  ['face key', (url) => /store\/face-key/.test(url)],
  [
    'store: files and index',
    (url) => /store\/(face-store|store-index|stamp-revision|game-faces)|atomic-write/.test(url),
  ],
  ['drawInto', (url) => /store\/draw-face/.test(url)],
  [
    'template run (session, components, React)',
    (url) => /render\/template\/|node_modules\/react\/|\/templates\//.test(url),
  ],
  ['fonts and icons', (url) => /render\/fonts\//.test(url)],
  ['threads and messages', (url, fn) => /threads\/|game-worker/.test(url) || fn === 'postMessage'],
]

const STARTUP = 'start-up: loading modules'
const loadsModule = (n) => {
  const { functionName: fn, url } = n.callFrame
  return /internal\/modules\/|internal\/bootstrap\/realm/.test(url) || (fn === 'evaluate' && url === '')
}
const partOf = new Map()
const part = (id) => {
  if (partOf.has(id)) return partOf.get(id)
  let found
  for (let at = id; at !== undefined && !found; at = parents.get(at)) if (loadsModule(nodes.get(at))) found = STARTUP
  for (let at = id; at !== undefined && !found; at = parents.get(at)) {
    const { url, functionName } = nodes.get(at).callFrame
    found = PARTS.find(([, test]) => test(url, functionName))?.[0]
  }
  found ??= 'other'
  partOf.set(id, found)
  return found
}

const spent = new Map()
profile.samples.forEach((id, i) => {
  const name = part(id)
  spent.set(name, (spent.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000)
})
const busy = [...spent].reduce((sum, [name, ms]) => sum + (name === 'idle' ? 0 : ms), 0)
const per = (ms) => (faces ? `${(ms / faces).toFixed(2).padStart(8)} ms a face` : '')
console.log(`${file}: busy ${(busy / 1000).toFixed(1)} s${faces ? `, ${faces} faces` : ''}`)
for (const [name, ms] of [...spent].sort((a, b) => b[1] - a[1]))
  console.log(`${ms.toFixed(0).padStart(8)} ms ${per(ms)}  ${name}`)
