// npm run bench -- --text-heavy [cards]: a party game of text-heavy cards (5,328 by default, each face its own
// text, a few symbols drawn by a CJK fallback font), built faces-only as new processes: the peak memory (all
// threads) and time of a cold build, and of a one-card edit after it, with each renderer.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { measuredRun } from './measured-run.ts'
import { mb } from './median.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const work = join(here, 'work-text-heavy')

/** A small deterministic generator (mulberry32), so that every run writes the same cards. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const OPENINGS = [
  'Tell the group about',
  'Describe, in as much detail as you dare,',
  'Without naming anyone, explain',
  'Everyone votes on',
  'Share a story about',
  'Confess',
  'In one breath, list',
  'Guess what the player on your left thinks of',
]
const SUBJECTS = [
  'the worst holiday you ever took',
  'a gift you secretly returned',
  'the strangest thing in your kitchen',
  'a song you know every word of',
  'the first concert you went to',
  'a rule you broke at school',
  'the most useless skill you have',
  'a meal you would eat every day',
  'the last time you laughed until you cried',
  'a film that scared you as a child',
  'someone you lost touch with',
  'a habit you picked up from a parent',
  'your most embarrassing text message',
  'the best advice nobody took',
  'a place you would move to tomorrow',
  'the oddest job you ever had',
]
const TAILS = [
  'The others may ask one question each.',
  'If the group thinks you are bluffing, you lose a point.',
  'Anyone who has done the same drinks a glass of water.',
  'The player to your right decides whether it counts.',
  'Keep it under a minute, or pass the card on.',
  'Whoever laughs first takes the next card.',
  'You may swap this card once per game, but only before reading it aloud.',
  'If nobody believes you, tell a second story instead.',
  'Points go to the player who guesses the ending.',
  'When in doubt, the youngest player decides.',
]
/** Symbols a Latin font lacks and the CJK fallback draws: a few cards have one. */
const CJK = ['※ House rule: ', '「', '★ ', '〜 ']
const TITLES = ['Spotlight', 'Hot Seat', 'Mime Time', 'Speed Round', 'Open Book', 'Lights Out', 'Echo', 'Switch']
const CATEGORIES = ['Memories', 'Wishes', 'Secrets', 'Opinions']

/** Card `i`'s text: a sentence or two to a short paragraph, its own (the number makes each differ). */
const textOf = (i: number) => {
  const r = random(i + 1)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!
  const sentences = [`${pick(OPENINGS)} ${pick(SUBJECTS)} (round ${i % 97}).`]
  for (let n = Math.floor(r() * 4); n > 0; n--) sentences.push(pick(TAILS))
  const text = sentences.join(' ')
  if (i % 37 !== 5) return text
  const symbol = CJK[((i / 37) % CJK.length) | 0]!
  return symbol === '「' ? `「${text}」` : symbol + text
}

const cardsYaml = (type: 'question' | 'dare', count: number, edit: string) =>
  `type: ${type}\ncards:\n` +
  Array.from({ length: count }, (_, k) => {
    const i = type === 'question' ? 2 * k : 2 * k + 1
    const points = 1 + (i % 5)
    return type === 'question'
      ? `  - { id: q${k}, category: ${CATEGORIES[i % 4]}, text: ${JSON.stringify(textOf(i) + (k === 0 ? edit : ''))}, points: ${points} }`
      : `  - { id: d${k}, title: "${TITLES[i % TITLES.length]} ${k}", points: ${points} }`
  }).join('\n') +
  '\n'

/** The dares' texts, a template word each by the card's id. */
const daresWords = (count: number) =>
  Array.from({ length: count }, (_, k) => `d${k}: ${JSON.stringify(textOf(2 * k + 1))}`).join('\n') + '\n'

/** The party game's cards in `dir`, half questions and half dares; the first question's text ends with `edit`. */
export const writePartyCards = (dir: string, cards: number, edit = '') => {
  mkdirSync(join(dir, 'cards', 'party'), { recursive: true })
  writeFileSync(join(dir, 'cards', 'party', 'questions.yaml'), cardsYaml('question', Math.ceil(cards / 2), edit))
  writeFileSync(join(dir, 'cards', 'party', 'dares.yaml'), cardsYaml('dare', Math.floor(cards / 2), edit))
}
/** The party game of `cards` cards in `dir`, written anew: its definition and templates, cards and the dares' words. */
export const writePartyGame = (dir: string, cards: number) => {
  rmSync(dir, { recursive: true, force: true })
  cpSync(join(here, 'party'), dir, { recursive: true })
  writePartyCards(dir, cards)
  mkdirSync(join(dir, 'templates', 'party', 'lang'), { recursive: true })
  writeFileSync(join(dir, 'templates', 'party', 'lang', 'en.yaml'), daresWords(Math.floor(cards / 2)))
}

/** A new deckwright process in the bench's folder: its wall time (ms) and peak memory (bytes, all threads). */
const run = (...args: string[]) => measuredRun(work, ...args)
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export const benchTextHeavy = (cards: number) => {
  console.log(
    `deckwright text-heavy bench: ${cards} party cards, each face its own text; node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'})`,
  )
  console.log('renderer   cold build --only faces --no-cache   peak      one-card edit   peak')
  for (const renderer of ['satori', 'takumi']) {
    writePartyGame(work, cards)
    const build = ['build', 'party', '--only', 'faces', '--no-overview', '--renderer', renderer]
    const cold = run(...build, '--no-cache')
    if (process.platform !== 'win32') execFileSync('sync')
    writePartyCards(work, cards, ' (edited)')
    const edit = run(...build)
    console.log(
      `${renderer.padEnd(11)}${s(cold.ms).padStart(10)}${' '.repeat(27)}${mb(cold.rss).padStart(7)}${s(edit.ms).padStart(17)}${mb(edit.rss).padStart(7)}`,
    )
  }
}
