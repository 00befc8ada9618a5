/**
 * Adds the items of each list to the end of `list`, and returns it. `list.push(...items)` passes each item
 * as an argument, and fails past ~120,000 of them ("Maximum call stack size exceeded"): a catalogue's
 * faces, files and diagnostics run past that.
 */
export const append = <T>(list: T[], ...lists: Iterable<T>[]): T[] => {
  for (const items of lists) for (const item of items) list.push(item)
  return list
}
