// Vitest's global set-up: the tests that run the real command run dist/, so it is built from the sources
// first, unless it is newer than every source file (`npm install` and `npm ci` build it, through `prepare`,
// and a build is not done twice).
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compiledIsCurrent } from '../src/util/packages.ts'

export default function buildDist(): void {
  const root = fileURLToPath(new URL('..', import.meta.url))
  if (compiledIsCurrent()) return
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: root, stdio: 'inherit' },
  )
  execFileSync(process.execPath, [join(root, 'tools', 'vendor-bundles.mjs')], { cwd: root, stdio: 'inherit' })
}
