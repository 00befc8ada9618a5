import { tmpdir } from 'node:os'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PNG } from 'pngjs'

const DIR = fileURLToPath(new URL('./__snapshots__/', import.meta.url))

/** `UPDATE_SNAPSHOTS=1 npx vitest run test/render` rewrites the committed images. */
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1'

export interface SnapshotResult {
  ok: boolean
  message: string
}

/**
 * Compares a PNG with the committed `__snapshots__/<name>.png` pixel by pixel. A pixel differs when one
 * of its channels is off by more than `channel` (anti-aliasing varies a little between machines); the
 * image matches while at most `share` of its pixels differ. A missing snapshot fails; UPDATE_SNAPSHOTS=1 writes it.
 */
export const compareSnapshot = (name: string, png: Buffer, { channel = 48, share = 0.004 } = {}): SnapshotResult => {
  const file = join(DIR, `${name}.png`)
  if (UPDATE) {
    mkdirSync(DIR, { recursive: true })
    writeFileSync(file, png)
    return { ok: true, message: `wrote ${name}.png` }
  }
  // A missing snapshot fails: written silently, it would pass whatever was drawn.
  if (!existsSync(file))
    return {
      ok: false,
      message: `no snapshot ${name}.png: run UPDATE_SNAPSHOTS=1 npx vitest run test/render and commit it`,
    }
  const want = PNG.sync.read(readFileSync(file))
  const got = PNG.sync.read(png)
  if (want.width !== got.width || want.height !== got.height)
    return {
      ok: false,
      message: `${name}: ${got.width}×${got.height} px, the snapshot is ${want.width}×${want.height}`,
    }
  let differ = 0
  for (let i = 0; i < got.data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs(got.data[i + c]! - want.data[i + c]!) > channel) {
        differ++
        break
      }
    }
  }
  const allowed = Math.floor(share * got.width * got.height)
  if (differ > allowed) {
    // What was drawn goes outside the repository, where it cannot be committed by mistake.
    const actual = join(tmpdir(), `deckwright-${name}.actual.png`)
    writeFileSync(actual, png)
    return {
      ok: false,
      message: `${name}: ${differ} pixels differ (at most ${allowed} may); see ${actual}, or run UPDATE_SNAPSHOTS=1 if the change is meant`,
    }
  }
  return { ok: true, message: `${name}: ${differ} pixels differ` }
}
