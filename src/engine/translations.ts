import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { TranslationFile } from '../load/translations.ts'
import { didYouMean } from '../util/suggest.ts'
import type { Card, GameDef } from './define.ts'

/** A language tag as the definition may give it: `en`, `nl`, `pt-BR`. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** The languages a game is published in, its default first (each once; a bad tag is reported by the definition's check); one, English, unless the definition says. */
export const gameLanguages = (game: GameDef): readonly string[] => {
  const tags = [...new Set((game.languages ?? []).filter((l) => typeof l === 'string' && LANGUAGE_TAG.test(l)))]
  return tags.length ? tags : ['en']
}

/** Languages asked for (`--lang`) that are not among the game's others than its default, as one error at the definition; none when all are. */
export const unknownLanguages = (game: GameDef, asked: readonly string[], definitionFile: string): Diagnostic[] => {
  const others = gameLanguages(game).slice(1)
  const unknown = asked.filter((l) => !others.includes(l))
  if (!unknown.length) return []
  return [{ rule: 'build/unknown-language', severity: 'error', file: definitionFile, line: 1, column: 1, message: `--lang names ${unknown.map((l) => `"${l}"`).join(', ')}, which is not among ${game.id}'s languages other than its default (${others.length ? others.join(', ') : 'it lists none: add languages: [...] to its definition'})` }]
}

/** The fields of a card that are translated: its text fields (a number or a word of a vocabulary stays as it is). */
export const textFields = (game: GameDef, card: Card): string[] =>
  Object.entries(game.types[card.type]?.fields ?? {})
    .filter(([, field]) => (field as { kind?: string }).kind === 'text')
    .map(([name]) => name)

/**
 * What is wrong with a translation file: a card id the game does not have or a field its type does not have
 * (errors, at their line), a field that is not text (only text is translated); and what it lacks: a card's
 * text field without a translation is a warning at the card (the default language's text is used).
 */
export const checkTranslations = (game: GameDef, cards: readonly Card[], file: TranslationFile, exists: boolean): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  if (!exists) {
    return [{ rule: 'translation/missing', severity: 'warning', file: file.file, message: `${file.file} does not exist: every card is in the default language in the ${file.lang} edition` }]
  }
  const byId = new Map(cards.map((c) => [c.id, c]))
  const translated = new Map<string, Set<string>>()
  for (const entry of file.cards) {
    const card = byId.get(entry.card)
    if (!card) {
      diagnostics.push({ rule: 'translation/unknown-card', severity: 'error', file: file.file, ...entry.pos, message: `${file.file} translates "${entry.card}", which is not a card of ${game.id}${didYouMean(entry.card, [...byId.keys()])}` })
      continue
    }
    const fields = Object.keys(game.types[card.type]?.fields ?? {})
    const texts = textFields(game, card)
    const done = new Set<string>()
    for (const t of entry.texts) {
      if (!fields.includes(t.field)) {
        diagnostics.push({ rule: 'translation/unknown-field', severity: 'error', file: file.file, ...t.pos, card: card.id, message: `${card.id} (${game.types[card.type]!.name}) has no field \`${t.field}\`${didYouMean(t.field, texts)}; its text fields are ${texts.map((f) => `\`${f}\``).join(', ') || 'none'}` })
        continue
      }
      if (!texts.includes(t.field)) {
        diagnostics.push({ rule: 'translation/not-translatable', severity: 'error', file: file.file, ...t.pos, card: card.id, message: `\`${t.field}\` of ${card.id} is not text: only text fields are translated (its value is the same in every language)` })
        continue
      }
      done.add(t.field)
    }
    translated.set(card.id, done)
  }
  for (const card of cards) {
    const missing = textFields(game, card).filter((f) => card.fields[f] !== undefined && card.fields[f] !== '' && !translated.get(card.id)?.has(f))
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
    const positions = { ...card.source.fields }
    for (const t of entry.texts) {
      if (!(t.field in card.fields)) continue
      fields[t.field] = t.text
      positions[t.field] = t.pos
    }
    return { ...card, fields, source: { file: file.file, pos: entry.pos, fields: positions } }
  })
}
