import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { htmlToParagraphs } from '../../src/booklet/html.ts'
import { iconPaths } from '../../src/booklet/icons.ts'
import { saddleSheets } from '../../src/booklet/impose.ts'
import { renderBooklet } from '../../src/booklet/index.ts'
import { checkBooklet } from '../../src/booklet/check.ts'
import { bookletKey } from '../../src/booklet/key.ts'
import { splitShare } from '../../src/booklet/shortcodes.ts'
import { parseRules } from '../../src/load/rules.ts'
import { poppler } from '../helpers.ts'

const root = join(import.meta.dirname, '..', '..')
const CORPUS = join(root, 'test', 'fixtures', 'booklet', 'corpus')
const run = poppler
const words = (text: string) => text.replace(/\s+/g, ' ')

describe('pictures', () => {
  it('draws PNG (with transparency), JPEG and WebP pictures from the rules folder; a missing one is a labelled placeholder and a warning', async () => {
    const rules = parseRules(readFileSync(join(CORPUS, 'images.md'), 'utf8'), 'images.md')
    const booklet = await renderBooklet(rules.value, { baseDir: CORPUS })
    expect(booklet.diagnostics.map((d) => [d.rule, d.line])).toEqual([
      ['rules/missing-image', 21],
      ['rules/missing-image', 23],
    ])
    expect(booklet.diagnostics[1]!.message).toContain('not fetched')
    // Four pictures embedded once each, as RGB (flattened on white: no alpha channel, no soft mask).
    const images = run('pdfimages', booklet.value, '-list').trim().split('\n').slice(2)
    expect(images).toHaveLength(4)
    for (const line of images) expect(line).toMatch(/\bimage\s+\d+\s+\d+\s+rgb\s+3\b/)
    expect(images.some((l) => /\bjpeg\b/.test(l))).toBe(true)
    const text = words(run('pdftotext', booklet.value))
    // The booklet is still made: the placeholders name what is missing.
    expect(text).toContain('This picture does not exist')
    expect(text).toContain('IMAGE · images/nowhere.webp')
    expect(text).toContain('The card back sits beside this text')
  })

  it('reads pictures only from the rules folder, links followed, and refuses one too large before decoding it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-rules-pictures-'))
    mkdirSync(join(dir, 'rules'))
    mkdirSync(join(dir, 'secret'))
    const png = readFileSync(
      join(
        CORPUS,
        readdirSync(CORPUS, { recursive: true })
          .map(String)
          .find((f) => f.endsWith('.png'))!,
      ),
    )
    writeFileSync(join(dir, 'secret', 'photo.png'), png)
    symlinkSync(join(dir, 'secret', 'photo.png'), join(dir, 'rules', 'link.png'))
    // A PNG whose header claims 40000×40000 pixels.
    const huge = Buffer.from(png)
    huge.writeUInt32BE(40_000, 16)
    huge.writeUInt32BE(40_000, 20)
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29)
    writeFileSync(join(dir, 'rules', 'huge.png'), huge)
    // An SVG under a picture's name, with a filter that takes minutes to draw.
    writeFileSync(
      join(dir, 'rules', 'map.png'),
      '<svg xmlns="http://www.w3.org/2000/svg"><filter id="f"><feGaussianBlur stdDeviation="99"/></filter><rect filter="url(#f)" width="1500" height="1500"/></svg>',
    )
    const md = [
      '# Pictures',
      '',
      '![a](../secret/photo.png)',
      '',
      '![b](link.png)',
      '',
      '![c](huge.png)',
      '',
      '![d](map.png)',
      '',
      '![e](%zz.png)',
      '',
    ].join('\n')
    const booklet = await renderBooklet(parseRules(md, 'rules.md').value, { baseDir: join(dir, 'rules') })
    expect(booklet.diagnostics.map((d) => [d.rule, d.line])).toEqual(
      [3, 5, 7, 9, 11].map((line) => ['rules/missing-image', line]),
    )
    expect(booklet.diagnostics[3]!.message).toContain('SVG filters')
    expect(booklet.diagnostics[0]!.message).toContain('read only from the rules folder')
    expect(booklet.diagnostics[1]!.message).toContain('read only from the rules folder')
    expect(booklet.diagnostics[2]!.message).toContain('40000×40000 pixels')
    expect(run('pdfimages', booklet.value, '-list').trim().split('\n').slice(2)).toEqual([])
  })

  it('refuses a picture that is not a regular file, or over 50 MB, from its metadata: validate, build and booklet never wait on a pipe', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-rules-pipe-'))
    execFileSync('mkfifo', [join(dir, 'map.png')])
    // 3 GB, sparse (no disk): read whole, it ended the run with "File size … is greater than 2 GiB".
    writeFileSync(join(dir, 'big.png'), Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))
    truncateSync(join(dir, 'big.png'), 3 * 2 ** 30)
    // Something writes to the pipe each time it is opened, so that a reader that waits on it ends (and fails).
    const writer = spawn('sh', ['-c', `while :; do echo x > '${join(dir, 'map.png')}'; done`], { stdio: 'ignore' })
    try {
      const rules = parseRules('# Pictures\n\n![a](map.png)\n\n![b](big.png)\n', 'rules/g/rules.md').value
      const problems = (ds: { rule: string; line?: number; message: string }[]) =>
        ds.map((d) => [d.rule, d.line, /not a regular file|3072\.0 MB, the limit is 50\.0 MB/.exec(d.message)?.[0]])
      const expected = [
        ['rules/missing-image', 3, 'not a regular file'],
        ['rules/missing-image', 5, '3072.0 MB, the limit is 50.0 MB'],
      ]
      expect(problems(checkBooklet(rules, { baseDir: dir, examples: [] }))).toEqual(expected)
      expect(bookletKey(rules, { baseDir: dir })).toMatch(/^[0-9a-f]{40}$/)
      expect(problems((await renderBooklet(rules, { baseDir: dir })).diagnostics)).toEqual(expected)
    } finally {
      writer.kill()
    }
  })

  it('reads the share a double view gives its picture', () => {
    expect(splitShare('45')).toBeCloseTo(0.45)
    expect(splitShare('40%')).toBeCloseTo(0.4)
    expect(splitShare(0.5)).toBeCloseTo(0.5)
    expect(splitShare('1/3')).toBeCloseTo(1 / 3)
    expect(splitShare(undefined)).toBeCloseTo(0.4)
    expect(splitShare('nonsense')).toBeCloseTo(0.4)
    expect(splitShare(95)).toBeCloseTo(0.7)
  })
})

describe('links', () => {
  it('makes links only to http:, https: and mailto: addresses and to its sections; others are their words, with a warning', async () => {
    const md = [
      '# Setup',
      '',
      'See [the site](https://example.com/x), [mail](mailto:a@b.c), [setup](#setup) and [cards](../cards/list.md).',
      '',
      '# Danger',
      '',
      '[run me](javascript:alert(4)) [open me](file:///etc/passwd)',
      '[launch me](launch:calc.exe) [data me](data:text/html,hi)',
      '',
    ].join('\n')
    const rules = parseRules(md, 'rules/g/rules.md').value
    const booklet = await renderBooklet(rules)
    const expected = [
      ['rules/link-not-made', 7, 1, 'javascript'],
      ['rules/link-not-made', 7, 31, 'file'],
      ['rules/link-not-made', 8, 1, 'launch'],
      ['rules/link-not-made', 8, 30, 'data'],
    ]
    const found = (ds: { rule: string; line?: number; column?: number; message: string }[]) =>
      ds.map((d) => [d.rule, d.line, d.column, /a (\w+): link could run/.exec(d.message)?.[1]])
    expect(found(booklet.diagnostics)).toEqual(expected)
    // validate says the same, without drawing.
    expect(found(checkBooklet(rules, { baseDir: tmpdir(), examples: [] }))).toEqual(expected)
    const pdf = booklet.value.toString('latin1')
    // Actions: two addresses, and the anchor goes to the section's heading (named after it, as Hugo names it).
    expect(pdf.match(/\/URI \([^)]*\)/g)).toEqual(['/URI (https://example.com/x)', '/URI (mailto:a@b.c)'])
    expect(pdf).toMatch(/\/S \/GoTo\s*\/D \(heading:setup\)/)
    // …a destination the booklet names, on the section's page (with the contents' own, section-1 and so on).
    expect(pdf).toMatch(/\/Names \[\s*\(heading:danger\) \[[^\]]*\]\s*\(heading:setup\) \[/)
    expect(pdf).not.toMatch(/\/Launch|\/JavaScript|\/JS\b|etc\/passwd|calc\.exe|alert/)
    // The words are printed as written.
    expect(words(run('pdftotext', booklet.value))).toContain('run me open me launch me data me')
  })
})

describe('raw HTML', () => {
  it('keeps the words a browser shows, never the tags', () => {
    expect(
      htmlToParagraphs(
        '<div class="x">Keep -- this &amp; <b>that</b></div><p>Second<br>line</p><!-- no --><script>no()</script>',
      ),
    ).toEqual(['Keep -- this & that', 'Second', 'line'])
  })
})

describe('saddle imposition', () => {
  it('orders pages for folding: the outer sheet holds the last and first pages', () => {
    expect(saddleSheets(8)).toEqual([
      [7, 0],
      [1, 6],
      [5, 2],
      [3, 4],
    ])
    expect(() => saddleSheets(6)).toThrow(/multiple of 4/)
  })

  it('prints A5 pages 2-up on A4 landscape sheets, padded to a multiple of 4 pages, credits on the back cover', async () => {
    const rules = parseRules(readFileSync(join(CORPUS, 'seed-001.md'), 'utf8'), 'seed-001.md')
    const booklet = await renderBooklet(rules.value, { imposition: 'saddle', pageSize: 'a4', title: 'Seed' })
    expect(booklet.diagnostics).toContainEqual(
      expect.objectContaining({ rule: 'print/saddle-page-size', severity: 'warning' }),
    )
    const info = run('pdfinfo', booklet.value)
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.27\d pts/)
    const sheets = Number(/Pages:\s+(\d+)/.exec(info)![1])
    expect(sheets % 2).toBe(0)
    // The first side: the back cover (credits) on the left half, the cover on the right half.
    const half = (x: number) =>
      run('pdftotext', booklet.value, '-f', '1', '-l', '1', '-x', String(x), '-y', '0', '-W', '421', '-H', '595')
    expect(half(0)).toContain('Credits')
    expect(half(0)).not.toContain('Seed')
    expect(half(421)).toContain('Seed')
    // The second side: page 2 (the contents) on the left.
    expect(
      run('pdftotext', booklet.value, '-f', '2', '-l', '2', '-x', '0', '-y', '0', '-W', '421', '-H', '595'),
    ).toContain('Contents')
    // Imposed pages are measured: printed at actual size, both sides, the landscape sheet turned on its short edge.
    expect(booklet.value.toString('latin1')).toMatch(
      /\/PrintScaling \/None[\s\S]*\/Duplex \/DuplexFlipShortEdge|\/Duplex \/DuplexFlipShortEdge[\s\S]*\/PrintScaling \/None/,
    )
  })

  it('leaves a reading booklet to the viewer: no print scaling or duplex hint', async () => {
    const rules = parseRules(readFileSync(join(CORPUS, 'seed-001.md'), 'utf8'), 'seed-001.md')
    const booklet = await renderBooklet(rules.value, { title: 'Seed' })
    expect(booklet.value.toString('latin1')).not.toContain('/ViewerPreferences')
  })
})

describe('drafts', () => {
  it('prints the comments and @TODO notes in the margin only when asked', async () => {
    const rules = parseRules(readFileSync(join(root, 'rules', 'maybe-missions', 'rules.md'), 'utf8'), 'rules.md')
    const plain = words(run('pdftotext', (await renderBooklet(rules.value, {})).value))
    expect(plain).not.toContain('TODO')
    const drafts = words(run('pdftotext', (await renderBooklet(rules.value, { drafts: true })).value))
    expect(drafts).toContain('TODO IMAGE EXAMPLE (line 17)')
    expect(drafts).toMatch(/TODO This might become a rule of the BASE GAME\?/)
  })
})

describe('icons and credits', () => {
  it('maps the theme’s icon names to game-icons and skips unknown ones', () => {
    for (const name of ['setup', 'objective', 'action', 'expansion'])
      expect(iconPaths(name)?.name).toMatch(/^game-icons:/)
    expect(iconPaths('game-icons:meeple')?.paths.length).toBeGreaterThan(0)
    expect(iconPaths('no-such-icon')).toBeUndefined()
    expect(iconPaths(undefined)).toBeUndefined()
  })

  it('draws the heading icons of rules-blocks (theme roles, and bare game-icons names as on a card) and credits them; an unknown one is a warning', async () => {
    const source =
      '{{% rules-block heading="Setup" icon="setup" %}}\nText.\n{{% /rules-block %}}\n{{% rules-block heading="Fight" icon="crossed-swords" %}}\nMore.\n{{% /rules-block %}}\n{{% rules-block heading="Other" icon="made-up" %}}\nMore.\n{{% /rules-block %}}\n'
    const rules = parseRules(source, 'x.md')
    const booklet = await renderBooklet(rules.value, {})
    expect(booklet.diagnostics).toEqual([
      expect.objectContaining({
        rule: 'rules/unknown-icon',
        severity: 'warning',
        line: 7,
        message: expect.stringContaining('"made-up" is not found'),
      }),
    ])
    const text = words(run('pdftotext', booklet.value))
    // Each under its own author, as game-icons.net asks.
    expect(text).toContain('Icons made by Quoting, under CC BY 3.0: card-pickup.')
    expect(text).toContain('Icons made by Lorc (http://lorcblog.blogspot.com), under CC BY 3.0: crossed-swords.')
  })
})

describe('front matter', () => {
  it('takes the cover from TOML front matter too', async () => {
    const rules = parseRules('+++\ntitle = "Toml Game"\nplayers = "2-4"\nplaytime = 20\n+++\n\nBody.\n', 'x.md')
    const text = run('pdftotext', (await renderBooklet(rules.value, {})).value).split('\f')[0]!
    expect(text).toContain('Toml Game')
    expect(text).toContain('2–4 players')
    expect(text).toContain('20 minutes')
  })
})

describe('fonts', () => {
  it('embeds subsets of its fonts, so every word is selectable and searchable', async () => {
    const rules = parseRules('Some *italic* and **bold** words.', 'x.md')
    const fonts = run('pdffonts', (await renderBooklet(rules.value, {})).value)
    for (const font of ['Inter-Regular', 'Inter-Italic', 'Inter-Bold', 'Bitter-Bold'])
      expect(fonts).toMatch(new RegExp(`\\+${font}.*yes\\s+yes\\s+yes`))
  })
})

describe('content the booklet does not know', () => {
  // As on Pandaqi's pages: a table of the game's own shortcodes, whose entries name the card types.
  const page = [
    '{{% rules-block title="Objective" %}}',
    'Be the last ship afloat.',
    '{{% /rules-block %}}',
    '{{% rules-table %}}',
    '{{% rules-table-entry heading="Dragon" %}}Breathes fire on two ships.{{% /rules-table-entry %}}',
    '{{% rules-table-entry label="Kraken" %}}Sinks the smallest ship.{{% /rules-table-entry %}}',
    '{{% /rules-table %}}',
    'A {{< token-name caption="Gold Coin" >}} pays for a repair.',
    '{{% rules-block heding="Typo" %}}',
    'Text.',
    '{{% /rules-block %}}',
    '{{% rules-block heading="Setup" %}}',
    'Deal the ships.',
    '{{% /rules-block %}}',
    '',
  ].join('\n')

  it('keeps every heading a page names: its own shortcodes print theirs, and title= on a rules-block is its heading, with a warning', async () => {
    const rules = parseRules(page, 'x.md')
    const booklet = await renderBooklet(rules.value, {})
    const text = words(run('pdftotext', booklet.value))
    for (const name of [
      'Objective',
      'Dragon',
      'Kraken',
      'Gold Coin',
      'Breathes fire on two ships.',
      'Sinks the smallest ship.',
    ])
      expect(text).toContain(name)
    // The contents list the rules-block's heading given as title=, as they list the one given as heading=.
    expect([text.split('Objective').length - 1, text.split('Setup').length - 1]).toEqual([2, 2])
    expect(booklet.diagnostics.map((d) => [d.rule, d.line])).toEqual([
      ['rules/unknown-param', 1],
      ['rules/unknown-shortcode', 4],
      ['rules/unknown-shortcode', 5],
      ['rules/unknown-shortcode', 6],
      ['rules/unknown-shortcode', 8],
      ['rules/unknown-param', 9],
    ])
    expect(booklet.diagnostics[0]!.message).toBe(
      'rules-block has no parameter "title" (did you mean "heading"? It is printed as the heading); it reads "heading", "icon", "icontint"',
    )
    expect(booklet.diagnostics[5]!.message).toContain('has no parameter "heding" (did you mean "heading"?)')
  })
})
