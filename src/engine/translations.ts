import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { TranslationFile } from '../load/translations.ts'
import { GAME_TEXTS_KEY } from '../load/game-texts-key.ts'
import type { WordsFile } from '../load/template-words.ts'
import { didYouMean } from '../util/suggest.ts'
import type { Card, GameDef } from './define.ts'
import type { Field, FieldContext } from './fields.ts'
import { vocabularyWords } from './model.ts'
import { firstLine, thrownAt } from '../diagnostics/thrown.ts'

/** A language tag as the definition may give it: `en`, `nl`, `pt-BR`. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** The languages a game is published in, its default first (each once; a bad tag is reported by the definition's check); one, English, unless the definition says. */
export const gameLanguages = (game: GameDef): readonly string[] => {
  const tags = [...new Set((game.languages ?? []).filter((l) => typeof l === 'string' && LANGUAGE_TAG.test(l)))]
  return tags.length ? tags : ['en']
}

/** Languages asked for (`--lang`) that are not among the game's, as one error at the definition; none when all are. */
export const unknownLanguages = (game: GameDef, asked: readonly string[], definitionFile: string): Diagnostic[] => {
  const [main, ...others] = gameLanguages(game)
  const unknown = asked.filter((l) => !others.includes(l) && l !== main)
  if (!unknown.length) return []
  return [
    {
      rule: 'build/unknown-language',
      severity: 'error',
      file: definitionFile,
      line: 1,
      column: 1,
      message: `--lang names ${unknown.map((l) => `"${l}"`).join(', ')}, which is not among ${game.id}'s languages (${main}, the default${others.length ? `, and ${others.join(', ')}` : ', alone: add the others to languages: [...] in its definition'})`,
    },
  ]
}

/** The fields of a card that are translated: its text fields (a number or a word of a vocabulary stays as it is). */
export const textFields = (game: GameDef, card: Card): string[] =>
  Object.entries(game.types[card.type]?.fields ?? {})
    .filter(([, field]) => (field as { kind?: string }).kind === 'text')
    .map(([name]) => name)

/** A text of the game's own, as `withGameTexts` reads it: its key, the object it is on, and its default. */
type TextPlace = { key: string; on: Record<string, unknown>; prop: string; text: string }

/** The roles of split-card halves the game's types use: the words on their faces. */
const usedRoles = (game: GameDef): string[] => [
  ...new Set(Object.values(game.types).flatMap((t) => (t as { halves?: readonly string[] }).halves ?? [])),
]

const mapValues = <T, U>(
  record: Record<string, T> | undefined,
  f: (value: T, key: string) => U,
): Record<string, U> | undefined => record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v, k)]))

/**
 * A copy of the game whose own texts (what faces and the booklet print: its title, the names of its types,
 * the titles of its sets and examples, its vocabulary words' labels and its halves' role words) are
 * `text(key, original)`, or the definition's (`original`) where that gives none. With `lazy`, each is read when it is used (the
 * renderer learns which texts a face shows); the rest of the definition is the same objects.
 */
export const withGameTexts = <G extends GameDef>(
  game: G,
  text: (key: string, original: string) => string | undefined,
  lazy = false,
): G => {
  const places: TextPlace[] = []
  const at = <T extends object>(source: T, prop: string, key: string, fallback?: string): T => {
    const on = { ...source } as Record<string, unknown>
    const original = (on[prop] as string | undefined) ?? fallback
    if (typeof original === 'string') places.push({ key, on, prop, text: original })
    return on as T
  }
  const copy = at(game as GameDef, 'title', 'title')
  copy.types = mapValues(game.types, (type, id) => at(type, 'name', `types.${id}`))!
  copy.sets = mapValues(game.sets, (set, id) => at(set, 'title', `sets.${id}`))
  copy.vocabularies = mapValues(
    game.vocabularies,
    (words, v) => mapValues(words, (word, w) => at(word, 'label', `vocabularies.${v}.${w}`))!,
  )
  copy.examples = mapValues(game.examples, (example, id) => at(example, 'title', `examples.${id}`))
  const roles = usedRoles(game)
  if (roles.length)
    copy.roles = {
      ...game.roles,
      ...Object.fromEntries(roles.map((r) => [r, at(game.roles?.[r] ?? {}, 'word', `roles.${r}`, r.toUpperCase())])),
    }
  for (const { key, on, prop, text: original } of places) {
    if (lazy)
      Object.defineProperty(on, prop, {
        get: () => text(key, original) ?? original,
        enumerable: true,
        configurable: true,
      })
    else on[prop] = text(key, original) ?? original
  }
  return copy as G
}

/** The game's own texts by their key under a translation file's `_game:` (`title`, `types.master`…), as the definition gives them. */
export const gameTexts = (game: GameDef): Map<string, string> => {
  const keys: string[] = []
  const defaults = withGameTexts(game, (key) => void keys.push(key))
  return new Map(keys.map((key) => [key, textAt(defaults, key) ?? '']))
}

/** The text at a key of `gameTexts` on a game (translated or not). */
export const textAt = (game: GameDef, key: string): string | undefined => {
  const [kind, a, b] = key.split('.') as [string, string?, string?]
  if (kind === 'title') return game.title
  if (kind === 'types') return game.types[a!]?.name
  if (kind === 'sets') return game.sets?.[a!]?.title
  if (kind === 'vocabularies') return game.vocabularies?.[a!]?.[b!]?.label
  if (kind === 'examples') return game.examples?.[a!]?.title
  if (kind === 'roles') return game.roles?.[a!]?.word ?? (usedRoles(game).includes(a!) ? a!.toUpperCase() : undefined)
  return undefined
}

/**
 * What is wrong with a template words file of another language than the default: a key the default's file
 * does not have is an error (no template asks for it); a key it lacks is a warning (the default's word is used).
 */
export const checkWords = (defaults: WordsFile, words: WordsFile, exists: boolean): Diagnostic[] => {
  if (!exists) {
    if (!defaults.words.length) return []
    return [
      {
        rule: 'translation/missing',
        severity: 'warning',
        file: words.file,
        message: `${words.file} does not exist: the templates print their ${defaults.lang} words (${defaults.file}) in the ${words.lang} edition`,
      },
    ]
  }
  const known = defaults.words.map((w) => w.key)
  const diagnostics: Diagnostic[] = words.words
    .filter((w) => !known.includes(w.key))
    .map((w) => ({
      rule: 'translation/unknown-word',
      severity: 'error',
      file: words.file,
      ...w.pos,
      message: `\`${w.key}\` is not a word of ${defaults.file}, where the templates' words are defined${didYouMean(w.key, known)}`,
    }))
  const missing = known.filter((k) => !words.words.some((w) => w.key === k))
  if (missing.length)
    diagnostics.push({
      rule: 'translation/missing',
      severity: 'warning',
      file: words.file,
      line: 1,
      column: 1,
      message: `${missing.map((k) => `\`${k}\``).join(', ')} ${missing.length > 1 ? 'have' : 'has'} no ${words.lang} word in ${words.file}: the ${defaults.lang} word is used`,
    })
  return diagnostics
}

/**
 * What is wrong with a translation file: a card id the game does not have or a field its type does not have
 * (errors, at their line), a field that is not text (only text is translated); and what it lacks: a card's
 * text field without a translation is a warning at the card (the default language's text is used).
 */
export const checkTranslations = (
  game: GameDef,
  cards: readonly Card[],
  file: TranslationFile,
  exists: boolean,
): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  if (!exists) {
    return [
      {
        rule: 'translation/missing',
        severity: 'warning',
        file: file.file,
        message: `${file.file} does not exist: every card is in the default language in the ${file.lang} edition`,
      },
    ]
  }
  const texts = gameTexts(game)
  for (const t of file.game)
    if (!texts.has(t.key))
      diagnostics.push({
        rule: 'translation/unknown-text',
        severity: 'error',
        file: file.file,
        ...t.pos,
        message: `\`${t.key}\` is not a text of ${game.id}${didYouMean(t.key, [...texts.keys()])}; ${GAME_TEXTS_KEY} translates its title, types, sets, vocabularies, roles and examples (\`types.${Object.keys(game.types)[0]}\`)`,
      })
  const untranslated = [...texts.keys()].filter((k) => texts.get(k) && !file.game.some((t) => t.key === k))
  if (untranslated.length)
    diagnostics.push({
      rule: 'translation/missing',
      severity: 'warning',
      file: file.file,
      ...(file.gamePos ?? { line: 1, column: 1 }),
      message: `${untranslated.map((k) => `\`${k}\``).join(', ')} of ${GAME_TEXTS_KEY} ${untranslated.length > 1 ? 'have' : 'has'} no ${file.lang} translation: the default text is used`,
    })
  const byId = new Map(cards.map((c) => [c.id, c]))
  const translated = new Map<string, Set<string>>()
  for (const entry of file.cards) {
    const card = byId.get(entry.card)
    if (!card) {
      diagnostics.push({
        rule: 'translation/unknown-card',
        severity: 'error',
        file: file.file,
        ...entry.pos,
        message: `${file.file} translates "${entry.card}", which is not a card of ${game.id}${didYouMean(entry.card, [...byId.keys()])}`,
      })
      continue
    }
    const fields = Object.keys(game.types[card.type]?.fields ?? {})
    const texts = textFields(game, card)
    const done = new Set<string>()
    for (const t of entry.texts) {
      if (!fields.includes(t.field)) {
        diagnostics.push({
          rule: 'translation/unknown-field',
          severity: 'error',
          file: file.file,
          ...t.pos,
          card: card.id,
          message: `${card.id} (${game.types[card.type]!.name}) has no field \`${t.field}\`${didYouMean(t.field, texts)}; its text fields are ${texts.map((f) => `\`${f}\``).join(', ') || 'none'}`,
        })
        continue
      }
      if (!texts.includes(t.field)) {
        diagnostics.push({
          rule: 'translation/not-translatable',
          severity: 'error',
          file: file.file,
          ...t.pos,
          card: card.id,
          message: `\`${t.field}\` of ${card.id} is not text: only text fields are translated (its value is the same in every language)`,
        })
        continue
      }
      done.add(t.field)
    }
    translated.set(card.id, done)
  }
  for (const card of cards) {
    const missing = textFields(game, card).filter(
      (f) => card.fields[f] !== undefined && card.fields[f] !== '' && !translated.get(card.id)?.has(f),
    )
    if (!missing.length) continue
    diagnostics.push({
      rule: 'translation/missing',
      severity: 'warning',
      file: card.source.file,
      line: card.source.pos.line,
      column: card.source.pos.column,
      card: card.id,
      message: `${missing.map((f) => `\`${f}\``).join(', ')} of ${card.id} ${missing.length > 1 ? 'have' : 'has'} no ${file.lang} translation in ${file.file}: the default text is used`,
    })
  }
  return diagnostics
}

/**
 * The cards in a language: each translated text in place of the default, pointing at its line in the
 * translation file (so that a problem with the translation is reported there); the rest as they are.
 */
export const translateCards = (cards: readonly Card[], file: TranslationFile): Card[] => {
  const byId = new Map(file.cards.map((e) => [e.card, e]))
  return cards.map((card) => {
    const entry = byId.get(card.id)
    if (!entry || !entry.texts.length) return card
    const fields = { ...card.fields }
    // The fields not translated stay where the card's own file has them (its `art:` line, its numbers).
    const positions: Card['source']['fields'] = {}
    for (const [name, pos] of Object.entries(card.source.fields))
      positions[name] = { ...pos, file: pos.file ?? card.source.file }
    for (const t of entry.texts) {
      if (!(t.field in card.fields)) continue
      fields[t.field] = t.text
      positions[t.field] = t.pos
    }
    return { ...card, fields, source: { file: file.file, pos: entry.pos, fields: positions } }
  })
}

/**
 * Each translated text read by its field's kind, as the card's own text is (a text's `max`, a kind of the
 * game's own): what it finds is at the translation's line. Runs the game's code (on its thread).
 */
export const checkTranslatedTexts = (
  game: GameDef,
  cards: readonly Card[],
  file: TranslationFile,
  root?: string,
): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  const byId = new Map(cards.map((c) => [c.id, c]))
  const ctx: FieldContext = { vocab: vocabularyWords(game) }
  for (const entry of file.cards) {
    const card = byId.get(entry.card)
    if (!card) continue
    const texts = textFields(game, card)
    for (const t of entry.texts) {
      if (!texts.includes(t.field)) continue // not text: checkTranslations says so
      const field = game.types[card.type]!.fields[t.field] as Field
      const at = { file: file.file, ...t.pos, card: card.id, field: t.field }
      try {
        const parsed = field.parse(t.text, ctx)
        if (!parsed.ok)
          diagnostics.push({
            rule: parsed.rule,
            severity: 'error',
            ...at,
            message: `\`${t.field}\` (${file.lang}): ${parsed.message}`,
          })
      } catch (error) {
        const code = root ? thrownAt(error, root) : undefined
        diagnostics.push({
          rule: 'game/field-crashed',
          severity: 'error',
          ...at,
          ...code,
          message: `the ${field.kind} field kind failed to read the ${file.lang} \`${t.field}\` of ${card.id} (${file.file}:${t.pos.line}): ${firstLine(error)}`,
        })
      }
    }
  }
  return diagnostics
}
