// Headless Chromium (Debian's, which .ci/run installs) for the tests that drive a page through playwright-core:
// launched once per test file, on first use, and closed when the file's tests are done.
import { chromium, type Browser } from 'playwright-core'
import { afterAll } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers.ts'

/** Call at a file's top level; the function it gives launches the file's browser once and gives it. */
export const fileBrowser = (): (() => Promise<Browser>) => {
  let launched: Promise<Browser> | undefined
  afterAll(async () => {
    await (await launched?.catch(() => undefined))?.close()
  })
  return () => (launched ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }))
}
