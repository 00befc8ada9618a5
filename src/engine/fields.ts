import { didYouMean } from '../util/suggest.ts'
// The markup of card text belongs to the renderer (a change to it draws faces anew); its length rule is shared.
import { inlineLength } from './inline-text.ts'

/**
 * Field declarations: what a card type's data may hold. A field kind is a value made by `defineField`:
 * how to read a raw YAML/CSV value (its TypeScript type follows), how to describe a value in a JSON
 * Schema, what is wrong with its declaration, and which cards it names. The built-in kinds below are made
 * the same way, so a game declares a kind of its own in `game.ts`.
 */

export interface FieldContext {
  /** The game's vocabularies: name → allowed words (resources, symbols…). */
  vocab: Record<string, readonly string[]>
}

/** A value read from a card file, or the reason it could not be read. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; rule: string }

/** What a field declaration is checked against: the rest of the game's definition. */
export interface DeclarationContext {
  vocabularies: readonly string[]
  types: readonly string[]
}

/** A JSON Schema (draft-07) of one value, for editors. */
export type JsonSchema = Record<string, unknown>

export interface Field<T = unknown> {
  readonly kind: string
  readonly optional: boolean
  /** Human words for messages: 'an integer from 1 to 60'. */
  readonly expected: string
  parse(raw: unknown, ctx: FieldContext): Parsed<T>
  /** A JSON Schema of one value (without its description, which `expected` gives). */
  schema(ctx: FieldContext): JsonSchema
  /** What is wrong with the declaration itself (`int({ min: 6, max: 1 })`), checked once at the definition; undefined when nothing is. */
  checkDeclaration?(ctx: DeclarationContext): string | undefined
  /** Cards a value names, all of the card type `type`: checked once every card is known (`card/unknown-ref`). */
  readonly references?: { type: string; ids(value: T): readonly string[] }
  /** Where it was declared: an error made then, whose stack names the definition's line. */
  readonly declared?: Error
  /** A marker for the type system only; never set. */
  readonly __type?: T
}

export type FieldValue<F> = F extends Field<infer T> ? (F['optional'] extends true ? T | undefined : T) : never

/** What reading a value gives in a field kind's `parse`: `rule` defaults to `card/wrong-type`. */
export type FieldParse<T> = (
  raw: unknown,
  ctx: FieldContext,
) => { ok: true; value: T } | { ok: false; message: string; rule?: string }

/** How a field kind reads, checks and describes its values: what `defineField` takes. */
export interface FieldKind<T> {
  /** Its name in messages and schemas: 'colour', 'int'. */
  kind: string
  /** What a value must be, in words that finish "expected …": 'a colour such as #1e88e5'. */
  expected: string
  parse: FieldParse<T>
  /** A JSON Schema of one value; default: none (any value). */
  schema?: JsonSchema | ((ctx: FieldContext) => JsonSchema)
  /** What is wrong with the declaration itself, reported once at its line in `game.ts`. */
  checkDeclaration?(ctx: DeclarationContext): string | undefined
  /** Cards a value names (see `Field.references`). */
  references?: { type: string; ids(value: T): readonly string[] }
}

export interface FieldOptions {
  /** A card may leave it out (its value is then undefined). */
  optional?: boolean
}

type WithOptional<F extends Field<unknown>, O> = O extends { optional: true }
  ? F & { readonly optional: true }
  : F & { readonly optional: false }

/**
 * A field kind of a game's own. Gives a function that declares a field of that kind, as `int()` does:
 *
 * ```ts
 * const colour = defineField<string>({
 *   kind: 'colour',
 *   expected: 'a colour such as #1e88e5',
 *   parse: (raw) => (typeof raw === 'string' && /^#[0-9a-f]{6}$/i.test(raw) ? { ok: true, value: raw } : { ok: false, message: `expected a colour such as #1e88e5, found ${JSON.stringify(raw)}` }),
 *   schema: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
 * })
 * // fields: { tint: colour(), accent: colour({ optional: true }) }
 * ```
 */
export const defineField =
  <T>(spec: FieldKind<T>) =>
  <const O extends FieldOptions = {}>(options: O = {} as O): WithOptional<Field<T>, O> =>
    fieldOf(spec, options)

/** A field of a kind, with its options (`optional`), remembering where it was declared. */
const fieldOf = <T, O extends FieldOptions>(spec: FieldKind<T>, options: O): WithOptional<Field<T>, O> => {
  const { parse, schema } = spec
  return {
    kind: spec.kind,
    expected: spec.expected,
    optional: options.optional === true,
    // An error made where the field is declared: its stack (source-mapped) names the definition's line.
    declared: new Error('declared here'),
    parse: (raw, ctx) => {
      const read = parse(raw, ctx)
      return read.ok ? read : { ok: false, message: read.message, rule: read.rule ?? 'card/wrong-type' }
    },
    schema: (ctx) => (typeof schema === 'function' ? schema(ctx) : (schema ?? {})),
    ...(spec.checkDeclaration && { checkDeclaration: spec.checkDeclaration }),
    ...(spec.references && { references: spec.references }),
  } as Field<T> as WithOptional<Field<T>, O>
}

const wrongType = (message: string) => ({ ok: false as const, message, rule: 'card/wrong-type' })
const outOfRange = (message: string) => ({ ok: false as const, message, rule: 'card/out-of-range' })

const minMax = (name: string, min: number | undefined, max: number | undefined): string | undefined =>
  [min, max].some((n) => n !== undefined && !Number.isFinite(n))
    ? `${name}: min and max must be numbers`
    : min !== undefined && max !== undefined && min > max
      ? `${name}({ min: ${min}, max: ${max} }) allows nothing: min is above max`
      : undefined

const describe = (v: unknown) =>
  typeof v === 'string' ? `"${v}"` : Array.isArray(v) ? 'a list' : v === null ? 'nothing' : String(v)

export interface IntOptions extends FieldOptions {
  min?: number
  max?: number
}

export const int = <const O extends IntOptions = {}>(options: O = {} as O): WithOptional<Field<number>, O> => {
  const { min, max } = options
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of at least ${min}`
        : max !== undefined
          ? ` of at most ${max}`
          : ''
  return fieldOf<number, O>(
    {
      kind: 'int',
      expected: `a whole number${range}`,
      checkDeclaration: () => minMax('int', min, max),
      parse(raw) {
        const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw
        if (typeof n !== 'number' || !Number.isInteger(n))
          return wrongType(`expected a whole number, found ${describe(raw)}`)
        if ((min !== undefined && n < min) || (max !== undefined && n > max))
          return outOfRange(`${n} is out of range: expected a whole number${range}`)
        return { ok: true, value: n }
      },
      schema: {
        type: 'integer',
        ...(min !== undefined && { minimum: min }),
        ...(max !== undefined && { maximum: max }),
      },
    },
    options,
  )
}

export interface EnumOptions extends FieldOptions {}

export const oneOf = <const V extends readonly string[], const O extends EnumOptions = {}>(
  values: V,
  options: O = {} as O,
): WithOptional<Field<V[number]>, O> =>
  fieldOf<V[number], O>(
    {
      kind: 'enum',
      expected: `one of ${values.join(', ')}`,
      checkDeclaration: () =>
        !Array.isArray(values) || values.length === 0
          ? "oneOf([]) allows no value: list the values a card may take, e.g. oneOf(['YES', 'NO'])"
          : values.some((v, i) => values.indexOf(v) !== i)
            ? `oneOf lists ${values
                .filter((v, i) => values.indexOf(v) !== i)
                .map((v) => `"${v}"`)
                .join(', ')} twice`
            : undefined,
      parse(raw) {
        const s = typeof raw === 'number' ? String(raw) : raw
        if (typeof s !== 'string') return wrongType(`expected one of ${values.join(', ')}, found ${describe(raw)}`)
        if (!values.includes(s))
          return {
            ok: false,
            rule: 'card/unknown-value',
            message: `"${s}" is not one of ${values.join(', ')}${didYouMean(s, values)}`,
          }
        return { ok: true, value: s as V[number] }
      },
      schema: { enum: values },
    },
    options,
  )

export interface TextOptions extends FieldOptions {
  /** Longest text allowed, in characters; an inline icon (`[intel]`) counts as one. */
  max?: number
}

export const text = <const O extends TextOptions = {}>(options: O = {} as O): WithOptional<Field<string>, O> =>
  fieldOf<string, O>(
    {
      kind: 'text',
      expected: options.max ? `text of at most ${options.max} characters (an inline icon counts as one)` : 'text',
      checkDeclaration: () =>
        options.max !== undefined && !(options.max >= 1)
          ? `text({ max: ${options.max} }) allows no text: max must be 1 or more`
          : undefined,
      parse(raw) {
        if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw)
        if (typeof raw !== 'string') return wrongType(`expected text, found ${describe(raw)}`)
        const length = inlineLength(raw)
        if (options.max !== undefined && length > options.max)
          return {
            ok: false,
            rule: 'card/text-too-long',
            message: `text is ${length} characters long (an inline icon counts as one), the limit is ${options.max}`,
          }
        return { ok: true, value: raw }
      },
      // No maxLength: an inline icon ([intel]) counts as one character, which JSON Schema cannot say; validate checks the limit.
      schema: { type: 'string' },
    },
    options,
  )

export interface IconsOptions extends FieldOptions {
  min?: number
  max?: number
}

/** A list of icon words from one of the game's vocabularies; in a CSV cell, words separated by spaces. */
export const icons = <const O extends IconsOptions = {}>(
  vocabulary: string,
  options: O = {} as O,
): WithOptional<Field<string[]>, O> =>
  fieldOf<string[], O>(
    {
      kind: 'icons',
      expected: `a list of ${vocabulary}`,
      checkDeclaration: (ctx) =>
        !ctx.vocabularies.includes(vocabulary)
          ? `icons('${vocabulary}'): "${vocabulary}" is not one of this game's vocabularies${didYouMean(vocabulary, ctx.vocabularies)}${ctx.vocabularies.length ? ` (it has ${ctx.vocabularies.join(', ')})` : ' (it declares none)'}`
          : minMax('icons', options.min, options.max),
      parse(raw, ctx) {
        const list = typeof raw === 'string' ? raw.split(/[\s,]+/).filter(Boolean) : raw
        if (!Array.isArray(list) || list.some((x) => typeof x !== 'string'))
          return wrongType(`expected a list of ${vocabulary}, found ${describe(raw)}`)
        const allowed = ctx.vocab[vocabulary] ?? []
        const unknown = list.filter((x: string) => !allowed.includes(x))
        if (unknown.length) {
          const hint = unknown.length === 1 ? didYouMean(unknown[0], allowed) : ''
          return {
            ok: false,
            rule: 'card/unknown-icon',
            message: `${unknown.map((u: string) => `"${u}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in this game's ${vocabulary}${hint}; it has ${allowed.join(', ')}`,
          }
        }
        if (options.min !== undefined && list.length < options.min)
          return outOfRange(`${list.length} ${vocabulary} given, at least ${options.min} expected`)
        if (options.max !== undefined && list.length > options.max)
          return outOfRange(`${list.length} ${vocabulary} given, at most ${options.max} expected`)
        return { ok: true, value: list as string[] }
      },
      schema: (ctx) => {
        const list = {
          type: 'array',
          items: { enum: ctx.vocab[vocabulary] ?? [] },
          ...(options.min !== undefined && { minItems: options.min }),
          ...(options.max !== undefined && { maxItems: options.max }),
        }
        // A CSV-style string of space-separated words is accepted too.
        return { anyOf: [list, { type: 'string' }] }
      },
    },
    options,
  )

export const bool = <const O extends FieldOptions = {}>(options: O = {} as O): WithOptional<Field<boolean>, O> =>
  fieldOf<boolean, O>(
    {
      kind: 'bool',
      expected: 'true or false',
      parse(raw) {
        if (typeof raw === 'boolean') return { ok: true, value: raw }
        if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' }
        return wrongType(`expected true or false, found ${describe(raw)}`)
      },
      schema: { type: 'boolean' },
    },
    options,
  )

/** The id of another card of the game, of the given type; checked once every card is known. */
export const ref = <const O extends FieldOptions = {}>(
  type: string,
  options: O = {} as O,
): WithOptional<Field<string>, O> =>
  fieldOf<string, O>(
    {
      kind: 'ref',
      expected: `the id of a ${type} card`,
      checkDeclaration: (ctx) =>
        ctx.types.includes(type)
          ? undefined
          : `ref('${type}'): "${type}" is not one of this game's card types${didYouMean(type, ctx.types)} (it has ${ctx.types.join(', ')})`,
      parse(raw) {
        if (typeof raw !== 'string' || raw === '')
          return wrongType(`expected the id of a ${type} card, found ${describe(raw)}`)
        return { ok: true, value: raw }
      },
      schema: { type: 'string' },
      references: { type, ids: (id) => [id] },
    },
    options,
  )

export type Fields = Record<string, Field<any>>
export type FieldValues<F extends Fields> = { [K in keyof F]: FieldValue<F[K]> }
