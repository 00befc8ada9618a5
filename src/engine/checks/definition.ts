import { LANGUAGE_TAG } from '../translations.ts'
import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { firstLine, thrownAt } from '../../diagnostics/thrown.ts'
import type { GameDef } from '../define.ts'
import type { DeclarationContext, Field } from '../fields.ts'

const describeValue = (value: unknown): string =>
  typeof value === 'function' ? 'a function (call it: text(), not text)' : (JSON.stringify(value) ?? String(value))

/** What a kind says is wrong with its declaration, or a card type it names that the game lacks; a kind's own check that throws says so. */
const declarationProblem = (kind: Field, ctx: DeclarationContext): string | undefined => {
  try {
    const own = kind.checkDeclaration?.(ctx)
    if (own) return own
    const refs = kind.references?.type
    return refs !== undefined && !ctx.types.includes(refs)
      ? `a ${kind.kind} field names the card type "${refs}", which this game does not have (it has ${ctx.types.join(', ')})`
      : undefined
  } catch (error) {
    return `the ${kind.kind} kind's checkDeclaration failed: ${firstLine(error)}`
  }
}

/**
 * The game's field declarations, checked where they are written: a field that is no field kind (a plain
 * string), a contradictory one (`int({ min: 6, max: 1 })`), an empty `oneOf([])`, an unknown vocabulary or
 * ref type is one `game/bad-field` error at its line in the definition. The types it breaks are returned,
 * so that their cards are not reported again, once per card.
 */
export const checkDefinition = (
  game: GameDef,
  definitionFile: string,
  root?: string,
): { diagnostics: Diagnostic[]; broken: Set<string> } => {
  const diagnostics: Diagnostic[] = []
  const broken = new Set<string>()
  const ctx = { vocabularies: Object.keys(game.vocabularies ?? {}), types: Object.keys(game.types) }
  const at = (declared: unknown) => ({
    file: definitionFile,
    line: 1,
    column: 1,
    ...(root && declared instanceof Error ? thrownAt(declared, root) : undefined),
  })
  for (const [typeId, type] of Object.entries(game.types)) {
    if (!type || typeof type !== 'object' || !type.fields || typeof type.fields !== 'object') {
      diagnostics.push({
        rule: 'game/bad-field',
        severity: 'error',
        ...at((type as { declared?: Error } | undefined)?.declared),
        message: `the card type "${typeId}" has no \`fields\`: declare them with cardType({ name, fields: { … } })`,
      })
      broken.add(typeId)
      continue
    }
    for (const [name, field] of Object.entries(type.fields as Record<string, unknown>)) {
      const kind = field as Partial<Field> | undefined
      const problem =
        !kind || typeof kind !== 'object' || typeof kind.parse !== 'function' || typeof kind.schema !== 'function'
          ? `\`${name}\` of ${type.name} is ${describeValue(field)}, not a field: declare it with a field kind, e.g. text(), int({ min: 1 }), oneOf(['A', 'B']), or one of the game's own made by defineField`
          : declarationProblem(kind as Field, ctx)
      if (!problem) continue
      const where =
        kind && typeof kind === 'object' && kind.declared ? kind.declared : (type as { declared?: Error }).declared
      diagnostics.push({
        rule: 'game/bad-field',
        severity: 'error',
        ...at(where),
        message: `${type.name} (${typeId}): ${problem}; its cards are not checked until it is fixed`,
      })
      broken.add(typeId)
    }
  }
  const languages = game.languages ?? []
  languages.forEach((lang, i) => {
    const problem =
      typeof lang !== 'string' || !LANGUAGE_TAG.test(lang)
        ? `"${String(lang)}" is not a language tag such as "en", "nl" or "pt-BR"`
        : languages.indexOf(lang) !== i
          ? `"${lang}" is listed twice`
          : undefined
    if (problem)
      diagnostics.push({
        rule: 'game/bad-language',
        severity: 'error',
        ...at(undefined),
        message: `languages: ${problem}; the first language is the default, the card files' own`,
      })
  })
  return { diagnostics, broken }
}
