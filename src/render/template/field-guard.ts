import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../../engine/define.ts'
import { suggest } from '../../util/suggest.ts'
import { collapseCards } from '../../diagnostics/collapse-cards.ts'

export const UNKNOWN_FIELD = 'render/unknown-field'

/**
 * Names any code may ask of an object without meaning a field: JSON.stringify's `toJSON`, a promise's
 * `then`, React's `$$typeof`, and what test matchers and pretty-printers look for.
 */
const PROTOCOL = new Set(['toJSON', 'then', '$$typeof', 'asymmetricMatch', 'nodeType', '@@__IMMUTABLE_ITERABLE__@@'])

/** Every field name a game's card types declare, worked out once a game. */
const declaredByGame = new WeakMap<GameDef, Set<string>>()

const gameFields = (game: GameDef): Set<string> => {
  let names = declaredByGame.get(game)
  if (!names) {
    names = new Set(Object.values(game.types).flatMap((t) => Object.keys(t.fields ?? {})))
    declaredByGame.set(game, names)
  }
  return names
}

/**
 * The card as its template sees it: its `fields` read through a Proxy that tells `unknown` of a get of a
 * name no card type of the game declares (a typo, a field renamed in the definition). Reading a field
 * another type declares gives undefined quietly: a helper shared by several types may ask. `in`,
 * Object.keys, spreading and JSON.stringify see the fields as they are.
 */
export const guardFields = (card: Card, game: GameDef, unknown: (name: string) => void): Card => {
  const declared = gameFields(game)
  const fields = new Proxy(card.fields, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !declared.has(key) && !(key in target) && !PROTOCOL.has(key)) unknown(key)
      return Reflect.get(target, key, receiver)
    },
  })
  return { ...card, fields }
}

/** What a template that reads `name` of a card of `typeId` is told: the type's fields, and the nearest name. */
export const unknownFieldMessage = (game: GameDef, typeId: string, name: string): string => {
  const type = game.types[typeId]
  const own = Object.keys(type?.fields ?? {})
  const near = suggest(name, own) ?? suggest(name, gameFields(game))
  const has = own.length ? `${type?.name ?? typeId} has ${own.map((f) => `\`${f}\``).join(', ')}` : 'it has none'
  return `the template reads \`card.fields.${name}\`, a field no card type of the game declares${near ? ` (did you mean "${near}"?)` : ''}: it is undefined on every card; ${has}`
}

/**
 * One `render/unknown-field` error per place in the templates and field, however many faces read it: the
 * first card named, and how many more.
 */
export const collapseUnknownFields = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  // Cards of several types reading at one place (a shared helper) are one error too: the first's words.
  collapseCards(diagnostics, UNKNOWN_FIELD, (d) => `${d.file}|${d.line}|${d.column}|${d.field}`, 'read for')
