// Vitest's global set-up: the tests that run the real command run dist/, so it is built from the sources first.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function buildDist(): void {
  const root = fileURLToPath(new URL('..', import.meta.url))
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
}
