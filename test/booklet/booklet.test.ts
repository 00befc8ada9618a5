import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderBooklet } from '../../src/booklet/index.ts'
import { loadRules, parseRules } from '../../src/load/rules.ts'
import { poppler } from '../helpers.ts'

const root = join(import.meta.dirname, '..', '..')

/** pdftotext's words, with lines joined, so that a phrase found across a line break still matches. */
const words = (text: string) => text.replace(/\s+/g, ' ')
const pageSize = (pdf: Buffer) => {
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(poppler('pdfinfo', pdf))!
  return [Number(m[1]), Number(m[2])]
}
const NEVER_PRINTED = ['{{', '}}', '%}}', '<!--', '-->', '@TODO', 'TODO', 'icontint', 'rules-block', 'heading=', '---']

describe('the booklet of maybe-missions', () => {
  let pdf: Buffer
  let text: string
  beforeAll(async () => {
    const rules = loadRules('rules/maybe-missions/rules.md', root)
    expect(rules.diagnostics.filter((d) => d.severity !== 'info')).toEqual([])
    // Rendered without the game's examples: the one example becomes a placeholder, with a warning.
    const booklet = await renderBooklet(rules.value, {})
    expect(booklet.diagnostics).toMatchObject([{ rule: 'rules/unknown-example', line: 33 }])
    pdf = booklet.value
    text = poppler('pdftotext', pdf)
  })

  it('has a cover with the title and the game vitals from the front matter', () => {
    const cover = text.split('\f')[0]!
    expect(cover).toContain('Maybe Missions')
    for (const vital of ['3–6 players', '30–45 minutes', 'Ages 10+']) expect(cover).toContain(vital)
  })

  it('has a contents page listing the top-level sections with their pages', () => {
    const contents = text.split('\f')[1]!
    expect(contents).toContain('Contents')
    const pages = text.split('\f')
    for (const section of ['Setup', 'Objective', 'Gameplay', 'Expansions']) {
      const m = new RegExp(`${section}[ .]*(\\d+)`).exec(words(contents))
      expect(m, section).not.toBeNull()
      // The page it names opens that section.
      expect(pages[Number(m![1]) - 1]).toMatch(new RegExp(`^\\s*${section}\\s*$`, 'm'))
    }
  })

  it('puts the current section in the running head of the rules pages', () => {
    const pages = text.split('\f').slice(2, -2)
    expect(pages.some((p) => /^\s*(SETUP|OBJECTIVE|GAMEPLAY|EXPANSIONS)\b/m.test(p))).toBe(true)
  })

  it('ends with a credits page naming the fonts and icons with their licences', () => {
    const credits = words(
      text
        .split('\f')
        .filter((p) => p.trim())
        .pop()!,
    )
    expect(credits).toContain('Credits')
    expect(credits).toMatch(
      /Inter — Copyright 2016 The Inter Project Authors\. Licensed under the SIL Open Font License, Version 1\.1\./,
    )
    expect(credits).toMatch(/Bitter — Copyright 2011 The Bitter Project Authors/)
    // Each game-icons icon under the artist who drew it, as their licence asks.
    expect(credits).toMatch(/Game Icons — Icons made by \w+/)
    expect(credits).toMatch(/Icons made by Quoting, under CC BY 3\.0: [^.]*card-pickup/)
    expect(credits).toMatch(
      /Icons made by Lorc \(http:\/\/lorcblog\.blogspot\.com\), under CC BY 3\.0: [^.]*sands-of-time/,
    )
  })

  it('prints every heading, nested ones included', () => {
    for (const heading of [
      'Setup',
      'Objective',
      'Gameplay',
      'Expansions',
      'Variants',
      'Secret Identities',
      'Gadget Shopping',
    ]) {
      expect(text).toMatch(new RegExp(`^\\s*${heading}\\s*$`, 'm'))
    }
  })

  it('prints the words of paragraphs, lists, quotes, remarks and placeholders', () => {
    const all = words(text)
    for (const phrase of [
      'Create a deck containing 5 YES and 5 NO Votes per player.',
      'The resource which you have the least does not count.',
      'If you didn’t collect a card this round, you may discard 2 Votes',
      'Earlier printings said “ascending order',
      'Ascending is meant: the lowest vote number buys first.',
      'Example: turn',
      'Replace it with a new general Shop Card.',
    ]) {
      expect(all).toContain(phrase)
    }
  })

  it('sets quotes as Hugo’s typographer does', () => {
    expect(words(text)).toContain('(“away from you”)')
    expect(words(text)).toContain('It can’t be won and doesn’t return to you.')
    expect(text).not.toContain('"')
  })

  it('never prints shortcode syntax, front matter, comments or notes', () => {
    for (const raw of NEVER_PRINTED) expect(text).not.toContain(raw)
    expect(text).not.toMatch(/^type:|^players:|This might become a rule/m)
  })

  it('is an A5 booklet with page numbers (none on the cover and the credits)', () => {
    const [w, h] = pageSize(pdf)
    expect(w).toBeCloseTo(419.53, 1)
    expect(h).toBeCloseTo(595.28, 1)
    const pages = text.split('\f').filter((p) => p.trim())
    expect(pages.length).toBeGreaterThan(4)
    pages.slice(1, -1).forEach((page, i) => expect(page.trim().split('\n').pop()!.trim()).toBe(String(i + 2)))
  })

  it('embeds its fonts', () => {
    const fonts = poppler('pdffonts', pdf)
    expect(fonts).toMatch(/Inter-Regular.*yes\s+yes/)
    expect(fonts).toMatch(/Bitter-Bold.*yes\s+yes/)
  })

  it('gives the same bytes every time', async () => {
    const again = await renderBooklet(loadRules('rules/maybe-missions/rules.md', root).value, {})
    expect(again.value.equals(pdf)).toBe(true)
  })
})

const FIXTURE = `---
title: "Tiny -- Game"
players: 2
---

{{% rules-block heading="First Things" icontint="blue" %}}

Some "quoted" text -- with dashes --- and _emphasis_, \`code\` and a [link](https://example.com).

* Level one
  * Level two with **bold**
1. First
2. Second

> A quoted rule.

| Card | Cost |
|------|-----:|
| Spy  | 3    |
| Shop | 10   |

{{% mystery-box colour="x" %}}
Words **inside** the unknown box.
{{% /mystery-box %}}

{{< rules-image src="x.webp" alt="A picture of the table" >}}

{{% rules-double-view src="y.webp" alt="Side view" %}}
Text beside the picture.
{{% /rules-double-view %}}

<!-- never printed -->
@TODO never printed either

{{% /rules-block %}}
`

describe('a small fixture', () => {
  let text: string
  let diagnostics: Awaited<ReturnType<typeof renderBooklet>>['diagnostics']
  beforeAll(async () => {
    const rules = parseRules(FIXTURE, 'fixture.md')
    const booklet = await renderBooklet(rules.value, { title: 'Ignored: the front matter has a title' })
    diagnostics = booklet.diagnostics
    text = words(poppler('pdftotext', booklet.value))
  })

  it('prints the front matter title, smartened, over the option', () => {
    expect(text).toContain('Tiny – Game')
    expect(text).not.toContain('Ignored')
    expect(text).toContain('2 players')
  })

  it('applies the typographer to prose', () => {
    expect(text).toContain('Some “quoted” text – with dashes — and emphasis, code and a link.')
  })

  it('prints nested lists, ordered lists, quotes and tables', () => {
    for (const phrase of [
      'Level one',
      'Level two with bold',
      '1. First',
      '2. Second',
      'A quoted rule.',
      'Card',
      'Cost',
      'Spy',
      'Shop',
      '10',
    ]) {
      expect(text).toContain(phrase)
    }
  })

  it('prints an unknown shortcode’s content and warns about it', () => {
    expect(text).toContain('Words inside the unknown box.')
    expect(diagnostics).toContainEqual(
      expect.objectContaining({
        rule: 'rules/unknown-shortcode',
        severity: 'warning',
        file: 'fixture.md',
        line: 22,
        column: 1,
      }),
    )
  })

  it('leaves labelled room for images, with their alt text', () => {
    expect(text).toContain('A picture of the table')
    expect(text).toContain('Side view')
    expect(text).toContain('Text beside the picture.')
  })

  it('never prints syntax or notes', () => {
    for (const raw of [...NEVER_PRINTED, 'never printed', 'mystery', 'colour=']) expect(text).not.toContain(raw)
  })
})

describe('booklet options', () => {
  it('uses options.title when the front matter has none, and A4 on request', async () => {
    const rules = parseRules('Just a line.', 'x.md')
    const booklet = await renderBooklet(rules.value, { title: 'Fallback Title', pageSize: 'a4' })
    expect(poppler('pdftotext', booklet.value)).toContain('Fallback Title')
    const [w, h] = pageSize(booklet.value)
    expect(w).toBeCloseTo(595.28, 1)
    expect(h).toBeCloseTo(841.89, 1)
  })

  it('prints a literal shortcode as text, because the author asked for it', async () => {
    const rules = parseRules('Write {{</* remark */>}} to add a note.', 'x.md')
    const booklet = await renderBooklet(rules.value, {})
    expect(words(poppler('pdftotext', booklet.value))).toContain('Write {{< remark >}} to add a note.')
  })

  it('renders an empty document as a cover and its credits', async () => {
    const booklet = await renderBooklet(parseRules('', 'x.md').value, {})
    expect(poppler('pdfinfo', booklet.value)).toMatch(/Pages:\s+2\b/)
  })
})

describe("the booklet's smallest text (a11y/text-size)", () => {
  it('is a warning at the rules file when under the game’s minimum, and not under the default 6 pt', async () => {
    const rules = parseRules('# Setup\n\nJust a line, with a note.[^1]\n\n[^1]: The note.', 'rules/x/rules.md').value
    const strict = await renderBooklet(rules, { textSize: { minPt: 12, severity: 'error' } })
    expect(strict.diagnostics.filter((d) => d.rule === 'a11y/text-size')).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'rules/x/rules.md',
        message: expect.stringMatching(
          /^the rules booklet's smallest text \(".+"\) is printed at \d+(\.\d)? pt, under the 12 pt/,
        ),
      }),
    ])
    const plain = await renderBooklet(rules, {})
    expect(plain.diagnostics.filter((d) => d.rule === 'a11y/text-size')).toEqual([])
  })
})
