import { performance } from 'node:perf_hooks'
import { cardSize } from '../dist/engine/card-sizes.js'
import { writeSheets, type PrintItem } from '../dist/print/sheets.js'
import { encodeRgbPng } from '../dist/render/renderers/png.js'
import { median } from './median.ts'

// MakePlayingCards' poker face at 300 dpi: trim plus 3 mm bleed.
const WIDTH = 822
const HEIGHT = 1122

/** A face like the renderer's: a flat background, a darker frame and a few blocks of colour, different for each card. */
export const face = (seed: number): Buffer => {
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4)
  const hue = (seed * 47) % 256
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4
      const frame = x < 60 || y < 60 || x >= WIDTH - 60 || y >= HEIGHT - 60
      const block = ((x >> 6) + (y >> 6) + seed) % 7 === 0 && y > 200 && y < 900
      rgba[i] = frame ? hue / 2 : block ? 255 - hue : 240
      rgba[i + 1] = frame ? 40 : block ? (seed * 13) % 256 : 236 - (y >> 4)
      rgba[i + 2] = frame ? 255 - hue / 2 : block ? hue : 228
      rgba[i + 3] = 255
    }
  return encodeRgbPng(rgba, WIDTH, HEIGHT)
}

/**
 * Writes the print sheets of a 90-card poker game (90 distinct fronts, one shared back) from PNGs already in
 * memory, as the build does once the faces exist; the median of `runs` timings, in milliseconds.
 */
export const benchSheets = async (cards = 90, runs = 3): Promise<number> => {
  const size = cardSize('poker')!
  const back = face(-1)
  const items: PrintItem[] = Array.from({ length: cards }, (_, i) => ({ id: `card-${i}`, front: face(i), back, size }))
  const times: number[] = []
  for (let r = 0; r < runs; r++) {
    const started = performance.now()
    await writeSheets(items, { title: 'Bench' })
    times.push(performance.now() - started)
  }
  return median(times)
}
