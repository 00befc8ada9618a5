/** The middle of the figures (the upper of the two middle ones when they are even), the figures left as they were. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
