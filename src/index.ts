// deckwright's public API: what a game definition, a template or another tool imports.
export * from './diagnostics/diagnostic.ts'
export { formatters, type FormatName } from './diagnostics/formatters/index.ts'
export * from './engine/define.ts'
export * from './engine/fields.ts'
export { defineTemplates, type FaceContext, type Templates, type TypeTemplate } from './render/template.ts'
export type { FontSpec } from './render/fonts.ts'
