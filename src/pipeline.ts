// deckwright's stages as a library ('deckwright/pipeline'): the CLI is one user of these.
export { validateGame, type LoadedGame } from './validate.ts'
export { buildGame, type BuildOptions, type BuildReport } from './build/build-game.ts'
export { renderGame } from './threads/render-game.ts'
export { writeSheets, type PrintItem, type SheetOptions } from './print/sheets.ts'
export { renderBooklet, type BookletOptions } from './booklet/index.ts'
export { remarkShortcodes } from './shortcodes/index.ts'
export { loadRules, type RulesDoc } from './load/rules.ts'
export { formatters } from './diagnostics/formatters/index.ts'
