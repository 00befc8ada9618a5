/** Edit distance, for "did you mean" hints on misspelt names. */
const distance = (a: string, b: string): number => {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = up
    }
  }
  return prev[b.length]!
}

/** The closest candidate within a couple of edits, if any. */
export const suggest = (word: string, candidates: Iterable<string>): string | undefined => {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase())
    if (d < bestDistance) [best, bestDistance] = [c, d]
  }
  return best
}

export const didYouMean = (word: string, candidates: Iterable<string>): string => {
  const s = suggest(word, candidates)
  return s ? ` (did you mean "${s}"?)` : ''
}
