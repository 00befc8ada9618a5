import { diagnosticKey, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import type { RawCard, RawCardFile, RawValue } from '../load/raw-card.ts'
import type { Card, GameDef, SourcePos } from './define.ts'
import type { Field, FieldContext } from './fields.ts'
import { idKey, idProblem } from './card-id.ts'
import { deckOf } from './decks.ts'
import { pathProblem } from './safe-path.ts'
import { didYouMean } from '../util/suggest.ts'
import { firstLine, thrownAt } from '../diagnostics/thrown.ts'
import { splitSheetFile } from '../diagnostics/sheet-place.ts'

const fileStem = (file: string): string => file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')

/**
 * The names that give a card file's cards their type when they name one: the file's name without its
 * extension, or a workbook's sheet's name, then the workbook's.
 */
const typeNames = (file: RawCardFile): string[] => {
  const split = file.sheet !== undefined ? splitSheetFile(file.file) : undefined
  return split ? [split.sheet, fileStem(split.workbook)] : [fileStem(file.file)]
}

/**
 * Keys every card may carry besides its type's fields. `art` names an image for its face; a type that
 * declares a field named `art` itself keeps it (the key then names no image).
 */
const RESERVED = ['id', 'type', 'set', 'qty', 'art'] as const

export const vocabularyWords = (game: GameDef): Record<string, string[]> =>
  Object.fromEntries(Object.entries(game.vocabularies ?? {}).map(([name, words]) => [name, Object.keys(words)]))

export const setNames = (game: GameDef): string[] => [
  'base',
  ...Object.keys(game.sets ?? {}).filter((s) => s !== 'base'),
]

interface Reporter {
  (
    d: Omit<Diagnostic, 'severity' | 'file' | 'line' | 'column'> & {
      pos: SourcePos
      severity?: Diagnostic['severity']
    },
  ): void
}

/**
 * Turns raw card records into typed cards of the game, reporting every problem of every card:
 * unknown type, missing and unknown fields, values of the wrong type, duplicate ids, broken references.
 * Cards with an error are left out of the deck so that deck checks see only what could be read.
 */
/** `broken`: card types whose declaration is wrong (reported at the definition): their cards are left out, unreported. */
/** `root`: the project's folder, for an error a field kind of the game's own throws to point at its line. */
export const modelCards = (
  game: GameDef,
  files: readonly RawCardFile[],
  broken: ReadonlySet<string> = new Set(),
  root?: string,
): Result<Card[]> & { failedTypes: Set<string>; leftOut: Set<string> } => {
  const m: Modelling = {
    game,
    broken,
    root,
    diagnostics: [],
    failedTypes: new Set(),
    leftOut: new Set(),
    cards: [],
    ctx: { vocab: vocabularyWords(game) },
    sets: setNames(game),
    seen: new Map(),
    sharedBacks: sharedBackNames(game),
  }
  for (const file of files) {
    if (file.unreadable) markUnreadable(m, file)
    else {
      // A row left out for its syntax error is a card with errors: the checks of the types the file holds wait.
      if (file.rowsLeftOut) holdChecks(m, file, file.cards)
      for (const raw of file.cards) modelCard(m, file, raw)
    }
  }
  // References are checked once every card is known.
  checkReferences(m)
  // One mistake in one place (a file's `type:` that every card inherits) is one error, not one a card.
  const seenAt = new Set<string>()
  const once = m.diagnostics.filter(
    (d) => !seenAt.has(diagnosticKey(d, false)) && Boolean(seenAt.add(diagnosticKey(d, false))),
  )
  return { value: m.cards, diagnostics: once, failedTypes: m.failedTypes, leftOut: m.leftOut }
}

/** What reading a game's cards keeps as it goes. */
interface Modelling {
  game: GameDef
  broken: ReadonlySet<string>
  root: string | undefined
  diagnostics: Diagnostic[]
  /** Card types with a card left out for its errors: deck checks on them would count wrong. */
  failedTypes: Set<string>
  /** The ids of cards left out for their errors (reported already): a reference to one is not another error. */
  leftOut: Set<string>
  cards: Card[]
  ctx: FieldContext
  sets: string[]
  /** The cards read so far, by their ids' file names. */
  seen: Map<string, RawCard>
  /** The names of shared backs' files (`<deck>.back.png`), with their types' names: a card id may not take one. */
  sharedBacks: Map<string, string>
}

type CardType = GameDef['types'][string]

const sharedBackNames = (game: GameDef): Map<string, string> =>
  new Map(
    Object.keys(game.types)
      .filter((t) => game.types[t]!.back !== 'own')
      .map((t) => [idKey(deckOf(game, t)), game.types[t]!.name]),
  )

/** A file that could not be read is reported as its syntax error; the deck checks of the types it may hold wait for it. */
const markUnreadable = (m: Modelling, file: RawCardFile): void => {
  holdChecks(m, file, file.cards)
  for (const c of file.cards)
    if (typeof c.values.get('id')?.value === 'string') m.leftOut.add(String(c.values.get('id')!.value))
}

/** The deck checks of the types `cards` (of `file`) may be of wait: those their file or they name, else every type. */
const holdChecks = ({ game, failedTypes }: Modelling, file: RawCardFile, cards: readonly RawCard[]): void => {
  const named = [
    file.defaults.get('type')?.value,
    ...typeNames(file),
    ...cards.map((c) => c.values.get('type')?.value),
  ].filter((t): t is string => typeof t === 'string' && Boolean(game.types[t]))
  for (const t of named.length ? named : Object.keys(game.types)) failedTypes.add(t)
}

/** An empty value (a blank CSV cell, `set:` with nothing after it) is no value: the file's or the default applies. */
const present = (v: RawValue | undefined) => (v && v.value !== null && v.value !== '' ? v : undefined)

/** One raw card being read: its values (its file's defaults under them) and where its problems go. */
interface Reading {
  raw: RawCard
  get(key: string): RawValue | undefined
  /** Reports a problem of the card at its place; a card with any is left out. */
  report: Reporter
  valid: boolean
}

const readingOf = ({ diagnostics }: Modelling, file: RawCardFile, raw: RawCard): Reading => {
  const reading: Reading = {
    raw,
    get: (key) => present(raw.values.get(key)) ?? present(file.defaults.get(key)),
    report: ({ pos, severity = 'error', ...d }) => {
      reading.valid = false
      diagnostics.push({
        ...d,
        severity,
        file: raw.file,
        line: pos.line,
        column: pos.column,
        endLine: pos.endLine,
        endColumn: pos.endColumn,
      })
    },
    valid: true,
  }
  return reading
}

/** Reads one card: into the deck when it has no problem, else its problems reported and its type noted. */
const modelCard = (m: Modelling, file: RawCardFile, raw: RawCard): void => {
  const r = readingOf(m, file, raw)
  const id = claimId(m, r)
  // A card without an id, or whose type is not known (it could be of any), is left out: deck checks wait for it.
  if (!id) return holdChecks(m, file, [raw])
  m.leftOut.add(id) // until it turns out valid
  const typed = readType(m, r, file, id)
  if (!typed) holdChecks(m, file, [raw])
  if (!typed || m.broken.has(typed.name)) return
  const { name: typeName, type } = typed
  const set = readSet(m, r, id)
  const qty = readQty(r, id)
  const fieldPos: Record<string, SourcePos> = {}
  const art = readArt(r, type, id, fieldPos)
  const fields = readFields(m, r, type, id, fieldPos)
  checkKeys(r, type, id)
  if (r.valid) {
    m.cards.push({
      id,
      type: typeName,
      set,
      qty,
      ...(art !== undefined && { art }),
      fields,
      source: { file: raw.file, pos: raw.pos, fields: fieldPos },
    })
    m.leftOut.delete(id)
  } else m.failedTypes.add(typeName)
}

/** The card's id, claimed for it; none, reported, when it has none, one that cannot name a file, or one another card has. */
const claimId = ({ seen, sharedBacks }: Modelling, { raw, report }: Reading): string | undefined => {
  const idValue = raw.values.get('id')
  const id =
    typeof idValue?.value === 'string' || typeof idValue?.value === 'number' ? String(idValue.value) : undefined
  if (!id) {
    report({
      rule: 'card/missing-id',
      pos: idValue?.pos ?? raw.pos,
      message: 'this card has no `id`: every card needs one, unique within the game',
    })
    return undefined
  }
  const sharedBack = sharedBacks.get(idKey(id))
  const unsafe =
    idProblem(id) ??
    (sharedBack &&
      `it is the name of the shared back of ${sharedBack} (${idKey(id)}.back.png): give the card another id`)
  if (unsafe) {
    report({
      rule: 'card/unsafe-id',
      pos: idValue!.pos,
      field: 'id',
      message: `the id ${JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id)} cannot name a card: ${unsafe}`,
    })
    return undefined
  }
  const first = seen.get(idKey(id))
  if (first) {
    const other = String(first.values.get('id')!.value)
    const message =
      other === id
        ? `id "${id}" is used twice: first at ${first.file}:${first.pos.line}`
        : `id "${id}" differs from "${other}" (${first.file}:${first.pos.line}) only in case: on macOS and Windows both would be one file`
    report({ rule: 'card/duplicate-id', pos: idValue!.pos, card: id, field: 'id', message })
    return undefined
  }
  seen.set(idKey(id), raw)
  return id
}

/** The card's type; none, reported, when it names none the game has. */
const readType = (
  { game }: Modelling,
  { raw, get, report }: Reading,
  file: RawCardFile,
  id: string,
): { name: string; type: CardType } | undefined => {
  // A file or sheet named after a card type (money.csv, vote.yaml) holds that type unless it says otherwise.
  const named = typeNames(file).find((name) => Object.hasOwn(game.types, name))
  const typeValue = get('type') ?? (named ? { value: named, pos: raw.pos } : undefined)
  const typeName = typeof typeValue?.value === 'string' ? typeValue.value : undefined
  const type = typeName ? game.types[typeName] : undefined
  if (typeName && type) return { name: typeName, type }
  const known = Object.keys(game.types)
  if (!typeName) {
    report(missingType(known, file, raw, id))
    return undefined
  }
  report({
    rule: 'card/unknown-type',
    pos: typeValue!.pos,
    card: id,
    field: 'type',
    message: `unknown card type "${typeName}"${didYouMean(typeName, known)}: this game has ${known.join(', ')}`,
  })
  return undefined
}

/**
 * A card with no type. A CSV has no file-level keys, and a file named after a type's plural (ships.csv for
 * `ship`) or in other letter case (Ship.csv) is a near miss: both are said once for the file, with the file
 * name that would give the type.
 */
const missingType = (known: string[], cardFile: RawCardFile, raw: RawCard, id: string): Parameters<Reporter>[0] => {
  const split = cardFile.sheet !== undefined ? splitSheetFile(cardFile.file) : undefined
  const file = split?.workbook ?? cardFile.file
  const name = file.slice(file.lastIndexOf('/') + 1)
  const ext = name.slice(fileStem(file).length)
  const near = (stem: string) =>
    known.find((t) => [t, `${t}s`, `${t}es`].some((n) => n.toLowerCase() === stem.toLowerCase()))
  const sheetNear = split && near(split.sheet)
  const plural = sheetNear || near(fileStem(file))
  // A CSV or a sheet has no file-level keys: a type is a column.
  const csv = ext.toLowerCase() === '.csv' || Boolean(split)
  const choices = `(one of ${known.join(', ')})`
  const typeColumn = csv && raw.keys.has('type')
  if ((!csv && !plural) || typeColumn)
    return {
      rule: 'card/missing-type',
      pos: raw.pos,
      card: id,
      field: 'type',
      message: `card "${id}" has no type: ${typeColumn ? 'fill in its `type` cell' : 'add `type: …` to it or to its file'} ${choices}`,
    }
  const rename = split
    ? sheetNear || !plural
      ? `name the sheet after its type (${plural ?? `e.g. ${known[0]}`})`
      : `name the file after its type (${plural}${ext}) or the sheet (${plural})`
    : plural
      ? `name the file after its type (${plural}${ext})`
      : `name the file after its type (e.g. ${known[0]}${ext})`
  const add = csv ? 'add a `type` column' : `add \`type: ${plural}\` to the file`
  return {
    rule: 'card/missing-type',
    pos: { line: 1, column: 1 },
    field: 'type',
    message: `the cards of ${split ? `the sheet ${split.sheet} of ${name}` : name} have no type: ${rename} or ${add}${plural ? '' : ` ${choices}`}`,
  }
}

const readSet = ({ sets }: Modelling, { get, report }: Reading, id: string): string => {
  const setValue = get('set')
  const set = setValue === undefined ? 'base' : String(setValue.value)
  if (!sets.includes(set))
    report({
      rule: 'card/unknown-set',
      pos: setValue!.pos,
      card: id,
      field: 'set',
      message: `unknown set "${set}"${didYouMean(set, sets)}: this game has ${sets.join(', ')}`,
    })
  return set
}

const readQty = ({ get, report }: Reading, id: string): number => {
  const qtyValue = get('qty')
  const qty = qtyValue === undefined ? 1 : Number(qtyValue.value)
  if (!Number.isInteger(qty) || qty < 1)
    report({
      rule: 'card/wrong-type',
      pos: qtyValue!.pos,
      card: id,
      field: 'qty',
      message: `qty must be a whole number of at least 1, found ${JSON.stringify(qtyValue!.value)}`,
    })
  return qty
}

/** The image the card's `art` names (its place noted in `fieldPos`), unless its type has a field of that name. */
const readArt = (
  { get, report }: Reading,
  type: CardType,
  id: string,
  fieldPos: Record<string, SourcePos>,
): string | undefined => {
  const artValue = 'art' in type.fields ? undefined : get('art')
  if (artValue === undefined || artValue.value === null || artValue.value === '') return undefined
  const unsafe = typeof artValue.value === 'string' ? pathProblem(artValue.value) : undefined
  if (unsafe)
    report({
      rule: 'card/unsafe-path',
      pos: artValue.pos,
      card: id,
      field: 'art',
      message: `art ${JSON.stringify(artValue.value)} cannot be read: ${unsafe}; art names a file in templates/<game>/, e.g. art/${id}.png`,
    })
  else if (typeof artValue.value === 'string') {
    fieldPos.art = artValue.pos
    return artValue.value
  } else
    report({
      rule: 'card/wrong-type',
      pos: artValue.pos,
      card: id,
      field: 'art',
      message: `art must name an image file (e.g. art/${id}.png), found ${JSON.stringify(artValue.value)}`,
    })
  return undefined
}

/** The card's fields, each read by its kind (their places noted in `fieldPos`); those missing or that do not read, reported. */
const readFields = (
  { ctx, root, diagnostics }: Modelling,
  r: Reading,
  type: CardType,
  id: string,
  fieldPos: Record<string, SourcePos>,
): Record<string, unknown> => {
  const { raw, get, report } = r
  const fields: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(type.fields) as [string, Field][]) {
    const value = get(name)
    if (value === undefined || value.value === null || value.value === '') {
      // An empty value points at its key, where the designer will type it.
      if (!field.optional)
        report({
          rule: 'card/missing-field',
          pos: raw.values.get(name)?.pos ?? raw.pos,
          card: id,
          field: name,
          message: `${type.name} "${id}" has no \`${name}\`: expected ${field.expected}`,
        })
      continue
    }
    let parsed
    try {
      parsed = field.parse(value.value, ctx)
    } catch (error) {
      // A field kind of the game's own that throws: an error at its code's line, naming the card and its place.
      const code = root ? thrownAt(error, root) : undefined
      const place = `\`${name}\` of ${id} (${raw.file}:${value.pos.line})`
      diagnostics.push({
        rule: 'game/field-crashed',
        severity: 'error',
        ...(code ?? { file: raw.file, line: value.pos.line, column: value.pos.column }),
        card: id,
        field: name,
        message: `the ${field.kind} field kind failed to read ${place}: ${firstLine(error)}`,
      })
      r.valid = false
      continue
    }
    if (!parsed.ok) {
      report({ rule: parsed.rule, pos: value.pos, card: id, field: name, message: `\`${name}\`: ${parsed.message}` })
      continue
    }
    fields[name] = parsed.value
    fieldPos[name] = value.pos
  }
  return fields
}

/** Reports the card's keys that are neither its type's fields nor those every card may carry. */
const checkKeys = ({ raw, report }: Reading, type: CardType, id: string): void => {
  const allowed = [...RESERVED, ...Object.keys(type.fields)]
  for (const [key, pos] of raw.keys) {
    // A blank cell in another type's column of a mixed spreadsheet says nothing about this card.
    if (allowed.includes(key) || !present(raw.values.get(key))) continue
    report({
      rule: 'card/unknown-field',
      pos,
      card: id,
      field: key,
      message: `${type.name} has no field \`${key}\`${didYouMean(key, allowed)}; its fields are ${Object.keys(type.fields).join(', ')}`,
    })
  }
}

/** Reports each field that names a card the game does not have, or one of another type than the field's. */
const checkReferences = ({ game, cards, leftOut, diagnostics }: Modelling): void => {
  const byId = new Map(cards.map((c) => [c.id, c]))
  for (const card of cards) {
    for (const [name, field] of Object.entries(game.types[card.type]!.fields) as [string, Field][]) {
      const value = card.fields[name]
      if (!field.references || value === undefined) continue
      const { type, ids } = field.references
      for (const target of ids(value)) {
        const found = byId.get(target)
        if (!found && leftOut.has(target)) continue // the card it names has errors of its own, reported
        if (!found || found.type !== type) {
          const pos = card.source.fields[name]!
          diagnostics.push({
            rule: 'card/unknown-ref',
            severity: 'error',
            file: card.source.file,
            line: pos.line,
            column: pos.column,
            card: card.id,
            field: name,
            message: `\`${name}\` names "${target}", which is not a ${type} card of this game`,
          })
        }
      }
    }
  }
}
