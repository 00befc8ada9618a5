// Vitest's global set-up: the tests that run the real command run dist/, so it is built from the sources
// first, unless it is newer than every source file (`npm install` and `npm ci` build it, through `prepare`,
// and a build is not done twice).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (t, e) => Math.max(t, e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs),
    0,
  )

export default function buildDist(): void {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const built = join(root, 'dist', 'cli.js')
  if (
    existsSync(built) &&
    statSync(built).mtimeMs > Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs)
  )
    return
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: root, stdio: 'inherit' },
  )
  execFileSync(process.execPath, [join(root, 'tools', 'vendor-bundles.mjs')], { cwd: root, stdio: 'inherit' })
}
