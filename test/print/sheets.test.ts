import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { DiagnosticError } from '../../src/diagnostics/diagnostic.ts'
import { cardSize, type CardSize } from '../../src/engine/card-sizes.ts'
import { writeSheets, writeSheetsFile, type PrintItem } from '../../src/print/sheets.ts'

const PX_PER_MM = 2
const BLEED = 3

/** A solid RGB PNG (no alpha) of the card's trim size plus bleed, at a low resolution to keep tests fast. */
const solid = (size: CardSize, [r, g, b]: [number, number, number]): Buffer => {
  const png = new PNG({
    width: Math.round((size.widthMm + 2 * BLEED) * PX_PER_MM),
    height: Math.round((size.heightMm + 2 * BLEED) * PX_PER_MM),
  })
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i)
  return PNG.sync.write(png, { colorType: 2 })
}

const poker = cardSize('poker')!
const mini = cardSize('mini')!
const sharedBack = solid(poker, [30, 30, 120])
const pokerItems = (n: number): PrintItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    front: solid(poker, [200, i * 20, 50]),
    back: sharedBack,
    size: poker,
  }))
// equal bytes in separate Buffers: the writer must notice they are the same image
const miniItems = (n: number): PrintItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    front: solid(mini, [50, 200, i * 20]),
    back: solid(mini, [20, 120, 20]),
    size: mini,
  }))

const text = (pdf: Buffer) => pdf.toString('latin1')
const countMatches = (pdf: Buffer, re: RegExp) => (text(pdf).match(re) ?? []).length
const pageCount = (pdf: Buffer) => countMatches(pdf, /\/Type \/Page\b(?!s)/g)
const imageCount = (pdf: Buffer) => countMatches(pdf, /\/Subtype \/Image/g)
const mediaBoxes = (pdf: Buffer) =>
  [...text(pdf).matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])])

/** The decompressed content streams that draw images, in page order. */
const pageContents = (pdf: Buffer): string[] => {
  const s = text(pdf)
  const out: string[] = []
  for (const m of s.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length
    try {
      const content = inflateSync(pdf.subarray(start, s.indexOf('endstream', start))).toString('latin1')
      if (/ (Do|re)\b/.test(content)) out.push(content)
    } catch {
      // image data or other binary streams: not page content
    }
  }
  return out
}

const pt = (mm: number) => (mm * 72) / 25.4

describe('writeSheets', () => {
  it('prints fronts and backs on alternate pages, one card size per set of pages', async () => {
    const { pdf, summary } = await writeSheets([...pokerItems(11), ...miniItems(4)], { title: 'Test' })
    // poker: 11 cards at 9 a page = 2 sheets; mini: 1 sheet; each sheet a front and a back page
    expect(pageCount(pdf)).toBe(6)
    expect(summary.pages).toBe(6)
    expect(summary.groups).toEqual([
      { size: 'poker', cards: 11, perPage: 9, columns: 3, rows: 3, sheets: 2, paper: 'a4' },
      { size: 'mini', cards: 4, perPage: 16, columns: 4, rows: 4, sheets: 1, paper: 'a4' },
    ])
    expect(summary.paper).toBe('a4')
  })

  it('makes A4 pages', async () => {
    const { pdf } = await writeSheets(pokerItems(2), { title: 'Test' })
    expect(mediaBoxes(pdf)).toHaveLength(2) // fronts and backs: the loop below checks something
    for (const [w, h] of mediaBoxes(pdf)) {
      expect(w).toBeCloseTo(595.28, 1)
      expect(h).toBeCloseTo(841.89, 1)
    }
  })

  it('makes US Letter pages, landscape when asked', async () => {
    const { pdf } = await writeSheets(pokerItems(2), { title: 'Test', paper: 'letter', landscape: true })
    expect(mediaBoxes(pdf)).toEqual([
      [792, 612],
      [792, 612],
    ])
  })

  it('embeds a shared card back once, whether the same Buffer or equal bytes', async () => {
    const { pdf } = await writeSheets([...pokerItems(11), ...miniItems(4)], { title: 'Test' })
    // 11 poker fronts + 1 poker back + 4 mini fronts + 1 mini back
    expect(imageCount(pdf)).toBe(17)
  })

  it('writes the same bytes every time', async () => {
    const items = [...pokerItems(10), ...miniItems(3)]
    const a = await writeSheets(items, { title: 'Same' })
    const b = await writeSheets(items, { title: 'Same' })
    expect(a.pdf.equals(b.pdf)).toBe(true)
  })

  it('groups sizes in the order they first appear', async () => {
    const [p] = pokerItems(1)
    const [m1, m2] = miniItems(2)
    const { summary } = await writeSheets([m1!, p!, m2!], { title: 'Test' })
    expect(summary.groups.map((g) => [g.size, g.cards])).toEqual([
      ['mini', 2],
      ['poker', 1],
    ])
  })

  it('asks viewers not to scale and to flip as the layout assumes', async () => {
    const long = text((await writeSheets(pokerItems(1), { title: 'Test' })).pdf)
    expect(long).toContain('/PrintScaling /None')
    expect(long).toContain('/Duplex /DuplexFlipLongEdge')
    const short = text((await writeSheets(pokerItems(1), { title: 'Test', duplex: 'short-edge' })).pdf)
    expect(short).toContain('/Duplex /DuplexFlipShortEdge')
  })

  it('prints no back pages without duplex', async () => {
    const { pdf, summary } = await writeSheets(pokerItems(11), { title: 'Test', duplex: 'none' })
    expect(pageCount(pdf)).toBe(2)
    expect(summary.pages).toBe(2)
    expect(text(pdf)).toContain('/Duplex /Simplex')
    expect(imageCount(pdf)).toBe(11)
  })

  it('draws each face at trim plus bleed, clipped, and each back behind its front', async () => {
    const { pdf } = await writeSheets(pokerItems(1), { title: 'Test' })
    const [front, back] = pageContents(pdf)
    // first card of A4 poker: trim at (9.75, 15.15) mm; pdfkit flips the y axis, so images carry a negative height
    const placement = (content: string) => {
      const m = /([\d.]+) 0 0 -([\d.]+) ([\d.]+) ([\d.]+) cm\s*\/I\d+ Do/.exec(content)!
      return m.slice(1).map(Number)
    }
    const [w, h, x, yBottom] = placement(front!)
    expect(w).toBeCloseTo(pt(63.5 + 2 * BLEED), 3)
    expect(h).toBeCloseTo(pt(88.9 + 2 * BLEED), 3)
    expect(x).toBeCloseTo(pt(9.75 - BLEED), 3)
    expect(yBottom! - h!).toBeCloseTo(pt(15.15 - BLEED), 3)
    // the long-edge flip puts the back of the top-left card at the top right
    const [, , bx] = placement(back!)
    expect(bx).toBeCloseTo(pt(210 - 9.75 - 63.5 - BLEED), 3)
    // the image is clipped before it is drawn, and crop marks are stroked as hairlines on both pages: the one
    // card's four cut lines, two marks each (none for the empty cells of the page)
    for (const content of [front!, back!]) {
      expect(content).toMatch(/re\s+W n\s+q\s+[\d.]+ 0 0 -[\d.]+ [\d.]+ [\d.]+ cm\s+\/I\d+ Do/)
      expect(content).toMatch(/0\.25 w/)
      expect(countMatches(Buffer.from(content, 'latin1'), / l\b/g)).toBe(8)
    }
  })

  it('refuses a card larger than the paper, naming it', async () => {
    const huge = cardSize('300x400mm')!
    const err = await writeSheets([{ id: 'giant', front: solid(mini, [0, 0, 0]), back: sharedBack, size: huge }], {
      title: 'Test',
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DiagnosticError)
    expect((err as DiagnosticError).diagnostic).toMatchObject({
      rule: 'print/card-too-large',
      card: 'giant',
      severity: 'error',
    })
  })

  it('refuses a negative bleed', async () => {
    await expect(writeSheets(pokerItems(1), { title: 'Test', bleedMm: -1 })).rejects.toBeInstanceOf(DiagnosticError)
  })

  it('says when a face image carries alpha, which makes pdfkit slow and its output unrepeatable', async () => {
    const png = new PNG({ width: 4, height: 4 })
    png.data.fill(255)
    const rgba = PNG.sync.write(png, { colorType: 6 })
    const { summary } = await writeSheets([{ id: 'a', front: rgba, back: sharedBack, size: poker }], { title: 'Test' })
    expect(summary.notes.join(' ')).toMatch(/1 face image\(s\) have an alpha channel/)
    const clean = await writeSheets(pokerItems(1), { title: 'Test' })
    expect(clean.summary.notes.join(' ')).not.toMatch(/alpha/)
  })

  it('passes on the layout notes, naming the card size', async () => {
    const { summary } = await writeSheets(pokerItems(1), { title: 'Test', paper: 'letter' })
    expect(summary.notes.some((n) => n.startsWith('poker:') && /printer margin/.test(n))).toBe(true)
  })

  it('notes a thinner outer bleed only when the bleed was asked for, not for the default', async () => {
    const thinner = (notes: string[]) => notes.filter((n) => /outer bleed is 1\.75 mm \(not 3 mm\)/.test(n))
    const asked = await writeSheets(pokerItems(1), { title: 'Test', bleedMm: 3 })
    expect(thinner(asked.summary.notes)).toHaveLength(1)
    const byDefault = await writeSheets(pokerItems(1), { title: 'Test' })
    expect(thinner(byDefault.summary.notes)).toEqual([])
  })
})

describe('writeSheets refuses what it cannot print', () => {
  const rejects = async (items: PrintItem[], options: Parameters<typeof writeSheets>[1]) => {
    try {
      await writeSheets(items, options)
    } catch (error) {
      return (error as DiagnosticError).diagnostic
    }
    throw new Error('expected writeSheets to reject')
  }
  it('nothing to print', async () => {
    expect(await rejects([], { title: 't' })).toMatchObject({ rule: 'print/no-cards', severity: 'error' })
  })
  it('a negative bleed', async () => {
    expect(await rejects(pokerItems(1), { title: 't', bleedMm: -1 })).toMatchObject({
      rule: 'print/bad-option',
      message: expect.stringContaining('bleedMm'),
    })
  })
})

describe('sheets written to a file', () => {
  it('stream every face from its file, and let go of the file when a face cannot be read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-sheets-file-'))
    const front = join(dir, 'front.png')
    const back = join(dir, 'back.png')
    writeFileSync(front, solid(poker, [200, 40, 40]))
    writeFileSync(back, sharedBack)
    const items = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, front, back, size: poker }))
    const { summary } = await writeSheetsFile(items, { title: 'T' }, () => join(dir, 'cards.pdf'))
    expect(summary.pages).toBe(4) // two pages of fronts, each followed by its backs
    expect(imageCount(readFileSync(join(dir, 'cards.pdf')))).toBe(2) // a face file drawn ten times is embedded once

    const open = () => readdirSync('/proc/self/fd').length
    const before = open()
    writeFileSync(join(dir, 'broken.png'), 'not a picture')
    await expect(
      writeSheetsFile([{ ...items[0]!, front: join(dir, 'broken.png') }], { title: 'T' }, () =>
        join(dir, 'broken.pdf'),
      ),
    ).rejects.toThrow()
    expect(open()).toBe(before)
  })
})
