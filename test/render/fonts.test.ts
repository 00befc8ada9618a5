import { describe, expect, it } from 'vitest'
import { baseFonts, faceFonts } from '../../src/render/fonts.ts'

describe('faceFonts', () => {
  it("gives deckwright's own fonts, then the templates' others, each file once", () => {
    const own = faceFonts()
    expect(own.map((f) => f.path)).toHaveLength(Object.keys(baseFonts).length)
    // A template naming a font deckwright already has adds nothing…
    expect(faceFonts([{ name: 'Bitter', package: '@fontsource/bitter', weight: 700 }])).toHaveLength(own.length)
    // …and one it lacks comes after deckwright's own.
    const more = faceFonts([{ name: 'Bitter', package: '@fontsource/bitter', weight: 400 }])
    expect(more).toHaveLength(own.length + 1)
    expect(more.at(-1)).toMatchObject({ name: 'Bitter', weight: 400 })
  })
})
