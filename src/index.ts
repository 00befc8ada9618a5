// What a game definition or a template imports ('deckwright'): kept free of the renderers so that
// loading a definition stays quick. The stages themselves are in 'deckwright/pipeline'.
export * from './diagnostics/diagnostic.ts'
export { formatters, type FormatName } from './diagnostics/formatters/index.ts'
export * from './engine/define.ts'
export * from './engine/fields.ts'
export { defineTemplates, type FaceContext, type Templates, type TypeTemplate } from './render/template/template.ts'
export type { FontSpec } from './render/fonts/fonts.ts'
export { defineShortcodes, shortcode, type ShortcodeDef } from './engine/shortcodes.ts'
export * from './engine/play/define.ts'
export { Rng } from './engine/play/rng.ts'
export { copyPlain } from './engine/play/copy.ts'
