import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFileIfChanged } from '../src/util/atomic-write.ts'
import { OutputBatch, sameBytes } from '../src/util/output-batch.ts'

describe('writeFileIfChanged', () => {
  it('leaves a file holding the same bytes alone, and replaces one that differs', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'deckwright-write-')), 'sub', 'face.png')
    expect(writeFileIfChanged(path, 'one')).toBe(true)
    utimesSync(path, new Date(0), new Date(0))
    expect(writeFileIfChanged(path, 'one')).toBe(false)
    expect(statSync(path).mtimeMs).toBe(0)
    expect(writeFileIfChanged(path, 'two')).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('two')
    writeFileSync(path, 'owt') // same size, other bytes
    expect(writeFileIfChanged(path, 'two')).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('two')
  })
})

describe('OutputBatch', () => {
  const setup = () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-batch-'))
    const source = join(dir, 'store', 'k1.png')
    mkdirSync(join(dir, 'store'))
    writeFileSync(source, 'face pixels')
    return { dir, source, out: (name: string) => join(dir, 'out', 'game', name), scratch: join(dir, 'out', '.cache'), game: join(dir, 'out', 'game') }
  }

  it('writes nothing until commit, then every file: bytes, copies and staged files', () => {
    const { source, out, scratch, game } = setup()
    const batch = new OutputBatch(scratch, game)
    batch.put(out('rules.pdf'), 'rules')
    batch.copy(out('faces/a.png'), source)
    writeFileSync(batch.stage(out('cards.pdf')), 'sheets')
    expect(existsSync(out(''))).toBe(false)
    expect(batch.commit().written).toEqual([out('rules.pdf'), out('faces/a.png'), out('cards.pdf')])
    expect(['rules.pdf', 'faces/a.png', 'cards.pdf'].map((f) => readFileSync(out(f), 'utf8'))).toEqual(['rules', 'face pixels', 'sheets'])
    expect(readdirSync(scratch)).toEqual([]) // the staged file was moved, not copied
    // A face is linked, not copied, where the file system has hard links (as here).
    expect(statSync(out('faces/a.png')).ino).toBe(statSync(source).ino)
  })

  it('refuses a path outside the output folder, whatever a name from card data holds', () => {
    const { dir, source, out, scratch, game } = setup()
    const batch = new OutputBatch(scratch, game)
    expect(() => batch.put(out('../../../x.front.png'), 'x')).toThrow(/outside the output folder/)
    expect(() => batch.copy(join(dir, 'elsewhere.png'), source)).toThrow(/outside the output folder/)
    expect(() => batch.stage(join(dir, 'out'))).toThrow(/outside the output folder/)
    batch.put(out('faces/ok.front.png'), 'ok')
    expect(batch.commit().written).toEqual([out('faces/ok.front.png')])
  })

  it('discards: the output folder stays as it was and staged files are removed', () => {
    const { source, out, scratch, game } = setup()
    const batch = new OutputBatch(scratch, game)
    batch.copy(out('faces/a.png'), source)
    writeFileSync(batch.stage(out('cards.pdf')), 'half a PDF')
    batch.discard()
    expect(existsSync(out(''))).toBe(false)
    expect(readdirSync(scratch)).toEqual([])
    expect(batch.commit().written).toEqual([])
  })

  it('leaves outputs that would get the same bytes alone, and replaces those that differ', () => {
    const { source, out, scratch, game } = setup()
    const first = new OutputBatch(scratch, game)
    first.copy(out('a.png'), source)
    writeFileSync(first.stage(out('cards.pdf')), 'sheets')
    first.commit()
    for (const f of ['a.png', 'cards.pdf']) utimesSync(out(f), new Date(0), new Date(0))

    const same = new OutputBatch(scratch, game)
    same.copy(out('a.png'), source)
    writeFileSync(same.stage(out('cards.pdf')), 'sheets')
    same.commit()
    expect(['a.png', 'cards.pdf'].map((f) => statSync(out(f)).mtimeMs)).toEqual([0, 0])
    expect(readdirSync(scratch)).toEqual([])

    // The store replaces a face whole (a new file renamed over the old one), never in place: the output
    // linked to the old file keeps the old bytes until the batch replaces it.
    writeFileSync(`${source}.new`, 'face pixelz') // same size, other bytes
    renameSync(`${source}.new`, source)
    expect(readFileSync(out('a.png'), 'utf8')).toBe('face pixels')
    const changed = new OutputBatch(scratch, game)
    changed.copy(out('a.png'), source)
    writeFileSync(changed.stage(out('cards.pdf')), 'sheets, new')
    changed.commit()
    expect(['a.png', 'cards.pdf'].map((f) => readFileSync(out(f), 'utf8'))).toEqual(['face pixelz', 'sheets, new'])
  })
})

describe('sameBytes', () => {
  it('compares files a megabyte at a time, past the first megabyte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-same-'))
    const big = Buffer.alloc(3 << 20, 7)
    writeFileSync(join(dir, 'a'), big)
    writeFileSync(join(dir, 'b'), big)
    expect(sameBytes(join(dir, 'a'), join(dir, 'b'))).toBe(true)
    big[(2 << 20) + 5] = 8
    writeFileSync(join(dir, 'b'), big)
    expect(sameBytes(join(dir, 'a'), join(dir, 'b'))).toBe(false)
    expect(sameBytes(join(dir, 'a'), join(dir, 'missing'))).toBe(false)
  })
})
