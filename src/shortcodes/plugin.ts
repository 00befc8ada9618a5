import type { Root } from 'mdast'
import type { Processor } from 'unified'
import { buildTree } from './tree.ts'

/**
 * The plugin layer: `unified().use(remarkParse).use(remarkGfm).use(remarkShortcodes)` parses Hugo-style markdown
 * into mdast with `shortcode` nodes. Like Hugo, it takes the shortcodes out before markdown sees the text (so it
 * wraps the markdown parser rather than adding a micromark extension); the markdown between them is parsed by the
 * parser it wraps, with every syntax extension used before it (GFM…). Problems become vfile messages: errors are
 * fatal, warnings not, with the line, column and rule id of the diagnostic.
 */
type VFile = Parameters<NonNullable<Processor['parser']>>[1]

export interface RemarkShortcodesOptions {
  /** Shortcodes whose templates use .Inner: a missing closing tag is an error, as in Hugo. */
  requireClosing?: Iterable<string>
}

export default function remarkShortcodes(this: Processor, options: RemarkShortcodesOptions = {}): undefined {
  const markdown = this.parser
  if (!markdown) throw new Error('remarkShortcodes wraps a markdown parser: use remark-parse before it')
  this.parser = (document: string, file: VFile): Root => {
    const parse = (text: string) => markdown(text, file) as Root
    const { value, diagnostics } = buildTree(document, {
      file: file.path ?? '',
      requireClosing: options.requireClosing,
      parse,
    })
    for (const d of diagnostics) {
      const message = file.message(d.message, {
        place: d.line ? { line: d.line, column: d.column ?? 1 } : undefined,
        ruleId: d.rule,
        source: 'deckwright',
      })
      message.fatal = d.severity === 'error' ? true : d.severity === 'warning' ? false : undefined
    }
    return value
  }
}

export { remarkShortcodes }
