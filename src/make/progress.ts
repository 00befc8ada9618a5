/**
 * Build progress on stderr: a line that redraws itself on a terminal, and a few plain lines (every
 * quarter) where output is a log, as in CI.
 */
export const progressReporter = (game: string, stream: NodeJS.WriteStream = process.stderr) => {
  const tty = stream.isTTY === true && !process.env.CI
  let lastQuarter = 0
  const report = (done: number, total: number) => {
    if (tty) {
      const width = 24
      const filled = Math.round((done / total) * width)
      stream.write(`\r${game}: [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} faces`)
      if (done === total) stream.write('\r\x1b[K')
      return
    }
    const quarter = Math.floor((done / total) * 4)
    if (quarter > lastQuarter) {
      lastQuarter = quarter
      // Ready, not drawn: the count includes the faces taken from the cache, as the summary after it tells apart.
      stream.write(`${game}: ${done}/${total} faces ready\n`)
    }
  }
  return report
}
