// The types the booklet's block renderers share (blocks, examples, pictures): here, so that none of those
// files imports another's types back.
import type { Hyphenate } from './hyphenation.ts'
import type { QuoteMarks } from './typography.ts'
import type { OutputWords } from '../outputs/output-words.ts'
import type { Position } from 'unist'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { ImageSource } from '../pdf/images.ts'
import type { Shortcode } from '../shortcodes/tree.ts'
import type { FlowItem, Frame, Section } from './flow.ts'
import type { BookletImage } from './images.ts'
import type { InlineShortcode, Measure, TextFormat } from './inline.ts'
import type { BookletStyle } from './styles.ts'

export interface ExampleCard {
  /** The face as PNG (its bytes or its file), drawn at trim plus bleed on every side. */
  png: ImageSource
  widthMm: number
  heightMm: number
  bleedMm: number
  /** Turned 180°: its second half points up. */
  turned?: boolean
}

export interface BookletExample {
  title?: string
  cards: ExampleCard[]
}

export interface PictureContext {
  images: Map<string, BookletImage>
  /** Why a source could not be read. */
  problems: Map<string, string>
}

/** Everything a block needs to lay itself out. Children get a copy with a narrower box or more frames. */
export interface BlockContext {
  measure: Measure
  /** Where body text may break a word with a hyphen, in the rules' language; none: never. */
  hyphenate?: Hyphenate
  /** What the typographer makes of straight quotes in the rules' language. */
  quotes: QuoteMarks
  /** deckwright's own words (Contents, Credits…) in the rules' language. */
  words: OutputWords
  style: BookletStyle
  /** The block's box: from the content box's left edge, and its width. */
  x: number
  width: number
  frames: Frame[]
  /** The text format paragraphs start from. */
  format: TextFormat
  /** The colour of the enclosing rules-block. */
  tint: string
  /** How many rules-blocks enclose this block. */
  depth: number
  listDepth: number
  /** Inside a tight list item: paragraphs follow each other without gaps. */
  tight: boolean
  report(rule: string, severity: Diagnostic['severity'], message: string, position: Position | undefined): void
  shortcode(node: Shortcode, ctx: BlockContext): FlowItem[]
  /** Examples drawn from the game's card data, by id; undefined for a rules file outside a game. */
  examples?: Record<string, BookletExample>
  inlineShortcode: InlineShortcode
  /** The pictures read from the rules folder, and why others could not be. */
  pictures: PictureContext
  /** The document's sections so far (top-level rules-blocks and headings); a new one is pushed here. */
  sections: Section[]
  /** Icons drawn (`set:name`), for the credits. */
  iconsUsed: Set<string>
  /** Inside a `{{% %}}` shortcode: Hugo renders its output as markdown, the output of `{{< >}}` shortcodes in it too. */
  inMarkdown?: boolean
}
