// An update pack (`deckwright changes --pack`): print sheets of only the cards that look different since a
// revision (added, or changed in their pixels), each `qty` times with its back, and before them a list a
// playtester follows to sort the new prints into the old deck: what to take out (cards removed, and the old
// prints of changed ones, by name and stamp) and what to put in.
import { join } from 'node:path'
import { isReprinted, type CardChange, type GameChanges } from './changes.ts'
import { OutputBatch } from '../outputs/output-batch.ts'
import { textPages } from '../print/text-pages.ts'
import { writeSheetsFile, type PrintItem, type SheetOptions } from '../print/sheets.ts'
import { stampRevision } from '../render/store/stamp-revision.ts'
import { stampText } from '../render/template/stamp.ts'
import { drawnByOf } from '../render/renderers/renderer.ts'

/** A line of the list: a card, how many, and the stamp its print carries (with `--stamp`). */
export interface PackLine {
  id: string
  name: string
  qty: number
  stamp: string
}

/** What an update pack holds: the list's two parts, and the cards printed (the "in" part's, in its order). */
export interface PackList {
  out: PackLine[]
  in: PackLine[]
}

/** The cards a pack prints: added, or changed so that a face looks different (a change of data no face shows needs no reprint). */

/** A card's stamp in one version: its game's version and the revision of its faces there. */
const stampOf = (version: string | undefined, faces: 'before' | 'after', c: CardChange): string => {
  const front = c.front[faces]
  const back = c.back[faces]
  return front && back ? stampText(version ?? '', stampRevision(front.png, back.png)) : ''
}

/** The list of an update pack: out, the removed cards and the old prints of those reprinted; in, those reprinted. */
export const packList = (changes: GameChanges): PackList => {
  // The old prints by the name and count they were printed with; the new by today's.
  const line = (c: CardChange, side: 'before' | 'after'): PackLine => ({
    id: c.id,
    ...(side === 'before' && c.was ? c.was : { name: c.name, qty: c.qty }),
    stamp: stampOf(changes.version[side], side, c),
  })
  return {
    out: changes.cards
      .filter((c) => c.change === 'removed' || (c.change === 'changed' && isReprinted(c)))
      .map((c) => line(c, 'before')),
    in: changes.cards.filter(isReprinted).map((c) => line(c, 'after')),
  }
}

/** The pack's file name: `<game>-update-<commit>.pdf`, named after the revision it updates from. */
export const packName = (changes: GameChanges): string =>
  `${changes.game}-update-${changes.revision.commit.slice(0, 7)}.pdf`

/**
 * Writes the update pack of a comparison (of the project at `root`) into the game's outputs (`<outDir>/<game>/`, put in place as a
 * build's outputs are, the others kept); returns its path, or none when no card is to be reprinted or
 * removed. Each card `qty` times, fronts and backs as the build's sheets (duplex on the long edge unless
 * `sheets` says otherwise).
 */
export const writeUpdatePack = async (
  root: string,
  changes: GameChanges,
  outDir: string,
  sheets: Omit<SheetOptions, 'title' | 'intro' | 'credits'> = {},
): Promise<string | undefined> => {
  const list = packList(changes)
  if (!list.in.length && !list.out.length) return undefined
  const items: PrintItem[] = changes.cards.filter(isReprinted).flatMap((c) => {
    // The stamped front when the comparison drew it (`stampReprints`), so that new prints tell from old.
    const front = (c.stamped ?? c.front.after!).png
    const item = { front, back: c.back.after!.png, size: changes.sizes[c.type]! }
    return Array.from({ length: c.qty }, (_, copy) => ({ ...item, id: c.qty > 1 ? `${c.id}#${copy + 1}` : c.id }))
  })
  const gameDir = join(outDir, changes.game)
  const target = join(gameDir, packName(changes))
  const outputs = new OutputBatch(join(outDir, '.cache'), gameDir)
  try {
    await writeSheetsFile(
      items,
      {
        paper: 'a4',
        duplex: 'long-edge',
        ...sheets,
        title: `${changes.title} — update since ${changes.revision.ref}`,
        intro: (doc, size) => listPage(doc, size, changes, list),
        // Credited as on the build's sheets: the icons' licences ask for their authors wherever they go.
        credits: { drawnWith: changes.drawnWith, root, drawnBy: drawnByOf(changes.renderer) },
      },
      () => outputs.stage(target),
    )
    outputs.commit()
  } catch (error) {
    outputs.discard()
    throw error
  }
  return target
}

/** The list page: take out, then put in, each card by name, count and stamp. One page; a long list runs on. */
const listPage = (doc: PDFKit.PDFDocument, size: [number, number], changes: GameChanges, list: PackList): number => {
  const text = textPages(doc, size)
  const write = (weight: 'regular' | 'bold', fontSize: number, words: string, gap = 0) =>
    text.write(weight, fontSize, '#111111', words, gap)
  const { revision, version } = changes
  write('bold', 16, `${changes.title}: update since ${revision.ref} (${revision.commit.slice(0, 7)})`)
  write(
    'regular',
    9,
    `Version ${version.before ?? '–'} then, ${version.after} now. Each card's stamp as build --stamp prints it at the bottom right of its front.`,
    4,
  )
  const part = (title: string, lines: PackLine[]) => {
    write('bold', 12, title, 14)
    if (!lines.length) write('regular', 10, 'None.', 4)
    for (const l of lines) write('regular', 10, `${l.qty} × ${l.name} (${l.id})    ${l.stamp}`, 4)
  }
  part('Take out of the deck', list.out)
  part('Put in (printed on the following sheets)', list.in)
  return text.pages()
}
