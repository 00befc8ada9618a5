// What tests only read, made once per run: the first test file (in whichever worker) that asks makes it,
// the others wait for it and read it. The run's folder comes from the global set-up (test/setup/global.ts).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run's shared set-ups, removed when the run ends. */
    sharedDir: string
  }
}

const made = new Map<string, Promise<unknown>>()

/**
 * The folder `<run>/<name>` that `make` fills, made once in the run, and the (JSON) value `make` gave.
 * The value is written when `make` is done: a reader waits for it, so it never sees half a folder. When
 * `make` fails, every test that asks fails with its error.
 */
export const once = <T>(name: string, make: (dir: string) => Promise<T> | T): Promise<{ dir: string; value: T }> => {
  let promise = made.get(name) as Promise<{ dir: string; value: T }> | undefined
  if (!promise) {
    promise = makeOrWait(name, make)
    made.set(name, promise)
  }
  return promise
}

const makeOrWait = async <T>(name: string, make: (dir: string) => Promise<T> | T) => {
  const dir = join(inject('sharedDir'), name)
  const [value, failed, lock] = [join(dir, '.value.json'), `${dir}.failed`, `${dir}.lock`]
  let mine = false
  try {
    mkdirSync(lock)
    mine = true
  } catch {
    // Another file makes it: wait below.
  }
  if (mine) {
    try {
      mkdirSync(dir, { recursive: true })
      const result = await make(dir)
      writeFileSync(`${value}.tmp`, JSON.stringify(result ?? null))
      renameSync(`${value}.tmp`, value)
    } catch (error) {
      writeFileSync(failed, String((error as Error)?.stack ?? error))
      throw error
    }
  } else {
    while (!existsSync(value)) {
      if (existsSync(failed)) throw new Error(`the shared set-up "${name}" failed:\n${readFileSync(failed, 'utf8')}`)
      await sleep(100)
    }
  }
  return { dir, value: JSON.parse(readFileSync(value, 'utf8')) as T }
}
