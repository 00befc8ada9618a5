/** A word with its `{name}`s filled in. */
export const say = (word: string, values: Readonly<Record<string, string | number>>): string =>
  word.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
