// npm run bench -- --png [faces a game]: the PNG encoder on real faces (the example games' own, drawn by satori +
// resvg and by takumi): ms and bytes a face, the median of seven rounds. The encoder before issue 40 (Sub on
// every row) took 4.2–4.5 ms of CPU a face and 39.1 KB on the same faces (docs/internals.md).
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { PNG } from 'pngjs'
import { encodeRgbPng } from '../dist/render/renderers/png.js'
import { loadRenderer } from '../dist/render/renderers/renderer.js'
import { planFaces } from '../dist/render/template/plan.js'
import { openSession } from '../dist/render/template/session.js'
import { validateGame } from '../dist/validate/validate-game.js'
import { median } from './median.ts'

const repo = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const GAMES = ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']

interface Face {
  data: Uint8Array
  width: number
  height: number
}

/**
 * The first `count` faces of each example game at 300 dpi, drawn by both renderers, as the RGBA pixels the
 * encoder is given (read back from the PNG: resvg's are opaque, and takumi's nearly always are).
 */
const realFaces = async (count: number): Promise<Face[]> => {
  const faces: Face[] = []
  for (const name of ['satori', 'takumi'] as const) {
    const loaded = await loadRenderer(name)
    if ('unavailable' in loaded) continue
    for (const id of GAMES) {
      const { game, paths, cards } = (await validateGame(repo, id)).value!
      const session = (await openSession(paths, game, { dpi: 300, bleedMm: 3, inkFriendly: false })).value
      for (const { job } of planFaces(game, cards).slice(0, count)) {
        const { prepared } = await session.draw(job, { prepareOnly: true })
        if (!prepared) continue
        const drawn = await loaded.renderer.draw(prepared.element, prepared.box, prepared.fonts, 300)
        const png = PNG.sync.read((await drawn.rasterise()).png)
        faces.push({ data: new Uint8Array(png.data), width: png.width, height: png.height })
      }
    }
  }
  return faces
}

/** The encoder over every face, `rounds` times: the median wall and CPU ms a face, and bytes a face. */
export const benchPng = async (count: number, rounds = 7) => {
  const faces = await realFaces(count)
  const wall: number[] = []
  const cpu: number[] = []
  let bytes = 0
  for (let round = 0; round < rounds; round++) {
    const used = process.cpuUsage()
    const start = performance.now()
    bytes = 0
    for (const face of faces) bytes += encodeRgbPng(face.data, face.width, face.height).length
    wall.push((performance.now() - start) / faces.length)
    const spent = process.cpuUsage(used)
    cpu.push((spent.user + spent.system) / 1000 / faces.length)
  }
  const sizes = [...new Set(faces.map((f) => `${f.width}×${f.height}`))].join(', ')
  console.log(
    `PNG encoder, ${faces.length} real faces (${sizes} px), median of ${rounds} rounds: ${median(cpu).toFixed(2)} ms a face CPU (${median(wall).toFixed(2)} ms wall), ${(bytes / faces.length / 1024).toFixed(1)} KB a face`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await benchPng(Number(process.argv[2] ?? 12))
