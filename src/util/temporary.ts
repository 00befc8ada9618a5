/**
 * Whether the process that made a temporary file (named `….<pid>-<thread>-<n>.tmp|.link`, see tmpTag)
 * still runs: a file of an ended process (a build that was killed) is a leftover, one of a running
 * process may be in use. A name without a process is judged a leftover.
 */
export const madeByRunningProcess = (name: string): boolean => {
  const pid = Number(/\.(\d+)-\d+-\d+(?:\.tmp|\.link)?$/.exec(name)?.[1])
  if (!pid) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
