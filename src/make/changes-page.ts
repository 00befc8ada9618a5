// The page of what changed in a game (`out/<game>/changes/index.html`): each card changed, its faces that
// look different before and after, side by side, with the boxes where their pixels differ; its data changes
// as text (field: old → new); the cards added and removed; the rules sections changed. A static page: no
// script, nothing from elsewhere (a Content-Security-Policy forbids both), card text put in as text, and the
// faces it shows copied beside it (`faces/<key>.png`, named by the store's key) and referred to relatively.
import { join, relative, sep } from 'node:path'
import type { StoredFace } from '../render/store/face-store.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { relativePath } from '../load/project.ts'
import { OutputBatch, OutputInTheWay } from '../outputs/output-batch.ts'
import { isWriteFailure } from '../util/write-failure.ts'
import { shownValue } from '../pull/report.ts'
import { changeCounts } from './changes-report.ts'
import type { CardChange, EditionChanges, FaceSides, GameChanges, PixelChanges } from './changes.ts'

/** The folder of a game's page of changes, in its output folder. */
export const CHANGES_DIR = 'changes'

/** No script, no frame, no form, nothing fetched but the page's own images; styles only its own, inline. */
const POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

const STYLE = `body { font: 15px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1em; margin: 1.5em 0 .3em; }
.card { border-top: 1px solid #ccc; }
.faces { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
figure { margin: 0; } figcaption { font-size: .85em; color: #555; }
.frame { position: relative; display: inline-block; line-height: 0; outline: 1px solid #ddd; }
.frame img { width: 220px; height: auto; }
.mark { position: absolute; box-sizing: border-box; border: 2px solid #ff00aa; background: rgba(255, 0, 170, .12); }
.added { color: #1a7f37; } .removed { color: #cf222e; }
del { color: #cf222e; } ins { color: #1a7f37; text-decoration: none; }`

/** Text put in HTML as text, in an element or an attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A share of a length, as a CSS percentage (short, and the same on every machine). */
const percent = (part: number, whole: number) => `${Number(((part / whole) * 100).toFixed(3))}%`

/** The page being made: its faces to copy, by the file name the page gives them. */
type Faces = Map<string, string>

/** A face shown: its picture (copied beside the page) and, over it, the boxes where it differs from the other. */
const face = (faces: Faces, stored: StoredFace, caption: string, changes?: PixelChanges): string => {
  const name = `faces/${stored.key}.png`
  faces.set(name, stored.png)
  const size = changes?.width ? ` width="${changes.width}" height="${changes.height}"` : ''
  const marks = changes?.width
    ? changes.regions.map(
        (r) =>
          `<span class="mark" style="left:${percent(r.x, changes.width)};top:${percent(r.y, changes.height)};width:${percent(r.width, changes.width)};height:${percent(r.height, changes.height)}"></span>`,
      )
    : []
  return `<figure><div class="frame"><img src="${name}" alt="${escapeHtml(caption)}"${size}>${marks.join('')}</div><figcaption>${escapeHtml(caption)}</figcaption></figure>`
}

/** A card's front or back: before and after when it looks different, the one there is when added or removed. */
const sides = (faces: Faces, c: CardChange, which: 'front' | 'back'): string[] => {
  const { before, after }: FaceSides = c[which]
  if (c.change === 'changed') {
    if (!c.look[which] || !before || !after) return []
    const changes = c.regions?.[which]
    return [face(faces, before, `${which}, before`, changes), face(faces, after, `${which}, after`, changes)]
  }
  const shown = c.change === 'added' ? after : before
  return shown ? [face(faces, shown, `${which}${c.change === 'removed' ? ', removed' : ''}`)] : []
}

/** One card: its id and how it changed, its data changes, its faces. */
const cardSection = (faces: Faces, c: CardChange): string => {
  const fields = c.fields.map(
    (f) =>
      `<li><code>${escapeHtml(f.field)}</code>: <del>${escapeHtml(shownValue(f.before))}</del> → <ins>${escapeHtml(shownValue(f.after))}</ins></li>`,
  )
  const look = c.change !== 'changed' ? '' : c.look.front || c.look.back ? '' : '<p>Its faces look the same.</p>'
  const shown = [...sides(faces, c, 'front'), ...sides(faces, c, 'back')]
  return [
    `<section class="card"><h3><span class="${c.change}">${c.change}</span> <code>${escapeHtml(c.id)}</code> (${escapeHtml(c.type)})</h3>`,
    fields.length ? `<ul class="fields">${fields.join('')}</ul>` : '',
    look,
    shown.length ? `<div class="faces">${shown.join('')}</div>` : '',
    '</section>',
  ].join('\n')
}

/** One language's edition: its cards, then its rules sections. */
const editionSection = (faces: Faces, e: EditionChanges, title: string): string => {
  const rules = e.rules.map(
    (r) =>
      `<li>${r.heading ? `“${escapeHtml(r.heading)}”` : '(before the first heading)'} ${r.change} <small>(${escapeHtml(e.rulesFile)}, line ${r.line})</small></li>`,
  )
  return [
    `<h2>${escapeHtml(title)}</h2>`,
    e.cards.length ? e.cards.map((c) => cardSection(faces, c)).join('\n') : '<p>No card changed.</p>',
    rules.length ? `<h3>Rules</h3><ul class="rules">${rules.join('')}</ul>` : '',
  ].join('\n')
}

/** The page's HTML, and the faces it shows (by their names beside it, from their files in the store). */
export const changesPage = (changes: GameChanges): { html: string; faces: Faces } => {
  const faces: Faces = new Map()
  const { revision } = changes
  const since =
    revision.ref === revision.commit
      ? revision.commit.slice(0, 12)
      : `${revision.ref} (${revision.commit.slice(0, 12)})`
  const title = `${changes.game}: changes since ${since}`
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(changeCounts(changes))}. ${changes.unchanged} unchanged. Faces drawn by ${escapeHtml(changes.renderer)}; the boxes mark the pixels that differ.</p>`,
    editionSection(faces, changes, changes.lang || 'Cards'),
    ...changes.editions.map((e) => editionSection(faces, e, e.lang)),
  ]
  const html = `<!doctype html>
<html lang="${escapeHtml(changes.lang || 'en')}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${STYLE}
</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`
  return { html, faces }
}

/**
 * Writes the page into `<outDir>/<game>/changes/`, replacing the page before it and leaving the game's
 * other outputs as they are: the game's folder is swapped in whole, as a build's is. Returns the files written.
 */
export const writeChangesPage = (outDir: string, changes: GameChanges): string[] => {
  const gameDir = join(outDir, changes.game)
  const dir = join(gameDir, CHANGES_DIR)
  const { html, faces } = changesPage(changes)
  const batch = new OutputBatch(join(outDir, '.cache'), gameDir)
  try {
    batch.put(join(dir, 'index.html'), html)
    for (const [name, from] of faces) batch.copy(join(dir, name), from)
    const inPage = (path: string) => relative(dir, path).split(sep)[0] !== '..'
    return batch.commit(inPage).written
  } catch (error) {
    batch.discard()
    throw error
  }
}

/**
 * Each game's page written; a game whose output folder is not deckwright's (or cannot be written) gets an
 * error instead, naming it. Returns the pages' paths relative to the project.
 */
export const writePages = (
  root: string,
  outDir: string,
  games: readonly GameChanges[],
): { pages: string[]; diagnostics: Diagnostic[] } => {
  const pages: string[] = []
  const diagnostics: Diagnostic[] = []
  for (const changes of games) {
    const gameDir = join(outDir, changes.game)
    try {
      writeChangesPage(outDir, changes)
      pages.push(relativePath(root, join(gameDir, CHANGES_DIR, 'index.html')))
    } catch (error) {
      if (!(error instanceof OutputInTheWay) && !isWriteFailure(error)) throw error
      diagnostics.push({
        rule: 'changes/page-not-written',
        severity: 'error',
        file: relativePath(root, gameDir),
        message: `the page of changes was not written: ${(error as Error).message.replaceAll(gameDir, relativePath(root, gameDir))}`,
      })
    }
  }
  return { pages, diagnostics }
}
