// Hugo shortcodes in three layers, as the unified collective builds its extensions: syntax (lexer), tree, plugin.
export { lexShortcodes, typeValue, type Delimiter, type ParamValue, type Token } from './lexer.ts'
export { buildTree, type Shortcode, type TreeOptions } from './tree.ts'
export { remarkShortcodes, type RemarkShortcodesOptions } from './plugin.ts'
