import { isAbsolute, join } from 'node:path'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { inSheet } from '../diagnostics/sheet-place.ts'
import type { Gallery } from '../make/gallery.ts'
import type { SheetPage, SheetSummary } from '../print/sheets.ts'
import type { PreviewMessage } from './messages.ts'
import { append } from '../util/append.ts'
import { capPerRule } from '../diagnostics/formatters/cap.ts'

/** A diagnostic as the page shows it, with a link that opens its file at its place in the designer's editor. */
export interface PageDiagnostic {
  rule: string
  severity: Diagnostic['severity']
  message: string
  file: string
  line?: number
  column?: number
  card?: string
  /** The editor link (`vscode://file/…:line:column` by default); none for a place outside the project. */
  link?: string
}

/** One game as the page shows it. Its gallery is the last one built without errors. */
export interface GameView {
  id: string
  /** 'building' while a build runs; 'failed' when the last one had errors (the gallery is then the last good one). */
  status: 'building' | 'ready' | 'failed'
  gallery?: Gallery
  diagnostics: PageDiagnostic[]
  /** The print outputs, once built: their paths under the game's output folder. */
  sheets?: { file: string; summary?: Omit<SheetSummary, 'plan'> }
  booklet?: { file: string }
  /** Whether the sheets and booklet are being made after the faces. */
  outputsPending: boolean
}

export interface PreviewState {
  /** Goes up by one with every change, so the page can tell a new state. */
  version: number
  games: GameView[]
}

/** The editor link of a place: `{path}`, `{line}` and `{column}` in the template are filled in. */
export const editorLink = (
  template: string,
  root: string,
  d: Pick<Diagnostic, 'file' | 'line' | 'column'>,
): string | undefined => {
  if (!d.file || isAbsolute(d.file) || d.file.split(/[\\/]/).includes('..')) return undefined
  const path = join(root, d.file)
  return template
    .replaceAll('{path}', encodeURI(path).replace(/#/g, '%23').replace(/\?/g, '%3F'))
    .replaceAll('{line}', String(d.line ?? 1))
    .replaceAll('{column}', String(d.column ?? 1))
}

/**
 * The preview's state, changed by what the build process says: faces first (the changed cards are
 * marked), then the print outputs. A build with errors keeps the last good gallery and shows its errors.
 */
export class PreviewStore {
  private version = 0
  private readonly games = new Map<string, GameView>()
  private readonly listeners = new Set<(state: PreviewState) => void>()

  constructor(
    games: readonly string[],
    private readonly root: string,
    private readonly editor: string,
    /** Whether a game's output folder holds this file now. */
    private readonly hasOutput: (game: string, file: string) => boolean,
  ) {
    for (const id of games) this.games.set(id, { id, status: 'building', diagnostics: [], outputsPending: true })
  }

  state(): PreviewState {
    return { version: this.version, games: [...this.games.values()] }
  }

  /** Called with every new state. Returns a function that stops it. */
  listen(listener: (state: PreviewState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  building(ids: readonly string[]): void {
    for (const id of ids) {
      const game = this.games.get(id)
      if (game) Object.assign(game, { status: 'building', outputsPending: true })
    }
    this.changedState()
  }

  built(message: PreviewMessage): void {
    const game = this.games.get(message.game)
    if (!game) return
    if (message.stage === 'face') {
      // A face just stored, shown before its build ends: the card (or the cards of a shared back) take its key.
      const cards = game.gallery?.cards ?? []
      if (message.name.endsWith('.front'))
        for (const card of cards.filter((c) => `${c.id}.front` === message.name)) card.front = message.key
      else for (const card of cards.filter((c) => `${c.back}.back` === message.name)) card.backKey = message.key
      return this.changedState()
    }
    // As the terminal shows them: at most MAX_PER_RULE of a rule, then how many more.
    const { shown, more } = capPerRule(message.diagnostics.filter((d) => d.severity !== 'info'))
    const diagnostics = shown.map((d) => this.pageDiagnostic(d))
    for (const [rule, n] of more)
      diagnostics.push({
        rule,
        severity: shown.find((d) => d.rule === rule)!.severity,
        message: `…and ${n.toLocaleString('en')} more of \`${rule}\` (deckwright validate --format json lists them all)`,
        file: '',
      })
    const failed = diagnostics.some((d) => d.severity === 'error')
    if (message.stage === 'faces') {
      game.diagnostics = diagnostics
      game.status = failed ? 'failed' : 'ready'
      game.outputsPending = !failed
      if (!failed && message.gallery) game.gallery = message.gallery
    } else {
      // The outputs' own problems join the faces' (a card too large for the paper, a booklet warning).
      const known = new Set(game.diagnostics.map((d) => JSON.stringify(d)))
      append(
        game.diagnostics,
        diagnostics.filter((d) => !known.has(JSON.stringify(d))),
      )
      game.outputsPending = false
      if (failed) game.status = 'failed'
      else {
        // An output a build left as it was (the same bytes) is not among those it wrote: the folder says.
        const sheets = `${game.id}-cards.pdf`
        const booklet = `${game.id}-rules.pdf`
        // The pages' plan is fetched when the page shows the sheets (it grows with the deck): not in every state.
        const { plan, ...summary } = message.sheets ?? { plan: this.plans.get(game.id) ?? [], ...game.sheets?.summary }
        if (plan.length) this.plans.set(game.id, plan)
        game.sheets = this.hasOutput(game.id, sheets)
          ? { file: sheets, summary: summary as Omit<SheetSummary, 'plan'> }
          : undefined
        game.booklet = this.hasOutput(game.id, booklet) ? { file: booklet } : undefined
      }
    }
    this.changedState()
  }

  /** The build process ended by itself: every game says why (the next change starts another), built or not. */
  ended(why: string): void {
    // Said on every game, built or not: the next change starts another process, whatever the page shows now.
    for (const game of this.games.values()) {
      game.status = 'failed'
      game.outputsPending = false
      game.diagnostics = [{ rule: 'build/process-ended', severity: 'error', message: `deckwright: ${why}`, file: '' }]
    }
    this.changedState()
  }

  private pageDiagnostic(raw: Diagnostic): PageDiagnostic {
    const d = inSheet(raw)
    const link = editorLink(this.editor, this.root, d)
    return {
      rule: d.rule,
      severity: d.severity,
      message: d.message,
      file: d.file,
      line: d.line,
      column: d.column,
      ...(d.card && { card: d.card }),
      ...(link && { link }),
    }
  }

  private pending: NodeJS.Timeout | undefined

  /** When listeners last heard of a new version (Date.now()). */
  private told = 0

  /**
   * A new version; listeners hear of it at once after a quiet moment (a one-card edit's face), and at most
   * every 40 ms while a build stores many faces a second.
   */
  private changedState(): void {
    this.version++
    this.pending ??= setTimeout(
      () => {
        this.pending = undefined
        this.told = Date.now()
        const state = this.state()
        for (const listener of this.listeners) listener(state)
      },
      Math.max(0, this.told + 40 - Date.now()),
    )
  }

  /** The cards the page shows, to be drawn first. */
  visible: string[] = []

  private readonly plans = new Map<string, SheetPage[]>()
  /** Where each face lies on each page of a game's sheets, as last built. */
  sheetPlan(game: string): SheetPage[] | undefined {
    return this.plans.get(game)
  }
}
