import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { faceBox } from '../../src/render/face.ts'
import { baseFonts, loadFont, type LoadedFont } from '../../src/render/fonts.ts'
import { iconDataUri } from '../../src/render/icons.ts'
import type { FaceContext } from '../../src/render/template.ts'
import { createMeasure } from '../../src/render/text/measure.ts'
import { MISSING_ICON } from '../../src/render/text/missing-icon.ts'

/** The fonts every test face is drawn with: deckwright's own. */
export const testFonts: LoadedFont[] = Object.values(baseFonts).map(loadFont)

export const testGame = {
  id: 'test',
  title: 'Test',
  version: '1.0.0',
  players: { min: 2, max: 4 },
  params: {},
  vocabularies: {
    resources: {
      intel: { label: 'Intel', icon: 'game-icons:files', color: '#1f6fb2' },
      money: { label: 'Money', icon: 'game-icons:money-stack', color: '#b8860b' },
      gadget: { label: 'Gadget', icon: 'game-icons:gears', color: '#7a4fb0' },
    },
  },
  types: {},
} as GameDef

/**
 * A face context like the render session's, for drawing components alone: a canvas of `widthMm` ×
 * `heightMm` (no bleed and no safe zone unless asked), the diagnostics it reports collected in `diagnostics`.
 */
export const testContext = (widthMm: number, heightMm: number, options: { card?: Card; face?: 'front' | 'back'; inkFriendly?: boolean; game?: GameDef; bleedMm?: number; safeMm?: number } = {}) => {
  const diagnostics: Diagnostic[] = []
  const box = faceBox(widthMm, heightMm, options.bleedMm ?? 0, options.safeMm ?? 0)
  const card = options.card
  const at = (field?: string) => {
    const pos = field ? card?.source.fields[field] : undefined
    return { file: card?.source.file ?? 'test', line: pos?.line ?? card?.source.pos.line ?? 1, column: pos?.column ?? 1, ...(card ? { card: card.id } : {}), ...(field ? { field } : {}) }
  }
  const game = options.game ?? testGame
  const ctx: FaceContext = {
    game,
    box,
    mm: (mm) => Math.round(mm * box.pxPerMm),
    icon: (name, color, field) => {
      const uri = iconDataUri(name, color)
      if (uri) return uri
      diagnostics.push({ rule: 'render/missing-icon', severity: 'error', ...at(field), message: `the icon "${name}" does not exist` })
      return MISSING_ICON
    },
    word: (vocabulary, word) => game.vocabularies?.[vocabulary]?.[word] ?? { label: word, icon: `missing:${word}` },
    art: () => undefined,
    inkFriendly: options.inkFriendly ?? false,
    card,
    face: options.face ?? 'front',
    report: ({ rule, message, field, severity = 'error' }) => void diagnostics.push({ rule, severity, ...at(field), message }),
    measure: createMeasure(testFonts),
  }
  return { ctx, diagnostics, box }
}
