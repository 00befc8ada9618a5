// The fonts' WOFF files unpacked once into the plain fonts fontkit and satori read fastest.
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import * as fontkit from 'fontkit'
import { describe, expect, it } from 'vitest'
import { isWoff, sfntFromWoff } from '../../src/util/woff.ts'
import { root } from '../helpers.ts'

const fontFile = (name: string) =>
  readFileSync(`${root}/node_modules/@fontsource/${name.split('-')[0]}/files/${name}.woff`)

describe('a WOFF font unpacked', () => {
  it.each(['inter-latin-400-normal', 'bitter-latin-700-normal'])('is the same font, glyph for glyph: %s', (name) => {
    const woff = fontFile(name)
    const sfnt = sfntFromWoff(woff)
    expect(isWoff(woff)).toBe(true)
    expect(isWoff(sfnt)).toBe(false)
    // An sfnt: TrueType outlines (0x00010000) or CFF ('OTTO'), with the table count WOFF gave.
    expect([0x00010000, 0x4f54544f]).toContain(sfnt.readUInt32BE(0))
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12))
    // Its size is the one the WOFF header says the font had.
    expect(sfnt.length).toBe(woff.readUInt32BE(16))
    const [a, b] = [fontkit.create(woff), fontkit.create(sfnt)]
    expect(b.unitsPerEm).toBe(a.unitsPerEm)
    const text = 'Quick brown Fox — “déjà vu” 1234 ff fi'
    // fontkit's glyphs carry their advance and outline (beyond the part of its types deckwright declares).
    type Glyph = { id: number; advanceWidth: number; path: { toSVG(): string } }
    const glyphs = (f: typeof a) =>
      (f.layout(text).glyphs as unknown as Glyph[]).map((g) => [g.id, g.advanceWidth, g.path.toSVG()])
    expect(glyphs(b)).toEqual(glyphs(a))
  })

  it('leaves a font that is not WOFF as it is', () => {
    const sfnt = sfntFromWoff(fontFile('inter-latin-400-normal'))
    expect(sfntFromWoff(sfnt)).toBe(sfnt)
  })

  it('refuses a damaged file, or one whose tables would unpack past any real font', () => {
    const woff = Buffer.from(fontFile('inter-latin-400-normal'))
    const cut = woff.subarray(0, 200)
    expect(() => sfntFromWoff(cut)).toThrow(/past the end of the file/)
    // One table that claims to unpack to 1 GB, holding a few KB that inflate to far more than its directory says.
    const bomb = Buffer.alloc(44 + 20)
    bomb.write('wOFF', 0, 'latin1')
    bomb.writeUInt32BE(0x00010000, 4)
    bomb.writeUInt16BE(1, 12)
    const packed = deflateSync(Buffer.alloc(1024 * 1024))
    const file = Buffer.concat([bomb, packed])
    file.write('glyf', 44, 'latin1')
    file.writeUInt32BE(64, 48)
    file.writeUInt32BE(packed.length, 52)
    file.writeUInt32BE(1024 * 1024 * 1024, 56)
    expect(() => sfntFromWoff(file)).toThrow(/more than 67108864 bytes/)
    file.writeUInt32BE(1000, 56)
    expect(() => sfntFromWoff(file)).toThrow()
  })
})
