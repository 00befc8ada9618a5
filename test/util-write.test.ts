import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  renameSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFileIfChanged } from '../src/util/atomic-write.ts'
import { BUILDS, OutputBatch, sameBytes } from '../src/outputs/output-batch.ts'

describe('writeFileIfChanged', () => {
  it('leaves a file holding the same bytes alone, and replaces one that differs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-write-'))
    const path = join(dir, 'sub', 'face.png')
    const where = { inside: dir }
    expect(writeFileIfChanged(path, 'one', where)).toBe(true)
    utimesSync(path, new Date(0), new Date(0))
    expect(writeFileIfChanged(path, 'one', where)).toBe(false)
    expect(statSync(path).mtimeMs).toBe(0)
    expect(writeFileIfChanged(path, 'two', where)).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('two')
    writeFileSync(path, 'owt') // same size, other bytes
    expect(writeFileIfChanged(path, 'two', where)).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('two')
  })
})

describe('OutputBatch', () => {
  const setup = () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-batch-'))
    const source = join(dir, 'store', 'k1.png')
    mkdirSync(join(dir, 'store'))
    writeFileSync(source, 'face pixels')
    return {
      dir,
      source,
      out: (name: string) => join(dir, 'out', 'game', name),
      scratch: join(dir, 'out', '.cache'),
      game: join(dir, 'out', 'game'),
    }
  }

  it('writes nothing until commit, then every file: bytes, copies and staged files', () => {
    const { source, out, scratch, game } = setup()
    const batch = new OutputBatch(scratch, game)
    batch.put(out('rules.pdf'), 'rules')
    batch.copy(out('faces/a.png'), source)
    writeFileSync(batch.stage(out('cards.pdf')), 'sheets')
    expect(existsSync(out(''))).toBe(false)
    expect(batch.commit().written).toEqual([out('rules.pdf'), out('faces/a.png'), out('cards.pdf')])
    expect(['rules.pdf', 'faces/a.png', 'cards.pdf'].map((f) => readFileSync(out(f), 'utf8'))).toEqual([
      'rules',
      'face pixels',
      'sheets',
    ])
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

  it("drops only its own game's spares when it draws every face anew (recycle: false), never another game's", () => {
    const { source, scratch, game, dir } = setup()
    const other = join(dir, 'out', 'game-two')
    const builds = join(dir, 'out', BUILDS)
    const build = (folder: string, options?: { recycle: boolean }) => {
      const batch = new OutputBatch(scratch, folder)
      batch.copy(join(folder, 'faces', 'a.png'), source)
      batch.commit(undefined, options)
    }
    const spares = () =>
      readdirSync(builds)
        .filter((name) => name.endsWith('.spare.json'))
        .map((name) => name.split('.')[0])
    for (const folder of [game, game, other, other]) build(folder)
    expect(spares().sort()).toEqual(['game', 'game-two'])
    build(game, { recycle: false })
    expect(spares()).toEqual(['game-two'])
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

    // The store replaces a face whole (a new file renamed over the old one), never in place, and under the
    // same name only in a build that draws every face anew (`recycle: false`): the output linked to the old
    // file keeps the old bytes until such a batch replaces it.
    writeFileSync(`${source}.new`, 'face pixelz') // same size, other bytes
    renameSync(`${source}.new`, source)
    expect(readFileSync(out('a.png'), 'utf8')).toBe('face pixels')
    const changed = new OutputBatch(scratch, game)
    changed.copy(out('a.png'), source)
    writeFileSync(changed.stage(out('cards.pdf')), 'sheets, new')
    changed.commit(undefined, { recycle: false })
    expect(['a.png', 'cards.pdf'].map((f) => readFileSync(out(f), 'utf8'))).toEqual(['face pixelz', 'sheets, new'])
    // …and no later build is made from that build's folder, whose links have the old names.
    writeFileSync(`${source}.new`, 'face pixelq')
    renameSync(`${source}.new`, source)
    for (const text of ['face pixelq', 'face pixelq']) {
      const again = new OutputBatch(scratch, game)
      again.copy(out('a.png'), source)
      again.commit()
      expect(readFileSync(out('a.png'), 'utf8')).toBe(text)
    }
  })

  it('makes each build from the one before the current: a face of the same store file is not linked again', () => {
    const { dir, out, scratch, game } = setup()
    const faces = Array.from({ length: 6 }, (_, i) => join(dir, 'store', `k${i}.png`))
    faces.forEach((f, i) => writeFileSync(f, `face ${i}`))
    const builds = join(dir, 'out', '.builds')
    const commit = (pick: (i: number) => string, extra?: string) => {
      const batch = new OutputBatch(scratch, game)
      for (let card = 0; card < 4; card++) batch.copy(out(`faces/c${card}.png`), pick(card))
      if (extra) batch.put(out(extra), 'extra')
      writeFileSync(batch.stage(out('cards.pdf')), 'sheets')
      return batch.commit((path) => /faces/.test(path))
    }
    commit((i) => faces[i]!, 'tts/sheet.png')
    commit((i) => faces[i]!)
    // Two builds now: the current one, and the one it replaced kept as the spare (its faces only).
    const [spare] = readdirSync(builds)
      .filter((n) => n.endsWith('.spare.json'))
      .map((n) => join(builds, n.slice(0, -'.spare.json'.length)))
    expect(readdirSync(spare!, { recursive: true }).map(String).sort()).toEqual([
      'faces',
      'faces/c0.png',
      'faces/c1.png',
      'faces/c2.png',
      'faces/c3.png',
    ])
    const inode = statSync(join(spare!, 'faces', 'c0.png')).ino
    // The next build is made from the spare: card 3 changes, card 0 stays the same file (not linked again).
    const third = commit((i) => faces[i === 3 ? 5 : i]!)
    expect(readlinkSync(game)).toContain(
      basename(readdirSync(builds).find((n) => !n.endsWith('.json') && existsSync(join(builds, `${n}.json`)))!),
    )
    expect(statSync(out('faces/c0.png')).ino).toBe(inode)
    expect(['c0', 'c3'].map((c) => readFileSync(out(`faces/${c}.png`), 'utf8'))).toEqual(['face 0', 'face 5'])
    // A file no stage wrote this time is carried over from the current build (not from the spare, which kept faces only).
    expect(readFileSync(out('tts/sheet.png'), 'utf8')).toBe('extra')
    expect(third.removed).toEqual([])
    // A face of a card that is gone is removed from the new build (and said so); the spare of two builds
    // ago had it, and it does not come back.
    const fewer = new OutputBatch(scratch, game)
    for (let card = 0; card < 3; card++) fewer.copy(out(`faces/c${card}.png`), faces[card]!)
    expect(fewer.commit((path) => /faces/.test(path)).removed).toEqual([out('faces/c3.png')])
    const last = new OutputBatch(scratch, game)
    for (let card = 0; card < 3; card++) last.copy(out(`faces/c${card}.png`), faces[card]!)
    last.commit((path) => /faces/.test(path))
    expect(readdirSync(out('faces')).sort()).toEqual(['c0.png', 'c1.png', 'c2.png'])
    expect(readdirSync(builds).filter((n) => !n.endsWith('.json'))).toHaveLength(2)
  })

  it('does not make a build from a spare that was changed by hand', () => {
    const { dir, out, scratch, game } = setup()
    const face = join(dir, 'store', 'k.png')
    writeFileSync(face, 'face')
    const builds = join(dir, 'out', '.builds')
    const commit = () => {
      const batch = new OutputBatch(scratch, game)
      batch.copy(out('faces/a.png'), face)
      batch.copy(out('faces/b.png'), face)
      batch.commit()
    }
    commit()
    commit()
    const spare = join(
      builds,
      readdirSync(builds)
        .find((n) => n.endsWith('.spare.json'))!
        .slice(0, -'.spare.json'.length),
    )
    rmSync(join(spare, 'faces', 'b.png'))
    commit()
    expect(readdirSync(out('faces')).sort()).toEqual(['a.png', 'b.png'])
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
