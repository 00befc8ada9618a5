/**
 * A deep copy of plain data (objects, with or without a prototype, arrays, numbers, strings, booleans, null):
 * what a game's state is made of. A copy of anything else (a Map, a class instance) is the same object, shared:
 * lookups that never change; a game that changes one during play gives its own `view`.
 */
export const copyPlain = <T>(value: T): T => {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const out = new Array(value.length)
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i])
    return out as T
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  const out: Record<string, unknown> = proto === null ? Object.create(null) : {}
  for (const key in value) out[key] = copyPlain((value as Record<string, unknown>)[key])
  return out as T
}
