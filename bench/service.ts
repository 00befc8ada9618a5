import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { cardSize } from '../dist/engine/card-sizes.js'
import { presets } from '../dist/outputs/presets.js'
import { serviceTools } from '../dist/make/service-files.js'
import { makeServicePdfs, type ServiceCard } from '../dist/print/service-pdfs.js'
import { face } from './sheets.ts'
import { median } from './median.ts'

/**
 * DriveThruCards' PDF of a 90-card poker deck (90 distinct fronts, one shared back, the sheets bench's faces
 * as files): every face converted to CMYK by Ghostscript through its own profile, its ink measured and
 * limited, the PDF/X written; the median of `runs` timings in milliseconds, or none without Ghostscript.
 */
export const benchService = async (cards = 90, runs = 3): Promise<number | undefined> => {
  const tools = serviceTools()
  if ('problem' in tools) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'deckwright-bench-service-'))
  try {
    const png = (name: string, seed: number) => {
      const file = join(dir, `${name}.png`)
      writeFileSync(file, face(seed))
      return { png: file, key: name }
    }
    const back = png('back', -1)
    const size = cardSize('poker')!
    const deck: ServiceCard[] = Array.from({ length: cards }, (_, i) => ({
      id: `card-${i}`,
      qty: 1,
      deck: 'bench',
      size,
      front: png(`card-${i}`, i),
      back,
      at: { file: 'bench.yaml' },
    }))
    const options = {
      service: presets.dtc.title,
      pdf: presets.dtc.pdf,
      title: 'Bench',
      stem: 'bench',
      bleedMm: 3,
      ...tools,
    }
    const times: number[] = []
    for (let r = 0; r < runs; r++) {
      const started = performance.now()
      await makeServicePdfs(deck, options)
      times.push(performance.now() - started)
    }
    return median(times)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
