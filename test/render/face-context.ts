import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { faceBox } from '../../src/render/renderers/face.ts'
import { baseFonts, loadFont, type LoadedFont } from '../../src/render/fonts/fonts.ts'
import { iconDataUri } from '../../src/render/fonts/icons.ts'
import { createFaceContext, type FaceContextSources } from '../../src/render/template/face-context.ts'
import { createMeasure } from '../../src/render/text/measure.ts'

/** The fonts every test face is drawn with: deckwright's own. */
export const testFonts: LoadedFont[] = Object.values(baseFonts).map((spec) => loadFont(spec))

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
  types: { split: { name: 'Split', halves: ['green', 'red'], fields: {} } },
} as GameDef

/** A card of the test game's split type (green and red halves). */
export const splitCard: Card = {
  id: 'split-1',
  type: 'split',
  set: 'base',
  qty: 1,
  fields: {},
  source: { file: 'test', pos: { line: 1, column: 1 }, fields: {} },
}

/**
 * A face context like the render session's, for drawing components alone: a canvas of `widthMm` ×
 * `heightMm` (no bleed and no safe zone unless asked), the diagnostics it reports collected in `diagnostics`.
 */
export const testContext = (
  widthMm: number,
  heightMm: number,
  options: {
    card?: Card
    face?: 'front' | 'back'
    inkFriendly?: boolean
    game?: GameDef
    bleedMm?: number
    safeMm?: number
    words?: Record<string, string>
    /** The face's art, as the render session finds it (default: none). */
    art?: FaceContextSources['art']
  } = {},
) => {
  const diagnostics: Diagnostic[] = []
  const box = faceBox(widthMm, heightMm, options.bleedMm ?? 0, options.safeMm ?? 0)
  const card = options.card
  const ctx = createFaceContext({
    game: options.game ?? testGame,
    box,
    inkFriendly: options.inkFriendly ?? false,
    card,
    face: options.face ?? 'front',
    measure: createMeasure(testFonts),
    diagnostics,
    at: {
      file: card?.source.file ?? 'test',
      line: card?.source.pos.line ?? 1,
      column: card?.source.pos.column ?? 1,
      ...(card && { card: card.id }),
    },
    findIcon: (name, color) => iconDataUri(name, color),
    iconHint: 'name an icon of an installed Iconify set',
    art: options.art ?? (() => undefined),
    lang: () => 'en',
    word: (key) => options.words?.[key],
    wordAsked: () => undefined,
    wordsFile: 'templates/test/lang/en.yaml',
  })
  return { ctx, diagnostics, box }
}
