// The face store's index: what two builds of one game learn is kept, whichever saves last.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readIndex, today, writeIndex } from '../../src/render/store/store-index.ts'
import { FaceStore, SAVE_EVERY_MS } from '../../src/render/store/face-store.ts'

const drawn = { fonts: ['@fontsource/inter'], icons: ['game-icons:spy'] }

describe("the face store's index", () => {
  it('keeps what two builds recorded, whichever saves last, and what each saves again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-index-'))
    const first = new FaceStore(dir)
    const second = new FaceStore(dir)
    first.recordShown('a', ['t:x']) // both read the (empty) index before either saves
    second.recordShown('b', ['game:title'])
    first.record('k1', [], drawn)
    first.save()
    second.record('k2', [{ rule: 'render/text-overflow', severity: 'error', file: 'f', message: 'm' }], drawn)
    second.save()
    const index = readIndex(dir)
    expect([...index.faces.keys()].sort()).toEqual(['k1', 'k2'])
    expect(index.faces.get('k2')!.diagnostics).toMatchObject([{ rule: 'render/text-overflow' }])
    expect(index.faces.get('k1')!.drawnWith).toEqual(drawn)
    expect([...index.shown.keys()].sort()).toEqual(['a', 'b'])
    // The first saves again, nobody having written since its last save: nothing of the second's is lost.
    first.recordLayout('k3', [])
    first.save()
    expect([...readIndex(dir).faces.keys()].sort()).toEqual(['k1', 'k2'])
    expect([...readIndex(dir).layouts.keys()]).toEqual(['k3'])
  })

  it("appends a build's few changes to a log, read back in order, and writes the index whole when the log grows", () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-index-'))
    const store = new FaceStore(dir)
    for (let i = 0; i < 40; i++) store.record(`k${i}`, [], drawn)
    store.save()
    const whole = readFileSync(join(dir, 'index.json'), 'utf8')
    // A one-face edit: a line in the log, the index file as it was.
    const edit = new FaceStore(dir)
    edit.record('new', [], drawn)
    expect(edit.get('k0')).toBeUndefined() // k0's pictures are not there: the store forgets it
    edit.save()
    expect(readFileSync(join(dir, 'index.json'), 'utf8')).toBe(whole)
    expect(readFileSync(join(dir, 'index.log'), 'utf8').split('\n').filter(Boolean)).toHaveLength(1)
    // Another build's line, and half a line a build is writing now.
    const other = new FaceStore(dir)
    other.recordLayout('k1', [])
    other.save()
    appendFileSync(join(dir, 'index.log'), '{"version":1,"faces":{"half')
    const read = readIndex(dir)
    expect(read.faces.has('new')).toBe(true)
    expect(read.faces.has('k0')).toBe(false)
    expect(read.faces.size).toBe(40)
    expect([...read.layouts.keys()]).toEqual(['k1'])
    // Many changes at once (a quarter of the index): written whole, the log gone.
    const many = new FaceStore(dir)
    for (let i = 0; i < 20; i++) many.record(`more${i}`, [], drawn)
    many.save()
    expect(existsSync(join(dir, 'index.log'))).toBe(false)
    expect(readIndex(dir).faces.size).toBe(60)
    expect(readIndex(dir).layouts.has('k1')).toBe(true)
  })

  it("keeps a face's files and nothing else of it: what it met and showed is in the index, saved every few seconds", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-index-'))
    const store = new FaceStore(dir)
    const key = 'c'.repeat(40)
    const face = {
      svg: '<svg/>',
      picture: 'e'.repeat(40),
      svgMs: 0,
      rasterise: async () => ({ png: Buffer.from('png'), ms: 0 }),
    }
    await store.put(key, face, [])
    expect(readdirSync(dir).sort()).toEqual([`${key}.png`, `${key}.svg`, `picture-${'e'.repeat(40)}.png`, 'staging'])
    // Its files alone make no face another build takes: the index lists it once the build records it.
    expect(new FaceStore(dir).get(key)).toBeUndefined()
    const start = performance.now()
    store.save(start)
    store.record(key, [], drawn)
    store.recordShown('inputs', ['t:x'])
    store.saveWhenDue(start + SAVE_EVERY_MS - 1)
    expect(readIndex(dir).faces.has(key)).toBe(false)
    store.saveWhenDue(start + SAVE_EVERY_MS + 1)
    expect(new FaceStore(dir).get(key)?.drawnWith).toEqual(drawn)
    expect(new FaceStore(dir).shownBy('inputs')).toEqual(['t:x'])
    // Its folder removed, the store saves nothing and does not make it again.
    store.record('d'.repeat(40), [], drawn)
    rmSync(dir, { recursive: true })
    store.save()
    expect(existsSync(dir)).toBe(false)
  })

  it('leaves out what pruning refuses: entries not used since a day', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-index-'))
    const index = readIndex(dir)
    index.faces.set('old', { diagnostics: [], drawnWith: drawn, used: today() - 30 })
    index.faces.set('new', { diagnostics: [], drawnWith: drawn, used: today() })
    writeIndex(dir, index)
    writeIndex(dir, readIndex(dir), (used) => used >= today() - 14)
    expect([...readIndex(dir).faces.keys()]).toEqual(['new'])
  })
})

describe("a look's face", () => {
  const drawn = {
    svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    picture: 'f'.repeat(40),
    svgMs: 0,
    rasterise: async () => ({ png: Buffer.from('png'), ms: 0 }),
  }
  const measures = { behind: [], measured: false }

  it('is not stored again as links when the face the look names is that face and its files are gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-look-'))
    const [key, other] = ['a'.repeat(40), 'b'.repeat(40)]
    const store = new FaceStore(dir)
    await store.put(key, drawn, [], { look: { key: 'look1', measures } })
    // Another face of the same look: links of the first's files.
    expect(store.putLook(other, 'look1')).toBe(true)
    expect(readFileSync(store.files(other).png, 'utf8')).toBe('png')
    // The face's own files pruned while its look stays: it is to be drawn, in this process and in the next.
    rmSync(store.files(key).png)
    expect(store.putLook(key, 'look1')).toBe(false)
    expect(new FaceStore(dir).putLook(key, 'look1')).toBe(false)
  })
})
