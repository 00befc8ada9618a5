import { didYouMean } from './suggest.ts'
// The markup of card text belongs to the renderer (a change to it draws faces anew); its length rule is shared.
import { inlineLength } from '../render/text/inline.ts'

/**
 * Field declarations: what a card type's data may hold. Each field knows its TypeScript value type
 * (so templates are typed against it), how to read a raw YAML/CSV value, and how to describe itself
 * in a JSON Schema.
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

export interface Field<T = unknown> {
  readonly kind: string
  readonly optional: boolean
  /** Human words for messages: 'an integer from 1 to 60'. */
  readonly expected: string
  parse(raw: unknown, ctx: FieldContext): Parsed<T>
  /** What is wrong with the declaration itself (`int({ min: 6, max: 1 })`), checked once at the definition; undefined when nothing is. */
  checkDeclaration?(ctx: DeclarationContext): string | undefined
  /** Where it was declared: an error made then, whose stack names the definition's line. */
  readonly declared?: Error
  /** A marker for the type system only; never set. */
  readonly __type?: T
}

export type FieldValue<F> = F extends Field<infer T> ? (F['optional'] extends true ? T | undefined : T) : never

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value })
const wrongType = (message: string): Parsed<never> => ({ ok: false, message, rule: 'card/wrong-type' })
const outOfRange = (message: string): Parsed<never> => ({ ok: false, message, rule: 'card/out-of-range' })

interface Common {
  optional?: boolean
}

type WithOptional<F extends Field<unknown>, O> = O extends { optional: true } ? F & { readonly optional: true } : F & { readonly optional: false }

/** An error made where a field is declared: its stack (source-mapped) names the definition's line. */
const here = (): Error => new Error('declared here')

const minMax = (name: string, min: number | undefined, max: number | undefined): string | undefined =>
  [min, max].some((n) => n !== undefined && !Number.isFinite(n))
    ? `${name}: min and max must be numbers`
    : min !== undefined && max !== undefined && min > max
      ? `${name}({ min: ${min}, max: ${max} }) allows nothing: min is above max`
      : undefined

const describe = (v: unknown) => (typeof v === 'string' ? `"${v}"` : Array.isArray(v) ? 'a list' : v === null ? 'nothing' : String(v))

export interface IntOptions extends Common {
  min?: number
  max?: number
}

export const int = <const O extends IntOptions>(options: O = {} as O): WithOptional<Field<number>, O> => {
  const { min, max } = options
  const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` of at least ${min}` : max !== undefined ? ` of at most ${max}` : ''
  return {
    kind: 'int',
    optional: options.optional === true,
    expected: `a whole number${range}`,
    min,
    max,
    declared: here(),
    checkDeclaration: () => minMax('int', min, max),
    parse(raw) {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw
      if (typeof n !== 'number' || !Number.isInteger(n)) return wrongType(`expected a whole number, found ${describe(raw)}`)
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) return outOfRange(`${n} is out of range: expected a whole number${range}`)
      return ok(n)
    },
  } as Field<number> as WithOptional<Field<number>, O>
}

export interface EnumOptions extends Common {}

export const oneOf = <const V extends readonly string[], const O extends EnumOptions = {}>(values: V, options: O = {} as O): WithOptional<Field<V[number]>, O> =>
  ({
    kind: 'enum',
    optional: options.optional === true,
    expected: `one of ${values.join(', ')}`,
    values,
    declared: here(),
    checkDeclaration: () =>
      !Array.isArray(values) || values.length === 0
        ? 'oneOf([]) allows no value: list the values a card may take, e.g. oneOf([\'YES\', \'NO\'])'
        : values.some((v, i) => values.indexOf(v) !== i)
          ? `oneOf lists ${values.filter((v, i) => values.indexOf(v) !== i).map((v) => `"${v}"`).join(', ')} twice`
          : undefined,
    parse(raw: unknown) {
      const s = typeof raw === 'number' ? String(raw) : raw
      if (typeof s !== 'string') return wrongType(`expected one of ${values.join(', ')}, found ${describe(raw)}`)
      if (!values.includes(s)) {
        return { ok: false, rule: 'card/unknown-value', message: `"${s}" is not one of ${values.join(', ')}${didYouMean(s, values)}` }
      }
      return ok(s as V[number])
    },
  }) as Field<V[number]> as WithOptional<Field<V[number]>, O>

export interface TextOptions extends Common {
  /** Longest text allowed, in characters; an inline icon (`[intel]`) counts as one. */
  max?: number
}

export const text = <const O extends TextOptions>(options: O = {} as O): WithOptional<Field<string>, O> =>
  ({
    kind: 'text',
    declared: here(),
    checkDeclaration: () => (options.max !== undefined && !(options.max >= 1) ? `text({ max: ${options.max} }) allows no text: max must be 1 or more` : undefined),
    optional: options.optional === true,
    expected: options.max ? `text of at most ${options.max} characters (an inline icon counts as one)` : 'text',
    max: options.max,
    parse(raw: unknown) {
      if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw)
      if (typeof raw !== 'string') return wrongType(`expected text, found ${describe(raw)}`)
      const length = inlineLength(raw)
      if (options.max !== undefined && length > options.max) return { ok: false, rule: 'card/text-too-long', message: `text is ${length} characters long (an inline icon counts as one), the limit is ${options.max}` }
      return ok(raw)
    },
  }) as Field<string> as WithOptional<Field<string>, O>

export interface IconsOptions extends Common {
  min?: number
  max?: number
}

/** A list of icon words from one of the game's vocabularies; in a CSV cell, words separated by spaces. */
export const icons = <const O extends IconsOptions>(vocabulary: string, options: O = {} as O): WithOptional<Field<string[]>, O> =>
  ({
    kind: 'icons',
    declared: here(),
    checkDeclaration: (ctx: DeclarationContext) =>
      !ctx.vocabularies.includes(vocabulary)
        ? `icons('${vocabulary}'): "${vocabulary}" is not one of this game's vocabularies${didYouMean(vocabulary, ctx.vocabularies)}${ctx.vocabularies.length ? ` (it has ${ctx.vocabularies.join(', ')})` : ' (it declares none)'}`
        : minMax('icons', options.min, options.max),
    optional: options.optional === true,
    expected: `a list of ${vocabulary}`,
    vocabulary,
    min: options.min,
    max: options.max,
    parse(raw: unknown, ctx: FieldContext) {
      const list = typeof raw === 'string' ? raw.split(/[\s,]+/).filter(Boolean) : raw
      if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) return wrongType(`expected a list of ${vocabulary}, found ${describe(raw)}`)
      const allowed = ctx.vocab[vocabulary] ?? []
      const unknown = list.filter((x: string) => !allowed.includes(x))
      if (unknown.length) {
        const hint = unknown.length === 1 ? didYouMean(unknown[0], allowed) : ''
        return { ok: false, rule: 'card/unknown-icon', message: `${unknown.map((u: string) => `"${u}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in this game's ${vocabulary}${hint}; it has ${allowed.join(', ')}` }
      }
      if (options.min !== undefined && list.length < options.min) return outOfRange(`${list.length} ${vocabulary} given, at least ${options.min} expected`)
      if (options.max !== undefined && list.length > options.max) return outOfRange(`${list.length} ${vocabulary} given, at most ${options.max} expected`)
      return ok(list as string[])
    },
  }) as Field<string[]> as WithOptional<Field<string[]>, O>

export const bool = <const O extends Common>(options: O = {} as O): WithOptional<Field<boolean>, O> =>
  ({
    kind: 'bool',
    declared: here(),
    optional: options.optional === true,
    expected: 'true or false',
    parse(raw: unknown) {
      if (typeof raw === 'boolean') return ok(raw)
      if (raw === 'true' || raw === 'false') return ok(raw === 'true')
      return wrongType(`expected true or false, found ${describe(raw)}`)
    },
  }) as Field<boolean> as WithOptional<Field<boolean>, O>

/** The id of another card of the game, of the given type; checked once every card is known. */
export const ref = <const O extends Common>(type: string, options: O = {} as O): WithOptional<Field<string>, O> =>
  ({
    kind: 'ref',
    declared: here(),
    checkDeclaration: (ctx: DeclarationContext) => (ctx.types.includes(type) ? undefined : `ref('${type}'): "${type}" is not one of this game's card types${didYouMean(type, ctx.types)} (it has ${ctx.types.join(', ')})`),
    optional: options.optional === true,
    expected: `the id of a ${type} card`,
    refType: type,
    parse(raw: unknown) {
      if (typeof raw !== 'string' || raw === '') return wrongType(`expected the id of a ${type} card, found ${describe(raw)}`)
      return ok(raw)
    },
  }) as Field<string> as WithOptional<Field<string>, O>

export type Fields = Record<string, Field<any>>
export type FieldValues<F extends Fields> = { [K in keyof F]: FieldValue<F[K]> }
