import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { firstLine, thrownAt } from '../diagnostics/thrown.ts'
import type { Field, FieldContext } from './fields.ts'
import type { ShortcodeDef } from './shortcodes.ts'
import { HTML_PARAMS, unknownParamMessage } from '../shortcodes/vocabulary.ts'
import type { ParamValue } from '../shortcodes/lexer.ts'

/** One use of a shortcode in a rules file, as the game thread is sent it: plain data. */
export interface ShortcodeCall {
  name: string
  params: Record<string, ParamValue>
  positional: ParamValue[]
  /** The markdown between its tags. */
  inner: string
  at: { file: string; line: number; column: number }
}

/** What the game made of a call: not its shortcode (`defined: false`), or its markdown (none when its parameters are wrong or it failed). */
export type ShortcodeOutput = { defined: false } | { defined: true; markdown?: string; diagnostics: Diagnostic[] }

/**
 * Runs a game's own shortcodes (on its thread: `render` is the game's code): checks each call's parameters
 * with their field kinds, as card fields are checked, and gives the markdown it stands for.
 */
export const runShortcodes = (
  defs: Record<string, ShortcodeDef>,
  calls: readonly ShortcodeCall[],
  ctx: FieldContext,
  root: string,
  onCall: (name: string) => void,
): ShortcodeOutput[] =>
  calls.map((call) => {
    const def = Object.hasOwn(defs, call.name) ? defs[call.name] : undefined
    if (!def || typeof def.render !== 'function') return { defined: false }
    const diagnostics: Diagnostic[] = []
    const problem = (rule: string, severity: Diagnostic['severity'], message: string) =>
      diagnostics.push({ rule, severity, ...call.at, message })
    const declared = Object.entries((def.params ?? {}) as Record<string, Field>)
    const names = declared.map(([name]) => name)
    const given: Record<string, ParamValue> = { ...call.params }
    call.positional.forEach((value, i) => {
      if (i < names.length) given[names[i]!] ??= value
      else
        problem(
          'rules/unknown-param',
          'warning',
          `${call.name} takes ${names.length} parameter${names.length === 1 ? '' : 's'} (${names.join(', ') || 'none'}): its parameter ${i + 1} is not read`,
        )
    })
    for (const param of Object.keys(call.params))
      if (!names.includes(param) && !HTML_PARAMS.includes(param))
        problem('rules/unknown-param', 'warning', unknownParamMessage(call.name, param, names))
    const values: Record<string, unknown> = {}
    let sound = true
    for (const [name, kind] of declared) {
      const raw = given[name]
      if (raw === undefined || raw === '') {
        if (!kind.optional) {
          problem('rules/bad-param', 'error', `${call.name} needs its parameter "${name}": expected ${kind.expected}`)
          sound = false
        }
        continue
      }
      const read = kind.parse(raw, ctx)
      if (read.ok) values[name] = read.value
      else {
        problem('rules/bad-param', 'error', `${call.name}'s parameter "${name}": ${read.message}`)
        sound = false
      }
    }
    if (!sound) return { defined: true, diagnostics }
    onCall(call.name)
    try {
      const markdown = def.render(values as never, call.inner)
      if (typeof markdown !== 'string')
        throw new Error(
          `render gave ${markdown === null ? 'null' : typeof markdown}, not the markdown text it stands for`,
        )
      return { defined: true, markdown, diagnostics }
    } catch (error) {
      const code = thrownAt(error, root)
      diagnostics.push({
        rule: 'game/shortcode-crashed',
        severity: 'error',
        ...(code ?? call.at),
        message: `the shortcode ${call.name} failed to render its use at ${call.at.file}:${call.at.line}: ${firstLine(error)}`,
      })
      return { defined: true, diagnostics }
    }
  })
