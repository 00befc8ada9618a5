/** The middle of the figures (the upper of the two middle ones when they are even), the figures left as they were. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

/** Bytes as whole megabytes, for a figure's line. */
export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`
