// The face store's index: what two builds of one game learn is kept, whichever saves last.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readIndex, today, writeIndex } from '../../src/render/store-index.ts'
import { FaceStore } from '../../src/render/face-store.ts'

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
