import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cardSize } from '../../src/engine/card-sizes.ts'
import { writeSheetsFile, type PrintItem, type SheetOptions } from '../../src/print/sheets.ts'
import { readRecord, writeRecord } from '../../src/print/sheets-resume.ts'
import { encodeRgbPng } from '../../src/render/renderers/png.ts'
import { fileStamp } from '../../src/util/file-stamp.ts'

const poker = cardSize('poker')!
const W = 69
const H = 94

/** A face file: a small picture of noise (so that each has its own bytes and size). */
const face = (file: string, seed: number): string => {
  const rgba = new Uint8Array(W * H * 4)
  let x = seed
  for (let i = 0; i < rgba.length; i++) rgba[i] = i % 4 === 3 ? 255 : (x = (x * 1103515245 + 12345) >>> 0) >>> 24
  writeFileSync(file, encodeRgbPng(rgba, W, H))
  return file
}

const options: SheetOptions = { title: 'Resumed', cornerRadiusMm: 3 }

/** A game of 40 cards (five pages of fronts, each followed by its backs) with faces in `dir`. */
const game = () => {
  const dir = mkdtempSync(join(tmpdir(), 'deckwright-resume-'))
  const back = face(join(dir, 'back.png'), 999)
  const items: PrintItem[] = Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`,
    front: face(join(dir, `c${i}.png`), i + 1),
    back,
    size: poker,
  }))
  return { dir, items, record: join(dir, 'cache', 'sheets.json') }
}

/** Sheets written afresh, with no earlier file: what every reuse must equal, byte for byte. */
const fresh = async (dir: string, items: PrintItem[], name: string): Promise<Buffer> => {
  const file = join(dir, name)
  await writeSheetsFile(items, options, () => file)
  return readFileSync(file)
}

describe('sheets drawn again from the first page that changed', () => {
  it('keeps unchanged sheets, and draws changed ones only from the first page that changed, to the same bytes', async () => {
    const { dir, items, record } = game()
    const earlier = join(dir, 'out.pdf')
    const reuse = { earlier, record }
    let asked = 0
    const to = (file: string) => () => (asked++, file)
    const first = await writeSheetsFile(items, options, to(earlier), reuse)
    first.remember!(earlier)
    expect(readFileSync(earlier).equals(await fresh(dir, items, 'a.pdf'))).toBe(true)

    // Nothing changed: nothing written, not even a file asked for.
    const again = await writeSheetsFile(items, options, to(join(dir, 'never.pdf')), reuse)
    expect({ written: again.written, asked, pages: again.summary.pages }).toEqual({
      written: false,
      asked: 1,
      pages: first.summary.pages,
    })
    expect(first.from).toBe(0)
    // Another date for the PDFs (SOURCE_DATE_EPOCH): in every file's bytes, so every page is drawn again.
    process.env.SOURCE_DATE_EPOCH = '86400'
    try {
      const dated = await writeSheetsFile(items, options, to(join(dir, 'dated.pdf')), {
        earlier,
        record: join(dir, 'cache', 'dated.json'),
      })
      dated.remember!(earlier)
    } finally {
      delete process.env.SOURCE_DATE_EPOCH
    }
    const undated = await writeSheetsFile(items, options, to(join(dir, 'undated.pdf')), {
      earlier,
      record: join(dir, 'cache', 'dated.json'),
    })
    expect({ written: undated.written, from: undated.from }).toEqual({ written: true, from: 0 })

    // Card 30 (page 7 of 10) changes: the faces of the pages before are not read again (they are gone
    // here), and the file is what a fresh write of the new cards makes.
    const changed = items.map((item, i) => (i === 30 ? { ...item, front: face(join(dir, 'c30-new.png'), 3000) } : item))
    const expected = await fresh(dir, changed, 'expected.pdf')
    for (let i = 0; i < 27; i++) rmSync(join(dir, `c${i}.png`))
    const next = join(dir, 'next.pdf')
    const made = await writeSheetsFile(changed, options, to(next), reuse)
    expect({ written: made.written, from: made.from }).toEqual({ written: true, from: 6 })
    expect(readFileSync(next).equals(expected)).toBe(true)
    // The record now describes the new file.
    made.remember!(next)
    expect(readRecord(record)!.stamp).toBe(fileStamp(next))
  })

  it('copies from the file it checked, whatever replaces its path while it draws', async () => {
    const { dir, items, record } = game()
    const earlier = join(dir, 'out.pdf')
    const first = await writeSheetsFile(items, options, () => earlier, { earlier, record })
    first.remember!(earlier)
    const changed = items.map((item, i) => (i === 38 ? { ...item, front: face(join(dir, 'c38-new.png'), 3800) } : item))
    const expected = await fresh(dir, changed, 'expected.pdf')
    // Another build puts other sheets in the file's place as soon as this one has chosen to reuse it.
    const next = join(dir, 'next.pdf')
    const made = await writeSheetsFile(
      changed,
      options,
      () => (rmSync(earlier), writeFileSync(earlier, 'not the sheets'), next),
      { earlier, record },
    )
    expect(made.from).toBeGreaterThan(0)
    expect(readFileSync(next).equals(expected)).toBe(true)
  })

  it('draws every page again when the record does not describe the earlier file', async () => {
    const { dir, items, record } = game()
    const earlier = join(dir, 'out.pdf')
    const first = await writeSheetsFile(items, options, () => earlier, { earlier, record })
    first.remember!(earlier)
    // A record that says the pages start elsewhere than they do (as one of another file would).
    const recorded = readRecord(record)!
    writeRecord(record, { ...recorded, pages: recorded.pages.map((page) => ({ ...page, offset: page.offset + 7 })) })
    const changed = items.map((item, i) => (i === 38 ? { ...item, front: face(join(dir, 'c38-new.png'), 3800) } : item))
    const next = join(dir, 'next.pdf')
    const made = await writeSheetsFile(changed, options, () => next, { earlier, record })
    expect(made.from).toBe(0)
    expect(readFileSync(next).equals(await fresh(dir, changed, 'expected.pdf'))).toBe(true)
  })
})
