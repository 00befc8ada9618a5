import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFileIfChanged } from '../src/util/atomic-write.ts'

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
