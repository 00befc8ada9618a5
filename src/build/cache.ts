import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GamePaths } from '../load/project.ts'
import type { RenderedFace } from '../render/face.ts'
import type { FaceJob, RenderOptions } from '../render/session.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'

const files = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir)
        .sort()
        .flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? files(path) : [path]
        })

const RENDER_SOURCES = fileURLToPath(new URL('../render/', import.meta.url))
const PACKAGE = fileURLToPath(new URL('../../package-lock.json', import.meta.url))

/**
 * What every face of a game depends on besides its card: the game's templates and definition, the
 * renderer's own code, the installed packages (fonts, icons, satori, resvg) and the options. The art files
 * cards name (`cardArt`, absolute paths) are left out: each is part of its own faces' keys instead.
 */
export const renderInputsHash = (paths: GamePaths, options: RenderOptions, cardArt: ReadonlySet<string> = new Set()): string => {
  const hash = createHash('sha256').update(JSON.stringify(options))
  for (const file of [...files(paths.templatesDir), paths.definition, ...files(RENDER_SOURCES), PACKAGE]) {
    if (existsSync(file) && !cardArt.has(file)) hash.update(file).update(readFileSync(file))
  }
  return hash.digest('hex')
}

/**
 * A face's address: its job (card data without positions, which do not change its look), the inputs, and
 * the digest of the art file its card names (`artDigest`): new art, a new face; other faces stay cached.
 */
export const faceKey = (job: FaceJob, inputs: string, art?: string): string => {
  const card = job.card && { id: job.card.id, type: job.card.type, set: job.card.set, fields: job.card.fields, ...(job.card.art !== undefined && { art: [job.card.art, art] }) }
  return createHash('sha256').update(inputs).update(JSON.stringify({ kind: job.kind, type: job.type, card })).digest('hex').slice(0, 40)
}

export interface CachedFace {
  face: RenderedFace
  diagnostics: Diagnostic[]
}

/** Faces already drawn, by key, in a folder of the output (`out/.cache/<game>/`). */
export class FaceCache {
  constructor(readonly dir: string) {}

  get(key: string): CachedFace | undefined {
    const base = join(this.dir, key)
    if (!existsSync(`${base}.png`) || !existsSync(`${base}.json`)) return undefined
    try {
      const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { diagnostics: Diagnostic[] }
      return { face: { png: readFileSync(`${base}.png`), svg: readFileSync(`${base}.svg`, 'utf8') }, diagnostics: meta.diagnostics }
    } catch {
      return undefined // a damaged entry is drawn again
    }
  }

  set(key: string, { face, diagnostics }: CachedFace): void {
    const base = join(this.dir, key)
    writeFileAtomic(`${base}.svg`, face.svg)
    writeFileAtomic(`${base}.png`, face.png)
    writeFileAtomic(`${base}.json`, JSON.stringify({ diagnostics }))
  }
}
