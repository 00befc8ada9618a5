import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { GameDef } from '../engine/define.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import { cachedOutput, type OutputFile } from './output-cache.ts'
import { sourceHash } from '../cache/source-hash.ts'
import { fileIdentity } from '../util/file-identity.ts'
import type { StoredFace } from '../render/store/face-store.ts'

export type { OutputFile } from './output-cache.ts'
export { applyPreset, presetFaceRules, presetNames, presets, type PresetName } from './presets.ts'

export interface FaceOutputOptions {
  bleedMm: number
  /** `<game>-overview.png`, a contact sheet of every face (~2 s for 150 faces). */
  overview: boolean
  /** Stops the overview between thumbnails once aborted (a watch's newer change). */
  signal?: AbortSignal
  /** `tts/`, Tabletop Simulator deck sheets (~3 s for 150 cards), their README and the saved object of every deck. */
  tts: boolean
  /**
   * Where the saved object finds the sheets: `url`, the address they are uploaded to (`https://…/`, checked by
   * `ttsBaseUrl`), or else `dir`, the folder they are written to (its final place: the object names them as
   * `file:///` addresses); `name`, the object's file name in `tts/`. Default: the sheets' names alone.
   */
  ttsObject?: { name: string; url?: string; dir?: string }
  /** A folder to keep what was made (the build's face cache): an unchanged game is not drawn again. */
  cacheDir?: string
  /** The renderer the faces were drawn with, when it is not satori + resvg ('takumi 2.16.3'): said beside the version. */
  drawnBy?: string
}

/** What an output is made from: the game, its faces (by their keys, which name what they look like), the options and this code. */
const outputKey = (kind: string, game: GameDef, faces: GameFaces, bleedMm: number, drawnBy?: string): string => {
  const hash = createHash('sha256').update(
    JSON.stringify({
      kind,
      id: game.id,
      title: game.title,
      version: game.version,
      bleedMm,
      code: sourceHash('outputs', 'render', 'images'),
      ...(drawnBy && { drawnBy }),
    }),
  )
  // Each face by its files (the store writes each once; a face of a look it held is a link of that look's):
  // faces that look as they did keep what was made of them.
  const face = (f: StoredFace) => [fileIdentity(f.svg, f.key), fileIdentity(f.png, f.key)]
  for (const f of faces.cards) hash.update(JSON.stringify([f.card.id, f.card.type, f.card.qty, f.back, face(f.front)]))
  for (const [name, back] of faces.backs) hash.update(JSON.stringify([name, face(back)]))
  return hash.digest('hex').slice(0, 40)
}

/** The files made from a game's finished faces, named relative to the game's output folder. */
export const faceOutputs = async (
  game: GameDef,
  faces: GameFaces,
  options: FaceOutputOptions,
): Promise<OutputFile[]> => {
  const { bleedMm, cacheDir, drawnBy } = options
  // Thumbnails and the overview's words, kept per version of this code: a few changed faces, a few drawn.
  const pixels = cacheDir && join(cacheDir, 'pixels', sourceHash('outputs', 'render', 'images').slice(0, 16))
  const made = (files: OutputFile[]) => ({ files, diagnostics: [] })
  return [
    ...(options.overview
      ? (
          await cachedOutput(cacheDir, outputKey('overview', game, faces, bleedMm, drawnBy), async () => {
            // Loaded only when drawn: the renderer (satori, resvg) stays out of a build that takes these from the cache.
            const { renderOverview } = await import('./overview.tsx')
            return made([
              {
                name: `${game.id}-overview.png`,
                data: await renderOverview(game, faces, bleedMm, pixels, drawnBy, options.signal),
              },
            ])
          })
        ).files
      : []),
    ...(options.tts
      ? [
          ...(
            await cachedOutput(cacheDir, outputKey('tts', game, faces, bleedMm, drawnBy), async () =>
              made((await import('./tts.ts')).ttsSheets(game, faces, bleedMm, pixels)),
            )
          ).files,
          ...(await ttsGuides(game, faces, options)),
        ]
      : []),
  ]
}

/**
 * The README and the saved object beside the Tabletop Simulator sheets: made each build (they take no drawing,
 * and they name where the sheets are, which is not what the cached sheets are made from).
 */
const ttsGuides = async (game: GameDef, faces: GameFaces, options: FaceOutputOptions): Promise<OutputFile[]> => {
  const [{ ttsLayout, ttsReadme }, { ttsBaseUrl, ttsObject }] = await Promise.all([
    import('./tts.ts'),
    import('./tts-object.ts'),
  ])
  const { name = game.id, url, dir } = options.ttsObject ?? {}
  const decks = ttsLayout(game, faces)
  const base = url ? ttsBaseUrl(url) : dir ? `${pathToFileURL(dir).href}/` : ''
  const file = `${name}.json`
  return [
    { name: 'tts/README.txt', data: ttsReadme(game, decks, { file, url: url && base }, options.drawnBy) },
    { name: `tts/${file}`, data: ttsObject(game, decks, base) },
  ]
}
