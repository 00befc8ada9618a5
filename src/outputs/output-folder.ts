import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { failWriteForTest, writeFailureReason } from '../util/write-failure.ts'

/**
 * Whether the output folder can be written, found before any face is drawn: undefined when it can, else
 * one sentence that names it and says why not.
 */
export const outputFolderProblem = (dir: string, shown: string): string | undefined => {
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isFile()) return `the output folder ${shown} is a file`
    mkdirSync(join(dir, '.cache'), { recursive: true })
    const probe = join(dir, '.cache', `.probe-${process.pid}`)
    failWriteForTest(probe)
    writeFileSync(probe, 'deckwright')
    rmSync(probe, { force: true })
    return undefined
  } catch (error) {
    return `the output folder ${shown} cannot be written: ${writeFailureReason(error) ?? (error as Error).message}`
  }
}
