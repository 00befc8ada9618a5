import type { FaceLanguage } from '../render/template/face-texts.ts'

/**
 * A face job's language as a draw request carries it: a number, with the language itself (every template
 * word of it) only the first time a thread is sent that number. A game whose texts are template words (a
 * text a card) would otherwise copy them all to a thread, and make them again there, for every face.
 */
export interface SentLanguage {
  id: number
  language?: FaceLanguage
}

/**
 * The languages a thread keeps, the most recently sent first: a build draws one language at a time, and
 * each build's is new. The build's thread keeps the same list for each thread, so it knows which it holds.
 */
const KEPT = 4

const ids = new WeakMap<FaceLanguage, number>()
let next = 0
/** What each thread was sent, oldest first (`KEPT` of them): a thread outlives the renderer of one build. */
const sentTo = new WeakMap<object, number[]>()

/** The build's thread: `language` as a draw request to `thread` carries it. */
export const sendLanguage = (thread: object, language: FaceLanguage | undefined): SentLanguage | undefined => {
  if (!language) return undefined
  let id = ids.get(language)
  if (id === undefined) ids.set(language, (id = next++))
  let sent = sentTo.get(thread)
  if (!sent) sentTo.set(thread, (sent = []))
  if (sent.includes(id)) return { id }
  sent.push(id)
  if (sent.length > KEPT) sent.shift()
  return { id, language }
}

/**
 * A game thread's side: the languages it was sent, kept as the build's thread keeps their numbers (the
 * requests arrive in the order sent). Call it with every draw request as it arrives.
 */
export const languagesReceived = () => {
  const kept = new Map<number, FaceLanguage>()
  return (sent: SentLanguage | undefined): FaceLanguage | undefined => {
    if (!sent) return undefined
    if (sent.language) {
      kept.set(sent.id, sent.language)
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!)
      return sent.language
    }
    const language = kept.get(sent.id)
    if (!language) throw new Error(`the language ${sent.id} of a face was never sent to this thread`)
    return language
  }
}
