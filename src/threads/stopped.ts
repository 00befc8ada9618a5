import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import type { Outcome } from './game-thread.ts'
import type { Piece } from './protocol.ts'
import { PLAY_FILE, SHORTCODES_FILE } from '../load/project.ts'
import { keyLine } from '../util/lines.ts'

/** The line of a check's name in the definition (`name(ctx) {`, `name: (ctx) =>`, `'name': …`), else 1. */
export const checkLine = (source: string, name: string): number => keyLine(source, name, /\bchecks\s*:/) || 1

/** A piece of a game's code in words, and where a problem with it is reported. */
const pieceOf = (
  paths: GamePaths,
  piece: Piece | undefined,
): { what: string; at: Pick<Diagnostic, 'file' | 'line' | 'column' | 'card'>; face: boolean } => {
  const definition = relativePath(paths.root, paths.definition)
  switch (piece?.kind) {
    case 'check': {
      const source = existsSync(paths.definition) ? readFileSync(paths.definition, 'utf8') : ''
      return {
        what: `the check "${piece.name}"`,
        at: { file: definition, line: checkLine(source, piece.name), column: 1 },
        face: false,
      }
    }
    case 'card-files':
      return {
        what: 'reading the card files',
        at: { file: relativePath(paths.root, paths.cardsDir), line: 1, column: 1 },
        face: false,
      }
    case 'cards':
      return {
        what: "reading the cards with the game's field kinds",
        at: { file: definition, line: 1, column: 1 },
        face: false,
      }
    case 'translations':
      return {
        what: `reading the ${piece.lang} translations with the game's field kinds`,
        at: { file: definition, line: 1, column: 1 },
        face: false,
      }
    case 'shortcode':
      return {
        what: piece.name ? `the shortcode ${piece.name}` : `loading ${SHORTCODES_FILE}`,
        at: { file: relativePath(paths.root, join(paths.rulesDir, SHORTCODES_FILE)), line: 1, column: 1 },
        face: false,
      }
    case 'play': {
      const at = { file: relativePath(paths.root, join(paths.rulesDir, PLAY_FILE)), line: 1, column: 1 }
      if (piece.games)
        return {
          what: `the playable rules, playing games ${piece.games.from + 1} to ${piece.games.to}`,
          at,
          face: false,
        }
      return { what: `loading ${PLAY_FILE}`, at, face: false }
    }
    case 'templates':
      return {
        what: 'loading the templates',
        at: { file: relativePath(paths.root, join(paths.templatesDir, 'index.tsx')), line: 1, column: 1 },
        face: true,
      }
    case 'face': {
      const { card, kind, type } = piece.job
      if (!card)
        return {
          what: `the template drawing the shared ${kind} of ${type}`,
          at: { file: definition, line: 1, column: 1 },
          face: true,
        }
      return {
        what: `the template drawing the ${kind} of ${card.id}`,
        at: { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id },
        face: true,
      }
    }
    default:
      return { what: 'loading the game definition', at: { file: definition, line: 1, column: 1 }, face: false }
  }
}

/**
 * Why a game thread gave no answer, as one error at the piece of code it was running: a time limit
 * (an endless loop, most likely) or the thread ending (process.exit or an uncaught error in a package the
 * game's code uses; process.exit in the game's own files is an error at its line instead).
 */
export const stoppedDiagnostic = (
  paths: GamePaths,
  outcome: Extract<Outcome<unknown>, { ok: false }>,
  limitS: number,
): Diagnostic => {
  const { what, at, face } = pieceOf(paths, outcome.piece)
  if (outcome.why === 'timeout')
    return {
      rule: face ? 'render/timeout' : 'game/timeout',
      severity: 'error',
      ...at,
      message: `${what} did not finish within ${limitS} s and was stopped (an endless loop?); --timeout <seconds> sets the limit`,
    }
  return {
    rule: face ? 'render/code-stopped' : 'game/code-stopped',
    severity: 'error',
    ...at,
    message: `${what} ended the thread running it: ${outcome.detail}`,
  }
}
