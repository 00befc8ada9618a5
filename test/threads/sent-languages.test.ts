import { describe, expect, it } from 'vitest'
import { languagesReceived, sendLanguage } from '../../src/threads/sent-languages.ts'
import type { FaceLanguage } from '../../src/render/template/face-texts.ts'

const language = (lang: string): FaceLanguage => ({ lang, game: {}, words: { hello: `hello in ${lang}` } })

describe('a draw request’s language', () => {
  it('carries the words the first time a thread is sent them, then only their number, which the thread reads back', () => {
    const [a, b] = [{}, {}]
    const en = language('en')
    const receive = languagesReceived()
    const first = sendLanguage(a, en)!
    expect(first.language).toBe(en)
    expect(receive(structuredClone(first))).toEqual(en)
    const again = sendLanguage(a, en)!
    expect(again).toEqual({ id: first.id })
    expect(receive(structuredClone(again))).toEqual(en)
    // Another thread has not been sent it.
    expect(sendLanguage(b, en)!.language).toBe(en)
    expect(sendLanguage(a, undefined)).toBeUndefined()
  })

  it('is sent again once the thread has let it go for newer ones, as the thread keeps them', () => {
    const thread = {}
    const receive = languagesReceived()
    const languages = ['en', 'nl', 'de', 'fr', 'it'].map(language)
    for (const l of languages) expect(receive(structuredClone(sendLanguage(thread, l)))).toEqual(l)
    // Four are kept: the first was let go on both sides.
    for (const l of languages.slice(1)) expect(sendLanguage(thread, l)!.language).toBeUndefined()
    const en = sendLanguage(thread, languages[0])!
    expect(en.language).toBe(languages[0])
    expect(receive(structuredClone(en))).toEqual(languages[0])
    // A number the thread never kept is an error, never the default language.
    expect(() => languagesReceived()({ id: en.id })).toThrow(/never sent/)
  })
})
