// Game threads for the tests that call the library: started once per test file, on first use, kept warm for
// the file's next test (as a build keeps them for its next game), and closed when the file's tests are done.
import { afterAll } from 'vitest'
import { GameThreads } from '../../src/threads/threads.ts'

/** Call at a file's top level: the file's threads, for the `threads` option of validateGame, renderGame, buildGame… */
export const fileThreads = (timeoutS?: number): GameThreads => {
  const threads = new GameThreads(timeoutS)
  afterAll(() => threads.close())
  return threads
}
