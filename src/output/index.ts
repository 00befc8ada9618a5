import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { GameDef } from '../engine/define.ts'
import type { GameFaces } from '../render/render-game.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { renderOverview } from './overview.tsx'
import { ttsSheets, type OutputFile } from './tts.ts'

export type { OutputFile } from './tts.ts'
export { applyPreset, presetNames, presets, type PresetName } from './presets.ts'

export interface FaceOutputOptions {
  bleedMm: number
  /** `<game>-overview.png`, a contact sheet of every face (~2 s for 150 faces). */
  overview: boolean
  /** `tts/`, Tabletop Simulator deck sheets (~3 s for 150 cards). */
  tts: boolean
  /** A folder to keep what was made (the build's face cache): an unchanged game is not drawn again. */
  cacheDir?: string
}

// This code and the renderer's (fonts, PNG encoder) and the installed packages (satori, resvg, fonts).
const files = (dir: string) => readdirSync(dir).sort().map((n) => join(dir, n)).filter((p) => statSync(p).isFile())
const SOURCES = [...files(fileURLToPath(new URL('./', import.meta.url))), ...files(fileURLToPath(new URL('../render/', import.meta.url)))]
const PACKAGE = fileURLToPath(new URL('../../package-lock.json', import.meta.url))

let code: string | undefined
const codeHash = (): string => {
  if (!code) {
    const hash = createHash('sha256')
    for (const file of [...SOURCES, PACKAGE]) if (existsSync(file)) hash.update(readFileSync(file))
    code = hash.digest('hex').slice(0, 16)
  }
  return code
}

/** What an output is made from: the game, its faces (by their keys, which name what they look like), the options and this code. */
const outputKey = (kind: string, game: GameDef, faces: GameFaces, bleedMm: number): string => {
  const hash = createHash('sha256').update(JSON.stringify({ kind, id: game.id, title: game.title, version: game.version, bleedMm, code: codeHash() }))
  for (const f of faces.cards) hash.update(JSON.stringify([f.card.id, f.card.type, f.card.qty, f.back, f.front.key]))
  for (const [name, back] of faces.backs) hash.update(JSON.stringify([name, back.key]))
  return hash.digest('hex').slice(0, 40)
}

/** Makes an output's files, or takes them from the cache when nothing they are made from changed. */
const cached = async (cacheDir: string | undefined, key: string, make: () => OutputFile[] | Promise<OutputFile[]>): Promise<OutputFile[]> => {
  const dir = cacheDir && join(cacheDir, 'outputs', key)
  const manifest = dir && join(dir, 'files.json')
  if (manifest && existsSync(manifest)) {
    try {
      return (JSON.parse(readFileSync(manifest, 'utf8')) as string[]).map((name, i) => ({ name, data: readFileSync(join(dir, String(i))) }))
    } catch {
      // a damaged entry is made again
    }
  }
  const files = await make()
  if (dir && manifest) {
    files.forEach((f, i) => writeFileAtomic(join(dir, String(i)), f.data))
    writeFileAtomic(manifest, JSON.stringify(files.map((f) => f.name)))
  }
  return files
}

/** The files made from a game's finished faces, named relative to the game's output folder. */
export const faceOutputs = async (game: GameDef, faces: GameFaces, options: FaceOutputOptions): Promise<OutputFile[]> => {
  const { bleedMm, cacheDir } = options
  // Thumbnails and the overview's words, kept per version of this code: a few changed faces, a few drawn.
  const pixels = cacheDir && join(cacheDir, 'pixels', codeHash())
  return [
    ...(options.overview ? await cached(cacheDir, outputKey('overview', game, faces, bleedMm), async () => [{ name: `${game.id}-overview.png`, data: await renderOverview(game, faces, bleedMm, pixels) }]) : []),
    ...(options.tts ? await cached(cacheDir, outputKey('tts', game, faces, bleedMm), () => ttsSheets(game, faces, bleedMm, pixels)) : []),
  ]
}
