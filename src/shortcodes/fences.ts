/** Offsets covered by fenced code blocks (``` or ~~~), where a shortcode is text inside the code, not a block. */
export const fencedRanges = (source: string): Array<[number, number]> => {
  const ranges: Array<[number, number]> = []
  const line = /^( {0,3})(`{3,}|~{3,})[^\n]*$/gm
  let open: { start: number; char: string; length: number } | undefined
  for (const m of source.matchAll(line)) {
    const fence = m[2]!
    if (!open) {
      if (fence[0] === '`' && m[0].slice(m[1]!.length + fence.length).includes('`')) continue
      open = { start: m.index, char: fence[0]!, length: fence.length }
    } else if (
      fence[0] === open.char &&
      fence.length >= open.length &&
      !m[0].slice(m[1]!.length + fence.length).trim()
    ) {
      ranges.push([open.start, m.index + m[0].length])
      open = undefined
    }
  }
  if (open) ranges.push([open.start, source.length])
  return ranges
}
