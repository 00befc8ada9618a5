import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { basename, join, resolve, sep } from 'node:path'
import { LRUCache } from 'lru-cache'
import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { DrawnFace } from '../renderers/face-renderer.ts'
import type { FaceJob } from '../template/session.ts'
import type { DrawnMeasures } from '../template/check-face.ts'
import { processTempDir, tmpTag, writeStaged } from '../../util/atomic-write.ts'
import { writablePath } from '../../util/inside-folder.ts'
import {
  appendIndex,
  indexStamp,
  readIndex,
  STAGING,
  today,
  writeIndex,
  type IndexKeys,
  type StoreIndex,
} from './store-index.ts'
import type { DrawnWith } from '../template/drawn-with.ts'

export { STAGING } from './store-index.ts'

/**
 * A cached face's diagnostics point where its card was when it was drawn; the key leaves positions out, so
 * they are moved to where the card (and the field) are now.
 */
export const relocate = (diagnostics: readonly Diagnostic[], job: FaceJob): Diagnostic[] =>
  diagnostics.map((d) => {
    const card = job.card
    // Only what was found in the card's data moves with it: a place in the game's code keeps its own.
    const field = d.field ? card?.source.fields[d.field] : undefined
    if (!card || d.card !== card.id || (d.file !== card.source.file && d.file !== field?.file)) return d
    const pos = field ?? card.source.pos
    return {
      ...d,
      file: field?.file ?? card.source.file,
      line: pos.line,
      column: pos.column,
      endLine: pos.endLine,
      endColumn: pos.endColumn,
    }
  })

/** A face on disk: its key and its two files (absolute paths). Faces pass between stages as these, never as bytes. */
export interface StoredFace {
  readonly key: string
  readonly png: string
  readonly svg: string
}

/**
 * A stored face's files, named when asked for: a build holds one of these per face (50,000 of them), and two
 * paths made by `join` for each were ~10 strings, ~600 bytes a face.
 */
class FaceFiles implements StoredFace {
  constructor(
    private readonly dir: string,
    readonly key: string,
  ) {}
  // The store's folder is resolved (normalised, no separator at its end).
  get png(): string {
    return `${this.dir}${sep}${this.key}.png`
  }
  get svg(): string {
    return `${this.dir}${sep}${this.key}.svg`
  }
}

/**
 * Faces by key, in a folder of the output (`out/.cache/<game>/`): `<key>.png` and `<key>.svg`. What each face
 * met drawing it (its diagnostics), what it was drawn with (fonts, icons) for the credits and which texts it
 * showed are in one index (`store-index.ts`): the build's thread records a face there once the thread that
 * drew it stored its files, and only a face drawn without errors, so a face is complete and reusable exactly
 * when the index lists it. The index is read once a build and saved every few seconds while faces are drawn
 * (`saveWhenDue`), at the build's end and as the process exits: finding 10,000 unchanged faces opens no file
 * of theirs, and a face costs its thread its pictures and its look's file (`look-<key>.json`) alone. Files
 * are replaced whole, never changed, so a face's files can be read while other faces are being stored.
 */
export class FaceStore {
  /** The store's folder, resolved (a face's files are named by joining it with their names). */
  readonly dir: string
  constructor(dir: string) {
    this.dir = resolve(dir)
  }

  /**
   * The store of a folder as this process last had it: a watch's next build finds its index in memory, read
   * again only when another process wrote it since (this one's own writes are known).
   */
  static open(dir: string): FaceStore {
    const store = opened.get(dir)
    if (!store) {
      // What the stores learnt since their last save is saved as the process ends (a watch's build process
      // told to end, replaced or disconnected): the index is the only record of the faces drawn.
      if (!opened.size)
        process.once('exit', () => {
          for (const open of opened.values()) open.save()
        })
      opened.set(dir, new FaceStore(dir))
      return opened.get(dir)!
    }
    if (store.loaded && store.loaded.read !== indexStamp(dir)) {
      store.save()
      store.loaded = undefined
    }
    return store
  }

  private loaded?: StoreIndex
  /** The index's entries this store added, used or removed since it read or saved it: what the next save writes. */
  private changed: IndexKeys = { faces: new Set(), shown: new Set(), layouts: new Set() }
  private get index(): StoreIndex {
    return (this.loaded ??= readIndex(this.dir))
  }
  /** An entry found or made: marked as used today (kept by the cache's pruning). */
  private use<T extends { used: number }>(part: keyof IndexKeys, key: string, entry: T): T {
    if (entry.used !== today()) {
      entry.used = today()
      this.changed[part].add(key)
    }
    return entry
  }

  /** The index as this process holds it, read now when it was not yet (it is read when first needed otherwise): the cache's pruning reads it, and may write it. */
  indexed(): StoreIndex {
    return this.index
  }

  files(key: string): StoredFace {
    return new FaceFiles(this.dir, key)
  }

  /**
   * A face stored by an earlier build, with its diagnostics; undefined when the index lists none (never drawn,
   * drawn with errors, or drawn by a build stopped before it saved the index) or its files are gone.
   */
  get(key: string): { face: StoredFace; diagnostics: Diagnostic[]; drawnWith: DrawnWith } | undefined {
    const face = this.files(key)
    const known = this.index.faces.get(key)
    if (!known) return undefined
    if (!existsSync(face.png) || !existsSync(face.svg)) {
      this.forget(key) // its files are gone (pruned, or removed by hand)
      return undefined
    }
    const { diagnostics, drawnWith } = this.use('faces', key, known)
    return { face, diagnostics, drawnWith }
  }

  /** Adds a face stored without errors to the index (the thread that drew it wrote its files). */
  record(key: string, diagnostics: readonly Diagnostic[], drawnWith: DrawnWith): void {
    this.index.faces.set(key, { diagnostics: [...diagnostics], drawnWith, used: today() })
    this.changed.faces.add(key)
  }

  /** The diagnostics of laying out the face `key` when `validate` last did, if it did. */
  layout(key: string): Diagnostic[] | undefined {
    const known = this.index.layouts.get(key)
    return known && this.use('layouts', key, known).diagnostics
  }

  /** Keeps what laying out the face `key` found, for the next `validate`. */
  recordLayout(key: string, diagnostics: readonly Diagnostic[]): void {
    this.index.layouts.set(key, { diagnostics: [...diagnostics], used: today() })
    this.changed.layouts.add(key)
  }

  /** Writes what this build learnt to the index, when it learnt anything: appended to its log, or the whole index when the log is large. */
  save(now = performance.now()): void {
    this.saved = now
    const { changed } = this
    if (!changed.faces.size && !changed.shown.size && !changed.layouts.size) return
    // A store whose folder was removed (out/ deleted by hand, a test's project) lost the faces its index
    // lists: nothing is saved, and the folder is not made again (by a process's save as it exits).
    if (!existsSync(this.dir)) return
    try {
      if (!appendIndex(this.dir, this.index, changed)) writeIndex(this.dir, this.index)
      this.changed = { faces: new Set(), shown: new Set(), layouts: new Set() }
    } catch {
      // The index only saves time: a store that cannot take it (a full disk) has its faces drawn again.
    }
  }

  /** When this store last saved its index (performance.now()), or when it was made. */
  private saved = performance.now()

  /**
   * Saves the index when SAVE_EVERY_MS have passed since it was last saved: what a build calls as each face is
   * recorded, so that a build stopped midway (killed, a crash) loses only the faces of its last seconds.
   */
  saveWhenDue(now = performance.now()): void {
    if (now - this.saved >= SAVE_EVERY_MS) this.save(now)
  }

  /** Makes a stored face not reusable (its files stay for the build that drew it). */
  forget(key: string): void {
    if (this.index.faces.delete(key)) this.changed.faces.add(key)
  }

  /**
   * Which texts of its language (`ShownTexts` keys) the face of `inputs` (its inputs' key) showed when it was
   * last drawn: with a language's texts, the key it is stored under. Undefined when it showed none or was
   * never drawn (a face that showed none is stored under `inputs` itself).
   */
  shownBy(inputs: string): string[] | undefined {
    const known = this.index.shown.get(inputs)
    return known && this.use('shown', inputs, known).keys
  }

  /** The same in the index. */
  recordShown(inputs: string, keys: readonly string[]): void {
    this.index.shown.set(inputs, { keys: [...keys].sort(), used: today() })
    this.changed.shown.add(inputs)
  }

  /** The folder files being stored are written in before they are renamed into place (see `STAGING`). */
  private get staging(): string {
    return join(this.dir, STAGING)
  }

  /**
   * Makes the store's folder and its staging folder, the staging folder checked to lie inside the store once
   * links are followed (see writablePath): once a face stored rather than once each of its files, whose
   * checks and folders were ~60 system calls a face.
   */
  private ready(): void {
    mkdirSync(writablePath(this.dir, this.staging), { recursive: true })
  }

  /**
   * Writes a file of the store whole, once `ready`: written in the checked staging folder, then renamed into
   * place, which replaces a link standing there rather than writing through it.
   */
  private write(path: string, data: string | Uint8Array): void {
    writeStaged(path, data, this.staging)
  }

  /** `to` made a hard link of `from` (once `ready`), replacing what was there in one step; false when it cannot be (no `from`, a file system without hard links). */
  private link(from: string, to: string): boolean {
    const tmp = join(this.staging, `${basename(to)}.${tmpTag()}.tmp`)
    try {
      linkSync(from, tmp)
      renameSync(tmp, to)
      // A rename onto a link of the same file does nothing (POSIX): the new link stays, and goes here.
      rmSync(tmp, { force: true })
      return true
    } catch {
      rmSync(tmp, { force: true })
      return false
    }
  }

  /**
   * Stores a face just drawn; one drawn with errors is kept for this build but is not reused. Its PNG is the
   * store's picture of its SVG when there is one (a hard link: no pixels drawn or written again), else
   * rasterised now and kept as that picture for the next face that looks the same. Returns the face's files
   * and the milliseconds spent rasterising (0 for a picture the store had). What it met and showed goes to the
   * index by the build's thread (`record`, `recordShown`), once this returned.
   */
  async put(
    key: string,
    face: DrawnFace,
    diagnostics: readonly Diagnostic[],
    {
      reusePicture = true,
      look,
    }: {
      reusePicture?: boolean
      /** What the face looks like (lookKey), and what the face rules read of it: kept for faces drawn the same way. */
      look?: { key: string; measures: DrawnMeasures }
    } = {},
  ): Promise<StoredFace & { rasterMs: number }> {
    const files = this.files(key)
    this.ready()
    this.write(files.svg, face.svg)
    const picture = join(this.dir, `picture-${face.picture}.png`)
    let rasterMs = 0
    // Without reuse (--no-cache), every face is rasterised, and its picture replaces the store's.
    if (!(reusePicture && this.link(picture, files.png))) {
      const { png, ms } = await face.rasterise()
      rasterMs = ms
      this.write(files.png, png)
      this.link(files.png, picture)
    }
    if (look && !diagnostics.some((d) => d.severity === 'error')) {
      // The look names this face: a face of the same look is then stored as links of its files, without drawing.
      const kept: KeptLook = { face: key, measures: look.measures }
      this.write(this.lookFile(look.key), JSON.stringify(kept))
      this.looks.set(look.key, kept)
    }
    return { key, png: files.png, svg: files.svg, rasterMs }
  }

  /** What the face rules read of the face stored with this look (see lookKey); undefined when the store has none. */
  look(look: string): DrawnMeasures | undefined {
    return this.keptLook(look)?.measures
  }

  private keptLook(look: string): KeptLook | undefined {
    const known = this.looks.get(look)
    if (known) return known
    try {
      const kept = JSON.parse(readFileSync(this.lookFile(look), 'utf8')) as KeptLook
      const { face, measures } = kept
      if (typeof face !== 'string' || !/^[0-9a-f]{40}$/.test(face)) return undefined
      if (!Array.isArray(measures?.behind) || typeof measures.measured !== 'boolean') return undefined
      this.looks.set(look, kept)
      return kept
    } catch {
      return undefined // none yet, or damaged: the face is drawn
    }
  }

  /**
   * Stores a face of a look the store holds (see `look`) without drawing it: its files are links of those of
   * the face the look names. False when they cannot be (that face's files were pruned meanwhile): the face is
   * to be drawn.
   */
  putLook(key: string, look: string): boolean {
    const kept = this.keptLook(look)
    const files = this.files(key)
    this.ready()
    const from = kept && this.files(kept.face)
    // The look may name this very face, whose files were pruned meanwhile: then they must still be there.
    const linked =
      from &&
      (from.svg === files.svg
        ? existsSync(files.svg) && existsSync(files.png)
        : this.link(from.svg, files.svg) && this.link(from.png, files.png))
    if (!linked) {
      this.looks.delete(look)
      return false
    }
    return true
  }

  /**
   * The looks this store learnt or read in this thread, the most recently used (a watch keeps its store from
   * build to build: every face ever drawn would stay otherwise); the others are read again from their files.
   */
  private readonly looks = new LRUCache<string, KeptLook>({ max: 2000 })

  private lookFile(look: string): string {
    return join(this.dir, `look-${look}.json`)
  }
}

/** A look the store holds: the face stored with it (its files are the look's picture) and what the face rules read of it. */
interface KeptLook {
  face: string
  measures: DrawnMeasures
}

const opened = new Map<string, FaceStore>()

/**
 * How often a build saves its store's index while faces are drawn: a line appended to its log each time
 * (a cold build's first save writes it whole), a few milliseconds against the seconds of drawing it keeps.
 */
export const SAVE_EVERY_MS = 5000

/** A store for a run that keeps no cache: a temporary folder, removed when the process exits. */
export const temporaryStore = (): FaceStore => {
  return new FaceStore(processTempDir('deckwright-faces-'))
}
